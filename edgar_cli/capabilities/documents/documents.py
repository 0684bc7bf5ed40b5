"""search_documents and read_document: passages of the locally indexed filings, and the lines around them."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field

from ...config import install_hint
from ...documents import items as I
from ...errors import EdgarError
from ...index import embeddings as E
from ...index import query as Q
from ...index import ranking as R
from ...index import retrieval as RT
from ...index.store import ChunkRecord, FilingRecord, Filters, IndexStore
from ...sec.client import SecClient
from ...vocabulary import param, tool
from ..filings.filings import parse_day, parse_form
from ..local_index.local_index import company_ciks, open_store, outdated_note, provenance
from . import MAX_EXCERPT_CHARS, MAX_LIMIT, MIN_EXCERPT_CHARS
from .model import DocumentHit, DocumentLine, DocumentLines, DocumentSearchResult

DEFAULT_EXCERPT = 600
MAX_READ_LINES = 1000
_CHUNK_ID_RE = re.compile(r"^(\d{10}-\d{2}-\d{6}):([a-z0-9_]+):(\d{4})$")
_DOC_ID_RE = re.compile(r"^(\d{10}-\d{2}-\d{6}):([a-z0-9_]+)$")
_LINES_RE = re.compile(r"^\s*(\d{1,9})\s*(?:[-:]\s*(\d{1,9})?)?\s*$")  # 9 digits: past any document


def _empty_index(st: IndexStore) -> EdgarError:
    return EdgarError(
        "not_found",
        f"The local index at {st.location} holds no filings.",
        f"Add filings first with {tool('index_add')} (e.g. NVDA AAPL), then search; to read one filing's "
        f"section without an index, use {tool('get_filing_section')}.",
    )


def _section_keys(section: str | None) -> list[str]:
    if not section or not section.strip():
        return []
    keys = [spec.key for fam in ("10-K", "10-Q", "20-F") if (spec := I.resolve_key(fam, section)) is not None]
    if not keys:
        raise EdgarError(
            "invalid_argument", f"Unknown section {section!r}.", f"Sections of a 10-K: {I.keys_help('10-K')}."
        )
    return list(dict.fromkeys(keys))


def _filters(
    records: list[FilingRecord],
    company: str | None,
    exclude: list[str] | None,
    forms: list[str] | str | None,
    section: str | None,
    filed_from: str | None,
    filed_to: str | None,
    client: SecClient | None,
    fiscal_year: int | None = None,
) -> tuple[Filters, dict]:
    shown: dict = {}
    ciks: list[str] = []
    if company and company.strip():
        cik, name = company_ciks(company, records, client)
        if not any(r.cik == cik for r in records):
            raise EdgarError(
                "not_found",
                f"{name} (CIK {cik}) has no filings in the local index.",
                f"Add them first with {tool('index_add')} ({company.strip()}), or read a section of "
                f"its filings directly with {tool('get_filing_section')}.",
                cik=cik,
            )
        ciks = [cik]
        shown["company"] = name
    excluded: list[str] = []
    for e in exclude or []:
        if e.strip():
            excluded.append(company_ciks(e, records, client)[0])
    if excluded:
        shown["exclude"] = [e for e in exclude or [] if e.strip()]
    form_list: list[str] = []
    for f in forms.split(",") if isinstance(forms, str) else forms or []:  # a list, or "10-K,10-Q" as elsewhere
        if f.strip():
            _fam, fs = parse_form(f)
            form_list.extend(fs)
    if form_list:
        shown["forms"] = sorted(set(form_list))
    keys = _section_keys(section)
    if keys:
        shown["section"] = ",".join(keys)
    lo, hi = parse_day(filed_from, "filed_from"), parse_day(filed_to, "filed_to")
    if lo and hi and lo > hi:
        raise EdgarError(
            "invalid_argument",
            f"{param('filed_from')} {lo} is after {param('filed_to')} {hi}.",
            f"Swap them: {param('filed_from')} is the earlier date.",
        )
    if lo:
        shown["filed_from"] = lo.isoformat()
    if hi:
        shown["filed_to"] = hi.isoformat()
    accessions: list[str] = []
    if fiscal_year is not None:
        if not isinstance(fiscal_year, int) or isinstance(fiscal_year, bool) or not 1993 <= fiscal_year <= 2100:
            raise EdgarError(
                "invalid_argument",
                f"fiscal_year must be a year such as 2025, not {fiscal_year!r}.",
                f"Pass {param('fiscal_year')} 2025, or omit it.",
            )
        mine = [r for r in records if not ciks or r.cik in ciks]
        accessions = [r.accession for r in mine if r.fiscal_year == fiscal_year]
        if not accessions:
            years = sorted({r.fiscal_year for r in mine if r.fiscal_year is not None})
            raise EdgarError(
                "not_found",
                f"No indexed filing{' of ' + shown['company'] if ciks else ''} is of fiscal year {fiscal_year} "
                "(the company's own label, DocumentFiscalYearFocus on the cover)"
                + (f"; the index holds fiscal years {', '.join(map(str, years))}." if years else "."),
                f"Add that year's filings with {tool('index_add')}, or pass one of the fiscal years indexed.",
            )
        shown["fiscal_year"] = fiscal_year
    return Filters(
        ciks=ciks,
        exclude_ciks=excluded,
        forms=form_list,
        sections=keys,
        filed_from=lo.isoformat() if lo else None,
        filed_to=hi.isoformat() if hi else None,
        accessions=accessions,
    ), shown


def _passes(r: FilingRecord, f: Filters) -> bool:
    return (
        (not f.ciks or r.cik in f.ciks)
        and r.cik not in f.exclude_ciks
        and (not f.forms or r.form in f.forms)
        and (not f.filed_from or (r.filing_date or "") >= f.filed_from)
        and (not f.filed_to or (r.filing_date or "9999") <= f.filed_to)
        and (not f.accessions or r.accession in f.accessions)
    )


def search_documents(
    query: Annotated[
        str,
        Field(
            description="Words or a question, e.g. 'export controls China'; with match=phrase, "
            "the exact words in order, e.g. 'going concern'"
        ),
    ],
    company: Annotated[str | None, Field(description="Only this company: ticker, CIK or name, e.g. NVDA")] = None,
    exclude: Annotated[list[str] | None, Field(description="Leave out these companies, e.g. ['AAPL', 'MSFT']")] = None,
    forms: Annotated[
        list[str] | str | None, Field(description='Form families, e.g. ["10-K"] or "10-K,10-Q" (amendments included)')
    ] = None,
    section: Annotated[
        str | None, Field(description="Only this section: risk_factors, mda, business, 'Item 1A', 'MD&A', ...")
    ] = None,
    filed_from: Annotated[str | None, Field(description="Earliest filing date, YYYY-MM-DD")] = None,
    filed_to: Annotated[str | None, Field(description="Latest filing date, YYYY-MM-DD")] = None,
    match: Annotated[
        Literal["ranked", "phrase"],
        Field(
            description="ranked (BM25, fused with semantic ranks when "
            "vectors exist; word forms match: control, controls) or phrase (exactly these words "
            "consecutively, in order; other forms of them do not match)"
        ),
    ] = "ranked",
    ranker: Annotated[
        Literal["auto", "hybrid", "bm25", "semantic"],
        Field(description="auto: hybrid when vectors exist, else bm25; match=phrase takes auto or bm25"),
    ] = "auto",
    limit: Annotated[int, Field(description="Most passages to return (1-50)")] = 5,
    per_company: Annotated[int | None, Field(description="Most passages from any one company")] = None,
    max_excerpt_chars: Annotated[int, Field(description="Longest excerpt, in characters (80-5000)")] = DEFAULT_EXCERPT,
    fiscal_year: Annotated[
        int | None,
        Field(
            description="Only filings of this fiscal year by the company's own label (its period of report falls "
            "in it), e.g. 2025"
        ),
    ] = None,
    *,
    client: SecClient | None = None,
    store: IndexStore | None = None,
) -> DocumentSearchResult:
    """Passages of locally indexed 10-K/10-Q/20-F filings that answer a query, ranked, with excerpts and provenance.

    Searches the local index built by ``index_add``, never the SEC.
    ``ranked``: the question is read first (edgar_cli.index.query): the
    indexed company it names (ticker, name or alias such as "J&J") ranks
    higher when no ``company`` is given, and the words naming it (or the
    filtered company) are not searched for; stopwords are dropped; finance
    terms also search their 10-K wording at lower weight ("buyback" finds
    "repurchase"). Keyword ranking is BM25 over word stems with each filing's
    own statistics, so a company-filtered answer does not depend on what else
    is indexed; a term in a chunk's section label or sub-heading counts extra.
    The keyword score is multiplied by a soft prior for the sections the
    question points at (what Regulation S-K puts in each item). With semantic
    vectors (the ``semantic`` extra) BM25 and cosine scores are then fused
    after normalising each (a ranker's clear winner keeps its lead). Only the
    narrative items and Part III carry vectors; hybrid search embeds the ten
    best keyword candidates without one (notes, tables) for the question, one
    window around its words (about 0.1 s a query on 2 cores). Without vectors the
    search is keyword-only and a note says so. Results are kept
    diverse across (filing, section). With the bm25 ranker and a query of two
    or three keywords (no question words: "export controls"), every passage
    holding all of them comes before any holding only some.
    ``broadened`` says fewer than ``limit`` passages hold every word;
    ``matching`` counts those that do. A passage whose matching paragraphs
    repeat an earlier result's word for word (Business and MD&A often share
    one) is left out and named in that result's ``same_text_in``. The notes name the company found, the words
    dropped and the vocabulary added. ``phrase``: only passages holding the
    words consecutively and in order, ignoring case and punctuation, as
    written (exact: "export control" does not match "export controls"); the
    excerpt always contains the phrase. Query text is never search syntax:
    quotes, ``*``, ``-``, ``NEAR``, ``OR``, parentheses and colons are words or
    spaces.

    Each result: excerpt (with ``marks``, the spans of the matched words),
    doc_id (``ACCESSION:section``), chunk_id, line_start/line_end in the
    section text, company, CIK, ticker, form, filing date, fiscal year, period,
    section and its label, accession number, document URL, score and
    ``rankers`` (the rank in each ranker that found it), ``factors`` (what
    the score is made of: docs/commands.md, "How edgar find ranks"),
    ``holds_every_word`` and ``same_text_in``. ``shortfall`` says
    why fewer than ``limit`` came back. Read around an excerpt with
    ``read_document``.

    Errors: invalid_argument (no words in the query, limit outside 1-50,
    unknown section or form, a date not YYYY-MM-DD, ranker semantic/hybrid
    without vectors or with match=phrase, which ranks by BM25 only), not_found (an empty index; a company with no filings in
    it), ambiguous (company name).
    Source: the local index (SQLite and stored vectors); nothing is fetched
    except, for an unindexed company name, the SEC ticker map. Keyword-only
    searches load no embedding model.
    """
    if not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise EdgarError("invalid_argument", f"limit must be between 1 and {MAX_LIMIT}, not {limit}.", "Use 5 or 10.")
    if per_company is not None and (not isinstance(per_company, int) or per_company < 1):
        raise EdgarError(
            "invalid_argument",
            f"per_company must be 1 or more, not {per_company}.",
            f"Use {param('per_company')} 2, or omit it.",
        )
    if not isinstance(max_excerpt_chars, int) or not MIN_EXCERPT_CHARS <= max_excerpt_chars <= MAX_EXCERPT_CHARS:
        raise EdgarError(
            "invalid_argument",
            f"max_excerpt_chars must be between {MIN_EXCERPT_CHARS} and {MAX_EXCERPT_CHARS}, not {max_excerpt_chars}.",
            f"Use the default {DEFAULT_EXCERPT}.",
        )
    if match not in ("ranked", "phrase"):
        raise EdgarError("invalid_argument", f"match must be ranked or phrase, not {match!r}.", "Use ranked or phrase.")
    if ranker not in ("auto", "hybrid", "bm25", "semantic"):
        raise EdgarError("invalid_argument", f"Unknown ranker {ranker!r}.", "Use auto, hybrid, bm25 or semantic.")
    if match == "phrase" and ranker in ("hybrid", "semantic"):
        raise EdgarError(
            "invalid_argument",
            f"{param('match')}=phrase ranks the passages that hold the phrase by BM25; "
            f"{param('ranker')}={ranker} does not apply to it.",
            f"Drop {param('ranker')} (or pass bm25) to find the exact phrase, or use "
            f"{param('match')}=ranked for {ranker} ranking of the question's words.",
        )
    query = (query or "").strip()
    phrase = R.words(query) if match == "phrase" else []
    if not (phrase or R.keywords(query)):
        raise EdgarError(
            "invalid_argument",
            "The query has no words to search for.",
            "Pass words, e.g. 'export controls China' or a phrase such as 'going concern'.",
        )
    if len(query) > 2000:
        raise EdgarError(
            "invalid_argument", "The query is longer than 2,000 characters.", "Shorten it to the key words."
        )
    st = open_store(store)
    records = st.filings()
    if not records:
        raise _empty_index(st)
    filters, shown = _filters(records, company, exclude, forms, section, filed_from, filed_to, client, fiscal_year)
    by_acc = {r.accession: r for r in records}
    searched = [r for r in records if _passes(r, filters)]
    notes: list[str] = []
    warnings: list[str] = []
    stale = outdated_note(searched)
    if stale:
        notes.append(stale)

    qp = None
    if match == "ranked":
        companies = list(
            {
                r.cik: (r.cik, r.company, r.ticker)
                for r in records
                if _passes(
                    r,
                    Filters(
                        exclude_ciks=filters.exclude_ciks,
                        forms=filters.forms,
                        filed_from=filters.filed_from,
                        filed_to=filters.filed_to,
                    ),
                )
            }.values()
        )
        qp = Q.plan(query, companies, list(filters.ciks))
        if qp.dropped and filters.ciks:
            notes.append(
                "Words that name the filtered company were not searched for ("
                + ", ".join(qp.dropped)
                + f"): inside one company's filings they match nearly everything. Omit {param('company')} "
                "to search them too."
            )
        elif qp.companies:
            notes.append(
                "The question names "
                + ", ".join(f"{d.name} ({d.matched!r})" for d in qp.companies)
                + ": its filings rank higher and its name's words were not searched for. Pass "
                f"{param('company')} to search only its filings."
            )
        if qp.expansions:
            notes.append(
                "Also searched, at lower weight, for the 10-K wording of the question's terms: "
                + ", ".join(qp.expansions[:12])
                + "."
            )
    terms = qp.words if qp is not None else phrase

    vec_models = st.vector_models() if match == "ranked" and ranker != "bm25" else {}
    embedder = E.get_embedder() if vec_models else None
    can_semantic = embedder is not None and vec_models.get(embedder.model_id, 0) > 0
    other_model = embedder is not None and bool(vec_models) and not can_semantic
    if other_model:  # an index embedded by another model (before an upgrade, or EDGAR_EMBEDDING_MODEL changed)
        why = (
            f"the index's vectors were made by {', '.join(sorted(vec_models))}, not by {embedder.model_id}, "  # type: ignore[union-attr]
            "the model in use, and vectors of two models are not comparable"
        )
        fix = (
            f"re-index with {tool('index_add')} and {param('refresh')} to embed the filings with the model in "
            "use, or set EDGAR_INTEGER_MODEL=0 (or EDGAR_EMBEDDING_MODEL) back to the model that made them"
        )
    if ranker in ("hybrid", "semantic") and not can_semantic:
        if embedder is None and not vec_models:
            why = "no indexed chunk carries vectors" if E.get_embedder() is not None else E.unavailable_reason()
        elif embedder is None:
            why = E.unavailable_reason()
        raise EdgarError(
            "invalid_argument",
            f"ranker={ranker} needs semantic vectors, but {why}.",
            f"Use ranker bm25 (or auto); or {fix}."
            if other_model
            else f"Use ranker bm25 (or auto); for vectors install the extra ({install_hint('semantic')}) and "
            f"re-index with {tool('index_add')} and {param('refresh')}.",
        )
    used: Literal["hybrid", "bm25", "semantic"]
    if match == "phrase":
        used = "bm25"
    elif ranker == "auto":
        used = "hybrid" if can_semantic else "bm25"
        if not can_semantic:
            notes.append(
                "Keyword-only search (BM25): "
                + (
                    f"{why}; {fix}"
                    if other_model
                    else "the indexed chunks carry no vectors"
                    if not vec_models
                    else E.unavailable_reason()
                )
                + "."
            )
    else:
        used = ranker
    if can_semantic and used != "bm25":
        without = [r.accession for r in searched if r.embedding_model != embedder.model_id]  # type: ignore[union-attr]
        if without:
            notes.append(
                f"{len(without)} of the filings searched have no vectors: their passages are found by keywords"
                + (
                    " (the best keyword matches among them are embedded for this question)."
                    if used == "hybrid"
                    else "; semantic search alone does not reach them."
                )
            )

    broadened = False
    matching: int | None = None  # passages that hold every word (or the phrase, or the one word)
    fused: list[RT.Ranked]
    if match == "phrase":
        fused = [
            RT.Ranked(h.chunk_id, h.score, {"bm25": r})
            for r, h in enumerate(st.phrase(phrase, filters, 5 * RT.POOL), start=1)
        ]
        matching = len(fused)
    else:
        assert qp is not None  # match == "ranked": planned above
        reranker = E.get_reranker() if used != "bm25" else None
        got = RT.retrieve(
            st,
            qp,
            filters,
            used,
            embedder if used != "bm25" else None,
            {r.accession: r.cik for r in records},
            filings=by_acc,
            reranker=reranker,
        )
        if reranker is not None:
            notes.append(f"The top {E.RERANK_TOP} were re-ranked by {reranker.model_id} (EDGAR_RERANK_MODEL).")
        fused = got.results
        if used != "semantic" and qp.own:
            matching = got.every_word
        if (
            used != "semantic"
            and len(qp.own) > 1
            and got.every_word < limit
            and got.keyword_candidates > got.every_word
        ):
            broadened = True
            n = got.every_word
            held = "No passage holds" if n == 0 else "Only 1 passage holds" if n == 1 else f"Only {n} passages hold"
            notes.append(
                f"{held} every word ({', '.join(qp.words)}); "
                + (
                    "passages holding some of them follow."
                    if got.tiered
                    else "passages holding some of them are ranked by score (a question's words are not all needed)."
                    if n == 0
                    else "passages holding some of them are ranked among them by score (a question's "
                    "words are not all needed)."
                )
            )

    hits: list[DocumentHit] = []
    per: dict[str, int] = {}
    said: dict[str, DocumentHit] = {}  # a matching paragraph -> the result that shows it first
    capped = 0
    rarest: list[str] | None = None  # the query's terms, rarest first among the passages found
    for s in range(0, len(fused), 100):
        block = fused[s : s + 100]
        chunks = st.chunks([x.chunk_id for x in block])
        if rarest is None:
            rarest = _rarest_first(terms, [c.text for c in chunks.values()])
        labels = st.doc_labels([c.doc_id for c in chunks.values()])
        for x in block:
            c = chunks.get(x.chunk_id)
            if c is None:
                continue
            spans = R.find_phrase(R.flatten(c.text), phrase) if match == "phrase" else None
            if match == "phrase" and not spans:
                continue  # FTS5 stems and ignores order of nothing: the check is ours
            paras = _matching_paragraphs(c.text, terms, phrase)
            first = said.get(paras[0]) if paras and all(p in said for p in paras) else None
            if first is not None:  # the same paragraphs, word for word, as a result already shown
                first.same_text_in.append(c.chunk_id)
                continue
            if per_company is not None and per.get(c.cik, 0) >= per_company:
                capped += 1
                continue
            per[c.cik] = per.get(c.cik, 0) + 1
            hit = _hit(
                len(hits) + 1,
                c,
                by_acc[c.accession],
                labels.get(c.doc_id),
                terms,
                phrase,
                max_excerpt_chars,
                x,
                rarest,
            )
            hits.append(hit)
            for p in paras:
                said.setdefault(p, hit)
            if len(hits) >= limit:
                break
        if len(hits) >= limit:
            break

    shortfall = None
    if len(hits) < limit:
        why = "passages contain the phrase" if match == "phrase" else "passages match"
        shortfall = (
            f"Only {len(hits)} {why} in the {len(searched)} indexed filing(s) searched ({limit} asked for)"
            + (f"; {capped} more were left out by per_company={per_company}" if capped else "")
            + "."
        )
        if match == "phrase":
            shortfall += (
                f" Phrase matching is exact: {' '.join(phrase)!r} as written (ignoring case and punctuation), "
                f"not other forms of its words (plurals, tenses); search each form, or use {param('match')} "
                "ranked, which matches word forms."
            )
    repeats = sum(len(h.same_text_in) for h in hits)
    if repeats:
        notes.append(
            (
                "1 passage whose matching paragraphs repeat"
                if repeats == 1
                else f"{repeats} passages whose matching paragraphs repeat"
            )
            + " a result's word for word (a paragraph repeated in another section, or the overlap of "
            f"neighbouring chunks) {'was' if repeats == 1 else 'were'} left out: see each "
            "result's same_text_in."
        )
    if matching is not None and len(hits) >= limit and matching > limit:
        what = (
            "containing the phrase"
            if match == "phrase"
            else f"holding every word ({', '.join(terms)})"
            if len(terms) > 1
            else f"holding {terms[0]!r}"
        )
        notes.append(
            f"{limit} of {matching}{'+' if match != 'phrase' and matching >= RT.POOL else ''} passages {what} "
            f"are shown; {param('limit')} {min(matching, MAX_LIMIT)} shows more."
        )
    if per_company is not None:
        shown["per_company"] = per_company
    return DocumentSearchResult(
        query=query,
        match=match,
        ranker=used,
        semantic=used in ("hybrid", "semantic"),
        broadened=broadened,
        words=terms,
        filters=shown,
        limit=limit,
        results=hits,
        shortfall=shortfall,
        filings_searched=len(searched),
        matching=matching,
        index_path=st.location,
        notes=notes,
        warnings=warnings,
    )


def _hit(
    rank: int,
    c: ChunkRecord,
    f: FilingRecord,
    label: tuple[str, str] | None,
    terms: list[str],
    phrase: list[str],
    max_chars: int,
    x: RT.Ranked,
    rarest: list[str] | None = None,
) -> DocumentHit:
    ex = R.excerpt(c.text, terms, max(max_chars, len(" ".join(phrase)) + 2), phrase=phrase or None, rarest_first=rarest)
    return DocumentHit(
        rank=rank,
        excerpt=ex.text,
        marks=ex.marks,
        doc_id=c.doc_id,
        chunk_id=c.chunk_id,
        line_start=c.line_start,
        line_end=c.line_end,
        **provenance(f),
        section=c.section,
        section_label=label[1] if label else None,
        score=round(x.score, 6),
        rankers=x.ranks,
        holds_every_word=x.every_word if len(terms) > 1 and not phrase else None,
        factors=x.factors,
    )


def _rarest_first(terms: list[str], texts: list[str]) -> list[str]:
    """``terms`` ordered by how few of ``texts`` hold them (the query's order between as many), so an
    excerpt shows the word that sets a passage apart before one most passages hold."""
    held = {t: 0 for t in terms}
    for text in texts:
        found = {t for _s, _e, t in R.find_terms(R.flatten(text), terms)}
        for t in found:
            held[t] += 1
    return sorted(terms, key=lambda t: (held[t], terms.index(t)))


MIN_REPEAT_CHARS = 120  # a shorter matching paragraph (a heading, a table row) is not taken for a repeat


def _matching_paragraphs(text: str, terms: list[str], phrase: list[str]) -> list[str]:
    """The chunk's paragraphs (whitespace flattened) that hold a searched word or the phrase, when each is at
    least MIN_REPEAT_CHARS long; else [] (the chunk is never taken for a repeat)."""
    out = []
    for p in re.split(r"\n\s*\n", text):
        flat = R.flatten(p)
        if R.find_phrase(flat, phrase) if phrase else R.find_terms(flat, terms):
            if len(flat) < MIN_REPEAT_CHARS:
                return []
            out.append(flat)
    return out


# --- read_document -----------------------------------------------------------------------------------------


def _parse_lines(lines: str | None, total: int) -> tuple[int, int]:
    if lines is None or not str(lines).strip():
        return 1, min(total, 200)
    m = _LINES_RE.fullmatch(str(lines))
    if not m:
        raise EdgarError(
            "invalid_argument",
            f"lines {str(lines)[:40]!r} is not a range like 120-180.",
            "Pass lines as START-END (1-based, inclusive), e.g. 120-180, or START- for 200 lines on.",
        )
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo + 199 if "-" in lines or ":" in lines else lo
    if lo < 1 or hi < lo:
        raise EdgarError(
            "invalid_argument", f"lines {lines!r} is not a range of lines (1-based, start <= end).", "e.g. 120-180"
        )
    if lo > total:
        raise EdgarError(
            "invalid_argument",
            f"The document has {total} lines; line {lo} is past its end.",
            f"Ask for lines 1-{total}.",
            lines_total=total,
        )
    if hi - lo + 1 > MAX_READ_LINES:
        raise EdgarError(
            "invalid_argument",
            f"At most {MAX_READ_LINES} lines at a time, not {hi - lo + 1}.",
            f"Read {lo}-{lo + MAX_READ_LINES - 1}, then go on from there.",
        )
    return lo, min(hi, total)


def read_document(
    doc_id: Annotated[
        str | None,
        Field(
            description="Document id from a search result: ACCESSION:section, e.g. 0001045810-25-000023:risk_factors"
        ),
    ] = None,
    lines: Annotated[
        str | None,
        Field(
            description="Line range, 1-based and inclusive, e.g. '120-180' (at most 1000 lines); default the first 200"
        ),
    ] = None,
    around: Annotated[
        str | None,
        Field(
            description="A chunk id from a search result: returns that chunk's lines "
            "with the chunks before and after it"
        ),
    ] = None,
    *,
    store: IndexStore | None = None,
) -> DocumentLines:
    """Numbered lines of an indexed filing section, for reading around a search excerpt.

    Give ``doc_id`` with ``lines`` (e.g. the line_start-line_end of a result,
    widened), or ``around`` with a chunk id for that chunk and its neighbours.
    Lines are the section text's lines: paragraphs are separated by blank
    lines, table rows are lines and cells are separated by " | ". The text is
    the one indexed, so the line numbers of search results hold.

    Returns: the section's provenance (company, CIK, form, filing date, fiscal
    year, period, accession number, document URL, section label), line_start,
    line_end, lines_total, lines (each {line, text}), next_lines (the next
    range to read, or null), chunk_ids overlapping the lines.
    Errors: invalid_argument (neither or both of doc_id/around, a malformed
    id or range, more than 1000 lines), not_found (an id not in the index).
    Source: the local index only.
    """
    st = open_store(store)
    if (doc_id is None or not doc_id.strip()) == (around is None or not around.strip()):
        raise EdgarError(
            "invalid_argument",
            "Pass a doc_id (with lines) or a chunk id as around, not both or neither.",
            "e.g. read_document('0001045810-25-000023:risk_factors', lines='120-180') or "
            "read_document(around='0001045810-25-000023:risk_factors:0012')",
        )
    if around:
        cid = around.strip()
        if not _CHUNK_ID_RE.fullmatch(cid):
            raise EdgarError(
                "invalid_argument",
                f"{cid[:80]!r} is not a chunk id.",
                "A chunk id looks like 0001045810-25-000023:risk_factors:0012 (from a search result).",
            )
        near = st.neighbours(cid, 1, 1) if st.exists() else []
        if not near:
            raise EdgarError(
                "not_found",
                f"Chunk {cid} is not in the local index at {st.location}.",
                "Search again: re-indexing a filing with other versions renumbers its chunks.",
            )
        did, (lo, hi) = near[0].doc_id, (near[0].line_start, near[-1].line_end)
    else:
        did = doc_id.strip()  # type: ignore[union-attr]
        if _CHUNK_ID_RE.fullmatch(did):
            raise EdgarError(
                "invalid_argument",
                f"{did} is a chunk id, not a document id.",
                f"Pass it as around, or pass the document id {did.rsplit(':', 1)[0]}.",
            )
        if not _DOC_ID_RE.fullmatch(did):
            raise EdgarError(
                "invalid_argument",
                f"{did[:80]!r} is not a document id.",
                "A document id looks like 0001045810-25-000023:risk_factors (from a search result).",
            )
        lo = hi = 0
    doc = st.document(did)
    if doc is None:
        raise EdgarError(
            "not_found",
            f"Document {did} is not in the local index at {st.location}.",
            f"Check the id against a search result, or add the filing with {tool('index_add')}.",
        )
    text_lines = doc.text.split("\n")
    total = len(text_lines)
    if not around:
        lo, hi = _parse_lines(lines, total)
    f = next((r for r in st.filings() if r.accession == doc.accession), None)
    if f is None:  # pragma: no cover - documents are written with their filing
        raise EdgarError("not_found", f"Filing {doc.accession} is not in the local index.", "Re-index it.")
    spans = [cid for cid, a, b in st.chunk_spans(did) if a <= hi and b >= lo]
    return DocumentLines(
        doc_id=did,
        **provenance(f),  # f is doc's filing: its accession is doc.accession
        section=doc.section,
        section_label=doc.label,
        line_start=lo,
        line_end=hi,
        lines_total=total,
        lines=[DocumentLine(line=n, text=text_lines[n - 1]) for n in range(lo, hi + 1)],
        next_lines=f"{hi + 1}-{min(total, hi + 200)}" if hi < total else None,
        around=around.strip() if around else None,
        chunk_ids=spans,
    )

"""search_full_text: EDGAR full-text search (EFTS), one row per filing, with honest coverage.

What EFTS is (FIELD-NOTES T21, and the corpus' one recorded response):

- Its index starts in 2001. Older filings are not in it, so a range that starts
  earlier is refused rather than quietly cut to 2001.
- A hit is a *document* (``_id`` is ``accession:file``): a filing's exhibits are
  separate hits. We merge hits by ``adsh`` (the accession number) into one row.
- ``hits.total`` counts documents, and stops counting at 10,000
  (``relation: "gte"``): then it is a floor, never a count.
- At most 100 hits per page, paged with ``from``; deep paging stops near 10,000.
- Words are stemmed and unquoted words are matched separately (the recorded
  query for ``climate change`` is two ``match_phrase`` clauses, one per word).
- ``forms`` filters on ``root_forms``: ``8-K`` also returns ``8-K/A`` filings
  (LSB Industries' 8-K/A 0001193125-14-194296 is in the recorded 8-K search).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any
from urllib.parse import urlencode

from pydantic import Field

from ...errors import EdgarError
from ...models.companies import CompanyRef
from ...sec import urls
from ...sec.client import SecClient, get_client
from ...vocabulary import param, tool
from ..arguments import check_between, parse_day
from ..resolve.resolve import resolve_company
from . import MAX_LIMIT, MAX_PAGE, MAX_QUERY_CHARS, PAGE_SIZE
from .model import FullTextSearchResult, SearchFiling, SearchMatchedFile

INDEX_START = date(2001, 1, 1)
SOURCE = "https://efts.sec.gov/LATEST/search-index"

# Root forms accepted by --forms. EFTS filters on a filing's root form, so an
# amendment (10-K/A) is found by its root (10-K); "/A" forms are not accepted.
ACCEPTED_FORMS: tuple[str, ...] = (
    "10-K",
    "10-KT",
    "10-Q",
    "10-QT",
    "8-K",
    "20-F",
    "40-F",
    "6-K",
    "11-K",
    "10-D",
    "1-K",
    "1-SA",
    "1-U",
    "S-1",
    "S-3",
    "S-4",
    "S-8",
    "S-11",
    "F-1",
    "F-3",
    "F-4",
    "F-10",
    "1-A",
    "10-12B",
    "10-12G",
    "8-A12B",
    "424B1",
    "424B2",
    "424B3",
    "424B4",
    "424B5",
    "424B7",
    "FWP",
    "DEF 14A",
    "DEFA14A",
    "DEFM14A",
    "PRE 14A",
    "PREM14A",
    "DEF 14C",
    "PRE 14C",
    "SC 13D",
    "SC 13G",
    "SCHEDULE 13D",
    "SCHEDULE 13G",
    "SC TO-T",
    "SC TO-I",
    "SC 14D9",
    "SC 13E3",
    "3",
    "4",
    "5",
    "144",
    "13F-HR",
    "N-CSR",
    "N-CSRS",
    "N-PORT",
    "N-1A",
    "485BPOS",
    "497",
    "497K",
    "ARS",
    "CORRESP",
    "UPLOAD",
    "D",
    "C",
    "15-12G",
    "15-15D",
    "25-NSE",
    "NT 10-K",
    "NT 10-Q",
    "SD",
)

COVERAGE_NOTE = (
    "EDGAR full-text search covers filings from 2001 on; earlier filings are not in its index and "
    "are never found by it."
)
HIT_MEANING = (
    "A hit means the words appear in a document of the filing (the main document or an exhibit), not "
    "that the company asserted them: a filing can quote an accounting standard, a law or another "
    'company. EFTS stems words ("change" also matches "changes", "changed") and matches unquoted '
    "words separately, anywhere in the document; put a phrase in double quotes to search for it as a "
    "phrase (its words are still stemmed, so read the document before quoting it)."
)

_DISPLAY_RE = re.compile(
    r"^(?P<name>.*?)\s+(?:\((?P<tickers>[A-Za-z0-9.\-]+(?:,\s*[A-Za-z0-9.\-]+)*)\)\s+)?"
    r"\(CIK (?P<cik>\d{1,10})\)\s*$"
)


# --- validation -------------------------------------------------------------


def normalize_query(query: str) -> str:
    """Whitespace collapsed; empty, oversized, control characters or an unclosed quote are invalid."""
    text = " ".join((query or "").split())
    if not text or text in ('"', '""'):
        raise EdgarError(
            "invalid_argument",
            "The search query is empty.",
            'Pass words to look for, e.g. climate change, or a phrase in double quotes: "going concern".',
        )
    if len(text) > MAX_QUERY_CHARS:
        raise EdgarError(
            "invalid_argument",
            f"The search query is {len(text)} characters long; the most is {MAX_QUERY_CHARS}.",
            "Search for a shorter, distinctive phrase.",
        )
    if any(ord(ch) < 32 for ch in text):
        raise EdgarError(
            "invalid_argument",
            "The search query contains control characters.",
            "Pass plain words or a phrase in double quotes.",
        )
    if text.count('"') % 2:
        raise EdgarError(
            "invalid_argument",
            f"The search query {text!r} has an unclosed double quote.",
            'Close the phrase: "substantial doubt", or drop the quote to match the words separately.',
        )
    return text


def normalize_forms(forms: list[str] | str | None) -> list[str]:
    """Upper-cased, de-duplicated root forms in the order given; items may hold commas (``10-K,10-Q``)."""
    if forms is None:
        return []
    items = [forms] if isinstance(forms, str) else list(forms)
    out: list[str] = []
    for item in items:
        for raw in str(item).split(","):
            form = " ".join(raw.split()).upper()
            if not form:
                continue
            if form.endswith("/A") and form[:-2] in ACCEPTED_FORMS:
                raise EdgarError(
                    "invalid_argument",
                    f"EFTS filters on a filing's root form, so {form} cannot be asked for on its own.",
                    f"Use {param('forms')} {form[:-2]}: it returns {form} amendments too, and each row's form says which "
                    "it is.",
                    accepted_forms=list(ACCEPTED_FORMS),
                )
            if form not in ACCEPTED_FORMS:
                raise EdgarError(
                    "invalid_argument",
                    f"Unknown form {raw.strip()!r}.",
                    "Use one or more of: " + ", ".join(ACCEPTED_FORMS) + " (comma-separated).",
                    accepted_forms=list(ACCEPTED_FORMS),
                )
            if form not in out:
                out.append(form)
    return out


def date_window(filed_from: date | None, filed_to: date | None, today: date) -> tuple[date, date] | None:
    """The custom date range to send, or None to search the whole index.

    EFTS ignores a lone start date, so an open end becomes today; an open start
    becomes 2001-01-01, where the index begins. A range starting before 2001 is
    ``out_of_scope`` (searching it would silently skip 1993-2000).
    """
    if filed_from is None and filed_to is None:
        return None
    start = filed_from or INDEX_START
    end = filed_to or today
    if filed_from is not None and filed_to is not None and filed_from > filed_to:
        raise EdgarError(
            "invalid_argument",
            f"{param('filed_from')} {filed_from} is after {param('filed_to')} {filed_to}.",
            "Swap the dates, or omit one of them.",
        )
    if start < INDEX_START or end < INDEX_START:
        asked = f"the range {filed_from} to {end}" if filed_from is not None else f"a range ending {end}"
        raise EdgarError(
            "out_of_scope",
            f"EDGAR full-text search covers filings from 2001 on; {asked} reaches before 2001-01-01, and "
            "searching it would silently miss the earlier years.",
            f"Start the range on 2001-01-01 or later. For older filings, list a company's filings with "
            f"{tool('list_filings')} and read them with {tool('get_filing_section')}.",
            index_start=INDEX_START.isoformat(),
        )
    if start > today:
        raise EdgarError(
            "out_of_scope",
            f"{param('filed_from')} {start} is in the future (today is {today}); nothing is filed yet.",
            f"Use a start date on or before {today}.",
        )
    return start, end


def validate_paging(limit: int, page: int) -> None:
    check_between(
        "limit",
        limit,
        1,
        MAX_LIMIT,
        f"EFTS returns at most {PAGE_SIZE} documents per page; use {param('limit')} 10, for example.",
    )
    check_between(
        "page",
        page,
        1,
        MAX_PAGE,
        f"EFTS does not page past about 10,000 documents; narrow the search with {param('forms')}, "
        f"{param('filed_from')}/{param('filed_to')} or {param('company')} instead.",
    )


def build_params(
    query: str, forms: list[str], window: tuple[date, date] | None, cik: str | None, page: int
) -> dict[str, str]:
    """EFTS query parameters, in alphabetical order of name.

    One search always makes one URL (and one cache key): names sorted, values
    encoded by urlencode (spaces as ``+``), forms joined by commas in the order
    given, ``from`` always sent. Without dates no ``dateRange`` is sent at all,
    and EFTS searches its whole index (the corpus' 8-K search without dates
    returns 8-Ks filed 2004-2026); we do not send 2001-01-01..today in that
    case because it asks the same thing while making the URL change every day.
    The only recorded EFTS response is reachable this way:
    ``forms=8-K&from=0&q=climate+change``.
    """
    params: dict[str, str] = {"q": query, "from": str((page - 1) * PAGE_SIZE)}
    if forms:
        params["forms"] = ",".join(forms)
    if window is not None:
        params["dateRange"] = "custom"
        params["startdt"] = window[0].isoformat()
        params["enddt"] = window[1].isoformat()
    if cik:
        params["ciks"] = cik
    return dict(sorted(params.items()))


# --- parsing ---------------------------------------------------------------


def parse_display_name(text: str) -> CompanyRef | None:
    """``"DTE ENERGY CO  (DTB, DTE)  (CIK 0000936340)"`` -> name, tickers, 10-digit CIK."""
    m = _DISPLAY_RE.match(text or "")
    if not m:
        return None
    tickers = [t.strip() for t in (m.group("tickers") or "").split(",") if t.strip()]
    return CompanyRef(cik=urls.pad_cik(m.group("cik")), name=m.group("name").strip(), tickers=tickers)


def _entities(src: dict[str, Any]) -> list[CompanyRef]:
    ciks = [urls.pad_cik(c) for c in src.get("ciks") or [] if str(c).isdigit()]
    by_cik: dict[str, CompanyRef] = {}
    for name in src.get("display_names") or []:
        ref = parse_display_name(str(name))
        if ref is not None:
            by_cik.setdefault(ref.cik, ref)
    out = [by_cik.get(c) or CompanyRef(cik=c, name=f"CIK {c}") for c in ciks]
    out += [r for c, r in by_cik.items() if c not in ciks]
    return out


def _document_url(cik: str, accession: str, filename: str) -> str | None:
    try:
        return urls.archive_document(cik, accession, filename)
    except EdgarError:
        return None


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def merge_hits(hits: list[dict[str, Any]], scope_cik: str | None = None) -> tuple[list[SearchFiling], int]:
    """One row per accession (``adsh``), in order of each filing's best hit; returns (rows, skipped hits).

    The row's form is the filing's (``form``), never the matching file's type
    (``file_type``: EX-99.1, EX-21.1, ...). The first hit of a filing gives its
    file and description; its other matching files go to ``other_files``. Hits
    of one filing carry the same filing metadata, so the first one speaks for it.
    """
    rows: dict[str, SearchFiling] = {}
    skipped = 0
    for hit in hits:
        src = hit.get("_source") or {}
        hit_id = str(hit.get("_id") or "")
        accession = str(src.get("adsh") or hit_id.split(":", 1)[0])
        filename = hit_id.split(":", 1)[1] if ":" in hit_id else ""
        if not urls.ACCESSION_RE.fullmatch(accession):
            skipped += 1
            continue
        entities = _entities(src)
        if not entities:
            skipped += 1
            continue
        # The lead filer: the searched company; else the co-registrant whose CIK
        # opens the accession number (the submitter, e.g. FirstEnergy in
        # 0001031296-05-000325 for its 7 subsidiaries); else the first listed.
        submitter = accession[:10]
        lead = (
            next((e for e in entities if e.cik == scope_cik), None)
            or next((e for e in entities if e.cik == submitter), None)
            or entities[0]
        )
        matched = SearchMatchedFile(
            file=filename,
            file_type=src.get("file_type") or None,
            description=src.get("file_description") or None,
            document_url=_document_url(lead.cik, accession, filename) if filename else None,
            score=hit.get("_score"),
        )
        row = rows.get(accession)
        if row is not None:
            row.other_files.append(matched)
            continue
        filed = _day(src.get("file_date"))
        if filed is None:
            skipped += 1
            continue
        rows[accession] = SearchFiling(
            company=lead,
            co_registrants=[e for e in entities if e.cik != lead.cik],
            form=str(src.get("form") or "") or "?",
            filed=filed,
            period_of_report=_day(src.get("period_ending")),
            accession_number=accession,
            items=[str(i) for i in src.get("items") or []],
            file=matched.file,
            file_type=matched.file_type,
            description=matched.description,
            document_url=matched.document_url,
            index_url=urls.filing_index(lead.cik, accession),
            score=matched.score,
        )
    return list(rows.values()), skipped


# --- the capability ----------------------------------------------------------


def search_full_text(
    query: Annotated[
        str,
        Field(
            description="Words to find in filing text, e.g. climate change; a phrase in "
            'double quotes ("substantial doubt") must appear as written'
        ),
    ],
    forms: Annotated[
        list[str] | str | None,
        Field(
            description='Root forms to search, e.g. ["10-K", "10-Q"] or '
            '"10-K,8-K"; amendments (10-K/A) come with their root '
            "form. Default: every form"
        ),
    ] = None,
    filed_from: Annotated[
        str | None,
        Field(
            description="Earliest filing date, YYYY-MM-DD, from 2001-01-01 on. Default: the start of the index (2001)"
        ),
    ] = None,
    filed_to: Annotated[
        str | None, Field(description="Latest filing date, YYYY-MM-DD. Default: today (when filed_from is given)")
    ] = None,
    company: Annotated[
        str | None, Field(description="Only filings of this company: ticker, CIK or name, e.g. NVDA")
    ] = None,
    limit: Annotated[int, Field(description="Most filings to return from the page (1-100)")] = 10,
    page: Annotated[int, Field(description="Page of 100 matching documents, 1-100")] = 1,
    *,
    client: SecClient | None = None,
) -> FullTextSearchResult:
    """Search the text of EDGAR filings since 2001 for words or a phrase, one row per matching filing.

    Args: ``query`` (words; a "quoted phrase" must appear as written; words are
    stemmed and unquoted words matched separately), ``forms`` (root forms such
    as 10-K, 10-Q, 8-K, DEF 14A; an 8-K search returns 8-K/A filings too),
    ``filed_from``/``filed_to`` (YYYY-MM-DD filing dates; a lone start runs to
    today, a lone end starts at 2001-01-01), ``company`` (ticker, CIK or name),
    ``limit`` (filings to return, 1-100) and ``page`` (1-100; 100 documents a page).

    A hit is a document (a main document or an exhibit), not a filing: the hits
    of one page are merged by accession number, so a filing whose press
    release and investor presentation both match is one row (the best-scoring
    file first, the others in ``other_files``). A filing can still appear on
    two pages. A hit means the words are in the document, not that the
    company asserted them.

    Returns: query, forms, filed_from, filed_to, company (the scope), coverage
    (always: what the index holds and what was searched), hit_meaning,
    total_hits (matching documents, not filings) with total_is_lower_bound
    (EFTS stops counting at 10,000), page, offset, hits_on_page,
    filings_on_page, truncated (more filings on this page than limit),
    next_page, request_url, notes, warnings, and filings: company (cik, name,
    tickers), co_registrants, form (the filing's, e.g. 8-K/A, never the
    exhibit type), filed, period_of_report, accession_number, items (8-K
    items), file, file_type, description, document_url, index_url, score,
    other_files. Zero hits are a result, with notes explaining why.

    Errors: invalid_argument (empty query or an unclosed quote, a malformed
    date, --from after --to, an unknown form with ``accepted_forms``, limit or
    page out of range), out_of_scope (a range reaching before 2001-01-01 or
    starting in the future), not_found/ambiguous (the company).
    Source: efts.sec.gov/LATEST/search-index (q, forms, dateRange=custom with
    startdt and enddt, ciks, from).
    """
    client = client or get_client()
    text = normalize_query(query)
    wanted = normalize_forms(forms)
    start = parse_day(filed_from, "filed_from")
    end = parse_day(filed_to, "filed_to")
    validate_paging(limit, page)
    today = client.settings.clock().date()
    window = date_window(start, end, today)
    scope: CompanyRef | None = None
    if company is not None and str(company).strip():
        resolved = resolve_company(company, client=client)
        scope = resolved.ref()
    params = build_params(text, wanted, window, scope.cik if scope else None, page)
    data = client.get_json(urls.efts_search(), kind="efts", params=params)
    return _answer(data, text, wanted, window, scope, limit, page, params)


def _answer(
    data: Any,
    query: str,
    forms: list[str],
    window: tuple[date, date] | None,
    scope: CompanyRef | None,
    limit: int,
    page: int,
    params: dict[str, str],
) -> FullTextSearchResult:
    request_url = f"{urls.efts_search()}?{urlencode(params)}"  # what SecClient.get_json requests
    try:
        block = data["hits"]
        hits = list(block.get("hits") or [])
        total = block.get("total") or {}
        total_value = int(total.get("value", len(hits))) if isinstance(total, dict) else int(total)
        relation = str(total.get("relation", "eq")) if isinstance(total, dict) else "eq"
    except (KeyError, TypeError, ValueError, AttributeError):
        raise EdgarError(
            "upstream_unavailable",
            "EDGAR full-text search answered without a list of hits.",
            "Try again in a few minutes.",
            url=request_url,
        ) from None
    filings, skipped = merge_hits(hits, scope.cik if scope else None)
    offset = (page - 1) * PAGE_SIZE
    lower_bound = relation == "gte"
    more_pages = (lower_bound or offset + len(hits) < total_value) and len(hits) >= PAGE_SIZE and page < MAX_PAGE
    shown = filings[:limit]
    notes: list[str] = []
    warnings: list[str] = []
    if window is None:
        searched = "the whole index (no date filter was sent), i.e. filings from 2001 to today"
    else:
        searched = f"filings dated {window[0]} to {window[1]}"
    coverage = f"{COVERAGE_NOTE} Searched: {searched}"
    coverage += f", forms {', '.join(forms)} (with their amendments)" if forms else ", every form"
    coverage += f", filings of {scope.name} (CIK {scope.cik})." if scope else "."
    words = query.split()
    if len(words) > 1 and '"' not in query and not any(w.upper() in ("OR", "AND", "NOT") for w in words):
        notes.append(
            f"The words were searched separately (each of {', '.join(repr(w) for w in words[:4])} anywhere in a "
            f"document), not as a phrase: put a phrase in double quotes ('\"{query}\"') to search for it as one."
        )
    if lower_bound:
        notes.append(
            f"At least {total_value:,} documents match: EFTS stops counting at 10,000 and cannot page "
            f"past it, so narrow the search ({param('forms')}, {param('filed_from')}/{param('filed_to')}, "
            f"{param('company')}) to see everything."
        )
    if hits and len(filings) < len(hits) - skipped:
        notes.append(
            f"The {len(hits)} matching documents on this page belong to {len(filings)} filings; "
            "exhibits of the same filing were merged (see other_files)."
        )
    if len(filings) > limit:
        notes.append(
            f"This page holds {len(filings)} filings; {limit} are shown. Raise limit (up to {MAX_LIMIT}) "
            "to see the rest of this page before going to the next one, which starts "
            f"{PAGE_SIZE} documents further."
        )
    if more_pages:
        notes.append(f"More matches follow on page {page + 1}.")
    if forms:
        notes.append(
            "A form filter also returns the form's amendments (an 8-K search returns 8-K/A filings); "
            "each row's form is the filing's own."
        )
    if skipped:
        warnings.append(f"{skipped} hits lacked an accession number, a filer or a filing date and were left out.")
    if not hits:
        notes.extend(_zero_hit_notes(query, forms, window, scope, total_value, page))
    return FullTextSearchResult(
        query=query,
        forms=forms,
        filed_from=window[0] if window else None,
        filed_to=window[1] if window else None,
        company=scope,
        coverage=coverage,
        hit_meaning=HIT_MEANING,
        total_hits=total_value,
        total_is_lower_bound=lower_bound,
        page=page,
        page_size=PAGE_SIZE,
        offset=offset,
        hits_on_page=len(hits),
        filings_on_page=len(filings),
        limit=limit,
        truncated=len(filings) > limit,
        next_page=page + 1 if more_pages else None,
        filings=shown,
        request_url=request_url,
        notes=notes,
        warnings=warnings,
        source=SOURCE,
    )


def _zero_hit_notes(
    query: str, forms: list[str], window: tuple[date, date] | None, scope: CompanyRef | None, total: int, page: int
) -> list[str]:
    if total > 0 and page > 1:
        last = min(MAX_PAGE, (total + PAGE_SIZE - 1) // PAGE_SIZE)
        return [f"Page {page} is past the last page of matches ({total:,} documents, {last} page(s))."]
    out = [
        (
            "No document matched. Full-text search only holds filings from 2001 on: a filing made before 2001 "
            "cannot be found this way, even when it contains the words."
        )
    ]
    if '"' not in query and len(query.split()) > 1:
        out.append("Unquoted words are matched separately; to find an exact phrase, put it in double quotes.")
    elif '"' in query:
        out.append("A quoted phrase must appear exactly as written; try fewer or unquoted words.")
    narrowed = [
        what
        for what, on in (("forms", bool(forms)), ("dates", window is not None), ("company", scope is not None))
        if on
    ]
    if narrowed:
        out.append("The search was narrowed by " + ", ".join(narrowed) + "; widen it to check.")
    out.append("Check the spelling; EFTS matches word stems, not fragments of words.")
    return out

"""screen_companies: one concept across every filer in the local bulk store.

Each company's value is the one the concept engine (``capabilities/concept/concept.py``)
gives for it: the store holds, for every catalogue concept, the annual values
``build_series`` produced from that company's facts at sync time, in the
engine's order, so the screen reads the first value of the asked-for year
exactly as ``get_financial_concept(company, concept, fiscal_year=...)`` would
return it. A raw XBRL tag is run through the engine at query time for the
companies that report the tag (slower, same rules).

The screen never mixes units: one unit (USD by default) is screened, and
companies whose figures are in another (TSMC's TWD) are counted as excluded.
"""

from __future__ import annotations

import heapq
import marshal
import re
from array import array
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import groupby
from operator import itemgetter
from typing import Annotated, Literal

from pydantic import Field

from ...bulk import build as B
from ...bulk.source import company_facts_from, max_age, open_store
from ...bulk.store import FACT_FIELDS, FORMAT, BulkStore
from ...companies.tickers import ticker_file_names
from ...errors import EdgarError
from ...models.companies import CompanyRef, DataSource
from ...sec import urls
from ...sec.client import SecClient, get_client
from ...sec.companyfacts import gap_note
from ...sec.submissions import family_of
from ...vocabulary import param, tool
from ...xbrl import periods as P
from ...xbrl import pointintime as PIT
from ...xbrl.answer import validate_fiscal_year
from ...xbrl.catalogue import Concept, lookup
from ...xbrl.notes import first_filed_note, first_filed_of
from ...xbrl.restatements import REVISION_WORDS, substantive_revision
from ..arguments import check_between
from ..resolve.resolve import resolve_company
from .model import ExclusionReason, ScreenExclusion, ScreenResult, ScreenRow

MAX_LIMIT = 1000
SCREEN_FORMS = ("10-K", "20-F", "40-F")
SortArg = Literal["value_desc", "value_asc", "name"]
_UNIT = re.compile(r"[A-Z]{3}(/shares)?|shares|pure")
_CURRENCY = re.compile(r"[A-Z]{3}")  # a screen in a currency, where another filer may tag a translation into it
_DEFAULT_UNIT = {"currency": "USD", "currency/shares": "USD/shares", "shares": "shares"}


@dataclass(slots=True)
class _Hit:
    """One company's value: the few columns the filters and the order need. ``fact`` (the FactValue's fields)
    is read and unpacked for the rows shown only, from the store row ``table``, ``ord`` and ``since`` name,
    unless the engine made it just now (a raw tag). A screen holds the ``limit`` best of them, not one per
    filer."""

    cik: int
    end: str
    value: float
    unit: str
    form: str
    fye_month: int
    fact: tuple | None
    table: str | None = None  # the stored row: its table (annual or annual_pit), ord (or -rord), valid_from
    ord: int = 0
    since: str | None = None
    same_label: int = 1


def screen_companies(
    concept: Annotated[
        str,
        Field(
            description="Catalogue concept or alias (revenue, net_income, total_assets, "
            "eps_diluted) or a raw XBRL tag (us-gaap:Revenues)"
        ),
    ],
    fiscal_year: Annotated[
        int | None,
        Field(
            description="Fiscal year by each company's own label, e.g. 2024 "
            "(NVIDIA's FY2024 ended 2024-01-28, Apple's 2024-09-28)"
        ),
    ] = None,
    calendar_year: Annotated[
        int | None,
        Field(
            description="Instead of fiscal_year: each company's fiscal year ending nearest December 31 of this "
            "calendar year, e.g. 2024 (NVIDIA's FY2025, ended 2025-01-26)"
        ),
    ] = None,
    minimum: Annotated[float | None, Field(description="Only values at or above this, in the unit, e.g. 1e9")] = None,
    maximum: Annotated[float | None, Field(description="Only values at or below this, in the unit")] = None,
    sort: Annotated[SortArg, Field(description="value_desc (largest first), value_asc or name")] = "value_desc",
    limit: Annotated[int, Field(description="Most rows to return (1-1000)")] = 50,
    forms: Annotated[
        list[str] | None,
        Field(
            description="Only values from these annual report families: "
            "10-K (with its 10-Q), 20-F, 40-F (amendments "
            "included)"
        ),
    ] = None,
    fiscal_year_end: Annotated[
        int | None, Field(description="Only companies whose fiscal year ends in this month (1-12), e.g. 6 for June")
    ] = None,
    unit: Annotated[
        str | None,
        Field(
            description="The unit to screen: USD (default for money), USD/shares, shares, "
            "or another currency such as TWD"
        ),
    ] = None,
    peers_of: Annotated[
        str | None,
        Field(
            description="Only companies with the same SIC code as this one (ticker, "
            "CIK or name), from the filers' submissions"
        ),
    ] = None,
    as_of: Annotated[str | None, Field(description=PIT.AS_OF_DESCRIPTION)] = None,
    *,
    client: SecClient | None = None,
) -> ScreenResult:
    """One financial concept across every filer in the local bulk store, for one fiscal or calendar year.

    Needs a store built by the bulk sync. For each company the value is the one
    the concept lookup gives for it (periods by start/end dates, the company's
    own fiscal-year labels, 10-K/10-Q/20-F/40-F facts only, per-period tag
    fallback with ``matched_tag``, the latest-filed value of a restated period
    with ``original_value``), each with its provenance (accession number, form,
    filed date, period start/end). With ``fiscal_year`` the periods of
    different companies end in different months; ``calendar_year`` takes each
    company's fiscal year ending nearest that year's December 31 instead (the
    rule of compare's ``align="nearest"`` and the SEC's CY frames:
    xbrl.periods.calendar_year_of).

    Only one unit is screened (USD unless ``unit`` says otherwise); companies
    reporting the concept's value for the period in another currency are counted under ``excluded``
    (other_unit), never converted or mixed in; one without a value for the period in any unit is counted
    under period_not_reported, or under facts_end_before_filings when the store's submissions show a periodic
    report it filed for a period past the end of its XBRL facts (the figures are in that filing's text; the
    detail names one such report). ``companies_considered`` counts
    the filers with XBRL facts, ``companies_reporting`` those with a value for
    the period in the unit, and ``excluded`` says how many were left out and
    why (not_a_peer, not_reported, no_annual_value, other_unit, facts_end_before_filings,
    period_not_reported, form, fiscal_year_end, below_minimum, above_maximum):
    companies_reporting plus the first six is companies_considered, and
    companies_matched is companies_reporting less the last four.

    Returns: concept, fiscal_year or calendar_year, unit, counts, excluded,
    rows (cik, name, tickers, sic, fiscal_year_end and the FactValue fields:
    value, unit, fiscal_year, fiscal_period, start, end, days, filed, form,
    accession_number, matched_tag, restated, original_value, revision_kind,
    filing_url), notes, warnings and data_source (bulk, with the archive's date).
    Units: USD, USD/shares, shares or the filer's currency, as reported.

    Errors: invalid_argument (no or both years, bad limit, unit, form, month,
    minimum above maximum, unknown concept), not_found (no bulk store yet, a
    store from another engine version, an unknown peers_of company or one
    without a SIC code), out_of_scope (a future fiscal year), ambiguous (a
    peers_of name matching several companies).
    Source: www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip and
    bulkdata/submissions.zip, as synced.
    """
    client = client or get_client()
    today = client.settings.clock().date()
    spec = lookup(concept)
    _validate(fiscal_year, calendar_year, minimum, maximum, limit, fiscal_year_end, sort, peers_of, today)
    when = PIT.parse_as_of(as_of, today)
    wanted_forms = _forms(forms)
    store = open_store(client)
    if store is None:
        _refuse_other_format(client)
    if store is None or not store.has_companyfacts:
        raise EdgarError(
            "not_found",
            "There is no local bulk store to screen yet.",
            f"Download the SEC's bulk archives first with {tool('sync_bulk')} (about 2-3 GB), or build the store "
            f"from archives on disk with {tool('sync_bulk')} {param('source')} DIR (a folder with companyfacts.zip "
            "and submissions.zip).",
        )
    if store.meta.get("engine") != B.engine_fingerprint():
        raise EdgarError(
            "not_found",
            "The bulk store was derived by another version of edgar's concept engine, so its "
            "values could differ from what a single-company lookup gives now.",
            f"Run {tool('sync_bulk')} again: it rebuilds the store from the archives on disk.",
        )
    screen_unit = _normal_unit(unit or _DEFAULT_UNIT.get(spec.unit, "USD"))
    if not _UNIT.fullmatch(screen_unit):
        raise EdgarError(
            "invalid_argument",
            f"{screen_unit[:40]!r} is not a unit a screen can use.",
            "Use USD, USD/shares, shares, or a three-letter currency code such as EUR or TWD.",
        )
    notes: list[str] = []
    warnings: list[str] = []
    known = ticker_file_names(client)  # the names every other command shows
    peer_ref, peers = _peers(store, peers_of, client) if peers_of else (None, None)
    if peer_ref is not None and fiscal_year is None and calendar_year is None:
        fiscal_year = _latest_year(store, spec, int(peer_ref.cik), when)
        notes.append(
            f"FY{fiscal_year} is the latest fiscal year {peer_ref.name} "
            + (f"had reported {spec.name} for by {when}" if when is not None else f"reports {spec.name} for")
            + f"; pass {param('fiscal_year')} to choose another."
        )

    if when is not None:
        # the universe as of the date: every filer of the store that had filed XBRL facts by then, including
        # those that have since stopped filing (the store keeps them); values from the facts filed by then, read
        # from the versions a sync with --point-in-time keeps, else the engine's on each filer's facts
        versions = store.has_versions and not spec.raw
        if not versions and not spec.raw:
            notes.append(
                "The bulk store keeps no point-in-time versions, so each filer's values as known on the date "
                f"were computed from its facts now, which is slow over every filer. Run {tool('sync_bulk')} with "
                f"{param('point_in_time')} once to keep them; later syncs with it keep them current, and screens "
                "as known on a date read them (about as fast as a screen without a date)."
            )
    # One pass over the filers in CIK order (the universe, its statuses and its hits merged), holding per filer
    # nothing beyond the counts, the first few names of each exclusion and the `limit` best rows: a screen's
    # memory is flat in the store's size (issue 37). Only the filers without a value for the period are kept
    # (their CIKs, 8 bytes each) for the reads that tell why.
    tally = _Tally(fiscal_year, calendar_year, wanted_forms, fiscal_year_end, minimum, maximum, screen_unit, peers)
    archive_day = store.data_date if when is not None else None
    cutoff = date.fromordinal(archive_day.toordinal() - _STOPPED_AFTER_DAYS - 1).isoformat() if archive_day else None
    engine = spec.raw or (when is not None and not store.has_versions)
    made = (
        (_raw_hits if when is None else _known_hits)(store, spec, fiscal_year, calendar_year, when) if engine else None
    )
    with store.reading() as conn:
        if made is not None:
            statuses, hits = iter(sorted(made[0].items())), _first_hits(made[1], calendar_year)
        else:
            statuses, hits = _stored(conn, spec, fiscal_year, calendar_year, when)
        records = _merge(_universe(conn, when, known), statuses, hits)
        picked = tally.run(records, sort, limit, cutoff)

    def exclude(reason: ExclusionReason, n: int, examples: list, detail: str) -> None:
        if n:
            excluded.append(
                ScreenExclusion(
                    reason=reason, companies=n, detail=detail, examples=[f"{s} ({c:010d})" for _n, _i, c, s in examples]
                )
            )

    excluded: list[ScreenExclusion] = []
    counts, firsts = tally.counts, tally.firsts
    if peers is not None:
        exclude("not_a_peer", counts["not_a_peer"], firsts.best("not_a_peer"), f"SIC code other than {peer_ref.sic}")  # type: ignore[union-attr]
    exclude(
        "not_reported",
        counts["not_reported"],
        firsts.best("not_reported"),
        f"none of the concept's tags ({', '.join(t.tag for t in spec.chain)}) in their XBRL facts",
    )
    exclude(
        "no_annual_value",
        counts["no_annual_value"],
        firsts.best("no_annual_value"),
        "the tags appear, but in no annual period of a 10-K/10-Q/20-F/40-F",
    )
    # another unit counts a filer only with a value for the period in it (the one a screen with unit would show);
    # without one, the filer has no value for the period at all (as known on the date, under as_of)
    translation = (
        f"; a screen reads each filer's figures in the currency it reports in, never a convenience translation "
        f"into {screen_unit}: for the translation a filer tags, ask {tool('compare_companies')} for {spec.name} "
        f"of those companies with {param('unit')} {screen_unit}"
        if _CURRENCY.fullmatch(screen_unit)
        else ""
    )
    exclude(
        "other_unit",
        counts["other_unit"],
        firsts.best("other_unit"),
        f"report {spec.name} in {', '.join(f'{u} ({n})' for u, n in tally.by_unit.most_common())}, "
        f"not {screen_unit}; screen them with {param('unit')} (edgar never converts currencies){translation}",
    )
    period = f"FY{fiscal_year}" if fiscal_year is not None else f"calendar {calendar_year}"
    # of the filers without a value for the period, those whose facts end before a periodic report they filed
    # (by the store's submissions): the figures are in the filing's text, not missing from it
    missing = tally.missing
    short = _facts_stop_short(store, spec, missing, when, fiscal_year, calendar_year)
    if short:
        first = _first_by_name(store, sorted(short), 1, known)[0]
        exclude(
            "facts_end_before_filings",
            len(short),
            _first_by_name(store, sorted(short), 5, known),
            f"their XBRL facts end before the period of a periodic report they filed, e.g. "
            f"{gap_note(first[3], first[2], short[first[2]])}",
        )
    rest = array("q", (c for c in missing if c not in short)) if short else missing
    latest = Counter(y for c, y in zip(missing, tally.missing_last_fy) if y >= 0 and c not in short)
    exclude(
        "period_not_reported",
        len(rest),
        _first_by_name(store, rest, 5, known) if len(rest) else [],
        f"no annual value for {period}"
        + (
            f" (their latest fiscal years: {', '.join(f'FY{y} ({n})' for y, n in sorted(latest.items())[-3:])})"
            if latest
            else ""
        ),
    )
    if wanted_forms:
        exclude(
            "form",
            counts["form"],
            firsts.best("form"),
            f"the value comes from a form outside {', '.join(wanted_forms)}",
        )
    if fiscal_year_end is not None:
        exclude(
            "fiscal_year_end",
            counts["fiscal_year_end"],
            firsts.best("fiscal_year_end"),
            f"the period does not end in month {fiscal_year_end}",
        )
    if minimum is not None:
        exclude(
            "below_minimum", counts["below_minimum"], firsts.best("below_minimum"), f"below {minimum:g} {screen_unit}"
        )
    if maximum is not None:
        exclude(
            "above_maximum", counts["above_maximum"], firsts.best("above_maximum"), f"above {maximum:g} {screen_unit}"
        )

    shown = [hit for _key, hit, _last in picked]
    rows = _rows(store, shown, spec, _names_of(store, [h.cik for h in shown], known))
    gone: int | None = None
    if archive_day is not None:
        gone = _no_longer_filing(archive_day, tally, rows, {h.cik: last for _k, h, last in picked}, cutoff, notes)
    if fiscal_year is not None and tally.matched > 1:
        if tally.first_end[:7] != tally.last_end[:7]:
            notes.append(
                f"FY{fiscal_year} is each company's own label: these periods end between {tally.first_end} and "
                f"{tally.last_end}. For the fiscal years aligned to one calendar year use {param('calendar_year')}."
            )
    if screen_unit.split("/")[0] != "USD" and _UNIT.fullmatch(screen_unit) and screen_unit not in ("shares", "pure"):
        notes.append(f"Values are in {screen_unit.split('/')[0]}, as the filers report them; nothing is converted.")
    if spec.raw and when is None:
        notes.append("A raw XBRL tag: computed from each reporting company's facts now, by the same rules.")
    if when is not None:
        notes.insert(
            0,
            f"As known on {when}: each company's facts filed on or before it (values, fiscal-year labels and "
            "splits as the filings then gave them), over every filer that had filed XBRL facts by then.",
        )
    published = store.meta.get("companyfacts.published")
    ds = DataSource(kind="bulk", as_of=published)
    if ds.as_of is not None and client.settings.clock() - ds.as_of > max_age():
        warnings.append(
            f"The bulk store was published {ds.as_of:%Y-%m-%d} and is older than the sync interval; "
            f"figures filed since are missing. Run {tool('sync_bulk')} to refresh it."
        )
    return ScreenResult(
        concept=spec.name,
        label=spec.label,
        definition=spec.definition,
        fiscal_year=fiscal_year,
        calendar_year=calendar_year,
        unit=screen_unit,
        minimum=minimum,
        maximum=maximum,
        forms=list(wanted_forms),
        fiscal_year_end_month=fiscal_year_end,
        peers_of=CompanyRef(cik=peer_ref.cik, name=peer_ref.name, tickers=peer_ref.tickers) if peer_ref else None,
        sort=sort,
        companies_considered=tally.considered,
        companies_reporting=tally.reporting,
        companies_matched=tally.matched,
        excluded=excluded,
        limit=limit,
        truncated=tally.matched > limit,
        rows=rows,
        notes=notes,
        warnings=warnings,
        data_source=ds,
        source=urls.bulk_companyfacts(),
        as_of=when,
        matched_no_longer_filing=gone,
    )


def rank_peers(
    concept: str,
    peers_of: str,
    *,
    companies: list[str] | None = None,
    fiscal_year: int | None = None,
    latest: bool = False,
    period: str = "annual",
    as_of: str | None = None,
    client: SecClient | None = None,
) -> ScreenResult:
    """compare_companies' peer form: every company sharing ``peers_of``'s SIC code, ranked (a screen).

    A peer ranking reads the annual values of the bulk store, so a list of
    companies, ``latest`` or a quarterly period are refused (invalid_argument)
    rather than silently dropped. Otherwise as screen_companies with
    ``peers_of`` and the largest value first; ``as_of`` (YYYY-MM-DD) ranks the
    peers as known on that date, as ``screen --as-of`` does.
    """
    if companies:
        raise EdgarError(
            "invalid_argument",
            f"{param('peers_of')} ranks a company's SIC peers in place of a list of "
            f"companies; {', '.join(companies[:3])} would be ignored.",
            f"Give either {param('companies')} or {param('peers_of')}, not both.",
        )
    if latest:
        raise EdgarError(
            "invalid_argument",
            f"A peer ranking uses one fiscal year for every peer; {param('latest')} does not apply to it.",
            f"Omit {param('latest')}, or pass {param('fiscal_year')}.",
        )
    if period != "annual":
        raise EdgarError(
            "invalid_argument",
            f"A peer ranking reads annual values from the bulk store, not {period} ones.",
            f"Omit {param('period')}, or compare named companies by quarter without {param('peers_of')}.",
        )
    return screen_companies(
        concept, fiscal_year=fiscal_year, peers_of=peers_of, limit=MAX_LIMIT, as_of=as_of, client=client
    )


# --- arguments ----------------------------------------------------------------------------------


def _validate(fy, cal, minimum, maximum, limit, fye, sort, peers_of, today) -> None:
    if fy is not None and cal is not None:
        raise EdgarError(
            "invalid_argument",
            "Give a fiscal year or a calendar year, not both.",
            f"Use {param('fiscal_year')} for each company's own fiscal-year label, or "
            f"{param('calendar_year')} for the fiscal years aligned to one calendar year.",
        )
    if fy is None and cal is None and not peers_of:
        raise EdgarError(
            "invalid_argument",
            "A screen needs the year to screen.",
            f"Pass {param('fiscal_year')} 2024 (each company's own label) or {param('calendar_year')} "
            "2024 (each company's fiscal year ending nearest 2024-12-31).",
        )
    validate_fiscal_year(fy, today)
    validate_fiscal_year(cal, today)
    if sort not in ("value_desc", "value_asc", "name"):
        raise EdgarError("invalid_argument", f"Unknown {param('sort')} {sort!r}.", "Use value_desc, value_asc or name.")
    check_between("limit", limit, 1, MAX_LIMIT, f"Use {param('limit')} 50, for example.")
    if minimum is not None and maximum is not None and minimum > maximum:
        raise EdgarError(
            "invalid_argument",
            f"The minimum ({minimum:g}) is above the maximum ({maximum:g}).",
            f"Swap {param('minimum')} and {param('maximum')}.",
        )
    if fye is not None and not 1 <= int(fye) <= 12:
        raise EdgarError(
            "invalid_argument",
            f"Fiscal year end month {fye} is not a month.",
            "Use 1-12, e.g. 12 for December or 6 for June.",
        )


def _normal_unit(unit: str) -> str:
    """XBRL's spelling of a unit typed in any case: usd -> USD, twd/SHARES -> TWD/shares, Shares -> shares."""
    head, sep, tail = unit.strip().partition("/")
    head = head.lower() if head.lower() in ("shares", "pure") else head.upper()
    return head + sep + tail.lower()


def _annual_family(form: str) -> str | None:
    """The annual report family a value's form belongs to: a 10-Q (a year-end balance restated or first
    reported in the next quarter's report) is a 10-K filer's, never outside the 10-K family."""
    fam = family_of(form)
    return "10-K" if fam == "10-Q" else fam


def _forms(forms: list[str] | None) -> tuple[str, ...]:
    out: list[str] = []
    for f in forms or []:
        fam = family_of(str(f).strip().upper())
        if fam not in SCREEN_FORMS:
            raise EdgarError(
                "invalid_argument",
                f"{str(f)[:40]!r} is not an annual report form a screen can filter on.",
                "Use 10-K, 20-F or 40-F (their amendments are included).",
            )
        if fam not in out:
            out.append(fam)
    return tuple(out)


# --- reading the store ---------------------------------------------------------------------------


def _refuse_other_format(client: SecClient) -> None:
    """Raise not_found when the bulk store on disk is complete but of another format than this edgar reads (it
    was built by an older or newer edgar); return when there is none, or it is incomplete."""
    from ...bulk.source import store_format

    found = store_format(client)
    if found is not None and found != FORMAT:
        raise EdgarError(
            "not_found",
            f"The bulk store on disk is of format {found}; this edgar reads format {FORMAT} (it keeps what a "
            "screen as known on a date reads), so the store must be rebuilt before it can be screened.",
            f"Run {tool('sync_bulk')} again: it rebuilds the store in the new format from the SEC's archives.",
        )


def _names_of(store: BulkStore, ciks: list[int], known: Mapping[int, str]) -> dict[int, str]:
    """{cik: name} of the given filers with XBRL facts, read 500 at a time: the name every other command shows
    (``known``: the ticker file's), else the submissions' (filers), else companyfacts' entityName."""
    out: dict[int, str] = {}
    for part in _chunks(ciks):
        marks = ",".join("?" * len(part))
        out.update(
            store.all(
                "SELECT c.cik, COALESCE(NULLIF(f.name, ''), c.name) FROM companies c LEFT JOIN filers f "
                f"ON f.cik = c.cik WHERE c.cik IN ({marks})",
                part,
            )
        )
    return {c: known.get(c) or name for c, name in out.items()}


def _first_by_name(
    store: BulkStore, ciks: Sequence[int], n: int, known: Mapping[int, str]
) -> list[tuple[str, int, int, str]]:
    """(name, position, cik, name shown) of the first ``n`` of ``ciks`` by name (ties in their order; a filer
    without a name sorts first and shows as "?"), holding 500 names at a time."""
    best: list[tuple[str, int, int, str]] = []
    for start, part in enumerate(_chunks(ciks)):
        names = _names_of(store, list(part), known)
        some = ((names.get(c, ""), start * _CHUNK + i, c, names.get(c, "?")) for i, c in enumerate(part))
        best = heapq.nsmallest(n, [*best, *some])
    return best


_CHUNK = 500


def _facts_stop_short(
    store: BulkStore, spec: Concept, ciks: Sequence[int], when: date | None, fy: int | None, cal: int | None
) -> dict[int, tuple]:
    """{cik: a periodic report (as ``CompanyFacts.later_reports`` holds one) whose period ends over 7 days after
    the end of the filer's XBRL facts} for the filers of ``ciks`` that the store's submissions show filed one (on
    or before ``when``, if given); a filer without one is not in it. The report named is the annual report of
    the year asked (fiscal year ``fy`` by the filer's calendar, or the one ending nearest December 31 of ``cal``)
    where the submissions list it, else the newest.

    Only filers that filed anything at least 30 days after their last annual value of ``spec`` are read in full
    (their facts' calendar and their submissions), so a filer that stopped filing costs one query."""
    import json

    from ...sec import submissions as S
    from ...sec.companyfacts import facts_end

    table = "annual_pit" if when is not None and store.has_versions and not spec.raw else "annual"
    candidates = array("q")
    for part in _chunks(ciks):
        marks = ",".join("?" * len(part))
        found = store.all(
            f"SELECT f.cik, f.last_filed, MAX(a.end_date) FROM filers f LEFT JOIN {table} a ON a.cik = f.cik "
            f"AND a.concept = ? WHERE f.cik IN ({marks}) GROUP BY f.cik",
            (spec.name, *part),
        )
        for cik, last_filed, last_end in found:
            if not last_filed:
                continue
            if last_end is None or date.fromisoformat(last_filed) - date.fromisoformat(last_end) > timedelta(days=30):
                candidates.append(cik)
    out: dict[int, tuple] = {}
    for cik in candidates:
        facts = company_facts_from(store, cik)
        doc = store.document(f"CIK{cik:010d}.json")
        if facts is None or doc is None:
            continue
        ends = [(end, accn) for accn, (_start, end) in facts.calendar.report_ends.items()]
        last = facts_end(facts)
        if last is None or not ends:
            continue
        if when is not None:  # the facts as filed by the date end where their reports filed by then end
            last = min(last, when)
        try:
            filed = S.parse_rows(json.loads(doc)["filings"]["recent"], "recent")
        except (EdgarError, ValueError, KeyError, TypeError):
            continue
        # (period end, filed, form, accession) of the periodic reports past the facts' end
        later: list[tuple[date, date, str, str]] = [
            (r.report_date, r.filing_date, r.form, r.accession)
            for r in filed
            if r.report_date is not None
            and S.family_of(r.form) in S.PERIODIC_FAMILIES
            and (r.report_date - last).days > 7
            and (when is None or r.filing_date <= when)
        ]
        if not later:
            continue
        target = facts.calendar.estimated_end(fy) if fy is not None else date(cal or 1, 12, 31)
        slack = 14 if fy is not None else 183
        annual = sorted(
            (abs((end - target).days), done, end, form, accn)
            for end, done, form, accn in later
            if target is not None
            and S.family_of(form) in ("10-K", "20-F", "40-F")
            and abs((end - target).days) <= slack
        )
        if annual:
            _gap, done, end, form, accn = annual[0]
        else:
            end, done, form, accn = max(later)
        out[cik] = (end, form, done, accn, last, max(ends)[1])
    return out


def _chunks(ciks: Sequence[int]):
    for i in range(0, len(ciks), _CHUNK):
        yield tuple(ciks[i : i + _CHUNK])


def _first_hits(rows, cal: int | None, table: str | None = None) -> Iterator[_Hit]:
    """The value ``concept`` gives per company, in CIK order: the first in the engine's order (calendar: the
    one the calendar rule ranks first, then the engine's order).

    ``rows`` are (cik, ord, end_date, value, unit, form, fye_month, fact or valid_from) in CIK order: from the
    store (``table`` names it; the last column is the row's valid_from in annual_pit, else unused) or made by the
    engine now (``table`` None; the last column is the fact)."""
    for cik, group in groupby(rows, key=itemgetter(0)):
        held = list(group)
        if cal is not None:
            held.sort(key=lambda r: (P.calendar_rank(date.fromisoformat(r[2]), cal), r[1]))
        _cik, ord_, end, value, unit, form, fye, last = held[0]
        if table is None:
            yield _Hit(cik, end, value, unit, form, fye, last, same_label=len(held))
        else:
            yield _Hit(cik, end, value, unit, form, fye, None, table, ord_, last, same_label=len(held))


def _statuses(rows) -> Iterator[tuple[int, tuple]]:
    """(cik, (unit, annual values, latest fiscal year)) of ``rows`` (cik, unit, n, last_fy)."""
    for c, u, n, y in rows:
        yield c, (u, n, y)


def _stored(conn, spec: Concept, fy: int | None, cal: int | None, when: date | None):
    """(statuses, hits) of a catalogue concept read from the store in CIK order: now (concept_status, annual),
    or as known on ``when`` from the versions the store keeps (status_pit, annual_pit: the ones holding on
    ``when``, bulk/build.materialize_pit)."""
    column, year = ("fiscal_year", fy) if fy is not None else ("calendar_year", cal)
    if when is None:
        status = conn.execute(
            "SELECT cik, unit, n, last_fy FROM concept_status WHERE concept = ? ORDER BY cik", (spec.name,)
        )
        rows = conn.execute(
            f"SELECT cik, ord, end_date, value, unit, form, fye_month, NULL FROM annual "
            f"WHERE concept = ? AND {column} = ? ORDER BY cik, ord",
            (spec.name, year),
        )
        return _statuses(status), _first_hits(rows, cal, "annual")
    day = when.isoformat()
    status = conn.execute(
        "SELECT cik, unit, n, last_fy FROM status_pit WHERE concept = ? AND valid_to > ? AND valid_from <= ? "
        "ORDER BY cik",
        (spec.name, day, day),
    )
    rows = conn.execute(
        f"SELECT cik, -rord, end_date, value, unit, form, fye_month, valid_from FROM annual_pit "
        f"WHERE concept = ? AND {column} = ? AND valid_to > ? AND valid_from <= ? ORDER BY cik, rord DESC",
        (spec.name, year, day, day),
    )
    return _statuses(status), _first_hits(rows, cal, "annual_pit")


def _universe(conn, when: date | None, known: Mapping[int, str]):
    """(cik, name to sort by, name shown, last filing date) of every filer considered, in CIK order: the filers
    with XBRL facts, or those that had filed XBRL facts by ``when``. The name is the one every other command
    shows (``known``: the ticker file's), else the submissions', else companyfacts' entityName; a filer the
    companies table lacks sorts first and shows as "?" (as _first_by_name)."""
    source, where, args = ("pit", "WHERE u.first_filed <= ?", (when.isoformat(),)) if when else ("companies", "", ())
    for cik, has, name, last in conn.execute(
        f"SELECT u.cik, c.cik IS NOT NULL, COALESCE(NULLIF(f.name, ''), c.name), f.last_filed FROM {source} u "
        f"LEFT JOIN companies c ON c.cik = u.cik LEFT JOIN filers f ON f.cik = u.cik {where} ORDER BY u.cik",
        args,
    ):
        if has:
            shown = known.get(cik) or name
            yield cik, shown, shown, last
        else:
            yield cik, "", "?", last


def _merge(universe, statuses, hits):
    """(cik, name key, name shown, last filed, status or None, hit or None) per filer of the universe: three
    reads in CIK order merged (statuses and hits of filers outside the universe are passed over)."""
    status, hit = next(statuses, None), next(hits, None)
    for cik, key, shown, last in universe:
        while status is not None and status[0] < cik:
            status = next(statuses, None)
        while hit is not None and hit.cik < cik:
            hit = next(hits, None)
        yield (
            cik,
            key,
            shown,
            last,
            status[1] if status is not None and status[0] == cik else None,
            hit if hit is not None and hit.cik == cik else None,
        )


class _Firsts:
    """The first ``n`` filers by name of each exclusion, kept in one pass: (name, position, cik, name shown),
    as _first_by_name gives them, holding at most _CHUNK per exclusion."""

    def __init__(self, n: int = 5):
        self.n = n
        self.held: dict[str, list[tuple]] = {}
        self.seen: Counter[str] = Counter()

    def add(self, reason: str, key, cik: int, shown) -> None:
        held = self.held.setdefault(reason, [])
        held.append((key, self.seen[reason], cik, shown))
        self.seen[reason] += 1
        if len(held) >= _CHUNK:
            self.held[reason] = heapq.nsmallest(self.n, held)

    def best(self, reason: str) -> list[tuple]:
        return heapq.nsmallest(self.n, self.held.get(reason, []))


class _Tally:
    """One pass over the merged filers: counts per exclusion and their first names, the filers without a value
    for the period (CIKs and latest fiscal years, for the reads that tell why), the matches' counts, period
    ends and filing status, and the ``limit`` matches a sort shows first."""

    def __init__(self, fy, cal, forms, fye, minimum, maximum, unit: str, peers: set[int] | None):
        self.forms, self.fye, self.minimum, self.maximum, self.unit, self.peers = (
            forms,
            fye,
            minimum,
            maximum,
            unit,
            peers,
        )
        self.counts: Counter[str] = Counter()
        self.firsts = _Firsts()
        self.by_unit: Counter[str] = Counter()
        self.missing = array("q")
        self.missing_last_fy = array("q")  # -1: none
        self.considered = self.reporting = self.matched = self.filed = self.gone = 0
        self.first_end = self.last_end = ""

    def _filtered(self, hit: _Hit) -> str | None:
        if self.forms and _annual_family(hit.form) not in self.forms:
            return "form"
        if self.fye is not None and hit.fye_month != self.fye:
            return "fiscal_year_end"
        if self.minimum is not None and hit.value < self.minimum:
            return "below_minimum"
        if self.maximum is not None and hit.value > self.maximum:
            return "above_maximum"
        return None

    def _matches(self, records, by_name: bool, cutoff: str | None):
        for cik, key, shown, last, status, hit in records:
            self.considered += 1
            if self.peers is not None and cik not in self.peers:
                reason = "not_a_peer"
            elif status is None:
                reason = "not_reported"
            elif not status[1]:
                reason = "no_annual_value"
            elif hit is None:
                self.missing.append(cik)
                self.missing_last_fy.append(-1 if status[2] is None else status[2])
                continue
            elif status[0] != self.unit:
                self.by_unit[status[0]] += 1
                reason = "other_unit"
            else:
                self.reporting += 1
                why = self._filtered(hit)
                if why is None:
                    self.matched += 1
                    if self.matched == 1 or hit.end < self.first_end:
                        self.first_end = hit.end
                    if hit.end > self.last_end:
                        self.last_end = hit.end
                    if cutoff is not None and last is not None:
                        self.filed += 1
                        self.gone += last <= cutoff
                    yield ((key, cik) if by_name else (hit.value, -cik)), hit, last
                    continue
                reason = why
            self.counts[reason] += 1
            self.firsts.add(reason, key, cik, shown)

    def run(self, records, sort: str, limit: int, cutoff: str | None) -> list[tuple]:
        """(sort key, hit, last filed) of the first ``limit`` matches in the order asked, as sorting every match
        would give them (heapq's nsmallest/nlargest equal sorted(...)[:limit])."""
        matches = self._matches(records, sort == "name", cutoff)
        if sort == "value_desc":
            return heapq.nlargest(limit, matches, key=itemgetter(0))
        return heapq.nsmallest(limit, matches, key=itemgetter(0))


def _tag_names(spec: Concept) -> list[str]:
    """The stored tag names a concept reads: its chain, or a raw tag given without its taxonomy in each one."""
    tag = spec.chain[0].tag
    if spec.raw and ":" not in tag:
        return [f"{ns}:{tag}" for ns in ("us-gaap", "ifrs-full", "dei", "srt")]
    return [t.tag for t in spec.chain]


def _raw_hits(store: BulkStore, spec: Concept, fy: int | None, cal: int | None, when: date | None = None):
    """A raw tag: (status, rows in CIK order) of the engine run now for each company reporting it (the same
    rules, computed on demand)."""
    from ...bulk.source import company_facts_from

    names = _tag_names(spec)
    marks = ",".join("?" * len(names))
    ciks = sorted({c for (c,) in store.all(f"SELECT DISTINCT cik FROM tags WHERE tag IN ({marks})", tuple(names))})
    status: dict[int, tuple] = {}
    rows: list[tuple] = []
    for cik in ciks:
        facts = company_facts_from(store, cik)
        if facts is not None:
            _engine_rows(facts, spec, fy, cal, cik, status, rows)
    return status, rows


def _known_hits(store: BulkStore, spec: Concept, fy: int | None, cal: int | None, when: date | None):
    """Point in time without the store's versions: (status, rows in CIK order), each company's value from its
    facts as known on ``when`` (xbrl/pointintime.known_on), by the same rules as the live lookup. The engine runs
    for each filer that had filed XBRL facts by then and reports one of the concept's tags, its facts cut at the
    date with the point-in-time summary kept at build."""
    from ...bulk.source import company_facts_from

    assert when is not None
    day = when.isoformat()
    considered = {c for (c,) in store.all("SELECT cik FROM pit WHERE first_filed <= ?", (day,))}
    tags = _tag_names(spec)
    marks = ",".join("?" * len(tags))
    reporting = {c for (c,) in store.all(f"SELECT DISTINCT cik FROM tags WHERE tag IN ({marks})", tuple(tags))}
    status: dict[int, tuple] = {}
    rows: list[tuple] = []
    for cik in sorted(considered & reporting):
        facts = company_facts_from(store, cik)
        if facts is None:
            continue
        made = store.pit_summary(cik)
        if made is not None:
            PIT.set_summary(facts, made)
        known = PIT.known_on(facts, when)
        if any(t in known.tags for t in tags):
            _engine_rows(known, spec, fy, cal, cik, status, rows)
    return status, rows


def _engine_rows(facts, spec: Concept, fy: int | None, cal: int | None, cik: int, status: dict, rows: list) -> None:
    """The concept engine run on one company's facts: its status (unit, annual values, latest fiscal year) and
    the rows of the year asked for, in the store's ``annual`` layout."""
    from ...xbrl.periods import period_filter
    from ...xbrl.series import build_series

    series = build_series(facts, spec)
    pool = [v for v in series.values if period_filter(spec, "annual")(v)]
    years = [v.fiscal_year for v in pool if v.fiscal_year is not None]
    status[cik] = (series.unit, len(pool), max(years) if years else None)
    for i, v in enumerate(pool):
        if (fy is not None and v.fiscal_year == fy) or (cal is not None and P.calendar_year_of(v.end) == cal):
            rows.append(
                (
                    cik,
                    i,
                    v.end.isoformat(),
                    float(v.value),
                    v.unit,
                    v.form,
                    B.fye_month(v.end),
                    B.fact_tuple(v, first_filed_of(series, v)),
                )
            )


# A filer files a 10-K (or 20-F, 40-F) every year: nothing filed for this long before the store's archive date
# means it no longer files (acquired, delisted, deregistered or gone dark)
_STOPPED_AFTER_DAYS = 450


def _no_longer_filing(
    archive_day: date,
    tally: _Tally,
    rows: list[ScreenRow],
    last_of: dict[int, str | None],
    cutoff: str | None,
    notes: list[str],
) -> int:
    """How many of the matches no longer file (survivorship: a screen of today's filers would miss them), each
    shown row's note saying so. A filer's last filing date is the newest in its submissions' recent filings,
    kept by the store (``filers.last_filed``); it no longer files when that is more than 450 days before the
    date of the store's data (``BulkStore.data_date``: its newest filing, never a file's modification time).
    The counts are the tally's, made in its pass over the matches."""
    for row in rows:
        d = last_of.get(int(row.cik))
        if d is not None and cutoff is not None and d <= cutoff:
            row.notes.append(
                f"No longer files: its latest filing is from {d} (the store's data runs to {archive_day})."
            )
    unknown = tally.matched - tally.filed
    notes.append(
        f"{tally.gone} of the {tally.matched} matches no longer file (nothing filed in the {_STOPPED_AFTER_DAYS} "
        f"days before {archive_day}): a screen of today's filers would miss them."
        + (
            f" {unknown} {'has' if unknown == 1 else 'have'} no submissions in the store, so whether "
            f"{'it still files' if unknown == 1 else 'they still file'} is not known."
            if unknown
            else ""
        )
    )
    return tally.gone


def _stored_fact(store: BulkStore, spec: Concept, hit: _Hit) -> tuple:
    """The FactValue fields of a hit read from the store, unpacked."""
    assert hit.table is not None
    ord_, since = hit.ord, hit.since
    if hit.table == "annual_pit":
        row = store.one(
            "SELECT fact FROM annual_pit WHERE concept = ? AND cik = ? AND rord = ? AND valid_from = ?",
            (spec.name, hit.cik, -ord_, since),
        )
    else:
        row = store.one("SELECT fact FROM annual WHERE concept = ? AND cik = ? AND ord = ?", (spec.name, hit.cik, ord_))
    if row is None:  # the store is read-only and opened once: its rows cannot go away under a screen
        raise EdgarError("not_found", "The bulk store changed while it was read.", "Run the screen again.")
    return marshal.loads(row[0])


def _rows(store: BulkStore, shown: list[_Hit], spec: Concept, names: dict[int, str]) -> list[ScreenRow]:
    if not shown:
        return []
    marks = ",".join("?" * len(shown))
    ciks = tuple(h.cik for h in shown)
    filers = {c: (t, s) for c, t, s in store.all(f"SELECT cik, tickers, sic FROM filers WHERE cik IN ({marks})", ciks)}
    fyes = {c: f for c, f in store.all(f"SELECT cik, fiscal_year_end FROM companies WHERE cik IN ({marks})", ciks)}
    caveats = {t.tag: t.caveat for t in spec.chain}
    first = spec.chain[0].tag if spec.chain else ""
    out = []
    for h in shown:
        fields = dict(zip(FACT_FIELDS, h.fact if h.fact is not None else _stored_fact(store, spec, h)))
        first = fields.pop("first_filed_elsewhere", None)
        tickers, sic = filers.get(h.cik, ("", None))
        row_notes = []
        if first:  # the figure the row cites was filed earlier under another tag: said as concept says it
            row_notes.append(first_filed_note([(fields["value"], fields["end"], *first)]))
        if h.same_label > 1:
            row_notes.append(
                f"{h.same_label} annual values carry this label; the one the concept lookup lists first "
                f"(ending {fields['end']}) is shown."
            )
        kind = fields["revision_kind"]
        if substantive_revision(fields["restated"], kind, fields["value"], fields["original_value"]):
            row_notes.append(
                f"Revised after first being reported ({REVISION_WORDS.get(kind or '', 'restated')}): "
                f"{fields['original_value']} in {fields['original_accession']} ({kind})."
            )
        if fields["pre_split_ratio"]:
            row_notes.append(
                f"Reported before a {fields['pre_split_ratio']}-for-1 stock split and not restated for it."
            )
        if fields["pre_reverse_split_ratio"]:
            row_notes.append(
                f"Reported before a 1-for-{fields['pre_reverse_split_ratio']} reverse split or "
                "recapitalisation and not restated for it."
            )
        for e in fields["suspected_errors"]:
            row_notes.append(f"Suspected filer error ({e['kind']}): {e['reason']}")
        if fields["matched_tag"] != first and caveats.get(fields["matched_tag"]) and not spec.raw:
            row_notes.append(f"Matched {fields['matched_tag']}: {caveats[fields['matched_tag']]}")
        out.append(
            ScreenRow(
                **fields,
                filing_url=urls.filing_index(h.cik, fields["accession_number"]),
                cik=f"{h.cik:010d}",
                name=names.get(h.cik, ""),
                tickers=[t for t in (tickers or "").split(",") if t],
                sic=sic,
                fiscal_year_end=fyes.get(h.cik),
                notes=row_notes,
            )
        )
    return out


@dataclass
class _Peer:
    cik: str
    name: str
    tickers: list[str]
    sic: str


def _peers(store: BulkStore, company: str, client: SecClient) -> tuple[_Peer, set[int]]:
    resolved = resolve_company(company, client=client)
    row = store.one("SELECT sic, sic_description FROM filers WHERE cik = ?", (int(resolved.cik),))
    if row is None or not row[0]:
        raise EdgarError(
            "not_found",
            f"The bulk store has no SIC code for {resolved.name} (CIK {resolved.cik}), so it has no peer set.",
            "Screen without peers, or name the companies to compare.",
        )
    peers = {c for (c,) in store.all("SELECT cik FROM filers WHERE sic = ?", (row[0],))}
    return _Peer(resolved.cik, resolved.name, resolved.tickers, row[0]), peers


def _latest_year(store: BulkStore, spec: Concept, cik: int, when: date | None = None) -> int:
    """The latest fiscal year ``cik`` reports ``spec`` for; with ``when``, the latest it had reported by then (the
    version holding on that date when the store keeps versions, else the engine on its facts as known then)."""
    if spec.raw:  # a raw tag has no stored status: the engine on the company's facts (as known then)
        row = _known_status(store, spec, cik, when)
    elif when is None:
        row = store.one("SELECT last_fy FROM concept_status WHERE concept = ? AND cik = ?", (spec.name, cik))
    elif store.has_versions:
        day = when.isoformat()
        row = store.one(
            "SELECT last_fy FROM status_pit WHERE concept = ? AND cik = ? AND valid_to > ? AND valid_from <= ?",
            (spec.name, cik, day, day),
        )
    else:
        row = _known_status(store, spec, cik, when)
    if row is None or row[0] is None:
        raise EdgarError(
            "not_found",
            f"The company named for peers reports no annual {spec.name} in the bulk store"
            + (f" as known on {when}." if when is not None else "."),
            f"Pass {param('fiscal_year')} explicitly, or choose another concept.",
        )
    return int(row[0])


def _known_status(store: BulkStore, spec: Concept, cik: int, when: date | None) -> tuple | None:
    """(latest fiscal year,) of ``spec`` for one filer from its facts (as known on ``when``, if given), or None."""
    from ...bulk.source import company_facts_from

    facts = company_facts_from(store, cik)
    if facts is None:
        return None
    known = facts
    if when is not None:
        made = store.pit_summary(cik)
        if made is not None:
            PIT.set_summary(facts, made)
        known = PIT.known_on(facts, when)
    if not any(t in known.tags for t in _tag_names(spec)):
        return None
    status: dict[int, tuple] = {}
    _engine_rows(known, spec, None, None, cik, status, [])
    return (status[cik][2],) if cik in status else None

"""compare_companies: one concept across 2-8 companies, with fiscal-period alignment warnings.

The figures come from the concept engine of ``edgar concept`` (build_series and
assemble_answer in xbrl/): the same tag fallback,
restatement selection and fiscal-year labels, so a company's row here is the
value ``edgar concept`` gives for the same year. What this module adds is the
choice of a common fiscal year and the judgement of whether the rows can be
set side by side.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from ...companies import successors
from ...companies.tickers import ticker_file_warnings
from ...errors import TRANSIENT_CODES, EdgarError
from ...models.companies import CompanyRef
from ...models.facts import FactValue
from ...sec import urls
from ...sec.client import SecClient, get_client
from ...sec.companyfacts import is_inside_note, known_on, load_company_facts, span_coverage_note
from ...vocabulary import param, possessive, tool
from ...xbrl import periods as P
from ...xbrl import pointintime as PIT
from ...xbrl.answer import (
    assemble_answer,
    describe_unsummed,
    unit_advice,
    unsummed_in,
    unsummed_suggestion,
    validate_fiscal_year,
)
from ...xbrl.catalogue import Concept, lookup
from ...xbrl.facts import CompanyFacts
from ...xbrl.notes import apart_warning
from ...xbrl.periods import period_filter, runs_in_words
from ...xbrl.records import FactRecord
from ...xbrl.restatements import REVISION_WORDS, substantive_revision
from ...xbrl.series import Series, build_series
from ..arguments import MAX_LIMIT, check_concept_first
from ..concept.concept import concept_result
from ..concept.model import ConceptResult
from ..resolve.model import ResolvedCompany
from ..resolve.resolve import resolve_company
from . import MAX_COMPANIES, MIN_COMPANIES
from .model import ComparisonResult, ComparisonRow, UnavailableCompany

MAX_END_GAP_DAYS = 45  # period ends further apart than this are not the same stretch of time
MAX_LENGTH_GAP_DAYS = 3  # 364 vs 365/366 is calendar noise; 371 vs 364 is a 53rd week
# Errors that concern every company alike: the comparison stops instead of listing them per company.
_FATAL_CODES = frozenset({"user_agent_required", "blocked", "invalid_argument", "internal_error"})

ComparePeriod = Literal["annual", "quarterly"]
SortArg = Literal["given", "value"]
_QUARTER = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "FY": 4}


AlignArg = Literal["label", "nearest"]
YearBasis = Literal["requested", "latest_common", "latest_each", "nearest"]


def compare_companies(
    concept: Annotated[
        str,
        Field(
            description="Catalogue concept or alias (revenue, net income, eps_diluted, "
            "total_assets) or a raw XBRL tag (us-gaap:Revenues)"
        ),
    ],
    companies: Annotated[
        list[str],
        Field(
            description=f"{MIN_COMPANIES} to {MAX_COMPANIES} different companies, each a ticker, CIK or name, "
            f'in the order the rows should appear, e.g. ["NVDA", "AAPL"]; up to {2 * MAX_COMPANIES} names (a '
            "duplicate or another name of one company is folded into it)"
        ),
    ],
    fiscal_year: Annotated[
        int | None,
        Field(
            description="Fiscal year by each company's own label, e.g. 2024; "
            "omitted: the latest fiscal year every company reports"
        ),
    ] = None,
    latest: Annotated[
        bool,
        Field(
            description="Each company's own latest fiscal year (quarterly: latest quarter) "
            "instead of one year for all, e.g. NVIDIA's FY2026 beside AMD's "
            "FY2025; not with fiscal_year"
        ),
    ] = False,
    period: Annotated[
        ComparePeriod, Field(description="annual (fiscal years) or quarterly (fiscal quarters)")
    ] = "annual",
    sort: Annotated[
        SortArg, Field(description="given (rows in the order of companies) or value (largest first)")
    ] = "given",
    unit: Annotated[
        str | None,
        Field(
            description="A currency to read every company's figure in, e.g. USD (a foreign "
            "filer's convenience translation, where it reports one); omitted: "
            "each filer's own reporting currency"
        ),
    ] = None,
    align: Annotated[
        AlignArg,
        Field(
            description="label: fiscal_year is each company's own label; nearest: "
            "fiscal_year is a calendar year and each company's fiscal year "
            "ending nearest its December 31 is taken (NVIDIA's FY2025, ended "
            "2025-01-26, for 2024); annual only"
        ),
    ] = "label",
    as_of: Annotated[str | None, Field(description=PIT.AS_OF_DESCRIPTION)] = None,
    *,
    client: SecClient | None = None,
) -> ComparisonResult:
    """One financial concept for 2 to 8 companies side by side, with warnings when the figures do not line up.

    Every company is resolved first: an ambiguous name stops the whole
    comparison with that name's ``candidates``, an unknown one stops it naming
    it (a comparison that silently includes the wrong company looks normal).
    The same company named twice (GOOG and GOOGL) is one row, with a note.
    Each company's figure is the one get_financial_concept gives for the year:
    periods by start/end dates, the first tag of the concept's chain that
    reports the period (``matched_tag``), the latest-filed value of a restated
    period (``restated``, ``original_value``). Fiscal-year labels are each
    company's own: NVIDIA's FY2024 ended 2024-01-28, Apple's 2024-09-28.

    ``align="nearest"`` answers "who had bigger sales in 2024": ``fiscal_year``
    is read as a calendar year and each company's fiscal year ending nearest
    its December 31 (xbrl.periods.calendar_year_of, the SEC's CY frames) is compared, ``fiscal_year_basis``
    nearest; a company with none is unavailable.

    ``fiscal_year`` omitted: the latest fiscal year (quarterly: fiscal year and quarter)
    that every company with the concept reports; ``fiscal_year_reason`` says
    which and why. With ``period="quarterly"`` and ``fiscal_year`` given, the latest
    quarter of that year every company reports. ``latest=True``: each company's
    own latest fiscal year (quarterly: fiscal quarter), "for their last fiscal
    years"; the result's ``fiscal_year`` is null when they differ (each row
    carries its own) and the alignment check is the same as for one year.

    Returns: concept, label, fiscal_year, fiscal_period, fiscal_year_reason,
    comparable, comparability_issues, warnings, rows (query, name, cik,
    tickers, value, unit, fiscal_year, fiscal_period, start, end, days, filed,
    form, accession_number, matched_tag, restated, original_value,
    filing_url, notes), unavailable (query, name, cik, code, reason,
    suggestion) and notes. ``comparable`` is false when period ends are more
    than 45 days apart (balance sheets dated at different points in time for
    instant concepts), currencies or units differ (then ``sort="value"`` keeps
    the order given: a ranking across currencies is meaningless), the figures
    come from different accounting standards (IFRS and US GAAP), or fewer than
    two companies have a value; different matched tags within one standard and
    52- vs 53-week years are warnings. ``unit`` reads every figure in one
    currency where the filer reports it (a convenience translation is labelled
    in the row's notes). Units: the filer's own (USD, TWD,
    USD/shares, shares); nothing is converted or derived. A company without
    data (no XBRL facts, concept or year not reported, a fetch that still fails
    after retries) is listed in ``unavailable`` with its reason; the others are
    returned. A comparison missing a company because the SEC failed for it
    (rate_limited, upstream_unavailable) is partial: the CLI exits 15, and
    without ``fiscal_year`` the reason says the year was chosen without it.

    ``as_of`` (YYYY-MM-DD): every company's figure as known on that date (only facts filed on or before it;
    later revisions named in the row's notes; a year not reported by then makes the company unavailable with
    the date it was first filed); the result's ``as_of`` says which mode it is in.

    Errors: invalid_argument (fewer than 2 or more than 8 distinct companies,
    unknown concept, bad period or sort, an as_of date in the future or before 2009), ambiguous (a name matching several
    companies; ``candidates``), not_found (an unknown company; no fiscal year
    common to all; no company has the figure), out_of_scope (a future year).
    Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json, one request
    per company, issued concurrently within the shared 10 requests/second limit.
    """
    client = client or get_client()
    fy = fiscal_year
    if latest and fy is not None:
        raise EdgarError(
            "invalid_argument",
            f"Pass {param('fiscal_year')} or {param('latest')}, not both.",
            f"Omit {param('fiscal_year')} to compare each company's latest fiscal year, or omit "
            f"{param('latest')} to compare FY{fy}.",
        )
    if period not in ("annual", "quarterly"):
        raise EdgarError(
            "invalid_argument", f"Unknown {param('period')} {period!r} for a comparison.", "Use annual or quarterly."
        )
    if align not in ("label", "nearest"):
        raise EdgarError("invalid_argument", f"Unknown {param('align')} {align!r}.", "Use label or nearest.")
    if align == "nearest" and (fy is None or latest or period != "annual"):
        # the advice names what is wrong with this call, never what it already has (a year passed with quarterly)
        fixes = []
        if fy is None:
            fixes.append(f"pass {param('fiscal_year')} (the calendar year, e.g. 2024)")
        if latest:
            fixes.append(f"drop {param('latest')}")
        if period != "annual":
            fixes.append(
                f"drop {param('period')} {period} (quarters are compared by fiscal label: omit {param('align')} "
                "for them)"
            )
        said = "; ".join(fixes)
        raise EdgarError(
            "invalid_argument",
            f"{param('align')} nearest aligns annual figures to a calendar year: "
            f"it needs {param('fiscal_year')} (read as the calendar year), annual, and not "
            f"{param('latest')}.",
            f"With {param('align')} nearest, {said}.",
        )
    if sort not in ("given", "value"):
        raise EdgarError(
            "invalid_argument",
            f"Unknown {param('sort')} {sort!r}.",
            "Use value to rank by value, or omit it to keep the order given.",
        )
    queries = [str(q) for q in companies or []]
    if len(queries) < MIN_COMPANIES:
        raise _count_error(len(queries))
    if len(queries) > 2 * MAX_COMPANIES:
        raise _count_error(len(queries))
    when = PIT.parse_as_of(as_of, client.settings.clock().date())
    today = when or client.settings.clock().date()  # point in time: "today" is the date asked for
    validate_fiscal_year(fy, today)
    check_concept_first(concept, queries, "compare_companies")
    spec = lookup(concept)

    groups = _resolve_all(queries, client)
    notes = [_duplicate_note(g) for g in groups if len(g[1]) > 1]
    if not MIN_COMPANIES <= len(groups) <= MAX_COMPANIES:
        raise _count_error(len(groups), notes)

    loaded = _load_all(client, [int(r.cik) for r, _ in groups])
    full = dict(loaded)  # as known now (point in time: for the later revisions and first filings)
    if when is not None:
        loaded = {cik: f if isinstance(f, EdgarError) else known_on(client, f, when) for cik, f in loaded.items()}
    entries: list[_Entry] = []
    unavailable: list[UnavailableCompany] = []
    unit_errors: list[EdgarError] = []  # companies left out for a unit they do not report
    for resolved, qs in groups:
        ref = resolved.ref()
        got = loaded[int(resolved.cik)]
        if isinstance(got, EdgarError):
            unavailable.append(_unavailable(qs, ref, got))
            continue
        entry = _Entry(qs, ref, got, build_series(got, spec, unit))
        entry.keys = _period_keys(entry.series, spec, period)
        if not entry.keys:
            # the engine's own words for "this company does not report the concept", of the year asked (its label
            # aligned to the calendar year under align nearest), never the latest year's: Snowflake's FY2022 total_debt
            # is no refusal at 2025-01-31; only with no year asked (or latest) is the latest the period asked
            year_asked = None if fy is None or latest else _aligned_label(got, fy) if align == "nearest" else fy
            try:
                assemble_answer(ref, spec, entry.series, got, year_asked, period, 1, today, unit)
                err = EdgarError(
                    "not_found",
                    f"{ref.name} reports no {period} value for {spec.name}.",
                    f"Try {param('period')} quarterly or another concept.",
                )
            except EdgarError as exc:
                err = exc
            if when is not None and not isinstance(full[int(resolved.cik)], EdgarError):
                now = full[int(resolved.cik)]
                later = [
                    v
                    for v in build_series(now, spec, unit).values  # type: ignore[arg-type]
                    if _key(v, period) is not None and (fy is None or v.fiscal_year == fy)
                ]
                what = f"FY{fy} {spec.name}" if fy else f"{period} {spec.name}"
                err = PIT.not_reported_error(err, when, later, what, full=now, tags=PIT.chain_tags(spec))  # type: ignore[arg-type]
            if err.extras.get("units_available") and unit is not None:  # a unit the filer does not report
                unit_errors.append(err)
            unavailable.append(_unavailable(qs, ref, err))
            continue
        entries.append(entry)
    if not entries:
        transient = [u.code for u in unavailable if u.code in TRANSIENT_CODES]
        if transient and len(transient) == len(unavailable):
            # Every fetch failed for a passing reason: that is not "no data".
            raise EdgarError(
                transient[0],
                "The SEC did not answer for any of the companies: "
                + "; ".join(f"{u.name or u.query}: {u.reason.rstrip('.')}" for u in unavailable)
                + ".",
                "Try again in a few minutes.",
                unavailable=unavailable,
            )
        raise EdgarError(
            "not_found",
            f"None of the companies has {period} {spec.name} data: "
            + "; ".join(f"{u.name or u.query}: {u.reason.rstrip('.')}" for u in unavailable)
            + ".",
            _none_advice(unavailable, unit_errors),
            unavailable=unavailable,
        )

    if align == "nearest" and fy is not None:  # (nearest without a year was refused above)
        explain = None
        if when is not None:

            def explain(e: _Entry, err: EdgarError) -> EdgarError:  # the year first filed after the date, named
                now = full[int(e.ref.cik)]
                series = build_series(now, spec, unit)  # type: ignore[arg-type]
                hit = P.nearest_fiscal_year(_annual_ends(series), fy)
                later = [v for v in series.values if hit is not None and _key(v, period) == (hit[0], 0)]
                what = f"{spec.name} for calendar {fy}" + (f" (FY{hit[0]}, ended {hit[1]})" if hit else "")
                return PIT.not_reported_error(err, when, later, what, full=now, tags=PIT.chain_tags(spec))  # type: ignore[arg-type]

        targets, basis, reason = _nearest_each(entries, fy, unavailable, explain, spec.name)
        entries = [e for e in entries if e.ref.cik in targets]
        target = (fy, 0)
    elif latest:
        targets, basis, reason = _latest_each(entries, period)
    else:
        target, basis, reason = _choose_period(entries, fy, period)
        targets = {e.ref.cik: target for e in entries}
        failed = [u for u in unavailable if u.code in TRANSIENT_CODES]
        if failed and fy is None:
            # The year was chosen without them: a complete run might choose another. Say so, and
            # the result's exit status says partial (16).
            reason += (
                f" Chosen without {', '.join(u.name or u.query for u in failed)}, whose data the SEC did "
                f"not deliver ({failed[0].code}); retry, or pass {param('fiscal_year')} to fix the year."
            )
    rows: list[ComparisonRow] = []
    apart_warnings: list[str] = []
    for e in entries:
        target = targets[e.ref.cik]
        try:
            answer = concept_result(
                assemble_answer(e.ref, spec, e.series, e.facts, target[0], period, MAX_LIMIT, today, unit)
            )
        except EdgarError as exc:
            if when is not None:
                now = full[int(e.ref.cik)]
                later = [v for v in build_series(now, spec, unit).values if _key(v, period) == target]  # type: ignore[arg-type]
                labels = PIT.label_changes(now, e.facts, when)  # type: ignore[arg-type]
                # a year asked by label, not over on the date by the labels of then: said so, with its later report
                year_then = (
                    (target[0], e.facts.calendar.estimated_end(target[0]), build_series(now, spec, unit).values)  # type: ignore[arg-type]
                    if period == "annual" and target[1] == 0 and basis != "nearest"
                    else None
                )
                exc = PIT.not_reported_error(
                    exc,
                    when,
                    later,
                    _label(target, period),
                    labels,
                    full=now,  # type: ignore[arg-type]
                    tags=PIT.chain_tags(spec),
                    year_then=year_then,
                )
            unavailable.append(_unavailable(e.queries, e.ref, exc))
            continue
        hits = [v for v in answer.values if _key(v, period) == target]
        if not hits:
            have = sorted({v.fiscal_period or "" for v in answer.values} - {""})
            unavailable.append(
                _not_found(
                    e,
                    f"{e.ref.name} reports FY{target[0]} {' '.join(have)} but not {_label(target, period)}.",
                    f"Ask for another quarter with {param('fiscal_year')}, or use {param('period')} annual.",
                )
            )
            continue
        rows.append(_row(e, hits[0], answer, len(hits)))
        apart = apart_warning(spec, e.series, hits[:1])
        if apart:  # the concept answer's warning, in the data: the figure leaves out a line tagged beside it
            apart_warnings.append(f"{e.ref.name}: {apart}")
        if when is not None:
            rows[-1].notes.extend(PIT.later_revisions(full[int(e.ref.cik)], hits[:1], when))  # type: ignore[arg-type]
            rows[-1].notes.extend(n for n in [PIT.label_changes(full[int(e.ref.cik)], e.facts, when)] if n)  # type: ignore[arg-type]
            rows[-1].notes.extend(n for n in [PIT.ticker_note(e.queries[0], e.ref.cik, when)] if n)
    order = {resolved.cik: i for i, (resolved, _qs) in enumerate(groups)}
    unavailable.sort(key=lambda u: order.get(u.cik or "", len(order)))
    if not rows:
        asked = _label(target, period) if len(set(targets.values())) == 1 else "its latest fiscal year"
        raise EdgarError(
            "not_found",
            f"No company has {period} {spec.name} for {asked}: "
            + "; ".join(f"{u.name or u.query}: {u.reason.rstrip('.')}" for u in unavailable)
            + ".",
            f"Omit {param('fiscal_year')} for the latest year they all report, or ask for an earlier year.",
            unavailable=unavailable,
        )

    comparable, issues, warnings, more_notes = _assess(rows, spec, sort)
    notes.extend(more_notes)
    if period == "annual" and any(i.startswith("period ends") for i in issues):
        cal = {P.calendar_year_of(r.end) for r in rows}  # (each one's latest year: the calendar year they share)
        year = target[0] if basis in ("requested", "latest_common") else fy if basis == "nearest" else min(cal)
        hint = _calendar_hint(
            entries, basis, year if basis != "latest_each" or len(cal) == 1 else None, spec.kind == "instant"
        )
        if hint:
            warnings.append(hint)
    warnings.extend(apart_warnings)
    shown_ciks = {r.cik for r in rows}
    # a failed freshness check: that company's cached facts, dated
    warnings.extend(f"{e.ref.name}: {n}" for e in entries if e.ref.cik in shown_ciks for n in e.facts.notes)
    # a company whose facts end before its filings: said of its latest year, or of a year asked its facts do not
    # reach (naming that year's report), and in one line of a year wholly inside them
    for e in entries:
        years = [r.fiscal_year for r in rows if r.cik == e.ref.cik and r.fiscal_year is not None]
        of_years = basis in ("requested", "nearest") and bool(years)
        gap = span_coverage_note(e.facts, years if of_years else None, quarters=period != "annual")
        if gap and e.ref.cik in shown_ciks:
            (notes if is_inside_note(gap) else warnings).append(gap)
            for r in rows:  # said once for the table, not again in the company's row
                if r.cik == e.ref.cik and gap in r.notes:
                    r.notes = [n for n in r.notes if n != gap]
    warnings.extend(ticker_file_warnings(client))  # the companies named through a stale ticker file
    mixed_units = len({r.unit for r in rows}) > 1
    if sort == "value" and mixed_units:
        notes.append(
            "Rows are in the order given, not ranked by value: the figures are in different currencies or "
            "units (see warnings), and a ranking across them would be meaningless."
        )
    elif sort == "value":
        rows.sort(key=lambda r: r.value, reverse=True)
        notes.append(
            "Rows are ranked by value, largest first"
            + ("" if comparable else " (a ranking of figures that are not comparable; see warnings)")
            + "."
        )
    shown = {targets[e.ref.cik] for e in entries if any(r.cik == e.ref.cik for r in rows)} or {target}
    one = next(iter(shown)) if len(shown) == 1 else None
    return ComparisonResult(
        concept=spec.name,
        label=spec.label,
        definition=spec.definition,
        period=period,
        fiscal_year=one[0] if one else None,
        fiscal_period=(("FY" if period == "annual" else f"Q{one[1]}") if one else None),  # type: ignore[arg-type]  # Q1-Q4
        fiscal_year_basis=basis,
        fiscal_year_reason=reason,
        comparable=comparable,
        comparability_issues=issues,
        warnings=warnings,
        sort="given" if sort == "value" and mixed_units else sort,
        rows=rows,
        unavailable=unavailable,
        calendar_year=fy if align == "nearest" else None,
        notes=notes,
        source="https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json (one per company)",
        as_of=when,
    )


class _Entry:
    def __init__(self, queries: list[str], ref: CompanyRef, facts: CompanyFacts, series: Series):
        self.queries = queries
        self.ref = ref
        self.facts = facts
        self.series = series
        self.keys: set[tuple[int, int]] = set()


# --- resolution and fetching ---------------------------------------------------------------


def _count_error(n: int, notes: list[str] | None = None) -> EdgarError:
    extra = (" " + " ".join(notes)) if notes else ""
    return EdgarError(
        "invalid_argument",
        f"A comparison needs {MIN_COMPANIES} to {MAX_COMPANIES} different companies; got {n}.{extra}",
        f"Name {MIN_COMPANIES} to {MAX_COMPANIES} different companies (tickers, CIKs or names), in up to "
        f"{2 * MAX_COMPANIES} names; for one company use {tool('get_financial_concept')}.",
    )


def _resolve_all(queries: list[str], client: SecClient) -> list[tuple[ResolvedCompany, list[str]]]:
    """Every query to one company, in the order given, duplicates folded; any failure stops everything."""
    by_cik: dict[str, tuple[ResolvedCompany, list[str]]] = {}
    for q in queries:
        try:
            resolved = resolve_company(q, client=client)
        except EdgarError as exc:
            if exc.code in ("ambiguous", "not_found"):
                what = "is ambiguous" if exc.code == "ambiguous" else "was not found"
                raise EdgarError(
                    exc.code,
                    f"The comparison was not run: {q!r} {what}. {exc.message}",
                    exc.suggestion,
                    company=q,
                    **exc.extras,
                ) from None
            raise
        if resolved.cik in by_cik:
            by_cik[resolved.cik][1].append(q)
        else:
            by_cik[resolved.cik] = (resolved, [q])
    return list(by_cik.values())


def _duplicate_note(group: tuple[ResolvedCompany, list[str]]) -> str:
    resolved, qs = group
    return f"{' and '.join(qs)} are the same company, {resolved.name} (CIK {resolved.cik}); it is compared once."


def _load_all(client: SecClient, ciks: list[int]) -> dict[int, CompanyFacts | EdgarError]:
    """companyfacts for every CIK, fetched concurrently through the shared client and rate limit."""

    def one(cik: int) -> CompanyFacts | EdgarError:
        try:
            return load_company_facts(client, cik)
        except EdgarError as exc:
            if exc.code in _FATAL_CODES:
                raise
            return successors.facts_missing(exc, cik)

    with ThreadPoolExecutor(max_workers=max(1, len(ciks)), thread_name_prefix="companyfacts") as pool:
        # Each thread runs in a copy of this context, so the call's progress and cancellation, and the
        # command's deadline (sec/transport.py), hold there too.
        futures = {cik: pool.submit(contextvars.copy_context().run, one, cik) for cik in ciks}
        return {cik: f.result() for cik, f in futures.items()}


def _none_advice(unavailable: list[UnavailableCompany], unit_errors: list[EdgarError]) -> str:
    """The suggestion where no company has data: where every one was left out for a unit it does not report
    (NVIDIA and Apple asked in TWD report USD), concept's own advice (ask in a unit they report, or omit the unit
    choice); else check the concept or the companies."""
    if unit_errors and len(unit_errors) == len(unavailable):
        units = list(dict.fromkeys(u for e in unit_errors for u in e.extras["units_available"]))
        return unit_advice(units)
    return "Check the concept, or compare companies that file XBRL financial statements."


def _unavailable(queries: list[str], ref: CompanyRef, exc: EdgarError) -> UnavailableCompany:
    latest = exc.extras.get("latest_fiscal_year")
    return UnavailableCompany(
        query=", ".join(queries),
        name=ref.name,
        cik=ref.cik,
        code=exc.code,
        reason=exc.message,
        suggestion=exc.suggestion,
        latest_fiscal_year=latest if isinstance(latest, int) else None,
    )


def _not_found(e: _Entry, message: str, suggestion: str) -> UnavailableCompany:
    """A company left out of the comparison with not_found, ``message`` and ``suggestion``."""
    return _unavailable(e.queries, e.ref, EdgarError("not_found", message, suggestion))


# --- choosing the period ---------------------------------------------------------------------


def _key(v: FactValue | FactRecord, period: str) -> tuple[int, int] | None:
    if v.fiscal_year is None or v.fiscal_period not in _QUARTER:
        return None
    if period == "annual":
        return (v.fiscal_year, 0) if v.fiscal_period == "FY" else None
    if v.period_type == "annual":
        return None
    return v.fiscal_year, _QUARTER[v.fiscal_period]


def _period_keys(series: Series, spec: Concept, period: str) -> set[tuple[int, int]]:
    wanted = period_filter(spec, period)
    return {k for v in series.values if wanted(v) and (k := _key(v, period)) is not None}


def _label(key: tuple[int, int], period: str) -> str:
    return f"FY{key[0]}" if period == "annual" else f"Q{key[1]} FY{key[0]}"


def _choose_period(entries: list[_Entry], fy: int | None, period: str) -> tuple[tuple[int, int], YearBasis, str]:
    """(target key, basis, reason): the requested year, or the latest every company reports."""
    names = [e.ref.name for e in entries]
    if fy is not None:
        if period == "annual":
            return (fy, 0), "requested", f"FY{fy} as requested; each company's own fiscal-year label."
        common = set.intersection(*({k for k in e.keys if k[0] == fy} for e in entries))
        if common:
            key = max(common)
            return (
                key,
                "requested",
                (f"Q{key[1]} is the latest quarter of FY{fy} that every company reports ({', '.join(names)})."),
            )
        key = (
            max(k for e in entries for k in e.keys if k[0] == fy)
            if any(k[0] == fy for e in entries for k in e.keys)
            else (fy, 4)
        )
        return (
            key,
            "requested",
            (f"No quarter of FY{fy} is reported by every company; Q{key[1]} is the latest any of them reports."),
        )
    common = set.intersection(*(e.keys for e in entries))
    if not common:
        # each company's years as runs, broken where a year is missing (Tesla's total_debt: FY2011 to FY2013 and
        # FY2018, not one span FY2011 to FY2018 over the years it cannot be summed)
        spans = "; ".join(f"{e.ref.name}: {_key_runs(e.keys, period)}" for e in entries)
        raise EdgarError(
            "not_found",
            f"No {'fiscal year' if period == 'annual' else 'fiscal quarter'} is reported by every company ({spans}).",
            f"Pass {param('fiscal_year')} to compare the companies that report that year; the others are listed as unavailable.",
            ranges={e.ref.name: [_label(min(e.keys), period), _label(max(e.keys), period)] for e in entries},
        )
    key = max(common)
    what = "fiscal year" if period == "annual" else "fiscal quarter"
    if len(entries) == 1:
        reason = (
            f"{_label(key, period)} is the latest {what} {names[0]} reports; no other company has the "
            "figure (see unavailable)."
        )
    else:
        latest = {e.ref.name: max(e.keys) for e in entries}
        limiting = [n for n, k in latest.items() if k == key]
        later = {e.ref.name: sorted(k for k in e.keys if k > key) for e in entries}
        reason = (
            f"{_label(key, period)} is the latest {what} that all {len(entries)} companies report "
            "(by each company's own fiscal-year label)"
        )
        if any(later.values()):
            # each company's later years named as runs: a company whose later years do not meet the others' is
            # never said to report "nothing later" (Tesla's and NVIDIA's total_debt after FY2013)
            said = [f"{n}: {_key_runs(ks, period)}" for n, ks in later.items() if ks]
            reason += (
                f"; {' and '.join(limiting)} {'reports' if len(limiting) == 1 else 'report'} nothing later"
                if limiting
                else f"; each reports later {what}s, but no later one in common"
            ) + f"; later {what}s reported: {'; '.join(said)}"
        reason += "."
    reason += f" Pass {param('fiscal_year')} to choose another year."
    return key, "latest_common", reason


def _key_runs(keys: set[tuple[int, int]] | list[tuple[int, int]], period: str) -> str:
    """Period keys in words, runs of consecutive ones joined and broken where one is missing: "FY2011 to FY2013 and
    FY2018", "Q4 FY2011 to Q1 FY2012"."""
    return runs_in_words(keys, lambda k: k[0] if period == "annual" else k[0] * 4 + k[1], lambda k: _label(k, period))


def _calendar_hint(entries: list[_Entry], basis: YearBasis, year: int | None, instant: bool = False) -> str | None:
    """For annual figures whose periods end far apart: the fiscal years that best match calendar ``year``
    (xbrl.periods.nearest_fiscal_year) and whether asking for them lines the periods up within
    MAX_END_GAP_DAYS. Aligned, the hint says how to ask (align nearest, with the year when none was asked);
    still apart, it says the fiscal years never line up and why, and suggests no alignment. None when there is
    nothing to say (no ``year``, a company with no fiscal year matching it). ``instant``: a balance (total
    assets) is at a date, so the hint speaks of the dates figures are at, not the months they cover."""
    stated = "with the date it is at (end is in every row)" if instant else "with the months it covers"
    if year is None:
        return None
    best = {e.ref.cik: P.nearest_fiscal_year(_annual_ends(e.series), year) for e in entries}
    # a company without a year matching ``year`` (its facts end before it) is left out of the hint
    hits = [(e, best[e.ref.cik]) for e in entries if best[e.ref.cik] is not None]
    if len(hits) < 2:
        return None
    ends = [hit[1] for _, hit in hits if hit is not None]
    spread = (max(ends) - min(ends)).days
    if spread <= MAX_END_GAP_DAYS:
        moved = [(e, hit) for e, hit in hits if hit is not None and hit[0] != year]
        if not moved or basis in ("nearest", "latest_each"):  # (already the years that match)
            return None
        how = (
            f"{param('align')} nearest"
            if basis == "requested"
            else f"{param('fiscal_year')} {year} and {param('align')} nearest"
        )
        return (
            f"Read as calendar {year}, the best-matching fiscal years differ from the FY{year} labels: "
            + "; ".join(f"{e.ref.name} FY{hit[0]} (ended {hit[1]})" for e, hit in moved if hit is not None)
            + f". To compare the year {year} across these calendars ask with {how}."
        )
    group = _lined_up(hits)
    if len(group) >= 2:  # some of them line up: say which, and how to compare those
        inside = [e.ref.cik for e, _ in group]
        named = [f"{e.ref.name} FY{hit[0]} (ended {hit[1]})" for e, hit in group if hit is not None]
        apart = [f"{e.ref.name} FY{hit[0]} (ended {hit[1]})" for e, hit in hits if hit and e.ref.cik not in inside]
        # of periods only: whether the figures are comparable (currency, accounting standards, tags) is said by
        # `comparable` and the other warnings, never here
        how = (
            "the periods of those that line up match each other; state"
            if basis == "nearest"
            else f"to line up the periods of those that match, ask with {param('fiscal_year')} {year} and "
            f"{param('align')} nearest, and state"
        )
        return (
            f"Read as calendar {year}, only some of these fiscal years line up: {', '.join(named[:-1])} and "
            f"{named[-1]} end within {MAX_END_GAP_DAYS} days of each other, while {'; '.join(apart)} "
            f"{'ends' if len(apart) == 1 else 'end'} months from them. So {how} each other figure {stated}."
        )
    months = "; ".join(f"{possessive(e.ref.name)} in {hit[1]:%B}" for e, hit in hits if hit is not None)
    return (
        f"These fiscal years never line up: they end months apart ({months}). Even read as calendar {year}, the "
        "best-matching fiscal years, "
        + "; ".join(f"{e.ref.name} FY{hit[0]} (ended {hit[1]})" for e, hit in hits if hit is not None)
        + f", end {spread} days apart, so no choice of years or alignment makes these figures "
        + (
            "balances at the same date. State each figure with the date it is at (end is in every row), or "
            if instant
            else "cover the same twelve months. State each figure with the months it covers (start and end are in "
            "every row), or "
        )
        + "compare each company with its own earlier years."
    )


def _lined_up(hits: list) -> list:
    """The largest group of ``hits`` ((entry, (fiscal year, end))) whose ends lie within MAX_END_GAP_DAYS of
    each other, in the order given (the earliest-ending group on a tie); [] when no two do."""
    ends = sorted({hit[1] for _, hit in hits})
    best: list = []
    for first in ends:
        group = [(e, hit) for e, hit in hits if 0 <= (hit[1] - first).days <= MAX_END_GAP_DAYS]
        if len(group) > len(best):
            best = group
    return best if len(best) >= 2 else []


def _annual_ends(series: Series) -> dict[int, date]:
    """Fiscal-year label -> the end of that fiscal year, from the company's annual values."""
    ends: dict[int, date] = {}
    for v in series.values:
        if v.fiscal_period == "FY" and v.fiscal_year is not None and v.period_type in ("annual", "instant"):
            ends.setdefault(v.fiscal_year, v.end)
    return ends


def _nearest_each(
    entries: list[_Entry],
    year: int,
    unavailable: list[UnavailableCompany],
    explain: Callable[[_Entry, EdgarError], EdgarError] | None = None,
    name: str = "the concept",
) -> tuple[dict[str, tuple[int, int]], YearBasis, str]:
    """(each company's target key, basis, reason) for calendar ``year``: the fiscal year ending nearest its end
    (``name``: the concept's, for a year found whose composite is not summed).

    A company with no such year is added to ``unavailable`` (not_found), its error passed through ``explain``
    first when given (point in time: when the year was first filed)."""
    targets: dict[str, tuple[int, int]] = {}
    chosen = []
    for e in entries:
        hit = P.nearest_fiscal_year(_annual_ends(e.series), year)
        # a composite's year found but not summed (Tesla's total_debt at FY2014, ended 2014-12-31): the year and
        # why there is no total, never "no year aligned"
        gaps = {g.fiscal_year: g for g in unsummed_in(e.series, None, "annual") if g.fiscal_year is not None}
        unsummed = P.nearest_fiscal_year({fy: g.end for fy, g in gaps.items()}, year) if hit is None else None
        if unsummed is not None:
            found = gaps[unsummed[0]]
            who = e.ref.tickers[0] if e.ref.tickers else e.ref.cik
            err = EdgarError(
                "not_found",
                f"{possessive(e.ref.name)} fiscal year aligned to calendar {year} (ending nearest {year}-12-31) is "
                f"FY{unsummed[0]} (ended {unsummed[1]}), but {name} is not summed there: "
                f"the lines it is summed from are in the XBRL facts but cannot be summed without a guess: "
                f"{describe_unsummed([found])}.",
                unsummed_suggestion([found], who, str(unsummed[0])),
            )
            unavailable.append(_unavailable(e.queries, e.ref, explain(e, err) if explain else err))
            continue
        if hit is None:
            # the facts' end, said of the report of the fiscal year that calendar ``year`` aligns with
            note = (
                span_coverage_note(e.facts, [_aligned_label(e.facts, year)], inside=False)
                if e.facts.coverage_note
                else None
            )
            gap = f" {note or e.facts.coverage_note}" if e.facts.coverage_note else ""
            err = EdgarError(
                "not_found",
                f"{e.ref.name} reports no fiscal year aligned to calendar {year} (ending nearest {year}-12-31) in its "
                f"XBRL facts.{gap}",
                f"Ask for another year, or use {param('align')} label.",
            )
            unavailable.append(_unavailable(e.queries, e.ref, explain(e, err) if explain else err))
            continue
        targets[e.ref.cik] = (hit[0], 0)
        chosen.append(f"{e.ref.name} FY{hit[0]} (ended {hit[1]})")
    reason = (
        f"Calendar {year}: each company's fiscal year ending nearest {year}-12-31: "
        + "; ".join(chosen)
        + ". The labels may differ; the periods are the best match of each company's calendar to the year."
    )
    return targets, "nearest", reason


def _aligned_label(facts: CompanyFacts, year: int) -> int:
    """The company's fiscal-year label whose (estimated) end is nearest ``year``-12-31: the year align nearest
    would pick for calendar ``year`` once the company reports it."""
    target = date(year, 12, 31)
    gaps = {}
    for y in (year - 1, year, year + 1):
        end = facts.calendar.estimated_end(y)
        if end is not None:
            gaps[y] = abs((end - target).days)
    return min(gaps, key=gaps.__getitem__, default=year)


def _latest_each(entries: list[_Entry], period: str) -> tuple[dict[str, tuple[int, int]], YearBasis, str]:
    """(each company's target key, basis, reason) for "their last fiscal years"."""
    targets = {e.ref.cik: max(e.keys) for e in entries}
    what = "fiscal year" if period == "annual" else "fiscal quarter"
    each = ", ".join(f"{e.ref.name} {_label(targets[e.ref.cik], period)}" for e in entries)
    reason = f"Each company's latest {what} it reports, by its own fiscal-year label: {each}."
    if len(set(targets.values())) > 1:
        reason += " The labels differ; compare each row's start and end dates."
        if period == "annual":
            # the calendar reading of each row, by the rule align nearest uses (xbrl.periods.calendar_year_of)
            ends = {e.ref.cik: _annual_ends(e.series).get(targets[e.ref.cik][0]) for e in entries}
            years = {cik: P.calendar_year_of(end) for cik, end in ends.items() if end is not None}
            if len(years) == len(entries):
                cal = set(years.values())
                reason += (
                    f" Each is the fiscal year aligned to calendar {cal.pop()} (ending nearest its December 31)."
                    if len(cal) == 1
                    else " By calendar year (the fiscal year ending nearest December 31): "
                    + ", ".join(f"{e.ref.name} {years[e.ref.cik]}" for e in entries)
                    + f"; to compare one calendar year ask with {param('fiscal_year')} and {param('align')} nearest."
                )
    return targets, "latest_each", reason


# --- rows and comparability ------------------------------------------------------------------


def _row(e: _Entry, v: FactValue, answer: ConceptResult, n_hits: int) -> ComparisonRow:
    notes = list(answer.notes)
    if n_hits > 1:
        notes.append(f"{n_hits} values carry this fiscal label; the one ending latest ({v.end}) is shown.")
    if substantive_revision(v.restated, v.revision_kind, v.value, v.original_value):
        notes.append(
            f"Revised after first being reported ({REVISION_WORDS.get(v.revision_kind or '', 'restated')}): "
            f"{v.original_value} in {v.original_accession} (filed {v.original_filed}; {v.revision_kind})."
        )
    if v.pre_split_ratio:
        notes.append(
            f"Reported before a {v.pre_split_ratio}-for-1 stock split and not restated for it: on the old share basis."
        )
    if v.pre_reverse_split_ratio:
        notes.append(
            f"Reported before a 1-for-{v.pre_reverse_split_ratio} reverse split or recapitalisation and "
            "not restated for it: on the old share basis."
        )
    return ComparisonRow(
        **v.model_dump(),
        query=", ".join(e.queries),
        name=e.ref.name,
        cik=e.ref.cik,
        tickers=e.ref.tickers,
        fiscal_year_end=answer.fiscal_year_end,
        source=urls.companyfacts(e.ref.cik),
        notes=notes,
        data_source=answer.data_source,
    )


def _when(r: ComparisonRow) -> str:
    label = f"FY{r.fiscal_year}" if r.fiscal_period == "FY" else f"{r.fiscal_period} FY{r.fiscal_year}"
    return f"{r.name} {label} {'dated' if r.period_type == 'instant' else 'ended'} {r.end}"


def _months(days: int | None) -> str:
    """A period's length as an analyst says it: "the twelve months" for a fiscal year (350-380 days), "the three
    months" for a quarter (84-98), six and nine months for the year to date, else "the N days"."""
    if days is None:
        return "the period"
    for low, high, words in ((84, 98, "three"), (175, 189, "six"), (266, 280, "nine"), (350, 380, "twelve")):
        if low <= days <= high:
            return f"the {words} months"
    return f"the {days} days"


def _covers(rows: list[ComparisonRow]) -> str:
    """Which stretch each figure covers, by dates: "NVIDIA CORP's FY2026 figure covers the twelve months from
    2025-01-27 to 2026-01-25, Apple Inc.'s FY2025 figure the twelve months from 2024-09-29 to 2025-09-27"."""
    parts = []
    for i, r in enumerate(rows):
        label = f"FY{r.fiscal_year}" if r.fiscal_period == "FY" else f"{r.fiscal_period} FY{r.fiscal_year}"
        span = f"{_months(r.days)} from {r.start} to {r.end}" if r.start else f"the period ended {r.end}"
        parts.append(f"{possessive(r.name)} {label} figure {'covers ' if i == 0 else ''}{span}")
    return ", ".join(parts)


def _one_label(rows: list[ComparisonRow]) -> str:
    """ " The one label FY2024 names different twelve months at each company." when every row has one label."""
    labels = {(r.fiscal_year, r.fiscal_period) for r in rows}
    if len(labels) != 1:
        return ""
    r = rows[0]
    label = f"FY{r.fiscal_year}" if r.fiscal_period == "FY" else f"{r.fiscal_period} FY{r.fiscal_year}"
    months = {_months(x.days) for x in rows}
    stretch = months.pop().removeprefix("the ") if len(months) == 1 else "periods"
    return f" The one label {label} names different {stretch} at each company."


def _assess(rows: list[ComparisonRow], spec: Concept, sort: str) -> tuple[bool, list[str], list[str], list[str]]:
    """(comparable, short issues, warnings, notes) for the rows side by side."""
    issues: list[str] = []
    warnings: list[str] = []
    notes: list[str] = []
    if len(rows) < 2:
        who = rows[0].name if rows else "no company"
        issues.append("only one company has a value")
        warnings.append(
            f"Only {who} has a value for {spec.name} in this period; there is nothing to compare it "
            "with (see unavailable)."
        )
        return False, issues, warnings, notes

    units = list(dict.fromkeys(r.unit for r in rows))
    if len(units) > 1:
        currencies = all(
            u.split("/")[0].isalpha() and len(u.split("/")[0]) == 3 and u.split("/")[0].isupper() for u in units
        )
        kind = "currencies" if currencies else "units"
        issues.append(f"different {kind}: {', '.join(units)}")
        by_unit = "; ".join(f"{u}: {', '.join(r.name for r in rows if r.unit == u)}" for u in units)
        warnings.append(
            f"The figures are in different {kind} ({by_unit}), so they are not comparable as they stand"
            + (" and ranking them by value is meaningless" if sort == "value" else "")
            + (
                "; convert them at an exchange rate you state (edgar does not convert currencies), or ask with "
                f"{param('unit')} USD for the filers that tag a USD convenience translation."
                if currencies
                else "."
            )
        )

    ends = [r.end for r in rows]
    gap = (max(ends) - min(ends)).days
    every = "; ".join(_when(r) for r in rows)
    instant = all(r.period_type == "instant" for r in rows)
    if gap > MAX_END_GAP_DAYS:
        issues.append(f"period ends {gap} days apart")
        if instant:
            warnings.append(
                f"The balance sheets are dated at different points in time, {gap} days apart ({every}), "
                "so the figures are not comparable: each is a snapshot on its own date."
            )
        else:
            warnings.append(
                f"The periods end {gap} days apart, so the figures are not comparable: {_covers(rows)}."
                + _one_label(rows)
            )
    elif gap > 0:
        notes.append(f"The period ends are within {gap} days of each other ({every}).")

    tags = list(dict.fromkeys(r.matched_tag for r in rows))
    if len(tags) > 1:
        by_tag = "; ".join(f"{t} ({', '.join(r.name for r in rows if r.matched_tag == t)})" for t in tags)
        standards = {t.split(":")[0] for t in tags}
        extra = ""
        if {"ifrs-full", "us-gaap"} <= standards:
            issues.append("different accounting standards: IFRS and US GAAP")
            extra = (
                " IFRS and US GAAP are different accounting standards: the figures are not comparable as they stand."
            )
        warnings.append(f"The figures are defined differently: they come from different XBRL tags: {by_tag}.{extra}")

    translated = [r for r in rows if any("convenience translation into" in n for n in r.notes)]
    if translated:
        issues.append("convenience translation: " + ", ".join(r.name for r in translated))
        warnings.append(
            "Some figures are convenience translations, each at the one exchange rate its filing states, "
            "not amounts the company reported in that currency: "
            + "; ".join(f"{r.name} ({r.unit})" for r in translated)
            + ". They do not compare as they stand with figures reported in that currency."
        )

    # a long-term figure its own filing shows to hold the current portion (LPA's ifrs-full:LongtermBorrowings at
    # 2024-12-31, 0001997711-25-000030) beside others' noncurrent parts: a wider figure, said in the data
    wider = [
        (r, n) for r in rows for n in r.notes if "is not long-term debt alone: it includes its current portion" in n
    ]
    if wider and len(wider) < len(rows):
        issues.append("includes the current portion: " + ", ".join(r.name for r, _n in wider))
        warnings.append(
            "Some figures include the current portion of long-term debt, which the others' do not: "
            + " ".join(f"{r.name}: {n}" for r, n in wider)
        )

    lengths = [r.days for r in rows if r.days is not None]
    if len(lengths) == len(rows) and max(lengths) - min(lengths) > MAX_LENGTH_GAP_DAYS:
        longest, shortest = max(lengths), min(lengths)
        each = "; ".join(f"{r.name} {r.days} days" for r in rows)
        warnings.append(
            f"The periods differ in length by {longest - shortest} days ({each}): a 52/53-week calendar gives some "
            f"years an extra week, so the longest period covers {100 * (longest - shortest) / shortest:.1f}% more "
            "days than the shortest."
        )

    old_basis = [r for r in rows if r.pre_split_ratio or r.pre_reverse_split_ratio]
    if old_basis:
        warnings.append(
            "Some figures are on a share basis the company has since changed and were not restated for the later "
            "split(s): "
            + "; ".join(
                f"{_when(r)} predates a "
                + (
                    f"{r.pre_split_ratio}-for-1 stock split"
                    if r.pre_split_ratio
                    else f"1-for-{r.pre_reverse_split_ratio} reverse split or recapitalisation"
                )
                for r in old_basis
            )
            + ". Per-share amounts and share counts on different bases do not compare as they stand."
        )
    suspect = [(r, e) for r in rows for e in r.suspected_errors if e.accession_number == r.accession_number]
    if suspect:
        warnings.append(
            "Some figures look like the filer's own errors, shown as filed: "
            + "; ".join(f"{r.name}: {e.reason}" for r, e in suspect)
        )
    by_kind: dict[str, list[str]] = {}
    for r in rows:
        if substantive_revision(r.restated, r.revision_kind, r.value, r.original_value):
            by_kind.setdefault(REVISION_WORDS.get(r.revision_kind or "", "restated"), []).append(r.name)
    for words, names in by_kind.items():
        notes.append(
            f"Revised after first being reported, {words}: {', '.join(names)} (see each row's original_value)."
        )
    return not issues, issues, warnings, notes

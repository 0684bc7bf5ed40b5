"""The answer of get_financial_concept, assembled once and without pydantic.

:func:`answer_concept` is get_financial_concept's flow once its period and
limit are checked (capabilities/arguments.validate_common): check the fiscal
year, resolve the company, load its companyfacts, build the concept's series,
select and describe the values (xbrl/notes.py); :func:`assemble_answer` is its
last step, shared with compare and statements. Both return a :class:`~edgar_cli.xbrl.records.ConceptResultRecord`:
capabilities/concept/concept.py validates it into the pydantic ``ConceptResult`` at the
capability boundary, and the warm fast path (edgar_cli/cli/fastpath.py) writes its
JSON directly (records.dumps), so the notes, warnings, selection and every
field exist in one place for both. Nothing here imports pydantic.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from ..companies import successors
from ..errors import EdgarError
from ..sec import urls
from ..sec.companyfacts import (
    is_inside_note,
    known_on,
    load_company_facts,
    span_coverage_note,
)
from ..vocabulary import param, possessive, surface, tool
from . import periods as P
from . import pointintime as PIT
from .catalogue import Concept, lookup
from .composite import (
    current_debt_beside,
    ifrs_current_inside,
    ifrs_debt_advice,
    noncurrent_matching_current,
    unsummed_note,
    zero_comparatives,
)
from .facts import CompanyFacts
from .notes import beside_lines, describe_values, quarter_gaps, revisions_unseen
from .records import CompanyRefRecord, ConceptPeriod, ConceptResultRecord, DataSourceRecord, FactRecord
from .series import Series, Unsummed, build_series, currency_note, requested_unit, translation_notes

MIN_FISCAL_YEAR = 1993  # EDGAR's electronic filings begin; XBRL facts begin around 2009
SOURCE = "https://data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json"


def validate_fiscal_year(fy: int | None, today: date) -> None:
    """Reject years before EDGAR and years that cannot have started yet."""
    if fy is None:
        return
    if fy < MIN_FISCAL_YEAR:
        raise EdgarError(
            "invalid_argument",
            f"Fiscal year {fy} predates EDGAR (electronic filings start in 1993; XBRL financial data around 2009).",
            "Ask for a fiscal year from 2009 on.",
        )
    if fy > today.year + 2:
        raise EdgarError(
            "out_of_scope",
            f"Fiscal year {fy} is in the future; EDGAR holds what companies reported, not forecasts.",
            f"Ask for a fiscal year up to {today.year}, or omit {param('fiscal_year')} for the latest.",
        )


def unit_advice(units: list[str]) -> str:
    """What to do when a unit asked for is not one the filer reports (concept, series, compare): ask in a unit it
    reports, or drop the unit choice."""
    return f"Ask in one of {', '.join(units)}, or omit {param('unit')} for the filer's own currency."


def answer_concept(
    company: str,
    concept: str,
    fiscal_year: int | None,
    period: ConceptPeriod,
    limit: int,
    client,
    resolve: Callable[[str, Any], CompanyRefRecord],  # (company, the client above)
    unit: str | None = None,
    as_of: str | date | None = None,
) -> ConceptResultRecord:
    """get_financial_concept's flow, with ``resolve(company, client)`` naming the company (its CIK, name, tickers).

    ``period`` (annual, quarterly, all) and ``limit`` are the caller's to check. ``as_of`` (YYYY-MM-DD): the
    answer as known on that date (:func:`answer_as_of`). Raises what :func:`validate_fiscal_year`, the
    catalogue's ``lookup``, ``resolve``, the companyfacts load and :func:`assemble_answer` raise, and
    invalid_argument for an ``as_of`` that is not a date, is after today or before 2009.
    """
    fy = fiscal_year
    today = client.settings.clock().date()
    when = PIT.parse_as_of(as_of, today)
    validate_fiscal_year(fy, when or today)
    spec = lookup(concept)
    ref = resolve(company, client)
    try:
        facts = load_company_facts(client, int(ref.cik))
    except EdgarError as exc:
        raise successors.facts_missing(exc, ref.cik) from None
    if when is None:
        return assemble_answer(ref, spec, build_series(facts, spec, unit), facts, fy, period, limit, today, unit)
    known_on(client, facts, when)  # its cut kept on facts (and the cache) for answer_as_of
    return answer_as_of(ref, spec, facts, fy, period, limit, when, unit, query=company)


def answer_as_of(
    ref: CompanyRefRecord,
    spec: Concept,
    facts: CompanyFacts,
    fy: int | None,
    period: ConceptPeriod,
    limit: int,
    as_of: date,
    unit: str | None = None,
    query: str | None = None,
) -> ConceptResultRecord:
    """assemble_answer over ``facts`` as known on ``as_of`` (``facts``: as known now), with the later revisions
    and splits of the values shown in notes, and a not_found naming when a period not yet reported was first
    filed. ``query``: the company as asked (a ticker gets a note on its resolution)."""
    known = PIT.known_on(facts, as_of)
    try:
        record = assemble_answer(ref, spec, build_series(known, spec, unit), known, fy, period, limit, as_of, unit)
    except EdgarError as exc:
        wanted = P.period_filter(spec, period)
        later = [v for v in build_series(facts, spec, unit).values if wanted(v) and (fy is None or v.fiscal_year == fy)]
        labels = PIT.label_changes(facts, known, as_of)
        what = f"FY{fy} {spec.name}" if fy else spec.name
        now = build_series(facts, spec, unit).values
        year_then = (fy, known.calendar.estimated_end(fy), now) if fy else None
        err = PIT.not_reported_error(
            exc, as_of, later, what, labels, full=facts, tags=PIT.chain_tags(spec), year_then=year_then
        )
        if "tags_tried" in err.extras:
            err.extras["tags_tried"] = PIT.tags_tried_then(err.extras["tags_tried"], facts, as_of)
        raise err from None
    record.tags_tried = PIT.tags_tried_then(record.tags_tried, facts, as_of)
    record.notes.extend(n for n in [PIT.label_changes(facts, known, as_of)] if n)
    if fy is not None:
        record.warnings.extend(n for n in [PIT.label_conflict(known, fy, (v.end for v in record.values), as_of)] if n)
    record.notes.extend(PIT.later_revisions(facts, record.values, as_of))
    if "shares" in (record.unit or ""):
        record.notes.extend(PIT.later_splits(facts, build_series(facts, spec, unit).values, as_of, record.values))
    record.notes.extend(n for n in [PIT.ticker_note(query or "", ref.cik, as_of)] if n)
    record.as_of = as_of
    return record


def assemble_answer(
    ref: CompanyRefRecord,
    spec: Concept,
    series: Series,
    facts: CompanyFacts,
    fy: int | None,
    period: ConceptPeriod,
    limit: int,
    today: date,
    unit: str | None = None,
) -> ConceptResultRecord:
    """Select a series' values for ``period`` and ``fy`` and describe them: every field of the answer, once.

    ``ref`` is anything with ``cik``, ``name`` and ``tickers`` (a CompanyRefRecord, or compare's CompanyRef).
    Raises ``not_found`` (concept not reported, fiscal year missing) or
    ``out_of_scope`` (a fiscal year that has not begun), as get_financial_concept does.
    """
    cal = facts.calendar
    if not series.values and unit is not None and series.units_available:
        raise EdgarError(
            "not_found",
            f"{ref.name} reports {spec.name} in {', '.join(series.units_available)}, not in "
            f"{requested_unit(spec, unit)}.",
            unit_advice(series.units_available),
            units_available=series.units_available,
            tags_tried=series.tags_tried,
        )
    if not series.values and series.unsummed:
        # a composite whose lines are tagged but never summed (Snowflake's convertible notes with no current line):
        # the year asked, else the latest such year, says what was found and why it is not summed
        year = fy if fy is not None else max((g.fiscal_year or 0 for g in unsummed_in(series, None, period)), default=0)
        _raise_unsummed(ref, spec, series, [], year, period)
    if not series.values:
        raise no_value_error(ref, spec, series, facts, fy, unit)
    wanted = P.period_filter(spec, period)
    pool = [v for v in series.values if wanted(v)]
    if not pool:
        if fy is not None and successors.predecessor_of(ref.cik) is not None:
            # A new holding company with no such value yet: the year's figure is under the predecessor's CIK.
            _raise_missing_year(ref, spec, pool, series.values, fy, period, cal, today, facts=facts)
        _raise_no_period(ref, spec, series, period)
    selected = [v for v in pool if fy is None or v.fiscal_year == fy]
    if fy is not None and not selected:
        _raise_unsummed(ref, spec, series, pool, fy, period)
        # the reports of the year asked, if listed, when the facts do not reach the year
        note = span_coverage_note(facts, [fy], quarters=period != "annual", inside=False)
        _raise_missing_year(
            ref,
            spec,
            pool,
            series.values,
            fy,
            period,
            cal,
            today,
            note,
            _apart_in_year(facts, spec, fy, series.unit),
            _related_in_year(facts, spec, fy, period),
            facts=facts,
        )
    shown = selected[:limit]
    notes, warnings = describe_values(series, spec, shown, facts.reporting_currency)
    notes += translation_notes(facts, shown)
    # a composite's dates not summed, of the period asked (an annual answer's year ends: Tesla's FY2018 total says
    # nothing of its 2018 quarter-ends), in the year asked (NVIDIA's FY2025 total nothing of its 2016-2018 dates)
    gaps = unsummed_in(series, {fy} if fy is not None else None, period)
    if gaps and shown:
        notes.append(unsummed_note(spec.name, gaps))
    notes += current_debt_beside(facts, shown)
    notes += noncurrent_matching_current(facts, shown)
    notes += zero_comparatives(facts, shown, tuple(t.tag for t in spec.chain))
    notes += beside_lines(facts, spec, shown)
    notes += ifrs_current_inside(facts, shown)
    notes += revisions_unseen(facts, shown)
    notes += newer_instant(series, shown, period, fy)
    warnings.extend(facts.notes)  # a failed freshness check: the cached facts, dated
    # the facts end before the filer's latest report: said of the latest, or of a year asked they do not reach
    gap = span_coverage_note(facts, None if fy is None else [fy], quarters=period != "annual")
    if gap:
        (notes if is_inside_note(gap) else warnings).append(gap)
    first = min((v.end for v in pool), default=None)
    if shown and first is not None and min(v.end for v in shown) == first:  # the answer reaches the series' start
        notes += [n for n in [successors.series_note(ref.cik, first)] if n]
    if period in ("quarterly", "all") and spec.kind != "instant":
        years = [fy] if fy is not None else list(dict.fromkeys(v.fiscal_year for v in shown if v.fiscal_year))
        notes.extend(quarter_gaps(series.values, years))
    return ConceptResultRecord(
        company=ref,
        concept=spec.name,
        label=spec.label,
        definition=spec.definition,
        period=period,
        fiscal_year=fy,
        fallback_chain=[t.tag for t in spec.chain],
        tags_tried=series.tags_tried,
        unit=series.unit,
        units_available=series.units_available,
        currency_note=currency_note(series.unit or "", facts.reporting_currency),
        fiscal_year_end=cal.typical_end,
        values=shown,
        total_values=len(selected),
        truncated=len(selected) > limit,
        notes=notes,
        warnings=warnings,
        source=SOURCE.format(cik=ref.cik),
        data_source=source_of(facts),
    )


def newer_instant(series: Series, shown: list[FactRecord], period: ConceptPeriod, fy: int | None) -> list[str]:
    """An annual answer's latest point-in-time value (a share count at a 10-K's cover date) when a later periodic
    filing reports a newer one (Snowflake's 334,100,000 at 2025-03-07 in its 10-K, 333,700,000 at 2025-05-08 in
    the next 10-Q): a note naming the newer value, its filing, and how to see every report's value."""
    if period != "annual" or fy is not None or not shown or shown[0].period_type != "instant":
        return []
    latest = shown[0]
    later = [
        v
        for v in series.values
        if v.period_type == "instant" and v.end > latest.end and P.is_periodic(v.form or "") and v.value is not None
    ]
    if not later:
        return []
    v = max(later, key=lambda x: (x.end, x.filed or ""))
    return [
        f"A newer value than the annual view's latest ({latest.value:,} at {latest.end}): {v.value:,} at {v.end} "
        f"({v.form} {v.accession_number}, filed {v.filed}); {param('period')} all shows every report's value."
    ]


def source_of(facts: CompanyFacts) -> DataSourceRecord:
    """Which source the company's facts came from (live, cache, or the bulk store and its date)."""
    return DataSourceRecord(kind=facts.origin, as_of=datetime.fromtimestamp(facts.fetched_at, UTC))


def no_value_error(ref, spec, series, facts: CompanyFacts, fy: int | None, unit: str | None) -> EdgarError:
    """The not_found of a concept the company reports no value of: the tags tried, and what it does report (a
    related concept, other units, tags with similar names): one answer for every path that finds none (with or
    without --last/--fy: Snowflake's us-gaap:StockBasedCompensation -> its us-gaap:ShareBasedCompensation)."""
    reported = [t.tag for t in series.tags_tried if t.status != "not_reported"]
    similar = similar_tags(facts, spec.chain[0].tag) if spec.raw and not reported else []
    related = _related_reported(facts, spec)
    ifrs = (
        ifrs_debt_advice(facts, spec.name, ref.name, {fy} if fy is not None else None, unit)
        if spec.composite == "total_debt"
        else ""
    )
    return EdgarError(
        "not_found",
        f"{ref.name} reports no value for {spec.name} in its 10-K/10-Q/20-F XBRL facts "
        f"(tags tried: {', '.join(t.tag for t in spec.chain)}).",
        (
            ifrs + (f" It also reports {related}." if related else "")
            if ifrs
            else f"It does report {related}: ask for that; {spec.name} reads only the tags tried."
            if related
            else "The company reports these tags only in other units or forms: " + ", ".join(reported) + "."
            if reported
            else f"Tags it does report with similar names: {', '.join(similar)}."
            if similar
            else "Try a related concept or a raw XBRL tag; some companies report components "
            "separately (selling and G&A, for example) and edgar does not add them up."
        ),
        tags_tried=series.tags_tried,
        similar_tags=similar,
    )


def similar_tags(facts: CompanyFacts, tag: str, limit: int = 5) -> list[str]:
    """Tags the company reports whose names are closest to ``tag`` (an unknown or misspelled raw tag)."""
    from rapidfuzz import fuzz, process

    local = tag.split(":", 1)[-1].lower()
    names = {t.split(":", 1)[-1].lower(): t for t in facts.tags}
    found = process.extract(local, list(names), scorer=fuzz.ratio, score_cutoff=70, limit=limit) or process.extract(
        local, list(names), scorer=fuzz.WRatio, score_cutoff=85, limit=limit
    )
    return [names[n] for n, _, _ in found]


_KINDS = {
    "Q1": "Q1",
    "Q2": "Q2",
    "Q3": "Q3",
    "Q4": "Q4",
    "H1": "H1 (six months)",
    "9M": "9M (nine months)",
    "FY": "FY (the year)",
    "instant": "instant",
    "ytd": "year-to-date",
    "quarterly": "quarterly",
    "annual": "annual",
    "other": "other-length",
}


def _order(kinds: set[str]) -> list[str]:
    return sorted(kinds, key=lambda k: list(_KINDS).index(k) if k in _KINDS else len(_KINDS))


def _kinds(kinds: list[str]) -> str:
    names = [_KINDS.get(k, k) for k in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _raise_no_period(ref: CompanyRefRecord, spec: Concept, series: Series, period: str) -> None:
    """not_found for a series with values, none of them of ``period`` (a 20-F filer's quarters)."""
    forms = {P.base_form(v.form) for v in series.values}
    kinds = _order({v.fiscal_period or v.period_type for v in series.values})
    if period == "quarterly" and forms <= P.ANNUAL_FORMS:
        why = (
            f"it files only annual reports ({', '.join(sorted(forms))}) with XBRL financial data; a "
            "foreign private issuer's quarterly results come in 6-K reports, which are not periodic financial "
            "statements and are not read as such"
        )
        ignored = sum(n for f, n in series.ignored_forms.items() if P.base_form(f) == "6-K")
        if ignored:
            why += f" ({ignored} {spec.name} facts in 6-K were ignored)"
    else:
        why = f"it reports {spec.name} only as {_kinds(kinds)} values"
    raise EdgarError(
        "not_found",
        f"No {period} {spec.name} for {ref.name}: {why}.",
        # never the period asked (annual is the default: an as-of answer asked for it and got none)
        f"Use {param('period')} annual or all."
        if period == "quarterly"
        else f"Use {param('period')} all to see the values it has ({_kinds(kinds)}).",
        periods_available=kinds,
    )


def _raise_unsummed(
    ref: CompanyRefRecord, spec: Concept, series: Series, pool: list[FactRecord], fy: int, period: str
) -> None:
    """not_found for a year whose composite lines are in the facts but cannot be summed: what was found at
    which date, what is missing, and the lines' own tags (which answer) as the way on. ``pool``: the series'
    values of ``period``, whose latest fiscal year is the ``latest_fiscal_year`` that answers."""
    gaps = unsummed_in(series, {fy}, period)
    if not gaps:
        return
    raise EdgarError(
        "not_found",
        (
            f"No {spec.name} values of any period for {ref.name} in fiscal year {fy}"
            if period == "all"
            else f"No {period} {spec.name} for {ref.name} in fiscal year {fy}"
        )
        + f": the lines it is summed from are in the XBRL facts but cannot be summed without a guess: "
        f"{describe_unsummed(gaps)}.",
        unsummed_suggestion(gaps, ref.tickers[0] if ref.tickers else ref.cik, str(fy)),
        latest_fiscal_year=max((v.fiscal_year for v in pool if v.fiscal_year is not None), default=None),
    )


def _report_of_year(cal: P.FiscalCalendar, fy: int) -> str | None:
    """The accession number of the report in the company's facts whose main period is fiscal year ``fy`` (its
    10-K or 20-F), or None when the facts hold no such year (they stop before it, or it is not over)."""
    year_end = next((e for e, label in cal.labels.items() if label == fy), None)
    if year_end is None:
        return None
    reports = [a for a, (_start, end) in cal.report_ends.items() if end == year_end.isoformat()]
    return max(reports, default=None)


def _report_holding_year(cal: P.FiscalCalendar, fy: int) -> tuple[str, bool] | None:
    """(accession, whether it is the year's own report) of the report that gives fiscal year ``fy`` in the
    company's facts: its own 10-K or 20-F, else the first later annual report, which gives it as an earlier year
    (TSMC's FY2016, first in the FY2017 20-F 0001193125-18-121866); None when the facts hold no such year."""
    own = _report_of_year(cal, fy)
    if own is not None:
        return own, True
    year_end = next((e for e, label in cal.labels.items() if label == fy), None)
    if year_end is None:
        return None
    later = [(end, a) for a, (_start, end) in cal.report_ends.items() if end > year_end.isoformat()]
    if not later:
        return None
    first = min(end for end, _a in later)
    return max(a for end, a in later if end == first), False


def facts_span(cal: P.FiscalCalendar, facts: CompanyFacts | None = None) -> tuple[int, int, str | None] | None:
    """(first, last) fiscal year the company's facts label, and the report that first gives the first year (its own
    10-K or 20-F, else the first later annual report: TSMC's FY2015, first in the FY2017 20-F 0001193125-18-121866);
    None when the facts label no fiscal year. The company's span, whatever one concept's tags cover. With
    ``facts``, a balance-sheet date ending an earlier fiscal year counts too (_first_balance_year: TSMC's cash at
    2014-12-31, FY2014, in that same 20-F)."""
    if not cal.labels:
        return None
    first, last = min(cal.labels.values()), max(cal.labels.values())
    early = _first_balance_year(facts, cal, first) if facts is not None else None
    if early is not None:
        return early[0], last, early[1]
    held = _report_holding_year(cal, first)
    return first, last, held[0] if held else None


def _first_balance_year(facts: CompanyFacts, cal: P.FiscalCalendar, first: int) -> tuple[int, str] | None:
    """(fiscal year, accession) of the earliest balance-sheet date before fiscal year ``first`` that ends a fiscal
    year, among the catalogue's balance-sheet concepts' tags in periodic reports (the first filing giving it): an
    opening balance the facts hold before their first full year (LPA's cash at 2020-12-31, 15,458,803 in
    0001493152-24-016772, while its years run from FY2021). None where there is none."""
    from .catalogue import catalogue

    first_end = min(e for e, label in cal.labels.items() if label == first)
    tags = dict.fromkeys(t.tag for c in catalogue().values() if c.kind == "instant" for t in c.chain)
    best: tuple[int, str, str] | None = None  # (years before ``first``, filed, accession), most years first
    for tag in tags:
        for rows in ((facts.tag(tag) or {}).get("units") or {}).values():
            for r in rows:
                if r[0] is not None or r[1] >= first_end.isoformat() or not P.is_periodic(r[6]):
                    continue
                days = (first_end - date.fromisoformat(r[1])).days
                back = round(days / 365.25)
                if back < 1 or abs(days - back * 365.25) > 7:  # not a fiscal year's end: no year of its own
                    continue
                key = (-back, r[7], r[3])
                best = key if best is None or key < best else best
    return None if best is None else (first + best[0], best[2])


def tags_before_facts(
    ref: CompanyRefRecord, spec: Concept, facts: CompanyFacts, tags: list[str], have: list[int], years: list[int]
) -> tuple[str, str] | None:
    """(reason, suggestion) for fiscal ``years`` asked that lie before the first year ``spec``'s ``tags`` give
    (``have``, sorted) while the company's facts hold some of them under other tags: the concept's span, the
    facts' span and the related lines (``apart``) tagged in the years held. None when the facts hold none of them
    (the facts' own span then explains it)."""
    span = facts_span(facts.calendar, facts)
    if span is None or not have:
        return None
    held = [y for y in years if span[0] <= y <= span[1] and y not in have and y < have[0]]
    if not held:
        return None
    lines = [f"FY{y}: {'; '.join(a)}" for y in held if (a := _apart_in_year(facts, spec, y))]
    said = f"FY{held[0]}" + (f" to FY{held[-1]}" if len(held) > 1 else "")
    reason = (
        f"{spec.name}'s tags cover FY{have[0]} to FY{have[-1]} ({', '.join(tags)}); {possessive(ref.name)} XBRL facts cover "
        f"FY{span[0]} to FY{span[1]}, so {said} only under other tags"
        + (f" (nothing before FY{span[0]})" if years[0] < span[0] else "")
        + (
            f"; the related lines it does tag: {' | '.join(lines)}"
            if lines
            else f"; none of the lines related to {spec.name} that edgar knows is tagged in {said}"
        )
    )
    who = ref.tickers[0] if ref.tickers else ref.cik
    suggestion = f"Ask for {param('fiscal_year')} {have[0]}..{have[-1]} for {spec.name} itself" + (
        f", or for a related line itself with {tool('get_financial_concept')} {who} "
        f"{lines[0].split(': ', 1)[1].split(' ', 1)[0]} (it is not {spec.name}: say which line it is)."
        if lines
        else "."
    )
    return reason, suggestion


def _related_in_year(facts: CompanyFacts, spec: Concept, fy: int, period: str) -> str | None:
    """The first of ``spec.related`` with a ``period`` value for fiscal year ``fy``, as "name (tag) value unit for
    FY (accession)": a different figure the filer does tag that year (TSMC's basic weighted-average count for
    FY2018, where it tags no diluted one); None if none."""
    for name in spec.related:
        other = lookup(name)
        wanted = P.period_filter(other, period)
        v = next((v for v in build_series(facts, other).values if v.fiscal_year == fy and wanted(v)), None)
        if v is not None:
            return f"{name} ({v.matched_tag}) {v.value:,} {v.unit} for FY{fy} ({v.accession_number})"
    return None


def _related_reported(facts: CompanyFacts, spec: Concept) -> str | None:
    """The first of ``spec.related`` the company reports, as "long_term_debt (us-gaap:...)"; None if none. Where
    the tag it follows there has lines the filer tags apart (TSMC's bonds beside its bank loans), the offer says
    they are not in it."""
    for name in spec.related:
        other = lookup(name)
        values = build_series(facts, other).values
        if values:
            tags = sorted({v.matched_tag for v in values})
            beside = sorted(
                {line for tag, lines in other.apart if tag in tags for line in lines if facts.tag(line) is not None}
            )
            if beside:
                return (
                    f"{name} ({', '.join(tags)}; {', '.join(beside)}, which it also tags, is not in it, so "
                    f"{name} is only part of its debt: ask for both and say so)"
                )
            return f"{name} ({', '.join(tags)})"
    return None


def _apart_in_year(facts: CompanyFacts, spec: Concept, fy: int, asked: str | None = None) -> list[str]:
    """The lines ``spec`` names as tagged apart from its chain tags (``apart``) that the company reports at the end
    of fiscal year ``fy``, each as "tag value unit at end (accession)" from the year's own report where it has one.
    ``asked``: the unit asked for; where the line is given in another unit and the asked one (a convenience
    translation) starts later, that is said ("its USD translation of that line starts at FY2017")."""
    cal = facts.calendar
    year_end = next((e for e, label in cal.labels.items() if label == fy), None)
    if year_end is None:
        return []
    report = _report_of_year(cal, fy)
    out: list[str] = []
    for line in dict.fromkeys(line for _tag, lines in spec.apart for line in lines):
        units = (facts.tag(line) or {}).get("units") or {}
        unit = facts.reporting_currency if facts.reporting_currency in units else next(iter(units), None)

        def at_end(u: str | None, units: dict = units) -> list:
            rows = [r for r in units.get(u or "", ()) if r[0] is None and r[1] == year_end.isoformat()]
            return [r for r in rows if P.is_periodic(r[6])]

        rows = at_end(unit)
        if not rows:
            continue
        r = next((r for r in rows if r[3] == report), min(rows, key=lambda r: r[7]))
        said = f"{line} {r[2]:,} {unit} at {year_end} ({r[3]})"
        same = [t for t in at_end(asked) if t[3] == r[3]] if asked and asked != unit else []
        if same:  # the unit asked, where the same filing tags the line in it (TSMC's USD convenience translation)
            said = (
                f"{line} {same[0][2]:,} {asked} at {year_end} ({r[3]}), a convenience translation of the "
                f"filer's {r[2]:,} {unit}"
            )
        elif asked and asked != unit and asked in units:
            ends = sorted(date.fromisoformat(x[1]) for x in units[asked] if x[0] is None and P.is_periodic(x[6]))
            first = next((cal.labels.get(e) for e in ends if cal.labels.get(e) is not None), None)
            if ends and ends[0] > year_end and first is not None:
                said += f", in {unit}: its {asked} translation of that line starts at FY{first}"
        out.append(said)
    return out


def _stopped_suggestion(ref: CompanyRefRecord, spec: Concept, fy: int, latest: int | None) -> str:
    """What answers when ``spec`` stops at FY``latest`` and the company's other tags go on to FY``fy``: the
    concept's last year, or another tag or catalogue concept for ``fy``."""
    who = ref.tickers[0] if ref.tickers else ref.cik
    if surface() == "cli":
        last = f"{tool('get_financial_concept')} {who} {spec.name} {param('fiscal_year')} {latest}"
        other = f"{tool('list_concepts')} lists the catalogue's concepts and the tags each follows"
    else:
        last = f"{tool('get_financial_concept')} (company {who}, concept {spec.name}, {param('fiscal_year')} {latest})"
        other = "a catalogue concept follows a company across the tags it uses over the years"
    return f"Ask for its last year with {last}, or for FY{fy} by a tag {ref.name} reports that year ({other})."


def unsummed_in(series: Series, years: set[int] | None, period: str) -> list[Unsummed]:
    """The dates of ``series`` (a composite's) in fiscal ``years`` (None: any) whose lines could not be summed,
    of ``period`` (annual: the fiscal year's end; otherwise any fiscal period's)."""
    return [
        g
        for g in series.unsummed
        if (years is None or g.fiscal_year in years)
        and (g.fiscal_period == "FY" if period == "annual" else g.fiscal_period is not None)
    ]


def describe_unsummed(gaps: list[Unsummed], limit: int = 4) -> str:
    """The unsummed dates in words: each date's lines found (tag, value, accession), those missing, and why."""

    def found(g: Unsummed) -> str:
        lines = " beside ".join(f"{v.matched_tag} {v.value:,} ({v.accession_number})" for v in g.found)
        return f"at {g.end}, {lines}{readings(g)}"

    def readings(g: Unsummed) -> str:
        """The two totals a long-term debt line beside a current debt line can give, each named for its reading."""
        if len(g.found) != 2 or g.found[1].matched_tag not in ("us-gaap:DebtCurrent", "us-gaap:LongTermDebtCurrent"):
            return ""
        whole, current = g.found
        return (
            f" (if {whole.matched_tag} is the noncurrent part only, the total is {whole.value + current.value:,}; "
            f"if it includes the current debt, {whole.value:,})"
        )

    more = f"; and {len(gaps) - limit} more date(s)" if len(gaps) > limit else ""
    if len({(g.missing, g.why) for g in gaps}) == 1:  # one reason for every date: said once
        g = gaps[0]
        where = "there" if len(gaps) == 1 else "at any of these dates"
        return (
            "; ".join(found(g) for g in gaps[:limit])
            + more
            + f"; no {' or '.join(g.missing)} is tagged {where}, so {g.why}"
        )
    return "; ".join(f"{found(g)}, with no {' or '.join(g.missing)} tagged: {g.why}" for g in gaps[:limit]) + more


def unsummed_suggestion(gaps: list[Unsummed], who: str, years: str) -> str:
    """Ask for the lines found at the unsummed dates by their own tags (they answer), for ``years`` ("2019",
    "2019..2021")."""
    tags = list(dict.fromkeys(v.matched_tag for g in gaps for v in g.found))
    if not years.strip(" ,."):  # no year asked (a --last table): the years of the dates not summed themselves
        held = sorted({g.fiscal_year for g in gaps if g.fiscal_year is not None})
        years = (f"{held[0]}..{held[-1]}" if len(held) > 1 else str(held[0])) if held else ""
    if not years:  # nor known: ask for the lines without a year (their latest values)
        if surface() == "cli":
            asks = " and ".join(f"{tool('get_financial_concept')} {who} {t}" for t in tags)
        else:
            asks = f"{tool('get_financial_series')} (company {who}, concepts {' and '.join(tags)})"
        return (
            f"Ask for the lines themselves with {asks}, and read the balance sheet in the filing for how they add up."
        )
    if surface() == "cli":
        if ".." in years:
            asks = f"{tool('get_financial_series')} {who} {' '.join(tags)} {param('fiscal_year')} {years}"
        else:
            asks = " and ".join(
                f"{tool('get_financial_concept')} {who} {t} {param('fiscal_year')} {years}" for t in tags
            )
    else:
        asks = f"{tool('get_financial_series')} (company {who}, concepts {' and '.join(tags)}, {param('fiscal_year')} {years})"
    return f"Ask for the lines themselves with {asks}, and read the balance sheet in the filing for how they add up."


def _read_year(ref: CompanyRefRecord, fy: int) -> str:
    """How this surface reads fiscal year ``fy``'s report text (its MD&A or financial statements)."""
    who = ref.tickers[0] if ref.tickers else ref.cik
    if surface() == "cli":
        return f"{tool('get_filing_section')} {who} mda {param('fiscal_year')} {fy}"
    return (
        f"{tool('get_filing_section')} (company {who}, section mda or financial_statements, "
        f"{param('fiscal_year')} {fy})"
    )


def _tags_start(spec: Concept, pool: list[FactRecord], every: list[FactRecord], earliest: int, period: str) -> str:
    """ "<concept>'s tags start at FY<y> (<tags>)", from any period the tags have: where values of other periods
    start earlier than the ``period`` ones (``pool``, first FY``earliest``), both (Apple's PaymentsOfDividends has
    quarters in FY2012, 2,500,000,000 for Q4 in 0001193125-12-444068, and annual values from FY2013)."""
    tags = ", ".join(sorted({v.matched_tag for v in pool if v.fiscal_year == earliest}))
    first = min((v.fiscal_year for v in every if v.fiscal_year is not None), default=earliest)
    if first >= earliest:
        return f"{spec.name}'s tags start at FY{earliest} ({tags})"
    then = [v for v in every if v.fiscal_year == first]
    kinds = _order({v.fiscal_period or v.period_type for v in then})
    return (
        f"{spec.name}'s tags start at FY{first} ({', '.join(sorted({v.matched_tag for v in then}))}, as "
        f"{_kinds(kinds)} values); its {period} values start at FY{earliest} ({tags})"
    )


def _six_k_of_year(facts: CompanyFacts | None, year_end: date | None, today: date) -> list[tuple]:
    """A 20-F/40-F filer's 6-K reports dated at fiscal year end ``year_end`` (within 3 days: a 52/53-week year), once it has passed:
    (report date, filed, accession), oldest first; [] otherwise."""
    if facts is None or year_end is None or year_end >= today:
        return []
    return sorted(
        (r[0], r[2], r[3]) for r in facts.interim_reports if r[0] is not None and abs((r[0] - year_end).days) <= 3
    )


def _raise_missing_year(
    ref: CompanyRefRecord,
    spec: Concept,
    pool: list[FactRecord],
    every: list[FactRecord],
    fy: int,
    period: str,
    cal: P.FiscalCalendar,
    today: date,
    coverage_note: str | None = None,
    apart: list[str] | None = None,
    related: str | None = None,
    facts: CompanyFacts | None = None,
) -> None:
    years = sorted({v.fiscal_year for v in pool if v.fiscal_year is not None})
    latest, earliest = (years[-1], years[0]) if years else (None, None)
    est_end = cal.estimated_end(fy)
    if est_end is not None and (est_end - today).days > 366:
        raise EdgarError(
            "out_of_scope",
            f"{possessive(ref.name)} fiscal year {fy} has not begun (it would end around {est_end}); EDGAR holds what "
            "companies reported, not forecasts.",
            f"Ask for FY{latest} (the latest reported) or earlier." if latest else f"Omit {param('fiscal_year')}.",
            latest_fiscal_year=latest,
        )
    other = _order({v.fiscal_period or v.period_type for v in every if v.fiscal_year == fy})
    # the facts are old and the filings list that would say whether reports followed could not be read (a coverage
    # note without the reports it names): no report's text can be found through it either
    unchecked = facts is not None and facts.coverage_note is not None and not facts.later_reports
    # The company's facts as a whole hold FY``fy`` (other tags answer it): only this concept stops earlier.
    covered = _report_of_year(cal, fy) if latest is not None and fy > latest and not other else None
    if est_end is not None and est_end >= today:
        reason = f"FY{fy} is still in progress (it ends around {est_end})"
        other = []
    elif other:
        # The year is reported, only not as ``period``: say what it is reported as (SNOW's FY2025 goodwill
        # change: six months, nine months and the year, no quarter).
        reason = f"FY{fy} has no {period} value, only {_kinds(other)}"
        if period == "quarterly" and {"H1", "9M"} & set(other):
            reason += "; edgar does not subtract year-to-date values to make quarters"
    elif covered is not None:
        reason = (
            f"{spec.name} is not reported after FY{latest}; {possessive(ref.name)} XBRL facts cover FY{fy} under other tags "
            f"(the report {covered})"
        )
    elif latest is not None and fy > latest and coverage_note and unchecked:
        # the filings list could not be read: nothing shows the filings go further than the facts
        reason = f"FY{fy} is not in the XBRL facts. {coverage_note.rstrip('.')}"
    elif latest is not None and fy > latest and coverage_note:
        reason = f"FY{fy} is not in the XBRL facts, which stop short of the filings. {coverage_note.rstrip('.')}"
    elif latest is not None and fy > latest and (six_k := _six_k_of_year(facts, est_end, today)):
        # a 20-F filer between annual reports: its results for the year are on 6-K, without XBRL (TSMC's FY2025)
        reason = (
            f"FY{fy} has not been reported in the XBRL facts yet: {ref.name} files an annual report (20-F) with "
            f"XBRL some months after its year ends; it has filed 6-K reports dated {six_k[0][0]}, the year's end, "
            f"without XBRL ({', '.join(f'{a} filed {d}' for _r, d, a in six_k)}), which may carry the year's "
            "results; edgar does not read figures from them"
        )
    elif latest is not None and fy > latest:
        reason = f"FY{fy} has not been reported in the XBRL facts yet"
    elif earliest is not None and fy < earliest and (held := _report_holding_year(cal, fy)) is not None:
        # the company's facts hold the year: only this concept's tags begin later (TSMC's ifrs-full:Longterm-
        # Borrowings from FY2020, its facts from 2014; its FY2016 only as the prior year of the FY2017 20-F)
        where = f"the report {held[0]}" if held[1] else f"as an earlier year in a later report, {held[0]}"
        reason = (
            f"{_tags_start(spec, pool, every, earliest, period)}; {possessive(ref.name)} XBRL facts cover FY{fy} under other "
            f"tags ({where})"
        )
        if apart:
            reason += f"; the year's related lines it does tag: {'; '.join(apart)}"
    elif earliest is not None and fy < earliest:
        # before the company's facts begin too. Tags and facts starting together say so once (Marvell's successor,
        # facts from FY2020); starting apart, each span is named (TSMC's long-term debt from FY2020, facts FY2015).
        span = facts_span(cal, facts)
        if span is None or span[0] >= earliest:
            reason = f"the XBRL facts start at FY{earliest}"
        else:
            reason = (
                f"{_tags_start(spec, pool, every, earliest, period)}; {possessive(ref.name)} XBRL facts start at FY{span[0]}"
                + (f" ({span[2]})" if span[2] else "")
            )
    else:
        reason = f"FY{fy} has no {period} value"
    if (
        covered is None
        and coverage_note
        and latest is not None
        and fy >= latest
        and coverage_note.rstrip(".") not in reason
    ):
        reason += f". {coverage_note.rstrip('.')}"  # the year may be reported in filings the facts do not reach
    # A reorganisation: the years before the successor's facts begin are under the predecessor's CIK.
    before = successors.predecessor_of(ref.cik) if earliest is None or fy < earliest else None
    if before is not None:
        reason += f". {str(successors.history_stop(ref.cik)).removesuffix('.')}"
    latest_end = max((v.end for v in pool if v.fiscal_year == latest), default=None)
    year_end = next((e for e, label in cal.labels.items() if label == latest), None)
    if latest_end is None:
        where = "."
    elif period == "annual" or year_end == latest_end:
        where = f" (ending {latest_end})."
    elif year_end is not None:
        where = f" (its latest {'' if period == 'all' else period + ' '}value ends {latest_end}; the fiscal year ended {year_end})."
    else:
        # the facts stop inside the year: its latest value ends a quarter, never the year's end (Tesla's FY2022,
        # its facts ending 2022-09-30 while the year ends 2022-12-31)
        est = cal.estimated_end(latest) if latest is not None else None
        where = (
            f" (its latest {'' if period == 'all' else period + ' '}value ends {latest_end}, within the year"
            + (f", which ends around {est}" if est is not None and est != latest_end else "")
            + "; the XBRL facts do not reach the year's end)."
        )
    if before is not None:
        suggestion = f"Ask for CIK {before.predecessor_cik} for FY{fy}."
    elif other and coverage_note and not unchecked:  # the year's other values are in the facts; its report is past them
        suggestion = (
            f"Use {param('period')} all to see FY{fy}'s values in the XBRL facts, and read the rest in its "
            f"report's text with {_read_year(ref, fy)}; or ask for FY{latest}."
        )
    elif other:
        suggestion = f"Use {param('period')} all to see FY{fy}'s values, or ask for FY{latest}."
    elif covered is not None:
        suggestion = _stopped_suggestion(ref, spec, fy, latest)
    elif apart and earliest is not None and fy < earliest:
        who = ref.tickers[0] if ref.tickers else ref.cik
        tag, given = apart[0].split(" ", 1)[0], apart[0].split(" ")[2]  # "tag value unit at end (accession)..."
        in_unit = f" {param('unit')} {given}" if "convenience translation" in apart[0] else ""
        suggestion = (
            f"Ask for the related line itself with {tool('get_financial_concept')} {who} {tag} "
            f"{param('fiscal_year')} {fy}{in_unit} (it is not {spec.name}: say which line it is), or ask for "
            f"FY{latest}."
        )
    elif latest and fy >= latest and coverage_note and unchecked:
        suggestion = (
            f"Ask for FY{latest}, the latest year in the XBRL facts; whether FY{fy} was reported since, and its "
            "report's text, can be found once the company's filings list can be read again (ask again later)."
        )
    elif latest and fy >= latest and coverage_note and not (est_end is not None and est_end >= today):
        # (a year still in progress has no report to read yet: the next branch says so)
        suggestion = (
            f"Read FY{fy}'s figures in its report's text with {_read_year(ref, fy)} (they are not in the XBRL facts), "
            f"or ask for FY{latest}, the latest year in the XBRL facts."
        )
    elif latest and fy > latest and _six_k_of_year(facts, est_end, today):
        who = ref.tickers[0] if ref.tickers else ref.cik
        suggestion = (
            f"List those 6-K reports with {tool('list_filings')} {who} {param('form')} 6-K and read them in the "
            f"filing text; or ask for FY{latest}, the latest year in the XBRL facts."
        )
    elif related and latest:
        suggestion = (
            f"It does tag {related}, a different figure ({spec.name} is not it: say which it is); or "
            f"ask for FY{latest}."
        )
    elif latest:
        suggestion = (
            f"Ask for FY{latest}, or use {param('period')} quarterly for the quarters of FY{fy} reported so far."
            if est_end is not None and est_end >= today and period == "annual"
            else f"Ask for FY{latest}."
        )
    else:
        suggestion = f"Try {param('period')} all."
    raise EdgarError(
        "not_found",
        (
            f"No {spec.name} values of any period for {ref.name} in fiscal year {fy}: {reason}. "
            if period == "all"
            else f"No {period} {spec.name} for {ref.name} in fiscal year {fy}: {reason}. "
        )
        + (
            (
                f"The latest fiscal year with a value of it is FY{latest}{where}"
                if period == "all"
                else f"The latest fiscal year with {'an' if period == 'annual' else 'a'} {period} value is "
                f"FY{latest}{where}"
            )
            if latest is not None
            else f"No {'' if period == 'all' else period + ' '}value of it carries a fiscal year yet."
        ),
        suggestion,
        latest_fiscal_year=latest,
        earliest_fiscal_year=earliest,
        **({"predecessor_cik": urls.pad_cik(before.predecessor_cik)} if before else {}),
    )


apart_in_year = _apart_in_year  # for the statement's empty row (capabilities/statement)

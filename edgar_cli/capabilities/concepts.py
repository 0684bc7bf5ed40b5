"""get_financial_concept: one concept's reported values for one company, with provenance."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from ..errors import EdgarError
from ..models import CompanyRef, ConceptResult, DataSource, FactValue, TagTried
from ..sec import urls
from ..sec.client import SecClient, get_client
from ..xbrl import periods as P
from ..xbrl.catalogue import Concept, lookup
from ..xbrl.facts import CompanyFacts, load_company_facts
from ..xbrl.restatements import select, split_events
from .resolve import resolve_company

MIN_FISCAL_YEAR = 1993  # EDGAR's electronic filings begin; XBRL facts begin around 2009
MAX_LIMIT = 200
SOURCE = "https://data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json"

PeriodArg = Literal["annual", "quarterly", "all"]


def _unit_family(unit: str) -> str:
    if unit == "shares":
        return "shares"
    if re.fullmatch(r"[A-Z]{3}", unit):
        return "currency"
    if re.fullmatch(r"[A-Z]{3}/shares", unit):
        return "currency/shares"
    return "other"


def validate_fiscal_year(fy: int | None, today: date) -> None:
    """Reject years before EDGAR and years that cannot have started yet."""
    if fy is None:
        return
    if fy < MIN_FISCAL_YEAR:
        raise EdgarError("invalid_argument", f"Fiscal year {fy} predates EDGAR (electronic filings start in 1993; "
                         "XBRL financial data around 2009).", "Ask for a fiscal year from 2009 on.")
    if fy > today.year + 2:
        raise EdgarError("out_of_scope", f"Fiscal year {fy} is in the future; EDGAR holds what companies reported, "
                         "not forecasts.", f"Ask for a fiscal year up to {today.year}, or omit --fy for the latest.")


def validate_common(period: str, limit: int) -> None:
    if period not in ("annual", "quarterly", "all"):
        raise EdgarError("invalid_argument", f"Unknown period {period!r}.", "Use annual, quarterly or all.")
    if not 1 <= int(limit) <= MAX_LIMIT:
        raise EdgarError("invalid_argument", f"limit must be between 1 and {MAX_LIMIT}, not {limit}.",
                         "Use a limit such as 8.")


def get_financial_concept(
    company: Annotated[str, Field(description="Ticker, CIK or company name, e.g. NVDA, 1045810, NVIDIA")],
    concept: Annotated[str, Field(description="Catalogue concept or alias (revenue, net sales, eps_diluted, R&D) "
                                              "or a raw XBRL tag (us-gaap:Revenues)")],
    fy: Annotated[int | None, Field(description="Fiscal year by the company's own label, e.g. 2024 "
                                               "(NVIDIA's FY2024 ended 2024-01-28)")] = None,
    period: Annotated[PeriodArg, Field(description="annual, quarterly or all")] = "annual",
    limit: Annotated[int, Field(description="Most values to return, newest first (1-200)")] = 8,
    *,
    client: SecClient | None = None,
) -> ConceptResult:
    """A financial concept's reported values for one company, newest first, each with its provenance.

    Periods are identified by start/end dates (never companyfacts' fy/fp, which
    describe the filing); fiscal-year labels are the company's own. Only 10-K,
    10-Q, 10-KT, 20-F, 40-F and amendments count. For each period the first tag
    of the concept's chain that reports it is used and named (``matched_tag``).
    A period reported with different values in different filings gives the
    latest-filed value with ``restated: true``, the original value, its filing
    and a ``revision_kind`` (stock_split, precision_change, restatement). Each
    value cites the first filing that reported it as it now stands.

    Returns: company, concept, fallback_chain, tags_tried, unit (USD, USD/shares,
    shares or the filer's currency), units_available, notes, warnings and
    values (value, unit, fiscal_year, fiscal_period, period_type, start, end,
    days, filed, form, accession_number, matched_tag, restated, original_*,
    revision_kind, filing_url). Nothing is derived: no Q4 by subtraction, no ratios.

    Errors: invalid_argument (unknown concept, bad period or limit, fiscal year
    before 1993), not_found (unknown company, concept not reported, fiscal year
    not reported yet: the message names the latest available), out_of_scope (a
    future fiscal year), ambiguous (a company name matching several companies).
    Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json.
    """
    client = client or get_client()
    validate_common(period, limit)
    today = client.settings.clock().date()
    validate_fiscal_year(fy, today)
    spec = lookup(concept)
    resolved = resolve_company(company, client=client)
    facts = load_company_facts(client, int(resolved.cik))
    ref = CompanyRef(cik=resolved.cik, name=resolved.name, tickers=resolved.tickers)
    series = build_series(facts, spec)
    return answer_from_series(ref, spec, series, facts, fy, period, limit, today)


class Series:
    """Every period of a concept for one company, one value per period."""

    def __init__(self) -> None:
        self.values: list[FactValue] = []
        self.unit: str | None = None
        self.units_available: list[str] = []
        self.tags_tried: list[TagTried] = []
        self.ignored_forms: dict[str, int] = {}


def build_series(facts: CompanyFacts, spec: Concept) -> Series:
    """Per-period tag fallback, restatement selection and labelling for one concept."""
    out = Series()
    cal = facts.calendar
    present = [(t.tag, facts.tag(t.tag)) for t in spec.chain]
    units_count: dict[str, set] = defaultdict(set)
    for _tag, body in present:
        if body is None:
            continue
        for unit, rows in body["units"].items():
            if spec.unit != "any" and _unit_family(unit) != spec.unit:
                continue
            for r in rows:
                if P.is_periodic(r[6]):
                    units_count[unit].add((r[0], r[1]))
    out.units_available = sorted({u for _t, b in present if b for u in b["units"]})
    if units_count:
        # The reporting currency wins when the concept is reported in it: a USD
        # "convenience translation" beside the home currency (TSMC's TWD) may cover
        # as many periods, and must never be picked silently. Otherwise: most periods.
        home = facts.reporting_currency
        preferred = {home, f"{home}/shares"} if home else set()
        out.unit = max(units_count, key=lambda u: (u in preferred, len(units_count[u]), u == "USD"))
    claimed: dict[tuple, str] = {}
    grouped: dict[tuple, list] = {}
    canon = _PeriodKeys()
    for tag, body in present:
        if body is None:
            out.tags_tried.append(TagTried(tag=tag, status="not_reported", detail="the company never reported this tag"))
            continue
        rows = body["units"].get(out.unit or "", [])
        if not rows:
            other = ", ".join(sorted(body["units"]))
            out.tags_tried.append(TagTried(tag=tag, status="other_unit", detail=f"reported only in {other}"))
            continue
        by_period: dict[tuple, list] = defaultdict(list)
        for r in rows:
            if P.is_periodic(r[6]):
                by_period[canon.key(r[0], r[1])].append(r)
            else:
                out.ignored_forms[r[6]] = out.ignored_forms.get(r[6], 0) + 1
        new = [k for k in by_period if k not in claimed]
        for k in new:
            claimed[k] = tag
            grouped[k] = by_period[k]
        latest_end = max((date.fromisoformat(k[1]) for k in by_period), default=None)
        if new:
            out.tags_tried.append(TagTried(tag=tag, status="used", periods=len(new), latest_end=latest_end,
                                           detail="" if len(new) == len(by_period) else
                                           f"{len(by_period) - len(new)} periods already covered by an earlier tag"))
        else:
            out.tags_tried.append(TagTried(tag=tag, status="superseded", periods=0, latest_end=latest_end,
                                           detail="every period it reports is covered by an earlier tag"
                                           if by_period else "reported only outside periodic reports"))
    last_filed: dict[tuple, str] = {}
    for key, rows in grouped.items():
        fv = fact_value(facts, cal, claimed[key], out.unit or "", rows)
        if fv is not None:
            out.values.append(fv)
            last_filed[(fv.start, fv.end)] = max(r[7] for r in rows)
    out.values.sort(key=lambda v: (v.end, v.days or 0), reverse=True)
    if "shares" in (out.unit or ""):
        _mark_pre_split(out.values, last_filed)
    return out


class _PeriodKeys:
    """One key per period, whichever filing reported it.

    Filings sometimes date the same period a day or two apart (NVIDIA's Q2 FY2011
    ends 2010-08-01 in its 10-Q and 2010-07-31 in a later 10-K; a balance dated
    2009-01-25 in one filing is 2009-01-26 in another). Dates within 3 days, with
    the same length class, are one period: the first key seen stands for it.
    """

    TOLERANCE = 3

    def __init__(self) -> None:
        self._by_end: dict[int, list[tuple]] = defaultdict(list)  # end ordinal -> [(key, start ordinal, kind)]
        self._memo: dict[tuple, tuple] = {}

    def key(self, start: str | None, end: str) -> tuple:
        raw = (start, end)
        hit = self._memo.get(raw)
        if hit is not None:
            return hit
        e = date.fromisoformat(end).toordinal()
        s = date.fromisoformat(start).toordinal() if start else None
        kind = P.classify(date.fromordinal(s) if s else None, date.fromordinal(e))
        found = raw
        for d in range(-self.TOLERANCE, self.TOLERANCE + 1):
            for key, s2, kind2 in self._by_end.get(e + d, ()):
                if kind2 == kind and (s is None) == (s2 is None) and (s is None or abs(s - s2) <= self.TOLERANCE):
                    found = key
                    break
            if found is not raw:
                break
        if found is raw:
            self._by_end[e].append((raw, s, kind))
        self._memo[raw] = found
        return found


def _mark_pre_split(values: list[FactValue], last_filed: dict[tuple, str]) -> None:
    """Flag per-share/share values never restated for a split that later filings applied.

    NVIDIA's FY2022 diluted EPS (3.85) was last reported in 0001045810-24-000029,
    before the June 2024 10-for-1 split; FY2023 and later were restated in
    0001045810-25-000023. Without a flag the series jumps 20x between them.
    """
    events = split_events([(v.filed, v.original_value, v.value) for v in values
                           if v.revision_kind == "stock_split" and v.original_value is not None])
    if not events:
        return
    for v in values:
        last = date.fromisoformat(last_filed.get((v.start, v.end), v.filed.isoformat()))
        ratio = 1
        for when, n in events:
            if last < when and v.end < when:
                ratio *= n
        if ratio > 1:
            v.pre_split_ratio = ratio


def fact_value(facts: CompanyFacts, cal: P.FiscalCalendar, tag: str, unit: str, rows: list) -> FactValue | None:
    """One period's rows of one tag as a FactValue: the selected value, its labels and its provenance."""
    sel = select(rows, unit)
    start_s, end_s, val, accn, _fy, _fp, form, filed, _frame = sel.row
    try:
        start = date.fromisoformat(start_s) if start_s else None
        end = date.fromisoformat(end_s)
    except ValueError:
        return None
    kind = P.classify(start, end)
    fiscal_year, fiscal_period = P.fiscal_period_of(start, end, cal)
    if kind == "instant" and tag.startswith("dei:") and accn in cal.report_ends:
        # A cover-page value (dei) is dated weeks after the period it accompanies: label it
        # with its report's own period, never by where its date happens to fall.
        rs, re_ = cal.report_ends[accn]
        fiscal_year, fiscal_period = P.fiscal_period_of(date.fromisoformat(rs), date.fromisoformat(re_), cal)
    orig = sel.original
    return FactValue(
        value=val, unit=unit, fiscal_year=fiscal_year, fiscal_period=fiscal_period, period_type=kind,
        start=start, end=end, days=P.days_between(start, end) if start else None,
        filed=date.fromisoformat(filed), form=form, accession_number=accn, matched_tag=tag,
        restated=orig is not None, original_value=orig[2] if orig else None,
        original_filed=date.fromisoformat(orig[7]) if orig else None,
        original_accession=orig[3] if orig else None, distinct_values=sel.distinct,
        revision_kind=sel.revision_kind, filing_url=urls.filing_index(facts.cik, accn),
    )


def currency_note(unit: str) -> str | None:
    currency = unit.split("/")[0] if _unit_family(unit) in ("currency", "currency/shares") else None
    if currency and currency != "USD":
        return (f"Values are in {currency}, the filer's reporting currency; do not compare them with USD "
                "figures without converting at a rate you state.")
    return None


def _describe(series: Series, spec: Concept, shown: list[FactValue]) -> tuple[list[str], list[str]]:
    """Notes and warnings about the values actually returned."""
    notes: list[str] = []
    warnings: list[str] = []
    unit = series.unit or ""
    cnote = currency_note(unit)
    if cnote:
        notes.append(cnote)
        usd_units = [u for u in series.units_available if u.split("/")[0] == "USD"]
        if usd_units:
            notes.append(f"The filer also reports some periods in {', '.join(usd_units)} (a convenience "
                         "translation); those are not mixed in. Ask for the raw tag to see them.")
    if any(v.matched_tag.startswith("ifrs-full:") for v in shown):
        notes.append("IFRS figures (a foreign private issuer's 20-F): definitions differ from US GAAP.")
    used = list(dict.fromkeys(v.matched_tag for v in shown))
    if len(used) > 1:
        spans = []
        for tag in used:
            ends = [v.end for v in shown if v.matched_tag == tag]
            spans.append(f"{tag} for {len(ends)} period(s) ending {min(ends)} to {max(ends)}")
        warnings.append("These values come from different XBRL tags, whose definitions may differ: "
                        + "; ".join(spans) + ".")
    if series.ignored_forms:
        forms = ", ".join(f"{n} in {f}" for f, n in sorted(series.ignored_forms.items()))
        notes.append(f"Facts repeated outside periodic reports were ignored ({forms}).")
    caveats = {t.tag: t.caveat for t in spec.chain}
    first_of_taxonomy: dict[str, str] = {}
    for t in spec.chain:
        first_of_taxonomy.setdefault(t.tag.split(":")[0], t.tag)
    for tag in used:
        if tag not in first_of_taxonomy.values() and caveats.get(tag):
            notes.append(f"Matched {tag}, not the first tag of the chain: {caveats[tag]}")
    pre_split = [v for v in shown if v.pre_split_ratio]
    if pre_split:
        warnings.append(
            "Some values predate a stock split and were never restated (pre_split_ratio): "
            + "; ".join(f"{v.end} ({v.pre_split_ratio}-for-1 since)" for v in pre_split)
            + ". They are on the old share basis; do not compare them with later values as they stand.")
    restated = [v for v in shown if v.restated]
    if restated:
        warnings.append(f"{len(restated)} of these values were revised after first being reported; "
                        "see original_value and revision_kind.")
    return notes, warnings


def answer_from_series(ref: CompanyRef, spec: Concept, series: Series, facts: CompanyFacts, fy: int | None,
                       period: str, limit: int, today: date) -> ConceptResult:
    """Select a series' values for ``period`` and ``fy`` and describe them (shared with compare).

    Raises ``not_found`` (concept not reported, fiscal year missing) or
    ``out_of_scope`` (a fiscal year that has not begun), as get_financial_concept does.
    """
    cal = facts.calendar
    if not series.values:
        reported = [t.tag for t in series.tags_tried if t.status != "not_reported"]
        raise EdgarError(
            "not_found",
            f"{ref.name} reports no value for {spec.name} in its 10-K/10-Q/20-F XBRL facts "
            f"(tags tried: {', '.join(t.tag for t in spec.chain)}).",
            ("The company reports these tags only in other units or forms: " + ", ".join(reported) + "."
             if reported else "Try a related concept or a raw XBRL tag; some companies report components "
             "separately (selling and G&A, for example) and edgar does not add them up."),
            tags_tried=series.tags_tried,
        )
    wanted = period_filter(spec, period)
    pool = [v for v in series.values if wanted(v)]
    selected = [v for v in pool if fy is None or v.fiscal_year == fy]
    if fy is not None and not selected:
        _raise_missing_year(ref, spec, pool or series.values, fy, period, cal, today)
    shown = selected[:limit]
    notes, warnings = _describe(series, spec, shown)
    if period in ("quarterly", "all") and fy is not None:
        quarters = {v.fiscal_period for v in selected if v.period_type == "quarterly"}
        has_annual = any(v.period_type == "annual" and v.fiscal_year == fy for v in series.values)
        if spec.kind != "instant" and "Q4" not in quarters and has_annual:
            notes.append(f"Q4 of FY{fy} is not reported as its own quarter; it is only implied by the annual "
                         "figure less the nine months. edgar does not derive it.")
    return ConceptResult(
        company=ref, concept=spec.name, label=spec.label, definition=spec.definition, period=period,  # type: ignore[arg-type]
        fiscal_year=fy, fallback_chain=[t.tag for t in spec.chain], tags_tried=series.tags_tried,
        unit=series.unit, units_available=series.units_available,
        currency_note=currency_note(series.unit or ""),
        fiscal_year_end=cal.typical_end, values=shown, total_values=len(selected),
        truncated=len(selected) > limit, notes=notes, warnings=warnings,
        source=SOURCE.format(cik=ref.cik), data_source=data_source_of(facts),
    )


def data_source_of(facts: CompanyFacts) -> DataSource:
    """Which source the company's facts came from (live, cache, or the bulk store and its date)."""
    from datetime import datetime, timezone

    return DataSource(kind=facts.origin, as_of=datetime.fromtimestamp(facts.fetched_at, timezone.utc))  # type: ignore[arg-type]


def period_filter(spec: Concept, period: str):
    """A predicate on FactValue: which values count as ``period`` (annual, quarterly, all)."""
    if period == "all":
        return lambda v: True
    if period == "annual":
        return lambda v: v.period_type == "annual" or (v.period_type == "instant" and v.fiscal_period == "FY")
    return lambda v: v.period_type == "quarterly" or (v.period_type == "instant" and v.fiscal_period is not None)


def _raise_missing_year(ref: CompanyRef, spec: Concept, pool: list[FactValue], fy: int, period: str,
                        cal: P.FiscalCalendar, today: date) -> None:
    years = sorted({v.fiscal_year for v in pool if v.fiscal_year is not None})
    latest, earliest = (years[-1], years[0]) if years else (None, None)
    est_end = cal.estimated_end(fy)
    if est_end is not None and (est_end - today).days > 366:
        raise EdgarError(
            "out_of_scope",
            f"{ref.name}'s fiscal year {fy} has not begun (it would end around {est_end}); EDGAR holds what "
            "companies reported, not forecasts.",
            f"Ask for FY{latest} (the latest reported) or earlier." if latest else "Omit --fy.",
            latest_fiscal_year=latest,
        )
    if est_end is not None and est_end >= today:
        reason = f"FY{fy} is still in progress (it ends around {est_end})"
    elif latest is not None and fy > latest:
        reason = f"FY{fy} has not been reported in the XBRL facts yet"
    elif earliest is not None and fy < earliest:
        reason = f"the XBRL facts start at FY{earliest}"
    else:
        reason = f"FY{fy} has no {period} value"
    latest_end = max((v.end for v in pool if v.fiscal_year == latest), default=None)
    raise EdgarError(
        "not_found",
        f"No {period} {spec.name} for {ref.name} in fiscal year {fy}: {reason}. "
        f"The latest fiscal year available is FY{latest}" + (f" (ending {latest_end})." if latest_end else "."),
        ((f"Ask for FY{latest}, or use --period quarterly for the quarters of FY{fy} reported so far."
          if est_end is not None and est_end >= today and period == "annual" else f"Ask for FY{latest}.")
         if latest else "Try --period all."),
        latest_fiscal_year=latest, earliest_fiscal_year=earliest,
    )

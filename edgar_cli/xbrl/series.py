"""A concept's series for one company: one value per period, by per-period tag fallback (the concept engine).

For each period (identified by start/end, never companyfacts' fy/fp) the first
tag of the concept's chain that reports it is used; a period reported with
different values is the latest-filed value with the original kept
(restatements.select); per-share and share values never restated for a later
stock split are marked with ``pre_split_ratio``, and figures the filer's other
filings do not bear out carry ``suspected_errors`` (xbrl/suspects.py). The capabilities
(get_financial_concept, compare_companies, verify_answer) select from a
Series; nothing here fetches.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import lru_cache

from ..sec import urls
from . import periods as P
from .catalogue import Concept
from .facts import CompanyFacts, scan
from .records import FactRecord, RevisionKind, TagTriedRecord
from .restatements import (
    Selection,
    filing_order,
    filing_steps,
    select,
    split_candidates,
    split_direction,
    split_events,
)
from .suspects import flag_scale, flag_sign, flag_swaps_and_par, sub_period_figure, tagging_errors


def unit_family(unit: str) -> str:
    if unit == "shares":
        return "shares"
    if re.fullmatch(r"[A-Z]{3}", unit):
        return "currency"
    if re.fullmatch(r"[A-Z]{3}/shares", unit):
        return "currency/shares"
    return "other"


class Series:
    """Every period of a concept for one company, one value per period."""

    def __init__(self) -> None:
        self.values: list[FactRecord] = []
        self.unit: str | None = None
        self.units_available: list[str] = []
        self.unit_periods: dict[str, set] = {}  # unit -> the (start, end) periods periodic reports give in it
        self.tags_tried: list[TagTriedRecord] = []
        self.ignored_forms: dict[str, int] = {}
        # (form, start, end) -> the facts of that period ignored in that form (not a periodic report)
        self.ignored_periods: dict[tuple[str, str | None, str], int] = {}
        # a value that is a part (a line the filer tags beside it left out): beside_key -> (its tag, the line, its row)
        self.apart: dict[str, tuple[str, str, tuple]] = {}
        # a value a wider total the filer tags holds and differs from: beside_key -> (its tag, the total, its row)
        self.wider: dict[str, tuple[str, str, tuple]] = {}
        # a value another chain tag gave first, in an earlier filing: (start, end) -> (that tag, its row)
        self.first_filed: dict[tuple[str | None, str], tuple[str, tuple]] = {}
        self.unsummed: list[Unsummed] = []  # a composite's dates whose lines are tagged but cannot be summed
        # (start, end) ISO dates of a value revised as a reclassification -> what shows no result changed, in words
        self.reclassified: dict[tuple[str | None, str], str] = {}
        # (start, end) -> why a restatement's kind cannot be told from the facts (an equity total moved and the
        # later filing tags no retained earnings for the date: a result changed, or only the presentation)
        self.untold: dict[tuple[str | None, str], str] = {}
        # (pre_split_ratio or pre_reverse_split_ratio, N) -> the ratio the company's restated weighted shares show
        # for that split when it is not N itself ("5.88": a recapitalisation's exchange ratio flagged 1-for-6)
        self.split_ratio_shown: dict[tuple[str, int], str] = {}


@dataclass(frozen=True)
class Unsummed:
    """A date a composite concept (xbrl/composite.py) has lines for but does not sum: the reported values found
    there (``found``, each with its tag and accession), the lines that would settle it and are not tagged there
    (``missing``, tags) and why, in words."""

    end: date
    found: tuple[FactRecord, ...]
    missing: tuple[str, ...]
    why: str
    kind: str = ""  # composite.UNSETTLED or composite.DISAGREE where the rule names the reason's kind

    @property
    def fiscal_year(self) -> int | None:
        return self.found[0].fiscal_year

    @property
    def fiscal_period(self) -> str | None:
        return self.found[0].fiscal_period


def requested_unit(spec: Concept, unit: str | None) -> str | None:
    """The unit a caller's ``unit`` ("USD", "usd", "TWD", "USD/shares") names for ``spec``: a currency asked for
    a per-share concept is that currency per share; None when no unit is asked for."""
    if unit is None or not str(unit).strip():
        return None
    u = str(unit).strip()
    if u.lower() in ("shares", "pure"):  # not currency codes: "shares" is never "SHARES"
        return u.lower()
    code, _, per = u.partition("/")
    u = code.upper() + (f"/{per.lower()}" if per else "")
    if spec.unit == "currency/shares" and re.fullmatch(r"[A-Z]{3}", u):
        return f"{u}/shares"
    return u


def build_series(facts: CompanyFacts, spec: Concept, unit: str | None = None) -> Series:
    """Per-period tag fallback, restatement selection and labelling for one concept.

    Built once per facts object and concept: the facts of a company are one object for as long as they
    are fresh (load_company_facts' process memo), so a warm call (an MCP server answering the same
    company again) reuses the series instead of rebuilding it (most of a warm call's time). A newer
    facts object starts empty. Callers treat a Series and its values as read-only.
    """
    memo = facts.__dict__.setdefault("_series_memo", {})
    wanted = requested_unit(spec, unit)
    key = (spec.name, spec.unit, tuple(t.tag for t in spec.chain), wanted)
    built = memo.get(key)
    if built is None:
        if spec.composite:
            from .composite import build_composite

            built = memo[key] = build_composite(facts, spec, wanted)
        else:
            built = memo[key] = _build_series(facts, spec, wanted)
    return built


def _build_series(facts: CompanyFacts, spec: Concept, wanted: str | None = None) -> Series:
    out = Series()
    cal = facts.calendar
    present = [(t.tag, facts.tag(t.tag)) for t in spec.chain]
    units_count: dict[str, set] = defaultdict(set)
    for _tag, body in present:
        if body is None:
            continue
        for unit, rows in body["units"].items():
            if spec.unit != "any" and unit_family(unit) != spec.unit:
                continue
            periods = out.unit_periods.setdefault(unit, set())
            periods.update((r[0], r[1]) for r in rows if P.is_periodic(r[6]))
            if wanted is None or unit == wanted:
                units_count[unit] |= periods
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
    earlier_tags: dict[tuple, list] = {}  # period -> (tag, row) of later chain tags that did not claim it
    canon = _PeriodKeys()
    for tag, body in present:
        if body is None:
            out.tags_tried.append(
                TagTriedRecord(tag=tag, status="not_reported", detail="the company never reported this tag")
            )
            continue
        rows = body["units"].get(out.unit or "", [])
        if not rows:
            other = ", ".join(sorted(body["units"]))
            asked = f" (asked for {wanted})" if wanted is not None and out.unit is None else ""
            out.tags_tried.append(
                TagTriedRecord(tag=tag, status="other_unit", detail=f"reported only in {other}{asked}")
            )
            continue
        by_period: dict[tuple, list] = defaultdict(list)
        for r in rows:
            if P.is_periodic(r[6]):
                by_period[canon.key(r[0], r[1])].append(r)
            else:
                out.ignored_forms[r[6]] = out.ignored_forms.get(r[6], 0) + 1
                where = (r[6], r[0], r[1])
                out.ignored_periods[where] = out.ignored_periods.get(where, 0) + 1
        new = [k for k in by_period if k not in claimed]
        for k in by_period.keys() - set(new):  # a period an earlier tag claimed: its rows here may be earlier
            earlier_tags.setdefault(k, []).extend((tag, r) for r in by_period[k])
        for k in new:
            claimed[k] = tag
            grouped[k] = by_period[k]
        latest_end = max((date.fromisoformat(k[1]) for k in by_period), default=None)  # what it reports
        if new:
            out.tags_tried.append(
                TagTriedRecord(
                    tag=tag,
                    status="used",
                    periods=len(new),
                    latest_end=latest_end,
                    detail=""
                    if len(new) == len(by_period)
                    else f"{len(by_period) - len(new)} periods already covered by an earlier tag",
                )
            )
        else:
            caveat = next((t.caveat for t in spec.chain if t.tag == tag and t.caveat), "")
            out.tags_tried.append(
                TagTriedRecord(
                    tag=tag,
                    status="not_used",
                    periods=0,
                    latest_end=latest_end,
                    detail=(
                        f"it reports {len(by_period)} period{'s' if len(by_period) != 1 else ''} (the latest ending "
                        f"{latest_end}), every one covered by an earlier tag, so it supplies none"
                        + (f"; it is a different figure: {caveat}" if caveat else "")
                    )
                    if by_period
                    else "reported only outside periodic reports",
                )
            )
    last_filed: dict[tuple, str] = {}
    for key, rows in grouped.items():
        fv = fact_value(facts, cal, claimed[key], out.unit or "", rows)
        if fv is not None:
            out.values.append(fv)
            last_filed[(fv.start, fv.end)] = max(r[7] for r in rows)
            first = _first_filed_elsewhere(fv, earlier_tags.get(key, ()))
            if first is not None:
                out.first_filed[(fv.start.isoformat() if fv.start else None, fv.end.isoformat())] = first
    out.values.sort(key=lambda v: (v.end, v.days or 0), reverse=True)
    if "shares" in (out.unit or ""):
        _corroborate_splits(facts, out.values)
        _recapitalisations(facts, out.values)
        _mark_pre_split(out.values, last_filed, facts)
        for field in ("pre_split_ratio", "pre_reverse_split_ratio"):
            for n in {getattr(v, field) for v in out.values if getattr(v, field)}:
                shown = _ratio_shown(facts, n, reverse=field == "pre_reverse_split_ratio")
                if shown:
                    # the field carries the ratio the shares show (a recapitalisation's 5.88), not the whole N the
                    # per-share witnesses round it to: an agent scales by it
                    out.split_ratio_shown[(field, n)] = shown
                    for v in out.values:
                        if getattr(v, field) == n:
                            setattr(v, field, float(shown))
        _share_exchanges(facts, out.values)
    flag_scale(facts, out.values, out.unit or "")
    flag_sign(facts, out.values, out.unit or "")
    if unit_family(out.unit or "") == "currency":
        _footed_quarters(facts, out.values, out.unit or "")
    flag_swaps_and_par(facts, out.values, out.unit or "")
    if unit_family(out.unit or "") == "currency":
        _name_reclassifications(facts, spec, out.values, out.unit or "", out)
    _lines_apart(facts, spec, out)
    return out


def _footed_quarters(facts: CompanyFacts, values: list[FactRecord], unit: str) -> None:
    """A quarter 'restated' by less than two rounding steps of a filing whose quarters of that year add up exactly
    to its year is a precision_change: in rounded figures a quarterly table is made to foot to the year's rounded
    total, so one quarter carries the parts' rounding (NVIDIA's Q4 FY2015 cost of revenue 550,911,000 in the 10-K
    0001045810-15-000036, 552,000,000 in the 10-K 0001045810-16-000205, whose quarters 499 + 484 + 548 + 552 make
    its year's 2,083 million). Between filings of one rounding step, one step at most."""
    step = _step_of(facts, unit)
    for v in values:
        if (
            v.revision_kind != "restatement"
            or v.original_value is None
            or not v.original_accession
            or not v.days
            or not 80 <= v.days <= 100
        ):
            continue
        sa, sb = step(v.original_accession), step(v.accession_number)
        if sa is None or sb is None or sb < sa or sb < 1000:
            continue
        diff = abs(Decimal(str(v.value)) - Decimal(str(v.original_value)))
        if diff >= (2 * sb if sa < sb else sb + 1):
            continue
        if _quarters_foot(facts, v, unit):
            v.revision_kind = "precision_change"


def _quarters_foot(facts: CompanyFacts, v: FactRecord, unit: str) -> bool:
    """Whether the filing of ``v`` gives the year around ``v``'s quarter and four quarters of it (``v``'s among
    them) that add up to it exactly."""
    assert v.start is not None
    rows = [
        r
        for r in ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(unit) or []
        if r[3] == v.accession_number and r[0]
    ]
    spans = [(date.fromisoformat(r[0]), date.fromisoformat(r[1]), r[2]) for r in rows]
    for ys, ye, total in spans:
        if not (350 <= (ye - ys).days <= 380 and ys <= v.start and v.end <= ye):
            continue
        quarters = {(s, e): x for s, e, x in spans if 80 <= (e - s).days <= 100 and ys <= s and e <= ye}
        if len(quarters) == 4 and (v.start, v.end) in quarters and sum(quarters.values()) == total:
            return True
    return False


def _first_filed_elsewhere(fv: FactRecord, others) -> tuple[str, tuple] | None:
    """(tag, row) of the earliest filing that gave ``fv``'s unrevised value under another tag of the chain before
    the filing ``fv`` cites (NVIDIA's FY2020 revenue: us-gaap:Revenues from the 2022 10-K, filed in 2020 under
    us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax); None when ``fv`` cites the first filing."""
    if fv.restated:
        return None
    cited = fv.filed.isoformat()
    same = [(r[7], tag, r) for tag, r in others if r[2] == fv.value and r[7] < cited]
    return min(same, key=lambda x: (x[0], x[2][3]))[1:] if same else None


def _lines_apart(facts: CompanyFacts, spec: Concept, out: Series) -> None:
    """The values of a chain tag the filer tags another line beside (``spec.apart``: TSMC's bonds beside its
    long-term bank loans), each with that line's row at the same balance date (notes.describe_values warns of
    them: the value is a part; edgar never adds the two, which may overlap at other filers)."""
    for rules, found in ((spec.apart, out.apart), (spec.wider, out.wider)):
        _beside(facts, rules, out, found)


def beside_key(start: date | str | None, end: date | str) -> str:
    """The key of ``Series.apart`` / ``Series.wider``: a balance date ("2024-12-31"), or a period
    ("2020-01-01/2020-12-31"): a year and its fourth quarter end the same day and are different figures."""
    return str(end) if start is None else f"{start}/{end}"


def _beside(facts: CompanyFacts, rules: tuple, out: Series, found: dict[str, tuple[str, str, tuple]]) -> None:
    """``found`` gets, per balance date of a value of a rule's chain tag, the rule's other line at that date
    as the value's own filing gives it, else as last filed (a wider total only where it differs from the value);
    per period of a duration value, the line for that same start and end in the value's own filing only (by
    :func:`beside_key`; the SEC's frame plays no part)."""
    if not rules:  # most concepts have no such rule: nothing to index
        return
    values = {(v.matched_tag, beside_key(v.start, v.end)): v for v in out.values}
    for tag, lines in rules:
        accns = {key: v.accession_number for (t, key), v in values.items() if t == tag}
        for line in lines:
            body = facts.tags.get(line) if accns else None
            for r in (body or {}).get("units", {}).get(out.unit or "", []):
                key = beside_key(r[0], r[1])
                if key in accns and (r[0] is None or r[3] == accns[key]):
                    mine = accns[key]
                    held = found.get(key)
                    if (
                        held is None
                        or (r[3] == mine) > (held[2][3] == mine)
                        or ((r[3] == mine) == (held[2][3] == mine) and r[7] > held[2][7])
                    ):
                        found[key] = (tag, line, r)
    if found is out.wider:  # a total equal to the value (no noncontrolling interests that day) says nothing
        for key in [k for k, (tag, _line, r) in found.items() if values[(tag, k)].value == r[2]]:
            del found[key]


# The figures a presentation change leaves unchanged: a period's net income (a flow moved between income
# statement or cash-flow lines), and for a balance its stockholders' equity (an amount moved between lines, or
# netted against another as debt issuance costs against debt under ASU 2015-03, which moves total assets and
# liabilities alike) or, where equity is not tagged in both filings, its total assets.
_FLOW_TOTALS = (
    "us-gaap:NetIncomeLoss",
    "us-gaap:ProfitLoss",
    "ifrs-full:ProfitLossAttributableToOwnersOfParent",
    "ifrs-full:ProfitLoss",
)
_BALANCE_TOTALS = ("us-gaap:Assets", "us-gaap:LiabilitiesAndStockholdersEquity", "ifrs-full:Assets")
_EQUITY_TOTALS = (
    "us-gaap:StockholdersEquity",
    "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
    "ifrs-full:EquityAttributableToOwnersOfParent",
    "ifrs-full:Equity",
)
# Results themselves, which no anchor vouches for: accumulated results, and other comprehensive income (outside
# net income, so an unchanged net income says nothing of it); matched by name as well ("ComprehensiveIncome")
_RESULTS = ("us-gaap:RetainedEarningsAccumulatedDeficit", "ifrs-full:RetainedEarnings")
_ANCHOR_WORDS = {
    "flow": "net income",
    "equity": "stockholders' equity",
    "assets": "total assets",
    "retained": "retained earnings",
}


def _total_in(
    facts: CompanyFacts, tags: tuple[str, ...], unit: str, start: str | None, end: str, accn: str
) -> float | int | None:
    """The first of ``tags`` that ``accn`` reports for the period, or None."""
    memo = facts.__dict__.setdefault("_totals_memo", {})  # (tag, unit) -> {(start, end, accn): value}
    for tag in tags:
        index = memo.get((tag, unit))
        if index is None:
            rows = ((facts.tag(tag) or {}).get("units") or {}).get(unit) or []
            index = memo[(tag, unit)] = {(r[0], r[1], r[3]): r[2] for r in rows}
        hit = index.get((start, end, accn))
        if hit is not None:
            return hit
    return None


def results_unchanged(
    facts: CompanyFacts,
    tag: str,
    unit: str,
    start: str | None,
    end: str,
    was: float | int,
    now: float | int,
    before: str,
    after: str,
) -> str | None:
    """What shows a revision of ``tag``'s figure for a period (``was`` in accession ``before``, ``now`` in
    ``after``) changed no result, in words ("stockholders' equity 119,355,000,000 in both filings"), or None when
    nothing does (a restatement).

    A flow's anchor is the period's net income; a balance's is its stockholders' equity when both filings tag it
    (else, where equity moved, its retained earnings when both tag them: equity can move between presentations)
    (Apple's total assets, liabilities and long-term debt at 2015-09-26, each 134M lower once debt issuance costs
    were netted against debt, equity 119,355M in both), else its total assets; a balance is judged only at a date
    both filings give total assets for (a balance sheet's date, not an equity statement's opening balance).
    Retained earnings and comprehensive income are results themselves: their revisions stay restatements. A
    total revised itself, a reversed sign and a flow gone to or from 0 are never a reclassification."""
    instant = start is None
    if (
        tag in _FLOW_TOTALS + _RESULTS
        or (tag in _EQUITY_TOTALS and not instant)
        or "ComprehensiveIncome" in tag
        or (now != 0 and was != 0 and (now > 0) != (was > 0))
        or (not instant and 0 in (was, now))  # (a balance can move onto, or off, a line)
    ):
        return None
    if instant:
        assets = _in_both(facts, _BALANCE_TOTALS, unit, start, end, before, after)
        if assets is None:  # not a balance-sheet date of both filings (an equity statement's opening balance)
            return None
        eq = _in_both(facts, _EQUITY_TOTALS, unit, start, end, before, after)
        if eq is not None:  # equity tagged in both filings decides
            if eq[0] == eq[1]:
                return f"{_ANCHOR_WORDS['equity']} {eq[0]:,} in both filings"
            # equity moved without its accumulated results (Tesla at 2015-12-31: redeemable noncontrolling
            # interests presented apart from equity beside ASU 2015-03's netting): retained earnings decide
            # (the equity total itself too: Tesla's at 2015-12-31, 1,088,944,000 -> 1,083,704,000, the change in
            # its paid-in capital, retained earnings and other comprehensive income the same in both filings)
            kept = _in_both(facts, _RESULTS, unit, start, end, before, after)
            if kept is None or kept[0] != kept[1]:
                return None
            other = _in_both(facts, _OCI, unit, start, end, before, after)
            if other is not None and other[0] != other[1]:
                return None  # other comprehensive income is a result too
            if tag not in _EQUITY_TOTALS:
                return f"{_ANCHOR_WORDS['retained']} {kept[0]:,} in both filings"
            return (
                f"{_ANCHOR_WORDS['retained']} {kept[0]:,}"
                + (f" and accumulated other comprehensive income {other[0]:,}" if other is not None else "")
                + " in both filings: equity moved outside its accumulated results"
                + _equity_part_moved(facts, unit, end, before, after, now - was)
            )
        if tag in _BALANCE_TOTALS or assets[0] != assets[1]:
            return None
        return f"{_ANCHOR_WORDS['assets']} {assets[0]:,} in both filings"
    pair = _in_both(facts, _FLOW_TOTALS, unit, start, end, before, after)
    if pair is not None and pair[0] == pair[1]:
        return f"{_ANCHOR_WORDS['flow']} {pair[0]:,} in both filings"
    return None


_OCI = ("us-gaap:AccumulatedOtherComprehensiveIncomeLossNetOfTax", "ifrs-full:AccumulatedOtherComprehensiveIncome")
_PAID_IN = (
    "us-gaap:AdditionalPaidInCapitalCommonStock",
    "us-gaap:AdditionalPaidInCapital",
    "ifrs-full:SharePremium",
)


def _equity_part_moved(facts: CompanyFacts, unit: str, end: str, before: str, after: str, change: float | int) -> str:
    """', in us-gaap:AdditionalPaidInCapitalCommonStock (3,414,692,000 to 3,409,452,000)': the paid-in capital line
    that changed by exactly the equity total's ``change`` between the two filings, or ''."""
    for tag in _PAID_IN:
        pair = _in_both(facts, (tag,), unit, None, end, before, after)
        if pair is not None and pair[1] - pair[0] == change:
            return f", in {tag} ({pair[0]:,} to {pair[1]:,})"
    return ""


def _in_both(
    facts: CompanyFacts, tags: tuple[str, ...], unit: str, start: str | None, end: str, before: str, after: str
) -> tuple[float | int, float | int] | None:
    """The first of ``tags`` reported for the period in both filings: (its figure in ``before``, in ``after``)."""
    for tag in tags:
        a = _total_in(facts, (tag,), unit, start, end, before)
        b = _total_in(facts, (tag,), unit, start, end, after) if a is not None else None
        if a is not None and b is not None:
            return a, b
    return None


def _name_reclassifications(
    facts: CompanyFacts, spec: Concept, values: list[FactRecord], unit: str, out: Series
) -> None:
    """A 'restatement' that changed no result (results_unchanged) is revision_kind reclassification, and
    ``out.reclassified`` says why: Alphabet's 2018 operating income 26,321M -> 27,524M with net income 30,736M in
    both; NVIDIA's FY2016 long-term debt 1,413M -> 0, stockholders' equity 4,469M in both; Apple's total assets at
    2015-09-26 290,479M -> 290,345M, debt issuance costs netted against debt, equity 119,355M in both."""
    for v in values:
        if v.revision_kind != "restatement" or not v.original_accession or v.original_value is None:
            continue
        start = v.start.isoformat() if v.start else None
        why = results_unchanged(
            facts,
            v.matched_tag,
            unit,
            start,
            v.end.isoformat(),
            v.original_value,
            v.value,
            v.original_accession,
            v.accession_number,
        )
        combined = _lines_combined(facts, v, unit) if why is None else ""
        if why is None and not combined and start is None and v.matched_tag in _EQUITY_TOTALS:
            end = v.end.isoformat()
            if _in_both(facts, _RESULTS, unit, None, end, v.original_accession, v.accession_number) is None:
                out.untold[(None, end)] = (
                    "one of the two filings tags no retained earnings for that date, so whether a result changed "
                    "or only the presentation cannot be told from the facts; the filing's text may say"
                )
                v.revision_kind = "undetermined"
        if why is not None or combined:
            v.revision_kind = "reclassification"
            if 0 in (v.value, v.original_value):
                where = _where_amount_is(facts, v, unit)
            else:
                where = combined or _lines_combined(facts, v, unit) or _where_difference_is(facts, v, unit)
            out.reclassified[(start, v.end.isoformat())] = why + where if why else where.lstrip("; ")


def _where_amount_is(facts: CompanyFacts, v: FactRecord, unit: str) -> str:
    """Where a balance's amount is when the value went to 0 (or came from 0), as a clause of the note:

    - another line holds the amount in both filings: what the filer's tag includes changed, nothing moved
      ('; 1,413,000,000 is on us-gaap:ConvertibleDebtCurrent in both filings, so what the filer's
      us-gaap:LongTermDebt includes changed, not where the amount is': NVIDIA's long-term debt at 2016-01-31);
    - another line holds it in only the filing where the value is 0: a move ('; 586,119,000 is on
      us-gaap:ConvertibleDebtNoncurrent in 0001193125-14-069681, not in 0001193125-14-192606: moved from there':
      Tesla's at 2013-12-31);
    - else, or for an amount of fewer than three significant digits (a coincidence then proves nothing), ''.
    """
    amount = v.original_value if v.value == 0 else v.value
    if amount is None or _significant_digits(amount) < 3:
        return ""
    end, before, after = v.end.isoformat(), v.original_accession, v.accession_number
    both, moved = [], []
    for tag, body in scan(facts.tags):
        if tag == v.matched_tag:
            continue
        rows = (body.get("units") or {}).get(unit) or []
        has = {r[3] for r in rows if r[0] is None and r[1] == end and r[2] == amount and r[3] in (before, after)}
        if has == {before, after}:
            both.append(tag)
        elif has == ({after} if v.value == 0 else {before}):  # the other side of a move: gained, or lost, there
            moved.append(tag)
    lines = " and ".join(sorted(both or moved)[:3])
    if both:
        return (
            f"; {amount:,} is on {lines} in both filings, so what the filer's {v.matched_tag} includes changed, "
            "not where the amount is"
        )
    if moved:
        return (
            f"; {amount:,} is on {lines} in {after}, not in {before}: moved there"
            if v.value == 0
            else f"; {amount:,} is on {lines} in {before}, not in {after}: moved from there"
        )
    return ""


def _in_filings(facts: CompanyFacts, v: FactRecord, unit: str) -> tuple[dict, dict]:
    """({tag: figure} of ``v``'s period in its first filing, the same in the filing of the value shown)."""
    from .suspects import filing_index

    index = filing_index(facts)
    start, end = (v.start.isoformat() if v.start else None), v.end.isoformat()
    return index.get((v.original_accession, unit, start, end), {}), index.get(
        (v.accession_number, unit, start, end), {}
    )


def _lines_combined(facts: CompanyFacts, v: FactRecord, unit: str) -> str:
    """'; the later figure is the first plus us-gaap:X (78,000,000 in A), which B no longer reports for this
    period: the two lines were combined' (Tesla's Q3 2019 stock issued in acquisitions, 1,000,000 in the 10-Q
    0001564590-19-038256, 79,000,000 in 0001564590-20-047486 with that 10-Q's 78,000,000 of other issuances in it),
    or the reverse (a line split out); '' when no single other line of the first filing accounts for the change.
    The other line must be gone from the filing where the figure absorbed it: a coincidence of amounts is not
    enough."""
    if v.original_value is None or not v.original_accession or 0 in (v.value, v.original_value):
        return ""
    diff = Decimal(str(v.value)) - Decimal(str(v.original_value))
    if abs(diff) < 1000:
        return ""
    was, now = _in_filings(facts, v, unit)
    before, after = v.original_accession, v.accession_number
    gained = diff > 0
    source, other = (was, now) if gained else (now, was)
    amount = _as_number(abs(diff))
    lines = _nearest_names(
        v.matched_tag, [t for t, x in source.items() if x == amount and t != v.matched_tag and t not in other]
    )
    if len(lines) != 1:
        return ""
    if gained:
        return (
            f"; the later figure is the first plus {lines[0]} ({amount:,} in {before}), which {after} no longer "
            "reports for this period: the two lines were combined"
        )
    return (
        f"; the first figure is the later one plus {lines[0]} ({amount:,} in {after}), which {before} did not "
        "report for this period: a line split out of it"
    )


def _nearest_names(tag: str, found: list[str]) -> list[str]:
    """``found``, or where several fit, the one whose name shares the longest start with ``tag`` (a line of the same
    statement: us-gaap:StockIssuedDuringPeriodValueNewIssues beside ...ValueAcquisitions, not a lease's
    amortization that happens to be the same amount); all of them when no one name is nearest."""
    if len(found) < 2:
        return found

    def shared(t: str) -> int:
        return len(os.path.commonprefix([tag, t]))

    best = max(shared(t) for t in found)
    nearest = [t for t in found if shared(t) == best]
    return nearest if len(nearest) == 1 and best > len(tag.split(":")[0]) + 10 else sorted(found)


def _where_difference_is(facts: CompanyFacts, v: FactRecord, unit: str) -> str:
    """'; us-gaap:X fell by the same 7,219,000 between the two filings (...): moved from there' (or 'rose ...: moved
    to there'), for a figure reclassified between lines that both filings tag; '' when no single line did."""
    if v.original_value is None or not v.original_accession:
        return ""
    diff = Decimal(str(v.value)) - Decimal(str(v.original_value))
    if _significant_digits(_as_number(abs(diff))) < 2:
        return ""
    was, now = _in_filings(facts, v, unit)
    lines = sorted(
        t
        for t in was.keys() & now.keys()
        if t != v.matched_tag
        and t not in _BALANCE_TOTALS + _EQUITY_TOTALS + _FLOW_TOTALS
        and Decimal(str(now[t])) - Decimal(str(was[t])) == -diff
    )
    if len(lines) != 1:
        return ""
    return (
        f"; {lines[0]} {'fell' if diff > 0 else 'rose'} by the same {abs(diff):,} between the two filings "
        f"({was[lines[0]]:,} to {now[lines[0]]:,}): moved {'from' if diff > 0 else 'to'} there"
    )


def _as_number(d: Decimal) -> float | int:
    return int(d) if d == d.to_integral_value() else float(d)


def _significant_digits(x: float | int) -> int:
    return len(Decimal(str(x)).normalize().as_tuple().digits)


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


# The series that witness a company's stock splits: earnings per share and weighted-average share counts, which
# a filer restates for every split
_SPLIT_WITNESSES = (
    "us-gaap:EarningsPerShareDiluted",
    "us-gaap:EarningsPerShareBasic",
    "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding",
    "us-gaap:WeightedAverageNumberOfSharesOutstandingBasic",
    "ifrs-full:DilutedEarningsLossPerShare",
    "ifrs-full:BasicEarningsLossPerShare",
)
SPLIT_WINDOW_DAYS = (-30, 800)  # a revision for a split is filed from about its first witness on, within two years


def company_splits(facts: CompanyFacts) -> tuple[dict[str, list[tuple[date, int]]], list[date]]:
    """The stock splits (and reverse splits) the company's witness series show, {"stock_split": [(first filing
    showing it, N)], "reverse_split": [...]}, and the dates of the filings that report the witnesses (sorted):
    a split can be denied only where they were filed. Kept on the facts object."""
    memo = facts.__dict__
    if "_company_splits" not in memo:
        from .catalogue import lookup

        revisions: dict[str, list[tuple]] = {"stock_split": [], "reverse_split": []}
        filed: set[str] = set()
        for tag in _SPLIT_WITNESSES:
            body = facts.tag(tag)
            if body is None:
                continue
            filed.update(r[7] for rows in (body.get("units") or {}).values() for r in rows if P.is_periodic(r[6]))
            for v in build_series(facts, lookup(tag)).values:
                way = split_direction(v.revision_kind, v.unit, v.original_value, v.value)
                if way in revisions and v.original_value is not None:
                    revisions[way].append((v.filed, v.original_value, v.value))
        memo["_company_splits"] = (
            {k: split_events(r) for k, r in revisions.items()},
            sorted(date.fromisoformat(d) for d in filed),
        )
    return memo["_company_splits"]


def _corroborate_splits(facts: CompanyFacts, values: list[FactRecord]) -> None:
    """A split revision of a series other than the witnesses stands only when the company's earnings per share
    or weighted shares show a split of that direction and ratio filed around it; it is a restatement when they
    were filed around it and show none (NVIDIA's par value 0.01 -> 0.001 in 2013 and preferred shares authorized
    20,000,000 -> 2,000,000 in 2026 are no splits). Where no witness was filed up to it, it stands only when its
    own figures fix the ratio."""
    for v in values:
        if v.revision_kind not in ("stock_split", "reverse_split") or v.original_value is None:
            continue
        if v.matched_tag in _SPLIT_WITNESSES:
            continue
        events, filed = company_splits(facts)
        fits = split_candidates(v.original_value, v.value)
        lo, hi = v.filed - timedelta(days=-SPLIT_WINDOW_DAYS[0]), v.filed
        if not any(lo <= d <= hi for d in filed):
            # no witness filed up to the revision: the split stands only on a ratio its figures fix (7.0, not the
            # 2.2 of Tesla's preferred shares authorized 221,903,982 -> 100,000,000, a round figure's rounding)
            big, small = sorted((abs(v.original_value), abs(v.value)), reverse=True)
            if not any(abs(big / small / n - 1) <= 0.02 for n in fits):
                v.revision_kind = "restatement"
            continue
        if not any(
            n in fits and SPLIT_WINDOW_DAYS[0] <= (v.filed - when).days <= SPLIT_WINDOW_DAYS[1]
            for when, n in events[v.revision_kind]
        ):
            v.revision_kind = "restatement"


def _recapitalisations(facts: CompanyFacts, values: list[FactRecord]) -> None:
    """A share count restated by a ratio near, not at, a whole N (a recapitalisation's exchange ratio) is a reverse
    split (stock split) when the company's witnesses show a 1-for-N (N-for-1) filed around the revision: Logistic
    Properties of the Americas' weighted shares of 2022 and 2023, 168,142,740 (0001493152-24-016772) then 28,600,000
    (0001997711-25-000030), 5.88 apart, which its EPS flags 1-for-6. Within 5% of N, as :func:`_ratio_shown` reads
    the ratio (after :func:`_corroborate_splits`, which knows whole ratios only); the witnesses are left as they are
    (they date the splits)."""
    for v in values:
        if v.revision_kind != "restatement" or v.original_value is None or v.unit != "shares":
            continue
        if v.matched_tag in _SPLIT_WITNESSES or not v.original_value or not v.value:
            continue
        if (v.original_value > 0) != (v.value > 0):
            continue
        kind: RevisionKind = "stock_split" if abs(v.value) > abs(v.original_value) else "reverse_split"
        ratio = max(abs(v.original_value), abs(v.value)) / min(abs(v.original_value), abs(v.value))
        events = company_splits(facts)[0].get(kind, [])
        if any(
            abs(ratio / n - 1) <= 0.05 and SPLIT_WINDOW_DAYS[0] <= (v.filed - when).days <= SPLIT_WINDOW_DAYS[1]
            for when, n in events
        ):
            v.revision_kind = kind


def _share_exchanges(facts: CompanyFacts, values: list[FactRecord]) -> None:
    """A value restated for a split (either way) by a ratio no split gives is a ``share_exchange``: its own ratio
    is more than 0.5% off a whole N and the company's restated weighted shares show a ratio for it more than 0.5%
    off N too (:func:`_ratio_shown`). Logistic Properties of the Americas' diluted EPS of 2022, 0.048
    (0001493152-24-016772) then 0.28 (0001997711-25-000030), 5.83, and its weighted shares 168,142,740 then
    28,600,000, 5.88: the share exchange of its 2024 business combination, no reverse split. NVIDIA's FY2023 basic
    EPS 1.76 -> 0.18 (9.78) stays a stock split: its shares show 10. Run last: the split dating above reads the
    directions, and :func:`company_splits` maps a share_exchange back to its direction."""
    shown: dict[tuple[int, bool], str | None] = {}
    for v in values:
        if v.revision_kind not in ("stock_split", "reverse_split") or not v.original_value or not v.value:
            continue
        big, small = sorted((abs(v.original_value), abs(v.value)), reverse=True)
        ratio = big / small
        n = round(ratio)
        if n < 2 or abs(ratio / n - 1) <= 0.005:
            continue
        key = (n, v.revision_kind == "reverse_split")
        if key not in shown:
            shown[key] = _ratio_shown(facts, n, reverse=key[1])
        if shown[key]:
            v.revision_kind = "share_exchange"


_WEIGHTED_SHARES = (
    "us-gaap:WeightedAverageNumberOfSharesOutstandingBasic",
    "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding",
    "ifrs-full:WeightedAverageShares",
    "ifrs-full:AdjustedWeightedAverageShares",
)


def _ratio_shown(facts: CompanyFacts, n: int, reverse: bool) -> str | None:
    """The ratio (two decimals) of the company's weighted shares as first filed and as restated, for the revision
    nearest an N-for-1 split (1-for-N reverse), when that ratio is more than 0.5% off N: Logistic Properties of the
    Americas' 168,142,740 weighted shares of 2022 (0001493152-24-016772), 28,600,000 after its recapitalisation
    (0001997711-25-000030), 5.88, which its EPS flags as 1-for-6. None when the shares show N, or show nothing."""
    best: tuple[int, Decimal] | None = None
    for tag in _WEIGHTED_SHARES:
        by_period: dict[tuple, list] = defaultdict(list)
        for r in ((facts.tag(tag) or {}).get("units") or {}).get("shares") or []:
            if P.is_periodic(r[6]) and r[2]:
                by_period[(r[0], r[1])].append(r)
        for rows in by_period.values():
            rows.sort(key=filing_order)
            first, last = rows[0][2], rows[-1][2]
            if first == last or not first or not last:
                continue
            ratio = Decimal(str(first)) / Decimal(str(last)) if reverse else Decimal(str(last)) / Decimal(str(first))
            if abs(ratio / n - 1) <= Decimal("0.05"):
                digits = len(Decimal(str(min(abs(first), abs(last)))).normalize().as_tuple().digits)
                if best is None or digits > best[0]:
                    best = (digits, ratio)
    if best is None or abs(best[1] / n - 1) <= Decimal("0.005"):
        return None
    return f"{best[1]:.2f}"


def split_dates(values: list[FactRecord], facts: CompanyFacts | None = None) -> dict[str, list[tuple[date, int]]]:
    """The splits a share or per-share series shows, each dated by the first filing on its new basis:
    {"stock_split": [(date, N)], "reverse_split": [...]}, the one dating of a split (the series' flags,
    :func:`_mark_pre_split`, and the point-in-time note on a later split, xbrl/pointintime.py).

    ``values``: the series (FactRecords with ``revision_kind``, ``original_value``, ``filed``); a split is first
    dated by the first filing that restated one of them for it. With ``facts``, a series other than the
    witnesses (a cover-page share count, restated only in a later annual report) takes the date its witnesses
    (earnings per share, weighted shares: :func:`company_splits`) show for the same ratio, when earlier. NVIDIA's
    cover-page count of 2,500,000,000 at 2021-08-13 (filed 2021-08-20) is already after the 4-for-1 split its EPS
    shows from 0001045810-21-000131 (filed 2021-08-20), though the count series is first restated on 2022-03-18.
    """
    witness_of = facts is not None and any(v.matched_tag not in _SPLIT_WITNESSES for v in values)
    out: dict[str, list[tuple[date, int]]] = {}
    for kind in ("stock_split", "reverse_split"):
        own = split_events(
            [
                (v.filed, v.original_value, v.value)
                for v in values
                if split_direction(v.revision_kind, v.unit, v.original_value, v.value) == kind
                and v.original_value is not None
            ]
        )
        # the witnesses' splits are read (a pass over the company's EPS series, kept) only for a series with one,
        # or a share series, whose figures may jump by a witnessed ratio across it (none restated for it yet)
        shares = _shares_like(values)
        witnessed = company_splits(facts)[0].get(kind, []) if (own or shares) and witness_of and facts else []
        out[kind] = sorted(
            [(min([when] + [w for w, m in witnessed if m == n and 0 <= (when - w).days <= 800]), n) for when, n in own]
            + [
                (w, n)
                for w, n in witnessed
                if shares
                and not any(m == n and 0 <= (when - w).days <= 800 for when, m in own)
                and _jumps_across(values, w, n, kind)
            ]
        )
    return out


def _shares_like(values: list[FactRecord]) -> bool:
    return bool(values) and all(v.unit == "shares" or v.unit.endswith("/shares") for v in values)


def _jumps_across(values: list[FactRecord], when: date, n: int, kind: str) -> bool:
    """Whether a share or per-share series, never restated for a split the witnesses date ``when`` (N-for-1),
    shows it itself: two consecutive values of one period type, the first filed before ``when`` and the next on
    or after it, within 15% of N apart in the split's direction (a count moves between two dates). NVIDIA's
    cover-page count, 2,460,000,000 at 2024-05-24, then 24,530,000,000 at 2024-08-23 (0001045810-24-000264, filed
    2024-08-28 with EPS on the 10-for-1 basis)."""
    for group in _by_type(values):
        for a, b in zip(group, group[1:], strict=False):
            if not (a.filed < when <= b.filed and a.value and b.value and (a.value > 0) == (b.value > 0)):
                continue
            up = abs(b.value) / abs(a.value)
            ratio = up if (kind == "stock_split") == (a.unit == "shares") else 1 / up
            if n / 1.15 <= ratio <= n * 1.15:
                return True
    return False


def _by_type(values: list[FactRecord]) -> list[list[FactRecord]]:
    groups: dict[str, list[FactRecord]] = defaultdict(list)
    for v in values:
        groups[v.period_type].append(v)
    return [sorted(g, key=lambda v: v.end) for g in groups.values()]


def split_filing(facts: CompanyFacts, values: list[FactRecord], when: date) -> str | None:
    """The accession of the first filing on a split's new basis filed on ``when`` (a date of :func:`split_dates`):
    a value of ``values`` restated then, else a periodic report of the witnesses filed that day; None if none."""
    day = when.isoformat()
    own = [v.accession_number for v in values if v.filed == when and v.original_value is not None]
    if own:
        return min(own)
    found: list[str] = []
    for tag in _SPLIT_WITNESSES:
        for rows in ((facts.tag(tag) or {}).get("units") or {}).values():
            found.extend(r[3] for r in rows if r[7] == day and P.is_periodic(r[6]))
    return min(found, default=None)


def _mark_pre_split(values: list[FactRecord], last_filed: dict[tuple, str], facts: CompanyFacts | None = None) -> None:
    """Flag per-share/share values never restated for a split that later filings applied.

    NVIDIA's FY2022 diluted EPS (3.85) was last reported in 0001045810-24-000029,
    before the June 2024 10-for-1 split; FY2023 and later were restated in
    0001045810-25-000023. Without a flag the series jumps 20x between them.
    Forward splits set ``pre_split_ratio``; reverse splits and recapitalisations
    (per-share values up, counts down) set ``pre_reverse_split_ratio``.

    A split is dated by the first filing on its new basis (:func:`split_dates`).
    """
    dated = split_dates(values, facts)
    for kind, field in (("stock_split", "pre_split_ratio"), ("reverse_split", "pre_reverse_split_ratio")):
        events = dated[kind]
        for v in values if events else ():
            last = date.fromisoformat(last_filed.get((v.start, v.end), v.filed.isoformat()))
            ratio = 1
            for when, n in events:
                if last < when and v.end < when:
                    ratio *= n
            if ratio > 1:
                setattr(v, field, ratio)


def is_translation(facts: CompanyFacts, unit: str) -> bool:
    """A unit in another currency than the one the filer reports in: a convenience translation (TSMC's USD)."""
    home = facts.reporting_currency
    return bool(home) and unit_family(unit) in ("currency", "currency/shares") and unit.split("/")[0] != home


def _translation_selection(rows: list, cal: P.FiscalCalendar) -> Selection:
    """A convenience translation is a reported figure at one filing's exchange rate, so a later filing that
    translates the same period at its own rate revises nothing: the value is the one from the report of that
    period itself (at that period's rate), else the first filed; never a restatement."""
    own = [r for r in rows if cal.report_ends.get(r[3], ("", ""))[1] == r[1]]
    ordered = sorted(own or rows, key=filing_order)
    return Selection(
        row=ordered[0],
        original=None,
        distinct=len({r[2] for r in rows}),
        revision_kind=None,
        latest_filed=max(r[7] for r in rows),
    )


def fact_value(facts: CompanyFacts, cal: P.FiscalCalendar, tag: str, unit: str, rows: list) -> FactRecord | None:
    """One period's rows of one tag as a FactRecord: the selected value, its labels and its provenance."""
    sel = (
        _translation_selection(rows, cal)
        if is_translation(facts, unit)
        else select(rows, unit, _rounding_steps(facts, unit))
    )
    if sel.revision_kind == "restatement" and not sel.suspects:
        # A, B with B another period's figure on file by then: B's filing's error, reverted later or not yet
        tag_rows = ((facts.tag(tag) or {}).get("units") or {}).get(unit) or []
        if sel.original is not None and sub_period_figure(tag_rows, sel.original, sel.row):
            sel.revision_kind = "suspected_tagging_error"
            sel.suspects = [r for r in rows if r[2] == sel.row[2]]
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
    return FactRecord(
        value=val,
        unit=unit,
        fiscal_year=fiscal_year,
        fiscal_period=fiscal_period,
        period_type=kind,
        start=start,
        end=end,
        days=P.days_between(start, end) if start else None,
        filed=date.fromisoformat(filed),
        form=form,
        accession_number=accn,
        matched_tag=tag,
        # a figure rounded in between and back to its first value stands as first filed: not restated
        restated=orig is not None and not (sel.revision_kind == "precision_change" and orig[2] == val),
        original_value=orig[2] if orig else None,
        original_filed=date.fromisoformat(orig[7]) if orig else None,
        original_accession=orig[3] if orig else None,
        original_form=orig[6] if orig else None,
        distinct_values=sel.distinct,
        revision_kind=sel.revision_kind,
        filing_url=_filing_url(facts.cik, accn),
        suspected_errors=tagging_errors(facts, tag, unit, (start_s, end_s), orig, sel.suspects)
        if sel.suspects and orig
        else [],
    )


def _rounding_steps(facts: CompanyFacts, unit: str) -> Callable[[str], Decimal | None] | None:
    """The rounding step of each filing that a revision of a figure in ``unit`` is judged by: a currency's own
    amounts; for a share count, the filing's amounts in its reporting currency (a filing that rounds its amounts
    to millions presents its share counts in millions too: NVIDIA's FY2015 antidilutive shares, 11,807,000 in
    0001045810-15-000036, are 12,000,000 in 0001045810-16-000205, a filing in millions); for a
    per-share figure, none (a price is never rounded to a filing's step)."""
    family = unit_family(unit)
    if family == "currency":
        return _step_of(facts, unit)
    if family == "shares":
        return _step_of(facts, facts.reporting_currency or "USD")
    return None


def _step_of(facts: CompanyFacts, unit: str) -> Callable[[str], Decimal | None]:
    """accession -> the rounding step of its amounts in ``unit`` (restatements.filing_steps), read from every tag
    on first use and kept on the facts object."""

    def step(accn: str) -> Decimal | None:
        memo = facts.__dict__.setdefault("_filing_steps", {})
        if unit not in memo:
            memo[unit] = filing_steps(
                r
                for tag, body in scan(facts.tags)
                if not tag.startswith("dei:")  # the cover page's exact figures (public float) are no evidence
                for r in ((body.get("units") or {}).get(unit) or ())
            )
        return memo[unit].get(accn)

    return step


# Many values share a filing (a 10-K reports dozens of periods): build each index URL once.
_filing_url = lru_cache(maxsize=8192)(urls.filing_index)


def translation_notes(facts: CompanyFacts, values: list[FactRecord]) -> list[str]:
    """For convenience translations (``is_translation``) taken from a filing later than the period's own report: a
    note naming that filing and its rate, with the rate implied by the filing's own figures (its reporting-currency
    value / its translated value, both for the same tag and date) where it tags both."""
    cal = facts.calendar
    home = facts.reporting_currency
    out: list[str] = []
    stated: dict[str, str] = {}  # accession -> "32.79 TWD per USD at 2024-12-31" for values from their own report
    for v in values:
        if not home or not is_translation(facts, v.unit):
            continue
        own_end = cal.report_ends.get(v.accession_number, ("", ""))[1]
        if own_end == v.end.isoformat() and (rate := stated_rate(facts, v.accession_number)) is not None:
            label = f"FY{v.fiscal_year}" if v.fiscal_year else str(v.end)
            stated.setdefault(
                v.accession_number,
                f"{label}: {rate[0]:,.2f} {home} per {v.unit.split('/')[0]} at {rate[1]} ({v.form} {v.accession_number})",
            )
        if not own_end or own_end == v.end.isoformat():
            continue
        start = cal.report_ends[v.accession_number][0]
        fy, _fp = P.fiscal_period_of(date.fromisoformat(start) if start else None, date.fromisoformat(own_end), cal)
        label = f"FY{v.fiscal_year} ({v.end})" if v.fiscal_year else str(v.end)
        note = (
            f"{label}'s {v.unit} figure comes from a later filing, the FY{fy} {v.form} {v.accession_number}, and is "
            f"at that filing's rate, not one of {v.end}"
        )
        home_unit = home + v.unit[len(v.unit.split("/")[0]) :]
        rows = ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(home_unit) or []
        same = next(
            (
                r
                for r in rows
                if r[1] == v.end.isoformat()
                and r[0] == (v.start.isoformat() if v.start else None)
                and r[3] == v.accession_number
            ),
            None,
        )
        if same is not None and v.value:
            note += (
                f" (implied rate {same[2] / v.value:,.2f} {home} per {v.unit.split('/')[0]}: {same[2]:,} {home} / "
                f"{v.value:,} {v.unit.split('/')[0]}, both in that filing; an implied rate, not one the filing states)"
            )
        out.append(note + ".")
    if stated:
        out.append(
            f"The exchange rate each filing states for its translation ({RATE_TAG}): "
            + "; ".join(stated.values())
            + "."
        )
    for v in values:
        if v.distinct_values > 1 and is_translation(facts, v.unit):
            if again := retranslation_of(facts, v):
                out.append(again)
    return out


RATE_TAG = "ifrs-full:ClosingForeignExchangeRate"


def stated_rate(facts: CompanyFacts, accession: str) -> tuple[float, str] | None:
    """The closing exchange rate a filing states for its convenience translation, and its date: the filing's
    ifrs-full:ClosingForeignExchangeRate (unit pure; TSMC's FY2023 20-F 0001193125-24-099840: 30.62 at
    2023-12-31) at its own period's end, else the latest it tags; None when it tags none."""
    rows = [r for r in ((facts.tag(RATE_TAG) or {}).get("units") or {}).get("pure") or () if r[3] == accession]
    if not rows:
        return None
    own_end = facts.calendar.report_ends.get(accession, ("", ""))[1]
    row = next((r for r in rows if r[1] == own_end), None) or max(rows, key=lambda r: r[1])
    return row[2], row[1]


def rate_words(facts: CompanyFacts, accession: str, home: str, currency: str, home_value, value) -> str:
    """ "30.62 TWD per USD at 2023-12-31" as the filing states it, else the rate its own figures imply."""
    stated = stated_rate(facts, accession)
    if stated is not None:
        return f"{stated[0]:,.2f} {home} per {currency} at {stated[1]}"
    if home_value is not None and value:
        return f"an implied {home_value / value:,.2f} {home} per {currency} (its own {home} figure / its {currency})"
    return "a rate it does not tag"


def retranslation_note(
    facts: CompanyFacts, tag: str, unit: str, start: str | None, end: str, accession: str
) -> str | None:
    """For a convenience translation (``is_translation``) whose period other filings translate at their own rates:
    a note naming each of those filings, its value and its rate, beside this filing's rate, and saying whether the
    reporting-currency figure is the same (a re-translation, not a restatement) or not. None when no other filing
    translates the period differently.

    One rule for every face: concept/statement/compare (through :func:`translation_notes`) and verify."""
    home = facts.reporting_currency
    if not home or not is_translation(facts, unit):
        return None
    units = (facts.tag(tag) or {}).get("units") or {}
    rows = [r for r in units.get(unit) or () if r[0] == start and r[1] == end]
    this = next((r for r in rows if r[3] == accession), None)
    others = sorted((r for r in rows if r[3] != accession and this is not None and r[2] != this[2]), key=filing_order)
    if this is None or not others:
        return None
    currency = unit.split("/")[0]
    home_unit = home + unit[len(currency) :]
    home_rows = {r[3]: r[2] for r in units.get(home_unit) or () if r[0] == start and r[1] == end}
    period = f"{start} to {end}" if start else end
    parts = [
        f"the {'later' if filing_order(r) > filing_order(this) else 'earlier'} {r[6]} {r[3]} translated the same "
        f"period at its own rate ({rate_words(facts, r[3], home, currency, home_rows.get(r[3]), r[2])}) to "
        f"{r[2]:,}"
        for r in dict((r[3], r) for r in others).values()
    ]
    note = (
        f"The {unit} figure for {period}, {this[2]:,}, is at the rate of {this[6]} {accession} "
        f"({rate_words(facts, accession, home, currency, home_rows.get(accession), this[2])}); " + "; ".join(parts)
    )
    home_values = {home_rows.get(r[3]) for r in (this, *others)}
    if len(home_values) == 1 and None not in home_values:
        (same,) = home_values
        return note + f". The {home} figure, {same:,}, is the same in each: a re-translation, not a restatement."
    told = "; ".join(
        f"{home_rows[r[3]]:,} in {r[3]}" for r in dict((r[3], r) for r in (this, *others)).values() if r[3] in home_rows
    )
    return note + (
        f". A translation is not a restatement; the {home} figures ({told}) say whether what was reported changed."
        if told
        else f". A translation is not a restatement; compare the {home} figures for a change in what was reported."
    )


def retranslation_of(facts: CompanyFacts, v: FactRecord) -> str | None:
    """:func:`retranslation_note` for the period, tag, unit and filing of the value V."""
    start = v.start.isoformat() if v.start else None
    return retranslation_note(facts, v.matched_tag, v.unit, start, v.end.isoformat(), v.accession_number)


def currency_note(unit: str, reporting_currency: str | None = None) -> str | None:
    """What a reader must know of the values' currency: a currency other than USD, or a convenience translation
    (values in another currency than the one the filer reports in, such as TSMC's USD beside its TWD)."""
    currency = unit.split("/")[0] if unit_family(unit) in ("currency", "currency/shares") else None
    if currency and reporting_currency and currency != reporting_currency:
        return (
            f"Values are the filer's convenience translation into {currency}, not the figures it reports (in "
            f"{reporting_currency}): each is its {reporting_currency} figure at the one exchange rate the filing "
            f"states (a note gives each filing's rate where it tags {RATE_TAG}); they are never mixed with "
            f"{reporting_currency} "
            "values, and a translated figure is not a restatement. Each value is at the rate of the filing it "
            "comes from (its accession_number; a period's own report where it translates it, else a later one, "
            "which a note names), so a change between years mixes exchange-rate movement with the company's own "
            f"(compare in {reporting_currency} for that)."
        )
    if currency and currency != "USD":
        return (
            f"Values are in {currency}, the filer's reporting currency; do not compare them with USD "
            "figures without converting at a rate you state."
        )
    return None

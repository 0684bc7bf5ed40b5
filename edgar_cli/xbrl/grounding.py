"""Which XBRL facts a stated figure can come from: by value within its rounding, then by period.

A :class:`FactPool` indexes every row of a company's facts (or of the cited
filings only) by absolute value per unit, so a figure's interval (60.9 billion
+/- 0.05 billion) is a bisection. Each matching period of a tag becomes a
:class:`Match` labelled with the company's own fiscal period (the concept
engine's ``fact_value``), cited from the first filing in the pool that
reported that value, and told apart from the period's current value when later
filings changed it (a pre-split EPS, a restatement).

The derivations (:func:`ratios`, :func:`changes`, :func:`differences`,
:func:`fourth_quarters`) compute a margin, growth rate, difference or implied
fourth quarter from catalogue concepts' current values for the same period.
Reading an answer's words is edgar_cli.verification's business, not this module's.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from functools import lru_cache
from operator import itemgetter
from typing import Protocol

from ..alloc import collector_paused
from .catalogue import catalogue
from .facts import CompanyFacts
from .records import SHARE_BASIS_KINDS, FactRecord, FiscalPeriod, RevisionKind
from .restatements import classify_revision, filing_order, select, split_candidates
from .series import build_series, fact_value, is_translation
from .suspects import tagging_errors

CURRENCY_UNIT = re.compile(r"[A-Z]{3}")
PER_SHARE_UNIT = re.compile(r"[A-Z]{3}/shares")
RATIO_CONCEPTS = (
    "revenue",
    "cost_of_revenue",
    "gross_profit",
    "operating_income",
    "net_income",
    "rnd_expense",
    "sga_expense",
    "operating_cash_flow",
    "capex",
    "total_assets",
    "total_liabilities",
    "stockholders_equity",
    "cash",
    "long_term_debt",
)


@lru_cache(maxsize=1)
def tag_concepts() -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for c in catalogue().values():
        if c.composite:
            continue  # a sum's tags are its parts (total_debt's us-gaap:CommercialPaper is no total debt)
        for t in c.chain:
            out[t.tag].append(c.name)
    return dict(out)


@dataclass
class Match:
    fact: FactRecord  # provenance of the cited row, labelled with the company's fiscal period
    current_value: float | int  # the latest-filed value for the period
    revision_kind: RevisionKind | None  # set when the matched value is not the current one
    concepts: list[str] = field(default_factory=list)

    @property
    def is_current(self) -> bool:
        return self.revision_kind is None


class FactPool:
    """A company's fact rows indexed by unit and absolute value, optionally limited to some filings."""

    def __init__(self, facts: CompanyFacts, accessions: set[str] | None = None):
        self.facts = facts
        self.accessions = accessions
        self._index: dict[str, tuple[list[float], list[tuple[str, tuple]]]] = {}
        raw: dict[str, list[tuple[float, str, tuple]]] = defaultdict(list)
        self.periods: dict[tuple, list[tuple]] = defaultdict(list)  # (tag, unit, start, end) -> every row
        self.accessions_seen: set[str] = set()
        self.ratio_series: dict[str, list[FactRecord]] | None = None  # filled by the first derivation
        # (concept, end) -> (year, 9M) of a fourth quarter, (9M, H1) of a third, (H1, Q1) of a second
        self.q4_parts: dict[tuple[str, date], tuple[FactRecord, FactRecord]] = {}
        periods, seen = self.periods, self.accessions_seen  # (locals: this loop runs for every row of the company)
        with collector_paused():  # every row of the company, unpacked and indexed: no reference cycle among them
            for tag in facts.tags:
                for unit, rows in facts.tags[tag]["units"].items():
                    for r in rows:
                        val = r[2]
                        if not isinstance(val, (int, float)):
                            continue
                        periods[(tag, unit, r[0], r[1])].append(r)
                        if accessions is not None and r[3] not in accessions:
                            continue
                        seen.add(r[3])
                        raw[unit].append((abs(float(val)), tag, r))
            for unit, items in raw.items():
                items.sort(key=itemgetter(0))
                self._index[unit] = ([x[0] for x in items], [(x[1], x[2]) for x in items])

    def memo_bytes(self) -> int:
        """Approximate bytes held (sec/memo.py weighs the client's memo by it): every row, indexed twice."""
        return 400 * sum(len(rows) for rows in self.periods.values()) + 4096

    def limited_to(self, accessions: set[str]) -> FactPool:
        """The same facts limited to some filings (the cited ones), without indexing them again."""
        out = FactPool.__new__(FactPool)
        out.facts, out.accessions, out.periods = self.facts, accessions, self.periods
        out.ratio_series, out.q4_parts = None, {}
        out._index = {}
        out.accessions_seen = set()
        for unit, (vals, items) in self._index.items():
            keep = [i for i, (_tag, r) in enumerate(items) if r[3] in accessions]
            if keep:
                out._index[unit] = ([vals[i] for i in keep], [items[i] for i in keep])
                out.accessions_seen.update(items[i][1][3] for i in keep)
        return out

    @property
    def units(self) -> list[str]:
        return list(self._index)

    def in_pool(self, row: tuple) -> bool:
        return self.accessions is None or row[3] in self.accessions

    def lookup(self, units: list[str], lo: Decimal, hi: Decimal) -> list[Match]:
        """One match per (tag, unit, period) whose reported value lies in [lo, hi] (absolute values)."""
        flo, fhi = float(lo), float(hi)
        eps = max(abs(fhi), 1.0) * 1e-12
        groups: dict[tuple, list[tuple]] = defaultdict(list)
        for unit in units:
            if unit not in self._index:
                continue
            vals, items = self._index[unit]
            for tag, row in items[bisect_left(vals, flo - eps) : bisect_right(vals, fhi + eps)]:
                groups[(tag, unit, row[0], row[1], row[2])].append(row)
        return [
            m for (tag, unit, _s, _e, _v), rows in groups.items() if (m := self._match(tag, unit, rows)) is not None
        ]

    def _match(self, tag: str, unit: str, rows: list[tuple]) -> Match | None:
        cite = min(rows, key=filing_order)
        fact = fact_value(self.facts, self.facts.calendar, tag, unit, [cite])
        if fact is None:
            return None
        if is_translation(self.facts, unit):
            # a convenience translation is its filing's figure at that filing's rate: a later filing translating
            # the same period at its own rate revises nothing (series.retranslation_note names it)
            return Match(fact=fact, current_value=cite[2], revision_kind=None, concepts=tag_concepts().get(tag, []))
        every = self.periods[(tag, unit, cite[0], cite[1])]
        sel = select(every, unit)
        latest = max(every, key=filing_order)[2]
        revision = None if latest == cite[2] else classify_revision(cite[2], latest, unit)
        if sel.distinct > 1 and revision is None:
            fact.restated = True
            fact.original_value = sel.original[2] if sel.original else None
            fact.revision_kind = sel.revision_kind
        if revision is None:
            later = self._restated_under_another_tag(tag, unit, cite)
            if later is not None:
                latest, revision = later
        b_rows = [r for r in sel.suspects if r[2] == cite[2]]
        if b_rows and sel.original is not None:
            # The B of A, B, A: neither the first-reported value nor a restatement, but the B filing's error.
            revision = "suspected_tagging_error"
            fact.suspected_errors = tagging_errors(self.facts, tag, unit, (cite[0], cite[1]), sel.original, b_rows)
        return Match(fact=fact, current_value=latest, revision_kind=revision, concepts=tag_concepts().get(tag, []))

    def _restated_under_another_tag(self, tag: str, unit: str, cite: tuple) -> tuple[float | int, RevisionKind] | None:
        """(the current value, how it differs) when a value is restated under another tag of its concept: a
        sibling tag of the same concept reports the same value for the same period and a later filing reports
        that tag's period differently ("the original of a restated figure is superseded, whichever tag carries
        it": Apple's FY2016 operating cash flow, 65,824M under the continuing-operations tag and first under the
        total, later 66,231M under the total). None when the tag's own latest filing is as late as the sibling's."""
        own_last = max(self.periods[(tag, unit, cite[0], cite[1])], key=filing_order)
        best: tuple | None = None
        for name in tag_concepts().get(tag, []):
            for other in catalogue()[name].chain:
                if other.tag == tag:
                    continue
                rows = self.periods.get((other.tag, unit, cite[0], cite[1]))
                if not rows or not any(r[2] == cite[2] for r in rows):
                    continue
                last = max(rows, key=filing_order)
                if last[2] != cite[2] and filing_order(last) > filing_order(own_last):
                    if best is None or filing_order(last) > filing_order(best):
                        best = last
        if best is None:
            return None
        return best[2], classify_revision(cite[2], best[2], unit)

    def reported_in_pool(self, tag: str, unit: str, start: str | None, end: str, value: float | int) -> tuple | None:
        """The first pool row reporting ``value`` for that tag and period, if any."""
        rows = [r for r in self.periods.get((tag, unit, start, end), []) if r[2] == value and self.in_pool(r)]
        return min(rows, key=filing_order) if rows else None


class Dated(Protocol):
    """What describe_period reads: a FactRecord, or a verified figure's support (models.verify.FigureSupport)."""

    @property
    def fiscal_year(self) -> int | None: ...
    @property
    def fiscal_period(self) -> str | None: ...
    @property
    def period_type(self) -> str | None: ...
    @property
    def start(self) -> date | None: ...
    @property
    def end(self) -> date | None: ...


def describe_period(fact: Dated) -> str:
    label = f"FY{fact.fiscal_year}" if fact.fiscal_year is not None else "an unlabelled period"
    if fact.fiscal_period and fact.fiscal_period != "FY":
        label = f"{fact.fiscal_period} {label}"
    if fact.period_type == "instant":
        return f"{label} (as of {fact.end})"
    return f"{label} ({fact.start} to {fact.end})"


# --- derived figures ---------------------------------------------------------------------


@dataclass
class Derivation:
    formula: str
    value: float  # the computed result, signed, in the figure's terms (percent, or currency)
    inputs: list[FactRecord]
    period: FactRecord  # the period the result belongs to (the later one for a growth rate)
    concepts: tuple[str, ...] = ()


GROWTH_CONCEPTS = (*RATIO_CONCEPTS, "eps_diluted", "eps_basic")


def series_for_ratios(pool: FactPool) -> dict[str, list[FactRecord]]:
    """Current values of the catalogue's concepts used in ratios and growth rates, limited to periods the
    pool reports, with each fiscal fourth quarter a 10-K leaves implicit computed as the year less its
    first nine months (kept in ``pool.q4_parts``)."""
    out: dict[str, list[FactRecord]] = {}
    for name in GROWTH_CONCEPTS:
        spec = catalogue().get(name)
        if spec is None:
            continue
        series = build_series(pool.facts, spec)
        vals = []
        for v in series.values:
            if v.period_type not in ("annual", "quarterly", "instant", "ytd"):
                continue
            if pool.accessions is not None:
                unit_rows = pool.reported_in_pool(
                    v.matched_tag, v.unit, v.start.isoformat() if v.start else None, v.end.isoformat(), v.value
                )
                if unit_rows is None:
                    continue
            vals.append(v)
        if spec.kind == "duration" and spec.unit == "currency":
            for q4, annual, nine in fourth_quarters(vals):
                vals.append(q4)
                pool.q4_parts[(name, q4.end)] = (annual, nine)
            for q, later, earlier in ytd_quarters(vals):
                vals.append(q)
                pool.q4_parts[(name, q.end)] = (later, earlier)
        vals = [v for v in vals if v.period_type != "ytd"]
        if vals:
            out[name] = vals
    return out


def _remainder(whole: FactRecord, part: FactRecord, fiscal_period: FiscalPeriod) -> FactRecord:
    """The quarter ``whole`` covers after ``part`` (both from the same start): ``whole``'s fact with the value
    ``whole - part``, from the day after ``part`` ends, as one quarterly value no filing restated."""
    start = part.end + timedelta(days=1)
    return replace(
        whole,
        value=whole.value - part.value,
        start=start,
        period_type="quarterly",
        fiscal_period=fiscal_period,
        days=(whole.end - start).days + 1,
        restated=False,
        original_value=None,
        distinct_values=1,
        revision_kind=None,
    )


def fourth_quarters(vals: list[FactRecord]) -> list[tuple[FactRecord, FactRecord, FactRecord]]:
    """(Q4, the year, its first nine months) for each year whose fourth quarter is not reported by itself."""
    quarters = {v.end for v in vals if v.period_type == "quarterly"}
    nine = [v for v in vals if v.period_type == "ytd" and v.fiscal_period == "9M"]
    out = []
    for a in vals:
        if a.period_type != "annual" or a.start is None or a.end in quarters:
            continue
        w = next(
            (y for y in nine if y.start == a.start and y.unit == a.unit and 84 <= (a.end - y.end).days <= 98), None
        )
        if w is None:
            continue
        out.append((_remainder(a, w, "Q4"), a, w))
    return out


def ytd_quarters(vals: list[FactRecord]) -> list[tuple[FactRecord, FactRecord, FactRecord]]:
    """(the quarter, the year to date, the year to date a quarter earlier) for each second and third quarter
    a 10-Q gives only inside its year to date, as cash-flow statements do: Q2 is the six months less the first
    quarter, Q3 the nine months less the six."""
    quarters = {v.end for v in vals if v.period_type == "quarterly"}
    earlier_ones = [
        v
        for v in vals
        if v.start is not None
        and (
            (v.period_type == "quarterly" and v.fiscal_period == "Q1")
            or (v.period_type == "ytd" and v.fiscal_period == "H1")
        )
    ]
    out = []
    for later in vals:
        if (
            later.period_type != "ytd"
            or later.fiscal_period not in ("H1", "9M")
            or later.start is None
            or later.end in quarters
        ):
            continue
        want = "Q1" if later.fiscal_period == "H1" else "H1"
        e = next(
            (
                y
                for y in earlier_ones
                if y.fiscal_period == want
                and y.start == later.start
                and y.unit == later.unit
                and 84 <= (later.end - y.end).days <= 98
            ),
            None,
        )
        if e is None:
            continue
        out.append((_remainder(later, e, "Q2" if want == "Q1" else "Q3"), later, e))
    return out


def _same_period(
    series: dict[str, list[FactRecord]], a_name: str, b_name: str
) -> Iterator[tuple[FactRecord, FactRecord]]:
    """Each fact of ``a_name`` with the fact of ``b_name`` for the same start, end and unit, where there is one."""
    bs = {(v.start, v.end, v.unit): v for v in series.get(b_name, [])}
    for a in series.get(a_name, []):
        b = bs.get((a.start, a.end, a.unit))
        if b is not None:
            yield a, b


def ratios(series: dict[str, list[FactRecord]], num: str, den: str) -> list[Derivation]:
    """num / den x 100 for every period both concepts report in one unit."""
    return [
        Derivation(f"{num} / {den} x 100", a.value / b.value * 100, [a, b], a, (num, den))
        for a, b in _same_period(series, num, den)
        if b.value
    ]


def differences(series: dict[str, list[FactRecord]], a_name: str, b_name: str) -> list[Derivation]:
    """a - b for every period both concepts report in one unit (free cash flow: operating cash flow - capex)."""
    return [
        Derivation(f"{a_name} - {b_name}", a.value - b.value, [a, b], a, (a_name, b_name))
        for a, b in _same_period(series, a_name, b_name)
    ]


def changes(series: dict[str, list[FactRecord]], name: str, kind: str, *, sequential: bool = False) -> list[Derivation]:
    """Growth rates (``kind`` percent) or differences (currency) of a concept against its prior period:
    the same period a year earlier, or with ``sequential`` the quarter before."""
    out = []
    vals = series.get(name, [])
    by_end = {(v.period_type, v.end): v for v in vals}
    for v in vals:
        # a duration against the same one a year (or with ``sequential`` a quarter) earlier; a balance against the
        # balance a year earlier ("cash increased 49.1% during fiscal 2025": year end against year end)
        if not (
            (v.period_type in ("annual", "quarterly") and v.start) or (v.period_type == "instant" and not sequential)
        ):
            continue
        if sequential and v.period_type != "quarterly":
            continue
        prior = _prior(v, by_end, sequential)
        if prior is None or not prior.value:
            continue
        for now, then, basis in same_share_basis(v, prior):
            if not then:
                continue
            if kind == "percent":
                r = (now - then) / abs(then) * 100
                formula = (
                    f"({name} {describe_period(v)} - {name} {describe_period(prior)}) / "
                    f"{name} {describe_period(prior)} x 100{basis}"
                )
            else:
                if v.unit != prior.unit:
                    continue
                r = now - then
                formula = f"{name} {describe_period(v)} - {name} {describe_period(prior)}{basis}"
            out.append(Derivation(formula, r, [v, prior], v, (name,)))
    return out


def _to_today(f: FactRecord) -> float:
    """The factor that puts a share count or per-share value never restated for a later split on today's basis."""
    if "shares" not in f.unit:
        return 1.0
    per_share = "/shares" in f.unit
    if f.pre_split_ratio:
        return 1 / f.pre_split_ratio if per_share else float(f.pre_split_ratio)
    if f.pre_reverse_split_ratio:
        return float(f.pre_reverse_split_ratio) if per_share else 1 / f.pre_reverse_split_ratio
    return 1.0


def same_share_basis(v: FactRecord, prior: FactRecord) -> list[tuple[float, float, str]]:
    """(value, prior value, how) on one share basis: as they stand when no split lies between them; else on
    today's basis (the never-restated one adjusted by the split the concept series reports), and, when the later
    value was restated for that split, also on the old basis (its first-reported value beside the prior one)."""
    a, b = _to_today(v), _to_today(prior)
    if a == b:
        out = [(v.value, prior.value, "")]
        split = SHARE_BASIS_KINDS
        if (
            a == 1
            and v.revision_kind in split
            and prior.revision_kind == v.revision_kind
            and v.original_value
            and prior.original_value
            and split_candidates(v.original_value, v.value) & split_candidates(prior.original_value, prior.value)
        ):
            # both restated for the same split: the values as first reported carry more digits (11.93 and 1.74
            # against 1.19 and 0.17)
            how = f" (as first reported, before the split: {v.original_value} and {prior.original_value})"
            out.append((v.original_value, prior.original_value, how))
        return out
    adjusted = describe_period(prior) if b != 1 else describe_period(v)
    out = [(v.value * a, prior.value * b, f" (on today's share basis: {adjusted} adjusted for the split after it)")]
    if a == 1 and v.original_value and v.revision_kind in SHARE_BASIS_KINDS:
        how = f" (on the share basis before the split: {describe_period(v)} as first reported, {v.original_value})"
        out.append((v.original_value, prior.value, how))
    return out


def _prior(v: FactRecord, by_end: dict[tuple, FactRecord], sequential: bool = False) -> FactRecord | None:
    lo, hi = (84, 98) if sequential else (350, 380)
    for (ptype, end), p in by_end.items():
        if ptype == v.period_type and lo <= (v.end - end).days <= hi:
            return p
    return None

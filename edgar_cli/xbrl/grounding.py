"""Which XBRL facts a stated figure can come from: by value within its rounding, then by period.

A :class:`FactPool` indexes every row of a company's facts (or of the cited
filings only) by absolute value per unit, so a figure's interval (60.9 billion
+/- 0.05 billion) is a bisection. Each matching period of a tag becomes a
:class:`Match` labelled with the company's own fiscal period (the concept
engine's ``_fact_value``), cited from the first filing in the pool that
reported that value, and told apart from the period's current value when later
filings changed it (a pre-split EPS, a restatement).

:func:`derive` looks for a percentage or a change that is a ratio, growth rate
or difference of catalogue concepts' current values for the same period.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import lru_cache

from ..models import FactValue
from .catalogue import catalogue
from .facts import CompanyFacts
from .restatements import _sort_key, classify_revision, select

CURRENCY_UNIT = re.compile(r"[A-Z]{3}")
PER_SHARE_UNIT = re.compile(r"[A-Z]{3}/shares")
GROWTH_CUE = re.compile(r"\b(?:gr[eo]w\w*|growth|increas\w*|decreas\w*|declin\w*|ros[ee]|risen|fell|fall\w*|"
                        r"drop\w*|up|down|higher|lower|jump\w*|surg\w*|year[- ]over[- ]year|yoy|change)\b", re.I)
MARGIN_CUE = re.compile(r"\b(?:margin|of (?:total )?(?:revenue|sales)|as a percentage of)\b", re.I)
RATIO_CONCEPTS = ("revenue", "cost_of_revenue", "gross_profit", "operating_income", "net_income", "rnd_expense",
                  "sga_expense", "operating_cash_flow", "capex", "total_assets", "total_liabilities",
                  "stockholders_equity", "cash", "long_term_debt")


@lru_cache(maxsize=1)
def _concept_words() -> list[tuple[re.Pattern, str]]:
    out = []
    for c in catalogue().values():
        words = {c.name.replace("_", " "), c.label.lower(), *(a.lower() for a in c.aliases)}
        alt = "|".join(sorted((re.escape(w) for w in words if len(w) > 2), key=len, reverse=True))
        out.append((re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])", re.I), c.name))
    return out


def concepts_named(text: str) -> list[str]:
    """Catalogue concepts whose name or alias appears in ``text``, nearest to its end first."""
    hits = []
    for rx, name in _concept_words():
        last = None
        for m in rx.finditer(text):
            last = m.end()
        if last is not None:
            hits.append((last, name))
    return [n for _pos, n in sorted(hits, reverse=True)]


@lru_cache(maxsize=1)
def tag_concepts() -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for c in catalogue().values():
        for t in c.chain:
            out[t.tag].append(c.name)
    return dict(out)


@dataclass
class Match:
    fact: FactValue  # provenance of the cited row, labelled with the company's fiscal period
    current_value: float | int  # the latest-filed value for the period
    revision_kind: str | None  # set when the matched value is not the current one
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
        for tag in facts.tags:
            for unit, rows in facts.tags[tag]["units"].items():
                for r in rows:
                    if not isinstance(r[2], (int, float)):
                        continue
                    self.periods[(tag, unit, r[0], r[1])].append(r)
                    if accessions is not None and r[3] not in accessions:
                        continue
                    self.accessions_seen.add(r[3])
                    raw[unit].append((abs(float(r[2])), tag, r))
        for unit, items in raw.items():
            items.sort(key=lambda x: x[0])
            self._index[unit] = ([x[0] for x in items], [(x[1], x[2]) for x in items])

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
            for tag, row in items[bisect_left(vals, flo - eps):bisect_right(vals, fhi + eps)]:
                groups[(tag, unit, row[0], row[1], row[2])].append(row)
        return [m for (tag, unit, _s, _e, _v), rows in groups.items()
                if (m := self._match(tag, unit, rows)) is not None]

    def _match(self, tag: str, unit: str, rows: list[tuple]) -> Match | None:
        from ..capabilities.concepts import _fact_value

        cite = min(rows, key=_sort_key)
        fact = _fact_value(self.facts, self.facts.calendar, tag, unit, [cite])
        if fact is None:
            return None
        every = self.periods[(tag, unit, cite[0], cite[1])]
        sel = select(every, unit)
        latest = max(every, key=_sort_key)[2]
        revision = None if latest == cite[2] else classify_revision(cite[2], latest, unit)
        if sel.distinct > 1 and revision is None:
            fact.restated = True
            fact.original_value = sel.original[2] if sel.original else None
            fact.revision_kind = sel.revision_kind  # type: ignore[assignment]
        return Match(fact=fact, current_value=latest, revision_kind=revision, concepts=tag_concepts().get(tag, []))

    def reported_in_pool(self, tag: str, unit: str, start: str | None, end: str, value: float | int) -> tuple | None:
        """The first pool row reporting ``value`` for that tag and period, if any."""
        rows = [r for r in self.periods.get((tag, unit, start, end), []) if r[2] == value and self.in_pool(r)]
        return min(rows, key=_sort_key) if rows else None


def period_matches(fact: FactValue, fiscal_year: int | None, fiscal_period: str | None, end: date | None) -> bool:
    """Does a fact's period fit the one claimed in the text?"""
    if end is not None and abs((fact.end - end).days) > 3:
        return False
    if fiscal_year is not None and fact.fiscal_year != fiscal_year:
        return False
    if fiscal_period is not None and fact.fiscal_period != fiscal_period:
        return False
    return True


def describe_period(fact: FactValue) -> str:
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
    value: float  # the computed result, in the figure's terms (percent, or currency)
    inputs: list[FactValue]
    period: FactValue  # the period the result belongs to (the later one for a growth rate)
    score: int = 0


def series_for_ratios(pool: FactPool) -> dict[str, list[FactValue]]:
    """Current values of the catalogue's currency concepts, limited to periods the pool reports."""
    from ..capabilities.concepts import build_series

    out: dict[str, list[FactValue]] = {}
    for name in RATIO_CONCEPTS:
        spec = catalogue().get(name)
        if spec is None:
            continue
        series = build_series(pool.facts, spec)
        vals = []
        for v in series.values:
            if v.period_type not in ("annual", "quarterly", "instant"):
                continue
            if pool.accessions is not None:
                unit_rows = pool.reported_in_pool(v.matched_tag, v.unit, v.start.isoformat() if v.start else None,
                                                  v.end.isoformat(), v.value)
                if unit_rows is None:
                    continue
            vals.append(v)
        if vals:
            out[name] = vals
    return out


def derive(kind: str, lo: Decimal, hi: Decimal, clause: str, series: dict[str, list[FactValue]],
           unit: str | None) -> list[Derivation]:
    """Ratios and growth rates (``kind`` percent) or differences (currency) that round to [lo, hi]."""
    named = concepts_named(clause)
    growth_cue = bool(GROWTH_CUE.search(clause))
    margin_cue = bool(MARGIN_CUE.search(clause))
    flo, fhi = float(lo), float(hi)
    out: list[Derivation] = []
    by_period: dict[tuple, dict[str, FactValue]] = defaultdict(dict)
    for name, vals in series.items():
        for v in vals:
            if unit is None or v.unit == unit or kind == "percent":
                by_period[(v.start, v.end)][name] = v
    if kind == "percent":
        for concepts in by_period.values():
            for a_name, a in concepts.items():
                for b_name, b in concepts.items():
                    if a_name == b_name or not b.value or a.unit != b.unit:
                        continue
                    r = abs(a.value / b.value * 100)
                    if flo <= r <= fhi:
                        score = (2 if a_name in named else 0) + (1 if b_name in named else 0)
                        score += 2 if margin_cue and b_name == "revenue" else 0
                        score -= 2 if growth_cue and not margin_cue else 0
                        out.append(Derivation(f"{a_name} / {b_name} x 100", r, [a, b], a, score))
    for name, vals in series.items():
        ordered = sorted(vals, key=lambda v: v.end)
        by_end = {(v.period_type, v.end): v for v in ordered}
        for v in ordered:
            if v.period_type not in ("annual", "quarterly") or not v.start:
                continue
            prior = _prior(v, by_end)
            if prior is None or not prior.value or (unit is not None and v.unit != unit and kind != "percent"):
                continue
            if kind == "percent":
                r = abs((v.value - prior.value) / abs(prior.value) * 100)
                formula = f"({name} {describe_period(v)} - {name} {describe_period(prior)}) / " \
                          f"{name} {describe_period(prior)} x 100"
            else:
                r = abs(v.value - prior.value)
                formula = f"{name} {describe_period(v)} - {name} {describe_period(prior)}"
            if flo <= r <= fhi:
                score = (2 if name in named else 0) + (2 if growth_cue else -1)
                out.append(Derivation(formula, r, [v, prior], v, score))
    out.sort(key=lambda d: (-d.score, d.period.end), reverse=False)
    return out


def _prior(v: FactValue, by_end: dict[tuple, FactValue]) -> FactValue | None:
    for (ptype, end), p in by_end.items():
        if ptype == v.period_type and 350 <= (v.end - end).days <= 380:
            return p
    return None

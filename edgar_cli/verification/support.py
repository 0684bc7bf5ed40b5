"""What the checks share: a fact or passage as a result's support, numbers as the results write them."""

from __future__ import annotations

import re
from decimal import Decimal

from ..models.facts import RevisionKind
from ..models.verify import FigureSupport
from ..xbrl import grounding as G
from ..xbrl.records import FactRecord
from .claims import Figure

# A clause with no subject of its own: the figure carries on the sentence's concept ("..., up from $27.0 billion").
CONNECTOR = re.compile(
    r"[\s,;:()\-\u2013\u2014]*(?:(?:or|and|up|down|from|compared|with|to|versus|vs\.?|"
    r"against|than|a|an|the|roughly|about|approximately|nearly|over|which|is|was|were|of|in|"
    r"fiscal|year|\d{4}|more|less|double|triple|twice|half|at|its|rising|falling|or|about)"
    r"[\s,;:()\-\u2013\u2014]*)*",
    re.I,
)


def match_support(m: G.Match) -> FigureSupport:
    return fact_support(
        m.fact,
        m.concepts[0] if m.concepts else None,  # a match without a concept has none
        current_value=None if m.is_current else m.current_value,
        revision_kind=m.revision_kind,
    )


def fact_support(
    f: FactRecord,
    concept: str | None,
    *,
    current_value: float | int | None = None,
    revision_kind: RevisionKind | None = None,
) -> FigureSupport:
    """A fact as a figure's support, its provenance in full; for a match, the value that stands now and why."""
    return FigureSupport(
        source="xbrl_fact",
        value=f.value,
        unit=f.unit,
        matched_tag=f.matched_tag,
        concept=concept,
        fiscal_year=f.fiscal_year,
        fiscal_period=f.fiscal_period,
        period_type=f.period_type,
        start=f.start,
        end=f.end,
        form=f.form,
        filed=f.filed,
        accession_number=f.accession_number,
        url=f.filing_url,
        current_value=current_value,
        revision_kind=revision_kind,
    )


def inputs_text(d: G.Derivation) -> str:
    return "; ".join(
        f"{f.matched_tag} = {fmt(f.value)} for {G.describe_period(f)} ({f.accession_number})" for f in d.inputs
    )


def significant_digits(fig: Figure) -> int:
    """Significant digits the answer gave: 3 for $60.9 billion, 2 for $61 billion."""
    if not fig.value or not fig.step:
        return 0
    return len(str(int(abs(fig.value) / fig.step)))


def as_float(v: Decimal | None) -> float | None:
    return float(v) if v is not None else None


def fmt(v: float | int) -> str:
    return f"{v:,.4f}".rstrip("0").rstrip(".") if isinstance(v, float) and not v.is_integer() else f"{int(v):,}"

"""What the checks share: a fact or passage as a result's support, numbers as the results write them."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from ..models.facts import RevisionKind
from ..models.verify import FigureSupport
from ..patterns import lazy
from ..xbrl import grounding as G
from ..xbrl.records import FactRecord
from .claims import Figure

# A clause with no subject of its own: the figure carries on the sentence's concept ("..., up from $27.0 billion").
CONNECTOR = lazy(
    r"[\s,;:()\-\u2013\u2014]*(?:(?:or|and|up|down|from|compared|with|to|versus|vs\.?|"
    r"against|than|a|an|the|roughly|about|approximately|nearly|over|which|is|was|were|of|in|"
    r"fiscal|year|\d{4}|more|less|double|triple|twice|half|at|its|rising|falling|or|about|end|flat|total|"
    r"(?:prior|previous|preceding|last)(?:[- ]year)?|year['\u2019]s|prior[- ]year['\u2019]s)"
    r"[\s,;:()\-\u2013\u2014]*)*",
    re.I,
)
# Where a comparison's base begins: the words after it are the base's own ("..., up from $33.7 billion", "more
# than three times its fiscal 2024 level of $44.3 billion", "..., versus $271.3 million a year earlier", "far
# exceeded its fiscal 2025 total ($130.5 billion)", "edged past the prior year's $90.8 billion").
_COMPARED = lazy(
    r"\b(?:(?:up|down|rising|falling|increas\w*|decreas\w*|gr[eo]w\w*|ros[ee]|fell|declin\w*)\s+from|"
    r"(?:as\s+)?compared\s+(?:with|to)|(?:far\s+)?(?:exceed|surpass|outpac)(?:ed|ing|es|e|s)?|versus|vs\.?|against|(?<!more )(?<!less )(?<!fewer )(?<!rather )(?<!other )than|level\s+of|times|double|triple|twice|"
    # ("edged past the prior year's $90.8 billion", "33.9% above 2023's NT$2,161.7 billion")
    r"(?:(?:edged|inched|moved|pulled|just|well|far)\s+)?(?:past|above|below|beyond|ahead\s+of|behind)|topped|trailed)(?!\w)",
    re.I,
)
# A year as a possessive ("2020's $3.2 billion") names the base's period, not a measure
_YEAR_POSSESSIVE = lazy(r"\b(\d{4})['\u2019]s\b")


def own_clause(clause: str) -> str:
    """The part of a figure's clause that is the figure's own: after the last word that makes it a comparison's
    base ("of its common stock in fiscal 2026, up from" -> ""), else the whole clause."""
    cues = list(_COMPARED.finditer(clause))
    return clause[cues[-1].end() :] if cues else clause


def carries_on(clause: str) -> bool:
    """Has the figure's own clause no subject of its own, so that it carries on the sentence's measure?"""
    return bool(CONNECTOR.fullmatch(_YEAR_POSSESSIVE.sub(r"\1", own_clause(clause))))


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
        filed=known_filed(f.filed),
        accession_number=f.accession_number,
        url=f.filing_url,
        current_value=current_value,
        revision_kind=revision_kind,
    )


def known_filed(filed: date | None) -> date | None:
    """A fact's filing date, None when it is not known (a cited document's inline facts read without the
    company's submissions: xbrl/inline.py's UNKNOWN_FILED)."""
    return None if filed is None or filed == date.max else filed


def filed_text(filed: date | None) -> str:
    """ ", filed 2025-03-05" for a known filing date; nothing otherwise."""
    known = known_filed(filed)
    return f", filed {known}" if known is not None else ""


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

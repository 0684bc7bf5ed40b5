"""Figures derived on request from reported ones: Q4 and trailing twelve months, with their rules.

Nothing here runs unless a caller asks for it, and every result names its
formula and operands. Companies do not file Q4 as its own quarter: the 10-K
reports the fiscal year and the 10-Qs the first three quarters (and, for cash
flows, only the year to date). So:

- **Q4** = FY - 9M, when the annual and nine-month periods start on the same
  day (the same fiscal year), come from the same XBRL tag, and were revised
  alike (both as first reported, or both restated). The quarter it gives must
  be quarter-length (84-98 days).
- **TTM** at the end of fiscal quarter n of year y = FY(y-1) + YTD_n(y) -
  YTD_n(y-1), where YTD_1 is Q1 itself, YTD_2 the six months and YTD_3 the nine
  months. YTD_n(y) must start the day after FY(y-1) ends and YTD_n(y-1) the day
  FY(y-1) starts; the same tag and revision rules apply, and the twelve months
  it gives must be annual-length (350-380 days). At a fiscal year end the TTM
  is the reported FY itself. A sum of four 3-month quarters is not used: Q4 is
  never reported, so it would rest on a derivation of a derivation.

Never for per-share values (EPS is not additive: the share count changes
within the year), share counts, instants (a balance is not a flow) or units
other than a currency. A refusal is a sentence saying why, per cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from . import periods as P
from .records import FactRecord
from .series import unit_family


@dataclass
class NotDerived:
    """Why a cell was not derived: ``missing`` when an operand is not reported, else a rule refused it."""

    reason: str
    missing: bool = False


@dataclass
class Derived:
    value: float | int
    start: date
    end: date
    tag: str
    formula: str
    inputs: list[FactRecord] = field(default_factory=list)

    @property
    def days(self) -> int:
        return P.days_between(self.start, self.end)


def not_additive(unit: str | None, kind: str) -> str | None:
    """Why values of this unit and kind cannot be added or subtracted; None when they can."""
    if kind == "instant":
        return "a balance at a date is not a flow over a period; balances are never added or subtracted"
    family = unit_family(unit or "")
    if family == "currency/shares":
        return (
            "per-share values are not additive: each period divides by its own weighted share count, so "
            "FY EPS minus nine-month EPS is not Q4 EPS"
        )
    if family == "shares":
        return "share counts are not additive: a weighted average over a year is not the sum of its quarters"
    if family != "currency":
        return f"values in {unit or 'an unknown unit'} are not known to be additive"
    return None


def _label(v: FactRecord) -> str:
    return f"{v.fiscal_period or v.period_type} FY{v.fiscal_year}" if v.fiscal_period != "FY" else f"FY{v.fiscal_year}"


def _operands_refusal(ops: list[FactRecord]) -> str | None:
    """The shared rules: one tag, one unit, revised alike."""
    tags = {v.matched_tag for v in ops}
    if len(tags) > 1:
        return (
            "the operands come from different XBRL tags ("
            + ", ".join(f"{_label(v)}: {v.matched_tag}" for v in ops)
            + "), whose definitions may differ"
        )
    if len({v.unit for v in ops}) > 1:
        return "the operands are in different units"
    # a reclassification moves an amount between lines: the line's basis changed as much as by a restatement
    revised_kinds = ("restatement", "reclassification", "undetermined")
    restated = [v for v in ops if v.revision_kind in revised_kinds]
    if restated and len(restated) < len(ops):
        unrevised = [v for v in ops if v.revision_kind not in revised_kinds]
        said = "; ".join(
            f"{_label(v)} was "
            + {"reclassification": "reclassified", "undetermined": "revised"}.get(v.revision_kind or "", "restated")
            + f" (first {v.original_value} in {v.original_accession}, now "
            f"{v.value} in {v.accession_number})"
            for v in restated
        )
        return (
            f"{said}, but {', '.join(_label(v) for v in unrevised)} "
            f"{'was' if len(unrevised) == 1 else 'were'} not: the operands may be on different bases"
        )
    return None


def _span_refusal(derivation: str, start: date, end: date, bounds: tuple[int, int], span: str) -> str | None:
    """Why a derivation from ``start`` to ``end`` (inclusive) is refused: its days are outside ``bounds``
    (P.QUARTER_DAYS, P.ANNUAL_DAYS), so it is not ``span``; None when they are inside."""
    days = P.days_between(start, end)
    if bounds[0] <= days <= bounds[1]:
        return None
    return f"{derivation} would cover {days} days ({start} to {end}), not {span}"


def _number(x: float | int) -> float | int:
    return int(x) if isinstance(x, float) and x.is_integer() else x


def q4(annual: FactRecord | None, nine: FactRecord | None, fiscal_year: int) -> Derived | NotDerived:
    """Q4 of ``fiscal_year`` as FY minus the nine months, or why it is not derived."""
    if annual is None:
        return NotDerived(f"no annual value for FY{fiscal_year}, so Q4 cannot be derived", missing=True)
    why = not_additive(annual.unit, annual.period_type)
    if why:
        return NotDerived(why)
    if nine is None:
        return NotDerived(
            f"no nine-month value for FY{fiscal_year}, so Q4 cannot be derived as FY minus 9M", missing=True
        )
    if annual.start != nine.start:
        return NotDerived(
            f"the annual period starts {annual.start} and the nine months {nine.start}: not the same "
            "fiscal year's start, so they cannot be subtracted"
        )
    start = nine.end + timedelta(days=1)
    why = _operands_refusal([annual, nine]) or _span_refusal(
        "FY minus 9M", start, annual.end, P.QUARTER_DAYS, "a quarter"
    )
    if why:
        return NotDerived(why)
    value = _number(annual.value - nine.value)
    return Derived(
        value=value,
        start=start,
        end=annual.end,
        tag=annual.matched_tag,
        inputs=[annual, nine],
        formula=f"FY{fiscal_year} - 9M FY{fiscal_year} = {_number(annual.value)} - {_number(nine.value)}",
    )


YTD_PERIOD = {1: "Q1", 2: "H1", 3: "9M"}


def ttm(
    prior_annual: FactRecord | None,
    ytd: FactRecord | None,
    prior_ytd: FactRecord | None,
    fiscal_year: int,
    quarter: int,
) -> Derived | NotDerived:
    """Twelve months to the end of fiscal quarter ``quarter`` (1-3) of ``fiscal_year``, or why not.

    FY(y-1) + YTD(y) - YTD(y-1); see the module docstring for the rules.
    """
    name = YTD_PERIOD[quarter]
    if prior_annual is None:
        return NotDerived(
            f"no annual value for FY{fiscal_year - 1}, so the twelve months to Q{quarter} cannot be derived",
            missing=True,
        )
    why = not_additive(prior_annual.unit, prior_annual.period_type)
    if why:
        return NotDerived(why)
    if ytd is None:
        return NotDerived(f"no {name} value for FY{fiscal_year}", missing=True)
    if prior_ytd is None:
        return NotDerived(f"no {name} value for FY{fiscal_year - 1} to take out of FY{fiscal_year - 1}", missing=True)
    if ytd.start != prior_annual.end + timedelta(days=1):
        return NotDerived(
            f"{name} FY{fiscal_year} starts {ytd.start}, not the day after FY{fiscal_year - 1} ends "
            f"({prior_annual.end})"
        )
    if prior_ytd.start != prior_annual.start:
        return NotDerived(
            f"{name} FY{fiscal_year - 1} starts {prior_ytd.start} and FY{fiscal_year - 1} "
            f"{prior_annual.start}: not the same fiscal year's start"
        )
    start = prior_ytd.end + timedelta(days=1)
    why = _operands_refusal([prior_annual, ytd, prior_ytd]) or _span_refusal(
        "the derivation", start, ytd.end, P.ANNUAL_DAYS, "twelve months"
    )
    if why:
        return NotDerived(why)
    value = _number(prior_annual.value + ytd.value - prior_ytd.value)
    formula = (
        f"FY{fiscal_year - 1} + {name} FY{fiscal_year} - {name} FY{fiscal_year - 1} = "
        f"{_number(prior_annual.value)} + {_number(ytd.value)} - {_number(prior_ytd.value)}"
    )
    return Derived(
        value=value,
        start=start,
        end=ytd.end,
        tag=ytd.matched_tag,
        formula=formula,
        inputs=[prior_annual, ytd, prior_ytd],
    )

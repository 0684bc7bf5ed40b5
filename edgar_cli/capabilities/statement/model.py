"""Statements and series: concepts by period (get_financial_statement, get_financial_series)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import CompanyRef, DataSource
from ...models.facts import FactValue
from ...xbrl.records import SHARE_BASIS_KINDS

CellStatus = Literal["reported", "derived", "implied", "absent", "refused"]
CellBasis = Literal["as_reported", "split_restated", "revised", "derived", "ttm"]
DeriveKind = Literal["q4", "ttm"]


class StatementColumn(_Model):
    """One period (a column): the company's own fiscal label and the dates its cells share."""

    key: str = Field(description="Column key the cells use: FY2025, Q3 FY2026, or TTM 2026-04-26")
    fiscal_year: int = Field(description="The company's own fiscal-year label")
    fiscal_period: Literal["FY", "Q1", "Q2", "Q3", "Q4", "TTM"]
    end: date | None = Field(default=None, description="The period end most of its cells share")
    start: date | None = Field(
        default=None, description="The start most of its duration cells share (null: instants only)"
    )


class StatementCell(_Model):
    """One concept in one period: the engine's reported value, a labelled derivation, or why there is none."""

    column: str = Field(description="The column key, e.g. FY2025")
    status: CellStatus = Field(
        description="reported: a filed value (fact); derived: computed on request, see formula "
        "and inputs; implied: Q4 exists only as FY minus 9M and was not derived; absent: the "
        "company reports no value for this period; refused: a derivation asked for and not "
        "allowed (reason says why)"
    )
    value: float | int | None = Field(
        default=None, description="The value in the row's unit; null unless reported or derived"
    )
    unit: str | None = None
    start: date | None = None
    end: date | None = None
    days: int | None = None
    matched_tag: str | None = Field(default=None, description="taxonomy:Tag (derived: the operands' shared tag)")
    derived: bool = Field(default=False, description="True when computed from reported values rather than filed")
    formula: str | None = Field(
        default=None,
        description="Derived: how the operands give the value, e.g. 'FY2026 - 9M FY2026 = 215938000000 - 147811000000'",
    )
    accession_numbers: list[str] = Field(default_factory=list, description="Every filing the cell rests on")
    fact: FactValue | None = Field(
        default=None,
        description="Reported: the concept engine's value with its provenance "
        "(form, filed, restated, original_value, revision_kind, pre_split_ratio)",
    )
    inputs: list[FactValue] = Field(default_factory=list, description="Derived: the reported operands")
    reason: str | None = Field(default=None, description="Why an implied, absent or refused cell has no value")
    basis: CellBasis | None = Field(
        default=None,
        description="What the value is: as_reported (the figure as first filed, or filed again only rounded); "
        "split_restated (a later filing's figure on a new share basis after a stock or reverse split: "
        "fact.original_value is the figure first filed); revised (a later filing's different figure: "
        "fact.revision_kind says how, fact.original_value is the first); derived (computed by edgar, see formula); "
        "ttm (the row's trailing twelve months); null when the cell has no value",
    )


def cell_basis(cell: StatementCell, ttm: bool) -> CellBasis | None:
    """The basis a cell's value is on (StatementCell.basis): null without a value; ttm on a trailing row; derived
    when edgar computed it; else from its fact's revision (a split's restatement, another revision that changed the
    figure, or none: as first filed)."""
    from ...xbrl.restatements import substantive_revision

    if cell.value is None:
        return None
    if ttm:
        return "ttm"
    if cell.derived or cell.fact is None:
        return "derived"
    f = cell.fact
    if not substantive_revision(f.restated, f.revision_kind, f.value, f.original_value):
        return "as_reported"
    return "split_restated" if f.revision_kind in SHARE_BASIS_KINDS else "revised"


class StatementRow(_Model):
    """One concept across the columns."""

    concept: str
    label: str
    basis: Literal["as_reported", "ttm"] = Field(
        default="as_reported",
        description="ttm: each cell is the twelve months ending at its column's end; as_reported: each cell is its "
        "own period's figure (each cell's basis says whether it is as first filed, restated or derived)",
    )
    period_type: Literal["duration", "instant", "unknown"]
    unit: str | None = Field(default=None, description="USD, USD/shares, shares or the filer's currency (TSMC: TWD)")
    reported: bool = Field(description="False when the company reports none of the concept's tags in periodic reports")
    matched_tags: list[str] = Field(
        default_factory=list, description="The tags the row's cells come from, in order of first use"
    )
    mixed_tags: bool = Field(
        default=False,
        description="True when the cells come from different tags, whose definitions may differ (see notes)",
    )
    fallback_chain: list[str] = Field(default_factory=list)
    cells: list[StatementCell] = Field(description="One per column, in the columns' order")
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class StatementResult(_Model):
    """Concepts by period for one company: rows = concepts, columns = fiscal periods, oldest first."""

    company: CompanyRef
    statement: Literal["income", "balance", "cashflow"] | None = Field(
        default=None, description="The preset shown; null for concepts asked for by name"
    )
    title: str
    period: Literal["annual", "quarterly"]
    fiscal_years: list[int] = Field(default_factory=list, description="The fiscal years asked for (empty: the latest)")
    last: int | None = Field(default=None, description="Latest columns asked for")
    derive: list[DeriveKind] = Field(default_factory=list)
    share_basis: Literal["as_reported", "current"] = Field(
        default="as_reported",
        description="as_reported: each per-share value and share count as filed (pre_split_ratio marks those on an "
        "older share basis); current: those put on the basis after every later split, each a derived cell whose "
        "formula names the split(s) and the filing its figure came from",
    )
    fiscal_year_end: str | None = Field(default=None, description="MM-DD the company's fiscal year typically ends on")
    currency_note: str | None = None
    columns: list[StatementColumn]
    rows: list[StatementRow]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from (one request for every row)")
    data_source: DataSource | None = Field(
        default=None, description="Which source answered (live, cache or bulk of a date)"
    )
    as_of: date | None = Field(
        default=None,
        description="Point in time: the cells as known on this date (only facts filed on or before it); null: as "
        "known now",
    )


class ConceptSeriesResult(StatementResult):
    """One concept's table over several periods (``edgar concept`` with a range, --last or --derive), which also
    carries the concept's reported values flat, newest first: the layout one concept of one year has
    (``.values[]``), so that a script reads one concept the same way whatever the periods asked for."""

    values: list[FactValue] = Field(
        default_factory=list,
        description="The row's reported values (each cell's fact), newest first; derived cells are in "
        "rows[].cells[] only (their formula and inputs)",
    )

"""Financial concepts (get_financial_concept): values with provenance, tags tried, suspected errors."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ._base import _Model
from .companies import CompanyRef, DataSource

PeriodType = Literal["annual", "quarterly", "ytd", "instant", "other"]
FiscalPeriod = Literal["FY", "Q1", "Q2", "Q3", "Q4", "H1", "9M"]
RevisionKind = Literal[
    "stock_split", "reverse_split", "precision_change", "suspected_tagging_error", "reclassification", "restatement"
]


class SuspectedError(_Model):
    """A filing's figure for this period that the company's other figures do not bear out (shown, never fixed)."""

    kind: Literal["tagging_error", "scale"] = Field(
        description="tagging_error: a filing reported a value for this period that the filings before and after it "
        "do not (often another period's figure, or the sign reversed); scale: about 1,000 or 1,000,000 times the "
        "same-period figure of other filings, its neighbours in the series or the same filing's cover-page count"
    )
    accession_number: str = Field(description="The filing the suspect figure is in")
    form: str | None = None
    filed: date
    value: float | int = Field(description="The suspect figure as reported")
    reason: str = Field(description="What the figure disagrees with, in words")


class FactValue(_Model):
    """One reported figure with its full provenance."""

    value: float | int
    unit: str = Field(description="USD, USD/shares, shares, or another currency code")
    fiscal_year: int | None = Field(description="The company's own label for the fiscal year this period belongs to")
    fiscal_period: FiscalPeriod | None
    period_type: PeriodType
    start: date | None = Field(description="Period start; null for an instant (balance-sheet) value")
    end: date = Field(description="Period end, or the date of an instant value")
    days: int | None = Field(description="Length of the period in days (end - start + 1); null for instants")
    filed: date = Field(description="Filing date of the filing this value comes from")
    form: str
    accession_number: str
    matched_tag: str = Field(description="taxonomy:Tag the value was reported under")
    restated: bool = Field(description="True when filings reported different values for this period")
    original_value: float | int | None = Field(
        None,
        description="The first value reported for this period (first-filed), when filings differ; equal to "
        "value when the period was revised and revised back",
    )
    original_filed: date | None = None
    original_accession: str | None = None
    distinct_values: int = 1
    revision_kind: RevisionKind | None = Field(
        None,
        description="How the filings differ: stock_split (per-share value fell or share count rose by a "
        "forward split's ratio), reverse_split (the other way: per-share up, count down, as in a reverse split or a "
        "recapitalisation's exchange ratio), precision_change (equal "
        "after rounding), suspected_tagging_error (a filing's figure the others do not bear out: revised and revised "
        "back, or exactly 1,000x apart; see suspected_errors), reclassification (an amount moved between lines: "
        "both filings report the same total for the period, net income for a flow or total assets for a balance; "
        "a value that became 0 moved to another line), restatement (anything else: results changed)",
    )
    pre_split_ratio: int | None = Field(
        None,
        description="Set when this per-share or share value was last reported before an N-for-1 stock split "
        "that later filings applied to other periods: it is on the old share basis and was never restated",
    )
    pre_reverse_split_ratio: int | None = Field(
        None,
        description="Set when this per-share or share value was last reported before a 1-for-N reverse split "
        "or recapitalisation (later filings show N times the per-share values, 1/N the counts) applied to other "
        "periods: it is on the old share basis and was never restated",
    )
    suspected_errors: list[SuspectedError] = Field(
        default_factory=list,
        description="Filed figures for this period that look like the filer's own errors "
        "(a tagging error in one filing, a value about 1,000x off); when one names this value's own accession_number, "
        "the value shown is the suspect one",
    )
    filing_url: str = Field(description="The filing's index page in the SEC Archives")


class TagTried(_Model):
    tag: str
    status: Literal["used", "not_reported", "no_periods_selected", "other_unit", "not_used"] = Field(
        description="used: it supplies values; not_reported: the company never reported it; other_unit: only in "
        "other units; not_used: every period it reports is covered by an earlier tag of the chain (detail says "
        "whether it is a different figure); no_periods_selected: none of its periods is of the kind asked for"
    )
    detail: str = ""
    periods: int = 0
    latest_end: date | None = None


class ConceptResult(_Model):
    """A concept's values for one company, newest first."""

    company: CompanyRef
    concept: str
    label: str
    definition: str
    period: Literal["annual", "quarterly", "all"]
    fiscal_year: int | None = None
    fallback_chain: list[str]
    tags_tried: list[TagTried]
    unit: str | None
    units_available: list[str]
    currency_note: str | None = None
    fiscal_year_end: str | None = Field(None, description="MM-DD the company's fiscal year ends on (typical)")
    values: list[FactValue]
    total_values: int = Field(description="How many values matched before limit")
    truncated: bool = False
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from")
    data_source: DataSource | None = Field(None, description="Which source answered (live, cache or bulk of a date)")
    as_of: date | None = Field(
        None,
        description="Point in time: the values as known on this date (only facts filed on or before it); null: as "
        "known now",
    )

"""The result of screen_companies: one concept across every company in the bulk store."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import CompanyRef, DataSource
from ...models.facts import FactValue


class ScreenRow(FactValue):
    """One company's value in a screen: exactly what the concept lookup gives for that company and year."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    sic: str | None = None
    fiscal_year_end: str | None = Field(default=None, description="MM-DD the company's fiscal year typically ends on")
    notes: list[str] = Field(default_factory=list)


ExclusionReason = Literal[
    "not_reported",
    "no_annual_value",
    "other_unit",
    "facts_end_before_filings",
    "period_not_reported",
    "form",
    "fiscal_year_end",
    "below_minimum",
    "above_maximum",
    "not_a_peer",
]


class ScreenExclusion(_Model):
    """Companies left out of a screen for one reason."""

    reason: ExclusionReason
    companies: int
    detail: str
    examples: list[str] = Field(default_factory=list, description="A few of the companies (name and CIK)")


class ScreenResult(_Model):
    """One concept across every filer in the bulk store, with how many were considered and why others are not shown."""

    concept: str
    label: str
    definition: str
    fiscal_year: int | None = Field(default=None, description="The fiscal year by each company's own label")
    calendar_year: int | None = Field(
        default=None,
        description="Each company's fiscal year aligned to this calendar year: the one ending nearest its "
        "December 31, as the SEC's CY frames (NVIDIA's FY2025, ended 2025-01-26, is calendar 2024)",
    )
    unit: str = Field(description="The one unit every row is in; companies reporting in another are excluded")
    minimum: float | None = None
    maximum: float | None = None
    forms: list[str] = Field(default_factory=list)
    fiscal_year_end_month: int | None = None
    peers_of: CompanyRef | None = None
    sort: Literal["value_desc", "value_asc", "name"]
    companies_considered: int = Field(description="Filers with XBRL facts in the store")
    companies_reporting: int = Field(description="Companies with a value for the period in the unit, before filters")
    companies_matched: int = Field(description="Companies passing every filter, before limit")
    excluded: list[ScreenExclusion] = Field(default_factory=list)
    limit: int
    truncated: bool
    rows: list[ScreenRow]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    data_source: DataSource
    source: str = Field(description="The SEC bulk archive the figures come from")
    as_of: date | None = Field(
        default=None,
        description="Point in time: the figures as known on this date (only facts filed on or before it), over "
        "every filer that had filed by then; null: as known now",
    )
    matched_no_longer_filing: int | None = Field(
        default=None,
        description="With as_of: how many of the matched companies no longer file (nothing filed for over a year "
        "before the store's archives); null without as_of or when the store holds no submissions",
    )

"""Comparisons (compare_companies)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import DataSource
from ...models.facts import FactValue, FiscalPeriod


class ComparisonRow(FactValue):
    """One company's figure in a comparison: the concept engine's value with its provenance, and the company."""

    query: str = Field(description="The argument(s) naming this company, e.g. 'GOOG, GOOGL' when named twice")
    name: str
    cik: str = Field(description="10-digit zero-padded CIK")
    tickers: list[str] = Field(default_factory=list)
    fiscal_year_end: str | None = Field(default=None, description="MM-DD the company's fiscal year typically ends on")
    source: str = Field(description="The companyfacts document the figure comes from")
    data_source: DataSource | None = Field(
        default=None, description="Which source answered (live, cache or bulk of a date)"
    )
    notes: list[str] = Field(default_factory=list)


class UnavailableCompany(_Model):
    """A company in the comparison without a figure, and why."""

    query: str
    name: str | None = None
    cik: str | None = None
    code: str = Field(description="The error code that kept it out: not_found, upstream_unavailable, rate_limited, ...")
    reason: str
    suggestion: str = ""
    latest_fiscal_year: int | None = None


class ComparisonResult(_Model):
    """One concept for several companies side by side; warnings first, then the rows."""

    concept: str
    label: str
    definition: str
    period: Literal["annual", "quarterly"]
    fiscal_year: int | None = Field(
        description="The fiscal year compared; null when each company's latest was "
        "asked and they differ (each row has its own)"
    )
    fiscal_period: FiscalPeriod | None = Field(
        description="FY for annual comparisons, Q1-Q4 for quarterly ones; null like fiscal_year"
    )
    fiscal_year_basis: Literal["requested", "latest_common", "latest_each", "nearest"]
    calendar_year: int | None = Field(
        default=None,
        description="With align nearest: the calendar year the fiscal years "
        "were aligned to (each row carries its own fiscal_year)",
    )
    fiscal_year_reason: str = Field(description="Which fiscal year was compared and why")
    comparable: bool = Field(description="False when period ends are more than 45 days apart or units differ")
    comparability_issues: list[str] = Field(default_factory=list, description="Short reasons comparable is false")
    warnings: list[str] = Field(default_factory=list)
    sort: Literal["given", "value"]
    rows: list[ComparisonRow]
    unavailable: list[UnavailableCompany] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from")
    as_of: date | None = Field(
        default=None,
        description="Point in time: the figures as known on this date (only facts filed on or before it); null: "
        "as known now",
    )

    @property
    def exit_status(self) -> int:
        """The CLI's exit status: 16 (PARTIAL) when a company asked for is missing (``unavailable`` says why:
        a transient SEC failure, retry for all; ``not_found``, no figure to be had), else 17 (NOT_COMPARABLE)
        when ``comparable`` is false, else 0. Either way the rows are the data on stdout."""
        from ...errors import ExitStatus

        if self.unavailable:
            return int(ExitStatus.PARTIAL)
        return int(ExitStatus.OK if self.comparable else ExitStatus.NOT_COMPARABLE)

"""Filings (list_filings): the filer, its filings and amendments."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import DataSource


class FormerName(_Model):
    name: str
    from_date: date | None = None
    to_date: date | None = None


class FilerInfo(_Model):
    """The company header of a submissions file."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchanges: list[str] = Field(default_factory=list)
    fiscal_year_end: str | None = Field(
        default=None,
        description="MM-DD the fiscal year ends on, as the SEC records it "
        "(52/53-week years end within a few days of it)",
    )
    latest_fiscal_year_ended: date | None = Field(
        default=None,
        description="The period end of the latest annual report (10-K, 20-F, 40-F; originals) in the filings read: "
        "the actual end of the latest fiscal year",
    )
    fiscal_year_ends_move: bool = Field(
        default=False,
        description="True when the annual reports read end on different days of the month (a 52/53-week year: "
        "Apple's FY2024 ended 2024-09-28, FY2025 2025-09-27)",
    )
    state_of_incorporation: str | None = None
    state_of_incorporation_description: str | None = None
    entity_type: str | None = Field(
        default=None, description="The SEC's entity type: operating, other, investment, ..."
    )
    category: str | None = Field(default=None, description="Filer category, e.g. Large accelerated filer")
    sic: str | None = None
    sic_description: str | None = None
    former_names: list[FormerName] = Field(default_factory=list)


class AmendmentRef(_Model):
    """An amendment of a filing, as it appears in the chain of amendments."""

    accession_number: str
    form: str
    filed: date
    primary_doc_description: str | None = None
    size: int | None = Field(default=None, description="Total size of the amendment's files in bytes")
    document_url: str | None = None
    index_url: str


class Filing(_Model):
    """One filing from a company's submissions, with its Archives URLs and amendment links."""

    cik: str = Field(description="10-digit zero-padded CIK of the company")
    company_name: str
    form: str = Field(description="The form as filed: 10-K, 10-K/A, 10-KT, 8-K, 20-F, ...")
    base_form: str = Field(description="The form without /A")
    is_amendment: bool
    filed: date
    period_of_report: date | None = Field(
        default=None, description="reportDate: the period end (10-K/10-Q/20-F) or the event date (8-K)"
    )
    fiscal_year: int | None = Field(
        default=None,
        description="Periodic reports only: the fiscal year the period of report "
        "belongs to by the company's fiscal year end, labelled by the calendar year "
        "the fiscal year ends in (NVIDIA's FY2024 ended 2024-01-28)",
    )
    accession_number: str
    primary_document: str | None = None
    primary_doc_description: str | None = None
    document_url: str | None = Field(default=None, description="The primary document in the SEC Archives")
    index_url: str = Field(description="The filing's index page in the SEC Archives")
    items: list[str] = Field(default_factory=list, description="8-K item numbers, e.g. 2.02, 9.01")
    is_xbrl: bool = False
    is_inline_xbrl: bool = False
    size: int | None = Field(default=None, description="Total size of the filing's files in bytes")
    amends: str | None = Field(
        default=None,
        description="For an amendment: the accession number of the original it "
        "amends (same form and period); null when that cannot be told apart",
    )
    superseded: bool = Field(
        default=False,
        description="An original that later amendments for the same period exist for. "
        "It does not mean the amendment replaced the whole report",
    )
    superseded_by: str | None = Field(default=None, description="Accession number of the latest amendment")
    amendments: list[AmendmentRef] = Field(default_factory=list, description="Amendments in filing order")


class SubmissionsPage(_Model):
    """One page of the submissions history: ``recent`` or an older file listed in ``filings.files``."""

    name: str
    url: str
    filing_from: date | None = Field(default=None, description="First filing date the page is listed with")
    filing_to: date | None = Field(default=None, description="Last filing date the page is listed with")
    filing_count: int | None = Field(default=None, description="How many filings the page is listed with")
    status: Literal["read", "not_needed", "unavailable"]
    filings_read: int = 0
    detail: str = ""


class FilingList(_Model):
    """A company's filings, newest first, with the company header and how much history was read."""

    company: FilerInfo
    forms: list[str] = Field(default_factory=list, description="The form types asked for; empty for every form")
    forms_included: list[str] = Field(
        default_factory=list, description="Every form they stand for (variants and amendments)"
    )
    filed_from: date | None = Field(default=None, description="Earliest filing date asked for")
    filed_to: date | None = Field(default=None, description="Latest filing date asked for")
    limit: int
    filings: list[Filing]
    total_matches: int = Field(description="Matches in the pages read, before limit")
    truncated: bool = Field(default=False, description="More filings match than were returned (raise limit)")
    history_truncated: bool = Field(default=False, description="Part of the requested date range could not be read")
    history_truncated_reason: str | None = None
    foreign_private_issuer: bool = Field(default=False, description="Files 20-F or 40-F annual reports and no 10-K")
    pages: list[SubmissionsPage] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the filings come from")
    data_source: DataSource | None = Field(
        default=None, description="Which source answered (live, cache or bulk of a date)"
    )

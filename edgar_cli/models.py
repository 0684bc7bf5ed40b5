"""Result models: what ``--json`` prints and what the MCP tools return.

Field names follow the SEC and the field: ``cik`` (10 digits), ``accession_number``,
``form``, ``filed``, ``start``/``end`` (period dates), ``fiscal_year``,
``fiscal_period``, ``matched_tag``, ``unit``.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- companies -------------------------------------------------------------

MatchType = Literal["ticker", "cik", "name_exact", "name_fuzzy"]


class Candidate(_Model):
    """A company that a name may refer to."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    score: float = Field(description="0-1; 1 is an exact match of the normalised name")


class ResolvedCompany(_Model):
    """One company, identified by CIK, with how sure the match is."""

    query: str
    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    match_type: MatchType
    score: float
    other_matches: list[Candidate] = Field(
        default_factory=list, description="Other companies the name also matches; state your assumption when non-empty"
    )
    notes: list[str] = Field(default_factory=list)


class CompanyRef(_Model):
    cik: str
    name: str
    tickers: list[str] = Field(default_factory=list)


# --- financial concepts ----------------------------------------------------

PeriodType = Literal["annual", "quarterly", "ytd", "instant", "other"]
FiscalPeriod = Literal["FY", "Q1", "Q2", "Q3", "Q4", "H1", "9M"]
RevisionKind = Literal["stock_split", "precision_change", "restatement"]


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
    original_value: float | int | None = None
    original_filed: date | None = None
    original_accession: str | None = None
    distinct_values: int = 1
    revision_kind: RevisionKind | None = None
    pre_split_ratio: int | None = Field(
        None, description="Set when this per-share or share value was last reported before an N-for-1 stock split "
        "that later filings applied to other periods: it is on the old share basis and was never restated")
    filing_url: str = Field(description="The filing's index page in the SEC Archives")


class TagTried(_Model):
    tag: str
    status: Literal["used", "not_reported", "no_periods_selected", "other_unit", "superseded"]
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
    total_values: int = Field(description="How many values matched before --limit")
    truncated: bool = False
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from")


# --- administration --------------------------------------------------------


class CacheInfo(_Model):
    """The local cache: where it is and what it holds."""

    directory: str
    enabled: bool
    entries: int
    bytes: int
    by_kind: dict[str, int] = Field(default_factory=dict)
    freshness_seconds: dict[str, float | None] = Field(
        default_factory=dict, description="How long each kind of entry is served without asking the SEC; null = forever")


class CacheCleared(_Model):
    directory: str
    removed_entries: int


class UserAgentSetting(_Model):
    user_agent: str | None
    source: str = Field(description="Where the value comes from: --user-agent, SEC_USER_AGENT, the config file, or unset")
    config_file: str


# --- full-text search (search_full_text) -------------------------------------


class SearchMatchedFile(_Model):
    """One matching document of a filing (the main document or an exhibit)."""

    file: str = Field(description="File name inside the filing, e.g. eh200118123_ex9901.htm")
    file_type: str | None = Field(None, description="The document's type, e.g. 8-K, EX-99.1, EX-21.1")
    description: str | None = Field(None, description="The filer's description of the document")
    document_url: str | None = Field(None, description="The document in the SEC Archives")
    score: float | None = Field(None, description="EFTS relevance score (higher ranks first)")


class SearchFiling(_Model):
    """One filing that matched, however many of its documents matched."""

    company: CompanyRef = Field(description="The filer (the searched company when scoped, else the first listed)")
    co_registrants: list[CompanyRef] = Field(default_factory=list, description="Other filers of the same filing")
    form: str = Field(description="The filing's form (e.g. 8-K/A), never the matching exhibit's type")
    filed: date
    period_of_report: date | None = None
    accession_number: str
    items: list[str] = Field(default_factory=list, description="8-K items, e.g. 2.02, 9.01")
    file: str = Field(description="The best-scoring matching document of the filing")
    file_type: str | None = None
    description: str | None = None
    document_url: str | None = None
    index_url: str = Field(description="The filing's index page in the SEC Archives")
    score: float | None = None
    other_files: list[SearchMatchedFile] = Field(
        default_factory=list, description="Other documents of this filing that matched on this page")


class FullTextSearchResult(_Model):
    """EDGAR full-text search results, one row per filing."""

    query: str
    forms: list[str] = Field(default_factory=list)
    filed_from: date | None = Field(None, description="Start of the filing-date range sent; null: whole index")
    filed_to: date | None = Field(None, description="End of the filing-date range sent; null: whole index")
    company: CompanyRef | None = Field(None, description="The company the search was limited to")
    coverage: str = Field(description="What the index holds (2001 on) and what this search covered")
    hit_meaning: str = Field(description="What a hit does and does not mean")
    total_hits: int = Field(description="Matching documents (exhibits count separately), not filings")
    total_is_lower_bound: bool = Field(description="True when EFTS stopped counting (relation gte): at least total_hits")
    page: int
    page_size: int = Field(description="Documents per EFTS page (100)")
    offset: int = Field(description="EFTS 'from' offset of this page")
    hits_on_page: int = Field(description="Matching documents on this page")
    filings_on_page: int = Field(description="Distinct filings on this page after merging exhibits")
    limit: int
    truncated: bool = Field(description="True when this page holds more filings than limit")
    next_page: int | None = Field(None, description="The page to ask for next; null when this is the last")
    filings: list[SearchFiling]
    request_url: str = Field(description="The exact EFTS request made")
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the results come from")


"""Full-text search (search_full_text)."""

from __future__ import annotations

from datetime import date

from pydantic import Field

from ...models._base import _Model
from ...models.companies import CompanyRef


class SearchMatchedFile(_Model):
    """One matching document of a filing (the main document or an exhibit)."""

    file: str = Field(description="File name inside the filing, e.g. eh200118123_ex9901.htm")
    file_type: str | None = Field(default=None, description="The document's type, e.g. 8-K, EX-99.1, EX-21.1")
    description: str | None = Field(default=None, description="The filer's description of the document")
    document_url: str | None = Field(default=None, description="The document in the SEC Archives")
    score: float | None = Field(default=None, description="EFTS relevance score (higher ranks first)")


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
        default_factory=list, description="Other documents of this filing that matched on this page"
    )


class FullTextSearchResult(_Model):
    """EDGAR full-text search results, one row per filing."""

    query: str
    forms: list[str] = Field(default_factory=list)
    filed_from: date | None = Field(default=None, description="Start of the filing-date range sent; null: whole index")
    filed_to: date | None = Field(default=None, description="End of the filing-date range sent; null: whole index")
    company: CompanyRef | None = Field(default=None, description="The company the search was limited to")
    coverage: str = Field(description="What the index holds (2001 on) and what this search covered")
    hit_meaning: str = Field(description="What a hit does and does not mean")
    total_hits: int = Field(description="Matching documents (exhibits count separately), not filings")
    total_is_lower_bound: bool = Field(
        description="True when EFTS stopped counting (relation gte): at least total_hits"
    )
    page: int
    page_size: int = Field(description="Documents per EFTS page (100)")
    offset: int = Field(description="EFTS 'from' offset of this page")
    hits_on_page: int = Field(description="Matching documents on this page")
    filings_on_page: int = Field(description="Distinct filings on this page after merging exhibits")
    limit: int
    truncated: bool = Field(description="True when this page holds more filings than limit")
    next_page: int | None = Field(default=None, description="The page to ask for next; null when this is the last")
    filings: list[SearchFiling]
    request_url: str = Field(description="The exact EFTS request made")
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the results come from")

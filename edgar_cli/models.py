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
    model_config = ConfigDict(extra="forbid", defer_build=True)


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
    total_values: int = Field(description="How many values matched before limit")
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


# --- filings ---------------------------------------------------------------


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
    fiscal_year_end: str | None = Field(None, description="MM-DD the fiscal year ends on, as the SEC records it "
                                        "(52/53-week years end within a few days of it)")
    state_of_incorporation: str | None = None
    state_of_incorporation_description: str | None = None
    entity_type: str | None = Field(None, description="The SEC's entity type: operating, other, investment, ...")
    category: str | None = Field(None, description="Filer category, e.g. Large accelerated filer")
    sic: str | None = None
    sic_description: str | None = None
    former_names: list[FormerName] = Field(default_factory=list)


class AmendmentRef(_Model):
    """An amendment of a filing, as it appears in the chain of amendments."""

    accession_number: str
    form: str
    filed: date
    primary_doc_description: str | None = None
    size: int | None = Field(None, description="Total size of the amendment's files in bytes")
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
    period_of_report: date | None = Field(None, description="reportDate: the period end (10-K/10-Q/20-F) "
                                          "or the event date (8-K)")
    fiscal_year: int | None = Field(None, description="Periodic reports only: the fiscal year the period of report "
                                    "belongs to by the company's fiscal year end, labelled by the calendar year "
                                    "the fiscal year ends in (NVIDIA's FY2024 ended 2024-01-28)")
    accession_number: str
    primary_document: str | None = None
    primary_doc_description: str | None = None
    document_url: str | None = Field(None, description="The primary document in the SEC Archives")
    index_url: str = Field(description="The filing's index page in the SEC Archives")
    items: list[str] = Field(default_factory=list, description="8-K item numbers, e.g. 2.02, 9.01")
    is_xbrl: bool = False
    is_inline_xbrl: bool = False
    size: int | None = Field(None, description="Total size of the filing's files in bytes")
    amends: str | None = Field(None, description="For an amendment: the accession number of the original it "
                               "amends (same form and period); null when that cannot be told apart")
    superseded: bool = Field(False, description="An original that later amendments for the same period exist for. "
                             "It does not mean the amendment replaced the whole report")
    superseded_by: str | None = Field(None, description="Accession number of the latest amendment")
    amendments: list[AmendmentRef] = Field(default_factory=list, description="Amendments in filing order")


class SubmissionsPage(_Model):
    """One page of the submissions history: ``recent`` or an older file listed in ``filings.files``."""

    name: str
    url: str
    filing_from: date | None = Field(None, description="First filing date the page is listed with")
    filing_to: date | None = Field(None, description="Last filing date the page is listed with")
    filing_count: int | None = Field(None, description="How many filings the page is listed with")
    status: Literal["read", "not_needed", "unavailable"]
    filings_read: int = 0
    detail: str = ""


class FilingList(_Model):
    """A company's filings, newest first, with the company header and how much history was read."""

    company: FilerInfo
    forms: list[str] = Field(default_factory=list, description="The form types asked for; empty for every form")
    forms_included: list[str] = Field(default_factory=list, description="Every form they stand for (variants and "
                                      "amendments)")
    filed_from: date | None = Field(None, description="Earliest filing date asked for")
    filed_to: date | None = Field(None, description="Latest filing date asked for")
    limit: int
    filings: list[Filing]
    total_matches: int = Field(description="Matches in the pages read, before limit")
    truncated: bool = Field(False, description="More filings match than were returned (raise limit)")
    history_truncated: bool = Field(False, description="Part of the requested date range could not be read")
    history_truncated_reason: str | None = None
    foreign_private_issuer: bool = Field(False, description="Files 20-F or 40-F annual reports and no 10-K")
    pages: list[SubmissionsPage] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the filings come from")


# --- comparisons (compare_companies) ----------------------------------------


class ComparisonRow(FactValue):
    """One company's figure in a comparison: the concept engine's value with its provenance, and the company."""

    query: str = Field(description="The argument(s) naming this company, e.g. 'GOOG, GOOGL' when named twice")
    name: str
    cik: str = Field(description="10-digit zero-padded CIK")
    tickers: list[str] = Field(default_factory=list)
    fiscal_year_end: str | None = Field(None, description="MM-DD the company's fiscal year typically ends on")
    source: str = Field(description="The companyfacts document the figure comes from")
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
    fiscal_year: int
    fiscal_period: FiscalPeriod = Field(description="FY for annual comparisons, Q1-Q4 for quarterly ones")
    fiscal_year_basis: Literal["requested", "latest_common"]
    fiscal_year_reason: str = Field(description="Which fiscal year was compared and why")
    comparable: bool = Field(description="False when period ends are more than 45 days apart or units differ")
    comparability_issues: list[str] = Field(default_factory=list, description="Short reasons comparable is false")
    warnings: list[str] = Field(default_factory=list)
    sort: Literal["given", "value"]
    rows: list[ComparisonRow]
    unavailable: list[UnavailableCompany] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from")

    @property
    def exit_status(self) -> int:
        """11 (PARTIAL) when a company is missing because the SEC failed for it (retry for all), else 0."""
        from .errors import TRANSIENT_CODES, ExitStatus

        partial = any(u.code in TRANSIENT_CODES for u in self.unavailable)
        return int(ExitStatus.PARTIAL if partial else ExitStatus.OK)


# --- filing sections (edgar section) ---------------------------------------


class SectionOutlineEntry(_Model):
    """One section found in a filing document."""

    section: str = Field(description="Section key, e.g. risk_factors")
    item: str = Field(description="The item as the form numbers it: 1A (10-K), II-1A (10-Q Part II), 3D (20-F Item 3.D)")
    label: str
    chars: int = Field(description="Length of the section's text in characters")
    is_reference: bool = Field(description="The section only points elsewhere (proxy statement, another item, an exhibit)")
    found_by: str = Field(description="item_heading, title_heading, statements_start or omitted_list")


class FilingSection(_Model):
    """A named section of a 10-K, 10-Q or 20-F as clean text, one page at a time, with provenance."""

    section: str = Field(description="Section key, e.g. risk_factors, mda, financial_statements")
    item: str = Field(description="The item as the form numbers it: 1A (10-K), II-1A (10-Q Part II), 3D (20-F)")
    label: str = Field(description="The form's name for the item, e.g. 'Item 1A. Risk Factors'")
    heading: str | None = Field(None, description="The heading as it appears in the document")
    form: str = Field(description="The filing's form as filed, e.g. 10-K, 10-K/A, 10-Q")
    company_name: str | None = None
    cik: str | None = Field(None, description="10-digit zero-padded CIK")
    filed: date | None = None
    period_of_report: date | None = None
    fiscal_year: int | None = None
    accession_number: str | None = None
    document_url: str | None = Field(None, description="The primary document in the SEC Archives")
    source_file: str | None = Field(None, description="The local file read instead of fetching a filing")
    text: str = Field(description="The section's text from `offset`: paragraphs separated by a blank line, table "
                      "rows by a newline and cells by ' | '; page numbers and running headers removed")
    chars_total: int = Field(description="Length of the whole section in characters")
    chars_returned: int
    offset: int = Field(description="Where `text` starts in the section, in characters")
    next_offset: int | None = Field(None, description="Pass as offset to read the next page; null on the last page")
    truncated: bool = Field(description="True when more text follows (see next_offset)")
    is_reference: bool = Field(description="The section only points elsewhere: its text is the pointer, not the content")
    reference_target: str | None = Field(None, description="Where the content is, when is_reference")
    reference_section: str | None = Field(None, description="Section key of this same document holding the content, "
                                          "when is_reference and it is in this document (e.g. exhibits for NVIDIA's Item 8)")
    extraction_confidence: Literal["high", "medium", "low"]
    confidence_reasons: list[str] = Field(default_factory=list)
    outline: list[SectionOutlineEntry] = Field(default_factory=list, description="Every section found in the document")
    warnings: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


# --- answer verification (verify_answer) -------------------------------------

VerifyStatus = Literal["grounded", "derived", "mismatched_period", "ungrounded", "unchecked"]
FigureKind = Literal["money", "per_share", "shares", "percent", "percentage_points", "number", "date",
                     "fiscal_year", "year"]


class FigureSupport(_Model):
    """An XBRL fact or a passage of cited text that a figure agrees with, with its provenance."""

    source: Literal["xbrl_fact", "cited_text"]
    value: float | int | None = Field(None, description="The value as reported (a fact's val; the number in the text)")
    unit: str | None = Field(None, description="USD, USD/shares, shares, TWD, pure, ...")
    matched_tag: str | None = Field(None, description="taxonomy:Tag of the fact")
    concept: str | None = Field(None, description="The catalogue concept the tag belongs to, e.g. revenue")
    fiscal_year: int | None = Field(None, description="The company's own label for the fact's fiscal year")
    fiscal_period: FiscalPeriod | None = None
    period_type: PeriodType | None = None
    start: date | None = None
    end: date | None = None
    form: str | None = None
    filed: date | None = None
    accession_number: str | None = None
    url: str | None = Field(None, description="The filing's index page, or the cited document")
    current_value: float | int | None = Field(
        None, description="Set when later filings changed this period's value: the value that stands now")
    revision_kind: RevisionKind | None = Field(
        None, description="How the value that stands now differs from this one (stock_split, restatement, ...)")
    passage: str | None = Field(None, description="For cited text: the sentence the number is in")


class VerifiedFigure(_Model):
    """One figure of the answer, parsed, and whether the filings bear it out."""

    text: str = Field(description="The figure as written in the answer")
    position: int = Field(description="Character offset in the answer")
    context: str = Field(description="The sentence the figure is in")
    kind: FigureKind
    value: float | None = Field(None, description="Parsed value at full scale (60.9 billion -> 60900000000); "
                                "percentages as written (72.7)")
    unit: str | None = Field(None, description="USD, TWD, USD/shares, shares, percent; null when the answer names "
                             "no currency")
    rounding: float | None = Field(None, description="The precision the answer used: any value within half of "
                                   "this rounds to the figure (0.1 billion for $60.9 billion)")
    claimed_fiscal_year: int | None = Field(None, description="The fiscal year the answer ties the figure to")
    claimed_fiscal_period: FiscalPeriod | None = None
    claimed_period_end: date | None = None
    claimed_period_text: str | None = Field(None, description="The words the claimed period was read from")
    status: VerifyStatus = Field(description="grounded: equals a fact of the concept named (or a cited number "
                                 "about it) at the answer's rounding, for the claimed period; derived: a ratio, "
                                 "growth rate or difference of facts; mismatched_period: the same concept's value "
                                 "for another period; ungrounded: contradicted (another value, sign or "
                                 "direction) or nothing supports it; unchecked: edgar cannot tell (an ambiguous "
                                 "match, a segment, a period the facts do not cover, a calendar year)")
    reason: str = Field(description="Why, in one sentence")
    support: FigureSupport | None = Field(None, description="The best supporting fact or passage")
    formula: str | None = Field(None, description="For derived figures: how the inputs give the figure")
    inputs: list[FigureSupport] = Field(default_factory=list, description="For derived figures: the facts used")
    other_matches: int = Field(0, description="Other facts that also round to the figure (a loose match when many)")
    notes: list[str] = Field(default_factory=list)


class AnswerVerification(_Model):
    """Every figure of an answer checked against the filings it cites (or the company's XBRL facts)."""

    company: CompanyRef | None = None
    cited: list[str] = Field(default_factory=list, description="Accession numbers or documents the check used")
    all_grounded: bool = Field(description="True when no figure is ungrounded or tied to the wrong period")
    summary: str
    counts: dict[str, int] = Field(default_factory=dict, description="Figures per status")
    figures: list[VerifiedFigure]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoints the check read")

    @property
    def exit_status(self) -> int:
        """10 (UNGROUNDED) when a figure is ungrounded or mismatched, else 0: the CLI exits with it."""
        from .errors import ExitStatus

        return int(ExitStatus.OK if self.all_grounded else ExitStatus.UNGROUNDED)


# --- local filing-text index (index_add, index_list, index_remove, search_documents, read_document) ----


class IndexedFiling(_Model):
    """A filing in the local text index: what was indexed and from where."""

    accession_number: str
    cik: str = Field(description="10-digit zero-padded CIK")
    ticker: str | None = None
    company_name: str
    form: str = Field(description="The form as filed, e.g. 10-K")
    filed: date | None = None
    fiscal_year: int | None = Field(None, description="By the company's fiscal calendar")
    period_of_report: date | None = None
    document_url: str | None = Field(None, description="The document the text was read from")
    sections: int = Field(description="Sections indexed (each is a document: ACCESSION:section)")
    chunks: int = Field(description="Chunks of about 400-500 tokens, overlapping by up to 80")
    chars: int = Field(description="Characters of section text indexed")
    embedding_model: str | None = Field(None, description="Model of the chunk vectors; null when keyword-only")
    indexed_at: str | None = Field(None, description="UTC time the chunks were written")
    status: Literal["indexed", "reindexed", "unchanged", "removed", "present"] = "present"


class SkippedFiling(_Model):
    """A filing (or company) that was not indexed, and why."""

    company: str
    accession_number: str | None = None
    form: str | None = None
    code: str = Field(description="The error code: not_found, invalid_argument, upstream_unavailable, ...")
    reason: str


class IndexUpdate(_Model):
    """What `edgar index add` or `edgar index remove` changed in the local index."""

    action: Literal["add", "remove"]
    index_path: str
    filings: list[IndexedFiling] = Field(default_factory=list, description="Filings added, re-indexed, left "
                                         "unchanged or removed (see each status)")
    skipped: list[SkippedFiling] = Field(default_factory=list)
    semantic: bool = Field(description="True when chunk vectors were written (the semantic extra is installed)")
    embedding_model: str | None = None
    filings_total: int = Field(description="Filings in the index afterwards")
    chunks_total: int
    size_bytes: int
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class IndexListing(_Model):
    """The filings in the local text index."""

    index_path: str
    exists: bool
    filings: list[IndexedFiling] = Field(default_factory=list)
    filings_total: int
    chunks_total: int
    size_bytes: int
    semantic_available: bool = Field(description="True when this installation can embed queries")
    embedding_models: dict[str, int] = Field(default_factory=dict, description="Chunks with vectors, by model")
    notes: list[str] = Field(default_factory=list)


class DocumentHit(_Model):
    """One passage found in the local index, with where it comes from."""

    rank: int
    excerpt: str = Field(description="Part of the chunk around the matches, whitespace flattened, '…' where cut")
    marks: list[tuple[int, int]] = Field(default_factory=list, description="[start, end) character spans in excerpt "
                                         "of the matched words (ranked) or of the phrase (phrase)")
    doc_id: str = Field(description="ACCESSION:section; read it with read_document(doc_id, lines=...)")
    chunk_id: str = Field(description="ACCESSION:section:NNNN; read_document(around=chunk_id) gives its neighbours")
    line_start: int = Field(description="First line of the chunk in the section text (1-based)")
    line_end: int
    company_name: str
    cik: str
    ticker: str | None = None
    form: str
    filed: date | None = None
    fiscal_year: int | None = None
    period_of_report: date | None = None
    section: str = Field(description="Section key, e.g. risk_factors")
    section_label: str | None = Field(None, description="e.g. 'Item 1A. Risk Factors'")
    accession_number: str
    document_url: str | None = None
    score: float = Field(description="hybrid: reciprocal-rank-fusion score; bm25: BM25 (higher is better); "
                         "semantic: cosine similarity")
    rankers: dict[str, int] = Field(default_factory=dict, description="Rank of the chunk in each ranker that found it")


class DocumentSearchResult(_Model):
    """Passages of locally indexed filings that answer a query, best first."""

    query: str
    match: Literal["ranked", "phrase"]
    ranker: Literal["hybrid", "bm25", "semantic"] = Field(description="The ranking used")
    semantic: bool = Field(description="True when semantic vectors took part")
    broadened: bool = Field(False, description="True when too few passages held every word and passages holding "
                            "any of them were added")
    words: list[str] = Field(default_factory=list, description="The words searched for (stopwords dropped in ranked)")
    filters: dict[str, str | int | list[str] | None] = Field(default_factory=dict)
    limit: int
    results: list[DocumentHit] = Field(default_factory=list)
    shortfall: str | None = Field(None, description="Why fewer results than limit came back")
    filings_searched: int = Field(description="Indexed filings that pass the filters")
    index_path: str
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class DocumentLine(_Model):
    line: int = Field(description="1-based line number in the section text")
    text: str


class DocumentLines(_Model):
    """Numbered lines of an indexed section, for reading around an excerpt."""

    doc_id: str
    accession_number: str
    section: str
    section_label: str | None = None
    company_name: str
    cik: str
    ticker: str | None = None
    form: str
    filed: date | None = None
    fiscal_year: int | None = None
    period_of_report: date | None = None
    document_url: str | None = None
    line_start: int
    line_end: int
    lines_total: int
    lines: list[DocumentLine] = Field(default_factory=list)
    next_lines: str | None = Field(None, description="The next range to read, e.g. '201-400'; null at the end")
    around: str | None = Field(None, description="The chunk asked for with around")
    chunk_ids: list[str] = Field(default_factory=list, description="Chunks overlapping these lines")
    notes: list[str] = Field(default_factory=list)

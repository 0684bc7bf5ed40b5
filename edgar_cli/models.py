"""Result models: what ``--json`` prints and what the MCP tools return.

Field names follow the SEC and the field: ``cik`` (10 digits), ``accession_number``,
``form``, ``filed``, ``start``/``end`` (period dates), ``fiscal_year``,
``fiscal_period``, ``matched_tag``, ``unit``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


# --- companies -------------------------------------------------------------

MatchType = Literal["ticker", "cik", "name_exact", "name_words", "name_similar", "predecessor_name"]


class Candidate(_Model):
    """A company that a query may refer to."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    score: float = Field(description="0-1; 1 is an exact match of the name's words")
    match_type: MatchType | None = Field(
        None, description="How the query matched: name_exact (the same words), name_words (the query's words begin "
        "the name or are whole words in it), name_similar (only spelled alike: a different company unless the "
        "query is misspelled), predecessor_name, ticker")
    market_value_rank: int | None = Field(
        None, description="Position in the SEC's ticker file, which lists companies by descending market value "
        "(1 = largest; past about 7,000 the file is in no value order)")


class Reorganisation(_Model):
    """A company that moved to a new CIK: its history before ``effective`` is under the predecessor's CIK."""

    successor_cik: str
    successor_name: str
    predecessor_cik: str
    predecessor_name: str
    effective: date = Field(description="The day the successor took over")
    event: str
    source: str = Field(description="Where the link is documented (edgar keeps this map by hand)")


class ResolvedCompany(_Model):
    """One company, identified by CIK, with how sure the match is."""

    query: str
    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    match_type: MatchType
    score: float
    market_value_rank: int | None = Field(
        None, description="Position in the SEC's ticker file (descending market value, 1 = largest); null for a "
        "CIK not in it")
    other_matches: list[Candidate] = Field(
        default_factory=list, description="Other companies the name also matches; state your assumption when non-empty"
    )
    reorganisation: Reorganisation | None = Field(
        None, description="Set when the company took over from a predecessor CIK (or was succeeded by another): "
        "its history on the other side of the reorganisation is under the other CIK")
    notes: list[str] = Field(default_factory=list)


class CompanyRef(_Model):
    cik: str
    name: str
    tickers: list[str] = Field(default_factory=list)


class DataSource(_Model):
    """Which source answered: the SEC just now, the local cache of earlier SEC answers, or the bulk store."""

    kind: Literal["live", "cache", "bulk"] = Field(
        description="live: fetched from the SEC for this answer; cache: an earlier SEC answer kept on disk; "
        "bulk: the local store built from the SEC's nightly bulk archives")
    as_of: datetime | None = Field(None, description="When the data was fetched (live, cache) or when the bulk "
                                   "archive was published (bulk), UTC")


# --- financial concepts ----------------------------------------------------

PeriodType = Literal["annual", "quarterly", "ytd", "instant", "other"]
FiscalPeriod = Literal["FY", "Q1", "Q2", "Q3", "Q4", "H1", "9M"]
RevisionKind = Literal["stock_split", "reverse_split", "precision_change", "suspected_tagging_error", "restatement"]


class SuspectedError(_Model):
    """A filing's figure for this period that the company's other figures do not bear out (shown, never fixed)."""

    kind: Literal["tagging_error", "scale"] = Field(
        description="tagging_error: a filing reported a value for this period that the filings before and after it "
        "do not (often another period's figure, or the sign reversed); scale: about 1,000 or 1,000,000 times the "
        "same-period figure of other filings, its neighbours in the series or the same filing's cover-page count")
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
        None, description="The first value reported for this period (first-filed), when filings differ; equal to "
        "value when the period was revised and revised back")
    original_filed: date | None = None
    original_accession: str | None = None
    distinct_values: int = 1
    revision_kind: RevisionKind | None = Field(
        None, description="How the filings differ: stock_split (per-share value fell or share count rose by a "
        "forward split's ratio), reverse_split (the other way: per-share up, count down, as in a reverse split or a "
        "recapitalisation's exchange ratio), precision_change (equal "
        "after rounding), suspected_tagging_error (a filing's figure the others do not bear out: revised and revised "
        "back, or exactly 1,000x apart; see suspected_errors), restatement (anything else)")
    pre_split_ratio: int | None = Field(
        None, description="Set when this per-share or share value was last reported before an N-for-1 stock split "
        "that later filings applied to other periods: it is on the old share basis and was never restated")
    pre_reverse_split_ratio: int | None = Field(
        None, description="Set when this per-share or share value was last reported before a 1-for-N reverse split "
        "or recapitalisation (later filings show N times the per-share values, 1/N the counts) applied to other "
        "periods: it is on the old share basis and was never restated")
    suspected_errors: list[SuspectedError] = Field(
        default_factory=list, description="Filed figures for this period that look like the filer's own errors "
        "(a tagging error in one filing, a value about 1,000x off); when one names this value's own accession_number, "
        "the value shown is the suspect one")
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
    data_source: DataSource | None = Field(None, description="Which source answered (live, cache or bulk of a date)")


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
    data_source: DataSource | None = Field(None, description="Which source answered (live, cache or bulk of a date)")


# --- comparisons (compare_companies) ----------------------------------------


class ComparisonRow(FactValue):
    """One company's figure in a comparison: the concept engine's value with its provenance, and the company."""

    query: str = Field(description="The argument(s) naming this company, e.g. 'GOOG, GOOGL' when named twice")
    name: str
    cik: str = Field(description="10-digit zero-padded CIK")
    tickers: list[str] = Field(default_factory=list)
    fiscal_year_end: str | None = Field(None, description="MM-DD the company's fiscal year typically ends on")
    source: str = Field(description="The companyfacts document the figure comes from")
    data_source: DataSource | None = Field(None, description="Which source answered (live, cache or bulk of a date)")
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
    fiscal_year: int | None = Field(description="The fiscal year compared; null when each company's latest was "
                                    "asked and they differ (each row has its own)")
    fiscal_period: FiscalPeriod | None = Field(description="FY for annual comparisons, Q1-Q4 for quarterly ones; "
                                               "null like fiscal_year")
    fiscal_year_basis: Literal["requested", "latest_common", "latest_each"]
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
        """16 (PARTIAL) when a company is missing because the SEC failed for it (retry for all), else 0."""
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

VerifyStatus = Literal["grounded", "derived", "superseded", "mismatched_period", "ungrounded", "ambiguous",
                       "unchecked"]
# The verdict on a whole answer, worst first (see AnswerVerification.verdict).
AnswerVerdict = Literal["ungrounded", "superseded", "ambiguous", "unchecked", "no_figures", "grounded"]
# Caveats on a figure that may still be grounded, raised to the verdict.
FigureFlag = Literal["superseded_value", "pre_split_basis", "convenience_translation"]
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


class PeriodReading(_Model):
    """One fiscal period that calendar wording ("2024", "Q3 2024") can mean, and the figure's status under it."""

    fiscal_year: int
    fiscal_period: FiscalPeriod
    start: date | None = None
    end: date | None = None
    why: str = Field(description="Why the wording can mean it: 'ends in 2024', 'lies mostly in 2024', "
                     "'the company's own label'")
    status: VerifyStatus
    reason: str


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
                                 "growth rate or difference of facts for the claimed period; superseded: equals the "
                                 "value first reported for the period, which later filings restated; "
                                 "mismatched_period: the same concept's value for another period; ungrounded: "
                                 "contradicted (another value, sign or direction) or nothing supports it; "
                                 "ambiguous: calendar wording at a company whose fiscal year is not the calendar "
                                 "year, grounded under one reading and not the other (see readings); unchecked: "
                                 "edgar cannot tell (an ambiguous match, a segment, a period the facts do not cover)")
    reason: str = Field(description="Why, in one sentence")
    support: FigureSupport | None = Field(None, description="The best supporting fact or passage")
    formula: str | None = Field(None, description="For derived figures: how the inputs give the figure")
    inputs: list[FigureSupport] = Field(default_factory=list, description="For derived figures: the facts used")
    other_matches: int = Field(0, description="Other facts that also round to the figure (a loose match when many)")
    flags: list[FigureFlag] = Field(default_factory=list, description="superseded_value: the value first reported, "
                                    "later restated; pre_split_basis: a share count or per-share value before a "
                                    "later stock split; convenience_translation: a filer's translation into "
                                    "another currency than it reports in")
    readings: list[PeriodReading] = Field(default_factory=list, description="For calendar wording at a company "
                                          "whose fiscal year is not the calendar year: each fiscal period it can mean")
    notes: list[str] = Field(default_factory=list)


class AnswerVerification(_Model):
    """Every figure of an answer checked against the filings it cites (or the company's XBRL facts)."""

    company: CompanyRef | None = None
    cited: list[str] = Field(default_factory=list, description="Accession numbers or documents the check used")
    verdict: AnswerVerdict = Field(description="grounded: every figure grounded or derived; ungrounded: some figure "
                                   "is ungrounded or of another period; superseded: none contradicted, but some "
                                   "figure is a value later restated; ambiguous: none contradicted, but some figure's "
                                   "period reads two ways; unchecked: none contradicted, but some figure could not "
                                   "be checked; no_figures: the answer states no figure")
    all_grounded: bool = Field(description="True only when the answer states figures and every one is grounded or "
                               "derived (verdict grounded); unchecked, ambiguous and superseded figures are not "
                               "grounded")
    flags: list[FigureFlag] = Field(default_factory=list, description="Caveats raised by any figure (see "
                                    "VerifiedFigure.flags); each is explained in warnings")
    summary: str
    counts: dict[str, int] = Field(default_factory=dict, description="Figures per status")
    figures: list[VerifiedFigure]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoints the check read")

    @property
    def exit_status(self) -> int:
        """The CLI's exit status: 0 grounded, 10 ungrounded, 11 superseded/ambiguous/unchecked, 12 no figures."""
        from .errors import verdict_exit_status

        return int(verdict_exit_status(self.verdict))


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
    """What adding filings to the local index, or removing them, changed."""

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


# --- bulk store and screens (sync_bulk, screen_companies) -------------------------------


class ArchiveSync(_Model):
    """One bulk archive: what was downloaded and what the store took from it."""

    archive: Literal["companyfacts", "submissions"]
    url: str
    bytes: int = Field(description="Size of the archive on disk (compressed), verified against the declared length")
    downloaded_bytes: int = Field(description="Bytes transferred by this sync (0 when the archive had not changed)")
    resumed_from: int = Field(0, description="Bytes already on disk from an interrupted download")
    unchanged: bool = Field(description="The SEC answered 304 Not Modified: the archive on disk is current")
    published: datetime = Field(description="The archive's Last-Modified time at the SEC, UTC")
    entries: int = Field(0, description="Entries (one JSON file per CIK, plus submissions pages) in the archive")
    entries_read: int = Field(0, description="Entries parsed by this sync (new or changed)")
    entries_unchanged: int = Field(0, description="Entries skipped because their CRC-32 and size had not changed")
    entries_removed: int = Field(0, description="Companies or pages no longer in the archive, removed from the store")
    entries_skipped: dict[str, int] = Field(default_factory=dict, description="Entries left out, by reason")
    uncompressed_bytes_read: int = 0


class BulkSyncResult(_Model):
    """The state of the local bulk store after a sync."""

    store: str = Field(description="Path of the store (SQLite)")
    store_bytes: int
    archives: list[ArchiveSync]
    rebuilt: bool = Field(description="True when the store was rewritten; false when nothing had changed")
    companies_with_facts: int
    filers: int = Field(description="Filers in the submissions archive (companies, funds, individuals)")
    as_of: datetime = Field(description="Publication time of the older archive: the store answers as of then")
    fresh_until: datetime = Field(description="After this the store is stale and answers come from the SEC again")
    seconds: float
    notes: list[str] = Field(default_factory=list)


class ScreenRow(FactValue):
    """One company's value in a screen: exactly what the concept lookup gives for that company and year."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    sic: str | None = None
    fiscal_year_end: str | None = Field(None, description="MM-DD the company's fiscal year typically ends on")
    notes: list[str] = Field(default_factory=list)


class ScreenExclusion(_Model):
    """Companies left out of a screen for one reason."""

    reason: Literal["not_reported", "no_annual_value", "other_unit", "period_not_reported", "form", "fiscal_year_end",
                    "below_minimum", "above_maximum", "not_a_peer"]
    companies: int
    detail: str
    examples: list[str] = Field(default_factory=list, description="A few of the companies (name and CIK)")


class ScreenResult(_Model):
    """One concept across every filer in the bulk store, with how many were considered and why others are not shown."""

    concept: str
    label: str
    definition: str
    fiscal_year: int | None = Field(None, description="The fiscal year by each company's own label")
    calendar_year: int | None = Field(None, description="Periods ending in this calendar year (52/53-week years "
                                      "ending in the first days of January count for the year before)")
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


# --- filing outline (get_filing_outline), the concept catalogue (list_concepts), settings (config_show) ----


class FilingOutline(_Model):
    """The sections found in one 10-K, 10-Q or 20-F document, with the filing's provenance."""

    form: str = Field(description="The filing's form as filed, e.g. 10-K, 20-F")
    company_name: str | None = None
    cik: str | None = Field(None, description="10-digit zero-padded CIK")
    filed: date | None = None
    period_of_report: date | None = None
    fiscal_year: int | None = None
    accession_number: str | None = None
    document_url: str | None = Field(None, description="The primary document in the SEC Archives")
    source_file: str | None = Field(None, description="The local file read instead of fetching a filing")
    sections: list[SectionOutlineEntry] = Field(default_factory=list, description="In document order")
    warnings: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class CatalogueTag(_Model):
    """One XBRL tag of a concept's chain, with how it differs from the concept."""

    tag: str = Field(description="taxonomy:Tag, e.g. us-gaap:Revenues")
    caveat: str


class CatalogueConcept(_Model):
    """A concept of the catalogue: its name, aliases, definition and the XBRL tags it is read from, in order."""

    concept: str = Field(description="The catalogue name, e.g. revenue")
    label: str
    definition: str
    kind: Literal["duration", "instant", "unknown"] = Field(description="duration (income statement, cash flow) "
                                                             "or instant (balance sheet)")
    unit: str = Field(description="currency (USD or the filer's currency), currency/shares or shares")
    aliases: list[str] = Field(default_factory=list)
    tags: list[CatalogueTag] = Field(default_factory=list, description="The fallback chain: for each period the "
                                     "first tag that reports it is used")


class ConceptCatalogue(_Model):
    """The concepts that can be asked for by name, and what is deliberately not in the catalogue."""

    concepts: list[CatalogueConcept]
    not_in_catalogue: dict[str, str] = Field(default_factory=dict, description="Names often asked for that are not "
                                             "reported as XBRL facts (EBITDA, free cash flow, margins), and what to "
                                             "use instead")
    notes: list[str] = Field(default_factory=list)


class ConfigSetting(_Model):
    """One setting or file location, its value and where the value came from."""

    setting: str = Field(description="user_agent, mirror, cache, config_file, cache_dir, ratelimit_bucket, "
                         "data_dir, index, today, debug, interactive")
    value: str | None
    source: str = Field(description="The flag, environment variable or file the value came from, or 'default'")
    variable: str | None = Field(None, description="The environment variable that sets it")
    exists: bool | None = Field(None, description="For files and directories: whether it exists yet")


class ConfigReport(_Model):
    """Every setting edgar reads and every file it writes, with where each value came from."""

    settings: list[ConfigSetting]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


# --- statements and series: concepts by period (issue 19) ------------------------------

CellStatus = Literal["reported", "derived", "implied", "absent", "refused"]
DeriveKind = Literal["q4", "ttm"]


class StatementColumn(_Model):
    """One period (a column): the company's own fiscal label and the dates its cells share."""

    key: str = Field(description="Column key the cells use: FY2025, Q3 FY2026, or TTM 2026-04-26")
    fiscal_year: int = Field(description="The company's own fiscal-year label")
    fiscal_period: Literal["FY", "Q1", "Q2", "Q3", "Q4", "TTM"]
    end: date | None = Field(None, description="The period end most of its cells share")
    start: date | None = Field(None, description="The start most of its duration cells share (null: instants only)")


class StatementCell(_Model):
    """One concept in one period: the engine's reported value, a labelled derivation, or why there is none."""

    column: str = Field(description="The column key, e.g. FY2025")
    status: CellStatus = Field(description="reported: a filed value (fact); derived: computed on request, see formula "
                               "and inputs; implied: Q4 exists only as FY minus 9M and was not derived; absent: the "
                               "company reports no value for this period; refused: a derivation asked for and not "
                               "allowed (reason says why)")
    value: float | int | None = Field(None, description="The value in the row's unit; null unless reported or derived")
    unit: str | None = None
    start: date | None = None
    end: date | None = None
    days: int | None = None
    matched_tag: str | None = Field(None, description="taxonomy:Tag (derived: the operands' shared tag)")
    derived: bool = Field(False, description="True when computed from reported values rather than filed")
    formula: str | None = Field(None, description="Derived: how the operands give the value, e.g. "
                                "'FY2026 - 9M FY2026 = 215938000000 - 147811000000'")
    accession_numbers: list[str] = Field(default_factory=list, description="Every filing the cell rests on")
    fact: FactValue | None = Field(None, description="Reported: the concept engine's value with its provenance "
                                   "(form, filed, restated, original_value, revision_kind, pre_split_ratio)")
    inputs: list[FactValue] = Field(default_factory=list, description="Derived: the reported operands")
    reason: str | None = Field(None, description="Why an implied, absent or refused cell has no value")


class StatementRow(_Model):
    """One concept across the columns."""

    concept: str
    label: str
    basis: Literal["as_reported", "ttm"] = Field("as_reported", description="ttm: each cell is the twelve months "
                                                 "ending at its column's end")
    period_type: Literal["duration", "instant", "unknown"]
    unit: str | None = Field(None, description="USD, USD/shares, shares or the filer's currency (TSMC: TWD)")
    reported: bool = Field(description="False when the company reports none of the concept's tags in periodic reports")
    matched_tags: list[str] = Field(default_factory=list, description="The tags the row's cells come from, in order "
                                    "of first use")
    mixed_tags: bool = Field(False, description="True when the cells come from different tags, whose definitions "
                             "may differ (see notes)")
    fallback_chain: list[str] = Field(default_factory=list)
    cells: list[StatementCell] = Field(description="One per column, in the columns' order")
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class StatementResult(_Model):
    """Concepts by period for one company: rows = concepts, columns = fiscal periods, oldest first."""

    company: CompanyRef
    statement: Literal["income", "balance", "cashflow"] | None = Field(
        None, description="The preset shown; null for concepts asked for by name")
    title: str
    period: Literal["annual", "quarterly"]
    fiscal_years: list[int] = Field(default_factory=list, description="The fiscal years asked for (empty: the latest)")
    last: int | None = Field(None, description="Latest columns asked for")
    derive: list[DeriveKind] = Field(default_factory=list)
    fiscal_year_end: str | None = Field(None, description="MM-DD the company's fiscal year typically ends on")
    currency_note: str | None = None
    columns: list[StatementColumn]
    rows: list[StatementRow]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoint the figures come from (one request for every row)")

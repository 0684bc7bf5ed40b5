"""The local filing-text index (index_add, index_list, index_remove, search_documents, read_document)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model


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
    filings: list[IndexedFiling] = Field(
        default_factory=list, description="Filings added, re-indexed, left unchanged or removed (see each status)"
    )
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
    marks: list[tuple[int, int]] = Field(
        default_factory=list,
        description="[start, end) character spans in excerpt of the matched words (ranked) or of the phrase (phrase)",
    )
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
    score: float = Field(
        description="Higher ranks first; comparable within one search only. Ranked search: "
        "BM25 over the best BM25, times the question's likely-section prior (bm25), cosine "
        "scaled from 0.3 below the best (0; lower cosines also 0) to the best (1) (semantic), or "
        "their weighted sum (hybrid; the semantic weight lower when the best cosine is low); then times the company, period and section-diversity "
        "factors; with EDGAR_RERANK_MODEL the head of the list is rescored as the mean of that "
        "and the cross-encoder's sigmoid. Phrase search: BM25"
    )
    rankers: dict[str, int] = Field(default_factory=dict, description="Rank of the chunk in each ranker that found it")


class DocumentSearchResult(_Model):
    """Passages of locally indexed filings that answer a query, best first."""

    query: str
    match: Literal["ranked", "phrase"]
    ranker: Literal["hybrid", "bm25", "semantic"] = Field(description="The ranking used")
    semantic: bool = Field(description="True when semantic vectors took part")
    broadened: bool = Field(
        False, description="True when too few passages held every word and passages holding any of them were added"
    )
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

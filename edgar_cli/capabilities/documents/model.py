"""The results of search_documents and read_document: passages of the local index and numbered lines."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model


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
    section_label: str | None = Field(default=None, description="e.g. 'Item 1A. Risk Factors'")
    accession_number: str
    document_url: str | None = None
    score: float = Field(
        description="Higher ranks first (in bm25 ranking of two or three keywords, within each group: "
        "holds_every_word true, then false); comparable within one search only. Ranked search: "
        "BM25 over the best BM25, times the question's likely-section prior (bm25), cosine "
        "scaled from 0.3 below the best (0; lower cosines also 0) to the best (1) (semantic), or "
        "their weighted sum (hybrid; the semantic weight lower when the best cosine is low); then times the company, period and section-diversity "
        "factors; with EDGAR_RERANK_MODEL the head of the list is rescored as the mean of that "
        "and the cross-encoder's sigmoid. Phrase search: BM25"
    )
    rankers: dict[str, int] = Field(default_factory=dict, description="Rank of the chunk in each ranker that found it")
    holds_every_word: bool | None = Field(
        default=None,
        description="Ranked search: true when the chunk holds every word searched for (in bm25 ranking of two or "
        "three keywords, not a question, these all come before any holding only some); null for phrase search, a one-word query, or "
        "semantic ranking",
    )
    factors: dict[str, float] = Field(
        default_factory=dict,
        description="What the score is made of (ranked search): bm25 (over the best BM25) and section_prior, "
        "semantic (scaled cosine), then the multipliers company, period, phrase (the question's words in order), "
        "diversity (0.85 per earlier result of the same filing section) and rerank; those not applied are left "
        "out",
    )
    same_text_in: list[str] = Field(
        default_factory=list,
        description="Chunk ids of later passages whose matching paragraphs repeat this one's word for word "
        "(e.g. Business and MD&A); they are left out of results",
    )


class DocumentSearchResult(_Model):
    """Passages of locally indexed filings that answer a query, best first."""

    query: str
    match: Literal["ranked", "phrase"]
    ranker: Literal["hybrid", "bm25", "semantic"] = Field(description="The ranking used")
    semantic: bool = Field(description="True when semantic vectors took part")
    broadened: bool = Field(
        default=False,
        description="True when too few passages held every word and passages holding any of them were added",
    )
    words: list[str] = Field(default_factory=list, description="The words searched for (stopwords dropped in ranked)")
    filters: dict[str, str | int | list[str] | None] = Field(default_factory=dict)
    limit: int
    results: list[DocumentHit] = Field(default_factory=list)
    shortfall: str | None = Field(default=None, description="Why fewer results than limit came back")
    filings_searched: int = Field(description="Indexed filings that pass the filters")
    matching: int | None = Field(
        default=None,
        description="Passages holding every word searched for (ranked, keyword rankers), or the phrase (phrase): "
        "how many there are to show, when counted (a keyword ranking counts at most its 200 candidates)",
    )
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
    next_lines: str | None = Field(default=None, description="The next range to read, e.g. '201-400'; null at the end")
    around: str | None = Field(default=None, description="The chunk asked for with around")
    chunk_ids: list[str] = Field(default_factory=list, description="Chunks overlapping these lines")
    notes: list[str] = Field(default_factory=list)

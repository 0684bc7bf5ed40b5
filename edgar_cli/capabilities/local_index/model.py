"""The results of index_add, index_list and index_remove: the filings in the local filing-text index."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model

IndexStatus = Literal["indexed", "reindexed", "unchanged", "removed", "present"]


class IndexedFiling(_Model):
    """A filing in the local text index: what was indexed and from where."""

    accession_number: str
    cik: str = Field(description="10-digit zero-padded CIK")
    ticker: str | None = None
    company_name: str
    form: str = Field(description="The form as filed, e.g. 10-K")
    filed: date | None = None
    fiscal_year: int | None = Field(default=None, description="By the company's fiscal calendar")
    period_of_report: date | None = None
    document_url: str | None = Field(default=None, description="The document the text was read from")
    sections: int = Field(description="Sections indexed (each is a document: ACCESSION:section)")
    chunks: int = Field(description="Chunks of about 400-500 tokens, overlapping by up to 80")
    chars: int = Field(description="Characters of section text indexed")
    embedding_model: str | None = Field(default=None, description="Model of the chunk vectors; null when keyword-only")
    indexed_at: str | None = Field(default=None, description="UTC time the chunks were written")
    status: IndexStatus = "present"


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

    @property
    def exit_status(self) -> int:
        """The CLI's exit status: when filings were asked for and every one was skipped, the exit status of the
        first skip's error code (3 for not_found); when some were skipped, 16 (PARTIAL); else 0. The result is the
        data on stdout either way."""
        from ...errors import ERROR_CODES, ExitStatus

        if self.action != "add" or not self.skipped:
            return int(ExitStatus.OK)
        if not self.filings:
            return int(ERROR_CODES.get(self.skipped[0].code, ExitStatus.NOT_FOUND))
        return int(ExitStatus.PARTIAL)


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

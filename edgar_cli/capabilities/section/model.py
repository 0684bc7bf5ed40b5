"""The results of get_filing_section and get_filing_outline: a section's text, or the sections found."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model

Confidence = Literal["high", "medium", "low"]


class SectionOutlineEntry(_Model):
    """One section found in a filing document."""

    section: str = Field(description="Section key, e.g. risk_factors")
    item: str = Field(
        description="The item as the form numbers it: 1A (10-K), II-1A (10-Q Part II), 3D (20-F Item 3.D)"
    )
    label: str
    chars: int = Field(description="Length of the section's text in characters")
    is_reference: bool = Field(
        description="The section only points elsewhere (proxy statement, another item, an exhibit)"
    )
    found_by: str = Field(description="item_heading, title_heading, statements_start or omitted_list")


class FilingSection(_Model):
    """A named section of a 10-K, 10-Q or 20-F as clean text, one page at a time, with provenance."""

    section: str = Field(description="Section key, e.g. risk_factors, mda, financial_statements")
    item: str = Field(description="The item as the form numbers it: 1A (10-K), II-1A (10-Q Part II), 3D (20-F)")
    label: str = Field(description="The form's name for the item, e.g. 'Item 1A. Risk Factors'")
    heading: str | None = Field(default=None, description="The heading as it appears in the document")
    form: str = Field(description="The filing's form as filed, e.g. 10-K, 10-K/A, 10-Q")
    company_name: str | None = None
    cik: str | None = Field(default=None, description="10-digit zero-padded CIK")
    filed: date | None = None
    period_of_report: date | None = None
    fiscal_year: int | None = None
    accession_number: str | None = None
    document_url: str | None = Field(default=None, description="The primary document in the SEC Archives")
    source_file: str | None = Field(default=None, description="The local file read instead of fetching a filing")
    text: str = Field(
        description="The section's text from `offset`: paragraphs separated by a blank line, table "
        "rows by a newline and cells by ' | '; page numbers and running headers removed"
    )
    chars_total: int = Field(description="Length of the whole section in characters")
    chars_returned: int
    offset: int = Field(description="Where `text` starts in the section, in characters")
    next_offset: int | None = Field(
        default=None, description="Pass as offset to read the next page; null on the last page"
    )
    truncated: bool = Field(description="True when more text follows (see next_offset)")
    is_reference: bool = Field(
        description="The section only points elsewhere: its text is the pointer, not the content"
    )
    reference_target: str | None = Field(default=None, description="Where the content is, when is_reference")
    reference_section: str | None = Field(
        default=None,
        description="Section key of this same document holding the content, "
        "when is_reference and it is in this document (e.g. exhibits for NVIDIA's Item 8)",
    )
    extraction_confidence: Confidence
    confidence_reasons: list[str] = Field(default_factory=list)
    outline: list[SectionOutlineEntry] = Field(default_factory=list, description="Every section found in the document")
    warnings: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class FilingOutline(_Model):
    """The sections found in one 10-K, 10-Q or 20-F document, with the filing's provenance."""

    form: str = Field(description="The filing's form as filed, e.g. 10-K, 20-F")
    company_name: str | None = None
    cik: str | None = Field(default=None, description="10-digit zero-padded CIK")
    filed: date | None = None
    period_of_report: date | None = None
    fiscal_year: int | None = None
    accession_number: str | None = None
    document_url: str | None = Field(default=None, description="The primary document in the SEC Archives")
    source_file: str | None = Field(default=None, description="The local file read instead of fetching a filing")
    sections: list[SectionOutlineEntry] = Field(default_factory=list, description="In document order")
    warnings: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

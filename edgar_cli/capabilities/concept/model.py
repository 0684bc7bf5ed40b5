"""The result of get_financial_concept: one concept's values for one company."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import CompanyRef, DataSource
from ...models.facts import FactValue, TagTried


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

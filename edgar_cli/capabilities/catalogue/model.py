"""The filing outline (get_filing_outline), the concept catalogue (list_concepts), settings (config_show)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ..section.model import SectionOutlineEntry


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
    kind: Literal["duration", "instant", "unknown"] = Field(
        description="duration (income statement, cash flow) or instant (balance sheet)"
    )
    unit: str = Field(description="currency (USD or the filer's currency), currency/shares or shares")
    aliases: list[str] = Field(default_factory=list)
    tags: list[CatalogueTag] = Field(
        default_factory=list, description="The fallback chain: for each period the first tag that reports it is used"
    )


class ConceptCatalogue(_Model):
    """The concepts that can be asked for by name, and what is deliberately not in the catalogue."""

    concepts: list[CatalogueConcept]
    not_in_catalogue: dict[str, str] = Field(
        default_factory=dict,
        description="Names often asked for that are not "
        "reported as XBRL facts (EBITDA, free cash flow, margins), and what to "
        "use instead",
    )
    notes: list[str] = Field(default_factory=list)


class ConfigSetting(_Model):
    """One setting or file location, its value and where the value came from."""

    setting: str = Field(
        description="user_agent, mirror, cache, config_file, cache_dir, ratelimit_bucket, "
        "data_dir, index, today, debug, interactive"
    )
    value: str | None
    source: str = Field(description="The flag, environment variable or file the value came from, or 'default'")
    variable: str | None = Field(None, description="The environment variable that sets it")
    exists: bool | None = Field(None, description="For files and directories: whether it exists yet")


class ConfigReport(_Model):
    """Every setting edgar reads and every file it writes, with where each value came from."""

    settings: list[ConfigSetting]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)

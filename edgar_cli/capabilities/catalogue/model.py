"""The result of list_concepts: the concept catalogue, each concept with its tag chain."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...models._base import _Model


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

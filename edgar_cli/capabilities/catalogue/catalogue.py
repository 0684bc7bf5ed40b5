"""list_concepts: the concept catalogue, the names get_financial_concept takes."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...xbrl.catalogue import Concept, catalogue, lookup, not_in_catalogue
from .model import CatalogueConcept, CatalogueTag, ConceptCatalogue


def _entry(c: Concept) -> CatalogueConcept:
    return CatalogueConcept(
        concept=c.name,
        label=c.label,
        definition=c.definition,
        kind=c.kind,
        unit=c.unit,
        aliases=list(c.aliases),
        tags=[CatalogueTag(tag=t.tag, caveat=t.caveat) for t in c.chain],
    )


def list_concepts(
    concept: Annotated[
        str | None,
        Field(description="One concept or alias to describe, e.g. revenue or 'R&D'; omit for the whole catalogue"),
    ] = None,
) -> ConceptCatalogue:
    """The concept catalogue: each concept's name, aliases, definition and the XBRL tags it is read from.

    The tags are the fallback chain get_financial_concept walks: for each
    period the first tag that reports it is used, and each tag carries a caveat
    saying how it differs from the concept. ``not_in_catalogue`` lists names
    people ask for that are not XBRL facts (EBITDA, free cash flow, margins) and
    what to ask for instead. Any raw XBRL tag (us-gaap:Revenues) may also be
    asked for directly.
    Errors: invalid_argument (a concept that is not in the catalogue, with a
    suggestion when it is a misspelling of one, or the advice for a figure that
    is deliberately absent).
    Source: edgar's own catalogue (edgar_cli/xbrl/concepts.toml); no SEC request.
    """
    absent = {name: instead for name, (_, instead) in not_in_catalogue().items()}
    if concept is not None:
        c = lookup(concept)
        if c.raw:  # a tag, not a catalogue name: say what the catalogue holds instead of describing a guess
            from ...errors import EdgarError

            raise EdgarError(
                "invalid_argument",
                f"{concept[:80]!r} is not a catalogue concept (it reads as a raw "
                "XBRL tag, which any company may or may not report).",
                "Omit the concept to list the catalogue.",
                concepts=sorted(catalogue()),
            )
        return ConceptCatalogue(concepts=[_entry(c)], not_in_catalogue={})
    return ConceptCatalogue(concepts=[_entry(c) for c in catalogue().values()], not_in_catalogue=absent)

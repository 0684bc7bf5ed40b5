"""edgar concepts: the concept catalogue, every name `edgar concept` takes with its XBRL tags."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..support import complete_concepts, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.catalogue.model import ConceptCatalogue
    from ..rows import Row

view = View()


@view.command("concepts", examples=["edgar concepts", "edgar concepts revenue", "edgar concepts --csv > concepts.csv"])
def concepts_cmd(
    concept: Annotated[
        str | None,
        typer.Argument(
            metavar="[CONCEPT]",
            help="One concept or alias to show with its tags and caveats.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ] = None,
) -> None:
    """The concept catalogue: every name `edgar concept` takes, its aliases, definition and XBRL tags."""
    from ...capabilities.catalogue.catalogue import list_concepts

    run(lambda: list_concepts(concept))


def _catalogue_table(r: ConceptCatalogue):
    from ..render import TagCell, house_table, width

    if len(r.concepts) == 1:
        c = r.concepts[0]
        t = house_table(f"{c.concept}: {c.label} ({c.kind}, {c.unit})\n{c.definition}")
        t.add_column("#", justify="right", no_wrap=True)
        t.add_column("XBRL tag", overflow="fold", max_width=max(30, width() // 2 - 4))
        t.add_column("Caveat", overflow="fold", min_width=24)
        for i, tag in enumerate(c.tags, start=1):
            # tags (the column's and those a caveat names) break between their CamelCase words, never mid-word
            t.add_row(str(i), TagCell(tag.tag), TagCell(tag.caveat))
        t.caption = ("aliases: " + ", ".join(c.aliases)) if c.aliases else None
        return t
    t = house_table("The concept catalogue (edgar concepts NAME shows one with its XBRL tags)")
    t.add_column("Concept", no_wrap=True)
    t.add_column("Aliases", overflow="fold", ratio=1)
    t.add_column("Definition", overflow="fold", ratio=2)
    for c in r.concepts:
        t.add_row(c.concept, ", ".join(c.aliases), TagCell(c.definition))
    if r.not_in_catalogue:
        t.caption = "Not in the catalogue: " + ", ".join(r.not_in_catalogue) + " (see --json for what to use)"
    return t


def _catalogue_rows(r: ConceptCatalogue) -> list[Row]:
    from ..rows import flat

    return [{**flat(c, exclude=("tags",)), "tags": [t.tag for t in c.tags]} for c in r.concepts]


view.result("ConceptCatalogue", table=_catalogue_table, rows=_catalogue_rows)

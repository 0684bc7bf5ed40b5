"""The CLI's views: one module per capability (named as its folder in edgar_cli/capabilities/), holding what
the CLI shows of it.

A view module declares one ``view = View()`` and on it:

- its Typer command(s): ``@view.command("name", examples=[...])`` on a function whose parameters are the
  command's own arguments and options and whose body is one ``run(lambda: capability(...))`` (cli/support.py);
  a command group (``edgar index add``) is ``group = view.group("index", help=...)``, then ``@group.command``;
- for each result model its capability returns, by the model's class name,
  ``view.result("ConceptResult", table=..., rows=..., notes=...)``: its table for a person (a rich renderable,
  a render.Rendered or a render.TextResult, built with cli/render.py's helpers), its rows for tsv, csv, nl and
  piped output (dicts; cli/rows.py), its text when the result is text, and what its table says under the rows
  (``notes``) and what of that is a warning (``warnings``), which the formats without a table print on stderr.

A view module imports nothing heavy: rich, the capability functions and the result models are imported inside
the functions that use them, so that building the app, which imports every view, costs a JSON run nothing it
does not use (tests/test_import_structure.py). cli/app.py builds the app from :data:`VIEWS`, or, for a run
of one known command, from that command's view alone (:data:`COMMANDS`); cli/render.py and cli/rows.py find a
result's table and rows through :func:`shown`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any


def _commands() -> dict[str, str]:
    """Each top-level command -> the view that declares it, in the CLI's task order (`edgar --help` lists them
    so): read from the capability declarations in REGISTRY order (a command belongs to the first capability
    that names it: ``edgar concept`` to concept, though statement's get_financial_series runs under it too),
    plus ``serve-mcp``, a face command. A capability's view is named as its folder."""
    from ...capabilities import registry

    commands: dict[str, str] = {}
    for capability in registry.declarations():
        for t in capability.tools:
            commands.setdefault(t.command.split()[1], capability.name)
    commands["serve-mcp"] = "serve"
    return commands


# The top-level commands and their views (a view declares its commands in this order: tests/test_cli_views.py).
COMMANDS = _commands()


def tasks() -> dict[str, str]:
    """Each top-level command -> the heading `edgar --help` lists it under (its capability's task;
    serve-mcp, a face command, under the last)."""
    from ...capabilities import registry

    by_view = {c.name: c.task for c in registry.declarations()}
    return {command: by_view.get(view, registry.TASKS[-1]) for command, view in COMMANDS.items()}


# The views in the CLI's task order.
VIEWS = tuple(dict.fromkeys(COMMANDS.values()))


class Shown:
    """How a result model is shown; None where the generic way serves (cli/render.py, cli/rows.py).

    ``table(result)``: a rich renderable, render.Rendered or render.TextResult (default: a Field/Value table).
    ``rows(result)``: the rows for tsv, csv, nl and piped output (default: one row of its scalar fields).
    ``text(result)``: the text piped output prints instead of rows, for a result that is text.
    ``notes(result)``: what its table or text says beside the rows (truncation, paging, the year chosen),
    printed on stderr by the formats without a table.
    ``warnings(result)``: what its table says beside the rows that is a warning (a company missing from a
    comparison), printed on stderr as a warning by the formats without a table, even with --quiet.
    ``row_notes(result)``: notes its rows carry, printed with the result's notes in every format but json/nl.
    ``provenance(result)``: one line saying where a text result is from, written first when it goes to a file.
    """

    __slots__ = ("table", "rows", "text", "notes", "warnings", "row_notes", "provenance")

    def __init__(
        self,
        *,
        table: Callable[[Any], Any] | None = None,
        rows: Callable[[Any], list[dict[str, Any]]] | None = None,
        text: Callable[[Any], str] | None = None,
        notes: Callable[[Any], list[str]] | None = None,
        warnings: Callable[[Any], list[str]] | None = None,
        row_notes: Callable[[Any], list[str]] | None = None,
        provenance: Callable[[Any], str | None] | None = None,
    ) -> None:
        self.table, self.rows, self.text, self.notes, self.warnings = table, rows, text, notes, warnings
        self.row_notes, self.provenance = row_notes, provenance


class View:
    """What one view module declares: its commands and command groups, in order, and how its results show.

    (Plain classes, not dataclasses, here and in :class:`Shown`: a dataclass compiles its methods at import,
    which every run that builds the app would pay.)
    """

    def __init__(self) -> None:
        self.entries: list[tuple[str, dict[str, Any], Callable[..., Any] | View]] = []
        self.results: dict[str, Shown] = {}

    def command(self, name: str, **options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare the command ``name``; ``options`` are support.EdgarTyper.command's (``examples``, ...)."""

        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.entries.append((name, options, fn))
            return fn

        return deco

    def group(self, name: str, **options: Any) -> View:
        """Declare the command group ``name`` (``help=...``); its commands are declared on the View returned."""
        sub = View()
        self.entries.append((name, options, sub))
        return sub

    def result(self, model: str, **how: Callable[..., Any]) -> None:
        """Declare how the result model named ``model`` is shown (the fields of :class:`Shown`)."""
        self.results[model] = Shown(**how)

    def names(self) -> list[str]:
        """The names of its top-level commands and groups, in the order declared."""
        return [name for name, _options, _what in self.entries]


def module(name: str) -> ModuleType:
    """The view module ``name`` (a name in :data:`VIEWS`), imported."""
    return importlib.import_module(f"{__name__}.{name}")


_NOT_DECLARED = Shown()


def shown(model: str | type) -> Shown:
    """How the result model named ``model`` (or a model class: the nearest of its classes a view declares, so a
    result that extends a tool's, such as the concept command's ConceptSeriesResult, is shown as that one) is
    shown, as its view declares it.

    The views already imported are asked first (a run has imported its own command's view); only a result
    none of them declares imports the others.
    """
    names = [model] if isinstance(model, str) else [c.__name__ for c in model.__mro__]
    for import_all in (False, True):
        for model_name in names:
            for name in VIEWS:
                found = module(name) if import_all else sys.modules.get(f"{__name__}.{name}")
                if found is not None and model_name in found.view.results:
                    return found.view.results[model_name]
    return _NOT_DECLARED

"""The names each surface gives a parameter or a capability, in one table.

A message a capability writes ("omit the fiscal year", "list the filings
first") must name what its reader can type: a person at the shell types
``--fy`` and ``edgar filings``; a model over MCP (or a Python caller of the
capability functions) passes ``fiscal_year`` to ``list_filings``. Capability
code therefore never spells either form: it writes ``param("fiscal_year")``
for a parameter and ``tool("list_filings")`` for a capability, and gets the
spelling of the surface this process serves:

==========================  ===================  =====================
written                     CLI                  MCP and Python
==========================  ===================  =====================
``param("fiscal_year")``    ``--fy``             ``fiscal_year``
``tool("list_filings")``    ``edgar filings``    ``list_filings``
==========================  ===================  =====================

One process serves one surface: the CLI calls :func:`set_surface` ("cli")
before it runs a command; ``edgar serve-mcp`` and library use keep the
default ("mcp"). A process-wide setting (not a context variable) so that
messages written in worker threads (compare fetches companies concurrently)
follow it too. Messages are built when raised, never at import time.

PARAM_FLAGS is written here; the commands come from each capability's
declaration (capabilities/<name>/__init__.py). Tests check both against the
Typer commands and the MCP tools, so a new parameter or command cannot be
left out of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Literal

Surface = Literal["cli", "mcp"]

# parameter name (as the capability functions and the MCP tools spell it) -> the CLI flag
PARAM_FLAGS: dict[str, str] = {
    "company": "--company",
    "companies": "COMPANY...",
    "concept": "CONCEPT",
    "concepts": "CONCEPT...",
    "statement": "STATEMENT",
    "last": "--last",
    "derive": "--derive",
    "share_basis": "--basis",
    "fiscal_year": "--fy",
    "latest": "--latest",
    "period": "--period",
    "align": "--align",
    "limit": "--limit",
    "sort": "--sort",
    "forms": "--form",
    "form": "--form",
    "filed_from": "--from",
    "filed_to": "--to",
    "accession_number": "--accession",
    "accession_numbers": "--accession",
    "section": "--section",
    "max_chars": "--max-chars",
    "offset": "--offset",
    "file": "--file",
    "page": "--page",
    "query": "QUERY",
    "cite": "--cite",
    "excerpts": "--excerpt",
    "answer": "ANSWER",
    "exclude": "--exclude",
    "match": "--match",
    "ranker": "--ranker",
    "per_company": "--per-company",
    "max_excerpt_chars": "--max-excerpt-chars",
    "doc_id": "DOC_ID",
    "lines": "--lines",
    "around": "--around",
    "years": "--years",
    "documents": "--document",
    "refresh": "--refresh",
    "semantic": "--semantic",
    "all_filings": "--all",
    "minimum": "--min",
    "maximum": "--max",
    "calendar_year": "--calendar",
    "fiscal_year_end": "--fye",
    "peers_of": "--peers-of",
    "unit": "--unit",
    "as_of": "--as-of",
    "source": "--from",  # sync --from; after filed_from, which --from names first
    "point_in_time": "--point-in-time",  # sync
    "value": "'NAME EMAIL'",  # config user-agent
}


class _Commands(Mapping[str, str]):
    """Capability (function and MCP tool name) -> the CLI command that runs it, read on first use from the
    capabilities' declarations (capabilities/registry.py). The capability layer hands this module its
    table (capabilities/__init__.py calls :func:`use_commands`) so that this shared module imports nothing
    above it; every capability, and so every CLI command, has loaded that package before it runs."""

    def __init__(self) -> None:
        self._source: Callable[[], Mapping[str, str]] | None = None
        self._table: dict[str, str] | None = None

    def _data(self) -> dict[str, str]:
        if self._table is None:
            if self._source is None:
                raise LookupError("no capability declarations: import edgar_cli.capabilities first")
            self._table = dict(self._source())
        return self._table

    def __getitem__(self, name: str) -> str:
        return self._data()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


TOOL_COMMANDS = _Commands()


def use_commands(source: Callable[[], Mapping[str, str]]) -> None:
    """Spell capabilities by the table ``source()`` gives, read when a message first needs a command."""
    TOOL_COMMANDS._source, TOOL_COMMANDS._table = source, None


_surface: Surface = "mcp"


def set_surface(surface: Surface) -> None:
    """Spell parameters and capabilities for ``surface`` from now on, in this process."""
    global _surface
    if surface not in ("cli", "mcp"):
        raise ValueError(f"unknown surface {surface!r}")
    _surface = surface


def surface() -> Surface:
    return _surface


def param(name: str) -> str:
    """Parameter ``name`` as this surface spells it: ``--fy`` on the CLI, ``fiscal_year`` over MCP."""
    flag = PARAM_FLAGS[name]  # a KeyError here is a message naming a parameter the table lacks
    return flag if _surface == "cli" else name


def tool(name: str) -> str:
    """Capability ``name`` as this surface spells it: ``edgar filings`` on the CLI, ``list_filings`` over MCP.

    On the CLI a name no capability declares is a KeyError (tests/test_vocabulary.py checks every name
    the package passes); over MCP the name is its own spelling."""
    return TOOL_COMMANDS[name] if _surface == "cli" else name


def possessive(name: str) -> str:
    """A company's name as the owner of what follows: "Apple Inc.'s", "Logistic Properties of the Americas'" (a
    name ending in s takes a bare apostrophe). Every message that writes a company's possessive writes it here."""
    return f"{name}'" if name[-1:] in ("s", "S") else f"{name}'s"

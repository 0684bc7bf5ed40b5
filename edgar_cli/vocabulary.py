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

Both tables are checked by tests against the Typer commands and the MCP
tools, so a new parameter or command cannot be left out of them.
"""

from __future__ import annotations

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
}

# capability (function and MCP tool name) -> the CLI command
TOOL_COMMANDS: dict[str, str] = {
    "resolve_company": "edgar resolve",
    "get_financial_concept": "edgar concept",
    "get_financial_series": "edgar concept",
    "get_financial_statement": "edgar statement",
    "compare_companies": "edgar compare",
    "screen_companies": "edgar screen",
    "list_filings": "edgar filings",
    "get_filing_section": "edgar section",
    "search_full_text": "edgar search",
    "search_documents": "edgar find",
    "read_document": "edgar read",
    "verify_answer": "edgar verify",
    "index_add": "edgar index add",
    "index_list": "edgar index list",
    "index_remove": "edgar index remove",
    "sync_bulk": "edgar sync",
    "cache_info": "edgar cache info",
    "cache_clear": "edgar cache clear",
    "user_agent_setting": "edgar config user-agent",
    "config_show": "edgar config show",
    "list_concepts": "edgar concepts",
    "get_filing_outline": "edgar section",
}

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
    """Capability ``name`` as this surface spells it: ``edgar filings`` on the CLI, ``list_filings`` over MCP."""
    command = TOOL_COMMANDS[name]
    return command if _surface == "cli" else name

"""The names each surface gives a parameter or a capability, in one table.

A message a capability writes ("omit the fiscal year", "list the filings
first") must name what its reader can type: a person at the shell types
``--fy`` and ``edgar filings``; a model over MCP passes ``fiscal_year`` to
``list_filings``. Capability code therefore never spells either form. It
writes ``param("fiscal_year")`` for a parameter and ``tool("list_filings")``
for a capability; both return a marker that the surface resolves when it prints a
result or an error (:func:`localize`, :func:`localize_text`):

==========================  ===================  =====================
written                     CLI                  MCP
==========================  ===================  =====================
``param("fiscal_year")``    ``--fy``             ``fiscal_year``
``tool("list_filings")``    ``edgar filings``    ``list_filings``
==========================  ===================  =====================

Both tables are checked by tests against the Typer commands and the MCP
tools, so a new parameter or command cannot be left out of them.
"""

from __future__ import annotations

import re
from typing import Any, Literal

Surface = Literal["cli", "mcp"]

# parameter name (as the capability functions and the MCP tools spell it) -> the CLI flag
PARAM_FLAGS: dict[str, str] = {
    "company": "--company",
    "companies": "COMPANY...",
    "concept": "CONCEPT",
    "concepts": "CONCEPT...",
    "fiscal_year": "--fy",
    "fiscal_years": "--fy",
    "last": "--last",
    "period": "--period",
    "derive": "--derive",
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
    "refresh": "--refresh",
    "semantic": "--semantic",
    "all_filings": "--all",
    "statement": "STATEMENT",
    "minimum": "--min",
    "maximum": "--max",
    "calendar_year": "--calendar",
    "fiscal_year_end": "--fye",
    "peers_of": "--peers-of",
    "unit": "--unit",
    "user_agent": "--user-agent",
}

# capability (function and MCP tool name) -> the CLI command
TOOL_COMMANDS: dict[str, str] = {
    "resolve_company": "edgar resolve",
    "get_financial_concept": "edgar concept",
    "list_concepts": "edgar concepts",
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
}

_OPEN, _CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: never in SEC text, never typed by a user
_MARK = re.compile(f"{_OPEN}([pt]):([a-z_]+){_CLOSE}")


def param(name: str) -> str:
    """A reference to parameter ``name``: ``--fy`` on the CLI, ``fiscal_year`` over MCP."""
    if name not in PARAM_FLAGS:
        raise KeyError(f"parameter {name!r} is not in vocabulary.PARAM_FLAGS")
    return f"{_OPEN}p:{name}{_CLOSE}"


def tool(name: str) -> str:
    """A reference to capability ``name``: ``edgar filings`` on the CLI, ``list_filings`` over MCP."""
    if name not in TOOL_COMMANDS:
        raise KeyError(f"capability {name!r} is not in vocabulary.TOOL_COMMANDS")
    return f"{_OPEN}t:{name}{_CLOSE}"


def localize_text(text: str, surface: Surface) -> str:
    """``text`` with every marker replaced by the surface's name for it."""
    if _OPEN not in text:
        return text

    def name(m: re.Match) -> str:
        kind, key = m.group(1), m.group(2)
        if surface == "mcp":
            return key
        return PARAM_FLAGS[key] if kind == "p" else TOOL_COMMANDS[key]

    return _MARK.sub(name, text)


def localize(obj: Any, surface: Surface) -> Any:
    """Resolve the markers in every string of ``obj``: a pydantic model (in place), a dict or list (a copy)."""
    if isinstance(obj, str):
        return localize_text(obj, surface)
    if isinstance(obj, dict):
        return {k: localize(v, surface) for k, v in obj.items()}
    if isinstance(obj, list):
        return [localize(v, surface) for v in obj]
    if isinstance(obj, tuple):
        return tuple(localize(v, surface) for v in obj)
    fields = getattr(type(obj), "model_fields", None)
    if fields is not None:
        for key in fields:
            value = obj.__dict__.get(key)
            if isinstance(value, (str, list, dict, tuple)) or hasattr(type(value), "model_fields"):
                new = localize(value, surface)
                if new is not value:
                    obj.__dict__[key] = new
        return obj
    return obj

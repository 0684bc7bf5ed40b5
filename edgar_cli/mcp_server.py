"""MCP wiring only: the capability functions the CLI calls, registered as MCP tools.

Each tool is the capability function itself behind a generic adapter that
runs it in a worker thread (the functions are synchronous and share one
client, cache and rate limiter) and turns an EdgarError into an ``isError``
result whose structured content is ``{"error": {"code", "message",
"suggestion", ...}}``. The descriptions below add, for a model, what to read
in the result before answering; they hold no logic.
"""

from __future__ import annotations

import functools
import inspect
import json
import logging
import sys
import typing
from typing import Any, Callable

from .capabilities.compare import compare_companies
from .capabilities.concepts import get_financial_concept
from .capabilities.documents_search import read_document, search_documents
from .capabilities.filings import list_filings
from .capabilities.resolve import resolve_company
from .capabilities.search import search_full_text
from .capabilities.sections import get_filing_section
from .capabilities.verify import verify_answer
from .errors import EdgarError

SERVER_INSTRUCTIONS = """\
SEC EDGAR financial data with provenance. Fiscal years differ by company: NVIDIA's FY2024 ended 2024-01-28,
Apple's 2024-09-28, Microsoft's in June; always state the period start/end next to a figure, and never join
companies on the fiscal-year label alone. Cite the form, filing date and accession number of every figure.
When a result carries restated, comparable=false, warnings, a matched_tag that is not the first of the
fallback chain, truncated/next_offset or a coverage statement, tell the user. Derived figures (margins,
growth) are yours to compute and to label as computed. Errors come back as {"error": {code, message,
suggestion}}: follow the suggestion (e.g. ask the user to choose among candidates) rather than guessing."""

# What a model should know beyond each function's docstring. Keep each full description under ~2,000 chars.
GUIDANCE: dict[str, str] = {
    "resolve_company": """\
Use it to turn a name into a CIK before other calls when the user names a company in words, or to check what a
ticker means. Not needed when you already have a ticker: every other tool accepts one.
Read before answering: match_type (ticker/cik are exact; name_exact/name_fuzzy are a guess) and other_matches —
when it is non-empty, say which company you assumed ("Apple Inc.; Apple Hospitality REIT also matches").
An `ambiguous` error lists candidates: ask the user to choose; do not pick one yourself.""",
    "get_financial_concept": """\
Use it for one company's reported figure (revenue, net_income, eps_diluted, total_assets, ...; aliases like
"sales" or "R&D" work; so does a raw tag such as us-gaap:Revenues). Not for several companies at once (use
compare_companies) and not for text (use get_filing_section).
fy is the company's own fiscal-year label and is selected by period end date, never by the filing's fy field.
Read before answering: each value's start/end (say them), form, filed and accession_number (cite them);
restated=true means later filings changed the figure — give the current value and mention original_value and
revision_kind; pre_split_ratio (pre_reverse_split_ratio) means the value predates a stock split (reverse split)
and is on the old share basis; suspected_errors names filed figures that look like the filer's own errors — when
one names the value's own accession_number, say the figure is suspect rather than quoting it as fact;
matched_tag differing from fallback_chain[0] means a different definition — say so when it matters; unit and
currency_note (non-USD values must not be compared with USD ones); warnings and notes. truncated=true means
more values exist: raise limit. A not_found error for a fiscal year names the latest year available.""",
    "compare_companies": """\
Use it to put one concept side by side for 2-8 companies ("rank NVIDIA, AMD and Intel by revenue"). Every name
must resolve; an ambiguous one stops the whole comparison with candidates — ask the user. Without fy it picks
the latest fiscal year all companies report and says why in fiscal_year_reason.
Read before answering: comparable and warnings first — fiscal years end months apart at different companies
(NVIDIA's FY2024 ends in January, Apple's in September: 244 days apart), so a row-by-row comparison of
"FY2024" may compare different twelve months; say so, with each row's start and end. Different matched_tag
values mean different definitions; different units or currencies are never comparable. unavailable lists
companies without a value and why. Each row carries form, filed and accession_number: cite them.""",
    "get_filing_section": """\
Use it to read what a filing says: risk factors, MD&A, business, legal proceedings, controls, a 10-Q's Part II
Item 1A, a 20-F's operating review. Pick the filing with fy (the company's fiscal year) or accession; without
either it reads the latest 10-K. Not for figures (get_financial_concept has them with provenance).
Read before answering: is_reference=true means the section only points elsewhere (Part III incorporated from the
proxy statement, Item 8 pointing to the financial statements) — say where, do not present the pointer as the
content; truncated=true with next_offset means more text: call again with offset=next_offset rather than
summarising a partial section; extraction_confidence and its reasons; cite form, filing date, period_of_report and
accession_number. A not_found error lists the sections that were found.""",
    "search_full_text": """\
Use it to find which filings contain words or an exact phrase (in double quotes), optionally limited to forms,
a filing-date range and one company. EDGAR's index starts in 2001: earlier ranges are refused (out_of_scope).
Not for figures or for reading a whole section.
Read before answering: coverage and hit_meaning — a hit means the words appear in a document (it may quote an
accounting standard or a third party), not that the company asserted them, and words are stemmed; total_hits
counts documents (exhibits separately), and total_is_lower_bound=true means "at least"; next_page pages on.
Each row is one filing with its form, filing date and accession number.""",
    "search_documents": """\
Use it to find what filings say about a topic ("what did NVIDIA say about export controls to China?") in the
locally indexed 10-K/10-Q text (built with `edgar index add`); pass company whenever the question names one.
match=phrase returns only passages with the exact words in order. Not for figures.
Read before answering: shortfall and broadened (fewer passages matched every word), the notes (keyword-only when
no vectors), and each hit's form, filing date, fiscal year, section and accession number — cite them. Quote the
excerpt rather than paraphrasing it, and call read_document(around=chunk_id) for context. A not_found error means
the company is not indexed: say so; do not guess.""",
    "read_document": """\
Numbered lines of a section from search_documents' doc_id (or a chunk with its neighbours via around=chunk_id),
for reading around an excerpt before quoting it. Use next_lines to page on; cite the accession number.""",
    "verify_answer": """\
Use it before giving the user an answer that contains figures: it extracts every figure (money, per-share,
shares, percentages, dates, fiscal years) and checks it against the cited filings' XBRL facts or text.
Pass the company and, when the answer cites filings, their accession numbers in cite.
Read before answering: verdict (grounded only when every figure is grounded or derived) and each figure's
status — grounded, derived (the formula is given), superseded (the value first reported, later restated: give
the value that stands now), mismatched_period (right number, wrong period: fix the period it names),
ungrounded (remove or correct it), ambiguous (calendar wording such as "2024" at a company whose fiscal year
is not the calendar year: say which fiscal year, see readings), unchecked (edgar could not check it: do not
call it verified). flags and warnings (pre-split basis, convenience translation) must reach the user.""",
    "list_filings": """\
Use it for a company's filing history (10-K, 10-Q, 8-K, 20-F, ... with amendments) or to find a filing's
accession number, period of report and document URL. Not for figures: take those from get_financial_concept,
whose XBRL facts already reflect amendments.
Read before answering: superseded/superseded_by — a later amendment exists, but a 10-K/A often only adds Part III
or an exhibit, so it does not replace the whole report; history_truncated and truncated (older filings were not
read, or more match than limit); foreign_private_issuer (files 20-F/40-F, not 10-K); fiscal_year on each filing
is derived from its period of report and the company's fiscal year end.""",
}


def _public_signature(fn: Callable[..., Any]) -> inspect.Signature:
    """The function's signature without ``client`` and hidden parameters, annotations evaluated."""
    hints = typing.get_type_hints(fn, include_extras=True)
    hidden = {"client"} | HIDDEN_PARAMETERS.get(fn.__name__, set())
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation), kind=inspect.Parameter.POSITIONAL_OR_KEYWORD)
        for p in inspect.signature(fn).parameters.values()
        if p.name not in hidden
    ]
    return inspect.Signature(params, return_annotation=hints["return"])


_KEY_FIELDS = ("name", "cik", "tag", "item", "key", "label", "status", "text", "value", "unit", "fiscal_year", "fiscal_period", "start", "end",
               "form", "filed", "period_of_report", "accession_number", "matched_tag", "restated", "original_value",
               "score", "excerpt", "company")
_TEXT_LIMIT = 1500


def short_text(result: Any) -> str:
    """A compact plain-text view of a result for the text channel; the structured content holds everything.

    Scalars at the top level, then the first rows of each list with their key fields, then the start of
    any long text field, within about 1,500 characters.
    """
    data = result.model_dump(mode="json", exclude_none=True)
    lines: list[str] = []
    long_texts: list[tuple[str, str]] = []
    for key, value in data.items():
        if isinstance(value, str) and len(value) > 300:
            long_texts.append((key, value))
        elif isinstance(value, (str, int, float, bool)):
            lines.append(f"{key}: {value}")
        elif isinstance(value, dict) and value.get("name"):
            lines.append(f"{key}: {value['name']}" + (f" (CIK {value['cik']})" if value.get("cik") else ""))
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{key} ({len(value)}):")
            for row in value[:5]:
                parts = []
                for k in _KEY_FIELDS:
                    if k in row and not isinstance(row[k], (dict, list)):
                        parts.append(f"{k}={str(row[k])[:80]}")
                    elif k == "company" and isinstance(row.get(k), dict):
                        parts.append(f"company={row[k].get('name')}")
                if parts:
                    lines.append("  - " + ", ".join(parts))
            if len(value) > 5:
                lines.append(f"  ... {len(value) - 5} more in the structured content")
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value) and key in ("notes", "warnings"):
            lines.extend(f"{key[:-1]}: {v}" for v in value)
    for key, value in long_texts:
        lines.append(f"{key} ({len(value):,} chars): {value[:600]}...")
    text = "\n".join(lines)
    if len(text) > _TEXT_LIMIT:
        text = text[:_TEXT_LIMIT] + " ..."
    return text + "\n(Full result in the structured content.)"


def description_for(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ")
    return f"{first}\n\n{GUIDANCE.get(fn.__name__, '').strip()}".strip()


def as_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Adapt a capability for MCPServer: same name, parameters and result model, run in a thread."""
    import anyio
    from mcp_types import CallToolResult, TextContent

    from .sec.transport import within_command_deadline

    @functools.wraps(fn)
    async def tool(**kwargs: Any) -> Any:
        try:
            result = await anyio.to_thread.run_sync(functools.partial(within_command_deadline, fn, **kwargs),
                                                    abandon_on_cancel=True)
            return CallToolResult(content=[TextContent(type="text", text=short_text(result))],
                                  structured_content=result.model_dump(mode="json"))
        except EdgarError as exc:
            payload = exc.to_dict()
            return CallToolResult(content=[TextContent(type="text", text=json.dumps(payload))],
                                  structured_content=payload, is_error=True)

    tool.__signature__ = _public_signature(fn)  # type: ignore[attr-defined]
    tool.__annotations__ = {}
    del tool.__wrapped__  # type: ignore[attr-defined]
    return tool


# The capabilities exposed as tools: the same functions the CLI commands call.
CAPABILITIES: list[Callable[..., Any]] = [
    resolve_company, get_financial_concept, compare_companies, list_filings, get_filing_section, search_full_text,
    search_documents, read_document, verify_answer,
]

# Parameters a remote caller must not have: `file` reads the server's own disk.
HIDDEN_PARAMETERS: dict[str, set[str]] = {"get_filing_section": {"file"}, "search_documents": {"store"},
                                          "read_document": {"store"}, "index_add": {"store"},
                                          "index_list": {"store"}, "index_remove": {"store"},
                                          "sync_bulk": {"progress"}}


def _argument_error(tool: Any, validation: Any) -> dict[str, Any]:
    """invalid_argument naming each bad field and what a valid value looks like (from the input schema)."""
    props = (tool.parameters or {}).get("properties", {}) if tool is not None else {}
    problems, hints = [], []
    for err in validation.errors():
        field = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        problems.append(f"{field}: {err.get('msg', 'invalid')}")
        desc = props.get(field, {}).get("description")
        if desc:
            hints.append(f"{field} — {desc}")
    return EdgarError("invalid_argument", "Invalid arguments: " + "; ".join(problems) + ".",
                      ("Valid values: " + " ".join(hints)) if hints else "Check the tool's input schema.").to_dict()


def _server_class():
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import CallToolResult, TextContent
    from pydantic import ValidationError

    class EdgarMCPServer(MCPServer):
        """Bad arguments come back as a structured invalid_argument error, like every other failure."""

        async def call_tool(self, name, arguments, context=None):
            if self._tool_manager.get_tool(name) is None:
                payload = EdgarError("invalid_argument", f"Unknown tool {name!r}.",
                                     "Use one of: " + ", ".join(fn.__name__ for fn in CAPABILITIES) + ".").to_dict()
                return CallToolResult(content=[TextContent(type="text", text=json.dumps(payload))],
                                      structured_content=payload, is_error=True)
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as exc:
                if not isinstance(exc.__cause__, ValidationError):
                    raise
                payload = _argument_error(self._tool_manager.get_tool(name), exc.__cause__)
                return CallToolResult(content=[TextContent(type="text", text=json.dumps(payload))],
                                      structured_content=payload, is_error=True)

    return EdgarMCPServer


def build_server():
    """An MCPServer with one tool per capability (read-only, open-world)."""
    from mcp_types import ToolAnnotations

    from . import __version__

    server = _server_class()(name="edgar", instructions=SERVER_INSTRUCTIONS, version=__version__, log_level="WARNING")
    for fn in CAPABILITIES:
        server.add_tool(
            as_tool(fn), name=fn.__name__, title=fn.__name__.replace("_", " ").capitalize(),
            description=description_for(fn),
            annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True, destructive_hint=False,
                                        idempotent_hint=True),
            structured_output=True,
        )
    return server


def serve(transport: str = "stdio", host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server; logs go to stderr, stdout carries only JSON-RPC (stdio)."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    from .vocabulary import set_surface

    set_surface("mcp")  # started through the CLI entry point, but what it writes is read by a model
    from .config import Settings
    from .sec.client import SecClient, set_client

    settings = Settings.from_env()
    settings.interactive = False  # stdin is the protocol: never prompt for a User-Agent
    set_client(SecClient(settings))
    server = build_server()
    if transport == "stdio":
        server.run("stdio")
    elif transport == "streamable-http":
        server.run("streamable-http", host=host, port=port)
    else:
        raise EdgarError("invalid_argument", f"Unknown transport {transport!r}.", "Use stdio or streamable-http.")

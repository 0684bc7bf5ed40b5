"""MCP wiring only: the capability functions the CLI calls, registered as MCP tools.

Which functions are tools, and what the server adds to each (guidance, schema ranges, hidden
parameters, MCP defaults, annotations), is declared in the capability's folder and read here
from capabilities/registry.py.

Each tool is the capability function itself behind a generic adapter that runs
it in a worker thread (the functions are synchronous and share one client,
cache and rate limiter). What a client receives, whatever SDK it embeds:

- success: ``structuredContent`` is the result model (it validates against the
  tool's ``outputSchema``) and the text content is the same JSON, so a host that
  shows the model only the text loses nothing;
- any failure (an EdgarError, bad or unknown arguments, an unknown tool, a bug):
  ``isError: true`` with ``{"error": {"code", "message", "suggestion", ...}}``
  as the text content and no ``structuredContent`` -- the shape the SDKs' own
  servers use, which TypeScript-SDK clients (Claude Desktop, Claude Code, Cursor,
  VS Code, the Inspector) accept without checking it against ``outputSchema``.

Input schemas are strict (``additionalProperties: false``) and carry the ranges
the capabilities enforce; an unknown argument is ``invalid_argument`` naming the
parameter it most likely meant. The descriptions add, for a model, what to read
in the result before answering; they hold no logic. HTTP serving is in
mcp/http.py.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import json
import logging
import sys
import typing
from collections.abc import Callable
from typing import Any

from .. import config
from ..capabilities import registry
from ..errors import EdgarError
from .instructions import SERVER_INSTRUCTIONS

logger = logging.getLogger("edgar.mcp")


# Names a model is likely to send for a parameter (other tools' spellings, the CLI's, everyday words).
LIKELY_MEANT: dict[str, tuple[str, ...]] = {
    "fiscal_year": ("fy", "year", "fiscalyear", "fiscal_years", "years"),
    "accession_number": ("accession", "accession_no", "accessionnumber", "accession_numbers", "filing"),
    "accession_numbers": ("accession", "accessions", "accession_number"),
    "filed_from": ("since", "from", "start", "start_date", "date_from", "from_date", "after"),
    "filed_to": ("until", "to", "end", "end_date", "date_to", "to_date", "before"),
    "forms": ("form", "form_type", "form_types", "filing_type", "type"),
    "form": ("forms", "form_type", "filing_type"),
    "company": ("ticker", "cik", "symbol", "name", "issuer", "query"),
    "companies": ("tickers", "company", "ciks", "symbols"),
    "query": ("q", "text", "search", "name", "company", "ticker", "cik", "symbol", "company_name"),
    "limit": ("max_results", "n", "count", "top", "size", "max"),
    "concept": ("metric", "tag", "measure", "item", "matched_tag", "xbrl_tag", "label"),
    "section": ("item", "part", "section_key"),
    # the names results give what these inputs take (search_documents' chunk_id, next_lines, doc_id)
    "around": ("chunk_id", "chunk", "chunk_ids"),
    "lines": ("next_lines", "line_range", "range"),
    "doc_id": ("document_id", "document", "id"),
}


def capabilities() -> list[Callable[..., Any]]:
    """The capability functions the server offers as tools, in tools/list order (imports them)."""
    return [registry.function(t) for t in registry.mcp_tools()]


def _declared(name: str) -> registry.Tool:
    """The declaration of the tool called ``name``; a function no capability declares (a test's own) gets
    a declaration without hints."""
    try:
        return registry.tool(name)
    except KeyError:
        return registry.Tool(function=f"undeclared:{name}", command="")


def _public_signature(fn: Callable[..., Any]) -> inspect.Signature:
    """The function's signature without ``client`` and hidden parameters, MCP defaults applied, plus ``ctx``."""
    from mcp.server.mcpserver import Context

    declared = _declared(fn.__name__)
    hints = typing.get_type_hints(fn, include_extras=True)
    hidden = {"client"} | declared.objects | declared.mcp_hidden
    defaults = declared.mcp_defaults
    params = [
        p.replace(
            annotation=hints.get(p.name, p.annotation),
            kind=inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=defaults.get(p.name, p.default),
        )
        for p in inspect.signature(fn).parameters.values()
        if p.name not in hidden
    ]
    params.append(inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Context))
    return inspect.Signature(params, return_annotation=hints["return"])


def description_for(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ")
    return f"{first}\n\n{_declared(fn.__name__).guidance.strip()}".strip()


def as_text(data: Any) -> str:
    """The text channel: the whole result as compact JSON (never less than the structured content)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def error_result(payload: dict[str, Any]) -> Any:
    """An ``isError`` result: the error JSON as text, no structured content (it would not match outputSchema)."""
    from mcp_types import CallToolResult, TextContent

    return CallToolResult(content=[TextContent(type="text", text=as_text(payload))], is_error=True)


def _server_paths() -> list[str]:
    """Paths on the server's disk that results and errors must not show a remote caller."""
    return _paths_for(config.index_file(), config.cache_dir_env())


@functools.lru_cache(maxsize=8)
def _paths_for(index_env: str | None, cache_env: str | None) -> list[str]:
    from ..config import cache_dir
    from ..index.store import index_path

    paths = {str(index_path()), str(cache_env or cache_dir())}
    return sorted((p for p in paths if len(p) > 1), key=len, reverse=True)


def redact(value: Any, paths: list[str]) -> Any:
    """``value`` with every server path replaced by a neutral phrase."""
    if isinstance(value, str):
        for p in paths:
            if p in value:
                value = value.replace(p, "the server")  # "the local index at the server"
        return value
    if isinstance(value, list):
        return [redact(v, paths) for v in value]
    if isinstance(value, dict):
        return {k: redact(v, paths) for k, v in value.items()}
    return value


def _progress_reporter(ctx: Any) -> Callable[[str], None] | None:
    """A thread-safe callback sending notifications/progress for this request (a no-op without a token)."""
    try:
        ctx.request_context  # noqa: B018 - raises outside a request (an in-process call)
    except Exception:  # noqa: BLE001
        return None
    loop = asyncio.get_running_loop()
    counter = itertools.count(1)

    def report(message: str) -> None:
        try:
            asyncio.run_coroutine_threadsafe(ctx.report_progress(next(counter), None, message[:300]), loop)
        except RuntimeError:  # the loop has closed (the server is stopping): nobody is listening
            pass

    return report


def _internal_error(name: str, exc: BaseException) -> dict[str, Any]:
    logger.error("tool %s raised %s", name, type(exc).__name__, exc_info=exc)
    return EdgarError(
        "internal_error",
        f"Unexpected {type(exc).__name__} in {name}: {str(exc)[:200]}",
        "This is a bug in edgar, not a problem with the question: report it with the arguments, "
        "and answer without this tool meanwhile.",
    ).to_dict()


def as_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Adapt a capability for MCPServer: same name, parameters and result model, run in a thread.

    The call runs under a CallControl: progress lines of the SEC client become progress notifications,
    and a cancelled call (the client sent notifications/cancelled or went away) stops fetching at its
    next SEC request. Its SEC requests end by the command deadline (sec/transport.py), as a CLI command's do.
    """
    import anyio
    from mcp_types import CallToolResult, TextContent

    from ..sec.calls import CallControl, watching
    from ..sec.transport import command_deadline

    name = fn.__name__

    @functools.wraps(fn)
    async def tool(ctx: Any = None, **kwargs: Any) -> Any:
        control = CallControl(on_progress=_progress_reporter(ctx) if ctx is not None else None)

        def run() -> Any:
            with watching(control), command_deadline():  # the command's SEC requests end by its deadline
                return fn(**kwargs)

        paths = _server_paths()
        try:
            result = await anyio.to_thread.run_sync(run, abandon_on_cancel=True)
            data = result.model_dump(mode="json")
            text = as_text(data)
            if any(p in text for p in paths):
                data = redact(data, paths)
                text = as_text(data)
            return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)
        except anyio.get_cancelled_exc_class():
            control.cancel()
            raise
        except EdgarError as exc:
            return error_result(redact(exc.to_dict(), paths))
        except Exception as exc:  # a bug: a structured internal_error, never "Error executing tool"
            if config.debug():
                raise
            return error_result(redact(_internal_error(name, exc), paths))

    from mcp.server.mcpserver import Context

    tool.__signature__ = _public_signature(fn)  # type: ignore[attr-defined]
    tool.__annotations__ = {"ctx": Context}  # how MCPServer finds the parameter that receives the request context
    del tool.__wrapped__
    return tool


def _likely(unknown: str, props: list[str]) -> str | None:
    key = unknown.strip().lower().replace("-", "_").replace(" ", "_")
    for target, spellings in LIKELY_MEANT.items():
        if target in props and (key in spellings or key == target):
            return target
    from rapidfuzz import process

    best = process.extractOne(key, props, score_cutoff=70)
    return best[0] if best else None


def unknown_argument_error(tool_name: str, unknown: list[str], props: list[str]) -> dict[str, Any]:
    """invalid_argument naming each unknown key and the parameter it most likely meant."""
    parts, meant, hidden = [], {}, []
    for key in unknown:
        if key in _declared(tool_name).mcp_hidden:  # client, store: objects, not names
            hidden.append(key)
            continue
        target = _likely(key, props)
        parts.append(f"{key!r}" + (f" (did you mean {target}?)" if target else ""))
        if target:
            meant[key] = target
    fix = "; ".join(f"pass {t} instead of {k}" for k, t in meant.items())
    message = f"{tool_name} has no parameter " + ", ".join(parts) + "." if parts else ""
    if hidden:
        message += (" " if message else "") + (
            f"{', '.join(map(repr, hidden))} is not available over MCP: "
            "the server does not read its own disk for a caller."
        )
    return EdgarError(
        "invalid_argument",
        message,
        (fix[0].upper() + fix[1:] + ". " if fix else "") + f"Its parameters: {', '.join(props)}.",
        unknown_arguments=unknown,
        did_you_mean=meant,
    ).to_dict()


def _argument_error(tool: Any, validation: Any) -> dict[str, Any]:
    """invalid_argument naming each bad field and what a valid value looks like (from the input schema)."""
    props = (tool.parameters or {}).get("properties", {}) if tool is not None else {}
    problems, hints = [], []
    for err in validation.errors():
        field = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        if err.get("type") == "missing":
            problems.append(f"{field} is required")
        else:
            problems.append(f"{field}: {err.get('msg', 'invalid')}")
        desc = props.get(field.split(".")[0], {}).get("description")
        if desc:
            hints.append(f"{field} — {desc}")
    return EdgarError(
        "invalid_argument",
        "Invalid arguments: " + "; ".join(problems) + ".",
        ("Valid values: " + " ".join(hints)) if hints else "Check the tool's input schema.",
    ).to_dict()


def _types(prop: dict[str, Any]) -> set[str]:
    """The JSON types a property admits (its own ``type`` or its anyOf branches')."""
    kinds = {b.get("type") for b in prop.get("anyOf") or [prop]}
    return {k for k in kinds if isinstance(k, str)}


def _item_types(prop: dict[str, Any]) -> set[str]:
    return {t for b in prop.get("anyOf") or [prop] if b.get("type") == "array" for t in _types(b.get("items") or {})}


def normalise_arguments(arguments: dict[str, Any], props: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Arguments as the schema types them, for two JSON type slips clients make; raises EdgarError.

    - A number where only a string is declared (a CIK, ``company: 1045810``, as the Inspector CLI sends
      ``company=1045810``; a model copying ``cik``) is that number's digits: the one reading there is.
    - ``true``/``false`` where a number is declared is refused: validation would read ``fiscal_year: true``
      as fiscal year 1 and ``limit: true`` as 1, an answer to a question nobody asked.
    """
    out = dict(arguments)
    for key, value in arguments.items():
        prop = props.get(key) or {}
        kinds, items = _types(prop), _item_types(prop)
        numeric = kinds & {"integer", "number"}
        if isinstance(value, bool) and numeric and "boolean" not in kinds:
            kind = "an integer" if "integer" in numeric else "a number"
            raise EdgarError(
                "invalid_argument",
                f"{key} takes {kind}, not {json.dumps(value)}.",
                f"Pass {key} as {kind}"
                + (f" ({prop['description']})" if prop.get("description") else "")
                + f", or omit {key}.",
            )
        if isinstance(value, (int, float)) and not isinstance(value, bool) and "string" in kinds and not numeric:
            out[key] = _digits(value)
        elif isinstance(value, list) and "string" in items and not items & {"integer", "number"}:
            out[key] = [_digits(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in value]
    return out


def _digits(value: int | float) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _constrain(prop: dict[str, Any], bounds: dict[str, Any]) -> None:
    """Add JSON Schema bounds to a property, inside the matching branch of an anyOf (int | None)."""
    kind = (
        "array" if "minItems" in bounds or "maxItems" in bounds else ("string" if "maxLength" in bounds else "integer")
    )
    branches = prop.get("anyOf") or [prop]
    for branch in branches:
        if branch.get("type") == kind:
            branch.update(bounds)


def strip_titles(schema: Any) -> Any:
    """A JSON Schema without pydantic's generated ``title`` keywords (a property named title is kept)."""
    if isinstance(schema, list):
        return [strip_titles(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key in ("properties", "$defs", "definitions", "patternProperties") and isinstance(value, dict):
            out[key] = {k: strip_titles(v) for k, v in value.items()}
        else:
            out[key] = strip_titles(value)
    return out


def _server_class():
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from pydantic import ValidationError

    class EdgarMCPServer(MCPServer):
        """Every failure comes back as a structured isError result, arguments are checked strictly."""

        lazy = False  # build_server(lazy=True): tools registered when first called, tools/list from the stored list

        async def list_tools(self):
            if self.lazy:
                from mcp_types import Tool as MCPTool

                from . import tool_list

                key = tool_list.digest()
                listed = tool_list.stored(key)
                if listed is not None:
                    try:
                        return [MCPTool.model_validate(t) for t in listed]
                    except ValidationError:
                        pass  # written by another SDK under the same key: generate it again
                tools = await self.generated_tools()
                tool_list.store(key, [t.model_dump(mode="json", by_alias=True) for t in tools])
                return tools
            return await self.generated_tools()

        async def generated_tools(self):
            """The tools/list answer as the SDK makes it from the registered tools (every declared tool registered
            first, in declared order)."""
            for declared in registry.mcp_tools():
                self.registered_tool(declared.name)
            order = {t.name: i for i, t in enumerate(registry.mcp_tools())}
            tools = sorted(await super().list_tools(), key=lambda t: order.get(t.name, len(order)))
            return [t.model_copy(update={"output_schema": strip_titles(t.output_schema)}) for t in tools]

        def registered_tool(self, name):
            """The SDK's registered tool called ``name`` (registered now if declared and not yet), or None."""
            tool = self._tool_manager.get_tool(name)
            if tool is None and any(t.name == name for t in registry.mcp_tools()):
                _register(self, registry.tool(name))
                tool = self._tool_manager.get_tool(name)
            return tool

        async def call_tool(self, name, arguments, context=None):
            tool = self.registered_tool(name)
            if tool is None:
                from rapidfuzz import process

                names = [t.name for t in registry.mcp_tools()]
                close = process.extractOne(str(name), names, score_cutoff=60)
                return error_result(
                    EdgarError(
                        "invalid_argument",
                        f"Unknown tool {name!r}.",
                        (f"Did you mean {close[0]}? " if close else "") + "Use one of: " + ", ".join(names) + ".",
                    ).to_dict()
                )
            schema_props = (tool.parameters or {}).get("properties", {})
            props = list(schema_props)
            unknown = [k for k in (arguments or {}) if k not in props]
            if unknown:
                return error_result(unknown_argument_error(name, unknown, props))
            try:
                arguments = normalise_arguments(arguments or {}, schema_props)
            except EdgarError as exc:
                return error_result(exc.to_dict())
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as exc:
                if isinstance(exc.__cause__, ValidationError):
                    return error_result(_argument_error(tool, exc.__cause__))
                if config.debug():
                    raise
                return error_result(_internal_error(name, exc.__cause__ or exc))

    return EdgarMCPServer


def build_server(lazy: bool = False):
    """An MCPServer with one tool per declared MCP tool (capabilities/registry.py), strict input schemas,
    structured errors.

    ``lazy``: no capability is imported and no schema generated now; tools/list is answered from the list
    stored beside the cache (mcp/tool_list.py; generated and stored on the first tools/list without one)
    and each tool is registered when first called. What a client sees is the same either way.
    """
    from .. import __version__

    server = _server_class()(name="edgar", instructions=SERVER_INSTRUCTIONS, version=__version__, log_level="WARNING")
    server.lazy = lazy
    if not lazy:
        for declared in registry.mcp_tools():
            _register(server, declared)
    return server


def _register(server: Any, declared: registry.Tool) -> None:
    """Register one declared tool with the SDK: its function behind as_tool, its strict input schema."""
    from mcp_types import ToolAnnotations

    fn = registry.function(declared)
    name = declared.name
    server.add_tool(
        as_tool(fn),
        name=name,
        title=name.replace("_", " ").capitalize(),
        description=description_for(fn),
        annotations=ToolAnnotations(
            read_only_hint=not declared.writes,
            open_world_hint=not declared.local,
            destructive_hint=False,
            idempotent_hint=True,
        ),
        structured_output=True,
    )
    tool = server._tool_manager.get_tool(name)
    schema = strip_titles(tool.parameters)
    schema["additionalProperties"] = False
    for param, bounds in declared.ranges.items():
        _constrain(schema["properties"][param], dict(bounds))
    for param, text in declared.mcp_descriptions.items():
        schema["properties"][param]["description"] = text
    tool.parameters = schema


def install_client() -> None:
    """The process-wide SEC client for the server: settings from the environment, never a prompt."""
    from ..config import Settings
    from ..sec.client import SecClient, set_client

    settings = Settings.from_env()
    settings.interactive = False  # stdin is the protocol: never prompt for a User-Agent
    set_client(SecClient(settings))


def serve(transport: str = "stdio", on_ready: Callable[[], None] | None = None, **http: Any) -> None:
    """Run the server; logs go to stderr, stdout carries only JSON-RPC (stdio). HTTP options: mcp_http.serve_http.

    An HTTP configuration is checked and its socket bound first, so a refusal or a port in use is
    reported (in the operator's words) before anything else starts; ``on_ready`` is called after that
    (the CLI says there that it serves), never for a configuration that is refused.
    """
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    from ..logs import redact_logs

    redact_logs()  # no password or token of a URL in any log line
    if transport not in ("stdio", "streamable-http"):
        raise EdgarError("invalid_argument", f"Unknown transport {transport!r}.", "Use stdio or streamable-http.")
    sock = None
    if transport == "streamable-http":
        from .http import bind, check_http_options

        check_http_options(**http)
        sock = bind(http.get("host", "127.0.0.1"), http.get("port", 8000))
    from ..sec.command_scope import leave
    from ..vocabulary import set_surface

    leave()  # the server's calls remember no failed fetch across calls: only a CLI command's run does
    set_surface("mcp")  # started through the CLI entry point, but what it writes from now on is read by a model
    install_client()  # a configuration it refuses (a cache, a Redis key) ends the start before anyone is answered
    if transport == "stdio":
        from . import handshake, tool_list
        from .stdio import _pipe_like

        if not (_pipe_like(0) and _pipe_like(1)):
            recorder = None
            first, dropped = b"", set()
        else:  # initialize and tools/list answered from the record before the SDK is imported (mcp/handshake.py)
            recorder = handshake.Recorder(tool_list.digest())
            if on_ready is not None:
                on_ready()
                on_ready = None
            shake = handshake.Handshake(recorder.answers)
            rest = shake.run()
            if rest is None:  # the client left after the handshake
                return
            first, dropped = rest, shake.dropped
        server = build_server(lazy=True)
        if on_ready is not None:
            on_ready()
        import anyio

        from .stdio import run_stdio

        anyio.run(run_stdio, server, first, dropped, recorder)
        return
    server = build_server(lazy=True)
    if on_ready is not None:
        on_ready()
    from .http import serve_http

    assert sock is not None  # bound above for streamable-http
    serve_http(server, sock=sock, **http)

"""edgar serve-mcp: run the MCP server (a face command: every capability as a tool, over stdio or HTTP)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ...errors import EdgarError
from ..support import fail, quiet
from . import View

view = View()


@view.command(
    "serve-mcp",
    formats=False,
    examples=[
        "edgar serve-mcp",
        "edgar serve-mcp --transport streamable-http --host 127.0.0.1 --port 8000",
    ],
)
def serve_mcp_cmd(
    transport: Annotated[
        str,
        typer.Option(
            "--transport", metavar="stdio|streamable-http", help="stdio (for a desktop client) or streamable-http."
        ),
    ] = "stdio",
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="Address to bind for streamable-http; other than loopback needs --auth-token.",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="Port for streamable-http.")] = 8000,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            metavar="HOST",
            help="A Host header "
            "to accept besides loopback and --host, e.g. a reverse proxy's edgar.example.com; "
            "repeat for several.",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            metavar="ORIGIN",
            help="An Origin to accept besides loopback, e.g. https://app.example.com; repeat for several.",
        ),
    ] = None,
    auth_token: Annotated[
        str | None,
        typer.Option(
            "--auth-token",
            metavar="TOKEN",
            help="Bearer token clients must send (default $EDGAR_MCP_TOKEN); at least 16 characters.",
        ),
    ] = None,
    insecure_no_auth: Annotated[
        bool,
        typer.Option(
            "--insecure-no-auth", help="Serve a non-loopback address without a token (trusted networks only)."
        ),
    ] = False,
    stateless: Annotated[
        bool, typer.Option("--stateless", help="No session state between requests (several replicas behind one proxy).")
    ] = False,
    json_response: Annotated[
        bool, typer.Option("--json-response", help="Answer each request with plain JSON instead of an event stream.")
    ] = False,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            metavar="N",
            help="Open connections to accept for streamable-http; more are answered 503.",
        ),
    ] = 1000,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            metavar="SECONDS",
            help="Close a streamable-http connection that has not sent a request's headers by then.",
        ),
    ] = 10.0,
) -> None:
    """Run the MCP server: every edgar capability as a tool (stdio or streamable HTTP)."""
    from ...mcp.server import serve
    from ...sec.command_scope import leave

    leave()  # the server's calls remember no failed fetch across calls: only a CLI command's run does
    from ...vocabulary import set_surface

    set_surface("cli")  # a refused configuration is read by the operator; the server switches to "mcp"
    try:
        serve(
            transport,
            on_ready=lambda: announce_server(transport, host, port, list(allowed_host or [])),
            host=host,
            port=port,
            allowed_hosts=list(allowed_host or []),
            allowed_origins=list(allowed_origin or []),
            auth_token=auth_token,
            insecure_no_auth=insecure_no_auth,
            stateless=stateless,
            json_response=json_response,
            max_connections=max_connections,
            header_timeout=header_timeout,
        )
    except EdgarError as exc:
        fail(exc)


def announce_server(transport: str, host: str, port: int, allowed_hosts: list[str] | None = None) -> None:
    """One line on stderr saying which transport ``edgar serve-mcp`` serves and where (stdout is the protocol).

    Called once the configuration was accepted and the port bound, never before a refusal."""
    if transport == "stdio":
        where = "stdio: JSON-RPC on stdin/stdout, for an MCP client that started this process"
    elif transport == "streamable-http" and host in ("0.0.0.0", "::", ""):
        names = ", ".join(allowed_hosts or []) or "none: pass --allowed-host with the name or address they use"
        where = (
            f"streamable HTTP on every address of this machine, port {port}, path /mcp (Host names accepted "
            f"besides loopback: {names})"
        )
    elif transport == "streamable-http":
        where = f"streamable HTTP at http://{host if ':' not in host else f'[{host}]'}:{port}/mcp"
    else:
        return  # serve() refuses it
    from ...logs import json_logs, log_event

    if json_logs():
        log_event("serving", transport=transport, where=where)
    elif not quiet():
        sys.stderr.write(f"edgar: serving MCP over {where}; Ctrl-C to stop.\n")
        sys.stderr.flush()
    _warn_without_user_agent()


def _warn_without_user_agent() -> None:
    """A server with no SEC User-Agent would fail every tool call that reaches the SEC: say so at start, where the
    client's or the service's log shows it (stdio servers' stderr is the host's log)."""
    from ...config import resolve_user_agent
    from ...logs import warning

    try:
        resolve_user_agent(None, interactive=False)
    except EdgarError as exc:
        why = "" if exc.message.startswith("No SEC User-Agent") else f" ({exc.message.rstrip('.')})"
        warning(
            f"no usable SEC User-Agent is configured{why}: every tool call that reaches the SEC will fail with user_agent_required. Set SEC_USER_AGENT='Your Name you@example.com' in the "
            "server's environment (a desktop client's config: its \"env\" block)."
        )

"""edgar serve-mcp: run the MCP server (a face command: every capability as a tool, over stdio or HTTP)."""

from __future__ import annotations

from typing import Annotated

import typer

from ...errors import EdgarError
from ..announce import announce_server
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
    from ...vocabulary import set_surface

    set_surface("cli")  # a refused configuration is read by the operator; the server switches to "mcp"
    try:
        serve(
            transport,
            on_ready=lambda: announce_server(transport, host, port, list(allowed_host or []), quiet=quiet()),
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

"""The line ``edgar serve-mcp`` writes on stderr once it serves (apart from views/serve.py so that the entry point's
route for a bare ``edgar serve-mcp`` announces it without importing Typer)."""

from __future__ import annotations

import sys

from ..errors import EdgarError


def announce_server(
    transport: str, host: str, port: int, allowed_hosts: list[str] | None = None, quiet: bool = False
) -> None:
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
    from ..logs import json_logs, log_event

    if json_logs():
        log_event("serving", transport=transport, where=where)
    elif not quiet:
        sys.stderr.write(f"edgar: serving MCP over {where}; Ctrl-C to stop.\n")
        sys.stderr.flush()
    _warn_without_user_agent()


def _warn_without_user_agent() -> None:
    """A server with no SEC User-Agent would fail every tool call that reaches the SEC: say so at start, where the
    client's or the service's log shows it (stdio servers' stderr is the host's log)."""
    from ..config import resolve_user_agent
    from ..logs import warning

    try:
        resolve_user_agent(None, interactive=False)
    except EdgarError as exc:
        why = "" if exc.message.startswith("No SEC User-Agent") else f" ({exc.message.rstrip('.')})"
        warning(
            f"no usable SEC User-Agent is configured{why}: every tool call that reaches the SEC will fail with user_agent_required. Set SEC_USER_AGENT='Your Name you@example.com' in the "
            "server's environment (a desktop client's config: its \"env\" block)."
        )

"""Serving the MCP server over streamable HTTP: who may connect, and a bind that fails clearly.

- Host/Origin checks (DNS-rebinding protection) are always on: loopback names
  are allowed, plus the bind address and every ``--allowed-host`` /
  ``--allowed-origin`` (a reverse proxy's public name).
- Bearer authentication with ``--auth-token`` or ``EDGAR_MCP_TOKEN``; binding a
  non-loopback address without one is refused unless ``--insecure-no-auth``.
- ``/healthz`` answers ``{"status": "ok", ...}`` without authentication (it
  holds no data), for a load balancer or a container's health check.
- ``--stateless``/``--json-response``: no session state, plain JSON responses
  (for several replicas behind one proxy).
- The listening socket is bound before anything else starts: a port in use is
  ``address_unavailable`` (its own exit code), not a traceback.

These messages are read by the operator at a terminal, so they name CLI flags.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
import socket
from typing import Any

from .errors import EdgarError

LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
TOKEN_ENV = "EDGAR_MCP_TOKEN"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def resolve_token(auth_token: str | None) -> str | None:
    token = auth_token if auth_token is not None else os.environ.get(TOKEN_ENV)
    return token.strip() if token and token.strip() else None


def check_http_options(*, host: str = "127.0.0.1", port: int = 8000, auth_token: str | None = None,
                       insecure_no_auth: bool = False, **_: Any) -> None:
    """Refuse a configuration that would expose the tools without authentication."""
    token = resolve_token(auth_token)
    if token is not None and len(token) < 16:
        raise EdgarError("invalid_argument", "The bearer token is shorter than 16 characters.",
                         "Use a long random token, e.g. `python -c 'import secrets; print(secrets.token_urlsafe(32))'`.")
    if not is_loopback(host) and token is None and not insecure_no_auth:
        raise EdgarError(
            "invalid_argument",
            f"Refusing to serve on {host} without authentication: anyone who can reach the port could use the tools.",
            f"Set {TOKEN_ENV} (or pass --auth-token) and give clients 'Authorization: Bearer <token>'; "
            "or bind 127.0.0.1 behind an authenticating proxy; or pass --insecure-no-auth on a trusted network.")
    if not 0 < port < 65536:
        raise EdgarError("invalid_argument", f"--port {port} is not a TCP port.", "Use a port from 1 to 65535, e.g. 8000.")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or ``address_unavailable`` saying why."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise EdgarError("address_unavailable", f"Cannot listen on {host}:{port}: {exc.strerror}.",
                         "Pass an address of this machine with --host, e.g. 127.0.0.1 or 0.0.0.0.") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise EdgarError("address_unavailable", f"Cannot listen on {host}:{port}: {exc.strerror}.",
                         "Another process may hold the port: pick another with --port, or stop that process."
                         ) from None
    sock.set_inheritable(True)
    return sock


def security_settings(host: str, port: int, allowed_hosts: list[str], allowed_origins: list[str]):
    from mcp.server.transport_security import TransportSecuritySettings

    hosts = list(LOOPBACK_HOSTS)
    if host not in ("0.0.0.0", "::", "") and not is_loopback(host):
        hosts.append(f"[{host}]" if ":" in host else host)
    names: list[str] = []
    for h in [*hosts, *allowed_hosts]:
        names += [h, f"{h}:*"] if ":" not in h.rsplit("]", 1)[-1] else [h]
    origins = [f"http://{h}:*" for h in LOOPBACK_HOSTS]
    for o in allowed_origins:
        origins.append(o.rstrip("/"))
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=names,
                                     allowed_origins=origins)


class Gate:
    """ASGI middleware: /healthz without authentication, everything else behind the bearer token (if any)."""

    def __init__(self, app: Any, token: str | None, health: dict[str, Any]):
        self.app, self.token, self.health = app, token, health

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("path") == "/healthz":
            await _respond(send, 200, self.health)
            return
        if scope["type"] == "http" and self.token is not None:
            given = ""
            for key, value in scope.get("headers", []):
                if key == b"authorization":
                    given = value.decode("latin-1")
            scheme, _, credential = given.partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(credential.strip().encode(), self.token.encode()):
                await _respond(send, 401, {"error": {"code": "unauthorized", "message": "Missing or wrong bearer token.",
                                                     "suggestion": "Send 'Authorization: Bearer <token>'."}},
                               [(b"www-authenticate", b'Bearer realm="edgar"')])
                return
        await self.app(scope, receive, send)


async def _respond(send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": data})


def serve_http(server: Any, *, sock: socket.socket, host: str = "127.0.0.1", port: int = 8000,
               allowed_hosts: list[str] | None = None, allowed_origins: list[str] | None = None,
               auth_token: str | None = None, insecure_no_auth: bool = False, json_response: bool = False,
               stateless: bool = False) -> None:
    """Serve ``server`` on the already bound ``sock`` until interrupted."""
    import anyio
    import uvicorn

    from . import __version__

    app = server.streamable_http_app(
        json_response=json_response, stateless_http=stateless, host=host,
        transport_security=security_settings(host, port, allowed_hosts or [], allowed_origins or []))
    token = resolve_token(auth_token)
    health = {"status": "ok", "server": "edgar", "version": __version__, "tools": len(server._tool_manager.list_tools()),
              "auth": "bearer" if token else "none", "stateless": stateless}
    config = uvicorn.Config(Gate(app, token, health), log_level="warning", lifespan="on")
    anyio.run(uvicorn.Server(config).serve, [sock])

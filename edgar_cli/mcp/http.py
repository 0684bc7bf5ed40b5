"""Serving the MCP server over streamable HTTP: who may connect, and a bind that fails clearly.

- Host/Origin checks (DNS-rebinding protection) are always on: loopback names
  are allowed, plus the bind address and every ``--allowed-host`` /
  ``--allowed-origin`` (a reverse proxy's public name).
- Bearer authentication with ``--auth-token`` or ``EDGAR_MCP_TOKEN``; binding a
  non-loopback address without one is refused unless ``--insecure-no-auth``.
- ``/healthz`` answers ``{"status": "ok"}`` without authentication, for a load
  balancer or a container's health check; with the bearer token it also says
  what runs (version, tools, auth, stateless). It closes the connection after
  answering, so a body sent with it is never read.
- Slow and greedy clients: a connection must complete its request headers within
  ``--header-timeout`` seconds (default 10) of opening or of its previous answer,
  else it is closed (and one whose request body stalls, one more such span after its headers);
  past ``--max-connections`` (default 1000) open connections a
  new one is answered 503 and closed; an idle keep-alive connection is closed
  after 5 s; headers are capped at 32 KiB. A refusal (401, 403, 413...) closes the
  connection, so a body sent without a token is never read; a request body must
  declare its ``Content-Length``, at most 4 MiB (413 above, 411 without). These
  bound what a tokenless client can hold; for internet exposure put the reverse
  proxy in front (DEPLOYMENT.md).
- ``--stateless``/``--json-response``: no session state, plain JSON responses
  (for several replicas behind one proxy). Without ``--json-response`` a ``tools/call``
  that carries no progress token is answered as one JSON body all the same (it has
  no notification to carry, and an event stream costs the server several tasks per call);
  every other request, and a call with a progress token, gets an event stream.
- The listening socket is bound before anything else starts: a port in use is
  ``address_unavailable`` (its own exit code), not a traceback.

These messages are read by the operator at a terminal, so they name CLI flags.
"""

from __future__ import annotations

import contextvars
import hmac
import ipaddress
import json
import socket
from typing import Any

from ..config import mcp_token
from ..errors import EdgarError

LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
TOKEN_ENV = "EDGAR_MCP_TOKEN"
HEADER_TIMEOUT = 10.0  # seconds for a connection to complete a request's headers
MAX_CONNECTIONS = 1000  # open connections; each is a file descriptor (the systemd unit's LimitNOFILE is above it)
KEEP_ALIVE = 5  # seconds an idle keep-alive connection stays open
MAX_HEADER_BYTES = 32 * 1024
MAX_BODY = 4 * 1024 * 1024  # a JSON-RPC request; verify_answer's 200,000 characters escaped are ~1.2 MB


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def resolve_token(auth_token: str | None) -> str | None:
    token = auth_token if auth_token is not None else mcp_token()
    return token.strip() if token and token.strip() else None


def check_http_options(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    auth_token: str | None = None,
    insecure_no_auth: bool = False,
    max_connections: int = MAX_CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
    **_: Any,
) -> None:
    """Refuse a configuration that would expose the tools without authentication, or bound nothing."""
    if not 1 <= max_connections <= 1_000_000:
        raise EdgarError(
            "invalid_argument",
            f"--max-connections {max_connections} is out of range.",
            f"Use 1 to 1000000, e.g. {MAX_CONNECTIONS}; keep it under the process's open-file limit.",
        )
    if not 0 < header_timeout <= 3600:
        raise EdgarError(
            "invalid_argument",
            f"--header-timeout {header_timeout:g} is out of range.",
            f"Use seconds above 0 and up to 3600, e.g. {HEADER_TIMEOUT:g}.",
        )
    token = resolve_token(auth_token)
    if token is not None and len(token) < 16:
        raise EdgarError(
            "invalid_argument",
            "The bearer token is shorter than 16 characters.",
            "Use a long random token, e.g. `python -c 'import secrets; print(secrets.token_urlsafe(32))'`.",
        )
    if not is_loopback(host) and token is None and not insecure_no_auth:
        raise EdgarError(
            "invalid_argument",
            f"Refusing to serve on {host} without authentication: anyone who can reach the port could use the tools.",
            f"Set {TOKEN_ENV} (or pass --auth-token) and give clients 'Authorization: Bearer <token>'; "
            "or bind 127.0.0.1 behind an authenticating proxy; or pass --insecure-no-auth on a trusted network.",
        )
    if not 0 < port < 65536:
        raise EdgarError(
            "invalid_argument", f"--port {port} is not a TCP port.", "Use a port from 1 to 65535, e.g. 8000."
        )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or ``address_unavailable`` saying why."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise EdgarError(
            "address_unavailable",
            f"Cannot listen on {host}:{port}: {exc.strerror}.",
            "Pass an address of this machine with --host, e.g. 127.0.0.1 or 0.0.0.0.",
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise EdgarError(
            "address_unavailable",
            f"Cannot listen on {host}:{port}: {exc.strerror}.",
            "Another process may hold the port: pick another with --port, or stop that process.",
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
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=names, allowed_origins=origins)


# Set by Gate for one request: True answers it as one JSON body; None leaves the server's configured mode.
JSON_ANSWER: contextvars.ContextVar[bool | None] = contextvars.ContextVar("edgar_mcp_json_answer", default=None)


def answer_in_json(body: bytes) -> bool:
    """The request ``body`` is a ``tools/call`` without a progress token: nothing but its result to send."""
    try:
        message = json.loads(body)
    except ValueError:
        return False  # the SDK answers the parse error
    if not isinstance(message, dict) or message.get("method") != "tools/call":
        return False
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return not (isinstance(meta, dict) and meta.get("progressToken") is not None)


def per_request_json_transport() -> None:
    """Make the SDK's streamable HTTP transport read its JSON-or-event-stream choice from ``JSON_ANSWER``.

    The SDK fixes the choice per server (``json_response``); its session manager builds each transport
    from the module's ``StreamableHTTPServerTransport``, replaced here by a subclass whose
    ``is_json_response_enabled`` is ``JSON_ANSWER`` where a request set it, else the configured value. A
    session's own tasks start in its ``initialize`` request, where Gate never sets it, so the session's
    message router keeps the configured mode and routes a streamed call's progress to its stream.
    """
    from mcp.server import streamable_http_manager as manager

    base = manager.StreamableHTTPServerTransport
    if getattr(base, "per_request_json", False):
        return

    class PerRequestJSONTransport(base):  # type: ignore[misc,valid-type]
        per_request_json = True
        _configured_json = False

        @property
        def is_json_response_enabled(self) -> bool:
            chosen = JSON_ANSWER.get()
            return self._configured_json if chosen is None else chosen

        @is_json_response_enabled.setter
        def is_json_response_enabled(self, value: bool) -> None:
            self._configured_json = value

    manager.StreamableHTTPServerTransport = PerRequestJSONTransport  # type: ignore[misc]


async def _read_body(receive) -> tuple[bytes, Any] | None:
    """The request's whole body, and a ``receive`` that gives it again to the app (then the real one's
    messages); None when the client went away before sending all of it."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay():
        return pending.pop() if pending else await receive()

    return body, replay


def _allowed(value: str, allowed: list[str]) -> bool:
    """``value`` (a Host or Origin header) is in ``allowed``, where ``name:*`` stands for name with any port."""
    return value in allowed or any(a.endswith(":*") and value.startswith(a[:-1]) for a in allowed)


class Gate:
    """ASGI middleware: /healthz (``{"status": "ok"}``; what runs only with the token); then Host and Origin,
    answered in JSON with the flag that allows them (the SDK checks them again and answers in plain text); then
    the bearer token (if any); then the request body's declared length. Every refusal closes the connection,
    so the server never reads the body of a request it refused. With ``per_request_json`` a POST's body is
    read first and a ``tools/call`` without a progress token is answered in JSON (``JSON_ANSWER``)."""

    def __init__(
        self,
        app: Any,
        token: str | None,
        health: dict[str, Any],
        security: Any = None,
        max_body: int = MAX_BODY,
        per_request_json: bool = False,
    ):
        self.app, self.token, self.health, self.security, self.max_body = app, token, health, security, max_body
        self.per_request_json = per_request_json

    def _authorized(self, scope) -> bool:
        if self.token is None:
            return True
        given = ""
        for key, value in scope.get("headers", []):
            if key == b"authorization":
                given = value.decode("latin-1")
        scheme, _, credential = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(credential.strip().encode(), self.token.encode())

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path") == "/healthz":  # answered and closed: a body sent with it is never read
            await _refuse(send, 200, self.health if self._authorized(scope) else {"status": "ok"})
            return
        if self.security is not None:
            headers = {k: v.decode("latin-1") for k, v in scope.get("headers", [])}
            host, origin = headers.get(b"host", ""), headers.get(b"origin")
            if not _allowed(host, self.security.allowed_hosts):
                await _refuse(
                    send,
                    421,
                    {
                        "error": {
                            "code": "host_not_allowed",
                            "message": f"This server does not answer to Host {host!r}.",
                            "suggestion": "Reach it by a loopback name or a name its operator allowed; the operator "
                            f"allows another with --allowed-host {host.rsplit(':', 1)[0] or 'NAME'} "
                            "(a reverse proxy's public name, or this machine's address).",
                        }
                    },
                )
                return
            if origin and not _allowed(origin, self.security.allowed_origins):
                await _refuse(
                    send,
                    403,
                    {
                        "error": {
                            "code": "origin_not_allowed",
                            "message": f"This server does not accept requests from Origin {origin!r}.",
                            "suggestion": f"The operator allows a browser origin with --allowed-origin {origin}.",
                        }
                    },
                )
                return
        if not self._authorized(scope):
            await _refuse(
                send,
                401,
                {
                    "error": {
                        "code": "unauthorized",
                        "message": "Missing or wrong bearer token.",
                        "suggestion": "Send 'Authorization: Bearer <token>'.",
                    }
                },
                [(b"www-authenticate", b'Bearer realm="edgar"')],
            )
            return
        refusal = self._body_refusal(scope)
        if refusal is not None:
            await _refuse(send, *refusal)
            return
        if self.per_request_json and scope.get("method") == "POST":
            read = await _read_body(receive)
            if read is None:  # the client went away (or its stalled body was cut off): nobody to answer
                return
            body, receive = read
            if answer_in_json(body):
                reset = JSON_ANSWER.set(True)
                try:
                    await self.app(scope, receive, send)
                finally:
                    JSON_ANSWER.reset(reset)
                return
        await self.app(scope, receive, send)

    def _body_refusal(self, scope) -> tuple[int, dict[str, Any]] | None:
        """413 for a declared body over the cap, 411 for a body without a declared length, else None."""
        length = chunked = None
        for key, value in scope.get("headers", []):
            if key == b"content-length":
                length = value
            elif key == b"transfer-encoding":
                chunked = value
        if length is not None:
            if length.strip().isdigit() and int(length) <= self.max_body:
                return None
            return 413, {
                "error": {
                    "code": "request_too_large",
                    "message": f"The request body is over {self.max_body:,} bytes.",
                    "suggestion": "Send one JSON-RPC message per request; shorten the text to verify.",
                }
            }
        if chunked is not None:
            return 411, {
                "error": {
                    "code": "length_required",
                    "message": "A request body must declare its length.",
                    "suggestion": "Send the body with a Content-Length header.",
                }
            }
        return None


async def _refuse(send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """A refusal that closes the connection: a body the client may still be sending is never read."""
    await _respond(send, status, body, [*(headers or []), (b"connection", b"close")])


def guarded_protocol(header_timeout: float, max_connections: int) -> type:
    """uvicorn's h11 protocol, bounded against slow and numerous clients.

    A connection past ``max_connections`` open ones is answered 503 and closed. A connection that has not
    completed a request's headers ``header_timeout`` seconds after it opened or after its previous answer
    is closed (uvicorn's keep-alive timer stops at the first byte of the next request, so a client sending
    a byte now and then held its connection forever), and so is one whose declared body has not all arrived
    one more ``header_timeout`` later (a stalled body held its connection too).
    """
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    busy = json.dumps(
        {
            "error": {
                "code": "server_busy",
                "message": "The server holds its maximum of connections.",
                "suggestion": "Retry shortly; the operator may raise --max-connections.",
            }
        }
    ).encode()
    refusal = (
        b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: "
        + str(len(busy)).encode()
        + b"\r\nretry-after: 1\r\nconnection: close\r\n\r\n"
        + busy
    )

    class GuardedH11Protocol(H11Protocol):
        _header_timer: Any = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.write(refusal)
                transport.close()
                return
            self._arm()

        _body_grace = False  # the request's body was given one more header_timeout to arrive

        def _arm(self, *, body: bool = False) -> None:
            self._disarm()
            self._body_grace = body
            self._header_timer = self.loop.call_later(header_timeout, self._headers_overdue)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_overdue(self) -> None:
            self._header_timer = None
            if self.transport.is_closing():
                return
            if self.conn.their_state is h11.IDLE:
                self.transport.close()  # no complete request since the timer was armed
            elif self.conn.their_state is h11.SEND_BODY:  # headers in, the body still arriving (or stalled)
                if self._body_grace:
                    self.transport.close()
                else:
                    self._arm(body=True)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedH11Protocol


async def _respond(send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


def serve_http(
    server: Any,
    *,
    sock: socket.socket,
    host: str = "127.0.0.1",
    port: int = 8000,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
    auth_token: str | None = None,
    insecure_no_auth: bool = False,
    json_response: bool = False,
    stateless: bool = False,
    max_connections: int = MAX_CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
) -> None:
    """Serve ``server`` on the already bound ``sock`` until interrupted."""
    import anyio
    import uvicorn

    from .. import __version__
    from ..capabilities import registry

    security = security_settings(host, port, allowed_hosts or [], allowed_origins or [])
    if not json_response:
        per_request_json_transport()
    app = server.streamable_http_app(
        json_response=json_response, stateless_http=stateless, host=host, transport_security=security
    )
    token = resolve_token(auth_token)
    health = {
        "status": "ok",
        "server": "edgar",
        "version": __version__,
        "tools": len(registry.mcp_tools()),
        "auth": "bearer" if token else "none",
        "stateless": stateless,
    }
    # uvicorn's limit_concurrency answers 503 only once a request's headers are in; the protocol's cap
    # refuses the connection itself
    config = uvicorn.Config(
        Gate(app, token, health, security, per_request_json=not json_response),
        log_level="warning",
        lifespan="on",
        http=guarded_protocol(header_timeout, max_connections),
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
    )
    anyio.run(uvicorn.Server(config).serve, [sock])

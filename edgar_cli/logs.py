"""Structured logs for a deployment: ``EDGAR_LOG_FORMAT=json`` turns stderr into JSON lines.

Without it nothing changes: warnings are ``warning: ...`` lines for a person, and events are not
written. With it, the warnings, the events below, ``serve-mcp``'s start line and the standard
``logging`` records (the MCP SDK's session messages; uvicorn's, at the level the MCP server sets) are
one JSON object per line:

``{"ts": "2026-07-01T12:00:00.123Z", "level": "warning", "event": "warning", "message": "...", "pid": 7}``

Events carry their own fields: ``serving`` (transport, where), ``ratelimit_pause`` (reason, seconds,
redis), ``cache_fallback`` (redis, error). stdout is never touched (it carries data, or the stdio
protocol). Table-mode notes of CLI commands stay plain text (they are for a person at a terminal).

Every line, JSON or plain, passes through :func:`redact_text`: a URL's password (or a userinfo that is
a bare token) becomes ``***``, and so does the value of a query parameter whose name says it is a secret
(``token``, ``key``, ``password``, ``secret``, ``sig``...) and a keyword DSN's ``password=``. The mirror, Redis and PostgreSQL URLs may
carry credentials, and httpx, the SDK and uvicorn log URLs. Third-party client loggers (httpx, httpcore,
psycopg, redis) are kept at WARNING: a line per HTTP request is not a deployment's log.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from collections import deque
from typing import Any

from . import config
from .patterns import lazy

ENV = "EDGAR_LOG_FORMAT"
QUIET_LOGGERS = ("httpx", "httpcore", "psycopg", "psycopg.pool", "redis")

# scheme://userinfo@ : userinfo holds no '/', '?', '#' or whitespace, and runs to the authority's last '@'
# (a password may hold an '@', as urlsplit reads it)
_USERINFO = lazy(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?P<user>[^/?#\s\"'<>]*)@")
# ?name=value / &name=value where the name says it is a secret (X-Amz-Signature, api_key, access_token, pwd...)
_SECRET_QUERY = lazy(
    r"(?P<name>[?&;][^=&;#\s\"'<>]*(?:token|key|secret|passw|pwd|sig|auth|credential|session)"
    r"[^=&;#\s\"'<>]*=)[^&;#\s\"'<>]*",
    re.IGNORECASE,
)
# a keyword DSN's secret (libpq: ``host=db user=edgar password=... sslpassword='a b'``), quoted or bare
_SECRET_KEYWORD = lazy(
    r"(?P<name>(?<![^\s,;(])[A-Za-z_]*(?:passw(?:or)?d|pwd|secret|token)\s*=\s*)"
    r"(?:'(?:[^'\\]|\\.)*'?|\"(?:[^\"\\]|\\.)*\"?|[^\s'\",;)]+)",
    re.IGNORECASE,
)


def _userinfo(m: re.Match) -> str:
    user, sep, _password = m.group("user").partition(":")
    return m.group("scheme") + (f"{user}:***@" if sep else "***@")


def redact_secret_values(text: str) -> str:
    """``text`` with the values of secret-named query parameters (``?token=``, ``&api_key=``, ``sig``...) and
    of keyword-DSN secrets (``password=...``, quoted or bare) replaced by ``***``; userinfo is left as it is."""
    if "=" in text:
        text = _SECRET_QUERY.sub(lambda m: m.group("name") + "***", text)
        text = _SECRET_KEYWORD.sub(lambda m: m.group("name") + "***", text)
    return text


def redact_text(text: str) -> str:
    """``text`` with every URL's password (or bare-token userinfo), secret query values and keyword-DSN
    passwords replaced by ``***``."""
    if "@" in text:
        text = _USERINFO.sub(_userinfo, text)
    return redact_secret_values(text)


# C0 controls but tab and newline, DEL, C1 controls, the bidirectional marks and overrides that reorder what is
# shown (U+061C, the Arabic letter mark, among them), and the Unicode line and paragraph separators
_UNSAFE = lazy("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _visible(m: re.Match) -> str:
    code = ord(m.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ESC shows as ␛
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def terminal_safe(text: str) -> str:
    """``text`` with control characters (ESC, CR, BEL, C1, bidi overrides) replaced by visible symbols.

    One character for one, so that offsets into the text (search marks) stay valid.
    """
    return _UNSAFE.sub(_visible, text) if text else text


def _escaped(m: re.Match) -> str:
    return f"\\u{ord(m.group()):04x}"


def terminal_json(text: str) -> str:
    """JSON text with DEL, C1 controls, bidi marks/overrides/isolates and U+2028/U+2029 written as ``\\uXXXX``
    escapes.

    The same JSON value (they only ever occur inside strings, where the escape means the character), but a
    terminal shows the escape instead of obeying it. C0 controls never occur raw in JSON but as tab and
    newline between tokens, which are kept.
    """
    return _UNSAFE.sub(_escaped, text) if text else text


def redact_url(url: str) -> str:
    """The URL with its password and the values of secret-named query parameters (``password``, ``token``,
    ``key``, ``secret``, ``sig``...) replaced by ``***`` (for messages, metadata and ``config show``; a mirror,
    Redis or PostgreSQL URL). A keyword DSN (``host=db password=...``) has its password replaced the same way."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
        if parts.password is None:
            return redact_secret_values(url)
        netloc = f"{parts.username or ''}:***@{parts.hostname or ''}" + (f":{parts.port}" if parts.port else "")
    except ValueError:
        return "(an unparsable URL)"
    return redact_secret_values(urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment)))


def safe_line(text: str) -> str:
    """``text`` as one line a terminal or a log shows but never obeys: redacted (:func:`redact_text`), control
    characters, bidi marks and line separators as visible symbols (:func:`terminal_safe`), and line breaks
    as ``␊``, so that text from upstream (a companyfacts key in a refusal) cannot forge a line of its own."""
    return terminal_safe(redact_text(text)).replace("\n", "\u240a")


def _redacted(value: Any) -> Any:
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: _redacted(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_redacted(v) for v in value]
    return value


def json_logs() -> bool:
    return (config.log_format() or "").strip().lower() == "json"


def _stamp(t: float | None = None) -> str:
    t = time.time() if t is None else t
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def _line(record: dict[str, Any]) -> str:
    """One JSON log line, every string in it passed through :func:`redact_text`; C1 controls, bidi marks and
    U+2028/U+2029 written as ``\\uXXXX`` escapes (:func:`terminal_json`: the same value, shown, not obeyed)."""
    record = _redacted(
        {
            k: (v if isinstance(v, (str, int, float, bool, type(None), dict, list, tuple)) else str(v))
            for k, v in record.items()
        }
    )
    return terminal_json(
        json.dumps(record, default=lambda v: redact_text(str(v)), ensure_ascii=False, separators=(",", ":"))
    )


def log_event(event: str, level: str = "info", **fields: Any) -> None:
    """One JSON line on stderr for a deployment's log pipeline (only with EDGAR_LOG_FORMAT=json)."""
    if json_logs():
        sys.stderr.write(_line({"ts": _stamp(), "level": level, "event": event, "pid": os.getpid(), **fields}) + "\n")
        sys.stderr.flush()


_WARNED: deque[str] = deque(maxlen=64)  # the latest warnings this process said, for :func:`already_warned`


def already_warned(message: str) -> bool:
    """Whether :func:`warning` said ``message`` already in this process (alone, or as the end of it after a
    company's name: "NVIDIA CORP: <message>"): a result's warnings that the client said as it happened are not
    said again."""
    return any(message == m or message.endswith(f": {m}") for m in _WARNED)


def warning(message: str) -> None:
    """A warning on stderr: ``warning: message`` on one line (:func:`safe_line`), or a JSON line with
    EDGAR_LOG_FORMAT=json."""
    _WARNED.append(message)
    if json_logs():
        log_event("warning", "warning", message=message)
    else:
        print(f"warning: {safe_line(message)}", file=sys.stderr)


class JsonFormatter(logging.Formatter):
    """A logging record as one JSON line (uvicorn's access records keep their fields)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": _stamp(record.created),
            "level": record.levelname.lower(),
            "event": "log",
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            client, method, path, _version, status = record.args
            out.update(event="http_request", client=client, method=method, path=path, status=status)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return _line(out)


class RedactFilter(logging.Filter):
    """Passes every record, its message and arguments through :func:`redact_text` and :func:`terminal_safe`
    (numbers are kept, so that ``%d`` still formats; other objects, such as httpx's URL, become redacted text)."""

    def filter(self, record: logging.LogRecord) -> bool:
        def shown(text: str) -> str:  # redacted, and control characters (from a client, say) shown, not obeyed
            return terminal_safe(redact_text(text))

        if isinstance(record.msg, str):
            record.msg = shown(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                a if isinstance(a, (int, float, bool, type(None))) else shown(str(a)) for a in record.args
            )
        elif isinstance(record.args, dict):
            record.args = {
                k: a if isinstance(a, (int, float, bool, type(None))) else shown(str(a)) for k, a in record.args.items()
            }
        return True


def redact_logs() -> None:
    """Put a :class:`RedactFilter` on the root logger's handlers, on logging's last-resort handler and on the
    handlers uvicorn configures when its server starts (plain logs as well as JSON ones)."""
    handlers = [*logging.getLogger().handlers, logging.lastResort]
    for handler in handlers:
        if handler is not None and not any(isinstance(f, RedactFilter) for f in handler.filters):
            handler.addFilter(RedactFilter())
    try:
        import uvicorn.config as uc
    except ImportError:
        return
    uc.LOGGING_CONFIG.setdefault("filters", {})["redact"] = {"()": "edgar_cli.logs.RedactFilter"}
    for handler in uc.LOGGING_CONFIG.get("handlers", {}).values():
        if "redact" not in handler.setdefault("filters", []):
            handler["filters"].append("redact")


def configure() -> None:
    """With EDGAR_LOG_FORMAT=json: JSON lines for the root logger and for uvicorn's loggers."""
    if not json_logs():
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET or logger.level < logging.WARNING:
            logger.setLevel(logging.WARNING)
    try:  # uvicorn configures its loggers from this dict when the HTTP server starts
        import uvicorn.config as uc
    except ImportError:
        return
    for name in ("default", "access"):
        uc.LOGGING_CONFIG["formatters"][name] = {"()": "edgar_cli.logs.JsonFormatter"}

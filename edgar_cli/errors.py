"""One error type for the whole package, with stable codes and exit codes.

Domain code raises :class:`EdgarError`. The CLI prints it as
``{"error": {"code", "message", "suggestion", ...}}`` and exits with the code's
exit status; the MCP server returns the same dictionary as an ``isError`` result.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from enum import IntEnum
from typing import Any


class ExitStatus(IntEnum):
    """Process exit codes, one per error class (documented in docs/formats.md)."""

    OK = 0
    INTERNAL_ERROR = 1
    INVALID_ARGUMENT = 2  # also what Typer/Click use for usage errors
    NOT_FOUND = 3
    AMBIGUOUS = 4
    OUT_OF_SCOPE = 5
    USER_AGENT_REQUIRED = 6
    RATE_LIMITED = 7
    UPSTREAM_UNAVAILABLE = 8
    BLOCKED = 9
    UNGROUNDED = 10  # verify: some figure is contradicted (ungrounded or of another period)
    UNCONFIRMED = 11  # verify: none contradicted, but some figure is superseded, ambiguous or unchecked
    NO_FIGURES = 12  # verify: the answer states no figure to check
    NETWORK_UNAVAILABLE = 13
    BUSY = 14
    ADDRESS_UNAVAILABLE = 15  # serve-mcp cannot listen on the address it was given
    PARTIAL = 16  # a result that lacks part of what was asked for (compare: a company; the result says why)
    NOT_COMPARABLE = 17  # compare: the figures do not line up (comparable false); stdout still carries them


ERROR_CODES: dict[str, ExitStatus] = {
    "invalid_argument": ExitStatus.INVALID_ARGUMENT,
    "not_found": ExitStatus.NOT_FOUND,
    "ambiguous": ExitStatus.AMBIGUOUS,
    "out_of_scope": ExitStatus.OUT_OF_SCOPE,
    "user_agent_required": ExitStatus.USER_AGENT_REQUIRED,
    "rate_limited": ExitStatus.RATE_LIMITED,
    "upstream_unavailable": ExitStatus.UPSTREAM_UNAVAILABLE,
    "blocked": ExitStatus.BLOCKED,
    "network_unavailable": ExitStatus.NETWORK_UNAVAILABLE,
    "internal_error": ExitStatus.INTERNAL_ERROR,
    "busy": ExitStatus.BUSY,  # another process holds a lock (a bulk sync): try again later
    "address_unavailable": ExitStatus.ADDRESS_UNAVAILABLE,
}
# Codes of failures that pass: a result missing a part for one of these is partial, not final.
TRANSIENT_CODES = frozenset({"rate_limited", "upstream_unavailable"})


def verdict_exit_status(verdict: str) -> ExitStatus:
    """The exit status of a verify_answer verdict (AnswerVerification.verdict)."""
    if verdict == "grounded":
        return ExitStatus.OK
    if verdict == "ungrounded":
        return ExitStatus.UNGROUNDED
    if verdict == "no_figures":
        return ExitStatus.NO_FIGURES
    return ExitStatus.UNCONFIRMED


class EdgarError(Exception):
    """A failure the caller can act on.

    ``code`` is one of :data:`ERROR_CODES`; ``message`` says what went wrong in
    plain words; ``suggestion`` says what to do next, written so that a model
    can act on it. Extra keyword arguments (``candidates``, ``url``, ...) are
    carried into the serialized error unchanged and must be JSON-serializable.
    """

    def __init__(self, code: str, message: str, suggestion: str = "", **extras: Any) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.suggestion = suggestion
        self.extras = extras

    @property
    def exit_status(self) -> ExitStatus:
        return ERROR_CODES[self.code]

    def to_dict(self) -> dict[str, Any]:
        """``{"error": {"code", "message", "suggestion", **extras}}``."""
        body: dict[str, Any] = {"code": self.code, "message": self.message, "suggestion": self.suggestion}
        for key, value in self.extras.items():
            body[key] = _jsonable(value)
        return {"error": body}

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"EdgarError({self.code!r}, {self.message!r})"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during long work, with how far it got (``"indexed 3 of 5 filings; ..."``): the CLI prints
    ``done`` on stderr and exits 130; what was finished before the interrupt is kept."""

    def __init__(self, done: str):
        super().__init__(done)
        self.done = done


def _jsonable(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):  # the engine's records
        return {name: _record_value(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _record_value(value: Any) -> Any:
    """A record's field as ``model_dump(mode="json")`` writes it: dates as ISO text, a UTC datetime with Z."""
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        return {name: _record_value(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, list):
        return [_record_value(v) for v in value]
    if isinstance(value, datetime):
        text = value.isoformat()
        return text.removesuffix("+00:00") + "Z" if value.utcoffset() == timedelta(0) else text
    if isinstance(value, date):
        return value.isoformat()
    return value


def invalid(message: str, suggestion: str = "", **extras: Any) -> EdgarError:
    """Shorthand for an ``invalid_argument`` error."""
    return EdgarError("invalid_argument", message, suggestion, **extras)

"""The run of one CLI command, as the SEC client sees it: within it, a fetch that failed after its retries is not
asked again for the same URL, and its failure is warned once (one command reads a company's submissions for the
freshness check of its facts and again for their coverage; each reading would run the whole cycle of retries and
say the same failure again). Outside a command (the MCP server, a library caller) nothing is remembered: each
call asks again. Set up by the CLI entry (cli/entry.py); imports nothing, so the entry stays cheap."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_lock = threading.Lock()
_failed: dict[str, Any] | None = None  # url -> the error of its failed fetch, within a command; None outside one
_said: set[str] = set()  # urls whose failure was warned about within the command


@contextmanager
def command_scope() -> Iterator[None]:
    """The run of one command: failures remembered from here to its end, then forgotten."""
    global _failed
    with _lock:
        outer = _failed
        if outer is None:
            _failed = {}
            _said.clear()
    try:
        yield
    finally:
        if outer is None:
            with _lock:
                _failed = None
                _said.clear()


def failed(url: str) -> Any | None:
    """The error of ``url``'s fetch that failed earlier in this command, else None (always None outside one)."""
    with _lock:
        return None if _failed is None else _failed.get(url)


def remember_failure(url: str, error: Any) -> None:
    with _lock:
        if _failed is not None:
            _failed[url] = error


def forget_failure(url: str) -> None:
    with _lock:
        if _failed is not None:
            _failed.pop(url, None)


def first_said(url: str) -> bool:
    """True the first time a failure of ``url`` is to be warned about in this command (always True outside one)."""
    with _lock:
        if _failed is None:
            return True
        if url in _said:
            return False
        _said.add(url)
        return True


def leave() -> None:
    """End the command's scope for the rest of the process: ``edgar serve-mcp`` answers many calls, each of which
    asks again (a failure is never remembered across MCP calls)."""
    global _failed
    with _lock:
        _failed = None
        _said.clear()

"""The call in progress: progress reports and cancellation between SEC requests.

A surface that runs a capability on behalf of someone who can go away (an MCP
client that cancels a call or disconnects) wraps the call in :func:`watching`
with a :class:`CallControl`. The SEC client calls :func:`checkpoint` before
every request and :func:`report` when it waits to retry, so a cancelled call
stops fetching at the next request (nothing it fetched so far is lost: what was
validated is cached as usual) and a long call tells its caller what it waits
for. Without a control (the CLI, Python callers) both are no-ops.

The control is a context variable: worker threads started through
``anyio.to_thread`` inherit it, and code that fans out to its own thread pool
submits with ``contextvars.copy_context().run`` (compare does).
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


class CallCancelled(Exception):
    """The caller of the capability went away; the call stops without an answer (nobody reads it)."""


@dataclass
class CallControl:
    """Set ``cancelled`` to stop the call at its next SEC request; ``on_progress`` gets one line per event."""

    on_progress: Callable[[str], None] | None = None
    cancelled: threading.Event = field(default_factory=threading.Event)
    requests: int = 0

    def cancel(self) -> None:
        self.cancelled.set()


_current: contextvars.ContextVar[CallControl | None] = contextvars.ContextVar("edgar_call", default=None)


@contextmanager
def watching(control: CallControl) -> Iterator[CallControl]:
    token = _current.set(control)
    try:
        yield control
    finally:
        _current.reset(token)


def checkpoint(url: str) -> None:
    """Before an SEC request: stop if the call was cancelled, else count it and report it."""
    control = _current.get()
    if control is None:
        return
    if control.cancelled.is_set():
        raise CallCancelled(url)
    control.requests += 1
    if control.on_progress is not None:
        control.on_progress(f"fetching {url}")


def report(message: str) -> None:
    """A progress line (a retry wait, ...) for the caller, when one is listening."""
    control = _current.get()
    if control is not None and control.on_progress is not None:
        control.on_progress(message)

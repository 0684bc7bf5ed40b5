"""The bytes of one SEC answer, bounded in size and in time.

Sizes. Every kind of answer has a cap (:data:`BODY_LIMITS`), applied to the
bytes on the wire and again to the bytes after gzip/deflate decoding, so a
1 MB gzip bomb, an endless chunked body or a declared 2 GiB Content-Length all
stop at the cap. The decoded body is written to a spooled temporary file
(in memory up to :data:`SPOOL_BYTES`, then on disk), so a body that fails at
the cap never sat in memory whole. The caps, with the largest real answer of
each kind (the corpus' MANIFEST.tsv; edgartools' own test data skips files
of 4 MiB and more, so larger real ones exist):

==============  ===========  ===============================================
kind            cap          largest in the corpus
==============  ===========  ===============================================
tickers         16 MiB       0.78 MB (company_tickers.json, 10,000+ rows)
submissions     32 MiB       0.22 MB (Fannie Mae, 1,000 recent filings)
companyfacts    96 MiB       4.0 MB (NVIDIA); the bulk store takes entries up to 96 MiB
efts            8 MiB        0.06 MB (one page of 100 hits)
archive         128 MiB      3.9 MB (an XBRL instance; 10-Ks run to tens of MB)
==============  ===========  ===============================================

Time. :class:`DeadlineBackend` wraps httpcore's socket streams so that every
read, write and connect waits at most until the request's wall-clock deadline
(:func:`attempt_deadline`), not a fresh per-read timeout each time: a server
trickling one byte, or one header, every few seconds cannot hold a request
past it. :func:`command_deadline` bounds a whole command (a CLI run, an MCP
tool call: every request it makes, every retry wait and rate-limit wait) the
same way, by ``EDGAR_COMMAND_TIMEOUT`` seconds (default 60): a request of a
command ends by the earlier of its own deadline and the command's.
"""

from __future__ import annotations

import contextvars
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .. import config

MiB = 1024 * 1024
BODY_LIMITS: dict[str, int] = {
    "tickers": 16 * MiB,
    "submissions": 32 * MiB,
    "companyfacts": 96 * MiB,  # the bulk store's cap for one companyfacts entry too (bulk/build.py)
    "efts": 8 * MiB,
    "archive": 128 * MiB,
}
DEFAULT_LIMIT = 32 * MiB
SPOOL_BYTES = 16 * MiB
READ_CHUNK = 64 * 1024

# One logical GET (every attempt and the waits between them) ends by this many seconds.
REQUEST_DEADLINE = 45.0
# One command (a CLI run, an MCP tool call) ends its SEC requests by this many seconds, unless
# EDGAR_COMMAND_TIMEOUT says otherwise (config.command_timeout).
COMMAND_DEADLINE = 60.0


class BodyError(Exception):
    """A body that cannot be used. ``retry``: a damaged or cut transfer worth another try;
    otherwise (over a cap, past a deadline) another try would only repeat the cost."""

    def __init__(self, message: str, *, retry: bool, late: bool = False):
        super().__init__(message)
        self.retry = retry
        self.late = late  # past the request's or the command's deadline


# --- deadlines --------------------------------------------------------------------------

# (monotonic deadline, the command's seconds) of the command in progress in this context
_command_deadline: contextvars.ContextVar[tuple[float, float] | None] = contextvars.ContextVar(
    "edgar_command_deadline", default=None
)
_attempt = threading.local()


def command_seconds() -> float:
    """The seconds of the command in progress, else those a command gets (``EDGAR_COMMAND_TIMEOUT``).

    Raises ``invalid_argument`` (EdgarError) for an ``EDGAR_COMMAND_TIMEOUT`` that is not a number of seconds."""
    current = _command_deadline.get()
    return current[1] if current is not None else _configured_seconds()


@contextmanager
def command_deadline(seconds: float | None = None, *, within: bool = False) -> Iterator[None]:
    """Every SEC request made inside (in this context; threads started with a copy of it too), with
    its retries and rate-limit waits, ends by ``seconds`` from now (default: ``EDGAR_COMMAND_TIMEOUT``,
    else :data:`COMMAND_DEADLINE`). ``within``: a part of a call (one filing of a batch) that ends by the
    earlier of its own deadline and the enclosing one, never later than the call's. Raises
    ``invalid_argument`` for a malformed ``EDGAR_COMMAND_TIMEOUT``."""
    if seconds is None:
        seconds = _configured_seconds()
    deadline = time.monotonic() + seconds
    outer = _command_deadline.get()
    if within and outer is not None and outer[0] < deadline:
        deadline, seconds = outer  # the call's deadline binds: messages name its seconds
    token = _command_deadline.set((deadline, seconds))
    try:
        yield
    finally:
        _command_deadline.reset(token)


def _configured_seconds() -> float:
    """``EDGAR_COMMAND_TIMEOUT`` when set, else :data:`COMMAND_DEADLINE` (a module value tests may shorten)."""
    from ..config import command_timeout

    return command_timeout() if config.command_timeout_set() else COMMAND_DEADLINE


def within_command_deadline(fn: Any, /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` as one command: its SEC requests end by the command's deadline."""
    with command_deadline():
        return fn(*args, **kwargs)


def request_deadline(seconds: float | None = None) -> float:
    """The monotonic time by which a logical request started now must end: its own budget or the command's."""
    own = time.monotonic() + (REQUEST_DEADLINE if seconds is None else seconds)
    command = _command_deadline.get()
    return own if command is None else min(own, command[0])


def deadline_name(deadline: float | None = None, budget: float | None = None) -> str:
    """Which deadline ``deadline`` is, in words: the command's (naming EDGAR_COMMAND_TIMEOUT) when the
    command's is the one that binds (or, without ``deadline``, has passed), else the request's own."""
    command = _command_deadline.get()
    if command is not None and (
        time.monotonic() >= command[0] - 0.05 if deadline is None else deadline >= command[0] - 0.001
    ):
        return f"this command's {command[1]:g} s deadline (EDGAR_COMMAND_TIMEOUT)"
    return "the request's deadline" if budget is None else f"the request's {budget:.0f} s deadline"


def deadline_passed(budget: float | None, *, waiting: str = "") -> str:
    """Words for a request that ran out of time (see :func:`deadline_name`)."""
    return f"{deadline_name(None, budget)} passed " + (
        f"while waiting {waiting}" if waiting else "without a usable answer"
    )


@contextmanager
def attempt_deadline(deadline: float) -> Iterator[None]:
    """Socket waits on this thread end by ``deadline`` (a time.monotonic() value)."""
    previous = getattr(_attempt, "deadline", None)
    _attempt.deadline = deadline
    try:
        yield
    finally:
        _attempt.deadline = previous


def move_deadline(deadline: float) -> None:
    """Inside :func:`attempt_deadline`: socket waits on this thread now end by ``deadline`` instead
    (a long download moves it forward as long as bytes keep arriving at a useful rate)."""
    _attempt.deadline = deadline


def remaining() -> float | None:
    deadline = getattr(_attempt, "deadline", None)
    return None if deadline is None else deadline - time.monotonic()


def _clamp(timeout: float | None, exc_type: type[Exception]) -> float | None:
    left = remaining()
    if left is None:
        return timeout
    if left <= 0:
        raise exc_type("the request's deadline passed")
    return left if timeout is None else min(timeout, left)


def deadline_transport(*, plain_http: bool = False) -> Any:
    """An httpx transport whose socket waits end at the thread's attempt deadline.

    ``plain_http``: every request goes to an ``http://`` mirror (EDGAR_MIRROR), so no TLS is ever made; the
    transport gets a client TLS context that trusts no certificate authority instead of one loading the CA
    bundle (a few tens of milliseconds of a first lookup). Should a TLS connection ever be attempted through
    it, its certificate cannot be verified and the connection fails: never a connection without verification.
    """
    import httpx

    if plain_http:
        import ssl

        transport = httpx.HTTPTransport(verify=ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT))
    else:
        transport = httpx.HTTPTransport()
    pool = getattr(transport, "_pool", None)
    # httpx 0.28 takes no network backend argument; its pool keeps the one it uses here.
    # tests/test_hostile_upstream.py (trickling server) fails if this ever stops working.
    if pool is not None and hasattr(pool, "_network_backend"):
        pool._network_backend = DeadlineBackend()
    return transport


def _httpcore():
    import httpcore

    return httpcore


class _DeadlineStream:
    """An httpcore network stream whose every wait is clamped to the attempt deadline."""

    def __init__(self, inner: Any):
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _clamp(timeout, _httpcore().ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _clamp(timeout, _httpcore().WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None):
        return _DeadlineStream(
            self._inner.start_tls(ssl_context, server_hostname, _clamp(timeout, _httpcore().ConnectTimeout))
        )

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class DeadlineBackend:
    """httpcore's SyncBackend, with connects and socket waits ending at the attempt deadline."""

    def __init__(self) -> None:
        self._inner = _httpcore().SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> _DeadlineStream:
        return _DeadlineStream(
            self._inner.connect_tcp(
                host, port, _clamp(timeout, _httpcore().ConnectTimeout), local_address, socket_options
            )
        )

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options: Any = None):
        return _DeadlineStream(
            self._inner.connect_unix_socket(path, _clamp(timeout, _httpcore().ConnectTimeout), socket_options)
        )

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


# --- reading a body ---------------------------------------------------------------------


def limit_for(kind: str) -> int:
    return BODY_LIMITS.get(kind, DEFAULT_LIMIT)


def _mb(n: int) -> str:
    return f"{n / MiB:.0f} MB" if n >= MiB else f"{n:,} bytes"


def too_large(kind: str, what: str) -> BodyError:
    return BodyError(
        f"{what}, over the {_mb(limit_for(kind))} edgar accepts for {kind}; it was not read further", retry=False
    )


class Decoder:
    """gzip/deflate/identity, decoded piece by piece; never more than ``READ_CHUNK`` out per step.

    httpx's own decoder returns whatever a truncated gzip stream decodes to without complaint,
    so a cut compressed body would pass for a whole one: :meth:`finish` checks the stream's end.
    """

    def __init__(self, encoding: str | None):
        enc = (encoding or "").strip().lower()
        if enc in ("", "identity"):
            enc = ""
        elif enc not in ("gzip", "x-gzip", "deflate"):
            raise BodyError(f"a body in an unsupported encoding ({enc})", retry=True)
        self.enc = enc
        self._d: Any = None
        self._ended = False  # the last gzip member ended; only padding may follow

    def _new(self, first: bytes) -> Any:
        if self.enc == "deflate":
            return zlib.decompressobj() if first[:1] == b"\x78" else zlib.decompressobj(-zlib.MAX_WBITS)
        return zlib.decompressobj(zlib.MAX_WBITS | 16)

    def feed(self, data: bytes) -> Iterator[bytes]:
        if not self.enc:
            if data:
                yield data
            return
        try:
            while data:
                if self._ended:
                    if data.strip(b"\x00"):
                        if self.enc == "deflate":
                            raise BodyError("a deflate body with bytes after its stream", retry=True)
                        self._ended = False  # another gzip member
                    else:
                        return
                if self._d is None:
                    self._d = self._new(data)
                out = self._d.decompress(data, READ_CHUNK)
                if out:
                    yield out
                while self._d.unconsumed_tail:
                    out = self._d.decompress(self._d.unconsumed_tail, READ_CHUNK)
                    if out:
                        yield out
                if self._d.eof:
                    data = self._d.unused_data
                    self._d = None
                    self._ended = True
                else:
                    data = b""
        except zlib.error as exc:
            raise BodyError(f"a damaged {self.enc} body ({exc})", retry=True) from None

    def finish(self) -> Iterator[bytes]:
        if not self.enc:
            return
        if self._d is not None:
            try:
                out = self._d.flush()
            except zlib.error as exc:
                raise BodyError(f"a damaged {self.enc} body ({exc})", retry=True) from None
            if out:
                yield out
            if not self._d.eof:
                raise BodyError(f"a {self.enc} body that ends before its stream does (truncated)", retry=True)
        elif not self._ended:
            raise BodyError(f"an empty {self.enc} body", retry=True)


def read_body(
    chunks: Iterator[bytes], *, kind: str, encoding: str | None, declared: str | None, deadline: float | None
) -> bytes:
    """The decoded body from the raw ``chunks`` of one response, within the kind's cap and the deadline.

    ``declared`` is the Content-Length header: over the cap fails before a byte is read, and a
    body shorter or longer than it is a damaged transfer.
    """
    from tempfile import SpooledTemporaryFile  # only when something is fetched: a warm run need not import tempfile

    limit = limit_for(kind)
    expected = int(declared) if declared and declared.strip().isdigit() else None
    if expected is not None and expected > limit:
        raise too_large(kind, f"a declared Content-Length of {_mb(expected)}")
    decoder = Decoder(encoding)
    raw = out = 0
    with SpooledTemporaryFile(max_size=SPOOL_BYTES) as spool:
        for chunk in chunks:
            raw += len(chunk)
            if raw > limit:
                raise too_large(kind, f"a body of more than {_mb(limit)} on the wire")
            if deadline is not None and time.monotonic() > deadline:
                raise BodyError(
                    deadline_passed(None, waiting=f"for the rest of the body ({raw:,} bytes so far)"),
                    retry=False,
                    late=True,
                )
            for piece in decoder.feed(chunk):
                out += len(piece)
                if out > limit:
                    raise too_large(kind, f"a body that decodes to more than {_mb(limit)}")
                spool.write(piece)
        for piece in decoder.finish():
            out += len(piece)
            if out > limit:
                raise too_large(kind, f"a body that decodes to more than {_mb(limit)}")
            spool.write(piece)
        if expected is not None and raw != expected:
            raise BodyError(f"truncated body ({raw} of {expected} bytes)", retry=True)
        spool.seek(0)
        return spool.read()

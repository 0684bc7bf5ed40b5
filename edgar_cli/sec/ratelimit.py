"""The SEC's 10 requests per second, shared by every edgar process of this user on this host.

The SEC counts requests per IP address, so the limit must hold across
processes, whatever cache directory each uses. The shared bucket lives in a
location that does not depend on the cache being writable, the first of
these that works:

1. ``EDGAR_RATELIMIT_DIR``, when set;
2. ``$XDG_RUNTIME_DIR/edgar-cli`` (the per-user runtime directory on Linux);
3. ``<tmp>/edgar-cli-<uid>`` (created mode 0700 and used only when owned by
   this user: another user's directory there is never trusted).

Processes of different users on one host do not share it (one user cannot
make another's requests wait); point them at one ``EDGAR_RATELIMIT_DIR`` if
they run together. When no location works, or the bucket breaks mid-run
(a full disk), the process keeps to :data:`PRIVATE_SHARE` requests per second,
a share that lets five such processes stay within 10, and says so on stderr.

The bucket is pyrate-limiter's SQLite bucket behind a file lock (filelock);
each grant is a non-blocking put under both locks, so check-and-record is
atomic across processes and every recorded timestamp is the real time of the
request (pyrate-limiter's own blocking wait advances an item's timestamp by
the planned sleep, so a process delayed by another's lock would be recorded
early and a one-second window could admit 11). Old entries are cleared under the
same locks (no background thread: a leaker thread failing on a full disk
would print a traceback on every command).

A slot is granted before the request is sent, and the server sees it later by
a delay that varies (a process descheduled on a busy machine can wait ~0.4 s),
so each request's entry is moved to the time its response headers arrive
(:meth:`RateLimiter.done`), and the window is 1.2 s: an earlier arrival can
then never share a server-side second with ten later grants.

A grant is stamped with the wall clock, so no entry is ever later than now
(give or take :data:`FUTURE_TOLERANCE_MS`). Entries further ahead (the wall
clock stepped back, a hand edit) would make every process wait until then, a
wait longer than the window, which the limit never needs: such entries are
moved back to now, with a warning, and count for one window as requests just
made. No wait outlasts the caller's deadline either (:meth:`RateLimiter.acquire`), whether for a slot or for
the bucket's file lock (held elsewhere by a stuck process or a hand-run ``flock``).

``EDGAR_RATE_SHARE`` (config.rate_share) is this host's part of the SEC's
10/s when several hosts share one outgoing address without Redis: every process
of the host then keeps to that many requests per window together
(:func:`host_rate`).
"""

from __future__ import annotations

import itertools
import os
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from filelock import BaseFileLock

from .. import config

RATE_PER_SECOND = 10
PRIVATE_SHARE = 2  # requests/second for a process that cannot share the bucket
# Grants reach the server with varying delays, so under load a window of exactly one second can let 11
# requests arrive within one second (benchmarks/reliability.py measures the peak). Ten requests per 1.2 s
# keeps every arrival window at ten.
WINDOW_MARGIN_MS = 200
LEAK_EVERY = 64  # grants between clearings of entries older than the window
DB_NAME = "ratelimit.sqlite"
# Entries stamped more than this many ms after now come from a clock that stepped back (or a hand edit).
FUTURE_TOLERANCE_MS = 200


# The longest wait for the bucket's file lock without a caller's deadline: a grant holds it for milliseconds, so
# a lock held this long is held by something stuck (or a hand-run flock), and waiting on would wait with it.
LOCK_WAIT_SECONDS = 60.0


class LimiterDeadline(Exception):
    """The caller's deadline came before a slot: nothing was granted."""


def _lock_wait(deadline: float | None) -> float:
    """Seconds to wait for a lock: what is left before ``deadline`` (a time.monotonic() value), at least 0."""
    if deadline is None:
        return LOCK_WAIT_SECONDS
    return max(0.0, deadline - time.monotonic())


def host_rate() -> int:
    """Requests/second for this host's bucket: ``EDGAR_RATE_SHARE`` when set (1-10), else the SEC's 10.

    Raises ``invalid_argument`` (EdgarError) for a share that is not a whole number from 1 to 10."""
    from ..config import rate_share

    share = rate_share()
    return RATE_PER_SECOND if share is None else share


def shared_locations() -> list[tuple[Path, bool]]:
    """Where the shared bucket may live, in order of preference: (directory, must be this user's own)."""
    import tempfile

    explicit = config.ratelimit_dir()
    if explicit:
        return [(Path(explicit), False)]  # chosen by the user: may be shared with a group on purpose
    out = []
    runtime = config.runtime_dir()
    if runtime:
        out.append((Path(runtime) / "edgar-cli", True))
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    out.append((Path(tempfile.gettempdir()) / f"edgar-cli-{user}", True))
    return out


def _private_dir(path: Path) -> None:
    """Create ``path`` for this user only; refuse a directory someone else owns or a symlink."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise OSError(f"{path} is not a plain directory")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise OSError(f"{path} belongs to another user")


def _stderr_warn(message: str) -> None:
    from ..logs import warning

    warning(message)  # one safe line, or a JSON line with EDGAR_LOG_FORMAT=json


class RateLimiter:
    """10 requests/second shared across threads and processes through one bucket directory."""

    def __init__(
        self,
        directory: Path | None,
        rate: int = RATE_PER_SECOND,
        warn: Callable[[str], None] | None = None,
        *,
        strict: bool = False,
        fallback_note: str = "",
    ):
        self._warn = warn or _stderr_warn
        self._rate = rate
        self._count = itertools.count()
        self._thread_lock = threading.Lock()
        self._file_lock: BaseFileLock | None = None
        self._shared: Any = None  # pyrate_limiter's SQLiteBucket, when shared across processes (set with _file_lock)
        self.location: Path | None = None
        self._limiter: Any = None  # a pyrate_limiter.Limiter, once _open_shared() or _private() ran
        if directory is None:
            self._private("no shared rate-limit location is usable" + fallback_note)
            return
        from filelock import Timeout

        try:
            self._open_shared(Path(directory))
        except Timeout:  # the bucket's lock is held elsewhere past this request's deadline: a wait, not a fault
            raise LimiterDeadline(
                f"no rate-limit slot before the deadline (the bucket's lock at {directory} "
                "stayed held by another process)"
            ) from None
        except Exception as exc:  # sqlite3.Error, OSError, filelock errors
            if strict:
                raise OSError(str(exc)) from None
            self._private(f"the shared rate limiter at {directory} is unusable ({exc})")

    @classmethod
    def shared(cls, warn: Callable[[str], None] | None = None, rate: int = RATE_PER_SECOND) -> RateLimiter:
        """The host-wide bucket at the first usable :func:`shared_locations`, else a private share.

        Raises :class:`LimiterDeadline` when the bucket's lock stays held by another process past the
        request's (or the command's) deadline: a wait, not an unusable location.

        ``rate`` below 10 is a host's share of a budget counted elsewhere (sec/redis_shared.py's
        fallback while Redis is down): the grants of every process on the host count against it."""
        tried = []
        for place, own in shared_locations():
            try:
                if own:
                    _private_dir(place)
                return cls(place, rate=rate, warn=warn, strict=True)
            except OSError as exc:
                tried.append(f"{place}: {exc}")
        return cls(None, rate=rate, warn=warn, fallback_note=f" (tried {'; '.join(tried)})")

    def _rates(self, rate: int):
        from pyrate_limiter import Duration, Rate

        return [Rate(rate, int(Duration.SECOND) + WINDOW_MARGIN_MS)]

    def _open_shared(self, directory: Path) -> None:
        from filelock import FileLock
        from pyrate_limiter import Limiter, SingleBucketFactory, SQLiteBucket

        from .transport import request_deadline

        directory.mkdir(parents=True, exist_ok=True)
        db = directory / DB_NAME
        lock = FileLock(str(db) + ".lock", thread_local=False)
        with lock.acquire(timeout=_lock_wait(request_deadline())):  # the command's deadline, at most
            bucket = SQLiteBucket.init_from_file(self._rates(self._rate), table="sec_requests", db_path=str(db))
            # The file lock already serializes writers; an fsync per request would delay the
            # caller *after* its timestamp was taken, so requests would reach the server bunched
            # (more than 10 in one second).
            bucket.conn.execute("PRAGMA synchronous=OFF")
        self._file_lock = lock
        self._shared = bucket
        self.location = directory
        self._limiter = Limiter(SingleBucketFactory(bucket, schedule_leak=False), buffer_ms=0)

    def _private(self, why: str) -> None:
        from pyrate_limiter import InMemoryBucket, Limiter, SingleBucketFactory

        self._file_lock = None
        self._shared = None
        self.location = None
        self._limiter = Limiter(
            SingleBucketFactory(InMemoryBucket(self._rates(min(self._rate, PRIVATE_SHARE))), schedule_leak=False),
            buffer_ms=0,
        )
        self._warn(
            f"{why}; this process keeps to {PRIVATE_SHARE} requests/s (a share that lets five edgar "
            f"processes stay within the SEC's {RATE_PER_SECOND}/s). Set EDGAR_RATELIMIT_DIR to a "
            "writable directory every edgar process on this host can use."
        )

    @property
    def is_shared(self) -> bool:
        return self._shared is not None

    def _try(self, name: str, deadline: float | None = None) -> bool:
        """One non-blocking grant under both locks; waiting for either lock ends at ``deadline``
        (:class:`LimiterDeadline`), or after :data:`LOCK_WAIT_SECONDS` without one."""
        from filelock import Timeout

        if not self._thread_lock.acquire(timeout=_lock_wait(deadline)):
            raise LimiterDeadline("no rate-limit slot before the deadline (waiting for another thread)")
        try:
            if self._file_lock is None:
                return bool(self._limiter.try_acquire(name, blocking=False))
            try:
                with self._file_lock.acquire(timeout=_lock_wait(deadline)):
                    granted = bool(self._limiter.try_acquire(name, blocking=False))
                    if granted and next(self._count) % LEAK_EVERY == 0:
                        self._shared.leak(time.time_ns() // 1_000_000)
                    if not granted:
                        self._reset_future_entries()
                    return granted
            except Timeout:  # held elsewhere (a stuck process, a hand-run flock): a wait, not a broken bucket
                raise LimiterDeadline(
                    f"no rate-limit slot before the deadline (the bucket's lock at "
                    f"{self.location} stayed held by another process)"
                ) from None
            except Exception as exc:  # the shared bucket broke mid-run (disk full, file removed)
                self._private(f"the shared rate limiter failed ({type(exc).__name__}: {exc})")
                return bool(self._limiter.try_acquire(name, blocking=False))
        finally:
            self._thread_lock.release()

    def _reset_future_entries(self) -> None:
        """Under the file lock, after a refused grant: move entries stamped in the future back to now.

        A refused grant waits until the oldest counted entry leaves the window, at most one window
        when every entry is at most now; an entry ahead of now would stretch that wait as far as it is
        ahead (a day, after a backward step of the clock), for every process on the host."""
        with self._shared.lock:
            conn = self._shared.conn
            now = time.time_ns() // 1_000_000
            ahead = conn.execute("SELECT MAX(item_timestamp) FROM sec_requests").fetchone()[0]
            if ahead is None or ahead <= now + FUTURE_TOLERANCE_MS:
                return
            moved = conn.execute(
                "UPDATE sec_requests SET item_timestamp = ? WHERE item_timestamp > ?", (now, now)
            ).rowcount
            conn.commit()
        self._warn(
            f"the rate-limit bucket at {self.location} held {moved} request(s) stamped up to "
            f"{(ahead - now) / 1000:,.0f} s in the future (the clock stepped back?); reset them to now "
            "rather than wait for them"
        )

    def acquire(self, deadline: float | None = None) -> str:
        """Block until one more request fits in the window; returns the slot's name for :meth:`done`.

        ``deadline`` (a time.monotonic() value): raise :class:`LimiterDeadline` rather than wait past it, for a
        slot or for the bucket's file lock (without one, a lock held elsewhere is waited for at most
        :data:`LOCK_WAIT_SECONDS`)."""
        import random

        name = f"sec:{os.getpid()}:{threading.get_ident()}:{time.monotonic_ns()}:{random.random():.6f}"
        while not self._try(name, deadline):
            pause = 0.01 + random.random() * 0.02
            if deadline is not None and time.monotonic() + pause >= deadline:
                raise LimiterDeadline("no rate-limit slot before the deadline")
            time.sleep(pause)
        return name

    def done(self, name: str, deadline: float | None = None) -> None:
        """The server has seen the request granted as ``name``: count it from now on.

        Waits for the bucket's locks until ``deadline`` at most (else :data:`LOCK_WAIT_SECONDS`); past it the
        grant keeps its own time (counted a little early), rather than hold the request up."""
        from filelock import Timeout

        if not self._thread_lock.acquire(timeout=_lock_wait(deadline)):
            return
        try:
            if self._file_lock is None or self._shared is None:
                return  # one process: grant-to-send delays are small and alike
            try:
                with self._file_lock.acquire(timeout=_lock_wait(deadline)), self._shared.lock:
                    conn = self._shared.conn
                    conn.execute(
                        "UPDATE sec_requests SET item_timestamp = MAX(item_timestamp, ?) WHERE name = ?",
                        (time.time_ns() // 1_000_000, name),
                    )
                    conn.commit()
            except Timeout:  # the lock is held elsewhere: the grant keeps its own time
                return
            except Exception as exc:
                self._private(f"the shared rate limiter failed ({type(exc).__name__}: {exc})")
        finally:
            self._thread_lock.release()

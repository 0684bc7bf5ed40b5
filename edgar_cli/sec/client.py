"""The one SEC client: User-Agent, shared rate limit, retries, error mapping, cache.

Everything that reaches data.sec.gov, www.sec.gov or efts.sec.gov goes through
:meth:`SecClient.fetch`. The rules it keeps:

- a declared "Name email" User-Agent on every request (the SEC answers 403
  without one);
- at most 10 requests per second, across threads and across processes that
  share a cache directory (a pyrate-limiter SQLite bucket with a file lock);
- 429, 5xx, dropped connections, timeouts and truncated or non-JSON bodies are
  retried with exponential backoff and jitter (stamina), honouring Retry-After,
  for at most 4 attempts and 30 seconds; then ``rate_limited`` or
  ``upstream_unavailable``;
- 403 becomes ``user_agent_required`` or ``blocked`` (with the SEC's reason),
  404 ``not_found``;
- only a complete, validated body is ever cached.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..config import Settings, resolve_user_agent
from ..errors import EdgarError
from ..vocabulary import tool
from . import urls
from .cache import DiskCache, Entry

# Seconds an entry stays fresh, by kind. None: never expires (Archives documents
# are immutable once accepted). companyfacts is special: it is refreshed when
# the company's submissions list a filing newer than the cached facts.
FRESHNESS: dict[str, float | None] = {
    "archive": None,
    "tickers": 24 * 3600,
    "submissions": 10 * 60,
    "companyfacts": 7 * 24 * 3600,  # upper bound; see xbrl.facts for the filing check
    "efts": 60 * 60,
}

RATE_PER_SECOND = 10
# A slot is recorded when it is granted, but the request reaches the server later (connection
# set-up, scheduling on a busy machine), and those delays differ from request to request: a
# window of exactly one second let 11 requests arrive within one second at the mirror under
# load (benchmarks/reliability.py). Ten requests per 1.2 s keeps every arrival window at ten.
WINDOW_MARGIN_MS = 200
MAX_ATTEMPTS = 4
RETRY_TIMEOUT = 30.0
REQUEST_TIMEOUT = 20.0


class _Retryable(Exception):
    """A response worth another try (429, 5xx, transport fault, bad body)."""

    def __init__(self, kind: str, message: str, retry_after: float | None = None, status: int | None = None):
        super().__init__(message)
        self.kind = kind  # "rate_limited" or "upstream_unavailable"
        self.retry_after = retry_after
        self.status = status


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    import email.utils

    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (now if now is not None else time.time()))


def _announce_retry(details) -> None:
    """stamina's on-retry hook: one readable progress line on stderr instead of its log record."""
    cause = details.caused_by
    what = f"{cause}" if isinstance(cause, _Retryable) else type(cause).__name__
    print(f"edgar: the SEC did not answer usably ({what}); retrying in {details.wait_for:.1f} s "
          f"(retry {details.retry_num} of {MAX_ATTEMPTS - 1})", file=sys.stderr)


_hooks_installed = False


def _install_retry_hooks() -> None:
    global _hooks_installed
    if not _hooks_installed:
        import stamina.instrumentation

        stamina.instrumentation.set_on_retry_hooks([_announce_retry])
        _hooks_installed = True


def backoff_hook(exc: Exception) -> bool | float:
    """stamina's ``on`` hook: retry our retryable errors, waiting Retry-After when given."""
    if isinstance(exc, _Retryable):
        if exc.retry_after is not None:
            return min(exc.retry_after, RETRY_TIMEOUT)
        return True
    return False


class RateLimiter:
    """10 requests/second shared by every thread and process using one cache dir.

    A pyrate-limiter SQLite bucket in the cache dir; each attempt holds a
    thread lock and a file lock (filelock) around a non-blocking put, so the
    check-and-record is atomic across processes and every recorded timestamp
    is the real time of the request. (pyrate-limiter's own blocking wait
    advances an item's timestamp by the planned sleep rather than the real
    one, which let a process delayed by another's lock be recorded early and
    a one-second window admit 11.) If the directory is not writable: an
    in-process bucket (threads only) with a warning.

    A slot is granted before the request is sent, and the server sees it
    later by a delay that varies (a process descheduled on a busy machine
    waited ~0.4 s). So each request's entry is moved to the time its response
    headers arrive (:meth:`done`), when the server has certainly seen it, and
    the window is 1.2 s: an earlier arrival can then never share a server-side
    second with ten later grants.
    """

    def __init__(self, directory: Path | None, rate: int = RATE_PER_SECOND, warn: Callable[[str], None] | None = None):
        from pyrate_limiter import Duration, InMemoryBucket, Limiter, Rate, SQLiteBucket

        rates = [Rate(rate, int(Duration.SECOND) + WINDOW_MARGIN_MS)]
        bucket = None
        self._file_lock = None
        self._shared = None  # the SQLite bucket, when shared across processes
        self._count = itertools.count()
        if directory is not None:
            try:
                from filelock import FileLock

                directory.mkdir(parents=True, exist_ok=True)
                db = directory / "ratelimit.sqlite"
                self._file_lock = FileLock(str(db) + ".lock")
                with self._file_lock:
                    bucket = SQLiteBucket.init_from_file(rates, table="sec_requests", db_path=str(db))
                    # The file lock already serializes writers; an fsync per request only
                    # delayed the caller by up to ~100 ms *after* its timestamp was taken,
                    # so requests reached the server bunched (11 in one second).
                    bucket.conn.execute("PRAGMA synchronous=OFF")
                    self._shared = bucket
            except Exception as exc:  # sqlite3.Error, OSError, filelock errors
                self._file_lock = None
                (warn or _stderr_warn)(f"shared rate limiter unavailable ({exc}); limiting this process only")
        if bucket is None:
            bucket = InMemoryBucket(rates)
        self._limiter = Limiter(bucket, buffer_ms=0)
        self._thread_lock = threading.Lock()
        self._rates = rates
        self._warn = warn or _stderr_warn

    def _try(self, name: str) -> bool:
        with self._thread_lock:
            if self._file_lock is None:
                return bool(self._limiter.try_acquire(name, blocking=False))
            try:
                with self._file_lock:
                    return bool(self._limiter.try_acquire(name, blocking=False))
            except Exception as exc:  # the shared bucket broke mid-run (disk full, file removed)
                self._fall_back(exc)
                return bool(self._limiter.try_acquire(name, blocking=False))

    def _fall_back(self, exc: Exception) -> None:
        from pyrate_limiter import InMemoryBucket, Limiter

        self._file_lock = None
        self._shared = None
        self._limiter = Limiter(InMemoryBucket(self._rates), buffer_ms=0)
        self._warn(f"shared rate limiter failed ({type(exc).__name__}: {exc}); limiting this process only")

    def acquire(self) -> str:
        """Block until one more request fits in the shared window; returns the slot's name for :meth:`done`."""
        name = f"sec:{os.getpid()}:{threading.get_ident()}:{next(self._count)}"
        while not self._try(name):
            time.sleep(0.01 + random.random() * 0.02)
        return name

    def done(self, name: str) -> None:
        """The server has seen the request granted as ``name``: count it from now on."""
        with self._thread_lock:
            if self._file_lock is None or self._shared is None:
                return  # one process: grant-to-send delays are small and alike
            try:
                # The bucket's own lock too: pyrate-limiter's background leaker commits on the
                # same connection, and two commits interleaved raise in its thread.
                with self._file_lock, self._shared.lock:
                    conn = self._shared.conn
                    conn.execute("UPDATE sec_requests SET item_timestamp = MAX(item_timestamp, ?) WHERE name = ?",
                                 (time.time_ns() // 1_000_000, name))
                    conn.commit()
            except Exception as exc:
                self._fall_back(exc)


def _stderr_warn(message: str) -> None:
    from ..logs import warning

    warning(message)  # "warning: ..." or, with EDGAR_LOG_FORMAT=json, a JSON line


@dataclass
class RequestLog:
    urls: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, url: str) -> None:
        with self.lock:
            self.urls.append(url)


class SecClient:
    """Fetches SEC resources through the mirror, the limiter, retries and the cache."""

    def __init__(self, settings: Settings | None = None, *, transport: Any = None,
                 limiter: RateLimiter | None = None, warn: Callable[[str], None] | None = None):
        self.settings = settings or Settings.from_env()
        self._warn = warn or _stderr_warn
        self._transport = transport
        self._http = None
        self._http_lock = threading.Lock()
        self._limiter = limiter
        self._limiter_lock = threading.Lock()
        from .redis_shared import open_cache  # Redis in front of the disk cache when EDGAR_REDIS_URL is set

        self.cache = open_cache(DiskCache(self.settings.cache_dir, enabled=self.settings.use_cache, warn=self._warn),
                                warn=self._warn)
        self.requests = RequestLog()
        self.memo: dict[str, Any] = {}  # per-process parsed objects (companyfacts, ticker map)
        self.memo_lock = threading.RLock()
        self._user_agent: str | None = None

    # -- plumbing -----------------------------------------------------------
    def now(self) -> float:
        return self.settings.clock().timestamp()

    @property
    def user_agent(self) -> str:
        if self._user_agent is None:
            self._user_agent = resolve_user_agent(self.settings.user_agent, interactive=self.settings.interactive)
        return self._user_agent

    def _client(self):
        with self._http_lock:
            if self._http is None:
                import httpx

                self._http = httpx.Client(
                    headers={"User-Agent": self.user_agent, "Accept-Encoding": "gzip, deflate"},
                    timeout=httpx.Timeout(REQUEST_TIMEOUT, connect=10.0),
                    follow_redirects=False,
                    transport=self._transport,
                )
            return self._http

    def _rate_limiter(self) -> RateLimiter:
        with self._limiter_lock:
            if self._limiter is None:
                from .redis_shared import open_limiter  # one budget across hosts when EDGAR_REDIS_URL is set

                directory = self.settings.cache_dir if self.settings.cache_dir else None
                self._limiter = open_limiter(lambda rate: RateLimiter(directory, rate=rate, warn=self._warn),
                                             RATE_PER_SECOND, warn=self._warn)
            return self._limiter

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None
        self.cache.close()

    # -- cache helpers ------------------------------------------------------
    def cache_get(self, key: str, max_age: float | None) -> Entry | None:
        entry = self.cache.get(key)
        if entry is None:
            return None
        if max_age is not None and self.now() - entry.stored_at > max_age:
            return None
        return entry

    def cache_set(self, key: str, payload: bytes, meta: dict[str, Any] | None = None) -> None:
        self.cache.set(key, payload, self.now(), meta)

    # -- fetching -----------------------------------------------------------
    def get_json(self, url: str, *, kind: str, params: dict[str, str] | None = None,
                 max_age: float | None | str = "default") -> Any:
        """GET a JSON resource, from the cache when fresh. Raises EdgarError."""
        return self._get(url, kind, params, max_age, expect_json=True)[1]

    def get_bytes(self, url: str, *, kind: str, params: dict[str, str] | None = None,
                  max_age: float | None | str = "default", expect_json: bool = False) -> bytes:
        """GET a resource as bytes, from the cache when fresh. Raises EdgarError."""
        return self._get(url, kind, params, max_age, expect_json=expect_json)[0]

    def _get(self, url: str, kind: str, params: dict[str, str] | None, max_age: float | None | str,
             expect_json: bool) -> tuple[bytes, Any]:
        """(body, parsed JSON or None): a fresh cache entry, else one validated fetch that is then cached."""
        full = _with_query(url, params)
        urls.check_sec_url(full)
        key = f"{kind}:{full}"
        age = FRESHNESS.get(kind) if max_age == "default" else max_age
        entry = self.cache_get(key, age)  # type: ignore[arg-type]
        if entry is not None:
            if not expect_json:
                return entry.payload, None
            try:
                return entry.payload, json.loads(entry.payload)
            except ValueError:
                self.cache.delete(key)
        payload, parsed = self._fetch(full, expect_json)
        self.cache_set(key, payload, {"url": full})
        return payload, parsed

    def fetch(self, url: str, *, expect_json: bool = False) -> bytes:
        """One logical GET with rate limit and retries; returns a validated body."""
        return self._fetch(url, expect_json)[0]

    def fetch_json(self, url: str) -> tuple[bytes, Any]:
        """Like :meth:`fetch` for JSON: the body and its parsed value (parsed once, while validating)."""
        return self._fetch(url, True)

    def download(self, url: str, dest: Path, *,
                 progress: Callable[[int, int | None], None] | None = None) -> Download:
        """Stream a large SEC file (a bulk archive) to ``dest``: rate limited, resumable, size-checked.

        The body goes to ``dest``.part as it arrives, never into memory. A cut-off
        transfer is resumed with ``Range`` (``If-Range`` on the ETag or Last-Modified,
        so a new version of the file restarts it rather than mixing two versions);
        when ``dest`` is complete already, a conditional GET (``If-None-Match`` /
        ``If-Modified-Since``) answers 304 and nothing is transferred. The file is
        moved to ``dest`` only when its size equals the declared length; its
        validators are kept beside it in ``dest``.json. ``progress(bytes, total)``
        is called per chunk. Raises ``upstream_unavailable``/``rate_limited`` after
        the retries, ``not_found``/``blocked`` at once.
        """
        import stamina

        _install_retry_hooks()
        target = urls.to_mirror(url, self.settings.mirror)
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            for attempt in stamina.retry_context(on=backoff_hook, attempts=DOWNLOAD_ATTEMPTS, timeout=None,
                                                 wait_initial=0.5, wait_max=8.0, wait_jitter=0.5):
                with attempt:
                    return _download_into(self, url, target, dest, progress)
        except _Retryable as exc:
            raise EdgarError("rate_limited" if exc.kind == "rate_limited" else "upstream_unavailable",
                             f"Downloading {url} failed after {DOWNLOAD_ATTEMPTS} tries: {exc}.",
                             "Run the same command again later: it resumes where it stopped.", url=url) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _fetch(self, url: str, expect_json: bool) -> tuple[bytes, Any]:
        import stamina

        _install_retry_hooks()

        target = urls.to_mirror(url, self.settings.mirror)
        try:
            for attempt in stamina.retry_context(
                on=backoff_hook, attempts=MAX_ATTEMPTS, timeout=RETRY_TIMEOUT,
                wait_initial=0.5, wait_max=8.0, wait_jitter=0.5,
            ):
                with attempt:
                    return self._fetch_once(url, target, expect_json)
        except _Retryable as exc:
            if exc.kind == "rate_limited":
                raise EdgarError(
                    "rate_limited",
                    f"The SEC kept answering 429 Too Many Requests for {url} after {MAX_ATTEMPTS} tries.",
                    "Wait a minute and try again; keep to 10 requests per second across all your tools.",
                    url=url,
                ) from None
            raise EdgarError(
                "upstream_unavailable",
                f"The SEC did not give a usable answer for {url}: {exc}.",
                "EDGAR may be busy or in maintenance; try again in a few minutes.",
                url=url,
            ) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _fetch_once(self, url: str, target: str, expect_json: bool) -> tuple[bytes, Any]:
        import httpx

        http = self._client()  # built before the slot is taken: its set-up is not request time
        limiter = self._rate_limiter()
        slot = limiter.acquire()
        self.requests.add(url)
        try:
            with http.stream("GET", target) as resp:
                limiter.done(slot)  # the headers are here, so the server has the request
                if resp.is_stream_consumed:  # an in-memory response (httpx.MockTransport), already decoded
                    raw, encoding = resp.content, None
                else:  # the bytes on the wire; raises on a short read of a declared Content-Length
                    raw, encoding = b"".join(resp.iter_raw()), resp.headers.get("Content-Encoding")
        except httpx.ConnectError as exc:  # nothing answered: no DNS, a refused connection, no route
            limiter.done(slot)
            raise connect_error(exc, url, target, self.settings.mirror) from None
        except httpx.HTTPError as exc:  # timeouts, transport faults, bad framing
            limiter.done(slot)
            raise _Retryable("upstream_unavailable", f"{type(exc).__name__}: {exc}") from None
        status = resp.status_code
        if status == 200:
            return _validate_body(resp, raw, _decode(raw, encoding), expect_json, url,
                                  wire=encoding is not None or "Content-Encoding" not in resp.headers)
        try:
            body = _decode(raw, encoding)
        except _Retryable:
            body = b""
        if status == 429:
            raise _Retryable("rate_limited", "HTTP 429", parse_retry_after(resp.headers.get("Retry-After")), 429)
        if status >= 500:
            raise _Retryable("upstream_unavailable", f"HTTP {status}",
                             parse_retry_after(resp.headers.get("Retry-After")), status)
        if status == 404 or (status == 403 and _looks_like_missing_object(body)):
            raise EdgarError(
                "not_found", f"The SEC has no document at {url} (HTTP {status}).",
                f"Check the CIK, accession number or document name; list a company's filings with {tool('list_filings')}.",
                url=url,
            )
        if status == 403:
            text = body[:4000].decode("utf-8", "replace")
            if re.search(r"undeclared automated tool|user.?agent", text, re.I):
                raise EdgarError(
                    "user_agent_required",
                    "The SEC refused the request because of the User-Agent (HTTP 403).",
                    "Set SEC_USER_AGENT to your name and a real email address, e.g. \"Jane Doe jane@example.com\".",
                    url=url,
                )
            reason = _sec_reason(text)
            raise EdgarError(
                "blocked",
                f"The SEC refused the request (HTTP 403){': ' + reason if reason else ''}.",
                "The SEC blocks clients that exceed 10 requests per second for about 10 minutes; "
                "wait, then retry with a declared User-Agent.",
                url=url,
            )
        raise EdgarError(
            "upstream_unavailable", f"Unexpected HTTP {status} from the SEC for {url}.",
            "Try again later.", url=url,
        )


# --- archive downloads (the bulk files: companyfacts.zip, submissions.zip) --------------------------

DOWNLOAD_ATTEMPTS = 6  # each attempt resumes where the previous one stopped


@dataclass
class Download:
    """What :meth:`SecClient.download` did: the file, its size and validators, and how it got there."""

    path: Path
    size: int
    etag: str | None
    last_modified: str | None
    unchanged: bool  # the server answered 304: the file on disk is the current version
    downloaded: int  # bytes received in this call
    resumed_from: int  # bytes already on disk from an interrupted download (0: from the start)


def _download_state(part: Path) -> dict:
    try:
        data = json.loads(part.with_name(part.name + ".json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def _download_into(client: "SecClient", url: str, target: str, dest: Path,
                   progress: Callable[[int, int | None], None] | None) -> Download:
    """One attempt: a conditional or ranged GET streamed to ``dest``.part. Raises _Retryable to resume."""
    import httpx

    part = dest.with_name(dest.name + ".part")
    state_file = part.with_name(part.name + ".json")
    done = _download_state(dest)  # the validators of the complete file already on disk
    state = _download_state(part)
    have = part.stat().st_size if part.exists() and state else 0
    headers = {"Accept-Encoding": "identity"}
    validator = state.get("etag") or state.get("last_modified")
    if have and validator:
        headers["Range"] = f"bytes={have}-"
        headers["If-Range"] = validator
    elif dest.exists() and (done.get("etag") or done.get("last_modified")):
        have = 0
        if done.get("etag"):
            headers["If-None-Match"] = done["etag"]
        if done.get("last_modified"):
            headers["If-Modified-Since"] = done["last_modified"]
    else:
        have = 0
    http = client._client()
    limiter = client._rate_limiter()
    slot = limiter.acquire()
    client.requests.add(url)
    received = 0
    try:
        with http.stream("GET", target, headers=headers) as resp:
            limiter.done(slot)
            status = resp.status_code
            if status == 304:
                return Download(dest, dest.stat().st_size, done.get("etag"), done.get("last_modified"),
                                unchanged=True, downloaded=0, resumed_from=0)
            if status in (429,) or status >= 500:
                kind = "rate_limited" if status == 429 else "upstream_unavailable"
                raise _Retryable(kind, f"HTTP {status}", parse_retry_after(resp.headers.get("Retry-After")), status)
            if status == 416 and have and have == state.get("size"):
                status = 206  # the part is already whole
            if status not in (200, 206):
                if status in (403, 404):
                    raise EdgarError("not_found" if status == 404 else "blocked",
                                     f"The SEC refused or does not have {url} (HTTP {status}).",
                                     "Check the SEC's bulk data page for the archive's current address; "
                                     "an HTTP 403 can also mean a missing User-Agent.", url=url)
                raise EdgarError("upstream_unavailable", f"Unexpected HTTP {status} from the SEC for {url}.",
                                 "Try again later.", url=url)
            if resp.headers.get("Content-Encoding", "identity").lower() not in ("identity", ""):
                raise _Retryable("upstream_unavailable", "an encoded body where the raw archive was asked for")
            etag, modified = resp.headers.get("ETag"), resp.headers.get("Last-Modified")
            if status == 206 and resp.headers.get("Content-Range"):
                m = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+|\*)", resp.headers["Content-Range"].strip())
                if not m or int(m.group(1)) != have:
                    raise _Retryable("upstream_unavailable", "a ranged answer that does not start where asked")
                total = int(m.group(3)) if m.group(3) != "*" else None
                mode = "ab"
            elif status == 206:  # the 416 case: nothing more to read
                total, mode = have, "ab"
            else:  # 200: the whole file (a new version, or a server ignoring Range)
                declared = resp.headers.get("Content-Length")
                total = int(declared) if declared and declared.isdigit() else None
                have, mode = 0, "wb"
            if mode == "wb" or not state:
                _write_json(state_file, {"url": url, "etag": etag, "last_modified": modified, "size": total})
                state = {"etag": etag, "last_modified": modified, "size": total}
            part.parent.mkdir(parents=True, exist_ok=True)
            with open(part, mode) as fh:
                if status != 206 or resp.headers.get("Content-Range"):
                    first = True
                    for chunk in resp.iter_raw():  # as received: a cut transfer keeps what arrived
                        if first and mode == "wb" and chunk.lstrip()[:1] == b"<":
                            raise _Retryable("upstream_unavailable", "an HTML page instead of the archive")
                        first = False
                        fh.write(chunk)
                        received += len(chunk)
                        if progress is not None:
                            progress(have + received, total)
    except httpx.HTTPError as exc:  # cut off mid-body: the next attempt resumes from what was written
        limiter.done(slot)
        raise _Retryable("upstream_unavailable", f"{type(exc).__name__}: {exc}") from None
    size = part.stat().st_size
    total = state.get("size")
    if total is not None and size != total:
        raise _Retryable("upstream_unavailable", f"the archive stopped at {size} of {total} bytes")
    os.replace(part, dest)
    _write_json(dest.with_name(dest.name + ".json"),
                {"url": url, "etag": state.get("etag"), "last_modified": state.get("last_modified"), "size": size})
    state_file.unlink(missing_ok=True)
    return Download(dest, size, state.get("etag"), state.get("last_modified"), unchanged=False,
                    downloaded=received, resumed_from=have if status == 206 else 0)


def _with_query(url: str, params: dict[str, str] | None) -> str:
    if not params:
        return url
    from urllib.parse import urlencode

    return f"{url}?{urlencode(params)}"


def _looks_like_missing_object(body: bytes) -> bool:
    head = body[:2000]
    return b"NoSuchKey" in head or b"<Code>AccessDenied</Code>" in head and b"<Error>" in head


def _sec_reason(text: str) -> str:
    m = re.search(r"(Request Rate Threshold Exceeded|Your Request Originates from an Undeclared Automated Tool)", text, re.I)
    if m:
        return m.group(1)
    title = re.search(r"<title>(.*?)</title>", text, re.I | re.S)
    return title.group(1).strip()[:200] if title else ""


def _decode(raw: bytes, encoding: str | None) -> bytes:
    """The body from the bytes on the wire; a damaged or cut-short gzip/deflate stream is retryable.

    httpx's own decoder returns whatever a truncated gzip stream decodes to
    without complaint, so a cut compressed body would pass for a whole one.
    """
    import zlib

    enc = (encoding or "").strip().lower()
    if enc in ("", "identity"):
        return raw
    if enc not in ("gzip", "x-gzip", "deflate"):
        raise _Retryable("upstream_unavailable", f"a body in an unsupported encoding ({enc})")
    out: list[bytes] = []
    data = raw
    try:
        while True:
            if enc == "deflate":
                d = zlib.decompressobj() if data[:1] == b"\x78" else zlib.decompressobj(-zlib.MAX_WBITS)
            else:
                d = zlib.decompressobj(zlib.MAX_WBITS | 16)
            out.append(d.decompress(data))
            out.append(d.flush())
            if not d.eof:
                raise _Retryable("upstream_unavailable", f"a {enc} body that ends before its stream does (truncated)")
            data = d.unused_data
            if enc == "deflate" or not data.strip(b"\x00"):
                break  # gzip may hold several members; trailing zero padding is harmless
    except zlib.error as exc:
        raise _Retryable("upstream_unavailable", f"a damaged {enc} body ({exc})") from None
    return b"".join(out)


_NOT_HTML_SUFFIXES = (".json", ".xml", ".xsd", ".txt", ".zip", ".pdf", ".jpg", ".gif", ".png")
_ERROR_PAGE = re.compile(rb"maintenance|temporarily unavailable|service unavailable|too many requests|"
                         rb"request rate threshold|undeclared automated tool", re.I)


def _looks_like_error_page(url: str, body: bytes) -> bool:
    """An HTML page served with status 200 where a document was expected.

    Where the document is not HTML (.txt, .xml, .json, ...) any HTML page is
    an error page. An HTML document is judged an error page only when it is
    tiny (under 4 KB) and says maintenance, unavailable or rate limit: filing
    documents are larger, and a real small exhibit rarely says so.
    """
    from urllib.parse import urlsplit

    head = body[:4096].lstrip()
    is_html = re.match(rb"(<!doctype html|<html|<head|<body)", head, re.I) is not None
    if not is_html:
        return False
    if urlsplit(url).path.lower().endswith(_NOT_HTML_SUFFIXES):
        return True
    return len(body) < 4096 and _ERROR_PAGE.search(body) is not None


def _validate_body(resp: Any, raw: bytes, body: bytes, expect_json: bool, url: str = "", *,
                   wire: bool = True) -> tuple[bytes, Any]:
    """(body, parsed JSON or None); a truncated, empty, HTML or non-JSON body is retryable.

    ``raw`` is the body as sent (``wire``: still encoded), checked against Content-Length.
    """
    declared = resp.headers.get("Content-Length")
    if wire and declared and declared.isdigit() and int(declared) != len(raw):
        raise _Retryable("upstream_unavailable", f"truncated body ({len(raw)} of {declared} bytes)")
    if not expect_json:
        if not body:
            raise _Retryable("upstream_unavailable", "empty body")
        if _looks_like_error_page(url, body):
            raise _Retryable("upstream_unavailable", "an HTML error or maintenance page instead of the document")
        return body, None
    ctype = resp.headers.get("Content-Type", "")
    if "html" in ctype.lower() or body.lstrip()[:1] == b"<":
        raise _Retryable("upstream_unavailable", "an HTML page instead of JSON (SEC maintenance or an error page)")
    try:
        parsed = json.loads(body)
    except ValueError:
        raise _Retryable("upstream_unavailable", "a body that is not complete JSON (truncated or damaged)") from None
    return body, parsed


def connect_error(exc: Exception, url: str, target: str, mirror: str | None) -> Exception:
    """What a failed connection means, said plainly: offline (DNS), a mirror that is down or mistyped.

    DNS failures, refused connections and unreachable networks are not retried (another try in a
    second finds the same); other connect errors stay retryable.
    """
    import errno
    import socket
    from urllib.parse import urlsplit

    cause: BaseException | None = exc
    os_error: OSError | None = None
    while cause is not None and os_error is None:
        if isinstance(cause, OSError):
            os_error = cause
        cause = cause.__cause__ or cause.__context__
    host = urlsplit(target).hostname or "?"
    port = urlsplit(target).port
    where = f"the mirror {mirror} (EDGAR_MIRROR)" if mirror else host
    text = f"{exc}".lower()
    if isinstance(os_error, socket.gaierror) or "name or service not known" in text or "name resolution" in text \
            or "nodename nor servname" in text:
        if mirror:
            return EdgarError("network_unavailable", f"Cannot resolve the host {host!r} of {where}.",
                              "Check the spelling of EDGAR_MIRROR, or unset it to reach the SEC directly.", url=url)
        return EdgarError("network_unavailable", f"Cannot resolve {host}: this machine seems to be offline "
                          "(no DNS answer).", "Check the network connection, or point EDGAR_MIRROR at a mirror "
                          "you can reach; the SEC itself was not reached.", url=url)
    code = getattr(os_error, "errno", None)
    if code == errno.ECONNREFUSED or "refused" in text:
        return EdgarError("network_unavailable", f"Nothing answers at {where if mirror else f'{host}:{port or 443}'}: "
                          "the connection was refused.", "Start the mirror, check the port in EDGAR_MIRROR, or unset "
                          "it to reach the SEC directly." if mirror else "Check the network, proxy or firewall.",
                          url=url)
    if code in (errno.ENETUNREACH, errno.EHOSTUNREACH) or "unreachable" in text:
        return EdgarError("network_unavailable", f"No route to {where}: this machine seems to be offline.",
                          "Check the network connection.", url=url)
    return _Retryable("upstream_unavailable", f"{type(exc).__name__}: {exc}")


_default: SecClient | None = None
_default_lock = threading.Lock()


def get_client() -> SecClient:
    """The process-wide client (one cache, one limiter, one HTTP pool)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = SecClient()
        return _default


def set_client(client: SecClient | None) -> None:
    """Install a client (the CLI does this after reading its flags; tests reset it)."""
    global _default
    with _default_lock:
        if _default is not None and _default is not client:
            _default.close()
        _default = client

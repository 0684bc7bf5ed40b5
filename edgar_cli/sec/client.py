"""The one SEC client: User-Agent, shared rate limit, retries, bounds, validation, cache.

Everything that reaches data.sec.gov, www.sec.gov or efts.sec.gov goes through
:class:`SecClient`. The rules it keeps:

- a declared "Name email" User-Agent on every request (the SEC answers 403
  without one);
- at most 10 requests per second across every edgar process of the user on
  the host, whatever their cache directories (sec/ratelimit.py), or
  ``EDGAR_RATE_SHARE`` of them where hosts divide the 10 between them, or
  across every host sharing ``EDGAR_REDIS_URL`` (sec/redis_shared.py, which
  also puts the cache in Redis in front of the disk cache);
- 429, 5xx, dropped connections, timeouts and truncated, damaged or invalid
  bodies are retried with exponential backoff and jitter (stamina), honouring
  Retry-After, for at most 4 attempts and 30 seconds of waiting; then
  ``rate_limited`` or ``upstream_unavailable``;
- every body is bounded: a cap per kind on the wire and after decoding, and
  one wall-clock deadline per request (45 s, all attempts included) and per
  command (``EDGAR_COMMAND_TIMEOUT``, 60 s: every request, retry wait and
  rate-limit wait of the command; sec/transport.py); past a cap or a deadline
  the request ends with ``upstream_unavailable`` at once, without another try,
  and no retry waits past the deadline;
- every body is validated for its kind before anything is stored
  (sec/validate.py): a 200 that is the wrong shape, partial, NaN-valued or
  pathologically nested is ``upstream_unavailable`` naming the URL;
- redirects are never followed (a redirect off the SEC's hosts would be a
  request edgar never meant to make);
- 403 becomes ``user_agent_required`` or ``blocked`` (with the SEC's reason),
  404 ``not_found``, remembered for a while (:data:`NEGATIVE_FRESHNESS`);
- only a complete, validated body is ever cached; a stale entry carrying an
  ETag or Last-Modified is revalidated with If-None-Match/If-Modified-Since
  (www.sec.gov's Archives and files send them; data.sec.gov and efts.sec.gov
  send ``Cache-Control: no-cache, no-store`` and neither), and a 304 renews it.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from .. import config
from ..alloc import collector_paused
from ..config import Settings, resolve_user_agent
from ..errors import EdgarError
from ..vocabulary import param, tool
from . import calls, command_scope, transport, urls
from .cache import DiskCache, Entry
from .memo import DEFAULT_MAX_BYTES as DEFAULT_MEMO_BYTES
from .memo import BoundedMemo

if TYPE_CHECKING:  # imported where first used: a warm run that fetches nothing needs neither
    import httpx

    from .ratelimit import RateLimiter
    from .redis_shared import RedisCache


def _without_httpx_cli() -> None:
    """httpx without its command-line client: ``import httpx`` also imports ``httpx._main`` (click, rich and
    pygments) whenever those are installed, as Typer installs them, for a ``httpx`` command edgar never runs.
    That was about a fifth of a first lookup's imports. With the module marked absent before httpx is first
    imported, httpx takes the branch it has for a missing CLI (``httpx.main`` then says the CLI's dependencies
    are not installed); every other module of httpx is the same. Nothing is changed once httpx is imported.
    Called where httpx is imported (a warm run that fetches nothing imports neither)."""
    if "httpx" not in sys.modules:
        sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]  # None: "absent" to the importer


# Seconds an entry stays fresh, by kind. None: never expires (Archives documents
# are immutable once accepted). companyfacts is special: it is refreshed when
# the company's submissions list a filing newer than the cached facts.
FRESHNESS: dict[str, float | None] = {
    "archive": None,
    "tickers": 24 * 3600,
    "submissions": 10 * 60,
    "companyfacts": 7 * 24 * 3600,  # upper bound; see sec/companyfacts.py for the filing check
    "efts": 60 * 60,
}
# Seconds a "the SEC has no such resource" (404) answer is remembered, by kind: a company
# without XBRL facts is not asked again on every run, and a resource that appears later is
# seen within hours.
NEGATIVE_FRESHNESS: dict[str, float] = {
    "archive": 6 * 3600,
    "tickers": 3600,
    "submissions": 10 * 60,
    "companyfacts": 6 * 3600,
    "efts": 10 * 60,
}

MAX_ATTEMPTS = 4
RETRY_TIMEOUT = 30.0
REQUEST_TIMEOUT = 20.0  # seconds between bytes; the deadline bounds the whole request
ERROR_BODY_BYTES = 64 * 1024  # of a non-200 answer, only this much is read (for the SEC's reason)


class _Retryable(Exception):
    """A response worth another try (429, 5xx, transport fault, bad body)."""

    def __init__(self, kind: str, message: str, retry_after: float | None = None, status: int | None = None):
        super().__init__(message)
        self.kind = kind  # "rate_limited" or "upstream_unavailable"
        self.retry_after = retry_after
        self.status = status
        self.deadline: float | None = None  # the request's (time.monotonic()); set by SecClient._fetch
        self.upstream = "the SEC"  # who answered (upstream()); set by SecClient._fetch for the retry line


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
    """stamina's on-retry hook: one readable progress line on stderr instead of its log record (a ``retry`` JSON
    event with EDGAR_LOG_FORMAT=json); the upstream's text in it is shown, never obeyed (logs.safe_line)."""
    from ..logs import json_logs, log_event, safe_line

    cause = details.caused_by
    what = f"{cause}" if isinstance(cause, _Retryable) else type(cause).__name__
    line = safe_line(
        f"{getattr(cause, 'upstream', 'the SEC')} did not answer usably ({what}); retrying in {details.wait_for:.1f} s "
        f"(retry {details.retry_num} of {MAX_ATTEMPTS - 1})"
    )
    if json_logs():
        log_event(
            "retry",
            "warning",
            message=line,
            retry=details.retry_num,
            of=MAX_ATTEMPTS - 1,
            wait_seconds=round(details.wait_for, 1),
        )
    else:
        print(f"edgar: {line}", file=sys.stderr)
    calls.report(line)


_hooks_installed = False


def _install_retry_hooks() -> None:
    global _hooks_installed
    if not _hooks_installed:
        import stamina.instrumentation

        stamina.instrumentation.set_on_retry_hooks([_announce_retry])
        _hooks_installed = True


def backoff_hook(exc: BaseException) -> bool | float:
    """stamina's ``on`` hook: retry our retryable errors, waiting Retry-After when given.

    With under half a second left before the request's deadline (``exc.deadline``, set by the fetch,
    which also stops at once when Retry-After asks for more than is left), the next try comes at once,
    finds the deadline passed and says so, rather than wait past it."""
    if isinstance(exc, _Retryable):
        if exc.retry_after is not None:
            return min(exc.retry_after, RETRY_TIMEOUT)
        if exc.deadline is not None and exc.deadline - time.monotonic() < 0.5:  # stamina's first wait: 0.5-1 s
            return 0.0
        return True
    return False


def _attempts(attempts: int, timeout: float):
    """stamina's retry context for one logical request: up to ``attempts`` tries within ``timeout`` seconds,
    waiting 0.5 s doubling to 8 s (plus up to 0.5 s of jitter) between them unless :func:`backoff_hook` says
    otherwise; each retry is announced on stderr."""
    import stamina

    _install_retry_hooks()
    return stamina.retry_context(
        on=backoff_hook, attempts=attempts, timeout=timeout, wait_initial=0.5, wait_max=8.0, wait_jitter=0.5
    )


@dataclass
class RequestLog:
    urls: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, url: str) -> None:
        with self.lock:
            self.urls.append(url)


class _Unusable(Exception):
    """A response not worth another try: over a size cap, past a deadline, a redirect."""


class _Late(_Unusable):
    """The request's or the command's deadline passed."""


class _Missing(Exception):
    """The SEC has no such resource (404, or S3's 403 NoSuchKey)."""

    def __init__(self, status: int):
        super().__init__(f"HTTP {status}")
        self.status = status


@dataclass
class Answer:
    """One response: the body, its parsed JSON (or None), what ``transform`` made of it, its validators."""

    payload: bytes
    parsed: Any = None
    value: Any = None
    validators: dict[str, str] = field(default_factory=dict)
    not_modified: bool = False


def _validators(headers: Any) -> dict[str, str]:
    out = {}
    for name, key in (("ETag", "etag"), ("Last-Modified", "last_modified")):
        value = headers.get(name)
        if value and len(value) < 200:
            out[key] = value
    return out


def _conditional_headers(validators: dict[str, Any] | None) -> dict[str, str]:
    if not validators:
        return {}
    headers = {}
    if validators.get("etag"):
        headers["If-None-Match"] = str(validators["etag"])
    if validators.get("last_modified"):
        headers["If-Modified-Since"] = str(validators["last_modified"])
    return headers


def upstream(mirror: str | None) -> str:
    """Who answered a request, for every message about its answer: "the SEC", or with EDGAR_MIRROR set
    "the mirror at <url> (EDGAR_MIRROR)" (redacted): a mirror's failure is not the SEC's, whose servers were
    not reached. Capitalise with :func:`upstream_title` at the start of a sentence."""
    return f"the mirror at {urls.redact(mirror)} (EDGAR_MIRROR)" if mirror else "the SEC"


def upstream_title(mirror: str | None) -> str:
    """:func:`upstream` at the start of a sentence."""
    who = upstream(mirror)
    return who[0].upper() + who[1:]


def _answered_by(mirror: str | None) -> str | None:
    """Who answered a request, as a miss remembers it: the mirror's URL redacted (cache entries, on disk and in
    Redis, never hold its password), or None for the SEC."""
    return urls.redact(mirror) if mirror else None


def _not_found(url: str, status: int, mirror: str | None) -> EdgarError:
    if mirror:
        # A mirror holds part of EDGAR at most: its 404 says nothing about what the SEC has.
        return EdgarError(
            "not_found",
            f"{upstream_title(mirror)} has no copy of {url} (HTTP {status}); whether "
            "the SEC has it cannot be told from here.",
            "Ask for a filing or company the mirror holds, or unset EDGAR_MIRROR to ask the SEC itself.",
            url=url,
            mirror=urls.redact(mirror),
        )
    return EdgarError(
        "not_found",
        f"The SEC has no document at {url} (HTTP {status}).",
        f"Check the CIK, accession number or document name; list a company's filings with {tool('list_filings')}.",
        url=url,
    )


class SecClient:
    """Fetches SEC resources through the mirror, the limiter, retries, bounds, validation and the cache."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        transport: Any = None,
        limiter: RateLimiter | None = None,
        warn: Callable[[str], None] | None = None,
        memo_bytes: int | None = None,
    ):
        self.settings = settings or Settings.from_env()
        self._warn = warn or _stderr_warn
        self._transport = transport
        self._http: httpx.Client | None = None
        self._http_lock = threading.Lock()
        self._limiter = limiter
        self._limiter_lock = threading.Lock()
        self.cache: DiskCache | RedisCache = DiskCache(
            self.settings.cache_dir, enabled=self.settings.use_cache, warn=self._warn
        )
        if _redis_configured():  # Redis in front of the disk cache (sec/redis_shared.py, imported only then)
            from .redis_shared import open_cache

            self.cache = open_cache(self.cache, warn=self._warn)
        self.requests = RequestLog()
        # per-process parsed objects (companyfacts, documents, ticker map), least recently used out past a bound
        self.memo = BoundedMemo(memo_bytes or DEFAULT_MEMO_BYTES)
        self._stale_notes: dict[str, str] = {}  # url -> note, for cached copies served because a refresh failed
        self.memo_lock = threading.RLock()
        self._user_agent: str | None = None
        # An offline companyfacts source (sec/companyfacts.py's FactsSource), asked before the network.
        self.facts_source: Any = None

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
                _without_httpx_cli()
                import httpx

                self._http = httpx.Client(
                    headers={"User-Agent": self.user_agent, "Accept-Encoding": "gzip, deflate"},
                    timeout=httpx.Timeout(REQUEST_TIMEOUT, connect=10.0),
                    follow_redirects=False,
                    transport=self._transport
                    if self._transport is not None
                    else transport.deadline_transport(plain_http=_plain_http(self.settings.mirror)),
                )
            return self._http

    def _rate_limiter(self) -> RateLimiter:
        from .ratelimit import RateLimiter

        with self._limiter_lock:
            if self._limiter is None:
                if _redis_configured():  # one budget across hosts (sec/redis_shared.py)
                    from .redis_shared import open_limiter

                    self._limiter = open_limiter(
                        lambda rate: RateLimiter.shared(warn=self._warn, rate=rate), warn=self._warn
                    )
                else:  # the SEC's 10/s, or this host's EDGAR_RATE_SHARE of them
                    from .ratelimit import host_rate

                    self._limiter = RateLimiter.shared(warn=self._warn, rate=host_rate())
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

    def _fresh(self, entry: Entry, max_age: float | None) -> bool:
        return max_age is None or self.now() - entry.stored_at <= max_age

    def _remembered_missing(self, url: str, kind: str) -> None:
        """Raise the not_found a recent answer for ``url`` gave, if it is still remembered."""
        entry = self.cache_get(f"missing:{url}", NEGATIVE_FRESHNESS.get(kind, 600))
        # A miss is remembered with who answered it: a mirror's gap says nothing of the SEC or of another mirror.
        if entry is not None and entry.meta.get("mirror") == _answered_by(self.settings.mirror):
            raise _not_found(url, int(entry.meta.get("status") or 404), self.settings.mirror)

    # -- fetching -----------------------------------------------------------
    def get_json(
        self,
        url: str,
        *,
        kind: str,
        params: dict[str, str] | None = None,
        max_age: float | None | Literal["default"] = "default",
        stale_if_error: bool = True,
    ) -> Any:
        """GET a JSON resource, from the cache when fresh. Raises EdgarError.

        With ``stale_if_error`` (the default), a cached copy past its freshness is served when the fetch that
        would replace it fails, with a dated note (:meth:`stale_note`); a caller that must know whether the
        upstream answered (a freshness check) passes False and gets the error.
        """
        return self._get(url, kind, params, max_age, expect_json=True, stale_if_error=stale_if_error)[1]

    def get_bytes(
        self,
        url: str,
        *,
        kind: str,
        params: dict[str, str] | None = None,
        max_age: float | None | Literal["default"] = "default",
        expect_json: bool = False,
        stale_if_error: bool = True,
        check: Callable[[bytes], None] | None = None,
    ) -> bytes:
        """GET a resource as bytes, from the cache when fresh (stale on error, as get_json). Raises EdgarError.

        ``check(body)`` raising validate.InvalidBody refuses a body for what the caller needs it to be (a
        filing's primary document): a fetched one is retried and never cached, a cached one is dropped and
        fetched again (and never served stale).
        """
        return self._get(
            url, kind, params, max_age, expect_json=expect_json, stale_if_error=stale_if_error, check=check
        )[0]

    def forget(self, url: str, *, kind: str) -> None:
        """Drop the cached body of ``url`` (one read from it proved unusable: the next call fetches it again)."""
        self.cache.delete(f"{kind}:{url}")

    def stale_note(self, url: str) -> str | None:
        """The dated note for ``url`` when this process served a cached copy because refreshing it failed."""
        with self.memo_lock:
            return self._stale_notes.get(url)

    def stale_notes(self, prefix: str) -> list[str]:
        """The dated notes of every URL starting with ``prefix`` served from a stale copy by this process (a
        company's submissions file and its older pages: ``urls.submissions(cik)`` without ``.json``)."""
        with self.memo_lock:
            return [note for url, note in self._stale_notes.items() if url.startswith(prefix)]

    def stale_copy_note(self, what: str, stored_at: float, exc: EdgarError, missing: str = "filings") -> str:
        """ "<what> as fetched <when>; refreshing it failed at <now> (<code>: <message>), so <missing> since then
        may be missing": the stale-if-error note (the idea of RFC 5861), dated in UTC so a reader can judge what
        may be missing (``missing``: "filings", or for a ticker file "tickers and companies added")."""
        return (
            f"{what} as fetched {_utc(stored_at)}; checking for a newer copy failed at {_utc(self.now())} "
            f"({exc.code}: {exc.message.rstrip('.')}), so {missing} since then may be missing."
        )

    def _get(
        self,
        url: str,
        kind: str,
        params: dict[str, str] | None,
        max_age: float | None | Literal["default"],
        expect_json: bool,
        stale_if_error: bool = True,
        check: Callable[[bytes], None] | None = None,
    ) -> tuple[bytes, Any]:
        """(body, parsed JSON or None): a fresh cache entry, a revalidated stale one, else one validated fetch;
        when that fetch fails, the stale entry with a dated note (``stale_if_error``)."""
        if check is not None and expect_json:
            raise TypeError("check reads bytes; a JSON kind is validated by sec/validate.py's check")
        full = _with_query(url, params)
        urls.check_sec_url(full)
        key = f"{kind}:{full}"
        age = FRESHNESS.get(kind) if max_age == "default" else max_age
        entry = self.cache.get(key)
        if entry is not None and self._fresh(entry, age):
            hit = self._served(key, entry, expect_json, check)
            if hit is not None:
                return hit
            entry = None
        with self.coalesced(key) as again_maybe:  # one host of a team fetches a miss; the others read its entry
            if again_maybe:
                again = self.cache.get(key)
                if again is not None and self._fresh(again, age):
                    hit = self._served(key, again, expect_json, check)
                    if hit is not None:
                        return hit
                elif again is not None:
                    entry = again
            return self._fill(full, key, kind, expect_json, entry, stale_if_error, check)

    def coalesced(self, key: str):
        """A context manager around fetching the cache entry ``key`` after a miss; it yields True when
        another host (or thread) may have stored it meanwhile, so the caller reads the cache again first.
        With Redis one host fetches for the team (sec/redis_shared.RedisCache.filling), the wait bounded
        by a request's deadline; with the disk cache alone it yields False at once."""
        return self.cache.filling(key, transport.request_deadline())

    def _fill(
        self,
        full: str,
        key: str,
        kind: str,
        expect_json: bool,
        entry: Entry | None,
        stale_if_error: bool,
        check: Callable[[bytes], None] | None = None,
    ) -> tuple[bytes, Any]:
        """Fetch ``full`` (revalidating ``entry``, a stale copy, when it has validators) and cache the answer;
        when the fetch fails, ``entry`` with a dated note if ``stale_if_error``."""
        validators = {k: v for k, v in (entry.meta if entry else {}).items() if k in ("etag", "last_modified")}
        try:
            earlier = command_scope.failed(full)
            if earlier is not None:
                raise earlier  # failed earlier in this CLI command, after its retries: not asked again
            try:
                answer = self._fetch(full, kind, expect_json, conditional=validators or None, transform=check)
            except EdgarError as exc:
                command_scope.remember_failure(full, exc)
                raise
        except EdgarError as exc:
            stale = self._served(key, entry, expect_json, check) if entry is not None and stale_if_error else None
            if stale is None or entry is None:  # (stale is None when entry is)
                raise
            missing = (
                "tickers and companies added" if kind == "tickers" else "filings"
            )  # a ticker file lists no filings
            note = self.stale_copy_note(f"The cached copy of {full}", entry.stored_at, exc, missing)
            with self.memo_lock:
                self._stale_notes[full] = note
            if command_scope.first_said(full):  # one warning per failed url in a command: results carry the note
                self._warn(note)
            return stale
        command_scope.forget_failure(full)
        if answer.not_modified and entry is not None:
            hit = self._served(key, entry, expect_json, check)
            if hit is not None:
                self.cache_set(key, entry.payload, entry.meta)  # renewed: the SEC says it has not changed
                return hit
            answer = self._fetch(full, kind, expect_json, transform=check)
        self.cache_set(key, answer.payload, {"url": full, **answer.validators})
        if self._stale_notes:
            with self.memo_lock:
                self._stale_notes.pop(full, None)
        return answer.payload, answer.parsed

    def _served(
        self, key: str, entry: Entry, expect_json: bool, check: Callable[[bytes], None] | None = None
    ) -> tuple[bytes, Any] | None:
        """(body, parsed JSON or None) of a cache entry; None (and the entry dropped) if it does not parse or
        fails ``check``."""
        if not expect_json:
            if check is not None:
                from . import validate

                try:
                    check(entry.payload)
                except validate.InvalidBody as exc:
                    self._warn(f"dropped a cached copy of {entry.meta.get('url') or key} that is not usable ({exc})")
                    self.cache.delete(key)
                    return None
            return entry.payload, None
        try:  # validated before it was stored, and checksummed since: the plain (fast) parser
            return entry.payload, json.loads(entry.payload)
        except (ValueError, RecursionError):
            self.cache.delete(key)
            return None

    def fetch(self, url: str, *, kind: str | None = None, expect_json: bool = False) -> bytes:
        """One logical GET with rate limit, retries, bounds and validation; returns the body. Not cached."""
        return self._fetch(url, kind or urls.kind_of(url), expect_json).payload

    def download(self, url: str, dest: Path, *, progress: Callable[[int, int | None], None] | None = None) -> Download:
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
        target = urls.to_mirror(url, self.settings.mirror)
        deadline = time.monotonic() + DOWNLOAD_DEADLINE
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            for attempt in _attempts(DOWNLOAD_ATTEMPTS, DOWNLOAD_DEADLINE):
                with attempt:
                    if time.monotonic() >= deadline:
                        raise _Unusable(f"not complete within the {DOWNLOAD_DEADLINE / 3600:.0f} h a download may take")
                    return _download_into(self, url, target, dest, progress, deadline)
        except _Retryable as exc:
            raise EdgarError(
                "rate_limited" if exc.kind == "rate_limited" else "upstream_unavailable",
                f"Downloading {url} from {upstream(self.settings.mirror)} failed after {attempt.num} tries: {exc}.",
                "Run the same command again later: it resumes where it stopped.",
                url=url,
            ) from None
        except _Unusable as exc:
            raise EdgarError(
                "upstream_unavailable",
                f"Downloading {url} stopped: {exc}.",
                f"Run the same command again later; if it persists, {upstream(self.settings.mirror)}'s answer is "
                "not an archive edgar can use.",
                url=url,
            ) from None
        except OSError as exc:  # the archive cannot be written: a full disk, an unwritable directory
            raise EdgarError(
                "internal_error",
                f"Writing the download of {url} to {dest.parent} failed: {exc}.",
                "Free disk space (each archive takes 1-2 GB) or point EDGAR_BULK_DIR elsewhere; the "
                "next sync resumes where this one stopped.",
                url=url,
            ) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def fetch_json(
        self, url: str, *, kind: str | None = None, transform: Callable[[Any], Any] | None = None
    ) -> tuple[bytes, Any]:
        """Like :meth:`fetch` for JSON: (body, parsed value), or (body, ``transform(parsed)``).

        ``transform`` runs inside the attempt: raising validate.InvalidBody from it (a body
        whose rows are mostly malformed) retries the request like any other invalid body.
        """
        answer = self._fetch(url, kind or urls.kind_of(url), True, transform=transform)
        return answer.payload, (answer.value if transform is not None else answer.parsed)

    def _who(self) -> str:
        """:func:`upstream_title` for this client's messages, made only for a message (a mirror's name is
        redacted by logs.py, which imports logging: a request that succeeds need not)."""
        return upstream_title(self.settings.mirror)

    def _fetch(
        self,
        url: str,
        kind: str,
        expect_json: bool,
        *,
        conditional: dict[str, Any] | None = None,
        transform: Callable[[Any], Any] | None = None,
    ) -> Answer:
        urls.check_sec_url(url)
        self._remembered_missing(url, kind)
        target = urls.to_mirror(url, self.settings.mirror)
        deadline = transport.request_deadline()
        budget = max(0.0, deadline - time.monotonic())
        try:
            for attempt in _attempts(MAX_ATTEMPTS, RETRY_TIMEOUT):
                with attempt:
                    if time.monotonic() >= deadline:
                        raise _Late(transport.deadline_passed(budget))
                    try:
                        return self._fetch_once(url, target, kind, expect_json, conditional, transform, deadline)
                    except _Retryable as exc:
                        wait = None if exc.retry_after is None else min(exc.retry_after, RETRY_TIMEOUT)
                        if wait is not None and time.monotonic() + wait >= deadline:
                            late = (
                                f"asking for another try in {wait:g} s, after "
                                f"{transport.deadline_name(deadline, budget)}"
                            )
                            if exc.kind == "rate_limited":
                                raise EdgarError(
                                    "rate_limited",
                                    f"{self._who()} answered 429 Too Many Requests for {url}, {late}.",
                                    "Wait a minute and try again; keep to 10 requests per second across all "
                                    "your tools.",
                                    url=url,
                                ) from None
                            raise _Late(f"{exc}, {late}") from None
                        exc.deadline = deadline  # backoff_hook waits no longer than what is left
                        exc.upstream = upstream(self.settings.mirror)
                        raise
        except _Retryable as exc:
            if exc.kind == "rate_limited":
                raise EdgarError(
                    "rate_limited",
                    f"{self._who()} kept answering 429 Too Many Requests for {url} after {MAX_ATTEMPTS} tries.",
                    "Wait a minute and try again; keep to 10 requests per second across all your tools.",
                    url=url,
                ) from None
            raise EdgarError(
                "upstream_unavailable",
                f"{self._who()} did not give a usable answer for {url}: {exc}.",
                "EDGAR may be busy or in maintenance; try again in a few minutes.",
                url=url,
            ) from None
        except _Unusable as exc:
            timed_out = isinstance(exc, _Late)
            raise EdgarError(
                "upstream_unavailable",
                f"{self._who()} did not give a usable answer for {url}: {exc}.",
                (
                    f"Try again later; if {upstream(self.settings.mirror)} is only slow, allow a command more time with "
                    f"EDGAR_COMMAND_TIMEOUT (now {transport.command_seconds():g} s)."
                )
                if timed_out
                else "Try again later; if it persists, the answer is not one edgar can use.",
                url=url,
            ) from None
        except _Missing as exc:
            self.cache_set(
                f"missing:{url}", b"", {"url": url, "status": exc.status, "mirror": _answered_by(self.settings.mirror)}
            )
            raise _not_found(url, exc.status, self.settings.mirror) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _fetch_once(
        self,
        url: str,
        target: str,
        kind: str,
        expect_json: bool,
        conditional: dict[str, Any] | None,
        transform: Callable[[Any], Any] | None,
        deadline: float,
    ) -> Answer:
        _without_httpx_cli()
        import httpx

        from .ratelimit import LimiterDeadline

        calls.checkpoint(url)  # a cancelled call (its MCP client went away) stops before the next request
        http = self._client()  # built before the slot is taken: its set-up is not request time
        headers = _conditional_headers(conditional)
        try:
            limiter = self._rate_limiter()  # opening the host bucket waits for its lock: within the deadline too
            slot = limiter.acquire(deadline=deadline)
        except LimiterDeadline:
            raise _Late(transport.deadline_passed(None, waiting="for a slot in the rate limit")) from None
        self.requests.add(url)
        try:
            with transport.attempt_deadline(deadline), http.stream("GET", target, headers=headers) as resp:
                limiter.done(slot, deadline)  # the headers are here, so the server has the request
                status = resp.status_code
                if status == 200:
                    body = self._read(resp, kind, deadline)
                else:
                    body = _error_body(resp)
        except httpx.ConnectError as exc:  # nothing answered: no DNS, a refused connection, no route
            limiter.done(slot, deadline)
            raise connect_error(exc, url, target, self.settings.mirror) from None
        except httpx.HTTPError as exc:  # timeouts (the deadline too), transport faults, bad framing
            limiter.done(slot, deadline)
            raise _Retryable("upstream_unavailable", f"{type(exc).__name__}: {exc}") from None
        except transport.BodyError as exc:
            if exc.retry:
                raise _Retryable("upstream_unavailable", str(exc)) from None
            raise (_Late if exc.late else _Unusable)(str(exc)) from None
        if status == 200:
            return _validated(url, kind, resp, body, expect_json, transform)
        if status == 304:
            if not conditional:
                raise _Retryable("upstream_unavailable", "HTTP 304 to a request that was not conditional")
            return Answer(b"", validators=_validators(resp.headers), not_modified=True)
        _status_error(url, status, resp, body, self.settings.mirror)

    def _read(self, resp: Any, kind: str, deadline: float) -> bytes:
        declared = resp.headers.get("Content-Length")
        if resp.is_stream_consumed:  # an in-memory response (httpx.MockTransport), already decoded
            return transport.read_body(
                iter([resp.content]),
                kind=kind,
                encoding=None,
                deadline=deadline,
                declared=None if "Content-Encoding" in resp.headers else declared,
            )
        return transport.read_body(
            resp.iter_raw(transport.READ_CHUNK),
            kind=kind,
            deadline=deadline,
            encoding=resp.headers.get("Content-Encoding"),
            declared=declared,
        )


def _utc(epoch: float) -> str:
    from datetime import datetime

    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _plain_http(mirror: str | None) -> bool:
    """Every request goes to ``mirror`` over plain HTTP (an ``http://`` EDGAR_MIRROR; redirects are never followed)."""
    return bool(mirror) and urls.urlsplit(mirror).scheme.lower() == "http"


def _redis_configured() -> bool:
    """EDGAR_REDIS_URL is set (the same test as sec/redis_shared.redis_url, without importing it)."""
    return config.redis_url() is not None


def _stderr_warn(message: str) -> None:
    from ..logs import warning

    warning(message)  # "warning: ..." or, with EDGAR_LOG_FORMAT=json, a JSON line


def _error_body(resp: Any) -> bytes:
    """The first ERROR_BODY_BYTES of a non-200 answer, decoded when it can be (for the SEC's reason)."""
    if resp.is_stream_consumed:
        return resp.content[:ERROR_BODY_BYTES]
    raw = b""
    for chunk in resp.iter_raw(transport.READ_CHUNK):
        raw += chunk
        if len(raw) >= ERROR_BODY_BYTES:
            break
    try:
        decoder = transport.Decoder(resp.headers.get("Content-Encoding"))
        out = b"".join(decoder.feed(raw[:ERROR_BODY_BYTES]))
        return out[:ERROR_BODY_BYTES]
    except transport.BodyError:
        return b""


def _validated(
    url: str, kind: str, resp: Any, body: bytes, expect_json: bool, transform: Callable[[Any], Any] | None
) -> Answer:
    """The answer if the body is usable for its kind; a retryable error otherwise."""
    from . import validate

    try:
        if not expect_json:
            if not body:
                raise validate.InvalidBody("empty body")
            if _looks_like_error_page(url, body):
                raise validate.InvalidBody("an HTML error or maintenance page instead of the document")
            if kind == "archive":
                validate.check_document(url, body)
            return Answer(body, None, transform(body) if transform else None, _validators(resp.headers))
        ctype = resp.headers.get("Content-Type", "")
        if "html" in ctype.lower() or body.lstrip()[:1] == b"<":
            raise validate.InvalidBody("an HTML page instead of JSON (SEC maintenance or an error page)")
        with collector_paused():  # a parsed body and what transform makes of it hold no cycles (alloc.py)
            parsed = validate.parse_json(body)
            validate.check(kind, url, parsed)
            value = transform(parsed) if transform else None
    except validate.InvalidBody as exc:  # its text may quote the upstream's keys: one line, controls shown
        from ..logs import safe_line

        raise _Retryable("upstream_unavailable", safe_line(str(exc))) from None
    return Answer(body, parsed, value, _validators(resp.headers))


def _status_error(url: str, status: int, resp: Any, body: bytes, mirror: str | None = None) -> NoReturn:
    """Raise the retryable error or EdgarError for a non-200, non-304 answer (``mirror``: who answered)."""
    who = upstream_title(mirror)
    if status == 429:
        raise _Retryable("rate_limited", "HTTP 429", parse_retry_after(resp.headers.get("Retry-After")), 429)
    if status >= 500:
        raise _Retryable(
            "upstream_unavailable", f"HTTP {status}", parse_retry_after(resp.headers.get("Retry-After")), status
        )
    if status == 404 or (status == 403 and _looks_like_missing_object(body)):
        raise _Missing(status)
    if status == 403:
        text = body[:4000].decode("utf-8", "replace")
        if re.search(r"undeclared automated tool|user.?agent", text, re.I):
            raise EdgarError(
                "user_agent_required",
                f"{who} refused the request because of the User-Agent (HTTP 403).",
                'Set SEC_USER_AGENT to your name and a real email address, e.g. "Jane Doe jane@example.com".',
                url=url,
            )
        reason = _sec_reason(text)
        raise EdgarError(
            "blocked",
            f"{who} refused the request (HTTP 403){': ' + reason if reason else ''}.",
            "The SEC blocks clients that exceed 10 requests per second for about 10 minutes; "
            "wait, then retry with a declared User-Agent.",
            url=url,
        )
    if 300 <= status < 400:
        where = (resp.headers.get("Location") or "nowhere")[:200]
        raise _Unusable(f"a redirect (HTTP {status}) to {where!r}, which edgar does not follow")
    raise EdgarError(
        "upstream_unavailable",
        f"Unexpected HTTP {status} from {upstream(mirror)} for {url}.",
        "Try again later.",
        url=url,
    )


# --- archive downloads (the bulk files: companyfacts.zip, submissions.zip) --------------------------

DOWNLOAD_ATTEMPTS = 6  # each attempt resumes where the previous one stopped
# The bounds of one archive download (the SEC's are 1-2 GB each). Past the size cap or the deadline
# the download stops without another try (the part file is kept past the deadline: the next sync
# resumes it); headers must arrive within DOWNLOAD_HEADERS_SECONDS and the body keep delivering
# STALL_BYTES per STALL_SECONDS (a trickling server is cut off and the transfer resumed), so no
# server can hold a sync for longer than DOWNLOAD_DEADLINE or fill a disk with an endless body.
DOWNLOAD_LIMIT = 16 << 30
DOWNLOAD_DEADLINE = 3 * 3600.0  # one download (every attempt and wait between them)
DOWNLOAD_HEADERS_SECONDS = 30.0
STALL_SECONDS = 60.0
STALL_BYTES = 64 * 1024


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


def _download_into(
    client: SecClient,
    url: str,
    target: str,
    dest: Path,
    progress: Callable[[int, int | None], None] | None,
    deadline: float,
) -> Download:
    """One attempt: a conditional or ranged GET streamed to ``dest``.part, within the download's bounds.

    Raises _Retryable to try again (resuming what arrived), _Unusable to stop (over the size cap,
    past the deadline), OSError when the file cannot be written (a full disk).
    """
    _without_httpx_cli()
    import httpx

    from .ratelimit import LimiterDeadline

    part = dest.with_name(dest.name + ".part")
    state_file = part.with_name(part.name + ".json")
    done = _download_state(dest)  # the validators of the complete file already on disk
    state = _download_state(part)
    have = part.stat().st_size if part.exists() and state else 0
    headers = {"Accept-Encoding": "identity"}
    validator = state.get("etag") or state.get("last_modified")
    conditional = False  # If-None-Match / If-Modified-Since sent: only then may the answer be 304
    if have and validator:
        headers["Range"] = f"bytes={have}-"
        headers["If-Range"] = validator
    elif dest.exists() and (done.get("etag") or done.get("last_modified")):
        have, conditional = 0, True
        if done.get("etag"):
            headers["If-None-Match"] = done["etag"]
        if done.get("last_modified"):
            headers["If-Modified-Since"] = done["last_modified"]
    else:
        have = 0
    http = client._client()
    headers_by = min(deadline, time.monotonic() + DOWNLOAD_HEADERS_SECONDS)  # the slot's wait counts in it
    try:
        limiter = client._rate_limiter()
        slot = limiter.acquire(deadline=headers_by)
    except LimiterDeadline as exc:
        raise _Unusable(f"no slot in the rate limit within {DOWNLOAD_HEADERS_SECONDS:g} s ({exc})") from None
    client.requests.add(url)
    received = 0
    try:
        with transport.attempt_deadline(headers_by), http.stream("GET", target, headers=headers) as resp:
            limiter.done(slot, headers_by)
            status = resp.status_code
            if status == 304:
                if not conditional or not dest.exists():
                    raise _Retryable("upstream_unavailable", "HTTP 304 to a request that was not conditional")
                return Download(
                    dest,
                    dest.stat().st_size,
                    done.get("etag"),
                    done.get("last_modified"),
                    unchanged=True,
                    downloaded=0,
                    resumed_from=0,
                )
            if status in (429,) or status >= 500:
                kind = "rate_limited" if status == 429 else "upstream_unavailable"
                raise _Retryable(kind, f"HTTP {status}", parse_retry_after(resp.headers.get("Retry-After")), status)
            if status == 416 and have and have == state.get("size"):
                status = 206  # the part is already whole
            if status not in (200, 206):
                if status in (403, 404):
                    raise EdgarError(
                        "not_found" if status == 404 else "blocked",
                        f"{upstream_title(client.settings.mirror)} refused or does not have {url} (HTTP {status}).",
                        "Check the SEC's bulk data page for the archive's current address; "
                        "an HTTP 403 can also mean a missing User-Agent. Archives already on disk: "
                        f"{tool('sync_bulk')} {param('source')} DIR (a folder with companyfacts.zip and "
                        "submissions.zip).",
                        url=url,
                    )
                raise EdgarError(
                    "upstream_unavailable",
                    f"Unexpected HTTP {status} from {upstream(client.settings.mirror)} for {url}.",
                    "Try again later.",
                    url=url,
                )
            if resp.headers.get("Content-Encoding", "identity").lower() not in ("identity", ""):
                raise _Retryable("upstream_unavailable", "an encoded body where the raw archive was asked for")
            etag, modified = resp.headers.get("ETag"), resp.headers.get("Last-Modified")
            if status == 206 and resp.headers.get("Content-Range"):
                m = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+|\*)", resp.headers["Content-Range"].strip())
                if not m or int(m.group(1)) != have:
                    raise _Retryable("upstream_unavailable", "a ranged answer that does not start where asked")
                total = int(m.group(3)) if m.group(3) != "*" else None
                if not _same_version(state, etag, modified, total):
                    part.unlink(missing_ok=True)  # what is on disk is of another version: start over
                    state_file.unlink(missing_ok=True)
                    raise _Retryable(
                        "upstream_unavailable",
                        "a ranged answer from another version of the archive "
                        "(its ETag, date or length changed); starting over",
                    )
                mode = "ab"
            elif status == 206:  # the 416 case: nothing more to read
                total, mode = have, "ab"
            else:  # 200: the whole file (a new version, or a server ignoring Range)
                declared = resp.headers.get("Content-Length")
                total = int(declared) if declared and declared.isdigit() else None
                have, mode = 0, "wb"
            if total is not None and total > DOWNLOAD_LIMIT:
                _discard(part, state_file)
                raise _Unusable(
                    f"a declared size of {total:,} bytes, over the {_gib(DOWNLOAD_LIMIT)} edgar accepts "
                    "for an archive (the SEC's are 1-2 GB); it was not read"
                )
            _check_room(part.parent, (total - have) if total is not None else None)
            if mode == "wb" or not state:
                _write_json(state_file, {"url": url, "etag": etag, "last_modified": modified, "size": total})
                state = {"etag": etag, "last_modified": modified, "size": total}
            part.parent.mkdir(parents=True, exist_ok=True)
            with open(part, mode) as fh:
                if status != 206 or resp.headers.get("Content-Range"):
                    first = True
                    mark_at, mark = time.monotonic(), 0  # bytes must keep arriving: STALL_BYTES per STALL_SECONDS
                    transport.move_deadline(min(deadline, mark_at + STALL_SECONDS))
                    for chunk in resp.iter_raw():  # as received: a cut transfer keeps what arrived
                        if first and mode == "wb" and chunk.lstrip()[:1] == b"<":
                            raise _Retryable("upstream_unavailable", "an HTML page instead of the archive")
                        first = False
                        fh.write(chunk)
                        received += len(chunk)
                        if total is not None and have + received > total:  # never resumable: start over
                            fh.close()
                            _discard(part, state_file)
                            raise _Retryable(
                                "upstream_unavailable",
                                f"a body that ran past the {total:,} bytes "
                                "declared (the part was deleted; the download starts over)",
                            )
                        if have + received > DOWNLOAD_LIMIT:
                            fh.close()
                            _discard(part, state_file)
                            raise _Unusable(
                                f"a body of more than the {_gib(DOWNLOAD_LIMIT)} edgar accepts for an "
                                "archive (the SEC's are 1-2 GB); it was not read further"
                            )
                        now = time.monotonic()
                        if received - mark >= STALL_BYTES:
                            mark_at, mark = now, received
                            transport.move_deadline(min(deadline, now + STALL_SECONDS))
                        elif now - mark_at > STALL_SECONDS:
                            raise _Retryable(
                                "upstream_unavailable",
                                f"the archive arrived at under {STALL_BYTES:,} "
                                f"bytes in {STALL_SECONDS:.0f} s (stalled at {have + received:,} bytes)",
                            )
                        if now > deadline:
                            raise _Unusable(
                                f"not complete within the {DOWNLOAD_DEADLINE / 3600:.0f} h a download "
                                f"may take ({have + received:,} bytes so far are kept)"
                            )
                        if progress is not None:
                            progress(have + received, total)
    except httpx.HTTPError as exc:  # cut off mid-body or too slow: the next attempt resumes from what was written
        limiter.done(slot, time.monotonic() + DOWNLOAD_HEADERS_SECONDS)
        raise _Retryable("upstream_unavailable", f"{type(exc).__name__}: {exc}") from None
    size = part.stat().st_size
    total = state.get("size")
    if total is not None and size > total:  # a range past its end could never resume it: start over
        _discard(part, state_file)
        raise _Retryable(
            "upstream_unavailable",
            f"a part of {size:,} bytes, past the {total:,} declared (deleted; the download starts over)",
        )
    if total is not None and size != total:
        raise _Retryable("upstream_unavailable", f"the archive stopped at {size} of {total} bytes")
    os.replace(part, dest)
    _write_json(
        dest.with_name(dest.name + ".json"),
        {"url": url, "etag": state.get("etag"), "last_modified": state.get("last_modified"), "size": size},
    )
    state_file.unlink(missing_ok=True)
    return Download(
        dest,
        size,
        state.get("etag"),
        state.get("last_modified"),
        unchanged=False,
        downloaded=received,
        resumed_from=have if status == 206 else 0,
    )


def _same_version(state: dict, etag: str | None, modified: str | None, total: int | None) -> bool:
    """Whether a ranged answer continues the version whose first part is on disk (a server that
    ignored If-Range would otherwise have two versions spliced into one file)."""
    if state.get("etag") and etag and etag != state["etag"]:
        return False
    if (
        not (state.get("etag") and etag)
        and state.get("last_modified")
        and modified
        and modified != state["last_modified"]
    ):
        return False
    return total is None or state.get("size") is None or total == state["size"]


def _discard(part: Path, state_file: Path) -> None:
    part.unlink(missing_ok=True)
    state_file.unlink(missing_ok=True)


def _gib(n: int) -> str:
    return f"{n / (1 << 30):.0f} GiB"


def _check_room(folder: Path, needed: int | None) -> None:
    """Refuse up front a download the disk cannot hold (OSError ENOSPC, as a write would fail later)."""
    import errno
    import shutil

    if needed is None:
        return
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return
    if needed > free:
        raise OSError(errno.ENOSPC, f"the archive needs {needed:,} more bytes and {folder} has {free:,} free")


def _with_query(url: str, params: dict[str, str] | None) -> str:
    if not params:
        return url
    from urllib.parse import urlencode

    return f"{url}?{urlencode(params)}"


def _looks_like_missing_object(body: bytes) -> bool:
    head = body[:2000]
    return b"NoSuchKey" in head or b"<Code>AccessDenied</Code>" in head and b"<Error>" in head


def _sec_reason(text: str) -> str:
    m = re.search(
        r"(Request Rate Threshold Exceeded|Your Request Originates from an Undeclared Automated Tool)", text, re.I
    )
    if m:
        return m.group(1)
    title = re.search(r"<title>(.*?)</title>", text, re.I | re.S)
    return title.group(1).strip()[:200] if title else ""


_NOT_HTML_SUFFIXES = (".json", ".xml", ".xsd", ".txt", ".zip", ".pdf", ".jpg", ".gif", ".png")
_ERROR_PAGE = re.compile(
    rb"maintenance|temporarily unavailable|service unavailable|too many requests|"
    rb"request rate threshold|undeclared automated tool",
    re.I,
)


def _looks_like_error_page(url: str, body: bytes) -> bool:
    """An HTML page served with status 200 where a document was expected.

    Where the document is not HTML (.txt, .xml, .json, ...) any HTML page is
    an error page. An HTML document is judged an error page only when it is
    tiny (under 4 KB) and says maintenance, unavailable or rate limit (filing
    documents are larger, and a real small exhibit rarely says so), or when it is
    a page of the SEC's own site (titled "SEC.gov | ..."), whatever its size.
    """
    from urllib.parse import urlsplit

    head = body[:8192].lstrip(b"\xef\xbb\xbf \t\r\n")
    head = re.sub(rb"^(?:<\?xml[^>]*>\s*|<!--.*?-->\s*)+", b"", head, flags=re.S)  # a prolog or comments first
    is_html = re.match(rb"(<!doctype html|<html|<head|<body)", head, re.I) is not None
    if not is_html:
        return False
    if urlsplit(url).path.lower().endswith(_NOT_HTML_SUFFIXES):
        return True
    if _SEC_SITE_TITLE.search(head):  # the SEC's own site pages (its rate-limit pages are 4.8-5.2 KB)
        return True
    return len(body) < 4096 and _ERROR_PAGE.search(body) is not None


# A page of the SEC's web site, not a filing's document: its titles read "SEC.gov | ...", as the
# Undeclared Automated Tool and Request Rate Threshold Exceeded pages do (both recorded in the corpus under
# _unplaced/sec-error-pages/). Filing documents carry their own titles ("nvda-20240128", "Document", "8-K"),
# index pages "EDGAR Filing Documents for <accession>".
_SEC_SITE_TITLE = re.compile(rb"<title>\s*SEC\.gov\s*\|", re.I)


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
    where = f"the mirror {urls.redact(mirror)} (EDGAR_MIRROR)" if mirror else host
    text = f"{exc}".lower()
    if (
        isinstance(os_error, socket.gaierror)
        or "name or service not known" in text
        or "name resolution" in text
        or "nodename nor servname" in text
    ):
        if mirror:
            return EdgarError(
                "network_unavailable",
                f"Cannot resolve the host {host!r} of {where}.",
                "Check the spelling of EDGAR_MIRROR, or unset it to reach the SEC directly.",
                url=url,
            )
        return EdgarError(
            "network_unavailable",
            f"Cannot resolve {host}: this machine seems to be offline (no DNS answer).",
            "Check the network connection, or point EDGAR_MIRROR at a mirror "
            "you can reach; the SEC itself was not reached.",
            url=url,
        )
    code = getattr(os_error, "errno", None)
    if code == errno.ECONNREFUSED or "refused" in text:
        return EdgarError(
            "network_unavailable",
            f"Nothing answers at {where if mirror else f'{host}:{port or 443}'}: the connection was refused.",
            "Start the mirror, check the port in EDGAR_MIRROR, or unset it to reach the SEC directly."
            if mirror
            else "Check the network, proxy or firewall.",
            url=url,
        )
    if code in (errno.ENETUNREACH, errno.EHOSTUNREACH) or "unreachable" in text:
        return EdgarError(
            "network_unavailable",
            f"No route to {where}: this machine seems to be offline.",
            "Check the network connection.",
            url=url,
        )
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

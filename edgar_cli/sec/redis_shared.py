"""One rate limit and one cache for every edgar process on every host sharing ``EDGAR_REDIS_URL``.

A team runs several MCP server replicas (and nightly jobs) on several hosts behind one outgoing IP
address; the SEC counts that address's requests. With ``EDGAR_REDIS_URL`` set (Redis 6.2 or later):

**The limit** (:class:`RedisLimiter`): one sorted set of grants, checked and recorded by one Lua script
on Redis' own clock (``TIME``), so hosts whose clocks disagree still share one window. The rules are the
host limiter's (sec/ratelimit.py): 10 grants per 1.2 s, and each grant moved to the time its
response headers arrive (:meth:`RedisLimiter.done`, ``ZADD XX GT``), so a request that reached the SEC
late never shares a server-side second with ten later grants. pyrate-limiter's RedisBucket is not used:
it stamps grants with each caller's clock and counts ``[window start, caller's now]``, so a grant
re-stamped past a concurrent caller's "now" goes uncounted, and it renames members with a random suffix
(a re-stamp would have to search for them); ten lines of Lua keep check, record and re-stamp on one clock.

When Redis cannot be reached, the process falls back to the local limiter (the host's bucket) at
``EDGAR_RATE_SHARE`` requests per second (default 2; set it to at most 10 divided by the number of
hosts), with a warning, never to an unlimited client. Every change of footing is followed by a pause
of two windows (2.4 s) with no grant, so grants made on the old footing and grants on the new one never
share a window: a process pauses when it falls back, and when Redis answers it again Redis grants
nothing *to anyone* for the pause (the ``ready`` key), so a host that never saw the outage is not
granted beside another's last local grants. A process asks Redis before it uses each local grant (one
thread at a time, the others waiting for that answer), so a local grant is only used after Redis failed
to answer; a Redis that hangs rather than refusing makes that a socket timeout per local grant (slow,
never a burst). A Redis that hangs (SIGSTOP, a long fork) and then answers the
calls it held is a change of footing too: a grant or re-stamp that took over :data:`SLOW_CALL` counts as
a failure and its grant goes unused. A Redis that is new or was emptied (restarted, flushed: it holds no
``ready`` key) grants nothing to anyone until two windows after the first request it sees, since the
grants it held are gone.

**The cache** (:class:`RedisCache`): the same entries as the disk cache (sec/cache.py) — raw responses
and the parsed companyfacts blobs — with the same record: the payload, when it was stored and its
metadata, signed together with the entry's name by an HMAC-SHA256 under the key every host of the team
shares (``EDGAR_REDIS_KEY`` or ``EDGAR_REDIS_KEY_FILE``, config.redis_key), written in one ``MULTI``.
Whoever can write to Redis can recompute a plain checksum, not the signature: a read whose signature does
not match (an unsigned entry, a changed payload, stamp or metadata, an entry moved under another name, a
host with another key) is refused, dropped with a warning on stderr and fetched again, never served and
never copied to the disk cache. A team without a key gets no shared cache: ``EDGAR_REDIS_URL`` without one
is a configuration error (``invalid_argument``), not a silent fallback. Freshness stays the client's
decision from ``stored_at``, so the rules are the disk cache's. This host's disk cache holds a copy of
every entry it stored or read: a read asks Redis only when its entry was stored (one small field) and
takes the payload from Redis only when that is newer than the local copy; while Redis is unreachable
the local copy answers. Nothing partial or unvalidated reaches either (the client stores only validated
bodies). Entries expire after :data:`CACHE_TTL`; give Redis a ``maxmemory`` with ``volatile-lru``.

**One fetch per miss for the team** (:meth:`RedisCache.filling`): a host about to fetch an entry it
missed first takes a short lock on the entry's name in Redis (redis-py's ``Lock``: ``SET NX PX`` with a
random token, released only by its holder). Other hosts (and threads) missing the same entry meanwhile
wait for the lock, bounded by their request deadline and :data:`LOCK_TTL`, then read the entry the holder
stored; only if there is none (the holder failed) does the next one fetch. A holder that dies leaves a
lock that expires after :data:`LOCK_TTL`; a fetch that outlasts it lets one more host fetch.

Needs the ``team`` extra (the ``redis`` package); nothing imports this module, or redis, unless
``EDGAR_REDIS_URL`` is set.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .. import config
from ..config import install_hint
from .cache import DiskCache, Entry
from .urls import redact

URL_ENV = "EDGAR_REDIS_URL"
SHARE_ENV = "EDGAR_RATE_SHARE"
DEFAULT_SHARE = 2  # requests/second per host without Redis: five hosts stay within 10
PREFIX = "edgar:"
CACHE_TTL = 30 * 24 * 3600  # seconds; freshness is decided by the client, this only bounds memory
PAUSE_WINDOWS = 2  # windows without a grant after any change of footing
RETRY_REDIS_EVERY = 1.0  # seconds between attempts to reach Redis again (the cache)
# A grant or re-stamp that took longer than this (seconds; they take a millisecond) came from a Redis
# that hung: other hosts may have fallen back meanwhile, so it is treated as a failure and the grant
# goes unused (Redis counted it, which only makes the budget smaller for a moment).
SLOW_CALL = 1.0
_FORMAT = b"2"  # 1: a plain SHA-256, which anyone who can write to Redis recomputes
LOCK_TTL = 15.0  # seconds a fill lock lives unless released: a dead holder delays the others this long
LOCK_POLL = 0.05  # seconds between a waiting host's tries for a fill lock

# KEYS: grants zset, "since" key (when this Redis first counted a grant, on its clock). ARGV: limit,
# window ms, member, pause ms. Returns {1, 0, reset} granted, or {0, ms to wait, reset}. A Redis that holds
# no "since" is new or was emptied (restarted, flushed): grants made before are lost, so none is granted
# for the pause from that moment, for every caller alike. No wait is ever longer than the pause: a
# "ready" time further ahead, or grants stamped after now (a replica whose clock lags took over, a
# hand edit), would make every host wait that long; they are dropped for one pause from now, and
# ``reset`` (1: the ready time, 2: future grants, 3: both) lets the caller say so.
_GRANT = """
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
local pause = tonumber(ARGV[4])
local reset = 0
local ready = tonumber(redis.call('GET', KEYS[2]))
if ready and ready > now + pause then reset = 1 end
if redis.call('ZREMRANGEBYSCORE', KEYS[1], '(' .. (now + 200), '+inf') > 0 then reset = reset + 2 end
if not ready or reset > 0 then
  ready = now + pause
  redis.call('SET', KEYS[2], ready)
end
if now < ready then return {0, ready - now, reset} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, math.max(1, tonumber(first[2]) + window - now)}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window * 4)
return {1, 0, reset}
"""
# KEYS: "ready" key. ARGV: pause ms. A process back from fallback asks this first: no grant to anyone
# for the pause from now (it may have used local grants until a moment ago, and a host that never saw
# the outage would otherwise be granted beside them), whether or not the Redis was emptied.
_READY = """
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local until_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
local ready = tonumber(redis.call('GET', KEYS[1]))
if not ready or ready < until_ms then redis.call('SET', KEYS[1], until_ms) end
return 1
"""
# KEYS: grants zset. ARGV: member. Moves the grant to now (never earlier), if it is still there.
_DONE = """
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], 'XX', 'GT', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[1])
return 1
"""


def redis_url() -> str | None:
    return config.redis_url()


def rate_share() -> int:
    """``EDGAR_RATE_SHARE`` (requests/second this host keeps to without Redis), 1-10, default 2."""
    return config.redis_rate_share(DEFAULT_SHARE)


def check_url(url: str) -> None:
    """Raise ``invalid_argument`` unless ``url`` is a redis://, rediss:// (TLS) or unix:// URL."""
    from ..errors import EdgarError

    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme not in ("redis", "rediss", "unix"):
        raise EdgarError(
            "invalid_argument",
            f"{URL_ENV} must be a redis://, rediss:// or unix:// URL, not {redact(url)!r}.",
            "Set it to redis://host:6379/0, or unset it to keep this host's own rate limit and cache.",
        )


def connect(url: str):
    """A redis-py client that fails fast (one immediate retry, short timeouts): a Redis that is down
    must cost a request milliseconds, not seconds."""
    from ..errors import EdgarError

    check_url(url)
    try:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry
    except ImportError:
        raise EdgarError(
            "invalid_argument",
            f"{URL_ENV} is set but the Redis client is not installed.",
            f"Install it ({install_hint('team')}), or unset {URL_ENV} to keep this host's own rate limit and cache.",
        ) from None
    return redis.Redis.from_url(
        url, socket_connect_timeout=0.5, socket_timeout=2.0, retry=Retry(NoBackoff(), 1), health_check_interval=15
    )


def _warn_stderr(message: str) -> None:
    from ..logs import warning

    warning(message)


def _event(event: str, **fields: Any) -> None:
    from ..logs import log_event

    log_event(event, **fields)


# --- the limiter ------------------------------------------------------------------------------------


class RedisLimiter:
    """The SEC's 10 requests per 1.2 s, counted in Redis for every process that shares ``url``.

    ``local(rate)`` makes the fallback limiter (the host's own bucket at ``rate`` requests/second); it
    is made the first time Redis cannot be reached. Same interface as the local limiter: ``acquire()``
    blocks and returns a slot name, ``done(slot)`` marks the response headers' arrival."""

    def __init__(
        self,
        url: str,
        local: Callable[[int], Any],
        *,
        rate: int = 10,
        window_ms: int = 1200,
        share: int | None = None,
        warn: Callable[[str], None] | None = None,
        prefix: str = PREFIX,
    ):
        self.url = url
        self.location = redact(url)
        self._redis = connect(url)
        self._grant = self._redis.register_script(_GRANT)
        self._done = self._redis.register_script(_DONE)
        self._ready = self._redis.register_script(_READY)
        self._keys = [f"{prefix}ratelimit:sec", f"{prefix}ratelimit:ready"]
        self._rate, self._window_ms = rate, window_ms
        self._share = share if share is not None else rate_share()
        self._make_local = local
        self._local: Any = None  # what _make_local made (a RateLimiter), while degraded
        self._warn = warn or _warn_stderr
        self._lock = threading.Lock()
        self._degraded = False
        self._resume_at = 0.0  # monotonic: no grant before this (a pause after a change of footing)
        self._probing = threading.Lock()  # held by the one thread asking Redis whether it is back
        self.pauses = 0  # changes of footing seen (for tests and logs)

    @property
    def is_shared(self) -> bool:
        return not self._degraded

    def _pause(self, why: str) -> None:
        """No grant for PAUSE_WINDOWS windows from now (caller holds the lock)."""
        self._resume_at = time.monotonic() + PAUSE_WINDOWS * self._window_ms / 1000
        self.pauses += 1
        _event("ratelimit_pause", reason=why, seconds=PAUSE_WINDOWS * self._window_ms / 1000, redis=self.location)

    def _fall_back(self, exc: Exception) -> None:
        with self._lock:
            if self._degraded:
                return
            if self._local is None:
                self._local = self._make_local(self._share)
            self._pause("redis unreachable")
            self._degraded = True  # last: other threads read it without the lock
        self._warn(
            f"the shared rate limit at {self.location} cannot be reached ({type(exc).__name__}: {exc}); "
            f"this host keeps to {self._share} requests/s ({SHARE_ENV}) until Redis answers again"
        )

    def _recovered(self) -> bool:
        """In fallback: does Redis answer now? If so, back to the shared budget after a pause. Asked
        before every local grant is used, one thread at a time (the others wait for its answer rather
        than use a local grant meanwhile): a local grant is only ever used after Redis failed to answer."""
        with self._probing:
            if not self._degraded:
                return True  # another thread's probe found Redis back while this one waited
            try:
                self._ready(keys=self._keys[1:], args=[PAUSE_WINDOWS * self._window_ms])
            except Exception:  # redis.RedisError, OSError: still down
                return False
        with self._lock:
            if self._degraded:
                self._degraded = False
                self._pause("redis answers again")
                self._warn(f"the shared rate limit at {self.location} answers again; back to the shared budget")
        return True

    def _wait_pause(self, deadline: float | None = None) -> None:
        delay = self._resume_at - time.monotonic()
        if delay > 0:
            _sleep_until_deadline(delay + random.random() * 0.02, deadline)

    def acquire(self, deadline: float | None = None) -> str:
        """Block until one more request fits in the shared window; the slot's name, for :meth:`done`.

        ``deadline`` (a time.monotonic() value): raise ratelimit.LimiterDeadline rather than wait past it."""
        name = f"{os.getpid()}:{threading.get_ident()}:{uuid.uuid4().hex[:12]}"
        pause_ms = PAUSE_WINDOWS * self._window_ms
        while True:
            self._wait_pause(deadline)
            if self._degraded:
                slot = self._local.acquire(deadline)
                if self._recovered():
                    continue  # back on Redis (this thread saw it, or another did): the local slot goes unused
                if time.monotonic() < self._resume_at:
                    continue  # another thread changed the footing meanwhile
                return "local:" + slot
            asked = time.monotonic()
            try:
                granted, wait_ms, *reset = self._grant(
                    keys=self._keys, args=[self._rate, self._window_ms, name, pause_ms]
                )
            except Exception as exc:  # redis.RedisError (ConnectionError, TimeoutError, BusyLoadingError), OSError
                self._fall_back(exc)
                continue
            took = time.monotonic() - asked
            if reset and int(reset[0]):
                self._warn_reset(int(reset[0]))
            if took > SLOW_CALL:
                self._fall_back(TimeoutError(f"a grant took {took:.1f} s"))
                continue  # the late grant goes unused
            if int(granted):
                return "redis:" + name
            _sleep_until_deadline(min(int(wait_ms), 250) / 1000 + random.random() * 0.02, deadline)

    def _warn_reset(self, reset: int) -> None:
        what = " and ".join(w for bit, w in ((1, "a 'ready' time"), (2, "grants stamped in the future")) if reset & bit)
        self._warn(
            f"the shared rate limit at {self.location} held {what} beyond its {PAUSE_WINDOWS}-window pause "
            "(a Redis whose clock lags took over, or a hand edit); reset them to one pause from now rather "
            "than wait for them"
        )
        _event("ratelimit_reset", redis=self.location, ready=bool(reset & 1), future_grants=bool(reset & 2))

    def done(self, slot: str, deadline: float | None = None) -> None:
        """The response headers for ``slot`` have arrived: count the grant from now on (a local slot waits for
        the host bucket's lock until ``deadline`` at most)."""
        kind, _, name = slot.partition(":")
        if kind == "local":
            if self._local is not None:
                self._local.done(name, deadline)
            return
        if self._degraded:
            return  # Redis is down (or hangs): the caller's response is not held up to say so again
        asked = time.monotonic()
        try:
            self._done(keys=self._keys[:1], args=[name])
            took = time.monotonic() - asked
            if took > SLOW_CALL:
                self._fall_back(TimeoutError(f"a re-stamp took {took:.1f} s"))
        except Exception as exc:
            self._fall_back(exc)


def _sleep_until_deadline(seconds: float, deadline: float | None) -> None:
    """Sleep ``seconds``, or raise ratelimit.LimiterDeadline if that would end past ``deadline``."""
    if deadline is not None and time.monotonic() + seconds >= deadline:
        from .ratelimit import LimiterDeadline

        raise LimiterDeadline("no rate-limit slot before the deadline")
    time.sleep(seconds)


# --- the cache --------------------------------------------------------------------------------------


class RedisCache:
    """The response and companyfacts cache in Redis, in front of this host's disk cache (same interface
    as :class:`~edgar_cli.sec.cache.DiskCache`): every failure degrades to the disk cache or a miss."""

    def __init__(
        self,
        url: str,
        disk: DiskCache,
        *,
        key: bytes,
        warn: Callable[[str], None] | None = None,
        prefix: str = PREFIX,
        ttl: int = CACHE_TTL,
    ):
        if not key:
            raise ValueError("the shared cache needs a signing key")
        self.url = url
        self._secret = bytes(key)
        self.disk = disk
        self.enabled = disk.enabled
        self.directory = disk.directory
        self.location = redact(url)
        self._redis = connect(url)
        self._prefix = f"{prefix}cache:"
        self._lock_prefix = f"{prefix}lock:"
        self._ttl = ttl
        self._warn = warn or _warn_stderr
        self._down_until = 0.0  # monotonic: Redis is not asked again before this (0: it answers)
        self._down_lock = threading.Lock()
        self._warned = False

    def _key(self, key: str) -> str:
        return self._prefix + key

    def _up(self) -> bool:
        """Ask Redis? Yes while it answers; once it failed, one caller every RETRY_REDIS_EVERY seconds
        (the others read this host's copy meanwhile, so a Redis that hangs holds up one call, not all)."""
        if not self.enabled:
            return False
        if self._down_until == 0.0:
            return True
        with self._down_lock:
            now = time.monotonic()
            if now < self._down_until:
                return False
            self._down_until = now + RETRY_REDIS_EVERY  # this caller asks; _answered() clears it
            return True

    def _answered(self) -> None:
        self._down_until = 0.0

    def _failed(self, exc: Exception) -> None:
        self._down_until = time.monotonic() + RETRY_REDIS_EVERY
        if not self._warned:
            self._warned = True
            self._warn(
                f"the shared cache at {self.location} cannot be reached ({type(exc).__name__}: {exc}); "
                f"using this host's cache in {self.directory} until it answers"
            )
            _event("cache_fallback", redis=self.location, error=f"{type(exc).__name__}: {exc}")

    def get(self, key: str) -> Entry | None:
        """The newest of the shared entry and this host's copy: Redis is asked when the entry was stored
        (one small field); the payload crosses the network only when the shared entry is newer than the
        local copy, which it then replaces."""
        if not self.enabled:
            return None
        local = self.disk.get(key)
        if not self._up():
            return local
        try:
            shared_at = self._redis.hget(self._key(key), "t")
            self._answered()
            if shared_at is None or (local is not None and local.stored_at >= float(shared_at)):
                return local
            raw = self._redis.hgetall(self._key(key))
        except (ValueError, TypeError):  # a stamp that is not a number: not an entry edgar signed
            self._refuse(key, "its stamp is not a time")
            return local
        except Exception as exc:  # redis.RedisError, OSError
            self._failed(exc)
            return local
        if not raw:
            return local  # expired or removed meanwhile
        entry, problem = _decode(raw, self._secret, key)
        if entry is None:
            self._refuse(key, problem)
            return local
        self.disk.set(key, entry.payload, entry.stored_at, entry.meta)
        return entry

    def _refuse(self, key: str, problem: str) -> None:
        """An entry that is not one a host of this team signed (forged, damaged, of another format or
        another key): dropped, said on stderr every time (someone or something wrote to Redis), fetched again."""
        self._delete_redis(key)
        name = key if len(key) <= 200 else key[:200] + "..."
        self._warn(
            f"the shared cache entry {name} in {self.location} is not signed with this team's key "
            f"({problem}): refused and dropped, fetching it again; check who can write to Redis and that "
            "every host has the same EDGAR_REDIS_KEY"
        )
        _event("cache_refused", redis=self.location, entry=name, reason=problem)

    @contextmanager
    def filling(self, key: str, deadline: float) -> Iterator[bool]:
        """Around fetching ``key`` after a miss: one host at a time fetches it for the whole team.

        Takes the entry's fill lock in Redis, waiting while another host (or thread) holds it, at most
        until ``deadline`` (a time.monotonic() value) or :data:`LOCK_TTL`. Yields True when Redis
        answered: the caller reads the cache again before fetching (a holder may have stored the entry
        between the caller's miss and this lock, unless it failed). Without Redis it yields False, and
        when the wait ran out it yields without the lock; the lock is released on leaving, whatever
        happened."""
        if not self._up():
            yield False
            return
        lock = self._redis.lock(self._lock_prefix + key, timeout=LOCK_TTL, sleep=LOCK_POLL)
        answered = held = False
        try:
            held = bool(lock.acquire(blocking=False))
            if not held:
                bound = max(0.0, min(LOCK_TTL, deadline - time.monotonic()))
                held = bool(lock.acquire(blocking=True, blocking_timeout=bound))
            answered = True
            self._answered()
        except Exception as exc:  # redis.RedisError, OSError: fetch without the lock
            self._failed(exc)
        try:
            yield answered
        finally:
            if held:
                try:
                    lock.release()
                except Exception:  # expired and maybe taken by another (LockNotOwnedError), or Redis is gone
                    pass

    def set(self, key: str, payload: bytes, stored_at: float, meta: dict[str, Any] | None = None) -> None:
        if not self.enabled:
            return
        self.disk.set(key, payload, stored_at, meta)
        if not self._up():
            return
        stamp, meta_json = repr(float(stored_at)), json.dumps(meta or {}, sort_keys=True)
        record = {
            "f": _FORMAT,
            "t": stamp,
            "h": _signature(self._secret, key, stamp, meta_json, payload),
            "m": meta_json,
            "p": payload,
        }
        try:
            with self._redis.pipeline(transaction=True) as pipe:
                pipe.delete(self._key(key))
                pipe.hset(self._key(key), mapping=record)
                pipe.expire(self._key(key), self._ttl)
                pipe.execute()
            self._answered()
        except Exception as exc:
            self._failed(exc)

    def _delete_redis(self, key: str) -> None:
        try:
            self._redis.delete(self._key(key))
        except Exception as exc:
            self._failed(exc)

    def delete(self, key: str) -> None:
        if self._up():
            self._delete_redis(key)
        self.disk.delete(key)

    def _keys(self):
        return self._redis.scan_iter(match=self._prefix + "*", count=500)

    def info(self) -> dict[str, Any]:
        """Entries and payload bytes in Redis, by kind (the key's first part), and the local cache's."""
        local = self.disk.info()
        out = {
            "directory": f"{self.location} (shared), {self.directory} (this host)",
            "enabled": self.enabled,
            "entries": 0,
            "bytes": 0,
            "by_kind": {},
            "local": local,
        }
        try:
            keys = list(self._keys())
            with self._redis.pipeline(transaction=False) as pipe:
                for k in keys:
                    pipe.hstrlen(k, "p")
                sizes = pipe.execute()
        except Exception as exc:
            self._failed(exc)
            return {**local, "directory": out["directory"], "error": f"Redis: {type(exc).__name__}: {exc}"}
        kinds: dict[str, int] = {}
        for k in keys:
            kind = k.decode()[len(self._prefix) :].split(":", 1)[0]
            kinds[kind] = kinds.get(kind, 0) + 1
        return {**out, "entries": len(keys), "bytes": int(sum(sizes)), "by_kind": kinds}

    def clear(self) -> int:
        """Remove every shared entry (for every host) and this host's cache; the shared entries removed."""
        removed = 0
        try:
            batch = []
            for k in self._keys():
                batch.append(k)
                if len(batch) >= 500:
                    removed += int(self._redis.unlink(*batch))
                    batch = []
            if batch:
                removed += int(self._redis.unlink(*batch))
        except Exception as exc:
            self._failed(exc)
        self.disk.clear()
        return removed

    def close(self) -> None:
        self.disk.close()
        try:
            self._redis.close()
        except Exception:  # pragma: no cover - best effort on shutdown
            pass


def _signature(secret: bytes, key: str, stamp: str, meta_json: str, payload: bytes) -> str:
    """HMAC-SHA256 (hex) under the team's key over the format, the entry's name, when it was stored, its
    metadata and its payload, each length-prefixed: an entry moved under another name, restamped or
    changed in any byte does not match, and none can be signed without the key."""
    mac = hmac.new(secret, digestmod=hashlib.sha256)
    for part in (_FORMAT, key.encode("utf-8"), stamp.encode("utf-8"), meta_json.encode("utf-8"), payload):
        mac.update(b"%d:" % len(part))
        mac.update(part)
    return mac.hexdigest()


def _decode(raw: dict, secret: bytes, key: str) -> tuple[Entry | None, str]:
    """(the entry of a Redis hash, "") when its signature under ``secret`` holds, else (None, why not)."""
    try:
        if raw.get(b"f") != _FORMAT:
            return None, "no signature" if raw.get(b"f") in (None, b"1") else "another format"
        stamp, meta_json, payload, signature = raw[b"t"].decode(), raw[b"m"].decode(), raw[b"p"], raw[b"h"].decode()
        if not hmac.compare_digest(_signature(secret, key, stamp, meta_json, payload), signature):
            return None, "a signature that does not match"
        return Entry(payload=payload, stored_at=float(stamp), meta=dict(json.loads(meta_json))), ""
    except (KeyError, ValueError, TypeError, UnicodeDecodeError):
        return None, "a damaged record"


# --- the seams the client calls ---------------------------------------------------------------------


def open_cache(disk: DiskCache, warn: Callable[[str], None] | None = None) -> DiskCache | RedisCache:
    """The cache in force: ``disk`` alone, or Redis in front of it when EDGAR_REDIS_URL is set (and the
    cache is not turned off), its entries signed with the team's key.

    Raises ``invalid_argument`` when EDGAR_REDIS_URL is set without a key (EDGAR_REDIS_KEY or
    EDGAR_REDIS_KEY_FILE) or with an unusable one: an unsigned shared cache lets whoever can write to
    Redis choose the figures every host serves, and quietly keeping to this host's cache would hide
    that the team no longer shares one."""
    from ..config import REDIS_KEY_ENV, REDIS_KEY_FILE_ENV, REDIS_KEY_HELP, redis_key
    from ..errors import EdgarError

    url = redis_url()
    if url is None or not disk.enabled:
        return disk
    check_url(url)
    key = redis_key()
    if key is None:
        raise EdgarError(
            "invalid_argument",
            f"{URL_ENV} is set but no key signs the shared cache ({REDIS_KEY_ENV} "
            f"or {REDIS_KEY_FILE_ENV}): unsigned, anyone who can write to Redis could change the "
            "figures every host serves.",
            REDIS_KEY_HELP,
        )
    return RedisCache(url, disk, key=key, warn=warn)


def open_limiter(local: Callable[[int], Any], rate: int | None = None, warn: Callable[[str], None] | None = None):
    """The limiter in force: ``local(rate)`` (the host's shared bucket, sec/ratelimit.py), or the Redis
    limiter (falling back to ``local(share)``) when EDGAR_REDIS_URL is set."""
    from .ratelimit import RATE_PER_SECOND

    rate = RATE_PER_SECOND if rate is None else rate
    url = redis_url()
    if url is None:
        return local(rate)
    return RedisLimiter(url, local, rate=rate, warn=warn)

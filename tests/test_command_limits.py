"""Issue 33, items 3, 6, 8 and 13: nothing waits forever, a divided budget holds, a relative cache dir caches.

- A rate limiter whose state says to wait longer than its window is broken (a ``ready`` time a day
  ahead in Redis, future rows in the host's SQLite bucket after the wall clock stepped back): the
  wait is capped, the state reset with a warning, and no wait outlasts the command's deadline.
- ``EDGAR_RATE_SHARE`` is the requests/second a host keeps to, with or without Redis.
- A relative ``EDGAR_CACHE_DIR`` is made absolute at start, and a cache error that is not damage
  never deletes an entry.
- One deadline per command (``EDGAR_COMMAND_TIMEOUT``, default 60 s) bounds every request, retry
  and wait of a CLI command or an MCP tool call.

Waits are bounded by a guard (a thread join, a subprocess timeout) far above what the fixed code
takes and far below what the broken code did (a day; 45 s per request).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import anyio
import pytest
import reliability_kit as K
from support import NVDA_REVENUE_FY2024_ARGS, edgar_command, edgar_env, run_edgar

from edgar_cli.errors import EdgarError
from edgar_cli.sec import transport
from edgar_cli.sec.ratelimit import DB_NAME, RateLimiter

DAY_MS = 86_400_000
NVDA_SUBMISSIONS = "/data.sec.gov/submissions/CIK0001045810.json"
TICKERS_EXCHANGE = "/www.sec.gov/files/company_tickers_exchange.json"
TICKERS = "/www.sec.gov/files/company_tickers.json"
NVDA_LATEST_10K = ("filings", "NVDA", "--form", "10-K", "--limit", "1", "--json")
GUARD = 30.0  # seconds: the broken code waited a day (limiters) or 45 s and more (deadlines)


def _finishes(fn, guard: float = GUARD):
    """fn()'s result, or a failed test if it is still running after ``guard`` seconds."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as exc:  # reported below
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(guard)
    assert not t.is_alive(), f"still waiting after {guard:.0f} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


# --- 3. a host bucket with future rows --------------------------------------------------------------


def _plant_future_rows(directory: Path, count: int = 12) -> None:
    conn = sqlite3.connect(directory / DB_NAME)
    conn.executemany(
        "INSERT INTO sec_requests (name, item_timestamp) VALUES (?, ?)",
        [(f"planted{i}", _now_ms() + DAY_MS) for i in range(count)],
    )
    conn.commit()
    conn.close()


def test_future_rows_in_the_host_bucket_are_reset_with_a_warning_instead_of_waited_for(tmp_path):
    warnings: list[str] = []
    limiter = RateLimiter(tmp_path / "rl", warn=warnings.append)
    assert limiter.is_shared
    _plant_future_rows(tmp_path / "rl")  # the wall clock stepped back a day after these were granted
    slot = _finishes(limiter.acquire)
    limiter.done(slot)
    assert any("future" in w and "reset" in w for w in warnings), warnings
    conn = sqlite3.connect(tmp_path / "rl" / DB_NAME)
    newest = conn.execute("SELECT MAX(item_timestamp) FROM sec_requests").fetchone()[0]
    conn.close()
    assert newest <= _now_ms() + 1000  # no row is left where it would make anyone wait past the window


def test_a_rate_limit_wait_ends_at_the_deadline_with_an_error_not_a_hang(tmp_path):
    limiter = RateLimiter(tmp_path / "rl", rate=1, warn=lambda _m: None)
    limiter.done(limiter.acquire())  # the one slot of the window is taken
    from edgar_cli.sec.ratelimit import LimiterDeadline

    with pytest.raises(LimiterDeadline):
        _finishes(lambda: limiter.acquire(deadline=time.monotonic() + 0.2))


class _HeldBucketLock:
    """The host bucket's file lock held by someone else (another process stuck, or `flock ... sleep`): an
    flock on its own open file, which conflicts with the limiter's whatever the process."""

    def __init__(self, folder: Path):
        import fcntl

        self.fh = open(folder / (DB_NAME + ".lock"), "a")
        fcntl.flock(self.fh, fcntl.LOCK_EX)

    def release(self) -> None:
        self.fh.close()


def test_a_rate_limit_slot_waits_for_the_bucket_lock_no_longer_than_the_deadline(tmp_path):
    from edgar_cli.sec.ratelimit import LimiterDeadline

    limiter = RateLimiter(tmp_path / "rl", warn=lambda _m: None)
    held = _HeldBucketLock(tmp_path / "rl")
    try:
        with pytest.raises(LimiterDeadline):  # was: waiting on the file lock for as long as it was held
            _finishes(lambda: limiter.acquire(deadline=time.monotonic() + 0.3))
        assert limiter.is_shared  # a lock held elsewhere is a wait, not a broken bucket
    finally:
        held.release()
    limiter.done(_finishes(limiter.acquire))  # free again: granted


def test_a_command_whose_bucket_lock_is_held_ends_at_its_command_deadline(mirror, tmp_path):
    folder = tmp_path / "rl"
    RateLimiter(folder, warn=lambda _m: None)  # creates the bucket
    held = _HeldBucketLock(folder)
    try:
        env = edgar_env(mirror.url, tmp_path / "cache", EDGAR_RATELIMIT_DIR=str(folder), EDGAR_COMMAND_TIMEOUT="3")
        proc = run_edgar(NVDA_REVENUE_FY2024_ARGS, env, timeout=GUARD)  # was: as long as the lock was held
    finally:
        held.release()
    error = json.loads(proc.stdout or proc.stderr)["error"]
    assert proc.returncode == 8 and error["code"] == "upstream_unavailable", proc.stderr
    assert "3 s" in error["message"] and "EDGAR_COMMAND_TIMEOUT" in error["message"]


def test_a_download_waits_for_the_bucket_lock_no_longer_than_its_deadline(mirror, tmp_path, monkeypatch):
    from edgar_cli.sec import client as client_module

    monkeypatch.setenv("EDGAR_RATELIMIT_DIR", str(tmp_path / "rl"))
    monkeypatch.setattr(client_module, "DOWNLOAD_HEADERS_SECONDS", 0.5)
    monkeypatch.setattr(client_module, "DOWNLOAD_ATTEMPTS", 2)
    c = K.make_client(mirror.url, tmp_path / "cache")
    c._rate_limiter()  # creates the bucket
    held = _HeldBucketLock(tmp_path / "rl")
    try:
        with pytest.raises(EdgarError) as info:  # was: a wait as long as the lock was held (the bulk sync's hours)
            _finishes(lambda: c.download("https://www.sec.gov/files/company_tickers.json", tmp_path / "t.json"))
    finally:
        held.release()
        c.close()
    assert info.value.code == "upstream_unavailable" and "rate limit" in info.value.message
    assert not (tmp_path / "t.json").exists()


def test_a_command_over_a_host_bucket_with_future_rows_answers_with_a_warning(edgar, tmp_path):
    folder = tmp_path / "rl"
    RateLimiter(folder, warn=lambda _m: None)  # creates the bucket
    _plant_future_rows(folder)
    res = edgar(
        *NVDA_LATEST_10K,
        env={"EDGAR_RATELIMIT_DIR": str(folder)},
        timeout=GUARD,
    )
    assert res.rc == 0, res.err
    assert "0001045810" in res.out and "future" in res.err and "warning" in res.err


# --- 3. Redis: a ready time a day ahead, future grants -----------------------------------------------


@pytest.fixture
def redis_limiter(redis_server, tmp_path):
    """(make a RedisLimiter, the redis client, warnings): keys under a prefix of this test's own."""
    import redis

    from edgar_cli.sec.redis_shared import RedisLimiter

    prefix = f"edgar-limits-{os.getpid()}-{time.monotonic_ns()}:"
    url = f"redis://127.0.0.1:{redis_server.port}/0"
    r = redis.Redis.from_url(url)
    warnings: list[str] = []

    def make() -> RedisLimiter:
        return RedisLimiter(
            url,
            lambda rate: RateLimiter(tmp_path / "local", rate=rate, warn=warnings.append),
            warn=warnings.append,
            prefix=prefix,
        )

    yield make, r, prefix, warnings
    for key in r.scan_iter(prefix + "*"):
        r.delete(key)
    r.close()


def test_a_ready_time_a_day_ahead_in_redis_is_reset_with_a_warning_instead_of_waited_for(redis_limiter):
    make, r, prefix, warnings = redis_limiter
    r.set(prefix + "ratelimit:ready", _now_ms() + DAY_MS)  # an attacker, or a replica whose clock lags a day
    limiter = make()
    slot = _finishes(limiter.acquire)
    limiter.done(slot)
    assert slot.startswith("redis:")  # granted by the shared limit, not by a fallback
    assert any("ready" in w and "reset" in w for w in warnings), warnings
    assert int(r.get(prefix + "ratelimit:ready")) <= _now_ms() + 5000


def test_grants_stamped_a_day_ahead_in_redis_are_dropped_with_a_warning_instead_of_waited_for(redis_limiter):
    make, r, prefix, warnings = redis_limiter
    r.set(prefix + "ratelimit:ready", 0)
    r.zadd(prefix + "ratelimit:sec", {f"planted{i}": _now_ms() + DAY_MS for i in range(12)})
    limiter = make()
    slot = _finishes(limiter.acquire)
    assert slot.startswith("redis:")
    assert any("future" in w and "reset" in w for w in warnings), warnings
    assert r.zrangebyscore(prefix + "ratelimit:sec", _now_ms() + 5000, "+inf") == []


# --- 6. EDGAR_RATE_SHARE without Redis -----------------------------------------------------------------


def test_three_hosts_with_rate_share_three_and_no_redis_keep_to_three_requests_a_second_each(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_RATE_SHARE", "3")
    limiters = []
    for k in range(3):  # three hosts: a bucket each, as on three machines
        monkeypatch.setenv("EDGAR_RATELIMIT_DIR", str(tmp_path / f"host{k}"))
        client = K.make_client("http://127.0.0.1:9", tmp_path / f"cache{k}")
        limiters.append(client._rate_limiter())

    def host(limiter):
        for _ in range(5):
            limiter.done(limiter.acquire())

    threads = [threading.Thread(target=host, args=(lim,)) for lim in limiters for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GUARD)
    assert all(lim.is_shared for lim in limiters)
    grants = []  # as each host's bucket recorded them (the time each response's headers came)
    for k in range(3):
        conn = sqlite3.connect(tmp_path / f"host{k}" / DB_NAME)
        grants += [ms / 1000 for (ms,) in conn.execute("SELECT item_timestamp FROM sec_requests")]
        conn.close()
    assert len(grants) == 30
    assert K.max_in_one_second(grants) <= 9  # three hosts at three each; without the share, 30


def test_an_invalid_rate_share_is_an_error_with_a_code(edgar):
    res = edgar("filings", "NVDA", "--json", env={"EDGAR_RATE_SHARE": "lots"})
    assert res.rc == 2 and json.loads(res.out or res.err)["error"]["code"] == "invalid_argument"


# --- 8. a relative cache directory ---------------------------------------------------------------------


def test_a_relative_cache_dir_is_made_absolute_at_start(tmp_path, monkeypatch):
    from edgar_cli.config import Settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EDGAR_CACHE_DIR", "relative-cache")
    assert Settings.from_env().cache_dir == tmp_path / "relative-cache"


def test_with_a_relative_cache_dir_the_second_command_makes_no_request(mirror, tmp_path):
    env = dict(os.environ, EDGAR_MIRROR=mirror.url, EDGAR_CACHE_DIR="relative-cache")
    argv = edgar_command() + ["filings", "NVDA", "--form", "10-K", "--limit", "1", "--json"]
    first = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    before = len(mirror.log)
    second = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    answer = json.loads(second.stdout)
    assert answer["data_source"]["kind"] == "cache"  # was "live": the entry was deleted as damaged
    assert {**answer, "data_source": None} == {**json.loads(first.stdout), "data_source": None}
    assert len(mirror.log) == before  # served from the cache in tmp_path/relative-cache
    assert (tmp_path / "relative-cache" / "http" / "cache.db").is_file()


def test_a_cache_error_that_is_not_damage_keeps_the_entry(tmp_path, monkeypatch):
    from edgar_cli.sec.cache import DiskCache

    warnings: list[str] = []
    cache = DiskCache(tmp_path / "cache", warn=warnings.append)
    cache.set("submissions:x", b"{}", 1.0, {"url": "x"})
    cache.close()

    def broken(self):
        raise ValueError("a reader that cannot be opened (not a damaged entry)")

    with monkeypatch.context() as m:
        m.setattr(DiskCache, "_open_reader", broken)
        assert cache.get("submissions:x") is None
    assert warnings  # said once on stderr
    again = DiskCache(tmp_path / "cache")
    entry = again.get("submissions:x")
    assert entry is not None and entry.payload == b"{}"
    again.close()


# --- 13. one deadline per command ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def slow_upstream(corpus):
    from hostile import HostileServer

    with HostileServer(corpus) as srv:
        yield srv


@pytest.fixture
def trickling(slow_upstream):
    """The hostile server, with the ticker files and NVIDIA's submissions sending their headers a byte at a time."""
    slow_upstream.armed.clear()
    slow_upstream.hits.clear()
    for path in (TICKERS_EXCHANGE, TICKERS, NVDA_SUBMISSIONS):
        slow_upstream.arm(path, "trickle-headers")
    yield slow_upstream
    slow_upstream.armed.clear()


def _env(upstream, tmp_path, **extra) -> dict:
    return edgar_env(upstream.url, tmp_path / "cache", EDGAR_SEMANTIC="0", **extra)


def test_a_cli_command_against_a_slow_header_upstream_ends_at_its_command_deadline(trickling, tmp_path):
    argv = edgar_command() + ["filings", "NVDA", "--json"]
    proc = subprocess.run(
        argv, env=_env(trickling, tmp_path, EDGAR_COMMAND_TIMEOUT="3"), capture_output=True, text=True, timeout=GUARD
    )  # each request alone had 45 s
    error = json.loads(proc.stdout or proc.stderr)["error"]
    assert proc.returncode == 8 and error["code"] == "upstream_unavailable", proc.stderr
    assert "3 s" in error["message"] and "EDGAR_COMMAND_TIMEOUT" in error["message"] + error["suggestion"]
    assert sum(trickling.hits.values()) == 1  # the one slow request had the command's time; nothing after it


def test_an_invalid_command_timeout_is_an_error_with_a_code(edgar):
    res = edgar("filings", "NVDA", "--json", env={"EDGAR_COMMAND_TIMEOUT": "-1"})
    assert res.rc == 2 and json.loads(res.out or res.err)["error"]["code"] == "invalid_argument"


def test_every_mcp_tool_call_has_its_own_command_deadline(trickling, tmp_path):
    from test_mcp import _session_run

    async def work(session):
        with anyio.fail_after(GUARD):
            return [await session.call_tool("list_filings", {"company": "NVDA"}) for _ in range(2)]

    results = anyio.run(_session_run, _env(trickling, tmp_path, EDGAR_COMMAND_TIMEOUT="3"), work)
    assert sum(trickling.hits.values()) == 2  # one slow request per call, nothing after it
    for result in results:  # both calls: each had its own 3 s, neither the other's, neither 45 s
        assert result.is_error
        error = json.loads(result.content[0].text)["error"]
        assert error["code"] == "upstream_unavailable" and "3 s" in error["message"]


@pytest.mark.parametrize("status, code", [(503, "upstream_unavailable"), (429, "rate_limited")])
def test_a_retry_after_longer_than_what_is_left_of_the_deadline_is_not_waited_for(corpus, tmp_path, status, code):
    from mirror import MirrorServer

    with MirrorServer(corpus) as own:
        own.script(NVDA_SUBMISSIONS, *[(status, {"Retry-After": "30", "Content-Type": "text/plain"}, b"busy")] * 4)
        client = K.make_client(own.url, tmp_path / "cache")

        def command():
            with transport.command_deadline(2.0):  # entered in the thread that runs the command
                return client.get_json("https://data.sec.gov/submissions/CIK0001045810.json", kind="submissions")

        try:
            with pytest.raises(EdgarError) as info:
                _finishes(command, guard=20)  # Retry-After asked for 30 s
        finally:
            client.close()
    assert info.value.code == code and "30 s" in info.value.message and "deadline" in info.value.message
    assert len(client.requests.urls) == 1  # asked once; the answer's own wait was past the deadline


def test_a_command_sharing_a_redis_whose_ready_time_is_a_day_ahead_answers_with_a_warning(edgar, redis_server):
    import redis

    url = f"redis://127.0.0.1:{redis_server.port}/0"
    r = redis.Redis.from_url(url)
    try:
        r.set("edgar:ratelimit:ready", _now_ms() + DAY_MS)
        res = edgar(
            *NVDA_LATEST_10K,
            env={"EDGAR_REDIS_URL": url, "EDGAR_REDIS_KEY": "limits-tests-redis-key-0123456789abcdef"},
            timeout=GUARD,
        )
        assert res.rc == 0, res.err
        assert "0001045810" in res.out and "reset" in res.err and "warning" in res.err
        assert int(r.get("edgar:ratelimit:ready")) <= _now_ms() + 5000
    finally:
        for key in r.scan_iter("edgar:*"):
            r.delete(key)
        r.close()


def test_index_add_keeps_to_the_calls_deadline_not_a_fresh_one_per_filing(slow_upstream, tmp_path, monkeypatch):
    # index_add gave each filing a new command deadline, replacing the call's own: an MCP call (or a command)
    # whose filing document trickled ran a request's 45 s past its deadline
    from edgar_cli.capabilities.local_index.local_index import index_add

    slow_upstream.armed.clear()
    slow_upstream.hits.clear()
    document = "/www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
    slow_upstream.arm(document, "trickle-headers")
    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    c = K.make_client(slow_upstream.url, tmp_path / "cache")

    def add():
        with transport.command_deadline(4):  # the call's own deadline
            return index_add(["NVDA"], accession_numbers=["0001045810-25-000023"], semantic=False, client=c)

    try:
        result = _finishes(add)
    finally:
        slow_upstream.armed.clear()
        c.close()
    assert slow_upstream.hits[document] >= 1 and [s.accession_number for s in result.skipped] == [
        "0001045810-25-000023"
    ]  # NVIDIA's FY2025 10-K: skipped at the call's deadline, not fetched for 45 s

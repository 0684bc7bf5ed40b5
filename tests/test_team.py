"""Issue 21: a team on several hosts shares one SEC budget and one cache through Redis (EDGAR_REDIS_URL).

"Hosts" are worker processes (tests/helpers/team_worker.py), each with its own cache directory, 20 concurrent
callers and one SecClient, as three MCP server replicas on three machines would be; all share one
throwaway redis-server (tests/helpers/engines.py; skipped with the reason when it is not installed, failing
under EDGAR_REQUIRE_ENGINES=1 as in CI). What the SEC would see is the mirror's request log. Each test
uses its own Redis database number. Bodies are checked against MANIFEST.tsv's SHA-256 of the corpus
file; the concept figures are NVIDIA's FY2024 revenue, 60,922,000,000 USD (us-gaap:Revenues, 10-K
0001045810-24-000029).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "helpers"))

from reliability_kit import max_in_one_second  # noqa: E402
from support import NVDA_REVENUE_FY2024_ARGS  # noqa: E402

NVDA_REVENUE_FY2024 = 60_922_000_000
NVDA_FY2024_10K = "0001045810-24-000029"
# The secret every test host signs the shared cache with (EDGAR_REDIS_KEY); 32+ characters.
TEAM_KEY = "team-tests-redis-key-0123456789abcdef"


def _manifest(corpus: Path) -> dict[str, str]:
    rows = [line.split("\t") for line in (corpus / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    return {
        r[0]: r[5]
        for r in rows
        if r[2] == "200" and int(r[4]) < 200_000 and "efts.sec.gov" not in r[0] and "/submissions/" not in r[0]
    }  # submissions are asked by the concept lookups too


@pytest.fixture(scope="module")
def small_files(corpus) -> dict[str, str]:
    """URL -> SHA-256 of the corpus's small files (Archives documents, indexes, ticker files)."""
    files = _manifest(corpus)
    assert len(files) >= 80
    return files


_db = iter(range(1, 16))


@pytest.fixture
def redis_db(redis_server):
    """A Redis URL of a database of its own, emptied; the ratelimit's start-up pause already passed."""
    import redis

    url = f"redis://127.0.0.1:{redis_server.port}/{next(_db)}"
    r = redis.Redis.from_url(url)
    r.flushdb()
    r.set("edgar:ratelimit:ready", 0)  # a Redis that has counted grants before: no start-up pause
    yield url, r
    r.close()


class Hosts:
    """Worker processes started together on one signal; ``finish()`` -> their results and stderr."""

    def __init__(
        self, mirror, redis_url: str, tmp: Path, tasks: list[list[dict]], *, callers: int = 20, env: dict | None = None
    ):
        tmp.mkdir(parents=True, exist_ok=True)
        self.go = tmp / "go"
        self.procs = []
        for k, mine in enumerate(tasks):
            full = dict(
                os.environ,
                EDGAR_MIRROR=mirror.url,
                EDGAR_CACHE_DIR=str(tmp / f"host{k}" / "cache"),
                EDGAR_CONFIG_DIR=str(tmp / f"host{k}" / "config"),
                EDGAR_RATE_SHARE="3",
                # each "host" has its own host bucket (sec/ratelimit.py), the one it falls back to
                EDGAR_RATELIMIT_DIR=str(tmp / f"host{k}" / "ratelimit"),
                EDGAR_NONINTERACTIVE="1",
                **(env or {}),
            )
            if redis_url:
                full["EDGAR_REDIS_URL"] = redis_url
                full.setdefault("EDGAR_REDIS_KEY", TEAM_KEY)
            p = subprocess.Popen(
                [
                    sys.executable,
                    str(HERE / "helpers" / "team_worker.py"),
                    "--callers",
                    str(callers),
                    "--go-file",
                    str(self.go),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=full,
            )
            p.stdin.write("".join(json.dumps(t) + "\n" for t in mine))
            p.stdin.close()
            p.stdin = None  # written: communicate() only reads
            self.procs.append(p)

    def start(self) -> float:
        """Signal every worker once all are set up (imports and clients are not part of the run)."""
        _wait(
            lambda: (
                len(list(self.go.parent.glob("go.ready.*"))) == len(self.procs)
                or any(p.poll() is not None for p in self.procs)
            ),
            60,
        )
        t0 = time.time()
        self.go.touch()
        return t0

    def finish(self, timeout: float = 120) -> tuple[list[list[dict]], list[str]]:
        results, errs = [], []
        for p in self.procs:
            out, err = p.communicate(timeout=timeout)
            assert p.returncode == 0, err[-2000:]
            results.append([json.loads(line) for line in out.splitlines()])
            errs.append(err)
        return results, errs


def _split(urls: list[str], hosts: int, each: int) -> list[list[dict]]:
    return [[{"url": u} for u in urls[k * each : (k + 1) * each]] for k in range(hosts)]


def test_three_hosts_under_twenty_callers_each_never_exceed_ten_requests_a_second(
    mirror, redis_db, small_files, tmp_path
):
    url, _r = redis_db
    files = sorted(small_files)
    hosts = Hosts(mirror, url, tmp_path, _split(files, 3, 20))
    before = len(mirror.log)
    hosts.start()
    results, _ = hosts.finish()
    arrivals = [e.t for e in mirror.log[before:]]
    assert len(arrivals) == 60  # every body fetched once: nobody else had it
    assert max_in_one_second(arrivals) <= 10
    assert max_in_one_second(arrivals) >= 8  # the demand was there: the limit, not the callers, set the pace
    for got in results:
        assert len(got) == 20 and all(r["error"] is None and r["sha256"] == small_files[r["url"]] for r in got)


def test_a_value_cached_by_one_host_is_served_to_another_without_a_request(mirror, redis_db, small_files, tmp_path):
    url, r = redis_db
    doc = sorted(small_files)[0]
    tasks = [
        {"url": doc},
        {"call": "get_financial_concept", "args": {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024}},
    ]
    first = Hosts(mirror, url, tmp_path / "a", [tasks], callers=1)
    before = len(mirror.log)
    first.start()
    (a,), _ = first.finish()
    fetched = [e.path for e in mirror.log[before:]]
    assert any("companyfacts/CIK0001045810" in p for p in fetched) and len(fetched) >= 3
    assert r.exists("edgar:cache:facts:0001045810")  # the parsed, compact companyfacts

    second = Hosts(mirror, url, tmp_path / "b", [tasks], callers=1)  # another host: an empty cache dir
    before = len(mirror.log)
    second.start()
    (b,), _ = second.finish()
    assert [e.path for e in mirror.log[before:]] == []  # served from Redis: the SEC sees nothing
    assert a[0]["sha256"] == b[0]["sha256"] == small_files[doc]
    va, vb = a[1]["result"]["values"][0], b[1]["result"]["values"][0]
    assert va["value"] == vb["value"] == NVDA_REVENUE_FY2024 and va["accession_number"] == NVDA_FY2024_10K
    assert {k: v for k, v in va.items() if k != "data_source"} == {k: v for k, v in vb.items() if k != "data_source"}

    # a damaged shared entry is never served: dropped, fetched again, right
    key = f"edgar:cache:archive:{doc}"
    r.hset(key, "p", b"<html>not the document</html>")
    third = Hosts(mirror, url, tmp_path / "c", [[{"url": doc}]], callers=1)
    before = len(mirror.log)
    third.start()
    (c,), _ = third.finish()
    assert c[0]["sha256"] == small_files[doc] and len(mirror.log) - before == 1


def test_hosts_missing_the_same_urls_at_once_make_one_request_per_url(mirror, redis_db, small_files, corpus, tmp_path):
    """Three hosts (own disk caches, one Redis), ten callers each, ask for the same documents, filing
    histories (submissions) and NVIDIA's revenue at the same moment: one host fetches each URL, the others
    wait for its entry. The mirror sees each distinct URL once."""
    from collections import Counter

    rows = [line.split("\t") for line in (corpus / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    histories = sorted(
        r[0]
        for r in rows
        if r[2] == "200" and "/submissions/CIK" in r[0] and "-submissions-" not in r[0] and int(r[4]) < 2_000_000
    )[:6]
    assert len(histories) == 6
    urls = sorted(small_files)[:8] + histories
    task = [{"url": u} for u in urls] + [
        {"call": "get_financial_concept", "args": {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024}}
    ]
    hosts = Hosts(mirror, redis_db[0], tmp_path, [task, task, task], callers=10)
    before = len(mirror.log)
    hosts.start()
    results, errs = hosts.finish()
    asked = Counter(e.path for e in mirror.log[before:])
    assert asked and max(asked.values()) == 1, [p for p, n in asked.items() if n > 1]
    assert len(asked) >= len(urls) + 2  # the concept's companyfacts and ticker file too
    for got in results:
        assert len(got) == len(task) and all(r["error"] is None for r in got), got
        assert all(r["sha256"] == small_files[r["url"]] for r in got if r.get("url") in small_files)
        assert [r["result"]["values"][0]["value"] for r in got if "call" in r] == [NVDA_REVENUE_FY2024]


def test_a_fill_lock_left_by_a_host_that_died_expires_and_the_next_host_fetches(
    mirror, redis_db, small_files, tmp_path, monkeypatch
):
    import hashlib

    import reliability_kit as K

    url, r = redis_db
    monkeypatch.setenv("EDGAR_REDIS_URL", url)
    monkeypatch.setenv("EDGAR_REDIS_KEY", TEAM_KEY)
    doc = sorted(small_files)[0]
    lock = f"edgar:lock:archive:{doc}"
    set_at = time.time()
    r.set(lock, "the token of a host killed while fetching", px=700)
    client = K.make_client(mirror.url, tmp_path / "cache")
    try:
        before = len(mirror.log)
        body = client.get_bytes(doc, kind="archive")
    finally:
        client.close()
    assert hashlib.sha256(body).hexdigest() == small_files[doc]
    fetched = mirror.log[before:]
    assert len(fetched) == 1 and fetched[0].t >= set_at + 0.7  # after the dead holder's lock expired, not before
    assert not r.exists(lock)  # this host's own lock, released


def _multiplied(blob: bytes, value: int, factor: int) -> bytes:
    """A companyfacts cache blob (sec/companyfacts.py) with every row valued ``value`` multiplied by ``factor``."""
    import marshal

    fmt, cik, name, blobs, calendar, currency = marshal.loads(blob)
    changed = 0
    for tag, packed in blobs.items():
        body = marshal.loads(packed)
        for unit, rows in body["units"].items():
            changed += sum(row[2] == value for row in rows)
            body["units"][unit] = [row[:2] + (row[2] * factor,) + row[3:] if row[2] == value else row for row in rows]
        blobs[tag] = marshal.dumps(body)
    assert changed
    return marshal.dumps((fmt, cik, name, blobs, calendar, currency))


def test_a_figure_forged_in_redis_with_a_recomputed_checksum_is_refused_dropped_and_fetched_again(
    mirror, redis_db, tmp_path
):
    """Whoever can write to Redis multiplies NVIDIA's FY2024 revenue by 10 in the shared companyfacts entry and
    recomputes the entry's plain SHA-256: another host refuses it (it is not signed with the team's key), says
    so on stderr, never copies it to its disk cache, and answers the corpus figure (10-K 0001045810-24-000029)."""
    import hashlib

    from edgar_cli.sec.cache import DiskCache

    url, r = redis_db
    task = [{"call": "get_financial_concept", "args": {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024}}]
    first = Hosts(mirror, url, tmp_path / "a", [task], callers=1)
    first.start()
    first.finish()
    key = "edgar:cache:facts:0001045810"
    raw = r.hgetall(key)
    forged = _multiplied(raw[b"p"], NVDA_REVENUE_FY2024, 10)
    plain = hashlib.sha256(raw[b"t"] + b"\n" + raw[b"m"] + b"\n" + forged).hexdigest()
    r.hset(key, mapping={"p": forged, "h": plain})

    second = Hosts(mirror, url, tmp_path / "b", [task], callers=1)  # another host: an empty cache dir
    before = len(mirror.log)
    second.start()
    (b,), (err,) = second.finish()
    assert b[0]["error"] is None, b
    value = b[0]["result"]["values"][0]
    assert value["value"] == NVDA_REVENUE_FY2024 and value["accession_number"] == NVDA_FY2024_10K
    assert "not signed" in err and "facts:0001045810" in err
    assert sum("companyfacts/CIK0001045810" in e.path for e in mirror.log[before:]) == 1  # fetched again from the SEC
    assert r.hget(key, "p") != forged  # dropped (and replaced by the refetched, signed entry)
    local = DiskCache(tmp_path / "b" / "host0" / "cache").get("facts:0001045810")
    assert local is not None and local.payload != forged


def test_killing_redis_mid_run_never_exceeds_the_limit_nor_returns_a_wrong_answer(
    mirror, small_files, tmp_path, redis_server
):
    """Redis is killed after the first dozen requests and started again (empty) a few seconds later: the
    hosts fall back to 3 requests/s each (EDGAR_RATE_SHARE=3: three hosts), then return to the shared
    budget; every body is the corpus file's."""
    import redis
    from engines import RedisServer

    own = RedisServer().start()  # killed by this test: not the session's server
    try:
        redis.Redis.from_url(own.url).set("edgar:ratelimit:ready", 0)  # no start-up pause before the run
        files = sorted(small_files)
        hosts = Hosts(mirror, own.url, tmp_path, _split(files, 3, 20))
        before = len(mirror.log)
        hosts.start()
        _wait(lambda: len(mirror.log) - before >= 12, 30)
        own.kill()
        killed_at = time.time()
        _wait(lambda: len(mirror.log) - before >= 27, 60)
        own.start()  # the same port, empty
        results, errs = hosts.finish()
    finally:
        own.stop()
    arrivals = [e.t for e in mirror.log[before:]]
    assert len(arrivals) == 60
    assert max_in_one_second(arrivals) <= 10
    during = [t for t in arrivals if killed_at + 2.4 < t < killed_at + 4.4]
    assert len(during) <= 2 * 3 * 3 + 1  # two seconds at three hosts' shares of 3/s (+ one slot's rounding)
    for got in results:
        assert len(got) == 20
        assert all(r["error"] is None and r["sha256"] == small_files[r["url"]] for r in got), got
    for err in errs:
        assert "cannot be reached" in err and "3 requests/s" in err
        assert "answers again" in err


def _wait(cond, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


# --- in process: the cache's fallback, integrity and housekeeping -------------------------------------


def test_the_redis_cache_checks_every_entry_and_falls_back_to_the_disk(redis_db, tmp_path):
    from engines import free_port

    from edgar_cli.sec.cache import DiskCache
    from edgar_cli.sec.redis_shared import RedisCache

    url, r = redis_db
    KEY = TEAM_KEY.encode()
    warnings: list[str] = []
    cache = RedisCache(url, DiskCache(tmp_path / "c1"), key=KEY, warn=warnings.append)
    cache.set("archive:https://www.sec.gov/x.htm", b"<html>ten-k</html>", 1000.0, {"etag": "e1"})
    other = RedisCache(url, DiskCache(tmp_path / "c2"), key=KEY, warn=warnings.append)  # another host
    got = other.get("archive:https://www.sec.gov/x.htm")
    assert (got.payload, got.stored_at, got.meta) == (b"<html>ten-k</html>", 1000.0, {"etag": "e1"})
    assert 0 < r.ttl("edgar:cache:archive:https://www.sec.gov/x.htm") <= 30 * 24 * 3600
    info = other.info()
    assert info["entries"] == 1 and info["by_kind"] == {"archive": 1} and info["bytes"] == 18
    key = "edgar:cache:archive:https://www.sec.gov/x.htm"
    third = RedisCache(url, DiskCache(tmp_path / "c3"), key=KEY, warn=warnings.append)
    r.hset(key, "t", "9999999999")  # a stamp that is not the one stored: damage, like a changed payload
    assert third.get("archive:https://www.sec.gov/x.htm") is None and not r.exists(key)
    cache.set("archive:https://www.sec.gov/x.htm", b"<html>ten-k</html>", 1000.0, {"etag": "e1"})
    r.hset(key, "p", b"<html>ten-K</html>")
    assert third.get("archive:https://www.sec.gov/x.htm") is None and not r.exists(key)
    # a newer shared entry replaces this host's copy; an older one does not cross the network
    other.set("archive:https://www.sec.gov/x.htm", b"<html>amended</html>", 2000.0)
    assert cache.get("archive:https://www.sec.gov/x.htm").payload == b"<html>amended</html>"
    assert DiskCache(tmp_path / "c1").get("archive:https://www.sec.gov/x.htm").stored_at == 2000.0
    assert cache.clear() == 1 and cache.get("archive:https://www.sec.gov/x.htm") is None

    down = RedisCache(f"redis://127.0.0.1:{free_port()}/0", DiskCache(tmp_path / "c4"), key=KEY, warn=warnings.append)
    t0 = time.monotonic()
    down.set("tickers:t", b"{}", 5.0)
    assert down.get("tickers:t").payload == b"{}"  # from this host's disk
    assert time.monotonic() - t0 < 2
    assert sum("cannot be reached" in w for w in warnings) == 1


def test_the_shared_cache_refuses_every_entry_this_teams_key_did_not_sign(redis_db, tmp_path):
    """Signed by another key, moved under another entry's name, or unsigned (format 1's plain SHA-256):
    refused with a warning, dropped from Redis, never copied to the disk cache."""
    import hashlib

    from edgar_cli.sec.cache import DiskCache
    from edgar_cli.sec.redis_shared import RedisCache

    url, r = redis_db
    warnings: list[str] = []
    ours = RedisCache(url, DiskCache(tmp_path / "ours"), key=TEAM_KEY.encode(), warn=warnings.append)
    theirs = RedisCache(
        url, DiskCache(tmp_path / "theirs"), key=b"another-teams-key-0123456789abcdef", warn=warnings.append
    )
    a, b = "archive:https://www.sec.gov/a.htm", "archive:https://www.sec.gov/b.htm"
    theirs.set(a, b"<html>a</html>", 1000.0)
    assert ours.get(a) is None and not r.exists(f"edgar:cache:{a}")
    assert DiskCache(tmp_path / "ours").get(a) is None
    assert "not signed" in warnings[-1] and a in warnings[-1]

    ours.set(a, b"<html>a</html>", 1000.0)
    r.hset(f"edgar:cache:{b}", mapping=r.hgetall(f"edgar:cache:{a}"))  # a signed entry under another name
    other_host = RedisCache(url, DiskCache(tmp_path / "other"), key=TEAM_KEY.encode(), warn=warnings.append)
    assert other_host.get(a).payload == b"<html>a</html>"
    assert other_host.get(b) is None and not r.exists(f"edgar:cache:{b}") and b in warnings[-1]

    stamp, meta, payload = "2000.0", "{}", b"<html>unsigned</html>"
    r.hset(
        f"edgar:cache:{b}",
        mapping={
            "f": b"1",
            "t": stamp,
            "m": meta,
            "p": payload,
            "h": hashlib.sha256(stamp.encode() + b"\n" + meta.encode() + b"\n" + payload).hexdigest(),
        },
    )
    assert other_host.get(b) is None and not r.exists(f"edgar:cache:{b}") and "no signature" in warnings[-1]
    assert DiskCache(tmp_path / "other").get(b) is None
    assert len(warnings) == 3


def test_redis_without_a_usable_key_is_a_configuration_error_that_never_shows_the_key(edgar, redis_db, tmp_path):
    url, _r = redis_db
    base = {"EDGAR_REDIS_URL": url, "EDGAR_CACHE_DIR": str(tmp_path / "c")}
    none = edgar(*NVDA_REVENUE_FY2024_ARGS, env=base)
    assert none.rc == 2 and none.json()["error"]["code"] == "invalid_argument"
    assert "EDGAR_REDIS_KEY" in none.json()["error"]["message"] and "secrets" in none.json()["error"]["suggestion"]
    server = edgar("serve-mcp", env=base, stdin="")  # a server refuses to start, before it answers anyone
    assert server.rc == 2 and "EDGAR_REDIS_KEY" in server.err and server.out == ""
    short = edgar(*NVDA_REVENUE_FY2024_ARGS, env={**base, "EDGAR_REDIS_KEY": "hunter2"})
    assert (
        short.rc == 2 and "at least 32" in short.json()["error"]["message"] and "hunter2" not in short.out + short.err
    )
    key_file = tmp_path / "redis.key"
    key_file.write_text(TEAM_KEY + "\n")
    both = edgar(
        *NVDA_REVENUE_FY2024_ARGS,
        env={**base, "EDGAR_REDIS_KEY": TEAM_KEY, "EDGAR_REDIS_KEY_FILE": str(key_file)},
    )
    assert both.rc == 2 and "Both" in both.json()["error"]["message"] and TEAM_KEY not in both.out + both.err
    missing = edgar(
        *NVDA_REVENUE_FY2024_ARGS,
        env={**base, "EDGAR_REDIS_KEY_FILE": str(tmp_path / "nowhere.key")},
    )
    assert missing.rc == 2 and "cannot be read" in missing.json()["error"]["message"]


def test_the_key_file_signs_like_the_variable(tmp_path, monkeypatch):
    from edgar_cli.config import redis_key

    key_file = tmp_path / "redis.key"
    key_file.write_text(TEAM_KEY + "\n")
    monkeypatch.setenv("EDGAR_REDIS_KEY_FILE", str(key_file))
    from_file = redis_key()
    monkeypatch.delenv("EDGAR_REDIS_KEY_FILE")
    monkeypatch.setenv("EDGAR_REDIS_KEY", TEAM_KEY)
    assert from_file == redis_key() == TEAM_KEY.encode()
    monkeypatch.delenv("EDGAR_REDIS_KEY")
    assert redis_key() is None


def test_a_redis_that_requires_a_password_shares_the_cache_only_with_hosts_that_give_it(tmp_path):
    """Redis with requirepass (as deploy/compose.yaml runs it): the password in EDGAR_REDIS_URL shares the
    cache; a host without it is refused by Redis (NOAUTH), warns and keeps to its own cache, writing nothing."""
    import redis
    from engines import RedisServer

    from edgar_cli.sec.cache import DiskCache
    from edgar_cli.sec.redis_shared import RedisCache

    with RedisServer(password="team-tests-redis-password-0123") as own:
        admin = redis.Redis.from_url(own.url)
        warnings: list[str] = []
        key = TEAM_KEY.encode()
        entry = "archive:https://www.sec.gov/a.htm"
        with_password = RedisCache(own.url, DiskCache(tmp_path / "a"), key=key, warn=warnings.append)
        with_password.set(entry, b"<html>a</html>", 1000.0)
        assert admin.exists(f"edgar:cache:{entry}") and warnings == []
        other = RedisCache(own.url, DiskCache(tmp_path / "b"), key=key, warn=warnings.append)
        assert other.get(entry).payload == b"<html>a</html>"

        anonymous = RedisCache(
            own.url.replace(f":{own.password}@", ""), DiskCache(tmp_path / "c"), key=key, warn=warnings.append
        )
        assert anonymous.get(entry) is None
        anonymous.set("archive:https://www.sec.gov/b.htm", b"<html>b</html>", 1000.0)
        assert anonymous.get("archive:https://www.sec.gov/b.htm").payload == b"<html>b</html>"  # its own disk
        assert not admin.exists("edgar:cache:archive:https://www.sec.gov/b.htm")
        assert len(warnings) == 1 and "cannot be reached" in warnings[0] and "Authentication" in warnings[0]
        assert own.password not in warnings[0]
        admin.close()


def test_no_url_means_no_redis_and_no_psycopg(mirror, tmp_path):
    """One user, no EDGAR_REDIS_URL or EDGAR_INDEX_URL: a lookup, a search of the local index and the
    index listing import neither client library, nor edgar's modules for them."""
    code = (
        "import json, sys\n"
        "from edgar_cli.cli.entry import main\n"
        "for args in (['concept', 'NVDA', 'revenue', '--fy', '2024', '--json'], ['index', 'list', '--json'],\n"
        "             ['find', 'revenue', '--json']):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('redis', 'psycopg', 'psycopg_pool')\n"
        "                        or m in ('edgar_cli.sec.redis_shared', 'edgar_cli.index.pg_store'))))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("EDGAR_REDIS_URL", "EDGAR_INDEX_URL")}
    env.update(EDGAR_MIRROR=mirror.url, EDGAR_CACHE_DIR=str(tmp_path / "cache"), EDGAR_INDEX=str(tmp_path / "i.sqlite"))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    concept, _ = json.JSONDecoder().raw_decode(proc.stdout)
    assert concept["values"][0]["value"] == NVDA_REVENUE_FY2024
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == []


def test_json_logs_carry_the_fallback_warning_and_nothing_else_on_stderr(edgar, tmp_path):
    from engines import free_port

    r = edgar(
        *NVDA_REVENUE_FY2024_ARGS,
        env={
            "EDGAR_LOG_FORMAT": "json",
            "EDGAR_REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",
            "EDGAR_REDIS_KEY": TEAM_KEY,
            "EDGAR_CACHE_DIR": str(tmp_path / "cache"),
        },
    )
    assert r.rc == 0, r.err
    assert r.json()["values"][0]["value"] == NVDA_REVENUE_FY2024
    lines = [json.loads(line) for line in r.err.splitlines()]
    assert lines and all({"ts", "level", "event", "pid"} <= set(x) for x in lines)
    warned = [x["message"] for x in lines if x["event"] == "warning"]
    assert any("shared rate limit" in w and "cannot be reached" in w for w in warned)
    assert any("shared cache" in w for w in warned)
    assert any(x["event"] == "ratelimit_pause" and x["reason"] == "redis unreachable" for x in lines)


def test_a_hanging_redis_holds_the_limit_and_every_answer_stays_right(mirror, small_files, tmp_path):
    """Redis stopped (SIGSTOP: it accepts connections and answers nothing, unlike a dead one) for seven
    seconds mid-run (past two socket timeouts of 2 s), then resumed, answering every call it held: the
    hosts wait out the timeouts, keep to their shares, leave the late grants unused, return to the shared
    budget, and finish in bounded time with every body right."""
    import signal

    import redis
    from engines import RedisServer

    own = RedisServer().start()
    try:
        redis.Redis.from_url(own.url).set("edgar:ratelimit:ready", 0)
        files = sorted(small_files)[:45]
        hosts = Hosts(mirror, own.url, tmp_path, _split(files, 3, 15), callers=10)
        before = len(mirror.log)
        t0 = hosts.start()
        _wait(lambda: len(mirror.log) - before >= 10, 30)
        own.proc.send_signal(signal.SIGSTOP)
        stopped = time.time()
        time.sleep(7)
        own.proc.send_signal(signal.SIGCONT)
        resumed = time.time()
        results, errs = hosts.finish()
        elapsed = time.time() - t0
    finally:
        if own.proc is not None and own.proc.poll() is None:
            own.proc.send_signal(signal.SIGCONT)
        own.stop()
    arrivals = [e.t for e in mirror.log[before:]]
    timeline = (
        f"stopped {stopped - t0:.2f} s, resumed {resumed - t0:.2f} s; arrivals "
        + " ".join(f"{t - t0:.2f}" for t in sorted(arrivals))
        + "\n"
        + "\n".join(errs)
    )
    assert len(arrivals) == 45 and max_in_one_second(arrivals) <= 10, timeline
    assert elapsed < 40, elapsed  # 45 requests, a 7 s hang, socket timeouts of 2 s: not one per request
    for got in results:
        assert len(got) == 15 and all(r["error"] is None and r["sha256"] == small_files[r["url"]] for r in got)
    assert any("cannot be reached" in err for err in errs), errs


# --- nothing invalid is shared: the client validates before Redis as before the disk ----------------


@pytest.fixture(scope="module")
def hostile(corpus):
    from hostile import HostileServer

    with HostileServer(corpus) as srv:
        yield srv


@pytest.mark.parametrize("mode", ["nan", "deep", "trickle-body"])
def test_an_invalid_or_late_answer_reaches_neither_redis_nor_the_disk(hostile, redis_db, tmp_path, monkeypatch, mode):
    import reliability_kit as K
    import stamina

    from edgar_cli.errors import EdgarError
    from edgar_cli.sec import transport
    from edgar_cli.sec.companyfacts import load_company_facts
    from edgar_cli.sec.redis_shared import RedisCache

    url, r = redis_db
    monkeypatch.setenv("EDGAR_REDIS_URL", url)
    monkeypatch.setenv("EDGAR_REDIS_KEY", TEAM_KEY)
    monkeypatch.setattr("edgar_cli.sec.client.REQUEST_TIMEOUT", 5.0)
    monkeypatch.setattr(transport, "REQUEST_DEADLINE", 2.0)  # the trickle is cut off by the deadline
    facts_path = "/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"
    hostile.armed.clear()
    hostile.arm(facts_path, mode)
    client = K.make_client(hostile.url, tmp_path / "cache")
    try:
        assert isinstance(client.cache, RedisCache)
        started = time.monotonic()
        with stamina.set_testing(True, attempts=2), pytest.raises(EdgarError) as info:
            load_company_facts(client, 1045810)
        assert info.value.code == "upstream_unavailable" and time.monotonic() - started < 15
        assert list(r.scan_iter("edgar:cache:*")) == [] and K.cache_entries(tmp_path / "cache") == {}
        hostile.armed.clear()  # the SEC answers properly again: stored in both, NVIDIA's own facts
        facts = load_company_facts(client, 1045810)
        assert facts.cik == 1045810 and r.exists("edgar:cache:facts:0001045810")
    finally:
        hostile.armed.clear()
        client.close()


def test_a_malformed_redis_url_or_a_missing_client_is_an_error_with_a_code(edgar, tmp_path, monkeypatch):
    from edgar_cli.errors import EdgarError
    from edgar_cli.sec.redis_shared import connect

    r = edgar(
        *NVDA_REVENUE_FY2024_ARGS,
        env={"EDGAR_REDIS_URL": "http://ops:hunter2@cache.internal/0", "EDGAR_CACHE_DIR": str(tmp_path / "c")},
    )
    assert r.rc == 2 and r.json()["error"]["code"] == "invalid_argument"
    assert "EDGAR_REDIS_URL" in r.json()["error"]["message"] and "hunter2" not in r.out + r.err
    monkeypatch.setitem(sys.modules, "redis", None)  # the team extra not installed
    with pytest.raises(EdgarError) as info:
        connect("redis://127.0.0.1:6379/0")
    # the hint names this installation's source and installer (edgar-cli is on no index): "...pip install -e '/src[team]'"
    assert info.value.code == "invalid_argument" and "[team]'" in info.value.suggestion

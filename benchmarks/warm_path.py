"""Benchmark: the warm path's cheap items (issue 16), each as a ratio measured in this one run.

1. Whole process, warm: `edgar concept NVDA revenue --fy 2024 --json` (the fast path, edgar_cli/cli/fastpath.py)
   against the floor (benchmarks/floor.py: stdlib reading the same cache) and `python -c pass`; peak RSS;
   and the same command through Typer and pydantic (EDGAR_FASTPATH=0) and as `python -m edgar_cli`.
2. Ticker map load on a warm run: the cached text tables (now) against rebuilding the row
   tuples and ticker dict from the v1 marshal entry (before), in-process, same data.
3. The first cache read of a process: the read-only connection (now) against opening a
   diskcache.Cache to read (before: some twenty writes to the settings table); and the bytes
   a warm run writes into the cache directory.
4. The daily freshness check of the ticker file: a conditional GET answered 304 (a mirror
   sending ETag/Last-Modified as www.sec.gov does) against the full 200, in-process.
5. Remembered 404s: a warm `edgar compare revenue` of 8 companies, two of which have no
   companyfacts (MSFT, AMZN: 404s), with the remembered answers (now) against the same cache
   with them removed before each run (before: both asked again on every warm run).

    python benchmarks/warm_path.py [--runs 7]

Medians of --runs alternating runs; prints and saves benchmarks/results/warm_path.txt; never asserts.
"""

from __future__ import annotations

import marshal
import os
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from common import ROOT, MirrorServer, Report, TempDir, base_env, parse_runs, run_process

sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from mirror import VALIDATOR_HOSTS  # noqa: E402

CONCEPT = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
COMPARE8 = ["compare", "revenue", "NVDA", "AAPL", "TSLA", "SNOW", "TSM", "LPA", "MSFT", "AMZN", "--json"]
TICKERS = "https://www.sec.gov/files/company_tickers_exchange.json"


def median(samples: list[float]) -> float:
    return statistics.median(samples)


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


def timed(fn, runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return median(out)


# 1 -----------------------------------------------------------------------------------------------


def whole_process(mirror, cache: Path, runs: int) -> dict:
    env = base_env(mirror, cache)
    run_process(CONCEPT, env, mirror)  # cold: fills the cache
    floor_cmd = [sys.executable, str(ROOT / "benchmarks" / "floor.py")]
    typer_env = dict(env, EDGAR_FASTPATH="0")
    edgar, floor, bare, typer_path, dash_m, rss, typer_rss, requests = [], [], [], [], [], [], [], 0
    for _ in range(runs):  # interleaved, so load on the machine hits each alike
        r = run_process(CONCEPT, env, mirror)
        edgar.append(r.seconds)
        rss.append(r.max_rss_kb)
        requests += r.requests
        r = run_process(CONCEPT, typer_env, mirror)
        typer_path.append(r.seconds)
        typer_rss.append(r.max_rss_kb)
        requests += r.requests
        for cmd, out in (
            (floor_cmd, floor),
            ([sys.executable, "-c", "pass"], bare),
            ([sys.executable, "-m", "edgar_cli", *CONCEPT], dash_m),
        ):
            t = time.perf_counter()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
            out.append(time.perf_counter() - t)
    return {
        "edgar": median(edgar),
        "floor": median(floor),
        "bare": median(bare),
        "rss_mb": max(rss) / 1024,
        "typer": median(typer_path),
        "typer_rss_mb": max(typer_rss) / 1024,
        "dash_m": median(dash_m),
        "requests": requests,
    }


# 2 -----------------------------------------------------------------------------------------------


def ticker_map(cache: Path, runs: int) -> dict:
    from edgar_cli.companies import tickers as R  # the ticker map's home since it left capabilities/resolve.py
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    client = SecClient(Settings(cache_dir=cache))
    now = client.cache.get(R._COMPACT_KEY).payload
    tmap = R.load_ticker_map(client)
    rows = [(e.cik, e.name, list(e.tickers), e.exchange, " ".join(e.words.words)) for e in tmap.entries]
    before = marshal.dumps((1, rows))  # the v1 entry: row tuples

    def load_now():
        _fmt, index, table = marshal.loads(now)
        R.TickerMap.from_tables(index, table).by_ticker("NVDA")

    def load_before():  # what the v1 TickerMap did on construction, then the same lookup
        _fmt, rs = marshal.loads(before)
        by_cik = {r[0]: r for r in rs}
        ticker_to_cik: dict[str, int] = {}
        for r in rs:
            for t in r[2]:
                ticker_to_cik.setdefault(t, r[0])
        by_cik[ticker_to_cik["NVDA"]]

    return {
        "now": timed(load_now, runs * 5),
        "before": timed(load_before, runs * 5),
        "rows": len(rows),
        "now_bytes": len(now),
        "before_bytes": len(before),
    }


# 3 -----------------------------------------------------------------------------------------------


def _wal_and_db_bytes(cache: Path) -> int:
    return sum(p.stat().st_size for p in (cache / "http").glob("cache.db*") if not p.name.endswith("-shm"))


def first_read(cache: Path, runs: int) -> dict:
    import diskcache

    from edgar_cli.sec.cache import DiskCache

    key = "tickers-compact:v2"

    def now():
        c = DiskCache(cache)
        c.get(key)
        c.close()

    def before():
        store = diskcache.Cache(
            str(cache / "http"), size_limit=2**31, eviction_policy="least-recently-stored", timeout=30
        )
        store.get(key)
        store.close()

    before_bytes = _wal_and_db_bytes(cache)
    t_before = timed(before, runs * 3)
    written_before = _wal_and_db_bytes(cache) - before_bytes
    mtimes = {p: p.stat().st_mtime_ns for p in (cache / "http").glob("cache.db*") if not p.name.endswith("-shm")}
    t_now = timed(now, runs * 3)
    unchanged = all(p.stat().st_mtime_ns == m for p, m in mtimes.items())
    return {"now": t_now, "before": t_before, "before_writes_bytes": written_before, "now_unchanged": unchanged}


# 4 -----------------------------------------------------------------------------------------------


def revalidation(corpus_mirror_cls, root: Path, runs: int) -> dict:
    import stamina

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    stamina.set_testing(True, attempts=1)
    out = {}
    for label, validators in (("304", VALIDATOR_HOSTS), ("200", frozenset())):
        with corpus_mirror_cls(validators=validators) as mirror:
            samples = []
            for i in range(runs):
                when = datetime(2026, 7, 1, tzinfo=UTC)
                cache = root / f"reval-{label}-{i}"
                SecClient(
                    Settings(
                        user_agent="edgar-cli benchmarks bench@example.com",
                        mirror=mirror.url,
                        cache_dir=cache,
                        clock=lambda: when,
                    )
                ).get_json(TICKERS, kind="tickers")
                later = when + timedelta(hours=25)
                client = SecClient(
                    Settings(
                        user_agent="edgar-cli benchmarks bench@example.com",
                        mirror=mirror.url,
                        cache_dir=cache,
                        clock=lambda: later,
                    ),
                    warn=lambda m: None,
                )
                client._client()  # HTTP set-up is the same either way; time the check itself
                client._rate_limiter()
                t = time.perf_counter()
                client.get_json(TICKERS, kind="tickers")
                samples.append(time.perf_counter() - t)
                client.close()
            out[label] = median(samples)
            out[f"{label}_statuses"] = sorted({e.status for e in mirror.log})
    stamina.set_testing(False)
    return out


# 5 -----------------------------------------------------------------------------------------------


def remembered_404s(mirror, cache: Path, runs: int) -> dict:
    import diskcache

    env = base_env(mirror, cache)
    run_process(COMPARE8, env, mirror)  # cold

    def forget():
        store = diskcache.Cache(str(cache / "http"))
        for key in [k for k in store.iterkeys() if str(k).startswith("missing:")]:
            store.delete(key)
        store.close()

    now, before, req_now, req_before = [], [], [], []
    for _ in range(runs):
        r = run_process(COMPARE8, env, mirror)
        now.append(r.seconds)
        req_now.append(r.requests)
        forget()
        r = run_process(COMPARE8, env, mirror)
        before.append(r.seconds)
        req_before.append(r.requests)
    return {
        "now": median(now),
        "before": median(before),
        "requests_now": median(req_now),
        "requests_before": median(req_before),
    }


def main() -> None:
    runs = parse_runs(7, __doc__.split("\n\n")[0])
    say = Report()

    load = os.getloadavg()[0]
    os.environ["EDGAR_TODAY"] = "2026-07-01"  # the in-process parts read the cache on the corpus' day
    with TempDir() as root, MirrorServer() as mirror:
        w = whole_process(mirror, root / "concept", runs)
        t = ticker_map(root / "concept", runs)
        f = first_read(root / "concept", runs)
        v = revalidation(MirrorServer, root, runs)
        n = remembered_404s(mirror, root / "compare", runs)

    say(
        f"# Warm path (issue 16), {runs} runs each, medians; load average at start {load:.2f} on {os.cpu_count()} cores"
    )
    say()
    say(
        f"1. warm `edgar {' '.join(CONCEPT)}`: {w['edgar']:.3f} s; floor.py {w['floor']:.3f} s; "
        f"python -c pass {w['bare']:.3f} s"
    )
    say(
        f"   ratio to the floor {w['edgar'] / w['floor']:.2f}x, to bare Python {w['edgar'] / w['bare']:.1f}x; "
        f"peak RSS {w['rss_mb']:.0f} MB; requests {w['requests']}"
    )
    say(
        f"   the same through Typer and pydantic (EDGAR_FASTPATH=0) {w['typer']:.3f} s ({w['typer'] / w['edgar']:.2f}x "
        f"the fast path, peak RSS {w['typer_rss_mb']:.0f} MB); as `python -m edgar_cli` {w['dash_m']:.3f} s"
    )
    say(
        f"2. ticker map load + one lookup: {ms(t['now'])} now vs {ms(t['before'])} rebuilding {t['rows']:,} rows: "
        f"{t['before'] / t['now']:.0f}x faster ({t['now_bytes']:,} vs {t['before_bytes']:,} bytes cached)"
    )
    say(
        f"3. first cache read of a process: {ms(f['now'])} (read-only connection) vs {ms(f['before'])} "
        f"(opening diskcache.Cache): {f['before'] / f['now']:.1f}x; cache files written by reading: "
        f"{'none' if f['now_unchanged'] else 'SOME'} now, {f['before_writes_bytes']:,} bytes of WAL before "
        f"({runs * 3} opens)"
    )
    say(
        f"4. daily ticker-file check: {ms(v['304'])} with a 304 vs {ms(v['200'])} with the full 200: "
        f"{v['200'] / v['304']:.1f}x (statuses seen {v['304_statuses']} / {v['200_statuses']})"
    )
    say(
        f"5. warm compare of 8 (MSFT, AMZN without companyfacts): {n['now']:.3f} s and {n['requests_now']:.0f} "
        f"requests with remembered 404s vs {n['before']:.3f} s and {n['requests_before']:.0f} requests without: "
        f"{n['before'] / n['now']:.2f}x"
    )
    say.save("warm_path")


if __name__ == "__main__":
    main()

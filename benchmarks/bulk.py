"""Bulk store benchmark: sync throughput and peak RSS, screen latency, single-company lookups.

A synthetic companyfacts.zip / submissions.zip of realistic size is generated
at run time (never committed, never in the tests) from the corpus files: the
six corpus companies with companyfacts repeated round-robin under invented
CIKs (9,000,000 + i) up to ``--filers`` (default 10,000), each with the
corpus submissions of the company it copies. The archives are served on
loopback by tests/helpers/mirror.py; nothing leaves the machine.

Measured, in one run:
- ``edgar sync`` as a subprocess: seconds, MB/s (compressed archive bytes and
  uncompressed JSON bytes), peak RSS of the process (getrusage of the child);
- ``edgar sync --point-in-time`` the same way into a second store (each filer's versions as known on each
  filing date), with the load average at each start: the cost of the versions per filer;
- a re-sync with unchanged archives (304s);
- ``screen_companies("revenue", fiscal_year=2024, minimum=1e9)`` in process,
  cold then warm (median of 7), and ``edgar screen`` as a whole process;
- the same screen for FY2019 with ``as_of="2020-06-30"`` against without (interleaved, median of 9, with the
  load average), over the store with versions (one read) and over the one without (the engine per filer): the
  point-in-time screen's cost as a ratio (issue 38's target 1.3x, with the versions);
- the peak Python allocation (tracemalloc) of a FY2019 revenue screen showing 50 rows, now and as of
  2020-06-30: run at two ``--filers`` sizes, the growth per filer added (issue 37's target: flat);
- ``edgar concept NVDA revenue --fy 2024 --json`` as a whole process from the
  store vs from today's warm disk cache (no store), median of 7 each: the ratio.

    python benchmarks/bulk.py [--filers 10000] [--workdir /tmp/edgar-bulk-bench] [--keep]

Results go to stdout as JSON and to benchmarks/results/bulk.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import MirrorServer, base_env, edgar_cmd, publish, run_process  # noqa: E402, I001  (first: it puts tests/helpers on the path)
import bulk_kit  # noqa: E402
from mirror import corpus_dir  # noqa: E402

PUBLISHED = datetime(2026, 6, 30, 7, tzinfo=UTC)


def _template(path: Path) -> tuple[bytes, str]:
    """(the document after its cik and entityName, the original name): one compact dump per source file."""
    data = json.loads(path.read_bytes())
    name = str(data.get("entityName") or "")
    rest = {k: v for k, v in data.items() if k not in ("cik", "entityName")}
    return json.dumps(rest, separators=(",", ":")).encode()[1:], name


def generate(root: Path, filers: int) -> dict:
    corpus = corpus_dir()
    sources = bulk_kit.corpus_facts(corpus)
    templates = [_template(p) for p in sources]
    subs = {p.name: p for p in bulk_kit.corpus_submissions(corpus)}
    sub_templates = []
    for p in sources:
        main = subs.get(p.name)
        pages = [q for n, q in subs.items() if n.startswith(p.name[:-5] + "-submissions-")]
        sub_templates.append((main, pages))
    cf = root / bulk_kit.COMPANYFACTS
    sb = root / bulk_kit.SUBMISSIONS
    cf.parent.mkdir(parents=True, exist_ok=True)
    sb.parent.mkdir(parents=True, exist_ok=True)
    raw = 0
    t0 = time.perf_counter()
    with zipfile.ZipFile(cf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for i in range(filers):
            cik = 9_000_000 + i
            body, name = templates[i % len(templates)]
            doc = b'{"cik":%d,"entityName":%s,' % (cik, json.dumps(f"{name} #{i}").encode()) + body
            raw += len(doc)
            zf.writestr(f"CIK{cik:010d}.json", doc)
    with zipfile.ZipFile(sb, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for i in range(filers):
            cik = 9_000_000 + i
            main, pages = sub_templates[i % len(sub_templates)]
            if main is not None:
                zf.writestr(f"CIK{cik:010d}.json", bulk_kit.renamed_submissions(main, cik, f"filer #{i}"))
                for n, page in enumerate(pages, 1):
                    zf.writestr(f"CIK{cik:010d}-submissions-{n:03d}.json", page.read_bytes())
            else:
                zf.writestr(
                    f"CIK{cik:010d}.json",
                    json.dumps(
                        {
                            "cik": f"{cik:010d}",
                            "name": f"filer #{i}",
                            "sic": "",
                            "tickers": [],
                            "filings": {"recent": {"accessionNumber": [], "form": [], "filingDate": []}, "files": []},
                        }
                    ).encode(),
                )
    for p in (cf, sb):
        os.utime(p, (PUBLISHED.timestamp(), PUBLISHED.timestamp()))
    return {
        "filers": filers,
        "companyfacts_zip_mb": round(cf.stat().st_size / 1e6, 1),
        "submissions_zip_mb": round(sb.stat().st_size / 1e6, 1),
        "companyfacts_uncompressed_mb": round(raw / 1e6, 1),
        "generate_seconds": round(time.perf_counter() - t0, 1),
    }


def _env(mirror: MirrorServer, cache: Path, bulk_dir: Path | None) -> dict:
    env = base_env(mirror, cache)
    env.pop("EDGAR_BULK_DIR", None)
    if bulk_dir is not None:
        env["EDGAR_BULK_DIR"] = str(bulk_dir)
    return env


def _run(args: list[str], env: dict) -> tuple[float, int, str, str]:
    """(seconds, peak RSS in kB, stdout, stderr) of `edgar ARGS` as one whole process."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(edgar_cmd() + args, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise SystemExit(f"edgar {' '.join(args)} failed: {err.read()[-2000:].decode(errors='replace')}")
        out.seek(0)
        err.seek(0)
        return elapsed, usage.ru_maxrss, out.read().decode(), err.read().decode()


def _median_run(args: list[str], env: dict, n: int = 7) -> float:
    runs = [run_process(args, env) for _ in range(n)]
    if any(r.rc for r in runs):
        raise SystemExit(f"edgar {' '.join(args)} failed")
    return statistics.median(r.seconds for r in runs)


def _screen_memory(screen_companies, client, filers: int) -> dict:
    """Peak Python allocation (tracemalloc) of a screen matching every filer, 50 rows shown, now and as of a
    date: run at two --filers sizes, the difference over the filers added is what each filer costs (issue 37's
    target: flat beyond the rows shown)."""
    import gc
    import tracemalloc

    out: dict = {"filers": filers}
    for key, kw in (("now", {}), ("as_of_2020_06_30", {"as_of": "2020-06-30"})):
        gc.collect()
        tracemalloc.start()
        got = screen_companies("revenue", fiscal_year=2019, limit=50, client=client, **kw)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out[key] = {
            "matched": got.companies_matched,
            "rows": len(got.rows),
            "peak_kb": round(peak / 1024, 1),
            "peak_bytes_per_filer": round(peak / filers),
        }
    return out


def _sync(env: dict) -> dict:
    """`edgar sync --json` (with the env's arguments) as one process: its figures."""
    load = os.getloadavg()
    dt, rss_kb, stdout, _err = _run(["sync", "--json", *env.pop("_args", [])], env)
    res = json.loads(stdout)
    zipped = sum(x["bytes"] for x in res["archives"])
    unzipped = sum(x["uncompressed_bytes_read"] for x in res["archives"])
    return {
        "load_average_at_start": load,
        "seconds": round(dt, 1),
        "seconds_per_filer": round(dt / max(res["companies_with_facts"], 1), 3),
        "archive_mb": round(zipped / 1e6, 1),
        "archive_mb_per_s": round(zipped / 1e6 / dt, 2),
        "json_mb_per_s": round(unzipped / 1e6 / dt, 2),
        "peak_rss_mb": round(rss_kb / 1024, 1),
        "store_mb": round(res["store_bytes"] / 1e6, 1),
        "companies": res["companies_with_facts"],
        "filers": res["filers"],
        "point_in_time": res["point_in_time"],
    }


def _as_of_ratio(screen_companies, client, bulk_dir: Path) -> dict:
    """The FY2019 revenue screen as of 2020-06-30 against without, interleaved, over the store in ``bulk_dir``."""
    os.environ["EDGAR_BULK_DIR"] = str(bulk_dir)  # (the store is found by it when a screen opens it)
    plain, known = [], []
    screen_companies("revenue", fiscal_year=2019, minimum=1e9, as_of="2020-06-30", client=client)  # warm
    for _ in range(9):
        t = time.perf_counter()
        screen_companies("revenue", fiscal_year=2019, minimum=1e9, client=client)
        plain.append(time.perf_counter() - t)
        t = time.perf_counter()
        screen_companies("revenue", fiscal_year=2019, minimum=1e9, as_of="2020-06-30", client=client)
        known.append(time.perf_counter() - t)
    return {
        "load_average": os.getloadavg(),
        "without_median_seconds": round(statistics.median(plain), 4),
        "as_of_median_seconds": round(statistics.median(known), 4),
        "ratio": round(statistics.median(known) / statistics.median(plain), 2),
        "target_ratio": 1.3,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--filers", type=int, default=10_000)
    ap.add_argument("--workdir", default="/tmp/edgar-bulk-bench")
    ap.add_argument("--keep", action="store_true", help="keep the generated archives and store")
    ap.add_argument("--reuse", action="store_true", help="reuse archives already generated in --workdir")
    a = ap.parse_args()
    work = Path(a.workdir)
    extra, cache = work / "extra", work / "cache"
    out: dict = {"load_average": os.getloadavg()}
    if not (a.reuse and (extra / bulk_kit.COMPANYFACTS).exists()):
        shutil.rmtree(work, ignore_errors=True)
        out["archives"] = generate(extra, a.filers)
    shutil.rmtree(cache, ignore_errors=True)
    srv = MirrorServer(corpus_dir(), extra=extra).start()
    try:
        env = _env(srv, cache, None)
        pit_dir = work / "pit-store"
        shutil.rmtree(pit_dir, ignore_errors=True)
        out["sync"] = _sync(dict(env))
        out["sync_point_in_time"] = _sync({**_env(srv, cache, pit_dir), "_args": ["--point-in-time"]})
        out["sync_point_in_time"]["cost_ratio"] = round(
            out["sync_point_in_time"]["seconds"] / out["sync"]["seconds"], 2
        )
        out["resync_unchanged_seconds"] = round(_run(["sync", "--json"], env)[0], 2)

        os.environ.update({k: v for k, v in env.items() if k.startswith(("EDGAR_", "SEC_"))})
        from edgar_cli.capabilities.screen.screen import screen_companies
        from edgar_cli.config import Settings
        from edgar_cli.sec.client import SecClient

        client = SecClient(Settings.from_env())
        t = time.perf_counter()
        first = screen_companies("revenue", fiscal_year=2024, minimum=1e9, client=client)
        cold = time.perf_counter() - t
        warm = []
        for _ in range(7):
            t = time.perf_counter()
            screen_companies("revenue", fiscal_year=2024, minimum=1e9, client=client)
            warm.append(time.perf_counter() - t)
        out["screen_in_process"] = {
            "cold_seconds": round(cold, 3),
            "warm_median_seconds": round(statistics.median(warm), 3),
            "companies_considered": first.companies_considered,
            "companies_matched": first.companies_matched,
        }
        out["screen_process_warm_median_seconds"] = round(
            _median_run(["screen", "revenue", "--fy", "2024", "--min", "1e9", "--json", "--limit", "50"], env), 3
        )
        t = time.perf_counter()
        screen_companies("us-gaap:Revenues", fiscal_year=2024, client=client)
        out["screen_raw_tag_seconds"] = round(time.perf_counter() - t, 2)
        # point in time (issue 38): the same screen as known on a date reads the versions a store synced with
        # --point-in-time keeps; over one synced without, it runs the engine per filer
        out["screen_as_of"] = _as_of_ratio(screen_companies, client, pit_dir)
        out["screen_as_of_without_versions"] = _as_of_ratio(screen_companies, client, cache / "bulk")
        os.environ["EDGAR_BULK_DIR"] = str(pit_dir)
        out["screen_memory"] = _screen_memory(screen_companies, client, a.filers)
        os.environ.pop("EDGAR_BULK_DIR")

        lookup = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
        out["concept_from_store_median_seconds"] = round(_median_run(lookup, env), 3)
        warm_cache = _env(srv, work / "warm-cache", None)
        warm_cache["EDGAR_BULK_DIR"] = str(work / "no-store")
        run_process(lookup, warm_cache)  # fill the cache
        out["concept_from_warm_cache_median_seconds"] = round(_median_run(lookup, warm_cache), 3)
        out["store_vs_cache_ratio"] = round(
            out["concept_from_store_median_seconds"] / out["concept_from_warm_cache_median_seconds"], 2
        )
    finally:
        srv.stop()
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    out["load_average_after"] = os.getloadavg()
    publish("bulk", json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

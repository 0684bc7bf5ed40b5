"""Benchmark: `edgar compare revenue C1 ... CN --json` as whole processes for N = 2, 5, 8.

Issue 4: on a cold cache, comparing N companies costs N companyfacts requests plus
the ticker file, issued concurrently within the shared rate limit. Each cold run
uses a fresh cache dir (so also a fresh rate-limit bucket) against a MirrorServer
over the corpus; the mirror's log gives the requests, by kind, and the spread of
the companyfacts arrival times (requests issued one after another would be spread
by at least their service time; concurrent ones arrive together). A warm run on
the same cache follows each cold one.

The corpus holds companyfacts for six companies only (NVDA, AAPL, TSLA, SNOW, TSM,
LPA). N = 8 adds MSFT and AMZN, whose companyfacts are absent: the mirror answers
404 and they come back under `unavailable`. They still cost one request each,
which is what is being measured, but their parse cost is missing, so N = 8 is
the wall time of 6 real companies plus 2 cheap 404s, not of 8 real ones.

    python benchmarks/compare.py [--runs 3]
"""

from __future__ import annotations

import json
import statistics
import subprocess
import time

from common import MirrorServer, TempDir, base_env, edgar_cmd, parse_runs, publish, summarize

COMPANIES = ["NVDA", "AAPL", "TSLA", "SNOW", "TSM", "LPA", "MSFT", "AMZN"]
SIZES = (2, 5, 8)


def one_run(mirror: MirrorServer, env: dict, companies: list[str]) -> dict:
    before = len(mirror.log)
    t0 = time.perf_counter()
    proc = subprocess.run(
        edgar_cmd() + ["compare", "revenue", *companies, "--json"], env=env, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - t0
    log = mirror.log[before:]
    facts = [e for e in log if "/api/xbrl/companyfacts/" in e.path]
    out = json.loads(proc.stdout) if proc.stdout.strip() else {}
    return {
        "rc": proc.returncode,
        "seconds": seconds,
        "requests": len(log),
        "companyfacts": len(facts),
        "companyfacts_404": sum(1 for e in facts if e.status == 404),
        "tickers": sum(1 for e in log if "/files/company_tickers" in e.path),
        "other": len(log) - len(facts) - sum(1 for e in log if "/files/company_tickers" in e.path),
        "spread": (max(e.t for e in facts) - min(e.t for e in facts)) if len(facts) > 1 else 0.0,
        "rows": len(out.get("rows", [])),
        "unavailable": [f"{u['query']} ({u['code']})" for u in out.get("unavailable", [])],
        "fiscal_year": out.get("fiscal_year"),
    }


def main() -> str:
    runs = parse_runs(3, help="cold runs per N (each on a fresh cache dir)")
    lines = [
        "edgar compare revenue C1..CN --json (whole process, corpus mirror, cold = empty cache dir)",
        f"companies in order: {' '.join(COMPANIES)}",
        "",
    ]
    with MirrorServer() as mirror:
        for n in SIZES:
            companies = COMPANIES[:n]
            cold, warm = [], []
            for _ in range(max(1, runs)):
                with TempDir() as cache:
                    env = base_env(mirror, cache)
                    cold.append(one_run(mirror, env, companies))
                    warm.append(one_run(mirror, env, companies))
            c = cold[-1]
            lines.append(f"N={n}: {' '.join(companies)}")
            lines.append(f"  cold: {summarize([r['seconds'] for r in cold])}   exit {sorted({r['rc'] for r in cold})}")
            lines.append(
                f"        requests {statistics.median(r['requests'] for r in cold):.0f} = "
                f"{c['companyfacts']} companyfacts ({c['companyfacts_404']} of them 404) + "
                f"{c['tickers']} ticker file + {c['other']} other; "
                f"companyfacts arrival spread max {max(r['spread'] for r in cold) * 1000:.0f} ms"
            )
            lines.append(
                f"        FY{c['fiscal_year']}, {c['rows']} rows"
                + (f", unavailable: {', '.join(c['unavailable'])}" if c["unavailable"] else "")
            )
            lines.append(
                f"  warm: {summarize([r['seconds'] for r in warm])}   "
                f"requests {statistics.median(r['requests'] for r in warm):.0f}"
            )
            lines.append("")
    lines.append(
        "N=8 note: only 6 corpus companies have companyfacts; MSFT and AMZN are 404s listed as "
        "unavailable, so N=8 times 6 real parses, not 8."
    )
    return publish("compare", "\n".join(lines))


if __name__ == "__main__":
    main()

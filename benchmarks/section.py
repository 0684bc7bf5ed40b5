"""Benchmark: `edgar section` on a 2.6 MB 10-K (Tesla FY2024, 0001628280-25-003063) as whole processes.

Issue 5: the parsed document is cached, so a second section or the next page does
not parse again. Measured per run, in a fresh cache dir:
  first   - `section TSLA risk_factors`: fetch + parse + outline + cache write
  second  - `section TSLA mda` in a new process: reads the cached parse
  page 2  - `section TSLA mda --offset N` in a new process
and in-process (one client): the first call against a second section's call.

    python benchmarks/section.py [--runs 5]
"""

from __future__ import annotations

import os
import time

from common import MirrorServer, TempDir, base_env, parse_runs, publish, run_process, summarize

ACC = "0001628280-25-003063"
BASE = ["section", "TSLA", "--accession", ACC, "--json"]


def in_process(mirror, cache) -> tuple[float, float]:
    env = base_env(mirror, cache)
    os.environ.update({k: v for k, v in env.items() if k.startswith(("EDGAR_", "SEC_"))})
    from edgar_cli.capabilities.section.section import get_filing_section
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    client = SecClient(Settings.from_env())
    t0 = time.perf_counter()
    get_filing_section("TSLA", "risk_factors", accession_number=ACC, client=client)
    t1 = time.perf_counter()
    get_filing_section("TSLA", "mda", accession_number=ACC, client=client)
    t2 = time.perf_counter()
    client.close()
    return t1 - t0, t2 - t1


def main() -> str:
    runs = parse_runs(5)
    lines = [f"edgar section on tsla-20241231.htm (2.6 MB 10-K, {ACC}), corpus mirror"]
    first, second, page2, rss, ip_first, ip_second = [], [], [], [], [], []
    with MirrorServer() as mirror:
        for _ in range(runs):
            with TempDir() as cache:
                env = base_env(mirror, cache)
                a = run_process(BASE[:2] + ["risk_factors"] + BASE[2:], env, mirror)
                b = run_process(BASE[:2] + ["mda"] + BASE[2:], env, mirror)
                c = run_process(BASE[:2] + ["mda"] + BASE[2:] + ["--offset", "20000"], env, mirror)
                assert a.rc == b.rc == c.rc == 0, (a, b, c)
                first.append(a.seconds)
                second.append(b.seconds)
                page2.append(c.seconds)
                rss.extend([a.max_rss_kb, b.max_rss_kb, c.max_rss_kb])
            with TempDir() as cache:
                f, s = in_process(mirror, cache)
                ip_first.append(f)
                ip_second.append(s)
    lines.append(f"first section (fetch+parse), whole process: {summarize(first)}")
    lines.append(f"second section, new process (cached parse):  {summarize(second)}")
    lines.append(f"next page, new process (cached parse):       {summarize(page2)}")
    lines.append(f"in-process: first {summarize(ip_first)}; second section {summarize(ip_second)}")
    lines.append(f"peak RSS: {max(rss) / 1024:.1f} MiB")
    return publish("section", "\n".join(lines))


if __name__ == "__main__":
    main()

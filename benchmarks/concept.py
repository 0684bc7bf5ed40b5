"""Benchmark: `edgar concept NVDA revenue --fy 2024 --json` as whole processes, cold and warm.

Target (issue 2): warm under 0.3 s on a 2-core machine. Cold = an empty cache
dir (fetches the ticker file and the 4 MB companyfacts through the mirror and
parses them once); warm = the same cache afterwards. Also peak memory.

    python benchmarks/concept.py [--runs 10]
"""

from __future__ import annotations

import statistics

from common import MirrorServer, TempDir, base_env, parse_runs, publish, run_process, summarize

ARGS = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]


def main() -> str:
    runs = parse_runs(10)
    lines = ["edgar concept NVDA revenue --fy 2024 --json (whole process, corpus mirror)"]
    with MirrorServer() as mirror:
        cold, warm, rss, reqs = [], [], [], []
        for _ in range(max(1, runs // 3)):
            with TempDir() as cache:
                env = base_env(mirror, cache)
                c = run_process(ARGS, env, mirror)
                cold.append(c.seconds)
                rss.append(c.max_rss_kb)
                reqs.append(c.requests)
                for _ in range(runs):
                    w = run_process(ARGS, env, mirror)
                    assert w.rc == 0
                    warm.append(w.seconds)
                    rss.append(w.max_rss_kb)
    lines.append(f"cold: {summarize(cold)}   requests per cold run: {statistics.median(reqs):.0f}")
    lines.append(f"warm: {summarize(warm)}   target < 0.300s")
    lines.append(f"peak RSS: {max(rss) / 1024:.1f} MiB")
    return publish("concept", "\n".join(lines))


if __name__ == "__main__":
    main()

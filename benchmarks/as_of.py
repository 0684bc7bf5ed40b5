"""Benchmark: warm queries with `--as-of DATE` against the same queries without it, as ratios.

Target (issue 38): a point-in-time query costs no more than 1.3x the same query without it. Each pair runs
warm (one cache dir, filled once) and interleaved run by run, so machine load hits both alike. The concept
pair is shown twice: against the warm fast path (edgar_cli/cli/fastpath.py, which stands aside for
--as-of) and against the same command through Typer (EDGAR_FASTPATH=0), the path --as-of takes.

    python benchmarks/as_of.py [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import statistics

from common import MirrorServer, TempDir, base_env, run_process, save, summarize

AS_OF = ["--as-of", "2019-06-30"]
PAIRS = [
    ("concept (fast path)", ["concept", "AAPL", "revenue", "--fy", "2018", "--json"], {}),
    ("concept (Typer)", ["concept", "AAPL", "revenue", "--fy", "2018", "--json"], {"EDGAR_FASTPATH": "0"}),
    ("statement", ["statement", "AAPL", "income", "--fy", "2018", "--json"], {}),
    ("compare 3", ["compare", "revenue", "AAPL", "NVDA", "TSLA", "--fy", "2018", "--json"], {}),
]


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    opts = ap.parse_args()
    load = os.getloadavg()[0]
    lines = [f"--as-of vs without, warm, whole processes on the corpus mirror (load average {load:.2f})"]
    with MirrorServer() as mirror, TempDir() as cache:
        env = base_env(mirror, cache)
        for name, args, extra in PAIRS:
            env_pair = dict(env, **extra)
            run_process(args, env_pair, mirror)  # warm both once
            run_process(args + AS_OF, env_pair, mirror)
            plain, pit = [], []
            for _ in range(opts.runs):
                a = run_process(args, env_pair, mirror)
                b = run_process(args + AS_OF, env_pair, mirror)
                assert a.rc in (0, 17) and b.rc in (0, 17), (name, a.rc, b.rc)  # compare: 17 not comparable
                plain.append(a.seconds)
                pit.append(b.seconds)
            ratio = statistics.median(pit) / statistics.median(plain)
            lines.append(f"{name:20}  without {summarize(plain)}")
            lines.append(f"{name:20}  --as-of {summarize(pit)}")
            lines.append(f"{name:20}  ratio (medians): {ratio:.2f}x   target <= 1.30x")
    text = "\n".join(lines)
    print(text)
    save("as_of", text + "\n")
    return text


if __name__ == "__main__":
    main()

"""Benchmark: warm queries with `--as-of DATE` against the same queries without it, as ratios.

Target (issue 38): a point-in-time query costs no more than 1.3x the same query without it. Each pair runs
warm (one cache dir, filled once) and interleaved run by run, so machine load hits both alike. The concept
pair is shown twice: against the warm fast path (edgar_cli/cli/fastpath.py, which stands aside for
--as-of) and against the same command through Typer (EDGAR_FASTPATH=0), the path --as-of takes.

    python benchmarks/as_of.py [--runs 9]
"""

from __future__ import annotations

import os

from common import interleaved, mirror_and_env, parse_runs, publish, ratio_lines

AS_OF = ["--as-of", "2019-06-30"]
PAIRS = [
    ("concept (fast path)", ["concept", "AAPL", "revenue", "--fy", "2018", "--json"], {}),
    ("concept (Typer)", ["concept", "AAPL", "revenue", "--fy", "2018", "--json"], {"EDGAR_FASTPATH": "0"}),
    ("statement", ["statement", "AAPL", "income", "--fy", "2018", "--json"], {}),
    ("compare 3", ["compare", "revenue", "AAPL", "NVDA", "TSLA", "--fy", "2018", "--json"], {}),
]


def main() -> str:
    runs = parse_runs(9)
    load = os.getloadavg()[0]
    lines = [f"--as-of vs without, warm, whole processes on the corpus mirror (load average {load:.2f})"]
    with mirror_and_env() as (mirror, env):
        for name, args, extra in PAIRS:
            plain, pit = interleaved(args, args + AS_OF, dict(env, **extra), mirror, runs)
            assert all(r.rc in (0, 17) for r in plain + pit), (name, plain, pit)  # compare: 17 not comparable
            lines += ratio_lines(f"{name:20}", ("without", plain), ("--as-of", pit), "ratio", 1.30)
    return publish("as_of", "\n".join(lines))


if __name__ == "__main__":
    main()

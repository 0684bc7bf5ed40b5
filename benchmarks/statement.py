"""Benchmark: warm `edgar statement NVDA income --last 5` against a warm single-concept lookup, as a ratio.

Target (issue 19): the statement (twelve concepts, one companyfacts request) within 1.2x of
`edgar concept NVDA revenue --fy 2024`, both warm (the same cache dir, filled once), both
with --json and in table mode, interleaved run by run so machine load hits both alike. Also
the requests each cold statement run makes (target: the ticker file and one companyfacts).

    python benchmarks/statement.py [--runs 15]
"""

from __future__ import annotations

import os

from common import (
    interleaved,
    mirror_and_env,
    parse_runs,
    publish,
    ratio_lines,
    run_process,
)

CONCEPT = ["concept", "NVDA", "revenue", "--fy", "2024"]
STATEMENT = ["statement", "NVDA", "income", "--last", "5"]


def main() -> str:
    runs = parse_runs(15)
    load = os.getloadavg()[0]
    lines = [f"statement vs concept, warm, whole processes on the corpus mirror (load average {load:.2f})"]
    with mirror_and_env() as (mirror, env):
        cold = run_process(STATEMENT + ["--json"], env, mirror)
        assert cold.rc == 0
        lines.append(f"cold statement: {cold.seconds:.3f}s, {cold.requests} requests")
        for mode, extra in (("--json", ["--json"]), ("table", [])):
            concept, statement = interleaved(CONCEPT + extra, STATEMENT + extra, dict(env, COLUMNS="160"), mirror, runs)
            assert all(r.rc == 0 for r in concept + statement) and all(r.requests == 0 for r in statement)
            ratio = "ratio statement/concept"
            lines += ratio_lines(f"{mode:6}", ("concept", concept), ("statement", statement), ratio, 1.20)
    return publish("statement", "\n".join(lines))


if __name__ == "__main__":
    main()

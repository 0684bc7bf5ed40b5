"""Benchmark: warm `edgar statement NVDA income --last 5` against a warm single-concept lookup, as a ratio.

Target (issue 19): the statement (twelve concepts, one companyfacts request) within 1.2x of
`edgar concept NVDA revenue --fy 2024`, both warm (the same cache dir, filled once), both
with --json and in table mode, interleaved run by run so machine load hits both alike. Also
the requests each cold statement run makes (target: the ticker file and one companyfacts).

    python benchmarks/statement.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics

from common import MirrorServer, TempDir, base_env, run_process, save, summarize

CONCEPT = ["concept", "NVDA", "revenue", "--fy", "2024"]
STATEMENT = ["statement", "NVDA", "income", "--last", "5"]


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    opts = ap.parse_args()
    load = os.getloadavg()[0]
    lines = [f"statement vs concept, warm, whole processes on the corpus mirror (load average {load:.2f})"]
    with MirrorServer() as mirror, TempDir() as cache:
        env = base_env(mirror, cache)
        cold = run_process(STATEMENT + ["--json"], env, mirror)
        assert cold.rc == 0
        lines.append(f"cold statement: {cold.seconds:.3f}s, {cold.requests} requests")
        for mode, extra in (("--json", ["--json"]), ("table", [])):
            env_mode = dict(env, COLUMNS="160")
            concept, statement = [], []
            run_process(CONCEPT + extra, env_mode, mirror)  # warm both once
            run_process(STATEMENT + extra, env_mode, mirror)
            for _ in range(opts.runs):
                c = run_process(CONCEPT + extra, env_mode, mirror)
                s = run_process(STATEMENT + extra, env_mode, mirror)
                assert c.rc == 0 and s.rc == 0 and s.requests == 0
                concept.append(c.seconds)
                statement.append(s.seconds)
            ratio = statistics.median(statement) / statistics.median(concept)
            lines.append(f"{mode:6}  concept {summarize(concept)}")
            lines.append(f"{mode:6}  statement {summarize(statement)}")
            lines.append(f"{mode:6}  ratio statement/concept (medians): {ratio:.2f}x   target <= 1.20x")
    text = "\n".join(lines)
    print(text)
    save("statement", text + "\n")
    return text


if __name__ == "__main__":
    main()

"""Where a warm `edgar concept NVDA revenue --fy 2024 --json` spends its time: imports by package, then the rest.

Runs the warm command --runs times under ``python -X importtime`` and sums each module's
*self* import time by top-level package (edgar_cli modules one by one), median over runs; then
one in-process profile of the command after its imports, split into the phases that show up
(resolving, loading facts, building models, rendering JSON). For the import-time restructuring
of the CLI (issue 16, "warm concept <= 0.12 s"): what each package costs a warm run and what
the lookup itself costs.

    python benchmarks/import_profile.py [--runs 5]

Prints and saves benchmarks/results/import_profile.txt; never asserts.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict

from common import MirrorServer, Report, TempDir, base_env, parse_runs, run_process

ARGS = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]


def importtime(env: dict) -> tuple[dict[str, float], float]:
    """({package or edgar module: self import ms}, total import ms) of one warm run."""
    cmd = [sys.executable, "-X", "importtime", "-m", "edgar_cli", *ARGS]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    groups: dict[str, float] = defaultdict(float)
    total = 0.0
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _cum, mod = [p.strip() for p in line[len("import time:") :].split("|")]
        key = mod if mod.startswith("edgar_cli") else mod.split(".")[0]
        groups[key] += int(self_us) / 1000
        total += int(self_us) / 1000
    return groups, total


def profile_lookup(env: dict) -> str:
    """cProfile of the command in-process, after every import it needs."""
    code = f"""
import cProfile, io, pstats, sys, time
t0 = time.perf_counter()
import edgar_cli.cli.entry, edgar_cli.cli.app, edgar_cli.capabilities.concept.concept, edgar_cli.models, typer._adapters
t1 = time.perf_counter()
pr = cProfile.Profile(); pr.enable()
try:
    edgar_cli.cli.entry.main({ARGS!r})
except SystemExit:
    pass
pr.disable()
t2 = time.perf_counter()
s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("cumulative").print_stats(40)
sys.stderr.write(f"IMPORTS {{t1 - t0:.3f}} RUN {{t2 - t1:.3f}}\\n" + s.getvalue())
"""
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    return proc.stderr


def main() -> None:
    runs = parse_runs(5, __doc__.split("\n\n")[0])
    say = Report()

    load = os.getloadavg()[0]
    with TempDir() as root, MirrorServer() as mirror:
        env = base_env(mirror, root / "cache")
        run_process(ARGS, env, mirror)  # cold
        walls, per, totals = [], defaultdict(list), []
        for _ in range(runs):
            t = time.perf_counter()
            groups, total = importtime(env)
            walls.append(time.perf_counter() - t)
            totals.append(total)
            for k, v in groups.items():
                per[k].append(v)
        plain = [run_process(ARGS, env, mirror).seconds for _ in range(runs)]
        prof = profile_lookup(env)

    wall = statistics.median(plain)
    imports = statistics.median(totals)
    say(f"# Warm `edgar {' '.join(ARGS)}`: where the time goes ({runs} runs, medians; load {load:.2f})")
    say(f"whole process {wall:.3f} s; imports (sum of self times, under -X importtime) {imports / 1000:.3f} s")
    say()
    say(f"{'package / edgar module':40} {'self ms':>8} {'share':>6}")
    ranked = sorted(((statistics.median(v + [0.0] * (runs - len(v))), k) for k, v in per.items()), reverse=True)
    for ms, k in ranked[:35]:
        say(f"{k:40} {ms:8.1f} {ms / imports:6.1%}")
    say()
    say("## In-process profile after imports (cumulative)")
    for line in prof.splitlines()[:60]:
        say(line)
    say.save("import_profile")


if __name__ == "__main__":
    main()

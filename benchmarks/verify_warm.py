"""Benchmark: warm `edgar verify` with and without --cite, against the floor, the fast path and a before tree.

Issue 37 asks for a warm verify of 0.25 s or less, without and with --cite. Measured in one cache dir
after a cold run of each command, interleaved (so load on the machine hits every row alike), medians:

  floor    benchmarks/floor.py (stdlib reading the same cache: the floor of any warm lookup)
  lookup   `concept NVDA revenue --fy 2024 --json` (the warm fast path)
  verify   `verify "NVIDIA's revenue for fiscal 2024 was $60.9 billion, up 126% from a year earlier." -c NVDA --json`
  cite     `verify "NVIDIA had approximately 36,000 employees." -c NVDA --cite 0001045810-25-000023:nvda-20250126.htm --json`

With ``--before DIR`` (DIR holding another checkout's edgar_cli, e.g. ``git archive main edgar_cli | tar -x -C DIR``)
the two verify rows also run with that tree on the same cache, and the after/before ratios are printed.

    python benchmarks/verify_warm.py [--runs 7] [--before DIR]

Prints and saves benchmarks/results/verify_warm.txt; never asserts.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

from common import (
    ROOT,
    MirrorServer,
    Report,
    TempDir,
    base_env,
    before_after_options,
    run_process,
    timed,
)

LOOKUP = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
VERIFY = [
    "verify",
    "NVIDIA's revenue for fiscal 2024 was $60.9 billion, up 126% from a year earlier.",
    "-c",
    "NVDA",
    "--json",
]
CITE = [
    "verify",
    "NVIDIA had approximately 36,000 employees.",
    "-c",
    "NVDA",
    "--cite",
    "0001045810-25-000023:nvda-20250126.htm",
    "--json",
]


def main() -> None:
    opts = before_after_options(__doc__.split("\n\n")[0])
    say = Report()
    load = os.getloadavg()
    rows: dict[str, list[float]] = {}
    codes: dict[str, set[int]] = {}
    with TempDir() as root, MirrorServer() as mirror:
        env = base_env(mirror, root / "cache")
        before_env = dict(env, PYTHONPATH=opts.before) if opts.before else None
        py = [sys.executable, "-P", "-m", "edgar_cli"]  # -P: PYTHONPATH's tree wins over the checkout
        cmds: dict[str, tuple[list[str], dict]] = {
            "floor": ([sys.executable, str(ROOT / "benchmarks" / "floor.py")], env),
            "lookup": (py + LOOKUP, env),
            "verify": (py + VERIFY, env),
            "cite": (py + CITE, env),
        }
        if before_env is not None:
            cmds["verify, before"] = (py + VERIFY, before_env)
            cmds["cite, before"] = (py + CITE, before_env)
        for args in (LOOKUP, VERIFY, CITE):  # cold runs fill the cache (the before tree reads what it can)
            run_process(args, env, mirror)
        for label, (cmd, e) in cmds.items():  # one warm-up each (a before tree's own cache entries)
            codes[label] = {subprocess.run(cmd, env=e, capture_output=True).returncode}
        for _ in range(opts.runs):
            for label, (cmd, e) in cmds.items():
                rows.setdefault(label, []).append(timed(cmd, e))
    med = {k: statistics.median(v) for k, v in rows.items()}
    say(
        f"# Warm verify (issue 37), {opts.runs} interleaved runs, medians; load average "
        f"{' '.join(f'{x:.2f}' for x in load)} on {os.cpu_count()} cores"
    )
    say()
    say(f"{'row':16} {'median':>8} {'/ floor':>8} {'/ lookup':>9}  exit")
    for label, m in med.items():
        say(f"{label:16} {m:7.3f}s {m / med['floor']:7.2f}x {m / med['lookup']:8.2f}x  {sorted(codes[label])}")
    say()
    say("target: verify and cite <= 0.25 s (issue 37)")
    if opts.before:
        for row in ("verify", "cite"):
            say(f"{row}: now / before = {med[row] / med[row + ', before']:.2f}x")
    say.save("verify_warm")


if __name__ == "__main__":
    main()

"""Benchmark: the warm paths people take, against the `--json` fast path (issue 37), ratios from one run.

Every form below runs warm, interleaved run by run with `edgar concept NVDA revenue --fy 2024 --json` (the
fast path, edgar_cli/cli/fastpath.py) on the same cache, and is printed as its median over the fast path's
with issue 37's target: the concept's other forms <= 1.3x (the terminal's table, on a pseudo-terminal;
--tsv; piped rows; -q; a company's name; the same lookup once a fresh bulk store exists), the other
single-company commands <= 2x (resolve, statement, filings, compare, section). The load average is printed
with them: compare ratios within one run, not seconds across runs.

    python benchmarks/warm_forms.py [--runs 7]

Prints and saves benchmarks/results/warm_forms.txt; never asserts.
"""

from __future__ import annotations

import os
import pty
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from common import ROOT, MirrorServer, Report, TempDir, base_env, edgar_cmd, ensure_bytecode, parse_runs

sys.path.insert(0, str(ROOT / "tests" / "helpers"))

import bulk_kit  # noqa: E402

JSON = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
SECTION = ["section", "TSLA", "risk_factors", "--accession", "0001628280-25-003063", "--json"]
# (label, args, on a terminal?, target over the fast path)
FORMS: list[tuple[str, list[str], bool, float]] = [
    ("table on a terminal", ["concept", "NVDA", "revenue", "--fy", "2024"], True, 1.3),
    ("--tsv", ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"], False, 1.3),
    ("piped rows", ["concept", "NVDA", "revenue", "--fy", "2024"], False, 1.3),
    ("-q --json", ["-q", "concept", "NVDA", "revenue", "--fy", "2024", "--json"], False, 1.3),
    ("-q --tsv", ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv", "-q"], False, 1.3),
    ("by name (nvidia)", ["concept", "nvidia", "revenue", "--fy", "2024", "--json"], False, 1.3),
    ("resolve", ["resolve", "NVDA", "--json"], False, 2.0),
    ("statement", ["statement", "NVDA", "income", "--last", "5", "--json"], False, 2.0),
    ("filings", ["filings", "NVDA", "--form", "10-K", "--json"], False, 2.0),
    ("compare 2", ["compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json"], False, 2.0),
    ("section", SECTION, False, 2.0),
]
FRESH = datetime(2026, 6, 30, 7, tzinfo=UTC)  # the archives' publication: fresh on the pinned day 2026-07-01


def run(args: list[str], env: dict, terminal: bool = False) -> float:
    """Seconds one whole `edgar ARGS` takes, output discarded (on a pseudo-terminal when ``terminal``)."""
    if not terminal:
        t = time.perf_counter()
        subprocess.run(edgar_cmd() + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - t
    master, slave = pty.openpty()
    t = time.perf_counter()
    proc = subprocess.Popen(edgar_cmd() + args, env=env, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    os.close(slave)
    while True:  # drain it, as a terminal would
        try:
            if not os.read(master, 65536):
                break
        except OSError:
            break
    proc.wait()
    elapsed = time.perf_counter() - t
    os.close(master)
    return elapsed


def paired(form: list[str], env: dict, runs: int, terminal: bool = False, ref_env: dict | None = None):
    """(fast path samples, FORM's samples), run alternately after one warming run each."""
    ref_env = ref_env or env
    run(JSON, ref_env)
    run(form, env, terminal)
    ref, got = [], []
    for _ in range(runs):
        ref.append(run(JSON, ref_env))
        got.append(run(form, env, terminal))
    return ref, got


def with_bulk_store(root: Path, corpus: Path, runs: int, ref_env: dict) -> tuple[list[float], list[float]] | str:
    """The warm lookup with a fresh bulk store in its cache dir (synced from archives built from the corpus),
    against the fast path on REF_ENV's cache, which has none."""
    extra = root / "archives"
    bulk_kit.write_archives(extra, corpus, FRESH)
    with MirrorServer(corpus, extra=extra) as mirror:
        env = base_env(mirror, root / "bulk-cache")
        r = subprocess.run(edgar_cmd() + ["sync", "--json"], env=env, capture_output=True, text=True)
        if r.returncode != 0:
            return f"edgar sync failed ({r.returncode}): {r.stderr.strip()[-200:]}"
        return paired(JSON, env, runs, ref_env=ref_env)


def main() -> None:
    runs = parse_runs(7, __doc__.split("\n\n")[0])
    ensure_bytecode(ROOT / "edgar_cli")
    say = Report()
    load = os.getloadavg()
    lines = []
    with TempDir() as root, MirrorServer() as mirror:
        env = base_env(mirror, root / "cache")
        env.pop("COLUMNS", None)
        term_env = dict(env, TERM="xterm-256color")
        for label, args, terminal, target in FORMS:
            ref, got = paired(args, term_env if terminal else env, runs, terminal)
            lines.append((label, args, ref, got, target))
        bulk = with_bulk_store(root, mirror.corpus, runs, env)
    after = os.getloadavg()
    say(f"# Warm forms against the --json fast path (issue 37): {runs} interleaved runs each, medians")
    say(
        f"load average (1/5/15 min) before {' '.join(f'{x:.2f}' for x in load)}, after "
        f"{' '.join(f'{x:.2f}' for x in after)}; {os.cpu_count()} cores"
    )
    say(f"fast path: edgar {' '.join(JSON)}")
    say()

    def line(label: str, ref: list[float], got: list[float], target: float) -> None:
        r, g = statistics.median(ref), statistics.median(got)
        x = g / r
        say(
            f"  {label:<22} {g:.3f} s vs {r:.3f} s  {x:.2f}x   target <= {target:.1f}x  {'met' if x <= target else 'MISSED'}"
        )

    for label, _args, ref, got, target in lines:
        line(label, ref, got, target)
    if isinstance(bulk, str):
        say(f"  {'bulk store exists':<22} not available: {bulk}")
    else:
        line("bulk store exists", bulk[0], bulk[1], 1.3)
        say("    (the same --json lookup with a fresh bulk store in the cache dir, against it without one)")
    say.save("warm_forms")


if __name__ == "__main__":
    main()

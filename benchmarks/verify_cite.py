"""Benchmark: `edgar verify --cite` on NVIDIA's FY2025 10-K (0001045810-25-000023, 2 MB) as whole processes.

Issue 16: a warm `verify --cite DOCUMENT` re-parsed the cited document on every run. It now reads the
parsed document the way `edgar section` does (capabilities/sections.load_document: per-process memo, then
the disk cache). Measured in one cache dir, after a cold run of each:
  lookup - `concept NVDA revenue --fy 2025` (a warm lookup: the floor every command pays)
  verify - `verify "NVIDIA had approximately 36,000 employees." --company NVDA --cite ACC:nvda-20250126.htm`
           (the figure is only in the document's text, so the text is read every run)
The ratio warm verify / warm lookup is the number to compare across trees and machines.

    python benchmarks/verify_cite.py [--runs 7] [--tree DIR]

``--tree DIR`` runs another checkout's edgar_cli (DIR holds the package), e.g. main's, for a before/after
in one run of this script.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

from common import mirror_and_env, run_process, save, summarize

ACC = "0001045810-25-000023"
LOOKUP = ["concept", "NVDA", "revenue", "--fy", "2025", "--json"]
VERIFY = [
    "verify",
    "NVIDIA had approximately 36,000 employees.",
    "--company",
    "NVDA",
    "--cite",
    f"{ACC}:nvda-20250126.htm",
    "--json",
]


def measure(runs: int, tree: str | None) -> tuple[list[float], list[float], list[int], set[int]]:
    lookup, verify, rss, codes = [], [], [], set()
    with mirror_and_env() as (mirror, env):
        if tree:
            env["PYTHONPATH"] = tree
        cmd_prefix = ["-m", "edgar_cli"] if tree else []
        for args in (LOOKUP, VERIFY):  # cold runs fill the cache
            codes.add(run_process(cmd_prefix + args if tree else args, env, mirror).rc)
        for _ in range(runs):  # interleaved, so load on the machine hits both alike
            a = run_process(cmd_prefix + LOOKUP if tree else LOOKUP, env, mirror)
            b = run_process(cmd_prefix + VERIFY if tree else VERIFY, env, mirror)
            lookup.append(a.seconds)
            verify.append(b.seconds)
            rss.append(b.max_rss_kb)
            codes |= {a.rc, b.rc}
    return lookup, verify, rss, codes


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tree", help="a directory holding another edgar_cli package to measure instead")
    opts = ap.parse_args()
    if opts.tree:
        import common

        # `python -P -m edgar_cli`: -P keeps the current directory (a checkout) off sys.path, so PYTHONPATH wins
        common.edgar_cmd = lambda: [sys.executable, "-P"]
    lookup, verify, rss, codes = measure(opts.runs, opts.tree)
    ratio = statistics.median(verify) / statistics.median(lookup)
    lines = [
        f"edgar verify --cite {ACC}:nvda-20250126.htm (2 MB 10-K), corpus mirror, one warm cache dir"
        + (f", tree {opts.tree}" if opts.tree else ""),
        f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        f"warm lookup (concept)   {summarize(lookup)}",
        f"warm verify --cite      {summarize(verify)}  peak RSS {max(rss) / 1024:.0f} MB",
        f"ratio verify / lookup   {ratio:.2f}x",
        f"exit codes seen         {sorted(codes)}",
    ]
    text = "\n".join(lines)
    save("verify_cite" + ("_tree" if opts.tree else ""), text)
    return text


if __name__ == "__main__":
    print(main())

"""Benchmark part: every hostile-upstream mode of tests/helpers/hostile.py, one child process each, in figures.

For each mode a child process makes the one call the mode attacks against a loopback server
that misbehaves on that path only (the rest is the corpus), and reports the outcome: the error
code (or the wrong answer), wall seconds, peak RSS (the child's VmHWM; a child that died
reports the kernel's figure, which includes the parent's RSS before exec), requests the
hostile path received and cache entries left. Children run under an address-space limit (--memory-limit, 1.5 GiB) and a
wall-clock limit (--time-limit, 90 s), so an unbounded client fails here with MemoryError or
"killed at the time limit" instead of taking the machine down.

    python benchmarks/hostile_modes.py                 # this tree
    python benchmarks/hostile_modes.py --code /tmp/main-src   # another tree (e.g. `git archive main`)

benchmarks/reliability.py runs it as its third part. Prints; never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from common import ROOT, Report, TempDir

sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from hostile import HostileServer, gzip_bomb  # noqa: E402
from mirror import corpus_dir  # noqa: E402

NVDA_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"
NVDA_SUBMISSIONS = "/data.sec.gov/submissions/CIK0001045810.json"
TICKERS_EXCHANGE = "/www.sec.gov/files/company_tickers_exchange.json"
TICKERS = "/www.sec.gov/files/company_tickers.json"

# mode -> (paths to arm, the call the child makes)
CASES: dict[str, tuple[list[str], str]] = {
    "shape": ([TICKERS_EXCHANGE, TICKERS], "resolve AAPL"),
    "nan": ([NVDA_FACTS], "concept NVDA revenue 2024"),
    "deep": ([NVDA_SUBMISSIONS], "get submissions"),
    "gzip-bomb": ([NVDA_FACTS], "get companyfacts"),
    "endless": ([TICKERS_EXCHANGE], "get tickers"),
    "huge-length": ([NVDA_SUBMISSIONS], "get submissions"),
    "trickle-headers": ([NVDA_SUBMISSIONS], "get submissions"),
    "trickle-body": ([NVDA_SUBMISSIONS], "get submissions"),
    "redirect": ([NVDA_SUBMISSIONS], "get submissions"),
}
SHAPE_BODIES = {
    TICKERS_EXCHANGE: {
        "fields": ["cik", "name", "ticker", "exchange"],
        "data": [[1045810, "NVIDIA CORP", "NVDA", "Nasdaq"]],
    },
    TICKERS: {"0": {"cik_str": 1045810, "ticker": "NVDA", "title": "NVIDIA CORP"}},
}

CHILD = r"""
import json, sys, time
import stamina
stamina.set_testing(True, attempts=2)
import edgar_cli.sec.client as C
C.REQUEST_TIMEOUT = 5.0  # every trickled byte comes within it: only a deadline can end the call
from edgar_cli.config import Settings
from edgar_cli.errors import EdgarError
mirror, cache, call = sys.argv[1:4]
client = C.SecClient(Settings(user_agent="edgar-cli benchmarks bench@example.com", mirror=mirror,
                              cache_dir=cache), warn=lambda m: None)
def run():
    if call == "resolve AAPL":
        from edgar_cli.capabilities.resolve.resolve import resolve_company
        return resolve_company("AAPL", client=client).model_dump_json()
    if call == "concept NVDA revenue 2024":
        from edgar_cli.capabilities.concept.concept import get_financial_concept
        return get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client).model_dump_json()
    kind, url = {"get submissions": ("submissions", "https://data.sec.gov/submissions/CIK0001045810.json"),
                 "get companyfacts": ("companyfacts", "https://data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"),
                 "get tickers": ("tickers", "https://www.sec.gov/files/company_tickers_exchange.json")}[call]
    return str(len(json.dumps(client.get_json(url, kind=kind))))
started = time.perf_counter()
try:
    out = {"outcome": "answer", "detail": run()[:160]}
except EdgarError as exc:
    out = {"outcome": exc.code, "detail": exc.message[:160]}
except BaseException as exc:
    out = {"outcome": "crash:" + type(exc).__name__, "detail": str(exc)[:160]}
out["seconds"] = time.perf_counter() - started
try:  # this process image's own peak (ru_maxrss would include the parent's, inherited across fork + exec)
    out["rss_mb"] = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM")) / 1024
except (OSError, StopIteration):
    import resource
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
client.close()
try:
    import diskcache
    store = diskcache.Cache(cache + "/http")
    out["cached"] = sorted(str(k).split(":", 1)[0] for k in store.iterkeys())
    store.close()
except Exception as exc:
    out["cached"] = ["?" + type(exc).__name__]
print(json.dumps(out))
"""


def part_hostile(code: Path, memory_limit: int = 3 << 29, time_limit: float = 90.0) -> list[tuple[str, dict]]:
    """(mode, outcome) for every mode, each in a child of its own."""
    rows = []
    gzip_bomb()  # built before any request, so building it is never part of a measured call
    with TempDir() as root, HostileServer(corpus_dir()) as srv:
        for mode in CASES:
            rows.append((mode, _measured(srv, mode, code, root, memory_limit, time_limit)))
    return rows


def _measured(srv, mode, code, root, memory_limit, time_limit) -> dict:
    """One child: arm the mode's paths, make the call, read the outcome and the child's own peak RSS (wait4)."""
    paths, call = CASES[mode]
    srv.armed.clear()
    srv.hits.clear()
    for p in paths:
        srv.arm(p, mode, SHAPE_BODIES.get(p) if mode == "shape" else None)
    cache = root / f"cache-{mode}"

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    env = dict(os.environ, PYTHONPATH=str(code), EDGAR_TODAY="2026-07-01", EDGAR_NONINTERACTIVE="1")
    out_path = root / f"{mode}.out"
    started = time.perf_counter()
    with open(out_path, "w") as out_file:
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, srv.url, str(cache), call],
            env=env,
            stdout=out_file,
            stderr=subprocess.STDOUT,
            preexec_fn=limits,
        )
        deadline = started + time_limit
        killed = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                killed = True
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
    wall = time.perf_counter() - started
    text = out_path.read_text(errors="replace").strip().splitlines()
    try:
        result = json.loads(text[-1])
    except (ValueError, IndexError):
        tail = next((line for line in reversed(text) if line.strip()), "no output")
        result = {
            "outcome": "killed at the time limit" if killed else f"died: {tail[:120]}",
            "detail": "",
            "cached": ["?"],
        }
    result.setdefault("rss_mb", usage.ru_maxrss / 1024)  # the child's own figure when it could report one
    result.update(wall=wall, hits=sum(srv.hits.values()))
    return result


def report(rows: list[tuple[str, dict]], say) -> None:
    say(f"{'mode':16} {'outcome':26} {'wall s':>7} {'peak RSS MB':>11} {'requests':>8}  cached")
    for mode, r in rows:
        cached = ",".join(sorted(set(r.get("cached") or []))) or "nothing"
        say(f"{mode:16} {r['outcome'][:26]:26} {r['wall']:7.1f} {r['rss_mb']:11.0f} {r['hits']:8}  {cached}")
    for mode, r in rows:
        if r.get("detail"):
            say(f"  {mode}: {r['detail']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="source tree to import edgar_cli from")
    parser.add_argument("--memory-limit", type=int, default=3 << 29, help="child address-space limit, bytes")
    parser.add_argument("--time-limit", type=float, default=90.0, help="child wall-clock limit, seconds")
    args = parser.parse_args()
    say = Report()

    say(f"# Hostile upstream modes, code from {args.code}")
    report(part_hostile(args.code, args.memory_limit, args.time_limit), say)
    say.save("hostile_modes")


if __name__ == "__main__":
    main()

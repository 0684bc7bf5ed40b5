"""Benchmark: reliability under faults and under load, in figures (issue 11).

Part 1, faults (in-process): every capability of the registry (tests/helpers/reliability_kit.py:
the MCP tools plus every capability function in edgar_cli/capabilities/) with a few
valid arguments each, once fault-free, then --rounds times on cold cache directories against
a mirror that answers --rate (30%) of requests with a fault of every kind the mirror knows
(429 with and without Retry-After, 500, 503, dropped connection, truncated body, cut or
damaged gzip, 200 HTML maintenance page, slower than the client's timeout). Every fifth
round runs without a cache. stamina's test mode keeps the 4 attempts but skips the backoff
waits (the waits are what makes a real run slow, not what is being measured).

Part 2, load: one cold cache directory and one fault-free mirror; three workers each run
`edgar` commands one after another as separate processes (some with --no-cache, so they
keep requesting) while an `edgar serve-mcp` process answers 20 concurrent tool calls. The
mirror records each request's arrival time; the figure is the most requests in any one
second. Afterwards every cache entry of both parts is checked: its checksum, raw responses
against the corpus bytes, derived entries against a fault-free run's.

Part 3, hostile upstream (benchmarks/hostile_modes.py): every mode of tests/helpers/hostile.py (wrong
shape, NaN facts, deep JSON, gzip bomb, endless body, 2 GiB Content-Length, trickled headers
and body, redirect off-host), one child process each under a 1.5 GiB address-space and 90 s
limit: the outcome, wall time, peak RSS, requests and what was cached.

    python benchmarks/reliability.py [--rounds 40] [--rate 0.3] [--seed 11] [--hostile-code DIR]

Prints the figures (saved to benchmarks/results/reliability.txt); never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import hostile_modes
from common import ROOT, Report, TempDir, base_env, edgar_cmd

sys.path.insert(0, str(ROOT / "tests" / "helpers"))

import reliability_kit as K  # noqa: E402
from mirror import FAULT_KINDS, Faults, MirrorServer  # noqa: E402

# Three workers, each running these commands back to back (a new process each). After the first,
# cold-cache command, --no-cache keeps them requesting (they still share the rate limit, which
# lives in the cache directory); compare fetches its companies concurrently, so demand exceeds
# 10 requests/s in bursts.
WORKERS = [
    [
        ["compare", "revenue", "NVDA", "AAPL", "TSLA", "SNOW", "--json"],
        ["--no-cache", "compare", "net_income", "NVDA", "AAPL", "TSLA", "SNOW", "--json"],
        ["--no-cache", "filings", "AAPL", "--json"],
        ["--no-cache", "search", "climate change", "--forms", "8-K", "--json"],
    ],
    [
        ["concept", "Snowflake", "revenue", "--json"],
        ["--no-cache", "compare", "eps_diluted", "TSLA", "SNOW", "NVDA", "AAPL", "--json"],
        ["--no-cache", "filings", "1318605", "--json"],
        ["--no-cache", "concept", "NVDA", "eps_diluted", "--json"],
    ],
    [
        ["filings", "NVDA", "--form", "10-K", "--json"],
        ["--no-cache", "compare", "revenue", "SNOW", "NVDA", "TSLA", "AAPL", "--period", "quarterly", "--json"],
        ["--no-cache", "concept", "TSLA", "revenue", "--json"],
        ["--no-cache", "resolve", "1045810", "--json"],
    ],
]
MCP_CALLS = 20


def part_faults(args, root: Path) -> tuple[K.FaultReport, K.CacheAudit, int, float]:
    import stamina

    import edgar_cli.sec.client as client_module

    calls = K.workload()
    os.environ["EDGAR_TODAY"] = "2026-07-01"
    with stamina.set_testing(True, attempts=client_module.MAX_ATTEMPTS):
        with MirrorServer(gzip=True) as clean_mirror:
            clean = K.baseline(clean_mirror.url, root / "fault-free", calls)
        reference = K.cache_entries(root / "fault-free")
        saved_timeout = client_module.REQUEST_TIMEOUT
        client_module.REQUEST_TIMEOUT = 1.0  # the "slow" fault answers after 1.5 s
        faults = Faults(rate=args.rate, kinds=FAULT_KINDS, seed=args.seed, retry_after="0", slow_seconds=1.5)
        started = time.perf_counter()
        try:
            with MirrorServer(faults=faults, gzip=True) as faulty:
                report = K.fault_run(faulty, clean, root / "faulty", rounds=args.rounds, calls=calls, seed=args.seed)
                audit = K.audit_cache(faulty, report.cache_dirs + [root / "fault-free"], reference)
        finally:
            client_module.REQUEST_TIMEOUT = saved_timeout
    return report, audit, len(calls), time.perf_counter() - started


def _mcp_calls() -> list[tuple[str, dict]]:
    from edgar_cli.mcp.server import capabilities

    tools = {fn.__name__ for fn in capabilities()}
    pool = [(fn.__name__, kw) for fn, kw in K.workload() if fn.__name__ in tools]
    return [pool[i % len(pool)] for i in range(MCP_CALLS)]


def _mcp_session(env: dict, out: dict) -> None:
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def main():
        cmd = edgar_cmd()
        params = StdioServerParameters(command=cmd[0], args=cmd[1:] + ["serve-mcp"], env=env)
        errlog = open(out["stderr_path"], "w")
        try:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    calls = _mcp_calls()
                    results: list = [None] * len(calls)

                    async def one(i, name, arguments):
                        results[i] = await session.call_tool(name, arguments)

                    out["ready"].set()
                    async with anyio.create_task_group() as tg:
                        for i, (name, arguments) in enumerate(calls):
                            tg.start_soon(one, i, name, arguments)
                    out["results"] = [(calls[i][0], r) for i, r in enumerate(results)]
        finally:
            errlog.close()

    try:
        anyio.run(main)
    except Exception as exc:  # reported, not raised: a benchmark prints
        out["error"] = f"{type(exc).__name__}: {exc}"
        out["ready"].set()


def part_load(root: Path):
    cache = root / "shared-cache"
    with MirrorServer() as mirror:
        env = base_env(mirror, cache)
        mcp: dict = {"ready": threading.Event(), "stderr_path": str(root / "mcp.stderr")}
        server = threading.Thread(target=_mcp_session, args=(env, mcp))
        procs: list[dict] = []
        lock = threading.Lock()

        def worker(commands):
            for argv in commands:
                proc = subprocess.run(edgar_cmd() + argv, env=env, capture_output=True, text=True, timeout=300)
                with lock:
                    procs.append({"argv": argv, "rc": proc.returncode, "out": proc.stdout, "err": proc.stderr})

        started = time.perf_counter()
        server.start()
        mcp["ready"].wait(timeout=60)  # the server is up; its 20 calls start now, with the workers
        threads = [threading.Thread(target=worker, args=(w,)) for w in WORKERS]
        for t in threads:
            t.start()
        for t in threads + [server]:
            t.join()
        elapsed = time.perf_counter() - started
        arrivals = [e.t for e in mirror.log]
        statuses: dict[int, int] = {}
        for e in mirror.log:
            statuses[e.status] = statuses.get(e.status, 0) + 1
        # Reference for the derived entries: the same workload, fault-free, in-process, on its own cache.
        reference = K.cache_entries(root / "fault-free")
        ref_client = K.make_client(mirror.url, root / "load-reference")
        for argv in [a for w in WORKERS for a in w]:
            _run_in_process(argv, ref_client)
        for name, arguments in _mcp_calls():
            fn = next(f for f in K.capabilities() if f.__name__ == name)
            K.call(fn, arguments, ref_client)
        ref_client.close()
        reference.update(K.cache_entries(root / "load-reference"))
        audit = K.audit_cache(mirror, [cache], reference)
    return {"procs": procs, "mcp": mcp, "arrivals": arrivals, "statuses": statuses, "elapsed": elapsed, "audit": audit}


def _run_in_process(argv: list[str], client) -> None:
    """The capability call a CLI argv makes, on ``client`` (to build reference cache entries)."""
    from edgar_cli.capabilities.compare.compare import compare_companies
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.capabilities.filings.filings import list_filings
    from edgar_cli.capabilities.resolve.resolve import resolve_company
    from edgar_cli.capabilities.search.search import search_full_text

    a = [x for x in argv if x not in ("--json", "--no-cache")]
    cmd, rest = a[0], a[1:]
    calls = {
        "compare": lambda: compare_companies(
            rest[0],
            [c for c in rest[1:] if not c.startswith("-")][:8],
            period=rest[-1] if "--period" in rest else "annual",
            client=client,
        ),
        "filings": lambda: list_filings(rest[0], forms=rest[2] if "--form" in rest else None, client=client),
        "concept": lambda: get_financial_concept(rest[0], rest[1], client=client),
        "resolve": lambda: resolve_company(rest[0], client=client),
        "search": lambda: search_full_text(rest[0], forms=[rest[2]], client=client),
    }
    try:
        calls[cmd]()
    except Exception:
        pass


def _is_traceback(text: str) -> bool:
    return "Traceback (most recent call last)" in text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--hostile-code",
        type=Path,
        default=ROOT,
        help="source tree the hostile-mode children import (another one: 'before' figures)",
    )
    args = parser.parse_args()

    say = Report()

    with TempDir() as root:
        report, audit1, workload_size, seconds = part_faults(args, root)
        load = part_load(root)
    hostile = hostile_modes.part_hostile(args.hostile_code)

    say(
        f"# Reliability (issue 11): {args.rounds} rounds x {workload_size} calls, {args.rate:.0%} faults, "
        f"seed {args.seed}"
    )
    say()
    say("## Faults (in-process, every capability in the registry)")
    say(
        f"capabilities exercised:            {len({fn.__name__ for fn, _ in K.workload()})} "
        f"({', '.join(sorted({fn.__name__ for fn, _ in K.workload()}))})"
    )
    say(f"calls made:                        {report.calls}")
    say(f"requests the mirror answered:      {report.requests}")
    say(
        f"faults injected:                   {sum(report.faults.values())} "
        f"({', '.join(f'{k} {v}' for k, v in sorted(report.faults.items()))})"
    )
    say(f"answers identical to fault-free:   {report.identical}")
    say(
        f"structured errors:                 {report.structured_errors} "
        f"({', '.join(f'{k} {v}' for k, v in sorted(report.codes.items())) or 'none'})"
    )
    say(f"results declaring a partial fault: {report.declared_partial}")
    say(f"wrong answers (silent mismatch):   {len(report.mismatches)}")
    say(f"tracebacks:                        {len(report.tracebacks)}")
    say(f"slowest call:                      {report.slowest[0]:.2f}s  {report.slowest[1]}")
    say(f"wall time:                         {seconds:.1f}s")
    for m in report.mismatches[:10]:
        say(f"  mismatch: {m[:300]}")
    for tb in report.tracebacks[:3]:
        say(f"  traceback: {tb[-600:]}")

    procs, mcp = load["procs"], load["mcp"]
    mcp_results = mcp.get("results") or []
    mcp_errors: dict[str, int] = {}
    for _name, r in mcp_results:
        if r.is_error:
            try:  # the error JSON is the text content (no structured content on errors)
                code = json.loads(r.content[0].text)["error"]["code"]
            except (ValueError, KeyError, TypeError, IndexError):
                code = "?"
            mcp_errors[code] = mcp_errors.get(code, 0) + 1
    mcp_stderr = Path(mcp["stderr_path"]).read_text() if Path(mcp["stderr_path"]).exists() else ""
    tracebacks = sum(_is_traceback(p["err"] + p["out"]) for p in procs) + _is_traceback(mcp_stderr)
    tracebacks += sum(_is_traceback(r.content[0].text if r.content else "") for _n, r in mcp_results)
    window = K.max_in_one_second(load["arrivals"])
    say()
    say(
        f"## Load: 3 edgar workers ({sum(len(w) for w in WORKERS)} processes, 3 at a time) + an MCP server "
        f"with {MCP_CALLS} concurrent tool calls, one cold cache dir"
    )
    say(
        f"requests:                          {len(load['arrivals'])} in {load['elapsed']:.1f}s "
        f"(HTTP statuses: {', '.join(f'{k} {v}' for k, v in sorted(load['statuses'].items()))})"
    )
    say(f"max requests in any 1-second window: {window}  (limit 10)")
    say(
        f"edgar processes: {len(procs)}, exit codes: "
        f"{', '.join(f'{rc} x{n}' for rc, n in sorted(_count(p['rc'] for p in procs).items()))}"
    )
    say(
        f"MCP tool calls answered: {len(mcp_results)} of {MCP_CALLS}; errors: {mcp_errors or 'none'}"
        + (f"; session failed: {mcp['error']}" if "error" in mcp else "")
    )
    say(f"tracebacks:                        {tracebacks}")
    say()
    audit2 = load["audit"]
    say("## Cache audit (both parts)")
    say(f"cache entries checked:             {audit1.checked + audit2.checked}")
    say(f"bad entries:                       {len(audit1.bad) + len(audit2.bad)}")
    for b in (audit1.bad + audit2.bad)[:10]:
        say(f"  bad: {b[:300]}")
    say()
    say(f"## Hostile upstream (one child per mode; code from {args.hostile_code})")
    hostile_modes.report(hostile, say)
    say.save("reliability")


def _count(values) -> dict:
    out: dict = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


if __name__ == "__main__":
    main()

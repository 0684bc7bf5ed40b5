"""A team deployment under load: R MCP server replicas x C concurrent callers, one Redis, on loopback.

    python benchmarks/team.py [--replicas 3] [--callers 20] [--without-redis] [--json out.json]

Starts a throwaway redis-server (tests/helpers/engines.py), the corpus mirror and R ``edgar serve-mcp
--transport streamable-http`` processes, each with its own cache dir (as on R hosts) and EDGAR_REDIS_URL
(with the MCP server's ``--stateless --json-response`` and a bearer token when it has them). C callers
per replica, each with its own MCP client session, take tool calls from their replica's queue:
``list_filings`` for every company whose submissions the corpus holds and ``get_financial_concept``
(revenue, net income, FY2024) for every company whose companyfacts it holds, each twice. Round 1 is
cold (the first asking of every call needs the SEC); rounds 2 and 3 ask each replica the calls another
replica answered (warm: the shared cache). Reported per round: calls, SEC requests, requests per second held (over the round, and
the most in any one-second window: the SEC's limit is 10), p50/p95 call latency.

``--without-redis`` runs the same with no EDGAR_REDIS_URL: each replica has only its own cache and
its own limiter, as separate hosts do today. Nothing is asserted (tests/test_team.py asserts the
limit); figures go to stdout and benchmarks/results/team.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import PINNED_TODAY, UA, edgar_cmd, wait_port  # noqa: E402
from engines import RedisServer, free_port  # noqa: E402
from mirror import MirrorServer, corpus_dir  # noqa: E402
from reliability_kit import max_in_one_second  # noqa: E402

TOKEN = "team-benchmark-token-0123456789abcdef"
REPEAT = 2  # each call is asked twice a round (the second time warm in the replica's own process)


def tasks_from_corpus(corpus: Path) -> list[tuple[str, dict]]:
    rows = [line.split("\t") for line in (corpus / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    subs = sorted(
        {
            r[0].rsplit("CIK", 1)[1][:10]
            for r in rows
            if "/submissions/CIK" in r[0] and r[2] == "200" and "-submissions-" not in r[0]
        }
    )
    facts = sorted({r[0].rsplit("CIK", 1)[1][:10] for r in rows if "/companyfacts/CIK" in r[0] and r[2] == "200"})
    out: list[tuple[str, dict]] = [("list_filings", {"company": cik, "limit": 5}) for cik in subs]
    out += [
        ("get_financial_concept", {"company": cik, "concept": c, "fiscal_year": 2024})
        for cik in facts
        for c in ("revenue", "net_income")
    ]
    return out


def serve_options() -> list[str]:
    text = subprocess.run(
        edgar_cmd() + ["serve-mcp", "--help"],
        capture_output=True,
        text=True,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    ).stdout
    return ["--stateless", "--json-response"] if "--stateless" in text and "--json-response" in text else []


def start_replicas(n: int, mirror: MirrorServer, redis_url: str | None, tmp: Path, token: bool):
    procs, ports = [], []
    for k in range(n):
        port = free_port()
        env = dict(
            os.environ,
            EDGAR_MIRROR=mirror.url,
            SEC_USER_AGENT=UA,
            EDGAR_TODAY=PINNED_TODAY,
            EDGAR_CACHE_DIR=str(tmp / f"replica{k}"),
            EDGAR_NONINTERACTIVE="1",
            EDGAR_RATE_SHARE="3",
            EDGAR_RATELIMIT_DIR=str(tmp / f"replica{k}-ratelimit"),
        )
        env.pop("EDGAR_REDIS_URL", None)
        if redis_url:
            env["EDGAR_REDIS_URL"] = redis_url
            env.setdefault("EDGAR_REDIS_KEY", "benchmarks-team-redis-key-0123456789abcdef")
        if token:
            env["EDGAR_MCP_TOKEN"] = TOKEN
        cmd = edgar_cmd() + ["serve-mcp", "--transport", "streamable-http", "--port", str(port), *serve_options()]
        procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ports.append(port)
    for port, p in zip(ports, procs):
        wait_port(port, 60, p)
    return procs, ports


async def run_round(ports: list[int], queues: list[list[tuple[str, dict]]], callers: int, stateless: bool):
    """Every replica's queue drained by its callers; [(replica, tool, seconds, is_error)].

    Against a stateless server each call is one JSON-RPC POST (``tools/call``) on the caller's own HTTP
    connection: the MCP SDK's client costs ~50 ms of CPU per call, which on this 2-core machine made the
    load generator, not the servers, the bottleneck. Otherwise each caller holds an SDK session."""
    import anyio
    import httpx

    done: list[tuple[int, str, float, bool]] = []
    headers = (
        {
            "Authorization": f"Bearer {TOKEN}",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-06-18",
        }
        if stateless
        else {}
    )

    async def raw_caller(k: int, queue: list):
        async with httpx.AsyncClient(headers=headers, timeout=httpx.Timeout(330)) as http:
            n = 0
            while queue:
                name, args = queue.pop()
                n += 1
                body = {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}}
                t0 = time.perf_counter()
                r = await http.post(f"http://127.0.0.1:{ports[k]}/mcp", json=body)
                reply = r.json()
                done.append(
                    (
                        k,
                        name,
                        time.perf_counter() - t0,
                        r.status_code != 200 or "error" in reply or reply["result"].get("isError", False),
                    )
                )

    async def sdk_caller(k: int, queue: list):
        from mcp import ClientSession
        from mcp.client.streamable_http import streamable_http_client

        http = httpx.AsyncClient(timeout=httpx.Timeout(330))
        async with http, streamable_http_client(f"http://127.0.0.1:{ports[k]}/mcp", http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                while queue:
                    name, args = queue.pop()
                    t0 = time.perf_counter()
                    result = await session.call_tool(name, args)
                    done.append((k, name, time.perf_counter() - t0, bool(result.is_error)))

    async with anyio.create_task_group() as tg:
        for k, queue in enumerate(queues):
            for _ in range(callers):
                tg.start_soon(raw_caller if stateless else sdk_caller, k, queue)
    return done


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def run(replicas: int, callers: int, with_redis: bool) -> list[dict]:
    import anyio

    corpus = corpus_dir()
    tasks = tasks_from_corpus(corpus)
    token = "--stateless" in serve_options()
    rows = []
    with tempfile.TemporaryDirectory() as tmp_s, MirrorServer(corpus) as mirror:
        tmp = Path(tmp_s)
        redis = RedisServer().start() if with_redis else None
        try:
            if redis is not None:
                import redis as redis_py

                redis_py.Redis.from_url(redis.url).set("edgar:ratelimit:ready", 0)  # not a restart
            procs, ports = start_replicas(replicas, mirror, redis.url if redis else None, tmp, token)
            try:
                for rnd in range(3):  # round r: task i on replica (i + r) % R
                    queues = [
                        [t for i, t in enumerate(tasks) if (i + rnd) % replicas == k][::-1] * REPEAT
                        for k in range(replicas)
                    ]
                    before = len(mirror.log)
                    t0 = time.time()
                    done = anyio.run(run_round, ports, queues, callers, token)
                    t1 = time.time()
                    arrivals = [e.t for e in mirror.log[before:]]
                    lat = [d[2] for d in done]
                    rows.append(
                        {
                            "redis": with_redis,
                            "round": rnd + 1,
                            "kind": "cold" if rnd == 0 else "warm",
                            "calls": len(done),
                            "errors": sum(d[3] for d in done),
                            "sec_requests": len(arrivals),
                            "seconds": round(t1 - t0, 2),
                            "requests_per_second": round(len(arrivals) / max(t1 - t0, 1e-9), 2),
                            "max_in_one_second": max_in_one_second(arrivals) if arrivals else 0,
                            "p50_s": round(statistics.median(lat), 3),
                            "p95_s": round(pct(lat, 0.95), 3),
                            "max_s": round(max(lat), 3),
                        }
                    )
            finally:
                for p in procs:
                    p.terminate()
                for p in procs:
                    p.wait(timeout=30)
        finally:
            if redis is not None:
                redis.stop()
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replicas", type=int, default=3)
    ap.add_argument("--callers", type=int, default=20)
    ap.add_argument("--without-redis", action="store_true", help="also run with no EDGAR_REDIS_URL, for contrast")
    ap.add_argument("--json", type=Path)
    opts = ap.parse_args()
    load = os.getloadavg()[0]
    rows = run(opts.replicas, opts.callers, True)
    if opts.without_redis:
        rows += run(opts.replicas, opts.callers, False)
    lines = [
        f"{opts.replicas} replicas x {opts.callers} callers, {rows[0]['calls']} tool calls a round "
        f"(list_filings, get_financial_concept); load average {load:.1f} at the start",
        "",
        f"{'redis':<6}{'round':<7}{'calls':>6}{'errors':>7}{'SEC req':>8}{'seconds':>8}{'req/s':>7}"
        f"{'max in 1 s':>11}{'p50 s':>7}{'p95 s':>7}{'max s':>7}",
    ]
    for r in rows:
        lines.append(
            f"{'yes' if r['redis'] else 'no':<6}{r['round']} {r['kind']:<5}{r['calls']:>6}{r['errors']:>7}"
            f"{r['sec_requests']:>8}{r['seconds']:>8.1f}{r['requests_per_second']:>7.1f}"
            f"{r['max_in_one_second']:>11}{r['p50_s']:>7.2f}{r['p95_s']:>7.2f}{r['max_s']:>7.2f}"
        )
    text = "\n".join(lines)
    print(text)
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "team.txt").write_text(text + "\n", encoding="utf-8")
    if opts.json:
        opts.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""MCP under load: 20 concurrent warm get_financial_concept calls over stdio and streamable HTTP.

Starts `edgar serve-mcp` (one server per transport) against the corpus mirror, warms the cache
with one call per company, then runs --rounds batches of 20 concurrent calls on one session
(Python `mcp` client; and over stdio with a minimal JSON-RPC client too, the server's share) and reports per-call latency p50/p95, the batch wall time, the server's
peak RSS (VmHWM) and the size of `tools/list` (JSON characters and ~tokens = characters / 4),
also for the seed's six tools (issue 7: resolve_company, list_filings, get_financial_concept,
compare_companies, get_filing_section, search_full_text). Also the floor: the same call in
process, so the ratio p50 / in-process tells the transport's overhead. Then the memory of a
long-lived server: a child process (one client, as `serve-mcp` holds one) reads every company's
facts and every 10-K/10-Q document of the corpus three times over, and reports its RSS (VmRSS), the
client memo's weight, entries and evictions after each pass, under the default memo bound and under
a small one (--memo-mb), so the bound shows in the figures. Printed and saved under
benchmarks/results/, never asserted.

    python benchmarks/mcp_concurrency.py [--rounds 5] [--label before] [--memo-mb 8]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import anyio
from common import UA, MirrorServer, TempDir, edgar_cmd, publish, wait_port

SEED_TOOLS = (
    "resolve_company",
    "list_filings",
    "get_financial_concept",
    "compare_companies",
    "get_filing_section",
    "search_full_text",
)
CALLS = [("NVDA", 2024), ("AAPL", 2024), ("TSLA", 2021), ("SNOW", 2024)]
CONCURRENCY = 20


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def server_env(mirror: MirrorServer, tmp: Path) -> dict:
    env = dict(os.environ)
    env.update(
        EDGAR_MIRROR=mirror.url,
        SEC_USER_AGENT=UA,
        EDGAR_CACHE_DIR=str(tmp / "cache"),
        EDGAR_TODAY="2026-07-01",
        EDGAR_NONINTERACTIVE="1",
        EDGAR_INDEX=str(tmp / "index.sqlite"),
        EDGAR_SEMANTIC="0",
    )
    return env


def vm_hwm_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def server_pids() -> list[int]:
    """Direct children of this process (the stdio server) whose command line runs serve-mcp."""
    me, out = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == me and b"serve-mcp" in (entry / "cmdline").read_bytes():
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return out


async def drive(session, rounds: int) -> dict:
    listed = await session.list_tools()
    tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools]
    all_chars = len(json.dumps({"tools": tools}))
    seed_chars = len(json.dumps({"tools": [t for t in tools if t["name"] in SEED_TOOLS]}))
    # what a host puts in the model's context: name, description and input schema (not the output schema)
    shown = [{k: t[k] for k in ("name", "description", "inputSchema") if k in t} for t in tools]
    model_chars = len(json.dumps(shown))
    seed_model_chars = len(json.dumps([t for t in shown if t["name"] in SEED_TOOLS]))
    for company, fy in CALLS:  # warm: companyfacts fetched and parsed once per company
        await session.call_tool("get_financial_concept", {"company": company, "concept": "revenue", "fiscal_year": fy})
    lat: list[float] = []
    walls: list[float] = []
    errors = 0
    for _ in range(rounds):
        batch = [0.0] * CONCURRENCY

        async def one(i: int) -> None:
            nonlocal errors
            company, fy = CALLS[i % len(CALLS)]
            t = time.perf_counter()
            r = await session.call_tool(
                "get_financial_concept", {"company": company, "concept": "revenue", "fiscal_year": fy}
            )
            batch[i] = time.perf_counter() - t
            errors += bool(r.is_error)

        t0 = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for i in range(CONCURRENCY):
                tg.start_soon(one, i)
        walls.append(time.perf_counter() - t0)
        lat += batch
    return {
        "lat": lat,
        "walls": walls,
        "errors": errors,
        "tools": len(tools),
        "all_chars": all_chars,
        "seed_chars": seed_chars,
        "model_chars": model_chars,
        "seed_model_chars": seed_model_chars,
    }


async def over_stdio(env: dict, rounds: int) -> dict:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cmd = edgar_cmd()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "serve-mcp"], env=env)
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            out = await drive(session, rounds)
            out["rss_kb"] = max((vm_hwm_kb(p) for p in server_pids()), default=0)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def over_http(env: dict, rounds: int) -> dict:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    port = free_port()
    proc = subprocess.Popen(
        edgar_cmd() + ["serve-mcp", "--transport", "streamable-http", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_port(port, proc=proc)

        async def go():
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    return await drive(session, rounds)

        out = anyio.run(go)
        out["rss_kb"] = vm_hwm_kb(proc.pid)
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def over_raw_stdio(env: dict, rounds: int) -> dict:
    """The same batches written as JSON-RPC lines by a minimal client: the server's share of the latency
    (the Python SDK client validates and parses every result too, which costs it milliseconds per call)."""
    proc = subprocess.Popen(
        edgar_cmd() + ["serve-mcp"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )

    def send(msg: dict) -> None:
        proc.stdin.write((json.dumps(msg) + "\n").encode())
        proc.stdin.flush()

    def batch(first_id: int) -> list[float]:
        sent = {}
        for i in range(CONCURRENCY):
            company, fy = CALLS[i % len(CALLS)]
            sent[first_id + i] = time.perf_counter()
            send(
                {
                    "jsonrpc": "2.0",
                    "id": first_id + i,
                    "method": "tools/call",
                    "params": {
                        "name": "get_financial_concept",
                        "arguments": {"company": company, "concept": "revenue", "fiscal_year": fy},
                    },
                }
            )
        lat = []
        while len(lat) < CONCURRENCY:
            msg = json.loads(proc.stdout.readline())
            if msg.get("id") in sent:
                lat.append(time.perf_counter() - sent[msg["id"]])
        return lat

    try:
        send(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "0"},
                },
            }
        )
        proc.stdout.readline()
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        batch(10)  # warm
        lat, walls = [], []
        for r in range(rounds):
            t0 = time.perf_counter()
            lat += batch(1000 * (r + 1))
            walls.append(time.perf_counter() - t0)
        return {"lat": lat, "walls": walls, "errors": 0, "rss_kb": vm_hwm_kb(proc.pid)}
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def in_process_floor(env: dict, n: int = 40) -> float:
    """Median seconds of the bare capability call, warm, in this process (no transport, no threads)."""
    os.environ.update(env)
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.sec.client import set_client

    set_client(None)
    for company, fy in CALLS:
        get_financial_concept(company, "revenue", fiscal_year=fy)
    samples = []
    for i in range(n):
        company, fy = CALLS[i % len(CALLS)]
        t = time.perf_counter()
        get_financial_concept(company, "revenue", fiscal_year=fy)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def vm_rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def memo_child(memo_bytes: int, passes: int = 3) -> None:
    """In a child process: the memo workload (see the module docstring); prints one JSON line of passes."""
    from mirror import corpus_dir

    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.capabilities.section.section import load_document
    from edgar_cli.config import Settings
    from edgar_cli.errors import EdgarError
    from edgar_cli.sec.client import SecClient

    root = corpus_dir()
    ciks = sorted(p.stem[3:] for p in (root / "data.sec.gov/api/xbrl/companyfacts").glob("CIK*.json"))
    docs = []
    for line in (root / "MANIFEST.tsv").read_text().splitlines():
        url, path = line.split("\t")[:2]
        name = path.rsplit("/", 1)[-1].lower()
        if "/Archives/edgar/data/" in path and name.endswith(".htm") and "8k" not in name.replace("-", ""):
            docs.append(url)
    client = SecClient(Settings.from_env(), memo_bytes=memo_bytes or None, warn=lambda _m: None)
    out = []
    for _ in range(passes):
        for cik in ciks:
            try:
                get_financial_concept(cik, "revenue", client=client)
            except EdgarError:
                pass
        for url in docs:
            try:
                load_document(client, url, "10-Q" if "10q" in url.lower() else "10-K")
            except EdgarError:
                pass
        out.append(
            {
                "rss_kb": vm_rss_kb(),
                "memo_bytes": client.memo.bytes,
                "entries": len(client.memo),
                "evictions": client.memo.evictions,
            }
        )
    print(json.dumps({"companies": len(ciks), "documents": len(docs), "passes": out}))


def memory_figures(env: dict, memo_mb: int) -> list[str]:
    """The long-lived server's memory per pass, under the default memo bound and under ``memo_mb``."""
    from edgar_cli.sec.memo import DEFAULT_MAX_BYTES

    lines = []
    for bound in (0, DEFAULT_MAX_BYTES, memo_mb << 20):  # 0: a first run that fills the disk cache, not shown
        proc = subprocess.run(
            [sys.executable, __file__, "--memo-child", str(bound)],
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if proc.returncode != 0:
            lines.append(f"memo bound {bound >> 20} MB: the child failed ({proc.stderr.strip()[-200:]})")
            continue
        if not bound:
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        passes = "; ".join(
            f"RSS {p['rss_kb'] / 1024:.0f} MB, memo {p['memo_bytes'] / (1 << 20):.1f} MB in "
            f"{p['entries']} entries, {p['evictions']} evicted"
            for p in r["passes"]
        )
        lines.append(
            f"memo bound {bound >> 20} MB ({r['companies']} companies' facts, {r['documents']} documents, "
            f"x{len(r['passes'])}): {passes}"
        )
    return lines


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--label", default="")
    ap.add_argument("--memo-mb", type=int, default=8, help="the small memo bound of the memory figure")
    ap.add_argument("--memo-child", type=int, default=None, help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.memo_child is not None:
        memo_child(opts.memo_child)
        return ""
    with MirrorServer() as mirror, TempDir() as tmp:
        env = server_env(mirror, tmp)
        stdio = anyio.run(over_stdio, env, opts.rounds)
        raw = over_raw_stdio(env, opts.rounds)
        http = over_http(env, opts.rounds)
        floor = in_process_floor(env)
        memory = memory_figures(env, opts.memo_mb)
    load = os.getloadavg()
    lines = [
        f"MCP: {CONCURRENCY} concurrent warm get_financial_concept calls x {opts.rounds} rounds {opts.label}".rstrip(),
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; in-process call (floor) {floor * 1000:.1f} ms",
        f"{'transport':<18}{'p50 ms':>9}{'p95 ms':>9}{'p50/floor':>11}{'batch wall ms':>15}{'RSS MB':>9}{'errors':>8}",
    ]
    for name, r in (("stdio", stdio), ("stdio, raw client", raw), ("streamable-http", http)):
        lines.append(
            f"{name:<18}{pct(r['lat'], 0.5) * 1000:>9.1f}{pct(r['lat'], 0.95) * 1000:>9.1f}"
            f"{pct(r['lat'], 0.5) / floor:>11.1f}{statistics.median(r['walls']) * 1000:>15.1f}"
            f"{r['rss_kb'] / 1024:>9.1f}{r['errors']:>8}"
        )
    lines.append(
        f"tools/list: {stdio['tools']} tools, {stdio['all_chars']:,} chars (~{stdio['all_chars'] // 4:,} tokens); "
        f"the seed's six tools {stdio['seed_chars']:,} chars (~{stdio['seed_chars'] // 4:,} tokens)"
    )
    lines.append(
        f"  without output schemas (what a host shows the model): {stdio['model_chars']:,} chars "
        f"(~{stdio['model_chars'] // 4:,} tokens); the seed's six {stdio['seed_model_chars']:,} chars "
        f"(~{stdio['seed_model_chars'] // 4:,} tokens)"
    )
    lines.append("memory of a long-lived server (one client reading the corpus; RSS after each pass):")
    lines += ["  " + m for m in memory]
    return publish("mcp_concurrency" + (f"_{opts.label}" if opts.label else ""), "\n".join(lines))


if __name__ == "__main__":
    main()

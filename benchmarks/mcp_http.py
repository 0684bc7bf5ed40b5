"""MCP over streamable HTTP: 20 concurrent warm get_financial_concept calls, stateful and stateless, now and before.

    python benchmarks/mcp_http.py [--rounds 5] [--before DIR] [--profile SECONDS]

Starts `edgar serve-mcp --transport streamable-http` once per mode (stateful; --stateless; --stateless
--json-response) over the corpus mirror, for this checkout and, with ``--before DIR``, for another edgar_cli
tree (``python -P -m edgar_cli`` with PYTHONPATH=DIR), all at once. Each server is warmed with one call per
company, then the rounds run interleaved (round r: one batch of 20 concurrent calls per server and client, in
turn), so machine load hits every server alike. Two clients: the Python SDK's (ClientSession over
streamable_http_client) and a raw httpx client that posts the JSON-RPC and reads the one answer (the server's
share of the latency). Per server and client: p50 and p95 of the per-call latency, and the median of 20
sequential single calls; per server, its CPU seconds (user + system) over the rounds divided by the calls it
answered (the per-call cost: with 20 calls in flight on one process, p95 is about 20 times it; the CPU figure
is the one least moved by the machine's load).

``--profile SECONDS``: after warm-up, py-spy (if installed) samples this checkout's stateful server's threads
holding the GIL for SECONDS while the raw client keeps 20 calls in flight, and prints the top functions by own
and inclusive time (EDGAR_BENCH_PROFILE_RAW=FILE keeps py-spy's raw stacks). The load average is printed at the start and the end; compare ratios of one run, not seconds across runs.
Prints a table and saves it to benchmarks/results/mcp_http.txt; never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import anyio
import httpx
from common import ROOT, MirrorServer, TempDir, edgar_cmd, ensure_bytecode, publish, wait_port
from mcp_concurrency import server_env

CALLS = [("NVDA", 2024), ("AAPL", 2024), ("TSLA", 2021), ("SNOW", 2024)]
CONCURRENCY = 20
MODES = {
    "stateful": [],
    "stateless": ["--stateless"],
    "stateless+json": ["--stateless", "--json-response"],
    "stateful+json": ["--json-response"],
}
ACCEPT = "application/json, text/event-stream"
PROTOCOL = "2025-06-18"


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def arguments(i: int) -> dict:
    company, fy = CALLS[i % len(CALLS)]
    return {"company": company, "concept": "revenue", "fiscal_year": fy}


class Server:
    """One `edgar serve-mcp --transport streamable-http` process."""

    def __init__(self, tree: str, mode: str, env: dict, before: str | None):
        self.tree, self.mode, self.port = tree, mode, free_port()
        cmd = [sys.executable, "-P", "-m", "edgar_cli"] if before else edgar_cmd()
        env = dict(env, PYTHONPATH=before) if before else env
        self.proc = subprocess.Popen(
            [*cmd, "serve-mcp", "--transport", "streamable-http", "--port", str(self.port), *MODES[mode]],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.url = f"http://127.0.0.1:{self.port}/mcp"

    def wait(self) -> None:
        wait_port(self.port, 60, self.proc)

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the server process has used so far (/proc/PID/stat)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _answer(response: httpx.Response) -> dict:
    """The JSON-RPC answer in a JSON body or in the last ``data:`` line of an SSE body."""
    if response.headers.get("content-type", "").startswith("application/json"):
        return response.json()
    data = [line[5:].strip() for line in response.text.splitlines() if line.startswith("data:")]
    return json.loads(data[-1])


class RawClient:
    """JSON-RPC over HTTP POSTs with httpx: initialize (session id kept when the server gives one), then calls."""

    def __init__(self, url: str):
        self.url, self.headers, self.next_id = url, {"accept": ACCEPT, "mcp-protocol-version": PROTOCOL}, 1
        self.http = httpx.AsyncClient(
            timeout=60, limits=httpx.Limits(max_connections=CONCURRENCY + 5, keepalive_expiry=2)
        )  # the server closes an idle connection after 5 s: a pooled one older than that may race its close

    async def start(self) -> None:
        r = await self.http.post(
            self.url,
            headers=self.headers,
            json={
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": PROTOCOL,
                    "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "0"},
                },
            },
        )
        r.raise_for_status()
        if sid := r.headers.get("mcp-session-id"):
            self.headers["mcp-session-id"] = sid
        await self.http.post(
            self.url, headers=self.headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"}
        )

    async def call(self, i: int) -> bool:
        self.next_id += 1
        msg = {
            "jsonrpc": "2.0",
            "id": self.next_id,
            "method": "tools/call",
            "params": {"name": "get_financial_concept", "arguments": arguments(i)},
        }
        r = await self.http.post(self.url, headers=self.headers, json=msg)
        answer = _answer(r)
        return "error" in answer or bool(answer.get("result", {}).get("isError"))

    async def close(self) -> None:
        await self.http.aclose()


class SdkClient:
    """The Python SDK's ClientSession over streamable_http_client, kept open across rounds."""

    def __init__(self, url: str):
        self.url = url

    async def start(self) -> None:
        from contextlib import AsyncExitStack

        from mcp import ClientSession
        from mcp.client.streamable_http import streamable_http_client

        self.stack = AsyncExitStack()
        streams = await self.stack.enter_async_context(streamable_http_client(self.url))
        self.session = await self.stack.enter_async_context(ClientSession(streams[0], streams[1]))
        await self.session.initialize()

    async def call(self, i: int) -> bool:
        r = await self.session.call_tool("get_financial_concept", arguments(i))
        return bool(r.is_error)

    async def close(self) -> None:
        await self.stack.aclose()


async def batch(client) -> tuple[list[float], int]:
    lat = [0.0] * CONCURRENCY
    errors = 0

    async def one(i: int) -> None:
        nonlocal errors
        t = time.perf_counter()
        errors += await client.call(i)
        lat[i] = time.perf_counter() - t

    async with anyio.create_task_group() as tg:
        for i in range(CONCURRENCY):
            tg.start_soon(one, i)
    return lat, errors


async def singles(client, n: int = CONCURRENCY) -> list[float]:
    out = []
    for i in range(n):
        t = time.perf_counter()
        await client.call(i)
        out.append(time.perf_counter() - t)
    return out


def profile(server: Server, seconds: int) -> list[str]:
    """py-spy's top functions (own time) of ``server`` while the raw client keeps 20 calls in flight."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        return ["profile: py-spy is not installed (pip install py-spy)"]
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"edgar-mcp-http-{os.getpid()}.txt"
    spy_proc = subprocess.Popen(
        [
            spy,
            "record",
            "--pid",
            str(server.proc.pid),
            "--duration",
            str(seconds),
            "--format",
            "raw",
            "--gil",
            "-o",
            str(out),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    async def load() -> None:
        client = RawClient(server.url)
        await client.start()
        end = time.time() + seconds + 1
        while time.time() < end and spy_proc.poll() is None:
            await batch(client)
        await client.close()

    anyio.run(load)
    spy_proc.wait(timeout=60)
    if not out.exists():
        return ["profile: py-spy wrote nothing (ptrace not permitted?)"]
    own: dict[str, int] = {}
    total = 0
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        n = int(count)
        total += n
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for frame in set(frames):
            own.setdefault("cum " + frame, 0)
            own["cum " + frame] += n
    keep_raw = os.environ.get("EDGAR_BENCH_PROFILE_RAW")
    if keep_raw:
        shutil.copy(out, keep_raw)
    out.unlink()
    lines = [
        f"profile of the stateful server (py-spy, threads holding the GIL), {total} samples over {seconds} s, top own time:"
    ]
    for frame, n in sorted(((f, n) for f, n in own.items() if not f.startswith("cum ")), key=lambda x: -x[1])[:25]:
        lines.append(f"  {100 * n / total:5.1f}%  {frame}")
    lines.append("top inclusive (edgar_cli, mcp, starlette, uvicorn, pydantic frames):")
    cum = [(f[4:], n) for f, n in own.items() if f.startswith("cum ")]
    keep = ("edgar_cli", "mcp/", "mcp_types", "starlette", "uvicorn", "pydantic", "anyio", "logging")
    for frame, n in sorted((x for x in cum if any(k in x[0] for k in keep)), key=lambda x: -x[1])[:40]:
        lines.append(f"  {100 * n / total:5.1f}%  {frame}")
    return lines


def measure(rounds: int, modes: list[str], before: str | None = None, profile_seconds: int = 0) -> dict:
    """The interleaved rounds (see the module docstring): {"results": {(tree, mode, client): {"lat", "single",
    "errors"}}, "cpu": {(tree, mode): server CPU seconds per call}, "profile": lines}."""
    with MirrorServer() as mirror, TempDir() as tmp:
        env = server_env(mirror, tmp)
        trees = [("now", None)] + ([("before", before)] if before else [])
        servers = [Server(tree, mode, env, before) for tree, before in trees for mode in modes]
        try:
            for s in servers:
                s.wait()
            results: dict[tuple[str, str, str], dict] = {}
            cpu: dict[tuple[str, str], float] = {}

            async def run_all() -> None:
                clients = {}
                for s in servers:
                    for kind, cls in (("raw", RawClient), ("sdk", SdkClient)):
                        if kind == "sdk" and s.mode.endswith("+json"):
                            continue
                        c = cls(s.url)
                        await c.start()
                        for i in range(len(CALLS)):  # warm: companyfacts fetched and parsed once per company
                            await c.call(i)
                        await batch(c)
                        clients[(s.tree, s.mode, kind)] = c
                        results[(s.tree, s.mode, kind)] = {"lat": [], "single": [], "errors": 0}
                cpu0 = {s.mode + s.tree: s.cpu_seconds() for s in servers}
                for _ in range(rounds):
                    for key, c in clients.items():
                        lat, errors = await batch(c)
                        results[key]["lat"] += lat
                        results[key]["errors"] += errors
                        results[key]["single"] += await singles(c, 4)
                for s in servers:
                    calls = sum(
                        len(r["lat"]) + len(r["single"]) for k, r in results.items() if k[:2] == (s.tree, s.mode)
                    )
                    cpu[(s.tree, s.mode)] = (s.cpu_seconds() - cpu0[s.mode + s.tree]) / calls
                for c in reversed(clients.values()):  # the SDK's task groups close in the order they opened
                    await c.close()

            anyio.run(run_all)
            prof = profile(servers[0], profile_seconds) if profile_seconds and servers[0].mode == "stateful" else []
        finally:
            for s in servers:
                s.stop()
    return {"results": results, "cpu": cpu, "profile": prof}


def main() -> str:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--before", help="a directory holding another edgar_cli package (the before tree)")
    ap.add_argument("--profile", type=int, default=0, help="seconds of py-spy sampling of the stateful server")
    ap.add_argument("--modes", default="stateful,stateless,stateless+json", help="comma-separated: " + ", ".join(MODES))
    opts = ap.parse_args()
    ensure_bytecode(ROOT / "edgar_cli")
    if opts.before:
        opts.before = str(Path(opts.before).resolve())
        ensure_bytecode(Path(opts.before) / "edgar_cli")
    modes = [m for m in opts.modes.split(",") if m]
    load0 = os.getloadavg()
    m = measure(opts.rounds, modes, opts.before, opts.profile)
    results, cpu, prof = m["results"], m["cpu"], m["profile"]
    load1 = os.getloadavg()
    lines = [
        f"MCP over streamable HTTP: {CONCURRENCY} concurrent warm get_financial_concept calls x {opts.rounds} rounds,"
        " interleaved",
        f"load average at start {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}; at end {load1[0]:.2f} {load1[1]:.2f}"
        f" {load1[2]:.2f}",
        f"{'tree':<8}{'mode':<16}{'client':<8}{'p50 ms':>9}{'p95 ms':>9}{'single ms':>11}{'errors':>8}{'server CPU ms/call':>20}"
        + ("   p95 now/before" if opts.before else ""),
    ]
    for (tree, mode, kind), r in results.items():
        line = (
            f"{tree:<8}{mode:<16}{kind:<8}{pct(r['lat'], 0.5) * 1000:>9.1f}{pct(r['lat'], 0.95) * 1000:>9.1f}"
            f"{statistics.median(r['single']) * 1000:>11.1f}{r['errors']:>8}{cpu[(tree, mode)] * 1000:>20.2f}"
        )
        if tree == "now" and ("before", mode, kind) in results:
            line += f"   {pct(r['lat'], 0.95) / pct(results[('before', mode, kind)]['lat'], 0.95):.2f}x"
        lines.append(line)
    lines.append("target: p95 <= 50 ms, stateful and stateless")
    lines += prof
    return publish("mcp_http", "\n".join(lines))


if __name__ == "__main__":
    main()

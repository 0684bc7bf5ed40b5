"""Benchmark: `edgar serve-mcp` (stdio) from spawn to the answer of its first tools/list, now and before.

Issue 37 asks for 0.4 s or less. Each run spawns the server, writes initialize, notifications/initialized
and tools/list as JSON-RPC lines, and stops the clock when the tools/list answer has been read; runs are
interleaved with the floors (so load on the machine hits every row alike), medians:

  python -c pass           a bare interpreter
  import the SDK server    `import mcp.server.mcpserver` with pydantic's plugin loader stood in for, as edgar's
                           entry point does: what any server on the SDK pays
  serve-mcp                this checkout (the second start onwards: the tool list is stored beside the cache)
  serve-mcp, before        with ``--before DIR`` (a directory holding another checkout's edgar_cli)
  first tools/call         the same servers to the answer of a warm tools/call sent after the tools/list answer

Both servers must list the same tools: the answers are compared byte for byte and the result printed.

    python benchmarks/mcp_start.py [--runs 7] [--before DIR]

Prints and saves benchmarks/results/mcp_start.txt; never asserts.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from common import MirrorServer, Report, TempDir, base_env, before_after_options, timed

LINES = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "bench", "version": "0"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]
# The SDK's server module imported as edgar's entry point imports it: pydantic's plugin loader stood in for
# (cli/entry._without_pydantic_plugins), or the floor would pay an entry-point scan edgar does not.
SDK_IMPORT = "from edgar_cli.cli.entry import _without_pydantic_plugins as f; f(); import mcp.server.mcpserver"
REQUEST = "".join(json.dumps(m) + "\n" for m in LINES).encode()


CALL = {
    "jsonrpc": "2.0",
    "id": 3,
    "method": "tools/call",
    "params": {"name": "resolve_company", "arguments": {"query": "NVDA"}},
}


def first_list(cmd: list[str], env: dict, call: bool = False) -> tuple[float, bytes]:
    """Seconds from spawn to the tools/list answer, and that answer's line; with ``call``, to the answer of a
    tools/call (resolve_company, warm) sent once the list is in (what the client waits for first after the
    handshake, which a server answering it from its record has not imported the SDK for)."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(REQUEST)
    proc.stdin.flush()
    answer = b""
    for line in proc.stdout:
        if b'"id":2' in line.replace(b" ", b""):
            answer = line
            if not call:
                break
            proc.stdin.write((json.dumps(CALL) + "\n").encode())
            proc.stdin.flush()
        elif b'"id":3' in line.replace(b" ", b""):
            break
    elapsed = time.perf_counter() - t
    proc.stdin.close()
    proc.wait(timeout=30)
    return elapsed, answer


def main() -> None:
    opts = before_after_options(__doc__.split("\n\n")[0])
    say = Report()
    load = os.getloadavg()
    py = [sys.executable, "-P", "-m", "edgar_cli", "serve-mcp"]  # -P: PYTHONPATH's tree wins over the checkout
    samples: dict[str, list[float]] = {}
    answers: dict[str, bytes] = {}
    with TempDir() as root, MirrorServer() as mirror:
        env = base_env(mirror, root / "cache")
        servers = {"serve-mcp": env}
        if opts.before:
            servers["serve-mcp, before"] = dict(env, PYTHONPATH=opts.before)
        for label, e in servers.items():  # a first start each (this one stores its tool list), a call warms the cache
            answers[label] = first_list(py, e, True)[1]
        for _ in range(opts.runs):
            samples.setdefault("python -c pass", []).append(timed([sys.executable, "-c", "pass"], env))
            samples.setdefault("import the SDK server", []).append(timed([sys.executable, "-c", SDK_IMPORT], env))
            for label, e in servers.items():
                seconds, answers[label] = first_list(py, e)
                samples.setdefault(label, []).append(seconds)
                samples.setdefault(label.replace("serve-mcp", "first tools/call"), []).append(
                    first_list(py, e, True)[0]
                )
    med = {k: statistics.median(v) for k, v in samples.items()}
    sdk, floor = med["import the SDK server"], med["python -c pass"]
    say(
        f"# MCP server, spawn to the first tools/list answer (issue 37), {opts.runs} interleaved runs, medians; "
        f"load average {' '.join(f'{x:.2f}' for x in load)} on {os.cpu_count()} cores"
    )
    say()
    say(f"{'row':32} {'median':>8} {'/ SDK import':>13} {'/ python -c pass':>17}")
    for label, m in med.items():
        say(f"{label:32} {m:7.3f}s {m / sdk:12.2f}x {m / floor:16.1f}x")
    say()
    tools = len(json.loads(answers["serve-mcp"] or b"{}").get("result", {}).get("tools", []))
    say(f"tools listed: {tools}; target: <= 0.4 s (issue 37)")
    if opts.before:
        same = answers["serve-mcp"] == answers["serve-mcp, before"]
        say(f"now / before = {med['serve-mcp'] / med['serve-mcp, before']:.2f}x; tools/list answers identical: {same}")
        call = med["first tools/call"] / med["first tools/call, before"]
        say(f"to the first tools/call: now / before = {call:.2f}x")
    say.save("mcp_start")


if __name__ == "__main__":
    main()

"""Issue 37's table as run_all.py prints it: each path's measured figure, its target and whether it is met.

One function per row, each measuring in one interleaved run (so load on the machine hits both sides of a
ratio alike) and returning a :class:`Verdict`; :func:`lines` runs them and renders the table with the load
average before and after. A row that this run cannot measure says why and how to measure it ("not run"),
with ``met`` unknown. Rows measured by another script's functions reuse them (mcp_start.first_list,
mcp_concurrency.drive, verify_warm's commands), so the figures are the same measurement.

The warm table/tsv/-q/name rows and the warm statement/compare/filings/section/resolve rows are measured by
run_all's warm rows (their functions add their verdicts here).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common import TempDir, edgar_cmd, wait_port

HERE = Path(__file__).resolve().parent
FLOOR_COLD = HERE / "floor_cold.py"
CONCEPT_ARGS = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
COLD_TARGET = 2.5  # x the stdlib cold floor
VERIFY_TARGET_S = 0.25
MCP_START_TARGET_S = 0.4
MCP_HTTP_P95_TARGET_S = 0.050
FIND_TARGET_S, FIND_TARGET_MB = 0.45, 120


@dataclass
class Verdict:
    path: str
    measured: str
    target: str
    met: bool | None  # None: not measured in this run
    note: str = ""


def _med(xs: list[float]) -> float:
    return statistics.median(xs)


def _p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]


def _value(stdout: str) -> object:
    import json

    try:
        d = json.loads(stdout)
    except ValueError:
        return None
    if "values" in d:
        return (d["values"] or [{}])[0].get("value")
    return d.get("value")


def cold_first_lookup(b, runs: int) -> Verdict:
    """A first lookup (an empty cache dir each run) against floor_cold.py (urllib + json, the same two files from
    the same mirror), interleaved; then the re-check a day later (the ticker file revalidated, the submissions
    asked whether the facts are current) on a copy of a filled cache, against the same floor."""
    edgar, floor, recheck = [], [], []
    values: set = set()
    problems: list[str] = []
    with TempDir() as root:
        filled = root / "filled"
        b.edgar(CONCEPT_ARGS, b.env(filled))  # the cache a day-later run starts from
        for i in range(runs):
            cold = b.edgar(CONCEPT_ARGS, b.env(root / f"cold{i}"))
            edgar.append(cold.seconds)
            values.add(_value(cold.stdout))
            f = b.measure([sys.executable, str(FLOOR_COLD)], b.env(root / f"floor{i}"))
            floor.append(f.seconds)
            values.add(_value(f.stdout))
            shutil.copytree(filled, root / f"again{i}")
            again = b.edgar(CONCEPT_ARGS, b.env(root / f"again{i}", EDGAR_TODAY="2026-07-02"))
            recheck.append(again.seconds)
            problems += [
                f"{name} exit {s.rc}" for name, s in (("cold", cold), ("floor", f), ("re-check", again)) if s.rc
            ]
    ratio, again_ratio = _med(edgar) / _med(floor), _med(recheck) / _med(floor)
    note = (
        f"cold {_med(edgar):.3f}s, re-check a day later {_med(recheck):.3f}s ({again_ratio:.2f}x), floor_cold.py "
        f"{_med(floor):.3f}s; n={runs}; values {sorted(map(str, values))}"
    )
    if problems:
        note += f"; FAILURES: {sorted(set(problems))}"
    return Verdict(
        "first lookup of a company (and its re-check)",
        f"{ratio:.2f}x the cold floor",
        f"<= {COLD_TARGET}x",
        ratio <= COLD_TARGET and again_ratio <= COLD_TARGET and not problems and len(values) == 1,
        note,
    )


def warm_verify(b, runs: int) -> Verdict:
    """Warm `verify` without and with --cite (verify_warm.py's commands), after a cold run of each, interleaved."""
    import verify_warm as V

    rows: dict[str, list[float]] = {"verify": [], "cite": [], "floor": []}
    codes: set[int] = set()
    with TempDir() as cache:
        env = b.env(cache)
        for args in (V.LOOKUP, V.VERIFY, V.CITE):
            b.edgar(args, env)
        for _ in range(runs):
            for label, args in (("verify", V.VERIFY), ("cite", V.CITE)):
                s = b.edgar(args, env)
                rows[label].append(s.seconds)
                codes.add(s.rc)
            rows["floor"].append(b.measure([sys.executable, str(HERE / "floor.py")], env).seconds)
    v, c, f = _med(rows["verify"]), _med(rows["cite"]), _med(rows["floor"])
    return Verdict(
        "verify without / with --cite (warm)",
        f"{v:.3f} / {c:.3f} s",
        f"<= {VERIFY_TARGET_S} s",
        max(v, c) <= VERIFY_TARGET_S,
        f"{v / f:.1f}x / {c / f:.1f}x floor.py ({f:.3f}s, interleaved: the ratios are what load does not move); "
        f"n={runs}; exit codes {sorted(codes)} (verify's verdicts, 0/10/11)",
    )


def mcp_spawn(b, runs: int) -> Verdict:
    """`edgar serve-mcp` from spawn to its first tools/list answer (mcp_start.first_list), the tool list stored
    by a first start, against the SDK's own import, interleaved."""
    import mcp_start as M

    spawn, sdk = [], []
    tools = 0
    with TempDir() as cache:
        env = b.env(cache)
        cmd = edgar_cmd() + ["serve-mcp"]
        M.first_list(cmd, env)  # the first start stores the tool list
        for _ in range(runs):
            seconds, answer = M.first_list(cmd, env)
            spawn.append(seconds)
            tools = answer.count(b'"inputSchema"')
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", M.SDK_IMPORT], env=env, capture_output=True)
            sdk.append(time.perf_counter() - t)
    s = _med(spawn)
    return Verdict(
        "MCP server: spawn to first tools/list (stdio)",
        f"{s:.3f} s",
        f"<= {MCP_START_TARGET_S} s",
        s <= MCP_START_TARGET_S and tools > 0,
        f"{s / _med(sdk):.2f}x the SDK server's own import ({_med(sdk):.3f}s); {tools} tools listed; n={runs}",
    )


def mcp_http_p95(b, rounds: int) -> list[Verdict]:
    """20 concurrent warm get_financial_concept calls over streamable HTTP with the Python SDK client
    (mcp_concurrency.drive), the server stateful and then stateless; p95 of the per-call latency."""
    import anyio
    import mcp_concurrency as C

    out = []
    for mode, extra in (("stateful", []), ("stateless", ["--stateless"])):
        with TempDir() as tmp:
            env = C.server_env(b.mirror, tmp)
            env.update(b.trap.env)
            port = C.free_port()
            proc = subprocess.Popen(
                edgar_cmd() + ["serve-mcp", "--transport", "streamable-http", "--port", str(port), *extra],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            try:
                wait_port(port)

                async def go(port: int = port) -> dict:
                    from mcp import ClientSession
                    from mcp.client.streamable_http import streamable_http_client

                    async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams:
                        async with ClientSession(streams[0], streams[1]) as session:
                            await session.initialize()
                            return await C.drive(session, rounds)

                r = anyio.run(go)
            except Exception as exc:  # noqa: BLE001 - a row reports what broke instead of stopping the suite
                out.append(Verdict(f"MCP streamable HTTP, {mode}, p95", "-", "<= 50 ms", None, f"failed: {exc}"[:160]))
                continue
            finally:
                proc.terminate()
                proc.wait(timeout=10)
        p95 = _p95(r["lat"])
        out.append(
            Verdict(
                f"MCP streamable HTTP, {mode}, 20 concurrent warm calls, p95",
                f"{p95 * 1000:.0f} ms",
                f"<= {MCP_HTTP_P95_TARGET_S * 1000:.0f} ms",
                p95 <= MCP_HTTP_P95_TARGET_S and not r["errors"],
                f"p50 {_med(r['lat']) * 1000:.0f} ms over {len(r['lat'])} calls; error results {r['errors']}",
            )
        )
    return out


def peak_rss_mb(cmd: list[str], env: dict) -> tuple[float, float, int]:
    """(seconds, the child's own peak RSS in MB, exit status), the peak from /usr/bin/time's %M (wait4's
    ru_maxrss of a child carries the parent's peak across fork/exec)."""
    with TempDir() as tmp:
        report = tmp / "rss"
        t = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-o", str(report), "-f", "%M", *cmd], env=env, capture_output=True)
        seconds = time.perf_counter() - t
        kb = int(report.read_text().split()[-1]) if report.exists() else 0
    return seconds, kb / 1024, p.returncode


def hybrid_find(b, runs: int, index: Path | None) -> Verdict:
    """Whole-process `edgar find` (hybrid) on an index with vectors: seconds and the process's own peak RSS."""
    path = "hybrid find per process"
    target = f"<= {FIND_TARGET_S} s, <= {FIND_TARGET_MB} MB"
    if index is None:
        return Verdict(path, "-", target, None, "not run: pass --semantic-index PATH (an index with vectors)")
    if not Path("/usr/bin/time").exists():
        return Verdict(path, "-", target, None, "not run: /usr/bin/time is needed for a child's own peak RSS")
    seconds, mbs, codes = [], [], set()
    with TempDir() as cache:
        env = b.env(cache, EDGAR_INDEX=str(index))
        env.pop("EDGAR_SEMANTIC", None)
        for _ in range(runs + 1):
            s, mb, rc = peak_rss_mb(edgar_cmd() + ["find", "revenue growth drivers", "--json"], env)
            seconds.append(s)
            mbs.append(mb)
            codes.add(rc)
    seconds, mbs = seconds[1:], mbs[1:]  # the first run warms the page cache
    s, mb = _med(seconds), max(mbs)
    return Verdict(
        path,
        f"{s:.3f} s, {mb:.0f} MB",
        target,
        s <= FIND_TARGET_S and mb <= FIND_TARGET_MB and codes == {0},
        f"n={runs}; exit codes {sorted(codes)}",
    )


SCREEN_FLAT_BYTES = 16  # "flat": under a pointer and a small int per filer added to the store


def screen_memory(b) -> Verdict:
    """A FY2019 revenue screen showing 50 rows over stores of 3,000 and 12,000 filers (screen_memory.py: the six
    corpus companies synced with --point-in-time, copied in SQLite): the peak of Python's allocations per filer
    added, now and as of a date, and the whole process's own peak RSS."""
    import screen_memory as M

    path = "screen memory per filer"
    target = f"flat (<= {SCREEN_FLAT_BYTES} B per filer beyond the rows shown)"
    try:
        with TempDir() as work:
            r = M.measure(b.mirror, work, (3000, 12000))
    except Exception as exc:  # noqa: BLE001 - a row reports what broke instead of stopping the suite
        return Verdict(path, "-", target, None, f"failed: {exc}"[:160])
    per = r["bytes_per_filer"]
    sizes = r["sizes"]
    return Verdict(
        path,
        f"+{per['now']} B now, +{per['as_of']} B as of a date",
        target,
        max(per["now"], per["as_of"]) <= SCREEN_FLAT_BYTES,
        "tracemalloc peak "
        + ", ".join(f"{n} filers {s['now']['peak_kb']:.0f} / {s['as_of']['peak_kb']:.0f} KB" for n, s in sizes.items())
        + "; process peak RSS "
        + ", ".join(f"{s['process_rss_kb'] / 1024:.1f}" for s in sizes.values())
        + f" MB (+{per['process_rss']} B per filer)",
    )


def lines(b, quick: bool, semantic_index: Path | None, log: Callable[[str], None] = print) -> list[str]:
    """Measure issue 37's rows owned here and render them, with the load average before and after."""
    runs = 3 if quick else 7
    load_before = os.getloadavg()
    verdicts: list[Verdict] = []
    for name, row in (
        ("cold first lookup", lambda: [cold_first_lookup(b, runs)]),
        ("warm verify", lambda: [warm_verify(b, runs)]),
        ("MCP spawn", lambda: [mcp_spawn(b, runs)]),
        ("MCP over HTTP", lambda: mcp_http_p95(b, 2 if quick else 5)),
        ("hybrid find", lambda: [hybrid_find(b, runs, semantic_index)]),
        ("screen memory", lambda: [screen_memory(b)]),
    ):
        log(f"issue 37: {name}")
        verdicts += row()
    return render(verdicts, load_before, os.getloadavg())


def render(verdicts: list[Verdict], load_before: tuple, load_after: tuple) -> list[str]:
    loads = " ".join(f"{x:.2f}" for x in load_before), " ".join(f"{x:.2f}" for x in load_after)
    out = ["", f"Issue 37 (load average before {loads[0]}, after {loads[1]}; {os.cpu_count()} cores):"]
    cells = [("path", "measured", "target", "met")] + [
        (v.path, v.measured, v.target, {True: "met", False: "NOT MET", None: "not run"}[v.met]) for v in verdicts
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    for i, c in enumerate(cells):
        out.append("  " + "  ".join(x.ljust(w) for x, w in zip(c, widths)).rstrip())
        if i == 0:
            out.append("  " + "  ".join("-" * w for w in widths))
    out += [f"  {v.path}: {v.note}" for v in verdicts if v.note]
    return out

"""The whole benchmark suite in one command, against the corpus mirror; prints and saves one table.

    python benchmarks/run_all.py            # full run (a few minutes on 2 cores)
    python benchmarks/run_all.py --quick    # fewer runs (about a minute)

Rows (each a whole `edgar` process unless said otherwise; cold = an empty cache dir,
warm = the same cache dir again; requests = what the MirrorServer saw):

- concept:   edgar concept NVDA revenue --fy 2024 --json
- compare:   edgar compare revenue over 2, 5 and 8 companies (compare.py's one_run())
- section:   edgar section on TSLA's 2.6 MB FY2024 10-K: first read (risk_factors) and a
             second section (mda) right after it; "not available" while the command is absent
- search:    edgar search "climate change" --forms 8-K --json (the corpus' recorded EFTS page)
- MCP:       `edgar serve-mcp` over stdio with the official mcp client: 20 concurrent
             get_financial_concept calls, latency p50/p95, first batch (cold) then a second (warm)
- edgartools: the same NVDA FY2024 revenue lookup with edgartools, from the same corpus
             companyfacts file, in the same run, interleaved with ours; its time as a ratio
             to edgar's. It runs in benchmarks/.venv-edgartools (not a project dependency):
                 python3 -m venv benchmarks/.venv-edgartools
                 benchmarks/.venv-edgartools/bin/pip install edgartools
             Without that venv the rows say "unavailable" and why.

Every child process gets HTTP(S)_PROXY pointing at a loopback trap that answers 403 and
counts the attempts (NO_PROXY covers the mirror), so a request meant for the real SEC
fails fast and shows up in the "outside" count instead of leaving the machine.

Results are printed and saved (benchmarks/results/run_all.txt and .json), never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import compare as compare_bench
import issue37
from common import ROOT, MirrorServer, TempDir, base_env, edgar_cmd, ensure_bytecode, save

HERE = Path(__file__).resolve().parent
ET_PYTHON = HERE / ".venv-edgartools" / "bin" / "python"
ET_SCRIPT = HERE / "edgartools_lookup.py"
FLOOR_SCRIPT = HERE / "floor.py"
CONCEPT_TARGET_S, CONCEPT_BAR_S, RSS_TARGET_MB, OTHERS_WITHIN = 0.12, 0.15, 40, 1.2  # issue 16
NVDA_FACTS = "data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"

CONCEPT_ARGS = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
SEARCH_ARGS = ["search", "climate change", "--forms", "8-K", "--json"]
# Other single-company commands, warm, against the warm concept (issue 16: each within 1.2x of it).
# The first is the warm concept again, as the reference measured in the same interleaving: the machine's load
# moves between phases of the suite, so the other rows are compared with it, not with the concept row above.
# The warm concept --json is answered by the fast path (edgar_cli/cli/fastpath.py); every other command runs through
# Typer and pydantic, so they sit far above 1.2x of it. The Typer path of the same concept (EDGAR_FASTPATH=0)
# is a row too. Entries: (args, extra environment).
WARM_COMMANDS: list[tuple[list[str], dict[str, str]]] = [
    (CONCEPT_ARGS, {}),
    (CONCEPT_ARGS, {"EDGAR_FASTPATH": "0"}),
    (["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"], {}),
    (["resolve", "NVDA", "--json"], {}),
    (["statement", "NVDA", "income", "--last", "5", "--json"], {}),
    (["filings", "NVDA", "--form", "10-K", "--json"], {}),
    (["concepts", "revenue", "--json"], {}),
    # issue 37's forms of the warm concept (target <= 1.3x the --json fast path) and other commands (<= 2x)
    (["concept", "NVDA", "revenue", "--fy", "2024"], {}),  # piped: the rows without their header
    (["concept", "NVDA", "revenue", "--fy", "2024", "--format", "table"], {}),  # the terminal's table, uncoloured
    (["-q", "concept", "NVDA", "revenue", "--fy", "2024", "--json"], {}),
    (["concept", "nvidia", "revenue", "--fy", "2024", "--json"], {}),
    (["compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json"], {}),
    (["section", "TSLA", "risk_factors", "--accession", "0001628280-25-003063", "--json"], {}),
]
# issue 37's target for a row of WARM_COMMANDS, by its first words: its warm time over the warm concept --json's
ISSUE37_TARGETS = {"concept": 1.3, "-q concept": 1.3, "concepts": None}
ISSUE37_OTHERS = 2.0  # statement, compare, filings, section, resolve


def issue37_target(row_name: str) -> float | None:
    words = row_name.split()
    key = " ".join(words[:2]) if words[0] == "-q" else words[0]
    if "EDGAR_FASTPATH=0" in row_name:
        return None
    return ISSUE37_TARGETS.get(key, ISSUE37_OTHERS)


SECTION_COMPANY, SECTION_ACCESSION = "TSLA", "0001628280-25-003063"  # tsla-20241231.htm, 2,596,459 bytes
SECTION_FIRST, SECTION_SECOND = "risk_factors", "mda"
MCP_CONCURRENCY = 20
# Each company's fiscal year that its corpus companyfacts holds (TSLA's copy stops at FY2021).
MCP_CALLS = [("NVDA", 2024), ("AAPL", 2024), ("TSLA", 2021), ("SNOW", 2024)]

# Our lookup in-process, to set against edgartools' import/lookup split.
OURS_INPROCESS = """
import json, time
t0 = time.perf_counter()
from edgar_cli.capabilities.concept.concept import get_financial_concept
t1 = time.perf_counter()
r = get_financial_concept("NVDA", "revenue", fiscal_year=2024)
t2 = time.perf_counter()
print(json.dumps({"value": r.values[0].value if r.values else None, "import_seconds": t1 - t0,
                  "lookup_seconds": t2 - t1}))
"""


# --------------------------------------------------------------------------- measuring


@dataclass
class Sample:
    seconds: float
    rss_kb: int
    rc: int
    requests: int
    outside: int
    stdout: str = field(default="", repr=False)
    stderr: str = field(default="", repr=False)


class OutsideTrap:
    """A loopback "proxy" that refuses everything: counts requests meant for hosts other than the mirror."""

    def __init__(self):
        self.log: list[str] = []
        trap = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                line = self.rfile.readline(4096).decode("latin-1").strip()
                trap.log.append(line)
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def env(self) -> dict:
        url = f"http://127.0.0.1:{self.server.server_address[1]}"
        out = {}
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
            out[name] = out[name.lower()] = url
        out["NO_PROXY"] = out["no_proxy"] = "127.0.0.1,localhost"
        return out

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Bench:
    def __init__(self, mirror: MirrorServer, trap: OutsideTrap, host_mirrors: dict[str, MirrorServer]):
        self.mirror, self.trap = mirror, trap
        self.host_mirrors = host_mirrors  # host -> a mirror serving that host's tree at its root (edgartools)

    def request_count(self) -> int:
        return len(self.mirror.log) + sum(len(m.log) for m in self.host_mirrors.values())

    def env(self, cache: Path, **extra: str) -> dict:
        env = base_env(self.mirror, cache)
        env.update(self.trap.env, NO_COLOR="1", **extra)
        env.pop("EDGAR_DEBUG", None)
        return env

    def measure(self, cmd: list[str], env: dict) -> Sample:
        """One whole process: wall time, peak RSS (wait4), requests to the mirror and to the trap."""
        before, trapped = self.request_count(), len(self.trap.log)
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
            _, status, usage = os.wait4(proc.pid, 0)
            seconds = time.perf_counter() - t0
            proc.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            return Sample(
                seconds,
                usage.ru_maxrss,
                proc.returncode,
                self.request_count() - before,
                len(self.trap.log) - trapped,
                out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"),
            )

    def edgar(self, args: list[str], env: dict) -> Sample:
        return self.measure(edgar_cmd() + args, env)


class RusageSubprocess:
    """Stands in for `subprocess` inside compare.py, so its one_run() also yields each child's peak RSS."""

    CompletedProcess = subprocess.CompletedProcess

    def __init__(self):
        self.rss_kb: list[int] = []

    def run(self, args, env=None, capture_output=False, text=False, check=False):
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            self.rss_kb.append(usage.ru_maxrss)
            out.seek(0)
            err.seek(0)
            o, e = out.read(), err.read()
        if text:
            o, e = o.decode("utf-8", "replace"), e.decode("utf-8", "replace")
        return subprocess.CompletedProcess(args, proc.returncode, o, e)


# --------------------------------------------------------------------------- rows


@dataclass
class Row:
    name: str
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    cold_requests: list[int] = field(default_factory=list)
    warm_requests: list[int] = field(default_factory=list)
    rss_kb: list[int] = field(default_factory=list)
    exit_codes: set = field(default_factory=set)
    outside: int = 0
    note: str = ""
    outside_checked: bool = True  # False where the trap proxy cannot be applied (edgartools over HTTP)
    unavailable: str = ""  # reason, when the row could not be measured honestly
    cold_text: str = ""  # overrides for rows whose cells are not wall times (MCP latency)
    warm_text: str = ""
    extra: dict = field(default_factory=dict)

    def add(self, kind: str, s: Sample) -> None:
        getattr(self, kind).append(s.seconds)
        getattr(self, f"{kind}_requests").append(s.requests)
        self.rss_kb.append(s.rss_kb)
        self.exit_codes.add(s.rc)
        self.outside += s.outside


def med(xs):
    return statistics.median(xs) if xs else None


def p95(xs):
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))] if s else None


def error_code(stdout: str) -> str | None:
    try:
        data = json.loads(stdout)
    except ValueError:
        return None
    return (data.get("error") or {}).get("code") if isinstance(data, dict) else None


def bench_concept(
    b: Bench, cold_runs: int, warm_runs: int, et: EdgarTools, before: Path | None = None
) -> tuple[Row, list[Row], list[Row]]:
    """Ours, the floor, bare Python, another checkout's edgar_cli (``before``) and edgartools (both modes)
    interleaved, on the same mirror and the same companyfacts file; ours, floor and before on one cache dir."""
    ours = Row("concept NVDA revenue FY2024")
    floor = Row("floor.py: stdlib reading the same cache")
    bare = Row("python -c pass")
    old = Row(f"concept, before ({before})" if before else "concept, before")
    if before is None:
        old.unavailable = "not run (pass --before DIR: a tree holding another checkout's edgar_cli)"
    theirs = {mode: Row(f"edgartools NVDA revenue FY2024 ({mode})") for mode in et.modes}
    for _ in range(cold_runs):
        with TempDir() as cache:
            env = b.env(cache)
            ours.add("cold", s := b.edgar(CONCEPT_ARGS, env))
            if s.rc == 0:
                ours.extra["value"] = json.loads(s.stdout)["values"][0]["value"]
            old_env = dict(env, PYTHONPATH=str(before)) if before else None
            for _ in range(warm_runs):  # interleaved, so the machine's load hits each alike
                ours.add("warm", s := b.edgar(CONCEPT_ARGS, env))
                ours.extra.setdefault("warm_rss_kb", []).append(s.rss_kb)
                floor.add("warm", s := b.measure([sys.executable, str(FLOOR_SCRIPT), "--tree", str(ROOT)], env))
                if s.rc != 0:
                    floor.unavailable = f"floor.py failed: {s.stderr.strip()[-200:]}"
                bare.add("warm", b.measure([sys.executable, "-c", "pass"], env))
                if old_env is not None:
                    old.add("warm", s := b.edgar(CONCEPT_ARGS, old_env))
                    if s.rc == 0:
                        old.extra["value"] = json.loads(s.stdout)["values"][0]["value"]
        for mode, row in theirs.items():
            with TempDir() as data_dir:
                et.run(b, mode, data_dir, row, "cold")
                for _ in range(warm_runs):
                    et.run(b, mode, data_dir, row, "warm")
    ours.note = f"target warm <= {CONCEPT_TARGET_S:.2f}s, bar {CONCEPT_BAR_S:.2f}s, peak RSS warm <= {RSS_TARGET_MB} MB (issue 16)"
    floor.note = "benchmarks/floor.py: the one value, no validation, no provenance beyond the row"
    bare.note = "interpreter start-up alone"
    theirs["mirror"].outside_checked = False
    theirs["mirror"].note = "same corpus companyfacts file over HTTP, host-rooted loopback mirrors"
    theirs["local"].note = "same corpus file read from disk (EDGAR_USE_LOCAL_DATA)"
    for row in theirs.values():
        if et.unavailable:
            row.unavailable = et.unavailable
    return ours, list(theirs.values()), [floor, bare, old]


def instructions(cmd: list[str], env: dict) -> float | None:
    """Millions of instructions one process executes (valgrind's cachegrind, no cache simulation): a figure the
    machine's load does not move, for before/after on a shared machine. None without valgrind."""
    import shutil

    if shutil.which("valgrind") is None:
        return None
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *cmd],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    for line in proc.stderr.splitlines():
        if "I   refs:" in line or "I refs:" in line:
            return int(line.rsplit(":", 1)[1].replace(",", "").strip()) / 1e6
    return None


def instruction_lines(b: Bench, before: Path | None) -> list[str]:
    """Warm concept, floor.py and bare Python (and the before tree) under valgrind, once each, on one warm cache."""
    out = ["", "Instructions executed, warm (valgrind cachegrind, millions; independent of the load):"]
    with TempDir() as cache:
        env = b.env(cache)
        b.edgar(CONCEPT_ARGS, env)  # cold
        runs = [
            ("warm concept", edgar_cmd() + CONCEPT_ARGS, env),
            ("warm concept, Typer path (EDGAR_FASTPATH=0)", edgar_cmd() + CONCEPT_ARGS, dict(env, EDGAR_FASTPATH="0")),
            ("warm concept, python -m edgar_cli", [sys.executable, "-m", "edgar_cli", *CONCEPT_ARGS], env),
            ("floor.py", [sys.executable, str(FLOOR_SCRIPT), "--tree", str(ROOT)], env),
            ("python -c pass", [sys.executable, "-c", "pass"], env),
        ]
        if before:
            runs.append(
                (f"warm concept, before ({before})", edgar_cmd() + CONCEPT_ARGS, dict(env, PYTHONPATH=str(before)))
            )
        counts = {label: instructions(cmd, e) for label, cmd, e in runs}
    if counts["warm concept"] is None:
        return out + ["  unavailable: valgrind is not installed (apt-get install valgrind)"]
    ours = counts["warm concept"]
    for label, n in counts.items():
        out.append(f"  {label:<40} {n:9.1f} M  ({n / ours:.2f}x of the warm concept)" if n else f"  {label}: failed")
    return out


def warm_ratio_lines(ours: Row, baselines: list[Row], others: list[Row]) -> list[str]:
    """Issue 16's figures from this run: the warm concept against its floor, the before tree and its targets,
    and the other warm commands against the warm concept of their own interleaving (``others[0]``)."""
    floor, bare, old = baselines
    w = med(ours.warm)
    if not w:
        return ["", "Warm ratios: no successful warm concept run"]
    out = ["", "Warm ratios (issue 16; medians of interleaved runs in this one run):"]
    rss = max(ours.extra.get("warm_rss_kb") or [0]) / 1024
    verdict = "meets" if w <= CONCEPT_TARGET_S else ("within the bar of" if w <= CONCEPT_BAR_S else "misses")
    out.append(
        f"  warm concept {w:.3f}s: {verdict} the target {CONCEPT_TARGET_S:.2f}s (bar {CONCEPT_BAR_S:.2f}s); "
        f"peak RSS warm {rss:.1f} MB (target <= {RSS_TARGET_MB} MB)"
    )
    if not floor.unavailable and floor.warm:
        out.append(
            f"  warm concept / floor.py        {w / med(floor.warm):.2f}x  (floor {med(floor.warm):.3f}s, "
            f"python -c pass {med(bare.warm):.3f}s; above bare Python: edgar {w - med(bare.warm):.3f}s, "
            f"floor {med(floor.warm) - med(bare.warm):.3f}s)"
        )
    if not old.unavailable and old.warm:
        same = (
            "same value"
            if old.extra.get("value") == ours.extra.get("value")
            else (f"VALUES DIFFER: {old.extra.get('value')!r} vs {ours.extra.get('value')!r}")
        )
        out.append(f"  before / now (warm concept)    {med(old.warm) / w:.2f}x  (before {med(old.warm):.3f}s; {same})")
    ref = med(others[0].warm) if others and others[0].warm else None
    if ref:
        out.append(f"  other warm commands, against the warm concept interleaved with them ({ref:.3f}s):")
    for r in others[1:] if ref else []:
        if r.unavailable or not r.warm or r.warm_text:
            continue
        ratio = med(r.warm) / ref
        flag = "" if ratio <= OTHERS_WITHIN else f"  (over {OTHERS_WITHIN}x)"
        target = issue37_target(r.name)
        verdict = "" if target is None else f"; issue 37: target <= {target}x, {'met' if ratio <= target else 'MISSED'}"
        out.append(f"  {r.name:<40} warm / warm concept {ratio:.2f}x{flag}{verdict}")
    return out


def _inprocess_row(label: str, runs: int, once: Callable[[], Sample]) -> Row:
    """RUNS runs of ONCE, a script whose last stdout line is JSON with import_seconds and lookup_seconds."""
    row = Row(label)
    imp, look = [], []
    for _ in range(runs):
        s = once()
        if s.rc == 0:
            d = json.loads(s.stdout.strip().splitlines()[-1])
            imp.append(d["import_seconds"])
            look.append(d["lookup_seconds"])
        row.exit_codes.add(s.rc)
    row.extra = {"import": imp, "lookup": look}
    return row


def bench_inprocess(b: Bench, runs: int, et: EdgarTools) -> list[Row]:
    """Import time and lookup time inside one process, warm cache, ours and edgartools' (local storage)."""
    rows = []
    with TempDir() as cache:
        env = b.env(cache)
        b.edgar(CONCEPT_ARGS, env)  # fill the cache
        ours = "in-process: edgar import | lookup (warm)"
        rows.append(_inprocess_row(ours, runs, lambda: b.measure([sys.executable, "-c", OURS_INPROCESS], env)))
    if "local" in et.modes and not et.unavailable:
        with TempDir() as data_dir:
            theirs = "in-process: edgartools import | lookup (local)"
            rows.append(_inprocess_row(theirs, runs, lambda: et.run(b, "local", data_dir, None, None)))
    for row in rows:
        if not row.extra["import"]:
            row.unavailable = f"the script failed (exit {sorted(row.exit_codes)})"
    return rows


def inprocess_lines(rows: list[Row]) -> list[str]:
    out = [
        "",
        "In-process split, one process per sample (import = importing the library; lookup = the NVDA FY2024",
        "revenue call after it; edgar on a warm cache, edgartools reading the corpus file from local storage):",
    ]
    base = None
    for r in rows:
        label = r.name.split(":")[1].split("import")[0].strip()
        if r.unavailable:
            out.append(f"  {label:<11} {r.unavailable}")
            continue
        imp, look = med(r.extra["import"]), med(r.extra["lookup"])
        line = f"  {label:<11} import {imp:.3f}s  lookup {look:.3f}s  (medians, n={len(r.extra['import'])})"
        if base is None:
            base = (imp, look)
        else:
            line += f"  ratio to edgar: import {imp / base[0]:.1f}x, lookup {look / base[1]:.1f}x"
        out.append(line)
    return out


def bench_compare(b: Bench, cold_runs: int) -> list[Row]:
    shim = RusageSubprocess()
    compare_bench.subprocess = shim  # one_run() times the same child; the shim adds wait4's peak RSS
    rows = []
    for n in compare_bench.SIZES:
        companies = compare_bench.COMPANIES[:n]
        row = Row(f"compare revenue, {n} companies")
        last = {}
        for _ in range(cold_runs):
            with TempDir() as cache:
                env = b.env(cache)
                for kind in ("cold", "warm"):
                    trapped = len(b.trap.log)
                    r = compare_bench.one_run(b.mirror, env, companies)
                    row.add(
                        kind, Sample(r["seconds"], shim.rss_kb[-1], r["rc"], r["requests"], len(b.trap.log) - trapped)
                    )
                    if kind == "cold":
                        last = r
        row.note = (
            f"{last.get('companyfacts', 0)} companyfacts ({last.get('companyfacts_404', 0)} 404), "
            f"arrival spread {last.get('spread', 0) * 1000:.0f} ms"
        )
        if last.get("unavailable"):
            row.note += f"; unavailable: {', '.join(last['unavailable'])}"
        rows.append(row)
    return rows


def section_available() -> str:
    """'' when `edgar section` exists, else why not."""
    if not (ROOT / "edgar_cli" / "capabilities" / "section" / "section.py").exists():
        return "not available: edgar_cli/capabilities/section/section.py does not exist yet (issue 5)"
    probe = subprocess.run(edgar_cmd() + ["section", "--help"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return "not available: `edgar section --help` failed (the command is not registered in cli/app.py)"
    return ""


def bench_section(b: Bench, cold_runs: int, warm_runs: int) -> list[Row]:
    first = Row(f"section {SECTION_COMPANY} 10-K 2.6 MB: 1st read ({SECTION_FIRST})")
    second = Row(f"section, 2nd read ({SECTION_SECOND}) after the 1st")
    why = section_available()
    if why:
        first.unavailable = second.unavailable = why
        return [first, second]
    args1 = ["section", SECTION_COMPANY, SECTION_FIRST, "--accession", SECTION_ACCESSION, "--json"]
    args2 = ["section", SECTION_COMPANY, SECTION_SECOND, "--accession", SECTION_ACCESSION, "--json"]
    failures = []
    for _ in range(cold_runs):
        with TempDir() as cache:
            env = b.env(cache)
            first.add("cold", s1 := b.edgar(args1, env))
            second.add("warm", s2 := b.edgar(args2, env))
            for _ in range(warm_runs):
                first.add("warm", b.edgar(args1, env))
            for s in (s1, s2):
                if s.rc != 0:
                    failures.append(error_code(s.stdout) or (s.stderr.strip().splitlines() or ["?"])[-1][:120])
                else:
                    d = json.loads(s.stdout)
                    first.extra.setdefault("chars_total", {})[d.get("section", "?")] = d.get("chars_total")
    first.note = "cold = empty cache; warm = the same section again"
    second.note = "measured once per cold run, on the cache the 1st read left"
    if failures:
        first.note += f"; failures: {sorted(set(failures))}"
    return [first, second]


def bench_warm_commands(b: Bench, warm_runs: int) -> list[Row]:
    """WARM_COMMANDS on one cache dir that each filled once (cold), then warm runs interleaved."""
    rows = [Row(" ".join(a) + "".join(f" ({k}={v})" for k, v in extra.items())) for a, extra in WARM_COMMANDS]
    with TempDir() as cache:
        env = b.env(cache)
        for row, (args, extra) in zip(rows, WARM_COMMANDS):
            row.add("cold", b.edgar(args, dict(env, **extra)))
        for _ in range(warm_runs):
            for row, (args, extra) in zip(rows, WARM_COMMANDS):
                row.add("warm", b.edgar(args, dict(env, **extra)))
    return rows


def bench_search(b: Bench, cold_runs: int, warm_runs: int) -> Row:
    row = Row('search "climate change" --forms 8-K')
    for _ in range(cold_runs):
        with TempDir() as cache:
            env = b.env(cache)
            row.add("cold", b.edgar(SEARCH_ARGS, env))
            for _ in range(warm_runs):
                row.add("warm", b.edgar(SEARCH_ARGS, env))
    row.note = "the corpus' one recorded EFTS page"
    return row


# --------------------------------------------------------------------------- MCP


def _children_rss_kb() -> dict[int, int]:
    """Peak RSS (VmHWM) of this process' direct children, by pid (Linux /proc)."""
    me, out = os.getpid(), {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid != me:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    out[int(entry.name)] = int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return out


async def _mcp_batch(b: Bench, session) -> dict:
    """MCP_CONCURRENCY calls at once on one session; each call's latency, errors and the requests they caused."""
    import anyio

    lat: list[float] = [0.0] * MCP_CONCURRENCY
    errors: list[str] = []
    before, trapped = len(b.mirror.log), len(b.trap.log)

    async def one(i: int) -> None:
        company, fy = MCP_CALLS[i % len(MCP_CALLS)]
        t = time.perf_counter()
        r = await session.call_tool(
            "get_financial_concept", {"company": company, "concept": "revenue", "fiscal_year": fy}
        )
        lat[i] = time.perf_counter() - t
        if r.is_error:
            errors.append(str(json.loads(r.content[0].text).get("error", {}).get("code")))

    started = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for i in range(MCP_CONCURRENCY):
            tg.start_soon(one, i)
    paths = [e.path for e in b.mirror.log[before:]]
    return {
        "latencies": lat,
        "wall": time.perf_counter() - started,
        "errors": errors,
        "requests": len(paths),
        "outside": len(b.trap.log) - trapped,
        "companyfacts": sum("/companyfacts/" in p for p in paths),
        "distinct": len(set(paths)),
    }


async def _mcp_round(b: Bench, env: dict, errlog) -> dict:
    """One `edgar serve-mcp` over stdio: start + initialize, a cold batch, a warm batch, the server's peak RSS."""
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cmd = edgar_cmd()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "serve-mcp"], env=env)
    t0 = time.perf_counter()
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        result: dict = {"startup_seconds": time.perf_counter() - t0, "batches": []}
        for _ in ("cold", "warm"):
            result["batches"].append(await _mcp_batch(b, session))
        rss = _children_rss_kb()
        result["server_rss_kb"] = max(rss.values()) if rss else 0
    return result


def bench_mcp(b: Bench, rounds: int) -> Row:
    import anyio

    row = Row(f"MCP {MCP_CONCURRENCY} concurrent get_financial_concept")
    cold_lat, warm_lat, walls, problems = [], [], [], []
    try:
        for _ in range(rounds):
            with TempDir() as cache, open(os.devnull, "w") as errlog:
                r = anyio.run(_mcp_round, b, b.env(cache), errlog)
            cold, warm = r["batches"]
            cold_lat += cold["latencies"]
            warm_lat += warm["latencies"]
            walls.append((r["startup_seconds"], cold["wall"], warm["wall"]))
            row.extra.setdefault("cold_companyfacts", []).append(cold["companyfacts"])
            row.extra.setdefault("cold_distinct_urls", []).append(cold["distinct"])
            row.cold_requests.append(cold["requests"])
            row.warm_requests.append(warm["requests"])
            row.outside += cold["outside"] + warm["outside"]
            row.rss_kb.append(r["server_rss_kb"])
            problems += cold["errors"] + warm["errors"]
    except Exception as exc:  # noqa: BLE001 - a benchmark row reports what broke instead of stopping the suite
        row.unavailable = f"MCP session failed: {type(exc).__name__}: {exc}"[:200]
        return row
    row.cold_text = f"p50 {med(cold_lat):.3f} p95 {p95(cold_lat):.3f}"
    row.warm_text = f"p50 {med(warm_lat):.3f} p95 {p95(warm_lat):.3f}"
    row.cold, row.warm = cold_lat, warm_lat
    row.note = (
        f"per-call latency (s), {len(MCP_CALLS)} companies, {rounds} server(s); cold batch: "
        f"{max(row.extra['cold_companyfacts'])} companyfacts requests for {len(MCP_CALLS)} companies, "
        f"{max(row.extra['cold_distinct_urls'])} distinct URLs; batch wall cold "
        f"{med([w[1] for w in walls]):.3f}s, warm {med([w[2] for w in walls]):.3f}s; "
        f"server start+initialize {med([w[0] for w in walls]):.3f}s"
    )
    if problems:
        row.note += f"; error results: {sorted(set(problems))} x{len(problems)}"
    row.exit_codes.add(0)
    return row


def bench_mcp_http(rounds: int) -> Row:
    """MCP over streamable HTTP (benchmarks/mcp_http.py): 20 concurrent warm calls, stateful and stateless."""
    import mcp_http

    row = Row(f"MCP HTTP {mcp_http.CONCURRENCY} concurrent get_financial_concept")
    try:
        m = mcp_http.measure(rounds, ["stateful", "stateless"])
    except Exception as exc:  # noqa: BLE001 - a benchmark row reports what broke instead of stopping the suite
        row.unavailable = f"MCP HTTP servers failed: {type(exc).__name__}: {exc}"[:200]
        return row
    r, cpu = m["results"], m["cpu"]
    stateful, stateless = r[("now", "stateful", "raw")]["lat"], r[("now", "stateless", "raw")]["lat"]
    row.cold, row.warm = stateful, stateless
    row.cold_text = f"stateful p95 {p95(stateful):.3f}"
    row.warm_text = f"stateless p95 {p95(stateless):.3f}"
    load = os.getloadavg()
    row.note = (
        f"per-call latency (s), raw httpx client, {rounds} interleaved rounds; target p95 <= 0.050 both; server "
        f"CPU per call stateful {cpu[('now', 'stateful')] * 1000:.2f} ms, stateless "
        f"{cpu[('now', 'stateless')] * 1000:.2f} ms (p95 of 20 in flight ~ 20 x it); SDK client p95 stateful "
        f"{p95(r[('now', 'stateful', 'sdk')]['lat']):.3f}, stateless {p95(r[('now', 'stateless', 'sdk')]['lat']):.3f}; "
        f"load average after {load[0]:.2f}"
    )
    if any(v["errors"] for v in r.values()):
        row.note += f"; error results x{sum(v['errors'] for v in r.values())}"
    row.exit_codes.add(0)
    return row


# --------------------------------------------------------------------------- edgartools


class EdgarTools:
    """edgartools in its own venv, pointed at the corpus (see edgartools_lookup.py)."""

    modes = ("mirror", "local")

    def __init__(self):
        self.unavailable = ""
        self.version = ""
        if not ET_PYTHON.exists():
            self.unavailable = (
                f"unavailable: no benchmark venv at {ET_PYTHON.parent.parent.relative_to(ROOT)} "
                "(python3 -m venv benchmarks/.venv-edgartools; "
                "benchmarks/.venv-edgartools/bin/pip install edgartools)"
            )
            return
        probe = subprocess.run(
            [str(ET_PYTHON), "-c", "import importlib.metadata as m; print(m.version('edgartools'))"],
            capture_output=True,
            text=True,
            check=False,
        )
        if probe.returncode != 0:
            self.unavailable = "unavailable: edgartools is not installed in benchmarks/.venv-edgartools"
        self.version = probe.stdout.strip()

    def env(self, b: Bench, mode: str, data_dir: Path) -> dict:
        env = b.env(
            data_dir / "edgar-cache",
            EDGAR_IDENTITY="edgar-cli benchmarks bench@example.com",
            EDGAR_LOCAL_DATA_DIR=str(data_dir),
        )
        for var in ("EDGAR_MIRROR", "EDGAR_CACHE_DIR", "VIRTUAL_ENV", "PYTHONPATH"):
            env.pop(var, None)
        if mode == "mirror":
            # httpxthrottlecache (edgartools' HTTP layer) sends every request through HTTPS_PROXY and ignores
            # NO_PROXY, so the trap would swallow the mirror requests too: no proxy variables in this mode.
            for var in b.trap.env:
                env.pop(var, None)
            # One mirror per SEC host, serving that host's corpus tree at its root: edgartools' cache rules
            # (httpxthrottlecache) match paths from the start ("/api/xbrl/companyfacts/..."), so behind a
            # path-prefixed mirror (<mirror>/data.sec.gov/api/...) nothing would be cached and every warm run
            # would fetch again. Same files, same MirrorServer code as edgar's mirror.
            env.update(
                EDGAR_BASE_URL=b.host_mirrors["www.sec.gov"].url,
                EDGAR_DATA_URL=b.host_mirrors["data.sec.gov"].url,
                EDGAR_USE_LOCAL_DATA="0",
            )
        else:
            facts = data_dir / "companyfacts"
            facts.mkdir(parents=True, exist_ok=True)
            link = facts / Path(NVDA_FACTS).name
            if not link.exists():
                link.symlink_to(b.mirror.corpus / NVDA_FACTS)
            env.update(EDGAR_USE_LOCAL_DATA="1")
        return env

    def run(self, b: Bench, mode: str, data_dir: Path, row: Row | None, kind: str | None) -> Sample:
        if self.unavailable:
            return Sample(0, 0, -1, 0, 0)
        s = b.measure([str(ET_PYTHON), str(ET_SCRIPT)], self.env(b, mode, data_dir))
        if row is not None:
            row.add(kind, s)
            if s.rc == 0:
                d = json.loads(s.stdout.strip().splitlines()[-1])
                row.extra.update(value=d["value"], end=d.get("end"), accession=d.get("accession"))
            else:
                row.extra["failure"] = (s.stderr.strip().splitlines() or ["?"])[-1][:160]
        return s


# --------------------------------------------------------------------------- table


def fmt_s(xs) -> str:
    return f"{med(xs):.3f}s" if xs else "-"


def fmt_req(xs) -> str:
    if not xs:
        return "-"
    lo, hi = min(xs), max(xs)
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def render(rows: list[Row], ours: Row, theirs: list[Row], header: list[str]) -> str:
    cols = ["benchmark", "cold", "req", "warm", "req", "peak RSS", "exit", "outside", "notes"]
    table = []
    for r in rows:
        if r.unavailable:
            table.append([r.name, "-", "-", "-", "-", "-", "-", "-", r.unavailable])
            continue
        table.append(
            [
                r.name,
                r.cold_text or fmt_s(r.cold),
                fmt_req(r.cold_requests),
                r.warm_text or fmt_s(r.warm),
                fmt_req(r.warm_requests),
                f"{max(r.rss_kb) / 1024:.0f} MiB" if r.rss_kb else "-",
                ",".join(str(c) for c in sorted(r.exit_codes)) or "-",
                str(r.outside) if r.outside_checked else "n/a",
                r.note,
            ]
        )
    for t in theirs:
        mode = "mirror" if "mirror" in t.name else "local"
        name = f"ratio edgartools({mode}) / edgar"
        if t.unavailable or not t.cold or not ours.cold:
            table.append([name, "-", "", "-", "", "", "", "", t.unavailable or "no successful runs to compare"])
            continue
        table.append(
            [
                name,
                f"{med(t.cold) / med(ours.cold):.2f}x",
                "",
                f"{med(t.warm) / med(ours.warm):.2f}x",
                "",
                f"{max(t.rss_kb) / max(ours.rss_kb):.2f}x",
                "",
                "",
                f"values: edgartools {t.extra.get('value')!r} vs edgar {ours.extra.get('value')!r}",
            ]
        )
    widths = [max(len(str(x[i])) for x in table + [cols]) for i in range(len(cols) - 1)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths + [0])).rstrip()
    out = header + ["", line(cols), line(["-" * w for w in widths] + ["-----"])]
    out += [line(r) for r in table]
    return "\n".join(out)


def details(rows: list[Row]) -> list[str]:
    out = ["", "Details (median / p95 / n; seconds):"]
    for r in rows:
        if r.unavailable:
            continue
        bits = []
        for kind in ("cold", "warm"):
            xs = getattr(r, kind)
            if xs:
                bits.append(f"{kind} {med(xs):.3f}/{p95(xs):.3f}/n={len(xs)}")
        extra = dict(r.extra)
        out.append(f"  {r.name}: {'  '.join(bits)}" + (f"  {extra}" if extra else ""))
    return out


def main() -> str:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs: 1 cold and 3 warm per row, 1 MCP server")
    ap.add_argument("--no-edgartools", action="store_true", help="skip the edgartools rows")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of a warm concept, "
        "floor.py and bare Python (and --before) under valgrind: a before/after that load does not move",
    )
    ap.add_argument(
        "--before",
        type=Path,
        metavar="DIR",
        help="also time a warm concept with DIR/edgar_cli (another "
        "checkout, e.g. `git archive main edgar_cli | tar -x -C DIR`), interleaved with this one's",
    )
    ap.add_argument(
        "--semantic-index",
        type=Path,
        metavar="PATH",
        help="an index with vectors, for issue 37's hybrid find row (without it the row says 'not run')",
    )
    opts = ap.parse_args()
    cold_runs, warm_runs, mcp_rounds, inproc = (1, 3, 1, 3) if opts.quick else (3, 5, 3, 5)

    ensure_bytecode(ROOT / "edgar_cli")  # as an installed wheel has it (see common.ensure_bytecode)
    if opts.before:
        opts.before = opts.before.resolve()
        if not (opts.before / "edgar_cli" / "cli/entry.py").is_file():
            ap.error(f"--before {opts.before}: no edgar_cli/cli/entry.py under it")
        ensure_bytecode(opts.before / "edgar_cli")
    et = EdgarTools()
    if opts.no_edgartools:
        et.unavailable = "skipped (--no-edgartools)"
    started = datetime.now(UTC)
    t0 = time.perf_counter()
    trap = OutsideTrap()
    load_before = os.getloadavg()
    host_mirrors: dict[str, MirrorServer] = {}
    try:
        with MirrorServer() as mirror:
            for host in ("www.sec.gov", "data.sec.gov"):
                host_mirrors[host] = MirrorServer(mirror.corpus / host).start()
            b = Bench(mirror, trap, host_mirrors)
            log = lambda msg: print(f"[{time.perf_counter() - t0:6.1f}s] {msg}", file=sys.stderr, flush=True)
            log("concept, with edgartools interleaved")
            ours, theirs, baselines = bench_concept(b, cold_runs, warm_runs, et, opts.before)
            log("in-process import/lookup")
            inproc_rows = bench_inprocess(b, inproc, et)
            counted = []
            if opts.instructions:
                log("instructions under valgrind")
                counted = instruction_lines(b, opts.before)
            log("other warm commands")
            warm_rows = bench_warm_commands(b, warm_runs)
            log("compare 2/5/8")
            compare_rows = bench_compare(b, cold_runs)
            log("section")
            section_rows = bench_section(b, cold_runs, warm_runs)
            log("search")
            search_row = bench_search(b, cold_runs, warm_runs)
            log("MCP")
            mcp_row = bench_mcp(b, mcp_rounds)
            log("MCP over streamable HTTP")
            mcp_http_row = bench_mcp_http(mcp_rounds + 2)
            issue37_lines = issue37.lines(b, opts.quick, opts.semantic_index, log)
    finally:
        trap.close()
        for m in host_mirrors.values():
            m.stop()
    load_after = os.getloadavg()
    rows = [ours, *baselines, *warm_rows, *compare_rows, *section_rows, search_row, mcp_row, mcp_http_row, *theirs]
    commit = (
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip()
        or "?"
    )
    loads = " ".join(f"{x:.2f}" for x in load_before), " ".join(f"{x:.2f}" for x in load_after)
    header = [
        (
            f"edgar benchmark suite ({'quick' if opts.quick else 'full'}): {started:%Y-%m-%d %H:%M} UTC, "
            f"commit {commit}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"edgartools {et.version or '-'}"
        ),
        (
            f"corpus mirror on loopback; cold = empty cache dir, warm = same dir again; times are medians "
            f"({cold_runs} cold dir(s) per row, {warm_runs} warm runs on each; n per row under Details); "
            "req = requests the mirror saw per run (min-max)"
        ),
        (
            "peak RSS = max over the row's processes (MCP: the server); outside = requests to any other host "
            "(a loopback trap proxy; must be 0)"
        ),
        (
            f"load average (1/5/15 min) before {loads[0]}, after {loads[1]}: other work on this machine slows "
            "every row alike"
        ),
    ]
    text = render(rows, ours, theirs, header)
    text += "\n" + "\n".join(
        warm_ratio_lines(ours, baselines, warm_rows)
        + counted
        + inprocess_lines(inproc_rows)
        + issue37_lines
        + details(rows)
    )
    text += (
        "\n\nNotes:\n"
        "  compare N=8: only 6 corpus companies have companyfacts; MSFT and AMZN are 404s (see compare.py).\n"
        "  edgartools(mirror) fetches the same corpus companyfacts file over HTTP from loopback MirrorServers\n"
        "  set as EDGAR_BASE_URL/EDGAR_DATA_URL (one per SEC host, tree at the root, so its cache rules apply);\n"
        "  edgartools(local) reads the same file from disk via EDGAR_USE_LOCAL_DATA (no HTTP). Its ticker lookup\n"
        "  uses data bundled in the package. Its warm run reuses its HTTP cache (_tcache) in the same\n"
        "  EDGAR_LOCAL_DATA_DIR, where companyfacts stays fresh for 30 s by its rules (edgar's cache: see\n"
        "  DEPLOYMENT.md). It is not behind the trap proxy: its HTTP layer sends every request, loopback\n"
        "  included, through HTTPS_PROXY (NO_PROXY is ignored), so 'outside' is n/a for that row.\n"
        f"  total wall time of this suite: {time.perf_counter() - t0:.0f}s\n"
    )
    if trap.log:
        text += "  requests caught by the outside trap: " + "; ".join(sorted(set(trap.log)))[:1000] + "\n"
    print(text)
    save("run_all", text)
    raw = {
        "started": started.isoformat(),
        "quick": opts.quick,
        "rows": [
            {k: (sorted(v) if isinstance(v, set) else v) for k, v in asdict(r).items()} for r in rows + inproc_rows
        ],
    }
    (ROOT / "benchmarks" / "results" / "run_all.json").write_text(json.dumps(raw, indent=1, default=str) + "\n")
    return text


if __name__ == "__main__":
    main()

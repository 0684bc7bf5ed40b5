"""Helpers for the benchmark scripts: a corpus mirror and whole-process timing.

Benchmarks print (and save under benchmarks/results/) measurements; they never assert.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from mirror import MirrorServer  # noqa: E402

UA = "edgar-cli benchmarks bench@example.com"
# One rate-limit bucket for every process of this benchmark run (sec/ratelimit.py), apart from the
# host's: other engineers' runs on this machine would otherwise share, and slow, this one's.
os.environ.setdefault("EDGAR_RATELIMIT_DIR", tempfile.mkdtemp(prefix="edgar-bench-ratelimit-"))
PINNED_TODAY = "2026-07-01"


def parse_runs(default: int, description: str | None = None, help: str | None = None) -> int:
    """The ``--runs N`` of a benchmark whose only option it is (DEFAULT when not given)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--runs", type=int, default=default, help=help)
    return ap.parse_args().runs


def ensure_bytecode(package_dir: Path) -> None:
    """Compile ``package_dir``'s modules to .pyc once, as installing a wheel does.

    With PYTHONDONTWRITEBYTECODE set (these shared machines set it) an editable install is
    compiled from source by every process, a cost no installed edgar pays: a benchmark of
    start-up time would measure the compiler.
    """
    import compileall

    compileall.compile_dir(str(package_dir), quiet=2, force=False)


def edgar_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("edgar")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "edgar_cli"]


@dataclass
class Run:
    seconds: float
    max_rss_kb: int
    rc: int
    requests: int


def run_process(args: list[str], env: dict, mirror: MirrorServer | None = None) -> Run:
    """Run `edgar ARGS` once as a whole process; wall time, peak RSS and requests the mirror saw."""
    before = len(mirror.log) if mirror else 0
    t0 = time.perf_counter()
    proc = subprocess.Popen(edgar_cmd() + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    requests = (len(mirror.log) - before) if mirror else 0
    return Run(elapsed, usage.ru_maxrss, proc.returncode, requests)


def base_env(mirror: MirrorServer, cache_dir: Path) -> dict:
    env = dict(os.environ)
    env.update(
        EDGAR_MIRROR=mirror.url,
        SEC_USER_AGENT=UA,
        EDGAR_CACHE_DIR=str(cache_dir),
        EDGAR_TODAY=PINNED_TODAY,
        EDGAR_NONINTERACTIVE="1",
    )
    return env


@contextmanager
def mirror_and_env() -> Iterator[tuple[MirrorServer, dict]]:
    """The corpus mirror and a `base_env` over it with one cache dir for the whole block (removed after)."""
    with MirrorServer() as mirror, TempDir() as cache:
        yield mirror, base_env(mirror, cache)


class TempDir:
    def __enter__(self) -> Path:
        self.path = Path(tempfile.mkdtemp(prefix="edgar-bench-"))
        return self.path

    def __exit__(self, *exc):
        shutil.rmtree(self.path, ignore_errors=True)


def wait_port(port: int, seconds: float = 30, proc: subprocess.Popen | None = None) -> None:
    """Return once something listens on 127.0.0.1:``port``; TimeoutError after ``seconds``, or as soon as
    ``proc`` (the server meant to listen) has exited."""
    import socket

    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on port {port} after {seconds:g} s") from None
            time.sleep(0.1)


def summarize(samples: list[float]) -> str:
    if len(samples) == 1:
        return f"{samples[0]:.3f}s"
    s = sorted(samples)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return f"median {statistics.median(s):.3f}s  p95 {p95:.3f}s  (n={len(s)})"


def save(name: str, text: str) -> Path:
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def publish(name: str, text: str) -> str:
    """Print TEXT and save it as benchmarks/results/NAME.txt; returns TEXT (run_all reports it)."""
    print(text)
    save(name, text + "\n")
    return text


def interleaved(
    first: list[str], second: list[str], env: dict, mirror: MirrorServer, runs: int
) -> tuple[list[Run], list[Run]]:
    """`edgar FIRST` and `edgar SECOND`, each run once to warm, then alternately RUNS times each.

    Alternating run by run makes machine load hit both alike, so the ratio of their medians holds.
    """
    run_process(first, env, mirror)
    run_process(second, env, mirror)
    a: list[Run] = []
    b: list[Run] = []
    for _ in range(runs):
        a.append(run_process(first, env, mirror))
        b.append(run_process(second, env, mirror))
    return a, b


def ratio_lines(
    label: str, first: tuple[str, list[Run]], second: tuple[str, list[Run]], ratio: str, target: float
) -> list[str]:
    """Three report lines: each side's wall times, then SECOND's median over FIRST's against TARGET."""
    (a_name, a), (b_name, b) = first, second
    a_s, b_s = [r.seconds for r in a], [r.seconds for r in b]
    x = statistics.median(b_s) / statistics.median(a_s)
    return [
        f"{label}  {a_name} {summarize(a_s)}",
        f"{label}  {b_name} {summarize(b_s)}",
        f"{label}  {ratio} (medians): {x:.2f}x   target <= {target:.2f}x",
    ]


class Report:
    """Lines printed as they come and saved together: ``say = Report(); say("..."); say.save("name")``."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def save(self, name: str) -> Path:
        path = save(name, "\n".join(self.lines) + "\n")
        print(f"\nsaved to {path.relative_to(ROOT)}", file=sys.stderr)
        return path


def timed(cmd: list[str], env: dict) -> float:
    """Seconds one whole process takes, its output discarded."""
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def before_after_options(description: str, runs: int = 7) -> argparse.Namespace:
    """``--runs`` and ``--before DIR`` (another edgar_cli tree, the "before" of an A/B run), each tree's bytecode
    compiled first so that neither pays for it in the timings."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--runs", type=int, default=runs)
    ap.add_argument("--before", help="a directory holding another edgar_cli package (the before tree)")
    opts = ap.parse_args()
    ensure_bytecode(ROOT / "edgar_cli")
    if opts.before:
        ensure_bytecode(Path(opts.before) / "edgar_cli")
    return opts

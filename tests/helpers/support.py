"""What the tests share that is not a fixture: the pinned day, the test User-Agent, how to run `edgar`.

Importable without pytest (evals/run_agent.py runs `edgar` through ``edgar_command``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PINNED_TODAY = "2026-07-01"  # the corpus snapshot's "today" (the injectable clock's date)
TEST_UA = "edgar-cli tests tests@example.com"
# The lookup the team and deployment tests run through `edgar` (companyfacts 0001045810-24-000029 has it).
NVDA_REVENUE_FY2024_ARGS = ("concept", "NVDA", "revenue", "--fy", "2024", "--json")


def edgar_env(mirror_url: str, cache_dir, **extra: str) -> dict[str, str]:
    """This process's environment for an `edgar` subprocess over MIRROR_URL: the test User-Agent, the pinned
    day, CACHE_DIR as its cache and no prompts; EXTRA set on top."""
    return dict(
        os.environ,
        EDGAR_MIRROR=mirror_url,
        SEC_USER_AGENT=TEST_UA,
        EDGAR_CACHE_DIR=str(cache_dir),
        EDGAR_TODAY=PINNED_TODAY,
        EDGAR_NONINTERACTIVE="1",
        **extra,
    )


def edgar_command() -> list[str]:
    exe = Path(sys.executable).with_name("edgar")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("edgar")
    return [found] if found else [sys.executable, "-m", "edgar_cli"]


def run_edgar(args, env: dict, timeout: float = 120, **run) -> subprocess.CompletedProcess[str]:
    """`edgar ARGS` as a subprocess with ENV, its stdout and stderr captured as text (RUN: more subprocess.run
    arguments, e.g. preexec_fn)."""
    return subprocess.run(edgar_command() + list(args), env=env, capture_output=True, text=True, timeout=timeout, **run)


@dataclass
class Result:
    rc: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


def run_in_process(args: list[str], capsys) -> Result:
    """``edgar ARGS`` through the console-script entry point in this process, its output captured."""
    from edgar_cli.cli.entry import main

    capsys.readouterr()
    try:
        main(list(args))
        rc = 0
    except SystemExit as exc:
        rc = int(exc.code or 0)
    captured = capsys.readouterr()
    return Result(rc, captured.out, captured.err)


def client_over(mirror_url: str, tmp_path_factory, today: str = PINNED_TODAY):
    """A client over ``mirror_url`` with its own cache and config dirs (a generator: yield from it in a fixture)."""
    import pytest

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    with pytest.MonkeyPatch.context() as mp:
        for var in ("EDGAR_NO_CACHE", "EDGAR_DEBUG"):
            mp.delenv(var, raising=False)
        mp.setenv("EDGAR_MIRROR", mirror_url)
        mp.setenv("EDGAR_CACHE_DIR", str(tmp_path_factory.mktemp("module-cache")))
        mp.setenv("EDGAR_CONFIG_DIR", str(tmp_path_factory.mktemp("module-config")))
        mp.setenv("SEC_USER_AGENT", TEST_UA)
        mp.setenv("EDGAR_TODAY", today)
        yield SecClient(Settings.from_env())


def read_terminal(master: int, proc, timeout: float, answers: list[bytes] | None = None) -> bytes:
    """What ``proc`` writes to the pseudo-terminal ``master`` until it closes, the process ends or ``timeout``
    passes; each of ``answers`` is typed in turn when the screen ends with a prompt (":" or "]")."""
    import os
    import select
    import time

    screen = b""
    pending = list(answers or [])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if select.select([master], [], [], 0.1)[0]:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            screen += data
            if pending and (screen.rstrip().endswith(b":") or screen.rstrip().endswith(b"]")):
                os.write(master, pending.pop(0))
        elif proc.poll() is not None:
            break
    return screen


def run_docs_recipe(mirror_url: str, tmp_path, marker: str) -> list[list[str]]:
    """Run the ```bash block of docs/formats.md holding ``marker`` as written (edgar on PATH, the corpus mirror,
    a fresh cache under ``tmp_path``) and return its output's rows split on ``|`` (sqlite3's list mode); skipped
    where the machine has no sqlite3 shell."""
    import re

    import pytest

    if shutil.which("sqlite3") is None:
        pytest.skip("no sqlite3 shell on this machine")
    text = (Path(__file__).parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```bash\n(.*?)```", text, re.S) if marker in b)
    env = edgar_env(mirror_url, tmp_path / "cache")
    env["PATH"] = os.pathsep.join([str(Path(edgar_command()[0]).parent), env.get("PATH", "")])
    proc = subprocess.run(["bash", "-e", "-c", block], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return [line.split("|") for line in proc.stdout.splitlines()]


def on_a_terminal(args: list[str], env: dict, columns: int = 80, timeout: float = 60) -> tuple[int, str]:
    """``edgar ARGS`` with stdout and stderr on one pseudo-terminal ``columns`` wide (NO_COLOR), as a person sees
    it: its exit status and the screen's text, ANSI sequences removed and line ends as ``\\n``."""
    import pty
    import re

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        edgar_command() + args,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        env={**env, "COLUMNS": str(columns), "NO_COLOR": "1"},
    )
    os.close(slave)
    screen = read_terminal(master, proc, timeout)
    proc.wait(timeout=10)
    os.close(master)
    return proc.returncode, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.decode(errors="replace").replace("\r\n", "\n"))

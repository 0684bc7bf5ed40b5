"""Run deploy/systemd's units as plain processes, without systemd: to try a team deployment on one machine.

    python deploy/run_units.py --env-file deploy/systemd/edgar.env.example --instances 8001,8002,8003 \\
        [--root /tmp/edgar-units] [--edgar PATH] [--engines]

For each instance it reads the unit's ``[Service]`` section as systemd would — ``EnvironmentFile=``,
``Environment=`` (in order, later ones win), ``ExecStart=`` with ``%i`` the instance — and starts the
command with the current user (``User=``/``Group=`` and the sandboxing lines need systemd and are
skipped). Paths under /var/ and /run/ become paths under ``--root``; the program is ``--edgar``
(default: the ``edgar`` beside this Python). ``--engines`` starts a throwaway Redis and PostgreSQL (tests/helpers/engines.py)
and points EDGAR_REDIS_URL / EDGAR_INDEX_URL at them. It waits until every instance's ``/healthz``
answers, prints one line per instance, and stops them all on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
UNIT = HERE / "systemd" / "edgar-mcp@.service"


def service_section(unit: Path) -> list[tuple[str, str]]:
    """(key, value) lines of the unit's [Service] section, continuation lines joined."""
    out, section, pending = [], None, ""
    for raw in unit.read_text(encoding="utf-8").splitlines():
        line = pending + raw.strip()
        pending = ""
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section == "Service" and "=" in line:
            key, value = line.split("=", 1)
            out.append((key.strip(), value.strip()))
    return out


def _expand(value: str, instance: str) -> str:
    return value.replace("%%", "\0").replace("%i", instance).replace("%I", instance).replace("\0", "%")


def read_env_file(path: Path) -> dict[str, str]:
    """systemd's EnvironmentFile: KEY=VALUE lines, # comments, values optionally quoted."""
    env = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line[0] in "#;" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        parts = shlex.split(value) if value.strip() else [""]
        env[key.strip()] = " ".join(parts)
    return env


def unit_command(instance: str, *, unit: Path = UNIT, env_file: Path | None = None, root: Path,
                 edgar: str | None = None, extra_env: dict[str, str] | None = None) -> tuple[list[str], dict]:
    """(argv, environment) of the unit's ExecStart for ``instance``, as plain-process equivalents."""
    env: dict[str, str] = {}
    argv: list[str] = []
    for key, value in service_section(unit):
        value = _expand(value, instance)
        if key == "EnvironmentFile":
            path = Path(env_file) if env_file is not None else Path(value.lstrip("-"))
            if path.is_file():
                env.update(read_env_file(path))
            elif not value.startswith("-"):
                raise FileNotFoundError(f"EnvironmentFile {path} (pass --env-file)")
        elif key == "Environment":
            for assignment in shlex.split(value):
                k, _, v = assignment.partition("=")
                env[k] = v
        elif key == "ExecStart":
            argv = shlex.split(value.lstrip("-@:+!"))
    if not argv:
        raise ValueError(f"{unit} has no ExecStart")
    argv[0] = edgar or str(Path(sys.executable).with_name("edgar"))
    env = {k: re.sub(r"^/(var|run)/", rf"{root}/\1/", v) for k, v in env.items()}
    for k in ("EDGAR_CACHE_DIR", "EDGAR_DATA_DIR", "EDGAR_RATELIMIT_DIR"):
        if k in env:
            Path(env[k]).mkdir(parents=True, exist_ok=True)
    env.update(extra_env or {})
    return argv, {**os.environ, **env}


def wait_healthy(port: int, proc: subprocess.Popen, timeout: float = 60) -> dict:
    import json

    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the instance on port {port} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as resp:
                if resp.status == 200:
                    return json.loads(resp.read() or b"{}")
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"/healthz on port {port} did not answer within {timeout:.0f} s")
        time.sleep(0.2)


def start(instances: list[str], **kwargs) -> list[tuple[str, subprocess.Popen]]:
    procs = []
    for inst in instances:
        argv, env = unit_command(inst, **kwargs)
        procs.append((inst, subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL)))
    return procs


def stop(procs: list[tuple[str, subprocess.Popen]]) -> None:
    for _, p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for _, p in procs:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--instances", default="8001,8002,8003")
    ap.add_argument("--env-file", type=Path, required=True)
    ap.add_argument("--root", type=Path)
    ap.add_argument("--edgar")
    ap.add_argument("--engines", action="store_true", help="start a throwaway Redis and PostgreSQL")
    opts = ap.parse_args()
    root = opts.root or Path(tempfile.mkdtemp(prefix="edgar-units-"))
    extra, servers = {}, []
    if opts.engines:
        sys.path.insert(0, str(HERE.parent / "tests" / "helpers"))
        from engines import PostgresServer, RedisServer

        servers = [RedisServer().start(), PostgresServer().start()]
        extra = {"EDGAR_REDIS_URL": servers[0].url, "EDGAR_INDEX_URL": servers[1].url}
        if not read_env_file(opts.env_file).get("EDGAR_REDIS_KEY") and not os.environ.get("EDGAR_REDIS_KEY"):
            import secrets

            extra["EDGAR_REDIS_KEY"] = secrets.token_hex(32)  # the throwaway Redis's cache key, for these units
    procs = start(opts.instances.split(","), env_file=opts.env_file, root=root, edgar=opts.edgar, extra_env=extra)
    try:
        for inst, p in procs:
            print(f"edgar-mcp@{inst}: pid {p.pid}, healthz {wait_healthy(int(inst), p)}", flush=True)
        print("running; Ctrl-C to stop", flush=True)
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        stop(procs)
        for s in servers:
            s.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

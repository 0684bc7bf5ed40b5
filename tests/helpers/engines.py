"""Throwaway PostgreSQL and Redis servers for tests and benchmarks: each on a free loopback port, in a
temporary directory, stopped and deleted afterwards.

``PostgresServer`` runs ``initdb`` and ``postgres`` from the Debian layout (/usr/lib/postgresql/N/bin),
``pg_config --bindir`` or PATH. Both refuse to run as root, so when this process is root (as CI is) they
run as the ``postgres`` user the Debian package creates (else ``nobody``) through ``setpriv``
(util-linux), with the data directory owned by that user: no password, no PAM, no sudo configuration.
``RedisServer`` runs ``redis-server`` with persistence off.

``postgres_missing()`` / ``redis_missing()`` return why a server cannot be started here (for
``pytest.skip``), or None. Neither module imports psycopg or redis.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode} before listening on {port}")
        with contextlib.closing(socket.socket()) as s:
            s.settimeout(0.2)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on 127.0.0.1:{port} within {timeout:.0f} s")


# --- PostgreSQL ---------------------------------------------------------------------------------------


def postgres_bindir() -> Path | None:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            candidates.append(
                subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10).stdout.strip()
            )
    for d in candidates:
        if d and (Path(d) / "initdb").is_file() and (Path(d) / "postgres").is_file():
            return Path(d)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("postgres") else None


def _run_as() -> tuple[list[str], int, int] | None:
    """(command prefix, uid, gid) to drop root; None when this process is not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pw = pwd.getpwnam(name)
        except KeyError:
            continue
        return ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--init-groups", "--"], pw.pw_uid, pw.pw_gid
    return None


def postgres_missing() -> str | None:
    if postgres_bindir() is None:
        return "PostgreSQL server binaries (initdb, postgres) are not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and (shutil.which("setpriv") is None or _run_as() is None):
        return "running as root without setpriv or a postgres/nobody user to run PostgreSQL as"
    return None


class PostgresServer:
    """A PostgreSQL cluster in a temp dir; ``url`` is a ``postgresql://`` URL for database ``postgres``."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="edgar-pg-"))
        self.proc: subprocess.Popen | None = None
        self.url = f"postgresql://edgar@127.0.0.1:{self.port}/postgres"

    def start(self) -> PostgresServer:
        bindir = postgres_bindir()
        assert bindir is not None, postgres_missing()
        prefix, data = [], self.dir / "data"
        drop = _run_as()
        if drop is not None:
            prefix, uid, gid = drop
            os.chown(self.dir, uid, gid)
        log = open(self.dir / "initdb.log", "wb")
        with log:
            subprocess.run(
                [
                    *prefix,
                    str(bindir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "edgar",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    "--no-sync",
                ],
                check=True,
                stdout=log,
                stderr=log,
                timeout=120,
            )
        self._launch(prefix)
        return self

    def _launch(self, prefix: list[str]) -> None:
        data = self.dir / "data"
        with open(self.dir / "postgres.log", "ab") as log:
            self.proc = subprocess.Popen(
                [
                    *prefix,
                    str(postgres_bindir() / "postgres"),
                    "-D",
                    str(data),
                    "-p",
                    str(self.port),
                    "-k",
                    str(self.dir),
                    "-c",
                    "listen_addresses=127.0.0.1",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=200",
                    "-c",
                    "shared_buffers=32MB",
                ],
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        _wait_port(self.port, self.proc, 60, "postgres")
        self._wait_ready()

    def restart(self) -> None:
        """Stop the server as ``pg_ctl restart`` does ("fast": every session is cut, open transactions are rolled
        back) and start it again on the same data and port."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=30)
        drop = _run_as()
        self._launch(drop[0] if drop is not None else [])

    def _wait_ready(self) -> None:
        """The port opens before the cluster accepts logins: poll with a startup packet until it does."""
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # "fast" shutdown
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# --- Redis --------------------------------------------------------------------------------------------


def redis_binary() -> str | None:
    return shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if Path(p).is_file()), None
    )


def redis_missing() -> str | None:
    return None if redis_binary() else "redis-server is not installed (apt-get install redis-server)"


class RedisServer:
    """A redis-server on a free loopback port, no persistence; ``url`` is its ``redis://`` URL (with the
    password when ``password`` is given: the server then requires AUTH, from a config file as the compose
    file does).

    ``kill()`` stops it at once (SIGKILL); ``start()`` again brings it back on the same port, empty."""

    def __init__(self, password: str | None = None) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="edgar-redis-"))
        self.proc: subprocess.Popen | None = None
        self.password = password
        auth = f":{password}@" if password else ""
        self.url = f"redis://{auth}127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = redis_binary()
        assert binary is not None, redis_missing()
        config = []
        if self.password:
            conf = self.dir / "redis.conf"
            conf.write_text(f"requirepass {self.password}\n", encoding="utf-8")
            config = [str(conf)]
        self.proc = subprocess.Popen(
            [
                binary,
                *config,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
                "--protected-mode",
                "no",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port, self.proc, 30, "redis-server")
        return self

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

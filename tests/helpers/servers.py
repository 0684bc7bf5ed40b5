"""Starting `edgar serve-mcp` in tests: its environment, over stdio with pipes, over HTTP on a free port once
/healthz answers."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from support import edgar_command, edgar_env


def server_env(mirror_url: str, cache_dir, extra: dict | None = None) -> dict:
    env = edgar_env(mirror_url, cache_dir, EDGAR_INDEX=str(cache_dir / "index.sqlite"), EDGAR_SEMANTIC="0")
    for k, v in (extra or {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def stdio_mcp_server(env: dict, text: bool = True) -> subprocess.Popen:
    """`edgar serve-mcp` over stdio, its stdin, stdout and stderr pipes (text, or bytes with TEXT false)."""
    return subprocess.Popen(
        edgar_command() + ["serve-mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=text,
        env=env,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"serve-mcp exited {proc.returncode}: {proc.stderr.read() if proc.stderr else ''}")
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("serve-mcp did not come up")


@contextmanager
def http_mcp_server(env: dict, *options: str) -> Iterator[tuple[str, int]]:
    """`edgar serve-mcp --transport streamable-http --port PORT OPTIONS` on a free port, once /healthz answers.

    Yields the base URL (http://127.0.0.1:PORT) and the port; the server is stopped on exit.
    """
    port = free_port()
    proc = subprocess.Popen(
        edgar_command() + ["serve-mcp", "--transport", "streamable-http", "--port", str(port), *options],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc)
        yield url, port
    finally:
        proc.terminate()
        proc.wait(timeout=10)

"""The 10 requests/second limit holds across processes whatever their cache directories are.

Four `edgar compare` processes and an `edgar serve-mcp` answering concurrent tool calls, all
at once against one mirror: once with a cache directory each, once all sharing a read-only
cache directory (nothing can be cached, so every process keeps requesting). The limiter's
bucket is in its default per-user place (here $XDG_RUNTIME_DIR, pointed into the test's tmp
dir), not in any cache directory. The figure is the mirror's request log: the most requests
that arrived in any one-second window.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time

import anyio
import pytest
import reliability_kit as K
from mirror import MirrorServer
from permissions import read_only, without_root_privileges, writable
from support import NVDA_REVENUE_FY2024_ARGS, edgar_command, edgar_env, run_edgar

from edgar_cli.sec.ratelimit import PRIVATE_SHARE, RateLimiter, shared_locations

COMPARES = [
    ["revenue", "NVDA", "AAPL", "TSLA", "SNOW"],
    ["net_income", "SNOW", "TSLA", "AAPL", "NVDA"],
    ["eps_diluted", "AAPL", "NVDA", "SNOW", "TSLA"],
    ["total_assets", "TSLA", "SNOW", "NVDA", "AAPL"],
]
MCP_CALLS = [
    ("get_financial_concept", {"company": c, "concept": k})
    for c in ("NVDA", "AAPL", "TSLA", "SNOW")
    for k in ("revenue", "net_income")
]


def _env(mirror: MirrorServer, cache: os.PathLike, runtime: os.PathLike) -> dict:
    env = edgar_env(mirror.url, cache, XDG_RUNTIME_DIR=str(runtime), EDGAR_SEMANTIC="0")
    env.pop("EDGAR_RATELIMIT_DIR", None)  # the default location, shared whatever the cache dir
    env.pop("EDGAR_DEBUG", None)
    return env


def _mcp_session(env: dict, prefix: list[str], out: dict) -> None:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def main():
        cmd = prefix + edgar_command() + ["serve-mcp"]
        params = StdioServerParameters(command=cmd[0], args=cmd[1:], env=env)
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    out["ready"].set()
                    results: list = [None] * len(MCP_CALLS)

                    async def one(i, name, args):
                        results[i] = await session.call_tool(name, args)

                    async with anyio.create_task_group() as tg:
                        for i, (name, args) in enumerate(MCP_CALLS):
                            tg.start_soon(one, i, name, args)
                    out["results"] = results

    try:
        anyio.run(main)
    except Exception as exc:  # reported by the test
        out["error"] = repr(exc)
        out["ready"].set()


def _run_all(mirror: MirrorServer, envs: list[dict], mcp_env: dict, prefix: list[str]) -> dict:
    first = len(mirror.log)
    mcp: dict = {"ready": threading.Event()}
    server = threading.Thread(target=_mcp_session, args=(mcp_env, prefix, mcp))
    server.start()
    assert mcp["ready"].wait(120), "the MCP server did not start"
    procs = [
        subprocess.Popen(
            prefix + edgar_command() + ["compare", *args, "--json"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args, env in zip(COMPARES, envs)
    ]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    server.join(timeout=300)
    return {
        "rcs": [p.returncode for p in procs],
        "errors": errors,
        "mcp": mcp,
        "arrivals": [e.t for e in mirror.log[first:]],
    }


def _assert_held(run: dict) -> None:
    assert run["rcs"] == [17, 17, 17, 17], run["errors"]  # four fiscal calendars: not comparable, still answered
    assert not any("requests/s" in e for e in run["errors"]), run["errors"]  # nobody fell back to a private share
    assert "error" not in run["mcp"], run["mcp"]
    assert [r.is_error for r in run["mcp"]["results"]] == [False] * len(MCP_CALLS)
    window = K.max_in_one_second(run["arrivals"])
    print(f"{len(run['arrivals'])} requests, at most {window} in any one second")  # shown with pytest -s
    assert len(run["arrivals"]) >= 20  # 25: each process its ticker file and four companies
    assert window <= 10


@pytest.fixture
def private_mirror(corpus):
    with MirrorServer(corpus) as srv:
        yield srv


def test_four_processes_and_an_mcp_server_with_separate_cache_dirs_share_one_limit(private_mirror, tmp_path):
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    envs = [_env(private_mirror, tmp_path / f"cache-{i}", runtime) for i in range(4)]
    run = _run_all(private_mirror, envs, _env(private_mirror, tmp_path / "cache-mcp", runtime), [])
    _assert_held(run)


def test_four_processes_and_an_mcp_server_on_a_read_only_cache_dir_share_one_limit(private_mirror, tmp_path):
    prefix = without_root_privileges()
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    cache = tmp_path / "cache"
    cache.mkdir()
    read_only(cache)
    try:
        env = _env(private_mirror, cache, runtime)
        run = _run_all(private_mirror, [env] * 4, env, prefix)
    finally:
        writable(cache)
    _assert_held(run)
    assert all("cannot be written" in e or "unusable" in e for e in run["errors"]), run["errors"]


# --- where the bucket lives, and what happens when it cannot live anywhere ----------------------------


def test_the_default_bucket_is_the_users_runtime_dir_then_tmp_never_the_cache_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("EDGAR_RATELIMIT_DIR")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    places = [p for p, _own in shared_locations()]
    assert places[0] == tmp_path / "run" / "edgar-cli"
    assert places[1].name == f"edgar-cli-{os.getuid()}"
    limiter = RateLimiter.shared(warn=lambda m: None)
    assert limiter.is_shared and limiter.location == tmp_path / "run" / "edgar-cli"


def test_with_no_usable_location_a_process_keeps_to_its_share_and_says_so(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("EDGAR_RATELIMIT_DIR", str(blocker / "ratelimit"))
    warnings: list[str] = []
    limiter = RateLimiter.shared(warn=warnings.append)
    assert not limiter.is_shared
    assert len(warnings) == 1 and f"{PRIVATE_SHARE} requests/s" in warnings[0] and "EDGAR_RATELIMIT_DIR" in warnings[0]
    stamps = []
    for _ in range(PRIVATE_SHARE + 2):
        limiter.acquire()
        stamps.append(time.monotonic())
    # A window of 1.2 s holds at most PRIVATE_SHARE grants.
    assert all(stamps[i + PRIVATE_SHARE] - stamps[i] >= 1.0 for i in range(len(stamps) - PRIVATE_SHARE))


def test_on_a_full_disk_the_limiter_falls_back_loudly_and_nothing_prints_a_traceback(mirror, tmp_path):
    # RLIMIT_FSIZE: every file write past 1 KB fails (EFBIG), as on a full disk (ENOSPC).
    import resource
    import signal

    def full_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    env = _env(mirror, tmp_path / "cache", tmp_path / "run")
    env["EDGAR_RATELIMIT_DIR"] = str(tmp_path / "ratelimit")  # a fresh bucket: it must be created on the full disk
    proc = run_edgar(NVDA_REVENUE_FY2024_ARGS, env, preexec_fn=full_disk)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception in thread" not in proc.stderr
    assert f"keeps to {PRIVATE_SHARE} requests/s" in proc.stderr

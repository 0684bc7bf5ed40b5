"""The cache under damage: a writer killed mid-entry, a read-only directory, a full disk, entries
corrupted by hand. The next run recovers (refetches, or runs without a cache with a warning) and
never returns a wrong or partial answer.

"Right" is the --json answer of `edgar concept NVDA revenue` on a clean cold cache; after each
damage the same command must print exactly that, and every entry left in the cache must verify
(tests/helpers/reliability_kit.py: raw responses equal the corpus, derived ones the fault-free run's).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import reliability_kit as K
from permissions import read_only, without_root_privileges, writable
from support import edgar_command, edgar_env

ARGS = ["concept", "NVDA", "revenue", "--json"]


def same_answer(out: str, clean_out: str) -> bool:
    """The same JSON answer, whichever source gave it (data_source says live the first time, cache after)."""

    def strip(text: str):
        data = json.loads(text)
        data.pop("data_source", None)
        return data

    return strip(out) == strip(clean_out)


# Run edgar in a child whose diskcache value-file writes stop halfway through the Nth large entry
# (diskcache writes entries over 32 KB to their own file before committing the row), say so on
# stdout, and wait there to be killed.
KILL_MID_WRITE = textwrap.dedent("""
    import sys, time
    import diskcache.core as core
    target = int(sys.argv[1])
    seen = [0]
    real_open = open

    class HalfWriter:
        def __init__(self, f):
            self.f = f
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            self.f.close()
        def write(self, data):
            self.f.write(data[: len(data) // 2])
            self.f.flush()
            sys.__stdout__.write("MID-WRITE\\n")
            sys.__stdout__.flush()
            time.sleep(120)

    def patched_open(path, mode="r", *args, **kwargs):
        f = real_open(path, mode, *args, **kwargs)
        if "x" in mode or "w" in mode:
            seen[0] += 1
            if seen[0] == target:
                return HalfWriter(f)
        return f

    core.open = patched_open
    from edgar_cli.cli.entry import main
    main(sys.argv[2:])
""")


def env_for(mirror, cache_dir: Path, config_dir: Path) -> dict:
    env = edgar_env(mirror.url, cache_dir, EDGAR_CONFIG_DIR=str(config_dir))
    env.pop("EDGAR_DEBUG", None)
    return env


def run_edgar(env: dict, prefix: list[str] | None = None, preexec=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        (prefix or []) + edgar_command() + ARGS,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=preexec,
    )


@pytest.fixture(scope="module")
def clean(mirror, tmp_path_factory):
    """The right answer, and the cache entries a clean run makes."""
    root = tmp_path_factory.mktemp("clean")
    proc = run_edgar(env_for(mirror, root / "cache", root / "config"))
    assert proc.returncode == 0, proc.stderr
    return {"out": proc.stdout, "entries": K.cache_entries(root / "cache")}


def assert_cache_is_sound(mirror, cache_dir: Path, clean) -> None:
    audit = K.audit_cache(mirror, [cache_dir], clean["entries"])
    assert audit.bad == []


def value_files(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / "http").rglob("*.val"), key=lambda p: p.stat().st_size, reverse=True)


# --- a writer killed in the middle of a large entry ------------------------------------------


@pytest.mark.parametrize("nth_write", [1, 2, 3])
def test_a_process_killed_mid_write_of_a_large_entry_leaves_nothing_partial(mirror, tmp_path, clean, nth_write):
    env = env_for(mirror, tmp_path / "cache", tmp_path / "config")
    child = subprocess.Popen(
        [sys.executable, "-c", KILL_MID_WRITE, str(nth_write)] + ARGS,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = child.stdout.readline()
        assert line.strip() == "MID-WRITE", f"the child ended before its write #{nth_write}: {line!r}"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == -signal.SIGKILL
    assert_cache_is_sound(mirror, tmp_path / "cache", clean)  # the half-written file is no entry
    rerun = run_edgar(env)
    assert rerun.returncode == 0, rerun.stderr
    assert same_answer(rerun.stdout, clean["out"])
    assert_cache_is_sound(mirror, tmp_path / "cache", clean)
    assert len(K.cache_entries(tmp_path / "cache")) == len(clean["entries"])


# --- a read-only cache, a full disk ----------------------------------------------------------------


def test_a_read_only_empty_cache_directory_runs_without_a_cache_and_says_so(mirror, tmp_path, clean):
    prefix = without_root_privileges()
    cache = tmp_path / "cache"
    cache.mkdir()
    read_only(cache)
    try:
        proc = run_edgar(env_for(mirror, cache, tmp_path / "config"), prefix)
    finally:
        writable(cache)
    assert proc.returncode == 0, proc.stderr
    assert same_answer(proc.stdout, clean["out"])
    assert "warning" in proc.stderr and "cache" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_read_only_filled_cache_still_answers_exactly(mirror, tmp_path, clean):
    prefix = without_root_privileges()
    env = env_for(mirror, tmp_path / "cache", tmp_path / "config")
    assert run_edgar(env).returncode == 0
    read_only(tmp_path / "cache")
    try:
        proc = run_edgar(env, prefix)
    finally:
        writable(tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr
    assert same_answer(proc.stdout, clean["out"])
    assert "Traceback" not in proc.stderr


def test_a_full_disk_degrades_to_no_cache_with_a_warning(mirror, tmp_path, clean):
    # RLIMIT_FSIZE makes every write past 256 KB fail with EFBIG, as a full disk fails with ENOSPC.
    import resource

    def limit_file_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))

    env = env_for(mirror, tmp_path / "cache", tmp_path / "config")
    proc = run_edgar(env, preexec=limit_file_size)
    assert proc.returncode == 0, proc.stderr
    assert same_answer(proc.stdout, clean["out"])
    assert "warning" in proc.stderr and "cache" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert_cache_is_sound(mirror, tmp_path / "cache", clean)
    again = run_edgar(env)  # space again: the cache fills and answers the same
    assert same_answer(again.stdout, clean["out"])
    assert_cache_is_sound(mirror, tmp_path / "cache", clean)


# --- entries corrupted by hand (in-process runs: each `edgar` call builds a new client) -----------------


def _corrupt(files: list[Path], how: str) -> None:
    for f in files:
        data = f.read_bytes()
        if how == "flip":
            mid = len(data) // 2
            f.write_bytes(data[:mid] + bytes(b ^ 0xFF for b in data[mid : mid + 64]) + data[mid + 64 :])
        elif how == "truncate":
            f.write_bytes(data[: len(data) // 2])
        elif how == "header":
            f.write_bytes(b"\x00garbage" + data[8:])
        elif how == "delete":
            f.unlink()


@pytest.mark.parametrize("how", ["flip", "truncate", "header", "delete"])
def test_hand_corrupted_entries_are_dropped_and_refetched(cli, mirror, clean, how):
    first = cli(*ARGS)
    assert first.rc == 0 and same_answer(first.out, clean["out"])
    cache = Path(os.environ["EDGAR_CACHE_DIR"])
    files = value_files(cache)
    assert len(files) >= 2  # the ticker files and the parsed companyfacts, at least
    _corrupt(files, how)
    second = cli(*ARGS)
    assert second.rc == 0, second.out + second.err
    assert same_answer(second.out, clean["out"])
    assert_cache_is_sound(mirror, cache, clean)
    assert same_answer(cli(*ARGS).out, clean["out"])


def test_a_cache_database_overwritten_with_garbage_means_a_warning_and_the_right_answer(cli, clean):
    assert cli(*ARGS).rc == 0
    db = Path(os.environ["EDGAR_CACHE_DIR"]) / "http" / "cache.db"
    db.write_bytes(b"this is not an SQLite database" * 100)
    result = cli(*ARGS)
    assert result.rc == 0, result.err
    assert same_answer(result.out, clean["out"])
    assert "warning" in result.err and "cache" in result.err

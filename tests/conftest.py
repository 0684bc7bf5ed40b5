"""Shared fixtures: the corpus mirror, isolated cache/config dirs, CLI runners.

Tests that need ../shared/sec-corpus use the ``mirror`` (or ``sec``) fixture:
they skip when the corpus is absent and fail when EDGAR_REQUIRE_CORPUS=1.
"today" is pinned to 2026-07-01 (after the corpus' newest filings) through
EDGAR_TODAY, so nothing here depends on the real date.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from mirror import MirrorServer, corpus_dir  # tests/helpers, on the path through pyproject's pythonpath
from support import PINNED_TODAY, TEST_UA, Result, client_over, edgar_command, run_in_process


def _corpus_or_skip() -> Path:
    path = corpus_dir()
    if (path / "MANIFEST.tsv").is_file():
        return path
    if os.environ.get("EDGAR_REQUIRE_CORPUS") == "1":
        pytest.fail(f"EDGAR_REQUIRE_CORPUS=1 but the SEC corpus is missing at {path}")
    pytest.skip(f"SEC corpus not found at {path}")


@pytest.fixture(scope="session")
def corpus() -> Path:
    return _corpus_or_skip()


@pytest.fixture(scope="session")
def mirror(corpus) -> MirrorServer:
    srv = MirrorServer(corpus).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def ratelimit_dir(tmp_path_factory) -> Path:
    """One shared rate-limit bucket for the session (not the host's: other test runs on this
    machine would otherwise share, and slow, this one's 10 requests/second)."""
    return tmp_path_factory.mktemp("ratelimit")


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch, ratelimit_dir):
    """Every test gets its own cache and config dirs, a User-Agent and a pinned date."""
    for var in (
        "EDGAR_MIRROR",
        "EDGAR_NO_CACHE",
        "EDGAR_DEBUG",
        "SEC_USER_AGENT",
        "EDGAR_INDEX_URL",
        "EDGAR_REDIS_URL",
        "EDGAR_REDIS_KEY",
        "EDGAR_REDIS_KEY_FILE",
        "EDGAR_LOG_FORMAT",
    ):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("EDGAR_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "index.sqlite"))
    monkeypatch.setenv("EDGAR_RATELIMIT_DIR", str(ratelimit_dir))
    monkeypatch.setenv("SEC_USER_AGENT", TEST_UA)
    monkeypatch.setenv("EDGAR_TODAY", PINNED_TODAY)
    monkeypatch.setenv("EDGAR_NONINTERACTIVE", "1")
    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.setenv("NO_COLOR", "1")
    from edgar_cli.sec.client import set_client
    from edgar_cli.vocabulary import set_surface

    set_client(None)
    set_surface("mcp")
    yield
    set_client(None)
    set_surface("mcp")


@pytest.fixture
def keyword_only(monkeypatch):
    """No chunk vectors and no embedder: searches of the local index are BM25 only."""
    from edgar_cli.index import embeddings as E

    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    E.set_embedder(None)
    yield
    E.set_embedder(None)


def _engine_or_skip(missing: str | None) -> None:
    """Skip with the reason a server cannot run here; fail instead under EDGAR_REQUIRE_ENGINES=1 (CI)."""
    if missing is None:
        return
    if os.environ.get("EDGAR_REQUIRE_ENGINES") == "1":
        pytest.fail(f"EDGAR_REQUIRE_ENGINES=1 but {missing}")
    pytest.skip(missing)


def _module_missing(name: str) -> str | None:
    import importlib.util

    return None if importlib.util.find_spec(name) else f"the {name} package is not installed (pip install -e '.[dev]')"


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL server for the session (tests/helpers/engines.py); tests use their own schemas."""
    from engines import PostgresServer, postgres_missing

    _engine_or_skip(postgres_missing() or _module_missing("psycopg") or _module_missing("psycopg_pool"))
    with PostgresServer() as pg:
        yield pg


@pytest.fixture(scope="session")
def redis_server():
    """A throwaway redis-server for the session (tests/helpers/engines.py); tests use their own key prefixes."""
    from engines import RedisServer, redis_missing

    _engine_or_skip(redis_missing() or _module_missing("redis"))
    with RedisServer() as server:
        yield server


@pytest.fixture
def upstream(hostile):
    """The module's HostileServer (its ``hostile`` fixture), disarmed before and after the test, retries kept short."""
    import stamina

    hostile.armed.clear()
    hostile.hits.clear()
    with stamina.set_testing(True, attempts=2):
        yield hostile
    hostile.armed.clear()


@pytest.fixture
def module_sec(module_client, isolated_env):
    """The module's one client (its companyfacts parsed once) as the process default, retries kept short; a module
    uses it as its ``sec`` with ``sec = module_sec``-style override (``def sec(module_sec): return module_sec``)."""
    import stamina

    from edgar_cli.sec.client import set_client

    stamina.set_testing(True, attempts=2)
    set_client(module_client)
    yield module_client
    stamina.set_testing(False)


@pytest.fixture
def module_cli_sec(module_sec, mirror, monkeypatch):
    """``module_sec`` for a module that also runs commands in-process: the mirror and the module client's cache
    dir in the environment, so a command's own client reads the same cache (``def sec(module_cli_sec)``)."""
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(module_sec.settings.cache_dir))
    return module_sec


@pytest.fixture
def sec(mirror, monkeypatch):
    """A fresh client pointed at the corpus mirror (installed as the process default)."""
    import stamina

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient, set_client

    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    stamina.set_testing(True, attempts=2)
    client = SecClient(Settings.from_env())
    set_client(client)
    yield client
    stamina.set_testing(False)


@pytest.fixture
def cli(sec, capsys):
    """Run the CLI in-process (fast): cli("concept", "NVDA", "revenue") -> Result."""

    def invoke(*args: str) -> Result:
        return run_in_process(list(args), capsys)

    return invoke


@pytest.fixture
def edgar(mirror, tmp_path):
    """Run the installed `edgar` as a subprocess against the mirror: edgar("concept", ...) -> Result."""

    def run(*args: str, env: dict | None = None, stdin: str | None = None, timeout: float = 60) -> Result:
        full_env = dict(os.environ)
        full_env["EDGAR_MIRROR"] = mirror.url
        full_env.update(env or {})
        full_env = {k: v for k, v in full_env.items() if v is not None}
        proc = subprocess.run(
            edgar_command() + list(args), capture_output=True, text=True, env=full_env, input=stdin, timeout=timeout
        )
        return Result(proc.returncode, proc.stdout, proc.stderr)

    return run


@pytest.fixture(scope="module")
def store_env(corpus, tmp_path_factory):
    """(mirror URL, store dir): the corpus' bulk archives (tests/helpers/bulk_kit.py, published
    ``bulk_kit.PUBLISHED``) served and synced once for the module; a module with other archives overrides it."""
    import bulk_kit

    root, cache = tmp_path_factory.mktemp("bulk-extra"), tmp_path_factory.mktemp("bulk-cache")
    with bulk_kit.synced_store(corpus, root, cache, bulk_kit.PUBLISHED) as env:
        yield env


@pytest.fixture(scope="module")
def module_client(mirror, tmp_path_factory):
    """One client per test module, over its own cache dir: companyfacts are parsed once, not once per test.

    For modules that make many lookups of the same companies; pair it with a module-level ``sec`` override.
    """
    yield from client_over(mirror.url, tmp_path_factory)

"""The internals of other libraries edgar relies on are still there.

Each test names one library and what edgar uses of it that the library does not promise to keep (a private
name, a class it subclasses, a table layout). pyproject.toml bounds each of these libraries from above; when a
bound is raised, these say at once which use broke, rather than a help screen or a timeout somewhere else.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sqlite3
import subprocess
import sys
import time


def test_typer_still_has_the_private_methods_edgar_argument_overrides():
    import click
    import typer.core
    from typer.main import get_command

    from edgar_cli.cli.app import app
    from edgar_cli.cli.support import EdgarArgument

    for name in ("_usage_display_name", "_rich_display_name"):
        assert callable(getattr(typer.core.TyperArgument, name, None)), f"typer.core.TyperArgument.{name} is gone"
    command = get_command(app).commands["concept"]
    company = next(p for p in command.params if p.name == "company")
    assert type(company) is EdgarArgument
    assert isinstance(company.display_name_raw, str) and company.type_descriptor is not None
    usage = command.collect_usage_pieces(click.Context(command, info_name="concept"))
    assert "COMPANY" in usage and "{COMPANY}" not in " ".join(usage)


def test_httpx_still_lets_the_deadline_backend_into_its_connection_pool():
    from edgar_cli.sec.transport import DeadlineBackend, deadline_transport

    transport = deadline_transport()
    try:
        assert isinstance(transport._pool._network_backend, DeadlineBackend)  # httpx's private pool attribute
    finally:
        transport.close()


def test_diskcache_still_stores_a_str_key_as_itself_in_the_table_the_cache_reads():
    import tempfile

    import diskcache.core

    from edgar_cli.sec import cache

    assert cache._MODE_PICKLE == diskcache.core.MODE_PICKLE and diskcache.core.DBNAME == "cache.db"
    with tempfile.TemporaryDirectory() as folder:
        with diskcache.Cache(folder) as store:
            store.set("key", ("record", 1))
        conn = sqlite3.connect(os.path.join(folder, diskcache.core.DBNAME))
        try:
            row = conn.execute(  # the query sec/cache.py's reader makes
                "SELECT mode, filename, value FROM Cache WHERE key = ? AND raw = 1 "
                "AND (expire_time IS NULL OR expire_time > ?)",
                ("key", time.time()),
            ).fetchone()
        finally:
            conn.close()
    assert row is not None and row[0] == diskcache.core.MODE_PICKLE


def test_pydantic_still_reads_its_plugins_through_the_loader_module_the_cli_stands_in_for():
    assert importlib.util.find_spec("pydantic.plugin._loader") is not None, "pydantic moved its plugin loader"
    probe = (
        "import sys\n"
        "from edgar_cli.cli.entry import _without_pydantic_plugins\n"
        "_without_pydantic_plugins()\n"
        "from pydantic import BaseModel\n"
        "class M(BaseModel):\n"
        "    x: int\n"
        "assert M(x='1').x == 1\n"
        "print(sys.modules['pydantic.plugin._loader'].__doc__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    proc = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "pydantic plugins disabled" in proc.stdout  # the stand-in was what pydantic used


def test_the_mcp_sdk_still_keeps_its_tools_and_lowlevel_server_where_the_server_reaches_them():
    from edgar_cli.mcp.server import build_server

    server = build_server()
    tools = server._tool_manager.list_tools()
    assert tools and server._tool_manager.get_tool("resolve_company") is not None
    assert server._tool_manager.get_tool("no_such_tool") is None
    low = server._lowlevel_server
    assert callable(low.run) and callable(low.create_initialization_options)


def test_uvicorn_still_has_the_h11_protocol_state_the_guarded_protocol_uses():
    import uvicorn.config as uc
    from uvicorn.protocols.http.h11_impl import H11Protocol

    for name in ("connection_made", "connection_lost", "on_response_complete"):
        assert callable(getattr(H11Protocol, name, None)), f"H11Protocol.{name} is gone"
    source = inspect.getsource(H11Protocol)
    for attribute in ("self.connections", "self.conn ", "self.loop", "self.transport"):
        assert attribute in source, f"H11Protocol no longer sets {attribute.strip()}"
    assert isinstance(uc.LOGGING_CONFIG.get("handlers"), dict) and isinstance(uc.LOGGING_CONFIG.get("formatters"), dict)


def test_pyrate_limiters_sqlite_bucket_still_shows_its_connection_and_lock(tmp_path):
    from pyrate_limiter import Duration, Rate, SQLiteBucket

    bucket = SQLiteBucket.init_from_file([Rate(10, Duration.SECOND)], table="t", db_path=str(tmp_path / "b.db"))
    assert isinstance(bucket.conn, sqlite3.Connection)
    with bucket.lock:
        pass
    assert callable(bucket.leak)

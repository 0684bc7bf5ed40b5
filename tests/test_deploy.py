"""Issue 21: the team packaging. deploy/compose.yaml is valid Compose (checked against the Compose
Specification's JSON schema as check-jsonschema ships it: no Docker engine needed) and runs what the
docs say; deploy/systemd's unit runs as plain processes (deploy/run_units.py) with a shared Redis and
PostgreSQL, answers /healthz and serves a tool call to a client with the bearer token only.

The unit and the compose file use the MCP server's HTTP options (--auth-token / EDGAR_MCP_TOKEN,
--stateless, --json-response, --allowed-host, /healthz); where the installed server lacks them the
tests that start it skip and say so.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support import NVDA_REVENUE_FY2024_ARGS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

TOKEN = "team-tests-token-0123456789abcdef"
REDIS_KEY = "team-tests-redis-key-0123456789abcdef"


def _serve_help() -> str:
    from support import edgar_command

    return subprocess.run(
        edgar_command() + ["serve-mcp", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    ).stdout


@pytest.fixture(scope="module")
def http_options():
    text = _serve_help()
    missing = [f for f in ("--auth-token", "--stateless", "--json-response", "--allowed-host") if f not in text]
    if missing:
        pytest.skip(f"edgar serve-mcp has no {', '.join(missing)} yet (the MCP HTTP options of branch mcp)")


def test_the_compose_file_is_valid_compose_and_wires_the_team_deployment():
    pytest.importorskip("check_jsonschema")
    path = ROOT / "deploy" / "compose.yaml"
    proc = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    mcp = spec["services"]["mcp"]
    assert mcp["deploy"]["replicas"] == 3
    assert mcp["command"][:4] == ["edgar", "serve-mcp", "--transport", "streamable-http"]
    env = mcp["environment"]
    assert env["EDGAR_REDIS_URL"].startswith("redis://:${REDIS_PASSWORD:?") and "@redis:6379/" in env["EDGAR_REDIS_URL"]
    assert env["EDGAR_INDEX_URL"].startswith("postgresql://")
    # the shared cache is signed with a key from a secret file; Redis requires a password (AUTH)
    assert env["EDGAR_REDIS_KEY_FILE"] == "/run/secrets/edgar_redis_key" and mcp["secrets"] == ["edgar_redis_key"]
    assert "EDGAR_REDIS_KEY" not in env
    redis = spec["services"]["redis"]
    assert "requirepass" in " ".join(redis["command"]) and redis["secrets"] == ["redis_password"]
    assert "REDISCLI_AUTH" in " ".join(redis["healthcheck"]["test"]) and "ports" not in redis
    assert spec["secrets"] == {
        "redis_password": {"environment": "REDIS_PASSWORD"},
        "edgar_redis_key": {"environment": "EDGAR_REDIS_KEY"},
    }
    assert "EDGAR_MCP_TOKEN" in env and env["EDGAR_LOG_FORMAT"] == "json" and int(env["EDGAR_RATE_SHARE"]) * 3 <= 10
    assert "/healthz" in " ".join(mcp["healthcheck"]["test"])
    assert {"redis", "postgres", "proxy"} <= set(spec["services"])
    assert "--maxmemory-policy volatile-lru" in " ".join(spec["services"]["redis"]["command"])


def test_the_compose_command_uses_options_the_server_has(http_options):
    spec = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    text = _serve_help()
    for flag in (a for a in spec["services"]["mcp"]["command"] if a.startswith("--")):
        assert flag in text, flag


def test_the_systemd_units_run_as_plain_processes_sharing_redis_and_postgres(
    http_options, mirror, redis_server, postgres, tmp_path
):
    import anyio
    import httpx
    import run_units
    from engines import free_port
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    env_file = tmp_path / "edgar.env"
    env_file.write_text(
        f'SEC_USER_AGENT="edgar-cli tests tests@example.com"\nEDGAR_MCP_TOKEN={TOKEN}\n'
        f"EDGAR_REDIS_URL=redis://127.0.0.1:{redis_server.port}/14\nEDGAR_REDIS_KEY={REDIS_KEY}\n"
        f"EDGAR_INDEX_URL={postgres.url}?schema=units\nEDGAR_RATE_SHARE=5\nEDGAR_LOG_FORMAT=json\n"
    )
    ports = [str(free_port()), str(free_port())]
    argv, env = run_units.unit_command(ports[0], env_file=env_file, root=tmp_path)
    assert argv[1:] == [
        "serve-mcp",
        "--transport",
        "streamable-http",
        "--host",
        "127.0.0.1",
        "--port",
        ports[0],
        "--stateless",
        "--json-response",
    ]
    assert env["EDGAR_CACHE_DIR"] == f"{tmp_path}/var/cache/edgar/{ports[0]}" and env["EDGAR_MCP_TOKEN"] == TOKEN
    # one host bucket for every replica of the host (the units' PrivateTmp would otherwise give one each)
    assert env["EDGAR_RATELIMIT_DIR"] == f"{tmp_path}/run/edgar-ratelimit"
    assert (
        run_units.unit_command(ports[1], env_file=env_file, root=tmp_path)[1]["EDGAR_RATELIMIT_DIR"]
        == env["EDGAR_RATELIMIT_DIR"]
    )
    procs = run_units.start(
        ports, env_file=env_file, root=tmp_path, extra_env={"EDGAR_MIRROR": mirror.url, "EDGAR_TODAY": "2026-07-01"}
    )
    try:
        for port, p in procs:
            run_units.wait_healthy(int(port), p)
            assert httpx.post(f"http://127.0.0.1:{port}/mcp", json={}, timeout=10).status_code == 401

        async def call(port: str):
            http = httpx.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60)
            async with http, streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    return await session.call_tool(
                        "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024}
                    )

        before = len(mirror.log)
        first = anyio.run(call, ports[0])
        fetched = len(mirror.log) - before
        second = anyio.run(call, ports[1])  # the other replica: served from the shared cache
        assert not first.is_error and first.structured_content["values"][0]["value"] == 60_922_000_000
        assert second.structured_content["values"][0]["value"] == 60_922_000_000
        assert fetched >= 2 and len(mirror.log) - before == fetched
    finally:
        run_units.stop(procs)


def test_json_logs_never_carry_the_mirrors_credentials(edgar, mirror, tmp_path):
    # httpx logs every request's full URL at INFO: with EDGAR_LOG_FORMAT=json the mirror's password went to stderr
    url = mirror.url.replace("http://", "http://edgar-team:s3cretpass@")
    r = edgar(
        *NVDA_REVENUE_FY2024_ARGS,
        env={"EDGAR_MIRROR": url, "EDGAR_LOG_FORMAT": "json", "EDGAR_CACHE_DIR": str(tmp_path / "c")},
    )
    assert r.rc == 0, r.err
    assert "s3cretpass" not in r.err and "s3cretpass" not in r.out
    assert all(json.loads(line) for line in r.err.splitlines())  # still one JSON object per line
    assert '"logger":"httpx"' not in r.err  # third-party loggers stay at WARNING, as DEPLOYMENT.md says


def test_every_log_line_redacts_url_passwords_and_secret_query_values():
    from edgar_cli.logs import JsonFormatter, redact_text

    text = (
        "GET http://u:pw1@mirror:8/x?q=climate&token=tk2 then redis://:pw3@r:6379/0 and "
        "postgresql://edgar:pw4@db/edgar?sslmode=require&password=pw5 and https://tok6@host/a?api_key=k7"
    )
    safe = redact_text(text)
    for secret in ("pw1", "tk2", "pw3", "pw4", "pw5", "tok6", "k7"):
        assert secret not in safe
    assert "q=climate" in safe and "sslmode=require" in safe and "http://u:***@mirror:8/x" in safe
    record = logging.LogRecord(
        "httpx", logging.WARNING, __file__, 1, "HTTP Request: GET %s", ("http://a:pw8@h/",), None
    )
    assert "pw8" not in JsonFormatter().format(record)


def test_a_password_holding_an_at_sign_or_given_as_a_keyword_is_redacted_in_log_lines():
    from edgar_cli.logs import redact_text

    assert redact_text("GET http://u:p@ss@h/x failed") == "GET http://u:***@h/x failed"
    assert (
        redact_text("redis://:a@b@c@cache:6379/0 and jane@example.com")
        == "redis://:***@cache:6379/0 and jane@example.com"
    )
    safe = redact_text("connecting: host=db port=5432 user=edgar password=KwPw1 sslpassword='two words' dbname=e")
    assert "KwPw1" not in safe and "two words" not in safe and "words" not in safe
    assert "host=db port=5432 user=edgar" in safe and "dbname=e" in safe


def _through_redact_filter(logger_name: str, msg: str, *args) -> str:
    """What a plain log handler with edgar's RedactFilter writes for ``logger.warning(msg, *args)``."""
    import io

    from edgar_cli.logs import RedactFilter

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactFilter())
    logger = logging.getLogger(logger_name)
    logger.addHandler(handler)
    try:
        logger.warning(msg, *args)
    finally:
        logger.removeHandler(handler)
    return stream.getvalue()


def test_plain_server_logs_show_control_characters_from_a_client_instead_of_obeying_them():
    shown = _through_redact_filter(
        "edgar-tests-escapes", "Failed to validate request: %s", "x\x1b]0;title\x07\u009b2J\u202e"
    )
    assert not any(ch in shown for ch in "\x1b\x07\u009b\u202e") and "␛]0;title␇" in shown


def test_the_systemd_unit_allows_more_open_files_than_the_servers_connection_cap():
    from edgar_cli.mcp.http import MAX_CONNECTIONS

    unit = (ROOT / "deploy" / "systemd" / "edgar-mcp@.service").read_text(encoding="utf-8")
    limits = [int(line.split("=", 1)[1]) for line in unit.splitlines() if line.startswith("LimitNOFILE=")]
    assert limits and limits[0] > MAX_CONNECTIONS + 100


def test_plain_server_logs_redact_url_passwords_too():
    shown = _through_redact_filter(
        "edgar-tests-redaction", "cannot reach %s after %d tries", "redis://:pw9@cache:6379/0", 3
    )
    assert shown == "cannot reach redis://:***@cache:6379/0 after 3 tries\n"

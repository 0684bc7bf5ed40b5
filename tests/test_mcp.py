"""`edgar serve-mcp` with the official Python MCP client, against the corpus mirror.

One stdio server process answers every call of the module's main run (started once, on a
mirror of its own so that a few SEC answers can be scripted): every case of mcp_cases.py,
20 concurrent calls, a call whose companyfacts fetch is retried (progress notifications) and
a call cancelled while it retries (it must stop fetching). Parity: a tool's structured
result equals the CLI's --json output for the same request. HTTP: hosts, origins, bearer
authentication, /healthz, stateless JSON responses and a port in use, on loopback.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import time

import anyio
import httpx
import pytest
from mcp_cases import BY_LABEL, CASES, expected_codes
from mirror import MirrorServer
from servers import http_mcp_server, server_env, stdio_mcp_server
from support import TEST_UA, edgar_command

from edgar_cli.capabilities.registry import mcp_tools

MCP_TOOLS = len(mcp_tools())  # the tools the server offers, as the capabilities declare them

# (label in mcp_cases, the equivalent CLI argv)
PARITY = {
    "resolve": ["resolve", "Apple"],
    "concept": ["concept", "NVDA", "revenue", "--fy", "2024"],
    "filings": ["filings", "TSLA", "--form", "10-K", "--limit", "5"],
    "compare": ["compare", "revenue", "NVDA", "AAPL", "--fy", "2024"],
    "compare_latest": ["compare", "revenue", "NVDA", "AAPL", "--latest"],
    "section": ["section", "NVDA", "risk_factors", "--fy", "2025", "--max-chars", "3000"],
    "search": ["search", "climate change", "--forms", "8-K"],
    "verify": ["verify", "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "--company", "NVDA"],
}
TSM_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001046179.json"  # retried once: progress
LPA_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001997711.json"  # retried until cancelled
BUSY = (503, {"Retry-After": "0.4", "Content-Type": "text/plain"}, b"busy")


async def _session_run(env: dict, work, args: list[str] | None = None):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cmd = edgar_command()
    params = StdioServerParameters(command=cmd[0], args=cmd[1:] + ["serve-mcp", *(args or [])], env=env)
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await work(session)


@pytest.fixture(scope="module")
def own_mirror(corpus):
    with MirrorServer(corpus) as m:
        yield m


@pytest.fixture(scope="module")
def mcp_run(own_mirror, tmp_path_factory):
    cache = tmp_path_factory.mktemp("mcp-cache")
    env = server_env(own_mirror.url, cache)
    own_mirror.script(TSM_FACTS, BUSY)
    own_mirror.script(LPA_FACTS, *[BUSY] * 8)

    async def work(session):
        listed = await session.list_tools()
        answers = {label: await session.call_tool(tool, args) for label, tool, args, _ in CASES}
        # 20 concurrent calls on one client, one cache and one rate limit.
        results = [None] * 20

        async def one(i):
            company = ["NVDA", "AAPL", "TSLA", "SNOW"][i % 4]
            results[i] = await session.call_tool("get_financial_concept", {"company": company, "concept": "net_income"})

        async with anyio.create_task_group() as tg:
            for i in range(20):
                tg.start_soon(one, i)
        answers["concurrent"] = results
        # A cold companyfacts fetch that the SEC answers 503 once: progress while it waits and retries.
        progress: list[tuple[float, str]] = []

        async def on_progress(value, total, message):
            progress.append((value, message or ""))

        answers["retried"] = await session.call_tool(
            "get_financial_concept", {"company": "TSM", "concept": "revenue"}, progress_callback=on_progress
        )
        answers["progress"] = progress
        # A call cancelled (read timeout: the client sends notifications/cancelled) while its fetch is retried.
        before = own_mirror.requests_to(LPA_FACTS)
        try:
            await session.call_tool(
                "get_financial_concept", {"company": "LPA", "concept": "revenue"}, read_timeout_seconds=0.2
            )
        except Exception as exc:  # noqa: BLE001 - the timeout is the point
            answers["cancel_error"] = type(exc).__name__
        await anyio.sleep(2.0)  # four tries 0.4 s apart would all have happened by now
        answers["cancelled_requests"] = own_mirror.requests_to(LPA_FACTS) - before
        answers["after_cancel"] = await session.call_tool("resolve_company", {"query": "NVDA"})
        return listed, answers

    listed, answers = anyio.run(_session_run, env, work)
    return {"tools": listed.tools, "answers": answers, "env": env}


def test_every_tool_has_a_short_description_strict_schemas_and_annotations(mcp_run):
    for t in mcp_run["tools"]:
        assert t.annotations.read_only_hint is (t.name != "index_add")
        assert 200 < len(t.description) <= 2000, (t.name, len(t.description))
        assert t.output_schema and t.input_schema.get("additionalProperties") is False
        assert "client" not in t.input_schema["properties"] and "ctx" not in t.input_schema["properties"]
        for name, prop in t.input_schema["properties"].items():
            assert prop.get("description"), f"{t.name}.{name} has no description"


def test_tool_names_and_input_schemas_snapshot(mcp_run, snapshot):
    schemas = {t.name: t.input_schema for t in sorted(mcp_run["tools"], key=lambda t: t.name)}
    assert schemas == snapshot


@pytest.mark.parametrize("label", [c[0] for c in CASES])
def test_every_case_gets_a_readable_result_over_stdio(mcp_run, label):
    expected = BY_LABEL[label][3]
    result = mcp_run["answers"][label]
    body = json.loads(result.content[0].text)
    if expected == "ok":
        assert not result.is_error and body == result.structured_content
    else:
        assert result.is_error and result.structured_content is None
        assert body["error"]["code"] in expected_codes(expected)


@pytest.mark.parametrize("label", sorted(PARITY))
def test_structured_results_equal_the_cli_json(mcp_run, label, edgar):
    result = mcp_run["answers"][label]
    assert not result.is_error, result.content
    cli = edgar(
        *PARITY[label],
        "--json",
        env={"EDGAR_CACHE_DIR": mcp_run["env"]["EDGAR_CACHE_DIR"], "EDGAR_MIRROR": mcp_run["env"]["EDGAR_MIRROR"]},
    )
    assert cli.rc == (17 if label.startswith("compare") else 0), cli.err  # 17: NVIDIA and Apple are not comparable
    # The MCP call fetched from the SEC (data_source live); the CLI run after it reads the same cache (cache).
    assert _without_source(result.structured_content) == _without_source(in_mcp_words(json.loads(cli.out)))


def _without_source(obj):
    if isinstance(obj, dict):
        return {k: _without_source(v) for k, v in obj.items() if k != "data_source"}
    if isinstance(obj, list):
        return [_without_source(v) for v in obj]
    return obj


def in_mcp_words(value):
    """The CLI's JSON with its flags and commands spelled as MCP spells them (edgar_cli.vocabulary): the one
    way the two surfaces' results may differ."""
    import re

    from edgar_cli.vocabulary import PARAM_FLAGS, TOOL_COMMANDS

    names = {}
    for name, flag in PARAM_FLAGS.items():
        if flag.startswith("--"):
            names.setdefault(flag, name)
    for name, command in TOOL_COMMANDS.items():  # one command may serve two tools: the first listed is its own
        names.setdefault(command, name)
    pattern = re.compile("|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)) + r"(?![\w-])")
    if isinstance(value, str):
        return pattern.sub(lambda m: names[m.group(0)], value)
    if isinstance(value, list):
        return [in_mcp_words(v) for v in value]
    if isinstance(value, dict):
        return {k: in_mcp_words(v) for k, v in value.items()}
    return value


def test_a_concept_result_carries_provenance(mcp_run):
    data = mcp_run["answers"]["concept"].structured_content
    v = data["values"][0]
    assert (v["value"], v["accession_number"], v["start"], v["end"]) == (
        60922000000,
        "0001045810-24-000029",
        "2023-01-30",
        "2024-01-28",
    )


def test_twenty_concurrent_calls_all_answer(mcp_run):
    results = mcp_run["answers"]["concurrent"]
    assert len(results) == 20 and all(r is not None and not r.is_error for r in results)
    assert len({r.structured_content["company"]["name"] for r in results}) == 4


def test_a_retried_cold_fetch_reports_progress_and_then_answers(mcp_run):
    result = mcp_run["answers"]["retried"]
    assert not result.is_error and result.structured_content["company"]["cik"] == "0001046179"
    messages = [m for _, m in mcp_run["answers"]["progress"]]
    assert any("companyfacts/CIK0001046179.json" in m and m.startswith("fetching") for m in messages), messages
    assert any("retrying in" in m and "HTTP 503" in m for m in messages), messages
    values = [v for v, _ in mcp_run["answers"]["progress"]]
    assert values == sorted(values) and len(set(values)) == len(values)  # progress only increases


def test_a_cancelled_call_stops_fetching_and_the_server_goes_on(mcp_run):
    answers = mcp_run["answers"]
    assert answers.get("cancel_error")  # the client gave up after 0.2 s
    # the first try was answered 503; the checkpoint before the second try saw the cancellation
    assert answers["cancelled_requests"] == 1
    assert not answers["after_cancel"].is_error


def test_without_a_user_agent_every_tool_says_how_to_set_it(mirror, tmp_path):
    env = server_env(mirror.url, tmp_path / "c", {"SEC_USER_AGENT": None, "EDGAR_CONFIG_DIR": str(tmp_path / "cfg")})

    async def work(session):
        return await session.call_tool("get_financial_concept", {"company": "NVDA", "concept": "revenue"})

    result = anyio.run(_session_run, env, work)
    assert result.is_error and result.structured_content is None
    err = json.loads(result.content[0].text)["error"]
    assert err["code"] == "user_agent_required" and "env" in err["suggestion"]


# --- streamable HTTP ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def http_server(mirror, tmp_path_factory):
    """One HTTP server for the module: bearer token, an allowed proxy host and origin, stateless JSON."""
    token = "t0ken-for-the-tests-0123456789"
    env = server_env(mirror.url, tmp_path_factory.mktemp("http-cache"), {"EDGAR_MCP_TOKEN": token})
    options = ["--allowed-host", "edgar.example.com", "--allowed-origin", "https://app.example.com"]
    with http_mcp_server(env, *options, "--stateless", "--json-response") as (url, port):
        yield {"url": url, "token": token, "port": port}


INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def test_http_health_check_needs_no_token_and_says_what_runs_only_to_the_token(http_server):
    assert httpx.get(http_server["url"] + "/healthz").json() == {"status": "ok"}  # nothing for a stranger
    wrong = httpx.get(http_server["url"] + "/healthz", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 200 and wrong.json() == {"status": "ok"}
    health = httpx.get(
        http_server["url"] + "/healthz", headers={"Authorization": f"Bearer {http_server['token']}"}
    ).json()
    assert health["status"] == "ok" and health["auth"] == "bearer" and health["stateless"] is True
    assert health["tools"] == MCP_TOOLS


def test_http_without_or_with_a_wrong_token_is_401(http_server):
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic " + http_server["token"]}):
        r = httpx.post(http_server["url"] + "/mcp", json=INIT, headers={**ACCEPT, **headers})
        assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer")
        assert r.json()["error"]["code"] == "unauthorized"


def test_http_host_and_origin_checks_allow_the_proxy_and_refuse_others(http_server):
    auth = {**ACCEPT, "Authorization": f"Bearer {http_server['token']}"}
    url = http_server["url"] + "/mcp"
    assert httpx.post(url, json=INIT, headers={**auth, "Host": "edgar.example.com"}).status_code == 200
    assert httpx.post(url, json=INIT, headers={**auth, "Host": "evil.example.net"}).status_code == 421
    ok = httpx.post(url, json=INIT, headers={**auth, "Origin": "https://app.example.com"})
    assert ok.status_code == 200 and ok.headers["content-type"].startswith("application/json")  # --json-response
    assert httpx.post(url, json=INIT, headers={**auth, "Origin": "https://evil.example.net"}).status_code == 403


def test_a_refused_host_or_origin_says_in_json_which_flag_allows_it(http_server):
    # the SDK answered "Invalid Host header" as text/plain: a client reaching a 0.0.0.0 bind by the
    # machine's address could not tell what the operator has to add
    url = http_server["url"] + "/mcp"
    host = httpx.post(url, json=INIT, headers={**ACCEPT, "Host": "192.0.2.7:8000"})
    assert host.status_code == 421 and host.json()["error"]["code"] == "host_not_allowed"
    assert "--allowed-host 192.0.2.7" in host.json()["error"]["suggestion"]
    origin = httpx.post(url, json=INIT, headers={**ACCEPT, "Origin": "https://evil.example.net"})
    assert origin.status_code == 403 and origin.json()["error"]["code"] == "origin_not_allowed"
    assert "--allowed-origin https://evil.example.net" in origin.json()["error"]["suggestion"]


def test_http_stateless_server_answers_tool_calls_with_the_python_client(http_server):
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async def go():
        http = httpx.AsyncClient(headers={"Authorization": f"Bearer {http_server['token']}"})
        async with http, streamable_http_client(http_server["url"] + "/mcp", http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                return (
                    await session.call_tool("resolve_company", {"query": "NVDA"}),
                    await session.call_tool("resolve_company", {"query": "American"}),
                )

    ok, ambiguous = anyio.run(go)
    assert not ok.is_error and ok.structured_content["cik"] == "0001045810"
    assert ambiguous.is_error and json.loads(ambiguous.content[0].text)["error"]["code"] == "ambiguous"


def _raw_call(http: httpx.Client, url: str, headers: dict, call_id: int, meta: dict | None = None):
    params: dict = {"name": "resolve_company", "arguments": {"query": "NVDA"}}
    if meta is not None:
        params["_meta"] = meta
    return http.post(
        url, headers=headers, json={"jsonrpc": "2.0", "id": call_id, "method": "tools/call", "params": params}
    )


def test_a_stateful_http_server_answers_calls_without_a_progress_token_in_json_and_sends_progress_to_the_others(
    corpus, tmp_path
):
    # an event stream costs the server several tasks per call; a call without a progress token has no
    # notification to carry, so it is answered as one JSON body, and a call with one still gets its progress
    with MirrorServer(corpus) as own:
        own.script(TSM_FACTS, BUSY)  # a cold fetch retried once: progress while it waits
        env = server_env(own.url, tmp_path / "cache")
        with http_mcp_server(env) as (url, _port), httpx.Client(timeout=30) as http:
            r = http.post(url + "/mcp", headers={**ACCEPT, "mcp-protocol-version": "2025-06-18"}, json=INIT)
            headers = {**ACCEPT, "mcp-protocol-version": "2025-06-18", "mcp-session-id": r.headers["mcp-session-id"]}
            http.post(url + "/mcp", headers=headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
            plain = _raw_call(http, url + "/mcp", headers, 2)
            assert plain.headers["content-type"].startswith("application/json")
            assert plain.json()["result"]["structuredContent"]["cik"] == "0001045810"
            tokened = _raw_call(http, url + "/mcp", headers, 3, {"progressToken": "p3"})
            assert tokened.headers["content-type"].startswith("text/event-stream")
            events = [json.loads(line[5:]) for line in tokened.text.splitlines() if line.startswith("data:")]
            assert events[-1]["id"] == 3 and events[-1]["result"]["structuredContent"]["cik"] == "0001045810"

            from mcp import ClientSession
            from mcp.client.streamable_http import streamable_http_client

            async def go():
                progress: list[str] = []

                async def on_progress(value, total, message):
                    progress.append(message or "")

                async with streamable_http_client(url + "/mcp") as streams:
                    async with ClientSession(streams[0], streams[1]) as session:
                        await session.initialize()
                        plain = await session.call_tool("resolve_company", {"query": "NVDA"})
                        retried = await session.call_tool(
                            "get_financial_concept",
                            {"company": "TSM", "concept": "revenue"},
                            progress_callback=on_progress,
                        )
                return plain, retried, progress

            plain, retried, progress = anyio.run(go)
    assert not plain.is_error and plain.structured_content["cik"] == "0001045810"
    assert not retried.is_error and retried.structured_content["company"]["cik"] == "0001046179"
    assert any("retrying in" in m and "HTTP 503" in m for m in progress), progress


def test_http_refuses_a_public_bind_without_a_token_and_a_port_in_use_has_its_own_exit(edgar, http_server):
    env = {"EDGAR_MCP_TOKEN": None}
    public = edgar("serve-mcp", "--transport", "streamable-http", "--host", "0.0.0.0", "--port", "1", env=env)
    assert public.rc == 2 and "without authentication" in public.err and "--auth-token" in public.err
    busy = edgar("serve-mcp", "--transport", "streamable-http", "--port", str(http_server["port"]), env=env)
    assert busy.rc == 15 and "address_unavailable" in busy.err and "--port" in busy.err
    # neither said "edgar: serving MCP over streamable HTTP at ..." before its refusal
    assert "serving MCP" not in public.err and "serving MCP" not in busy.err
    short = edgar("serve-mcp", "--transport", "streamable-http", "--auth-token", "short", env=env)
    assert short.rc == 2 and "16 characters" in short.err


@pytest.fixture(scope="module")
def guarded_server(mirror, tmp_path_factory):
    """A server with a small connection cap and a short header timeout, for the slow-client tests."""
    token = "t0ken-for-the-tests-0123456789"
    env = server_env(mirror.url, tmp_path_factory.mktemp("guarded-cache"), {"EDGAR_MCP_TOKEN": token})
    options = ["--max-connections", "8", "--header-timeout", "1"]
    with http_mcp_server(env, "--stateless", "--json-response", *options) as (url, port):
        yield {"url": url, "token": token, "port": port}


def _partial_request(port: int) -> socket.socket:
    """A connection that sends the start of a request's headers and never finishes them (slowloris)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
    return s


def _until_closed(sock: socket.socket, end: float) -> bytes | None:
    """What the server sends before closing ``sock``; None if it still holds it open at ``end`` (monotonic)."""
    got = b""
    while time.monotonic() < end:
        ready, _, _ = select.select([sock], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            break
        try:
            data = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            return got
        if not data:
            return got
        got += data
    return None


def test_connections_that_never_finish_their_headers_are_capped_and_closed(guarded_server):
    # uvicorn never timed out partial headers and the token is checked only after them: tokenless clients
    # could hold every file descriptor of the server
    port = guarded_server["port"]
    slow = [_partial_request(port) for _ in range(6)]
    assert httpx.get(guarded_server["url"] + "/healthz").status_code == 200  # a real client under the cap
    slow += [_partial_request(port) for _ in range(8)]  # past the cap of 8
    try:
        end = time.monotonic() + 20  # the server's header timeout is 1 s
        endings = [_until_closed(s, end) for s in slow]
        assert all(e is not None for e in endings), "a connection without complete headers was held open"
        assert sum(e.startswith(b"HTTP/1.1 503") for e in endings) >= 6  # those past the cap, refused at once
        assert httpx.get(guarded_server["url"] + "/healthz").json() == {"status": "ok"}
    finally:
        for s in slow:
            s.close()


def test_healthz_with_a_body_is_answered_and_closed_not_held_open(guarded_server):
    # /healthz needs no token: 25 such connections declaring a gigabyte body, a byte sent after the 200, held
    # 20 of 25 file descriptors open and a real client got 503
    port = guarded_server["port"]
    held = []
    try:
        endings = []
        for _ in range(10):  # past the cap of 8: each is closed after its answer, so none counts against it
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n\r\nx")
            held.append(s)
            # one at a time: a busy machine may not have closed the last before the next arrives (the cap is
            # not what this tests); the server's header timeout is 1 s, so 20 s is plenty
            endings.append(_until_closed(s, time.monotonic() + 20))
        assert all(e is not None for e in endings), "a /healthz connection was held open"
        assert all(e.startswith(b"HTTP/1.1 200") and b"connection: close" in e.lower() for e in endings)
        assert httpx.get(guarded_server["url"] + "/healthz").json() == {"status": "ok"}
    finally:
        for s in held:
            s.close()


# The start of a JSON POST to /mcp as a client writes it, up to the headers that differ.
MCP_POST_HEAD = (
    b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Accept: application/json, text/event-stream\r\n"
)


def test_a_request_whose_body_stalls_is_closed_after_the_header_timeout(guarded_server):
    # with the token, a request declaring 1,000 bytes of body and sending 10 held its connection forever (the
    # header timer stops once the headers are in)
    s = socket.create_connection(("127.0.0.1", guarded_server["port"]), timeout=10)
    try:
        token = b"Authorization: Bearer " + guarded_server["token"].encode()
        s.sendall(MCP_POST_HEAD + token + b'\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"')
        assert _until_closed(s, time.monotonic() + 20) is not None, "a stalled body held its connection open"
    finally:
        s.close()


def test_a_large_body_without_a_token_is_refused_before_it_is_read(guarded_server):
    s = socket.create_connection(("127.0.0.1", guarded_server["port"]), timeout=10)
    try:
        s.sendall(MCP_POST_HEAD + b"Content-Length: 1073741824\r\n\r\n")
        ready, _, _ = select.select([s], [], [], 20)
        assert ready and s.recv(65536).startswith(b"HTTP/1.1 401")  # answered before any of the body
        sent, chunk = 0, b"x" * 65536
        with pytest.raises(OSError):  # the server closed the connection instead of reading the gigabyte
            while sent < 64 * 1024 * 1024:
                s.sendall(chunk)
                sent += len(chunk)
    finally:
        s.close()


def test_an_authenticated_body_over_the_cap_is_413_without_being_read(guarded_server):
    r = httpx.post(
        guarded_server["url"] + "/mcp",
        content=b"x" * (5 * 1024 * 1024),
        headers={**ACCEPT, "Authorization": f"Bearer {guarded_server['token']}"},
    )
    assert r.status_code == 413 and r.json()["error"]["code"] == "request_too_large"


def test_the_documented_claude_mcp_add_line_starts_a_server(tmp_path):
    """README: `claude mcp add edgar --env SEC_USER_AGENT=... -- /abs/path/to/edgar serve-mcp`; the part after
    `--` is what Claude Code runs: it must answer initialize on stdio with nothing but JSON-RPC on stdout."""
    exe = edgar_command()
    assert os.path.isabs(exe[0])
    init = json.dumps({**INIT, "params": {**INIT["params"], "protocolVersion": "2025-06-18"}}) + "\n"
    proc = subprocess.run(
        [*exe, "serve-mcp"],
        input=init,
        capture_output=True,
        text=True,
        timeout=60,
        env={
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "SEC_USER_AGENT": TEST_UA,
            "EDGAR_CACHE_DIR": str(tmp_path / "c"),
            "EDGAR_CONFIG_DIR": str(tmp_path / "cfg"),
        },
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert lines and lines[0]["id"] == 1 and lines[0]["result"]["serverInfo"]["name"] == "edgar"
    assert sys.executable  # the venv's edgar ran without the venv on PATH


def test_a_lone_surrogate_or_a_broken_line_on_stdio_is_answered_with_a_json_rpc_error(tmp_path):
    """`{"query": "\\ud800"}` is JSON no strict parser accepts: the server answered nothing, and the client waited
    for its own timeout. Each bad line gets an error (with the request's id when it can be read); the server
    goes on answering."""
    call = (
        '{"jsonrpc":"2.0","id":2,"method":"tools/call",'
        '"params":{"name":"search_filings","arguments":{"query":"\\ud800"}}}'
    )
    lines = [
        json.dumps(INIT),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        call,
        '{"jsonrpc": "2.0", "id": 3, "method": ',
        json.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list"}),
    ]
    proc = stdio_mcp_server(server_env("http://127.0.0.1:9", tmp_path))
    try:
        proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.flush()
        answers = []
        while not any(a.get("id") == 4 for a in answers):  # the last request's answer: the others came before it
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            line = proc.stdout.readline() if ready else ""
            assert line, f"no answer to every line; got {answers}"
            answers.append(json.loads(line))
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0 and "Traceback" not in proc.stderr.read()
    finally:
        proc.kill() if proc.poll() is None else None
    by_id = {a.get("id"): a for a in answers}
    assert by_id[2]["error"]["code"] in (-32700, -32600, -32602) and "surrogate" in by_id[2]["error"]["message"]
    assert by_id[None]["error"]["code"] == -32700  # the cut-off line: its id cannot be read
    assert len(by_id[4]["result"]["tools"]) == MCP_TOOLS


def test_a_too_deep_or_too_long_line_on_stdio_is_a_parse_error_and_the_server_goes_on(tmp_path):
    """A short line nesting 1,500 arrays made the lenient parser raise RecursionError (only ValueError was
    caught) and a line over the 64 MiB limit made readline raise: either killed the server with a traceback.
    Each is answered -32700 and the next request is served (the long line's tail is not read as a message)."""
    from edgar_cli.mcp.stdio import MAX_LINE

    deep_call = (
        '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_filings",'
        '"arguments":{"query":' + "[" * 1500 + "]" * 1500 + "}}}"
    )
    proc = stdio_mcp_server(server_env("http://127.0.0.1:9", tmp_path), text=False)
    try:
        head = [
            json.dumps(INIT),
            json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            "[" * 1500 + "]" * 1500,
            deep_call,
        ]
        proc.stdin.write(("\n".join(head) + "\n").encode())
        proc.stdin.write(b'{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"x":"' + b"y" * (MAX_LINE + 10))
        proc.stdin.write(b'"}}\n' + json.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list"}).encode() + b"\n")
        proc.stdin.flush()
        answers = []
        while not any(a.get("id") == 4 for a in answers):
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            line = proc.stdout.readline() if ready else b""
            assert line, f"no answer to every line; got {answers}; stderr: {proc.stderr.read1(4000)!r}"
            answers.append(json.loads(line))
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0 and b"Traceback" not in proc.stderr.read()
    finally:
        proc.kill() if proc.poll() is None else None
    errors = [a for a in answers if "error" in a]
    assert [a["error"]["code"] for a in errors] == [-32700, -32700, -32700]
    assert [a["id"] for a in errors] == [None, None, None]  # no id can be read from any of them
    assert "nested" in errors[0]["error"]["message"] and "nested" in errors[1]["error"]["message"]
    assert "long" in errors[2]["error"]["message"]
    assert len(answers[-1]["result"]["tools"]) == MCP_TOOLS and len(answers) == 5  # initialize, 3 errors, tools/list


def test_the_gate_answers_a_tokenless_tool_call_in_json_and_never_passes_on_a_request_whose_client_left():
    from edgar_cli.mcp import http as H

    assert H.answer_in_json(b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}')
    assert not H.answer_in_json(
        b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":0}}}'
    )
    assert not H.answer_in_json(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}')
    assert not H.answer_in_json(b"not json") and not H.answer_in_json(b"[1, 2]")

    seen: list = []

    async def app(scope, receive, send):
        seen.append((H.JSON_ANSWER.get(), await receive()))

    gate = H.Gate(app, None, {}, per_request_json=True)
    scope = {"type": "http", "method": "POST", "path": "/mcp", "headers": [(b"content-length", b"64")]}

    async def run(messages):
        async def receive():
            return messages.pop(0)

        async def send(_message):
            raise AssertionError("nothing is sent")

        await gate(scope, receive, send)

    call = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}'
    anyio.run(run, [{"type": "http.request", "body": call[:20], "more_body": True}, {"type": "http.disconnect"}])
    assert seen == []  # the client left part-way through its body: no request reaches the server
    anyio.run(
        run,
        [{"type": "http.request", "body": call[:20], "more_body": True}, {"type": "http.request", "body": call[20:]}],
    )
    assert seen == [(True, {"type": "http.request", "body": call, "more_body": False})]
    assert H.JSON_ANSWER.get() is None  # set for that request only

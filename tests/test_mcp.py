"""`edgar serve-mcp` over stdio with the official MCP client, against the corpus mirror.

One server process answers every call of this module (started once); the tests
then check the recorded answers. Parity: a tool's structured result equals the
CLI's --json output for the same request.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time

import anyio
import pytest

from conftest import PINNED_TODAY, TEST_UA, edgar_command

# (label, tool, arguments, equivalent CLI argv or None)
CALLS = [
    ("resolve", "resolve_company", {"query": "Apple"}, ["resolve", "Apple"]),
    ("concept", "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024},
     ["concept", "NVDA", "revenue", "--fy", "2024"]),
    ("eps", "get_financial_concept", {"company": "NVDA", "concept": "eps_diluted", "fiscal_year": 2024, "limit": 3},
     ["concept", "NVDA", "eps_diluted", "--fy", "2024", "--limit", "3"]),
    ("filings", "list_filings", {"company": "TSLA", "forms": ["10-K"], "limit": 5},
     ["filings", "TSLA", "--form", "10-K", "--limit", "5"]),
    ("compare", "compare_companies", {"concept": "revenue", "companies": ["NVDA", "AAPL"], "fiscal_year": 2024},
     ["compare", "revenue", "NVDA", "AAPL", "--fy", "2024"]),
    ("section", "get_filing_section", {"company": "NVDA", "section": "risk_factors", "fiscal_year": 2025, "max_chars": 3000},
     ["section", "NVDA", "risk_factors", "--fy", "2025", "--max-chars", "3000"]),
    ("search", "search_full_text", {"query": "climate change", "forms": ["8-K"]},
     ["search", "climate change", "--forms", "8-K"]),
    ("verify", "verify_answer", {"answer": "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "company": "NVDA"},
     ["verify", "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "--company", "NVDA"]),
    ("ambiguous", "resolve_company", {"query": "American"}, None),
    ("unknown_concept", "get_financial_concept", {"company": "NVDA", "concept": "revnue"}, None),
    ("bad_type", "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": "last year"}, None),
    ("future", "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": 2031}, None),
    ("bad_accession", "get_filing_section", {"company": "NVDA", "section": "mda", "accession_number": "../../etc/passwd"}, None),
    ("pre_2001", "search_full_text", {"query": "going concern", "filed_from": "1999-01-01"}, None),
    ("local_file", "get_filing_section", {"section": "mda", "file": "/etc/passwd"}, None),
    ("unknown_tool", "get_stock_price", {"ticker": "NVDA"}, None),
    ("find_unindexed", "search_documents", {"query": "export controls", "company": "NVDA"}, None),
    ("read_bad_id", "read_document", {"doc_id": "../../etc/passwd"}, None),
]


def server_env(mirror_url: str, cache_dir, extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env.update(EDGAR_MIRROR=mirror_url, SEC_USER_AGENT=TEST_UA, EDGAR_CACHE_DIR=str(cache_dir),
               EDGAR_TODAY=PINNED_TODAY, EDGAR_NONINTERACTIVE="1", EDGAR_INDEX=str(cache_dir / "index.sqlite"),
               EDGAR_SEMANTIC="0")
    for k, v in (extra or {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


async def _session_run(env: dict, work):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    cmd = edgar_command()
    params = StdioServerParameters(command=cmd[0], args=cmd[1:] + ["serve-mcp"], env=env)
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await work(session)


@pytest.fixture(scope="module")
def mcp_run(mirror, tmp_path_factory):
    cache = tmp_path_factory.mktemp("mcp-cache")
    env = server_env(mirror.url, cache)

    async def work(session):
        listed = await session.list_tools()
        answers = {}
        for label, tool, args, _cli in CALLS:
            answers[label] = await session.call_tool(tool, args)
        # 20 concurrent calls on one client, one cache and one rate limit.
        started = time.perf_counter()
        results = [None] * 20

        async def one(i):
            company = ["NVDA", "AAPL", "TSLA", "SNOW"][i % 4]
            results[i] = await session.call_tool("get_financial_concept", {"company": company, "concept": "net_income"})

        async with anyio.create_task_group() as tg:
            for i in range(20):
                tg.start_soon(one, i)
        answers["concurrent"] = results
        answers["concurrent_seconds"] = time.perf_counter() - started
        return listed, answers

    listed, answers = anyio.run(_session_run, env, work)
    return {"tools": listed.tools, "answers": answers, "env": env}


def test_the_tools_are_exactly_the_capabilities(mcp_run):
    from edgar_cli.mcp_server import CAPABILITIES

    assert {t.name for t in mcp_run["tools"]} == {fn.__name__ for fn in CAPABILITIES}


def test_every_tool_is_read_only_open_world_with_a_short_description_and_schemas(mcp_run):
    for t in mcp_run["tools"]:
        assert t.annotations.read_only_hint is True and t.annotations.open_world_hint is True
        assert 200 < len(t.description) <= 2000, (t.name, len(t.description))
        assert t.output_schema and t.input_schema["properties"]
        assert "client" not in t.input_schema["properties"]
        for name, prop in t.input_schema["properties"].items():
            assert prop.get("description"), f"{t.name}.{name} has no description"


def test_tool_names_and_input_schemas_snapshot(mcp_run, snapshot):
    schemas = {t.name: t.input_schema for t in sorted(mcp_run["tools"], key=lambda t: t.name)}
    assert schemas == snapshot


@pytest.mark.parametrize("label", [c[0] for c in CALLS if c[3] is not None])
def test_structured_results_equal_the_cli_json(mcp_run, label, edgar):
    call = next(c for c in CALLS if c[0] == label)
    result = mcp_run["answers"][label]
    assert not result.is_error, result.content
    cli = edgar(*call[3], "--json", env={"EDGAR_CACHE_DIR": mcp_run["env"]["EDGAR_CACHE_DIR"]})
    assert cli.rc == 0, cli.err
    # The MCP call fetched from the SEC (data_source live); the CLI run after it reads the same cache (cache).
    assert _without_source(result.structured_content) == _without_source(in_mcp_words(json.loads(cli.out)))
    assert "live" not in json.dumps(_sources(json.loads(cli.out)))


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


def _without_source(obj):
    if isinstance(obj, dict):
        return {k: _without_source(v) for k, v in obj.items() if k != "data_source"}
    if isinstance(obj, list):
        return [_without_source(v) for v in obj]
    return obj


def _sources(obj) -> list:
    if isinstance(obj, dict):
        return ([obj["data_source"]] if obj.get("data_source") else []) + [s for v in obj.values() for s in _sources(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _sources(v)]
    return []


def test_a_concept_result_carries_provenance(mcp_run):
    data = mcp_run["answers"]["concept"].structured_content
    v = data["values"][0]
    assert (v["value"], v["accession_number"], v["start"], v["end"]) == (
        60922000000, "0001045810-24-000029", "2023-01-30", "2024-01-28")
    eps = mcp_run["answers"]["eps"].structured_content["values"][0]
    assert eps["restated"] is True and eps["original_value"] == 11.93


@pytest.mark.parametrize("label,code", [("ambiguous", "ambiguous"), ("unknown_concept", "invalid_argument"),
                                        ("future", "out_of_scope"), ("bad_accession", "invalid_argument"),
                                        ("pre_2001", "out_of_scope"), ("local_file", "invalid_argument"),
                                        ("unknown_tool", "invalid_argument"), ("find_unindexed", "not_found"),
                                        ("read_bad_id", "invalid_argument")])
def test_errors_are_structured_is_error_results(mcp_run, label, code):
    result = mcp_run["answers"][label]
    assert result.is_error
    err = result.structured_content["error"]
    assert err["code"] == code and err["message"] and err["suggestion"]
    assert json.loads(result.content[0].text) == result.structured_content
    if code == "ambiguous":
        assert len(err["candidates"]) >= 2


def test_a_badly_typed_argument_is_an_error_result_naming_the_field(mcp_run):
    result = mcp_run["answers"]["bad_type"]
    assert result.is_error
    err = result.structured_content["error"]
    assert err["code"] == "invalid_argument" and "fiscal_year" in err["message"] and "integer" in err["message"]
    assert "2024" in err["suggestion"]  # says what a valid fiscal year looks like


def test_twenty_concurrent_calls_all_answer(mcp_run):
    results = mcp_run["answers"]["concurrent"]
    assert len(results) == 20 and all(r is not None and not r.is_error for r in results)
    names = {r.structured_content["company"]["name"] for r in results}
    assert len(names) == 4


def test_without_a_user_agent_every_tool_says_how_to_set_it(mirror, tmp_path):
    env = server_env(mirror.url, tmp_path / "c", {"SEC_USER_AGENT": None, "EDGAR_CONFIG_DIR": str(tmp_path / "cfg")})

    async def work(session):
        return await session.call_tool("get_financial_concept", {"company": "NVDA", "concept": "revenue"})

    result = anyio.run(_session_run, env, work)
    assert result.is_error
    err = result.structured_content["error"]
    assert err["code"] == "user_agent_required" and "env" in err["suggestion"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamable_http_transport_on_loopback(mirror, tmp_path):
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    port = _free_port()
    env = server_env(mirror.url, tmp_path / "c")
    proc = subprocess.Popen(edgar_command() + ["serve-mcp", "--transport", "streamable-http", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)

        async def go():
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams:
                read, write = streams[0], streams[1]
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await session.call_tool("resolve_company", {"query": "NVDA"})

        result = anyio.run(go)
        assert not result.is_error and result.structured_content["cik"] == "0001045810"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("label", [c[0] for c in CALLS if c[3] is not None])
def test_the_text_channel_is_a_short_rendering_not_a_second_copy(mcp_run, label):
    result = mcp_run["answers"][label]
    text = result.content[0].text
    assert len(text) <= 1600 and "structured content" in text
    assert len(text) < len(json.dumps(result.structured_content))


def test_the_concept_text_names_the_value_period_and_filing(mcp_run):
    text = mcp_run["answers"]["concept"].content[0].text
    for needle in ("60922000000", "2023-01-30", "2024-01-28", "0001045810-24-000029", "us-gaap:Revenues"):
        assert needle in text

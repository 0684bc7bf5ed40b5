"""A server started lazily (as `edgar serve-mcp` starts) lists the same tools, byte for byte, without importing the
capabilities: tools/list comes from the list stored beside the cache (mcp/tool_list.py), a tool is registered with
the SDK when first called."""

from __future__ import annotations

import json
import subprocess
import sys

import anyio
import pytest

from edgar_cli.capabilities import registry


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _listed(lazy: bool) -> list:
    from edgar_cli.mcp.server import build_server

    async def go():
        return await build_server(lazy=lazy).list_tools()

    return anyio.run(go)


def _wire(tools: list) -> tuple[list, str]:
    """The tools as a model and as the JSON the server writes on the wire."""
    from mcp_types import ListToolsResult

    return [t.model_dump(mode="json", by_alias=True) for t in tools], ListToolsResult(tools=tools).model_dump_json(
        by_alias=True, exclude_none=True
    )


def test_the_stored_tool_list_is_exactly_the_list_the_capabilities_generate(cache):
    generated = _wire(_listed(lazy=False))
    first = _listed(lazy=True)  # nothing stored yet: generated and stored
    stored = list((cache / "derived").glob("mcp-tools.*.json"))
    assert len(stored) == 1
    again = _listed(lazy=True)  # read from the stored list
    assert _wire(first) == generated and _wire(again) == generated
    assert [t["name"] for t in json.loads(stored[0].read_text())] == [d.name for d in registry.mcp_tools()]


def test_a_damaged_stored_list_is_generated_again(cache):
    generated = _wire(_listed(lazy=False))
    _listed(lazy=True)
    (path,) = (cache / "derived").glob("mcp-tools.*.json")
    path.write_text('[{"name": 1}]')  # not a Tool
    assert _wire(_listed(lazy=True)) == generated
    path.write_text("{not json")
    assert _wire(_listed(lazy=True)) == generated and json.loads(path.read_text())[0]["name"] == "resolve_company"


def test_an_edited_source_file_or_another_library_version_gives_another_key(monkeypatch):
    from edgar_cli.mcp import tool_list

    key = tool_list.digest()
    real = tool_list._stamp
    monkeypatch.setattr(tool_list, "_stamp", lambda p: real(p) + ("x" if p.endswith("verify.py") else ""))
    assert tool_list.digest() != key


def test_a_lazy_server_registers_a_tool_when_first_called_and_still_refuses_unknown_ones(cache):
    from edgar_cli.mcp.server import build_server

    server = build_server(lazy=True)
    assert server._tool_manager.list_tools() == []

    async def go():
        unknown = await server.call_tool("get_financial_concepts", {"company": "NVDA"})
        bad = await server.call_tool("resolve_company", {"ticker": "NVDA"})
        return unknown, bad

    unknown, bad = anyio.run(go)
    assert unknown.is_error and "Did you mean get_financial_concept?" in unknown.content[0].text
    assert bad.is_error and "did you mean query?" in bad.content[0].text  # checked against its strict schema
    assert [t.name for t in server._tool_manager.list_tools()] == ["resolve_company"]


def test_the_first_tools_list_of_a_started_server_imports_no_capability_once_the_list_is_stored(cache):
    code = (
        "import anyio, sys\n"
        "from edgar_cli.mcp.server import build_server\n"
        "tools = anyio.run(build_server(lazy=True).list_tools)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('edgar_cli.capabilities.') and m.count('.') > 2)\n"
        "print(len(tools), loaded)\n"
    )
    env = {**__import__("os").environ, "EDGAR_CACHE_DIR": str(cache)}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.startswith("13 [") and first.stdout.strip() != "13 []"  # the first one generated it
    assert second.stdout.strip() == "13 []"


HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]
CALL = {
    "jsonrpc": "2.0",
    "id": 3,
    "method": "tools/call",
    "params": {"name": "resolve_company", "arguments": {"query": "NVDA"}},
}


def _session(env: dict, call: bool) -> list[bytes]:
    """`edgar serve-mcp` over pipes: the handshake, then (``call``) one tools/call; every line it wrote."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "edgar_cli", "serve-mcp"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("".join(json.dumps(m) + "\n" for m in HANDSHAKE).encode())
    proc.stdin.flush()
    lines = [proc.stdout.readline(), proc.stdout.readline()]
    if call:
        proc.stdin.write((json.dumps(CALL) + "\n").encode())
        proc.stdin.flush()
        lines.append(proc.stdout.readline())
    proc.stdin.close()
    lines += proc.stdout.readlines()
    proc.wait(timeout=60)
    return lines


def test_a_second_server_answers_the_handshake_from_the_record_byte_for_byte_and_the_sdk_takes_over(cache, mirror):
    env = {**__import__("os").environ, "EDGAR_CACHE_DIR": str(cache), "EDGAR_MIRROR": mirror.url}
    first = _session(env, call=False)  # the SDK answers, the record is written
    (record,) = (cache / "derived").glob("mcp-handshake.*.json")
    assert set(json.loads(record.read_text())["answers"]) == {
        json.dumps([m["method"], m.get("params")], sort_keys=True, separators=(",", ":"))
        for m in HANDSHAKE
        if "id" in m
    }
    second = _session(env, call=True)  # initialize and tools/list from the record, then the SDK
    assert second[:2] == first  # the same bytes the SDK wrote
    assert [json.loads(x)["id"] for x in second] == [1, 2, 3]  # the replayed initialize is not answered twice
    called = json.loads(second[2])["result"]
    assert not called.get("isError") and called["structuredContent"]["cik"] == "0001045810"  # NVIDIA's CIK


def test_the_handshake_is_answered_from_the_record_only_for_the_same_request(cache, mirror):
    env = {**__import__("os").environ, "EDGAR_CACHE_DIR": str(cache), "EDGAR_MIRROR": mirror.url}
    _session(env, call=False)
    (record,) = (cache / "derived").glob("mcp-handshake.*.json")
    data = json.loads(record.read_text())
    listed = next(k for k in data["answers"] if k.startswith('["tools/list"'))
    data["answers"][listed] = ',"result":{"tools":[]}}\n'  # what the server answers must come from the record
    record.write_text(json.dumps(data))
    assert json.loads(_session(env, call=False)[1])["result"] == {"tools": []}
    HANDSHAKE[0]["params"]["protocolVersion"] = "2025-03-26"  # another request: the SDK answers it
    try:
        again = _session(env, call=False)
    finally:
        HANDSHAKE[0]["params"]["protocolVersion"] = "2025-06-18"
    assert json.loads(again[0])["result"]["protocolVersion"] == "2025-03-26"
    assert len(json.loads(again[1])["result"]["tools"]) == len(registry.mcp_tools())


def test_a_bare_serve_mcp_refuses_a_configuration_before_the_handshake_as_the_typer_route_does(cache):
    env = {**__import__("os").environ, "EDGAR_CACHE_DIR": str(cache), "EDGAR_REDIS_URL": "redis://127.0.0.1:1/0"}
    env.pop("EDGAR_REDIS_KEY", None)
    env.pop("EDGAR_REDIS_KEY_FILE", None)
    runs = [
        subprocess.run(
            [sys.executable, "-m", "edgar_cli", *args],
            env=env,
            input="".join(json.dumps(m) + "\n" for m in HANDSHAKE),
            capture_output=True,
            text=True,
            timeout=60,
        )
        for args in (["serve-mcp"], ["serve-mcp", "--transport", "stdio"])  # the entry point's route, Typer's
    ]
    assert [r.returncode for r in runs] == [2, 2] and [r.stdout for r in runs] == ["", ""]
    assert runs[0].stderr == runs[1].stderr and "EDGAR_REDIS_KEY" in runs[0].stderr

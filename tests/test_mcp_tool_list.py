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

"""`edgar serve-mcp` driven by the clients agents run in: the TypeScript SDK v1 and the MCP Inspector CLI.

Claude Desktop, Claude Code, Cursor, VS Code and the Inspector embed the TypeScript SDK, whose
Client.callTool validates structuredContent against the tool's outputSchema (also on errors)
and throws when it does not match. One node process (tests/interop/client.mjs) runs every case
of mcp_cases.py over stdio (the SDK spawns the server) and over streamable HTTP (one server,
bearer token); the Inspector CLI calls the error cases the issue lists against the same HTTP
server and checks tools/list with --strict (its schema portability check).

The npm packages live in tests/interop/node_modules (git-ignored), installed from the
committed package.json and package-lock.json with `npm ci --prefix tests/interop`. Without
node, npm or that install the module skips and says why; EDGAR_REQUIRE_INTEROP=1 (CI) makes
that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from mcp_cases import BY_LABEL, CASES, expected_codes
from servers import http_mcp_server, server_env
from support import edgar_command

from edgar_cli.capabilities.registry import mcp_tools

MCP_TOOLS = len(mcp_tools())  # the tools the server offers, as the capabilities declare them

INTEROP = Path(__file__).parent / "interop"
TOKEN = "interop-token-0123456789abcdef"


def _tools_or_skip() -> Path:
    why = None
    if shutil.which("node") is None or shutil.which("npm") is None:
        why = "node and npm are not on PATH"
    elif not (INTEROP / "node_modules" / "@modelcontextprotocol" / "sdk").is_dir():
        why = "the npm packages are not installed: run `npm ci --prefix tests/interop`"
    if why is None:
        return INTEROP
    if os.environ.get("EDGAR_REQUIRE_INTEROP") == "1":
        pytest.fail(f"EDGAR_REQUIRE_INTEROP=1 but {why}")
    pytest.skip(why)


@pytest.fixture(scope="module")
def interop(mirror, tmp_path_factory):
    root = _tools_or_skip()
    tmp = tmp_path_factory.mktemp("interop")
    http_env = server_env(mirror.url, tmp / "http", {"EDGAR_MCP_TOKEN": TOKEN})
    (tmp / "http").mkdir()
    with http_mcp_server(http_env) as (url, _port):
        (tmp / "stdio").mkdir()
        cmd = edgar_command()
        config = {
            "stdio": {"command": cmd[0], "args": [*cmd[1:], "serve-mcp"], "env": server_env(mirror.url, tmp / "stdio")},
            "http": {"url": url + "/mcp", "token": TOKEN},
            "cases": [[label, tool, args] for label, tool, args, _ in CASES],
        }
        node = subprocess.run(
            ["node", str(root / "client.mjs")],
            input=json.dumps(config),
            capture_output=True,
            text=True,
            cwd=root,
            timeout=300,
        )
        assert node.returncode == 0, node.stderr[-3000:]
        ts = json.loads(node.stdout)
        inspector = run_inspector(root, url + "/mcp", tmp)
    return {"ts": ts, "inspector": inspector}


# The error cases of the issue, plus one success and one unknown argument, through the Inspector CLI.
INSPECTOR_CASES = [
    "concept",
    "target",
    "ambiguous",
    "stripe",
    "unknown_concept",
    "future",
    "pre_2001",
    "bad_date_search",
    "bad_enum_period",
    "missing_company",
    "unknown_arg_accession",
    "cik_number",
    "find_phrase_hybrid",
    "compare_align",
    "unit_not_reported",
    "former_ticker",
]


def _tool_args(args: dict) -> list[str]:
    return [f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in args.items()]


def run_inspector(root: Path, url: str, tmp: Path) -> dict:
    exe = root / "node_modules" / ".bin" / "mcp-inspector"
    env = {**os.environ, "MCP_CATALOG_PATH": str(tmp / "inspector-catalog.json"), "HOME": str(tmp)}
    base = [str(exe), "--cli", url, "--header", f"Authorization: Bearer {TOKEN}"]

    def one(label: str) -> tuple[str, subprocess.CompletedProcess]:
        if label == "tools/list":
            argv = [*base, "--method", "tools/list", "--strict"]
        else:
            _, tool, args, _ = BY_LABEL[label]
            argv = [*base, "--method", "tools/call", "--tool-name", tool]
            if args:
                argv += ["--tool-arg", *_tool_args(args)]
        return label, subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120, cwd=tmp)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(pool.map(one, [*INSPECTOR_CASES, "tools/list"]))


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_typescript_sdk_lists_every_tool(interop, transport):
    from edgar_cli.mcp.server import capabilities

    assert set(interop["ts"][transport]["tools"]) == {fn.__name__ for fn in capabilities()}


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("label", [c[0] for c in CASES])
def test_the_typescript_sdk_gets_a_readable_result_for_every_case(interop, transport, label):
    expected = BY_LABEL[label][3]
    r = interop["ts"][transport]["results"][label]
    assert "thrown" not in r, r  # e.g. McpError -32602 "Structured content does not match the tool's output schema"
    body = json.loads(r["text"])
    if expected == "ok":
        assert r["isError"] is False and body == r["structuredContent"]
    else:
        assert r["isError"] is True and r["structuredContent"] is None
        assert body["error"]["code"] in expected_codes(expected) and body["error"]["suggestion"]


def test_the_typescript_sdk_sees_candidates_other_matches_and_all_eight_concept_values(interop):
    results = interop["ts"]["stdio"]["results"]
    candidates = json.loads(results["ambiguous"]["text"])["error"]["candidates"]
    assert "AMERICAN EXPRESS CO" in {c["name"] for c in candidates}
    target = json.loads(results["target"]["text"])
    assert target["name"] == "TARGET CORP" and target["other_matches"]
    values = json.loads(results["concept_8"]["text"])["values"]
    assert len(values) == 8 and values[0]["accession_number"] == "0001045810-26-000021"  # NVIDIA FY2026 10-K
    pre = json.loads(results["bad_date_search"]["text"])["error"]
    assert "filed_from" in pre["message"] and "--from" not in json.dumps(pre)


@pytest.mark.parametrize("label", INSPECTOR_CASES)
def test_the_inspector_cli_prints_a_readable_result(interop, label):
    proc = interop["inspector"][label]
    assert "must have required property" not in proc.stderr and "does not match" not in proc.stderr, proc.stderr
    result = json.loads(proc.stdout)
    body = json.loads(result["content"][0]["text"])
    if BY_LABEL[label][3] == "ok":
        assert proc.returncode == 0 and not result.get("isError") and body == result["structuredContent"]
    else:
        # the Inspector prints the result and exits 5 (tool_is_error) for isError: true
        assert proc.returncode == 5 and result["isError"] is True and "structuredContent" not in result
        assert body["error"]["code"] in expected_codes(BY_LABEL[label][3])


def test_the_inspector_finds_no_schema_portability_problem(interop):
    proc = interop["inspector"]["tools/list"]
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["tools"]) == MCP_TOOLS

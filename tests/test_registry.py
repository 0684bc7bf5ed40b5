"""Every capability's declaration (capabilities/<name>/__init__.py) is complete and true to what it declares.

The declarations are what the faces iterate over: the MCP server builds its tools from them and
vocabulary spells commands by them. These checks fail on a declaration that names a function, a
parameter or a command that does not exist, on a tool the server does not list, and on a folder
whose declaration loads code it should leave to the first call.
"""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import anyio
import pytest
import typer

from edgar_cli.capabilities import registry

PACKAGE = Path(registry.__file__).parent


def _cli_commands() -> set[str]:
    """Every leaf command of the Typer app by its full name ('edgar index add')."""
    from edgar_cli.cli.app import app

    out: set[str] = set()

    def walk(cmd: Any, prefix: str) -> None:
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, f"{prefix} {name}")
        else:
            out.add(prefix)

    walk(typer.main.get_command(app), "edgar")
    return out


def test_the_registry_lists_every_capability_folder_once_and_each_declares_its_own_name():
    folders = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert sorted(path.rsplit(".", 1)[1] for path in registry.REGISTRY) == folders
    assert [c.name for c in registry.declarations()] == [path.rsplit(".", 1)[1] for path in registry.REGISTRY]
    names = [t.name for t in registry.tools()]
    assert len(names) == len(set(names)), "a tool is declared twice"


def test_a_bare_function_name_is_completed_from_the_folder_and_a_whole_path_is_kept():
    c = registry.Capability(
        "filings",
        registry.TASKS[1],
        registry.Tool("list_filings", "edgar filings"),
        registry.Tool("edgar_cli.capabilities.filings.other:helper", "edgar filings"),
    )
    assert [t.function for t in c.tools] == [
        "edgar_cli.capabilities.filings.filings:list_filings",
        "edgar_cli.capabilities.filings.other:helper",
    ]
    assert (c.name, c.task, c.mcp_order) == ("filings", "Filings and their text", 100)


@pytest.mark.parametrize("declared", registry.tools(), ids=lambda t: t.name)
def test_every_declared_tool_names_a_function_of_its_folder_and_real_parameters(declared):
    capability = next(c for c in registry.declarations() if declared in c.tools)
    assert declared.module.startswith(f"edgar_cli.capabilities.{capability.name}.")
    fn = registry.function(declared)
    assert callable(fn) and fn.__name__ == declared.name and (inspect.getdoc(fn) or "").strip()
    params = set(inspect.signature(fn).parameters)
    for group in (declared.ranges, declared.objects, declared.mcp_hidden, declared.mcp_defaults):
        assert set(group) <= params, (declared.name, set(group) - params)
    assert set(declared.mcp_descriptions) <= params - declared.mcp_hidden - declared.objects
    assert declared.command.startswith("edgar ")
    # the result type lives in the capability's folder, or with the shared types below the domains
    result = typing.get_type_hints(fn)["return"]
    assert result.__module__ in (f"edgar_cli.capabilities.{capability.name}.model",) or result.__module__.startswith(
        "edgar_cli.models."
    ), (declared.name, result.__module__)


@pytest.mark.parametrize("declared", registry.tools(), ids=lambda t: t.name)
def test_mcp_hints_are_declared_only_for_mcp_tools_and_every_mcp_tool_has_guidance(declared):
    if declared.mcp:
        assert declared.guidance.strip()
    else:
        hints = (declared.guidance, declared.ranges, declared.mcp_hidden, declared.mcp_defaults)
        assert not any(hints) and not (declared.mcp_descriptions or declared.local or declared.writes)


def test_every_cli_command_a_declaration_names_exists():
    commands = _cli_commands()
    assert {t.command for t in registry.tools()} - commands == set()


def test_the_server_lists_exactly_the_declared_mcp_tools_in_their_order_with_their_hints():
    from edgar_cli.mcp.server import build_server

    async def listed():
        return await build_server().list_tools()

    tools = anyio.run(listed)
    declared = registry.mcp_tools()
    assert [t.name for t in tools] == [d.name for d in declared]
    for t, d in zip(tools, declared, strict=True):
        assert t.description.endswith(d.guidance.strip())
        assert (t.annotations.read_only_hint, t.annotations.open_world_hint) == (not d.writes, not d.local)
        props = t.input_schema["properties"]
        assert not (set(props) & (d.objects | d.mcp_hidden | {"client"}))
        for param, default in d.mcp_defaults.items():
            assert props[param]["default"] == default
        for param, bounds in d.ranges.items():
            branches = props[param].get("anyOf") or [props[param]]
            assert any(all(b.get(k) == v for k, v in bounds.items()) for b in branches), (t.name, param)


def test_the_concept_declarations_bounds_are_the_ones_the_engine_checks():
    from edgar_cli.capabilities import arguments, concept
    from edgar_cli.xbrl import answer

    assert (concept.MIN_FISCAL_YEAR, concept.MAX_LIMIT) == (answer.MIN_FISCAL_YEAR, arguments.MAX_LIMIT)


def test_every_table_and_rows_the_cli_registers_are_for_a_declared_tools_result():
    from edgar_cli.cli import views

    results = {typing.get_type_hints(registry.function(t))["return"].__name__ for t in registry.tools()}
    registered = {model for name in views.VIEWS for model in views.module(name).view.results}
    assert registered and registered - results == set()


def test_the_registry_and_every_declaration_load_no_capability_code_pydantic_or_http():
    code = (
        "import json, sys\n"
        "from edgar_cli.capabilities import registry\n"
        "registry.declarations(); registry.commands(); registry.mcp_tools()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout))
    assert not {m for m in loaded if m.split(".")[0] in ("pydantic", "pydantic_core", "httpx", "httpcore")}
    functions = {t.module for t in registry.tools()}
    assert loaded & functions == set()
    ours = {m for m in loaded if m.startswith("edgar_cli")}
    assert ours == {
        "edgar_cli",
        "edgar_cli.vocabulary",
        "edgar_cli.capabilities",
        "edgar_cli.capabilities.registry",
    } | {*registry.REGISTRY}


def test_a_tool_is_found_by_name_and_an_unknown_name_is_a_key_error():
    assert registry.tool("index_add").command == "edgar index add" and registry.tool("index_add").writes
    assert importlib.import_module(registry.tool("list_filings").module).__name__.endswith("filings.filings")
    with pytest.raises(KeyError):
        registry.tool("index_remove_all")


def test_the_concept_guidance_says_what_each_revision_kind_means_and_that_a_rounding_is_no_restatement():
    # Tesla's FY2018 revenue (21,461,268,000 in its FY2018 10-K 0001564590-19-003165, 21,461,000,000 in later
    # 10-Ks) comes back restated=true with revision_kind precision_change: the agent must not call it restated.
    from typing import get_args

    from edgar_cli.capabilities.concept import GUIDANCE
    from edgar_cli.xbrl.records import FactRecord, RevisionKind

    text = " ".join(GUIDANCE.split())
    for kind in get_args(RevisionKind):
        assert kind in text, kind
    assert "restated=true means later filings changed the figure" not in text
    assert "precision_change" in text and "not a restatement" in text
    restated = str(typing.get_type_hints(FactRecord, include_extras=True)["restated"].__metadata__[0])
    assert "precision_change" in restated and "not a restatement" in restated, restated

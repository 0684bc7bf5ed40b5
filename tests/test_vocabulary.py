"""One table of names per surface (edgar_cli.vocabulary) stays true to the commands and tools it names."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
import typer

from edgar_cli import vocabulary as V
from edgar_cli.capabilities import registry
from edgar_cli.cli.app import app
from edgar_cli.mcp.server import _public_signature

PACKAGE = Path(V.__file__).parent
# Every declared capability function, MCP tool or not (capabilities/<name>/__init__.py).
ALL_CAPABILITIES = [registry.function(t) for t in registry.tools()]


def _commands() -> dict[str, Any]:
    """Every leaf command of the Typer app by its full name ('edgar index add')."""
    out: dict[str, Any] = {}

    def walk(cmd: Any, prefix: str) -> None:
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, f"{prefix} {name}")
        else:
            out[prefix] = cmd

    walk(typer.main.get_command(app), "edgar")
    return out


def _parameters(fn) -> list[str]:
    return [p for p in _public_signature(fn).parameters if p != "ctx"]


def test_every_capability_parameter_has_a_cli_spelling():
    missing = {f"{fn.__name__}.{p}" for fn in ALL_CAPABILITIES for p in _parameters(fn) if p not in V.PARAM_FLAGS}
    assert missing == set()


def test_every_name_in_the_tables_is_a_real_parameter_or_capability():
    used = {p for fn in ALL_CAPABILITIES for p in inspect.signature(fn).parameters}
    assert set(V.PARAM_FLAGS) - used == set()
    assert list(V.TOOL_COMMANDS) == [fn.__name__ for fn in ALL_CAPABILITIES]


def test_every_capability_a_message_names_is_a_declared_one():
    """tool("...") spells a capability by its declaration: a name no capability declares would be a KeyError on
    the CLI, in the middle of an error message."""
    named = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "tool"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                named.add(node.args[0].value)
    assert named and named - set(V.TOOL_COMMANDS) == set()


def test_every_command_in_the_table_exists_and_takes_the_flags_the_table_gives():
    commands = _commands()
    capabilities = {fn.__name__: fn for fn in ALL_CAPABILITIES}
    for name, command in V.TOOL_COMMANDS.items():
        assert command in commands, f"{name}: no command {command!r}"
        fn = capabilities.get(name)
        if fn is None:
            continue
        flags = {opt for p in commands[command].params for opt in (*p.opts, *p.secondary_opts)}
        positional = {p.name for p in commands[command].params if isinstance(p, typer.core.TyperArgument)}
        for param in _parameters(fn):
            flag = V.PARAM_FLAGS[param]
            if flag.startswith("--") and param not in positional:  # a company is positional in most commands
                assert flag in flags, f"{command} lacks {flag} (the CLI spelling of {name}'s {param})"


def test_each_surface_spells_a_parameter_and_a_capability_its_own_way():
    V.set_surface("cli")
    assert (V.param("fiscal_year"), V.tool("list_filings")) == ("--fy", "edgar filings")
    V.set_surface("mcp")
    assert (V.param("fiscal_year"), V.tool("list_filings")) == ("fiscal_year", "list_filings")
    with pytest.raises(KeyError):
        V.param("fy")


# Strings that are CLI facts, not advice: where the User-Agent in force came from (a CLI-only capability).
CLI_ONLY = {
    "capabilities/admin/admin.py": ("--user-agent", "--no-cache"),
    "capabilities/admin/model.py": (
        "Where the value comes from: --user-agent, SEC_USER_AGENT, the config file, or unset",
    ),
}

_CLI_WORDS = re.compile(
    r"(?<![\w-])--[a-z][a-z-]+|`edgar |\bedgar ("
    + "|".join(sorted({c.split()[1] for c in V.TOOL_COMMANDS.values()}))
    + r")\b"
)


def _string_constants(tree: ast.AST):
    """String constants and f-string parts, without docstrings (those are for people reading the code) and
    without the CLI command a capability's declaration names (``Tool("get_financial_concept", "edgar concept")``)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "command" and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Tool" and len(node.args) > 1:
            docstrings.add(id(node.args[1]))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


@pytest.mark.parametrize(
    "module",
    sorted(
        str(p.relative_to(PACKAGE))
        for sub in ("capabilities", "xbrl", "sec", "documents", "index", "verification")
        for p in (PACKAGE / sub).rglob("*.py")
    ),
)
def test_capability_code_never_spells_a_flag_or_a_command(module):
    """Messages name flags and commands through vocabulary.param()/tool(), so each surface reads its own words."""
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    offending = [
        (line, text)
        for line, text in _string_constants(tree)
        if _CLI_WORDS.search(text) and text not in CLI_ONLY.get(module, ())
    ]
    assert offending == []

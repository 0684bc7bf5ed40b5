"""The reference in docs/ keeps up with the code (as sqlite-utils' test_docs.py does).

What is checked is read from the code at test time, never listed here: the commands and their options from
the Typer app, the environment variables from edgar_cli's source, the top-level modules and packages from the
package directory. A new command, option, variable or module fails here until docs/ names it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "edgar_cli"
# The options every command takes, documented once in commands.md's "Options every command takes".
COMMON_OPTIONS = {"--format", "--json", "--csv", "--tsv", "--nl", "--quiet", "--no-cache", "--user-agent", "--help"}


def _commands() -> list[tuple[str, Any]]:
    """Every command and subcommand of `edgar`, as ("index add", command), groups included.

    Typer vendors its own click, so groups are told apart by their ``commands``, not by class.
    """
    from edgar_cli.cli.app import app

    found = []

    def walk(group: Any, path: tuple[str, ...]) -> None:
        for name, command in getattr(group, "commands", {}).items():
            found.append((" ".join((*path, name)), command))
            walk(command, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


def _leaf_commands() -> list[tuple[str, Any]]:
    """The commands that run something (not groups such as `edgar index`)."""
    return [(path, c) for path, c in _commands() if not hasattr(c, "commands")]


def _command_sections() -> dict[str, str]:
    """commands.md's reference, by command: the text under each "### `edgar COMMAND`" heading."""
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    parts = re.split(r"(?m)^### `edgar ([a-z][a-z -]*)`\s*$", text)
    return {parts[i]: parts[i + 1].split("\n## ", 1)[0] for i in range(1, len(parts), 2)}


def _variables_read() -> set[str]:
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    names = set(re.findall(r"\bEDGAR_[A-Z][A-Z_]*[A-Z]\b", source))
    names |= set(re.findall(r"environ(?:\.get)?[\[(]\s*\"((?:EDGAR|SEC)_[A-Z_]+)\"", source))
    return names


def _top_level_names() -> list[str]:
    """The package's top-level modules (name.py) and packages (name/), as read from its directory."""
    names = [f"{p.name}/" for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    names += [p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py"]
    return sorted(names)


def test_the_commands_are_read_from_the_app_and_include_the_subcommands():
    paths = {path for path, _ in _commands()}
    assert {"concept", "serve-mcp", "index add", "config user-agent", "cache clear"} <= paths


@pytest.mark.parametrize("path", [path for path, _ in _leaf_commands()])
def test_every_command_has_a_section_in_the_commands_reference(path):
    assert path in _command_sections(), f"docs/commands.md has no '### `edgar {path}`' section"


def test_every_section_of_the_commands_reference_names_a_command_that_exists():
    assert set(_command_sections()) - {path for path, _ in _leaf_commands()} == set()


@pytest.mark.parametrize("path", [path for path, _ in _commands()])
def test_every_command_and_group_appears_in_the_commands_table(path):
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    table = text.split("## Options every command takes", 1)[0]
    assert f"`edgar {path}" in table, f"docs/commands.md's table of commands lacks edgar {path}"


@pytest.mark.parametrize("path,command", _leaf_commands(), ids=[path for path, _ in _leaf_commands()])
def test_every_option_and_argument_of_a_command_is_in_its_section(path, command):
    rows = "\n".join(line for line in _command_sections().get(path, "").splitlines() if line.startswith("| `"))
    missing = []
    for param in command.params:
        if param.param_type_name == "option":
            names = [o for o in param.opts + param.secondary_opts if o.startswith("--")]
            missing += [o for o in names if o not in COMMON_OPTIONS and not re.search(rf"[`\s]{o}[`\s,=]", rows)]
        else:
            shown = (getattr(param, "metavar", None) or param.name.upper()).strip("[].")
            if f"`{shown}" not in rows and f"`[{shown}" not in rows:
                missing.append(shown)
    assert missing == [], f"docs/commands.md's section on edgar {path} lacks {missing}"


def test_the_options_every_command_takes_are_documented_once():
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    common = text.split("## Options every command takes", 1)[1].split("\n## ", 1)[0]
    assert [o for o in sorted(COMMON_OPTIONS) if o not in common] == []


def test_the_variables_are_read_from_the_package_source():
    assert {"EDGAR_MIRROR", "EDGAR_CACHE_DIR", "SEC_USER_AGENT", "EDGAR_MCP_TOKEN"} <= _variables_read()


@pytest.mark.parametrize("name", sorted(_variables_read()))
def test_every_environment_variable_edgar_reads_is_in_the_configuration_reference(name):
    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    assert re.search(rf"`{name}[`=]", text), f"docs/configuration.md does not document {name}"


@pytest.mark.parametrize("name", _top_level_names())
def test_every_top_level_module_and_package_is_in_the_architecture_page(name):
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    assert re.search(rf"(?m)(^|[\s`/]){re.escape(name)}([\s`,)]|$)", text), f"docs/architecture.md lacks {name}"


def test_the_readme_stays_a_front_door_under_8_kb_and_links_every_page_of_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 8 * 1024
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    pages = sorted(p.name for p in DOCS.glob("*.md") if p.name != "index.md")
    assert [p for p in pages if f"({p})" not in index] == []
    assert "(docs/index.md)" in readme


def test_the_readme_keeps_the_test_command_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pytest -q -n 2" in ci and ".venv/bin/python -m pytest -q -n 2" in readme


def test_every_mcp_tool_is_in_the_mcp_pages_table_of_tools():
    import anyio

    from edgar_cli.mcp.server import build_server

    server = build_server()
    tools = anyio.run(server.list_tools)
    text = (DOCS / "mcp.md").read_text(encoding="utf-8")
    assert tools and [t.name for t in tools if f"| `{t.name}` |" not in text] == []


def test_the_point_in_time_page_lists_as_tools_only_those_the_mcp_server_offers():
    # "Commands and tools: `edgar concept` (get_financial_concept, ...)": a name in parentheses is an MCP tool
    from edgar_cli.capabilities.registry import tools

    text = (DOCS / "point-in-time.md").read_text(encoding="utf-8")
    listed = text.split("Commands and tools:", 1)[1].split("\n\n", 1)[0]
    cli_only = [t.name for t in tools() if not t.mcp and f"({t.name})" in listed]
    assert cli_only == [], f"docs/point-in-time.md lists {cli_only} as MCP tools"


def test_the_point_in_time_page_does_not_call_every_screen_as_of_a_date_a_scan():
    # Survivorship: a store synced with `edgar sync --point-in-time` answers a screen as of a date in one read
    text = (DOCS / "point-in-time.md").read_text(encoding="utf-8")
    limits = text.split("## Limits", 1)[1]
    screen = next(b for b in limits.split("\n- ") if "edgar screen --as-of" in b)
    assert "--point-in-time" in screen, screen


def test_the_readmes_first_line_sentence_points_at_the_block_it_describes():
    """Issue 36 (sixteenth newcomer): "The first line installs edgar into .venv" came right after the block whose
    first line starts the mirror. The sentence names the block it describes, and that block's lines are what it
    says: the install, then the NVIDIA revenue question."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    at = text.index("installs edgar into `.venv`")
    sentence = text[text.rindex("\n\n", 0, at) : at]
    assert "In the next block, the first line" in sentence, sentence
    lines = text[text.index("```bash\n", at) + len("```bash\n") :].splitlines()
    assert "pip install -q -e ." in lines[0] and "edgar concept NVDA revenue" in lines[1], lines[:2]

"""The CLI's views (edgar_cli/cli/views/): each capability's commands, tables and rows in one module, the
app built from them in the task order, and a run that builds and imports its own command's view alone."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from edgar_cli.cli import views


def test_each_view_declares_its_commands_in_the_task_order():
    for name in views.VIEWS:
        expected = [command for command, view in views.COMMANDS.items() if view == name]
        assert views.module(name).view.names() == expected, name


def test_a_result_is_shown_as_its_view_declares_it_and_an_undeclared_one_generically():
    from edgar_cli.cli.views import concept

    assert views.shown("ConceptResult") is concept.view.results["ConceptResult"]
    assert views.shown("NoSuchResult").table is None and views.shown("NoSuchResult").rows is None


def test_a_run_of_one_command_builds_its_view_alone_and_anything_else_the_whole_app():
    from edgar_cli.cli.app import COMMAND_ORDER, app, app_for

    assert [c.name for c in app_for(["filings", "NVDA"]).registered_commands] == ["filings"]
    assert [g.name for g in app_for(["cache", "info"]).registered_groups] == ["config", "cache"]
    assert app_for(["--help"]) is app and app_for(["filigns"]) is app and app_for([]) is app
    names = [c.name for c in app.registered_commands] + [g.name for g in app.registered_groups]
    assert sorted(names) == sorted(COMMAND_ORDER)


def test_a_run_imports_its_own_commands_view_and_not_the_others(tmp_path):
    probe = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: open(sys.argv[1], 'w').write(json.dumps(sorted(sys.modules))))\n"
        "from edgar_cli.cli.entry import main\n"
        "main(sys.argv[2:])\n"
    )
    out = tmp_path / "modules.json"
    env = dict(os.environ, EDGAR_CACHE_DIR=str(tmp_path / "cache"), EDGAR_CONFIG_DIR=str(tmp_path / "config"))
    proc = subprocess.run(
        [sys.executable, "-c", probe, str(out), "concepts", "revenue", "--tsv"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("concept\tlabel\t")  # tsv: its header row, then the rows
    loaded = {m for m in json.loads(out.read_text()) if m.startswith("edgar_cli.cli.views.")}
    assert loaded == {"edgar_cli.cli.views.catalogue"}


def test_help_lists_the_commands_under_their_tasks_headings_in_task_order():
    from typer.testing import CliRunner

    from edgar_cli.capabilities.registry import TASKS
    from edgar_cli.cli.app import app

    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "100"}).output
    headings = [line[:-1] for line in out.splitlines() if line[:-1] in TASKS and line.endswith(":")]
    assert headings == list(TASKS)
    numbers = out.split("Numbers (XBRL facts):")[1].split("Filings and their text:")[0]
    names = [line.split()[0] for line in numbers.splitlines() if re.match(r"  \S", line)]
    assert names == ["concept", "statement", "compare", "screen"]
    setup = out.split("Setup and serving:")[1].split("Examples:")[0]
    assert "serve-mcp" in setup and "sync" in setup and "concept " not in setup


def test_no_view_imports_rich_pydantic_httpx_or_a_capability_when_loaded():
    """Building the app imports every view (edgar --help, completion): each defers what is heavy to the
    functions that use it, so that building it costs a run of one command nothing it does not use. The
    capabilities' light declarations (capabilities/<name>/__init__) are allowed."""
    import json
    import subprocess
    import sys

    code = (
        "import json, sys; from edgar_cli.cli import views; "
        "[views.module(name) for name in views.VIEWS]; print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    heavy = [
        m
        for m in json.loads(out)
        if m.split(".")[0] in ("rich", "pydantic", "httpx")
        or m.startswith("edgar_cli.models")
        or (m.startswith("edgar_cli.capabilities.") and m.count(".") >= 3)
    ]
    assert heavy == []


def test_top_level_help_fits_80_columns_cuts_no_description_and_ends_with_examples():
    from typer.testing import CliRunner

    from edgar_cli.cli.app import app

    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"}).output
    assert max(len(line) for line in out.splitlines()) <= 80
    listing = out.split("Numbers (XBRL facts):")[1].split("Examples:")[0]
    assert not [line for line in listing.splitlines() if line.rstrip().endswith("...")]  # nothing cut
    assert "edgar concept NVDA revenue --fy 2024" in out.split("Examples:")[1]

"""The warm path's structure: a command imports what it uses and no more (issue 16). Not timed.

A warm ``edgar concept`` once spent two thirds of its run importing: every result model, the
TOML parser, importlib.metadata for pydantic's plugin scan, the rich tables of a JSON run.
These tests run the real entry point in a subprocess on a warm cache and check ``sys.modules``
at exit, so a new top-level import that drags one of them back in fails here, on any machine
and at any load, instead of showing up later as a slower benchmark.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import edgar_env

# Runs edgar's console entry point with ARGS and writes the modules loaded by exit to OUT.
_PROBE = """
import atexit, json, sys
out, args = sys.argv[1], sys.argv[2:]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
from edgar_cli.cli.entry import main
main(args)
"""

# What no warm lookup needs, whatever its output format.
NEVER_WARM = {
    "httpx",
    "httpcore",
    "h11",
    "ssl",  # the network: nothing is fetched
    "diskcache",  # the cache's writer: a warm run only reads
    "pyrate_limiter",
    "filelock",
    "edgar_cli.sec.ratelimit",  # the limiter: no request is made
    "tomllib",  # the package's data files are read back parsed (edgar_cli/datafiles.py)
    "importlib.metadata",
    "email",  # pydantic's plugin scan (edgar_cli/cli/entry.py)
    "rapidfuzz",  # fuzzy name matching: a ticker is an exact look-up
    "edgar_cli.mcp.server",
    "mcp",
    "selectolax",
    "edgar_cli.documents",
    "edgar_cli.index",
    "edgar_cli.verification",
}
# The result models a concept lookup builds; the other capabilities' models must stay unimported.
CONCEPT_MODELS = {
    "edgar_cli.models",
    "edgar_cli.models._base",
    "edgar_cli.models.companies",
    "edgar_cli.models.facts",
    "edgar_cli.capabilities.concept.model",
    "edgar_cli.capabilities.resolve.model",  # the concept resolves its company (ResolvedCompany)
    "edgar_cli.capabilities.statement.model",
}


def result_models(mods: set[str]) -> set[str]:
    """The loaded modules that define result models (shared ones and each capability's model.py)."""
    return {m for m in mods if m.startswith("edgar_cli.models") or m.endswith(".model")}


@pytest.fixture(scope="module")
def warm_env(corpus, tmp_path_factory):
    """An environment whose cache a cold ``edgar concept NVDA revenue --fy 2024`` and a run of the full path have
    filled."""
    from mirror import MirrorServer

    with MirrorServer(corpus) as srv:
        env = edgar_env(srv.url, tmp_path_factory.mktemp("warm") / "cache")
        env.pop("PYDANTIC_DISABLE_PLUGINS", None)
        env.pop("EDGAR_DEBUG", None)
        loaded(env, ["concept", "NVDA", "revenue", "--fy", "2024", "--json"])  # cold: fills the cache
        # The cold lookup above runs on the fast path, which parses no data file it does not need; the full path
        # reads successors.toml too (a ticker's reorganisation), parsed once and stored beside the cache: a warm
        # cache holds it, as any earlier full-path run leaves it.
        loaded(dict(env, EDGAR_FASTPATH="0"), ["concept", "NVDA", "revenue", "--fy", "2024", "--json"])
        yield env, srv


def loaded(env: dict, args: list[str]) -> tuple[set[str], str]:
    """(the modules loaded by the end of `edgar ARGS`, its stdout); the run must succeed."""
    out = Path(env["EDGAR_CACHE_DIR"]).parent / "modules.json"
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, str(out), *args], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(out.read_text())), proc.stdout


def top_level(mods: set[str], names: set[str]) -> set[str]:
    """The members of ``names`` that are loaded, as a module or as the package of one."""
    return {n for n in names if any(m == n or m.startswith(n + ".") for m in mods)}


def test_a_warm_concept_in_json_imports_neither_the_network_nor_the_tables_nor_other_models(warm_env):
    env, srv = warm_env
    requests = len(srv.log)
    mods, stdout = loaded(env, ["concept", "NVDA", "revenue", "--fy", "2024", "--json"])
    assert json.loads(stdout)["values"][0]["value"] == 60922000000  # FY2024 (accession 0001045810-24-000029)
    assert len(srv.log) == requests  # warm: not one request
    assert top_level(mods, NEVER_WARM | {"rich", "edgar_cli.cli.render", "edgar_cli.cli.rows"}) == set()
    # the fast path (edgar_cli/cli/fastpath.py): no Typer, no pydantic, not one result model
    assert (
        top_level(mods, {"typer", "click", "pydantic", "pydantic_core", "edgar_cli.cli.app", "edgar_cli.models"})
        == set()
    )
    assert result_models(mods) == set()


def test_a_warm_concept_in_json_on_the_typer_path_builds_only_the_concept_models(warm_env):
    env, _srv = warm_env
    typer_path = dict(env, EDGAR_FASTPATH="0")
    # the cold run that filled the cache was the fast path's, which stores only the data files it reads; the
    # Typer path's first run stores the resolver's (successors.toml), and from then on it is warm
    loaded(typer_path, ["concept", "NVDA", "revenue", "--fy", "2024", "--json"])
    mods, stdout = loaded(typer_path, ["concept", "NVDA", "revenue", "--fy", "2024", "--json"])
    assert json.loads(stdout)["values"][0]["value"] == 60922000000  # 0001045810-24-000029
    assert top_level(mods, NEVER_WARM | {"rich", "edgar_cli.cli.render", "edgar_cli.cli.rows"}) == set()
    assert result_models(mods) == CONCEPT_MODELS


def test_a_warm_concept_as_rows_builds_no_other_areas_models(warm_env):
    env, _srv = warm_env
    mods, stdout = loaded(dict(env, EDGAR_FASTPATH="0"), ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"])
    assert "60922000000" in stdout
    assert top_level(mods, NEVER_WARM) == set()
    assert result_models(mods) == CONCEPT_MODELS
    mods, stdout = loaded(env, ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"])  # the fast path: none
    assert "60922000000" in stdout
    assert top_level(mods, NEVER_WARM | {"rich", "typer", "pydantic"}) == set() and result_models(mods) == set()


def test_a_warm_command_builds_only_its_own_click_command(warm_env):
    env, _srv = warm_env
    code = (
        "import sys, typer.main as T; built = []; orig = T.get_command_from_info\n"
        'def spy(*a, **kw):\n    info = a[0] if a else kw["command_info"]; built.append(info.name); return orig(*a, **kw)\n'
        "T.get_command_from_info = spy\n"
        "import atexit; atexit.register(lambda: sys.stderr.write('BUILT ' + ','.join(built)))\n"
        "from edgar_cli.cli.entry import main; main(sys.argv[1:])"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "concept", "NVDA", "revenue", "--fy", "2024", "--tsv"],
        env=dict(env, EDGAR_FASTPATH="0"),  # the Typer path (a warm --tsv is the fast path's)
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.rsplit("BUILT ", 1)[1] == "concept"
    help_proc = subprocess.run(
        [sys.executable, "-m", "edgar_cli", "--help"], env=env, capture_output=True, text=True, timeout=120
    )
    assert "statement" in help_proc.stdout and "serve-mcp" in help_proc.stdout  # the root still lists them all


def test_a_data_file_is_parsed_once_then_read_back_and_an_edit_or_damage_is_parsed_again(tmp_path, monkeypatch):
    import tomllib

    from edgar_cli import datafiles

    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "pkg").mkdir()
    source = tmp_path / "pkg" / "data.toml"
    source.write_text('[revenue]\nlabel = "Revenue"\nchain = [["us-gaap:Revenues", ""]]\n', encoding="utf-8")
    module_file = str(tmp_path / "pkg" / "module.py")
    parsed = datafiles.load_toml(module_file, "data.toml")
    assert parsed == tomllib.loads(source.read_text(encoding="utf-8"))
    stored = list((tmp_path / "cache" / "derived").glob("data.toml.*.pickle"))
    assert len(stored) == 1

    calls = []
    monkeypatch.setattr(tomllib, "loads", lambda text: calls.append(text) or {})
    assert datafiles.load_toml(module_file, "data.toml") == parsed and calls == []  # read back, not parsed

    stored[0].write_bytes(b"not a pickle")
    assert datafiles.load_toml(module_file, "data.toml") == {} and len(calls) == 1  # damaged: parsed again
    source.write_text('[net_income]\nlabel = "Net income"\n', encoding="utf-8")
    datafiles.load_toml(module_file, "data.toml")
    assert len(calls) == 2  # edited: a new digest, parsed again


def test_a_data_file_is_still_read_when_the_cache_cannot_be_written(tmp_path, monkeypatch):
    from edgar_cli import datafiles

    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache directory should be", encoding="utf-8")
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(blocker))
    (tmp_path / "data.toml").write_text("[a]\nb = 1\n", encoding="utf-8")
    assert datafiles.load_toml(str(tmp_path / "module.py"), "data.toml") == {"a": {"b": 1}}
    assert blocker.read_text(encoding="utf-8").startswith("a file")

"""The warm fast path (edgar_cli/cli/fastpath.py): the same answer as the Typer path, byte for byte, or none at all.

- its grammar is a subset of what Typer accepts, with the same values;
- over a matrix of corpus companies, concepts and options, ``EDGAR_FASTPATH=0`` (the full path) and the
  default give the same stdout, stderr and exit status, and the fast path answers every warm success of a
  ticker or CIK in the ticker file;
- it imports neither typer, click, pydantic, rich nor httpx, also under ``python -m edgar_cli``;
- on a cold or stale cache, a damaged entry, an error or a bug it falls back, having printed and written nothing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import edgar_env

from edgar_cli.cli import fastpath

# --- the grammar against Typer's ------------------------------------------------------------


def _typer_params(args: list[str]) -> dict | None:
    """The concept command's parameters as click parses ``args`` (after "concept"); None when it refuses them."""
    import click
    import typer.main

    from edgar_cli.cli.app import app

    group = typer.main.get_command(app)
    command = group.commands["concept"]  # type: ignore[attr-defined]
    try:
        ctx = command.make_context("concept", list(args[1:]), parent=click.Context(group, info_name="edgar"))
    except (click.UsageError, click.BadParameter, click.exceptions.Exit):
        return None
    return dict(ctx.params)


def _same_values(fast: dict, typer_params: dict, args: list[str]) -> None:
    """The grammar's values are Typer's (``typer_params`` left with what neither names), and every other option
    is at its default: the one-concept branch of concept_command, nothing global."""
    from edgar_cli.capabilities.arguments import parse_fiscal_years

    years = parse_fiscal_years(typer_params.pop("fy"))
    assert years == ([fast["fy"]] if fast["fy"] is not None else None), args
    assert (typer_params.pop("company"), list(typer_params.pop("concepts"))) == (fast["company"], [fast["concept"]])
    assert (typer_params.pop("period"), typer_params.pop("limit")) == (fast["period"], fast["limit"]), args
    assert typer_params.pop("as_of") == fast["as_of"], args
    assert typer_params.pop("basis") == "as_reported", args  # the grammar takes no --basis: Typer's default
    assert {k: v for k, v in typer_params.items() if v not in (None, False)} == {}, args


def _same_as_typer(args: list[str]) -> None:
    fast = fastpath.parse(args)
    if fast is None:
        return
    typer_params = _typer_params(args)
    assert typer_params is not None, args  # the fast grammar accepts only what Typer accepts
    as_json = typer_params.pop("as_json") or typer_params.pop("output_format", None) == "json"
    assert as_json, args
    _same_values(fast, typer_params, args)


MATRIX = [
    ["concept", "NVDA", "revenue", "--json"],
    ["concept", "NVDA", "revenue", "--fy", "2024", "--json"],
    ["concept", "NVDA", "revenue", "--fy=2024", "--json"],
    ["concept", "--fy", "2024", "NVDA", "--json", "revenue"],
    ["concept", "--json", "NVDA", "revenue", "-p", "quarterly", "-n", "3"],
    ["concept", "NVDA", "revenue", "--period=all", "--limit=40", "--format", "json"],
    ["concept", "NVDA", "revenue", "--format=json", "--period", "annual"],
    ["concept", "1045810", "eps_diluted", "--json", "--limit", "200"],
    ["concept", "nvda", "us-gaap:Revenues", "--json", "-n", "0005"],
    ["concept", "NVDA", "revenue", "--fy", "0999", "--json"],
    ["concept", "AAPL", "revenue", "--json", "--as-of", "2010-01-24"],  # point in time
    ["concept", "AAPL", "revenue", "--as-of=2010-01-24", "--json"],
]
REFUSED = [
    ["concept", "NVDA", "revenue"],  # not JSON
    ["concept", "NVDA", "revenue", "--csv"],
    ["concept", "NVDA", "revenue", "net_income", "--json"],  # several concepts: a table
    ["concept", "NVDA", "revenue", "--fy", "2020..2024", "--json"],  # a range
    ["concept", "NVDA", "revenue", "--fy", "2024", "--fy", "2023", "--json"],  # repeated: Typer takes the last
    ["concept", "NVDA", "revenue", "--json", "--json"],
    ["concept", "NVDA", "revenue", "--json", "--format", "json"],
    ["concept", "NVDA", "revenue", "--json", "-q"],
    ["concept", "NVDA", "revenue", "--json", "--no-cache"],
    ["concept", "NVDA", "revenue", "--json", "--last", "3"],
    ["concept", "NVDA", "revenue", "--json", "--derive", "ttm"],
    ["concept", "NVDA", "revenue", "--json", "--help"],
    ["concept", "NVDA", "revenue", "--json", "-n5"],
    ["concept", "NVDA", "revenue", "--json", "-p=all"],
    ["concept", "NVDA", "revenue", "--json", "--", "x"],
    ["concept", "NVDA", "revenue", "--json", "--fy", "٢٠٢٤"],  # non-ASCII digits: int() would take them
    ["concept", "NVDA", "revenue", "--json", "--fy="],
    ["concept", "NVDA", "revenue", "--json", "--period", "ANNUAL"],
    ["concept", "NVDA", "revenue", "--json", "--format", "nl"],
    ["concept", "NVDA", "revenue", "--json", "--limit"],
    ["-q", "concept", "NVDA", "revenue", "--json"],  # a global option first
    ["statement", "NVDA", "income", "--json"],
    ["concept", "AAPL", "revenue", "--json", "--as-of", "2010-1-24"],  # not a date's shape: the full path says so
    ["concept", "AAPL", "revenue", "--json", "--as-of", "2010-01-24", "--as-of", "2011-01-24"],
]


TOKENS = [
    "NVDA",
    "revenue",
    "--as-of",
    "2019-06-30",
    "--as-of=2019-06-30",
    "2019-6-30",
    "net_income",
    "-",
    "",
    "--fy",
    "2024",
    "--fy=2024",
    "20245",
    "2020..2024",
    "--period",
    "-p",
    "annual",
    "quarterly",
    "all",
    "--period=all",
    "ANNUAL",
    "--limit",
    "-n",
    "5",
    "0",
    "+5",
    "--limit=5",
    "-n5",
    "--json",
    "--format",
    "json",
    "csv",
    "--format=json",
    "--format=nl",
    "--csv",
    "-q",
    "--quiet",
    "--",
    "--fy=",
    "-p=annual",
    "--last",
    "--chart",
    "-h",
    "--help",
    "=",
    "--json=1",
    "--jso",
    "٢٠٢٤",
]


@given(st.lists(st.sampled_from(TOKENS), min_size=2, max_size=9))
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_whatever_the_fast_grammar_accepts_typer_accepts_with_the_same_values(tokens):
    _same_as_typer(["concept", *tokens])


# --- the same bytes, over a matrix from the corpus ------------------------------------------

# Companies: the six with companyfacts in the corpus by ticker (TSM: IFRS in TWD; LPA: a 20-F filer), by CIK
# and lower case; and queries the fast path leaves to the full path (a name, a CIK without a ticker: CARBO
# 1009672, companies without companyfacts: MSFT, AMZN, a ticker that is no current ticker).
FACTS = ["NVDA", "AAPL", "TSLA", "SNOW", "TSM", "LPA"]
OTHERS = ["nvda", "1045810", "CIK0000320193", "1009672", "MSFT", "AMZN", "NVIDIA", "TWTR"]
CONCEPTS = [
    "revenue",
    "net_income",
    "eps_diluted",
    "total_assets",
    "shares_outstanding",
    "us-gaap:Revenues",
    "dei:EntityCommonStockSharesOutstanding",
    "revenuez",
]
OPTIONS = [
    [],
    ["--fy", "2024"],
    ["--fy=2023", "-p", "quarterly"],
    ["-p", "all", "-n", "40"],
    ["--period=quarterly", "--limit=3", "--format", "json"],
    ["--fy", "2031"],
    ["--fy", "2010"],
    ["-n", "0"],
]
CASES = [[c, k, *o] for c in FACTS for k in CONCEPTS for o in OPTIONS] + [
    [c, k, *o] for c in OTHERS for k in ("revenue", "eps_diluted") for o in (OPTIONS[0], OPTIONS[1])
]


@pytest.fixture(scope="module")
def warm(mirror, tmp_path_factory):
    """A cache that the full path has filled for every company of the matrix (cold runs, in a subprocess)."""
    cache = tmp_path_factory.mktemp("fastpath") / "cache"
    env = edgar_env(mirror.url, cache, EDGAR_FASTPATH="0")
    for company in FACTS + OTHERS:
        subprocess.run(
            [sys.executable, "-m", "edgar_cli", "concept", company, "revenue", "--json"],
            env=env,
            capture_output=True,
            timeout=120,
        )
    for company in FACTS:  # the point-in-time summary an --as-of answer reads, kept beside the facts
        subprocess.run(
            [sys.executable, "-m", "edgar_cli", "concept", company, "revenue", "--as-of", "2020-06-01", "--json"],
            env=env,
            capture_output=True,
            timeout=120,
        )
    return cache


def _main(args: list[str], capsys) -> tuple[int, str, str]:
    from support import run_in_process

    from edgar_cli.sec.client import set_client

    set_client(None)
    r = run_in_process(args, capsys)
    return r.rc, r.out, r.err


def _answer(args: list[str]) -> str | None:
    """fastpath.answer as the entry point calls it (messages in the CLI's terms)."""
    from edgar_cli.vocabulary import set_surface

    set_surface("cli")
    return fastpath.answer(args)


def _tree(root: Path) -> dict:
    """Every file's size and mtime; SQLite's -shm, and an empty -wal a read-only open of a WAL database makes
    when there is none (the cache's reader does so on either path: no data is written), left out."""
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.endswith("-shm") and not (p.name.endswith("-wal") and p.stat().st_size == 0)
    }


@pytest.mark.parametrize("case", CASES, ids=" ".join)
def test_the_fast_path_prints_what_the_full_path_prints(case, warm, mirror, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    args = ["concept", *case] + ([] if "--format" in case else ["--json"])
    before = _tree(warm)
    fast = _answer(args)
    assert _tree(warm) == before  # answered or not, it wrote nothing
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    full = _main(args, capsys)
    monkeypatch.delenv("EDGAR_FASTPATH")
    default = _main(args, capsys)
    assert default == full
    if fast is not None:
        assert fast == full[1] and full[0] == 0
    elif full[0] == 0:
        # a warm success the fast path left alone must be one it cannot serve: a name or a CIK without a ticker
        assert case[0] in ("NVIDIA", "1009672"), case


def test_most_of_the_matrix_is_answered_by_the_fast_path(warm, mirror, monkeypatch):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    answered = [c for c in CASES if _answer(["concept", *c, *([] if "--format" in c else ["--json"])])]
    assert len(answered) > len(CASES) // 3, len(answered)


# --- fall-backs -----------------------------------------------------------------------------

ARGS = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]


def test_a_cold_cache_falls_back_and_fetches_as_before(mirror, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    assert _answer(ARGS) is None  # nothing cached: the ticker file would need a request
    assert not (tmp_path / "cache").exists() or _tree(tmp_path / "cache") == {}
    rc, out, err = _main(ARGS, capsys)
    assert rc == 0 and err == ""
    assert json.loads(out)["values"][0]["value"] == 60922000000  # 0001045810-24-000029
    assert json.loads(out)["data_source"]["kind"] == "live"
    assert _answer(ARGS) == out.replace('"kind": "live"', '"kind": "cache"')  # now warm


@pytest.mark.parametrize(
    "today",
    [
        "2026-07-02",  # facts older than 10 minutes: the filing check needs submissions
        "2026-07-09",
    ],
)  # companyfacts past its week, the ticker file past its day
def test_a_stale_cache_falls_back_without_writing_and_the_full_path_answers(
    today, warm, mirror, monkeypatch, capsys, tmp_path
):
    cache = tmp_path / "stale"
    shutil.copytree(warm, cache)
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(cache))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("EDGAR_TODAY", today)
    before, requests = _tree(cache), len(mirror.log)
    assert _answer(ARGS) is None
    assert _tree(cache) == before and len(mirror.log) == requests  # no write, no request
    rc, out, _err = _main(ARGS, capsys)
    assert rc == 0 and json.loads(out)["values"][0]["accession_number"] == "0001045810-24-000029"
    assert len(mirror.log) > requests  # the full path checked with the SEC


def test_a_damaged_cache_entry_falls_back_and_the_full_path_drops_it(warm, mirror, monkeypatch, capsys, tmp_path):
    import diskcache

    cache = tmp_path / "damaged"
    shutil.copytree(warm, cache)
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(cache))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    store = diskcache.Cache(str(cache / "http"))
    fmt, stored_at, digest, meta, payload = store["facts:0001045810"]
    store["facts:0001045810"] = (fmt, stored_at, digest, meta, payload[:-10] + b"0123456789")  # checksum fails
    store.close()
    before = _tree(cache)
    assert _answer(ARGS) is None
    assert _tree(cache) == before  # the fast path leaves the damaged entry for the full path to remove
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    rc, out, _err = _main(ARGS, capsys)
    assert rc == 0 and json.loads(out)["values"][0]["value"] == 60922000000


def test_an_error_is_rendered_by_the_full_path(warm, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    args = ["concept", "NVDA", "revenue", "--fy", "2031", "--json"]
    assert _answer(args) is None
    rc, out, err = _main(args, capsys)
    assert rc == 5 and json.loads(out)["error"]["code"] == "out_of_scope" and err == ""


def test_a_bug_in_the_fast_path_falls_back_to_the_same_output(warm, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    expected = _main(ARGS, capsys)
    monkeypatch.delenv("EDGAR_FASTPATH")

    def broken(*_a, **_k):
        raise RuntimeError("a bug")

    monkeypatch.setattr(fastpath, "dumps", broken)
    monkeypatch.delenv("EDGAR_DEBUG", raising=False)
    assert _answer(ARGS) is None
    assert _main(ARGS, capsys) == expected
    monkeypatch.setenv("EDGAR_DEBUG", "1")  # a developer sees the fast path's own bug
    with pytest.raises(RuntimeError):
        _answer(ARGS)


@pytest.mark.parametrize(
    "env",
    [
        {"EDGAR_FASTPATH": "0"},
        {"EDGAR_NO_CACHE": "1"},
        {"EDGAR_REDIS_URL": "redis://127.0.0.1:1/0"},
        {"_EDGAR_COMPLETE": "bash_complete"},
    ],
)
def test_settings_that_change_the_full_path_make_the_fast_path_stand_aside(env, warm, monkeypatch):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    assert _answer(ARGS) is not None
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert _answer(ARGS) is None


def test_a_bulk_store_file_that_holds_no_store_changes_nothing_and_the_fast_path_answers(warm, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_BULK_DIR", str(tmp_path))
    expected = _answer(ARGS)
    assert expected is not None
    (tmp_path / "bulk.sqlite").write_bytes(b"")  # the full path finds no usable store in it either
    assert _answer(ARGS) == expected


def test_a_copy_a_stopped_sync_left_is_the_full_paths_to_remove(warm, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_BULK_DIR", str(tmp_path))
    (tmp_path / "bulk.sqlite.building").write_bytes(b"")
    assert _answer(ARGS) is None
    assert (tmp_path / "bulk.sqlite.building").exists()  # nothing removed by the fast path


# --- what a fast run imports ------------------------------------------------------------------

NOT_IMPORTED = (
    "typer",
    "click",
    "pydantic",
    "pydantic_core",
    "rich",
    "httpx",
    "httpcore",
    "ssl",
    "diskcache",
    "rapidfuzz",
    "logging",  # edgar_cli.logs imports it: config and sec.urls import logs only to redact a URL when they must
    "edgar_cli.logs",
    "edgar_cli.models",
    "edgar_cli.cli.app",
    "edgar_cli.cli.support",
    "edgar_cli.cli.render",
)


def _imported(argv: list[str], env: dict) -> tuple[set[str], subprocess.CompletedProcess]:
    """The modules ``python -X importtime ARGV`` imported (its stderr), and the process."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *argv], env=env, capture_output=True, text=True, timeout=120
    )
    mods = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    return mods, proc


@pytest.mark.parametrize("how", ["entry", "python -m"])
def test_a_warm_fast_run_imports_neither_typer_nor_pydantic_nor_rich_nor_httpx(how, warm, mirror):
    env = edgar_env(mirror.url, warm)
    env.pop("EDGAR_FASTPATH", None)
    argv = (
        ["-m", "edgar_cli", *ARGS]
        if how == "python -m"
        else ["-c", "import sys; from edgar_cli.cli.entry import main; main(sys.argv[1:])", *ARGS]
    )
    requests = len(mirror.log)
    mods, proc = _imported(argv, env)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["values"][0]["value"] == 60922000000  # 0001045810-24-000029
    assert "edgar_cli.cli.fastpath" in mods and len(mirror.log) == requests
    assert {
        m
        for m in mods
        if m.split(".")[0] in NOT_IMPORTED or m in NOT_IMPORTED or any(m.startswith(n + ".") for n in NOT_IMPORTED)
    } == set()
    env["EDGAR_FASTPATH"] = "0"  # and the switch really switches
    mods_full, full = _imported(argv, env)
    assert "typer" in mods_full and "pydantic" in mods_full and full.stdout == proc.stdout


# --- the other forms: csv, tsv, nl, piped rows, a table, -q, a company's name ------------------------------------

FORMS_ACCEPTED = [
    ["concept", "NVDA", "revenue"],
    ["concept", "NVDA", "revenue", "--tsv"],
    ["concept", "NVDA", "revenue", "--csv", "--fy", "2024"],
    ["concept", "NVDA", "revenue", "--nl", "-n", "3"],
    ["concept", "NVDA", "revenue", "--format", "table"],
    ["concept", "NVDA", "revenue", "--format=tsv", "-q"],
    ["-q", "concept", "NVDA", "revenue", "--json"],
    ["--quiet", "concept", "nvidia", "revenue"],
    ["concept", "NVDA", "revenue", "--json", "--quiet"],
]
FORMS_REFUSED = [
    ["concept", "NVDA", "revenue", "--tsv", "--csv"],  # two formats: Typer's error
    ["concept", "NVDA", "revenue", "--tsv", "--format", "tsv"],
    ["concept", "NVDA", "revenue", "--format", "TSV"],
    ["concept", "NVDA", "revenue", "--format", "plain"],
    ["-q", "-q", "concept", "NVDA", "revenue"],
    ["-q", "concept", "NVDA", "revenue", "--quiet"],
    ["--no-cache", "concept", "NVDA", "revenue"],
    ["concept", "NVDA", "revenue", "--chart"],
    ["concept", "NVDA", "revenue", "--long"],
    ["concept", "NVDA", "revenue", "net_income", "--tsv"],
    ["concept", "NVDA", "--tsv"],
]


def _same_form_as_typer(args: list[str]) -> None:
    form = fastpath.parse_form(args)
    if form is None:
        return
    lead = 1 if args[0] in ("-q", "--quiet") else 0  # the root's -q: the command's own arguments follow
    typer_params = _typer_params(args[lead:])
    assert typer_params is not None, args
    flags = {"as_json": "json", "as_csv": "csv", "as_tsv": "tsv", "as_nl": "nl"}
    chosen = [fmt for name, fmt in flags.items() if typer_params.pop(name)]
    chosen += [f for f in [typer_params.pop("output_format")] if f]
    assert len(chosen) <= 1 and form["format"] == (chosen[0] if chosen else None), args
    assert form["quiet"] == (bool(lead) or typer_params.pop("quiet")), args
    typer_params.pop("quiet", None)
    _same_values(form, typer_params, args)


# The two grammars: `concept --json` (parse) and the wider one of the table and text formats (parse_form), each
# with the check that its reading equals Typer's; the cases each takes and leaves to Typer, by grammar.
GRAMMARS = {"json": (fastpath.parse, _same_as_typer), "wider": (fastpath.parse_form, _same_form_as_typer)}
TAKEN = [("json", a) for a in MATRIX] + [("wider", a) for a in FORMS_ACCEPTED]
LEFT = [("json", a) for a in REFUSED] + [("wider", a) for a in FORMS_REFUSED]


def _case_id(value: str | list[str]) -> str:
    return value if isinstance(value, str) else " ".join(value)


@pytest.mark.parametrize("grammar,args", TAKEN, ids=_case_id)
def test_each_fast_grammar_gives_what_typer_gives(grammar, args):
    parse, same_as_typer = GRAMMARS[grammar]
    assert parse(args) is not None
    same_as_typer(args)


@pytest.mark.parametrize("grammar,args", LEFT, ids=_case_id)
def test_anything_outside_a_fast_grammar_is_left_to_typer(grammar, args):
    assert GRAMMARS[grammar][0](args) is None


FORM_TOKENS = [*TOKENS, "--tsv", "--nl", "tsv", "table", "nl", "--format=table", "--format=tsv", "--chart", "--long"]


@given(st.lists(st.sampled_from(FORM_TOKENS), min_size=2, max_size=9), st.booleans())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_whatever_the_wider_grammar_accepts_typer_accepts_with_the_same_values(tokens, quiet_first):
    _same_form_as_typer([*(["-q"] if quiet_first else []), "concept", *tokens])


def test_the_fast_path_shows_a_concept_as_the_concept_view_declares():
    from edgar_cli.cli import views
    from edgar_cli.cli.views import concept  # noqa: F401 - declares ConceptResult's

    declared = views.shown("ConceptResult")
    fast = fastpath._CONCEPT_SHOWN
    for part in ("table", "rows", "notes", "warnings", "row_notes"):
        assert getattr(declared, part) is getattr(fast, part), part


FORM_COMPANIES = [*FACTS, "nvidia", "tesla"]
FORM_OPTIONS = [
    [],
    ["--tsv", "--fy", "2024"],
    ["--csv", "-p", "quarterly", "-n", "3"],
    ["--nl"],
    ["-q", "--tsv", "-p", "all", "-n", "12"],
    ["--format", "table"],
    ["--format=table", "--quiet", "--fy", "2023"],
    ["--tsv", "--as-of", "2020-06-01"],  # point in time (the warm cache holds each company's summary)
    ["--as-of=2016-09-01", "--format", "table", "-p", "quarterly", "-n", "4"],
]
FORM_CASES = [[c, k, *o] for c in FORM_COMPANIES for k in ("revenue", "eps_diluted") for o in FORM_OPTIONS]


def _respond(args: list[str]) -> tuple[str, str] | None:
    from edgar_cli.vocabulary import set_surface

    set_surface("cli")
    found = fastpath.respond(args)
    if found is None:
        return None
    out, err, rc = found
    assert isinstance(err, str) and rc == 0  # off a terminal, stderr is plain text
    return out, err


@pytest.mark.parametrize("case", FORM_CASES, ids=" ".join)
def test_every_form_prints_what_the_full_path_prints(case, warm, mirror, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    args = ["concept", *case]
    before = _tree(warm)
    fast = _respond(args)
    assert _tree(warm) == before
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    full = _main(args, capsys)
    monkeypatch.delenv("EDGAR_FASTPATH")
    assert _main(args, capsys) == full
    if full[0] == 0:  # every warm success of a ticker or a name is the fast path's, with the same bytes
        assert fast == (full[1], full[2]), case
    else:
        assert fast is None, case


@pytest.mark.parametrize("columns", ["60", "80", "129", "130", "200"])
@pytest.mark.parametrize("company", ["NVDA", "TSM", "tesla"])
def test_a_table_at_any_width_is_what_the_full_path_lays_out(columns, company, warm, mirror, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("COLUMNS", columns)
    args = ["concept", company, "eps_diluted", "-p", "all", "-n", "20", "--format", "table"]
    fast = _respond(args)
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    rc, out, err = _main(args, capsys)
    assert rc == 0 and fast == (out, err)


def _on_terminals(argv: list[str], env: dict, columns: int) -> tuple[int, bytes, bytes]:
    """``argv`` run with stdout and stderr on two pseudo-terminals COLUMNS wide: (exit status, stdout, stderr)."""
    import fcntl
    import os
    import select
    import struct
    import termios

    pairs = [os.openpty(), os.openpty()]
    for _master, slave in pairs:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        attrs = termios.tcgetattr(slave)
        attrs[1] &= ~termios.OPOST  # bytes as written: no \n -> \r\n
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=pairs[0][1], stderr=pairs[1][1])
    for _master, slave in pairs:
        os.close(slave)
    got = {pairs[0][0]: b"", pairs[1][0]: b""}
    reading = set(got)
    while reading:
        ready, _, _ = select.select(list(reading), [], [], 60)
        assert ready, "no output for a minute"
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the other end is closed
                chunk = b""
            if chunk:
                got[fd] += chunk
            else:
                os.close(fd)
                reading.discard(fd)
    return proc.wait(timeout=60), got[pairs[0][0]], got[pairs[1][0]]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
@pytest.mark.parametrize("term", ["xterm-256color", "dumb"])
def test_on_a_terminal_the_fast_path_prints_the_full_paths_bytes(term, warm, mirror):
    env = edgar_env(mirror.url, warm, TERM=term)
    for var in ("EDGAR_FASTPATH", "COLUMNS", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(var, None)
    for args, columns in (
        (["concept", "NVDA", "revenue"], 80),
        (["concept", "AAPL", "eps_diluted", "-p", "all", "-n", "12"], 140),
        (["concept", "tesla", "revenue", "--tsv"], 100),
        (["-q", "concept", "SNOW", "revenue", "--json"], 80),
    ):
        argv = [sys.executable, "-m", "edgar_cli", *args]
        fast = _on_terminals(argv, env, columns)
        full = _on_terminals(argv, dict(env, EDGAR_FASTPATH="0"), columns)
        assert fast == full and fast[0] == 0 and fast[1], args


# The rows' writers and messages (output.py) use logs.py, which imports logging: only JSON goes without it.
ROWS_NOT_IMPORTED = tuple(m for m in NOT_IMPORTED if m not in ("logging", "edgar_cli.logs"))


@pytest.mark.parametrize(
    "args",
    [
        ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"],
        ["concept", "NVDA", "revenue", "--fy", "2024"],  # piped: rows without the header
        ["-q", "concept", "NVDA", "revenue", "--fy", "2024", "--json"],
        ["concept", "nvidia", "revenue", "--fy", "2024", "--json"],
    ],
    ids=" ".join,
)
def test_a_warm_run_of_another_form_imports_neither_typer_nor_pydantic_nor_rich(args, warm, mirror):
    not_imported = ROWS_NOT_IMPORTED if "--json" not in args else NOT_IMPORTED
    env = edgar_env(mirror.url, warm)
    env.pop("EDGAR_FASTPATH", None)
    mods, proc = _imported(["-m", "edgar_cli", *args], env)
    assert proc.returncode == 0 and "60922000000" in proc.stdout  # 0001045810-24-000029
    assert "edgar_cli.cli.fastpath" in mods
    assert {
        m
        for m in mods
        if m.split(".")[0] in not_imported or m in not_imported or any(m.startswith(n + ".") for n in not_imported)
    } == set()


@pytest.mark.parametrize("env", [{"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "1"}, {"NO_COLOR": "1", "FORCE_COLOR": "1"}])
def test_where_rich_would_style_stderr_off_a_terminal_it_is_rich_that_writes_it(env, warm, mirror, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(warm))
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    args = ["concept", "NVDA", "revenue", "--tsv"]
    found = fastpath.respond(args)
    assert found is not None and callable(found[1])  # not the plain text: rich's own functions write it
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    full = _main(args, capsys)
    monkeypatch.delenv("EDGAR_FASTPATH")
    assert _main(args, capsys) == full and full[0] == 0 and "answered from" in full[2]


# --- a first lookup and a re-check: the same engine with a client that fetches and writes ----------------------


def _without_importtime(stderr: str) -> str:
    return "\n".join(line for line in stderr.splitlines() if not line.startswith("import time:"))


def _cache_keys(cache: Path) -> set[str]:
    import diskcache

    with diskcache.Cache(str(cache / "http")) as store:
        return set(store.iterkeys())


def test_a_first_lookup_prints_what_the_full_path_prints_without_typer_or_pydantic(mirror, tmp_path):
    """A cold cache: the fast path fetches (as the full path would) instead of handing over to Typer; the same
    stdout, stderr, exit status, requests and cache entries as EDGAR_FASTPATH=0 on another cold cache."""
    argv = ["-m", "edgar_cli", *ARGS]
    fast_env = edgar_env(mirror.url, tmp_path / "fast")
    fast_env.pop("EDGAR_FASTPATH", None)
    requests = len(mirror.log)
    mods, fast = _imported(argv, fast_env)
    fast_requests = sorted(e.path for e in mirror.log[requests:])
    requests = len(mirror.log)
    _mods, full = _imported(argv, edgar_env(mirror.url, tmp_path / "full", EDGAR_FASTPATH="0"))
    full_requests = sorted(e.path for e in mirror.log[requests:])
    assert fast.returncode == full.returncode == 0
    assert json.loads(fast.stdout)["values"][0]["value"] == 60922000000  # 0001045810-24-000029
    assert json.loads(fast.stdout)["data_source"]["kind"] == "live"
    assert fast.stdout == full.stdout
    assert _without_importtime(fast.stderr) == _without_importtime(full.stderr) == ""
    assert fast_requests == full_requests and len(fast_requests) == 2  # the ticker file and the companyfacts
    assert _cache_keys(tmp_path / "fast") == _cache_keys(tmp_path / "full")
    assert not {"typer", "click", "pydantic", "rich"} & mods
    # what a first lookup that went well has no use for: edgar's log helpers (the mirror's name is redacted only
    # for a message), the config file and its directory (SEC_USER_AGENT is set)
    assert not {"edgar_cli.logs", "platformdirs"} & mods


def test_the_ten_minute_recheck_is_made_by_the_fast_path_and_answers_as_the_full_path(
    warm, mirror, monkeypatch, capsys, tmp_path
):
    """Facts older than the submissions' freshness: the re-check with the SEC is made without Typer, and the
    answer is the full path's on a copy of the same cache."""
    fast_cache, full_cache = tmp_path / "fast", tmp_path / "full"
    shutil.copytree(warm, fast_cache)
    shutil.copytree(warm, full_cache)
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("EDGAR_TODAY", "2026-07-02")
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(fast_cache))
    requests = len(mirror.log)
    done = fastpath.respond(ARGS)
    assert done is not None and len(mirror.log) > requests  # answered here, after asking the SEC
    fast_requests = sorted(e.path for e in mirror.log[requests:])
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(full_cache))
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    requests = len(mirror.log)
    rc, out, err = _main(ARGS, capsys)
    assert (rc, err) == (0, "") and done == (out, "", 0)
    assert sorted(e.path for e in mirror.log[requests:]) == fast_requests


def test_a_name_leaves_the_first_lookup_to_the_full_resolver(mirror, monkeypatch, capsys):
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    args = ["concept", "NVIDIA", "revenue", "--fy", "2024", "--json"]
    assert fastpath.respond(args) is None  # the ticker file fetched and cached on the way; no answer given
    rc, out, _err = _main(args, capsys)
    assert rc == 0 and json.loads(out)["values"][0]["value"] == 60922000000  # 0001045810-24-000029


def test_an_upstream_failure_on_a_first_lookup_is_met_once_and_said_as_the_full_path_says_it(
    corpus, monkeypatch, capsys, tmp_path
):
    """Every request answered 503: the fast path's pass gives the full path's error, after one round of
    retries, not two (it does not hand the same failing request over to the full path)."""
    import stamina
    from mirror import Faults, MirrorServer

    with MirrorServer(corpus, faults=Faults(rate=1.0, kinds=("503",))) as down, stamina.set_testing(True, attempts=2):
        monkeypatch.setenv("EDGAR_MIRROR", down.url)
        results = {}
        for mode in ("full", "fast"):
            monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / mode))
            monkeypatch.setenv("EDGAR_FASTPATH", "0" if mode == "full" else "1")
            requests = len(down.log)
            results[mode] = (_main(ARGS, capsys), len(down.log) - requests)
    (full, full_requests), (fast, fast_requests) = results["full"], results["fast"]
    assert full[0] == 8 and json.loads(full[1])["error"]["code"] == "upstream_unavailable"
    assert fast == full and fast_requests == full_requests


COLD_FORMS = [
    ["--json"],
    ["-q", "--json"],
    [],  # piped: header-less tsv rows
    ["--tsv", "--fy", "2024"],
    ["--csv", "-p", "quarterly", "-n", "3"],
    ["--nl"],
    ["-q", "--tsv", "-p", "all", "-n", "12"],
    ["--format", "table", "--fy", "2023"],
]


@pytest.mark.parametrize("options", COLD_FORMS, ids=lambda o: " ".join(o) or "piped")
def test_a_first_lookup_in_any_form_is_answered_here_as_the_full_path_answers_it(
    options, mirror, monkeypatch, capsys, tmp_path
):
    """Each form the warm path serves, on a cold cache: answered by the fetching pass (not handed to Typer) with
    the full path's stdout, stderr and exit status, the same requests and the same cache entries."""
    from edgar_cli.vocabulary import set_surface

    args = ["concept", "NVDA", "revenue", *options]
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "fast"))
    set_surface("cli")
    capsys.readouterr()
    requests = len(mirror.log)
    found = fastpath.respond(args)
    warned = capsys.readouterr().err  # the fetching client's warnings, written once the answer stands
    fast_requests = sorted(e.path for e in mirror.log[requests:])
    assert found is not None and fast_requests, options  # answered here, after asking the SEC
    out, err, rc = found
    assert isinstance(err, str)  # off a terminal, stderr is plain text
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "full"))
    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    requests = len(mirror.log)
    full = _main(args, capsys)
    assert full[0] == 0 and "NVIDIA CORP" in full[1]
    if not {"--fy", "-p"} & set(options):  # the latest year first: FY2026's revenue, 0001045810-26-000021
        assert "215938000000" in full[1]
    assert (rc, out, warned + err) == full
    assert sorted(e.path for e in mirror.log[requests:]) == fast_requests
    assert _cache_keys(tmp_path / "fast") == _cache_keys(tmp_path / "full")


def test_a_recheck_that_fails_is_answered_here_with_the_dated_note_said_once_as_the_full_path_says_it(
    warm, mirror, monkeypatch, capsys, tmp_path
):
    """The facts' re-check meets a 503 on both its attempts: the cached facts answer with the client's dated
    warning; the fetching pass says it on stderr as the full path's client does, and its messages do not say
    it again, so stdout, stderr and the exit status are the full path's. NVIDIA's FY2024 revenue,
    60,922,000,000, is in 0001045810-24-000029."""
    import stamina

    from edgar_cli.vocabulary import set_surface

    submissions = "/data.sec.gov/submissions/CIK0001045810.json"
    args = ["concept", "NVDA", "revenue", "--fy", "2024", "--tsv"]
    shutil.copytree(warm, tmp_path / "fast")
    shutil.copytree(warm, tmp_path / "full")
    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)
    monkeypatch.setenv("EDGAR_TODAY", "2026-07-02")
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "fast"))
    set_surface("cli")
    capsys.readouterr()
    try:
        with stamina.set_testing(True, attempts=2):
            mirror.script(submissions, *[(503, {}, b"Service Unavailable")] * 2)
            found = fastpath.respond(args)
            warned = capsys.readouterr().err
            monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "full"))
            monkeypatch.setenv("EDGAR_FASTPATH", "0")
            mirror.script(submissions, *[(503, {}, b"Service Unavailable")] * 2)
            full = _main(args, capsys)
    finally:
        with mirror._lock:
            mirror.scripted.pop(submissions, None)
    assert found is not None and full[0] == 0 and "60922000000" in full[1]
    assert "warning:" in warned and warned in full[2]  # the client's own line, said as the full path's says it
    out, err, rc = found
    assert (rc, out, warned + err) == full
    assert full[2].count(warned.strip()) == 1

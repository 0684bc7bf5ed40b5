"""The options of a run (--quiet, --no-cache, --user-agent, the output format) are that run's: kept in its click
context, never in a module global that the next run in the same process would start from."""

from __future__ import annotations

from edgar_cli.cli import support


def test_a_runs_options_do_not_outlive_it(cli):
    r = cli("-q", "--no-cache", "concepts", "revenue", "--json")
    assert r.rc == 0 and r.json()["concepts"][0]["concept"] == "revenue"
    assert support.quiet() is False and support.current_format() is None


def test_the_next_run_in_the_same_process_starts_from_the_defaults(cli):
    quiet_json = cli("-q", "concepts", "revenue", "--json")
    plain = cli("concepts", "revenue", "--tsv")
    assert quiet_json.out.lstrip().startswith("{")
    assert plain.out.startswith("concept\t")  # tsv: a header row, not the json of the run before

"""What newcomers doing analyst tasks from the README alone tripped on (issue 36, second pass), through the
real CLI: a one-concept derived quarter says where it came from, `filings --all`, one name per company, a
screen asked for a convenience translation, and help text that names each of these."""

from __future__ import annotations

import os
import pty
import subprocess

from support import edgar_env, read_terminal


def on_a_terminal(args: list[str], env: dict, timeout: float = 60) -> tuple[int, str]:
    """``edgar ARGS`` with stdout and stderr on one pseudo-terminal 100 columns wide, as a person sees it."""
    from support import edgar_command

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        edgar_command() + args, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env={**env, "COLUMNS": "100"}
    )
    os.close(slave)
    screen = read_terminal(master, proc, timeout)
    proc.wait(timeout=10)
    os.close(master)
    return proc.returncode, screen.decode(errors="replace").replace("\r\n", "\n")


# NVIDIA's Q4 FY2026 revenue is derived: FY2026 215,938,000,000 (10-K 0001045810-26-000021) less the nine
# months 147,811,000,000 (10-Q 0001045810-25-000230).
Q4_ARGS = ("concept", "NVDA", "revenue", "--period", "quarterly", "--derive", "q4", "--last", "4")


def test_a_one_concept_derived_quarter_table_names_its_formula_its_filings_and_the_long_flag(cli):
    res = cli(*Q4_ARGS, "--format", "table")
    assert res.rc == 0, res.err
    line = next(n for n in res.err.splitlines() if "Q4 FY2026" in n)
    assert "FY2026 - 9M FY2026" in line and "0001045810-26-000021" in line and "0001045810-25-000230" in line
    assert "(one row per cell)" in " ".join(res.err.split())  # where each cell's filing is


def test_on_a_terminal_the_derived_quarter_of_one_concept_says_where_it_came_from(mirror, tmp_path):
    rc, screen = on_a_terminal(list(Q4_ARGS), edgar_env(mirror.url, tmp_path / "cache", NO_COLOR="1"))
    assert rc == 0, screen
    assert "68,127 d" in screen  # the table, as a terminal gets it by default
    assert "Revenue Q4 FY2026 derived: FY2026 - 9M FY2026" in " ".join(screen.split())
    assert "0001045810-26-000021" in screen and "0001045810-25-000230" in screen
    assert "(one row per cell)" in " ".join(screen.split())


def test_a_derived_quarter_piped_wide_names_the_long_form_and_long_does_not_repeat_the_formulas(cli):
    # several concepts' --wide rows say how to get each cell's filing (drop --wide); the rows by default (--long),
    # and one concept's rows even with --wide, are one per period with its filings
    wide = cli(*Q4_ARGS[:3], "net_income", *Q4_ARGS[3:], "--tsv", "--wide")
    assert wide.rc == 0 and "drop --wide" in wide.err
    for args in ((*Q4_ARGS, "--tsv"), (*Q4_ARGS, "--tsv", "--long"), (*Q4_ARGS, "--tsv", "--wide")):
        long = cli(*args)
        assert long.rc == 0 and "0001045810-26-000021" in long.out  # the rows carry it
        assert (
            "--wide" not in long.err
            and "one row per cell" not in long.err
            and not any(n.startswith("note: Revenue Q4") for n in long.err.splitlines())
        )


def test_the_engine_notes_of_a_derived_quarter_name_no_cli_flag(cli):
    res = cli(*Q4_ARGS, "--json")
    assert res.rc == 0 and "--long" not in res.out


def test_filings_all_lists_every_matching_filing_up_to_the_most_one_call_returns(cli):
    some = cli("filings", "NVDA", "--json").json()
    every = cli("filings", "NVDA", "--all", "--json")
    assert every.rc == 0, every.out
    got = every.json()
    assert got["limit"] == 1000 and len(got["filings"]) > len(some["filings"]) == 20
    assert len(got["filings"]) == got["total_matches"] or got["truncated"]


def test_filings_all_past_the_most_one_listing_shows_says_how_to_get_the_older_ones(cli):
    # NVIDIA's submissions (recent and older pages) list 1,007 filings; the 1,000th newest was filed 2019-12-12.
    res = cli("filings", "NVDA", "--all", "--csv")
    assert res.rc == 0
    # (the older page, listing 1,385 more, is not read: "at least")
    note = next(n for n in res.err.splitlines() if "1,000 of at least 1,007 filings shown" in n)
    assert "--limit" not in note and "--to 2019-12-12" in note


def test_filings_all_with_a_limit_is_an_error_naming_both(cli):
    res = cli("filings", "NVDA", "--all", "-n", "5", "--json")
    assert res.rc == 2
    err = res.json()["error"]
    assert err["code"] == "invalid_argument" and "--all" in err["message"] and "--limit" in err["message"]


def test_a_screen_names_snowflake_as_its_ticker_file_does_not_as_its_xbrl_entity_name(store_env, cli, monkeypatch):
    # companyfacts' entityName is "SNOWFLAKE INC."; the ticker file (and the resolver) say "Snowflake Inc.";
    # its FY2024 revenue 2,806,489,000 is from 10-K 0001640147-24-000101.
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    resolved = cli("resolve", "SNOW", "--json").json()  # any lookup caches the ticker file; a screen never fetches it
    res = cli("screen", "revenue", "--fy", "2024", "--json")
    assert res.rc == 0, res.out
    row = next(r for r in res.json()["rows"] if r["cik"] == "0001640147")
    assert row["name"] == "Snowflake Inc." and row["accession_number"] == "0001640147-24-000101"
    table = cli("screen", "revenue", "--fy", "2024", "--format", "table")
    assert "Snowflake Inc." in table.out and "SNOWFLAKE" not in table.out + table.err
    assert row["name"] == resolved["name"]


def test_a_note_on_snowflakes_facts_names_it_as_every_other_line_does(cli):
    res = cli("statement", "SNOW", "income", "--json")
    assert res.rc == 0, res.out
    data = res.json()
    assert data["company"]["name"] == "Snowflake Inc."
    assert "SNOWFLAKE" not in res.out + res.err


def test_a_screen_in_usd_says_a_translation_is_not_screened_and_names_what_gives_one(store_env, cli, monkeypatch):
    # TSMC reports revenue in TWD and tags a USD convenience translation (20-F 0001193125-25-083423)
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    res = cli("screen", "revenue", "--fy", "2024", "--unit", "USD", "--json")
    assert res.rc == 0, res.out
    other = next(e for e in res.json()["excluded"] if e["reason"] == "other_unit")
    assert "convenience translation" in other["detail"]
    assert "edgar compare" in other["detail"] and "--unit USD" in other["detail"]
    assert "0001046179" not in [r["cik"] for r in res.json()["rows"]]  # never mixed in


def test_help_names_the_long_flag_filings_all_and_the_screens_unit(cli):
    concept = cli("concept", "--help").out
    assert "--long" in concept and "--derive" in concept
    assert "--all" in cli("filings", "--help").out
    screen = cli("screen", "--help").out
    assert "--unit" in screen and "convenience translation" in screen

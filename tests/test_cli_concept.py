"""`edgar concept` and `edgar resolve` end to end: the installed command against the corpus mirror."""

from __future__ import annotations

import json

import pytest

from edgar_cli.errors import ExitStatus


def test_the_main_job_prints_nvidia_fy2024_revenue_with_its_provenance(edgar):
    # 0001045810-24-000029: NVIDIA's FY2024 10-K, Revenues 60,922,000,000 USD for 2023-01-30 to 2024-01-28.
    r = edgar("concept", "NVDA", "revenue", "--fy", "2024", "--format", "table")
    assert r.rc == 0, r.err
    for text in (
        "60,922,000,000",
        "2023-01-30",
        "2024-01-28",
        "Revenues",
        "10-K",
        "2024-02-21",
        "0001045810-24-000029",
        "USD",
    ):
        assert text in r.out
    piped = edgar("concept", "NVDA", "revenue", "--fy", "2024")  # stdout is a pipe: one tab-separated row
    assert piped.rc == 0, piped.err
    (row,) = piped.out.splitlines()
    for text in (
        "60922000000",
        "2023-01-30",
        "2024-01-28",
        "us-gaap:Revenues",
        "10-K",
        "2024-02-21",
        "0001045810-24-000029",
        "USD",
    ):
        assert text in row.split("\t")


def test_json_mode_prints_only_the_model_on_stdout(edgar):
    r = edgar("concept", "NVDA", "revenue", "--fy", "2024", "--json")
    assert r.rc == 0 and r.err == ""
    data = r.json()
    assert data["values"][0]["value"] == 60922000000
    assert data["values"][0]["accession_number"] == "0001045810-24-000029"
    assert data["company"]["cik"] == "0001045810"


def test_python_dash_m_works_too(mirror, tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, EDGAR_MIRROR=mirror.url)
    proc = subprocess.run(
        [sys.executable, "-m", "edgar_cli", "resolve", "AAPL", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["cik"] == "0000320193"


@pytest.mark.parametrize(
    "args,code,status",
    [
        (("concept", "ZZZZ", "revenue"), "not_found", ExitStatus.NOT_FOUND),
        (("concept", "NVDA", "revnue"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "NVDA", "revenue", "--fy", "1850"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "NVDA", "revenue", "--fy", "2031"), "out_of_scope", ExitStatus.OUT_OF_SCOPE),
        (("concept", "NVDA", "revenue", "--fy", "abc"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "NVDA", "revenue", "--period", "weekly"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "NVDA", "revenue", "--limit", "0"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "TSLA", "revenue", "--fy", "2024"), "not_found", ExitStatus.NOT_FOUND),
        (("concept", "AAPL", "revenue", "--as-of", "2026-07-02"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "AAPL", "revenue", "--as-of", "2008-12-31"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("concept", "AAPL", "revenue", "--as-of", "June 2019"), "invalid_argument", ExitStatus.INVALID_ARGUMENT),
        (("resolve", "American"), "ambiguous", ExitStatus.AMBIGUOUS),
        (("resolve", "TWTR"), "not_found", ExitStatus.NOT_FOUND),
    ],
)
def test_bad_input_is_a_structured_error_with_its_exit_code(cli, args, code, status):
    r = cli(*args, "--json")
    assert r.rc == status
    err = r.json()["error"]
    assert err["code"] == code and err["message"] and err["suggestion"]
    assert "Traceback" not in r.out + r.err


def test_errors_in_table_mode_go_to_stderr(cli):
    r = cli("concept", "NVDA", "revnue")
    assert r.rc == ExitStatus.INVALID_ARGUMENT and r.out == ""
    assert "invalid_argument" in r.err and "revenue" in r.err


def test_ambiguous_name_lists_candidates(cli):
    r = cli("resolve", "American", "--json")
    cands = r.json()["error"]["candidates"]
    assert [c["name"] for c in cands[:2]] == ["AMERICAN EXPRESS CO", "AMERICAN TOWER CORP /MA/"]
    assert [c["ticker_file_position"] for c in cands[:2]] == [43, 185]


def test_the_ticker_files_order_is_named_as_a_position_in_it_never_as_a_market_value_rank(cli):
    # TSM sits at row 7,014 of the corpus' ticker file (foreign issuers are out of value order): a position in the
    # file, a hint of size, never printed as a market-value rank (issue 35, item 8).
    r = cli("resolve", "TSMC", "--json")
    assert r.rc == 0 and "market_value" not in r.out
    assert r.json()["ticker_file_position"] == 7014
    amb = cli("resolve", "American", "--json")
    err = amb.json()["error"]
    assert "market_value" not in amb.out and "market-value order" not in err["message"], err["message"]
    table = cli("resolve", "American")
    assert "market-value order" not in table.err and "Rank" not in table.err, table.err


def test_no_user_agent_fails_with_instructions(edgar):
    r = edgar("concept", "NVDA", "revenue", "--json", env={"SEC_USER_AGENT": None}, stdin="")
    assert r.rc == ExitStatus.USER_AGENT_REQUIRED
    err = r.json()["error"]
    assert err["code"] == "user_agent_required" and "SEC_USER_AGENT" in err["suggestion"]


def test_a_429_storm_ends_in_rate_limited(edgar, mirror):
    path = "/data.sec.gov/api/xbrl/companyfacts/CIK0001318605.json"
    mirror.script(path, *[(429, {"Retry-After": "0"}, b"Too Many Requests")] * 4)
    r = edgar("concept", "TSLA", "revenue", "--json")
    assert r.rc == ExitStatus.RATE_LIMITED, r.out + r.err
    assert r.json()["error"]["code"] == "rate_limited"


def test_a_truncated_body_is_an_error_and_is_not_cached(edgar, mirror, tmp_path):
    path = "/data.sec.gov/api/xbrl/companyfacts/CIK0001046179.json"
    broken = (200, {"Content-Type": "application/json", "_declared_length": 500000}, b'{"cik": 1046179, "fac')
    mirror.script(path, *[broken] * 4)
    cache = tmp_path / "trunc-cache"
    r = edgar("concept", "TSM", "revenue", "--json", env={"EDGAR_CACHE_DIR": str(cache)}, timeout=120)
    assert r.rc == ExitStatus.UPSTREAM_UNAVAILABLE, r.out + r.err
    # The next run, with the SEC healthy again, gets the real answer: nothing partial was kept.
    r2 = edgar("concept", "TSM", "revenue", "--fy", "2024", "--json", env={"EDGAR_CACHE_DIR": str(cache)})
    assert r2.rc == 0 and r2.json()["values"][0]["value"] == 2894307700000


def test_an_unexpected_exception_is_internal_error_unless_debugging(cli, monkeypatch):
    import edgar_cli.capabilities.resolve.resolve as resolve_mod

    def boom(*a, **k):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(resolve_mod, "resolve_company", boom)
    r = cli("resolve", "AAPL", "--json")
    assert r.rc == ExitStatus.INTERNAL_ERROR and r.json()["error"]["code"] == "internal_error"
    monkeypatch.setenv("EDGAR_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli("resolve", "AAPL", "--json")


def test_the_table_marks_values_restated_for_a_split_as_such(cli):
    # FY2024 diluted EPS 11.93 in 0001045810-24-000029, 1.19 after the 10-for-1 split (0001045810-25-000023)
    r = cli("concept", "NVDA", "eps_diluted", "--limit", "4", "--format", "table")
    assert r.rc == 0
    assert "1.19 ^" in r.out and "11.93" in r.out and "restated for a stock split" in r.out
    assert "note: Restated for a stock split" in r.err and "not a change in results" in r.err


def test_cache_info_and_clear(cli):
    assert cli("concept", "NVDA", "revenue", "--fy", "2024", "--json").rc == 0
    info = cli("cache", "info", "--json").json()
    assert info["entries"] > 0 and info["freshness_seconds"]["archive"] is None
    cleared = cli("cache", "clear", "--json").json()
    assert cleared["removed_entries"] == info["entries"]
    assert cli("cache", "info", "--json").json()["entries"] == 0


def test_every_command_has_help_text():
    from typer.main import get_command

    from edgar_cli.cli.app import app

    root = get_command(app)

    def walk(cmd, path=()):
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from walk(sub, path + (name,))

    for path, cmd in walk(root):
        assert (cmd.help or "").strip(), f"`edgar {' '.join(path)}` has no help"


def test_snapshot_of_concept_json(cli, snapshot):
    r = cli("concept", "AAPL", "revenue", "--fy", "2024", "--json")
    assert r.json() == snapshot


def test_snapshot_of_concept_table(cli, snapshot):
    r = cli("concept", "NVDA", "eps_diluted", "--limit", "3", "--format", "table")
    assert r.out == snapshot


def test_an_answer_fetched_through_a_mirror_names_the_mirror_not_the_sec(cli, mirror):
    # NVIDIA FY2024 revenue, 60,922,000,000 (0001045810-24-000029), fetched live through EDGAR_MIRROR
    r = cli("concept", "NVDA", "revenue", "--fy", "2024", "--no-cache")
    assert r.rc == 0 and "60922000000" in r.out
    assert f"answered from: the mirror at {mirror.url}" in r.err and "the SEC (fetched" not in r.err


def test_concept_as_of_gives_apples_fy2009_net_sales_as_known_before_the_10ka(cli):
    # 0001193125-09-214859 (10-K, 2009-10-27): 36,537,000,000; restated to 42,905,000,000 in the 10-K/A
    # 0001193125-10-012091 filed 2010-01-25, which a note names.
    r = cli("concept", "AAPL", "revenue", "--fy", "2009", "--as-of", "2010-01-24", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    assert body["as_of"] == "2010-01-24"
    assert [(v["value"], v["accession_number"]) for v in body["values"]] == [(36537000000, "0001193125-09-214859")]
    assert any("0001193125-10-012091" in n for n in body["notes"])


def test_a_concept_table_as_of_a_date_says_so_in_its_caption(cli):
    r = cli("concept", "320193", "revenue", "--fy", "2009", "--as-of", "2010-01-24", "--format", "table")
    assert r.rc == 0, r.err
    assert "as known on 2010-01-24" in r.out
    piped = cli("concept", "320193", "revenue", "--fy", "2009", "--as-of", "2010-01-24", "--csv")
    assert "as known on 2010-01-24" in piped.err and "as known" not in piped.out


def test_a_statement_as_of_a_date_says_so_and_shows_the_values_known_then(cli):
    # Apple's FY2009 income statement as known on 2010-01-24: the original 10-K 0001193125-09-214859.
    r = cli("statement", "320193", "income", "--fy", "2009", "--as-of", "2010-01-24", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    assert body["as_of"] == "2010-01-24"
    revenue = next(row for row in body["rows"] if row["concept"] == "revenue")
    cell = revenue["cells"][0]
    assert (cell["value"], cell["fact"]["accession_number"]) == (36537000000, "0001193125-09-214859")
    assert any("revised to 42,905,000,000 on 2010-01-25" in n for n in revenue["notes"] + body["notes"])
    table = cli("statement", "320193", "income", "--fy", "2009", "--as-of", "2010-01-24", "--format", "table")
    assert "as known on 2010-01-24" in table.out
    piped = cli("statement", "320193", "income", "--fy", "2009", "--as-of", "2010-01-24", "--csv")
    assert "as known on 2010-01-24" in piped.err and "as known" not in piped.out


def test_a_comparison_table_as_of_a_date_says_so_in_its_caption(cli):
    # Apple's FY2009 net sales as known on 2010-01-24 (0001193125-09-214859) beside NVIDIA's FY2009 revenue.
    r = cli("compare", "revenue", "320193", "1045810", "--fy", "2009", "--as-of", "2010-01-24", "--format", "table")
    # 16: NVIDIA is missing (its FY2009 10-K, 0001045810-10-000006, was filed 2010-03-18, after the date)
    assert r.rc == 16, r.err
    assert "as known on 2010-01-24" in r.out and "0001193125-09-214859" in r.out
    piped = cli("compare", "revenue", "320193", "1045810", "--fy", "2009", "--as-of", "2010-01-24", "--tsv")
    assert "as known on 2010-01-24" in piped.err and "as known" not in piped.out


def test_the_command_the_early_facts_warning_suggests_names_the_company_and_parses(cli):
    # Tesla's corpus facts end at 2022-09-30 (0000950170-22-019867); its 10-K 0001628280-26-003952 is not in them.
    r = cli("concept", "TSLA", "revenue")
    assert r.rc == 0 and "read them with edgar section 1318605 --accession 0001628280-26-003952" in r.err
    again = cli("section", "1318605", "--accession", "0001628280-26-003952", "--json")
    assert again.json()["error"]["code"] != "invalid_argument"  # the document may be missing offline; the call is right


def test_total_debt_for_a_year_it_cannot_sum_points_to_the_lines_that_are_there(edgar):
    # Tesla FY2019 (10-K 0001564590-20-004475): LongTermDebt 10,402M beside DebtCurrent 1,399M cannot be summed
    # without a guess; the error names both and the suggested command gives the first.
    r = edgar("concept", "TSLA", "total_debt", "--fy", "2019", "--json")
    assert r.rc == ExitStatus.NOT_FOUND
    err = r.json()["error"]
    assert "us-gaap:LongTermDebt 10,402,000,000" in err["message"] and "2019-12-31" in err["message"]
    assert "edgar concept TSLA us-gaap:LongTermDebt --fy 2019" in err["suggestion"], err["suggestion"]
    followed = edgar("concept", "TSLA", "us-gaap:LongTermDebt", "--fy", "2019", "--json")
    assert followed.rc == 0 and followed.json()["values"][0]["value"] == 10_402_000_000


def test_a_shares_series_notes_the_left_out_balance_sheet_counts_once_and_only_for_its_columns(edgar):
    # Apple FY2018-FY2025: each year's cover-page count (dei) is shown, its balance-sheet count (us-gaap) left out;
    # FY2025's is 14,773,260,000 at 2025-09-27 (0000320193-25-000079). Q1 FY2026's 2025-12-27
    # (0000320193-26-000006) is in no column, so the note does not name it.
    r = edgar("concept", "AAPL", "shares_outstanding", "--last", "8", "--format", "table")
    assert r.rc == 0, r.err
    lines = [line for line in r.err.splitlines() if "left out" in line]
    assert len(lines) == 1, r.err
    assert "In every column" in lines[0] and "14,773,260,000 at 2025-09-27" in lines[0]
    assert "2025-12-27" not in lines[0] and "ask for us-gaap:CommonStockSharesOutstanding" in lines[0]


@pytest.mark.parametrize("fmt", ["--csv", "--tsv", "--nl", "--format=table"])
def test_every_format_prints_the_tag_caveat_on_stderr_alike(cli, fmt):
    # Snowflake's revenue is us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax (FY2024 10-K
    # 0001640147-24-000101), not the chain's first tag: the caveat is a note on stderr whatever stdout holds.
    res = cli("concept", "SNOW", "revenue", "gross_profit", "--last", "3", "--long", fmt)
    assert res.rc == 0, res.err
    assert "0001640147-24-000101" in res.out or fmt == "--format=table"  # a table of values shows no filing
    assert "note: Revenue: Matched us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax" in res.err
    assert "note:" not in res.out


def test_nl_keeps_stdout_to_json_rows_and_quiet_drops_its_notes(cli):
    res = cli("concept", "SNOW", "revenue", "gross_profit", "--last", "3", "--long", "--nl", "-q")
    assert res.rc == 0 and "note:" not in res.err
    rows = [json.loads(line) for line in res.out.splitlines()]
    assert {r["accession_number"] for r in rows if r["column"] == "FY2024"} == {"0001640147-24-000101"}


# --- a tag that stopped before the year asked, in facts that cover it ---------------------------------------


def test_a_tag_that_stopped_is_not_called_facts_that_stop_short(cli):
    # Tesla's XBRL facts cover FY2021 (its 10-K 0000950170-22-000796 is in them); this tag was last used for FY2018
    res = cli("concept", "TSLA", "us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent", "--fy", "2021", "--json")
    assert res.rc == 3
    err = res.json()["error"]
    assert "stop short" not in err["message"] and "XBRL facts end at" not in err["message"]
    assert "us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent is not reported after FY2018" in err["message"]
    assert "cover FY2021 under other tags (the report 0000950170-22-000796)" in err["message"]
    assert err["latest_fiscal_year"] == 2018
    assert "edgar concept TSLA us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent --fy 2018" in err["suggestion"]
    assert "edgar concepts" in err["suggestion"] and "not in the XBRL facts" not in err["suggestion"]


def test_a_tag_a_current_filer_stopped_using_is_not_called_unreported_yet(cli):
    # NVIDIA last tagged us-gaap:ConvertibleDebtCurrent for FY2019; its FY2024 10-K 0001045810-24-000029 is in the facts
    res = cli("concept", "NVDA", "us-gaap:ConvertibleDebtCurrent", "--fy", "2024", "--json")
    err = res.json()["error"]
    assert res.rc == 3 and "has not been reported in the XBRL facts yet" not in err["message"]
    assert "us-gaap:ConvertibleDebtCurrent is not reported after FY2019" in err["message"]
    assert "(the report 0001045810-24-000029)" in err["message"] and err["latest_fiscal_year"] == 2019


def test_a_year_past_the_end_of_the_facts_still_says_they_stop_short(cli):
    # Tesla's facts end at 2022-09-30 (0000950170-22-019867); FY2023 is in its later 10-Ks' text only
    res = cli("concept", "TSLA", "revenue", "--fy", "2023", "--json")
    err = res.json()["error"]
    assert res.rc == 3 and "FY2023 is not in the XBRL facts, which stop short of the filings" in err["message"]
    assert "Tesla, Inc.'s XBRL facts end at 2022-09-30 (the report 0000950170-22-019867)" in err["message"]


def test_a_composite_that_cannot_be_summed_names_a_latest_year_that_answers(cli):
    res = cli("concept", "TSLA", "total_debt", "--fy", "2021", "--json")
    err = res.json()["error"]
    assert res.rc == 3 and "cannot be summed without a guess" in err["message"]
    assert err["latest_fiscal_year"] == 2018  # not 2019 to 2021: those years cannot be summed either
    again = cli("concept", "TSLA", "total_debt", "--fy", str(err["latest_fiscal_year"]), "--json")
    assert again.rc == 0, again.out
    # FY2018's total debt: LongTermDebt + DebtCurrent, which the FY2018 10-K's 0001564590-19-003165 debt-and-lease
    # lines show are the noncurrent and current debt; the parts are that filing's own (the 10-Q
    # 0001564590-19-038256 repeats them rounded to millions, never mixed in)
    ((value, accession),) = [(v["value"], v["accession_number"]) for v in again.json()["values"]]
    assert (value, accession) == (8_410_490_000 + 2_221_985_000, "0001564590-19-003165")


def test_a_successor_whose_facts_are_missing_says_where_its_earlier_history_is(cli):
    # The corpus holds no companyfacts for Marvell Technology, Inc. (CIK 1835632, MRVL in the corpus' ticker
    # file) nor for its predecessor (CIK 1058057): the not_found names the reorganisation of 2021-04-20
    for args in (("concept", "MRVL", "revenue", "--fy", "2020"), ("statement", "MRVL", "income")):
        r = cli(*args, "--json")
        err = r.json()["error"]
        assert r.rc == 3 and err["code"] == "not_found", r.err
        assert "CIK 0001835632" in err["message"] and "CIK 1058057" in err["message"] and "2021-04-20" in err["message"]
    both = cli("compare", "revenue", "MRVL", "NVDA", "--fy", "2024", "--format", "tsv")
    assert "not in the comparison (not_found)" in both.err and "CIK 1058057" in both.err


def test_a_pinned_clock_says_the_fetch_time_is_not_the_real_time(cli):
    # the tests pin today (EDGAR_TODAY): the caption's time is that day at noon, said to be the pinned one
    r = cli("concept", "NVDA", "revenue", "--fy", "2024")
    assert r.rc == 0 and "60922000000" in r.out  # 0001045810-24-000029
    assert "12:00 UTC, a time a pinned clock (EDGAR_TODAY) gave, not the real one" in r.err

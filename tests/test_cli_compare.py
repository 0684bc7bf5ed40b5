"""`edgar compare` on the corpus mirror: JSON and table output, errors, exit codes."""

from __future__ import annotations

import json

import pytest


def test_json_output_parses_and_stderr_stays_empty(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json")
    assert res.rc == 17 and res.err == ""  # 17: not comparable, the rows still on stdout
    data = res.json()
    assert data["comparable"] is False and data["comparability_issues"] == ["period ends 244 days apart"]
    # 0001045810-24-000029 (NVIDIA FY2024 10-K) and 0000320193-24-000123 (Apple FY2024 10-K).
    assert [(r["value"], r["end"], r["accession_number"]) for r in data["rows"]] == [
        (60922000000, "2024-01-28", "0001045810-24-000029"),
        (391035000000, "2024-09-28", "0000320193-24-000123"),
    ]
    keys = list(data)
    assert keys.index("warnings") < keys.index("rows")


def test_the_table_puts_the_verdict_above_the_rows_and_the_warnings_on_stderr(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--format", "table")
    assert res.rc == 17
    verdict = res.out.index("NOT COMPARABLE: period ends 244 days apart")
    assert verdict < res.out.index("NVIDIA CORP") < res.out.index("Apple Inc.")
    assert "60,922,000,000" in res.out and "0000320193-24-000123" in res.out
    assert "warning: The periods end 244 days apart" in res.err
    assert "244 days" not in res.out.split("NOT COMPARABLE")[1].split("\n", 1)[1]  # details stay on stderr


def test_sort_by_value_ranks_the_rows(cli):
    res = cli("compare", "revenue", "SNOW", "NVDA", "AAPL", "--fy", "2024", "--sort", "value", "--json")
    assert res.rc == 17  # Apple's year ends in September
    assert [r["name"] for r in res.json()["rows"]] == ["Apple Inc.", "NVIDIA CORP", "Snowflake Inc."]


def test_unavailable_companies_are_listed_under_the_table(cli):
    res = cli("compare", "sga", "NVDA", "SNOW", "--fy", "2024", "--format", "table")
    assert res.rc == 16  # Snowflake is missing (16 wins over 17: one company left, nothing to compare it with)
    assert "unavailable: Snowflake Inc. (not_found)" in res.out


def test_an_ambiguous_name_exits_4_with_candidates(cli):
    res = cli("compare", "revenue", "NVDA", "First", "--json")
    assert res.rc == 4
    err = res.json()["error"]
    assert err["code"] == "ambiguous" and err["company"] == "First"
    assert any(c["name"] == "FIRST SOLAR, INC." for c in err["candidates"])


def test_one_company_is_an_invalid_argument(cli):
    res = cli("compare", "revenue", "NVDA", "--json")
    assert res.rc == 2
    assert res.json()["error"]["code"] == "invalid_argument"


def test_an_unknown_period_is_an_invalid_argument(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--period", "weekly", "--json")
    assert res.rc == 2
    assert res.json()["error"]["code"] == "invalid_argument"


def test_compare_has_help_text(cli):
    res = cli("compare", "--help")
    assert res.rc == 0
    assert "2 to 8 companies side by side" in res.out and "--sort" in res.out


def test_the_installed_command_compares_in_its_own_process(edgar, tmp_path):
    res = edgar("compare", "revenue", "TSM", "NVDA", "--json", env={"EDGAR_CACHE_DIR": str(tmp_path / "proc")})
    assert res.rc == 17, res.err  # not comparable (currencies): a distinct exit status, the data on stdout
    data = json.loads(res.out)
    # FY2024: TSMC's 20-F 0001193125-25-083423 is its latest year; NVIDIA reports up to FY2026.
    assert data["fiscal_year"] == 2024 and data["fiscal_year_basis"] == "latest_common"
    assert "different currencies: TWD, USD" in data["comparability_issues"]


def test_a_partial_comparison_exits_16_and_keeps_the_requested_year(cli, mirror):
    busy = (503, {"Content-Type": "text/html"}, b"<html>Service Unavailable</html>")
    mirror.script("/data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json", busy, busy)  # both attempts
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json")
    assert res.rc == 16, res.err
    data = res.json()
    assert data["fiscal_year"] == 2024 and [r["name"] for r in data["rows"]] == ["NVIDIA CORP"]
    assert data["unavailable"][0]["code"] == "upstream_unavailable"


def test_a_concept_written_last_is_told_the_order_instead_of_resolved_as_a_company(cli):
    # issue 36: `compare AAPL NVDA GOOGL revenue` answered "No company named 'revenue' ... VNUE, Evogene"
    res = cli("compare", "AAPL", "NVDA", "GOOGL", "revenue", "--json")
    assert res.rc == 2
    err = res.json()["error"]
    assert err["code"] == "invalid_argument" and "the order is the concept first" in err["message"]
    assert err["suggestion"] == "Ask edgar compare revenue AAPL NVDA GOOGL."


# --- issue 36: an exit status a script can act on, and a warning an analyst can read -------------------


def test_a_comparison_that_is_not_comparable_exits_17_and_keeps_its_rows_on_stdout(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--csv")
    assert res.rc == 17, res.err
    # 0001045810-24-000029 (NVIDIA FY2024 10-K) and 0000320193-24-000123 (Apple FY2024 10-K): the data, as ever
    assert "60922000000" in res.out and "0001045810-24-000029" in res.out
    assert "391035000000" in res.out and "0000320193-24-000123" in res.out
    assert "warning: The periods end 244 days apart" in res.err and "error" not in res.err


def test_a_comparable_comparison_exits_0(cli):
    # NVIDIA's FY2024 (0001045810-24-000029) and Snowflake's (0001640147-24-000101) both end in late January
    res = cli("compare", "revenue", "NVDA", "SNOW", "--fy", "2024", "--json")
    assert res.rc == 0, res.err
    assert res.json()["comparable"] is True


def test_a_partial_comparison_exits_16_even_when_what_is_left_is_not_comparable(cli, mirror):
    busy = (503, {"Content-Type": "text/html"}, b"<html>Service Unavailable</html>")
    mirror.script("/data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json", busy, busy)  # both attempts
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json")
    assert res.rc == 16 and res.json()["comparable"] is False  # retry first: with Apple the answer may differ


def test_latest_says_which_twelve_months_each_figure_covers_by_dates(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--latest", "--format", "table")
    assert res.rc == 17
    err = " ".join(res.err.split())  # the warning as one line, however the terminal wrapped it
    # 0001045810-26-000021: NVIDIA's FY2026 10-K, 2025-01-27 to 2026-01-25;
    # 0000320193-25-000079: Apple's FY2025 10-K, 2024-09-29 to 2025-09-27.
    assert (
        "NVIDIA CORP's FY2026 figure covers the twelve months from 2025-01-27 to 2026-01-25, "
        "Apple Inc.'s FY2025 figure the twelve months from 2024-09-29 to 2025-09-27" in err
    )
    assert "The periods end 120 days apart, so the figures are not comparable" in err
    assert "stretches" not in err


def test_one_fiscal_year_label_over_different_months_is_said_in_those_words(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json")
    gap = next(w for w in res.json()["warnings"] if "244 days apart" in w)
    # 0001045810-24-000029: 2023-01-30 to 2024-01-28; 0000320193-24-000123: 2023-10-01 to 2024-09-28
    assert "NVIDIA CORP's FY2024 figure covers the twelve months from 2023-01-30 to 2024-01-28" in gap
    assert "Apple Inc.'s FY2024 figure the twelve months from 2023-10-01 to 2024-09-28" in gap
    assert "The one label FY2024 names different twelve months at each company." in gap


def test_quarters_that_do_not_line_up_are_named_as_three_months_each(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--period", "quarterly", "--json")
    gap = next(w for w in res.json()["warnings"] if "days apart" in w)
    # 0001045810-25-000116: NVIDIA's Q1 FY2026 10-Q; 0000320193-26-000006: Apple's Q1 FY2026 10-Q
    assert "NVIDIA CORP's Q1 FY2026 figure covers the three months from 2025-01-27 to 2025-04-27" in gap
    assert "Apple Inc.'s Q1 FY2026 figure the three months from 2025-09-28 to 2025-12-27" in gap


# --- a comparison missing a company, and the title of a calendar-year comparison --------------------------


def test_a_comparison_missing_a_company_exits_16_and_warns_on_stderr_in_csv(cli):
    # The corpus holds no companyfacts for Microsoft (CIK 0000789019): its row says not_found in `unavailable`.
    res = cli("compare", "revenue", "NVDA", "SNOW", "MSFT", "--fy", "2024", "--csv")
    assert res.rc == 16, res.err  # never 0: a script must not take two companies for the three it asked
    # the rows that were found stay the data: 0001045810-24-000029 (NVIDIA), 0001640147-24-000101 (Snowflake)
    assert "0001045810-24-000029" in res.out and "0001640147-24-000101" in res.out
    assert "MICROSOFT CORP" in res.out and "not_found:" in res.out
    assert "warning: MICROSOFT CORP (MSFT) is not in the comparison (not_found): " in res.err
    assert "no XBRL financial data (companyfacts) for CIK 0000789019" in res.err


@pytest.mark.parametrize("fmt", ["--tsv", "--nl"])
def test_the_missing_company_is_a_warning_on_stderr_in_tsv_and_nl_too(cli, fmt):
    res = cli("compare", "revenue", "NVDA", "SNOW", "MSFT", "--fy", "2024", fmt)
    assert res.rc == 16, res.err
    assert "warning: MICROSOFT CORP (MSFT) is not in the comparison (not_found)" in res.err


def test_a_comparison_missing_a_company_keeps_its_json_and_exits_16(cli):
    res = cli("compare", "revenue", "NVDA", "SNOW", "MSFT", "--fy", "2024", "--json")
    assert res.rc == 16 and res.err == ""
    data = res.json()
    assert data["comparable"] is True and [u["code"] for u in data["unavailable"]] == ["not_found"]
    assert not any("MICROSOFT" in w for w in data["warnings"])  # the MCP result is as it was: `unavailable` says it


def test_a_calendar_year_comparison_is_titled_by_its_calendar_year(cli):
    res = cli("compare", "revenue", "TSMC", "NVDA", "--fy", "2024", "--align", "nearest", "--format", "table")
    assert res.rc == 17, res.err  # TWD beside USD
    title = res.out.splitlines()[0]
    assert "Revenue - calendar 2024: each company's fiscal year ending nearest 2024-12-31 (annual)" in title
    assert "latest" not in title
    # the rows are those years: TSMC's FY2024 20-F 0001193125-25-083423, NVIDIA's FY2025 10-K 0001045810-25-000023
    assert "0001193125-25-083423" in res.out and "0001045810-25-000023" in res.out


@pytest.mark.parametrize("fmt", [("--format", "table"), ("--csv",), ("--tsv",)])
def test_a_row_note_of_a_comparison_as_of_a_date_is_on_stderr_in_the_table_csv_and_tsv(cli, fmt):
    # Apple's FY2009 net sales as known on 2010-01-24: 36,537,000,000 in the 10-K 0001193125-09-214859, restated
    # to 42,905,000,000 by the 10-K/A 0001193125-10-012091 of 2010-01-25 (the json's rows[].notes say it too).
    res = cli("compare", "revenue", "AAPL", "TSLA", "--fy", "2009", "--as-of", "2010-01-24", *fmt)
    assert "0001193125-09-214859" in res.out, res.err
    err = " ".join(res.err.split())
    assert "revised to 42,905,000,000 on 2010-01-25 in 0001193125-10-012091 (10-K/A; restatement)" in err, res.err
    assert "Apple Inc.: " in err

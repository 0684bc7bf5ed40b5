"""`edgar compare` on the corpus mirror: JSON and table output, errors, exit codes."""

from __future__ import annotations

import json


def test_json_output_parses_and_stderr_stays_empty(cli):
    res = cli("compare", "revenue", "NVDA", "AAPL", "--fy", "2024", "--json")
    assert res.rc == 0 and res.err == ""
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
    assert res.rc == 0
    verdict = res.out.index("NOT COMPARABLE: period ends 244 days apart")
    assert verdict < res.out.index("NVIDIA CORP") < res.out.index("Apple Inc.")
    assert "60,922,000,000" in res.out and "0000320193-24-000123" in res.out
    assert "warning: The periods end 244 days apart" in res.err
    assert "244 days" not in res.out.split("NOT COMPARABLE")[1].split("\n", 1)[1]  # details stay on stderr


def test_sort_by_value_ranks_the_rows(cli):
    res = cli("compare", "revenue", "SNOW", "NVDA", "AAPL", "--fy", "2024", "--sort", "value", "--json")
    assert res.rc == 0
    assert [r["name"] for r in res.json()["rows"]] == ["Apple Inc.", "NVIDIA CORP", "Snowflake Inc."]


def test_unavailable_companies_are_listed_under_the_table(cli):
    res = cli("compare", "sga", "NVDA", "SNOW", "--fy", "2024", "--format", "table")
    assert res.rc == 0
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
    assert res.rc == 0, res.err
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

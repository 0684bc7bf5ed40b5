"""An eighth newcomer's analyst tasks from the README and --help alone (issue 36), through the real CLI: one
concept's csv over several years carries each value's filing, a file never drops a revision, --period all takes a
range of years, a balance compared across companies is spoken of by its dates, the filings header gives the
fiscal year's actual end, and capex names the capitalised software tagged beside it."""

from __future__ import annotations


def test_compare_of_a_balance_whose_dates_never_line_up_speaks_of_dates_not_months(cli):
    # Apple's total assets at 2024-09-28 (0000320193-24-000123) beside NVIDIA's at 2025-01-26 (0001045810-25-000023)
    r = cli("compare", "total_assets", "AAPL", "NVDA", "--fy", "2024", "--align", "nearest", "--json")
    assert r.rc == 17, r.err  # not comparable: the rows are still on stdout
    warnings = r.json()["warnings"]
    said = " ".join(warnings)
    assert "never line up" in said, warnings
    assert "twelve months" not in said and "months it covers" not in said and "start and end" not in said, said
    assert "the date it is at" in said, said
    revenue = " ".join(
        cli("compare", "revenue", "AAPL", "NVDA", "--fy", "2024", "--align", "nearest", "--json").json()["warnings"]
    )
    assert "the months it covers" in revenue, revenue  # a flow still covers months


def test_the_filings_header_gives_the_latest_fiscal_years_actual_end_and_says_52_53_weeks(cli):
    # Apple's 10-Ks end 2024-09-28 (0000320193-24-000123) and 2025-09-27 (0000320193-25-000079); the submissions'
    # fiscalYearEnd is 0926. Microsoft's end on June 30 every year (2025-06-30: 0000950170-25-100235).
    table = cli("filings", "AAPL", "-n", "3", "--format", "table")
    assert table.rc == 0, table.err
    flat = " ".join(table.out.split())
    assert "fiscal year ended 2025-09-27 (52/53-week years)" in flat, flat
    assert "fiscal year ends 09-26" not in flat, flat
    apple = cli("filings", "AAPL", "-n", "1", "--json").json()["company"]
    assert (apple["latest_fiscal_year_ended"], apple["fiscal_year_ends_move"]) == ("2025-09-27", True)
    msft = cli("filings", "MSFT", "-n", "1", "--json").json()["company"]
    assert (msft["latest_fiscal_year_ended"], msft["fiscal_year_ends_move"]) == ("2025-06-30", False)

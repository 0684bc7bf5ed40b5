"""An eighth newcomer's analyst tasks from the README and --help alone (issue 36), through the real CLI: one
concept's csv over several years carries each value's filing, a file never drops a revision, --period all takes a
range of years, a balance compared across companies is spoken of by its dates, the filings header gives the
fiscal year's actual end, and capex names the capitalised software tagged beside it."""

from __future__ import annotations

import csv
import io


def _csv(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


def test_one_concepts_csv_over_several_years_gives_each_years_accession_and_filed_date(cli):
    # Apple's revenue, each from its own 10-K: FY2020 274,515,000,000 (0000320193-20-000096, filed 2020-10-30) to
    # FY2025 416,161,000,000 (0000320193-25-000079, filed 2025-10-31).
    r = cli("concept", "AAPL", "revenue", "--fy", "2020..2025", "--csv")
    assert r.rc == 0, r.err
    rows = _csv(r.out)
    assert [row["column"] for row in rows] == [f"FY{y}" for y in range(2020, 2026)], rows
    by = {row["column"]: row for row in rows}
    assert (by["FY2020"]["value"], by["FY2020"]["accession_number"], by["FY2020"]["filed"]) == (
        "274515000000",
        "0000320193-20-000096",
        "2020-10-30",
    )
    assert (by["FY2025"]["value"], by["FY2025"]["accession_number"], by["FY2025"]["filed"]) == (
        "416161000000",
        "0000320193-25-000079",
        "2025-10-31",
    )
    assert "--long" not in r.err, r.err  # the rows carry what --long would add: no advice to add it


def test_a_csv_of_split_restated_eps_says_in_the_file_that_each_value_was_revised(cli):
    # Apple's diluted EPS FY2018 11.91 (0000320193-18-000145) and FY2019 11.89 (0000320193-19-000119), restated
    # for the 2020 4-for-1 split as 2.98 and 2.97 in 0000320193-20-000096.
    one = {row["column"]: row for row in _csv(cli("concept", "AAPL", "eps_diluted", "--fy", "2018..2020", "--csv").out)}
    assert (one["FY2018"]["value"], one["FY2018"]["original_value"], one["FY2018"]["original_accession"]) == (
        "2.98",
        "11.91",
        "0000320193-18-000145",
    )
    assert one["FY2018"]["revision_kind"] == "stock_split" and one["FY2019"]["original_value"] == "11.89"
    assert one["FY2020"]["restated"] == "false"
    wide = cli("concept", "AAPL", "eps_diluted", "eps_basic", "--fy", "2018..2020", "--csv", "--wide")
    rows = {row["concept"]: row for row in _csv(wide.out)}
    revised = rows["eps_diluted"]["revised"]
    assert "FY2018: 11.91 first, in 10-K 0000320193-18-000145, filed 2018-11-05 (stock_split)" in revised, revised
    assert "FY2019: 11.89 first, in 10-K 0000320193-19-000119" in revised and "FY2020" not in revised, revised


def test_period_all_over_a_range_gives_every_period_of_those_years_year_to_date_included(cli):
    # Tesla's revenue: FY2021 53,823,000,000 (10-K 0000950170-22-000796), nine months to 2021-09-30
    # 36,104,000,000 (0000950170-21-002253), six months to 2022-06-30 35,690,000,000 (0000950170-22-012936).
    r = cli("concept", "TSLA", "revenue", "--period", "all", "--fy", "2021..2022", "--json")
    assert r.rc == 0, r.err
    values = r.json()["values"]
    assert {v["fiscal_year"] for v in values} == {2021, 2022}, values
    got = {(v["fiscal_year"], v["fiscal_period"]): (v["value"], v["accession_number"]) for v in values}
    assert got[(2021, "FY")] == (53823000000, "0000950170-22-000796")
    assert got[(2021, "9M")] == (36104000000, "0000950170-21-002253")
    assert got[(2022, "H1")] == (35690000000, "0000950170-22-012936")


def test_the_concept_help_says_period_all_is_how_to_get_year_to_date_figures(cli):
    r = cli("concept", "--help")
    flat = " ".join(r.out.split())
    assert "nine-month year to date" in flat and "range" in flat, flat


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


def _software_notes(notes: list[str]) -> list[str]:
    return [n for n in notes if "us-gaap:PaymentsToDevelopSoftware" in n]


def test_snowflakes_capex_names_the_capitalised_software_tagged_beside_it_in_concept_and_statement(cli):
    # Snowflake's capex (us-gaap:PaymentsToAcquirePropertyPlantAndEquipment) 35,086,000 FY2024, 46,279,000 FY2025;
    # the same 10-Ks tag us-gaap:PaymentsToDevelopSoftware 34,133,000 (0001640147-24-000101) and 29,433,000
    # (0001640147-25-000052).
    data = cli("concept", "SNOW", "capex", "--json").json()
    values = {v["fiscal_year"]: v["value"] for v in data["values"]}
    assert values[2024] == 35086000 and values[2025] == 46279000, values
    notes = _software_notes(data["notes"])
    assert len(notes) == 1, data["notes"]
    for said in ("34,133,000", "0001640147-24-000101", "29,433,000", "0001640147-25-000052", "does not add"):
        assert said in notes[0], notes[0]
    statement = cli("statement", "SNOW", "cashflow", "--fy", "2024..2025", "--json").json()
    capex = next(r for r in statement["rows"] if r["concept"] == "capex")
    assert [c["value"] for c in capex["cells"]] == [35086000, 46279000], capex["cells"]
    row_notes = _software_notes(capex["notes"])
    assert len(row_notes) == 1 and "34,133,000" in row_notes[0] and "0001640147-25-000052" in row_notes[0], row_notes

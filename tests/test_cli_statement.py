"""`edgar statement` and multi-concept `edgar concept` end to end, the flattened rows, the trend column."""

from __future__ import annotations

import csv
import io
import json

import pytest

from edgar_cli.cli.views.statement import sparkline, statement_long_rows, statement_rows, statement_text
from edgar_cli.errors import ERROR_CODES, ExitStatus


@pytest.fixture
def sec(module_cli_sec):
    return module_cli_sec


def test_several_concepts_in_one_concept_command_give_one_table(cli):
    r = cli("concept", "NVDA", "revenue", "net_income", "operating_income", "--fy", "2024..2026", "--json")
    assert r.rc == 0, r.out
    data = r.json()
    assert [c["key"] for c in data["columns"]] == ["FY2024", "FY2025", "FY2026"]
    assert [row["concept"] for row in data["rows"]] == ["revenue", "net_income", "operating_income"]
    cell = data["rows"][1]["cells"][2]  # FY2026 net income, 0001045810-26-000021
    assert cell["value"] == 120_067_000_000 and cell["fact"]["accession_number"] == "0001045810-26-000021"
    assert cell["fact"]["form"] == "10-K" and cell["matched_tag"] == "us-gaap:NetIncomeLoss"


def test_one_concept_and_one_year_keeps_the_concept_shape(cli):
    data = cli("concept", "NVDA", "revenue", "--fy", "2024", "--json").json()
    assert data["values"][0]["value"] == 60_922_000_000 and "rows" not in data
    data = cli("concept", "NVDA", "revenue", "--fy", "2020-2022", "--json").json()  # a range gives the table
    assert [c["key"] for c in data["columns"]] == ["FY2020", "FY2021", "FY2022"]


def test_statement_table_in_the_terminal_names_periods_and_marks(cli):
    r = cli(
        "statement", "NVDA", "income", "--period", "quarterly", "--last", "4", "--derive", "q4", "--format", "table"
    )
    assert r.rc == 0, r.err
    for text in ("Income statement, quarterly", "Q4 FY2026", "2026-01-25", "68,127 d", "n/a", "USD m"):
        assert text in r.out
    assert "Trend" not in r.out  # not a terminal: no sparkline column
    assert "derived" in r.err


def test_statement_json_in_mcp_shape(cli):
    data = cli("statement", "AAPL", "balance", "--last", "2", "--json").json()
    assert data["statement"] == "balance" and [c["key"] for c in data["columns"]] == ["FY2024", "FY2025"]
    assets = next(r for r in data["rows"] if r["concept"] == "total_assets")
    # 0000320193-25-000079: Apple's FY2025 10-K, total assets at 2025-09-27
    assert assets["cells"][1]["value"] == 359_241_000_000 and assets["cells"][1]["end"] == "2025-09-27"
    assert assets["cells"][1]["fact"]["accession_number"] == "0000320193-25-000079"


@pytest.mark.parametrize(
    "args, code",
    [
        (("statement", "NVDA", "equity"), "invalid_argument"),
        (("statement", "NVDA", "income", "--derive", "q4"), "invalid_argument"),
        (("statement", "NVDA", "income", "--fy", "2024..2020"), "invalid_argument"),
        (("concept", "NVDA", "revenue", "net_income", "--limit", "3"), "invalid_argument"),
    ],
)
def test_bad_input_is_an_error_with_a_non_zero_exit(cli, args, code):
    r = cli(*args, "--json")
    assert r.rc == ERROR_CODES[code] != ExitStatus.OK
    assert r.json()["error"]["code"] == code
    if "--derive" in args:  # messages name the CLI's flags on the CLI
        assert "--period quarterly" in r.json()["error"]["suggestion"]


def test_statement_rows_open_in_a_spreadsheet_with_periods_as_columns(sec):
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    r = get_financial_statement("AAPL", "balance", fiscal_year="2017..2018")
    header, rows = statement_rows(r)
    assert header == ["concept", "label", "basis", "unit", "FY2017", "FY2018", "tags", "derived", "revised"]
    buf = io.StringIO()
    csv.writer(buf).writerows([header, *rows])
    table = {row["concept"]: row for row in csv.DictReader(io.StringIO(buf.getvalue()))}
    assert table["goodwill"]["FY2017"] == "5717000000" and table["goodwill"]["FY2018"] == ""  # absent, not 0
    assert table["total_assets"]["FY2018"] == "365725000000"  # 0000320193-18-000145
    by = {(c["concept"], c["column"]): c for c in statement_long_rows(r)}
    assert by[("total_assets", "FY2018")]["accession_numbers"] == ["0000320193-18-000145"]
    assert by[("goodwill", "FY2018")]["status"] == "absent" and by[("goodwill", "FY2018")]["reason"]


def test_the_text_channel_carries_the_whole_table(sec):
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    r = get_financial_statement("NVDA", "income", last=5)
    text = statement_text(r)
    assert all(row.label in text for row in r.rows)
    assert "215938000000" in text and "0001045810-26-000021" in text and "FY2022 (2022-01-30)" in text


def test_sparkline_scales_between_min_and_max_with_gaps():
    assert sparkline([1, 2, 3, None, 8]) == "▁▂▃ █"
    assert sparkline([5]) == "" and sparkline([2, 2]) == "██"


def test_the_trend_column_appears_in_a_terminal(sec):
    from rich.console import Console

    from edgar_cli.capabilities.statement.statement import get_financial_series
    from edgar_cli.cli.views.statement import statement_table

    r = get_financial_series("NVDA", ["revenue"], last=5)
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(statement_table(r, trend=True))
    text = console.export_text()
    assert "Trend" in text and "▁▁▂▅█" in text  # FY2022..FY2026 revenue, 26.9B to 215.9B


def test_chart_draws_the_rows_below_the_table(cli):
    pytest.importorskip("plotext")
    r = cli("concept", "NVDA", "revenue", "net_income", "--last", "3", "--chart", "--format", "table")
    assert r.rc == 0, r.err
    table, _, chart = r.out.partition("┌")
    assert "FY2026" in table and chart and "Revenue" in chart and "FY2024" in chart
    assert cli("concept", "NVDA", "revenue", "net_income", "--last", "3", "--chart", "--json").json()["rows"]


def test_nl_rows_of_a_statement_carry_numbers_as_numbers(cli):
    # issue 36: "FY2026": "215938000000" was a string, so sqlite-utils stored TEXT and sorted revenue below cost
    # NVIDIA's FY2026 revenue 215,938,000,000 (10-K 0001045810-26-000021)
    res = cli("statement", "NVDA", "income", "--last", "2", "--nl", "--wide")
    rows = [json.loads(line) for line in res.out.splitlines()]
    revenue = next(r for r in rows if r["concept"] == "revenue")
    assert revenue["FY2026"] == 215_938_000_000 and revenue["tags"] == ["us-gaap:Revenues"]
    absent = next(r for r in rows if r["concept"] == "sga_expense")
    assert all(absent[k] is None or isinstance(absent[k], (int, float)) for k in ("FY2025", "FY2026"))


def test_the_trend_splits_where_the_share_basis_changes():
    # issue 36: NVIDIA's FY2022 basic EPS 3.91 (pre-split, never restated) was drawn beside post-split values
    from types import SimpleNamespace as NS

    from edgar_cli.cli.views.statement import trend_line

    def cell(value, ratio=None, reverse=None):
        return NS(value=value, fact=NS(pre_split_ratio=ratio, pre_reverse_split_ratio=reverse))

    row = NS(cells=[cell(3.91, 10), cell(0.18), cell(1.21), cell(2.97)])
    assert trend_line(row).count("|") == 1 and trend_line(row).startswith("▄|")
    assert "|" not in trend_line(NS(cells=[cell(1.0), cell(2.0), cell(3.0)]))
    # a value before a later reverse split (LPA's FY2021 0.025, 1-for-6) is on its own basis too
    reverse = NS(cells=[cell(0.025, reverse=6), cell(0.28), cell(0.11), cell(-0.94)])
    assert trend_line(reverse).count("|") == 1 and trend_line(reverse).startswith("▄|")


# --- issue 36: the long (tidy) form, one row per company x concept x period with its provenance ------------

LONG_FIELDS = {"company_name", "cik", "concept", "column", "status", "value", "unit", "fiscal_year", "fiscal_period"}
LONG_FIELDS |= {"start", "end", "matched_tag", "form", "filed", "accession_number", "reason"}


def test_long_nl_of_several_concepts_gives_one_typed_row_per_concept_and_period_with_its_filing(cli):
    res = cli("concept", "NVDA", "revenue", "net_income", "--last", "3", "--nl", "--long")
    assert res.rc == 0, res.err
    rows = [json.loads(line) for line in res.out.splitlines()]
    assert [(r["concept"], r["column"]) for r in rows] == [
        (c, f"FY{y}") for c in ("revenue", "net_income") for y in (2024, 2025, 2026)
    ]
    assert all(LONG_FIELDS <= set(r) for r in rows)
    by = {(r["concept"], r["column"]): r for r in rows}
    # NVIDIA's FY2026 10-K 0001045810-26-000021, filed 2026-02-25: net income 120,067,000,000 (us-gaap:NetIncomeLoss)
    assert {k: by[("net_income", "FY2026")][k] for k in LONG_FIELDS} == {
        "company_name": "NVIDIA CORP",
        "cik": "0001045810",
        "concept": "net_income",
        "column": "FY2026",
        "status": "reported",
        "value": 120_067_000_000,
        "unit": "USD",
        "fiscal_year": 2026,
        "fiscal_period": "FY",
        "start": "2025-01-27",
        "end": "2026-01-25",
        "matched_tag": "us-gaap:NetIncomeLoss",
        "form": "10-K",
        "filed": "2026-02-25",
        "accession_number": "0001045810-26-000021",
        "reason": None,
    }
    # FY2024 revenue 60,922,000,000 from the FY2024 10-K 0001045810-24-000029: a number, not a string
    assert by[("revenue", "FY2024")]["value"] == 60_922_000_000
    assert by[("revenue", "FY2024")]["accession_number"] == "0001045810-24-000029"


def test_long_csv_of_a_statement_names_every_cells_filing_and_why_a_cell_is_empty(cli):
    res = cli("statement", "AAPL", "income", "--last", "2", "--csv", "--long")
    assert res.rc == 0, res.err
    by = {(r["concept"], r["column"]): r for r in csv.DictReader(io.StringIO(res.out))}
    # Apple's FY2025 10-K 0000320193-25-000079 (filed 2025-10-31): net sales 416,161,000,000
    revenue = by[("revenue", "FY2025")]
    assert (revenue["value"], revenue["accession_number"], revenue["form"], revenue["filed"]) == (
        "416161000000",
        "0000320193-25-000079",
        "10-K",
        "2025-10-31",
    )
    assert (revenue["start"], revenue["end"]) == ("2024-09-29", "2025-09-27")
    # Apple's last InterestExpense is in its FY2023 10-K: FY2025 is empty, with the reason, never 0
    interest = by[("interest_expense", "FY2025")]
    assert interest["status"] == "absent" and interest["value"] == "" and interest["accession_number"] == ""
    assert interest["reason"] == "no value for FY2025; reported for FY2011 to FY2023"


def test_the_wide_rows_are_asked_for_by_name_and_name_no_filing(cli):
    res = cli("statement", "AAPL", "income", "--last", "2", "--csv", "--wide")
    header = next(csv.reader(io.StringIO(res.out)))
    assert header[:6] == ["concept", "label", "basis", "unit", "FY2024", "FY2025"] and "accession_number" not in header


def test_a_comma_list_of_concepts_is_several_concepts(cli):
    res = cli("concept", "NVDA", "revenue,net_income", "--last", "3", "--json")
    assert res.rc == 0, res.err
    # NVIDIA's FY2026 10-K 0001045810-26-000021
    assert [r["concept"] for r in res.json()["rows"]] == ["revenue", "net_income"]
    assert res.json()["rows"][1]["cells"][-1]["value"] == 120_067_000_000


# --- issue 36: why a cell is empty, in the table ------------------------------------------------------------


def test_an_empty_cell_in_the_table_carries_a_mark_and_its_reason_is_a_footnote_once(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    res = cli("statement", "SNOW", "income", "--format", "table")
    assert res.rc == 0, res.err
    lines = res.out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    text = " ".join(res.out.split())  # the footnotes as one line, however the caption wrapped them
    # Snowflake tags no SellingGeneralAndAdministrativeExpense in any 10-K (its FY2025 10-K 0001640147-25-000052
    # reports the parts): five empty cells, one reason, said once
    sga = "¹ the company reports none of its tags (us-gaap:SellingGeneralAndAdministrativeExpense, "
    assert text.count(sga) == 1
    # its InterestExpenseNonoperating starts at FY2023 (0001640147-25-000052): FY2021 and FY2022 are empty
    assert text.count("² no value for FY2021, FY2022; reported for FY2023 to FY2025") == 1
    assert sum(line.count("-¹") for line in lines) == 5 and sum(line.count("-²") for line in lines) == 2
    assert "- = not reported" in text  # the legend still says what the mark means


def test_a_table_without_empty_cells_has_no_footnotes(cli):
    # NVIDIA's FY2026 10-K 0001045810-26-000021 reports every row of its income statement
    res = cli("concept", "NVDA", "revenue", "net_income", "--last", "3", "--format", "table")
    assert res.rc == 0 and "¹" not in res.out


def test_a_quarterly_concept_names_the_flag_that_derives_its_missing_fourth_quarter_and_the_flag_works(cli):
    # NVIDIA FY2024: Q1-Q3 filed in 10-Qs, Q4 only implied by the 10-K 0001045810-24-000029 (60,922M for the
    # year) less the nine months to 2023-10-29 (38,819M in 0001045810-23-000227)
    r = cli("concept", "NVDA", "revenue", "--fy", "2024", "--period", "quarterly", "--format", "tsv")
    assert r.rc == 0, r.err
    assert "Q4 of FY2024 is not reported as its own quarter" in r.err and "--derive q4" in r.err
    assert "does not derive" not in r.err
    data = cli("concept", "NVDA", "revenue", "--fy", "2024", "--period", "quarterly", "--derive", "q4", "--json").json()
    cells = [c for row in data["rows"] for c in row["cells"] if c.get("derived")]
    assert [c["value"] for c in cells] == [22_103_000_000]
    assert {"0001045810-24-000029", "0001045810-23-000227"} <= set(cells[0]["accession_numbers"])


def test_limit_with_derive_and_a_fiscal_year_gives_that_years_latest_periods_as_last_does(cli):
    # NVIDIA FY2025: Q3 35,082,000,000 (10-Q 0001045810-24-000316); Q4 derived, FY 130,497,000,000
    # (0001045810-25-000023) less the nine months 91,166,000,000 = 39,331,000,000
    args = ("concept", "NVDA", "revenue", "--fy", "2025", "--period", "quarterly", "--derive", "q4", "--json")
    r = cli(*args, "-n", "2")
    assert r.rc == 0, r.out
    data = r.json()
    assert [c["key"] for c in data["columns"]] == ["Q3 FY2025", "Q4 FY2025"]
    assert [c["value"] for c in data["rows"][0]["cells"]] == [35_082_000_000, 39_331_000_000]
    last = cli(*args, "--last", "2").json()
    # where each run read the facts (live on a cold cache, then cache) is the one thing that may differ
    assert {k: v for k, v in data.items() if k != "data_source"} == {
        k: v for k, v in last.items() if k != "data_source"
    }


def test_limit_with_several_concepts_says_a_table_takes_last(cli):
    r = cli("concept", "NVDA", "revenue", "net_income", "--limit", "4", "--json")
    err = r.json()["error"]
    assert r.rc == ERROR_CODES["invalid_argument"] and "a table of several concepts or years" in err["message"]
    assert err["suggestion"] == "Use --last 5, for example."


def test_an_implied_fourth_quarter_carries_the_dates_it_would_cover(sec):
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    # Apple FY2025 ends 2025-09-27 (10-K 0000320193-25-000079); its nine months end 2025-06-28, so the implied
    # Q4 covers 2025-06-29 to 2025-09-27 (no value: it is not filed, and derive was not asked)
    r = get_financial_statement("AAPL", "income", fiscal_year="2025", period="quarterly")
    revenue = next(row for row in r.rows if row.concept == "revenue")
    (q4,) = [c for c in revenue.cells if c.column == "Q4 FY2025"]
    assert (q4.status, q4.value, str(q4.start), str(q4.end)) == ("implied", None, "2025-06-29", "2025-09-27")


def test_a_table_marks_a_value_from_before_a_later_reverse_split_with_its_legend(cli):
    # LPA's FY2021 diluted EPS 0.025 in the 20-F 0001493152-24-016772, never restated for the recapitalisation
    # first applied in the 20-F 0001997711-25-000030 (pre_reverse_split_ratio 5.88); FY2022's 0.28 there is restated.
    r = cli("concept", "LPA", "eps_diluted", "net_income", "--fy", "2021..2024", "--format", "table")
    assert r.rc == 0, r.err
    assert "0.025 r" in r.out and "0.28 ^" in r.out
    assert "r = predates a later reverse split" in " ".join(r.out.split())
    assert cli("statement", "LPA", "income", "--format", "table").out.count("0.025 r") >= 1

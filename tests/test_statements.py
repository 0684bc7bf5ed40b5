"""Statements and series (issue 19) on the corpus, checked cell by cell against the raw companyfacts JSON.

The raw check reads ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts/CIK##########.json
itself (json.load, no edgar code): for every reported cell, the rows of its tag, unit and
period; the latest filed of them must carry the cell's value and the cited accession must
report it; no tag earlier in the concept's chain may report the period; and every absent
cell must have no row of any of the chain's tags in that period. Named figures cite the
accession number of the filing they come from.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from functools import cache

import pytest
from mirror import corpus_dir

from edgar_cli.capabilities.statement.model import StatementResult
from edgar_cli.capabilities.statement.statement import get_financial_series, get_financial_statement
from edgar_cli.errors import EdgarError
from edgar_cli.xbrl.catalogue import lookup

CIKS = {"NVDA": 1045810, "AAPL": 320193, "SNOW": 1640147, "TSM": 1046179, "TSLA": 1318605}
PERIODIC = {"10-K", "10-Q", "10-KT", "10-QT", "20-F", "40-F", "10-K405"}


@pytest.fixture
def sec(module_client, isolated_env):
    """One client (and parsed companyfacts) for the whole module."""
    import stamina

    from edgar_cli.sec.client import set_client

    stamina.set_testing(True, attempts=2)
    set_client(module_client)
    yield module_client
    stamina.set_testing(False)


@cache
def raw(ticker: str) -> dict:
    path = corpus_dir() / "data.sec.gov/api/xbrl/companyfacts" / f"CIK{CIKS[ticker]:010d}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def raw_rows(ticker: str, tag: str, unit: str) -> list[dict]:
    tax, local = tag.split(":")
    body = raw(ticker)["facts"].get(tax, {}).get(local)
    rows = (body or {}).get("units", {}).get(unit, [])
    return [r for r in rows if r["form"].removesuffix("/A") in PERIODIC]


def _near(a: str | None, b: date | None, days: int = 3) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs((date.fromisoformat(a) - b).days) <= days


def check_against_raw(ticker: str, result: StatementResult) -> int:
    """Every cell of ``result`` against the raw JSON; returns how many reported cells were checked."""
    checked = 0
    for row in result.rows:
        chain = [t.tag for t in lookup(row.concept).chain]
        for cell in row.cells:
            if cell.status == "reported":
                f = cell.fact
                rows = [
                    r
                    for r in raw_rows(ticker, f.matched_tag, f.unit)
                    if r["end"] == f.end.isoformat() and r.get("start") == (f.start.isoformat() if f.start else None)
                ]
                assert rows, (row.concept, cell.column)
                latest = max(rows, key=lambda r: (r["filed"], r["form"].endswith("/A"), r["accn"]))
                assert latest["val"] == cell.value == f.value, (row.concept, cell.column)
                assert any(
                    r["accn"] == f.accession_number
                    and r["val"] == f.value
                    and r["form"] == f.form
                    and r["filed"] == f.filed.isoformat()
                    for r in rows
                ), (row.concept, cell.column)
                for earlier in chain[: chain.index(f.matched_tag)]:  # the per-period fallback took the first tag
                    assert not [
                        r
                        for r in raw_rows(ticker, earlier, f.unit)
                        if _near(r["end"], f.end) and _near(r.get("start"), f.start)
                    ], (row.concept, earlier)
                checked += 1
            elif cell.status == "absent" and row.basis == "as_reported":
                col = next(c for c in result.columns if c.key == cell.column)
                assert cell.value is None and cell.reason
                if col.fiscal_period != "FY" or col.end is None:
                    continue
                for tag in chain:  # nothing in that fiscal year's period under any tag of the chain
                    for unit in (result.rows[0].unit or "USD", "USD"):
                        hits = [
                            r
                            for r in raw_rows(ticker, tag, unit)
                            if _near(r["end"], col.end, 7)
                            and (
                                row.period_type == "instant"
                                and "start" not in r
                                or row.period_type == "duration"
                                and "start" in r
                                and 350
                                <= (date.fromisoformat(r["end"]) - date.fromisoformat(r["start"])).days + 1
                                <= 380
                            )
                        ]
                        assert not hits, (row.concept, cell.column, tag, hits[:1])
    return checked


# --- done when: income statements and balance sheets, cell by cell -----------------------


@pytest.mark.parametrize("ticker", ["NVDA", "AAPL", "SNOW", "TSM"])
def test_income_statement_over_every_available_year_matches_the_raw_facts(sec, ticker):
    r = get_financial_statement(ticker, "income", last=80)
    assert len(r.columns) >= 7 and [c.fiscal_period for c in r.columns] == ["FY"] * len(r.columns)
    assert check_against_raw(ticker, r) > 5 * len(r.columns)


@pytest.mark.parametrize("ticker", ["NVDA", "AAPL", "SNOW", "TSM"])
def test_balance_sheet_at_each_fiscal_year_end_matches_the_raw_facts(sec, ticker):
    r = get_financial_statement(ticker, "balance", last=80)
    assert check_against_raw(ticker, r) > 4 * len(r.columns)
    for row in r.rows:
        for cell in row.cells:
            if cell.status == "reported":  # balances: instants at the column's own year end
                col = next(c for c in r.columns if c.key == cell.column)
                assert cell.start is None and abs((cell.end - col.end).days) <= 7


def test_named_cells_of_the_nvidia_income_statement(sec):
    r = get_financial_statement("NVDA", "income", fiscal_year="2024..2026")
    assert [c.key for c in r.columns] == ["FY2024", "FY2025", "FY2026"]
    rev = {c.column: c for c in next(x for x in r.rows if x.concept == "revenue").cells}
    # 0001045810-24-000029 (FY2024 10-K), 0001045810-25-000023 (FY2025), 0001045810-26-000021 (FY2026)
    assert (rev["FY2024"].value, rev["FY2024"].fact.accession_number) == (60_922_000_000, "0001045810-24-000029")
    assert (rev["FY2025"].value, rev["FY2025"].fact.accession_number) == (130_497_000_000, "0001045810-25-000023")
    assert (rev["FY2026"].value, rev["FY2026"].fact.accession_number) == (215_938_000_000, "0001045810-26-000021")
    assert rev["FY2026"].start == date(2025, 1, 27) and rev["FY2026"].end == date(2026, 1, 25)
    eps = {c.column: c for c in next(x for x in r.rows if x.concept == "eps_diluted").cells}
    # T07: FY2024 diluted EPS 11.93 in 0001045810-24-000029, split-restated to 1.19 in 0001045810-25-000023
    assert eps["FY2024"].value == 1.19 and eps["FY2024"].fact.restated
    assert eps["FY2024"].fact.original_value == 11.93 and eps["FY2024"].fact.revision_kind == "stock_split"


def test_a_row_from_two_tags_is_marked(sec):
    # NVIDIA's interest expense: us-gaap:InterestExpense to FY2024, InterestExpenseNonoperating after
    # (FY2025: 247M in 0001045810-25-000023).
    r = get_financial_statement("NVDA", "income", fiscal_year="2023..2025")
    row = next(x for x in r.rows if x.concept == "interest_expense")
    assert row.mixed_tags and row.matched_tags == ["us-gaap:InterestExpense", "us-gaap:InterestExpenseNonoperating"]
    assert [c.value for c in row.cells] == [262_000_000, 257_000_000, 247_000_000]
    assert any("different XBRL tags" in w for w in row.warnings)


def test_rows_a_company_does_not_report_are_absent_never_zero(sec):
    # Apple's goodwill stops at FY2017 (0000320193-17-000070 reports 5,717M); Snowflake reports no inventory.
    r = get_financial_statement("AAPL", "balance", fiscal_year="2016..2019")
    goodwill = {c.column: c for c in next(x for x in r.rows if x.concept == "goodwill").cells}
    assert goodwill["FY2017"].value == 5_717_000_000
    assert goodwill["FY2018"].status == "absent" and goodwill["FY2018"].value is None
    assert "FY2008 to FY2017" in goodwill["FY2019"].reason
    snow = get_financial_statement("SNOW", "balance")
    inventories = next(x for x in snow.rows if x.concept == "inventories")
    assert not inventories.reported and all(c.status == "absent" and c.value is None for c in inventories.cells)
    assert any("Inventories" in n and "never zero" in n for n in snow.notes)


def test_tsmc_income_statement_is_ifrs_in_twd(sec):
    r = get_financial_statement("TSM", "income", fiscal_year=2024)
    rev = next(x for x in r.rows if x.concept == "revenue")
    assert rev.unit == "TWD" and rev.matched_tags == ["ifrs-full:Revenue"]
    assert r.currency_note and "TWD" in r.currency_note
    assert any("IFRS" in n for n in r.notes)
    interest = next(x for x in r.rows if x.concept == "interest_expense")
    assert interest.matched_tags == ["ifrs-full:FinanceCosts"]  # TSMC reports no narrower interest line
    assert any("FinanceCosts" in n for n in interest.notes)


# --- Q4 and TTM -----------------------------------------------------------------------------


def test_derived_q4_is_fy_minus_nine_months_with_both_accessions(sec):
    # T03: 215,938M (FY2026, 0001045810-26-000021) - 147,811M (9M, 0001045810-25-000230) = 68,127M
    r = get_financial_series("NVDA", ["revenue"], fiscal_year=2026, period="quarterly", derive=["q4"])
    q4 = next(c for c in r.rows[0].cells if c.column == "Q4 FY2026")
    assert q4.status == "derived" and q4.derived and q4.value == 68_127_000_000
    assert q4.accession_numbers == ["0001045810-26-000021", "0001045810-25-000230"]
    assert q4.formula == "FY2026 - 9M FY2026 = 215938000000 - 147811000000"
    assert (q4.start, q4.end, q4.days) == (date(2025, 10, 27), date(2026, 1, 25), 91)


@pytest.mark.parametrize("ticker", ["NVDA", "AAPL", "SNOW"])
def test_every_derived_q4_equals_its_operands_and_they_share_a_start(sec, ticker):
    r = get_financial_statement(ticker, "income", period="quarterly", last=80, derive=["q4"])
    derived = [c for row in r.rows for c in row.cells if c.derived]
    assert len(derived) > 10
    for c in derived:
        annual, nine = c.inputs
        assert c.value == annual.value - nine.value and annual.start == nine.start
        assert annual.period_type == "annual" and nine.fiscal_period == "9M"
        assert annual.matched_tag == nine.matched_tag == c.matched_tag
        assert c.end == annual.end and c.start == nine.end + timedelta(days=1)


def test_q4_eps_is_refused_with_a_reason(sec):
    r = get_financial_series("NVDA", ["eps_diluted", "revenue"], fiscal_year=2026, period="quarterly", derive=["q4"])
    eps = next(c for c in r.rows[0].cells if c.column == "Q4 FY2026")
    assert eps.status == "refused" and eps.value is None and "per-share values are not additive" in eps.reason


def test_q4_over_a_restated_nine_months_is_refused(sec):
    # Tesla's 9M FY2012 operating cash flow was -206.02M in 0001193125-12-457610 and -228.59M in
    # 0001193125-13-435480 (restated); FY2012 was not: FY - 9M would mix bases.
    r = get_financial_series("TSLA", ["operating_cash_flow"], fiscal_year=2012, period="quarterly", derive=["q4"])
    q4 = next(c for c in r.rows[0].cells if c.column == "Q4 FY2012")
    assert q4.status == "refused" and q4.value is None
    # net income for the nine months is the same in both filings: a reclassification between cash-flow lines
    assert "9M FY2012 was reclassified" in q4.reason and "0001193125-13-435480" in q4.reason


def test_without_derive_q4_is_said_to_be_implied(sec):
    r = get_financial_series("NVDA", ["revenue"], fiscal_year=2026, period="quarterly")
    q4 = next(c for c in r.rows[0].cells if c.column == "Q4 FY2026")
    assert q4.status == "implied" and q4.value is None
    assert any("Q4 is not filed as its own quarter" in n for n in r.notes)


def test_q4_is_not_said_to_be_implied_without_a_nine_months(sec):
    """TSMC files 20-Fs only: FY2024 revenue is 2894307700000 TWD (0001193125-25-083423) and no nine months exist,
    so Q4 FY2024 is absent, not 'implied by FY less the nine months'; with derive it is absent for the same reason."""
    for derive in (None, ["q4"]):  # a table with no value in it is an error, not a grid of empty cells
        with pytest.raises(EdgarError) as err:
            get_financial_statement("TSM", "income", fiscal_year=2024, period="quarterly", derive=derive)
        assert err.value.code == "not_found" and "6-K" in err.value.message
    # With ttm the Q4 column's twelve months are the reported FY: the Q4 itself is absent, never 'implied'.
    r = get_financial_statement("TSM", "income", fiscal_year=2024, period="quarterly", derive=["ttm"])
    q4 = next(c for c in r.rows[0].cells if c.column == "Q4 FY2024")
    assert q4.status == "absent" and q4.value is None and "no nine-month value" in q4.reason
    assert not any(c.status == "implied" for row in r.rows for c in row.cells)
    assert not any("implied" in n for n in r.notes) and any("6-K" in n for n in r.notes), r.notes
    ttm = next(c for c in r.rows[1].cells if c.column == "Q4 FY2024")
    assert (r.rows[1].basis, ttm.value, ttm.accession_numbers) == ("ttm", 2894307700000, ["0001193125-25-083423"])
    # The balance sheet's Q4 is the year-end balance, reported: that table stands.
    balance = get_financial_statement("TSM", "balance", fiscal_year=2024, period="quarterly")
    assert next(c for c in balance.rows[0].cells if c.column == "Q4 FY2024").status == "reported"
    annual = get_financial_statement("TSM", "income", fiscal_year=2024)
    fy = next(c for c in annual.rows[0].cells if c.column == "FY2024")
    assert (fy.value, fy.accession_numbers) == (2894307700000, ["0001193125-25-083423"])
    # NVIDIA has its nine months (10-Q), so its Q4 stays implied and the 6-K note is not given.
    nvda = get_financial_series("NVDA", ["revenue"], fiscal_year=2026, period="quarterly")
    assert not any("6-K" in n for n in nvda.notes)
    assert not any("6-K" in n for n in get_financial_statement("NVDA", "balance", period="quarterly").notes)


def test_cash_flow_quarters_reported_only_year_to_date_are_not_made_up(sec):
    # T03 (SNOW goodwill): FY2025 has a six-month change but no Q1 of its own: Q2 is not derivable.
    r = get_financial_series(
        "SNOW", ["us-gaap:GoodwillPeriodIncreaseDecrease"], fiscal_year=2025, period="quarterly", derive=["q4"]
    )
    q2 = next(c for c in r.rows[0].cells if c.column == "Q2 FY2025")
    assert q2.value is None and "year to date" in q2.reason


def test_trailing_twelve_months_to_the_latest_quarter(sec):
    # FY2026 215,938M (0001045810-26-000021) + Q1 FY2027 81,615M (0001045810-26-000052)
    # - Q1 FY2026 44,062M (0001045810-25-000116) = 253,491M
    r = get_financial_series("NVDA", ["revenue", "total_assets"], last=2, derive=["ttm"])
    assert [c.key for c in r.columns] == ["FY2025", "FY2026", "TTM 2026-04-26"]
    ttm = r.rows[0].cells[-1]
    assert ttm.status == "derived" and ttm.value == 253_491_000_000
    assert ttm.accession_numbers == ["0001045810-26-000021", "0001045810-26-000052", "0001045810-25-000116"]
    assert (ttm.start, ttm.end) == (date(2025, 4, 28), date(2026, 4, 26))
    assert r.rows[1].cells[-1].status == "refused"  # a balance has no twelve months


def test_an_annual_ttm_request_on_an_earlier_range_does_not_say_no_quarter_was_reported(sec):
    """NVIDIA reported quarters after FY2022 (Q1 FY2023 revenue 8288000000, 0001045810-22-000079); a table of
    FY2020..FY2022 gets no TTM column because TTM follows only the latest fiscal year, and says that."""
    r = get_financial_series("NVDA", ["revenue"], fiscal_year="2020..2022", derive=["ttm"])
    assert [c.key for c in r.columns] == ["FY2020", "FY2021", "FY2022"]
    assert not any("No quarter has been reported" in n for n in r.notes), r.notes
    assert any("follows only the latest fiscal year (FY2026)" in n for n in r.notes), r.notes
    q = get_financial_series("NVDA", ["revenue"], fiscal_year=2023, period="quarterly")
    q1 = next(c for c in q.rows[0].cells if c.column == "Q1 FY2023")
    assert (q1.value, q1.accession_numbers) == (8288000000, ["0001045810-22-000079"])


def test_quarterly_ttm_rows_follow_their_concept(sec):
    r = get_financial_series("NVDA", ["revenue", "eps_diluted"], period="quarterly", last=4, derive=["ttm"])
    assert [x.basis for x in r.rows] == ["as_reported", "ttm", "as_reported"]
    ttm = {c.column: c for c in r.rows[1].cells}
    assert ttm["Q4 FY2026"].status == "reported" and ttm["Q4 FY2026"].value == 215_938_000_000
    assert all(c.status == "derived" for k, c in ttm.items() if k != "Q4 FY2026")


# --- notes true of the figures they sit on (issue 35, item 6) ---------------------------------------------------


def test_a_shares_series_says_once_that_each_year_also_has_the_balance_sheet_count_and_how_to_see_it(sec):
    # Apple tags two share counts labelled with each fiscal year: the cover page's dei:EntityCommonStockSharesOutstanding
    # (shown: 14,776,353,000 at 2025-10-17) and the balance sheet's us-gaap:CommonStockSharesOutstanding
    # (14,773,260,000 at 2025-09-27), both in the FY2025 10-K 0000320193-25-000079. Every column has both, so one
    # note says so; values of periods not in the table (Q1 FY2026 at 2025-12-27, 0000320193-26-000006; Q3 FY2025
    # at 2025-06-28, 0000320193-25-000073) are not in it.
    r = get_financial_series("AAPL", ["shares_outstanding"], last=8)
    (row,) = r.rows
    left = [n for n in row.notes + r.notes if "left out" in n]
    assert len(left) == 1, row.notes + r.notes
    (note,) = left
    assert "every column" in note and "us-gaap:CommonStockSharesOutstanding" in note
    assert "14,773,260,000 at 2025-09-27" in note and "0000320193-25-000079" in note
    assert "2025-12-27" not in note and "2025-06-28" not in note
    assert "ask for us-gaap:CommonStockSharesOutstanding" in note


def test_a_left_out_value_is_named_only_for_the_columns_it_belongs_to(sec):
    # FY2019 alone: its balance-sheet count at 2019-09-28 is 17,772,945,000 as restated for the 2020 4-for-1 split
    # (0000320193-20-000096) beside the cover count 4,443,265,000 at 2019-10-18 (0000320193-19-000119) shown; no
    # other year's dates are named.
    r = get_financial_series("AAPL", ["shares_outstanding"], fiscal_year=2019)
    (note,) = [n for n in r.rows[0].notes + r.notes if "left out" in n]
    assert "17,772,945,000 at 2019-09-28" in note and "0000320193-20-000096" in note
    assert "4,443,265,000 at 2019-10-18" in note
    assert not any(d in note for d in ("2025", "2024", "2020-09-26"))


def test_total_debt_years_whose_lines_cannot_be_summed_say_so_in_a_series_and_in_a_table_cell(sec):
    # Tesla's 10-Ks: LongTermDebt beside DebtCurrent with no noncurrent line, at 2019-12-31 10,402M and 1,399M
    # (0001564590-20-004475), 2020-12-31 8,462M and 1,758M (0001564590-21-004599), 2021-12-31 4,254M and 1,088M
    # (0000950170-22-000796). The facts run to 2022-09-30; it was said that they "cover FY2011 to FY2012".
    with pytest.raises(EdgarError) as caught:
        get_financial_series("TSLA", ["total_debt"], fiscal_year="2019..2021")
    err = caught.value
    assert err.code == "not_found" and "cover FY2011" not in err.message
    for text in ("2019-12-31", "us-gaap:DebtCurrent 1,758,000,000 (0001564590-21-004599)", "2021-12-31"):
        assert text in err.message, err.message
    assert all(t in err.suggestion for t in ("us-gaap:LongTermDebt", "us-gaap:DebtCurrent", "2019..2021"))
    table = get_financial_series("TSLA", ["total_debt", "revenue"], fiscal_year="2019..2021")
    cell = next(c for c in table.rows[0].cells if c.column == "FY2019")
    assert cell.status == "absent" and "us-gaap:LongTermDebt 10,402,000,000 (0001564590-20-004475)" in cell.reason


# --- one request, ranges, errors ------------------------------------------------------------


def test_one_companyfacts_request_whatever_the_number_of_rows(mirror, tmp_path_factory):
    from support import client_over

    for client in client_over(mirror.url, tmp_path_factory):
        before = mirror.requests_to("companyfacts")
        get_financial_statement("AAPL", "income", client=client)
        get_financial_series("AAPL", ["revenue", "net_income", "total_assets", "capex", "goodwill"], client=client)
        assert mirror.requests_to("companyfacts") - before == 1


def test_fiscal_year_ranges_and_last(sec):
    r = get_financial_series("NVDA", ["revenue"], fiscal_year="2020-2022")
    assert [c.key for c in r.columns] == ["FY2020", "FY2021", "FY2022"] and r.fiscal_years == [2020, 2021, 2022]
    r = get_financial_series("NVDA", ["revenue"], fiscal_year="2015..2024", last=2)
    assert [c.key for c in r.columns] == ["FY2023", "FY2024"]
    assert [c.key for c in get_financial_series("NVDA", ["revenue"], last=3).columns] == ["FY2024", "FY2025", "FY2026"]


def test_last_within_a_range_does_not_say_the_years_it_cut_have_no_values(sec):
    """NVIDIA reports revenue for every year of 2020..2024 (FY2020: 10918000000 in 0001045810-22-000036); last=3 shows FY2022-FY2024 and must not claim FY2020 and FY2021 have no values."""
    r = get_financial_series("NVDA", ["revenue", "net_income"], fiscal_year="2020..2024", last=3)
    assert [c.key for c in r.columns] == ["FY2022", "FY2023", "FY2024"]
    assert not any(n.startswith("No values for") for n in r.notes), r.notes
    assert any("FY2020, FY2021 have values but are not shown" in n for n in r.notes), r.notes
    full = get_financial_series("NVDA", ["revenue"], fiscal_year="2020..2024")
    fy2020 = next(c for c in full.rows[0].cells if c.column == "FY2020")
    assert (fy2020.value, fy2020.accession_numbers) == (10918000000, ["0001045810-22-000036"])
    # A year with no value at all is still said to have none: SNOW's XBRL revenue starts after FY2015.
    snow = get_financial_series("SNOW", ["revenue"], fiscal_year="2015..2024")
    assert any(n.startswith("No values for FY2015") for n in snow.notes), snow.notes


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"fiscal_year": "2024..2020"}, "invalid_argument"),
        ({"fiscal_year": "20x4"}, "invalid_argument"),
        ({"fiscal_year": "2031..2032"}, "out_of_scope"),
        ({"fiscal_year": "1995..1996"}, "not_found"),
        ({"last": 0}, "invalid_argument"),
        ({"derive": ["q4"]}, "invalid_argument"),  # q4 needs a quarterly table
        ({"derive": ["q5"]}, "invalid_argument"),
        ({"period": "all"}, "invalid_argument"),
    ],
)
def test_bad_arguments_are_refused(sec, kwargs, code):
    with pytest.raises(EdgarError) as exc:
        get_financial_series("NVDA", ["revenue"], **kwargs)
    assert exc.value.code == code


def test_unknown_statement_and_concepts_are_refused(sec):
    with pytest.raises(EdgarError) as exc:
        get_financial_statement("NVDA", "equity")  # type: ignore[arg-type]
    assert exc.value.code == "invalid_argument" and "income, balance or cashflow" in exc.value.suggestion
    with pytest.raises(EdgarError) as exc:
        get_financial_series("NVDA", ["revenue", "nonsense concept"])
    assert exc.value.code == "invalid_argument"


# --- MCP-ready: the same functions as tools (registered by mcp_server on merge) -----------------


def test_the_statement_capabilities_work_as_mcp_tools(sec):
    import anyio

    from edgar_cli.mcp import server as S

    server = S._server_class()(name="edgar-test")
    for fn in (get_financial_statement, get_financial_series):
        server.add_tool(S.as_tool(fn), name=fn.__name__, description=S.description_for(fn), structured_output=True)

    async def go():
        tools = {t.name: t for t in await server.list_tools()}
        schema = tools["get_financial_statement"].input_schema["properties"]
        assert schema["statement"]["enum"] == ["income", "balance", "cashflow"]
        assert {"fiscal_year", "last", "period", "derive"} <= set(schema) and "client" not in schema
        assert tools["get_financial_series"].output_schema is not None
        ok = await server.call_tool("get_financial_statement", {"company": "NVDA", "statement": "income", "last": 2})
        bad = await server.call_tool(
            "get_financial_series", {"company": "NVDA", "concepts": ["revenue"], "derive": ["q4"]}
        )
        return ok, bad

    ok, bad = anyio.run(go)
    data = ok.structured_content
    assert not ok.is_error and [c["key"] for c in data["columns"]] == ["FY2025", "FY2026"]
    assert data == get_financial_statement("NVDA", "income", last=2).model_dump(mode="json")
    err = json.loads(bad.content[0].text)["error"]  # errors are text only (no structured content)
    assert bad.is_error and bad.structured_content is None and err["code"] == "invalid_argument"
    assert "period quarterly" in err["suggestion"]  # the MCP spelling


def test_notes_several_rows_share_are_said_once_for_the_table(sec):
    # issue 35, item 6: TSMC's income statement in USD repeated the TWD pointer and the 6-K count on every row
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    r = get_financial_statement("TSM", "income", last=2, unit="USD")
    twd = [n for n in r.notes if "reports every period shown in TWD as well" in n]  # (never "some periods": all are)
    assert len(twd) == 1 and twd[0].startswith("Revenue, Cost of revenue")
    # the 6-K 0001193125-21-301021 repeats 2019-2021 periods, none of FY2023/FY2024's: nothing to say of them here
    assert not any("outside periodic reports" in n for n in r.notes + [n for row in r.rows for n in row.notes])
    # it repeats TSMC's 2020-12-31 balances (total assets 2,760,600,500,000 TWD, as in the 20-F
    # 0001193125-21-118512): said once for the FY2020 balance sheet, not on each row
    b = get_financial_statement("TSM", "balance", fiscal_year="2020")
    assert sum(n.startswith("Facts repeated outside periodic reports") for n in b.notes) == 1
    assert not any(n.startswith("Facts repeated outside") for row in b.rows for n in row.notes)


def test_an_income_statement_as_of_a_date_before_the_year_was_reported_names_its_first_filing(sec):
    # Apple's FY2010 was first reported in its 10-K 0001193125-10-238044, filed 2010-10-27.
    with pytest.raises(EdgarError) as info:
        get_financial_statement("320193", "income", fiscal_year=2010, as_of="2010-06-30")
    assert info.value.code == "not_found"
    assert "not yet reported as of 2010-06-30" in info.value.message  # FY2010 ended 2010-09-25, after the date
    assert "first filed 2010-10-27 in 0001193125-10-238044" in info.value.message


def test_an_income_statement_as_known_on_a_date_says_so(sec):
    r = get_financial_statement("320193", "income", fiscal_year=2009, as_of="2010-01-24")
    assert r.as_of == date(2010, 1, 24)
    assert all(c.fact.filed <= date(2010, 1, 24) for row in r.rows for c in row.cells if c.fact)
    assert get_financial_statement("320193", "income", fiscal_year=2009).as_of is None


def test_a_row_the_company_reports_only_in_other_years_is_named_in_the_note_not_left_blank(sec):
    # TSMC's long_term_debt tag (ifrs-full:LongtermBorrowings) starts at FY2020 (20-F 0001193125-21-118512): its
    # FY2016-2019 balance sheets leave the row empty, and a note must say so (its bonds are on their own line).
    s = get_financial_statement("TSM", "balance", fiscal_year="2016..2019")
    row = next(r for r in s.rows if r.concept == "long_term_debt")
    assert row.reported and all(c.value is None for c in row.cells)
    (note,) = [n for n in row.notes + [n for n in s.notes if "Long-term debt" in n] if "shown empty" in n]
    assert "FY2020" in note, note


def test_a_translation_from_a_later_filing_is_named_in_table_views_as_in_a_single_year(sec):
    # TSMC's cash at 2016-12-31 in USD, 18,260,900,000, is in the FY2017 20-F 0001193125-18-121866 (beside
    # 541,253,800,000 TWD there: implied 29.64 TWD per USD); the row's note promises "a note names it".
    series = get_financial_series("TSM", ["cash"], fiscal_year="2015..2024", unit="USD")
    balance = get_financial_statement("TSM", "balance", fiscal_year=2016, unit="USD")
    for result in (series, balance):
        row = next(r for r in result.rows if r.concept == "cash")
        said = [n for n in row.notes if "0001193125-18-121866" in n and "rate" in n]
        assert said and "29.64" in said[0] and "FY2016" in said[0], row.notes

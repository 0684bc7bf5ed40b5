"""The words around total_debt and long_term_debt (issue 35, sixth review): every date, year, span and unit a
message names is true of what the answer holds. Every figure is from the corpus's companyfacts and names its
filing."""

from __future__ import annotations

from lookups import refusal

from edgar_cli.capabilities.compare.compare import compare_companies
from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.capabilities.statement.statement import concept_command, get_financial_series


def test_teslas_total_debt_refusal_names_the_years_really_summed_with_their_gaps(sec):
    # Tesla's total_debt is summed at FY2011-FY2013 (FY2013: 586,301,000 in 0001193125-14-069681) and FY2018
    # (10,632,475,000 in 0001564590-19-003165), not at FY2014-FY2017 (FY2017: LongTermDebt 8,828,985,000 beside
    # DebtCurrent 799,849,000 in 0001564590-18-002956): a span FY2011 to FY2018 would be false
    err = refusal(get_financial_series, "TSLA", ["total_debt"], fiscal_year="2014..2017")
    assert "FY2011 to FY2018" not in err.message, err.message
    assert "It is summed for FY2011 to FY2013 and FY2018" in err.message, err.message


def test_every_period_of_a_year_with_no_total_is_worded_for_every_period(sec):
    # Tesla's FY2014: LongTermDebt 2,959,795,000 beside ConvertibleNotesPayableCurrent 601,566,000 at 2014-12-31
    # (0001564590-15-001031), not summed, nor any quarter of it
    err = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2014, period="all")
    assert "No all total_debt" not in err.message, err.message
    assert err.message.startswith("No total_debt values of any period for Tesla, Inc. in fiscal year 2014"), err.message


def test_every_period_of_a_range_ending_in_a_year_with_no_total_keeps_the_years_that_have_one(sec):
    # FY2013's total_debt is summed (586,301,000 at 2013-12-31, 0001193125-14-069681; 439,626,000 at 2013-03-31,
    # 0001193125-13-212354); FY2014's is not
    r = concept_command("TSLA", ["total_debt"], fiscal_year="2013..2014", period="all")
    assert {(v.end.isoformat(), v.value) for v in r.values} >= {("2013-12-31", 586301000), ("2013-03-31", 439626000)}
    said = " ".join(r.warnings)
    assert "No all total_debt" not in said, said
    assert "No total_debt values of any period for Tesla, Inc. in fiscal year 2014" in said, said


def test_every_period_of_a_range_with_no_total_in_any_year_refuses_about_the_range(sec):
    # FY2014-FY2017: no year of Tesla's total_debt is summed (FY2014's 2014-12-31 in 0001564590-15-001031, FY2017's
    # 2017-12-31 in 0001564590-18-002956): the refusal names the range, not its last year alone
    err = refusal(concept_command, "TSLA", ["total_debt"], fiscal_year="2014..2017", period="all")
    assert "No all total_debt" not in err.message, err.message
    assert err.message.startswith("No total_debt values of any period for Tesla, Inc. in FY2014 to FY2017"), err.message
    for fy in (2014, 2015, 2016, 2017):
        assert f"fiscal year {fy}" in err.message, (fy, err.message)


def test_the_latest_year_of_a_company_whose_facts_stop_mid_year_is_not_labelled_by_a_quarter_end(sec):
    # Tesla's XBRL facts end at 2022-09-30 (0000950170-22-019867), a quarter of FY2022, whose year ends 2022-12-31
    for period in ("all", "quarterly"):
        err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2023, period=period)
        assert "FY2022 (ending 2022-09-30)" not in err.message, err.message
        assert "2022-09-30" in err.message and "FY2022" in err.message, err.message


def test_tsmcs_total_debt_refusal_in_usd_gives_every_amount_its_unit(sec):
    # TSMC's CurrentPortionOfLongtermBorrowings 59,857,900,000 TWD beside current bonds 57,148,000,000 TWD at
    # 2024-12-31 (0001193125-25-083423): the amounts of the overlap carry TWD, the currency they are in
    suggestion = refusal(get_financial_concept, "TSM", "total_debt", unit="USD").suggestion
    assert "59,857,900,000 TWD against 57,148,000,000 TWD" in suggestion, suggestion


def test_tsmcs_long_term_debt_in_usd_says_the_unit_of_both_lines(sec):
    # TSMC's 20-F 0001193125-25-083423 at 2024-12-31: NoncurrentPortionOfNoncurrentBondsIssued 28,258,700,000 USD,
    # LongtermBorrowings 970,500,000 USD (convenience translations)
    r = get_financial_concept("TSM", "long_term_debt", unit="USD")
    said = " ".join(r.warnings)
    assert "against 970,500,000 USD for ifrs-full:LongtermBorrowings" in said, said


def test_comparing_total_debt_aligned_to_a_calendar_year_names_the_year_found_and_why_no_total(sec):
    # Tesla's FY2014 ends 2014-12-31, nearest calendar 2014: its total_debt is not summed there (LongTermDebt
    # 2,959,795,000 beside ConvertibleNotesPayableCurrent 601,566,000, 0001564590-15-001031)
    r = compare_companies("total_debt", ["TSLA", "NVDA"], fiscal_year=2014, align="nearest")
    tesla = next(u for u in r.unavailable if u.cik == "0001318605")
    assert "no fiscal year aligned" not in tesla.reason, tesla.reason
    assert "FY2014 (ended 2014-12-31)" in tesla.reason, tesla.reason
    assert "not summed" in tesla.reason and "2,959,795,000" in tesla.reason, tesla.reason


def test_a_quarterly_table_of_total_debt_names_only_the_dates_of_its_columns(sec):
    # Tesla's FY2013..2014 quarters: the table's columns run to Q3 FY2014 (2014-09-30; LongTermDebtNoncurrent
    # 597,600,000 in 0001193125-14-403635, not summed); 2014-12-31 (0001564590-15-001031) is no column of it
    r = get_financial_series("TSLA", ["total_debt"], fiscal_year="2013..2014", period="quarterly")
    shown = {c.end.isoformat() for c in r.columns if c.end is not None}
    assert "2014-12-31" not in shown, shown
    said = " ".join(r.notes + [n for row in r.rows for n in row.notes])
    assert "2014-09-30" in said, said
    assert "2014-12-31" not in said, said


def test_teslas_total_debt_refusals_name_every_debt_line_the_filing_tags_and_why(sec):
    # Tesla's 10-Qs tag, beside LongTermDebtNoncurrent, their convertible notes' lines: 2013-09-30
    # (0001193125-13-435480) ConvertibleDebtCurrent 582,502,000 beside LongTermDebtNoncurrent 582,500,000;
    # 2014-06-30 (0001193125-14-303175) ConvertibleDebtCurrent 593,712,000 and ConvertibleDebtNoncurrent
    # 1,767,024,000 beside 593,700,000; 2014-09-30 (0001193125-14-403635) 597,626,000 and 1,786,635,000 beside
    # 597,600,000
    lines = {
        (2013, "Q3"): ("582,500,000", "us-gaap:ConvertibleDebtCurrent 582,502,000"),
        (2014, "Q2"): (
            "593,700,000",
            "us-gaap:ConvertibleDebtCurrent 593,712,000",
            "us-gaap:ConvertibleDebtNoncurrent 1,767,024,000",
        ),
        (2014, "Q3"): (
            "597,600,000",
            "us-gaap:ConvertibleDebtCurrent 597,626,000",
            "us-gaap:ConvertibleDebtNoncurrent 1,786,635,000",
        ),
    }
    r = get_financial_series("TSLA", ["total_debt"], fiscal_year="2013..2014", period="quarterly")
    cells = {c.column: c for c in r.rows[0].cells}
    for (fy, q), figures in lines.items():
        reason = cells[f"{q} FY{fy}"].reason or ""
        for figure in figures:
            assert figure in reason, (fy, q, figure, reason)
        assert "a total of the noncurrent part alone would guess that there is no current portion" not in reason
        assert "equals, to its rounding" in reason, reason
    err = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2014, period="quarterly")
    for (fy, _q), figures in lines.items():
        if fy == 2014:
            assert all(f in err.message for f in figures), err.message
    assert "us-gaap:ConvertibleDebtCurrent" in err.suggestion, err.suggestion


def test_total_debt_catalogue_words_never_added_are_true_of_every_total(sec):
    # concepts.toml's total_debt chain: a line whose caveat says "never added" is a component of no total; a line
    # that is a component somewhere (Tesla's ConvertibleDebtCurrent 182,000 at 2013-12-31, 0001193125-14-069681;
    # its DebtCurrent 2,221,985,000 at 2018-12-31, 0001564590-19-003165) says when it is added
    from edgar_cli.xbrl.catalogue import lookup

    spec = lookup("total_debt")
    added: set[str] = set()
    for ticker in ("TSLA", "NVDA", "AAPL"):
        r = get_financial_concept(ticker, "total_debt", period="all", limit=200)
        mine = {c.matched_tag for v in r.values for c in v.components or []}
        added |= mine
        for t in r.tags_tried:
            if t.tag in mine and t.detail:
                assert "never added" not in t.detail, (ticker, t.tag, t.detail)
    assert {"us-gaap:ConvertibleDebtCurrent", "us-gaap:DebtCurrent"} <= added, added
    for t in spec.chain:
        if t.tag in added:
            assert "never added" not in t.caveat, (t.tag, t.caveat)


def test_snowflakes_zero_long_term_debt_at_2024_01_31_is_said_to_be_a_later_comparative(sec):
    # Snowflake's ConvertibleDebtNoncurrent is 0 at 2024-01-31 only as the comparative of later filings (first the
    # 10-Q 0001640147-24-000250); the year's own 10-K, 0001640147-24-000101, tags no such line (the notes were issued
    # later): the 0 is said to be that, never a figure its report stated
    r = get_financial_concept("SNOW", "long_term_debt", fiscal_year=2024)
    assert [v.value for v in r.values] == [0]
    said = " ".join(r.notes)
    assert "0001640147-24-000101" in said and "tags no such line" in said, said
    assert "0001640147-24-000250" in said, said
    # the table says it too
    t = get_financial_series("SNOW", ["long_term_debt"], fiscal_year="2024..2025")
    said = " ".join(t.notes + [n for row in t.rows for n in row.notes])
    assert "0001640147-24-000101" in said and "tags no such line" in said, said
    # total_debt's refusal at that date does not call the 0 the filer's debt
    err = refusal(get_financial_concept, "SNOW", "total_debt", fiscal_year=2024)
    assert "long_term_debt's answer, 0)" not in err.message, err.message
    assert "0001640147-24-000101" in err.message and "tags no such line" in err.message, err.message


def test_the_last_three_years_of_teslas_total_debt_are_its_last_three_years_not_its_last_three_totals(sec):
    # --last counts fiscal periods. Tesla's total_debt is summed at FY2018 (LongTermDebt 8,410,490,000 + DebtCurrent
    # 2,221,985,000 = 10,632,475,000, 0001564590-19-003165), not at FY2019-FY2021 (FY2021: LongTermDebt
    # 4,254,000,000 beside DebtCurrent 1,088,000,000, 0000950170-22-000796): the last three years are FY2019-2021,
    # shown empty with why, never FY2012, FY2013 and FY2018 as though they were the latest
    r = get_financial_series("TSLA", ["total_debt"], last=3)
    assert [c.key for c in r.columns] == ["FY2019", "FY2020", "FY2021"], [c.key for c in r.columns]
    assert all(c.value is None and c.reason for c in r.rows[0].cells), r.rows[0].cells
    said = " ".join(r.notes)
    assert "counts fiscal periods" in said and "FY2019 to FY2021" in said, said
    assert "FY2018" in said, said  # the latest year with a value, named as where the values stop


def test_a_long_run_of_nvidias_total_debt_keeps_the_years_it_cannot_sum_as_columns(sec):
    # NVIDIA's total_debt: FY2016 1,413,000,000 (0001045810-16-000205) and FY2019 (0001045810-19-000023) are summed;
    # FY2017 and FY2018 are not: the twelve latest years are FY2015..FY2026 with FY2017 and FY2018 empty, never a
    # jump from FY2016 to FY2019
    r = get_financial_series("NVDA", ["total_debt"], last=12)
    keys = [c.key for c in r.columns]
    assert keys == [f"FY{y}" for y in range(2015, 2027)], keys
    cells = {c.column: c for c in r.rows[0].cells}
    assert cells["FY2017"].value is None and "cannot be summed" in (cells["FY2017"].reason or "")
    assert "FY2017 and FY2018" in " ".join(r.notes) or "FY2017 to FY2018" in " ".join(r.notes), r.notes


def test_the_last_six_quarters_of_snowflakes_long_term_debt_name_the_two_quarters_it_did_not_tag(sec):
    # Snowflake's ConvertibleDebtNoncurrent: 0 at 2024-01-31 (comparative in 0001640147-25-000052), 2,269,459,000 at
    # 2024-10-31 (0001640147-24-000250), none tagged at 2024-04-30 or 2024-07-31 (Q1, Q2 FY2025)
    r = get_financial_series("SNOW", ["long_term_debt"], period="quarterly", last=6)
    keys = [c.key for c in r.columns]
    assert keys == ["Q4 FY2024", "Q1 FY2025", "Q2 FY2025", "Q3 FY2025", "Q4 FY2025", "Q1 FY2026"], keys
    said = " ".join(r.notes)
    assert "Q1 FY2025" in said and "Q2 FY2025" in said, said


def test_lpas_long_term_borrowings_name_the_noncurrent_line_its_own_filing_tags_and_do_not_compare_as_noncurrent(sec):
    # LPA's 20-F 0001997711-25-000030 at 2024-12-31: ifrs-full:LongtermBorrowings 265,885,799 USD = NoncurrentPayables
    # 253,248,978 + CurrentPortionOfLongtermBorrowings 12,636,821: the long_term_debt answer holds the current
    # portion; the note names the noncurrent line (as total_debt's refusal does), never "read the balance sheet"
    r = get_financial_concept("LPA", "long_term_debt", fiscal_year=2024)
    (note,) = [n for n in r.notes if "includes its current portion" in n]
    assert "ifrs-full:NoncurrentPayables 253,248,978" in note, note
    assert "read the balance sheet" not in note, note
    # beside another company's long_term_debt (TSMC's USD translation at 2024-12-31, 0001193125-25-083423), the
    # comparison says in its data that LPA's figure includes the current portion
    c = compare_companies("long_term_debt", ["LPA", "TSM"], fiscal_year=2024, unit="USD")
    assert not c.comparable
    assert any("current portion" in i and "Logistic Properties" in i for i in c.comparability_issues), c
    assert any("ifrs-full:NoncurrentPayables" in w for w in c.warnings), c.warnings


def test_a_total_debt_of_zero_resting_on_a_later_filings_comparative_is_refused_as_snowflakes_is(sec):
    # NVIDIA at 2013-01-27: its own FY2013 10-K 0001045810-13-000008 tags no long-term debt line; us-gaap:LongTermDebt
    # 0 for that date first appears as a comparative in 0001045810-14-000030. A total of 0 there would guess that the
    # filer had no other debt, as Snowflake's ConvertibleDebtNoncurrent 0 at 2024-01-31 (first in
    # 0001640147-24-000250, not in its own report 0001640147-24-000101) already is refused: one rule for both
    for company, fy, own in (("NVDA", 2013, "0001045810-13-000008"), ("SNOW", 2024, "0001640147-24-000101")):
        err = refusal(get_financial_concept, company, "total_debt", fiscal_year=fy)
        assert own in err.message, err.message
        assert "a total of 0 would guess that the filer had no other debt" in err.message, err.message


def test_comparing_total_debt_with_no_common_year_names_each_companys_years_with_their_gaps(sec):
    # Tesla's total_debt is summed at FY2011-FY2013 and FY2018 (10,632,475,000, 0001564590-19-003165), not at
    # FY2014-FY2017; NVIDIA's at FY2014-FY2016 and FY2019 on, not at FY2013 (a 0 only 0001045810-14-000030 gives) nor
    # FY2017-FY2018: "Tesla FY2011 to FY2018" would claim the years in between
    err = refusal(compare_companies, "total_debt", ["TSLA", "NVDA"])
    assert "FY2011 to FY2018" not in err.message, err.message
    assert "Tesla, Inc.: FY2011 to FY2013 and FY2018" in err.message, err.message
    assert "NVIDIA CORP: FY2014 to FY2016 and FY2019 to FY2026" in err.message, err.message


def test_the_latest_common_year_when_every_company_reports_later_ones_names_no_subjectless_company():
    from edgar_cli.capabilities.compare.compare import _choose_period
    from edgar_cli.models.companies import CompanyRef

    # the years of Tesla's and NVIDIA's total_debt as review 7 found them (FY2013 in common; Tesla's FY2018 in
    # 0001564590-19-003165, NVIDIA's to FY2026 in 0001045810-26-000021): both report later years, none in common
    class E:
        def __init__(self, name: str, years: list[int]):
            self.ref = CompanyRef(cik="0", name=name, tickers=[])
            self.keys = {(y, 0) for y in years}

    tesla = E("Tesla, Inc.", [2011, 2012, 2013, 2018])
    nvidia = E("NVIDIA CORP", [2013, 2014, 2015, 2016, *range(2019, 2027)])
    key, basis, reason = _choose_period([tesla, nvidia], None, "annual")  # type: ignore[list-item]
    assert key == (2013, 0) and basis == "latest_common"
    assert ";  report" not in reason and "nothing later" not in reason, reason
    assert "Tesla, Inc.: FY2018" in reason and "NVIDIA CORP: FY2014 to FY2016 and FY2019 to FY2026" in reason, reason


def test_the_advice_for_debt_lines_not_summed_names_a_year_when_none_was_asked(sec):
    from edgar_cli.sec.client import get_client
    from edgar_cli.sec.companyfacts import load_company_facts
    from edgar_cli.vocabulary import set_surface
    from edgar_cli.xbrl.answer import unsummed_suggestion
    from edgar_cli.xbrl.catalogue import lookup
    from edgar_cli.xbrl.series import build_series

    # Snowflake's ConvertibleDebtNoncurrent 0 at 2024-01-31 (FY2024; first in 0001640147-24-000250) is not summed; a
    # table asked with --last has no year of its own: the advice names FY2024, never "--fy ," nor "fiscal_year )"
    series = build_series(load_company_facts(get_client(), 1640147), lookup("total_debt"))
    gaps = [g for g in series.unsummed if g.fiscal_year == 2024]
    said = unsummed_suggestion(gaps, "SNOW", "")  # over MCP
    assert "concepts us-gaap:ConvertibleDebtNoncurrent, fiscal_year 2024)" in said, said
    assert "fiscal_year )" not in said, said
    set_surface("cli")
    try:
        said = unsummed_suggestion(gaps, "SNOW", "")
    finally:
        set_surface("mcp")
    assert "us-gaap:ConvertibleDebtNoncurrent --fy 2024" in said, said
    assert "--fy ," not in said and "--fy  " not in said, said

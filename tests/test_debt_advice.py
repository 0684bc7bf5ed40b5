"""total_debt's advice: what a refusal or an empty cell says must never lead to a wrong sum or a false
"not reported". Every figure is from the corpus's companyfacts and names its filing."""

from __future__ import annotations

from lookups import refusal

from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.capabilities.statement.statement import get_financial_series
from edgar_cli.errors import EdgarError

CURRENT_PORTION = "ifrs-full:CurrentPortionOfLongtermBorrowings"
CURRENT_BONDS = "ifrs-full:CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued"


def test_tsmcs_debt_lines_say_the_current_portion_holds_the_current_bonds(sec):
    # TSMC's ifrs-full:CurrentPortionOfLongtermBorrowings equals its current bonds at 2017-12-31 (58,401,100,000,
    # 0001193125-18-121866), 2018, 2019 and 2020, and is never smaller (59,857,900,000 beside 57,148,000,000 at
    # 2024-12-31, 0001193125-25-083423): the refusal says not to add both
    suggestion = refusal(get_financial_concept, "TSM", "total_debt").suggestion
    assert f"{CURRENT_PORTION} includes {CURRENT_BONDS}" in suggestion, suggestion
    assert "58,401,100,000 TWD at 2017-12-31 (0001193125-18-121866)" in suggestion, suggestion
    assert "do not add both" in suggestion, suggestion


def test_lpas_debt_lines_say_long_term_borrowings_hold_the_current_portion(sec):
    # LPA's 20-F 0001997711-25-000030: ifrs-full:NoncurrentPayables 253,248,978 + CurrentPortionOfLongtermBorrowings
    # 12,636,821 = LongtermBorrowings 265,885,799 at 2024-12-31 (269,854,235 at 2023-12-31)
    suggestion = refusal(get_financial_concept, "LPA", "total_debt").suggestion
    assert "ifrs-full:LongtermBorrowings includes " + CURRENT_PORTION in suggestion, suggestion
    assert (
        "ifrs-full:NoncurrentPayables 253,248,978 + ifrs-full:CurrentPortionOfLongtermBorrowings 12,636,821 = "
        "ifrs-full:LongtermBorrowings 265,885,799 USD at 2024-12-31 (0001997711-25-000030)"
    ) in suggestion, suggestion
    assert "the noncurrent line" in suggestion, suggestion


def test_snowflakes_total_debt_over_a_range_names_the_unsummed_notes_as_the_single_year_does(sec):
    # Snowflake's ConvertibleDebtNoncurrent 2,271,529,000 at 2025-01-31 (0001640147-25-000052), no current line:
    # a range, a table of several concepts and the single year all say why, never "reports none"
    msg = refusal(get_financial_series, "SNOW", ["total_debt"], fiscal_year="2024..2025").message
    assert "reports none" not in msg, msg
    assert "us-gaap:ConvertibleDebtNoncurrent 2,271,529,000 (0001640147-25-000052)" in msg, msg
    r = get_financial_series("SNOW", ["long_term_debt", "total_debt"], fiscal_year="2024..2025")
    assert not any("Total debt" in n and "Not reported by this company" in n for n in r.notes), r.notes
    (row,) = [row for row in r.rows if row.concept == "total_debt"]
    assert row.reported
    assert any(
        "not summed at" in n and "2025-01-31, us-gaap:ConvertibleDebtNoncurrent 2,271,529,000" in n for n in row.notes
    ), row.notes


def test_teslas_total_debt_in_a_table_says_not_summed_rather_than_not_reported(sec):
    # Tesla's LongTermDebt 2,959,795,000 beside ConvertibleNotesPayableCurrent 601,566,000 at 2014-12-31
    # (0001564590-15-001031): the empty cell is not summed, and the row says why
    r = get_financial_series("TSLA", ["total_debt", "net_income"], fiscal_year="2014..2016")
    (row,) = [row for row in r.rows if row.concept == "total_debt"]
    assert not any("Not reported in the periods shown" in n for n in row.notes), row.notes
    (note,) = [n for n in row.notes if "not summed at" in n]
    assert "us-gaap:LongTermDebt 2,959,795,000 (0001564590-15-001031)" in note, note
    assert "us-gaap:ConvertibleNotesPayableCurrent 601,566,000" in note, note


def test_teslas_lone_current_debt_line_is_named_with_the_noncurrent_debt_and_lease_line(sec):
    # Tesla's 10-K 0001564590-16-013195 at 2015-12-31: LongTermDebtAndCapitalLeaseObligationsCurrent 633,166,000
    # and LongTermDebtAndCapitalLeaseObligations 2,040,375,000 (both with finance leases: 15,451,000 and
    # 17,222,000 in the same filing)
    e = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2015)
    assert isinstance(e, EdgarError)
    assert "would guess there is no other debt" not in e.message, e.message
    assert "us-gaap:LongTermDebtAndCapitalLeaseObligations 2,040,375,000 (0001564590-16-013195)" in e.message
    assert "2,673,541,000" in e.message, e.message  # the two lines' sum, named as including finance leases
    assert "finance leases" in e.message, e.message


def test_nvidias_total_debt_is_its_long_term_debt_where_the_filings_own_lines_show_it_holds_the_current(sec):
    # NVIDIA's 10-K 0001045810-16-000205 at 2016-01-31: ConvertibleDebtNoncurrent 0 + ConvertibleDebtCurrent
    # 1,413,000,000 = LongTermDebt 1,413,000,000: LongTermDebt includes the current notes, and is the total
    r = get_financial_concept("NVDA", "total_debt", fiscal_year=2016)
    (v,) = r.values
    assert v.value == 1_413_000_000 and v.accession_number == "0001045810-16-000205"
    assert v.matched_tag == "us-gaap:LongTermDebt"
    assert "us-gaap:ConvertibleDebtNoncurrent 0 + us-gaap:ConvertibleDebtCurrent 1,413,000,000 = " in v.formula
    assert "long-term debt including its current portion 1,413,000,000" in v.formula, v.formula


def test_the_facts_start_counts_balance_sheet_dates_that_end_an_earlier_fiscal_year(sec):
    # LPA's cash at 2020-12-31 (15,458,803, 0001493152-24-016772) ends its FY2020 while its first full year is
    # FY2021; Apple's cash at 2006-09-30 (6,392,000,000, 0001193125-09-214859): the facts start there, whatever
    # year one concept's tags start
    msg = refusal(get_financial_concept, "LPA", "long_term_debt", fiscal_year=2020).message
    assert "long_term_debt's tags start at FY2021" in msg, msg
    assert "XBRL facts start at FY2020 (0001493152-24-016772)" in msg, msg
    msg = refusal(get_financial_series, "LPA", ["long_term_debt"], fiscal_year="2019..2020").message
    assert "XBRL facts cover FY2020 to FY2024" in msg, msg
    msg = refusal(get_financial_concept, "AAPL", "total_assets", fiscal_year=2006).message
    assert "XBRL facts start at FY2006 (0001193125-09-214859)" in msg, msg


def test_a_note_on_dates_not_summed_sits_only_on_a_figure_that_reaches_them(sec):
    # NVIDIA's total_debt is not summed at dates from 2016-05-01 to 2018-10-28 (convertible notes on current lines,
    # 0001045810-16-000275 and later); its FY2025 total, compared for calendar 2024, says nothing of them
    from edgar_cli.capabilities.compare.compare import compare_companies

    r = compare_companies("total_debt", ["NVDA", "AAPL"], fiscal_year=2024, align="nearest")
    assert r.rows, r
    said = r.notes + r.warnings + [n for row in r.rows for n in getattr(row, "notes", [])]
    assert not any("is not summed at" in n for n in said), said
    every = get_financial_concept("NVDA", "total_debt", period="all", limit=200)
    assert any("is not summed at" in n and "2016-05-01" in n for n in every.notes), every.notes


def test_an_as_of_answer_with_no_annual_value_never_advises_the_annual_period_it_asked_for(sec):
    # Apple's dividends paid as known on 2013-01-01: only quarters (Q4 FY2012, 2,500,000,000 in 0001193125-12-444068)
    e = refusal(get_financial_concept, "AAPL", "dividends_paid", fiscal_year=2012, as_of="2013-01-01")
    assert "annual" not in e.suggestion, e.suggestion
    assert "all" in e.suggestion, e.suggestion


def test_a_related_line_is_given_in_the_unit_asked_where_the_filing_tags_it_so(sec):
    # TSMC's 20-F 0001193125-20-107579 tags its bonds due after a year at 2019-12-31 as 25,100,000,000 TWD and,
    # as a convenience translation, 839,200,000 USD
    e = refusal(get_financial_concept, "TSM", "long_term_debt", fiscal_year=2019, unit="USD")
    msg = e.message
    assert "NoncurrentPortionOfNoncurrentBondsIssued" in e.suggestion and "USD" in e.suggestion, e.suggestion
    assert (
        "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued 839,200,000 USD at 2019-12-31 (0001193125-20-107579), a "
        "convenience translation of the filer's 25,100,000,000 TWD"
    ) in msg, msg


def test_a_concepts_tags_start_counts_quarters_before_its_first_annual_value(sec):
    # Apple's us-gaap:PaymentsOfDividends has FY2012 quarters (Q4 2,500,000,000 in 0001193125-12-444068); its
    # first annual value is FY2013
    msg = refusal(get_financial_concept, "AAPL", "dividends_paid", fiscal_year=2011).message
    assert "dividends_paid's tags start at FY2012" in msg, msg
    assert "its annual values start at FY2013" in msg, msg


def test_a_recapitalisations_restated_share_counts_are_named_as_the_warning_names_them(sec):
    # LPA's weighted shares for FY2022 and FY2023: 168,142,740 in 0001493152-24-016772, 28,600,000 in
    # 0001997711-25-000030 (a 1-for-5.88 exchange ratio); the FY2021 count was never restated
    r = get_financial_concept("LPA", "weighted_shares_basic", period="all", limit=50)
    (warning,) = [w for w in r.warnings if "pre_reverse_split_ratio" in w]
    assert "1-for-5.88 since, a recapitalisation's exchange ratio" in warning, warning
    (note,) = [n for n in r.notes if "168,142,740" in n]
    assert "1-for-5.88, a share exchange or recapitalisation's ratio, not a split" in note, note


def test_long_term_debts_note_uses_the_same_filings_lines_to_say_it_includes_the_current_debt(sec):
    # as known on 2016-04-01, NVIDIA's long-term debt at 2016-01-31 is the 10-K 0001045810-16-000205's
    # LongTermDebt 1,413,000,000 = ConvertibleDebtNoncurrent 0 + ConvertibleDebtCurrent 1,413,000,000
    r = get_financial_concept("NVDA", "long_term_debt", fiscal_year=2016, as_of="2016-04-01")
    assert not any("cannot be told" in n for n in r.notes), r.notes
    assert any("1,413,000,000 includes the current debt" in n for n in r.notes), r.notes


def test_teslas_2016_debt_refusal_never_quotes_the_thousands_scale_figures_of_its_fy2016_10k(sec):
    # Tesla's FY2016 10-K 0001564590-17-003118 tags LongTermDebt 5,892,016 and DebtCurrent 1,114,652 at 2016-12-31
    # (a thousands-scale error); the FY2017 10-K 0001564590-18-002956 gives 5,892,016,000 and 1,114,652,000
    e = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2016)
    said = e.message + " " + (e.suggestion or "")
    assert "5,892,016 " not in said and "1,114,652 " not in said and "7,006,668;" not in said, said
    assert "5,892,016,000" in said and "0001564590-18-002956" in said, said
    assert "0001564590-17-003118" in said and "scale" in said, said  # the flagged filing is named, as flagged


def test_teslas_2013_debt_is_its_convertible_notes_where_its_noncurrent_long_term_debt_line_is_zero(sec):
    # Tesla's 10-K 0001193125-14-069681 at 2013-12-31: LongTermDebtNoncurrent 0, ConvertibleDebtNoncurrent
    # 586,119,000 and ConvertibleDebtCurrent 182,000: the total names the notes, never implies the debt was 0
    r = get_financial_concept("TSLA", "total_debt", fiscal_year=2013)
    (v,) = r.values
    assert v.value == 586_301_000 and v.accession_number == "0001193125-14-069681"
    assert "us-gaap:ConvertibleDebtNoncurrent" in v.matched_tag and "us-gaap:ConvertibleDebtCurrent" in v.matched_tag
    assert "us-gaap:LongTermDebtNoncurrent is 0" in v.formula, v.formula


def test_nvidias_total_debt_over_a_range_says_not_summed_at_the_years_it_cannot_sum(sec):
    # NVIDIA's LongTermDebt 1,983,000,000 beside ConvertibleDebtCurrent 796,000,000 at 2017-01-29
    # (0001045810-17-000027) and 1,985,000,000 beside 15,000,000 at 2018-01-28 (0001045810-18-000010): the range
    # keeps those years as empty cells saying why, as the single year's refusal does, never "No values for"
    r = get_financial_series("NVDA", ["total_debt"], fiscal_year="2015..2019")
    assert not any("No values for" in n for n in r.notes), r.notes
    (row,) = r.rows
    cells = {c.column: c for c in row.cells}
    assert cells["FY2017"].value is None and "cannot be summed" in (cells["FY2017"].reason or "")
    assert "0001045810-17-000027" in cells["FY2017"].reason
    said = r.notes + row.notes
    assert any("not summed at 2017-01-29, 2018-01-28" in n for n in said), said


def test_snowflakes_total_debt_cells_give_the_not_summed_reason_never_none_of_its_tags(sec):
    # Snowflake's ConvertibleDebtNoncurrent 2,271,529,000 at 2025-01-31 (0001640147-25-000052) is one of
    # total_debt's own tags: no cell may say the company reports none of them
    r = get_financial_series("SNOW", ["long_term_debt", "total_debt"], fiscal_year="2024..2025")
    (row,) = [row for row in r.rows if row.concept == "total_debt"]
    reasons = [c.reason or "" for c in row.cells]
    assert not any("none of its tags" in x for x in reasons), reasons
    fy2025 = next(c for c in row.cells if c.column == "FY2025")
    assert "cannot be summed" in fy2025.reason and "2,271,529,000 (0001640147-25-000052)" in fy2025.reason, reasons


def test_an_ifrs_filers_total_debt_over_a_range_lists_its_debt_lines_as_the_single_year_does(sec):
    # LPA's 20-F 0001997711-25-000030: LongtermBorrowings 265,885,799 at 2024-12-31; TSMC's 20-F
    # 0001193125-20-107579 for FY2019 (ShorttermBorrowings 118,522,300,000 TWD at 2019-12-31)
    msg = refusal(get_financial_series, "LPA", ["total_debt"], fiscal_year="2022..2024")
    assert "Try related concepts" not in msg.suggestion, msg.suggestion
    assert "ifrs-full:LongtermBorrowings 265,885,799 USD at 2024-12-31 (0001997711-25-000030)" in msg.suggestion
    assert "Lines that hold others" in msg.suggestion, msg.suggestion
    r = get_financial_series("TSM", ["total_debt", "long_term_debt"], fiscal_year="2019..2020")
    assert not any("Not reported by this company" in n for n in r.notes), r.notes
    (row,) = [row for row in r.rows if row.concept == "total_debt"]
    said = r.notes + row.notes
    assert any("ifrs-full:ShorttermBorrowings" in n and "under IFRS" in n for n in said), said


def test_tsmcs_total_debt_refusal_gives_its_lines_at_the_year_asked_and_in_the_unit_asked(sec):
    # TSMC's 20-F 0001193125-20-107579 at 2019-12-31: ShorttermBorrowings 118,522,300,000 TWD,
    # CurrentPortionOfLongtermBorrowings 31,800,000,000; 0001193125-25-083423 tags CurrentPortionOfLongtermBorrowings
    # USD 1,825,500,000 at 2024-12-31
    s = refusal(get_financial_concept, "TSM", "total_debt", fiscal_year=2019).suggestion
    assert "ifrs-full:ShorttermBorrowings 118,522,300,000 TWD at 2019-12-31 (0001193125-20-107579)" in s, s
    assert "ifrs-full:CurrentPortionOfLongtermBorrowings 31,800,000,000 TWD at 2019-12-31" in s, s
    s = refusal(get_financial_concept, "TSM", "total_debt", fiscal_year=2024, unit="USD").suggestion
    assert "ifrs-full:CurrentPortionOfLongtermBorrowings 1,825,500,000 USD at 2024-12-31 (0001193125-25-083423)" in s, s


def test_teslas_fy2018_total_debt_says_nothing_of_quarter_ends_it_does_not_show(sec):
    # Tesla's FY2018 total 10,632,475,000 at 2018-12-31 (0001564590-19-003165) is summed; its 2018 quarter-ends
    # (2018-03-31 to 2018-09-30) are not, and an annual answer does not reach them
    r = get_financial_concept("TSLA", "total_debt", fiscal_year=2018)
    (v,) = r.values
    assert v.value == 10_632_475_000 and v.accession_number == "0001564590-19-003165"
    assert not any("not summed at" in n for n in r.notes), r.notes
    q = get_financial_concept("TSLA", "total_debt", fiscal_year=2018, period="all")
    assert any("not summed at 3 balance-sheet date(s) from 2018-03-31 to 2018-09-30" in n for n in q.notes), q.notes


def test_comparing_fy2019_total_debt_says_nothing_of_quarter_ends_not_shown(sec):
    # NVIDIA's FY2019 total 1,988,000,000 at 2019-01-27 (0001045810-19-000023) is summed; its quarter-ends of that
    # year (convertible notes on current lines, 0001045810-18-000010 and later) are not shown by an annual compare
    from edgar_cli.capabilities.compare.compare import compare_companies

    r = compare_companies("total_debt", ["NVDA", "AAPL"], fiscal_year=2019)
    said = r.notes + r.warnings + [n for row in r.rows for n in getattr(row, "notes", [])]
    assert not any("is not summed at" in n for n in said), said


def test_teslas_revenue_of_every_period_over_a_range_past_its_facts_never_contradicts_itself(sec):
    # Tesla's XBRL facts end at 2022-09-30 (0000950170-22-019867); its FY2022 10-K 0000950170-23-001409 is not in
    # them: the range says so once, never also "the periods asked are inside them"
    from edgar_cli.capabilities.statement.statement import concept_command

    r = concept_command("TSLA", ["revenue"], fiscal_year="2021..2022", period="all")
    assert any("0000950170-23-001409" in w and "is not in them" in w for w in r.warnings), r.warnings
    assert not any("the periods asked are inside them" in w for w in r.warnings), r.warnings
    r = concept_command("TSLA", ["revenue"], fiscal_year="2022..2023", period="all")
    said = " ".join(r.warnings)
    assert (
        "No all revenue" not in said and "No revenue values of any period for Tesla, Inc. in fiscal year 2023" in said
    )


def test_teslas_noncurrent_long_term_debt_equal_to_its_current_convertible_notes_is_noted(sec):
    # Tesla's 10-Qs tag us-gaap:LongTermDebtNoncurrent equal, to its rounding, to the current convertible notes
    # they tag as us-gaap:ConvertibleDebtCurrent at the same date, beside a larger us-gaap:ConvertibleDebtNoncurrent:
    # 582,500,000 / 582,502,000 at 2013-09-30 (0001193125-13-435480); 593,700,000 / 593,712,000 / 1,767,024,000 at
    # 2014-06-30 (0001193125-14-303175); 597,600,000 / 597,626,000 / 1,786,635,000 at 2014-09-30
    # (0001193125-14-403635). Before: the figures were shown with no note.
    r = get_financial_concept("TSLA", "long_term_debt", fiscal_year=2014, period="quarterly")
    by_end = {str(v.end): v for v in r.values}
    assert by_end["2014-06-30"].value == 593_700_000, by_end
    notes = [n for n in r.notes if "equals, to its rounding" in n]
    assert any(
        "2014-06-30" in n and "us-gaap:ConvertibleDebtCurrent 593,712,000" in n and "1,767,024,000" in n for n in notes
    ), r.notes
    assert any("2014-09-30" in n and "597,626,000" in n and "1,786,635,000" in n for n in notes), r.notes
    apple = get_financial_concept("AAPL", "long_term_debt", fiscal_year=2024)
    assert not any("equals, to its rounding" in n for n in apple.notes), apple.notes


def test_teslas_total_debt_refusals_say_why_by_kind_once_and_the_2017_lines_that_do_not_add_up(sec):
    # Tesla's FY2018 10-K 0001564590-19-003165 proves its LongTermDebt 8,410,490,000 is the noncurrent debt and
    # DebtCurrent 2,221,985,000 its current part (its debt-and-lease lines add up exactly): summed, 10,632,475,000.
    # Its FY2017 10-K 0001564590-18-002956 tags the same pair at 2017-12-31, but its own debt-and-lease lines do not
    # add up with them: LongTermDebt 8,828,985,000 + CapitalLeaseObligationsNoncurrent 589,334,000 = 9,418,319,000,
    # not LongTermDebtAndCapitalLeaseObligations 9,415,700,000; DebtCurrent 799,849,000 + CapitalLeaseObligations
    # Current 96,700,000 = 896,549,000, not LongTermDebtAndCapitalLeaseObligationsCurrent 796,549,000 (100,000,000
    # apart): a sum there (9,628,834,000) would carry the difference, so it is refused, and the note says why
    r = get_financial_concept("TSLA", "total_debt", period="all", limit=200)
    by_end = {str(v.end): v for v in r.values}
    assert by_end["2018-12-31"].value == 10_632_475_000
    assert by_end["2018-12-31"].accession_number == "0001564590-19-003165"
    assert "2017-12-31" not in by_end and "2019-12-31" not in by_end
    (note,) = [n for n in r.notes if "is not summed at" in n]  # once per table, not per row
    assert "at 2017-12-31, the filing's debt-and-lease lines do not add up with its us-gaap:LongTermDebt" in note, note
    assert (
        "in 0001564590-18-002956 at 2017-12-31, us-gaap:LongTermDebt 8,828,985,000 + "
        "us-gaap:CapitalLeaseObligationsNoncurrent 589,334,000 = 9,418,319,000, not "
        "us-gaap:LongTermDebtAndCapitalLeaseObligations 9,415,700,000"
    ) in note, note
    assert "us-gaap:DebtCurrent 799,849,000 + us-gaap:CapitalLeaseObligationsCurrent 96,700,000 = 896,549,000" in note
    # 2019-12-31 (0001564590-20-004475: LongTermDebt 10,402,000,000 beside DebtCurrent 1,399,000,000) has no
    # debt-and-lease line to settle it: said as such, among the dates of that kind
    assert "the filing tags no line that shows whether it includes it" in note, note
    # the kinds' dates add up to the count said
    total = int(note.split("not summed at ", 1)[1].split(" ", 1)[0])
    said = 0
    for part in note.split(": ", 1)[1].split(" (tags_tried")[0].split("; at ")[0:]:
        where = part.removeprefix("at ").split(", ", 1)[0]
        said += int(where.split(" ", 1)[0]) if " dates from " in where else len(where.split(" and "))
    assert said == total, note


def test_a_sums_short_term_part_tagged_zero_makes_no_other_definition_and_one_date_is_one_date(sec):
    # NVIDIA's 10-K 0001045810-25-000023 tags us-gaap:CommercialPaper 0 beside LongTermDebtNoncurrent 8,463,000,000
    # and LongTermDebtCurrent 0 at 2025-01-26: the same definition as FY2025's other noncurrent + current totals,
    # so no "different XBRL tags" warning; FY2021's 10-Q 0001045810-20-000189 sums DebtCurrent at 2020-10-25 alone,
    # said "ending 2020-10-25", not "2020-10-25 to 2020-10-25"
    r = get_financial_concept("NVDA", "total_debt", fiscal_year=2025, period="all")
    assert not any("come from different XBRL tags" in w for w in r.warnings), r.warnings
    r = get_financial_concept("NVDA", "total_debt", fiscal_year=2021, period="all")
    (apart,) = [w for w in r.warnings if "come from different XBRL tags" in w]
    assert "us-gaap:LongTermDebtNoncurrent + us-gaap:DebtCurrent for 1 period(s) ending 2020-10-25;" in apart, apart
    assert "2020-10-25 to 2020-10-25" not in apart and "CommercialPaper" not in apart, apart


def test_nvidias_total_debt_over_a_range_warns_once_per_kind_and_a_zero_part_makes_no_other_definition(sec):
    # NVIDIA's 10-K 0001045810-25-000023 tags us-gaap:CommercialPaper 0 beside LongTermDebtNoncurrent 8,463,000,000
    # and LongTermDebtCurrent 0 at 2025-01-26: the same definition as its other noncurrent + current totals. Over
    # FY2014..2026 the table says one "different XBRL tags" warning (not one per fiscal year), one warning for the
    # fiscal years with no total (FY2017 and FY2018), and one note on the dates not summed whose dates reach them
    # (2016-05-01: us-gaap:ConvertibleDebtCurrent alone, 0001045810-16-000275; to 2018-10-28)
    from edgar_cli.capabilities.statement.statement import concept_command

    r = concept_command("NVDA", ["total_debt"], fiscal_year="2014..2026", period="all")
    apart = [w for w in r.warnings if "come from different XBRL tags" in w]
    assert len(apart) == 1, r.warnings
    assert "CommercialPaper" not in apart[0], apart[0]
    assert "us-gaap:LongTermDebtNoncurrent + us-gaap:DebtCurrent for 1 period(s) ending 2020-10-25." in apart[0]
    assert not any(f"{d} to {d}" in apart[0] for d in ("2020-10-25", "2025-01-26")), apart[0]
    missing = [w for w in r.warnings if w.startswith("No total_debt values")]
    assert len(missing) == 1 and "fiscal years 2017 and 2018" in missing[0], r.warnings
    (note,) = [n for n in r.notes if "is not summed at" in n]
    assert "from 2016-05-01 to 2018-10-28" in note, note

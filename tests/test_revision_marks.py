"""The marks and warnings a table puts on a revised value name the revision for what it is: a restatement
(results changed), a reclassification (an amount moved between lines), a stock split, a suspected filer error,
and no mark at all where only the precision changed."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def sec(module_cli_sec):
    return module_cli_sec


def _table_line(out: str, label: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(label))


def test_nvidia_long_term_debt_moved_to_current_is_marked_reclassified_and_a_rounding_is_not_marked(cli):
    # FY2016 (2016-01-31): 1,413,000,000 in 0001045810-16-000205, 0 in 0001045810-16-000353 (reclassification);
    # FY2015 (2015-01-25): 1,384,342,000 in 0001045810-15-000036, 1,384,000,000 later (precision_change).
    r = cli("concept", "NVDA", "long_term_debt", "--fy", "2015..2017", "--format", "table")
    assert r.rc == 0, r.err
    row = _table_line(r.out, "Long-term debt")
    assert "1,384 " in row + " " and "1,384 *" not in row  # a rounding is no revision in substance
    assert "0 ~" in row and "0 *" not in row
    assert "~ = reclassified" in r.out
    assert "* = restated" not in r.out
    assert "were revised" not in r.err  # nothing here was restated


def test_nvidia_eps_restated_for_its_split_is_marked_as_a_split_not_a_restatement(cli):
    # FY2024 diluted EPS: 11.93 in 0001045810-24-000029, 1.19 in 0001045810-25-000023 (the 10-for-1 split).
    r = cli("concept", "NVDA", "eps_diluted", "--fy", "2022..2025", "--format", "table")
    assert r.rc == 0, r.err
    row = _table_line(r.out, "Diluted earnings per share")
    assert "1.19 ^" in row and "1.19 *" not in row
    assert "^ = restated for a stock split" in r.out and "* = restated" not in r.out
    assert "restated for a stock split" in r.err.lower() and "2024-01-28" in r.err
    assert "of these values were revised" not in r.err


def test_tesla_balance_marks_restatements_a_suspected_error_and_no_rounding(cli):
    # FY2015 total assets 8,092,460,000 in 0001564590-16-013195, 8,067,939,000 in 0001564590-16-018886
    # (reclassified: ASU 2015-03's netting, retained earnings -2,322,323,000 in both; long-term debt with it);
    # FY2016 long-term debt 5,892,016 in 0001564590-17-003118 (thousands without their scale),
    # 5,892,016,000 in 0001564590-17-009968 (suspected_tagging_error); FY2016 cash 3,393,216,000 in
    # 0001564590-17-003118, 3,393,000,000 later (precision_change).
    r = cli("statement", "TSLA", "balance", "--fy", "2015..2017", "--format", "table")
    assert r.rc == 0, r.err
    assert "8,067.939 ~" in _table_line(r.out, "Total assets")
    debt = _table_line(r.out, "Long-term debt")
    assert "2,021.093 ~" in debt and "5,892.016 ?" in debt
    # (a cell from another filing than its column's carries a footnote number, ³: stripped here)
    cash = _table_line(r.out, "Cash and cash equivalents").translate({ord(c): None for c in "⁰¹²³⁴⁵⁶⁷⁸⁹"})
    assert "*" not in cash and "?" not in cash and "3,393.000 " in cash + " "  # one precision in a column
    assert "~ = reclassified" in r.out and "? = " in r.out
    assert "warning: Cash and cash equivalents" not in r.err  # a rounding earns no warning, and no mark
    # but the first, more precise filing is named in a note (issue 36: a later rounding hid it)
    assert "note: Cash and cash equivalents: Filed first more precisely" in r.err and "3,393,216,000" in r.err
    assert "Total assets: 1 of these values was restated" not in r.err


def test_a_compare_row_restated_for_a_split_is_marked_and_told_as_a_split(cli):
    # NVIDIA FY2024 diluted EPS 1.19 (0001045810-25-000023), first 11.93 (0001045810-24-000029): stock_split.
    r = cli("compare", "eps_diluted", "NVDA", "AAPL", "--fy", "2024", "--format", "table")
    line = _table_line(r.out, "NVIDIA CORP")
    assert "1.19 ^" in line and "1.19 *" not in line
    assert (
        "^ restated for a stock split, reverse split or share exchange (the same amount on a later filing's share "
        "basis): NVIDIA CORP was 11.93 in 10-K 0001045810-24-000029, filed 2024-02-21"
    ) in " ".join(r.out.split())
    assert "* restated" not in r.out
    assert "restated for a stock split" in r.err


def test_a_concept_table_names_each_revision_kind_under_its_own_mark():
    from datetime import date

    from edgar_cli.cli.render import revision_captions, value_cell
    from edgar_cli.models.facts import FactValue

    def fact(end, value, original, kind):
        return FactValue(
            value=value,
            unit="USD",
            fiscal_year=2016,
            fiscal_period="FY",
            period_type="instant",
            start=None,
            end=end,
            days=None,
            filed=date(2017, 3, 1),
            form="10-K",
            accession_number="0000000000-17-000002",
            matched_tag="us-gaap:LongTermDebt",
            restated=True,
            original_value=original,
            original_accession="0000000000-16-000001",
            revision_kind=kind,
            filing_url="https://example.test/",
        )

    kinds = {
        "restatement": "*",
        "reclassification": "~",
        "stock_split": "^",
        "reverse_split": "^",
        "suspected_tagging_error": "?",
        "precision_change": "",
    }
    values = [fact(date(2016, 1, i + 1), 10, 11, k) for i, k in enumerate(kinds)]
    for v, mark in zip(values, kinds.values()):
        assert value_cell(v) == ("10" + (f" {mark}" if mark else "")), v.revision_kind
    lines = revision_captions(values, lambda v: str(v.end))
    assert [line[0] for line in lines] == ["*", "~", "^", "?"]
    assert not any("2016-01-06" in line for line in lines)  # the precision change is not listed


@pytest.mark.parametrize(
    "concept,was,now",
    [
        # Tesla FY2017: 10-K 0001564590-18-002956 in thousands, re-presented in millions in the FY2019 10-K
        # 0001564590-20-004475: 2,476,500,000 is 2,477 million rounded half up, not a restatement
        ("sga_expense", 2476500000, 2477000000),
        ("net_income", -1961400000, -1962000000),
    ],
)
def test_a_figure_re_presented_in_millions_is_a_precision_change_not_a_restatement(sec, concept, was, now):
    from edgar_cli import get_financial_concept

    (v,) = get_financial_concept("TSLA", concept, fiscal_year=2017).values
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "precision_change")


def test_a_total_of_rounded_parts_a_unit_off_is_a_precision_change():
    from edgar_cli.xbrl.restatements import classify_revision

    # Tesla's current assets at 2018-12-31: 8,306,308,000 (10-K 0001564590-19-003165), 8,307,000,000 in millions
    # (10-Q 0001564590-19-038256)
    assert classify_revision(8306308000, 8307000000, "USD") == "precision_change"
    assert classify_revision(8306000000, 8307000000, "USD") == "restatement"  # one precision: a real change


@pytest.mark.parametrize(
    "was,now,unit,kind",
    [
        # NVIDIA's Q2 FY2017 diluted EPS 0.40 (printed 0.4, 0001045810-16-000300) -> 0.41 (0001045810-16-000353):
        # a round figure is not evidence of a coarser rounding
        (0.4, 0.41, "USD/shares", "restatement"),
        # Apple's 9M 2009 change in other operating liabilities -200M (0001193125-09-153165) -> -293M
        # (0001193125-10-162840): its revenue-recognition restatement
        (-200000000, -293000000, "USD", "restatement"),
        # NVIDIA's antidilutive securities 1,000,000 (0001045810-23-000227) -> 10,000,000 (0001045810-24-000316):
        # the 10-for-1 split of 2024
        (1000000, 10000000, "shares", "stock_split"),
    ],
)
def test_a_round_figure_is_not_taken_for_a_coarser_rounding(was, now, unit, kind):
    from edgar_cli.xbrl.restatements import classify_revision

    assert classify_revision(was, now, unit) == kind


def test_a_balance_moved_onto_a_line_it_was_zero_on_is_a_reclassification(sec):
    from edgar_cli import get_financial_concept

    # Tesla's 2013 long-term debt: 0 on LongTermDebtNoncurrent in the 10-K 0001193125-14-069681 (586,119,000 on
    # ConvertibleDebtNoncurrent), 586,119,000 from the 10-Q 0001193125-14-192606; total assets 2,416,930,000 in both
    (v,) = get_financial_concept("TSLA", "long_term_debt", fiscal_year=2013).values
    assert (v.original_value, v.value, v.revision_kind) == (0, 586119000, "reclassification")


def _value(values, start, end):
    return next(v for v in values if str(v.start) == start and str(v.end) == end)


def test_a_figure_filed_with_its_sign_reversed_is_a_suspected_filer_error_not_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Tesla's interest expense for the six months to 2013-06-30: -20,234,000 in the 10-Q 0001193125-13-327916,
    # 20,234,000 in the 10-Q a year later (0001193125-14-303175), as Q1 (118,000) plus Q2 (20,116,000) make it
    r = get_financial_concept("TSLA", "us-gaap:InterestExpense", fiscal_year=2013, period="all", limit=50)
    v = _value(r.values, "2013-01-01", "2013-06-30")
    assert (v.original_value, v.value, v.revision_kind) == (-20234000, 20234000, "suspected_tagging_error")
    (err,) = v.suspected_errors
    assert (err.kind, err.accession_number, err.value) == ("tagging_error", "0001193125-13-327916", -20234000)
    assert "sign reversed" in err.reason and "20,234,000" in err.reason


def test_a_sign_change_of_another_magnitude_stays_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Apple's FY2009 deferred income tax: -519,000,000 in the 10-K 0001193125-09-214859, 1,040,000,000 in the
    # 10-K/A 0001193125-10-012091 (its revenue-recognition restatement)
    r = get_financial_concept("AAPL", "us-gaap:DeferredIncomeTaxExpenseBenefit", fiscal_year=2009)
    v = _value(r.values, "2008-09-28", "2009-09-26")
    assert (v.original_value, v.value, v.revision_kind) == (-519000000, 1040000000, "restatement")
    assert not v.suspected_errors


@pytest.mark.parametrize(
    "concept,was,now",
    [
        ("total_assets", 290479000000, 290345000000),
        ("total_liabilities", 171124000000, 170990000000),
        ("long_term_debt", 53463000000, 53329000000),
    ],
)
def test_debt_issuance_costs_netted_against_debt_with_equity_unchanged_is_a_reclassification(sec, concept, was, now):
    from edgar_cli import get_financial_concept

    # Apple at 2015-09-26 (ASU 2015-03): each 134M lower in the FY2016 10-K 0001628280-16-020309 than in the FY2015
    # 10-K 0001193125-15-356351; stockholders' equity 119,355,000,000 in both
    r = get_financial_concept("AAPL", concept, fiscal_year=2015)
    (v,) = r.values
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "reclassification")
    assert (v.original_accession, v.accession_number) == ("0001193125-15-356351", "0001628280-16-020309")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "(stockholders' equity 119,355,000,000 in both filings)" in note and "moved" not in note
    assert not any("restated after first being reported" in w for w in r.warnings)


@pytest.mark.parametrize(
    "concept,was,now",
    [
        ("us-gaap:StockholdersEquity", 27832000000, 31640000000),
        ("total_assets", 53851000000, 47501000000),
        ("total_liabilities", 26019000000, 15861000000),
    ],
)
def test_a_balance_restated_with_its_equity_stays_a_restatement(sec, concept, was, now):
    from edgar_cli import get_financial_concept

    # Apple at 2009-09-26: its revenue-recognition restatement, 10-K 0001193125-09-214859 -> 10-K/A
    # 0001193125-10-012085; stockholders' equity 27,832M -> 31,640M
    r = get_financial_concept("AAPL", concept, fiscal_year=2009)
    v = next(v for v in r.values if str(v.end) == "2009-09-26")
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "restatement")


def test_a_line_whose_meaning_changed_is_not_said_to_have_moved(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA at 2016-01-31: us-gaap:LongTermDebt 1,413,000,000 in the FY2016 10-K 0001045810-16-000205 and 0 from
    # 0001045810-16-000353 on, while us-gaap:ConvertibleDebtCurrent is 1,413,000,000 in both: the notes were on the
    # current line all along, the filer's LongTermDebt stopped counting them; equity 4,469,000,000 in both
    r = get_financial_concept("NVDA", "long_term_debt", fiscal_year=2016)
    (v,) = r.values
    assert (v.original_value, v.value, v.revision_kind) == (1413000000, 0, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "1,413,000,000 is on us-gaap:ConvertibleDebtCurrent in both filings" in note
    assert "what the filer's us-gaap:LongTermDebt includes changed" in note
    assert "another line from then on" not in note and "moved" not in note


def test_a_balance_moved_onto_a_line_names_the_line_it_came_from(sec):
    from edgar_cli import get_financial_concept

    # Tesla at 2013-12-31: 586,119,000 on us-gaap:ConvertibleDebtNoncurrent in the 10-K 0001193125-14-069681 (its
    # LongTermDebtNoncurrent 0), on LongTermDebtNoncurrent in the 10-Q 0001193125-14-192606
    r = get_financial_concept("TSLA", "long_term_debt", fiscal_year=2013)
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert (
        "586,119,000 is on us-gaap:ConvertibleDebtNoncurrent in 0001193125-14-069681, not in 0001193125-14-192606"
        in note
    )


@pytest.mark.parametrize(
    "company,tag,start,end,was,now",
    [
        # Snowflake's FY2023 comprehensive loss -819,512,000 (10-K 0001640147-23-000030) -> -818,691,000 (10-K
        # 0001640147-24-000101), net loss -796,705,000 in both: other comprehensive income changed
        ("SNOW", "us-gaap:ComprehensiveIncomeNetOfTax", "2022-02-01", "2023-01-31", -819512000, -818691000),
        # Tesla's retained earnings at 2021-12-31 331,000,000 (10-K 0000950170-22-000796) -> 329,000,000 (10-Q
        # 0000950170-22-019867), equity 30,189,000,000 in both: accumulated results changed
        ("TSLA", "us-gaap:RetainedEarningsAccumulatedDeficit", None, "2021-12-31", 331000000, 329000000),
    ],
)
def test_a_revised_result_outside_net_income_stays_a_restatement(sec, company, tag, start, end, was, now):
    from edgar_cli import get_financial_concept

    r = get_financial_concept(company, tag, period="all", limit=200)
    v = _value(r.values, str(start), end)
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "restatement")


def test_a_round_figure_a_few_percent_off_is_no_split():
    from edgar_cli.xbrl.restatements import classify_revision

    # NVIDIA's dilutive shares for Q3 FY2015 (to 2014-10-26): 10,412,000 in the 10-Q 0001045810-14-000188, 10,000,000
    # in 0001045810-15-000173 (in millions): 4% apart, not a 1-for-2 reverse split
    assert classify_revision(10412000, 10000000, "shares") == "restatement"


@pytest.mark.parametrize(
    "company,tag,end,was,now",
    [
        # NVIDIA's par value at 2012-01-29: 0.01 in the 10-K 0001045810-12-000013, 0.001 in 0001045810-13-000008;
        # its per-share figures of the time were never restated for a split (its splits: 2021 and 2024)
        ("NVDA", "us-gaap:CommonStockParOrStatedValuePerShare", "2012-01-29", 0.01, 0.001),
        # NVIDIA's preferred shares authorized at 2025-01-26: 20,000,000 in 0001045810-25-000023, 2,000,000 in
        # 0001045810-26-000021; no reverse split in its earnings per share
        ("NVDA", "us-gaap:PreferredStockSharesAuthorized", "2025-01-26", 20000000, 2000000),
        # Tesla's preferred shares authorized at 2011-12-31: 221,903,982 in its FY2011 10-K 0001193125-12-081990,
        # 100,000,000 from the 10-Q 0001193125-12-457610 (its convertible preferred gone after the 2010 IPO)
        ("TSLA", "us-gaap:PreferredStockSharesAuthorized", "2011-12-31", 221903982, 100000000),
    ],
)
def test_a_ratio_the_company_never_split_by_is_not_called_a_split(sec, company, tag, end, was, now):
    from edgar_cli import get_financial_concept

    r = get_financial_concept(company, tag, period="all", limit=200)
    v = next(v for v in r.values if str(v.end) == end)
    assert (v.original_value, v.value) == (was, now)
    assert v.revision_kind not in ("stock_split", "reverse_split")
    assert not v.pre_split_ratio and not v.pre_reverse_split_ratio


@pytest.mark.parametrize(
    "concept,start,end,was,now",
    [
        # NVIDIA's capex for the nine months to 2014-10-26: 91,336,000 in the 10-Q 0001045810-14-000188 (in
        # thousands), 91,000,000 in the 10-Q 0001045810-15-000173 (every amount in millions)
        ("capex", "2014-01-27", "2014-10-26", 91336000, 91000000),
        # its interest expense for FY2014: 10,443,000 in the 10-K 0001045810-14-000030, 10,000,000 in the 10-K
        # 0001045810-16-000205 (in millions): a round figure, yet its filing rounds every amount to millions
        ("interest_expense", "2013-01-28", "2014-01-26", 10443000, 10000000),
    ],
)
def test_a_figure_re_presented_by_a_filing_in_millions_is_a_precision_change_even_when_round(
    sec, concept, start, end, was, now
):
    from edgar_cli import get_financial_concept

    r = get_financial_concept("NVDA", concept, period="all", limit=200)
    v = _value(r.values, start, end)
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "precision_change")


def test_a_change_a_filing_in_millions_reports_beyond_its_rounding_stays_a_restatement():
    from decimal import Decimal

    from edgar_cli.xbrl.restatements import classify_revision

    # Apple's 9M 2009 change in other operating liabilities -200M (0001193125-09-153165) -> -293M
    # (0001193125-10-162840), both filings in millions
    assert classify_revision(-200000000, -293000000, "USD", (Decimal(10**6), Decimal(10**6))) == "restatement"


def test_a_total_re_presented_in_millions_a_unit_off_its_rounding_is_a_precision_change(sec):
    from edgar_cli import get_financial_concept

    # Tesla's Q4 2018 net income: 139,483,000 in the 10-K 0001564590-19-003165 (in thousands), 140,000,000 in the
    # 10-K 0001564590-20-004475 (in millions; Q4 as the year less nine months of rounded figures)
    r = get_financial_concept("TSLA", "net_income", period="quarterly", limit=200)
    v = _value(r.values, "2018-10-01", "2018-12-31")
    assert (v.original_value, v.value, v.revision_kind) == (139483000, 140000000, "precision_change")


def test_a_unit_changed_between_two_filings_in_millions_stays_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Apple's equity at 2007-09-29: 14,532,000,000 in the 10-K 0001193125-09-214859, 14,531,000,000 in the
    # 10-K/A 0001193125-10-012091 (its revenue-recognition restatement), both in millions; the FY2010 10-K that
    # repeats 14,531,000,000 has exact figures beside it, which must not make the change a rounding. One of the two
    # filings tags no retained earnings for that date, so the facts cannot tell a changed result from a
    # re-presentation: undetermined (its warning says so), never precision_change
    r = get_financial_concept("AAPL", "us-gaap:StockholdersEquity", period="all", limit=200)
    v = next(v for v in r.values if str(v.end) == "2007-09-29")
    assert (v.original_value, v.value, v.revision_kind) == (14532000000, 14531000000, "undetermined")
    assert any("(revision_kind undetermined;" in w and "14,532,000,000" in w for w in r.warnings), r.warnings


def test_a_balance_whose_equity_moved_but_whose_retained_earnings_did_not_is_a_reclassification(sec):
    from edgar_cli import get_financial_concept

    # Tesla at 2015-12-31: long-term debt 2,040,375,000 in the FY2015 10-K 0001564590-16-013195, 2,021,093,000
    # in the 10-Q 0001564590-16-018886 (ASU 2015-03's netting); stockholders' equity moved too (1,088,944,000 ->
    # 1,083,704,000: redeemable noncontrolling interests shown apart), retained earnings -2,322,323,000 in both
    r = get_financial_concept("TSLA", "long_term_debt", fiscal_year=2015)
    (v,) = r.values
    assert (v.original_value, v.value, v.revision_kind) == (2_040_375_000, 2_021_093_000, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "(retained earnings -2,322,323,000 in both filings)" in note


def test_a_cover_page_count_after_a_split_is_not_flagged_for_it(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's dei:EntityCommonStockSharesOutstanding: 623,000,000 at 2021-05-21 (0001045810-21-000064, before
    # the 4-for-1 split), 2,500,000,000 at 2021-08-13 (0001045810-21-000131, filed 2021-08-20, the first filing on
    # the new basis, as its EPS shows), 24,530,000,000 at 2024-08-23 (filed 2024-08-28, after the 10-for-1)
    r = get_financial_concept("NVDA", "shares_outstanding", period="all", limit=200)
    ratio = {str(v.end): v.pre_split_ratio for v in r.values}
    assert (ratio["2021-05-21"], ratio["2021-08-13"], ratio["2024-08-23"]) == (40, 10, None)
    assert ratio["2024-05-24"] == 10  # 2,460,000,000, filed 2024-05-29: before the 10-for-1


@pytest.mark.parametrize(
    "company,tag,start,end,was,now",
    [
        # NVIDIA's antidilutive shares for FY2015: 11,807,000 in the 10-K 0001045810-15-000036 (in thousands),
        # 12,000,000 in the 10-K 0001045810-16-000205 (every amount in millions)
        (
            "NVDA",
            "us-gaap:AntidilutiveSecuritiesExcludedFromComputationOfEarningsPerShareAmount",
            "2014-01-27",
            "2015-01-25",
            11807000,
            12000000,
        ),
        # NVIDIA's shares repurchased in Q2 FY2025: 62,800,000 in the 10-Q 0001045810-24-000264, 63,000,000 in the
        # 10-Q 0001045810-25-000209
        (
            "NVDA",
            "us-gaap:StockRepurchasedAndRetiredDuringPeriodShares",
            "2024-04-29",
            "2024-07-28",
            62800000,
            63000000,
        ),
        # Tesla's diluted weighted shares for the nine months to 2018-09-30: 170,019,000 in the 10-Q
        # 0001564590-18-026353 (in thousands), 170,000,000 in the 10-Q 0001564590-19-038256 (in millions)
        (
            "TSLA",
            "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding",
            "2018-01-01",
            "2018-09-30",
            170019000,
            170000000,
        ),
    ],
)
def test_a_share_count_re_presented_by_a_filing_in_millions_is_a_precision_change(
    sec, company, tag, start, end, was, now
):
    from edgar_cli import get_financial_concept

    fy = int(end[:4]) + (company == "NVDA" and end[5:7] != "01")  # NVIDIA's fiscal year ends in late January
    r = get_financial_concept(company, tag, fiscal_year=fy, period="all", limit=200)
    v = _value(r.values, start, end)
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "precision_change")


def test_a_share_count_split_below_its_filings_rounding_step_is_still_a_split():
    from decimal import Decimal

    from edgar_cli.xbrl.restatements import classify_revision

    # Tesla's ESPP shares for 2018: 399,936 (10-K 0001564590-19-003165) -> 2,000,000 (10-K 0001564590-21-004599,
    # in millions, after the 5-for-1 split): the filing's step is no evidence against the split's ratio
    steps = (Decimal(1000), Decimal(10**6))
    assert classify_revision(399936, 2000000, "shares", steps) == "stock_split"
    assert classify_revision(200000, 400000, "shares", steps) == "stock_split"


def test_a_par_value_two_filings_give_differently_is_a_suspected_filer_error_not_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's common stock par value at 2012-01-29: 0.01 in the 10-K 0001045810-12-000013, 0.001 in the 10-K
    # 0001045810-13-000008 and at every other date (0.001 at 2011-10-30, 0001045810-11-000056; at 2012-04-29,
    # 0001045810-12-000027)
    r = get_financial_concept("NVDA", "us-gaap:CommonStockParOrStatedValuePerShare", period="all", limit=200)
    v = next(v for v in r.values if str(v.end) == "2012-01-29")
    assert (v.original_value, v.value, v.revision_kind) == (0.01, 0.001, "suspected_tagging_error")
    (err,) = v.suspected_errors
    assert (err.kind, err.accession_number, err.value) == ("tagging_error", "0001045810-12-000013", 0.01)
    assert "par value" in err.reason and "0.001 at 2011-10-30 and 2012-04-29" in err.reason


def test_two_tags_whose_figures_one_filing_exchanged_are_a_suspected_filer_error_naming_the_swap(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's weighted-average exercise prices for FY2010 (to 2010-01-31): options granted 11.50 and exercised
    # 5.74 in the 10-K 0001045810-11-000015; granted 5.74 and exercised 11.50 in the 10-K 0001045810-12-000013
    granted = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodWeightedAverageExercisePrice"
    exercised = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsExercisesInPeriodWeightedAverageExercisePrice"
    for tag, was, now, other in ((granted, 11.5, 5.74, exercised), (exercised, 5.74, 11.5, granted)):
        r = get_financial_concept("NVDA", tag, period="all", limit=200)
        v = next(v for v in r.values if str(v.end) == "2010-01-31")
        assert (v.original_value, v.value, v.revision_kind) == (was, now, "suspected_tagging_error")
        (err,) = v.suspected_errors
        assert err.accession_number == "0001045810-12-000013"
        assert f"{tag} and {other} exchanged their figures" in err.reason
        assert "0001045810-11-000015" in err.reason


@pytest.mark.parametrize(
    "concept,start,end,was,now",
    [
        # NVIDIA's Q4 FY2015 cost of revenue: 550,911,000 in the 10-K 0001045810-15-000036 (in thousands), 552,000,000
        # in the 10-K 0001045810-16-000205, whose quarters 499 + 484 + 548 + 552 million make its year's 2,083 million
        ("us-gaap:CostOfRevenue", "2014-10-27", "2015-01-25", 550911000, 552000000),
        # its Q3 FY2016 net income: 246,000,000 in the 10-Q 0001045810-15-000173, 247,000,000 in the 10-K
        # 0001045810-17-000027, both in millions, the latter's quarters footed to its year
        ("us-gaap:NetIncomeLoss", "2015-07-27", "2015-10-25", 246000000, 247000000),
    ],
)
def test_a_quarter_footed_to_its_years_rounded_total_is_a_precision_change(sec, concept, start, end, was, now):
    from edgar_cli import get_financial_concept

    fy = int(end[:4]) + (end[5:7] != "01")
    r = get_financial_concept("NVDA", concept, fiscal_year=fy, period="all", limit=200)
    v = _value(r.values, start, end)
    assert (v.original_value, v.value, v.revision_kind) == (was, now, "precision_change")


def test_a_quarter_changed_beyond_its_filings_rounding_stays_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Tesla's Q1 2019 stock issued in acquisitions: 14,536,000 in the 10-Q 0001564590-19-013462, 93,000,000 in the
    # 10-Q 0001564590-20-019931: far beyond any rounding
    r = get_financial_concept(
        "TSLA", "us-gaap:StockIssuedDuringPeriodValueAcquisitions", fiscal_year=2019, period="all"
    )
    v = _value(r.values, "2019-01-01", "2019-03-31")
    assert (v.original_value, v.value) == (14536000, 93000000) and v.revision_kind != "precision_change"


def test_two_lines_combined_into_one_is_a_reclassification_naming_the_line_absorbed(sec):
    from edgar_cli import get_financial_concept

    # Tesla's stock issued in acquisitions for Q3 2019: 1,000,000 in the 10-Q 0001564590-19-038256, beside
    # 78,000,000 of us-gaap:StockIssuedDuringPeriodValueNewIssues; 79,000,000 in the 10-Q 0001564590-20-047486,
    # which reports no other issuances for the quarter
    r = get_financial_concept(
        "TSLA", "us-gaap:StockIssuedDuringPeriodValueAcquisitions", fiscal_year=2019, period="all"
    )
    v = _value(r.values, "2019-07-01", "2019-09-30")
    assert (v.original_value, v.value, v.revision_kind) == (1000000, 79000000, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert (
        "the later figure is the first plus us-gaap:StockIssuedDuringPeriodValueNewIssues (78,000,000 in "
        "0001564590-19-038256), which 0001564590-20-047486 no longer reports for this period: the two lines were "
        "combined" in note
    )


def test_a_line_combined_into_another_without_an_anchor_is_a_reclassification_not_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Apple's other financing cash flows for FY2021: -129,000,000 in the 10-K 0000320193-21-000105, 976,000,000 in
    # the 10-K 0000320193-22-000108, which no longer reports the 1,105,000,000 of us-gaap:ProceedsFromIssuanceOfCommonStock
    r = get_financial_concept("AAPL", "us-gaap:ProceedsFromPaymentsForOtherFinancingActivities", fiscal_year=2021)
    v = _value(r.values, "2020-09-27", "2021-09-25")
    assert (v.original_value, v.value, v.revision_kind) == (-129000000, 976000000, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "us-gaap:ProceedsFromIssuanceOfCommonStock (1,105,000,000 in 0000320193-21-000105)" in note


def test_a_reclassified_inventory_names_the_line_the_amount_went_to(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's inventories at 2013-01-27: 419,686,000 in the 10-K 0001045810-13-000008, 412,467,000 in the 10-Q
    # 0001045810-13-000075, which reports 7,219,000 of us-gaap:MaterialsSuppliesAndOther the 10-K did not
    r = get_financial_concept("NVDA", "us-gaap:InventoryNet", fiscal_year=2013, period="all")
    v = next(v for v in r.values if str(v.end) == "2013-01-27")
    assert (v.original_value, v.value, v.revision_kind) == (419686000, 412467000, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "us-gaap:MaterialsSuppliesAndOther (7,219,000 in 0001045810-13-000075)" in note


def test_a_recapitalisation_flagged_as_a_whole_ratio_says_the_ratio_its_shares_show(sec):
    from edgar_cli import get_financial_concept

    # Logistic Properties of the Americas: weighted shares of 2022 168,142,740 (0001493152-24-016772), 28,600,000
    # after its 2024 business combination (0001997711-25-000030): 5.88, which its EPS (0.048 -> 0.28) flags 1-for-6
    r = get_financial_concept("LPA", "eps_basic", period="all")
    warning = next(w for w in r.warnings if "pre_reverse_split_ratio" in w)
    assert "2021-12-31 (1-for-5.88 since, a recapitalisation's exchange ratio" in warning
    assert "1-for-6" not in warning


def test_a_recapitalisation_s_ratio_field_carries_the_non_whole_ratio_its_shares_show(sec):
    from edgar_cli import get_financial_concept

    # LPA had no 1-for-6 split: 168,142,740 weighted shares of 2022 (0001493152-24-016772) became 28,600,000
    # (0001997711-25-000030), 5.88; an agent scaling FY2021's figures by the field must get 5.88, not 6
    for name in ("weighted_shares_basic", "eps_basic"):
        r = get_financial_concept("LPA", name, fiscal_year=2021)
        v = next(v for v in r.values if str(v.end) == "2021-12-31")
        assert v.pre_reverse_split_ratio == 5.88, name
        warning = next(w for w in r.warnings if "pre_reverse_split_ratio" in w)
        assert "1-for-5.88" in warning and "1-for-6" not in warning, name


def test_a_split_the_shares_show_as_a_whole_ratio_gets_no_second_ratio(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's FY2021 diluted EPS (0001045810-21-000010), before the 4-for-1 split of 2021 and the 10-for-1 of 2024
    r = get_financial_concept("NVDA", "eps_diluted", fiscal_year=2021)
    warning = next(w for w in r.warnings if "pre_split_ratio" in w)
    # restated for the 4-for-1 in 0001045810-22-000036, not for the 10-for-1: the ratio and that, nothing more
    assert "2021-01-31 (10-for-1 since; restated for an earlier split in 0001045810-22-000036)" in warning, warning
    assert "weighted shares as restated" not in warning


def test_a_par_value_note_writes_a_small_par_value_in_positional_form(sec):
    from edgar_cli import get_financial_concept

    # Apple's common stock par value at 2014-03-29: 0 in the 10-Q 0001193125-14-157311, 0.00001 in the 10-Q
    # 0001193125-14-277160 and later filings; a note writes 0.00001, never 1e-05
    r = get_financial_concept("AAPL", "us-gaap:CommonStockParOrStatedValuePerShare", period="all", limit=200)
    v = next(v for v in r.values if str(v.end) == "2014-03-29")
    text = " ".join(e.reason for e in v.suspected_errors) + " ".join(r.notes)
    assert "0.00001" in text and "e-05" not in text


def test_a_share_count_of_few_digits_a_thousandfold_apart_in_filings_to_the_unit_is_a_scale_error_not_a_restatement(
    sec,
):
    from edgar_cli import get_financial_concept

    # NVIDIA's restricted stock granted in the quarter to 2010-08-01: 200 in its 10-Q 0001045810-10-000029 (share
    # counts in thousands filed as units: 546,639 diluted shares in the same filing), 200,000 in 0001045810-11-000046.
    # Both filings report figures to the unit (their rounding step is 1), so 200 has three digits at its step: the
    # figures are the same digits a thousandfold apart, a filer's scale error, not a restatement (no `*`).
    tag = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsGrantsInPeriod"
    r = get_financial_concept("NVDA", tag, period="all", limit=200)
    v = _value(r.values, "2010-05-03", "2010-08-01")
    assert (v.original_value, v.value) == (200, 200_000)
    assert v.revision_kind == "suspected_tagging_error", v.revision_kind
    (err,) = [e for e in v.suspected_errors if e.kind == "scale"]
    # its neighbours (2,700,000 in the quarter before, 3,900,000 after, 500,000 and 700,000 in later second
    # quarters) do not agree within 3x, but every one is within 32x of 200,000 and over 1,000x from 200: the
    # first filing is the one off, and the suspicion names it, not the value shown
    assert (err.accession_number, err.value) == ("0001045810-10-000029", 200), err


def test_a_round_figure_a_thousandfold_apart_without_its_filings_steps_is_no_evidence_of_scale():
    from decimal import Decimal

    from edgar_cli.xbrl.restatements import classify_revision

    assert classify_revision(200, 200_000, "shares") == "restatement"  # trailing zeros alone: too few digits
    assert classify_revision(50, 50_000, "shares", (Decimal(1), Decimal(1))) == "restatement"  # two digits at step 1
    assert classify_revision(200, 200_000, "shares", (Decimal(1), Decimal(1))) == "suspected_tagging_error"


def test_a_recapitalisations_weighted_share_counts_are_marked_as_a_reverse_split_not_a_restatement(sec):
    from edgar_cli import get_financial_concept

    # Logistic Properties of the Americas' diluted weighted shares of 2022 and 2023: 168,142,740 in
    # 0001493152-24-016772, 28,600,000 in 0001997711-25-000030 (5.88, the recapitalisation its EPS flags 1-for-6)
    for concept in ("weighted_shares_diluted", "weighted_shares_basic"):
        r = get_financial_concept("LPA", concept, period="all")
        for end in ("2022-12-31", "2023-12-31"):
            v = next(v for v in r.values if str(v.end) == end)
            assert (v.original_value, v.value, v.revision_kind) == (168142740, 28600000, "share_exchange"), concept
        assert not any("results changed" in w for w in r.warnings), r.warnings


def test_an_equity_total_changed_outside_its_accumulated_results_is_a_reclassification(sec):
    from edgar_cli import get_financial_concept

    # Tesla's stockholders' equity at 2015-12-31: 1,088,944,000 in the FY2015 10-K 0001564590-16-013195,
    # 1,083,704,000 from the 10-Q 0001564590-16-018886 on; the 5,240,000 is in AdditionalPaidInCapitalCommonStock
    # (3,414,692,000 -> 3,409,452,000) while RetainedEarningsAccumulatedDeficit (-2,322,323,000) and accumulated other
    # comprehensive income (-3,556,000) are the same in both: no result changed
    r = get_financial_concept("TSLA", "stockholders_equity", fiscal_year=2015)
    v = next(v for v in r.values if str(v.end) == "2015-12-31")
    assert (v.original_value, v.value, v.revision_kind) == (1_088_944_000, 1_083_704_000, "reclassification")
    note = next(n for n in r.notes if "Reclassified, not restated" in n)
    assert "retained earnings -2,322,323,000 and accumulated other comprehensive income -3,556,000" in note, note
    assert "us-gaap:AdditionalPaidInCapitalCommonStock (3,414,692,000 to 3,409,452,000)" in note, note
    assert not any("results changed" in w for w in r.warnings + r.notes)


def test_a_split_ratio_within_the_rounding_of_a_two_decimal_eps_is_that_split(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's FY2023 basic EPS: 1.76 in 0001045810-23-000017, 0.18 in 0001045810-25-000023 after the 10-for-1
    # split of 2024: 1.76 / 0.18 = 9.78, but 0.18 is 0.176 rounded to two decimals: the 10-for-1 split, not a
    # recapitalisation (NVIDIA had none)
    r = get_financial_concept("NVDA", "eps_basic", limit=20)
    v = next(v for v in r.values if str(v.end) == "2023-01-29")
    assert (v.original_value, v.value, v.revision_kind) == (1.76, 0.18, "stock_split")
    note = next(n for n in r.notes if "Restated for a stock split" in n)
    assert "recapitalisation's exchange ratio" not in note and "9.78" not in note, note
    # each period names its own split (issue 36, the sixteenth newcomer)
    assert "0.18 in 0001045810-25-000023 (a 10-for-1 split by the ratio of the two figures)" in note, note
    assert "1.76 in 0001045810-22-000036 (a 4-for-1 split by the ratio of the two figures)" in note, note


def test_a_value_restated_for_one_split_and_not_the_next_is_not_said_to_be_never_restated(sec):
    from edgar_cli import get_financial_concept

    # NVIDIA's FY2020 basic EPS: 4.59 in 0001045810-20-000010, 1.15 in 0001045810-22-000036 (restated for the
    # 4-for-1 split of 2021), never restated for the 10-for-1 split of 2024
    r = get_financial_concept("NVDA", "eps_basic", limit=20)
    warning = next(w for w in r.warnings if "pre_split_ratio" in w)
    assert "never restated" not in warning, warning
    assert "2020-01-26 (10-for-1 since; restated for an earlier split in 0001045810-22-000036)" in warning, warning
    assert "2022-01-30 (10-for-1 since)" in warning, warning


def test_a_recapitalisation_s_eps_within_rounding_of_a_whole_ratio_keeps_the_ratio_its_shares_show(sec):
    from edgar_cli import get_financial_concept

    # LPA's diluted EPS of 2022: 0.048 in 0001493152-24-016772, 0.28 in 0001997711-25-000030 (5.83, within the
    # rounding of 6 and of 5.88); its weighted shares (168,142,740 -> 28,600,000) show 5.88: no 1-for-6 split
    r = get_financial_concept("LPA", "eps_diluted", limit=20)
    v = next(v for v in r.values if str(v.end) == "2022-12-31")
    assert (v.original_value, v.value) == (0.048, 0.28)
    note = next(n for n in r.notes if "Restated for a stock split" in n)
    assert "1-for-6" not in note and "1-for-5.88, a share exchange or recapitalisation's ratio" in note, note
    # the data and the note agree: a kind of its own, never reverse_split (LPA made no reverse split)
    assert v.revision_kind == "share_exchange"
    assert "not a split (revision_kind share_exchange)" in note, note


def test_a_share_exchanges_restated_eps_carries_its_own_kind_in_the_cli_json(cli):
    # LPA's diluted EPS: FY2022 0.048 and FY2023 0.019 in the 20-F 0001493152-24-016772, 0.28 and 0.11 in the
    # 20-F 0001997711-25-000030, restated on the share basis of the 2024 business combination's share exchange
    # (its weighted shares 168,142,740 -> 28,600,000: 5.88, no split)
    r = cli("concept", "LPA", "eps_diluted", "--fy", "2022..2024", "--json")
    assert r.rc == 0, r.err
    cells = {c["column"]: c for c in r.json()["rows"][0]["cells"]}
    for fy, first, now in (("FY2022", 0.048, 0.28), ("FY2023", 0.019, 0.11)):
        fact = cells[fy]["fact"]
        assert (fact["original_value"], fact["value"], fact["revision_kind"]) == (first, now, "share_exchange")
        assert fact["original_accession"] == "0001493152-24-016772"
        assert fact["accession_number"] == "0001997711-25-000030"
    assert cells["FY2024"]["fact"]["revision_kind"] is None
    assert '"reverse_split"' not in r.out and "reverse split" not in " ".join(r.err.split()), r.err


def test_an_equity_total_revised_where_the_later_filing_tags_no_retained_earnings_is_not_said_to_be_results_changed(
    sec,
):
    from edgar_cli import get_financial_concept

    # NVIDIA's stockholders' equity at 2014-01-26: 4,456,398,000 in 0001045810-14-000030, 4,455,000,000 in
    # 0001045810-16-000205 (in millions, and not 4,456M: no pure rounding), which tags no retained earnings for that
    # date: whether results changed cannot be told from the facts, and the warning says so instead of guessing
    r = get_financial_concept("NVDA", "stockholders_equity", fiscal_year=2014)
    v = next(v for v in r.values if str(v.end) == "2014-01-26")
    assert (v.original_value, v.value) == (4_456_398_000, 4_455_000_000)
    assert not any("(results changed;" in w for w in r.warnings), r.warnings
    told = next(w for w in r.warnings if "cannot be told" in w)
    assert "4,456,398,000 in 0001045810-14-000030, 4,455,000,000 in 0001045810-16-000205" in told, told
    assert "no retained earnings" in told, told
    # the data says what the warning says: not a restatement, not a reclassification
    assert v.revision_kind == "undetermined" and "(revision_kind undetermined;" in told, told
    assert "revision_kind restatement" not in " ".join(r.warnings + r.notes)


def test_an_undetermined_revision_is_marked_as_one_in_the_cli_table_and_json(cli):
    # NVIDIA's stockholders' equity at 2014-01-26: 4,456,398,000 in 0001045810-14-000030, 4,455,000,000 in
    # 0001045810-16-000205, which tags no retained earnings for that date
    r = cli("concept", "NVDA", "stockholders_equity", "--fy", "2014", "--json")
    assert r.rc == 0, r.err
    (v,) = [v for v in r.json()["values"] if v["end"] == "2014-01-26"]
    assert (v["original_value"], v["value"], v["revision_kind"]) == (4_456_398_000, 4_455_000_000, "undetermined")
    t = cli("concept", "NVDA", "stockholders_equity", "--fy", "2014", "--format", "table")
    out = " ".join(t.out.split())
    assert "4,455,000,000 #" in out, out
    assert "cannot be told" in out and "restated (results changed)" not in out, out


def test_a_value_restated_for_one_split_is_never_called_never_restated_in_the_table_or_the_schema(cli):
    # NVIDIA's FY2020 basic EPS: 4.59 in 0001045810-20-000010, 1.15 in 0001045810-22-000036 (restated for the
    # 4-for-1 split of 2021), not restated for the 10-for-1 split of 2024: the † legend and the field
    # descriptions must not call it "never restated"
    r = cli("concept", "NVDA", "eps_basic", "--limit", "20", "--format", "table")
    assert r.rc == 0, r.err
    out = " ".join(r.out.split())
    assert "† old share basis" in out, out
    assert "never restated" not in out and "not restated for the later split" in out, out
    from edgar_cli.capabilities.concept.model import ConceptResult

    schema = json.dumps(ConceptResult.model_json_schema())
    assert "never restated" not in schema
    assert "not restated for the later split(s)" in schema

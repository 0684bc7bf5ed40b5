"""verify_answer on a fourth quarter derived as the year less nine months, with all three figures written out
(issue 32): each input is checked for the period its own words name ("the full-year $416.2 billion", "$66.5
billion for the first nine months"), the result as the quarter.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- Apple (CIK 320193) us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax FY2025 (2024-09-29..2025-09-27)
  416,161,000,000 (10-K 0000320193-25-000079), nine months to 2025-06-28 313,695,000,000 (10-Q
  0000320193-25-000073): Q4 102,466,000,000. FY2024 391,035,000,000.
- NVIDIA (CIK 1045810) us-gaap:NetCashProvidedByUsedInOperatingActivities FY2026 (2025-01-27..2026-01-25)
  102,718,000,000 (10-K 0001045810-26-000021), nine months to 2025-10-26 66,530,000,000 (10-Q
  0001045810-25-000230): Q4 36,188,000,000.
- Snowflake (CIK 1640147) the same tag FY2025 (2024-02-01..2025-01-31) 959,764,000 (10-K 0001640147-25-000052),
  nine months to 2024-10-31 527,039,000 (10-Q 0001640147-24-000250): Q4 432,725,000.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.verification.claims import extract_figures


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize(
    ("company", "claim", "year", "nine", "quarter"),
    [
        (
            "AAPL",
            "Apple's fourth-quarter fiscal 2025 net sales, calculated as the full-year $416.2 billion less "
            "$313.7 billion for the first nine months, came to about $102.5 billion.",
            "$416.2 billion",
            "$313.7 billion",
            "$102.5 billion",
        ),
        (
            "AAPL",
            "Apple's fiscal 2025 fourth-quarter net sales were roughly $102.5 billion, computed as the "
            "full-year $416.2 billion minus $313.7 billion for the first nine months.",
            "$416.2 billion",
            "$313.7 billion",
            "$102.5 billion",
        ),
        (
            "NVDA",
            "NVIDIA's fourth-quarter fiscal 2026 operating cash flow, derived as $102.7 billion for the full "
            "year minus $66.5 billion for the first nine months, was about $36.2 billion.",
            "$102.7 billion",
            "$66.5 billion",
            "$36.2 billion",
        ),
        (
            "SNOW",
            "Snowflake's fourth-quarter fiscal 2025 operating cash flow, calculated as $959.8 million for the "
            "year less $527.0 million for the nine months ended October 31, 2024, was $432.7 million.",
            "$959.8 million",
            "$527.0 million",
            "$432.7 million",
        ),
    ],
)
def test_a_quarter_stated_with_the_year_and_nine_months_it_comes_from_is_grounded(
    sec, company, claim, year, nine, quarter
):
    r = checked_answer(claim, "grounded", company=company)
    assert figure(r, year).support.fiscal_period == "FY"
    assert figure(r, nine).support.fiscal_period == "9M"
    q = figure(r, quarter)
    assert q.status == "derived" and "Q4" in q.reason


def test_a_quarter_derived_from_the_year_before_blames_that_total_and_the_result(sec):
    r = verify_answer(
        "Apple's fourth-quarter fiscal 2025 net sales, calculated as the full-year $391.0 billion less $313.7 billion "
        "for the first nine months, came to about $77.3 billion.",
        company="AAPL",
    )
    assert r.verdict == "ungrounded"
    assert figure(r, "$391.0 billion").status in ("ungrounded", "mismatched_period")
    assert figure(r, "$313.7 billion").status == "grounded"
    result = figure(r, "$77.3 billion")
    assert result.status == "ungrounded" and "102,466,000,000" in result.reason


def test_the_nine_month_figure_given_as_the_quarter_is_of_another_period(sec):
    r = verify_answer(
        "Snowflake's fourth-quarter fiscal 2025 operating cash flow, calculated as $959.8 million for the year less "
        "$527.0 million for the first nine months, was $527.0 million.",
        company="SNOW",
    )
    first, second = [f for f in r.figures if f.text == "$527.0 million"]
    assert first.status == "grounded" and second.status == "mismatched_period"
    assert r.verdict == "ungrounded"


def test_the_inputs_of_a_ratio_of_the_wrong_year_are_checked_as_inputs_for_the_year_named(sec):
    # Apple FY2025 us-gaap:ResearchAndDevelopmentExpense 34,550,000,000 and revenue 416,161,000,000 (10-K
    # 0000320193-25-000079): 8.30%; 8.0% is FY2024's (31,370,000,000 / 391,035,000,000, 0000320193-24-000123)
    r = verify_answer(
        "Apple's R&D spending equaled 8.0% of net sales in fiscal 2025 ($34.55 billion on $416.2 billion).",
        company="AAPL",
    )
    assert r.verdict == "ungrounded"
    assert figure(r, "8.0%").status == "mismatched_period"
    rnd = figure(r, "$34.55 billion")  # right: the ratio is what is wrong, not its inputs
    assert rnd.status == "grounded" and rnd.support.matched_tag == "us-gaap:ResearchAndDevelopmentExpense"
    assert rnd.support.accession_number == "0000320193-25-000079"


@pytest.mark.parametrize(
    "wording",
    ["fiscal fourth-quarter 2025", "fiscal fourth quarter of 2025", "fourth fiscal quarter of 2025", "fiscal Q4 2025"],
)
def test_a_quarter_the_sentence_calls_fiscal_is_of_the_fiscal_year_written_after_it(wording):
    figs = [
        f
        for f in extract_figures(f"Apple's {wording} net income works out to about $27.5 billion.")
        if f.kind == "money"
    ]
    assert [(f.fiscal_year, f.fiscal_period, f.period_basis) for f in figs] == [(2025, "Q4", "fiscal")]


@pytest.mark.parametrize(
    ("claim", "quarter", "inputs"),
    [
        # Apple us-gaap:SellingGeneralAndAdministrativeExpense FY2025 (2024-09-29..2025-09-27) 27,601,000,000 (10-K
        # 0000320193-25-000079), nine months to 2025-06-28 20,553,000,000 (10-Q 0000320193-25-000073): Q4
        # 7,048,000,000
        (
            "Apple's SG&A expense for the three months ended September 27, 2025 was about $7.05 billion (full-year "
            "$27.60 billion less $20.55 billion for the first nine months).",
            "$7.05 billion",
            {"$27.60 billion": "FY", "$20.55 billion": "9M"},
        ),
        # Apple us-gaap:NetIncomeLoss FY2025 112,010,000,000 (10-K 0000320193-25-000079), nine months to 2025-06-28
        # 84,544,000,000 (10-Q 0000320193-25-000073): Q4 27,466,000,000
        (
            "Backing out the first nine months from the full-year total, Apple's fiscal fourth-quarter 2025 net "
            "income works out to about $27.5 billion.",
            "$27.5 billion",
            {},
        ),
    ],
)
def test_a_fourth_quarter_ended_on_the_years_last_day_or_called_fiscal_is_derived_from_the_year(
    sec, claim, quarter, inputs
):
    r = checked_answer(claim, "grounded", company="AAPL")
    assert {t: figure(r, t).support.fiscal_period for t in inputs} == inputs
    q = figure(r, quarter)
    assert q.status == "derived" and "Q4" in q.reason


def test_a_quarter_dated_by_the_first_day_of_the_next_blames_the_date_not_its_figures(sec):
    """Apple us-gaap:SellingGeneralAndAdministrativeExpense FY2025 (2024-09-29..2025-09-27) 27,601,000,000 (10-K
    0000320193-25-000079), 9M FY2025 (..2025-06-28) 20,553,000,000 (10-Q 0000320193-25-000073): Q4 7,048,000,000.
    2025-06-29 is the first day of the fourth quarter, no period's end."""
    r = verify_answer(
        "Apple's SG&A expense for the three months ended June 29, 2025 was about $7.05 billion (full-year $27.60 "
        "billion less $20.55 billion for the first nine months).",
        company="AAPL",
    )
    assert figure(r, "June 29, 2025").status == "ungrounded"
    assert r.verdict == "ungrounded"
    for text in ("$7.05 billion", "$27.60 billion", "$20.55 billion"):
        assert figure(r, text).status not in ("ungrounded", "mismatched_period"), figure(r, text).reason
    assert "2025-09-27" in figure(r, "$7.05 billion").reason


# Snowflake us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax FY2025 (2024-02-01 to 2025-01-31)
# 3,626,396,000 (0001640147-25-000052) less the nine months to 2024-10-31, 2,639,626,000 (0001640147-24-000250):
# 986,770,000 for Q4 FY2025
@pytest.mark.parametrize(
    "claim",
    [
        "Snowflake's fourth quarter of fiscal 2025 (the January 2025 quarter) brought in about $987 million of revenue.",
        "Snowflake's fourth quarter of fiscal 2025 brought in about $987 million.",
    ],
)
def test_a_fiscal_quarter_restated_in_parentheses_by_its_month_and_brought_in_as_revenue_is_derived(sec, claim):
    f = checked_figure(claim, "$987 million", "derived", company="SNOW")
    assert {i.accession_number for i in f.inputs} == {"0001640147-25-000052", "0001640147-24-000250"}


def test_a_period_in_parentheses_after_another_is_the_other_figures_when_it_compares():
    figs = {
        f.text: f
        for f in extract_figures(
            "Apple's diluted share count fell to 15.00 billion in fiscal 2025 (versus 15.81 billion in fiscal 2024)."
        )
    }
    assert figs["15.00 billion"].fiscal_year == 2025 and figs["15.81 billion"].fiscal_year == 2024
    figs = {f.text: f for f in extract_figures("Revenue was $5 billion in fiscal 2025 (versus fiscal 2024).")}
    assert figs["$5 billion"].fiscal_year == 2025


# NVIDIA us-gaap:Revenues FY2026 (to 2026-01-25, 0001045810-26-000021) less the nine months to 2025-10-26: Q4 FY2026
@pytest.mark.parametrize("verb", ["implies", "implied", "suggests", "indicates"])
def test_a_verb_of_inference_before_revenue_leaves_it_whole(sec, verb):
    f = checked_figure(
        f"NVIDIA's fourth quarter of fiscal 2026 (three months ended January 25, 2026) {verb} revenue of roughly "
        "$68 billion, full year less nine months.",
        "$68 billion",
        "derived",
        company="NVDA",
    )
    assert "0001045810-26-000021" in {i.accession_number for i in f.inputs}


# Tesla FY2021: us-gaap:GrossProfit 13,606,000,000 over us-gaap:Revenues 53,823,000,000 (0000950170-22-000796): 25.28%
def test_a_margin_named_before_how_it_was_computed_is_that_margin(sec):
    claim = "Tesla's 2021 gross margin, computed as gross profit of $13.6 billion over revenue, was about {}."
    f = checked_figure(claim.format("25.3%"), "25.3%", "derived", company="TSLA")
    assert "0000950170-22-000796" in {i.accession_number for i in f.inputs}
    r = verify_answer(claim.format("27.3%"), company="TSLA")
    assert figure(r, "27.3%").status != "derived" and r.verdict != "grounded"


# --- a second half-year: the year less its first half, which edgar does not derive ----------------------------------
# TSMC (CIK 1046179) ifrs-full:Revenue 2021 (2021-01-01..2021-12-31) 1,587,415,000,000 TWD (20-F
# 0001193125-22-104891), first half (2021-01-01..2021-06-30) 734,555,400,000 TWD (6-K 0001193125-21-301021): the
# second half is 852,859,600,000 TWD. Neither the first half's value nor the year's is the second half's.


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(
            "Revenue at TSMC for H2 2021 (the full year less the first half) came to roughly NT$852.9 billion.",
            id="the true value",
        ),
        pytest.param("TSMC's second-half 2021 revenue was about NT$734.6 billion.", id="the first half's value"),
        pytest.param("TSMC's second-half 2021 revenue was about NT$1,587.4 billion.", id="the year's value"),
    ],
)
def test_a_second_half_year_figure_is_unchecked_never_judged_as_the_first_half_or_the_year(sec, answer):
    r = verify_answer(answer, company="TSM")
    f = next(f for f in r.figures if f.kind == "money")
    assert f.status == "unchecked", f.reason
    assert "half-year edgar does not derive" in f.reason
    assert r.verdict == "unchecked"

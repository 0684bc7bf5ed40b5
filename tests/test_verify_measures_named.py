"""verify_answer reads what a sentence names a figure as, however far before the figure the name stands and
whichever words the period takes (issue 32, items 3 and 5).

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- Snowflake (CIK 1640147) us-gaap:NetIncomeLoss for 2024-02-01..2024-10-31: -958,166,000 in the 10-Q
  0001640147-24-000250; us-gaap:ComprehensiveIncomeNetOfTax for FY2023 (2022-02-01..2023-01-31): -818,691,000 in
  the FY2024 10-K 0001640147-24-000101 (us-gaap:OtherComprehensiveIncomeLossNetOfTax there: -21,986,000).
- Logistic Properties of the Americas (CIK 1997711) ifrs-full:ProfitLossAttributableToOwnersOfParent for 2024:
  -29,285,428 in the 20-F 0001997711-25-000030.
- NVIDIA (CIK 1045810) us-gaap:Revenues: 215,938,000,000 for FY2026 (2025-01-27..2026-01-25, 10-K
  0001045810-26-000021), 130,497,000,000 for FY2025 (10-K 0001045810-25-000023), 60,922,000,000 for FY2024 (10-K
  0001045810-24-000029); us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding for FY2024: 2,494,000,000 in
  0001045810-24-000029, 24,940,000,000 in 0001045810-25-000023 and 0001045810-26-000021 (after the 2024 ten-for-one
  split).
- Tesla (CIK 1318605) us-gaap:Revenues in the 10-Q 0000950170-22-019867: 57,144,000,000 for 2022-01-01..2022-09-30,
  21,454,000,000 for the quarter 2022-07-01..2022-09-30.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


def test_a_net_loss_named_far_before_its_figure_is_a_loss(sec):
    f = checked_figure(
        "Snowflake's net loss attributable to Snowflake Inc. for the nine months ended October 31, 2024 came to "
        "$958.2 million.",
        "$958.2 million",
        "grounded",
        company="SNOW",
    )
    assert f.support is not None and f.support.accession_number == "0001640147-24-000250"
    # a loss named before the parenthesis holding its figure
    r = verify_answer(
        "LPA swung to a loss attributable to owners of the company ($29.3 million for 2024).", company="LPA"
    )
    assert figure(r, "$29.3 million").status == "grounded", figure(r, "$29.3 million").reason


def test_a_comprehensive_loss_is_comprehensive_income_not_other_comprehensive_income(sec):
    f = checked_figure(
        "In its fiscal 2024 10-K, Snowflake reported a comprehensive loss for fiscal 2023 of $818.7 million.",
        "$818.7 million",
        "grounded",
        company="SNOW",
    )
    assert f.support is not None and f.support.matched_tag == "us-gaap:ComprehensiveIncomeNetOfTax"
    assert f.support.accession_number == "0001640147-24-000101"


def test_year_to_date_through_a_day_is_the_year_to_date_period_ending_then(sec):
    f = checked_figure(
        "Year to date through September 30, 2022, Tesla's revenues were $57.1 billion.",
        "$57.1 billion",
        "grounded",
        company="TSLA",
    )
    assert f.support is not None and str(f.support.start) == "2022-01-01" and str(f.support.end) == "2022-09-30"
    false = verify_answer(
        "Year to date through September 30, 2022, Tesla's revenues were $21.5 billion.", company="TSLA"
    )
    assert false.verdict != "grounded"


def test_a_figure_in_parentheses_is_of_the_period_before_them_and_a_total_after_a_comparison_carries_the_measure(
    sec,
):
    checked_answer(
        "NVIDIA's fiscal 2026 revenue ($215.9 billion) far exceeded its fiscal 2025 total ($130.5 billion).",
        "grounded",
        company="NVDA",
    )
    wrong = verify_answer(
        "NVIDIA's fiscal 2026 revenue ($215.9 billion) far exceeded its fiscal 2025 total ($60.9 billion).",
        company="NVDA",
    )
    assert wrong.verdict != "grounded"
    assert figure(wrong, "$215.9 billion").status == "grounded"  # the true part is never blamed
    assert figure(wrong, "$60.9 billion").status != "grounded"


def test_an_amount_restating_a_growth_rate_after_or_is_the_change_not_the_total(sec):
    """Home Depot's 10-K for fiscal 2024, 0000354950-25-000085 (hd-20250202.htm, no companyfacts in the corpus):
    "Net sales for fiscal 2024 increased $6.8 billion, or 4.5%, to $159.5 billion."; its inline XBRL gives
    us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax 159,514,000,000 for FY2024, 152,669,000,000 for FY2023."""
    cite = ["0000354950-25-000085:hd-20250202.htm"]
    r = verify_answer(
        "Home Depot's fiscal 2024 net sales rose 4.5%, or $6.8 billion, to $159.5 billion.", company="354950", cite=cite
    )
    f = figure(r, "$6.8 billion")
    assert f.status in ("grounded", "derived"), f.reason
    assert r.verdict == "grounded"
    wrong = verify_answer(
        "Home Depot's fiscal 2024 net sales rose 4.5%, or $7.8 billion, to $159.5 billion.", company="354950", cite=cite
    )
    assert wrong.verdict != "grounded" and figure(wrong, "$7.8 billion").status not in ("grounded", "derived")
    # the year a filing was filed in is no period of the figures ("(10-K filed in 2025)")
    checked_answer(
        "Home Depot's fiscal 2024 net sales rose 4.5%, or $6.8 billion, to $159.5 billion (10-K filed in 2025).",
        "grounded",
        company="354950",
        cite=cite,
    )


def test_a_share_count_whose_period_stands_between_it_and_its_verb_is_a_share_count_not_money(sec):
    r = verify_answer(
        "On a post-split basis, NVIDIA's diluted weighted average share count for fiscal 2024 was 24.94 billion.",
        company="NVDA",
    )
    f = figure(r, "24.94 billion")
    assert f.kind == "shares" and f.status == "grounded", f.reason
    assert f.support is not None and f.support.matched_tag == "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"


@pytest.mark.parametrize(
    ("company", "claim", "text", "status"),
    [
        # Snowflake us-gaap:NetIncomeLoss FY2025 (2024-02-01..2025-01-31) -1,285,640,000 (10-K 0001640147-25-000052)
        ("SNOW", "Snowflake lost $1.29 billion in fiscal 2025.", "$1.29 billion", "grounded"),
        ("SNOW", "Snowflake lost $1.29 million in fiscal 2025.", "$1.29 million", "ungrounded"),
        # Tesla us-gaap:NetIncomeLoss FY2019 -862,000,000 (10-K 0001564590-20-004475), FY2020 721,000,000
        ("TSLA", "Tesla lost $862 million in 2019.", "$862 million", "grounded"),
        ("TSLA", "Tesla lost $721 million in 2020.", "$721 million", "ungrounded"),
        # what was lost is named after the figure: not the company's net loss
        ("TSLA", "Tesla lost $862 million in market value in 2019.", "$862 million", "unchecked"),
    ],
)
def test_a_company_that_lost_an_amount_in_a_period_had_that_net_loss(sec, company, claim, text, status):
    checked_figure(claim, text, status, company=company)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # NVIDIA us-gaap:NetIncomeLoss FY2025 72,880,000,000 (10-K 0001045810-25-000023), FY2024 29,760,000,000 (10-K
        # 0001045810-24-000029), FY2023 4,368,000,000
        (
            "NVIDIA's fiscal 2025 net income, $72.9 billion, was more than double the prior year's $29.8 billion.",
            "grounded",
        ),
        # FY2023's net income is not the previous year's
        (
            "NVIDIA's fiscal 2025 net income, $72.9 billion, was more than double the previous year's $4.4 billion.",
            None,
        ),
    ],
)
def test_the_prior_years_amount_after_a_comparison_is_the_sentences_measure_a_year_earlier(sec, claim, verdict):
    r = verify_answer(claim, company="NVDA")
    if verdict is None:
        assert r.verdict != "grounded", [(f.text, f.status, f.reason) for f in r.figures]
    else:
        assert r.verdict == verdict, [(f.text, f.status, f.reason) for f in r.figures]


@pytest.mark.parametrize(
    ("claim", "status"),
    [
        # NVIDIA us-gaap:NumberOfReportableSegments = 2 (unit segment) for FY2026 (10-K 0001045810-26-000021)
        ("NVIDIA reported 2 reportable segments for fiscal 2026.", "grounded"),
        ("NVIDIA reported 1 reportable segment for fiscal 2026.", "ungrounded"),
    ],
)
def test_a_small_count_of_segments_is_a_figure_checked_against_the_tagged_count(sec, claim, status):
    r = verify_answer(claim, company="NVDA")
    f = next(f for f in r.figures if f.kind == "number")
    assert f.status == status, f.reason


def test_proceeds_from_sales_of_investment_property_are_not_revenue(sec):
    # ifrs-full:ProceedsFromSalesOfInvestmentProperty for 2023: 4,378,063 in the 20-F 0001997711-25-000030
    # (ifrs-full:Revenue for 2023 there: 39,436,343); "sales of investment property" names no sales of the company
    r = verify_answer(
        "As presented in its 2024 20-F, LPA's proceeds from sales of investment property in 2023 were $4.4 million.",
        company="LPA",
    )
    f = figure(r, "$4.4 million")
    assert f.status == "grounded", f.reason
    assert f.support.matched_tag == "ifrs-full:ProceedsFromSalesOfInvestmentProperty"
    assert f.support.accession_number == "0001997711-25-000030"
    assert "Revenue" not in f.reason


# --- "worldwide" names the whole of a measure, not a part of it ------------------------------------------------
# NVIDIA us-gaap:Revenues FY2025 130,497,000,000 (10-K 0001045810-25-000023), FY2024 60,922,000,000. Johnson &
# Johnson (CIK 200406, no companyfacts here): the inline fact us-gaap:RevenueFromContractWithCustomerExcluding-
# AssessedTax 88,821,000,000 (in millions: 88,821) for 2024-01-01..2024-12-29 in jnj-20241229.htm of
# 0000200406-25-000038.


@pytest.mark.parametrize(
    ("answer", "company", "cite", "text", "accession"),
    [
        pytest.param(
            "NVIDIA's worldwide revenue for fiscal 2025 was $130.5 billion.",
            "NVDA",
            None,
            "$130.5 billion",
            "0001045810-25-000023",
            id="companyfacts",
        ),
        pytest.param(
            "Worldwide sales at Johnson & Johnson reached $88.8 billion in fiscal 2024.",
            "JNJ",
            ["0000200406-25-000038:jnj-20241229.htm"],
            "$88.8 billion",
            "0000200406-25-000038",
            id="inline facts",
        ),
    ],
)
def test_worldwide_names_the_whole_measure(sec, answer, company, cite, text, accession):
    f = checked_figure(answer, text, "grounded", verdict="grounded", company=company, cite=cite)
    assert f.support is not None and f.support.accession_number == accession


def test_worldwide_revenue_of_another_year_is_not_grounded(sec):
    r = verify_answer("NVIDIA's worldwide revenue for fiscal 2025 was $60.9 billion.", company="NVDA")
    assert r.verdict != "grounded"
    assert figure(r, "$60.9 billion").status in ("ungrounded", "mismatched_period")

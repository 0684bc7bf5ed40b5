"""verify_answer on a figure the sentence attributes to one filing, and on balances later restated (issue 32).

A figure "reported in", "presented in" or "shown in" a named filing ("Apple's fiscal 2019 Form 10-K", "its
Form 20-F for 2024", "its third-quarter 2022 Form 10-Q") claims that filing's own value, on its share basis:
another filing's value (today's after a split, or the one first reported) never grounds it.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- Apple (CIK 320193) us-gaap:EarningsPerShareDiluted FY2019 (2018-09-30..2019-09-28): 11.89 in the FY2019 10-K
  0000320193-19-000119; 2.97 after the 2020 four-for-one split (FY2020 10-K onwards).
- NVIDIA (CIK 1045810) us-gaap:EarningsPerShareDiluted FY2024 (2023-01-30..2024-01-28): 11.93 in the FY2024 10-K
  0001045810-24-000029; 1.19 in the FY2025 10-K 0001045810-25-000023 (after the June 2024 ten-for-one split).
- Tesla (CIK 1318605) us-gaap:EarningsPerShareDiluted Q3 2021 (2021-07-01..2021-09-30): 1.44 in the Q3 2021
  10-Q; 0.48 in the Q3 2022 10-Q 0000950170-22-019867. us-gaap:IncreaseDecreaseInAccountsPayableAndAccrued-
  Liabilities FY2019: 682,000,000 in the 2019 10-K 0001564590-20-004475, 646,000,000 in 0001564590-21-004599.
- Logistic Properties of the Americas (LPA, CIK 1997711) ifrs-full:DilutedEarningsLossPerShare 2022: 0.048 in
  the 20-F 0001493152-24-016772, 0.28 in the 20-F for 2024 0001997711-25-000030; 2023: 0.019 in 0001493152-24-016772
  (168,142,740 weighted shares), 0.11 in 0001997711-25-000030 (28,600,000 shares after the recapitalisation).
- Apple us-gaap:DeferredIncomeTaxLiabilities at 2022-09-24: 5,557,000,000 in the FY2022 10-K
  0000320193-22-000108, 7,139,000,000 in the FY2023 10-K 0000320193-23-000106.
- NVIDIA us-gaap:AccountsPayableCurrent at 2021-01-31: 1,201,000,000 in the FY2021 10-K 0001045810-21-000010,
  1,149,000,000 in the FY2022 10-K 0001045810-22-000036.
"""

from __future__ import annotations

import pytest
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize(
    ("company", "claim", "text", "accession", "reported"),
    [
        (
            "AAPL",
            "Apple's fiscal 2019 Form 10-K reported diluted EPS of $2.97 for the year.",
            "$2.97",
            "0000320193-19-000119",
            "11.89",
        ),
        (
            "NVDA",
            "NVIDIA's fiscal 2025 Form 10-K reports diluted EPS of $11.93 for fiscal 2024.",
            "$11.93",
            "0001045810-25-000023",
            "1.19",
        ),
        (
            "TSLA",
            "In its third-quarter 2022 Form 10-Q, Tesla showed diluted EPS of $1.44 for the third quarter of 2021.",
            "$1.44",
            "0000950170-22-019867",
            "0.48",
        ),
        (
            "LPA",
            "In its Form 20-F for 2024, LPA reported diluted earnings per share of $0.048 for 2022.",
            "$0.048",
            "0001997711-25-000030",
            "0.28",
        ),
        (  # an annual report named by its year alone: the company's annual form (a 20-F here)
            "LPA",
            "Logistic Properties of the Americas earned $0.019 per diluted share in 2023 as presented in its 2024 "
            "annual report.",
            "$0.019",
            "0001997711-25-000030",
            "0.11",
        ),
    ],
)
def test_a_figure_of_another_basis_than_the_named_filings_is_ungrounded(sec, company, claim, text, accession, reported):
    r = verify_answer(claim, company=company)
    f = figure(r, text)
    assert f.status == "ungrounded" and r.verdict == "ungrounded"
    assert accession in f.reason and f"= {reported} " in f.reason
    assert f.support is not None and f.support.accession_number == accession


@pytest.mark.parametrize(
    ("company", "claim", "text", "accession"),
    [
        (
            "AAPL",
            "Apple's fiscal 2019 Form 10-K reported diluted EPS of $11.89 for the year.",
            "$11.89",
            "0000320193-19-000119",
        ),
        (
            "NVDA",
            "NVIDIA's fiscal 2025 Form 10-K reports diluted EPS of $1.19 for fiscal 2024.",
            "$1.19",
            "0001045810-25-000023",
        ),
        (
            "TSLA",
            "In its third-quarter 2022 Form 10-Q, Tesla showed diluted EPS of $0.48 for the third quarter of 2021.",
            "$0.48",
            "0000950170-22-019867",
        ),
        (
            "LPA",
            "LPA's 2022 diluted EPS was originally reported as $0.048 and is presented as $0.28 in its Form "
            "20-F for 2024.",
            "$0.28",
            "0001997711-25-000030",
        ),
        (
            "LPA",
            "Logistic Properties of the Americas earned $0.11 per diluted share in 2023 as presented in its 2024 "
            "annual report.",
            "$0.11",
            "0001997711-25-000030",
        ),
    ],
)
def test_the_named_filings_own_value_is_grounded_by_that_filing(sec, company, claim, text, accession):
    f = checked_figure(claim, text, "grounded", company=company, verdict="grounded")
    assert f.support is not None and f.support.accession_number == accession
    assert "as presented in" in f.reason and "the sentence names" in f.reason


def test_a_restated_balance_is_grounded_as_first_reported_and_as_the_later_10k_presents_it(sec):
    r = verify_answer(
        "Apple first reported deferred tax liabilities of $5.6 billion as of September 24, 2022; its fiscal 2023 "
        "10-K presents the same balance as $7.1 billion.",
        company="AAPL",
    )
    first, later = figure(r, "$5.6 billion"), figure(r, "$7.1 billion")
    assert first.status == "grounded" and "as first reported" in first.reason
    assert first.support.accession_number == "0000320193-22-000108"
    assert later.status == "grounded" and later.support.accession_number == "0000320193-23-000106"
    assert r.verdict == "grounded"


def test_a_restated_balance_given_as_the_first_filings_is_ungrounded_when_it_is_the_later_value(sec):
    checked_figure(
        "Apple's deferred tax liabilities as of September 24, 2022 were $7.1 billion in its fiscal 2022 10-K.",
        "$7.1 billion",
        "ungrounded",
        "5,557,000,000",
        "0000320193-23-000106",
        company="AAPL",
    )


@pytest.mark.parametrize(
    "answer, company, first_text, first_accession, later_text, later_value",
    [
        pytest.param(
            "NVIDIA's accounts payable as of January 31, 2021 were first reported as $1.20 billion and later "
            "revised to $1.15 billion.",
            "NVDA",
            "$1.20 billion",
            "0001045810-21-000010",
            "$1.15 billion",
            1_149_000_000,
            id="a balance",
        ),
        pytest.param(
            "Tesla's 2019 cash-flow line for the increase in accounts payable and accrued liabilities was $682 "
            "million in its 2019 10-K and was later presented as $646 million.",
            "TSLA",
            "$682 million",
            "0001564590-20-004475",
            "$646 million",
            646_000_000,
            id="a cash-flow line",
        ),
    ],
)
def test_a_figure_first_reported_and_later_revised_grounds_each_by_its_own_framing(
    sec, answer, company, first_text, first_accession, later_text, later_value
):
    r = verify_answer(answer, company=company)
    first, later = figure(r, first_text), figure(r, later_text)
    assert first.status == "grounded" and first.support.accession_number == first_accession
    assert later.status == "grounded" and later.support.value == later_value
    assert r.verdict == "grounded"


def test_cash_equivalents_alone_are_their_own_line_not_cash_and_cash_equivalents(sec):
    """Snowflake (CIK 1640147) at 2023-01-31: us-gaap:CashEquivalentsAtCarryingValue 398,346,000 in the FY2023 10-K
    0001640147-23-000030 and 539,390,000 in the 10-Q 0001640147-23-000102; us-gaap:CashAndCashEquivalentsAtCarrying-
    Value 939,902,000."""
    r = verify_answer(
        "Snowflake's cash equivalents as of January 31, 2023 were $398.3 million in its fiscal 2023 10-K, a balance "
        "its later 10-Qs present as $539.4 million.",
        company="SNOW",
    )
    first = figure(r, "$398.3 million")
    assert first.status == "grounded" and first.support.matched_tag == "us-gaap:CashEquivalentsAtCarryingValue"
    assert first.support.accession_number == "0001640147-23-000030"
    assert figure(r, "$539.4 million").status == "grounded" and r.verdict == "grounded"
    r = verify_answer(
        "Snowflake's fiscal 2023 10-K gave cash equivalents of $939.9 million at January 31, 2023.", company="SNOW"
    )
    assert figure(r, "$939.9 million").status != "grounded"


def test_a_cited_quarterly_report_never_grounds_a_figure_of_another_fiscal_year(sec):
    """NVIDIA's 10-Q 0001045810-25-000209 (nvda-20250727.htm, Q2 FY2026): 'Three Months Ended ... Jul 27, 2025 ...
    (In millions) Revenue by End Market: Data Center $ 41,096'. Fiscal 2025 ended 2025-01-26."""
    cite = ["0001045810-25-000209:nvda-20250727.htm"]
    r = verify_answer("NVIDIA's Data Center revenue was $41.1 billion in fiscal 2025.", company="NVDA", cite=cite)
    assert figure(r, "$41.1 billion").status in ("mismatched_period", "unchecked", "ungrounded")
    assert r.verdict != "grounded"
    r = verify_answer(
        "NVIDIA's Data Center revenue was $41.1 billion in the second quarter of fiscal 2026.",
        company="NVDA",
        cite=cite,
    )
    assert figure(r, "$41.1 billion").status == "grounded" and r.verdict == "grounded"


# --- a restated figure set against its original by "but ... as restated" or "was revised to" ---------------------
# TSMC (CIK 1046179) ifrs-full:CostOfSales 2020 (2020-01-01..2020-12-31): 628,108,400,000 TWD in the 2020 20-F
# 0001193125-21-118512, 628,124,700,000 TWD in the 2021 20-F 0001193125-22-104891. LPA (CIK 1997711)
# ifrs-full:DilutedEarningsLossPerShare 2022: 0.048 in 0001493152-24-016772, 0.28 in the 2024 20-F 0001997711-25-000030.


@pytest.mark.parametrize(
    ("company", "claim", "text", "accession"),
    [
        pytest.param(
            "TSM",
            "TSMC's cost of revenue for 2020, NT$628,108.4 million in its 2020 annual report on Form 20-F, was "
            "revised to NT$628,124.7 million in its 2021 20-F.",
            "NT$628,124.7 million",
            "0001193125-22-104891",
            id="revised to",
        ),
        pytest.param(
            "LPA",
            "LPA's diluted earnings per share for 2022 were $0.048 in its first 20-F but $0.28 as restated in its "
            "2024 20-F.",
            "$0.28",
            "0001997711-25-000030",
            id="but as restated",
        ),
    ],
)
def test_a_restated_figure_after_its_original_carries_on_the_measure(sec, company, claim, text, accession):
    f = checked_figure(claim, text, "grounded", verdict="grounded", company=company)
    assert f.support is not None and f.support.accession_number == accession


@pytest.mark.parametrize(
    ("company", "claim"),
    [
        pytest.param(
            "TSM",
            "TSMC's cost of revenue for 2020, NT$628,124.7 million in its 2020 annual report on Form 20-F, was "
            "revised to NT$628,108.4 million in its 2021 20-F.",
            id="revised to",
        ),
        pytest.param(
            "LPA",
            "LPA's diluted earnings per share for 2022 were $0.28 in its first 20-F but $0.048 as restated in its "
            "2024 20-F.",
            id="but as restated",
        ),
    ],
)
def test_a_restated_figure_swapped_with_its_original_is_not_grounded(sec, company, claim):
    r = verify_answer(claim, company=company)
    assert r.verdict == "ungrounded"

"""verify_answer on how analysts write figures and periods (issue 32): accounting negatives "($862) million",
a translation in parentheses "NT$44.67 (US$1.36)", a scale note "(in millions)", "15.8 points", "the December
2022 quarter", "year-to-date" and "trailing twelve months".

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- Tesla (CIK 1318605) us-gaap:NetIncomeLoss FY2019 -862,000,000 (10-K 0001564590-20-004475), FY2020 721,000,000
  (10-K 0001564590-21-004599).
- TSMC (CIK 1046179) ifrs-full:DilutedEarningsLossPerShare FY2024: 44.67 TWD/shares and 1.36 USD/shares (20-F
  0001193125-25-083423).
- Apple (CIK 320193) FY2024 (2023-10-01..2024-09-28): us-gaap:RevenueFromContractWithCustomerExcludingAssessed-
  Tax 391,035,000,000, us-gaap:NetIncomeLoss 93,736,000,000, us-gaap:EarningsPerShareDiluted 6.08 (10-K
  0000320193-24-000123). Revenue Q1 FY2023 (2022-09-25..2022-12-31) 117,154,000,000, Q1 FY2022 (..2021-12-25)
  123,945,000,000; FY2024 less its nine months (to 2024-06-29) 94,930,000,000; nine months of FY2025 (to
  2025-06-28) 313,695,000,000 (10-Q 0000320193-25-000073), Q3 FY2025 94,036,000,000; Q2 FY2025 (2024-12-29..
  2025-03-29) 95,359,000,000 (10-Q 0000320193-25-000057). Net income FY2024 93,736,000,000 less its nine months
  79,000,000,000 (10-Q 0000320193-24-000081): 14,736,000,000.
- NVIDIA (CIK 1045810) us-gaap:Revenues Q3 FY2025 (2024-07-29..2024-10-27) 35,082,000,000 (10-Q
  0001045810-24-000316); gross margin FY2024 72.7% against FY2023 56.9%.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    return module_sec


def test_an_accounting_negative_with_the_scale_after_the_parenthesis_is_a_loss(sec):
    r = verify_answer(
        "Tesla reported net income of $721 million in 2020 and a net loss of ($862) million in 2019.", company="TSLA"
    )
    loss = figure(r, "($862) million")
    assert loss.status == "grounded" and loss.support.value == -862_000_000
    assert loss.support.accession_number == "0001564590-20-004475"
    assert figure(r, "$721 million").status == "grounded" and r.verdict == "grounded"


def test_an_amount_in_another_currency_in_parentheses_is_a_translation_not_a_negative(sec):
    r = verify_answer("TSMC's diluted EPS for 2024 was NT$44.67 (US$1.36).", company="TSM")
    usd = figure(r, "US$1.36")
    assert usd.value == 1.36 and usd.status == "grounded" and "convenience_translation" in usd.flags
    assert figure(r, "NT$44.67").status == "grounded"


def test_a_scale_note_scales_every_amount_of_its_sentence_but_per_share_amounts(sec):
    r = verify_answer(
        "Apple's revenue and net income for fiscal 2024 were 391,035 and 93,736, respectively (in millions).",
        company="AAPL",
    )
    assert figure(r, "391,035").value == 391_035_000_000 and r.verdict == "grounded"
    assert figure(r, "93,736").support.value == 93_736_000_000
    r = verify_answer(
        "In millions, except per-share amounts, Apple's fiscal 2024 revenue was 391,035 and diluted EPS was 6.08.",
        company="AAPL",
    )
    assert figure(r, "6.08").value == 6.08 and r.verdict == "grounded"
    r = verify_answer("Apple's fiscal 2024 net income was 391,035 (in millions).", company="AAPL")
    assert figure(r, "391,035").status == "ungrounded"


def test_points_after_a_margin_are_percentage_points(sec):
    r = verify_answer("NVIDIA's gross margin rose 15.8 points in fiscal 2024.", company="NVDA")
    f = figure(r, "15.8 points")
    assert f.kind == "percentage_points" and f.status == "unchecked"


@pytest.mark.parametrize(
    ("company", "claim", "text", "status", "end"),
    [
        (
            "AAPL",
            "Apple's revenue for the December 2022 quarter was $117.2 billion.",
            "$117.2 billion",
            "grounded",
            "2022-12-31",
        ),
        (
            "AAPL",
            "Apple's revenue for the December 2022 quarter was $123.9 billion.",
            "$123.9 billion",
            "mismatched_period",
            "2021-12-25",
        ),
        ("AAPL", "Apple's revenue for the September 2024 quarter was $94.9 billion.", "$94.9 billion", "derived", None),
        # the month the quarter closes in, before "quarter" (hyphenated or not), with the year after it or fiscal
        ("AAPL", "Apple's September-quarter 2024 revenue was $94.9 billion.", "$94.9 billion", "derived", None),
        (
            "AAPL",
            "Apple's implied September-quarter 2024 net income (fiscal year less nine months) was $14.7 billion.",
            "$14.7 billion",
            "derived",
            None,
        ),
        (
            "AAPL",
            "In the December quarter of fiscal 2023, Apple's revenue was $117.2 billion.",
            "$117.2 billion",
            "grounded",
            "2022-12-31",
        ),
        (
            "AAPL",
            "Apple's revenue in the March quarter 2025 was $95.4 billion.",
            "$95.4 billion",
            "grounded",
            "2025-03-29",
        ),
        (
            "AAPL",
            "Apple's revenue in the March quarter 2025 was $94.0 billion.",
            "$94.0 billion",
            "mismatched_period",
            "2025-06-28",
        ),
        ("NVDA", "NVIDIA's October-quarter 2024 revenue was $35.1 billion.", "$35.1 billion", "grounded", "2024-10-27"),
        (
            "NVDA",
            "NVIDIA's revenue for the quarter ending in October 2024 was $35.1 billion.",
            "$35.1 billion",
            "grounded",
            "2024-10-27",
        ),
    ],
)
def test_a_quarter_named_by_its_month_is_the_quarter_ending_in_that_month(sec, company, claim, text, status, end):
    f = checked_figure(claim, text, status, company=company)
    if end:
        assert str(f.support.end) == end


# us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax, fiscal 2025: 124,300,000,000 to 2024-12-28
# (0000320193-25-000008), 95,359,000,000 to 2025-03-29 (0000320193-25-000057), 94,036,000,000 to 2025-06-28
# (0000320193-25-000073)
def test_each_figure_of_a_range_of_quarters_named_by_month_is_checked_for_its_own_quarter(sec):
    r = verify_answer(
        "Apple's quarterly revenue in fiscal 2025 ranged from $94.0 billion in the June quarter to $124.3 billion "
        "in the December quarter, with the March quarter at $95.4 billion.",
        company="AAPL",
    )
    got = {
        t: (figure(r, t).status, figure(r, t).support.accession_number)
        for t in ("$94.0 billion", "$124.3 billion", "$95.4 billion")
    }
    assert got == {
        "$94.0 billion": ("grounded", "0000320193-25-000073"),
        "$124.3 billion": ("grounded", "0000320193-25-000008"),
        "$95.4 billion": ("grounded", "0000320193-25-000057"),
    }
    assert r.verdict == "grounded"
    r = verify_answer(
        "Apple's quarterly revenue in fiscal 2025 ranged from $124.3 billion in the June quarter to $94.0 billion "
        "in the December quarter.",
        company="AAPL",
    )
    assert [figure(r, t).status for t in ("$124.3 billion", "$94.0 billion")] == ["mismatched_period"] * 2


# Tesla us-gaap:NetIncomeLoss 2022-01-01 to 2022-09-30: 8,869,000,000 in the 10-Q 0000950170-22-019867; the
# third quarter alone (2022-07-01 to 2022-09-30): 3,292,000,000
@pytest.mark.parametrize(
    "through", ["Year to date through September 30, 2022", "Year-to-date as of September 30, 2022"]
)
def test_year_to_date_through_a_date_is_the_year_to_date_period_ending_then(sec, through):
    f = checked_figure(
        f"{through}, Tesla's net income attributable to common stockholders was $8.87 billion.",
        "$8.87 billion",
        "grounded",
        company="TSLA",
    )
    assert f.support.accession_number == "0000950170-22-019867"
    assert str(f.support.start) == "2022-01-01" and str(f.support.end) == "2022-09-30"
    r = verify_answer(
        f"{through}, Tesla's net income attributable to common stockholders was $3.29 billion.", company="TSLA"
    )
    assert figure(r, "$3.29 billion").status in ("mismatched_period", "ungrounded") and r.verdict == "ungrounded"


def test_year_to_date_through_a_quarter_is_the_year_to_date_period(sec):
    f = checked_figure(
        "Apple's year-to-date net sales through the third quarter of fiscal 2025 were $313.7 billion.",
        "$313.7 billion",
        "grounded",
        company="AAPL",
    )
    assert f.support.fiscal_period == "9M"
    checked_figure(
        "Apple's year-to-date net sales through the third quarter of fiscal 2025 were $94.0 billion.",
        "$94.0 billion",
        "mismatched_period",
        "first nine months",
        company="AAPL",
    )


def test_trailing_twelve_months_are_derived_from_four_quarters_never_grounded_on_one(sec):
    # Q4 FY2024 22,103M + Q1 FY2025 26,044M + Q2 30,040M + Q3 (to 2024-10-27) 35,082M = 113,269M
    f = checked_figure(
        "NVIDIA's trailing-twelve-month revenue through the quarter ended October 27, 2024 was $113.3 billion.",
        "$113.3 billion",
        "derived",
        "four quarters ending 2024-10-27",
        company="NVDA",
    )
    assert "part of" not in f.reason
    assert len(f.inputs) == 4 and f.support is None


def test_the_words_after_an_amount_and_its_translation_say_what_both_are(sec):
    r = verify_answer("TSMC earned NT$44.67 (US$1.36) per diluted share in 2024.", company="TSM")
    assert [figure(r, t).kind for t in ("NT$44.67", "US$1.36")] == ["per_share", "per_share"]
    assert r.verdict == "grounded"


def test_a_respectively_list_of_concepts_pairs_each_figure_with_its_own_concept(sec):
    r = verify_answer(
        "Apple's net sales and net income for fiscal 2024 were $93.7 billion and $391.0 billion, respectively.",
        company="AAPL",
    )
    assert figure(r, "$93.7 billion").status == "ungrounded" and figure(r, "$391.0 billion").status == "ungrounded"
    assert "revenue" in figure(r, "$93.7 billion").reason and "net income" in figure(r, "$391.0 billion").reason
    r = verify_answer(
        "Apple's net sales and net income for fiscal 2024 were $391.0 billion and $93.7 billion, respectively.",
        company="AAPL",
    )
    assert r.verdict == "grounded"


def test_a_swing_from_income_to_a_loss_reads_each_figures_own_sign(sec):
    """Tesla us-gaap:NetIncomeLoss FY2019 -862,000,000 (0001564590-20-004475), FY2020 721,000,000
    (0001564590-21-004599): the signs written the wrong way round are both contradicted."""
    r = verify_answer(
        "Tesla swung from net income of $862 million in 2019 to a net loss of $721 million in 2020.", company="TSLA"
    )
    assert [figure(r, t).status for t in ("$862 million", "$721 million")] == ["ungrounded", "ungrounded"]
    r = verify_answer(
        "Tesla swung from a net loss of $862 million in 2019 to net income of $721 million in 2020.", company="TSLA"
    )
    assert r.verdict == "grounded"


def test_a_fiscal_year_dated_a_month_from_its_end_blames_the_date_not_the_figure(sec):
    """Snowflake (CIK 1640147) us-gaap:NetIncomeLoss FY2025 (2024-02-01..2025-01-31) -1,285,640,000 (10-K
    0001640147-25-000052): its fiscal years end January 31, so none ended December 31, 2024."""
    r = verify_answer(
        "For the fiscal year ended December 31, 2024, Snowflake reported a net loss attributable to Snowflake Inc. of "
        "$1.29 billion.",
        company="SNOW",
    )
    assert figure(r, "December 31, 2024").status == "ungrounded"
    f = figure(r, "$1.29 billion")
    assert f.status == "unchecked" and "the date is what is wrong" in f.reason
    assert r.verdict == "ungrounded"


@pytest.mark.parametrize(
    ("claim", "date", "amount", "real_end"),
    [
        # Q3 FY2025 (2024-08-01..2024-10-31) 942,094,000 in 10-Q 0001640147-24-000250
        (
            "Snowflake's revenue for the quarter ended September 30, 2024 came in at $942.1 million.",
            "September 30, 2024",
            "$942.1 million",
            "2024-10-31",
        ),
        # H1 FY2025 (2024-02-01..2024-07-31) 1,697,532,000 in 10-Q 0001640147-24-000207
        (
            "Snowflake's revenue for the six months ended June 30, 2024 was $1.70 billion.",
            "June 30, 2024",
            "$1.70 billion",
            "2024-07-31",
        ),
    ],
)
def test_a_quarter_or_half_dated_by_the_calendar_blames_the_date_not_the_amount(sec, claim, date, amount, real_end):
    """Snowflake (CIK 1640147) us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax: its quarters end at the
    end of April, July, October and January, so no quarter or half-year of it ends on a calendar quarter's end."""
    r = verify_answer(claim, company="SNOW")
    d = figure(r, date)
    assert d.status == "ungrounded" and real_end in d.reason
    f = figure(r, amount)
    assert f.status == "unchecked" and "the date is what is wrong" in f.reason and real_end in f.reason
    assert r.verdict == "ungrounded"


def test_a_list_whose_measure_follows_it_gives_every_figure_that_measure(sec):
    """Apple us-gaap:ResearchAndDevelopmentExpense FY2025 34,550,000,000 (0000320193-25-000079), FY2024
    31,370,000,000 (0000320193-24-000123), FY2023 29,915,000,000 (0000320193-23-000106)."""
    r = verify_answer(
        "Apple spent $34.6 billion, $31.4 billion and $29.9 billion on research and development in fiscal 2025, "
        "2024 and 2023, respectively.",
        company="AAPL",
    )
    assert r.verdict == "grounded"
    assert figure(r, "$34.6 billion").support.matched_tag == "us-gaap:ResearchAndDevelopmentExpense"


def test_a_per_share_measure_carries_to_the_figure_it_is_compared_with(sec):
    """Apple us-gaap:EarningsPerShareDiluted FY2025 7.46 (0000320193-25-000079), FY2024 6.08 (0000320193-24-000123);
    basic FY2024 6.11."""
    r = verify_answer(
        "Apple earned $7.46 per diluted share in fiscal 2025, versus $6.08 in fiscal 2024.", company="AAPL"
    )
    assert r.verdict == "grounded" and figure(r, "$6.08").support.matched_tag == "us-gaap:EarningsPerShareDiluted"
    r = verify_answer(
        "Apple earned $7.46 per diluted share in fiscal 2025, versus $6.11 in fiscal 2024.", company="AAPL"
    )
    assert figure(r, "$6.11").status != "grounded"


def test_the_companys_own_name_is_not_a_name_of_the_figure(sec):
    """Logistic Properties of the Americas (LPA, CIK 1997711) ifrs-full:InvestmentProperty at 2024-12-31:
    554,518,864 (20-F 0001997711-25-000030)."""
    f = checked_figure(
        "Logistic Properties of the Americas carried investment property of $554.5 million as of December 31, 2024.",
        "$554.5 million",
        "grounded",
        company="LPA",
    )
    assert f.support.matched_tag == "ifrs-full:InvestmentProperty"
    r = verify_answer(
        "Logistic Properties of the Americas carried investment property of $504.5 million as of December 31, 2024.",
        company="LPA",
    )
    assert figure(r, "$504.5 million").status == "ungrounded"


def test_gross_margin_dollars_are_gross_profit_not_the_margin(sec):
    """Apple us-gaap:GrossProfit FY2025 195,201,000,000 (10-K 0000320193-25-000079), FY2024 180,683,000,000 (10-K
    0000320193-24-000123); the catalogue's gross_profit has the alias "gross margin dollars"."""
    r = checked_answer(
        "Apple's gross margin dollars kept rising in fiscal 2025 ($195.2 billion, versus $180.7 billion in fiscal "
        "2024).",
        "grounded",
        company="AAPL",
    )
    assert {figure(r, t).support.matched_tag for t in ("$195.2 billion", "$180.7 billion")} == {"us-gaap:GrossProfit"}
    r = verify_answer("Apple's gross margin dollars were $180.7 billion in fiscal 2025.", company="AAPL")
    assert figure(r, "$180.7 billion").status == "mismatched_period"


def test_a_reason_names_the_end_of_the_six_months_the_sentence_claims(sec):
    """TSMC (CIK 1046179) ifrs-full:Revenue for the six months to 2020-06-30 621,295,500,000 and to 2021-06-30
    734,555,400,000 (6-K 0001193125-21-301021): the reason says which six months the figure is not for."""
    checked_figure(
        "TSMC's revenue for the six months ended June 30, 2021 was NT$621.3 billion.",
        "NT$621.3 billion",
        "mismatched_period",
        "not for the six months ended 2021-06-30",
        company="TSM",
    )


def test_the_month_and_year_of_a_split_in_parentheses_are_no_period_of_the_figure(sec):
    # Apple us-gaap:EarningsPerShareDiluted Q1 FY2020 (2019-09-29..2019-12-28) 1.25, as recast after the August 2020
    # four-for-one split in the FY2020 10-K 0000320193-20-000096
    f = checked_figure(
        "On a split-adjusted basis (four-for-one, August 2020), Apple earned $1.25 per diluted share in the first "
        "quarter of fiscal 2020.",
        "$1.25",
        "grounded",
        company="AAPL",
    )
    assert str(f.support.end) == "2019-12-28"


# Tesla us-gaap:CashAndCashEquivalentsAtCarryingValue at 2022-09-30: 19,532,000,000 in the 10-Q
# 0000950170-22-019867; at 2021-12-31: 17,576,000,000
@pytest.mark.parametrize(
    "claim",
    [
        "Tesla, Inc. ended September 2022 with $19.5 billion in cash and cash equivalents.",
        "At the end of September 2022, Tesla held $19.5 billion in cash and cash equivalents.",
    ],
)
def test_a_balance_at_the_end_of_a_month_is_the_balance_of_the_period_ending_in_it(sec, claim):
    f = checked_figure(claim, "$19.5 billion", "grounded", company="TSLA")
    assert str(f.support.end) == "2022-09-30"
    assert f.support.accession_number == "0000950170-22-019867"
    r = verify_answer(claim.replace("$19.5 billion", "$17.6 billion"), company="TSLA")
    assert figure(r, "$17.6 billion").status in ("mismatched_period", "ungrounded") and r.verdict == "ungrounded"


# Apple us-gaap:NetIncomeLoss for the quarter ended 2025-06-28 (Q3 FY2025): 23,434,000,000 in 0000320193-25-000073;
# for the quarter ended 2024-06-29: 21,448,000,000
def test_a_quarter_named_by_its_month_alone_is_the_latest_quarter_ending_in_that_month(sec):
    f = checked_figure(
        "Apple's June-quarter profit, $23.4 billion, was a touch below the March quarter's.",
        "$23.4 billion",
        "grounded",
        company="AAPL",
    )
    assert str(f.support.end) == "2025-06-28" and f.support.accession_number == "0000320193-25-000073"
    r = verify_answer(
        "Apple's June-quarter profit, $21.4 billion, was a touch below the March quarter's.", company="AAPL"
    )
    assert figure(r, "$21.4 billion").status == "mismatched_period" and r.verdict == "ungrounded"

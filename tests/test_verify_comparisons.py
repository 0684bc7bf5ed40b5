"""A figure compared with another in its sentence: the base of "up from", "versus", "compared with", "its fiscal
2024 level of" and "nearly double the" measures what the figure before it measures, in the period its own words
name; a multiple is of the base the sentence names; a cue said of one figure is not said of the next.

The classes come from the second held-apart part of evals/verify_claims_held_apart_2.yaml after it was scored
and opened (evals/README.md). Expected values are read from the corpus companyfacts and named by accession.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    return module_sec


def statuses(answer: str, company: str | None) -> tuple[str, dict[str, str]]:
    r = verify_answer(answer, company=company)
    return r.verdict, {f.text: f.status for f in r.figures}


@pytest.mark.parametrize(
    "company,answer",
    [
        # PaymentsForRepurchaseOfCommonStock 40,086M FY2026 (0001045810-26-000021), 33,706M FY2025
        # (0001045810-25-000023); the company named only as "NVIDIA Corporation" (its filings say "NVIDIA CORP")
        (
            None,
            "NVIDIA Corporation repurchased $40.1 billion of its common stock in fiscal 2026, up from $33.7 "
            "billion a year earlier.",
        ),
        # CommonStockDividendsPerShareDeclared 1.02 FY2025 (0000320193-25-000079), 0.98 FY2024
        # (0000320193-24-000123)
        ("AAPL", "Apple declared dividends of $1.02 per share in fiscal 2025, up from $0.98 in fiscal 2024."),
        # InventoryNet 25,797M at 2026-04-26 (0001045810-26-000052), 21,403M at 2026-01-25 (0001045810-26-000021)
        (
            "NVDA",
            "NVIDIA's inventories reached $25.8 billion as of April 26, 2026, up from $21.4 billion at January 25, "
            "2026.",
        ),
        # ifrs-full:Borrowings 267,216,692 at 2024-12-31 (0001997711-25-000030), 271,344,270 at 2023-12-31
        # (0001493152-24-016772)
        (
            "LPA",
            "LPA's leverage eased slightly (borrowings of $267.2 million at December 31, 2024 versus $271.3 "
            "million a year earlier).",
        ),
        # NetCashProvidedByUsedInOperatingActivities 81,754M 9M FY2025 (0000320193-25-000073), 91,443M 9M FY2024
        # (0000320193-24-000081): "cash from operating activities" is operating cash flow, not cash
        (
            "AAPL",
            "In the nine months ended June 28, 2025, Apple generated $81.8 billion of cash from operating "
            "activities, compared with $91.4 billion in the same period a year earlier.",
        ),
        # WeightedAverageNumberOfDilutedSharesOutstanding 15,004,697,000 FY2025 (0000320193-25-000079),
        # 15,408,095,000 FY2024 (0000320193-24-000123): the base of a share count is a share count
        (
            "AAPL",
            "Apple's weighted-average diluted share count was about 15.00 billion in fiscal 2025, down from "
            "15.41 billion in fiscal 2024.",
        ),
        # Revenues 21,454M Q3 2022 (0000950170-22-019867), 16,934M Q2 2022 (0000950170-22-012936): the base's own
        # words name its quarter, so it is not the year before's
        ("TSLA", "Tesla's third-quarter 2022 revenue was $21.5 billion, up from $16.9 billion in the second quarter."),
        # ifrs-full:CostOfSales 628,108.4M FY2020 in the 20-F 0001193125-21-118512, 628,124.7M as presented in
        # 0001193125-22-104891
        (
            "TSM",
            "TSMC's 2020 cost of revenue was NT$628.11 billion in its 2020 annual report on Form 20-F and "
            "NT$628.12 billion as later presented.",
        ),
        # PaymentsOfDividends 15,025M and PaymentsForRepurchaseOfCommonStock 77,550M, FY2023 (0000320193-23-000106):
        # "in dividends" is the first figure's; "buying back its own stock" names the second
        (
            "AAPL",
            "In 2023, Apple paid $15.0 billion in dividends and spent $77.55 billion buying back its own stock.",
        ),
        # WeightedAverageNumberOfDilutedSharesOutstanding 15,004,697,000 FY2025 (0000320193-25-000079) and
        # 15,408,095,000 FY2024 (0000320193-24-000123): a share count that "fell to", checked against the year before
        (
            "AAPL",
            "Apple's diluted weighted-average share count fell to 15.00 billion in fiscal 2025 (versus 15.41 billion "
            "in fiscal 2024), reflecting ongoing buybacks.",
        ),
        # SellingGeneralAndAdministrativeExpense 4,579M FY2026 (0001045810-26-000021): "sales, general and
        # administrative" is SG&A, never "sales"
        (None, "NVIDIA's sales, general and administrative expenses totaled $4.58 billion in fiscal 2026."),
        # EarningsPerShareDiluted -3.86 FY2025 (0001640147-25-000052), -2.55 FY2024 (0001640147-24-000101): the
        # base of a loss per share is a loss too
        (
            "SNOW",
            "Snowflake's diluted net loss per share was $3.86 for fiscal 2025, compared with $2.55 for fiscal 2024.",
        ),
        # ifrs-full:InvestmentProperty 554,518,864 at 2024-12-31 (0001997711-25-000030), 514,172,281 at 2023-12-31
        # (0001493152-24-016772): "a year earlier" than a balance date is the fiscal year before
        (
            "LPA",
            "LPA's investment property was valued at $554.5 million as of December 31, 2024, up from $514.2 "
            "million a year earlier.",
        ),
    ],
)
def test_the_base_of_a_comparison_measures_what_the_figure_before_it_measures(sec, company, answer):
    verdict, rows = statuses(answer, company)
    assert verdict == "grounded", rows


def test_a_base_in_the_wrong_year_is_still_wrong(sec):
    # FY2023's diluted count was 15,812,547,000 (0000320193-23-000106), not 15.41 billion
    verdict, rows = statuses(
        "Apple's weighted-average diluted share count was about 15.00 billion in fiscal 2025, down from 15.41 "
        "billion in fiscal 2023.",
        "AAPL",
    )
    assert verdict == "ungrounded" and rows["15.41 billion"] == "ungrounded"
    verdict, rows = statuses(
        "Tesla's third-quarter 2022 revenue was $21.5 billion, up from $16.9 billion in the first quarter.", "TSLA"
    )
    assert rows["$16.9 billion"] == "mismatched_period"


@pytest.mark.parametrize(
    "company,answer,verdict,blamed",
    [
        # NetCashProvidedByUsedInOperatingActivities 11,497M FY2021 (0000950170-22-000796), 5,943M FY2020
        # (0001564590-21-004599): 1.93 times
        (
            "TSLA",
            "Tesla, Inc. generated $11.5 billion of operating cash flow in 2021, nearly double the $5.9 billion "
            "of 2020.",
            "grounded",
            None,
        ),
        (
            "TSLA",
            "Tesla, Inc. generated $11.5 billion of operating cash flow in 2021, about triple the $5.9 billion "
            "of 2020.",
            "ungrounded",
            "$11.5 billion",
        ),
        # PaymentsToAcquirePropertyPlantAndEquipment 6,482M FY2021 (0000950170-22-000796), 3,157M FY2020
        # (0001564590-21-004599): 2.05 times
        (
            "TSLA",
            "Tesla stepped up capital spending (purchases of property and equipment of $6.5 billion in 2021, "
            "about double 2020's $3.2 billion).",
            "grounded",
            None,
        ),
        # GrossProfit 153,463M FY2026 (0001045810-26-000021), 44,301M FY2024 (0001045810-24-000029): 3.46 times
        (
            "NVDA",
            "NVIDIA's fiscal 2026 gross profit, $153.5 billion, was more than three times its fiscal 2024 level "
            "of $44.3 billion.",
            "grounded",
            None,
        ),
        (
            "NVDA",
            "NVIDIA's fiscal 2026 gross profit, $153.5 billion, was more than four times its fiscal 2024 level "
            "of $44.3 billion.",
            "ungrounded",
            "$153.5 billion",
        ),
    ],
)
def test_a_multiple_of_a_named_base_is_the_ratio_of_the_two_figures(sec, company, answer, verdict, blamed):
    got, rows = statuses(answer, company)
    assert got == verdict, rows
    wrong = [text for text, status in rows.items() if status == "ungrounded"]
    assert wrong == ([blamed] if blamed else [])


def test_a_wrong_direction_is_not_blamed_on_the_base_when_the_figure_itself_is_wrong(sec):
    # $40.1 million is not NVIDIA's FY2026 buyback (40,086M, 0001045810-26-000021); the base 33,706M
    # (0001045810-25-000023) is right
    _verdict, rows = statuses(
        "NVIDIA Corporation repurchased $40.1 million of its common stock in fiscal 2026, up from $33.7 billion a "
        "year earlier.",
        None,
    )
    assert rows["$40.1 million"] == "ungrounded" and rows["$33.7 billion"] == "grounded"


def test_a_quarter_ended_on_the_fiscal_years_last_day_is_the_fourth_quarter(sec):
    # NetIncomeLoss FY2026 120,067M (0001045810-26-000021) less 9M 77,107M (0001045810-25-000230) = 42,960M
    r = verify_answer(
        "NVIDIA's net income for the quarter ended January 25, 2026 was roughly $43.0 billion, computed as the "
        "full year less the first nine months.",
        company="NVDA",
    )
    row = next(f for f in r.figures if f.text == "$43.0 billion")
    assert row.status == "derived"
    assert [i.accession_number for i in row.inputs] == ["0001045810-26-000021", "0001045810-25-000230"]


@pytest.mark.parametrize(
    "company,answer",
    [
        # NetIncomeLoss 8,869M and Revenues 57,144M for 9M 2022 (0000950170-22-019867): "earned" is net income,
        # and "on revenue of" names the second figure only
        ("TSLA", "In the nine months ended September 30, 2022, Tesla earned $8.9 billion on revenue of $57.1 billion."),
        # OtherLiabilitiesCurrent 294M in the 10-K 0000950170-22-000796, 310M in the 10-Q 0000950170-22-006034:
        # "other current liabilities" is a line item of its own, and "its 2022 10-Qs" names filings, not a year
        (
            "TSLA",
            "Tesla's other current liabilities at December 31, 2021 were $294 million in the 2021 10-K and $310 "
            "million as recast in its 2022 10-Qs.",
        ),
        # DeferredTaxAssetsGross 671,452,000 first reported (0001640147-21-000073), 675,207,000 in the next 10-K
        # (0001640147-22-000023): "as first reported" is said of the first figure only
        (
            "SNOW",
            "Snowflake's gross deferred tax assets at January 31, 2021 were $671.5 million as first reported and "
            "$675.2 million in the following year's 10-K.",
        ),
        # ifrs-full:ResearchAndDevelopmentExpense 182,370.2M FY2023 (0001193125-24-099840)
        ("TSM", "TSMC spent NT$182.4 billion on research and development in 2023."),
        # ifrs-full:RentalIncome 38,808,593 FY2024 (0001997711-25-000030) and 35,133,364 FY2023
        # (0001493152-24-016772): up 10.46%, a growth rate of a tag the words name
        ("LPA", "LPA's rental income rose 10% to $38.8 million in 2024."),
    ],
)
def test_what_the_words_next_to_a_figure_name(sec, company, answer):
    verdict, rows = statuses(answer, company)
    assert verdict == "grounded", rows


def test_a_wrong_growth_rate_of_a_named_tag_is_contradicted(sec):
    # RentalIncome grew 10.46% in FY2024 (0001997711-25-000030 over 0001493152-24-016772)
    verdict, rows = statuses("LPA's rental income rose 25% to $38.8 million in 2024.", "LPA")
    assert verdict == "ungrounded" and rows["25%"] == "ungrounded"


def test_spent_on_names_the_expense_but_earned_on_does_not_name_revenue(sec):
    # "earned $57.1 billion on revenue": the 9M 2022 net income is 8,869M (0000950170-22-019867), so $57.1
    # billion (the revenue) is not what "earned" names
    verdict, rows = statuses(
        "In the nine months ended September 30, 2022, Tesla earned $57.1 billion on revenue.", "TSLA"
    )
    assert rows["$57.1 billion"] != "grounded"


def test_a_base_a_year_earlier_than_a_balance_date_is_held_to_that_year(sec):
    # swapped: 514,172,281 is 2023-12-31's (0001493152-24-016772), 554,518,864 2024-12-31's (0001997711-25-000030)
    _verdict, rows = statuses(
        "LPA's investment property was valued at $514.2 million as of December 31, 2024, up from $554.5 million "
        "a year earlier.",
        "LPA",
    )
    assert rows["$514.2 million"] == "ungrounded" and rows["$554.5 million"] == "ungrounded"


def test_the_growth_of_a_balance_is_year_end_against_the_year_end_before(sec):
    # Snowflake us-gaap:CashAndCashEquivalentsAtCarryingValue 2,628,798,000 at 2025-01-31 (0001640147-25-000052),
    # 1,762,749,000 at 2024-01-31 (0001640147-24-000101), 939,902,000 at 2023-01-31: +49.1% in fiscal 2025,
    # +87.5% in fiscal 2024
    said = (
        "Snowflake's cash and cash equivalents increased {} during fiscal 2025, to $2.63 billion at January 31, 2025."
    )
    r = checked_answer(said.format("49.1%"), "grounded", company="SNOW")
    assert figure(r, "49.1%").status == "derived"
    assert verify_answer(said.format("87.5%"), company="SNOW").verdict != "grounded"


def test_a_growth_rate_is_of_the_tag_whose_value_it_rose_to(sec):
    # Snowflake us-gaap:ShareBasedCompensation and us-gaap:AllocatedShareBasedCompensationExpense, both
    # 1,479,314,000 for FY2025 (0001640147-25-000052) and 1,168,015,000 for FY2024 (0001640147-24-000101): +26.7%;
    # the words "stock-based compensation" name a dozen share-based compensation tags
    said = "Snowflake's stock-based compensation rose {} to $1.48 billion in fiscal 2025."
    r = checked_answer(said.format("26.7%"), "grounded", company="SNOW")
    assert figure(r, "26.7%").status == "derived"
    assert verify_answer(said.format("36.7%"), company="SNOW").verdict != "grounded"


# --- "N% more (less) than the prior year": a growth rate and its direction -----------------------------------------
# Snowflake (CIK 1640147) us-gaap:ResearchAndDevelopmentExpense in the FY2025 10-K 0001640147-25-000052: FY2024
# (2023-02-01..2024-01-31) 1,287,949,000, FY2023 788,058,000: up 63.43%. NVIDIA us-gaap:Revenues FY2025
# 130,497,000,000 (0001045810-25-000023), FY2024 60,922,000,000: up 114.2%.


@pytest.mark.parametrize(
    ("answer", "company", "text"),
    [
        pytest.param(
            "In fiscal 2024 Snowflake's research and development expense was $1.29 billion, 63.4% more than the "
            "preceding year.",
            "SNOW",
            "63.4%",
            id="more than the preceding year",
        ),
        pytest.param(
            "NVIDIA's fiscal 2025 revenue of $130.5 billion was 114% more than the prior year.",
            "NVDA",
            "114%",
            id="more than the prior year",
        ),
    ],
)
def test_a_rate_more_than_the_prior_year_is_the_growth_from_it(sec, answer, company, text):
    r = checked_answer(answer, "grounded", company=company)
    assert figure(r, text).status == "derived"


def test_a_rate_less_than_the_prior_year_is_a_decline_and_contradicted_by_growth(sec):
    r = verify_answer(
        "In fiscal 2024 Snowflake's research and development expense was $1.29 billion, 63.4% less than the "
        "preceding year.",
        company="SNOW",
    )
    assert r.verdict == "ungrounded"
    f = figure(r, "63.4%")
    assert f.status == "ungrounded" and "direction disagrees" in f.reason

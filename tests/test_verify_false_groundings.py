"""A false claim is never grounded: the date, the value and the passage that grounds a figure must be about it.

Figures, from data.sec.gov/api/xbrl/companyfacts and the cited filings in ../shared/sec-corpus:
- Apple (CIK 320193): the quarter 2024-12-29 to 2025-03-29 (10-Q 0000320193-25-000057) ended on a Saturday;
  dei:EntityPublicFloat is dated 2025-03-28, an instant. us-gaap:NetCashProvidedByUsedInOperatingActivities for
  FY2016 (2015-09-27 to 2016-09-24): 65,824,000,000 in the 10-K 0000320193-17-000070, restated to 66,231,000,000
  in the 10-K 0000320193-18-000145; the 10-K 0001628280-16-020309 tagged the same 65,824,000,000 as
  us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations and no later filing tags that one.
- Tesla (CIK 1318605): FY2021 ended 2021-12-31 (10-K 0000950170-22-000796); us-gaap:CommonStockSharesIssued
  is dated 2021-12-30 in it, an instant.
- Netflix (CIK 1065280) 10-K 0001065280-25-000044, Human Capital: "approximately 14,000 full-time employees. Of
  these, approximately 9,600 (69%) were located in the United States and Canada, 2,200 (16%) in Europe, Middle
  East, and Africa, ...".
"""

from __future__ import annotations

import pytest
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer

NFLX_FY2024_10K = "0001065280-25-000044"


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


# --- a date a figure's period "ended" on is the end of a period, not an instant of another fact ----------


@pytest.mark.parametrize(
    "claim,company,date_text,nearest",
    [
        (
            "For the three months ended March 28, 2025, Apple's net income was $24.8 billion.",
            "AAPL",
            "March 28, 2025",
            "2025-03-29",
        ),
        (
            "Tesla's total revenues for the year ended December 30, 2021 were $53.8 billion.",
            "TSLA",
            "December 30, 2021",
            "2021-12-31",
        ),
    ],
)
def test_a_period_ended_on_a_day_only_an_instant_is_dated_is_not_grounded(sec, claim, company, date_text, nearest):
    r = verify_answer(claim, company=company)
    f = figure(r, date_text)
    assert f.status == "ungrounded" and nearest in f.reason
    assert r.verdict != "grounded"


def test_a_balance_as_of_an_instants_day_is_still_grounded_by_it(sec):
    r = verify_answer(
        "As of December 30, 2021, Tesla had 1.03 billion shares of common stock outstanding.", company="TSLA"
    )
    assert figure(r, "December 30, 2021").status == "grounded"


# --- a restated value's original is superseded, whichever tag carries it --------------------------------


def test_an_original_value_tagged_under_a_sibling_tag_is_superseded_by_the_restatement(sec):
    r = verify_answer("Apple's fiscal 2016 operating cash flow was $65.8 billion.", company="AAPL")
    f = figure(r, "$65.8 billion")
    assert f.status == "superseded" and "66,231,000,000" in f.reason
    assert r.verdict != "grounded"


def test_the_restated_value_of_the_same_period_is_grounded(sec):
    f = checked_figure(
        "Apple's fiscal 2016 operating cash flow was $66.2 billion.", "$66.2 billion", "grounded", company="AAPL"
    )
    assert f.support.accession_number == "0000320193-18-000145"


# --- a share in parentheses belongs to its own list item, not the item before it -------------------------


def test_a_passages_share_of_another_list_item_does_not_ground_the_figure(sec):
    r = verify_answer(
        "At the end of 2024 Netflix employed about 14,000 people full time, roughly 16% of them in the United States"
        " and Canada.",
        company="NFLX",
        cite=[f"{NFLX_FY2024_10K}:nflx-20241231.htm"],
    )
    assert figure(r, "16%").status != "grounded"
    assert r.verdict != "grounded"


def test_a_passages_share_of_the_same_list_item_grounds_the_figure(sec):
    f = checked_figure(
        "At the end of 2024 Netflix employed about 14,000 people full time, roughly 69% of them in the United States"
        " and Canada.",
        "69%",
        "grounded",
        company="NFLX",
        cite=[f"{NFLX_FY2024_10K}:nflx-20241231.htm"],
    )
    assert f.support.accession_number == NFLX_FY2024_10K


# --- a quarter's end and a list of month-named quarters are read as quarters, not the year ----------------
# Apple (CIK 320193) us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax, fiscal 2025: Q1 (to 2024-12-28)
# 124,300,000,000, Q2 (to 2025-03-29) 95,359,000,000 in 0000320193-25-000057, Q3 (to 2025-06-28) 94,036,000,000;
# Q2 FY2024 (to 2024-03-30) 90,753,000,000 in 0000320193-24-000069.


def test_a_list_of_month_named_quarters_pairs_each_figure_with_its_quarter(sec):
    r = verify_answer(
        "Apple's net sales in fiscal 2025 were $124.3 billion, $95.4 billion and $94.0 billion in the December,"
        " March and June quarters.",
        company="AAPL",
    )
    assert [(f.text, f.status) for f in r.figures if f.kind == "money"] == [
        ("$124.3 billion", "grounded"),
        ("$95.4 billion", "grounded"),
        ("$94.0 billion", "grounded"),
    ]
    assert figure(r, "$95.4 billion").support.accession_number == "0000320193-25-000057"
    assert r.verdict == "grounded"


def test_a_figure_of_another_year_in_a_list_of_month_named_quarters_is_the_one_blamed(sec):
    r = verify_answer(
        "Apple's net sales in fiscal 2025 were $124.3 billion, $90.8 billion and $94.0 billion in the December,"
        " March and June quarters.",
        company="AAPL",
    )
    assert figure(r, "$90.8 billion").status == "mismatched_period"
    assert figure(r, "$124.3 billion").status == figure(r, "$94.0 billion").status == "grounded"
    assert r.verdict == "ungrounded"


def test_a_list_of_month_named_quarters_as_long_as_no_list_of_figures_leaves_them_unchecked(sec):
    r = verify_answer(
        "Apple's net sales in fiscal 2025 were $124.3 billion and $95.4 billion in the December, March and June"
        " quarters.",
        company="AAPL",
    )
    assert {figure(r, t).status for t in ("$124.3 billion", "$95.4 billion")} == {"unchecked"}


def test_the_end_of_a_quarter_named_beside_its_fiscal_year_is_checked_as_the_quarters_end(sec):
    checked_figure(
        "In the June quarter of fiscal 2025 (the three months ended June 28, 2025), Apple's net sales were"
        " $94.0 billion.",
        "June 28, 2025",
        "grounded",
        company="AAPL",
        verdict="grounded",
    )


def test_a_year_said_to_end_on_a_quarters_last_day_is_not_grounded(sec):
    checked_figure(
        "Apple's net sales for the year ended June 28, 2025 were $94.0 billion.",
        "June 28, 2025",
        "ungrounded",
        "2025-09-27",
        company="AAPL",
    )


# --- what a figure is: a share count with its period between the words and the verb; an amount in parentheses -
# Apple us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding, Q1 FY2020 (2019-09-29 to 2019-12-28):
# 4,454,604,000 in 0000320193-20-000010, restated for the 2020 4-for-1 split to 17,818,417,000 in
# 0000320193-21-000010. NVIDIA (CIK 1045810) us-gaap:Revenues FY2024 60,922,000,000 in 0001045810-24-000029.


def test_a_share_count_with_its_quarter_before_the_verb_is_a_share_count(sec):
    f = checked_figure(
        "Apple's diluted share count for the three months ended December 28, 2019 came to 17.82 billion.",
        "17.82 billion",
        "grounded",
        company="AAPL",
    )
    assert f.support.accession_number == "0000320193-21-000010"


def test_an_amount_in_parentheses_after_its_noun_is_an_aside_not_a_negative(sec):
    f = checked_figure(
        "NVIDIA's fiscal 2024 revenue ($60.9 billion) more than doubled.", "$60.9 billion", "grounded", company="NVDA"
    )
    assert f.support.accession_number == "0001045810-24-000029"


def test_an_amount_in_parentheses_after_a_verb_is_still_a_negative():
    from edgar_cli.verification.claims import extract_figures

    (fig,) = [f for f in extract_figures("Its net loss was ($862 million) in 2019.") if f.kind == "money"]
    assert fig.negative and fig.text.startswith("(")


# --- trailing twelve months: the four quarters ending then, added up and named ----------------------------
# NVIDIA us-gaap:Revenues: Q3 FY2025 (2024-07-29 to 2024-10-27) 35,082,000,000 in 0001045810-24-000316; Q4 FY2025
# (FY2025 130,497,000,000 in 0001045810-25-000023 less its nine months); Q1 FY2026 44,062,000,000; Q2 FY2026
# (2025-04-28 to 2025-07-27) 46,743,000,000 in 0001045810-25-000209: 165,218,000,000 in all.


def test_trailing_twelve_months_through_a_quarter_are_derived_from_its_four_quarters(sec):
    f = checked_figure(
        "NVIDIA's trailing-twelve-month revenue through the quarter ended July 27, 2025 was $165.2 billion.",
        "$165.2 billion",
        "derived",
        "165,218,000,000",
        company="NVDA",
        verdict="grounded",
    )
    assert len(f.inputs) == 4 and f.inputs[-1].accession_number == "0001045810-25-000209"


def test_trailing_twelve_months_that_are_not_the_four_quarters_sum_are_never_grounded(sec):
    r = verify_answer(
        "NVIDIA's trailing-twelve-month revenue through the quarter ended July 27, 2025 was $187.1 billion.",
        company="NVDA",
    )
    f = figure(r, "$187.1 billion")
    assert f.status == "unchecked" and "165,218,000,000" in f.reason
    assert r.verdict != "grounded"


# --- a threshold crossed: the amount is a bound on the measure its words name, for the sentence's quarter ----
# Snowflake (CIK 1640147) us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax Q1 FY2026 (2025-02-01 to
# 2025-04-30) 1,042,074,000 in the 10-Q 0001640147-25-000110.


@pytest.mark.parametrize("verb", ["passed", "crossed", "topped"])
def test_a_threshold_the_quarters_revenue_crossed_is_grounded_by_that_quarter(sec, verb):
    f = checked_figure(
        f"Snowflake {verb} $1 billion in quarterly revenue, with $1.04 billion for the three months ended April 30,"
        " 2025.",
        "$1 billion",
        "grounded",
        company="SNOW",
        verdict="grounded",
    )
    assert f.support.accession_number == "0001640147-25-000110"


def test_a_threshold_the_quarters_revenue_did_not_cross_is_ungrounded(sec):
    r = verify_answer(
        "Snowflake passed $1.1 billion in quarterly revenue, with $1.04 billion for the three months ended April 30,"
        " 2025.",
        company="SNOW",
    )
    assert figure(r, "$1.1 billion").status == "ungrounded" and r.verdict != "grounded"


# --- a comparison's base after "past", "above", "below": it carries the sentence's measure -------------------
# Apple revenue Q3 FY2024 (2024-03-31 to 2024-06-29) 85,777,000,000 and Q3 FY2025 94,036,000,000; TSMC (CIK
# 1046179) ifrs-full:Revenue 2024 2,894,307,700,000 TWD (20-F 0001193125-25-083423), 2023 2,161,735,800,000 TWD
# (20-F 0001193125-24-099840).


def test_the_prior_years_amount_a_quarter_moved_past_is_the_same_measure_a_year_earlier(sec):
    r = verify_answer(
        "Apple's June-quarter net sales ($94.0 billion in the three months ended June 28, 2025) moved past the prior"
        " year's $85.8 billion.",
        company="AAPL",
    )
    assert figure(r, "$85.8 billion").status == "grounded" and r.verdict == "grounded"


@pytest.mark.parametrize("base,status", [("NT$2,161.7 billion", "grounded"), ("NT$2,261.7 billion", "ungrounded")])
def test_a_years_amount_named_after_above_is_that_years_value_of_the_measure(sec, base, status):
    f = checked_figure(
        f"TSMC's 2024 revenue of NT$2,894.3 billion was well above 2023's {base}.", base, status, company="TSM"
    )
    if status == "grounded":
        assert f.support.accession_number == "0001193125-24-099840"


# --- another company's amount as the base: "ahead of NVIDIA's $215.9 billion" is NVIDIA's value of the measure -
# Apple revenue FY2025 416,161,000,000 (10-K 0000320193-25-000079); NVIDIA us-gaap:Revenues FY2026 (2025-01-27 to
# 2026-01-25) 215,938,000,000 (10-K 0001045810-26-000021), FY2025 130,497,000,000.


@pytest.mark.parametrize("base,status", [("$215.9 billion", "grounded"), ("$130.5 billion", "mismatched_period")])
def test_a_base_named_by_another_companys_possessive_is_that_companys_value_of_the_measure(sec, base, status):
    r = verify_answer(
        f"Apple's fiscal 2025 revenue ($416.2 billion) stayed ahead of NVIDIA's {base} (fiscal 2026).", company=None
    )
    f = figure(r, base)
    assert f.status == status
    if status == "grounded":
        assert f.support.accession_number == "0001045810-26-000021" and r.verdict == "grounded"


# --- a sibling tag of the concept the words name never grounds a figure the concept's own tag contradicts -----
# Snowflake (CIK 1640147) 10-K 0001640147-25-000052, as of 2025-01-31: us-gaap:CashAndCashEquivalentsAtCarryingValue
# 2,628,798,000; us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents 2,698,678,000 (with restricted
# cash).
SNOW_FY2025_10K = "0001640147-25-000052"


def test_cash_with_restricted_cash_does_not_ground_cash_and_cash_equivalents(sec):
    f = checked_figure(
        "Snowflake ended fiscal 2025 with $2.70 billion in cash and cash equivalents (as of January 31, 2025).",
        "$2.70 billion",
        "ungrounded",
        "2,628,798,000",
        "us-gaap:CashAndCashEquivalentsAtCarryingValue",
        "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents = 2,698,678,000",
        SNOW_FY2025_10K,
        verdict="ungrounded",
        company="SNOW",
    )
    assert (
        f.support is None
        or f.support.matched_tag != "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"
    )


@pytest.mark.parametrize(
    "claim,tag",
    [
        (
            "Snowflake ended fiscal 2025 with $2.63 billion in cash and cash equivalents (as of January 31, 2025).",
            "us-gaap:CashAndCashEquivalentsAtCarryingValue",
        ),
        (
            "Snowflake ended fiscal 2025 with $2.70 billion in cash, cash equivalents and restricted cash (as of "
            "January 31, 2025).",
            "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
        ),
    ],
)
def test_the_cash_measure_the_words_name_grounds_its_own_value(sec, claim, tag):
    f = checked_figure(claim, claim.split(" in cash")[0].split("with ")[1], "grounded", company="SNOW")
    assert f.support.matched_tag == tag and f.support.accession_number == SNOW_FY2025_10K


# --- a figure's measure is the one its own clause names, not the next clause's ------------------------------
# Salesforce (CIK 1108524) 10-K 0001108524-25-000006 (crm-20250131.htm), as of 2025-01-31:
# us-gaap:RevenueRemainingPerformanceObligation 63,400,000,000; crm:RevenueRemainingPerformanceObligationCurrent
# 30,200,000,000 ("Current remaining performance obligation as of January 31, 2025 was approximately $30.2 billion").
CRM_FY2025_10K = "0001108524-25-000006"
CRM_RPO = "Salesforce's total remaining performance obligation was about {} as of January 31, 2025, and its current RPO about {}."


def test_swapped_total_and_current_rpo_are_each_ungrounded_by_their_own_measure(sec):
    cite = [f"{CRM_FY2025_10K}:crm-20250131.htm"]
    claim = CRM_RPO.format("$30.2 billion", "$63.4 billion")
    r = verify_answer(claim, company="CRM", cite=cite)
    total, current = figure(r, "$30.2 billion"), figure(r, "$63.4 billion")
    assert total.status == "ungrounded" and "us-gaap:RevenueRemainingPerformanceObligation = 63,400,000,000" in (
        total.reason
    ), total.reason
    assert current.status == "ungrounded" and "RevenueRemainingPerformanceObligationCurrent = 30,200,000,000" in (
        current.reason
    ), current.reason
    assert r.verdict != "grounded"


def test_total_and_current_rpo_in_order_are_grounded_by_their_own_measure(sec):
    cite = [f"{CRM_FY2025_10K}:crm-20250131.htm"]
    r = verify_answer(CRM_RPO.format("$63.4 billion", "$30.2 billion"), company="CRM", cite=cite)
    total, current = figure(r, "$63.4 billion"), figure(r, "$30.2 billion")
    assert total.status == "grounded" and total.support.matched_tag == "us-gaap:RevenueRemainingPerformanceObligation"
    assert (
        current.status == "grounded"
        and current.support.matched_tag == "crm:RevenueRemainingPerformanceObligationCurrent"
    )
    assert r.verdict == "grounded"

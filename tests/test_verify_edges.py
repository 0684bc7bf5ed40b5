"""verify_answer at the edges a reviewer found (issue 15 review): figures the filer's own filings do not bear
out, the commonest 10-Q period wording, ranges, neutral change verbs.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- Apple (CIK 320193) us-gaap:CommonStockSharesOutstanding at 2014-03-29: 861,745 in the Q2 FY2014 10-Q
  0001193125-14-157311, beside dei:EntityCommonStockSharesOutstanding 861,381,000 in the same filing (a scale
  error by the filer, flagged by xbrl/suspects.py).
- NVIDIA (CIK 1045810) us-gaap:Revenues for 2017-01-30..2017-07-30 (six months): 4,167,000,000 in the 10-Q
  0001045810-17-000123, 2,230,000,000 (the second quarter's figure) in the FY2018 10-K 0001045810-18-000010,
  4,167,000,000 again later: A, B, A, a suspected tagging error in the 10-K, not a restatement.
- Tesla (CIK 1318605) us-gaap:NetIncomeLoss 2014-04-01..2014-06-30: -61,900,000 (first in the 10-Q
  0001193125-14-303175). NVIDIA us-gaap:Revenues 2024-07-29..2024-10-27: 35,082,000,000 (0001045810-24-000316).
- Apple us-gaap:NetIncomeLoss FY2024 (2023-10-01..2024-09-28) 93,736,000,000 (0000320193-24-000123) against
  FY2023 96,995,000,000: -3.36%.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import ExitStatus


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


APPLE_Q2_FY2014_10Q = "0001193125-14-157311"
NVDA_FY2018_10K = "0001045810-18-000010"


# --- a figure edgar suspects is the filer's error grounds nothing -------------------------------------------


def test_apples_share_count_filed_in_the_wrong_scale_is_not_grounded(sec):
    r = verify_answer("Apple had 861,745 common shares outstanding as of March 29, 2014.", company="AAPL")
    f = figure(r, "861,745")
    assert f.status == "unchecked" and "suspected_error" in f.flags
    assert f.support is not None and f.support.accession_number == APPLE_Q2_FY2014_10Q
    assert any("cover-page count" in w and "861,381,000" in w for w in r.warnings)
    assert r.verdict == "unchecked" and not r.all_grounded and r.exit_status == ExitStatus.UNCONFIRMED


def test_nvidias_six_month_revenue_tagged_with_a_quarters_figure_is_a_suspected_error_not_a_first_report(sec):
    r = verify_answer("NVIDIA's revenue for the six months ended July 30, 2017 was $2.23 billion.", company="NVDA")
    f = figure(r, "$2.23 billion")
    assert f.status == "unchecked" and f.flags == ["suspected_error"]
    assert "superseded_value" not in r.flags and "first reported" not in f.reason
    assert NVDA_FY2018_10K in f.reason and any("tagging error" in w for w in r.warnings)
    assert r.exit_status == ExitStatus.UNCONFIRMED


def test_the_six_month_revenue_the_filings_bear_out_is_still_grounded(sec):
    r = verify_answer("NVIDIA's revenue for the six months ended July 30, 2017 was $4.17 billion.", company="NVDA")
    assert figure(r, "$4.17 billion").status == "grounded" and r.flags == [] and r.exit_status == 0


# --- "the quarter ended <date>", "three months ended <date>": the commonest 10-Q wording --------------------


@pytest.mark.parametrize(
    "text,company,stated",
    [
        ("Tesla's net loss for the three months ended June 30, 2014 was $61.9 million.", "TSLA", "$61.9 million"),
        ("For the quarter ended June 30, 2014, Tesla reported a net loss of $61.9 million.", "TSLA", "$61.9 million"),
        ("NVIDIA's revenue for the quarter ended October 27, 2024 was $35.1 billion.", "NVDA", "$35.1 billion"),
    ],
)
def test_a_quarter_named_by_its_end_date_is_grounded_in_that_quarter(sec, text, company, stated):
    r = verify_answer(text, company=company)
    f = figure(r, stated)
    assert f.status == "grounded" and f.support is not None and f.support.period_type == "quarterly"
    assert r.exit_status == 0


@pytest.mark.parametrize(
    "text,stated",
    [
        ("NVIDIA's revenue for the quarter ended July 28, 2024 was $35.1 billion.", "$35.1 billion"),  # Q3's, not Q2's
        ("NVIDIA's revenue for the quarter ended October 27, 2024 was $130.5 billion.", "$130.5 billion"),  # the year's
        ("NVIDIA's revenue for the year ended October 27, 2024 was $35.1 billion.", "$35.1 billion"),  # a quarter's
    ],
)
def test_a_quarter_named_by_its_end_date_still_rejects_another_periods_figure(sec, text, stated):
    r = verify_answer(text, company="NVDA")
    assert figure(r, stated).status == "mismatched_period" and r.exit_status == ExitStatus.UNGROUNDED


# --- ranges: one figure, grounded when the fact lies in it ----------------------------------------------------


@pytest.mark.parametrize(
    "answer,stated",
    [
        ("Apple's net income in fiscal 2024 was $90-95 billion.", "$90-95 billion"),
        ("Apple's net income in fiscal 2024 was between $90 billion and $95 billion.", "$90 billion and $95 billion"),
        ("Apple's net income fell 3-4% in fiscal 2024.", "3-4%"),
    ],
)
def test_a_range_holding_apples_fiscal_2024_net_income_is_grounded(sec, answer, stated):
    r = verify_answer(answer, company="AAPL")
    f = figure(r, stated)
    assert f.status in ("grounded", "derived") and r.verdict == "grounded" and r.exit_status == 0
    facts = [f.support] if f.support else f.inputs
    assert facts[0].accession_number == "0000320193-24-000123"


@pytest.mark.parametrize(
    "answer,stated",
    [
        ("Apple's net income in fiscal 2024 was $95-99 billion.", "$95-99 billion"),
        ("Apple's net income in fiscal 2024 was between $95 billion and $99 billion.", "$95 billion and $99 billion"),
        ("Apple's net income fell 5-6% in fiscal 2024.", "5-6%"),
    ],
)
def test_a_range_missing_apples_fiscal_2024_net_income_is_ungrounded_never_no_figures(sec, answer, stated):
    r = verify_answer(answer, company="AAPL")
    assert figure(r, stated).status == "ungrounded" and r.verdict == "ungrounded"


def test_a_hyphen_range_is_one_figure_and_bare_number_pairs_are_not_ranges():
    from edgar_cli.verification.claims import extract_figures

    [f] = [f for f in extract_figures("EPS was $1.10-1.20 per share.") if f.kind == "per_share"]
    assert (f.value, f.high, f.bound) == (Decimal("1.10"), Decimal("1.20"), "range")
    assert [f.bound for f in extract_figures("See pages 10-12; revenue was $5 billion.")] == [None]
    assert [f.high for f in extract_figures("Revenue rose from $60.9 billion to $130.5 billion.")] == [None, None]


# --- neutral change verbs and explicit signs -----------------------------------------------------------------


def test_a_change_stated_with_its_minus_sign_is_derived(sec):
    r = verify_answer("Apple's net income changed by -3.4% in fiscal 2024.", company="AAPL")
    f = figure(r, "3.4%")
    assert f.status == "derived" and "net_income FY2024" in f.formula and r.exit_status == 0


@pytest.mark.parametrize(
    "answer",
    ["Apple's net income changed by +3.4% in fiscal 2024.", "Apple's net income changed by -5.4% in fiscal 2024."],
)
def test_a_change_with_the_wrong_sign_or_size_is_ungrounded(sec, answer):
    r = verify_answer(answer, company="AAPL")
    assert r.verdict == "ungrounded" and r.exit_status == ExitStatus.UNGROUNDED


def test_a_change_with_no_direction_holds_by_size_and_says_which_way_it_went(sec):
    f = checked_figure("Apple's net income changed by 3.4% in fiscal 2024.", "3.4%", "derived", company="AAPL")
    assert any("states no direction" in n and "a decrease" in n for n in f.notes)


# --- an undated figure reads as the latest period ------------------------------------------------------------
# NVIDIA us-gaap:Revenues FY2026 (2025-01-27..2026-01-25) 215,938,000,000 in 0001045810-26-000021: +65.47% on
# FY2025's 130,497,000,000; FY2024's growth was +125.85%.


@pytest.mark.parametrize(
    "answer,stated",
    [("NVIDIA's revenue grew 126% year over year.", "126%"), ("NVIDIA's revenue was $60.9 billion.", "$60.9 billion")],
)
def test_an_undated_figure_true_only_of_an_older_year_is_not_grounded(sec, answer, stated):
    r = verify_answer(answer, company="NVDA")
    f = figure(r, stated)
    assert f.status == "unchecked" and ("latest" in f.reason) and "FY2024" in f.reason
    assert r.verdict == "unchecked" and not r.all_grounded and r.exit_status == ExitStatus.UNCONFIRMED


@pytest.mark.parametrize(
    "answer,stated,accession",
    [
        ("NVIDIA's revenue grew 65% year over year.", "65%", "0001045810-26-000021"),
        ("NVIDIA's revenue was $215.9 billion.", "$215.9 billion", "0001045810-26-000021"),
    ],
)
def test_an_undated_figure_of_the_latest_year_is_grounded(sec, answer, stated, accession):
    r = verify_answer(answer, company="NVDA")
    f = figure(r, stated)
    assert f.status in ("grounded", "derived") and r.exit_status == 0
    assert (f.support or f.inputs[0]).accession_number == accession


def test_the_undated_base_of_a_dated_change_is_not_held_to_the_latest_year(sec):
    r = verify_answer("NVIDIA's revenue grew 126% in fiscal 2024, from $27.0 billion to $60.9 billion.", company="NVDA")
    assert r.verdict == "grounded"


# --- diluted is not basic -------------------------------------------------------------------------------------
# NVIDIA FY2025 (0001045810-25-000023): us-gaap:EarningsPerShareDiluted 2.94, us-gaap:EarningsPerShareBasic 2.97.


@pytest.mark.parametrize(
    "answer",
    ["NVIDIA's fiscal 2025 diluted EPS was $2.97.", "NVIDIA's fiscal 2025 earnings were $2.97 per diluted share."],
)
def test_diluted_eps_stated_at_the_basic_figure_is_ungrounded(sec, answer):
    r = verify_answer(answer, company="NVDA")
    f = figure(r, "$2.97")
    assert f.status == "ungrounded" and "2.94" in f.reason and r.exit_status == ExitStatus.UNGROUNDED


def test_diluted_eps_is_grounded_by_the_diluted_tag_and_plain_eps_by_either(sec):
    f = checked_figure("NVIDIA's fiscal 2025 diluted EPS was $2.94.", "$2.94", "grounded", company="NVDA")
    assert f.support.matched_tag == "us-gaap:EarningsPerShareDiluted"
    f = checked_figure("NVIDIA's fiscal 2025 EPS was $2.97.", "$2.97", "grounded", company="NVDA")
    assert f.support.matched_tag == "us-gaap:EarningsPerShareBasic"


# --- per-share values before a reverse split or recapitalisation ------------------------------------------------
# Logistic Properties of the Americas (CIK 1997711) ifrs-full:DilutedEarningsLossPerShare: FY2022 0.048 in the 20-F
# 0001493152-24-016772, 0.28 in the 20-F 0001997711-25-000030 (after its 1-for-6 recapitalisation); FY2021 0.025
# in 0001493152-24-016772 only, never restated.

LPA = "1997711"


@pytest.mark.parametrize(
    "answer,stated",
    [
        ("Logistic Properties of the Americas' diluted EPS for 2022 was $0.048.", "$0.048"),
        ("Logistic Properties of the Americas' diluted EPS for 2021 was $0.025.", "$0.025"),
    ],
)
def test_a_per_share_value_before_a_reverse_split_is_flagged(sec, answer, stated):
    r = verify_answer(answer, company=LPA)
    f = figure(r, stated)
    assert "pre_split_basis" in f.flags and any("reverse split" in w for w in r.warnings)
    assert f.support.accession_number == "0001493152-24-016772"


def test_a_per_share_value_after_the_reverse_split_has_no_split_flag(sec):
    f = checked_figure(
        "Logistic Properties of the Americas' diluted EPS for 2022 was $0.28.", "$0.28", "grounded", company=LPA
    )
    assert f.flags == [] and f.support.accession_number == "0001997711-25-000030"

"""verify_answer on answers written against the corpus' companyfacts and filings.

Every expected figure is in ../shared/sec-corpus and named with the accession
number of the filing it comes from:
- NVIDIA (CIK 1045810) FY2024 (2023-01-30 to 2024-01-28): Revenues 60,922,000,000 and GrossProfit
  44,301,000,000 first in 0001045810-24-000029; diluted EPS 11.93 there, 1.19 after the 10-for-1 split in
  0001045810-25-000023. FY2025 (to 2025-01-26): Revenues 130,497,000,000 in 0001045810-25-000023.
  FY2023: Revenues 26,974,000,000 in 0001045810-23-000017.
- The FY2025 10-K's text (nvda-20250126.htm): "approximately 36,000 employees".
- TSMC (CIK 1046179, IFRS, TWD) 2024 in 0001193125-25-083423: ifrs-full:Revenue 2,894,307,700,000 TWD and
  88,268,000,000 USD; DilutedEarningsLossPerShare 44.67 TWD/shares; GrossProfit 1,624,353,600,000 TWD.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from edgar_cli.capabilities.verify import verify_answer
from edgar_cli.documents.figures import extract_figures
from edgar_cli.errors import EdgarError, ExitStatus

NVDA_FY2024_10K = "0001045810-24-000029"
NVDA_FY2025_10K = "0001045810-25-000023"
TSMC_2024_20F = "0001193125-25-083423"


def figure(result, text):
    hits = [f for f in result.figures if f.text == text]
    assert len(hits) == 1, [(f.text, f.status) for f in result.figures]
    return hits[0]


# --- reading figures out of prose (no SEC data needed) -----------------------------------------


def test_amounts_are_read_at_full_scale_with_the_rounding_the_writer_used():
    figs = {f.text: f for f in extract_figures("Revenue was $60.9 billion, or 60,922 million, and NT$2.89 trillion.")}
    assert figs["$60.9 billion"].value == Decimal("60900000000") and figs["$60.9 billion"].step == Decimal("1E+8")
    assert figs["$60.9 billion"].currency == "USD" and figs["$60.9 billion"].kind == "money"
    assert figs["60,922 million"].value == Decimal("60922000000") and figs["60,922 million"].step == Decimal("1E+6")
    assert figs["NT$2.89 trillion"].currency == "TWD" and figs["NT$2.89 trillion"].value == Decimal("2.89E+12")


def test_per_share_amounts_share_counts_and_percentages_are_told_apart():
    figs = {f.text: f for f in extract_figures(
        "Diluted EPS was USD 1.19. It had 24.5 billion shares outstanding. Gross margin was 72.7%. "
        "Net income was $0.93 per diluted share.")}
    assert figs["USD 1.19"].kind == "per_share" and figs["USD 1.19"].currency == "USD"
    assert figs["24.5 billion"].kind == "shares"
    assert figs["72.7%"].kind == "percent" and figs["72.7%"].step == Decimal("0.1")
    assert figs["$0.93"].kind == "per_share"


def test_accession_numbers_form_names_and_split_ratios_are_not_figures():
    figs = extract_figures("See the 10-K, accession 0001045810-24-000029, Item 7, after the 10-for-1 split.")
    assert [f.kind for f in figs] == []


def test_the_period_next_to_a_figure_wins_and_a_comparison_takes_none():
    figs = {f.text: f for f in extract_figures(
        "Revenue was $60.9 billion in fiscal 2024, up from $27.0 billion a year earlier. "
        "In Q4 FY2024 revenue was $22.1 billion.")}
    assert figs["$60.9 billion"].fiscal_year == 2024
    assert figs["$27.0 billion"].fiscal_year is None
    assert (figs["$22.1 billion"].fiscal_year, figs["$22.1 billion"].fiscal_period) == (2024, "Q4")


def test_a_year_set_earlier_in_the_paragraph_carries_to_later_sentences():
    figs = {f.text: f for f in extract_figures("NVIDIA's fiscal 2025 was strong. Revenue was $130.5 billion.")}
    assert figs["$130.5 billion"].fiscal_year == 2025
    assert figs["$130.5 billion"].period_source == "paragraph"


# --- grounding against XBRL facts ----------------------------------------------------------------


@pytest.mark.parametrize("stated", ["$60.9 billion", "$61 billion", "$60.92 billion", "$60,922 million",
                                    "60,922,000,000"])
def test_nvidia_fy2024_revenue_is_grounded_at_several_roundings(sec, stated):
    r = verify_answer(f"NVIDIA's revenue in fiscal 2024 was {stated}.", company="NVDA")
    f = figure(r, stated)
    assert f.status == "grounded", f.reason
    assert f.claimed_fiscal_year == 2024
    s = f.support
    assert s.matched_tag == "us-gaap:Revenues" and s.value == 60_922_000_000
    assert s.accession_number == NVDA_FY2024_10K and s.form == "10-K" and s.filed == date(2024, 2, 21)
    assert (s.fiscal_year, s.fiscal_period, s.start, s.end) == (2024, "FY", date(2023, 1, 30), date(2024, 1, 28))
    assert r.all_grounded and r.exit_status == 0


def test_a_rounding_that_does_not_hold_is_ungrounded(sec):
    # 60,922,000,000 rounds to 60.9 billion, never to 60.8
    r = verify_answer("NVIDIA's revenue in fiscal 2024 was $60.8 billion.", company="NVDA")
    assert figure(r, "$60.8 billion").status == "ungrounded"


def test_fiscal_2025_revenue_tied_to_fiscal_2024_is_a_mismatched_period(sec):
    r = verify_answer("NVIDIA's revenue was $130.5 billion in fiscal 2024.", company="NVDA")
    f = figure(r, "$130.5 billion")
    assert f.status == "mismatched_period"
    assert f.support.value == 130_497_000_000 and f.support.accession_number == NVDA_FY2025_10K
    assert (f.support.fiscal_year, f.support.end) == (2025, date(2025, 1, 26))
    assert "FY2025" in f.reason and "2025-01-26" in f.reason
    assert not r.all_grounded and r.exit_status == ExitStatus.UNGROUNDED


def test_a_made_up_number_is_ungrounded_even_if_an_unrelated_fact_has_its_digits(sec):
    r = verify_answer("NVIDIA made $12.34 billion of revenue in fiscal 2024.", company="NVDA")
    f = figure(r, "$12.34 billion")
    assert f.status == "ungrounded" and f.support is None
    assert r.exit_status == ExitStatus.UNGROUNDED
    assert r.counts == {"grounded": 1, "ungrounded": 1}  # the other figure is "fiscal 2024" itself


def test_a_prior_year_comparison_is_grounded_in_the_year_it_belongs_to(sec):
    # 0001045810-23-000017: FY2023 revenue 26,974,000,000
    r = verify_answer("Revenue was $60.9 billion in fiscal 2024, up from $27.0 billion a year earlier.",
                      company="NVDA")
    f = figure(r, "$27.0 billion")
    assert f.status == "grounded" and f.claimed_fiscal_year is None
    assert f.support.fiscal_year == 2023 and f.support.accession_number == "0001045810-23-000017"


def test_post_split_diluted_eps_is_grounded_in_the_filing_that_restated_it(sec):
    r = verify_answer("NVIDIA's diluted EPS for fiscal 2024 was $1.19.", company="NVDA")
    f = figure(r, "$1.19")
    assert f.status == "grounded" and f.kind == "per_share" and f.unit == "USD/shares"
    assert f.support.matched_tag == "us-gaap:EarningsPerShareDiluted"
    assert f.support.accession_number == NVDA_FY2025_10K and f.support.revision_kind is None


def test_pre_split_eps_is_grounded_and_flagged_as_the_original(sec):
    r = verify_answer("NVIDIA's diluted EPS for fiscal 2024 was $11.93.", company="NVDA")
    f = figure(r, "$11.93")
    assert f.status == "grounded"
    assert f.support.accession_number == NVDA_FY2024_10K and f.support.value == 11.93
    assert f.support.revision_kind == "stock_split" and f.support.current_value == 1.19
    assert any("Pre-split original" in n for n in f.notes)


def test_gross_margin_is_derived_from_gross_profit_and_revenue(sec):
    r = verify_answer("NVIDIA's gross margin was 72.7% in fiscal 2024.", company="NVDA")
    f = figure(r, "72.7%")
    assert f.status == "derived"
    assert f.formula == "gross_profit / revenue x 100"
    assert [(i.matched_tag, i.value, i.accession_number) for i in f.inputs] == [
        ("us-gaap:GrossProfit", 44_301_000_000, NVDA_FY2024_10K), ("us-gaap:Revenues", 60_922_000_000, NVDA_FY2024_10K)]
    assert r.all_grounded


def test_revenue_growth_is_derived_from_two_fiscal_years(sec):
    # (60,922 - 26,974) / 26,974 = 125.85%
    r = verify_answer("NVIDIA's revenue grew 126% in fiscal 2024.", company="NVDA")
    f = figure(r, "126%")
    assert f.status == "derived" and "revenue FY2024" in f.formula and "revenue FY2023" in f.formula
    assert [i.value for i in f.inputs] == [60_922_000_000, 26_974_000_000]


def test_a_calendar_year_is_not_read_as_nvidias_fiscal_year(sec):
    r = verify_answer("NVIDIA's revenue in 2024 was $60.9 billion.", company="NVDA")
    f = figure(r, "$60.9 billion")
    assert f.status == "grounded" and f.claimed_fiscal_year is None
    assert any("calendar year" in n for n in f.notes)
    assert figure(r, "2024").status == "unchecked"


def test_dates_and_fiscal_years_are_checked_against_the_fiscal_calendar(sec):
    r = verify_answer("NVIDIA's fiscal 2024 ended January 28, 2024. Its fiscal 2031 ended January 31, 2031. "
                      "Fiscal 2025 ended January 31, 2025.", company="NVDA")
    assert figure(r, "fiscal 2024").status == "grounded"
    assert "2023-01-30 to 2024-01-28" in figure(r, "fiscal 2024").reason
    assert figure(r, "January 28, 2024").status == "grounded"
    assert figure(r, "fiscal 2031").status == "ungrounded"
    wrong_end = figure(r, "January 31, 2025")
    assert wrong_end.status == "ungrounded" and "2025-01-26" in wrong_end.reason


# --- currencies and a foreign filer ------------------------------------------------------------


def test_tsmc_amounts_in_nt_dollars_are_checked_against_its_twd_facts(sec):
    r = verify_answer("TSMC's revenue in 2024 was NT$2.89 trillion (US$88.3 billion), and its diluted EPS was "
                      "NT$44.67. Its gross margin was 56.1% in 2024.", company="TSM")
    twd = figure(r, "NT$2.89 trillion")
    assert twd.status == "grounded" and twd.unit == "TWD"
    assert (twd.support.matched_tag, twd.support.value, twd.support.unit) == (
        "ifrs-full:Revenue", 2_894_307_700_000, "TWD")
    assert twd.support.accession_number == TSMC_2024_20F and twd.support.form == "20-F"
    usd = figure(r, "US$88.3 billion")
    assert (usd.status, usd.support.value, usd.support.unit) == ("grounded", 88_268_000_000, "USD")
    eps = figure(r, "NT$44.67")
    assert eps.kind == "per_share" and eps.support.matched_tag == "ifrs-full:DilutedEarningsLossPerShare"
    margin = figure(r, "56.1%")  # 1,624,353,600,000 / 2,894,307,700,000 = 56.12%
    assert margin.status == "derived" and [i.unit for i in margin.inputs] == ["TWD", "TWD"]
    assert r.all_grounded


def test_a_tsmc_figure_in_the_wrong_calendar_year_is_mismatched(sec):
    r = verify_answer("TSMC's revenue in 2023 was NT$2.89 trillion.", company="TSM")
    f = figure(r, "NT$2.89 trillion")
    assert f.status == "mismatched_period" and f.support.fiscal_year == 2024


def test_a_dollar_figure_is_not_grounded_by_the_same_digits_in_nt_dollars(sec):
    r = verify_answer("TSMC's revenue in 2024 was $2.89 trillion.", company="TSM")
    assert figure(r, "$2.89 trillion").status == "ungrounded"


# --- citations and cited text ------------------------------------------------------------------


def test_a_citation_limits_the_facts_to_that_filing(sec):
    r = verify_answer("In fiscal 2024 revenue was $60.9 billion and diluted EPS was $1.19.",
                      company="NVDA", cite=[NVDA_FY2024_10K])
    assert r.cited == [NVDA_FY2024_10K]
    assert figure(r, "$60.9 billion").status == "grounded"
    eps = figure(r, "$1.19")  # 1.19 is only in later filings, after the split
    assert eps.status == "ungrounded"
    assert any(NVDA_FY2025_10K in n for n in eps.notes)


def test_the_company_is_taken_from_its_own_accession_number(sec):
    r = verify_answer("Revenue was $130.5 billion in fiscal 2025.", cite=[NVDA_FY2025_10K])
    assert r.company.cik == "0001045810"
    assert figure(r, "$130.5 billion").status == "grounded"


def test_a_figure_only_in_a_cited_excerpt_is_grounded_by_that_passage(sec):
    passage = "As of the end of fiscal year 2025, we had approximately 36,000 employees in 38 countries."
    r = verify_answer("NVIDIA had about 36,000 employees.", company="NVDA", excerpts=[passage])
    f = figure(r, "36,000")
    assert f.status == "grounded" and f.support.source == "cited_text"
    assert f.support.passage == passage


def test_a_figure_only_in_a_cited_filings_text_is_grounded_by_the_document(sec):
    r = verify_answer("NVIDIA had approximately 36,000 employees.", company="NVDA",
                      cite=[f"{NVDA_FY2025_10K}:nvda-20250126.htm"])
    f = figure(r, "36,000")
    assert f.status == "grounded" and f.support.source == "cited_text"
    assert f.support.accession_number == NVDA_FY2025_10K
    assert "36,000 employees" in f.support.passage
    assert f.support.url.endswith("/1045810/000104581025000023/nvda-20250126.htm")


def test_without_the_excerpt_the_same_figure_is_ungrounded(sec):
    r = verify_answer("NVIDIA had approximately 36,000 employees.", company="NVDA")
    assert figure(r, "36,000").status == "ungrounded" and r.exit_status == ExitStatus.UNGROUNDED


# --- nothing to check, and bad input -----------------------------------------------------------


def test_an_answer_without_figures_has_nothing_to_verify(sec):
    r = verify_answer("NVIDIA designs graphics processors and data center platforms.", company="NVDA")
    assert r.figures == [] and r.all_grounded and r.exit_status == 0
    assert "No figures" in r.summary


@pytest.mark.parametrize("kwargs,code", [
    ({"answer": "   "}, "invalid_argument"),
    ({"answer": "Revenue was $60.9 billion.", "cite": ["not-an-accession"]}, "invalid_argument"),
    ({"answer": "Revenue was $60.9 billion."}, "invalid_argument"),  # no company, no citation
    ({"answer": "Revenue was $60.9 billion.", "company": "ZZZZ"}, "not_found"),
])
def test_bad_input_is_a_structured_error(sec, kwargs, code):
    with pytest.raises(EdgarError) as exc:
        verify_answer(**kwargs)
    assert exc.value.code == code and exc.value.suggestion

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
- The review of false "grounded" verdicts (its repros are the tests under "the review's repros"): Apple FY2024
  (2023-10-01 to 2024-09-28) revenue 391,035,000,000, net income 93,736,000,000, R&D 31,370,000,000 in
  0000320193-24-000123; FY2023 revenue 383,285,000,000 in 0000320193-23-000106. NVIDIA FY2024 buybacks
  (PaymentsForRepurchaseOfCommonStock) 9,533,000,000 and dividends 395,000,000 in 0001045810-24-000029; net
  income FY2024 29,760,000,000 vs FY2023 4,368,000,000 (0001045810-23-000017), +581%. Snowflake FY2024 net loss
  -836,097,000 in 0001640147-24-000101. Tesla FY2021 revenue 53,823,000,000 and net income 5,519,000,000 in
  0000950170-22-000796; FY2020 revenue 31,536,000,000 in 0001564590-21-004599 (its facts end with FY2021).
- NVIDIA's FY2025 10-K text, "Revenue by End Market" table: "Data Center | $115,186 | $47,525 | $15,005" (in
  millions; columns Jan 26, 2025 | Jan 28, 2024 | Jan 29, 2023).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from accessions import NVDA_FY2024_10K, NVDA_FY2025_10K
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import EdgarError, ExitStatus
from edgar_cli.verification.claims import extract_figures

TSMC_2024_20F = "0001193125-25-083423"


@pytest.fixture
def sec(module_client, isolated_env, monkeypatch):
    import stamina

    from edgar_cli.sec.client import set_client

    stamina.set_testing(True, attempts=2)
    set_client(module_client)
    yield module_client
    stamina.set_testing(False)


# --- reading figures out of prose (no SEC data needed) -----------------------------------------


def test_amounts_are_read_at_full_scale_with_the_rounding_the_writer_used():
    figs = {f.text: f for f in extract_figures("Revenue was $60.9 billion, or 60,922 million, and NT$2.89 trillion.")}
    assert figs["$60.9 billion"].value == Decimal(60900000000) and figs["$60.9 billion"].step == Decimal("1E+8")
    assert figs["$60.9 billion"].currency == "USD" and figs["$60.9 billion"].kind == "money"
    assert figs["60,922 million"].value == Decimal(60922000000) and figs["60,922 million"].step == Decimal("1E+6")
    assert figs["NT$2.89 trillion"].currency == "TWD" and figs["NT$2.89 trillion"].value == Decimal("2.89E+12")


def test_per_share_amounts_share_counts_and_percentages_are_told_apart():
    figs = {
        f.text: f
        for f in extract_figures(
            "Diluted EPS was USD 1.19. It had 24.5 billion shares outstanding. Gross margin was 72.7%. "
            "Net income was $0.93 per diluted share."
        )
    }
    assert figs["USD 1.19"].kind == "per_share" and figs["USD 1.19"].currency == "USD"
    assert figs["24.5 billion"].kind == "shares"
    assert figs["72.7%"].kind == "percent" and figs["72.7%"].step == Decimal("0.1")
    assert figs["$0.93"].kind == "per_share"


def test_accession_numbers_form_names_and_split_ratios_are_not_figures():
    figs = extract_figures("See the 10-K, accession 0001045810-24-000029, Item 7, after the 10-for-1 split.")
    assert [f.kind for f in figs] == []


def test_the_period_next_to_a_figure_wins_and_a_year_earlier_is_the_year_before_it():
    figs = {
        f.text: f
        for f in extract_figures(
            "Revenue was $60.9 billion in fiscal 2024, up from $27.0 billion a year earlier. "
            "In Q4 FY2024 revenue was $22.1 billion."
        )
    }
    assert figs["$60.9 billion"].fiscal_year == 2024
    assert (figs["$27.0 billion"].fiscal_year, figs["$27.0 billion"].period_source) == (2023, "comparison")
    assert (figs["$22.1 billion"].fiscal_year, figs["$22.1 billion"].fiscal_period) == (2024, "Q4")


def test_a_year_set_earlier_in_the_paragraph_carries_to_later_sentences():
    figs = {f.text: f for f in extract_figures("NVIDIA's fiscal 2025 was strong. Revenue was $130.5 billion.")}
    assert figs["$130.5 billion"].fiscal_year == 2025
    assert figs["$130.5 billion"].period_source == "paragraph"


# --- grounding against XBRL facts ----------------------------------------------------------------


@pytest.mark.parametrize(
    "stated", ["$60.9 billion", "$61 billion", "$60.92 billion", "$60,922 million", "60,922,000,000"]
)
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
    # the reason also gives the figure of the year claimed: FY2024's 60,922,000,000 (NVDA_FY2024_10K)
    assert f"For FY2024 (2023-01-30 to 2024-01-28) it is 60,922,000,000 USD (10-K {NVDA_FY2024_10K})." in f.reason


def test_a_made_up_number_is_ungrounded_even_if_an_unrelated_fact_has_its_digits(sec):
    r = verify_answer("NVIDIA made $12.34 billion of revenue in fiscal 2024.", company="NVDA")
    f = figure(r, "$12.34 billion")
    assert f.status == "ungrounded" and f.support is None
    assert r.exit_status == ExitStatus.UNGROUNDED
    assert r.counts == {"grounded": 1, "ungrounded": 1}  # the other figure is "fiscal 2024" itself


def test_a_prior_year_comparison_is_grounded_in_the_year_it_belongs_to(sec):
    # 0001045810-23-000017: FY2023 revenue 26,974,000,000
    f = checked_figure(
        "Revenue was $60.9 billion in fiscal 2024, up from $27.0 billion a year earlier.",
        "$27.0 billion",
        "grounded",
        company="NVDA",
    )
    assert f.claimed_fiscal_year == 2023  # the year before fiscal 2024
    assert f.support.fiscal_year == 2023 and f.support.accession_number == "0001045810-23-000017"


def test_post_split_diluted_eps_is_grounded_in_the_filing_that_restated_it(sec):
    f = checked_figure("NVIDIA's diluted EPS for fiscal 2024 was $1.19.", "$1.19", "grounded", company="NVDA")
    assert f.kind == "per_share" and f.unit == "USD/shares"
    assert f.support.matched_tag == "us-gaap:EarningsPerShareDiluted"
    assert f.support.accession_number == NVDA_FY2025_10K and f.support.revision_kind is None


def test_pre_split_eps_is_grounded_and_flagged_as_the_original(sec):
    r = verify_answer("NVIDIA's diluted EPS for fiscal 2024 was $11.93.", company="NVDA")
    f = figure(r, "$11.93")
    assert f.status == "grounded"
    assert f.support.accession_number == NVDA_FY2024_10K and f.support.value == 11.93
    assert f.support.revision_kind == "stock_split" and f.support.current_value == 1.19
    assert f.flags == ["pre_split_basis"] and r.flags == ["pre_split_basis"] and r.verdict == "grounded"
    assert any(w.startswith("$11.93: Pre-split basis") and "1.19" in w for w in r.warnings)


def test_gross_margin_is_derived_from_gross_profit_and_revenue(sec):
    r = verify_answer("NVIDIA's gross margin was 72.7% in fiscal 2024.", company="NVDA")
    f = figure(r, "72.7%")
    assert f.status == "derived"
    assert f.formula == "gross_profit / revenue x 100"
    assert [(i.matched_tag, i.value, i.accession_number) for i in f.inputs] == [
        ("us-gaap:GrossProfit", 44_301_000_000, NVDA_FY2024_10K),
        ("us-gaap:Revenues", 60_922_000_000, NVDA_FY2024_10K),
    ]
    assert r.all_grounded


def test_revenue_growth_is_derived_from_two_fiscal_years(sec):
    # (60,922 - 26,974) / 26,974 = 125.85%
    f = checked_figure("NVIDIA's revenue grew 126% in fiscal 2024.", "126%", "derived", company="NVDA")
    assert "revenue FY2024" in f.formula and "revenue FY2023" in f.formula
    assert [i.value for i in f.inputs] == [60_922_000_000, 26_974_000_000]


def test_a_calendar_year_is_not_read_as_nvidias_fiscal_year(sec):
    # "2024" is FY2024 (ended 2024-01-28, revenue 60,922,000,000) or FY2025 (mostly in 2024, 130,497,000,000)
    r = verify_answer("NVIDIA's revenue in 2024 was $60.9 billion.", company="NVDA")
    f = figure(r, "$60.9 billion")
    assert f.status == "ambiguous" and f.claimed_fiscal_year is None
    assert "FY2024" in f.reason and "FY2025" in f.reason
    assert figure(r, "2024").status == "unchecked"


def test_dates_and_fiscal_years_are_checked_against_the_fiscal_calendar(sec):
    r = verify_answer(
        "NVIDIA's fiscal 2024 ended January 28, 2024. Its fiscal 2031 ended January 31, 2031. "
        "Fiscal 2025 ended January 31, 2025.",
        company="NVDA",
    )
    assert figure(r, "fiscal 2024").status == "grounded"
    assert "2023-01-30 to 2024-01-28" in figure(r, "fiscal 2024").reason
    assert figure(r, "January 28, 2024").status == "grounded"
    assert figure(r, "fiscal 2031").status == "ungrounded"
    wrong_end = figure(r, "January 31, 2025")
    assert wrong_end.status == "ungrounded" and "2025-01-26" in wrong_end.reason


# --- currencies and a foreign filer ------------------------------------------------------------


def test_tsmc_amounts_in_nt_dollars_are_checked_against_its_twd_facts(sec):
    r = verify_answer(
        "TSMC's revenue in 2024 was NT$2.89 trillion (US$88.3 billion), and its diluted EPS was "
        "NT$44.67. Its gross margin was 56.1% in 2024.",
        company="TSM",
    )
    twd = figure(r, "NT$2.89 trillion")
    assert twd.status == "grounded" and twd.unit == "TWD"
    assert (twd.support.matched_tag, twd.support.value, twd.support.unit) == (
        "ifrs-full:Revenue",
        2_894_307_700_000,
        "TWD",
    )
    assert twd.support.accession_number == TSMC_2024_20F and twd.support.form == "20-F"
    usd = figure(r, "US$88.3 billion")
    assert (usd.status, usd.support.value, usd.support.unit) == ("grounded", 88_268_000_000, "USD")
    eps = figure(r, "NT$44.67")
    assert eps.kind == "per_share" and eps.support.matched_tag == "ifrs-full:DilutedEarningsLossPerShare"
    margin = figure(r, "56.1%")  # 1,624,353,600,000 / 2,894,307,700,000 = 56.12%
    assert margin.status == "derived" and [i.unit for i in margin.inputs] == ["TWD", "TWD"]
    assert r.all_grounded


def test_a_tsmc_figure_in_the_wrong_calendar_year_is_mismatched(sec):
    f = checked_figure(
        "TSMC's revenue in 2023 was NT$2.89 trillion.", "NT$2.89 trillion", "mismatched_period", company="TSM"
    )
    assert f.support.fiscal_year == 2024


def test_a_dollar_figure_is_not_grounded_by_the_same_digits_in_nt_dollars(sec):
    r = verify_answer("TSMC's revenue in 2024 was $2.89 trillion.", company="TSM")
    assert figure(r, "$2.89 trillion").status == "ungrounded"


# --- citations and cited text ------------------------------------------------------------------


def test_a_citation_limits_the_facts_to_that_filing(sec):
    r = verify_answer(
        "In fiscal 2024 revenue was $60.9 billion and diluted EPS was $1.19.", company="NVDA", cite=[NVDA_FY2024_10K]
    )
    assert r.cited == [NVDA_FY2024_10K]
    assert figure(r, "$60.9 billion").status == "grounded"
    eps = figure(r, "$1.19")  # the cited 10-K reports 11.93; later filings restate it to 1.19 after the split
    assert eps.status == "grounded" and eps.support.value == 11.93 and NVDA_FY2025_10K in eps.reason
    # only in the FY2025 10-K: not confirmed by the citation, not contradicted
    checked_figure(
        "In fiscal 2025 revenue was $130.5 billion.",
        "$130.5 billion",
        "unchecked",
        NVDA_FY2025_10K,
        company="NVDA",
        cite=[NVDA_FY2024_10K],
    )


def test_the_company_is_taken_from_its_own_accession_number(sec):
    r = verify_answer("Revenue was $130.5 billion in fiscal 2025.", cite=[NVDA_FY2025_10K])
    assert r.company.cik == "0001045810"
    assert figure(r, "$130.5 billion").status == "grounded"


def test_a_figure_only_in_a_cited_excerpt_is_grounded_by_that_passage(sec):
    passage = "As of the end of fiscal year 2025, we had approximately 36,000 employees in 38 countries."
    f = checked_figure("NVIDIA had about 36,000 employees.", "36,000", "grounded", company="NVDA", excerpts=[passage])
    assert f.support.source == "cited_text"
    assert f.support.passage == passage


def test_a_figure_only_in_a_cited_filings_text_is_grounded_by_the_document(sec):
    f = checked_figure(
        "NVIDIA had approximately 36,000 employees.",
        "36,000",
        "grounded",
        company="NVDA",
        cite=[f"{NVDA_FY2025_10K}:nvda-20250126.htm"],
    )
    assert f.support.source == "cited_text"
    assert f.support.accession_number == NVDA_FY2025_10K
    assert "36,000 employees" in f.support.passage
    assert f.support.url.endswith("/1045810/000104581025000023/nvda-20250126.htm")


def test_without_the_excerpt_the_same_figure_is_ungrounded(sec):
    r = verify_answer("NVIDIA had approximately 36,000 employees.", company="NVDA")
    assert figure(r, "36,000").status == "ungrounded" and r.exit_status == ExitStatus.UNGROUNDED


# --- nothing to check, and bad input -----------------------------------------------------------


def test_an_answer_without_figures_has_nothing_to_verify_and_is_not_grounded(sec):
    r = verify_answer("NVIDIA designs graphics processors and data center platforms.", company="NVDA")
    assert r.figures == [] and not r.all_grounded and r.verdict == "no_figures"
    assert r.exit_status == ExitStatus.NO_FIGURES == 12
    assert "No figures" in r.summary


@pytest.mark.parametrize(
    "kwargs,code",
    [
        ({"answer": "   "}, "invalid_argument"),
        ({"answer": "Revenue was $60.9 billion.", "cite": ["not-an-accession"]}, "invalid_argument"),
        ({"answer": "Revenue was $60.9 billion."}, "invalid_argument"),  # no company, no citation
        ({"answer": "Revenue was $60.9 billion.", "company": "ZZZZ"}, "not_found"),
    ],
)
def test_bad_input_is_a_structured_error(sec, kwargs, code):
    with pytest.raises(EdgarError) as exc:
        verify_answer(**kwargs)
    assert exc.value.code == code and exc.value.suggestion


# --- reading figures: the review's extraction cases ---------------------------------------------


def test_court_docket_and_phone_numbers_in_a_filing_are_not_figures():
    text = "The action, captioned 4:18-cv-07669-HSG, is pending; call (408) 486-2000 or 408-486-2000."
    assert extract_figures(text, periods=False) == []


def test_a_two_digit_fiscal_year_before_2050_is_read_in_the_1900s_when_above_50():
    figs = {f.text: f for f in extract_figures("Revenue in FY99 was $158 million; in FY24 it was $60.9 billion.")}
    assert figs["FY99"].fiscal_year == 1999 and figs["FY24"].fiscal_year == 2024


def test_approximation_words_widen_the_interval_a_figure_stands_for():
    roughly, over, under = extract_figures("Roughly $60 billion. Over $60 billion. Under $70 billion.")
    assert roughly.bound == "approx" and roughly.interval[0] <= Decimal("60.922e9") <= roughly.interval[1]
    assert over.bound == "over" and over.interval == (Decimal("60e9"), Decimal("66e9"))
    assert under.bound == "under" and under.interval == (Decimal("63e9"), Decimal("70e9"))


def test_a_year_given_for_a_comparison_is_not_carried_into_the_next_sentence():
    figs = {
        f.text: f
        for f in extract_figures(
            "Tesla's 2021 revenue was $53.8 billion, up 71% from $31.5 billion in 2020. Net income was $5.5 billion."
        )
    }
    assert figs["$31.5 billion"].fiscal_year == 2020
    assert figs["$5.5 billion"].fiscal_year == 2021 and figs["$5.5 billion"].period_source == "paragraph"


def test_a_year_after_from_is_the_base_of_a_growth_rate_not_its_period():
    figs = {f.text: f for f in extract_figures("TSMC's 2024 revenue was NT$2,894.3 billion, up 33.9% from 2023.")}
    assert figs["33.9%"].fiscal_year == 2024


# --- the review's repros: a figure is grounded only by the concept the answer names ---------------------


def test_a_made_up_apple_revenue_is_not_grounded_by_a_balance_sheet_item_that_shares_its_digits(sec):
    # OtherLiabilitiesCurrent 60,889,000,000 at 2024-06-29 (0000320193-24-000081) rounds to $60.9 billion
    r = verify_answer("Apple's fiscal 2024 revenue was $60.9 billion.", company="AAPL")
    f = figure(r, "$60.9 billion")
    assert f.status == "ungrounded" and f.support is None
    assert "391,035,000,000" in f.reason and "0000320193-24-000123" in f.reason
    assert not r.all_grounded and r.exit_status == ExitStatus.UNGROUNDED


def test_an_annual_revenue_claim_is_not_met_by_a_quarter_end_liability(sec):
    # us-gaap:Liabilities 22,054,000,000 as of 2023-07-30 rounds to $22.1 billion; FY2024 revenue is 60,922,000,000
    checked_figure(
        "NVIDIA's fiscal 2024 revenue was $22.1 billion.",
        "$22.1 billion",
        "ungrounded",
        "60,922,000,000",
        NVDA_FY2024_10K,
        company="NVDA",
    )


def test_buybacks_are_checked_against_the_repurchase_facts_not_any_fact_near_three_billion(sec):
    # SG&A 2,654,000,000 rounds to $3 billion; buybacks were 9,533,000,000 (0001045810-24-000029)
    checked_figure(
        "NVIDIA spent $3 billion on share buybacks in fiscal 2024.",
        "$3 billion",
        "ungrounded",
        "PaymentsForRepurchaseOfCommonStock = 9,533,000,000",
        company="NVDA",
    )
    good = checked_figure(
        "NVIDIA spent $9.5 billion on share buybacks in fiscal 2024.", "$9.5 billion", "grounded", company="NVDA"
    )
    assert good.support.matched_tag == "us-gaap:PaymentsForRepurchaseOfCommonStock"
    assert good.support.value == 9_533_000_000 and good.support.accession_number == NVDA_FY2024_10K


def test_dividends_are_grounded_by_a_dividend_fact_never_by_an_unrelated_one(sec):
    # StockIssuedDuringPeriodValueEmployeeStockOwnershipPlan 403,000,000 also rounds to $0.4 billion
    f = checked_figure(
        "NVIDIA paid $0.4 billion in dividends in fiscal 2024.", "$0.4 billion", "grounded", company="NVDA"
    )
    assert "Dividend" in f.support.matched_tag
    assert f.support.value == 395_000_000 and f.support.accession_number == NVDA_FY2024_10K


def test_an_ambiguous_figure_naming_no_concept_is_unchecked_not_grounded(sec):
    f = checked_figure("NVIDIA reported $3 billion in fiscal 2024.", "$3 billion", "unchecked", company="NVDA")
    assert f.support is None and "name the concept" in f.reason


def test_a_cited_filings_court_case_number_does_not_ground_a_revenue_figure(sec):
    # 0001045810-25-000023 names the case 4:18-cv-07669-HSG and its tables are "in millions"
    f = checked_figure(
        "NVIDIA's fiscal 2025 revenue was $7.7 billion.",
        "$7.7 billion",
        "ungrounded",
        company="NVDA",
        cite=[NVDA_FY2025_10K],
    )
    assert f.support is None or f.support.source != "cited_text"
    r = verify_answer(
        "NVIDIA paid $7.7 billion to settle the securities class action in fiscal 2025.",
        company="NVDA",
        cite=[NVDA_FY2025_10K],
    )
    assert figure(r, "$7.7 billion").status == "ungrounded"


def test_a_segment_figure_is_grounded_by_its_row_and_column_in_the_cited_10k(sec):
    f = checked_figure(
        "NVIDIA's Data Center revenue was $115.2 billion in fiscal 2025.",
        "$115.2 billion",
        "grounded",
        company="NVDA",
        cite=[NVDA_FY2025_10K],
    )
    assert f.support.source == "cited_text"
    assert f.support.passage.startswith("Data Center | $115,186") and "Jan 26, 2025" in f.reason


def test_a_segment_figure_from_the_prior_year_column_is_a_mismatched_period(sec):
    checked_figure(
        "NVIDIA's Data Center revenue was $47.5 billion in fiscal 2025.",
        "$47.5 billion",
        "mismatched_period",
        "Jan 28, 2024",
        company="NVDA",
        cite=[NVDA_FY2025_10K],
    )


def test_a_segment_figure_without_a_citation_is_unchecked_not_grounded_by_total_revenue(sec):
    checked_figure(
        "NVIDIA's Data Center revenue was $130.5 billion in fiscal 2025.",
        "$130.5 billion",
        "unchecked",
        "Data Center revenue",
        company="NVDA",
    )


@pytest.mark.parametrize(
    ("answer", "company", "stated", "end", "accession"),
    [
        # NVIDIA's FY2024 revenue 60,922,000,000 (to 2024-01-28): 2019 is no day of it
        ("In 2019, NVIDIA's revenue was $60.9 billion.", "NVDA", "$60.9 billion", date(2024, 1, 28), NVDA_FY2024_10K),
        # Apple's FY2023 revenue 383,285,000,000 ran 2022-09-25 to 2023-09-30: no day of it is in 2024
        (
            "In 2024, Apple's revenue was $383.3 billion.",
            "AAPL",
            "$383.3 billion",
            date(2023, 9, 30),
            "0000320193-23-000106",
        ),
    ],
)
def test_a_fiscal_years_revenue_said_of_a_calendar_year_it_has_no_day_in_is_a_mismatched_period(
    sec, answer, company, stated, end, accession
):
    f = checked_figure(answer, stated, "mismatched_period", company=company)
    assert (f.support.end, f.support.accession_number) == (end, accession)


def test_in_2024_apples_fiscal_2024_revenue_is_grounded_with_a_calendar_note(sec):
    f = checked_figure("In 2024, Apple's revenue was $391.0 billion.", "$391.0 billion", "grounded", company="AAPL")
    assert f.support.end == date(2024, 9, 28) and f.readings == []
    assert any("calendar wording" in n and "FY2024 (2023-10-01 to 2024-09-28)" in n for n in f.notes)


def test_snowflakes_net_loss_stated_as_net_income_is_ungrounded(sec):
    f = checked_figure(
        "Snowflake reported net income of $836 million in fiscal 2024, a strong profit.",
        "$836 million",
        "ungrounded",
        "sign",
        company="SNOW",
    )
    assert (f.support.value, f.support.accession_number) == (-836_097_000, "0001640147-24-000101")
    loss = checked_figure(
        "Snowflake reported a net loss of $836 million in fiscal 2024.", "$836 million", "grounded", company="SNOW"
    )
    assert loss.support.matched_tag == "us-gaap:NetIncomeLoss"


def test_net_income_growth_is_not_derived_from_another_concepts_quarter(sec):
    # R&D grew 11.8% in Q2 FY2024; net income grew 581% in FY2024 (29,760 vs 4,368 million)
    f = checked_figure(
        "NVIDIA's net income grew 12% in fiscal 2024.", "12%", "ungrounded", "net_income", "+581.32%", company="NVDA"
    )
    assert f.inputs == [] and any("29,760,000,000" in n for n in f.notes)


def test_apples_revenue_growth_is_checked_for_the_fiscal_year_not_a_quarter(sec):
    # (391,035 - 383,285) / 383,285 = 2.02%; gross profit grew 9.0% in Q1 FY2024
    checked_figure("Apple's revenue grew 9% in fiscal 2024.", "9%", "ungrounded", "+2.02%", company="AAPL")
    ok = checked_figure("Apple's revenue grew 2% in fiscal 2024.", "2%", "derived", company="AAPL")
    assert [i.value for i in ok.inputs] == [391_035_000_000, 383_285_000_000]


def test_a_number_equal_to_another_concepts_fact_is_not_a_mismatched_period(sec):
    # Tesla's facts end with FY2021; CashCashEquivalents... 15,003,000,000 (Q3 FY2020) is not its net income
    r = verify_answer("Tesla posted a net loss of $15.0 billion in 2023.", company="TSLA")
    f = figure(r, "$15.0 billion")
    assert f.status == "unchecked" and f.support is None
    # nothing contradicts it; nothing supports it either: not grounded
    assert r.all_grounded is False and r.verdict == "unchecked" and r.exit_status == ExitStatus.UNCONFIRMED


def test_apples_net_margin_is_derived_before_any_reported_ratio_is_looked_at(sec):
    # 93,736 / 391,035 = 23.97%; EffectiveIncomeTaxRateContinuingOperations 0.24 (FY2010) must not decide it
    f = checked_figure("Apple's net margin was 24.0% in fiscal 2024.", "24.0%", "derived", company="AAPL")
    assert f.formula == "net_income / revenue x 100"
    assert [(i.value, i.accession_number) for i in f.inputs] == [
        (93_736_000_000, "0000320193-24-000123"),
        (391_035_000_000, "0000320193-24-000123"),
    ]


def test_a_year_carried_from_the_previous_sentence_is_not_its_comparison_year(sec):
    r = verify_answer(
        "Tesla's 2021 revenue was $53.8 billion, up 71% from $31.5 billion in 2020. Net income was $5.5 billion.",
        company="TSLA",
    )
    f = figure(r, "$5.5 billion")
    assert f.status == "grounded" and f.claimed_fiscal_year == 2021
    assert (f.support.value, f.support.accession_number) == (5_519_000_000, "0000950170-22-000796")
    assert figure(r, "$31.5 billion").support.accession_number == "0001564590-21-004599"
    assert figure(r, "71%").status == "derived"


def test_a_share_of_net_sales_stated_after_the_figure_is_derived(sec):
    r = verify_answer("Apple's R&D expense was $31,370 million in fiscal 2024, or 8.0% of net sales.", company="AAPL")
    assert figure(r, "$31,370 million").status == "grounded"
    f = figure(r, "8.0%")  # 31,370 / 391,035 = 8.02%
    assert f.status == "derived" and f.formula == "rnd_expense / revenue x 100"


@pytest.mark.parametrize("stated", ["roughly $60 billion", "over $60 billion", "about $61 billion"])
def test_approximate_and_bounded_amounts_are_grounded(sec, stated):
    r = verify_answer(f"NVIDIA's revenue was {stated} in fiscal 2024.", company="NVDA")
    f = next(f for f in r.figures if f.kind == "money")
    assert f.status == "grounded" and f.support.value == 60_922_000_000


def test_a_fiscal_year_before_xbrl_is_unchecked_not_read_as_2099(sec):
    r = verify_answer("NVIDIA's revenue in FY99 was $158 million.", company="NVDA")
    fy = figure(r, "FY99")
    assert fy.status == "unchecked" and "FY1999" in fy.reason
    assert figure(r, "$158 million").status == "unchecked"


# --- found by trying to break it again ----------------------------------------------------------


def test_a_fourth_quarter_is_derived_as_the_year_less_its_first_nine_months(sec):
    # FY2025 130,497,000,000 (0001045810-25-000023) - 9M 91,166,000,000 (0001045810-24-000316) = 39,331,000,000
    r = verify_answer("In Q4 fiscal 2025, NVIDIA's revenue was $39.3 billion, up 78% year over year.", company="NVDA")
    q4 = figure(r, "$39.3 billion")
    assert q4.status == "derived" and [i.value for i in q4.inputs] == [130_497_000_000, 91_166_000_000]
    growth = figure(r, "78%")  # Q4 FY2024: 60,922 - 38,819 = 22,103 million; 39,331 / 22,103 - 1 = 77.9%
    assert growth.status == "derived" and "Q4 FY2024" in growth.formula
    assert [i.accession_number for i in q4.inputs] == [NVDA_FY2025_10K, "0001045810-24-000316"]
    q3 = checked_figure(
        "In Q4 fiscal 2025, NVIDIA's revenue was $35.1 billion.", "$35.1 billion", "mismatched_period", company="NVDA"
    )
    assert q3.support.fiscal_period == "Q3"  # Q3's figure
    checked_figure(
        "In Q4 fiscal 2025, NVIDIA's revenue was $37.0 billion.",
        "$37.0 billion",
        "ungrounded",
        "39,331,000,000",
        company="NVDA",
    )


def test_a_quarter_is_grounded_by_that_quarter_only(sec):
    # Q3 FY2025 (2024-07-29 to 2024-10-27) revenue 35,082,000,000 in 0001045810-24-000316
    f = checked_figure(
        "NVIDIA's revenue for the third quarter of fiscal 2025 was $35.1 billion.",
        "$35.1 billion",
        "grounded",
        company="NVDA",
    )
    assert (f.support.fiscal_period, f.support.end) == ("Q3", date(2024, 10, 27))
    r = verify_answer("NVIDIA's revenue for fiscal 2025 was $35.1 billion.", company="NVDA")
    assert figure(r, "$35.1 billion").status == "mismatched_period"  # a quarter, not the year


def test_a_figure_in_another_currency_than_the_filers_facts_is_checked_in_that_currency(sec):
    # ifrs-full:Revenue 2024: 88,268,000,000 USD beside 2,894,307,700,000 TWD (0001193125-25-083423)
    checked_figure(
        "TSMC's revenue was US$90.0 billion in 2024.",
        "US$90.0 billion",
        "ungrounded",
        "88,268,000,000 USD",
        company="TSM",
    )


def test_eps_growth_is_derived_from_diluted_eps(sec):
    # Apple diluted EPS FY2024 6.08 vs FY2023 6.13 (0000320193-24-000123): -0.8%, not +10%
    r = verify_answer("Apple's diluted EPS grew 10% to $6.08 in fiscal 2024.", company="AAPL")
    assert figure(r, "$6.08").status == "grounded"
    f = figure(r, "10%")
    assert f.status == "ungrounded" and "-0.82%" in f.reason


def test_repurchases_are_grounded_by_any_repurchase_fact_the_words_name(sec):
    # StockRepurchasedAndRetiredDuringPeriodValue 95,000,000,000; PaymentsForRepurchaseOfCommonStock 94,949,000,000
    f = checked_figure(
        "Apple repurchased $95.0 billion of its common stock in fiscal 2024.",
        "$95.0 billion",
        "grounded",
        company="AAPL",
    )
    assert "Repurchase" in f.support.matched_tag
    assert f.support.accession_number == "0000320193-24-000123"


def test_a_loss_called_a_profit_is_ungrounded_even_without_the_word_income_next_to_it(sec):
    # Snowflake FY2025 NetIncomeLoss -1,285,640,000 (0001640147-25-000052)
    r = verify_answer("Snowflake was profitable in fiscal 2025, with net income of $1.29 billion.", company="SNOW")
    assert figure(r, "$1.29 billion").status == "ungrounded"
    f = checked_figure(
        "Snowflake posted a net loss of $1.29 billion in fiscal 2025.", "$1.29 billion", "grounded", company="SNOW"
    )
    assert f.support.matched_tag == "us-gaap:NetIncomeLoss"  # not ProfitLoss


def test_a_segments_growth_rate_is_unchecked_not_ungrounded(sec):
    # Apple's Services net sales grew about 13% in FY2024; companyfacts has no segment to say so or not
    f = checked_figure("Apple's services revenue grew 13% in fiscal 2024.", "13%", "unchecked", company="AAPL")
    assert "services revenue" in f.reason.lower()


def test_revenue_and_net_income_listed_together_are_each_checked_against_their_own_concept(sec):
    r = verify_answer(
        "NVIDIA's revenue and net income were $130.5 billion and $72.9 billion in fiscal 2025.", company="NVDA"
    )
    assert figure(r, "$130.5 billion").support.matched_tag == "us-gaap:Revenues"
    assert figure(r, "$72.9 billion").support.matched_tag == "us-gaap:NetIncomeLoss"


def test_free_cash_flow_is_derived_as_operating_cash_flow_less_capex(sec):
    # Tesla 2021: 11,497,000,000 - 6,482,000,000 = 5,015,000,000 (0000950170-22-000796)
    f = checked_figure(
        "Tesla's operating cash flow was $11.5 billion in 2021 and capex was $6.5 billion, "
        "leaving free cash flow of $5.0 billion.",
        "$5.0 billion",
        "derived",
        company="TSLA",
    )
    assert f.formula == "operating_cash_flow - capex"
    assert [i.value for i in f.inputs] == [11_497_000_000, 6_482_000_000]


def test_a_per_share_figure_of_another_year_names_the_claimed_years_figure_with_its_share_basis(sec):
    # NVIDIA's diluted EPS 11.93 is FY2024's as first filed (0001045810-24-000029); FY2023's is 1.74 as first
    # filed (0001045810-23-000017) and 0.17 after the 2024 10-for-1 split (0001045810-25-000023)
    f = checked_figure("NVIDIA's diluted EPS was $11.93 in fiscal 2023.", "$11.93", "mismatched_period", company="NVDA")
    assert "it is 0.17 USD/shares on the share basis of that filing (first filed as 1.74)" in f.reason


def test_a_tsmc_convenience_translation_names_the_rate_and_date_its_filing_states(sec):
    # TSMC's 20-F 0001193125-25-083423: ifrs-full:Revenue 88,268,000,000 USD beside 2,894,307,700,000 TWD, and
    # ifrs-full:ClosingForeignExchangeRate 32.79 at 2024-12-31: the flag says that rate, as concept does
    r = verify_answer("TSMC's revenue in 2024 was about US$88.3 billion.", company="TSM")
    usd = figure(r, "US$88.3 billion")
    said = " ".join(usd.notes)
    assert "convenience_translation" in usd.flags
    assert "32.79 TWD per USD at 2024-12-31" in said and TSMC_2024_20F in said, said
    assert "it chose" not in said, said

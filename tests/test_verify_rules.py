"""verify_answer's rules (issue 15, section 2), each in both directions on the corpus' companyfacts.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus:
- NVIDIA (CIK 1045810) us-gaap:Revenues: FY2023 (to 2023-01-29) 26,974,000,000 in 0001045810-23-000017; FY2024
  (2023-01-30 to 2024-01-28) 60,922,000,000 in 0001045810-24-000029; FY2025 (2024-01-29 to 2025-01-26)
  130,497,000,000 in 0001045810-25-000023. Growth FY2024 +125.85%, FY2025 +114.20%.
  Q3 FY2024 (2023-07-31 to 2023-10-29) 18,120,000,000 in 0001045810-23-000227; Q3 FY2025 (2024-07-29 to
  2024-10-27) 35,082,000,000 in 0001045810-24-000316.
  Six months 2017-01-30 to 2017-07-30 (H1 FY2018) 4,167,000,000 in 0001045810-17-000123; nine months to
  2017-10-29 (9M FY2018) 6,803,000,000 in 0001045810-17-000172.
  dei:EntityCommonStockSharesOutstanding 2,500,000,000 on 2024-02-16 (0001045810-24-000029, before the June 2024
  10-for-1 split, never restated) and 24,530,000,000 on 2024-08-23 (0001045810-24-000264).
- Apple (CIK 320193) us-gaap:NetIncomeLoss FY2009 (2008-09-28 to 2009-09-26): 5,704,000,000 in the 10-K
  0001193125-09-214859, restated to 8,235,000,000 in the 10-K/A 0001193125-10-012091. Revenue FY2024
  391,035,000,000 (0000320193-24-000123) against FY2023 383,285,000,000 (0000320193-23-000106): +2.02%.
- Tesla (CIK 1318605): its facts end with FY2021 (revenue 53,823,000,000 in 0000950170-22-000796), at 2022-09-30;
  its 10-K for 2023 is 0001628280-24-002390.
- TSMC (CIK 1046179) ifrs-full:Revenue 2024: 2,894,307,700,000 TWD and its USD translation 88,268,000,000 in
  the 20-F 0001193125-25-083423.
"""

from __future__ import annotations

from datetime import date

import pytest
from accessions import NVDA_FY2023_10K, NVDA_FY2024_10K, NVDA_FY2025_10K
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import EdgarError, ExitStatus


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


# --- a growth rate is checked for the period its sentence is about, with its sign ----------------------


def test_fiscal_2024_growth_stated_for_fiscal_2025_does_not_pass(sec):
    r = verify_answer("NVIDIA's fiscal 2025 revenue was $130.5 billion, up 126% from a year earlier.", company="NVDA")
    f = figure(r, "126%")
    assert f.claimed_fiscal_year == 2025
    assert f.status == "mismatched_period" and "FY2024" in f.reason
    assert any("114.20" in n for n in f.notes)  # the claimed year's own growth is named
    assert r.verdict == "ungrounded" and r.exit_status == ExitStatus.UNGROUNDED


def test_fiscal_2025_growth_stated_for_fiscal_2025_is_derived(sec):
    r = verify_answer("NVIDIA's fiscal 2025 revenue was $130.5 billion, up 114% from a year earlier.", company="NVDA")
    f = figure(r, "114%")
    assert f.status == "derived" and "revenue FY2025" in f.formula
    assert [(i.value, i.accession_number) for i in f.inputs] == [
        (130_497_000_000, NVDA_FY2025_10K),
        (60_922_000_000, NVDA_FY2024_10K),
    ]
    assert r.verdict == "grounded" and r.exit_status == 0


@pytest.mark.parametrize(
    "answer, stated",
    [
        # NVIDIA's revenue rose 114.20% in FY2025 (130,497M against 60,922M) and 125.85% in FY2024 (60,922M against
        # 26,974M, NVDA_FY2023_10K)
        pytest.param(
            "NVIDIA's fiscal 2025 revenue was $130.5 billion, down 114% from a year earlier.",
            "114%",
            id="down 114% in the year revenue rose 114%",
        ),
        pytest.param(
            "NVIDIA revenue declined 126% in fiscal 2024.", "126%", id="declined 126% in the year revenue rose 126%"
        ),
    ],
)
def test_a_growth_rate_with_the_wrong_sign_is_ungrounded(sec, answer, stated):
    checked_figure(answer, stated, "ungrounded", "direction disagrees", company="NVDA")


def test_a_growth_rate_in_the_next_sentence_takes_the_paragraphs_year(sec):
    r = verify_answer(
        "NVIDIA's fiscal 2025 revenue was $130.5 billion. That was up 126% from a year earlier.", company="NVDA"
    )
    assert figure(r, "126%").status == "mismatched_period"
    r = verify_answer(
        "NVIDIA's fiscal 2025 revenue was $130.5 billion. That was up 114% from a year earlier.", company="NVDA"
    )
    assert figure(r, "114%").status == "derived"


def test_apples_growth_is_checked_for_its_own_fiscal_year(sec):
    r = verify_answer("Apple's fiscal 2024 revenue was $391.0 billion, up 2% from a year earlier.", company="AAPL")
    assert figure(r, "2%").status == "derived" and r.verdict == "grounded"
    r = verify_answer("Apple's fiscal 2024 revenue was $391.0 billion, up 8% from a year earlier.", company="AAPL")
    assert figure(r, "8%").status == "ungrounded"


def test_an_amount_a_year_earlier_is_checked_for_the_year_before(sec):
    r = verify_answer(
        "NVIDIA's fiscal 2025 revenue was $130.5 billion, up from $60.9 billion a year earlier.", company="NVDA"
    )
    f = figure(r, "$60.9 billion")
    assert f.claimed_fiscal_year == 2024 and f.status == "grounded"
    assert f.support.accession_number == NVDA_FY2024_10K
    # 26,974,000,000 is FY2023's
    f = checked_figure(
        "NVIDIA's fiscal 2025 revenue was $130.5 billion, up from $27.0 billion a year earlier.",
        "$27.0 billion",
        "mismatched_period",
        company="NVDA",
    )
    assert f.support.accession_number == NVDA_FY2023_10K


# --- a bare calendar year at a company whose fiscal year is not the calendar year ------------------------


@pytest.mark.parametrize("stated,held", [("$60.9 billion", 2024), ("$130.5 billion", 2025)])
def test_nvidias_2024_revenue_is_ambiguous_naming_both_fiscal_years(sec, stated, held):
    r = verify_answer(f"NVIDIA's 2024 revenue was {stated}.", company="NVDA")
    f = figure(r, stated)
    assert f.status == "ambiguous" and "FY2024" in f.reason and "FY2025" in f.reason
    assert [(x.fiscal_year, x.start, x.end) for x in f.readings] == [
        (2024, date(2023, 1, 30), date(2024, 1, 28)),
        (2025, date(2024, 1, 29), date(2025, 1, 26)),
    ]
    assert [x.status == "grounded" for x in f.readings] == [held == 2024, held == 2025]
    assert r.verdict == "ambiguous" and not r.all_grounded and r.exit_status == ExitStatus.UNCONFIRMED


def test_a_2024_revenue_neither_fiscal_year_reports_is_ungrounded(sec):
    f = checked_figure("NVIDIA's 2024 revenue was $50.0 billion.", "$50.0 billion", "ungrounded", company="NVDA")
    assert [x.status for x in f.readings] == ["ungrounded", "ungrounded"]


def test_a_calendar_quarter_at_nvidia_is_ambiguous_and_a_fiscal_quarter_is_not(sec):
    checked_figure(
        "NVIDIA's Q3 2024 revenue was $18.1 billion.",
        "$18.1 billion",
        "ambiguous",
        "Q3 FY2024",
        "Q3 FY2025",
        company="NVDA",
    )
    f = checked_figure("NVIDIA's Q3 FY2025 revenue was $35.1 billion.", "$35.1 billion", "grounded", company="NVDA")
    assert f.support.accession_number == "0001045810-24-000316" and f.readings == []


def test_the_fiscal_year_named_outright_is_grounded(sec):
    r = verify_answer("NVIDIA's fiscal 2024 revenue was $60.9 billion.", company="NVDA")
    assert figure(r, "$60.9 billion").status == "grounded" and r.verdict == "grounded"


def test_a_calendar_year_that_reads_one_way_is_grounded(sec):
    # Apple's FY2024 (2023-10-01 to 2024-09-28) both ends in 2024 and lies mostly in it
    r = verify_answer("Apple's 2024 revenue was $391.0 billion.", company="AAPL")
    f = figure(r, "$391.0 billion")
    assert f.status == "grounded" and f.readings == [] and r.verdict == "grounded"
    # TSMC's fiscal year is the calendar year
    r = verify_answer("TSMC's revenue in 2024 was NT$2.89 trillion.", company="TSM")
    assert figure(r, "NT$2.89 trillion").status == "grounded" and r.verdict == "grounded"


# --- unchecked is not grounded -------------------------------------------------------------------------


def test_a_figure_after_the_facts_end_is_unchecked_and_not_grounded(sec):
    r = verify_answer("Tesla's fiscal 2023 revenue was $96.8 billion.", company="TSLA")
    f = figure(r, "$96.8 billion")
    # the note concept and compare give: where the facts end and the 10-K that holds FY2023
    assert f.status == "unchecked" and "XBRL facts end at 2022-09-30" in f.reason
    assert "0001628280-24-002390" in f.reason
    assert "0001628280-24-002390" in figure(r, "fiscal 2023").reason
    assert r.verdict == "unchecked" and r.all_grounded is False and r.exit_status == ExitStatus.UNCONFIRMED == 11


def test_a_figure_the_facts_hold_is_grounded(sec):
    r = verify_answer("Tesla's fiscal 2021 revenue was $53.8 billion.", company="TSLA")
    f = figure(r, "$53.8 billion")
    assert f.status == "grounded" and f.support.accession_number == "0000950170-22-000796"
    assert r.verdict == "grounded" and r.all_grounded and r.exit_status == 0


# --- a superseded figure is visible in the verdict -------------------------------------------------------


def test_apples_first_reported_fiscal_2009_net_income_is_superseded(sec):
    r = verify_answer("Apple's fiscal 2009 net income was $5.7 billion.", company="AAPL")
    f = figure(r, "$5.7 billion")
    assert f.status == "superseded" and f.flags == ["superseded_value"]
    assert (f.support.value, f.support.accession_number) == (5_704_000_000, "0001193125-09-214859")
    assert f.support.current_value == 8_235_000_000 and f.support.revision_kind == "restatement"
    assert r.verdict == "superseded" and r.flags == ["superseded_value"] and not r.all_grounded
    assert r.exit_status == ExitStatus.UNCONFIRMED
    assert any(w.startswith("$5.7 billion: Superseded value") and "8,235,000,000" in w for w in r.warnings)


def test_apples_restated_fiscal_2009_net_income_is_grounded(sec):
    r = verify_answer("Apple's fiscal 2009 net income was $8.2 billion.", company="AAPL")
    f = figure(r, "$8.2 billion")
    assert f.status == "grounded" and f.flags == [] and f.support.accession_number == "0001193125-10-012091"
    assert r.verdict == "grounded" and r.flags == []


# --- convenience translations and pre-split share counts ground with a note in the verdict ---------------


def test_tsmcs_usd_convenience_translation_is_flagged(sec):
    r = verify_answer("TSMC's revenue in 2024 was US$88.3 billion.", company="TSM")
    f = figure(r, "US$88.3 billion")
    assert f.status == "grounded" and f.flags == ["convenience_translation"]
    assert r.flags == ["convenience_translation"] and r.verdict == "grounded"
    assert any("reports in TWD" in w and "2,894,307,700,000" in w for w in r.warnings)
    assert "convenience translation" in r.summary


def test_tsmcs_twd_revenue_has_no_translation_flag(sec):
    r = verify_answer("TSMC's revenue in 2024 was NT$2.89 trillion.", company="TSM")
    assert figure(r, "NT$2.89 trillion").flags == [] and r.flags == [] and r.warnings == []


def test_a_pre_split_share_count_never_restated_is_flagged(sec):
    r = verify_answer("NVIDIA had 2.50 billion shares outstanding as of February 16, 2024.", company="NVDA")
    f = figure(r, "2.50 billion")
    assert f.status == "grounded" and f.support.accession_number == NVDA_FY2024_10K
    assert f.flags == ["pre_split_basis"] and r.flags == ["pre_split_basis"]
    assert any("10-for-1" in w and "25,000,000,000" in w for w in r.warnings)


def test_a_post_split_share_count_has_no_split_flag(sec):
    r = verify_answer("NVIDIA had 24.5 billion shares outstanding as of August 23, 2024.", company="NVDA")
    f = figure(r, "24.5 billion")
    assert f.status == "grounded" and f.support.accession_number == "0001045810-24-000264"
    assert f.flags == [] and r.flags == [] and r.verdict == "grounded"


# --- false alarms: half-years, nine months, "from X in fiscal 2023 to Y" ----------------------------------


@pytest.mark.parametrize(
    "text,accession",
    [
        ("NVIDIA's revenue for the six months ended July 30, 2017 was $4.17 billion.", "0001045810-17-000123"),
        ("NVIDIA's revenue for the nine months ended October 29, 2017 was $6.80 billion.", "0001045810-17-000172"),
        ("NVIDIA's revenue for the first half of fiscal 2018 was $4.17 billion.", "0001045810-17-000123"),
        ("NVIDIA's revenue for the first nine months of fiscal 2018 was $6.80 billion.", "0001045810-17-000172"),
    ],
)
def test_half_year_and_nine_month_revenue_is_grounded_in_that_period(sec, text, accession):
    r = verify_answer(text, company="NVDA")
    f = next(f for f in r.figures if f.kind == "money")
    assert f.status == "grounded", f.reason
    assert f.support.period_type == "ytd" and f.support.accession_number == accession
    assert r.verdict == "grounded"


def test_a_wrong_half_year_revenue_is_ungrounded(sec):
    checked_figure(
        "NVIDIA's revenue for the six months ended July 30, 2017 was $4.50 billion.",
        "$4.50 billion",
        "ungrounded",
        "4,167,000,000",
        company="NVDA",
    )


def test_the_end_point_of_from_to_does_not_inherit_the_base_year(sec):
    r = checked_answer(
        "NVIDIA's revenue grew 126% in fiscal 2024, from $27.0 billion in fiscal 2023 to $60.9 billion.",
        "grounded",
        company="NVDA",
    )
    assert figure(r, "$60.9 billion").claimed_fiscal_year == 2024
    r = verify_answer("NVIDIA's revenue grew 126% in fiscal 2024, from $27.0 billion to $60.9 billion.", company="NVDA")
    assert figure(r, "$27.0 billion").claimed_fiscal_year is None  # the base: never the sentence's year
    assert r.verdict == "grounded"


def test_a_wrong_end_point_of_from_to_is_still_caught(sec):
    f = checked_figure(
        "NVIDIA's revenue grew 126% in fiscal 2024, from $27.0 billion in fiscal 2023 to $130.5 billion.",
        "$130.5 billion",  # FY2025's
        "mismatched_period",
        company="NVDA",
        verdict="ungrounded",
    )
    assert f.support.accession_number == NVDA_FY2025_10K


# --- no figures, and paths --------------------------------------------------------------------------------


def test_an_answer_with_no_figures_is_not_a_pass(sec):
    r = verify_answer("NVIDIA designs GPUs.", company="NVDA")
    assert r.verdict == "no_figures" and not r.all_grounded and r.exit_status == ExitStatus.NO_FIGURES == 12


def test_period_mentions_alone_are_not_figures_but_count_when_contradicted(sec):
    r = verify_answer("NVIDIA's fiscal 2024 ended January 28, 2024.", company="NVDA")
    assert {f.status for f in r.figures} == {"grounded"} and r.verdict == "no_figures"
    r = verify_answer("NVIDIA's fiscal 2025 ended January 31, 2025.", company="NVDA")
    assert figure(r, "January 31, 2025").status == "ungrounded" and r.verdict == "ungrounded"


@pytest.mark.parametrize("answer", ["./answer.txt", "answer.txt", "notes/answer.md", "~/answer.txt"])
def test_a_path_that_names_no_file_is_an_invalid_argument(sec, answer):
    with pytest.raises(EdgarError) as exc:
        verify_answer(answer, company="NVDA")
    assert exc.value.code == "invalid_argument" and "path" in exc.value.message and exc.value.suggestion


def test_a_one_line_answer_with_a_figure_is_not_a_path(sec):
    r = verify_answer("Revenue: $60.9 billion in fiscal 2024.", company="NVDA")
    assert r.verdict == "grounded"


def test_shares_named_before_the_count_are_a_share_count_flagged_before_the_split(sec):
    # us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding FY2024: 2,494,000,000 in 0001045810-24-000029,
    # 24,940,000,000 after the split in 0001045810-25-000023 (before: read as money, grounded by a tax benefit)
    r = verify_answer("NVIDIA's diluted weighted average shares were 2.49 billion in fiscal 2024.", company="NVDA")
    f = figure(r, "2.49 billion")
    assert f.kind == "shares" and f.status == "grounded" and f.flags == ["pre_split_basis"]
    assert f.support.matched_tag == "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"
    f = checked_figure(
        "NVIDIA's diluted weighted average shares were 24.9 billion in fiscal 2024.",
        "24.9 billion",
        "grounded",
        company="NVDA",
    )
    assert f.flags == [] and f.support.accession_number == NVDA_FY2025_10K


# Apple's net income rose 19.50% in FY2025: 112,010,000,000 (0000320193-25-000079) against 93,736,000,000
# (0000320193-24-000123); Tesla's revenue rose 70.67% in FY2021 (53,823,000,000 in TSLA_FY2021_10K against
# 31,536,000,000 in TSLA_FY2020_10K) and 28.31% in FY2020 (against 24,578,000,000 in 0001564590-20-004475).
@pytest.mark.parametrize(
    "answer, company, stated",
    [
        pytest.param(
            "Apple's net income slipped 19.5% year over year in fiscal 2025, to $112.0 billion.",
            "AAPL",
            "19.5%",
            id="slipped 19.5% in the year net income rose 19.5%",
        ),
        pytest.param(
            "Apple's net income sank 19.5% in fiscal 2025.", "AAPL", "19.5%", id="sank 19.5% in the year it rose"
        ),
        pytest.param(
            "Apple's net income dipped 19.5% in fiscal 2025.", "AAPL", "19.5%", id="dipped 19.5% in the year it rose"
        ),
    ],
)
def test_a_fall_in_any_of_its_usual_words_is_not_grounded_by_a_rise(sec, answer, company, stated):
    checked_figure(answer, stated, "ungrounded", "direction disagrees", company=company, verdict="ungrounded")


def test_a_year_after_on_is_the_base_of_a_growth_rate_not_its_period(sec):
    f = checked_figure(
        "Tesla's 2021 revenue of $53.8 billion was up 71% on 2020.",
        "71%",
        "derived",
        company="TSLA",
        verdict="grounded",
    )
    assert "revenue FY2021" in f.formula
    assert [i.accession_number for i in f.inputs] == ["0000950170-22-000796", "0001564590-21-004599"]
    # 28% is FY2020's growth over FY2019, not FY2021's over FY2020
    r = verify_answer("Tesla's 2021 revenue of $53.8 billion was up 28% on 2020.", company="TSLA")
    assert figure(r, "28%").status in ("mismatched_period", "ungrounded")
    assert figure(r, "$53.8 billion").status == "grounded"
    assert r.verdict == "ungrounded"


# Snowflake us-gaap:NetIncomeLoss Q1 FY2026 (2025-02-01 to 2025-04-30) -430,092,000 against Q1 FY2025 (2024-02-01 to
# 2024-04-30): a loss 35.68% larger
@pytest.mark.parametrize(
    "answer",
    [
        "Snowflake's first-quarter net loss, $430 million, was 36% wider than a year earlier.",
        "Snowflake's first-quarter net loss, $430 million, grew 36% from a year earlier.",
        "Snowflake's first-quarter net loss widened 36% from a year earlier to $430 million.",
    ],
)
def test_a_loss_that_grew_is_a_fall_in_net_income_of_the_same_size(sec, answer):
    r = verify_answer(answer, company="SNOW")
    assert figure(r, "36%").status == "derived", figure(r, "36%").reason
    r = verify_answer(answer.replace("36%", "26%"), company="SNOW")
    assert figure(r, "26%").status != "derived" and r.verdict != "grounded"
    narrowed = answer.replace("wider", "narrower").replace("grew", "shrank").replace("widened", "narrowed")
    assert verify_answer(narrowed, company="SNOW").verdict != "grounded"

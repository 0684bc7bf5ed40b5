"""verify_answer on sentence structures: respectively-lists, "ended DATE", a date that is the wrong part.

Expected values come from the corpus' companyfacts and name their accession:
- Apple (CIK 320193): FY2024 (2023-10-01 to 2024-09-28) net sales 391,035,000,000 and net income
  93,736,000,000 in 0000320193-24-000123; FY2023 (2022-09-25 to 2023-09-30) net sales 383,285,000,000 in
  0000320193-23-000106; FY2022 (2021-09-26 to 2022-09-24) net sales 394,328,000,000 in 0000320193-22-000108;
  Q3 FY2023 (2023-04-02 to 2023-07-01) net sales 81,797,000,000 in 0000320193-23-000077.
- Tesla (CIK 1318605): FY2020 revenue 31,536,000,000 in 0001564590-21-004599; FY2021 53,823,000,000 in
  0000950170-22-000796.
- NVIDIA (CIK 1045810): FY2024 (to 2024-01-28) revenue 60,922,000,000 in 0001045810-24-000029; FY2025
  (2024-01-29 to 2025-01-26) revenue 130,497,000,000 in 0001045810-25-000023.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.verification.claims import extract_figures

AAPL_FY2024 = "0000320193-24-000123"
AAPL_FY2023 = "0000320193-23-000106"
AAPL_FY2022 = "0000320193-22-000108"
AAPL_Q3_FY2023 = "0000320193-23-000077"
TSLA_FY2020 = "0001564590-21-004599"
TSLA_FY2021 = "0000950170-22-000796"
NVDA_FY2024 = "0001045810-24-000029"
NVDA_FY2025 = "0001045810-25-000023"


@pytest.fixture
def sec(module_sec):
    return module_sec


def no_reason_contradicts_itself(result):
    """A figure is never called mismatched with the fiscal year it claims ("reported for FY2025 ..., not for
    fiscal 2025")."""
    for f in result.figures:
        if f.status == "mismatched_period" and f.support is not None and f.claimed_fiscal_year is not None:
            assert f.support.fiscal_year != f.claimed_fiscal_year, f.reason


# --- the grammar, read without SEC data --------------------------------------------------------


def test_a_respectively_list_gives_each_figure_its_own_period_in_order():
    figs = [
        f
        for f in extract_figures(
            "Apple's net sales were $394.3 billion and $383.3 billion in fiscal 2023 and 2022, respectively."
        )
        if f.kind == "money"
    ]
    assert [(f.text, f.fiscal_year, f.period_basis) for f in figs] == [
        ("$394.3 billion", 2023, "fiscal"),
        ("$383.3 billion", 2022, "fiscal"),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "NVIDIA's R&D expense: fiscal 2024 $8.68 billion, fiscal 2025 $12.91 billion, fiscal 2026 $18.50 billion.",
        "R&D expense was fiscal 2024: $8.68 billion; fiscal 2025: $12.91 billion; fiscal 2026: $18.50 billion.",
    ],
)
def test_a_list_of_periods_each_followed_by_its_figure_gives_each_figure_the_period_before_it(sentence):
    figs = [f for f in extract_figures(sentence) if f.kind == "money"]
    assert [(f.text, f.fiscal_year) for f in figs] == [
        ("$8.68 billion", 2024),
        ("$12.91 billion", 2025),
        ("$18.50 billion", 2026),
    ]


@pytest.mark.parametrize("word", ["below", "above"])
def test_a_year_after_below_or_above_is_what_the_figure_is_compared_with(word):
    figs = {f.text: f for f in extract_figures(f"TSMC's 2023 revenue was NT$2.16 trillion, slightly {word} 2022.")}
    assert figs["NT$2.16 trillion"].fiscal_year == 2023


def test_the_fiscal_word_of_a_list_of_years_distributes_over_the_list():
    kinds = {f.text: f.kind for f in extract_figures("Net sales fell in fiscal 2023 and 2022.")}
    assert kinds == {"fiscal 2023": "fiscal_year", "2022": "fiscal_year"}


def test_a_list_of_three_figures_and_three_years_is_paired_in_order():
    figs = [
        f
        for f in extract_figures(
            "Net sales were $391.0 billion, $383.3 billion, and $394.3 billion in 2024, 2023 and 2022, respectively."
        )
        if f.kind == "money"
    ]
    assert [f.fiscal_year for f in figs] == [2024, 2023, 2022]


def test_periods_named_before_their_figures_pair_with_respectively():
    figs = [
        f
        for f in extract_figures(
            "In fiscal 2024 and 2023, net sales were $391.0 billion and $383.3 billion, respectively."
        )
        if f.kind == "money"
    ]
    assert [f.fiscal_year for f in figs] == [2024, 2023]


def test_a_list_of_figures_and_a_longer_list_of_periods_are_left_unpaired_with_the_reason():
    figs = [
        f
        for f in extract_figures(
            "Net sales were $391.0 billion and $383.3 billion in 2022, 2023 and 2024, respectively."
        )
        if f.kind == "money"
    ]
    assert all(f.unchecked and "2 figures and 3 periods" in f.unchecked for f in figs)


def test_a_date_after_ended_is_an_end_and_after_beginning_a_start():
    roles = {
        f.text: f.date_role
        for f in extract_figures(
            "For the fiscal year ended October 1, 2023, sales rose. The year beginning September 25, 2022 was long. "
            "On May 3, 2024 it paid a dividend, as of June 1, 2024 it had cash."
        )
        if f.kind == "date"
    }
    assert roles == {
        "October 1, 2023": "end",
        "September 25, 2022": "start",
        "May 3, 2024": None,
        "June 1, 2024": "as_of",
    }


# --- respectively-lists against the corpus -------------------------------------------------------


def test_apples_swapped_respectively_sentence_is_not_grounded(sec):
    r = verify_answer(
        "Apple's net sales were $394.3 billion and $383.3 billion in fiscal 2023 and 2022, respectively.",
        company="AAPL",
    )
    assert r.verdict == "ungrounded" and not r.all_grounded
    first, second = figure(r, "$394.3 billion"), figure(r, "$383.3 billion")
    assert first.status == "mismatched_period" and first.support.accession_number == AAPL_FY2022
    assert "FY2022" in first.reason and "not for fiscal 2023" in first.reason
    assert second.status == "mismatched_period" and second.support.accession_number == AAPL_FY2023
    assert "not for fiscal 2022" in second.reason


def test_apples_true_respectively_sentence_is_grounded_each_figure_on_its_own_year(sec):
    r = verify_answer(
        "Apple's net sales were $383.3 billion and $394.3 billion in fiscal 2023 and 2022, respectively.",
        company="AAPL",
    )
    assert r.verdict == "grounded"
    assert figure(r, "$383.3 billion").support.accession_number == AAPL_FY2023
    assert figure(r, "$394.3 billion").support.accession_number == AAPL_FY2022
    assert figure(r, "$394.3 billion").claimed_fiscal_year == 2022


def test_a_respectively_list_of_three_years_and_one_of_calendar_years_are_checked_in_order(sec):
    three = verify_answer(
        "Apple's net sales were $391.0 billion, $383.3 billion and $394.3 billion in 2024, 2023 "
        "and 2022, respectively.",
        company="AAPL",
    )
    assert three.verdict == "grounded"
    assert [
        figure(three, t).support.accession_number for t in ("$391.0 billion", "$383.3 billion", "$394.3 billion")
    ] == [AAPL_FY2024, AAPL_FY2023, AAPL_FY2022]
    tesla = verify_answer(
        "Tesla's revenue was $31.5 billion and $53.8 billion in 2020 and 2021, respectively.", company="TSLA"
    )
    assert tesla.verdict == "grounded"
    assert figure(tesla, "$31.5 billion").support.accession_number == TSLA_FY2020
    assert figure(tesla, "$53.8 billion").support.accession_number == TSLA_FY2021
    swapped = verify_answer(
        "Tesla's revenue was $53.8 billion and $31.5 billion in 2020 and 2021, respectively.", company="TSLA"
    )
    assert swapped.verdict == "ungrounded"
    assert {f.status for f in swapped.figures if f.kind == "money"} == {"mismatched_period"}


def test_figures_right_before_a_list_of_fiscal_years_pair_without_respectively(sec):
    r = verify_answer(
        "Apple's net sales were $391.0 billion and $383.3 billion in fiscal 2024 and 2023.", company="AAPL"
    )
    assert r.verdict == "grounded"
    assert figure(r, "$383.3 billion").claimed_fiscal_year == 2023
    false = verify_answer(
        "Apple's net sales were $383.3 billion and $391.0 billion in fiscal 2024 and 2023.", company="AAPL"
    )
    assert false.verdict == "ungrounded"


def test_figures_of_two_measures_pair_with_the_periods_of_respectively_in_order(sec):
    r = verify_answer(
        "Apple's net sales were $391.0 billion and net income $93.7 billion in fiscal 2024 and 2023, respectively.",
        company="AAPL",
    )
    # 93,736,000,000 is FY2024's net income (0000320193-24-000123), claimed for fiscal 2023
    assert figure(r, "$391.0 billion").status == "grounded"
    assert figure(r, "$93.7 billion").status == "mismatched_period"
    assert r.verdict == "ungrounded"


def test_a_respectively_list_whose_counts_differ_leaves_its_figures_unchecked(sec):
    r = verify_answer(
        "Apple's net sales were $391.0 billion and $383.3 billion in 2022, 2023 and 2024, respectively.", company="AAPL"
    )
    assert r.verdict == "unchecked"
    for text in ("$391.0 billion", "$383.3 billion"):
        f = figure(r, text)
        assert f.status == "unchecked" and f.support is None
        assert "2 figures and 3 periods" in f.reason and "cannot tell which period" in f.reason


# --- "ended DATE": an end is checked against ends, exactly ----------------------------------------


def test_a_fiscal_year_ended_on_the_first_day_of_the_next_is_not_grounded(sec):
    r = verify_answer(
        "For the fiscal year ended October 1, 2023, Apple's net sales were $383.3 billion.", company="AAPL"
    )
    assert r.verdict == "ungrounded"
    day = figure(r, "October 1, 2023")
    assert day.status == "ungrounded" and "begins" not in day.reason
    assert "ended 2023-09-30, not 2023-10-01" in day.reason
    sales = figure(r, "$383.3 billion")  # the figure is right for FY2023: the date is what is wrong
    assert sales.status == "grounded" and sales.support.accession_number == AAPL_FY2023
    assert any("the date is what is wrong" in n.lower() for n in sales.notes)
    right = verify_answer(
        "For the fiscal year ended September 30, 2023, Apple's net sales were $383.3 billion.", company="AAPL"
    )
    assert right.verdict == "grounded"


def test_a_balance_as_of_the_day_after_a_quarter_end_blames_the_date_not_the_balance(sec):
    # Tesla's inventory (us-gaap:InventoryNet) 10,327,000,000 as of 2022-09-30 in its Q3 FY2022 10-Q
    # 0000950170-22-019867; 2022-10-01 is the first day of the fourth quarter, and no period ends on it
    r = verify_answer(
        "Tesla's inventory stood at $10.33 billion as of October 1, 2022, up from $5.76 billion at the end of 2021.",
        company="TSLA",
    )
    assert r.verdict == "ungrounded"
    day = figure(r, "October 1, 2022")
    assert day.status == "ungrounded" and "2022-09-30" in day.reason
    stock = figure(r, "$10.33 billion")
    assert stock.status == "grounded" and stock.support.accession_number == "0000950170-22-019867"
    assert any("the date is what is wrong" in n.lower() for n in stock.notes)
    right = verify_answer(
        "Tesla's inventory stood at $10.33 billion as of September 30, 2022, up from $5.76 billion at the end of 2021.",
        company="TSLA",
    )
    assert right.verdict == "grounded"


def test_a_figure_a_year_earlier_than_a_quarter_is_checked_for_the_same_quarter_a_year_before(sec):
    # Snowflake (CIK 1640147) us-gaap:GeneralAndAdministrativeExpense: Q1 FY2026 (2025-02-01 to 2025-04-30)
    # 209,587,000 and Q1 FY2025 (2024-02-01 to 2024-04-30) 93,148,000, in its 10-Q 0001640147-25-000110
    cite = ["0001640147-25-000110"]
    checked_figure(
        "Snowflake's 10-Q for the quarter ended April 30, 2025 shows general and administrative expense of "
        "$93.1 million, down from $209.6 million in the same quarter a year earlier.",
        "$209.6 million",
        "ungrounded",
        "2024-04-30",  # checked for Q1 FY2025, 93,148,000
        company="SNOW",
        cite=cite,
        verdict="ungrounded",
    )
    right = verify_answer(
        "Snowflake's 10-Q for the quarter ended April 30, 2025 shows general and administrative expense of "
        "$209.6 million, up from $93.1 million in the same quarter a year earlier.",
        company="SNOW",
        cite=cite,
    )
    assert right.verdict == "grounded"
    assert str(figure(right, "$93.1 million").support.end) == "2024-04-30"


def test_the_measure_carries_past_the_end_of_a_period_to_the_figure_after_it(sec):
    # Tesla us-gaap:CashAndCashEquivalentsAtCarryingValue 17,576,000,000 at 2021-12-31 and 19,532,000,000 at
    # 2022-09-30 (10-Q 0000950170-22-019867): "... at the end of 2021 to $19.53 billion" is cash too
    r = checked_answer(
        "Tesla's cash and cash equivalents rose from $17.58 billion at the end of 2021 to $19.53 billion at "
        "September 30, 2022.",
        "grounded",
        company="TSLA",
    )
    assert figure(r, "$19.53 billion").support.accession_number == "0000950170-22-019867"
    swapped = verify_answer(
        "Tesla's cash and cash equivalents fell from $19.53 billion at the end of 2021 to $17.58 billion at "
        "September 30, 2022.",
        company="TSLA",
    )
    assert swapped.verdict != "grounded"


def test_a_quarter_end_a_day_off_blames_the_date_and_names_the_reported_end(sec):
    r = verify_answer("Apple's total net sales for the quarter ended July 2, 2023 were $81.8 billion.", company="AAPL")
    assert r.verdict == "ungrounded"
    day = figure(r, "July 2, 2023")
    assert day.status == "ungrounded" and "2023-07-01" in day.reason
    sales = figure(r, "$81.8 billion")
    assert sales.status == "grounded" and sales.support.accession_number == AAPL_Q3_FY2023
    assert (
        verify_answer(
            "Apple's total net sales for the quarter ended July 1, 2023 were $81.8 billion.", company="AAPL"
        ).verdict
        == "grounded"
    )


def test_a_balance_date_in_prose_far_from_a_year_end_is_not_called_wrong(sec):
    # "as of" a date that is no period end and weeks from NVIDIA's FY2024 end (2024-01-28): unchecked, not
    # a date the answer got wrong
    r = verify_answer("As of March 15, 2024, NVIDIA was among the largest companies.", company="NVDA")
    assert figure(r, "March 15, 2024").status == "unchecked" and r.verdict != "ungrounded"


def test_a_start_date_is_checked_against_starts(sec):
    ok = verify_answer("Apple's fiscal 2024 began on October 1, 2023.", company="AAPL")
    assert figure(ok, "October 1, 2023").status == "grounded" and "begins" in figure(ok, "October 1, 2023").reason
    off = verify_answer("Apple's fiscal 2024 began on September 30, 2023.", company="AAPL")
    assert figure(off, "September 30, 2023").status == "ungrounded"
    assert "began 2023-10-01" in figure(off, "September 30, 2023").reason


# --- blame: the wrong part of a sentence is named ------------------------------------------------


def test_a_wrong_end_date_of_a_named_fiscal_year_is_blamed_not_the_correct_figure(sec):
    for answer in (
        "NVIDIA's revenue for fiscal 2025, which ended January 28, 2024, was $130.5 billion.",
        "In fiscal 2025 (ended January 28, 2024), NVIDIA's revenue was $130.5 billion.",
        "NVIDIA's fiscal 2025 revenue for the year ended January 28, 2024 was $130.5 billion.",
    ):
        r = verify_answer(answer, company="NVDA")
        assert r.verdict == "ungrounded", answer
        day = figure(r, "January 28, 2024")
        assert day.status == "ungrounded"
        assert "FY2025 ended 2025-01-26, not 2024-01-28" in day.reason and "end of FY2024" in day.reason
        revenue = figure(r, "$130.5 billion")
        assert revenue.status == "grounded" and revenue.support.accession_number == NVDA_FY2025, answer
        no_reason_contradicts_itself(r)


def test_a_figure_true_only_for_the_date_beside_a_wrong_fiscal_year_is_unchecked_with_both_readings(sec):
    r = verify_answer(
        "NVIDIA's revenue for fiscal 2025, which ended January 28, 2024, was $60.9 billion.", company="NVDA"
    )
    assert r.verdict == "ungrounded"  # the date contradicts fiscal 2025
    revenue = figure(r, "$60.9 billion")
    assert revenue.status == "unchecked"
    assert "fiscal 2025" in revenue.reason and "2024-01-28" in revenue.reason
    assert {(x.fiscal_year, x.status) for x in revenue.readings} == {(2025, "mismatched_period"), (2024, "grounded")}
    assert revenue.support.accession_number == NVDA_FY2024
    no_reason_contradicts_itself(r)


def test_a_correct_date_with_its_fiscal_year_stays_grounded(sec):
    checked_figure(
        "NVIDIA's revenue was $130.5 billion in fiscal 2025, which ended January 26, 2025.",
        "January 26, 2025",
        "grounded",
        company="NVDA",
        verdict="grounded",
    )


# --- lists of quarters and of "fiscal years" --------------------------------------------------------
# NVIDIA Q1 FY2025 (2024-01-29 to 2024-04-28) revenue 26,044,000,000 in 0001045810-24-000124; Q2 FY2025
# (2024-04-29 to 2024-07-28) 30,040,000,000 in 0001045810-24-000264; FY2023 revenue 26,974,000,000 in
# 0001045810-23-000017.


def test_the_quarters_of_a_respectively_list_take_the_year_named_once_at_its_end(sec):
    for answer in (
        "NVIDIA's revenue was $26.0 billion and $30.0 billion in the first and second quarters of "
        "fiscal 2025, respectively.",
        "NVIDIA's revenue was $26.0 billion and $30.0 billion in Q1 and Q2 FY2025, respectively.",
        "In fiscal 2025, NVIDIA's revenue was $26.0 billion and $30.0 billion in the first and second "
        "quarters, respectively.",
    ):
        r = verify_answer(answer, company="NVDA")
        assert r.verdict == "grounded", answer
        assert figure(r, "$26.0 billion").support.accession_number == "0001045810-24-000124"
        assert figure(r, "$30.0 billion").support.accession_number == "0001045810-24-000264"
    swapped = verify_answer(
        "NVIDIA's revenue was $30.0 billion and $26.0 billion in the first and second quarters "
        "of fiscal 2025, respectively.",
        company="NVDA",
    )
    assert swapped.verdict == "ungrounded"
    assert "not for Q1 fiscal 2025" in figure(swapped, "$30.0 billion").reason


def test_fiscal_years_written_once_before_a_list_make_each_year_fiscal(sec):
    r = verify_answer(
        "NVIDIA's revenue for fiscal years 2024 and 2023 was $60.9 billion and $27.0 billion, respectively.",
        company="NVDA",
    )
    assert r.verdict == "grounded"  # not calendar wording read two ways
    assert figure(r, "$27.0 billion").support.accession_number == "0001045810-23-000017"
    assert figure(r, "$60.9 billion").support.accession_number == NVDA_FY2024


@pytest.mark.parametrize(
    "right, swapped, company, accessions",
    [
        pytest.param(
            "For the years ended January 28, 2024 and January 29, 2023, NVIDIA's revenue was $60.9 "
            "billion and $27.0 billion, respectively.",
            "For the years ended January 28, 2024 and January 29, 2023, NVIDIA's revenue was $27.0 "
            "billion and $60.9 billion, respectively.",
            "NVDA",
            {},
            id="a respectively list of year-end dates pairs each figure with its date",
        ),
        pytest.param(
            "NVIDIA's revenue was $60.9 billion and $27.0 billion in fiscal 2024 compared with fiscal 2023.",
            "NVIDIA's revenue was $27.0 billion and $60.9 billion in fiscal 2024 compared with fiscal 2023.",
            "NVDA",
            {"$27.0 billion": "0001045810-23-000017"},
            id="two figures for two periods set against each other pair in order",
        ),
        pytest.param(
            "NVIDIA's revenue for fiscal 2024 and fiscal 2023 was $60.9 billion and $27.0 billion.",
            "NVIDIA's revenue for fiscal 2024 and fiscal 2023 was $27.0 billion and $60.9 billion.",
            "NVDA",
            {"$60.9 billion": NVDA_FY2024},
            id="periods listed before as many figures pair without respectively",
        ),
        pytest.param(
            "Gross profit climbed (fiscal 2025: $97.9 billion; fiscal 2024: $44.3 billion) as Data "
            "Center sales surged at NVIDIA.",
            "Gross profit climbed (fiscal 2025: $44.3 billion; fiscal 2024: $97.9 billion) as Data "
            "Center sales surged at NVIDIA.",
            "NVDA",
            {"$97.9 billion": NVDA_FY2025},
            id="a period labelling a figure with a colon is that figure's period",
        ),
    ],
)
def test_figures_paired_with_their_periods_are_grounded_and_swapped_they_are_not(
    sec, right, swapped, company, accessions
):
    r = verify_answer(right, company=company)
    assert r.verdict == "grounded"
    assert {text: figure(r, text).support.accession_number for text in accessions} == accessions
    assert verify_answer(swapped, company=company).verdict == "ungrounded"


# --- measure words: the claim's verb is not a part of the measure -------------------------------------
# NVIDIA total assets 111,601,000,000 and cash and cash equivalents 8,589,000,000 at 2025-01-26 in
# 0001045810-25-000023.


@pytest.mark.parametrize(
    "answer,company,accession",
    [
        ("NVIDIA had total assets of $111.6 billion at the end of fiscal 2025.", "NVDA", NVDA_FY2025),
        ("As of January 26, 2025, NVIDIA had cash and cash equivalents of $8.6 billion.", "NVDA", NVDA_FY2025),
        ("Tesla generated revenue of $53.8 billion in 2021.", "TSLA", TSLA_FY2021),
    ],
)
def test_a_verb_before_the_measure_is_not_read_as_a_segment(sec, answer, company, accession):
    r = verify_answer(answer, company=company)
    assert r.verdict == "grounded"
    assert [f.support.accession_number for f in r.figures if f.kind == "money"] == [accession]


def test_a_verb_before_the_measure_still_lets_a_wrong_year_be_caught(sec):
    r = verify_answer("Tesla generated revenue of $31.5 billion in 2021.", company="TSLA")
    assert figure(r, "$31.5 billion").status == "mismatched_period" and r.verdict == "ungrounded"
    segment = verify_answer("NVIDIA generated Data Center revenue of $115.2 billion in fiscal 2025.", company="NVDA")
    assert figure(segment, "$115.2 billion").status == "unchecked"  # a segment stays a part of revenue


def test_a_reading_of_calendar_wording_never_says_a_value_is_not_for_the_year_it_lies_in(sec):
    # NVIDIA's FY2025 (2024-01-29 to 2025-01-26, 130,497,000,000 in 0001045810-25-000023) lies mostly in 2024:
    # read as FY2024 the figure is of another period, but not "not for 2024".
    revenue = checked_figure(
        "In 2024, NVIDIA's revenue was $130.5 billion.", "$130.5 billion", "ambiguous", company="NVDA"
    )
    assert "not for 2024." not in revenue.reason and "not for 2024 read as FY2024" in revenue.reason
    reading = next(x for x in revenue.readings if x.fiscal_year == 2024)
    assert reading.status == "mismatched_period" and "not for 2024 read as FY2024" in reading.reason


# --- lists sharing their words, and periods set against each other ----------------------------------
# NVIDIA revenue growth: FY2024 over FY2023 126% (60,922M / 26,974M), FY2025 over FY2024 114% (130,497M in
# 0001045810-25-000023 / 60,922M).


def test_a_list_of_growth_rates_shares_its_verb_and_each_is_checked_for_its_own_year(sec):
    r = verify_answer("NVIDIA's revenue grew 126% and 114% in fiscal 2024 and 2025, respectively.", company="NVDA")
    assert r.verdict == "grounded"
    assert figure(r, "126%").status == figure(r, "114%").status == "derived"
    swapped = verify_answer(
        "NVIDIA's revenue grew 114% and 126% in fiscal 2024 and 2025, respectively.", company="NVDA"
    )
    assert swapped.verdict == "ungrounded"
    assert {figure(swapped, t).status for t in ("114%", "126%")} == {"mismatched_period"}


# --- a quarter's end date: NVIDIA Q3 FY2025 (2024-07-29 to 2024-10-27) revenue 35,082,000,000 in
# 0001045810-24-000316; 2023-10-29 ended Q3 FY2024.


def test_a_quarters_true_end_date_beside_its_quarter_is_grounded(sec):
    checked_figure(
        "NVIDIA's revenue for the third quarter of fiscal 2025, which ended October 27, 2024, was $35.1 billion.",
        "October 27, 2024",
        "grounded",
        company="NVDA",
        verdict="grounded",  # the date is the quarter's end, not fiscal 2025's
    )


@pytest.mark.parametrize(
    "answer",
    [
        "NVIDIA's revenue for the third quarter of fiscal 2025, which ended October 29, 2023, was $35.1 billion.",
        "In Q3 FY2025 (ended October 29, 2023), NVIDIA's revenue was $35.1 billion.",
    ],
)
def test_a_wrong_end_date_of_a_named_quarter_is_blamed_not_the_correct_figure(sec, answer):
    r = verify_answer(answer, company="NVDA")
    assert r.verdict == "ungrounded"
    day = figure(r, "October 29, 2023")
    assert day.status == "ungrounded" and "Q3 FY2025 ended 2024-10-27, not 2023-10-29" in day.reason
    revenue = figure(r, "$35.1 billion")
    assert revenue.status == "grounded" and revenue.support.accession_number == "0001045810-24-000316"
    no_reason_contradicts_itself(r)


def test_a_span_between_two_years_is_not_a_list_to_pair(sec):
    # FY2025 revenue 130,497,000,000 and net income 72,880,000,000 (0001045810-25-000023): both figures are the
    # span's end, neither is fiscal 2023's
    r = verify_answer(
        "Between fiscal 2023 and 2025, NVIDIA's revenue and net income rose to $130.5 billion and $72.9 billion.",
        company="NVDA",
    )
    assert r.verdict == "grounded"
    assert {f.claimed_fiscal_year for f in r.figures if f.kind == "money"} == {2025}


def test_a_cited_filings_text_does_not_settle_which_of_two_named_periods_a_figure_is_for(sec):
    r = verify_answer(
        "NVIDIA's revenue for fiscal 2025, which ended January 28, 2024, was $60.9 billion.",
        company="NVDA",
        cite=[NVDA_FY2024],
    )
    assert figure(r, "$60.9 billion").status == "unchecked" and r.verdict == "ungrounded"
    lists = verify_answer(
        "Apple's net sales were $391.0 billion and $383.3 billion in 2022, 2023 and 2024, respectively.",
        company="AAPL",
        cite=[AAPL_FY2024],
    )
    assert {f.status for f in lists.figures if f.kind == "money"} == {"unchecked"}


# --- "the year that ended on DATE", "PERIOD: FIGURE", and more measure words ---------------------------
# NVIDIA FY2025 revenue 130,497,000,000 and gross profit 97,858,000,000 (0001045810-25-000023), FY2024 gross
# profit 44,301,000,000 (0001045810-24-000029); Apple R&D FY2024 31,370,000,000 (0000320193-24-000123) and FY2023
# 29,915,000,000 (0000320193-23-000106); Apple Q1 FY2025 (to 2024-12-28) net sales 124,300,000,000 in
# 0000320193-25-000008, Q1 FY2024 (to 2023-12-30) 119,575,000,000 in 0000320193-24-000006.


def test_a_year_that_ended_on_a_date_is_a_year_not_a_balance(sec):
    r = verify_answer(
        "In the fiscal year that ended on January 26, 2025, NVIDIA's revenue reached $130.5 billion.", company="NVDA"
    )
    assert r.verdict == "grounded" and figure(r, "$130.5 billion").support.accession_number == NVDA_FY2025
    wrong = verify_answer(
        "In the fiscal year that ended on January 27, 2025, NVIDIA's revenue reached $130.5 billion.", company="NVDA"
    )
    assert wrong.verdict == "ungrounded" and figure(wrong, "January 27, 2025").status == "ungrounded"
    assert figure(wrong, "$130.5 billion").status == "grounded"  # the date is the wrong part
    no_reason_contradicts_itself(wrong)


@pytest.mark.parametrize(
    "answer,accessions",
    [
        (
            "Apple kept raising research and development spending in fiscal 2024 ($31.4 billion, against $29.9 billion "
            "in fiscal 2023).",
            [AAPL_FY2024, AAPL_FY2023],
        ),
        (
            "Apple's December-quarter net sales were $124.3 billion and $119.6 billion in Q1 FY2025 and Q1 FY2024, "
            "respectively.",
            ["0000320193-25-000008", "0000320193-24-000006"],
        ),
    ],
)
def test_a_gerund_or_a_months_quarter_before_the_measure_is_not_a_segment(sec, answer, accessions):
    r = verify_answer(answer, company="AAPL")
    assert r.verdict == "grounded"
    assert [f.support.accession_number for f in r.figures if f.kind == "money"] == accessions


def test_the_words_after_an_item_of_a_list_belong_to_the_next_item(sec):
    # LPA (CIK 1997711) ifrs-full:ProfitLoss 2023: 7,156,005 USD (0001493152-24-016772); 2024: -19,426,051 USD
    # (0001997711-25-000030): "a net loss of" after $7.2 million is $19.4 million's, not $7.2 million's
    r = verify_answer(
        "LPA recorded a net profit of $7.2 million and a net loss of $19.4 million in 2023 and 2024, respectively.",
        company="LPA",
    )
    assert r.verdict == "grounded"
    wrong = verify_answer(
        "LPA recorded a net loss of $7.2 million and a net loss of $19.4 million in 2023 and 2024, respectively.",
        company="LPA",
    )
    assert wrong.verdict == "ungrounded" and figure(wrong, "$7.2 million").status == "ungrounded"


# --- a sentence's one balance date, and a year that dates an event --------------------------------------
# Apple dei:EntityCommonStockSharesOutstanding 15,115,823,000 as of 2024-10-18 (0000320193-24-000123),
# 14,776,353,000 as of 2025-10-17 (0000320193-25-000079), 4,443,265,000 as of 2019-10-18 (0000320193-19-000119).


def test_the_one_balance_date_of_a_sentence_dates_its_figure_however_far_from_it(sec):
    ok = verify_answer(
        "Apple had 15,115,823,000 shares of common stock outstanding as of October 18, 2024.", company="AAPL"
    )
    assert ok.verdict == "grounded" and figure(ok, "15,115,823,000").claimed_period_end.isoformat() == "2024-10-18"
    wrong = verify_answer(
        "Apple had 14,776,353,000 shares of common stock outstanding as of October 18, 2024.", company="AAPL"
    )
    assert wrong.verdict == "ungrounded" and figure(wrong, "14,776,353,000").status == "ungrounded"


def test_a_year_that_dates_an_event_is_not_the_period_of_a_figure(sec):
    r = verify_answer(
        "As of October 18, 2019, Apple had about 4.44 billion shares outstanding, before its 2020 four-for-one split.",
        company="AAPL",
    )
    assert r.verdict == "grounded"
    assert figure(r, "4.44 billion").support.accession_number == "0000320193-19-000119"
    assert not [f for f in r.figures if f.text == "2020"]


def test_a_preposition_before_the_measure_is_not_a_segment(sec):
    # Tesla 2021 gross profit 13,606,000,000 and revenue 53,823,000,000 (0000950170-22-000796)
    r = verify_answer(
        "Tesla's 2021 gross margin, computed as gross profit of $13.6 billion over revenue of $53.8 "
        "billion, was 25.3%.",
        company="TSLA",
    )
    assert r.verdict == "grounded"
    assert figure(r, "$53.8 billion").support.accession_number == TSLA_FY2021


def test_one_period_after_a_list_of_figures_is_every_items_and_a_compared_list_is_no_pair(sec):
    # NVIDIA FY2024 revenue 60,922,000,000 and net income 29,760,000,000 (0001045810-24-000029)
    r = verify_answer(
        "Compared with fiscal 2023 and 2022, NVIDIA's revenue and net income of $60.9 billion and "
        "$29.8 billion in fiscal 2024 were records.",
        company="NVDA",
    )
    assert r.verdict == "grounded"
    assert {figure(r, t).claimed_fiscal_year for t in ("$60.9 billion", "$29.8 billion")} == {2024}


def test_a_direction_the_values_contradict_is_the_wrong_part_of_the_claim(sec):
    # Apple FY2024 net sales 391,035,000,000 over FY2023 383,285,000,000; FY2023 below FY2022 394,328,000,000
    for answer in (
        "Apple posted net sales of $391.0 billion in fiscal 2024, down from $383.3 billion.",
        "Apple posted net sales of $383.3 billion in fiscal 2023, up from $394.3 billion in fiscal 2022.",
    ):
        r = verify_answer(answer, company="AAPL")
        assert r.verdict == "ungrounded", answer
        wrong = [f for f in r.figures if f.status == "ungrounded"]
        assert len(wrong) == 1 and "the direction is wrong" in wrong[0].reason
    for answer in (
        "Apple posted net sales of $391.0 billion in fiscal 2024, up from $383.3 billion.",
        "Apple posted net sales of $383.3 billion in fiscal 2023, down from $394.3 billion in fiscal 2022.",
    ):
        assert verify_answer(answer, company="AAPL").verdict == "grounded", answer


def test_a_sentences_balance_date_dates_a_years_figure_as_the_year_ending_then(sec):
    # NVIDIA cash 8,589,000,000 at 2025-01-26 and FY2025 revenue 130,497,000,000 (0001045810-25-000023)
    r = verify_answer(
        "As of January 26, 2025, NVIDIA had $8.6 billion in cash and cash equivalents, and its revenue "
        "for the year was $130.5 billion.",
        company="NVDA",
    )
    assert r.verdict == "grounded"
    assert figure(r, "$130.5 billion").support.accession_number == NVDA_FY2025


@pytest.mark.parametrize(
    ("answer", "company", "cite"),
    [
        # NVIDIA's FY2024 diluted EPS is 1.19 on today's basis as the FY2025 10-K (0001045810-25-000023) presents
        # it; "the fiscal 2025 10-K" names the filing, not the period of the figure
        ("NVIDIA's fiscal 2024 diluted EPS, as presented in the fiscal 2025 10-K, was $1.19.", "NVDA", NVDA_FY2025),
        # Apple's FY2024 net income 93,736,000,000 in its FY2024 10-K 0000320193-24-000123: no other period named
        ("In its fiscal 2024 Form 10-K, Apple reported net income of $93.7 billion.", "AAPL", AAPL_FY2024),
    ],
)
def test_the_year_of_a_filing_is_the_figures_period_only_when_the_sentence_names_no_other(sec, answer, company, cite):
    checked_answer(answer, "grounded", company=company, cite=[cite])


def test_a_company_without_xbrl_facts_here_is_checked_on_cited_text_and_never_contradicted(sec):
    # The corpus holds no companyfacts for Amazon (CIK 1018724), nor its submissions: the cited 10-K cannot be
    # located, so nothing speaks for or against the figure
    r = verify_answer("Amazon's net income was $59.2 billion in 2024.", company="AMZN", cite=["0001018724-25-000004"])
    assert r.verdict == "unchecked" and all(f.status != "ungrounded" for f in r.figures)
    assert any("no XBRL financial data" in n and "cited filings' text only" in n for n in r.notes)


def test_a_list_of_fiscal_years_each_before_its_figure_is_grounded_year_by_year(sec):
    # us-gaap:ResearchAndDevelopmentExpense FY2024 8,675,000,000 (0001045810-24-000029), FY2025 12,914,000,000
    # (0001045810-25-000023), FY2026 18,497,000,000 (0001045810-26-000021)
    r = verify_answer(
        "NVIDIA's R&D expense: fiscal 2024 $8.68 billion, fiscal 2025 $12.91 billion, fiscal 2026 $18.50 billion.",
        company="NVDA",
    )
    assert [
        (t, figure(r, t).status, figure(r, t).support.accession_number) for t in ("$8.68 billion", "$12.91 billion")
    ] == [
        ("$8.68 billion", "grounded", "0001045810-24-000029"),
        ("$12.91 billion", "grounded", "0001045810-25-000023"),
    ]
    assert r.verdict == "grounded"
    # the same figures a year out of place: each is of the year before the one it follows
    r = verify_answer(
        "NVIDIA's R&D expense: fiscal 2025 $8.68 billion, fiscal 2026 $12.91 billion, fiscal 2024 $18.50 billion.",
        company="NVDA",
    )
    assert figure(r, "$8.68 billion").status == "mismatched_period" and r.verdict == "ungrounded"


def test_a_revenue_slightly_below_another_year_is_checked_for_its_own_year(sec):
    # ifrs-full:Revenue 2023: 2,161,735,800,000 TWD in the 20-F 0001193125-24-099840
    f = checked_figure(
        "TSMC's 2023 revenue was NT$2.16 trillion, slightly below 2022.", "NT$2.16 trillion", "grounded", company="TSM"
    )
    assert f.support.accession_number == "0001193125-24-099840"


# --- quarters named by the month they close in ---------------------------------------------------

NVDA_Q3_FY2026 = "0001045810-25-000230"


@pytest.mark.parametrize(("amount", "grounded"), [("$31.9 billion", True), ("$19.3 billion", False)])
def test_a_quarter_named_by_its_month_and_year_and_then_by_its_fiscal_name_is_that_one_quarter(sec, amount, grounded):
    """NVIDIA 10-Q 0001045810-25-000230: us-gaap:NetIncomeLoss 31,910,000,000 for 2025-07-28 to 2025-10-26 (Q3
    FY2026, the October 2025 quarter); 19,309,000,000 for the year-earlier quarter. The month's year is the
    month's, not a calendar year the quarter's ordinal is read in."""
    out = verify_answer(
        f"NVIDIA earned net income of {amount} in its October 2025 quarter, the third quarter of fiscal 2026.",
        company="NVDA",
    )
    assert (out.verdict == "grounded") is grounded, [(f.text, f.status, f.reason) for f in out.figures]
    if not grounded:
        assert figure(out, amount).status in ("ungrounded", "mismatched_period")


def test_an_amount_in_parentheses_after_a_month_named_quarter_is_its_value_and_the_year_earlier_quarter_is_a_year_back(
    sec,
):
    """NVIDIA 10-Q 0001045810-25-000230: us-gaap:EarningsPerShareDiluted 1.30 for Q3 FY2026 (to 2025-10-26) and
    0.78 for Q3 FY2025 (to 2024-10-27): "($1.30)" after the quarter is an aside, not a loss."""
    checked_answer(
        "NVIDIA's diluted EPS for the October 2025 quarter ($1.30) compared with $0.78 in the year-earlier quarter.",
        "grounded",
        company="NVDA",
    )
    swapped = verify_answer(
        "NVIDIA's diluted EPS for the October 2025 quarter ($0.78) compared with $1.30 in the year-earlier quarter.",
        company="NVDA",
    )
    assert swapped.verdict != "grounded"
    assert all(f.status != "grounded" for f in swapped.figures if f.kind == "per_share")


@pytest.mark.parametrize(
    "words", ["the calendar third quarter of 2024", "calendar Q3 2024", "the third calendar quarter of 2024"]
)
def test_a_quarter_called_calendar_outright_is_the_fiscal_quarter_covering_most_of_its_months(sec, words):
    """NVIDIA us-gaap:Revenues 35,082,000,000 for 2024-07-29 to 2024-10-27 (Q3 FY2025, 10-Q 0001045810-24-000316),
    which covers most of July-September 2024; 18,120,000,000 for Q3 FY2024 (2023-07-31 to 2023-10-29), which the
    company labels "third quarter" of fiscal 2024 but which is no calendar quarter of 2024."""
    true = checked_answer(f"In {words}, NVIDIA's revenue was $35.1 billion.", "grounded", company="NVDA")
    assert "read as Q3 FY2025" in figure(true, "$35.1 billion").reason
    false = verify_answer(f"In {words}, NVIDIA's revenue was $18.1 billion.", company="NVDA")
    assert false.verdict != "grounded"
    assert figure(false, "$18.1 billion").status in ("ungrounded", "mismatched_period")


def test_a_quarter_named_by_the_months_it_covers_is_the_fiscal_quarter_closing_in_the_last_one(sec):
    """Apple us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax 124,300,000,000 for 2024-09-29 to
    2024-12-28 (Q1 FY2025, 10-Q 0000320193-25-000008)."""
    checked_answer(
        "In the quarter covering October through December 2024, Apple's net sales were $124.3 billion.", "grounded"
    )
    out = verify_answer("In the quarter covering October through December 2024, Apple's net sales were $94.9 billion.")
    assert out.verdict != "grounded"


@pytest.mark.parametrize(
    ("claim", "company", "day", "amount"),
    [
        # Apple 10-K 0000320193-25-000079: net sales 416,161,000,000 for FY2025 (2024-09-29 to 2025-09-27); FY2024
        # ended 2024-09-28
        (
            "For the fiscal year ended September 29, 2024, Apple's net sales were $416.2 billion.",
            "AAPL",
            "September 29, 2024",
            "$416.2 billion",
        ),
        # NVIDIA 10-K 0001045810-26-000021: us-gaap:Revenues 215,938,000,000 for FY2026 (2025-01-27 to 2026-01-25);
        # FY2025 ended 2025-01-26
        (
            "For the fiscal year ended January 27, 2025, NVIDIA's revenue was $215.9 billion.",
            "NVDA",
            "January 27, 2025",
            "$215.9 billion",
        ),
    ],
)
def test_a_year_ended_on_the_first_day_of_the_next_year_blames_the_date_not_the_next_year_s_figure(
    sec, claim, company, day, amount
):
    out = verify_answer(claim, company=company)
    assert out.verdict != "grounded"
    assert figure(out, day).status == "ungrounded", figure(out, day).reason
    assert figure(out, amount).status == "unchecked", figure(out, amount).reason
    assert "began on" in figure(out, amount).reason


@pytest.mark.parametrize(("amount", "grounded"), [("$102.5 billion", True), ("$94.9 billion", False)])
def test_a_month_named_quarter_closing_the_fiscal_year_is_derived_from_the_annual_figure_less_nine_months(
    sec, amount, grounded
):
    """Apple 10-K 0000320193-25-000079: net sales 416,161,000,000 for FY2025 (to 2025-09-27); the 10-Q for the
    June 2025 quarter gives 313,695,000,000 for the first nine months: the September 2025 quarter is 102,466,000,000."""
    out = verify_answer(
        f"Apple's implied net sales for the September 2025 quarter were about {amount} (annual $416.2 billion less "
        "$313.7 billion for the first nine months).",
    )
    assert (out.verdict == "grounded") is grounded, [(f.text, f.status, f.reason) for f in out.figures]
    assert figure(out, "$416.2 billion").status == "grounded"
    assert figure(out, "$313.7 billion").status == "grounded"
    if grounded:
        assert figure(out, amount).status == "derived"


# --- a list of measures, one not named outright, taking its amounts in order --------------------------------------
# Apple FY2024 (2023-10-01 to 2024-09-28) in 0000320193-24-000123: us-gaap:NetIncomeLoss 93,736,000,000,
# us-gaap:PaymentsForRepurchaseOfCommonStock 94,949,000,000, us-gaap:PaymentsOfDividends 15,234,000,000.


def test_a_list_of_measures_without_respectively_takes_its_amounts_in_order(sec):
    r = checked_answer(
        "In fiscal 2024 Apple's net income, share repurchases and dividends paid came to $93.7 billion, "
        "$94.9 billion and $15.2 billion.",
        "grounded",
        company="AAPL",
    )
    tags = {
        "$93.7 billion": "us-gaap:NetIncomeLoss",
        "$94.9 billion": "us-gaap:PaymentsForRepurchaseOfCommonStock",
        "$15.2 billion": "us-gaap:PaymentsOfDividends",
    }
    for text, tag in tags.items():
        f = figure(r, text)
        assert f.support is not None and f.support.matched_tag == tag, f.reason
        assert f.support.accession_number in (AAPL_FY2024, "0000320193-25-000079")


def test_a_list_of_measures_with_two_amounts_swapped_is_not_grounded_and_blames_them(sec):
    r = verify_answer(
        "In fiscal 2024 Apple's net income, share repurchases and dividends paid came to $94.9 billion, "
        "$93.7 billion and $15.2 billion.",
        company="AAPL",
    )
    assert r.verdict == "ungrounded"
    assert figure(r, "$94.9 billion").status == "ungrounded"
    assert figure(r, "$93.7 billion").status == "ungrounded"
    assert figure(r, "$15.2 billion").status == "grounded"

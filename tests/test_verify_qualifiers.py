"""What a sentence claims beyond a figure's value (verification/qualifiers.py): directions, multiples, week counts,
bases and superlatives, each checked against the corpus' companyfacts or left unchecked, never grounded unchecked.

Expected values are read from the corpus companyfacts and named by accession number.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    return module_sec


def verdict_of(answer: str, company: str | None = None) -> tuple[str, dict[str, str]]:
    r = verify_answer(answer, company=company)
    return r.verdict, {f.text: f.status for f in r.figures}


@pytest.mark.parametrize(
    "answer,verdict",
    [
        # Snowflake's net loss widened: -836,097,000 (FY2024, 0001640147-24-000101) to -1,285,640,000 (FY2025,
        # 0001640147-25-000052)
        ("Snowflake's net loss narrowed to $1.29 billion in fiscal 2025.", "ungrounded"),
        ("Snowflake's net loss widened to $1.29 billion in fiscal 2025.", "grounded"),
        # Apple's net sales: 383,285M (FY2023, 0000320193-23-000106), 391,035M (FY2024, 0000320193-24-000123)
        ("Apple's net sales fell to $391.0 billion in fiscal 2024.", "ungrounded"),
        ("Apple's net sales rose to $391.0 billion in fiscal 2024.", "grounded"),
        # FY2022 394,328M (0000320193-22-000108): FY2023 fell
        ("Apple's net sales grew to $383.3 billion in fiscal 2023.", "ungrounded"),
    ],
)
def test_a_direction_word_is_checked_against_the_year_before(sec, answer, verdict):
    assert verdict_of(answer)[0] == verdict


@pytest.mark.parametrize(
    "answer,verdict",
    [
        # NVIDIA revenue 26,974M (FY2023, 0001045810-23-000017) to 60,922M (FY2024, 0001045810-24-000029): 2.26x
        ("NVIDIA's revenue more than tripled in fiscal 2024 to $60.9 billion.", "ungrounded"),
        ("NVIDIA's revenue more than doubled in fiscal 2024 to $60.9 billion.", "grounded"),
    ],
)
def test_a_multiple_in_words_is_checked(sec, answer, verdict):
    assert verdict_of(answer)[0] == verdict


def test_a_week_count_is_checked_against_the_periods_length(sec):
    # NVIDIA's FY2022 ran 2021-02-01 to 2022-01-30 (364 days, 52 weeks): revenue 26,914M (0001045810-22-000036)
    assert verdict_of("NVIDIA's revenue for the 53-week fiscal year 2022 was $26.9 billion.")[0] == "ungrounded"
    assert verdict_of("NVIDIA's revenue for the 52-week fiscal year 2022 was $26.9 billion.")[0] == "grounded"


@pytest.mark.parametrize(
    "answer,verdict",
    [
        # Apple FY2025 416,161M (0000320193-25-000079) against FY2023 383,285M (0000320193-23-000106): +8.58%
        ("Apple's fiscal 2025 net sales of $416.2 billion were up 9% from fiscal 2023.", "grounded"),
        ("Apple's fiscal 2025 net sales of $416.2 billion were up 6% from fiscal 2023.", "ungrounded"),
        # NVIDIA FY2025 130,497M against FY2023 26,974M: +384%, not the one-year 114%
        ("NVIDIA's revenue grew 114% from fiscal 2023 to fiscal 2025.", "ungrounded"),
    ],
)
def test_a_growth_rate_is_measured_from_the_base_the_sentence_names(sec, answer, verdict):
    assert verdict_of(answer)[0] == verdict


def test_a_record_is_checked_against_every_earlier_year(sec):
    # FY2022's 394,328M (0000320193-22-000108) is above FY2024's 391,035M: not a record
    assert verdict_of("Apple's fiscal 2024 net sales of $391.0 billion were a record.")[0] == "ungrounded"
    # FY2025 net income 112,010M is the highest of Apple's fiscal years in the facts
    assert verdict_of("Apple's fiscal 2025 net income, $112.0 billion, was its highest yet.")[0] == "grounded"


@pytest.mark.parametrize(
    "company,ours,theirs", [("AAPL", "$391.0 billion", "$60.9 billion"), ("NVDA", "$60.9 billion", "$391.0 billion")]
)
def test_in_a_sentence_naming_two_companies_a_figure_is_about_the_name_before_it(sec, company, ours, theirs):
    # Apple FY2024 net sales 391,035M (0000320193-24-000123); NVIDIA FY2024 revenue 60,922M (0001045810-24-000029)
    _, status = verdict_of(
        "Apple's fiscal 2024 net sales of $391.0 billion dwarfed NVIDIA's fiscal 2024 revenue of $60.9 billion.",
        company,
    )
    assert status[ours] == "grounded" and status[theirs] == "unchecked"  # never ungrounded against the wrong company


@pytest.mark.parametrize(
    "answer,verdict",
    [
        # Apple FY2024 net income 93,736M (0000320193-24-000123); FY2025 net sales 416,161M (0000320193-25-000079)
        ("Apple's net income did not exceed $100 billion in fiscal 2024.", "grounded"),
        ("Apple's net sales did not reach $420 billion in fiscal 2025.", "grounded"),
        ("Apple's net sales topped $410 billion in fiscal 2025.", "grounded"),
        ("Apple's net sales exceeded $420 billion in fiscal 2025.", "ungrounded"),
    ],
)
def test_bounds_in_verbs_are_read_as_bounds(sec, answer, verdict):
    # review: "did not exceed", "topped", "exceeded" were read as exact figures (false alarms)
    assert verdict_of(answer)[0] == verdict


def test_the_year_of_an_event_in_the_companys_life_is_no_figure(sec):
    # review: "founded in 1976" was checked as a figure and called ungrounded; Apple FY2024 net sales 391,035M
    verdict, status = verdict_of("Apple, founded in 1976, reported net sales of $391.0 billion in fiscal 2024.")
    assert verdict == "grounded" and "1976" not in status


@pytest.mark.parametrize(
    "answer",
    [
        # second review: period wording the reader does not read fell back to the fiscal year's value
        "Apple's revenue for the December quarter of 2024 was $391.0 billion.",  # FY2024 391,035M; Q1 FY2025 124,300M
        "Apple's revenue in the second half of fiscal 2025 was $416.2 billion.",  # FY2025 416,161M; H2 196,502M
        "Tesla's revenue in the September quarter of 2020 was $31.5 billion.",  # FY2020 31,536M (0001564590-21-004599)
        "NVIDIA's revenue run-rate at the end of fiscal 2025 was $130.5 billion.",
        "Two years ago NVIDIA's revenue was $215.9 billion.",  # FY2026 215,938M, the latest year
        "Apple's revenue in calendar 2024 was $391.0 billion.",  # Apple's fiscal year ends in September
    ],
)
def test_period_wording_edgar_does_not_read_never_grounds_on_the_fiscal_year(sec, answer):
    assert verdict_of(answer)[0] != "grounded"


def test_an_unchecked_change_in_percentage_points_keeps_the_answer_from_grounded(sec):
    # NVIDIA's gross margin rose 15.79 points in FY2024 (44,301/60,922 against 15,356/26,974): 30.0 is false
    assert verdict_of("NVIDIA's gross margin expanded 30.0 percentage points to 72.7% in fiscal 2024.")[0] != "grounded"


def test_the_base_of_an_up_from_is_the_year_before(sec):
    # Apple's gross margin FY2025 46.9%, FY2024 46.2% (195,201/416,161 and 180,683/391,035); 43.3% is FY2022's
    assert verdict_of("Apple's gross margin was 46.9% in fiscal 2025, up from 43.3%.")[0] != "grounded"
    assert verdict_of("Apple's gross margin was 46.9% in fiscal 2025, up from 46.2%.")[0] == "grounded"


def test_a_figure_written_twice_is_placed_by_its_own_position(sec):
    # NVIDIA's FY2025 revenue is 130,497M, not Apple's 416,161M: the second "$416.2 billion" follows NVIDIA
    r = verify_answer(
        "Apple's fiscal 2025 revenue was $416.2 billion, while NVIDIA's fiscal 2025 revenue was $416.2 billion.",
        company="AAPL",
    )
    assert [f.status for f in r.figures if f.kind == "money"] == ["grounded", "unchecked"]


@pytest.mark.parametrize(
    "answer,verdict",
    [
        # second review: number-only dates were not read. Apple Q1 FY2025 (2024-09-29 to 2024-12-28) revenue 124,300M
        # (0000320193-25-000008); NVIDIA FY2024 ended 2024-01-28, revenue 60,922M (0001045810-24-000029)
        ("Apple's revenue for the quarter ended 12/28/2024 was $124.3 billion.", "grounded"),
        ("Apple's revenue for the quarter ended 12/28/2024 was $391.0 billion.", "ungrounded"),
        ("For the fiscal year ended 1/28/2024, NVIDIA's revenue was $60.9 billion.", "grounded"),
        ("For the fiscal year ended 1/29/2024, NVIDIA's revenue was $60.9 billion.", "ungrounded"),
    ],
)
def test_a_us_numeric_date_is_read_as_a_date(sec, answer, verdict):
    assert verdict_of(answer)[0] == verdict


def test_calendar_wording_at_a_company_whose_fiscal_year_is_the_calendar_year_is_read_as_that_year(sec):
    # Tesla us-gaap:ShareBasedCompensation 2,121,000,000 for 2021 (10-K 0000950170-22-000796), 1,734,000,000 for
    # 2020 and 898,000,000 for 2019: its fiscal years are calendar years
    said = "In calendar 2021, Tesla recorded $2.12 billion of stock-based compensation, compared with {} in 2020."
    checked_answer(said.format("$1.73 billion"), "grounded", company="TSLA")
    assert verify_answer(said.format("$898 million"), company="TSLA").verdict != "grounded"


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # NVIDIA us-gaap:Revenues FY2025 (2024-01-29..2025-01-26) 130,497,000,000 (10-K 0001045810-25-000023), FY2024
        # (2023-01-30..2024-01-28) 60,922,000,000 (10-K 0001045810-24-000029)
        ("In calendar 2024, which NVIDIA counts as fiscal 2025, revenue was $130.5 billion.", "grounded"),
        ("In calendar 2024 (NVIDIA's fiscal 2025), revenue was $130.5 billion.", "grounded"),
        ("In calendar 2024, which NVIDIA counts as fiscal 2025, revenue was $60.9 billion.", "ungrounded"),
        # FY2024 lies mostly in calendar 2023: the sentence's equation is false, its figure never grounded
        ("In calendar 2024, which NVIDIA counts as fiscal 2024, revenue was $60.9 billion.", "not grounded"),
        # Snowflake us-gaap:NetIncomeLoss FY2025 (2024-02-01..2025-01-31) -1,285,640,000 (10-K 0001640147-25-000052)
        ("Over calendar 2024 (its fiscal year ended January 31, 2025) Snowflake lost $1.29 billion.", "grounded"),
        ("Over calendar 2024 (its fiscal year ended January 31, 2025) Snowflake lost $1.29 million.", "ungrounded"),
    ],
)
def test_a_calendar_year_the_sentence_calls_a_fiscal_year_is_that_fiscal_year_when_it_lies_mostly_in_it(
    sec, answer, verdict
):
    got, statuses = verdict_of(answer)
    if verdict == "not grounded":
        assert got != "grounded", statuses
    else:
        assert got == verdict, statuses

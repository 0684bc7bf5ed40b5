"""verify_answer grounds a figure on a cited passage only when the passage says it of the same measure, the
same period and the same instant (issue 32, item 5).

Passages, from www.sec.gov/Archives in ../shared/sec-corpus:
- Netflix (CIK 1065280) 10-K for 2024, 0001065280-25-000044 (nflx-20241231.htm): "Advertising expenses were
  $ 1,779 million, $ 1,732 million and $ 1,586 million for the years ended December 31, 2024, 2023 and 2022,
  respectively."
- CARBO Ceramics (CIK 1009672) 10-K for 2017, 0001564590-18-004771 (crr-10k_20171231.htm): "At December 31, 2017,
  we had cash and cash equivalents and restricted cash of $78.4 million compared to cash and cash equivalents and
  restricted cash of $91.7 million at December 31, 2016."
- Tesla (CIK 1318605) 10-K for 2024, 0001628280-25-003063 (tsla-20241231.htm): "In 2024, we produced approximately
  1,773,000 consumer vehicles and delivered approximately 1,789,000 consumer vehicles."
- NVIDIA (CIK 1045810) 10-K for fiscal 2025, 0001045810-25-000023 (nvda-20250126.htm): "As of the end of fiscal year
  2025, we had approximately 36,000 employees in 38 countries; 27,100 were engaged in research and development and
  8,900 were engaged in sales, marketing, operations, and administrative positions."
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


NFLX_2024 = "0001065280-25-000044:nflx-20241231.htm"
CRR_2017 = "0001564590-18-004771:crr-10k_20171231.htm"
TSLA_2024 = "0001628280-25-003063:tsla-20241231.htm"
NVDA_FY2025 = "0001045810-25-000023:nvda-20250126.htm"


def test_a_respectively_passage_grounds_each_figure_only_for_the_year_in_its_place(sec):
    checked_answer(
        "Netflix's advertising expenses were $1,779 million, $1,732 million and $1,586 million in 2024, 2023 and "
        "2022, respectively.",
        "grounded",
        cite=[NFLX_2024],
    )
    swapped = verify_answer(
        "Netflix's advertising expenses were $1,732 million, $1,779 million and $1,586 million in 2024, 2023 and "
        "2022, respectively.",
        cite=[NFLX_2024],
    )
    assert swapped.verdict != "grounded"
    assert figure(swapped, "$1,732 million").status != "grounded"
    assert figure(swapped, "$1,779 million").status != "grounded"
    assert figure(swapped, "$1,586 million").status == "grounded"


@pytest.mark.parametrize(
    ("company", "cite", "claim", "said", "other"),
    [
        pytest.param(
            "1009672",
            CRR_2017,
            "As of December 31, 2017, CARBO had {} of cash, cash equivalents and restricted cash.",
            "$78.4 million",
            "$91.7 million",
            id="a balance the passage gives at another date does not ground the claimed dates",
        ),
        pytest.param(
            "TSLA",
            TSLA_2024,
            "Tesla delivered approximately {} consumer vehicles in 2024, its 10-K says.",
            "1,789,000",
            "1,773,000",
            id="a passage number of another measure does not ground the figure",
        ),
        pytest.param(
            "NVDA",
            NVDA_FY2025,
            "At the end of fiscal 2025 NVIDIA had about 36,000 employees in 38 countries, {} of them in research "
            "and development.",
            "27,100",
            "8,900",
            id="a number that heads its clause owns the words after it not the previous numbers",
        ),
    ],
)
def test_the_passage_grounds_the_number_it_says_and_not_its_number_of_something_else(
    sec, company, cite, claim, said, other
):
    true = verify_answer(claim.format(said), company=company, cite=[cite])
    assert figure(true, said).status == "grounded", figure(true, said).reason
    swapped = verify_answer(claim.format(other), company=company, cite=[cite])
    assert figure(swapped, other).status != "grounded" and swapped.verdict != "grounded"


def test_a_figure_said_of_what_lies_outside_a_place_is_not_grounded_by_the_places_own_figure(sec):
    """IBM's 10-K 0000051143-25-000015 (ibm-20241231.htm): "At December 31, 2024, IBM's facilities in the U.S. had
    aggregate floor space of approximately 17 million square feet ... Outside the U.S., facilities totaled
    approximately 24 million square feet"."""
    cite = ["0000051143-25-000015:ibm-20241231.htm"]
    claim = (
        "IBM's U.S. facilities had about {} million square feet of floor space at December 31, 2024, versus roughly "
        "{} million square feet outside the U.S."
    )
    true = verify_answer(claim.format(17, 24), company="IBM", cite=cite)
    assert figure(true, "17 million").status == "grounded" and figure(true, "24 million").status == "grounded"
    swapped = verify_answer(claim.format(24, 17), company="IBM", cite=cite)
    assert figure(swapped, "17 million").status != "grounded" and figure(swapped, "24 million").status != "grounded"


def test_the_words_of_the_next_clause_are_not_the_figures_own(sec):
    # "we produced approximately 1,773,000 consumer vehicles and delivered approximately 1,789,000" (TSLA_2024)
    claim = "Tesla delivered roughly {} million consumer vehicles in 2024 while producing about {} million."
    true = verify_answer(claim.format("1.79", "1.77"), company="TSLA", cite=[TSLA_2024])
    assert figure(true, "1.79 million").status == "grounded" and figure(true, "1.77 million").status == "grounded"
    swapped = verify_answer(claim.format("1.77", "1.79"), company="TSLA", cite=[TSLA_2024])
    assert figure(swapped, "1.77 million").status != "grounded"
    assert figure(swapped, "1.79 million").status != "grounded" and swapped.verdict != "grounded"


def test_a_passage_list_of_amounts_then_years_without_respectively_pairs_them_in_order(sec):
    # Amazon's 10-K for 2024, 0001018724-25-000004 (amzn-20241231.htm): "Cash capital expenditures were $48.1
    # billion, and $77.7 billion in 2023 and 2024"
    cite = ["0001018724-25-000004:amzn-20241231.htm"]
    claim = "Amazon's cash capital expenditures were {} and {} in 2023 and 2024, respectively (2024 Form 10-K)."
    true = verify_answer(claim.format("$48.1 billion", "$77.7 billion"), company="AMZN", cite=cite)
    assert [figure(true, t).status for t in ("$48.1 billion", "$77.7 billion")] == ["grounded", "grounded"]
    assert true.verdict == "grounded"
    swapped = verify_answer(claim.format("$77.7 billion", "$48.1 billion"), company="AMZN", cite=cite)
    assert figure(swapped, "$77.7 billion").status != "grounded"
    assert figure(swapped, "$48.1 billion").status != "grounded" and swapped.verdict != "grounded"


def test_a_passage_list_of_balances_grounds_each_by_the_one_word_before_it(sec):
    # Wells Fargo's 10-K for 2024, 0000072971-25-000066 (wfc-20241231.htm): "At December 31, 2024, we had assets of
    # approximately $1.9 trillion, loans of $912.7 billion, deposits of $1.4 trillion and stockholders' equity of
    # $179.1 billion."
    cite = ["0000072971-25-000066:wfc-20241231.htm"]
    claim = (
        "Wells Fargo's 2024 10-K puts year-end loans at {}, deposits at {} and stockholders' equity at $179.1 billion."
    )
    true = verify_answer(claim.format("$912.7 billion", "$1.4 trillion"), company="WFC", cite=cite)
    assert [figure(true, t).status for t in ("$912.7 billion", "$1.4 trillion")] == ["grounded", "grounded"]
    swapped = verify_answer(claim.format("$1.4 trillion", "$912.7 billion"), company="WFC", cite=cite)
    assert figure(swapped, "$1.4 trillion").status != "grounded"
    assert figure(swapped, "$912.7 billion").status != "grounded" and swapped.verdict != "grounded"


def test_a_figure_the_answer_says_a_filing_gives_is_not_of_another_measure_for_the_words_that_say_so(sec):
    # Netflix's 10-K for 2024, 0001065280-25-000044 (nflx-20241231.htm): "approximately 302 million paid memberships
    # in over 190 countries"
    cite = ["0001065280-25-000044:nflx-20241231.htm"]
    claim = "Netflix describes itself in its 2024 10-K as having approximately {} million paid memberships."
    r = verify_answer(claim.format(302), company="NFLX", cite=cite)
    assert figure(r, "302 million").status == "grounded", figure(r, "302 million").reason
    r = verify_answer(claim.format(282), company="NFLX", cite=cite)
    assert figure(r, "282 million").status != "grounded" and r.verdict != "grounded"


def test_two_figures_swapped_between_the_passages_noun_phrases_are_not_grounded(sec):
    # Home Depot's 10-K for fiscal 2024, 0000354950-25-000085 (hd-20250202.htm): "The Home Depot stores average
    # approximately 104,000 square feet of enclosed space, with approximately 24,000 additional square feet of
    # outside garden area."
    cite = ["0000354950-25-000085:hd-20250202.htm"]
    claim = "A Home Depot store averages approximately {} square feet of enclosed space plus about {} square feet of outside garden area."
    true = verify_answer(claim.format("104,000", "24,000"), company="HD", cite=cite)
    assert [figure(true, t).status for t in ("104,000", "24,000")] == ["grounded", "grounded"], true.figures
    swapped = verify_answer(claim.format("24,000", "104,000"), company="HD", cite=cite)
    assert figure(swapped, "24,000").status != "grounded" and figure(swapped, "104,000").status != "grounded"
    assert swapped.verdict != "grounded"


def test_a_balance_at_the_fiscal_year_end_is_read_in_a_table_column_headed_by_that_year(sec):
    # Boeing's 10-K for 2024, 0000012927-25-000015 (ba-20241231.htm): BCA total backlog $435,175 million in the
    # column '2024' (its fiscal year ends December 31, 2024); $440,507 million in '2023'.
    cite = ["0000012927-25-000015:ba-20241231.htm"]
    true = verify_answer(
        "Boeing Commercial Airplanes' total backlog was $435.2 billion at December 31, 2024.", company="BA", cite=cite
    )
    assert figure(true, "$435.2 billion").status == "grounded", figure(true, "$435.2 billion").reason
    other_year = verify_answer(
        "Boeing Commercial Airplanes' total backlog was $440.5 billion at December 31, 2024.", company="BA", cite=cite
    )
    assert figure(other_year, "$440.5 billion").status != "grounded" and other_year.verdict != "grounded"
    mid_year = verify_answer(
        "Boeing Commercial Airplanes' total backlog was $435.2 billion at June 30, 2024.", company="BA", cite=cite
    )
    assert figure(mid_year, "$435.2 billion").status != "grounded"


def test_people_in_the_answer_are_the_persons_of_the_passage(sec):
    # Mastercard's 10-K for 2024, 0001141391-25-000011 (ma-20241231.htm): "As of December 31, 2024, we employed
    # approximately 35,300 persons globally, of which approximately 69% were employed outside of the U.S. ... we
    # also had approximately 5,000 contingent workers"
    cite = ["0001141391-25-000011:ma-20241231.htm"]
    claim = "Mastercard employed approximately {} people at the end of 2024."
    true = verify_answer(claim.format("35,300"), company="MA", cite=cite)
    assert figure(true, "35,300").status == "grounded", figure(true, "35,300").reason
    other = verify_answer(claim.format("5,000"), company="MA", cite=cite)
    assert figure(other, "5,000").status != "grounded" and other.verdict != "grounded"


def test_the_base_of_a_comparison_is_read_with_the_sentences_measure(sec):
    # Adobe's 10-K for fiscal 2024, 0000796343-25-000004 (adbe-20241129.htm): "Total Digital Media ARR of
    # approximately $17.33 billion as of November 29, 2024 increased by $2.00 billion, or 13%, from $15.33 billion
    # as of December 1, 2023"
    cite = ["0000796343-25-000004:adbe-20241129.htm"]
    claim = (
        "Adobe's total Digital Media ARR was approximately $17.33 billion as of November 29, 2024, up 13% from {} as "
        "of December 1, 2023."
    )
    true = verify_answer(claim.format("$15.33 billion"), company="ADBE", cite=cite)
    assert figure(true, "$15.33 billion").status == "grounded", figure(true, "$15.33 billion").reason
    swapped = verify_answer(
        "Adobe's total Digital Media ARR was approximately $15.33 billion as of November 29, 2024, up 13% from "
        "$17.33 billion as of December 1, 2023.",
        company="ADBE",
        cite=cite,
    )
    assert figure(swapped, "$17.33 billion").status != "grounded" and swapped.verdict != "grounded"


def test_the_base_given_a_year_earlier_is_read_with_the_sentences_measure(sec):
    # Boeing's 10-K for 2024, 0000012927-25-000015 (ba-20241231.htm): BCA total backlog $435,175 million ('2024')
    # and $440,507 million ('2023'), its fiscal years ending December 31.
    cite = ["0000012927-25-000015:ba-20241231.htm"]
    claim = "Boeing Commercial Airplanes' total backlog was {} at December 31, 2024, down from {} a year earlier."
    true = verify_answer(claim.format("$435.2 billion", "$440.5 billion"), company="BA", cite=cite)
    assert figure(true, "$440.5 billion").status == "grounded", figure(true, "$440.5 billion").reason
    assert true.verdict == "grounded"
    swapped = verify_answer(claim.format("$440.5 billion", "$435.2 billion"), company="BA", cite=cite)
    assert figure(swapped, "$435.2 billion").status != "grounded" and swapped.verdict != "grounded"


@pytest.mark.parametrize(
    ("claim", "day"),
    [
        (
            "CARBO Ceramics booked a $125.8 million impairment of long-lived assets in the quarter ended June 30, 2017.",
            "June 30, 2017",
        ),
        (
            "In the three months ended December 31, 2017, CARBO recorded a $125.8 million impairment of long-lived assets.",
            "December 31, 2017",
        ),
    ],
)
def test_a_passage_figure_dated_by_another_period_end_leaves_the_sentence_s_date_ungrounded(sec, claim, day):
    """crr-10k_20171231.htm (0001564590-18-004771): "during the three months ended September 30, 2017, we
    recognized a $125.8 million impairment of long-lived assets": the passage's own period is that quarter, so a
    sentence dating the figure to another quarter is not grounded, and the verdict blames its date, not the
    figure."""
    out = verify_answer(claim, company="1009672", cite=[CRR_2017])
    assert out.verdict != "grounded", [(f.text, f.status, f.reason) for f in out.figures]
    assert figure(out, day).status == "ungrounded"
    assert "2017-09-30" in figure(out, day).reason
    assert figure(out, "$125.8 million").status == "unchecked"


def test_a_passage_figure_dated_by_the_same_period_end_grounds_the_figure_and_the_date(sec):
    """The same passage (0001564590-18-004771): the sentence's quarter is the passage's."""
    out = checked_answer(
        "For the quarter ended September 30, 2017, CARBO recorded a $125.8 million impairment of long-lived assets.",
        "grounded",
        company="1009672",
        cite=[CRR_2017],
    )
    assert figure(out, "September 30, 2017").status == "grounded"

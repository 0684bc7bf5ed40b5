"""A passage's number grounds an answer's figure only when it counts the same thing: the noun the figure counts
(floor space, not the combined footage of some locations; garden area, not enclosed space), the item a
respectively-list pairs it with (Class B, not Class A), and a count the answer writes, however small, is read.

Passages (corpus documents):
- Boeing's 2024 10-K 0000012927-25-000015 (ba-20241231.htm): "We had approximately 94 million square feet of floor
  space on December 31, 2024"; "the combined square footage at the following major locations totaled more than 88
  million square feet".
- Home Depot's FY2024 10-K 0000354950-25-000085 (hd-20250202.htm): "The Home Depot stores average approximately
  104,000 square feet of enclosed space, with approximately 24,000 additional square feet of outside garden area."
- NIKE's FY2025 10-K 0000320187-25-000047 (nke-20250531.htm): "At July 9, 2025, there were 20,485 holders of record
  of NIKE's Class B Common Stock and 16 holders of record of NIKE's Class A Common Stock."
- Adobe's FY2024 10-K 0000796343-25-000004 (adbe-20241129.htm): "Bangalore, India and Noida, India offices which
  are approximately 0.7 million and 0.5 million square feet, respectively."
- Mastercard's 2024 10-K 0001141391-25-000011 (ma-20241231.htm): "approximately 214 holders of record of our
  non-voting Class B common stock as of February 7, 2025"; "At February 7, 2025, we had 67 stockholders of record
  for our Class A common stock."
- Johnson & Johnson's 2024 10-K 0000200406-25-000038 (jnj-20241229.htm): "The Company's subsidiaries operate 64
  manufacturing facilities occupying approximately 9.6 million square feet of floor space."
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.verification.claims import extract_figures
from tests.helpers.lookups import checked_figure, figure

BA_2024_10K = "0000012927-25-000015"
HD_2024_10K = "0000354950-25-000085"
NKE_2025_10K = "0000320187-25-000047"
ADBE_2024_10K = "0000796343-25-000004"
MA_2024_10K = "0001141391-25-000011"
JNJ_2024_10K = "0000200406-25-000038"
BA_DOC = f"{BA_2024_10K}:ba-20241231.htm"
HD_DOC = f"{HD_2024_10K}:hd-20250202.htm"
NKE_DOC = f"{NKE_2025_10K}:nke-20250531.htm"
ADBE_DOC = f"{ADBE_2024_10K}:adbe-20241129.htm"
MA_DOC = f"{MA_2024_10K}:ma-20241231.htm"
JNJ_DOC = f"{JNJ_2024_10K}:jnj-20241229.htm"


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize(
    "answer, text, company, cite",
    [
        # 88 million square feet is the combined footage of Boeing's major locations, not its floor space (94 million)
        (
            "As of December 31, 2024, Boeing had roughly 88 million square feet of floor space.",
            "88 million",
            "BA",
            BA_DOC,
        ),
        # 104,000 square feet is a store's enclosed space; its garden area is about 24,000
        (
            "Home Depot's stores average about 104,000 square feet of outdoor garden area.",
            "104,000",
            "HD",
            HD_DOC,
        ),
    ],
)
def test_a_passage_number_of_another_noun_does_not_ground_the_figure(sec, answer, text, company, cite):
    f = figure(verify_answer(answer, company=company, cite=[cite]), text)
    assert f.status not in ("grounded", "derived"), (f.status, f.reason)


@pytest.mark.parametrize(
    "answer, text, company, cite, accession",
    [
        (
            "As of December 31, 2024, Boeing had roughly 94 million square feet of floor space.",
            "94 million",
            "BA",
            BA_DOC,
            BA_2024_10K,
        ),
        (
            "Home Depot's stores average about 24,000 square feet of outdoor garden area.",
            "24,000",
            "HD",
            HD_DOC,
            HD_2024_10K,
        ),
    ],
)
def test_a_passage_number_of_the_same_noun_grounds_the_figure(sec, answer, text, company, cite, accession):
    f = checked_figure(answer, text, "grounded", company=company, cite=[cite])
    assert f.support is not None and f.support.accession_number == accession


@pytest.mark.parametrize(
    "answer, company, cite",
    [
        # Class B had 20,485 holders of record and Class A 16: the list pairs each figure with the other class
        (
            "On July 9, 2025, NIKE's Class A and Class B common stock had 20,485 and 16 record holders, respectively.",
            "NKE",
            NKE_DOC,
        ),
        # Bangalore is about 0.7 million square feet and Noida 0.5 million (the passage's own respectively-list)
        (
            "Adobe's offices in Noida and Bangalore measure roughly 0.7 million and 0.5 million square feet, respectively.",
            "ADBE",
            ADBE_DOC,
        ),
    ],
)
def test_a_respectively_list_in_the_wrong_order_is_not_grounded(sec, answer, company, cite):
    result = verify_answer(answer, company=company, cite=[cite])
    assert result.verdict != "grounded", [(f.text, f.status, f.reason) for f in result.figures]
    amounts = [f for f in result.figures if f.kind in ("number", "shares") or "million" in f.text]
    assert len(amounts) == 2 and not any(f.status in ("grounded", "derived") for f in amounts), [
        (f.text, f.status, f.reason) for f in result.figures
    ]


def test_a_respectively_list_in_order_is_grounded_by_the_passage_of_each_item(sec):
    answer = "On July 9, 2025, NIKE's Class B and Class A common stock had 20,485 and 16 record holders, respectively."
    result = verify_answer(answer, company="NKE", cite=[NKE_DOC])
    for text in ("20,485", "16"):
        f = figure(result, text)
        assert f.status == "grounded", (text, f.status, f.reason)
        assert f.support is not None and f.support.accession_number == NKE_2025_10K


@pytest.mark.parametrize(
    "sentence, text",
    [
        ("J&J's subsidiaries operate 46 manufacturing facilities.", "46"),
        ("Mastercard's Class B common stock had about 67 holders of record.", "67"),
        ("The company had 16 stockholders of record.", "16"),
    ],
)
def test_a_small_count_of_facilities_or_holders_of_record_is_read(sentence, text):
    assert [f.text for f in extract_figures(sentence) if f.kind == "number"] == [text]


@pytest.mark.parametrize("sentence", ["The program ran in 38 countries.", "Shipping took 2 days."])
def test_a_small_count_of_other_things_is_still_not_a_figure(sentence):
    assert [f.text for f in extract_figures(sentence) if f.kind == "number"] == []


@pytest.mark.parametrize(
    "answer, text, company, cite",
    [
        # 64 facilities in the 10-K
        (
            "Johnson & Johnson's subsidiaries run 46 manufacturing facilities covering about 9.6 million square feet.",
            "46",
            "JNJ",
            JNJ_DOC,
        ),
        # 67 is Class A's count of stockholders of record; Class B had about 214
        (
            "As of February 7, 2025, Mastercard's Class B common stock had about 67 holders of record.",
            "67",
            "MA",
            MA_DOC,
        ),
    ],
)
def test_a_wrong_small_count_is_not_grounded(sec, answer, text, company, cite):
    result = verify_answer(answer, company=company, cite=[cite])
    assert result.verdict != "grounded", [(f.text, f.status, f.reason) for f in result.figures]
    f = figure(result, text)
    assert f.status not in ("grounded", "derived"), (f.status, f.reason)

"""The second and later amounts of one sentence are checked against the passage where their own words occur.

Passages (corpus documents):
- IBM's 2024 10-K 0000051143-25-000015 (ibm-20241231.htm): "At December 31, 2024, IBM's facilities in the U.S. had
  aggregate floor space of approximately 17 million square feet, of which approximately 9 million was owned and
  8 million was leased."
- Union Pacific's 2024 10-K 0000100885-25-000042 (unp-20241231.htm): "The facility has 1.2 million square feet of
  space that can accommodate approximately 4,000 employees."
- Salesforce's FY2025 10-K 0001108524-25-000006 (crm-20250131.htm): "Total remaining performance obligation, ... as
  of January 31, 2025 was approximately $63.4 billion"; current remaining performance obligation $30.2 billion.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from tests.helpers.lookups import checked_figure, figure

IBM_2024_10K = "0000051143-25-000015"
UNP_2024_10K = "0000100885-25-000042"
IBM_DOC = f"{IBM_2024_10K}:ibm-20241231.htm"
UNP_DOC = f"{UNP_2024_10K}:unp-20241231.htm"
CRM_DOC = "0001108524-25-000006:crm-20250131.htm"


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize(
    "answer, text, company, cite, accession",
    [
        (
            "At December 31, 2024, IBM's U.S. facilities totaled about 17 million square feet, of which roughly "
            "9 million was owned.",
            "9 million",
            "IBM",
            IBM_DOC,
            IBM_2024_10K,
        ),
        (
            "Union Pacific's headquarters has 1.2 million square feet of space, which can accommodate about 4,000 "
            "employees.",
            "4,000",
            "UNP",
            UNP_DOC,
            UNP_2024_10K,
        ),
    ],
)
def test_a_later_amount_is_grounded_by_its_own_part_of_the_passage(sec, answer, text, company, cite, accession):
    f = checked_figure(answer, text, "grounded", company=company, cite=[cite])
    assert f.support is not None and f.support.accession_number == accession


@pytest.mark.parametrize(
    "answer, text, company, cite",
    [
        # 9 million was owned, not leased
        (
            "At December 31, 2024, IBM's U.S. facilities totaled about 17 million square feet, of which roughly "
            "9 million was leased.",
            "9 million",
            "IBM",
            IBM_DOC,
        ),
        # $63.4 billion is the total remaining performance obligation, not the current one ($30.2 billion)
        (
            "At January 31, 2025, Salesforce's total RPO was about $30.2 billion and its current RPO about $63.4 billion.",
            "$63.4 billion",
            "CRM",
            CRM_DOC,
        ),
        # 4,000 employees, not visitors
        (
            "Union Pacific's headquarters has 1.2 million square feet of space, which can accommodate about 4,000 "
            "visitors.",
            "4,000",
            "UNP",
            UNP_DOC,
        ),
    ],
)
def test_a_later_amount_whose_own_words_the_passage_does_not_say_is_not_grounded(sec, answer, text, company, cite):
    f = figure(verify_answer(answer, company=company, cite=[cite]), text)
    assert f.status in ("unchecked", "ungrounded"), (f.status, f.reason)

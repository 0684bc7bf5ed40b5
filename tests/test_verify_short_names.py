"""A short form of the checked company's own name in a sentence ("P&G", "J&J", "TSMC") is the company, not a word
the cited passage must repeat.

Passages (corpus documents):
- Procter & Gamble's FY2025 10-K 0000080424-25-000076 (pg-20250630.htm): "As of June 30, 2025, the Company had approximately 109,000
  employees".
"""

from __future__ import annotations

import pytest

from tests.helpers.lookups import checked_figure

PG_FY2025_10K = "0000080424-25-000076"
PG_DOC = f"{PG_FY2025_10K}:pg-20250630.htm"


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize(
    "answer, text",
    [
        ("As of June 30, 2025, P&G had approximately 109,000 employees.", "109,000"),
        ("P&G had approximately 109,000 employees as of June 30, 2025.", "109,000"),
    ],
)
def test_an_ampersand_short_form_of_the_companys_name_is_the_company(sec, answer, text):
    f = checked_figure(answer, text, "grounded", company="PG", cite=[PG_DOC])
    assert f.support is not None and f.support.accession_number == PG_FY2025_10K


def test_a_short_form_that_is_no_acronym_of_the_name_still_must_be_said(sec):
    # "Gillette" is a P&G brand, not a short form of its name: the passage about the Company's 109,000 employees
    # does not say Gillette's
    checked_figure(
        "Gillette had approximately 109,000 employees as of June 30, 2025.",
        "109,000",
        "unchecked",
        company="PG",
        cite=[PG_DOC],
    )

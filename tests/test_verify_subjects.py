"""verify_answer and the company a sentence is about: a figure about another company is not checked as this one's.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus: NVIDIA (CIK 1045810)
us-gaap:Revenues FY2024 (2023-01-30..2024-01-28) 60,922,000,000 in the FY2024 10-K 0001045810-24-000029;
us-gaap:EarningsPerShareDiluted FY2024 11.93 in the same 10-K. Apple's FY2024 revenue (391,035,000,000,
0000320193-24-000123) is only named in an answer here, never checked against NVIDIA's facts.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify import verify_answer
from edgar_cli.errors import ExitStatus
from test_verify import figure, sec  # noqa: F401  (the module-scoped client and the figure lookup)

NVDA_FY2024_10K = "0001045810-24-000029"


def test_nvidias_revenue_in_a_sentence_about_apple_is_not_grounded_as_apples(sec):
    # Before: grounded, exit 0 — NVIDIA's FY2024 revenue "confirmed" a claim about Apple.
    r = verify_answer("Apple reported fiscal 2024 revenue of $60.9 billion.", company="NVDA")
    f = figure(r, "$60.9 billion")
    assert f.status == "unchecked" and f.support is None
    assert "Apple Inc." in f.reason and "not NVIDIA CORP" in f.reason and "AAPL" in f.reason
    assert r.verdict == "unchecked" and not r.all_grounded and r.exit_status == ExitStatus.UNCONFIRMED


def test_a_sentence_naming_both_keeps_the_checked_companys_figure_and_leaves_the_others_unchecked(sec):
    r = verify_answer("NVIDIA's fiscal 2024 revenue of $60.9 billion trailed Apple's $391.0 billion.", company="NVDA")
    ours = figure(r, "$60.9 billion")
    assert ours.status == "grounded" and ours.support.accession_number == NVDA_FY2024_10K
    theirs = figure(r, "$391.0 billion")
    assert theirs.status == "unchecked" and "Apple Inc." in theirs.reason  # was ungrounded: a false alarm
    assert r.verdict == "unchecked"


@pytest.mark.parametrize("answer", [
    "Revenue in fiscal 2024 was $60.9 billion, with Gaming and Professional Visualization growing.",
    "In fiscal 2024 revenue was $60.9 billion under GAAP, and EPS was $11.93 (USD).",
    "Nvidia's Data Center revenue drove fiscal 2024 revenue of $60.9 billion, ahead of AMD and Intel.",
], ids=["segments", "abbreviations", "competitors-named-with-it"])
def test_segments_abbreviations_and_a_sentence_that_names_the_company_still_ground(sec, answer):
    r = verify_answer(answer, company="NVDA")
    assert figure(r, "$60.9 billion").status == "grounded"
    assert r.verdict == "grounded" and r.exit_status == 0


def test_a_former_or_predecessor_name_counts_as_naming_another_company(sec):
    # "Google" is Alphabet's predecessor's name (the resolver's predecessor_name match).
    r = verify_answer("Google reported fiscal 2024 revenue of $60.9 billion.", company="NVDA")
    f = figure(r, "$60.9 billion")
    assert f.status == "unchecked" and "Alphabet" in f.reason


def test_the_cli_exits_unconfirmed_for_a_figure_about_another_company(edgar):
    r = edgar("verify", "Apple reported fiscal 2024 revenue of $60.9 billion.", "--company", "NVDA", "--json")
    assert r.rc == ExitStatus.UNCONFIRMED, r.err
    assert r.json()["verdict"] == "unchecked" and "Apple Inc." in r.out

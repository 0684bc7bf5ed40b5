"""verify_answer holds a figure to the measure its words name (issue 32, item 5; review findings E and F).

Figures, from data.sec.gov/api/xbrl/companyfacts and www.sec.gov/Archives in ../shared/sec-corpus:
- Tesla (CIK 1318605) FY2020 (2020-01-01 to 2020-12-31) in the 10-K 0001564590-21-004599: us-gaap:NetIncomeLoss
  (net income attributable to common stockholders) 721,000,000; us-gaap:ProfitLoss (including noncontrolling
  interests) 862,000,000.
- Logistic Properties of the Americas (CIK 1997711) FY2024 in the 20-F 0001997711-25-000030:
  ifrs-full:ProfitLossAttributableToOwnersOfParent -29,285,428; ifrs-full:ProfitLoss -19,426,051.
- NVIDIA (CIK 1045810) 10-Q for Q2 FY2026, 0001045810-25-000209 (nvda-20250727.htm): "approximately $650 million of
  H20 revenue ... resulting in a $180 million release of previously reserved H20 inventory"; its revenue by
  market platform table gives Data Center 33,844 and Networking 7,252 ($ in millions) for the quarter.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify import verify_answer
from test_verify import figure, sec  # noqa: F401  (the module-scoped client and the figure lookup)

TSLA_FY2020_10K = "0001564590-21-004599"
LPA_FY2024_20F = "0001997711-25-000030"
NVDA_Q2_FY2026_10Q = "0001045810-25-000209"


# --- finding E: the parent's net income is not the total including noncontrolling interests -------------------


@pytest.mark.parametrize("answer, company, text, status, tag", [
    ("Tesla's net income attributable to common stockholders was $862 million in 2020.", "TSLA", "$862 million",
     "ungrounded", "us-gaap:NetIncomeLoss"),
    ("Tesla's net income attributable to common stockholders was $721 million in 2020.", "TSLA", "$721 million",
     "grounded", "us-gaap:NetIncomeLoss"),
    ("Tesla's net income including noncontrolling interests was $862 million in 2020.", "TSLA", "$862 million",
     "grounded", "us-gaap:ProfitLoss"),
    ("Tesla's net income including noncontrolling interests was $721 million in 2020.", "TSLA", "$721 million",
     "ungrounded", "us-gaap:ProfitLoss"),
    ("LPA's net loss attributable to owners of the parent was $19.4 million in 2024.", "LPA", "$19.4 million",
     "ungrounded", "ifrs-full:ProfitLossAttributableToOwnersOfParent"),
    ("LPA's net loss attributable to owners of the parent was $29.3 million in 2024.", "LPA", "$29.3 million",
     "grounded", "ifrs-full:ProfitLossAttributableToOwnersOfParent"),
])
def test_net_income_attributable_to_the_parent_is_never_grounded_by_the_total_with_minority_interests(
        sec, answer, company, text, status, tag):
    f = figure(verify_answer(answer, company=company), text)
    assert f.status == status, f.reason
    assert tag in f.reason  # the reason names the tag of the share the sentence speaks of
    if status == "grounded":
        assert f.support.matched_tag == tag
        assert f.support.accession_number in (TSLA_FY2020_10K, LPA_FY2024_20F)


def test_a_loss_of_the_same_size_in_another_year_is_not_called_a_period_mix_up(sec):
    # Tesla's FY2019 us-gaap:NetIncomeLoss is -862,000,000 (a loss): not the income of $862 million "for FY2019"
    f = figure(verify_answer("Tesla's net income attributable to common stockholders was $862 million in 2020.",
                             company="TSLA"), "$862 million")
    assert f.status == "ungrounded" and "721,000,000" in f.reason

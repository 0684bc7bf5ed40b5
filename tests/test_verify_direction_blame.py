"""A sentence that states a change in the wrong direction and repeats it against a base whose value is right is
wrong in its change, not in its base (issue 32 item 3: the verdict names the claim that is wrong).

Apple's net income (us-gaap:NetIncomeLoss, companyfacts of 10-K 0000320193-25-000079): FY2024 93,736,000,000 USD,
FY2023 96,995,000,000 USD: it fell 3.4%.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from tests.helpers.lookups import figure


@pytest.fixture
def sec(module_sec):
    return module_sec


def test_a_wrong_direction_is_blamed_on_the_change_not_the_right_base(sec):
    answer = "Apple's net income grew 3.4% in fiscal 2024 ($93.7 billion, up from $97.0 billion)."
    result = verify_answer(answer, company="AAPL")
    assert result.verdict == "ungrounded", [(f.text, f.status, f.reason) for f in result.figures]
    change = figure(result, "3.4%")
    assert change.status == "ungrounded" and "direction" in change.reason, (change.status, change.reason)
    base = figure(result, "$97.0 billion")
    assert base.status == "grounded", (base.status, base.reason)


def test_a_wrong_direction_with_no_change_stated_is_still_blamed_on_the_base(sec):
    answer = "Apple's net income was $93.7 billion in fiscal 2024, up from $97.0 billion."
    result = verify_answer(answer, company="AAPL")
    assert result.verdict == "ungrounded", [(f.text, f.status, f.reason) for f in result.figures]
    base = figure(result, "$97.0 billion")
    assert base.status == "ungrounded" and "direction is wrong" in base.reason, (base.status, base.reason)

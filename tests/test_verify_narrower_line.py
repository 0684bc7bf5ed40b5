"""Words that name a tag by its every word ("other current liabilities": us-gaap:OtherLiabilitiesCurrent) may be
the filer's label of a line of one word more (us-gaap:OtherAccruedLiabilitiesCurrent): when that line's value of
the claimed period rounds to the figure and the named tag's does not, edgar cannot tell which line the answer
means, so the figure is unchecked with both named, never ungrounded (issue 32: a true figure is never called
ungrounded).

Apple, as of 2024-09-28: us-gaap:OtherLiabilitiesCurrent 78,304,000,000 USD; us-gaap:OtherAccruedLiabilitiesCurrent
51,703,000,000 USD as first reported (10-K 0000320193-24-000123), 44,024,000,000 USD in 10-K 0000320193-25-000079.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from tests.helpers.lookups import figure


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize("text", ["$51.7 billion", "$44.0 billion"])
def test_a_line_of_one_word_more_makes_the_figure_unchecked(sec, text):
    result = verify_answer(f"Apple's other current liabilities were {text} at September 28, 2024.", company="AAPL")
    f = figure(result, text)
    assert f.status == "unchecked", (f.status, f.reason)
    assert "us-gaap:OtherAccruedLiabilitiesCurrent" in f.reason and "us-gaap:OtherLiabilitiesCurrent" in f.reason
    assert result.verdict != "grounded"


def test_a_value_no_line_gives_is_still_ungrounded(sec):
    result = verify_answer(
        "Apple's other current liabilities were $61.7 billion at September 28, 2024.", company="AAPL"
    )
    f = figure(result, "$61.7 billion")
    assert f.status == "ungrounded", (f.status, f.reason)
    assert "78,304,000,000" in f.reason


def test_the_named_line_is_grounded_as_before(sec):
    result = verify_answer(
        "Apple's other current liabilities were $78.3 billion at September 28, 2024.", company="AAPL"
    )
    assert figure(result, "$78.3 billion").status == "grounded"

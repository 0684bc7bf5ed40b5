"""A bare amount compared with a share count is a share count, even when the count's own date stands between
them ("3.16 billion shares outstanding as of October 18, 2022, up from 1.04 billion on July 19, 2022"): it is
checked against share counts, never read as money (issue 32: a true figure is never called ungrounded).

Tesla (dei:EntityCommonStockSharesOutstanding): 3,157,752,449 shares as of 2022-10-18 (10-Q 0000950170-22-019867),
1,044,490,015 shares as of 2022-07-19 (10-Q 0000950170-22-012936), before the August 2022 three-for-one split.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from tests.helpers.lookups import figure


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize("compared", ["up from", "compared with"])
def test_a_count_compared_across_a_date_is_a_share_count(sec, compared):
    answer = (
        f"Tesla had 3.16 billion shares outstanding as of October 18, 2022, {compared} 1.04 billion on July 19, 2022."
    )
    result = verify_answer(answer, company="TSLA")
    base = figure(result, "1.04 billion")
    assert base.kind == "shares", base.kind
    assert base.status == "grounded", (base.status, base.reason)
    assert base.support is not None and base.support.accession_number == "0000950170-22-012936"
    assert result.verdict == "grounded", [(f.text, f.status, f.reason) for f in result.figures]


def test_a_wrong_count_compared_across_a_date_is_not_grounded(sec):
    answer = "Tesla had 3.16 billion shares outstanding as of October 18, 2022, up from 1.14 billion on July 19, 2022."
    result = verify_answer(answer, company="TSLA")
    assert result.verdict != "grounded", [(f.text, f.status, f.reason) for f in result.figures]
    assert figure(result, "1.14 billion").status != "grounded"


def test_a_dated_base_before_the_split_an_opening_after_names_is_unchecked(sec):
    # "After the three-for-one split" says when the sentence's count is; the base's own date (2022-07-19) comes
    # before the split, so edgar cannot tell which basis the sentence means for it: never ungrounded
    answer = (
        "After the three-for-one split, Tesla had 3.16 billion shares outstanding as of October 18, 2022, "
        "up from 1.04 billion on July 19, 2022."
    )
    result = verify_answer(answer, company="TSLA")
    base = figure(result, "1.04 billion")
    assert base.status == "unchecked", (base.status, base.reason)
    assert "0000950170-22-012936" in base.reason and "before a split" in base.reason
    assert figure(result, "3.16 billion").status == "grounded"


def test_a_dated_base_said_split_adjusted_is_still_ungrounded(sec):
    answer = (
        "On a split-adjusted basis, Tesla had 3.16 billion shares outstanding as of October 18, 2022, "
        "up from 1.04 billion on July 19, 2022."
    )
    result = verify_answer(answer, company="TSLA")
    base = figure(result, "1.04 billion")
    assert base.status == "ungrounded", (base.status, base.reason)

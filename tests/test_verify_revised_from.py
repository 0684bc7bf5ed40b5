"""A figure the sentence says a value was revised *from* is the value first reported; the one it was revised *to*
is the restated one ("were revised from $2.8 million to $4.4 million"): the cue "revised" before both does not make
the first the restated value (issue 32: a true figure is never called ungrounded).

Logistic Properties of the Americas (ifrs-full:ProceedsFromSalesOfInvestmentProperty, FY2023, 2023-01-01 to
2023-12-31): 2,778,063 USD as first reported in 20-F 0001493152-24-016772, 4,378,063 USD in 20-F
0001997711-25-000030.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.verify.verify import verify_answer
from tests.helpers.lookups import figure


@pytest.fixture
def sec(module_sec):
    return module_sec


@pytest.mark.parametrize("cue", ["revised", "restated", "later restated"])
def test_the_value_revised_from_is_the_original(sec, cue):
    answer = f"LPA's proceeds from sales of investment property for 2023 were {cue} from $2.8 million to $4.4 million."
    result = verify_answer(answer, company="LPA")
    original = figure(result, "$2.8 million")
    assert original.status == "grounded", (original.status, original.reason)
    assert original.support is not None and original.support.accession_number == "0001493152-24-016772"
    restated = figure(result, "$4.4 million")
    assert restated.status == "grounded", (restated.status, restated.reason)
    assert restated.support is not None and restated.support.accession_number == "0001997711-25-000030"
    assert result.verdict == "grounded", [(f.text, f.status, f.reason) for f in result.figures]


def test_the_order_swapped_is_not_grounded(sec):
    answer = "LPA's proceeds from sales of investment property for 2023 were revised from $4.4 million to $2.8 million."
    result = verify_answer(answer, company="LPA")
    assert result.verdict != "grounded", [(f.text, f.status, f.reason) for f in result.figures]
    assert figure(result, "$2.8 million").status != "grounded"

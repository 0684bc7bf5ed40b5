"""Small lookups the verify, resolve, filings and section tests share."""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.resolve.resolve import resolve_company
from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import EdgarError


def figure(result, text):
    hits = [f for f in result.figures if f.text == text]
    assert len(hits) == 1, [(f.text, f.status) for f in result.figures]
    return hits[0]


def _shown(result):
    return [(f.text, f.status, f.reason) for f in result.figures]


def checked_answer(claim, verdict, **options):
    """verify_answer(CLAIM, **OPTIONS), asserted to have VERDICT (its figures shown when it has not)."""
    result = verify_answer(claim, **options)
    assert result.verdict == verdict, _shown(result)
    return result


def checked_figure(claim, text, status, *in_reason, verdict=None, **options):
    """verify_answer(CLAIM, **OPTIONS)'s one figure written TEXT, asserted to have STATUS and a reason that holds
    each of IN_REASON (and, given VERDICT, the answer's verdict); the figure, for the test's further assertions."""
    result = verify_answer(claim, **options)
    f = figure(result, text)
    assert f.status == status, (f.status, f.reason)
    for part in in_reason:
        assert part in f.reason, f.reason
    if verdict is not None:
        assert result.verdict == verdict, _shown(result)
    return f


def refusal(call, *args, **kwargs) -> EdgarError:
    """The EdgarError CALL(*args, **kwargs) raises (the test fails if it answers instead)."""
    with pytest.raises(EdgarError) as info:
        call(*args, **kwargs)
    return info.value


def error_of(query: str) -> EdgarError:
    return refusal(resolve_company, query)

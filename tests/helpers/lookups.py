"""Small lookups the verify, resolve, filings and section tests share."""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.resolve.resolve import resolve_company
from edgar_cli.errors import EdgarError


def figure(result, text):
    hits = [f for f in result.figures if f.text == text]
    assert len(hits) == 1, [(f.text, f.status) for f in result.figures]
    return hits[0]


def refusal(call, *args, **kwargs) -> EdgarError:
    """The EdgarError CALL(*args, **kwargs) raises (the test fails if it answers instead)."""
    with pytest.raises(EdgarError) as info:
        call(*args, **kwargs)
    return info.value


def error_of(query: str) -> EdgarError:
    return refusal(resolve_company, query)

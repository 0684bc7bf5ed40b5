"""Small lookups the verify and resolve tests share."""

from __future__ import annotations

import pytest

from edgar_cli.capabilities.resolve.resolve import resolve_company
from edgar_cli.errors import EdgarError


def figure(result, text):
    hits = [f for f in result.figures if f.text == text]
    assert len(hits) == 1, [(f.text, f.status) for f in result.figures]
    return hits[0]


def error_of(query: str) -> EdgarError:
    with pytest.raises(EdgarError) as info:
        resolve_company(query)
    return info.value

"""Argument parsing shared by the capabilities (one rule, one message, everywhere)."""

from __future__ import annotations

import re
from datetime import date

from ..errors import EdgarError
from ..vocabulary import param

_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(value: date | str | None, name: str) -> date | None:
    """A YYYY-MM-DD date argument named ``name`` (a parameter, e.g. filed_from); None or "" for none.

    Raises ``invalid_argument`` naming the parameter as the caller's surface spells it.
    """
    if value is None or isinstance(value, date):
        return value
    text = str(value).strip()
    if not text:
        return None
    try:
        if not _DATE_RE.fullmatch(text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise EdgarError("invalid_argument", f"{param(name)} {text[:40]!r} is not a date in YYYY-MM-DD form.",
                         f"Write {param(name)} like 2024-01-31.") from None

"""Argument parsing shared by the capabilities (one rule, one message, everywhere)."""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

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
        raise EdgarError(
            "invalid_argument",
            f"{param(name)} {text[:40]!r} is not a date in YYYY-MM-DD form.",
            f"Write {param(name)} like 2024-01-31.",
        ) from None


def check_between(name: str, value: int, low: int, high: int, suggestion: str) -> None:
    """``invalid_argument`` unless ``low <= value <= high``: "<name> must be between <low> and <high>, not <value>."
    with ``suggestion``; ``name`` is the parameter, spelt as the caller's surface spells it."""
    if not low <= int(value) <= high:
        raise EdgarError(
            "invalid_argument", f"{param(name)} must be between {low} and {high}, not {value}.", suggestion
        )


_YEARS_RE = re.compile(r"(\d{4})\s*(?:\.\.|-|–)\s*(\d{4})")
MAX_YEAR_SPAN = 40


def parse_fiscal_years(value: int | str | None) -> list[int] | None:
    """A fiscal year (2024, "2024") or an inclusive range ("2020..2024"; "2020-2024" too), as a list of years.

    None or "" for none. Raises ``invalid_argument`` for anything else, an
    inverted range or a span over 40 years; whether a year is too early or in
    the future is for the caller to check (it knows today).
    """
    if value is None or isinstance(value, bool):
        return None if value is None else _bad_years(value)
    if isinstance(value, int):
        return [value]
    text = str(value).strip()
    if not text:
        return None
    if re.fullmatch(r"\d{4}", text):
        return [int(text)]
    m = _YEARS_RE.fullmatch(text)
    if not m:
        return _bad_years(text)
    first, last = int(m.group(1)), int(m.group(2))
    if first > last:
        raise EdgarError(
            "invalid_argument",
            f"{param('fiscal_year')} {text!r} runs backwards.",
            f"Write the earlier year first: {param('fiscal_year')} {last}..{first}.",
        )
    if last - first >= MAX_YEAR_SPAN:
        raise EdgarError(
            "invalid_argument",
            f"{param('fiscal_year')} {text!r} spans more than {MAX_YEAR_SPAN} years.",
            f"Ask for at most {MAX_YEAR_SPAN} fiscal years at a time.",
        )
    return list(range(first, last + 1))


def _bad_years(value: object) -> list[int]:
    raise EdgarError(
        "invalid_argument",
        f"{param('fiscal_year')} {str(value)[:40]!r} is not a fiscal year or a range.",
        f"Write {param('fiscal_year')} 2024 for one year or 2020..2024 for several.",
    )


def check_concept_first(concept: str, companies: list[str], command: str) -> None:
    """``compare AAPL NVDA revenue``: the concept came last. A bare word taken as the concept that is no
    catalogue concept (only a raw tag could be), while a company argument is one, is the order mistaken: say
    the order, with the call rewritten, instead of resolving "revenue" as a company.

    Raises ``invalid_argument``; does nothing when the order is plausible.
    """
    from ..xbrl.catalogue import lookup

    def catalogue(word: str) -> bool:
        try:
            return not lookup(word).raw
        except EdgarError:
            return False

    if ":" in concept or catalogue(concept):
        return
    named = [c for c in companies if catalogue(c)]
    if not named:
        return
    rest = [concept] + [c for c in companies if c != named[0]]
    from ..vocabulary import surface, tool

    again = (
        f"{tool(command)} {named[0]} {' '.join(rest)}"
        if surface() == "cli"
        else f"{tool(command)}({param('concept')}={named[0]!r}, {param('companies')}={rest!r})"
    )
    raise EdgarError(
        "invalid_argument",
        f"{named[0]!r} is a concept and {concept!r} is not one: the order is the concept first, then the companies.",
        f"Ask {again}.",
        concept=named[0],
        companies=rest,
    )


PeriodArg = Literal["annual", "quarterly", "all"]
MAX_LIMIT = 200  # values of one concept (get_financial_concept's limit)
DEFAULT_LIMIT = 8  # values of one concept, newest first, when no limit is given (CLI and MCP alike)


def validate_common(period: str, limit: int) -> None:
    """A concept's ``period`` (annual, quarterly or all) and ``limit`` (1 to MAX_LIMIT); ``invalid_argument`` if not."""
    if period not in ("annual", "quarterly", "all"):
        raise EdgarError("invalid_argument", f"Unknown {param('period')} {period!r}.", "Use annual, quarterly or all.")
    check_between("limit", limit, 1, MAX_LIMIT, f"Use {param('limit')} 8, for example.")

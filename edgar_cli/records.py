"""The concept engine's plain records, and their JSON, without pydantic.

The engine (xbrl/series.py, suspects.py, restatements.py, derive.py,
grounding.py and the answer assembly in capabilities/concept_answer.py) builds
these slotted dataclasses; the pydantic result models (models/concepts.py,
models/companies.py) are built from them at the capability boundary
(``Model.model_validate(record, from_attributes=True)``). Each record has the
field names, in the same order, of the model of the same name less
``Record`` (``FactRecord`` -> ``FactValue``; tests/test_fastpath.py checks the
two agree), so an attribute read is the same on either and :func:`dumps`
writes what the model's ``model_dump_json(indent=2)`` writes, byte for byte:
the warm fast path (edgar_cli/cli/fastpath.py) prints a result without importing
pydantic.

Nothing here imports pydantic, typer, rich or httpx.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import date, datetime, timedelta
from json.encoder import encode_basestring
from typing import Any


@dataclass(slots=True, kw_only=True)
class SuspectedErrorRecord:
    """models.SuspectedError: a filing's figure for a period that the company's other figures do not bear out."""

    kind: str  # tagging_error | scale
    accession_number: str
    form: str | None = None
    filed: date
    value: float | int
    reason: str


@dataclass(slots=True, kw_only=True)
class FactRecord:
    """models.FactValue: one reported figure with its full provenance."""

    value: float | int
    unit: str
    fiscal_year: int | None
    fiscal_period: str | None
    period_type: str
    start: date | None
    end: date
    days: int | None
    filed: date
    form: str
    accession_number: str
    matched_tag: str
    restated: bool
    original_value: float | int | None = None
    original_filed: date | None = None
    original_accession: str | None = None
    distinct_values: int = 1
    revision_kind: str | None = None
    pre_split_ratio: int | None = None
    pre_reverse_split_ratio: int | None = None
    suspected_errors: list[SuspectedErrorRecord] = field(default_factory=list)
    filing_url: str


@dataclass(slots=True, kw_only=True)
class TagTriedRecord:
    """models.TagTried: what one tag of a concept's chain gave."""

    tag: str
    status: str  # used | not_reported | no_periods_selected | other_unit | not_used
    detail: str = ""
    periods: int = 0
    latest_end: date | None = None


@dataclass(slots=True, kw_only=True)
class CompanyRefRecord:
    """models.CompanyRef."""

    cik: str
    name: str
    tickers: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class DataSourceRecord:
    """models.DataSource: live, cache or bulk, and when (UTC)."""

    kind: str
    as_of: datetime | None = None


@dataclass(slots=True, kw_only=True)
class ConceptResultRecord:
    """models.ConceptResult: a concept's values for one company, newest first (the assembled answer)."""

    company: CompanyRefRecord
    concept: str
    label: str
    definition: str
    period: str
    fiscal_year: int | None = None
    fallback_chain: list[str]
    tags_tried: list[TagTriedRecord]
    unit: str | None
    units_available: list[str]
    currency_note: str | None = None
    fiscal_year_end: str | None = None
    values: list[FactRecord]
    total_values: int
    truncated: bool = False
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    source: str
    data_source: DataSourceRecord | None = None
    as_of: date | None = None  # point in time: the answer as known on this date (filed on or before it)


def to_dict(record: Any) -> dict[str, Any]:
    """A record's fields as a dict, nested records as dicts, values as they are (``model_dump()``'s shape)."""
    return {f.name: _plain(getattr(record, f.name)) for f in fields(record)}


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return to_dict(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def jsonable(record: Any) -> dict[str, Any]:
    """A record as ``model_dump(mode="json")`` gives it: dates as ISO strings, datetimes in UTC with Z."""
    return {f.name: _json_value(getattr(record, f.name)) for f in fields(record)}


def _json_value(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return jsonable(value)
    if isinstance(value, list):
        return [_json_value(v) for v in value]
    if isinstance(value, datetime):
        return _datetime(value)
    if isinstance(value, date):
        return value.isoformat()
    return value


class NotSerializable(ValueError):
    """A value :func:`dumps` cannot write the way pydantic would (the caller falls back to pydantic)."""


def _datetime(d: datetime) -> str:
    if d.tzinfo is None or d.utcoffset() != timedelta(0):
        raise NotSerializable(f"a datetime that is not UTC: {d!r}")
    return d.replace(tzinfo=None).isoformat() + "Z"


def float_text(x: float) -> str:
    """A float as pydantic-core writes it: Python's repr, except that exponents below zero lose their
    padding (``1e-7``, not ``1e-07``) and an exponent of -5 is written out (``0.000025``)."""
    if not math.isfinite(x):
        raise NotSerializable(f"a float pydantic writes as null: {x!r}")
    text = repr(x)
    mantissa, e, exponent = text.partition("e")
    if not e or exponent[0] == "+":
        return text
    power = int(exponent)
    if power >= -5:
        sign = "-" if mantissa[0] == "-" else ""
        return sign + "0." + "0" * (-power - 1) + mantissa.lstrip("-").replace(".", "")
    return f"{mantissa}e{power}"


def dumps(record: Any, indent: int = 2) -> str:
    """The JSON ``Model.model_dump_json(indent=2)`` writes for the model of this record, as text."""
    out: list[str] = []
    _write(record, out, "\n", " " * indent)
    return "".join(out)


def _write(value: Any, out: list[str], newline: str, step: str) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(encode_basestring(value))
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(float_text(value))
    elif isinstance(value, datetime):
        out.append('"' + _datetime(value) + '"')
    elif isinstance(value, date):
        out.append('"' + value.isoformat() + '"')
    elif isinstance(value, list):
        if not value:
            out.append("[]")
            return
        inner = newline + step
        out.append("[")
        for i, v in enumerate(value):
            out.append(inner if i == 0 else "," + inner)
            _write(v, out, inner, step)
        out.append(newline + "]")
    elif is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in fields(value)]
        if not names:
            out.append("{}")
            return
        inner = newline + step
        out.append("{")
        for i, name in enumerate(names):
            out.append((inner if i == 0 else "," + inner) + encode_basestring(name) + ": ")
            _write(getattr(value, name), out, inner, step)
        out.append(newline + "}")
    else:
        raise NotSerializable(f"a {type(value).__name__} in a record")

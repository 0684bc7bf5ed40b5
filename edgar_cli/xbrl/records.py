"""The concept engine's result types, defined once, and their JSON, without pydantic.

The engine (xbrl/series.py, suspects.py, restatements.py, derive.py, grounding.py, answer.py, notes.py) builds
these slotted dataclasses. Each is the one definition of a result type: its fields in order, their types, their
defaults, and their descriptions (``Annotated[type, Describe("...")]``). The pydantic result models the faces
use (FactValue, SuspectedError, TagTried in models/facts.py; CompanyRef, DataSource in models/companies.py;
ConceptResult in capabilities/concept/model.py) are built from them by models._base.model_of, so the two
cannot drift. :func:`dumps` writes what the model's ``model_dump_json(indent=2)`` writes, byte for byte: the
warm fast path (cli/fastpath.py) prints a record without importing pydantic.

Nothing here imports pydantic, typer, rich or httpx.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import date, datetime, timedelta
from json.encoder import encode_basestring
from typing import Annotated, Any, Literal

PeriodType = Literal["annual", "quarterly", "ytd", "instant", "other"]
FiscalPeriod = Literal["FY", "Q1", "Q2", "Q3", "Q4", "H1", "9M"]
RevisionKind = Literal[
    "stock_split",
    "reverse_split",
    "share_exchange",
    "precision_change",
    "suspected_tagging_error",
    "reclassification",
    "restatement",
    "undetermined",
]
# The kinds of a revision that restates a figure on another share basis, the amount unchanged
SHARE_BASIS_KINDS: tuple[str, ...] = ("stock_split", "reverse_split", "share_exchange")
SuspectKind = Literal["tagging_error", "scale"]
SourceKind = Literal["live", "cache", "bulk"]
ConceptPeriod = Literal["annual", "quarterly", "all"]


class Describe(str):
    """A field's description, as ``Annotated[type, Describe("...")]`` metadata: the result models built from
    these records (models.model_of) carry it into their JSON schema."""

    __slots__ = ()


@dataclass(slots=True, kw_only=True)
class SuspectedErrorRecord:
    """A filing's figure for this period that the company's other figures do not bear out (shown, never fixed)."""

    kind: Annotated[
        SuspectKind,
        Describe(
            "tagging_error: a filing reported a value for this period that the filings before and after it "
            "do not (often another period's figure, or the sign reversed); scale: about 1,000 or 1,000,000 times the "
            "same-period figure of other filings, its neighbours in the series or the same filing's cover-page count"
        ),
    ]
    accession_number: Annotated[str, Describe("The filing the suspect figure is in")]
    form: str | None = None
    filed: date
    value: Annotated[float | int, Describe("The suspect figure as reported")]
    reason: Annotated[str, Describe("What the figure disagrees with, in words")]


@dataclass(slots=True, kw_only=True)
class ComponentRecord:
    """One reported part of a figure edgar sums (total_debt), with its provenance."""

    matched_tag: Annotated[str, Describe("taxonomy:Tag the part was reported under")]
    value: float | int
    unit: str
    end: Annotated[date, Describe("The balance-sheet date")]
    fiscal_year: int | None
    fiscal_period: FiscalPeriod | None
    filed: date
    form: str
    accession_number: str
    restated: Annotated[bool, Describe("True when filings reported different values for this part and date")]
    original_value: float | int | None = None
    original_accession: str | None = None
    revision_kind: RevisionKind | None = None
    filing_url: str


@dataclass(slots=True, kw_only=True)
class FactRecord:
    """One reported figure with its full provenance."""

    value: float | int
    unit: Annotated[str, Describe("USD, USD/shares, shares, or another currency code")]
    fiscal_year: Annotated[int | None, Describe("The company's own label for the fiscal year this period belongs to")]
    fiscal_period: FiscalPeriod | None
    period_type: PeriodType
    start: Annotated[date | None, Describe("Period start; null for an instant (balance-sheet) value")]
    end: Annotated[date, Describe("Period end, or the date of an instant value")]
    days: Annotated[int | None, Describe("Length of the period in days (end - start + 1); null for instants")]
    filed: Annotated[date, Describe("Filing date of the filing this value comes from")]
    form: str
    accession_number: str
    matched_tag: Annotated[str, Describe("taxonomy:Tag the value was reported under")]
    restated: Annotated[
        bool,
        Describe(
            "True when filings reported different values for this period (revision_kind says how: only "
            "restatement means results changed; precision_change is the same figure filed again rounded, not a "
            "restatement); false for a value rounded in a later filing and back to its first figure (revision_kind "
            "precision_change)"
        ),
    ]
    original_value: Annotated[
        float | int | None,
        Describe(
            "The first value reported for this period (first-filed), when filings differ; equal to "
            "value when the period was revised and revised back"
        ),
    ] = None
    original_filed: date | None = None
    original_accession: str | None = None
    original_form: Annotated[
        str | None, Describe("The form of the filing that first reported original_value (10-K, 10-Q, 10-K/A...)")
    ] = None
    distinct_values: int = 1
    revision_kind: Annotated[
        RevisionKind | None,
        Describe(
            "How the filings differ: stock_split (per-share value fell or share count rose by a "
            "forward split's ratio), reverse_split (the other way: per-share up, count down, by a reverse split's "
            "whole ratio), share_exchange (restated on a later filing's share basis by a ratio no split gives, a "
            "share exchange or recapitalisation's exchange ratio such as 5.88; the amount is unchanged, results "
            "unchanged), precision_change (equal "
            "after rounding: the same figure filed again in millions rather than thousands, not a restatement), "
            "suspected_tagging_error (a filing's figure the others do not bear out: revised and "
            "revised back, exactly 1,000x apart, or its sign reversed; see suspected_errors), reclassification "
            "(presented differently, results unchanged: both filings report the same net income for a flow, or the "
            "same stockholders' equity, else total assets, for a balance; the notes name which and, for a value that "
            "became or came from 0, the line that holds the amount), undetermined (revised, and whether results changed "
            "or only the presentation cannot be told from the facts: the warning says why; do not call it a "
            "restatement or a reclassification), restatement (anything else: results changed)"
        ),
    ] = None
    pre_split_ratio: Annotated[
        int | float | None,
        Describe(
            "Set when this per-share or share value was last reported before an N-for-1 stock split "
            "that later filings applied to other periods: it is on the old share basis, not restated for the later "
            "split(s) (it may have been restated for an earlier one: revision_kind); "
            "a non-whole N is the ratio the company's restated weighted shares show (a recapitalisation's exchange "
            "ratio, 5.88)"
        ),
    ] = None
    pre_reverse_split_ratio: Annotated[
        int | float | None,
        Describe(
            "Set when this per-share or share value was last reported before a 1-for-N reverse split "
            "or recapitalisation (later filings show N times the per-share values, 1/N the counts) applied to other "
            "periods: it is on the old share basis, not restated for the later split(s) (it may have been for an "
            "earlier one: revision_kind); a non-whole N is the ratio the company's "
            "restated weighted shares show (a recapitalisation's exchange ratio, 5.88)"
        ),
    ] = None
    suspected_errors: Annotated[
        list[SuspectedErrorRecord],
        Describe(
            "Filed figures for this period that look like the filer's own errors "
            "(a tagging error in one filing, a value about 1,000x off); when one names this value's own "
            "accession_number, the value shown is the suspect one"
        ),
    ] = field(default_factory=list)
    filing_url: Annotated[str, Describe("The filing's index page in the SEC Archives")]
    components: Annotated[
        list[ComponentRecord],
        Describe(
            "For a concept edgar sums from reported lines (total_debt): each part with its own tag, "
            "accession and filing; the value is their sum, and form, filed and accession_number are the latest part's"
        ),
    ] = field(default_factory=list)
    formula: Annotated[
        str | None,
        Describe(
            "For a sum: how the components give the value, and the parts the filer did not tag for "
            "the period (counted as none, never silently)"
        ),
    ] = None


@dataclass(slots=True, kw_only=True)
class TagTriedRecord:
    """What one tag of a concept's chain gave."""

    tag: str
    status: Annotated[
        Literal["used", "not_reported", "no_periods_selected", "other_unit", "not_used"],
        Describe(
            "used: it supplies values; not_reported: the company never reported it; other_unit: only in "
            "other units; not_used: every period it reports is covered by an earlier tag of the chain (detail says "
            "whether it is a different figure); no_periods_selected: none of its periods is of the kind asked for"
        ),
    ]
    detail: str = ""
    periods: Annotated[
        int,
        Describe(
            "How many periods this tag supplies to the answer (0: none; not_used: detail says how many it reports)"
        ),
    ] = 0
    latest_end: Annotated[
        date | None,
        Describe("The latest period end this tag reports, whether it supplies that period or an earlier tag does"),
    ] = None


@dataclass(slots=True, kw_only=True)
class CompanyRefRecord:
    """A company named by CIK, with its name and tickers."""

    cik: str
    name: str
    tickers: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class DataSourceRecord:
    """Which source answered: the SEC just now, the local cache of earlier SEC answers, or the bulk store."""

    kind: Annotated[
        SourceKind,
        Describe(
            "live: fetched from the SEC for this answer; cache: an earlier SEC answer kept on disk; "
            "bulk: the local store built from the SEC's nightly bulk archives"
        ),
    ]
    as_of: Annotated[
        datetime | None,
        Describe("When the data was fetched (live, cache) or when the bulk archive was published (bulk), UTC"),
    ] = None


@dataclass(slots=True, kw_only=True)
class ConceptResultRecord:
    """A concept's values for one company, newest first."""

    company: CompanyRefRecord
    concept: str
    label: str
    definition: str
    period: ConceptPeriod
    fiscal_year: int | None = None
    fallback_chain: list[str]
    tags_tried: list[TagTriedRecord]
    unit: str | None
    units_available: list[str]
    currency_note: str | None = None
    fiscal_year_end: Annotated[str | None, Describe("MM-DD the company's fiscal year ends on (typical)")] = None
    values: list[FactRecord]
    total_values: Annotated[int, Describe("How many values matched before limit")]
    truncated: bool = False
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    source: Annotated[str, Describe("The SEC endpoint the figures come from")]
    data_source: Annotated[
        DataSourceRecord | None, Describe("Which source answered (live, cache or bulk of a date)")
    ] = None
    as_of: Annotated[
        date | None,
        Describe(
            "Point in time: the values as known on this date (only facts filed on or before it); null: as known now"
        ),
    ] = None


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
        _write_items([("", v) for v in value], "[]", out, newline, step)
    elif is_dataclass(value) and not isinstance(value, type):
        items = [(encode_basestring(f.name) + ": ", getattr(value, f.name)) for f in fields(value)]
        _write_items(items, "{}", out, newline, step)
    else:
        raise NotSerializable(f"a {type(value).__name__} in a record")


def _write_items(items: list[tuple[str, Any]], brackets: str, out: list[str], newline: str, step: str) -> None:
    """A JSON array or object, one item a line indented a ``step`` deeper: each item's key text (empty in an
    array) and value; an empty one as ``[]`` or ``{}``."""
    if not items:
        out.append(brackets)
        return
    inner = newline + step
    out.append(brackets[0])
    for i, (key, v) in enumerate(items):
        out.append((inner if i == 0 else "," + inner) + key)
        _write(v, out, inner, step)
    out.append(newline + brackets[1])

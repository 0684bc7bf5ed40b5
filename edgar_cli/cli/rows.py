"""The rows of each result model: what csv, tsv, nl and piped output print, and the helpers rows share.

A row is an ordered ``dict`` of column name -> value (str, int, float, bool,
date, None, or a list/dict that csv joins). Column names are the result
models' field names, with one vocabulary across commands: ``company_name``,
``cik``, ``tickers``, ``form``, ``filed``, ``accession_number``, ``fiscal_year``,
``start``/``end``, ``value``, ``unit``, ``matched_tag``.

A result model's rows are declared in its view (cli/views/<capability>.py)::

    def _statement_rows(r: Statement) -> list[Row]:
        return [{"line_item": li.concept, **{p.label: p.value for p in li.periods}} for li in r.lines]

    view.result("Statement", table=..., rows=_statement_rows)

Rows may have different keys (periods as columns, compare's unavailable
companies): the header is every key in first-seen order. A model with no
declaration prints one row of its scalar fields. A result that is text (a
filing section, indexed lines) also declares its ``text``, which piped
output prints instead of rows.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..models.facts import FactValue
    from ..xbrl.records import FactRecord

Row = dict[str, Any]


def rows(result: Any) -> list[Row]:
    """The rows of ``result``: its declared rows, else one row of its scalar fields."""
    from .views import shown

    fn = shown(type(result)).rows
    return fn(result) if fn is not None else [flat(result)]


def text(result: Any) -> str | None:
    """The text of a text result (a filing section, indexed lines), which piped output prints; else None."""
    from .views import shown

    fn = shown(type(result)).text
    return fn(result) if fn is not None else None


def provenance(result: Any) -> str | None:
    """One line saying where a text result is from, written first when the text goes to a file or a pipe
    (None for a result that does not declare one)."""
    from .views import shown

    fn = shown(type(result)).provenance
    return fn(result) if fn is not None else None


def _field_names(value: Any) -> tuple[str, ...] | None:
    """The fields of a result model (pydantic) or of an engine record (xbrl/records.py), in order; else None."""
    declared = getattr(type(value), "model_fields", None)
    if isinstance(declared, dict):
        return tuple(declared)
    if is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in fields(value))
    return None


def flat(model: Any, *, exclude: tuple[str, ...] = (), prefix: str = "") -> Row:
    """A model's fields in declaration order; nested models become ``<field>_<sub>`` columns.

    ``model``: a pydantic result model, or the engine record it is built from (xbrl/records.py: the same
    fields in the same order), which give the same row. Lists of scalars and mappings stay as they are (csv
    joins them, nl keeps them); lists of models are left out (a row function that wants them says how).
    """
    out: Row = {}
    for name in _field_names(model) or ():
        if name in exclude:
            continue
        value = getattr(model, name)
        key = prefix + name
        if _field_names(value) is not None:
            out.update(flat(value, prefix=key + "_"))
        elif isinstance(value, (list, tuple)):
            if not any(_field_names(v) is not None for v in value):
                out[key] = list(value)
        else:
            out[key] = value
    return out


def suspects(v: FactValue | FactRecord) -> list[str]:
    """A value's suspected filer errors as one column: "scale: 0001193125-14-157311"."""
    return [f"{e.kind}: {e.accession_number}" for e in v.suspected_errors]


def shown_of(
    shown: int, total: int, noun: str, most: int, flag: str = "--limit", at_least: bool = False, every: str = ""
) -> str:
    """The one count line of every command that shows at most N rows: "20 of 32 filings shown; --limit 32 for
    all", or past the most a listing shows (``most``), the most and that the rest needs a narrower ask.
    ``at_least``: ``total`` is a lower bound (part of the data was not read); ``every``: the command's own flag
    for every row (filings' --all), named first."""
    of = f"{shown:,} of {'at least ' if at_least else ''}{total:,} {noun} shown"
    if total <= most and not at_least:
        return f"{of}; {every} (or {flag} {total}) for all" if every else f"{of}; {flag} {total} for all"
    if at_least and every:
        return f"{of}; {every} for every one, up to {most:,}"
    return f"{of}; {every or f'{flag} {most}'} shows the most ({most:,}), narrow the question for the rest"

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

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .views import shown

if TYPE_CHECKING:
    from ..models.facts import FactValue

Row = dict[str, Any]


def rows(result: Any) -> list[Row]:
    """The rows of ``result``: its declared rows, else one row of its scalar fields."""
    fn = shown(type(result).__name__).rows
    return fn(result) if fn is not None else [flat(result)]


def text(result: Any) -> str | None:
    """The text of a text result (a filing section, indexed lines), which piped output prints; else None."""
    fn = shown(type(result).__name__).text
    return fn(result) if fn is not None else None


def provenance(result: Any) -> str | None:
    """One line saying where a text result is from, written first when the text goes to a file or a pipe
    (None for a result that does not declare one)."""
    fn = shown(type(result).__name__).provenance
    return fn(result) if fn is not None else None


def flat(model: BaseModel, *, exclude: tuple[str, ...] = (), prefix: str = "") -> Row:
    """A model's fields in declaration order; nested models become ``<field>_<sub>`` columns.

    Lists of scalars and mappings stay as they are (csv joins them, nl keeps them); lists of
    models are left out (a row function that wants them says how).
    """
    out: Row = {}
    for name in type(model).model_fields:
        if name in exclude:
            continue
        value = getattr(model, name)
        key = prefix + name
        if isinstance(value, BaseModel):
            out.update(flat(value, prefix=key + "_"))
        elif isinstance(value, (list, tuple)):
            if not any(isinstance(v, BaseModel) for v in value):
                out[key] = list(value)
        else:
            out[key] = value
    return out


def suspects(v: FactValue) -> list[str]:
    """A value's suspected filer errors as one column: "scale: 0001193125-14-157311"."""
    return [f"{e.kind}: {e.accession_number}" for e in v.suspected_errors]

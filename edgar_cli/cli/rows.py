"""The rows of each result model: what csv, tsv, nl and piped output print, declared in one place.

A row is an ordered ``dict`` of column name -> value (str, int, float, bool,
date, None, or a list/dict that csv joins). Column names are the result
models' field names, with one vocabulary across commands: ``company_name``,
``cik``, ``tickers``, ``form``, ``filed``, ``accession_number``, ``fiscal_year``,
``start``/``end``, ``value``, ``unit``, ``matched_tag``.

A new command declares its rows next to the others::

    @rows_of("Statement")
    def _statement(r: Statement) -> list[dict]:
        return [{"line_item": li.concept, **{p.label: p.value for p in li.periods}} for li in r.lines]

Rows may have different keys (periods as columns, compare's unavailable
companies): the header is every key in first-seen order. A model with no
declaration prints one row of its scalar fields. A result that is text (a
filing section, indexed lines) also declares :func:`text_of`, which piped
output prints instead of rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:  # annotations only: importing this module builds no result model
    from ..capabilities.admin.model import ConfigReport
    from ..capabilities.catalogue.model import ConceptCatalogue
    from ..capabilities.compare.model import ComparisonResult
    from ..capabilities.concept.model import ConceptResult
    from ..capabilities.documents.model import DocumentLines, DocumentSearchResult
    from ..capabilities.filings.model import FilingList
    from ..capabilities.local_index.model import IndexListing, IndexUpdate
    from ..capabilities.resolve.model import Candidate, ResolvedCompany
    from ..capabilities.screen.model import ScreenResult
    from ..capabilities.search.model import FullTextSearchResult
    from ..capabilities.section.model import FilingOutline, FilingSection
    from ..capabilities.statement.model import StatementResult
    from ..capabilities.sync.model import BulkSyncResult
    from ..models.facts import FactValue
    from ..models.verify import AnswerVerification

Row = dict[str, Any]
# result model name -> its rows / text; by name, so that importing rows builds no model class
_ROWS: dict[str, Callable[[Any], list[Row]]] = {}
_TEXT: dict[str, Callable[[Any], str]] = {}


def rows_of(model: str):
    """Register the function that turns a result of the model named ``model`` into rows."""

    def deco(fn):
        _ROWS[model] = fn
        return fn

    return deco


def text_of(model: str):
    """Register the function that gives a text result's text (printed as is when piped)."""

    def deco(fn):
        _TEXT[model] = fn
        return fn

    return deco


def rows(result: Any) -> list[Row]:
    """The rows of ``result``: its declared rows, else one row of its scalar fields."""
    fn = _ROWS.get(type(result).__name__)
    return fn(result) if fn is not None else [flat(result)]


def text(result: Any) -> str | None:
    fn = _TEXT.get(type(result).__name__)
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


# --- companies and figures ------------------------------------------------------------------------


@rows_of("ResolvedCompany")
def _resolved(r: ResolvedCompany) -> list[Row]:
    """The company resolved to, then the others the query also matches (``chosen`` false)."""

    def row(c: ResolvedCompany | Candidate, chosen: bool) -> Row:
        return {
            "company_name": c.name,
            "cik": c.cik,
            "tickers": c.tickers,
            "exchange": c.exchange,
            "match_type": c.match_type,
            "score": c.score,
            "market_value_rank": c.market_value_rank,
            "chosen": chosen,
            "query": r.query,
        }

    return [row(r, True), *(row(c, False) for c in r.other_matches)]


@rows_of("ConceptResult")
def _concept(r: ConceptResult) -> list[Row]:
    head = {"company_name": r.company.name, "cik": r.company.cik, "concept": r.concept}
    return [{**head, **flat(v, exclude=("suspected_errors",)), "suspected_errors": _suspects(v)} for v in r.values]


def _suspects(v: FactValue) -> list[str]:
    """A value's suspected filer errors as one column: "scale: 0001193125-14-157311"."""
    return [f"{e.kind}: {e.accession_number}" for e in v.suspected_errors]


@rows_of("ComparisonResult")
def _comparison(r: ComparisonResult) -> list[Row]:
    out: list[Row] = []
    for row in r.rows:
        out.append(
            {
                "company_name": row.name,
                "cik": row.cik,
                "tickers": row.tickers,
                "concept": r.concept,
                **flat(
                    row,
                    exclude=("query", "name", "cik", "tickers", "source", "notes", "data_source", "suspected_errors"),
                ),
                "suspected_errors": _suspects(row),
                "query": row.query,
                "unavailable": None,
            }
        )
    for u in r.unavailable:
        out.append(
            {
                "company_name": u.name,
                "cik": u.cik,
                "concept": r.concept,
                "query": u.query,
                "unavailable": f"{u.code}: {u.reason}",
            }
        )
    return out


@rows_of("ConceptCatalogue")
def _catalogue(r: ConceptCatalogue) -> list[Row]:
    return [{**flat(c, exclude=("tags",)), "tags": [t.tag for t in c.tags]} for c in r.concepts]


# --- filings and their text -----------------------------------------------------------------------


@rows_of("FilingList")
def _filings(r: FilingList) -> list[Row]:
    return [{**flat(f), "amendments": [a.accession_number for a in f.amendments]} for f in r.filings]


@rows_of("FullTextSearchResult")
def _full_text(r: FullTextSearchResult) -> list[Row]:
    out = []
    for f in r.filings:
        row = {
            "filed": f.filed,
            "form": f.form,
            "company_name": f.company.name,
            "cik": f.company.cik,
            "tickers": f.company.tickers,
            **flat(f, exclude=("company", "co_registrants", "form", "filed", "other_files")),
        }
        row["co_registrants"] = [c.name for c in f.co_registrants]
        row["other_files"] = [o.file for o in f.other_files]
        out.append(row)
    return out


def _filing_head(r: FilingSection | FilingOutline) -> Row:
    return {
        "company_name": r.company_name,
        "cik": r.cik,
        "form": r.form,
        "filed": r.filed,
        "fiscal_year": r.fiscal_year,
        "accession_number": r.accession_number,
    }


@rows_of("FilingOutline")
def _outline(r: FilingOutline) -> list[Row]:
    return [{**_filing_head(r), **flat(s)} for s in r.sections]


@rows_of("FilingSection")
def _section(r: FilingSection) -> list[Row]:
    return [flat(r)]


@text_of("FilingSection")
def _section_text(r: FilingSection) -> str:
    return r.text


def provenance(result: Any) -> str | None:
    """One line saying where a text result is from (company, form, filed, accession, section, URL, and the span
    when it is part of the section), written first when the text goes to a file or a pipe; None for others."""
    if type(result).__name__ != "FilingSection":
        return None
    r = result
    parts = [
        r.company_name or r.source_file,
        r.form,
        f"filed {r.filed}" if r.filed else None,
        r.accession_number,
        r.label,
        r.document_url or r.source_file,
    ]
    line = " · ".join(str(p) for p in parts if p)
    if r.truncated or r.offset:
        line += f" · characters {r.offset}-{r.offset + r.chars_returned} of {r.chars_total}"
    return line


@rows_of("AnswerVerification")
def _verification(r: AnswerVerification) -> list[Row]:
    out = []
    for f in r.figures:
        row = flat(f, exclude=("support", "inputs", "notes"))
        row.update(flat(f.support, prefix="support_", exclude=("passage",)) if f.support else {})
        row["inputs"] = [i.accession_number for i in f.inputs if i.accession_number]
        row["notes"] = list(f.notes)
        out.append(row)
    return out


# --- the local index ------------------------------------------------------------------------------


@rows_of("IndexUpdate")
def _index_update(r: IndexUpdate) -> list[Row]:
    out: list[Row] = [{"status": f.status, **flat(f, exclude=("status",)), "reason": None} for f in r.filings]
    for s in r.skipped:
        out.append(
            {
                "status": "skipped",
                "accession_number": s.accession_number,
                "company_name": s.company,
                "form": s.form,
                "reason": f"{s.code}: {s.reason}",
            }
        )
    return out


@rows_of("IndexListing")
def _index_listing(r: IndexListing) -> list[Row]:
    return [flat(f, exclude=("status",)) for f in r.filings]


@rows_of("DocumentSearchResult")
def _document_search(r: DocumentSearchResult) -> list[Row]:
    return [flat(h, exclude=("marks",)) for h in r.results]


@rows_of("DocumentLines")
def _document_lines(r: DocumentLines) -> list[Row]:
    return [{"doc_id": r.doc_id, "line": ln.line, "text": ln.text} for ln in r.lines]


@text_of("DocumentLines")
def _document_lines_text(r: DocumentLines) -> str:
    return "\n".join(ln.text for ln in r.lines)


# --- settings -------------------------------------------------------------------------------------


@rows_of("ConfigReport")
def _config(r: ConfigReport) -> list[Row]:
    return [flat(s) for s in r.settings]


# --- the bulk store -------------------------------------------------------------------------------


@rows_of("ScreenResult")
def _screen(r: ScreenResult) -> list[Row]:
    """One row per company matched, ranked: the company, then the value with its provenance."""
    return [
        {
            "rank": i,
            "company_name": v.name,
            "cik": v.cik,
            "tickers": v.tickers,
            "sic": v.sic,
            "concept": r.concept,
            **flat(v, exclude=("name", "cik", "tickers", "sic", "notes")),
        }
        for i, v in enumerate(r.rows, 1)
    ]


@rows_of("BulkSyncResult")
def _bulk_sync(r: BulkSyncResult) -> list[Row]:
    return [{"store": r.store, **flat(a), "as_of": r.as_of, "fresh_until": r.fresh_until} for a in r.archives]


# --- statements and series ------------------------------------------------------------------------


@rows_of("StatementResult")
def _statement(r: StatementResult) -> list[Row]:
    """Periods as columns (a spreadsheet's layout): concept, label, basis, unit, one column per period, tags,
    derived; a period without a value is an empty cell (null in --nl), never 0. Values keep their type (numbers
    are numbers in --nl, so a database stores them as such). The cell-by-cell provenance is in --json."""
    keys = [c.key for c in r.columns]
    out: list[Row] = []
    for row in r.rows:
        by_column = {c.column: c.value for c in row.cells}
        out.append(
            {
                "concept": row.concept,
                "label": row.label,
                "basis": row.basis,
                "unit": row.unit,
                **{k: by_column.get(k) for k in keys},
                "tags": list(row.matched_tags),
                "derived": [c.column for c in row.cells if c.derived],
            }
        )
    return out

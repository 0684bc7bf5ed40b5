"""What the concept view (cli/views/concept.py) shows of a ConceptResult: its table, rows and notes.

Apart from the view so that it imports neither Typer nor pydantic (rich only inside the table): the view
declares these for ConceptResult, and the warm fast path (cli/fastpath.py) shows the engine's
ConceptResultRecord (xbrl/records.py, the same fields) with them, so both print the same bytes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import JustifyMethod
    from rich.table import Table

    from ..capabilities.concept.model import ConceptResult
    from ..xbrl.records import ConceptResultRecord
    from .rows import Row


_PREFIX = re.compile(r"(?<![\w-])[a-z][\w-]*:(?=[A-Z])")  # us-gaap:, ifrs-full:, dei: before a tag's name


def tag_shown(tag: str) -> str:
    """A value's matched_tag as the Tag column shows it: every tag's name without its taxonomy prefix, a sum's
    parts alike ("LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper")."""
    return _PREFIX.sub("", tag)


def _narrow(r: ConceptResult | ConceptResultRecord, title: str) -> Table:
    """Four columns that fit 80 characters; nothing is cut off (the filing cell takes two lines)."""
    from .render import TagCell, house_table, value_cell

    t = house_table(title)
    t.add_column("Fiscal", no_wrap=True)
    t.add_column("Period", no_wrap=True)
    t.add_column("Value", justify="right", no_wrap=True)
    t.add_column("Filing", overflow="fold")
    for v in r.values:
        fiscal = f"{v.fiscal_period or v.period_type} {v.fiscal_year or ''}".strip()
        period = f"{v.start} to {v.end}" if v.start else f"at {v.end}"
        filing = TagCell(f"{v.form} {v.filed} {v.accession_number}\n{tag_shown(v.matched_tag)}")
        t.add_row(fiscal, period, value_cell(v), filing)
    return t


def concept_table(r: ConceptResult | ConceptResultRecord) -> Any:
    from .render import TagCell, as_known_caption, house_table, mark_captions, revision_captions, value_cell, width

    title = f"{r.company.name} (CIK {r.company.cik}) - {r.label} [{r.unit or '?'}]"
    if width() < 130:
        t = _narrow(r, title)
    else:
        t = house_table(title)
        headings: tuple[tuple[str, JustifyMethod], ...] = (
            ("FY", "left"),
            ("Period", "left"),
            ("Start", "left"),
            ("End", "left"),
            ("Value", "right"),
            ("Tag", "left"),
            ("Form", "left"),
            ("Filed", "left"),
            ("Accession", "left"),
        )
        for col, just in headings:
            t.add_column(col, justify=just, overflow="fold", no_wrap=col in ("Value", "Accession"))
        for v in r.values:
            t.add_row(
                str(v.fiscal_year or "-"),
                v.fiscal_period or v.period_type,
                str(v.start or "-"),
                str(v.end),
                value_cell(v),
                TagCell(tag_shown(v.matched_tag)),
                v.form,
                str(v.filed),
                v.accession_number,
            )
    marks = revision_captions(r.values, lambda v: str(v.end)) + mark_captions(r.values, lambda v: str(v.end))
    if marks:
        t.caption = "\n".join(([t.caption] if t.caption else []) + marks)  # type: ignore[arg-type]  # str captions only
    if r.truncated:
        extra = _more(r)
        t.caption = f"{t.caption}\n{extra}" if t.caption else extra
    return as_known_caption(t, r)


def concept_rows(r: ConceptResult | ConceptResultRecord) -> list[Row]:
    from .rows import flat, suspects

    head = {"company_name": r.company.name, "cik": r.company.cik, "concept": r.concept}
    return [{**head, **flat(v, exclude=("suspected_errors",)), "suspected_errors": suspects(v)} for v in r.values]


def concept_notes(r: ConceptResult | ConceptResultRecord) -> list[str]:
    from .output import as_known

    if not r.truncated:
        return as_known(r)
    return [*as_known(r), _more(r)]


def _more(r: ConceptResult | ConceptResultRecord) -> str:
    """The count line of a truncated list of values (as every listing's: rows.shown_of)."""
    from .rows import shown_of

    return shown_of(len(r.values), r.total_values, "values", 200)

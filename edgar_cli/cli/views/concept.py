"""edgar concept: a financial concept's reported values for one company, each with its provenance.

Several concepts or fiscal years give a table by period, which the statement view shows (a StatementResult).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..support import (
    AsOfOpt,
    ChartOpt,
    CompanyArg,
    DeriveOpt,
    FiscalYearsOpt,
    LastOpt,
    LongOpt,
    UnitOpt,
    comma_list,
    complete_concepts,
    limit_option,
)
from . import View
from .statement import run_table

if TYPE_CHECKING:
    from rich.console import JustifyMethod
    from rich.table import Table

    from ...capabilities.concept.model import ConceptResult
    from ..rows import Row

view = View()


@view.command(
    "concept",
    examples=[
        "edgar concept NVDA revenue --fy 2024",
        "edgar concept AAPL eps_diluted --period quarterly -n 4",
        "edgar concept MSFT us-gaap:ResearchAndDevelopmentExpense",
        "edgar concept NVDA revenue --csv > nvda-revenue.csv",
        "edgar concept NVDA revenue net_income operating_income --fy 2020..2024",
        "edgar concept AAPL revenue --fy 2009 --as-of 2010-01-24",
    ],
)
def concept_cmd(
    company: CompanyArg,
    concepts: Annotated[
        list[str],
        typer.Argument(
            metavar="CONCEPT...",
            help="One or more of revenue, net_income, eps_diluted, R&D, ... (see "
            "`edgar concepts`) or raw tags like us-gaap:Revenues, apart or comma-separated; several "
            "give one table, concepts by period.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ],
    fy: FiscalYearsOpt = None,
    period: Annotated[
        Literal["annual", "quarterly", "all"],
        typer.Option("--period", "-p", help="Which periods (all: one concept only)."),
    ] = "annual",
    limit: Annotated[
        int | None, limit_option("Most values to show for one concept, newest first (1-200, default 8).")
    ] = None,
    last: LastOpt = None,
    derive: DeriveOpt = None,
    unit: UnitOpt = None,
    as_of: AsOfOpt = None,
    chart: ChartOpt = False,
    long: LongOpt = False,
) -> None:
    """A financial concept's reported values for one company, newest first, each with its provenance; several concepts or years give a table by period."""
    from ...capabilities.statement.statement import concept_command

    run_table(
        lambda: concept_command(
            company,
            [c for arg in concepts for c in comma_list(arg) or []],
            fiscal_year=fy,
            period=period,
            limit=limit,
            last=last,
            derive=comma_list(derive),
            unit=unit,
            as_of=as_of,
        ),
        chart,
        long,
    )


def _concept_narrow(r: ConceptResult, title: str) -> Table:
    """Four columns that fit 80 characters; nothing is cut off (the filing cell takes two lines)."""
    from ..render import house_table, value_cell

    t = house_table(title)
    t.add_column("Fiscal", no_wrap=True)
    t.add_column("Period", no_wrap=True)
    t.add_column("Value", justify="right", no_wrap=True)
    t.add_column("Filing", overflow="fold")
    for v in r.values:
        fiscal = f"{v.fiscal_period or v.period_type} {v.fiscal_year or ''}".strip()
        period = f"{v.start} to {v.end}" if v.start else f"at {v.end}"
        filing = f"{v.form} {v.filed} {v.accession_number}\n{v.matched_tag.split(':', 1)[-1]}"
        t.add_row(fiscal, period, value_cell(v), filing)
    return t


def _concept_table(r: ConceptResult):
    from ..render import as_known_caption, house_table, mark_captions, revision_captions, value_cell, width

    title = f"{r.company.name} (CIK {r.company.cik}) - {r.label} [{r.unit or '?'}]"
    if width() < 130:
        t = _concept_narrow(r, title)
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
                v.matched_tag.split(":", 1)[-1],
                v.form,
                str(v.filed),
                v.accession_number,
            )
    marks = revision_captions(r.values, lambda v: str(v.end)) + mark_captions(r.values, lambda v: str(v.end))
    if marks:
        t.caption = "\n".join(([t.caption] if t.caption else []) + marks)  # type: ignore[arg-type]  # str captions only
    if r.truncated:
        extra = f"{r.total_values - len(r.values)} more; raise --limit"
        t.caption = f"{t.caption}\n{extra}" if t.caption else extra
    return as_known_caption(t, r)


def _concept_rows(r: ConceptResult) -> list[Row]:
    from ..rows import flat, suspects

    head = {"company_name": r.company.name, "cik": r.company.cik, "concept": r.concept}
    return [{**head, **flat(v, exclude=("suspected_errors",)), "suspected_errors": suspects(v)} for v in r.values]


def _concept_notes(r: ConceptResult) -> list[str]:
    from ..render import as_known

    if not r.truncated:
        return as_known(r)
    return [
        *as_known(r),
        f"showing {len(r.values)} of {r.total_values} values; {r.total_values - len(r.values)} more with "
        "a higher --limit",
    ]


view.result("ConceptResult", table=_concept_table, rows=_concept_rows, notes=_concept_notes)

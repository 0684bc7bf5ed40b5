"""edgar concept: a financial concept's reported values for one company, each with its provenance.

Several concepts or fiscal years give a table by period, which the statement view shows (a StatementResult).
"""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from ..concept_shown import concept_notes, concept_rows, concept_table
from ..support import (
    AsOfOpt,
    BasisOpt,
    ChartOpt,
    CompanyArg,
    DeriveOpt,
    FiscalYearsOpt,
    LastOpt,
    UnitOpt,
    WideOpt,
    comma_list,
    complete_concepts,
    limit_option,
)
from . import View
from .statement import run_table

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
        typer.Option(
            "--period",
            "-p",
            help="Which periods; all (one concept only) gives every period of the --fy year or range, the six- "
            "and nine-month year to date included.",
        ),
    ] = "annual",
    limit: Annotated[
        int | None,
        limit_option(
            "Most values to show for one concept, newest first (1-200, default 8); with --derive, the latest N "
            "periods of its table (as --last)."
        ),
    ] = None,
    last: LastOpt = None,
    derive: DeriveOpt = None,
    unit: UnitOpt = None,
    as_of: AsOfOpt = None,
    basis: BasisOpt = "as_reported",
    chart: ChartOpt = False,
    wide: WideOpt = False,
) -> None:
    """A financial concept's reported values for one company, newest first, each with its provenance; several concepts or years give a table by period.

    With --json one concept's values, each with its filing, are at .values[] (newest first) for one year or
    several; a range or --last also gives the table, .rows[].cells[]; several concepts give the table alone
    (.rows[].cells[].fact)."""
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
            share_basis=basis,
        ),
        chart,
        not wide,
    )


view.result("ConceptResult", table=concept_table, rows=concept_rows, notes=concept_notes)

"""edgar compare: one financial concept for 2 to 8 companies side by side (or ranked peers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..support import AsOfOpt, ConceptArg, UnitOpt, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.compare.model import ComparisonResult
    from ..rows import Row

view = View()


@view.command(
    "compare",
    examples=[
        "edgar compare revenue NVDA AAPL MSFT",
        "edgar compare net_income AAPL MSFT GOOGL --fy 2023 --sort value",
        "edgar compare revenue NVDA AMD --period quarterly --csv > q.csv",
        "edgar compare revenue AAPL NVDA --fy 2009 --as-of 2010-01-24",
    ],
)
def compare_cmd(
    concept: ConceptArg,
    companies: Annotated[
        list[str] | None,
        typer.Argument(metavar="COMPANY...", help="2 to 8 companies: tickers, CIKs or names, e.g. NVDA AAPL."),
    ] = None,
    fy: Annotated[
        int | None,
        typer.Option(
            "--fy",
            metavar="YEAR",
            help="Fiscal year by each company's own label, e.g. 2024 (default: the latest all report).",
        ),
    ] = None,
    latest: Annotated[
        bool,
        typer.Option(
            "--latest", help="Each company's own latest fiscal year instead of one year for all (not with --fy)."
        ),
    ] = False,
    period: Annotated[Literal["annual", "quarterly"], typer.Option("--period", "-p", help="Which period.")] = "annual",
    sort: Annotated[
        Literal["given", "value"],
        typer.Option("--sort", help="given (the order of the companies) or value (largest first)."),
    ] = "given",
    peers_of: Annotated[
        str | None,
        typer.Option(
            "--peers-of",
            metavar="COMPANY",
            help="Instead of COMPANY...: rank every company with this one's SIC code (needs `edgar sync`).",
        ),
    ] = None,
    unit: UnitOpt = None,
    align: Annotated[
        Literal["label", "nearest"],
        typer.Option(
            "--align",
            help="label: --fy is each company's own "
            "fiscal-year label; nearest: --fy is a calendar year, each company's fiscal year ending nearest "
            "its December 31.",
        ),
    ] = "label",
    as_of: AsOfOpt = None,
) -> None:
    """One financial concept for 2 to 8 companies side by side, with warnings when the figures do not line up."""
    from ...capabilities.compare.compare import compare_companies

    if peers_of is not None:  # a peer ranking is a screen over the bulk store, limited to one SIC code
        from ...capabilities.screen.screen import rank_peers

        run(
            lambda: rank_peers(
                concept,
                peers_of,
                companies=list(companies or []),
                fiscal_year=fy,
                latest=latest,
                period=period,
                as_of=as_of,
            )
        )
        return
    run(
        lambda: compare_companies(
            concept,
            list(companies or []),
            fiscal_year=fy,
            latest=latest,
            period=period,
            sort=sort,
            unit=unit,
            align=align,
            as_of=as_of,
        )
    )


def _comparison_table(r: ComparisonResult):
    from ..render import (
        TagCell,
        as_known_caption,
        house_table,
        mark_captions,
        revision_captions,
        tag_style,
        value_cell,
        width,
    )

    when = f"FY{r.fiscal_year}" if r.period == "annual" else f"{r.fiscal_period} FY{r.fiscal_year}"
    if r.fiscal_year_basis == "nearest" and r.calendar_year is not None:
        when = f"calendar {r.calendar_year}: each company's fiscal year ending nearest {r.calendar_year}-12-31"
    elif r.fiscal_year is None:
        when = "each company's latest fiscal " + ("year" if r.period == "annual" else "quarter")
    verdict = "comparable" if r.comparable else "NOT COMPARABLE: " + "; ".join(r.comparability_issues)
    title = f"{r.label} - {when} ({r.period})\n{verdict}"
    shown = tag_style(v.matched_tag for v in r.rows)  # one tag style in the column
    if width() < 140:
        # Company | Period (FY, end, days) | Value + unit | Filing (form, accession, tag): fits 80 columns
        t = house_table(title)
        t.add_column("Company", overflow="fold", ratio=1, min_width=12)
        t.add_column("Period", no_wrap=True)
        t.add_column("Value", justify="right", no_wrap=True)
        t.add_column("Filing", overflow="fold", ratio=1, min_width=20)
        for v in r.rows:
            who = v.name + (f"\n{', '.join(v.tickers)}" if v.tickers else "")
            period = (
                f"{v.fiscal_period or ''} {v.fiscal_year or '-'}".strip()
                + f"\nends {v.end}"
                + (f"\n{v.days} days" if v.days else "")
            )
            t.add_row(
                who,
                period,
                f"{value_cell(v)}\n{v.unit}",
                TagCell(f"{v.form} {v.accession_number}\n{shown(v.matched_tag)}"),
            )
    else:
        t = house_table(title)
        t.add_column("Company", overflow="fold")
        t.add_column("FY", no_wrap=True)
        t.add_column("End", no_wrap=True)
        t.add_column("Days", justify="right", no_wrap=True)
        t.add_column("Value", justify="right", no_wrap=True)
        t.add_column("Unit", no_wrap=True)
        t.add_column("Tag", overflow="fold")
        t.add_column("Form", no_wrap=True)
        t.add_column("Accession", no_wrap=True)
        for v in r.rows:
            t.add_row(
                v.name,
                f"{v.fiscal_year or '-'} {v.fiscal_period or ''}".strip(),
                str(v.end),
                str(v.days or "-"),
                value_cell(v),
                v.unit,
                TagCell(shown(v.matched_tag)),
                v.form,
                v.accession_number,
            )
    lines = [r.fiscal_year_reason]
    lines.extend(revision_captions(r.rows, lambda v: v.name))
    lines.extend(mark_captions(r.rows, lambda v: v.name))
    for u in r.unavailable:
        lines.append(f"unavailable: {u.name or u.query} ({u.code}): {u.reason}")
    t.caption = "\n".join(lines)
    return as_known_caption(t, r)


def _comparison_rows(r: ComparisonResult) -> list[Row]:
    from ..rows import flat, suspects

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
                "suspected_errors": suspects(row),
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


def _comparison_notes(r: ComparisonResult) -> list[str]:
    from ..render import as_known

    return as_known(r) + ([r.fiscal_year_reason] if r.fiscal_year_reason else [])


def _comparison_row_notes(r: ComparisonResult) -> list[str]:
    """The notes each company's row carries (a later revision as of a date, the tag matched), labelled with the
    company ("Apple Inc.: ..."), printed on stderr in every format but json and nl (where they are in the rows)."""
    return [f"{row.name}: {n}" for row in r.rows for n in row.notes]


def _comparison_warnings(r: ComparisonResult) -> list[str]:
    """Each company missing from the comparison, which the table lists under its rows (the exit status is 16)."""
    return [
        f"{u.name or u.query}{f' ({u.query})' if u.name and u.query != u.name else ''} is not in the comparison "
        f"({u.code}): {u.reason}"
        for u in r.unavailable
    ]


view.result(
    "ComparisonResult",
    table=_comparison_table,
    rows=_comparison_rows,
    notes=_comparison_notes,
    warnings=_comparison_warnings,
    row_notes=_comparison_row_notes,
)

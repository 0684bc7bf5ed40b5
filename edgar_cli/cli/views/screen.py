"""edgar screen: one financial concept across every filer in the local bulk store."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..support import AsOfOpt, ConceptArg, comma_list, forms_option, limit_option, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.screen.model import ScreenExclusion, ScreenResult
    from ..rows import Row

view = View()


@view.command(
    "screen",
    examples=[
        "edgar screen revenue --fy 2024 --min 1e9",
        "edgar screen net_income --calendar 2024 --sort value_asc --limit 20",
        "edgar screen revenue --fy 2024 --peers-of NVDA --csv > peers.csv",
        "edgar screen revenue --fy 2019 --min 1e9 --as-of 2020-06-30",
    ],
)
def screen_cmd(
    concept: ConceptArg,
    fy: Annotated[
        int | None, typer.Option("--fy", metavar="YEAR", help="Fiscal year by each company's own label, e.g. 2024.")
    ] = None,
    calendar: Annotated[
        int | None,
        typer.Option(
            "--calendar",
            metavar="YEAR",
            help="Instead of --fy: each company's fiscal year ending nearest December 31 of YEAR.",
        ),
    ] = None,
    minimum: Annotated[
        float | None, typer.Option("--min", metavar="VALUE", help="Only values at or above this, e.g. 1e9.")
    ] = None,
    maximum: Annotated[
        float | None, typer.Option("--max", metavar="VALUE", help="Only values at or below this.")
    ] = None,
    sort: Annotated[
        Literal["value_desc", "value_asc", "name"],
        typer.Option("--sort", help="value_desc (largest first), value_asc or name."),
    ] = "value_desc",
    limit: Annotated[int, limit_option("Most rows to show (1-1000).")] = 50,
    form: Annotated[
        str | None, forms_option("Only values from 10-K, 20-F or 40-F reports (comma-separated).", complete=False)
    ] = None,
    fye: Annotated[
        int | None, typer.Option("--fye", metavar="MONTH", help="Only fiscal years ending in this month, 1-12.")
    ] = None,
    unit: Annotated[
        str | None,
        typer.Option(
            "--unit",
            metavar="UNIT",
            help="USD (default for money), USD/shares, shares, or a currency such as TWD: each filer's figures in "
            "the currency it reports in, never a convenience translation (edgar compare ... --unit USD gives one).",
        ),
    ] = None,
    peers_of: Annotated[
        str | None,
        typer.Option("--peers-of", metavar="COMPANY", help="Only companies with the same SIC code as this one."),
    ] = None,
    as_of: AsOfOpt = None,
) -> None:
    """One financial concept across every filer in the local bulk store, for one fiscal or calendar year."""
    from ...capabilities.screen.screen import screen_companies

    run(
        lambda: screen_companies(
            concept,
            fiscal_year=fy,
            calendar_year=calendar,
            minimum=minimum,
            maximum=maximum,
            sort=sort,
            limit=limit,
            forms=comma_list(form),
            fiscal_year_end=fye,
            unit=unit,
            peers_of=peers_of,
            as_of=as_of,
        )
    )


def _screen_table(r: ScreenResult):
    """Below 150 columns four stacked columns (as compare's): company, period, value, filing; nothing cut."""
    from ..render import TagCell, as_known_caption, house_table, tag_style, value_cell, width

    period = f"FY{r.fiscal_year}" if r.fiscal_year is not None else f"calendar {r.calendar_year}"
    peers = f" - peers of {r.peers_of.name}" if r.peers_of else ""
    t = house_table(
        f"{r.label} [{r.unit}], {period}{peers}: {r.companies_matched:,} of {r.companies_considered:,} companies"
    )
    narrow = width() < 150
    shown = tag_style(v.matched_tag for v in r.rows)  # one tag style in the column
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("Company", overflow="fold", ratio=1, min_width=12)
    if narrow:
        t.add_column("Period", no_wrap=True)
        t.add_column("Value", justify="right", no_wrap=True)
        t.add_column("Filing", overflow="fold", ratio=1, min_width=20)
    else:
        for col in ("FY", "Period"):
            t.add_column(col, no_wrap=True)
        t.add_column("Value", justify="right", no_wrap=True)
        for col in ("Form", "Accession"):
            t.add_column(col, no_wrap=True)
        t.add_column("Tag", overflow="fold")
    for i, v in enumerate(r.rows, 1):
        span = f"{v.start} to {v.end}" if v.start else f"at {v.end}"
        if narrow:
            who = v.name + (f"\n{', '.join(v.tickers)}" if v.tickers else "")
            when = f"{v.fiscal_period or ''} {v.fiscal_year or '-'}".strip() + (
                f"\n{v.start}\nto {v.end}" if v.start else f"\nat {v.end}"
            )
            t.add_row(
                str(i),
                who,
                when,
                f"{value_cell(v)}\n{v.unit}",
                TagCell(f"{v.form} {v.accession_number}\n{shown(v.matched_tag)}"),
            )
        else:
            name = v.name + (f" ({', '.join(v.tickers)})" if v.tickers else "")
            t.add_row(
                str(i),
                name,
                str(v.fiscal_year or "-"),
                span,
                value_cell(v),
                v.form,
                v.accession_number,
                TagCell(shown(v.matched_tag)),
            )
    t.caption = "\n".join(screen_lines(r)) or None
    return as_known_caption(t, r)


def screen_lines(r: ScreenResult, marks: bool = True) -> list[str]:
    """What a screen's table says under it: the companies left out and why, truncation, and (``marks``) the
    revision marks it uses."""
    lines = [f"{e.companies:,} {e.reason.replace('_', ' ')} ({_named(e)}): {e.detail}" for e in r.excluded]
    if r.truncated:
        from ..rows import shown_of

        lines.append(shown_of(len(r.rows), r.companies_matched, "companies", 1000))
    if marks:
        from ..render import REVISION_MARKS, revision_legend, revision_mark

        used = {revision_mark(v) for v in r.rows} - {""}
        lines.extend(
            f"{m} {revision_legend(m)}: see original_value in --json"
            for m in dict.fromkeys(REVISION_MARKS.values())
            if m in used
        )
    return lines


_NAMED = 3  # companies named in a note before "and N more"


def _named(e: ScreenExclusion) -> str:
    """The companies an exclusion counts, by name: up to three, then "and N more" ("?" for none known)."""
    names = [re.sub(r" \(\d{10}\)$", "", x) for x in e.examples[:_NAMED]] or ["?"]
    rest = e.companies - len(names)
    return ", ".join(names) + (f" and {rest:,} more" if rest > 0 else "")


def _screen_rows(r: ScreenResult) -> list[Row]:
    """One row per company matched, ranked: the company, then the value with its provenance."""
    from ..rows import flat

    return [
        {
            "rank": i,
            "company_name": v.name,
            "cik": v.cik,
            "tickers": v.tickers,
            "sic": v.sic,
            "concept": r.concept,
            **flat(v, exclude=("name", "cik", "tickers", "sic", "notes")),
            **({"as_of": r.as_of} if r.as_of is not None else {}),  # (a point-in-time row says so in the data)
        }
        for i, v in enumerate(r.rows, 1)
    ]


def _screen_notes(r: ScreenResult) -> list[str]:
    from ..render import as_known

    return as_known(r) + screen_lines(r, marks=False)


view.result("ScreenResult", table=_screen_table, rows=_screen_rows, notes=_screen_notes)

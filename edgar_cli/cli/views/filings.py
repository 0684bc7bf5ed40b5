"""edgar filings: a company's filings, newest first, with amendments linked to their originals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..support import CompanyArg, FromOpt, ToOpt, comma_list, forms_option, limit_option, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.filings.model import FilingList
    from ..rows import Row

view = View()


@view.command(
    "filings",
    examples=[
        "edgar filings NVDA --form 10-K",
        "edgar filings AAPL --form 8-K --from 2024-01-01 -n 50",
        "edgar filings TSLA --form 'DEF 14A,4'",
        "edgar filings MSFT --csv > msft-filings.csv",
        "edgar filings NVDA --all --csv > nvda-all-filings.csv",
    ],
)
def filings_cmd(
    company: CompanyArg,
    form: Annotated[
        str | None,
        forms_option(
            "Form types, comma-separated: 10-K, 10-Q, 20-F, 40-F or 8-K (with amendments and variants), any other "
            "EDGAR form type (4, DEF 14A, S-1, ...), or one form such as 10-K/A."
        ),
    ] = None,
    since: FromOpt = None,
    until: ToOpt = None,
    limit: Annotated[int | None, limit_option("Most filings to show, newest first (1-1000, default 20).")] = None,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Every matching filing, reading older pages as needed (same as --limit 1000, the most; "
            "narrow --form or --from/--to for more).",
        ),
    ] = False,
) -> None:
    """A company's filings, newest first, with amendments linked to their originals and its fiscal calendar."""
    from ...capabilities.filings import MAX_LIMIT
    from ...capabilities.filings.filings import list_filings
    from ...errors import EdgarError

    def call() -> FilingList:
        if every and limit is not None:
            raise EdgarError(
                "invalid_argument",
                f"--all is --limit {MAX_LIMIT}, the most; it cannot be given with --limit {limit}.",
                "Give one of --all or --limit N.",
            )
        shown = MAX_LIMIT if every else 20 if limit is None else limit
        return list_filings(company, forms=comma_list(form), filed_from=since, filed_to=until, limit=shown)

    run(call)


def _filings_table(r: FilingList):
    from ..render import house_table, width

    c = r.company
    facts = [f"CIK {c.cik}"]
    if c.tickers:
        facts.append(", ".join(c.tickers))
    if c.latest_fiscal_year_ended:  # the actual date: a 52/53-week year ends on a different day each year
        facts.append(
            f"fiscal year ended {c.latest_fiscal_year_ended}"
            + (" (52/53-week years)" if c.fiscal_year_ends_move else "")
        )
    elif c.fiscal_year_end:
        facts.append(f"fiscal year ends {c.fiscal_year_end} (the SEC's record)")
    if c.sic:
        facts.append(f"SIC {c.sic} {c.sic_description or ''}".rstrip())
    what = ", ".join(r.forms) or "all forms"
    t = house_table(f"{c.name} - filings ({what})\n" + " · ".join(facts))
    # Below 100 columns the filed and period dates share a cell, so that the description keeps room for an
    # accession number whole ("(amends 0001628280-25-003063)" must never fold inside the number).
    stacked = width() < 100
    # FY only where some filing has one (an 8-K has none): a column of "-" on every row says nothing
    fy = any(f.fiscal_year is not None for f in r.filings)
    columns = (
        "Form",
        "Filed\nPeriod" if stacked else "Filed",
        *(() if stacked else ("Period",)),
        *(("FY",) if fy else ()),
    )
    for col in (*columns, "Accession"):
        t.add_column(col, no_wrap=True)
    t.add_column("Description", overflow="fold", min_width=22 if stacked else 12)
    for f in r.filings:
        desc = f.primary_doc_description or ""
        if f.items:
            desc = (f"{desc}; " if desc and desc != f.form else "") + "items " + ", ".join(f.items)
        if f.superseded_by:
            desc += f" (superseded by {f.superseded_by})"
        if f.amends:
            desc += f" (amends {f.amends})"
        dates = (
            (f"{f.filed}\n{f.period_of_report or '-'}",) if stacked else (str(f.filed), str(f.period_of_report or "-"))
        )
        year = ((str(f.fiscal_year) if f.fiscal_year is not None else "-"),) if fy else ()
        t.add_row(f.form, *dates, *year, f.accession_number, desc.strip())
    # how many: the count under the table (a truncated listing says how many of how many, and how to get the rest;
    # the incomplete history is a warning on stderr, not repeated here)
    t.caption = _more(r) if r.truncated else f"{len(r.filings):,} filing{'' if len(r.filings) == 1 else 's'}"
    return t


def _more(r: FilingList) -> str:
    """What a truncated listing says (the capability's last note, list_filings' shown_note): under the table."""
    return next((n for n in reversed(r.notes) if " filings shown" in n), f"{len(r.filings):,} filings shown")


def _filings_rows(r: FilingList) -> list[Row]:
    from ..rows import flat

    return [{**flat(f), "amendments": [a.accession_number for a in f.amendments]} for f in r.filings]


def _filings_notes(r: FilingList) -> list[str]:
    return [_more(r)] if r.truncated else []


view.result("FilingList", table=_filings_table, rows=_filings_rows, notes=_filings_notes)

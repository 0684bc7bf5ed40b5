"""edgar resolve: identify a company by ticker, CIK or name, refusing to guess between close names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..support import run
from . import View

if TYPE_CHECKING:
    from ...capabilities.resolve.model import Candidate, ResolvedCompany
    from ..rows import Row

view = View()


@view.command("resolve", examples=["edgar resolve NVDA", "edgar resolve 'Apple Inc'", "edgar resolve 320193"])
def resolve_cmd(
    query: Annotated[
        str, typer.Argument(metavar="COMPANY", help="Ticker, CIK or company name, e.g. NVDA, 1045810, 'NVIDIA'.")
    ],
) -> None:
    """Identify a company by ticker, CIK or name, refusing to guess between close names."""
    from ...capabilities.resolve.resolve import resolve_company

    run(lambda: resolve_company(query))


def _resolved_table(r: ResolvedCompany):
    from ..render import house_table

    t = house_table(f"{r.name} (CIK {r.cik})")
    t.add_column("Field", no_wrap=True)
    t.add_column("Value", overflow="fold")
    t.add_row("CIK", r.cik)
    t.add_row("Name", r.name)
    t.add_row("Tickers", ", ".join(r.tickers) or "-")
    t.add_row("Exchange", r.exchange or "-")
    t.add_row("Match", f"{r.match_type} ({r.score:.2f})")
    # no ticker-file position: past the file's head (foreign issuers, funds) it is in no value order, so the rank
    # that orders candidates is no fact about size to print (issue 35, item 8; the JSON keeps it for a script)
    if r.other_matches:
        t.add_row(
            "Also matches",
            "\n".join(f"{c.name} ({c.cik})" for c in r.other_matches),
        )
    if r.reorganisation:
        g = r.reorganisation
        t.add_row(
            "Reorganisation",
            f"{g.predecessor_name} (CIK {g.predecessor_cik}) -> {g.successor_name} "
            f"(CIK {g.successor_cik}) on {g.effective}",
        )
    return t


def _resolved_rows(r: ResolvedCompany) -> list[Row]:
    """The company resolved to, then the others the query also matches (``chosen`` false)."""

    def row(c: ResolvedCompany | Candidate, chosen: bool) -> Row:
        return {
            "company_name": c.name,
            "cik": c.cik,
            "tickers": c.tickers,
            "exchange": c.exchange,
            "match_type": c.match_type,
            "score": c.score,
            # no ticker_file_position column: a bare 7014 beside TSMC's name reads as a size rank; the order of
            # the rows is that order already, and --json keeps the field, described, for a script
            "chosen": chosen,
            "query": r.query,
        }

    return [row(r, True), *(row(c, False) for c in r.other_matches)]


view.result("ResolvedCompany", table=_resolved_table, rows=_resolved_rows)

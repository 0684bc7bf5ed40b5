"""edgar index add/list/remove: the local index of filing text that `edgar find` searches."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..support import YesOpt, confirm, forms_option, run
from . import View

if TYPE_CHECKING:
    from rich.table import Table

    from ...capabilities.local_index.model import IndexedFiling, IndexListing, IndexUpdate
    from ..rows import Row

view = View()
index = view.group("index", help="Build, list or prune the local index of filing text that `edgar find` searches.")


@index.command(
    "add",
    examples=[
        "edgar index add NVDA AAPL",
        "edgar index add MSFT --form 10-K,10-Q --years 2",
        "edgar index add NVDA --accession 0001045810-25-000023",
    ],
)
def index_add_cmd(
    companies: Annotated[
        list[str] | None,
        typer.Argument(metavar="COMPANY...", help="Tickers, CIKs or company names, e.g. NVDA AAPL."),
    ] = None,
    forms: Annotated[str, forms_option("Form families, comma-separated: 10-K, 10-Q, 20-F.")] = "10-K",
    years: Annotated[
        int, typer.Option("--years", metavar="N", help="Latest fiscal years to index per company and form (1-30).")
    ] = 3,
    accession: Annotated[
        list[str] | None,
        typer.Option(
            "--accession",
            "-a",
            metavar="ACCESSION",
            help="Index exactly this filing of the companies instead; repeat for several.",
        ),
    ] = None,
    document: Annotated[
        list[str] | None,
        typer.Option(
            "--document",
            metavar="URL",
            help="Index this primary "
            "document (an SEC Archives URL) instead, for a filing the submissions history does not list; "
            "repeat for several.",
        ),
    ] = None,
    refresh: Annotated[bool, typer.Option("--refresh", help="Re-index filings already in the index.")] = False,
    semantic: Annotated[
        bool | None,
        typer.Option(
            "--semantic/--no-semantic", help="Write chunk vectors (default: when the semantic extra is installed)."
        ),
    ] = None,
) -> None:
    """Add companies' 10-K/10-Q/20-F filings to the local text index, split into sections and chunks."""
    from ...capabilities.local_index.local_index import index_add

    run(
        lambda: index_add(
            list(companies or []),
            forms=forms,
            years=years,
            accession_numbers=list(accession or []) or None,
            documents=list(document or []) or None,
            refresh=refresh,
            semantic=semantic,
        )
    )


@index.command("list", examples=["edgar index list", "edgar index list --csv > indexed.csv"])
def index_list_cmd() -> None:
    """The filings in the local text index, with their sections, chunks and vectors."""
    from ...capabilities.local_index.local_index import index_list

    run(index_list)


@index.command(
    "remove",
    examples=[
        "edgar index remove AAPL",
        "edgar index remove --accession 0001045810-25-000023",
        "edgar index remove --all --yes",
    ],
)
def index_remove_cmd(
    companies: Annotated[
        list[str] | None, typer.Argument(metavar="[COMPANY...]", help="Remove every filing of these companies.")
    ] = None,
    accession: Annotated[
        list[str] | None,
        typer.Option("--accession", "-a", metavar="ACCESSION", help="Remove this filing; repeat for several."),
    ] = None,
    all_filings: Annotated[bool, typer.Option("--all", help="Remove every filing.")] = False,
    yes: YesOpt = False,
) -> None:
    """Remove filings from the local text index: by company, by accession number, or all."""
    from ...capabilities.local_index.local_index import index_remove
    from ...index.store import index_location

    if all_filings and not confirm(f"Remove every filing from the local index {index_location()}?", yes=yes):
        sys.stderr.write("Nothing was removed.\n")
        return
    run(
        lambda: index_remove(
            list(companies or []) or None, accession_numbers=list(accession or []) or None, all_filings=all_filings
        )
    )


def _index_table(title: str, filings: list[IndexedFiling], with_status: bool) -> Table:
    from ..render import house_table

    t = house_table(title)
    if with_status:
        t.add_column("Status", no_wrap=True)
    t.add_column("Filing", no_wrap=True)
    t.add_column("Accession", no_wrap=True)
    t.add_column("Sections", justify="right", no_wrap=True)
    t.add_column("Chunks", justify="right", no_wrap=True)
    t.add_column("Vectors", overflow="fold", min_width=7)
    for f in filings:
        filing = (
            f"{f.ticker or f.company_name} {f.form}"
            + (f" FY{f.fiscal_year}" if f.fiscal_year else "")
            + (f"\nfiled {f.filed}" if f.filed else "")
        )
        row = [filing, f.accession_number, str(f.sections), f"{f.chunks:,}", f.embedding_model or "-"]
        t.add_row(*([f.status] if with_status else []), *row)
    return t


def _update_table(r: IndexUpdate):
    from ..render import Rendered

    verb = "Indexed into" if r.action == "add" else "Removed from"
    t = _index_table(f"{verb} the local index", r.filings, True)
    lines = [
        f"index: {r.filings_total} filings, {r.chunks_total:,} chunks, {r.size_bytes / 1e6:.1f} MB"
        + ("" if r.action == "remove" else f"; vectors: {r.embedding_model or 'none (keyword-only)'}")
    ]
    for s in r.skipped:
        lines.append(f"skipped {s.company} {s.form or ''} {s.accession_number or ''} ({s.code}): {s.reason}")
    t.caption = "\n".join(" ".join(line.split()) for line in lines)
    return Rendered(t, [f"index: {r.index_path}"])


def _listing_table(r: IndexListing):
    from ..render import Rendered

    t = _index_table("Local index", r.filings, False)
    sem = "semantic search available" if r.semantic_available else "keyword-only (BM25)"
    t.caption = f"{r.filings_total} filings, {r.chunks_total:,} chunks, {r.size_bytes / 1e6:.1f} MB; {sem}"
    return Rendered(t, [f"index: {r.index_path}"])


def _update_rows(r: IndexUpdate) -> list[Row]:
    from ..rows import flat

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


def _listing_rows(r: IndexListing) -> list[Row]:
    from ..rows import flat

    return [flat(f, exclude=("status",)) for f in r.filings]


view.result("IndexUpdate", table=_update_table, rows=_update_rows)
view.result("IndexListing", table=_listing_table, rows=_listing_rows)

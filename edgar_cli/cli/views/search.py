"""edgar search: the SEC's full-text search of filings since 2001, one row per matching filing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..support import CompanyOpt, comma_list, filed_from_option, filed_to_option, forms_option, limit_option, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.search.model import FullTextSearchResult
    from ..rows import Row

view = View()


@view.command(
    "search",
    examples=[
        "edgar search '\"going concern\"' --form 10-K --from 2023-01-01",
        "edgar search 'climate change' --form 8-K -n 20",
        "edgar search tariffs --company AAPL --csv > hits.csv",
    ],
)
def search_cmd(
    query: Annotated[
        str,
        typer.Argument(
            metavar="QUERY", help="Words to find, e.g. climate change; quote a phrase: '\"going concern\"'."
        ),
    ],
    forms: Annotated[
        str | None, forms_option("Root forms, comma-separated, e.g. 10-K,10-Q (amendments included).")
    ] = None,
    filed_from: Annotated[
        str | None, filed_from_option("Earliest filing date, YYYY-MM-DD (2001-01-01 or later).")
    ] = None,
    filed_to: Annotated[
        str | None, filed_to_option("Latest filing date, YYYY-MM-DD (default today when --from is given).")
    ] = None,
    company: CompanyOpt = None,
    limit: Annotated[int, limit_option("Most filings to show from the page (1-100).")] = 10,
    page: Annotated[int, typer.Option("--page", metavar="N", help="Page of 100 matching documents (1-100).")] = 1,
) -> None:
    """Search the text of EDGAR filings since 2001 for words or a phrase, one row per matching filing."""
    from ...capabilities.search.search import search_full_text

    run(
        lambda: search_full_text(
            query,
            forms=comma_list(forms),
            filed_from=filed_from,
            filed_to=filed_to,
            company=company,
            limit=limit,
            page=page,
        )
    )


def _search_table(r: FullTextSearchResult):
    from ..render import house_table, width

    total = f"at least {r.total_hits:,}" if r.total_is_lower_bound else f"{r.total_hits:,}"
    t = house_table(f"Full-text search: {r.query} - {total} matching documents, page {r.page}")
    narrow = width() < 150
    if narrow:
        t.add_column("Filing", no_wrap=True)
        t.add_column("Company", overflow="fold", ratio=1, min_width=14)
        t.add_column("Matching file", overflow="fold", ratio=1, min_width=14)
    else:
        for col in ("Filed", "Form", "Company", "CIK", "Ticker", "Matching file", "Accession"):
            t.add_column(col, no_wrap=col in ("Filed", "Form", "CIK", "Accession"), overflow="fold")
    for f in r.filings:
        more = f" (+{len(f.other_files)} more)" if f.other_files else ""
        matched = f"{f.file_type or '?'}: {f.description or f.file}{more}"
        company = f.company.name + (f" (+{len(f.co_registrants)} co-registrants)" if f.co_registrants else "")
        tickers = ", ".join(f.company.tickers) or "-"
        if narrow:
            t.add_row(
                f"{f.filed} {f.form}\n{f.accession_number}", f"{company}\nCIK {f.company.cik} · {tickers}", matched
            )
        else:
            t.add_row(str(f.filed), f.form, company, f.company.cik, tickers, matched, f.accession_number)
    t.caption = f"{_count(r)}\n{r.coverage}"
    return t


def _search_rows(r: FullTextSearchResult) -> list[Row]:
    from ..rows import flat

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


def _search_notes(r: FullTextSearchResult) -> list[str]:
    if not (r.next_page or len(r.filings) < r.filings_on_page):
        return []
    return [_count(r)]


def _count(r: FullTextSearchResult) -> str:
    """How many of the page's filings are shown (as every listing's count line: rows.shown_of), and the next
    page (a page is 100 matching documents, hits_on_page in the JSON)."""
    from ..rows import shown_of

    if len(r.filings) < r.filings_on_page:
        shown = shown_of(len(r.filings), r.filings_on_page, "filings on this page", 100)
    else:
        shown = f"{len(r.filings)} of {r.filings_on_page} filings on this page shown"
    return shown + (f"; next: --page {r.next_page}" if r.next_page else "")


view.result("FullTextSearchResult", table=_search_table, rows=_search_rows, notes=_search_notes)

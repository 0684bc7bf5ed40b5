"""edgar find and edgar read: passages of the locally indexed filings, and the numbered lines around them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..support import CompanyOpt, FromOpt, ToOpt, comma_list, complete_sections, forms_option, limit_option, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.documents.model import DocumentLines, DocumentSearchResult
    from ..rows import Row

view = View()


@view.command(
    "find",
    examples=[
        "edgar find 'export controls China'",
        "edgar find 'supply chain concentration' --company AAPL --section risk_factors",
        "edgar find 'going concern' --match phrase --csv > passages.csv",
    ],
)
def find_cmd(
    query: Annotated[str, typer.Argument(metavar="QUERY", help="Words or a question, e.g. 'export controls China'.")],
    company: CompanyOpt = None,
    exclude: Annotated[
        str | None,
        typer.Option(
            "--exclude", metavar="COMPANIES", help="Leave out these companies, comma-separated, e.g. AAPL,MSFT."
        ),
    ] = None,
    forms: Annotated[str | None, forms_option("Form families, comma-separated, e.g. 10-K,10-Q.")] = None,
    section: Annotated[
        str | None,
        typer.Option(
            "--section",
            metavar="SECTION",
            help="Only this section: risk_factors, mda, 'Item 1A', ...",
            autocompletion=lambda incomplete: complete_sections(incomplete),
        ),
    ] = None,
    filed_from: FromOpt = None,
    filed_to: ToOpt = None,
    fy: Annotated[
        int | None,
        typer.Option(
            "--fy",
            metavar="YEAR",
            help="Only filings of this fiscal year by the company's own label (its period of report falls in it).",
        ),
    ] = None,
    match: Annotated[
        Literal["ranked", "phrase"],
        typer.Option(
            "--match",
            help="ranked (BM25, + semantic when available; word forms match: control, controls) or phrase "
            "(exactly these words in order: 'export control' does not match 'export controls').",
        ),
    ] = "ranked",
    ranker: Annotated[
        Literal["auto", "hybrid", "bm25", "semantic"],
        typer.Option(
            "--ranker",
            help="How to rank "
            "passages: auto is hybrid when "
            "vectors exist, else bm25 (the only "
            "ranker of --match phrase).",
        ),
    ] = "auto",
    limit: Annotated[int, limit_option("Most passages to show (1-50).")] = 5,
    per_company: Annotated[
        int | None, typer.Option("--per-company", metavar="N", help="Most passages from any one company.")
    ] = None,
    max_excerpt_chars: Annotated[
        int,
        typer.Option(
            "--max-excerpt-chars",
            metavar="N",
            help="Longest excerpt in characters (80-5000); an excerpt ends at a sentence's end when one is within "
            "120 characters of the cut, else at a word's end.",
        ),
    ] = 600,
) -> None:
    """Search the locally indexed filings for passages that answer a query, with excerpts and provenance."""
    from ...capabilities.documents.documents import search_documents

    run(
        lambda: search_documents(
            query,
            company=company,
            exclude=comma_list(exclude),
            forms=comma_list(forms),
            section=section,
            filed_from=filed_from,
            filed_to=filed_to,
            match=match,
            ranker=ranker,
            limit=limit,
            per_company=per_company,
            max_excerpt_chars=max_excerpt_chars,
            fiscal_year=fy,
        )
    )


@view.command(
    "read",
    examples=[
        "edgar read 0001045810-25-000023:risk_factors --lines 120-180",
        "edgar read --around 0001045810-25-000023:risk_factors:0004",
    ],
)
def read_cmd(
    doc_id: Annotated[
        str | None, typer.Argument(metavar="[DOC_ID]", help="Document id from `edgar find`: ACCESSION:section.")
    ] = None,
    lines: Annotated[
        str | None,
        typer.Option("--lines", metavar="FROM-TO", help="Line range, e.g. 120-180 (default: the first 200)."),
    ] = None,
    around: Annotated[
        str | None,
        typer.Option(
            "--around", metavar="CHUNK_ID", help="A chunk id from `edgar find`: that chunk with its neighbours."
        ),
    ] = None,
) -> None:
    """Numbered lines of an indexed filing section, for reading around a search excerpt."""
    from ...capabilities.documents.documents import read_document

    run(lambda: read_document(doc_id, lines=lines, around=around))


def _search_table(r: DocumentSearchResult):
    from rich.text import Text

    from ..render import house_table, width

    how = f"{r.match}, {r.ranker}" + (", broadened to any word" if r.broadened else "")
    where = "; ".join(f"{k}={', '.join(v) if isinstance(v, list) else v}" for k, v in r.filters.items())
    t = house_table(f"find: {r.query} ({how})" + (f"\n{where}" if where else ""), show_lines=True)
    narrow = width() < 120
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("Filing", no_wrap=not narrow, overflow="fold", max_width=26 if narrow else None)
    if not narrow:
        t.add_column("Section", overflow="fold", max_width=24)
    t.add_column("Excerpt", overflow="fold", ratio=1)
    for h in r.results:
        ex = Text(h.excerpt)
        for a, b in h.marks:
            ex.stylize("bold reverse", a, b)
        filing = (
            f"{h.ticker or h.company_name}\n{h.form} FY{h.fiscal_year or '?'}\nfiled {h.filed or '?'}"
            f"\n{h.accession_number}"
        )
        ranks = ", ".join(f"{k} #{v}" for k, v in h.rankers.items())
        chunk = h.chunk_id.rsplit(":", 1)[-1]
        section = f"{h.section_label or h.section}\nlines {h.line_start}-{h.line_end}, chunk {chunk}\n{ranks}"
        if narrow:
            t.add_row(str(h.rank), f"{filing}\n{section}", ex)
        else:
            t.add_row(str(h.rank), filing, section, ex)
    foot = [f"{len(r.results)} of {r.limit} asked; {r.filings_searched} indexed filings searched"]
    more = _more(r)
    if more:
        foot.append(more)
    if r.shortfall:
        foot.append(r.shortfall)
    if r.results:
        first = r.results[0]
        foot.append(f"read around any result: edgar read --around ACCESSION:SECTION:CHUNK, as for #{first.rank}:")
        foot.append(f"edgar read --around {first.chunk_id}")
    t.caption = "\n".join(foot)
    return t


def _lines_table(r: DocumentLines):
    from ..render import TextResult

    head = [
        f"{r.section_label or r.section} - {r.ticker or r.company_name} {r.form}"
        + (f" FY{r.fiscal_year}" if r.fiscal_year else "")
        + (f" filed {r.filed}" if r.filed else "")
        + f" · {r.accession_number}"
    ]
    if r.document_url:
        head.append(r.document_url)
    num = len(str(r.line_end))
    body = "\n".join(f"{ln.line:>{num}}  {ln.text}" for ln in r.lines)
    foot = f"lines {r.line_start}-{r.line_end} of {r.lines_total}" + (
        f"; next: edgar read {r.doc_id} --lines {r.next_lines}" if r.next_lines else ""
    )
    return TextResult(body=body, head=head + [""], foot=["", foot])


def _search_rows(r: DocumentSearchResult) -> list[Row]:
    from ..rows import flat

    return [flat(h, exclude=("marks",)) for h in r.results]


def _lines_rows(r: DocumentLines) -> list[Row]:
    return [{"doc_id": r.doc_id, "line": ln.line, "text": ln.text} for ln in r.lines]


def _lines_text(r: DocumentLines) -> str:
    return "\n".join(ln.text for ln in r.lines)


def _more(r: DocumentSearchResult) -> str | None:
    """How many passages matched beyond those shown, and how to see them: the capability's note (search_documents),
    said under the table and so not again on stderr."""
    return next((n for n in reversed(r.notes) if " passages " in n and n.endswith(" shows more.")), None)


def _search_notes(r: DocumentSearchResult) -> list[str]:
    more = _more(r)
    return ([r.shortfall] if r.shortfall else []) + ([more] if more else [])


def _lines_notes(r: DocumentLines) -> list[str]:
    if not r.next_lines:
        return []
    return [f"lines {r.line_start}-{r.line_end} of {r.lines_total}; next: edgar read {r.doc_id} --lines {r.next_lines}"]


view.result("DocumentSearchResult", table=_search_table, rows=_search_rows, notes=_search_notes)
view.result("DocumentLines", table=_lines_table, rows=_lines_rows, text=_lines_text, notes=_lines_notes)

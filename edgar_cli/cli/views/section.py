"""edgar section: a named section of a 10-K, 10-Q or 20-F as text, or the outline of its sections."""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Annotated

import typer

from ..support import FyOpt, complete_sections, forms_option, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.section.model import FilingOutline, FilingSection
    from ..rows import Row

view = View()

SCREEN_SECTION_CHARS = 20000  # characters of a section shown on a terminal (get_filing_section's default)
_HEADER: ContextVar[bool] = ContextVar("section_header", default=True)  # False: --no-header (the text alone)


@view.command(
    "section",
    examples=[
        "edgar section NVDA risk_factors",
        "edgar section NVDA                      # the outline of its latest 10-K",
        "edgar section AAPL mda --fy 2023 --all > aapl-mda-2023.txt",
        "edgar section AAPL 'Part II Item 1A' --form 10-Q",
        "edgar section --file filing.htm 'Item 7'",
    ],
)
def section_cmd(
    company: Annotated[
        str | None,
        typer.Argument(metavar="[COMPANY]", help="Ticker, CIK or company name, e.g. NVDA (omit with --file)."),
    ] = None,
    section: Annotated[
        str | None,
        typer.Argument(
            metavar="[SECTION]",
            help="risk_factors, mda, financial_statements, "
            "'Item 1A', 'MD&A', 'Part II Item 1A', ...; omit for the outline.",
            autocompletion=lambda incomplete: complete_sections(incomplete),
        ),
    ] = None,
    accession: Annotated[
        str | None,
        typer.Option("--accession", "-a", metavar="ACCESSION", help="Accession number, e.g. 0001045810-25-000023."),
    ] = None,
    fy: FyOpt = None,
    form: Annotated[str | None, forms_option("10-K (default; a 20-F filer's 20-F), 10-Q or 20-F.", single=True)] = None,
    max_chars: Annotated[
        int | None,
        typer.Option(
            "--max-chars",
            metavar="N",
            help="Most characters of text to "
            "print (0 for the whole section; default 20000 on a terminal, "
            "the whole section into a file or a pipe).",
        ),
    ] = None,
    whole: Annotated[bool, typer.Option("--all", help="The whole section (same as --max-chars 0).")] = False,
    offset: Annotated[
        int,
        typer.Option(
            "--offset",
            metavar="N",
            help="Start this many characters into the section (next_offset of the previous page).",
        ),
    ] = 0,
    file: Annotated[
        str | None,
        typer.Option(
            "--file", metavar="PATH", help="Read a filing document on disk (HTML or .txt) instead of fetching one."
        ),
    ] = None,
    no_header: Annotated[
        bool,
        typer.Option(
            "--no-header",
            help="Into a file or a pipe, the section's text alone, without the provenance line and the blank "
            "line after it (the text is also --json | jq -r .text).",
        ),
    ] = False,
) -> None:
    """A named section of a 10-K, 10-Q or 20-F (risk factors, MD&A, ...) as text; without a section, the outline.

    Into a file or a pipe the text starts with one provenance line (company · form · filed · accession · section
    · URL) and a blank line; --no-header writes the text alone."""
    from ...capabilities.section.section import get_filing_outline, get_filing_section

    if file is not None and section is None:  # `edgar section --file PATH SECTION`
        company, section = None, company
    if section is None:
        run(lambda: get_filing_outline(company, accession_number=accession, fiscal_year=fy, form=form, file=file))
        return
    if max_chars is None:  # a screen gets a page; a file or a pipe the whole section (it is being kept)
        import sys

        max_chars = SCREEN_SECTION_CHARS if sys.stdout.isatty() else 0
    token = _HEADER.set(not no_header)
    try:
        run(
            lambda: get_filing_section(
                company,
                section,
                accession_number=accession,
                fiscal_year=fy,
                form=form,
                max_chars=0 if whole else max_chars,
                offset=offset,
                file=file,
            )
        )
    finally:
        _HEADER.reset(token)


def _head_line(r: FilingSection | FilingOutline) -> str:
    who = r.company_name or r.source_file or ""
    return (
        f"{who} · {r.form}"
        + (f" · filed {r.filed}" if r.filed else "")
        + (f" · period {r.period_of_report}" if r.period_of_report else "")
        + (f" · {r.accession_number}" if r.accession_number else "")
    )


def _section_table(r: FilingSection):
    from ..render import TextResult

    head = [r.label, _head_line(r)]
    if r.document_url:
        head.append(r.document_url)
    head.append(f"confidence {r.extraction_confidence}: {'; '.join(r.confidence_reasons)}")
    if r.is_reference:
        head.append(
            f"REFERENCE ONLY: the content is in {r.reference_target}"
            + (f" (section {r.reference_section})" if r.reference_section else "")
        )
    return TextResult(body=r.text, head=head + [""], foot=["", _section_span(r)])


def _section_span(r: FilingSection) -> str:
    span = f"characters {r.offset}-{r.offset + r.chars_returned} of {r.chars_total}"
    return span + (f"; more with --offset {r.next_offset} (or --all for the whole section)" if r.truncated else "")


def _outline_table(r: FilingOutline):
    from ..render import Rendered, house_table

    t = house_table(f"Sections of {_head_line(r)}")
    t.add_column("Item", no_wrap=True)
    t.add_column("Section", no_wrap=True)
    t.add_column("Label", overflow="fold", ratio=1)
    t.add_column("Chars", justify="right", no_wrap=True)
    for s in r.sections:
        label = s.label.split(". ", 1)[1] if s.label.startswith("Item ") and ". " in s.label else s.label
        t.add_row(s.item, s.section, label + (" (reference only)" if s.is_reference else ""), f"{s.chars:,}")
    after = [f"document: {r.document_url or r.source_file}"]
    if r.accession_number:
        after.append(f"read one: edgar section {r.cik} SECTION --accession {r.accession_number}")
    elif r.source_file:
        after.append(f"read one: edgar section --file {r.source_file} SECTION")
    return Rendered(t, after)


def _head_row(r: FilingSection | FilingOutline) -> Row:
    return {
        "company_name": r.company_name,
        "cik": r.cik,
        "form": r.form,
        "filed": r.filed,
        "fiscal_year": r.fiscal_year,
        "accession_number": r.accession_number,
    }


def _outline_rows(r: FilingOutline) -> list[Row]:
    from ..rows import flat

    return [{**_head_row(r), **flat(s)} for s in r.sections]


def _section_rows(r: FilingSection) -> list[Row]:
    from ..rows import flat

    return [flat(r)]


def _section_text(r: FilingSection) -> str:
    return r.text


def _section_provenance(r: FilingSection) -> str | None:
    """One line saying where the section is from (company, form, filed, accession, section, URL, and the span
    when it is part of the section), written first when the text goes to a file or a pipe; None with
    ``--no-header``."""
    if not _HEADER.get():
        return None
    parts = [
        r.company_name or r.source_file,
        r.form,
        f"filed {r.filed}" if r.filed else None,
        r.accession_number,
        r.label,
        r.document_url or r.source_file,
    ]
    line = " · ".join(str(p) for p in parts if p)
    if r.truncated or r.offset:
        line += f" · characters {r.offset}-{r.offset + r.chars_returned} of {r.chars_total}"
    return line


def _section_notes(r: FilingSection) -> list[str]:
    return [_section_span(r)] if r.truncated or r.offset else []


view.result(
    "FilingSection",
    table=_section_table,
    rows=_section_rows,
    text=_section_text,
    notes=_section_notes,
    provenance=_section_provenance,
)
view.result("FilingOutline", table=_outline_table, rows=_outline_rows)

"""Rich tables for people. Tables go to stdout (they are the data); notes,
warnings and errors go to stderr."""

from __future__ import annotations

import os
from typing import Any, Callable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import models as M

_RENDERERS: dict[type, Callable[[Any], Any]] = {}


def out_console() -> Console:
    return Console(soft_wrap=False, highlight=False, width=_width())


def err_console() -> Console:
    return Console(stderr=True, soft_wrap=False, highlight=False, width=_width())


def _width() -> int | None:
    cols = os.environ.get("COLUMNS")
    return int(cols) if cols and cols.isdigit() else None


def renders(model: type):
    def deco(fn):
        _RENDERERS[model] = fn
        return fn

    return deco


def render(result: Any) -> None:
    """Print a result model as a table on stdout, its notes and warnings on stderr."""
    fn = _RENDERERS.get(type(result))
    out = out_console()
    if fn is None:
        out.print_json(result.model_dump_json())
        return
    renderable = fn(result)
    if renderable is not None:
        out.print(renderable)
    err = err_console()
    for w in getattr(result, "warnings", []) or []:
        err.print(Text(f"warning: {w}", style="yellow"))
    for n in getattr(result, "notes", []) or []:
        err.print(Text(f"note: {n}", style="dim"))


def render_error(error: dict) -> None:
    body = error["error"]
    err = err_console()
    err.print(Text(f"error ({body['code']}): {body['message']}", style="bold red"))
    if body.get("suggestion"):
        err.print(Text(f"suggestion: {body['suggestion']}"))
    cands = body.get("candidates") or []
    if cands:
        t = Table(title="Candidates", show_lines=False)
        for col in ("Name", "CIK", "Tickers", "Score"):
            t.add_column(col)
        for c in cands:
            t.add_row(c["name"], c["cik"], ", ".join(c.get("tickers") or []), f"{c['score']:.2f}")
        err.print(t)


def fmt_value(value: float | int, unit: str) -> str:
    if isinstance(value, float) and not value.is_integer() or "/shares" in unit:
        return f"{value:,.2f}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{int(value):,}"


@renders(M.ResolvedCompany)
def _resolved(r: M.ResolvedCompany):
    t = Table(title=f"{r.name} (CIK {r.cik})", show_header=True)
    for col in ("Field", "Value"):
        t.add_column(col)
    t.add_row("CIK", r.cik)
    t.add_row("Name", r.name)
    t.add_row("Tickers", ", ".join(r.tickers) or "-")
    t.add_row("Exchange", r.exchange or "-")
    t.add_row("Match", f"{r.match_type} ({r.score:.2f})")
    if r.other_matches:
        t.add_row("Also matches", "; ".join(f"{c.name} ({c.cik}, {c.score:.2f})" for c in r.other_matches))
    return t


def _value_cell(v: M.FactValue) -> str:
    return fmt_value(v.value, v.unit) + (" *" if v.restated else "")


def _concept_narrow(r: M.ConceptResult, title: str) -> Table:
    """Four columns that fit 80 characters; nothing is cut off (the filing cell takes two lines)."""
    from rich import box

    t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column("Fiscal", no_wrap=True)
    t.add_column("Period", no_wrap=True)
    t.add_column("Value", justify="right", no_wrap=True)
    t.add_column("Filing", overflow="fold")
    for v in r.values:
        fiscal = f"{v.fiscal_period or v.period_type} {v.fiscal_year or ''}".strip()
        period = f"{v.start} to {v.end}" if v.start else f"at {v.end}"
        filing = f"{v.form} {v.filed} {v.accession_number}\n{v.matched_tag.split(':', 1)[-1]}"
        t.add_row(fiscal, period, _value_cell(v), filing)
    return t


@renders(M.ConceptResult)
def _concept(r: M.ConceptResult):
    title = f"{r.company.name} (CIK {r.company.cik}) - {r.label} [{r.unit or '?'}]"
    if out_console().width < 130:
        t = _concept_narrow(r, title)
    else:
        t = Table(title=title)
        for col, just in (("FY", "left"), ("Period", "left"), ("Start", "left"), ("End", "left"),
                          ("Value", "right"), ("Tag", "left"), ("Form", "left"), ("Filed", "left"),
                          ("Accession", "left")):
            t.add_column(col, justify=just, overflow="fold")
        for v in r.values:
            t.add_row(
                str(v.fiscal_year or "-"), v.fiscal_period or v.period_type, str(v.start or "-"), str(v.end),
                _value_cell(v), v.matched_tag.split(":", 1)[-1], v.form, str(v.filed), v.accession_number,
            )
    if any(v.restated for v in r.values):
        t.caption = "* restated: " + "; ".join(
            f"{v.end} was {fmt_value(v.original_value or 0, v.unit)} in {v.original_accession} "
            f"({v.revision_kind})" for v in r.values if v.restated)
    if r.truncated:
        extra = f"{r.total_values - len(r.values)} more; raise --limit"
        t.caption = f"{t.caption}\n{extra}" if t.caption else extra
    return t


@renders(M.FullTextSearchResult)
def _full_text_search(r: M.FullTextSearchResult):
    total = f"at least {r.total_hits:,}" if r.total_is_lower_bound else f"{r.total_hits:,}"
    t = Table(title=f"Full-text search: {r.query} - {total} matching documents, page {r.page}")
    for col in ("Filed", "Form", "Company", "CIK", "Ticker", "Matching file", "Accession"):
        t.add_column(col, no_wrap=col in ("Filed", "Form", "CIK", "Accession"))
    for f in r.filings:
        more = f" (+{len(f.other_files)} more)" if f.other_files else ""
        matched = f"{f.file_type or '?'}: {f.description or f.file}{more}"
        company = f.company.name + (f" (+{len(f.co_registrants)} co-registrants)" if f.co_registrants else "")
        t.add_row(str(f.filed), f.form, company, f.company.cik, ", ".join(f.company.tickers) or "-", matched,
                  f.accession_number)
    shown = f"{len(r.filings)} of {r.filings_on_page} filings on this page ({r.hits_on_page} documents)"
    paging = f"; next: --page {r.next_page}" if r.next_page else ""
    t.caption = f"{shown}{paging}\n{r.coverage}"
    return t


@renders(M.ComparisonResult)
def _comparison(r: M.ComparisonResult):
    when = f"FY{r.fiscal_year}" if r.period == "annual" else f"{r.fiscal_period} FY{r.fiscal_year}"
    if r.fiscal_year is None:
        when = "each company's latest fiscal " + ("year" if r.period == "annual" else "quarter")
    verdict = "comparable" if r.comparable else "NOT COMPARABLE: " + "; ".join(r.comparability_issues)
    t = Table(title=f"{r.label} - {when} ({r.period})\n{verdict}")
    t.add_column("Company", max_width=26)
    t.add_column("FY", no_wrap=True)
    t.add_column("End", no_wrap=True)
    t.add_column("Days", justify="right", no_wrap=True)
    t.add_column("Value", justify="right", no_wrap=True)
    t.add_column("Unit", no_wrap=True)
    t.add_column("Tag", max_width=30, overflow="fold")
    t.add_column("Form", no_wrap=True)
    t.add_column("Accession", no_wrap=True)
    for v in r.rows:
        value = fmt_value(v.value, v.unit) + (" *" if v.restated else "")
        tag = v.matched_tag.split(":", 1)[-1] if v.matched_tag.startswith("us-gaap:") else v.matched_tag
        t.add_row(v.name, f"{v.fiscal_year or '-'} {v.fiscal_period or ''}".strip(), str(v.end),
                  str(v.days or "-"), value, v.unit, tag, v.form, v.accession_number)
    lines = [r.fiscal_year_reason]
    if any(v.restated for v in r.rows):
        lines.append("* restated: " + "; ".join(
            f"{v.name} was {fmt_value(v.original_value or 0, v.unit)} in {v.original_accession}"
            for v in r.rows if v.restated))
    for u in r.unavailable:
        lines.append(f"unavailable: {u.name or u.query} ({u.code}): {u.reason}")
    t.caption = "\n".join(lines)
    return t


@renders(M.FilingList)
def _filing_list(r: M.FilingList):
    c = r.company
    facts = [f"CIK {c.cik}"]
    if c.tickers:
        facts.append(", ".join(c.tickers))
    if c.fiscal_year_end:
        facts.append(f"fiscal year ends {c.fiscal_year_end}")
    if c.sic:
        facts.append(f"SIC {c.sic} {c.sic_description or ''}".rstrip())
    what = ", ".join(r.forms) or "all forms"
    t = Table(title=f"{c.name} - filings ({what})\n" + " · ".join(facts))
    for col in ("Form", "Filed", "Period", "FY", "Accession", "Description"):
        t.add_column(col, no_wrap=col != "Description")
    for f in r.filings:
        desc = f.primary_doc_description or ""
        if f.items:
            desc = (f"{desc}; " if desc and desc != f.form else "") + "items " + ", ".join(f.items)
        if f.superseded_by:
            desc += f" (superseded by {f.superseded_by})"
        if f.amends:
            desc += f" (amends {f.amends})"
        t.add_row(f.form, str(f.filed), str(f.period_of_report or "-"),
                  str(f.fiscal_year) if f.fiscal_year is not None else "-", f.accession_number, desc.strip())
    captions = []
    if r.truncated:
        captions.append(f"showing {len(r.filings)} of {r.total_matches} matches in the pages read; "
                        "raise --limit or narrow --from/--to")
    if r.history_truncated:
        captions.append(f"history incomplete: {r.history_truncated_reason}")
    if captions:
        t.caption = "\n".join(captions)
    return t


@renders(M.FilingSection)
def _filing_section(r: M.FilingSection):
    from rich.console import Group

    who = r.company_name or r.source_file or ""
    head = [f"{r.label}", f"{who} · {r.form}"
            + (f" · filed {r.filed}" if r.filed else "")
            + (f" · period {r.period_of_report}" if r.period_of_report else "")
            + (f" · {r.accession_number}" if r.accession_number else "")]
    if r.document_url:
        head.append(r.document_url)
    head.append(f"confidence {r.extraction_confidence}: {'; '.join(r.confidence_reasons)}")
    if r.is_reference:
        head.append(f"REFERENCE ONLY: the content is in {r.reference_target}"
                    + (f" (section {r.reference_section})" if r.reference_section else ""))
    span = f"characters {r.offset}-{r.offset + r.chars_returned} of {r.chars_total}"
    foot = span + (f"; more with --offset {r.next_offset}" if r.truncated else "")
    return Group(Text("\n".join(head), style="bold"), Text(""), Text(r.text), Text(""), Text(foot, style="dim"))


@renders(M.AnswerVerification)
def _answer_verification(r: M.AnswerVerification):
    who = f"{r.company.name} (CIK {r.company.cik})" if r.company else "no company"
    cited = f" - cited: {', '.join(r.cited)}" if r.cited else " - all of its XBRL facts"
    t = Table(title=f"Verification against {who}{cited}\n{r.summary}")
    t.add_column("Figure", no_wrap=True)
    t.add_column("Status", no_wrap=True)
    t.add_column("Claimed", max_width=18)
    t.add_column("Evidence", overflow="fold")
    t.add_column("Accession", no_wrap=True)
    marks = {"grounded": "ok", "derived": "derived", "mismatched_period": "WRONG PERIOD", "ungrounded": "UNGROUNDED",
             "unchecked": "-"}
    for f in r.figures:
        claimed = f.claimed_period_text or (f"FY{f.claimed_fiscal_year}" if f.claimed_fiscal_year else "")
        evidence = f.reason + "".join(f"\n  {n}" for n in f.notes)
        accn = (f.support.accession_number if f.support else None) or (f.inputs[0].accession_number if f.inputs else "")
        t.add_row(f.text, marks.get(f.status, f.status), claimed, evidence, accn or "")
    return t


# --- local filing-text index: index add/list/remove, find, read ---------------------------------


def _index_rows(t: Table, filings: list, with_status: bool) -> None:
    if with_status:
        t.add_column("Status", no_wrap=True)
    for col in ("Company", "Form", "Filed", "FY", "Accession", "Sections", "Chunks", "Vectors"):
        t.add_column(col, no_wrap=col != "Company", justify="right" if col in ("Sections", "Chunks") else "left")
    for f in filings:
        row = [f.ticker or f.company_name, f.form, str(f.filed or "-"), str(f.fiscal_year or "-"), f.accession_number,
               str(f.sections), str(f.chunks), f.embedding_model or "-"]
        t.add_row(*([f.status] if with_status else []), *row)


@renders(M.IndexUpdate)
def _index_update(r: M.IndexUpdate):
    verb = "Indexed" if r.action == "add" else "Removed from"
    t = Table(title=f"{verb} the local index {r.index_path}")
    _index_rows(t, r.filings, True)
    lines = [f"index: {r.filings_total} filings, {r.chunks_total:,} chunks, {r.size_bytes / 1e6:.1f} MB"
             + ("" if r.action == "remove" else f"; vectors: {r.embedding_model or 'none (keyword-only)'}")]
    for s in r.skipped:
        lines.append(f"skipped {s.company} {s.form or ''} {s.accession_number or ''} ({s.code}): {s.reason}")
    t.caption = "\n".join(" ".join(line.split()) for line in lines)
    return t


@renders(M.IndexListing)
def _index_listing(r: M.IndexListing):
    t = Table(title=f"Local index {r.index_path}")
    _index_rows(t, r.filings, False)
    sem = "semantic search available" if r.semantic_available else "keyword-only (BM25)"
    t.caption = f"{r.filings_total} filings, {r.chunks_total:,} chunks, {r.size_bytes / 1e6:.1f} MB; {sem}"
    return t


@renders(M.DocumentSearchResult)
def _document_search(r: M.DocumentSearchResult):
    how = f"{r.match}, {r.ranker}" + (", broadened to any word" if r.broadened else "")
    where = "; ".join(f"{k}={', '.join(v) if isinstance(v, list) else v}" for k, v in r.filters.items())
    t = Table(title=f"find: {r.query} ({how})" + (f"\n{where}" if where else ""), show_lines=True)
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("Filing", no_wrap=True)
    t.add_column("Section", max_width=22)
    t.add_column("Excerpt", overflow="fold")
    for h in r.results:
        ex = Text(h.excerpt)
        for a, b in h.marks:
            ex.stylize("bold reverse", a, b)
        filing = f"{h.ticker or h.company_name}\n{h.form} FY{h.fiscal_year or '?'}\nfiled {h.filed or '?'}"
        ranks = ", ".join(f"{k} #{v}" for k, v in h.rankers.items())
        section = f"{h.section_label or h.section}\nlines {h.line_start}-{h.line_end}\n{ranks}"
        t.add_row(str(h.rank), filing, section, ex)
    foot = [f"{len(r.results)} of {r.limit} asked; {r.filings_searched} indexed filings searched"]
    if r.shortfall:
        foot.append(r.shortfall)
    if r.results:
        foot.append(f"read around a result: edgar read --around {r.results[0].chunk_id}")
    t.caption = "\n".join(foot)
    return t


@renders(M.DocumentLines)
def _document_lines(r: M.DocumentLines):
    from rich.console import Group

    head = [f"{r.section_label or r.section} - {r.ticker or r.company_name} {r.form}"
            + (f" FY{r.fiscal_year}" if r.fiscal_year else "") + (f" filed {r.filed}" if r.filed else "")
            + f" · {r.accession_number}"]
    if r.document_url:
        head.append(r.document_url)
    width = len(str(r.line_end))
    body = Text()
    for ln in r.lines:
        body.append(f"{ln.line:>{width}}  ", style="dim")
        body.append(ln.text + "\n")
    foot = f"lines {r.line_start}-{r.line_end} of {r.lines_total}" + (
        f"; next: edgar read {r.doc_id} --lines {r.next_lines}" if r.next_lines else "")
    return Group(Text("\n".join(head), style="bold"), Text(""), body, Text(foot, style="dim"))

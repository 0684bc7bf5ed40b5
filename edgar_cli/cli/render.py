"""Rich tables and text for people. Tables go to stdout (they are the data); notes,
warnings, errors and the headers of text results go to stderr.

Every table has a layout that fits 80 columns without cutting off a number or
the column that says whose row it is (the company, the filing): below a
table's ``narrow`` width, cells are stacked on two or three lines instead.
Everything rendered here has passed through output.safe_model (control
characters from filings or arguments are shown, never obeyed).

A renderer takes the result model and returns a rich renderable, or a
:class:`TextResult` for results that are text (printed unwrapped on stdout,
with their header on stderr).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import models as M
from ..config import install_hint

# result model name -> its table; by name, so that importing render builds no model class
_RENDERERS: dict[str, Callable[[Any], Any]] = {}


def out_console() -> Console:
    return Console(soft_wrap=False, highlight=False, markup=False, emoji=False, width=_width())


def err_console() -> Console:
    """stderr for messages: never hard-wrapped (a URL stays one piece to copy; the terminal wraps it)."""
    return Console(stderr=True, soft_wrap=True, highlight=False, markup=False, emoji=False, width=_width())


def _width() -> int | None:
    cols = os.environ.get("COLUMNS")
    return int(cols) if cols and cols.isdigit() else None


def width() -> int:
    """The width tables are laid out for (the terminal's, $COLUMNS, or 80 off a terminal)."""
    return out_console().width


def renders(model: str):
    """Register the table of the result model named ``model`` (a name in edgar_cli.models)."""
    if model not in M._WHERE:
        raise ValueError(f"no result model {model!r} in edgar_cli.models")

    def deco(fn):
        _RENDERERS[model] = fn
        return fn

    return deco


def _table(title: str | None = None, **kwargs: Any) -> Table:
    """The house table: a rule under the header, no outer border, title and caption flush left."""
    kwargs.setdefault("box", box.SIMPLE_HEAD)
    return Table(title=title, pad_edge=False, show_edge=False, title_justify="left", caption_justify="left", **kwargs)


@dataclass
class Rendered:
    """A table, and lines about it printed to stderr after it (paths and URLs, which must not be folded)."""

    table: Any
    after: list[str] = field(default_factory=list)


@dataclass
class TextResult:
    """A text result: ``head`` lines on stderr, ``body`` as is on stdout, ``foot`` lines on stderr;
    when stdout is a file or a pipe, rows.provenance's line starts it, so the text saved says where it is from."""

    body: str
    head: list[str] = field(default_factory=list)
    foot: list[str] = field(default_factory=list)


def render_table(result: Any) -> None:
    """Print a result model for a person: its table (or text) on stdout."""
    import sys

    from .output import safe_model

    safe = safe_model(result)
    fn = _RENDERERS.get(type(result).__name__) or _fields_table
    renderable = fn(safe)
    if isinstance(renderable, TextResult):
        err = err_console()
        for line in renderable.head:
            err.print(Text(line, style="bold"))
        body = renderable.body
        from .rows import provenance

        origin = None if sys.stdout.isatty() else provenance(safe)
        if origin:
            sys.stdout.write(origin + "\n\n")
        sys.stdout.write(body + ("" if body.endswith("\n") or not body else "\n"))
        sys.stdout.flush()
        for line in renderable.foot:
            err.print(Text(line, style="dim"))
    elif renderable is not None:
        if not isinstance(renderable, Rendered):
            renderable = Rendered(renderable)
        after = _caption_urls(renderable.table) + renderable.after
        out_console().print(_fit_words(renderable.table))
        err = err_console()
        for line in after:
            err.print(Text(line, style="dim"))


def _caption_urls(table: Any) -> list[str]:
    """Take the caption lines holding a URL out of ``table`` (a table folds them at its width, and a URL
    split across lines cannot be copied); they are printed whole on stderr after the table."""
    if not isinstance(table, Table) or not isinstance(table.caption, str) or "://" not in table.caption:
        return []
    lines = table.caption.splitlines()
    table.caption = "\n".join(line for line in lines if "://" not in line) or None
    return [line for line in lines if "://" in line]


def _fit_words(renderable: Any) -> Any:
    """A table at least as wide as its title and caption lines (up to the console): a table with few or no
    rows would otherwise wrap its title word by word."""
    if isinstance(renderable, Table):
        texts = [str(x) for x in (renderable.title, renderable.caption) if x]
        longest = max((len(line) for t in texts for line in t.splitlines()), default=0)
        renderable.min_width = min(width(), max(renderable.min_width or 0, longest))
    return renderable


def render(result: Any) -> None:
    """The table of a result on stdout, its warnings and notes on stderr."""
    from .output import messages

    render_table(result)
    messages(result)


def table_notes(result: Any) -> list[str]:
    """What a result's table or text says about the rows beside them (truncation, paging, the year chosen),
    for the formats without a caption: csv, tsv and piped output print these as notes on stderr."""
    r = result
    kind = type(r).__name__  # by name: building another area's models would cost a warm run (models/)
    if getattr(r, "as_of", None) is not None and kind in ("ConceptResult", "ComparisonResult", "StatementResult"):
        return [f"as known on {r.as_of}", *table_notes(r.model_copy(update={"as_of": None}))]
    if kind == "ConceptResult" and r.truncated:
        return [
            f"showing {len(r.values)} of {r.total_values} values; {r.total_values - len(r.values)} more with "
            "a higher --limit"
        ]
    if kind == "ComparisonResult" and r.fiscal_year_reason:
        return [r.fiscal_year_reason]
    if kind == "FilingList" and r.truncated:
        return [
            f"showing {len(r.filings)} of {r.total_matches} matches in the pages read; raise --limit or narrow "
            "--from/--to"
        ]
    if kind == "FullTextSearchResult" and (r.next_page or len(r.filings) < r.filings_on_page):
        return [
            f"{len(r.filings)} of {r.filings_on_page} filings on this page ({r.hits_on_page} documents)"
            + (f"; next: --page {r.next_page}" if r.next_page else "")
        ]
    if kind == "FilingSection" and (r.truncated or r.offset):
        return [_section_span(r)]
    if kind == "DocumentLines" and r.next_lines:
        return [
            f"lines {r.line_start}-{r.line_end} of {r.lines_total}; next: edgar read {r.doc_id} --lines {r.next_lines}"
        ]
    if kind == "DocumentSearchResult" and r.shortfall:
        return [r.shortfall]
    if kind == "ScreenResult":
        return [line for line in screen_lines(r) if not line.startswith("* restated")]
    return []


_KEEP = "\u2060"  # a word joiner stands in for the spaces of a command while the line is wrapped
_PROSE = {"and", "or", "to", "for", "with", "then", "instead", "if", "the", "a", "which", "that"}


def _join_commands(text: str) -> str:
    """The spaces inside "edgar COMMAND ARGS..." made unbreakable, up to the word that ends its clause (a word
    ending in . ; , or ), or before a prose word such as "or"/"and")."""
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "edgar" and i + 1 < len(words) and words[i + 1][:1].isalpha():
            j = i + 1
            while j < len(words):
                w = words[j]
                if j > i + 1 and w.lower() in _PROSE:
                    j -= 1
                    break
                if w[-1:] in ".;,)" or w.endswith("')") or w.endswith("'."):
                    break
                j += 1
            j = min(j, len(words) - 1)
            out.append(_KEEP.join(words[i : j + 1]))
            i = j + 1
            continue
        out.append(words[i])
        i += 1
    return " ".join(out)


def wrap_message(text: str, width: int | None) -> str:
    """``text`` wrapped at word boundaries to ``width`` (never inside a word, a URL, a tag or a path, and never
    inside an edgar command the reader should copy), continuation lines indented; as is without a width."""
    if not width or len(text) <= width:
        return text
    import textwrap

    protected = _join_commands(text)
    lines = textwrap.wrap(
        protected, width=width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    )
    return "\n".join(lines).replace(_KEEP, " ")


def print_messages(warnings: list[str], notes: list[str]) -> None:
    from .output import terminal_safe

    err = err_console()
    wrap_at = err.width if err.is_terminal else None  # a log or a pipe gets each message on one line
    for w in warnings:
        err.print(Text(wrap_message(f"warning: {terminal_safe(w)}", wrap_at), style="yellow"))
    for n in notes:
        err.print(Text(wrap_message(f"note: {terminal_safe(n)}", wrap_at), style="dim"))


def describe_source(source: M.DataSource) -> str:
    from ..config import mirror_from_env
    from ..sec.urls import redact

    when = f"{source.as_of:%Y-%m-%d %H:%M} UTC" if source.as_of else "unknown date"
    try:
        mirror = mirror_from_env()
    except Exception:  # noqa: BLE001 - a bad setting was reported where it was read; this is a caption
        mirror = None
    live = f"the mirror at {redact(mirror)} (EDGAR_MIRROR)" if mirror else "the SEC"
    return {
        "live": f"{live} (fetched {when})",
        "cache": f"the local cache (fetched {when})",
        "bulk": f"the bulk store (archive published {when})",
    }[source.kind]


def render_error(error: dict) -> None:
    from .output import safe_data

    body = safe_data(error)["error"]
    err = err_console()
    err.print(Text(f"error ({body['code']}): {body['message']}", style="bold red"))
    if body.get("suggestion"):
        err.print(Text(f"suggestion: {body['suggestion']}"))
    for key, title in (("candidates", "Candidates"), ("similar_names", "Spelled alike (different companies)")):
        cands = body.get(key) or []
        if not cands or not all(isinstance(c, dict) and "cik" in c for c in cands):
            continue
        t = _table(title)
        t.add_column("Name", overflow="fold")
        t.add_column("CIK", no_wrap=True)
        t.add_column("Tickers", overflow="fold")
        t.add_column("Match", no_wrap=True)
        t.add_column("Rank", justify="right", no_wrap=True)
        t.add_column("Score", justify="right", no_wrap=True)
        for c in cands:
            rank = c.get("market_value_rank")
            t.add_row(
                c.get("name", ""),
                c.get("cik", ""),
                ", ".join(c.get("tickers") or []),
                c.get("match_type") or "-",
                f"#{rank:,}" if rank else "-",
                f"{c['score']:.2f}" if isinstance(c.get("score"), (int, float)) else "",
            )
        total = body.get("total_candidates") if key == "candidates" else None
        if isinstance(total, int) and total > len(cands):
            t.caption = f"{len(cands)} of {total} shown"
        err.print(t)


def fmt_value(value: float | int, unit: str) -> str:
    """A value with the precision it was filed with: 0.025 stays 0.025, 1.19 stays 1.19, 6.9 prints 6.90.

    companyfacts has no decimals attribute, so the digits come from the value
    itself (its shortest exact decimal form); per-share amounts and other
    fractions show at least two decimals.
    """
    if isinstance(value, float) and not value.is_integer() or "/shares" in unit:
        digits = repr(float(value)).split(".")[1] if "e" not in repr(float(value)) else f"{value:.10f}".split(".")[1]
        places = max(2, len(digits.rstrip("0")))
        return f"{value:,.{min(places, 10)}f}"
    return f"{int(value):,}"


def _marks(v: M.FactValue) -> str:
    """* restated; † on a share basis before a later split, never restated; ! a suspected filer error."""
    marks = "*" if v.restated else ""
    marks += "†" if v.pre_split_ratio or v.pre_reverse_split_ratio else ""
    marks += "!" if any(e.accession_number == v.accession_number for e in v.suspected_errors) else ""
    return f" {marks}" if marks else ""


def _mark_captions(values: list, name) -> list[str]:
    """Caption lines explaining the † and ! marks of ``values`` (``name(v)`` labels a row)."""
    lines = []
    basis: dict[str, list[str]] = {}
    for v in values:
        if v.pre_split_ratio or v.pre_reverse_split_ratio:
            event = (
                f"a {v.pre_split_ratio}-for-1 stock split"
                if v.pre_split_ratio
                else f"a 1-for-{v.pre_reverse_split_ratio} reverse split or recapitalisation"
            )
            basis.setdefault(event, []).append(name(v))
    if basis:
        lines.append(
            "† old share basis, never restated: "
            + "; ".join(
                f"{', '.join(names)} predate{'s' if len(names) == 1 else ''} {event}" for event, names in basis.items()
            )
        )
    suspect = [(v, e) for v in values for e in v.suspected_errors if e.accession_number == v.accession_number]
    if suspect:
        lines.append("! suspected filer error: " + "; ".join(f"{name(v)}: {e.reason}" for v, e in suspect))
    return lines


def _value_cell(v: M.FactValue) -> str:
    return fmt_value(v.value, v.unit) + _marks(v)


def _short_tag(tag: str) -> str:
    return tag.split(":", 1)[-1] if tag.startswith("us-gaap:") else tag


def _fields_table(result: Any) -> Table:
    """Any result without a table of its own: one Field/Value row per scalar field."""
    from .output import cell
    from .rows import flat

    t = _table()
    t.add_column("Field", no_wrap=True)
    t.add_column("Value", overflow="fold")
    for key, value in flat(result).items():
        if key not in ("notes", "warnings"):
            t.add_row(key, cell(value) or "-")
    return t


def human_bytes(n: int) -> str:
    """1536 -> '1.5 KB', 5907345 -> '5.9 MB' (decimal units, as disks and du -h --si count)."""
    size = float(n)
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if size < 1000 or unit == "TB":
            return f"{int(size)} bytes" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{n} bytes"  # pragma: no cover


def _human_seconds(s: float | None) -> str:
    if s is None:
        return "never expires"
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if s >= size and s % size == 0:
            n = int(s // size)
            return f"{n} {unit[:-1] if n == 1 else unit}"
    return f"{s:g} seconds"


@renders("CacheInfo")
def _cache_info(r: M.CacheInfo):
    t = _table(f"Cache at {r.directory}" + ("" if r.enabled else " (disabled)"))
    t.add_column("Field", no_wrap=True)
    t.add_column("Value", overflow="fold")
    t.add_row("Entries", f"{r.entries:,}")
    t.add_row("Size", f"{human_bytes(r.bytes)} ({r.bytes:,} bytes)")
    t.add_row("By kind", ", ".join(f"{k} {v:,}" for k, v in sorted(r.by_kind.items())) or "-")
    t.add_row("Kept fresh", "; ".join(f"{k}: {_human_seconds(v)}" for k, v in r.freshness_seconds.items()) or "-")
    return t


@renders("ResolvedCompany")
def _resolved(r: M.ResolvedCompany):
    t = _table(f"{r.name} (CIK {r.cik})")
    t.add_column("Field", no_wrap=True)
    t.add_column("Value", overflow="fold")
    t.add_row("CIK", r.cik)
    t.add_row("Name", r.name)
    t.add_row("Tickers", ", ".join(r.tickers) or "-")
    t.add_row("Exchange", r.exchange or "-")
    t.add_row("Match", f"{r.match_type} ({r.score:.2f})")
    if r.market_value_rank:
        t.add_row("Market-value rank", f"#{r.market_value_rank:,} in the SEC's ticker file")
    if r.other_matches:
        t.add_row(
            "Also matches",
            "\n".join(
                f"{c.name} ({c.cik}" + (f", #{c.market_value_rank:,}" if c.market_value_rank else "") + ")"
                for c in r.other_matches
            ),
        )
    if r.reorganisation:
        g = r.reorganisation
        t.add_row(
            "Reorganisation",
            f"{g.predecessor_name} (CIK {g.predecessor_cik}) -> {g.successor_name} "
            f"(CIK {g.successor_cik}) on {g.effective}",
        )
    return t


def _concept_narrow(r: M.ConceptResult, title: str) -> Table:
    """Four columns that fit 80 characters; nothing is cut off (the filing cell takes two lines)."""
    t = _table(title)
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


@renders("ConceptResult")
def _concept(r: M.ConceptResult):
    title = f"{r.company.name} (CIK {r.company.cik}) - {r.label} [{r.unit or '?'}]"
    if width() < 130:
        t = _concept_narrow(r, title)
    else:
        t = _table(title)
        for col, just in (
            ("FY", "left"),
            ("Period", "left"),
            ("Start", "left"),
            ("End", "left"),
            ("Value", "right"),
            ("Tag", "left"),
            ("Form", "left"),
            ("Filed", "left"),
            ("Accession", "left"),
        ):
            t.add_column(col, justify=just, overflow="fold", no_wrap=col in ("Value", "Accession"))
        for v in r.values:
            t.add_row(
                str(v.fiscal_year or "-"),
                v.fiscal_period or v.period_type,
                str(v.start or "-"),
                str(v.end),
                _value_cell(v),
                v.matched_tag.split(":", 1)[-1],
                v.form,
                str(v.filed),
                v.accession_number,
            )
    if any(v.restated for v in r.values):
        t.caption = "* restated: " + "; ".join(
            f"{v.end} was {fmt_value(v.original_value or 0, v.unit)} in {v.original_accession} ({v.revision_kind})"
            for v in r.values
            if v.restated
        )
    marks = _mark_captions(r.values, lambda v: str(v.end))
    if marks:
        t.caption = "\n".join(([t.caption] if t.caption else []) + marks)
    if r.truncated:
        extra = f"{r.total_values - len(r.values)} more; raise --limit"
        t.caption = f"{t.caption}\n{extra}" if t.caption else extra
    return _as_known(t, r)


def _as_known(t: Table, r: Any) -> Table:
    """Point in time (a result with ``as_of``): "as known on DATE" heads the table's caption."""
    if getattr(r, "as_of", None) is not None:
        t.caption = f"as known on {r.as_of}" + (f"\n{t.caption}" if t.caption else "")
    return t


@renders("ComparisonResult")
def _comparison(r: M.ComparisonResult):
    when = f"FY{r.fiscal_year}" if r.period == "annual" else f"{r.fiscal_period} FY{r.fiscal_year}"
    if r.fiscal_year is None:
        when = "each company's latest fiscal " + ("year" if r.period == "annual" else "quarter")
    verdict = "comparable" if r.comparable else "NOT COMPARABLE: " + "; ".join(r.comparability_issues)
    title = f"{r.label} - {when} ({r.period})\n{verdict}"
    if width() < 140:
        # Company | Period (FY, end, days) | Value + unit | Filing (form, accession, tag): fits 80 columns
        t = _table(title)
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
                f"{_value_cell(v)}\n{v.unit}",
                f"{v.form} {v.accession_number}\n{_short_tag(v.matched_tag)}",
            )
    else:
        t = _table(title)
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
                _value_cell(v),
                v.unit,
                _short_tag(v.matched_tag),
                v.form,
                v.accession_number,
            )
    lines = [r.fiscal_year_reason]
    if any(v.restated for v in r.rows):
        lines.append(
            "* restated: "
            + "; ".join(
                f"{v.name} was {fmt_value(v.original_value or 0, v.unit)} in {v.original_accession}"
                for v in r.rows
                if v.restated
            )
        )
    lines.extend(_mark_captions(r.rows, lambda v: v.name))
    for u in r.unavailable:
        lines.append(f"unavailable: {u.name or u.query} ({u.code}): {u.reason}")
    t.caption = "\n".join(lines)
    return _as_known(t, r)


@renders("ConceptCatalogue")
def _catalogue(r: M.ConceptCatalogue):
    if len(r.concepts) == 1:
        c = r.concepts[0]
        t = _table(f"{c.concept}: {c.label} ({c.kind}, {c.unit})\n{c.definition}")
        t.add_column("#", justify="right", no_wrap=True)
        t.add_column("XBRL tag", overflow="fold", max_width=max(30, width() // 2 - 4))
        t.add_column("Caveat", overflow="fold", min_width=24)
        for i, tag in enumerate(c.tags, start=1):
            t.add_row(str(i), tag.tag, tag.caveat)
        t.caption = ("aliases: " + ", ".join(c.aliases)) if c.aliases else None
        return t
    t = _table("The concept catalogue (edgar concepts NAME shows one with its XBRL tags)")
    t.add_column("Concept", no_wrap=True)
    t.add_column("Aliases", overflow="fold", ratio=1)
    t.add_column("Definition", overflow="fold", ratio=2)
    for c in r.concepts:
        t.add_row(c.concept, ", ".join(c.aliases), c.definition)
    if r.not_in_catalogue:
        t.caption = "Not in the catalogue: " + ", ".join(r.not_in_catalogue) + " (see --json for what to use)"
    return t


# --- filings and their text -----------------------------------------------------------------------


@renders("FullTextSearchResult")
def _full_text_search(r: M.FullTextSearchResult):
    total = f"at least {r.total_hits:,}" if r.total_is_lower_bound else f"{r.total_hits:,}"
    t = _table(f"Full-text search: {r.query} - {total} matching documents, page {r.page}")
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
    shown = f"{len(r.filings)} of {r.filings_on_page} filings on this page ({r.hits_on_page} documents)"
    paging = f"; next: --page {r.next_page}" if r.next_page else ""
    t.caption = f"{shown}{paging}\n{r.coverage}"
    return t


@renders("FilingList")
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
    t = _table(f"{c.name} - filings ({what})\n" + " · ".join(facts))
    # Below 100 columns the filed and period dates share a cell, so that the description keeps room for an
    # accession number whole ("(amends 0001628280-25-003063)" must never fold inside the number).
    stacked = width() < 100
    for col in ("Form", "Filed\nPeriod" if stacked else "Filed", *(() if stacked else ("Period",)), "FY", "Accession"):
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
        t.add_row(
            f.form, *dates, str(f.fiscal_year) if f.fiscal_year is not None else "-", f.accession_number, desc.strip()
        )
    if r.truncated:  # the incomplete history is a warning (stderr), not repeated here
        t.caption = (
            f"showing {len(r.filings)} of {r.total_matches} matches in the pages read; "
            "raise --limit or narrow --from/--to"
        )
    return t


def _filing_head(r: M.FilingSection | M.FilingOutline) -> str:
    who = r.company_name or r.source_file or ""
    return (
        f"{who} · {r.form}"
        + (f" · filed {r.filed}" if r.filed else "")
        + (f" · period {r.period_of_report}" if r.period_of_report else "")
        + (f" · {r.accession_number}" if r.accession_number else "")
    )


@renders("FilingSection")
def _filing_section(r: M.FilingSection):
    head = [r.label, _filing_head(r)]
    if r.document_url:
        head.append(r.document_url)
    head.append(f"confidence {r.extraction_confidence}: {'; '.join(r.confidence_reasons)}")
    if r.is_reference:
        head.append(
            f"REFERENCE ONLY: the content is in {r.reference_target}"
            + (f" (section {r.reference_section})" if r.reference_section else "")
        )
    return TextResult(body=r.text, head=head + [""], foot=["", _section_span(r)])


def _section_span(r: M.FilingSection) -> str:
    span = f"characters {r.offset}-{r.offset + r.chars_returned} of {r.chars_total}"
    return span + (f"; more with --offset {r.next_offset} (or --all for the whole section)" if r.truncated else "")


@renders("FilingOutline")
def _filing_outline(r: M.FilingOutline):
    t = _table(f"Sections of {_filing_head(r)}")
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


@renders("AnswerVerification")
def _answer_verification(r: M.AnswerVerification):
    who = f"{r.company.name} (CIK {r.company.cik})" if r.company else "no company"
    cited = f" - cited: {', '.join(r.cited)}" if r.cited else " - all of its XBRL facts"
    t = _table(f"Verification against {who}{cited}\n{r.summary}", show_lines=True)
    t.add_column("Figure", no_wrap=True)
    t.add_column("Status", no_wrap=True)
    t.add_column("Evidence", overflow="fold", ratio=1)
    marks = {
        "grounded": "ok",
        "derived": "derived",
        "superseded": "SUPERSEDED",
        "mismatched_period": "WRONG PERIOD",
        "ungrounded": "UNGROUNDED",
        "ambiguous": "AMBIGUOUS",
        "unchecked": "-",
    }
    for f in r.figures:
        claimed = f.claimed_period_text or (f"FY{f.claimed_fiscal_year}" if f.claimed_fiscal_year else "")
        accn = (f.support.accession_number if f.support else None) or (f.inputs[0].accession_number if f.inputs else "")
        evidence = f.reason + "".join(f"\n  {n}" for n in f.notes)
        extra = [x for x in (f"claimed: {claimed}" if claimed else "", accn or "") if x]
        mark = marks.get(f.status, f.status) + "".join(f"\n[{flag.replace('_', ' ')}]" for flag in f.flags)
        t.add_row(f.text, mark, evidence + ("\n" + " · ".join(extra) if extra else ""))
    t.caption = f"verdict: {r.verdict}" + (
        f" (caveats: {', '.join(f.replace('_', ' ') for f in r.flags)})" if r.flags else ""
    )
    return t


# --- local filing-text index: index add/list/remove, find, read ---------------------------------


def _index_table(title: str, filings: list[M.IndexedFiling], with_status: bool) -> Table:
    t = _table(title)
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


@renders("IndexUpdate")
def _index_update(r: M.IndexUpdate):
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


@renders("IndexListing")
def _index_listing(r: M.IndexListing):
    t = _index_table("Local index", r.filings, False)
    sem = "semantic search available" if r.semantic_available else "keyword-only (BM25)"
    t.caption = f"{r.filings_total} filings, {r.chunks_total:,} chunks, {r.size_bytes / 1e6:.1f} MB; {sem}"
    return Rendered(t, [f"index: {r.index_path}"])


@renders("DocumentSearchResult")
def _document_search(r: M.DocumentSearchResult):
    how = f"{r.match}, {r.ranker}" + (", broadened to any word" if r.broadened else "")
    where = "; ".join(f"{k}={', '.join(v) if isinstance(v, list) else v}" for k, v in r.filters.items())
    t = _table(f"find: {r.query} ({how})" + (f"\n{where}" if where else ""), show_lines=True)
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
        filing = f"{h.ticker or h.company_name}\n{h.form} FY{h.fiscal_year or '?'}\nfiled {h.filed or '?'}"
        ranks = ", ".join(f"{k} #{v}" for k, v in h.rankers.items())
        section = f"{h.section_label or h.section}\nlines {h.line_start}-{h.line_end}\n{ranks}"
        if narrow:
            t.add_row(str(h.rank), f"{filing}\n{section}", ex)
        else:
            t.add_row(str(h.rank), filing, section, ex)
    foot = [f"{len(r.results)} of {r.limit} asked; {r.filings_searched} indexed filings searched"]
    if r.shortfall:
        foot.append(r.shortfall)
    if r.results:
        foot.append(f"read around a result: edgar read --around {r.results[0].chunk_id}")
    t.caption = "\n".join(foot)
    return t


@renders("DocumentLines")
def _document_lines(r: M.DocumentLines):
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


# --- bulk store: edgar sync, edgar screen -----------------------------------------------------


def _mb(n: int) -> str:
    return f"{n / 1e6:,.1f} MB"


@renders("BulkSyncResult")
def _bulk_sync(r: M.BulkSyncResult):
    """Below 110 columns the entry counts stack in one cell; the archive, sizes and dates are never cut."""
    t = _table(f"Bulk store ({_mb(r.store_bytes)}), as of {r.as_of:%Y-%m-%d %H:%M} UTC")
    narrow = width() < 110
    t.add_column("Archive", no_wrap=True)
    t.add_column("Size", justify="right", no_wrap=True)
    t.add_column("Downloaded", justify="right", overflow="fold")
    t.add_column("Published", no_wrap=True)
    counts = ("Entries", "Read", "Unchanged", "Removed", "Skipped")
    if narrow:
        t.add_column("Entries", justify="right", no_wrap=True)
    else:
        for col in counts:
            t.add_column(col, justify="right", no_wrap=True)
    for a in r.archives:
        got = (
            "not modified"
            if a.unchanged
            else _mb(a.downloaded_bytes) + (f" (resumed at {_mb(a.resumed_from)})" if a.resumed_from else "")
        )
        numbers = (a.entries, a.entries_read, a.entries_unchanged, a.entries_removed, sum(a.entries_skipped.values()))
        if narrow:
            cells = ["\n".join(f"{n:,} {c.lower()}" for c, n in zip(counts, numbers) if c == "Entries" or n)]
        else:
            cells = [f"{n:,}" for n in numbers]
        t.add_row(a.archive, _mb(a.bytes), got, f"{a.published:%Y-%m-%d %H:%M}", *cells)
    t.caption = (
        f"{r.companies_with_facts:,} companies with XBRL facts, {r.filers:,} filers; fresh until "
        f"{r.fresh_until:%Y-%m-%d %H:%M} UTC; {r.seconds:.1f} s"
    )
    return Rendered(t, [f"store: {r.store}"])


@renders("ScreenResult")
def _screen(r: M.ScreenResult):
    """Below 150 columns four stacked columns (as compare's): company, period, value, filing; nothing cut."""
    period = f"FY{r.fiscal_year}" if r.fiscal_year is not None else f"periods ending in {r.calendar_year}"
    peers = f" - peers of {r.peers_of.name}" if r.peers_of else ""
    t = _table(
        f"{r.label} [{r.unit}], {period}{peers}: {r.companies_matched:,} of {r.companies_considered:,} companies"
    )
    narrow = width() < 150
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
                f"{_value_cell(v)}\n{v.unit}",
                f"{v.form} {v.accession_number}\n{_short_tag(v.matched_tag)}",
            )
        else:
            name = v.name + (f" ({', '.join(v.tickers)})" if v.tickers else "")
            t.add_row(
                str(i),
                name,
                str(v.fiscal_year or "-"),
                span,
                _value_cell(v),
                v.form,
                v.accession_number,
                _short_tag(v.matched_tag),
            )
    t.caption = "\n".join(screen_lines(r)) or None
    return t


def screen_lines(r: M.ScreenResult) -> list[str]:
    """What a screen's table says under it: the companies left out and why, truncation, restatements."""
    lines = [f"{e.companies:,} {e.reason.replace('_', ' ')}: {e.detail}" for e in r.excluded]
    if r.truncated:
        lines.append(f"{r.companies_matched - len(r.rows):,} more match; raise --limit")
    if any(v.restated for v in r.rows):
        lines.append("* restated: see original_value in --json")
    return lines


def sync_progress():
    """A context manager giving a progress callback for sync_bulk: a bar on stderr on a terminal, else None."""
    import contextlib
    import sys

    if not sys.stderr.isatty():
        return contextlib.nullcontext(None)
    return _ProgressBar()


class _ProgressBar:
    def __enter__(self):
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TimeRemainingColumn(),
            console=err_console(),
            transient=True,
        )
        self._bar.start()
        self._tasks: dict[str, Any] = {}
        return self.update

    def update(self, what: str, done: int, total: int | None) -> None:
        task = self._tasks.get(what)
        if what.startswith("downloading"):
            count = f"{done / 1e6:,.0f}" + (f" of {total / 1e6:,.0f} MB" if total else " MB")
        else:
            count = f"{done:,} of {total:,} entries" if total else f"{done:,} entries"
        if task is None:
            task = self._tasks[what] = self._bar.add_task(what, total=total, count=count)
        self._bar.update(task, completed=done, total=total, count=count)

    def __exit__(self, *exc):
        self._bar.stop()
        return False


# --- settings -------------------------------------------------------------------------------------


@renders("ConfigReport")
def _config(r: M.ConfigReport):
    t = _table("edgar settings and files")
    t.add_column("Setting", no_wrap=True)
    t.add_column("Value", overflow="fold", ratio=1)
    t.add_column("From", overflow="fold")
    for s in r.settings:
        value = s.value if s.value is not None else "(unset)"
        if s.exists is False:
            value += " (not created yet)"
        t.add_row(s.setting, value, s.source)
    return t


# --- statements and series (issue 19) -----------------------------------------------------


def _scaled(row: M.StatementRow) -> tuple[float, str]:
    """Currency and share rows shown in millions when every value is that large; per-share rows as they are."""
    unit = row.unit or ""
    values = [abs(c.value) for c in row.cells if c.value is not None]
    if "/" not in unit and values and all(v == 0 or v >= 1_000_000 for v in values):
        return 1e6, f"{unit} m"
    return 1, unit


def _statement_value(value: float | int, scale: float, unit: str) -> str:
    if scale == 1:
        return fmt_value(value, unit)
    text = f"{value / scale:,.3f}".rstrip("0").rstrip(".")
    return text


def statement_table(r: M.StatementResult, trend: bool = False, max_width: int | None = None) -> Any:
    """Rows = concepts, columns = periods (oldest first); a trend column when ``trend``.

    Laid out for ``max_width`` columns (default: the console's): the Concept column is never squeezed out
    and no value is cut. Every period asked for is shown: when they do not fit side by side, the trend column
    goes first, then the table is folded into blocks of periods, one under the other, each with its labels.
    """
    from rich.console import Group
    from rich.measure import Measurement

    limit = max_width or width()
    n = len(r.columns)

    def fits(t: Table) -> bool:
        return Measurement.get(_MEASURE, _MEASURE.options, t).minimum <= limit

    for with_trend in (True, False) if trend else (False,):
        t = _statement_table(r, with_trend, 0, n)
        if fits(t) or n <= 1:
            return t
    blocks: list[Table] = []
    start = 0
    while start < n:
        end = n
        while end - start > 1 and not fits(_statement_table(r, False, start, end)):
            end -= 1
        blocks.append(_statement_table(r, False, start, end))
        start = end
    for b in blocks[:-1]:
        b.caption = None  # the legend once, under the last block
    blocks[
        0
    ].title = f"{r.title}\n({n} periods in {len(blocks)} blocks at {limit} columns; --csv or --json for one table)"
    return Group(*blocks)


_MEASURE = Console(width=10_000, file=open(os.devnull, "w"), color_system=None)


def _statement_table(r: M.StatementResult, trend: bool, first: int, end: int) -> Table:
    """The statement table of the periods ``first`` to ``end`` (column positions)."""
    from .statement_table import cell_marks, legend, trend_line

    t = _table(r.title)
    t.add_column("Concept", overflow="fold", min_width=14, max_width=34)
    t.add_column("Unit", no_wrap=True)
    for c in r.columns[first:end]:
        t.add_column(f"{c.key}\n{c.end or ''}", justify="right", no_wrap=True)
    if trend:
        t.add_column("Trend", no_wrap=True)
    for row in r.rows:
        scale, unit = _scaled(row)
        cells = []
        for c in row.cells[first:end]:
            if c.value is not None:
                marks = cell_marks(c)
                cells.append(_statement_value(c.value, scale, c.unit or "") + (f" {marks}" if marks else ""))
            else:
                cells.append({"implied": "implied", "refused": "n/a"}.get(c.status, "-"))
        label = row.label + (" †" if row.mixed_tags else "")
        t.add_row(label, unit, *cells, *([trend_line(row)] if trend else []))
    t.caption = "; ".join(
        x for x in (legend(r), "m = millions" if any(_scaled(x)[0] != 1 for x in r.rows) else "") if x
    )
    return _as_known(t, r)


@renders("StatementResult")
def _statement(r: M.StatementResult):
    return statement_table(r, trend=out_console().is_terminal)  # its rows' notes: see row_notes


def row_notes(result: Any) -> list[str]:
    """The notes a statement's rows carry, labelled ("Net income: ..."), printed with the result's notes
    after the data in every format but json and nl (where they are in the rows), and silenced by --quiet."""
    if isinstance(result, M.StatementResult):
        return [f"{row.label}: {n}" for row in result.rows for n in row.notes]
    return []


def render_chart(r: M.StatementResult) -> None:
    """A terminal line chart of the table's rows that share its first row's unit (the chart extra: plotext)."""
    try:
        import plotext as plt
    except ImportError:
        err_console().print(
            Text("warning: charts need the optional plotext package: " + install_hint("chart"), style="yellow")
        )
        return
    rows = [row for row in r.rows if row.unit and row.unit == r.rows[0].unit and row.basis == r.rows[0].basis]
    rows = [row for row in rows if any(c.value is not None for c in row.cells)][:6]
    if not rows:
        return
    scale, unit = _scaled(rows[0])
    plt.clear_figure()
    if os.environ.get("NO_COLOR"):
        plt.theme("clear")
    xs = list(range(1, len(r.columns) + 1))
    for row in rows:
        points = [(x, c.value / scale) for x, c in zip(xs, row.cells) if c.value is not None]
        plt.plot([p[0] for p in points], [p[1] for p in points], label=row.label, marker="braille")
    plt.xticks(xs, [c.key for c in r.columns])
    plt.title(f"{r.title} ({unit})")
    cols = out_console().width
    plt.plotsize(min(cols, 140), 22)
    out_console().print(Text.from_ansi(plt.build()))

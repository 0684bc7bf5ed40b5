"""Rich tables and text for people. Tables go to stdout (they are the data); notes,
warnings, errors and the headers of text results go to stderr.

Every table has a layout that fits 80 columns without cutting off a number or
the column that says whose row it is (the company, the filing): below a
table's ``narrow`` width, cells are stacked on two or three lines instead.
Everything rendered here has passed through output.safe_model (control
characters from filings or arguments are shown, never obeyed).

Each result model's table is declared in its view (cli/views/<capability>.py):
it takes the result model and returns a rich renderable, a :class:`Rendered`, or a
:class:`TextResult` for results that are text (printed unwrapped on stdout, with
their header on stderr); a model without one is shown as a Field/Value table.
This module holds what the tables share: the consoles, the house table, value
cells and their marks, message wrapping, errors.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from .output import as_known  # noqa: F401 - render.as_known, as the views know it

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ..models.facts import FactValue
    from ..xbrl.records import FactRecord


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


def house_table(title: str | None = None, **kwargs: Any) -> Table:
    """The house table: a rule under the header, no outer border, title and caption flush left."""
    kwargs.setdefault("box", box.SIMPLE_HEAD)
    return Table(title=title, pad_edge=False, show_edge=False, title_justify="left", caption_justify="left", **kwargs)


def as_known_caption(t: Table, result: Any) -> Table:
    """``t`` with "as known on DATE" heading its caption when ``result`` is as known on a date (``as_of``)."""
    head = as_known(result)
    if head:
        t.caption = "\n".join(head + ([str(t.caption)] if t.caption else []))
    return t


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
    from .views import shown

    safe = safe_model(result)
    fn = shown(type(result)).table or _fields_table
    renderable = fn(safe)
    if isinstance(renderable, TextResult):
        err = err_console()
        wrap_at = err.width if err.is_terminal else None  # at word boundaries, as notes are; a log gets one line
        for line in renderable.head:
            err.print(Text(wrap_message(line, wrap_at), style="bold"))
        body = renderable.body
        from .rows import provenance

        origin = None if sys.stdout.isatty() else provenance(safe)
        if origin:
            sys.stdout.write(origin + "\n\n")
        sys.stdout.write(body + ("" if body.endswith("\n") or not body else "\n"))
        sys.stdout.flush()
        for line in renderable.foot:
            err.print(Text(wrap_message(line, wrap_at), style="dim"))
    elif renderable is not None:
        if not isinstance(renderable, Rendered):
            renderable = Rendered(renderable)
        after = _caption_urls(_last_table(renderable.table)) + renderable.after
        out_console().print(_words_at_console_width(renderable.table))
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


def _last_table(renderable: Any) -> Any:
    """The table whose caption a person reads under ``renderable``: itself, or a folded table's last block."""
    if isinstance(renderable, Group):
        tables = [r for r in renderable.renderables if isinstance(r, Table)]
        return tables[-1] if tables else None
    return renderable


def _words_at_console_width(renderable: Any) -> Any:
    """A table, or a folded table (a Group of tables, one block of periods each, statement_table), with each
    table's title and caption lifted out onto lines of their own, wrapped between words at the console's width:
    inside a table they wrap at the table's width, so a narrow table (a folded table's last block, a table of few
    rows) broke its title and legend word by word ("- Series,", "quarterly"; "m =", "millions"), and a long
    footnote stretched the columns of a wide one. Styled as rich styles a table's title and caption."""
    tables = renderable.renderables if isinstance(renderable, Group) else [renderable]
    if not any(isinstance(t, Table) for t in tables):
        return renderable
    parts: list[Any] = []
    for r in tables:
        if not isinstance(r, Table):
            parts.append(r)
            continue
        title, caption = r.title, r.caption
        r.title = r.caption = None
        if title:
            parts.append(Text(str(title), style="table.title"))
        parts.append(r)
        if caption:
            parts.append(Text(str(caption), style="table.caption"))
    return Group(*parts)


def render(result: Any) -> None:
    """The table of a result on stdout, its warnings and notes on stderr."""
    from .output import messages

    render_table(result)
    messages(result)


def table_notes(result: Any) -> list[str]:
    """What a result's table or text says about the rows beside them (truncation, paging, the year chosen),
    for the formats without a caption: csv, tsv, nl and piped output print these as notes on stderr."""
    from .views import shown

    fn = shown(type(result)).notes
    return fn(result) if fn is not None else []


def table_warnings(result: Any) -> list[str]:
    """What a result's table says beside the rows that is a warning (a company missing from a comparison), for
    the formats without a caption: csv, tsv, nl and piped output print these as warnings on stderr."""
    from .views import shown

    fn = shown(type(result)).warnings
    return fn(result) if fn is not None else []


def row_notes(result: Any) -> list[str]:
    """The notes a result's rows carry (a statement's, labelled "Net income: ..."), printed with the result's
    notes after the data in every format but json (where they are in the data), and silenced by --quiet."""
    from .views import shown

    fn = shown(type(result)).row_notes
    return fn(result) if fn is not None else []


_KEEP = "\u2060"  # a word joiner stands in for the spaces of a command while the line is wrapped
_PROSE = {"and", "or", "to", "for", "with", "then", "instead", "if", "the", "a", "which", "that"}


def _join_commands(text: str) -> str:
    """The spaces inside "edgar COMMAND ARGS..." (COMMAND one of the CLI's) made unbreakable, up to the word that
    ends its clause (a word ending in . ; , or ), or before a prose word such as "or"/"and")."""
    from .views import COMMANDS

    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        # a command is "edgar" then one of its commands: "edgar does not add them" is prose
        if words[i] == "edgar" and i + 1 < len(words) and words[i + 1] in COMMANDS:
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


def print_source(text: str) -> None:
    """The "answered from: ..." line on stderr, dim, wrapped at word boundaries on a terminal as notes are."""
    err = err_console()
    err.print(Text(wrap_message(text, err.width if err.is_terminal else None), style="dim"))


def render_error(error: dict) -> None:
    from .output import safe_data

    body = safe_data(error)["error"]
    err = err_console()
    wrap_at = err.width if err.is_terminal else None  # at word boundaries, as notes are; a log gets one line
    err.print(Text(wrap_message(f"error ({body['code']}): {body['message']}", wrap_at), style="bold red"))
    if body.get("suggestion"):
        err.print(Text(wrap_message(f"suggestion: {body['suggestion']}", wrap_at)))
    for key, title in (("candidates", "Candidates"), ("similar_names", "Spelled alike")):
        cands = body.get(key) or []
        if not cands or not all(isinstance(c, dict) and "cik" in c for c in cands):
            continue
        t = house_table(title)
        t.add_column("Name", overflow="fold")
        t.add_column("CIK", no_wrap=True)
        t.add_column("Tickers", overflow="fold")
        t.add_column("Match", no_wrap=True)
        t.add_column("Score", justify="right", no_wrap=True)
        for c in cands:
            t.add_row(
                c.get("name", ""),
                c.get("cik", ""),
                ", ".join(c.get("tickers") or []),
                c.get("match_type") or "-",
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


# One mark per kind of revision (xbrl.restatements.REVISION_WORDS says each in words); a rounding has none.
REVISION_MARKS: dict[str, str] = {
    "restatement": "*",
    "undetermined": "#",
    "reclassification": "~",
    "stock_split": "^",
    "reverse_split": "^",
    "share_exchange": "^",
    "suspected_tagging_error": "?",
}


def revision_mark(v: Any) -> str:
    """The mark of a value's revision (``restated``, ``revision_kind``, ``original_value``), "" for none or a
    rounding; "?" gives way to "!" when the value shown is itself the suspect one."""
    from ..xbrl.restatements import substantive_revision

    if not substantive_revision(v.restated, v.revision_kind, v.value, v.original_value):
        return ""
    if v.revision_kind == "suspected_tagging_error" and _suspect_shown(v):
        return ""
    return REVISION_MARKS.get(v.revision_kind or "", "*")


def _suspect_shown(v: Any) -> bool:
    return any(e.accession_number == v.accession_number for e in getattr(v, "suspected_errors", None) or [])


# What each revision mark means, in the words of a legend or caption.
REVISION_LEGEND: dict[str, str] = {
    "*": "restated (results changed)",
    "~": "reclassified (presented differently, results unchanged)",
    "#": "revised; whether results changed or only the presentation cannot be told (see warnings)",
    "^": "restated for a stock split, reverse split or share exchange (the same amount on a later filing's share basis)",
    "?": "another filing's figure for the period looks like a filer error (see suspected_errors)",
}


def revision_legend(mark: str) -> str:
    """The words for a revision mark: "restated (results changed)" for "*"."""
    return REVISION_LEGEND[mark]


def revision_captions(values: list, name) -> list[str]:
    """One caption line per revision mark ``values`` carry, each value's first figure and filing named
    (``name(v)`` labels a row): "* restated: results changed: 2015-12-31 was 8,092,460,000 in ..."."""
    by_mark: dict[str, list[str]] = {}
    for v in values:
        mark = revision_mark(v)
        if mark:
            by_mark.setdefault(mark, []).append(
                f"{name(v)} was {fmt_value(v.original_value or 0, v.unit)} in {original_filing(v)}"
            )
    order = list(dict.fromkeys(REVISION_MARKS.values()))
    return [f"{m} {revision_legend(m)}: " + "; ".join(by_mark[m]) for m in order if m in by_mark]


def original_filing(v: Any) -> str:
    """The filing that first reported a revised value, as a person finds it: its form (where the data carries
    it), accession number and filed date: "10-K 0001193125-09-214859, filed 2009-10-27"."""
    form = getattr(v, "original_form", None)
    filed = getattr(v, "original_filed", None)
    return (f"{form} " if form else "") + f"{v.original_accession}" + (f", filed {filed}" if filed else "")


def _marks(v: FactValue | FactRecord) -> str:
    """A revision's mark (revision_mark); † on a share basis before a later split, not restated for it; ! a suspected
    filer error."""
    marks = revision_mark(v)
    marks += "†" if v.pre_split_ratio or v.pre_reverse_split_ratio else ""
    marks += "!" if any(e.accession_number == v.accession_number for e in v.suspected_errors) else ""
    return f" {marks}" if marks else ""


def mark_captions(values: list, name) -> list[str]:
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
            "† old share basis, not restated for the later split(s): "
            + "; ".join(
                f"{', '.join(names)} predate{'s' if len(names) == 1 else ''} {event}" for event, names in basis.items()
            )
        )
    suspect = [(v, e) for v in values for e in v.suspected_errors if e.accession_number == v.accession_number]
    if suspect:
        lines.append("! suspected filer error: " + "; ".join(f"{name(v)}: {e.reason}" for v, e in suspect))
    return lines


def value_cell(v: FactValue | FactRecord) -> str:
    return fmt_value(v.value, v.unit) + _marks(v)


def short_tag(tag: str) -> str:
    """A tag without its us-gaap: prefix (other taxonomies' kept), each part of a sum alike."""
    return re.sub(r"(?<![\w-])us-gaap:", "", tag)


def tag_style(tags: Iterable[str]) -> Callable[[str], str]:
    """How one column shows its tags, in one style: without the us-gaap: prefix (:func:`short_tag`) when every tag
    (each part of a sum) is us-gaap's, else every tag prefixed, so that "Revenues" never stands beside
    "ifrs-full:Revenue" (TSMC's IFRS beside NVIDIA's US GAAP)."""
    prefixes = {m for tag in tags for m in re.findall(r"(?<![\w-])([\w-]+):", tag)}
    return short_tag if prefixes <= {"us-gaap"} else (lambda tag: tag)


# a CamelCase word's words: "RevenueFromContractWithCustomer" -> Revenue, From, Contract, With, Customer; a run of
# capitals stays whole (EBITDA, "IFRS" in IFRSRevenue); anything else (digits, dashes) sticks to the word before it
_CAMEL_PARTS = re.compile(r"[^A-Z]+|[A-Z]+(?![a-z])|[A-Z][^A-Z]*")


def between_camel_words(word: str, width: int) -> list[str]:
    """``word`` as lines of at most ``width`` characters broken where its CamelCase words meet, never inside one
    (a single part longer than ``width`` is its own line, which the table then folds); a word that fits is one
    line."""
    if len(word) <= width:
        return [word]
    lines, line = [], ""
    for part in _CAMEL_PARTS.findall(word):
        if line and len(line) + len(part) > width:
            lines.append(line)
            line = ""
        line += part
    return [*lines, line]


class TagCell:
    """A table cell holding XBRL tag names (with other text, e.g. "10-K 0000320193-23-000106\nRevenueFrom...")
    that a narrow column breaks between the tag's CamelCase words, never mid-word: its narrowest width is its
    longest CamelCase word (or other unbroken word), its widest its longest line, so a table gives the column
    the whole tag where the width is there and breaks it only where it is not."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _words(self) -> list[str]:
        return [w for line in self.text.splitlines() for w in line.split(" ") if w]

    def __rich_measure__(self, console: Console, options: Any) -> Any:
        from rich.measure import Measurement

        widest = max((len(line) for line in self.text.splitlines()), default=0)
        narrowest = max((len(p) for w in self._words() for p in _CAMEL_PARTS.findall(w) or [w]), default=0)
        return Measurement(min(narrowest, widest), widest).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: Any) -> Any:
        width = max(1, options.max_width)
        lines = [
            " ".join("\n".join(between_camel_words(w, width)) for w in line.split(" "))
            for line in self.text.splitlines()
        ]
        yield Text("\n".join(lines), overflow="fold")


def _fields_table(result: Any) -> Table:
    """Any result without a table of its own: one Field/Value row per scalar field."""
    from .output import cell
    from .rows import flat

    t = house_table()
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

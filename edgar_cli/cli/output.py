"""How a result reaches its reader: the one place that writes a result model to stdout.

Formats (``--format`` or its short flags):

- ``table``: rich tables and text for a person; the default when stdout is a terminal.
- ``tsv``: tab-separated rows under a header row. Tabs and line breaks inside a
  value become spaces (use csv or json for exact text).
- plain: the default when stdout is not a terminal, as ``gh`` does: the tsv rows
  *without* the header row, untruncated, so that ``cut``, ``sort`` and ``awk`` see
  data only. A text result (a filing section, indexed lines) prints its text.
- ``csv``: RFC 4180 rows under a header row (the stdlib csv module), for spreadsheets. A text
  cell that a spreadsheet would run as a formula (it begins with ``=``, ``+``, ``-``, ``@``, a tab
  or a carriage return, and is not a number) gets a leading ``'``, which Excel and LibreOffice show
  as text: a company name, excerpt or query never becomes a formula. Numbers are never altered;
  json, nl and tsv carry the text exactly.
- ``json``: the result model, exactly what the MCP tool returns.
- ``nl``: newline-delimited JSON, one object per row (the csv row with typed values).

The rows and table of each result model are declared in its view (:mod:`edgar_cli.cli.views`);
:mod:`edgar_cli.cli.rows` and :mod:`edgar_cli.cli.render` find them. Notes and warnings go to stderr in every format but
json (where they are in the data); ``--quiet`` drops notes, never warnings.

Text that reaches a terminal passes through :func:`terminal_safe`: escape and
other control characters from filings or arguments are shown as visible symbols
instead of being obeyed. JSON escapes C0 controls itself but not DEL, the C1 controls (U+0080-U+009F;
U+009B is a one-character CSI that xterm obeys), the bidirectional marks, overrides and isolates or the
Unicode line and paragraph separators (U+2028, U+2029):
json and nl written to a terminal pass through :func:`terminal_json`, which writes those as ``\\uXXXX``
escapes (the same JSON value, still valid JSON). csv, tsv, text, json and nl stay exact when written to
a file or a pipe.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from contextvars import ContextVar
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from ..logs import terminal_json, terminal_safe  # noqa: F401 - output.terminal_json, as the faces know it

Format = Literal["table", "tsv", "csv", "json", "nl"]
FORMATS: tuple[str, ...] = ("table", "tsv", "csv", "json", "nl")

# True while a command asked for a layout (--wide) whose rows mean nothing without their header (the periods
# only the header row names): piped (plain) rows then keep their header line, as --tsv's do.
PLAIN_HEADER: ContextVar[bool] = ContextVar("edgar_cli_plain_header", default=False)


def safe_data(value: Any) -> Any:
    """A JSON-like value with every string made :func:`terminal_safe`."""
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, dict):
        return {terminal_safe(str(k)) if isinstance(k, str) else k: safe_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(safe_data(v) for v in value)
    return value


def safe_model(result: Any) -> Any:
    """A copy of a result model whose strings are :func:`terminal_safe` (for tables and text on a terminal)."""
    dump = getattr(result, "model_dump", None)
    if not callable(dump):
        return result
    return type(result).model_validate(safe_data(dump()))


def is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def default_format() -> str:
    """``table`` on a terminal, else ``plain`` (header-less tsv rows, or the text of a text result)."""
    return "table" if is_terminal(sys.stdout) else "plain"


# --- cells ----------------------------------------------------------------------------------------


def cell(value: Any) -> str:
    """A row value as csv/tsv text: '' for null, true/false, numbers without exponent or separators,
    ISO dates, lists joined by '; ', mappings as 'key=value; ...'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value.is_integer() and abs(value) < 1e18:
            return str(int(value))
        return format(Decimal(repr(value)), "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "; ".join(cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}={cell(v)}" for k, v in value.items())
    return str(value)


def _json_value(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


def columns(rows: list[dict[str, Any]]) -> list[str]:
    """Every key of the rows, in first-seen order (rows may differ: a statement's periods, compare's unavailable)."""
    return list(dict.fromkeys(k for row in rows for k in row))


_TSV_BREAKS = re.compile(r"[\t\r\n]+")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: Any, text: str) -> str:
    """``text`` (the csv cell of ``value``) with a leading ``'`` when a spreadsheet would read it as a formula.

    Only text cells: a number (int, float, or a string that is one, such as "-187") is left as it is.
    """
    if isinstance(value, (bool, int, float)) or not text.startswith(_FORMULA_START) or len(text) == 1:
        return text
    try:
        float(text.replace(",", ""))
        return text
    except ValueError:
        return "'" + text


def write_rows(rows: list[dict[str, Any]], fmt: str, out: Any, *, header: bool, safe: bool) -> None:
    """Rows as csv or tsv (``fmt``) on ``out``; ``safe`` makes every cell :func:`terminal_safe`."""
    cols = columns(rows)
    fix = terminal_safe if safe else (lambda s: s)
    if fmt == "csv":
        writer = csv.writer(out, lineterminator="\r\n")
        if header and cols:
            writer.writerow(cols)
        for row in rows:
            writer.writerow([fix(spreadsheet_text(row.get(c), cell(row.get(c)))) for c in cols])
        return
    if header and cols:
        out.write("\t".join(cols) + "\n")
    for row in rows:
        out.write("\t".join(fix(_TSV_BREAKS.sub(" ", cell(row.get(c)))) for c in cols) + "\n")


def write_nl(rows: list[dict[str, Any]], out: Any) -> None:
    """One JSON object per row, each with every column (null where a row has no value), as csv has."""
    cols = columns(rows)
    for row in rows:
        out.write(json.dumps({c: _json_value(row.get(c)) for c in cols}, ensure_ascii=False) + "\n")


# --- results --------------------------------------------------------------------------------------


def emit(result: Any, fmt: str | None = None, *, quiet: bool = False) -> None:
    """Write ``result`` to stdout in ``fmt`` (default: :func:`default_format`), its notes and warnings to stderr."""
    fmt = fmt or default_format()
    out = sys.stdout
    safe = is_terminal(out)
    if fmt == "json":
        text = result.model_dump_json(indent=2)
        out.write((terminal_json(text) if safe else text) + "\n")
        return
    from . import rows as R

    if fmt == "nl":
        if safe:
            buffer = io.StringIO()
            write_nl(R.rows(result), buffer)
            out.write(terminal_json(buffer.getvalue()))
        else:
            write_nl(R.rows(result), out)
        out.flush()
        messages(result, quiet=quiet, captions=True)
        return
    if fmt == "table":
        from .render import render_table

        render_table(result)
    elif fmt == "plain" and R.text(result) is not None:
        text = R.text(result) or ""
        head = None if safe else R.provenance(result)
        if head:  # text kept in a file says where it is from
            out.write(head + "\n\n")
        out.write((terminal_safe(text) if safe else text) + ("" if text.endswith("\n") or not text else "\n"))
    else:
        write_rows(
            R.rows(result),
            "csv" if fmt == "csv" else "tsv",
            out,
            header=fmt != "plain" or PLAIN_HEADER.get(),
            safe=safe,
        )
    out.flush()  # the data before the notes, when both go to one terminal
    messages(result, quiet=quiet, captions=fmt != "table")


def messages(result: Any, *, quiet: bool = False, captions: bool = False) -> None:
    """A result's warnings (always) and notes (unless quiet) on stderr, each once; with ``captions`` (formats
    without a table) also what the table would say under its rows: truncation, paging, the year chosen."""
    from .render import print_messages
    from .views import shown

    warnings, notes = message_lists(result, shown(type(result)), quiet=quiet, captions=captions)
    print_messages(warnings, notes)
    source = getattr(result, "data_source", None)
    if source is not None and not quiet:
        from .render import print_source

        print_source(f"answered from: {describe_source(source)}")


def message_lists(result: Any, how: Any, *, quiet: bool = False, captions: bool = False) -> tuple[list[str], list[str]]:
    """(warnings, notes) that :func:`messages` prints for ``result``, each once; ``how`` is how the result is
    shown (views.Shown: its table's ``warnings`` and ``notes``, asked for with ``captions``; its ``row_notes``).
    A warning the client already said in this process is left out; notes are none with ``quiet``."""
    from ..logs import already_warned

    def ask(fn: Any) -> list[str]:
        return fn(result) if fn is not None else []

    warnings = list(getattr(result, "warnings", None) or []) + (ask(how.warnings) if captions else [])
    warnings = list(dict.fromkeys(warnings))
    notes = list(getattr(result, "notes", None) or []) + ask(how.row_notes) + (ask(how.notes) if captions else [])
    # a table says its own notes under its rows: a result's note it says there is not said again on stderr
    under = set() if captions else set(ask(how.notes))
    notes = [] if quiet else [n for n in dict.fromkeys(notes) if n not in warnings and n not in under]
    return [w for w in warnings if not already_warned(w)], notes  # (the client may have said one)


def plain_messages(warnings: list[str], notes: list[str], source: Any) -> str | None:
    """What :func:`messages` writes to stderr, without rich, when it is sure to be the same bytes: stderr is no
    terminal, nothing in the environment makes rich treat it as one, and every line is printable (rich
    leaves such a line as it is, soft-wrapped, unstyled). Else None. ``source``: the data source, or None."""
    from ..config import rich_styles_any_stream

    if is_terminal(sys.stderr) or rich_styles_any_stream():
        return None
    lines = [f"warning: {terminal_safe(w)}" for w in warnings] + [f"note: {terminal_safe(n)}" for n in notes]
    if source is not None:
        lines.append(f"answered from: {describe_source(source)}")
    if not all(line.isprintable() for line in lines):
        return None
    return "".join(line + "\n" for line in lines)


def as_known(result: Any) -> list[str]:
    """Point in time (a result with ``as_of``): ``["as known on DATE"]``, else ``[]``; the line heads a table's
    caption, or the notes of the formats without one (csv, tsv: on stderr)."""
    as_of = getattr(result, "as_of", None)
    return [f"as known on {as_of}"] if as_of is not None else []


def _pinned_time(when: Any) -> bool:
    """``when`` was stamped by a pinned clock: EDGAR_TODAY's day at exactly noon UTC (config.system_clock), which
    a real clock gives one microsecond in a day; judged from the time itself, as the run that stamped it may have
    pinned another day, or none, than this one."""
    return (when.hour, when.minute, when.second, when.microsecond) == (12, 0, 0, 0)


def describe_source(source: Any) -> str:
    """Where a result's data came from, in words: "the local cache (fetched 2026-07-01 09:30 UTC)"; ``source`` is
    a DataSource or its record (``kind``: live, cache or bulk; ``as_of``)."""
    from ..config import mirror_from_env
    from ..sec.urls import redact

    when = f"{source.as_of:%Y-%m-%d %H:%M} UTC" if source.as_of else "unknown date"
    if source.as_of and source.kind != "bulk" and _pinned_time(source.as_of):
        when += ", a time a pinned clock (EDGAR_TODAY) gave, not the real one"
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


def emit_error(error: dict, fmt: str | None) -> None:
    """``{"error": ...}`` as JSON on stdout for json and nl, else as text on stderr."""
    if fmt == "json":
        sys.stdout.write(json.dumps(error, indent=2) + "\n")
    elif fmt == "nl":
        sys.stdout.write(json.dumps(error) + "\n")
    else:
        from .render import render_error

        render_error(error)

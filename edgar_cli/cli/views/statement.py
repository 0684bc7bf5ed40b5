"""edgar statement (and edgar concept with several concepts or years): a statement or series as a table of
periods, every cell with its filing.

Here too the StatementResult flattened: its table for a terminal (folded into blocks of periods when they do
not fit), rows for csv, tsv, nl and a pipe one per cell (``statement_long_rows``, the tidy form with every
cell's period and provenance), with ``--wide`` spreadsheet rows (periods as columns), plain text (``statement_text``), a sparkline, and a chart with
``--chart``. Nothing here decides a value: it only lays out what the capability returned.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from ..support import (
    AsOfOpt,
    BasisOpt,
    ChartOpt,
    CompanyArg,
    DeriveOpt,
    FiscalYearsOpt,
    LastOpt,
    UnitOpt,
    WideOpt,
    comma_list,
    current_format,
    run,
)
from . import View

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ...capabilities.statement.model import StatementCell, StatementResult, StatementRow
    from ..rows import Row

view = View()

MARKS = {"derived": "d", "implied": "implied", "absent": "", "refused": "n/a"}
LEGEND = {
    "d": "d = derived by edgar (see formula)",
    "*": "* = restated (results changed; see original_value)",
    "~": "~ = reclassified (presented differently, results unchanged)",
    "#": "# = revised; whether results changed or only the presentation cannot be told (see warnings)",
    "^": "^ = restated for a stock split, reverse split or share exchange (the same amount on a later filing's share basis)",
    "?": "? = another filing's figure for the period looks like a filer error (see suspected_errors)",
    "s": "s = predates a later stock split, on the old share basis",
    "r": "r = predates a later reverse split (or recapitalisation), on the old share basis",
    "†": "† = values from more than one XBRL tag",
    "implied": "implied = Q4 exists only as FY less 9M",
    "n/a": "n/a = derivation refused (see reason)",
    "-": "- = not reported",
}


def legend(result: StatementResult, absent: str = "-") -> str:
    """The legend of the marks this table uses, in one line."""
    used = set()
    for r in result.rows:
        if r.mixed_tags:
            used.add("†")
        for c in r.cells:
            used.update(cell_marks(c))
            used.add({"implied": "implied", "refused": "n/a", "absent": "-"}.get(c.status, ""))
    text = [LEGEND[k] for k in LEGEND if k in used]
    return "; ".join(t.replace("- = ", f"{absent or 'empty'} = ") for t in text)


def _plain(value: float | int | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def revised_cells(row: StatementRow) -> list[str]:
    """The row's cells whose value was revised after first being reported (restated, reclassified, restated for a
    split: render.revision_mark), each as "FY2018: 11.91 first, in 10-K 0000320193-18-000145, filed 2018-11-05 (stock_split)": what a
    wide row (periods as columns) says of them, as a table's marks do."""
    from ..render import original_filing, revision_mark

    return [
        f"{c.column}: {c.fact.original_value:,} first, in {original_filing(c.fact)} "
        f"({c.fact.revision_kind or 'restatement'})"
        for c in row.cells
        if c.fact is not None and revision_mark(c.fact) and c.fact.original_value is not None
    ]


def row_basis(row: StatementRow) -> str:
    """A row's basis in the wide form (periods as columns): its cells' one basis (StatementCell.basis), or "mixed"
    when they differ (``revised`` names the restated columns); the row's own (as_reported, ttm) when no cell has a
    value."""
    bases = list(dict.fromkeys(c.basis for c in row.cells if c.basis))
    return bases[0] if len(bases) == 1 else "mixed" if bases else row.basis


def statement_rows(result: StatementResult) -> tuple[list[str], list[list[str]]]:
    """Header and rows for a spreadsheet: concept, label, basis, unit, one column per period, tags, derived,
    revised.

    Values are as reported (full units, no scaling); a period without a value is
    an empty cell, never 0. ``derived`` lists the columns whose value edgar
    computed; ``revised`` the columns whose value was revised after first being
    reported, each with its first value and filing (:func:`revised_cells`);
    ``tags`` the XBRL tags the row's values come from.
    """
    header = ["concept", "label", "basis", "unit", *(c.key for c in result.columns), "tags", "derived", "revised"]
    rows = []
    for r in result.rows:
        values = [_plain(c.value) for c in r.cells]
        derived = "; ".join(c.column for c in r.cells if c.derived)
        rows.append(
            [r.concept, r.label, row_basis(r), r.unit or "", *values, "; ".join(r.matched_tags), derived]
            + ["; ".join(revised_cells(r))]
        )
    return header, rows


# The long (tidy) form: one row per company x concept x period, every field named as in --json (the cell's, its
# fact's, the company's as the other commands' rows name it), in the order of `edgar concept`'s rows.
LONG_FIELDS = (
    "company_name",
    "cik",
    "concept",
    "label",
    "basis",
    "column",
    "status",
    "value",
    "unit",
    "fiscal_year",
    "fiscal_period",
    "start",
    "end",
    "days",
    "filed",
    "form",
    "accession_number",
    "matched_tag",
    "restated",
    "original_value",
    "original_accession",
    "revision_kind",
    "pre_split_ratio",
    "pre_reverse_split_ratio",
    "filing_url",
    "formula",
    "derived",
    "accession_numbers",
    "reason",
)

# False with --wide for the length of one command: a StatementResult's rows are then periods as columns; else
# (the default, --long) statement_long_rows, each naming its period.
_LONG: ContextVar[bool] = ContextVar("edgar_cli_statement_long", default=True)


def statement_long_rows(result: StatementResult) -> list[Row]:
    """One row per cell (company x concept x period), each with its provenance: the tidy form of the table.

    Fields (:data:`LONG_FIELDS`, every row has each) are the JSON's: the company (``company_name``, ``cik``), the
    row (``concept``, ``label``, ``basis``), the column (``column``, ``fiscal_year``, ``fiscal_period``), the cell
    (``status``, ``value`` in ``unit``, ``start``, ``end``: an empty cell's are its column's, ``days``, ``matched_tag``, ``derived``, ``formula``,
    ``accession_numbers``: every filing it rests on, ``reason``: why an absent, implied or refused cell has no
    value) and a reported cell's fact (``form``, ``filed``, ``accession_number``, ``filing_url``, ``restated``,
    ``original_value``, ``original_accession``, ``revision_kind``, ``pre_split_ratio``, ``pre_reverse_split_ratio``;
    null for a derived or empty cell). Values keep their type (numbers, dates, booleans): --nl writes them typed.
    """
    cols = {c.key: c for c in result.columns}
    out: list[Row] = []
    for r in result.rows:
        for c in r.cells:
            col = cols[c.column]
            f = c.fact
            cell = {
                "company_name": result.company.name,
                "cik": result.company.cik,
                "concept": r.concept,
                "label": r.label,
                "basis": c.basis,
                "column": c.column,
                "fiscal_year": col.fiscal_year,
                "fiscal_period": col.fiscal_period,
                "status": c.status,
                "value": c.value,
                "unit": c.unit,
                # an empty cell names the period it is empty for: its column's (an instant's end alone)
                "start": c.start if c.start or c.end else (col.start if r.period_type == "duration" else None),
                "end": c.end or col.end,
                "days": c.days,
                "matched_tag": c.matched_tag,
                "form": f.form if f else None,
                "filed": f.filed if f else None,
                "accession_number": f.accession_number if f else None,
                "filing_url": f.filing_url if f else None,
                "restated": f.restated if f else None,
                "original_value": f.original_value if f else None,
                "original_accession": f.original_accession if f else None,
                "revision_kind": f.revision_kind if f else None,
                "pre_split_ratio": f.pre_split_ratio if f else None,
                "pre_reverse_split_ratio": f.pre_reverse_split_ratio if f else None,
                "derived": c.derived,
                "formula": c.formula,
                "accession_numbers": list(c.accession_numbers),
                "reason": c.reason,
            }
            out.append({k: cell[k] for k in LONG_FIELDS})
    return out


def cell_marks(cell: StatementCell) -> str:
    """The short flags a cell carries in a table: d, a revision's mark (render.revision_mark), s (before a later
    stock split, pre_split_ratio), r (before a later reverse split, pre_reverse_split_ratio)."""
    marks = ""
    if cell.derived:
        marks += "d"
    f = cell.fact
    if f is not None:
        from ..render import revision_mark

        marks += revision_mark(f)
    if f is not None and f.pre_split_ratio:
        marks += "s"
    if f is not None and f.pre_reverse_split_ratio:
        marks += "r"
    return marks


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def footnotes(result: StatementResult) -> tuple[dict[tuple[int, str], str], list[str]]:
    """Why the table's empty cells are empty: ({(row index, column key): mark}, footnote lines), one footnote per
    reason, numbered in the order the rows first use them (marks ¹, ², ...).

    Absent and refused cells are footnoted with their ``reason`` (an implied Q4 is said by the legend). A reason
    naming its own column ("no value for FY2021; reported for FY2023 to FY2025") is said once for the row's
    cells that share it, their columns named together ("no value for FY2021, FY2022; ..."); cells of any rows
    whose reason reads the same share one footnote.
    """
    marks: dict[tuple[int, str], str] = {}
    numbers: dict[str, str] = {}
    lines: list[str] = []
    for i, row in enumerate(result.rows):
        groups: dict[str, list[str]] = {}
        for c in row.cells:
            if c.value is None and c.status in ("absent", "refused") and c.reason:
                groups.setdefault(c.reason.replace(c.column, "\0"), []).append(c.column)
        for template, columns in groups.items():
            text = template.replace("\0", ", ".join(columns))
            if text not in numbers:
                numbers[text] = str(len(numbers) + 1).translate(_SUPERSCRIPT)
                lines.append(f"{numbers[text]} {text}")
            for column in columns:
                marks[(i, column)] = numbers[text]
    return marks, lines


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float | int | None]) -> str:
    """One block character per value, scaled between the row's minimum and maximum; a gap for None."""
    nums = [v for v in values if v is not None]
    if len(nums) < 2:
        return ""
    lo, hi = min(nums), max(nums)
    span = hi - lo
    out = []
    for v in values:
        if v is None:
            out.append(" ")
        else:
            out.append(SPARKS[-1] if span == 0 else SPARKS[min(len(SPARKS) - 1, int((v - lo) / span * len(SPARKS)))])
    return "".join(out)


def row_values(row: StatementRow) -> list[float | int | None]:
    return [c.value for c in row.cells]


def trend_line(row: StatementRow) -> str:
    """The row's sparkline, split with | where the share basis changes: values before a stock split or a reverse
    split (pre_split_ratio, pre_reverse_split_ratio) and after it are each scaled on their own, never drawn as one series (NVIDIA's FY2022 basic EPS 3.91
    beside post-split values)."""

    def basis(c) -> tuple[int, int]:
        f = c.fact
        if f is None:
            return (1, 1)
        return (int(f.pre_split_ratio or 1), int(f.pre_reverse_split_ratio or 1))

    segments: list[list] = []
    current = None
    for c in row.cells:
        b = basis(c) if c.value is not None else current
        if not segments or (b is not None and current is not None and b != current):
            segments.append([])
        segments[-1].append(c.value)
        current = b if b is not None else current
    if len(segments) == 1:
        return sparkline(segments[0])
    return "|".join(sparkline(s) or ("▄" * len(s)) for s in segments)


def statement_text(result: StatementResult) -> str:
    """The whole table as plain text for a model: one line per row, then the columns' filings, legend and notes."""
    lines = [result.title] + ([f"as known on {result.as_of}"] if result.as_of else [])
    lines.append(" | ".join(["row", "unit", *(f"{c.key} ({c.end})" if c.end else c.key for c in result.columns)]))
    for r in result.rows:
        cells = [(_plain(c.value) + cell_marks(c)) if c.value is not None else MARKS.get(c.status, "") for c in r.cells]
        label = r.label + (" †" if r.mixed_tags else "") + ("" if r.reported else " (not reported)")
        lines.append(" | ".join([label, r.unit or "", *cells]))
    for col in result.columns:
        filings: dict[str, str] = {}
        for r in result.rows:
            for c in r.cells:
                if c.column == col.key and c.fact is not None:
                    filings.setdefault(c.fact.accession_number, f"{c.fact.form} filed {c.fact.filed}")
        if filings:
            lines.append(f"{col.key} reported in: " + "; ".join(f"{a} ({d})" for a, d in filings.items()))
    for r in result.rows:
        for c in r.cells:
            if c.derived:
                lines.append(f"{r.label} {c.column} derived: {c.formula} ({', '.join(c.accession_numbers)})")
            elif c.status == "refused":
                lines.append(f"{r.label} {c.column} not derived: {c.reason}")
    lines.append(legend(result, absent=""))
    lines += [f"warning: {w}" for w in result.warnings]
    lines += [f"note: {n}" for n in result.notes]
    if result.currency_note:
        lines.append(f"note: {result.currency_note}")
    return "\n".join(lines)


@view.command(
    "statement",
    examples=[
        "edgar statement NVDA income --last 5",
        "edgar statement AAPL balance --fy 2020..2024",
        "edgar statement NVDA income --period quarterly --derive q4 --csv > nvda-q.csv",
        "edgar statement AAPL income --fy 2009 --as-of 2010-01-24",
    ],
)
def statement_cmd(
    company: CompanyArg,
    statement: Annotated[
        Literal["income", "balance", "cashflow"],
        typer.Argument(metavar="STATEMENT", help="income, balance or cashflow."),
    ],
    fy: FiscalYearsOpt = None,
    last: LastOpt = None,
    period: Annotated[Literal["annual", "quarterly"], typer.Option("--period", "-p", help="Which periods.")] = "annual",
    derive: DeriveOpt = None,
    unit: UnitOpt = None,
    as_of: AsOfOpt = None,
    basis: BasisOpt = "as_reported",
    chart: ChartOpt = False,
    wide: WideOpt = False,
) -> None:
    """A company's income statement, balance sheet or cash-flow statement by fiscal period, every cell with its filing."""
    from ...capabilities.statement.statement import get_financial_statement

    run_table(
        lambda: get_financial_statement(
            company,
            statement,
            fiscal_year=fy,
            last=last,
            period=period,
            derive=comma_list(derive),  # type: ignore[arg-type]  # the CLI's strings; get_financial_statement checks them
            unit=unit,
            as_of=as_of,
            share_basis=basis,
        ),
        chart,
        not wide,
    )


def run_table(call: Callable[[], Any], chart: bool, long: bool = True) -> None:
    """run(), then a chart of the table when asked for and shown as a table (rendering only: the result is
    the same); a table's rows for csv, tsv, nl and piped output are one per cell, or with ``long`` False
    (--wide) one per concept with periods as columns."""
    from ..output import default_format

    results: list[Any] = []

    def call_and_keep() -> Any:
        results.append(call())
        return results[-1]

    from ..output import PLAIN_HEADER

    token = _LONG.set(long)
    header = PLAIN_HEADER.set(not long)  # --wide piped: its rows with their header, never bare rows
    try:
        run(call_and_keep)
    finally:
        PLAIN_HEADER.reset(header)
        _LONG.reset(token)
    if (
        chart
        and (current_format() or default_format()) == "table"
        and results
        and "StatementResult" in {c.__name__ for c in type(results[-1]).__mro__}
    ):
        render_chart(results[-1])


def statement_table(r: StatementResult, trend: bool = False, max_width: int | None = None) -> Any:
    """Rows = concepts, columns = periods (oldest first); a trend column when ``trend``.

    Laid out for ``max_width`` columns (default: the console's): the Concept column is never squeezed out
    and no value is cut. Every period asked for is shown: when they do not fit side by side, the trend column
    goes first, then the table is folded into blocks of periods, one under the other, each with its labels.
    """
    from rich.console import Group
    from rich.measure import Measurement

    from ..render import width

    limit = max_width or width()
    n = len(r.columns)

    def fits(t: Table) -> bool:
        measure = _measure_console()
        return Measurement.get(measure, measure.options, t).minimum <= limit

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


@functools.cache
def _measure_console() -> Console:
    """A console that only measures tables (wide, writing nowhere)."""
    from rich.console import Console

    return Console(width=10_000, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115 - kept for the process


def _statement_table(r: StatementResult, trend: bool, first: int, end: int) -> Table:
    """The statement table of the periods ``first`` to ``end`` (column positions)."""
    from ..render import as_known_caption, house_table

    t = house_table(r.title)
    t.add_column("Concept", overflow="fold", min_width=14, max_width=LABEL_WIDTH)
    t.add_column("Unit", no_wrap=True)
    for c in r.columns[first:end]:
        t.add_column(f"{c.key}\n{c.end or ''}", justify="right", no_wrap=True)
    if trend:
        t.add_column("Trend", no_wrap=True)
    why, notes = footnotes(r)
    sourced, sources = column_sources(r, len(notes))
    places = _decimals(r)
    for i, row in enumerate(r.rows):
        scale, unit = _scaled(row)
        cells = []
        for cell in row.cells[first:end]:
            if cell.value is not None:
                marks = cell_marks(cell)
                text = _statement_value(cell.value, scale, cell.unit or "", places.get((i, cell.column), 0))
                cells.append(text + (f" {marks}" if marks else "") + sourced.get((i, cell.column), ""))
            else:
                empty = {"implied": "implied", "refused": "n/a"}.get(cell.status, "-")
                cells.append(empty + why.get((i, cell.column), ""))
        label = _between_words(row.label, LABEL_WIDTH) + (" †" if row.mixed_tags else "")
        t.add_row(label, unit, *cells, *([trend_line(row)] if trend else []))
    t.caption = "\n".join(
        [
            "; ".join(x for x in (legend(r), "m = millions" if any(_scaled(x)[0] != 1 for x in r.rows) else "") if x),
            *notes,
            *sources,
            *_lines_note(r),
        ]
    )
    return as_known_caption(t, r)


def _filing(f: Any) -> str:
    """A fact's filing as the single-concept table names it: form, filed date, accession number."""
    return f"{f.form} {f.filed} {f.accession_number}"


def column_sources(r: StatementResult, numbered: int = 0) -> tuple[dict[tuple[int, str], str], list[str]]:
    """Where each column's reported cells come from, said once per column under a table whose cells carry no
    filing: ({(row index, column key): mark}, lines). A column's line names the filing most of its reported cells
    come from (form, filed date, accession number) and the column's period (start to end, or at an instant's end);
    a reported cell from another filing is marked with a footnote naming that filing (marks numbered on from
    ``numbered``, the empty cells' footnotes). Derived cells are said by the derivation notes, not here."""
    from collections import Counter

    marks: dict[tuple[int, str], str] = {}
    numbers: dict[str, str] = {}
    lines: list[str] = []
    others: list[str] = []
    for column in r.columns:
        facts = [
            (i, c.fact)
            for i, row in enumerate(r.rows)
            for c in row.cells
            if c.column == column.key and c.fact is not None and not c.derived and c.value is not None
        ]
        if not facts:
            continue
        main = Counter(_filing(f) for _, f in facts).most_common(1)[0][0]
        period = f"{column.start} to {column.end}" if column.start else f"at {column.end}" if column.end else ""
        lines.append(f"{column.key}" + (f" ({period})" if period else "") + f": {main}")
        for i, f in facts:
            other = _filing(f)
            if other == main:
                continue
            if other not in numbers:
                numbers[other] = str(numbered + len(numbers) + 1).translate(_SUPERSCRIPT)
                others.append(f"{numbers[other]} from {other}, not its column's filing")
            marks[(i, column.key)] = numbers[other]
    if not lines:
        return {}, []
    return marks, ["Filings (form, filed, accession) by column:", *lines, *others]


LABEL_WIDTH = 34  # the Concept column's widest


def _between_words(label: str, width: int) -> str:
    """A label with a word longer than ``width`` (a raw tag's name, WeightedAverageNumberOfDilutedShares
    Outstanding) broken into lines where its CamelCase words meet, never inside one; other labels as they are
    (the table wraps them at spaces)."""
    out = []
    for word in label.split(" "):
        if len(word) <= width:
            out.append(word)
            continue
        lines, line = [], ""
        for part in re.findall(r"[^A-Z]+|[A-Z]+(?![a-z])|[A-Z][^A-Z]*", word):
            if line and len(line) + len(part) > width:
                lines.append(line)
                line = ""
            line += part
        out.append("\n".join([*lines, line]))
    return " ".join(out)


def _lines_note(r: StatementResult) -> list[str]:
    """The line under a preset statement saying whose lines these are, and how to get another."""
    if r.statement is None:
        return []
    who = r.company.tickers[0] if r.company.tickers else r.company.cik
    return [
        "Rows are edgar's standard lines (the concept catalogue), not the company's own presentation; "
        f"for another line: edgar concept {who} <tag>"
    ]


def _scaled(row: StatementRow) -> tuple[float, str]:
    """Currency and share rows shown in millions when every value is that large; per-share rows as they are."""
    unit = row.unit or ""
    values = [abs(c.value) for c in row.cells if c.value is not None]
    if "/" not in unit and values and all(v == 0 or v >= 1_000_000 for v in values):
        return 1e6, f"{unit} m"
    return 1, unit


def _decimals(r: StatementResult) -> dict[tuple[int, str], int]:
    """{(row index, column key): decimals} of the cells shown in millions: one precision for every cell of one
    scaled unit in the table ("USD m", "shares m"), the most any of them needs (up to three: thousands), so that
    no row or column mixes them (Snowflake's quarterly revenue 986.770 d beside 1,042.074, not 986.77; amounts
    717.540 above -1,456.010; share counts 318.730, 328.001, 332.707), whatever another unit's cells need."""
    need: dict[str, int] = {}
    units: dict[int, str] = {}
    for i, row in enumerate(r.rows):
        scale, unit = _scaled(row)
        if scale == 1:
            continue
        units[i] = unit
        for c in row.cells:
            if c.value is not None:
                n = len(f"{abs(c.value) / scale:.3f}".split(".")[1].rstrip("0"))
                need[unit] = max(need.get(unit, 0), n)
    return {(i, c.column): need.get(units[i], 0) for i, row in enumerate(r.rows) if i in units for c in row.cells}


def _statement_value(value: float | int, scale: float, unit: str, places: int = 0) -> str:
    from ..render import fmt_value

    if scale == 1:
        return fmt_value(value, unit)
    return f"{value / scale:,.{places}f}"


def _statement_view_table(r: StatementResult):
    from ..render import out_console

    return statement_table(r, trend=out_console().is_terminal)  # its rows' notes: see _row_notes


def _statement_notes(r: StatementResult) -> list[str]:
    """What the table's caption says beside its rows, for csv and tsv: the date a point-in-time table is as
    known on."""
    from ..render import as_known

    return as_known(r) + _long_hint(r)


LONG_HINT = (
    "Each cell's filing (form, filed, accession) and each derived cell's formula and inputs: --nl, --csv or a "
    "pipe (one row per cell) or --json."
)
WIDE_HINT = (
    "Each cell's period (start, end), filing (form, filed, accession) and each derived cell's formula and inputs: "
    "drop --wide (one row per cell) or --json."
)


def _long_rows(r: StatementResult) -> bool:
    """True when csv, tsv, nl and piped rows are the long form, each naming its period: the default (``--long``),
    and a table of one row (one concept over several periods) even with ``--wide``, as one concept's rows are."""
    return _LONG.get() or len(r.rows) == 1


def _rows_carry_provenance(r: StatementResult) -> bool:
    """True when what is printed carries every cell's filing: long rows, in a format that prints rows."""
    from ..output import default_format

    return _long_rows(r) and (current_format() or default_format()) != "table"


def _long_hint(r: StatementResult) -> list[str]:
    """How to get every cell's filing, which a table and the wide rows (periods as columns) of csv and tsv do not
    carry; none where the rows printed carry them (``--long``, one concept's rows), and none when the derivation
    notes say it already."""
    if _rows_carry_provenance(r) or not r.rows or _derivation_notes(r):
        return []
    return [_hint()]


def _hint() -> str:
    """How to get the cells' filings: in a table, the rows' formats; in wide rows, without --wide."""
    from ..output import default_format

    return LONG_HINT if (current_format() or default_format()) == "table" else WIDE_HINT


def _row_notes(r: StatementResult) -> list[str]:
    """The notes a statement's rows carry, labelled ("Net income: ..."), printed with the result's notes
    after the data in every format but json and nl (where they are in the rows), and silenced by --quiet; then
    how to see each cell's filing, which a table's cells (as --wide rows) do not show (none where the rows do)."""
    return (
        _parts_notes(r)
        + [f"{row.label}: {n}" for row in r.rows for n in _not_footnoted(r, row)]
        + _derivation_notes(r)
        + _long_hint(r)
    )


def _not_footnoted(r: StatementResult, row: StatementRow) -> list[str]:
    """A row's notes, in a table without what its footnotes already say: a note that repeats an empty cell's reason
    (total_debt's "not summed at 2025-01-31: at 2025-01-31, us-gaap:ConvertibleDebtNoncurrent ...", both the
    cell's reason and the row's note) names the footnote instead, so that the table says it once. Other formats
    print no footnotes, so their notes stay whole."""
    from difflib import SequenceMatcher

    from ..output import default_format

    if (current_format() or default_format()) != "table":
        return list(row.notes)
    marks, lines = footnotes(r)
    index = r.rows.index(row)
    mine = {m for (i, _), m in marks.items() if i == index}
    texts = [(line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in lines if line.split(" ", 1)[0] in mine]
    out = []
    for note in row.notes:
        for mark, text in texts:
            m = SequenceMatcher(None, note, text, autojunk=False).find_longest_match(0, len(note), 0, len(text))
            if m.size >= min(60, len(text)):  # the reason's substance, not a phrase two messages share
                start, end = m.a, m.a + m.size
                while start < end and not note[start].isalnum():  # the match's own words, not the ": " before
                    start += 1
                note = f"{note[:start].rstrip()} see footnote {mark}{note[end:]}"
        out.append(note)
    return out


def _parts_notes(r: StatementResult) -> list[str]:
    """What a table's summed rows are made of, one short line each, which its cells (numbers only) do not show:
    "Total debt = LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper" (each sum of tags the row's cells
    use; a derived cell's operands are in the derivation notes and --long). Tables only: spreadsheet rows carry the
    tags in their own column."""
    from ..concept_shown import tag_shown
    from ..output import default_format

    if (current_format() or default_format()) != "table":
        return []
    lines = []
    for row in r.rows:
        sums = [tag_shown(t) for t in row.matched_tags if " + " in t or " - " in t]
        if sums:
            lines.append(f"{row.label} = {'; or '.join(sums)}")
    return lines


def _derivation_notes(r: StatementResult) -> list[str]:
    """Where the derived cells of a table or --wide rows come from, which their cells cannot show: for one
    concept each derived cell's formula and the filings it rests on, and for any table the flag that gives every
    cell's filing (rows one per cell). None where the rows printed carry them."""
    if _rows_carry_provenance(r):
        return []
    derived = [(row, c) for row in r.rows for c in row.cells if c.derived]
    if not derived:
        return []
    notes = []
    if len(r.rows) == 1:
        notes = [
            f"{row.label} {c.column} derived: {c.formula} (from {', '.join(c.accession_numbers)})" for row, c in derived
        ]
    return [*notes, _hint()]


def render_chart(r: StatementResult) -> None:
    """A terminal line chart of the table's rows that share its first row's unit (the chart extra: plotext)."""
    from rich.text import Text

    from ...config import install_hint
    from ..render import err_console, out_console

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


def _statement_rows_of(r: StatementResult) -> list[Row]:
    """One row per cell, naming its period and filing (:func:`statement_long_rows`), unless ``--wide``: periods
    as columns (a spreadsheet's layout): concept, label, basis, unit, one column per period, tags, derived; a
    period without a value is an empty cell (null in --nl), never 0. Values keep their type (numbers are numbers
    in --nl, so a database stores them as such)."""
    if _long_rows(r):
        return statement_long_rows(r)
    keys = [c.key for c in r.columns]
    out: list[Row] = []
    for row in r.rows:
        by_column = {c.column: c.value for c in row.cells}
        out.append(
            {
                "concept": row.concept,
                "label": row.label,
                "basis": row_basis(row),
                "unit": row.unit,
                **{k: by_column.get(k) for k in keys},
                "tags": list(row.matched_tags),
                "derived": [c.column for c in row.cells if c.derived],
                "revised": revised_cells(row),
            }
        )
    return out


view.result(
    "StatementResult",  # and the concept command's ConceptSeriesResult, which extends it
    table=_statement_view_table,
    rows=_statement_rows_of,
    notes=_statement_notes,
    row_notes=_row_notes,
)

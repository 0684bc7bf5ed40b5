"""A StatementResult flattened: spreadsheet rows (periods as columns), one row per cell, plain text, a sparkline.

Shared by the terminal renderer (cli/render.py), the output formats (CSV/TSV:
``statement_rows`` opens in a spreadsheet with one column per period;
``statement_cell_rows`` is the tidy form with every cell's provenance) and the
MCP text channel (``statement_text``: the whole table, compact). Nothing here
decides a value: it only lays out what the capability returned.
"""

from __future__ import annotations

from ..models import StatementCell, StatementResult, StatementRow

MARKS = {"derived": "d", "implied": "implied", "absent": "", "refused": "n/a"}
LEGEND = {
    "d": "d = derived by edgar (see formula)",
    "*": "* = restated (see original_value)",
    "s": "s = predates a later stock split, on the old share basis",
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


def statement_rows(result: StatementResult) -> tuple[list[str], list[list[str]]]:
    """Header and rows for a spreadsheet: concept, label, basis, unit, one column per period, tags, derived.

    Values are as reported (full units, no scaling); a period without a value is
    an empty cell, never 0. ``derived`` lists the columns whose value edgar
    computed; ``tags`` the XBRL tags the row's values come from.
    """
    header = ["concept", "label", "basis", "unit", *(c.key for c in result.columns), "tags", "derived"]
    rows = []
    for r in result.rows:
        values = [_plain(c.value) for c in r.cells]
        derived = "; ".join(c.column for c in r.cells if c.derived)
        rows.append([r.concept, r.label, r.basis, r.unit or "", *values, "; ".join(r.matched_tags), derived])
    return header, rows


CELL_HEADER = [
    "concept",
    "label",
    "basis",
    "column",
    "fiscal_year",
    "fiscal_period",
    "status",
    "value",
    "unit",
    "start",
    "end",
    "days",
    "matched_tag",
    "form",
    "filed",
    "accession_numbers",
    "restated",
    "original_value",
    "revision_kind",
    "pre_split_ratio",
    "derived",
    "formula",
    "reason",
]


def statement_cell_rows(result: StatementResult) -> tuple[list[str], list[list[str]]]:
    """Header and one row per cell with its provenance (the tidy form of the table)."""
    cols = {c.key: c for c in result.columns}
    rows = []
    for r in result.rows:
        for c in r.cells:
            col = cols[c.column]
            f = c.fact
            rows.append(
                [
                    r.concept,
                    r.label,
                    r.basis,
                    c.column,
                    str(col.fiscal_year),
                    col.fiscal_period,
                    c.status,
                    _plain(c.value),
                    c.unit or "",
                    str(c.start or ""),
                    str(c.end or ""),
                    str(c.days or ""),
                    c.matched_tag or "",
                    f.form if f else "",
                    str(f.filed) if f else "",
                    " ".join(c.accession_numbers),
                    str(f.restated).lower() if f else "",
                    _plain(f.original_value) if f else "",
                    (f.revision_kind or "") if f else "",
                    str(f.pre_split_ratio or "") if f else "",
                    str(c.derived).lower(),
                    c.formula or "",
                    c.reason or "",
                ]
            )
    return CELL_HEADER, rows


def cell_marks(cell: StatementCell) -> str:
    """The short flags a cell carries in a table: d, *, s."""
    marks = ""
    if cell.derived:
        marks += "d"
    f = cell.fact
    if f is not None and f.restated:
        marks += "*"
    if f is not None and f.pre_split_ratio:
        marks += "s"
    return marks


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
    """The row's sparkline, split with | where the share basis changes: values before a stock split (pre-split
    ratio) and after it are each scaled on their own, never drawn as one series (NVIDIA's FY2022 basic EPS 3.91
    beside post-split values)."""

    def basis(c) -> int:
        f = c.fact
        return int((f.pre_split_ratio or 1) if f is not None else 0) or 1

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
        filings = {}
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

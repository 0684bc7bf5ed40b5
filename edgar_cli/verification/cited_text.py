"""The text of cited filings and excerpts as support for figures the XBRL facts do not decide on.

A number in a passage (or a table row) that names the figure's concept (or
shares the answer's words), equal to the figure at its rounding (reading "in
millions" and "in thousands" table scales), supports it: for the claimed period
when the sentence names the year or the column head dates it. Text never
overrides a fact that contradicts the figure: only figures the Grounder left in
``text_ok`` are looked for.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from ..models import FigureSupport, VerifiedFigure
from . import periods as P
from . import support as S
from . import wording as W
from .claims import NUMERIC, Figure, extract_figures

if TYPE_CHECKING:
    from .grounding import Grounder



@dataclass
class TextSource:
    label: str
    accession: str | None
    url: str | None
    figures: list[Figure]
    text: str = ""
    in_millions: bool = False
    in_thousands: bool = False


def ground_in_text(g: Grounder, figures: list[Figure], rows: list[VerifiedFigure],
                   load_sources: Callable[[], list[TextSource]]) -> None:
    """Cited text and excerpts may support a figure the XBRL facts do not decide on (never one they
    contradict): a number in a passage that names the same concept (or shares the answer's words), in
    the claimed period when the passage says which."""
    todo = [(f, r) for f, r in zip(figures, rows, strict=True)
            if f.start in g.text_ok and r.status in ("ungrounded", "unchecked") and f.kind in NUMERIC]
    if not todo:
        return
    sources = load_sources()
    if not sources:
        return
    for fig, row in todo:
        hit = find_in_text(fig, sources, _text_test(g, fig, g.claim_for(fig, row)))
        if hit is None:
            continue
        src, tf, scale_note, (verdict, where) = hit
        row.support = FigureSupport(source="cited_text", value=S.as_float(tf.value), unit=tf.currency,
                                    accession_number=src.accession, url=src.url, passage=tf.context)
        row.notes = [n for n in row.notes if not n.startswith(("Not in what is cited", "fact(s) of other"))]
        if verdict == "ok":
            row.status = "grounded"
            row.reason = (f"{src.label} says {tf.text!r}{scale_note} in a passage about it, which rounds to "
                          f"{fig.text}" + (f" ({where})." if where else "."))
        else:
            row.status = "mismatched_period"
            row.reason = (f"{src.label} gives {tf.text!r}{scale_note} in the column {where!r}, not for "
                          f"{fig.period_text}.")

def _text_test(g: Grounder, fig: Figure, claim: P.Claim):
    """What a passage must say to support the figure: its concept (or its words) and, when the answer
    names a period, that period: the year a sentence names, or the head of a table column."""
    if fig.kind == "percent":
        pair, qualifier = g.ratio_named(fig)
        hit = None if pair else g.growth_named(fig)
        named = [pair[0]] if pair else [hit.concept] if hit else []
        qualifier = qualifier if pair else hit.qualifier if hit else None
    else:
        named, qualifier = g.named(fig)
    own = fig.clause[-60:] + " " + fig.after[:60]  # the words around the figure: what it is about
    words = W.content_words(own) - g.company_words - W.GENERIC_WORDS
    marked = W.marked_words(fig.lead, fig.after) - g.company_words
    year = claim.fiscal_year or claim.calendar_year

    def about(passage: str, label: str) -> bool:
        """Is the passage about what the figure is: its concept (and the word qualifying it), else the figure's
        own words, every name among them ("H20", "China") included? A word shared by chance is not enough."""
        if named:
            found = {n.concept for n in W.find_concepts(passage, g.company_words)}
            return bool(found & set(named)) and (not qualifier or qualifier.lower() in label.lower())
        theirs = W.content_words(passage)
        if not words or not marked <= theirs:
            return False
        return len(words & theirs) >= min(2, len(words))

    def test(src: TextSource, tf: Figure) -> tuple[str, str] | None:
        """("ok", where) when the passage supports the figure, ("other_period", column) when a table gives
        it for another period, None otherwise."""
        cell = table_cell(src.text, tf.start)
        if cell is None:
            said = {int(y) for y in re.findall(r"(?<![\d,.$])((?:19|20)\d\d)(?![\d%]|[,.]\d)", tf.context)}
            near = _around(src.text, tf) if src.text else tf.context
            if about(near, near) and not (year and said and year not in said):
                return "ok", ("the sentence names the year" if said and year else
                              "the period it refers to is not checked" if claim.stated else "")
            return None
        if not about(cell.above + "\n" + cell.row, cell.row):
            return None
        head = cell.column_head
        if not claim.stated:
            return "ok", f"column {head!r}" if head else ""
        if head is None:
            # which column is which year is unknown
            return ("ok", "the period it refers to is not checked") if cell.values_in_row <= 1 else None
        day, bare = head_date(head)
        if day is not None:
            label = g.cal.year_containing(day)
            fits = (claim.fiscal_year is not None and label is not None and label[0] == claim.fiscal_year) or \
                (claim.calendar_year is not None and day.year == claim.calendar_year)
        else:
            fits = bare is not None and bare == year
        return ("ok", f"column {head!r}") if fits else ("other_period", head)
    return test


def _around(text: str, tf: Figure, reach: int = 150) -> str:
    """The passage's words around one of its numbers, within its sentence: what that number is about."""
    a, b = max(0, tf.start - reach), min(len(text), tf.end + reach)
    window = text[a:b]
    lo = max((window.rfind(x, 0, tf.start - a) for x in (". ", "\n")), default=-1)
    hi = min((i for i in (window.find(x, tf.end - a) for x in (". ", "\n")) if i >= 0), default=len(window))
    return window[lo + 1:hi]


def text_source(label: str, accession: str | None, url: str | None, text: str,
                figures: list[Figure] | None = None) -> TextSource:
    """A passage or document as support: its numbers (``figures`` when already read, see figures_payload)."""
    low = text[:200_000].lower()
    if figures is None:
        figures = text_figures(text)
    return TextSource(label, accession, url, figures, text=text, in_millions="in millions" in low,
                      in_thousands="in thousands" in low)


def text_figures(text: str) -> list[Figure]:
    """The numbers of a cited text (no claimed periods: a filing's numbers are looked up, not checked)."""
    return [f for f in extract_figures(text, periods=False) if f.kind in NUMERIC]


# The figures of a cited document are cached beside its parse; the key changes with the code that reads them.
FIGURES_VERSION = hashlib.sha1(b"".join(Path(__file__).with_name(n).read_bytes()
                                        for n in ("claims.py", "periods.py", "wording.py"))).hexdigest()[:12]
_FIELDS = ("text", "start", "end", "kind", "currency", "scale", "negative", "approximate", "context")


def figures_payload(figures: list[Figure]) -> bytes:
    rows = [[getattr(f, k) for k in _FIELDS] + [str(f.value) if f.value is not None else None,
                                                str(f.step) if f.step is not None else None] for f in figures]
    return zlib.compress(json.dumps(rows, separators=(",", ":")).encode("utf-8"), 6)


def figures_from_payload(payload: bytes) -> list[Figure]:
    out = []
    for row in json.loads(zlib.decompress(payload)):
        *fields, value, step = row
        f = Figure(**dict(zip(_FIELDS, fields)))
        f.value = Decimal(value) if value is not None else None
        f.step = Decimal(step) if step is not None else None
        out.append(f)
    return out


def find_in_text(fig: Figure, sources: list[TextSource], test) -> tuple | None:
    """The first passage that supports the figure; failing that, one that gives it for another period."""
    lo, hi = fig.interval
    other = None
    quantity = fig.kind == "number" and bool(W.QUANTITY_AFTER.match(fig.after))
    for src in sources:
        for tf in src.figures:
            if (fig.kind == "percent") != (tf.kind == "percent"):
                continue
            if fig.currency and tf.currency and fig.currency != tf.currency:
                continue
            if quantity != bool(src.text and W.QUANTITY_AFTER.match(src.text[tf.end:tf.end + 60])) or \
                    (quantity and tf.currency):
                continue  # "3 million square feet" is not "$3 million", nor the other way round
            scales = [(0, "")]
            if not tf.scale and fig.kind in ("money", "number") and fig.scale:
                scales += [(6, " (in millions)")] if src.in_millions else []
                scales += [(3, " (in thousands)")] if src.in_thousands else []
            for exp, note in scales:
                v = abs(tf.value or Decimal(0)).scaleb(exp)
                if not lo <= v <= hi:
                    continue
                verdict = test(src, tf)
                if verdict and verdict[0] == "ok":
                    return src, tf, note, verdict
                if verdict and other is None:
                    other = (src, tf, note, verdict)
    return other


# --- numbers in a document's tables -------------------------------------------------------------

_YEARISH = re.compile(rf"\b(?:{P.MONTH_PATTERN}\.?\s+\d{{1,2}},?\s+)?(?:19|20)\d\d\b")


@dataclass
class TableCell:
    """Where a number sits in a table row of a document's text (rows are lines, cells joined by " | ")."""

    row: str  # the whole row, its label first ("Data Center | $115,186 | $47,525 | $15,005")
    above: str  # the lines above it in the same table: its title and column heads
    column_head: str | None  # the head of the number's column when one names a year or a date
    values_in_row: int  # how many cells of the row hold numbers (more than one: columns matter)


def table_cell(text: str, pos: int) -> TableCell | None:
    """The table cell holding the character at ``pos``, or None when it is not in a table row."""
    ls = text.rfind("\n", 0, pos) + 1
    le = text.find("\n", pos)
    le = len(text) if le < 0 else le
    line = text[ls:le]
    if " | " not in line:
        return None
    cells = line.split(" | ")
    off, idx = ls, 0
    for i, c in enumerate(cells):
        if off <= pos < off + len(c) + 3:
            idx = i
            break
        off += len(c) + 3
    k = len(cells) - idx  # columns are aligned from the right: row labels and heads differ in width
    block = text.rfind("\n\n", 0, ls)
    above = text[0 if block < 0 else block + 2:ls].split("\n")[-8:]
    head = None
    for prior in reversed(above):
        hc = prior.split(" | ")
        if sum(1 for c in hc if _YEARISH.search(c)) >= 2:
            if k <= len(hc) and _YEARISH.search(hc[-k]):
                head = hc[-k].strip()
            break
    values = sum(1 for c in cells[1:] if re.search(r"\d", c))
    return TableCell(line, "\n".join(above), head, values)


def head_date(head: str) -> tuple[date | None, int | None]:
    """A column head's date ("Jan 26, 2025") or bare year ("2024")."""
    m = P.LONG_DATE.search(head)
    if m:
        return P.parse_day(m.group(3), m.group(1), m.group(2)), None
    m = re.search(r"\b((?:19|20)\d\d)\b", head)
    return None, (int(m.group(1)) if m else None)

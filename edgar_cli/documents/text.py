"""Filing documents (HTML, inline XBRL, plain text, SGML) to clean text made of blocks.

A :class:`TextDocument` is the whole document as one string plus the list of
its blocks (paragraphs, headings, table rows), each with its offsets into the
string and a few layout flags that the section finder uses (in a table, bold,
inside an internal link, after a page break). What is dropped:

- hidden elements (``display:none``), the inline XBRL header, scripts, styles;
- inline XBRL wrappers (``ix:nonFraction`` ...) are unwrapped, their text kept;
- page numbers and running page headers/footers (short lines repeated next to
  page breaks: "Table of Contents", "Apple Inc. | 2024 Form 10-K | 23");
- SGML envelopes of ``.txt`` submissions: only the main document is kept.

Paragraphs are separated by a blank line, table rows by a newline, cells by
``" | "`` (a "$" cell is joined to its number, ")" and "%" to the figure before).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..patterns import lazy

# Block flags
IN_TABLE = 1
BOLD = 2
LINKED = 4  # most of the block's text sits inside an internal link (<a href="#...">)
PAGE_BREAK = 8  # a page break comes right before this block
CENTERED = 16
RUNNING = 32  # the first copy of a running page header that names an item ("ITEM 1A. RISK FACTORS")

_BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "li",
        "ul",
        "ol",
        "blockquote",
        "center",
        "pre",
        "section",
        "article",
        "body",
        "html",
        "dl",
        "dt",
        "dd",
        "address",
        "header",
        "footer",
        "nav",
        "main",
        "figure",
        "figcaption",
        "caption",
        "form",
        "fieldset",
        "title",
        "page",
    ]
)
_SKIP_TAGS = frozenset(
    ["script", "style", "head", "noscript", "template", "ix:header", "xbrli:context", "object", "svg"]
)
_CELL_TAGS = frozenset(("td", "th"))
_SPACE_RE = lazy(r"[ \t\r\n\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+")
_ZERO_WIDTH_RE = lazy(r"[\u200b-\u200d\u2060\ufeff\u00ad]")
_HIDDEN_RE = lazy(r"display\s*:\s*none", re.IGNORECASE)
_BOLD_STYLE_RE = lazy(r"font-weight\s*:\s*(bold|bolder|[6-9]00)", re.IGNORECASE)
_PAGE_BREAK_RE = lazy(r"(page-break-(before|after)|break-(before|after))\s*:\s*(always|page)", re.IGNORECASE)
_CENTER_RE = lazy(r"text-align\s*:\s*center", re.IGNORECASE)
_PAGE_NUMBER_RE = lazy(
    r"^(?:page\s+)?[-\u2013\u2014(]?\s*(?:[A-Z]-?)?\d{1,3}\s*[-\u2013\u2014)]?$|^[ivxlc]{1,6}$", re.IGNORECASE
)


@dataclass
class TextDocument:
    """Clean text and its blocks: ``blocks[i] = (start, end, flags, table)`` into ``text``.

    ``table`` is the ordinal of the top-level table a row belongs to, -1 outside tables.
    """

    text: str
    blocks: list[tuple[int, int, int, int]]
    anchors: dict[str, int] = field(default_factory=dict)  # element id -> index of the block it starts
    links: list[tuple[int, str]] = field(default_factory=list)  # (block index, "#target" id) of internal links
    kind: str = "html"  # "html" or "text"

    def block_text(self, i: int) -> str:
        s, e, _f, _t = self.blocks[i]
        return self.text[s:e]

    def memo_bytes(self) -> int:
        """Approximate bytes held (sec/memo.py weighs the client's memo by it): the text and the blocks."""
        per_char = 1 if self.text.isascii() else 2
        return per_char * len(self.text) + 100 * (len(self.blocks) + len(self.anchors) + len(self.links))

    def drop_blocks(self, drop: set[int]) -> Callable[[int], int]:
        """Remove blocks (with the separator after each) in place; returns the map of old offsets to new ones."""
        drop = {i for i in drop if 0 <= i < len(self.blocks)}
        if not drop:
            return lambda x: x
        n = len(self.blocks)
        last_kept = max((i for i in range(n) if i not in drop), default=-1)
        spans: list[list[int]] = []
        for i in sorted(drop):
            lo = self.blocks[i][0]
            hi = self.blocks[i + 1][0] if i + 1 < n else self.blocks[i][1]
            if i > last_kept:  # trailing blocks: drop the separator before them instead
                lo = self.blocks[last_kept][1] if last_kept >= 0 else 0
                hi = len(self.text)
            if spans and lo <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], hi)
            else:
                spans.append([lo, hi])
        starts = [sp[0] for sp in spans]
        removed_before = [0]
        for lo, hi in spans:
            removed_before.append(removed_before[-1] + hi - lo)

        def shift(x: int) -> int:
            k = bisect_right(starts, x) - 1
            if k < 0:
                return x
            lo, hi = spans[k]
            return (lo if x < hi else x) - removed_before[k] - (0 if x < hi else hi - lo)

        pieces, pos = [], 0
        for lo, hi in spans:
            pieces.append(self.text[pos:lo])
            pos = hi
        pieces.append(self.text[pos:])
        new_index: dict[int, int] = {}
        blocks: list[tuple[int, int, int, int]] = []
        for i, (bs, be, flags, table) in enumerate(self.blocks):
            if i in drop:
                continue
            new_index[i] = len(blocks)
            blocks.append((shift(bs), shift(be), flags, table))

        def reindex(i: int) -> int:
            while i in drop and i + 1 < n:
                i += 1
            return new_index.get(i, max(0, len(blocks) - 1))

        self.text = "".join(pieces)
        self.blocks = blocks
        self.anchors = {k: reindex(v) for k, v in self.anchors.items()}
        self.links = [(new_index[b], t) for b, t in self.links if b in new_index]
        return shift

    def to_payload(self) -> dict:
        return {
            "text": self.text,
            "blocks": [list(b) for b in self.blocks],
            "anchors": self.anchors,
            "links": [list(x) for x in self.links],
            "kind": self.kind,
        }

    @classmethod
    def from_payload(cls, data: dict) -> TextDocument:
        return cls(
            text=data["text"],
            blocks=[tuple(b) for b in data["blocks"]],
            anchors=data.get("anchors", {}),
            links=[tuple(x) for x in data.get("links", [])],
            kind=data.get("kind", "html"),
        )


def clean(text: str) -> str:
    return _SPACE_RE.sub(" ", _ZERO_WIDTH_RE.sub("", text))


# --- raw block collection ---------------------------------------------------------


@dataclass
class _Raw:
    text: str
    flags: int
    ids: list[str]
    links: list[str]
    table: int = -1


class _Collector:
    """Accumulates text runs into blocks while the DOM walker reports events."""

    def __init__(self) -> None:
        self.blocks: list[_Raw] = []
        self.parts: list[str] = []
        self.bold_chars = 0
        self.link_chars = 0
        self.ids: list[str] = []
        self.links: list[str] = []
        self.page_break = False
        self.centered = False
        # table state
        self.table_depth = 0
        self.table_count = 0
        self.cells: list[str] | None = None
        self.row_bold = 0
        self.row_link = 0

    def add_text(self, text: str, bold: bool, link: bool) -> None:
        if not text:
            return
        self.parts.append(text)
        n = len(text.strip())
        if bold:
            self.bold_chars += n
        if link:
            self.link_chars += n

    def end_block(self) -> None:
        """A block boundary outside tables (inside a cell it is just a space)."""
        if self.table_depth and self.cells is not None:
            self.parts.append(" ")
            return
        text = clean("".join(self.parts)).strip()
        if text:
            flags = CENTERED if self.centered else 0
            self._add_block(text, len(text.replace(" ", "")), flags, self.bold_chars, self.link_chars, -1)
        self.parts = []
        self.bold_chars = self.link_chars = 0
        self.centered = False

    def _add_block(self, text: str, chars: int, flags: int, bold: int, link: int, table: int) -> None:
        """Add a block of ``text`` (``chars`` of it counted: not spaces or cell bars) with the ids and links
        seen since the last one: bold when 80% of those characters are, linked when half are; the page break
        waiting, if any, goes on it. ``table``: the table's index, -1 outside tables."""
        n = max(1, chars)
        if bold >= 0.8 * n:
            flags |= BOLD
        if link >= 0.5 * n:
            flags |= LINKED
        if self.page_break:
            flags |= PAGE_BREAK
            self.page_break = False
        self.blocks.append(_Raw(text, flags, self.ids, self.links, table))
        self.ids, self.links = [], []

    def start_row(self) -> None:
        self.end_block()
        self.cells = []
        self.row_bold = self.row_link = 0

    def end_cell(self) -> None:
        if self.cells is None:
            self.cells = []
        self.cells.append(clean("".join(self.parts)).strip())
        self.row_bold += self.bold_chars
        self.row_link += self.link_chars
        self.parts = []
        self.bold_chars = self.link_chars = 0

    def end_row(self) -> None:
        if self.parts:
            self.end_cell()
        cells = _merge_cells(self.cells or [])
        self.cells = None
        if cells:
            text = " | ".join(cells)
            n = len(text.replace(" ", "").replace("|", ""))
            self._add_block(text, n, IN_TABLE, self.row_bold, self.row_link, self.table_count - 1)
        self.parts = []
        self.bold_chars = self.link_chars = 0


def _merge_cells(cells: list[str]) -> list[str]:
    out: list[str] = []
    for c in cells:
        if not c:
            continue
        if (
            out
            and (c in (")", "%", ")%", "%)") or (c.startswith(")") and len(c) <= 3))
            or out
            and out[-1] in ("$", "(", "$(", "($", "€", "£", "¥")
        ):
            out[-1] += c
        else:
            out.append(c)
    return out


def _walk(node, col: _Collector, bold: bool = False, link: bool = False) -> None:
    """Depth-first walk emitting text and block events (iterative over siblings, recursive in depth)."""
    stack: list = [(node, bold, link, False)]
    while stack:
        cur, b, lk, closing = stack.pop()
        tag = cur.tag
        if closing:
            if tag in _CELL_TAGS:
                if col.cells is not None:
                    col.end_cell()
                else:
                    col.end_block()
            elif tag == "tr":
                col.end_row()
            elif tag == "table":
                col.table_depth -= 1
                if col.table_depth == 0:
                    if col.cells is not None:
                        col.end_row()
                    col.end_block()
            elif tag in _BLOCK_TAGS or tag == "br":
                col.end_block()
            continue
        if tag == "-text":
            col.add_text(cur.text_content or "", b, lk)
            continue
        if tag == "-pagebreak":
            col.end_block()
            col.page_break = True
            continue
        if tag in ("-comment", "-doctype") or tag in _SKIP_TAGS or (tag.startswith("xbrli:")):
            continue
        attrs = cur.attributes
        style = attrs.get("style") or ""
        if style and _HIDDEN_RE.search(style):
            continue
        if attrs.get("hidden") is not None and "hidden" in attrs:
            continue
        ident = attrs.get("id") or (attrs.get("name") if tag == "a" else None)
        if ident:
            col.ids.append(ident)
        if tag in ("b", "strong") or (style and _BOLD_STYLE_RE.search(style)):
            b = True
        elif style and re.search(r"font-weight\s*:\s*(normal|[1-4]00)", style, re.IGNORECASE):
            b = False
        if tag == "a":
            href = attrs.get("href") or ""
            if href.startswith("#") and len(href) > 1:
                lk = True
                col.links.append(href[1:])
        breaks = bool(style) and _PAGE_BREAK_RE.search(style) is not None
        if tag == "hr" or (breaks and "before" in style.lower()):
            col.end_block()
            col.page_break = True
        if tag == "br":
            col.end_block()
            continue
        if tag == "table":
            if col.table_depth == 0:
                col.end_block()
                col.table_count += 1
            col.table_depth += 1
        elif tag == "tr" and col.table_depth == 1:
            col.start_row()
        elif tag in _BLOCK_TAGS and col.cells is None:
            col.end_block()
            if style and _CENTER_RE.search(style):
                col.centered = True
        stack.append((cur, b, lk, True))
        if breaks and "after" in style.lower() and tag != "hr":
            stack.append((_PageBreakMark, b, lk, False))
        children = list(cur.iter(include_text=True))
        for child in reversed(children):
            stack.append((child, b, lk, False))


class _PageBreakMarkType:
    tag = "-pagebreak"


_PageBreakMark = _PageBreakMarkType()


def html_to_document(html: bytes | str) -> TextDocument:
    """Clean text of an HTML or inline XBRL document."""
    from selectolax.lexbor import LexborHTMLParser

    if isinstance(html, bytes):
        html = decode(html)
    tree = LexborHTMLParser(html)
    root = tree.body or tree.root
    col = _Collector()
    _walk(root, col)
    col.end_block()
    total = sum(len(r.text) for r in col.blocks)
    if total > 20000 and total / max(1, len(col.blocks)) > 1500:
        # plain text inside <pre> or a single <div>: its line breaks are the structure
        assert root is not None  # text was collected from it
        raw_text = root.text(separator="\n")
        if raw_text.count("\n") > 200:
            return text_to_document(raw_text)
    return _assemble(col.blocks, kind="html")


_SENTENCE_END = (".", ":", ";", "!", "?", '"', "\u201d", ")", "]")


def _assemble(raw: list[_Raw], kind: str) -> TextDocument:
    raw = _join_split_paragraphs(_drop_page_furniture(raw))
    parts: list[str] = []
    blocks: list[tuple[int, int, int, int]] = []
    anchors: dict[str, int] = {}
    links: list[tuple[int, str]] = []
    pos = 0
    prev_table = -1
    for i, r in enumerate(raw):
        if parts:
            sep = "\n" if (r.table >= 0 and r.table == prev_table) else "\n\n"
            parts.append(sep)
            pos += len(sep)
        blocks.append((pos, pos + len(r.text), r.flags, r.table))
        parts.append(r.text)
        pos += len(r.text)
        for ident in r.ids:
            anchors.setdefault(ident, i)
        for target in r.links:
            links.append((i, target))
        prev_table = r.table
    return TextDocument(text="".join(parts), blocks=blocks, anchors=anchors, links=links, kind=kind)


def _join_split_paragraphs(raw: list[_Raw]) -> list[_Raw]:
    """Rejoin a paragraph that a page break cut in two (it ends mid-sentence, goes on in lowercase)."""
    out: list[_Raw] = []
    for r in raw:
        if (
            out
            and r.flags & PAGE_BREAK
            and r.table < 0
            and out[-1].table < 0
            and r.text[:1].islower()
            and not out[-1].text.endswith(_SENTENCE_END)
            and len(out[-1].text) > 40
        ):
            prev = out[-1]
            out[-1] = _Raw(prev.text + " " + r.text, prev.flags, prev.ids + r.ids, prev.links + r.links, -1)
            continue
        out.append(r)
    return out


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", text)


def _heading_key(text: str) -> str:
    """A heading compared without case, punctuation or spacing: "ITEM 9. CHANGES IN ..." = "Item 9. Changes in ..."."""
    return re.sub(r"[\W_]+", "", text.casefold())


_HEADER_LIKE_RE = lazy(r"^\s*(part\s+[ivx]+\b|items?\s*\d)", re.IGNORECASE)


def _drop_page_furniture(raw: list[_Raw]) -> list[_Raw]:
    """Remove page numbers and running headers/footers (short lines repeated at page breaks).

    A running header that names an item or part ("ITEM 1A. RISK FACTORS", "PART I") is
    kept once, flagged RUNNING, since it can be the only heading the section has; the
    section finder prefers a real heading over it.
    """
    if not raw:
        return raw
    breaks = [i for i, r in enumerate(raw) if r.flags & PAGE_BREAK] + [len(raw)]
    near: set[int] = set()
    for i in breaks:
        near.update(range(max(0, i - 2), min(len(raw), i + 2)))
    short_near = [i for i in near if len(raw[i].text) <= 120]
    counts = Counter(_furniture_key(raw[i].text) for i in short_near if not _HEADER_LIKE_RE.match(raw[i].text))
    repeated = {k for k, n in counts.items() if n >= 3 and len(breaks) >= 4}
    header_counts = Counter(raw[i].text for i in short_near if _HEADER_LIKE_RE.match(raw[i].text))
    out: list[_Raw] = []
    seen_headers: set[str] = set()
    carry_flags = 0
    carry_ids: list[str] = []
    for i, r in enumerate(raw):
        t = r.text
        drop = False
        if _PAGE_NUMBER_RE.match(t) and (i in near or len(breaks) == 1):
            drop = True
        elif i in near and len(t) <= 120:
            if _HEADER_LIKE_RE.match(t):
                if (
                    r.table < 0
                    and i + 1 < len(raw)
                    and raw[i + 1].table < 0
                    and _heading_key(raw[i + 1].text) == _heading_key(t)
                ):
                    drop = True  # a page header naming the item whose own heading comes right after it
                elif header_counts[t] >= 2:
                    if t in seen_headers:
                        drop = True
                    else:
                        r = _Raw(r.text, r.flags | RUNNING, r.ids, r.links, r.table)
                    seen_headers.add(t)
            elif _furniture_key(t) in repeated and len(t) <= 90 and not t.endswith(":"):
                drop = True
        if not drop and t.lower() in ("table of contents", "index", "back to contents", "return to table of contents"):
            drop = i in near or bool(r.flags & LINKED)
        if drop:
            carry_flags |= r.flags & PAGE_BREAK
            carry_ids.extend(r.ids)
            continue
        if carry_flags or carry_ids:
            r = _Raw(r.text, r.flags | carry_flags, carry_ids + r.ids, r.links, r.table)
            carry_flags, carry_ids = 0, []
        out.append(r)
    return out


# --- plain text and SGML ---------------------------------------------------------

_DOC_RE = lazy(rb"<DOCUMENT>(.*?)</DOCUMENT>", re.DOTALL | re.IGNORECASE)
_TYPE_RE = lazy(rb"<TYPE>\s*([^\s<]+)", re.IGNORECASE)
_TEXT_RE = lazy(rb"<TEXT>(.*?)(?:</TEXT>|$)", re.DOTALL | re.IGNORECASE)


def decode(data: bytes) -> str:
    head = data[:4000].lower()
    m = re.search(rb"charset=[\"']?([a-z0-9_-]+)", head)
    enc = m.group(1).decode() if m else "utf-8"
    try:
        return data.decode(enc)
    except (LookupError, UnicodeDecodeError):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("cp1252", "replace")


def main_document(data: bytes, form: str | None = None) -> tuple[bytes, str | None]:
    """The primary document of an SGML submission (``<DOCUMENT><TYPE>10-K...``) and its type.

    Data that is not an SGML submission is returned unchanged with type None.
    """
    if b"<DOCUMENT>" not in data[:200000].upper():
        return data, None
    docs = _DOC_RE.findall(data)
    if not docs:
        return data, None
    chosen = docs[0]
    if form:
        want = form.upper().encode()
        for d in docs:
            m = _TYPE_RE.search(d)
            if m and m.group(1).upper() in (want, want + b"/A"):
                chosen = d
                break
    m = _TYPE_RE.search(chosen)
    body = _TEXT_RE.search(chosen)
    return (body.group(1) if body else chosen), (m.group(1).decode("ascii", "replace") if m else None)


def looks_like_html(data: bytes) -> bool:
    head = data[:200000].lower()
    if re.search(rb"<(html|body)[\s>]", head):
        return True
    return len(re.findall(rb"<(?:p|div|font|br|td)[\s>/]", head)) >= 5


_TEXT_PAGE_RE = lazy(r"^\s*(<PAGE>\s*\d*|-\s*\d+\s*-|\d{1,3}|page\s+\d+|[A-Z]-\d{1,3})\s*$", re.IGNORECASE)


def text_to_document(text: str) -> TextDocument:
    """Blocks of a plain-text filing: one block per line (indentation kept); a blank line between paragraphs.

    ``<TABLE>`` ... ``</TABLE>`` regions of old SGML filings are marked as tables.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    raw: list[_Raw] = []
    pending_break = False
    table = -1
    tables = 0
    for line in text.split("\n"):
        line = _ZERO_WIDTH_RE.sub("", line).replace("\u00a0", " ").rstrip()
        tag = line.strip().upper()
        if tag.startswith("<TABLE"):
            table, tables = tables, tables + 1
            pending_break = True
            continue
        if tag.startswith("</TABLE"):
            table = -1
            pending_break = True
            continue
        if not tag or _TEXT_PAGE_RE.match(line) or tag.startswith("<PAGE>"):
            pending_break = True
            continue
        if re.fullmatch(r"</?[A-Z-]+>", tag):  # stray SGML tags (<S>, <C>, <CAPTION>, <FN>)
            continue
        if "<S>" in line or "<C>" in line:
            line = re.sub(r"<[SC]>", "   ", line).rstrip()
            if not line.strip():
                continue
        flags = PAGE_BREAK if pending_break else 0
        if table >= 0:
            flags |= IN_TABLE
        indent = len(line) - len(line.lstrip())
        if indent >= 10 and len(tag) < 80:
            flags |= CENTERED
        raw.append(_Raw(line, flags, [], [], table))
        pending_break = False
    parts: list[str] = []
    blocks: list[tuple[int, int, int, int]] = []
    pos = 0
    for r in raw:
        if parts:
            sep = "\n\n" if r.flags & PAGE_BREAK else "\n"
            parts.append(sep)
            pos += len(sep)
        blocks.append((pos, pos + len(r.text), r.flags & ~PAGE_BREAK, r.table))
        parts.append(r.text)
        pos += len(r.text)
    return TextDocument(text="".join(parts), blocks=blocks, kind="text")


def to_document(data: bytes, form: str | None = None) -> TextDocument:
    """Any filing document (HTML, inline XBRL, .txt submission, plain text) to a TextDocument."""
    body, _type = main_document(data, form)
    if looks_like_html(body):
        return html_to_document(body)
    return text_to_document(decode(body))


_DEI_TYPE_RE = lazy(rb"name=\"dei:DocumentType\"[^>]*>\s*(?:<[^>]+>\s*)*([0-9A-Za-z/-]{3,10})", re.IGNORECASE)
_SGML_TYPE_RE = lazy(rb"CONFORMED SUBMISSION TYPE:\s*([0-9A-Z/-]+)")
_COVER_FORM_RE = lazy(r"\bFORM\s+(10-K(?:405|T|SB)?|10-Q(?:T|SB)?|20-F|40-F|8-K)\b", re.IGNORECASE)


def detect_form(data: bytes, doc: TextDocument | None = None) -> str | None:
    """The form type a document declares (inline XBRL dei:DocumentType, SGML header, or its cover page)."""
    m = _DEI_TYPE_RE.search(data[:3_000_000])
    if m:
        return m.group(1).decode("ascii", "replace").upper()
    m = _SGML_TYPE_RE.search(data[:5000])
    if m:
        return m.group(1).decode("ascii", "replace")
    if doc is not None:
        cover = _COVER_FORM_RE.search(doc.text[:8000])
        if cover:
            return cover.group(1).upper()
    return None

"""Section text to chunks of about 400-500 tokens that respect paragraphs, with some overlap.

The section text is what ``get_filing_section`` returns: paragraphs separated by
blank lines, table rows by single newlines. A chunk is a run of whole
paragraphs; the last paragraph(s) of a chunk, up to ``OVERLAP`` tokens, open the
next one. A paragraph longer than ``MAX_TOKENS`` is cut between its lines (a
table) or between sentences (prose), and a sentence longer than that between
words. Every chunk keeps the 1-based range of section lines it came from.

Tokens are counted as words and punctuation marks (``[^\\W_]+|[^\\w\\s]``), about
what a sub-word tokenizer gives for English prose (a little fewer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CHUNKER_VERSION = "2"  # bump when chunk boundaries change: filings indexed before are re-indexed
TARGET_TOKENS = 450
MAX_TOKENS = 520
OVERLAP = 80
MIN_TAIL = 60  # a last chunk with fewer new tokens than this joins the one before

_TOKEN_RE = re.compile(r"[^\W_]+|[^\w\s]")
_SENTENCE_RE = re.compile(r"(?<=[.!?;:])\s+(?=[\"'\u201c(]?[A-Z0-9\u2022•])")


def count_tokens(text: str) -> int:
    return len(_TOKEN_RE.findall(text))


@dataclass(frozen=True)
class Chunk:
    position: int  # 0-based order in the section
    line_start: int  # 1-based, inclusive
    line_end: int
    text: str
    tokens: int
    fresh: int = 0  # character offset in text where the text not repeated from the chunk before starts
    heading: str = ""  # the nearest sub-heading at or above the chunk's new text


_HEADING_END_RE = re.compile(r"[.;,]$")
MAX_HEADING_WORDS = 12


def is_heading(line: str) -> bool:
    """A line that reads as a sub-heading: short, not a table row, no sentence end, starting with a capital,
    most words capitalised ("Human Capital", "Share Repurchase Program", "RESULTS OF OPERATIONS")."""
    t = line.strip()
    if not t or " | " in t or len(t) > 120 or _HEADING_END_RE.search(t) or not (t[0].isupper() or t[0].isdigit()):
        return False
    ws = [w for w in re.findall(r"[^\W\d_][\w'’&-]*", t)]
    if not ws or len(ws) > MAX_HEADING_WORDS:
        return False
    small = {"and", "or", "of", "the", "a", "an", "in", "on", "for", "to", "by", "with", "from", "at", "as", "our"}
    caps = sum(1 for w in ws if w[0].isupper() or w.lower() in small)
    return caps / len(ws) >= 0.75 and not t.lower().startswith(("table of contents", "page "))


def headings(text: str) -> list[tuple[int, str]]:
    """(1-based line, text) of the lines of a section's text that read as sub-headings, in order."""
    return [(i, ln.strip()) for i, ln in enumerate(text.split("\n"), start=1) if is_heading(ln)]


@dataclass(frozen=True)
class _Unit:
    line_start: int
    line_end: int
    text: str
    tokens: int


def _split_words(text: str, line: int) -> list[_Unit]:
    words, out, cur = text.split(" "), [], []
    for w in words:
        cur.append(w)
        if count_tokens(" ".join(cur)) >= TARGET_TOKENS:
            out.append(" ".join(cur))
            cur = []
    if cur:
        out.append(" ".join(cur))
    return [_Unit(line, line, t, count_tokens(t)) for t in out]


def _split_line(text: str, line: int) -> list[_Unit]:
    """One long line (a paragraph) cut between sentences into pieces of at most TARGET_TOKENS."""
    pieces: list[_Unit] = []
    cur: list[str] = []
    cur_tok = 0
    for sentence in _SENTENCE_RE.split(text):
        n = count_tokens(sentence)
        if n > MAX_TOKENS:
            if cur:
                pieces.append(_Unit(line, line, " ".join(cur), cur_tok))
                cur, cur_tok = [], 0
            pieces.extend(_split_words(sentence, line))
            continue
        if cur and cur_tok + n > TARGET_TOKENS:
            pieces.append(_Unit(line, line, " ".join(cur), cur_tok))
            cur, cur_tok = [], 0
        cur.append(sentence)
        cur_tok += n
    if cur:
        pieces.append(_Unit(line, line, " ".join(cur), cur_tok))
    return pieces


def _units(text: str) -> list[_Unit]:
    """Paragraphs (runs of non-blank lines), long ones cut into pieces."""
    lines = text.split("\n")
    units: list[_Unit] = []
    para: list[tuple[int, str]] = []

    def flush() -> None:
        if not para:
            return
        body = "\n".join(t for _, t in para)
        n = count_tokens(body)
        if n <= MAX_TOKENS:
            units.append(_Unit(para[0][0], para[-1][0], body, n))
        else:  # a table or a long paragraph: group its lines, cut a long line by sentences
            group: list[tuple[int, str]] = []
            g_tok = 0
            for ln, t in para:
                n_line = count_tokens(t)
                if n_line > MAX_TOKENS:
                    if group:
                        units.append(_Unit(group[0][0], group[-1][0], "\n".join(x for _, x in group), g_tok))
                        group, g_tok = [], 0
                    units.extend(_split_line(t, ln))
                    continue
                if group and g_tok + n_line > TARGET_TOKENS:
                    units.append(_Unit(group[0][0], group[-1][0], "\n".join(x for _, x in group), g_tok))
                    group, g_tok = [], 0
                group.append((ln, t))
                g_tok += n_line
            if group:
                units.append(_Unit(group[0][0], group[-1][0], "\n".join(x for _, x in group), g_tok))
        para.clear()

    for i, line in enumerate(lines, start=1):
        if line.strip():
            para.append((i, line.strip()))
        else:
            flush()
    flush()
    return [u for u in units if u.tokens > 0]


def _join(units: list[_Unit]) -> str:
    parts: list[str] = []
    for k, u in enumerate(units):
        if k:
            prev = units[k - 1]
            parts.append(
                " " if prev.line_end == u.line_start else "\n" if u.line_start == prev.line_end + 1 else "\n\n"
            )
        parts.append(u.text)
    return "".join(parts)


def chunk_text(text: str) -> list[Chunk]:
    """The chunks of one section's text, in order; deterministic for the same text."""
    units = _units(text)
    groups: list[list[_Unit]] = []
    fresh: list[int] = []  # tokens in each group that are not overlap
    cur: list[_Unit] = []
    cur_tok = new_tok = 0
    for u in units:
        if cur and cur_tok + u.tokens > MAX_TOKENS and new_tok > 0:
            groups.append(cur)
            fresh.append(new_tok)
            overlap: list[_Unit] = []
            o_tok = 0
            for prev in reversed(cur):
                if o_tok + prev.tokens > OVERLAP or len(overlap) + 1 >= len(cur):
                    break
                overlap.insert(0, prev)
                o_tok += prev.tokens
            if o_tok + u.tokens > MAX_TOKENS:
                overlap, o_tok = [], 0
            cur, cur_tok, new_tok = list(overlap), o_tok, 0
        cur.append(u)
        cur_tok += u.tokens
        new_tok += u.tokens
    if cur and new_tok > 0:
        if groups and new_tok < MIN_TAIL:
            tail = [u for u in cur if u not in groups[-1]]
            groups[-1] = groups[-1] + tail
        else:
            groups.append(cur)
    heads = headings(text)
    out: list[Chunk] = []
    for i, g in enumerate(groups):
        body = _join(g)
        n_old = len([u for u in g if i and u in groups[i - 1]])  # overlap units open the group
        fresh_at = len(_join(g[:n_old])) + (1 if n_old else 0) if n_old < len(g) else 0
        first_new = g[n_old].line_start if n_old < len(g) else g[0].line_start
        head = ""
        for ln, h in heads:
            if ln > first_new:
                break
            head = h
        out.append(
            Chunk(
                position=i,
                line_start=g[0].line_start,
                line_end=g[-1].line_end,
                text=body,
                tokens=sum(u.tokens for u in g),
                fresh=fresh_at,
                heading=head,
            )
        )
    return out

"""Queries to FTS5 phrase expressions, phrase checks and excerpts with marked words (the ranking itself is
edgar_cli.index.retrieval).

User text never reaches FTS5 as syntax: a query is cut into words (runs of
letters and digits, as FTS5's unicode61 tokenizer cuts them) and each word is
written as a quoted string, so quotes, ``*``, ``-``, ``:``, parentheses, ``NEAR``,
``AND``/``OR``/``NOT`` are plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .analysis import QUESTION_STOPWORDS as STOPWORDS
from .analysis import WORD_RE, words

_SPACE_RE = re.compile(r"\s+")
# Words of a company's name that do not name it ("Apple Inc.", "NVIDIA CORP", "The Coca-Cola Co").
NAME_NOISE = frozenset(
    """
    inc incorporated corp corporation co company companies ltd limited plc llc lp sa ag nv the and of group
    holdings holding
    """.split()
)


def _quote(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def keywords(query: str) -> list[str]:
    """The words a ranked search looks for: without stopwords, unless nothing else is left; no repeats."""
    ws = list(dict.fromkeys(words(query)))
    kept = [w for w in ws if w not in STOPWORDS]
    return kept or ws


def without_names(text: str, names: list[str]) -> str:
    """``text`` with the words of the given company names and tickers taken out (with a possessive 's)."""
    drop = {w for n in names for w in words(n) if w not in NAME_NOISE}
    if not drop:
        return text
    pattern = re.compile(
        r"(?<![^\W_])(?:"
        + "|".join(re.escape(w) for w in sorted(drop, key=len, reverse=True))
        + r")(?:['\u2019]s)?(?![^\W_])",
        re.IGNORECASE,
    )
    return _SPACE_RE.sub(" ", pattern.sub(" ", text)).strip()


def fts_query(terms: list[str], mode: str) -> str:
    """``all`` (every word), ``any`` (at least one) or ``phrase`` (consecutive, in order)."""
    if not terms:
        return ""
    if mode == "phrase":
        return _quote(" ".join(terms))
    return (" OR " if mode == "any" else " ").join(_quote(t) for t in terms)


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """A light suffix strip, close enough to FTS5's Porter stemmer to mark the words it matched."""
    for suf in (
        "ational",
        "ization",
        "ations",
        "ation",
        "ities",
        "ments",
        "ment",
        "ings",
        "ing",
        "ies",
        "ied",
        "ers",
        "er",
        "ed",
        "es",
        "ly",
        "s",
    ):
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            return word[: len(word) - len(suf)]
    return word


def flatten(text: str) -> str:
    """Whitespace (line breaks included) collapsed to single spaces: excerpts are one line."""
    return _SPACE_RE.sub(" ", text).strip()


def find_phrase(text: str, phrase: list[str]) -> list[tuple[int, int]]:
    """Character spans in ``text`` where the words of ``phrase`` occur consecutively and in order,
    ignoring case and punctuation."""
    if not phrase:
        return []
    toks = [(m.group().lower(), m.start(), m.end()) for m in WORD_RE.finditer(text)]
    n = len(phrase)
    spans = []
    for i in range(len(toks) - n + 1):
        if toks[i][0] == phrase[0] and all(toks[i + k][0] == phrase[k] for k in range(1, n)):
            spans.append((toks[i][1], toks[i + n - 1][2]))
    return spans


def find_terms(text: str, terms: list[str]) -> list[tuple[int, int, str]]:
    """Spans of words in ``text`` that match a query term (same word or same light stem)."""
    wanted = {t: _stem(t) for t in terms}
    stems = set(wanted.values())
    out = []
    for m in WORD_RE.finditer(text):
        w = m.group().lower()
        if w in wanted:
            out.append((m.start(), m.end(), w))
        else:
            s = _stem(w)
            if s in stems and len(s) >= 3:
                out.append((m.start(), m.end(), next(t for t, st in wanted.items() if st == s)))
    return out


@dataclass
class Excerpt:
    text: str
    marks: list[tuple[int, int]]  # character spans in text of the matched words or phrase


def excerpt(
    chunk_text: str,
    terms: list[str],
    max_chars: int,
    phrase: list[str] | None = None,
    rarest_first: list[str] | None = None,
) -> Excerpt:
    """The window of at most ``max_chars`` of the chunk (whitespace flattened) holding the most distinct
    matched words, or the first occurrence of ``phrase``, cut at word boundaries, "…" where text was cut.
    Between windows holding as many words, the one holding the rarer ones wins (``rarest_first``: the terms,
    rarest first; default the query's order), so a reader sees the word that made the passage match."""
    text = flatten(chunk_text)
    if phrase:
        spans = [(s, e, "phrase") for s, e in find_phrase(text, phrase)]
    else:
        spans = find_terms(text, terms)
    if len(text) <= max_chars:
        lo, hi = 0, len(text)
    elif not spans:
        lo, hi = 0, max_chars
    else:
        lo, hi = _best_window(text, spans, max_chars, rarest_first or terms)
    inside = [(s, e) for s, e, _ in spans if s >= lo and e <= hi]
    if lo > 0:  # start at a word boundary, never after the first mark
        sp = text.find(" ", lo, min(len(text), lo + 40))
        if sp != -1 and (not inside or sp < inside[0][0]):
            lo = sp + 1
    sentence = _sentence_end(text, lo, hi, [x for x in spans if x[0] >= lo and x[1] <= hi]) if hi < len(text) else None
    if sentence is not None:  # end at a sentence's end when one is near (the window moved to it, marks kept)
        lo, hi = sentence
        if lo > 0 and text[lo - 1] != " ":  # moved on: start at a word boundary again, before the marks kept
            sp = text.find(" ", lo, min(len(text), lo + 40))
            kept = [s for s, _e in inside if s >= lo]
            if sp != -1 and (not kept or sp < kept[0]):
                lo = sp + 1
    elif hi < len(text):  # end at a word boundary, never before the last mark
        sp = text.rfind(" ", max(lo, hi - 40), hi)
        if sp != -1 and (not inside or sp >= max(e for _, e in inside)):
            hi = sp
    head = "…" if lo > 0 else ""
    tail = "…" if hi < len(text) else ""
    body = text[lo:hi].strip()
    shift = len(head) - lo - (len(text[lo:hi]) - len(text[lo:hi].lstrip()))
    marks = [(s + shift, e + shift) for s, e, _ in spans if s >= lo and e <= hi]
    return Excerpt(head + body + tail, marks)


SENTENCE_NEAR = 120  # how far (characters) before or after a cut an excerpt looks for a sentence's end
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z\"\u201c(]|$)")


def _sentence_end(text: str, lo: int, hi: int, inside: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The window ``lo``..``hi`` moved to end just after a sentence's end within SENTENCE_NEAR characters of
    ``hi``, whichever is nearest: back (never before the last mark in it) or on (the start moved on as much, while
    the window still holds every matched word it held); None when no sentence ends near enough."""
    last = max((e for _, e, _ in inside), default=lo)
    held = {t for _, _, t in inside}
    best: tuple[int, int] | None = None
    for m in _SENTENCE_END.finditer(text):
        end = m.end()
        if end < hi - SENTENCE_NEAR or end <= lo:
            continue
        if end > hi + SENTENCE_NEAR:
            break
        if end <= hi:
            if end < last:
                continue
            option = (lo, end)
        else:
            start = lo + end - hi
            if {t for s, e, t in inside if s >= start} != held:
                break
            option = (start, end)
        if best is None or abs(option[1] - hi) < abs(best[1] - hi):
            best = option
    return best


def _best_window(text: str, spans: list[tuple[int, int, str]], width: int, rarest_first: list[str]) -> tuple[int, int]:
    """Start the window a little before the span run that covers the most distinct terms within ``width``,
    between as many the rarer terms (``rarest_first``), then the most matched words."""
    best = spans[0]
    best_key: tuple[int, tuple[bool, ...], int] = (-1, (), -1)
    for i, (s, _e, _t) in enumerate(spans):
        seen, count, k = set(), 0, i
        while k < len(spans) and spans[k][1] - s <= width - 40:
            seen.add(spans[k][2])
            count += 1
            k += 1
        key = (len(seen), tuple(t in seen for t in rarest_first), count)
        if key > best_key:
            best, best_key = spans[i], key
    start = best[0]
    end_needed = max(e for s, e, _ in spans if s >= start and e - start <= width - 40) if best_key[2] > 0 else best[1]
    slack = max(0, width - (end_needed - start))
    lo = max(0, start - min(slack // 3, 160))
    hi = min(len(text), lo + width)
    lo = max(0, hi - width)
    return lo, hi

"""Company names as words, and how well a query's words name a company.

A name is reduced to its words (:func:`name_words`): lower-case ASCII, ``&`` ->
``and``, punctuation to spaces, runs of single letters joined ("J.P. Morgan" ->
``jp morgan``, "U.S. Bancorp" -> ``us bancorp``), EDGAR's state or class tag
dropped ("FIRST UNITED CORP/MD/", "US BANCORP \\DE\\", "Nagase & Co., Ltd./ADR"),
a leading "the" and trailing legal-form words dropped ("Inc", "Corp", "Co",
"Ltd", "plc", "S.A.", "& Co"). Words that describe the company ("Group",
"Holding", "Trust", "Bancorp", "Fund") stay: "MORGAN GROUP HOLDING CO" is
``morgan group holding``, never ``morgan``, so a one-word query cannot equal it.

A query's words match a name's in one of four tiers (:class:`Tier`), compared
with spaces removed so that "ExxonMobil" and "Exxon Mobil", "JP Morgan" and
"JPMorgan" are the same words, but always cut at word boundaries of the name,
so that "Ford" never matches inside "Hartford":

- ``EXACT``: the same words.
- ``LEADING``: the query's words begin the name ("Morgan" -> ``morgan stanley``).
- ``WORDS``: the query's words are whole words further inside the name
  ("Hathaway" -> ``berkshire hathaway``), or, two words or more, all of them in
  any order ("Charles Schwab" -> ``schwab charles``).
- ``SIMILAR``: none of these; only a character-level likeness (a typo, or a
  different company whose name is spelled alike: "Stripe" and "Stride").

Within a tier the score orders candidates by how much of the name the query
covers; it does not make one match better than another of the same tier.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

# Words that name a legal form, not the company; dropped at the end of a name (and "the" at its start).
LEGAL_FORMS = frozenset(
    {
        "inc",
        "incorporated",
        "corp",
        "corporation",
        "co",
        "company",
        "cos",
        "companies",
        "ltd",
        "limited",
        "plc",
        "llc",
        "lp",
        "llp",
        "lllp",
        "sa",
        "ag",
        "aktiengesellschaft",
        "nv",
        "se",
        "spa",
        "ab",
        "asa",
        "as",
        "bv",
        "kk",
        "sab",
        "de",
        "cv",
        "ltda",
        "pte",
        "pty",
        "oyj",
        "kgaa",
        "gmbh",
        "srl",
        "com",
    }
)
_TAG = re.compile(r"\s*[/\\]\s*[a-z]{1,3}\s*[/\\]?\s*$")  # "/MD/", "\DE\", "/ MA", "/ADR", "/NEW/", "/FI"
_NOT_WORD = re.compile(r"[^a-z0-9]+")
# What _NOT_WORD.sub(" ", text).split() gives for ASCII text, without the regex: every other ASCII character a space,
# as a table for bytes.translate (a str.translate with a dict looks each character up in the dict: it was some
# two fifths of building the ticker file's 8,000 names' words).
_NOT_WORD_TO_SPACE = bytes(c if _NOT_WORD.fullmatch(chr(c)) is None else 32 for c in range(256))


class Tier(IntEnum):
    """How a query's words relate to a name; a higher tier is a better match."""

    SIMILAR = 1
    WORDS = 2
    LEADING = 3
    EXACT = 4


@dataclass(frozen=True)
class Words:
    """A name (or query) as words, with the same words run together and the offsets where words meet."""

    words: tuple[str, ...]
    squashed: str
    bounds: tuple[int, ...]  # 0, end of word 1, end of word 2, ... len(squashed)

    @classmethod
    def of(cls, words: tuple[str, ...] | list[str]) -> Words:
        words = tuple(words)
        bounds = [0]
        for w in words:
            bounds.append(bounds[-1] + len(w))
        return cls(words, "".join(words), tuple(bounds))

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def words_between(self, start: int, end: int) -> int:
        """How many whole words lie between two word boundaries."""
        return bisect_right(self.bounds, end) - bisect_right(self.bounds, start)


@dataclass(frozen=True)
class Match:
    tier: Tier
    score: float  # 0-1; orders candidates within a tier


def name_words(name: str) -> tuple[str, ...]:
    """The words of a company name, without its legal form; never empty for a name with a letter or digit.

    ``"The Coca-Cola Company"`` -> ``("coca", "cola")``; ``"AMAZON COM INC"`` ->
    ``("amazon",)``; ``"MORGAN GROUP HOLDING CO"`` -> ``("morgan", "group", "holding")``.
    """
    tokens = _tokens(name)
    if len(tokens) > 1 and tokens[0] == "the":
        tokens.pop(0)
    while len(tokens) > 1 and (tokens[-1] in LEGAL_FORMS or tokens[-1] == "and"):
        tokens.pop()
    return tuple(tokens)


def _tokens(name: str) -> list[str]:
    if name.isascii():  # NFKD and the ASCII filter leave ASCII text as it is (most of the ticker file's names)
        text = name.lower().strip()
    else:
        text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().strip()
    if "/" in text or "\\" in text:
        text = _TAG.sub("", text)
    text = text.replace("&", " and ").replace("'", "").replace("\u2019", "")
    # ASCII by now: _NOT_WORD's runs to spaces
    return join_initials(text.encode("ascii").translate(_NOT_WORD_TO_SPACE).decode("ascii").split())


def join_initials(words: Iterable[str]) -> list[str]:
    """The words with each run of single letters joined into one word: ``i b m corp`` -> ``ibm corp``."""
    out: list[str] = []
    run = False  # is out[-1] a run of single letters?
    for tok in words:
        single = len(tok) == 1 and tok.isalpha()
        if single and run:
            out[-1] += tok
        else:
            out.append(tok)
        run = single
    return out


def words_of(name: str) -> Words:
    return Words.of(name_words(name))


def match_words(query: Words, name: Words) -> Match | None:
    """The tier and score of ``query`` against ``name`` on whole words; None when no whole words match."""
    q, n = query.squashed, name.squashed
    if not q or not n:
        return None
    if q == n:
        return Match(Tier.EXACT, 1.0)
    size = len(name.words)
    end = len(q)
    if n.startswith(q) and end in name.bounds:
        return Match(Tier.LEADING, round(0.80 + 0.15 * name.words_between(0, end) / size, 4))
    at = n.find(q, 1)
    while at != -1:
        if at in name.bounds and at + end in name.bounds:
            if _names_another_issuer(name, at):
                return Match(Tier.SIMILAR, 0.5)
            return Match(Tier.WORDS, round(0.70 + 0.15 * name.words_between(at, at + end) / size, 4))
        at = n.find(q, at + 1)
    if len(query.words) >= 2 and set(query.words) <= set(name.words):
        return Match(Tier.WORDS, round(0.70 + 0.15 * len(set(query.words)) / size, 4))
    return None


# Trusts that hold another issuer's securities are named after it: "STRATS SM TRUST FOR WAL-MART STORES, INC.
# SECURITIES", "CORTS TR FOR PECO ENERGY CAP TR III". The words after "for" name that issuer, not the trust.
_REFERENCE_TRUST = frozenset({"securities", "sec", "corts", "strats"})


def _names_another_issuer(name: Words, at: int) -> bool:
    """Do the name's words from offset ``at`` follow "for" in a trust named after another issuer's securities?"""
    i = name.bounds.index(at)
    return i > 0 and name.words[i - 1] == "for" and bool(_REFERENCE_TRUST & set(name.words))


def similarity(query: Words, name: Words) -> Match:
    """A character-level likeness (0-0.9): for typos, and to show names that are merely spelled alike."""
    from rapidfuzz import fuzz

    return Match(Tier.SIMILAR, round(0.9 * fuzz.ratio(query.text, name.text) / 100.0, 4))


def score(query: Words, name: Words) -> Match:
    """:func:`match_words`, else :func:`similarity`."""
    return match_words(query, name) or similarity(query, name)

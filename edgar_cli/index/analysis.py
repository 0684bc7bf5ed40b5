"""Words to index terms, the same way for chunks and queries: lower case, Snowball (Porter2) English stems,
function words dropped.

A word is a run of letters and digits (as FTS5's unicode61 tokenizer cuts them), so
"10-K" is "10" and "k", "J&J" is "j" and "j", "$1.3 billion" is "1", "3", "billion".
Stems come from ``snowballstemmer`` (the Porter2 algorithm; it uses PyStemmer's C
code when that is installed), cached per process.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

WORD_RE = re.compile(r"[^\W_]+")  # a word: a run of letters and digits, as FTS5's unicode61 tokenizer cuts them

# Words that carry no topic in a question ("How much did Apple spend on ...?"): dropped from ranked queries.
QUESTION_STOPWORDS = frozenset(
    """
    a an and are as at be been being but by can could did do does doing for from had has have having how if in
    into is it its it's of on or our over say said says should so than that the their theirs them then there
    these they this those to under up was we were what when where which while who whom whose why will with would
    about any all also much many tell me describe explain give list please there's i you your us done get got
    just like make made more most other some such very s t d ll re ve m
    """.split()
)
# ... and function words besides: not indexed, not searched.
STOPWORDS = QUESTION_STOPWORDS | frozenset(
    """
    may might must shall not no own out each both only same too here because through during before after above
    below between again further once off
    """.split()
)


def words(text: str) -> list[str]:
    """The words of ``text``, lower-cased, in order."""
    return [w.lower() for w in WORD_RE.findall(text or "")]


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The Porter2 stem of a lower-case word; numbers and one-letter words unchanged."""
    if len(word) < 3 or word.isdigit():
        return word
    return _stemmer().stemWord(word)


def terms(text: str) -> list[str]:
    """Index terms of ``text`` in order: stems of the words that are not stopwords."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def term_counts(text: str) -> tuple[Counter, int]:
    """(term -> count, number of terms) of ``text``."""
    ts = terms(text)
    return Counter(ts), len(ts)

"""Ranking companies by name: which ticker-file companies a name matches, and whether one of them is the answer.

The rule (docs/resolver.md; capabilities/resolve/resolve.py states it in full): the best whole-word tier wins
(exact over leading over words); among that tier the largest by market value (first in the SEC's ticker file)
is chosen when every other is :data:`PROMINENCE_RATIO` times further down the file, and a company that much
larger matching in a lower whole-word tier makes the name ambiguous. Nothing here imports pydantic: the
resolver builds its result and errors from a :class:`NameChoice`, and the warm fast path (cli/fastpath.py)
takes its chosen company.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import successors
from .names import Match, Tier, Words, match_words, words_of
from .tickers import CompanyEntry, TickerMap

PROMINENCE_RATIO = 10  # this many times further down the market-value order is "much smaller"
# What a ticker looks like when typed as one: 1-5 capitals, perhaps with a class ("BRK.B", "BF-B"); such a query
# that is no current ticker is refused, never read as a name.
TICKER_SHAPED = re.compile(r"[A-Z]{1,5}(?:[.\-/ ][A-Z]{1,2})?")


@dataclass(frozen=True)
class Scored:
    """A company and how a query matched it (through a predecessor's name when ``via`` is set)."""

    entry: CompanyEntry
    match: Match
    via: successors.Entry | successors.Rename | None = None

    @property
    def tier(self) -> Tier:
        return self.match.tier

    @property
    def score(self) -> float:
        return self.match.score

    @property
    def rank(self) -> int:
        return self.entry.rank


def rank_names(query: str, tmap: TickerMap, similar: int = 20) -> list[Scored]:
    """Every company whose name matches ``query`` on whole words, plus the ``similar`` most alike by spelling.

    One row per CIK (its best match, over its name and any predecessor's name),
    best tier first, then by market-value order (similar spellings by score).
    """
    q = words_of(query)
    if not q.squashed:
        return []
    best: dict[int, Scored] = {}

    def consider(entry: CompanyEntry, words: Words, via: successors.Entry | successors.Rename | None = None) -> None:
        if q.squashed not in words.squashed and not (len(q.words) > 1 and q.words[0] in words.words):
            return
        m = match_words(q, words)
        if m is not None and (
            entry.cik not in best or (m.tier, m.score) > (best[entry.cik].tier, best[entry.cik].score)
        ):
            best[entry.cik] = Scored(entry, m, via)

    # only the companies whose line holds the query's words can pass consider()'s first test: built alone
    for entry in tmap.entries_holding((q.squashed,) + ((q.words[0],) if len(q.words) > 1 else ())):
        consider(entry, entry.words)
    for reorg in successors.reorganisations():
        successor = tmap.by_cik(reorg.successor_cik)
        if successor is not None:
            consider(successor, words_of(reorg.predecessor_name), reorg)
    for rename in successors.renames():
        renamed = tmap.by_cik(rename.cik)
        if renamed is not None:
            consider(renamed, words_of(rename.former_name), rename)
    if similar:
        from rapidfuzz import fuzz, process

        for _text, ratio, cik in process.extract(q.text, tmap.texts, scorer=fuzz.ratio, limit=similar, score_cutoff=60):
            if cik not in best:
                best[cik] = Scored(tmap.by_cik(cik), Match(Tier.SIMILAR, round(0.9 * ratio / 100.0, 4)))  # type: ignore[arg-type]
    return sorted(best.values(), key=lambda s: (-s.tier, -s.score if s.tier == Tier.SIMILAR else 0, s.rank))


@dataclass(frozen=True)
class NameChoice:
    """What a name query matched: ``scored`` (rank_names' rows), the ``contenders`` of the best whole-word tier
    (largest first), the ``larger`` companies in a lower tier that outrank them, and the ``chosen`` one; None
    when no company matches on whole words (no contenders) or the name is ambiguous (contenders)."""

    scored: list[Scored]
    chosen: Scored | None
    contenders: list[Scored] = field(default_factory=list)
    larger: list[Scored] = field(default_factory=list)


def choose_name(text: str, tmap: TickerMap, similar: int = 20) -> NameChoice:
    """The company the name ``text`` stands for, by the rule above (``similar``: as rank_names', which adds the
    names spelled alike that a not-found error lists; they never change which company is chosen)."""
    scored = rank_names(text, tmap, similar)
    accepted = [s for s in scored if s.tier >= Tier.WORDS]
    if not accepted:
        return NameChoice(scored, None)
    tier = max(s.tier for s in accepted)
    contenders = sorted((s for s in accepted if s.tier == tier), key=lambda s: s.rank)
    floor = contenders[0].rank
    larger = [s for s in accepted if Tier.WORDS <= s.tier < tier and s.rank * PROMINENCE_RATIO <= floor]
    if larger or (len(contenders) > 1 and contenders[1].rank < PROMINENCE_RATIO * floor):
        return NameChoice(scored, None, contenders, larger)
    return NameChoice(scored, contenders[0], contenders)

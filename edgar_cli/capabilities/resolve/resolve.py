"""Company resolution: a ticker, a CIK or a company name to one CIK.

Tickers and CIKs match exactly and are never a guess. A short all-capitals
query that is not a current ticker is refused, never read as a name guess. A
name is matched on whole words (``companies/names.py``), and when several
companies match it equally well the SEC's market-value order decides, or the
resolver refuses to choose. The rule, with examples, is in docs/resolver.md:

1. The best tier of match wins: the same words (exact) over words that begin
   the name (leading) over whole words inside it (words). A name that shares
   no whole words with the query is never taken, however alike the spelling
   ("Koch Industries" is not KVH Industries, "Stripe" is not Stride): it is
   ``not_found``, with the names spelled alike in ``similar_names``.
2. Among the companies in that tier, the largest by market value (first in the
   SEC's ticker file) is the answer when every other is at least
   :data:`PROMINENCE_RATIO` times further down the file; otherwise the name is
   ``ambiguous`` and the comparably large ones lead the candidates.
3. A better match loses its claim when a company ten times larger matches in
   a lower whole-word tier ("Invesco": Invesco Ltd. is the exact name, the
   Invesco QQQ Trust is 18 times larger; "Chase": Chase Packaging begins with
   it, JPMorgan Chase contains it): that is ``ambiguous`` too.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import Field

from ...companies import aliases, successors
from ...companies.names import Tier, words_of
from ...companies.ranking import PROMINENCE_RATIO, TICKER_SHAPED, Scored, choose_name, rank_names
from ...companies.tickers import (
    CompanyEntry,
    TickerMap,
    checked_query,
    exact_match,
    load_ticker_map,
    normalize_ticker,
    parse_cik,
)
from ...errors import EdgarError
from ...models.companies import Reorganisation
from ...sec import urls
from ...sec.client import SecClient, get_client
from ...vocabulary import surface, tool
from .model import Candidate, MatchType, ResolvedCompany

__all__ = ["resolve_company", "rank_names", "parse_cik", "normalize_ticker", "load_ticker_map"]

SUGGEST_SCORE = 0.55  # a likeness this close is shown (as a different company) when nothing matches
DID_YOU_MEAN_SCORE = 0.7  # and this close offered to a person as their typo (Nvida, Tesal; not Twitter -> INTR)
OTHER_MATCHES = 5
CANDIDATES = 10


def _match_type(s: Scored) -> MatchType:
    """How a ranked name matched, as a candidate or result says it."""
    if isinstance(s.via, successors.Rename):
        return "former_name"
    if s.via is not None:
        return "predecessor_name"
    by_tier: dict[Tier, MatchType] = {
        Tier.EXACT: "name_exact",
        Tier.LEADING: "name_words",
        Tier.WORDS: "name_words",
    }
    return by_tier.get(s.tier, "name_similar")


def _candidate(s: Scored) -> Candidate:
    return _candidate_of(s.entry, s.score, _match_type(s))


def _candidate_of(e: CompanyEntry, score: float, match_type: MatchType) -> Candidate:
    """A ticker-file company as a candidate."""
    return Candidate(**_company_fields(e), score=score, match_type=match_type)


def _company_fields(e: CompanyEntry) -> dict[str, Any]:
    """A ticker-file company's fields in a Candidate or ResolvedCompany (cik, name, tickers, exchange,
    ticker_file_position); rank 0 (not from the ticker file's order) is no rank."""
    return {
        "cik": urls.pad_cik(e.cik),
        "name": e.name,
        "tickers": list(e.tickers),
        "exchange": e.exchange,
        "ticker_file_position": e.rank or None,
    }


def _describe(s: Scored) -> str:
    return f"{s.entry.name} (CIK {s.entry.cik}{_where(s.entry)})"


def _where(e: CompanyEntry) -> str:
    # The ticker file's order is a hint of size, not a ranking to quote: foreign issuers sit out of value order
    # (TSMC is 7,014th), so a message names the ticker, never the position.
    return f", {e.tickers[0]}" if e.tickers else ", no ticker"


def resolve_company(
    query: Annotated[
        str, Field(description="Ticker (NVDA, BRK.B), CIK (320193, CIK0000320193) or company name (Apple)")
    ],
    *,
    client: SecClient | None = None,
) -> ResolvedCompany:
    """Identify a company by ticker, CIK or name, refusing to guess between comparable companies.

    A ticker (case-insensitive; ``BRK.B``/``brk-b``/``BRK B`` are the SEC's
    ``BRK-B``) or a CIK matches exactly. A query typed like a ticker (1-5
    capitals, ``TWTR``) that is no current ticker is ``not_found`` with
    ``not_a_current_ticker: true``, never a name guess. A name is matched on
    whole words: the same words beat words that begin the name, which beat
    whole words inside it; among equal matches the largest company by market
    value (the SEC's ticker-file order) wins when every other is at least 10
    times smaller, else the result is ``ambiguous`` with ranked ``candidates``.
    A resolved name lists the other companies it matches in ``other_matches``.

    Returns: cik (10 digits), name, tickers, exchange, match_type (ticker, cik,
    name_exact, name_words, name_similar, predecessor_name), score,
    ticker_file_position, other_matches, reorganisation (a predecessor or
    successor CIK holding part of the history), notes.
    Errors: invalid_argument (empty or oversized query), not_found (no company
    in the SEC's ticker file by that name, ``similar_names`` listing different
    companies spelled alike; or not a current ticker, ``candidates`` with what
    the query could be read as), ambiguous (``candidates``: name, CIK, tickers,
    score, match_type, ticker_file_position).
    Source: www.sec.gov/files/company_tickers_exchange.json; for a CIK that has
    no ticker, data.sec.gov/submissions/CIK##########.json.
    """
    client = client or get_client()
    text = checked_query(query)
    tmap = load_ticker_map(client)
    result = _resolve(text, tmap, client)
    result.warnings.extend(n for n in [tmap.stale_note] if n)
    if tmap.degraded:
        result.notes.append(
            "The SEC's ticker file with exchanges was unavailable; this answer comes from "
            "company_tickers.json, so the exchange is unknown."
        )
    return result


def _resolve(text: str, tmap: TickerMap, client: SecClient) -> ResolvedCompany:
    hit = exact_match(text, tmap)  # a CIK or a current ticker in the ticker file (the warm fast path's half too)
    if hit is not None and hit[1] == "cik":
        return _result(text, hit[0], "cik", 1.0)
    if hit is not None:
        entry = hit[0]
        others = [tmap.by_cik(c) for c in tmap.named(words_of(text).squashed) if c != entry.cik]
        result = _result(text, entry, "ticker", 1.0)
        if others:
            result.other_matches = [_candidate_of(o, 1.0, "name_exact") for o in others if o is not None]
            result.notes.insert(
                0,
                f"{text!r} is the ticker of {entry.name}; it is also the name of "
                + ", ".join(o.name for o in result.other_matches)
                + ". Pass a CIK to choose another.",
            )
        elif text != text.upper():
            _typed_as_a_word(text, entry, tmap, result)
        return result
    cik = parse_cik(text)
    if cik is None and re.fullmatch(r"(?:CIK)?\s*\d{11,}", text, re.I):
        raise EdgarError(
            "invalid_argument",
            f"{text!r} is not a valid CIK: a CIK has at most 10 digits.",
            "Check the number, or pass a ticker or company name.",
        )
    if cik is not None:
        return _resolve_cik_without_ticker(client, text, cik)
    ticker = normalize_ticker(text)
    alias = aliases.lookup(text)
    if alias is not None and alias.kind == "short_name" and tmap.by_cik(alias.cik) is not None:
        return _resolve_alias(text, alias, tmap)
    if alias is not None and alias.kind == "former_ticker":  # "fb" as well as "FB": a ticker, whatever its case
        raise _not_a_current_ticker(text.upper(), normalize_ticker(text.upper()), tmap, alias)
    if TICKER_SHAPED.fullmatch(text) and text == text.upper():
        raise _not_a_current_ticker(text, ticker, tmap, alias)
    return _resolve_name(text, tmap)


def _typed_as_a_word(text: str, entry: CompanyEntry, tmap: TickerMap, result: ResolvedCompany) -> None:
    """A query not in capitals that is a current ticker is taken as the ticker, and said so, naming the best
    companies whose names begin with or hold its words (other_matches): "Snow" is SNOW (Snowflake Inc.), though
    Snow Lake Resources Ltd.'s name begins with the word (docs/resolver.md rule 1)."""
    names = sorted(
        (s for s in rank_names(text, tmap, similar=0) if s.tier >= Tier.WORDS and s.entry.cik != entry.cik),
        key=lambda s: (-s.tier, s.rank),
    )[:OTHER_MATCHES]
    ticker = normalize_ticker(text)
    said = f"{text!r} was taken as the ticker {ticker} ({entry.name}), though it is not written in capitals"
    if not names:
        if text != text.lower():  # "Nvda" typed as a word; "nvda", a ticker typed lower-case, goes unsaid
            result.notes.insert(0, said + "; no company's name holds it as a word.")
        return
    result.other_matches = [_candidate(s) for s in names]
    leading = {s.tier >= Tier.LEADING for s in names}
    how = "begin with or hold" if len(leading) > 1 else "begin with" if True in leading else "hold"
    listed = "; ".join(_describe(s) for s in names[:3])
    result.notes.insert(
        0, f"{said}; companies whose names {how} it: {listed} (other_matches). Pass more of the name, or a CIK."
    )


def _resolve_alias(text: str, alias: aliases.Alias, tmap: TickerMap) -> ResolvedCompany:
    """A curated short name ("TSMC", "P&G"): its company, and the companies whose names hold the same words."""
    entry = tmap.by_cik(alias.cik)
    assert entry is not None
    others = [s for s in rank_names(text, tmap, similar=0) if s.tier >= Tier.WORDS and s.entry.cik != entry.cik]
    result = _result(text, entry, "alias", 1.0)
    result.other_matches = [_candidate(s) for s in sorted(others, key=lambda s: s.rank)[:OTHER_MATCHES]]
    ticker = f" ({', '.join(entry.tickers)})" if entry.tickers else ""
    result.notes.insert(
        0,
        f"{text!r} is a common name of {entry.name}{ticker}, not one the SEC's ticker file spells; "
        "resolved to it" + (" (other companies whose names hold these words are in other_matches)." if others else "."),
    )
    return result


def _result(text: str, entry: CompanyEntry, match_type: MatchType, score: float) -> ResolvedCompany:
    reorg = successors.predecessor_of(entry.cik) or successors.successor_of(entry.cik)
    notes = [n for n in (successors.history_stop(entry.cik), successors.succeeded_by(entry.cik)) if n]
    return ResolvedCompany(
        query=text,
        **_company_fields(entry),
        match_type=match_type,
        score=score,
        reorganisation=Reorganisation(**reorg.fields()) if reorg else None,
        notes=notes,
    )


def _resolve_name(text: str, tmap: TickerMap) -> ResolvedCompany:
    choice = choose_name(text, tmap)
    scored, contenders = choice.scored, choice.contenders
    if choice.chosen is None and not contenders:
        raise _no_such_name(text, scored)
    if choice.chosen is None:
        larger = choice.larger
        raise _ambiguous(text, sorted(larger + contenders, key=lambda s: s.rank), scored, bool(larger))
    chosen = choice.chosen
    others = sorted(
        (s for s in scored if s.tier >= Tier.WORDS and s.entry.cik != chosen.entry.cik), key=lambda s: s.rank
    )[:OTHER_MATCHES]
    result = _result(text, chosen.entry, _match_type(chosen), chosen.score)
    result.other_matches = [_candidate(s) for s in others]
    notes: list[str] = []
    if isinstance(chosen.via, successors.Rename):
        notes.append(chosen.via.note(text))
    elif chosen.via is not None:
        v = chosen.via
        notes.append(
            f"{text!r} is the name of {v.predecessor_name} (CIK {v.predecessor_cik}), which "
            f"{v.successor_name} succeeded on {v.effective}; resolved to the successor."
        )
    if len(contenders) > 1:
        runner = contenders[1]
        notes.append(
            f"{text!r} matches {len(contenders)} companies' names equally well; taken to mean the one far ahead in "
            f"the SEC's ticker file (which runs roughly largest first), {_describe(chosen)}: the next, "
            f"{_describe(runner)}, is over {PROMINENCE_RATIO} times further down it. State this assumption; "
            "the others are in other_matches (pass a CIK to choose one)."
        )
    elif others:
        notes.append(
            f"Resolved the name {text!r} to {chosen.entry.name}; other companies' names also contain these "
            "words (see other_matches)."
        )
    if chosen.via is None and chosen.tier < Tier.EXACT:
        how = "begins with these words" if chosen.tier == Tier.LEADING else "contains these words"
        notes.append(
            f"No company in the SEC's ticker file is named exactly {text!r}; the name {chosen.entry.name} {how}."
        )
    result.notes[:0] = notes
    return result


def _ambiguous(text: str, leaders: list[Scored], scored: list[Scored], outranked: bool) -> EdgarError:
    seen = {s.entry.cik for s in leaders}
    rest = [s for s in scored if s.entry.cik not in seen and s.tier >= Tier.WORDS]
    every = leaders + rest
    cands = [_candidate(s) for s in every[:CANDIDATES]]
    named = "; ".join(_describe(s) for s in leaders[:5])
    more = len(every) - len(cands)
    why = (
        f"it matches {_describe(max(leaders, key=lambda s: s.tier))} best, but the name of a company over "
        f"{PROMINENCE_RATIO} times further up the SEC's ticker file (whose order is a hint of size) contains it too"
        if outranked
        else f"none of them is {PROMINENCE_RATIO} times further up the SEC's ticker file (whose order is a hint of size) "
        "than the next"
    )
    return EdgarError(
        "ambiguous",
        f"{text!r} matches {len(leaders)} companies ({why}): {named}."
        + (
            f" The candidates list {len(cands)} of the {len(every)} companies whose names contain these words, "
            "those named here first."
            if more > 0
            else ""
        ),
        "Ask the user which company is meant, or retry with a ticker or CIK from candidates"
        + (" (or with more of the name's words, to narrow it)." if more > 0 else "."),
        candidates=cands,
        total_candidates=len(every),
        candidates_truncated=more > 0,
    )


def _no_such_name(text: str, scored: list[Scored]) -> EdgarError:
    """No name shares whole words with the query: say so, and list names spelled alike as other companies."""
    alike = [s for s in scored if s.tier == Tier.SIMILAR and s.score >= SUGGEST_SCORE][:5]
    message = (
        f"No company in the SEC's ticker file is named {text!r}: it does not appear to file with the SEC "
        "under that name today (a private company files no reports; the file holds current names only, so a "
        "former name or a delisted company is not in it either)."
    )
    suggestion = (
        "Tell the user the SEC holds no filings for it under that name; if it is a former name or a "
        "delisted company, retry with its current name or its CIK."
    )
    if alike:
        named = [f"{s.entry.name}" + (f" ({s.entry.tickers[0]})" if s.entry.tickers else "") for s in alike]
        # the reader is the person who typed it: a likely typo is theirs to confirm
        if surface() == "cli" and alike[0].score >= DID_YOU_MEAN_SCORE:
            message += f" Did you mean {named[0]}?" + (
                f" Other names spelled alike: {'; '.join(named[1:])}." if len(named) > 1 else ""
            )
            suggestion = (
                "If you meant one of these, ask again with its ticker"
                + (f" ({alike[0].entry.tickers[0]})" if alike[0].entry.tickers else "")
                + "; a private "
                "company, a former name or a delisted one is not in the ticker file (try its CIK)."
            )
        elif surface() == "cli":
            message += " Names spelled alike, which are different companies: " + "; ".join(named) + "."
        else:
            message += " Names spelled alike, which are different companies: " + "; ".join(named) + "."
            suggestion = (
                "Do not substitute one of the similar_names: they are other companies. If the query may be "
                "a misspelling of one, ask the user; otherwise " + suggestion[0].lower() + suggestion[1:]
            )
    return EdgarError("not_found", message, suggestion, candidates=[], similar_names=[_candidate(s) for s in alike])


def _not_a_current_ticker(text: str, ticker: str, tmap: TickerMap, alias: aliases.Alias | None = None) -> EdgarError:
    spelled = [tmap.by_ticker(t) for t in tmap.tickers_squashed(ticker.replace("-", ""))]
    as_name = [s for s in rank_names(text, tmap, similar=0) if s.tier >= Tier.LEADING][:5]
    cands: list[Candidate] = []
    message = (
        f"{text!r} is not a current ticker: no company has it in the SEC's ticker file (the ticker of a "
        "delisted, acquired or renamed company is dropped from it, and may later go to another company)."
    )
    user = tmap.by_cik(alias.cik) if alias is not None and alias.kind == "former_ticker" else None
    if user is not None:
        now = f", now {', '.join(user.tickers)}" if user.tickers else ""
        message += (
            f" It was the ticker of {user.name} (CIK {user.cik}{now})"
            + (f" until {alias.until}" if alias and alias.until else "")
            + "."
        )
        cands.append(_candidate_of(user, 1.0, "former_ticker"))
        as_name = [s for s in as_name if s.entry.cik != user.cik]
    for e in spelled:
        if e is not None:
            cands.append(_candidate_of(e, 1.0, "ticker"))
    if any(e is not None for e in spelled):
        message += (
            " With a class separator it is "
            + "; ".join(
                f"{t} ({e.name})"
                for e in spelled
                if e
                for t in e.tickers
                if t.replace("-", "") == ticker.replace("-", "")
            )
            + "."
        )
    if as_name:
        message += " Read as a name, it matches " + "; ".join(_describe(s) for s in as_name) + "."
        cands += [_candidate(s) for s in as_name if s.entry.cik not in {c.cik for c in cands}]
    alike: list[CompanyEntry] = []
    if not as_name and not cands:
        message += " Nor does any company's name in the file begin with it."
        alike = [e for e in (tmap.by_ticker(t) for t in tmap.tickers_alike(ticker)) if e is not None]
        if alike:
            spelled_alike = "; ".join(f"{e.tickers[0]} ({e.name})" for e in alike)
            message += (
                f" Did you mean {spelled_alike}?"
                if surface() == "cli"
                else f" Tickers spelled alike, other companies unless the query is a typo: {spelled_alike}."
            )
            # not candidates (readings of what was typed): current tickers spelled alike, other companies
            # unless the query is a typo, listed apart as similar_names are for names
    return EdgarError(
        "not_found",
        message,
        "Do not assume a company from a similar ticker. If you know which company is meant, retry with its name "
        "or CIK (a delisted company's filings stay under its CIK; " + tool("list_filings") + " lists them); "
        "if a candidate is meant, retry with its CIK.",
        candidates=cands,
        not_a_current_ticker=True,
        similar_tickers=[_candidate_of(e, 0.8, "ticker_similar") for e in alike],
    )


def _resolve_cik_without_ticker(client: SecClient, text: str, cik: int) -> ResolvedCompany:
    """A CIK absent from the ticker file (delisted, funds, individuals, predecessors): ask submissions."""
    if cik <= 0:
        raise EdgarError(
            "invalid_argument", f"{text!r} is not a valid CIK.", "A CIK is a positive number up to 10 digits."
        )
    after = successors.succeeded_by(cik)
    try:
        sub = client.get_json(urls.submissions(cik), kind="submissions")
    except EdgarError as exc:
        if exc.code == "not_found" and exc.extras.get("mirror"):
            raise EdgarError(
                "not_found",
                f"The mirror at {exc.extras['mirror']} (EDGAR_MIRROR) has no submissions "
                f"for CIK {cik}; whether the SEC has such a filer cannot be told from here."
                + (f" {after}" if after else ""),
                "Check the number, ask for a company the mirror holds, or unset EDGAR_MIRROR to ask the SEC itself.",
                mirror=exc.extras["mirror"],
            ) from None
        if exc.code == "not_found":
            raise EdgarError(
                "not_found",
                f"No SEC filer has CIK {cik}." + (f" {after}" if after else ""),
                "Check the number, or search by ticker or name.",
            ) from None
        raise
    name = str(sub.get("name") or f"CIK {cik}")
    tickers = [str(t) for t in sub.get("tickers") or []]
    exchanges = [e for e in sub.get("exchanges") or [] if e]
    reorg = successors.successor_of(cik) or successors.predecessor_of(cik)
    notes = ["This CIK is not in the SEC's current ticker file (it may be delisted or not listed)."]
    notes += [n for n in (after, successors.history_stop(cik)) if n]
    return ResolvedCompany(
        query=text,
        cik=urls.pad_cik(cik),
        name=name,
        tickers=tickers,
        exchange=exchanges[0] if exchanges else None,
        match_type="cik",
        score=1.0,
        reorganisation=Reorganisation(**reorg.fields()) if reorg else None,
        notes=notes,
    )

"""The text of cited filings and excerpts as support for figures the XBRL facts do not decide on.

A number in a passage (or a table row) whose own words name the figure's
concept with the same qualifier (or share the answer's words), equal to the
figure at its rounding (reading "in millions" and "in thousands" table scales),
supports it: for the claimed period when the sentence names the year or the
column head dates it (a "Six Months Ended" column is not the quarter). A
number's own words are its noun phrase ("$180 million release of previously
reserved H20 inventory"), else the clause leading up to it; another number's
words in the same sentence say nothing about it. A table row that gives the
figure's line another value in the claimed period's column contradicts it.
Text never overrides a fact that contradicts the figure: only figures the
Grounder left in ``text_ok`` are looked for.
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

from ..models.verify import FigureSupport, VerifiedFigure
from ..patterns import lazy
from ..xbrl.catalogue import catalogue
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


def ground_in_text(
    g: Grounder, figures: list[Figure], rows: list[VerifiedFigure], load_sources: Callable[[], list[TextSource]]
) -> None:
    """Cited text and excerpts may support a figure the XBRL facts do not decide on (never one they
    contradict): a number in a passage that names the same concept (or shares the answer's words), in
    the claimed period when the passage says which."""
    todo = [
        (f, r)
        for f, r in zip(figures, rows, strict=True)
        if f.start in g.text_ok and r.status in ("ungrounded", "unchecked") and f.kind in NUMERIC
    ]
    if not todo:
        return
    sources = load_sources()
    for fig, row in todo:
        claim = g.claim_for(fig, row)
        test = _text_test(g, fig, claim)
        hit = find_in_text(fig, sources, test) if sources else None
        dated = [r for f, r in zip(figures, rows, strict=True) if f.kind == "date" and claim.end and f.day == claim.end]
        if (hit is None or hit[3][0] != "ok") and test.other_end is not None:
            # the passage gives the number for a period ending another day: the sentence's date is what is wrong
            src, tf, theirs = test.other_end
            row.support = _passage_support(src, tf)
            row.status = "unchecked"
            row.reason = (
                f"{src.label} gives {tf.text!r} for the period ended {theirs.isoformat()}, not for "
                f"{fig.period_text or 'the period the sentence gives it'}."
            )
            for r in dated:
                if r.status == "unchecked":
                    r.support = _passage_support(src, tf)
                    r.status = "ungrounded"
                    r.reason = f"{src.label} gives {fig.text} for the period ended {theirs.isoformat()}, not {r.text}."
            continue
        if hit is None:
            _not_in_text(fig, row, sources, test, g.cited)
            continue
        src, tf, scale_note, (verdict, where) = hit
        row.support = _passage_support(src, tf)
        row.notes = [n for n in row.notes if not n.startswith(("Not in what is cited", "fact(s) of other"))]
        if verdict == "ok":
            for r in dated:  # the sentence's date is the day the passage gives the number for
                if r.status == "unchecked" and test.same_end is not None:
                    r.status = "grounded"
                    r.reason = f"{src.label} dates {fig.text} {r.text}, as the sentence does."
            row.status = "grounded"
            row.reason = (
                f"{src.label} says {tf.text!r}{scale_note} in a passage about it, which rounds to "
                f"{fig.text}" + (f" ({where})." if where else ".")
            )
        else:
            row.status = "mismatched_period"
            row.reason = (
                f"{src.label} gives {tf.text!r}{scale_note} in the column {where!r}, not for {fig.period_text}."
            )


def _passage_support(src: TextSource, tf: Figure) -> FigureSupport:
    """A number in a passage of cited text as a figure's support: its value, currency, filing and sentence."""
    return FigureSupport(
        source="cited_text",
        value=S.as_float(tf.value),
        unit=tf.currency,
        accession_number=src.accession,
        url=src.url,
        passage=tf.context,
    )


_ASK_FOR_TEXT = " Cite the filing's text to check it."


def _not_in_text(fig: Figure, row: VerifiedFigure, sources: list[TextSource], test, cited: bool) -> None:
    """A figure no passage supports: contradicted when a table of the cited text gives the same line another value
    for the claimed period; unchecked, the other value named, when a passage about the same line gives another
    value for a period edgar does not check; and never told to cite text that is cited."""
    other = None
    for src in sources:
        for tf in src.figures:
            if (
                (fig.kind == "percent") != (tf.kind == "percent")
                or tf.kind not in ("money", "number")
                or (fig.currency and tf.currency and fig.currency != tf.currency)
            ):
                continue
            said = test.other_value(src, tf)
            if said and (other is None or (said[0] == "clear" and other[2][0] != "clear")):
                other = (src, tf, said)
    if other is not None:
        src, tf, (how, where, scale_note, shown) = other
        row.support = _passage_support(src, tf)
        if how == "clear":
            row.status = "ungrounded"
            row.reason = (
                f"{src.label} gives {test.measure} as {tf.text!r}{scale_note} in the column {where!r} "
                f"of the row {shown!r}, the claimed period; {fig.text} is not that value."
            )
        else:
            row.status = "unchecked"
            row.reason = (
                f"{src.label} gives {test.measure} as {tf.text!r}{scale_note} in {where!r}, not "
                f"{fig.text}, but edgar does not check which period that passage is about."
            )
        return
    if row.reason.endswith(_ASK_FOR_TEXT) and sources:
        labels = ", ".join(dict.fromkeys(s.label for s in sources))
        row.reason = (
            row.reason[: -len(_ASK_FOR_TEXT)] + f" edgar found no passage of the cited text ({labels}) "
            f"that gives {test.measure} as {fig.text}, nor another value for it in the claimed period."
        )
    elif row.reason.endswith(_ASK_FOR_TEXT) and cited:
        row.reason = (
            row.reason[: -len(_ASK_FOR_TEXT)] + " The cited filings' text could not be read (see the warnings)."
        )


# Words that say when a comparison's base is, not what it is ("down from $440.5 billion a year earlier")
_WHEN_WORDS = frozenset(W.content_words("earlier ago before"))
# Where a sentence's first amount begins: what leads up to it names the sentence's measure
_FIRST_AMOUNT = lazy(
    r"[$\u20ac\u00a3]\s?\d|\d[\d,.]*\s*(?:%|percent\b|thousand\b|million\b|billion\b|trillion\b)", re.I
)


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
    # the words around the figure: what it is about (the company's own name, as written, says nothing of it)
    own = _without_company_name(fig.clause[-60:] + " " + fig.after[:60], g)
    words = W.content_words(own) - g.company_words - W.GENERIC_WORDS - _SAID_WORDS
    if not words - _PERIOD_WORDS - _WHEN_WORDS and S.carries_on(fig.clause):
        # "..., up 13% from $15.33 billion as of December 1, 2023": a comparison's base without words of its own
        # carries on the measure its sentence names before its first amount
        measure = _FIRST_AMOUNT.split(fig.lead, maxsplit=1)[0]
        words = W.content_words(_without_company_name(measure, g)) - g.company_words - W.GENERIC_WORDS - _SAID_WORDS
    # the figure's own clause: "delivered 1.77 million vehicles while producing about 1.79 million" does not
    # make "producing" a word of the 1.77 million
    cut = _AFTER_END.search(fig.after[:60])
    own_clause = _without_company_name(fig.clause[-60:] + " " + fig.after[: cut.start() if cut else 60], g)
    # the words that name the figure's measure: its clause and the words after it up to the next clause's
    # ("total RPO was about $30.2 billion as of ..., and its current RPO about $63.4 billion")
    nxt = re.search(r"[,;]\s*(?:and|but|while|whereas)\s|;", fig.after)
    own_measure = fig.clause + " " + (fig.after[: nxt.start()] if nxt else fig.after)
    # (the company's name as a figure's words are read: "CARBO Ceramics" is no name a passage must repeat)
    marked = W.marked_words(fig.lead, fig.after) - g.company_words - W.content_words(g.ref.name)
    if fig.item:  # "Class B and Class A shares had 20,485 and 16 ...": the other item's class is not this one's
        marked -= W.designators(" ".join(i for i in fig.items if i != fig.item)) - W.designators(fig.item)
    year = claim.fiscal_year or claim.calendar_year
    # an amount added to the measure ("the 53rd week added approximately $2.5 billion of net sales"): a passage gives
    # it only when its sentence names the same contributor before the number ("SRS, which contributed $6.4 billion
    # of net sales" is another's)
    contributor: set[str] = set()
    if W.CONTRIBUTION_BEFORE.search(fig.lead[-60:]):
        subject = re.split(r"[.;,:]\s", W.CONTRIBUTION_BEFORE.split(fig.lead)[0] if fig.lead else "")[-1]
        contributor = W.content_words(_without_company_name(subject, g)) - g.company_words - W.GENERIC_WORDS

    def about(passage: str, label: str | None = None, lead: set[str] | None = None) -> bool:
        """Is the passage about what the figure is: its concept with the same qualifying words ("Data Center
        revenue" is not "Data Center compute revenue", nor the whole of revenue), else the figure's own words,
        every name among them ("H20", "China") included? A word shared by chance is not enough. ``label``: a
        table row's label, which qualifies the concept its table names; ``lead``: the words right before the
        passage's number (see _lead_words)."""
        if named and qualifier == "segment" and not marked <= W.content_words(passage):
            return False  # "segment revenues" of another segment: the segment's own name must be there too
        if named:
            if label is not None:
                found = {n.concept for n in W.find_concepts(passage, g.company_words)}
                if qualifier is None:  # the whole concept: a row naming it unqualified ("Total revenue")
                    return any(
                        n.concept in named and n.qualifier is None for n in W.find_concepts(label, g.company_words)
                    ) or (bool(found & set(named)) and bool(re.fullmatch(r"\W*(?:total\W*)?", label, re.I)))
                return bool(found & set(named)) and _row_is(label, qualifier)
            return any(
                n.concept in named and _same_qualifier(n.qualifier, qualifier)
                for n in W.find_concepts(passage, g.company_words)
            )
        theirs = W.content_words(passage)
        if not words or not marked <= theirs:
            return False
        if len(words & theirs) >= min(2, len(words)):
            return True
        # "loans of $912.7 billion": a passage number one noun names right before it is about it when the
        # figure's own clause ("year-end loans at $912.7 billion", not the next clause's "deposits") names it too
        mine = W.content_words(own_clause) - g.company_words - W.GENERIC_WORDS
        return lead is not None and len(lead) == 1 and lead <= mine

    months = {"quarterly": 3, "annual": 12}.get(claim.period_type or "") or (
        {"H1": 6, "9M": 9}.get(claim.quarter or "") or (3 if claim.quarter else 12 if claim.stated else None)
    )

    def own_period_fits(src: TextSource) -> bool:
        """May the cited filing's own period (its fiscal year, or quarter and year to date for a 10-Q) be the
        claimed one? True when either is unknown (an excerpt, a filing without XBRL facts, no fiscal year)."""
        own = _filing_period(g, src.accession)
        if own is None or not claim.stated or claim.fiscal_year is None:
            return True
        fy, fp = own
        if fy != claim.fiscal_year:
            return False
        if fp == "FY":
            return claim.quarter in (None, "Q4")
        return claim.quarter == fp or claim.quarter == {"Q2": "H1", "Q3": "9M"}.get(fp)

    def test(src: TextSource, tf: Figure) -> tuple[str, str] | None:
        """("ok", where) when the passage supports the figure, ("other_period", column) when a table gives
        it for another period, None otherwise."""
        cell = table_cell(src.text, tf.start)
        if cell is None:
            said = {int(y) for y in _YEAR.findall(tf.context)}
            days: set[date] = set()
            placed: tuple[int, Figure] | None = None
            if src.text:
                # a year the passage gives the number itself ("$13.7 million in 2016", "$23.2 million for the year
                # ended December 31, 2017"): the number's, whatever other years its sentence names
                own_after = _NEXT_AMOUNT.split(src.text[tf.end : tf.end + 80], maxsplit=1)[0]
                own_after = re.split(r"[.;!?](?:\s|$)", own_after, maxsplit=1)[0]
                said = {int(y) for y in _YEAR.findall(own_after)} or (
                    # "compared to the $109.5 million net loss reported in the previous year": the year before
                    {y - 1 for y in said} if P.STRONG_CUE.search(own_after) else said
                )
                # the day it gives the number ("... of $91.7 million at December 31, 2016"): a balance at that day
                days = {
                    d for m in P.LONG_DATE.finditer(own_after) if (d := P.parse_day(m.group(3), m.group(1), m.group(2)))
                }
                # "$1,779 million, $1,732 million and $1,586 million for ... 2024, 2023 and 2022, respectively": the
                # year in the number's place in the list
                placed = respective_year(src, tf)
                said = {placed[0]} if placed is not None else said
                days |= _dated_before(src.text, tf.start)
                if claim.end is not None and days and claim.end not in days:
                    # the passage gives the number for another period than the sentence's date: said of the
                    # date, when the passage is about the figure (see ground_in_text)
                    near = own_phrase(src.text, tf.start, tf.end)
                    if about(near, lead=_lead_words(src.text[max(0, tf.start - 80) : tf.start])):
                        test.other_end = (src, tf, min(days))  # type: ignore[attr-defined]
                    return None
                if _other_measure(src.text, tf, fig, W.content_words(own_clause), g.company_words):
                    return None  # "we produced approximately 1,773,000" is not "delivered approximately 1,773,000"
                if _phrase_of_another(src.text, tf, fig):
                    return None  # "24,000 square feet of enclosed space": the passage's 104,000 is that one
                if _item_of_another(src.text, tf, fig):
                    return None  # "Class B and Class A ... 16 and 20,485, respectively": 20,485 is Class B's
                if _counts_another_noun(src.text, tf, fig):
                    return None  # "88 million square feet of floor space" is not "the combined square footage at
                    # the following major locations totaled more than 88 million square feet"
                if fig.kind == "percent":
                    theirs = W.direction(src.text[max(0, tf.start - 40) : tf.start], src.text[tf.end : tf.end + 40])
                    ours = W.direction(fig.lead[-40:], fig.after[:40])
                    if theirs and ours and theirs != ours:
                        return None  # "down 85%" is not the passage's "increased 85%"
            near = own_phrase(src.text, tf.start, tf.end) if src.text else tf.context
            if src.text and placed is not None and placed[1].start != tf.start:
                # "$48.1 billion, and $77.7 billion in 2023 and 2024": the list's first number says what each is
                near = own_phrase(src.text, placed[1].start, placed[1].end) + " " + near
            year_of = year if year is not None else claim.end.year if claim.end is not None else None
            if src.text and _excludes(src.text[max(0, tf.start - 160) : tf.start], fig):
                return None  # "Outside the U.S., facilities totaled 24 million": not the U.S. facilities' figure
            lead = _lead_words(src.text[max(0, tf.start - 80) : tf.start]) if src.text else None
            if contributor and src.text:
                before = re.split(r"[.!?]\s", src.text[max(0, tf.start - 250) : tf.start])[-1]
                if not contributor & W.content_words(before):
                    return None
            if src.text and _part_of_another(src.text[max(0, tf.start - 160) : tf.start], own_measure):
                return None  # "Current remaining performance obligation ... $30.2 billion" is not the total's
            if (about(near, lead=lead) or (src.text and _later_part_about(src.text, tf, fig, g, marked))) and not (
                year_of and said and year_of not in said
            ):
                if not said and not own_period_fits(src):
                    return None  # a passage that does not say its period is about its filing's own period
                if claim.end is not None and claim.end in days:
                    test.same_end = claim.end  # type: ignore[attr-defined]
                    return "ok", f"the passage dates it {claim.end.isoformat()}, as the sentence does"
                if claim.end is not None and (claim.period_type in ("quarterly", "ytd", "annual") or claim.quarter):
                    # a period the sentence dates ("the three months ended June 30, 2017") is not one a passage
                    # names only by its year, or not at all
                    return None
                return "ok", (
                    "the sentence names the year" if said and year else _unsaid_period(g, src) if claim.stated else ""
                )
            return None
        if not about(cell.above + "\n" + cell.row, cell.row.split(" | ")[0]):
            return None
        head = cell.column_head
        if not claim.stated:
            return "ok", f"column {head!r}" if head else ""
        if head is None:
            # which column is which year is unknown: a single value is read as the filing's own period's
            if cell.values_in_row <= 1 and own_period_fits(src):
                return "ok", _unsaid_period(g, src)
            return None
        day, bare = head_date(head)
        span = _column_months(cell)
        if span and months and span != months:  # "Six Months Ended Jul 27, 2025" is not the quarter ended then
            return "other_period", f"{head} ({span} months)"
        if day is not None:
            label = g.cal.year_containing(day)
            fits = (claim.fiscal_year is not None and label is not None and label[0] == claim.fiscal_year) or (
                claim.calendar_year is not None and day.year == claim.calendar_year
            )
        elif bare is not None and year is None and claim.end is not None and months in (None, 12):
            # "at December 31, 2024" against the column '2024': the fiscal year so labelled must end on that day (a
            # quarter or half-year ended then is no year's column)
            label = g.cal.year_containing(claim.end)
            fits = label is not None and label[0] == bare and label[2] == claim.end
        else:
            fits = bare is not None and bare == year
        return ("ok", f"column {head!r}") if fits else ("other_period", head)

    claimed_end = _claimed_end(g, claim) if named and qualifier else None

    def other_value(src: TextSource, tf: Figure) -> tuple[str, str, str, str] | None:
        """(how, where, scale note, the passage) when the number is this line's value in the passage and does
        not round to the figure: "clear" when a table column of the claimed period gives it, "unclear" when a
        passage gives it for a period edgar does not check. Only for a figure of a named, qualified line."""
        if not named or not qualifier or tf.value is None:
            return None
        lo, hi = fig.interval
        note, exp = "", 0
        if not tf.scale and fig.scale and src.in_millions:
            note, exp = " (in millions)", 6
        v = abs(tf.value).scaleb(exp)
        if lo <= v <= hi or not (v >= lo / 1000 or tf.scale):
            return None  # the figure itself, or a small number that is not an amount of this size
        cell = table_cell(src.text, tf.start)
        if cell is None:
            near = own_phrase(src.text, tf.start, tf.end) if src.text else tf.context
            return ("unclear", tf.context[:160], note, tf.context[:160]) if about(near) else None
        if not about(cell.above + "\n" + cell.row, cell.row.split(" | ")[0]) or cell.column_head is None:
            return None
        day, _bare = head_date(cell.column_head)
        span = _column_months(cell)
        if day is not None and claimed_end is not None and day == claimed_end and span and span == months:
            return "clear", f"{cell.column_head} ({span} months)", note, cell.row
        return None

    test.other_value = other_value  # type: ignore[attr-defined]
    test.other_end = None  # type: ignore[attr-defined]
    test.same_end = None  # type: ignore[attr-defined]
    label = catalogue()[named[0]].label.lower() if named else "it"
    test.measure = f"{qualifier} {label}" if qualifier else label  # type: ignore[attr-defined]
    return test


# A run of capitalised words, with the connectors a name has inside ("Logistic Properties of the Americas")
_CAPITALISED_RUN = lazy(r"\b[A-Z][\w&.'\u2019-]*(?:\s+(?:(?:of|the|and|&)\s+)*[A-Z][\w&.'\u2019-]*)*")


def _is_amount(number: str) -> bool:
    """A number that is an amount of its own ("1.2 million", "4,000", "$912.7"), not a year or a day of a date."""
    if re.fullmatch(r"(?:19|20)\d\d", number):
        return False
    return bool(re.search(r"[a-z]", number, re.I)) or len(re.sub(r"\D", "", number.split(".")[0])) >= 3


def _part_words(lead: str, after: str, g: Grounder) -> set[str]:
    """The words of a number's own part of its sentence: from the previous amount's
    clause (or the sentence's start) up to the number, then on to its clause's end ("1.2 million square feet of space that
    can accommodate approximately | 4,000 | employees")."""
    lead = re.split(r"(?<!\b[A-Z])[.;!?]\s", lead)[-1]
    amounts = [m for m in _ANY_NUMBER.finditer(lead) if _is_amount(m.group(0))]
    if amounts:
        # (and the previous amount's own clause: "9 million was owned and | 8 million | was leased")
        lead = re.split(r"\s(?:and|or|but|while|whereas)\s", lead[amounts[-1].end() :])[-1]
    cut = _AFTER_END.search(after)
    after = after[: cut.start()] if cut else after
    # ("current" is kept: "its current RPO" names a part of the total, whatever else it may say of when)
    drop = (g.company_words | W.GENERIC_WORDS | _SAID_WORDS | _PERIOD_WORDS | _WHEN_WORDS) - {"current"}
    return W.content_words(_without_company_name(lead + " " + after, g)) - drop


def _later_part_about(text: str, tf: Figure, fig: Figure, g: Grounder, marked: set[str]) -> bool:
    """Is a passage's number about the answer's second or later amount of a sentence by the words of each one's own
    part of its sentence ("... 17 million square feet at December 31, 2024, of which about 9 million was owned"
    against "17 million square feet, of which approximately 9 million was owned")? Every word of the figure's part
    must be the passage number's ("its current RPO about $63.4 billion" is not the total's $63.4 billion)."""
    if fig.kind == "percent":
        return False  # a rate is read by the ratio it names (about(), derived.py)
    if not any(_is_amount(m.group(0)) for m in _ANY_NUMBER.finditer(re.split(r"(?<!\b[A-Z])[.;!?]\s", fig.lead)[-1])):
        return False  # the sentence's first amount: about() reads it
    mine = _part_words(fig.lead, fig.after, g)
    lo = max(0, tf.start - 300)
    theirs = _part_words(text[lo : tf.start], text[tf.end : tf.end + 160], g)
    return bool(mine) and marked <= theirs and mine <= theirs


def _without_company_name(text: str, g: Grounder) -> str:
    """The text without the company's name where it is written as one ("CARBO Ceramics had 424 employees": not
    "ceramics"); a run of capitalised words with any other word ("Apple's Services") is left as it is."""
    name = W.content_words(g.ref.name) | g.company_words

    def drop(m: re.Match) -> str:
        words = W.content_words(m.group(0))
        return " " if words and words <= name and words & g.company_words else m.group(0)

    return _CAPITALISED_RUN.sub(drop, text)


def _claimed_end(g: Grounder, claim: P.Claim) -> date | None:
    """The last day of the claimed period, as the company's facts date it (None when they do not)."""
    if not claim.stated:
        return None
    if claim.end is not None:
        return claim.end
    for name in ("revenue", "net_income", "total_assets"):
        ends = {v.end for v in g._concept_series(name) if claim.accepts(v) and v.period_type != "instant"}
        if len(ends) == 1:
            return ends.pop()
    return None


def _column_months(cell: TableCell) -> int | None:
    """How many months a table column covers, from the group heads above its dates ("Three Months Ended |
    Six Months Ended"), else None."""
    lines = cell.above.split("\n")
    heads = next(
        (i for i in range(len(lines) - 1, -1, -1) if sum(1 for c in lines[i].split(" | ") if _YEARISH.search(c)) >= 2),
        None,
    )
    if heads is None or heads == 0:
        return None
    groups = [c for c in lines[heads - 1].split(" | ") if c.strip()]
    dates = [c for c in lines[heads].split(" | ") if _YEARISH.search(c)]
    words = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "year": 12, "fiscal year": 12}
    spans = []
    for gtext in groups:
        m = re.search(r"\b(three|six|nine|twelve)\s+months\b|\b(year)s?\s+ended\b", gtext, re.I)
        if not m:
            return None
        spans.append(words[(m.group(1) or m.group(2)).lower()])
    if not spans or len(dates) % len(spans):
        return None
    per = len(dates) // len(spans)
    k = len(cell.row.split(" | ")) - cell.index  # columns counted from the right
    gi = (k - 1) // per
    return spans[-1 - gi] if gi < len(spans) else None


# Where the words a number owns end after it: a clause break, another clause's verb or comparison, the next amount.
_YEAR = lazy(r"(?<![\d,.$])((?:19|20)\d\d)(?![\d%]|[,.]\d)")
# The next amount or percentage after a number in a passage: where the words that number owns end
_NEXT_AMOUNT = lazy(r"[$€£]\s?\d|\d[\d,.]*\s*(?:%|percent\b|million\b|billion\b|thousand\b)", re.I)
# What excludes the place or thing it names: "Outside the U.S., facilities totaled 24 million square feet" is not
# about "U.S. facilities", though both name the U.S.
_OUTSIDE = lazy(r"\b(?i:outside|excluding|other than)\s+(?i:of\s+)?(?i:the\s+)?([A-Z][\w&-]*(?:\.[A-Z])*\.?)")


# A dated period that leads up to a passage's number in its sentence ("during the three months ended September 30,
# 2017, we recognized a $125.8 million impairment"; "As of December 31, 2024, we had $3.2 billion")
_DATED_PERIOD = lazy(
    rf"\b(?:(?:(?:three|six|nine|twelve)\s+months|quarter|year|period|weeks)\s+ended|as\s+of|at)\s+"
    rf"({P.MONTH_PATTERN})\.?\s+(\d{{1,2}}),?\s+(\d{{4}})\b",
    re.I,
)


def _dated_before(text: str, start: int) -> set[date]:
    """The day a dated period ends that the passage's sentence names before a number, with no other amount
    between them: the period the number is given for."""
    lead = re.split(r"[.;!?]\s", text[max(0, start - 240) : start])[-1]
    out: set[date] = set()
    for m in _DATED_PERIOD.finditer(lead):
        if _NEXT_AMOUNT.search(lead[m.end() :]):
            continue  # another amount between: that one's period
        d = P.parse_day(m.group(3), m.group(1), m.group(2))
        if d is not None:
            out.add(d)
    return out


def _excludes(passage: str, fig: Figure) -> bool:
    """Does the passage's sentence, up to its number (``lead``), exclude a name the answer's figure is about
    ("Outside the U.S., ... 24 million" against "its U.S. facilities had ... 24 million"), which the answer's
    sentence does not exclude, or the figure's own words exclude a name the passage's number is said of?"""
    lead = re.split(r"[.;!?]\s", passage)[-1]
    said = fig.lead + " " + fig.text + " " + fig.after
    if any(
        re.search(rf"(?<![\w.]){re.escape(m.group(1))}(?!\w)", said) and not _OUTSIDE.search(said)
        for m in _OUTSIDE.finditer(lead)
    ):
        return True
    # the other way round: "versus roughly 17 million square feet outside the U.S." is not what "IBM's facilities
    # in the U.S. had ... approximately 17 million square feet" gives
    own = fig.clause + " " + fig.text + " " + fig.after
    lead = re.split(r"(?<!\b[A-Z])[.;!?]\s", passage)[-1]  # (the "." of "U.S." ends no sentence)
    return any(
        re.search(rf"(?<![\w.]){re.escape(m.group(1))}(?!\w)", lead) and not _OUTSIDE.search(lead)
        for m in _OUTSIDE.finditer(own)
    )


# (a line's name with "and" in it is one name: "research and development", "general and administrative")
_AFTER_END = lazy(
    r"[,;:()]|\.(?:\s|$)|\n|\s(?:and(?!\s+(?:development|administrative|marketing|equipment)\b)|or|but|while|"
    r"whereas|which|compared|versus|vs\.?|up|down|"
    r"an? (?:increase|decrease)|driven|due|primarily|reflecting|resulting|representing|led|as)\b|"
    r"[$\u20ac\u00a3\u00a5]|\b\d[\d,.]*\s*(?:%|percent|(?:thousand|million|billion|trillion)\b)",
    re.I,
)
# A number that is its clause's subject: "27,100 were engaged in research and development"
_SUBJECT = lazy(r"\s*(?:were|was|are|is)\s+[a-z]", re.I)
# Where they begin before it: a sentence or a clause that another number's phrase ends ("..., resulting in a").
# (and the comma after an amount before the next item of a list: "loans of $912.7 billion, deposits of")
_BEFORE_BREAK = lazy(
    r"(?:\.\s|\n|;|,\s*(?=(?:resulting|which|while|whereas|and|but|compared|including|"
    r"reflecting|representing|offset|partially)\b)|"
    r"\d(?:\s*(?:thousand|million|billion|trillion))?,\s+(?=(?!from\b|to\b)[a-z][\w'\u2019 -]{0,40}?\s(?:of|at)\s+"
    r"(?:approximately\s+|about\s+)?(?:[$\u20ac\u00a3]?\d|$)))",
    re.I,
)
# Words after a number that say when, not what: "$39.3 billion for the fourth quarter of fiscal 2025".
_PERIOD_WORDS = frozenset(
    "first second third fourth fiscal quarter year month ended ending three six nine twelve "
    "half prior previous last current same period respectively approximately".split()
)
_OWN_LEAD = lazy(
    r"\s*(?:of|in)\s+|\s*(?=[A-Za-z])(?!(?:per|for|from|to|at|on|during|over|through|by|with|"
    r"against|than|year|a|an|the|compared|was|were|is|are)\b)",
    re.I,
)


# Where the words that lead up to a number begin: a clause or list break, or another amount
_LEAD_BREAK = lazy(r"[.;,:()\n]|\b(?:and|or|but)\b|[$\u20ac\u00a3]\s?\d|\d[\d,.]*", re.I)


# A word that makes a measure one part of it ("current remaining performance obligation", "restricted cash"), not a
# word of when ("current year")
_PART_WORD = lazy(
    r"\b(current|non-?current|restricted|unrestricted)\s+(?!(?:fiscal\s+)?(?:year|quarter|period|month|portion)\b)"
    r"([a-z]+)",
    re.I,
)


_PART_BREAK = lazy(r"[.;:!?](?:\s|$)|\n|[$\u20ac\u00a3]\s?\d[\d,.]*|\b(?:and|or|but|while)\b", re.I)


def _part_of_another(lead: str, own_clause: str) -> bool:
    """Does the passage name its number's measure as a part ("Current remaining performance obligation ... was
    approximately $30.2 billion") of a measure the figure's own clause names without it ("total remaining
    performance obligation was about $30.2 billion")? Then the passage's number is of that part, not the figure's."""
    breaks = list(_PART_BREAK.finditer(lead))
    tail = lead[breaks[-1].end() :] if breaks else lead
    ours = {w.lower().replace("-", "") for w in re.findall(r"[A-Za-z-]+", own_clause)}
    # (the part word must qualify the figure's own measure: "an unrestricted customer" is no part of revenue)
    return any(
        m.group(1).lower().replace("-", "") not in ours and m.group(2).lower() in ours
        for m in _PART_WORD.finditer(tail)
    )


def _lead_words(lead: str) -> set[str]:
    """The content words right before a number since its clause began: its verb or noun ("we produced
    approximately", "Advertising expenses were"), without words that say when."""
    tail = lead[-80:]
    breaks = list(_LEAD_BREAK.finditer(tail))
    if breaks:
        tail = tail[breaks[-1].end() :]
    return W.content_words(tail) - _PERIOD_WORDS - _SAYING_VERBS


# Verbs that say a number is reported, not what it measures ("we recognized approximately $650 million of H20
# revenue" is what "NVIDIA sold roughly $650 million of H20 chips" says), and words that compare it ("versus
# roughly 24 million square feet")
_SAYING_VERBS = frozenset(
    W.content_words(
        "recognized recognised recorded generated totaled totalled amounted reached achieved posted realized "
        "realised earned incurred held saw grew sold versus against"
    )
)
# Words by which an answer says what a filing says, not what a number measures: "Netflix describes itself in its
# 2024 10-K as having approximately 302 million paid memberships"
_SAID_WORDS = frozenset(
    W.content_words("had has have having describes described describing itself says said states stated puts put")
)
_SAYING_VERBS = _SAYING_VERBS | _SAID_WORDS


def _other_measure(text: str, tf: Figure, fig: Figure, ours_all: set[str], company_words: frozenset[str]) -> bool:
    """Does a passage's number measure something else than the answer's figure, by the words right before
    each ("we produced approximately 1,773,000" against "Tesla delivered approximately 1,773,000")? Only when
    both have such words and neither's are among the other's words (by a shared stem: "delivered",
    "deliveries")."""
    theirs = _lead_words(text[max(0, tf.start - 80) : tf.start]) - company_words
    ours = _lead_words(fig.lead) - company_words
    if not theirs or not ours:
        return False
    passage = theirs | W.content_words(own_phrase(text, tf.start, tf.end))

    def meets(a: set[str], b: set[str]) -> bool:
        return any(x[:5] == y[:5] for x in a for y in b)

    return not meets(theirs, ours_all - company_words) and not meets(ours, passage)


# Where a number's noun phrase after it ends, besides _AFTER_END: "104,000 square feet of enclosed space plus about
# 24,000", "..., with approximately 24,000"
_PHRASE_END = lazy(r"\s(?:plus|with|including|excluding)\b", re.I)
# A number in a passage's sentence, with its scale word
_ANY_NUMBER = lazy(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?:\s+(?:thousand|million|billion|trillion)\b)?", re.I)


def _noun_phrase(after: str) -> set[str]:
    """The content words of the noun phrase right after a number ("square feet of enclosed space"), without words
    that say when; empty when no noun phrase follows it."""
    cut = _AFTER_END.search(after)
    after = after[: cut.start()] if cut else after
    stop = _PHRASE_END.search(after)
    after = after[: stop.start()] if stop else after
    if not _OWN_LEAD.match(after):
        return set()
    return W.content_words(after) - _PERIOD_WORDS


def _phrase_of_another(text: str, tf: Figure, fig: Figure) -> bool:
    """Is what the answer's figure measures, by its own noun phrase ("24,000 square feet of enclosed space"), what
    the passage says of another number of its sentence ("104,000 square feet of enclosed space, with approximately
    24,000 additional square feet of outside garden area"), while the passage's number owns words of its own that
    the figure's phrase lacks? Then the two numbers are swapped, whatever words they share."""
    ours = _noun_phrase(fig.after[:160])
    theirs = _noun_phrase(text[tf.end : tf.end + 160])
    if not ours or not theirs:
        return False

    def stems(ws: set[str]) -> set[str]:
        return {w[:5] for w in ws}

    extra_ours = stems(ours) - stems(theirs)
    if not extra_ours or not stems(theirs) - stems(ours):
        return False
    lo = max(text.rfind(". ", 0, tf.start), tf.start - 400, 0)
    hi = text.find(". ", tf.end)
    hi = min(hi if hi >= 0 else len(text), tf.end + 400)
    for m in _ANY_NUMBER.finditer(text, lo, hi):
        if m.start() < tf.end and m.end() > tf.start or re.fullmatch(r"(?:19|20)\d\d", m.group(0)):
            continue  # the passage's number itself, or a year
        if extra_ours <= stems(_noun_phrase(text[m.end() : m.end() + 160])):
            return True
    return False


# The units a quantity is counted in: they say how it is counted, not what it is of ("square feet of floor space")
_UNIT_WORDS = frozenset(W.content_words("square feet foot footage meters metres acres hectares approximately about"))
# Ways to name the people a company employs: one noun ("9,600 people" are the passage's "9,600 employees")
_PEOPLE = frozenset(W.content_words("people persons individuals workers staff employees headcount workforce"))


_RESPECTIVELY = lazy(r"\brespectively\b", re.I)
_CLAUSE_BREAK = lazy(r"[,;:]|\s(?:and|or|but|while|whereas)\s")


def _names_item(text: str, item: str) -> re.Match | None:
    return re.search(r"\b" + r"\s+".join(map(re.escape, item.split())) + r"\b", text, re.I)


def _item_of_another(text: str, tf: Figure, fig: Figure) -> bool:
    """Is a passage's number another item's than the one an answer's respectively-list pairs the figure with?
    By the passage's own respectively-list, when it names every item before its numbers ("Bangalore, India and
    Noida, India offices which are approximately 0.7 million and 0.5 million square feet, respectively": 0.7 million
    is Bangalore's), else by the item its number's own clause names ("20,485 holders of record of NIKE's Class B
    Common Stock and 16 holders of record of NIKE's Class A Common Stock")."""
    if not fig.item or len(fig.items) < 2:
        return False
    dot = text.rfind(". ", 0, tf.start)
    lo = max(dot + 2 if dot >= 0 else 0, tf.start - 400)
    end = text.find(". ", tf.end)
    hi = min(end if end >= 0 else len(text), tf.end + 400)
    said = _RESPECTIVELY.search(text, tf.end, hi)
    if said:
        at = {it: m.start() for it in fig.items if (m := _names_item(text[lo : tf.start], it))}
        if len(at) != len(fig.items):
            return False
        order = sorted(fig.items, key=lambda it: at[it])
        first = lo + max(at.values())
        nums = [m for m in _ANY_NUMBER.finditer(text, first, said.start()) if _is_amount(m.group(0))]
        place = next((k for k, m in enumerate(nums) if m.start() <= tf.start < m.end()), None)
        return place is not None and len(nums) == len(order) and order[place] != fig.item
    after = text[tf.end : hi]
    cut = _CLAUSE_BREAK.search(after)
    own = after[: cut.start()] if cut else after
    named = [it for it in fig.items if _names_item(own, it)]
    if not named:
        before = text[lo : tf.start]
        amounts = [m for m in _ANY_NUMBER.finditer(before) if _is_amount(m.group(0))]
        before = before[amounts[-1].end() :] if amounts else before
        breaks = list(_CLAUSE_BREAK.finditer(before))
        before = before[breaks[-1].end() :] if breaks else before
        named = [it for it in fig.items if _names_item(before, it)]
    return bool(named) and fig.item not in named


# Where a quantity's noun phrase turns to where or for whom it is ("... square feet outside the U.S.", "in Omaha")
_WHERE_AFTER = lazy(
    r"\s(?:outside|inside|in|at|on|for|to|across|within|from|by|near|around|under|over|throughout|worldwide)\b",
    re.I,
)


# Words that point back to a noun named before ("27,100 of them in research and development"), naming none
_POINTING = frozenset({"them", "those", "these", "which", "whom", "whose", "their", "its", "theirs"})


def _counted_words(words: set[str]) -> set[str]:
    return {"employ" if w in _PEOPLE else w[:5] for w in words - _UNIT_WORDS - _PERIOD_WORDS - _POINTING}


def _counts_another_noun(text: str, tf: Figure, fig: Figure) -> bool:
    """Does a passage's number count something else than the answer's quantity by the noun the quantity counts,
    written after it ("88 million square feet of floor space", "104,000 square feet of outdoor garden area")? The
    passage must name that noun, beyond the units, around its number: its noun phrase or the words that lead up
    to it ("the combined square footage at the following major locations totaled more than 88 million square
    feet" names no floor space; "104,000 square feet of enclosed space" no garden area). Only for a quantity
    (not money, a rate or a per-share amount), and only when the answer names such a noun."""
    if fig.kind != "number" or fig.currency:
        return False
    after = fig.after[:160]
    where = _WHERE_AFTER.search(after)  # "24 million square feet outside the U.S.": where, not what, it counts
    ours = _counted_words(_noun_phrase(after[: where.start()] if where else after))
    if not ours:
        return False
    lead = _lead_words(text[max(0, tf.start - 80) : tf.start])
    theirs = _counted_words(
        lead | _noun_phrase(text[tf.end : tf.end + 160]) | W.content_words(own_phrase(text, tf.start, tf.end))
    )
    return not ours & theirs


# A share in parentheses right after its amount ("2,200 (16%) in Europe"): the words after it, to the item's end
_SHARE_IN_PARENS = lazy(r"\s*\)([^,;()$\d]*?)(?=[,;()]|\.(?:\s|$)|$|\s*[$\d])")
_AMOUNT_BEFORE_PAREN = lazy(r"\d[\d,.]*(?:\s*(?:thousand|million|billion|trillion))?\s*\(\s*$", re.I)


def own_phrase(text: str, start: int, end: int, reach: int = 160) -> str:
    """The words a passage's number owns: its noun phrase after it when it has one ("$180 million release of
    previously reserved H20 inventory", "$650 million of H20 revenue"), else the clause that leads up to it and
    what follows it to the next break ("Networking revenue was $7.3 billion")."""
    share = _SHARE_IN_PARENS.match(text[end : end + reach])
    if share and _AMOUNT_BEFORE_PAREN.search(text[max(0, start - 40) : start]):
        # "9,600 (69%) were located in the United States and Canada, 2,200 (16%) in Europe, ...": a share in
        # parentheses after its amount owns that list item's words, not the item before it
        return share.group(1)
    after = text[end : end + reach]
    cut = _AFTER_END.search(after)
    after = after[: cut.start()] if cut else after
    lead = _OWN_LEAD.match(after)
    if lead and W.content_words(after[lead.end() :]) - _PERIOD_WORDS:
        return after
    if _SUBJECT.match(after) and not _lead_words(text[max(0, start - reach) : start]):
        return after  # "; 27,100 were engaged in research and development": the number heads its clause
    before = text[max(0, start - reach) : start]
    breaks = list(_BEFORE_BREAK.finditer(before))
    if breaks:
        before = before[breaks[-1].end() :]
    return before + " " + after


def _same_qualifier(theirs: str | None, ours: str | None) -> bool:
    """Do a passage's concept and the answer's qualify it the same way ("Data Center" and "Data Center"; none
    and none)?"""

    def norm(q: str | None) -> str:
        return " ".join(re.findall(r"[a-z0-9&]+", (q or "").lower()))

    return norm(theirs) == norm(ours)


def _row_is(label: str, qualifier: str) -> bool:
    """Is a table row's label the line the answer's qualifier names ("Networking", "Networking revenue")?"""
    words = " ".join(re.findall(r"[a-z0-9&]+", label.lower()))
    q = " ".join(re.findall(r"[a-z0-9&]+", qualifier.lower()))
    return words == q or bool(re.fullmatch(re.escape(q) + r"\s+(?:revenues?|net sales|sales|segment|total)", words))


def _filing_period(g: Grounder, accession: str | None) -> tuple[int, str] | None:
    """The fiscal year and period (FY, Q1-Q3) a filing reports, from its companyfacts rows; None when unknown."""
    if accession is None:
        return None
    periods = getattr(g, "_filing_periods", None)
    if periods is None:
        periods = {}
        for rows in g.everything.periods.values():
            for r in rows:
                if r[3] not in periods and r[4] and r[5]:
                    periods[r[3]] = (int(r[4]), str(r[5]).upper())
        g._filing_periods = periods
    return periods.get(accession)


def _unsaid_period(g: Grounder, src: TextSource) -> str:
    own = _filing_period(g, src.accession)
    if own is None:
        return "the period it refers to is not checked"
    fy, fp = own
    return "the passage names no period: read as its filing's own, " + (f"FY{fy}" if fp == "FY" else f"{fp} FY{fy}")


# A run of two or more years in a list ("2024, 2023 and 2022") and the "respectively" that closes it
_YEAR_RUN = lazy(r"(?<![\d,.$])(?:19|20)\d\d(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:19|20)\d\d)+(?=\W*respectively\b)")
# The same list without "respectively", right after the last of the numbers: "$48.1 billion, and $77.7 billion in
# 2023 and 2024"
_BARE_YEAR_RUN = lazy(
    r"^\s*(?:in|for|during)\s+(?:(?:the\s+)?(?:fiscal\s+)?years?\s+(?:ended\s+)?(?:[A-Z][a-z]+\s+\d{1,2},\s+)?)?"
    r"((?:19|20)\d\d(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:19|20)\d\d)+)\b(?!\s*,?\s*(?:19|20)\d\d)"
)


def respective_year(src: TextSource, tf: Figure) -> tuple[int, Figure] | None:
    """The year a respectively-list of a passage pairs the number with, and the list's first number (whose
    words say what every number of the list measures): the year in the number's place when its sentence lists
    as many numbers of its kind before the years as it lists years ("$1,779 million, $1,732 million and $1,586
    million for the years ended December 31, 2024, 2023 and 2022, respectively"; "$48.1 billion, and $77.7
    billion in 2023 and 2024"); None when the sentence is no such list."""
    text = src.text
    if not text:
        return None
    begin = max(text.rfind(". ", 0, tf.start), text.rfind("\n", 0, tf.start), text.rfind("; ", 0, tf.start)) + 1
    stop = [i for i in (text.find(". ", tf.end), text.find("\n", tf.end)) if i >= 0]
    end = min(stop) if stop else len(text)
    sentence = text[begin:end]
    run = _YEAR_RUN.search(sentence)
    if run is not None and begin + run.start() >= tf.end:
        years_text, run_start = run.group(0), begin + run.start()
    else:
        # no "respectively": the years must follow the list's last number right away
        later = [f for f in src.figures if tf.start <= f.start and f.end <= end and f.kind == tf.kind]
        last = max(later, key=lambda f: f.start, default=None)
        bare = _BARE_YEAR_RUN.match(text[last.end : end]) if last is not None else None
        if last is None or bare is None:
            return None
        years_text, run_start = bare.group(1), last.end + bare.start(1)
    years = [int(y) for y in re.findall(r"(?:19|20)\d\d", years_text)]
    numbers = [
        f
        for f in src.figures
        if begin <= f.start and f.end <= run_start and f.kind == tf.kind and f.currency == tf.currency
    ]
    if len(numbers) != len(years):
        return None
    place = next((i for i, f in enumerate(numbers) if f.start == tf.start), None)
    return (years[place], numbers[0]) if place is not None else None


def text_source(
    label: str, accession: str | None, url: str | None, text: str, figures: list[Figure] | None = None
) -> TextSource:
    """A passage or document as support: its numbers (``figures`` when already read, see figures_payload)."""
    low = text[:200_000].lower()
    if figures is None:
        figures = text_figures(text)
    return TextSource(
        label, accession, url, figures, text=text, in_millions="in millions" in low, in_thousands="in thousands" in low
    )


def text_figures(text: str) -> list[Figure]:
    """The numbers of a cited text (no claimed periods: a filing's numbers are looked up, not checked)."""
    return [f for f in extract_figures(text, periods=False) if f.kind in NUMERIC]


# The figures of a cited document are cached beside its parse; the key changes with the code that reads them.
FIGURES_VERSION = hashlib.sha1(
    b"".join(Path(__file__).with_name(n).read_bytes() for n in ("claims.py", "periods.py", "wording.py"))
).hexdigest()[:12]
_FIELDS = ("text", "start", "end", "kind", "currency", "scale", "negative", "approximate", "context")


def figures_payload(figures: list[Figure]) -> bytes:
    rows = [
        [getattr(f, k) for k in _FIELDS]
        + [str(f.value) if f.value is not None else None, str(f.step) if f.step is not None else None]
        for f in figures
    ]
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
            if quantity != bool(src.text and W.QUANTITY_AFTER.match(src.text[tf.end : tf.end + 60])) or (
                quantity and tf.currency
            ):
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

_YEARISH = lazy(rf"\b(?:{P.MONTH_PATTERN}\.?\s+\d{{1,2}},?\s+)?(?:19|20)\d\d\b")


@dataclass
class TableCell:
    """Where a number sits in a table row of a document's text (rows are lines, cells joined by " | ")."""

    row: str  # the whole row, its label first ("Data Center | $115,186 | $47,525 | $15,005")
    above: str  # the lines above it in the same table: its title and column heads
    column_head: str | None  # the head of the number's column when one names a year or a date
    values_in_row: int  # how many cells of the row hold numbers (more than one: columns matter)
    index: int = 0  # the number's cell in the row (0: the label)


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
    above = text[0 if block < 0 else block + 2 : ls].split("\n")[-8:]
    head = None
    for prior in reversed(above):
        hc = prior.split(" | ")
        if sum(1 for c in hc if _YEARISH.search(c)) >= 2:
            if k <= len(hc) and _YEARISH.search(hc[-k]):
                head = hc[-k].strip()
            break
    values = sum(1 for c in cells[1:] if re.search(r"\d", c))
    return TableCell(line, "\n".join(above), head, values, idx)


def head_date(head: str) -> tuple[date | None, int | None]:
    """A column head's date ("Jan 26, 2025") or bare year ("2024")."""
    m = P.LONG_DATE.search(head)
    if m:
        return P.parse_day(m.group(3), m.group(1), m.group(2)), None
    m = re.search(r"\b((?:19|20)\d\d)\b", head)
    return None, (int(m.group(1)) if m else None)

"""The period an answer claims for a figure, and the facts that fit it.

A figure's period is a fiscal year and quarter mentioned next to it, or leading
its sentence, or set by an earlier sentence of the paragraph; a date next to it
("as of January 28, 2024", "six months ended July 30, 2017") with the kind of
period the words name (a balance, a quarter, a half-year, nine months, a year).
A figure introduced as a comparison ("up from $27.0 billion", "a year earlier")
takes no period rather than a wrong one.

A :class:`Claim` says which facts fit that period. Calendar wording ("in 2024",
"Q3 2024") at a company whose fiscal year does not end in December can mean two
of its fiscal periods; :func:`readings` names each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypeVar

from ..patterns import lazy
from ..xbrl.periods import FiscalCalendar
from ..xbrl.records import FactRecord
from .wording import GROWTH_CUE

T = TypeVar("T")

if TYPE_CHECKING:
    from .claims import Figure, Sentences

MONTHS = {
    m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))
}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}

MONTH_PATTERN = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# A date that says when a document was filed, not what period a figure is for: "the 10-K/A filed 2010-01-25",
# "its 10-K/A of January 25, 2010", "a report dated ..."
FILING_DATE = lazy(
    r"(?:\b(?:filed|dated|submitted)(?:\s+(?:on|with the SEC on))?|\b(?:10-K|10-Q|20-F|40-F|8-K|"
    r"6-K)(?:/A)?\s+(?:of|from))\s*\(?$",
    re.I,
)
_SPLIT_YEAR = lazy(r"\d{4}\s+(?:[\w-]+-for-[\w-]+\s+)?(?:(?:stock|share)\s+)?split\b", re.I)
# "Form 20-F for 2024", "10-K for fiscal 2023", "10-Q for the second quarter of fiscal 2024": the filing a figure
# is presented in (verification/filings_named.py), not the period the figure is for
FILING_FOR = lazy(
    r"(?:Form\s+)?(?P<form>10-K(?:/A)?|10-Q(?:/A)?|20-F(?:/A)?|40-F(?:/A)?)\s+for\s+(?:the\s+)?"
    r"(?:(?P<qw>first|second|third|fourth)\s+quarter\s+of\s+|Q(?P<qn>[1-4])\s+)?"
    r"(?:(?:fiscal\s+)?year\s+|fiscal\s+|FY\s?)?(?P<year>(?:19|20)\d\d)\b",
    re.I,
)
# "fiscal 2025 Form 10-K", "2019 10-K", "third-quarter 2022 Form 10-Q", "Q3 2022 10-Q", "FY2024 annual report on
# Form 10-K", "its 2024 annual report" (the company's annual form, whichever it files): a filing named by its
# fiscal year (and quarter)
FILING_NAMED = lazy(
    r"(?:(?P<qw>first|second|third|fourth)[- ]quarter\s+(?:of\s+)?|Q(?P<qn>[1-4])\s+)?"
    r"(?:fiscal(?:\s+year)?\s+|FY\s?)?(?P<year>(?:19|20)\d\d)\s+(?:(?:annual|quarterly)\s+report\s+on\s+)?"
    r"(?:Form\s+)?(?P<form>10-K(?:/A)?|10-Q(?:/A)?|20-F(?:/A)?|40-F(?:/A)?|annual\s+report(?!\s+on\b))(?![\w/-])",
    re.I,
)
_SPLIT_IN = lazy(r"\bsplit\s+(?:in|of|on)\s+(?:[A-Z][a-z]+\.?\s+)?$", re.I)
_ISO_DATE = lazy(r"\b(\d{4})-(\d{2})-(\d{2})\b")
LONG_DATE = lazy(rf"\b({MONTH_PATTERN})\.?\s+(\d{{1,2}}),?\s+(\d{{4}})\b")
_DMY_DATE = lazy(rf"\b(\d{{1,2}})\s+({MONTH_PATTERN})\.?,?\s+(\d{{4}})\b")
# "12/28/2024", "1/28/2024": the US month/day/year an SEC filer writes (a day past 12 first is no such date)
_US_NUMERIC_DATE = lazy(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
# ("calendar Q1", "the first calendar quarter", "the calendar third quarter": calendar wording said outright)
_QUARTER = lazy(
    r"\b(?:calendar[- ])?Q([1-4])\b|\b(?:calendar[- ])?(first|second|third|fourth)[- ](?:(?:fiscal|calendar)[- ])?quarter\b",
    re.I,
)
_ORDINAL = r"(?:first|second|third|fourth)"
_QUARTER_LIST = lazy(rf"\b{_ORDINAL}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_ORDINAL})+[- ](?:fiscal[- ])?quarters\b", re.I)
_FISCAL = lazy(r"\b(?:FY|F|fiscal(?:[- ]year)?)\s?'?(\d{4}|\d{2})\b", re.I)
# "fiscal fourth-quarter 2025", "the third fiscal quarter of 2024", "fiscal Q4 2025": the year after a quarter the
# sentence calls fiscal is a fiscal year
_FISCAL_QUARTER_YEAR = lazy(
    r"\b(?:fiscal[- ](?:(?:first|second|third|fourth)[- ]quarter|Q[1-4])|(?:first|second|third|fourth)[- ]fiscal[- ]"
    r"quarter)\s+(?:of\s+)?(?P<year>(?:19|20)\d\d)\b",
    re.I,
)
_BARE_YEAR = lazy(
    r"(?<![\w$.,#-])(19[89]\d|20\d\d)(?![\w,.%]*\d)(?!\s*(?:%|percent|(?i:thousand|million|"
    r"billion|trillion|shares)))"
)
STRONG_CUE = lazy(
    r"\b(?:prior[- ]year|previous (?:fiscal )?year|preceding year|a year (?:earlier|ago|before)"
    r"|year[- ]ago|last year|prior period)\b",
    re.I,
)
# "slightly below 2022": a period right after "below" or "above" is what the figure is compared with
WEAK_CUE = lazy(r"\b(?:from|compared|versus|vs\.?|against|than|(?:below|above)(?=\s*$))\b", re.I)
# The base of a change: "up 126% from 2023", "114% over fiscal 2024"
# "up 71% on 2020": "on" right before the period names the base too
CHANGE_BASE = lazy(r"\b(?:from|compared|versus|vs\.?|against|than|over|since|relative to|on(?=\s*$))\b", re.I)
_YEAR_CUE = lazy(r"year", re.I)
# A change stated as an amount: "increased $69.6 billion", "up by $33.9 billion", "a decline of $1.2 billion"
_CHANGE_BEFORE = lazy(
    r"\b(?:increas\w*|decreas\w*|gr[eo]w\w*|ros[ee]|fell|declin\w*|jump\w*|drop\w*|up|down|"
    r"higher|lower|climb\w*|rise|gain\w*)\s+(?:by\s+|of\s+)?"
    r"(?:about\s+|approximately\s+|roughly\s+|nearly\s+|some\s+|over\s+)?$",
    re.I,
)
# "rose 4.5%, or $6.8 billion, to ...": an amount after "or" restating a growth rate is the change in money
CHANGE_RESTATED = lazy(
    r"\b(?:increas\w*|decreas\w*|gr[eo]w\w*|ros[ee]|fell|declin\w*|jump\w*|drop\w*|up|down|climb\w*|rise|"
    r"gain\w*)\s+(?:by\s+)?(?:about\s+|approximately\s+|roughly\s+|nearly\s+)?\d[\d.,]*\s*(?:%|percent)\s*,?\s*"
    r"or\s+(?:about\s+|approximately\s+|roughly\s+|nearly\s+)?$",
    re.I,
)
_PART_OF_YEAR = lazy(
    r"\b(?:first|1st)[- ]half\b|\bH1\b|\bhalf[- ]year\b|\b26[- ]weeks\b"
    r"|\b(?:the|first)\s+(?:six|6)[- ]months\b|\b(?:six|6)[- ]months(?=\s+end(?:ed|ing)\b)"
    r"|(?P<nine>\b(?:the|first)\s+(?:nine|9)[- ]months\b|\b(?:nine|9)[- ]months(?=\s+end(?:ed|ing)\b)"
    r"|\b9M\b|\b39[- ]weeks\b)",
    re.I,
)


# A part of the year a derivation takes away, with no amount of its own after it
_SUBTRACTED = lazy(r"\b(?:less|minus|subtract(?:ing|ed)?|without)\s+(?:the\s+|its\s+)?$", re.I)
_AMOUNT_NEXT = lazy(r"[^.;]{0,20}?(?:[$\d]|\b(?:US|NT|RMB|EUR|GBP|JPY)\b)")


@dataclass
class Mention:
    """A period named in the text: a fiscal year, a quarter, a calendar year or a date."""

    kind: str  # fiscal_year, year, quarter, date
    start: int
    end: int
    text: str
    year: int | None = None
    quarter: int | None = None
    day: date | None = None
    part: str | None = None  # H1 or 9M for a half-year or nine months ("six months ended", "first half")
    role: str | None = None  # for a date: "end" ("year ended D"), "as_of" ("as of D"), "start" ("beginning D")


# The words that make a date a period's end ("the fiscal year ended October 1, 2023": checked against period
# ends only, exactly), a balance date ("as of", "at": a period end too, but a date like any other in prose,
# so only a fiscal year's end next to it is taken as meant) or a start; a date with none is checked against both.
_END_WORDS = lazy(r"\b(?:end(?:ed|ing|s)?|through|thru|closed|close\s+of|to)\s+(?:on\s+)?$", re.I)
_AS_OF_WORDS = lazy(r"\b(?:as\s+(?:of|at)|at)\s+$", re.I)
_START_WORDS = lazy(r"\b(?:beg[ia]n(?:ning|s)?|begun|start(?:ed|ing|s)?|commenc(?:ed|ing|es))\s+(?:on\s+)?$", re.I)
_EVENT_AFTER = lazy(
    r"\s+(?:[\w#-]+\s+){0,2}(?:stock\s+|share\s+)?(?:split|reverse split|spin-?off|"
    r"acquisition|merger|IPO|listing)\b",
    re.I,
)
_FISCAL_YEARS = lazy(r"\b(?:fiscal[- ]years|FYs)\s*$", re.I)
# "founded in 1976", "went public in 1999", "10-K filed in 2025": the year of an event in the company's life (or of a
# filing), not a figure's period
_EVENT_BEFORE = lazy(
    r"\b(?:founded|incorporated|established|formed|listed|went public|IPO'?d?|spun off|"
    r"(?:10-K|10-Q|20-F|40-F|8-K|report|filing)(?:/A)?\s+filed)"
    r"(?:\s+\w+){0,2}\s+(?:in|on|since)\s+$",
    re.I,
)
# "as presented in the fiscal 2025 10-K", "its 2024 annual report": the year names a filing, not a figure's period
_FILING_AFTER = lazy(r"\s*(?:Form\s+)?(?:10-K|10-Q|20-F|40-F|annual report|proxy statement)(?:/A)?s?\b", re.I)
# What joins the items of a list of periods: "fiscal 2024 and 2023", "2022, 2023 and 2024", "2022, 2023, and 2024"
# Where a sentence's clauses part: "; " or ", and|but|while|whereas" before a word that starts a new clause (not a
# figure or a year of a list: "in 2022, 2023, and 2024")
_CLAUSE_BREAK = lazy(r";\s+|,\s+(?:and|but|while|whereas)\s+(?![$\d(]|fiscal\b|FY)", re.I)
LIST_JOIN = lazy(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)\s*", re.I)


# A calendar year the sentence calls a fiscal year: "calendar 2024, which NVIDIA counts as fiscal 2025", "calendar
# 2024 (NVIDIA's fiscal 2025)", "calendar 2024 (its fiscal year ended January 31, 2025)"
_CALENDAR_AS_FISCAL = lazy(
    r"\bcalendar(?:\s+year)?\s+(?P<cy>(?:19|20)\d\d)\s*(?:,\s*|\(\s*|\s+|\s*[-\u2013\u2014]\s*)"
    r"(?:which\s+(?:[\w&.'\u2019-]+\s+){0,4}?(?:counts|calls|reports|labels|treats|designates|refers\s+to)\s+"
    r"(?:it\s+)?as\s+|i\.e\.,?\s+|or\s+|that\s+is,?\s+)?(?:(?:[\w&.-]+['\u2019]s?|its|the\s+company['\u2019]s)\s+)?"
    r"(?:(?:fiscal(?:\s+year)?\s+|FY\s?)(?P<fy>(?:19|20)\d\d)\b|fiscal\s+year\s+(?:ended|ending)\s+"
    rf"(?P<day>(?P<mon>{MONTH_PATTERN})\.?\s+(?P<dd>\d{{1,2}}),?\s+(?P<yy>\d{{4}})))",
    re.I,
)


@dataclass(frozen=True)
class CalendarAsFiscal:
    """A calendar year a sentence equates with a fiscal year: the fiscal year's label or last day."""

    calendar_year: int
    fiscal_year: int | None
    end: date | None
    text: str


def calendar_as_fiscal(sentence: str) -> CalendarAsFiscal | None:
    """The calendar year a sentence says is a fiscal year ("calendar 2024, which NVIDIA counts as fiscal 2025"),
    or None. Whether the fiscal year lies mostly in that calendar year is for the caller to check."""
    m = _CALENDAR_AS_FISCAL.search(sentence)
    if m is None:
        return None
    day = parse_day(m.group("yy"), m.group("mon"), m.group("dd")) if m.group("day") else None
    if m.group("day") and day is None:
        return None
    fy = int(m.group("fy")) if m.group("fy") else None
    return CalendarAsFiscal(int(m.group("cy")), fy, day, m.group(0))


def fiscal_year_called(cal: FiscalCalendar, said: CalendarAsFiscal) -> int | None:
    """The fiscal year a sentence calls its calendar year, when that fiscal year (by the company's calendar) lies
    mostly in the calendar year; None when it does not (the sentence's equation is false) or is unknown."""
    for label, start, end in _years_around(cal, date(said.calendar_year, 7, 1)):
        if (said.fiscal_year is not None and label == said.fiscal_year) or (said.end is not None and end == said.end):
            return label if lies_mostly_in(start, end, said.calendar_year) else None
    return None


def lies_mostly_in(start: date, end: date, year: int) -> bool:
    """Does the period [start, end] lie mostly (more than half a year) in the calendar year?"""
    return overlap_days(start, end, date(year, 1, 1), date(year, 12, 31)) > 182


def parse_day(y: str, m: str, d: str) -> date | None:
    try:
        month = int(m) if m.isdigit() else MONTHS[m[:3].lower()]
        return date(int(y), month, int(d))
    except (ValueError, KeyError):
        return None


def find_mentions(text: str, masked: str) -> tuple[list[Mention], str]:
    """Dates, fiscal years, quarters and calendar years, and the text with them masked."""
    out: list[Mention] = []
    chars = list(masked)

    def take(m: re.Match, mention: Mention) -> None:
        out.append(mention)
        chars[m.start() : m.end()] = "#" * (m.end() - m.start())

    for m in FILING_FOR.finditer(text):  # "in its Form 20-F for 2024": the filing, not the figure's period
        chars[m.start() : m.end()] = "#" * (m.end() - m.start())

    for rx, order in (
        (_ISO_DATE, (1, 2, 3)),
        (LONG_DATE, (3, 1, 2)),
        (_DMY_DATE, (3, 2, 1)),
        (_US_NUMERIC_DATE, (3, 1, 2)),
    ):
        for m in rx.finditer("".join(chars)):
            d = parse_day(*(m.group(i) for i in order))
            if d is not None and FILING_DATE.search(text[max(0, m.start() - 40) : m.start()]):
                chars[m.start() : m.end()] = "#" * (m.end() - m.start())  # when a filing was made: no period
            elif d is not None:
                take(m, Mention("date", m.start(), m.end(), text[m.start() : m.end()], year=d.year, day=d))
    for m in _FISCAL_QUARTER_YEAR.finditer("".join(chars)):
        a, b = m.span("year")
        out.append(Mention("fiscal_year", a, b, text[a:b], year=int(m.group("year"))))
        chars[a:b] = "#" * (b - a)
    for m in _FISCAL.finditer("".join(chars)):
        y = int(m.group(1))
        take(m, Mention("fiscal_year", m.start(), m.end(), text[m.start() : m.end()], year=_full_year(y)))
    for m in _QUARTER_LIST.finditer("".join(chars)):  # "the first and second quarters": one mention each
        words = list(re.finditer(r"first|second|third|fourth", m.group(0), re.I))
        for k, w in enumerate(words):
            a = m.start() + w.start()
            b = m.end() if k == len(words) - 1 else m.start() + w.end()  # the last one takes "quarters"
            out.append(Mention("quarter", a, b, f"{w.group(0)} quarter", quarter=ORDINALS[w.group(0).lower()]))
        chars[m.start() : m.end()] = "#" * (m.end() - m.start())
    for m in _QUARTER.finditer("".join(chars)):
        q = int(m.group(1)) if m.group(1) else ORDINALS[m.group(2).lower()]
        take(m, Mention("quarter", m.start(), m.end(), text[m.start() : m.end()], quarter=q))
    for m in _PART_OF_YEAR.finditer("".join(chars)):
        if _SUBTRACTED.search(text[max(0, m.start() - 30) : m.start()]) and not _AMOUNT_NEXT.match(text, m.end()):
            continue  # "the full year less the first nine months": how a quarter was derived, not a period
        take(
            m, Mention("quarter", m.start(), m.end(), text[m.start() : m.end()], part="9M" if m.group("nine") else "H1")
        )
    for m in _BARE_YEAR.finditer("".join(chars)):
        if (
            _SPLIT_YEAR.match(text, m.start())
            or _SPLIT_IN.search(text[max(0, m.start() - 30) : m.start()])
            or _in_split_parenthesis(text, m.start())
        ):
            chars[m.start() : m.end()] = "#" * (m.end() - m.start())  # "the 2020 four-for-one stock split", "split
            continue  # in June 2024": when a split was, neither a period nor an amount
        take(m, Mention("year", m.start(), m.end(), text[m.start() : m.end()], year=int(m.group(1))))
    out.sort(key=lambda x: x.start)
    _read_lists(text, out)
    return out, "".join(chars)


# What a parenthesis about a split says: "(four-for-one, August 2020)", "(4-for-1 split, June 2024)"
_SPLIT_WORDS = lazy(r"\b[\w-]+-for-[\w-]+\b|\bsplit\b", re.I)


def _in_split_parenthesis(text: str, at: int) -> bool:
    """Is the year at ``at`` inside a parenthesis about a stock split ("On a split-adjusted basis (four-for-one,
    August 2020)")? Then it is when the split was, not a figure's period."""
    opened = text.rfind("(", max(0, at - 60), at)
    if opened < 0 or ")" in text[opened:at]:
        return False
    shut = text.find(")", at, at + 60)
    return shut >= 0 and _SPLIT_WORDS.search(text[opened + 1 : shut]) is not None


def _read_lists(text: str, mentions: list[Mention]) -> None:
    """What a list of periods shares: "fiscal 2024 and 2023" are two fiscal years (the fiscal word distributes);
    "ended January 28, 2024 and January 29, 2023" are two ends. Each date's own role ("ended D": an end) first."""
    for mn in mentions:
        if mn.kind == "date":
            before = text[max(0, mn.start - 30) : mn.start]
            mn.role = (
                "end"
                if _END_WORDS.search(before)
                else "as_of"
                if _AS_OF_WORDS.search(before)
                else "start"
                if _START_WORDS.search(before)
                else None
            )
    for mn in mentions:  # "its 2020 four-for-one split": the year of an event, not a period of a figure
        if mn.kind in ("year", "fiscal_year") and (
            _EVENT_AFTER.match(text, mn.end) or _EVENT_BEFORE.search(text[max(0, mn.start - 40) : mn.start])
        ):
            mn.kind = "event_year"
    for mn in mentions:  # "as presented in the fiscal 2025 10-K": the year of a filing is a figure's period only
        if mn.kind in ("year", "fiscal_year") and _FILING_AFTER.match(text, mn.end):  # when the sentence names no other
            if any(
                o is not mn
                and o.kind in ("year", "fiscal_year", "quarter", "date")
                and not _FILING_AFTER.match(text, o.end)
                and not re.search(r"[.!?]\s", text[min(o.end, mn.end) : max(o.start, mn.start)])
                for o in mentions
            ):
                mn.kind = "event_year"
    for mn in mentions:  # "fiscal years 2024 and 2023", "FYs 2024 and 2023"
        if mn.kind == "year" and _FISCAL_YEARS.search(text[max(0, mn.start - 20) : mn.start]):
            mn.kind = "fiscal_year"
    for prev, mn in zip(mentions, mentions[1:]):
        if not LIST_JOIN.fullmatch(text[prev.end : mn.start]):
            continue
        if prev.kind == "fiscal_year" and mn.kind == "year":
            mn.kind = "fiscal_year"
        elif prev.kind == mn.kind == "date" and mn.role is None:
            mn.role = prev.role


def _full_year(y: int) -> int:
    """FY24 is 2024, FY99 is 1999: two-digit years pivot at 50."""
    if y >= 100:
        return y
    return 1900 + y if y >= 50 else 2000 + y


def attach_period(fig: Figure, text: str, sents: Sentences) -> None:
    """Give a figure the period the text claims for it (see the module docstring)."""
    idx = sents.index(fig.start)
    fig.context = sents.context(fig.start, fig.end)
    if idx < 0:
        return
    s, e, para = sents.spans[idx]
    fig.sentence = (s, e)
    in_sentence = sents.figures.get(idx, [])
    earlier_figs = [f for f in in_sentence if f.end <= fig.start]
    prev_fig = max((f.end for f in earlier_figs), default=None)
    next_fig = min((f.start for f in in_sentence if f.start >= fig.end), default=None)
    fig.clause = text[prev_fig if prev_fig is not None else s : fig.start]
    fig.lead = text[s : fig.start]
    fig.after = text[fig.end : next_fig if next_fig is not None else e]
    if idx > 0 and sents.spans[idx - 1][2] == para:
        fig.previous = text[sents.spans[idx - 1][0] : sents.spans[idx - 1][1]]
    after_text = text[fig.end : min(e, fig.end + 40, next_fig if next_fig is not None else e)]
    before_text = text[max(s, fig.start - 40, prev_fig if prev_fig is not None else s) : fig.start]
    change = is_change(fig)
    if not change and (STRONG_CUE.search(after_text) or STRONG_CUE.search(before_text)):
        # "$60.9 billion in fiscal 2024, up from $27.0 billion a year earlier": the year before the sentence's
        # period; a growth rate "up 126% from a year earlier" is not a comparison figure, it is the change.
        _prior_year(fig, earlier_figs, STRONG_CUE.search(after_text) or STRONG_CUE.search(before_text))
        return
    between = text[prev_fig : fig.start] if prev_fig is not None else ""
    cues = list(WEAK_CUE.finditer(between))
    compared = bool(cues)
    # "from $27.0 billion in fiscal 2023 to $60.9 billion": the year next to the base is not the end point's
    to_end = (
        prev_fig is not None
        and re.search(r"\bto\s*$", between) is not None
        and bool(earlier_figs)
        and re.search(r"\bfrom\s*$", text[s : max(f.start for f in earlier_figs)][-12:]) is not None
    )
    here = sents.mentions.get(idx, [])
    # "fiscal 2026 revenue ($215.9 billion) far exceeded its fiscal 2025 total": a figure in parentheses is said of
    # the words before them; a period after the closing parenthesis is the next clause's
    closing = None
    if fig.text.startswith("(") or text[max(s, fig.start - 1) : fig.start] == "(":
        shut = text.find(")", fig.end - 1, e)
        closing = shut if shut >= 0 else None

    def restated(mn: Mention) -> bool:
        """A period in parentheses right after another ("fourth quarter of fiscal 2025 (the January 2025
        quarter)"): it says the same period again, in other words."""
        op = text.rfind("(", s, mn.start)
        if op < 0 or text.find(")", op, mn.start) >= 0:
            return False
        if any(op < f.start < mn.start for f in in_sentence) or CHANGE_BASE.search(text[op : mn.start]):
            return False  # "fiscal 2025 (versus 15.81 billion in fiscal 2024)": another figure's period
        return any(o is not mn and o.end <= op and not text[o.end : op].strip() for o in here)

    def near(kinds: tuple[str, ...]) -> tuple[Mention | None, str | None]:
        cands = [mn for mn in here if mn.kind in kinds]
        kept = [mn for mn in cands if not restated(mn)]
        cands = kept if kept else cands
        # "up 33.9% from 2023": a year after a comparison word is the base of the comparison, not the claim
        # (but "grew 114% from fiscal 2024 to fiscal 2025": the year after "to" is the change's period)
        after = [
            mn
            for mn in cands
            if mn.start >= fig.end
            and mn.start - fig.end <= 40
            and (next_fig is None or mn.start < next_fig)
            and (closing is None or mn.start < closing)
            # "fiscal 2024 $8.68 billion, fiscal 2025 $12.91 billion": a period right in front of the next figure,
            # after only a comma, is that figure's
            and not (
                next_fig is not None
                and re.fullmatch(r"[\s,;]*", text[fig.end : mn.start])
                and re.fullmatch(r"[\s:=-]*", text[mn.end : next_fig])
            )
            and (
                not (CHANGE_BASE if change else WEAK_CUE).search(text[fig.end : mn.start])
                or (change and re.search(r"\bto\s*$", text[fig.end : mn.start]))
            )
        ]
        if after:
            return after[0], "next_to_figure"
        # "in fiscal 2024, from $27.0 billion": a year before the comparison word is not the base's
        lo = prev_fig + cues[-1].end() if cues else prev_fig  # type: ignore[operator]  # cues: prev_fig is set
        before = [
            mn
            for mn in cands
            if mn.end <= fig.start and fig.start - mn.end <= 60 and (lo is None or mn.start > lo) and not to_end
        ]
        if before:
            return before[-1], "next_to_figure"
        if compared:
            return None, None
        first_fig = min(f.start for f in in_sentence)
        lead = [mn for mn in cands if mn.end <= first_fig]
        if lead:
            return lead[-1], "sentence"
        # One period named once in the sentence, for no comparison, is the sentence's period.
        main = [mn for mn in cands if not _is_comparison(text, sents, idx, mn)]
        if main and len({(mn.year, mn.quarter, mn.part, mn.day) for mn in main}) == 1 and kinds != ("date",):
            return main[0], "sentence"
        # "Snowflake's revenue grew 29% to $3.63 billion in fiscal 2025, and Apple's net income for fiscal 2024
        # was ...": one period named once in the figure's own clause is that clause's period
        lo_c = max((m.end() for m in _CLAUSE_BREAK.finditer(text, s, fig.start)), default=s)
        hi_m = _CLAUSE_BREAK.search(text, fig.end, e)
        hi_c = hi_m.start() if hi_m else e
        own = [mn for mn in main if lo_c <= mn.start and mn.end <= hi_c]
        if (
            (lo_c, hi_c) != (s, e)
            and own
            and len({(mn.year, mn.quarter, mn.part, mn.day) for mn in own}) == 1
            and kinds != ("date",)
        ):
            return own[0], "sentence"
        return None, None

    year, source = near(("fiscal_year", "year"))
    if year is None and not compared and not [mn for mn in here if mn.kind in ("fiscal_year", "year")]:
        earlier: list[Mention] = []
        j = idx - 1
        while j >= 0 and sents.spans[j][2] == para:
            years = [mn for mn in sents.mentions.get(j, []) if mn.kind in ("fiscal_year", "year")]
            if years:
                # A year given for a comparison ("up 71% from $31.5 billion in 2020") is not the paragraph's period.
                earlier = [mn for mn in years if not _is_comparison(text, sents, j, mn)]
                break
            j -= 1
        if earlier:
            year, source = earlier[0], "paragraph"
    if year is not None:
        fig.fiscal_year = year.year
        fig.period_basis = "fiscal" if year.kind == "fiscal_year" else "calendar"
        fig.period_source = source
        fig.period_text = year.text
    quarter, _src = near(("quarter",))
    if quarter is not None:
        fig.fiscal_period = quarter.part or f"Q{quarter.quarter}"
        fig.period_text = f"{quarter.text} {fig.period_text or ''}".strip()
    day, _src = near(("date",))
    if (
        day is not None
        and _src == "sentence"
        and (
            re.search(
                r"\b(?:year|quarter|months|weeks)\s+end(?:ed|ing)\s*$", text[max(s, day.start - 30) : day.start], re.I
            )
            or _YTD_TO.search(text[max(s, day.start - 40) : day.start])
        )
    ):
        # "For the fiscal year ended January 26, 2025, ...", "Year to date through September 30, 2022, ..." set the
        # sentence's period
        _src = "next_to_figure"
    if day is not None and _src == "next_to_figure":
        fig.period_end, fig.period_end_role = day.day, day.role
        fig.period_text = fig.period_text or day.text
        fig.period_source = fig.period_source or "next_to_figure"
    _set_type(fig, quarter, day if _src == "next_to_figure" else None, text)


def names_no_period(sentence: str) -> bool:
    """Does a sentence name no period at all (no fiscal or calendar year, quarter or date)? Then an undated figure
    in it reads as the latest period; a figure in a sentence that names one but not for it (the base of "from
    $27.0 billion to $60.9 billion in fiscal 2024") is another matter."""
    mentions, _masked = find_mentions(sentence, sentence)
    return not mentions


def stale_undated(cited: bool, end, latest_end, sentence: str) -> bool:
    """The rule for an undated figure: it reads as the latest period of its kind, so a match found only for an
    older period (``end`` before ``latest_end``) confirms nothing, unless the answer cites the filing it used or
    its sentence names a period. Shared by facts (grounding.py) and derived figures (derived.py)."""
    return not cited and latest_end is not None and latest_end > end and names_no_period(sentence)


def is_change(fig: Figure) -> bool:
    """Does the figure state a change ("up 126%", "grew 114% year over year", "increased $69.6 billion"), whose
    base ("from a year earlier", "from fiscal 2024") is not its period?"""
    if fig.kind == "percent":
        return bool(GROWTH_CUE.search(fig.clause) or GROWTH_CUE.search(fig.after[:30]))
    if fig.kind in ("money", "number", "per_share", "shares"):
        return bool(_CHANGE_BEFORE.search(fig.clause) or CHANGE_RESTATED.search(fig.lead[-80:]))
    return False


def _prior_year(fig: Figure, earlier: list[Figure], cue: re.Match | None) -> None:
    """A figure given "a year earlier" (or "in the prior-year quarter"): the year before the period of the
    figure it is compared with, when the sentence dates that one by fiscal or calendar year."""
    dated = [f for f in reversed(earlier) if f.fiscal_year is not None and f.period_end is None]
    base = next((f for f in dated if not is_change(f)), dated[0] if dated else None)
    ended = next((f for f in reversed(earlier) if f.period_end is not None and not is_change(f)), None)
    if base is None and ended is not None and cue is not None and _YEAR_CUE.search(cue.group(0)):
        # "$514.2 million as of December 31, 2024, up from $554.5 million a year earlier": the fiscal year before
        # the one that date ends (the grounder reads the company's calendar: 52/53-week years end on other days)
        fig.prior_to, fig.period_type, fig.period_source = ended.period_end, ended.period_type, "comparison"
        fig.period_text = f"the year before {ended.period_end} ({cue.group(0)})"
        fig.notes.append(f"introduced as a prior-year comparison with {ended.text} (at {ended.period_end})")
        return
    if base is None or cue is None or not _YEAR_CUE.search(cue.group(0)):
        fig.notes.append("introduced as a prior-period comparison; no period checked")
        return
    year = base.fiscal_year - 1  # type: ignore[operator]
    part = base.fiscal_period
    fig.fiscal_year, fig.fiscal_period, fig.period_basis = year, part, base.period_basis
    fig.period_type, fig.period_source = base.period_type, "comparison"
    named = f"FY{year}" if base.period_basis == "fiscal" else str(year)
    fig.period_text = f"{part + ' ' if part else ''}{named} ({cue.group(0)})"
    fig.notes.append(
        f"introduced as a prior-year comparison with {base.text} ({base.period_text}): read as "
        f"{part + ' ' if part else ''}{named}"
    )


_QUARTER_WORDS = lazy(r"\b(?:three|3)[- ]months?\b|\bquarter\b|\b13[- ]weeks?\b", re.I)
_YEAR_WORDS = lazy(r"\b(?:twelve|12)[- ]months?\b|\byear\b|\b5[23][- ]weeks?\b|\bannual\b", re.I)
_ENDED_ON = lazy(r"\bend(?:ed|ing|s)\s+on\s*$", re.I)
_YTD_TO = lazy(r"\b(?:year[- ]to[- ]date|YTD)\s+(?:through|thru|to|end(?:ed|ing)|as\s+of)\s+(?:on\s+)?$", re.I)
_INSTANT_WORDS = lazy(r"\b(?:as of|as at|at|on)\s*$", re.I)


def _set_type(fig: Figure, quarter: Mention | None, day: Mention | None, text: str = "") -> None:
    """The kind of period the wording claims: a quarter, a half-year or nine months, a year, or a balance."""
    if quarter is not None:
        fig.period_type = "ytd" if quarter.part else "quarterly"
    elif day is not None:
        before = text[max(0, day.start - 40) : day.start]
        if _YTD_TO.search(before):  # "year to date through September 30, 2022": the year-to-date period ending then
            fig.period_type = "ytd"
        elif _INSTANT_WORDS.search(before) and not _ENDED_ON.search(before):  # "the year that ended on D": a year
            fig.period_type = "instant"
        elif _QUARTER_WORDS.search(before):
            fig.period_type = "quarterly"
        elif _YEAR_WORDS.search(before):
            fig.period_type = "annual"
    elif fig.fiscal_year is not None:
        fig.period_type = "annual"


def _is_comparison(text: str, sents: Sentences, j: int, mn: Mention) -> bool:
    """Is a year in sentence ``j`` the period of a comparison ("from $31.5 billion in 2020", "a year earlier")?"""
    s = sents.spans[j][0]
    before = [f for f in sents.figures.get(j, []) if f.end <= mn.start]
    if not before:
        return False  # a year leading its sentence sets the period
    f = before[-1]
    between = text[f.end : mn.start]
    if WEAK_CUE.search(between) or STRONG_CUE.search(between):
        return True  # "$53.8 billion in 2021, compared with 2020"
    prev_end = before[-2].end if len(before) > 1 else s
    return bool(WEAK_CUE.search(text[prev_end : f.start]))  # "from $31.5 billion in 2020"


@dataclass
class Claim:
    """The period an answer ties a figure to, and the facts that fit it.

    A fiscal year is met by an annual duration of that year or a balance at its end; a quarter by that
    quarter's three months or a balance at its end; a half-year or nine months (H1, 9M) by that year-to-date
    duration; a date by a period ending on it, of the kind the words name ("as of" a balance, "six months
    ended" a half-year, "year ended" a year). Calendar wording at a company whose fiscal year does not end in
    December has no fiscal year of its own: :func:`readings` gives the fiscal periods it can mean.
    """

    fiscal_year: int | None = None
    quarter: str | None = None  # Q1-Q4, H1 or 9M
    end: date | None = None
    calendar_year: int | None = None  # calendar wording at a company whose fiscal year is not the calendar year
    period_type: str | None = None  # annual, quarterly, ytd, instant
    text: str | None = None
    reading: str | None = None  # for a reading of calendar wording: why it can mean this fiscal period
    span: tuple[date, date] | None = None  # for a reading: the fiscal period's dates, as the calendar projects them

    @property
    def stated(self) -> bool:
        return any(v is not None for v in (self.fiscal_year, self.quarter, self.end, self.calendar_year))

    def accepts(self, f: FactRecord) -> bool:
        if not self.stated:
            return True
        if self.end is not None:
            if f.end != self.end:  # a period end is a day: the fiscal year that ended September 30 is not October 1's
                return False
            if self.period_type and f.period_type != self.period_type:
                return False
            if f.period_type not in ("annual", "quarterly", "instant", "ytd"):
                return False
        # A date with the kind of period its words name ("the quarter ended June 30, 2014", "three months
        # ended"): that kind was checked above; without those words a date is a year or a balance.
        dated_kind = self.end is not None and self.quarter is None and self.period_type is not None
        if not dated_kind and f.period_type not in _TYPES_OF.get(self.quarter, ("quarterly", "instant")):
            return False
        if self.fiscal_year is None and self.calendar_year is not None:
            return calendar_fit(f, self.calendar_year, self.quarter)  # no fiscal calendar to read it with
        if self.fiscal_year is not None and f.fiscal_year != self.fiscal_year:
            return False
        if self.end is not None and self.fiscal_year is None and self.quarter is None:
            return True
        return f.fiscal_period == (self.quarter or "FY")

    def accepted(self, items: Iterable[T], period: Callable[[T], FactRecord]) -> list[T]:
        """Of ``items`` (facts, derivations), those whose period (``period(item)``) the claim accepts: the kind of
        period it names first, then the latest first."""
        out = [x for x in items if self.accepts(period(x))]
        out.sort(key=lambda x: (self.type_rank(period(x)), -period(x).end.toordinal()))
        return out

    def type_rank(self, f: FactRecord) -> int:
        """0 for the kind of period the claim names, more for others (annual first when none is named)."""
        if self.period_type:
            return 0 if f.period_type == self.period_type else 1 + _TYPE_ORDER.get(f.period_type, 5)
        if self.quarter:
            wanted = "ytd" if self.quarter in ("H1", "9M") else "quarterly"
            return 0 if f.period_type == wanted else 1 + _TYPE_ORDER.get(f.period_type, 5)
        return _TYPE_ORDER.get(f.period_type, 5)

    @property
    def named(self) -> str | None:
        """The period as a reason names it: the answer's words, or for a reading of calendar wording the fiscal
        period it is read as ("2024" read as FY2024: a value of FY2025 is not "not for 2024", which FY2025 lies
        mostly in, but not for FY2024)."""
        if self.reading:
            return f"{self.text} read as {self.describe()}"
        if self.text and self.end is not None and not re.search(r"\d{4}", self.text):
            return f"{self.text} ended {self.end}"  # "the six months" of "the six months ended June 30, 2021"
        return self.text

    def describe(self) -> str:
        """A reading's fiscal period in words: "FY2025 (2024-01-29 to 2025-01-26)"."""
        label = f"{self.quarter + ' ' if self.quarter else ''}FY{self.fiscal_year}"
        return f"{label} ({self.span[0]} to {self.span[1]})" if self.span else label


_TYPES_OF: dict[str | None, tuple[str, ...]] = {None: ("annual", "instant"), "H1": ("ytd",), "9M": ("ytd",)}
_TYPE_ORDER = {"annual": 0, "instant": 1, "quarterly": 2, "ytd": 3, "other": 4}


def overlap_days(start: date, end: date, lo: date, hi: date) -> int:
    return max(0, (min(end, hi) - max(start, lo)).days + 1)


def readings(claim: Claim, cal: FiscalCalendar) -> list[Claim]:
    """The fiscal periods calendar wording can mean at a company whose fiscal year is not the calendar year.

    A calendar year: the fiscal year that ends in it, and the one that lies mostly in it (NVIDIA's "2024" is
    FY2024, ended 2024-01-28, or FY2025, 2024-01-29 to 2025-01-26; Apple's is FY2024 either way). A quarter,
    half or nine months of a calendar year: the period the company labels so ("Q3 2024" as NVIDIA's Q3
    FY2024), and the fiscal period of that kind lying mostly in the calendar one (NVIDIA's Q3 FY2025). One
    reading when they agree; the claim itself when the calendar is unknown.
    """
    year = claim.calendar_year
    if year is None or claim.fiscal_year is not None or not cal.year_ends:
        return [claim]
    out: list[tuple[int, str | None, date, date, str]] = []
    if claim.quarter is None:
        lo, hi = date(year, 1, 1), date(year, 12, 31)
        fys = sorted({y for d in (lo, date(year, 7, 1), hi) if (y := cal.year_containing(d)) is not None})
        for label, start, end in fys:
            why = [
                w
                for w, ok in (
                    (f"ends in {year}", end.year == year),
                    (f"lies mostly in {year}", overlap_days(start, end, lo, hi) > 182),
                )
                if ok
            ]
            if why:
                out.append((label, None, start, end, " and ".join(why)))
    else:
        lo, hi = _calendar_span(year, claim.quarter)
        own = fiscal_span(cal, year, claim.quarter)
        best = _mostly_in(cal, claim.quarter, lo, hi)
        if best is None or "calendar" not in (claim.text or "").lower():
            # "calendar Q1 2025", said outright, is no fiscal label: only the fiscal quarter lying mostly in it
            out.append((year, claim.quarter, *(own or (lo, hi)), "is what the company calls it"))
        if best is not None and (best[0], best[1]) != (year, claim.quarter):
            said = claim.text or str(year)
            out.append((*best, f"lies mostly in {'' if 'calendar' in said.lower() else 'calendar '}{said}"))
    return [
        Claim(
            fiscal_year=label,
            quarter=q,
            end=claim.end,
            calendar_year=year,
            period_type=claim.period_type,
            text=claim.text,
            reading=why,
            span=(start, end),
        )
        for label, q, start, end, why in out
    ]


def _calendar_span(year: int, part: str) -> tuple[date, date]:
    if part == "H1":
        return date(year, 1, 1), date(year, 6, 30)
    if part == "9M":
        return date(year, 1, 1), date(year, 9, 30)
    q = int(part[1])
    hi = date(year, 12, 31) if q == 4 else date(year, 3 * q + 1, 1) - timedelta(days=1)
    return date(year, 3 * q - 2, 1), hi


def _sub_periods(start: date, end: date, part: str) -> list[tuple[str, date, date]]:
    """A fiscal year's quarters (or its half, nine months), by the calendar's dates (about 91 days each)."""
    if part in ("H1", "9M"):
        days = 182 if part == "H1" else 273
        return [(part, start, start + timedelta(days=days - 1))]
    length = (end - start).days + 1
    bounds = [start + timedelta(days=round(length * k / 4)) for k in range(5)]
    return [(f"Q{k + 1}", bounds[k], bounds[k + 1] - timedelta(days=1) if k < 3 else end) for k in range(4)]


def fiscal_span(cal: FiscalCalendar, label: int, part: str) -> tuple[date, date] | None:
    """A quarter's (or half's, nine months') dates in a fiscal year, as the calendar projects them (about 91 days
    a quarter: within days of the reported ones, not exact)."""
    for lab, start, end in _years_around(cal, date(label, 6, 30)):
        if lab == label:
            return next(((a, b) for p, a, b in _sub_periods(start, end, part) if p == part), None)
    return None


def _mostly_in(cal: FiscalCalendar, part: str, lo: date, hi: date) -> tuple[int, str, date, date] | None:
    """The fiscal period of the kind ``part`` names that lies mostly in [lo, hi], if any."""
    best, most = None, (hi - lo).days // 2
    kinds = ("H1",) if part == "H1" else ("9M",) if part == "9M" else ("Q1", "Q2", "Q3", "Q4")
    for label, start, end in _years_around(cal, lo, hi):
        for p, a, b in _sub_periods(start, end, part):
            if p in kinds and overlap_days(a, b, lo, hi) > most:
                best, most = (label, p, a, b), overlap_days(a, b, lo, hi)
    return best


def _years_around(cal: FiscalCalendar, lo: date, hi: date | None = None) -> list[tuple[int, date, date]]:
    """The fiscal years (label, start, end) overlapping [lo - 1 year, hi + 1 year]."""
    hi = hi or lo
    days = range(-370, (hi - lo).days + 371, 60)
    return sorted({y for d in days if (y := cal.year_containing(lo + timedelta(days=d))) is not None})


def calendar_fit(f: FactRecord, year: int, quarter: str | None) -> bool:
    """Does a fact's period fit a calendar year (or a calendar quarter of it)? For companies whose fiscal
    calendar is unknown (no annual report in the facts); otherwise :func:`readings` decides."""
    if quarter is None:
        if f.period_type == "annual" and f.start is not None:
            return f.end.year == year or overlap_days(f.start, f.end, date(year, 1, 1), date(year, 12, 31)) > 182
        if f.period_type == "instant":
            return f.fiscal_period == "FY" and (f.end.year == year or (f.end.year == year + 1 and f.end.month == 1))
        return False
    lo, hi = _calendar_span(year, quarter)
    if f.fiscal_period == quarter and f.fiscal_year == year:
        return True  # "Q4 2024" as the company labels it
    if f.period_type in ("quarterly", "ytd") and f.start is not None:
        return overlap_days(f.start, f.end, lo, hi) > (hi - lo).days // 2
    return f.period_type == "instant" and abs((f.end - hi).days) <= 7

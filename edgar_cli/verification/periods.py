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
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from ..models import FactValue
from ..xbrl.grounding import describe_period

if TYPE_CHECKING:
    from .claims import Figure, Sentences

MONTHS = {m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                          "nov", "dec"))}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}

MONTH_PATTERN = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|" \
         r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
LONG_DATE = re.compile(rf"\b({MONTH_PATTERN})\.?\s+(\d{{1,2}}),?\s+(\d{{4}})\b")
_DMY_DATE = re.compile(rf"\b(\d{{1,2}})\s+({MONTH_PATTERN})\.?,?\s+(\d{{4}})\b")
_QUARTER = re.compile(r"\bQ([1-4])\b|\b(first|second|third|fourth)[- ](?:fiscal[- ])?quarter\b", re.I)
_FISCAL = re.compile(r"\b(?:FY|F|fiscal(?:[- ]year)?)\s?'?(\d{4}|\d{2})\b", re.I)
_BARE_YEAR = re.compile(r"(?<![\w$.,#-])(19[89]\d|20\d\d)(?![\w,.%]*\d)(?!\s*(?:%|percent|(?i:thousand|million|"
                        r"billion|trillion|shares)))")
STRONG_CUE = re.compile(r"\b(?:prior[- ]year|previous (?:fiscal )?year|preceding year|a year (?:earlier|ago|before)"
                        r"|year[- ]ago|last year|prior period)\b", re.I)
WEAK_CUE = re.compile(r"\b(?:from|compared|versus|vs\.?|against|than)\b", re.I)


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
        chars[m.start():m.end()] = "#" * (m.end() - m.start())

    for rx, order in ((_ISO_DATE, (1, 2, 3)), (LONG_DATE, (3, 1, 2)), (_DMY_DATE, (3, 2, 1))):
        for m in rx.finditer("".join(chars)):
            d = parse_day(*(m.group(i) for i in order))
            if d is not None:
                take(m, Mention("date", m.start(), m.end(), text[m.start():m.end()], year=d.year, day=d))
    for m in _FISCAL.finditer("".join(chars)):
        y = int(m.group(1))
        take(m, Mention("fiscal_year", m.start(), m.end(), text[m.start():m.end()], year=_full_year(y)))
    for m in _QUARTER.finditer("".join(chars)):
        q = int(m.group(1)) if m.group(1) else ORDINALS[m.group(2).lower()]
        take(m, Mention("quarter", m.start(), m.end(), text[m.start():m.end()], quarter=q))
    for m in _BARE_YEAR.finditer("".join(chars)):
        take(m, Mention("year", m.start(), m.end(), text[m.start():m.end()], year=int(m.group(1))))
    out.sort(key=lambda x: x.start)
    return out, "".join(chars)


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
    prev_fig = max((f.end for f in in_sentence if f.end <= fig.start), default=None)
    next_fig = min((f.start for f in in_sentence if f.start >= fig.end), default=None)
    fig.clause = text[prev_fig if prev_fig is not None else s:fig.start]
    fig.lead = text[s:fig.start]
    fig.after = text[fig.end:next_fig if next_fig is not None else e]
    after_text = text[fig.end:min(e, fig.end + 40, next_fig if next_fig is not None else e)]
    before_text = text[max(s, fig.start - 40, prev_fig if prev_fig is not None else s):fig.start]
    if STRONG_CUE.search(after_text) or STRONG_CUE.search(before_text):
        fig.notes.append("introduced as a prior-period comparison; no period checked")
        return
    compared = prev_fig is not None and WEAK_CUE.search(text[prev_fig:fig.start]) is not None
    here = sents.mentions.get(idx, [])

    def near(kinds: tuple[str, ...]) -> tuple[Mention | None, str | None]:
        cands = [mn for mn in here if mn.kind in kinds]
        # "up 33.9% from 2023": a year after a comparison word is the base of the comparison, not the claim
        after = [mn for mn in cands if mn.start >= fig.end and mn.start - fig.end <= 40
                 and (next_fig is None or mn.start < next_fig) and not WEAK_CUE.search(text[fig.end:mn.start])]
        if after:
            return after[0], "next_to_figure"
        before = [mn for mn in cands if mn.end <= fig.start and fig.start - mn.end <= 60
                  and (prev_fig is None or mn.start > prev_fig)]
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
        if main and len({(mn.year, mn.quarter, mn.day) for mn in main}) == 1 and kinds != ("date",):
            return main[0], "sentence"
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
        fig.fiscal_period = f"Q{quarter.quarter}"
        fig.period_text = f"{quarter.text} {fig.period_text or ''}".strip()
    day, _src = near(("date",))
    if day is not None and _src == "sentence" and re.search(
            r"\b(?:year|quarter|months|weeks)\s+end(?:ed|ing)\s*$", text[max(s, day.start - 30):day.start], re.I):
        _src = "next_to_figure"  # "For the fiscal year ended January 26, 2025, ..." sets the sentence's period
    if day is not None and _src == "next_to_figure":
        fig.period_end = day.day
        fig.period_text = fig.period_text or day.text
        fig.period_source = fig.period_source or "next_to_figure"
    _set_type(fig, quarter, day if _src == "next_to_figure" else None, text)


_QUARTER_WORDS = re.compile(r"\b(?:three|3)[- ]months?\b|\bquarter\b|\b13[- ]weeks?\b", re.I)
_YEAR_WORDS = re.compile(r"\b(?:twelve|12)[- ]months?\b|\byear\b|\b5[23][- ]weeks?\b|\bannual\b", re.I)
_INSTANT_WORDS = re.compile(r"\b(?:as of|as at|at|on)\s*$", re.I)


def _set_type(fig: Figure, quarter: Mention | None, day: Mention | None, text: str = "") -> None:
    """The kind of period the wording claims: a quarter, a year, or a balance on a date."""
    if quarter is not None:
        fig.period_type = "quarterly"
    elif day is not None:
        before = text[max(0, day.start - 40):day.start]
        if _INSTANT_WORDS.search(before):
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
    between = text[f.end:mn.start]
    if WEAK_CUE.search(between) or STRONG_CUE.search(between):
        return True  # "$53.8 billion in 2021, compared with 2020"
    prev_end = before[-2].end if len(before) > 1 else s
    return bool(WEAK_CUE.search(text[prev_end:f.start]))  # "from $31.5 billion in 2020"


@dataclass
class Claim:
    """The period an answer ties a figure to, and the facts that fit it.

    A fiscal year is met by an annual duration of that year or a balance at its end; a quarter by that
    quarter's three months or a balance at its end; a date by a period ending on it, of the kind the words
    name ("as of" a balance, "year ended" a year). A calendar year of a company whose fiscal year does not
    end in December is met by a fiscal year that ends in it or lies mostly in it.
    """

    fiscal_year: int | None = None
    quarter: str | None = None  # Q1-Q4
    end: date | None = None
    calendar_year: int | None = None  # set instead of fiscal_year for calendar wording at non-December filers
    period_type: str | None = None  # annual, quarterly, instant
    text: str | None = None

    @property
    def stated(self) -> bool:
        return any(v is not None for v in (self.fiscal_year, self.quarter, self.end, self.calendar_year))

    def accepts(self, f: FactValue) -> bool:
        if not self.stated:
            return True
        if self.end is not None:
            if abs((f.end - self.end).days) > 3:
                return False
            if self.period_type and f.period_type != self.period_type:
                return False
            if f.period_type not in ("annual", "quarterly", "instant"):
                return False
        types = ("quarterly", "instant") if self.quarter else ("annual", "instant")
        if f.period_type not in types:
            return False
        if self.calendar_year is not None:
            return calendar_fit(f, self.calendar_year, self.quarter)
        if self.fiscal_year is not None and f.fiscal_year != self.fiscal_year:
            return False
        if self.end is not None and self.fiscal_year is None and self.quarter is None:
            return True
        return f.fiscal_period == (self.quarter or "FY")

    def type_rank(self, f: FactValue) -> int:
        """0 for the kind of period the claim names, more for others (annual first when none is named)."""
        if self.period_type:
            return 0 if f.period_type == self.period_type else 1 + _TYPE_ORDER.get(f.period_type, 5)
        if self.quarter:
            return 0 if f.period_type == "quarterly" else 1 + _TYPE_ORDER.get(f.period_type, 5)
        return _TYPE_ORDER.get(f.period_type, 5)


_TYPE_ORDER = {"annual": 0, "instant": 1, "quarterly": 2, "ytd": 3, "other": 4}


def overlap_days(start: date, end: date, lo: date, hi: date) -> int:
    return max(0, (min(end, hi) - max(start, lo)).days + 1)


def calendar_fit(f: FactValue, year: int, quarter: str | None) -> bool:
    """Does a fact's period fit a calendar year (or a calendar quarter of it)?"""
    if quarter is None:
        if f.period_type == "annual" and f.start is not None:
            return f.end.year == year or overlap_days(f.start, f.end, date(year, 1, 1), date(year, 12, 31)) > 182
        if f.period_type == "instant":
            return f.fiscal_period == "FY" and (f.end.year == year or (f.end.year == year + 1 and f.end.month == 1))
        return False
    q = int(quarter[1])
    lo = date(year, 3 * q - 2, 1)
    hi = date(year, 12, 31) if q == 4 else date(year, 3 * q + 1, 1) - timedelta(days=1)
    if f.fiscal_period == quarter and f.fiscal_year == year:
        return True  # "Q4 2024" as the company labels it
    if f.period_type == "quarterly" and f.start is not None:
        return overlap_days(f.start, f.end, lo, hi) > 45
    return f.period_type == "instant" and abs((f.end - hi).days) <= 7


def calendar_note(f: FactValue, year: int) -> str:
    label = describe_period(f)
    if f.period_type == "annual" and f.end.year == year:
        return f"the fact is for {label}, a fiscal year that ends in {year}"
    if f.period_type == "annual":
        return f"the fact is for {label}, a fiscal year that lies mostly in {year}"
    return f"the fact is for {label}"


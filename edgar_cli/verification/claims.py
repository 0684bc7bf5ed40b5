"""Figures in an answer's prose: amounts, per-share values, share counts and percentages.

``extract_figures(text)`` finds every figure a reader would check in an answer
("$60.9 billion", "60,922 million", "USD 1.19", "NT$2.89 trillion", "72.7%",
"24.5 billion shares", "January 28, 2024", "FY2024") with:

- its value at full scale (60.9 billion -> 60,900,000,000) as a Decimal, and the
  rounding ``step`` the writer used (0.1 billion): any exact value within half a
  step rounds to the figure;
- its kind and unit (ISO currency, ``shares``, percent) from symbols and words
  around it ("per diluted share", "EPS", "shares");
- a bounding word that widens it ("roughly", "over", "nearly");
- the period it is claimed for, read by :mod:`.periods`.

Identifiers that look like numbers (accession numbers, form names, "Item 7",
"10-for-1", URLs) are masked first. Nothing here knows about filings.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, cast

from ..patterns import lazy
from . import periods as P
from . import structures as ST
from . import wording as W

if TYPE_CHECKING:
    from ..models.verify import FigureKind

# Figure kinds that are numbers (dates, fiscal years and calendar years are period mentions).
NUMERIC = ("money", "per_share", "shares", "percent", "number")
SCALES = {
    "thousand": 3,
    "k": 3,
    "million": 6,
    "mn": 6,
    "mln": 6,
    "m": 6,
    "billion": 9,
    "bn": 9,
    "bln": 9,
    "b": 9,
    "trillion": 12,
    "tn": 12,
    "t": 12,
}
CURRENCIES = {
    "$": "USD",
    "us$": "USD",
    "u.s.$": "USD",
    "usd": "USD",
    "nt$": "TWD",
    "ntd": "TWD",
    "twd": "TWD",
    "eur": "EUR",
    "€": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "gbp": "GBP",
    "£": "GBP",
    "jpy": "JPY",
    "¥": "JPY",
    "yen": "JPY",
    "cny": "CNY",
    "rmb": "CNY",
    "yuan": "CNY",
    "cad": "CAD",
    "c$": "CAD",
    "hk$": "HKD",
    "a$": "AUD",
    "dollars": "USD",
    "us dollars": "USD",
    "u.s. dollars": "USD",
    "nt dollars": "TWD",
    "new taiwan dollars": "TWD",
}

_MASKS = [
    re.compile(r"https?://\S+"),
    re.compile(r"\b\d{10}-\d{2}-\d{6}\b|\b\d{18}\b"),  # accession numbers
    re.compile(r"\b(?:10-K|10-Q|20-F|40-F|8-K|6-K|S-1|S-3|S-4|10-KT|DEF 14A|13F-HR)(?:/A)?\b"),
    re.compile(
        r"\b(?:Items?|Notes?|Part|Section|pages?|Rule|ASC|ASU|Topic|Form|No\.|Exhibit|CIK)\s+"
        r"[\dIVX]+[A-Z]?(?:[.\-]\d+)*\b"
    ),
    re.compile(r"\b\d+-for-\d+\b|\b\d+(?:st|nd|rd|th)\b|\b\d+-(?:week|day|month|year)s?\b", re.I),
    # the year of an event in the company's life ("founded in 1976"): neither a figure nor a period
    re.compile(r"\b(?:founded|incorporated|established) in (?:1[6-9]|20)\d{2}\b", re.I),
    # identifiers: court dockets ("4:18-cv-07669-HSG"), case and file numbers, phone numbers, CUSIPs
    re.compile(r"\b\d+:\d{2}-[A-Za-z]{2,4}-\d+(?:-[A-Za-z0-9]+)*\b"),
    re.compile(r"\b(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}\b"),
    re.compile(r"(?:\(\d{3}\)\s?|\b\d{3}[.-])\d{3}[.-]\d{4}\b"),
    re.compile(
        r"\b(?:Case|File|Docket|Commission file|CUSIP|ISIN|EIN|Zip)\s+(?:No\.?|Number|#)?\s*[\w:.-]*\d[\w:.-]*", re.I
    ),
]
_AMOUNT = lazy(
    r"""
    (?P<plus>\+\s?)?(?:(?P<neg>[-\u2212]\s?)|(?P<open>\((?=\s?(?:[A-Z]{0,3}\$|[€£¥])\s?\d[\d,.]*\s?
        (?:(?i:thousand|million|billion|trillion|mn|bn)\s?)?\))))?
    (?:(?P<cur>US\$|U\.S\.\s?\$|NT\$|HK\$|C\$|A\$|NTD|TWD|USD|EUR|GBP|JPY|CNY|RMB|CAD|[$€£¥])\s?)?
    (?P<paren>\(\s?(?=\d))?
    (?P<num>(?<![\w.,#:/])(?<!\w-)(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))(?![\w,]*\d)(?![-:/]\d)(?(paren)\s?\))
    (?P<close>(?(open)\s?\)|(?!)))?
    (?!\s?(?:x|-?times|-?fold)\b)
    (?:\s?(?P<scale>(?i:thousand|million|billion|trillion|mn|mln|bn|bln|tn)|[kMBT])(?![\w]))?
    (?:\s(?P<cur2>(?i:new\ taiwan\ dollars|nt\ dollars|u\.s\.\ dollars|us\ dollars|dollars|euros?|yuan|yen)|
        USD|TWD|NTD|EUR|RMB|CNY|JPY)\b)?
    (?:\s?(?P<pct>%|(?i:percentage\ points?|per\ ?cent|basis\ points|bps|pp|points?)\b)|-(?P<pct2>(?i:percentage[-\ ]points?|points?))\b)?
""",
    re.X,
)
# An amount right before a parenthesis: "NT$44.67 (US$1.36)" gives one amount in two currencies
# A ratio named before "15.8 points": the points are percentage points ("gross margin rose 15.8 points")
_RATIO_BEFORE = lazy(r"\b(?:margins?|rates?|ratios?|percent(?:age)?|%|shares?\s+of|yields?|returns?)\b|%", re.I)
# A noun right before a parenthesis (not a verb or preposition that an accounting negative would follow)
_NOUN_BEFORE = lazy(
    r"(?<![\w-])(?!(?:of|was|were|is|are|be|been|to|at|from|by|in|for|on|a|an|the|and|or|reported|posted|"
    r"recorded|totaled|totalled|showed|had|with|as|than)\s*$)[A-Za-z][\w'\u2019-]+\s*$",
    re.I,
)
_PERIOD_BEFORE = lazy(
    r"(?<![\w-])(?:quarter|year|half|period|months|weeks|(?:19|20)\d\d|Q[1-4]|FY\s?\d{2,4})\s*$", re.I
)
_AMOUNT_BEFORE = lazy(r"\d(?:\s?(?i:thousand|million|billion|trillion|mn|bn))?\s?$")
_PER_SHARE_AFTER = lazy(
    r"^\s*(?:per|a|each)\s+(?:(?:basic|diluted|fully[- ]diluted|common|ordinary)\s+)?"
    r"(?:share|ADS|ADR)\b",
    re.I,
)
_PER_SHARE_BEFORE = lazy(r"\b(?:EPS|earnings per|(?:income|loss|profit) per|per[- ]share|dividends?)\b", re.I)
# A count of segments, which filers tag (us-gaap:NumberOfReportableSegments, NumberOfOperatingSegments), and the
# small counts a 10-K's text reports of what a company is and owns: holders of record of a class of stock ("67
# stockholders of record", "16 holders of record"), its plants and sites ("64 manufacturing facilities"). Read, so
# a wrong one is never passed over ("38 countries", "2 days" are not such counts)
_SEGMENT_COUNT = lazy(
    r"\s*(?:(?:reportable|operating|business)\s+segments?|(?:(?:stock|share)?holders|owners)\s+of\s+record|"
    r"record\s+(?:holders|owners)|(?:[a-z-]+\s+){0,2}?(?:facilities|plants|factories|mills|refineries|warehouses|"
    r"distribution\s+centers|data\s+centers|stores|restaurants|hotels|hospitals|offices|campuses))\b",
    re.I,
)
# The rest of a list of numbers after its first ("and 20,485", ", 0.5 million and 0.3 million"): what follows it is
# what each counts
_LIST_REST = lazy(
    r"(?:\s*(?:,\s*(?:and\s+)?|\s+(?:and|or)\s+)(?:(?:about|approximately|roughly)\s+)?\d[\d,.]*"
    r"(?:\s+(?:thousand|million|billion|trillion)\b)?)*",
    re.I,
)
_SHARES_AFTER = lazy(
    r"^\s*(?:(?:of\s+)?(?:common|ordinary|outstanding|weighted[- ]average|diluted|basic|"
    r"treasury)\s+)*shares\b",
    re.I,
)
# "diluted weighted average shares were 2.49 billion", "shares outstanding totaled 24.5 billion"
_SHARES_BEFORE = lazy(
    r"\b(?:shares(?:\s+outstanding)?|share\s+count)"
    # ("share count for fiscal 2024 was 24.94 billion", "share count for the quarter ended December 28, 2019 was
    # 17.82 billion": a period between the words and the verb)
    r"(?:\s+(?:for|in)\s+(?:the\s+)?(?:(?:quarter|three|six|nine|months?|fiscal|year|weeks?|\d\d)[- ]?){0,3}"
    rf"(?:end(?:ed|ing)\s+)?(?:(?:fiscal\s+(?:year\s+)?|FY\s?)?(?:19|20)\d\d|{P.MONTH_PATTERN}\s+\d{{1,2}},?\s+(?:19|20)\d\d))?"
    r"\s+(?:(?:fell|rose|declined|dropped|grew|increased|"
    r"decreased|climbed)\s+to|were|was|of|totaled|totalled|stood at|came to|"
    r"numbered|reached|at)\s+(?:about\s+|approximately\s+|roughly\s+|nearly\s+|some\s+)?$",
    re.I,
)
_APPROX_BEFORE = lazy(
    r"(?:\b(?:approximately|approx\.|about|around|roughly|nearly|almost|some|over|more than|"
    r"less than|under|below|above|exceeding|in excess of|upwards of|north of|close to|"
    r"just (?:over|under)|circa|an estimated|estimated)|~)\s*$",
    re.I,
)
# How a bounding word widens the interval a figure stands for: "approx" both ways, "over" upwards,
# "under" and "nearly" downwards (nearly $61 billion is a little less than 61).
_BOUND_WORDS = (
    (
        "over",
        re.compile(
            r"\b(?:over|more than|above|exceeding|in excess of|upwards of|north of|just over|topped|"
            r"exceeded|surpassed|crossed|passed|eclipsed|broke(?:\s+through)?)\s*$",
            re.I,
        ),
    ),
    ("nearly", re.compile(r"\b(?:nearly|almost|close to|just under|just shy of)\s*$", re.I)),
    (
        "under",
        re.compile(
            r"\b(?:less than|under|below|did not (?:exceed|reach|top|surpass)|fell short of|"
            r"failed to reach|stayed below|remained below)\s*$",
            re.I,
        ),
    ),
    (
        "approx",
        re.compile(
            r"(?:\b(?:approximately|approx\.|about|around|roughly|some|circa|an estimated|estimated)|~)"
            r"\s*$",
            re.I,
        ),
    ),
)
APPROX_TOLERANCE = Decimal("0.025")  # "roughly $60 billion" holds for 58.5 to 61.5 billion
BOUND_TOLERANCE = Decimal("0.10")  # "over $60 billion" holds up to 66 billion; "under", down to 54


@dataclass
class Figure:
    text: str
    start: int
    end: int
    kind: FigureKind
    value: Decimal | None = None  # full scale; percent as written (72.7)
    step: Decimal | None = None  # the rounding step the writer used, in the same units as value
    currency: str | None = None
    scale: int = 0  # the power of ten the scale word stands for (9 for billion); 0 when none
    negative: bool = False
    positive: bool = False  # written with an explicit plus sign ("+3.4%")
    approximate: bool = False
    context: str = ""
    sentence: tuple[int, int] = (0, 0)
    clause: str = ""  # the words between the previous figure (or sentence start) and this one
    lead: str = ""  # the sentence up to this figure
    after: str = ""  # the words after this figure, up to the next figure or the sentence end
    previous: str = ""  # the sentence before, in the same paragraph ("That was up 114%" is about its concept)
    bound: str | None = None  # approx, over, under, nearly, range: a word before the figure that widens it
    high: Decimal | None = None  # a range's upper end ("$90-95 billion", "between 3% and 4%"); value is its lower
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # Q1-Q4 when a quarter is named
    period_end: date | None = None  # "as of January 28, 2024"
    period_end_role: str | None = None  # the role of the date the period ends on (periods.Mention.role)
    period_basis: str | None = None  # fiscal, calendar
    period_source: str | None = None  # next_to_figure, sentence, paragraph
    period_text: str | None = None
    period_type: str | None = None  # annual, quarterly or instant: the kind of period the wording claims
    day: date | None = None  # for date figures
    date_role: str | None = None  # for a date: "end" ("the year ended D"), "as_of" ("as of D"), "start", None
    ends_period: tuple[int, str | None] | None = None  # for a date the sentence calls a fiscal period's end
    # ("fiscal 2025, which ended January 26, 2025"; "Q3 FY2025 (ended ...)"): (year, quarter or None)
    unchecked: str | None = None  # why the sentence's structure leaves the figure unchecked (its reason)
    contradiction: str | None = None  # what the sentence's structure says that the values contradict
    contradicts_at: int | None = None  # where the figure the contradiction is about starts ("X, up from" this)
    prior_to: date | None = None  # "a year earlier" than a figure dated by a period end: the year before that one's
    month_quarter: str | None = None  # a list of month-named quarters gives it its own ("the October quarter")
    item: str | None = None  # the item of a respectively-list it is paired with ("Class B" in "Class B and Class A
    # shares had 20,485 and 16 holders of record, respectively")
    items: tuple[str, ...] = ()  # every item of that list, in order
    notes: list[str] = field(default_factory=list)

    @property
    def implied_step(self) -> Decimal:
        """The rounding the digits imply: a trailing zero is a rounding too (650 million: 10 million)."""
        step = self.step or Decimal(0)
        if not step or not self.value:
            return step
        digits = str(int(abs(self.value) / step))
        return step.scaleb(len(digits) - len(digits.rstrip("0")))

    @property
    def interval(self) -> tuple[Decimal, Decimal]:
        """The exact values the figure stands for: half a rounding step either side, widened by a bounding word."""
        v = abs(self.value or Decimal(0))
        step = self.step or Decimal(0)
        half = step / 2
        if self.bound == "range" and self.high is not None:
            return min(v, abs(self.high)) - half, max(v, abs(self.high)) + half
        if self.bound == "approx":
            # "approximately" widens the rounding, never past the figure's own precision: "about $650 million"
            # is 645 to 655 million (its trailing zero is a rounding), "roughly $60 billion" 58.5 to 61.5
            half = max(half, min(v * APPROX_TOLERANCE, self.implied_step / 2))
        elif self.bound == "over":
            return v, v + max(step, v * BOUND_TOLERANCE)
        elif self.bound == "under":
            return max(Decimal(0), v - max(step, v * BOUND_TOLERANCE)), v
        elif self.bound == "nearly":
            return v - max(step, v * APPROX_TOLERANCE * 2), v
        return v - half, v + half


def _mask(text: str) -> str:
    chars = list(text)
    for rx in _MASKS:
        for m in rx.finditer(text):
            chars[m.start() : m.end()] = "#" * (m.end() - m.start())
    return "".join(chars)


def _sentences(text: str) -> list[tuple[int, int, int]]:
    """(start, end, paragraph number) of each sentence."""
    out = []
    para = 0
    pos = 0
    for block in re.split(r"(\n\s*\n)", text):
        if re.fullmatch(r"\n\s*\n", block):
            para += 1
            pos += len(block)
            continue
        start = 0
        for m in re.finditer(r"(?<=[.!?;])\s+(?=[A-Z(\"'$\u201c])|\n", block):
            out.append((pos + start, pos + m.start(), para))
            start = m.end()
        out.append((pos + start, pos + len(block), para))
        pos += len(block)
    return [s for s in out if s[1] > s[0]]


def _amount(text: str, m: re.Match) -> Figure | None:
    if len(m.group("num")) > 1 and m.group("num")[0] == "0" and m.group("num")[1].isdigit():
        return None  # "07669": part of an identifier, never an amount
    try:
        num = Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None
    decimals = len(m.group("num").split(".")[1]) if "." in m.group("num") else 0
    cur_raw = m.group("cur") or m.group("cur2")
    currency = (
        CURRENCIES.get(re.sub(r"\s", "", cur_raw.lower()) if cur_raw and "$" in cur_raw else (cur_raw or "").lower())
        if cur_raw
        else None
    )
    scale_raw = m.group("scale")
    if scale_raw and len(scale_raw) == 1 and currency is None:
        return None  # "3M", "5G": a name, not an amount
    exp = SCALES[scale_raw.lower()] if scale_raw else 0
    value = num.scaleb(exp)
    step = Decimal(1).scaleb(exp - decimals)
    pct = (m.group("pct") or m.group("pct2") or "").lower().replace("-", " ")  # "a 2.4-point improvement"
    if pct in ("point", "points") and not _RATIO_BEFORE.search(text[max(0, m.start() - 120) : m.start()]):
        return None  # "5,000 points" of a loyalty scheme or an index: not a figure edgar checks
    after = text[m.end() : m.end() + 40]
    # what the figure counts, past the rest of a list it heads ("16 and 20,485 holders of record", "0.7 million and
    # 0.5 million square feet")
    counted = text[m.end() : m.end() + 120]
    counted = counted[_LIST_REST.match(counted).end() :][:40]  # type: ignore[union-attr]
    start = m.start("cur") if m.group("cur") else m.start("paren") if m.group("paren") else m.start("num")
    # "($862) million", "($0.33)": an accounting negative, unless it restates the amount just before it in another
    # currency ("NT$44.67 (US$1.36)")
    translation = bool(m.group("open")) and bool(_AMOUNT_BEFORE.search(text[: m.start()]))
    # "Tesla's 2021 net income ($5.5 billion) was ...": an amount in parentheses, its scale inside them, right after
    # the noun it gives the value of, is an aside, not an accounting negative ("net loss of ($862) million")
    aside = (
        bool(m.group("open"))
        and not translation
        and bool(m.group("scale"))
        and not m.group("close")
        and text[m.end() : m.end() + 2].lstrip().startswith(")")
        and bool(_NOUN_BEFORE.search(text[max(0, m.start() - 40) : m.start()]))
    )
    # "diluted EPS for the December 2025 quarter ($2.84) compared with": an amount in parentheses right after the
    # period a sentence gives its measure for is that period's value, an aside, not a negative
    aside = aside or (
        bool(m.group("open"))
        and not translation
        and bool(m.group("close"))
        and bool(_PERIOD_BEFORE.search(text[max(0, m.start() - 40) : m.start()]))
    )
    if aside:
        translation = True
    if m.group("open") and not translation:
        start = m.start("open")
    stop = m.start("close") if translation and m.group("close") and not m.group("scale") else m.end()
    fig = Figure(
        text=text[start:stop].strip(),
        start=start,
        end=stop,
        kind="number",
        value=value,
        step=step,
        currency=currency,
        scale=exp,
        negative=bool(m.group("neg") or m.group("paren") or (m.group("open") and not translation)),
        positive=bool(m.group("plus")),
    )
    if pct:
        fig.kind = "percent" if pct in ("%", "percent", "per cent", "percent") else "percentage_points"
        if pct in ("basis points", "bps"):
            fig.kind = "percentage_points"
        return fig
    before = text[max(0, start - 80) : start]
    if _PER_SHARE_AFTER.match(after) or (not scale_raw and _PER_SHARE_BEFORE.search(before[-60:]) and num < 10_000):
        fig.kind = "per_share"
    elif _SHARES_AFTER.match(after) or (not currency and _SHARES_BEFORE.search(before[-80:])):
        fig.kind = "shares"
    elif scale_raw and not currency and W.QUANTITY_AFTER.match(counted):
        pass  # "5 million square feet", "1.8 million vehicles": a quantity, not money
    elif currency or scale_raw:
        fig.kind = "money"
    elif decimals == 0 and num < 100 and not _SEGMENT_COUNT.match(counted):
        return None  # "38 countries", "2 days": counts too small to be a reported figure ("2 reportable segments" is)
    fig.bound = next((kind for kind, rx in _BOUND_WORDS if rx.search(before)), None)
    if _APPROX_BEFORE.search(before) and decimals == 0 and not scale_raw:
        digits = m.group("num").replace(",", "")
        zeros = len(digits) - len(digits.rstrip("0"))
        fig.step = Decimal(1).scaleb(min(zeros, len(digits) - 1))
        fig.approximate = True
    elif _APPROX_BEFORE.search(before):
        fig.approximate = True
    return fig


def extract_figures(text: str, *, periods: bool = True) -> list[Figure]:
    """Every figure in ``text`` with its kind, value, rounding step and claimed period, in order.

    ``periods=False`` skips claimed periods and period mentions (for reading a cited filing's numbers).
    """
    masked = _mask(text)
    mentions, masked = P.find_mentions(text, masked)
    figures, masked = _hyphen_ranges(text, masked)
    for m in _AMOUNT.finditer(masked):
        if not m.group("num") or set(m.group(0).strip()) <= {"#"}:
            continue
        fig = _amount(text, m)
        if fig is not None:
            figures.append(fig)
    figures += _multiples(text, masked)  # (figures too: they bound the words read with the figures around them)
    figures.sort(key=lambda f: f.start)
    figures = _between_ranges(text, figures)
    _compared_shares(text, figures)
    sentences = Sentences(text, figures, mentions)
    if periods:
        figures += _word_multiples(text, masked, sentences, figures)
        figures.sort(key=lambda f: f.start)
    for fig in figures:
        if periods:
            P.attach_period(fig, text, sentences)
        else:
            fig.context = sentences.context(fig.start, fig.end)
    _translations(text, figures)
    if periods:  # (a cited document's own tables say their scale: cited_text reads them)
        _scale_notes(text, figures)
    if periods:
        ST.read_structures(text, sentences, figures, mentions)
        for mn in mentions:
            if mn.kind in ("date", "fiscal_year", "year"):
                f = Figure(
                    text=mn.text,
                    start=mn.start,
                    end=mn.end,
                    kind=cast("FigureKind", mn.kind),  # one of date, fiscal_year, year: tested just above
                    day=mn.day,
                    fiscal_year=mn.year if mn.kind != "date" else None,
                    date_role=mn.role,
                    ends_period=ST.fiscal_period_ended(text, mn, mentions, figures),
                )
                f.context = sentences.context(mn.start, mn.end)
                figures.append(f)
    figures.sort(key=lambda f: f.start)
    return figures


# A multiple written as a number ("2.3 times", "6.4x", "3-times"): a ratio of two figures, never an amount of
# the measure its sentence names
MULTIPLE = lazy(r"(?<![\w.,#$\u20ac\u00a3\u00a5])(?P<num>\d+(?:\.\d+)?)(?:\s?x|\s?-?\s?times|-?fold)\b", re.I)
# ... or in words ("seven times its 2020 net income", "threefold"): a figure of its own only in a sentence that
# writes no amount (with one, the multiple is checked as said of that amount: verification/qualifiers.py)
WORD_MULTIPLE = lazy(
    rf"(?<![\w-])(?:(?P<words>{W.NUMBER_WORD})(?:\s+times|-?fold)\b|"
    r"(?P<twice>twice|double|triple|quadruple)(?=\s+(?:its|their|the|that|those|[A-Z])))",
    re.I,
)
MULTIPLE_TEXT = lazy(
    rf"^(?:\d+(?:\.\d+)?(?:\s?x|\s?-?\s?times|-?fold)|(?:{W.NUMBER_WORD})(?:\s+times|-?fold)|twice|double|triple|"
    r"quadruple)$",
    re.I,
)


def _multiples(text: str, masked: str) -> list[Figure]:
    """Each multiple the answer writes as a number, as a figure of its own: left unchecked here, with the reason;
    verification/qualifiers.py checks it against the two figures it relates when both can be read."""
    out = []
    for m in MULTIPLE.finditer(masked):
        num = m.group("num")
        decimals = len(num.split(".")[1]) if "." in num else 0
        f = Figure(
            text=text[m.start() : m.end()],
            start=m.start(),
            end=m.end(),
            kind="number",
            value=Decimal(num),
            step=Decimal(1).scaleb(-decimals),
            unchecked=(
                f"{text[m.start() : m.end()]} is a multiple, a ratio of two figures, not an amount of the measure "
                "the sentence names; edgar could not read both figures it relates."
            ),
        )
        out.append(f)
    return out


def _word_multiples(text: str, masked: str, sentences: Sentences, figures: list[Figure]) -> list[Figure]:
    """The multiples written in words in sentences that write no amount, as figures (see _multiples)."""
    with_amounts = {sentences.context(f.start, f.end) for f in figures if f.kind in NUMERIC}
    out = []
    for m in WORD_MULTIPLE.finditer(masked):
        context = sentences.context(m.start(), m.end())
        if context in with_amounts:
            continue
        said = text[m.start() : m.end()]
        out.append(
            Figure(
                text=said,
                start=m.start(),
                end=m.end(),
                kind="number",
                value=Decimal(W.number_word(m.group("words") or m.group("twice"))),
                step=Decimal(1),
                unchecked=(
                    f"{said} is a multiple, a ratio of two figures, not an amount of the measure the sentence "
                    "names; edgar could not read both figures it relates."
                ),
            )
        )
        own = sentences.figures.setdefault(sentences.index(m.start()), [])
        own.append(out[-1])
        own.sort(key=lambda f: f.start)
    return out


# The words between a share count and the count it is compared with: "15.00 billion in fiscal 2025, down from"
_COMPARED_TO = lazy(
    r"[^.;$%]{0,40}?\b(?:(?:up|down|rising|falling)\s+from|compared\s+(?:with|to)|versus|vs\.?|from)\s+"
    r"(?:(?:about|approximately|roughly|nearly|some)\s+)?$",
    re.I,
)


# A date said of a share count ("as of October 18, 2022", "on July 19, 2022"), dropped from the words between it and
# the count compared with it
_DATE_BETWEEN = lazy(r"\s*\b(?:as\s+of|on|at)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4}", re.I)


def _compared_shares(text: str, figures: list[Figure]) -> None:
    """A number with no currency compared with a share count is a share count too ("about 15.00 billion in
    fiscal 2025, down from 15.41 billion")."""
    amounts = [f for f in figures if f.kind in NUMERIC]  # a count's own date between them is no figure compared
    for prev, fig in zip(amounts, amounts[1:]):
        if prev.kind == "shares" and fig.kind == "money" and not fig.currency:
            between = text[prev.end : fig.start]
            # "3.16 billion shares outstanding as of October 18, 2022, up from": the count's date is not a word
            if _COMPARED_TO.fullmatch(_DATE_BETWEEN.sub("", between)):
                fig.kind = "shares"


# A note that every amount of a sentence is in one scale: "(in millions)", "(in millions, except per-share
# amounts)", "In millions of dollars, ...", "(dollars in billions)", "in millions: revenue 391,035"
_SCALE_NOTE = lazy(
    r"\(\s*(?:(?:US\s?)?\$|(?:U\.S\.\s+)?dollars|amounts)?\s*in\s+(?P<a>thousands|millions|billions)\b(?P<x>[^)]*)\)|"
    r"(?:^|[.;:]\s+)(?:(?:US\s?)?\$\s*|dollars\s+|amounts\s+)?in\s+(?P<b>thousands|millions|billions)"
    r"(?:\s+of\s+(?:U\.?S\.?\s+)?dollars)?(?P<y>(?:\s*,\s*except\s+[\w\s-]+?)?)\s*[,:]",
    re.I,
)


_OPEN_PAREN = lazy(r"\s*\(\s*")
_CLOSE_PAREN = lazy(r"\s*\)")


def _translations(text: str, figures: list[Figure]) -> None:
    """ "NT$44.67 (US$1.36) per diluted share": an amount and its translation in parentheses are one figure in
    two currencies, so the words after the pair say what both are (a per-share amount here)."""
    for a, b in zip(figures, figures[1:]):
        if a.currency is None or b.currency is None or a.currency == b.currency:
            continue
        if not _OPEN_PAREN.fullmatch(text[a.end : b.start]) or not _CLOSE_PAREN.match(text, b.end):
            continue
        closed = _CLOSE_PAREN.match(b.after)
        a.after = b.after = b.after[closed.end() :] if closed else b.after
        kinds = {a.kind, b.kind}
        if "per_share" in kinds and kinds <= {"per_share", "money"}:
            a.kind = b.kind = "per_share"


_EXCEPT = lazy(r"\bexcept\b", re.I)


def _scale_notes(text: str, figures: list[Figure]) -> None:
    """Amounts written without a scale in a sentence that notes one ("391,035 and 93,736, respectively (in
    millions)"): each is read at that scale, as money (or a share count where its words say shares); per-share
    amounts are left alone, and so is every figure when the note excepts them ("except per-share data")."""
    for fig in figures:
        if fig.scale or fig.kind not in ("number", "money", "shares") or fig.value is None:
            continue
        s, e = fig.sentence
        note = _SCALE_NOTE.search(text[s:e])
        if note is None:
            continue
        if _EXCEPT.search(note.group(0)) and fig.kind == "number" and abs(fig.value) < 1000:
            continue  # "(in millions, except per-share amounts)": "6.08" is a per-share amount
        word = (note.group("a") or note.group("b")).lower()
        exp = {"thousands": 3, "millions": 6, "billions": 9}[word]
        fig.value, fig.step = fig.value.scaleb(exp), (fig.step or Decimal(1)).scaleb(exp)
        fig.scale = exp
        if fig.kind == "number":
            fig.kind = "money"
        fig.notes.append(f"Read in {word}, as the sentence notes ({note.group(0).strip(' .;:,')!r}).")


# "$90-95 billion", "$60.9–61.0 billion", "3-4%": a range written with a hyphen or dash, marked as money or
# a percentage (a currency before it, a scale word or percent sign after it), never two bare numbers ("10-12").
_HYPHEN_RANGE = lazy(
    r"(?<![\w.,$])(?P<cur>US\$|NT\$|[$€£¥])?\s?(?P<lo>\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<scale>(?i:thousand|million|billion|trillion|bn|mn))?\s?[-\u2013\u2014]\s?"
    r"(?=(?:US\$|NT\$|[$€£¥])?\d)"
)
_BETWEEN = lazy(r"\b(?:between|from\s+a\s+range\s+of|in\s+the\s+range\s+of|ranged?\s+from)\s*$", re.I)


def _hyphen_ranges(text: str, masked: str) -> tuple[list[Figure], str]:
    """Figures for ranges written "$90-95 billion" (one figure: value the lower end, ``high`` the upper), and
    the masked text with them hidden from the amount pattern."""
    out: list[Figure] = []
    chars = list(masked)
    for m in _HYPHEN_RANGE.finditer(masked):
        hi_m = _AMOUNT.match(" " * m.end() + masked[m.end() :], m.end())  # its look-behinds see no hyphen
        if hi_m is None or not hi_m.group("num") or hi_m.group("neg"):
            continue
        high = _amount(text, hi_m)
        marked = m.group("cur") or hi_m.group("cur") or hi_m.group("scale") or hi_m.group("pct")
        if high is None or not marked or high.kind == "number":
            continue
        try:
            lo_num = Decimal(m.group("lo").replace(",", ""))
        except InvalidOperation:
            continue
        exp = SCALES[m.group("scale").lower()] if m.group("scale") else high.scale
        lo_value = lo_num.scaleb(exp)
        if lo_value >= high.value:  # type: ignore[operator]  # _amount gives a figure with a value
            continue  # "2024-25", "10-5": not a range from low to high
        high.high, high.value, high.bound = high.value, lo_value, "range"
        high.start, high.text = m.start(), text[m.start() : hi_m.end()].strip()
        high.currency = high.currency or CURRENCIES.get((m.group("cur") or "").lower())
        out.append(high)
        chars[m.start() : hi_m.end()] = "#" * (hi_m.end() - m.start())
    return out, "".join(chars)


def _between_ranges(text: str, figures: list[Figure]) -> list[Figure]:
    """ "between $90 billion and $95 billion": the two ends as one range figure."""
    out: list[Figure] = []
    i = 0
    while i < len(figures):
        a = figures[i]
        b = figures[i + 1] if i + 1 < len(figures) else None
        if (
            b is not None
            and a.kind == b.kind
            and a.bound is None
            and b.bound is None
            and re.fullmatch(r"\s+(?:and|to)\s+", text[a.end : b.start], re.I)
            and _BETWEEN.search(text[max(0, a.start - 40) : a.start])
            and a.value is not None
            and b.value is not None
            and a.value < b.value
        ):
            a.high, a.bound, a.end = b.value, "range", b.end
            a.text = text[a.start : b.end]
            a.step = min(a.step or Decimal(0), b.step or Decimal(0)) or a.step
            a.currency = a.currency or b.currency
            out.append(a)
            i += 2
            continue
        out.append(a)
        i += 1
    return out


class Sentences:
    """Sentences of a text with the figures and mentions in each, found by bisection."""

    def __init__(self, text: str, figures: list[Figure], mentions: list[P.Mention]):
        self.text = text
        self.spans = _sentences(text)
        self.starts = [s for s, _e, _p in self.spans]
        self.figures: dict[int, list[Figure]] = {}
        self.mentions: dict[int, list[P.Mention]] = {}
        for f in figures:
            self.figures.setdefault(self.index(f.start), []).append(f)
        for mn in mentions:
            self.mentions.setdefault(self.index(mn.start), []).append(mn)

    def index(self, pos: int) -> int:
        i = bisect_right(self.starts, pos) - 1
        return i if i >= 0 and pos < self.spans[i][1] else -1

    def context(self, start: int, end: int) -> str:
        i = self.index(start)
        if i < 0:
            return re.sub(r"\s+", " ", self.text[max(0, start - 80) : end + 80].strip())
        s, e, _p = self.spans[i]
        snippet = self.text[s:e].strip()
        if len(snippet) > 240:
            a = max(s, start - 110)
            snippet = (
                ("..." if a > s else "") + self.text[a : min(e, end + 110)].strip() + ("..." if end + 110 < e else "")
            )
        return re.sub(r"\s+", " ", snippet)

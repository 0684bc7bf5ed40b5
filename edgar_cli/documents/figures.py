"""Figures in prose: amounts, per-share values, share counts, percentages, dates and fiscal years.

``extract_figures(text)`` finds every figure a reader would check in an answer
("$60.9 billion", "60,922 million", "USD 1.19", "NT$2.89 trillion", "72.7%",
"24.5 billion shares", "January 28, 2024", "FY2024") with:

- its value at full scale (60.9 billion -> 60,900,000,000) as a Decimal, and the
  rounding ``step`` the writer used (0.1 billion): any exact value within half a
  step rounds to the figure;
- its kind and unit (ISO currency, ``shares``, percent) from symbols and words
  around it ("per diluted share", "EPS", "shares");
- the period it is claimed for: a fiscal year and quarter mentioned next to it,
  or leading its sentence, or set by an earlier sentence of the paragraph. A
  figure introduced as a comparison ("up from $27.0 billion", "a year earlier")
  takes no period rather than a wrong one.

Identifiers that look like numbers (accession numbers, form names, "Item 7",
"10-for-1", URLs) are masked first. Nothing here knows about filings.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation

SCALES = {"thousand": 3, "k": 3, "million": 6, "mn": 6, "mln": 6, "m": 6, "billion": 9, "bn": 9, "bln": 9,
          "b": 9, "trillion": 12, "tn": 12, "t": 12}
CURRENCIES = {"$": "USD", "us$": "USD", "u.s.$": "USD", "usd": "USD", "nt$": "TWD", "ntd": "TWD", "twd": "TWD",
              "eur": "EUR", "€": "EUR", "euro": "EUR", "euros": "EUR", "gbp": "GBP", "£": "GBP", "jpy": "JPY",
              "¥": "JPY", "yen": "JPY", "cny": "CNY", "rmb": "CNY", "yuan": "CNY", "cad": "CAD", "c$": "CAD",
              "hk$": "HKD", "a$": "AUD", "dollars": "USD", "us dollars": "USD", "u.s. dollars": "USD",
              "nt dollars": "TWD", "new taiwan dollars": "TWD"}
MONTHS = {m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                          "nov", "dec"))}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|" \
         r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_MASKS = [
    re.compile(r"https?://\S+"),
    re.compile(r"\b\d{10}-\d{2}-\d{6}\b|\b\d{18}\b"),  # accession numbers
    re.compile(r"\b(?:10-K|10-Q|20-F|40-F|8-K|6-K|S-1|S-3|S-4|10-KT|DEF 14A|13F-HR)(?:/A)?\b"),
    re.compile(r"\b(?:Items?|Notes?|Part|Section|pages?|Rule|ASC|ASU|Topic|Form|No\.|Exhibit|CIK)\s+"
               r"[\dIVX]+[A-Z]?(?:[.\-]\d+)*\b"),
    re.compile(r"\b\d+-for-\d+\b|\b\d+(?:st|nd|rd|th)\b|\b\d+-(?:week|day|month|year)s?\b", re.I),
]
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_LONG_DATE = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}),?\s+(\d{{4}})\b")
_DMY_DATE = re.compile(rf"\b(\d{{1,2}})\s+({_MONTH})\.?,?\s+(\d{{4}})\b")
_QUARTER = re.compile(r"\bQ([1-4])\b|\b(first|second|third|fourth)[- ](?:fiscal[- ])?quarter\b", re.I)
_FISCAL = re.compile(r"\b(?:FY|F|fiscal(?:[- ]year)?)\s?'?(\d{4}|\d{2})\b", re.I)
_BARE_YEAR = re.compile(r"(?<![\w$.,#-])(19[89]\d|20\d\d)(?![\w,.%]*\d)(?!\s*(?:%|percent|(?i:thousand|million|"
                        r"billion|trillion|shares)))")
_AMOUNT = re.compile(r"""
    (?P<neg>[-\u2212]\s?|\((?=\s?(?:[A-Z]{0,3}\$|[€£¥])))?
    (?:(?P<cur>US\$|U\.S\.\s?\$|NT\$|HK\$|C\$|A\$|NTD|TWD|USD|EUR|GBP|JPY|CNY|RMB|CAD|[$€£¥])\s?)?
    (?P<paren>\(\s?(?=\d))?
    (?P<num>(?<![\w.,#])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.,#])\d+(?:\.\d+)?)(?![\w,]*\d)(?(paren)\s?\))
    (?!x\b|-?times\b)
    (?:\s?(?P<scale>(?i:thousand|million|billion|trillion|mn|mln|bn|bln|tn)|[kMBT])(?![\w]))?
    (?:\s(?P<cur2>(?i:new\ taiwan\ dollars|nt\ dollars|u\.s\.\ dollars|us\ dollars|dollars|euros?|yuan|yen)|
        USD|TWD|NTD|EUR|RMB|CNY|JPY)\b)?
    (?:\s?(?P<pct>%|(?i:percentage\ points?|per\ ?cent|basis\ points|bps|pp)\b))?
""", re.X)
_PER_SHARE_AFTER = re.compile(r"^\s*(?:per|a|each)\s+(?:(?:basic|diluted|fully[- ]diluted|common|ordinary)\s+)?"
                              r"(?:share|ADS|ADR)\b", re.I)
_PER_SHARE_BEFORE = re.compile(r"\b(?:EPS|earnings per|(?:income|loss|profit) per|per[- ]share|dividends?)\b", re.I)
_SHARES_AFTER = re.compile(r"^\s*(?:(?:of\s+)?(?:common|ordinary|outstanding|weighted[- ]average|diluted|basic|"
                           r"treasury)\s+)*shares\b", re.I)
_APPROX_BEFORE = re.compile(r"\b(?:approximately|about|around|roughly|nearly|almost|some|over|more than|"
                            r"less than|under|~)\s*$", re.I)
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


@dataclass
class Figure:
    text: str
    start: int
    end: int
    kind: str  # money, per_share, shares, percent, percentage_points, number, date, fiscal_year, year
    value: Decimal | None = None  # full scale; percent as written (72.7)
    step: Decimal | None = None  # the rounding step the writer used, in the same units as value
    currency: str | None = None
    scale: int = 0  # the power of ten the scale word stands for (9 for billion); 0 when none
    negative: bool = False
    approximate: bool = False
    context: str = ""
    sentence: tuple[int, int] = (0, 0)
    clause: str = ""  # the words between the previous figure (or sentence start) and this one
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # Q1-Q4 when a quarter is named
    period_end: date | None = None  # "as of January 28, 2024"
    period_basis: str | None = None  # fiscal, calendar
    period_source: str | None = None  # next_to_figure, sentence, paragraph
    period_text: str | None = None
    day: date | None = None  # for date figures
    notes: list[str] = field(default_factory=list)

    @property
    def interval(self) -> tuple[Decimal, Decimal]:
        v = abs(self.value or Decimal(0))
        half = (self.step or Decimal(0)) / 2
        return v - half, v + half


def _mask(text: str) -> str:
    chars = list(text)
    for rx in _MASKS:
        for m in rx.finditer(text):
            chars[m.start():m.end()] = "#" * (m.end() - m.start())
    return "".join(chars)


def _day(y: str, m: str, d: str) -> date | None:
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

    for rx, order in ((_ISO_DATE, (1, 2, 3)), (_LONG_DATE, (3, 1, 2)), (_DMY_DATE, (3, 2, 1))):
        for m in rx.finditer("".join(chars)):
            d = _day(*(m.group(i) for i in order))
            if d is not None:
                take(m, Mention("date", m.start(), m.end(), text[m.start():m.end()], year=d.year, day=d))
    for m in _FISCAL.finditer("".join(chars)):
        y = int(m.group(1))
        take(m, Mention("fiscal_year", m.start(), m.end(), text[m.start():m.end()], year=y + 2000 if y < 100 else y))
    for m in _QUARTER.finditer("".join(chars)):
        q = int(m.group(1)) if m.group(1) else ORDINALS[m.group(2).lower()]
        take(m, Mention("quarter", m.start(), m.end(), text[m.start():m.end()], quarter=q))
    for m in _BARE_YEAR.finditer("".join(chars)):
        take(m, Mention("year", m.start(), m.end(), text[m.start():m.end()], year=int(m.group(1))))
    out.sort(key=lambda x: x.start)
    return out, "".join(chars)


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
    try:
        num = Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None
    decimals = len(m.group("num").split(".")[1]) if "." in m.group("num") else 0
    cur_raw = m.group("cur") or m.group("cur2")
    currency = CURRENCIES.get(re.sub(r"\s", "", cur_raw.lower()) if cur_raw and "$" in cur_raw else
                              (cur_raw or "").lower()) if cur_raw else None
    scale_raw = m.group("scale")
    if scale_raw and len(scale_raw) == 1 and currency is None:
        return None  # "3M", "5G": a name, not an amount
    exp = SCALES[scale_raw.lower()] if scale_raw else 0
    value = num.scaleb(exp)
    step = Decimal(1).scaleb(exp - decimals)
    pct = (m.group("pct") or "").lower()
    after = text[m.end():m.end() + 40]
    start = m.start("cur") if m.group("cur") else m.start("paren") if m.group("paren") else m.start("num")
    fig = Figure(text=text[start:m.end()].strip(), start=start, end=m.end(), kind="number", value=value, step=step,
                 currency=currency, scale=exp, negative=bool(m.group("neg") or m.group("paren")))
    if pct:
        fig.kind = "percent" if pct in ("%", "percent", "per cent", "percent") else "percentage_points"
        if pct in ("basis points", "bps"):
            fig.kind = "percentage_points"
        return fig
    before = text[max(0, start - 80):start]
    if _PER_SHARE_AFTER.match(after) or (not scale_raw and _PER_SHARE_BEFORE.search(before[-60:])
                                         and num < 10_000):
        fig.kind = "per_share"
    elif _SHARES_AFTER.match(after):
        fig.kind = "shares"
    elif currency or scale_raw:
        fig.kind = "money"
    elif decimals == 0 and num < 100:
        return None  # "38 countries", "2 days": counts too small to be a reported figure
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
    mentions, masked = find_mentions(text, masked)
    figures: list[Figure] = []
    for m in _AMOUNT.finditer(masked):
        if not m.group("num") or set(m.group(0).strip()) <= {"#"}:
            continue
        fig = _amount(text, m)
        if fig is not None:
            figures.append(fig)
    sentences = _Sentences(text, figures, mentions)
    for fig in figures:
        if periods:
            _attach(fig, text, sentences)
        else:
            fig.context = sentences.context(fig.start, fig.end)
    if periods:
        for mn in mentions:
            if mn.kind in ("date", "fiscal_year", "year"):
                f = Figure(text=mn.text, start=mn.start, end=mn.end, kind=mn.kind, day=mn.day,
                           fiscal_year=mn.year if mn.kind != "date" else None)
                f.context = sentences.context(mn.start, mn.end)
                figures.append(f)
    figures.sort(key=lambda f: f.start)
    return figures


class _Sentences:
    """Sentences of a text with the figures and mentions in each, found by bisection."""

    def __init__(self, text: str, figures: list[Figure], mentions: list[Mention]):
        self.text = text
        self.spans = _sentences(text)
        self.starts = [s for s, _e, _p in self.spans]
        self.figures: dict[int, list[Figure]] = {}
        self.mentions: dict[int, list[Mention]] = {}
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
            return re.sub(r"\s+", " ", self.text[max(0, start - 80):end + 80].strip())
        s, e, _p = self.spans[i]
        snippet = self.text[s:e].strip()
        if len(snippet) > 240:
            a = max(s, start - 110)
            snippet = ("..." if a > s else "") + self.text[a:min(e, end + 110)].strip() + ("..." if end + 110 < e else "")
        return re.sub(r"\s+", " ", snippet)


def _attach(fig: Figure, text: str, sents: _Sentences) -> None:
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
    after_text = text[fig.end:min(e, fig.end + 40, next_fig if next_fig is not None else e)]
    before_text = text[max(s, fig.start - 40, prev_fig if prev_fig is not None else s):fig.start]
    if STRONG_CUE.search(after_text) or STRONG_CUE.search(before_text):
        fig.notes.append("introduced as a prior-period comparison; no period checked")
        return
    compared = prev_fig is not None and WEAK_CUE.search(text[prev_fig:fig.start]) is not None
    here = sents.mentions.get(idx, [])

    def near(kinds: tuple[str, ...]) -> tuple[Mention | None, str | None]:
        cands = [mn for mn in here if mn.kind in kinds]
        after = [mn for mn in cands if mn.start >= fig.end and mn.start - fig.end <= 40
                 and (next_fig is None or mn.start < next_fig)]
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
        return None, None

    year, source = near(("fiscal_year", "year"))
    if year is None and not compared and not [mn for mn in here if mn.kind in ("fiscal_year", "year")]:
        earlier: list[Mention] = []
        j = idx - 1
        while j >= 0 and sents.spans[j][2] == para and not earlier:
            earlier = [mn for mn in sents.mentions.get(j, []) if mn.kind in ("fiscal_year", "year")]
            j -= 1
        if earlier:
            year, source = earlier[-1], "paragraph"
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
    if day is not None and _src == "next_to_figure":
        fig.period_end = day.day
        fig.period_text = fig.period_text or day.text
        fig.period_source = fig.period_source or "next_to_figure"

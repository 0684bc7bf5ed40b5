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
    # identifiers: court dockets ("4:18-cv-07669-HSG"), case and file numbers, phone numbers, CUSIPs
    re.compile(r"\b\d+:\d{2}-[A-Za-z]{2,4}-\d+(?:-[A-Za-z0-9]+)*\b"),
    re.compile(r"\b(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}\b"),
    re.compile(r"(?:\(\d{3}\)\s?|\b\d{3}[.-])\d{3}[.-]\d{4}\b"),
    re.compile(r"\b(?:Case|File|Docket|Commission file|CUSIP|ISIN|EIN|Zip)\s+(?:No\.?|Number|#)?\s*[\w:.-]*\d[\w:.-]*",
               re.I),
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
    (?P<num>(?<![\w.,#:/])(?<!\w-)(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))(?![\w,]*\d)(?![-:/]\d)(?(paren)\s?\))
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
_APPROX_BEFORE = re.compile(r"(?:\b(?:approximately|approx\.|about|around|roughly|nearly|almost|some|over|more than|"
                            r"less than|under|below|above|exceeding|in excess of|upwards of|north of|close to|"
                            r"just (?:over|under)|circa|an estimated|estimated)|~)\s*$", re.I)
# How a bounding word widens the interval a figure stands for: "approx" both ways, "over" upwards,
# "under" and "nearly" downwards (nearly $61 billion is a little less than 61).
_BOUND_WORDS = (
    ("over", re.compile(r"\b(?:over|more than|above|exceeding|in excess of|upwards of|north of|just over)\s*$", re.I)),
    ("nearly", re.compile(r"\b(?:nearly|almost|close to|just under|just shy of)\s*$", re.I)),
    ("under", re.compile(r"\b(?:less than|under|below)\s*$", re.I)),
    ("approx", re.compile(r"(?:\b(?:approximately|approx\.|about|around|roughly|some|circa|an estimated|estimated)|~)"
                          r"\s*$", re.I)),
)
APPROX_TOLERANCE = Decimal("0.025")  # "roughly $60 billion" holds for 58.5 to 61.5 billion
BOUND_TOLERANCE = Decimal("0.10")  # "over $60 billion" holds up to 66 billion; "under", down to 54
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
    lead: str = ""  # the sentence up to this figure
    after: str = ""  # the words after this figure, up to the next figure or the sentence end
    bound: str | None = None  # approx, over, under, nearly: a word before the figure that widens it
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # Q1-Q4 when a quarter is named
    period_end: date | None = None  # "as of January 28, 2024"
    period_basis: str | None = None  # fiscal, calendar
    period_source: str | None = None  # next_to_figure, sentence, paragraph
    period_text: str | None = None
    period_type: str | None = None  # annual, quarterly or instant: the kind of period the wording claims
    day: date | None = None  # for date figures
    notes: list[str] = field(default_factory=list)

    @property
    def interval(self) -> tuple[Decimal, Decimal]:
        """The exact values the figure stands for: half a rounding step either side, widened by a bounding word."""
        v = abs(self.value or Decimal(0))
        step = self.step or Decimal(0)
        half = step / 2
        if self.bound == "approx":
            half = max(half, v * APPROX_TOLERANCE)
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


def _is_comparison(text: str, sents: _Sentences, j: int, mn: Mention) -> bool:
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


# --- numbers in a document's tables -------------------------------------------------------------

_YEARISH = re.compile(rf"\b(?:{_MONTH}\.?\s+\d{{1,2}},?\s+)?(?:19|20)\d\d\b")


@dataclass
class TableCell:
    """Where a number sits in a table row of a document's text (rows are lines, cells joined by " | ")."""

    row: str  # the whole row, its label first ("Data Center | $115,186 | $47,525 | $15,005")
    above: str  # the lines above it in the same table: its title and column heads
    column_head: str | None  # the head of the number's column when one names a year or a date
    values_in_row: int  # how many cells of the row hold numbers (more than one: columns matter)


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
    above = text[0 if block < 0 else block + 2:ls].split("\n")[-8:]
    head = None
    for prior in reversed(above):
        hc = prior.split(" | ")
        if sum(1 for c in hc if _YEARISH.search(c)) >= 2:
            if k <= len(hc) and _YEARISH.search(hc[-k]):
                head = hc[-k].strip()
            break
    values = sum(1 for c in cells[1:] if re.search(r"\d", c))
    return TableCell(line, "\n".join(above), head, values)


def head_date(head: str) -> tuple[date | None, int | None]:
    """A column head's date ("Jan 26, 2025") or bare year ("2024")."""
    m = _LONG_DATE.search(head)
    if m:
        return _day(m.group(3), m.group(1), m.group(2)), None
    m = re.search(r"\b((?:19|20)\d\d)\b", head)
    return None, (int(m.group(1)) if m else None)

"""Each figure of an answer against the company's XBRL facts: grounded, derived, of another period, or not.

:class:`Grounder` holds one verification's state: the company's facts, the
pool of them the citations allow, the concept words of the company's name. Its
``check`` gives a figure a :class:`~edgar_cli.models.VerifiedFigure`:

- an amount, per-share value or share count is matched by value within its
  rounding (:class:`~edgar_cli.xbrl.grounding.FactPool`), among facts of the
  concept the sentence names (catalogue words, else the words of an XBRL tag),
  for the period the sentence claims (:mod:`.periods`), with the sign it
  states;
- a per-share value or share count is read on both share bases of a later
  split (the concept series' pre_split_ratio), and held to the basis its
  sentence states ("split-adjusted", "as originally reported"): split-adjusted
  is today's basis, after every later split, and a cue right after a figure
  ("$4.99, or $1.25 after the split") is said of that figure only;
- a percentage is a margin, growth rate or ratio derived from the facts, and a
  quarter a filing gives only inside a longer period is derived from it
  (:mod:`.derived`); amounts a sentence gives as a derivation's inputs are
  checked as those inputs;
- a fiscal year or date is checked against the fiscal calendar.

A figure is grounded only by a fact about the same thing: one naming no
concept (nor a tag by the words next to it) is unchecked, however few facts
round to it. With citations, a figure the cited filings lack is checked against
all of the company's facts: held there, it is unchecked (a citation narrows
where to look, it never changes what a figure is). Figures the facts cannot
decide on are remembered in ``text_ok``; the cited text may still support them
(:mod:`.cited_text`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from ..models.companies import CompanyRef
from ..models.verify import PeriodReading, VerifiedFigure
from ..patterns import lazy
from ..sec.companyfacts import facts_end_words, span_coverage_note
from ..vocabulary import possessive
from ..xbrl import grounding as G
from ..xbrl import periods as XP
from ..xbrl.catalogue import catalogue
from ..xbrl.facts import CompanyFacts
from ..xbrl.records import SHARE_BASIS_KINDS, FactRecord, RevisionKind
from ..xbrl.restatements import basis_change, classify_revision, filing_order, split_candidates, split_events
from ..xbrl.series import build_series, fact_value, rate_words, retranslation_of
from . import periods as P
from . import support as S
from . import wording as W
from .claims import NUMERIC, Figure
from .derived import Derived
from .verdict import flag

# A balance dated this close to a reported quarter's or year's end, and no period's end ("as of October 1" for
# September 30), is that end written wrong
NEAR_AS_OF_DAYS = 3

# Concepts whose sign says something: a negative value is a loss or an outflow.
SIGNED_CONCEPTS = frozenset(
    {"net_income", "operating_income", "gross_profit", "operating_cash_flow", "eps_basic", "eps_diluted"}
)
# Statuses under which a figure holds (for a reading of calendar wording)
HELD = ("grounded", "derived", "superseded")
_FREE_CASH_FLOW = lazy(r"\bfree cash flows?\b|\bFCF\b", re.I)
_LEGAL_WORDS = frozenset(
    {"inc", "corp", "co", "ltd", "plc", "llc", "the", "and", "company", "corporation", "incorporated", "limited"}
)
_BOUND_TEXT = {
    "approx": "an approximation",
    "over": "a lower bound",
    "under": "an upper bound",
    "nearly": "a value a little below the figure",
    "range": "a range",
}
# Words that give the inputs of a figure just derived: "calculated from", "computed as", "based on", "($X versus $Y)"
_DERIVATION_CUE = lazy(
    r"\b(?:calculated|computed|derived|worked out|arrived at)\s+(?:from|as|using|by|with)\b|"
    r"\bbased on\b|\busing\b|\bdividing\b|\([^)]*$|\b(?:less|minus)\b",
    re.I,
)
# "$2.94 per diluted share", "$6.08 per share"
_PER_SHARE_KIND = lazy(r"\s*per\s+(?:(basic|diluted|fully[- ]diluted)\s+)?(?:common\s+)?share\b", re.I)
# Words between a figure and the concept right after it: "$60.9 billion in revenue", "24.5 billion shares outstanding"
# ("crossed $1 billion in quarterly revenue": a period's adjective says when, not what)
_FILLER = lazy(
    r"\s*\)?\s*(?:(?:in|of|from|for|total|net|its|the|worth|USD|dollars|quarterly|annual|yearly)\s+){0,3}", re.I
)
# ... and after a list of figures: "$34.6 billion, $31.4 billion and $29.9 billion on research and development"
_TAIL_FILLER = lazy(r"\s*\)?\s*(?:(?:in|of|from|for|on|into|total|net|its|the|worth|USD|dollars)\s+){0,3}", re.I)
# A year less its first nine months (or six months less the first quarter): the part is the derivation's input
# A figure on a basis the filer computes outside its reported (XBRL) figures
_NON_GAAP_BASIS = lazy(
    r"\b(?:on\s+an?\s+)?(?:currency[- ]neutral|constant[- ]currency|fx[- ]neutral|non[- ]GAAP|organic)"
    r"(?:\s+basis)?\b|\bin\s+constant\s+currency\b|\bexcluding\s+(?:the\s+(?:impact|effect)s?\s+of\s+)?"
    r"(?:foreign\s+)?(?:currency|exchange)",
    re.I,
)
_THREE_MONTHS_ENDED = lazy(r"\b(?:three|3)[- ]months?\s+(?:ended|ending)\b|\b13[- ]weeks?\s+(?:ended|ending)\b", re.I)
_DERIVED_PART = lazy(
    r"\b(?:less|minus|subtract\w*|without)\s+(?:the\s+)?(?:\S+\s+){0,4}?(?:first\s+)?"
    r"(?:nine|six|three)[- ]months?\b|\b(?:nine|six)[- ]month\s+total\s+from\b",
    re.I,
)
_SPENT = lazy(
    r"\b(?:spen[dt]s?|spending|invest(?:ed|s)?)\s+(?:(?:about|approximately|roughly|nearly|some|over)\s+)?$", re.I
)
# A company that "earned" an amount named nothing else: its net income ("In 2022 Tesla earned $8.9 billion")
_EARNED = lazy(r"\bearn(?:ed|s)\s+(?:(?:about|approximately|roughly|nearly|some|over)\s+)?$", re.I)
# "Snowflake lost $1.29 billion in fiscal 2025": its net loss, when nothing but the period (or the sentence's end)
# follows the figure ("lost $862 million in market value" is no net loss)
_LOST = lazy(r"\b(?:lost|loses)\s+(?:(?:about|approximately|roughly|nearly|some|over|almost)\s+)?$", re.I)
_ONLY_PERIOD_AFTER = lazy(
    r"\s*(?:$|[.;,)]|(?:in|during|for|over|through)\s+(?:the\s+)?(?:(?:fiscal|calendar)(?:\s+year)?\s+|FY\s?)?"
    r"(?:(?:19|20)\d\d|(?:first|second|third|fourth|full|latest|last|prior|same)\b|year\b|quarter\b|"
    r"(?:three|six|nine|twelve)\s+months\b))",
    re.I,
)
# The word that sets a restated figure against its original ("$0.019 in its first 20-F but $0.11 as restated")
_CONTRAST = frozenset({"but"})
# Words that carry a sentence's measure on to a figure: wording.CARRY_WORDS and the anaphors of a restated line
# ("its 10-K presents the same balance as $7.1 billion")
_CARRY = W.CARRY_WORDS | frozenset(
    "same balance line amount figure value presents present shows show its as of".split()
)
# A derivation's input named by its own words: "the full-year $416.2 billion", "$102.7 billion for the full year",
# "$313.7 billion for the first nine months", "$527.0 million for the nine months ended October 31, 2024"
_OWN_YEAR_BEFORE = lazy(r"\b(?:(?:full|whole|entire|fiscal)[- ]year(?:'s)?|annual)\s+(?:total\s+(?:of\s+)?)?$", re.I)
_OWN_YEAR_AFTER = lazy(r"\s*(?:for|in|over)\s+the\s+(?:(?:full|whole|entire|fiscal)\s+)?year\b", re.I)
_OWN_PART_BEFORE = lazy(r"\b(?:nine|six)[- ]month(?:s'?)?\s+(?:total\s+(?:of\s+)?)?$", re.I)
_OWN_PART_AFTER = lazy(r"\s*(?:for|in|over)\s+the\s+(?:first\s+)?(nine|six)[- ]months?\b", re.I)
# The words before a derivation's result: "..., came to about $102.5 billion", "..., was $432.7 million"
_RESULT = lazy(
    r",\s*(?:(?:it|which|that)\s+)?(?:was|were|is|came\s+to|comes\s+to|totall?ed|equals?|equalled|gives?|"
    r"gave|yields?|yielded|works?\s+out\s+(?:to|at)|stood\s+at)\s+(?:(?:about|approximately|roughly|around|"
    r"some|nearly|an\s+estimated)\s+)?$",
    re.I,
)


# The words between two inputs of a derivation: "$102.7 billion for the full year minus $66.5 billion"
_INPUT_CLAUSE = lazy(
    r"\s*(?:(?:for|in|over)\s+the\s+(?:(?:full|whole|entire|fiscal|first)\s+)?(?:year|nine\s+months|six\s+months)"
    r"\s*)?,?\s*(?:less|minus)\s+(?:the\s+)?",
    re.I,
)


def _own_period(fig: Figure) -> str | None:
    """The period a derivation's input names for itself: "FY", "9M", "H1", or None (the derived figure)."""
    part = _OWN_PART_AFTER.match(fig.after)
    if part or _OWN_PART_BEFORE.search(fig.lead[-30:]):
        word = part.group(1) if part else _OWN_PART_BEFORE.search(fig.lead[-30:]).group(0)  # type: ignore[union-attr]
        return "9M" if word.lower().startswith("nine") else "H1"
    if _OWN_YEAR_AFTER.match(fig.after) or _OWN_YEAR_BEFORE.search(fig.lead[-30:]):
        return "FY"
    return None


# Where the words after a figure turn to another figure: "$721 million in 2020 and a net loss of $862 million"
# Where the words that say what a figure is begin, back from it: a clause break
_SIGN_BREAK = lazy(r"[;:]|,\s*(?:while|whereas|but|and|compared|versus|after|despite|as)\b")
_NEXT_FIGURE_WORDS = lazy(r"\b(?:from|versus|vs\.?|compared|than|against|after|and|but|while|whereas|to)\b")
# "the December 2022 quarter", "the quarter ending in June 2024", "the quarter ended March 2023"; the month before
# "quarter" and the year after it: "September-quarter 2024", "the March quarter of 2025", "the June quarter of
# fiscal 2025", "the September quarter" (the year the sentence gives the figure)
_MONTH_QUARTER = lazy(
    rf"\b(?:the\s+)?({P.MONTH_PATTERN})\s+((?:19|20)\d\d)\s+quarter\b|"
    rf"\bquarter\s+(?:ended|ending)\s+(?:in\s+)?({P.MONTH_PATTERN})\s+((?:19|20)\d\d)\b|"
    rf"\b({P.MONTH_PATTERN})[- ]quarter\b(?:,?\s+(?:of\s+)?(fiscal(?:\s+year)?\s+|FY\s?)?((?:19|20)\d\d)\b)?|"
    rf"\bquarter\s+(?:covering|spanning)\s+(?:{P.MONTH_PATTERN})\s+(?:through|to)\s+({P.MONTH_PATTERN})\s+((?:19|20)\d\d)\b",
    re.I,
)
# "in the year-earlier quarter", "in the prior-year quarter", "a year earlier": right after a figure, its period is
# the one a year before the period the sentence named
_PRIOR_QUARTER = lazy(
    r"^\W*(?:in|for|during)?\s*(?:the\s+)?(?:year[- ]earlier|year[- ]ago|prior[- ]year|same)\s+quarter\b|"
    r"^\W*(?:in\s+the\s+same\s+quarter\s+)?a\s+year\s+(?:earlier|ago|before)\b",
    re.I,
)
# "ended September 2022 with $19.5 billion", "at the end of September 2022": a balance at the end of the reported
# period closing in that month (not "the year/quarter ended September 2022", a duration)
_MONTH_END = lazy(
    rf"\b(?:(?<!year )(?<!quarter )(?<!months )(?<!weeks )end(?:ed|ing)|closed|finished|(?:at|by)\s+the\s+end\s+of|"
    rf"as\s+(?:of|at))\s+({P.MONTH_PATTERN})\s+((?:19|20)\d\d)\b",
    re.I,
)
# Words after a figure that turn to what it is compared with: "$23.4 billion, a touch below the March quarter's"
_COMPARED = lazy(
    r"\b(?:from|compared|versus|vs\.?|against|than|over|since|relative to|below|above|under|beat|trail\w*|"
    r"exceed\w*|topp\w*|behind|ahead of)\b",
    re.I,
)
# A year to date ("year-to-date", "YTD", "so far this fiscal year") and trailing twelve months ("TTM", "LTM",
# "trailing twelve months", "last twelve months")
_YTD = lazy(r"\byear[- ]to[- ]date\b|\bYTD\b|\bfiscal[- ]year[- ]to[- ]date\b", re.I)
# A second half-year ("the second half of 2021", "H2 2021", "back half")
_SECOND_HALF = lazy(r"\b(?:second|2nd|latter|back)[- ]half\b|\b(?:H2|2H)(?:\s?(?:FY)?'?\d{2,4})?\b", re.I)
_TTM = lazy(
    r"\b(?:TTM|LTM)\b|\b(?:trailing|last|past)[- ](?:twelve|12)[- ]months?\b|\brolling[- ](?:twelve|12)[- ]months?\b",
    re.I,
)
# The amounts between a list of concepts and a figure ("net sales and net income were 391,035 and 93,736,
# respectively"), never a year
_LIST_AMOUNT = lazy(r"(?<![\w.,])(?:[$€£¥]|[A-Z]{2}\$)?\(?\d[\d,]*(?:\.\d+)?(?![\d,])")
_YEAR_ONLY = lazy(r"(?:19|20)\d\d")
_RESPECTIVELY = lazy(r"\brespectively\b", re.I)
# "the fiscal year ended ", "for the year ending on ": the date after it is a fiscal year's end
_YEAR_ENDED = lazy(r"\byear\s+end(?:ed|ing)\s+(?:on\s+)?$", re.I)
# "the quarter ended ", "the six months ending on ": the date after it is the end of a quarter (group 1), a half
# year (group 2) or nine months (group 3)
_PART_ENDED = lazy(
    r"\b(?:(quarter|three[- ]months?|13[- ]weeks?)|(six[- ]months?|half[- ]year|first\s+half|26[- ]weeks?)|"
    r"(nine[- ]months?|39[- ]weeks?))(?:\s+period)?\s+end(?:ed|ing)\s+(?:on\s+)?$",
    re.I,
)
# A date this far from the end of a reported period of the kind the sentence names, and no such period's end, is
# that end written wrong ("the quarter ended September 30" at a company whose quarters end October 31)
FAR_END_DAYS = 45
_PART_WORDS = {"annual": "fiscal year", "quarterly": "quarter", "H1": "six-month period", "9M": "nine-month period"}
# A tag that names an item and a narrower one with it ("CashAndCashEquivalents"), and the words that join two
# items in an answer
_TAG_AND = lazy(r"([A-Z][a-z]+)And\1")  # "CashAndCashEquivalents": X and X-something
_AND = lazy(r"\band\b|&", re.I)
# "per diluted share" anywhere before a figure that carries the measure on
_PER_SHARE_WORDS = lazy(r"\bper\s+(?:(basic|diluted|fully[- ]diluted)\s+)?(?:common\s+)?share\b", re.I)
# The words between "per diluted share" and a next per-share figure of the same measure that name only when and
# how it compares: "$0.95 per diluted share in the third quarter of 2022 and $2.55 for the nine months", "lost
# $3.86 per diluted share in fiscal 2025, wider than the $2.55 loss a year earlier"
_PER_SHARE_CARRY = lazy(
    r"(?:[\s,;:()]*(?:quarters?|months|weeks|first|second|third|fourth|nine|six|three|twelve|q[1-4]|h[12]|fy|"
    r"for|during|in|of|the|a|an|and|fiscal|year|(?:19|20)\d\d|ended|ending|same|period|wider|narrower|larger|"
    r"smaller|higher|lower|than|compared|with|to|versus|vs\.?|up|down|from)\b)*[\s,;:()]*",
    re.I,
)
# The amounts of a list after a figure: ", $31.4 billion and $29.9 billion"
_LIST_RUN = lazy(
    r"(?:\s*,?\s*(?:and\s+)?(?:[$€£¥]|[A-Z]{2}\$)?\d[\d,]*(?:\.\d+)?(?:\s*(?:billion|million|thousand|trillion))?)+",
    re.I,
)


_LIST_SEP = lazy(r"\s*,?\s*(?:and\s+)?", re.I)


# After a figure, ", research and development " up to the next figure: the label of the next figure of a list of
# labelled figures ("sales and marketing $1.78 billion, research and development $1.67 billion, ..."), not this one's
_NEXT_LABEL = lazy(r"\s*[,;]\s*(?:and\s+)?(?:[A-Za-z][\w&'-]*\s+){1,6}(?:of\s+|was\s+|were\s+|at\s+)?", re.I)
_FIGURE_START = lazy(r"(?:[$€£¥]|[A-Z]{2}\$)\d")


def _own_after(fig: Figure) -> str:
    """The words after a figure that can say what it is: none when they label the next figure of a list."""
    rest = fig.context[len(fig.lead) + len(fig.text) + len(fig.after) :] if fig.context.startswith(fig.lead) else ""
    if _NEXT_LABEL.fullmatch(fig.after) and _FIGURE_START.match(rest):
        return ""
    cut = _NEXT_CLAUSE.search(fig.after)
    if cut and _FIGURE_START.match(rest) and W.content_words(fig.after[cut.end() :]):
        return fig.after[: cut.start()]
    return fig.after


# Words of a tag's name that say how it is measured, not what: "AtCarryingValue"
_TAG_FORM_WORDS = frozenset({"carrying", "value"})

_WHOLE = lazy(r"\b(?:total|overall|whole|entire)\b", re.I)


def _named_exactly(tags: set[str], words: set[str], whole: bool) -> set[str]:
    """Of tags one of which is another with more words (RevenueRemainingPerformanceObligation and ...Current),
    the one the words name exactly: the longer when its further words are among them ("current RPO"), the
    shorter when the words say it is the whole ("total remaining performance obligation" is not its current
    part), else both ("accounts payable" is AccountsPayableCurrent as well)."""
    out = set(tags)
    for short in tags:
        own = W.tag_words(short)
        # ("accrued and other liabilities" names the whole too)
        longer = [t for t in tags if own < W.tag_words(t) and W.tag_words(t) - own - {"other"}]
        exact = [t for t in longer if W.tag_words(t) - own <= words]
        if exact:  # "current RPO": ...Current, neither the whole nor ...Noncurrent
            out -= {short, *(t for t in longer if t not in exact)}
        elif whole:
            out -= set(longer)
    return out


# After a figure, ", and its current RPO about" up to the next figure: the words of the next figure's clause,
# which name that figure's measure, not this one's
_NEXT_CLAUSE = lazy(r"\s*(?:[,;]\s*(?:and|but|while|whereas)|;)\s", re.I)


def _list_tail(fig: Figure) -> str | None:
    """For a figure of a list whose measure follows the list ("$34.6 billion, $31.4 billion and $29.9 billion on
    research and development"), the words after the list; None when the figure is not followed by one."""
    if not _LIST_SEP.fullmatch(fig.after):
        return None
    rest = fig.context[len(fig.lead) + len(fig.text) :] if fig.context.startswith(fig.lead) else ""
    run = _LIST_RUN.match(rest)
    return rest[run.end() :] if run else None


_QUARTER_WORDS = lazy(r"\bQ([2-4])\b|\b(fourth|third|second)[- ]quarter\b", re.I)
_ORDINAL = {"second": 2, "third": 3, "fourth": 4}
_ORIGINAL_VALUE = lazy(
    r"\b(?:originally|as first reported|first reported|initially reported|"
    r"before (?:the |its )?restatement|as originally (?:reported|filed))\b",
    re.I,
)
_RESTATED_VALUE = lazy(r"\b(?:restated|revised|as amended|amended to)\b", re.I)


_HEAD = lazy(r"\s*,?\s*\(?\s*as\s+\w+(?:\s+\w+)?")
# The words right before a figure that a value was revised from ("were revised from", "restated from"): that
# figure is the value first reported, the one it was revised to the restated
_REVISED_FROM = lazy(r"\b(?:restated|revised|amended|adjusted)\s+(?:\w+\s+){0,2}?from\s*$", re.I)


def _value_said(fig: Figure) -> str | None:
    """Whether the sentence gives a figure as the value first reported or as restated: the cue right after it
    ("$6.29 as originally reported"), else the last one before it in its clause ("later restated to $42.9
    billion")."""

    def last(text: str) -> str | None:
        cues = [(m.start(), "original") for m in _ORIGINAL_VALUE.finditer(text)] + [
            (m.start(), "restated") for m in _RESTATED_VALUE.finditer(text)
        ]
        return max(cues)[1] if cues else None

    if _REVISED_FROM.search(fig.clause):
        # "were revised from $2.8 million to $4.4 million": the value revised from is the one first reported
        return "original"
    head = _HEAD.match(fig.after)
    # (the clause's own head is the figure before's: "$671.5 million as first reported and $675.2 million ...")
    lead_head = _HEAD.match(fig.clause) if fig.lead != fig.clause else None
    own = fig.clause[lead_head.end() :] if lead_head else fig.clause
    said = (last(head.group(0)) if head else None) or last(own[-60:])
    tail = _RESPECTIVELY_TAIL.search(fig.context)
    if said is None and tail and "respectively" not in fig.lead.lower():
        # "$42.9 billion and $37.5 billion in fiscal 2009 and 2008, respectively, as originally reported": the
        # closing words are said of every figure of the list
        said = last(tail.group("tail"))
    return said


# The words closing a respectively-list ("..., respectively, as originally reported.")
_RESPECTIVELY_TAIL = lazy(r"\brespectively\b(?P<tail>[^;]*)$", re.I)


_SPLIT = (
    r"(?:[\w-]+-for-[\w-]+\s+|\d{4}\s+|(?:[A-Z][a-z]+\s+)?\d{4}\s+[\w-]+-for-[\w-]+\s+)?"
    r"(?:stock\s+|share\s+)?split"
)
_ADJUSTED = lazy(
    rf"\bsplit[- ]adjusted\b|\b(?:adjusted|restated)\s+(?:for|to reflect)\s+(?:the\s+|its\s+|a\s+)?"
    rf"(?:\w+\s+){{0,5}}{_SPLIT}|\bpost[- ]split\b|\bafter\s+(?:the\s+|its\s+)?(?:\w+\s+){{0,2}}"
    rf"{_SPLIT}",
    re.I,
)
_ORIGINAL = lazy(
    rf"\b(?:originally|as first reported|pre[- ]split)\b|\bbefore\s+(?:the\s+|its\s+|a\s+)?"
    rf"(?:\w+\s+){{0,2}}{_SPLIT}|\bfiled before\b",
    re.I,
)


def stated_share_basis(sentence: str) -> str | None:
    """ "adjusted" when a sentence says its per-share or share figures are on the basis after a split
    ("split-adjusted", "adjusted for the 2022 three-for-one split", "restated for the 2024 stock split"),
    "original" when before it ("originally reported", "before its 2020 four-for-one split"), else None."""
    adjusted, original = bool(_ADJUSTED.search(sentence)), bool(_ORIGINAL.search(sentence))
    return "adjusted" if adjusted and not original else "original" if original and not adjusted else None


# The words between a figure and a basis cue that belongs to it: "$1.25 after the split", "$0.60 on a post-split
# basis", "$11.89, before the 2020 stock split", "$6.29 as originally reported"
_OWN_CUE = r"\s*,?\s*\(?\s*(?:on\s+an?\s+|as\s+)?"
# A cue right after an amount of the sentence ("$1.25", "1.73", "3.1 billion shares"; never a year: "fiscal 2024,
# before the June 2024 split" is said of the sentence's figures)
_OWNED = lazy(
    r"(?:[$€£¥]\s?[\d,.]*\d|\d[\d,]*\.\d+|"
    r"\d[\d,.]*\s*(?:billion|million|thousand|trillion|bn|mn|m|k)\b)"
    rf"(?:\s+(?:shares|per\s+share))?{_OWN_CUE}$",
    re.I,
)


def _basis_cues(fig: Figure) -> list[tuple[str, str]]:
    """The share-basis cues said of one figure, as (kind, words): a cue right after it ("$4.99, or $1.25 after
    the four-for-one split": only $1.25 is split-adjusted), else the sentence's cues that follow no figure ("On a
    split-adjusted basis, ...")."""

    def cues(text: str) -> list[tuple[re.Match, str]]:
        return [(m, "adjusted") for m in _ADJUSTED.finditer(text)] + [(m, "original") for m in _ORIGINAL.finditer(text)]

    own = [(kind, m.group(0)) for m, kind in cues(fig.after) if re.fullmatch(_OWN_CUE, fig.after[: m.start()], re.I)]
    return own or [(kind, m.group(0)) for m, kind in cues(fig.context) if not _OWNED.search(fig.context[: m.start()])]


# "After the three-for-one split, ...": a split that says when, opening the sentence, not a basis it restates to
_AFTER_SPLIT_OPENING = lazy(rf"^\s*after\s+(?:the\s+|its\s+)?(?:\w+\s+){{0,2}}{_SPLIT}\s*,", re.I)


# Words of a tag that make it a part of another tag's measure, not another label for it
_PART_OF_MEASURE = frozenset({"current", "noncurrent"})


def _dated_base_after_split(fig: Figure) -> bool:
    """Is the figure a comparison's base with its own date ("up from 1.04 billion on July 19, 2022") in a sentence
    whose only share-basis cue is an opening "After the ... split," (a time, not "split-adjusted")?"""
    cues = _basis_cues(fig)
    opening = _AFTER_SPLIT_OPENING.match(fig.context)
    return (
        opening is not None
        and all(kind == "adjusted" and words in opening.group(0) for kind, words in cues)
        and bool(_BASE_CUE.search(fig.clause))
        and fig.period_end is not None
        and fig.period_source == "next_to_figure"
    )


def figure_share_basis(fig: Figure) -> str | None:
    """The share basis a sentence states for one figure (:func:`_basis_cues`): "adjusted", "original" or None."""
    kinds = {kind for kind, _words in _basis_cues(fig)}
    return kinds.pop() if len(kinds) == 1 else None


_RATIO_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}


def named_splits(fig: Figure) -> tuple[set[int], set[int]] | None:
    """The splits a figure's "adjusted" cue names, as (years, ratios): "adjusted for the 2021 four-for-one
    split" is ({2021}, {4}); None when it names none or all of them ("split-adjusted", "adjusted for all stock
    splits", "for both the 2020 and 2022 splits" names two)."""
    words = " ".join(w for kind, w in _basis_cues(fig) if kind == "adjusted")
    if not words or re.search(r"\b(?:all|every|both|each|any)\b", words, re.I):
        return None
    years = {int(y) for y in re.findall(r"\b((?:19|20)\d\d)\b", words)}
    ratios = set()
    for a, b in re.findall(r"\b(\w+)-for-(\w+)\b", words):
        n, d = (int(x) if x.isdigit() else _RATIO_WORDS.get(x.lower(), 0) for x in (a, b))
        if n and d:
            ratios.add(max(n, d) // min(n, d))
    return (years, ratios) if years or ratios else None


_BASE_CUE = lazy(
    r"\b(?:from|compared (?:with|to)|versus|vs\.?|than|a year (?:earlier|ago|before)|prior|"
    r"previous)\b",
    re.I,
)


def _untied_periods(mentions: list[P.Mention], f: FactRecord, base: bool = False) -> list[str]:
    """The periods a sentence names (``mentions``: dates, fiscal and calendar years, quarters) when the fact fits
    none; a comparison's base (``base``: "from $27.0 billion") fits the year before a year named too."""
    if not mentions:
        return []
    for mn in mentions:
        if mn.kind == "date" and mn.day in (f.end, f.start):
            return []
        years = {mn.year, mn.year - 1} if base and mn.year else {mn.year}
        if mn.kind == "fiscal_year" and f.fiscal_year in years:
            return []
        if mn.kind == "year" and (f.fiscal_year in years or f.end.year in years):
            return []
        if mn.kind == "date" and base and mn.day and abs((mn.day - f.end).days - 365) <= 7:
            return []
        if mn.kind == "quarter" and (mn.part or f"Q{mn.quarter}") == f.fiscal_period:
            return []
    return [mn.text for mn in mentions]


# A share-basis cue between two figures of one measure ("$2.97 on a split-adjusted basis, or $11.89 as originally
# reported"): the measure carries on past it
_BASIS_WORDS = lazy(rf"{_ADJUSTED.pattern}|{_ORIGINAL.pattern}|\b(?:on\s+an?|basis|as|reported|restated)\b", re.I)


def _coordinated(text: str, named: list[W.Named]) -> list[W.Named]:
    """The concepts listed together at the end of ``named`` ("revenue and net income", "revenue, gross profit
    and net income"), or the last one alone."""
    out = [named[-1]]
    for prev in reversed(named[:-1]):
        if not re.fullmatch(r"\s*(?:,|and|or|as well as|,\s*and)\s*", text[prev.end : out[0].start], re.I):
            break
        out.insert(0, prev)
    return out


# A list item between two others that names no concept outright ("net income, share repurchases and dividends paid")
_LIST_GAP = lazy(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)([a-z][a-z'\u2019 -]{1,40}?)\s*(?:,\s*(?:and\s+)?|\s+and\s+)\s*")


def _listed_with_unnamed(text: str, named: list[W.Named]) -> list[W.Named | None]:
    """The items of the list that ends with the last of ``named``, read also over one item between two of them
    that is no concept named outright: that item as the catalogue concept its words are an alias of (a wording
    masked elsewhere, "share repurchases"), else None."""
    out: list[W.Named | None] = [named[-1]]
    first = named[-1]
    for prev in reversed(named[:-1]):
        gap = text[prev.end : first.start]
        if re.fullmatch(r"\s*(?:,|and|or|as well as|,\s*and)\s*", gap, re.I):
            out.insert(0, prev)
        elif m := _LIST_GAP.fullmatch(gap):
            _rx, index = W.concept_index()
            name = index.get(m.group(1).lower())
            out[:0] = [prev, W.Named(name, prev.end + m.start(1), prev.end + m.end(1), None) if name else None]
        else:
            break
        first = prev
    return out


def _chain_position(tag: str) -> int:
    """0 for a concept's main tag (NetIncomeLoss), more for its fallbacks (ProfitLoss, with minority interests)."""
    for c in catalogue().values():
        for i, t in enumerate(c.chain):
            if t.tag == tag:
                return i
    return 0


# A name as a possessive ("NVIDIA's", "Taiwan Semiconductor's")
_POSSESSIVE_NAME = lazy(r"\b([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){0,3})['\u2019]s\b")


def _no_filing(text: str) -> str:
    """``text`` with the filings it names blanked ("its fiscal 2023 Form 10-K", "Form 20-F for 2024")."""
    return P.FILING_FOR.sub(lambda m: " " * len(m.group(0)), P.FILING_NAMED.sub(lambda m: " " * len(m.group(0)), text))


def _short_forms(cik: str | int, name_words: list[str]) -> list[str]:
    """The company's aliases (index/data/company_aliases.yaml) that are initials of its name's leading words, as
    a sentence's words read them: "P&G" (PROCTER & GAMBLE Co), "J&J", "TSMC" (TAIWAN SEMICONDUCTOR MANUFACTURING
    CO), "IBM". An alias that is no such acronym ("AWS", a segment; "Big Blue") is not the company's name, and a
    two-letter one without "&" ("UP") is a plain word."""
    from ..index.query import company_aliases

    initials = "".join(w[0] for w in name_words if w.lower() not in ("and", "of", "the")).lower()
    out = []
    for alias in company_aliases().get(str(int(cik)).zfill(10), []):
        letters = re.sub(r"[&.]", "", alias).lower()
        if " " in alias or not letters.isalpha() or not (len(letters) > 2 or "&" in alias):
            continue
        if alias.replace("&", "").replace(".", "").isupper() and initials.startswith(letters):
            out += [alias.lower(), *W.content_words(alias)]
    return out


class Grounder(Derived):
    """The state of one verification: the company's facts, the pool the citations allow, its name's words."""

    _filing_periods: dict[str, tuple[int, str]]  # set on first use by cited_text._filing_period

    def __init__(
        self,
        facts: CompanyFacts,
        ref: CompanyRef,
        pool: G.FactPool,
        everything: G.FactPool,
        *,
        cited: bool,
        today,
        earlier_history: str | None = None,
    ):
        """``pool``: the facts the answer may rely on (the cited filings' when ``cited``); ``everything``: all of
        the company's facts. ``earlier_history``: a sentence saying where the company's history before its
        facts begin is (a predecessor's CIK), added to the reason of a figure dated before them."""
        self.facts, self.ref, self.pool, self.everything, self.cited = facts, ref, pool, everything, cited
        self.today, self.earlier_history = today, earlier_history
        self.cal = facts.calendar
        self._ratio_series: dict[str, list[FactRecord]] | None = None
        self._series_cache: dict[str, list[FactRecord]] = {}
        self._splits: list[tuple] | None = None
        self._quarter_ends: list[date] | None = None
        self._uncited: Grounder | None = None
        self._derived_rows: list[tuple[tuple[int, int], int, VerifiedFigure]] = []  # (sentence, end, row)
        # figures (by start) contradicted by the value of the concept they name for the period claimed
        self.concept_contradicted: set[int] = set()
        # a derived figure of another period than the claimed one: the claimed period's derivation, by figure start
        self._claimed_derivations: dict[int, G.Derivation] = {}
        self.text_ok: set[int] = set()  # figures the cited text may still support (never one XBRL contradicts)
        name_words = re.findall(r"[A-Za-z]+", ref.name)
        acronym = "".join(w[0] for w in name_words if w[0].isupper() and w.lower() not in _LEGAL_WORDS)
        self.company_words = (
            frozenset(
                [w.lower() for w in name_words]
                + [t.lower() for t in ref.tickers]
                + ([acronym.lower()] if len(acronym) > 2 else [])
                + _short_forms(ref.cik, name_words)
            )
            | _LEGAL_WORDS
        )  # "NVIDIA Corporation" in an answer names the company whose filings say "NVIDIA CORP"
        # the name's words as content_words reads them ("Properties" -> property): a name is never a figure's mark
        self.company_lemmas = frozenset(W.content_words(ref.name))
        end = self.cal.typical_end or ""
        self.calendar_aligned = end[:2] == "12" and end >= "12-24" or end[:2] == "01" and end <= "01-07"

    # --- one figure ---------------------------------------------------------------------

    def check(self, fig: Figure) -> VerifiedFigure:
        row = VerifiedFigure(
            text=fig.text,
            position=fig.start,
            context=fig.context,
            kind=fig.kind,
            value=S.as_float(fig.value),
            unit=self._unit(fig),
            rounding=S.as_float(fig.step),
            claimed_fiscal_year=fig.fiscal_year if fig.kind in NUMERIC else None,
            claimed_fiscal_period=fig.fiscal_period,  # type: ignore[arg-type]  # a quarter, H1 or 9M; pydantic checks it
            claimed_period_end=fig.period_end,
            claimed_period_text=fig.period_text,
            status="unchecked",
            reason="",
            notes=list(fig.notes),
        )
        if fig.kind == "fiscal_year":
            return self._fiscal_year(fig, row)
        if fig.kind == "date":
            return self._date(fig, row)
        if fig.kind == "year":
            row.reason = "A calendar year: it is context for the figures near it, not a claim checked on its own."
            return row
        if fig.kind == "percentage_points":
            row.reason = "A change in percentage points: edgar does not derive differences of ratios."
            return row
        basis = _NON_GAAP_BASIS.search(fig.clause[-30:] + " " + fig.text + " " + fig.after[:30])
        if basis is not None and fig.kind in NUMERIC:
            # "(down 9% currency-neutral)": a measure on a basis the filer computes outside its XBRL facts; the
            # reported facts neither support nor contradict it, a cited passage can
            self.text_ok.add(fig.start)
            row.reason = (
                f"The sentence gives {fig.text} {basis.group(0).strip()}: a basis edgar does not compute from the "
                "XBRL facts (which are as reported), so they neither support nor contradict it."
            )
            return row
        if self._input_of_derivation(fig, row):
            return row
        claim = self.claim_for(fig, row)
        if (
            _TTM.search(fig.context)
            and fig.kind in ("money", "number")
            and not (claim.fiscal_year is not None and claim.quarter in (None, "Q4") and claim.end is None)
        ):
            # "trailing-twelve-month revenue through the quarter ended October 27, 2024": four quarters added up;
            # the quarter's or the year to date's value is not it
            if self._trailing_twelve_months(fig, row, claim):
                return row
            row.reason = (
                f"The sentence gives {fig.text} for the trailing twelve months, a sum of four quarters edgar does "
                "not compute; it is checked only when those twelve months are a fiscal year."
            )
            return row
        half = _SECOND_HALF.search(fig.context)
        if half is not None and fig.kind in ("money", "number"):
            # "revenue in the second half of 2021, derived as full-year revenue less the first half": a half-year
            # no filing reports, which edgar does not derive; neither the first half nor the year is it
            row.reason = (
                f"The sentence speaks of the {half.group(0)}, a half-year edgar does not derive (the year less its "
                f"first half): {fig.text} is not checked."
            )
            return row
        if claim.quarter is None and _TTM.search(fig.context):
            row.notes.append("The trailing twelve months that end with a fiscal year are that fiscal year.")
        if fig.bound:
            lo, hi = fig.interval
            row.notes.append(
                f"Read as {_BOUND_TEXT[fig.bound]}: any value from {S.fmt(float(lo))} to {S.fmt(float(hi))} fits."
            )
        options = P.readings(claim, self.cal)
        if len(options) == 1:
            out = self._check_claim(fig, row, options[0])
            if options[0].reading and out.status in ("grounded", "derived") and options[0].reading.startswith("lies"):
                # "the first calendar quarter of 2025" at Apple: the fiscal quarter covering most of those months
                out.reason = f"{out.reason.rstrip('.')} ({options[0].named}, which {options[0].reading})."
        else:
            out = self._either_reading(fig, row, claim, options)
        if self.cited and out.status in ("ungrounded", "mismatched_period"):
            in_pool = out.support is not None and out.support.accession_number in (self.pool.accessions or ())
            if not in_pool or out.status == "mismatched_period":
                # a cited filing's value for another period is a coincidence when the claimed period's holds
                self._held_elsewhere(fig, out, only_if_held=in_pool)
        if out.status == "derived" and out.inputs:
            self._derived_rows.append((fig.sentence, fig.end, out))
        elif out.status == "mismatched_period" and fig.start in self._claimed_derivations:
            # "8.0% of net sales in fiscal 2025 ($34.55 billion on $416.2 billion)", 8.0% being fiscal 2024's:
            # the amounts given as its inputs are checked as the inputs of fiscal 2025's ratio
            claimed = out.model_copy(deep=True)
            self._set_inputs(claimed, self._claimed_derivations[fig.start])
            self._derived_rows.append((fig.sentence, fig.end, claimed))
        return out

    def _input_of_derivation(self, fig: Figure, row: VerifiedFigure) -> bool:
        """An amount the sentence gives as the input of a figure it derived just before ("grew 114%, calculated
        from $130.5 billion and $60.9 billion"; "a 75.0% margin, computed as $97.9 billion divided by ..."):
        grounded by that derivation's input, for the input's own period, when one rounds to it."""
        if fig.kind not in ("money", "per_share", "shares", "number"):
            return False
        lo, hi = fig.interval
        for sentence, end, derived in reversed(self._derived_rows):
            if sentence != fig.sentence or end > fig.start:
                continue
            between = fig.lead[end - fig.sentence[0] :] if end >= fig.sentence[0] else ""
            if not (_DERIVATION_CUE.search(between) or re.match(r"\s*(?:less|minus)\b", fig.after, re.I)):
                return False
            for inp in derived.inputs:
                if inp.value is not None and lo <= abs(Decimal(str(inp.value))) <= hi:
                    row.status = "grounded"
                    row.reason = (
                        f"An input of the {derived.text} the sentence derives ({derived.formula}): "
                        f"{inp.matched_tag} = {S.fmt(inp.value)} {inp.unit} for "
                        f"{G.describe_period(inp)}, rounds to {fig.text}."
                    )
                    row.support = inp
                    return True
            if fig.kind == "money" and all(i.unit and G.CURRENCY_UNIT.fullmatch(i.unit) for i in derived.inputs):
                row.status = "ungrounded"
                shown = "; ".join(
                    f"{i.matched_tag} = {S.fmt(i.value)} {i.unit} for {G.describe_period(i)}"  # type: ignore[arg-type]  # inputs are XBRL facts: each has a value
                    for i in derived.inputs
                )
                row.reason = (
                    f"The sentence gives {fig.text} as an input of the {derived.text} it derives, whose "
                    f"inputs are {shown}; {fig.text} rounds to none of them."
                )
                return True
            return False
        return False

    def claim_for(self, fig: Figure, row: VerifiedFigure) -> P.Claim:
        """The period the answer claims for the figure; calendar wording ("in 2024") at a company whose fiscal
        year is not the calendar year keeps its calendar year (see periods.readings)."""
        fy, cal_year = fig.fiscal_year, None
        quarter, ptype, text, end = fig.fiscal_period, fig.period_type, fig.period_text, fig.period_end
        called = self._fiscal_year_called(fig)
        if called is not None:
            # "in calendar 2024, which NVIDIA counts as fiscal 2025": the fiscal year, which lies mostly in it
            fy, text = called, f"fiscal {called} ({fig.period_text or ''})".replace(" ()", "")
            row.claimed_fiscal_year = called
        elif fig.period_basis == "calendar" and fy is not None and not self.calendar_aligned:
            fy, cal_year = None, fig.fiscal_year
            row.claimed_fiscal_year = None
        q = _QUARTER_WORDS.search(fig.context)
        if (
            fy is None
            and end is not None
            and end in self.cal.labels
            and _THREE_MONTHS_ENDED.search(fig.context)
            and _DERIVED_PART.search(fig.context)
        ):
            # "SG&A for the three months ended September 27, 2025 was $7.05 billion (full-year $27.60 billion less
            # $20.55 billion for the first nine months)": the last day of a fiscal year ends its fourth quarter,
            # the figure is that quarter's and each input is for the period its own words name
            fy = self.cal.labels[end]
            own = _own_period(fig)
            if own is None:
                quarter, ptype, text = "Q4", "quarterly", f"the three months ended {end} (Q4 FY{fy})"
            elif own == "FY":
                quarter, ptype, text = None, "annual", f"the full year fiscal {fy}"
            else:
                quarter, ptype = own, "ytd"
                text = f"the {'first nine' if own == '9M' else 'first six'} months of fiscal {fy}"
            row.claimed_fiscal_year, row.claimed_period_end = fy, None
            row.claimed_fiscal_period, row.claimed_period_text = quarter or "FY", text  # type: ignore[assignment]
            return P.Claim(fiscal_year=fy, quarter=quarter, period_type=ptype, text=text)
        # "the December 2021 quarter ... (annual $5.5 billion less $3.2 billion for the first nine months)": a
        # month-named quarter closing a fiscal year, derived from the year and its first nine months
        closing = (
            self._month_quarter(replace(fig, fiscal_period=None, fiscal_year=None))
            if q is None and quarter in ("9M", "H1") and _DERIVED_PART.search(fig.context)
            else None
        )
        closing = closing if closing is not None and closing.quarter == "Q4" else None
        own = _own_period(fig) if (q or closing) and _DERIVED_PART.search(fig.context) else None
        if closing is not None and own is None:
            row.claimed_fiscal_year, row.claimed_period_end = closing.fiscal_year, None
            row.claimed_fiscal_period, row.claimed_period_text = "Q4", closing.text
            return closing
        if closing is not None and own is not None:
            fy = closing.fiscal_year
        if own is not None and fy is not None:
            # "Q4 revenue, calculated as the full-year $416.2 billion less $313.7 billion for the first nine
            # months, came to $102.5 billion": each input is for the period its own words name
            quarter, ptype = (None, "annual") if own == "FY" else (own, "ytd")
            text = (
                f"the full year fiscal {fy}"
                if own == "FY"
                else f"the {'first nine' if own == '9M' else 'first six'} months of fiscal {fy}"
            )
            row.claimed_fiscal_period, row.claimed_period_text = quarter or "FY", text  # type: ignore[assignment]
            end = None
        elif quarter in ("9M", "H1") and q and _DERIVED_PART.search(fig.context):
            # "fourth-quarter revenue, derived as full-year revenue less the first nine months, was $39.3
            # billion": the nine months are an input of the derivation, the figure is the quarter's
            quarter, ptype = f"Q{q.group(1) or _ORDINAL[q.group(2).lower()]}", "quarterly"
            text = f"{q.group(0)} {fig.period_text.split()[-1] if fig.period_text else ''}".strip()
            row.claimed_fiscal_period, row.claimed_period_text = quarter, text  # type: ignore[assignment]
            end = None  # "less $527.0 million for the nine months ended October 31, 2024": the input's end
        if _YTD.search(fig.context) and quarter in ("Q1", "Q2", "Q3", "Q4") and fy is not None:
            # "year-to-date net sales through the third quarter of fiscal 2025": the nine months
            quarter, ptype = {
                "Q1": ("Q1", "quarterly"),
                "Q2": ("H1", "ytd"),
                "Q3": ("9M", "ytd"),
                "Q4": (None, "annual"),
            }[quarter]
            text = {"Q1": "the first quarter", "H1": "the first six months", "9M": "the first nine months"}.get(
                quarter or "", "the full year"
            ) + f" of fiscal {fy} (year to date)"
            row.claimed_fiscal_period, row.claimed_period_text = quarter or "FY", text  # type: ignore[assignment]
        if fig.prior_to is not None:
            # "a year earlier" than a figure at a period end: the fiscal year before the one ending then (a
            # balance at its end or its annual duration); a date that ends no fiscal year names no such year
            label = self.cal.labels.get(fig.prior_to)
            if label is not None:
                row.claimed_fiscal_year = label - 1
                return P.Claim(fiscal_year=label - 1, period_type=ptype, text=f"FY{label - 1} ({text})")
            before = self._a_year_before(fig.prior_to, ptype)
            if before is not None:
                # "the quarter ended April 30, 2025 ... $93.1 million in the same quarter a year earlier": the
                # reported quarter (or balance) ending a year before that one
                row.claimed_period_end, row.claimed_period_text = before, f"the period ended {before} ({text})"
                return P.Claim(end=before, period_type=ptype, text=f"the period ended {before} ({text})")
        if quarter is None and ptype == "quarterly" and end is not None and end in self.cal.labels:
            # "the quarter ended January 25, 2026", the last day of a fiscal year: its fourth quarter, which a
            # 10-K gives only inside the year (derived as the year less its first nine months)
            fy = self.cal.labels[end]
            row.claimed_fiscal_year, row.claimed_fiscal_period = fy, "Q4"
            return P.Claim(fiscal_year=fy, quarter="Q4", period_type="quarterly", text=text)
        month_quarter = self._month_quarter(fig)
        if month_quarter is not None and _PRIOR_QUARTER.search(fig.after[:40]) and not _MONTH_QUARTER.search(fig.after):
            # "EPS for the December 2025 quarter ($2.84) compared with $2.40 in the year-earlier quarter": the
            # quarter a year before the month-named one the sentence gives the figure it is compared with
            month_quarter = self._year_before_quarter(month_quarter)
        if month_quarter is not None:
            row.claimed_fiscal_year = month_quarter.fiscal_year
            row.claimed_fiscal_period, row.claimed_period_text = month_quarter.quarter, month_quarter.text  # type: ignore[assignment]
            row.claimed_period_end = month_quarter.end
            return month_quarter
        month_end = self._month_end(fig) if quarter is None and end is None else None
        if month_end is not None:
            row.claimed_fiscal_year, row.claimed_fiscal_period = None, None
            row.claimed_period_end, row.claimed_period_text = month_end.end, month_end.text
            return month_end
        return P.Claim(fiscal_year=fy, quarter=quarter, end=end, calendar_year=cal_year, period_type=ptype, text=text)

    def _fiscal_year_called(self, fig: Figure) -> int | None:
        """The fiscal year the figure's sentence calls the calendar year it names ("calendar 2024 (its fiscal year
        ended January 31, 2025)"), when the figure is of that year and the fiscal year lies mostly in it."""
        if fig.fiscal_period is not None or fig.fiscal_year is None or "calendar" not in fig.context.lower():
            return None
        said = P.calendar_as_fiscal(fig.context)
        if said is None or fig.fiscal_year not in (said.calendar_year, said.fiscal_year):
            return None
        return P.fiscal_year_called(self.cal, said)

    @staticmethod
    def _own_month_quarter(fig: Figure) -> re.Match[str] | None:
        """The month-named quarter a figure is said of: the one right after it ("$124.3 billion in the December
        quarter", unless after a comparison word), else the last before it ("the March quarter at $95.4
        billion"), else the first in its sentence."""
        if fig.month_quarter is not None:  # the month of a list of month-named quarters (structures)
            return _MONTH_QUARTER.search(fig.month_quarter)
        after = _MONTH_QUARTER.search(fig.after)
        if after is not None and not _COMPARED.search(fig.after[: after.start()]):
            return after
        before = list(_MONTH_QUARTER.finditer(fig.lead))
        return before[-1] if before else _MONTH_QUARTER.search(fig.context)

    def _month_quarter(self, fig: Figure) -> P.Claim | None:
        """ "the December 2022 quarter", "the quarter ending in June 2024", "September-quarter 2024": the fiscal
        quarter whose last day falls in that month (or the first week after it, for a 52/53-week calendar), when
        the figure's own period is that year or none; "the June quarter of fiscal 2025": the quarter of that fiscal
        year ending in June; "the September quarter" alone: of the year the sentence gives the figure."""
        m = self._own_month_quarter(fig)
        if m is None:
            return None
        fiscal = False
        if m.group(1) or m.group(3) or m.group(8):
            # "the quarter covering May through July 2025": the quarter closing in its last month
            k = 1 if m.group(1) else 3 if m.group(3) else 8
            month, year = m.group(k), m.group(k + 1)
        else:
            month, year, fiscal = m.group(5), m.group(7), bool(m.group(6))
            if year is None:  # "the September quarter": of the year the sentence gives the figure
                if fig.fiscal_year is None:
                    return self._latest_month_quarter(m.group(5), m.group(0).strip(), fig)
                year, fiscal = str(fig.fiscal_year), fig.period_basis == "fiscal"
        y, mon = int(year), P.MONTHS.get(month[:3].lower())
        # "$42.1 billion in its December 2025 quarter, the first quarter of fiscal 2026": the month-named quarter
        # right after the figure is its period, whatever quarter of the calendar year its ordinal was read as
        named_after = m.string is fig.after and bool(m.group(1) or m.group(3) or m.group(8))
        if (
            mon is None
            or (fig.fiscal_year not in (None, y))
            or (fig.fiscal_period not in (None, "FY") and not (named_after and fig.period_basis == "calendar"))
        ):
            return None
        # a calendar year names the year the quarter closes in; a fiscal one the fiscal year it is part of
        windows = [
            (date(cy, mon, 1), date(cy + (mon == 12), mon % 12 + 1, 1) + timedelta(days=6))
            for cy in ((y - 1, y) if fiscal else (y,))
        ]

        def fits(e: date) -> bool:
            if not any(lo <= e <= hi for lo, hi in windows):
                return False
            return not fiscal or ((own := self.cal.year_containing(e)) is not None and own[0] == y)

        text = m.group(0).strip()
        for e, fy in self.cal.labels.items():
            if fits(e) and (not fiscal or fy == y):
                return P.Claim(fiscal_year=fy, quarter="Q4", period_type="quarterly", text=text)
        ends = [e for e in self._reported_quarter_ends() if fits(e)]
        return P.Claim(end=ends[0], period_type="quarterly", text=text) if len(ends) == 1 else None

    def _year_before_quarter(self, claim: P.Claim) -> P.Claim | None:
        """The reported quarter a year before a month-named one (None when none is reported)."""
        text = f"the quarter a year before {claim.text}"
        if claim.fiscal_year is not None:
            return P.Claim(fiscal_year=claim.fiscal_year - 1, quarter=claim.quarter, period_type="quarterly", text=text)
        before = self._a_year_before(claim.end, "quarterly") if claim.end is not None else None
        return P.Claim(end=before, period_type="quarterly", text=text) if before is not None else None

    def _latest_month_quarter(self, month: str, text: str, fig: Figure) -> P.Claim | None:
        """ "Apple's June-quarter profit" in a sentence naming no year: the latest reported quarter ending in that
        month (or the first week after it), as an undated figure reads as the latest period."""
        mon = P.MONTHS.get(month[:3].lower())
        if mon is None or fig.fiscal_period not in (None, "FY") or fig.period_end is not None:
            return None

        def in_month(e: date) -> bool:
            before = e - timedelta(days=7)  # a 52/53-week quarter ending in the first week after the month
            return e.month == mon or (before.month == mon and e.day <= 7)

        ends = [e for e in [*self._reported_quarter_ends(), *self.cal.labels] if in_month(e)]
        if not ends:
            return None
        last = max(ends)
        text = f"{text} (the latest, ended {last})"
        if last in self.cal.labels:
            return P.Claim(fiscal_year=self.cal.labels[last], quarter="Q4", period_type="quarterly", text=text)
        return P.Claim(end=last, period_type="quarterly", text=text)

    def _reported_quarter_ends(self) -> list[date]:
        """The last days of the quarters the company reports (three-month durations), once per run."""
        if self._quarter_ends is None:
            self._quarter_ends = sorted(
                {
                    date.fromisoformat(e)
                    for (_t, _u, st, e) in self.everything.periods
                    if st and XP.classify(date.fromisoformat(st), date.fromisoformat(e)) == "quarterly"
                }
            )
        return self._quarter_ends

    def _month_end(self, fig: Figure) -> P.Claim | None:
        """ "ended September 2022 with $19.5 billion", "at the end of September 2022": a balance (or a year) at the
        end of the one reported quarter or fiscal year closing in that month (or the first week after it, for a
        52/53-week calendar); None when the sentence names no such month or no single period closes in it."""
        m = next(_MONTH_END.finditer(fig.after), None)
        if m is not None and _COMPARED.search(fig.after[: m.start()]):
            m = None
        if m is None:
            before = list(_MONTH_END.finditer(fig.lead))
            m = before[-1] if before else None
        if m is None:
            return None
        y, mon = int(m.group(2)), P.MONTHS.get(m.group(1)[:3].lower())
        if mon is None or fig.fiscal_year not in (None, y):
            return None
        lo, hi = date(y, mon, 1), date(y + (mon == 12), mon % 12 + 1, 1) + timedelta(days=6)
        ends = sorted({e for e in [*self._reported_quarter_ends(), *self.cal.labels] if lo <= e <= hi})
        return P.Claim(end=ends[0], text=m.group(0).strip()) if len(ends) == 1 else None

    def _check_claim(self, fig: Figure, row: VerifiedFigure, claim: P.Claim) -> VerifiedFigure:
        if fig.kind == "percent":
            return self._percent(fig, row, claim)
        return self._amount(fig, row, claim)

    def calendar_wording(self, claim: P.Claim) -> str:
        return f"{claim.text} is calendar wording, and {possessive(self.ref.name)} fiscal years end around {self.cal.typical_end}"

    def _either_reading(
        self, fig: Figure, row: VerifiedFigure, claim: P.Claim, options: list[P.Claim]
    ) -> VerifiedFigure:
        """Calendar wording that can mean two fiscal periods: the figure is checked under each. Held under one
        and not the other, it is ambiguous (both named); held under both, grounded; under neither, the worse."""
        results = [(c, self._check_claim(fig, row.model_copy(deep=True), c)) for c in options]
        readings = [
            PeriodReading(
                fiscal_year=c.fiscal_year,  # type: ignore[arg-type]  # set on every reading; PeriodReading checks it
                fiscal_period=c.quarter or "FY",  # type: ignore[arg-type]  # a Q1-Q4 claim; PeriodReading checks it
                start=c.span[0] if c.span else None,
                end=c.span[1] if c.span else None,
                why=c.reading or "",
                status=r.status,
                reason=r.reason,
            )
            for c, r in results
        ]
        held = [(c, r) for c, r in results if r.status in HELD]
        each = "; ".join(
            f"as {c.describe()}, which {c.reading}, {r.status}: {r.reason.rstrip('.')}" for c, r in results
        )
        intro = f"{self.calendar_wording(claim)}: it can mean {' or '.join(c.describe() for c in options)}"
        for _c, r in results:  # each reading's own "read as ..." note says less than the readings do
            r.notes = [n for n in r.notes if not n.startswith(self.calendar_wording(claim))]
        if held and len(held) == len(results):
            out = held[0][1]
            out.notes.append(f"{intro}; the figure holds under each.")
        elif held:
            out = held[0][1]
            out.status = "ambiguous"
            out.reason = f"{intro}, and the figure holds under only one ({each}). Name the fiscal period to check it."
        else:
            contradicted = [r for _c, r in results if r.status in ("ungrounded", "mismatched_period")]
            if len(contradicted) < len(results):  # one reading the facts cannot check: edgar cannot tell
                out = next(r for _c, r in results if r.status not in ("ungrounded", "mismatched_period"))
                out.status = "unchecked"
            else:  # contradicted either way: ungrounded when either reading has another value
                out = next((r for r in contradicted if r.status == "ungrounded"), contradicted[0])
            out.reason = f"{intro}; under neither does the figure hold ({each})."
        out.readings = readings
        return out

    def _unit(self, fig: Figure) -> str | None:
        if fig.kind == "money":
            return fig.currency
        if fig.kind == "per_share":
            return f"{fig.currency}/shares" if fig.currency else None
        if fig.kind == "shares":
            return "shares"
        if fig.kind in ("percent", "percentage_points"):
            return "percent"
        return None

    def _lookup_units(self, fig: Figure, pool: G.FactPool) -> list[str]:
        units = pool.units
        if fig.kind == "money":
            out = [fig.currency] if fig.currency else [u for u in units if G.CURRENCY_UNIT.fullmatch(u)]
            if not fig.scale and fig.value is not None and fig.value < 1000:
                out += (
                    [f"{fig.currency}/shares"] if fig.currency else [u for u in units if G.PER_SHARE_UNIT.fullmatch(u)]
                )
            return out
        if fig.kind == "per_share":
            return [f"{fig.currency}/shares"] if fig.currency else [u for u in units if G.PER_SHARE_UNIT.fullmatch(u)]
        if fig.kind == "shares":
            return ["shares"]
        if fig.kind == "percent":
            return ["pure"]
        if W.QUANTITY_AFTER.match(fig.after):  # "5 million square feet": never money, a share count or a ratio
            return [
                u
                for u in units
                if u not in ("pure", "shares")
                and not G.CURRENCY_UNIT.fullmatch(u)
                and not G.PER_SHARE_UNIT.fullmatch(u)
            ]
        return [u for u in units if u != "pure"]

    def _matches(self, fig: Figure, pool: G.FactPool) -> list[G.Match]:
        lo, hi = fig.interval
        if fig.kind == "percent":
            return pool.lookup(["pure"], lo / 100, hi / 100)
        return pool.lookup(self._lookup_units(fig, pool), lo, hi)

    def _claims_negative(self, fig: Figure) -> bool:
        # the figure's own clause, back to a clause break ("Snowflake's net loss attributable to Snowflake Inc.
        # for the nine months ended October 31, 2024 came to $958.2 million")
        before = fig.lead[-120:] if S.carries_on(fig.clause) else _SIGN_BREAK.split(fig.clause[-120:])[-1]
        # the words after it, up to where another figure's start ("$721 million in 2020 from a loss of $862 million")
        after = _NEXT_FIGURE_WORDS.split(fig.after[:25], maxsplit=1)[0]
        return fig.negative or bool(W.LOSS_CUE.search(before) or W.LOSS_CUE.search(after))

    def _sign_ok(self, fig: Figure, m: G.Match) -> bool:
        """A loss is not an income: for concepts whose sign means something, the answer's sign must agree."""
        v = m.fact.value
        signed = bool(set(m.concepts) & SIGNED_CONCEPTS) or any(
            k in m.fact.matched_tag for k in ("IncomeLoss", "ProfitLoss", "ProvidedByUsedIn", "EarningsLossPerShare")
        )
        if not signed or not v:
            return True
        return (v < 0) == self._claims_negative(fig)

    def _rank(self, fig: Figure, claim: P.Claim, m: G.Match) -> tuple:
        f = m.fact
        diff = abs(abs(float(f.value)) - float(fig.value or 0))
        return (
            not claim.accepts(f),
            not self._sign_ok(fig, m),
            not m.is_current,
            not XP.is_periodic(f.form),
            claim.type_rank(f),
            _chain_position(f.matched_tag),
            diff,
            -f.end.toordinal(),
        )

    # --- amounts, per-share values, share counts ---------------------------------------

    def _without_own_possessive(self, text: str) -> str:
        """``text`` with the company's own name as a possessive blanked ("..., trailed NVIDIA's $120.1 billion":
        the base is NVIDIA's value of the measure the sentence names, not a measure of its own)."""

        def drop(m: re.Match[str]) -> str:
            words = W.content_words(m.group(1))
            return " " * len(m.group(0)) if words and words <= self.company_lemmas | self.company_words else m.group(0)

        return _POSSESSIVE_NAME.sub(drop, text)

    def named(self, fig: Figure) -> tuple[list[str], str | None]:
        """The catalogue concept the figure is of (with the word qualifying it, "Data Center"), if the answer
        names one: right after it ("$60.9 billion in revenue"), else the nearest before it in its clause."""
        hit, listed, carried = None, [], ""
        list_text, list_named = "", []
        before_hits: list[W.Named] = []
        tail = _list_tail(fig)  # "$34.6 billion, $31.4 billion and $29.9 billion on research and development"
        words_after = tail if tail is not None else _own_after(fig)
        after = W.find_concepts(words_after[:60], self.company_words)
        # ("spent $182.4 billion on research and development": "on" names what was spent on, not a base)
        filler = _TAIL_FILLER if tail is not None or _SPENT.search(fig.clause) else _FILLER
        if after and filler.fullmatch(words_after[: after[0].start]):
            hit = after[0]
        if hit is None:
            # (a comparison's base is named after its cue: "... of its common stock, up from $33.7 billion")
            own = S.own_clause(fig.clause)
            # (a concept right after the figure before, "$15.0 billion in dividends and spent $77.55 billion", is
            # that figure's, not this one's)
            before = [
                n
                for n in W.find_concepts(own, self.company_words)
                if own is not fig.clause or fig.lead == fig.clause or not _FILLER.fullmatch(own[: n.start])
            ]
            before_hits = before
            if before:
                hit, listed = before[-1], _coordinated(own, before)
                list_text, list_named = own, before
            elif (
                S.carries_on(_no_filing(self._without_own_possessive(fig.clause)))
                or (fig.clause.strip() and W.content_words(fig.clause) <= W.CARRY_WORDS)
                # "... $0.019 in its first 20-F but $0.11 as restated", "..., was revised to NT$628,124.7 million":
                # a restated line, the filings it is named in aside
                or (
                    fig.clause.strip()
                    and W.content_words(_no_filing(self._without_own_possessive(fig.clause))) - _CONTRAST
                    <= W.CARRY_WORDS
                )
                or S.CONNECTOR.fullmatch(_BASIS_WORDS.sub(" ", fig.clause))
                or (_RESULT.search(fig.clause) and _DERIVATION_CUE.search(fig.lead))
                or _INPUT_CLAUSE.fullmatch(fig.clause)
                or (_DERIVATION_CUE.search(fig.clause) and _own_period(fig) is not None)
            ):
                # "..., up from $27.0 billion", "..., or 60,922 million", "$44.1 billion in Q1, $46.7 billion in
                # Q2": the sentence's concept carries on.
                lead = W.find_concepts(fig.lead, self.company_words)
                hit, listed = (lead[-1], _coordinated(fig.lead, lead)) if lead else (None, [])
                list_text, list_named = fig.lead, lead
                carried = fig.lead[max(0, lead[-1].start - 15) :] if lead else ""
        per = _PER_SHARE_KIND.match(fig.after)
        if (
            hit is not None
            and hit in before_hits
            and per is not None
            and per.group(1)
            and hit.concept not in ("eps_diluted", "eps_basic", "net_income")
            and (fig.kind == "per_share" or (fig.kind == "money" and not fig.scale))
        ):
            # "On today's post-split share count, NVIDIA earned $0.17 per diluted share": the words right after
            # the figure say what it is, not a count named earlier in its clause
            return (["eps_basic"] if per.group(1).lower() == "basic" else ["eps_diluted"]), None
        if (
            hit is None
            and fig.kind == "money"
            and (_EARNED.search(fig.clause) or (_LOST.search(fig.clause) and _ONLY_PERIOD_AFTER.match(fig.after)))
            and not W.GROWTH_CUE.search(fig.after[:20])
        ):
            return ["net_income"], None  # "Tesla earned $8.9 billion", "Snowflake lost $1.29 billion": net income
        if hit is None:
            m = _PER_SHARE_KIND.match(fig.after)
            small = fig.kind == "per_share" or (
                fig.kind == "money" and not fig.scale and fig.value is not None and abs(fig.value) < 1000
            )
            if m is None and small:
                # "earned $7.46 per diluted share in fiscal 2025, versus $6.08 in fiscal 2024": the same measure
                last = next(reversed(list(_PER_SHARE_WORDS.finditer(fig.lead))), None)
                rest = fig.lead[last.end() :] if last is not None else ""
                m = (
                    last
                    if last is not None and (S.CONNECTOR.fullmatch(rest) or _PER_SHARE_CARRY.fullmatch(rest))
                    else None
                )
            if small and m is not None and (m.group(1) or W.EARNINGS_CUE.search(fig.lead)):
                # "$2.94 per diluted share", "earned $6.08 per share": earnings per share
                return (
                    ["eps_basic"]
                    if (m.group(1) or "").lower() == "basic"
                    else ["eps_diluted"]
                    if m.group(1)
                    else ["eps_diluted", "eps_basic"]
                ), None
            return [], None
        if hit is not None and fig.kind == "money" and list_named and hit is list_named[-1]:
            items = _listed_with_unnamed(list_text, list_named)
            if len(items) > len(_coordinated(list_text, list_named)):
                # "net income, share repurchases and dividends paid were $112.0 billion, $90.7 billion and $15.4
                # billion": a list whose items are not all concepts named outright takes its amounts in order, the
                # k-th amount the k-th item's; a list its amounts do not match says nothing of any
                k = sum(1 for m in _LIST_AMOUNT.finditer(list_text[hit.end :]) if not _YEAR_ONLY.fullmatch(m.group(0)))
                wording = list_text[hit.start : hit.end]
                at = fig.context.rfind(wording)
                tail = fig.context[at + len(wording) :] if at >= 0 else ""
                total = sum(1 for m in _LIST_AMOUNT.finditer(tail) if not _YEAR_ONLY.fullmatch(m.group(0)))
                item = items[k] if total == len(items) and k < len(items) else None
                if item is None or catalogue()[item.concept].unit != "currency":
                    return [], None
                return [item.concept], item.qualifier
        if len(listed) > 1 and fig.kind in ("money", "number"):
            # "revenue and net income were $130.5 billion and $72.9 billion": the figure is one of them; with
            # "respectively", the k-th figure after the list is the k-th concept's
            money = [n for n in listed if catalogue()[n.concept].unit == "currency"]
            base = S.own_clause(fig.clause) if listed[-1] in before_hits else fig.lead
            k = sum(1 for m in _LIST_AMOUNT.finditer(base[listed[-1].end :]) if not _YEAR_ONLY.fullmatch(m.group(0)))
            if _RESPECTIVELY.search(fig.context) and len(money) == len(listed) and k < len(money):
                return [money[k].concept], money[k].qualifier
            return [n.concept for n in money], None
        spec = catalogue()[hit.concept]
        if fig.kind == "per_share":
            if hit.concept in ("net_income", "eps_diluted", "eps_basic"):
                words = carried + fig.clause + fig.after[:30]  # "diluted EPS was $5.98, or $0.60": diluted too
                basic = hit.concept == "eps_basic" or re.search(r"\bbasic\b", words, re.I)
                if not basic and re.search(r"\b(?:fully[- ])?diluted\b", words, re.I):
                    return ["eps_diluted"], hit.qualifier  # "diluted EPS" is never grounded by the basic figure
                return (["eps_basic"] if basic else ["eps_diluted", "eps_basic"]), hit.qualifier
            return [], None
        family = {"money": "currency", "shares": "shares"}.get(fig.kind)
        if family and spec.unit != family:
            return [], None
        if fig.kind == "number" and spec.unit == "currency/shares":
            return [], None
        return [hit.concept], hit.qualifier

    def _amount(self, fig: Figure, row: VerifiedFigure, claim: P.Claim) -> VerifiedFigure:
        named, qualifier = self.named(fig)
        matches = self._matches(fig, self.pool)
        if named and qualifier and self._qualified_tag(fig):
            # "deferred tax liabilities", "the increase in accounts payable and accrued liabilities": not a part
            # of total liabilities but a line with its own tag, which the words name
            named = []
        if named and fig.kind in ("money", "number") and W.CONTRIBUTION_BEFORE.search(fig.lead[-60:]):
            # "the 53rd week added approximately $2.5 billion of net sales": an amount added to the measure, a part
            # of it, never its total: no fact of the whole decides it; cited text may
            label = catalogue()[named[0]].label.lower()
            row.status = "unchecked"
            row.reason = (
                f"The answer gives {fig.text} as an amount added to {label}, a part of it, not its total; the XBRL "
                "facts report the whole only. Cite the filing's text to check it."
            )
            row.support, row.other_matches = None, 0
            self.text_ok.add(fig.start)
            return row
        if named:
            return self._by_concept(fig, row, claim, named, qualifier, matches)
        if fig.kind in ("money", "number") and _FREE_CASH_FLOW.search(fig.clause[-40:] + "|" + fig.after[:40]):
            return self._free_cash_flow(fig, row, claim)
        return self._by_words(fig, row, claim, matches, self._lookup_units(fig, self.pool))

    def _by_concept(
        self,
        fig: Figure,
        row: VerifiedFigure,
        claim: P.Claim,
        named: list[str],
        qualifier: str | None,
        matches: list[G.Match],
    ) -> VerifiedFigure:
        label = catalogue()[named[0]].label.lower()
        share = self._profit_share(fig, named)
        rel = [m for m in matches if set(m.concepts) & set(named) and self._share_ok(share, m.fact.matched_tag)]
        if share:
            label = {
                "parent": f"{label} attributable to the parent",
                "total": f"{label} including noncontrolling interests",
                "nci": f"{label} attributable to noncontrolling interests",
            }[share]
            if share == "nci":
                # the minority's share is its own line, not a fact of the concept named
                row.reason = (
                    f"The answer speaks of {label}; edgar checks the parent's net income and the total, "
                    "not the noncontrolling interests' share."
                )
                self.text_ok.add(fig.start)
                return row
        if not qualifier and share != "total" and not any(claim.accepts(m.fact) for m in rel):
            # before a coincidence in another period is called a mix-up: the claimed period's value on today's
            # share basis, or a quarter derived from the year to date
            if self._split_adjusted(fig, row, claim, named):
                return row
            trial = row.model_copy(deep=True)
            if (
                fig.kind in ("money", "number")
                and self._fourth_quarter(fig, trial, claim, named[0])
                and trial.status == "derived"
            ):
                return trial
        siblings = [(m, own) for m in rel if (own := self._own_value(fig, named, m)) is not None]
        rel = [m for m in rel if all(m is not s for s, _own in siblings)]
        if siblings and not any(claim.accepts(m.fact) for m in rel) and claim.accepts(siblings[0][0].fact):
            # "$2.70 billion in cash and cash equivalents" is Snowflake's cash with restricted cash (2,698.7M), not
            # its cash and cash equivalents (2,628.8M): a sibling tag of the concept never grounds the figure
            # when the tag the concept reads for that period says another value
            m, own = siblings[0]
            row.status = "ungrounded"
            self.concept_contradicted.add(fig.start)
            row.reason = (
                f"{possessive(self.ref.name)} {label} for {G.describe_period(own)} is {S.fmt(own.value)} {own.unit} "
                f"({own.matched_tag}, {own.form} {own.accession_number}); {fig.text} does not round to it. It "
                f"rounds to {m.fact.matched_tag} = {S.fmt(m.fact.value)} {m.fact.unit}, another measure the "
                f"answer's words do not name: {self._chain_caveat(named, m.fact.matched_tag)}."
            )
            return row
        if self._verdict(fig, row, claim, rel):
            if qualifier and row.status in ("grounded", "mismatched_period"):
                row.notes.append(f"{row.reason}")
                row.status = "unchecked"
                row.reason = (
                    f"The answer speaks of {qualifier} {label}, a part of {label}, but the value is the "
                    f"company's whole {label}; companyfacts has no segments to check the part against."
                )
                row.support = None
            return row
        if fig.kind in ("money", "number") and not qualifier and share != "total":
            if self._fourth_quarter(fig, row, claim, named[0]):
                return row
            changed = W.GROWTH_CUE.search(fig.clause) or P.CHANGE_RESTATED.search(fig.lead[-80:])
            if changed and self._change(fig, row, claim, named[0], "money"):
                return row
        others = [m for m in matches if m not in rel]
        self._note_coincidences(fig, row, claim, others, label)
        if self.cited and self._found_elsewhere(fig, row, claim, named, share):
            self.text_ok.add(fig.start)
            return row
        if qualifier:
            row.reason = (
                f"The answer speaks of {qualifier} {label}, a part of {label}; companyfacts has no "
                "segments or product lines to check it against. Cite the filing's text to check it."
            )
            self.text_ok.add(fig.start)
            return row
        actual = self._concept_facts(named, claim, fig, share)
        if actual:
            f = actual[0]
            row.status = "ungrounded"
            self.concept_contradicted.add(fig.start)
            row.reason = (
                f"{possessive(self.ref.name)} {label} for {G.describe_period(f)} is {S.fmt(f.value)} {f.unit} "
                f"({f.matched_tag}, {f.form} {f.accession_number}); {fig.text} does not round to it."
            )
            if fig.currency and f.unit.split("/")[0] != fig.currency:
                row.reason += f" It is reported in {f.unit}, and the answer's figure is in {fig.currency}."
            basis = self._split_basis(f)
            if basis:
                factor, formula, split = basis
                today = abs(Decimal(str(f.value))) * factor
                lo, hi = fig.interval
                row.reason += (
                    f" It was reported before {split} and {self._not_restated()}: on today's share basis it is "
                    f"{formula} = {S.fmt(float(today))}"
                    + (
                        f", which rounds to {fig.text}, but the sentence says the figure is adjusted only "
                        "for the split it names, not for that one."
                        if lo <= today <= hi
                        else "; the figure rounds to neither."
                    )
                )
            return row
        if claim.stated:
            row.reason = (
                f"{self.ref.name} reports no {label} for {claim.text} in its XBRL facts, so "
                f"{fig.text} cannot be checked against them{self._coverage(claim.fiscal_year)}."
            )
            self.text_ok.add(fig.start)
            return row
        row.status = "ungrounded"
        where = "the cited filings' XBRL facts" if self.cited else f"{possessive(self.ref.name)} XBRL facts"
        row.reason = f"No {label} value in {where} rounds to {fig.text}, in any period."
        self.text_ok.add(fig.start)
        return row

    def _own_value(self, fig: Figure, named: list[str], m: G.Match) -> FactRecord | None:
        """The concept's own value for the period of a match on a sibling tag of its chain, when that value is of
        another tag and does not round to the figure, and the figure's words do not name what sets the sibling
        apart ("restricted" of CashCashEquivalentsRestrictedCash...): then the match is of another measure."""
        f = m.fact
        for name in named:
            for own in self._concept_series(name):
                if (own.start, own.end, own.unit) != (f.start, f.end, f.unit) or own.matched_tag == f.matched_tag:
                    continue
                lo, hi = fig.interval
                if lo <= abs(Decimal(str(own.value))) <= hi:
                    return None
                # Only a sibling that is the concept's own measure and more (cash and cash equivalents with
                # restricted cash) is another measure; one that says it another way ("net profit": ProfitLoss
                # beside ProfitLossAttributableToOwnersOfParent) or an alternative reading ("EPS": basic beside
                # diluted) is not
                core = W.tag_words(own.matched_tag) - _TAG_FORM_WORDS
                apart = W.tag_words(f.matched_tag) - core
                if not core < W.tag_words(f.matched_tag) or apart & W.content_words(fig.context):
                    return None
                return own
        return None

    @staticmethod
    def _chain_caveat(named: list[str], tag: str) -> str:
        caveats = [t.caveat.rstrip(".") for name in named for t in catalogue()[name].chain if t.tag == tag]
        return caveats[0][:1].lower() + caveats[0][1:] if caveats else "another line"

    def _split_basis(self, f: FactRecord) -> tuple[Decimal, str, str] | None:
        """How a share count or per-share value reported before a later split, never restated, reads on
        today's share basis: (factor, formula, the split in words), or None when no split followed it.
        The ratio is the concept series' (``edgar concept``'s pre_split_ratio / pre_reverse_split_ratio), else
        the splits seen in the company's per-share and share series."""
        if "shares" not in f.unit:
            return None
        per_share = "/shares" in f.unit
        forward, n, when = True, f.pre_split_ratio, None
        if not n and f.pre_reverse_split_ratio:
            forward, n = False, f.pre_reverse_split_ratio
        ratio, first = self._split_after(f)
        if not n and ratio > 1:
            n = ratio
        if not n or n <= 1:
            return None
        when = first if forward else None
        factor = Decimal(str(n)) if forward != per_share else 1 / Decimal(str(n))
        formula = f"{S.fmt(f.value)} {'/' if factor < 1 else '*'} {n}"
        split = (
            f"a {n}-for-1 stock split" + (f" (first applied in filings of {when})" if when else "")
            if forward
            else f"a 1-for-{n} reverse split or recapitalisation"
        )
        return factor, formula, split

    def _split_adjusted(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, named: list[str]) -> bool:
        """A per-share value or share count on today's share basis, for a period whose value was reported only
        before a later split (Tesla's FY2021 diluted EPS: 4.90 as reported, 1.63 after the 3-for-1 split of
        2022): grounded, with the reported value and the split in the reason, when the reported value divided
        (or multiplied) by the ratio rounds to the figure."""
        if not claim.stated or fig.kind not in ("per_share", "shares", "money", "number"):
            return False
        if figure_share_basis(fig) == "original":  # "as originally reported": today's basis is not it
            return False
        lo, hi = fig.interval
        for name in named:
            if catalogue()[name].unit not in ("currency/shares", "shares"):
                continue
            for v in self._concept_series(name):
                if not claim.accepts(v) or not v.value:
                    continue
                if fig.currency and "/shares" in v.unit and v.unit.split("/")[0] != fig.currency:
                    continue
                if "/shares" in v.unit and (v.value < 0) != self._claims_negative(fig):
                    continue
                if (
                    self.cited
                    and self.pool.reported_in_pool(
                        v.matched_tag, v.unit, v.start.isoformat() if v.start else None, v.end.isoformat(), v.value
                    )
                    is None
                ):
                    if self._cited_before_split(fig, row, v, name):
                        return True
                    continue
                basis = self._split_basis(v)
                if basis is None:
                    continue
                factor, formula, split = basis
                a = abs(Decimal(str(v.value)))
                if not lo <= a * factor <= hi:  # the reported value, on today's basis, rounds to the figure
                    continue
                named_ = named_splits(fig)
                when = self._split_after(v)[1]
                n = int(round(1 / factor)) if factor < 1 else int(factor)
                if named_ and when and not (named_[0] & {int(when[:4]), int(when[:4]) - 1} or n in named_[1]):
                    continue  # "adjusted for its 2021 split": today's basis after another split is not that
                adjusted = S.fmt(float(a * factor))
                row.status = "grounded"
                row.reason = (
                    f"{v.matched_tag} = {S.fmt(v.value)} {v.unit} for {G.describe_period(v)} "
                    f"({v.form} {v.accession_number}) was reported before {split} and {self._not_restated()}; "
                    f"on today's share basis it is {formula} = {adjusted}, which rounds to {fig.text}."
                )
                row.notes.append(
                    f"Split-adjusted: the figure is on the share basis after {split}; the filing "
                    f"reports {S.fmt(v.value)} {v.unit}, on the basis before it."
                )
                row.support = S.fact_support(v, name)
                row.formula = f"{v.matched_tag} {G.describe_period(v)} {formula}"
                row.inputs = [S.fact_support(v, name)]
                return True
        return False

    def _cited_before_split(self, fig: Figure, row: VerifiedFigure, v: FactRecord, name: str) -> bool:
        """A figure equal to the period's value on today's share basis, when the cited filing reports that
        period only before the split (NVIDIA's FY2024 diluted EPS: 11.93 in the cited FY2024 10-K, 1.19 as the
        FY2025 10-K restates it after the 10-for-1 split): grounded by the cited value, the split named."""
        lo, hi = fig.interval
        if not lo <= abs(Decimal(str(v.value))) <= hi:
            return False
        key = (v.matched_tag, v.unit, v.start.isoformat() if v.start else None, v.end.isoformat())
        rows = [
            r
            for r in self.everything.periods.get(key, [])
            if self.pool.in_pool(r)
            and r[2] != v.value
            and classify_revision(r[2], v.value, v.unit) in ("stock_split", "reverse_split")
        ]
        if not rows:
            return False
        r = min(rows, key=filing_order)
        f = fact_value(self.facts, self.cal, v.matched_tag, v.unit, [r])
        if f is None:
            return False
        big, small = sorted([abs(Decimal(str(r[2]))), abs(Decimal(str(v.value)))], reverse=True)
        n = min(split_candidates(r[2], v.value) or {round(big / small)}, key=lambda k: abs(big / small - k))
        forward = classify_revision(r[2], v.value, v.unit) == "stock_split"
        split = f"a {n}-for-1 stock split" if forward else f"a 1-for-{n} reverse split"
        kind: RevisionKind = "stock_split" if forward else "reverse_split"
        if v.revision_kind == "share_exchange":  # the series knows the ratio is no split's (LPA's 5.88)
            kind, split = "share_exchange", f"a share exchange or recapitalisation ({big / small:.3g} to 1)"
        row.status = "grounded"
        row.reason = (
            f"The cited {f.form} {f.accession_number} reports {f.matched_tag} = {S.fmt(f.value)} {f.unit} "
            f"for {G.describe_period(f)}, before {split}; later filings restate it to {S.fmt(v.value)} "
            f"({v.form} {v.accession_number}) on today's share basis, which rounds to {fig.text}."
        )
        row.notes.append(
            f"Split-adjusted: the figure is on the share basis after {split}; the cited filing "
            f"reports {S.fmt(f.value)} {f.unit}, on the basis before it."
        )
        row.support = S.fact_support(f, name)
        row.support.current_value, row.support.revision_kind = v.value, kind
        return True

    def _verdict(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, rel: list[G.Match], how: str = "") -> bool:
        """grounded, a sign that disagrees, or mismatched_period, from matches of the concept the answer names."""
        if not rel:
            return False
        if claim.stated:
            rel = sorted(rel, key=lambda m: self._rank(fig, claim, m))
        else:  # an undated figure: a fact of a period its sentence names first ("... as of February 21, 2025")
            base = bool(_BASE_CUE.search(fig.clause[-40:] + " " + fig.after[:30]))
            mentions = P.find_mentions(fig.context, fig.context)[0]
            rel = sorted(rel, key=lambda m: (bool(_untied_periods(mentions, m.fact, base)), self._rank(fig, claim, m)))
        best = rel[0]
        f = best.fact
        in_period = claim.accepts(f)
        if in_period and self._sign_ok(fig, best):
            row.status = "grounded"
            row.reason = (
                f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)}, rounds to {fig.text}{how}."
            )
            if not claim.stated:
                untied = _untied_periods(mentions, f, base)
                row.notes.append(
                    f"The matching fact is for {G.describe_period(f)}, a period the sentence names."
                    if mentions and not untied
                    else f"The answer names no period for this figure; the matching fact is for {G.describe_period(f)}."
                )
                latest = self._latest_end(f)
                if untied:
                    # "NVIDIA had 2.5 billion shares outstanding as of February 21, 2025": the sentence names a
                    # period edgar did not tie to the figure, and the matching fact is of none of them
                    row.status = "unchecked"
                    row.reason = (
                        f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)} rounds to "
                        f"{fig.text}, but the sentence names {', '.join(untied)}, which edgar did not tie "
                        "to this figure, and the fact is for none of them."
                    )
                    row.support, row.other_matches = S.match_support(best), len(rel) - 1
                    return True  # no caveats: they would be about a fact the figure is not shown to be
                elif P.stale_undated(self.cited, f.end, latest, fig.context):
                    # An undated figure reads as the latest period: an older period's value is not confirmed.
                    row.status = "unchecked"
                    row.reason = (
                        f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)} rounds "
                        f"to {fig.text}, but the answer names no period and that is not the latest "
                        f"{f.period_type} period reported (which ends {latest})."
                    )
            elif claim.reading:
                row.notes.append(f"{self.calendar_wording(claim)}: read as {claim.describe()}, which {claim.reading}.")
        elif in_period:
            row.status = "ungrounded"
            says = "a loss (negative)" if self._claims_negative(fig) else "a positive amount (income, inflow)"
            row.reason = (
                f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)}: the sign "
                f"disagrees, the answer states {says}."
            )
        elif claim.stated and self._convincing(fig, claim, f) and self._sign_ok(fig, best):
            # (a loss of the same size in another year is not the figure reported for another period)
            row.status = "mismatched_period"
            row.reason = (
                f"{S.fmt(f.value)} {f.unit} ({f.matched_tag}) is reported for {G.describe_period(f)}, "
                f"not for {claim.named}."
            )
            # what the same tag says of the period claimed, so the reader has the figure to write instead
            own = next((v for v in self._tag_facts({f.matched_tag}, claim) if v.unit == f.unit), None)
            if own is not None:
                # a per-share figure or share count restated for a split is on its latest filing's share basis,
                # which may not be the sentence's (NVIDIA's FY2023 EPS: 1.74 as first filed, 0.17 after the split)
                basis = (
                    f" on the share basis of that filing (first filed as {S.fmt(own.original_value)})"
                    if own.unit.endswith("shares")
                    and own.revision_kind in SHARE_BASIS_KINDS
                    and own.original_value is not None
                    else ""
                )
                row.reason += (
                    f" For {G.describe_period(own)} it is {S.fmt(own.value)} {own.unit}{basis} ({own.form} "
                    f"{own.accession_number})."
                )
        else:
            if claim.stated and not self._sign_ok(fig, best):
                row.notes.append(
                    f"{f.matched_tag} = {S.fmt(f.value)} for {G.describe_period(f)} is the figure's size "
                    "with the other sign: not a period mix-up."
                )
            elif claim.stated:
                row.notes.append(
                    f"{f.matched_tag} = {S.fmt(f.value)} for {G.describe_period(f)} also rounds to "
                    f"{fig.text}: too loose a match, that far from {claim.text}, to call it a period "
                    "mix-up."
                )
            return False
        row.support = S.match_support(best)
        row.other_matches = len(rel) - 1
        self._caveats(fig, best, row)
        return True

    def _convincing(self, fig: Figure, claim: P.Claim, f: FactRecord) -> bool:
        """Is a match in another period evidence of a period mix-up, not a coincidence? Yes when the figure is
        precise (3+ significant digits) or the period is next to the claimed one."""
        if S.significant_digits(fig) >= 3:
            return True
        year = claim.fiscal_year or claim.calendar_year
        if year is not None and f.fiscal_year is not None:
            return abs(f.fiscal_year - year) <= 1
        if claim.end is not None:
            return abs((f.end - claim.end).days) <= 400
        return False

    def _by_words(
        self, fig: Figure, row: VerifiedFigure, claim: P.Claim, matches: list[G.Match], units: list[str]
    ) -> VerifiedFigure:
        """No catalogue concept named: the facts whose tag the answer's words name, else an unambiguous match."""
        self.text_ok.add(fig.start)
        words = self._figure_words(fig)
        tags = self._about_figure(fig, words, self._tags_named(words, units))
        if tags:
            # Words name a tag less surely than a catalogue concept: they ground a figure, never call it a
            # period mix-up.
            rel = [m for m in matches if m.fact.matched_tag in tags and claim.accepts(m.fact)]
            if rel and self._verdict(fig, row, claim, rel, how=" (a fact the answer's words name)"):
                return row
            # A value the words name firmly (two words, one distinctive: "share buybacks") contradicts the figure.
            best = max(W.tag_score(words, t) for t in tags)
            firm = best >= 2
            actual = [f for f in self._tag_facts(tags, claim) if f.value] if claim.stated and firm else []
            actual = actual if len({f.matched_tag for f in actual}) <= 6 else []
            narrower = self._narrower_line(fig, claim, matches, {f.matched_tag for f in actual})
            if actual and narrower is not None:
                # "other current liabilities" names OtherLiabilitiesCurrent by its words, but a filer labels a
                # line of one more word (OtherAccruedLiabilitiesCurrent) the same way: edgar cannot tell which
                shown = "; ".join(f"{f.matched_tag} = {S.fmt(f.value)} {f.unit}" for f in actual[:3])
                n = narrower.fact
                row.reason = (
                    f"The answer's words name {shown} for {G.describe_period(actual[0])}, which does not round "
                    f"to {fig.text}; but {n.matched_tag} = {S.fmt(n.value)} {n.unit} for {G.describe_period(n)} "
                    f"({n.form} {n.accession_number}) does, and a filing may label that line with the same words: "
                    "edgar cannot tell which line the answer means."
                )
                return row
            if actual:
                row.status = "ungrounded"
                shown = "; ".join(f"{f.matched_tag} = {S.fmt(f.value)} {f.unit}" for f in actual[:3])
                row.reason = (
                    f"The facts the answer's words name are, for {G.describe_period(actual[0])}: {shown}; "
                    f"none rounds to {fig.text}."
                )
                if best >= 3 and len({f.matched_tag for f in actual}) == 1:
                    # three words of one tag ("current RPO": RevenueRemainingPerformanceObligationCurrent) name it
                    # as surely as a concept does: its value contradicts the figure, inline facts alone too
                    self.concept_contradicted.add(fig.start)
                self._note_coincidences(fig, row, claim, matches, None)
                return row
        in_period = [m for m in matches if claim.accepts(m.fact) and self._sign_ok(fig, m)]
        if in_period:
            # A value that merely rounds to the figure is a nearby number, not evidence: the answer's words must
            # name what the figure is (a catalogue concept, or a tag by its words) for a fact to ground it.
            in_period.sort(key=lambda m: self._rank(fig, claim, m))
            shown = "; ".join(
                f"{m.fact.matched_tag} = {S.fmt(m.fact.value)} ({G.describe_period(m.fact)})" for m in in_period[:3]
            )
            row.reason = (
                f"{len(in_period)} fact(s) round to {fig.text} ({shown}{'; ...' if len(in_period) > 3 else ''}),"
                " but the answer's words name none of them, so none grounds it: name the concept."
            )
            return row
        if fig.kind == "percent":
            # A percentage whose measure the sentence does not name in a way edgar reads (no margin, growth rate
            # or "X% of Y"): edgar cannot tell what it is, so it contradicts nothing.
            row.reason = (
                f"edgar cannot tell which ratio {fig.text} is: the sentence names no margin, growth rate or "
                "share of a reported concept that edgar computes, and no reported ratio rounds to it."
            )
            return row
        row.status = "ungrounded"
        where = "the cited filings' XBRL facts" if self.cited else f"{possessive(self.ref.name)} XBRL facts"
        when = f" for {claim.text}" if claim.stated else ""
        row.reason = f"No value in {where}{when} rounds to {fig.text}, and no ratio or change of facts gives it."
        self._note_coincidences(fig, row, claim, matches, None)
        return row

    def _narrower_line(self, fig: Figure, claim: P.Claim, matches: list[G.Match], named: set[str]) -> G.Match | None:
        """A fact of the claimed period that rounds to the figure and whose tag is a named tag with one word more
        (OtherAccruedLiabilitiesCurrent for "other current liabilities", named OtherLiabilitiesCurrent): the
        same words may be the filer's label of that line, so the named tag's other value proves nothing."""
        if _WHOLE.search(fig.clause[-80:] + " " + _own_after(fig)[:40]):
            return None  # "total remaining performance obligation" is not its current part
        own = [W.tag_words(t) for t in named]
        for m in matches:
            words = W.tag_words(m.fact.matched_tag)
            if m.fact.matched_tag in named or not claim.accepts(m.fact) or not self._sign_ok(fig, m):
                continue
            # (a current or noncurrent part is another measure, never a label of the whole: "RPO" is not current RPO)
            if any(w < words and len(words - w) == 1 and not words - w & _PART_OF_MEASURE for w in own):
                return m
        return None

    def _qualified_tag(self, fig: Figure) -> bool:
        """Do the figure's words, a qualifier with a catalogue concept ("deferred tax liabilities"), name a tag of
        their own by three words or more?"""
        words = self._figure_words(fig)
        tags = self._about_figure(fig, words, self._tags_named(words, self._lookup_units(fig, self.pool)))
        return bool(tags) and max(W.tag_score(words, t) for t in tags) >= 3

    def _figure_words(self, fig: Figure) -> set[str]:
        """The words that say what a figure is: its clause and the words after it; for a clause that only carries
        the sentence's measure on ("..., later revised to $1.15 billion"), the sentence's words before it."""
        tail = _list_tail(fig)
        words = W.content_words(fig.clause + " " + (tail if tail is not None else _own_after(fig))[:60])
        if self._carries(fig):
            words |= W.content_words(fig.lead[-160:])
        return words - self.company_words

    @staticmethod
    def _carries(fig: Figure) -> bool:
        """Does the figure's clause only carry the sentence's measure on ("..., later revised to", "; its fiscal
        2023 10-K presents the same balance as")?"""
        clause = P.LONG_DATE.sub(" ", _no_filing(fig.clause))
        own = S.own_clause(clause)
        return bool(clause.strip()) and bool(S.carries_on(clause) or W.content_words(own) <= _CARRY)

    def _about_figure(self, fig: Figure, words: set[str], tags: set[str]) -> set[str]:
        """The tags the answer's words name that are about the figure itself: a tag one word names only when
        that word is next to the figure ("$9.5 billion of buybacks"), and never one missing a name the figure's
        own words carry ("$650 million of H20 chips to a customer" is not ContractWithCustomerLiability...)."""
        # (a filing's name is not a name of the figure: "the fiscal 2023 Form 10-K shows ...")
        marked = W.marked_words(_no_filing(fig.lead), _no_filing(fig.after)) - self.company_words - self.company_lemmas
        near = W.content_words(fig.clause[-30:] + " " + _own_after(fig)[:30])
        if self._carries(fig):
            # a figure that carries the sentence's measure on is near what the figure before it is near
            cut = len(fig.lead) - len(fig.clause)
            near |= W.content_words(fig.lead[max(0, cut - 45) : cut] + " " + fig.clause[:30])
        out = set()
        words = words | {"income"} if "loss" in words else words  # (see _tags_named)
        joined = bool(_AND.search(fig.clause[-80:] + " " + fig.after[:60])) or (
            self._carries(fig) and bool(_AND.search(fig.lead[-160:]))
        )
        for tag in tags:
            shared = words & W.tag_words(tag)
            if marked - W.tag_words(tag):
                continue
            if not joined and _TAG_AND.search(tag):
                continue  # "cash equivalents" is not CashAndCashEquivalents...: the words join no two items
            if len(shared) >= 2 or shared & near:
                out.add(tag)
        whole = bool(_WHOLE.search(fig.clause[-80:] + " " + _own_after(fig)[:40]))
        return _named_exactly(out, words, whole)

    def _tags_named(self, words: set[str], units: list[str]) -> set[str]:
        """The tags the words name best (within one word of the best score). A loss names a tag's income
        ("comprehensive loss": ComprehensiveIncomeNetOfTax, whose value carries the sign), and a tag of an
        "other" line is named only by words that say "other" (a comprehensive loss is not
        OtherComprehensiveIncomeLossNetOfTax)."""
        if not words:
            return set()
        if "loss" in words:
            words = words | {"income"}
        scores: dict[str, int] = {}
        for tag, unit, _s, _e in self.pool.periods:
            if unit in units and tag not in scores:
                scores[tag] = 0 if "other" in W.tag_words(tag) and "other" not in words else W.tag_score(words, tag)
        top = max(scores.values(), default=0)
        return {t for t, sc in scores.items() if sc and sc >= top - 1} if top else set()

    def tag_series(self, tag: str) -> list[FactRecord]:
        """Every period's current value of one tag (all units), for a change of it over time."""
        out = []
        for (t, unit, _s, _e), rows in self.pool.periods.items():
            if t == tag:
                f = fact_value(self.facts, self.cal, tag, unit, rows)
                if f is not None:
                    out.append(f)
        return out

    def _tag_facts(self, tags: set[str], claim: P.Claim) -> list[FactRecord]:
        out = []
        for (tag, unit, _s, _e), rows in self.pool.periods.items():
            if tag not in tags:
                continue
            pool_rows = [r for r in rows if self.pool.in_pool(r)]
            f = fact_value(self.facts, self.cal, tag, unit, pool_rows) if pool_rows else None
            if f is not None:
                out.append(f)
        return claim.accepted(out, lambda f: f)

    def _concept_facts(
        self, named: list[str], claim: P.Claim, fig: Figure, share: str | None = None
    ) -> list[FactRecord]:
        """The concept's current values for the claimed period (all facts, not only the cited ones); with
        ``share`` (see _profit_share), the values of that share's tags only."""
        if not claim.stated:
            return []
        if share:
            tags = {t.tag for name in named for t in catalogue()[name].chain if self._share_ok(share, t.tag)}
            out = [f for f in self._tag_facts(tags, claim) if f.value]
            out.sort(
                key=lambda f: (
                    fig.currency is not None and f.unit.split("/")[0] != fig.currency,
                    claim.type_rank(f),
                    _chain_position(f.matched_tag),
                    -f.end.toordinal(),
                )
            )
            return out
        out = []
        for name in named:
            out += [v for v in self._concept_series(name) if claim.accepts(v)]
        if fig.currency and not any(v.unit.split("/")[0] == fig.currency for v in out):
            # The series is in the reporting currency; the filer may give this period in the answer's too.
            chain = {t.tag for name in named for t in catalogue()[name].chain}
            same = [f for f in self._tag_facts(chain, claim) if f.unit.split("/")[0] == fig.currency]
            out = same or out
        out.sort(
            key=lambda f: (
                fig.currency is not None and f.unit.split("/")[0] != fig.currency,
                claim.type_rank(f),
                -f.end.toordinal(),
            )
        )
        return out

    def _note_coincidences(
        self, fig: Figure, row: VerifiedFigure, claim: P.Claim, others: list[G.Match], label: str | None
    ) -> None:
        if not others:
            return
        others = sorted(others, key=lambda m: self._rank(fig, claim, m))
        f = others[0].fact
        what = f"the answer speaks of {label}" if label else "the answer does not name them"
        row.notes.append(
            f"{len(others)} fact(s) of other concepts round to it, e.g. {f.matched_tag} = "
            f"{S.fmt(f.value)} for {G.describe_period(f)}; {what}, so they do not count."
        )

    def _profit_share(self, fig: Figure, named: list[str]) -> str | None:
        """Whose net income the figure is (wording.profit_share): "parent", "total" (including noncontrolling
        interests), "nci", or None when the words do not say or the concept is not net income."""
        if "net_income" not in named:
            return None
        before = fig.clause
        hits = [n for n in W.find_concepts(before, self.company_words) if n.concept == "net_income"]
        if hits:
            before = before[hits[-1].start :]  # the cue qualifies the concept, so it follows its name
        elif not (S.CONNECTOR.fullmatch(fig.clause) or W.content_words(fig.clause) <= W.CARRY_WORDS):
            before = ""
        else:
            before = fig.lead[-160:]
        return W.profit_share(before, fig.after)

    @staticmethod
    def _share_ok(share: str | None, tag: str) -> bool:
        """May a fact of ``tag`` ground a figure of that share of net income? The parent's figure is never the
        total including noncontrolling interests (ProfitLoss), nor the total the parent's."""
        if share == "parent":
            return tag not in W.TOTAL_PROFIT_TAGS
        if share == "total":
            return tag in W.TOTAL_PROFIT_TAGS
        if share == "nci":
            return False
        return True

    def _found_elsewhere(
        self, fig: Figure, row: VerifiedFigure, claim: P.Claim, named: list[str], share: str | None = None
    ) -> bool:
        """A figure the cited filings' facts do not hold, checked against all of the company's facts: a citation
        narrows where to look, it never changes what a figure is. Held elsewhere (grounded or derived), the
        figure is unchecked, not contradicted, and the reason names the filing that holds it; superseded or of
        another period elsewhere, it keeps that status. False when the company's facts decide nothing more."""
        elsewhere = [
            m
            for m in self._matches(fig, self.everything)
            if set(m.concepts) & set(named)
            and self._share_ok(share, m.fact.matched_tag)
            and claim.accepts(m.fact)
            and self._sign_ok(fig, m)
        ]
        if not elsewhere:
            return False
        return self._held_elsewhere(fig, row)

    def _held_elsewhere(self, fig: Figure, row: VerifiedFigure, only_if_held: bool = False) -> bool:
        """``row`` from the cited filings, against what all of the company's facts say of the figure (with
        ``only_if_held``, changed only when they hold it)."""
        other = self.uncited().check(fig)
        if only_if_held and other.status not in ("grounded", "derived"):
            return False
        sup = other.support
        where = (
            f" ({sup.form} {sup.accession_number}{S.filed_text(sup.filed)})"
            if sup is not None and sup.accession_number
            else ""
        )
        if other.status in ("grounded", "derived"):
            row.status = "unchecked"
            row.reason = (
                f"No value in the cited filings' XBRL facts rounds to {fig.text}; {possessive(self.ref.name)} other "
                f"filings hold it: {other.reason.rstrip('.')}{where}. It is not contradicted; cite that "
                "filing to ground it."
            )
        elif other.status in ("superseded", "mismatched_period"):
            row.status = other.status
            cited_itself = sup is not None and sup.accession_number in (self.pool.accessions or ())
            # (a cited filing's fact of another period, its prior-year column, is the cited filing's own)
            row.reason = (
                f"In the cited filing's XBRL facts: {other.reason}"
                if cited_itself
                else f"Not in the cited filings' XBRL facts; in {possessive(self.ref.name)} other filings: {other.reason}"
            )
        else:
            return False
        row.support, row.formula, row.inputs = sup, other.formula, other.inputs
        row.flags = list(dict.fromkeys([*row.flags, *other.flags]))
        row.notes += [n for n in other.notes if n not in row.notes]
        return True

    def uncited(self) -> Grounder:
        """The same check over all of the company's facts, as if nothing were cited."""
        if self._uncited is None:
            self._uncited = Grounder(
                self.facts,
                self.ref,
                self.everything,
                self.everything,
                cited=False,
                today=self.today,
                earlier_history=self.earlier_history,
            )
        return self._uncited

    def _caveats(self, fig: Figure, m: G.Match, row: VerifiedFigure) -> None:
        """What a reader must know about a value that grounds a figure, raised to the verdict: it was later
        restated (the figure is superseded), it predates a stock split, it is a convenience translation."""
        f = m.fact
        suspected = self._suspected_errors(m)
        if suspected and row.status == "grounded":
            row.status = "unchecked"
            row.reason = (
                f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)} in {f.form} "
                f"{f.accession_number} rounds to {fig.text}, but edgar suspects that figure is the filer's "
                "error, so it grounds nothing."
            )
            for e in suspected:
                flag(row, "suspected_error", e.reason)
            if m.revision_kind == "suspected_tagging_error":
                return
        said = _value_said(fig)  # what the sentence says of this figure: "original", "restated" or None
        says_original, says_restated = said == "original", said == "restated"
        if m.revision_kind == "restatement" and row.status == "grounded" and says_restated and not says_original:
            row.status = "ungrounded"
            row.reason = (
                f"The sentence gives {fig.text} as the restated value, but it is {G.describe_period(f)}'s "
                f"value as first reported ({f.matched_tag} = {S.fmt(f.value)} {f.unit}, {f.form} "
                f"{f.accession_number}); the restated value is {S.fmt(m.current_value)}."
            )
        elif m.revision_kind in SHARE_BASIS_KINDS and row.status == "grounded" and says_restated and not says_original:
            # "diluted EPS for 2023 was $0.019, as restated in its 2024 20-F": the later filings restate it
            which = basis_change(m.revision_kind)
            row.status = "ungrounded"
            row.reason = (
                f"The sentence gives {fig.text} as the restated value, but it is {G.describe_period(f)}'s "
                f"value as first reported ({f.matched_tag} = {S.fmt(f.value)} {f.unit}, {f.form} "
                f"{f.accession_number}); later filings restate it to {S.fmt(m.current_value)} after {which}."
            )
            flag(
                row,
                "pre_split_basis",
                f"{S.fmt(f.value)} {f.unit} is as reported in {f.accession_number}, before "
                f"{which}; later filings report {S.fmt(m.current_value)} for the same period.",
            )
        elif m.revision_kind == "restatement" and row.status == "grounded" and says_original:
            # "Apple originally reported fiscal 2009 net sales of $36.5 billion": the claim is the original
            row.reason += f" It is the value as first reported ({f.form} {f.accession_number}), as the sentence says."
            flag(
                row,
                "superseded_value",
                f"later filings restated {possessive(self.ref.name)} value for "
                f"{G.describe_period(f)} to {S.fmt(m.current_value)} {f.unit}.",
            )
        elif (
            m.revision_kind is None
            and f.revision_kind in ("restatement", "undetermined")
            and f.original_value is not None
            and row.status == "grounded"
            and says_original
            and not says_restated
        ):
            row.status = "ungrounded"
            row.reason = (
                f"The sentence gives {fig.text} as the value first reported, but it is "
                f"{G.describe_period(f)}'s restated value ({f.matched_tag} = {S.fmt(f.value)} {f.unit}, "
                f"{f.form} {f.accession_number}); as first reported it was {S.fmt(f.original_value)}."
            )
        elif m.revision_kind == "restatement" and row.status == "grounded":
            row.status = "superseded"
            row.reason = (
                f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)} as first reported "
                f"({f.form} {f.accession_number}, filed {f.filed}), rounds to {fig.text}; later filings "
                f"report {S.fmt(m.current_value)} for the same period."
            )
            flag(
                row,
                "superseded_value",
                f"the answer quotes {possessive(self.ref.name)} value for {G.describe_period(f)} as "
                f"first reported in {f.accession_number}; later filings restated it to {S.fmt(m.current_value)} "
                f"{f.unit}.",
            )
        elif m.revision_kind == "stock_split":
            flag(
                row,
                "pre_split_basis",
                f"{S.fmt(f.value)} {f.unit} is as reported in {f.accession_number}, before "
                f"a stock split; later filings report {S.fmt(m.current_value)} for the same period.",
            )
        elif m.revision_kind in ("reverse_split", "share_exchange"):
            flag(
                row,
                "pre_split_basis",
                f"{S.fmt(f.value)} {f.unit} is as reported in {f.accession_number}, before "
                f"{basis_change(m.revision_kind)} (fewer shares, larger per-share amounts); later filings "
                f"report {S.fmt(m.current_value)} for the same period.",
            )
        elif m.revision_kind is None and f.revision_kind in SHARE_BASIS_KINDS and f.original_value:
            first = min(
                (
                    r
                    for r in self.everything.periods.get(
                        (f.matched_tag, f.unit, f.start.isoformat() if f.start else None, f.end.isoformat()), []
                    )
                    if r[2] == f.original_value
                ),
                key=filing_order,
                default=None,
            )
            which = basis_change(f.revision_kind)
            row.notes.append(
                f"On the share basis after {which}: {S.fmt(f.value)} {f.unit} is the restated value; "
                f"as first reported" + (f" in {first[3]}" if first else "") + f" it was {S.fmt(f.original_value)}."
            )
            basis = self._later_split(f)
            if basis:  # restated for one split, never for a later one: not today's basis either
                factor, formula, split = basis
                flag(
                    row,
                    "pre_split_basis",
                    f"{S.fmt(f.value)} {f.unit} for {G.describe_period(f)} was not "
                    f"restated for {split}: on today's share basis it is {formula} = "
                    f"{S.fmt(float(abs(Decimal(str(f.value))) * factor))}.",
                )
        elif m.revision_kind is None and "shares" in f.unit and (ratio := self._reverse_split_after(m)):
            flag(
                row,
                "pre_split_basis",
                f"{S.fmt(f.value)} {f.unit} for {G.describe_period(f)} predates a "
                f"1-for-{ratio} reverse split or recapitalisation and was {self._not_restated()}: it is on the old share "
                "basis (more shares, smaller per-share amounts).",
            )
        elif m.revision_kind is None and "shares" in f.unit:
            ratio, when = self._split_after(f)
            if ratio > 1:
                now = f.value * ratio if f.unit == "shares" else f.value / ratio
                flag(
                    row,
                    "pre_split_basis",
                    f"{S.fmt(f.value)} {f.unit} for {G.describe_period(f)} predates a "
                    f"{ratio}-for-1 stock split (first applied in filings of {when}) and was {self._not_restated()}: on "
                    f"today's basis it is about {S.fmt(now)}.",
                )
        elif m.revision_kind == "precision_change":
            row.notes.append(
                f"Later filings report {S.fmt(m.current_value)} for the same period, the same value at "
                "another precision."
            )
        self._stated_basis(fig, m, row)
        home = self.facts.reporting_currency
        currency = f.unit.split("/")[0]
        if home and G.CURRENCY_UNIT.fullmatch(currency) and currency != home:
            rows = self.everything.periods.get(
                (
                    f.matched_tag,
                    f.unit.replace(currency, home),
                    f.start.isoformat() if f.start else None,
                    f.end.isoformat(),
                ),
                [],
            )
            also = f" ({S.fmt(max(rows, key=filing_order)[2])} {home} for the same period)" if rows else ""
            own = next((r[2] for r in rows if r[3] == f.accession_number), None)  # the same filing's own figure
            rate = rate_words(self.facts, f.accession_number, home, currency, own, f.value)
            flag(
                row,
                "convenience_translation",
                f"{self.ref.name} reports in {home}{also}; {S.fmt(f.value)} {f.unit} "
                f"is its translation into {currency} at one exchange rate, {rate} ({f.form} {f.accession_number}), "
                "not a figure it reports in.",
            )
            if again := retranslation_of(self.facts, f):
                row.notes.append(again)

    def _stated_basis(self, fig: Figure, m: G.Match, row: VerifiedFigure) -> None:
        """A sentence that says which share basis its figure is on ("split-adjusted", "as originally reported,
        before the split") is held to it: a value on the other basis is ungrounded, both values named."""
        if row.status != "grounded" or "shares" not in m.fact.unit:
            return
        said = figure_share_basis(fig)
        f = m.fact
        old = "pre_split_basis" in row.flags
        restated = m.revision_kind is None and f.revision_kind in SHARE_BASIS_KINDS and f.original_value is not None
        later = self._later_split(f) if restated else None
        ratio, first = self._split_after(f) if later else (1, None)
        named = named_splits(fig) if later else None
        if (
            said == "adjusted"
            and later
            and named
            and first
            and not (named[0] & {int(first[:4]), int(first[:4]) - 1} or ratio in named[1])
        ):
            # "adjusted for the 2021 four-for-one split, ... $1.73": true of the split it names; the later one
            # stays in the pre-split note
            row.notes.append(
                f"The sentence says the figure is adjusted for the split it names, and {fig.text} is "
                f"on that basis; it is not today's basis (see the pre-split note)."
            )
        elif said == "adjusted" and restated and later:
            factor, formula, split = later
            row.status = "ungrounded"
            row.reason = (
                f"The sentence says the figure is split-adjusted (today's share basis, after every later "
                f"split), but {fig.text} is {G.describe_period(f)}'s value restated only for an earlier "
                f"split ({f.matched_tag} = {S.fmt(f.value)} {f.unit}, {f.accession_number}; first "
                f"reported as {S.fmt(f.original_value)}), never for {split}: on today's share basis it is "  # type: ignore[arg-type]  # restated: has one
                f"{formula} = {S.fmt(float(abs(Decimal(str(f.value))) * factor))}."
            )
        elif said == "adjusted" and old and _dated_base_after_split(fig):
            # "After the three-for-one split, Tesla had 3.16 billion shares ..., up from 1.04 billion on July 19,
            # 2022": "after the split" says when the sentence's count is; a base dated before the split may be
            # that date's count as reported, so edgar cannot tell which basis the sentence means for it
            row.status = "unchecked"
            row.reason = (
                f"{fig.text} is {G.describe_period(f)}'s value as reported before a split ({f.matched_tag} = "
                f"{S.fmt(f.value)} {f.unit}, {f.accession_number}), the date the sentence gives it; the sentence "
                "says only that its other figures come after the split, so edgar cannot tell whether it means "
                "this count on that date's basis or on today's (see the pre-split note)."
            )
            row.support = None
        elif said == "adjusted" and old:
            row.status = "ungrounded"
            row.reason = (
                f"The sentence says the figure is split-adjusted, but {fig.text} is {G.describe_period(f)}'s "
                f"value as reported before a split ({f.matched_tag} = {S.fmt(f.value)} {f.unit}, "
                f"{f.accession_number}); the pre-split note gives it on today's basis."
            )
        elif said == "original" and restated and f.original_value is not None:
            row.status = "ungrounded"
            row.reason = (
                f"The sentence says the figure is as reported before the split, but {fig.text} is "
                f"{G.describe_period(f)}'s value restated after it ({f.matched_tag} = {S.fmt(f.value)} "
                f"{f.unit}, {f.accession_number}); as first reported it was {S.fmt(f.original_value)}."
            )

    def _later_split(self, f: FactRecord) -> tuple[Decimal, str, str] | None:
        """For a value already restated for a split: the forward split after its last report it was never
        restated for, as :meth:`_split_basis` gives it (factor, formula, the split in words), else None."""
        ratio, first = self._split_after(f)
        if ratio <= 1:
            return None
        factor = 1 / Decimal(ratio) if "/shares" in f.unit else Decimal(ratio)
        formula = f"{S.fmt(f.value)} {'/' if factor < 1 else '*'} {ratio}"
        return factor, formula, f"a {ratio}-for-1 stock split (first applied in filings of {first})"

    def _reverse_split_after(self, m: G.Match) -> int | float | None:
        """The ratio of a reverse split after a share or per-share value, never restated (the concept series'
        pre_reverse_split_ratio for the same period and value)."""
        f = m.fact
        for name in m.concepts:
            for v in self._concept_series(name):
                if (v.matched_tag, v.unit, v.start, v.end, v.value) == (
                    f.matched_tag,
                    f.unit,
                    f.start,
                    f.end,
                    f.value,
                ) and v.pre_reverse_split_ratio:
                    return v.pre_reverse_split_ratio
        return None

    def _latest_end(self, f: FactRecord):
        """The end of the latest period of the fact's kind (annual, quarterly, instant) its tag reports."""
        ends = [
            date.fromisoformat(e)
            for (tag, unit, s, e) in self.everything.periods
            if tag == f.matched_tag
            and unit == f.unit
            and XP.classify(date.fromisoformat(s) if s else None, date.fromisoformat(e)) == f.period_type
        ]
        return max(ends, default=None)

    def _suspected_errors(self, m: G.Match) -> list:
        """The SuspectedErrors (xbrl/suspects.py) naming the matched filing's figure: a tagging error found in
        the period's revisions (A, B, A), or a scale error found in the concept series the tag belongs to."""
        f = m.fact
        out = [e for e in f.suspected_errors if e.accession_number == f.accession_number and e.value == f.value]
        for name in m.concepts:
            for v in self._concept_series(name):
                if (v.matched_tag, v.unit, v.start, v.end) == (f.matched_tag, f.unit, f.start, f.end):
                    out += [
                        e
                        for e in v.suspected_errors
                        if e.accession_number == f.accession_number and e.value == f.value and e not in out
                    ]
        return out

    def _concept_series(self, name: str) -> list[FactRecord]:
        """A catalogue concept's current values over all of the company's facts (the concept engine)."""
        if name not in self._series_cache:
            self._series_cache[name] = build_series(self.facts, catalogue()[name]).values
        return self._series_cache[name]

    def _split_after(self, f: FactRecord) -> tuple[int, str | None]:
        """The stock-split ratio applied after a share or per-share value was last reported (1: none)."""
        if self._splits is None:
            revisions = [
                (v.filed, v.original_value, v.value)
                for name in ("eps_diluted", "eps_basic", "shares_outstanding")
                for v in self._concept_series(name)
                if v.revision_kind == "stock_split" and v.original_value is not None
            ]
            self._splits = split_events(revisions)
        rows = self.everything.periods.get(
            (f.matched_tag, f.unit, f.start.isoformat() if f.start else None, f.end.isoformat()), []
        )
        last = max((r[7] for r in rows), default=f.filed.isoformat())
        ratio, first = 1, None
        for when, n in self._splits:
            if f.end < when and last < when.isoformat():
                ratio *= n
                first = first or when.isoformat()
        return ratio, first

    # --- dates and fiscal years --------------------------------------------------------

    def _fiscal_year(self, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
        fy = fig.fiscal_year or 0
        labels = {lab: end for end, lab in self.cal.labels.items()}
        if fy in labels:
            end = labels[fy]
            prev = labels.get(fy - 1)
            start = prev + timedelta(days=1) if prev else None
            row.status = "grounded"
            row.reason = f"{possessive(self.ref.name)} FY{fy} " + (
                f"ran {start} to {end}." if start else f"ended {end}."
            )
            return row
        est = self.cal.estimated_end(fy)
        if est is not None and labels and fy > max(labels) and (est - self.today).days < 400:
            if est > self.today:
                row.reason = f"FY{fy} has not ended yet (it ends around {est})."
            else:
                gap = self._coverage(fy)
                row.reason = (
                    f"FY{fy} ended around {est}, after the facts end; it cannot be checked against them{gap}."
                    if gap.startswith(".")
                    else f"FY{fy} ended around {est}, after the facts end{gap}; it cannot be checked against them."
                )
            return row
        if labels and fy < min(labels):
            row.reason = (
                f"FY{fy} is before {possessive(self.ref.name)} XBRL facts begin{self._coverage(fy)}; it cannot be "
                "checked against them."
            )
            return row
        row.status = "ungrounded"
        span = f"FY{min(labels)} to FY{max(labels)}" if labels else "no complete fiscal year"
        row.reason = f"{self.ref.name} has no fiscal year labelled FY{fy} in its facts ({span})."
        return row

    def _not_restated(self) -> str:
        """ "not restated for it", or where the facts stop short of the filings "not restated in the XBRL facts, which
        end at ... (...)" (companyfacts.facts_end_words: the report the coverage note of concept names)."""
        where = facts_end_words(self.facts)
        return f"not restated in {where}" if where else "not restated for it"

    def _coverage(self, fy: int | None) -> str:
        """Where a fiscal year outside the company's facts stands, to end a reason: where the facts stop short of the
        filings, ". " and the note concept and compare give (span_coverage_note: the facts' end, the report holding
        the year); else " (its XBRL facts end with FY2021, ...)" or " (... begin with ...)"."""
        labels = sorted(self.cal.labels.items(), key=lambda x: x[1])
        if fy is None or not labels:
            return ""
        (first_end, first), (last_end, last) = labels[0], labels[-1]
        if fy > last:
            # the facts stop short of the filings: the same note as concept and compare (the report holding it)
            gap = span_coverage_note(self.facts, [fy], inside=False)
            if gap:
                return ". " + gap.rstrip(".")
            return f" ({possessive(self.ref.name)} XBRL facts end with FY{last}, which ended {last_end})"
        if fy < first:
            history = f"; {self.earlier_history}" if self.earlier_history else ""
            return f" ({possessive(self.ref.name)} XBRL facts begin with FY{first}, which ended {first_end}{history})"
        return ""

    def _a_year_before(self, end: date, ptype: str | None) -> date | None:
        """The end of the reported period of kind ``ptype`` (quarterly, instant, ...) a year before ``end`` (358
        to 372 days: 52/53-week years included), the nearest to 365 days; None when none is reported."""
        if ptype not in ("quarterly", "instant", "ytd"):
            return None
        ends = set()
        for _tag, _unit, start, e in self.pool.periods:
            d = date.fromisoformat(e)
            if 358 <= (end - d).days <= 372 and XP.classify(date.fromisoformat(start) if start else None, d) == ptype:
                ends.add(d)
        return min(ends, key=lambda d: abs((end - d).days - 365)) if ends else None

    def balance_date_near(self, d: date) -> date | None:
        """The end of a reported quarter or year within NEAR_AS_OF_DAYS of ``d`` when no reported period ends on
        ``d`` (a balance "as of" the next period's first day): the date meant; None otherwise. Only the ends of
        quarters and years count: a cover page's share count is dated weeks after its period."""
        iso = d.isoformat()
        ends: set[date] = set()
        for _tag, _unit, start, end in self.pool.periods:
            if end == iso:
                return None
            if start is not None:
                e = date.fromisoformat(end)
                if XP.classify(date.fromisoformat(start), e) in ("annual", "quarterly"):
                    ends.add(e)
        near = sorted((e for e in ends if 0 < abs((e - d).days) <= NEAR_AS_OF_DAYS), key=lambda e: abs((e - d).days))
        return near[0] if near else None

    def period_ending_near(self, d: date, ptype: str, part: str | None = None) -> tuple[date, date] | None:
        """(start, end) of the reported period of kind ``ptype`` (annual, quarterly, ytd; a ytd ``part`` H1 or 9M
        is a half or nine months) whose end is nearest ``d`` within FAR_END_DAYS, when no period of that kind ends
        on ``d``: the period a sentence dating it a month off means; None otherwise."""
        days = {"H1": XP.H1_DAYS, "9M": XP.NINE_MONTH_DAYS}.get(part or "") if ptype == "ytd" else None
        spans: set[tuple[date, date]] = set()
        for _tag, _unit, start, end in self.pool.periods:
            if start is None:
                continue
            s, e = date.fromisoformat(start), date.fromisoformat(end)
            if XP.classify(s, e) != ptype or (days and not days[0] <= (e - s).days <= days[1]):
                continue
            if e == d:
                return None
            if abs((e - d).days) <= FAR_END_DAYS:
                spans.add((s, e))
        return min(spans, key=lambda p: (abs((p[1] - d).days), p[0])) if spans else None

    @staticmethod
    def part_words(ptype: str, part: str | None = None) -> str:
        """What a sentence calls a period of kind ``ptype`` ("quarter", "six-month period", ...)."""
        return _PART_WORDS.get(part or "" if ptype == "ytd" else ptype, "period")

    @staticmethod
    def _kinds_ended(fig: Figure) -> tuple[str, ...] | None:
        """The kinds of period a date "ended" may end by the words before it: "the year ended" a year, "the
        quarter (three months) ended" a quarter or a year (its fourth quarter); None when the words name none."""
        at = fig.context.find(fig.text)
        if at < 0:
            return None
        lead = fig.context[:at]
        if _YEAR_ENDED.search(lead):
            return ("annual",)
        part = _PART_ENDED.search(lead)
        return ("quarterly", "annual") if part is not None and part.group(1) else None

    def _date(self, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
        """A date against the periods reported: an end ("the year ended D", "as of D") against period ends only,
        exactly; a start against starts; an end ("ended D") a few days from a reported period's end is that end
        written wrong. (A date the sentence calls a fiscal period's end is checked by structures.check_dated.)"""
        d = fig.day
        assert d is not None
        iso = d.isoformat()
        ends: set[date] = set()
        kinds = self._kinds_ended(fig) if fig.date_role == "end" else None
        for (_tag, _unit, start, end), rows in self.pool.periods.items():
            ends.add(date.fromisoformat(end))
            # "the year ended D", "the three months ended D": the end of a period that has a start (of the kind
            # named, a year's end ending its fourth quarter too); an instant dated D (a cover page's public
            # float, a share count) is no period ending on D
            ends_here = (
                end == iso
                and fig.date_role != "start"
                and (
                    fig.date_role != "end"
                    or (
                        start is not None
                        and (kinds is None or XP.classify(date.fromisoformat(start), date.fromisoformat(end)) in kinds)
                    )
                )
            )
            if (ends_here or (start == iso and fig.date_role in (None, "start"))) and any(
                self.pool.in_pool(r) for r in rows
            ):
                row.status = "grounded"
                what = "ends" if ends_here else "begins"
                f = next(r for r in rows if self.pool.in_pool(r))
                row.reason = f"A reported period {what} on {iso} (e.g. {_tag} in {f[3]})."
                return row
        starts = fig.date_role == "start"  # "fiscal 2024 began on September 30, 2023": a year's first day
        at = fig.context.find(fig.text)
        year_end_named = fig.date_role == "end" and at >= 0 and bool(_YEAR_ENDED.search(fig.context[:at]))
        window = 45 if year_end_named else 14  # "the fiscal year ended December 31, 2024" of a January filer
        near = [
            e + timedelta(days=1) if starts else e
            for e in self.cal.year_ends
            if 0 < abs((e + timedelta(days=1 if starts else 0) - d).days) <= window
        ]
        if near:
            row.status = "ungrounded"
            row.reason = (
                f"{possessive(self.ref.name)} fiscal year {'began' if starts else 'ended'} {near[0]}, not {iso}."
            )
            return row
        close = sorted((e for e in ends if 0 < abs((e - d).days) <= 7), key=lambda e: abs((e - d).days))
        if fig.date_role == "end" and close:  # "the quarter ended July 2, 2023" of a quarter that ended July 1
            row.status = "ungrounded"
            row.reason = f"No period {self.ref.name} reports ends on {iso}; the nearest ends {close[0]}."
            return row
        part_named = _PART_ENDED.search(fig.context[:at]) if fig.date_role == "end" and at >= 0 else None
        if part_named is not None:  # "the quarter ended September 30, 2024" of a quarter that ended October 31
            ptype, part = ("quarterly", None) if part_named.group(1) else ("ytd", "H1" if part_named.group(2) else "9M")
            span = self.period_ending_near(d, ptype, part)
            if span is not None:
                what = self.part_words(ptype, part)
                row.status = "ungrounded"
                row.reason = (
                    f"No {what} {self.ref.name} reports ends on {iso}; the {what} it reports nearest that date "
                    f"runs from {span[0]} to {span[1]}."
                )
                return row
        if kinds == ("annual",) and d in ends and self.cal.year_ends:  # "the year ended June 28, 2025": a quarter's end
            last = min(self.cal.year_ends, key=lambda e: abs((e - d).days))
            row.status = "ungrounded"
            row.reason = (
                f"No year {self.ref.name} reports ends on {iso} (a shorter period does); the nearest fiscal year "
                f"ended {last}."
            )
            return row
        balance = self.balance_date_near(d) if fig.date_role == "as_of" else None
        if balance is not None:  # "as of October 1, 2022" of a balance sheet dated September 30
            row.status = "ungrounded"
            row.reason = f"No period {self.ref.name} reports ends on {iso}; its nearest balance date is {balance}."
            return row
        what = {"end": "ends", "as_of": "ends", "start": "begins"}.get(fig.date_role or "", "begins or ends")
        row.reason = f"No reported period {what} on this date; other dates are not checked."
        return row

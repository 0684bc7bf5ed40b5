"""What a sentence says about a figure beyond its value: a direction, a multiple, a week count, a base year.

The reader grounds a figure by its value and period. A sentence often claims more about it ("narrowed to
$1.29 billion", "more than tripled to $60.9 billion", "the 53-week fiscal year", "up 6% from fiscal 2023",
"a record"); a figure grounded while such a claim is false would make the sentence "grounded" though it is
not true as written. This post-pass checks each of these claims against the company's facts where it can,
and where it cannot, leaves the figure unchecked with the reason, never grounded:

- a direction word before a figure ("rose/fell/narrowed/widened/improved to X"): the value against the same
  tag's value for the year before (annual figures; a quarter's direction could be sequential or a year on,
  so it is unchecked unless both agree); a loss "narrows" when it shrinks in size;
- a multiple ("doubled", "tripled", "quadrupled", "N times", "more than"/"roughly"): the ratio to the year
  before, within the words' tolerance;
- a week count ("53-week fiscal year", "13-week quarter"): the period's length, 7 days a week, one day's slack;
- a growth rate measured from a base the sentence names ("from fiscal 2023"): recomputed against that base;
- a superlative ("a record", "all-time high", "highest", "lowest"): not something the facts say: unchecked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from ..models.verify import VerifiedFigure
from ..patterns import lazy
from ..vocabulary import possessive
from ..xbrl.facts import CompanyFacts
from . import wording as W
from .periods import calendar_as_fiscal, lies_mostly_in

HELD = ("grounded", "derived")

_UP = r"rose|risen|increased|grew|grown|climbed|jumped|surged|soared|expanded|improved|recovered|rebounded|doubled"
_DOWN = r"fell|fallen|declined|decreased|dropped|slipped|slid|shrank|shrunk|contracted|sank|plunged|tumbled|worsened|deteriorated"
_SIZE = r"narrowed|widened"
_DIRECTION = lazy(
    rf"\b(?P<word>{_UP}|{_DOWN}|{_SIZE})(?:\s+(?:sharply|significantly|slightly|modestly|further|again))?"
    r"\s+(?:to|at)\s+(?:(?:about|approximately|roughly|nearly|around|almost|over|more than)\s+)?$",
    re.I,
)
_MULTIPLE = lazy(
    r"\b(?P<how>more than|over|nearly|almost|roughly|about|approximately|around)?\s*"
    r"(?P<word>doubled|tripled|quadrupled|quintupled|(?:twice|double|triple|quadruple|"
    r"(?P<n>\d+(?:\.\d+)?)\s*(?:times|x|-?fold)|(?<![\w-])(?P<words>" + W.NUMBER_WORD + r")(?:\s+times|-?fold))\b)",
    re.I,
)


# The words between a multiple and the figure it is measured against: "nearly double the $5.9 billion of 2020",
# "about double 2020's $3.2 billion", "more than three times its fiscal 2024 level of $44.3 billion"; the
# multiple is then said of the figure before it, not of the year before the base
_BASE_AFTER_MULTIPLE = lazy(
    r"(?:\b(?:the|its|their|that\s+of|those\s+of|level\s+of|as\s+much\s+as|than|from)|['\u2019]s)\s*"
    r"(?:(?:about|approximately|roughly|nearly|around|some)\s+)?$",
    re.I,
)
# A base named by its year and measure before its figure: "more than seven times its 2020 net income of $721
# million", "twice Tesla's fiscal 2020 revenue of $31.5 billion" (no comma, at most six words between)
_NAMED_BASE_BEFORE_FIGURE = lazy(
    r"^\s*(?:its|their|the|[\w.&-]+['\u2019]s)\s+(?:[\w'\u2019-]+\s+){0,6}?(?:of|at|totall?ing|amounting\s+to)\s+"
    r"(?:(?:about|approximately|roughly|nearly|around|some)\s+)?$",
    re.I,
)
# A base named without a figure, after the multiple: "nine times its 2020 net income", "double the prior year's",
# "twice fiscal 2023's level"; the words after the year name the measure
_NAMED_BASE = lazy(
    r"\s*(?:its\s+|their\s+|the\s+|that\s+of\s+|[A-Z][\w.&-]*['\u2019]s\s+)?(?:"
    r"(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<year>(?:19|20)\d{2})(?:['\u2019]s)?|"
    r"(?P<prior>(?:prior|previous|preceding)[- ]year(?:['\u2019]s)?|year[- ](?:earlier|before)|year\s+before))"
    r"(?P<words>(?:\s+(?!(?:and|but|while|as|when|with|which|in|for)\b)[a-z][\w'\u2019-]*){0,4})\s*(?=[.,;:)]|$)",
    re.I,
)
# A verb's base named after it ("doubled from 2019", "tripled since fiscal 2020"): not the year before as such
_BASE_WORD_AFTER = lazy(r"\s+(?:from|since|compared|versus|vs\.?|relative|over|against)\b", re.I)
# The base of a verb named as the same period a year before ("tripled from a year earlier", "doubled year over
# year", "doubled from the same quarter last year")
_YEAR_ON = lazy(
    r"\s+(?:(?:from|over|versus|vs\.?|compared\s+(?:with|to))\s+(?:a\s+year\s+(?:earlier|ago|before)|"
    r"the\s+(?:prior|previous|preceding)\s+year(?:['\u2019]s)?(?:\s+(?:quarter|period))?|the\s+year\s+(?:before|earlier)|"
    r"the\s+same\s+(?:quarter|period)\s+(?:a\s+year\s+(?:earlier|ago|before)|last\s+year|of\s+the\s+(?:prior|previous)\s+year))|"
    r"year[- ](?:over|on)[- ]year)\b",
    re.I,
)
# Words after a named base's year that name no other measure ("its 2020 level", "2020's figure")
_SAME_MEASURE = frozenset({"", "level", "figure", "amount", "total", "result", "value", "mark", "one"})
_MULTIPLES = {
    "doubled": 2,
    "twice": 2,
    "double": 2,
    "tripled": 3,
    "triple": 3,
    "quadrupled": 4,
    "quadruple": 4,
    "quintupled": 5,
}
_WEEKS = lazy(r"\b(?P<n>\d{1,2})[- ]week\b", re.I)
# A superlative ("stockholders of record", "the record date", "holders on record" are none)
_SUPERLATIVE = lazy(
    r"\b(?:a |an )?(?:(?<!of )(?<!on )record(?:-high|-low)?(?!\s+(?:date|holders?|owners?)\b)|all-time (?:high|low)|highest|lowest|largest ever|"
    r"best[- ]ever|worst[- ]ever)\b",
    re.I,
)
# Period wording the reader does not turn into a period: a figure it grounded on a fiscal year is not about that year
_OTHER_PERIOD = lazy(
    r"\b(?:(?:second|back|latter|first|front)[- ]half|H[12]\b|(?:September|December|March|June|holiday|spring|summer|"
    r"fall|autumn|winter|final|last|latest|most recent|recent|peak|best|worst)\s+quarter|quarter(?:ly| ended \d)|"
    r"per quarter|a quarter|three months|3 months|six months|nine months|\d+Q\b|Q\d\s+(?:19|20)\d{2}|run[- ]rate|"
    r"annuali[sz]ed|combined|in total over|average (?:annual|quarterly)|(?:two|three|four|five|\d+) years ago|trailing|TTM|LTM|year[- ]to[- ]date|"
    r"YTD|in the year to|through (?:the )?(?:first|second|third)|calendar(?:\s+year)?\s+(?:19|20)\d{2})",
    re.I,
)
_UP_FROM = lazy(r"\b(?:up|down|rising|falling|rose|fell|increased|decreased|improved|declined)\s+from\s+$", re.I)
# A base whose own words name its period ("up from $16.9 billion in the second quarter"): not the year before
_OWN_PERIOD_AFTER = lazy(
    r"\s*(?:in|for|during|of)\s+(?:the\s+)?(?:(?:first|second|third|fourth)[- ]quarter|Q[1-4]\b|"
    r"(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\b)",
    re.I,
)
_BASE = lazy(
    r"\b(?:from|since|compared (?:with|to)|versus|vs\.?|over|relative to)\s+(?:the\s+)?"
    r"(?:fiscal(?:\s+year)?\s+|FY\s?)?(?P<year>(?:19|20)\d{2})\b",
    re.I,
)


@dataclass
class _Prior:
    value: float
    fiscal_year: int
    accession_number: str
    label: str = ""  # how a reason names the period: "FY2020", or a quarter's dates

    @property
    def named(self) -> str:
        return self.label or f"FY{self.fiscal_year}"


def check(rows: list[VerifiedFigure], text: str, facts: CompanyFacts | None) -> None:
    """Check, or leave unchecked, what each figure's sentence claims beyond its value (see the module)."""
    for row in rows:
        if row.kind == "percent" and row.status in ("derived", "ungrounded"):
            _check_base(row, row.context or "", facts, rows)
        if row.status in HELD and _annual_support(row) and row.support is not None:  # (_annual_support: it is)
            other = _OTHER_PERIOD.search(row.context or "")
            if other and not _period_is_read(row, other.group(0)):
                _unchecked(
                    row,
                    f"the sentence speaks of {other.group(0).strip()!r}, a period edgar does not read "
                    f"here; it matched the fiscal year {row.support.fiscal_year} instead",
                )
                continue
        if (
            row.status in HELD
            and _UP_FROM.search(_lead(text, row)[-30:])
            and not _OWN_PERIOD_AFTER.match(text, row.position + len(row.text))
        ):
            base_fy, got = _sentence_year(row, rows), _matched_year(row)
            if base_fy is not None and got is not None and got != base_fy - 1:
                _unchecked(
                    row,
                    f"it is the base of a change from the year before FY{base_fy}, and the value that "
                    f"matched is FY{got}'s",
                )
                continue
        if row.status not in HELD or row.kind not in ("money", "per_share", "shares", "percent", "number"):
            continue
        sentence = row.context or ""
        lead = _lead(text, row)
        if _superlative(sentence):
            _check_superlative(row, _superlative(sentence) or "", facts)
            continue
        weeks = _WEEKS.search(sentence)
        if weeks and row.kind != "percent" and _weeks_wrong(row, int(weeks.group("n"))) is not None:
            row.status = "ungrounded"
            row.reason = _weeks_wrong(row, int(weeks.group("n"))) or row.reason
            continue
        direction = _DIRECTION.search(lead[-80:])
        if direction and row.kind != "percent":
            _check_direction(row, direction.group("word").lower(), facts)
            continue
        multiple = _MULTIPLE.search(sentence)
        if multiple and multiple.group("n"):
            continue  # "2.3 times": the multiple is a figure of its own, checked by check_multiples
        if multiple and row.kind != "percent":
            base = _base_of_multiple(sentence, multiple, rows)
            if base is row:
                continue  # "nearly double the $5.9 billion of 2020": said of the figure before, checked there
            if base is not None and not _multiple_precedes(sentence, multiple, row):
                _check_against_base(row, base, multiple)
            elif base is None and _multiple_precedes(sentence, multiple, row):
                if _first_after(sentence, multiple, rows) is row:  # ("tripled to $X from $Y": not of $Y)
                    _check_multiple(row, multiple, facts)
            elif base is None and _said_of(sentence, multiple, row, rows):
                _check_named_base(row, multiple, sentence, lead, facts)
            continue


_AMOUNTS = ("money", "per_share", "shares", "number")
_YEAR_WORDS = lazy(r"(?P<fiscal>\b(?:fiscal\s+(?:year\s+)?|FY\s?))?\b(?P<year>(?:19|20)\d{2})\b", re.I)
# A company named as the owner of a side of a multiple: "Snowflake's", "that of Snowflake"
_OWNER = lazy(r"(?:^|\s)(?:(?:that|those)\s+of\s+)?(?P<name>[A-Z][\w.&-]*)(?:['\u2019]s\b|(?=\s*$))")
_CLAUSE_BREAK = lazy(r"[;:]|,\s+(?:and|but|while|whereas)\s")
_NOT_OWNERS = frozenset({"its", "their", "the", "fiscal", "fy", "in", "for", "q1", "q2", "q3", "q4"})


_BASE_OWNER = lazy(
    r"\s*(?:(?:that|those)\s+of\s+|the\s+)?(?P<name>[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){0,2}?)"
    r"(?:['\u2019]s\b|(?=\s*(?:[.,;:)]|$)))"
)


def base_owner(sentence: str, start: int, end: int) -> str | None:
    """Another company named as the base of a multiple ("twice Snowflake's", "6.4 times that of Snowflake"): its
    name, when the words before the multiple do not name it too (the subject's own company); else None."""
    m = _BASE_OWNER.match(sentence, end)
    if m is None:
        return None
    name = m.group("name")
    first = name.split()[0]
    if re.search(r"\d", name) or first.lower() in _NOT_OWNERS or re.match(r"Q[1-4]|H[12]|FY", first):
        return None
    return None if re.search(rf"\b{re.escape(first)}\b", sentence[:start]) else name


def is_multiple(row: VerifiedFigure) -> bool:
    """The figure is a multiple written as a number ("2.3 times", "6.4x"): claims.MULTIPLE's figures."""
    from .claims import MULTIPLE_TEXT

    return row.kind == "number" and MULTIPLE_TEXT.match(row.text) is not None


def check_multiples(rows: list[VerifiedFigure], facts: CompanyFacts | None) -> None:
    """Each multiple written as a number ("Tesla's 2021 revenue was 1.7 times its 2020 revenue", "$60.9 billion,
    2.3 times the $27.0 billion of fiscal 2023") is the ratio of the two figures it relates: checked, at the
    rounding its own digits allow, against the facts that ground the two amounts the sentence writes, or
    (with ``facts``) against the values of the measure and years its words name; unchecked with the reason when
    a side cannot be read (another company's, a period the facts do not hold, words naming no measure). A
    multiple is never grounded as an amount of the measure."""
    for row in rows:
        if not is_multiple(row):
            continue
        sentence = row.context or ""
        at = sentence.find(row.text)
        if at < 0:
            continue
        end = at + len(row.text)
        amounts = [
            (sentence.find(r.text), r)
            for r in rows
            if r.kind in _AMOUNTS and not is_multiple(r) and r.context == row.context and sentence.find(r.text) >= 0
        ]
        before = [(p, r) for p, r in amounts if p < at]
        after = sorted((p, r) for p, r in amounts if p >= end) if amounts else []
        said_of = max(before, key=lambda x: x[0])[1] if before else None
        if said_of is not None and _CLAUSE_BREAK.search(sentence[sentence.find(said_of.text) + len(said_of.text) : at]):
            said_of = None  # "revenue was $60.9 billion, and net income 2.3 times ...": another clause's amount
        base = None
        if after:
            p, first = after[0]
            between = sentence[end:p]
            if len(between) <= 80 and (
                _BASE_AFTER_MULTIPLE.search(between) or _NAMED_BASE_BEFORE_FIGURE.match(between)
            ):
                base = first
        if facts is None and (said_of is None or base is None):
            continue  # (answers naming several companies: the pass over every row checks written amounts only)
        a = _side_of(said_of, sentence[:at], facts, None, row)
        if isinstance(a, str):
            _multiple_unchecked(row, a)
            continue
        b = _side_of(base, sentence[end:], facts, a, row) if a is not None else None
        if isinstance(b, str):
            _multiple_unchecked(row, b)
            continue
        if a is None or b is None:
            _multiple_unchecked(row, "edgar could not read both figures it relates")
            continue
        _settle_multiple(row, a, b)


# A change's direction in the words before its percentage or right after it ("rose 83% to", "216% larger than")
_CHANGE_UP = lazy(r"\b(?:rose|risen|increased|grew|grown|climbed|jumped|up|higher|larger|greater|bigger|more)\b", re.I)
_CHANGE_DOWN = lazy(r"\b(?:fell|fallen|declined|decreased|dropped|down|lower|smaller|less|shrank|narrowed)\b", re.I)
# The words right before the base of a change: "from $103.1 million", "than the $80.1 million"
_CHANGE_BASE = lazy(
    r"\b(?:from|than|compared\s+(?:with|to)|versus|vs\.?)\s+(?:(?:the|its|their|a|about|approximately|roughly)\s+)?"
    r"(?:(?:prior|previous)\s+year['\u2019]s\s+)?$",
    re.I,
)


def check_changes(rows: list[VerifiedFigure]) -> None:
    """A percentage change between the two amounts its sentence writes ("revenues rose 83% to $188.8 million in
    2017 from $103.1 million in 2016", "a net loss of $253.1 million, 216% larger than the $80.1 million"), left
    unchecked by the facts, is derived from the values that ground the two amounts (facts or cited passages):
    derived when it rounds to the change, in the direction the words say; ungrounded when it does not. Only a
    sentence with exactly two amounts, one of them marked as the base, one percentage and one direction word is
    read."""
    for row in rows:
        if row.kind != "percent" or row.status != "unchecked" or row.value is None:
            continue
        sentence = row.context or ""
        at = sentence.find(row.text)
        if at < 0:
            continue
        amounts = [
            (sentence.find(r.text), r)
            for r in rows
            if r.kind in ("money", "number") and not is_multiple(r) and r.context == row.context
        ]
        amounts = [(p, r) for p, r in amounts if p >= 0]
        if sum(1 for r in rows if r.kind == "percent" and r.context == row.context) != 1:
            continue  # "fell 10% ... (down 9% currency-neutral)": which is the change of the two amounts is not read
        if len(amounts) != 2 or any(r.status not in HELD or r.support is None for _p, r in amounts):
            continue
        bases = [(p, r) for p, r in amounts if _CHANGE_BASE.search(sentence[max(0, p - 60) : p])]
        if len(bases) != 1:
            continue
        base = bases[0][1]
        later = next(r for _p, r in amounts if r is not base)
        words = sentence[max(0, at - 40) : at] + " " + sentence[at + len(row.text) : at + len(row.text) + 20]
        up, down = bool(_CHANGE_UP.search(words)), bool(_CHANGE_DOWN.search(words))
        if up == down:
            continue
        a, b = later.support.value, base.support.value  # type: ignore[union-attr]
        if a is None or b is None or not b or _opposite_signs(float(a), float(b)):
            continue
        growth = (abs(float(a)) / abs(float(b)) - 1) * 100
        said = float(row.value) * (1 if up else -1)
        step = float(row.rounding or 1)
        where = lambda r: r.support.accession_number or r.support.url or "?"  # noqa: E731
        if abs(growth - said) <= max(step / 2, 0.05) + 1e-9:
            row.status = "derived"
            row.formula = f"{_fmt(abs(float(a)))} / {_fmt(abs(float(b)))} - 1 = {growth:.2f}%"
            row.inputs = [later.support, base.support]  # type: ignore[list-item]
            row.reason = (
                f"Derived from {later.text} ({_fmt(a)}, {where(later)}) and {base.text} ({_fmt(b)}, {where(base)}): "
                f"{growth:+.2f}%, which rounds to {'+' if up else '-'}{row.text}."
            )
            row.support = None
        else:
            row.status = "ungrounded"
            row.reason = (
                f"{later.text} ({_fmt(a)}, {where(later)}) against {base.text} ({_fmt(b)}, {where(base)}) is "
                f"{growth:+.2f}%, not {'+' if up else '-'}{row.text}."
            )


@dataclass
class _Side:
    value: float
    named: str  # how a reason names it: "$60.9 billion (FY2024)", "FY2020's revenue"
    support: object  # the FigureSupport or FactRecord it was read from
    concept: str | None = None
    year: int | None = None
    owner: str | None = None


def _side_of(
    amount: VerifiedFigure | None, words: str, facts: CompanyFacts | None, other: _Side | None, row: VerifiedFigure
) -> _Side | str | None:
    """One side of a multiple: the amount the sentence writes (its grounding fact's value), else the measure and
    year its words name, read from the facts. A string is why it cannot be read."""
    from ..models.verify import FigureSupport

    if amount is not None:
        s = amount.support
        if amount.status not in HELD or s is None or s.value is None:
            return f"{amount.text}, a side of it, is not itself grounded"
        year = s.fiscal_year if s.fiscal_period == "FY" else None
        return _Side(float(s.value), f"{amount.text} ({_fmt(s.value)}, {s.accession_number})", s, s.concept, year)
    if other is None:  # the figure the multiple is said of: the words before it, back to the clause start
        clause = _CLAUSE_BREAK.split(words)[-1]
    else:  # the base: the words after it, to the clause's end
        clause = re.split(r"[;:,.]\s|[;:]|\.$", words)[0]
    owner = next((m.group("name") for m in _OWNER.finditer(clause) if m.group("name").lower() not in _NOT_OWNERS), None)
    if other is not None and owner and other.owner and owner != other.owner:
        return (
            f"its base is {possessive(owner)} figure and the figure it is said of {possessive(other.owner)}: edgar does not "
            "compute one company's figure as a multiple of another's unless the sentence writes both amounts"
        )
    if other is not None and owner and other.owner is None and not clause.lstrip().lower().startswith("its"):
        return f"its base is {possessive(owner)} figure, which edgar cannot tell is the same company's"
    if facts is None:
        return None
    concepts = W.find_concepts(clause)
    if len({c.concept for c in concepts}) > 1:
        return f"the words of {'its base' if other else 'the figure it is said of'} name several measures"
    if concepts and concepts[-1].qualifier:
        return (
            f"{'its base' if other else 'the figure it is said of'} is a part of the company ({concepts[-1].qualifier})"
        )
    concept = concepts[-1].concept if concepts else None
    if concept is None and other is not None:
        rest = re.sub(r"(?:fiscal\s+(?:year\s+)?|FY\s?)?(?:19|20)\d{2}(?:['\u2019]s)?", " ", clause)
        rest = re.sub(r"\b(?:its|their|the|that|those|of|prior|previous|year|earlier|before)\b|['\u2019]s", " ", rest)
        if " ".join(rest.split()).lower() in _SAME_MEASURE:
            concept = other.concept
    years = list(_YEAR_WORDS.finditer(clause))
    if concept is None:
        return f"edgar could not read which measure {'its base' if other else 'the figure it is said of'} is"
    if not years:
        if (
            other is not None
            and other.year is not None
            and re.search(r"\b(?:prior|previous)\s+year|year\s+(?:earlier|before)", clause, re.I)
        ):
            year = other.year - 1
            fiscal = True
        else:
            return f"edgar could not read which year {'its base' if other else 'the figure it is said of'} is for"
    else:
        year, fiscal = int(years[-1].group("year")), bool(years[-1].group("fiscal"))
    series = _series(facts, concept)
    found = [
        v
        for v in (series.values if series else [])
        if v.fiscal_year == year and v.fiscal_period == "FY" and v.period_type == "annual"
    ]
    if len({float(v.value) for v in found}) != 1:
        return f"edgar could not read the company's {concept.replace('_', ' ')} for FY{year} from its XBRL facts"
    v = found[0]
    if not fiscal and not (v.end.month == 12 or (v.end.month == 1 and v.end.day <= 7)):
        return (
            f"'{year}' is calendar wording, and the company's fiscal year ends {v.end:%B %d}: edgar cannot tell "
            "which fiscal year it means"
        )
    support = FigureSupport(
        source="xbrl_fact",
        value=v.value,
        unit=v.unit,
        matched_tag=v.matched_tag,
        concept=concept,
        fiscal_year=v.fiscal_year,
        fiscal_period=v.fiscal_period,
        period_type=v.period_type,
        start=v.start,
        end=v.end,
        form=v.form,
        filed=v.filed,
        accession_number=v.accession_number,
    )
    named = f"FY{year}'s {concept.replace('_', ' ')} ({_fmt(v.value)}, {v.matched_tag}, {v.accession_number})"
    return _Side(float(v.value), named, support, concept, year, owner)


def _multiple_unchecked(row: VerifiedFigure, why: str) -> None:
    row.status = "unchecked"
    row.support, row.other_matches, row.notes = None, 0, []
    row.reason = (
        f"{row.text} is a multiple, a ratio of two figures, not an amount of the measure the sentence names; {why}."
    )


def _settle_multiple(row: VerifiedFigure, a: _Side, b: _Side) -> None:
    from ..models.verify import FigureSupport

    row.support, row.other_matches, row.notes = None, 0, []
    if _opposite_signs(a.value, b.value):
        _multiple_unchecked(
            row, f"{a.named} and {b.named} are not both a profit or both a loss: no multiple relates them"
        )
        return
    ratio = a.value / b.value
    n = float(row.value or 0)
    step = float(row.rounding or 1)
    how = re.search(
        r"\b(more than|over|nearly|almost|roughly|about|approximately|around)\s*$",
        (row.context or "")[: max(0, (row.context or "").find(row.text))],
        re.I,
    )
    ok = _ratio_holds(ratio, n, how.group(1).lower()) if how else abs(ratio - n) <= min(step / 2, 0.05 * n) + 1e-9
    inputs = [x for x in (a.support, b.support) if isinstance(x, FigureSupport)]
    if ok:
        row.status = "derived"
        row.formula = f"{_fmt(a.value)} / {_fmt(b.value)} = {ratio:.3f}"
        row.inputs = inputs
        said = f"which is {how.group(1).lower()} {row.text}" if how else f"which rounds to {row.text}"
        row.reason = f"Derived from {a.named} and {b.named}: {ratio:.2f} times, {said}."
        return
    row.status = "ungrounded"
    row.inputs = inputs
    row.reason = f"{a.named} is {ratio:.2f} times {b.named}, not {row.text}."


def _annual_support(row: VerifiedFigure) -> bool:
    s = row.support
    return s is not None and s.fiscal_period == "FY" and s.period_type in ("annual", None)


_CALENDAR_YEAR = lazy(r"calendar(?:\s+year)?\s+((?:19|20)\d{2})", re.I)


def _period_is_read(row: VerifiedFigure, words: str) -> bool:
    """The reader turned the sentence's period words into the figure's period (not a fiscal year alone), or read
    the figure as the full year by its own words ("the full-year $416.2 billion less ... nine months"), or the
    words are a calendar year and the company's fiscal years are calendar years (Tesla's "calendar 2021" is its
    fiscal 2021, a year the reader reads as it reads "2021")."""
    if (row.claimed_period_text or "").startswith("the full year"):
        return True
    sup = row.support
    said = calendar_as_fiscal(row.context or "") if _CALENDAR_YEAR.fullmatch(words.strip()) else None
    if (
        said is not None
        and sup is not None
        and sup.start is not None
        and sup.end is not None
        and (sup.fiscal_year == said.fiscal_year or sup.end == said.end)
        and lies_mostly_in(sup.start, sup.end, said.calendar_year)
    ):
        return True  # "calendar 2024, which NVIDIA counts as fiscal 2025": that fiscal year lies mostly in 2024
    if (
        _CALENDAR_YEAR.fullmatch(words.strip())
        and sup is not None
        and sup.start is not None
        and sup.end is not None
        and (sup.start.month, sup.start.day, sup.end.month, sup.end.day) == (1, 1, 12, 31)
        and sup.start.year == sup.end.year == row.claimed_fiscal_year  # the year the reader tied to the figure
    ):
        return True
    return bool(row.claimed_fiscal_period and row.claimed_fiscal_period != "FY")


def _matched_year(row: VerifiedFigure) -> int | None:
    """The fiscal year of the fact (or, for a derived figure, of its inputs) that the figure matched."""
    if row.support is not None and row.support.fiscal_year is not None:
        return row.support.fiscal_year
    years = {i.fiscal_year for i in row.inputs if i.fiscal_year is not None}
    return years.pop() if len(years) == 1 else None


def _sentence_year(row: VerifiedFigure, rows: list[VerifiedFigure]) -> int | None:
    """The fiscal year the other figures of the sentence claim (the later one)."""
    years = [r.claimed_fiscal_year for r in rows if r is not row and r.context == row.context and r.claimed_fiscal_year]
    return max(years) if years else None


def _lead(text: str, row: VerifiedFigure) -> str:
    """The sentence up to the figure (the words a direction is said in)."""
    start = max(text.rfind(".", 0, row.position), text.rfind("\n", 0, row.position)) + 1
    return text[start : row.position]


def _superlative(sentence: str) -> str | None:
    m = _SUPERLATIVE.search(sentence)
    return m.group(0).strip() if m else None


_LOW = lazy(r"low|lowest|worst", re.I)


def _check_superlative(row: VerifiedFigure, word: str, facts: CompanyFacts | None) -> None:
    """ "a record", "highest", "lowest": the value against every earlier period of the same kind (fiscal years, or
    quarters) of the same concept, across its tags."""
    s = row.support
    if facts is None or s is None or s.source != "xbrl_fact" or s.value is None or s.end is None:
        _unchecked(
            row, f"the sentence also calls it {word!r}, which edgar could not check against the company's other periods"
        )
        return
    series = _series(facts, s.concept or s.matched_tag or "")
    annual = s.fiscal_period == "FY"
    same = [
        v
        for v in (series.values if series else [])
        if v.end <= s.end
        and v.value is not None
        and (v.fiscal_period == "FY" if annual else v.fiscal_period in ("Q1", "Q2", "Q3", "Q4"))
        and v.period_type == s.period_type
        and not v.pre_split_ratio
    ]
    if len(same) < 2:
        _unchecked(row, f"the sentence also calls it {word!r}, and edgar has too few earlier periods to check it")
        return
    low = bool(_LOW.search(word))
    best = min(same, key=lambda v: v.value) if low else max(same, key=lambda v: v.value)
    first = min(v.end for v in same)
    if best.end == s.end:
        row.notes.append(
            f"The sentence calls it {word!r}: it is the {'lowest' if low else 'highest'} of the "
            f"{len(same)} {'fiscal years' if annual else 'quarters'} reported since {first}, which holds."
        )
        return
    row.status = "ungrounded"
    row.reason = (
        f"The value is right, but the sentence calls it {word!r}: "
        f"{'FY' + str(best.fiscal_year) if annual else f'{best.fiscal_period} FY{best.fiscal_year}'} "
        f"({best.end}) was {'lower' if low else 'higher'}, {_fmt(best.value)} ({best.accession_number})."
    )


def _series(facts: CompanyFacts, concept: str, unit: str | None = None):
    """The concept's (or raw tag's) series in the company's facts; None when edgar cannot read it as one."""
    from ..xbrl.catalogue import lookup
    from ..xbrl.series import build_series

    try:
        return build_series(facts, lookup(concept), unit)
    except Exception:  # noqa: BLE001 - a tag edgar cannot read as a series: the figure is left unchecked
        return None


def _unchecked(row: VerifiedFigure, why: str) -> None:
    row.status = "unchecked"
    row.reason = f"{row.text} matches the facts, but {why}: unchecked, not grounded."


def _weeks_wrong(row: VerifiedFigure, weeks: int) -> str | None:
    """The reason a stated week count is wrong for the supporting period; None when it agrees or cannot tell."""
    s = row.support
    if s is None or s.start is None or s.end is None:
        return None
    days = (s.end - s.start).days + 1
    if abs(days - 7 * weeks) <= 1:
        return None
    return (
        f"The sentence calls the period {weeks} weeks, but {s.start} to {s.end} is {days} days "
        f"({round(days / 7)} weeks); the figure's value is right for that period."
    )


def _prior(facts: CompanyFacts | None, row: VerifiedFigure, year: int | None = None) -> _Prior | None:
    """The same tag's value for fiscal ``year`` (default: the year before the supporting fact's; annual facts
    only)."""
    s = row.support
    if facts is None or s is None or s.source != "xbrl_fact" or not s.matched_tag or s.fiscal_year is None:
        return None
    if s.fiscal_period != "FY":
        return None
    year = s.fiscal_year - 1 if year is None else year
    series = _series(facts, s.matched_tag, s.unit if s.unit and "/" not in s.unit else None)
    for v in series.values if series else []:
        if (
            v.fiscal_year == year
            and v.fiscal_period == "FY"
            and v.period_type == s.period_type
            and v.matched_tag == s.matched_tag
        ):
            return _Prior(value=float(v.value), fiscal_year=v.fiscal_year, accession_number=v.accession_number)
    return None


def _year_before(facts: CompanyFacts | None, row: VerifiedFigure) -> _Prior | None:
    """The same tag's value for the period of the same kind and length ending a year before the supporting fact's
    (358 to 372 days: 52/53-week years), a quarter's included; None when none or several are reported."""
    s = row.support
    if facts is None or s is None or s.source != "xbrl_fact" or not s.matched_tag or s.end is None:
        return None
    if s.start is None:
        return None
    series = _series(facts, s.matched_tag, s.unit if s.unit and "/" not in s.unit else None)
    days = (s.end - s.start).days
    found = [
        v
        for v in (series.values if series else [])
        if v.start is not None
        and v.matched_tag == s.matched_tag
        and v.period_type == s.period_type
        and 358 <= (s.end - v.end).days <= 372
        and abs((v.end - v.start).days - days) <= 7
    ]
    if len({v.end for v in found}) != 1 or found[0].fiscal_year is None:
        return None
    v = found[0]
    label = f"{v.fiscal_period} FY{v.fiscal_year}" if v.fiscal_period else f"the period {v.start} to {v.end}"
    return _Prior(value=float(v.value), fiscal_year=v.fiscal_year, accession_number=v.accession_number, label=label)


def _check_direction(row: VerifiedFigure, word: str, facts: CompanyFacts | None) -> None:
    s = row.support
    prior = _prior(facts, row)
    if s is None or s.value is None or prior is None:
        _unchecked(
            row,
            f"the sentence says it {word}, and edgar found no prior fiscal year of the same fact to "
            "compare it with (a quarter may be compared with the quarter before or the year before)",
        )
        return
    now, before = float(s.value), prior.value
    if word in ("narrowed", "widened"):
        ok = abs(now) < abs(before) if word == "narrowed" else abs(now) > abs(before)
        moved = "shrank" if abs(now) < abs(before) else "grew"
    else:
        up = re.fullmatch(_UP, word, re.I) is not None
        ok = now > before if up else now < before
        moved = "rose" if now > before else "fell"
    if now == before:
        ok, moved = False, "did not change"
    _settle(
        row,
        ok,
        f"The sentence says it {word}: from {_fmt(before)} in FY{prior.fiscal_year} "
        f"({prior.accession_number}), which holds.",
        f"The value is right, but the sentence says it {word}: it {moved}, from {_fmt(before)} in "
        f"FY{prior.fiscal_year} ({prior.accession_number}) to {_fmt(now)}.",
    )


def _settle(row: VerifiedFigure, ok: bool, holds: str, wrong: str) -> None:
    """What a sentence claims beyond the value holds (a note) or does not (ungrounded, with the reason)."""
    if ok:
        row.notes.append(holds)
        return
    row.status = "ungrounded"
    row.reason = wrong


def _multiple_precedes(sentence: str, m: re.Match, row: VerifiedFigure) -> bool:
    """The multiple is said of this figure: the figure's text comes after it in the same sentence."""
    at = sentence.find(row.text)
    return at < 0 or m.start() < at


def _base_of_multiple(sentence: str, m: re.Match, rows: list[VerifiedFigure]) -> VerifiedFigure | None:
    """The figure a multiple is measured against when the sentence names it ("$11.5 billion, nearly double the
    $5.9 billion of 2020": the $5.9 billion), else None (the multiple is of the year before)."""
    amounts = ("money", "per_share", "shares", "number")
    after = [r for r in rows if r.kind in amounts and sentence.find(r.text, m.end()) >= 0]
    if not after:
        return None
    first = min(after, key=lambda r: sentence.find(r.text, m.end()))
    between = sentence[m.end() : sentence.find(first.text, m.end())]
    return first if _BASE_AFTER_MULTIPLE.search(between) or _NAMED_BASE_BEFORE_FIGURE.match(between) else None


def _first_after(sentence: str, m: re.Match, rows: list[VerifiedFigure]) -> VerifiedFigure | None:
    """The first amount of the sentence after a multiple: the one a verb's multiple ("more than sevenfold to $5.5
    billion from $721 million") is said of; the amounts after it are its base or other figures."""
    amounts = ("money", "per_share", "shares", "number")
    after = [(sentence.find(r.text, m.end()), r) for r in rows if r.kind in amounts and r.context == sentence]
    after = [(at, r) for at, r in after if at >= 0 and not is_multiple(r)]
    return min(after, key=lambda x: x[0])[1] if after else None


def _said_of(sentence: str, m: re.Match, row: VerifiedFigure, rows: list[VerifiedFigure]) -> bool:
    """The multiple, after its figure, is said of this one: the last amount of the sentence before it."""
    amounts = ("money", "per_share", "shares", "number")
    before = [(sentence.find(r.text), r) for r in rows if r.kind in amounts and r.context == row.context]
    before = [(at, r) for at, r in before if 0 <= at < m.start()]
    return bool(before) and max(before, key=lambda x: x[0])[1] is row


def _opposite_signs(a: float, b: float) -> bool:
    """A multiple of a loss (or of nothing), or a loss said to be a multiple of a profit: no ratio means it."""
    return a == 0 or b == 0 or (a < 0) != (b < 0)


def _multiple_of(m: re.Match) -> float:
    word = m.group("word").lower()
    if m.group("n"):
        return float(m.group("n"))
    if m.group("words"):
        return W.number_word(m.group("words"))
    return _MULTIPLES.get(word.split()[0], 0)


def _ratio_holds(ratio: float, n: float, how: str) -> bool:
    if how in ("more than", "over"):
        return ratio > n
    if how in ("nearly", "almost"):
        return n * 0.85 <= ratio < n
    if how in ("roughly", "about", "approximately", "around"):
        return abs(ratio - n) <= 0.1 * n
    return abs(ratio - n) <= 0.05 * n


def _check_against_base(row: VerifiedFigure, base: VerifiedFigure, m: re.Match) -> None:
    """A multiple of a figure the sentence names ("X, nearly double the Y of 2020"): the ratio of the two facts
    that ground them, or unchecked when the base is not grounded."""
    said = m.group(0).strip()
    n = _multiple_of(m)
    s, b = row.support, base.support
    if not n or s is None or s.value is None or b is None or b.value is None or base.status not in HELD or not b.value:
        _unchecked(row, f"the sentence says it is {said} {base.text}, which edgar could not check")
        return
    if _opposite_signs(float(s.value), float(b.value)):
        _unchecked(
            row,
            f"the sentence says it is {said} {base.text}, and one of the two is a loss (or nil): no multiple "
            "measures one against the other",
        )
        return
    ratio = float(s.value) / float(b.value)
    _settle(
        row,
        _ratio_holds(ratio, n, (m.group("how") or "").lower()),
        f"The sentence says it is {said} {base.text}: {ratio:.2f} times {_fmt(float(b.value))} "
        f"({b.accession_number}), which holds.",
        f"The value is right, but the sentence says it is {said} {base.text}: it is {ratio:.2f} times "
        f"{_fmt(float(b.value))} ({b.matched_tag}, {b.accession_number}).",
    )


def _check_multiple(row: VerifiedFigure, m: re.Match, facts: CompanyFacts | None, year_on: bool = False) -> None:
    """A multiple of the year before (annual facts), or with ``year_on`` (the sentence says "from a year earlier")
    of the same period a year before for a quarter too."""
    n = _multiple_of(m)
    s = row.support
    prior = _prior(facts, row) or (_year_before(facts, row) if year_on else None)
    if not n or s is None or s.value is None or prior is None or prior.value == 0:
        _unchecked(
            row,
            f"the sentence says it {m.group(0).strip()}, which edgar could not compare with a prior "
            "fiscal year of the same fact",
        )
        return
    said = m.group(0).strip()
    if _opposite_signs(float(s.value), prior.value):
        _unchecked(
            row,
            f"the sentence says it {said}, and {prior.named}'s {_fmt(prior.value)} "
            f"({prior.accession_number}) and this figure are not both a profit or both a loss: no multiple "
            "measures one against the other",
        )
        return
    ratio = float(s.value) / prior.value
    _settle(
        row,
        _ratio_holds(ratio, n, (m.group("how") or "").lower()),
        f"The sentence says it {said}: {ratio:.2f} times {prior.named}'s "
        f"{_fmt(prior.value)} ({prior.accession_number}), which holds.",
        f"The value is right, but the sentence says it {said}: it is {ratio:.2f} times "
        f"{prior.named}'s {_fmt(prior.value)} ({prior.accession_number}).",
    )


def _check_named_base(row: VerifiedFigure, m: re.Match, sentence: str, lead: str, facts: CompanyFacts | None) -> None:
    """A multiple, after its figure, of a base the sentence names without a figure ("$5.5 billion in 2021, nine
    times its 2020 net income"): the ratio to the same fact's value for the year named (the year before for
    "the prior year's"), when the base's words name the figure's own measure; else unchecked, never grounded."""
    said = m.group(0).strip()
    owner = base_owner(sentence, m.start(), m.end())
    if owner is not None:
        _unchecked(
            row,
            f"the sentence says it is {said} {possessive(owner)}, another company's figure: edgar does not check one "
            "company's figure as a multiple of another's unless the sentence writes both amounts",
        )
        return
    named = _NAMED_BASE.match(sentence, m.end())
    s = row.support
    if named is None and m.group("word").lower().endswith("ed"):  # "($60.9 billion) more than doubled"
        if _YEAR_ON.match(sentence, m.end()):  # "more than tripled from a year earlier": a quarter's too
            _check_multiple(row, m, facts, year_on=True)
        elif _BASE_WORD_AFTER.match(sentence, m.end()):
            _unchecked(row, f"the sentence says it {said} from a base edgar could not read")
        else:
            _check_multiple(row, m, facts)
        return
    if named is None:
        _unchecked(row, f"the sentence says it is {said} something edgar could not read as a base")
        return
    base_words = sentence[m.end() : named.end()].strip()
    words = " ".join(named.group("words").split()).lower()
    same = words in _SAME_MEASURE or words in lead.lower()
    year = int(named.group("year")) if named.group("year") else None
    if s is not None and s.fiscal_year is not None and year is None:
        year = s.fiscal_year - 1
    prior = _prior(facts, row, year) if same and year is not None else None
    n = _multiple_of(m)
    if not n or s is None or s.value is None or prior is None:
        _unchecked(row, f"the sentence says it is {said} {base_words}, which edgar could not check")
        return
    if _opposite_signs(float(s.value), prior.value):
        _unchecked(
            row,
            f"the sentence says it is {said} {base_words}, and {prior.named}'s {_fmt(prior.value)} "
            f"({prior.accession_number}) and this figure are not both a profit or both a loss: no multiple "
            "measures one against the other",
        )
        return
    ratio = float(s.value) / prior.value
    _settle(
        row,
        _ratio_holds(ratio, n, (m.group("how") or "").lower()),
        f"The sentence says it is {said} {base_words}: {ratio:.2f} times {prior.named}'s "
        f"{_fmt(prior.value)} ({prior.accession_number}), which holds.",
        f"The value is right, but the sentence says it is {said} {base_words}: it is {ratio:.2f} times "
        f"{prior.named}'s {_fmt(prior.value)} ({prior.accession_number}).",
    )


def _check_base(row: VerifiedFigure, sentence: str, facts: CompanyFacts | None, rows: list[VerifiedFigure]) -> None:
    """A growth rate whose sentence names a base year other than the year before its own ("up 9% from fiscal
    2023" of a fiscal 2025 figure): recomputed against that base, on the tag of the growth's own inputs or of
    the amount the sentence states for the later year; unchecked when neither can be had."""
    if facts is None:
        return
    claimed = row.claimed_fiscal_year
    inputs = [i for i in row.inputs if i.source == "xbrl_fact" and i.fiscal_year is not None and i.matched_tag]
    if claimed is None and inputs:
        claimed = max(i.fiscal_year or 0 for i in inputs)
    bases = [int(m.group("year")) for m in _BASE.finditer(sentence)]
    bases = [y for y in bases if claimed is not None and y < claimed]
    if claimed is None or not bases or bases[0] == claimed - 1:
        return
    base_year = bases[0]
    tag = next((i.matched_tag for i in inputs), None)
    if tag is None:
        tag = next(
            (
                r.support.matched_tag
                for r in rows
                if r is not row
                and r.context == row.context
                and r.support is not None
                and r.support.source == "xbrl_fact"
                and r.support.fiscal_year == claimed
                and r.support.fiscal_period == "FY"
            ),
            None,
        )
    series = _series(facts, tag) if tag else None
    values = {
        v.fiscal_year: v
        for v in (series.values if series else [])
        if v.fiscal_period == "FY" and v.period_type == "annual"
    }
    later, base = values.get(claimed), values.get(base_year)
    if later is None or base is None or not base.value or row.value is None:
        if row.status == "derived":
            _unchecked(
                row,
                f"the sentence measures the change from FY{base_year}, and edgar checked only the change "
                f"from FY{claimed - 1}",
            )
        else:
            row.status = "unchecked"
            row.reason = (
                f"The sentence measures the change from FY{base_year}; edgar could not read both years of "
                "the same fact to check it."
            )
        return
    growth = (float(later.value) / float(base.value) - 1) * 100
    step = float(row.rounding or 1)
    said = float(row.value) * (-1 if _falls(sentence) else 1)
    if abs(growth - said) <= max(step / 2, 0.05) + 1e-9:
        row.status = "derived"
        row.formula = f"{_fmt(later.value)} / {_fmt(base.value)} - 1 = {growth:.2f}%"
        row.reason = (
            f"Derived from FY{claimed} ({later.accession_number}) and FY{base_year} "
            f"({base.accession_number}): {growth:+.2f}%."
        )
        return
    row.status = "ungrounded"
    row.reason = (
        f"The sentence measures the change from FY{base_year}: {_fmt(later.value)} in FY{claimed} against "
        f"{_fmt(base.value)} in FY{base_year} ({base.accession_number}) is {growth:+.2f}%, not {row.text}."
    )


def _falls(sentence: str) -> bool:
    return (
        re.search(rf"\b(?:{_DOWN}|down|lower|less)\b", sentence, re.I) is not None
        and re.search(rf"\b(?:{_UP}|up|higher)\b", sentence, re.I) is None
    )


def _fmt(v: float | int | Decimal | None) -> str:
    if v is None:
        return "?"
    x = float(v)
    return f"{x:,.0f}" if abs(x) >= 1000 or x == int(x) else f"{x:,.4g}"

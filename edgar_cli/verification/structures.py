"""The claim grammar: how a sentence of an answer ties its figures to periods.

A claim is (subject company, measure words, figure, period expression, optional comparison):
"Apple's | net sales | were $383.3 billion | in fiscal 2023 | , down 3% from fiscal 2022". The parts are
read by their own modules: the company by :mod:`.subjects`, the measure words by :mod:`.wording`, the
figure (value, unit, rounding, bound) by :mod:`.claims`, the period expression next to a figure and the
comparison ("up N% from", "from X to Y", "a year earlier") by :mod:`.periods`. Some structures tie several
figures and periods of a sentence together; they are parsed here, as structures, after each figure has its
nearest period:

- **lists**: ITEM (, ITEM)* (,)? and ITEM, of figures of one kind ("$394.3 billion and $383.3 billion",
  "$1, $2 and $3") or of periods ("fiscal 2023 and 2022", "2022, 2023 and 2024", "January 28, 2024 and
  January 29, 2023"). A fiscal word distributes over its list ("fiscal 2024 and 2023": two fiscal years),
  an "ended" over a list of dates (:func:`.periods.find_mentions`).
- **respectively-lists**: FIGURES in PERIODS [, respectively], or PERIODS ... FIGURES, respectively: the
  k-th figure is claimed for the k-th period ("Apple's net sales were $394.3 billion and $383.3 billion in
  fiscal 2023 and 2022, respectively": $394.3 billion for fiscal 2023, $383.3 billion for fiscal 2022).
  Without "respectively", a list of periods right after the list of figures pairs them, and one before it
  as long as it with no other figure between ("revenue for fiscal 2024 and 2023 was $X and $Y"). Lists of
  different lengths ("$X and $Y in 2022, 2023 and 2024, respectively") leave their figures ``unchecked``,
  with the reason: edgar cannot tell which period each is for. Two periods set against each other ("in
  fiscal 2024 compared with fiscal 2023") pair like a list; a span ("between fiscal 2023 and 2025") never.
  A period of a list is a year, a quarter with its year or without ("Q4 FY2024", "the first and second
  quarters of fiscal 2025": the year named once is each quarter's), or a date. The figures of a list share
  the words before its first item ("revenue grew 126% and 114%": each a growth rate of revenue).
- **period ends**: "ended|ending|through DATE" claims DATE is a period's end, "as of|at DATE" a balance's
  (a date's ``role``): it is checked against period ends only, exactly, never against starts ("the fiscal
  year ended October 1, 2023": Apple's FY2023 ended September 30). "fiscal 2025, which ended January 28,
  2024", "fiscal 2025 (ended ...)" and a figure dated by both ("fiscal 2025 revenue for the year ended ...")
  claim DATE is that fiscal period's end (:func:`fiscal_period_ended`).

When a sentence's date is wrong, the date is the wrong part: :func:`check_dated` checks a figure whose
date is no reported period's end for the period the sentence evidently means (the fiscal year it names,
or the period ending within a week of the date) and says so in a note, while the date's own row is
contradicted. A figure that holds only for the date's period, not the fiscal year named beside it, is
``unchecked`` with both readings named: edgar cannot tell which of the two the writer got wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING

from ..models.verify import PeriodReading, VerifiedFigure
from ..patterns import lazy
from ..vocabulary import possessive
from ..xbrl import periods as XP
from . import periods as P

if TYPE_CHECKING:
    from .claims import Figure, Sentences
    from .grounding import Grounder

NUMERIC = ("money", "per_share", "shares", "percent", "number")  # claims.NUMERIC (claims imports this module)
HELD = ("grounded", "derived", "superseded")  # grounding.HELD: the statuses under which a figure holds
RESPECTIVELY = lazy(r"\brespectively\b", re.I)
# What may stand between a list of figures and the list of periods it is paired with, without "respectively"
_FIGURES_THEN_PERIODS = lazy(r"\s*,?\s*(?:in|for|during|at|as\s+of|on)\s+(?:the\s+)?$", re.I)
# "fiscal 2025, which ended January 28, 2024", "fiscal 2025 (ended ...)", "fiscal year 2025 ending ..."
_APPOSITIVE_END = lazy(
    r"\s*(?:[,(\u2013\u2014-]\s*)?(?:(?:which|that)\s+)?(?:ended|ending|ends|closed)\s+"
    r"(?:on\s+)?$",
    re.I,
)
_RANGE_BEFORE = lazy(r"\bbetween\s+(?:the\s+)?$", re.I)
# Two periods set against each other: "fiscal 2024 compared with fiscal 2023", "2024 versus 2023"
_VERSUS = lazy(r"\s*,?\s*(?:compared\s+(?:with|to)|versus|vs\.?|against)\s+(?:the\s+)?", re.I)
FAR_YEAR_END_DAYS = 45  # "the fiscal year ended December 31" a month from the real year end: the year meant
NEAR_END_DAYS = 7  # a date this close to a reported period's end, and no period's end, is that end written wrong
_ORD = {1: "1st", 2: "2nd", 3: "3rd"}


@dataclass
class Period:
    """One item of a list of periods: a year (fiscal or calendar), a quarter or part of a year with or without
    its year ("Q3 FY2024", "the third quarter of fiscal 2024", "first", "Q1"), or a date."""

    start: int
    end: int
    text: str
    kind: str  # "year" (with or without a quarter) or "date"
    year: int | None = None
    fiscal: bool = False
    part: str | None = None  # Q1-Q4, H1, 9M
    day: date | None = None
    role: str | None = None

    @property
    def shape(self) -> tuple[str, bool]:
        return self.kind, self.part is not None


# "Q3 FY2024", "Q3 2024", "the third quarter of fiscal 2024": a quarter and the year it is of
_PART_OF = lazy(r"\s*(?:of\s+)?(?:the\s+)?$", re.I)


def _periods(mentions: list[P.Mention], text: str) -> list[Period]:
    """The sentence's period mentions as periods, a quarter and its year taken as one."""
    out: list[Period] = []
    i = 0
    while i < len(mentions):
        mn = mentions[i]
        if mn.kind == "date":
            out.append(Period(mn.start, mn.end, mn.text, "date", day=mn.day, role=mn.role))
        elif mn.kind in ("fiscal_year", "year"):
            out.append(Period(mn.start, mn.end, _year_text(mn), "year", mn.year, mn.kind == "fiscal_year"))
        elif mn.kind == "quarter":
            part = mn.part or f"Q{mn.quarter}"
            nxt = mentions[i + 1] if i + 1 < len(mentions) else None
            of_year = nxt is not None and nxt.kind in ("fiscal_year", "year")
            if of_year and nxt is not None and _PART_OF.fullmatch(text[mn.end : nxt.start]):
                out.append(
                    Period(
                        mn.start,
                        nxt.end,
                        f"{part} {_year_text(nxt)}",
                        "year",
                        nxt.year,
                        nxt.kind == "fiscal_year",
                        part,
                    )
                )
                i += 1
            else:
                out.append(Period(mn.start, mn.end, part, "year", part=part))
        i += 1
    return out


def _year_text(mn: P.Mention) -> str:
    return f"fiscal {mn.text}" if mn.kind == "fiscal_year" and mn.text.isdigit() else mn.text


def _lists(items: list, text: str, same=lambda a, b: True) -> list[list]:
    """Runs of items (figures or periods, in order) joined by list words ("A and B", "A, B, and C")."""
    runs: list[list] = []
    for it in items:
        if runs and P.LIST_JOIN.fullmatch(text[runs[-1][-1].end : it.start]) and same(runs[-1][-1], it):
            runs[-1].append(it)
        else:
            runs.append([it])
    return runs


def _period_lists(periods: list[Period], text: str) -> list[list[Period]]:
    """Lists of two periods or more of one shape, and pairs set against each other ("fiscal 2024 compared with
    fiscal 2023"); a year named once, at a list's end, is every item's ("the first and second quarters of
    fiscal 2025", "Q1 and Q2 2024")."""
    out = []
    runs: list[list[Period]] = []
    for run in _lists(periods, text, lambda a, b: a.kind == b.kind):
        if (
            runs
            and len(runs[-1]) == 1
            and len(run) == 1
            and runs[-1][0].kind == run[0].kind
            and _VERSUS.fullmatch(text[runs[-1][0].end : run[0].start])
        ):
            runs[-1].append(run[0])
        else:
            runs.append(run)
    for run in runs:
        if len(run) < 2 or _RANGE_BEFORE.search(text[max(0, run[0].start - 20) : run[0].start]):
            continue  # "between fiscal 2023 and 2025": a span of time, not a list
        last = run[-1]
        if last.part and last.year is not None and all(p.part and p.year is None for p in run[:-1]):
            for p in run[:-1]:
                p.year, p.fiscal = last.year, last.fiscal
                p.text = f"{p.part} {last.text.split(' ', 1)[1]}"
        if len({p.shape for p in run}) == 1:
            out.append(run)
    return out


_NEXT_ITEM = lazy(r"[,;]|\b(?:and|or)\b", re.I)
# "fiscal 2025: $97.9 billion": a period labelling the figure right after it
_LABELS = lazy(r"\s*:\s*(?:(?:about|approximately|roughly|nearly|over)\s+)?$", re.I)


def read_structures(text: str, sents: Sentences, figures: list[Figure], mentions: list[P.Mention]) -> None:
    """Pair the figures of each respectively-list with its periods, and a period labelling a figure ("fiscal
    2025: $97.9 billion") with it (see the module docstring)."""
    for idx, (s, e, _para) in enumerate(sents.spans):
        figs = sorted((f for f in sents.figures.get(idx, []) if f.kind in NUMERIC), key=lambda f: f.start)
        if not figs:
            continue
        periods = _periods(sorted(sents.mentions.get(idx, []), key=lambda m: m.start), text)
        _one_balance_date(text, figs, periods)
        for fig in figs:
            label = [p for p in periods if p.end <= fig.start and _LABELS.fullmatch(text[p.end : fig.start])]
            if label and label[-1].kind == "year" and label[-1].year is not None:
                _pair(fig, label[-1], [label[-1]], 0, 1, text, note=False)
        _against_its_base(figs)
        period_lists = _period_lists(periods, text)
        listed = {id(p) for pl in period_lists for p in pl}
        for run in _lists(figs, text, lambda a, b: a.kind == b.kind):
            # "$60.9 billion and $29.8 billion in fiscal 2024": one period after a list is every item's
            nxt = next((p for p in periods if p.start >= run[-1].end), None)
            if (
                len(run) >= 2
                and nxt is not None
                and id(nxt) not in listed
                and _FIGURES_THEN_PERIODS.fullmatch(text[run[-1].end : nxt.start])
                and (nxt.kind == "date" or nxt.year is not None)
            ):
                for fig in run:
                    _pair(fig, nxt, [nxt], 0, 1, text, note=False)
        _month_quarter_lists(text, figs, s, e)
        _item_lists(text, figs, s, e)
        if not period_lists:
            continue
        said = RESPECTIVELY.search(text, s, e)
        paired: set[int] = set()
        for run in _lists(figs, text, lambda a, b: a.kind == b.kind):
            if len(run) < 2:
                continue
            after = [pl for pl in period_lists if pl[0].start >= run[-1].end]
            before = [pl for pl in period_lists if pl[-1].end <= run[0].start]
            plist = after[0] if after else before[-1] if before else None
            if plist is None:
                continue
            adjacent = bool(after) and bool(_FIGURES_THEN_PERIODS.fullmatch(text[run[-1].end : plist[0].start]))
            # "revenue for fiscal 2024 and fiscal 2023 was $X and $Y": periods, then (no other figure between)
            # as many figures
            inside = [(p.start, p.end) for p in plist]
            leads = (
                not after
                and len(plist) == len(run)
                and not any(plist[-1].end <= f.start < run[0].start for f in figs)
                and not any(_own_period(f, text, inside) for f in run)  # "... $X and $Y in fiscal 2024"
                and not P.CHANGE_BASE.search(text[max(0, plist[0].start - 25) : plist[0].start])
            )
            if not (said or adjacent or leads):
                continue
            paired.update(f.start for f in run)
            _pair_or_not(run, plist, text, shared=True)
        if said:
            # The figures of the clause that "respectively" closes, not in a list of their own ("net sales were
            # $X and net income $Y in fiscal 2024 and 2023, respectively"): in order, when as many as the periods.
            cut = said.start()
            plist = min(period_lists, key=lambda pl: abs(pl[-1].end - cut))
            inside = [(p.start, p.end) for p in plist]
            loose = [f for f in figs if f.start not in paired and f.end <= cut and not _own_period(f, text, inside)]
            if loose:
                _pair_or_not(loose, plist, text)


_ITEM_TOKEN = lazy(r"[A-Za-z][\w&'\u2019.-]*")
_ITEM_AND = lazy(r",?\s+and\s+")


def _item_lists(text: str, figs: list[Figure], s: int, e: int) -> None:
    """A list of figures closed by "respectively" and a list of as many items (not periods) before it: the k-th
    figure is the k-th item's ("NIKE's Class B and Class A shares had 20,485 and 16 holders of record,
    respectively"; "Bangalore and Noida offices are about 0.7 million and 0.5 million square feet, respectively").
    An item is told from the others by the words they do not share: "Class B" and "Class A" (the words after "and"
    that repeat the ones before it give the items' length), else the word either side of "and"."""
    said = RESPECTIVELY.search(text, s, e)
    if not said:
        return
    for run in _lists(figs, text, lambda a, b: a.kind == b.kind):
        if len(run) < 2 or run[-1].end > said.start():
            continue
        before = text[s : run[0].start]
        joins = list(_ITEM_AND.finditer(before))
        if not joins:
            continue
        join = joins[-1]
        left = before[: join.start()]
        right = _ITEM_TOKEN.findall(before[join.end() :])
        if not right:
            continue
        heads = left.split(",")
        last = _ITEM_TOKEN.findall(heads[-1])
        width = next(
            (j for j in (2, 3) if len(last) >= j and last[-j].lower() == right[0].lower()),
            1,
        )
        if width == 1 and not (last and last[-1][0].isupper() and right[0][0].isupper()):
            continue  # "Revenue, gross profit and net income were": where each item begins is not told
        n = len(run)
        items = [" ".join(_ITEM_TOKEN.findall(h)[-width:]) for h in heads[-n:-1]] if n > 2 else []
        items += [" ".join(last[-width:]), " ".join(right[:width])]
        items = [i for i in items if i]
        if len(items) != len(run) or any(re.search(r"\d", i) for i in items) or len(set(items)) != len(items):
            continue  # a list of periods ("fiscal 2024 and 2023") is paired by read_structures
        for fig, item in zip(run, items, strict=True):
            fig.item, fig.items = item, tuple(items)


# "the April, July and October quarters (of fiscal 2026)": a list of month-named quarters
_MONTH_QUARTER_LIST = lazy(
    rf"\b(?:the\s+)?({P.MONTH_PATTERN})((?:\s*,\s*(?:and\s+)?{P.MONTH_PATTERN})*\s*,?\s+and\s+{P.MONTH_PATTERN})"
    r"[- ]quarters\b",
    re.I,
)
_MONTHS_IN = lazy(P.MONTH_PATTERN, re.I)


def _month_quarter_lists(text: str, figs: list[Figure], s: int, e: int) -> None:
    """A list of figures paired with a list of month-named quarters right after it ("$44.1 billion, $46.7 billion
    and $57.0 billion for the April, July and October quarters") or closed by "respectively": the k-th figure is
    the k-th month's quarter, of the year the sentence gives the figures; lists of different lengths leave the
    figures unchecked."""
    said = RESPECTIVELY.search(text, s, e)
    for m in _MONTH_QUARTER_LIST.finditer(text, s, e):
        months = _MONTHS_IN.findall(m.group(0))
        for run in _lists(figs, text, lambda a, b: a.kind == b.kind):
            if len(run) < 2 or run[-1].end > m.start():
                continue
            if not (said or _FIGURES_THEN_PERIODS.fullmatch(text[run[-1].end : m.start()] + " ")):
                continue
            if len(run) != len(months):
                for fig in run:
                    fig.unchecked = (
                        f"The sentence lists {len(run)} figures and {len(months)} quarters ({m.group(0)}) to be "
                        "read in order: the counts differ, so edgar cannot tell which quarter each figure is for. "
                        "State each figure with its period."
                    )
                continue
            for k, (fig, month) in enumerate(zip(run, months, strict=True)):
                fig.month_quarter = f"{month} quarter"
                fig.period_type, fig.fiscal_period = "quarterly", None
                fig.notes.append(
                    f"Read as a list: the {_ORD.get(k + 1, f'{k + 1}th')} of {len(run)} figures, claimed for the "
                    f"{month} quarter."
                )


def _own_period(fig: Figure, text: str, inside: list[tuple[int, int]]) -> bool:
    """Does a figure have a period of its own, outside the list ("$X in fiscal 2022 rose to $Y and $Z in ...")?"""
    if fig.period_text is None:
        return False
    return not any(fig.period_text.split()[-1] in text[a:b] for a, b in inside)


# "$391.0 billion in fiscal 2024, down from $383.3 billion": a direction and the base it is measured from
_DIRECTION_FROM = lazy(
    r"\b(?:(?P<up>up|higher|increas\w*|r[io]s[ei]n?g?|gr[eo]w\w*|climb\w*|jump\w*)|"
    r"(?P<down>down|lower|decreas\w*|declin\w*|fell|fall\w*|dropp?\w*|shr[aiu]nk\w*))"
    r"\s+(?:\w+\s+)?from\s+(?:about\s+|approximately\s+|roughly\s+)?$",
    re.I,
)


def _against_its_base(figs: list[Figure]) -> None:
    """A figure and the base its sentence measures it from ("$391.0 billion, down from $383.3 billion"): a
    direction the two values contradict is the wrong part of the claim, and the base's row says so."""
    for prev, fig in zip(figs, figs[1:]):
        m = _DIRECTION_FROM.search(fig.clause)
        if (
            m is None
            or prev.kind != fig.kind
            or prev.value is None
            or fig.value is None
            or prev.negative
            or fig.negative
            or prev.high is not None
            or fig.high is not None
        ):
            continue
        lo_prev, hi_prev = prev.interval
        lo_fig, hi_fig = fig.interval
        says = "up" if m.group("up") else "down"
        if (says == "up" and hi_prev < lo_fig) or (says == "down" and lo_prev > hi_fig):
            fig.contradiction = (
                f"The sentence says {prev.text} is {m.group('up') or m.group('down')} from "
                f"{fig.text}, but {prev.text} is {'less' if says == 'up' else 'more'} than "
                f"{fig.text}: the direction is wrong."
            )
            fig.contradicts_at = prev.start


def _one_balance_date(text: str, figs: list[Figure], periods: list[Period]) -> None:
    """A sentence whose only period is one date it calls an end ("Apple had 15,115,823,000 shares outstanding
    as of October 18, 2024"): that date is the period of its undated figures, however far from them."""
    if len(periods) != 1 or periods[0].kind != "date" or periods[0].role not in ("end", "as_of"):
        return
    p = periods[0]
    for fig in figs:
        if fig.period_source is None and fig.period_end is None and fig.fiscal_year is None and not fig.notes:
            # the words before the date are not this figure's: a balance or the period ending then, either
            fig.period_end, fig.period_end_role, fig.period_text = p.day, p.role, p.text
            fig.period_source, fig.period_type = "sentence", None
            # the kind of period the date's own words name ("the three months ended D": a quarter), never a balance
            P._set_type(fig, None, P.Mention("date", p.start, p.end, p.text, day=p.day), text)
            if fig.period_type == "instant":
                fig.period_type = None


def _pair_or_not(figs: list[Figure], plist: list[Period], text: str, shared: bool = False) -> None:
    """Pair figures with periods in order; ``shared``: the figures are a list sharing the words before its
    first item ("revenue grew 126% and 114%": each is a growth rate of revenue)."""
    if len(figs) != len(plist):
        _cannot_pair(figs, plist)
        return
    if shared:
        for fig in figs[1:]:
            fig.clause = figs[0].clause
    for fig in figs[:-1]:  # what follows an item's "and" is the next item's ("$7.2 million and a net loss of ...")
        cut = _NEXT_ITEM.search(fig.after)
        fig.after = fig.after[: cut.start()] if cut else fig.after
    for k, (fig, p) in enumerate(zip(figs, plist, strict=True)):
        _pair(fig, p, plist, k, len(figs), text)


def _pair(fig: Figure, p: Period, plist: list[Period], k: int, n: int, text: str, note: bool = True) -> None:
    if p.kind == "date":
        fig.fiscal_year, fig.period_basis, fig.period_end, fig.period_end_role = None, None, p.day, p.role
        fig.period_text = p.text
        fig.period_type = None
        first = plist[0]
        P._set_type(fig, None, P.Mention("date", first.start, first.end, first.text, day=first.day), text)
    else:
        if p.year is not None:
            fig.fiscal_year, fig.period_basis = p.year, "fiscal" if p.fiscal else "calendar"
        fig.period_end = None
        fig.fiscal_period = p.part
        if p.year is not None or fig.fiscal_year is None:
            fig.period_text = p.text
        else:  # "the first and second quarters": of the sentence's year
            fig.period_text = f"{p.part} " + (
                f"fiscal {fig.fiscal_year}" if fig.period_basis == "fiscal" else str(fig.fiscal_year)
            )
        fig.period_type = ("ytd" if p.part in ("H1", "9M") else "quarterly") if p.part else "annual"
    fig.period_source = "respectively" if note else "label"
    if note:
        fig.notes.append(
            f"Read as a list: the {_ORD.get(k + 1, f'{k + 1}th')} of {n} figures, claimed for the "
            f"{_ORD.get(k + 1, f'{k + 1}th')} of the {len(plist)} periods named ({fig.period_text})."
        )


def _cannot_pair(figs: list[Figure], plist: list[Period]) -> None:
    names = ", ".join(p.text for p in plist)
    for fig in figs:
        fig.unchecked = (
            f"The sentence lists {len(figs)} figure{'s' if len(figs) != 1 else ''} and "
            f"{len(plist)} periods ({names}) to be read in order: the counts differ, so edgar "
            "cannot tell which period each figure is for. State each figure with its period."
        )


def fiscal_period_ended(
    text: str, mn: P.Mention, mentions: list[P.Mention], figures: list[Figure]
) -> tuple[int, str | None] | None:
    """The fiscal period (year, quarter or None) a sentence says ends on the date ``mn`` ("fiscal 2025, which
    ended January 28, 2024", "the third quarter of fiscal 2025, which ended ...", "Q3 FY2025 (ended ...)"; a
    figure dated by a fiscal period and "the year ended" both), or None."""
    if mn.kind != "date" or mn.role != "end":
        return None
    prev = [m for m in mentions if m.end <= mn.start]
    if prev and prev[-1].kind == "fiscal_year" and _APPOSITIVE_END.fullmatch(text[prev[-1].end : mn.start]):
        q = prev[-2] if len(prev) > 1 and prev[-2].kind == "quarter" else None
        part = (
            (q.part or f"Q{q.quarter}") if q is not None and _PART_OF.fullmatch(text[q.end : prev[-1].start]) else None
        )
        return prev[-1].year, part  # type: ignore[return-value]
    for f in figures:
        if (
            f.kind in NUMERIC
            and f.period_end == mn.day
            and f.period_basis == "fiscal"
            and f.fiscal_year
            and (f.fiscal_period is not None or f.period_type in (None, "annual"))  # a quarter's end is no year's
            and f.period_source != "respectively"
            and f.sentence[0] <= mn.start < f.sentence[1]
        ):
            return f.fiscal_year, f.fiscal_period
    return None


# --- checking a dated figure ----------------------------------------------------------------------------


def reported_ends(grounder: Grounder) -> dict[str, set[date]]:
    """The ends of the periods the facts report, by kind of period (annual, quarterly, ytd, instant)."""
    out: dict[str, set[date]] = {}
    for start, end in {(start, end) for _tag, _unit, start, end in grounder.pool.periods}:  # each period once
        d = date.fromisoformat(end)
        out.setdefault(XP.classify(date.fromisoformat(start) if start else None, d), set()).add(d)
    return out


def _label(year: int, part: str | None) -> str:
    return f"{part} FY{year}" if part else f"FY{year}"


def period_end_of(grounder: Grounder, ends: dict[str, set[date]], year: int, part: str | None) -> date | None:
    """When a fiscal period the company labels so ended: a year by the fiscal calendar; a quarter, half or nine
    months by the reported end of that kind of period nearest the calendar's projection of it (a fourth
    quarter ends with its year)."""
    year_end = {lab: e for e, lab in grounder.cal.labels.items()}.get(year)
    if part is None or part == "Q4":
        return year_end
    span = P.fiscal_span(grounder.cal, year, part)
    if span is None:
        return None
    near = [e for e in ends.get("ytd" if part in ("H1", "9M") else "quarterly", ()) if abs((e - span[1]).days) <= 10]
    return min(near, key=lambda e: abs((e - span[1]).days)) if near else None


def check_dated(
    grounder: Grounder, fig: Figure, ends: dict[str, set[date]], earlier: dict[int, VerifiedFigure] | None = None
) -> tuple[Figure, VerifiedFigure]:
    """The figure as checked (the sentence's reading of it) and its row; a figure whose sentence dates it wrong
    is checked for the period the sentence means, the date blamed in a note (see the module docstring); a
    figure the sentence attributes to one filing ("as presented in its fiscal 2023 10-K") is held to that
    filing's value (verification/filings_named.py). ``earlier``: the rows of the figures before it, by start:
    a direction the sentence gets wrong ("$40.1 million, up from $33.7 billion") is not blamed on the base
    when the figure it is said of is itself wrong."""
    from . import filings_named as FN  # (claims imports this module; filings_named imports claims)

    said_of = (earlier or {}).get(fig.contradicts_at) if fig.contradicts_at is not None else None
    if said_of is not None and said_of.status == "ungrounded":
        fig.contradiction = None
    # "Net income rose 3.4% in fiscal 2024 ($93.7 billion, up from $97.0 billion)": the change the sentence states
    # is itself found wrong in its direction, so the direction is blamed there, not on a base whose value is right
    a, b = fig.sentence
    if fig.contradiction and any(
        r.kind == "percent" and r.status == "ungrounded" and "direction" in r.reason and a <= r.position < b
        for r in (earlier or {}).values()
    ):
        fig.contradiction = None
    fig, row = _check_dated(grounder, fig, ends)
    if not fig.contradiction and not fig.unchecked:
        row = FN.check(grounder, fig, row)
    return fig, row


def _check_dated(grounder: Grounder, fig: Figure, ends: dict[str, set[date]]) -> tuple[Figure, VerifiedFigure]:
    if fig.contradiction:
        row = grounder.check(fig)
        row.notes.append(f"Checked alone: {row.status}: {row.reason}")
        row.status = "ungrounded"
        row.reason = fig.contradiction
        grounder.text_ok.discard(fig.start)
        return fig, row
    if fig.unchecked:
        row = grounder.check(fig)
        row.status = "unchecked"
        row.reason, row.support, row.other_matches = fig.unchecked, None, 0
        grounder.text_ok.discard(fig.start)  # no passage tells which period it is for either
        return fig, row
    if fig.kind == "date" and fig.ends_period is not None:
        return fig, _date_of_a_period(grounder, fig, ends)
    if fig.kind not in NUMERIC or fig.period_end is None or fig.period_end_role not in ("end", "as_of"):
        return fig, grounder.check(fig)
    d = fig.period_end
    named_end = (
        period_end_of(grounder, ends, fig.fiscal_year, fig.fiscal_period)
        if fig.period_basis == "fiscal" and fig.fiscal_year is not None
        else None
    )
    if named_end is not None and named_end != d and fig.period_end_role == "end":
        return _label_or_date(grounder, fig, named_end)
    if fig.fiscal_year is None:
        kinds = [fig.period_type] if fig.period_type else list(ends)
        pool = {e for k in kinds for e in ends.get(k, ())}
        if d not in pool:
            # "ended D": the reported end within a week; "as of D": a fiscal year's end within two (the date's own
            # row is contradicted by the same rules: Grounder._date)
            near = (
                [e for e in pool if 0 < abs((e - d).days) <= NEAR_END_DAYS]
                if fig.period_end_role == "end"
                else [e for e in grounder.cal.year_ends if 0 < abs((e - d).days) <= 14 and e in pool]
            )
            balance = grounder.balance_date_near(d) if fig.period_end_role == "as_of" and not near else None
            if near:
                return _near_end(grounder, fig, min(near, key=lambda e: abs((e - d).days)))
            if balance is not None:
                return _near_end(grounder, fig, balance)
            far = [e for e in grounder.cal.year_ends if 0 < abs((e - d).days) <= FAR_YEAR_END_DAYS]
            if fig.period_end_role == "end" and fig.period_type == "annual" and far:
                return _not_a_period_end(grounder, fig, min(far, key=lambda e: abs((e - d).days)))
            span = (
                grounder.period_ending_near(d, fig.period_type, fig.fiscal_period)
                if fig.period_end_role == "end" and fig.period_type in ("quarterly", "ytd")
                else None
            )
            if span is not None:
                return _not_a_period_end(grounder, fig, span[1])
    return fig, grounder.check(fig)


def _not_a_period_end(grounder: Grounder, fig: Figure, end: date) -> tuple[Figure, VerifiedFigure]:
    """ "For the fiscal year ended December 31, 2024" at a company whose fiscal years end January 31, "the
    quarter ended September 30, 2024" at one whose quarters end October 31: no period of that kind ends on the
    date, and the figure is checked for the one ending nearest it. Held there, it is unchecked (the sentence's
    period is wrong, not the figure; the date's own row says so); otherwise it keeps that status."""
    ptype = fig.period_type or "annual"
    what = grounder.part_words(ptype, fig.fiscal_period)
    label = grounder.cal.labels.get(end) if ptype == "annual" else None
    meant = replace(fig, period_end=end, period_text=f"the {what} ended {end}")
    row = _as_written(grounder.check(meant), fig)
    if row.status in HELD:
        row.status = "unchecked"
        row.reason = (
            f"{row.reason.rstrip('.')} (the {what}" + (f" FY{label}" if label else "") + f" that ended {end}); "
            f"but the sentence dates its end {fig.period_end}, and no {what} of {grounder.ref.name} ends on "
            f"{fig.period_end}: the date is what is wrong (its own row says so)."
        )
    return meant, row


def _date_of_a_period(grounder: Grounder, fig: Figure, ends: dict[str, set[date]]) -> VerifiedFigure:
    """A date the sentence calls a fiscal period's end ("fiscal 2025, which ended January 28, 2024"): that
    period's end, not any period's."""
    row = grounder.check(fig)
    year, part = fig.ends_period  # type: ignore[misc]
    end = period_end_of(grounder, ends, year, part)
    if end is None or end == fig.day:
        return row
    other = grounder.cal.labels.get(fig.day)  # type: ignore[arg-type]
    row.status = "ungrounded"
    row.reason = f"{possessive(grounder.ref.name)} {_label(year, part)} ended {end}, not {fig.day}" + (
        f" ({fig.day} is the end of FY{other})." if other is not None else "."
    )
    return row


def _as_written(row: VerifiedFigure, fig: Figure) -> VerifiedFigure:
    row.claimed_period_end, row.claimed_period_text = fig.period_end, fig.period_text
    row.claimed_fiscal_year = fig.fiscal_year if fig.period_basis == "fiscal" else row.claimed_fiscal_year
    return row


def _near_end(grounder: Grounder, fig: Figure, end: date) -> tuple[Figure, VerifiedFigure]:
    """A date a few days from a reported period's end and no period's end ("the fiscal year ended October 1,
    2023" for Apple's FY2023, ended September 30): the figure is checked for that period."""
    label = grounder.cal.labels.get(end)
    which = f" (FY{label})" if label is not None and (fig.period_type or "annual") == "annual" else ""
    note = (
        f"The sentence dates it {fig.period_text}, but no reported period of {grounder.ref.name} ends on "
        f"{fig.period_end}; the nearest ends {end}{which}, and the figure is checked for that period. The "
        "date is what is wrong (its own row says so)."
    )
    meant = replace(fig, period_end=end, period_text=f"the period ended {end}", notes=[*fig.notes, note])
    row = _as_written(grounder.check(meant), fig)
    if row.status in HELD or fig.period_end is None or (fig.period_end - end).days != 1:
        return meant, row
    # The date is the first day of the next period ("the three months ended June 29, 2025": Apple's fourth quarter
    # began then): a figure that holds for the period of its kind beginning on it is unchecked, not wrong; the
    # date's own row says the date is
    kind = (
        "quarterly"
        if _QUARTER_ENDED.search(fig.context)
        else "annual"
        if _YEAR_ENDED.search(fig.context)
        else fig.period_type
    )
    begun = _period_beginning(grounder, fig.period_end, kind)
    if begun is None:
        return meant, row
    other = replace(
        fig, period_end=begun, period_type=kind, period_text=f"the period ended {begun}", notes=list(fig.notes)
    )
    alt = _as_written(grounder.check(other), fig)
    if alt.status not in HELD:
        return meant, row
    alt.status = "unchecked"
    grounder.text_ok.discard(fig.start)
    alt.reason = (
        f"The sentence dates its end {fig.period_end}, the day after {possessive(grounder.ref.name)} period ended {end} "
        f"and the first day of the period that ended {begun}. It holds for the period that began on "
        f"{fig.period_end} ({alt.reason.rstrip('.')}), not for the one ended {end} ({row.reason.rstrip('.')}). "
        "The date is what is wrong (its own row says so)."
    )
    return other, alt


_QUARTER_ENDED = lazy(r"\b(?:(?:three|3)[- ]months?|quarter|13[- ]weeks?)\s+end(?:ed|ing)\b", re.I)
_YEAR_ENDED = lazy(r"\b(?:fiscal\s+)?year\s+end(?:ed|ing)\b", re.I)


def _period_beginning(grounder: Grounder, start: date, ptype: str | None) -> date | None:
    """The end of the period of the kind ``ptype`` (quarterly or annual) beginning on ``start``: a fiscal year's
    end, or a reported quarter's; None when there is none or the kind is unknown."""
    if ptype == "annual":
        # the fiscal year after the one ending the day before (year_containing reads a day just past a 52/53-week
        # year's end as that year's)
        year_ends = set(grounder.cal.year_ends)
        if start - timedelta(days=1) not in year_ends:
            return None
        later = sorted(e for e in year_ends if 350 <= (e - start).days <= 372)
        return later[0] if len(later) == 1 else None
    if ptype != "quarterly":
        return None
    ends = {date.fromisoformat(e) for _t, _u, _s, e in grounder.everything.periods} | set(grounder.cal.year_ends)
    near = sorted(e for e in ends if 84 <= (e - start).days <= 98)
    return near[0] if len(near) == 1 else None


def _label_or_date(grounder: Grounder, fig: Figure, named_end: date) -> tuple[Figure, VerifiedFigure]:
    """A figure dated by a fiscal period and an end that is not that period's ("fiscal 2025, which ended January
    28, 2024"): checked for the fiscal period; if it holds only for the period the date ends, it is unchecked."""
    d, fy, part = fig.period_end, fig.fiscal_year, fig.fiscal_period
    label = _label(fy, part)  # type: ignore[arg-type]
    other = grounder.cal.labels.get(d)  # type: ignore[arg-type]
    date_is = f" (the end of FY{other})" if other is not None else ""
    note = (
        f"The sentence also dates {fig.period_text} to {d}, but {possessive(grounder.ref.name)} {label} ended "
        f"{named_end}: the date is what is wrong (its own row says so)."
    )
    kind = (
        ("ytd" if part in ("H1", "9M") else "quarterly")
        if part
        else (fig.period_type if fig.period_type in ("annual", "instant") else "annual")
    )
    by_label = replace(fig, period_end=None, period_type=kind, notes=[*fig.notes, note])
    row = grounder.check(by_label)
    if row.status in HELD:
        return by_label, _as_written(row, fig)
    by_date = replace(
        fig,
        fiscal_year=None,
        fiscal_period=None,
        period_basis=None,
        period_text=f"the period ended {d}",
        notes=list(fig.notes),
    )
    alt = grounder.check(by_date)
    if alt.status not in HELD:
        return by_label, _as_written(row, fig)
    alt_status, alt_reason = alt.status, alt.reason
    out = _as_written(alt, fig)
    out.status = "unchecked"
    grounder.text_ok.discard(fig.start)  # a passage cannot say which of the two periods the answer meant
    out.reason = (
        f"The sentence names two periods for it that differ: {fig.period_text} ({possessive(grounder.ref.name)} "
        f"{label} ended {named_end}) and the period ended {d}{date_is}. It holds for the second "
        f"({alt_reason.rstrip('.')}), not for {label} ({row.reason.rstrip('.')}). Name one period to "
        "check it."
    )
    out.readings = [
        PeriodReading(
            fiscal_year=fy,  # type: ignore[arg-type]  # the sentence names a fiscal year; PeriodReading checks it
            fiscal_period=part or "FY",  # type: ignore[arg-type]  # a quarter, H1 or 9M; PeriodReading checks it
            end=named_end,
            why=f"the sentence names {fig.period_text}",
            status=row.status,
            reason=row.reason,
        )
    ]
    if other is not None:
        out.readings.append(
            PeriodReading(
                fiscal_year=other,
                fiscal_period="FY",
                end=d,
                why=f"the sentence dates it {d}",
                status=alt_status,
                reason=alt_reason,
            )
        )
    return by_date, out

"""Periods and the company's fiscal calendar, from start/end dates alone.

In companyfacts, ``fy``/``fp`` describe the *filing* a fact appeared in (the
FY2026 10-K tags three years of revenue fy=2026), not the period the fact
measures. A period is therefore identified by its start and end dates and
classified by length:

- annual: 350-380 days (52/53-week years run 363-371 days);
- quarterly: 84-98 days; six-month (H1) 175-190 and nine-month (9M) 265-280
  year-to-date;
- instant: balance-sheet values (no start).

Fiscal-year labels follow the company's own convention: the label its own
annual reports (10-K, 20-F, 40-F) give the periods they cover. A report's
period is the latest annual duration it contains and its label that filing's
``fy``; the most common offset between label and end year is the company's
convention (NVIDIA and Apple: the year the fiscal year ends in; some retailers:
the year it starts in), applied to every year so that one mis-tagged report
cannot give two years the same label.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .records import FiscalPeriod, PeriodType

ANNUAL_DAYS = (350, 380)
QUARTER_DAYS = (84, 98)
H1_DAYS = (175, 190)
NINE_MONTH_DAYS = (265, 280)
END_TOLERANCE = timedelta(days=7)

PERIODIC_FORMS = frozenset({"10-K", "10-Q", "10-KT", "10-QT", "20-F", "40-F", "10-K405"})
ANNUAL_FORMS = frozenset({"10-K", "10-KT", "20-F", "40-F", "10-K405"})
QUARTERLY_FORMS = frozenset({"10-Q", "10-QT", "10-Q/A", "10-QT/A"})


def base_form(form: str) -> str:
    return form[:-2] if form.endswith("/A") else form


def is_periodic(form: str) -> bool:
    """10-K, 10-Q, 10-KT, 20-F, 40-F and their amendments; not 8-K, S-1, 424B, DEF 14A, 6-K."""
    return base_form(form) in PERIODIC_FORMS


K = TypeVar("K", bound=Hashable)


def runs_in_words(keys: Iterable[K], index: Callable[[K], int], label: Callable[[K], str]) -> str:
    """Period keys in words, runs of consecutive ones (by ``index``) joined and broken where one is missing:
    "FY2011 to FY2013 and FY2018" (Tesla's total_debt, summed in those years and not in FY2014 to FY2017), "Q4
    FY2011 to Q1 FY2012"; never one span over a gap. ``keys`` must not be empty."""
    runs: list[list[K]] = []
    for k in sorted(set(keys), key=index):
        if runs and index(k) == index(runs[-1][-1]) + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    said = [label(r[0]) if len(r) == 1 else f"{label(r[0])} to {label(r[-1])}" for r in runs]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def days_between(start: date, end: date) -> int:
    """Length of a duration, counting both ends (2023-01-30..2024-01-28 is 364 days)."""
    return (end - start).days + 1


def classify(start: date | None, end: date) -> PeriodType:
    """annual, quarterly, ytd, instant or other, by length alone."""
    if start is None:
        return "instant"
    n = days_between(start, end)
    if ANNUAL_DAYS[0] <= n <= ANNUAL_DAYS[1]:
        return "annual"
    if QUARTER_DAYS[0] <= n <= QUARTER_DAYS[1]:
        return "quarterly"
    if H1_DAYS[0] <= n <= H1_DAYS[1] or NINE_MONTH_DAYS[0] <= n <= NINE_MONTH_DAYS[1]:
        return "ytd"
    return "other"


def nominal_year(end: date) -> int:
    """The calendar year a fiscal year "belongs to" by its end, robust to 52/53-week drift.

    A year ending 2021-01-02 (a December year-end that slipped) is nominally
    2020; NVIDIA's 2024-01-28 is 2024.
    """
    return (end - END_TOLERANCE).year


@dataclass
class FiscalCalendar:
    """The company's fiscal years: end dates and the labels the company gives them."""

    year_ends: list[date] = field(default_factory=list)  # sorted
    labels: dict[date, int] = field(default_factory=dict)  # year end -> fiscal year label
    offset: int = 0  # label - nominal_year(end), the company's usual convention
    own_labels: dict[date, int] = field(default_factory=dict)  # from the company's own annual reports
    report_ends: dict[str, tuple[str, str]] = field(default_factory=dict)  # accn -> (start, end) of its main period
    # (accession, fy, fp) of the 10-Q whose own fiscal-year focus gave the labels, when no annual report had (a
    # calendar as known on a date before the filer's first 10-K: calendar_from_votes(newest=True)); not kept
    quarterly_focus: tuple[str, int, str] | None = None

    def to_plain(self) -> tuple:
        return (
            [d.isoformat() for d in self.year_ends],
            [(d.isoformat(), v) for d, v in self.own_labels.items()],
            self.offset,
            self.report_ends,
        )

    @classmethod
    def from_plain(cls, plain: tuple) -> FiscalCalendar:
        ends, own, offset, reports = plain
        cal = cls(
            year_ends=[date.fromisoformat(e) for e in ends],
            offset=offset,
            own_labels={date.fromisoformat(d): v for d, v in own},
            report_ends=dict(reports),
        )
        cal.labels = {e: cal.label_for_year_end(e) for e in cal.year_ends}
        return cal

    @property
    def typical_end(self) -> str | None:
        if not self.year_ends:
            return None
        counts = Counter(d.strftime("%m-%d") for d in self.year_ends[-8:])
        return counts.most_common(1)[0][0]

    def label_for_year_end(self, end: date) -> int:
        # The company's usual convention, applied to every year. Individual
        # reports' own fy can be wrong (NVIDIA's FY2012 10-K, 0001045810-12-000013,
        # is tagged fy=2011), so one report never overrides the convention.
        return nominal_year(end) + self.offset

    def year_containing(self, when: date) -> tuple[int, date, date] | None:
        """(label, start, end) of the fiscal year containing ``when``, projecting past the last known year."""
        if not self.year_ends:
            return None
        i = bisect_left(self.year_ends, when - timedelta(days=3))
        if i < len(self.year_ends):
            end = self.year_ends[i]
            prev = self.year_ends[i - 1] if i > 0 else end - timedelta(days=364)
            if (end - prev).days > 380:  # a gap in the data: assume a normal year
                prev = end - timedelta(days=364)
            label = self.label_for_year_end(end)
            while when <= prev - timedelta(days=3):  # before the first known year: step back
                end, prev, label = prev, prev - timedelta(days=364), label - 1
            return label, prev + timedelta(days=1), end
        last = self.year_ends[-1]
        label = self.label_for_year_end(last)
        start = last
        while True:  # project whole years forward; 52-week steps keep 52/53-week filers aligned
            end = start + timedelta(days=364)
            label += 1
            if when <= end + timedelta(days=3):
                return label, start + timedelta(days=1), end
            start = end

    def estimated_end(self, label: int) -> date | None:
        """Roughly when fiscal year ``label`` ends (for "is this year in the future?")."""
        for end, lab in self.labels.items():
            if lab == label:
                return end
        if not self.year_ends:
            return None
        last = self.year_ends[-1]
        years = label - self.label_for_year_end(last)
        if len({(e.month, e.day) for e in self.year_ends[-3:]}) == 1:
            try:  # a year that always ends on one day (Tesla's December 31): that day, not 365 days on
                return last.replace(year=last.year + years)
            except ValueError:  # February 29
                pass
        return last + timedelta(days=365 * years)


def fiscal_period_of(start: date | None, end: date, cal: FiscalCalendar) -> tuple[int | None, FiscalPeriod | None]:
    """The (fiscal_year, fiscal_period) a period belongs to, from its dates."""
    kind = classify(start, end)
    year = cal.year_containing(end)
    if year is None:
        return None, None
    label, fy_start, fy_end = year
    if kind == "annual":
        return label, "FY"
    if kind == "instant":
        if abs((end - fy_end).days) <= 7:
            return label, "FY"
        if abs((end - (fy_start - timedelta(days=1))).days) <= 7:
            # The close of the previous year (an opening balance): it belongs to that year.
            return label - 1, "FY"
        q = _quarter_number(fy_start, end, exact=True)
        return label, (_QUARTER_LABEL[q] if q else None)
    if kind == "quarterly":
        q = _quarter_number(fy_start, end, exact=False)
        return label, (_QUARTER_LABEL[q] if q else None)
    if kind == "ytd":
        n = days_between(start, end) if start else 0
        return label, ("H1" if n < 230 else "9M")
    return label, None


_QUARTER_LABEL: dict[int, FiscalPeriod] = {1: "Q1", 2: "Q2", 3: "Q3", 4: "Q4"}


def _quarter_number(fy_start: date, end: date, *, exact: bool) -> int | None:
    months = ((end - fy_start).days + 1) / 30.44
    q = round(months / 3)
    if q < 1 or q > 4:
        return None
    if exact and abs(months - 3 * q) > 0.35:  # an instant must sit on a quarter end
        return None
    return q


def _report_length(form: str) -> bool | None:
    """True when a form's own period is a year, False a quarter, None when it has no fixed one (an 8-K)."""
    form = base_form(form)
    if form in ANNUAL_FORMS:
        return True
    if form in ("10-Q", "10-QT"):
        return False
    return None


def build_calendar(tags: Mapping[str, dict], *, newest: bool = False) -> FiscalCalendar:
    """Derive the fiscal calendar from every fact of the company.

    Each filing's own period is its *dominant* one: among the ends of its
    durations of the report's length (annual for a 10-K/20-F/40-F, a quarter for
    a 10-Q), the latest end that carries at least half as many of its facts
    (durations of any length and instants) as the busiest end. Never simply its
    latest end: NVIDIA's Q3
    FY2014 10-Q (0001045810-13-000109, quarter ended 2013-10-27) also tags the
    dividend declared for the next quarter (2013-10-28..2014-01-26), and Tesla's
    FY2021 10-K tags a 2022 Q1 warrant fact. For each annual report (amendments
    included), the annual duration at its dominant end is the year it reports,
    and its ``fy`` is the company's label for that year. ``newest``: the convention of the newest annual
    report rather than the most common one (:func:`calendar_from_votes`).
    """
    return calendar_from_votes(calendar_votes(tags), newest=newest)


def calendar_votes(tags: Mapping[str, dict]) -> dict[str, tuple]:
    """Each filing's part in the fiscal calendar, as plain (marshal-able) data: accession ->
    ``(ends, spans, fy_votes, form, annual_ends, seq, focus, ytd_starts)``.

    ``ends``: end -> facts dated that day; ``spans``: end -> the best (primary, days, start) of its annual or
    quarterly durations; ``fy_votes``: annual end -> {fy: facts} of an annual report; ``form``: the annual
    report's form (None for other filings); ``annual_ends``: ends of its annual durations in a periodic form;
    ``seq``: the order in which annual reports were first seen (ties are broken by it, as in one pass);
    ``focus``: a 10-Q's own fiscal-year focus (fy, fp), e.g. (2021, "Q3"), None for other filings (companyfacts
    gives every row of a filing the filing's fy and fp); ``ytd_starts``: end -> the earliest start of a 10-Q's
    six- or nine-month durations ending then (its fiscal year's start).
    :func:`calendar_from_votes` of all of them is :func:`build_calendar`; of some of them (the filings made by
    a date: xbrl/pointintime.py), the calendar those filings alone give.
    """
    ends_count: dict[str, dict[str, int]] = defaultdict(dict)
    spans: dict[str, dict[str, tuple[bool, int, str]]] = defaultdict(dict)
    report_fy: dict[str, dict[str, dict[int, int]]] = defaultdict(dict)
    report_form: dict[str, str] = {}
    seq: dict[str, int] = {}
    annual_ends: dict[str, set[str]] = defaultdict(set)
    focus: dict[str, tuple[int, str]] = {}
    ytd_starts: dict[str, dict[str, str]] = defaultdict(dict)
    lengths: dict[tuple[str, str], int | None] = {}  # (start, end) -> days_between, None when not dates
    # form -> (a 10-Q's?, _report_length, is_periodic, an annual report's?): a company files a few dozen forms
    kinds: dict[str, tuple[bool, bool | None, bool, bool]] = {}
    annual_lo, annual_hi = ANNUAL_DAYS
    quarter_lo, quarter_hi = QUARTER_DAYS
    ytd_lo, ytd_hi = H1_DAYS[0], NINE_MONTH_DAYS[1]
    for body in tags.values():
        for rows in body["units"].values():
            for start, end, _val, accn, fy, fp, form, _filed, _frame in rows:
                by_end = ends_count.get(accn)
                if by_end is None:  # the filing's first row
                    by_end = ends_count[accn] = {}
                    if fy and fp and form in QUARTERLY_FORMS:
                        focus[accn] = (fy, fp)
                by_end[end] = by_end.get(end, 0) + 1
                if start is None:
                    continue
                n = lengths.get((start, end), 0)
                if n == 0:  # a pair not seen yet (a company's rows hold a few hundred distinct ones)
                    try:
                        n = lengths[(start, end)] = days_between(date.fromisoformat(start), date.fromisoformat(end))
                    except ValueError:
                        n = lengths[(start, end)] = None
                if n is None:
                    continue
                kind = kinds.get(form)
                if kind is None:
                    kind = kinds[form] = (
                        form in QUARTERLY_FORMS,
                        _report_length(form),
                        is_periodic(form),
                        base_form(form) in ANNUAL_FORMS,
                    )
                is_annual = annual_lo <= n <= annual_hi
                if ytd_lo <= n <= ytd_hi and kind[0]:
                    ytd = ytd_starts[accn]
                    if start < ytd.get(end, "9999"):
                        ytd[end] = start
                if is_annual or quarter_lo <= n <= quarter_hi:
                    # The report's own length first: an annual duration in a 10-K, a quarter in a 10-Q.
                    primary = kind[1] is None or kind[1] == is_annual
                    by_span = spans[accn]
                    best = by_span.get(end)
                    if best is None or (primary, n) > best[:2]:
                        by_span[end] = (primary, n, start)
                if not is_annual:
                    continue
                if kind[2]:
                    annual_ends[accn].add(end)
                if kind[3]:
                    if fy:
                        votes = report_fy[accn].setdefault(end, {})
                        votes[fy] = votes.get(fy, 0) + 1
                    report_form[accn] = form
                    seq.setdefault(accn, len(seq))
    return {
        accn: (
            ends,
            spans.get(accn, {}),
            report_fy.get(accn, {}),
            report_form.get(accn),
            sorted(annual_ends.get(accn, ())),
            seq.get(accn, -1),
            focus.get(accn),
            ytd_starts.get(accn, {}),
        )
        for accn, ends in ends_count.items()
    }


def calendar_from_votes(votes: Mapping[str, tuple], *, newest: bool = False) -> FiscalCalendar:
    """The fiscal calendar the filings of ``votes`` (from :func:`calendar_votes`) give.

    The labels follow the convention of most annual reports; with ``newest`` (the filings made by a date:
    xbrl/pointintime.py), that of the newest one, the report of the latest fiscal year (NVIDIA's 10-Ks of
    2011-2014 tag fy one year low, those from 2015 on do not: as known in 2016 the newer convention holds), and
    with no annual report at all, that of the newest 10-Q's own fiscal-year focus (its fy and fp, the year's
    end estimated from its year-to-date start): ``quarterly_focus`` names it.
    """
    spans = {accn: v[1] for accn, v in votes.items() if v[1]}
    annual_ends = {date.fromisoformat(e) for v in votes.values() for e in v[4]}
    reports: dict[str, tuple[str, str]] = {}
    for accn, by_end in spans.items():
        count = votes[accn][0]
        primary = any(p for p, _n, _s in by_end.values())
        candidates = [e for e, (p, _n, _s) in by_end.items() if p or not primary]
        # The latest end that carries a fair share of the filing's facts: comparatives can be as
        # numerous as the current year (Apple's FY2009 10-K), a forward-looking fact never is.
        most = max(count[e] for e in candidates)
        main = max(e for e in candidates if 2 * count[e] >= most)
        reports[accn] = (by_end[main][2], main)
    annual_reports = sorted((v[5], accn) for accn, v in votes.items() if v[3] is not None)
    report_end = {
        accn: date.fromisoformat(reports[accn][1])
        for _seq, accn in annual_reports
        if accn in reports and spans[accn][reports[accn][1]][0]
    }
    own: dict[date, Counter] = defaultdict(Counter)
    for accn, end in report_end.items():
        counted = votes[accn][2].get(end.isoformat())
        if counted:
            fy = Counter(counted).most_common(1)[0][0]
            weight = 1 if votes[accn][3].endswith("/A") else 2  # originals outvote amendments
            own[end][fy] += weight
    own_labels = {end: c.most_common(1)[0][0] for end, c in own.items()}
    if newest and own_labels:
        last = max(own_labels)
        offset = own_labels[last] - nominal_year(last)
    else:
        offsets = Counter(label - nominal_year(end) for end, label in own_labels.items())
        offset = offsets.most_common(1)[0][0] if offsets else 0
    # Merge year ends that are a few days apart (a restated comparative with a shifted end).
    ends = sorted(annual_ends)
    merged: list[date] = []
    for e in ends:
        if merged and (e - merged[-1]).days < 300:
            if e in own_labels and merged[-1] not in own_labels:
                merged[-1] = e
            continue
        merged.append(e)
    focused = _quarterly_focus(votes, reports, merged) if newest and not own_labels else None
    if focused is not None:
        merged = merged or [focused[3]]
        offset = focused[1] - nominal_year(focused[3])
    cal = FiscalCalendar(year_ends=merged, offset=offset, own_labels=own_labels, report_ends=reports)
    cal.labels = {e: cal.label_for_year_end(e) for e in merged}
    cal.quarterly_focus = focused[:3] if focused is not None else None
    return cal


_FP_QUARTER = {"Q1": 1, "Q2": 2, "Q3": 3}


def _quarterly_focus(
    votes: Mapping[str, tuple], reports: dict[str, tuple[str, str]], year_ends: list[date]
) -> tuple[str, int, str, date] | None:
    """(accession, fy, fp, end of that fiscal year) of the newest 10-Q whose own focus fits its dates: from the
    fiscal year's start (its quarter's for fp Q1, else its year-to-date's) to its quarter's end is about ``n``
    quarters for fp Qn. The year's end is the known annual end containing the quarter, else a year after that
    start."""
    tried = sorted(((reports[accn][1], accn) for accn, v in votes.items() if v[6] and accn in reports), reverse=True)
    for end_text, accn in tried:
        fy, fp = votes[accn][6]
        start_text = reports[accn][0] if fp == "Q1" else votes[accn][7].get(end_text)
        if fp not in _FP_QUARTER or start_text is None:
            continue
        start, end = date.fromisoformat(start_text), date.fromisoformat(end_text)
        if abs(days_between(start, end) - 91.3 * _FP_QUARTER[fp]) > 20:
            continue
        if year_ends:
            known = FiscalCalendar(year_ends=year_ends).year_containing(end)
            if known is None:
                continue
            year_end = known[2]
        else:
            try:
                year_end = start.replace(year=start.year + 1) - timedelta(days=1)
            except ValueError:  # February 29
                year_end = start + timedelta(days=364)
        return accn, fy, fp, year_end
    return None


def calendar_year_of(end: date) -> int:
    """The calendar year a fiscal year ending ``end`` (or a balance dated at its end) is aligned to: the year whose
    December 31 is nearest ``end``, i.e. the one most of its twelve months fall in.

    The one rule for "calendar 2024" everywhere (compare's ``align="nearest"``, its hint on labels far apart,
    screen's ``calendar_year`` and the bulk store's calendar_year column). It is the SEC's own: companyfacts frames
    NVIDIA's FY2025 (2024-01-29 to 2025-01-26) as CY2024 and Apple's FY2024 (to 2024-09-28) as CY2024, and a
    December year that slipped to 2021-01-02 is 2020. A year ending June 30 is the earlier one (181-182 days after
    its December 31, 184 before the next); a tie (a July 1 in a leap year) goes to the earlier year too.
    """
    return (end + timedelta(days=183)).year - 1


def calendar_rank(end: date, year: int) -> tuple[int, date]:
    """How well a fiscal year ending ``end`` matches calendar ``year`` (smaller is better): the days from its end
    to December 31, then the earlier end. Picks one year when a company has two in one calendar year (a change of
    fiscal year end and its transition period)."""
    return abs((end - date(year, 12, 31)).days), end


def nearest_fiscal_year(ends: dict[int, date], year: int) -> tuple[int, date] | None:
    """(label, end) of the company's fiscal year aligned to calendar ``year`` by :func:`calendar_year_of`, the
    best by :func:`calendar_rank` if there are several, or None when none is.

    The alignment for "2024" across fiscal calendars: NVIDIA's FY2025 (ended 2025-01-26, 26 days after) rather
    than its FY2024 (ended 2024-01-28), Apple's FY2024 (ended 2024-09-28), a calendar-year filer's 2024.
    """
    hits = [(label, end) for label, end in ends.items() if calendar_year_of(end) == year]
    return min(hits, key=lambda kv: calendar_rank(kv[1], year), default=None)


def period_filter(spec: object, period: str):
    """A predicate on a value (a FactRecord): which values of ``spec`` count as ``period`` (annual, quarterly, all).

    An annual value is a year's duration or a balance at the fiscal year's end; a quarterly one a quarter's
    duration or a balance at any fiscal period's end.
    """
    if period == "all":
        return lambda v: True
    if period == "annual":
        return lambda v: v.period_type == "annual" or (v.period_type == "instant" and v.fiscal_period == "FY")
    return lambda v: v.period_type == "quarterly" or (v.period_type == "instant" and v.fiscal_period is not None)

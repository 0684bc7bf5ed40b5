"""Point in time: a company's XBRL facts as the SEC had received them on a date, and what came after.

A backtest run on today's figures has look-ahead bias: a 2019 decision is judged with values restated in
2020. :func:`known_on` keeps only the facts whose ``filed`` date is on or before the date asked for, so
everything the engine derives from them (restatement selection and original values, fiscal-year labels and
the fiscal calendar, stock-split flags, suspected errors; xbrl/series.py) is derived from what was known then.
companyfacts carries each fact's filing date (``filed``, a day) but not the filing's acceptance time: a
filing accepted after hours on the date itself counts as known on that date.

What came after is told, never mixed in: :func:`later_revisions` names a value's later revisions ("revised
to X on DATE in ACCESSION") and :func:`later_splits` a stock split that took effect after the date (dated as the series engine dates it);
:func:`first_filed` says when a period that was not reported yet was first filed.

Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json (rows ``(start, end, val, accn, fy, fp, form,
filed, frame)``, xbrl/facts.py). Nothing here fetches or reads the clock; the caller passes the date.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, timedelta
from typing import Any

from ..errors import EdgarError
from ..vocabulary import param
from . import periods as P
from .catalogue import raw_concept
from .facts import CompanyFacts, TagsOnDemand, reporting_currency
from .periods import build_calendar, calendar_from_votes, calendar_votes
from .restatements import _rounding_apart, classify_revision, filing_order
from .series import (
    _ratio_shown,
    _rounding_steps,
    build_series,
    is_translation,
    results_unchanged,
    split_dates,
    split_filing,
)

# XBRL financial data begins in 2009 (the largest filers; smaller ones by 2011): an earlier date knows nothing.
EARLIEST_AS_OF = date(2009, 1, 1)
PERIOD_TOLERANCE_DAYS = 3  # as xbrl/series.py's period keys: filings date one period a day or two apart
# The parameter's description, for every capability that takes as_of (CLI help and MCP schema alike)
AS_OF_DESCRIPTION = (
    "Point in time, YYYY-MM-DD: the figures as known on that date (only facts filed on or before it; later "
    "revisions and splits named in notes), e.g. 2019-06-30; omitted: as known now"
)
# The shape of summary()'s plain data, in its cache key: a summary made by another version is not read
SUMMARY_FORMAT = 2
_MEMO_DATES = 8  # point-in-time views kept per facts object (a backtest asks a handful of dates)


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def parse_as_of(value: str | date | None, today: date) -> date | None:
    """The ``as_of`` argument as a date (``"2019-06-30"`` or a date), None when not given.

    Raises ``invalid_argument`` for text that is not YYYY-MM-DD, a date after ``today`` (the injectable
    clock's) or before 2009 (no XBRL financial data yet).
    """
    if value is None:
        return None
    if isinstance(value, date):
        when = value
    else:
        # strictly YYYY-MM-DD: date.fromisoformat also takes "20190630" and week dates ("2019-W01"), and an
        # empty value must not quietly mean "as known now" (a backtest's unset date would see today's data)
        text = value.strip() if isinstance(value, str) else ""
        try:
            if not _ISO_DAY.fullmatch(text):
                raise ValueError(text)
            when = date.fromisoformat(text)
        except ValueError:
            raise EdgarError(
                "invalid_argument",
                f"{param('as_of')} {value!r} is not a date.",
                f"Write it as YYYY-MM-DD, e.g. {param('as_of')} 2019-06-30.",
            ) from None
    if when > today:
        raise EdgarError(
            "invalid_argument",
            f"{param('as_of')} {when} is in the future (today is {today}); nothing was known on it yet.",
            f"Use a date up to {today}, or omit {param('as_of')} for what is known now.",
        )
    if when < EARLIEST_AS_OF:
        raise EdgarError(
            "invalid_argument",
            f"{param('as_of')} {when} predates XBRL financial data, which begins in 2009 (2011 for smaller filers).",
            f"Use a date from {EARLIEST_AS_OF} on.",
        )
    return when


def caption(as_of: date | None) -> str | None:
    """'as known on 2019-06-30' for a table caption; None when not point in time."""
    return f"as known on {as_of}" if as_of is not None else None


def summary(facts: CompanyFacts) -> tuple | None:
    """What :func:`known_on` needs to cut ``facts`` at any date without reading every row again, as plain
    (marshal-able) data: ``(votes, filed, first_filed, currencies)``.

    ``votes``: each filing's part in the fiscal calendar (periods.calendar_votes); ``filed``: accession ->
    filing date; ``first_filed``: tag -> its earliest filing date; ``currencies``: accession -> {currency:
    rows} (the reporting currency is the one with most rows). None when an accession's rows carry different
    filing dates (the cut is then made row by row). Kept on ``facts`` once computed; sec/companyfacts.py
    keeps it in the cache beside the facts.
    """
    memo = facts.__dict__
    if "_pit_summary" in memo:
        return memo["_pit_summary"]
    filed: dict[str, str] = {}
    first: dict[str, str] = {}
    currencies: dict[str, dict[str, int]] = {}
    mixed = False
    for name in facts.tags:
        body = facts.tags[name]
        for unit, rows in body["units"].items():
            money = len(unit) == 3 and unit.isalpha() and unit.isupper()
            for r in rows:
                accn, when = r[3], r[7]
                seen = filed.setdefault(accn, when)
                mixed = mixed or seen != when
                if when < first.get(name, "9999"):
                    first[name] = when
                if money:
                    counts = currencies.setdefault(accn, {})
                    counts[unit] = counts.get(unit, 0) + 1
    made = None if mixed else (calendar_votes(facts.tags), filed, first, currencies)
    memo["_pit_summary"] = made
    return made


def set_summary(facts: CompanyFacts, made: tuple | None) -> None:
    """Attach a :func:`summary` read from a cache to ``facts`` (made from these very facts)."""
    facts.__dict__["_pit_summary"] = made


class _KnownTags(TagsOnDemand):
    """A company's tags as known on a date: each tag's rows filed on or before it, cut on first access."""

    def __init__(self, tags: Mapping[str, dict], cutoff: str, names: list[str]):
        super().__init__(dict.fromkeys(names))
        self._tags, self._cutoff = tags, cutoff

    def _load(self, key: str) -> dict:
        body = self._tags[key]
        units = {}
        for unit, rows in body["units"].items():
            kept = [r for r in rows if r[7] <= self._cutoff]
            if kept:
                units[unit] = kept
        return {"label": body.get("label") or key, "units": units}


def known_on(facts: CompanyFacts, as_of: date) -> CompanyFacts:
    """The company's facts as known on ``as_of``: every row filed on or before it, nothing else.

    The fiscal calendar and reporting currency are those the filings made by then give; ``coverage_note`` and
    ``later_reports`` say where the facts known then end before the latest periodic report filed by then
    (sec/companyfacts.coverage_as_of, from today's comparison of the facts with the submissions; never a report
    filed after ``as_of``); freshness notes are kept. Rows are cut per tag when first read, from the facts' :func:`summary` (one pass over every row,
    kept). The view is kept on ``facts`` for the few dates last asked, so a second question about the same
    date reuses it (and its series memo). A company that had filed no XBRL by then has no tags.
    """
    memo: dict[date, CompanyFacts] = facts.__dict__.setdefault("_as_of_memo", {})
    hit = memo.get(as_of)
    if hit is not None:
        return hit
    cutoff = as_of.isoformat()
    made = summary(facts)
    if made is None:  # an accession filed on two dates: cut row by row
        tags: Mapping[str, dict] = _KnownTags(facts.tags, cutoff, list(facts.tags))
        tags = {name: tags[name] for name in tags if tags[name]["units"]}
        calendar, currency = build_calendar(tags, newest=True), reporting_currency(tags)
    else:
        votes, filed, first, currencies = made
        known = [accn for accn, when in filed.items() if when <= cutoff]
        tags = _KnownTags(facts.tags, cutoff, [name for name, when in first.items() if when <= cutoff])
        calendar = calendar_from_votes({accn: votes[accn] for accn in known}, newest=True)
        counts: dict[str, int] = {}
        for accn in known:
            for unit, n in currencies.get(accn, {}).items():
                counts[unit] = counts.get(unit, 0) + n
        currency = max(counts, key=counts.get) if counts else None  # type: ignore[arg-type]
    from ..sec.companyfacts import coverage_as_of  # the one rule of the facts' end (a function-level arrow)

    gap, reports = coverage_as_of(facts, calendar, as_of)
    view = CompanyFacts(
        cik=facts.cik,
        name=facts.name,
        tags=tags,
        fetched_at=facts.fetched_at,
        calendar=calendar,
        reporting_currency=currency,
        origin=facts.origin,
        notes=facts.notes,
        coverage_note=gap,
        later_reports=reports,
    )
    if len(memo) >= _MEMO_DATES:
        memo.pop(next(iter(memo)))
    memo[as_of] = view
    return view


def _fmt(v: float | int) -> str:
    return f"{int(v):,}" if float(v).is_integer() else f"{v:,}"


def _same_period(row: tuple, start: date | None, end: date) -> bool:
    if (row[0] is None) != (start is None):
        return False
    if abs((date.fromisoformat(row[1]) - end).days) > PERIOD_TOLERANCE_DAYS:
        return False
    return start is None or abs((date.fromisoformat(row[0]) - start).days) <= PERIOD_TOLERANCE_DAYS


def _when(v: Any) -> str:
    fp = v.fiscal_period or v.period_type
    label = (f"FY{v.fiscal_year}" if fp == "FY" else f"{fp} FY{v.fiscal_year}") if v.fiscal_year else fp
    span = f"{v.start} to {v.end}" if v.start else f"at {v.end}"
    return f"{label} ({span})"


def later_revisions(full: CompanyFacts, values: Iterable[Any], as_of: date) -> list[str]:
    """Notes naming the revisions filed after ``as_of`` of values known on it; the values are not replaced.

    ``full`` is the company's facts as known now; ``values`` are FactRecord/FactValue-like (value, unit,
    matched_tag, start, end, fiscal_year, fiscal_period, period_type). A revision is a later periodic
    report's different figure for the same period (within 3 days), tag and unit. Each is named as the series
    engine names it today (:func:`_engine_named`: the tag's series from ``full``, xbrl/series.py), with the
    engine's words where it has them (what shows a reclassification changed no result, the line two lines were
    combined with; the reason a figure looks like a filer error); a rounding (precision_change: a quarter footed
    to its year's rounded total too) is none. Where the engine does not describe that very revision (a value
    revised more than once), it is classified on its own (restatements.classify_revision, a move between lines
    as results_unchanged judges it). One note per value: "FY2009 (2008-09-28 to 2009-09-26) 36,537,000,000:
    revised to 42,905,000,000 on 2010-01-25 in 0001193125-10-012091 (10-K/A; restatement)". A convenience
    translation (series.is_translation: TSMC's USD) re-translated at a later filing's rate revises nothing, as the
    engine holds (series._translation_selection): it gets no note; its reporting-currency figure carries any
    restatement.
    """
    cutoff = as_of.isoformat()
    notes = []
    seen = set()
    for v in values:
        key = (v.matched_tag, v.unit, v.start, v.end)
        if key in seen or is_translation(full, v.unit):
            continue
        seen.add(key)
        rows = ((full.tag(v.matched_tag) or {}).get("units") or {}).get(v.unit) or []
        later = sorted(
            (r for r in rows if r[7] > cutoff and P.is_periodic(r[6]) and _same_period(r, v.start, v.end)),
            key=filing_order,
        )
        current, accn, changes = v.value, v.accession_number, []
        # the figure a revision is judged from: the one before, unless that one was a suspect figure (Apple's
        # 899,213 at 2013-09-28, a scale error that 6,294,494,000 corrects for a 7-for-1 split of 899,213,000)
        base, base_accn = current, accn
        words: list[str] = []
        step = _rounding_steps(full, v.unit)
        for r in later:
            if r[2] == current:
                continue
            if r[2] == base:  # back to the figure before a suspect one: judged from the suspect one
                base, base_accn = current, accn
            sa, sb = (step(base_accn), step(r[3])) if step else (None, None)
            kind: str = classify_revision(base, r[2], v.unit, (sa, sb) if sa is not None and sb is not None else None)
            if kind == "precision_change":
                continue  # a rounding the engine never names otherwise (its own classification, same filings)
            named = _engine_named(full, v, base, base_accn, r)
            if named is not None:
                kind, said = named
                if kind == "precision_change":  # a quarter footed to its year's rounded total
                    continue
            elif _rounding_of_engine(full, v, base, r[2]):
                continue  # the engine calls the period's figures one figure, rounded (NVIDIA's Q3 FY2016 net income)
            else:
                why = _moved_between_lines(full, v, base, base_accn, r) if kind == "restatement" else None
                if why is not None:
                    kind = "reclassification"
                said = [f"The revision in {r[3]} is a reclassification, not a restatement: {why}."] if why else []
            changes.append(f"revised to {_fmt(r[2])} on {r[7]} in {r[3]} ({r[6]}; {kind.replace('_', ' ')})")
            words.extend(w for w in said if w not in words)
            current, accn = r[2], r[3]
            if kind != "suspected_tagging_error":
                base, base_accn = current, accn
        if changes:
            notes.append(
                f"After {as_of}: {_when(v)} {_fmt(v.value)} was "
                + ", then ".join(changes)
                + "."
                + "".join(f" {w}" for w in words)
            )
    return notes


def _rounding_of_engine(full: CompanyFacts, v: Any, was: float | int, now: float | int) -> bool:
    """Whether the engine today calls ``v``'s period's revision a rounding (precision_change) and ``was`` and
    ``now`` are each within one rounding step of its figure: the same figure rounded, whatever the order filed."""
    today, _series = _today(full, v)
    return (
        today is not None
        and today.revision_kind == "precision_change"
        and all(x == today.value or _rounding_apart(x, today.value) for x in (was, now))
    )


def _engine_named(full: CompanyFacts, v: Any, was: float | int, accn: str, row: tuple) -> tuple[str, list[str]] | None:
    """(revision kind, the engine's words) for the revision of ``v``'s period from ``was`` in ``accn`` to
    ``row``'s figure, as the series engine names it today; None when the engine does not describe this revision.

    The engine's value for the period is read from the series of ``v``'s own tag in ``v``'s unit, built from
    ``full`` (xbrl/series.py; kept on ``full``): the revision is the engine's when it runs from the engine's
    first-filed figure and filing to its value shown and that value's filing, or, for a period whose engine
    value is a suspected filer error, when one of the two filings is one the engine names (a figure revised and
    revised back). The words: for a reclassification, what shows no result changed and where the amount went
    (Series.reclassified); for a suspected filer error, each reason naming either filing."""
    today, series = _today(full, v)
    if today is None or not today.restated or series is None:
        return None
    suspects = [e.reason for e in today.suspected_errors if e.accession_number in (accn, row[3])]
    if (was, accn, row[2], row[3]) == (
        today.original_value,
        today.original_accession,
        today.value,
        today.accession_number,
    ):
        kind = today.revision_kind or "restatement"
        said = list(suspects)
        why = series.reclassified.get((today.start.isoformat() if today.start else None, today.end.isoformat()))
        if kind == "reclassification" and why:
            said.insert(0, f"The revision in {row[3]} is a reclassification, not a restatement: {why}.")
        return kind, said
    if today.revision_kind == "suspected_tagging_error" and suspects:
        return "suspected_tagging_error", suspects
    return None


def _today(full: CompanyFacts, v: Any) -> tuple[Any, Any]:
    """(the engine's value for ``v``'s period, its series) from the series of ``v``'s tag in ``v``'s unit as
    known now; (None, None) when the tag has no value for the period (or is no tag, as a derived figure's)."""
    if not v.matched_tag or full.tag(v.matched_tag) is None:
        return None, None
    series = build_series(full, raw_concept(v.matched_tag), v.unit)
    for t in series.values:
        if (
            (t.start is None) == (v.start is None)
            and abs((t.end - v.end).days) <= PERIOD_TOLERANCE_DAYS
            and (t.start is None or abs((t.start - v.start).days) <= PERIOD_TOLERANCE_DAYS)
        ):
            return t, series
    return None, series


def _moved_between_lines(full: CompanyFacts, v: Any, was: float | int, accn: str, row: tuple) -> str | None:
    """What shows the revision changed no result (net income for a flow, stockholders' equity or else total
    assets for a balance, the same in both filings), in words: a reclassification, as xbrl/series.py names it;
    None for none."""
    start = v.start.isoformat() if v.start else None
    return results_unchanged(full, v.matched_tag, v.unit, start, v.end.isoformat(), was, row[2], accn, row[3])


def later_splits(full: CompanyFacts, full_values: Iterable[Any], as_of: date, shown: Iterable[Any] = ()) -> list[str]:
    """Notes naming the stock splits (and reverse splits) that took effect in filings after ``as_of``.

    ``full`` is the company's facts as known now and ``full_values`` the concept's series from them
    (xbrl/series.py, FactRecords with ``revision_kind``, ``original_value``, ``filed``, ``accession_number``).
    A split is dated as the series engine dates it (series.split_dates): by the first filing on its new basis,
    which for a share count is the first whose earnings per share or weighted shares show it when that is
    earlier than the count's own first restatement (NVIDIA's 4-for-1 of July 2021: 0001045810-21-000131, filed
    2021-08-20, not the 10-K of 2022-03-18). Values known on ``as_of`` are on the share basis of that date: not
    adjusted, and not flagged pre_split (nothing then said a split would come). ``shown``: the values answered
    as known on ``as_of``; a split in effect by then that the series known then had not restated them for (a
    share count, restated only in a later annual report) is said of those from before it.
    """
    shown = list(shown)
    values = list(full_values)
    dated = split_dates(values, full)
    notes = []
    for kind, what in (("stock_split", "{n}-for-1 stock split"), ("reverse_split", "1-for-{n} reverse split")):
        for when, n in dated[kind]:
            # a recapitalisation the witnesses round to a whole N: the ratio the weighted shares show (LPA's 5.88)
            shown_ratio = _ratio_shown(full, n, reverse=kind == "reverse_split") if full is not None else None
            split = (
                what.format(n=n)
                if not shown_ratio
                else f"{shown_ratio}-for-1 share exchange or recapitalisation (not a split)"
                if kind == "stock_split"
                else f"1-for-{shown_ratio} share exchange or recapitalisation (not a split)"
            )
            if when <= as_of:
                # in effect by the date: values shown from before it, not restated by then and not flagged (the
                # series known then restated none of them), are on the earlier basis
                old = sorted(
                    v.end
                    for v in shown
                    if v.end < when and v.filed < when and not v.pre_split_ratio and not v.pre_reverse_split_ratio
                )
                if old and any(v.end >= when for v in shown):
                    accn = split_filing(full, values, when)
                    notes.append(
                        f"A {split} took effect by {when} (first shown in "
                        f"{accn or 'a filing of that date'}): values here dated to {old[-1]} are on the share basis "
                        f"before it, later ones after it; as known on {as_of} they had not been restated for it."
                    )
                continue
            accn = split_filing(full, values, when)
            notes.append(
                f"A {split} was first applied in a filing of {when}"
                + (f" ({accn})" if accn else "")
                + f", after {as_of}: the values here are on the share basis known on {as_of}, not adjusted for it."
            )
    return notes


def first_filed(
    values: Iterable[Any], full: CompanyFacts | None = None, tags: Iterable[str] = ()
) -> tuple[date, str] | None:
    """(date, accession) of the earliest filing that reported any of ``values`` (FactRecord-like, as known
    now: the original filing of a restated value), or None for none.

    With ``full`` (the facts as known now) and ``tags`` (the concept's tag chain, :func:`chain_tags`), a periodic
    report that gave a value's period (within 3 days) and unit under another tag of the chain counts too: Apple's
    FY2016 net sales are us-gaap:Revenues today, first tagged so in 2018, but were first filed as
    us-gaap:SalesRevenueNet in 0001628280-16-020309 (2016-10-26), which an answer as known then reads.
    """
    values = list(values)
    firsts = [
        (v.original_filed, v.original_accession)
        if v.original_filed and v.original_accession
        else (v.filed, v.accession_number)
        for v in values
    ]
    chain = tuple(tags) if full is not None else ()
    for v in values if chain else ():
        ends = {
            (v.end + timedelta(days=d)).isoformat() for d in range(-PERIOD_TOLERANCE_DAYS, PERIOD_TOLERANCE_DAYS + 1)
        }
        for tag in chain:
            rows = ((full.tag(tag) or {}).get("units") or {}).get(v.unit) or ()  # type: ignore[union-attr]
            firsts.extend(
                (date.fromisoformat(r[7]), r[3])
                for r in rows
                if r[1] in ends and P.is_periodic(r[6]) and _same_period(r, v.start, v.end)
            )
    return min(firsts) if firsts else None


def first_used(full: CompanyFacts, tags: Iterable[str]) -> tuple[date, str, str, str] | None:
    """(filed, accession, form, tag) of the earliest periodic report that used any of ``tags`` in the company's
    facts as known now (``full``), or None when none did."""
    found: list[tuple[str, str, str, str]] = []
    for tag in tags:
        for rows in ((full.tag(tag) or {}).get("units") or {}).values():
            found.extend((r[7], r[3], r[6], tag) for r in rows if P.is_periodic(r[6]))
    if not found:
        return None
    when, accn, form, tag = min(found)
    return date.fromisoformat(when), accn, form, tag


def tags_tried_then(tried: Iterable[Any], full: CompanyFacts, as_of: date) -> list[Any]:
    """``tried`` (TagTriedRecords of the answer as known on ``as_of``) with a tag the company first reported after
    ``as_of`` said so, not "never reported": "the company had not reported this tag by 2010-01-24 (first reported
    2019-01-30 in 0000320193-19-000010)". New records; the others are kept as they are."""
    from dataclasses import replace

    out = []
    for t in tried:
        used = first_used(full, (t.tag,)) if t.status == "not_reported" else None
        if used is not None and used[0] > as_of:
            t = replace(
                t, detail=f"the company had not reported this tag by {as_of} (first reported {used[0]} in {used[1]})"
            )
        out.append(t)
    return out


_REPORTS_NONE = re.compile(r"^(?P<who>.+?) reports no (?P<what>.+?) in its (?P<where>(?:10-K/10-Q/20-F )?XBRL facts)")


def in_the_past(message: str, as_of: date) -> str:
    """A not_found message of the answer as known on ``as_of`` in the past of that date: "Apple Inc. reports no
    value for total_debt in its 10-K/10-Q/20-F XBRL facts (..." -> "Apple Inc. had reported no value for
    total_debt in its 10-K/10-Q/20-F XBRL facts by 2012-03-01 (...", and so "reports no fiscal year aligned to
    calendar 2019 ... in its XBRL facts": "reports" would speak of today."""
    return _REPORTS_NONE.sub(
        lambda m: f"{m['who']} had reported no {m['what']} in its {m['where']} by {as_of}", message, count=1
    )


def _used_by(full: CompanyFacts, tag: str, as_of: date) -> bool:
    cutoff = as_of.isoformat()
    return any(
        r[7] <= cutoff and P.is_periodic(r[6])
        for rows in ((full.tag(tag) or {}).get("units") or {}).values()
        for r in rows
    )


def used_instead(full: CompanyFacts, tags: Iterable[str], as_of: date) -> tuple[str, str] | None:
    """(catalogue concept, tag) for a figure whose ``tags`` the company had not used by ``as_of``: the first
    concept of the catalogue whose chain holds one of ``tags`` and another tag the company's periodic reports
    had used by then (Apple's net sales before ASC 606: revenue, us-gaap:SalesRevenueNet); None for none."""
    from .catalogue import catalogue

    wanted = set(tags)
    for spec in catalogue().values():
        chain = [t.tag for t in spec.chain]
        if spec.composite or not wanted & set(chain):
            continue
        for tag in chain:
            if tag not in wanted and _used_by(full, tag, as_of):
                return spec.name, tag
    return None


def chain_tags(spec: Any) -> tuple[str, ...]:
    """The tags of a catalogue concept's chain (xbrl/catalogue.py) for :func:`first_filed`; none for a composite
    (a sum of lines: one line's first filing is not the sum's)."""
    return () if spec.composite else tuple(t.tag for t in spec.chain)


def label_changes(full: CompanyFacts, known: CompanyFacts, as_of: date, latest: int = 3) -> str | None:
    """A note on the fiscal-year labels derived from the facts known on ``as_of``, None when there is nothing to say.

    As known on a date, labels follow the convention of the newest annual report filed by then (xbrl/periods.py,
    ``calendar_from_votes(newest=True)``); today's follow most of the company's annual reports. The note says
    where the two differ (NVIDIA's early 10-Ks tag fy one year low: as known on 2014-06-30 the year ending
    2014-01-26 is FY2013, FY2014 today), where an older annual report known then labelled its own year otherwise
    (as known on 2016-06-30 the year ending 2014-01-26 is FY2014, FY2013 in its own report), and, before the
    company's first annual report, that the labels come from a 10-Q's own fiscal-year focus. The latest
    ``latest`` differences of each kind are named.
    """
    cal = known.calendar
    parts = []
    changed = [
        (end, label, full.calendar.label_for_year_end(end))
        for end, label in sorted(cal.labels.items())
        if full.calendar.year_ends and label != full.calendar.label_for_year_end(end)
    ]
    if changed:
        parts.append(
            f"Fiscal-year labels as known on {as_of} differ from today's (they follow the newest annual report filed "
            "by then; today's, most of the company's annual reports): "
            + "; ".join(f"the year ending {end} is FY{then} (FY{now} today)" for end, then, now in changed[-latest:])
            + "."
        )
    older = [
        (end, cal.label_for_year_end(end), own)
        for end, own in sorted(cal.own_labels.items())
        if own != cal.label_for_year_end(end)
    ]
    if older:
        newest = max(cal.own_labels)
        parts.append(
            f"As known on {as_of}, fiscal-year labels follow the company's newest annual report (FY"
            f"{cal.own_labels[newest]} for the year ending {newest}); older ones labelled their years otherwise: "
            + "; ".join(
                f"the year ending {end} is FY{label} (FY{own} in its own annual report)"
                for end, label, own in older[-latest:]
            )
            + "."
        )
    if cal.quarterly_focus is not None:
        accn, fy, fp = cal.quarterly_focus
        parts.append(
            f"The company had filed no annual report by {as_of}: fiscal-year labels come from the 10-Q {accn}, "
            f"which reports its quarter as {fp} FY{fy}; the fiscal year's end is estimated from that quarter's dates."
        )
    return " ".join(parts) or None


def label_conflict(known: CompanyFacts, fy: int, ends: Iterable[date], as_of: date) -> str | None:
    """A warning when the annual reports known on ``as_of`` give fiscal-year label ``fy`` to another year than
    the one the labels of then (the newest annual report's convention, :func:`label_changes`) call ``fy``; None
    when they agree.

    ``known``: the facts as known on ``as_of``; ``ends``: the ends of the values answered for ``fy``. As known on
    2011-06-01 NVIDIA's 10-K 0001045810-10-000006 labels the year ending 2010-01-31 FY2010 and its newest,
    0001045810-11-000015, the year ending 2011-01-30 FY2010 too: the answer is the newest's, and this says the other.
    """
    cal = known.calendar
    others = sorted(end for end, own in cal.own_labels.items() if own == fy and cal.label_for_year_end(end) != fy)
    if not others:
        return None
    end = others[-1]
    accn = min((a for a, (_s, e) in cal.report_ends.items() if e == end.isoformat()), default=None)
    shown = max(ends, default=None) or cal.estimated_end(fy)
    return (
        f"FY{fy} is ambiguous as known on {as_of}: the labels of then follow the newest annual report, by which "
        f"FY{fy} is the year ending {shown}; the annual report {accn or 'of that year'} labelled the year ending "
        f"{end} FY{fy} itself (FY{cal.label_for_year_end(end)} by the labels of then). Read each figure's start "
        f"and end; ask for FY{cal.label_for_year_end(end)} for the year ending {end}."
    )


def not_reported_error(
    exc: EdgarError,
    as_of: date,
    later: Iterable[Any],
    what: str,
    labels_note: str | None = None,
    *,
    full: CompanyFacts | None = None,
    tags: Iterable[str] = (),
    year_then: tuple[int, date | None, Iterable[Any]] | None = None,
) -> EdgarError:
    """``exc`` (a not_found of the answer as known on ``as_of``) with the point-in-time reason added.

    ``later`` are the values that answer the question as known now; ``what`` names them ("FY2019", "revenue").
    The message says "{what} was not reported by {as_of}; first filed DATE in ACCESSION" when they exist, and
    that only filings filed by ``as_of`` count either way; when they were filed by then, the fiscal-year labels
    of that date differ from today's (``labels_note``, from :func:`label_changes`, says how). Other errors come
    back unchanged. ``full`` and ``tags``: the facts as known now and the concept's tag chain, for the first filing
    under any tag of the chain (:func:`first_filed`). When no tag of the chain had been used by ``as_of``, the
    message says when the first was reported later (``tag_first_filed``, ``tag_first_accession``) rather than that
    nothing was reported, and the suggestion offers what helps: a later date where the values asked exist, and the
    catalogue concept whose tag the company used then (:func:`used_instead`). ``year_then``: (the fiscal year
    asked, its end by the calendar known on ``as_of``, the concept's values as known now); a year that had not
    ended on ``as_of`` by the labels of then is said, once, to be not yet reported then, with the report that
    first gave it (NVIDIA's FY2012 as known on 2013-01-01: the year ending 2013-01-27, in 0001045810-13-000008),
    never the other year that today's labels call so.
    """
    first = first_filed(later, full, tags)
    if exc.code == "out_of_scope" and "has not begun" in exc.message:
        # a fiscal year not begun by the date: said of the date, not of today, with what came after
        after = (
            f" {what} (by today's fiscal-year labels) was first filed {first[0]} in {first[1]}."
            if first is not None and first[0] > as_of
            else ""
        )
        told = f" {labels_note}" if labels_note else ""
        return EdgarError(
            "out_of_scope",
            f"{exc.message.replace('has not begun', f'had not begun on {as_of}').rstrip()}{after}{told}",
            exc.suggestion,
            **dict(exc.extras, as_of=as_of.isoformat()),
        )
    if exc.code != "not_found":
        return exc
    pending = _year_not_over(exc, as_of, year_then, full, tags)
    if pending is not None:
        return pending
    chain = tuple(tags) if full is not None else ()
    used = first_used(full, chain) if full is not None and chain else None
    if full is not None and used is not None and used[0] > as_of and not any(_used_by(full, t, as_of) for t in chain):
        # none of the tags had been used by the date: first reported later, and what was used then is offered
        day, accn, form, tag = used
        instead = used_instead(full, chain, as_of)
        extras = dict(exc.extras, as_of=as_of.isoformat(), tag_first_filed=day.isoformat(), tag_first_accession=accn)
        if first is not None:
            extras.update(first_filed=first[0].isoformat(), first_accession=first[1])
        # a later date helps only when the values asked exist today (their first filing; none for a year the tag
        # never covered); the tag used on the date helps then
        helps = [f"use an {param('as_of')} date from {first[0]} on (first filed in {first[1]})"] if first else []
        if instead:
            helps.append(f"as known on {as_of} the company reported it as {instead[1]}: ask for {instead[0]}")
        return EdgarError(
            "not_found",
            f"{full.name} had reported no value for {what} by {as_of} (tags tried: {_listed(chain)}): "
            f"{tag} was first reported later, on {day} in {accn} ({form})."
            + (
                f" {_opening(what)} was not reported by {as_of}; first filed {first[0]} in {first[1]}."
                if first
                else f" No filing to date reports {what} under these tags."
            ),
            _sentence("; or ".join(helps)) if helps else exc.suggestion,
            **extras,
        )
    if first is not None and first[0] <= as_of:
        reason = (
            f"As known on {as_of}: {what} (by today's fiscal-year labels) was filed by then (first in {first[1]} "
            f"on {first[0]}), under another label. {labels_note or ''}"
        ).rstrip()
        suggestion = f"Ask without {param('fiscal_year')} to see the values as labelled on {as_of}."
    elif first is not None:
        reason = f"As known on {as_of}: {what} was not reported by {as_of}; first filed {first[0]} in {first[1]}."
        earlier = ", or an earlier fiscal year" if what.startswith("FY") else ""  # no year asked: none earlier helps
        suggestion = f"Use an {param('as_of')} date from {first[0]} on{earlier}."
    else:
        reason = f"As known on {as_of}: only filings filed by {as_of} count."
        suggestion = exc.suggestion
    extras = dict(exc.extras)
    extras["as_of"] = as_of.isoformat()
    if first is not None:
        extras["first_filed"] = first[0].isoformat()
        extras["first_accession"] = first[1]
    message = in_the_past(exc.message.rstrip(), as_of)
    return EdgarError("not_found", f"{message} {reason}", suggestion or exc.suggestion, **extras)


def _year_not_over(
    exc: EdgarError,
    as_of: date,
    year_then: tuple[int, date | None, Iterable[Any]] | None,
    full: CompanyFacts | None,
    tags: Iterable[str],
) -> EdgarError | None:
    """The not_found of a fiscal year that, by the labels known on ``as_of``, had not ended by then; else None."""
    if year_then is None:
        return None
    fy, end, values = year_then
    if end is None or end <= as_of:
        return None
    # the year's annual figures as reported later: those ending within two weeks of its end as estimated then
    near = sorted(
        (v for v in values if (v.period_type == "annual" or v.fiscal_period == "FY") and abs((v.end - end).days) <= 14),
        key=lambda v: v.original_filed or v.filed,
    )
    first = first_filed(near, full, tags)
    head = exc.message.split(":")[0]  # "No annual revenue for X in fiscal year N"
    if f"fiscal year {fy}" not in head and f"FY{fy}" not in head:
        head = f"No value for FY{fy}"
    extras = dict(exc.extras, as_of=as_of.isoformat())
    state = f"was in progress on {as_of}" if (end - as_of).days < 366 else f"had not begun on {as_of}"
    if first is None:
        return EdgarError(
            "not_found",
            f"{head}: not yet reported as of {as_of}; FY{fy} (by the fiscal-year labels of then) {state} and ends "
            f"around {end}; no filing to date reports it.",
            f"Ask for an earlier fiscal year, or without {param('fiscal_year')}.",
            **extras,
        )
    (filed, accn), ended = first, near[0].end
    today = full.calendar.label_for_year_end(ended) if full is not None and full.calendar.year_ends else fy
    # the year today's labels call FY{fy}, first filed in its own annual report (which labels it so) before the
    # year of then: the first date the question answers (NVIDIA's FY2015 as of 2014-06-30: 2015-03-12)
    own = sorted(
        (v for v in values if v.fiscal_year == fy and (v.period_type == "annual" or v.fiscal_period == "FY")),
        key=lambda v: v.original_filed or v.filed,
    )
    sooner = first_filed(own, full, tags) if today != fy else None
    if sooner is not None and not as_of < sooner[0] < filed:
        sooner = None
    extras.update(first_filed=filed.isoformat(), first_accession=accn)
    if sooner is not None:
        extras.update(first_filed=sooner[0].isoformat(), first_accession=sooner[1])
    return EdgarError(
        "not_found",
        f"{head}: not yet reported as of {as_of}; FY{fy} (by the fiscal-year labels of then) {state} and ended "
        f"{ended}; its figures were first filed {filed} in {accn}"
        + (f" (FY{today} by today's labels)" if today != fy else "")
        + (
            f". FY{fy} by today's labels (ended {own[0].end}) was first filed {sooner[0]} in {sooner[1]}, whose "
            "labels call it so"
            if sooner is not None
            else ""
        )
        + ".",
        f"Use an {param('as_of')} date from {(sooner or first)[0]} on, or an earlier fiscal year.",
        **extras,
    )


def _listed(tags: tuple[str, ...], most: int = 6) -> str:
    """Tags for a message: all of a concept's chain; of a table's many rows, the first few and how many more."""
    if len(tags) <= most:
        return ", ".join(tags)
    return f"{', '.join(tags[: most - 1])} and {len(tags) - most + 1} more"


def _opening(what: str) -> str:
    """``what`` opening a sentence: "Any fiscal year", "Revenue"; a tag's own case kept (us-gaap:Revenues)."""
    return what[:1].upper() + what[1:] if ":" not in what.split(" ")[0] else what


def year_not_over_note(
    fy: int, as_of: date, end: date | None, values: Iterable[Any], full: CompanyFacts | None, tags: Iterable[str] = ()
) -> str | None:
    """Why fiscal year ``fy`` of a range has no value as known on ``as_of``, when by the labels of then (``end``,
    its end as estimated from the facts known on the date) it had not ended by then; else None.

    The note of a range says of each such year what the error of that year alone says (:func:`not_reported_error`
    with ``year_then``): "FY2019 not yet reported as of 2019-01-01; FY2019 (by the fiscal-year labels of then) was
    in progress on 2019-01-01 and ended 2019-09-28; its figures were first filed 2019-10-31 in
    0000320193-19-000119." ``values``: the concept's values as known now; ``full``: the facts as known now."""
    exc = EdgarError("not_found", f"No value for FY{fy}: none")
    told = _year_not_over(exc, as_of, (fy, end, values), full, tags)
    if told is None:
        return _year_not_filed(fy, as_of, end, values, full, tags)
    return f"FY{fy} " + told.message.split(": ", 1)[1]


def _year_not_filed(
    fy: int, as_of: date, end: date | None, values: Iterable[Any], full: CompanyFacts | None, tags: Iterable[str]
) -> str | None:
    """Of a year over on ``as_of`` (by the labels of then) whose figures were first filed after it: "FY2020 not
    yet reported as of 2020-10-01; FY2020 (by the fiscal-year labels of then) ended 2020-09-26; its figures were
    first filed 2020-10-30 in ACCESSION."; else None."""
    if end is None or end > as_of:
        return None
    near = sorted(
        (v for v in values if (v.period_type == "annual" or v.fiscal_period == "FY") and abs((v.end - end).days) <= 14),
        key=lambda v: v.original_filed or v.filed,
    )
    first = first_filed(near, full, tags)
    if first is None or first[0] <= as_of:
        return None
    return (
        f"FY{fy} not yet reported as of {as_of}; FY{fy} (by the fiscal-year labels of then) ended {near[0].end}; "
        f"its figures were first filed {first[0]} in {first[1]}."
    )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def ticker_note(query: str, cik: str, as_of: date) -> str | None:
    """A note when a company named by ticker or name is read as known on a date: the name is resolved with
    today's ticker file, and a ticker can have belonged to another company on ``as_of``. None for a CIK."""
    if query.strip().isdigit():
        return None
    return (
        f"{query!r} was resolved to CIK {cik} with today's ticker file; the SEC's ticker file has no history, so a "
        f"ticker held by another company on {as_of} is not followed. Pass the CIK to be sure of the company."
    )

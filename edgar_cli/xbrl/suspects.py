"""Figures the filer's own filings do not bear out: flagged beside the value, never corrected.

Three classes, all seen in the corpus:

- *Tagging errors*: a period revised and revised back (A, B, A) with B more than
  a rounding difference. B is usually another period's figure put in this
  period's context: NVIDIA's FY2018 10-K (0001045810-18-000010) tags the second
  quarter's revenue, 2,230,000,000, as the six months to 2017-07-30, which its
  10-Qs before and after report as 4,167,000,000. Or the sign is reversed.
- *Scale errors*: a share count or per-share amount about 1,000 (or 1,000,000)
  times its anchor: the cover-page count (dei:EntityCommonStockSharesOutstanding)
  of the same filing, for a series that normally tracks it, or else its
  neighbours in the series when they agree with each other. Apple's Q2 FY2014
  10-Q (0001193125-14-157311) reports 861,745 common shares outstanding at
  2014-03-29 beside a cover-page count of 861,381,000; NVIDIA's 10-Qs of 2010
  and 2011 report weighted-average shares in thousands without the scale.
- *Sign errors*: a period first filed as the negative of the figure another
  filing gives it (Tesla's interest expense for the six months to 2013-06-30:
  -20,234,000 in 0001193125-13-327916, 20,234,000 a year later); the filing
  named is the one the series' neighbours (of one sign) contradict, else the
  one later filings contradict.

The value a series shows stays the latest filed, as reported; a
``SuspectedError`` names the filing, the figure and what it disagrees with.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal

from .facts import CompanyFacts, scan
from .periods import is_periodic
from .records import FactRecord, SuspectedErrorRecord, SuspectKind
from .restatements import filing_order, scale_factor, sign_reversed

COVER_TAG = "dei:EntityCommonStockSharesOutstanding"
NEIGHBOURS = 2  # on each side, of the same period type
NEIGHBOUR_DAYS = 800  # a neighbour further from the value than this (over two years) is not one
AGREE = 3.0  # neighbours (and a series and its cover count) "agree" within this factor
NEAR = 1.5  # "about 1,000 times" its neighbours: 667 to 1,500 times


def _by_period_type(values: list[FactRecord]) -> list[list[FactRecord]]:
    """``values`` in groups of one period type (annual, quarterly, instant, ...), each in order of period end:
    a value's neighbours in a series are those of its own kind."""
    groups: dict[str, list[FactRecord]] = defaultdict(list)
    for v in values:
        groups[v.period_type].append(v)
    return [sorted(group, key=lambda v: v.end) for group in groups.values()]


def _fmt(v: float | int) -> str:
    """A figure as a note writes it: 1,234,567; 0.019; a par value of 0.00001 in positional form, never 1e-05."""
    if float(v).is_integer():
        return f"{int(v):,}"
    text = f"{v:,.6g}"
    return f"{Decimal(str(v)):f}" if "e" in text else text


def _times(factor: int) -> str:
    return "1,000" if factor == 1000 else "1,000,000"


def tagging_errors(
    facts: CompanyFacts, tag: str, unit: str, period: tuple, first: tuple, suspects: list[tuple]
) -> list[SuspectedErrorRecord]:
    """Describe the B rows of a period revised and revised back (A, B, A), or revised once to another period's
    figure (A, B: :func:`sub_period_figure`)."""
    rows = (facts.tag(tag) or {}).get("units", {}).get(unit, [])
    out = []
    for b in suspects:
        kind: SuspectKind
        a_val, b_val = first[2], b[2]
        back = any((r[0], r[1]) == period and r[2] == a_val and filing_order(r) > filing_order(b) for r in rows)
        stands = (
            f"the filings before and after it report {_fmt(a_val)} (first in {first[3]})"
            if back
            else f"the filing before it reported {_fmt(a_val)} ({first[3]})"
        )
        factor = scale_factor(a_val, b_val)
        if factor:
            kind, why = "scale", f", {_times(factor)} times the figure {stands}"
        elif b_val == -a_val:
            kind, why = "tagging_error", f", the sign reversed: {stands}"
        else:
            kind, why = "tagging_error", (_other_period(rows, period, b) or "") + f"; {stands}"
        out.append(
            SuspectedErrorRecord(
                kind=kind,
                accession_number=b[3],
                form=b[6],
                filed=date.fromisoformat(b[7]),
                value=b_val,
                reason=f"{b[3]} ({b[6]}, filed {b[7]}) reported {_fmt(b_val)} for this period{why}. "
                f"A suspected tagging error in {b[3]}, not a restatement.",
            )
        )
    return out


def _other_period(rows: list[tuple], period: tuple, b: tuple) -> str | None:
    """': the figure of 2017-05-01..2017-07-30 in the same filing' when B is another period's value."""
    others = [r for r in rows if r[2] == b[2] and (r[0], r[1]) != period]
    if not others:
        return None
    r = min(others, key=lambda r: (r[3] != b[3], r[7]))
    span = f"{r[0]}..{r[1]}" if r[0] else f"at {r[1]}"
    return f", the figure of {span}" + (" in the same filing" if r[3] == b[3] else f" (in {r[3]})")


def sub_period_figure(rows: list[tuple], a: tuple, b: tuple) -> bool:
    """Whether ``b``'s figure, revising its period from ``a``'s (companyfacts rows), is exactly the figure that
    ``a``'s own filing gave a period inside it, of the same tag and unit: NVIDIA's 10-Q 0001045810-17-000123
    reports revenue of 4,167,000,000 for the six months to 2017-07-30 and 2,230,000,000 for the quarter
    2017-05-01..2017-07-30; its FY2018 10-K (0001045810-18-000010) tags 2,230,000,000 as the six months. The
    evidence is on file when B is, so B is a suspected tagging error whether or not a later filing reverts it.
    ``rows``: the tag's rows in one unit."""
    if not b[2] or b[0] is None or abs(b[2]) >= abs(a[2]):
        return False  # a part's figure replacing the whole's is the smaller (a weighted count is not additive)
    return any(
        r[3] == a[3]
        and r[2] == b[2]
        and r[0] is not None
        and (r[0], r[1]) != (b[0], b[1])
        and b[0] <= r[0]
        and r[1] <= b[1]
        for r in rows
    )


def flag_scale(facts: CompanyFacts, values: list[FactRecord], unit: str) -> None:
    """Add ``scale`` SuspectedErrors: share and per-share values about 1,000x off their anchor, and revisions.

    A revision exactly 1,000x apart (revision_kind suspected_tagging_error, any
    unit) names whichever of its two filings is off the anchor (Tesla's debt at
    2016-12-31: 1,114,652 in its FY2016 10-K, 1,114,652,000 later, in line with
    the balances after it); with no anchor to tell, the value shown. The anchor
    is the neighbours within two years on both sides, or on the one side that
    agrees, so a tag's own series and a catalogue concept's give the same answer. A value with no revision is flagged only in a
    share or per-share series: elsewhere a thousandfold swing can be real.
    """
    shares_like = unit == "shares" or unit.endswith("/shares")
    cover = _cover_counts(facts) if unit == "shares" else {}
    tracks = unit == "shares" and _tracks_cover(values, cover)
    from .series import _rounding_steps  # (series imports this module)

    step_of = _rounding_steps(facts, unit)

    def steps(v: FactRecord) -> tuple[Decimal, Decimal] | None:
        """The rounding steps of the value's first and current filings (restatements.select judged it by them)."""
        if step_of is None or not v.original_accession:
            return None
        first, now = step_of(v.original_accession), step_of(v.accession_number)
        return (first, now) if first is not None and now is not None else None

    for group in _by_period_type(values):
        for i, v in enumerate(group):
            revised = (
                scale_factor(v.original_value, v.value, steps(v))
                if v.revision_kind == "suspected_tagging_error"
                and v.original_value is not None
                and v.original_accession
                else None
            )
            if not (shares_like or revised) or any(e.kind == "scale" for e in v.suspected_errors):
                continue
            anchor, what, within = _anchor(v, group, i, cover if tracks else {})
            if anchor is None and revised and v.original_value is not None:
                # neighbours that do not agree among themselves can still all sit on one side of the pair
                anchor, what, within = _nearer(v, group, i, revised)
            shown_off = anchor is not None and _about_thousandfold(v.value, anchor, within)
            off_first = (
                revised
                and v.original_value is not None
                and (anchor is None or not _about_thousandfold(v.original_value, anchor, within))
            )
            if revised and v.original_value is not None and anchor is not None:
                # of a pair a thousandfold apart, the one within sqrt(factor) of the anchor is in line and the
                # other off, though neither is "about 1,000 times" the anchor itself (200 and 200,000 beside
                # neighbours of 3,000,000)
                value_near = _within(v.value, anchor, revised**0.5)
                if value_near != _within(v.original_value, anchor, revised**0.5):
                    shown_off, off_first = (None, False) if value_near else (revised, False)
            if shown_off or off_first:
                if shown_off:
                    why = (
                        f"about {_times(shown_off)} times off {what} ({_fmt(anchor)}): likely a scale error "
                        "by the filer (a figure in thousands filed as units, or the reverse)"
                    )
                else:
                    assert revised and v.original_value is not None  # off_first
                    why = (
                        f"{_times(revised)} times the {_fmt(v.original_value)} first reported in "
                        f"{v.original_accession}: one of the two filings has its scale wrong, and nothing in the "
                        "series tells which"
                    )
                v.suspected_errors.append(
                    SuspectedErrorRecord(
                        kind="scale",
                        accession_number=v.accession_number,
                        form=v.form,
                        filed=v.filed,
                        value=v.value,
                        reason=f"{_fmt(v.value)} is {why}. Shown as filed; check the filing before using it.",
                    )
                )
            elif revised and v.original_value is not None and v.original_accession:
                form, filed = _filing_of(facts, v.matched_tag, unit, v.original_accession)
                v.suspected_errors.append(
                    SuspectedErrorRecord(
                        kind="scale",
                        accession_number=v.original_accession,
                        form=form,
                        filed=filed or v.original_filed or v.filed,
                        value=v.original_value,
                        reason=f"{v.original_accession} first reported {_fmt(v.original_value)}, "
                        + (
                            f"{_times(revised)} times"
                            if abs(v.original_value) > abs(v.value)
                            else ("a thousandth of" if revised == 1000 else "a millionth of")
                        )
                        + f" the {_fmt(v.value)} that stands and is in line with {what}: a scale error in that "
                        "filing, corrected since.",
                    )
                )


def _filing_of(facts: CompanyFacts, tag: str, unit: str, accession: str) -> tuple[str | None, date | None]:
    """(form, filed) of the filing ``accession`` as the tag's rows give them, or (None, None)."""
    rows = ((facts.tag(tag) or {}).get("units") or {}).get(unit) or []
    for r in rows:
        if r[3] == accession:
            return r[6], date.fromisoformat(r[7])
    return None, None


def _anchor(v: FactRecord, group: list[FactRecord], i: int, cover: dict[str, float]) -> tuple:
    """(figure, what it is, tolerance) a value is judged against, or (None, "", 0) when nothing agrees."""
    if v.matched_tag != COVER_TAG and v.accession_number in cover:
        # Decisive even when neighbours share the error (NVIDIA's 2009-2011 10-Qs, a run of them). An
        # authorised or weighted count may run a few times the outstanding one.
        return cover[v.accession_number], f"the cover-page count of the same filing ({v.accession_number})", AGREE

    def usable(ns: list[FactRecord]) -> list[float | int]:
        # neighbours in time (a value years away says little of this one's scale), of the same sign, same basis
        return [
            n.value
            for n in ns
            if n.value
            and (n.value > 0) == (v.value > 0)
            and not n.pre_split_ratio
            and abs((n.end - v.end).days) <= NEIGHBOUR_DAYS
        ]

    def agree(xs: list[float | int]) -> bool:
        return len(xs) >= 2 and max(map(abs, xs)) <= AGREE * min(map(abs, xs))

    before, after = usable(group[max(0, i - NEIGHBOURS) : i]), usable(group[i + 1 : i + 1 + NEIGHBOURS])
    # Both sides when they agree; else the one side that does: the same answer for a tag's own series and for a
    # catalogue concept's (whose other tags may fill the gaps around the value)
    for near in (before + after, before, after):
        if agree(near):
            from statistics import median  # imported when a series is judged, not on every warm run

            return median(near), "its neighbours in the series", NEAR
    return None, "", 0.0


def _nearer(v: FactRecord, group: list[FactRecord], i: int, factor: int) -> tuple:
    """(figure, what, tolerance) for a pair ``factor`` times apart (v.original_value, v.value) whose neighbours do
    not agree within AGREE: the one of the two every neighbour (two at least) is within sqrt(factor) of, as the
    anchor; (None, "", 0) when they are not all on one side. NVIDIA's grants in the quarter to 2010-08-01, 200 and
    200,000: the neighbours run 500,000 to 3,900,000, all within 32x of 200,000."""
    near = [
        n.value
        for n in group[max(0, i - NEIGHBOURS) : i] + group[i + 1 : i + 1 + NEIGHBOURS]
        if n.value
        and (n.value > 0) == (v.value > 0)
        and not n.pre_split_ratio
        and abs((n.end - v.end).days) <= NEIGHBOUR_DAYS
    ]
    if len(near) < 2 or v.original_value is None:
        return None, "", 0.0
    reach = factor**0.5
    for side in (v.value, v.original_value):
        if all(_within(n, side, reach) for n in near):
            spread = f"{_fmt(min(near, key=abs))} to {_fmt(max(near, key=abs))}"
            return side, f"its neighbours in the series ({spread}, each within {reach:.0f} times of it)", NEAR
    return None, "", 0.0


def _within(a: float | int, b: float | int, reach: float) -> bool:
    """Whether ``a`` and ``b`` are of one sign and at most ``reach`` times apart."""
    return bool(a and b and (a > 0) == (b > 0) and max(abs(a), abs(b)) <= reach * min(abs(a), abs(b)))


def _about_thousandfold(value: float | int, anchor: float | int, within: float) -> int | None:
    """1000 or 1000000 when ``value`` is that many times off ``anchor`` (either way), within a factor ``within``."""
    if not value or not anchor or (value > 0) != (anchor > 0):
        return None
    ratio = abs(value) / abs(anchor)
    ratio = max(ratio, 1 / ratio)
    for factor in (1000, 1_000_000):
        if factor / within <= ratio <= factor * within:
            return factor
    return None


def _cover_counts(facts: CompanyFacts) -> dict[str, float]:
    """accession -> the cover-page share count it reports (classes added up)."""
    body = facts.tag(COVER_TAG)
    out: dict[str, float] = defaultdict(float)
    for r in (body or {}).get("units", {}).get("shares", []):
        out[r[3]] += r[2]
    return dict(out)


def _tracks_cover(values: list[FactRecord], cover: dict[str, float]) -> bool:
    """Whether a share series normally runs near the cover-page count (outstanding, weighted, issued shares).

    Option grants or forfeitures are legitimately a thousandth of the count: those
    series are judged by their neighbours alone.
    """
    ratios = [
        v.value / cover[v.accession_number]
        for v in values
        if v.accession_number in cover and cover[v.accession_number] and v.value
    ]
    from statistics import median

    return len(ratios) >= 4 and 1 / AGREE <= median(ratios) <= AGREE


def flag_sign(facts: CompanyFacts, values: list[FactRecord], unit: str) -> None:
    """Add ``tagging_error`` SuspectedErrors for values revised to exactly their negative (restatements.sign_reversed).

    The filings named are those of the figure the anchor contradicts: the sign the value's neighbours in the
    series share (two or more within two years, of the same period type), else the value shown (the later
    filings' figure), so the first-filed figure's filings are named. Nothing is changed: the value shown stays
    the latest filed.
    """
    for group in _by_period_type(values):
        for i, v in enumerate(group):
            was = v.original_value
            if (
                v.revision_kind != "suspected_tagging_error"
                or was is None
                or not sign_reversed(was, v.value)
                or any(e.kind == "tagging_error" for e in v.suspected_errors)
            ):
                continue
            near = [
                n.value
                for n in group[max(0, i - NEIGHBOURS) : i] + group[i + 1 : i + 1 + NEIGHBOURS]
                if n.value and abs((n.end - v.end).days) <= NEIGHBOUR_DAYS
            ]
            signs = {n > 0 for n in near}
            shown_off = len(near) >= 2 and signs == {was > 0}
            wrong, right = (v.value, was) if shown_off else (was, v.value)
            rows = [
                r
                for r in ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(unit) or []
                if is_periodic(r[6]) and _same_period(r, v.start, v.end)
            ]
            bad = sorted((r for r in rows if r[2] == wrong), key=lambda r: (r[7], r[3]))
            good = sorted((r for r in rows if r[2] == right), key=lambda r: (r[7], r[3]))
            if not bad or not good:
                continue
            if shown_off:
                why = (
                    f"the sign reversed: {good[0][3]} reported {_fmt(right)}, and the neighbouring periods of the "
                    f"series have {'positive' if right > 0 else 'negative'} figures"
                )
            else:
                why = f"the sign reversed: {good[0][3]} ({good[0][6]}, filed {good[0][7]}) reported {_fmt(right)}" + (
                    f", as did {len(good) - 1} later filing(s)" if len(good) > 1 else ""
                )
            for b in bad:
                v.suspected_errors.append(
                    SuspectedErrorRecord(
                        kind="tagging_error",
                        accession_number=b[3],
                        form=b[6],
                        filed=date.fromisoformat(b[7]),
                        value=b[2],
                        reason=f"{b[3]} ({b[6]}, filed {b[7]}) reported {_fmt(b[2])} for this period, {why}. "
                        f"A suspected tagging error in {b[3]}, not a restatement.",
                    )
                )


def _same_period(row: tuple, start: date | None, end: date) -> bool:
    """Whether a companyfacts row is the period ``start``..``end``, its dates within 3 days (series._PeriodKeys)."""
    if (row[0] is None) != (start is None) or abs((date.fromisoformat(row[1]) - end).days) > 3:
        return False
    return start is None or abs((date.fromisoformat(row[0]) - start).days) <= 3


def flag_swaps_and_par(facts: CompanyFacts, values: list[FactRecord], unit: str) -> None:
    """Turn two kinds of 'restatement' that are one filing's disagreement with the others into
    suspected_tagging_error with a ``tagging_error`` SuspectedError saying which:

    - a par value (a ``...ParOrStatedValuePerShare`` tag) given two figures for one date: a par value is set by
      the charter, not by results. The filing named is the one off the figure the tag's other filings give
      (NVIDIA's common stock par value 0.01 in the 10-K 0001045810-12-000013, 0.001 in every other filing);
    - two tags' figures for one period exchanged between two filings (NVIDIA's weighted-average exercise prices of
      options granted and exercised in FY2010: 11.50 and 5.74 in the 10-K 0001045810-11-000015, 5.74 and 11.50 in
      0001045810-12-000013): one filing put each figure on the other's tag; which one, the tags cannot tell.

    Only values still 'restatement' or 'reclassification' are read; the pass over the company's tags that finds a
    swap runs only when there is such a value, once per company (filing_index).
    """
    revised = [
        v
        for v in values
        if v.revision_kind in ("restatement", "reclassification", "undetermined")
        and v.original_value is not None
        and v.original_accession
        and v.original_value != v.value
    ]
    for v in revised:
        found = _par_value_reason(facts, v, unit) if "ParOrStatedValuePerShare" in v.matched_tag else None
        if found is None:
            found = _swap_reason(facts, v, unit)
        if found is None:
            continue
        accn, value, reason = found
        form, filed = _filing_of(facts, v.matched_tag, unit, accn)
        v.revision_kind = "suspected_tagging_error"
        v.suspected_errors.append(
            SuspectedErrorRecord(
                kind="tagging_error",
                accession_number=accn,
                form=form,
                filed=filed or v.filed,
                value=value,
                reason=reason,
            )
        )


def _par_value_reason(facts: CompanyFacts, v: FactRecord, unit: str) -> tuple[str, float | int, str] | None:
    """(filing, its figure, why) for a par value two filings give differently for one date: the filing off the
    par value of the nearest dates before and after when they agree, else (a date beside a change of par value:
    Apple's no-par shares became 0.00001 in 2014) the first-filed, with both neighbours named."""
    rows = [r for r in ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(unit) or [] if is_periodic(r[6])]
    end = v.end.isoformat()
    by_date: dict[str, tuple] = {}
    for r in sorted(rows, key=lambda r: (r[7], r[3])):
        if r[0] is None and r[1] != end and r[3] not in (v.original_accession, v.accession_number):
            by_date[r[1]] = r  # the latest filed for each other date, by the other filings
    before = max((d for d in by_date if d < end), default=None)
    after = min((d for d in by_date if d > end), default=None)
    if before is None and after is None:
        return None
    near = {by_date[d][2] for d in (before, after) if d is not None}
    pair = ((v.original_accession, v.original_value), (v.accession_number, v.value))
    if len(near) == 1:
        (usual,) = near
        off = [(acc, val) for acc, val in pair if val != usual]
        if not off:
            return None
        acc, val = off[0]
        assert acc is not None and val is not None
        around = " and ".join(f"{d}" for d in (before, after) if d is not None)
        also = f" (and {off[1][0]} as {_fmt(off[1][1] or 0)})" if len(off) > 1 else ""
        return (
            acc,
            val,
            f"{acc} gave the par value at this date as {_fmt(val)}{also}; the company's other filings give "
            f"{_fmt(usual)} at {around}. A par value is set by the charter, not by results: a suspected tagging "
            f"error in {acc}, not a restatement.",
        )
    acc, val = pair[0]
    assert acc is not None and val is not None and before is not None and after is not None
    return (
        acc,
        val,
        f"{acc} gave the par value at this date as {_fmt(val)}, {v.accession_number} {_fmt(v.value)}; it changed "
        f"about then ({_fmt(by_date[before][2])} at {before}, {_fmt(by_date[after][2])} at {after}). A par value "
        "is set by the charter, not by results: one of the two filings gives it from the wrong side of the "
        "change, not a restatement.",
    )


def _swap_reason(facts: CompanyFacts, v: FactRecord, unit: str) -> tuple[str, float | int, str] | None:
    before, after = v.original_accession, v.accession_number
    assert before is not None and v.original_value is not None
    start, end = (v.start.isoformat() if v.start else None), v.end.isoformat()
    index = filing_index(facts)
    # another tag with this tag's later figure in the first filing and its first figure in the later one
    was, now = index.get((before, unit, start, end), {}), index.get((after, unit, start, end), {})
    other = sorted(
        t for t in was.keys() & now.keys() if t != v.matched_tag and was[t] == v.value and now[t] == v.original_value
    )
    if not other:
        return None
    tag = other[0]
    return (
        after,
        v.value,
        f"{v.matched_tag} and {tag} exchanged their figures for this period between {before} "
        f"({_fmt(v.original_value)} and {_fmt(v.value)}) and {after} ({_fmt(v.value)} and "
        f"{_fmt(v.original_value)}): one of the two filings put each figure on the other's tag. A suspected "
        "tagging error, not a restatement; which filing has it, the tags cannot tell.",
    )


def filing_index(facts: CompanyFacts) -> dict[tuple, dict[str, float | int]]:
    """(accession, unit, start, end) -> {tag: figure}: every row of the company by filing and period, built by one
    pass over its tags on first use (only a revision still unexplained asks for it) and kept on the facts object."""
    hit = facts.__dict__.get("_filing_index")
    if hit is None:
        hit = facts.__dict__["_filing_index"] = defaultdict(dict)
        for tag, body in scan(facts.tags):
            for unit, rows in (body.get("units") or {}).items():
                for r in rows:
                    hit[(r[3], unit, r[0], r[1])][tag] = r[2]
    return hit

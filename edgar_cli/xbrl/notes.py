"""The notes and warnings that go with a concept's values: what a reader must know to use them.

:func:`describe_values` reads the values an answer shows (currencies, the tags they came from, splits never
restated, suspected filer errors, revisions); :func:`quarter_gaps` names the quarters a duration series
reports only inside longer periods. Both return plain sentences; nothing here changes a value.
"""

from __future__ import annotations

from collections.abc import Callable

from ..vocabulary import param, surface, tool
from .catalogue import Concept
from .facts import CompanyFacts
from .records import SHARE_BASIS_KINDS, FactRecord
from .restatements import substantive_revision
from .series import Series, beside_key, currency_note, unit_family


def apart_warning(spec: Concept, series: Series, shown: list) -> str | None:
    """The warning that a value shown is its tag alone, with a line the filer tags beside it on its own (TSMC's
    bonds beside its long-term bank loans, ``spec.apart``), or None: said by every answer showing such a value
    (concept, series, compare)."""
    unit = series.unit or ""
    part = next((v for v in shown if series.apart.get(beside_key(v.start, v.end), ("",))[0] == v.matched_tag), None)
    if part is None:
        return None
    tag, line, r = series.apart[beside_key(part.start, part.end)]
    return (
        f"{spec.label} here is {tag} alone: the filer tags {line} on its own line beside it ({r[2]:,} {unit} at "
        f"{r[1]}, {r[3]}, against {part.value:,} {part.unit or unit} for {tag}), which is not in it. For all of its "
        f"{spec.label.lower()} add the two (ask for {line}); edgar does not add them."
    )


def beside_lines(facts: CompanyFacts, spec: Concept, shown: list[FactRecord]) -> list[str]:
    """One note per line of ``spec.beside`` the filer tags in the same filing and period as a value shown (Snowflake
    tags us-gaap:PaymentsToDevelopSoftware beside its purchases of property and equipment): the line, its value,
    period and filing for each such value, newest first. Nothing is added to the figure."""
    out: list[str] = []
    for tag, what in spec.beside:
        found = []
        for v in sorted(shown, key=lambda v: v.end, reverse=True):
            if v.start is None:
                continue
            rows = ((facts.tag(tag) or {}).get("units") or {}).get(v.unit) or ()
            r = next(
                (
                    r
                    for r in rows
                    if r[0] == v.start.isoformat() and r[1] == v.end.isoformat() and r[3] == v.accession_number
                ),
                None,
            )
            if r is not None and r[2]:  # a line tagged 0 is not one the figure leaves out
                found.append(f"{r[2]:,} {v.unit} for {v.start} to {v.end} ({r[3]})")
        if found:
            out.append(
                f"The same filings also tag {tag} ({what}), which is not in {spec.name} as defined here ("
                f"{spec.definition[:1].lower()}{spec.definition[1:].rstrip('.')}): {'; '.join(found)}. "
                f"{spec.beside_why} edgar does not add it."
            )
    return out


TAGS_APART = "These values come from different XBRL tags, whose definitions may differ: "


def defining_tags(v: FactRecord) -> str:
    """The tags that define a value: its own, or a sum's parts, less a short-term line tagged 0 (NVIDIA's
    total_debt at 2025-01-26 adds us-gaap:CommercialPaper tagged 0 in 0001045810-25-000023: there was none, which
    makes no other definition; a long-term part of 0 stays, as it says which lines the debt was read from)."""
    from .composite import OTHER_SHORT, PAPER, SHORT_TERM

    zero_short = (SHORT_TERM, PAPER, OTHER_SHORT)
    parts = [c.matched_tag for c in v.components or () if c.value or c.matched_tag not in zero_short]
    return " + ".join(parts) if parts else v.matched_tag


def tags_apart_warning(shown: list[FactRecord]) -> str:
    """The one warning that the values shown come from different tags (a sum's: from different nonzero parts),
    each tag with its count and dates ("ending 2025-01-26" for one date, "ending A to B" for a span); "" where
    one definition holds them all."""
    used = list(dict.fromkeys(defining_tags(v) for v in shown))
    if len(used) < 2:
        return ""
    spans = []
    for tag in used:
        ends = [v.end for v in shown if defining_tags(v) == tag]
        when = f"ending {min(ends)}" if min(ends) == max(ends) else f"ending {min(ends)} to {max(ends)}"
        spans.append(f"{tag} for {len(ends)} period(s) {when}")
    return TAGS_APART + "; ".join(spans) + "."


def describe_values(
    series: Series, spec: Concept, shown: list[FactRecord], reporting_currency: str | None = None
) -> tuple[list[str], list[str]]:
    """Notes and warnings about the values actually returned."""
    notes: list[str] = []
    warnings: list[str] = []
    unit = series.unit or ""
    home = reporting_currency or ""
    cnote = currency_note(unit, reporting_currency)
    if cnote:
        notes.append(cnote)
    other = [
        u
        for u in series.units_available
        if u != unit
        and u.split("/")[0] != unit.split("/")[0]
        and unit_family(u) == unit_family(unit)
        and unit_family(u) in ("currency", "currency/shares")
    ]
    if other:
        what = (
            "a convenience translation"
            if home and all(u.split("/")[0] != home for u in other)
            else "the reporting currency"
            if home and any(u.split("/")[0] == home for u in other)
            else "another currency"
        )
        # said of the periods shown: a unit offered only where it has a value for one of them
        periods = _periods(shown)
        has = {u: periods & (series.unit_periods.get(u) or set()) for u in other}
        offered = [u for u in other if has[u]]
        every = bool(periods) and bool(offered) and all(has[u] == periods for u in offered)
        if offered:
            notes.append(
                (
                    f"The filer reports every period shown in {', '.join(offered)} as well ({what})"
                    if every
                    else f"The filer also reports some of the periods shown in {', '.join(offered)} ({what})"
                )
                + f"; those are not mixed in: ask for them with {param('unit')} {offered[0].split('/')[0]}."
            )
        else:
            spans = []
            for u in other:
                ends = sorted(e for _s, e in series.unit_periods.get(u) or set())
                if ends:
                    spans.append(f"{u} ({what}) only for periods ending {ends[0]} to {ends[-1]}")
            if spans:
                notes.append(
                    f"The filer also reports {spec.name} in {'; '.join(spans)}, none of them a period shown "
                    f"(ask for those with {param('unit')} {other[0].split('/')[0]} and their fiscal years)."
                )
    if any(v.matched_tag.startswith("ifrs-full:") for v in shown):
        notes.append("IFRS figures (a foreign private issuer's 20-F): definitions differ from US GAAP.")
    used = list(dict.fromkeys(v.matched_tag for v in shown))
    apart = tags_apart_warning(shown)
    if apart:
        warnings.append(apart)
    part = apart_warning(spec, series, shown)
    if part is not None:
        warnings.append(part)
    totals = [v for v in shown if series.wider.get(beside_key(v.start, v.end), ("",))[0] == v.matched_tag]
    if totals:
        total = max(totals, key=lambda v: v.end)  # the latest date shown where the two differ
        tag, line, r = series.wider[beside_key(total.start, total.end)]
        what = next((t.caveat for t in spec.chain if t.tag == line and t.caveat), "").rstrip(".")
        what = what[:1].lower() + what[1:] if what[1:2].islower() else what  # "Includes ...", not "IFRS ..."
        if total.start is None:
            notes.append(
                f"At {total.end}"
                + (f" (and {len(totals) - 1} other date(s) shown)" if len(totals) > 1 else "")
                + f" {spec.label.lower()} is {tag}; the filer also tags {line}"
                + (f" ({what})" if what else "")
                + f": {r[2]:,} {unit} at {r[1]} ({r[3]}), against {total.value:,} {unit}. That total is the balance "
                f"sheet's other line; ask for {line} for it."
            )
        elif len(totals) == 1:
            notes.append(
                f"For {total.start} to {total.end} {spec.label.lower()} is {tag}; the same filing ({r[3]}) also tags "
                f"{line} (the consolidated total, including noncontrolling interests): {r[2]:,} {unit}, against "
                f"{total.value:,} {unit}. Ask for {line} for it."
            )
        else:  # each period's figure: an agent answering for any one of them needs its own
            each = []
            for v in sorted(totals, key=lambda v: v.end, reverse=True):
                _tag, _line, w = series.wider[beside_key(v.start, v.end)]
                each.append(f"{w[2]:,} {unit} against {v.value:,} {unit} for {v.start} to {v.end} ({w[3]})")
            notes.append(
                f"For {len(totals)} periods shown {spec.label.lower()} is {tag}; the filer also tags {line} (the "
                f"consolidated total, including noncontrolling interests), in the filing named: {'; '.join(each)}. "
                f"Ask for {line} for them."
            )
    earlier = [(v.value, v.end, *first) for v in shown if (first := first_filed_of(series, v)) is not None]
    if earlier:
        notes.append(first_filed_note(sorted(earlier, key=lambda x: x[1])))
    ignored: dict[str, int] = {}  # form -> the facts of a period shown ignored in it
    for (form, start, end), n in series.ignored_periods.items():
        if (start, end) in _periods(shown):
            ignored[form] = ignored.get(form, 0) + n
    if ignored:
        forms = ", ".join(f"{n} in {f}" for f, n in sorted(ignored.items()))
        notes.append(f"Facts repeated outside periodic reports were ignored ({forms}).")
    caveats = {t.tag: t.caveat for t in spec.chain}
    first_of_taxonomy: dict[str, str] = {}
    for t in spec.chain:
        first_of_taxonomy.setdefault(t.tag.split(":")[0], t.tag)
    for tag in used:
        if tag not in first_of_taxonomy.values() and caveats.get(tag):
            notes.append(f"Matched {tag}, not the first tag of the chain: {caveats[tag]}")
    pre_split = [v for v in shown if v.pre_split_ratio]
    if pre_split:
        warnings.append(
            "Some values predate a stock split and were not restated for it (pre_split_ratio): "
            + "; ".join(
                f"{v.end} ({v.pre_split_ratio:g}-for-1 since"
                + (", a recapitalisation's exchange ratio" if not float(v.pre_split_ratio or 0).is_integer() else "")
                + (
                    f"; restated for an earlier split in {v.accession_number}"
                    if v.revision_kind in SHARE_BASIS_KINDS
                    else ""
                )
                + ")"
                for v in pre_split
            )
            + ". They are on the old share basis; do not compare them with later values as they stand."
        )
    reverse = [v for v in shown if v.pre_reverse_split_ratio]
    if reverse:
        warnings.append(
            "Some values predate a reverse split or recapitalisation and were not restated for it "
            "(pre_reverse_split_ratio): "
            + "; ".join(
                f"{v.end} (1-for-{v.pre_reverse_split_ratio:g} since"
                + (
                    ", a recapitalisation's exchange ratio"
                    if not float(v.pre_reverse_split_ratio or 0).is_integer()
                    else ""
                )
                + ")"
                for v in reverse
            )
            + ". They are on the old share basis (more shares, smaller per-share amounts); do not compare them "
            "with later values as they stand."
        )
    suspect = [(v, e) for v in shown for e in v.suspected_errors]
    if suspect:
        warnings.append(
            "Some filed figures look like the filer's own errors (suspected_errors; shown as filed, never "
            "corrected): "
            + "; ".join(
                f"{v.end}: {e.kind.replace('_', ' ')} in {e.accession_number}"
                + (", the value shown" if e.accession_number == v.accession_number else "")
                for v, e in suspect
            )
            + "."
        )
    revised = [v for v in shown if substantive_revision(v.restated, v.revision_kind, v.value, v.original_value)]

    def listed(vs: list[FactRecord]) -> str:
        return "; ".join(
            f"{v.end}: {v.original_value:,} in {v.original_accession}, {v.value:,} in {v.accession_number}"
            + (f" ({why})" if (why := series.reclassified.get(_period(v))) else "")
            for v in vs
        )

    moved = [v for v in revised if v.revision_kind == "reclassification"]
    if moved:
        notes.append(
            "Reclassified, not restated: the figure changed with the filer's presentation, not its results (each "
            f"names what is the same in both filings): {listed(moved)}."
        )
    split = [v for v in revised if v.revision_kind in SHARE_BASIS_KINDS]
    if split:
        notes.append(
            "Restated for a stock split, reverse split or share exchange, not a change in results: the same "
            "amount on the share "
            f"basis of the filing that restated it (revision_kind): {_split_listed(split, series.values, listed)}" + "."
        )
    told = {v.end for v, _ in suspect}
    errors = [v for v in revised if v.revision_kind == "suspected_tagging_error" and v.end not in told]
    if errors:
        warnings.append(
            "Another filing's figure for these periods looks like a filer error; the value shown is the one "
            f"the company's other filings bear out (revision_kind suspected_tagging_error): {listed(errors)}."
        )
    rounded = [v for v in shown if v.revision_kind == "precision_change" and _more_precise(v.original_value, v.value)]
    if rounded:
        notes.append(
            "Filed first more precisely, later rounded (revision_kind precision_change: the same figure; "
            "original_value is the first): "
            + "; ".join(
                f"{v.end}: {v.original_value:,} in {v.original_accession}"
                + (f" (filed {v.original_filed})" if v.original_filed else "")
                + f", {v.value:,} in {v.accession_number} shown"
                for v in rounded
            )
            + "."
        )
    changed = [v for v in revised if v.revision_kind in ("restatement", None)]
    untold = [v for v in revised if v.revision_kind == "undetermined"]
    if untold:
        warnings.append(
            f"{len(untold)} of these values {'was' if len(untold) == 1 else 'were'} revised after first being "
            f"reported, and whether the results changed cannot be told (revision_kind undetermined; original_value "
            f"is the first figure): " + "; ".join(f"{listed([v])} ({series.untold[_period(v)]})" for v in untold) + "."
        )
    if changed:
        warnings.append(
            f"{len(changed)} of these values {'was' if len(changed) == 1 else 'were'} restated after first being "
            f"reported (results changed; original_value is the first figure): {listed(changed)}."
        )
    return notes, warnings


def _more_precise(first: float | int | None, shown: float | int) -> bool:
    """True when the first filed value carries digits the value shown rounded away (21,461,268,000 against
    21,461,000,000), never the other way round."""
    if first is None or first == shown:
        return False

    def zeros(x: float | int) -> int:
        n = int(round(abs(x)))
        if n == 0 or n != abs(x):
            return -1  # a fraction: every digit counts
        k = 0
        while n % 10 == 0:
            n //= 10
            k += 1
        return k

    return zeros(first) < zeros(shown)


def _split_ratios(values: list[FactRecord], series_values: list[FactRecord] | None = None) -> str:
    """The ratios the split values imply, "a 4-for-1 split" (per share: the first filed over the value; a share
    count: the value over the first filed). A ratio within the rounding of the two figures as written of a ratio
    the company is known to have split by (the series' pre_split_ratio and pre_reverse_split_ratio, and the whole
    ratios its other revisions show within 2%) is that split: NVIDIA's FY2023 basic EPS 1.76
    (0001045810-23-000017) against 0.18 (0001045810-25-000023) is 9.78, the 10-for-1 split rounded to two
    decimals. Otherwise a ratio within 2% of a whole one is that split, and any other is named as the
    pre_split_ratio warnings name it, "1-for-5.88, a recapitalisation's exchange ratio" (LPA's weighted shares:
    168,142,740 in 0001493152-24-016772, 28,600,000 in 0001997711-25-000030). Each ratio says where it comes from:
    "by the ratio of the two figures" (a split's N they round to, or their own ratio), "by the restated weighted
    share counts" (a ratio the shares show and the figures only round to: LPA's EPS 0.048 -> 0.28 is 5.83)."""

    found = list(_split_ratio_of(values, series_values).values())
    kinds = list(dict.fromkeys(found))
    by_source = {src: [w for w, s in kinds if s == src] for _, src in kinds}
    return "; ".join(f"{'; '.join(said)} by {src}" for src, said in by_source.items())


def _split_ratio_of(
    values: list[FactRecord], series_values: list[FactRecord] | None = None
) -> dict[int, tuple[str, str]]:
    """Each split value's ratio in words and where it comes from, by ``id`` of the value (:func:`_split_ratios`
    says how): NVIDIA's FY2021 diluted EPS 6.9 -> 1.73 is "a 4-for-1 split", its FY2023 1.74 -> 0.17 "a 10-for-1
    split", both "the ratio of the two figures"."""

    def ratio_of(v: FactRecord) -> float:
        per_share = v.unit.endswith("/shares")
        return (v.original_value / v.value) if per_share else (v.value / v.original_value)  # type: ignore[operator]

    def words(ratio: float) -> str:
        if float(round(ratio, 2)).is_integer() or float(round(1 / ratio, 2)).is_integer():
            return f"a {round(ratio)}-for-1 split" if ratio >= 1 else f"a 1-for-{round(1 / ratio)} reverse split"
        said = f"{ratio:.3g}-for-1" if ratio >= 1 else f"1-for-{1 / ratio:.3g}"
        return f"{said}, a share exchange or recapitalisation's ratio, not a split (revision_kind share_exchange)"

    usable = [v for v in values if v.original_value and v.value]
    known: set[float] = set()
    for v in (series_values or []) + usable:
        if v.pre_split_ratio:
            known.add(float(v.pre_split_ratio))
        if v.pre_reverse_split_ratio:
            known.add(1 / float(v.pre_reverse_split_ratio))
    for v in usable:
        r = ratio_of(v)
        whole = round(r) if r >= 1 else round(1 / r)
        if whole >= 2 and abs((r if r >= 1 else 1 / r) - whole) <= 0.02 * whole:
            known.add(float(whole) if r >= 1 else 1 / whole)

    figures = "the ratio of the two figures"

    def source(k: float) -> str:
        # a known ratio that is no whole N is the one the restated weighted shares show (series._ratio_shown sets
        # pre_split_ratio to it): it is not the ratio of the two figures, which only round to it
        whole = float(round(k, 2)).is_integer() or float(round(1 / k, 2)).is_integer()
        return figures if whole else "the restated weighted share counts"

    found: dict[int, tuple[str, str]] = {}  # id of the value -> (the ratio in words, where it comes from)
    for v in usable:
        r = ratio_of(v)
        per_share = v.unit.endswith("/shares")
        fits = [k for k in known if (k >= 1) == (r >= 1) and _within_rounding(v.original_value, v.value, k, per_share)]  # type: ignore[arg-type]
        whole = round(r) if r >= 1 else round(1 / r)
        if fits:
            k = min(fits, key=lambda k: abs(k / r - 1))
            found[id(v)] = (words(k), source(k))
        elif whole >= 2 and abs((r if r >= 1 else 1 / r) - whole) <= 0.02 * whole:
            found[id(v)] = (words(float(whole) if r >= 1 else 1 / whole), figures)
        elif whole >= 2:
            found[id(v)] = (words(r), figures)
    return found


def _split_listed(split: list[FactRecord], series_values: list[FactRecord], listed: Callable) -> str:
    """The split-restated values listed, with the split each is restated for: one ratio for them all after the
    list ("...; 2024-01-28: 11.93 in A, 1.19 in B (a 10-for-1 split by the ratio of the two figures)"), or, when
    they differ, each period's split after its own figures (NVIDIA's FY2021 diluted EPS, 6.9 in
    0001045810-21-000010 and 1.73 in 0001045810-22-000036, a 4-for-1 split; its FY2023 and FY2024, a 10-for-1)."""
    of = _split_ratio_of(split, series_values)
    if len(set(of.values())) <= 1:
        return listed(split) + "".join(f" ({r})" for r in [_split_ratios(split, series_values)] if r)
    return "; ".join(
        listed([v]) + (f" ({of[id(v)][0]} by {of[id(v)][1]})" if id(v) in of else " (its ratio not told)")
        for v in split
    )


def _half_step(x: float | int) -> float:
    """Half the rounding step of a figure as written: 0.005 for 0.18 (two decimals), 0.5 for a whole number."""
    text = repr(float(x)) if not float(x).is_integer() else ""
    if "e" in text or not text:
        return 0.5 if not text else 0.0
    return 0.5 * 10.0 ** -len(text.split(".")[1])


def _within_rounding(first: float | int, now: float | int, ratio: float, per_share: bool) -> bool:
    """Whether ``ratio`` (first over now per share, now over first for a share count) lies within the rounding of
    the two figures as written: NVIDIA's FY2023 basic EPS 1.76 (0001045810-23-000017) against 0.18
    (0001045810-25-000023) is 9.78, yet 0.18 stands for anything from 0.175 to 0.185, and 1.76 / 10 = 0.176."""
    hi_first, hi_now = _half_step(first), _half_step(now)
    top, bottom = (first, now) if per_share else (now, first)
    h_top, h_bottom = (hi_first, hi_now) if per_share else (hi_now, hi_first)
    lo, hi = abs(bottom) - h_bottom, abs(bottom) + h_bottom
    if lo <= 0:
        return False  # a figure rounded to nothing bears out any ratio: no evidence
    return (abs(top) - h_top) / hi <= ratio <= (abs(top) + h_top) / lo


def first_filed_of(series: Series, v: FactRecord) -> tuple[str, str, str, str] | None:
    """(tag, accession, filed, form) of the earlier filing that gave ``v``'s figure under another tag of the
    concept (Series.first_filed), None when ``v`` cites the first filing of its figure."""
    got = series.first_filed.get(_period(v))
    if got is None:
        return None
    tag, r = got
    return (tag, r[3], r[7], r[6])


def first_filed_note(earlier: list[tuple]) -> str:
    """The note for values first filed under another tag of the concept, each ``(value, end, tag, accession,
    filed, form)``, oldest first (the latest three named): "The same value was filed earlier under another tag of
    the concept: 10,918,000,000 for the period ending 2020-01-26 on 2020-02-20 in 0001045810-20-000010 (10-K,
    us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax). ..."."""
    firsts = "; ".join(
        f"{value:,} for the period ending {end} on {filed} in {accn} ({form}, {tag})"
        for value, end, tag, accn, filed, form in earlier[-3:]
    )
    more = f" (and {len(earlier) - 3} more)" if len(earlier) > 3 else ""
    return (
        f"The same value was filed earlier under another tag of the concept: {firsts}{more}. Each row cites the "
        "first filing of the tag edgar follows (matched_tag); the figure itself is unchanged."
    )


def _period(v: FactRecord) -> tuple[str | None, str]:
    """The (start, end) ISO dates of one value, as Series.reclassified keys them."""
    return (v.start.isoformat() if v.start else None, v.end.isoformat())


def _periods(shown: list[FactRecord]) -> set[tuple[str | None, str]]:
    """The (start, end) ISO dates of the values shown, as Series.unit_periods and ignored_periods key them."""
    return {(v.start.isoformat() if v.start else None, v.end.isoformat()) for v in shown}


def _years(years: list[int]) -> str:
    """FY2026, FY2025 and FY2024 (newest first)."""
    names = [f"FY{y}" for y in sorted(set(years), reverse=True)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _derive_q4_hint(one: bool = True) -> str:
    """Where a Q4 implied by the year less the nine months is derived, marked as such, on this surface (of one
    quarter, or of several: "derive them (each marked derived, with its formula and both filings)")."""
    it, each = ("it", "") if one else ("them", "each ")
    if surface() == "cli":
        return (
            f"Ask with {param('derive')} q4 to derive {it} ({each}marked derived, with its formula and both filings)."
        )
    return (
        f"{tool('get_financial_series')} with {param('derive')} q4 derives {it} ({each}marked derived, with its "
        "formula and both filings)."
    )


def quarter_gaps(values: list[FactRecord], years: list[int]) -> list[str]:
    """Notes on the quarters of ``years`` a duration series reports only inside longer periods.

    Q4 is usually implied (the annual figure less the nine months); cash-flow
    statements report Q2 and Q3 only year-to-date (six and nine months). edgar
    never subtracts one from the other.
    """
    have: dict[int, set[str]] = {}
    for v in values:
        if v.fiscal_year in years and v.fiscal_period and v.period_type != "instant":  # a balance has no Q4 gap
            have.setdefault(v.fiscal_year, set()).add(v.fiscal_period)
    # Q4 is missing only in a year that reports other quarters: an annual-only filer (a 20-F) has no quarters
    no_q4 = [y for y, p in have.items() if "FY" in p and "Q4" not in p and p & {"Q1", "Q2", "Q3", "H1", "9M"}]
    ytd_only = {q: [y for y, p in have.items() if q not in p and ytd in p] for q, ytd in (("Q2", "H1"), ("Q3", "9M"))}
    notes = []
    if no_q4:
        # one year's Q4 "is ... its own quarter; it is"; several years' "are ... their own quarters; they are"
        one = len(set(no_q4)) == 1
        notes.append(
            f"Q4 of {_years(no_q4)} {'is' if one else 'are'} not reported as "
            f"{'its own quarter; it is' if one else 'their own quarters; they are'} only implied by the annual "
            f"{'figure' if one else 'figures'} less the nine months, and not shown here. {_derive_q4_hint(one)}"
        )
    both = sorted(set(ytd_only["Q2"]) & set(ytd_only["Q3"]))
    for quarters, ys, spans in (
        ("Q2 and Q3", both, "six and nine months"),
        ("Q2", [y for y in ytd_only["Q2"] if y not in both], "six months"),
        ("Q3", [y for y in ytd_only["Q3"] if y not in both], "nine months"),
    ):
        if ys:
            are = "are" if " and " in quarters or len(set(ys)) > 1 else "is"
            notes.append(
                f"{quarters} of {_years(ys)} {are} reported only year-to-date ({spans} from the start of "
                f"the fiscal year), as cash-flow statements are; edgar does not subtract them to make a "
                f"quarter. Use {param('period')} all to see the year-to-date values."
            )
    return notes


def _period_name(v: FactRecord) -> str:
    """FY2021, FY2024 Q3, or the period's end date when it has no fiscal label."""
    if v.fiscal_year is None or v.fiscal_period is None:
        return v.end.isoformat()
    return f"FY{v.fiscal_year}" if v.fiscal_period == "FY" else f"FY{v.fiscal_year} {v.fiscal_period}"


def _names(values: list[FactRecord]) -> str:
    names = list(dict.fromkeys(_period_name(v) for v in sorted(values, key=lambda v: v.end, reverse=True)))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def reported_again(facts: CompanyFacts, v: FactRecord) -> int:
    """How many periodic filings other than the first to report ``v``'s period (its tag and unit) report it
    again, in the facts as held (distinct accessions); 0 when none does."""
    from .periods import is_periodic
    from .restatements import filing_order

    rows = ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(v.unit) or []
    start = v.start.isoformat() if v.start else None
    end = v.end.isoformat()
    mine = [r for r in rows if r[0] == start and r[1] == end and is_periodic(r[6])]
    if not mine:
        return 0
    first = min(mine, key=filing_order)[3]
    return len({r[3] for r in mine} - {first})


def revisions_unseen(facts: CompanyFacts, shown: list[FactRecord]) -> list[str]:
    """Of the values shown, those no later filing in the facts reports again: whether they were revised could
    not be seen, so "not restated" is not implied of them (Tesla's FY2021 net income, in its FY2021 10-K
    0000950170-22-000796 only: its facts end at 2022-09-30, before the FY2022 10-K that would repeat it). The
    rest are named as reported again by a later filing, unchanged or revised. No note when every value shown
    was reported again, or when the facts reach the filer's latest report (its newest values then have no later
    report anywhere, not only none in the facts)."""
    from ..sec.companyfacts import facts_end

    if facts.coverage_note is None:
        return []
    reported = [v for v in shown if not v.components and not v.formula]
    again = {id(v): reported_again(facts, v) for v in reported}
    later = {id(v): later_annual_reports(facts, v) for v in reported if again[id(v)] == 0}
    unseen = [v for v in reported if again[id(v)] == 0 and not later[id(v)]]
    passed = [v for v in reported if again[id(v)] == 0 and later[id(v)]]
    if not unseen:
        return []
    one = len(unseen) == 1
    where = "; ".join(dict.fromkeys(f"{_period_name(v)} in {v.accession_number}" for v in unseen))
    end = facts_end(facts)
    text = (
        f"Revisions: {_names(unseen)} {'is' if one else 'are'} reported in no later filing in the facts "
        f"({where}{f'; the facts end at {end}' if end else ''}), so a later revision of "
        f"{'it' if one else 'them'} could not be seen: whether {'it was' if one else 'they were'} revised is unknown; "
        f"the later reports' own text says ({tool('get_filing_section')})."
    )
    same = [v for v in reported if again[id(v)] and not v.restated]
    changed = [v for v in reported if again[id(v)] and v.restated]
    if same:
        text += f" {_names(same)}: later filings reported the same value again."
    if changed:
        text += f" {_names(changed)}: later filings revised the value (restated, with the first figure)."
    for v in passed:
        accns = later[id(v)]
        which = f"report {accns[0]} does" if len(accns) == 1 else f"reports {', '.join(accns)} do"
        text += (
            f" {_period_name(v)}: the later annual {which} not report it again (a balance sheet repeats only the "
            "prior year, an income statement the years it compares): no revised figure for it is in the facts."
        )
    return [text]


def later_annual_reports(facts: CompanyFacts, v: FactRecord) -> list[str]:
    """The annual reports (10-K, 20-F, 40-F) in the facts filed after ``v``'s first filing that report its tag
    and unit for any period, oldest first: a later report exists, so a revision of ``v`` could have been seen
    (LPA's FY2022 total assets, first in 0001493152-24-016772, and its FY2024 20-F 0001997711-25-000030)."""
    from .periods import ANNUAL_FORMS, base_form
    from .restatements import filing_order

    rows = ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(v.unit) or []
    start = v.start.isoformat() if v.start else None
    mine = [r for r in rows if r[0] == start and r[1] == v.end.isoformat()]
    if not mine:
        return []
    first = min(mine, key=filing_order)
    after = sorted(
        (r for r in rows if filing_order(r) > filing_order(first) and base_form(r[6]) in ANNUAL_FORMS), key=filing_order
    )
    return list(dict.fromkeys(r[3] for r in after))

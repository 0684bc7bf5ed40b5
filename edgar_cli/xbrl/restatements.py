"""One value per period from many filings: the latest filed wins, the original is kept.

A period is often reported in several filings (as the current period, then as
a comparative a year later, sometimes in an amendment). When they agree there
is nothing to say, and the value is cited from the first filing that reported
it. When they differ, the latest-filed value is the company's current word;
the first-filed one is returned beside it (``original``), and the revision is
classified:

- ``stock_split``: a per-share value fell, or a share count rose, by a
  near-integer ratio (NVIDIA's FY2024 diluted EPS 11.93 -> 1.19 after its
  10-for-1 split);
- ``reverse_split``: the other direction, per-share values up and counts down
  by the ratio: a reverse split or a recapitalisation's exchange ratio (Logistic
  Properties of the Americas' FY2022 basic EPS 0.048 -> 0.28 and weighted shares
  168,142,740 -> 28,600,000 after its 2024 business combination). Never called
  a forward split;
- ``share_exchange``: a ``stock_split`` or ``reverse_split`` whose ratio is no
  split's: the company's own restated weighted shares show a ratio more than
  0.5% off a whole N, and the figure's own ratio is not whole either (LPA's
  0.048 -> 0.28 is 5.83, its shares show 5.88: the share exchange of its 2024
  business combination, no 1-for-6 reverse split). Set by the series
  (xbrl/series.py), which knows the company's shares;
- ``precision_change``: equal after rounding to the coarser precision
  (60,922 million vs 60,921,999,000 reported in thousands). A round figure's
  trailing zeros say little of its rounding; the rounding step of its filing
  (filing_steps: every amount of a filing in millions is a multiple of
  1,000,000) does: NVIDIA's FY2014 interest expense 10,443,000, 10,000,000 once
  its filings went to millions;
- ``suspected_tagging_error``: a filing's figure the company's own filings do
  not bear out. Either the value was revised and revised back (A, B, A) with B
  more than a rounding difference: NVIDIA's six months to 2017-07-30 revenue is
  4,167,000,000 in its 10-Qs and 2,230,000,000 (the second quarter alone) in
  the FY2018 10-K, 0001045810-18-000010; the B filings are in ``suspects``.
  Or two values exactly 1,000 or 1,000,000 times apart (a figure filed in
  thousands without its scale: NVIDIA's 546,639 diluted shares in
  0001045810-10-000029 against 546,639,000 in 0001045810-09-000024). Or one
  figure with its sign reversed (Tesla's interest expense for the six months to
  2013-06-30: -20,234,000 in 0001193125-13-327916, 20,234,000 in the filings
  after it); a sign change of another magnitude stays a restatement;
- ``restatement``: anything else.

Revised and revised back within rounding (Tesla's Q2 2014 net income:
-61,900,000 in its 10-Q, -61,902,000 in the FY2014 10-K, -61,900,000 again) is a
``precision_change`` whose original is still the first-filed -61,900,000.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from .periods import base_form
from .records import RevisionKind

# What each kind of revision is, in words a table's legend and a warning use: only a restatement changed results.
REVISION_WORDS: dict[str, str] = {
    "restatement": "restated: results changed",
    "undetermined": "revised: whether results changed or only the presentation cannot be told from the facts",
    "reclassification": "reclassified: presented differently (another line, netted, or counted elsewhere), results unchanged",
    "stock_split": "restated for a stock split: the same amount on a later filing's share basis",
    "reverse_split": "restated for a reverse split: the same amount on a later filing's share basis",
    "share_exchange": (
        "restated by a share exchange or recapitalisation's ratio, not a split: the same amount on a later filing's "
        "share basis"
    ),
    "suspected_tagging_error": "another filing's figure for the period looks like a filer error (see suspected_errors)",
    "precision_change": "filed again rounded: nothing changed",
}


def substantive_revision(restated: bool, kind: str | None, value: float | int, original: float | int | None) -> bool:
    """Whether a value's revision changed something a reader must be told: not a rounding (precision_change), not
    a period revised back to the value first filed (unless a filer error is suspected in between)."""
    if not restated or kind == "precision_change":
        return False
    return kind == "suspected_tagging_error" or original != value


@dataclass
class Selection:
    row: tuple  # provenance of the current value: the first filing of the latest-filed value's run
    original: tuple | None  # the first-filed row, when values differ
    distinct: int
    revision_kind: RevisionKind | None
    latest_filed: str = ""  # the last filing date that reported this period
    suspects: list[tuple] = field(default_factory=list)  # rows of A, B, A's B filings (suspected_tagging_error)


def filing_order(row: tuple) -> tuple:
    """Sort key of a companyfacts row by when it was reported."""
    # filed date, then an original before its amendment on the same day, then accession
    _s, _e, _v, accn, _fy, _fp, form, filed, _fr = row
    return (filed, form.endswith("/A"), accn)


def select(rows: list[tuple], unit: str, step_of: Callable[[str], Decimal | None] | None = None) -> Selection:
    """Pick the latest-filed row of one period and describe any revision. ``step_of``: accession -> its
    filing's rounding step (filing_steps), when known."""

    def steps(x: tuple, y: tuple) -> tuple[Decimal, Decimal] | None:
        if step_of is None:
            return None
        sx, sy = step_of(x[3]), step_of(y[3])
        return (sx, sy) if sx is not None and sy is not None else None

    ordered = sorted(rows, key=filing_order)
    latest = ordered[-1]
    # The current value is the latest filed; cite the first filing that reported
    # it (a FY2024 figure repeated unchanged in the FY2025 and FY2026 10-Ks is
    # cited from the FY2024 10-K).
    i = len(ordered) - 1
    while i > 0 and ordered[i - 1][2] == latest[2]:
        i -= 1
    cite = ordered[i]
    values = []
    for r in ordered:
        if r[2] not in values:
            values.append(r[2])
    if len(values) == 1:
        return Selection(row=cite, original=None, distinct=1, revision_kind=None, latest_filed=latest[7])
    first = ordered[0]
    if first[2] != latest[2]:
        return Selection(
            row=cite,
            original=first,
            distinct=len(values),
            # (the step of the filing that first gave the current value: later ones may round differently)
            revision_kind=classify_revision(first[2], latest[2], unit, steps(first, cite)),
            latest_filed=latest[7],
        )
    # Revised and revised back (A, B, A): the original is still the first-filed A. A B within
    # rounding of A is a precision difference; any other B is the B filing's error, not a restatement.
    suspects = [
        r
        for r in ordered
        if r[2] != first[2]
        and not _rounding_apart(first[2], r[2])
        and classify_revision(first[2], r[2], unit, steps(first, r)) != "precision_change"
    ]
    return Selection(
        row=cite,
        original=first,
        distinct=len(values),
        revision_kind="suspected_tagging_error" if suspects else "precision_change",
        latest_filed=latest[7],
        suspects=suspects,
    )


def _rounding_apart(a: float | int, b: float | int) -> bool:
    """At most one unit of the last reported digit apart: 13,013,000 and 13,012,000 (Tesla's warranty accrual)."""
    step = max(_precision(a), _precision(b))
    return abs(Decimal(str(a)) - Decimal(str(b))) <= step


def _precision(value: float | int) -> Decimal:
    """The rounding step a reported value implies: 60922000000 -> 1e6, 11.93 -> 0.01."""
    d = Decimal(str(value)).normalize()
    exp = d.as_tuple().exponent
    return Decimal(1).scaleb(exp if isinstance(exp, int) else 0)


def split_candidates(original: float | int, latest: float | int, max_ratio: int = 200) -> set[int]:
    """Every N for which the two rounded values could be exactly N-for-1 apart (empty: not a split).

    Each value is allowed half its own rounding step: 0.08 -> 0.02 fits 3, 4 and 5
    (Tesla's Q1 2020 EPS around its 5-for-1 split), 11.93 -> 1.19 fits only 10.
    """
    a, b = Decimal(str(original)), Decimal(str(latest))
    if a == 0 or b == 0 or (a > 0) != (b > 0):
        return set()
    pa, pb = _precision(original), _precision(latest)
    big, small, pbig, psmall = (abs(a), abs(b), pa, pb) if abs(a) > abs(b) else (abs(b), abs(a), pb, pa)
    if big < small * Decimal("1.5"):
        # a round figure's wide rounding must not make a few percent a split: 10,412,000 -> 10,000,000 is not 2-for-1
        return set()
    lo = (big - pbig / 2) / (small + psmall / 2)
    hi = (big + pbig / 2) / max(small - psmall / 2, Decimal("1e-12"))
    lo, hi = lo * Decimal("0.999"), hi * Decimal("1.001")
    return {n for n in range(max(2, int(lo)), min(max_ratio, int(hi)) + 1) if lo <= n <= hi}


def classify_revision(
    original: float | int, latest: float | int, unit: str, steps: tuple[Decimal, Decimal] | None = None
) -> RevisionKind:
    """How a period's figure ``original`` differs from ``latest`` (module docstring). ``steps``: the rounding step
    of each value's filing (filing_steps), when known: the evidence a round figure cannot give of its own rounding."""
    a, b = Decimal(str(original)), Decimal(str(latest))
    fine, coarse = sorted((_precision(original), _precision(latest)))
    # A value's rounding step is read from its trailing zeros, so a round figure (0.40 printed 0.4, 200,000,000,
    # 10,000,000) looks coarse: only a coarse value of 3 significant digits or more is evidence of a rounding
    # (NVIDIA's Q2 FY2017 diluted EPS 0.40 -> 0.41 is a restatement; 1,000,000 -> 10,000,000 a split)
    rounded = max(abs(a), abs(b)) / coarse >= 100 and min(abs(a), abs(b)) / coarse >= 100
    if rounded and (a / coarse).quantize(Decimal(1), ROUND_HALF_UP) == (b / coarse).quantize(Decimal(1), ROUND_HALF_UP):
        return "precision_change"  # (half up, as filers round: 2,476,500,000 is 2,477 million, not 2,476)
    if rounded and fine != coarse and abs(a - b) <= coarse:
        # re-presented in a coarser unit, a total of rounded parts can be a unit off its own rounding: Tesla's
        # FY2018 current assets 8,306,308,000, later 8,307,000,000 when its filings went to millions
        return "precision_change"
    if (
        steps
        and max(steps) > 1
        # (a share count's step is its filing's currency step: never evidence against a split's ratio)
        and not ("shares" in unit and split_candidates(original, latest))
        and (_same_at(a, b, max(steps)) or (steps[0] != steps[1] and fine != coarse and abs(a - b) <= max(steps)))
    ):
        # a filing that rounds every amount to millions re-presents 10,443,000 as 10,000,000 (NVIDIA's FY2014
        # interest expense in 0001045810-16-000205): its step, not the figure's trailing zeros, is the evidence;
        # and a total of rounded parts can be a unit off (Tesla's Q4 2018 net income 139,483,000 -> 140,000,000)
        return "precision_change"
    if scale_factor(original, latest, steps) or sign_reversed(original, latest):
        return "suspected_tagging_error"
    if "shares" in unit and split_candidates(original, latest):
        return "stock_split" if _forward(original, latest, unit) else "reverse_split"
    return "restatement"


def _same_at(a: Decimal, b: Decimal, step: Decimal) -> bool:
    return (a / step).quantize(Decimal(1), ROUND_HALF_UP) == (b / step).quantize(Decimal(1), ROUND_HALF_UP)


def filing_steps(rows: Iterable[tuple]) -> dict[str, Decimal]:
    """accession -> the rounding step of its amounts (1, 1,000 or 1,000,000): the finest any of its nonzero figures
    in ``rows`` (companyfacts rows of one currency, any tags) allows. A filing in millions reports every amount as
    a multiple of 1,000,000; one figure in thousands makes the step 1,000."""
    steps: dict[str, int] = {}  # in plain ints while reading (this runs over every row of a currency), then Decimal
    for r in rows:
        v = r[2]
        if not v:
            continue
        accn = r[3]
        finest = steps.get(accn, 1_000_001)
        if finest == 1:
            continue
        if type(v) is not int:  # a float (or an int subclass): as an int when it is a whole number
            if not float(v).is_integer():
                steps[accn] = 1
                continue
            v = int(v)
        if v % 1000:
            steps[accn] = 1
        elif finest > 1000:  # a step of 1,000 or 1,000,000 can only refine what is known
            steps[accn] = 1000 if v % 1_000_000 else min(finest, 1_000_000)
    return {accn: _STEPS[step] for accn, step in steps.items()}


_STEPS = {1: Decimal(1), 1000: Decimal(1000), 1_000_000: Decimal(1_000_000)}


def basis_change(kind: str | None) -> str:
    """A share-basis revision's cause in words, as its kind says it: "a stock split", "a reverse split", "a share
    exchange or recapitalisation" (a ratio no split gives)."""
    return {
        "stock_split": "a stock split",
        "reverse_split": "a reverse split",
        "share_exchange": "a share exchange or recapitalisation",
    }.get(kind or "", "a stock split, reverse split or share exchange")


def split_direction(kind: str | None, unit: str, original: float | int | None, value: float | int) -> str | None:
    """The direction of a share-basis revision, "stock_split" (counts up, per-share down) or "reverse_split" (the
    other way), whatever its kind says of the ratio (a share_exchange goes one way or the other); None for any
    other kind."""
    if kind in ("stock_split", "reverse_split"):
        return kind
    if kind == "share_exchange" and original and value:
        return "stock_split" if _forward(original, value, unit) else "reverse_split"
    return None


def _forward(original: float | int, latest: float | int, unit: str) -> bool:
    """The direction of a forward split: share counts rise, per-share values fall."""
    rose = abs(latest) > abs(original)
    return rose if unit == "shares" else not rose


def scale_factor(a: float | int, b: float | int, steps: tuple[Decimal, Decimal] | None = None) -> int | None:
    """1000 or 1000000 when ``a`` and ``b`` are the same digits that far apart (either way), else None.

    546,639 and 546,639,000 are; so are 861,745 and 861,744,571 (the same figure
    rounded to thousands); 1,000 and 1,050,000 are not, nor 1 and 1,000 (too few
    digits to tell a dropped scale from a coincidence). ``steps``: the rounding
    step of each value's filing (filing_steps), when known: 200 in a filing that
    reports to the unit has three digits (NVIDIA's 200 restricted shares granted
    in 0001045810-10-000029, 200,000 in 0001045810-11-000046), though its
    trailing zeros allow one.
    No company restates by exactly a thousandfold: one of the two filings dropped
    (or doubled) its "in thousands" scale.
    """
    x, y = Decimal(str(a)), Decimal(str(b))
    if x == 0 or y == 0 or (x > 0) != (y > 0):
        return None
    # each value with its own precision and the finest its filing's rounding step allows (200 to the unit)
    sa, sb = (min(_precision(a), steps[0]), min(_precision(b), steps[1])) if steps else (_precision(a), _precision(b))
    (big, pbig, _), (small, psmall, ssmall) = sorted(
        [(abs(x), _precision(a), sa), (abs(y), _precision(b), sb)], reverse=True
    )
    if small / ssmall < 100:  # fewer than 3 significant digits (1 and 1,000; 0.08 and 80): no evidence
        return None
    for factor in (1000, 1_000_000):
        # equal within the smaller figure's rounding: 861,745 (thousands) against 861,744,571
        if abs(big - small * factor) <= (psmall * factor + pbig) / 2:
            return factor
    return None


def sign_reversed(a: float | int, b: float | int) -> bool:
    """Whether ``a`` and ``b`` are one figure with opposite signs (-20,234,000 and 20,234,000; 0.17 and -0.17).

    No restatement turns a figure into exactly its negative: one of the two filings tagged it with the wrong
    sign. A sign change of another magnitude (a gain restated to a smaller loss) is not this.
    """
    return a != 0 and a == -b


def is_amendment(form: str) -> bool:
    return form != base_form(form)


def split_events(revisions: list[tuple]) -> list[tuple]:
    """Stock splits seen in a series: [(first filing date showing it, N)], one per split.

    ``revisions`` are (filed, original, latest) of values revised as splits of one
    direction (stock_split or reverse_split; the caller keeps them apart).
    Revisions filed within about a year of each other are one split; its N is the
    ratio every revision of the group allows (the most precise values decide, so a
    rounding-blurred 0.08 -> 0.02 does not turn a 5-for-1 split into a 4-for-1).
    """
    groups: list[list[tuple]] = []
    for rev in sorted(revisions, key=lambda r: r[0]):
        if groups and (rev[0] - groups[-1][0][0]).days < 400:
            groups[-1].append(rev)
        else:
            groups.append([rev])
    events = []
    for group in groups:
        common: set[int] | None = None
        for _when, orig, latest in group:
            cands = split_candidates(orig, latest)
            if cands:
                common = cands if common is None else (common & cands or common)
        if common:
            best = max(group, key=lambda r: max(abs(r[1]), abs(r[2])))
            preferred = split_candidates(best[1], best[2]) & common or common
            n = min(
                preferred,
                key=lambda k: abs(
                    Decimal(str(max(abs(best[1]), abs(best[2])))) / Decimal(str(min(abs(best[1]), abs(best[2])))) - k
                ),
            )
            events.append((group[0][0], n))
    return events

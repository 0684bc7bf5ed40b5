"""One value per period from many filings: the latest filed wins, the original is kept.

A period is often reported in several filings (as the current period, then as
a comparative a year later, sometimes in an amendment). When they agree there
is nothing to say, and the value is cited from the first filing that reported it. When they differ, the latest-filed value is the company's
current word; the first-filed one is returned beside it, and the revision is
classified:

- ``stock_split``: a per-share or share value changed by a near-integer ratio
  (NVIDIA's FY2024 diluted EPS 11.93 -> 1.19 after its 10-for-1 split);
- ``precision_change``: equal after rounding to the coarser precision
  (60,922 million vs 60,921,999,000 reported in thousands);
- ``restatement``: anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .periods import base_form


@dataclass
class Selection:
    row: tuple  # provenance of the current value: the first filing of the latest-filed value's run
    original: tuple | None  # the first-filed row, when values differ
    distinct: int
    revision_kind: str | None
    latest_filed: str = ""  # the last filing date that reported this period


def _sort_key(row: tuple) -> tuple:
    # filed date, then an original before its amendment on the same day, then accession
    _s, _e, _v, accn, _fy, _fp, form, filed, _fr = row
    return (filed, form.endswith("/A"), accn)


def select(rows: list[tuple], unit: str) -> Selection:
    """Pick the latest-filed row of one period and describe any revision."""
    ordered = sorted(rows, key=_sort_key)
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
    if first[2] == latest[2]:
        # Revised and revised back: report the first row that differs as the "original".
        first = next(r for r in ordered if r[2] != latest[2])
    return Selection(row=cite, original=first, distinct=len(values),
                     revision_kind=classify_revision(first[2], latest[2], unit), latest_filed=latest[7])


def _precision(value: float | int) -> Decimal:
    """The rounding step a reported value implies: 60922000000 -> 1e6, 11.93 -> 0.01."""
    d = Decimal(str(value)).normalize()
    exp = d.as_tuple().exponent
    return Decimal(1).scaleb(exp if isinstance(exp, int) else 0)


def classify_revision(original: float | int, latest: float | int, unit: str) -> str:
    a, b = Decimal(str(original)), Decimal(str(latest))
    pa, pb = _precision(original), _precision(latest)
    coarse = max(pa, pb)
    if (a / coarse).quantize(Decimal(1)) == (b / coarse).quantize(Decimal(1)):
        return "precision_change"
    if "shares" in unit and a != 0 and b != 0 and (a > 0) == (b > 0):
        big, small = (abs(a), abs(b)) if abs(a) > abs(b) else (abs(b), abs(a))
        ratio = big / small
        n = ratio.to_integral_value()
        if n >= 2:
            # Could the two rounded values be exactly n apart? Allow each its half rounding step.
            pbig, psmall = (pa, pb) if abs(a) > abs(b) else (pb, pa)
            slack = pbig / 2 + n * psmall / 2 + big * Decimal("0.001")
            if abs(big - n * small) <= slack:
                return "stock_split"
    return "restatement"


def is_amendment(form: str) -> bool:
    return form != base_form(form)


def split_ratio(original: float | int, latest: float | int) -> int:
    """The N of an N-for-1 split seen as original -> latest (per-share falls, share counts rise)."""
    a, b = abs(Decimal(str(original))), abs(Decimal(str(latest)))
    big, small = (a, b) if a > b else (b, a)
    return int((big / small).to_integral_value()) if small else 1

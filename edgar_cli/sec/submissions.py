"""A company's filing history from data.sec.gov/submissions, across its pages.

``CIK##########.json`` carries the company header and ``filings.recent``: the
latest 1,000 or so filings (at least a year's worth), as parallel arrays.
Older filings sit in the pages that ``filings.files`` lists
(``CIK##########-submissions-001.json``, ...), each with its listed date range
and count. :class:`History` reads ``recent`` first and older pages only on
request, newest first, and keeps track of what it could not read:

- a page the SEC does not serve (404) leaves a gap;
- a page whose content does not match its listing (fewer filings, an earlier
  last date: a stale copy) leaves a gap between what it holds and what it
  should hold.

Filings are keyed by accession number, so overlapping pages never duplicate.
This module parses; the capability in ``capabilities/filings/`` decides.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

from ..errors import EdgarError
from . import urls
from .client import SecClient

if TYPE_CHECKING:
    from ..xbrl.records import SourceKind

# The form families ``--form`` accepts, and what each stands for.
FORM_FAMILIES: dict[str, tuple[str, ...]] = {
    "10-K": ("10-K", "10-K/A", "10-KT", "10-KT/A", "10-K405", "10-K405/A"),
    "10-Q": ("10-Q", "10-Q/A", "10-QT", "10-QT/A"),
    "20-F": ("20-F", "20-F/A"),
    "40-F": ("40-F", "40-F/A"),
    "8-K": ("8-K", "8-K/A"),
}
ANNUAL_FAMILIES = frozenset({"10-K", "20-F", "40-F"})
PERIODIC_FAMILIES = frozenset({"10-K", "10-Q", "20-F", "40-F"})
_FAMILY_OF = {form: fam for fam, forms in FORM_FAMILIES.items() for form in forms}

# How far a 52/53-week year's end may drift from the recorded fiscal year end.
FYE_TOLERANCE = timedelta(days=21)


def family_of(form: str) -> str | None:
    return _FAMILY_OF.get(form)


def base_form(form: str) -> str:
    return form.removesuffix("/A")


def is_amendment(form: str) -> bool:
    return form.endswith("/A")


# --- fiscal calendar ------------------------------------------------------------------------------


def fye_mmdd(raw: Any) -> str | None:
    """``"0926"`` -> ``"09-26"``; None for missing or malformed values."""
    text = str(raw or "").strip()
    if len(text) != 4 or not text.isdigit():
        return None
    month, day = int(text[:2]), int(text[2:])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{text[:2]}-{text[2:]}"


def _anchor(year: int, mmdd: str) -> date:
    month, day = int(mmdd[:2]), int(mmdd[3:])
    while True:
        try:
            return date(year, month, day)
        except ValueError:  # 02-29 in a common year, 04-31, ...
            day -= 1


def _label(anchor: date) -> int:
    """A fiscal year is labelled by the year it ends in; one ending in the first days of
    January (a 52/53-week December year that spilled over) by the year before."""
    if anchor.month == 1 and anchor.day <= 10:
        return anchor.year - 1
    return anchor.year


def fiscal_year_of(period_end: date, fye: str | None, *, annual: bool) -> int | None:
    """The fiscal year a period of report belongs to, by the company's fiscal year end.

    NVIDIA (fiscal year end 01-31): a 10-K for the period 2024-01-28 is FY2024 and
    a 10-Q for 2024-04-28 is FY2025. Apple (09-26): 2024-09-28 is FY2024,
    2023-12-30 FY2024. An annual report whose period is not near the recorded
    fiscal year end (the company changed it) is labelled by its own period end; an
    interim report of a company without a recorded fiscal year end gets None.
    """
    if fye is None:
        return _label(period_end) if annual else None
    anchors = [_anchor(y, fye) for y in range(period_end.year - 1, period_end.year + 2)]
    nearest = min(anchors, key=lambda a: abs((a - period_end).days))
    if annual:
        if abs(nearest - period_end) <= FYE_TOLERANCE:
            return _label(nearest)
        return _label(period_end)
    following = next(a for a in anchors if a >= period_end - FYE_TOLERANCE)
    return _label(following)


# A 10-Q is labelled by the next annual report when one ends within this span after it: three
# quarters of a 52/53-week year, or four of a transition year, but not a year with a missing 10-K.
NEXT_ANNUAL_SPAN = timedelta(days=400)


class FiscalCalendar:
    """Fiscal years of periodic reports, from the company's own annual report periods.

    The header's ``fiscalYearEnd`` is today's; a company that changed its fiscal
    year end (FIELD-NOTES T06: Imunon, CIK 749647, filed September-year 10-Ks
    until 2003, then calendar years) would have its old quarters mislabelled by
    it. So an interim report (10-Q) takes the fiscal year of the next annual
    report (10-K, 20-F, 40-F, originals) ending within ``NEXT_ANNUAL_SPAN`` after
    its period; only quarters after the latest annual report (or before a gap
    in them) fall back to the recorded fiscal year end.
    """

    def __init__(self, rows: list[Row], fye: str | None):
        self.fye = fye
        annual = {
            r.report_date
            for r in rows
            if r.report_date is not None and not is_amendment(r.form) and family_of(r.form) in ANNUAL_FAMILIES
        }
        self._annual = sorted(annual)
        self._labels = [fiscal_year_of(d, fye, annual=True) for d in self._annual]

    def next_annual(self, period_end: date) -> tuple[date, int] | None:
        """The period end and fiscal year of the first annual report ending on or after ``period_end``."""
        k = bisect_left(self._annual, period_end)
        if k == len(self._annual) or self._annual[k] - period_end > NEXT_ANNUAL_SPAN:
            return None
        label = self._labels[k]
        return (self._annual[k], label) if label is not None else None

    def fiscal_year(self, form: str, period_end: date | None) -> int | None:
        fam = family_of(form)
        if period_end is None or fam not in PERIODIC_FAMILIES:
            return None
        if fam in ANNUAL_FAMILIES:
            return fiscal_year_of(period_end, self.fye, annual=True)
        following = self.next_annual(period_end)
        if following is not None:
            return following[1]
        return fiscal_year_of(period_end, self.fye, annual=False)


def estimated_year_end(fiscal_year: int, fye: str | None) -> date:
    """Roughly when fiscal year ``fiscal_year`` ends."""
    if fye is None:
        return date(fiscal_year, 12, 31)
    anchor = _anchor(fiscal_year, fye)
    return _anchor(fiscal_year + 1, fye) if _label(anchor) != fiscal_year else anchor


# --- rows and pages -------------------------------------------------------------------------------


@dataclass
class Row:
    accession: str
    form: str
    filing_date: date
    report_date: date | None
    acceptance: str
    items: list[str]
    is_xbrl: bool
    is_inline_xbrl: bool
    primary_document: str
    primary_doc_description: str
    size: int | None
    page: str

    @property
    def order_key(self) -> tuple:
        return (self.filing_date, self.acceptance, self.accession)


@dataclass
class Page:
    name: str
    url: str
    listed_from: date | None
    listed_to: date | None
    listed_count: int | None
    status: Literal["read", "not_needed", "unavailable"] = "not_needed"
    rows_read: int = 0
    actual_from: date | None = None
    actual_to: date | None = None
    detail: str = ""

    @property
    def gap(self) -> tuple[date, date] | None:
        """The listed dates this page should cover but does not (after reading)."""
        if self.status == "unavailable":
            return (self.listed_from or date.min, self.listed_to or date.max)
        # The listed dates are not exact (a listing may end a few days after the last filing,
        # or a day before it across time zones): the count is what tells a stale copy.
        if self.status != "read" or self.listed_count is None or self.rows_read >= self.listed_count:
            return None
        if self.actual_to is None:
            return (self.listed_from or date.min, self.listed_to or date.max)
        return (self.actual_to, max(self.listed_to or self.actual_to, self.actual_to))


def as_date(value: Any) -> date | None:
    """``2024-09-28`` or ``2007-01-10T00:00:00.000Z`` -> a date; None for anything else."""
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def parse_rows(block: dict, page: str) -> list[Row]:
    """Rows from the parallel arrays of ``filings.recent`` or an older page."""
    try:
        accns = block["accessionNumber"]
        forms = block["form"]
        filed = block["filingDate"]
    except (KeyError, TypeError):
        raise EdgarError(
            "upstream_unavailable",
            f"The submissions page {page} has an unexpected shape.",
            "Try again later; if it persists, report it.",
        ) from None
    n = len(accns)

    def col(name: str, default: Any = "") -> list:
        values = block.get(name)
        return list(values) if isinstance(values, list) and len(values) == n else [default] * n

    report, accepted, items, xbrl, ixbrl, doc, desc, size = (
        col("reportDate"),
        col("acceptanceDateTime"),
        col("items"),
        col("isXBRL", 0),
        col("isInlineXBRL", 0),
        col("primaryDocument"),
        col("primaryDocDescription"),
        col("size", None),
    )
    rows = []
    for i in range(n):
        fdate = as_date(filed[i])
        accn = str(accns[i] or "")
        if fdate is None or not urls.ACCESSION_RE.fullmatch(accn):
            continue
        rows.append(
            Row(
                accession=accn,
                form=str(forms[i] or "").strip(),
                filing_date=fdate,
                report_date=as_date(report[i]),
                acceptance=str(accepted[i] or ""),
                items=[s.strip() for s in str(items[i] or "").split(",") if s.strip()],
                is_xbrl=bool(_int(xbrl[i])),
                is_inline_xbrl=bool(_int(ixbrl[i])),
                primary_document=str(doc[i] or "").strip(),
                primary_doc_description=str(desc[i] or "").strip(),
                size=_int(size[i]),
                page=page,
            )
        )
    return rows


@dataclass
class History:
    """What has been read of one company's submissions, and what has not."""

    cik: int
    header: dict
    rows: dict[str, Row] = field(default_factory=dict)
    pages: list[Page] = field(default_factory=list)  # [recent, newest older page, ..., oldest]
    origin: SourceKind = "live"  # live (the SEC), cache (the disk cache) or bulk (the local bulk store)
    as_of: Any = None  # when fetched (live, or the cached copy), or the bulk archive's publication time (bulk)
    # dated notes (SecClient.stale_note) for each file read from a cached copy because refreshing it failed
    stale_notes: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, client: SecClient, cik: int) -> History:
        """Read ``CIK##########.json`` (the header and ``recent``); older pages stay unread."""
        url = urls.submissions(cik)
        data, origin, as_of, stale = _get_submissions(client, url)
        if not isinstance(data, dict) or not isinstance(data.get("filings"), dict):
            raise EdgarError(
                "upstream_unavailable",
                f"The submissions file for CIK {cik} has an unexpected shape.",
                "Try again later; if it persists, report it.",
            )
        filings = data["filings"]
        header = {k: v for k, v in data.items() if k != "filings"}
        hist = cls(cik=cik, header=header, origin=origin, as_of=as_of, stale_notes=[stale] if stale else [])
        recent = parse_rows(filings.get("recent") or {"accessionNumber": [], "form": [], "filingDate": []}, "recent")
        first = Page(
            name="recent",
            url=url,
            listed_from=None,
            listed_to=None,
            listed_count=len(recent),
            status="read",
            rows_read=len(recent),
        )
        hist.pages.append(first)
        hist._add(recent, first)
        first.listed_from, first.listed_to = first.actual_from, first.actual_to
        older = []
        for entry in filings.get("files") or []:
            name = str((entry or {}).get("name") or "")
            older.append(
                Page(
                    name=name,
                    url=urls.submissions_page(name),
                    listed_from=as_date(entry.get("filingFrom")),
                    listed_to=as_date(entry.get("filingTo")),
                    listed_count=_int(entry.get("filingCount")),
                )
            )
        older.sort(key=lambda p: p.listed_to or date.min, reverse=True)
        hist.pages.extend(older)
        return hist

    def _add(self, rows: list[Row], page: Page) -> None:
        for row in rows:
            self.rows.setdefault(row.accession, row)
        dates = [r.filing_date for r in rows]
        page.actual_from = min(dates, default=None)
        page.actual_to = max(dates, default=None)

    def unread(self) -> list[Page]:
        """Older pages not read yet, newest first."""
        return [p for p in self.pages[1:] if p.status == "not_needed"]

    def read(self, client: SecClient, page: Page) -> Page:
        """Read one older page; a page the SEC does not serve is marked unavailable, not fatal."""
        try:
            data, _origin, _as_of, stale = _get_submissions(client, page.url)
        except EdgarError as exc:
            if exc.code != "not_found":
                raise
            page.status = "unavailable"
            page.detail = (
                "the mirror (EDGAR_MIRROR) does not hold this page (HTTP 404)"
                if exc.extras.get("mirror")
                else "the SEC does not serve this page (HTTP 404)"
            )
            return page
        if stale and stale not in self.stale_notes:
            self.stale_notes.append(stale)
        rows = parse_rows(data if isinstance(data, dict) else {}, page.name)
        page.status = "read"
        page.rows_read = len(rows)
        self._add(rows, page)
        gap = page.gap
        if gap is not None:
            page.detail = (
                f"listed with {page.listed_count} filings {page.listed_from}..{page.listed_to} but holds "
                f"{page.rows_read} filings {page.actual_from}..{page.actual_to}; filings after "
                f"{gap[0]} up to {gap[1]} are missing"
            )
        return page

    def gaps(self, since: date | None, until: date | None) -> list[tuple[Page, date, date]]:
        """Listed date ranges overlapping [since, until] that pages read could not supply."""
        out = []
        for p in self.pages[1:]:
            g = p.gap
            if g is None:
                continue
            lo, hi = g
            if (since is None or hi >= since) and (until is None or lo <= until):
                out.append((p, lo, hi))
        return out

    def sorted_rows(self) -> list[Row]:
        """Every row read, newest first."""
        return sorted(self.rows.values(), key=lambda r: r.order_key, reverse=True)


def _get_submissions(client: SecClient, url: str) -> tuple[Any, SourceKind, Any, str | None]:
    """(parsed JSON, origin, as_of, stale note): the seam with the bulk store (edgar_cli.bulk.source), else the
    client. A cached copy served because refreshing it failed is origin "cache", dated when it was fetched, with
    the client's dated note (:meth:`SecClient.stale_note`)."""
    import json

    from ..bulk.source import bulk_submissions

    hit = bulk_submissions(client, url.rsplit("/", 1)[-1])
    if hit is not None:
        try:
            return json.loads(hit[0]), "bulk", hit[1], None
        except ValueError:
            pass
    before = len(client.requests.urls)
    data = client.get_json(url, kind="submissions")
    stale = client.stale_note(url)
    if len(client.requests.urls) > before and stale is None:
        return data, "live", client.settings.clock(), None
    entry = client.cache.get(f"submissions:{url}")  # when the cached copy was fetched
    return data, "cache", getattr(entry, "stored_at", None), stale


# --- amendments -----------------------------------------------------------------------------------


def link_amendments(rows: list[Row]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Which original each amendment amends: same company, same base form, same period of report,
    filed no later than the amendment. Linked only when exactly one original fits (8-Ks often share
    an event date; a guess would be worse than no link).

    Returns (amendment -> original, original -> [amendments in filing order]).
    """
    originals: dict[tuple[str, date], list[Row]] = {}
    family_originals: dict[tuple[str, date], list[Row]] = {}
    for r in rows:
        if r.report_date is None or is_amendment(r.form):
            continue
        originals.setdefault((r.form, r.report_date), []).append(r)
        fam = family_of(r.form)
        if fam:
            family_originals.setdefault((fam, r.report_date), []).append(r)
    amends: dict[str, str] = {}
    chains: dict[str, list[Row]] = {}
    for r in rows:
        if not is_amendment(r.form) or r.report_date is None:
            continue
        cands = [o for o in originals.get((base_form(r.form), r.report_date), []) if o.filing_date <= r.filing_date]
        if not cands and (family := family_of(r.form)):
            cands = [o for o in family_originals.get((family, r.report_date), []) if o.filing_date <= r.filing_date]
        if len(cands) != 1:
            continue
        amends[r.accession] = cands[0].accession
        chains.setdefault(cands[0].accession, []).append(r)
    ordered = {k: [a.accession for a in sorted(v, key=lambda a: a.order_key)] for k, v in chains.items()}
    return amends, ordered

"""What a filing's primary document says about itself: CIK and accession from its Archives URL, form,
period and names from its inline-XBRL cover page (the ``dei:`` facts).

Used to index a filing by its document when the SEC's submissions history for the
company is not at hand (``index_add(documents=[...])``): the URL
``https://www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/<file>``
names the CIK and the accession number; the cover page tags
``dei:DocumentType`` (10-K, 10-Q, 20-F, with /A), ``dei:DocumentPeriodEndDate``,
``dei:DocumentFiscalYearFocus``, ``dei:EntityRegistrantName``,
``dei:EntityCentralIndexKey`` and ``dei:TradingSymbol``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import date, datetime

_URL_RE = re.compile(r"^https://www\.sec\.gov/Archives/edgar/data/(\d{1,10})/(\d{18})/([A-Za-z0-9_.\-]+)$")
_TAG_RE = re.compile(r"<[^>]*>")
_DATE_FORMATS = ("%B %d, %Y", "%B %d %Y", "%Y-%m-%d", "%m/%d/%Y", "%b %d, %Y", "%b. %d, %Y", "%d %B %Y")


@dataclass
class Cover:
    cik: str  # 10 digits
    accession: str  # 0000000000-00-000000
    document_url: str
    form: str | None = None
    period_of_report: date | None = None
    fiscal_year: int | None = None
    company: str | None = None
    ticker: str | None = None
    cik_on_cover: str | None = None


def parse_document_url(url: str) -> tuple[str, str, str] | None:
    """(10-digit CIK, accession number, file name) of an SEC Archives document URL, or None."""
    m = _URL_RE.match((url or "").strip())
    if not m:
        return None
    raw = m.group(2)
    return m.group(1).zfill(10), f"{raw[:10]}-{raw[10:12]}-{raw[12:]}", m.group(3)


_IX_RE = re.compile(r"<(/?)ix:nonNumeric\b[^>]*>", re.IGNORECASE)


def _fact(text: str, name: str) -> str | None:
    """The text of the dei fact ``name``, nested facts included ("<ix name=PeriodEnd><ix name=FYE>December
    31</ix>, 2024</ix>" is "December 31, 2024")."""
    m = re.search(r"<ix:nonNumeric\b[^>]*\bname=\"dei:" + name + r"\"[^>]*>", text, re.IGNORECASE)
    if not m:
        return None
    depth, pos = 1, m.end()
    for t in _IX_RE.finditer(text, m.end()):
        depth += -1 if t.group(1) else 1
        if depth == 0:
            pos = t.start()
            break
    else:
        return None
    value = " ".join(html.unescape(_TAG_RE.sub(" ", text[m.end() : pos])).split())
    return value or None


def _date(text: str | None) -> date | None:
    if not text:
        return None
    cleaned = re.sub(r"\s+,", ",", text.strip())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    return None


def _date_in_name(filename: str) -> date | None:
    """The period in an inline-XBRL file name (``unp-20241231.htm``), when the cover does not parse."""
    m = re.search(r"-(\d{8})\.htm", filename)
    return _date(f"{m.group(1)[:4]}-{m.group(1)[4:6]}-{m.group(1)[6:]}") if m else None


def read_cover(url: str, raw: bytes) -> Cover:
    """The cover facts of the document at ``url`` (raw bytes as served); fields the document does not tag are None.

    Raises ValueError when ``url`` is not an SEC Archives document URL."""
    ids = parse_document_url(url)
    if ids is None:
        raise ValueError(url)
    head = raw[:3_000_000].decode("utf-8", errors="replace")
    fy = _fact(head, "DocumentFiscalYearFocus")
    cik = _fact(head, "EntityCentralIndexKey")
    return Cover(
        cik=ids[0],
        accession=ids[1],
        document_url=url.strip(),
        form=_fact(head, "DocumentType"),
        period_of_report=_date(_fact(head, "DocumentPeriodEndDate")) or _date_in_name(ids[2]),
        fiscal_year=int(fy) if fy and fy.isdigit() else None,
        company=_fact(head, "EntityRegistrantName"),
        ticker=_fact(head, "TradingSymbol"),
        cik_on_cover=cik.zfill(10) if cik and cik.isdigit() else None,
    )

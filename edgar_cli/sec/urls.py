"""Every SEC URL is built here, and only SEC hosts are ever fetched.

data.sec.gov wants the 10-digit zero-padded CIK (``CIK0000320193.json``);
Archives paths use the unpadded CIK and the accession number without dashes
as the folder name (``/Archives/edgar/data/320193/000032019324000123/``).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..errors import EdgarError


def redact(url: str) -> str:
    """logs.redact_url (a URL with its password and secret query values as ``***``), imported when first used:
    logs.py imports ``logging``, which a lookup that redacts nothing need not load."""
    from ..logs import redact_url

    return redact_url(url)


DATA = "https://data.sec.gov"
WWW = "https://www.sec.gov"
EFTS = "https://efts.sec.gov"
SEC_HOSTS = frozenset({"data.sec.gov", "www.sec.gov", "efts.sec.gov"})

ACCESSION_RE = re.compile(r"^\d{10}-\d{2}-\d{6}$")
_ACCESSION_LOOSE = re.compile(r"^(\d{10})-?(\d{2})-?(\d{6})$")
_FILENAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$")


def pad_cik(cik: int | str) -> str:
    return f"{int(cik):010d}"


def normalize_accession(value: str) -> str:
    """``0001045810-24-000029`` from that form or ``000104581024000029``.

    Raises ``invalid_argument`` for anything else (path traversal included).
    """
    text = (value or "").strip()
    m = _ACCESSION_LOOSE.fullmatch(text)
    if not m:
        raise EdgarError(
            "invalid_argument",
            f"{value[:80]!r} is not an accession number.",
            "An accession number looks like 0001045810-24-000029 (10 digits, 2 digits, 6 digits).",
        )
    return "-".join(m.groups())


def submissions(cik: int | str) -> str:
    return f"{DATA}/submissions/CIK{pad_cik(cik)}.json"


def submissions_page(name: str) -> str:
    """An older page listed in ``filings.files`` (``CIK##########-submissions-001.json``)."""
    if not re.fullmatch(r"CIK\d{10}-submissions-\d{3}\.json", name):
        raise EdgarError("upstream_unavailable", f"Unexpected submissions page name {name!r}.", "Retry later.")
    return f"{DATA}/submissions/{name}"


def companyfacts(cik: int | str) -> str:
    return f"{DATA}/api/xbrl/companyfacts/CIK{pad_cik(cik)}.json"


def company_tickers() -> str:
    return f"{WWW}/files/company_tickers.json"


def company_tickers_exchange() -> str:
    return f"{WWW}/files/company_tickers_exchange.json"


def archive_folder(cik: int | str, accession: str) -> str:
    acc = normalize_accession(accession)
    return f"{WWW}/Archives/edgar/data/{int(cik)}/{acc.replace('-', '')}"


def archive_document(cik: int | str, accession: str, filename: str) -> str:
    if not _FILENAME_RE.fullmatch(filename or "") or ".." in filename:
        raise EdgarError("invalid_argument", f"{filename[:80]!r} is not a filing document name.", "")
    return f"{archive_folder(cik, accession)}/{filename}"


def filing_index(cik: int | str, accession: str) -> str:
    acc = normalize_accession(accession)
    return f"{archive_folder(cik, acc)}/{acc}-index.html"


def full_submission_text(cik: int | str, accession: str) -> str:
    acc = normalize_accession(accession)
    return f"{archive_folder(cik, acc)}/{acc}.txt"


def bulk_companyfacts() -> str:
    """The nightly archive of every filer's companyfacts (one CIK##########.json per filer)."""
    return f"{WWW}/Archives/edgar/daily-index/xbrl/companyfacts.zip"


def bulk_submissions() -> str:
    """The nightly archive of every filer's submissions (CIK##########.json and its -submissions-NNN.json pages)."""
    return f"{WWW}/Archives/edgar/daily-index/bulkdata/submissions.zip"


def efts_search() -> str:
    return f"{EFTS}/LATEST/search-index"


def kind_of(url: str) -> str:
    """The kind of SEC resource a URL names (the cache, freshness and size caps are by kind)."""
    parts = urlsplit(url)
    path = parts.path
    if parts.hostname == "efts.sec.gov":
        return "efts"
    if path.startswith("/api/xbrl/companyfacts/"):
        return "companyfacts"
    if path.startswith("/submissions/"):
        return "submissions"
    if path.startswith("/files/company_tickers"):
        return "tickers"
    return "archive"


def check_sec_url(url: str) -> None:
    """Refuse to fetch anything that is not https on an SEC host."""
    parts = urlsplit(url)
    if parts.scheme != "https" or parts.hostname not in SEC_HOSTS or parts.username or parts.port:
        raise EdgarError(
            "invalid_argument",
            f"Refusing to fetch {url[:120]!r}: only SEC hosts are ever requested.",
            "Pass a ticker, CIK or accession number; URLs are built by edgar itself.",
        )


def to_mirror(url: str, mirror: str | None) -> str:
    """Map ``https://<host>/<path>?<q>`` to ``<mirror>/<host>/<path>?<q>`` when a mirror is set."""
    check_sec_url(url)
    if not mirror:
        return url
    parts = urlsplit(url)
    rest = parts.path + (f"?{parts.query}" if parts.query else "")
    return f"{mirror.rstrip('/')}/{parts.hostname}{rest}"


def archive_document_path(cik: int | str, accession: str, path: str) -> str:
    """A document in a filing's folder, possibly one level down.

    Form 3/4/5, 13F, 144 and other XML filings name their rendered primary
    document inside a stylesheet folder (``xslF345X05/wk-form4_1.xml``); each
    segment is checked like a filename.
    """
    parts = (path or "").split("/")
    if not 1 <= len(parts) <= 2 or any(not _FILENAME_RE.fullmatch(p) or ".." in p for p in parts):
        raise EdgarError("invalid_argument", f"{(path or '')[:80]!r} is not a filing document name.", "")
    return f"{archive_folder(cik, accession)}/{path}"

"""What a usable SEC answer looks like, by kind, checked before anything is stored.

A 200 is not an answer: a ticker file holding one company, a submissions file
for another CIK, NaN-valued facts or JSON nested ten thousand deep are all
"valid JSON" and would all be cached as truth. :func:`parse_json` parses with
NaN, Infinity, out-of-range floats, huge integers and pathological nesting
refused; :func:`check` then checks the shape of each kind:

- ``tickers``: company_tickers.json (``{"0": {"cik_str", "ticker", "title"}}``)
  or company_tickers_exchange.json (``{"fields", "data": [[cik, name, ticker,
  exchange], ...]}``) with at least :data:`MIN_TICKER_COMPANIES` distinct
  CIKs, nearly all rows well-formed (a CIK of one to ten digits, a text name
  and ticker, an exchange text or null; the SEC's files list over 10,000 rows
  of some 8,000 companies);
- ``submissions``: ``CIK##########.json`` for the CIK asked for, its header
  fields of the SEC's types, with ``filings.recent`` as parallel arrays of
  equal length whose cells are nearly all well-formed (an accession number, a
  form, ISO dates, text, integer flags); an older page
  (``-submissions-001.json``) as the same arrays;
- ``companyfacts``: ``{"cik", "entityName", "facts": {taxonomy: {tag: {"units":
  {unit: [row, ...]}}}}}`` for the CIK asked for (rows are checked one by one
  when they are compacted: sec/companyfacts.py);
- ``efts``: ``{"hits": {"total": {"value": int}, "hits": [{"_id", "_source"}]}}``,
  every hit's fields of the SEC's types (text, lists of text, a numeric score);
- ``archive`` (filing documents): not empty, not binary where text is
  expected, not a page of the SEC's own site (sec/client.py's error-page test),
  and a filing's full submission text starts like one;
- a filing's primary document, read for its sections (:func:`check_filing_document`):
  markup (HTML, XHTML/inline XBRL, the SGML of a submission), at least
  :data:`MIN_FILING_DOCUMENT_BYTES`, whole (ending with ``</html>`` or
  ``</SEC-DOCUMENT>``: :func:`check_whole`), the CIK of its URL among the CIKs its
  inline XBRL declares (if it declares any), that accession's document by its cover
  facts (dei:DocumentType, DocumentPeriodEndDate, DocumentFiscalYearFocus against the
  form and period of report of the submissions: :func:`check_identity`), and an item
  heading ("Item 1A", "ITEM 7.") or the filer's name in its text.

A body that fails is :class:`InvalidBody`; the client retries it and, if it
persists, raises ``upstream_unavailable`` naming the URL. Nothing invalid is
ever cached.
"""

from __future__ import annotations

import html
import json
import math
import re
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from ..patterns import lazy

MIN_TICKER_COMPANIES = 1000
MAX_BAD_ROW_SHARE = 0.01  # more malformed rows than this (and more than a handful) make a body invalid
_CIK_IN_PATH = lazy(r"/CIK(\d{10})(?:-submissions-\d{3})?\.json$")


class InvalidBody(ValueError):
    """A complete body that is not a usable answer (wrong shape, values or encoding)."""


def _no_constant(name: str) -> Any:
    raise InvalidBody(f"JSON with a non-number {name}")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidBody(f"JSON with an out-of-range number {text[:40]}")
    return value


def parse_json(body: bytes) -> Any:
    """The body as JSON; NaN/Infinity, overflowing numbers and pathological nesting are InvalidBody."""
    try:
        return json.loads(body, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise InvalidBody("JSON nested too deeply to be an SEC answer") from None
    except InvalidBody:
        raise
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, int too long to convert
        raise InvalidBody(f"a body that is not complete JSON ({str(exc)[:80]})") from None


def too_many_bad(bad: int, total: int) -> bool:
    """More malformed rows than a few stray ones: a damaged or substituted body."""
    return bad > 5 and bad > MAX_BAD_ROW_SHARE * total


def check(kind: str, url: str, parsed: Any) -> None:
    """Raise InvalidBody when a parsed JSON answer of ``kind`` is not what the SEC serves at ``url``."""
    checker = _CHECKS.get(kind)
    if checker is not None:
        checker(url, parsed)


def _expect(cond: bool, what: str) -> None:
    if not cond:
        raise InvalidBody(what)


def _cik_of(url: str) -> int | None:
    m = _CIK_IN_PATH.search(urlsplit(url).path)
    return int(m.group(1)) if m else None


def _same_cik(url: str, value: Any, what: str) -> None:
    want = _cik_of(url)
    try:
        got = int(value)
    except (TypeError, ValueError):
        raise InvalidBody(f"{what} without a usable cik ({str(value)[:20]!r})") from None
    _expect(want is None or got == want, f"{what} for CIK {got}, not the CIK {want} asked for")


MAX_CIK = 9_999_999_999  # ten digits


def _cik_ok(value: Any) -> bool:
    return type(value) is int and 0 < value <= MAX_CIK


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _text_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _tickers(url: str, data: Any) -> None:
    if urlsplit(url).path.endswith("company_tickers_exchange.json"):
        _expect(
            isinstance(data, dict) and isinstance(data.get("fields"), list) and isinstance(data.get("data"), list),
            "a ticker file without its fields and data lists",
        )
        fields = data["fields"]
        _expect(all(f in fields for f in ("cik", "name", "ticker")), "a ticker file without cik, name and ticker")
        rows = data["data"]
        cik_at, name_at, ticker_at = (fields.index(f) for f in ("cik", "name", "ticker"))
        exchange = fields.index("exchange") if "exchange" in fields else None
        width = len(fields)
        # _cik_ok, _text and _text_or_none, written out: this runs for each of the file's 10,000 rows
        ciks: set[Any] = set()
        well_formed = 0
        for r in rows:
            if not isinstance(r, list) or len(r) != width:
                continue
            cik = r[cik_at]
            if (
                type(cik) is int
                and 0 < cik <= MAX_CIK
                and isinstance(r[ticker_at], str)
                and isinstance(r[name_at], str)
                and (exchange is None or r[exchange] is None or isinstance(r[exchange], str))
            ):
                well_formed += 1
                ciks.add(cik)
        bad = len(rows) - well_formed
    else:
        _expect(isinstance(data, dict), "a ticker file that is not an object")
        rows = list(data.values())

        def good(r: Any) -> bool:
            return (
                isinstance(r, dict) and _cik_ok(r.get("cik_str")) and _text(r.get("ticker")) and _text(r.get("title"))
            )

        usable = [r for r in rows if good(r)]
        ciks = {r["cik_str"] for r in usable}
        bad = len(rows) - len(usable)
    _expect(
        len(rows) >= MIN_TICKER_COMPANIES and len(ciks) >= MIN_TICKER_COMPANIES,
        f"a ticker file listing {len(ciks)} companies in {len(rows)} rows (the SEC's lists hold over 7,000 "
        "companies: a partial file)",
    )
    _expect(not too_many_bad(bad, len(rows)), f"a ticker file with {bad} malformed rows of {len(rows)}")


_PARALLEL = ("accessionNumber", "form", "filingDate")


_ACCESSION = lazy(r"\d{10}-\d{2}-\d{6}")
_ISO_DAY = lazy(r"\d{4}-\d{2}-\d{2}")
# The columns of filings.recent edgar reads, and what each of their cells must be.
_CELL_CHECKS: dict[str, Any] = {
    "accessionNumber": lambda v: isinstance(v, str) and _ACCESSION.fullmatch(v) is not None,
    "form": lambda v: isinstance(v, str) and v.strip() != "",
    "filingDate": lambda v: isinstance(v, str) and _ISO_DAY.fullmatch(v[:10]) is not None,
    "reportDate": lambda v: v is None or (isinstance(v, str) and (v == "" or _ISO_DAY.fullmatch(v[:10]) is not None)),
    "acceptanceDateTime": _text_or_none,
    "items": _text_or_none,
    "primaryDocument": _text_or_none,
    "primaryDocDescription": _text_or_none,
    "isXBRL": lambda v: v is None or type(v) is int,
    "isInlineXBRL": lambda v: v is None or type(v) is int,
    "size": lambda v: v is None or type(v) is int,
}


def _parallel_arrays(block: Any, what: str) -> None:
    _expect(isinstance(block, dict), f"{what} that is not an object")
    arrays = {k: v for k, v in block.items() if isinstance(v, list)}
    _expect(all(isinstance(block.get(k), list) for k in _PARALLEL), f"{what} without {', '.join(_PARALLEL)}")
    n = len(block["accessionNumber"])
    uneven = sorted(k for k, v in arrays.items() if len(v) != n)
    _expect(not uneven, f"{what} whose columns differ in length ({', '.join(uneven[:4])} vs accessionNumber)")
    checks = [(name, ok, block[name]) for name, ok in _CELL_CHECKS.items() if name in block]
    _expect(all(name in arrays for name, _ok, _col in checks), f"{what} with a column that is not a list")
    bad = [i for i in range(n) if not all(ok(col[i]) for _name, ok, col in checks)]
    if bad:  # which column: for the message
        first = next(name for name, ok, col in checks if not ok(col[bad[0]]))
        _expect(
            not too_many_bad(len(bad), n),
            f"{what} with {len(bad)} malformed filings of {n} (e.g. {first} {str(block[first][bad[0]])[:30]!r})",
        )


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(v is None or isinstance(v, str) for v in value)


# The header fields of a submissions file edgar shows, and their types.
_HEADER_CHECKS: dict[str, Any] = {
    "name": _text,
    "tickers": _texts,
    "exchanges": _texts,
    "fiscalYearEnd": _text_or_none,
    "sic": _text_or_none,
    "sicDescription": _text_or_none,
    "entityType": _text_or_none,
    "category": _text_or_none,
    "stateOfIncorporation": _text_or_none,
    "formerNames": lambda v: isinstance(v, list),
}


def _submissions(url: str, data: Any) -> None:
    if "-submissions-" in urlsplit(url).path:  # an older page: the arrays themselves
        _parallel_arrays(data, "a submissions page")
        return
    _expect(isinstance(data, dict), "a submissions file that is not an object")
    _same_cik(url, data.get("cik"), "a submissions file")
    wrong = [k for k, ok in _HEADER_CHECKS.items() if k in data and not ok(data[k])]
    _expect(
        not wrong,
        f"a submissions file whose {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not of the SEC's types",
    )
    filings = data.get("filings")
    _expect(isinstance(filings, dict) and "recent" in filings, "a submissions file without filings.recent")
    _parallel_arrays(filings["recent"], "a submissions file's filings.recent")
    files = filings.get("files", [])
    _expect(
        isinstance(files, list) and all(isinstance(f, dict) and isinstance(f.get("name"), str) for f in files),
        "a submissions file whose list of older pages is malformed",
    )


def _companyfacts(url: str, data: Any) -> None:
    _expect(isinstance(data, dict), "companyfacts that is not an object")
    _same_cik(url, data.get("cik"), "companyfacts")
    facts = data.get("facts")
    _expect(isinstance(facts, dict), "companyfacts without a facts object")
    for tax, concepts in facts.items():
        _expect(isinstance(concepts, dict), f"companyfacts whose {str(tax)[:30]} taxonomy is not an object")
        for tag, body in concepts.items():
            units = body.get("units") if isinstance(body, dict) else None
            _expect(
                isinstance(units, dict) and all(isinstance(rows, list) for rows in units.values()),
                f"companyfacts whose {str(tax)[:30]}:{str(tag)[:60]} has no units lists",
            )


_HIT_TEXT = ("adsh", "form", "file_date", "period_ending", "file_type", "file_description")
_HIT_LISTS = ("ciks", "display_names", "items", "root_forms")


def _good_hit(h: Any) -> bool:
    if not isinstance(h, dict) or not _text_or_none(h.get("_id")):
        return False
    score = h.get("_score")
    if score is not None and (type(score) not in (int, float)):
        return False
    src = h.get("_source", {})
    if not isinstance(src, dict):
        return False
    return all(_text_or_none(src.get(k)) for k in _HIT_TEXT) and all(
        src.get(k) is None or (isinstance(src[k], list) and all(isinstance(x, str) for x in src[k])) for k in _HIT_LISTS
    )


def _efts(url: str, data: Any) -> None:
    hits: Any = data.get("hits") if isinstance(data, dict) else None
    _expect(isinstance(hits, dict) and isinstance(hits.get("hits"), list), "a search answer without hits.hits")
    total = hits.get("total")
    count = total.get("value") if isinstance(total, dict) else total
    _expect(count is None or (type(count) is int and count >= 0), "a search answer whose hits.total is not a count")
    bad = sum(1 for h in hits["hits"] if not _good_hit(h))  # one page of at most 100: any malformed hit is damage
    _expect(not bad, f"a search answer with {bad} malformed hits of {len(hits['hits'])}")


_CHECKS = {"tickers": _tickers, "submissions": _submissions, "companyfacts": _companyfacts, "efts": _efts}

_TEXT_SUFFIXES = (".htm", ".html", ".txt", ".xml", ".xsd", ".sgml", ".json")
_FULL_TEXT_NAME = lazy(r"/\d{10}-\d{2}-\d{6}\.txt$")
_FULL_TEXT_STARTS = (
    b"<SEC-DOCUMENT>",
    b"<SEC-HEADER>",
    b"-----BEGIN PRIVACY-ENHANCED MESSAGE-----",
    b"<DOCUMENT>",
    b"<IMS-DOCUMENT>",
)


def check_document(url: str, body: bytes) -> None:
    """A filing document: text where text is expected; a full submission .txt that starts like one."""
    path = urlsplit(url).path.lower()
    if not path.endswith(_TEXT_SUFFIXES):
        return  # images, PDFs, zips: bytes as they are
    head = body[:65536]
    _expect(b"\x00" not in head, "a text document holding binary data (NUL bytes)")
    _expect(head.strip() != b"", "an empty text document")
    if _FULL_TEXT_NAME.search(path):
        start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
        _expect(start.startswith(_FULL_TEXT_STARTS), "a full submission text that does not start like one")


# The smallest primary document of a 10-K, 10-Q or 20-F is a few tens of KB (a 10-K/A of Part III alone is
# some 20 KB); a body under this is an error answer, a placeholder or a cut-off copy.
MIN_FILING_DOCUMENT_BYTES = 2000
_MARKUP_TAG = lazy(rb"<(?:html|body|div|p|table|font|pre|document|text|sec-document|sec-header|xbrl)[\s>/]", re.I)
_TAG = lazy(rb"<[^<>]{0,4000}>")
_SPACE_ENTITY = lazy(rb"&(?:nbsp|#160|#xa0|#8194|#8195|#8201);", re.I)
_ITEM_HEADING = lazy(rb"\bitem\s{0,8}\d{1,2}(?:\s{0,3}\.\s{0,3}[a-d]\b|[a-d]\b|\b)", re.I)
_URL_CIK = lazy(r"/Archives/edgar/data/(\d{1,10})/")
_DEI_CIK = lazy(rb'name="dei:EntityCentralIndexKey"[^>]{0,400}>\s*(\d{1,10})\s*<')
_NAME_NOISE = frozenset(
    {
        "the",
        "inc",
        "corp",
        "corporation",
        "co",
        "company",
        "ltd",
        "limited",
        "plc",
        "llc",
        "lp",
        "holdings",
        "holding",
        "group",
        "sa",
        "nv",
        "ag",
        "se",
        "de",
        "of",
        "and",
        "trust",
        "new",
    }
)


def filer_words(name: str | None) -> list[bytes]:
    """The distinctive words of a filer's name, lower case ("NVIDIA CORP" -> [b"nvidia"])."""
    words = re.findall(r"[A-Za-z0-9]+", name or "")
    return [w.lower().encode() for w in words if len(w) >= 3 and w.lower() not in _NAME_NOISE]


def check_filing_document(
    url: str, body: bytes, *, filer: str | None = None, form: str | None = None, period: date | str | None = None
) -> None:
    """InvalidBody unless ``body`` can be the primary document of a filing (a 10-K, 10-Q or 20-F read for its
    sections): text (:func:`check_document`), markup unless a plain-text filing (.txt), at least
    MIN_FILING_DOCUMENT_BYTES, whole (:func:`check_whole`), an inline-XBRL CIK (dei:EntityCentralIndexKey), if
    any, among them the URL's CIK, that accession's document when ``form`` (as filed, "10-K/A") and ``period``
    (the period of report, from the submissions) are given (:func:`check_identity`), and in its text an item
    heading ("Item 1A", "ITEM 7.") or a distinctive word of ``filer``'s name. An archive entry never expires,
    so a body that fails here must never be stored."""
    check_document(url, body)
    _expect(
        len(body) >= MIN_FILING_DOCUMENT_BYTES,
        f"{len(body):,} bytes where a filing's document was expected (they are tens of KB or more)",
    )
    head = body[:65536].lstrip(b"\xef\xbb\xbf \t\r\n\x0b\x0c")
    if not urlsplit(url).path.lower().endswith(".txt"):
        _expect(
            head[:1] == b"<" and _MARKUP_TAG.search(head) is not None,
            f"a body that is not HTML or XBRL markup (it starts {head[:24]!r}) where a filing's document was expected",
        )
    check_whole(url, body)
    check_identity(url, body, form=form, period=period)
    filed_by = _URL_CIK.search(urlsplit(url).path)
    declared = {int(m) for m in _DEI_CIK.findall(body[:4_000_000])}
    _expect(
        filed_by is None or not declared or int(filed_by.group(1)) in declared,
        f"the document of another filer (its inline XBRL names CIK {', '.join(map(str, sorted(declared)))}, "
        f"the URL {filed_by.group(1) if filed_by else ''})",
    )
    text = _SPACE_ENTITY.sub(b" ", _TAG.sub(b" ", body)).lower()
    if _ITEM_HEADING.search(text):
        return
    words = filer_words(filer)
    _expect(
        any(w in text for w in words),
        "a document with no item heading"
        + (f" and without the filer's name ({filer})" if words else "")
        + " where a filing's document was expected",
    )


# --- a filing document is whole and is that accession's -------------------------------------------------------

# </html>, then at most comments or the </TEXT></DOCUMENT> of the SGML wrapper some documents are served in
_HTML_END = lazy(rb"</html\s*>(?:\s|<!--.{0,2000}?-->|</text>|</document>)*$", re.I | re.S)
_FULL_TEXT_ENDS = (b"</SEC-DOCUMENT>", b"-----END PRIVACY-ENHANCED MESSAGE-----", b"</IMS-DOCUMENT>")


def check_whole(url: str, body: bytes) -> None:
    """InvalidBody unless ``body`` ends as a whole filing document does: an HTML/XHTML document with its
    closing ``</html>``, a full submission (.txt) with ``</SEC-DOCUMENT>`` (or the end of its privacy-enhanced
    envelope). A body cut off mid-way (a proxy that stopped early, a short Content-Length sent on purpose)
    matches neither; a plain-text primary document has no closing mark to check."""
    path = urlsplit(url).path.lower()
    tail = body[-4096:].rstrip(b" \t\r\n\x0b\x0c\x00")
    if _FULL_TEXT_NAME.search(path):
        _expect(
            tail.endswith(_FULL_TEXT_ENDS),
            f"a full submission text cut off before its end (it ends {tail[-24:]!r}, not </SEC-DOCUMENT>)",
        )
    elif path.endswith((".htm", ".html", ".xhtml")):
        _expect(
            _HTML_END.search(tail) is not None,
            f"a filing document cut off before its end (it ends {tail[-24:]!r}, not </html>)",
        )


def _dei_fact(body: bytes, name: str) -> str | None:
    """The text of the first inline-XBRL fact ``dei:<name>`` (nested facts inside it included), or None."""
    m = re.search(
        rb"<ix:non(?:numeric|fraction)\b[^>]{0,600}?\bname=[\"']dei:" + name.encode() + rb"[\"'][^>]{0,600}>",
        body[:4_000_000],
        re.I,
    )
    if m is None:
        return None
    window = body[m.end() : m.end() + 4000]
    depth, end = 1, len(window)
    for t in re.finditer(rb"<(/?)ix:non(?:numeric|fraction)\b[^>]{0,600}>", window, re.I):
        depth += -1 if t.group(1) else 1
        if depth == 0:
            end = t.start()
            break
    text = html.unescape(_TAG.sub(b" ", window[:end]).decode("utf-8", "replace"))
    return " ".join(text.split()) or None


_MONTHS = {
    m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))
}


def _as_date(text: str | None) -> date | None:
    """A date as inline XBRL shows it: 2025-01-26, January 26, 2025, 26 January 2025, 01/26/2025; else None."""
    if not text:
        return None
    t = text.strip().lower().replace(",", " ")
    try:
        if m := re.match(r"(\d{4})-(\d{1,2})-(\d{1,2})", t):
            return date(int(m[1]), int(m[2]), int(m[3]))
        if m := re.match(r"([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\d{4})", t):
            return date(int(m[3]), _MONTHS[m[1]], int(m[2])) if m[1] in _MONTHS else None
        if m := re.match(r"(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?\s+(\d{4})", t):
            return date(int(m[3]), _MONTHS[m[2]], int(m[1])) if m[2] in _MONTHS else None
        if m := re.match(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})", t):
            return date(int(m[3]), int(m[1]), int(m[2]))
    except ValueError:
        return None
    return None


def _family(form: str) -> str:
    """10-K405, 10-KT, 10-KSB -> 10-K; 10-QT -> 10-Q; amendments as their original ("10-K/A" -> "10-K")."""
    f = form.upper().replace(" ", "").removesuffix("/A")
    for fam in ("10-K", "10-Q", "20-F", "40-F"):
        if f.startswith(fam):
            return fam
    return f


# A 52-53-week filer's report date (2024-12-28) may sit beside a cover page dated at the month's end; the
# reports of one filer are a quarter apart, so a week's tolerance still tells one filing from another.
PERIOD_TOLERANCE_DAYS = 7
_SGML_FIELD = lazy(rb"^\s*(ACCESSION NUMBER|CONFORMED SUBMISSION TYPE|CONFORMED PERIOD OF REPORT):\s*(\S+)", re.M)


def check_identity(url: str, body: bytes, *, form: str | None, period: date | str | None) -> None:
    """InvalidBody unless ``body`` is the document of the filing at ``url``: what it says of itself agrees with
    the submissions' ``form`` (as filed) and ``period`` (period of report). An inline-XBRL document's
    dei:DocumentType is of ``form``'s family (and not an amendment's when ``form`` is an original),
    dei:DocumentPeriodEndDate within :data:`PERIOD_TOLERANCE_DAYS` of ``period``, and
    dei:DocumentFiscalYearFocus, where present, the year of ``period`` or one either side (fiscal years are
    labelled either way). A full submission's SGML header names the accession of its URL, and its submission
    type and period of report agree as well. A document that declares nothing (older HTML, plain text) is not
    refused here."""
    want_period = date.fromisoformat(period[:10]) if isinstance(period, str) and period else period or None
    path = urlsplit(url).path
    if _FULL_TEXT_NAME.search(path.lower()):
        fields = {k.decode(): v.decode("ascii", "replace") for k, v in _SGML_FIELD.findall(body[:20000])}
        acc = path.rsplit("/", 1)[-1][:-4]
        got = fields.get("ACCESSION NUMBER")
        _expect(got is None or got == acc, f"the full submission of another filing ({got}, not {acc})")
        doc_type, doc_period = fields.get("CONFORMED SUBMISSION TYPE"), None
        raw = fields.get("CONFORMED PERIOD OF REPORT")
        if raw and re.fullmatch(r"\d{8}", raw):
            try:
                doc_period = date(int(raw[:4]), int(raw[4:6]), int(raw[6:]))
            except ValueError:
                doc_period = None
        focus = None
    else:
        doc_type = _dei_fact(body, "DocumentType")
        doc_period = _as_date(_dei_fact(body, "DocumentPeriodEndDate"))
        focus = _dei_fact(body, "DocumentFiscalYearFocus")
    if form and doc_type:
        _expect(
            _family(doc_type) == _family(form),
            f"the document of a {doc_type[:20]} where the filing is a {form} (another filing's document)",
        )
        _expect(
            form.upper().endswith("/A") or not doc_type.upper().replace(" ", "").endswith("/A"),
            f"the document of an amendment ({doc_type[:20]}) where the filing is the original {form}",
        )
    if want_period and doc_period:
        _expect(
            abs((doc_period - want_period).days) <= PERIOD_TOLERANCE_DAYS,
            f"the document of the period ending {doc_period} where the filing's period of report is "
            f"{want_period} (another filing's document)",
        )
    if want_period and focus and re.fullmatch(r"\d{4}", focus):
        _expect(
            abs(int(focus) - want_period.year) <= 1,
            f"the document of fiscal year {focus} where the filing's period of report is {want_period}",
        )

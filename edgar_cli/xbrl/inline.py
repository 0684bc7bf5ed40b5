"""The numeric facts of an inline XBRL document, in the shape of companyfacts' tags.

A filing's primary document (a 10-K's ``crm-20250131.htm``) carries its XBRL
facts inline: ``ix:nonFraction`` elements naming a concept (``name``), a
context (``contextRef``: the period, a start and end or an instant, and any
dimensions), a unit (``unitRef``), ``scale``, ``sign="-"``, ``decimals`` and a
``format`` (``ixt:num-dot-decimal``, ``ixt:numdotdecimal``, ``ixt:zerodash``,
...); the contexts and units are in ``ix:resources``. :func:`inline_facts`
reads them into ``{"taxonomy:Tag": {"label", "units": {unit: [Row, ...]}}}``
(xbrl/facts.py's row tuples), the facts companyfacts would give for that
filing, so the engine reads them as it reads companyfacts.

Only facts of contexts without dimensions (no ``segment`` or ``scenario``)
are kept: the company-level figure. A value is kept once per concept, unit and
period; when a document tags one more than once (the statements in millions,
a sentence of the MD&A in billions) the most precise tagging is kept. A fact
in a format this module does not read, nil, or of an unknown context or unit
is left out, never guessed at. Nothing here fetches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

FORMAT = 1  # of the rows read: a change makes cached readings stale
# The filing date of a row whose filing the caller could not look up (no submissions): it sorts after every
# known date, and a figure's support shows no filing date for it (verification/support.py), never this one.
UNKNOWN_FILED = date.max.isoformat()

_DOT_DECIMAL = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+")
_COMMA_DECIMAL = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?")
_DOT_FORMATS = {"num-dot-decimal", "numdotdecimal", "numcommadot", "num-comma-dot"}
_COMMA_FORMATS = {"num-comma-decimal", "numcommadecimal", "numdotcomma", "num-dot-comma"}
_ZERO_FORMATS = {"zerodash", "fixed-zero", "fixedzero"}
_MEASURES = {"xbrli:shares": "shares", "xbrli:pure": "pure"}


@dataclass(frozen=True)
class InlineFacts:
    """What :func:`inline_facts` read: the tags, and the document's cover (dei) facts it labels them with."""

    tags: dict[str, dict]
    document_type: str | None  # dei:DocumentType: 10-K, 10-Q, 20-F, ...
    fiscal_year: int | None  # dei:DocumentFiscalYearFocus (companyfacts' fy)
    fiscal_period: str | None  # dei:DocumentFiscalPeriodFocus (companyfacts' fp): FY, Q1, ...
    facts_read: int  # ix:nonFraction elements read (every context)


def inline_facts(body: bytes | str, *, accession: str, form: str | None, filed: str) -> InlineFacts:
    """The non-dimensional numeric facts of an inline XBRL document, as companyfacts rows of one filing.

    ``accession``, ``form`` (as filed; else the document's dei:DocumentType) and ``filed`` (ISO date) are the
    provenance each row carries. Rows are ``(start, end, val, accn, fy, fp, form, filed, None)``: start is None
    for an instant, ``val`` the value at full scale and sign (an int when whole), fy/fp the document's fiscal
    year and period focus (what companyfacts gives). A document without inline XBRL gives no tags.
    """
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(body)
    contexts = _contexts(tree)
    units = _units(tree)
    cover = {
        (n.attributes.get("name") or ""): n.text(deep=True).strip()
        for n in tree.css(r"ix\:nonnumeric")
        if (n.attributes.get("name") or "").startswith("dei:Document")
    }
    fy_text = cover.get("dei:DocumentFiscalYearFocus", "")
    fy = int(fy_text) if fy_text.isdigit() else None
    fp = cover.get("dei:DocumentFiscalPeriodFocus") or None
    doc_type = cover.get("dei:DocumentType") or None
    form = form or doc_type or ""
    best: dict[tuple, tuple[float, float | int]] = {}  # (tag, unit, start, end) -> (precision, value)
    read = 0
    for n in tree.css(r"ix\:nonfraction"):
        read += 1
        a = n.attributes
        name, ctx, unit = a.get("name"), contexts.get(a.get("contextref") or ""), units.get(a.get("unitref") or "")
        if not name or ctx is None or unit is None or (a.get("xsi:nil") or "").lower() == "true":
            continue
        value = _value(n.text(deep=True), a.get("format"), a.get("scale"), a.get("sign"))
        if value is None:
            continue
        key = (name, unit, ctx[0], ctx[1])
        precision = _precision(a.get("decimals"))
        held = best.get(key)
        if held is None or precision > held[0]:
            best[key] = (precision, value)
    tags: dict[str, dict] = {}
    for (name, unit, start, end), (_p, value) in best.items():
        body_ = tags.setdefault(name, {"label": name.split(":", 1)[-1], "units": {}})
        body_["units"].setdefault(unit, []).append((start, end, value, accession, fy or 0, fp or "", form, filed, None))
    return InlineFacts(tags=tags, document_type=doc_type, fiscal_year=fy, fiscal_period=fp, facts_read=read)


def _contexts(tree) -> dict[str, tuple[str | None, str]]:
    """Context id -> (start, end) of each context without dimensions (start None for an instant)."""
    out: dict[str, tuple[str | None, str]] = {}
    for c in tree.css(r"xbrli\:context, context"):
        cid = c.attributes.get("id")
        if not cid or c.css_first(r"xbrli\:segment, segment, xbrli\:scenario, scenario") is not None:
            continue
        start = _date(c.css_first(r"xbrli\:startdate, startdate"))
        end = _date(c.css_first(r"xbrli\:enddate, enddate"))
        instant = _date(c.css_first(r"xbrli\:instant, instant"))
        if instant is not None:
            out[cid] = (None, instant)
        elif start is not None and end is not None:
            out[cid] = (start, end)
    return out


def _date(node) -> str | None:
    if node is None:
        return None
    text = node.text(deep=True).strip()[:10]
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        return None


def _units(tree) -> dict[str, str]:
    """Unit id -> companyfacts' unit name: USD, shares, pure, USD/shares."""
    out: dict[str, str] = {}
    for u in tree.css(r"xbrli\:unit, unit"):
        uid = u.attributes.get("id")
        if not uid:
            continue
        num = u.css_first(r"xbrli\:unitnumerator, unitnumerator")
        den = u.css_first(r"xbrli\:unitdenominator, unitdenominator")
        if num is not None and den is not None:
            a, b = _measure(num), _measure(den)
            if a and b:
                out[uid] = f"{a}/{b}"
            continue
        m = _measure(u)
        if m:
            out[uid] = m
    return out


def _measure(node) -> str | None:
    m = node.css_first(r"xbrli\:measure, measure")
    if m is None:
        return None
    text = m.text(deep=True).strip()
    if text in _MEASURES:
        return _MEASURES[text]
    return text.split(":", 1)[-1] or None  # iso4217:USD -> USD


def _value(text: str, fmt: str | None, scale: str | None, sign: str | None) -> float | int | None:
    """The fact's value at full scale and sign, or None when its format or text cannot be read."""
    kind = (fmt or "").split(":", 1)[-1].lower()
    raw = "".join(text.split())
    if kind in _ZERO_FORMATS:
        number = Decimal(0)
    elif kind in _DOT_FORMATS or not kind:
        if not _DOT_DECIMAL.fullmatch(raw):
            return None
        number = Decimal(raw.replace(",", ""))
    elif kind in _COMMA_FORMATS:
        if not _COMMA_DECIMAL.fullmatch(raw):
            return None
        number = Decimal(raw.replace(".", "").replace(",", "."))
    else:
        return None  # a format not read here (numwordsen, ...): left out, never guessed at
    try:
        number = number.scaleb(int(scale or 0))
    except (ValueError, InvalidOperation):
        return None
    if sign == "-":
        number = -number
    return int(number) if number == number.to_integral_value() else float(number)


def _precision(decimals: str | None) -> float:
    if decimals is None or decimals.upper() == "INF":
        return float("inf")
    try:
        return float(int(decimals))
    except ValueError:
        return float("-inf")

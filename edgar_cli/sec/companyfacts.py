"""Loading companyfacts: fetch, validate, compact, cache, refresh on new filings. The one place.

Source: https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json (one
request per company covers every concept). The 4 MB JSON is validated
(sec/validate.py: the CIK asked for, taxonomies of tags of unit lists; every
row checked here as it is compacted, and a body with more than a few
malformed rows is refused, retried and never cached), then kept in the cache
as a compact ``marshal`` blob of row tuples, one blob per tag, so a warm run
loads it in milliseconds and decodes only the tags it reads. The cached facts
are refreshed when the company's submissions (data.sec.gov/submissions,
itself cached for minutes) list a filing accepted after the facts were
fetched, and in any case after a week. A company without XBRL facts (404) is
remembered as such for hours by the client, not asked again on every run.

The seam for an offline source is :func:`_from_bulk`, asked right after the
process memo: the local bulk store (edgar_cli/bulk/source.py, built by
``edgar sync`` from the SEC's companyfacts.zip with this module's
:func:`compact`, so its rows pass the same row checks) answers with
CompanyFacts of origin "bulk" when a fresh store holds the CIK, else None and
the live path (cache, then the SEC) answers. Nothing else in this module knows
where facts come from.

Row tuples are ``(start, end, val, accn, fy, fp, form, filed, frame)``; start
is None for instants, the dates are ISO strings. Parsing them (periods, the
fiscal calendar, series) is xbrl/'s business; nothing in xbrl/ fetches.
"""

from __future__ import annotations

import marshal
import threading
from datetime import date as _date_type, datetime, timezone

from ..errors import EdgarError
from ..vocabulary import tool
from ..xbrl.facts import FORMAT, CompanyFacts, LazyTags, Row, reporting_currency
from ..xbrl.periods import FiscalCalendar, build_calendar
from . import urls, validate
from .client import FRESHNESS, SecClient


def compact(data: dict, *, whole: bool = True) -> tuple[int, str, dict[str, dict]]:
    """The parts of a companyfacts document the engine uses, as plain tuples.

    A malformed row (a bad date, a value that is not a number or beyond any reported figure, a missing
    field) is
    skipped, never guessed at; more than a few of them (over 1% of the rows) make the
    whole document invalid (validate.InvalidBody), as a damaged or substituted body, and so
    do concepts of which not one row is usable (rows emptied, units missing, a few rows all
    malformed). Only ``"facts": {}`` (no concept at all) comes back as no tags. ``whole=False``
    compacts a part of a document (bulk/build.py, one concept at a time), which may hold no usable
    row; the caller then checks the whole with :func:`check_some_rows`.
    """
    try:
        cik = int(data["cik"])
        name = str(data.get("entityName") or "")
        facts = data["facts"]
    except (KeyError, TypeError, ValueError) as exc:
        raise validate.InvalidBody(f"companyfacts with an unexpected shape ({exc})") from None
    tags: dict[str, dict] = {}
    total = bad = concepts_seen = 0
    for tax, concepts in facts.items():
        if not isinstance(concepts, dict):
            continue
        for local, body in concepts.items():
            concepts_seen += 1
            units: dict[str, list[Row]] = {}
            for unit, rows in ((body or {}).get("units") or {}).items():
                out = []
                for r in rows:
                    total += 1
                    try:
                        out.append(_row(r))
                    except (KeyError, TypeError, ValueError, AttributeError):
                        bad += 1  # skipped, never guessed at
                if out:
                    units[unit] = out
            if units:
                tags[f"{tax}:{local}"] = {"label": body.get("label") or local, "units": units}
    if validate.too_many_bad(bad, total):
        raise validate.InvalidBody(f"companyfacts with {bad:,} malformed rows of {total:,}")
    if whole:
        check_some_rows(concepts_seen, tags, bad)
    return cik, name, tags


def check_some_rows(concepts: int, tags: dict, bad: int | None = None) -> None:
    """InvalidBody for ``concepts`` (a count) without one usable row in ``tags``: damage, not a company without
    XBRL facts. ``bad``: the malformed rows, for the message."""
    if concepts and not tags:
        raise validate.InvalidBody(f"companyfacts whose {concepts:,} concepts hold no well-formed row"
                                   + (f" ({bad:,} malformed)" if bad else ""))


# No reported XBRL value comes near this: the largest in the corpus is 6.7e12 (TSMC's TWD), and the largest
# currencies EDGAR filers report in (IDR, KRW, VND) put a bank's total assets around 1e15. A value beyond it
# (1e300 passes as a finite float) is damage, not a figure: the row is malformed.
MAX_ABS_VALUE = 1e18


def _row(r: dict) -> Row:
    start, end, filed, val = r.get("start"), r["end"], r["filed"], r["val"]
    for d in (start, end, filed):
        if d is not None:
            _date_type.fromisoformat(d)
    if not isinstance(val, (int, float)) or isinstance(val, bool):
        raise ValueError("not a number")
    if abs(val) > MAX_ABS_VALUE:
        raise ValueError("out of range")
    accn, form = r["accn"], r["form"]
    if not isinstance(accn, str) or not isinstance(form, str):
        raise ValueError("not text")
    frame = r.get("frame")
    return (start, end, val, accn, int(r.get("fy") or 0), str(r.get("fp") or ""), form, filed,
            frame if isinstance(frame, str) else None)


def _newest_filing_epoch(submissions: dict) -> float | None:
    recent = (submissions.get("filings") or {}).get("recent") or {}
    stamps = recent.get("acceptanceDateTime") or []
    best = None
    for s in stamps[:50]:
        try:
            t = datetime.fromisoformat(str(s).replace("Z", "+00:00"))
        except ValueError:
            continue
        if t.tzinfo is None:
            t = t.replace(tzinfo=timezone.utc)
        best = max(best or 0.0, t.timestamp())
    return best


def load_company_facts(client: SecClient, cik: int) -> CompanyFacts:
    """The company's facts, from the process memo, the bulk store, the disk cache or the SEC.

    Raises ``not_found`` when the SEC has no XBRL facts for the CIK (a company
    that never filed XBRL financial statements), ``upstream_unavailable`` for an
    answer that is not usable companyfacts, or the client's other errors.
    """
    key = f"facts:{urls.pad_cik(cik)}"
    # One loader per company at a time: concurrent calls (MCP tools, compare) for the same
    # company wait for the first one's fetch and parse instead of repeating them.
    with client.memo_lock:
        lock = client.memo.setdefault(f"lock:{key}", threading.Lock())
    with lock:
        now = client.now()
        with client.memo_lock:
            memo = client.memo.get(key)
        if memo is not None and now - memo[1] < FRESHNESS["submissions"]:
            return memo[0]
        facts = _from_bulk(client, cik)
        if facts is None:
            facts = _from_cache(client, key)
            if facts is not None and not _is_current(client, cik, facts, now):
                facts = None
        if facts is None:
            facts = _fetch(client, cik, key)
        with client.memo_lock:
            client.memo[key] = (facts, now)
        return facts


def _from_cache(client: SecClient, key: str) -> CompanyFacts | None:
    entry = client.cache_get(key, FRESHNESS["companyfacts"])
    if entry is None:
        return None
    try:
        fmt, cik, name, blobs, cal, currency = marshal.loads(entry.payload)
        if fmt != FORMAT:
            return None
        tags = LazyTags(blobs)
        calendar = FiscalCalendar.from_plain(cal)
    except (ValueError, EOFError, TypeError):
        client.cache.delete(key)
        return None
    return CompanyFacts(cik=cik, name=name, tags=tags, fetched_at=entry.stored_at, calendar=calendar,
                        reporting_currency=currency, origin="cache")


def _is_current(client: SecClient, cik: int, facts: CompanyFacts, now: float) -> bool:
    if now - facts.fetched_at < FRESHNESS["submissions"]:
        return True
    try:
        sub = client.get_json(urls.submissions(cik), kind="submissions")
    except EdgarError as exc:
        if exc.code in ("rate_limited", "upstream_unavailable"):
            client._warn("could not check for new filings; using cached XBRL facts")
            return True
        raise
    newest = _newest_filing_epoch(sub)
    return newest is None or newest <= facts.fetched_at


def _from_bulk(client: SecClient, cik: int) -> CompanyFacts | None:
    """The seam with the bulk store (edgar_cli.bulk.source): its facts when a fresh store holds the CIK."""
    from ..bulk.source import bulk_company_facts

    return bulk_company_facts(client, cik)


def _fetch(client: SecClient, cik: int, key: str) -> CompanyFacts:
    url = urls.companyfacts(cik)
    try:
        _payload, parts = client.fetch_json(url, kind="companyfacts", transform=compact)
    except EdgarError as exc:
        if exc.code == "not_found" and exc.extras.get("mirror"):
            raise EdgarError(
                "not_found",
                f"The mirror at {exc.extras['mirror']} (EDGAR_MIRROR) has no XBRL financial data (companyfacts) for "
                f"CIK {urls.pad_cik(cik)}; whether the SEC has it cannot be told from here.",
                "Ask for a company the mirror holds, unset EDGAR_MIRROR to ask the SEC itself, or read the "
                f"company's filings with {tool('list_filings')}.",
                url=url, mirror=exc.extras["mirror"],
            ) from None
        if exc.code == "not_found":
            raise EdgarError(
                "not_found",
                f"The SEC has no XBRL financial data for CIK {urls.pad_cik(cik)}.",
                "The company may not file XBRL financial statements (funds, some foreign issuers, "
                f"filers before 2009); read its filings with {tool('list_filings')} instead.",
                url=url,
            ) from None
        raise
    cik_, name, tags = parts
    if not tags:
        # No concept at all (compact refuses concepts without a usable row as damage): what the SEC answers for a
        # company without XBRL data is a 404, so this is answered the same way, and never cached (a substituted
        # or truncated body must not stand for a week).
        raise EdgarError(
            "not_found",
            f"The SEC's companyfacts for CIK {urls.pad_cik(cik)} hold no XBRL financial facts.",
            "The company may not file XBRL financial statements, or the answer was damaged on the way; try "
            f"again later, or read its filings with {tool('list_filings')}.",
            url=url,
        )
    calendar = build_calendar(tags)
    currency = reporting_currency(tags)
    blobs = {tag: marshal.dumps(body) for tag, body in tags.items()}
    blob = marshal.dumps((FORMAT, cik_, name, blobs, calendar.to_plain(), currency))
    client.cache_set(key, blob, {"url": url})
    # Keep the compact per-tag blobs, not the decoded rows: a long-running server holding
    # many companies pays a few MB each instead of tens.
    return CompanyFacts(cik=cik_, name=name, tags=LazyTags(blobs), fetched_at=client.now(), calendar=calendar,
                        reporting_currency=currency)

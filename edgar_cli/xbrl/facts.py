"""companyfacts: fetch once, keep a compact parsed form, refresh on new filings.

Source: https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json (one
request per company covers every concept). The 4 MB JSON is parsed once and
stored in the cache as a compact ``marshal`` blob of row tuples, so a warm run
loads it in milliseconds. The cached facts are refreshed when the company's
submissions (data.sec.gov/submissions, itself cached for minutes) list a filing
accepted after the facts were fetched, and in any case after a week.

A row tuple is ``(start, end, val, accn, fy, fp, form, filed, frame)``; start
is None for instants, the dates are ISO strings.
"""

from __future__ import annotations

import marshal
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date as _date_type, datetime, timezone

from ..errors import EdgarError
from ..vocabulary import tool
from ..sec import urls
from ..sec.client import FRESHNESS, SecClient
from .periods import FiscalCalendar, build_calendar

FORMAT = 6
Row = tuple  # (start, end, val, accn, fy, fp, form, filed, frame)


class LazyTags(Mapping):
    """``{"taxonomy:Tag": {"label", "units"}}`` decoded per tag on first access.

    The cache holds each tag as its own marshal blob, so a lookup of one
    concept decodes a handful of tags instead of all 27,000 rows.
    """

    def __init__(self, blobs: dict[str, bytes]):
        self._blobs = blobs
        self._decoded: dict[str, dict] = {}

    def __getitem__(self, key: str) -> dict:
        hit = self._decoded.get(key)
        if hit is None:
            hit = marshal.loads(self._blobs[key])
            self._decoded[key] = hit
        return hit

    def __iter__(self) -> Iterator[str]:
        return iter(self._blobs)

    def __len__(self) -> int:
        return len(self._blobs)

    def __contains__(self, key: object) -> bool:
        return key in self._blobs


@dataclass
class CompanyFacts:
    cik: int
    name: str
    # "taxonomy:Tag" -> {"label": str, "units": {unit: [Row, ...]}}
    tags: Mapping[str, dict]
    fetched_at: float
    calendar: FiscalCalendar
    reporting_currency: str | None = None  # the currency most of its monetary facts are in (TSMC: TWD)
    origin: str = "live"  # where these facts came from: live (the SEC), cache (the disk cache), bulk (the store)

    def tag(self, name: str) -> dict | None:
        if ":" in name:
            return self.tags.get(name)
        for tax in ("us-gaap", "ifrs-full", "dei", "srt"):
            hit = self.tags.get(f"{tax}:{name}")
            if hit is not None:
                return hit
        return None

    def taxonomies(self) -> set[str]:
        return {t.split(":", 1)[0] for t in self.tags}


def compact(data: dict) -> tuple[int, str, dict[str, dict]]:
    """The parts of a companyfacts document the engine uses, as plain tuples."""
    try:
        cik = int(data["cik"])
        name = str(data.get("entityName") or "")
        facts = data["facts"]
    except (KeyError, TypeError, ValueError) as exc:
        raise EdgarError("upstream_unavailable", f"companyfacts has an unexpected shape ({exc}).",
                         "Try again later; if it persists, report it.") from None
    tags: dict[str, dict] = {}
    for tax, concepts in facts.items():
        if not isinstance(concepts, dict):
            continue
        for local, body in concepts.items():
            units: dict[str, list[Row]] = {}
            for unit, rows in (body.get("units") or {}).items():
                out = []
                for r in rows:
                    try:
                        start, end, filed = r.get("start"), r["end"], r["filed"]
                        for d in (start, end, filed):
                            if d is not None:
                                _date(d)
                        if not isinstance(r["val"], (int, float)) or isinstance(r["val"], bool):
                            raise ValueError("not a number")
                        out.append((start, end, r["val"], r["accn"], int(r.get("fy") or 0),
                                    r.get("fp") or "", r["form"], filed, r.get("frame")))
                    except (KeyError, TypeError, ValueError):
                        continue  # a malformed row is skipped, never guessed at
                if out:
                    units[unit] = out
            if units:
                tags[f"{tax}:{local}"] = {"label": body.get("label") or local, "units": units}
    return cik, name, tags


def _date(text: str) -> None:
    _date_type.fromisoformat(text)


def reporting_currency(tags: dict[str, dict]) -> str | None:
    """The currency most of the company's monetary facts are reported in.

    A foreign filer that adds a USD convenience translation for some lines
    (TSMC: TWD, with USD for a few) still reports in its home currency.
    """
    counts: dict[str, int] = {}
    for body in tags.values():
        for unit, rows in body["units"].items():
            if len(unit) == 3 and unit.isalpha() and unit.isupper():
                counts[unit] = counts.get(unit, 0) + len(rows)
    return max(counts, key=counts.get) if counts else None


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
    """The company's facts, from the process memo, the disk cache or the SEC.

    Raises ``not_found`` when the SEC has no XBRL facts for the CIK (a company
    that never filed XBRL financial statements), or the client's errors.
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
        if facts is not None:
            with client.memo_lock:
                client.memo[key] = (facts, now)
            return facts
        facts = _from_cache(client, key)
        if facts is not None and not _is_current(client, cik, facts, now):
            facts = None
        if facts is None:
            facts = _fetch(client, cik, key)
        with client.memo_lock:
            client.memo[key] = (facts, now)
        return facts


def _from_bulk(client: SecClient, cik: int) -> CompanyFacts | None:
    """The seam with the bulk store (edgar_cli.bulk.source): its facts when a fresh store holds the CIK."""
    from ..bulk.source import bulk_company_facts

    return bulk_company_facts(client, cik)


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


def _fetch(client: SecClient, cik: int, key: str) -> CompanyFacts:
    url = urls.companyfacts(cik)
    try:
        _payload, data = client.fetch_json(url)
    except EdgarError as exc:
        if exc.code == "not_found":
            raise EdgarError(
                "not_found",
                f"The SEC has no XBRL financial data for CIK {urls.pad_cik(cik)}.",
                "The company may not file XBRL financial statements (funds, some foreign issuers, "
                f"filers before 2009); read its filings with {tool('list_filings')} instead.",
                url=url,
            ) from None
        raise
    cik_, name, tags = compact(data)
    calendar = build_calendar(tags)
    currency = reporting_currency(tags)
    blobs = {tag: marshal.dumps(body) for tag, body in tags.items()}
    blob = marshal.dumps((FORMAT, cik_, name, blobs, calendar.to_plain(), currency))
    client.cache_set(key, blob, {"url": url})
    # Keep the compact per-tag blobs, not the decoded rows: a long-running server holding
    # many companies pays a few MB each instead of tens.
    return CompanyFacts(cik=cik_, name=name, tags=LazyTags(blobs), fetched_at=client.now(), calendar=calendar,
                        reporting_currency=currency)

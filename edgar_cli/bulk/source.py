"""The bulk store as a source of companyfacts and submissions: the one seam with the live path.

``sec.companyfacts.load_company_facts`` asks :func:`bulk_company_facts` first and
``sec.submissions.History`` asks :func:`bulk_submissions`; either returns None
when there is no store, when it is incomplete or of another format, or when
it is older than ``EDGAR_BULK_MAX_AGE_HOURS`` (default 48: a nightly sync
that failed once still counts). Then the live path (cache, then the SEC)
answers as before. A stale store is reported once per process on stderr.

The store is reopened when a sync has replaced it (a long-running MCP server
sees the new night's data without a restart).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .. import config
from ..sec.client import SecClient
from .store import STORE_NAME, BulkStore, store_dir

DEFAULT_MAX_AGE_HOURS = 48.0
_MEMO = "bulk:store"
_BUILDING_CHECKED = "bulk:building-checked"


def max_age() -> timedelta:
    """``EDGAR_BULK_MAX_AGE_HOURS`` (default 48): how old a bulk store may be and still answer."""
    return timedelta(hours=config.bulk_max_age_hours(DEFAULT_MAX_AGE_HOURS))


def open_store(client: SecClient) -> BulkStore | None:
    """The complete store of this client's cache directory, fresh or not; None when there is none.

    Once per process, the copy a killed sync's build left is deleted when no sync is running
    (bulk/build.py's discard_stale_building).
    """
    directory = store_dir(client.settings.cache_dir)
    path = directory / STORE_NAME
    with client.memo_lock:
        checked = client.memo.get(_BUILDING_CHECKED)
        client.memo[_BUILDING_CHECKED] = True
    if not checked and (directory / (STORE_NAME + ".building")).exists():
        from .build import discard_stale_building

        if discard_stale_building(directory):
            client._warn(f"removed {directory / (STORE_NAME + '.building')}, left by a sync that was stopped")
    try:
        st = path.stat()
    except OSError:
        return None
    with client.memo_lock:
        held = client.memo.get(_MEMO)
        if held is not None and held.identity == (st.st_ino, st.st_mtime_ns, st.st_size):
            return held
        try:
            store = BulkStore(path)
        except Exception:  # sqlite3.Error, a file replaced mid-open: no store rather than a broken one
            return None
        if not store.usable:
            store.close()
            return None
        client.memo[_MEMO] = store
        return store


def store_format(client: SecClient) -> str | None:
    """The format of the complete store in this client's cache directory, whichever it is (store.FORMAT is the
    one this edgar reads); None when there is none, it is incomplete or it cannot be read."""
    import sqlite3

    path = store_dir(client.settings.cache_dir) / STORE_NAME
    if not path.exists():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('format', 'complete')").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return meta.get("format") if meta.get("complete") == "1" else None


def fresh_store(client: SecClient) -> BulkStore | None:
    """The store when it is recent enough to answer instead of the SEC."""
    store = open_store(client)
    if store is None:
        return None
    as_of = store.as_of
    now = client.settings.clock()
    if as_of is None or now - as_of > max_age():
        with client.memo_lock:
            warned = client.memo.setdefault("bulk:stale-warned", False)
            client.memo["bulk:stale-warned"] = True
        if not warned:
            age = f"{(now - as_of).days} days old (published {as_of:%Y-%m-%d})" if as_of else "of unknown date"
            client._warn(
                f"the local bulk store is {age}; answering from per-company data instead (the cache, else a request "
                "to the SEC or EDGAR_MIRROR). Sync it again to use it."
            )
        return None
    return store


def bulk_company_facts(client: SecClient, cik: int):
    """A filer's CompanyFacts from a fresh store (``origin`` "bulk"), or None."""
    store = fresh_store(client)
    if store is None or not store.has_companyfacts:
        return None
    return company_facts_from(store, cik)


def company_facts_from(store: BulkStore, cik: int):
    """A filer's CompanyFacts as the store holds it (its tags read on first access), or None."""
    from ..xbrl.facts import CompanyFacts
    from ..xbrl.periods import FiscalCalendar

    hit = store.company(cik)
    if hit is None:
        return None
    name, cal, currency, tags = hit
    published = datetime.fromisoformat(store.meta["companyfacts.published"])
    return CompanyFacts(
        cik=int(cik),
        name=name,
        tags=tags,
        fetched_at=published.timestamp(),
        calendar=FiscalCalendar.from_plain(cal),
        reporting_currency=currency,
        origin="bulk",
    )


def bulk_submissions(client: SecClient, name: str) -> tuple[bytes, datetime] | None:
    """(JSON bytes, publication time) of a submissions file from a fresh store, or None."""
    store = fresh_store(client)
    if store is None or not store.has_submissions:
        return None
    doc = store.document(name)
    if doc is None:
        return None
    return doc, datetime.fromisoformat(store.meta["submissions.published"])

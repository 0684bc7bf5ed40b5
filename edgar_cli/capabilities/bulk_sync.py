"""sync_bulk: download the SEC's nightly bulk archives and bring the local store up to date."""

from __future__ import annotations

import sqlite3
import time
import zipfile
from typing import Callable

from ..bulk import build as B
from ..bulk.source import max_age
from ..bulk.store import STORE_NAME, BulkStore, published_at, store_dir
from ..errors import EdgarError
from ..models import ArchiveSync, BulkSyncResult
from ..sec import urls
from ..sec.client import SecClient, get_client

Progress = Callable[[str, int, int | None], None]  # (what, done, total): bytes while downloading, entries after

ARCHIVES = (("companyfacts", urls.bulk_companyfacts), ("submissions", urls.bulk_submissions))


def sync_bulk(*, progress: Progress | None = None, client: SecClient | None = None) -> BulkSyncResult:
    """Download companyfacts.zip and submissions.zip and update the local bulk store from them.

    Each archive (1-2 GB) is streamed to disk within the shared rate limit,
    resumed with a Range request after an interruption, checked against its
    declared length, and skipped with a conditional request when unchanged.
    The store is then updated entry by entry (only entries whose CRC-32 or
    size changed are read) in a copy that replaces the store atomically at the
    end: an interrupted sync leaves the previous store usable. Afterwards the
    concept, compare, filings and screen capabilities answer from the store
    while it is fresh (published within EDGAR_BULK_MAX_AGE_HOURS, default 48).

    Returns: store path and size, per archive (bytes, downloaded_bytes,
    resumed_from, unchanged, published, entries read/unchanged/removed/skipped),
    companies_with_facts, filers, as_of, fresh_until.

    Errors: busy (another sync holds the store's lock), upstream_unavailable
    (download failed after retries; run again to resume), not_found/blocked,
    internal_error on a full disk.
    Source: www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip and
    www.sec.gov/Archives/edgar/daily-index/bulkdata/submissions.zip.
    """
    from filelock import FileLock, Timeout

    client = client or get_client()
    directory = store_dir(client.settings.cache_dir)
    directory.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    lock = FileLock(str(directory / B.SYNC_LOCK))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise EdgarError("busy", "Another sync is updating the bulk store right now.",
                         "Wait for it to finish; the store it is replacing stays usable meanwhile.") from None
    try:
        B.remove_building(directory)  # a killed build's copy (we hold the lock: no build is live), before downloads
        now = client.settings.clock()
        archives, downloads = [], {}
        for kind, url_of in ARCHIVES:
            url = url_of()
            dest = directory / "archives" / f"{kind}.zip"
            report = (lambda done, total, k=kind: progress(f"downloading {k}.zip", done, total)) if progress else None
            got = client.download(url, dest, progress=report)
            _check_zip(dest, url)
            downloads[kind] = got
            archives.append(B.Archive(kind=kind, path=dest, url=url, size=got.size, etag=got.etag,
                                      last_modified=got.last_modified, published=published_at(got.last_modified, now)))
        building = (lambda what, done, total: progress(f"reading {what}.zip", done, total)) if progress else None
        try:
            stats = B.build(directory, archives, now, building)
        except (OSError, sqlite3.Error) as exc:  # a full disk, an unwritable directory
            raise EdgarError("internal_error", f"Building the bulk store in {directory} failed: {exc}.",
                             "Free disk space (the store takes about a third of the uncompressed archives, and a "
                             "rebuild needs room for a second copy) or point EDGAR_BULK_DIR elsewhere; the previous "
                             "store is unchanged.") from None
    finally:
        lock.release()
    store = BulkStore(directory / STORE_NAME)
    try:
        counts = {
            "companies": store.one("SELECT count(*) FROM companies")[0],
            "filers": store.one("SELECT count(*) FROM filers")[0],
        }
        as_of = store.as_of or now
    finally:
        store.close()
    rows = []
    for a in archives:
        d, s = downloads[a.kind], stats.get(a.kind) or B.ArchiveStats()
        rows.append(ArchiveSync(
            archive=a.kind, url=a.url, bytes=d.size, downloaded_bytes=d.downloaded, resumed_from=d.resumed_from,
            unchanged=d.unchanged, published=a.published, entries=s.entries, entries_read=s.read,
            entries_unchanged=s.unchanged, entries_removed=s.removed, entries_skipped=s.skipped,
            uncompressed_bytes_read=s.bytes_read))
    rebuilt = any(s.read or s.removed for s in stats.values())
    notes = []
    if not rebuilt:
        notes.append("Nothing had changed since the last sync; the store was left as it was.")
    return BulkSyncResult(
        store=str(directory / STORE_NAME), store_bytes=(directory / STORE_NAME).stat().st_size, archives=rows,
        rebuilt=rebuilt, companies_with_facts=counts["companies"], filers=counts["filers"], as_of=as_of,
        fresh_until=as_of + max_age(), seconds=round(time.perf_counter() - started, 2), notes=notes)


def _check_zip(path, url: str) -> None:
    """The archive's central directory must be readable; a damaged file is deleted so the next sync refetches it."""
    try:
        with zipfile.ZipFile(path) as zf:
            zf.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        path.unlink(missing_ok=True)
        path.with_name(path.name + ".json").unlink(missing_ok=True)
        raise EdgarError("upstream_unavailable", f"The archive downloaded from {url} is not a readable zip ({exc}).",
                         "It was deleted; sync again to download it afresh.", url=url) from None

"""sync_bulk: download the SEC's nightly bulk archives and bring the local store up to date."""

from __future__ import annotations

import sqlite3
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

from ...bulk import build as B
from ...bulk.source import max_age
from ...bulk.store import STORE_NAME, BulkStore, published_at, store_dir
from ...errors import EdgarError
from ...sec import urls
from ...sec.client import Download, SecClient, get_client
from ...vocabulary import param
from .model import ArchiveSync, BulkSyncResult

Progress = Callable[[str, int, int | None], None]  # (what, done, total): bytes while downloading, entries after

ARCHIVES: tuple[tuple[B.ArchiveKind, Callable[[], str]], ...] = (
    ("companyfacts", urls.bulk_companyfacts),
    ("submissions", urls.bulk_submissions),
)


def sync_bulk(
    *,
    source: list[str] | None = None,
    point_in_time: bool = False,
    progress: Progress | None = None,
    client: SecClient | None = None,
) -> BulkSyncResult:
    """Download companyfacts.zip and submissions.zip and update the local bulk store from them.

    With ``source`` (a folder holding both archives, or the paths of the two zip files) the archives are taken
    from disk instead (downloaded elsewhere: behind a firewall, an air-gapped analyst box, a team's shared
    copy), with the same checks; their publication time is the sync's (settings.clock, EDGAR_TODAY), not
    the files' modification time.

    Each archive (1-2 GB) is streamed to disk within the shared rate limit,
    resumed with a Range request after an interruption, checked against its
    declared length, and skipped with a conditional request when unchanged.
    The store is then updated entry by entry (only entries whose CRC-32 or
    size changed are read) in a copy that replaces the store atomically at the
    end: an interrupted sync leaves the previous store usable. Afterwards the
    concept, compare, filings and screen capabilities answer from the store
    while it is fresh (published within EDGAR_BULK_MAX_AGE_HOURS, default 48).

    With ``point_in_time`` the store also keeps every version of each filer's
    annual values as known on each of its filing dates, which a screen as
    known on a date reads instead of running the engine per filer; building
    them makes a sync several times slower, and the first such sync reads
    every entry again. Without it a store that kept them loses them (they
    would go stale), and ``screen --as-of`` runs the engine per filer.

    Returns: store path and size, per archive (bytes, downloaded_bytes,
    resumed_from, unchanged, published, entries read/unchanged/removed/skipped),
    companies_with_facts, filers, point_in_time, as_of, fresh_until.

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
        raise EdgarError(
            "busy",
            "Another sync is updating the bulk store right now.",
            "Wait for it to finish; the store it is replacing stays usable meanwhile.",
        ) from None
    try:
        B.remove_building(directory)  # a killed build's copy (we hold the lock: no build is live), before downloads
        now = client.settings.clock()
        archives, downloads = [], {}
        given = _local_archives(source) if source else None
        for kind, url_of in ARCHIVES:
            # an archive taken from disk is named by its path: nothing came from the SEC's URL
            url = str(given[kind].resolve()) if given is not None else url_of()
            dest = directory / "archives" / f"{kind}.zip"
            if given is not None:
                got = _take_local(given[kind], dest)
                _check_zip(dest, str(given[kind]), local=True)
            else:
                report = (
                    (lambda done, total, k=kind: progress(f"downloading {k}.zip", done, total)) if progress else None
                )
                got = client.download(url, dest, progress=report)
                _check_zip(dest, url)
            downloads[kind] = got
            archives.append(
                B.Archive(
                    kind=kind,
                    path=dest,
                    url=url,
                    size=got.size,
                    etag=got.etag,
                    last_modified=got.last_modified,
                    # an archive from disk is dated by this sync's clock: a file's modification time is the real
                    # clock of whichever machine copied it last, not when the SEC published it
                    published=now if given is not None else published_at(got.last_modified, now),
                )
            )
        building = (lambda what, done, total: progress(f"reading {what}.zip", done, total)) if progress else None
        had_versions = B.stored_meta(directory / STORE_NAME).get("point_in_time") == "1"
        try:
            stats = B.build(directory, archives, now, building, point_in_time=point_in_time)
        except (OSError, sqlite3.Error) as exc:  # a full disk, an unwritable directory
            raise EdgarError(
                "internal_error",
                f"Building the bulk store in {directory} failed: {exc}.",
                "Free disk space (the store takes about a third of the uncompressed archives, and a "
                "rebuild needs room for a second copy) or point EDGAR_BULK_DIR elsewhere; the previous "
                "store is unchanged.",
            ) from None
    finally:
        lock.release()
    store = BulkStore(directory / STORE_NAME)
    try:
        counts = {
            "companies": (store.one("SELECT count(*) FROM companies") or (0,))[0],
            "filers": (store.one("SELECT count(*) FROM filers") or (0,))[0],
        }
        as_of = store.as_of or now
    finally:
        store.close()
    rows = []
    for a in archives:
        d, s = downloads[a.kind], stats.get(a.kind) or B.ArchiveStats()
        rows.append(
            ArchiveSync(
                archive=a.kind,
                url=a.url,
                bytes=d.size,
                downloaded_bytes=d.downloaded,
                resumed_from=d.resumed_from,
                unchanged=d.unchanged,
                published=a.published,
                entries=s.entries,
                entries_read=s.read,
                entries_unchanged=s.unchanged,
                entries_removed=s.removed,
                entries_skipped=s.skipped,
                uncompressed_bytes_read=s.bytes_read,
            )
        )
    dropped = had_versions and not point_in_time
    rebuilt = dropped or any(s.read or s.removed for s in stats.values())
    notes = []
    if dropped:
        notes.append(
            "The store no longer keeps point-in-time versions (this sync was not asked for them): screens as "
            "known on a date now run the engine per filer, which is slow. Sync with "
            f"{param('point_in_time')} to keep them."
        )
    if not rebuilt:
        notes.append("Nothing had changed since the last sync; the store was left as it was.")
    return BulkSyncResult(
        store=str(directory / STORE_NAME),
        store_bytes=(directory / STORE_NAME).stat().st_size,
        archives=rows,
        rebuilt=rebuilt,
        companies_with_facts=counts["companies"],
        filers=counts["filers"],
        point_in_time=point_in_time,
        as_of=as_of,
        fresh_until=as_of + max_age(),
        seconds=round(time.perf_counter() - started, 2),
        notes=notes,
    )


def _check_zip(path, url: str, *, local: bool = False) -> None:
    """The archive's central directory must be readable; a damaged file is deleted so the next sync refetches it."""
    try:
        with zipfile.ZipFile(path) as zf:
            zf.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        path.unlink(missing_ok=True)
        path.with_name(path.name + ".json").unlink(missing_ok=True)
        if local:
            raise EdgarError(
                "invalid_argument",
                f"{url} is not a readable zip archive ({exc}).",
                "Pass the SEC's companyfacts.zip and submissions.zip as downloaded (or the folder "
                "holding both), not a partial or repacked copy.",
            ) from None
        raise EdgarError(
            "upstream_unavailable",
            f"The archive downloaded from {url} is not a readable zip ({exc}).",
            "It was deleted; sync again to download it afresh.",
            url=url,
        ) from None


def _local_archives(source: list[str]) -> dict[str, Path]:
    """companyfacts.zip and submissions.zip from a folder holding both, or from the two files named."""
    paths = [Path(p).expanduser() for p in source if str(p).strip()]
    found: dict[str, Path] = {}
    for p in paths:
        try:
            kind_of_path = "dir" if p.is_dir() else "file" if p.is_file() else None
        except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
            raise EdgarError(
                "invalid_argument",
                f"Cannot read {str(p)[:200]!r} ({type(exc).__name__}).",
                "Pass a folder or the two zip files.",
            ) from None
        if kind_of_path == "dir":
            for kind, _url in ARCHIVES:
                if (p / f"{kind}.zip").is_file():
                    found.setdefault(kind, p / f"{kind}.zip")
        elif kind_of_path == "file":
            named = next((k for k, _u in ARCHIVES if k in p.name.lower()), None)
            if named is None:
                raise EdgarError(
                    "invalid_argument",
                    f"{p} is neither companyfacts.zip nor submissions.zip.",
                    "Name the two archives (or a folder holding both) as the SEC publishes them.",
                )
            found[named] = p
        else:
            raise EdgarError(
                "invalid_argument", f"{str(p)[:200]} does not exist.", "Pass a folder or the two zip files."
            )
    missing = [k for k, _u in ARCHIVES if k not in found]
    if missing:
        raise EdgarError(
            "invalid_argument",
            f"No {' or '.join(m + '.zip' for m in missing)} in {', '.join(str(p) for p in paths)}.",
            "Give the folder holding both archives, or both files.",
        )
    return found


def _take_local(src: Path, dest: Path) -> Download:
    """Copy an archive from disk into the store's folder (unless it is the same file): a Download of it."""
    import email.utils
    import shutil

    dest.parent.mkdir(parents=True, exist_ok=True)
    unchanged = (
        dest.exists()
        and dest.stat().st_size == src.stat().st_size
        and int(dest.stat().st_mtime) == int(src.stat().st_mtime)
    )
    if not unchanged and src.resolve() != dest.resolve():
        part = dest.with_name(dest.name + ".part")
        shutil.copy2(src, part)
        part.replace(dest)
    stat = src.stat()
    return Download(
        path=dest,
        size=stat.st_size,
        etag=None,
        last_modified=email.utils.formatdate(stat.st_mtime, usegmt=True),
        unchanged=unchanged,
        downloaded=0,
        resumed_from=0,
    )

"""Bulk archives built from the corpus at run time, laid out as the SEC publishes them.

``companyfacts.zip`` holds one ``CIK##########.json`` per filer (the corpus'
recorded companyfacts documents, byte for byte); ``submissions.zip`` holds each
filer's ``CIK##########.json`` and its ``CIK##########-submissions-NNN.json``
pages. They are written under ``<root>/www.sec.gov/Archives/edgar/daily-index/``
so that ``MirrorServer(extra=root)`` serves them at the SEC's URLs, with the
archive's modification time as its Last-Modified.

Nothing here is committed data: every byte comes from ../shared/sec-corpus.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

COMPANYFACTS = "www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip"
SUBMISSIONS = "www.sec.gov/Archives/edgar/daily-index/bulkdata/submissions.zip"
PUBLISHED = datetime(2026, 6, 30, 7, tzinfo=UTC)  # when the test archives say the SEC published them


def corpus_facts(corpus: Path) -> list[Path]:
    return sorted((corpus / "data.sec.gov" / "api" / "xbrl" / "companyfacts").glob("CIK*.json"))


def corpus_submissions(corpus: Path) -> list[Path]:
    return sorted((corpus / "data.sec.gov" / "submissions").glob("CIK*.json"))


def write_zip(path: Path, members: list[tuple[str, bytes | Path]], published: datetime) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for name, body in members:
            if isinstance(body, Path):
                zf.write(body, name)
            else:
                zf.writestr(name, body)
    os.replace(tmp, path)
    ts = published.timestamp()
    os.utime(path, (ts, ts))
    return path


def write_archives(
    root: Path,
    corpus: Path,
    published: datetime,
    *,
    facts: list[tuple[str, bytes | Path]] | None = None,
    submissions: list[tuple[str, bytes | Path]] | None = None,
) -> tuple[Path, Path]:
    """Both archives under ``root``; by default every corpus companyfacts and submissions file."""
    facts = facts if facts is not None else [(p.name, p) for p in corpus_facts(corpus)]
    submissions = submissions if submissions is not None else [(p.name, p) for p in corpus_submissions(corpus)]
    return (write_zip(root / COMPANYFACTS, facts, published), write_zip(root / SUBMISSIONS, submissions, published))


def renamed_facts(path: Path, cik: int, name: str) -> bytes:
    """A corpus companyfacts document under another CIK and name (the synthetic filers of the benchmark)."""
    data = json.loads(path.read_bytes())
    data["cik"] = cik
    data["entityName"] = name
    return json.dumps(data, separators=(",", ":")).encode()


def renamed_submissions(path: Path, cik: int, name: str) -> bytes:
    data = json.loads(path.read_bytes())
    if "filings" in data:
        data["cik"] = f"{cik:010d}"
        data["name"] = name
        data["tickers"] = []
        for entry in data["filings"].get("files") or []:
            entry["name"] = entry["name"].replace(entry["name"][3:13], f"{cik:010d}")
    return json.dumps(data, separators=(",", ":")).encode()


@contextmanager
def synced_store(
    corpus: Path,
    root: Path,
    cache: Path,
    published: datetime,
    submissions: list[tuple[str, bytes | Path]] | None = None,
    *,
    point_in_time: bool = False,
) -> Iterator[tuple[str, Path]]:
    """(mirror URL, store dir): the archives written under ``root``, served by a mirror over the corpus and
    synced once into ``cache`` (EDGAR_TODAY 2026-07-01; with the point-in-time versions when asked); the mirror
    stops on exit."""
    from mirror import MirrorServer

    write_archives(root, corpus, published, submissions=submissions)
    srv = MirrorServer(corpus, extra=root).start()
    try:
        sync_once(srv.url, cache, point_in_time=point_in_time)
        yield srv.url, cache / "bulk"
    finally:
        srv.stop()


def sync_once(url: str, cache: Path, **options):
    """sync_bulk(**options) once into ``cache`` through the mirror at ``url`` (EDGAR_TODAY 2026-07-01, quick
    retries), the environment restored after; returns its SyncResult."""
    import pytest
    import stamina

    from edgar_cli.capabilities.sync.sync import sync_bulk
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGAR_MIRROR", url)
        mp.setenv("EDGAR_CACHE_DIR", str(cache))
        mp.setenv("SEC_USER_AGENT", "edgar-cli tests tests@example.com")
        mp.setenv("EDGAR_TODAY", "2026-07-01")
        mp.delenv("EDGAR_BULK_DIR", raising=False)
        stamina.set_testing(True, attempts=2)
        client = SecClient(Settings.from_env())
        try:
            return sync_bulk(client=client, **options)
        finally:
            client.close()
            stamina.set_testing(False)


def screen_through(store_env: tuple[str, Path], monkeypatch):
    """screen(concept, **kw) -> ScreenResult through a client that sees the store of ``store_env``."""
    from edgar_cli.capabilities.screen.screen import screen_companies
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient, set_client

    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    client = SecClient(Settings.from_env())
    set_client(client)
    return lambda concept, **kw: screen_companies(concept, client=client, **kw)


def row_of(result, cik: int):
    """The screen row of ``cik`` in ``result``, or None."""
    return next((r for r in result.rows if r.cik == f"{cik:010d}"), None)

"""The local store of the SEC's bulk archives: one SQLite file, read-only to every reader.

Chosen by measurement (benchmarks/bulk.py, DEPLOYMENT.md): a single SQLite file
answers both access patterns without a new dependency, and its atomic
file replacement makes a rebuild safe to interrupt.

Tables (``FORMAT`` below; a store of another format is ignored, never misread):

- ``meta(key, value)``: format, the engine fingerprint the derived tables were
  computed with, ``point_in_time`` ("1" when ``annual_pit``/``status_pit`` hold every filer's versions),
  and per archive its URL, size, ETag, Last-Modified and when it was built; ``submissions.newest_filed``,
  the newest filing date of every filer's submissions (the date of the data, ``BulkStore.data_date``);
- ``companies(cik, name, calendar, currency, fiscal_year_end, crc, size)`` and
  ``tags(cik, tag, blob)``: every filer's companyfacts in the compact per-tag
  form the live path caches (``xbrl.facts``: zlib(marshal(body))), plus the
  fiscal calendar and reporting currency derived from all its facts;
- ``annual(concept, cik, ord, fiscal_year, calendar_year, fye_month, end_date,
  value, unit, form, fact)``: for each catalogue concept, the annual values the
  concept engine gives each company (``fact``: the FactValue's fields), so a
  screen is one indexed read instead of 10,000 engine runs;
- ``pit(cik, first_filed, summary)``: when each filer's first XBRL fact was filed, and the point-in-time
  summary of its facts (xbrl/pointintime.summary, packed; NULL when it has none), so that a screen as known
  on a date counts the filers of that date with one read and cuts a filer's facts without a pass over them;
- ``concept_status(concept, cik, unit, n, last_fy)``: which companies report a
  concept at all and in which unit (the screen's exclusion counts);
- ``annual_pit(concept, cik, rord, valid_from, valid_to, fiscal_year, ...)`` and ``status_pit(concept, cik,
  valid_from, valid_to, unit, n, last_fy)``: ``annual`` and ``concept_status`` as the engine gives them as
  known on each date (bulk/build.materialize_pit): every version of a row with the filing dates it holds for,
  ``valid_from <= D < valid_to``, so a screen as known on D is one read of a covering index (by concept,
  year and ``valid_to``). Built only by a sync asked for them (``edgar sync --point-in-time``: several times
  the cost of a sync without); empty otherwise, and ``meta.point_in_time`` says which;
- ``filers(cik, name, sic, ..., last_filed, doc)`` and ``pages(name, cik, doc)``: every
  submissions document of submissions.zip (zlib of the SEC's JSON bytes), with the filer's newest filing
  date in its recent filings (NULL when it has none).

``crc``/``size`` are the zip entry's CRC-32 and length: a re-sync re-reads only
entries that changed.
"""

from __future__ import annotations

import marshal
import sqlite3
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path

from .. import config
from ..xbrl.facts import TagsOnDemand

# 2: facts carry pre_reverse_split_ratio and suspected_errors; 3: the pit table; 4: every version of the annual
# values (annual_pit, status_pit) and each filer's last filing date (filers.last_filed)
FORMAT = "4"
STORE_NAME = "bulk.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS companies (cik INTEGER PRIMARY KEY, name TEXT, calendar BLOB, currency TEXT,
    fiscal_year_end TEXT, crc INTEGER, size INTEGER);
CREATE TABLE IF NOT EXISTS tags (cik INTEGER, tag TEXT, blob BLOB, PRIMARY KEY (cik, tag)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tags_by_tag ON tags (tag);
CREATE TABLE IF NOT EXISTS annual (concept TEXT, cik INTEGER, ord INTEGER, fiscal_year INTEGER,
    calendar_year INTEGER, fye_month INTEGER, end_date TEXT, value REAL, unit TEXT, form TEXT, fact BLOB,
    PRIMARY KEY (concept, cik, ord)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS annual_by_year ON annual (concept, fiscal_year);
CREATE INDEX IF NOT EXISTS annual_by_calendar ON annual (concept, calendar_year);
CREATE TABLE IF NOT EXISTS pit (cik INTEGER PRIMARY KEY, first_filed TEXT, summary BLOB);
CREATE TABLE IF NOT EXISTS concept_status (concept TEXT, cik INTEGER, unit TEXT, n INTEGER, last_fy INTEGER,
    PRIMARY KEY (concept, cik)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS annual_pit (concept TEXT, cik INTEGER, rord INTEGER, valid_from TEXT, valid_to TEXT,
    fiscal_year INTEGER, calendar_year INTEGER, fye_month INTEGER, end_date TEXT, value REAL, unit TEXT, form TEXT,
    fact BLOB, PRIMARY KEY (concept, cik, rord, valid_from)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS annual_pit_by_year ON annual_pit (concept, fiscal_year, valid_to, valid_from, cik, rord,
    end_date, value, unit, form, fye_month);
CREATE INDEX IF NOT EXISTS annual_pit_by_calendar ON annual_pit (concept, calendar_year, valid_to, valid_from, cik,
    rord, end_date, value, unit, form, fye_month);
CREATE TABLE IF NOT EXISTS status_pit (concept TEXT, cik INTEGER, valid_from TEXT, valid_to TEXT, unit TEXT,
    n INTEGER, last_fy INTEGER, PRIMARY KEY (concept, cik, valid_from)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS status_pit_by_end ON status_pit (concept, valid_to, valid_from, cik, unit, n, last_fy);
CREATE TABLE IF NOT EXISTS filers (cik INTEGER PRIMARY KEY, name TEXT, sic TEXT, sic_description TEXT,
    fiscal_year_end TEXT, tickers TEXT, entity_type TEXT, crc INTEGER, size INTEGER, last_filed TEXT, doc BLOB);
CREATE INDEX IF NOT EXISTS filers_by_sic ON filers (sic);
CREATE TABLE IF NOT EXISTS pages (name TEXT PRIMARY KEY, cik INTEGER, crc INTEGER, size INTEGER, doc BLOB);
"""

# The columns of ``annual.fact``, in order: a FactValue without its derivable filing_url.
FACT_FIELDS = (
    "value",
    "unit",
    "fiscal_year",
    "fiscal_period",
    "period_type",
    "start",
    "end",
    "days",
    "filed",
    "form",
    "accession_number",
    "matched_tag",
    "restated",
    "original_value",
    "original_filed",
    "original_accession",
    "distinct_values",
    "revision_kind",
    "pre_split_ratio",
    "pre_reverse_split_ratio",
    "suspected_errors",
    "components",  # a sum's parts (total_debt); a store built before them has neither: the defaults apply
    "formula",
    # not a FactValue field: (tag, accession, filed, form) of the earlier filing of the same figure under another
    # tag of the concept (notes.first_filed_of), or None; a store built before it has none
    "first_filed_elsewhere",
    "original_form",  # the form of the filing that first reported a revised value; a store built before it has none
)


def store_dir(cache_dir: Path) -> Path:
    """Where the store lives: ``EDGAR_BULK_DIR``, else ``bulk/`` in the cache directory."""
    env = config.bulk_dir()
    return Path(env) if env else Path(cache_dir) / "bulk"


def pack(obj) -> bytes:
    return zlib.compress(marshal.dumps(obj), 1)


def unpack(blob: bytes):
    return marshal.loads(zlib.decompress(blob))


class StoreTags(TagsOnDemand):
    """One company's ``{"taxonomy:Tag": body}``, read from the store per tag on first access."""

    def __init__(self, store: BulkStore, cik: int, names: list[str]):
        super().__init__(dict.fromkeys(sorted(names)))
        self._store = store
        self._cik = cik

    def _load(self, key: str) -> dict:
        row = self._store.one("SELECT blob FROM tags WHERE cik = ? AND tag = ?", (self._cik, key))
        if row is None:
            raise KeyError(key)
        return unpack(row[0])


class BulkStore:
    """A read-only connection to a complete store (thread-safe: one lock around the connection)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        st = self.path.stat()
        self.identity = (st.st_ino, st.st_mtime_ns, st.st_size)
        self._conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        self.meta = dict(self.all("SELECT key, value FROM meta"))

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def one(self, sql: str, args: tuple = ()) -> tuple | None:
        with self._lock:
            return self._conn.execute(sql, args).fetchone()

    def all(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    def each(self, sql: str, args: tuple = (), batch: int = 500):
        """The rows of ``sql`` one at a time, read ``batch`` at a time (the connection's lock held until the
        last is read: consume it at once)."""
        with self._lock:
            cur = self._conn.execute(sql, args)
            while rows := cur.fetchmany(batch):
                yield from rows

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, locked, for several cursors read side by side (a merge of sorted reads): consume
        them inside the block, and call no other method of the store there (its lock is held)."""
        with self._lock:
            yield self._conn

    @property
    def usable(self) -> bool:
        return self.meta.get("format") == FORMAT and self.meta.get("complete") == "1"

    @property
    def as_of(self) -> datetime | None:
        """When the older of the two archives was published (their Last-Modified), in UTC."""
        stamps = [self.meta.get(f"{a}.published") for a in ("companyfacts", "submissions")]
        got = [datetime.fromisoformat(s) for s in stamps if s]
        return min(got) if got else None

    @property
    def data_date(self) -> date | None:
        """The date of the data the store holds: the newest filing date in its submissions (kept at build), not
        later than the day its archives were published (a sync from disk: the day of the sync); that day when
        the store kept no newest filing date; None when it holds no archive."""
        stamp = self.meta.get("submissions.published") or self.meta.get("companyfacts.published")
        if not stamp:
            return None
        day = datetime.fromisoformat(stamp).date()
        newest = self.meta.get("submissions.newest_filed")
        return min(day, date.fromisoformat(newest)) if newest else day

    @property
    def has_companyfacts(self) -> bool:
        return bool(self.meta.get("companyfacts.published"))

    @property
    def has_versions(self) -> bool:
        """Whether annual_pit and status_pit hold every filer's point-in-time versions (a sync with them)."""
        return self.meta.get("point_in_time") == "1"

    @property
    def has_submissions(self) -> bool:
        return bool(self.meta.get("submissions.published"))

    def company(self, cik: int) -> tuple[str, tuple, str | None, StoreTags] | None:
        """(name, plain fiscal calendar, reporting currency, tags) of a filer with XBRL facts, else None."""
        row = self.one("SELECT name, calendar, currency FROM companies WHERE cik = ?", (int(cik),))
        if row is None:
            return None
        names = [r[0] for r in self.all("SELECT tag FROM tags WHERE cik = ?", (int(cik),))]
        return row[0], unpack(row[1]), row[2], StoreTags(self, int(cik), names)

    def pit_summary(self, cik: int) -> tuple | None:
        """The point-in-time summary of a filer's facts (xbrl/pointintime.summary) kept at build, or None."""
        row = self.one("SELECT summary FROM pit WHERE cik = ?", (int(cik),))
        return unpack(row[0]) if row and row[0] is not None else None

    def document(self, name: str) -> bytes | None:
        """The JSON bytes of a submissions file by its name (``CIK##########.json`` or a page)."""
        if name.endswith("-submissions-001.json") or "-submissions-" in name:
            row = self.one("SELECT doc FROM pages WHERE name = ?", (name,))
        else:
            try:
                cik = int(name.removeprefix("CIK").removesuffix(".json"))
            except ValueError:
                return None
            row = self.one("SELECT doc FROM filers WHERE cik = ?", (cik,))
        return zlib.decompress(row[0]) if row and row[0] is not None else None


def published_at(last_modified: str | None, fallback: datetime) -> datetime:
    """An archive's publication time from its Last-Modified header (UTC), else ``fallback``."""
    import email.utils

    if last_modified:
        try:
            when = email.utils.parsedate_to_datetime(last_modified)
            if when is not None:
                return when if when.tzinfo else when.replace(tzinfo=UTC)
        except (TypeError, ValueError):
            pass
    return fallback

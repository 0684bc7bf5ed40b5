"""Where indexed filing text lives: a small interface (``IndexStore``) and its SQLite implementation.

``SqliteStore`` keeps everything in one file (the user data dir, or ``EDGAR_INDEX``):

- ``filings``: one row per indexed filing (accession, CIK, ticker, company, form, dates, versions);
- ``documents``: one row per section of a filing (``doc_id`` = ``ACCESSION:section``), its text zlib-compressed;
- ``chunks``: one row per chunk (``chunk_id`` = ``ACCESSION:section:NNNN``) with its metadata and line range;
- ``chunk_fts``: an FTS5 table (porter stemming, unicode61) holding the chunk text, rowid = ``chunks.rowid``;
- ``chunk_vec``: optional float32 vectors, one BLOB per chunk holding one vector per window of the chunk,
  searched by brute force with numpy (a chunk scores as its best window).

Writes go one filing at a time in one ``BEGIN IMMEDIATE`` transaction that deletes
the filing's rows and inserts the new ones, in WAL mode: re-indexing is
idempotent, and a process killed mid-write leaves the previous state.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

SCHEMA_VERSION = "1"
APP_NAME = "edgar-cli"


def index_path() -> Path:
    """``EDGAR_INDEX``, else ``index.sqlite`` in the platform's user data dir."""
    env = os.environ.get("EDGAR_INDEX")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME)) / "index.sqlite"


# --- records ---------------------------------------------------------------------------------------


@dataclass
class FilingRecord:
    accession: str
    cik: str
    ticker: str | None
    company: str
    form: str
    filing_date: str | None
    fiscal_year: int | None
    period_of_report: str | None
    document_url: str | None
    sections: int = 0
    chunks: int = 0
    chars: int = 0
    embedding_model: str | None = None
    versions: str = ""  # parser/chunker versions the chunks were made with
    indexed_at: str = ""


@dataclass
class DocumentRecord:
    doc_id: str
    accession: str
    section: str
    item: str
    label: str
    text: str
    aliases: list[str] = field(default_factory=list)  # other section keys with the same text ("Items 1 and 2")


@dataclass
class ChunkRecord:
    chunk_id: str
    doc_id: str
    accession: str
    section: str
    position: int
    line_start: int
    line_end: int
    tokens: int
    text: str
    cik: str = ""
    form: str = ""
    filing_date: str | None = None


@dataclass
class Filters:
    """Which chunks a search may return; empty means no restriction."""

    ciks: Sequence[str] = ()
    exclude_ciks: Sequence[str] = ()
    forms: Sequence[str] = ()
    sections: Sequence[str] = ()
    filed_from: str | None = None
    filed_to: str | None = None


@dataclass
class Hit:
    chunk_id: str
    score: float


class IndexStore(Protocol):
    """What search and indexing need from a store; SQLite here, a search engine for a bigger corpus."""

    location: str

    def exists(self) -> bool: ...

    def replace_filing(self, filing: FilingRecord, documents: Sequence[DocumentRecord],
                       chunks: Sequence[ChunkRecord], vectors: Sequence[bytes] | None) -> None: ...

    def remove(self, accessions: Sequence[str]) -> int: ...

    def filings(self) -> list[FilingRecord]: ...

    def keyword(self, terms: Sequence[str], mode: str, filters: Filters, limit: int) -> list[Hit]: ...

    def vector_candidates(self, filters: Filters, model: str) -> list[tuple[str, bytes]]: ...

    def chunks(self, chunk_ids: Sequence[str]) -> dict[str, ChunkRecord]: ...

    def neighbours(self, chunk_id: str, before: int, after: int) -> list[ChunkRecord]: ...

    def document(self, doc_id: str) -> DocumentRecord | None: ...

    def documents_of(self, accession: str) -> list[str]: ...

    def doc_labels(self, doc_ids: Sequence[str]) -> dict[str, tuple[str, str]]: ...

    def chunk_spans(self, doc_id: str) -> list[tuple[str, int, int]]: ...

    def vector_models(self) -> dict[str, int]: ...

    def size_bytes(self) -> int: ...


# --- SQLite ----------------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS filings (
    accession TEXT PRIMARY KEY, cik TEXT NOT NULL, ticker TEXT, company TEXT NOT NULL, form TEXT NOT NULL,
    filing_date TEXT, fiscal_year INTEGER, period_of_report TEXT, document_url TEXT, sections INTEGER,
    chunks INTEGER, chars INTEGER, embedding_model TEXT, versions TEXT, indexed_at TEXT);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY, accession TEXT NOT NULL, section TEXT NOT NULL, item TEXT, label TEXT,
    aliases TEXT, text BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS documents_accession ON documents(accession);
CREATE TABLE IF NOT EXISTS chunks (
    rowid INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE, doc_id TEXT NOT NULL, accession TEXT NOT NULL,
    cik TEXT NOT NULL, form TEXT NOT NULL, filing_date TEXT, section TEXT NOT NULL, sections TEXT NOT NULL,
    position INTEGER NOT NULL, line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, tokens INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_accession ON chunks(accession);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id, position);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS chunk_vec (rowid INTEGER PRIMARY KEY, model TEXT NOT NULL, vec BLOB NOT NULL);
"""


def _never_written(exc: sqlite3.OperationalError) -> bool:
    """The file exists but holds no tables yet ("no such table"), as opposed to one that cannot be read."""
    return "no such table" in str(exc)


class SqliteStore:
    """The embedded store: one SQLite file with FTS5 (BM25) and float32 vectors."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else index_path()
        self.location = str(self.path)

    def exists(self) -> bool:
        return self.path.is_file()

    @contextmanager
    def _connect(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """A connection; a path that is not a usable index is ``invalid_argument`` naming EDGAR_INDEX."""
        try:
            if write:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            elif not self.path.is_file():
                raise FileNotFoundError(self.path)
            with closing(sqlite3.connect(self.path, timeout=60, isolation_level=None)) as conn:
                conn.execute("PRAGMA busy_timeout = 60000")
                if write:
                    conn.execute("PRAGMA journal_mode = WAL")
                    conn.execute("PRAGMA synchronous = NORMAL")
                    conn.executescript(_SCHEMA)
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
                yield conn
        except FileNotFoundError:
            if not write:
                raise
            raise self._unusable("its folder cannot be created") from None
        except (sqlite3.DatabaseError, OSError) as exc:
            raise self._unusable(f"{type(exc).__name__}: {exc}") from None

    def _unusable(self, why: str) -> Exception:
        from ..errors import EdgarError
        from ..vocabulary import tool

        return EdgarError("invalid_argument", f"The local index at {self.location} cannot be used ({why}).",
                          "Point EDGAR_INDEX at a writable path for a SQLite file (it is created on first "
                          f"{tool('index_add')}), or move the damaged file away.", index=self.location)

    # writing ---------------------------------------------------------------------------------------

    def replace_filing(self, filing: FilingRecord, documents: Sequence[DocumentRecord],
                       chunks: Sequence[ChunkRecord], vectors: Sequence[bytes] | None) -> None:
        """Delete the filing's rows and insert these, in one transaction."""
        filing.indexed_at = filing.indexed_at or datetime.now(UTC).isoformat(timespec="seconds")
        with self._connect(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._delete(conn, [filing.accession])
                conn.execute("INSERT INTO filings VALUES (" + ",".join("?" * 15) + ")", tuple(asdict(filing).values()))
                conn.executemany(
                    "INSERT INTO documents VALUES (?,?,?,?,?,?,?)",
                    [(d.doc_id, d.accession, d.section, d.item, d.label, json.dumps(d.aliases),
                      zlib.compress(d.text.encode("utf-8"), 6)) for d in documents])
                aliases = {d.doc_id: " ".join([d.section, *d.aliases]) for d in documents}
                for k, c in enumerate(chunks):
                    cur = conn.execute(
                        "INSERT INTO chunks (chunk_id, doc_id, accession, cik, form, filing_date, section, sections, "
                        "position, line_start, line_end, tokens) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                        (c.chunk_id, c.doc_id, c.accession, filing.cik, filing.form, filing.filing_date, c.section,
                         f" {aliases.get(c.doc_id, c.section)} ", c.position, c.line_start, c.line_end, c.tokens))
                    rowid = cur.lastrowid
                    conn.execute("INSERT INTO chunk_fts (rowid, text) VALUES (?, ?)", (rowid, c.text))
                    if vectors is not None:
                        conn.execute("INSERT INTO chunk_vec VALUES (?,?,?)", (rowid, filing.embedding_model, vectors[k]))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    @staticmethod
    def _delete(conn: sqlite3.Connection, accessions: Sequence[str]) -> int:
        marks = ",".join("?" * len(accessions))
        rows = f"SELECT rowid FROM chunks WHERE accession IN ({marks})"
        conn.execute(f"DELETE FROM chunk_fts WHERE rowid IN ({rows})", tuple(accessions))
        conn.execute(f"DELETE FROM chunk_vec WHERE rowid IN ({rows})", tuple(accessions))
        conn.execute(f"DELETE FROM chunks WHERE accession IN ({marks})", tuple(accessions))
        conn.execute(f"DELETE FROM documents WHERE accession IN ({marks})", tuple(accessions))
        return conn.execute(f"DELETE FROM filings WHERE accession IN ({marks})", tuple(accessions)).rowcount

    def remove(self, accessions: Sequence[str]) -> int:
        if not accessions or not self.exists():
            return 0
        with self._connect(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                n = self._delete(conn, list(accessions))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        return n

    # reading ---------------------------------------------------------------------------------------

    def filings(self) -> list[FilingRecord]:
        if not self.exists():
            return []
        with self._connect() as conn:
            try:
                rows = conn.execute("SELECT * FROM filings ORDER BY cik, filing_date DESC, accession").fetchall()
            except sqlite3.OperationalError as exc:
                if _never_written(exc):
                    return []
                raise self._unusable(f"it cannot be read: {exc}") from None  # a full disk is not "empty"
        return [FilingRecord(*r) for r in rows]

    @staticmethod
    def _where(filters: Filters) -> tuple[str, list]:
        sql, args = [], []
        for col, values, neg in (("c.cik", filters.ciks, False), ("c.cik", filters.exclude_ciks, True),
                                 ("c.form", filters.forms, False)):
            if values:
                sql.append(f"{col} {'NOT ' if neg else ''}IN ({','.join('?' * len(values))})")
                args.extend(values)
        if filters.sections:
            sql.append("(" + " OR ".join("instr(c.sections, ?) > 0" for _ in filters.sections) + ")")
            args.extend(f" {s} " for s in filters.sections)
        if filters.filed_from:
            sql.append("c.filing_date >= ?")
            args.append(filters.filed_from)
        if filters.filed_to:
            sql.append("c.filing_date <= ?")
            args.append(filters.filed_to)
        return ("".join(f" AND {s}" for s in sql)), args

    def keyword(self, terms: Sequence[str], mode: str, filters: Filters, limit: int) -> list[Hit]:
        """Chunks holding ``all`` the words, ``any`` of them or the ``phrase``, best BM25 first.

        The words become quoted FTS5 strings (ranking.fts_query): user text is never FTS5 syntax."""
        from .ranking import fts_query

        match = fts_query(list(terms), mode)
        if not match:
            return []
        where, args = self._where(filters)
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT c.chunk_id, bm25(chunk_fts) AS s FROM chunk_fts JOIN chunks c ON c.rowid = chunk_fts.rowid "
                f"WHERE chunk_fts MATCH ?{where} ORDER BY s LIMIT ?", [match, *args, int(limit)]).fetchall()
        return [Hit(cid, -float(s)) for cid, s in rows]

    def vector_candidates(self, filters: Filters, model: str) -> list[tuple[str, bytes]]:
        """(chunk id, its window vectors as concatenated float32) of model ``model``, for chunks passing the filters."""
        where, args = self._where(filters)
        with self._connect() as conn:
            return conn.execute(f"SELECT c.chunk_id, v.vec FROM chunk_vec v JOIN chunks c ON c.rowid = v.rowid "
                                f"WHERE v.model = ?{where}", [model, *args]).fetchall()

    def vector_models(self) -> dict[str, int]:
        if not self.exists():
            return {}
        with self._connect() as conn:
            try:
                return dict(conn.execute("SELECT model, count(*) FROM chunk_vec GROUP BY model").fetchall())
            except sqlite3.OperationalError as exc:
                if _never_written(exc):
                    return {}
                raise self._unusable(f"it cannot be read: {exc}") from None

    _CHUNK_SQL = ("SELECT c.chunk_id, c.doc_id, c.accession, c.section, c.position, c.line_start, c.line_end, "
                  "c.tokens, f.text, c.cik, c.form, c.filing_date FROM chunks c JOIN chunk_fts f ON f.rowid = c.rowid ")

    def chunks(self, chunk_ids: Sequence[str]) -> dict[str, ChunkRecord]:
        out: dict[str, ChunkRecord] = {}
        ids = list(dict.fromkeys(chunk_ids))
        with self._connect() as conn:
            for s in range(0, len(ids), 500):
                part = ids[s:s + 500]
                for r in conn.execute(self._CHUNK_SQL + f"WHERE c.chunk_id IN ({','.join('?' * len(part))})", part):
                    out[r[0]] = ChunkRecord(*r)
        return out

    def neighbours(self, chunk_id: str, before: int, after: int) -> list[ChunkRecord]:
        with self._connect() as conn:
            row = conn.execute("SELECT doc_id, position FROM chunks WHERE chunk_id = ?", (chunk_id,)).fetchone()
            if row is None:
                return []
            rows = conn.execute(self._CHUNK_SQL + "WHERE c.doc_id = ? AND c.position BETWEEN ? AND ? ORDER BY c.position",
                                (row[0], row[1] - before, row[1] + after)).fetchall()
        return [ChunkRecord(*r) for r in rows]

    def document(self, doc_id: str) -> DocumentRecord | None:
        if not self.exists():
            return None
        with self._connect() as conn:
            row = conn.execute("SELECT doc_id, accession, section, item, label, text, aliases FROM documents "
                               "WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None:
            return None
        return DocumentRecord(row[0], row[1], row[2], row[3], row[4], zlib.decompress(row[5]).decode("utf-8"),
                              json.loads(row[6] or "[]"))

    def documents_of(self, accession: str) -> list[str]:
        with self._connect() as conn:
            return [r[0] for r in conn.execute("SELECT doc_id FROM documents WHERE accession = ? ORDER BY rowid",
                                               (accession,))]

    def doc_labels(self, doc_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """{doc_id: (item, label)}."""
        ids = list(dict.fromkeys(doc_ids))
        if not ids:
            return {}
        with self._connect() as conn:
            rows = conn.execute(f"SELECT doc_id, item, label FROM documents WHERE doc_id IN ({','.join('?' * len(ids))})",
                                ids).fetchall()
        return {r[0]: (r[1], r[2]) for r in rows}

    def chunk_spans(self, doc_id: str) -> list[tuple[str, int, int]]:
        """(chunk_id, line_start, line_end) of a document's chunks, in order."""
        with self._connect() as conn:
            return [tuple(r) for r in conn.execute(  # type: ignore[misc]
                "SELECT chunk_id, line_start, line_end FROM chunks WHERE doc_id = ? ORDER BY position", (doc_id,))]

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.is_file())

    def integrity(self) -> str:
        with self._connect() as conn:
            return conn.execute("PRAGMA integrity_check").fetchone()[0]

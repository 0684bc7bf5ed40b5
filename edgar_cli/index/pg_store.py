"""The text index on PostgreSQL (``EDGAR_INDEX_URL=postgresql://...``): the ``IndexStore`` of a team.

Same tables and the same keyword design as :class:`~edgar_cli.index.store.SqliteStore`, in one
PostgreSQL schema (``edgar`` unless told otherwise):

- ``filings``, ``documents`` (section text as ``text``: PostgreSQL compresses it), ``chunks`` (metadata,
  the chunk text and ``words``, a ``tsvector`` of the chunk's lower-cased words with their positions,
  under a GIN index: the phrase search's full-text candidates);
- ``postings`` / ``filing_stats``: the per-filing keyword index, written by the same function as SQLite's
  (``store.filing_postings``) and ranked by the same code (``store.PostingsSearch``): a query returns the
  same hits with the same scores on both engines, and a company-filtered answer does not depend on what
  else is indexed (PostgreSQL's own ``ts_rank`` has no BM25 and no per-filing statistics);
- ``vec_cache``: float32 vectors as ``bytea`` keyed by (chunk text hash, model), read by the same brute
  force as SQLite's. pgvector is not used: it is not packaged for the Debian these machines run, and an
  approximate (HNSW) search would not return the same results as the SQLite store.

Writes: one transaction per filing that deletes the filing's rows and inserts the new ones, after
``pg_advisory_xact_lock`` on a key of the schema: writers on any number of hosts take turns (each filing
is one short transaction; embedding and parsing happen before it), readers never wait, and a writer
killed mid-filing leaves the previous state. The schema is created (or, when written by another schema
version, emptied) under the same lock by the first writer. Reads of one search run in one
``REPEATABLE READ`` snapshot, so a search never mixes a filing's old and new rows.

Connections come from a psycopg_pool pool per (URL, schema) and process. Pools are closed explicitly:
by :meth:`PostgresStore.close`, by :func:`close_pools` (the CLI calls it once a command has answered) and,
for any other path, by an ``atexit`` hook. A pool left to its finalizer could deadlock at interpreter
shutdown: by then its daemon worker threads are frozen, possibly holding the lock the finalizer takes
(as when a restart of PostgreSQL cuts an ``index add``'s COPY). Needs the ``team`` extra
(``pip install 'edgar-cli[team]'``: psycopg 3 and psycopg-pool); nothing imports this module unless
``EDGAR_INDEX_URL`` names PostgreSQL.
"""

from __future__ import annotations

import atexit
import logging
import re
import threading
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, fields
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from ..config import install_hint
from .store import (
    CHUNK_COLUMNS,
    DOCUMENT_COLUMNS,
    FILINGS_DDL,
    META_DDL,
    PHRASE_CANDIDATES,
    SCHEMA_VERSION,
    ChunkRecord,
    DocumentRecord,
    FilingRecord,
    Filters,
    PostingsSearch,
    chunk_rows,
    document_rows,
    filing_postings,
)

DEFAULT_SCHEMA = "edgar"

_SCHEMA_RE = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_FILING_COLUMNS = [f.name for f in fields(FilingRecord)]
_LEXEME_MAX = 2000  # bytes; PostgreSQL refuses lexemes over 2047

_DDL = (
    FILINGS_DDL
    + """
CREATE TABLE IF NOT EXISTS documents (
    doc_id text PRIMARY KEY, accession text NOT NULL, ord integer NOT NULL, section text NOT NULL, item text,
    label text, aliases text, text text NOT NULL);
CREATE INDEX IF NOT EXISTS documents_accession ON documents (accession, ord);
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id text PRIMARY KEY, doc_id text NOT NULL, accession text NOT NULL, cik text NOT NULL,
    form text NOT NULL, filing_date text, section text NOT NULL, sections text NOT NULL, position integer NOT NULL,
    line_start integer NOT NULL, line_end integer NOT NULL, tokens integer NOT NULL, heading text NOT NULL,
    ord integer NOT NULL, hash text NOT NULL, text text NOT NULL, words tsvector NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_accession ON chunks (accession, ord);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks (doc_id, position);
CREATE INDEX IF NOT EXISTS chunks_hash ON chunks (hash);
CREATE INDEX IF NOT EXISTS chunks_words ON chunks USING gin (words);
CREATE TABLE IF NOT EXISTS postings (term text NOT NULL, accession text NOT NULL, data bytea NOT NULL,
    PRIMARY KEY (term, accession));
CREATE INDEX IF NOT EXISTS postings_accession ON postings (accession);
CREATE TABLE IF NOT EXISTS filing_stats (accession text PRIMARY KEY, n integer NOT NULL,
    avg_len double precision NOT NULL, lens bytea NOT NULL);
CREATE TABLE IF NOT EXISTS vec_cache (hash text NOT NULL, model text NOT NULL, vec bytea NOT NULL,
    PRIMARY KEY (hash, model));
"""
)
_TABLES = ("filings", "documents", "chunks", "postings", "filing_stats", "vec_cache")

_pools: dict[tuple[str, str], Any] = {}  # psycopg_pool.ConnectionPool by (url, schema)
_pools_lock = threading.Lock()
_atexit_hooked = False
_CLOSE_TIMEOUT = 2.0  # seconds to wait for each pool thread (one still connecting is left behind, then)


def close_pools() -> None:
    """Close every pool this process opened (waiting at most a few seconds per worker thread); safe to call
    twice. Later uses of a store open a new pool."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        try:
            pool.close(timeout=_CLOSE_TIMEOUT)
        except Exception:  # noqa: BLE001 - closing at the end must not turn an answer into a traceback
            logging.getLogger(__name__).debug("closing a PostgreSQL pool failed", exc_info=True)


def redact(url: str) -> str:
    """The URL with its password replaced by ``***`` (for messages and ``location``)."""
    from ..sec.urls import redact as redact_url

    shown = redact_url(url)
    return "postgresql://(unparsable URL)" if shown == "(an unparsable URL)" else shown


def words_tsvector(text: str) -> str:
    """A ``tsvector`` literal of the text's words (lower case, as ``ranking.words`` cuts them) with their
    1-based positions: no stemming, no stopwords, so a phrase query of words is an exact-word match."""
    from .analysis import words

    at: dict[str, list[int]] = {}
    for i, w in enumerate(words(text), start=1):
        if len(w.encode("utf-8")) <= _LEXEME_MAX:
            at.setdefault(w, []).append(min(i, 16383))
    # a word's positions: at most 256 are kept by PostgreSQL; keep the first ones
    return " ".join(f"'{w}':" + ",".join(str(p) for p in sorted(set(ps))[:256]) for w, ps in at.items())


def phrase_tsquery(words: Sequence[str]) -> str:
    """``'w1' <-> 'w2' <-> ...``: the words consecutively, in order (they hold no quotes: ranking.words)."""
    return " <-> ".join(f"'{w}'" for w in words if len(w.encode("utf-8")) <= _LEXEME_MAX)


def _no_nul(text: str) -> str:
    """PostgreSQL text cannot hold NUL: it becomes U+FFFD (neither is a word character, so the terms and
    phrases of the text are unchanged)."""
    return text.replace("\x00", "\ufffd") if "\x00" in text else text


def split_schema(url: str) -> tuple[str, str | None]:
    """(the URL without a ``schema=NAME`` query parameter, NAME or None): libpq knows no such parameter."""
    parts = urlsplit(url)
    kept, schema = [], None
    for pair in parts.query.split("&") if parts.query else []:
        key, _, value = pair.partition("=")
        if key == "schema":
            schema = unquote(value)
        else:
            kept.append(pair)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "&".join(kept), parts.fragment)), schema


class PostgresStore(PostingsSearch):
    """The index in PostgreSQL; ``url`` is a libpq URL (``postgresql://user:pass@host:5432/db``), optionally
    with ``?schema=NAME`` (default ``edgar``): several indexes can share one database."""

    def __init__(self, url: str, schema: str | None = None, *, timeout: float = 10.0):
        url, in_url = split_schema(url)
        schema = schema or in_url or DEFAULT_SCHEMA
        if not _SCHEMA_RE.match(schema):
            from ..errors import EdgarError

            raise EdgarError(
                "invalid_argument",
                f"{schema!r} is not a plain PostgreSQL schema name.",
                "Use lower-case letters, digits and underscores in the schema of EDGAR_INDEX_URL, "
                "e.g. ?schema=edgar_team.",
            )
        self.url = url
        self.schema = schema
        self.timeout = timeout
        self.location = redact(url) + (f" (schema {schema})" if schema != DEFAULT_SCHEMA else "")
        self._lock_key = zlib.crc32(f"edgar-index:{schema}".encode())

    # connections -----------------------------------------------------------------------------------

    def _pool(self):
        try:
            import psycopg  # noqa: F401
            from psycopg_pool import ConnectionPool
        except ImportError:
            raise self._error(
                "invalid_argument",
                "the PostgreSQL client is not installed",
                f"Install it ({install_hint('team')}), or unset EDGAR_INDEX_URL to use the local SQLite index.",
            ) from None
        key = (self.url, self.schema)
        with _pools_lock:
            pool = _pools.get(key)
            if pool is None:
                psycopg.connect(self.url, connect_timeout=self._connect_timeout()).close()  # fail fast, with why
                logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())  # reasons come as errors
                schema = self.schema

                def configure(conn) -> None:
                    conn.execute(f"SET search_path TO {schema}")

                pool = ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=8,
                    open=True,
                    timeout=self.timeout,
                    kwargs={"autocommit": True, "connect_timeout": self._connect_timeout()},
                    configure=configure,
                    check=ConnectionPool.check_connection,
                    name=f"edgar-index-{schema}",
                )
                global _atexit_hooked
                if not _atexit_hooked:
                    atexit.register(close_pools)  # runs before finalization, while the pool's threads still run
                    _atexit_hooked = True
                _pools[key] = pool
        return pool

    def _connect_timeout(self) -> int:
        return max(1, int(self.timeout))

    def _error(self, code: str, why: str, suggestion: str):
        from ..errors import EdgarError

        return EdgarError(
            code, f"The index database at {self.location} cannot be used ({why}).", suggestion, index=self.location
        )

    @contextmanager
    def _conn(self) -> Iterator:
        """A pooled connection; an unreachable server, or one that went away while the connection was in use
        (psycopg's InterfaceError: "the connection is lost"), is ``upstream_unavailable``; a refused statement
        (permissions, a damaged schema) ``invalid_argument``; both name EDGAR_INDEX_URL."""
        import psycopg
        from psycopg_pool import PoolTimeout

        from ..errors import EdgarError

        try:
            with self._pool().connection() as conn:
                yield conn
        except EdgarError:
            raise
        except (PoolTimeout, psycopg.OperationalError, psycopg.InterfaceError) as exc:
            why = str(exc)
            if isinstance(exc, PoolTimeout):  # the pool says only that it waited: ask the server why
                try:
                    psycopg.connect(self.url, connect_timeout=2).close()
                except psycopg.OperationalError as probe:
                    why = str(probe)
            raise self._error(
                "upstream_unavailable",
                why.strip().splitlines()[0][:300] if why.strip() else type(exc).__name__,
                "Check that the PostgreSQL server in EDGAR_INDEX_URL is running and reachable, "
                "then try again; unset EDGAR_INDEX_URL to use the local SQLite index.",
            ) from None
        except psycopg.DatabaseError as exc:
            raise self._error(
                "invalid_argument",
                f"{type(exc).__name__}: {str(exc).strip()[:300]}",
                "Check the user's rights on the database in EDGAR_INDEX_URL (it creates the "
                f"schema {self.schema} and its tables on the first write).",
            ) from None

    @contextmanager
    def _read(self) -> Iterator:
        """One consistent snapshot for the reads of a search."""
        with self._conn() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield conn

    def close(self) -> None:
        with _pools_lock:
            pool = _pools.pop((self.url, self.schema), None)
        if pool is not None:
            pool.close(timeout=_CLOSE_TIMEOUT)

    # schema ----------------------------------------------------------------------------------------

    def _ensure_schema(self, conn) -> None:
        """Create the schema and tables, or empty them when another schema version wrote them (under the
        writers' lock, inside the caller's transaction)."""
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {self.schema}")
        conn.execute(META_DDL)
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is not None and row[0] != SCHEMA_VERSION:
            conn.execute("DROP TABLE IF EXISTS " + ", ".join(_TABLES))
            conn.execute("DELETE FROM meta WHERE key = 'schema_version'")
        if row is None or row[0] != SCHEMA_VERSION:
            conn.execute(_DDL)
            conn.execute("INSERT INTO meta VALUES ('schema_version', %s)", (SCHEMA_VERSION,))

    def _ready(self, conn) -> bool:
        """The schema exists and was written by this schema version."""
        if conn.execute("SELECT to_regclass(%s)", (f"{self.schema}.meta",)).fetchone()[0] is None:
            return False
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        return row is not None and row[0] == SCHEMA_VERSION

    def exists(self) -> bool:
        with self._conn() as conn:
            return self._ready(conn)

    def check_writable(self) -> None:
        """Raise the error a write would meet (server unreachable, no CREATE or write privilege) before any
        filing is fetched: creates the schema as the first write would, in a transaction rolled back."""
        import psycopg

        with self._conn() as conn, conn.transaction():
            conn.execute("SET LOCAL lock_timeout = '60s'")  # as SQLite's busy wait: a stuck writer is an error
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock_key,))
            self._ensure_schema(conn)
            raise psycopg.Rollback()

    # writing ---------------------------------------------------------------------------------------

    def replace_filing(
        self,
        filing: FilingRecord,
        documents: Sequence[DocumentRecord],
        chunks: Sequence[ChunkRecord],
        vectors: dict[str, bytes] | None,
    ) -> None:
        """Delete the filing's rows and insert these, in one transaction (see the module docstring)."""
        filing.indexed_at = filing.indexed_at or datetime.now(UTC).isoformat(timespec="seconds")
        post, lens, avg = filing_postings(documents, chunks)
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock_key,))
            self._ensure_schema(conn)
            old_hashes = self._delete(conn, [filing.accession])
            row = asdict(filing)
            conn.execute(
                f"INSERT INTO filings ({', '.join(_FILING_COLUMNS)}) VALUES "
                f"({', '.join(['%s'] * len(_FILING_COLUMNS))})",
                [row[c] for c in _FILING_COLUMNS],
            )
            with conn.cursor() as cur:
                with cur.copy(f"COPY documents ({DOCUMENT_COLUMNS}, ord) FROM STDIN") as cp:
                    for k, values in enumerate(document_rows(documents, _no_nul)):
                        cp.write_row((*values, k))
                with cur.copy(f"COPY chunks ({CHUNK_COLUMNS}, text, words) FROM STDIN") as cp:
                    for c, values in zip(chunks, chunk_rows(filing, documents, chunks, _no_nul), strict=True):
                        cp.write_row((*values, _no_nul(c.text), words_tsvector(c.text)))
                with cur.copy("COPY postings (term, accession, data) FROM STDIN") as cp:
                    for t, data in post.items():
                        cp.write_row((t, filing.accession, data))
            conn.execute("INSERT INTO filing_stats VALUES (%s, %s, %s, %s)", (filing.accession, len(chunks), avg, lens))
            if vectors and filing.embedding_model:
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO vec_cache VALUES (%s, %s, %s) ON CONFLICT (hash, model) "
                        "DO UPDATE SET vec = EXCLUDED.vec",
                        [(h, filing.embedding_model, v) for h, v in vectors.items()],
                    )
            self._drop_unused_vectors(conn, old_hashes)

    @staticmethod
    def _delete(conn, accessions: list[str]) -> set[str]:
        """Delete the filings' rows; the chunk text hashes they used."""
        hashes = {
            h
            for (h,) in conn.execute("DELETE FROM chunks WHERE accession = ANY(%s) RETURNING hash", (accessions,))
            if h
        }
        for table in ("documents", "postings", "filing_stats", "filings"):
            conn.execute(f"DELETE FROM {table} WHERE accession = ANY(%s)", (accessions,))
        return hashes

    @staticmethod
    def _drop_unused_vectors(conn, hashes: set[str]) -> None:
        if hashes:
            conn.execute(
                "DELETE FROM vec_cache v WHERE v.hash = ANY(%s) AND NOT EXISTS "
                "(SELECT 1 FROM chunks c WHERE c.hash = v.hash)",
                (sorted(hashes),),
            )

    def remove(self, accessions: Sequence[str]) -> int:
        """Remove filings (one transaction); vectors no remaining chunk uses are dropped too."""
        if not accessions:
            return 0
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock_key,))
            if not self._ready(conn):
                return 0
            n = conn.execute("SELECT count(*) FROM filings WHERE accession = ANY(%s)", (list(accessions),)).fetchone()[
                0
            ]
            self._drop_unused_vectors(conn, self._delete(conn, list(accessions)))
        return n

    # reading ---------------------------------------------------------------------------------------

    def filings(self) -> list[FilingRecord]:
        with self._conn() as conn:
            if not self._ready(conn):
                return []
            rows = conn.execute(
                f"SELECT {', '.join(_FILING_COLUMNS)} FROM filings ORDER BY cik, filing_date DESC NULLS LAST, accession"
            ).fetchall()
        return [FilingRecord(*r) for r in rows]

    _CONTAINS = "strpos"

    def _in(self, column: str, values: Sequence, negate: bool = False) -> tuple[str, list]:
        return (f"NOT ({column} = ANY(%s))" if negate else f"{column} = ANY(%s)"), [list(values)]

    def _chunk_ids(self, conn, keys: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        if not keys:
            return {}
        rows = conn.execute(
            "SELECT c.chunk_id, c.accession, c.ord FROM chunks c JOIN unnest(%s::text[], %s::int[]) "
            "AS k(accession, ord) ON c.accession = k.accession AND c.ord = k.ord",
            ([a for a, _ in keys], [o for _, o in keys]),
        ).fetchall()
        return {(a, o): cid for cid, a, o in rows}

    def _phrase_candidates(self, conn, words: list[str], filters: Filters) -> list[tuple[str, int, str]]:
        query = phrase_tsquery(words)
        if not query:
            return []
        where, args = self._where(filters)
        return conn.execute(
            f"SELECT c.accession, c.ord, c.text FROM chunks c WHERE c.words @@ %s::tsquery{where} LIMIT %s",
            [query, *args, PHRASE_CANDIDATES],
        ).fetchall()

    def cached_vectors(self, hashes: Sequence[str], model: str) -> dict[str, bytes]:
        if not hashes:
            return {}
        with self._conn() as conn:
            if not self._ready(conn):
                return {}
            return {
                h: bytes(v)
                for h, v in conn.execute(
                    "SELECT hash, vec FROM vec_cache WHERE model = %s AND hash = ANY(%s)",
                    (model, list(dict.fromkeys(hashes))),
                )
            }

    def vector_models(self) -> dict[str, int]:
        with self._conn() as conn:
            if not self._ready(conn):
                return {}
            return dict(
                conn.execute(
                    "SELECT v.model, count(*) FROM chunks c JOIN vec_cache v ON v.hash = c.hash GROUP BY v.model"
                ).fetchall()
            )

    _P = "%s"
    _CHUNK_SQL = (
        "SELECT c.chunk_id, c.doc_id, c.accession, c.section, c.position, c.line_start, c.line_end, "
        "c.tokens, c.text, c.cik, c.form, c.filing_date, c.heading, c.ord, c.hash FROM chunks c "
    )

    _DOCUMENT_ORDER = "ord"

    @staticmethod
    def _document_text(stored: str) -> str:
        return stored

    @contextmanager
    def _read_index(self) -> Iterator:
        with self._conn() as conn:
            yield conn if self._ready(conn) else None

    def size_bytes(self) -> int:
        """Tables, their indexes and TOAST (compressed text) of the schema."""
        with self._conn() as conn:
            return int(
                conn.execute(
                    "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n "
                    "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relkind = 'r'",
                    (self.schema,),
                ).fetchone()[0]
            )

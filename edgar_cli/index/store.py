"""Where indexed filing text lives: a small interface (``IndexStore``) and its SQLite implementation.

``SqliteStore`` keeps everything in one file (the user data dir, or ``EDGAR_INDEX``):

- ``filings``: one row per indexed filing (accession, CIK, ticker, company, form, dates, versions);
- ``documents``: one row per section of a filing (``doc_id`` = ``ACCESSION:section``), its text zlib-compressed;
- ``chunks``: one row per chunk (``chunk_id`` = ``ACCESSION:section:NNNN``) with its metadata and line range;
- ``chunk_fts``: an FTS5 table (porter stemming, unicode61) holding the chunk text, rowid = ``chunks.rowid``;
- ``postings``: for each (filing, term), the chunks of that filing holding the term and its weighted count,
  and ``filing_stats``: each filing's chunk count and chunk lengths: the keyword ranking is BM25 with
  statistics of the chunk's own filing (see :meth:`IndexStore.keyword`), so a filtered answer is the
  same whatever else the index holds;
- ``vec_cache``: optional float32 chunk vectors keyed by (chunk text hash, model): one vector per chunk,
  searched by brute force with numpy; re-indexing a filing whose chunks did not change embeds nothing.

Writes go one filing at a time in one ``BEGIN IMMEDIATE`` transaction that deletes
the filing's rows and inserts the new ones, in WAL mode: re-indexing is
idempotent, and a process killed mid-write leaves the previous state.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from .. import config

SCHEMA_VERSION = "2"
APP_NAME = "edgar-cli"


def index_path() -> Path:
    """``EDGAR_INDEX``, else ``index.sqlite`` in the data directory (``EDGAR_DATA_DIR`` or the platform's)."""
    env = config.index_file()
    if env:
        return Path(env).expanduser()
    from ..config import data_dir

    return data_dir() / "index.sqlite"


def index_url() -> str | None:
    """``EDGAR_INDEX_URL`` (a ``postgresql://`` URL for a shared index), or None for the SQLite file."""
    return config.index_url()


def open_index(url: str | None = None) -> IndexStore:
    """The index in force: PostgreSQL when ``url`` (default ``EDGAR_INDEX_URL``) is a ``postgresql://``
    URL, else the SQLite file (:func:`index_path`). psycopg is imported only for a PostgreSQL URL."""
    url = url or index_url()
    if not url:
        return SqliteStore()
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in ("postgresql", "postgres"):
        from .pg_store import PostgresStore

        return PostgresStore(url)
    from ..errors import EdgarError

    raise EdgarError(
        "invalid_argument",
        f"EDGAR_INDEX_URL must be a postgresql:// URL, not {url.split('://')[0]!r}.",
        "Set it to postgresql://user:password@host:5432/database, or unset it (and set EDGAR_INDEX "
        "for another SQLite file).",
    )


def index_location() -> str:
    """Where the index in force lives, for messages: the SQLite path or the URL without its password."""
    url = index_url()
    if not url:
        return str(index_path())
    from ..errors import EdgarError

    try:
        return open_index(url).location
    except EdgarError:  # not a postgresql:// URL: shown as given (the command that uses it says what is wrong)
        from .pg_store import redact

        return redact(url)


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
    heading: str = ""  # the nearest sub-heading above the chunk in its section ("Human Capital")
    ord: int = 0  # 0-based order of the chunk in its filing
    hash: str = ""  # sha256 of the text a vector is made from (cache key)
    fresh: int = 0  # while indexing: offset in text where the text not repeated from the chunk before starts
    context: str = ""  # while indexing: the context line its vector text opens with (not stored)


@dataclass
class Filters:
    """Which chunks a search may return; empty means no restriction."""

    ciks: Sequence[str] = ()
    exclude_ciks: Sequence[str] = ()
    forms: Sequence[str] = ()
    sections: Sequence[str] = ()
    filed_from: str | None = None
    filed_to: str | None = None
    accessions: Sequence[str] = ()  # only these filings (a fiscal year's, picked from the filing records)


@dataclass
class Hit:
    chunk_id: str
    score: float
    terms: tuple[str, ...] = ()  # the query terms the chunk holds (keyword hits)


# The tables both backends declare alike (SQLite and PostgreSQL read these type names the same way).
META_DDL = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)"
FILINGS_DDL = f"""
{META_DDL};
CREATE TABLE IF NOT EXISTS filings (
    accession TEXT PRIMARY KEY, cik TEXT NOT NULL, ticker TEXT, company TEXT NOT NULL, form TEXT NOT NULL,
    filing_date TEXT, fiscal_year INTEGER, period_of_report TEXT, document_url TEXT, sections INTEGER,
    chunks INTEGER, chars INTEGER, embedding_model TEXT, versions TEXT, indexed_at TEXT);"""

# The documents table's columns both backends fill from a DocumentRecord (PostgreSQL adds the order).
DOCUMENT_COLUMNS = "doc_id, accession, section, item, label, aliases, text"

# The chunks table's columns both backends fill from a ChunkRecord (PostgreSQL adds the text and its words).
CHUNK_COLUMNS = (
    "chunk_id, doc_id, accession, cik, form, filing_date, section, sections, "
    "position, line_start, line_end, tokens, heading, ord, hash"
)


def document_rows(documents: Sequence[DocumentRecord], text: Callable[[str], object]) -> Iterator[tuple]:
    """Each document's row of the documents table, in :data:`DOCUMENT_COLUMNS` order: the aliases as a JSON
    list, the text as the backend stores it (``text``)."""
    for d in documents:
        yield (d.doc_id, d.accession, d.section, d.item, d.label, json.dumps(d.aliases), text(d.text))


def chunk_rows(
    filing: FilingRecord,
    documents: Sequence[DocumentRecord],
    chunks: Sequence[ChunkRecord],
    clean: Callable[[str], str] = str,
) -> Iterator[tuple]:
    """Each chunk's row of the chunks table, in :data:`CHUNK_COLUMNS` order: ``cik``, ``form`` and
    ``filing_date`` from the filing; ``sections`` the section key of the chunk's document and its aliases,
    space-padded so that a filter matches a whole key; ``ord`` its place in the filing; the heading passed
    through ``clean`` (what the backend cannot store taken out)."""
    aliases = {d.doc_id: " ".join([d.section, *d.aliases]) for d in documents}
    for k, c in enumerate(chunks):
        yield (
            c.chunk_id,
            c.doc_id,
            c.accession,
            filing.cik,
            filing.form,
            filing.filing_date,
            c.section,
            f" {aliases.get(c.doc_id, c.section)} ",
            c.position,
            c.line_start,
            c.line_end,
            c.tokens,
            clean(c.heading),
            k,
            c.hash,
        )


# BM25 parameters of the keyword ranking (the same for every backend).
BM25_K1 = 1.2
BM25_B = 0.75
HEADING_WEIGHT = 2.0  # a term in the chunk's section label or sub-heading counts this much extra


def bm25_idf(n_chunks: int, df: int) -> float:
    """Okapi BM25 IDF over one filing's chunks: ln(1 + (N - df + 0.5) / (df + 0.5))."""
    import math

    return math.log(1.0 + (n_chunks - df + 0.5) / (df + 0.5))


def bm25_term(tf: float, length: float, avg_length: float) -> float:
    """BM25's saturated term frequency for a chunk of ``length`` terms in a filing whose chunks average
    ``avg_length``."""
    return tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / max(avg_length, 1e-9)))


def filing_postings(
    documents: Sequence[DocumentRecord], chunks: Sequence[ChunkRecord]
) -> tuple[dict[str, bytes], bytes, float]:
    """A filing's keyword index: ({term: packed postings}, packed chunk lengths, average chunk length).

    The postings of a term are the 0-based orders (uint32) of the filing's chunks holding it, then their
    term counts (float32, a heading term counting ``HEADING_WEIGHT`` extra); lengths are float32."""
    from array import array

    from .analysis import term_counts

    labels = {d.doc_id: d.label for d in documents}
    post: dict[str, tuple[array, array]] = {}
    lens = array("f")
    for k, c in enumerate(chunks):
        own, n = term_counts(c.text)
        extra, _ = term_counts(" ".join(x for x in (labels.get(c.doc_id, ""), c.heading) if x))
        # a term of the section label or sub-heading counts HEADING_WEIGHT more
        counts: dict[str, float] = {**own, **{t: own.get(t, 0) + HEADING_WEIGHT for t in extra}}
        lens.append(float(n))
        for t, tf in counts.items():
            ords, tfs = post.setdefault(t, (array("I"), array("f")))
            ords.append(k)
            tfs.append(float(tf))
    avg = (sum(lens) / len(lens)) if lens else 0.0
    return {t: o.tobytes() + f.tobytes() for t, (o, f) in post.items()}, lens.tobytes(), avg


def rank_postings(
    weights: dict[str, float],
    rows: Sequence[tuple[str, str, bytes]],
    stats: dict[str, tuple[int, float, bytes]],
    allowed: dict[str, set[int]] | None,
) -> tuple[dict[tuple[str, int], float], dict[tuple[str, int], list[str]]]:
    """BM25 with per-filing statistics (see IndexStore.keyword) over postings rows (term, accession,
    packed postings) and filing stats {accession: (chunks, average length, packed lengths)}; ``allowed``
    ({accession: chunk orders}) keeps only those chunks. Returns ({(accession, order): score},
    {(accession, order): query terms held}). Rows are summed in (term, accession) order, so every backend
    adds the same floats in the same order."""
    from array import array

    score: dict[tuple[str, int], float] = {}
    held: dict[tuple[str, int], list[str]] = {}
    lengths: dict[str, array] = {}
    for term, acc, data in sorted(rows, key=lambda r: (r[0], r[1])):
        if acc not in stats:
            continue
        n, avg, packed = stats[acc]
        ln = lengths.get(acc)
        if ln is None:
            ln = lengths[acc] = array("f")
            ln.frombytes(packed)
        half = len(data) // 2
        ords, tfs = array("I"), array("f")
        ords.frombytes(data[:half])
        tfs.frombytes(data[half:])
        w = weights[term] * bm25_idf(n, len(ords))
        ok = allowed.get(acc, set()) if allowed is not None else None
        for o, tf in zip(ords, tfs):
            if ok is not None and o not in ok:
                continue
            key = (acc, o)
            score[key] = score.get(key, 0.0) + w * bm25_term(tf, ln[o], avg)
            held.setdefault(key, []).append(term)
    return score, held


class IndexStore(Protocol):
    """What search and indexing need from a store; SQLite here (:class:`SqliteStore`), PostgreSQL or a
    search engine for a bigger corpus.

    What a backend must provide:

    - ``replace_filing`` / ``remove``: a filing's rows replaced or removed atomically (readers see the old
      filing or the new one, never a mix); re-indexing the same filing is idempotent.
    - ``keyword(weights, filters, limit)``: the ranked keyword search. Terms are index terms
      (``analysis.terms``: Porter2 stems, stopwords dropped) of the chunk text, plus the terms of the
      chunk's section label and sub-heading counted ``HEADING_WEIGHT`` extra. The score of a chunk c of
      filing f is ``sum over query terms t of weight(t) * bm25_idf(N_f, df_f(t)) * bm25_term(tf(t, c),
      len(c), avglen_f)``, where N_f, df_f and avglen_f count **the chunks of f only**. So a
      score never depends on what else is indexed, and a company-filtered answer is the same in an
      index of two filings or two thousand. (PostgreSQL: a ``chunk_terms(accession, chunk, term, tf)``
      table or ``tsvector`` positions give tf; df and N per accession are a GROUP BY or a stats table;
      ``ts_rank`` alone also qualifies, as it uses no collection statistics, but it is not BM25.)
      Hits carry the query terms they hold.
    - ``phrase(words, filters, limit)``: chunks holding the words consecutively and in order (ignoring
      case and punctuation), ranked like ``keyword`` with weight 1 per term of the phrase.
      :class:`PostingsSearch` implements both over stored postings: a backend that stores them gives
      the same hits and the same scores, to the last bit, as SQLite.
    - ``vectors(filters, model)``: (chunk id, float32 vector) of the chunks passing the filters that have
      a vector of ``model``, in (accession, chunk order) order; ``cached_vectors(hashes, model)``: vectors
      already stored for chunk text hashes (re-indexing embeds only new text).
    - reading: ``chunks``, ``neighbours``, ``document``, ``documents_of``, ``doc_labels``, ``chunk_spans``,
      ``filings``, ``vector_models``, ``size_bytes``, ``exists``, and ``location`` for messages.
    Filters (company CIKs, excluded CIKs, forms, filing dates, sections) restrict which chunks may be
    returned; they never change a chunk's score.
    """

    location: str

    def exists(self) -> bool: ...

    def check_writable(self) -> None: ...  # raises the EdgarError a write would meet, before any work

    def replace_filing(
        self,
        filing: FilingRecord,
        documents: Sequence[DocumentRecord],
        chunks: Sequence[ChunkRecord],
        vectors: dict[str, bytes] | None,
    ) -> None: ...

    def remove(self, accessions: Sequence[str]) -> int: ...

    def filings(self) -> list[FilingRecord]: ...

    def keyword(self, weights: dict[str, float], filters: Filters, limit: int) -> list[Hit]: ...

    def phrase(self, phrase: Sequence[str], filters: Filters, limit: int) -> list[Hit]: ...

    def vectors(self, filters: Filters, model: str) -> list[tuple[str, bytes]]: ...

    def cached_vectors(self, hashes: Sequence[str], model: str) -> dict[str, bytes]: ...

    def chunks(self, chunk_ids: Sequence[str]) -> dict[str, ChunkRecord]: ...

    def neighbours(self, chunk_id: str, before: int, after: int) -> list[ChunkRecord]: ...

    def document(self, doc_id: str) -> DocumentRecord | None: ...

    def documents_of(self, accession: str) -> list[str]: ...

    def doc_labels(self, doc_ids: Sequence[str]) -> dict[str, tuple[str, str]]: ...

    def chunk_spans(self, doc_id: str) -> list[tuple[str, int, int]]: ...

    def vector_models(self) -> dict[str, int]: ...

    def size_bytes(self) -> int: ...


PHRASE_CANDIDATES = 50_000  # most chunks a phrase search reads before checking the words' order


class PostingsSearch:
    """``keyword`` and ``phrase`` over per-filing postings, the same for every backend that stores them
    (SQLite, PostgreSQL), and the reads of a document's chunks whose SQL is the same on both: a backend
    provides ``_read`` (a connection), ``_P`` (its query placeholder), ``_CONTAINS`` (its SQL function
    ``(text, part)`` giving the 1-based place of ``part`` in ``text``, 0 when absent), ``_in`` (its SQL of
    "one of these values"), ``_parts`` (its batches of values), ``_CHUNK_SQL`` (the SELECT of a
    ChunkRecord's columns, up to WHERE), ``_DOCUMENT_ORDER``, ``_document_text``, ``_read_index`` and the
    reads below."""

    _P: str
    _CONTAINS: str
    _CHUNK_SQL: str
    _DOCUMENT_ORDER: str  # the column giving a filing's documents in their order

    def _read(self): ...  # a context manager yielding a connection

    def _read_index(self):  # a context manager yielding a connection, or None while there is no index
        raise NotImplementedError

    @staticmethod
    def _document_text(stored) -> str:
        """A document's text as the documents table stores it, as text."""
        raise NotImplementedError

    def neighbours(self, chunk_id: str, before: int, after: int) -> list[ChunkRecord]:
        """The chunks of ``chunk_id``'s document from ``before`` positions ahead of it to ``after`` behind,
        in order; none for an unknown chunk."""
        p = self._P
        with self._read() as conn:
            row = conn.execute(f"SELECT doc_id, position FROM chunks WHERE chunk_id = {p}", (chunk_id,)).fetchone()
            if row is None:
                return []
            rows = conn.execute(
                self._CHUNK_SQL + f"WHERE c.doc_id = {p} AND c.position BETWEEN {p} AND {p} ORDER BY c.position",
                (row[0], row[1] - before, row[1] + after),
            ).fetchall()
        return [ChunkRecord(*r) for r in rows]

    def chunk_spans(self, doc_id: str) -> list[tuple[str, int, int]]:
        """(chunk_id, line_start, line_end) of a document's chunks, in order."""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT chunk_id, line_start, line_end FROM chunks WHERE doc_id = {self._P} ORDER BY position",
                (doc_id,),
            ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def vectors(self, filters: Filters, model: str) -> list[tuple[str, bytes]]:
        """(chunk id, its float32 vector of model ``model``) for chunks passing the filters that have one, in
        (accession, chunk order) order."""
        where, args = self._where(filters)
        with self._read() as conn:
            return [
                (cid, bytes(v))
                for cid, v in conn.execute(
                    f"SELECT c.chunk_id, v.vec FROM chunks c JOIN vec_cache v ON v.hash = c.hash AND v.model = {self._P} "
                    f"WHERE c.hash <> ''{where} ORDER BY c.accession, c.ord",
                    [model, *args],
                )
            ]

    def chunks(self, chunk_ids: Sequence[str]) -> dict[str, ChunkRecord]:
        out: dict[str, ChunkRecord] = {}
        with self._read() as conn:
            for part in self._parts(list(dict.fromkeys(chunk_ids))):
                cond, args = self._in("c.chunk_id", part)
                for r in conn.execute(f"{self._CHUNK_SQL}WHERE {cond}", args):
                    out[r[0]] = ChunkRecord(*r)
        return out

    def doc_labels(self, doc_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """{doc_id: (item, label)}."""
        ids = list(dict.fromkeys(doc_ids))
        if not ids:
            return {}
        out: dict[str, tuple[str, str]] = {}
        with self._read() as conn:
            for part in self._parts(ids):
                cond, args = self._in("doc_id", part)
                for doc_id, item, label in conn.execute(
                    f"SELECT doc_id, item, label FROM documents WHERE {cond}", args
                ):
                    out[doc_id] = (item, label)
        return out

    def document(self, doc_id: str) -> DocumentRecord | None:
        row: tuple | None = None
        with self._read_index() as conn:
            if conn is not None:
                sql = f"SELECT doc_id, accession, section, item, label, text, aliases FROM documents WHERE doc_id = {self._P}"
                row = conn.execute(sql, (doc_id,)).fetchone()
        if row is None:
            return None
        text, aliases = self._document_text(row[5]), json.loads(row[6] or "[]")
        return DocumentRecord(row[0], row[1], row[2], row[3], row[4], text, aliases)

    def documents_of(self, accession: str) -> list[str]:
        """The doc ids of a filing, in their order."""
        with self._read() as conn:
            sql = f"SELECT doc_id FROM documents WHERE accession = {self._P} ORDER BY {self._DOCUMENT_ORDER}"
            return [r[0] for r in conn.execute(sql, (accession,))]

    # the SQL both backends share, written once over the backend's placeholder, membership test and batch

    def _in(self, column: str, values: Sequence, negate: bool = False) -> tuple[str, list]:
        """(``column`` is one of ``values`` (or is not, ``negate``) as SQL, its arguments)."""
        raise NotImplementedError

    def _parts(self, values: Sequence) -> Iterator[Sequence]:
        """``values`` in batches small enough to bind in one statement."""
        yield values

    def _filing_where(self, filters: Filters, alias: str = "f") -> tuple[str, list]:
        """(`` AND ...`` conditions on the filing columns of table ``alias``, their arguments)."""
        p = self._P
        sql: list[str] = []
        args: list = []
        for col, values, negate in (
            ("cik", filters.ciks, False),
            ("cik", filters.exclude_ciks, True),
            ("form", filters.forms, False),
            ("accession", filters.accessions, False),
        ):
            if values:
                cond, values_args = self._in(f"{alias}.{col}", values, negate)
                sql.append(cond)
                args.extend(values_args)
        if filters.filed_from:
            sql.append(f"{alias}.filing_date >= {p}")
            args.append(filters.filed_from)
        if filters.filed_to:
            sql.append(f"{alias}.filing_date <= {p}")
            args.append(filters.filed_to)
        return "".join(f" AND {s}" for s in sql), args

    def _sections_in(self, sections: Sequence[str], alias: str = "") -> tuple[str, list]:
        """(the chunk lies in any of ``sections``, as SQL in parentheses; its arguments)."""
        test = f"{self._CONTAINS}({alias}sections, {self._P}) > 0"
        return "(" + " OR ".join(test for _ in sections) + ")", [f" {s} " for s in sections]

    def _where(self, filters: Filters) -> tuple[str, list]:
        """(`` AND ...`` conditions on the chunks ``c`` passing ``filters``, their arguments)."""
        sql, args = self._filing_where(filters, "c")
        if filters.sections:
            cond, section_args = self._sections_in(filters.sections, "c.")
            sql, args = f"{sql} AND {cond}", [*args, *section_args]
        return sql, args

    def _filing_accessions(self, conn, filters: Filters) -> list[str]:
        where, args = self._filing_where(filters)
        return [r[0] for r in conn.execute(f"SELECT f.accession FROM filings f WHERE 1=1{where}", args)]

    def _filing_stats(self, conn, accessions: list[str]) -> dict[str, tuple[int, float, bytes]]:
        out = {}
        for part in self._parts(accessions):
            cond, args = self._in("accession", part)
            for acc, n, avg, lens in conn.execute(
                f"SELECT accession, n, avg_len, lens FROM filing_stats WHERE {cond}", args
            ):
                out[acc] = (n, avg, bytes(lens))
        return out

    def _postings(self, conn, terms: list[str], accessions: list[str]) -> list[tuple[str, str, bytes]]:
        rows = []
        term_cond, term_args = self._in("term", terms)
        for part in self._parts(accessions):
            cond, args = self._in("accession", part)
            sql = f"SELECT term, accession, data FROM postings WHERE {term_cond} AND {cond}"
            rows += [(t, a, bytes(d)) for t, a, d in conn.execute(sql, [*term_args, *args])]
        return rows

    def _section_orders(self, conn, accessions: list[str], sections: Sequence[str]) -> dict[str, set[int]]:
        in_sections, section_args = self._sections_in(sections)
        allowed: dict[str, set[int]] = {}
        for part in self._parts(accessions):
            cond, args = self._in("accession", part)
            sql = f"SELECT accession, ord FROM chunks WHERE {cond} AND {in_sections}"
            for acc, o in conn.execute(sql, [*args, *section_args]):
                allowed.setdefault(acc, set()).add(o)
        return allowed

    def _chunk_ids(self, conn, keys: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        raise NotImplementedError

    def _phrase_candidates(self, conn, words: list[str], filters: Filters) -> list[tuple[str, int, str]]:
        raise NotImplementedError

    def keyword(self, weights: dict[str, float], filters: Filters, limit: int) -> list[Hit]:
        """Chunks holding any of the weighted terms, best first, by BM25 with statistics of each chunk's own
        filing (see IndexStore); each hit lists the query terms it holds."""
        if not weights:
            return []
        with self._read() as conn:
            accs = self._filing_accessions(conn, filters)
            if not accs:
                return []
            stats = self._filing_stats(conn, accs)
            rows = self._postings(conn, list(weights), accs)
            allowed = self._section_orders(conn, accs, filters.sections) if filters.sections else None
            score, held = rank_postings(weights, rows, stats, allowed)
            top = sorted(score, key=lambda k: (-score[k], k))[: int(limit)]
            ids = self._chunk_ids(conn, top)
        return [Hit(ids[k], score[k], tuple(held[k])) for k in top if k in ids]

    def phrase(self, phrase: Sequence[str], filters: Filters, limit: int) -> list[Hit]:
        """Chunks holding the words consecutively and in order (ignoring case and punctuation), best first
        by BM25 of the phrase's terms with per-filing statistics, like ``keyword``: so the order is the
        same on every backend and a filtered answer does not depend on what else is indexed.

        The backend's full-text index gives candidates (words are never query syntax); the order of the
        words is checked here."""
        from .analysis import terms
        from .ranking import find_phrase

        words = [w for w in phrase if w]
        if not words:
            return []
        with self._read() as conn:
            found: dict[str, set[int]] = {}
            for acc, o, text in self._phrase_candidates(conn, words, filters):
                if find_phrase(text, words):
                    found.setdefault(acc, set()).add(o)
            if not found:
                return []
            accs = sorted(found)
            weights = {t: 1.0 for t in terms(" ".join(words))}
            rows = self._postings(conn, list(weights), accs) if weights else []
            score, held = rank_postings(weights, rows, self._filing_stats(conn, accs), found)
            keys = [(a, o) for a in accs for o in found[a]]
            top = sorted(keys, key=lambda k: (-score.get(k, 0.0), k))[: int(limit)]
            ids = self._chunk_ids(conn, top)
        return [Hit(ids[k], score.get(k, 0.0), tuple(held.get(k, ()))) for k in top if k in ids]


# --- SQLite ----------------------------------------------------------------------------------------

_SCHEMA = (
    FILINGS_DDL
    + """
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY, accession TEXT NOT NULL, section TEXT NOT NULL, item TEXT, label TEXT,
    aliases TEXT, text BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS documents_accession ON documents(accession);
CREATE TABLE IF NOT EXISTS chunks (
    rowid INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE, doc_id TEXT NOT NULL, accession TEXT NOT NULL,
    cik TEXT NOT NULL, form TEXT NOT NULL, filing_date TEXT, section TEXT NOT NULL, sections TEXT NOT NULL,
    position INTEGER NOT NULL, line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, tokens INTEGER NOT NULL,
    heading TEXT NOT NULL DEFAULT '', ord INTEGER NOT NULL DEFAULT 0, hash TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS chunks_accession ON chunks(accession, ord);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id, position);
CREATE INDEX IF NOT EXISTS chunks_hash ON chunks(hash);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS postings (term TEXT NOT NULL, accession TEXT NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (term, accession)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS postings_accession ON postings(accession);
CREATE TABLE IF NOT EXISTS filing_stats (accession TEXT PRIMARY KEY, n INTEGER NOT NULL, avg_len REAL NOT NULL,
    lens BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS vec_cache (hash TEXT NOT NULL, model TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (hash, model)) WITHOUT ROWID;
"""
)


class _WalPending(OSError):
    """A read-only index with a write-ahead log holding changes (see SqliteStore._open)."""

    def __init__(self, wal: Path):
        super().__init__(
            f"{wal.name} holds changes not yet checkpointed into the file, and an index in a "
            "folder this process cannot write is read without its write-ahead log"
        )
        self.wal = wal


def _never_written(exc: sqlite3.OperationalError) -> bool:
    """The file exists but holds no tables yet ("no such table"), as opposed to one that cannot be read."""
    return "no such table" in str(exc)


class SqliteStore(PostingsSearch):
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
            with closing(self._open(write)) as conn:
                conn.execute("PRAGMA busy_timeout = 60000")
                if write:
                    conn.execute("PRAGMA journal_mode = WAL")
                    conn.execute("PRAGMA synchronous = NORMAL")
                    conn.execute(META_DDL)
                    self._migrate(conn)
                    conn.executescript(_SCHEMA)
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
                yield conn
        except FileNotFoundError:
            if not write:
                raise
            raise self._unusable("its folder cannot be created") from None
        except _WalPending as exc:
            from ..errors import EdgarError

            raise EdgarError(
                "invalid_argument",
                f"The local index at {self.location} cannot be read here: {exc}.",
                f"Where the folder is writable, run: sqlite3 {self.path} 'PRAGMA wal_checkpoint(TRUNCATE)' "
                f"(or open it once with edgar there), then share {self.path.name} without "
                f"{exc.wal.name}.",
                index=self.location,
            ) from None
        except (sqlite3.DatabaseError, OSError) as exc:
            raise self._unusable(f"{type(exc).__name__}: {exc}") from None

    def _open(self, write: bool) -> sqlite3.Connection:
        """A connection to the file. A WAL-mode file in a folder this process cannot write (a shared index
        mounted read-only) cannot be read the usual way, since reading creates the -shm file beside it: it is
        then opened immutable (no locks, no -shm, no write-ahead log read), which is only sound while nothing
        writes to the file. A non-empty -wal file beside it holds committed changes an immutable read would
        not see, so that is refused (``invalid_argument``: checkpoint it where it is writable)."""
        conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        if write:
            return conn
        try:
            conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
            return conn
        except sqlite3.OperationalError:
            if os.access(self.path.parent, os.W_OK):
                conn.close()
                raise
        conn.close()
        wal = self.path.with_name(self.path.name + "-wal")
        if wal.is_file() and wal.stat().st_size > 0:
            raise _WalPending(wal)
        from urllib.parse import quote

        return sqlite3.connect(
            f"file:{quote(str(self.path.resolve()))}?immutable=1", uri=True, timeout=60, isolation_level=None
        )

    def _unusable(self, why: str) -> Exception:
        """The error for a file that cannot be used, by what ``why`` (the exception's text) says: busy (another
        writer held the lock past the 60 s wait), read-only (SQLite's "readonly", or a folder or file this process
        cannot write), or else damaged."""
        from ..errors import EdgarError
        from ..vocabulary import tool

        flat = why.lower().replace(" ", "").replace("-", "")
        if "databaseislocked" in flat or "databaseisbusy" in flat:
            return EdgarError(
                "invalid_argument",
                f"The local index at {self.location} is busy ({why}): another "
                "process held its write lock for more than 60 s.",
                f"Wait for the other {tool('index_add')} or {tool('index_remove')} to finish, then run this again.",
                index=self.location,
            )
        damaged = "DatabaseError" in why and "readonly" not in flat and "unable to open" not in why
        if not damaged and ("readonly" in flat or not self._writable()):
            return EdgarError(
                "invalid_argument",
                f"The local index at {self.location} is read-only here ({why}).",
                f"Run {tool('index_add')} or {tool('index_remove')} where the file and its folder "
                "are writable, or point EDGAR_INDEX at a writable path; searching needs no write "
                "access.",
                index=self.location,
            )
        return EdgarError(
            "invalid_argument",
            f"The local index at {self.location} cannot be used ({why}).",
            "Point EDGAR_INDEX at a writable path for a SQLite file (it is created on first "
            f"{tool('index_add')}), or move the damaged file away.",
            index=self.location,
        )

    def _writable(self) -> bool:
        """The file (if it exists) and the nearest existing folder above it can be written by this process."""
        if self.path.exists() and not os.access(self.path, os.W_OK):
            return False
        folder = self._nearest_existing()
        return folder.is_dir() and os.access(folder, os.W_OK)

    def _nearest_existing(self) -> Path:
        folder = self.path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        return folder

    def check_writable(self) -> None:
        """Raise the ``invalid_argument`` error a write would meet (read-only file or folder, damaged file),
        before any filing is fetched: takes and releases the write lock of an existing file; a file not made
        yet is not made here (its folder must be writable)."""
        if not self.path.exists():
            above = self._nearest_existing()
            if not above.is_dir():
                from ..errors import EdgarError

                raise EdgarError(
                    "invalid_argument",
                    f"The local index at {self.location} cannot be made: {above} is a file, not a folder.",
                    "Point EDGAR_INDEX at a path inside a folder.",
                    index=self.location,
                )
            if not self._writable():
                raise self._unusable("its folder is not writable")
            return
        with self._connect(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")

    # writing ---------------------------------------------------------------------------------------

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """An index written by an older schema is emptied (its filings are re-indexed on the next add)."""
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.OperationalError:
            return
        if row is None or row[0] == SCHEMA_VERSION:
            return
        conn.executescript(
            "DROP TABLE IF EXISTS chunk_fts; DROP TABLE IF EXISTS chunk_vec; DROP TABLE IF EXISTS chunks;"
            "DROP TABLE IF EXISTS documents; DROP TABLE IF EXISTS filings;"
            "DROP TABLE IF EXISTS postings; DROP TABLE IF EXISTS filing_stats;"
        )
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (SCHEMA_VERSION,))

    def replace_filing(
        self,
        filing: FilingRecord,
        documents: Sequence[DocumentRecord],
        chunks: Sequence[ChunkRecord],
        vectors: dict[str, bytes] | None,
    ) -> None:
        """Delete the filing's rows and insert these, in one transaction. ``vectors``: chunk text hash ->
        float32 vector of model ``filing.embedding_model`` (hashes already cached may be left out)."""
        filing.indexed_at = filing.indexed_at or datetime.now(UTC).isoformat(timespec="seconds")
        post, lens, avg = filing_postings(documents, chunks)
        with self._connect(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._delete(conn, [filing.accession])
                conn.execute("INSERT INTO filings VALUES (" + ",".join("?" * 15) + ")", tuple(asdict(filing).values()))
                conn.executemany(
                    f"INSERT INTO documents ({DOCUMENT_COLUMNS}) VALUES (?,?,?,?,?,?,?)",
                    document_rows(documents, self._stored_text),
                )
                for c, row in zip(chunks, chunk_rows(filing, documents, chunks), strict=True):
                    cur = conn.execute(f"INSERT INTO chunks ({CHUNK_COLUMNS}) VALUES ({','.join('?' * len(row))})", row)
                    conn.execute("INSERT INTO chunk_fts (rowid, text) VALUES (?, ?)", (cur.lastrowid, c.text))
                conn.executemany(
                    "INSERT INTO postings VALUES (?,?,?)", [(t, filing.accession, data) for t, data in post.items()]
                )
                conn.execute("INSERT INTO filing_stats VALUES (?,?,?,?)", (filing.accession, len(chunks), avg, lens))
                if vectors and filing.embedding_model:
                    conn.executemany(
                        "INSERT OR REPLACE INTO vec_cache VALUES (?,?,?)",
                        [(h, filing.embedding_model, v) for h, v in vectors.items()],
                    )
                conn.execute("DELETE FROM vec_cache WHERE hash NOT IN (SELECT hash FROM chunks)")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    @staticmethod
    def _delete(conn: sqlite3.Connection, accessions: Sequence[str]) -> int:
        marks = ",".join("?" * len(accessions))
        rows = f"SELECT rowid FROM chunks WHERE accession IN ({marks})"
        conn.execute(f"DELETE FROM chunk_fts WHERE rowid IN ({rows})", tuple(accessions))
        conn.execute(f"DELETE FROM chunks WHERE accession IN ({marks})", tuple(accessions))
        conn.execute(f"DELETE FROM documents WHERE accession IN ({marks})", tuple(accessions))
        conn.execute(f"DELETE FROM postings WHERE accession IN ({marks})", tuple(accessions))
        conn.execute(f"DELETE FROM filing_stats WHERE accession IN ({marks})", tuple(accessions))
        return conn.execute(f"DELETE FROM filings WHERE accession IN ({marks})", tuple(accessions)).rowcount

    def remove(self, accessions: Sequence[str]) -> int:
        """Remove filings; vectors no remaining chunk uses are dropped too."""
        if not accessions or not self.exists():
            return 0
        with self._connect(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                n = self._delete(conn, list(accessions))
                conn.execute("DELETE FROM vec_cache WHERE hash NOT IN (SELECT hash FROM chunks)")
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
                if self._stale(conn):
                    return []
                rows = conn.execute("SELECT * FROM filings ORDER BY cik, filing_date DESC, accession").fetchall()
            except sqlite3.OperationalError as exc:
                if _never_written(exc):
                    return []
                raise self._unusable(f"it cannot be read: {exc}") from None  # a full disk is not "empty"
        return [FilingRecord(*r) for r in rows]

    @staticmethod
    def _stale(conn: sqlite3.Connection) -> bool:
        """The file was written by an older schema (it is emptied on the next write)."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        return row is not None and row[0] != SCHEMA_VERSION

    # reads for PostingsSearch.keyword / phrase ----------------------------------------------------------

    _P = "?"

    def _read(self):
        return self._connect()

    _CONTAINS = "instr"

    def _in(self, column: str, values: Sequence, negate: bool = False) -> tuple[str, list]:
        return f"{column} {'NOT ' if negate else ''}IN ({','.join('?' * len(values))})", list(values)

    def _parts(self, values: Sequence) -> Iterator[Sequence]:
        for start in range(0, len(values), 500):  # SQLite binds at most 999 variables in older builds
            yield values[start : start + 500]

    def _chunk_ids(self, conn, keys: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        by_acc: dict[str, list[int]] = {}
        for acc, o in keys:
            by_acc.setdefault(acc, []).append(o)
        ids: dict[tuple[str, int], str] = {}
        for acc, ords in by_acc.items():
            for part in self._parts(ords):
                cond, args = self._in("ord", part)
                for cid, o in conn.execute(
                    f"SELECT chunk_id, ord FROM chunks WHERE accession = ? AND {cond}", [acc, *args]
                ):
                    ids[(acc, o)] = cid
        return ids

    def _phrase_candidates(self, conn, words: list[str], filters: Filters) -> list[tuple[str, int, str]]:
        """Chunks matching the words as one quoted FTS5 phrase (ranking.fts_query: user text is never FTS5
        syntax); FTS5 stems, so these are a superset of the exact phrase."""
        from .ranking import fts_query

        where, args = self._where(filters)
        return conn.execute(
            "SELECT c.accession, c.ord, f.text FROM chunk_fts f JOIN chunks c ON c.rowid = f.rowid "
            f"WHERE chunk_fts MATCH ?{where} LIMIT ?",
            [fts_query(words, "phrase"), *args, PHRASE_CANDIDATES],
        ).fetchall()

    def cached_vectors(self, hashes: Sequence[str], model: str) -> dict[str, bytes]:
        """Vectors of model ``model`` already stored for these chunk text hashes."""
        if not self.exists() or not hashes:
            return {}
        out: dict[str, bytes] = {}
        hs = list(dict.fromkeys(hashes))
        with self._connect() as conn:
            try:
                for s_ in range(0, len(hs), 500):
                    part = hs[s_ : s_ + 500]
                    out.update(
                        conn.execute(
                            f"SELECT hash, vec FROM vec_cache WHERE model = ? AND hash IN "
                            f"({','.join('?' * len(part))})",
                            [model, *part],
                        ).fetchall()
                    )
            except sqlite3.OperationalError:
                return {}
        return out

    def vector_models(self) -> dict[str, int]:
        """Model -> number of indexed chunks with a vector of it."""
        if not self.exists():
            return {}
        with self._connect() as conn:
            try:
                return dict(
                    conn.execute(
                        "SELECT v.model, count(*) FROM chunks c JOIN vec_cache v ON v.hash = c.hash GROUP BY v.model"
                    ).fetchall()
                )
            except sqlite3.OperationalError as exc:
                if _never_written(exc):
                    return {}
                raise self._unusable(f"it cannot be read: {exc}") from None

    _CHUNK_SQL = (
        "SELECT c.chunk_id, c.doc_id, c.accession, c.section, c.position, c.line_start, c.line_end, "
        "c.tokens, f.text, c.cik, c.form, c.filing_date, c.heading, c.ord, c.hash "
        "FROM chunks c JOIN chunk_fts f ON f.rowid = c.rowid "
    )

    _DOCUMENT_ORDER = "rowid"

    @staticmethod
    def _stored_text(text: str) -> bytes:
        return zlib.compress(text.encode("utf-8"), 6)

    @staticmethod
    def _document_text(stored: bytes) -> str:
        return zlib.decompress(stored).decode("utf-8")

    @contextmanager
    def _read_index(self) -> Iterator[sqlite3.Connection | None]:
        if not self.exists():  # connecting would make the file
            yield None
            return
        with self._connect() as conn:
            yield conn

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.is_file())

    def integrity(self) -> str:
        with self._connect() as conn:
            return conn.execute("PRAGMA integrity_check").fetchone()[0]

"""Issue 21: the text index on PostgreSQL (EDGAR_INDEX_URL) answers exactly as the SQLite index does.

One throwaway PostgreSQL server per session (tests/helpers/engines.py; skipped with the reason when its
binaries are absent, failing under EDGAR_REQUIRE_ENGINES=1 as in CI), one schema per test module or test.
The same two 10-Ks are indexed into both engines from ../shared/sec-corpus: NVIDIA FY2025
(0001045810-25-000023) and Apple FY2024 (0000320193-24-000123); the CLI test indexes Tesla FY2024
(0001628280-25-003063).
"""

from __future__ import annotations

import json
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from edgar_cli.capabilities.documents.documents import read_document, search_documents
from edgar_cli.capabilities.local_index.local_index import build_records, index_add, index_list
from edgar_cli.errors import EdgarError
from edgar_cli.index import embeddings as E
from edgar_cli.index.store import ChunkRecord, DocumentRecord, FilingRecord, Filters, SqliteStore

NVDA_FY2025 = "0001045810-25-000023"
AAPL_FY2024 = "0000320193-24-000123"
TSLA_FY2024 = "0001628280-25-003063"
FILINGS = {"NVDA": NVDA_FY2025, "AAPL": AAPL_FY2024}
ROOT = Path(__file__).resolve().parent.parent


def _client(mirror, cache_dir):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    return SecClient(Settings(user_agent="edgar-cli tests tests@example.com", mirror=mirror.url, cache_dir=cache_dir))


def _pg(postgres, schema: str):
    from edgar_cli.index.pg_store import PostgresStore

    return PostgresStore(f"{postgres.url}?schema={schema}")


@pytest.fixture(scope="module")
def pair(mirror, postgres, tmp_path_factory):
    """(SQLite store, PostgreSQL store, client): the two 10-Ks in each, keyword-only, one HTTP cache."""
    base = tmp_path_factory.mktemp("pg-index")
    client = _client(mirror, base / "cache")
    lite, pg = SqliteStore(base / "index.sqlite"), _pg(postgres, "parity")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGAR_SEMANTIC", "0")
        E.set_embedder(None)
        for st in (lite, pg):
            for ticker, acc in FILINGS.items():
                index_add([ticker], accession_numbers=[acc], semantic=False, client=client, store=st)
    yield lite, pg, client
    pg.close()
    client.close()


def _results(r):
    return [h.model_dump() for h in r.results]


@pytest.mark.parametrize(
    "query, kwargs",
    [
        ("export controls China", {}),
        ("How much stock did NVIDIA buy back in fiscal 2025?", {"company": "NVDA"}),
        ("supply chain disruption", {"exclude": ["AAPL"], "limit": 20}),
        ("iPhone net sales", {"forms": ["10-K"], "filed_from": "2024-01-01", "limit": 10}),
        ("revenue recognition", {"section": "mda", "limit": 10}),
        ("employees human capital", {"per_company": 1, "limit": 3}),
        ("foreign currency exchange rates", {"match": "phrase", "limit": 20}),
        ("supply chain", {"match": "phrase", "limit": 50}),
        ("Item 1A", {"match": "phrase"}),
        ("to be", {"match": "phrase", "limit": 10}),  # stopwords only: no terms to rank, candidates by id
    ],
)
def test_postgres_returns_the_same_hits_and_scores_as_sqlite(pair, keyword_only, query, kwargs):
    lite, pg, client = pair
    a = search_documents(query, client=client, store=lite, **kwargs)
    b = search_documents(query, client=client, store=pg, **kwargs)
    assert a.results, query
    assert _results(a) == _results(b)
    assert (a.broadened, a.shortfall, a.notes, a.words, a.filings_searched) == (
        b.broadened,
        b.shortfall,
        b.notes,
        b.words,
        b.filings_searched,
    )


def test_phrase_hits_hold_the_exact_words_in_order_on_postgres(pair, keyword_only):
    _lite, pg, _ = pair
    assert pg.phrase(["controls", "export"], Filters(), 50) != pg.phrase(["export", "controls"], Filters(), 50)
    for h in pg.phrase(["export", "controls"], Filters(), 50):
        text = " ".join(pg.chunks([h.chunk_id])[h.chunk_id].text.lower().split())
        assert "export controls" in text.replace("-", " ")


def test_reading_and_listing_agree_with_sqlite(pair, keyword_only):
    lite, pg, client = pair
    hit = search_documents("export controls China", company="NVDA", limit=1, store=lite).results[0]
    for kwargs in ({"around": hit.chunk_id}, {"doc_id": hit.doc_id, "lines": "1-40"}):
        assert read_document(store=lite, **kwargs).model_dump() == read_document(store=pg, **kwargs).model_dump()
    drop = {"indexed_at"}  # when each engine was written
    la, lb = index_list(store=lite), index_list(store=pg)
    assert [f.model_dump(exclude=drop) for f in la.filings] == [f.model_dump(exclude=drop) for f in lb.filings]
    assert lb.index_path.startswith("postgresql://edgar@127.0.0.1:") and lb.exists and lb.size_bytes > 0
    for acc in FILINGS.values():
        docs = lite.documents_of(acc)
        assert docs == pg.documents_of(acc)
        assert [lite.chunk_spans(d) for d in docs] == [pg.chunk_spans(d) for d in docs]


def test_the_retrieval_eval_scores_the_same_on_sqlite_and_postgres(pair, keyword_only):
    """evals/score_retrieval.py's scoring, on its questions about the two filings indexed here."""
    import yaml

    sys.path.insert(0, str(ROOT / "evals"))
    import score_retrieval as SR

    lite, pg, _ = pair
    spec = yaml.safe_load((ROOT / "evals" / "retrieval_queries.yaml").read_text(encoding="utf-8"))
    queries = [
        q for q in spec["queries"] if q["accession"] in FILINGS.values() and q.get("part", "tuning") == "tuning"
    ]  # the held-apart parts are scored for reports only
    assert len(queries) == 19
    assert SR.check_labels(lite, queries) == SR.check_labels(pg, queries) == []
    a, b = SR.evaluate(lite, queries, ["bm25"]), SR.evaluate(pg, queries, ["bm25"])
    assert SR.same_scores(a, b), (a, b)
    assert any(r["hit@5"] > 0.5 for r in a[0])  # the eval found answers: it compared something


def test_hybrid_and_semantic_searches_agree_too(pair, postgres, tmp_path, monkeypatch):
    """With vectors (a small deterministic embedder, tests/test_index.py's): the same fused ranking."""
    pytest.importorskip("numpy")
    from test_index import HashingEmbedder

    _lite, _pg_store, client = pair
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    E.set_embedder(HashingEmbedder())
    lite, pg = SqliteStore(tmp_path / "hybrid.sqlite"), _pg(postgres, "hybrid")
    try:
        for st in (lite, pg):
            index_add(["NVDA"], accession_numbers=[NVDA_FY2025], client=client, store=st)
        for ranker in ("hybrid", "semantic"):
            a = search_documents("export controls China", ranker=ranker, limit=10, store=lite)
            b = search_documents("export controls China", ranker=ranker, limit=10, store=pg)
            assert a.ranker == b.ranker == ranker and len(a.results) == 10
            assert _results(a) == _results(b)
    finally:
        E.set_embedder(None)
        pg.close()


# --- vectors, writers, failures ------------------------------------------------------------------------


def _tiny(acc: str, texts: list[str], model: str | None = None) -> tuple:
    cik = acc[:10]
    f = FilingRecord(
        acc,
        cik,
        "TINY",
        "Tiny Corp",
        "10-K",
        "2025-02-01",
        2024,
        "2024-12-31",
        None,
        1,
        len(texts),
        sum(map(len, texts)),
        model,
    )
    doc = DocumentRecord(f"{acc}:risk_factors", acc, "risk_factors", "1A", "Risk Factors", "\n".join(texts))
    chunks = [
        ChunkRecord(
            f"{acc}:risk_factors:{k:04d}", doc.doc_id, acc, "risk_factors", k, k + 1, k + 1, 8, t, hash=f"hash-{t}"
        )
        for k, t in enumerate(texts)
    ]
    return f, [doc], chunks


def test_vectors_are_stored_and_read_back_alike(postgres, tmp_path):
    """Vectors as float32 bytes in both engines (no pgvector: the same brute force reads them)."""
    import struct

    lite, pg = SqliteStore(tmp_path / "v.sqlite"), _pg(postgres, "vectors")
    texts = ["export controls on chips", "supply chain risks", "export controls again"]
    vecs = {f"hash-{t}": struct.pack("4f", k, 1, 2, 3) * 2 for k, t in enumerate(texts)}  # two windows each
    try:
        for st in (lite, pg):
            st.replace_filing(*_tiny("0000000001-25-000001", texts, "m-4"), vecs)
            st.replace_filing(*_tiny("0000000002-25-000001", texts[:1], "m-4"), None)  # reuses a cached vector
        assert lite.vectors(Filters(), "m-4") == pg.vectors(Filters(), "m-4")
        assert len(pg.vectors(Filters(), "m-4")) == 4
        assert lite.vector_models() == pg.vector_models() == {"m-4": 4}
        assert pg.cached_vectors(list(vecs), "m-4") == vecs
        assert pg.vectors(Filters(ciks=["0000000002"]), "m-4") == lite.vectors(Filters(ciks=["0000000002"]), "m-4")
        for st in (lite, pg):
            st.remove(["0000000001-25-000001"])  # the shared vector stays, the others go
        assert (
            pg.cached_vectors(list(vecs), "m-4")
            == lite.cached_vectors(list(vecs), "m-4")
            == {"hash-export controls on chips": vecs["hash-export controls on chips"]}
        )
    finally:
        pg.close()


def test_concurrent_writers_leave_every_filing_whole_and_readers_never_see_a_mix(pair, postgres, keyword_only):
    """Three writers re-index the same filings at once while a reader searches: no error, no duplicate,
    every search sees each filing's chunks all from one write."""
    _lite, _pg_store, client = pair
    records = {t: build_records(f, t, client) for t, f in _filings(client).items()}
    st = _pg(postgres, "writers")
    errors: list[BaseException] = []
    stop = threading.Event()

    def write(order: list[str], rounds: int) -> None:
        try:
            for _ in range(rounds):
                for t in order:
                    rec, docs, chunks = records[t]
                    st.replace_filing(replace(rec, indexed_at=""), docs, chunks, None)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def read() -> None:
        try:
            while not stop.is_set():
                for f in st.filings():
                    hits = st.keyword({"risk": 1.0}, Filters(ciks=[f.cik]), 500)
                    assert len({h.chunk_id for h in hits}) == len(hits)
                    assert all(h.chunk_id.startswith(f.accession) for h in hits)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    try:
        reader = threading.Thread(target=read)
        writers = [
            threading.Thread(target=write, args=(order, 1)) for order in (["NVDA", "AAPL"], ["AAPL", "NVDA"], ["NVDA"])
        ]
        reader.start()
        for w in writers:
            w.start()
        for w in writers:
            w.join(120)
        stop.set()
        reader.join(60)
        assert errors == []
        got = {f.accession: f.chunks for f in st.filings()}
        assert got == {r[0].accession: len(r[2]) for r in records.values()}
        for rec, _docs, chunks in records.values():
            spans = [cid for d in st.documents_of(rec.accession) for cid, _, _ in st.chunk_spans(d)]
            assert sorted(spans) == sorted(c.chunk_id for c in chunks)
    finally:
        st.close()


def _filings(client):
    from edgar_cli.capabilities.filings.filings import find_filing

    return {t: find_filing(t, accession_number=FILINGS[t], client=client) for t in ("NVDA", "AAPL")}


def test_a_write_that_fails_midway_leaves_the_previous_filing(postgres):
    st = _pg(postgres, "failed_write")
    try:
        f, docs, chunks = _tiny("0000000003-25-000001", ["going concern doubt", "liquidity"])
        st.replace_filing(f, docs, chunks, None)
        before = (st.filings(), st.keyword({"liquid": 1.0}, Filters(), 10))
        f2, docs2, chunks2 = _tiny("0000000003-25-000001", ["new text", "more new text"])
        with pytest.raises(EdgarError):  # two chunks with one id: the insert fails inside the transaction
            st.replace_filing(f2, docs2, [chunks2[0], chunks2[0]], None)
        assert (st.filings(), st.keyword({"liquid": 1.0}, Filters(), 10)) == before
        assert st.keyword({"new": 1.0}, Filters(), 10) == []
    finally:
        st.close()


# --- configuration and errors through the CLI -------------------------------------------------------


def test_cli_indexes_and_searches_postgres_named_by_edgar_index_url(cli, postgres, monkeypatch):
    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    monkeypatch.setenv("EDGAR_INDEX_URL", f"{postgres.url}?schema=cli")
    r = cli("index", "add", "TSLA", "--accession", TSLA_FY2024, "--json")
    assert r.rc == 0, r.err
    assert r.json()["index_path"] == f"{postgres.url} (schema cli)" and r.json()["filings_total"] == 1
    found = cli("find", "Cybertruck", "--limit", "2", "--json").json()
    assert found["results"] and found["results"][0]["ticker"] == "TSLA"
    shown = {s["setting"]: s for s in cli("config", "show", "--json").json()["settings"]}
    assert shown["index"]["value"] == f"{postgres.url} (schema cli)" and shown["index"]["variable"] == "EDGAR_INDEX_URL"
    gone = cli("index", "remove", "TSLA", "--json").json()
    assert [f["accession_number"] for f in gone["filings"]] == [TSLA_FY2024] and gone["filings_total"] == 0
    assert cli("find", "Cybertruck", "--json").json()["error"]["code"] == "not_found"  # an empty index


def test_an_unreachable_or_misnamed_index_database_is_an_error_with_a_code(cli, monkeypatch):
    from engines import free_port

    pytest.importorskip("psycopg")
    monkeypatch.setenv("EDGAR_INDEX_URL", f"postgresql://edgar:secret@127.0.0.1:{free_port()}/edgar")
    r = cli("find", "revenue", "--json")
    err = r.json()["error"]
    assert r.rc == 8 and err["code"] == "upstream_unavailable" and "Connection refused" in err["message"]
    assert "secret" not in r.out + r.err and "edgar:***@127.0.0.1" in err["message"]
    monkeypatch.setenv("EDGAR_INDEX_URL", "mysql://db/edgar")
    r = cli("index", "list", "--json")
    assert r.rc == 2 and r.json()["error"]["code"] == "invalid_argument"


# --- the connection pool and the end of a process ---------------------------------------------------


def test_the_cli_closes_its_postgres_pool_before_the_process_ends(cli, postgres, monkeypatch):
    # a pool left to its finalizer at interpreter shutdown could deadlock there (its worker threads are frozen
    # by then, with a lock held); the CLI closes every pool it opened once the command has answered
    from edgar_cli.index import pg_store

    monkeypatch.setenv("EDGAR_INDEX_URL", f"{postgres.url}?schema=pool_close")
    assert cli("index", "list", "--json").rc in (0, 6)  # an empty index may be "not found": either way it answered
    assert pg_store._pools == {}


def test_index_add_exits_whenever_postgres_restarts_under_it(postgres, mirror, tmp_path):
    """`edgar index add` with PostgreSQL restarted at points spread over the run (the COPY of chunks among
    them): every process ends, with the filing indexed or an error, never hanging at exit."""
    import os
    import subprocess
    import time

    from engines import PostgresServer
    from support import TEST_UA, edgar_command

    restarts = 10
    with PostgresServer() as pg:
        env = {
            **os.environ,
            "EDGAR_MIRROR": mirror.url,
            "SEC_USER_AGENT": TEST_UA,
            "EDGAR_SEMANTIC": "0",
            "EDGAR_CACHE_DIR": str(tmp_path / "cache"),
            "EDGAR_INDEX_URL": f"{pg.url}?schema=restarts",
        }
        argv = edgar_command() + ["index", "add", "TSLA", "--accession", TSLA_FY2024, "--json"]
        started = time.monotonic()
        assert subprocess.run(argv, env=env, capture_output=True, timeout=120).returncode == 0  # the cache is warm
        run = time.monotonic() - started
        outcomes = []
        for k in range(restarts):
            proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(run * (k + 0.5) / restarts)  # a schedule over the run, not a measurement
            pg.restart()
            try:
                out, _ = proc.communicate(timeout=45)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
                outcomes.append("hung")
                continue
            outcomes.append(proc.returncode)
            if proc.returncode != 0:
                assert json.loads(out)["error"]["code"] == "upstream_unavailable"
        assert "hung" not in outcomes, outcomes
        assert set(outcomes) <= {0, 8}, outcomes


def test_a_connection_lost_while_in_use_is_upstream_unavailable_not_a_bug(monkeypatch):
    # A server restarted under a running `edgar index add` can surface as psycopg's InterfaceError ("the connection
    # is lost") rather than an OperationalError; either is the database going away, said as upstream_unavailable.
    import contextlib

    import psycopg

    from edgar_cli.index.pg_store import PostgresStore

    class _Pool:
        @contextlib.contextmanager
        def connection(self):
            yield object()

    store = PostgresStore("postgresql://edgar@127.0.0.1:9/edgar")
    monkeypatch.setattr(store, "_pool", lambda: _Pool())
    with pytest.raises(EdgarError) as lost:
        with store._conn():
            raise psycopg.InterfaceError("the connection is lost")
    assert lost.value.code == "upstream_unavailable" and "EDGAR_INDEX_URL" in lost.value.suggestion

"""The local filing-text index (index_add, search_documents, read_document) on real corpus filings.

One index per module, built once from three 10-Ks in ../shared/sec-corpus:
NVIDIA FY2025 (0001045810-25-000023, nvda-20250126.htm), Apple FY2024
(0000320193-24-000123, aapl-20240928.htm) and Tesla FY2024 (0001628280-25-003063,
tsla-20241231.htm). Keyword-only (BM25) unless a test installs an embedder.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import sqlite3
import subprocess
import time
import zlib
from contextlib import closing

import pytest

from edgar_cli.capabilities.documents.documents import read_document, search_documents
from edgar_cli.capabilities.local_index.local_index import index_add, index_list, index_remove
from edgar_cli.capabilities.local_index.local_index import versions as versions_now
from edgar_cli.errors import EdgarError
from edgar_cli.index import embeddings as E
from edgar_cli.index import ranking as R
from edgar_cli.index.chunking import MAX_TOKENS, chunk_text, count_tokens
from edgar_cli.index.store import SqliteStore

NVDA_FY2025 = "0001045810-25-000023"
AAPL_FY2024 = "0000320193-24-000123"
TSLA_FY2024 = "0001628280-25-003063"
FILINGS = {"NVDA": NVDA_FY2025, "AAPL": AAPL_FY2024, "TSLA": TSLA_FY2024}


def _client(mirror, cache_dir):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    settings = Settings(user_agent="edgar-cli tests tests@example.com", mirror=mirror.url, cache_dir=cache_dir)
    return SecClient(settings)


@pytest.fixture(scope="module")
def built(mirror, tmp_path_factory):
    """(store, client, the IndexUpdate) for the three 10-Ks, indexed keyword-only."""
    base = tmp_path_factory.mktemp("index")
    client = _client(mirror, base / "cache")
    store = SqliteStore(base / "index.sqlite")
    update = None
    for ticker, acc in FILINGS.items():
        update = index_add([ticker], accession_numbers=[acc], semantic=False, client=client, store=store)
    yield store, client, update
    client.close()


@pytest.fixture
def store(built, monkeypatch):
    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    monkeypatch.setenv("EDGAR_INDEX", built[0].location)
    E.set_embedder(None)
    yield built[0]
    E.set_embedder(None)


def _norm(text: str) -> str:
    return " ".join(R.words(text))


# --- chunking ---------------------------------------------------------------------------------------


def test_chunks_keep_paragraphs_whole_stay_under_the_limit_and_overlap():
    paras = [f"Paragraph {i}. " + " ".join(f"word{i}x{k}" for k in range(40 + 7 * (i % 5))) for i in range(60)]
    text = "\n\n".join(paras)
    chunks = chunk_text(text)
    assert len(chunks) > 5
    assert all(c.tokens <= MAX_TOKENS for c in chunks)
    assert all(c.tokens >= 350 for c in chunks[:-1])
    lines = text.split("\n")
    for c in chunks:  # whole paragraphs only: the chunk is exactly its lines
        assert c.text == "\n".join(ln for ln in lines[c.line_start - 1 : c.line_end])
    for a, b in itertools.pairwise(chunks):  # each chunk opens with the last paragraph of the one before
        assert b.line_start <= a.line_end and b.line_start > a.line_start
    covered = {ln for c in chunks for ln in range(c.line_start, c.line_end + 1)}
    assert covered >= {i for i, ln in enumerate(lines, 1) if ln}
    assert chunk_text(text) == chunks  # deterministic


def test_a_paragraph_longer_than_the_limit_is_cut_between_sentences():
    para = " ".join(f"Sentence {i} says something about revenue growth and export controls." for i in range(150))
    chunks = chunk_text("Heading\n\n" + para)
    assert len(chunks) >= 3 and all(c.tokens <= MAX_TOKENS for c in chunks)
    assert all(c.text.rstrip().endswith(".") for c in chunks)
    assert count_tokens(para) > 3 * MAX_TOKENS


# --- indexing ---------------------------------------------------------------------------------------


def test_the_three_10ks_are_indexed_with_their_metadata(store):
    listing = index_list(store=store)
    by_acc = {f.accession_number: f for f in listing.filings}
    assert set(by_acc) == set(FILINGS.values())
    nvda = by_acc[NVDA_FY2025]
    assert (nvda.ticker, nvda.cik, nvda.form, str(nvda.filed), nvda.fiscal_year, str(nvda.period_of_report)) == (
        "NVDA",
        "0001045810",
        "10-K",
        "2025-02-26",
        2025,
        "2025-01-26",
    )
    assert nvda.document_url.endswith("/000104581025000023/nvda-20250126.htm")
    assert nvda.sections >= 20 and 100 < nvda.chunks < 400 and nvda.embedding_model is None
    assert listing.chunks_total == sum(f.chunks for f in listing.filings)


def test_chunk_ids_are_accession_section_and_position_and_line_ranges_hold(store):
    r = search_documents("export controls China", company="NVDA", section="risk_factors", limit=3, store=store)
    assert r.results
    for h in r.results:
        assert re.fullmatch(rf"{NVDA_FY2025}:risk_factors:\d{{4}}", h.chunk_id)
        assert h.doc_id == f"{NVDA_FY2025}:risk_factors" and h.section_label == "Item 1A. Risk Factors"
        doc = read_document(h.doc_id, lines=f"{h.line_start}-{h.line_end}", store=store)
        body = _norm(" ".join(ln.text for ln in doc.lines))
        chunk = store.chunks([h.chunk_id])[h.chunk_id]
        assert _norm(chunk.text) in body  # the chunk is made of exactly these lines


def test_reindexing_a_filing_replaces_its_chunks_and_changes_nothing(built, store):
    _, client, _ = built
    before = {f.accession_number: (f.sections, f.chunks, f.chars) for f in index_list(store=store).filings}
    ids_before = [cid for cid, _, _ in store.chunk_spans(f"{TSLA_FY2024}:risk_factors")]
    again = index_add(
        ["TSLA"], accession_numbers=[TSLA_FY2024], refresh=True, semantic=False, client=client, store=store
    )
    assert [f.status for f in again.filings] == ["reindexed"]
    after = {f.accession_number: (f.sections, f.chunks, f.chars) for f in index_list(store=store).filings}
    assert after == before
    assert [cid for cid, _, _ in store.chunk_spans(f"{TSLA_FY2024}:risk_factors")] == ids_before
    with sqlite3.connect(store.location) as conn:
        n_chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        n_fts = conn.execute("SELECT count(*) FROM chunk_fts").fetchone()[0]
    assert n_chunks == n_fts == sum(c for _, c, _ in after.values())
    unchanged = index_add(["TSLA"], accession_numbers=[TSLA_FY2024], semantic=False, client=client, store=store)
    assert [f.status for f in unchanged.filings] == ["unchanged"]


def test_a_filing_indexed_by_other_versions_is_reindexed_without_refresh(built, store):
    """A filing whose recorded versions (parser, chunker, which chunks carry vectors) are not this code's
    is re-indexed by the next index_add, then left unchanged."""
    _, client, _ = built
    with sqlite3.connect(store.location) as conn:
        conn.execute("UPDATE filings SET versions = 'parser 2; chunker 2' WHERE accession = ?", (TSLA_FY2024,))
    again = index_add(["TSLA"], accession_numbers=[TSLA_FY2024], semantic=False, client=client, store=store)
    assert [f.status for f in again.filings] == ["reindexed"]
    with sqlite3.connect(store.location) as conn:
        (versions,) = conn.execute("SELECT versions FROM filings WHERE accession = ?", (TSLA_FY2024,)).fetchone()
    assert versions == versions_now()
    unchanged = index_add(["TSLA"], accession_numbers=[TSLA_FY2024], semantic=False, client=client, store=store)
    assert [f.status for f in unchanged.filings] == ["unchanged"]


# --- search -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "phrase",
    [
        "export controls",
        "supply chain",
        "data center",
        "going concern",
        "foreign currency exchange rates",
        "Item 1A",
        "controls export",
    ],
)
def test_phrase_mode_never_returns_an_excerpt_without_the_phrase(store, phrase):
    r = search_documents(phrase, match="phrase", limit=20, max_excerpt_chars=200, store=store)
    want = _norm(phrase)
    for h in r.results:
        assert f" {want} " in f" {_norm(h.excerpt)} ", h.excerpt
        assert any(_norm(h.excerpt[a:b]) == want for a, b in h.marks)
    if phrase == "controls export":  # the same words out of order are not the phrase
        assert all("controls export" in f" {_norm(h.excerpt)} " for h in r.results)
    if phrase in ("export controls", "supply chain"):
        assert len(r.results) >= 10


def test_phrase_mode_ignores_case_and_punctuation_but_not_word_forms(store):
    hyphen = search_documents("data-center", match="phrase", limit=5, store=store)
    plain = search_documents("data center", match="phrase", limit=5, store=store)
    assert [h.chunk_id for h in hyphen.results] == [h.chunk_id for h in plain.results]
    singular = search_documents("export control", match="phrase", limit=50, store=store)
    assert all(" export control " in f" {_norm(h.excerpt)} " for h in singular.results)


def test_phrase_match_with_a_semantic_ranker_is_refused_for_what_it_is(store):
    """match=phrase ranks by BM25: asking it for hybrid or semantic ranking is an invalid combination, named as
    such (it was reported as "no indexed chunk carries vectors", whatever the index held)."""
    for ranker in ("hybrid", "semantic"):
        with pytest.raises(EdgarError) as exc:
            search_documents("export controls", match="phrase", ranker=ranker, store=store)
        assert exc.value.code == "invalid_argument" and "phrase" in exc.value.message
        assert "vectors" not in exc.value.message and "match" in exc.value.suggestion
    assert search_documents("export controls", match="phrase", ranker="bm25", limit=3, store=store).results
    # the arguments are checked before the index is read: an empty index gives the same answer
    with pytest.raises(EdgarError) as exc:
        search_documents(
            "export controls", match="phrase", ranker="hybrid", store=SqliteStore(store.path.parent / "none.sqlite")
        )
    assert exc.value.code == "invalid_argument" and "phrase" in exc.value.message


def test_an_index_on_a_read_only_filesystem_is_searched(store, tmp_path):
    """A WAL-mode SQLite file on a read-only mount (a shared index) cannot be read the usual way (reading makes
    its -shm file): it is opened immutable. The read-only mount is made in a private mount namespace
    (unshare -m, as root); where that is not allowed the test skips."""
    import shutil
    import sys

    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare to mount a folder read-only in a private namespace")
    src, dst = tmp_path / "src", tmp_path / "ro"
    src.mkdir(), dst.mkdir()
    with closing(sqlite3.connect(store.path)) as conn:  # the writer's WAL folded in, as when it closes
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(store.path, src / "index.sqlite")
    code = (
        "import sys; from edgar_cli.capabilities.documents.documents import search_documents; "
        "from edgar_cli.index.store import SqliteStore; st = SqliteStore(sys.argv[1]); "
        "r = search_documents('export controls', ranker='bm25', limit=3, store=st); "
        "print(len(st.filings()), len(r.results))"
    )
    script = (
        f"mount --bind {src} {dst} && mount -o remount,ro,bind {dst} && "
        f'! touch {dst}/probe 2>/dev/null && EDGAR_SEMANTIC=0 {sys.executable} -c "{code}" {dst}/index.sqlite'
    )
    run = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=120)
    if run.returncode != 0 and "mount" in run.stderr and "permission" in run.stderr.lower():
        pytest.skip(f"mounting is not allowed here: {run.stderr.strip()[:200]}")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(len(store.filings())), "3"]
    assert not (src / "index.sqlite-shm").exists()  # nothing was written beside it


def test_exclude_leaves_out_the_companies_named(store):
    r = search_documents("supply chain disruption", exclude=["AAPL", "TSLA"], limit=10, store=store)
    assert r.results and {h.ticker for h in r.results} == {"NVDA"}
    r = search_documents("supply chain disruption", exclude=["NVDA"], limit=10, store=store)
    assert r.results and "NVDA" not in {h.ticker for h in r.results}


def test_per_company_limit_holds_and_is_named_in_the_shortfall(store):
    r = search_documents("competition", limit=10, per_company=2, store=store)
    counts = {}
    for h in r.results:
        counts[h.ticker] = counts.get(h.ticker, 0) + 1
    assert counts == {"NVDA": 2, "AAPL": 2, "TSLA": 2}
    assert "per_company=2" in r.shortfall and "Only 6" in r.shortfall


def test_company_filter_and_its_provenance(store):
    r = search_documents("employees turnover", company="NVDA", limit=3, store=store)
    top = r.results[0]
    assert {h.cik for h in r.results} == {"0001045810"}
    # nvda-20250126.htm, Item 1: "In fiscal year 2025, our overall turnover rate was 2.5%."
    assert "turnover rate was 2.5%" in top.excerpt and top.section == "business"
    assert (top.form, str(top.filed), top.fiscal_year, top.accession_number) == (
        "10-K",
        "2025-02-26",
        2025,
        NVDA_FY2025,
    )
    assert top.rankers == {"bm25": 1} and r.ranker == "bm25" and not r.semantic


def test_a_company_that_is_not_indexed_is_not_found(store, sec):
    with pytest.raises(EdgarError) as exc:
        search_documents("revenue", company="MSFT", store=store)
    assert (
        exc.value.code == "not_found"
        and "index_add (MSFT)" in exc.value.suggestion
        and "get_filing_section" in exc.value.suggestion
    )


def test_section_filter_accepts_item_aliases(store):
    r = search_documents("competition", section="Item 1A", limit=5, store=store)
    assert r.results and {h.section for h in r.results} == {"risk_factors"}
    with pytest.raises(EdgarError) as exc:
        search_documents("competition", section="chairman's letter", store=store)
    assert exc.value.code == "invalid_argument"


def test_keyword_only_search_says_so(store):
    r = search_documents("export controls", limit=1, store=store)
    assert r.ranker == "bm25" and any("Keyword-only" in n for n in r.notes)
    with pytest.raises(EdgarError) as exc:
        search_documents("export controls", ranker="hybrid", store=store)
    assert exc.value.code == "invalid_argument" and "semantic" in exc.value.suggestion


def test_too_few_passages_with_every_word_broaden_to_any_word_and_say_so(store):
    r = search_documents("Cybertruck Blackwell", limit=5, store=store)
    assert r.broadened and any("every word" in n for n in r.notes)
    assert {h.ticker for h in r.results} == {"NVDA", "TSLA"}


HOSTILE = [
    '"export controls',
    "export*",
    "-export",
    "NEAR(export controls)",
    "export NEAR controls",
    "(China OR Russia) AND NOT Taiwan",
    "text:China",
    "chunk_fts:export",
    "'; DROP TABLE chunks; --",
    'export" OR "1"="1',
    "^China",
    "China + {Taiwan}",
    'col:"x" AND',
    "NEAR/3",
    '"',
    "*",
    "()",
    ":",
    "rate:",
    "\\",
    'É"xport\u00a0cöntrols',
]


@pytest.mark.parametrize("query", HOSTILE)
@pytest.mark.parametrize("match", ["ranked", "phrase"])
def test_fts5_syntax_in_a_query_is_text_never_an_error_or_injection(store, query, match):
    try:
        r = search_documents(query, match=match, limit=5, store=store)
    except EdgarError as exc:  # only a query without any word is refused, as invalid_argument
        assert exc.code == "invalid_argument" and not R.words(query)
        return
    assert r.words
    for h in r.results:
        if match == "phrase":
            assert f" {_norm(' '.join(r.words))} " in f" {_norm(h.excerpt)} "
    assert len(index_list(store=store).filings) == 3


def test_read_document_around_a_chunk_gives_it_with_its_neighbours(store):
    hit = search_documents("overall turnover rate", company="NVDA", limit=1, store=store).results[0]
    r = read_document(around=hit.chunk_id, store=store)
    pos = int(hit.chunk_id.rsplit(":", 1)[1])
    want = {f"{hit.doc_id}:{p:04d}" for p in (pos - 1, pos, pos + 1) if p >= 0}
    assert want <= set(r.chunk_ids) and r.line_start <= hit.line_start and r.line_end >= hit.line_end
    assert r.lines[0].line == r.line_start and len(r.lines) == r.line_end - r.line_start + 1
    assert any("turnover rate was 2.5%" in ln.text for ln in r.lines)


def test_read_document_pages_by_line_ranges_and_refuses_bad_ones(store):
    doc_id = f"{AAPL_FY2024}:risk_factors"
    first = read_document(doc_id, store=store)
    assert first.line_start == 1 and first.lines[0].text == "Item 1A. Risk Factors" and first.next_lines
    nxt = read_document(doc_id, lines=first.next_lines, store=store)
    assert nxt.line_start == first.line_end + 1
    for bad in ("0-5", "9-3", "abc", "100000-100010", "1-5000"):
        with pytest.raises(EdgarError) as exc:
            read_document(doc_id, lines=bad, store=store)
        assert exc.value.code == "invalid_argument"
    for kwargs in ({"doc_id": f"{AAPL_FY2024}:nope"}, {"around": f"{AAPL_FY2024}:risk_factors:9999"}):
        with pytest.raises(EdgarError) as exc:
            read_document(store=store, **kwargs)
        assert exc.value.code == "not_found"
    with pytest.raises(EdgarError) as exc:
        read_document("../../etc/passwd", store=store)
    assert exc.value.code == "invalid_argument"


# --- semantic ranks, with a small deterministic embedder ------------------------------------------------


class HashingEmbedder:
    """Bag of hashed words: enough to test fusion without a model."""

    model_id = "test-hashing-64"
    dimension = 64

    def embed_queries(self, texts):
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in R.words(t):
                out[i, zlib.crc32(w.encode()) % self.dimension] += 1.0
        return out / np.clip(np.linalg.norm(out, axis=1, keepdims=True), 1e-9, None)

    def embed_passages(self, texts, contexts=None):
        out = []
        for t in texts:
            half = len(t) // 2
            out.append(self.embed_queries([t[:half], t[half:]]))
        return out


def test_hybrid_search_fuses_bm25_and_semantic_ranks(built, tmp_path, monkeypatch):
    pytest.importorskip("numpy")
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    E.set_embedder(HashingEmbedder())
    try:
        client = built[1]  # its cache holds the parsed document
        st = SqliteStore(tmp_path / "index.sqlite")
        up = index_add(["NVDA"], accession_numbers=[NVDA_FY2025], client=client, store=st)
        assert up.semantic and up.filings[0].embedding_model == "test-hashing-64"
        r = search_documents("export controls China", limit=10, store=st)
        assert r.ranker == "hybrid" and r.semantic
        assert all(set(h.rankers) <= {"bm25", "semantic"} and h.rankers for h in r.results)
        assert any(len(h.rankers) == 2 for h in r.results)
        scores = [h.score for h in r.results]
        assert all(0 < s_ <= 3.0 for s_ in scores)  # normalised scores times the soft priors
        best_bm25 = next(h for h in r.results if h.rankers.get("bm25") == 1)  # a strong single-ranker hit stays
        assert best_bm25.rank <= 3
        sem = search_documents("export controls China", ranker="semantic", limit=3, store=st)
        assert [list(h.rankers) for h in sem.results] == [["semantic"]] * 3
        # only the narrative sections' prose carries vectors; statements and notes are keyword-only
        with closing(sqlite3.connect(st.path)) as conn:
            with_vec = {s_ for (s_,) in conn.execute("SELECT DISTINCT section FROM chunks WHERE hash != ''")}
        assert "risk_factors" in with_vec and "financial_statements" not in with_vec
        # re-indexing embeds nothing new: vectors are cached by the hash of the chunk text
        calls = []
        emb = E.get_embedder()
        orig = emb.embed_passages
        emb.embed_passages = lambda texts, contexts=None: calls.append(len(texts)) or orig(texts, contexts)
        index_add(["NVDA"], accession_numbers=[NVDA_FY2025], refresh=True, client=client, store=st)
        assert calls == []
    finally:
        E.set_embedder(None)


# --- an interrupted run -------------------------------------------------------------------------------------


def test_a_killed_index_run_leaves_a_usable_index(mirror, tmp_path):
    from support import edgar_command

    path = tmp_path / "killed.sqlite"
    env = {
        **os.environ,
        "EDGAR_MIRROR": mirror.url,
        "EDGAR_INDEX": str(path),
        "EDGAR_SEMANTIC": "0",
        "EDGAR_CACHE_DIR": str(tmp_path / "cache"),
    }  # a cold cache: each filing is fetched and parsed
    args = edgar_command() + ["index", "add", "NVDA", "AAPL", "TSLA", "--no-semantic", "--json"]
    for acc in FILINGS.values():
        args += ["--accession", acc]
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:  # kill it once the first filing is written
        if path.is_file():
            try:
                with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.2)) as c:
                    if c.execute("SELECT count(*) FROM filings").fetchone()[0] >= 1:
                        break
            except sqlite3.OperationalError:
                pass
        time.sleep(0.005)
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    st = SqliteStore(path)
    assert st.integrity() == "ok"
    listed = index_list(store=st)
    assert 1 <= listed.filings_total <= 3
    with closing(sqlite3.connect(path)) as conn:  # each filing listed has all its chunks, and nothing else is there
        for f in listed.filings:
            n = conn.execute("SELECT count(*) FROM chunks WHERE accession = ?", (f.accession_number,)).fetchone()[0]
            assert n == f.chunks
        assert conn.execute("SELECT count(*) FROM chunks").fetchone()[0] == listed.chunks_total
        assert conn.execute("SELECT count(*) FROM chunk_fts").fetchone()[0] == listed.chunks_total
    assert search_documents("risk", limit=1, store=st).results
    client = _client(mirror, tmp_path / "cache")  # the run again, in-process, completes the index
    done = index_add(list(FILINGS), accession_numbers=list(FILINGS.values()), semantic=False, client=client, store=st)
    client.close()
    assert sorted(f.status for f in done.filings).count("unchanged") == listed.filings_total
    assert index_list(store=st).filings_total == 3
    assert killed or listed.filings_total == 3


def test_remove_takes_a_company_out_of_the_index(mirror, tmp_path, built):
    import shutil

    copy = tmp_path / "copy.sqlite"
    shutil.copy(built[0].location, copy)
    st = SqliteStore(copy)
    r = index_remove(["AAPL"], store=st, client=built[1])
    assert [f.accession_number for f in r.filings] == [AAPL_FY2024] and r.filings_total == 2
    with pytest.raises(EdgarError) as exc:
        search_documents("iPhone", company="AAPL", store=st, client=built[1])
    assert exc.value.code == "not_found"
    with pytest.raises(EdgarError):
        index_remove(store=st)


def test_with_a_company_filter_its_name_is_not_searched_for(store):
    r = search_documents(
        "What did NVIDIA's 10-K say about NVDA employee turnover?", company="NVDA", limit=1, store=store
    )
    assert "nvidia" not in r.words and "nvda" not in r.words and {"employee", "turnover"} <= set(r.words)
    assert R.without_names("Apple’s iPhone and Apple Inc. sales", ["Apple Inc.", "AAPL"]) == "iPhone and Inc. sales"


def test_an_unusable_index_path_is_a_structured_error(tmp_path):
    from edgar_cli.capabilities.local_index.local_index import index_list
    from edgar_cli.errors import EdgarError
    from edgar_cli.index.store import SqliteStore

    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    with pytest.raises(EdgarError) as info:
        index_list(store=SqliteStore(junk))
    assert info.value.code == "invalid_argument" and str(junk) in info.value.message


def test_filings_indexed_by_another_version_are_named_with_the_command_that_re_indexes_them(store, monkeypatch):
    """A filing indexed before a parser, chunker or vectors version change was listed as `present` and
    searched with no word said (review of VECTORS_VERSION 3). Here the code's versions move on instead."""
    from edgar_cli.capabilities.local_index import local_index as L
    from edgar_cli.vocabulary import tool

    assert not [n for n in L.index_list(store=store).notes if "another version" in n]
    assert not [
        n for n in search_documents("export controls", ranker="bm25", store=store).notes if "another version" in n
    ]
    now = L.versions()
    monkeypatch.setattr(L, "versions", lambda: now.replace("vectors ", "vectors 9"))
    total = len(store.filings())
    (note,) = [n for n in L.index_list(store=store).notes if "another version" in n]
    assert note.startswith(f"{total} of these filings") and tool("index_add") in note
    nvda = [r for r in store.filings() if r.ticker == "NVDA"]
    found = search_documents("export controls", ranker="bm25", company="NVDA", store=store)
    (note,) = [n for n in found.notes if "another version" in n]  # only the filings searched are counted
    assert note.startswith(f"{len(nvda)} of these filings")
    # the call re-indexes exactly those filings: by CIK, form family and accession number
    call = f"index_add(companies=[{nvda[0].cik!r}]"
    assert call in note and all(r.accession in note for r in nvda)
    assert not [r for r in store.filings() if r.ticker != "NVDA" and r.accession in note]


def test_an_interrupted_index_add_says_how_far_it_got_keeps_what_it_finished_and_exits_130(cli, tmp_path, monkeypatch):
    from edgar_cli.capabilities.local_index import local_index as L

    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "index.sqlite"))
    real, calls = L.build_records, []

    def second_is_interrupted(filing, ticker, client):
        calls.append(filing.accession_number)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(filing, ticker, client)

    monkeypatch.setattr(L, "build_records", second_is_interrupted)
    r = cli("index", "add", "NVDA", "AAPL", "--no-semantic", "-a", NVDA_FY2025, "-a", AAPL_FY2024)
    assert r.rc == 130 and r.out == ""
    assert "interrupted: 1 of 2 filings indexed or already current" in r.err and "run the same command again" in r.err
    kept = [f.accession for f in SqliteStore(tmp_path / "index.sqlite").filings()]
    assert kept == [calls[0]]


def test_an_mcp_server_loads_the_embedding_model_once_for_two_hybrid_finds(built, tmp_path, monkeypatch):
    """Issue 37: a server keeps one embedder for the process; the model is opened on the first hybrid search
    and never again (counted by a hook on the session's opening, not by time)."""
    import shutil

    import anyio

    pytest.importorskip("onnxruntime")
    found = E.packaged_model_files()
    if isinstance(found, str):
        pytest.skip(found)
    from edgar_cli.mcp.server import build_server

    # a copy of the keyword-only index whose first 24 risk-factor chunks of NVIDIA's 10-K carry the packaged
    # model's vectors of their own text (what index_add writes, for fewer chunks: a test embeds little)
    index = tmp_path / "index.sqlite"
    shutil.copy(built[0].location, index)
    with closing(sqlite3.connect(index)) as conn:
        picked = conn.execute(
            "SELECT c.rowid, f.text FROM chunks c JOIN chunk_fts f ON f.rowid = c.rowid "
            "WHERE c.accession = ? AND c.section = 'risk_factors' ORDER BY c.ord LIMIT 24",
            (NVDA_FY2025,),
        ).fetchall()
        vecs = E.OnnxEncoder(*found).embed_passages([t for _, t in picked])
        for (rowid, _), v in zip(picked, vecs):
            conn.execute("UPDATE chunks SET hash = ? WHERE rowid = ?", (f"test{rowid}", rowid))
            conn.execute("INSERT INTO vec_cache VALUES (?, ?, ?)", (f"test{rowid}", E.PACKAGED_ID, v.tobytes()))
        conn.commit()
    assert len(picked) == 24
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    monkeypatch.setenv("EDGAR_INTEGER_MODEL", "0")  # the packaged file as it is: no conversion in a test
    monkeypatch.setenv("EDGAR_INDEX", str(index))
    opened: list[str] = []
    real = E._open
    monkeypatch.setattr(E, "_open", lambda model, tokenizer: opened.append(str(model)) or real(model, tokenizer))
    E.set_embedder(None)
    try:
        server = build_server()

        async def two_finds():
            return [
                (await server.call_tool("search_documents", {"query": q, "ranker": "hybrid", "limit": 5}))
                for q in ("export controls China", "supply chain risks")
            ]

        got = anyio.run(two_finds)
        answers = [a.structured_content or {"text": a.content[0].text} for a in got]
    finally:
        E.set_embedder(None)
    assert [a.get("ranker") for a in answers] == ["hybrid", "hybrid"], answers
    assert all(any("semantic" in h["rankers"] for h in a["results"]) for a in answers)  # the model did rank
    assert opened == [str(found[0])]  # opened once, by the first call

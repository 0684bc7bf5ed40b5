"""Benchmark: the local filing-text index (edgar index add / edgar find) over the corpus filings.

    python benchmarks/index.py [--runs 3] [--no-semantic] [--semantic-index PATH] [--queries N] [--sample N]

Measured against the corpus mirror (tests/helpers/mirror.py), with the filings listed in
evals/retrieval_queries.yaml (every 10-K primary document in ../shared/sec-corpus, plus 10-Qs):

- indexing throughput, in MB of source document per second: cold (fetch + parse + sections +
  chunks + write, empty cache) and warm (the parse cached: chunks + postings + write only);
- semantic indexing per 10-K: the seconds (wall and CPU) spent embedding each 10-K's chunks, on a
  warm parse, with the vector cache empty, and the same 10-K re-indexed (every vector cached), next to
  the CPU seconds of indexing the same 10-K keyword-only, for ``--sample`` 10-Ks spread over the list;
  with the fused copy in use (embeddings.fused_model), the same texts also embedded by the integer copy
  used before it, in turns, as a ratio, with the cosines of the two copies' vectors of each window;
- index size per filing, keyword-only and with vectors;
- query latency in-process, p50/p95 per mode (bm25, phrase, semantic, hybrid), with and without the
  company filter, over the evaluation's tuning questions (the held-apart parts are never run here) (``--runs`` passes; semantic modes include
  embedding the question);
- the encoder: the same windows (``--session-windows`` chunks' worth, from the first filings' prose
  chunks) embedded with the packaged file as it is (spin-waiting as in issue 18's first round, then not),
  with the integer-MatMul copy (embeddings.integer_model) and with its fused copy used now
  (embeddings.fused_model; default threads and one), CPU and
  wall seconds, their ratios, and the cosine of each window's vector to the packaged file's;
- whole-process ``edgar find`` latency (median of ``--runs``), keyword-only and hybrid, next to the
  floor ``edgar --help`` (interpreter start and imports) as a ratio.

``--semantic-index PATH`` reuses an index that already has vectors (e.g. one built by
evals/score_retrieval.py --index PATH) for the query latencies instead of embedding every filing.
Prints a table and saves it to benchmarks/results/index.txt; never asserts.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

from common import ROOT, TempDir, base_env, run_process, save

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

import yaml
from mirror import MirrorServer, corpus_dir


def _pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def _doc_bytes(corpus: Path) -> dict[str, int]:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8") as fh:
        return {row["url"]: int(row["bytes"]) for row in csv.DictReader(fh, delimiter="\t")}


def _client(mirror, cache: Path):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    return SecClient(Settings(user_agent="edgar-cli benchmarks bench@example.com", mirror=mirror.url, cache_dir=cache))


def _add(f: dict, client, store, *, semantic: bool, refresh: bool = False):
    from edgar_cli.capabilities.local_index.local_index import index_add

    kw = {"documents": [f["document"]]} if f.get("document") else {"accession_numbers": [f["accession"]]}
    return index_add(
        [str(f["company"])],
        forms=f.get("form", "10-K"),
        semantic=semantic,
        refresh=refresh,
        client=client,
        store=store,
        **kw,
    )


def _build(filings, mirror, cache: Path, path: Path, *, semantic: bool, refresh: bool = False):
    from edgar_cli.index.store import SqliteStore

    client = _client(mirror, cache)
    store = SqliteStore(path)
    done, t0 = [], time.perf_counter()
    for f in filings:
        done.extend(_add(f, client, store, semantic=semantic, refresh=refresh).filings)
    seconds = time.perf_counter() - t0
    client.close()
    return done, seconds, store


def _before_encoder(emb):
    """The encoder used before the fused copy (embeddings.fused_model): the integer copy, or None when the
    embedder in use is not the packaged model's fused copy."""
    from edgar_cli.index import embeddings as E

    found = E.packaged_model_files()
    if isinstance(found, str) or emb.model_id != E.INTEGER_ID or "-fused-" not in str(getattr(emb, "model_path", "")):
        return None
    enc = E.OnnxEncoder(E.integer_model(found[0]), found[1], E.INTEGER_ID)
    enc.embed_queries(["warm up"])
    return enc


def _embedding_cost(filings, mirror, cache: Path, tmp: Path, sample: int) -> list[tuple]:
    """Per 10-K: (label, chunks with vectors, windows, embedding wall s, CPU s, wall s when all cached,
    CPU s of keyword-only indexing of the same 10-K with its parse cached, and the same texts embedded by the
    encoder used before (the integer copy without fusions): its wall s, CPU s, and the cosines (min, mean) of
    the two encoders' vectors of each window, or Nones). The two encoders take turns going first."""
    import numpy as np

    from edgar_cli.index import embeddings as E
    from edgar_cli.index.store import Filters, SqliteStore

    emb = E.get_embedder()
    emb.embed_queries(["warm up"])  # the model load is not the 10-K's cost
    before = _before_encoder(emb)
    client = _client(mirror, cache)
    rows = []
    tenks = [x for x in filings if x.get("form", "10-K") == "10-K"]
    step = max(1, len(tenks) // sample) if sample else 1
    for f in tenks[::step][: sample or None]:
        store = SqliteStore(tmp / f"emb-{f['accession']}.sqlite")
        _add(f, client, store, semantic=False)  # parse cached, keyword rows written
        c0 = time.process_time()
        _add(f, client, store, semantic=False, refresh=True)  # keyword-only indexing alone, parse cached
        kw_cpu = time.process_time() - c0
        spent = {"wall": 0.0, "cpu": 0.0, "windows": 0, "bwall": 0.0, "bcpu": 0.0, "cos": []}
        orig = emb.embed_passages
        first_now = len(rows) % 2 == 0

        def run(encode, texts, contexts, wall, cpu, spent=spent):
            w0, c0 = time.perf_counter(), time.process_time()
            got = encode(texts, contexts)
            spent[wall] += time.perf_counter() - w0
            spent[cpu] += time.process_time() - c0
            return got

        def timed(texts, contexts=None, orig=orig, spent=spent):
            if before is not None and not first_now:
                old = run(before.embed_passages, texts, contexts, "bwall", "bcpu")
            out = run(orig, texts, contexts, "wall", "cpu")
            spent["windows"] += sum(len(v) for v in out)
            if before is not None and first_now:
                old = run(before.embed_passages, texts, contexts, "bwall", "bcpu")
            if before is not None:
                spent["cos"].extend((np.concatenate(out) * np.concatenate(old)).sum(axis=1).tolist())
            return out

        emb.embed_passages = timed
        before_ = before
        try:
            up = _add(f, client, store, semantic=True, refresh=True)
            first = dict(spent, cos=list(spent["cos"]))
            before = None  # the re-index embeds nothing; time it alone
            w0 = time.perf_counter()
            _add(f, client, store, semantic=True, refresh=True)
            again = time.perf_counter() - w0
        finally:
            emb.embed_passages = orig
            before = before_
        n_vec = len(store.vectors(Filters(), emb.model_id))
        cos = first["cos"]
        rows.append(
            (
                f"{f['company']} {up.filings[0].fiscal_year if up.filings else ''}",
                n_vec,
                first["windows"],
                first["wall"],
                first["cpu"],
                again,
                kw_cpu,
                first["bwall"] if before is not None else None,
                first["bcpu"] if before is not None else None,
                (min(cos), statistics.mean(cos)) if cos else None,
            )
        )
    client.close()
    return rows


def _prose_ids(store) -> list[tuple[str]]:
    """Chunk ids of the chunks that get vectors (their hash is set), in index order."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(store.location)) as conn:
        return conn.execute("SELECT chunk_id FROM chunks WHERE hash != '' ORDER BY rowid").fetchall()


def _session_ratio(texts: list[str], contexts: list[str]) -> list[str]:
    """Embed the same chunk texts with the old onnxruntime session settings and the current ones."""
    import onnxruntime as ort

    from edgar_cli.index import embeddings as E

    found = E.packaged_model_files()
    if isinstance(found, str):
        return [f"  (session settings not measured: {found})"]
    fast = E.integer_model(found[0])
    fused = E.fused_model(*found)
    settings = [
        ("packaged file, spin-waiting (issue 18 round 1)", found[0], None, "1"),
        ("packaged file, no spin-waiting (round 2)", found[0], None, "0"),
    ]
    if fast is not None:
        settings += [
            ("integer MatMuls, no spin-waiting (round 3)", fast, None, "0"),
            ("integer MatMuls, one thread", fast, 1, "0"),
        ]
    if fused is not None:
        settings += [
            ("the same, attention and GELU fused (now)", fused, None, "0"),
            ("fused, one thread (EDGAR_ONNX_THREADS=1)", fused, 1, "0"),
        ]
    res = []
    import numpy as np

    ref = integer = None
    for label, model, threads, spin in settings:
        enc = E.OnnxEncoder(model, found[1])
        enc._load()
        opts = ort.SessionOptions()
        opts.log_severity_level = 3
        if threads:
            opts.intra_op_num_threads = threads
        opts.add_session_config_entry("session.intra_op.allow_spinning", spin)
        enc._session = ort.InferenceSession(str(model), sess_options=opts, providers=["CPUExecutionProvider"])
        enc.embed_passages(texts[:2], contexts[:2])  # warm
        w0, c0 = time.perf_counter(), time.process_time()
        vecs = np.concatenate(enc.embed_passages(texts, contexts))
        res.append(
            (
                label,
                time.perf_counter() - w0,
                time.process_time() - c0,
                float((vecs * (vecs if ref is None else ref)).sum(axis=1).mean()),
                ""
                if model != fused or integer is None
                else f"{(vecs * integer).sum(axis=1).min():.4f} / {(vecs * integer).sum(axis=1).mean():.4f}",
            )
        )
        ref = vecs if ref is None else ref
        if model == fast and integer is None:
            integer = vecs
        n = len(vecs)
    base_w, base_c = res[0][1], res[0][2]
    out = [
        f"  {'settings (' + str(n) + ' windows)':<52}{'wall s':>8}{'CPU s':>8}{'wall x':>8}{'CPU x':>7}"
        f"{'cosine':>8}  to integer MatMuls min / mean"
    ]
    out += [
        f"  {label:<52}{w:>8.2f}{c:>8.2f}{w / base_w:>8.2f}{c / base_c:>7.2f}{cos:>8.4f}  {cos_i}"
        for label, w, c, cos, cos_i in res
    ]
    out.append(
        "  (cosine: mean, per window, to the packaged file's vector of the same window; for the fused copy "
        "also to the integer copy's, min / mean)"
    )
    by = {label: (w, c) for label, w, c, *_ in res}
    if fused is not None and fast is not None:
        (w0_, c0_), (w1_, c1_) = (
            by["integer MatMuls, no spin-waiting (round 3)"],
            by["the same, attention and GELU fused (now)"],
        )
        out.append(f"  fused / integer copy: wall x{w1_ / w0_:.2f}, CPU x{c1_ / c0_:.2f}")
    return out


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--semantic-index", type=Path)
    ap.add_argument("--queries", type=int, default=0, help="Only the first N questions (0: all)")
    ap.add_argument("--sample", type=int, default=6, help="10-Ks whose embedding cost is measured (0: all)")
    ap.add_argument(
        "--session-windows",
        type=int,
        default=24,
        help="Chunks embedded with the old and the new session settings (0: skip)",
    )
    ap.add_argument(
        "--session-only",
        type=Path,
        metavar="INDEX",
        help="Only the session-settings ratio, on the prose chunks of this index",
    )
    opts = ap.parse_args()
    os.environ["EDGAR_TODAY"] = "2026-07-01"
    if opts.session_only:
        from edgar_cli.capabilities.local_index.local_index import vector_body
        from edgar_cli.index.store import SqliteStore

        st = SqliteStore(opts.session_only)
        prose = list(st.chunks([cid for (cid,) in _prose_ids(st)][: opts.session_windows]).values())
        text = "\n".join(
            [
                f"onnxruntime session settings, {len(prose)} prose chunks of {opts.session_only}; load "
                f"average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores",
                *_session_ratio([vector_body(c) for c in prose], ["Context. 10-K. Item 1. Business."] * len(prose)),
            ]
        )
        print(text)
        save("index-session", text + "\n")
        return text
    spec = yaml.safe_load((ROOT / "evals" / "retrieval_queries.yaml").read_text(encoding="utf-8"))
    filings = spec["filings"]
    queries = [q for q in spec["queries"] if q.get("part", "tuning") == "tuning"]  # held-apart parts stay apart
    if opts.queries:
        queries = queries[: opts.queries]
    corpus = corpus_dir()
    sizes = _doc_bytes(corpus)

    from edgar_cli.capabilities.documents.documents import search_documents
    from edgar_cli.index import embeddings as E
    from edgar_cli.index.store import SqliteStore

    embedder = None if opts.no_semantic else E.get_embedder()
    lines = [
        (
            f"edgar index / find over {len(filings)} corpus filings, {len(queries)} questions; "
            f"load average {os.getloadavg()[0]:.1f} at start, {os.cpu_count()} cores"
        ),
        "",
    ]
    with MirrorServer(corpus) as mirror, TempDir() as tmp:
        os.environ["EDGAR_SEMANTIC"] = "0"
        done, cold_s, store = _build(filings, mirror, tmp / "cache", tmp / "kw.sqlite", semantic=False)
        mb = sum(sizes.get(f.document_url or "", 0) for f in done) / 1e6
        chunks = sum(f.chunks for f in done)
        _, warm_s, _ = _build(filings, mirror, tmp / "cache", tmp / "kw.sqlite", semantic=False, refresh=True)
        kw_size = store.size_bytes()
        lines += [
            (f"indexing (source documents: {len(done)} filings, {mb:.1f} MB of HTML, {chunks:,} chunks)"),
            f"  keyword-only, cold cache   {cold_s:7.1f} s   {mb / cold_s:6.2f} MB/s   {len(done) / cold_s:5.2f} filings/s",
            f"  keyword-only, parse cached {warm_s:7.1f} s   {mb / warm_s:6.2f} MB/s   "
            f"{warm_s / len(done):5.2f} s per filing",
        ]
        sem_store = None
        if embedder is not None and opts.session_windows:
            from edgar_cli.capabilities.local_index.local_index import vector_body

            prose = [c for c in store.chunks([cid for (cid,) in _prose_ids(store)][: opts.session_windows]).values()]
            lines += ["", "onnxruntime session settings (the same chunks' windows, CPU and wall)"]
            lines += _session_ratio([vector_body(c) for c in prose], ["Context. 10-K. Item 1. Business."] * len(prose))
        if embedder is not None:
            os.environ.pop("EDGAR_SEMANTIC", None)
            rows = _embedding_cost(filings, mirror, tmp / "cache", tmp, opts.sample)
            lines += [
                "",
                f"semantic indexing per 10-K ({embedder.model_id}, CPU; parse cached, vector cache empty;"
                " 'cached' = the same 10-K re-indexed)",
                f"  {'10-K':<14}{'chunks w/ vec':>14}{'windows':>9}{'wall s':>8}{'CPU s':>7}{'cached s':>10}"
                f"{'kw CPU s':>10}{'total CPU s':>13}",
            ]
            for label, n, w, wall, cpu, again, kw, *_ in rows:
                lines.append(
                    f"  {label:<14}{n:>14}{w:>9}{wall:>8.2f}{cpu:>7.2f}{again:>10.2f}{kw:>10.2f}{kw + cpu:>13.2f}"
                )
            if rows:
                avg = statistics.mean(r[3] for r in rows)
                lines.append(
                    f"  average        {statistics.mean(r[1] for r in rows):>13.0f}"
                    f"{statistics.mean(r[2] for r in rows):>9.0f}{avg:>8.2f}"
                    f"{statistics.mean(r[4] for r in rows):>7.2f}{statistics.mean(r[5] for r in rows):>10.2f}"
                    f"{statistics.mean(r[6] for r in rows):>10.2f}"
                    f"{statistics.mean(r[6] + r[4] for r in rows):>13.2f}"
                )
                if all(r[7] is not None for r in rows):
                    lines += [
                        "",
                        "  the same texts, before (the integer copy without the fused attention and GELU: "
                        "embeddings.fused_model), in turns with the above",
                        f"  {'10-K':<14}{'before wall s':>14}{'CPU s':>7}{'now/before wall':>17}{'CPU':>6}"
                        f"{'cosine min':>12}{'mean':>8}",
                    ]
                    for r in rows:
                        lines.append(
                            f"  {r[0]:<14}{r[7]:>14.2f}{r[8]:>7.2f}{r[3] / r[7]:>17.3f}{r[4] / r[8]:>6.3f}"
                            f"{r[9][0]:>12.4f}{r[9][1]:>8.4f}"
                        )
                    bw, bc = statistics.mean(r[7] for r in rows), statistics.mean(r[8] for r in rows)
                    lines.append(
                        f"  average       {bw:>14.2f}{bc:>7.2f}{avg / bw:>17.3f}"
                        f"{statistics.mean(r[4] for r in rows) / bc:>6.3f}{min(r[9][0] for r in rows):>12.4f}"
                        f"{statistics.mean(r[9][1] for r in rows):>8.4f}"
                    )
                    lines.append("  (ratios of the averages; cosine: per window, now vs before, same batches)")
                lines.append(
                    "  (CPU s = embedding only; kw CPU s = keyword-only indexing of the same 10-K, parse "
                    "cached; total = indexing a 10-K with vectors)"
                )
            if opts.semantic_index and opts.semantic_index.is_file():
                sem_store = SqliteStore(opts.semantic_index)
                lines.append(f"  queries below use {opts.semantic_index}")
            else:
                shutil.copy(tmp / "kw.sqlite", tmp / "sem.sqlite")
                _, _, sem_store = _build(
                    filings, mirror, tmp / "cache", tmp / "sem.sqlite", semantic=True, refresh=True
                )
        lines += [
            "",
            "index size",
            f"  keyword-only   {kw_size / 1e6:6.1f} MB   {kw_size / len(done) / 1e6:5.2f} MB per filing",
        ]
        if sem_store is not None:
            n = len(sem_store.filings())
            lines.append(
                f"  with vectors   {sem_store.size_bytes() / 1e6:6.1f} MB   "
                f"{sem_store.size_bytes() / n / 1e6:5.2f} MB per filing"
            )

        modes = [("bm25", store, "ranked"), ("phrase", store, "phrase")]
        if sem_store is not None:
            modes += [("semantic", sem_store, "ranked"), ("hybrid", sem_store, "ranked")]
        lines += [
            "",
            (
                f"query latency, in-process ({opts.runs} passes over the questions; semantic modes "
                "include embedding the question; the model is loaded before timing)"
            ),
            f"  {'mode':<10}{'company filter':<16}{'p50 ms':>8}{'p95 ms':>8}{'n':>6}",
        ]
        for mode, st, match in modes:
            if mode in ("semantic", "hybrid"):
                os.environ.pop("EDGAR_SEMANTIC", None)
                search_documents("warm up", ranker=mode, limit=1, store=st)
            else:
                os.environ["EDGAR_SEMANTIC"] = "0"
            for filtered in (True, False):
                samples = []
                for _ in range(opts.runs):
                    for q in queries:
                        text = q["question"] if match == "ranked" else " ".join(q["passage"].split()[:3])
                        t0 = time.perf_counter()
                        search_documents(
                            text,
                            company=str(q["company"]) if filtered else None,
                            match=match,
                            ranker="bm25" if mode in ("bm25", "phrase") else mode,
                            limit=10,
                            store=st,
                        )
                        samples.append((time.perf_counter() - t0) * 1000)
                lines.append(
                    f"  {mode:<10}{'yes' if filtered else 'no':<16}{statistics.median(samples):8.1f}"
                    f"{_pct(samples, 0.95):8.1f}{len(samples):6d}"
                )

        env = base_env(mirror, tmp / "proc-cache")
        env.pop("EDGAR_SEMANTIC", None)
        q = "How many employees did NVIDIA have and what was the turnover rate?"
        rows_p = [
            ("edgar --help (floor: start and imports)", ["--help"], store),
            ("edgar find, keyword-only index", ["find", q, "--json"], store),
            ("edgar find --ranker bm25, index with vectors", ["find", q, "--ranker", "bm25", "--json"], sem_store),
            ("edgar find (hybrid)", ["find", q, "--json"], sem_store),
        ]
        lines += ["", f"whole-process latency (median of {opts.runs}; ratio to the floor)"]
        floor = None
        for label, args, st in rows_p:
            if st is None:
                continue
            env["EDGAR_INDEX"] = st.location
            runs = [run_process(args, env) for _ in range(opts.runs)]
            med = statistics.median(r.seconds for r in runs)
            floor = floor or med
            lines.append(
                f"  {label:<46}{med * 1000:8.0f} ms   x{med / floor:4.2f}   exit {sorted({r.rc for r in runs})}"
            )
    text = "\n".join(lines)
    print(text)
    print(f"saved to {save('index', text + chr(10))}")
    return text


if __name__ == "__main__":
    main()

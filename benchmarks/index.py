"""Benchmark: the local filing-text index (edgar index add / edgar find) over the corpus filings.

    python benchmarks/index.py [--runs 3] [--no-semantic] [--semantic-index PATH]

Measured in-process against the corpus mirror (tests/mirror.py), with the filings listed in
evals/retrieval_queries.yaml (every corpus 10-K whose company history and primary document are in
../shared/sec-corpus, plus three 10-Qs):

- indexing throughput, in MB of source document per second: cold (fetch + parse + sections +
  chunks + write, empty cache), warm (the parse cached: chunks + write only), and with vectors
  (warm, plus all-MiniLM-L6-v2 on CPU) when the semantic extra is installed;
- index size per filing, keyword-only and with vectors;
- query latency p50/p95 per mode (bm25, phrase, semantic, hybrid), with and without the company
  filter, over the evaluation's questions (``--runs`` passes).

``--semantic-index PATH`` reuses an index that already has vectors (e.g. one built by
evals/score_retrieval.py --index PATH) instead of embedding every chunk again. Prints a table and
saves it to benchmarks/results/index.txt; never asserts.
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

from common import ROOT, TempDir, save

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

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


def _build(filings, mirror, cache: Path, path: Path, *, semantic: bool, refresh: bool = False):
    from edgar_cli.capabilities.local_index import index_add
    from edgar_cli.index.store import SqliteStore

    client = _client(mirror, cache)
    store = SqliteStore(path)
    done, t0 = [], time.perf_counter()
    for f in filings:
        r = index_add([str(f["company"])], forms=f.get("form", "10-K"), accession_numbers=[f["accession"]],
                      semantic=semantic, refresh=refresh, client=client, store=store)
        done.extend(r.filings)
    seconds = time.perf_counter() - t0
    client.close()
    return done, seconds, store


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--semantic-index", type=Path)
    opts = ap.parse_args()
    os.environ["EDGAR_TODAY"] = "2026-07-01"
    spec = yaml.safe_load((ROOT / "evals" / "retrieval_queries.yaml").read_text(encoding="utf-8"))
    filings, queries = spec["filings"], spec["queries"]
    corpus = corpus_dir()
    sizes = _doc_bytes(corpus)

    from edgar_cli.capabilities.documents_search import search_documents
    from edgar_cli.index import embeddings as E
    from edgar_cli.index.store import SqliteStore

    embedder = None if opts.no_semantic else E.get_embedder()
    lines = [(f"edgar index / find over {len(filings)} corpus filings, {len(queries)} questions; "
             f"load average {os.getloadavg()[0]:.1f} at start"), ""]
    with MirrorServer(corpus) as mirror, TempDir() as tmp:
        os.environ["EDGAR_SEMANTIC"] = "0"
        done, cold_s, store = _build(filings, mirror, tmp / "cache", tmp / "kw.sqlite", semantic=False)
        mb = sum(sizes.get(f.document_url or "", 0) for f in done) / 1e6
        chunks = sum(f.chunks for f in done)
        _, warm_s, _ = _build(filings, mirror, tmp / "cache", tmp / "kw.sqlite", semantic=False, refresh=True)
        kw_size = store.size_bytes()
        lines += [("indexing (source documents: "
                  f"{len(done)} filings, {mb:.1f} MB of HTML, {chunks:,} chunks)"),
                  f"  keyword-only, cold cache   {cold_s:7.1f} s   {mb / cold_s:6.2f} MB/s   {len(done) / cold_s:5.2f} filings/s",
                  f"  keyword-only, parse cached {warm_s:7.1f} s   {mb / warm_s:6.2f} MB/s   {len(done) / warm_s:5.2f} filings/s"]
        sem_store = None
        if embedder is not None:
            os.environ.pop("EDGAR_SEMANTIC", None)
            if opts.semantic_index and opts.semantic_index.is_file():
                sem_store = SqliteStore(opts.semantic_index)
                lines.append(f"  with vectors: reusing {opts.semantic_index} (not timed)")
            else:
                shutil.copy(tmp / "kw.sqlite", tmp / "sem.sqlite")
                _, sem_s, sem_store = _build(filings, mirror, tmp / "cache", tmp / "sem.sqlite", semantic=True,
                                             refresh=True)
                lines.append(f"  with vectors, parse cached {sem_s:6.1f} s   {mb / sem_s:6.2f} MB/s   "
                             f"{chunks / sem_s:5.1f} chunks/s ({embedder.model_id}, CPU)")
        lines += ["", "index size",
                  f"  keyword-only   {kw_size / 1e6:6.1f} MB   {kw_size / len(done) / 1e6:5.2f} MB per filing"]
        if sem_store is not None:
            n = len(sem_store.filings())
            lines.append(f"  with vectors   {sem_store.size_bytes() / 1e6:6.1f} MB   "
                         f"{sem_store.size_bytes() / n / 1e6:5.2f} MB per filing")

        modes = [("bm25", store, "ranked"), ("phrase", store, "phrase")]
        if sem_store is not None:
            modes += [("semantic", sem_store, "ranked"), ("hybrid", sem_store, "ranked")]
        lines += ["", (f"query latency, in-process ({opts.runs} passes over the questions; semantic modes "
                  "include embedding the query)"),
                  f"  {'mode':<10}{'company filter':<16}{'p50 ms':>8}{'p95 ms':>8}{'n':>6}"]
        for mode, st, match in modes:
            if mode in ("semantic", "hybrid"):
                os.environ.pop("EDGAR_SEMANTIC", None)
            else:
                os.environ["EDGAR_SEMANTIC"] = "0"
            for filtered in (True, False):
                samples = []
                for _ in range(opts.runs):
                    for q in queries:
                        text = q["question"] if match == "ranked" else " ".join(q["passage"].split()[:3])
                        t0 = time.perf_counter()
                        search_documents(text, company=str(q["company"]) if filtered else None, match=match,
                                         ranker="bm25" if mode in ("bm25", "phrase") else mode, limit=10, store=st)
                        samples.append((time.perf_counter() - t0) * 1000)
                lines.append(f"  {mode:<10}{'yes' if filtered else 'no':<16}{statistics.median(samples):8.1f}"
                             f"{_pct(samples, 0.95):8.1f}{len(samples):6d}")
    text = "\n".join(lines)
    print(text)
    print(f"saved to {save('index', text + chr(10))}")
    return text


if __name__ == "__main__":
    main()

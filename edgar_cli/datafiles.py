"""The package's own TOML data files (the concept catalogue, statement presets, reorganisations), parsed once.

``tomllib`` is pure Python: parsing concepts.toml and successors.toml on every run
would be a large share of a warm ``edgar concept``'s lookup. :func:`load_toml` keeps
the parsed document beside the SEC cache (``<cache dir>/derived/<name>.<digest>.pickle``,
the digest taken over the file's bytes), so a later process reads it back with
``pickle`` instead of parsing again; an edited data file has a new digest and is
parsed afresh. Storing it is best effort: a cache directory that cannot be written
(read-only, full) costs a parse per process, never an error, and a damaged stored
copy is parsed again. The data files are edgar's own, not SEC data, so they are
used the same with ``--no-cache``.

Inside :func:`stored_only` (the warm fast path, which never writes) a data file without a
stored copy is not parsed and stored: :class:`NotStored` is raised, and the caller falls back.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

_FORMAT = b"toml-pickle:1"
_stored_only = False


class NotStored(LookupError):
    """Inside stored_only(): a data file with no usable stored copy (parsing it would store one)."""


class stored_only:
    """A context in which load_toml reads stored copies only (raising NotStored rather than writing one)."""

    def __enter__(self) -> None:
        global _stored_only
        self._saved, _stored_only = _stored_only, True

    def __exit__(self, *exc: object) -> None:
        global _stored_only
        _stored_only = self._saved


def load_toml(module_file: str, name: str) -> dict[str, Any]:
    """The TOML file ``name`` beside the module ``module_file`` (pass ``__file__``), parsed.

    Raises ``tomllib.TOMLDecodeError`` for a malformed file, as parsing it directly would.
    """
    raw = (Path(module_file).parent / name).read_bytes()
    stored = _stored_path(name, hashlib.sha256(_FORMAT + raw).hexdigest()[:20])
    if stored is not None:
        try:
            data = pickle.loads(stored.read_bytes())
            if isinstance(data, dict):
                return data
        except Exception:  # noqa: BLE001 - absent or damaged: parse the file again
            pass
    if _stored_only:
        raise NotStored(name)
    import tomllib

    data = tomllib.loads(raw.decode("utf-8"))
    if stored is not None:
        _store(stored, data)
    return data


def _stored_path(name: str, digest: str) -> Path | None:
    try:
        from .config import cache_dir

        return cache_dir() / "derived" / f"{name}.{digest}.pickle"
    except Exception:  # noqa: BLE001 - no usable cache location: parse every time
        return None


def _store(path: Path, data: dict[str, Any]) -> None:
    write_atomically(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))


def write_atomically(path: Path, body: bytes) -> None:
    """Write ``body`` to ``path`` through a temporary file and a rename, so that a reader sees the whole file or
    none; a write that fails (no space, no permission) leaves nothing behind and is not an error (a derived file
    is made again next time)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(body)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass

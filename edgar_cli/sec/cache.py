"""The disk cache: diskcache (SQLite + files) with a checksum on every entry.

diskcache gives atomic, process-safe writes: an entry becomes visible only when
its SQLite transaction commits, so a killed writer leaves nothing behind. On top
of it each entry carries a SHA-256 of its payload; an entry whose bytes do not
match (a disk fault, a hand edit) is dropped and refetched. When the cache
directory cannot be used (read-only, full disk, a corrupt database), the
client warns once on stderr and runs without a cache; it never fails a request
because of the cache, and never serves a damaged entry.

Freshness is decided by the caller (see ``client.FRESHNESS``); the cache only
records when each entry was stored.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

_FORMAT = 1


@dataclass
class Entry:
    payload: bytes
    stored_at: float  # epoch seconds, from the injected clock
    meta: dict[str, Any]


class DiskCache:
    """A key -> bytes store with checksums; every failure degrades to a miss."""

    def __init__(self, directory: Path, *, enabled: bool = True, warn: Callable[[str], None] | None = None):
        self.directory = Path(directory)
        self.enabled = enabled
        self._warn = warn or (lambda msg: print(f"warning: {msg}", file=sys.stderr))
        self._store = None
        self._warned = False

    def _open(self):
        if not self.enabled:
            return None
        if self._store is None:
            try:
                import diskcache

                self.directory.mkdir(parents=True, exist_ok=True)
                self._store = diskcache.Cache(
                    str(self.directory / "http"),
                    size_limit=2**31,
                    eviction_policy="least-recently-stored",
                    timeout=30,
                )
            except (OSError, sqlite3.Error) as exc:
                self._disable(f"cache directory {self.directory} is unusable ({exc}); running without a cache")
                return None
        return self._store

    def _disable(self, message: str) -> None:
        self.enabled = False
        self._store = None
        if not self._warned:
            self._warned = True
            self._warn(message)

    def get(self, key: str) -> Entry | None:
        store = self._open()
        if store is None:
            return None
        try:
            raw = store.get(key, default=None, retry=True)
        except (OSError, sqlite3.Error) as exc:
            self._disable(f"cache read failed ({exc}); running without a cache")
            return None
        except Exception:  # a damaged value file (UnpicklingError, EOFError, ...): drop it, refetch
            self.delete(key)
            return None
        if raw is None:
            return None
        try:
            fmt, stored_at, digest, meta, payload = raw
            ok = fmt == _FORMAT and hashlib.sha256(payload).hexdigest() == digest
        except (TypeError, ValueError):
            ok = False
        if not ok:
            self.delete(key)
            return None
        return Entry(payload=payload, stored_at=float(stored_at), meta=dict(meta))

    def set(self, key: str, payload: bytes, stored_at: float, meta: dict[str, Any] | None = None) -> None:
        store = self._open()
        if store is None:
            return
        record = (_FORMAT, stored_at, hashlib.sha256(payload).hexdigest(), meta or {}, payload)
        try:
            store.set(key, record, retry=True)
        except (OSError, sqlite3.Error) as exc:
            self._disable(f"cache write failed ({exc}); running without a cache")

    def delete(self, key: str) -> None:
        store = self._open()
        if store is None:
            return
        try:
            store.delete(key, retry=True)
        except (OSError, sqlite3.Error):
            pass

    def info(self) -> dict[str, Any]:
        store = self._open()
        if store is None:
            return {"directory": str(self.directory), "enabled": False, "entries": 0, "bytes": 0}
        try:
            count = len(store)
            volume = store.volume()
            kinds: dict[str, int] = {}
            for key in store.iterkeys():
                kind = str(key).split(":", 1)[0]
                kinds[kind] = kinds.get(kind, 0) + 1
        except (OSError, sqlite3.Error) as exc:
            return {"directory": str(self.directory), "enabled": False, "error": str(exc), "entries": 0, "bytes": 0}
        return {"directory": str(self.directory), "enabled": True, "entries": count, "bytes": volume, "by_kind": kinds}

    def clear(self) -> int:
        store = self._open()
        removed = 0
        if store is not None:
            try:
                removed = store.clear(retry=True)
                store.close()
            except (OSError, sqlite3.Error):
                pass
        self._store = None
        target = self.directory / "http"
        if target.exists():
            shutil.rmtree(target, ignore_errors=True)
        return removed

    def close(self) -> None:
        if self._store is not None:
            try:
                self._store.close()
            except Exception:  # pragma: no cover - best effort on shutdown
                pass
            self._store = None

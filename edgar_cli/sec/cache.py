"""The disk cache: diskcache (SQLite + files) with a checksum on every entry.

diskcache gives atomic, process-safe writes: an entry becomes visible only when
its SQLite transaction commits, so a killed writer leaves nothing behind. On top
of it each entry carries a SHA-256 of its payload; an entry whose bytes do not
match (a disk fault, a hand edit) is dropped and refetched. When the cache
cannot be written (a read-only directory, a full disk) the client warns once
on stderr, goes on reading what the cache holds and stores nothing more; when
it cannot be read (a corrupt database) it runs without a cache. It never fails
a request because of the cache, and never serves a damaged entry. Only damage
(a record that does not decode, a checksum that does not match) removes an
entry: any other failure of the read (a bug, a path the reader cannot use)
turns the cache off for the process with a warning and leaves the entry be.

Reading never writes. Opening a ``diskcache.Cache`` writes its settings rows
(some twenty statements), so a warm run that only reads would write to the
cache on every command, and a read-only cache could not be read at all. Reads
therefore go through a read-only SQLite connection to diskcache's own table;
the records edgar stores (pickled tuples, diskcache's MODE_PICKLE, inline or in
a value file) are decoded here with the standard library, anything else by
diskcache's own ``Disk``, so a warm run does not even import diskcache. The
``diskcache.Cache`` (the writer) is opened only when something is stored or
removed.

Freshness is decided by the caller (see ``client.FRESHNESS``); the cache only
records when each entry was stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_FORMAT = 1
_MODE_PICKLE = 4  # diskcache.core.MODE_PICKLE (tests/test_warm_path.py checks it still is)


class _Damaged(Exception):
    """A stored record that cannot be decoded."""


def _stderr_warn(message: str) -> None:
    from ..logs import warning

    warning(message)


@dataclass
class Entry:
    payload: bytes
    stored_at: float  # epoch seconds, from the injected clock
    meta: dict[str, Any]


class DiskCache:
    """A key -> bytes store with checksums; every failure degrades to a miss."""

    def __init__(self, directory: Path, *, enabled: bool = True, warn: Callable[[str], None] | None = None):
        self.directory = Path(directory).expanduser().absolute()  # its database is opened by file: URI
        self.enabled = enabled
        self._warn = warn or _stderr_warn
        self._store = None
        self._warned = False
        self._writable = True  # False once a write failed: reads go on, writes stop
        self._reader: tuple[sqlite3.Connection, Path] | None = None
        self._reader_lock = threading.Lock()

    def _db(self) -> Path:
        return self.directory / "http" / "cache.db"

    def _open_reader(self):
        """(read-only connection, diskcache.Disk) on the cache database, or None while there is none."""
        if self._reader is not None:
            return self._reader
        db = self._db()
        if not db.is_file():
            return None
        # Read-only; "immutable" only where the directory cannot be written (no -shm can be made).
        immutable = "&immutable=1" if not os.access(db.parent, os.W_OK) else ""
        conn = sqlite3.connect(
            f"{db.as_uri()}?mode=ro{immutable}", uri=True, check_same_thread=False, isolation_level=None
        )
        self._reader = (conn, db.parent)
        return self._reader

    def _close_reader(self) -> None:
        with self._reader_lock:
            if self._reader is not None:
                self._reader[0].close()
                self._reader = None

    def _read(self, key: str):
        """The stored record for ``key`` (None: absent), read without writing anything."""
        with self._reader_lock:
            reader = self._open_reader()
            if reader is None:
                return None
            conn, folder = reader
            try:  # a str key is stored as itself with raw = 1 (diskcache's Disk.put)
                row = conn.execute(
                    "SELECT mode, filename, value FROM Cache WHERE key = ? AND raw = 1 "
                    "AND (expire_time IS NULL OR expire_time > ?)",
                    (key, time.time()),
                ).fetchone()
            except sqlite3.OperationalError as exc:
                if "no such table" in str(exc):  # a database another process is still creating
                    return None
                raise
        if row is None:
            return None
        mode, filename, value = row
        try:
            if mode == _MODE_PICKLE:
                if value is not None:
                    return pickle.loads(value)
                with open(folder / filename, "rb") as f:
                    return pickle.load(f)
            import diskcache

            return diskcache.Disk(str(folder)).fetch(mode, filename, value, False)
        except OSError:  # the value file went away (removed by another process's eviction)
            return None
        except Exception as exc:  # UnpicklingError, EOFError, ...: the record itself is damaged
            raise _Damaged(f"{type(exc).__name__}: {exc}") from exc

    def _open(self):
        """The writer (a diskcache.Cache), opened on the first write; None when the cache cannot be written."""
        if not self.enabled or not self._writable:
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
                self._read_only(
                    f"cache directory {self.directory} cannot be written ({exc}); "
                    "reading what it holds, storing nothing"
                )
                return None
        return self._store

    def _read_only(self, message: str) -> None:
        self._writable = False
        self._store = None
        if not self._warned:
            self._warned = True
            self._warn(message)

    def _disable(self, message: str) -> None:
        self.enabled = False
        self._store = None
        self._close_reader()
        if not self._warned:
            self._warned = True
            self._warn(message)

    def get(self, key: str) -> Entry | None:
        if not self.enabled:
            return None
        try:
            raw = self._read(key)
        except (OSError, sqlite3.Error) as exc:
            self._disable(f"cache read failed ({exc}); running without a cache")
            return None
        except _Damaged:  # a damaged value file: drop it, refetch
            self.delete(key)
            return None
        except Exception as exc:  # not damage: the entry stays for a run that can read it
            self._disable(f"cache read failed ({type(exc).__name__}: {exc}); running without a cache")
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
            self._read_only(f"cache write failed ({exc}); reading what the cache holds, storing nothing")

    def filling(self, key: str, deadline: float) -> contextlib.AbstractContextManager[bool]:
        """Around fetching ``key`` after a miss (the shared cache's seam, sec/redis_shared.py, where one host
        fetches for all): here nothing to wait for, so it yields False (no need to read the cache again)."""
        return contextlib.nullcontext(False)

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
        self._close_reader()
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
            import shutil

            shutil.rmtree(target, ignore_errors=True)
        return removed

    def close(self) -> None:
        self._close_reader()
        if self._store is not None:
            try:
                self._store.close()
            except Exception:  # pragma: no cover - best effort on shutdown
                pass
            self._store = None

"""The tools/list answer kept beside the cache, so a server starts without importing every capability.

Generating the list imports the thirteen capability modules (and what they import) and has pydantic
build an input and an output schema for each: most of a server's start before its first tools/list.
The generated list is stored as JSON in ``<cache dir>/derived/mcp-tools.<digest>.json``; the digest
covers edgar's source files (their sizes and modification times), Python's version, the package files of
pydantic, pydantic-core and the MCP SDK (found without importing them), and :data:`FORMAT`, so an edited capability or an upgraded library
makes a new file, never a stale list. A server started lazily (``build_server(lazy=True)``) answers
tools/list from it and registers a tool with the SDK when it is first called. Storing is best effort,
as for the data files (datafiles.py): a cache directory that cannot be written costs a generation per
start, never an error, and a damaged file is generated again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

FORMAT = b"mcp-tools:2"
_PACKAGE = Path(__file__).resolve().parent.parent  # edgar_cli/


def digest() -> str:
    """What the list is generated from: edgar's sources, Python's and the schema libraries' versions."""
    h = hashlib.sha256(FORMAT)
    h.update(sys.version.encode())
    for name in ("pydantic", "pydantic_core", "mcp", "mcp_types"):
        h.update(f"{name}:{_stamp(_origin(name))}".encode())
    for root, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for f in sorted(files):
            if f.endswith((".py", ".toml", ".yaml")):
                path = os.path.join(root, f)
                h.update(f"{os.path.relpath(path, _PACKAGE)}:{_stamp(path)}".encode())
    return h.hexdigest()[:20]


def _origin(name: str) -> str:
    """The file a top-level package is imported from, found without importing it (the handshake is answered
    before the SDK is imported, and must compute the same digest as a server that imported it)."""
    from importlib.util import find_spec

    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        return ""
    return (spec.origin if spec is not None else None) or ""


def _stamp(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    return f"{st.st_size}:{st.st_mtime_ns}"


def _path(key: str) -> Path | None:
    try:
        from ..config import cache_dir

        return cache_dir() / "derived" / f"mcp-tools.{key}.json"
    except Exception:  # noqa: BLE001 - no usable cache location: generate every time
        return None


def stored(key: str) -> list[dict[str, Any]] | None:
    """The stored list for ``key`` (the Tool objects as JSON), or None."""
    path = _path(key)
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, list) and all(isinstance(t, dict) for t in data) else None


def store(key: str, tools: list[dict[str, Any]]) -> None:
    """Keep the list for ``key`` beside the cache (atomically; a failed write is made again next time)."""
    from ..datafiles import write_atomically

    path = _path(key)
    if path is not None:
        write_atomically(path, json.dumps(tools, ensure_ascii=False).encode("utf-8"))

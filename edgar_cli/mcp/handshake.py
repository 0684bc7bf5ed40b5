"""A stdio server's handshake (initialize, then tools/list) answered before the MCP SDK is imported.

Importing the SDK (``import mcp`` loads its client too, and mcp_types' pydantic classes for two protocol
versions) takes most of a second; a client waits for it before it can list the tools. So a stdio server
records the SDK's own answers to ``initialize`` and ``tools/list`` (the exact lines it wrote, see
:class:`Recorder`) in ``<cache dir>/derived/mcp-handshake.<digest>.json``, the digest being tool_list's
(edgar's sources, Python, pydantic, pydantic-core and the SDK), and the next server answers those two
requests from the record, byte for byte what the SDK wrote but for the request's id, while the SDK is
imported in a thread. A request is answered from the record only when its method and params equal a
recorded one's (the protocol version asked included), initialize came first and tools/list after
``notifications/initialized``; anything else (a tools/call, a ping, a line that is not such a request)
ends the handshake: the SDK's server takes over, fed first the initialize and initialized lines it did not
see (its answer to initialize is dropped, the client has it), then every line from there on. Recording is
best effort, as for the stored tool list: no record, or one that cannot be written, is a start through
the SDK, never an error.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

FORMAT = "mcp-handshake:1"
PREFIX = '{"jsonrpc":"2.0","id":'
ANSWERED = ("initialize", "tools/list")
MAX_RECORDED = 16  # distinct (method, params) pairs kept: protocol versions and clients' params


def request_key(message: dict[str, Any]) -> str:
    """What identifies a request's answer: its method and params, not its id."""
    return json.dumps([message.get("method"), message.get("params")], sort_keys=True, separators=(",", ":"))


def id_text(rid: Any) -> str | None:
    """The id as the SDK writes it (an integer, or an ASCII string without escapes), else None: not answered here."""
    if isinstance(rid, int) and not isinstance(rid, bool):
        return str(rid)
    if isinstance(rid, str) and rid.isascii() and rid.isprintable() and '"' not in rid and "\\" not in rid:
        return f'"{rid}"'
    return None


def _path(key: str) -> Path | None:
    try:
        from ..config import cache_dir

        return cache_dir() / "derived" / f"mcp-handshake.{key}.json"
    except Exception:  # noqa: BLE001 - no usable cache location: the SDK answers
        return None


def load(key: str) -> dict[str, str]:
    """The recorded answers for ``key``: request key -> the answer line after its id."""
    path = _path(key)
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("answers"), dict):
        return {}
    return {k: v for k, v in data["answers"].items() if isinstance(k, str) and isinstance(v, str)}


class Recorder:
    """Records the SDK's answers to initialize and tools/list as a stdio server writes them."""

    def __init__(self, key: str):
        self.key = key
        self.answers = load(key)
        self.pending: dict[str, str] = {}  # id as written -> request key

    def saw(self, line: str) -> None:
        """A line read from the client (before the SDK reads it)."""
        if len(self.answers) >= MAX_RECORDED or '"method"' not in line:
            return
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return
        if not isinstance(message, dict) or message.get("method") not in ANSWERED:
            return
        rid = id_text(message.get("id"))
        key = request_key(message)
        if rid is not None and key not in self.answers:
            self.pending[rid] = key

    def wrote(self, line: str) -> None:
        """A line the SDK wrote to the client."""
        if not self.pending or not line.startswith(PREFIX):
            return
        rest = line[len(PREFIX) :]
        for rid, key in list(self.pending.items()):
            if rest.startswith(rid + ',"result":') and line.endswith("}\n"):
                del self.pending[rid]
                self.answers[key] = rest[len(rid) :]
                self._save()
                return

    def _save(self) -> None:
        from ..datafiles import write_atomically

        path = _path(self.key)
        if path is not None:
            body = {"format": FORMAT, "answers": self.answers}
            write_atomically(path, json.dumps(body, ensure_ascii=False).encode("utf-8"))


def _warm_up() -> None:
    """Import what the SDK's server needs, while the client reads the tool list."""
    try:
        from .server import _server_class

        _server_class()
    except Exception:  # noqa: BLE001 - the takeover imports it again and reports what fails
        pass


class Handshake:
    """Reads stdin (fd 0) and answers from the record until a line it does not answer; see the module doc."""

    def __init__(self, answers: dict[str, str], fd_in: int = 0, fd_out: int = 1):
        self.answers = answers
        self.fd_in, self.fd_out = fd_in, fd_out
        self.buffer = b""
        self.replay: list[bytes] = []  # lines the SDK must still see (initialize, initialized)
        self.dropped: set[str] = set()  # ids of the requests answered here that the SDK answers again
        self.state = "new"  # -> "initialized" (answered initialize) -> "ready" (saw notifications/initialized)
        self.warming: threading.Thread | None = None

    def run(self) -> bytes | None:
        """Answer what can be answered; the bytes the SDK must read first (replayed lines and the rest of
        the input read so far), or None when the input ended with nothing for the SDK to answer."""
        while True:
            line = self._line()
            if line is None:  # end of input
                return None if not self.buffer.strip() else self._handover(b"")
            if not line.strip():
                continue
            if not self._answer(line):
                return self._handover(line)

    def _line(self) -> bytes | None:
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd_in, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line + b"\n"

    def _answer(self, line: bytes) -> bool:
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return False
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or "result" in message:
            return False
        method = message.get("method")
        if method == "notifications/initialized" and self.state == "initialized" and "id" not in message:
            self.replay.append(line)
            self.state = "ready"
            return True
        if (method, self.state) not in (("initialize", "new"), ("tools/list", "ready")):
            return False
        rid = id_text(message.get("id"))
        answer = self.answers.get(request_key(message))
        if rid is None or answer is None:
            return False
        self._write((PREFIX + rid + answer).encode("utf-8"))
        if method == "initialize":
            self.replay.append(line)
            self.dropped.add(rid)
            self.state = "initialized"
        elif self.warming is None:
            self.warming = threading.Thread(target=_warm_up, name="edgar-mcp-warm-up", daemon=True)
            self.warming.start()
        return True

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd_out, view) :]

    def _handover(self, line: bytes) -> bytes:
        return b"".join(self.replay) + line + self.buffer

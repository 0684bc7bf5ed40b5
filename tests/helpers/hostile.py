"""A loopback SEC that answers one path in a hostile way and everything else from the corpus.

``HostileServer(corpus).start()``; ``srv.arm(path, mode)`` makes every GET of ``path``
(``/data.sec.gov/...``, as EDGAR_MIRROR lays it out) misbehave in one of :data:`MODES`;
other paths are served by the corpus mirror's own rules (tests/helpers/mirror.py). ``srv.hits``
counts the requests that reached each armed path. ``arm(..., times=n)`` misbehaves for the
first ``n`` requests only, then serves the corpus again (one bad answer, then a clean upstream).

The modes are the ways a broken or hostile upstream answered 200 with something wrong
(issue 16):

- ``shape``: valid JSON of the wrong shape (``body`` given to :meth:`arm`, e.g. a ticker
  file holding only NVIDIA, or companyfacts of another company);
- ``nan``: the path's corpus JSON with every numeric ``val`` replaced by NaN;
- ``deep``: JSON nested 200,000 levels deep;
- ``gzip-bomb``: 1 MB of gzip that inflates to 1 GiB of zeros;
- ``endless``: a chunked body that never ends;
- ``huge-length``: a declared Content-Length of 2 GiB, then a trickle;
- ``trickle-headers``: the status line, then one header byte every ``interval`` seconds;
- ``trickle-body``: full headers, then one body byte every ``interval`` seconds;
- ``redirect``: 302 to a host that is not the SEC's;
- ``not-modified``: 304 Not Modified to every request, conditional or not (nothing cached to renew);
- ``html``: 200 with an HTML maintenance page of ``body`` (or a small default) where data was asked for;
- ``range-switch``: a whole answer (ETag "v1") cut off halfway, then every ranged request answered
  206 from another version (ETag "v2", another length), as a server ignoring If-Range would;
- ``range-overlong``: a whole answer (ETag "v1") cut off halfway, then ranged requests answered 206 of
  the same version whose body runs 1,000 bytes past the declared end (a ``Content-Length`` over the
  ``Content-Range``), and 416 to a range starting past the end, as a real server does.
"""

from __future__ import annotations

import json
import re
import threading
import zlib
from collections import Counter
from functools import lru_cache
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import urlsplit

from mirror import LoopbackServer, MirrorServer

MODES = (
    "shape",
    "nan",
    "deep",
    "gzip-bomb",
    "endless",
    "huge-length",
    "trickle-headers",
    "trickle-body",
    "redirect",
    "not-modified",
    "html",
    "range-switch",
    "range-overlong",
)
MAINTENANCE_PAGE = (
    b"<!DOCTYPE html><html><head><title>SEC.gov | Maintenance</title></head><body><h1>EDGAR is "
    b"temporarily unavailable</h1><p>Scheduled maintenance.</p></body></html>"
)
BOMB_INFLATED = 1 << 30  # 1 GiB of zeros
OFF_HOST = "https://evil.example.com/collect"


_PADDING = b"<!-- " + b"x" * 6000 + b" -->"  # past the 4 KB under which a small page saying "unavailable" is refused
# Bodies a broken CDN, proxy or mirror answered 200 with for a filing document (NVIDIA's FY2025 10-K in
# tests/test_document_poisoning.py), as (mode, body) for HostileServer.arm. None of them is the filing's document;
# the empty body of another-filers-10k stands for Apple's FY2024 10-K, read from the corpus by the test.
NOT_A_FILING_DOCUMENT: dict[str, tuple[str, bytes]] = {
    "json-object": ("shape", b'{"error": "Not Found", "status": 404}'),
    "json-array": ("shape", b"[]"),
    "number": ("shape", b"404"),
    "plain-text": ("shape", b"Bad Gateway: the upstream closed the connection.\n"),
    "xml-error": (
        "shape",
        b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We '
        b"encountered an internal error. Please try again.</Message></Error>",
    ),
    "html-error-page": (
        "html",
        b"<!DOCTYPE html><html><head><title>404 Not Found</title>"
        + _PADDING
        + b"</head><body><h1>Not Found</h1><p>The requested URL was not found on this "
        b"server.</p></body></html>",
    ),
    "empty-html": ("html", b"<html><head><title></title></head><body></body></html>"),
    # Apple's FY2024 10-K (0000320193-24-000123, aapl-20240928.htm, from the corpus) at NVIDIA's URL: a real 10-K
    # with every item heading, but its inline XBRL names CIK 320193
    "another-filers-10k": ("html", b""),
    # markup, a plausible size and the filer's name, but not one item: no section can be read from it
    "named-page-without-items": (
        "html",
        b"<html><head><title>NVIDIA Corporation</title></head><body>"
        + b"<p>NVIDIA Corporation - investor relations.</p>" * 120
        + b"</body></html>",
    ),
}


@lru_cache(maxsize=1)
def gzip_bomb() -> bytes:
    """About 1 MB of gzip that inflates to BOMB_INFLATED bytes (built once per process)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    zeros = bytes(1 << 20)
    parts = [packer.compress(zeros) for _ in range(BOMB_INFLATED >> 20)]
    parts.append(packer.flush())
    return b"".join(parts)


def deep_json(levels: int = 200_000) -> bytes:
    return b"[" * levels + b"]" * levels


def nan_json(raw: bytes) -> bytes:
    """The document with every numeric "val" made NaN (Python's json writes NaN as a bare literal)."""
    return re.sub(rb'"val":\s*-?[0-9][0-9.eE+-]*', b'"val":NaN', raw)


class HostileServer(LoopbackServer):
    def __init__(self, corpus: Path, *, interval: float = 0.3):
        self.corpus = MirrorServer(corpus)  # its rules, not its socket
        self.interval = interval
        self.armed: dict[str, tuple[str, bytes | None]] = {}
        self.times: dict[str, int] = {}  # armed paths that misbehave only this many times
        self.hits: Counter = Counter()
        self.stop_event = threading.Event()
        super().__init__()

    def stop(self) -> None:
        self.stop_event.set()  # ends the endless and trickling answers still being written
        super().stop()
        self.corpus.httpd.server_close()  # never started: only its rules were used

    def arm(self, path: str, mode: str, body: bytes | dict | list | None = None, *, times: int | None = None) -> None:
        assert mode in MODES, mode
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.armed[path] = (mode, body)
        if times is not None:
            self.times[path] = times
        else:
            self.times.pop(path, None)

    # -- serving ---------------------------------------------------------------------------

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        path = h.path if h.path in self.armed else urlsplit(h.path).path
        if path not in self.armed:
            status, headers, body = self.corpus._respond(h.path)
            headers.pop("_local", None)
            self._send(h, status, headers, body)
            return
        self.hits[path] += 1
        mode, body = self.armed[path]
        if path in self.times and self.hits[path] >= self.times[path]:
            self.armed.pop(path)  # served its last bad answer: the clean upstream from the next request on
        try:
            getattr(self, "_" + mode.replace("-", "_"))(h, path, body)
        except OSError:  # the client gave up: that is the point
            pass

    def _send(self, h, status: int, headers: dict, body: bytes) -> None:
        h.send_response(status)
        for k, v in headers.items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    def _corpus_bytes(self, path: str) -> bytes:
        local = self.corpus.resolve(path)
        assert local is not None, f"{path} is not in the corpus"
        return local.read_bytes()

    def _shape(self, h, path, body):
        self._send(h, 200, {"Content-Type": "application/json"}, body or b"{}")

    def _nan(self, h, path, body):
        self._send(h, 200, {"Content-Type": "application/json"}, nan_json(body or self._corpus_bytes(path)))

    def _deep(self, h, path, body):
        self._send(h, 200, {"Content-Type": "application/json"}, deep_json())

    def _gzip_bomb(self, h, path, body):
        self._send(h, 200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, gzip_bomb())

    def _endless(self, h, path, body):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Transfer-Encoding", "chunked")
        h.end_headers()
        chunk = b" " * 65536
        frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        h.wfile.write(b"6\r\n[1,2,3\r\n")
        while not self.stop_event.is_set():
            h.wfile.write(frame)

    def _huge_length(self, h, path, body):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(2 << 30))
        h.end_headers()
        h.wfile.write(b'{"cik": ')
        self._trickle(h, b"1" * 10_000)

    def _trickle_headers(self, h, path, body):
        h.wfile.write(b"HTTP/1.1 200 OK\r\n")
        h.wfile.flush()
        self._trickle(h, b"X-Pad: " + b"a" * 10_000)

    def _trickle_body(self, h, path, body):
        payload = body or self._corpus_bytes(path)
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(payload)))
        h.end_headers()
        self._trickle(h, payload)

    def _trickle(self, h, data: bytes) -> None:
        for i in range(len(data)):
            if self.stop_event.wait(self.interval):
                return
            h.wfile.write(data[i : i + 1])
            h.wfile.flush()

    def _redirect(self, h, path, body):
        self._send(h, 302, {"Location": OFF_HOST, "Content-Type": "text/html"}, b"<a href=x>moved</a>")

    def _not_modified(self, h, path, body):
        h.send_response(304)
        h.send_header("ETag", '"v1"')
        h.end_headers()

    def _html(self, h, path, body):
        self._send(h, 200, {"Content-Type": "text/html; charset=utf-8"}, body or MAINTENANCE_PAGE)

    @staticmethod
    def _half_then_cut(h, payload: bytes) -> None:
        """A 200 declaring the whole payload (ETag v1) that sends half of it and closes the connection."""
        h.send_response(200)
        h.send_header("ETag", '"v1"')
        h.send_header("Content-Length", str(len(payload)))
        h.end_headers()
        h.wfile.write(payload[: len(payload) // 2])
        h.wfile.flush()
        h.close_connection = True
        h.connection.shutdown(2)  # cut off halfway

    def _range_switch(self, h, path, body):
        payload = body or b"PK\x03\x04" + bytes(200_000)
        asked = re.fullmatch(r"bytes=(\d+)-", h.headers.get("Range") or "")
        if asked:
            start = int(asked.group(1))
            rest = payload[start:] + bytes(1000)  # another version: longer
            span = f"bytes {start}-{start + len(rest) - 1}/{len(payload) + 1000}"
            self._send(h, 206, {"ETag": '"v2"', "Content-Range": span}, rest)
            return
        self._half_then_cut(h, payload)

    def _range_overlong(self, h, path, body):
        payload = body or b"PK\x03\x04" + bytes(200_000)
        asked = re.fullmatch(r"bytes=(\d+)-", h.headers.get("Range") or "")
        if asked and int(asked.group(1)) >= len(payload):
            self._send(h, 416, {"Content-Range": f"bytes */{len(payload)}", "ETag": '"v1"'}, b"")
            return
        if asked:
            start = int(asked.group(1))
            rest = payload[start:] + bytes(1000)  # past the end it declares
            span = f"bytes {start}-{len(payload) - 1}/{len(payload)}"
            self._send(h, 206, {"ETag": '"v1"', "Content-Range": span}, rest)
            return
        self._half_then_cut(h, payload)

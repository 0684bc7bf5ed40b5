"""A loopback HTTP server over ../shared/sec-corpus, laid out as EDGAR_MIRROR expects.

``GET /<host>/<path>?<query>`` serves ``<corpus>/<host>/<path>`` or, with a query
string, ``<corpus>/<host>/<path>/q-<sha256(query)[:16]>.<ext>`` (the corpus
README's rule). Recorded error responses (MANIFEST-errors.tsv) are served with
their status; anything else is 404. Every request is logged with its arrival
time, and ``faults`` can make the server misbehave on purpose. ``overlays`` are
fixture directories laid out the same way, served in front of the corpus
(tests/fixtures/reorganisations holds synthetic filers the corpus lacks).

Used by the tests (conftest.py), the benchmarks and the evals.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import os
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parents[2] / "shared" / "sec-corpus"

CONTENT_TYPES = {
    ".json": "application/json",
    ".xml": "application/xml",
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".xsd": "application/xml",
}


def corpus_dir() -> Path:
    return Path(os.environ.get("EDGAR_CORPUS") or DEFAULT_CORPUS)


# The hosts that send ETag/Last-Modified and answer conditional GETs with 304 (edgartools' recorded
# cassettes: www.sec.gov's Archives send both; data.sec.gov and efts.sec.gov send neither, and
# "Cache-Control: max-age=0, no-cache, no-store").
VALIDATOR_HOSTS = frozenset({"www.sec.gov"})

# Every kind of misbehaviour the server can put on: see MirrorServer._fault.
FAULT_KINDS: tuple[str, ...] = (
    "429",  # Too Many Requests without Retry-After
    "429-retry-after",  # Too Many Requests with Retry-After: Faults.retry_after (default "1")
    "500",
    "503",  # server errors
    "drop",  # the connection is closed without an answer
    "truncated",  # 200, the full Content-Length declared, half the body sent, then closed
    "html",  # 200 text/html "EDGAR is undergoing maintenance" instead of the resource
    "slow",  # the answer comes after Faults.slow_seconds (set it past the client's timeout)
    "gzip-truncated",  # 200 gzip, a correctly framed body holding half of the gzip stream
    "gzip-garbage",  # 200 with Content-Encoding: gzip and bytes that are not gzip
)


@dataclass
class Faults:
    """Misbehaviour on demand: ``rate`` of requests get one of ``kinds`` (reproducible from ``seed``).

    ``injected`` counts the faults served, by kind.
    """

    rate: float = 0.0
    kinds: tuple[str, ...] = ()
    seed: int = 0
    retry_after: str | None = None
    slow_seconds: float = 0.0
    _rng: random.Random = field(default_factory=random.Random)
    injected: Counter = field(default_factory=Counter)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _deck: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng.seed(self.seed)

    def pick(self) -> str | None:
        """A fault for ``rate`` of requests; the kinds are dealt from a shuffled deck, so that every
        kind is served once before any is served twice (a run of a few dozen faults covers them all)."""
        with self._lock:
            if not self.kinds or self._rng.random() >= self.rate:
                return None
            if not self._deck:
                self._deck = list(self.kinds)
                self._rng.shuffle(self._deck)
            kind = self._deck.pop()
            self.injected[kind] += 1
            return kind

    @property
    def total(self) -> int:
        return sum(self.injected.values())


@dataclass
class LogEntry:
    t: float
    path: str
    status: int
    user_agent: str


class LoopbackServer:
    """A threaded HTTP/1.1 server on 127.0.0.1 whose GETs go to ``self._do_get(handler)``."""

    def __init__(self, port: int = 0) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):
                server._do_get(self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda request, address: None  # a client that hung up (timeouts) is expected
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _do_get(self, h: BaseHTTPRequestHandler) -> None:
        self._handle(h)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self):
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


class MirrorServer(LoopbackServer):
    def __init__(
        self,
        corpus: Path | None = None,
        faults: Faults | None = None,
        *,
        gzip: bool = False,
        overlays: list[Path] | tuple[Path, ...] = (),
        extra: Path | None = None,
        port: int = 0,
        validators: frozenset[str] | set[str] = frozenset(),
    ):
        self.corpus = Path(corpus or corpus_dir())
        self.overlays = [Path(p) for p in overlays]  # fixture trees laid out like the corpus, served first
        # Files served before the corpus, streamed from disk with Range, ETag and Last-Modified
        # (``<extra>/www.sec.gov/Archives/...``): the bulk archives the tests and benchmarks build.
        self.extra = Path(extra) if extra else None
        self.cuts: dict[str, list[int]] = {}  # path -> bytes after which each of the next answers is cut off
        self.faults = faults or Faults()
        self.gzip = gzip  # compress 200 answers when the client accepts gzip, as www.sec.gov does
        # Hosts whose corpus answers carry an ETag and Last-Modified and honour If-None-Match /
        # If-Modified-Since with 304, as www.sec.gov's Archives do (VALIDATOR_HOSTS). The corpus
        # does not record headers; the mirror makes them from each file's size and mtime.
        self.validators = frozenset(validators)
        self.log: list[LogEntry] = []
        self.scripted: dict[str, list[tuple[int, dict, bytes]]] = {}  # path -> queued responses
        self._lock = threading.Lock()
        self._errors = self._load_errors()
        super().__init__(port)

    def _do_get(self, h: BaseHTTPRequestHandler) -> None:
        if not self._serve_extra(h):
            self._handle(h)

    def script(self, path: str, *responses: tuple[int, dict, bytes]) -> None:
        """Queue canned responses for a path (``/data.sec.gov/...``); then the corpus again."""
        with self._lock:
            self.scripted.setdefault(path, []).extend(responses)

    def requests_to(self, fragment: str) -> int:
        return sum(1 for e in self.log if fragment in e.path)

    def _load_errors(self) -> dict[str, tuple[int, Path | None]]:
        out: dict[str, tuple[int, Path | None]] = {}
        manifest = self.corpus / "MANIFEST-errors.tsv"
        if manifest.exists():
            with manifest.open(encoding="utf-8") as fh:
                for row in csv.DictReader(fh, delimiter="\t"):
                    parts = urlsplit(row["url"])
                    key = f"/{parts.hostname}{parts.path}" + (f"?{parts.query}" if parts.query else "")
                    local = self.corpus / row["local_path"] if row.get("local_path") else None
                    out[key] = (int(row["status"]), local)
        return out

    def resolve(self, raw_path: str) -> Path | None:
        """The file serving ``raw_path``: from the first overlay that has it, else from the corpus."""
        for root in (*self.overlays, self.corpus):
            hit = self._resolve_in(root, raw_path)
            if hit is not None:
                return hit
        return None

    def _resolve_in(self, root: Path, raw_path: str) -> Path | None:
        parts = urlsplit(raw_path)
        rel = parts.path.lstrip("/")
        if ".." in rel.split("/"):
            return None
        base = (root / rel).resolve()
        if not str(base).startswith(str(root.resolve())):
            return None
        if parts.query:
            digest = hashlib.sha256(parts.query.encode()).hexdigest()[:16]
            for ext in (".json", ".xml", ".html"):
                candidate = base / f"q-{digest}{ext}"
                if candidate.is_file():
                    return candidate
            return None
        return base if base.is_file() else None

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        arrived = time.time()
        path = h.path
        status, headers, body = self._respond(path)
        local = headers.pop("_local", None)
        if local is not None and urlsplit(path).path.split("/")[1] in self.validators:
            status, headers, body = self._conditional(h, Path(local), status, headers, body)
        if (
            self.gzip
            and status == 200
            and "Content-Encoding" not in headers
            and "_declared_length" not in headers
            and "gzip" in h.headers.get("Accept-Encoding", "")
        ):
            body = gzip.compress(body, mtime=0)
            headers["Content-Encoding"] = "gzip"
        with self._lock:
            self.log.append(LogEntry(arrived, path, status, h.headers.get("User-Agent", "")))
        if status == -1:  # drop the connection
            h.close_connection = True
            try:
                h.wfile.write(b"")
                h.connection.shutdown(2)
            except OSError:
                pass
            return
        h.send_response(status)
        declared = headers.pop("_declared_length", None)
        for k, v in headers.items():
            h.send_header(k, v)
        if status != 304:
            h.send_header("Content-Length", str(declared if declared is not None else len(body)))
        if declared is not None:
            h.send_header("Connection", "close")
            h.close_connection = True
        h.end_headers()
        try:
            h.wfile.write(body)
        except OSError:
            pass

    def cut_once(self, path: str, after: int, times: int = 1) -> None:
        """Close the connection after ``after`` bytes of the next ``times`` answers for ``path`` (an extra file)."""
        with self._lock:
            self.cuts.setdefault(path, []).extend([after] * times)

    def _extra_file(self, raw_path: str) -> Path | None:
        if self.extra is None:
            return None
        rel = urlsplit(raw_path).path.lstrip("/")
        if ".." in rel.split("/"):
            return None
        local = self.extra / rel
        return local if local.is_file() else None

    def _serve_extra(self, h: BaseHTTPRequestHandler) -> bool:
        """Serve a file under ``extra`` as a static server would (Range, If-Range, 304); False if none."""
        import email.utils

        local = self._extra_file(h.path)
        if local is None:
            return False
        st = local.stat()
        etag = f'"{st.st_size:x}-{int(st.st_mtime):x}"'
        modified = email.utils.formatdate(st.st_mtime, usegmt=True)
        status, start, end = 200, 0, st.st_size - 1
        inm, ims = h.headers.get("If-None-Match"), h.headers.get("If-Modified-Since")
        if (inm and inm == etag) or (not inm and ims and ims == modified):
            status = 304
        rng = h.headers.get("Range")
        if status == 200 and rng and rng.startswith("bytes="):
            if_range = h.headers.get("If-Range")
            if if_range is None or if_range in (etag, modified):
                first = rng[6:].split("-")[0]
                if first.isdigit():
                    start = int(first)
                    status = 206 if start < st.st_size else 416
        path = urlsplit(h.path).path
        with self._lock:
            self.log.append(LogEntry(time.time(), h.path, status, h.headers.get("User-Agent", "")))
            queue = self.cuts.get(path)
            cut = queue.pop(0) if queue else None
        h.send_response(status)
        h.send_header("ETag", etag)
        h.send_header("Last-Modified", modified)
        h.send_header("Accept-Ranges", "bytes")
        if status in (304, 416):
            if status == 416:
                h.send_header("Content-Range", f"bytes */{st.st_size}")
            h.send_header("Content-Length", "0")
            h.end_headers()
            return True
        h.send_header("Content-Type", "application/zip")
        h.send_header("Content-Length", str(end - start + 1))
        if status == 206:
            h.send_header("Content-Range", f"bytes {start}-{end}/{st.st_size}")
        if cut is not None:
            h.send_header("Connection", "close")
            h.close_connection = True
        h.end_headers()
        sent = 0
        try:
            with local.open("rb") as fh:
                fh.seek(start)
                while True:
                    chunk = fh.read(1 << 20)
                    if not chunk:
                        break
                    if cut is not None and sent + len(chunk) > cut:
                        h.wfile.write(chunk[: max(0, cut - sent)])
                        h.wfile.flush()
                        h.connection.shutdown(2)
                        return True
                    h.wfile.write(chunk)
                    sent += len(chunk)
        except OSError:
            pass
        return True

    def _respond(self, path: str) -> tuple[int, dict, bytes]:
        plain = urlsplit(path).path
        with self._lock:
            queue = self.scripted.get(path) or self.scripted.get(plain)
            if queue:
                status, headers, body = queue.pop(0)
                return status, dict(headers), body
        fault = self.faults.pick()
        if fault:
            return self._fault(fault, path)
        local = self.resolve(path)
        if local is not None:
            ctype = CONTENT_TYPES.get(local.suffix.lower(), "application/octet-stream")
            return 200, {"Content-Type": ctype, "_local": str(local)}, local.read_bytes()
        if path in self._errors:
            status, local = self._errors[path]
            body = local.read_bytes() if local and local.is_file() else b""
            return status, {"Content-Type": "application/xml"}, body
        return 404, {"Content-Type": "text/plain"}, b"Not Found"

    def _conditional(
        self, h: BaseHTTPRequestHandler, local: Path, status: int, headers: dict, body: bytes
    ) -> tuple[int, dict, bytes]:
        """ETag/Last-Modified from the file; 304 when the request's validators still match."""
        import email.utils

        st = local.stat()
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}"'
        headers = {**headers, "ETag": etag, "Last-Modified": email.utils.formatdate(st.st_mtime, usegmt=True)}
        match = h.headers.get("If-None-Match")
        since = h.headers.get("If-Modified-Since")
        if match is not None:
            fresh = etag in [t.strip() for t in match.split(",")]
        elif since is not None:
            try:
                fresh = int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                fresh = False
        else:
            fresh = False
        if fresh:
            return 304, {k: v for k, v in headers.items() if k in ("ETag", "Last-Modified")}, b""
        return status, headers, body

    def _fault(self, kind: str, path: str) -> tuple[int, dict, bytes]:
        if kind in ("429", "429-retry-after"):
            headers = {"Content-Type": "text/html"}
            if kind == "429-retry-after":
                headers["Retry-After"] = self.faults.retry_after or "1"
            return 429, headers, b"<html>Too Many Requests</html>"
        if kind in ("500", "503"):
            return int(kind), {"Content-Type": "text/html"}, b"<html>Service Unavailable</html>"
        if kind == "drop":
            return -1, {}, b""
        if kind == "truncated":
            local = self.resolve(path)
            body = local.read_bytes() if local else b'{"partial": tru'
            return 200, {"Content-Type": "application/json", "_declared_length": len(body)}, body[: len(body) // 2]
        if kind == "html":
            return 200, {"Content-Type": "text/html"}, b"<html><body>EDGAR is undergoing maintenance</body></html>"
        if kind == "slow":
            time.sleep(self.faults.slow_seconds)
            return self._respond_plain(path)
        if kind == "gzip-truncated":
            status, headers, body = self._respond_plain(path)
            packed = gzip.compress(body, mtime=0)
            return status, {**headers, "Content-Encoding": "gzip"}, packed[: max(1, len(packed) // 2)]
        if kind == "gzip-garbage":
            return 200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, b"this is not gzip at all"
        return 500, {}, b""

    def _respond_plain(self, path: str) -> tuple[int, dict, bytes]:
        local = self.resolve(path)
        if local is None:
            return 404, {"Content-Type": "text/plain"}, b"Not Found"
        return (
            200,
            {"Content-Type": CONTENT_TYPES.get(local.suffix.lower(), "application/octet-stream")},
            local.read_bytes(),
        )


def main(argv: list[str] | None = None) -> int:
    """``python tests/helpers/mirror.py [--port N] [--corpus DIR] [--gzip]``: serve the corpus until Ctrl-C."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(description="Serve the recorded SEC corpus on loopback for EDGAR_MIRROR.")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (default: any free port)")
    parser.add_argument("--corpus", default=None, help=f"corpus directory (default: $EDGAR_CORPUS or {DEFAULT_CORPUS})")
    parser.add_argument("--gzip", action="store_true", help="compress answers as www.sec.gov does")
    args = parser.parse_args(argv)
    corpus = Path(args.corpus) if args.corpus else corpus_dir()
    if not (corpus / "MANIFEST.tsv").is_file():
        print(
            f"mirror: no SEC corpus at {corpus} (no MANIFEST.tsv). It is the recorded SEC responses kept beside "
            "the repository in ../shared/sec-corpus; pass --corpus DIR or set EDGAR_CORPUS.",
            file=sys.stderr,
        )
        return 2
    try:
        srv = MirrorServer(corpus, gzip=args.gzip, port=args.port).start()
    except OSError as exc:
        print(f"mirror: cannot listen on 127.0.0.1:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    print(srv.url, flush=True)
    print(f"mirror: serving {corpus}; export EDGAR_MIRROR={srv.url}; Ctrl-C to stop", file=sys.stderr, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        srv.stop()
    return 0


if __name__ == "__main__":  # pragma: no cover - manual use: python tests/helpers/mirror.py
    raise SystemExit(main())

"""Shared by the reliability tests and benchmarks/reliability.py: the capability registry,
valid and hostile arguments for each capability, the fault run and the cache audit.

The registry is every MCP tool (``edgar_cli.mcp.server.capabilities()``) plus any
capability-shaped function in ``edgar_cli/capabilities/`` (a public function with a
keyword-only ``client`` or ``store`` parameter that returns a pydantic model), so a capability
added by anyone is covered here without editing this file. Arguments are chosen by
parameter name and type; a capability with a required parameter this module cannot
fill is listed by :func:`uncovered` (a test fails on it, so the gap is seen).
"""

from __future__ import annotations

import atexit
import importlib
import inspect
import json
import marshal
import os
import pkgutil
import random
import re
import shutil
import tempfile
import time
import traceback
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel

UA = "edgar-cli reliability tests tests@example.com"
TRANSIENT = ("rate_limited", "upstream_unavailable")
# Codes a well-formed but wrong or hostile argument may legitimately end in.
INPUT_CODES = ("invalid_argument", "not_found", "ambiguous", "out_of_scope")

# The only URL shapes edgar may ever request (as mirror paths: /<host>/<path>?<query>).
SEC_PATHS = re.compile(
    r"^/(?:"
    r"data\.sec\.gov/submissions/CIK\d{10}(?:-submissions-\d{3})?\.json"
    r"|data\.sec\.gov/api/xbrl/companyfacts/CIK\d{10}\.json"
    r"|www\.sec\.gov/files/company_tickers(?:_exchange)?\.json"
    r"|www\.sec\.gov/Archives/edgar/data/\d{1,10}/\d{18}(?:/[A-Za-z0-9][A-Za-z0-9._-]*){1,2}"
    r"|www\.sec\.gov/Archives/edgar/data/\d{1,10}/\d{10}-\d{2}-\d{6}-index\.html?"
    r"|efts\.sec\.gov/LATEST/search-index\?[A-Za-z0-9%+._~=&-]*"
    r"|www\.sec\.gov/Archives/edgar/daily-index/(?:xbrl/companyfacts|bulkdata/submissions)\.zip"
    r")$"
)


# --- the registry ------------------------------------------------------------


def _is_capability(fn: Any, module: str) -> bool:
    if not inspect.isfunction(fn) or fn.__module__ != module or fn.__name__.startswith("_"):
        return False
    params = inspect.signature(fn).parameters
    injected = [params.get("client"), params.get("store")]  # the SEC client, the local index
    if not any(p is not None and p.kind is inspect.Parameter.KEYWORD_ONLY for p in injected):
        return False
    try:
        ret = typing.get_type_hints(fn).get("return")
    except Exception:
        return False
    return inspect.isclass(ret) and issubclass(ret, BaseModel)


def capabilities() -> list[Callable[..., Any]]:
    """The MCP tools first, then every other capability function found in edgar_cli.capabilities."""
    from edgar_cli import capabilities as pkg
    from edgar_cli.mcp.server import capabilities as mcp_capabilities

    found: dict[str, Callable[..., Any]] = {fn.__name__: fn for fn in mcp_capabilities()}
    for info in sorted(pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."), key=lambda m: m.name):
        module = importlib.import_module(info.name)
        for name, fn in sorted(vars(module).items()):
            if name not in found and _is_capability(fn, module.__name__):
                found[name] = fn
    return list(found.values())


@dataclass
class Param:
    name: str
    annotation: Any  # without Annotated
    description: str
    default: Any
    required: bool
    keyword_only: bool
    local_state: bool = False  # the capability writes a local index (it takes a ``store``)

    @property
    def optional(self) -> bool:
        return type(None) in typing.get_args(self.annotation)

    @property
    def base(self) -> Any:
        """The annotation without None: str, int, list[str], a Literal, ..."""
        args = [a for a in typing.get_args(self.annotation) if a is not type(None)]
        if typing.get_origin(self.annotation) in (typing.Union, types.UnionType) and len(args) == 1:
            return args[0]
        if typing.get_origin(self.annotation) in (typing.Union, types.UnionType):
            return args[0]
        return self.annotation

    @property
    def literals(self) -> tuple[Any, ...]:
        return typing.get_args(self.base) if typing.get_origin(self.base) is typing.Literal else ()

    @property
    def kind(self) -> str:
        """str, int, float, bool, list, literal or other."""
        if self.literals:
            return "literal"
        origin = typing.get_origin(self.base)
        if origin in (list, tuple):
            return "list"
        if self.base in (str, int, float, bool):
            return self.base.__name__
        return "other"


def writes_local_state(fn: Callable[..., Any]) -> bool:
    """Capabilities with a ``store`` parameter read or write the local index (EDGAR_INDEX)."""
    return "store" in inspect.signature(fn).parameters


def params(fn: Callable[..., Any]) -> list[Param]:
    hints = typing.get_type_hints(fn, include_extras=True)
    local = writes_local_state(fn)
    out = []
    for p in inspect.signature(fn).parameters.values():
        if p.name in ("client", "store", "progress"):  # injected by the surface, not a caller's argument
            continue
        hint = hints.get(p.name, p.annotation)
        description = ""
        if typing.get_origin(hint) is typing.Annotated:
            base, *extras = typing.get_args(hint)
            description = " ".join(str(getattr(e, "description", "") or "") for e in extras)
            hint = base
        out.append(
            Param(
                p.name,
                hint,
                description,
                None if p.default is p.empty else p.default,
                p.default is p.empty,
                p.kind is inspect.Parameter.KEYWORD_ONLY,
                local,
            )
        )
    return out


# --- valid arguments -----------------------------------------------------------

# Companies whose companyfacts and submissions are in the corpus (NVDA, AAPL, TSLA, SNOW).
COMPANIES = ["NVDA", "AAPL", "1318605", "Snowflake"]
# Accession numbers of filings in the corpus' submissions, by company (for accession parameters).
ACCESSIONS = {"NVDA": "0001045810-25-000023", "AAPL": "0000320193-24-000123"}  # NVDA FY2025 10-K, nvda-20250126.htm


def local_state_param(p: Param) -> bool:
    return p.local_state


def _is_company(p: Param) -> bool:
    return p.name in ("company", "ticker", "cik") or (p.name == "query" and "ticker" in p.description.lower())


def valid_values(p: Param) -> list[Any] | None:
    """Values for one parameter that make sense against the corpus; None if this module cannot tell."""
    name = p.name
    if _is_company(p):
        return list(COMPANIES) if p.required else [None, "NVDA"]
    if name == "companies" and p.kind == "list":
        if local_state_param(p):  # index_add: NVDA's latest 10-K is not in the corpus, so it is skipped fast
            return [["NVDA"]]
        return [["NVDA", "AAPL"], ["TSLA", "SNOW", "NVDA"]]
    if name == "years":  # index_add: fiscal years to index; each indexed 10-K costs a minute of CPU
        return [1]
    if name == "semantic":
        return [False]
    if name == "concept":
        return ["revenue", "net_income", "eps_diluted"]
    if name == "query":  # full-text search words; the corpus holds this one EFTS answer
        return ["climate change"]
    if name == "forms":
        return [["8-K"]] if p.kind == "list" else [p.default]
    if name == "accession_number":
        return [None] if not p.required else [ACCESSIONS["NVDA"]]
    if name in ("section", "item"):
        return ([p.default] if p.default else []) + ["mda", "Item 1A"]
    if name == "answer":  # verify_answer: NVIDIA's FY2024 revenue, 60,922,000,000 (0001045810-24-000029)
        return ["NVIDIA's fiscal 2024 revenue was $60.9 billion."]
    if name == "cite":
        return [None, ["0001045810-24-000029"]]  # NVDA FY2024 10-K
    if name == "file":  # a path on disk: never part of a valid network call
        return [None]
    if p.literals:
        return list(p.literals)
    if not p.required:
        return [p.default]
    # A required parameter of a capability this module does not know yet: a plausible value by type,
    # so the capability is still run under faults and hostile input (its answer may be an error).
    fallback = {"str": ["NVDA"], "int": [2024], "float": [1.0], "bool": [True], "list": [["NVDA"]]}
    return fallback.get(p.kind)


def sample_calls(fn: Callable[..., Any]) -> list[dict[str, Any]]:
    """A handful of coherent valid calls: the first value of every parameter, then one parameter varied."""
    ps = params(fn)
    pools = {p.name: valid_values(p) for p in ps}
    if any(pool is None for pool in pools.values()):
        return []
    base = {p.name: pools[p.name][0] for p in ps if p.required or pools[p.name][0] != p.default}
    company = next((p for p in ps if _is_company(p) and not p.required), None)
    if company is not None and not any(p.required for p in ps):  # e.g. get_filing_section: name the company
        base[company.name] = "NVDA"
    calls = [dict(base)]
    for p in ps:
        for value in pools[p.name][1:]:
            call = dict(base)
            call[p.name] = value
            if call not in calls:
                calls.append(call)
    # Special pairs that must agree: search_full_text finds the corpus' answer only with forms=8-K.
    if {"query", "forms"} <= set(pools) and not _is_company(next(p for p in ps if p.name == "query")):
        calls = [c for c in calls if c.get("forms") == ["8-K"]] or calls
    if "accession_number" in pools:  # the same calls on a filing the corpus holds
        for c in list(calls):
            if c.get("company") in (None, "NVDA") and "company" in pools:
                with_accession = {**c, "company": "NVDA", "accession_number": ACCESSIONS["NVDA"]}
                if with_accession not in calls:
                    calls.append(with_accession)
    return calls


def uncovered() -> list[str]:
    """Capabilities with a required parameter this module cannot fill (so not exercised)."""
    return [fn.__name__ for fn in capabilities() if not sample_calls(fn)]


# --- hostile arguments -------------------------------------------------------------

MEGA = "A" * 1_000_000
TRAVERSAL = [
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "0001045810-24-000029/../../../../etc/passwd",
    "/etc/passwd",
    "....//....//etc/passwd",
    "0001045810-24-000029%00.htm",
    "C:\\Windows\\win.ini",
]
SMUGGLED = [
    "https://evil.example.com/x.json",
    "http://127.0.0.1:1/",
    "//evil.example.com/a",
    "evil.example.com",
    "NVDA@evil.example.com",
    "http://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
    "https://data.sec.gov.evil.example.com/",
    "NVDA?q=1&host=evil.example.com",
    "NVDA#@evil.example.com",
    "gopher://evil.example.com:70/_x",
    "\\\\evil.example.com\\share",
]
CONTROL = [
    "\x00",
    "NVDA\x00",
    "\x1b[31mNVDA\x1b[0m",
    "NV\nDA",
    "\r\n\r\nGET / HTTP/1.1",
    "\u202eADVN",
    "\ufeffNVDA",
    "NVDA\u0000\u0007\u0008",
    "\ud7ff",
    "😀" * 50,
]
FTS_SYNTAX = [
    '"',
    '""',
    '"unclosed',
    "a AND b OR NOT c",
    "*",
    "?",
    "~",
    "climate~2",
    "(a OR b",
    "a) AND (b",
    "[0 TO 9]",
    "{a}",
    "title:x",
    "\\",
    '+-&&||!(){}[]^"~*?:\\/',
    "%",
    "%25%22",
    "q=1&forms=10-K",
    "climate change&from=900000",
    "<script>alert(1)</script>",
    "'; DROP TABLE sec_requests; --",
]
LONG = [MEGA, "NVDA " * 200_000, "x" * 201, "a" * 501]
BAD_DATES = [
    "2024-13-45",
    "2024-02-30",
    "0000-00-00",
    "1800-01-01",
    "1969-12-31",
    "9999-12-31",
    "2024/01/01",
    "yesterday",
    "2024-1-1",
    "20240101",
    "-2024-01-01",
    "2024-01-01T00:00:00",
    " ",
    "1e10",
]
BAD_INTS = [-1, 0, -(2**63), 2**63, 10**30, 999_999_999]
UNKNOWN = [
    "revnue",
    "not_a_concept",
    "us-gaap:NoSuchTag",
    "ifrs-full:Revenue",
    "dei:",
    ":",
    "us-gaap:",
    "10-X",
    "8-K/A/A",
    "FORM 99",
    "S-1/A",
    "NT 10-K/A",
]


def hostile_values(p: Param) -> list[Any]:
    """Bad values of the parameter's own type (the CLI and MCP check types before a capability runs;
    what gets through them is any string, any integer, any list of strings)."""
    strings = TRAVERSAL + SMUGGLED + CONTROL + FTS_SYNTAX + LONG + UNKNOWN + ["", "   "]
    if p.kind in ("str", "literal"):  # a Literal arrives as whatever string the caller sent
        out = list(strings)
        if any(w in p.name for w in ("date", "since", "until", "from", "to")) or "YYYY" in p.description:
            out += BAD_DATES
        return out
    if p.kind == "int":
        return list(BAD_INTS)
    if p.kind == "float":
        return [float("nan"), float("inf"), -float("inf"), -1e308, 1e308, 0.0]
    if p.kind == "list":
        return [[], [""], [MEGA], TRAVERSAL, SMUGGLED, CONTROL, FTS_SYNTAX, ["NVDA"] * 100, ["NVDA", "NVDA"]]
    return []


def hostile_calls(fn: Callable[..., Any]) -> list[tuple[str, dict[str, Any]]]:
    """(label, kwargs): the first valid call with one parameter replaced by a hostile value."""
    calls = sample_calls(fn)
    if not calls:
        return []
    base = calls[0]
    out = []
    for p in params(fn):
        for value in hostile_values(p):
            label = f"{fn.__name__}({p.name}={_short(value)})"
            out.append((label, {**base, p.name: value}))
    return out


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...({len(text)} chars)"


# --- calling and classifying -----------------------------------------------------------


@dataclass
class Outcome:
    kind: str  # "ok", "error" (an EdgarError), "crash" (anything else)
    value: Any = None  # the JSON dump, the error dict, or the traceback text
    code: str | None = None


_INDEX_DIR: Path | None = None


def fresh_index() -> Path:
    """An empty local index for one call (never the user's own), at one path per process so that
    results naming the index path compare equal."""
    global _INDEX_DIR
    if _INDEX_DIR is None:
        _INDEX_DIR = Path(tempfile.mkdtemp(prefix="edgar-reliability-index-"))
        atexit.register(shutil.rmtree, _INDEX_DIR, True)
    for old in _INDEX_DIR.glob("index.sqlite*"):
        old.unlink()
    return _INDEX_DIR / "index.sqlite"


def call(fn: Callable[..., Any], kwargs: dict[str, Any], client: Any) -> Outcome:
    """Call a capability; one that keeps a local index gets a fresh, empty one (same answer in any order)."""
    if writes_local_state(fn):
        saved = os.environ.get("EDGAR_INDEX")
        os.environ["EDGAR_INDEX"] = str(fresh_index())
        try:
            return _call(fn, kwargs, client)
        finally:
            if saved is None:
                os.environ.pop("EDGAR_INDEX", None)
            else:
                os.environ["EDGAR_INDEX"] = saved
    return _call(fn, kwargs, client)


def _call(fn: Callable[..., Any], kwargs: dict[str, Any], client: Any) -> Outcome:
    from edgar_cli.errors import EdgarError

    try:
        if "client" in inspect.signature(fn).parameters:
            result = fn(**kwargs, client=client)
        else:
            result = fn(**kwargs)
    except EdgarError as exc:
        return Outcome("error", exc.to_dict(), exc.code)
    except Exception:
        return Outcome("crash", traceback.format_exc())
    if not isinstance(result, BaseModel):
        return Outcome("crash", f"{fn.__name__} returned {type(result).__name__}, not a pydantic model")
    try:
        return Outcome("ok", without_source(json.loads(result.model_dump_json())))
    except Exception:
        return Outcome("crash", traceback.format_exc())


def without_source(dump: Any) -> Any:
    """A result without its data_source fields: which source answered (live or cache) may differ between runs."""
    if isinstance(dump, dict):
        return {k: without_source(v) for k, v in dump.items() if k != "data_source"}
    if isinstance(dump, list):
        return [without_source(v) for v in dump]
    return dump


def transient_errors_inside(dump: Any) -> bool:
    """True when a result itself declares a rate_limited/upstream_unavailable failure (a declared partial answer)."""
    text = json.dumps(dump)
    return any(f'"{code}"' in text for code in TRANSIENT)


# --- the fault run ------------------------------------------------------------


@dataclass
class FaultReport:
    calls: int = 0
    identical: int = 0
    structured_errors: int = 0
    declared_partial: int = 0  # a result that names the transient failure it suffered
    mismatches: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    requests: int = 0
    faults: dict[str, int] = field(default_factory=dict)
    cache_dirs: list[Path] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)


def make_client(mirror_url: str, cache_dir: Path, **kw: Any):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    settings = Settings(user_agent=UA, mirror=mirror_url, cache_dir=cache_dir, **kw)
    return SecClient(settings, warn=lambda _msg: None)


def workload() -> list[tuple[Callable[..., Any], dict[str, Any]]]:
    return [(fn, kwargs) for fn in capabilities() for kwargs in sample_calls(fn)]


def baseline(mirror_url: str, cache_dir: Path, calls=None) -> dict[int, Outcome]:
    """Every workload call once, fault-free, on one cold cache."""
    calls = calls if calls is not None else workload()
    client = make_client(mirror_url, cache_dir)
    try:
        return {i: call(fn, kw, client) for i, (fn, kw) in enumerate(calls)}
    finally:
        client.close()


def fault_run(
    mirror, clean: dict[int, Outcome], cache_root: Path, rounds: int, seed: int = 11, calls=None
) -> FaultReport:
    """``rounds`` passes over the workload against a faulty mirror, each on a cold cache directory.

    Each call must end with the fault-free answer, or a rate_limited/upstream_unavailable error,
    or a result that itself declares such a failure; anything else is a mismatch or a traceback.
    """
    calls = calls if calls is not None else workload()
    rng = random.Random(seed)
    report = FaultReport()
    before = len(mirror.log)
    for r in range(rounds):
        cache_dir = cache_root / f"round-{r:03d}"
        report.cache_dirs.append(cache_dir)
        client = make_client(mirror.url, cache_dir, use_cache=(r % 5 != 4))  # every fifth round: --no-cache
        order = list(range(len(calls)))
        rng.shuffle(order)
        try:
            for i in order:
                fn, kwargs = calls[i]
                started = time.perf_counter()
                got = call(fn, kwargs, client)
                label = f"{fn.__name__}({kwargs})"
                report.slowest = max(report.slowest, (time.perf_counter() - started, label))
                want = clean[i]
                report.calls += 1
                if got.kind == "crash":
                    report.tracebacks.append(f"{label}:\n{got.value}")
                elif got.kind == "error" and got.code in TRANSIENT and want.code not in TRANSIENT:
                    report.structured_errors += 1
                    report.codes[got.code] = report.codes.get(got.code, 0) + 1
                elif got.kind == want.kind and (got.value == want.value if got.kind == "ok" else got.code == want.code):
                    report.identical += 1
                elif got.kind == "ok" and want.kind == "ok" and transient_errors_inside(got.value):
                    report.declared_partial += 1
                else:
                    report.mismatches.append(
                        f"{label}: got {got.kind} {got.code or ''} "
                        f"{_diff(got.value, want.value)} (fault-free: {want.kind} {want.code or ''})"
                    )
        finally:
            client.close()
    report.requests = len(mirror.log) - before
    report.faults = dict(mirror.faults.injected)
    return report


def _diff(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _diff(a.get(k), b.get(k), f"{path}.{k}")
        return ""
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    return f"at {path or '<root>'}: {_short(a)} != {_short(b)}"


# --- the cache audit ------------------------------------------------------------


@dataclass
class CacheAudit:
    checked: int = 0
    bad: list[str] = field(default_factory=list)


def cache_entries(cache_dir: Path) -> dict[str, bytes | None]:
    """key -> verified payload (None when the entry fails its checksum or cannot be read)."""
    from edgar_cli.sec.cache import DiskCache

    if not (cache_dir / "http").exists():
        return {}
    import diskcache

    store = diskcache.Cache(str(cache_dir / "http"))
    try:
        keys = [str(k) for k in store.iterkeys()]
    finally:
        store.close()
    cache = DiskCache(cache_dir, warn=lambda _m: None)
    try:
        out = {}
        for key in keys:
            entry = cache.get(key)
            out[key] = entry.payload if entry is not None else None
        return out
    finally:
        cache.close()


def corpus_bytes(mirror, url: str) -> bytes | None:
    parts = urlsplit(url)
    local = mirror.resolve(f"/{parts.hostname}{parts.path}" + (f"?{parts.query}" if parts.query else ""))
    return local.read_bytes() if local is not None else None


def audit_cache(mirror, cache_dirs: list[Path], reference: dict[str, bytes | None]) -> CacheAudit:
    """Every entry verifies its checksum; raw responses (``kind:https://...``) equal the corpus bytes and
    JSON ones parse; derived entries (parsed companyfacts, the compact ticker map, parsed documents) are
    byte-identical to those a fault-free run built (``reference``)."""
    audit = CacheAudit()
    for cache_dir in cache_dirs:
        for key, payload in cache_entries(cache_dir).items():
            audit.checked += 1
            where = f"{cache_dir.name}:{key}"
            if payload is None:
                audit.bad.append(f"{where}: fails its checksum or cannot be read")
                continue
            kind, _, rest = key.partition(":")
            if kind == "missing":  # a remembered 404: the corpus must indeed not hold it
                if payload != b"" or corpus_bytes(mirror, rest) is not None:
                    audit.bad.append(f"{where}: remembered as missing, but the corpus holds it")
                continue
            if rest.startswith("https://"):
                expected = corpus_bytes(mirror, rest)
                if expected is None:
                    audit.bad.append(f"{where}: cached, but the corpus has no such document")
                elif payload != expected:
                    audit.bad.append(f"{where}: {len(payload)} bytes differ from the corpus' {len(expected)}")
                elif rest.endswith(".json") or kind in ("efts", "submissions", "companyfacts", "tickers"):
                    try:
                        json.loads(payload)
                    except ValueError:
                        audit.bad.append(f"{where}: not JSON")
                continue
            if key not in reference:
                audit.bad.append(f"{where}: a derived entry the fault-free run never made")
            elif reference[key] is None or _decoded(reference[key]) != _decoded(payload):
                audit.bad.append(f"{where}: differs from the fault-free run's entry")
    return audit


def _decoded(payload: bytes) -> Any:
    """A derived entry's value: marshal output differs between processes for equal values (it
    records shared references by refcount), so equal entries are compared decoded when they can be."""
    for decode in (marshal.loads, json.loads):
        try:
            return decode(payload)
        except Exception:
            continue
    return payload


def max_in_one_second(times: list[float]) -> int:
    """The most requests in any one-second window [t, t+1)."""
    ts = sorted(times)
    best = j = 0
    for i, t in enumerate(ts):
        while ts[j] <= t - 1.0:
            j += 1
        best = max(best, i - j + 1)
    return best

"""Deterministic evals: call each gold question's capability against the corpus mirror and score it.

    python evals/run_tools.py [--gold evals/gold.yaml] [--category lookup] [--id ID ...]
                              [--json results.json] [--corpus PATH] [--no-corpus-check]

For every question in the gold file the runner calls the capability named in
``call`` (the plain Python function, no CLI or MCP in between) with the
arguments written there, against ``tests/helpers/mirror.py``'s MirrorServer over
../shared/sec-corpus, with today pinned to 2026-07-01 and a fresh cache
directory. It then applies the question's ``checks`` (values, flags such as
``comparable`` or ``restated``, error codes) to the result, checks that the
outcome matches ``expected_behaviour`` (answer and disclose_restatement need a
result; refuse and clarify an error with ``expected.error_code``), and re-reads
the raw corpus rows named in ``corpus`` to confirm each expected figure is in
the SEC's own JSON.

Prints one table per category and a total; exits 1 when a question fails,
2 when the gold file itself is malformed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLD = Path(__file__).resolve().parent / "gold.yaml"
sys.path.insert(0, str(ROOT / "tests" / "helpers"))  # mirror.py

PINNED_TODAY = "2026-07-01"
EVAL_UA = "edgar-cli evals evals@example.com"

CATEGORIES = ("lookup", "comparison", "ambiguous", "refusal", "restatement", "section", "search")
BEHAVIOURS = ("answer", "clarify", "refuse", "disclose_restatement")
ERROR_BEHAVIOURS = ("clarify", "refuse")

# Capability name -> "module:function". Modules are imported when first used, so a capability
# still being built (sections) only matters to the questions that call it.
FUNCTIONS: dict[str, str] = {
    "resolve_company": "edgar_cli.capabilities.resolve.resolve:resolve_company",
    "get_financial_concept": "edgar_cli.capabilities.concept.concept:get_financial_concept",
    "compare_companies": "edgar_cli.capabilities.compare.compare:compare_companies",
    "list_filings": "edgar_cli.capabilities.filings.filings:list_filings",
    "find_filing": "edgar_cli.capabilities.filings.filings:find_filing",
    "search_full_text": "edgar_cli.capabilities.search.search:search_full_text",
    "get_filing_section": "edgar_cli.capabilities.section.section:get_filing_section",
    "get_financial_series": "edgar_cli.capabilities.statement.statement:get_financial_series",
    "get_financial_statement": "edgar_cli.capabilities.statement.statement:get_financial_statement",
}
OPERATORS = ("equals", "approx", "between", "contains", "not_contains", "length", "min_length", "is_null")


# --- the gold file -----------------------------------------------------------------------------


def load_yaml_list(path: Path, what: str) -> list[dict[str, Any]]:
    """The YAML file at PATH, which must be a list (of WHAT, for the TypeError that says it is not)."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise TypeError(f"{path}: expected a list of {what}")
    return data


def load_gold(path: Path = GOLD) -> list[dict[str, Any]]:
    return load_yaml_list(path, "questions")


def validate_gold(questions: list[dict[str, Any]]) -> list[str]:
    """Problems with the gold file itself (not with edgar): missing fields, unknown names."""
    problems: list[str] = []
    seen: set[str] = set()
    for i, q in enumerate(questions):
        qid = q.get("id") or f"#{i}"
        for key in ("id", "question", "category", "expected_behaviour", "notes", "call", "checks"):
            if not q.get(key) and q.get(key) != []:
                problems.append(f"{qid}: missing {key}")
        if qid in seen:
            problems.append(f"{qid}: duplicate id")
        seen.add(qid)
        if q.get("category") not in CATEGORIES:
            problems.append(f"{qid}: unknown category {q.get('category')!r}")
        if q.get("expected_behaviour") not in BEHAVIOURS:
            problems.append(f"{qid}: unknown expected_behaviour {q.get('expected_behaviour')!r}")
        call = q.get("call") or {}
        if call.get("function") not in FUNCTIONS:
            problems.append(f"{qid}: unknown function {call.get('function')!r}")
        if not isinstance(call.get("args", {}), dict):
            problems.append(f"{qid}: call.args must be a mapping")
        checks = q.get("checks") or []
        if not checks:
            problems.append(f"{qid}: no checks")
        for c in checks:
            if "error" in c:
                continue
            if "path" not in c or not any(op in c for op in OPERATORS):
                problems.append(f"{qid}: check {c!r} needs a path and one of {', '.join(OPERATORS)}")
        expected = q.get("expected") or {}
        if q.get("expected_behaviour") in ERROR_BEHAVIOURS and not expected.get("error_code"):
            problems.append(f"{qid}: a {q.get('expected_behaviour')} question needs expected.error_code")
    return problems


# --- the environment: corpus mirror, pinned date, isolated cache -------------------------------


@contextmanager
def corpus_environment(corpus: Path | None = None, today: str = PINNED_TODAY) -> Iterator[Any]:
    """Start the corpus mirror and point a fresh edgar client at it; restore everything after."""
    from mirror import MirrorServer, corpus_dir

    corpus = Path(corpus or corpus_dir())
    if not (corpus / "MANIFEST.tsv").is_file():
        raise SystemExit(f"SEC corpus not found at {corpus} (set EDGAR_CORPUS)")
    import stamina

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient, set_client

    saved = {
        k: os.environ.get(k)
        for k in (
            "EDGAR_MIRROR",
            "EDGAR_TODAY",
            "EDGAR_CACHE_DIR",
            "EDGAR_CONFIG_DIR",
            "SEC_USER_AGENT",
            "EDGAR_NONINTERACTIVE",
            "EDGAR_NO_CACHE",
            "EDGAR_DEBUG",
        )
    }
    with tempfile.TemporaryDirectory(prefix="edgar-evals-") as tmp, MirrorServer(corpus) as srv:
        os.environ.update(
            EDGAR_MIRROR=srv.url,
            EDGAR_TODAY=today,
            EDGAR_CACHE_DIR=str(Path(tmp) / "cache"),
            EDGAR_CONFIG_DIR=str(Path(tmp) / "config"),
            SEC_USER_AGENT=EVAL_UA,
            EDGAR_NONINTERACTIVE="1",
        )
        for k in ("EDGAR_NO_CACHE", "EDGAR_DEBUG"):
            os.environ.pop(k, None)
        stamina.set_testing(True, attempts=2)  # the mirror never needs a real back-off
        set_client(SecClient(Settings.from_env()))
        try:
            yield srv
        finally:
            set_client(None)
            stamina.set_testing(False)
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def serve_fixtures(srv: Any, question: dict[str, Any]) -> None:
    """Queue the hand-written EFTS responses a question names (consumed by one request each)."""
    for item in question.get("serve") or []:
        body = (ROOT / item["fixture"]).read_bytes()
        srv.script(
            f"/efts.sec.gov/LATEST/search-index?{item['query_string']}",
            (200, {"Content-Type": "application/json"}, body),
        )


def capability(name: str) -> Callable[..., Any]:
    module, func = FUNCTIONS[name].split(":")
    return getattr(importlib.import_module(module), func)


# --- calling and checking ----------------------------------------------------------------------


@dataclass
class Outcome:
    payload: Any = None  # model_dump(mode="json") of the result, or {"error": {...}}
    error_code: str | None = None
    crashed: str | None = None  # an exception that is not an EdgarError: always a failure
    seconds: float = 0.0


def call_capability(call: dict[str, Any]) -> Outcome:
    from edgar_cli.errors import EdgarError

    started = time.perf_counter()
    try:
        fn = capability(call["function"])
        result = fn(**(call.get("args") or {}))
        payload = result.model_dump(mode="json") if hasattr(result, "model_dump") else result
        return Outcome(payload=payload, seconds=time.perf_counter() - started)
    except EdgarError as exc:
        return Outcome(payload=exc.to_dict(), error_code=exc.code, seconds=time.perf_counter() - started)
    except Exception as exc:  # noqa: BLE001 - a traceback is exactly what the eval must report
        return Outcome(crashed=f"{type(exc).__name__}: {exc}", seconds=time.perf_counter() - started)


class PathError(LookupError):
    pass


_STEP = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")
_MISSING = object()


def _steps(path: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _STEP.finditer(path):
        if m.start() != pos and path[pos : m.start()] != ".":
            raise PathError(f"bad path {path!r}")
        pos = m.end()
        out.append(("key", m.group(1)) if m.group(1) is not None else ("sel", m.group(2)))
    if pos != len(path):
        raise PathError(f"bad path {path!r}")
    return out


def resolve_path(obj: Any, path: str) -> Any:
    """``values[0].value``, ``rows[cik=0000320193].end``, ``error.candidates[*].name``."""
    return _walk(obj, _steps(path), path)


def _walk(obj: Any, steps: list[tuple[str, str]], path: str) -> Any:
    if not steps:
        return obj
    (kind, token), rest = steps[0], steps[1:]
    if kind == "key":
        if not isinstance(obj, dict) or token not in obj:
            raise PathError(f"{path}: no field {token!r}")
        return _walk(obj[token], rest, path)
    if not isinstance(obj, list):
        raise PathError(f"{path}: [{token}] applied to a non-list")
    if token == "*":
        return [_walk(item, rest, path) for item in obj]
    if re.fullmatch(r"-?\d+", token):
        idx = int(token)
        if not -len(obj) <= idx < len(obj):
            raise PathError(f"{path}: index {idx} out of range (length {len(obj)})")
        return _walk(obj[idx], rest, path)
    if "=" in token:
        key, want = token.split("=", 1)
        for item in obj:
            if isinstance(item, dict) and _scalar_text(item.get(key, _MISSING)) == want:
                return _walk(item, rest, path)
        raise PathError(f"{path}: no element with {key}={want}")
    raise PathError(f"{path}: bad selector [{token}]")


def _scalar_text(value: Any) -> str | None:
    if value is _MISSING or value is None:
        return None
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def normalize(value: Any) -> Any:
    """YAML dates become ISO strings, like the JSON dump of a result."""
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    return value


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (isinstance(a, bool) and isinstance(b, bool) and a == b)
    return a == b


def _contains(actual: Any, want: Any) -> bool:
    if isinstance(actual, str):
        return isinstance(want, str) and want in actual
    if isinstance(actual, list):
        return any(
            _same(item, want) or (isinstance(item, str) and isinstance(want, str) and want in item) for item in actual
        )
    return False


def apply_check(check: dict[str, Any], outcome: Outcome) -> tuple[bool, str]:
    """One check -> (passed, what was found)."""
    if "error" in check:
        want = check["error"]
        return outcome.error_code == want, f"error {outcome.error_code or 'none'} (want {want})"
    path = check["path"]
    try:
        actual = resolve_path(outcome.payload, path)
    except PathError as exc:
        return False, str(exc)
    shown = json.dumps(actual, default=str)
    if len(shown) > 120:
        shown = shown[:117] + "..."
    if "equals" in check:
        want = normalize(check["equals"])
        ok = _same(actual, want) if not isinstance(want, list) else actual == want
        return ok, f"{path} = {shown} (want {json.dumps(want, default=str)})"
    if "approx" in check:
        want = float(check["approx"])
        rel = float(check.get("rel", 1e-9))
        ok = isinstance(actual, (int, float)) and abs(actual - want) <= rel * max(abs(want), 1e-12)
        return ok, f"{path} = {shown} (want {want} ± {rel:.0e})"
    if "between" in check:
        low, high = check["between"]
        ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and low <= actual <= high
        return ok, f"{path} = {shown} (want {low} to {high})"
    if "contains" in check:
        want = normalize(check["contains"])
        return _contains(actual, want), f"{path} = {shown} (want it to contain {want!r})"
    if "not_contains" in check:
        want = normalize(check["not_contains"])
        return not _contains(actual, want), f"{path} = {shown} (must not contain {want!r})"
    if "length" in check:
        n = len(actual) if hasattr(actual, "__len__") else None
        return n == check["length"], f"len({path}) = {n} (want {check['length']})"
    if "min_length" in check:
        n = len(actual) if hasattr(actual, "__len__") else None
        return n is not None and n >= check["min_length"], f"len({path}) = {n} (want >= {check['min_length']})"
    if "is_null" in check:
        return (actual is None) == bool(
            check["is_null"]
        ), f"{path} = {shown} (want {'null' if check['is_null'] else 'a value'})"
    return False, f"unknown check {check!r}"


def behaviour_check(question: dict[str, Any], outcome: Outcome) -> tuple[bool, str]:
    """answer/disclose_restatement need a result; refuse/clarify need the expected error code."""
    behaviour = question["expected_behaviour"]
    want = (question.get("expected") or {}).get("error_code")
    if behaviour in ERROR_BEHAVIOURS:
        return outcome.error_code == want, f"{behaviour}: error {outcome.error_code or 'none'} (want {want})"
    return outcome.error_code is None, f"{behaviour}: " + (
        "a result"
        if outcome.error_code is None
        else f"error {outcome.error_code}: " + str((outcome.payload or {}).get("error", {}).get("message", ""))[:100]
    )


# --- the raw corpus ----------------------------------------------------------------------------


class Corpus:
    """The SEC's own JSON, read straight from the corpus directory (no edgar code involved)."""

    def __init__(self, root: Path):
        self.root = root
        self._facts: dict[int, dict] = {}
        self._subs: dict[int, list[dict]] = {}

    def facts(self, cik: int) -> dict:
        if cik not in self._facts:
            path = self.root / "data.sec.gov/api/xbrl/companyfacts" / f"CIK{cik:010d}.json"
            self._facts[cik] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        return self._facts[cik]

    def filings(self, cik: int) -> list[dict]:
        if cik not in self._subs:
            rows: list[dict] = []
            base = self.root / "data.sec.gov/submissions"
            main = base / f"CIK{cik:010d}.json"
            if main.is_file():
                data = json.loads(main.read_text(encoding="utf-8"))
                blocks = [data.get("filings", {}).get("recent", {})]
                for page in data.get("filings", {}).get("files", []):
                    p = base / page["name"]
                    if p.is_file():
                        blocks.append(json.loads(p.read_text(encoding="utf-8")))
                for block in blocks:
                    cols = {k: v for k, v in block.items() if isinstance(v, list)}
                    n = len(cols.get("accessionNumber", []))
                    rows.extend({k: v[i] for k, v in cols.items() if i < len(v)} for i in range(n))
            self._subs[cik] = rows
        return self._subs[cik]

    def check(self, entry: dict[str, Any]) -> tuple[bool, str]:
        entry = normalize(entry)
        if "companyfacts" in entry:
            cik = int(entry["companyfacts"])
            taxonomy, tag = entry["tag"].split(":", 1)
            body = self.facts(cik).get("facts", {}).get(taxonomy, {}).get(tag)
            label = f"CIK{cik:010d} {entry['tag']} {entry['unit']} {entry.get('start') or ''}..{entry['end']}"
            if body is None:
                return False, f"{label}: tag not in companyfacts"
            for row in body.get("units", {}).get(entry["unit"], []):
                if (
                    row.get("end") == entry["end"]
                    and row.get("start") == entry.get("start")
                    and row.get("val") == entry["val"]
                    and ("accn" not in entry or row.get("accn") == entry["accn"])
                ):
                    return True, f"{label} = {entry['val']} in {row.get('accn')}"
            return False, f"{label}: no row with value {entry['val']}" + (
                f" in {entry['accn']}" if "accn" in entry else ""
            )
        if "submissions" in entry:
            cik = int(entry["submissions"])
            for row in self.filings(cik):
                if row.get("accessionNumber") == entry["accn"]:
                    want = {
                        "form": entry.get("form"),
                        "reportDate": entry.get("report_date"),
                        "filingDate": entry.get("filing_date"),
                    }
                    bad = [f"{k}={row.get(k)!r} (want {v!r})" for k, v in want.items() if v and row.get(k) != v]
                    return (not bad), f"{entry['accn']}: " + (", ".join(bad) if bad else "as expected")
            return False, f"{entry['accn']}: not in CIK{cik:010d} submissions"
        return False, f"unknown corpus entry {entry!r}"


# --- running ----------------------------------------------------------------------------------


@dataclass
class QuestionResult:
    id: str
    category: str
    behaviour: str
    passed: bool
    seconds: float
    failures: list[str] = field(default_factory=list)
    checks_run: int = 0


@contextmanager
def checked_later(srv: Any, question: dict[str, Any]) -> Iterator[None]:
    """A question's ``later`` (issue 35, item 1): its call is made once to fill the cache, then again ``days``
    later through a new client while the mirror answers ``path`` with ``status`` (each of ``times`` requests), so
    the check for newer filings fails; the date, the client and the mirror are restored after."""
    later = question.get("later")
    if not later:
        yield
        return
    from datetime import date, timedelta

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient, get_client, set_client

    call_capability(question["call"])
    saved_today, saved_client = os.environ.get("EDGAR_TODAY") or PINNED_TODAY, get_client()
    body = str(later.get("body", "")).encode()
    srv.script(later["path"], *[(int(later["status"]), {}, body)] * int(later.get("times", 4)))
    os.environ["EDGAR_TODAY"] = (date.fromisoformat(saved_today) + timedelta(days=int(later["days"]))).isoformat()
    set_client(SecClient(Settings.from_env()))
    try:
        yield
    finally:
        srv.scripted.pop(later["path"], None)
        os.environ["EDGAR_TODAY"] = saved_today
        set_client(saved_client)


def run_question(question: dict[str, Any], srv: Any, corpus: Corpus | None) -> QuestionResult:
    serve_fixtures(srv, question)
    with checked_later(srv, question):
        outcome = call_capability(question["call"])
    failures: list[str] = []
    n = 0
    if outcome.crashed:
        failures.append(f"crashed: {outcome.crashed}")
    else:
        ok, detail = behaviour_check(question, outcome)
        n += 1
        if not ok:
            failures.append(detail)
        for check in question.get("checks") or []:
            ok, detail = apply_check(check, outcome)
            n += 1
            if not ok:
                failures.append(detail)
    if corpus is not None:
        for entry in question.get("corpus") or []:
            ok, detail = corpus.check(entry)
            n += 1
            if not ok:
                failures.append(f"corpus: {detail}")
    return QuestionResult(
        question["id"], question["category"], question["expected_behaviour"], not failures, outcome.seconds, failures, n
    )


def run(
    questions: list[dict[str, Any]], corpus_path: Path | None = None, check_corpus: bool = True
) -> list[QuestionResult]:
    from mirror import corpus_dir

    root = Path(corpus_path or corpus_dir())
    corpus = Corpus(root) if check_corpus else None
    with corpus_environment(root) as srv:
        return [run_question(q, srv, corpus) for q in questions]


def render(results: list[QuestionResult], out: Any = None) -> None:
    """One table per category, then the totals by category and overall."""
    out = out or sys.stdout
    width = max((len(r.id) for r in results), default=10)
    for cat in CATEGORIES:
        rows = [r for r in results if r.category == cat]
        if not rows:
            continue
        print(f"\n{cat} ({sum(r.passed for r in rows)}/{len(rows)})", file=out)
        print(f"  {'id':<{width}}  {'behaviour':<20} {'result':<6} {'checks':>6} {'ms':>7}", file=out)
        for r in rows:
            print(
                f"  {r.id:<{width}}  {r.behaviour:<20} {'pass' if r.passed else 'FAIL':<6} {r.checks_run:>6} "
                f"{r.seconds * 1000:>7.0f}",
                file=out,
            )
            for f in r.failures:
                print(f"  {'':<{width}}    - {f}", file=out)
    print("\nsummary", file=out)
    for cat in CATEGORIES:
        rows = [r for r in results if r.category == cat]
        if rows:
            print(f"  {cat:<12} {sum(r.passed for r in rows):>3}/{len(rows):<3}", file=out)
    passed = sum(r.passed for r in results)
    print(f"  {'total':<12} {passed:>3}/{len(results):<3} ({100 * passed / max(len(results), 1):.0f}%)", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gold", type=Path, default=GOLD)
    ap.add_argument("--category", action="append", choices=CATEGORIES, help="only these categories")
    ap.add_argument("--id", action="append", dest="ids", help="only these question ids")
    ap.add_argument("--corpus", type=Path, help="the sec-corpus directory (default: ../shared/sec-corpus)")
    ap.add_argument("--no-corpus-check", action="store_true", help="skip re-reading the raw corpus rows")
    ap.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    args = ap.parse_args(argv)

    questions = load_gold(args.gold)
    problems = validate_gold(questions)
    if problems:
        print("gold file problems:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    if args.category:
        questions = [q for q in questions if q["category"] in args.category]
    if args.ids:
        questions = [q for q in questions if q["id"] in args.ids]
    if not questions:
        print("no questions selected", file=sys.stderr)
        return 2
    results = run(questions, args.corpus, check_corpus=not args.no_corpus_check)
    render(results)
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=2), encoding="utf-8")
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

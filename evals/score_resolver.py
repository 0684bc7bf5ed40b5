"""Resolver accuracy: run every labelled query of resolver_names.yaml through resolve_company and score it.

    python evals/score_resolver.py [--names evals/resolver_names.yaml] [--corpus PATH] [--json out.json]
                                   [--show-passes]

Each query is resolved against tests/helpers/mirror.py's MirrorServer over the corpus
(today pinned, fresh cache), through the plain capability function. An outcome
is correct when:

- ``cik: N``: the query resolves to CIK N;
- ``ambiguous: [N, ...]``: the error is ``ambiguous`` and every N is a candidate;
- ``not_a_current_ticker: true``: the error is ``not_found`` with ``not_a_current_ticker`` set;
- ``not_found: true``: the error is ``not_found`` and it offers no candidate as the company (companies that
  are merely spelled alike go in ``similar_names``; a query typed like a ticker is also flagged
  ``not_a_current_ticker``).

Prints accuracy per category, for all queries and for the held-out ones (not
marked ``dev``), then the misses; exits 1 when a query is missed that is not
marked ``known_miss`` (or a known miss passes: update the file), 2 when the
labelled file is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
NAMES = HERE / "resolver_names.yaml"
sys.path.insert(0, str(HERE))

CATEGORIES = (
    "large",
    "small",
    "prominence",
    "ambiguous",
    "bank",
    "fund",
    "ticker",
    "delisted_ticker",
    "delisted_name",
    "not_filer",
    "reorganised",
    "renamed",
)
EXPECTATIONS = ("cik", "ambiguous", "not_a_current_ticker", "not_found")


@dataclass
class Scored:
    query: str
    category: str
    dev: bool
    correct: bool
    expected: str
    got: str
    known_miss: str | None = None


def load(path: Path = NAMES) -> list[dict[str, Any]]:
    from run_tools import load_yaml_list

    return load_yaml_list(path, "labelled queries")


def validate(rows: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        q = row.get("query")
        where = f"#{i} {q!r}"
        if not isinstance(q, str) or not q:
            problems.append(f"{where}: no query")
        elif q in seen:
            problems.append(f"{where}: duplicate query")
        seen.add(str(q))
        if row.get("category") not in CATEGORIES:
            problems.append(f"{where}: unknown category {row.get('category')!r}")
        expect = row.get("expect")
        if not isinstance(expect, dict) or len(expect) != 1 or next(iter(expect)) not in EXPECTATIONS:
            problems.append(f"{where}: expect must be one of {', '.join(EXPECTATIONS)}")
        if not row.get("why"):
            problems.append(f"{where}: no why (what in the ticker file decides the label)")
    return problems


def _describe_outcome(result: Any, error: dict[str, Any] | None) -> str:
    if error is None:
        return f"cik {int(result.cik)} ({result.name}, {result.match_type})"
    cands = [int(c["cik"]) for c in error.get("candidates") or []]
    flag = " not_a_current_ticker" if error.get("not_a_current_ticker") else ""
    return f"{error['code']}{flag} candidates={cands[:6]}"


def judge(expect: dict[str, Any], result: Any, error: dict[str, Any] | None) -> bool:
    ((kind, want),) = expect.items()
    if kind == "cik":
        return error is None and int(result.cik) == int(want)
    if error is None:
        return False
    cands = {int(c["cik"]) for c in error.get("candidates") or []}
    if kind == "ambiguous":
        return error["code"] == "ambiguous" and set(want) <= cands
    if kind == "not_a_current_ticker":
        return error["code"] == "not_found" and error.get("not_a_current_ticker") is True
    return error["code"] == "not_found" and not cands


def score(rows: list[dict[str, Any]], corpus: Path | None = None) -> list[Scored]:
    from run_tools import corpus_environment

    from edgar_cli.capabilities.resolve.resolve import resolve_company
    from edgar_cli.errors import EdgarError

    out: list[Scored] = []
    with corpus_environment(corpus):
        for row in rows:
            result, error = None, None
            try:
                result = resolve_company(row["query"])
            except EdgarError as exc:
                error = exc.to_dict()["error"]
            ((kind, want),) = row["expect"].items()
            out.append(
                Scored(
                    query=row["query"],
                    category=row["category"],
                    dev=bool(row.get("dev")),
                    correct=judge(row["expect"], result, error),
                    expected=f"{kind} {want}",
                    got=_describe_outcome(result, error),
                    known_miss=row.get("known_miss"),
                )
            )
    return out


def table(results: list[Scored]) -> str:
    by: dict[str, list[Scored]] = defaultdict(list)
    for r in results:
        by[r.category].append(r)
    lines = ["| category | correct (all) | accuracy | correct (held out) | accuracy |", "|---|---|---|---|---|"]

    def row(name: str, rs: list[Scored]) -> str:
        held = [r for r in rs if not r.dev]
        ok, hok = sum(r.correct for r in rs), sum(r.correct for r in held)
        acc = f"{ok / len(rs):.1%}" if rs else "-"
        hacc = f"{hok / len(held):.1%}" if held else "-"
        return f"| {name} | {ok}/{len(rs)} | {acc} | {hok}/{len(held)} | {hacc} |"

    for cat in CATEGORIES:
        if by.get(cat):
            lines.append(row(cat, by[cat]))
    lines.append(row("**total**", results))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--names", type=Path, default=NAMES)
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--json", type=Path, default=None, help="write every outcome here")
    ap.add_argument("--show-passes", action="store_true")
    args = ap.parse_args(argv)
    rows = load(args.names)
    problems = validate(rows)
    if problems:
        print("\n".join(problems))
        return 2
    results = score(rows, args.corpus)
    print(table(results))
    missed = [r for r in results if not r.correct]
    for r in results if args.show_passes else missed:
        print(
            f"{'ok  ' if r.correct else 'MISS'} [{r.category}] {r.query!r}: want {r.expected}; got {r.got}"
            + (f" (known: {r.known_miss})" if r.known_miss and not r.correct else "")
        )
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1), encoding="utf-8")
    unexpected = [r for r in results if r.correct == bool(r.known_miss)]
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())

"""Score edgar's verify_answer on the verify claims (issue 32): is a false claim ever grounded?

    python evals/score_verify.py [--part dev|held_apart|held_apart_2|...|held_apart_10] [--check-only] [--id ID ...] [--pattern P ...] [--sample N]
                                 [--json results.json] [--corpus PATH] [--no-corpus-check]

``--part dev`` reads evals/verify_claims.yaml, ``--part held_apart`` evals/verify_claims_held_apart.yaml,
``--part held_apart_2`` evals/verify_claims_held_apart_2.yaml, ``--part held_apart_3`` to ``--part held_apart_10`` their
namesakes (all follow the schema in verify_claims.yaml's
header). Evidence rows are of three kinds: ``{companyfacts: CIK, tag, unit, start, end, val, accn, form}``
(a companyfacts JSON row), ``{instance: PATH, accn, tag, unit, start, end, val}`` (a non-dimensional fact of
an XBRL instance) and ``{document: PATH, accn, passage}`` (a passage that occurs in the document's text with
tags replaced by spaces, HTML entities unescaped and white space collapsed; PATH is corpus-relative and lies
in the folder of accession ``accn``). Each claim is checked by the plain function
``edgar_cli.capabilities.verify.verify.verify_answer(claim, company=, cite=)`` in this one process, against
``tests/helpers/mirror.py``'s MirrorServer over ../shared/sec-corpus with today pinned to 2026-07-01 and one shared
client and cache (evals/run_tools.py's corpus_environment). An EdgarError is recorded as the claim's
outcome (``error:CODE``), any other exception as ``crash``; neither stops the run.

What is scored, overall, per sentence pattern and per twist of the false claims:

- grounded: the answer's verdict is ``grounded`` (every figure grounded or derived);
- precision of grounded = true claims grounded / claims grounded (target 1.00: no false claim grounded);
- recall on true claims = true claims grounded / true claims (target 0.95);
- false alarm: a true claim whose verdict is ``ungrounded``, or with a figure ``ungrounded`` or
  ``mismatched_period``;
- blame error: in a false claim, a text listed in ``wrong`` that is read as a figure ``grounded`` or
  ``derived``, or a numeric figure not listed in ``wrong`` that is ``ungrounded`` or ``mismatched_period``
  (the verdict names the wrong part of the claim). A ``wrong`` text that no figure covers is listed as
  unread (not a blame error: the verdict may still be right).

Prints the tables and every miss by claim id. Before running, the claims file is validated (ids, twins,
wrong texts, and every ``evidence`` row re-read from the raw corpus JSON or document, without edgar's
code); a malformed file exits 2. Otherwise the exit status is 0 whatever the scores: this measures, it
does not gate.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # run_tools (corpus_environment), which puts tests/ (mirror.py) on the path

PARTS = {
    "dev": HERE / "verify_claims.yaml",
    "held_apart": HERE / "verify_claims_held_apart.yaml",
    "held_apart_2": HERE / "verify_claims_held_apart_2.yaml",
    "held_apart_3": HERE / "verify_claims_held_apart_3.yaml",
    "held_apart_4": HERE / "verify_claims_held_apart_4.yaml",
    "held_apart_5": HERE / "verify_claims_held_apart_5.yaml",
    "held_apart_6": HERE / "verify_claims_held_apart_6.yaml",
    "held_apart_7": HERE / "verify_claims_held_apart_7.yaml",
    "held_apart_8": HERE / "verify_claims_held_apart_8.yaml",
    "held_apart_9": HERE / "verify_claims_held_apart_9.yaml",
    "held_apart_10": HERE / "verify_claims_held_apart_10.yaml",
}
PATTERNS = (
    "simple",
    "respectively",
    "from_to",
    "change_pct",
    "ended_date",
    "as_of",
    "parenthetical",
    "appositive",
    "quarter",
    "ytd",
    "per_share",
    "split_adjusted",
    "shares",
    "margin",
    "derived_quarter",
    "list",
    "calendar_year",
    "company_in_text",
    "cited",
    "restated",
    "currency",
    "non_money",
)
TWISTS = (
    "wrong_year",
    "wrong_scale",
    "other_company",
    "growth_other_year",
    "wrong_period_end",
    "pre_split_basis",
    "restated_original",
    "swapped_order",
    "wrong_value",
    "wrong_measure",
    "wrong_direction",
    "start_not_end",
)
KEYS = ("id", "company", "pattern", "claim", "truth", "evidence")
NUMERIC_KINDS = ("money", "per_share", "shares", "percent", "percentage_points", "number")
SUPPORTING = ("grounded", "derived")
CONTRADICTING = ("ungrounded", "mismatched_period")
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ACCESSION = re.compile(r"^\d{10}-\d{2}-\d{6}(?::\S+)?$")
ACCESSION_ONLY = re.compile(r"^\d{10}-\d{2}-\d{6}$")


# --- the claims file ---------------------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
        raise TypeError(f"{path}: expected a mapping with a list of claims")
    return data


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (date, datetime)) else value


def validate(data: dict[str, Any], corpus: Path | None = None) -> list[str]:
    """Problems with a claims file itself (not with edgar). With ``corpus``, every evidence row is re-read."""
    problems: list[str] = []
    claims = data.get("claims") or []
    if data.get("version") != 1:
        problems.append(f"version {data.get('version')!r} (want 1)")
    if data.get("part") not in PARTS:
        problems.append(f"part {data.get('part')!r} (want one of {', '.join(PARTS)})")
    by_id: dict[str, dict] = {}
    for i, c in enumerate(claims):
        cid = c.get("id") or f"#{i}"
        for key in KEYS:
            if key not in c:
                problems.append(f"{cid}: missing {key}")
        if not KEBAB.match(str(cid)):
            problems.append(f"{cid}: id is not kebab-case")
        if cid in by_id:
            problems.append(f"{cid}: duplicate id")
        by_id[cid] = c
        if c.get("pattern") not in PATTERNS:
            problems.append(f"{cid}: unknown pattern {c.get('pattern')!r}")
        if not isinstance(c.get("truth"), bool):
            problems.append(f"{cid}: truth must be true or false")
        if not isinstance(c.get("claim"), str) or not c.get("claim", "").strip():
            problems.append(f"{cid}: empty claim")
        for acc in c.get("cite") or []:
            if not ACCESSION.match(str(acc)):
                problems.append(f"{cid}: malformed cite {acc!r}")
        if not c.get("evidence"):
            problems.append(f"{cid}: no evidence")
    for cid, c in by_id.items():
        if c.get("truth") is True:
            if c.get("twin_of") or c.get("twist") or c.get("wrong"):
                problems.append(f"{cid}: a true claim has no twin_of, twist or wrong")
            continue
        parent = by_id.get(c.get("twin_of"))
        if parent is None:
            problems.append(f"{cid}: twin_of {c.get('twin_of')!r} is no claim of this file")
        elif parent.get("truth") is not True:
            problems.append(f"{cid}: twin_of {c.get('twin_of')} is not a true claim")
        if c.get("twist") not in TWISTS:
            problems.append(f"{cid}: unknown twist {c.get('twist')!r}")
        wrong = c.get("wrong") or []
        if not wrong:
            problems.append(f"{cid}: a false claim names what is wrong in it (wrong: [...])")
        for w in wrong:
            if str(w) not in str(c.get("claim", "")):
                problems.append(f"{cid}: wrong text {w!r} is not in the claim")
    if corpus is not None:
        reader = CorpusReader(Path(corpus))
        for cid, c in by_id.items():
            for row in c.get("evidence") or []:
                ok, detail = reader.check(row)
                if not ok:
                    problems.append(f"{cid}: evidence {detail}")
    return problems


# --- the raw corpus (no edgar code) --------------------------------------------------------------


def document_text(raw: str) -> str:
    """A filing document's text: scripts and tags dropped, entities decoded, white space collapsed."""
    raw = re.sub(r"(?is)<(script|style)[^>]*>.*?</\1>", " ", raw)
    raw = re.sub(r"(?s)<[^>]+>", " ", raw)
    return re.sub(r"\s+", " ", html.unescape(raw).replace("\xa0", " ")).strip()


class CorpusReader:
    """Evidence rows re-read from ../shared/sec-corpus: companyfacts JSON rows and document passages."""

    def __init__(self, root: Path):
        self.root = root
        self._facts: dict[int, dict] = {}
        self._docs: dict[str, str] = {}

    def facts(self, cik: int) -> dict:
        if cik not in self._facts:
            path = self.root / "data.sec.gov/api/xbrl/companyfacts" / f"CIK{cik:010d}.json"
            self._facts[cik] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        return self._facts[cik]

    def document(self, rel: str) -> str | None:
        if rel not in self._docs:
            path = self.root / rel
            raw = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
            self._docs[rel] = document_text(raw) if raw is not None else None
        return self._docs[rel]

    def check(self, row: dict[str, Any]) -> tuple[bool, str]:
        row = {k: _iso(v) for k, v in row.items()}
        if "companyfacts" in row:
            cik = int(row["companyfacts"])
            taxonomy, _, tag = str(row.get("tag", "")).partition(":")
            label = f"CIK{cik:010d} {row.get('tag')} {row.get('unit')} {row.get('start') or ''}..{row.get('end')}"
            body = self.facts(cik).get("facts", {}).get(taxonomy, {}).get(tag)
            if body is None:
                return False, f"{label}: tag not in the corpus companyfacts"
            for r in body.get("units", {}).get(row.get("unit"), []):
                if (
                    r.get("end") == row.get("end")
                    and r.get("start") == row.get("start")
                    and r.get("val") == row.get("val")
                    and r.get("accn") == row.get("accn")
                    and (not row.get("form") or r.get("form") == row["form"])
                ):
                    return True, f"{label} = {row['val']} in {row['accn']}"
            return False, f"{label}: no row with val {row.get('val')} in {row.get('accn')} ({row.get('form')})"
        if "document" in row:
            text = self.document(str(row["document"]))
            if text is None:
                return False, f"{row['document']}: not in the corpus"
            if not ACCESSION_ONLY.match(str(row.get("accn", ""))):
                return False, f"{row['document']}: accn {row.get('accn')!r} is not an accession number"
            if f"/{str(row['accn']).replace('-', '')}/" not in f"/{row['document']}":
                return False, f"{row['document']}: not a document of {row.get('accn')}"
            passage = re.sub(r"\s+", " ", str(row.get("passage", ""))).strip()
            if not passage or passage not in text:
                return False, f"{row['document']}: passage not found: {passage[:80]!r}"
            return True, f"{row['document']}: passage found"
        if "instance" in row:
            return self._check_instance(row)
        return False, f"unknown evidence row {row!r}"

    def instance_facts(self, rel: str) -> list[tuple[str, str | None, str, str, float]] | None:
        """(prefix:tag, start, end, unit, value) of every non-dimensional numeric fact of an XBRL instance."""
        if rel not in self._docs:
            path = self.root / rel
            self._docs[rel] = _instance_facts(path.read_bytes()) if path.is_file() else None  # type: ignore[assignment]
        return self._docs[rel]  # type: ignore[return-value]

    def _check_instance(self, row: dict[str, Any]) -> tuple[bool, str]:
        rel = str(row["instance"])
        label = f"{rel} {row.get('tag')} {row.get('start') or ''}..{row.get('end')}"
        accn = str(row.get("accn", "")).replace("-", "")
        if accn and f"/{accn}/" not in rel:
            return False, f"{rel}: not a document of {row.get('accn')}"
        facts = self.instance_facts(rel)
        if facts is None:
            return False, f"{rel}: not in the corpus"
        want = (row.get("tag"), row.get("start"), row.get("end"), row.get("unit"))
        for tag, start, end, unit, val in facts:
            if (tag, start, end, unit) == want and val == row.get("val"):
                return True, f"{label} = {row['val']}"
        return False, f"{label}: no non-dimensional fact with val {row.get('val')}"


def _instance_facts(raw: bytes) -> list[tuple[str, str | None, str, str, float]]:
    """Numeric facts of an XBRL instance whose context has no dimensions, with the us-gaap/dei prefix and the
    unit as companyfacts writes it (USD, shares, USD/shares)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(raw)
    xbrli = "{http://www.xbrl.org/2003/instance}"
    contexts: dict[str, tuple[str | None, str]] = {}
    for ctx in root.iter(f"{xbrli}context"):
        if ctx.find(f"{xbrli}entity/{xbrli}segment") is not None or ctx.find(f"{xbrli}scenario") is not None:
            continue
        period = ctx.find(f"{xbrli}period")
        if period is None:
            continue
        instant = period.findtext(f"{xbrli}instant")
        start, end = period.findtext(f"{xbrli}startDate"), period.findtext(f"{xbrli}endDate")
        contexts[ctx.get("id", "")] = (
            (None, instant.strip()) if instant else ((start or "").strip(), (end or "").strip())
        )
    units: dict[str, str] = {}
    for unit in root.iter(f"{xbrli}unit"):
        measures = [m.text.split(":")[-1] for m in unit.iter(f"{xbrli}measure") if m.text]
        units[unit.get("id", "")] = (
            "/".join(measures) if unit.find(f"{xbrli}divide") is not None else "".join(measures[:1])
        )
    prefixes = {"http://fasb.org/us-gaap/": "us-gaap", "http://xbrl.sec.gov/dei/": "dei", "http://fasb.org/srt/": "srt"}
    out = []
    for el in root.iter():
        ref, unit = el.get("contextRef"), el.get("unitRef")
        if not ref or not unit or ref not in contexts or not isinstance(el.tag, str) or not el.text:
            continue
        ns, _, local = el.tag[1:].partition("}")
        prefix = next((p for uri, p in prefixes.items() if ns.startswith(uri)), None)
        if prefix is None:
            continue
        try:
            val = float(el.text.strip())
        except ValueError:
            continue
        start, end = contexts[ref]
        out.append((f"{prefix}:{local}", start, end, units.get(unit, unit), int(val) if val.is_integer() else val))
    return out


# --- scoring ---------------------------------------------------------------------------------


@dataclass
class ClaimResult:
    id: str
    pattern: str
    truth: bool
    twist: str | None
    verdict: str  # verify_answer's verdict, or error:CODE, or crash
    grounded: bool
    false_alarm: bool = False
    blame: list[str] = field(default_factory=list)  # what the verdict blamed wrongly
    unread: list[str] = field(default_factory=list)  # wrong texts no figure covers
    figures: list[dict] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0


def _overlaps(claim: str, text: str, fig: dict) -> bool:
    start, end = fig["position"], fig["position"] + len(fig["text"])
    return any(m.start() < end and start < m.start() + len(text) for m in re.finditer(re.escape(text), claim))


def judge(claim: dict[str, Any], verdict: str, figures: list[dict]) -> ClaimResult:
    """Score one claim's outcome (verdict and figures as verify_answer dumps them)."""
    res = ClaimResult(
        claim["id"],
        claim["pattern"],
        bool(claim["truth"]),
        claim.get("twist"),
        verdict,
        verdict == "grounded",
        figures=figures,
    )
    text = claim["claim"]
    if res.truth:
        res.false_alarm = verdict == "ungrounded" or any(f["status"] in CONTRADICTING for f in figures)
        return res
    wrong = [str(w) for w in claim.get("wrong") or []]
    for w in wrong:
        covering = [f for f in figures if _overlaps(text, w, f)]
        if not covering and figures:
            res.unread.append(w)
        for f in covering:
            if f["status"] in SUPPORTING:
                res.blame.append(f"{w!r} is {f['status']}: {f['reason']}")
    for f in figures:
        named_wrong = any(_overlaps(text, w, f) for w in wrong)
        if f["kind"] in NUMERIC_KINDS and f["status"] in CONTRADICTING and not named_wrong:
            res.blame.append(f"{f['text']!r} (not wrong) is {f['status']}: {f['reason']}")
    return res


def check_claim(claim: dict[str, Any]) -> ClaimResult:
    from edgar_cli.capabilities.verify.verify import verify_answer
    from edgar_cli.errors import EdgarError

    started = time.perf_counter()
    try:
        out = verify_answer(claim["claim"], company=claim.get("company"), cite=list(claim.get("cite") or []) or None)
        figures = [
            {"text": f.text, "position": f.position, "kind": f.kind, "status": f.status, "reason": f.reason}
            for f in out.figures
        ]
        res = judge(claim, out.verdict, figures)
    except EdgarError as exc:
        res = judge(claim, f"error:{exc.code}", [])
        res.error = f"{exc.code}: {exc}"
    except Exception as exc:  # noqa: BLE001 - a traceback is exactly what the eval must report
        res = judge(claim, "crash", [])
        res.error = f"{type(exc).__name__}: {exc}"
    res.seconds = time.perf_counter() - started
    return res


def sample(claims: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """A deterministic sample of n claims that keeps every pattern: round-robin over patterns, by id hash."""
    by_pattern: dict[str, list[dict]] = defaultdict(list)
    for c in sorted(claims, key=lambda c: hashlib.sha1(c["id"].encode()).hexdigest()):
        by_pattern[c["pattern"]].append(c)
    picked: list[dict] = []
    queues = [by_pattern[p] for p in sorted(by_pattern)]
    while len(picked) < n and any(queues):
        for q in queues:
            if q and len(picked) < n:
                picked.append(q.pop(0))
    order = {c["id"]: i for i, c in enumerate(claims)}
    return sorted(picked, key=lambda c: order[c["id"]])


def run(claims: list[dict[str, Any]], corpus: Path | None = None) -> list[ClaimResult]:
    import run_tools

    with run_tools.corpus_environment(corpus):
        return [check_claim(c) for c in claims]


# --- reporting ---------------------------------------------------------------------------------


def stats(results: list[ClaimResult]) -> dict[str, Any]:
    true = [r for r in results if r.truth]
    false = [r for r in results if not r.truth]
    grounded = [r for r in results if r.grounded]
    true_grounded = sum(r.grounded for r in true)
    return {
        "claims": len(results),
        "true": len(true),
        "false": len(false),
        "grounded": len(grounded),
        "true_grounded": true_grounded,
        "false_grounded": sum(r.grounded for r in false),
        "precision": round(true_grounded / len(grounded), 4) if grounded else None,
        "recall": round(true_grounded / len(true), 4) if true else None,
        "false_alarms": sum(r.false_alarm for r in true),
        "blame_errors": sum(bool(r.blame) for r in false),
        "errors": sum(r.verdict.startswith(("error:", "crash")) for r in results),
        "crashes": sum(r.verdict == "crash" for r in results),
    }


def summary(results: list[ClaimResult]) -> dict[str, Any]:
    by_pattern = defaultdict(list)
    by_twist = defaultdict(list)
    for r in results:
        by_pattern[r.pattern].append(r)
        if not r.truth:
            by_twist[r.twist].append(r)
    return {
        "total": stats(results),
        "by_pattern": {p: stats(by_pattern[p]) for p in PATTERNS if p in by_pattern},
        "by_twist": {t: stats(by_twist[t]) for t in TWISTS if t in by_twist},
        "verdicts": dict(Counter(r.verdict for r in results).most_common()),
    }


def _fmt(x: float | None) -> str:
    return "  -  " if x is None else f"{x:.2f}"


def table(name: str, rows: dict[str, dict[str, Any]], out: Any) -> None:
    print(
        f"\n{name:<16} {'n':>4} {'true':>5} {'false':>5} {'prec':>5} {'recall':>6} {'F-grnd':>6} "
        f"{'alarms':>6} {'blame':>5} {'errors':>6}",
        file=out,
    )
    for key, s in rows.items():
        print(
            f"{key:<16} {s['claims']:>4} {s['true']:>5} {s['false']:>5} {_fmt(s['precision']):>5} "
            f"{_fmt(s['recall']):>6} {s['false_grounded']:>6} {s['false_alarms']:>6} {s['blame_errors']:>5} "
            f"{s['errors']:>6}",
            file=out,
        )


def render(results: list[ClaimResult], out: Any = None) -> dict[str, Any]:
    out = out or sys.stdout
    s = summary(results)
    t = s["total"]
    table("pattern", s["by_pattern"], out)
    table("twist (false)", s["by_twist"], out)
    print(f"\nverdicts: {', '.join(f'{k} {v}' for k, v in s['verdicts'].items())}", file=out)

    def listing(title: str, rows: list[ClaimResult], detail) -> None:
        print(f"\n{title} ({len(rows)})", file=out)
        for r in rows:
            print(f"  {r.id}: {detail(r)}", file=out)

    def figs(r: ClaimResult, statuses: tuple[str, ...] | None = None) -> str:
        shown = [f for f in r.figures if statuses is None or f["status"] in statuses]
        return "; ".join(f"{f['text']!r} {f['status']}" for f in shown) or (r.error or "no figures")

    listing(
        "false claims grounded", [r for r in results if not r.truth and r.grounded], lambda r: f"[{r.twist}] " + figs(r)
    )
    listing(
        "true claims not grounded",
        [r for r in results if r.truth and not r.grounded],
        lambda r: (
            f"{r.verdict}: " + figs(r, ("ungrounded", "mismatched_period", "unchecked", "ambiguous", "superseded"))
        ),
    )
    listing(
        "false alarms (true claims with a figure ungrounded or of another period)",
        [r for r in results if r.false_alarm],
        lambda r: figs(r, CONTRADICTING),
    )
    listing("blame errors (false claims)", [r for r in results if r.blame], lambda r: " | ".join(r.blame))
    listing("wrong texts not read as figures", [r for r in results if r.unread], lambda r: ", ".join(r.unread))
    listing("errors", [r for r in results if r.error], lambda r: r.error)
    print(
        f"\ntotal: {t['claims']} claims ({t['true']} true, {t['false']} false); grounded {t['grounded']} "
        f"({t['false_grounded']} of them false); precision of grounded {_fmt(t['precision'])}, recall on true "
        f"claims {_fmt(t['recall'])}; false alarms {t['false_alarms']}; blame errors {t['blame_errors']}; "
        f"errors {t['errors']} (crashes {t['crashes']}); {sum(r.seconds for r in results):.0f} s",
        file=out,
    )
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=tuple(PARTS), default="dev")
    ap.add_argument("--file", type=Path, help="another claims file (instead of --part's)")
    ap.add_argument("--id", action="append", dest="ids", help="only these claim ids")
    ap.add_argument("--pattern", action="append", choices=PATTERNS, help="only these patterns")
    ap.add_argument("--sample", type=int, help="a deterministic sample of N claims covering every pattern")
    ap.add_argument("--corpus", type=Path, help="the sec-corpus directory (default: ../shared/sec-corpus)")
    ap.add_argument("--no-corpus-check", action="store_true", help="skip re-reading the evidence rows")
    ap.add_argument("--json", type=Path, help="also write the summary and per-claim results as JSON here")
    ap.add_argument(
        "--check-only", action="store_true", help="validate the file and its evidence rows, score nothing (for writers)"
    )
    args = ap.parse_args(argv)

    import run_tools  # noqa: F401 - puts tests/ (mirror.py) on the path
    from mirror import corpus_dir

    corpus = Path(args.corpus or corpus_dir())
    path = args.file or PARTS[args.part]
    if not path.is_file():
        print(f"{path}: no such claims file", file=sys.stderr)
        return 2
    data = load(path)
    problems = validate(data, None if args.no_corpus_check else corpus)
    if problems:
        print(f"{path} problems:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    if args.check_only:
        print(f"{path}: {len(data['claims'])} claims, well formed; every evidence row is in the corpus")
        return 0
    claims = data["claims"]
    if args.ids:
        claims = [c for c in claims if c["id"] in args.ids]
    if args.pattern:
        claims = [c for c in claims if c["pattern"] in args.pattern]
    if args.sample:
        claims = sample(claims, args.sample)
    if not claims:
        print("no claims selected", file=sys.stderr)
        return 2
    results = run(claims, corpus)
    s = render(results)
    if args.json:
        args.json.write_text(
            json.dumps({"file": str(path), "summary": s, "results": [asdict(r) for r in results]}, indent=2),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Check a verify-claims YAML against the raw corpus, without going through edgar.

Usage: python evals/check_verify_labels.py FILE.yaml [--corpus ../shared/sec-corpus]
Checks: the YAML parses; ids are unique; a false claim names a twin that exists, a twist, and `wrong` texts that
occur in its sentence; each companyfacts evidence row (tag, unit, start, end, val, accn, form) exists exactly in
data.sec.gov/api/xbrl/companyfacts/CIK##########.json; each document row's passage occurs in the document's text
(tags replaced by spaces, entities unescaped, whitespace collapsed). Prints problems; exit 1 if any.
"""

import argparse
import functools
import html
import json
import re
import sys
from pathlib import Path

import yaml


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[2] / "shared" / "sec-corpus"))
    a = ap.parse_args()
    root = Path(a.corpus)
    if not root.is_dir():
        root = Path("/work/shared/sec-corpus")

    @functools.lru_cache(None)
    def facts(cik):
        return json.loads((root / f"data.sec.gov/api/xbrl/companyfacts/CIK{int(cik):010d}.json").read_text())["facts"]

    @functools.lru_cache(None)
    def text(path):
        t = re.sub(r"<[^>]+>", " ", (root / path).read_text(encoding="utf-8", errors="replace"))
        return re.sub(r"\s+", " ", html.unescape(t))

    doc = yaml.safe_load(Path(a.file).read_text())
    claims, bad, ids = doc["claims"], [], set()
    for c in claims:
        cid = c["id"]
        if cid in ids:
            bad.append(f"{cid}: duplicate id")
        ids.add(cid)
    for c in claims:
        cid = c["id"]
        if not c["truth"]:
            if c.get("twin_of") not in ids or not c.get("twist") or not c.get("wrong"):
                bad.append(f"{cid}: false claim needs twin_of, twist and wrong")
            for w in c.get("wrong") or []:
                if w not in c["claim"]:
                    bad.append(f"{cid}: wrong text {w!r} not in claim")
        for r in c.get("evidence") or []:
            if "companyfacts" in r:
                ns, name = r["tag"].split(":")
                rows = facts(r["companyfacts"]).get(ns, {}).get(name, {}).get("units", {}).get(r["unit"], [])
                ok = any(
                    x["end"] == str(r["end"])
                    and x.get("start") == (str(r["start"]) if "start" in r else None)
                    and x["val"] == r["val"]
                    and x["accn"] == r["accn"]
                    and x["form"] == r["form"]
                    for x in rows
                )
                if not ok:
                    bad.append(f"{cid}: no companyfacts row {r}")
            elif "document" in r:
                if r["passage"] not in text(r["document"]):
                    bad.append(f"{cid}: passage not in {r['document']}: {r['passage']!r}")
                acc = r["document"].split("/")[-2]
                if r["accn"].replace("-", "") != acc:
                    bad.append(f"{cid}: accn {r['accn']} does not match {r['document']}")
            else:
                bad.append(f"{cid}: unknown evidence kind {r}")
    print(f"{len(claims)} claims, {len(bad)} problems")
    for b in bad:
        print(" ", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

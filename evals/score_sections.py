"""Score section extraction over every 10-K, 10-Q and 20-F document in the SEC corpus.

    python evals/score_sections.py [--corpus PATH] [--only SUBSTRING] [--quiet]
    python evals/score_sections.py --references [--show-held-out]

For each document: the items we find, their length in characters (heading
included), whether the section is a pointer (is_reference), and, where the
edgartools parser corpus (``_golden/edgartools-parser-corpus/manifest.json``)
recorded the same filing, its length and the ratio ours/theirs. A difference
of more than 20% is flagged, with the verdict from reading the document when
it has been adjudicated (ADJUDICATED below). The summary checks the targets:
Items 1, 1A, 7, 7A and 8 found in every 10-K, and no table-of-contents
fragment ever returned as a section.

With ``--references``: precision and recall of ``is_reference`` over every
section of every corpus filing, against labels made by reading each one
(evals/section_references.tsv), per split: dev (tuned on) and held_out.

Reads the corpus files directly (no network, no mirror); never asserts.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from edgar_cli.documents import items as I
from edgar_cli.documents.references import analyse
from edgar_cli.documents.sections import build_outline
from edgar_cli.documents.text import detect_form, to_document

CORE_10K = ("1", "1A", "7", "7A", "8")
SMALL = 500  # items shorter than this on both sides are not compared by ratio
GOLDEN_10Q = {"1": "I-1", "2": "I-2", "3": "I-3", "4": "I-4", "1A": "II-1A", "5": "II-5", "6": "II-6"}

# Differences of more than 20% that were checked by reading the document.
# (fixture or file name, item) -> who is right and why.
ADJUDICATED: dict[tuple[str, str], str] = {
    (
        "pg/10q/pg-10-q-2025-04-24.html",
        "I-1",
    ): "ours: Item 1 runs to the 'Item 2. MD&A' heading; edgartools' 112,825 is Items 1 and 2 together (its Item 2 is counted again at 70,098)",
    (
        "pg/10q/pg-10-q-2025-04-24.html",
        "I-4",
    ): "ours: Item 4 ends at 'PART II. OTHER INFORMATION'; edgartools adds Part II Item 1 (Legal Proceedings)",
    (
        "pg/10q/pg-10-q-2025-04-24.html",
        "II-5",
    ): "ours: Item 5 is one paragraph on 10b5-1 plans; edgartools gives it Item 6's text (both 2,628)",
    (
        "xom/10q/xom-10-q-2025-08-04.html",
        "I-2",
    ): "ours: edgartools' Item 1 is known_bad (922 chars), so its Item 2 starts early and swallows the financial statements",
    (
        "xom/10q/xom-10-q-2025-08-04.html",
        "II-6",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "hubs/10q/hubs-10-q-2025-08-06.html",
        "II-6",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "nflx/10q/nflx-10-q-2025-07-18.html",
        "II-6",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "jnj/10q/jnj-10-q-2025-07-24.html",
        "II-6",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "aapl/10q/aapl-10-q-2025-08-01.html",
        "II-6",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "unp/10k/unp-10-k-2025-02-07.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "amzn/10k/amzn-10-k-2025-02-07.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "nvda/10k/nvda-10-k-2025-02-26.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "crm/10k/crm-10-k-2025-03-05.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "ba/10k/ba-10-k-2025-02-03.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "tsla/10k/tsla-10-k-2025-01-30.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "nke/10k/nke-10-k-2025-07-17.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "aapl/10k/aapl-10-k-2024-11-01.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "hd/10k/hd-10-k-2025-03-21.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "ibm/10k/ibm-10-k-2025-02-25.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "adbe/10k/adbe-10-k-2025-01-13.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "pg/10k/pg-10-k-2025-08-04.html",
        "16",
    ): "ours: the item ends where SIGNATURES begins; edgartools runs on into the signatures page",
    (
        "nflx/10k/nflx-10-k-2025-01-27.html",
        "16",
    ): "ours: Item 16 is 'None.'; the 95,000 characters after it are the F-pages (financial_statements_appendix), which Item 8 points to",
    (
        "nflx/10k/nflx-10-k-2025-01-27.html",
        "14",
    ): "ours: Item 14 is a two-line pointer to the proxy statement; edgartools' 15,142 runs through Item 15's exhibit list",
    (
        "tsla/10k/tsla-10-k-2025-01-30.html",
        "1B",
    ): "ours: Item 1B reads 'None.'; edgartools' 5,792 is Item 1C (Cybersecurity), which it then lacks",
    (
        "tsla/10q/tsla-10-q-2025-07-24.html",
        "I-3",
    ): "ours: Item 3 is the foreign-currency risk text up to 'ITEM 4. CONTROLS'; edgartools found only Items 3 and 4 in this 10-Q",
    (
        "tsla/10q/tsla-10-q-2025-07-24.html",
        "I-4",
    ): "ours: Item 4 ends at 'PART II. OTHER INFORMATION'; edgartools' 73,485 runs through all of Part II",
    (
        "jnj/10k/jnj-10-k-2025-02-13.html",
        "15",
    ): "ours: Item 15 (list of statements, exhibit pointer) ends at 'Item 16'; edgartools adds the exhibit index and signatures",
    (
        "aapl/10k/aapl-10-k-2024-11-01.html",
        "4",
    ): "ours: Item 4 is 'Not applicable.' before PART II; edgartools' 2,919 is text of another item",
    (
        "aapl/10k/aapl-10-k-2024-11-01.html",
        "9C",
    ): "ours: Item 9C is 'Not applicable.' before PART III; edgartools adds Item 10's insider-trading text",
    (
        "aapl/10k/aapl-10-k-2024-11-01.html",
        "11",
    ): "ours: Item 11 is a one-sentence pointer to the 2025 Proxy Statement; edgartools' 2,080 spans Items 11-14",
    (
        "adbe/10k/adbe-10-k-2025-01-13.html",
        "3",
    ): "ours: Item 3 is a pointer to Note 16 (is_reference); edgartools' 3,162 matches no item boundary in the document",
    (
        "adbe/10k/adbe-10-k-2025-01-13.html",
        "4",
    ): "ours: Item 4 is 'Not applicable.' before PART II (Adobe's executive officers list sits inside Item 1)",
}


@dataclass
class Doc:
    path: Path
    name: str
    form: str
    golden: dict | None = None
    url: str | None = None


@dataclass
class Score:
    docs: int = 0
    ten_k: int = 0
    core_missing: list[str] = field(default_factory=list)
    core_other: list[str] = field(default_factory=list)  # core items found other than as content under "Item N"
    toc_fragments: list[str] = field(default_factory=list)
    compared: int = 0
    within: int = 0
    small: int = 0
    bigger: int = 0
    smaller: int = 0
    missing_vs_golden: int = 0
    known_bad_compared: int = 0
    adjudicated_ours: int = 0
    adjudicated_theirs: int = 0
    unadjudicated: list[str] = field(default_factory=list)
    seconds: float = 0.0


def corpus_dir(arg: str | None) -> Path:
    return Path(arg or os.environ.get("EDGAR_CORPUS") or ROOT.parent / "shared" / "sec-corpus")


def collect(corpus: Path) -> list[Doc]:
    golden_path = corpus / "_golden" / "edgartools-parser-corpus" / "manifest.json"
    golden = {}
    if golden_path.exists():
        golden = {f["fixture"]: f for f in json.loads(golden_path.read_text())["filings"]}
    by_local: dict[str, tuple[str | None, str | None]] = {}  # local path -> (url, fixture)
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            m = re.search(r":tests/fixtures/html/(.+)$", row["source"])
            by_local[row["local_path"]] = (row["url"], m.group(1) if m else None)
    unplaced = corpus / "MANIFEST-unplaced.tsv"
    if unplaced.exists():
        with unplaced.open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                fixture = row["local_path"].removeprefix("_unplaced/")
                by_local[row["local_path"]] = (None, fixture if fixture in golden else None)
    docs: list[Doc] = []
    for local, (url, fixture) in sorted(by_local.items()):
        p = corpus / local
        if (
            not p.is_file()
            or not re.search(r"\.(htm|html|txt)$", local)
            or local.endswith("-index.html")
            or "index-headers" in local
            or "sec-error-pages" in local
        ):
            continue
        data = p.read_bytes()
        form = detect_form(data)
        if form is None:
            form = detect_form(data, to_document(data))
        fam = I.family(form)
        if fam is None:
            continue
        name = fixture or local.split("/")[-1]
        docs.append(Doc(p, name, form, golden.get(fixture) if fixture else None, url))
    return docs


def looks_like_toc(text: str) -> bool:
    """A returned section that is really a table of contents: item lines ending in page numbers."""
    lines = [ln for ln in text.splitlines()[:60] if ln.strip()]
    toc_lines = sum(
        1
        for ln in lines
        if re.match(r"\s*(part\s+[ivx]+\W+)?items?\s*\d", ln, re.IGNORECASE) and re.search(r"(\||\s)\s*\d{1,3}\s*$", ln)
    )
    return toc_lines >= 3


def score_doc(doc: Doc, score: Score, quiet: bool) -> None:
    data = doc.path.read_bytes()
    t0 = time.perf_counter()
    text_doc = to_document(data, doc.form)
    outline = build_outline(text_doc, doc.form)
    score.seconds += time.perf_counter() - t0
    fam = outline.form
    score.docs += 1
    ours = {s.item: s for s in outline.sections}
    print(
        f"\n== {doc.name}  [{doc.form}]  {len(data) / 1e6:.1f} MB  {len(outline.sections)} sections"
        + (f"  known_bad={doc.golden['known_bad']}" if doc.golden and doc.golden["known_bad"] else "")
    )
    golden_items: dict[str, int] = {}
    if doc.golden:
        for k, v in doc.golden["items"].items():
            item = GOLDEN_10Q.get(k) if fam == "10-Q" else k
            if item:
                golden_items[item] = v["text_len"]
    known_bad = set(doc.golden["known_bad"]) if doc.golden else set()
    order = I.order(fam)
    for item in sorted(set(ours) | set(golden_items), key=lambda x: order.get(x, 99)):
        s = ours.get(item)
        length = (s.end - s.start) if s else 0
        theirs = golden_items.get(item)
        pointer = analyse(text_doc, outline, s) if s else None
        flag = ""
        if s is not None and looks_like_toc(text_doc.text[s.start : s.end]):
            score.toc_fragments.append(f"{doc.name}:{item}")
            flag = "TOC-FRAGMENT"
        verdict = ""
        if theirs is not None:
            bad = (
                any(
                    item.split("-")[-1] in m.split(":")[-1].replace("item_", "")
                    and m.split(":")[-1].replace("item_", "") == item.split("-")[-1]
                    for m in known_bad
                )
                or "oversized_section" in known_bad
            )
            if s is None:
                score.missing_vs_golden += 1
                flag = flag or "MISSING"
            else:
                score.compared += 1
                ratio = length / theirs if theirs else float("inf")
                if bad:
                    score.known_bad_compared += 1
                if 0.8 <= ratio <= 1.2:
                    score.within += 1
                elif max(length, theirs) < SMALL:
                    score.small += 1  # "None." / "Not applicable." items: a few characters apart
                else:
                    if ratio > 1.2:
                        score.bigger += 1
                    else:
                        score.smaller += 1
                    flag = flag or ("DIFF(known_bad)" if bad else "DIFF")
                    verdict = ADJUDICATED.get((doc.name, item), "")
                    if verdict.startswith("ours"):
                        score.adjudicated_ours += 1
                    elif verdict.startswith("theirs"):
                        score.adjudicated_theirs += 1
                    elif not bad:
                        score.unadjudicated.append(f"{doc.name}:{item} ours={length} theirs={theirs}")
        if not quiet or flag:
            ratio_s = f"{length / theirs:6.2f}" if theirs and s else "     -"
            ref = "ref" if pointer else "   "
            if s is not None and s.found_by != "item_heading":
                flag = (flag + " " if flag else "") + f"[{s.found_by}]"
            print(
                f"  {item:6s} {'found' if s else 'MISS '} {ref} ours={length:8d} theirs={theirs if theirs is not None else '-':>8} "
                f"ratio={ratio_s} {flag} {verdict}"
            )
    if fam == "10-K" and not doc.form.endswith("/A"):
        score.ten_k += 1
        missing = [i for i in CORE_10K if i not in ours]
        if missing:
            score.core_missing.append(f"{doc.name}: {', '.join(missing)}")
        for i in CORE_10K:
            if i in ours and ours[i].found_by != "item_heading":
                score.core_other.append(f"{doc.name}: Item {i} by {ours[i].found_by}")
            elif i in ours and analyse(text_doc, outline, ours[i]) is not None:
                score.core_other.append(f"{doc.name}: Item {i} is a pointer (is_reference)")


# --- is_reference against labels made by reading ----------------------------------------------

LABELS = Path(__file__).with_name("section_references.tsv")


@dataclass
class PointerScore:
    """Confusion counts of is_reference against the labels, with the sections it got wrong."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    wrong: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def line(self) -> str:
        return (
            f"precision {self.precision:.3f} ({self.tp}/{self.tp + self.fp}), recall {self.recall:.3f} "
            f"({self.tp}/{self.tp + self.fn}); {self.tp + self.fp + self.fn + self.tn} sections"
        )


def document_id(doc: Doc) -> str:
    """The labels' name for a document: its accession number when known, else the fixture name."""
    m = re.search(r"/data/\d+/(\d{10})(\d{2})(\d{6})/", doc.url or "")
    if m:
        return "-".join(m.groups())
    m = re.fullmatch(r"(\d{10}-\d{2}-\d{6})\.(?:html?|txt)", doc.name)
    return m.group(1) if m else doc.name


def read_labels(path: Path = LABELS) -> dict[tuple[str, str], tuple[bool, str, str]]:
    """(document, section) -> (is_reference, split, note)."""
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    out = {}
    for row in csv.DictReader(lines, delimiter="\t"):
        out[(row["document"], row["section"])] = (row["is_reference"] == "true", row["split"], row["note"])
    return out


def parse_all(corpus: Path) -> dict:
    """document id -> (TextDocument, Outline) of every 10-K, 10-Q and 20-F document in the corpus."""
    out = {}
    for doc in collect(corpus):
        text_doc = to_document(doc.path.read_bytes(), doc.form)
        out[document_id(doc)] = (text_doc, build_outline(text_doc, doc.form))
    return out


def score_references(
    corpus: Path, labels: dict | None = None, parsed: dict | None = None
) -> tuple[dict[str, PointerScore], list[str]]:
    """Score is_reference over every section of every corpus filing against the labels.

    Returns ({"dev", "held_out", "all"} -> PointerScore, problems): problems are sections found
    with no label and labels whose section was not found (the outline changed: relabel by reading).
    ``parsed`` (from parse_all) saves parsing the corpus again.
    """
    labels = read_labels() if labels is None else labels
    scores = {k: PointerScore() for k in ("dev", "held_out", "all")}
    seen: set[tuple[str, str]] = set()
    problems: list[str] = []
    for name, (text_doc, outline) in (parsed or parse_all(corpus)).items():
        for s in outline.sections:
            if s.found_by == "front_matter":
                continue  # the cover page and the explanatory note are never pointers (references.analyse)
            key = (name, s.item)
            seen.add(key)
            if key not in labels:
                problems.append(f"no label: {name} {s.item}")
                continue
            truth, split, note = labels[key]
            said = analyse(text_doc, outline, s) is not None
            for k in (split, "all"):
                sc = scores[k]
                if said and truth:
                    sc.tp += 1
                elif said:
                    sc.fp += 1
                    sc.wrong.append(f"false pointer: {name} {s.item} ({note})")
                elif truth:
                    sc.fn += 1
                    sc.wrong.append(f"missed pointer: {name} {s.item} ({note})")
                else:
                    sc.tn += 1
    problems += [f"label without a section: {d} {sec}" for d, sec in sorted(set(labels) - seen)]
    return scores, problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus")
    ap.add_argument("--only")
    ap.add_argument("--quiet", action="store_true", help="print only flagged items per document")
    ap.add_argument(
        "--references",
        action="store_true",
        help="score is_reference against evals/section_references.tsv instead (errors of the dev split)",
    )
    ap.add_argument("--show-held-out", action="store_true", help="with --references, list held-out errors too")
    args = ap.parse_args(argv)
    corpus = corpus_dir(args.corpus)
    if not (corpus / "MANIFEST.tsv").exists():
        print(f"corpus not found at {corpus}", file=sys.stderr)
        return 2
    if args.references:
        scores, problems = score_references(corpus)
        for line in problems:
            print(f"  {line}")
        for k in ("dev", "held_out", "all"):
            print(f"is_reference {k:8s}: {scores[k].line()}")
        for k in ("dev", "held_out") if args.show_held_out else ("dev",):
            for line in scores[k].wrong:
                print(f"  {k}: {line}")
        return 1 if problems else 0
    docs = collect(corpus)
    if args.only:
        docs = [d for d in docs if args.only in d.name]
    score = Score()
    for doc in docs:
        score_doc(doc, score, args.quiet)
    print("\n== summary")
    print(f"documents scored: {score.docs} (10-K originals: {score.ten_k}); parse+outline time {score.seconds:.1f}s")
    print(f"10-Ks with Items 1, 1A, 7, 7A, 8 all found: {score.ten_k - len(score.core_missing)}/{score.ten_k}")
    for line in score.core_missing:
        print(f"  missing: {line}")
    for line in score.core_other:
        print(f"  note: {line}")
    print(f"table-of-contents fragments returned as a section: {len(score.toc_fragments)}")
    for line in score.toc_fragments:
        print(f"  toc: {line}")
    print(
        f"items compared with edgartools: {score.compared}; within 20%: {score.within} "
        f"({100 * score.within / max(1, score.compared):.0f}%); both under {SMALL} chars: {score.small}; ours larger: {score.bigger}; ours smaller: {score.smaller}; "
        f"theirs found, ours not: {score.missing_vs_golden}; on items they mark known_bad: {score.known_bad_compared}"
    )
    print(
        f"adjudicated differences: ours right {score.adjudicated_ours}, theirs right {score.adjudicated_theirs}; "
        f"not adjudicated: {len(score.unadjudicated)}"
    )
    for line in score.unadjudicated:
        print(f"  open: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

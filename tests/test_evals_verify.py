"""evals/score_verify.py and the verify claims (issue 32): the files are sound and the scorer runs on every claim.

The claims' figures are re-read here from the raw corpus (companyfacts JSON rows with their value and
accession, or passages of the corpus documents), which is what makes a label trustworthy. The scores
themselves are not asserted: they are measured (evals/README.md, "Verify claims"), while the verifier
changes.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
import score_verify as S

VERDICTS = {"grounded", "ungrounded", "superseded", "ambiguous", "unchecked", "no_figures"}


@pytest.fixture(scope="module")
def dev():
    return S.load(S.PARTS["dev"])


def _companies(claim: dict) -> set:
    if claim["company"]:
        return {claim["company"]}
    return {row.get("companyfacts") or row.get("document", "").split("/")[4] for row in claim["evidence"]}


def test_the_dev_claims_are_well_formed_and_every_figure_is_read_from_the_corpus(dev, corpus):
    assert S.validate(dev, corpus) == []
    claims = dev["claims"]
    assert dev["part"] == "dev"
    assert len(claims) >= 250
    assert len(set().union(*(_companies(c) for c in claims))) >= 8
    assert {c["pattern"] for c in claims} == set(S.PATTERNS)
    twins = Counter(c["twin_of"] for c in claims if not c["truth"])
    assert [c["id"] for c in claims if c["truth"] and not 1 <= twins[c["id"]] <= 3] == []


def test_the_held_apart_claims_when_present_are_well_formed_and_share_no_id_with_dev(dev, corpus):
    path = S.PARTS["held_apart"]
    if not path.is_file():
        pytest.skip(f"{path.name} is not written yet")
    held = S.load(path)
    assert S.validate(held, corpus) == []
    assert held["part"] == "held_apart"
    assert {c["id"] for c in held["claims"]} & {c["id"] for c in dev["claims"]} == set()


@pytest.mark.parametrize(
    "part",
    [f"held_apart_{n}" for n in range(2, 11)],
)
def test_a_later_held_apart_part_when_present_is_well_formed_and_its_evidence_reads_back_from_the_corpus(
    dev, corpus, part
):
    # Nobody tuning verify reads a held-apart part: a failure names claim ids only, never a claim's text or figures.
    path = S.PARTS[part]
    if not path.is_file():
        pytest.skip(f"{path.name} is not written yet")
    held = S.load(path)
    claims = held["claims"]
    assert held["part"] == part, f"the file's part is not {part}"
    problem_ids = sorted({p.partition(":")[0] for p in S.validate(held, corpus)})
    assert problem_ids == [], f"claims with problems (run the validator privately): {problem_ids}"
    earlier = {c["id"] for c in dev["claims"]}
    for before in list(S.PARTS)[1 : list(S.PARTS).index(part)]:
        if S.PARTS[before].is_file():
            earlier |= {c["id"] for c in S.load(S.PARTS[before])["claims"]}
    assert sorted({c["id"] for c in claims} & earlier) == [], "ids shared with the dev or an earlier part"


def test_a_document_passage_must_lie_in_its_accessions_folder_and_occur_in_the_documents_text(dev, corpus):
    row = next(r for c in dev["claims"] for r in c["evidence"] if "document" in r)
    reader = S.CorpusReader(corpus)
    assert reader.check(row)[0]
    other = dict(row, accn="0000000000-00-000000")
    assert reader.check(other) == (False, f"{row['document']}: not a document of 0000000000-00-000000")
    assert "is not an accession number" in reader.check({k: v for k, v in row.items() if k != "accn"})[1]
    spaced = dict(row, passage="  " + row["passage"].replace(" ", "\n  ") + " ")
    assert reader.check(spaced)[0]


def test_a_document_text_replaces_tags_by_spaces_unescapes_entities_and_collapses_white_space():
    raw = "<p>Net&nbsp;sales<b>were</b>\n\n $391,035 &amp; <script>x = 1</script>more</p>"
    assert S.document_text(raw) == "Net sales were $391,035 & more"


def test_the_validator_rejects_a_figure_the_corpus_does_not_hold_and_a_broken_twin(dev, corpus):
    bad = copy.deepcopy(dev)
    claims = bad["claims"]
    true_row = next(c for c in claims if c["truth"] and "companyfacts" in c["evidence"][0])
    true_row["evidence"][0]["val"] += 1_000_000
    false_row = next(c for c in claims if not c["truth"])
    false_row["twin_of"] = "no-such-claim"
    false_row["wrong"] = ["$999.9 billion"]
    doc_row = next(c for c in claims if "document" in c["evidence"][0])
    doc_row["evidence"][0]["passage"] = "a passage no filing holds"
    claims.append(dict(claims[0]))
    problems = S.validate(bad, corpus)
    assert any(p.startswith(f"{true_row['id']}: evidence") and "no row with val" in p for p in problems)
    assert f"{false_row['id']}: twin_of 'no-such-claim' is no claim of this file" in problems
    assert f"{false_row['id']}: wrong text '$999.9 billion' is not in the claim" in problems
    assert any(p.startswith(f"{doc_row['id']}: evidence") and "passage not found" in p for p in problems)
    assert f"{claims[0]['id']}: duplicate id" in problems


def test_the_judge_counts_a_grounded_wrong_figure_as_a_blame_error_and_a_contradicted_true_one_as_a_false_alarm():
    claim = "Apple's net sales were $394.3 billion and $383.3 billion in fiscal 2023 and 2022, respectively."

    def fig(text, status, kind="money"):
        return {"text": text, "position": claim.index(text), "kind": kind, "status": status, "reason": "r"}

    false = {
        "id": "f",
        "pattern": "respectively",
        "truth": False,
        "twist": "swapped_order",
        "claim": claim,
        "wrong": ["$394.3 billion"],
    }
    res = S.judge(
        false,
        "grounded",
        [fig("$394.3 billion", "grounded"), fig("$383.3 billion", "ungrounded"), fig("2022", "unchecked", "year")],
    )
    assert res.grounded and len(res.blame) == 2 and res.unread == []
    assert "'$394.3 billion' is grounded" in res.blame[0] and "(not wrong) is ungrounded" in res.blame[1]
    true = dict(false, truth=True, twist=None, wrong=[])
    res = S.judge(true, "ungrounded", [fig("$394.3 billion", "mismatched_period"), fig("$383.3 billion", "grounded")])
    assert res.false_alarm and not res.grounded
    s = S.stats([res])
    assert (s["recall"], s["precision"], s["false_alarms"]) == (0.0, None, 1)


def test_the_scorer_gives_every_dev_claim_a_verdict_and_no_evaluation_raises(dev, corpus):
    claims = dev["claims"]
    results = S.run(claims, corpus)
    assert [r.id for r in results] == [c["id"] for c in claims]
    assert [(r.id, r.error) for r in results if r.verdict == "crash"] == []
    assert {r.verdict for r in results} <= VERDICTS | {r.verdict for r in results if r.verdict.startswith("error:")}
    summary = S.summary(results)
    assert summary["total"]["claims"] == len(claims)
    assert sum(s["claims"] for s in summary["by_pattern"].values()) == len(claims)
    assert sum(s["claims"] for s in summary["by_twist"].values()) == sum(not c["truth"] for c in claims)


def test_the_command_line_writes_machine_readable_results_and_exits_zero(corpus, tmp_path, capsys):
    out = tmp_path / "verify.json"
    assert S.main(["--part", "dev", "--sample", "4", "--corpus", str(corpus), "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["summary"]["total"]["claims"] == 4 == len(data["results"])
    assert len({r["pattern"] for r in data["results"]}) == 4
    assert "precision of grounded" in capsys.readouterr().out

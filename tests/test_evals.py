"""evals/run_tools.py in CI: every gold question passes against the corpus mirror, and the checker can fail.

The gold values themselves are named by accession number in evals/gold.yaml, and
each is re-read from the raw corpus JSON by the runner (its ``corpus`` entries).
"""

from __future__ import annotations

import copy

import pytest
import run_tools as T


@pytest.fixture(scope="module")
def gold():
    return T.load_gold()


def test_the_gold_file_is_well_formed_and_covers_every_category_it_must(gold):
    assert T.validate_gold(gold) == []
    assert len(gold) >= 40
    cats = {q["category"] for q in gold}
    assert cats == set(T.CATEGORIES)
    behaviours = {q["expected_behaviour"] for q in gold}
    assert behaviours == {"answer", "clarify", "refuse", "disclose_restatement"}


def test_the_gold_file_covers_the_field_notes_traps(gold):
    text = T.GOLD.read_text(encoding="utf-8")
    by_id = {q["id"]: q for q in gold}
    # January, June and September fiscal years; 53-week years; the split; IFRS; stale tags.
    assert by_id["lookup-nvda-revenue-fy2024"]["expected"]["accession_number"] == "0001045810-24-000029"
    assert by_id["lookup-msft-10k-fy2024-june"]["must_mention"]["period_end"] == "2024-06-30"
    assert by_id["lookup-aapl-revenue-fy2024-september"]["must_mention"]["period_end"] == "2024-09-28"
    assert by_id["lookup-nvda-revenue-fy2021-53-weeks"]["call"]["args"]["fiscal_year"] == 2021
    assert by_id["lookup-aapl-revenue-fy2023-53-weeks"]["call"]["args"]["fiscal_year"] == 2023
    eps = by_id["restatement-nvda-eps-fy2024-split"]["expected"]
    assert (eps["value"], eps["original_value"]) == (1.19, 11.93)
    assert by_id["lookup-tsm-revenue-2024-ifrs-twd"]["expected"]["unit"] == "TWD"
    for needle in (
        "Stripe",
        "fiscal_year: 2031",
        '"1999-01-01"',
        "query: Target",
        "company: United",
        "company: American",
        "SalesRevenueNet",
        "PaymentsToAcquireProductiveAssets",
    ):
        assert needle in text, needle
    comparable = by_id["comparison-nvda-aapl-revenue-fy2024-not-comparable"]["checks"]
    assert {"path": "comparable", "equals": False} in comparable


def test_every_gold_question_passes_against_the_corpus(corpus, gold, capsys):
    results = T.run(gold, corpus)
    T.render(results)
    out = capsys.readouterr().out
    failed = [(r.id, r.failures) for r in results if not r.passed]
    assert failed == [], out
    assert f"total        {len(gold):>3}/{len(gold)}" in out
    assert all(r.checks_run >= 2 for r in results)


def test_a_wrong_expected_value_or_error_code_fails(corpus, gold):
    by_id = {q["id"]: q for q in gold}
    wrong_value = copy.deepcopy(by_id["lookup-nvda-revenue-fy2024"])
    wrong_value["checks"] = [{"path": "values[0].value", "equals": 60922000001}]
    wrong_value["corpus"][0]["val"] = 60922000001
    wrong_flag = copy.deepcopy(by_id["comparison-nvda-aapl-revenue-fy2024-not-comparable"])
    wrong_flag["checks"] = [{"path": "comparable", "equals": True}]
    wrong_code = copy.deepcopy(by_id["ambiguous-american-revenue"])
    wrong_code["expected"]["error_code"] = "not_found"
    wrong_code["checks"] = [{"error": "not_found"}]
    results = {r.id: r for r in T.run([wrong_value, wrong_flag, wrong_code], corpus)}
    assert not any(r.passed for r in results.values())
    value = results["lookup-nvda-revenue-fy2024"].failures
    assert any("want 60922000001" in f for f in value) and any(f.startswith("corpus:") for f in value)
    assert "comparable = false (want true)" in results["comparison-nvda-aapl-revenue-fy2024-not-comparable"].failures
    assert any("error ambiguous" in f for f in results["ambiguous-american-revenue"].failures)


def test_paths_select_by_index_field_and_star():
    data = {"rows": [{"cik": "1", "v": 10, "tags": ["a"]}, {"cik": "2", "v": 20, "tags": ["b"]}], "ok": True}
    assert T.resolve_path(data, "rows[1].v") == 20
    assert T.resolve_path(data, "rows[cik=2].v") == 20
    assert T.resolve_path(data, "rows[*].v") == [10, 20]
    assert T.resolve_path(data, "ok") is True
    for bad in ("rows[cik=3].v", "rows[5]", "nope", "ok[0]"):
        with pytest.raises(T.PathError):
            T.resolve_path(data, bad)


def test_check_operators():
    out = T.Outcome(payload={"a": [1, 2], "s": "period ends 244 days apart", "n": None, "b": False})
    assert T.apply_check({"path": "a", "contains": 2}, out)[0]
    assert T.apply_check({"path": "a", "not_contains": 3}, out)[0]
    assert T.apply_check({"path": "s", "contains": "244 days"}, out)[0]
    assert T.apply_check({"path": "a", "length": 2}, out)[0]
    assert T.apply_check({"path": "n", "is_null": True}, out)[0]
    assert not T.apply_check({"path": "b", "equals": 0}, out)[0], "False is not 0"
    assert T.apply_check({"path": "a[0]", "approx": 1.0000001, "rel": 1e-6}, out)[0]


def test_a_malformed_gold_file_is_reported_not_run():
    problems = T.validate_gold(
        [
            {
                "id": "x",
                "question": "q",
                "category": "trivia",
                "expected_behaviour": "refuse",
                "notes": "n",
                "call": {"function": "nope", "args": {}},
                "checks": [],
            }
        ]
    )
    assert any("unknown category" in p for p in problems)
    assert any("unknown function" in p for p in problems)
    assert any("no checks" in p for p in problems)
    assert any("needs expected.error_code" in p for p in problems)


def test_the_command_line_exits_non_zero_when_a_question_fails(corpus, tmp_path, capsys):
    import yaml

    bad = tmp_path / "gold.yaml"
    q = {
        "id": "bad",
        "question": "NVIDIA revenue FY2024?",
        "category": "lookup",
        "expected_behaviour": "answer",
        "notes": "deliberately wrong",
        "call": {
            "function": "get_financial_concept",
            "args": {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024},
        },
        "checks": [{"path": "values[0].value", "equals": 1}],
    }
    bad.write_text(yaml.safe_dump([q]), encoding="utf-8")
    assert T.main(["--gold", str(bad), "--corpus", str(corpus)]) == 1
    assert "FAIL" in capsys.readouterr().out

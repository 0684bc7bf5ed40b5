"""evals/score_resolver.py in CI: the resolver against 203 labelled names from the corpus ticker file."""

from __future__ import annotations

import pytest
import score_resolver as S


@pytest.fixture(scope="module")
def rows():
    return S.load()


def test_the_labelled_names_are_well_formed_and_cover_every_category(rows):
    assert S.validate(rows) == []
    assert len(rows) >= 100
    assert {r["category"] for r in rows} == set(S.CATEGORIES)
    assert sum(not r.get("dev") for r in rows) >= 100, "at least 100 held-out names"


def test_every_labelled_name_resolves_as_labelled_except_the_known_misses(corpus, rows, capsys):
    results = S.score(rows, corpus)
    print(S.table(results))
    unexpected = [(r.query, r.expected, r.got) for r in results if r.correct == bool(r.known_miss)]
    assert unexpected == []
    total = sum(r.correct for r in results) / len(results)
    assert total >= 0.98


def test_the_judge_fails_a_wrong_answer():
    class R:
        cik, name, match_type = "0000895421", "MORGAN STANLEY", "name_words"

    assert S.judge({"cik": 895421}, R(), None)
    assert not S.judge({"cik": 1162283}, R(), None)
    amb = {"code": "ambiguous", "candidates": [{"cik": "0000004962"}]}
    assert S.judge({"ambiguous": [4962]}, None, amb) and not S.judge({"ambiguous": [4962, 1053507]}, None, amb)
    assert not S.judge({"not_found": True}, None, {"code": "not_found", "candidates": [{"cik": "1"}]})
    assert S.judge({"not_a_current_ticker": True}, None, {"code": "not_found", "not_a_current_ticker": True})
    assert not S.judge({"not_a_current_ticker": True}, None, {"code": "not_found"})

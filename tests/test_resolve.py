"""Company resolution: exact tickers and CIKs, guarded name matching.

Names come from the corpus ticker file www.sec.gov/files/company_tickers_exchange.json (2025-12).
The unit tests at the bottom use a small hand-written ticker map.
"""

from __future__ import annotations

import pytest

from edgar_cli.capabilities import resolve as R
from edgar_cli.capabilities.resolve import normalize_name, normalize_ticker, parse_cik, resolve_company
from edgar_cli.errors import EdgarError


@pytest.mark.parametrize("query", ["BRK.B", "brk-b", "BRK B", "brk/b"])
def test_share_class_tickers_normalise_to_the_secs_spelling(sec, query):
    r = resolve_company(query)
    assert r.match_type == "ticker" and r.cik == "0001067983" and "BRK-B" in r.tickers


@pytest.mark.parametrize("query", ["320193", "0000320193", "CIK0000320193", "cik320193"])
def test_a_cik_in_any_spelling_is_an_exact_match(sec, query):
    r = resolve_company(query)
    assert (r.cik, r.match_type, r.name) == ("0000320193", "cik", "Apple Inc.")


def test_ford_is_ford_motor_not_hartford_or_rexford(sec):
    r = resolve_company("Ford")
    assert r.cik == "0000037996" and r.name == "FORD MOTOR CO"
    assert all("hartford" not in c.name.lower() for c in r.other_matches)


def test_amazon_is_amazon_com(sec):
    r = resolve_company("Amazon")
    assert r.cik == "0001018724" and r.match_type == "name_exact"


@pytest.mark.parametrize("query,names", [
    ("Target", {"TARGET CORP", "Target Group Inc."}),
    ("United", None),
])
def test_names_shared_by_several_companies_are_refused_with_candidates(sec, query, names):
    with pytest.raises(EdgarError) as info:
        resolve_company(query)
    err = info.value
    assert err.code == "ambiguous"
    cands = err.extras["candidates"]
    assert len(cands) >= 2
    assert cands[0].score - cands[1].score <= R.AMBIGUITY_MARGIN
    if names:
        assert names <= {c.name for c in cands[:2]}
    assert len({c.cik for c in cands}) == len(cands), "candidates are deduplicated by CIK"


def test_apple_resolves_and_lists_apple_hospitality_as_another_match(sec):
    r = resolve_company("Apple")
    assert r.cik == "0000320193" and r.match_type == "name_exact"
    assert "Apple Hospitality REIT, Inc." in {c.name for c in r.other_matches}


def test_coca_cola_lists_the_bottlers_as_other_matches(sec):
    r = resolve_company("Coca-Cola")
    assert r.cik == "0000021344"
    others = {c.name for c in r.other_matches}
    assert {"Coca-Cola Consolidated, Inc.", "COCA-COLA EUROPACIFIC PARTNERS plc", "COCA COLA FEMSA SAB DE CV"} <= others


def test_a_private_company_is_not_found_with_near_misses(sec):
    with pytest.raises(EdgarError) as info:
        resolve_company("Stripe")
    assert info.value.code == "not_found"
    assert "private" in info.value.message.lower()


def test_goog_and_googl_are_one_company(sec):
    a, b = resolve_company("GOOG"), resolve_company("GOOGL")
    assert a.cik == b.cik == "0001652044"
    assert {"GOOG", "GOOGL"} <= set(a.tickers)


def test_a_cik_missing_from_the_ticker_file_is_resolved_from_submissions(sec):
    # CIK 315090 has a submissions file in the corpus but is not a listed ticker.
    r = resolve_company("315090")
    assert r.match_type == "cik" and r.cik == "0000315090" and r.name


@pytest.mark.parametrize("query", ["", "   ", "x" * 500, "NVDA\x00"])
def test_empty_oversized_or_control_character_queries_are_invalid(sec, query):
    with pytest.raises(EdgarError) as info:
        resolve_company(query)
    assert info.value.code == "invalid_argument"


# --- unit tests on hand-written data -------------------------------------------------------


def test_name_normalisation_drops_legal_suffixes_and_punctuation():
    assert normalize_name("The Coca-Cola Company") == "coca cola"
    assert normalize_name("AMAZON COM INC") == "amazon"
    assert normalize_name("ELI LILLY & Co") == "eli lilly"
    assert normalize_name("FIRST UNITED CORP/MD/") == "first united"
    assert normalize_name("Johnson & Johnson") == "johnson and johnson"


def test_ticker_and_cik_parsing():
    assert normalize_ticker(" brk.b ") == "BRK-B"
    assert parse_cik("CIK0001045810") == 1045810
    assert parse_cik("NVDA") is None


def _tmap(*rows):
    return R.TickerMap([(cik, name, list(tickers), None, normalize_name(name)) for cik, name, tickers in rows])


def test_whole_words_beat_fragments_in_the_score():
    tmap = _tmap((1, "FORD MOTOR CO", ["F"]), (2, "HARTFORD FINANCIAL SERVICES GROUP", ["HIG"]),
                 (3, "Rexford Industrial Realty", ["REXR"]))
    ranked = R.rank_names("Ford", tmap)
    assert ranked[0][0].cik == 1
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    assert ranked[0][1] - runner_up > R.AMBIGUITY_MARGIN
    assert R.score_name("ford", tmap.by_cik(2)) < R.ACCEPT_SCORE


def test_two_exact_names_are_a_tie():
    tmap = _tmap((1, "TARGET CORP", ["TGT"]), (2, "Target Group Inc.", ["CBDY"]))
    ranked = R.rank_names("target", tmap)
    assert ranked[0][1] == ranked[1][1] == 1.0


def test_one_company_with_two_tickers_is_one_candidate():
    tmap = _tmap((1652044, "Alphabet Inc.", ["GOOGL", "GOOG"]))
    assert len(R.rank_names("Alphabet", tmap)) == 1
    assert tmap.by_ticker("GOOG").cik == tmap.by_ticker("GOOGL").cik == 1652044

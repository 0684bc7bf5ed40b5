"""Company resolution: exact tickers and CIKs, whole-word names, the SEC's market-value order.

Names and positions come from the corpus ticker file www.sec.gov/files/company_tickers_exchange.json
(2025-12), whose rows run in descending market value. The unit tests at the bottom use small hand-written
ticker maps. evals/score_resolver.py scores the resolver on 197 labelled names (tests/test_evals_resolver.py).
"""

from __future__ import annotations

import json

import pytest
from lookups import error_of

from edgar_cli.capabilities.resolve import resolve as R
from edgar_cli.capabilities.resolve.resolve import normalize_ticker, parse_cik, resolve_company
from edgar_cli.companies.names import Tier, match_words, name_words, words_of
from edgar_cli.companies.tickers import TickerMap
from edgar_cli.errors import EdgarError


@pytest.fixture
def sec(module_client, isolated_env):
    """One client for the module: the ticker file is parsed once."""
    from edgar_cli.sec.client import set_client

    set_client(module_client)
    yield module_client


@pytest.mark.parametrize("query", ["BRK.B", "brk-b", "BRK B", "brk/b"])
def test_share_class_tickers_normalise_to_the_secs_spelling(sec, query):
    r = resolve_company(query)
    assert r.match_type == "ticker" and r.cik == "0001067983" and "BRK-B" in r.tickers


@pytest.mark.parametrize("query", ["320193", "0000320193", "CIK0000320193", "cik320193"])
def test_a_cik_in_any_spelling_is_an_exact_match(sec, query):
    r = resolve_company(query)
    assert (r.cik, r.match_type, r.name) == ("0000320193", "cik", "Apple Inc.")


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
    assert error_of(query).code == "invalid_argument"


# --- suffix stripping never makes a multi-word name exact -----------------------------------


def test_morgan_is_morgan_stanley_not_the_shell_whose_suffixes_were_stripped(sec):
    # MORGAN GROUP HOLDING CO (MGHL, row 8,225) used to become "morgan" and an exact match.
    r = resolve_company("Morgan")
    assert (r.cik, r.name, r.match_type) == ("0000895421", "MORGAN STANLEY", "name_words")
    assert r.ticker_file_position == 40
    others = {c.name: c for c in r.other_matches}
    assert "KINDER MORGAN, INC." in others and others["KINDER MORGAN, INC."].match_type == "name_words"
    assert any("far ahead in the SEC's ticker file" in n for n in r.notes)


def test_the_shell_is_still_found_by_its_full_name(sec):
    r = resolve_company("Morgan Group Holding Co")
    assert (r.cik, r.match_type) == ("0001162283", "name_exact")


def test_group_holding_and_trust_are_words_of_the_name_not_legal_forms():
    assert name_words("MORGAN GROUP HOLDING CO") == ("morgan", "group", "holding")
    assert name_words("Target Group Inc.") == ("target", "group")
    assert name_words("SPDR GOLD TRUST") == ("spdr", "gold", "trust")
    assert match_words(words_of("Morgan"), words_of("MORGAN GROUP HOLDING CO")).tier == Tier.LEADING


# --- prominence: the SEC's market-value order ------------------------------------------------


def test_target_is_target_corp_and_names_the_smaller_namesakes(sec):
    r = resolve_company("Target")
    assert (r.cik, r.name, r.match_type) == ("0000027419", "TARGET CORP", "name_exact")
    others = {c.name for c in r.other_matches}
    assert {"Target Hospitality Corp.", "BlackRock Municipal 2030 Target Term Trust"} <= others


def test_ford_is_ford_motor_not_hartford_or_rexford(sec):
    r = resolve_company("Ford")
    assert r.cik == "0000037996" and r.name == "FORD MOTOR CO"
    assert all("hartford" not in c.name.lower() and "rexford" not in c.name.lower() for c in r.other_matches)
    assert any("named exactly 'Ford'" in n for n in r.notes), "a leading-word match says it is not the exact name"


def test_apple_resolves_and_lists_apple_hospitality_as_another_match(sec):
    r = resolve_company("Apple")
    assert r.cik == "0000320193" and r.match_type == "name_exact"
    assert "Apple Hospitality REIT, Inc." in {c.name for c in r.other_matches}


def test_coca_cola_lists_the_bottlers_as_other_matches(sec):
    r = resolve_company("Coca-Cola")
    assert r.cik == "0000021344"
    others = {c.name for c in r.other_matches}
    assert {"Coca-Cola Consolidated, Inc.", "COCA-COLA EUROPACIFIC PARTNERS plc", "COCA COLA FEMSA SAB DE CV"} <= others


@pytest.mark.parametrize(
    "query,ciks",
    [
        ("United", {"0001090727", "0001067701", "0000100517"}),  # UPS #183, United Rentals #300, United Airlines #419
        ("American", {"0000004962", "0001053507"}),  # American Express #43, American Tower #185
        ("First", {"0001274494", "0000798941"}),  # First Solar #480, First Citizens #505
    ],
)
def test_names_shared_by_comparably_large_companies_are_refused_with_candidates(sec, query, ciks):
    err = error_of(query)
    assert err.code == "ambiguous"
    cands = err.extras["candidates"]
    assert ciks <= {c.cik for c in cands[:5]}
    assert [c.ticker_file_position for c in cands[: len(ciks)]] == sorted(
        c.ticker_file_position for c in cands[: len(ciks)]
    )
    assert len({c.cik for c in cands}) == len(cands), "candidates are deduplicated by CIK"


def test_an_ambiguous_name_says_how_many_candidates_were_left_out(sec):
    # 'United' names 35 companies in the corpus ticker file; 10 are listed, and the error says so.
    err = error_of("United")
    cands = err.extras["candidates"]
    assert len(cands) == 10 and err.extras["total_candidates"] == 35 and err.extras["candidates_truncated"] is True
    assert "The candidates list 10 of the 35 companies" in err.message


@pytest.mark.parametrize(
    "query,leader,best",
    [
        ("Invesco", "0001067839", "0000914208"),  # the exact name Invesco Ltd. (#881) vs Invesco QQQ Trust (#49)
        ("Chase", "0000019617", "0001025771"),  # Chase Packaging begins with it; JPMorgan Chase (#12) contains it
    ],
)
def test_a_better_match_of_a_much_smaller_company_does_not_win_alone(sec, query, leader, best):
    err = error_of(query)
    assert err.code == "ambiguous"
    assert [c.cik for c in err.extras["candidates"][:2]] == [leader, best]


def test_whole_words_inside_a_name_resolve_when_one_company_dominates(sec):
    r = resolve_company("Disney")
    assert (r.cik, r.match_type) == ("0001744489", "name_words")


def test_words_in_another_order_match(sec):
    assert resolve_company("Charles Schwab").cik == "0000316709"  # SCHWAB CHARLES CORP


@pytest.mark.parametrize(
    "query,cik", [("JP Morgan", "0000019617"), ("ExxonMobil", "0000034088"), ("U.S. Bancorp", "0000036104")]
)
def test_spacing_and_initials_do_not_change_the_words(sec, query, cik):
    assert resolve_company(query).cik == cik


# --- a ticker-shaped query that is not a ticker ---------------------------------------------


@pytest.mark.parametrize("query", ["TWTR", "ATVI", "SIVB", "FRC"])
def test_a_delisted_ticker_is_refused_never_read_as_a_fuzzy_name(sec, query):
    err = error_of(query)
    assert err.code == "not_found" and err.extras["not_a_current_ticker"] is True
    assert "is not a current ticker" in err.message
    assert all(c.match_type in ("ticker", "name_exact", "name_words") for c in err.extras["candidates"])


def test_a_ticker_without_its_class_separator_offers_the_sec_spelling(sec):
    err = error_of("BRKB")
    assert err.extras["not_a_current_ticker"] is True
    assert [(c.cik, c.match_type) for c in err.extras["candidates"]] == [("0001067983", "ticker")]
    assert "BRK-B" in err.message


def test_a_capitalised_name_that_is_no_ticker_is_offered_as_a_name(sec):
    err = error_of("INTEL")
    assert err.extras["not_a_current_ticker"] is True
    assert err.extras["candidates"][0].cik == "0000050863"


def test_a_reused_ticker_belongs_to_its_current_holder(sec):
    assert resolve_company("UTX").name == "Ultratrex Inc."


# --- a company that does not file --------------------------------------------------------------


def test_stripe_does_not_file_and_near_names_are_not_offered_as_it(sec):
    err = error_of("Stripe")
    assert err.code == "not_found"
    assert "does not appear to file with the SEC" in err.message
    assert err.extras["candidates"] == []
    similar = {c.name for c in err.extras["similar_names"]}
    assert {"Stride, Inc.", "Strive, Inc."} <= similar
    assert "different companies" in err.message and "Do not substitute" in err.suggestion


def test_a_name_spelled_like_a_company_with_a_shared_generic_word_is_not_taken(sec):
    err = error_of("Koch Industries")  # not KVH Industries
    assert err.code == "not_found" and err.extras["candidates"] == []


# --- reorganisations (FIELD-NOTES T15) -----------------------------------------------------------


def test_a_successors_ticker_names_its_predecessor(sec):
    r = resolve_company("MRVL")
    assert r.cik == "0001835632"
    assert r.reorganisation is not None and r.reorganisation.predecessor_cik == "0001058057"
    assert any("CIK 1058057" in n and "2021-04-20" in n for n in r.notes)


def test_a_predecessors_name_resolves_to_the_successor(sec):
    r = resolve_company("Google")
    assert (r.cik, r.match_type) == ("0001652044", "predecessor_name")
    assert any("Google Inc. (CIK 1288776)" in n for n in r.notes)


def test_a_predecessor_still_in_the_ticker_file_names_its_successor(sec):
    r = resolve_company("XOM")  # the corpus' 2025-12 file still maps XOM to 34088
    assert r.cik == "0000034088"
    assert r.reorganisation.successor_cik == "0002115436"
    assert any("CIK 2115436" in n for n in r.notes)


def test_every_reorganisation_has_a_source_and_two_different_ciks():
    from edgar_cli.companies import successors

    entries = successors.reorganisations()
    assert len(entries) >= 3
    for e in entries:
        assert e.source and e.event and e.successor_cik != e.predecessor_cik


# --- the order of the ticker file --------------------------------------------------------------


def test_both_ticker_files_share_the_market_value_order_of_their_ranked_head(corpus):
    """Why one request suffices: the exchange file's head is company_tickers.json's, row for row."""
    files = corpus / "www.sec.gov" / "files"
    plain = json.loads((files / "company_tickers.json").read_text())
    exch = json.loads((files / "company_tickers_exchange.json").read_text())
    a = [(v["cik_str"], v["ticker"]) for v in plain.values()]
    b = [(row[0], row[2]) for row in exch["data"]]
    head = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    assert head == 7006 and set(a) == set(b)
    assert [t for _, t in b[:4]] == ["NVDA", "AAPL", "GOOGL", "MSFT"]


# --- unit tests on hand-written data -------------------------------------------------------


def test_name_words_drop_legal_forms_and_punctuation():
    assert name_words("The Coca-Cola Company") == ("coca", "cola")
    assert name_words("AMAZON COM INC") == ("amazon",)
    assert name_words("ELI LILLY & Co") == ("eli", "lilly")
    assert name_words("FIRST UNITED CORP/MD/") == ("first", "united")
    assert name_words("US BANCORP \\DE\\") == ("us", "bancorp")
    assert name_words("Johnson & Johnson") == ("johnson", "and", "johnson")
    assert name_words("J.P. Morgan") == ("jp", "morgan")
    assert name_words("Inc") == ("inc",), "a name is never stripped to nothing"


def test_ticker_and_cik_parsing():
    assert normalize_ticker(" brk.b ") == "BRK-B"
    assert parse_cik("CIK0001045810") == 1045810
    assert parse_cik("NVDA") is None


def _tmap(*rows):
    """A ticker map in the given (market-value) order."""
    return TickerMap([(cik, name, list(tickers), None, " ".join(name_words(name))) for cik, name, tickers in rows])


def test_whole_words_beat_fragments():
    tmap = _tmap(
        (2, "HARTFORD FINANCIAL SERVICES GROUP", ["HIG"]),
        (1, "FORD MOTOR CO", ["F"]),
        (3, "Rexford Industrial Realty", ["REXR"]),
    )
    ranked = R.rank_names("Ford", tmap)
    assert ranked[0].entry.cik == 1 and ranked[0].tier == Tier.LEADING
    assert all(s.tier == Tier.SIMILAR for s in ranked[1:])


def test_equal_matches_go_to_a_company_ten_times_larger_and_tie_otherwise():
    filler = [(100 + i, f"Filler {i} Co", [f"F{i}"]) for i in range(30)]
    big_first = _tmap((1, "Acme Widgets Inc", ["AW"]), *filler, (2, "Acme Gadgets Inc", ["AG"]))
    assert R._resolve("Acme", big_first, None).cik == "0000000001"  # rank 1 vs rank 32
    close = _tmap((1, "Acme Widgets Inc", ["AW"]), (2, "Acme Gadgets Inc", ["AG"]), *filler)
    with pytest.raises(EdgarError) as info:
        R._resolve("Acme", close, None)  # rank 1 vs rank 2
    assert info.value.code == "ambiguous"


def test_one_company_with_two_tickers_is_one_candidate():
    tmap = _tmap((1652044, "Alphabet Inc.", ["GOOGL", "GOOG"]))
    assert len([s for s in R.rank_names("Alphabet", tmap) if s.tier >= Tier.WORDS]) == 1
    assert tmap.by_ticker("GOOG").cik == tmap.by_ticker("GOOGL").cik == 1652044


# --- names analysts say that the ticker file does not spell (companies/aliases.toml) ---------------------------

# Each CIK is the one the corpus ticker file (company_tickers_exchange.json, 2025-12) gives the company.
ANALYST_NAMES = [
    ("TSMC", "0001046179"),
    ("tsmc", "0001046179"),
    ("Taiwan Semi", "0001046179"),
    ("J&J", "0000200406"),
    ("P&G", "0000080424"),
    ("Pepsi", "0000077476"),
    ("BofA", "0000070858"),
    ("John Deere", "0000315189"),
    ("Raytheon", "0000101829"),
    # already read by the name rules, kept here so an alias never takes them elsewhere
    ("Google", "0001652044"),
    ("Facebook", "0001326801"),
    ("Square", "0001512673"),
    ("Exxon", "0000034088"),
    ("JP Morgan", "0000019617"),
    ("Goldman Sachs", "0000886982"),
    ("Disney", "0001744489"),
    ("Eli Lilly", "0000059478"),
    ("Berkshire Hathaway", "0001067983"),
    ("Coca-Cola", "0000021344"),
]


@pytest.mark.parametrize("query,cik", ANALYST_NAMES)
def test_common_analyst_names_resolve_to_the_company_meant(sec, query, cik):
    assert resolve_company(query).cik == cik


def test_tsmc_is_read_as_an_alias_and_says_so(sec):
    r = resolve_company("TSMC")
    assert (r.cik, r.match_type, r.tickers[0]) == ("0001046179", "alias", "TSM")
    assert "'TSMC' is a common name of TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD" in r.notes[0]


def test_an_alias_lists_the_companies_whose_names_hold_its_words(sec):
    r = resolve_company("J&J")
    assert r.cik == "0000200406"
    assert "0000785956" in [c.cik for c in r.other_matches]  # J&J SNACK FOODS CORP


def test_a_former_ticker_is_not_resolved_but_offers_the_company_that_used_it(sec):
    err = error_of("FB")
    assert err.extras["not_a_current_ticker"] is True
    first = err.extras["candidates"][0]
    assert (first.cik, first.match_type, first.tickers) == ("0001326801", "former_ticker", ["META"])
    assert "It was the ticker of Meta Platforms, Inc. (CIK 1326801, now META) until 2022-06-08." in err.message


def test_messages_name_tickers_not_positions_in_the_ticker_file(sec):
    # TSMC sits 7,014th in the file (foreign issuers are out of value order): a position is no fact to print.
    err = error_of("Taiwan")
    assert err.code == "ambiguous" and "by market value:" not in err.message and "#7,014" not in err.message
    assert "TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD (CIK 1046179, TSM)" in err.message


def test_every_alias_names_a_company_in_the_ticker_file_and_no_current_ticker(sec):
    from edgar_cli.companies import aliases
    from edgar_cli.companies.tickers import load_ticker_map

    tmap = load_ticker_map(sec)
    for alias in aliases.aliases().values():
        assert tmap.by_cik(alias.cik) is not None, alias
        assert tmap.by_ticker(normalize_ticker(alias.name)) is None, f"{alias.name} is a current ticker"
        assert alias.source.strip() and (alias.kind == "short_name" or alias.until is not None), alias


def test_a_ticker_one_letter_off_gets_a_did_you_mean_but_is_never_resolved(sec):
    # issue 36: NVDAA got no did-you-mean; NVDA is NVIDIA's ticker in the corpus ticker file
    err = error_of("NVDAA")
    assert err.extras["not_a_current_ticker"] is True and err.extras["candidates"] == []
    assert [c.tickers[0] for c in err.extras["similar_tickers"]][:1] == ["NVDA"]
    assert "NVDA (NVIDIA CORP)" in err.message


def test_a_misspelt_name_is_offered_to_a_person_as_a_did_you_mean(sec):
    from edgar_cli.vocabulary import set_surface

    set_surface("cli")
    err = error_of("Nvida")
    assert "Did you mean NVIDIA CORP (NVDA)?" in err.message and "ask the user" not in err.suggestion
    set_surface("mcp")  # an agent is told to ask its user, and that the names are other companies
    err = error_of("Nvida")
    assert "different companies" in err.message and "ask the user" in err.suggestion


NAME_QUERIES = [
    "Ford",
    "nvidia",
    "apple",
    "Chase",
    "Morgan",
    "micro",
    "bank of america",
    "general electric",
    "Invesco",
]


@pytest.mark.parametrize("query", NAME_QUERIES)
def test_a_name_search_builds_only_the_companies_holding_its_words_and_ranks_as_over_every_company(sec, query):
    from edgar_cli.companies.tickers import load_ticker_map

    cached = load_ticker_map(sec)
    searched = TickerMap.from_tables(cached.index, cached.table)
    ranked = R.rank_names(query, searched, similar=0)
    assert searched._all is None and len(searched._built) < searched.size  # not every row decoded
    everything = TickerMap.from_tables(cached.index, cached.table)
    everything.entries_holding = lambda _needles: everything.entries  # type: ignore[method-assign]
    expected = R.rank_names(query, everything, similar=0)
    assert [(s.entry.cik, s.entry.rank, s.tier, s.score, s.via) for s in ranked] == [
        (s.entry.cik, s.entry.rank, s.tier, s.score, s.via) for s in expected
    ]


def _words_by_regex(name: str) -> tuple[str, ...]:
    """name_words as it read every name through NFKD and two regular expressions (the reference for the faster
    reading of ASCII names)."""
    import re
    import unicodedata

    from edgar_cli.companies.names import _TAG, LEGAL_FORMS, join_initials

    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().strip()
    text = _TAG.sub("", text).replace("&", " and ").replace("'", "").replace("\u2019", "")
    tokens = join_initials(re.sub(r"[^a-z0-9]+", " ", text).split())
    if len(tokens) > 1 and tokens[0] == "the":
        tokens.pop(0)
    while len(tokens) > 1 and (tokens[-1] in LEGAL_FORMS or tokens[-1] == "and"):
        tokens.pop()
    return tuple(tokens)


NAME_ALPHABET = "abcAZ09 .,&'/\\-\t\u2019\u00e9\u00c9\u00df\ufb01\x1c"


@pytest.mark.parametrize(
    "name",
    [
        "J.P. Morgan Chase & Co",
        "FIRST UNITED CORP/MD/",
        "US BANCORP \\DE\\",
        "Nagase & Co., Ltd./ADR",
        "Nestl\u00e9 S.A.",
    ],
)
def test_a_name_reads_as_the_same_words_whether_ascii_or_not(name):
    assert name_words(name) == _words_by_regex(name)


def test_any_name_reads_as_the_same_words_as_through_the_regular_expressions():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=400, deadline=None)
    @given(st.text(alphabet=NAME_ALPHABET, max_size=30))
    def same(name: str) -> None:
        assert name_words(name) == _words_by_regex(name)

    same()


def test_every_ascii_character_other_than_a_letter_or_digit_separates_a_names_words():
    """names._tokens' translation table (a guard for its bytes form): control characters and punctuation alike."""
    between = "".join(chr(c) for c in range(128) if not chr(c).isalnum() and chr(c) not in "&'")
    assert name_words(f"Alpha{between}Beta Inc") == ("alpha", "beta")
    assert name_words(f"Alpha{between}Beta &\tGamma's Co.") == ("alpha", "beta", "and", "gammas")
    assert name_words("Nestl\u00e9 S.A.") == ("nestle",)


def test_a_name_only_loosely_like_another_companys_gets_no_did_you_mean(sec):
    # Twitter (CIK 1418091, taken private in 2022) is in neither the corpus' ticker file nor its submissions;
    # "Inter & Co, Inc." (INTR) is spelled like it only at 0.60: a person is not told to ask for INTR.
    from edgar_cli.vocabulary import set_surface

    set_surface("cli")
    err = error_of("Twitter")
    assert err.code == "not_found" and "does not appear to file with the SEC" in err.message
    assert "Did you mean" not in err.message and "INTR" not in err.suggestion, (err.message, err.suggestion)
    set_surface("mcp")


def test_an_ambiguous_name_does_not_call_companies_of_unknown_size_comparable(sec):
    # 'Taiwan': Taiwan Fund (TWN, CIK 804123, ticker-file position 3,673) and TSMC (TSM, CIK 1046179, 7,014, out of
    # value order in the file): the file's order is a hint of size, never grounds to call the two comparable
    err = error_of("Taiwan")
    assert err.code == "ambiguous"
    assert {"0000804123", "0001046179"} <= {c.cik for c in err.extras["candidates"]}
    assert "comparable" not in err.message, err.message
    assert "matches 2 companies" in err.message, err.message

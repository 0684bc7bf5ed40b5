"""A company asked for by a former name on the same CIK, and trusts named after another issuer's securities.

Current names come from the corpus ticker file www.sec.gov/files/company_tickers_exchange.json (2025-12);
former names, where the corpus holds the company's submissions file, from its formerNames
(data.sec.gov/submissions/CIK##########.json).
"""

from __future__ import annotations

import json

import pytest
from lookups import error_of

from edgar_cli.capabilities.resolve.resolve import resolve_company
from edgar_cli.companies import successors
from edgar_cli.companies.names import Tier, match_words, words_of


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


@pytest.mark.parametrize(
    "query,cik",
    [
        ("Tesla Motors", "0001318605"),  # TESLA MOTORS INC until 2017-01-27 (submissions CIK0001318605.json)
        ("Apple Computer", "0000320193"),  # APPLE COMPUTER INC until 2007-01-04 (CIK0000320193.json)
        ("Cree", "0000895419"),  # CREE, INC. until 2021-10-01 (CIK0000895419.json), now WOLFSPEED, INC.
        ("Facebook", "0001326801"),
        ("Wal-Mart Stores", "0000104169"),
        # formerNames in the corpus' submissions, each CIK in its ticker file (STI, VINC)
        ("Nubia Brand International", "0001881551"),  # until 2024-02-02 (CIK0001881551.json), now Solidion
        ("Vincera Pharma", "0001796129"),  # until 2021-01-05 (CIK0001796129.json), now Vincerx Pharma
        ("LifeSci Acquisition", "0001796129"),  # until 2020-12-22 (CIK0001796129.json), the SPAC it merged into
    ],
)
def test_a_former_name_resolves_to_the_company_saying_so(sec, query, cik):
    r = resolve_company(query)
    assert (r.cik, r.match_type) == (cik, "former_name")
    assert "former name" in r.notes[0] and str(int(cik)) in r.notes[0]


def test_every_rename_names_a_cik_the_ticker_file_holds_and_the_corpus_former_names_agree(corpus):
    rows = json.loads((corpus / "www.sec.gov/files/company_tickers_exchange.json").read_text())["data"]
    by_cik = {r[0]: r[1] for r in rows}
    checked = 0
    for e in successors.renames():
        assert e.cik in by_cik, e
        assert words_of(e.name).squashed == words_of(by_cik[e.cik]).squashed, (e.name, by_cik[e.cik])
        sub = corpus / f"data.sec.gov/submissions/CIK{e.cik:010d}.json"
        if sub.exists():
            former: dict[str, str] = {}  # the last day each name was used ("APPLE COMPUTER INC/ FA" is the same)
            for f in json.loads(sub.read_text())["formerNames"]:
                key = words_of(f["name"]).squashed
                former[key] = max(former.get(key, ""), f["to"][:10])
            assert former.get(words_of(e.former_name).squashed) == e.until.isoformat(), e
            checked += 1
        else:
            assert "Public record" in e.source and "no submissions file" in e.source
    assert checked >= 4


@pytest.mark.parametrize("query", ["Wal Mart Stores", "Dominion Resources"])
def test_a_former_name_never_resolves_to_the_trust_named_after_its_securities(sec, query):
    r = resolve_company(query)
    assert "STRATS" not in r.name and r.match_type == "former_name"


def test_words_after_for_in_a_securities_trusts_name_are_not_the_trust():
    trust = words_of("STRUCTURED PRODUCTS CORP CORTS TR FOR PECO ENERGY CAP TR III")
    assert match_words(words_of("PECO Energy"), trust).tier == Tier.SIMILAR
    fund = words_of("Invesco Trust for Investment Grade Municipals")  # a fund named for what it holds
    assert match_words(words_of("Investment Grade Municipals"), fund).tier == Tier.WORDS


def test_a_name_not_in_the_file_is_not_said_never_to_have_filed(sec):
    err = error_of("PECO Energy")  # only a CORTS trust named after PECO's securities is in the file
    assert err.code == "not_found" and "STRUCTURED PRODUCTS" not in err.message.split("spelled alike")[0]
    assert "current names only" in err.message and "former name" in err.suggestion


@pytest.mark.parametrize("query", ["99999999999", "CIK00001045810"])
def test_a_number_too_long_for_a_cik_is_an_invalid_argument_not_a_name(sec, query):
    err = error_of(query)
    assert err.code == "invalid_argument" and "10 digits" in err.message

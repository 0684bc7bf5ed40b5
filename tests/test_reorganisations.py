"""A ticker that moved to a new CIK (FIELD-NOTES T15): every history that stops at the reorganisation names the
predecessor CIK (edgar_cli/companies/successors.toml).

The corpus holds neither Marvell's nor Alphabet's facts or submissions, so tests/fixtures/reorganisations holds
small synthetic ones (round made-up figures, accession numbers 9999999999-..., never SEC data), served in
front of the corpus; the ticker file (MRVL -> 1835632, GOOGL -> 1652044) is the corpus' own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.capabilities.filings.filings import find_filing, list_filings
from edgar_cli.capabilities.resolve.resolve import resolve_company
from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.companies import successors
from edgar_cli.errors import EdgarError

FIXTURES = Path(__file__).parent / "fixtures" / "reorganisations"
XOM_FIXTURES = Path(__file__).parent / "fixtures" / "reorganisations-xom"
TICKER_FILE = Path("www.sec.gov") / "files" / "company_tickers_exchange.json"


def _overlay_client(corpus, tmp_path_factory, overlays: list[Path], today: str):
    """A mirror serving synthetic filers in front of the corpus, and one client over it."""
    from mirror import MirrorServer
    from support import client_over

    with MirrorServer(corpus, overlays=overlays) as srv:
        yield from client_over(srv.url, tmp_path_factory, today)


@pytest.fixture(scope="module")
def overlay_client(corpus, tmp_path_factory):
    from support import PINNED_TODAY

    yield from _overlay_client(corpus, tmp_path_factory, [FIXTURES], PINNED_TODAY)


@pytest.fixture
def sec(overlay_client, isolated_env):
    from edgar_cli.sec.client import set_client

    set_client(overlay_client)
    yield overlay_client


def test_the_fixtures_are_marked_synthetic_and_never_copy_the_corpus(corpus):
    for root in (FIXTURES, XOM_FIXTURES):
        for path in root.rglob("*.json"):
            text = path.read_text(encoding="utf-8")
            assert "SYNTHETIC" in text, path
            shadows = (corpus / path.relative_to(root)).exists()
            assert not shadows, f"{path} shadows a corpus file"


def test_a_fiscal_year_before_the_reorganisation_names_the_predecessor(sec):
    with pytest.raises(EdgarError) as info:
        get_financial_concept("MRVL", "revenue", fiscal_year=2019)
    err = info.value
    assert err.code == "not_found" and "the XBRL facts start at FY2020" in err.message
    assert "Marvell Technology Group Ltd. (CIK 1058057)" in err.message and "2021-04-20" in err.message
    assert err.suggestion == "Ask for CIK 1058057 for FY2019."
    assert err.extras["predecessor_cik"] == "0001058057"


def test_following_the_suggestion_reaches_the_predecessors_figure(sec):
    r = get_financial_concept("1058057", "revenue", fiscal_year=2019)
    assert [(v.fiscal_year, v.value, v.accession_number) for v in r.values] == [
        (2019, 500000000, "9999999999-20-000001")
    ]
    assert any("succeeded by Marvell Technology, Inc. (CIK 1835632)" in n for n in resolve_company("1058057").notes)


def test_a_series_that_starts_at_the_reorganisation_says_where_the_rest_is(sec):
    r = get_financial_concept("MRVL", "revenue")
    assert [v.fiscal_year for v in r.values] == [2022, 2021, 2020]
    assert any(
        n.startswith("The series starts at 2020-02-01 because of a reorganisation") and "CIK 1058057" in n
        for n in r.notes
    )
    truncated = get_financial_concept("MRVL", "revenue", limit=1)
    assert not any("CIK 1058057" in n for n in truncated.notes), "a page that does not reach the start says nothing"


def test_a_company_without_a_reorganisation_gets_no_such_note(sec):
    r = get_financial_concept("NVDA", "revenue", period="annual", limit=200)
    assert not any("reorganisation" in n for n in r.notes)


def test_alphabets_history_before_2015_is_under_google_inc(sec):
    with pytest.raises(EdgarError) as info:
        get_financial_concept("GOOGL", "revenue", fiscal_year=2012)
    assert "Google Inc. (CIK 1288776)" in info.value.message and "2015-10-02" in info.value.message
    assert resolve_company("Google").cik == "0001652044"


def test_the_filing_list_names_the_predecessor_when_it_reaches_the_start(sec):
    r = list_filings("MRVL")
    assert [f.form for f in r.filings] == ["10-K", "10-Q", "8-K12B"]
    assert any("CIK 1058057" in n for n in r.notes)
    assert not any("CIK 1058057" in n for n in list_filings("MRVL", limit=1).notes)


def test_an_annual_report_before_the_reorganisation_names_the_predecessor(sec):
    with pytest.raises(EdgarError) as info:
        find_filing("MRVL", form="10-K", fiscal_year=2019)
    assert info.value.code == "not_found" and "CIK 1058057" in info.value.message


def test_verify_names_the_predecessor_for_a_figure_before_the_reorganisation(sec):
    v = verify_answer("Marvell's fiscal 2019 revenue was $500 million.", company="MRVL")
    money = next(f for f in v.figures if f.text == "$500 million")
    assert money.status == "unchecked"
    assert any("CIK 1058057" in n for n in money.notes) and any("CIK 1058057" in n for n in v.notes)


def test_verify_adds_nothing_to_a_grounded_figure_after_the_reorganisation(sec):
    v = verify_answer("Marvell's fiscal 2022 revenue was $3.0 billion.", company="MRVL")
    assert all(f.status == "grounded" for f in v.figures)
    assert not any("1058057" in n for f in v.figures for n in f.notes) and not v.notes


def test_the_helpers_answer_only_for_periods_before_the_reorganisation():
    from datetime import date

    assert successors.period_note(1835632, date(2021, 1, 30)) is not None
    assert successors.period_note(1835632, date(2021, 4, 20)) is None
    assert successors.period_note(320193, date(2000, 1, 1)) is None
    assert successors.series_note(1835632, date(2023, 1, 28)) is None, "a series starting years later is not cut"
    assert successors.series_note(1652044, date(2013, 12, 31)) is not None


def _ticker_file_after_the_move(corpus: Path, into: Path) -> Path:
    """The corpus' own ticker file with one row changed, as the SEC serves it from 2026-07 (OpenBB #7587):
    XOM maps to the new holding company. Written at test time so that no corpus file is copied into the repo,
    and whole, since a ticker file of a few rows is (rightly) refused as partial by sec/validate.py."""
    import json

    doc = json.loads((corpus / TICKER_FILE).read_text(encoding="utf-8"))
    cik, name, ticker = (doc["fields"].index(f) for f in ("cik", "name", "ticker"))
    moved = [row for row in doc["data"] if row[ticker] == "XOM"]
    assert len(moved) == 1 and moved[0][cik] == 34088, "the corpus ticker file maps XOM to Exxon Mobil (CIK 34088)"
    moved[0][cik], moved[0][name] = 2115436, "ExxonMobil Holdings Corp"
    target = into / TICKER_FILE
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(doc), encoding="utf-8")
    return into


@pytest.fixture
def xom_2026(corpus, tmp_path_factory, isolated_env):
    """The SEC's ticker file as of 2026-07: XOM -> CIK 2115436, the holding company with one 10-Q."""
    from edgar_cli.sec.client import set_client

    moved = _ticker_file_after_the_move(corpus, tmp_path_factory.mktemp("tickers-2026"))
    for client in _overlay_client(corpus, tmp_path_factory, [XOM_FIXTURES, moved], "2026-09-01"):
        set_client(client)
        yield client


def test_a_ticker_moved_to_a_new_holding_company_names_the_cik_with_the_history(xom_2026):
    r = resolve_company("XOM")
    assert r.cik == "0002115436" and r.reorganisation.predecessor_cik == "0000034088"
    assert any("ask for CIK 34088 for earlier periods" in n for n in r.notes)
    with pytest.raises(EdgarError) as info:
        get_financial_concept("XOM", "revenue", fiscal_year=2024)
    err = info.value
    assert "Exxon Mobil Corp (CIK 34088)" in err.message and "2026-07-01" in err.message
    assert err.suggestion == "Ask for CIK 34088 for FY2024." and err.extras["predecessor_cik"] == "0000034088"

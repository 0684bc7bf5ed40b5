"""The SEC answering 200 with something wrong: every hostile mode ends bounded, structured and uncached.

Each test arms one path of a loopback server (tests/hostile.py; everything else is the corpus)
and asserts the bounded outcome: the error code (upstream_unavailable naming the URL, never
internal_error or a wrong not_found), nothing cached, and where the mode attacked memory or
time, peak traced memory and wall time. The bounds are generous (a loaded 2-core machine)
and still far from the failures they guard against: a 1 MB gzip bomb took a process to
3.4 GB, an endless body to 1.85 GB, a trickling server held one call 441 s.
"""

from __future__ import annotations

import json
import time
import tracemalloc

import pytest
import stamina

import reliability_kit as K
from edgar_cli.errors import EdgarError
from edgar_cli.sec import transport
from hostile import OFF_HOST, HostileServer, gzip_bomb

NVDA = 1045810
NVDA_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"
AAPL_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json"
NVDA_SUBMISSIONS = "/data.sec.gov/submissions/CIK0001045810.json"
TICKERS_EXCHANGE = "/www.sec.gov/files/company_tickers_exchange.json"
TICKERS = "/www.sec.gov/files/company_tickers.json"
NVDA_10K = "/www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
MEMORY_BOUND = 150 * 1024 * 1024  # traced bytes; bodies spill to disk past 16 MB; the failures were GBs


@pytest.fixture(scope="module")
def hostile(corpus):
    gzip_bomb()  # built once, before any request waits for it
    with HostileServer(corpus) as srv:
        yield srv


@pytest.fixture
def upstream(hostile):
    hostile.armed.clear()
    hostile.hits.clear()
    with stamina.set_testing(True, attempts=2):
        yield hostile
    hostile.armed.clear()


@pytest.fixture
def client(upstream, tmp_path):
    c = K.make_client(upstream.url, tmp_path / "cache")
    yield c
    c.close()


def sec_url(path: str) -> str:
    host, _, rest = path.lstrip("/").partition("/")
    return f"https://{host}/{rest}"


def refused(call) -> EdgarError:
    with pytest.raises(EdgarError) as info:
        call()
    return info.value


def bounded(call) -> tuple[EdgarError, float, int]:
    """(the error, seconds, peak traced bytes) of a call that must fail."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        err = refused(call)
    finally:
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return err, elapsed, peak


def assert_upstream_unavailable(err: EdgarError, path: str) -> None:
    assert err.code == "upstream_unavailable", err.to_dict()
    assert err.extras.get("url") == sec_url(path) or sec_url(path) in err.message, err.to_dict()


def cached(client) -> dict:
    return K.cache_entries(client.settings.cache_dir)


# --- shape ----------------------------------------------------------------------------------------


def test_a_ticker_file_holding_only_nvidia_is_refused_and_never_cached(upstream, client, tmp_path):
    from edgar_cli.capabilities.resolve import resolve_company

    upstream.arm(TICKERS_EXCHANGE, "shape", {"fields": ["cik", "name", "ticker", "exchange"],
                                             "data": [[NVDA, "NVIDIA CORP", "NVDA", "Nasdaq"]]})
    upstream.arm(TICKERS, "shape", {"0": {"cik_str": NVDA, "ticker": "NVDA", "title": "NVIDIA CORP"}})
    err = refused(lambda: resolve_company("AAPL", client=client))
    assert err.code == "upstream_unavailable" and "partial" in err.message, err.to_dict()  # not "not a filer"
    assert cached(client) == {}
    upstream.armed.clear()  # the upstream recovers: the same cache answers right away
    again = K.make_client(upstream.url, tmp_path / "cache")
    assert resolve_company("AAPL", client=again).cik == "0000320193"


def test_companyfacts_of_another_company_are_refused(upstream, client, corpus):
    from edgar_cli.capabilities.concepts import get_financial_concept

    upstream.arm(NVDA_FACTS, "shape", (corpus / AAPL_FACTS.lstrip("/")).read_bytes())
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert_upstream_unavailable(err, NVDA_FACTS)
    assert "320193" in err.message
    assert not [k for k in cached(client) if k.startswith("facts:")]


def test_submissions_whose_columns_differ_in_length_are_refused(upstream, client, corpus):
    from edgar_cli.capabilities.filings import list_filings

    doc = json.loads((corpus / NVDA_SUBMISSIONS.lstrip("/")).read_bytes())
    doc["filings"]["recent"]["form"] = doc["filings"]["recent"]["form"][:10]  # a partial copy
    upstream.arm(NVDA_SUBMISSIONS, "shape", doc)
    err = refused(lambda: list_filings("NVDA", client=client))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert not [k for k in cached(client) if k.startswith("submissions:")]


def test_a_search_answer_without_hits_is_refused(upstream, client):
    from edgar_cli.capabilities.search import search_full_text

    upstream.arm("/efts.sec.gov/LATEST/search-index", "shape", {"took": 3, "hits": {"total": "many"}})
    err = refused(lambda: search_full_text("climate change", forms=["8-K"], client=client))
    assert err.code == "upstream_unavailable" and "efts.sec.gov" in err.message, err.to_dict()
    assert not [k for k in cached(client) if k.startswith("efts:")]


def test_a_filing_document_of_binary_garbage_is_refused(upstream, client):
    upstream.arm(NVDA_10K, "shape", b"\x00\x01\x02" * 5000)
    err = refused(lambda: client.get_bytes(sec_url(NVDA_10K), kind="archive"))
    assert_upstream_unavailable(err, NVDA_10K)
    assert cached(client) == {}


# --- malformed JSON ---------------------------------------------------------------------------------


def test_nan_valued_companyfacts_are_upstream_unavailable_not_an_internal_error(upstream, client):
    from edgar_cli.capabilities.concepts import get_financial_concept

    upstream.arm(NVDA_FACTS, "nan")
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert_upstream_unavailable(err, NVDA_FACTS)
    assert "NaN" in err.message
    assert not [k for k in cached(client) if k.startswith("facts:")]


def test_json_nested_two_hundred_thousand_deep_is_upstream_unavailable(upstream, client):
    upstream.arm(NVDA_SUBMISSIONS, "deep")
    err = refused(lambda: client.get_json(sec_url(NVDA_SUBMISSIONS), kind="submissions"))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert "nested" in err.message


def test_the_cli_reports_nan_facts_as_upstream_unavailable_with_exit_8(upstream, cli, monkeypatch):
    upstream.arm(NVDA_FACTS, "nan")
    monkeypatch.setenv("EDGAR_MIRROR", upstream.url)
    r = cli("concept", "NVDA", "revenue", "--fy", "2024", "--json")
    assert r.rc == 8, (r.out, r.err)
    error = r.json()["error"]
    assert error["code"] == "upstream_unavailable" and error["url"] == sec_url(NVDA_FACTS)
    assert "Traceback" not in r.err


# --- size ------------------------------------------------------------------------------------------


def test_a_gzip_bomb_stops_at_the_cap_without_filling_memory_and_is_not_retried(upstream, client):
    upstream.arm(NVDA_FACTS, "gzip-bomb")
    err, seconds, peak = bounded(lambda: client.fetch_json(sec_url(NVDA_FACTS), kind="companyfacts"))
    assert_upstream_unavailable(err, NVDA_FACTS)
    assert "96 MB" in err.message and "decodes" in err.message
    assert peak < MEMORY_BOUND, peak  # was 3.4 GB
    assert seconds < 30, seconds
    assert upstream.hits[NVDA_FACTS] == 1  # over a cap: another try would only repeat the cost


def test_an_endless_body_stops_at_the_cap(upstream, client):
    upstream.arm(TICKERS_EXCHANGE, "endless")
    err, seconds, peak = bounded(lambda: client.get_json(sec_url(TICKERS_EXCHANGE), kind="tickers"))
    assert_upstream_unavailable(err, TICKERS_EXCHANGE)
    assert "16 MB" in err.message
    assert peak < MEMORY_BOUND, peak  # was 1.85 GB
    assert seconds < 30, seconds
    assert cached(client) == {}


def test_a_declared_two_gib_body_is_refused_before_it_is_read(upstream, client):
    upstream.arm(NVDA_SUBMISSIONS, "huge-length")
    err, seconds, peak = bounded(lambda: client.get_json(sec_url(NVDA_SUBMISSIONS), kind="submissions"))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert "Content-Length" in err.message
    assert seconds < 10 and peak < 16 * 1024 * 1024, (seconds, peak)
    assert cached(client) == {}


# --- time ------------------------------------------------------------------------------------------


@pytest.fixture
def short_deadline(monkeypatch):
    # Each byte comes well within the per-read timeout, so only the wall-clock deadline can end it.
    monkeypatch.setattr("edgar_cli.sec.client.REQUEST_TIMEOUT", 5.0)
    monkeypatch.setattr(transport, "REQUEST_DEADLINE", 2.0)


@pytest.mark.parametrize("mode", ["trickle-headers", "trickle-body"])
def test_a_trickling_server_is_cut_off_at_the_request_deadline(upstream, client, short_deadline, mode):
    upstream.arm(NVDA_SUBMISSIONS, mode)  # one byte every 0.3 s: an hour of trickle
    err, seconds, _peak = bounded(lambda: client.get_json(sec_url(NVDA_SUBMISSIONS), kind="submissions"))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert seconds < 15, seconds  # a 2 s deadline; was 441 s against a promise of 30
    assert cached(client) == {}


def test_a_command_deadline_bounds_every_request_of_the_command(upstream, client, monkeypatch):
    monkeypatch.setattr("edgar_cli.sec.client.REQUEST_TIMEOUT", 5.0)
    upstream.arm(NVDA_SUBMISSIONS, "trickle-body")
    started = time.perf_counter()
    with transport.command_deadline(1.5):
        err = refused(lambda: client.get_json(sec_url(NVDA_SUBMISSIONS), kind="submissions"))
    assert time.perf_counter() - started < 15
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)


# --- redirects --------------------------------------------------------------------------------------


def test_a_redirect_off_the_secs_hosts_is_never_followed(upstream, client):
    upstream.arm(NVDA_SUBMISSIONS, "redirect")
    err = refused(lambda: client.get_json(sec_url(NVDA_SUBMISSIONS), kind="submissions"))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert "redirect" in err.message and OFF_HOST in err.message
    assert upstream.hits[NVDA_SUBMISSIONS] == 1 and client.requests.urls == [sec_url(NVDA_SUBMISSIONS)]
    assert cached(client) == {}

"""Every capability under a misbehaving SEC: 30% of requests fail in every way the mirror knows.

The workload is every capability in the registry (tests/helpers/reliability_kit.py: the MCP
tools plus any capability function in edgar_cli/capabilities/) with a few
valid arguments each. It runs once fault-free, then ROUNDS times on cold caches
against a mirror that answers 30% of requests with 429 (with and without
Retry-After), 500, 503, a dropped connection, a truncated body, a cut or damaged
gzip stream, a 200 HTML maintenance page or a response slower than the client's
timeout. stamina's test mode keeps the same 4 attempts without the backoff waits.
benchmarks/reliability.py runs the same with more rounds and prints the figures.
"""

from __future__ import annotations

import gzip
import sqlite3

import pytest
import reliability_kit as K
import stamina
from mirror import FAULT_KINDS, Faults, MirrorServer

from edgar_cli.errors import EdgarError

ROUNDS = 6
FAULT_RATE = 0.3
CLIENT_TIMEOUT = 1.0  # seconds between bytes; the "slow" fault answers after 1.5 s
NVDA_10K = "/www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
NVDA_10K_URL = "https://www.sec.gov" + NVDA_10K.removeprefix("/www.sec.gov")


@pytest.fixture(scope="module")
def fault_run(corpus, tmp_path_factory):
    root = tmp_path_factory.mktemp("reliability")
    calls = K.workload()
    with pytest.MonkeyPatch.context() as mp, stamina.set_testing(True, attempts=4):
        mp.setenv("EDGAR_TODAY", "2026-07-01")
        with MirrorServer(corpus, gzip=True) as clean_mirror:
            clean = K.baseline(clean_mirror.url, root / "fault-free", calls)
        reference = K.cache_entries(root / "fault-free")
        mp.setattr("edgar_cli.sec.client.REQUEST_TIMEOUT", CLIENT_TIMEOUT)
        faults = Faults(rate=FAULT_RATE, kinds=FAULT_KINDS, seed=20260701, retry_after="0", slow_seconds=1.5)
        with MirrorServer(corpus, faults=faults, gzip=True) as faulty:
            report = K.fault_run(faulty, clean, root / "faulty", rounds=ROUNDS, calls=calls)
            audit = K.audit_cache(faulty, report.cache_dirs, reference)
    return {"calls": calls, "clean": clean, "report": report, "audit": audit}


def test_every_registered_capability_is_part_of_the_workload(fault_run):
    names = {fn.__name__ for fn, _ in fault_run["calls"]}
    assert names == {fn.__name__ for fn in K.capabilities()}
    assert {"resolve_company", "get_financial_concept", "search_full_text"} <= names
    assert K.uncovered() == []


def test_the_fault_free_run_answers_most_calls_with_data(fault_run):
    kinds = [o.kind for o in fault_run["clean"].values()]
    assert "crash" not in kinds
    assert not [o.code for o in fault_run["clean"].values() if o.code in K.TRANSIENT]
    assert kinds.count("ok") >= len(kinds) // 2


def test_every_kind_of_fault_was_injected_at_about_thirty_percent(fault_run):
    report = fault_run["report"]
    assert set(report.faults) == set(FAULT_KINDS), report.faults
    injected = sum(report.faults.values())
    assert report.requests >= 100  # 404s are remembered (NEGATIVE_FRESHNESS): fewer requests than calls
    assert 0.2 <= injected / report.requests <= 0.4, (injected, report.requests)


def test_thirty_percent_faults_never_produce_a_traceback(fault_run):
    assert fault_run["report"].tracebacks == []


def test_every_call_ends_with_the_fault_free_answer_or_a_structured_error(fault_run):
    report = fault_run["report"]
    assert report.mismatches == []
    assert report.calls == ROUNDS * len(fault_run["calls"])
    assert report.identical + report.structured_errors + report.declared_partial == report.calls
    assert report.identical >= report.calls * 0.8  # four attempts: most faults are absorbed


def test_no_call_hangs_under_faults(fault_run):
    seconds, label = fault_run["report"].slowest
    assert seconds < 20, label  # 4 attempts x a 1 s timeout, plus parsing


def test_after_the_fault_run_every_cache_entry_verifies_and_matches_the_corpus(fault_run):
    audit = fault_run["audit"]
    assert audit.checked >= 50
    assert audit.bad == []


# --- the faults one at a time, where a bug was found ---------------------------------


@pytest.fixture
def private(corpus):
    """A mirror of its own, so responses scripted here can never reach another test."""
    with MirrorServer(corpus) as srv:
        yield srv


@pytest.fixture
def fast(monkeypatch):
    with stamina.set_testing(True, attempts=4):
        yield


def _client(mirror, tmp_path):
    return K.make_client(mirror.url, tmp_path / "cache")


def test_a_gzip_stream_cut_short_is_retried_and_never_cached(private, tmp_path, fast):
    # httpx decodes a truncated gzip stream without complaint; the client checks the stream's end itself.
    whole = (private.corpus / NVDA_10K.lstrip("/")).read_bytes()
    packed = gzip.compress(whole, mtime=0)
    cut = (200, {"Content-Type": "text/html", "Content-Encoding": "gzip"}, packed[: len(packed) // 3])
    private.script(NVDA_10K, cut, cut)
    client = _client(private, tmp_path)
    assert client.get_bytes(NVDA_10K_URL, kind="archive") == whole  # third attempt: the corpus
    private.script(NVDA_10K, *[cut] * 4)
    other = K.make_client(private.url, tmp_path / "other")
    with pytest.raises(EdgarError) as info:
        other.get_bytes(NVDA_10K_URL, kind="archive")
    assert info.value.code == "upstream_unavailable"
    assert K.cache_entries(tmp_path / "other") == {}


def test_a_body_that_is_not_gzip_although_it_says_so_is_upstream_unavailable(private, tmp_path, fast):
    bad = (200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, b"not gzip")
    private.script("/www.sec.gov/files/company_tickers_exchange.json", *[bad] * 4)
    with pytest.raises(EdgarError) as info:
        _client(private, tmp_path).get_json("https://www.sec.gov/files/company_tickers_exchange.json", kind="tickers")
    assert info.value.code == "upstream_unavailable"


def test_a_200_maintenance_page_in_place_of_a_filing_document_is_never_served_or_cached(private, tmp_path, fast):
    page = (200, {"Content-Type": "text/html"}, b"<html><body>EDGAR is undergoing maintenance</body></html>")
    private.script(NVDA_10K, *[page] * 4)
    client = _client(private, tmp_path)
    with pytest.raises(EdgarError) as info:
        client.get_bytes(NVDA_10K_URL, kind="archive")
    assert info.value.code == "upstream_unavailable"
    assert K.cache_entries(tmp_path / "cache") == {}
    full_text = "/www.sec.gov/Archives/edgar/data/1045810/000104581026000024/0001045810-26-000024.txt"
    private.script(full_text, (200, {"Content-Type": "text/html"}, b"<!DOCTYPE html><html><p>Error</p></html>"))
    body = client.get_bytes("https://www.sec.gov" + full_text.removeprefix("/www.sec.gov"), kind="archive")
    assert body.startswith(b"<SEC-DOCUMENT>")  # the HTML page was retried; the .txt came on attempt two


def test_a_shared_rate_limiter_that_breaks_mid_run_falls_back_with_a_warning(private, tmp_path, fast):
    warnings: list[str] = []
    client = K.make_client(private.url, tmp_path / "cache")
    client._warn = warnings.append
    limiter = client._rate_limiter()
    limiter._warn = warnings.append

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    limiter._limiter.try_acquire = broken
    assert client.get_json("https://www.sec.gov/files/company_tickers.json", kind="tickers")
    assert any("rate limiter" in w for w in warnings)


def test_three_processes_sharing_a_cache_dir_never_send_more_than_ten_requests_in_a_second(private, tmp_path):
    # A regression test for the load figure of benchmarks/reliability.py: each `compare` fetches its
    # four companies at once, so three of them together ask for more than ten requests a second.
    import subprocess

    from support import edgar_command, edgar_env

    env = edgar_env(private.url, tmp_path / "c")
    first = len(private.log)
    procs = [
        subprocess.Popen(
            edgar_command() + ["--no-cache", "compare", concept, "NVDA", "AAPL", "TSLA", "SNOW", "--json"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for concept in ("revenue", "net_income", "eps_diluted")
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [17, 17, 17], errors  # four fiscal calendars: not comparable
    arrivals = [e.t for e in private.log[first:]]
    assert len(arrivals) >= 15
    assert K.max_in_one_second(arrivals) <= 10


def test_when_the_exchange_ticker_file_is_unavailable_the_answer_does_not_silently_change(private, tmp_path, fast):
    from edgar_cli.capabilities.resolve.resolve import resolve_company

    clean = resolve_company("NVDA", client=K.make_client(private.url, tmp_path / "clean"))
    assert clean.exchange == "Nasdaq"
    private.script("/www.sec.gov/files/company_tickers_exchange.json", *[(503, {}, b"")] * 4)
    try:
        degraded = resolve_company("NVDA", client=K.make_client(private.url, tmp_path / "faulty"))
    except EdgarError as exc:
        assert exc.code in K.TRANSIENT  # refusing is fine
        return
    assert degraded.model_dump() == clean.model_dump() or degraded.notes  # else: a silent change


def test_when_every_companys_facts_are_unavailable_compare_says_upstream_unavailable(private, tmp_path, fast):
    from edgar_cli.capabilities.compare.compare import compare_companies

    for cik in ("0001045810", "0000320193"):
        private.script(f"/data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json", *[(503, {}, b"")] * 4)
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "AAPL"], client=K.make_client(private.url, tmp_path / "c"))
    assert info.value.code in K.TRANSIENT, info.value.to_dict()

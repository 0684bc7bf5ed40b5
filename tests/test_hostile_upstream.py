"""The SEC answering 200 with something wrong: every hostile mode ends bounded, structured and uncached.

Each test arms one path of a loopback server (tests/helpers/hostile.py; everything else is the corpus)
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
from pathlib import Path

import pytest
import reliability_kit as K
from hostile import OFF_HOST, HostileServer, gzip_bomb

from edgar_cli.errors import EdgarError
from edgar_cli.sec import transport

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
    from edgar_cli.capabilities.resolve.resolve import resolve_company

    upstream.arm(
        TICKERS_EXCHANGE,
        "shape",
        {"fields": ["cik", "name", "ticker", "exchange"], "data": [[NVDA, "NVIDIA CORP", "NVDA", "Nasdaq"]]},
    )
    upstream.arm(TICKERS, "shape", {"0": {"cik_str": NVDA, "ticker": "NVDA", "title": "NVIDIA CORP"}})
    err = refused(lambda: resolve_company("AAPL", client=client))
    assert err.code == "upstream_unavailable" and "partial" in err.message, err.to_dict()  # not "not a filer"
    assert cached(client) == {}
    upstream.armed.clear()  # the upstream recovers: the same cache answers right away
    again = K.make_client(upstream.url, tmp_path / "cache")
    assert resolve_company("AAPL", client=again).cik == "0000320193"


def test_companyfacts_of_another_company_are_refused(upstream, client, corpus):
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    upstream.arm(NVDA_FACTS, "shape", (corpus / AAPL_FACTS.lstrip("/")).read_bytes())
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert_upstream_unavailable(err, NVDA_FACTS)
    assert "320193" in err.message
    assert not [k for k in cached(client) if k.startswith("facts:")]


def test_submissions_whose_columns_differ_in_length_are_refused(upstream, client, corpus):
    from edgar_cli.capabilities.filings.filings import list_filings

    doc = json.loads((corpus / NVDA_SUBMISSIONS.lstrip("/")).read_bytes())
    doc["filings"]["recent"]["form"] = doc["filings"]["recent"]["form"][:10]  # a partial copy
    upstream.arm(NVDA_SUBMISSIONS, "shape", doc)
    err = refused(lambda: list_filings("NVDA", client=client))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert not [k for k in cached(client) if k.startswith("submissions:")]


def test_a_search_answer_without_hits_is_refused(upstream, client):
    from edgar_cli.capabilities.search.search import search_full_text

    upstream.arm("/efts.sec.gov/LATEST/search-index", "shape", {"took": 3, "hits": {"total": "many"}})
    err = refused(lambda: search_full_text("climate change", forms=["8-K"], client=client))
    assert err.code == "upstream_unavailable" and "efts.sec.gov" in err.message, err.to_dict()
    assert not [k for k in cached(client) if k.startswith("efts:")]


def test_a_filing_document_of_binary_garbage_is_refused(upstream, client):
    upstream.arm(NVDA_10K, "shape", b"\x00\x01\x02" * 5000)
    err = refused(lambda: client.get_bytes(sec_url(NVDA_10K), kind="archive"))
    assert_upstream_unavailable(err, NVDA_10K)
    assert cached(client) == {}


def _columns(doc: dict, **cells) -> dict:
    recent = doc["filings"]["recent"]
    for name, value in cells.items():
        recent[name] = [value] * len(recent["accessionNumber"])
    return doc


@pytest.mark.parametrize(
    "cells",
    [
        {"form": 1},
        {"filingDate": "notadate"},
        {"filingDate": None},
        {"accessionNumber": "../../x"},
        {"reportDate": 5},
        {"primaryDocument": {}},
        {"isXBRL": "yes"},
    ],
    ids=lambda c: next(iter(c)),
)
def test_submissions_whose_filings_are_of_the_wrong_types_are_refused_not_listed_or_cached(
    upstream, client, corpus, cells
):
    # NVIDIA's real submissions file (1,007 recent filings, 0001045810-25-000023 among them) with one column of
    # every row replaced: it used to be cached and listed as filings of form "1", or as no filings at all.
    from edgar_cli.capabilities.filings.filings import list_filings

    doc = json.loads((corpus / NVDA_SUBMISSIONS.lstrip("/")).read_bytes())
    assert "0001045810-25-000023" in doc["filings"]["recent"]["accessionNumber"]
    upstream.arm(NVDA_SUBMISSIONS, "shape", _columns(doc, **cells))
    err = refused(lambda: list_filings("NVDA", client=client))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert "malformed filings" in err.message and next(iter(cells)) in err.message, err.message
    assert not [k for k in cached(client) if k.startswith(("submissions:", "missing:"))]


@pytest.mark.parametrize("field,value", [("name", 5), ("tickers", {"a": 1})])
def test_a_submissions_header_of_the_wrong_types_is_refused(upstream, client, corpus, field, value):
    from edgar_cli.capabilities.filings.filings import list_filings

    doc = json.loads((corpus / NVDA_SUBMISSIONS.lstrip("/")).read_bytes())
    doc[field] = value  # was shown as the company's name "5", its ticker "a"
    upstream.arm(NVDA_SUBMISSIONS, "shape", doc)
    err = refused(lambda: list_filings("NVDA", client=client))
    assert_upstream_unavailable(err, NVDA_SUBMISSIONS)
    assert field in err.message
    assert not [k for k in cached(client) if k.startswith("submissions:")]


def _efts_page(corpus) -> tuple[Path, dict]:
    path = next(iter(sorted((corpus / "efts.sec.gov/LATEST/search-index").glob("*.json"))))
    return path, json.loads(path.read_bytes())


@pytest.mark.parametrize(
    "where,field,value",
    [
        ("_source", "ciks", 5),
        ("_source", "items", 5),
        ("_source", "file_type", {"a": 1}),
        ("hit", "_score", "abc"),
        ("_source", "display_names", "abc"),
        ("hit", "_id", 5),
    ],
    ids=lambda v: str(v),
)
def test_a_search_answer_with_hits_of_the_wrong_types_is_upstream_unavailable_not_a_bug(
    upstream, client, corpus, where, field, value
):
    # The recorded 8-K search for "climate change" (100 hits) with one field of every hit replaced: it was
    # cached, then every search raised TypeError or a pydantic ValidationError (internal_error) for an hour.
    from edgar_cli.capabilities.search.search import search_full_text

    _path, page = _efts_page(corpus)
    for hit in page["hits"]["hits"]:
        (hit["_source"] if where == "_source" else hit)[field] = value
    upstream.arm("/efts.sec.gov/LATEST/search-index", "shape", page)
    err = refused(lambda: search_full_text("climate change", forms=["8-K"], client=client))
    assert err.code == "upstream_unavailable" and "malformed hits" in err.message, err.to_dict()
    assert not [k for k in cached(client) if k.startswith("efts:")]


def test_a_search_answer_with_a_negative_total_is_refused(upstream, client, corpus):
    from edgar_cli.capabilities.search.search import search_full_text

    _path, page = _efts_page(corpus)
    page["hits"]["total"]["value"] = -5
    upstream.arm("/efts.sec.gov/LATEST/search-index", "shape", page)
    err = refused(lambda: search_full_text("climate change", forms=["8-K"], client=client))
    assert err.code == "upstream_unavailable" and "not a count" in err.message, err.to_dict()


@pytest.mark.parametrize(
    "column,value",
    [(1, 5), (1, None), (3, {"a": 1}), (0, -320193), (0, 10**15)],
    ids=["name-int", "name-null", "exchange-object", "cik-negative", "cik-15-digits"],
)
def test_a_ticker_file_of_the_wrong_types_is_refused_and_the_plain_ticker_file_answers(
    upstream, client, corpus, column, value
):
    # The corpus' company_tickers_exchange.json (10,218 rows) with one column of every row replaced: names of
    # another type made "Apple" not a filer for 24 h; a 15-digit CIK made AAPL resolve to CIK 1000000000000000.
    from edgar_cli.capabilities.resolve.resolve import resolve_company

    doc = json.loads((corpus / TICKERS_EXCHANGE.lstrip("/")).read_bytes())
    for row in doc["data"]:
        row[column] = value
    upstream.arm(TICKERS_EXCHANGE, "shape", doc)
    found = resolve_company("Apple", client=client)  # from company_tickers.json, the designed fallback
    assert (found.cik, found.name) == ("0000320193", "Apple Inc.")
    assert not [k for k in cached(client) if k.startswith("tickers:") and k.endswith("_exchange.json")]


def test_a_ticker_file_of_one_company_repeated_is_partial(upstream, client):
    from edgar_cli.capabilities.resolve.resolve import resolve_company

    rows = [[320193, "Apple Inc.", "AAPL", "Nasdaq"]] * 2000
    upstream.arm(TICKERS_EXCHANGE, "shape", {"fields": ["cik", "name", "ticker", "exchange"], "data": rows})
    upstream.arm(
        TICKERS, "shape", {str(i): {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."} for i in range(2000)}
    )
    err = refused(lambda: resolve_company("NVDA", client=client))
    assert err.code == "upstream_unavailable" and "1 companies in 2000 rows" in err.message, err.to_dict()
    assert cached(client) == {}


# --- malformed JSON ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "prefix",
    [b"", b"\xef\xbb\xbf", b"<!-- cached by a proxy -->\n", b'<?xml version="1.0" encoding="UTF-8"?>\n'],
    ids=["plain", "bom", "comment", "prolog"],
)
@pytest.mark.parametrize("page", ["SEC.AutomatedTool.html", "rate-exceeded.html"])
def test_the_secs_own_error_pages_served_200_for_a_filing_document_are_refused_and_never_cached(
    upstream, client, corpus, page, prefix
):
    # The SEC's real pages (recorded in the corpus, 4.8 and 5.2 KB: over the 4 KB under which any page saying
    # "maintenance" or "rate" is taken for an error page) in place of NVIDIA's FY2025 10-K: the document would be
    # cached for good (Archives never change), so it must be refused before anything is stored.
    body = prefix + (corpus / "_unplaced" / "sec-error-pages" / page).read_bytes()
    assert len(body) > 4096
    upstream.arm(NVDA_10K, "shape", body)
    err = refused(lambda: client.get_bytes(sec_url(NVDA_10K), kind="archive"))
    assert_upstream_unavailable(err, NVDA_10K)
    assert cached(client) == {}


def test_a_fact_value_beyond_any_reported_figure_is_skipped_not_kept(upstream, client, corpus):
    # 1e300 is a finite float, so JSON parsing lets it through; no XBRL figure comes near it. Every filing's row
    # of NVIDIA's FY2024 revenue (0001045810-24-000029, -25-000023, -26-000021: 60,922,000,000) made 1e300:
    # the rows are dropped as malformed, so FY2024 is not reported, never reported as 1e300.
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    doc = json.loads((corpus / NVDA_FACTS.lstrip("/")).read_bytes())
    rows = doc["facts"]["us-gaap"]["Revenues"]["units"]["USD"]
    hit = [r for r in rows if r["end"] == "2024-01-28" and r.get("start") == "2023-01-30"]
    assert sorted(r["accn"] for r in hit) == ["0001045810-24-000029", "0001045810-25-000023", "0001045810-26-000021"]
    for r in hit:
        r["val"] = 1e300
    upstream.arm(NVDA_FACTS, "shape", json.dumps(doc).encode())
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert err.code == "not_found" and "1e+300" not in err.message
    latest = get_financial_concept("NVDA", "revenue", client=client)  # the other years stand as filed
    assert all(abs(v.value) < 1e18 for v in latest.values) and latest.values[0].value == 215938000000


def test_companyfacts_with_no_facts_are_not_found_and_never_cached(upstream, client, corpus):
    # A body of the right shape holding nothing would otherwise stand for a week as "reports no revenue".
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    upstream.arm(NVDA_FACTS, "shape", json.dumps({"cik": NVDA, "entityName": "NVIDIA CORP", "facts": {}}).encode())
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert err.code == "not_found", err.to_dict()
    assert "no XBRL financial facts" in err.message
    assert not [k for k in cached(client) if k.startswith("facts:")]
    upstream.armed.clear()  # the upstream recovers: the next call answers from the SEC, not from a remembered miss
    assert get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client).values[0].value == 60922000000


def test_companyfacts_holding_only_cover_page_facts_served_once_are_never_cached(upstream, tmp_path, corpus):
    # NVIDIA's real companyfacts stripped to its dei facts (shares outstanding, public float), served once: the
    # answer was "reports no value for revenue" for a week, the clean upstream never asked again.
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    doc = json.loads((corpus / NVDA_FACTS.lstrip("/")).read_bytes())
    doc["facts"] = {"dei": doc["facts"]["dei"]}
    upstream.arm(NVDA_FACTS, "shape", doc, times=1)
    first = K.make_client(upstream.url, tmp_path / "cache")
    try:
        get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=first)
    except EdgarError as exc:  # answered as the body says (no revenue in it): that call only
        assert exc.code == "not_found", exc.to_dict()
    else:
        raise AssertionError("a body without revenue answered a revenue figure")
    finally:
        first.close()
    assert upstream.hits[NVDA_FACTS] == 1
    assert not [k for k in K.cache_entries(tmp_path / "cache") if k.startswith("facts:")]
    again = K.make_client(upstream.url, tmp_path / "cache")  # the next call: the clean upstream is asked again
    try:  # 60,922,000,000 as filed in 0001045810-24-000029
        assert get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=again).values[0].value == 60922000000
    finally:
        again.close()


_EMPTIED_FACTS = {
    "rows-empty": lambda units: {unit: [] for unit in units},  # every unit's list of rows empty
    "units-empty": lambda units: {},  # every concept without units
    "one-bad-row": lambda units: {"USD": [{"val": "x"}]},  # a few rows in all, every one malformed
}


@pytest.mark.parametrize("case", sorted(_EMPTIED_FACTS))
def test_companyfacts_whose_every_fact_is_malformed_are_upstream_unavailable_not_an_absence(
    upstream, client, corpus, case
):
    # NVIDIA's real companyfacts with every concept's rows emptied or malformed: the concepts are there, so the
    # company does file XBRL facts; calling that "hold no XBRL financial facts" (not_found) was a false absence.
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    doc = json.loads((corpus / NVDA_FACTS.lstrip("/")).read_bytes())
    concepts = [body for tax in doc["facts"].values() for body in tax.values()]
    for body in concepts:
        body["units"] = _EMPTIED_FACTS[case](body["units"])
    if case == "one-bad-row":
        doc["facts"] = {"us-gaap": {"Revenues": concepts[0]}}
    upstream.arm(NVDA_FACTS, "shape", doc)
    err = refused(lambda: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client))
    assert_upstream_unavailable(err, NVDA_FACTS)
    assert "no XBRL financial facts" not in err.message
    assert not [k for k in cached(client) if k.startswith(("facts:", "missing:"))]
    upstream.armed.clear()  # the upstream recovers: 60,922,000,000 as filed in 0001045810-24-000029
    assert get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client).values[0].value == 60922000000


# a taxonomy key that is not an object: its name reaches the retry line (validate.py's InvalidBody message)
FORGED_KEY = "ev\x1b]0;t\x07\u009b\u202e\u061c\u2028\nwarning: forged"  # under the message's 30 characters


@pytest.mark.parametrize("log_format", ["plain", "json"])
def test_an_upstream_key_with_escapes_or_a_newline_reaches_stderr_escaped_and_forges_no_line(
    upstream, corpus, tmp_path, log_format
):
    # The retry announcement printed the InvalidBody message raw: ESC, OSC, a one-character CSI and bidi marks
    # reached the terminal, and its newline forged a "warning:" line (under EDGAR_LOG_FORMAT=json too, as text).

    from support import NVDA_REVENUE_FY2024_ARGS, edgar_env, run_edgar

    doc = json.loads((corpus / NVDA_FACTS.lstrip("/")).read_bytes())
    doc["facts"][FORGED_KEY] = "not an object"
    upstream.arm(NVDA_FACTS, "shape", doc, times=1)  # one hostile answer, then the corpus: the retry succeeds
    mirror_url = upstream.url.replace("http://", "http://me:MirrorPw7@")
    env = edgar_env(mirror_url, tmp_path / "cache", EDGAR_LOG_FORMAT=log_format)
    proc = run_edgar(NVDA_REVENUE_FY2024_ARGS, env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["values"][0]["value"] == 60922000000  # 0001045810-24-000029, after the retry
    err = proc.stderr
    assert upstream.hits[NVDA_FACTS] == 1 and "forged" in err  # the retry was announced, naming the key
    assert not [ch for ch in "\x1b\x07\x9b\u202e\u061c\u2028" if ch in err], repr(err)
    assert not [line for line in err.splitlines() if not line.startswith(("edgar: ", "{"))], err  # none forged
    assert "MirrorPw7" not in err
    if log_format == "json":
        events = [json.loads(line) for line in err.splitlines()]
        retries = [e for e in events if e["event"] == "retry"]
        assert len(retries) == 1 and "forged" in retries[0]["message"] and retries[0]["level"] == "warning"


def test_nan_valued_companyfacts_are_upstream_unavailable_not_an_internal_error(upstream, client):
    from edgar_cli.capabilities.concept.concept import get_financial_concept

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


# --- the bulk archive download (edgar sync: SecClient.download) --------------------------------------

BULK = "/www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip"
ARCHIVE = b"PK\x03\x04" + bytes(200_000)  # its bytes do not matter here: sync checks the zip afterwards


@pytest.fixture
def small_download(monkeypatch):
    """The download's bounds, shrunk so each hostile mode meets one within seconds."""
    monkeypatch.setattr("edgar_cli.sec.client.DOWNLOAD_LIMIT", 1 << 20)
    monkeypatch.setattr("edgar_cli.sec.client.DOWNLOAD_HEADERS_SECONDS", 1.5)
    monkeypatch.setattr("edgar_cli.sec.client.STALL_SECONDS", 1.5)


def download(client, tmp_path):
    return client.download(sec_url(BULK), tmp_path / "bulk" / "companyfacts.zip")


def leftovers(tmp_path) -> dict[str, int]:
    folder = tmp_path / "bulk"
    return {p.name: p.stat().st_size for p in folder.iterdir()} if folder.exists() else {}


def test_an_endless_archive_stops_at_the_cap_and_leaves_nothing_on_disk(upstream, client, tmp_path, small_download):
    upstream.arm(BULK, "endless")
    err, seconds, peak = bounded(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert "1 GiB" not in err.message and "edgar accepts for an archive" in err.message, err.message
    assert upstream.hits[BULK] == 1  # over the cap: not retried
    assert leftovers(tmp_path) == {}  # was: 1.25 GB written in 20 s, without end
    assert seconds < 30 and peak < MEMORY_BOUND, (seconds, peak)


def test_an_archive_declared_over_the_cap_is_refused_before_it_is_read(upstream, client, tmp_path, small_download):
    upstream.arm(BULK, "huge-length")  # 2 GiB declared, over the (shrunk) cap
    err, seconds, _peak = bounded(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert f"{2 << 30:,} bytes" in err.message and "not read" in err.message, err.message
    assert upstream.hits[BULK] == 1 and seconds < 10
    assert leftovers(tmp_path) == {}


@pytest.mark.parametrize("mode", ["trickle-headers", "trickle-body"])
def test_a_trickling_archive_server_is_cut_off(upstream, client, tmp_path, small_download, mode):
    upstream.arm(BULK, mode, ARCHIVE)  # one byte every 0.3 s: the download ran for hours (killed at 100 s)
    err, seconds, _peak = bounded(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert seconds < 20, seconds
    assert "companyfacts.zip" not in leftovers(tmp_path)  # never installed


def test_a_304_to_a_first_download_is_not_an_archive(upstream, client, tmp_path):
    upstream.arm(BULK, "not-modified")
    err = refused(lambda: download(client, tmp_path))  # was: FileNotFoundError (a traceback)
    assert_upstream_unavailable(err, BULK)
    assert "304" in err.message and "not conditional" in err.message
    assert "companyfacts.zip" not in leftovers(tmp_path)


def test_a_maintenance_page_is_not_installed_as_the_archive(upstream, client, tmp_path):
    upstream.arm(BULK, "html")
    err = refused(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert "HTML" in err.message
    assert "companyfacts.zip" not in leftovers(tmp_path)


def test_a_resumed_download_answered_from_another_version_starts_over(upstream, client, tmp_path):
    upstream.arm(BULK, "range-switch", ARCHIVE)
    err = refused(lambda: download(client, tmp_path))  # cut halfway, then 206 of an ETag "v2" of another length
    assert_upstream_unavailable(err, BULK)
    assert "another version" in err.message, err.message
    assert leftovers(tmp_path) == {}  # the first version's half is not kept to be spliced with the second's


def test_a_part_grown_past_the_declared_length_is_deleted_not_kept_to_resume(upstream, client, tmp_path):
    # Cut halfway, then a 206 whose body runs past its Content-Range: the part (longer than the archive) was
    # kept, and every later sync asked for a range past the end (416) and failed again, for good.
    upstream.arm(BULK, "range-overlong", ARCHIVE)
    err = refused(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert "past" in err.message, err.message
    assert leftovers(tmp_path) == {}
    again = refused(lambda: download(client, tmp_path))  # the next sync starts over, not from the long part
    assert "416" not in again.message, again.message


def test_a_redirect_of_the_archive_is_not_followed(upstream, client, tmp_path):
    upstream.arm(BULK, "redirect")
    err = refused(lambda: download(client, tmp_path))
    assert_upstream_unavailable(err, BULK)
    assert upstream.hits[BULK] == 1 and "companyfacts.zip" not in leftovers(tmp_path)


def test_a_disk_too_small_for_the_archive_is_a_clear_error_not_a_traceback(upstream, client, tmp_path, monkeypatch):
    import shutil
    from collections import namedtuple

    Usage = namedtuple("Usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda _p: Usage(10**9, 10**9 - 4096, 4096))
    upstream.arm(BULK, "shape", ARCHIVE)
    err = refused(lambda: download(client, tmp_path))  # was: OSError [Errno 28]/[Errno 27] from write()
    assert err.code == "internal_error" and "Free disk space" in err.suggestion, err.to_dict()
    assert f"{len(ARCHIVE):,} more bytes" in err.message and err.extras["url"] == sec_url(BULK)
    assert "companyfacts.zip" not in leftovers(tmp_path)


@pytest.mark.parametrize("mode", ["not-modified", "html"])
@pytest.mark.parametrize(
    "path,kind", [(NVDA_SUBMISSIONS, "submissions"), (NVDA_FACTS, "companyfacts"), (TICKERS_EXCHANGE, "tickers")]
)
def test_a_304_with_nothing_cached_or_an_html_page_is_upstream_unavailable_for_every_json_kind(
    upstream, client, path, kind, mode
):
    upstream.arm(path, mode)
    err = refused(lambda: client.get_json(sec_url(path), kind=kind))
    assert_upstream_unavailable(err, path)
    assert ("not conditional" if mode == "not-modified" else "HTML") in err.message, err.message
    assert cached(client) == {}

"""The SEC client: retries, error mapping, body validation, cache integrity, rate limit.

These use httpx.MockTransport with small hand-written responses; no network.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import textwrap
import threading
import time

import httpx
import pytest
import stamina

from edgar_cli.config import Settings, resolve_user_agent
from edgar_cli.errors import EdgarError
from edgar_cli.sec import urls
from edgar_cli.sec.client import SecClient, _Retryable, backoff_hook, parse_retry_after
from edgar_cli.sec.ratelimit import RateLimiter

URL = "https://data.sec.gov/submissions/CIK0000320193.json"
# The smallest submissions file the client accepts (sec/validate.py): the CIK asked for, empty filings.
GOOD = {
    "cik": "320193",
    "name": "Apple Inc.",
    "filings": {"recent": {"accessionNumber": [], "form": [], "filingDate": []}, "files": []},
}


@pytest.fixture(autouse=True)
def fast_retries():
    stamina.set_testing(True, attempts=4)
    yield
    stamina.set_testing(False)


def make_client(tmp_path, responses, **kw):
    """A client whose transport answers from a list of (status, headers, body) in order."""
    calls = []
    queue = list(responses)

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        status, headers, body = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        return httpx.Response(status, headers=headers, content=body)

    settings = Settings(user_agent="Jane Doe jane@example.com", cache_dir=tmp_path / "cache", **kw)
    client = SecClient(settings, transport=httpx.MockTransport(handler))
    return client, calls


JSON = {"Content-Type": "application/json"}


def test_429_is_retried_honouring_retry_after(tmp_path):
    client, calls = make_client(tmp_path, [(429, {"Retry-After": "0"}, b""), (429, {}, b""), (200, JSON, GOOD)])
    assert client.get_json(URL, kind="submissions") == GOOD
    assert len(calls) == 3
    assert calls[0].headers["User-Agent"] == "Jane Doe jane@example.com"


def test_the_backoff_hook_waits_as_long_as_retry_after_says():
    assert backoff_hook(_Retryable("rate_limited", "429", retry_after=7.0)) == 7.0
    assert backoff_hook(_Retryable("rate_limited", "429", retry_after=600.0)) == 30.0  # bounded
    assert backoff_hook(_Retryable("upstream_unavailable", "503")) is True
    assert backoff_hook(ValueError("not ours")) is False
    assert parse_retry_after("12") == 12.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == pytest.approx(10.0)
    assert parse_retry_after("soon") is None


def test_a_429_storm_ends_in_rate_limited(tmp_path):
    client, calls = make_client(tmp_path, [(429, {}, b"Too Many Requests")])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "rate_limited" and len(calls) == 4


@pytest.mark.parametrize("status", [500, 502, 503])
def test_server_errors_are_retried_then_upstream_unavailable(tmp_path, status):
    client, calls = make_client(tmp_path, [(status, {}, b"oops")])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "upstream_unavailable" and len(calls) == 4


def test_a_transient_503_then_success_returns_the_data(tmp_path):
    client, calls = make_client(tmp_path, [(503, {}, b""), (200, JSON, GOOD)])
    assert client.get_json(URL, kind="submissions") == GOOD and len(calls) == 2


def test_connection_errors_are_retried(tmp_path):
    attempts = []

    def handler(request):
        attempts.append(request)
        if len(attempts) < 3:
            raise httpx.ConnectError("[Errno 104] Connection reset by peer", request=request)
        return httpx.Response(200, headers=JSON, json=GOOD)

    client = SecClient(
        Settings(user_agent="Jane Doe jane@example.com", cache_dir=tmp_path / "c"),
        transport=httpx.MockTransport(handler),
    )
    assert client.get_json(URL, kind="submissions") == GOOD and len(attempts) == 3


@pytest.mark.parametrize(
    "error,says",
    [
        (socket.gaierror(-2, "Name or service not known"), "offline"),
        (ConnectionRefusedError(111, "Connection refused"), "connection was refused"),
        (OSError(101, "Network is unreachable"), "offline"),
    ],
)
def test_dns_refused_and_unreachable_fail_at_once_saying_what_failed(tmp_path, error, says):
    attempts = []

    def handler(request):
        attempts.append(request)
        raise httpx.ConnectError(str(error), request=request) from error

    client = SecClient(
        Settings(user_agent="Jane Doe jane@example.com", cache_dir=tmp_path / "c"),
        transport=httpx.MockTransport(handler),
    )
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "network_unavailable" and says in info.value.message and len(attempts) == 1
    assert "busy" not in info.value.message + info.value.suggestion


@pytest.mark.parametrize(
    "body,code",
    [
        (b"<html>Your Request Originates from an Undeclared Automated Tool</html>", "user_agent_required"),
        (b"<html><title>SEC.gov | Request Rate Threshold Exceeded</title></html>", "blocked"),
    ],
)
def test_403_maps_to_user_agent_or_blocked_with_the_secs_reason(tmp_path, body, code):
    client, calls = make_client(tmp_path, [(403, {"Content-Type": "text/html"}, body)])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == code and len(calls) == 1
    if code == "blocked":
        assert "Request Rate Threshold Exceeded" in info.value.message


def test_404_and_s3_no_such_key_are_not_found(tmp_path):
    client, _ = make_client(tmp_path, [(404, {}, b"Not Found")])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "not_found"
    s3 = b"<?xml version='1.0'?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>"
    client, _ = make_client(tmp_path, [(403, {"Content-Type": "application/xml"}, s3)])
    with pytest.raises(EdgarError) as info:
        client.get_bytes("https://www.sec.gov/Archives/edgar/data/1/000000000000000000/x.htm", kind="archive")
    assert info.value.code == "not_found"


def test_an_html_maintenance_page_with_status_200_is_never_data(tmp_path):
    page = b"<html><body>EDGAR is undergoing maintenance</body></html>"
    client, calls = make_client(tmp_path, [(200, {"Content-Type": "text/html"}, page)])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "upstream_unavailable" and len(calls) == 4
    assert client.cache.get(f"submissions:{URL}") is None


def test_a_truncated_json_body_is_retried_and_never_cached(tmp_path):
    client, calls = make_client(tmp_path, [(200, JSON, b'{"cik": "320193", "na'), (200, JSON, GOOD)])
    assert client.get_json(URL, kind="submissions") == GOOD and len(calls) == 2
    client2, _ = make_client(tmp_path / "b", [(200, JSON, b'{"cik": "3201')])
    with pytest.raises(EdgarError):
        client2.get_json(URL, kind="submissions")
    assert client2.cache.info()["entries"] == 0


def test_a_body_shorter_than_its_content_length_is_an_error(tmp_path):
    def handler(request):
        return httpx.Response(
            200, headers={"Content-Type": "application/json", "Content-Length": "999"}, content=b'{"a": 1}'
        )

    client = SecClient(
        Settings(user_agent="Jane Doe jane@example.com", cache_dir=tmp_path / "c"),
        transport=httpx.MockTransport(handler),
    )
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == "upstream_unavailable"


def test_a_fresh_cached_entry_is_served_without_a_request(tmp_path):
    client, calls = make_client(tmp_path, [(200, JSON, GOOD)])
    client.get_json(URL, kind="submissions")
    client.get_json(URL, kind="submissions")
    assert len(calls) == 1


def test_a_corrupt_cache_entry_is_dropped_and_refetched(tmp_path):
    client, calls = make_client(tmp_path, [(200, JSON, GOOD)])
    client.get_json(URL, kind="submissions")
    key = f"submissions:{URL}"
    store = client.cache._open()
    fmt, stored_at, digest, meta, payload = store.get(key)
    store.set(key, (fmt, stored_at, digest, meta, payload[:-3] + b"XYZ"))  # damage the bytes, keep the checksum
    assert client.get_json(URL, kind="submissions") == GOOD
    assert len(calls) == 2


def test_an_unwritable_cache_directory_degrades_to_no_cache_with_a_warning(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    warnings = []

    def handler(request):
        return httpx.Response(200, headers=JSON, json=GOOD)

    client = SecClient(
        Settings(user_agent="Jane Doe jane@example.com", cache_dir=blocker / "cache"),
        transport=httpx.MockTransport(handler),
        warn=warnings.append,
    )
    assert client.get_json(URL, kind="submissions") == GOOD
    assert any("cache" in w for w in warnings)


def test_no_cache_bypasses_the_store(tmp_path):
    client, calls = make_client(tmp_path, [(200, JSON, GOOD)], use_cache=False)
    client.get_json(URL, kind="submissions")
    client.get_json(URL, kind="submissions")
    assert len(calls) == 2


def test_only_sec_hosts_are_ever_fetched(tmp_path):
    client, calls = make_client(tmp_path, [(200, JSON, GOOD)])
    for bad in (
        "https://evil.example.com/x.json",
        "http://data.sec.gov/x.json",
        "https://data.sec.gov.evil.com/x",
        "file:///etc/passwd",
    ):
        with pytest.raises(EdgarError) as info:
            client.get_json(bad, kind="submissions")
        assert info.value.code == "invalid_argument"
    assert calls == []


def test_mirror_mapping_keeps_host_and_query():
    assert (
        urls.to_mirror("https://efts.sec.gov/LATEST/search-index?q=a&from=0", "http://127.0.0.1:9/")
        == "http://127.0.0.1:9/efts.sec.gov/LATEST/search-index?q=a&from=0"
    )
    assert urls.to_mirror(URL, None) == URL


def test_url_shapes_pad_data_ciks_and_strip_archive_ciks():
    # FIELD-NOTES T19: data.sec.gov wants 10 digits; Archives the unpadded CIK and the accession without dashes.
    assert urls.submissions(320193).endswith("/submissions/CIK0000320193.json")
    assert urls.companyfacts("320193").endswith("/companyfacts/CIK0000320193.json")
    doc = urls.archive_document(320193, "0000320193-24-000123", "aapl-20240928.htm")
    assert doc == "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm"
    assert urls.normalize_accession("000032019324000123") == "0000320193-24-000123"
    for bad in ("../../etc/passwd", "0000320193-24-00012", "x" * 100):
        with pytest.raises(EdgarError):
            urls.normalize_accession(bad)
    with pytest.raises(EdgarError):
        urls.archive_document(320193, "0000320193-24-000123", "../secret")


def test_user_agent_is_required_and_never_defaulted(monkeypatch):
    monkeypatch.delenv("SEC_USER_AGENT", raising=False)
    with pytest.raises(EdgarError) as info:
        resolve_user_agent(None, interactive=False)
    assert info.value.code == "user_agent_required" and "SEC_USER_AGENT" in info.value.suggestion
    with pytest.raises(EdgarError):
        resolve_user_agent("python-requests/2.31", interactive=False)
    assert resolve_user_agent("Jane Doe jane@example.com", interactive=False) == "Jane Doe jane@example.com"


def _windows(times: list[float]) -> int:
    times = sorted(times)
    best, j = 0, 0
    for i, t in enumerate(times):
        while times[j] <= t - 1.0:
            j += 1
        best = max(best, i - j + 1)
    return best


def test_threads_never_exceed_ten_requests_in_any_second(tmp_path):
    limiter = RateLimiter(tmp_path / "rl")
    stamps: list[float] = []
    lock = threading.Lock()

    def worker():
        for _ in range(5):
            limiter.acquire()
            with lock:
                stamps.append(time.time())

    threads = [threading.Thread(target=worker) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(stamps) == 25
    assert _windows(stamps) <= 10


def test_two_processes_sharing_a_cache_dir_share_the_limit(tmp_path):
    script = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from edgar_cli.sec.ratelimit import RateLimiter
        lim = RateLimiter(Path({str(tmp_path / "shared")!r}))
        out = []
        for _ in range(12):
            lim.acquire()
            out.append(time.time())
        print(" ".join(repr(t) for t in out))
    """)
    procs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    stamps = []
    for p in procs:
        out, _ = p.communicate(timeout=60)
        assert p.returncode == 0
        stamps += [float(x) for x in out.split()]
    assert len(stamps) == 24
    assert _windows(stamps) <= 10


@pytest.mark.parametrize(
    "bad",
    [
        "Jane Doe jane@example.com\r\nX-Injected: 1",
        "Jane Doe\njane@example.com",
        "Jane\x00Doe jane@example.com",
        "Jane Doe jane@example.com\x1b[2J",
        "Jäne Døe jane@example.com",
    ],
)
def test_a_user_agent_with_a_line_break_or_control_character_is_refused_before_any_request(bad):
    with pytest.raises(EdgarError) as info:
        resolve_user_agent(bad, interactive=False)
    assert info.value.code == "user_agent_required" and "printable ASCII" in info.value.message


def test_a_404_from_a_mirror_says_the_mirror_lacks_it_not_that_the_sec_does(sec):
    # The corpus holds Microsoft's submissions but not its companyfacts (evals/README.md): through a mirror
    # that is a gap in the mirror, never "the SEC has no XBRL financial data" (Microsoft files XBRL).
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    with pytest.raises(EdgarError) as info:
        get_financial_concept("MSFT", "revenue")
    err = info.value
    assert err.code == "not_found" and "no XBRL financial data" in err.message
    assert err.message.startswith("The mirror at ") and "The SEC has no" not in err.message
    assert "unset EDGAR_MIRROR" in err.suggestion and err.extras["mirror"] == sec.settings.mirror


def test_a_mirror_url_with_a_password_is_shown_redacted(monkeypatch, tmp_path):
    from edgar_cli.sec.client import _not_found

    err = _not_found("https://www.sec.gov/Archives/x.htm", 404, "https://me:s3cret@mirror.example.com/edgar")
    assert "s3cret" not in err.message and "me:***@mirror.example.com" in err.message
    assert "s3cret" not in str(err.to_dict())


def test_a_miss_remembered_through_a_mirror_is_not_replayed_for_the_sec_or_another_mirror(sec, monkeypatch):
    # Microsoft's companyfacts are not in the corpus: the mirror's 404 is remembered for the mirror only.
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    with pytest.raises(EdgarError):
        get_financial_concept("MSFT", "revenue", client=sec)
    url = "https://data.sec.gov/api/xbrl/companyfacts/CIK0000789019.json"
    assert sec.cache_get(f"missing:{url}", None).meta["mirror"] == sec.settings.mirror
    other = SecClient(Settings.from_env())
    other.settings.mirror = "http://127.0.0.1:9/"  # another mirror (nothing listens): the miss is not its answer
    assert other._remembered_missing(url, "companyfacts") is None  # not replayed: it raises nothing
    with pytest.raises(EdgarError) as again:
        sec._remembered_missing(url, "companyfacts")
    assert again.value.message.startswith("The mirror at ")


def test_a_miss_remembered_through_a_mirror_with_a_password_stores_only_the_redacted_mirror(mirror, monkeypatch):
    # The negative cache's metadata held EDGAR_MIRROR as given, password included (cache.db, and Redis's
    # "mirror" field on a team); it holds the redacted form, and the miss is still replayed for that mirror.
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.sec.client import set_client

    with_password = mirror.url.replace("http://", "http://me:s3cretMirrorPw@")
    monkeypatch.setenv("EDGAR_MIRROR", with_password)
    sec = SecClient(Settings.from_env())
    set_client(sec)
    with pytest.raises(EdgarError):
        get_financial_concept("MSFT", "revenue", client=sec)  # not in the corpus: the mirror's 404
    url = "https://data.sec.gov/api/xbrl/companyfacts/CIK0000789019.json"
    entry = sec.cache_get(f"missing:{url}", None)
    assert entry.meta["mirror"] == urls.redact(with_password) and "s3cretMirrorPw" not in json.dumps(entry.meta)
    sec.close()
    stored = b"".join(p.read_bytes() for p in sec.settings.cache_dir.rglob("*") if p.is_file())
    assert b"s3cretMirrorPw" not in stored
    with pytest.raises(EdgarError) as again:  # still remembered for this mirror, without asking it
        SecClient(Settings.from_env())._remembered_missing(url, "companyfacts")
    assert again.value.message.startswith("The mirror at ") and "s3cretMirrorPw" not in again.value.message


@pytest.mark.parametrize(
    "url, secrets, kept",
    [
        (
            "postgresql://edgar@127.0.0.1:1/db?password=QueryPw9",
            ["QueryPw9"],
            "postgresql://edgar@127.0.0.1:1/db?password=***",
        ),
        ("https://mirror.example.com/e?api_key=K1&x=1&token=T2&sig=S3", ["K1", "T2", "S3"], "x=1"),
        ("http://u:p@ss@mirror:8/x", ["p@ss", "ss@mirror"], "http://u:***@mirror:8/x"),
        ("host=db user=edgar password=KwPw4 dbname=edgar", ["KwPw4"], "host=db user=edgar"),
        ("host=db password='Kw Pw5' dbname=edgar", ["Kw Pw5", "Pw5"], "dbname=edgar"),
    ],
)
def test_a_url_or_dsn_is_shown_without_any_secret_it_carries(url, secrets, kept):
    shown = urls.redact(url)
    assert not [s for s in secrets if s in shown] and kept in shown


def test_a_mirror_password_never_shows_in_a_connection_error():
    from edgar_cli.sec.client import connect_error

    exc = ConnectionRefusedError(111, "Connection refused")
    err = connect_error(
        exc, "https://data.sec.gov/x.json", "http://127.0.0.1:1/data.sec.gov/x.json", "http://me:s3cret@127.0.0.1:1"
    )
    assert "s3cret" not in str(err.to_dict()) and "me:***@127.0.0.1" in err.message


MIRROR = "http://mirror.example.com/edgar"


@pytest.mark.parametrize(
    "responses",
    [
        [(503, {}, b"oops")],  # retried, then given up
        [(200, {"Content-Type": "text/html"}, b"<html>maintenance</html>")],  # a body that is no answer
        [(302, {"Location": "https://elsewhere.example.com/"}, b"")],  # a redirect edgar does not follow
    ],
)
def test_an_unusable_answer_through_a_mirror_names_the_mirror_not_the_sec(tmp_path, responses):
    client, calls = make_client(tmp_path, responses, mirror=MIRROR)
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    err = info.value
    assert err.code == "upstream_unavailable" and calls[0].url.host == "mirror.example.com"
    assert err.message.startswith(f"The mirror at {MIRROR} (EDGAR_MIRROR)") and "The SEC did not" not in err.message


def test_an_unusable_answer_without_a_mirror_names_the_sec(tmp_path):
    client, _ = make_client(tmp_path, [(503, {}, b"oops")])
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.message.startswith("The SEC did not give a usable answer for ")


@pytest.mark.parametrize(
    ("status", "body", "code"),
    [
        (429, b"", "rate_limited"),
        (403, b"Your request has been identified as part of a network of automated tools", "blocked"),
        (418, b"", "upstream_unavailable"),
    ],
)
def test_a_refusal_through_a_mirror_is_said_of_the_mirror(tmp_path, status, body, code):
    client, _ = make_client(tmp_path, [(status, {}, body)], mirror=MIRROR)
    with pytest.raises(EdgarError) as info:
        client.get_json(URL, kind="submissions")
    assert info.value.code == code
    assert f"the mirror at {MIRROR}" in info.value.message.lower() and "the sec " not in info.value.message.lower()


def test_the_retry_line_through_a_mirror_names_the_mirror(tmp_path, capsys):
    client, _ = make_client(tmp_path, [(503, {}, b""), (200, JSON, GOOD)], mirror=MIRROR)
    assert client.get_json(URL, kind="submissions") == GOOD
    err = capsys.readouterr().err
    assert f"the mirror at {MIRROR} (EDGAR_MIRROR) did not answer usably" in err and "the SEC did not" not in err


@pytest.mark.parametrize(
    ("mirror", "loads_authorities"),
    [
        ("http://127.0.0.1:8000", False),
        ("HTTP://mirror.internal/sec", False),
        ("https://mirror.internal", True),
        (None, True),
    ],
)
def test_a_plain_http_mirror_gets_a_tls_context_that_trusts_no_one_and_any_other_target_the_ca_bundle(
    tmp_path, mirror, loads_authorities
):
    """No TLS is made to an http:// mirror, so its client loads no CA bundle; the context it gets still demands a
    verified certificate and a matching host name, so a TLS connection through it could only fail."""
    import ssl

    settings = Settings(user_agent="edgar-cli tests test@example.com", cache_dir=tmp_path, mirror=mirror)
    client = SecClient(settings)
    try:
        context = client._client()._transport._pool._ssl_context
    finally:
        client.close()
    assert (context.cert_store_stats()["x509_ca"] > 0) is loads_authorities
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname


def test_each_kind_of_malformed_ticker_row_counts_against_the_file_and_a_file_of_them_is_refused():
    """sec/validate._tickers' row checks, one field at a time (a guard for its unrolled loop): hand-written rows."""
    from edgar_cli.sec import validate

    url = "https://www.sec.gov/files/company_tickers_exchange.json"
    fields = ["cik", "name", "ticker", "exchange"]
    good = [[i, f"Company {i}", f"T{i}", "Nasdaq"] for i in range(1, 1201)]
    malformed = [
        [True, "Bool Cik", "B", "NYSE"],  # a bool is no CIK
        [0, "Zero Cik", "Z", "NYSE"],
        [10_000_000_000, "Eleven Digits", "E", "NYSE"],
        [5.0, "Float Cik", "F", "NYSE"],
        ["7", "Text Cik", "S", "NYSE"],
        [8, None, "N", "NYSE"],  # no name
        [9, "No Ticker", 9, "NYSE"],
        [10, "Exchange Number", "X", 3],
        [11, "Short Row", "R"],
        "not a row",
    ]
    validate.check("tickers", url, {"fields": fields, "data": good + [[12, "No Exchange", "NE", None]]})
    validate.check("tickers", url, {"fields": fields, "data": good[:1000] + malformed})  # 10 of 1,010: within 1%
    with pytest.raises(validate.InvalidBody, match=r"a ticker file with 20 malformed rows of 1020\b"):
        validate.check("tickers", url, {"fields": fields, "data": good[:1000] + malformed * 2})
    with pytest.raises(validate.InvalidBody, match="listing 200 companies"):
        validate.check("tickers", url, {"fields": fields, "data": good[:200] * 6})

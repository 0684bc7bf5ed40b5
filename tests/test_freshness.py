"""Cache freshness by kind, with an injected clock (no real waiting, nothing depends on today's date)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import stamina
from clock import Clock

from edgar_cli.config import Settings
from edgar_cli.sec.client import SecClient
from edgar_cli.sec.companyfacts import load_company_facts

FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"
SUBMISSIONS = "/data.sec.gov/submissions/CIK0001045810.json"


def client_at(mirror, tmp_path, clock):
    stamina.set_testing(True, attempts=2)
    return SecClient(
        Settings(user_agent="Jane Doe jane@example.com", mirror=mirror.url, cache_dir=tmp_path / "cache", clock=clock)
    )


def test_companyfacts_are_refetched_when_submissions_list_a_newer_filing(mirror, tmp_path):
    # The corpus' NVIDIA submissions list a filing accepted 2026-03-04T17:33:32Z (a Form 4).
    clock = Clock(datetime(2026, 1, 1, tzinfo=UTC))
    before = mirror.requests_to(FACTS)
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before + 1
    clock.now += timedelta(hours=1)  # a new process an hour later, same cache
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before + 2, "a filing accepted after the facts were fetched invalidates them"


def test_companyfacts_stay_cached_while_no_newer_filing_exists(mirror, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    before_facts, before_sub = mirror.requests_to(FACTS), mirror.requests_to(SUBMISSIONS)
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    clock.now += timedelta(minutes=5)  # within 10 minutes: not even submissions are asked
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert (mirror.requests_to(FACTS), mirror.requests_to(SUBMISSIONS)) == (before_facts + 1, before_sub)
    clock.now += timedelta(hours=2)  # later: submissions are checked, facts are still current
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before_facts + 1
    assert mirror.requests_to(SUBMISSIONS) == before_sub + 1
    clock.now += timedelta(days=8)  # past the one-week ceiling: refetched regardless
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before_facts + 2


def test_archive_documents_never_expire_and_tickers_expire_daily(mirror, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    doc = "https://www.sec.gov/files/company_tickers.json"
    c = client_at(mirror, tmp_path, clock)
    c.get_json(doc, kind="tickers")
    n = mirror.requests_to("/www.sec.gov/files/company_tickers.json")
    clock.now += timedelta(hours=23)
    client_at(mirror, tmp_path, clock).get_json(doc, kind="tickers")
    assert mirror.requests_to("/www.sec.gov/files/company_tickers.json") == n
    clock.now += timedelta(hours=2)
    client_at(mirror, tmp_path, clock).get_json(doc, kind="tickers")
    assert mirror.requests_to("/www.sec.gov/files/company_tickers.json") == n + 1
    # The same bytes cached as an Archives document would never expire:
    client_at(mirror, tmp_path, clock).get_bytes(doc, kind="archive")
    clock.now += timedelta(days=3650)
    client_at(mirror, tmp_path, clock).get_bytes(doc, kind="archive")
    assert mirror.requests_to("/www.sec.gov/files/company_tickers.json") == n + 2


def test_a_terminal_user_is_asked_once_for_a_user_agent_and_it_is_saved(monkeypatch, capsys):
    import io
    import sys

    from edgar_cli.config import resolve_user_agent

    monkeypatch.delenv("SEC_USER_AGENT", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("jane@example\nJane Doe jane@example.com\n"))
    assert resolve_user_agent(None, interactive=True) == "Jane Doe jane@example.com"
    assert "Not accepted: the email address needs a domain" in capsys.readouterr().err
    assert resolve_user_agent(None, interactive=True) == "Jane Doe jane@example.com"
    assert "Your name and email" not in capsys.readouterr().err, "the saved value is used the second time"


def test_concurrent_loads_of_one_company_fetch_once(mirror, tmp_path):
    # 20 concurrent MCP calls for the same company used to fetch its companyfacts 20 times.
    from concurrent.futures import ThreadPoolExecutor

    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    client = client_at(mirror, tmp_path, clock)
    path = "/data.sec.gov/api/xbrl/companyfacts/CIK0001640147.json"
    before = mirror.requests_to(path)
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: load_company_facts(client, 1640147), range(16)))
    assert mirror.requests_to(path) == before + 1
    assert all(r is results[0] for r in results)


# --- stale-if-error: a check that fails never takes the cached answer away (issue 35, item 1) ---------------

import pytest  # noqa: E402

from edgar_cli.capabilities.concept.concept import get_financial_concept  # noqa: E402

_SUBMISSIONS_FAILURES = {
    # what the check for newer filings can meet, and how many answers the client asks for (2 attempts in tests)
    "not_found": [(404, {}, b'{"message": "Not Found"}')],
    "unavailable": [(503, {}, b"Service Unavailable")] * 2,
    "malformed": [(200, {"Content-Type": "application/json"}, b'{"cik": "1045810", "filings": ["x"]}')] * 2,
    "truncated": [(200, {"Content-Type": "application/json"}, b'{"cik": "1045810", "filings": {"rec')] * 2,
}


@pytest.fixture
def scripted(mirror):
    """mirror.script, with whatever a test left unanswered taken back (the mirror is shared by the session)."""
    paths: list[str] = []

    def script(path: str, *responses) -> None:
        paths.append(path)
        mirror.script(path, *responses)

    yield script
    with mirror._lock:
        for p in paths:
            mirror.scripted.pop(p, None)


@pytest.mark.parametrize("failure", sorted(_SUBMISSIONS_FAILURES))
def test_cached_facts_are_served_with_a_dated_note_when_the_check_for_new_filings_fails(
    mirror, tmp_path, scripted, failure
):
    # NVIDIA FY2024 revenue, 60,922,000,000 (10-K 0001045810-24-000029), fetched at noon; at 13:00 the check
    # of the submissions fails in each way a check can fail: the answer stays, dated, and nothing is refetched.
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    facts_before = mirror.requests_to(FACTS)
    clock.now += timedelta(hours=1)
    scripted(SUBMISSIONS, *_SUBMISSIONS_FAILURES[failure])
    result = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    assert [(v.value, v.accession_number) for v in result.values] == [(60922000000, "0001045810-24-000029")]
    assert mirror.requests_to(FACTS) == facts_before, "the cached facts were served, not refetched"
    note = next(w for w in result.warnings if "checking for a newer copy failed" in w)
    assert "as fetched 2026-07-01 12:00 UTC" in note and "failed at 2026-07-01 13:00 UTC" in note
    assert ("not_found" if failure == "not_found" else "upstream_unavailable") in note


def test_facts_past_their_week_are_served_dated_when_the_refetch_fails(mirror, tmp_path, scripted):
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    clock.now += timedelta(days=8)  # past the one-week ceiling: a refetch is due, and the SEC is down
    scripted(FACTS, *[(503, {}, b"Service Unavailable")] * 2)
    facts = load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert facts.tags and facts.fetched_at == datetime(2026, 7, 1, 12, 0, tzinfo=UTC).timestamp()
    assert len(facts.notes) == 1 and "upstream_unavailable" in facts.notes[0]
    assert "as fetched 2026-07-01 12:00 UTC" in facts.notes[0]


def test_a_stale_submissions_copy_is_served_dated_when_its_refresh_fails_and_dropped_once_it_works(
    mirror, tmp_path, scripted
):
    url = "https://data.sec.gov/submissions/CIK0001045810.json"
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    first = client_at(mirror, tmp_path, clock).get_json(url, kind="submissions")
    clock.now += timedelta(hours=1)
    scripted(SUBMISSIONS, *[(503, {}, b"Service Unavailable")] * 2)
    client = client_at(mirror, tmp_path, clock)
    assert client.get_json(url, kind="submissions") == first
    assert "The cached copy of " + url in (client.stale_note(url) or "")
    with pytest.raises(Exception) as err:  # a caller that must know (a freshness check) gets the error
        scripted(SUBMISSIONS, *[(503, {}, b"Service Unavailable")] * 2)
        client.get_json(url, kind="submissions", stale_if_error=False)
    assert getattr(err.value, "code", None) == "upstream_unavailable"
    assert client.get_json(url, kind="submissions") == first  # the SEC answers again
    assert client.stale_note(url) is None


def test_compare_keeps_a_company_whose_freshness_check_fails_and_says_so(mirror, tmp_path, scripted):
    from edgar_cli.capabilities.compare.compare import compare_companies

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    clock.now += timedelta(hours=1)
    scripted(SUBMISSIONS, (404, {}, b'{"message": "Not Found"}'))  # NVIDIA's check fails; Apple's passes
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    # 0001045810-24-000029: NVIDIA's FY2024 10-K; 0000320193-24-000123: Apple's FY2024 10-K
    assert {(row.cik, row.value, row.accession_number) for row in r.rows} == {
        ("0001045810", 60922000000, "0001045810-24-000029"),
        ("0000320193", 391035000000, "0000320193-24-000123"),
    }
    assert not r.unavailable
    assert any(w.startswith("NVIDIA") and "checking for a newer copy failed" in w for w in r.warnings)


@pytest.mark.parametrize("failure", sorted(_SUBMISSIONS_FAILURES))
def test_compare_carries_the_dated_note_of_a_failed_freshness_check_in_its_data_for_each_failure(
    mirror, tmp_path, scripted, failure
):
    from edgar_cli.capabilities.compare.compare import compare_companies

    apple = "/data.sec.gov/submissions/CIK0000320193.json"
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    clock.now += timedelta(hours=1)
    body = [(s, h, b.replace(b"1045810", b"320193")) for s, h, b in _SUBMISSIONS_FAILURES[failure]]
    scripted(apple, *body)  # Apple's check fails; NVIDIA's passes
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    # 0000320193-24-000123: Apple's FY2024 10-K, served from the cache
    assert ("0000320193", 391035000000, "0000320193-24-000123") in {
        (row.cik, row.value, row.accession_number) for row in r.rows
    }
    note = next(w for w in r.warnings if w.startswith("Apple") and "checking for a newer copy failed" in w)
    assert "as fetched 2026-07-01 12:00 UTC" in note and "failed at 2026-07-01 13:00 UTC" in note


@pytest.mark.parametrize(
    "how",
    [
        {"latest": True},
        {"fiscal_year": 2024, "align": "nearest"},
        {"fiscal_year": 2024, "as_of": "2025-06-01"},
        {"period": "quarterly", "latest": True},
        {},
    ],
)
def test_compare_in_every_mode_carries_the_dated_note_of_a_failed_freshness_check(mirror, tmp_path, scripted, how):
    from edgar_cli.capabilities.compare.compare import compare_companies

    apple = "/data.sec.gov/submissions/CIK0000320193.json"
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    clock.now += timedelta(hours=1)
    scripted(apple, *[(200, {"Content-Type": "application/json"}, b'{"cik": "320193", "filings": {"rec')] * 2)
    r = compare_companies("revenue", ["NVDA", "AAPL"], client=client_at(mirror, tmp_path, clock), **how)
    assert "0000320193" in {row.cik for row in r.rows}
    assert any(w.startswith("Apple") and "checking for a newer copy failed" in w for w in r.warnings), r.warnings


def test_filings_built_from_a_stale_submissions_copy_say_so_with_its_date_and_source(mirror, tmp_path, scripted):
    # The submissions served as an HTML page two days later: the cached copy answered, but the result said
    # nothing of it (no warning, data_source "live" dated today). NVIDIA's latest 10-K in the corpus is
    # 0001045810-26-000021; its FY2025 10-K is 0001045810-25-000023.
    from edgar_cli.capabilities.filings.filings import find_filing, list_filings

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    list_filings("NVDA", forms=["10-K"], limit=1, client=client_at(mirror, tmp_path, clock))
    clock.now += timedelta(days=2)
    page = (200, {"Content-Type": "text/html"}, b"<html><body>EDGAR is under maintenance</body></html>")
    scripted(SUBMISSIONS, *[page] * 2)
    client = client_at(mirror, tmp_path, clock)
    listed = list_filings("NVDA", forms=["10-K"], limit=1, client=client)
    assert listed.filings[0].accession_number == "0001045810-26-000021"
    note = next(w for w in listed.warnings if "checking for a newer copy failed" in w)
    assert "as fetched 2026-07-01 12:00 UTC" in note and "failed at 2026-07-03 12:00 UTC" in note
    assert listed.data_source.kind == "cache"
    assert listed.data_source.as_of == datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
    assert find_filing("NVDA", fiscal_year=2025, client=client).accession_number == "0001045810-25-000023"


def test_a_section_read_through_a_stale_submissions_copy_carries_the_dated_note(mirror, tmp_path, scripted):
    from edgar_cli.capabilities.section.section import get_filing_section

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    get_filing_section(
        "NVDA", "risk_factors", fiscal_year=2025, max_chars=200, client=client_at(mirror, tmp_path, clock)
    )
    clock.now += timedelta(days=2)
    scripted(SUBMISSIONS, *[(503, {}, b"Service Unavailable")] * 2)
    result = get_filing_section(
        "NVDA", "risk_factors", fiscal_year=2025, max_chars=200, client=client_at(mirror, tmp_path, clock)
    )
    assert result.accession_number == "0001045810-25-000023"  # NVIDIA's FY2025 10-K
    assert any(
        "as fetched 2026-07-01 12:00 UTC" in w and "checking for a newer copy failed" in w for w in result.warnings
    ), result.warnings


def test_the_compact_ticker_map_is_not_restamped_fresh_from_a_stale_ticker_file(mirror, tmp_path, scripted):
    # The ticker file's refresh failed two days on and its stale copy answered: the compact map built from it
    # was stored as fetched now, so it stayed "fresh" for another day without the SEC having answered.
    from edgar_cli.companies.tickers import _COMPACT_KEY, load_ticker_map

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    load_ticker_map(client_at(mirror, tmp_path, clock))
    clock.now += timedelta(days=2)
    scripted("/www.sec.gov/files/company_tickers_exchange.json", *[(503, {}, b"Service Unavailable")] * 2)
    client = client_at(mirror, tmp_path, clock)
    assert load_ticker_map(client).by_ticker("NVDA") is not None  # the stale copy still answers
    stored = client.cache_get(_COMPACT_KEY, None)
    assert stored is not None and stored.stored_at == datetime(2026, 7, 1, 12, 0, tzinfo=UTC).timestamp()


_TICKERS = "/www.sec.gov/files/company_tickers_exchange.json"


@pytest.mark.parametrize("capability", ["concept", "statement", "compare", "filings", "resolve"])
def test_an_answer_through_a_stale_ticker_file_carries_its_dated_note_in_the_result(
    mirror, tmp_path, scripted, capability
):
    # The ticker file's refresh fails two days on: the cached copy names the company, and the result (what
    # --json prints and MCP returns) says so, dated, as the facts' stale-if-error note does. NVIDIA's FY2024
    # revenue 60,922,000,000 is in 0001045810-24-000029.
    from edgar_cli.capabilities.compare.compare import compare_companies
    from edgar_cli.capabilities.filings.filings import list_filings
    from edgar_cli.capabilities.resolve.resolve import resolve_company
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    calls = {
        "concept": lambda c: get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=c),
        "statement": lambda c: get_financial_statement("NVDA", "income", fiscal_year=2024, client=c),
        "compare": lambda c: compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=c),
        "filings": lambda c: list_filings("NVDA", forms=["10-K"], limit=1, client=c),
        "resolve": lambda c: resolve_company("NVDA", client=c),
    }
    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    calls[capability](client_at(mirror, tmp_path, clock))
    clock.now += timedelta(days=2)
    scripted(_TICKERS, *[(503, {}, b"Service Unavailable")] * 2)
    result = calls[capability](client_at(mirror, tmp_path, clock))
    note = [w for w in result.warnings if "company_tickers_exchange.json" in w]
    assert len(note) == 1, result.warnings
    assert "as fetched 2026-07-01 12:00 UTC" in note[0] and "failed at 2026-07-03 12:00 UTC" in note[0]
    # a ticker file holds no filings: what may be missing is the tickers and companies listed since
    assert "so tickers and companies added since then may be missing" in note[0] and "filings" not in note[0]


def test_a_stale_copy_note_the_client_said_on_stderr_is_not_said_again_from_the_result(capsys):
    # The client warns of cached facts served after a failed check as it serves them, and the concept
    # result carries the same note in its warnings: the CLI printed it twice.
    from types import SimpleNamespace

    from edgar_cli.cli.output import messages
    from edgar_cli.logs import warning

    note = "XBRL facts of CIK 0001045810 as fetched 2026-07-01 12:00 UTC; checking for a newer copy failed"
    warning(note)
    messages(SimpleNamespace(warnings=[note, "another warning"], notes=[]))
    err = capsys.readouterr().err
    assert err.count(note) == 1 and err.count("another warning") == 1


def test_a_year_past_the_facts_of_a_company_whose_filings_list_cannot_be_read_is_not_said_to_be_in_filings(
    mirror, tmp_path, scripted
):
    # Tesla's XBRL facts end at 2022-09-30 (0000950170-22-019867); with its submissions unreadable (a 404, a cold
    # cache) nothing shows whether the filings go further: FY2024 is not "short of the filings", and a report's text
    # (which is found through the filings list) is not offered as the way to read it
    from edgar_cli.errors import EdgarError

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    scripted("/data.sec.gov/submissions/CIK0001318605.json", *[(404, {}, b'{"message": "Not Found"}')] * 4)
    with pytest.raises(EdgarError) as info:
        get_financial_concept("TSLA", "revenue", fiscal_year=2024, client=client_at(mirror, tmp_path, clock))
    err = info.value
    assert "stop short of the filings" not in err.message, err.message
    assert "could not be checked" in err.message, err.message
    assert "get_filing_section" not in err.suggestion and "section" not in err.suggestion, err.suggestion
    assert "FY2021" in err.suggestion or "FY2022" in err.suggestion, err.suggestion


@pytest.mark.parametrize("failure", ["unavailable", "truncated"])
def test_a_failed_freshness_check_is_not_retried_for_the_same_url_within_one_command_and_is_said_once(
    mirror, tmp_path, scripted, failure
):
    # Tesla's facts end at 2022-09-30 (0000950170-22-019867) while its filings list runs on: one command reads the
    # submissions for the freshness check and again for what the facts lack. Fetched at noon; at 13:00 they fail:
    # within one CLI command's run the SEC is asked once (one cycle of tries) and the failure said once; outside
    # a command (an MCP call, a library caller) nothing is remembered
    from edgar_cli.sec.command_scope import command_scope

    submissions = "/data.sec.gov/submissions/CIK0001318605.json"
    said: list[str] = []

    def client(clock):
        stamina.set_testing(True, attempts=2)
        settings = Settings(
            user_agent="Jane Doe jane@example.com", mirror=mirror.url, cache_dir=tmp_path / "cache", clock=clock
        )
        return SecClient(settings, warn=said.append)

    clock = Clock(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))
    get_financial_concept("TSLA", "revenue", fiscal_year=2021, client=client(clock))
    clock.now += timedelta(hours=1)
    scripted(submissions, *(_SUBMISSIONS_FAILURES[failure] * 8))
    before, said[:] = mirror.requests_to(submissions), []
    with command_scope():
        result = get_financial_concept("TSLA", "revenue", fiscal_year=2021, client=client(clock))
    # FY2021 revenue 53,823,000,000 in Tesla's 10-K 0000950170-22-000796
    assert [(v.value, v.accession_number) for v in result.values] == [(53823000000, "0000950170-22-000796")]
    assert mirror.requests_to(submissions) - before == len(_SUBMISSIONS_FAILURES[failure]), "one cycle of tries"
    failed = [w for w in said if "failed at 2026-07-01 13:00 UTC" in w]
    assert len(failed) == 1, failed
    # the command is over: the next call (as an MCP call would) asks the SEC again
    before = mirror.requests_to(submissions)
    get_financial_concept("TSLA", "revenue", fiscal_year=2021, client=client(clock))
    assert mirror.requests_to(submissions) > before, "a failure is not remembered past its command"

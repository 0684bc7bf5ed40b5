"""Cache freshness by kind, with an injected clock (no real waiting, nothing depends on today's date)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import stamina

from edgar_cli.config import Settings
from edgar_cli.sec.client import SecClient
from edgar_cli.sec.companyfacts import load_company_facts

FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"
SUBMISSIONS = "/data.sec.gov/submissions/CIK0001045810.json"


class Clock:
    def __init__(self, when: datetime):
        self.now = when

    def __call__(self) -> datetime:
        return self.now


def client_at(mirror, tmp_path, clock):
    stamina.set_testing(True, attempts=2)
    return SecClient(Settings(user_agent="Jane Doe jane@example.com", mirror=mirror.url,
                              cache_dir=tmp_path / "cache", clock=clock))


def test_companyfacts_are_refetched_when_submissions_list_a_newer_filing(mirror, tmp_path):
    # The corpus' NVIDIA submissions list a filing accepted 2026-03-04T17:33:32Z (a Form 4).
    clock = Clock(datetime(2026, 1, 1, tzinfo=timezone.utc))
    before = mirror.requests_to(FACTS)
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before + 1
    clock.now += timedelta(hours=1)  # a new process an hour later, same cache
    load_company_facts(client_at(mirror, tmp_path, clock), 1045810)
    assert mirror.requests_to(FACTS) == before + 2, "a filing accepted after the facts were fetched invalidates them"


def test_companyfacts_stay_cached_while_no_newer_filing_exists(mirror, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=timezone.utc))
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
    clock = Clock(datetime(2026, 7, 1, tzinfo=timezone.utc))
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

    clock = Clock(datetime(2026, 7, 1, tzinfo=timezone.utc))
    client = client_at(mirror, tmp_path, clock)
    path = "/data.sec.gov/api/xbrl/companyfacts/CIK0001640147.json"
    before = mirror.requests_to(path)
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: load_company_facts(client, 1640147), range(16)))
    assert mirror.requests_to(path) == before + 1
    assert all(r is results[0] for r in results)

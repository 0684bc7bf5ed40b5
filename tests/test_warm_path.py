"""The warm path: conditional revalidation, remembered 404s, a ticker map that needs no rebuilding,
and reads that never write to the cache. Injected clocks, no waiting."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import stamina
from clock import Clock
from mirror import VALIDATOR_HOSTS, MirrorServer
from support import TEST_UA, edgar_command, edgar_env

from edgar_cli.config import Settings
from edgar_cli.errors import EdgarError
from edgar_cli.sec.client import SecClient
from edgar_cli.sec.companyfacts import load_company_facts

TICKERS = "https://www.sec.gov/files/company_tickers_exchange.json"
TICKERS_PATH = "/www.sec.gov/files/company_tickers_exchange.json"
# Fannie Mae (CIK 310522): its submissions are in the corpus, its companyfacts are not (a 404).
FNMA_FACTS = "/data.sec.gov/api/xbrl/companyfacts/CIK0000310522.json"


@pytest.fixture
def www_validators(corpus):
    """A mirror whose www.sec.gov answers carry ETag/Last-Modified and honour conditional GETs."""
    with MirrorServer(corpus, validators=VALIDATOR_HOSTS) as srv:
        yield srv


def client_at(srv, tmp_path, clock) -> SecClient:
    stamina.set_testing(True, attempts=2)
    return SecClient(
        Settings(user_agent=TEST_UA, mirror=srv.url, cache_dir=tmp_path / "cache", clock=clock), warn=lambda _m: None
    )


def statuses(srv, path: str) -> list[int]:
    return [e.status for e in srv.log if e.path == path]


def test_a_stale_ticker_file_is_revalidated_and_a_304_renews_it(www_validators, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    first = client_at(www_validators, tmp_path, clock).get_json(TICKERS, kind="tickers")
    entry = SecClient(Settings(cache_dir=tmp_path / "cache")).cache.get(f"tickers:{TICKERS}")
    assert entry.meta.get("etag") and entry.meta.get("last_modified")
    clock.now += timedelta(hours=25)  # past the daily freshness: ask, conditionally
    again = client_at(www_validators, tmp_path, clock).get_json(TICKERS, kind="tickers")
    assert again == first
    assert statuses(www_validators, TICKERS_PATH) == [200, 304]
    clock.now += timedelta(hours=23)  # renewed by the 304: fresh for another day
    client_at(www_validators, tmp_path, clock).get_json(TICKERS, kind="tickers")
    assert statuses(www_validators, TICKERS_PATH) == [200, 304]


def test_hosts_that_send_no_validators_are_asked_unconditionally(www_validators, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    url = "https://data.sec.gov/submissions/CIK0001045810.json"
    client_at(www_validators, tmp_path, clock).get_json(url, kind="submissions")
    clock.now += timedelta(hours=1)
    client_at(www_validators, tmp_path, clock).get_json(url, kind="submissions")
    assert statuses(www_validators, "/data.sec.gov/submissions/CIK0001045810.json") == [200, 200]


def test_a_company_without_companyfacts_is_not_asked_again_on_every_run(mirror, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    before = mirror.requests_to(FNMA_FACTS)
    for _ in range(3):  # three warm runs within the hour
        with pytest.raises(EdgarError) as info:
            load_company_facts(client_at(mirror, tmp_path, clock), 310522)
        assert info.value.code == "not_found" and "no XBRL financial data" in info.value.message
        clock.now += timedelta(minutes=20)
    assert mirror.requests_to(FNMA_FACTS) == before + 1
    clock.now += timedelta(hours=7)  # past NEGATIVE_FRESHNESS: asked again
    with pytest.raises(EdgarError):
        load_company_facts(client_at(mirror, tmp_path, clock), 310522)
    assert mirror.requests_to(FNMA_FACTS) == before + 2


def test_without_a_cache_404s_are_not_remembered(mirror, tmp_path):
    clock = Clock(datetime(2026, 7, 1, tzinfo=UTC))
    before = mirror.requests_to(FNMA_FACTS)
    for _ in range(2):
        c = SecClient(
            Settings(user_agent=TEST_UA, mirror=mirror.url, cache_dir=tmp_path / "c", use_cache=False, clock=clock)
        )
        with pytest.raises(EdgarError):
            load_company_facts(c, 310522)
    assert mirror.requests_to(FNMA_FACTS) == before + 2


def _tree_state(root) -> dict:
    """Every cache file but SQLite's -shm lock file: (size, mtime_ns)."""
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.endswith("-shm")
    }


def test_a_warm_run_reads_the_cache_without_writing_to_it(mirror, tmp_path):
    import subprocess

    env = edgar_env(mirror.url, tmp_path / "cache")
    args = edgar_command() + ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
    cold = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    assert cold.returncode == 0, cold.stderr
    before, requests = _tree_state(tmp_path / "cache"), len(mirror.log)
    warm = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    assert warm.returncode == 0
    cold_answer, warm_answer = json.loads(cold.stdout), json.loads(warm.stdout)
    assert warm_answer.pop("data_source")["kind"] == "cache" and cold_answer.pop("data_source")["kind"] == "live"
    assert warm_answer == cold_answer
    assert len(mirror.log) == requests  # warm: no request
    assert _tree_state(tmp_path / "cache") == before  # and not one byte written


def test_the_cache_reader_decodes_diskcaches_pickle_mode_itself():
    import diskcache.core

    from edgar_cli.sec import cache

    assert cache._MODE_PICKLE == diskcache.core.MODE_PICKLE and diskcache.core.DBNAME == "cache.db"


def test_a_warm_run_does_not_import_diskcache(mirror, tmp_path):
    import subprocess
    import sys

    env = edgar_env(mirror.url, tmp_path / "cache")
    code = (
        "import sys; from edgar_cli.capabilities.concept.concept import get_financial_concept; "
        "get_financial_concept('NVDA', 'revenue', fiscal_year=2024); print('diskcache' in sys.modules)"
    )
    cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert (cold.stdout.strip(), warm.stdout.strip()) == ("True", "False"), (cold.stderr, warm.stderr)

"""`edgar search` on the corpus' recorded EFTS response (8-K search for climate change,
efts.sec.gov/LATEST/search-index?forms=8-K&from=0&q=climate+change)."""

from __future__ import annotations

import json

EFTS_PATH = "/efts.sec.gov/LATEST/search-index"


def test_json_of_the_recorded_8k_climate_change_search_matches_the_snapshot(cli, snapshot):
    r = cli("search", "climate change", "--forms", "8-K", "--json")
    assert r.rc == 0 and r.err == ""
    data = r.json()
    # First row: 0000950142-20-002702, Canadian Pacific's 8-K of 2020-12-08.
    assert data["filings"][0]["accession_number"] == "0000950142-20-002702"
    assert data == snapshot


def test_the_command_sends_the_recorded_query_string(cli, mirror):
    since = len(mirror.log)
    r = cli("search", "climate change", "--forms", "8-K", "--limit", "3", "--json")
    assert r.rc == 0
    assert [e.path for e in mirror.log[since:] if e.path.startswith(EFTS_PATH)] == [
        f"{EFTS_PATH}?forms=8-K&from=0&q=climate+change"
    ]
    assert len(r.json()["filings"]) == 3


def test_the_table_shows_filings_and_the_coverage_with_notes_on_stderr(cli):
    r = cli("search", "climate change", "--forms", "8-K", "--limit", "5", "--format", "table")
    assert r.rc == 0
    assert "at least 10,000 matching documents" in r.out
    assert "0000950142-20-002702" in r.out and "CANADIAN PACIFIC RAILWAY" in r.out
    assert "5 of 99 filings on this page" in r.out and "--page 2" in r.out
    assert "covers filings from 2001 on" in r.out
    assert "note: At least 10,000 documents match" in r.err


def test_a_search_before_2001_exits_out_of_scope_with_a_json_error(cli, mirror):
    since = len(mirror.log)
    r = cli("search", "climate change", "--from", "1998-01-01", "--json")
    assert r.rc == 5
    err = r.json()["error"]
    assert err["code"] == "out_of_scope" and "2001" in err["message"]
    assert not [e for e in mirror.log[since:] if e.path.startswith(EFTS_PATH)]


def test_an_unknown_form_exits_2_and_lists_the_accepted_forms(cli):
    r = cli("search", "climate change", "--forms", "10-K,XYZ", "--json")
    assert r.rc == 2
    err = r.json()["error"]
    assert err["code"] == "invalid_argument" and "'XYZ'" in err["message"]
    assert "10-Q" in err["accepted_forms"]


def test_a_malformed_date_is_an_error_on_stderr_in_table_mode(cli):
    r = cli("search", "climate change", "--to", "June 2024")
    assert r.rc == 2 and r.out == ""
    assert "invalid_argument" in r.err and "YYYY-MM-DD" in r.err


def test_a_limit_out_of_range_is_invalid(cli):
    r = cli("search", "climate change", "--limit", "500", "--json")
    assert r.rc == 2 and "limit must be between 1 and 100" in json.loads(r.out)["error"]["message"]


def test_search_has_help_text(cli):
    r = cli("search", "--help")
    assert r.rc == 0
    assert "since 2001" in r.out and "--forms" in r.out and "--from" in r.out and "--company" in r.out

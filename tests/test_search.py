"""search_full_text on EDGAR full-text search (EFTS), FIELD-NOTES T21.

The corpus holds one real EFTS response: an 8-K search for climate change
(efts.sec.gov/LATEST/search-index/q-94e18f3290d0ca78.json, query string
forms=8-K&from=0&q=climate+change). Other cases use the small hand-written
responses in tests/fixtures/efts/, served through ``mirror.script``.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from edgar_cli.capabilities.search import search as S
from edgar_cli.capabilities.search.search import search_full_text
from edgar_cli.errors import EdgarError

FIXTURES = Path(__file__).parent / "fixtures" / "efts"
EFTS_PATH = "/efts.sec.gov/LATEST/search-index"
CORPUS_QUERY = "forms=8-K&from=0&q=climate+change"


def efts_requests(mirror, since: int) -> list[str]:
    return [e.path for e in mirror.log[since:] if e.path.startswith(EFTS_PATH)]


def serve(mirror, query_string: str, fixture: str) -> str:
    """Serve a hand-written EFTS response for exactly this query string; returns the path."""
    path = f"{EFTS_PATH}?{query_string}"
    body = (FIXTURES / fixture).read_bytes()
    mirror.script(path, (200, {"Content-Type": "application/json"}, body))
    return path


@pytest.fixture
def climate(sec, mirror):
    since = len(mirror.log)
    result = search_full_text("climate change", forms=["8-K"], limit=100)
    return result, efts_requests(mirror, since)


# --- the recorded search ---------------------------------------------------


def test_the_recorded_8k_search_is_requested_with_exactly_its_query_string(climate):
    result, sent = climate
    assert sent == [f"{EFTS_PATH}?{CORPUS_QUERY}"]
    assert result.request_url == f"https://efts.sec.gov/LATEST/search-index?{CORPUS_QUERY}"
    assert result.filed_from is None and result.filed_to is None


def test_parameters_are_sorted_by_name_so_the_same_search_makes_the_same_url():
    params = S.build_params(
        '"going concern"', ["10-K", "10-Q"], (date(2020, 1, 1), date(2020, 12, 31)), "0001045810", page=3
    )
    assert list(params) == sorted(params)
    assert params == {
        "ciks": "0001045810",
        "dateRange": "custom",
        "enddt": "2020-12-31",
        "forms": "10-K,10-Q",
        "from": "200",
        "q": '"going concern"',
        "startdt": "2020-01-01",
    }


def test_exhibits_of_one_filing_are_merged_into_one_row(climate):
    result, _ = climate
    # 0001213900-21-063780 (Pine Technology Acquisition Corp. 8-K, 2021-12-07): two exhibits match.
    assert result.hits_on_page == 100 and result.filings_on_page == 99 and len(result.filings) == 99
    accessions = [f.accession_number for f in result.filings]
    assert len(set(accessions)) == len(accessions)
    pine = next(f for f in result.filings if f.accession_number == "0001213900-21-063780")
    assert (pine.file, pine.file_type, pine.description) == (
        "ea151796ex99-2_pinetech.htm",
        "EX-99.2",
        "INVESTOR PRESENTATION",
    )
    assert [(o.file, o.file_type, o.description) for o in pine.other_files] == [
        ("ea151796ex99-1_pinetech.htm", "EX-99.1", "JOINT PRESS RELEASE, DATED DECEMBER 7, 2021")
    ]
    assert pine.company.name == "Pine Technology Acquisition Corp." and pine.company.cik == "0001838238"
    assert any("belong to 99 filings" in n for n in result.notes)


def test_the_row_form_is_the_filings_not_the_matching_exhibits(climate):
    result, _ = climate
    # 0001193125-14-194296: LSB Industries' 8-K/A; the matching file is its EX-99.1.
    lsb = next(f for f in result.filings if f.accession_number == "0001193125-14-194296")
    assert lsb.form == "8-K/A" and lsb.file_type == "EX-99.1"
    assert (lsb.filed, lsb.period_of_report) == (date(2014, 5, 12), date(2014, 5, 7))
    assert lsb.company.tickers == ["LXU"]
    assert all(not f.form.startswith("EX-") for f in result.filings)


def test_a_total_efts_stopped_counting_is_reported_as_a_lower_bound(climate):
    result, _ = climate
    # The recorded response says {"value": 10000, "relation": "gte"}.
    assert result.total_hits == 10_000 and result.total_is_lower_bound is True
    assert any(n.startswith("At least 10,000 documents match") for n in result.notes)


def test_rows_carry_document_and_index_urls_and_8k_items(climate):
    result, _ = climate
    # First hit: 0000950142-20-002702, Canadian Pacific's 8-K of 2020-12-08, exhibit 99.1.
    cp = result.filings[0]
    assert (cp.company.name, cp.company.cik, cp.company.tickers) == (
        "CANADIAN PACIFIC RAILWAY LTD/CN",
        "0000016875",
        ["CP"],
    )
    assert cp.document_url == (
        "https://www.sec.gov/Archives/edgar/data/16875/000095014220002702/eh200118123_ex9901.htm"
    )
    assert cp.index_url == (
        "https://www.sec.gov/Archives/edgar/data/16875/000095014220002702/0000950142-20-002702-index.html"
    )
    assert cp.items == ["8.01", "9.01"] and cp.form == "8-K"


def test_a_filing_of_several_registrants_is_led_by_the_one_that_submitted_it(climate):
    result, _ = climate
    # 0001031296-05-000325 lists 8 registrants; the accession opens with FirstEnergy's CIK.
    fe = next(f for f in result.filings if f.accession_number == "0001031296-05-000325")
    assert fe.company.name == "FIRSTENERGY CORP" and fe.company.tickers == ["FE"]
    assert len(fe.co_registrants) == 7
    assert "OHIO EDISON CO" in {c.name for c in fe.co_registrants}


def test_paging_fields_say_where_the_next_page_starts(sec, mirror):
    result = search_full_text("climate change", forms=["8-K"])
    assert (result.page, result.offset, result.page_size, result.next_page) == (1, 0, 100, 2)
    assert len(result.filings) == 10 and result.truncated is True and result.limit == 10
    assert any("Raise limit" in n for n in result.notes)


def test_every_result_carries_a_coverage_statement_and_what_a_hit_means(climate):
    result, _ = climate
    assert "from 2001" in result.coverage and "no date filter" in result.coverage
    assert "8-K" in result.coverage
    assert "not that the company asserted them" in result.hit_meaning
    # two unquoted words are searched each on its own, which a note says where a terminal shows it
    (words,) = [n for n in result.notes if "searched separately" in n]
    assert "'climate', 'change'" in words and "'\"climate change\"'" in words
    assert "stems" in result.hit_meaning and "double quotes" in result.hit_meaning


# --- dates and the 2001 boundary -----------------------------------------------------


@pytest.mark.parametrize(
    "filed_from,filed_to", [("1999-01-01", None), ("2000-12-31", "2005-01-01"), (None, "2000-06-30")]
)
def test_a_range_reaching_before_2001_is_refused_not_searched_from_2001(sec, mirror, filed_from, filed_to):
    since = len(mirror.log)
    with pytest.raises(EdgarError) as exc:
        search_full_text("climate change", filed_from=filed_from, filed_to=filed_to)
    assert exc.value.code == "out_of_scope"
    assert "2001" in exc.value.message and "2001-01-01" in exc.value.suggestion
    assert efts_requests(mirror, since) == []


@pytest.mark.parametrize(
    "given, filed_from, filed_to",
    [
        pytest.param({"filed_from": "2026-01-01"}, "2026-01-01", "2026-07-01", id="a lone start date runs to today"),
        pytest.param(
            {"filed_to": "2003-12-31"}, "2001-01-01", "2003-12-31", id="a lone end date starts at the index's beginning"
        ),
    ],
)
def test_a_lone_start_or_end_date_is_searched_as_a_custom_range(sec, mirror, given, filed_from, filed_to):
    since = len(mirror.log)
    query = f"dateRange=custom&enddt={filed_to}&from=0&q=climate+change&startdt={filed_from}"
    path = serve(mirror, query, "zero_hits.json")
    result = search_full_text("climate change", **given)
    assert efts_requests(mirror, since) == [path]
    # today is pinned to 2026-07-01
    assert (result.filed_from, result.filed_to) == (date.fromisoformat(filed_from), date.fromisoformat(filed_to))
    assert f"filings dated {filed_from} to {filed_to}" in result.coverage


def test_a_start_date_in_the_future_is_out_of_scope(sec):
    with pytest.raises(EdgarError) as exc:
        search_full_text("climate change", filed_from="2027-01-01")
    assert exc.value.code == "out_of_scope"


# --- company scope and hand-written responses ---------------------------------------


def test_a_company_scope_sends_its_padded_cik_and_merges_the_8k_with_its_exhibit(sec, mirror):
    since = len(mirror.log)
    path = serve(
        mirror,
        "ciks=0001045810&dateRange=custom&enddt=2026-06-30&forms=8-K&from=0"
        "&q=%22variable+compensation+plan%22&startdt=2026-01-01",
        "nvda_8k_variable_compensation.json",
    )
    result = search_full_text(
        '"variable compensation plan"', forms=["8-k"], filed_from="2026-01-01", filed_to="2026-06-30", company="NVDA"
    )
    assert efts_requests(mirror, since) == [path]
    assert result.company.cik == "0001045810" and result.company.name == "NVIDIA CORP"
    assert "filings of NVIDIA CORP (CIK 0001045810)" in result.coverage
    # 0001045810-26-000024: NVIDIA's 8-K of 2026-03-06; EX-10.1 and the 8-K document both match.
    assert result.total_hits == 2 and result.total_is_lower_bound is False and result.next_page is None
    (row,) = result.filings
    assert (row.accession_number, row.form, row.file_type) == ("0001045810-26-000024", "8-K", "EX-10.1")
    assert (row.filed, row.period_of_report, row.items) == (date(2026, 3, 6), date(2026, 3, 2), ["5.02", "9.01"])
    assert [o.file for o in row.other_files] == ["nvda-20260302.htm"]
    assert row.other_files[0].document_url == (
        "https://www.sec.gov/Archives/edgar/data/1045810/000104581026000024/nvda-20260302.htm"
    )


def test_zero_hits_are_explained(sec, mirror):
    serve(mirror, "from=0&q=%22climate+change%22", "zero_hits.json")
    result = search_full_text('"climate change"')
    assert result.filings == [] and result.total_hits == 0 and result.next_page is None
    assert any("before 2001" in n for n in result.notes)
    assert any("quoted phrase" in n for n in result.notes)


def test_unquoted_words_with_no_hits_suggest_double_quotes(sec, mirror):
    serve(mirror, "forms=10-K&from=0&q=fictional+widget", "zero_hits.json")
    result = search_full_text("fictional   widget", forms=["10-K"])
    assert result.query == "fictional widget"
    assert any("double quotes" in n for n in result.notes)
    assert any("narrowed by forms" in n for n in result.notes)


def test_the_second_page_asks_for_offset_100(sec, mirror):
    since = len(mirror.log)
    path = serve(mirror, "forms=8-K&from=100&q=climate+change", "zero_hits.json")
    result = search_full_text("climate change", forms=["8-K"], page=2)
    assert efts_requests(mirror, since) == [path]
    assert result.offset == 100 and result.page == 2


def test_a_response_without_hits_is_an_upstream_error(sec, mirror):
    busy = (200, {"Content-Type": "application/json"}, json.dumps({"error": "busy"}).encode())
    mirror.script(f"{EFTS_PATH}?from=0&q=anything", busy, busy)  # an invalid body is retried once (sec fixture)
    with pytest.raises(EdgarError) as exc:
        search_full_text("anything")
    assert exc.value.code == "upstream_unavailable"


# --- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs,fragment",
    [
        ({"query": "   "}, "empty"),
        ({"query": '"going concern'}, "unclosed double quote"),
        ({"query": "x" * 501}, "characters long"),
        ({"query": "ok", "filed_from": "2024-13-01"}, "is not a date"),
        ({"query": "ok", "filed_from": "01/02/2024"}, "is not a date"),
        ({"query": "ok", "filed_to": "20240101"}, "is not a date"),
        ({"query": "ok", "filed_from": "2024-06-01", "filed_to": "2024-01-01"}, "is after"),
        ({"query": "ok", "limit": 0}, "limit must be between 1 and 100"),
        ({"query": "ok", "limit": 101}, "limit must be between 1 and 100"),
        ({"query": "ok", "page": 0}, "page must be between 1 and 100"),
        ({"query": "ok", "page": 101}, "page must be between 1 and 100"),
    ],
)
def test_bad_arguments_are_invalid_before_any_request(sec, mirror, kwargs, fragment):
    since = len(mirror.log)
    with pytest.raises(EdgarError) as exc:
        search_full_text(**kwargs)
    assert exc.value.code == "invalid_argument"
    assert fragment in exc.value.message
    assert efts_requests(mirror, since) == []


def test_an_unknown_form_is_refused_with_the_accepted_forms(sec):
    with pytest.raises(EdgarError) as exc:
        search_full_text("ok", forms=["10-K", "10-KK"])
    assert exc.value.code == "invalid_argument" and "10-KK" in exc.value.message
    accepted = exc.value.to_dict()["error"]["accepted_forms"]
    assert {"10-K", "10-Q", "8-K", "DEF 14A"} <= set(accepted)
    assert "10-K, " in exc.value.suggestion


def test_an_amendment_form_points_to_its_root_form(sec):
    with pytest.raises(EdgarError) as exc:
        search_full_text("ok", forms=["10-K/A"])
    assert exc.value.code == "invalid_argument" and "forms 10-K" in exc.value.suggestion


def test_forms_are_upper_cased_split_on_commas_and_deduplicated():
    assert S.normalize_forms(["10-k, 10-q", "def  14a", "10-K"]) == ["10-K", "10-Q", "DEF 14A"]


# --- parsing ---------------------------------------------------------------------------


def test_display_names_give_name_tickers_and_cik():
    ref = S.parse_display_name("DTE ENERGY CO  (DTB, DTE, DTG, DTW)  (CIK 0000936340)")
    assert (ref.name, ref.tickers, ref.cik) == ("DTE ENERGY CO", ["DTB", "DTE", "DTG", "DTW"], "0000936340")
    ref = S.parse_display_name("ARIZONA PUBLIC SERVICE CO  (CIK 0000007286)")
    assert (ref.name, ref.tickers) == ("ARIZONA PUBLIC SERVICE CO", [])
    assert S.parse_display_name("no cik here") is None


def test_hits_without_an_accession_number_are_left_out_and_counted():
    rows, skipped = S.merge_hits([{"_id": "garbage", "_source": {"ciks": ["1"], "file_date": "2020-01-01"}}])
    assert rows == [] and skipped == 1

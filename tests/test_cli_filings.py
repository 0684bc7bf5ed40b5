"""`edgar filings` on the corpus mirror: JSON and table output, errors, exit codes, snapshots."""

from __future__ import annotations


def test_json_output_parses_and_stderr_stays_empty(cli):
    res = cli("filings", "AAPL", "--form", "10-K", "--limit", "2", "--json")
    assert res.rc == 0 and res.err == ""
    data = res.json()
    # 0000320193-25-000079 (FY2025) and 0000320193-24-000123 (FY2024, period 2024-09-28).
    assert [(f["accession_number"], f["period_of_report"], f["fiscal_year"]) for f in data["filings"]] == [
        ("0000320193-25-000079", "2025-09-27", 2025),
        ("0000320193-24-000123", "2024-09-28", 2024),
    ]
    assert data["company"]["fiscal_year_end"] == "09-26" and data["truncated"] is True


def test_the_table_lists_form_filed_period_accession_and_description_with_notes_on_stderr(cli):
    res = cli("filings", "TSLA", "--form", "10-K", "--since", "2024-01-01", "--format", "table")
    assert res.rc == 0
    for text in (
        "Form",
        "Filed",
        "Period",
        "Accession",
        "Description",
        "Tesla, Inc.",
        "0001104659-25-042659",
        "superseded by 0001104659-25-042659",
        "amends 0001628280-25-003063",
    ):
        assert text in res.out
    assert "note: superseded means" in res.err and "Part III" not in res.out


def test_since_reaching_past_recent_merges_the_older_page(cli):
    res = cli("filings", "TSLA", "--form", "10-K", "--since", "2010-01-01", "--until", "2012-12-31", "--json")
    assert res.rc == 0
    # All on CIK0001318605-submissions-001.json: FY2010 10-K, FY2011 10-K and its 10-K/A.
    assert [f["accession_number"] for f in res.json()["filings"]] == [
        "0001193125-12-137560",
        "0001193125-12-081990",
        "0001193125-11-054847",
    ]


def test_a_truncated_history_is_one_warning_on_stderr(cli):
    res = cli("filings", "MSFT", "--form", "10-K", "--since", "2015-01-01", "--format", "table")
    assert res.rc == 0
    assert "incomplete" not in res.out
    assert res.err.count("The filing history is incomplete") == 1 and "warning: The filing history" in res.err


def test_any_edgar_form_type_is_accepted_and_a_form_not_filed_says_which_forms_are(cli):
    # NVIDIA's recent submissions (data.sec.gov/submissions/CIK0001045810.json) hold Form 4s, 8-Ks, 10-Qs ...
    res = cli("filings", "NVDA", "--form", "4", "--limit", "3", "--json")
    assert res.rc == 0
    body = res.json()
    assert body["forms"] == ["4"] and body["forms_included"] == ["4", "4/A"]
    assert body["filings"] and {f["form"] for f in body["filings"]} <= {"4", "4/A"}
    res = cli("filings", "NVDA", "--form", "S-99", "--json")
    assert res.rc == 0 and res.json()["filings"] == []
    assert any("the forms it files most are" in w for w in res.json()["warnings"])


def test_a_value_that_is_not_a_form_type_is_invalid_argument_with_exit_2(cli):
    res = cli("filings", "NVDA", "--form", "10-K; DROP TABLE", "--json")
    assert res.rc == 2
    err = res.json()["error"]
    assert err["code"] == "invalid_argument" and err["accepted"] == ["10-K", "10-Q", "20-F", "40-F", "8-K"]


def test_bad_dates_and_limits_are_invalid_argument(cli):
    for args in (("--since", "01/02/2020"), ("--since", "2021-01-01", "--until", "2020-01-01"), ("--limit", "0")):
        res = cli("filings", "NVDA", *args, "--json")
        assert res.rc == 2 and res.json()["error"]["code"] == "invalid_argument", args


def test_an_unknown_company_is_not_found_with_exit_3(cli):
    res = cli("filings", "Stripe Payments Private", "--json")
    assert res.rc == 3 and res.json()["error"]["code"] == "not_found"


def test_help_describes_the_command(cli):
    res = cli("filings", "--help")
    assert res.rc == 0 and "amendments" in res.out and "--from" in res.out


def test_snapshot_of_tesla_10k_chain_json(cli, snapshot):
    # The FY2024 10-K 0001628280-25-003063 superseded by the 10-K/A 0001104659-25-042659.
    res = cli("filings", "TSLA", "--form", "10-K", "--since", "2024-06-01", "--until", "2025-12-31", "--json")
    assert res.rc == 0
    assert res.json() == snapshot


def test_snapshot_of_tsmc_20f_json(cli, snapshot):
    res = cli("filings", "TSM", "--form", "20-F", "--limit", "2", "--json")
    assert res.rc == 0
    assert res.json() == snapshot


def test_snapshot_of_nvidia_8k_json(cli, snapshot):
    res = cli("filings", "NVDA", "--form", "8-K", "--since", "2026-01-01", "--json")
    assert res.rc == 0
    assert res.json() == snapshot


def test_snapshot_of_microsoft_10k_table(cli, snapshot):
    res = cli("filings", "MSFT", "--form", "10-K", "--limit", "3", "--format", "table")
    assert res.rc == 0
    assert res.out == snapshot


def test_an_amendment_in_range_names_its_original_from_an_older_page(cli):
    # Expedia's 10-K/A 0001193125-16-569280 (filed 2016-04-29) amends 0001193125-16-457822 (filed 2016-02-11),
    # which sits on CIK0001324424-submissions-001.json, before --since.
    res = cli("filings", "EXPE", "--form", "10-K", "--since", "2016-04-01", "--json")
    assert res.rc == 0 and res.err == ""
    amendment = next(f for f in res.json()["filings"] if f["accession_number"] == "0001193125-16-569280")
    assert amendment["amends"] == "0001193125-16-457822"


def test_filings_from_the_cache_say_when_they_were_fetched(cli):
    # Apple's submissions (CIK 0000320193): the second run is answered from the cache, fetched at the first
    first = cli("filings", "AAPL", "-n", "1", "--json").json()["data_source"]
    second = cli("filings", "AAPL", "-n", "1", "--json").json()["data_source"]
    assert second["kind"] == "cache" and second["as_of"] is not None
    if first["kind"] == "live":
        assert second["as_of"] == first["as_of"]
    assert "unknown date" not in cli("filings", "AAPL", "-n", "1").err

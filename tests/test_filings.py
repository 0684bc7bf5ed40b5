"""list_filings and find_filing on the corpus submissions files.

Every accession number below is in ../shared/sec-corpus/data.sec.gov/submissions (the company's
CIK##########.json or its -submissions-001.json page). The unit tests at the bottom use small
hand-written rows and dates.
"""

from __future__ import annotations

import json
import re
from datetime import date

import pytest
from lookups import refusal

from edgar_cli.capabilities.filings.filings import find_filing, list_filings, parse_form
from edgar_cli.sec import submissions as S

TESLA_FY2024_10K = "0001628280-25-003063"  # 10-K filed 2025-01-30, period 2024-12-31
TESLA_FY2024_10KA = "0001104659-25-042659"  # 10-K/A filed 2025-04-30, same period


# --- the fiscal-year lookup other capabilities use --------------------------------------------------


def test_apple_fiscal_2024_10k_is_the_one_for_the_period_ending_2024_09_28(sec):
    f = find_filing("AAPL", fiscal_year=2024)
    assert (f.accession_number, f.form, f.period_of_report, f.fiscal_year) == (
        "0000320193-24-000123",
        "10-K",
        date(2024, 9, 28),
        2024,
    )
    assert f.filed == date(2024, 11, 1) and f.cik == "0000320193" and f.company_name == "Apple Inc."
    assert f.document_url == "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm"
    assert f.is_xbrl and f.is_inline_xbrl and not f.is_amendment and not f.superseded


def test_nvidia_fiscal_2024_10k_is_found_by_its_january_period_not_its_filing_year(sec):
    # 0001045810-24-000029: period 2024-01-28, filed 2024-02-21. FY2025's 10-K is filed in 2025 too,
    # so a lookup by filing year would be one off.
    f = find_filing("NVDA", fiscal_year=2024)
    assert (f.accession_number, f.period_of_report, f.filed) == (
        "0001045810-24-000029",
        date(2024, 1, 28),
        date(2024, 2, 21),
    )
    assert find_filing("NVDA", fiscal_year=2025).accession_number == "0001045810-25-000023"  # period 2025-01-26


def test_nvidia_quarter_ending_in_april_2024_belongs_to_fiscal_2025(sec):
    # 0001045810-24-000124: 10-Q for the quarter ending 2024-04-28, NVIDIA's Q1 FY2025.
    r = list_filings("NVDA", forms="10-Q", filed_from="2024-05-01", filed_to="2024-06-30")
    assert [(f.accession_number, f.period_of_report, f.fiscal_year) for f in r.filings] == [
        ("0001045810-24-000124", date(2024, 4, 28), 2025)
    ]


@pytest.mark.parametrize(
    "company, fiscal_year, candidates",
    [
        pytest.param(
            "NVDA",
            2025,
            ["0001045810-24-000124", "0001045810-24-000264", "0001045810-24-000316"],
            id="three quarterly reports in one fiscal year",
        ),
        # Imunon FY2010: the 10-Q for 2010-03-31 (0000749647-10-000021, filed 2010-05-04) is on the older page,
        # those for 2010-06-30 and 2010-09-30 are in filings.recent (which starts 2010-07-26).
        pytest.param(
            "749647",
            2010,
            ["0000749647-10-000021", "0000749647-10-000045", "0000749647-10-000055"],
            id="a fiscal year whose quarters straddle two pages",
        ),
    ],
)
def test_the_quarterly_reports_of_a_fiscal_year_are_all_listed_as_ambiguous_not_guessed(
    sec, company, fiscal_year, candidates
):
    e = refusal(find_filing, company, fiscal_year=fiscal_year, form="10-Q")
    assert e.code == "ambiguous"
    assert [c.accession_number for c in e.extras["candidates"]] == candidates


def test_10qs_of_a_company_that_changed_its_fiscal_year_end_follow_its_own_annual_reports(sec):
    # Review finding 2, FIELD-NOTES T06: Imunon (CIK 749647) records fiscal year end 12-31 today but filed
    # September-year 10-Ks until 2003 (FY1999's, 0000931731-99-000517, has period 1999-09-30). Its FY1999
    # quarters end 1998-12-31, 1999-03-31 and 1999-06-30; the quarter ending 1999-12-31 is Q1 FY2000.
    e = refusal(find_filing, "749647", fiscal_year=1999, form="10-Q")
    assert e.code == "ambiguous"
    assert [(c.accession_number, c.period_of_report) for c in e.extras["candidates"]] == [
        ("0000931731-99-000078", date(1998, 12, 31)),
        ("0000931731-99-000236", date(1999, 3, 31)),
        ("0000931731-99-000330", date(1999, 6, 30)),
    ]
    assert find_filing("749647", fiscal_year=1999).accession_number == "0000931731-99-000517"
    q = find_filing(
        "749647", accession_number="0000931731-00-000035", form="10-Q"
    )  # the 10-Q for the quarter ending 1999-12-31
    assert q.fiscal_year == 2000


def test_quarters_of_a_fifteen_month_transition_year_belong_to_the_year_of_its_10k(sec):
    # Imunon's 10-K 0001193125-05-052402 (period 2004-12-31) followed the September-year 10-K for 2003-09-30:
    # the four 10-Qs in between (periods 2003-12-31 to 2004-09-30) are FY2004; 2005's quarters use 12-31.
    r = list_filings("749647", forms="10-Q", filed_from="2004-01-01", filed_to="2005-12-31")
    assert [(str(f.period_of_report), f.fiscal_year) for f in r.filings if not f.is_amendment] == [
        ("2005-09-30", 2005),
        ("2005-06-30", 2005),
        ("2005-03-31", 2005),
        ("2004-09-30", 2004),
        ("2004-06-30", 2004),
        ("2004-03-31", 2004),
        ("2003-12-31", 2004),
    ]


def test_quarters_of_a_year_on_an_unreadable_page_name_the_gap(sec):
    # NVIDIA's FY2020 10-Qs (2019) are on CIK0001045810-submissions-001.json, which the corpus (and so the
    # mirror) does not serve.
    e = refusal(find_filing, "NVDA", fiscal_year=2020, form="10-Q")
    assert e.code == "not_found" and "CIK0001045810-submissions-001.json" in e.message


def test_microsoft_fiscal_year_ends_on_june_30(sec):
    r = list_filings("MSFT", forms="10-K", limit=2)
    assert r.company.fiscal_year_end == "06-30"
    # 0000950170-24-087843: Microsoft's FY2024 10-K, period 2024-06-30.
    f = find_filing("MSFT", fiscal_year=2024)
    assert (f.accession_number, f.period_of_report, f.fiscal_year) == ("0000950170-24-087843", date(2024, 6, 30), 2024)


def test_without_accession_or_year_the_latest_original_is_returned(sec):
    f = find_filing("NVDA")
    assert (f.accession_number, f.period_of_report) == ("0001045810-26-000021", date(2026, 1, 25))


def test_a_fiscal_year_that_has_not_ended_is_not_found_with_the_latest_named(sec):
    e = refusal(find_filing, "NVDA", fiscal_year=2027)  # ends around 2027-01-31; today is pinned to 2026-07-01
    assert e.code == "not_found" and e.extras["latest_fiscal_year"] == 2026
    assert "has not ended" in e.message


def test_a_fiscal_year_years_ahead_is_out_of_scope(sec):
    e = refusal(find_filing, "NVDA", fiscal_year=2031)
    assert e.code == "out_of_scope"


# --- amendments --------------------------------------------------------------------------------------


def test_tesla_fiscal_2024_10k_is_superseded_by_its_10ka_without_being_replaced(sec):
    f = find_filing("TSLA", fiscal_year=2024)
    assert f.accession_number == TESLA_FY2024_10K and f.form == "10-K"
    assert f.superseded and f.superseded_by == TESLA_FY2024_10KA
    assert [(a.accession_number, a.form, a.filed) for a in f.amendments] == [
        (TESLA_FY2024_10KA, "10-K/A", date(2025, 4, 30))
    ]
    # The 10-K/A is a fraction of the original (it adds Part III), which is why it never stands in for it.
    assert f.amendments[0].size * 10 < f.size


def test_tesla_10ka_chain_links_each_amendment_to_its_original(sec):
    r = list_filings("TSLA", forms="10-K", filed_from="2019-01-01")
    by_accn = {f.accession_number: f for f in r.filings}
    chains = {f.accession_number: f.superseded_by for f in r.filings if f.superseded}
    assert chains == {
        TESLA_FY2024_10K: TESLA_FY2024_10KA,
        "0000950170-22-000796": "0001564590-22-016871",  # FY2021
        "0001564590-21-004599": "0001564590-21-022604",  # FY2020
        "0001564590-20-004475": "0001564590-20-018984",  # FY2019
    }
    assert by_accn[TESLA_FY2024_10KA].amends == TESLA_FY2024_10K
    assert by_accn[TESLA_FY2024_10KA].is_amendment and by_accn[TESLA_FY2024_10KA].base_form == "10-K"
    assert any("only add Part III" in n and "XBRL facts" in n for n in r.notes)


def test_field_notes_t09_tesla_10ka_filed_after_the_10k_is_not_taken_as_the_annual_report(sec):
    # T09: the newest 10-K-family filing can be a 10-K/A stub. Up to 2025-12-31 it is Tesla's
    # 10-K/A 0001104659-25-042659 (cover page, Part III); taking the latest form == "10-K" avoids it.
    r = list_filings("TSLA", forms="10-K", filed_to="2025-12-31", limit=2)
    assert [(f.form, f.accession_number) for f in r.filings] == [
        ("10-K/A", TESLA_FY2024_10KA),
        ("10-K", TESLA_FY2024_10K),
    ]
    assert r.filings[0].filed > r.filings[1].filed
    assert find_filing("TSLA", fiscal_year=2024).accession_number == TESLA_FY2024_10K


def test_field_notes_t09_latest_10k_as_of_may_2025_is_the_original_not_the_stub(sec, mirror):
    # Tesla's submissions as they stood on 2025-05-01: the corpus file without the later filings.
    path = "/data.sec.gov/submissions/CIK0001318605.json"
    data = json.loads((mirror.corpus / path.lstrip("/")).read_text())
    recent = data["filings"]["recent"]
    keep = [i for i, d in enumerate(recent["filingDate"]) if d <= "2025-05-01"]
    data["filings"]["recent"] = {k: [v[i] for i in keep] for k, v in recent.items()}
    mirror.script(path, (200, {"Content-Type": "application/json"}, json.dumps(data).encode()))
    try:
        f = find_filing("TSLA")
    finally:
        leftover = mirror.scripted.pop(path, [])
    assert leftover == []
    assert (f.form, f.accession_number) == ("10-K", TESLA_FY2024_10K)
    assert f.superseded_by == TESLA_FY2024_10KA


def test_expedia_2015_10k_on_the_older_page_carries_its_amendment_from_recent(sec):
    # 0001193125-16-457822 (10-K, 2016-02-11) is in CIK0001324424-submissions-001.json;
    # its 10-K/A 0001193125-16-569280 (2016-04-29) is in filings.recent.
    f = find_filing("EXPE", fiscal_year=2015)
    assert (f.accession_number, f.period_of_report) == ("0001193125-16-457822", date(2015, 12, 31))
    assert f.superseded_by == "0001193125-16-569280"


def test_an_amendment_in_range_is_linked_to_its_original_on_an_older_page(sec):
    # Review finding 5: the 10-K/A 0001193125-16-569280 (filed 2016-04-29, period 2015-12-31) is in
    # filings.recent; its original 0001193125-16-457822 (filed 2016-02-11) is on CIK0001324424-submissions-001.json,
    # which --since 2016-04-01 alone would not read.
    r = list_filings("EXPE", forms="10-K", filed_from="2016-04-01")
    amendment = next(f for f in r.filings if f.accession_number == "0001193125-16-569280")
    assert amendment.amends == "0001193125-16-457822"
    assert "0001193125-16-457822" not in [f.accession_number for f in r.filings]  # filed before --since
    assert r.pages[1].status == "read" and any("originals of 0001193125-16-569280" in n for n in r.notes)


def test_an_amendment_found_by_accession_is_linked_to_its_original_on_an_older_page(sec):
    f = find_filing("EXPE", accession_number="0001193125-16-569280")
    assert f.form == "10-K/A" and f.amends == "0001193125-16-457822"


def test_an_amendment_that_fits_several_originals_is_left_unlinked():
    rows = [
        _row("0000000001-20-000001", "8-K", "2020-03-02", "2020-03-01"),
        _row("0000000001-20-000002", "8-K", "2020-03-03", "2020-03-01"),
        _row("0000000001-20-000003", "8-K/A", "2020-04-01", "2020-03-01"),
        _row("0000000001-20-000004", "10-K", "2020-02-01", "2019-12-31"),
        _row("0000000001-20-000005", "10-K/A", "2020-04-20", "2019-12-31"),
        _row("0000000001-20-000006", "10-K/A", "2020-05-20", "2019-12-31"),
    ]
    amends, chains = S.link_amendments(rows)
    assert "0000000001-20-000003" not in amends
    assert chains == {"0000000001-20-000004": ["0000000001-20-000005", "0000000001-20-000006"]}


# --- older pages (FIELD-NOTES T18) -------------------------------------------------------------------


def test_field_notes_t18_teslas_first_10k_is_found_only_after_merging_the_older_page(sec):
    # 0001193125-11-054847: Tesla's first 10-K (FY2010), only in CIK0001318605-submissions-001.json.
    recent_only = list_filings("TSLA", forms="10-K", filed_from="2018-03-01", limit=100)  # recent starts 2018-02-13
    assert recent_only.pages[1].status == "not_needed"
    assert "0001193125-11-054847" not in {f.accession_number for f in recent_only.filings}
    merged = list_filings("TSLA", forms="10-K", filed_from="2010-01-01", limit=100)
    assert merged.pages[1].name == "CIK0001318605-submissions-001.json" and merged.pages[1].status == "read"
    assert merged.filings[-1].accession_number == "0001193125-11-054847"
    assert merged.filings[-1].period_of_report == date(2010, 12, 31)
    assert not merged.history_truncated and not merged.truncated
    assert any("filed_from reaches past" in n for n in merged.notes)
    # FY2011's chain lives entirely on the older page: 10-K/A 0001193125-12-137560 amends 0001193125-12-081990.
    fy2011 = {f.accession_number: f for f in merged.filings if f.fiscal_year == 2011}
    assert fy2011["0001193125-12-081990"].superseded_by == "0001193125-12-137560"


def test_an_older_page_the_sec_does_not_serve_truncates_the_history_and_says_why(sec):
    # CIK0000789019-submissions-001.json is listed by Microsoft's submissions but absent (404).
    r = list_filings("MSFT", forms="10-K", filed_from="2015-01-01")
    assert r.history_truncated
    assert "CIK0000789019-submissions-001.json" in r.history_truncated_reason
    assert "not available" in r.history_truncated_reason
    assert [p.status for p in r.pages] == ["read", "unavailable", "not_needed"]
    assert [f.accession_number for f in r.filings][-1] == "0001564590-20-034944"  # FY2020, the oldest in recent
    assert r.warnings


def test_a_stale_older_page_is_read_and_its_missing_years_are_named(sec):
    # Apple's -submissions-001.json holds 988 filings to 2013-02-07; its listing promises 1206 to 2015-03-11.
    r = list_filings("AAPL", forms="10-K", filed_from="2010-01-01")
    assert r.history_truncated and "2013-02-07" in r.history_truncated_reason
    assert r.pages[1].filings_read == 988 and r.pages[1].filing_count == 1206
    periods = [f.period_of_report.year for f in r.filings if not f.is_amendment]
    assert 2012 in periods and 2015 in periods and 2013 not in periods and 2014 not in periods
    e = refusal(find_filing, "AAPL", fiscal_year=2014)
    assert e.code == "not_found" and "2013-02-07" in e.message


# --- form families ----------------------------------------------------------------------------------


def test_the_10k_family_includes_10k405_and_amendments(sec):
    # CARBO Ceramics (no ticker): 10-K405 0000950134-01-001965 for 2000; 10-K/A 0000950134-03-005879.
    r = list_filings("1009672", forms="10-K", filed_from="1996-01-01", limit=100)
    forms = {f.form for f in r.filings}
    assert forms == {"10-K", "10-K405", "10-K/A"}
    assert r.forms_included == ["10-K", "10-K/A", "10-KT", "10-KT/A", "10-K405", "10-K405/A"]
    k405 = next(f for f in r.filings if f.accession_number == "0000950134-01-001965")
    assert (k405.form, k405.base_form, k405.fiscal_year) == ("10-K405", "10-K405", 2000)


def test_a_single_form_can_be_asked_for(sec):
    r = list_filings("EXPE", forms="10-K/A", filed_from="2010-01-01")
    assert r.filings and all(f.form == "10-K/A" and f.amends for f in r.filings)
    assert "0001193125-16-569280" in {f.accession_number for f in r.filings}


def test_8k_items_are_listed(sec):
    # 0001045810-26-000019: NVIDIA's 8-K of 2026-02-25 (results, items 2.02 and 9.01).
    r = list_filings("NVDA", forms="8-K", limit=1)
    f = r.filings[0]
    assert (f.accession_number, f.items, f.fiscal_year) == ("0001045810-26-000019", ["2.02", "9.01"], None)
    assert r.truncated and r.total_matches > 1


def test_a_value_that_is_not_a_form_type_is_invalid_with_the_accepted_families(sec):
    e = refusal(list_filings, "NVDA", forms="10-K' OR 1=1")
    assert e.code == "invalid_argument"
    assert e.extras["accepted"] == ["10-K", "10-Q", "20-F", "40-F", "8-K"]


@pytest.mark.parametrize("spelling", ["10-K", "10-k", "10k", " 10-K "])
def test_form_spellings_normalise_to_the_family(spelling):
    assert parse_form(spelling)[0] == "10-K"


# --- foreign private issuers ------------------------------------------------------------------------


def test_tsmc_is_a_foreign_private_issuer_filing_20f(sec):
    r = list_filings("TSM", forms="20-F", limit=3)
    assert r.foreign_private_issuer
    # 0001193125-25-083423: TSMC's 20-F for 2024, filed 2025-04-17.
    assert (r.filings[0].accession_number, r.filings[0].period_of_report, r.filings[0].fiscal_year) == (
        "0001193125-25-083423",
        date(2024, 12, 31),
        2024,
    )
    assert any("foreign private issuer" in n for n in r.notes)
    assert r.company.state_of_incorporation_description == "Taiwan, Province of China"


def test_asking_tsmc_for_a_10k_points_to_the_20f(sec):
    r = list_filings("TSM", forms="10-K")
    assert r.filings == [] and any("forms 20-F" in w for w in r.warnings)
    e = refusal(find_filing, "TSM", fiscal_year=2024)
    assert e.code == "not_found" and e.extras["foreign_private_issuer"] is True
    assert "20-F" in e.suggestion
    assert find_filing("TSM", fiscal_year=2023, form="20-F").accession_number == "0001193125-24-099840"


# --- the company header and URLs --------------------------------------------------------------------


def test_the_header_carries_the_company_facts_and_former_names(sec):
    c = list_filings("AAPL", limit=1).company
    assert (c.cik, c.name, c.tickers, c.exchanges) == ("0000320193", "Apple Inc.", ["AAPL"], ["Nasdaq"])
    assert (c.fiscal_year_end, c.state_of_incorporation, c.entity_type) == ("09-26", "CA", "operating")
    assert (c.sic, c.sic_description) == ("3571", "Electronic Computers")
    assert ("APPLE COMPUTER INC", date(1994, 1, 26), date(2007, 1, 4)) in [
        (n.name, n.from_date, n.to_date) for n in c.former_names
    ]


def test_field_notes_t19_archives_urls_use_the_unpadded_cik_and_the_undashed_accession(sec):
    r = list_filings("AAPL", forms="10-K", limit=5)
    assert r.source == "https://data.sec.gov/submissions/CIK0000320193.json"
    for f in r.filings:
        folder = f.accession_number.replace("-", "")
        assert re.fullmatch(
            rf"https://www\.sec\.gov/Archives/edgar/data/320193/{folder}/"
            rf"{re.escape(f.accession_number)}-index\.html",
            f.index_url,
        )
        assert re.fullmatch(rf"https://www\.sec\.gov/Archives/edgar/data/320193/{folder}/[\w.-]+\.htm", f.document_url)


def test_form_4_primary_documents_keep_their_stylesheet_folder(sec):
    # 0001347842-26-000007: a Form 4 in NVIDIA's feed, primary document xslF345X05/wk-form4_1772663608.xml.
    f = list_filings("NVDA", limit=1).filings[0]
    assert (f.form, f.accession_number) == ("4", "0001347842-26-000007")
    assert f.document_url == (
        "https://www.sec.gov/Archives/edgar/data/1045810/000134784226000007/xslF345X05/wk-form4_1772663608.xml"
    )


# --- lookups by accession ---------------------------------------------------------------------------


def test_an_accession_number_without_dashes_finds_the_filing(sec):
    f = find_filing("AAPL", accession_number="000032019324000123")
    assert f.accession_number == "0000320193-24-000123" and f.fiscal_year == 2024


def test_an_accession_on_the_older_page_is_found(sec):
    f = find_filing("TSLA", accession_number="0001193125-11-054847")
    assert (f.form, f.filed) == ("10-K", date(2011, 3, 3))


def test_another_companys_accession_is_not_found(sec):
    e = refusal(find_filing, "NVDA", accession_number="0000320193-24-000123")
    assert e.code == "not_found" and "NVIDIA" in e.message


@pytest.mark.parametrize("accession", ["0000320193-24-00012", "../../etc/passwd", ""])
def test_a_malformed_accession_is_invalid(sec, accession):
    e = refusal(find_filing, "AAPL", accession_number=accession)
    assert e.code == "invalid_argument"


def test_an_accession_of_another_form_or_year_is_invalid(sec):
    e = refusal(find_filing, "NVDA", accession_number="0001045810-26-000019")  # an 8-K
    assert e.code == "invalid_argument" and "8-K" in e.message
    assert find_filing("NVDA", accession_number="0001045810-26-000019", form="8-K").items == ["2.02", "9.01"]
    e = refusal(find_filing, "AAPL", accession_number="0000320193-24-000123", fiscal_year=2023)
    assert e.code == "invalid_argument" and "2024" in e.message


# --- validation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"filed_from": "2020-13-01"}, "YYYY-MM-DD"),
        ({"filed_to": "2020/01/01"}, "YYYY-MM-DD"),
        ({"filed_from": "2021-01-01", "filed_to": "2020-01-01"}, "after"),
        ({"limit": 0}, "between 1 and 1000"),
        ({"limit": 1001}, "between 1 and 1000"),
    ],
)
def test_bad_arguments_are_invalid_before_any_request(kwargs, fragment):
    e = refusal(list_filings, "NVDA", **kwargs)
    assert e.code == "invalid_argument" and fragment in e.message


def test_limit_truncates_and_says_so(sec):
    r = list_filings("NVDA", forms="10-K", filed_from="2020-01-01", limit=2)
    assert [f.accession_number for f in r.filings] == ["0001045810-26-000021", "0001045810-25-000023"]
    assert r.truncated and r.total_matches == 7


# --- the fiscal calendar, by hand -------------------------------------------------------------------


@pytest.mark.parametrize(
    "end, fye, annual, expected",
    [
        (date(2024, 1, 28), "01-31", True, 2024),  # NVIDIA FY2024
        (date(2021, 1, 31), "01-31", True, 2021),  # NVIDIA's 53-week FY2021
        (date(2024, 4, 28), "01-31", False, 2025),  # NVIDIA Q1 FY2025
        (date(2024, 9, 28), "09-26", True, 2024),  # Apple FY2024
        (date(2023, 9, 30), "09-26", True, 2023),  # Apple's 53-week FY2023
        (date(2023, 12, 30), "09-26", False, 2024),  # Apple Q1 FY2024
        (date(2024, 9, 30), "06-30", False, 2025),  # Microsoft Q1 FY2025
        (date(2021, 1, 2), "12-31", True, 2020),  # a December 52/53-week year that spilled into January
        (date(2021, 4, 3), "01-02", False, 2021),
        (date(2019, 12, 31), "06-30", True, 2019),  # an annual report from before a fiscal-year-end change
        (date(2019, 12, 31), None, True, 2019),
        (date(2019, 9, 30), None, False, None),  # no recorded fiscal year end: no guess for a quarter
    ],
)
def test_fiscal_year_of_a_period_follows_the_fiscal_year_end(end, fye, annual, expected):
    assert S.fiscal_year_of(end, fye, annual=annual) == expected


def test_a_quarter_takes_the_fiscal_year_of_the_next_annual_report_within_thirteen_months():
    rows = [
        _row("0000000001-03-000001", "10-K", "2003-12-20", "2003-09-30"),
        _row("0000000001-05-000001", "10-K", "2005-03-10", "2004-12-31"),
        _row("0000000001-09-000001", "10-K/A", "2009-03-10", "2008-09-30"),
    ]  # an amendment is no anchor
    cal = S.FiscalCalendar(rows, "12-31")
    assert cal.fiscal_year("10-Q", date(2003, 6, 30)) == 2003
    assert cal.fiscal_year("10-Q", date(2003, 12, 31)) == 2004
    assert cal.fiscal_year("10-Q", date(2006, 3, 31)) == 2006  # after the last 10-K: the recorded year end
    assert cal.fiscal_year("10-Q", date(2008, 6, 30)) == 2008
    assert cal.fiscal_year("10-K", date(2003, 9, 30)) == 2003
    assert cal.fiscal_year("8-K", date(2003, 9, 30)) is None


def test_fiscal_year_end_is_read_as_mm_dd():
    assert [S.fye_mmdd(v) for v in ("0926", "0131", "1231", "", None, "13xx", "1332")] == [
        "09-26",
        "01-31",
        "12-31",
        None,
        None,
        None,
        None,
    ]
    assert S.estimated_year_end(2024, "01-31") == date(2024, 1, 31)
    assert S.estimated_year_end(2020, "01-02") == date(2021, 1, 2)


def _row(accession: str, form: str, filed: str, period: str) -> S.Row:
    return S.Row(
        accession=accession,
        form=form,
        filing_date=date.fromisoformat(filed),
        report_date=date.fromisoformat(period),
        acceptance="",
        items=[],
        is_xbrl=False,
        is_inline_xbrl=False,
        primary_document="",
        primary_doc_description="",
        size=None,
        page="recent",
    )


# --- form codes in a list (issue 36) ---------------------------------------------------------------------------


@pytest.mark.parametrize("spelled", ["10-K,DEF14A", "10k, def 14a", "10-K,DEF 14A"])
def test_every_form_code_in_a_list_is_normalised_alike(sec, spelled):
    # DEF14A inside a list used to be dropped without a word; EDGAR spells it DEF 14A
    r = list_filings("AAPL", forms=spelled, filed_from="2020-01-01", limit=200)
    assert r.forms == ["10-K", "DEF 14A"]
    assert {"10-K", "DEF 14A"} <= {f.form for f in r.filings} and not r.warnings


def test_a_form_of_a_list_that_matches_nothing_is_a_warning_in_the_data(sec):
    r = list_filings("AAPL", forms="10-K,S-4", filed_from="2020-01-01", limit=200)
    assert {f.form for f in r.filings} == {"10-K"}
    assert any(w.startswith("Apple Inc. has no S-4 in the history read") for w in r.warnings)

"""compare_companies on real companyfacts from the corpus.

Every expected figure is in ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts and is
named with the accession number of the filing it comes from (the same value `edgar concept`
gives, since compare runs the same engine).
"""

from __future__ import annotations

from datetime import date

import pytest

from edgar_cli.capabilities.compare.compare import compare_companies
from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.errors import EdgarError


def row(result, name_part):
    hits = [r for r in result.rows if name_part.lower() in r.name.lower()]
    assert len(hits) == 1, [r.name for r in result.rows]
    return hits[0]


# --- alignment ---------------------------------------------------------------------------


def test_nvidia_and_apple_fiscal_2024_revenue_end_244_days_apart_and_are_not_comparable(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024)
    assert r.comparable is False
    assert r.comparability_issues == ["period ends 244 days apart"]
    nvda, aapl = r.rows
    # 0001045810-24-000029: NVIDIA's FY2024 10-K.
    assert (nvda.value, nvda.end, nvda.accession_number) == (60_922_000_000, date(2024, 1, 28), "0001045810-24-000029")
    # 0000320193-24-000123: Apple's FY2024 10-K.
    assert (aapl.value, aapl.end, aapl.accession_number) == (391_035_000_000, date(2024, 9, 28), "0000320193-24-000123")
    gap = next(w for w in r.warnings if "244 days apart" in w)
    assert "2024-01-28" in gap and "2024-09-28" in gap and "not comparable" in gap


def test_a_comparison_row_is_the_value_edgar_concept_gives(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024)
    single = get_financial_concept("AAPL", "revenue", fiscal_year=2024).values[0]
    aapl = row(r, "apple")
    assert (
        aapl.value,
        aapl.start,
        aapl.end,
        aapl.days,
        aapl.filed,
        aapl.form,
        aapl.accession_number,
        aapl.matched_tag,
        aapl.restated,
        aapl.filing_url,
    ) == (
        single.value,
        single.start,
        single.end,
        single.days,
        single.filed,
        single.form,
        single.accession_number,
        single.matched_tag,
        single.restated,
        single.filing_url,
    )


def test_different_matched_tags_are_named_as_differently_defined(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024)
    tags = next(w for w in r.warnings if "defined differently" in w)
    assert "us-gaap:Revenues (NVIDIA CORP)" in tags
    assert "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax (Apple Inc.)" in tags


def test_nvidia_and_snowflake_january_year_ends_are_comparable(sec):
    r = compare_companies("revenue", ["NVDA", "SNOW"], fiscal_year=2024)
    assert r.comparable is True and r.comparability_issues == []
    snow = row(r, "snowflake")
    # 0001640147-24-000101: Snowflake's FY2024 10-K, 2023-02-01 to 2024-01-31.
    assert (snow.value, snow.start, snow.end, snow.days) == (2_806_489_000, date(2023, 2, 1), date(2024, 1, 31), 365)
    assert snow.accession_number == "0001640147-24-000101"
    assert any("within 3 days" in n for n in r.notes)
    assert not any("apart" in w for w in r.warnings)


def test_a_53_week_year_beside_a_52_week_year_notes_the_difference_in_days(sec):
    # NVIDIA's FY2021 ran 2020-01-27..2021-01-31, 371 days (0001045810-22-000036); Snowflake's
    # FY2021 2020-02-01..2021-01-31, 366 days (0001640147-21-000073). Same end, still comparable.
    r = compare_companies("revenue", ["NVDA", "SNOW"], fiscal_year=2021)
    assert r.comparable is True
    assert (row(r, "nvidia").days, row(r, "nvidia").value) == (371, 16_675_000_000)
    assert (row(r, "snowflake").days, row(r, "snowflake").value) == (366, 592_049_000)
    weeks = next(w for w in r.warnings if "differ in length" in w)
    assert "by 5 days" in weeks and "371 days" in weeks and "366 days" in weeks


def test_balance_sheets_at_different_dates_are_said_to_be_different_points_in_time(sec):
    r = compare_companies("total_assets", ["NVDA", "AAPL"], fiscal_year=2024)
    assert r.comparable is False
    # 0001045810-24-000029 and 0000320193-24-000123.
    assert (row(r, "nvidia").value, row(r, "nvidia").end) == (65_728_000_000, date(2024, 1, 28))
    assert (row(r, "apple").value, row(r, "apple").end) == (364_980_000_000, date(2024, 9, 28))
    assert all(v.period_type == "instant" and v.start is None for v in r.rows)
    assert any("balance sheets are dated at different points in time" in w for w in r.warnings)


def test_taiwan_semiconductor_beside_a_us_filer_gets_a_currency_warning(sec):
    r = compare_companies("revenue", ["TSM", "NVDA"], fiscal_year=2024)
    assert r.comparable is False
    assert "different currencies: TWD, USD" in r.comparability_issues
    tsm = row(r, "taiwan")
    # 0001193125-25-083423: TSMC's 2024 20-F, in New Taiwan dollars under IFRS.
    assert (tsm.value, tsm.unit, tsm.matched_tag) == (2_894_307_700_000, "TWD", "ifrs-full:Revenue")
    assert tsm.accession_number == "0001193125-25-083423" and tsm.form == "20-F"
    currency = next(w for w in r.warnings if "different currencies" in w)
    assert "TWD" in currency and "USD" in currency and "does not convert" in currency
    assert any("IFRS and US GAAP" in w for w in r.warnings)


def test_an_ifrs_filer_reporting_in_usd_is_not_comparable_with_a_us_gaap_filer_as_they_stand(sec):
    # Same currency and period end, but IFRS and US GAAP are different standards (issue 35, item 3).
    r = compare_companies("revenue", ["LPA", "TSLA"], fiscal_year=2021)
    assert r.comparable is False and r.comparability_issues == ["different accounting standards: IFRS and US GAAP"]
    lpa, tsla = r.rows
    # 0001493152-24-016772: LPA's 20-F (IFRS, USD); 0000950170-22-000796: Tesla's FY2021 10-K.
    assert (lpa.value, lpa.unit, lpa.accession_number) == (25_596_073, "USD", "0001493152-24-016772")
    assert (tsla.value, tsla.unit, tsla.accession_number) == (53_823_000_000, "USD", "0000950170-22-000796")
    assert lpa.end == tsla.end == date(2021, 12, 31)
    assert any("ifrs-full:Revenue" in w and "IFRS and US GAAP" in w for w in r.warnings)


def test_quarterly_comparison_takes_the_latest_quarter_both_report(sec):
    r = compare_companies("revenue", ["NVDA", "SNOW"], period="quarterly")
    assert (r.fiscal_year, r.fiscal_period, r.fiscal_year_basis) == (2026, "Q1", "latest_common")
    # 0001045810-25-000116 and 0001640147-25-000110: the Q1 FY2026 10-Qs.
    assert (row(r, "nvidia").value, row(r, "nvidia").end) == (44_062_000_000, date(2025, 4, 27))
    assert (row(r, "snowflake").value, row(r, "snowflake").end) == (1_042_074_000, date(2025, 4, 30))
    assert r.comparable is True


# --- choosing the year -------------------------------------------------------------------


def test_without_fy_the_latest_year_every_company_reports_is_chosen_and_explained(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL", "TSLA"])
    # Tesla's companyfacts end with FY2021 (0000950170-22-000796); NVIDIA reaches FY2026, Apple FY2025.
    assert (r.fiscal_year, r.fiscal_year_basis) == (2021, "latest_common")
    assert "FY2021 is the latest fiscal year that all 3 companies report" in r.fiscal_year_reason
    assert "Tesla, Inc. reports nothing later" in r.fiscal_year_reason
    assert "NVIDIA CORP: FY2022 to FY2026" in r.fiscal_year_reason, r.fiscal_year_reason
    assert "Apple Inc.: FY2022 to FY2025" in r.fiscal_year_reason, r.fiscal_year_reason
    assert [v.fiscal_year for v in r.rows] == [2021, 2021, 2021]


def test_without_fy_nvidia_and_apple_compare_fiscal_2025(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL"])
    # 0001045810-25-000023 (NVIDIA FY2025) and 0000320193-25-000079 (Apple FY2025).
    assert r.fiscal_year == 2025
    assert [v.accession_number for v in r.rows] == ["0001045810-25-000023", "0000320193-25-000079"]


def test_a_company_without_the_requested_year_goes_to_unavailable_with_the_latest_it_has(sec):
    r = compare_companies("revenue", ["NVDA", "TSLA", "AAPL"], fiscal_year=2024)
    assert [v.name for v in r.rows] == ["NVIDIA CORP", "Apple Inc."]
    (tsla,) = r.unavailable
    assert (tsla.query, tsla.code, tsla.latest_fiscal_year) == ("TSLA", "not_found", 2021)
    assert "FY2021" in tsla.reason


# --- unavailable, duplicates, order ------------------------------------------------------


def test_snowflake_without_a_combined_sga_line_is_unavailable_and_the_others_are_returned(sec):
    r = compare_companies("sga_expense", ["NVDA", "SNOW", "AAPL"], fiscal_year=2024)
    assert [v.name for v in r.rows] == ["NVIDIA CORP", "Apple Inc."]
    # 0001045810-24-000029 and 0000320193-24-000123.
    assert [v.value for v in r.rows] == [2_654_000_000, 26_097_000_000]
    (snow,) = r.unavailable
    assert (snow.query, snow.cik, snow.code) == ("SNOW", "0001640147", "not_found")
    assert "SellingGeneralAndAdministrativeExpense" in snow.reason


def test_goog_and_googl_collapse_to_one_company_with_a_note(sec):
    r = compare_companies("revenue", ["GOOG", "GOOGL", "NVDA"])
    entries = [u for u in r.unavailable if u.cik == "0001652044"]
    assert len(entries) == 1 and entries[0].query == "GOOG, GOOGL"
    assert any("GOOG and GOOGL are the same company, Alphabet Inc." in n for n in r.notes)
    # The corpus holds no Alphabet companyfacts: it is unavailable, never a guessed figure.
    assert entries[0].code == "not_found" and "no XBRL financial data" in entries[0].reason
    assert [v.name for v in r.rows] == ["NVIDIA CORP"]
    assert r.comparable is False and r.comparability_issues == ["only one company has a value"]


def test_the_same_company_twice_is_fewer_than_two_companies(sec):
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["GOOG", "GOOGL"])
    assert info.value.code == "invalid_argument"
    assert "got 1" in info.value.message and "Alphabet Inc." in info.value.message


@pytest.mark.parametrize("companies", [["NVDA"], [], ["A"] * 17])
def test_fewer_than_two_or_far_too_many_companies_are_refused(sec, companies):
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", companies)
    assert info.value.code == "invalid_argument"


def test_nine_distinct_companies_are_refused(sec):
    nine = ["NVDA", "AAPL", "TSLA", "SNOW", "TSM", "LPA", "MSFT", "AMZN", "GOOGL"]
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", nine)
    assert info.value.code == "invalid_argument" and "got 9" in info.value.message


def test_rows_keep_the_order_given_and_sort_by_value_ranks_them_with_warnings_first(sec):
    given = compare_companies("revenue", ["SNOW", "AAPL", "NVDA"], fiscal_year=2024)
    assert [v.name for v in given.rows] == ["Snowflake Inc.", "Apple Inc.", "NVIDIA CORP"]
    ranked = compare_companies("revenue", ["SNOW", "AAPL", "NVDA"], fiscal_year=2024, sort="value")
    assert [v.value for v in ranked.rows] == [391_035_000_000, 60_922_000_000, 2_806_489_000]
    assert ranked.warnings == given.warnings and ranked.comparable is False
    fields = list(type(ranked).model_fields)
    assert fields.index("warnings") < fields.index("rows")
    assert any("ranked by value" in n and "not comparable" in n for n in ranked.notes)


# --- resolution stops everything ---------------------------------------------------------


def test_an_ambiguous_name_stops_the_comparison_before_any_facts_are_fetched(sec, mirror):
    before = mirror.requests_to("/api/xbrl/companyfacts/")
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "AAPL", "First"])
    err = info.value
    assert err.code == "ambiguous" and err.extras["company"] == "First"
    assert "The comparison was not run" in err.message
    names = [c.name for c in err.extras["candidates"]]
    assert "FIRST SOLAR, INC." in names and len(names) > 1
    assert mirror.requests_to("/api/xbrl/companyfacts/") == before


def test_an_unknown_company_stops_the_comparison_naming_it(sec):
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "Zzzxqq Corp"])
    assert info.value.code == "not_found" and "'Zzzxqq Corp'" in info.value.message
    assert info.value.extras["company"] == "Zzzxqq Corp"


def test_bad_arguments_are_invalid(sec):
    for kwargs in ({"period": "all"}, {"sort": "name"}):
        with pytest.raises(EdgarError) as info:
            compare_companies("revenue", ["NVDA", "AAPL"], **kwargs)
        assert info.value.code == "invalid_argument"
    with pytest.raises(EdgarError) as info:
        compare_companies("not a concept", ["NVDA", "AAPL"])
    assert info.value.code == "invalid_argument"


# --- fetching ----------------------------------------------------------------------------


@pytest.fixture
def own_mirror(corpus, tmp_path):
    """A private mirror (so scripted faults never leak into other tests) and a client on it."""
    import stamina
    from mirror import Faults, MirrorServer

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    servers = []

    def make(faults: Faults | None = None):
        srv = MirrorServer(corpus, faults=faults).start()
        servers.append(srv)
        client = SecClient(Settings(mirror=srv.url, cache_dir=tmp_path / f"cache{len(servers)}"))
        return srv, client

    stamina.set_testing(True, attempts=2)
    yield make
    stamina.set_testing(False)
    for srv in servers:
        srv.stop()


def test_companyfacts_are_fetched_concurrently_one_request_per_company(own_mirror):
    from mirror import Faults

    srv, client = own_mirror(Faults(rate=1.0, kinds=("slow",), slow_seconds=0.5))
    r = compare_companies("revenue", ["NVDA", "AAPL", "SNOW"], fiscal_year=2024, client=client)
    assert len(r.rows) == 3
    facts = [e for e in srv.log if "/api/xbrl/companyfacts/" in e.path]
    # plus the ticker file; and the submissions of companies whose corpus facts end over 185 days before the
    # pinned 2026-07-01 (Apple's at 2025-12-27, Snowflake's at 2025-04-30), checked for a report the facts lack
    others = [e.path for e in srv.log if "/api/xbrl/companyfacts/" not in e.path]
    assert len(facts) == 3 and sorted(others) == [
        "/data.sec.gov/submissions/CIK0000320193.json",
        "/data.sec.gov/submissions/CIK0001640147.json",
        "/www.sec.gov/files/company_tickers_exchange.json",
    ]
    arrivals = sorted(e.t for e in facts)
    # Each answer takes 0.5 s: one after another, the requests would arrive at least 0.5 s apart.
    assert arrivals[-1] - arrivals[0] < 0.4


def test_a_fetch_that_still_fails_after_retries_goes_to_unavailable(own_mirror):
    srv, client = own_mirror()
    busy = (503, {"Content-Type": "text/html"}, b"<html>Service Unavailable</html>")
    srv.script("/data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json", busy, busy)
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, client=client)
    assert [v.name for v in r.rows] == ["NVIDIA CORP"]
    (aapl,) = r.unavailable
    assert (aapl.query, aapl.code) == ("AAPL", "upstream_unavailable")
    assert srv.requests_to("CIK0000320193.json") == 2
    assert r.exit_status == 16 and r.fiscal_year == 2024  # partial, and the year asked for


def test_a_partial_comparison_without_a_year_says_the_year_was_chosen_without_the_missing_company(own_mirror):
    srv, client = own_mirror()
    busy = (503, {"Content-Type": "text/html"}, b"<html>Service Unavailable</html>")
    srv.script("/data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json", busy, busy)
    r = compare_companies("revenue", ["NVDA", "AAPL"], client=client)
    assert r.exit_status == 16 and r.fiscal_year_basis == "latest_common"
    assert "Chosen without Apple Inc." in r.fiscal_year_reason and "upstream_unavailable" in r.fiscal_year_reason
    complete = compare_companies("revenue", ["NVDA", "AAPL"], client=client)  # the SEC answers again
    # complete, so no longer partial: 17, NVIDIA's and Apple's years end months apart (not comparable)
    assert complete.exit_status == 17 and "Chosen without" not in complete.fiscal_year_reason


def test_no_company_with_data_is_not_found(sec):
    with pytest.raises(EdgarError) as info:
        compare_companies("sga_expense", ["SNOW", "TSM"])
    assert info.value.code == "not_found"
    assert [u["query"] for u in info.value.to_dict()["error"]["unavailable"]] == ["SNOW", "TSM"]


def test_a_year_no_company_has_reported_yet_is_not_found_with_each_reason(sec):
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2027)
    err = info.value.to_dict()["error"]
    assert err["code"] == "not_found"
    assert [u["query"] for u in err["unavailable"]] == ["NVDA", "AAPL"]
    # NVIDIA's FY2027 ends around 2027-01-25, still in progress; Apple's has not begun on 2026-07-01.
    assert [u["code"] for u in err["unavailable"]] == ["not_found", "out_of_scope"]
    assert (
        "still in progress" in err["unavailable"][0]["reason"] and err["unavailable"][0]["latest_fiscal_year"] == 2026
    )
    assert "has not begun" in err["unavailable"][1]["reason"]


# --- each company's latest fiscal year ("for their last fiscal years") --------------------------


def test_latest_compares_each_company_at_its_own_latest_fiscal_year_and_checks_alignment(sec):
    r = compare_companies("revenue", ["NVDA", "AAPL"], latest=True)
    assert r.fiscal_year_basis == "latest_each" and r.fiscal_year is None and r.fiscal_period is None
    nvda, aapl = r.rows
    # 0001045810-26-000021: NVIDIA's FY2026 10-K (year ended 2026-01-25).
    assert (nvda.fiscal_year, nvda.value, nvda.end, nvda.accession_number) == (
        2026,
        215_938_000_000,
        date(2026, 1, 25),
        "0001045810-26-000021",
    )
    # 0000320193-25-000079: Apple's FY2025 10-K (year ended 2025-09-27).
    assert (aapl.fiscal_year, aapl.value, aapl.end, aapl.accession_number) == (
        2025,
        416_161_000_000,
        date(2025, 9, 27),
        "0000320193-25-000079",
    )
    assert "NVIDIA CORP FY2026" in r.fiscal_year_reason and "Apple Inc. FY2025" in r.fiscal_year_reason
    # the alignment check is the one-year comparison's: period ends 2025-09-27 and 2026-01-25 are 120 days apart
    assert r.comparable is False and r.comparability_issues == ["period ends 120 days apart"]


def test_latest_names_the_calendar_year_each_row_aligns_to_by_the_rule_align_nearest_uses(sec):
    # NVIDIA's FY2026 (to 2026-01-25, 0001045810-26-000021) and Apple's FY2025 (to 2025-09-27,
    # 0000320193-25-000079) are both calendar 2025 (the SEC frames the year to 2025-01-26 as CY2024, so the next
    # as CY2025): --latest and align nearest for 2025 give the same rows.
    latest = compare_companies("revenue", ["NVDA", "AAPL"], latest=True)
    assert "aligned to calendar 2025" in latest.fiscal_year_reason
    aligned = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2025, align="nearest")
    assert [(r.cik, r.fiscal_year, r.end, r.accession_number) for r in latest.rows] == [
        (r.cik, r.fiscal_year, r.end, r.accession_number) for r in aligned.rows
    ]
    assert [(r.fiscal_year, r.accession_number) for r in aligned.rows] == [
        (2026, "0001045810-26-000021"),
        (2025, "0000320193-25-000079"),
    ]


def test_latest_gives_one_fiscal_year_when_every_company_is_at_the_same_label_and_still_checks_the_dates(sec):
    r = compare_companies("revenue", ["AAPL", "SNOW"], latest=True)
    assert (r.fiscal_year, r.fiscal_period) == (2025, "FY")
    # the same label, different twelve months: Snowflake's FY2025 ended 2025-01-31 (0001640147-25-000052)
    snow = row(r, "snowflake")
    assert (snow.fiscal_year, snow.end, snow.value, snow.accession_number) == (
        2025,
        date(2025, 1, 31),
        3_626_396_000,
        "0001640147-25-000052",
    )
    assert r.comparable is False and "period ends 239 days apart" in r.comparability_issues


def test_latest_with_a_fiscal_year_is_refused_naming_both_parameters(sec):
    with pytest.raises(EdgarError) as e:
        compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, latest=True)
    assert e.value.code == "invalid_argument" and "fiscal_year" in e.value.message and "latest" in e.value.message


def test_a_value_ranking_across_currencies_keeps_the_order_given_and_says_why(sec):
    # NVIDIA in USD, TSMC in TWD: not comparable, and not ranked (TWD 2.9 trillion is not larger than USD 60.9 bn)
    r = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024, sort="value")
    assert r.comparable is False and "different currencies: USD, TWD" in r.comparability_issues
    assert [x.cik for x in r.rows] == ["0001045810", "0001046179"]
    assert any("not ranked by value" in n for n in r.notes)


def test_compare_reads_a_foreign_filer_in_usd_when_asked(sec):
    r = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024, unit="USD")
    tsm = next(x for x in r.rows if x.cik == "0001046179")
    # 0001193125-25-083423: TSMC's 2024 20-F, its USD convenience translation of 2024 revenue
    assert (tsm.value, tsm.unit, tsm.accession_number) == (88_268_000_000, "USD", "0001193125-25-083423")
    assert not any(i.startswith("different currencies") for i in r.comparability_issues)


def test_calendar_2024_pairs_nvidias_fy2025_with_tsmcs_2024_when_aligned_to_the_nearest_year_end(sec):
    # issue 35, item 5: "who had bigger sales in 2024, TSMC or NVIDIA?" NVIDIA's FY2025 ended 2025-01-26, revenue
    # 130,497,000,000 (0001045810-25-000023); TSMC's 2024 in USD, 88,268,000,000 (0001193125-25-083423)
    r = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024, align="nearest", unit="USD")
    assert r.fiscal_year_basis == "nearest"
    got = {x.cik: (x.fiscal_year, x.end, x.value, x.accession_number) for x in r.rows}
    assert got["0001045810"] == (2025, date(2025, 1, 26), 130_497_000_000, "0001045810-25-000023")
    assert got["0001046179"] == (2024, date(2024, 12, 31), 88_268_000_000, "0001193125-25-083423")
    assert "NVIDIA CORP FY2025 (ended 2025-01-26)" in r.fiscal_year_reason


def test_labels_far_apart_name_the_better_matching_year(sec):
    r = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024)
    assert any("NVIDIA CORP FY2025 (ended 2025-01-26)" in w and "align nearest" in w for w in r.warnings)


def test_labels_far_apart_name_the_better_matching_year_when_no_year_is_asked_too(sec):
    # TSMC FY2024 (2024-12-31, 0001193125-25-083423) beside NVIDIA FY2024 (2024-01-28, 0001045810-24-000029),
    # the latest year both report: 338 days apart; NVIDIA's FY2025 (2025-01-26) is the year matching 2024.
    r = compare_companies("revenue", ["TSM", "NVDA"])
    assert r.fiscal_year_basis == "latest_common" and "period ends 338 days apart" in r.comparability_issues
    hint = [w for w in r.warnings if "NVIDIA CORP FY2025 (ended 2025-01-26)" in w]
    assert len(hint) == 1 and "fiscal_year 2024 and align nearest" in hint[0]


def test_fiscal_years_that_never_line_up_are_not_offered_an_alignment_that_cannot_help(sec):
    # NVIDIA's years end in late January, Apple's in late September: calendar 2024 pairs NVIDIA's FY2025
    # (2025-01-26, 0001045810-25-000023) with Apple's FY2024 (2024-09-28, 0000320193-24-000123), 120 days apart,
    # still not comparable: align nearest is not suggested, and the warning says why and what to do.
    r = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024)
    assert not any("align nearest" in w for w in r.warnings), r.warnings
    (why,) = [w for w in r.warnings if "never line up" in w]
    assert "120 days apart" in why and "NVIDIA CORP FY2025 (ended 2025-01-26)" in why
    assert "Apple Inc. FY2024 (ended 2024-09-28)" in why
    aligned = compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, align="nearest")
    assert aligned.comparable is False and any("never line up" in w for w in aligned.warnings)
    latest = compare_companies("revenue", ["NVDA", "AAPL"], latest=True)  # FY2026 (2026-01-25), FY2025 (2025-09-27)
    assert any("never line up" in w and "calendar 2025" in w for w in latest.warnings), latest.warnings


def test_when_only_some_fiscal_years_line_up_the_hint_names_them_and_how_to_compare_them(sec):
    # Calendar 2023: NVIDIA FY2024 (ended 2024-01-28, 60,922M in 0001045810-24-000029) and Snowflake FY2024
    # (ended 2024-01-31, 2,806,489,000 in 0001640147-24-000101) line up; Apple FY2023 (ended 2023-09-30,
    # 0000320193-23-000106) does not. Tesla, whose recorded facts end at 2022-09-30, is left out of the hint.
    r = compare_companies("revenue", ["NVDA", "AAPL", "TSLA", "SNOW"], fiscal_year=2023)
    (hint,) = [w for w in r.warnings if "only some of these fiscal years line up" in w]
    assert "NVIDIA CORP FY2024 (ended 2024-01-28) and Snowflake Inc. FY2024 (ended 2024-01-31)" in hint
    assert "while Apple Inc. FY2023 (ended 2023-09-30) ends months from them" in hint and "Tesla" not in hint
    assert "fiscal_year 2023 and align nearest" in hint
    aligned = compare_companies("revenue", ["NVDA", "AAPL", "SNOW"], fiscal_year=2023, align="nearest")
    got = {row.name: (row.value, row.accession_number) for row in aligned.rows}
    assert got["NVIDIA CORP"] == (60_922_000_000, "0001045810-24-000029")
    assert got["Snowflake Inc."] == (2_806_489_000, "0001640147-24-000101")
    assert any("the periods of those that line up match each other" in w for w in aligned.warnings)


def test_a_company_whose_facts_end_before_the_aligned_year_is_sent_to_that_years_report(sec):
    # Tesla's recorded facts end at 2022-09-30 (0000950170-22-019867); calendar 2023 aligns with its FY2023,
    # whose 10-K (period ending 2023-12-31) is 0001628280-24-002390, not its latest one (0001628280-26-003952)
    r = compare_companies("revenue", ["NVDA", "TSLA"], fiscal_year=2023, align="nearest")
    (tesla,) = [u for u in r.unavailable if u.name == "Tesla, Inc."]
    assert "0001628280-24-002390" in tesla.reason and "0001628280-26-003952" not in tesla.reason


def test_nearest_alignment_needs_a_year_and_annual_periods(sec):
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "TSM"], align="nearest")
    assert info.value.code == "invalid_argument"


def test_a_convenience_translation_beside_a_usd_reporter_is_not_called_comparable(sec):
    # review: TSMC's USD translation (88,268,000,000, 0001193125-25-083423) ranked against LPA's reported USD
    # revenue was called comparable
    r = compare_companies("revenue", ["TSM", "LPA"], fiscal_year=2024, unit="USD", sort="value")
    assert r.comparable is False and any(i.startswith("convenience translation") for i in r.comparability_issues)
    assert any("convenience translations" in w for w in r.warnings)


def test_a_ranking_refused_across_currencies_is_reported_as_the_order_given(sec):
    r = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024, sort="value")
    assert r.sort == "given"
    aligned = compare_companies("revenue", ["NVDA", "TSM"], fiscal_year=2024, align="nearest", unit="USD")
    assert aligned.calendar_year == 2024 and aligned.fiscal_year is None


def test_a_comparison_as_of_a_date_shows_what_was_filed_by_then_and_says_when_the_rest_was_first_filed(sec):
    # Apple's FY2009 net sales as known on 2010-01-24: 36,537,000,000 in its 10-K 0001193125-09-214859 (the 10-K/A
    # 0001193125-10-012091 of 2010-01-25 restated it). Tesla had filed no XBRL by then: its FY2009 revenue was
    # first filed in its FY2011 10-K 0001193125-12-081990 (2012-02-27).
    r = compare_companies("revenue", ["320193", "1318605"], fiscal_year=2009, as_of="2010-01-24")
    assert r.as_of == date(2010, 1, 24)
    (row,) = r.rows
    assert (row.cik, row.value, row.accession_number) == ("0000320193", 36_537_000_000, "0001193125-09-214859")
    assert any("revised to 42,905,000,000 on 2010-01-25 in 0001193125-10-012091" in n for n in row.notes)
    (tesla,) = r.unavailable
    assert tesla.code == "not_found"
    assert "not reported by 2010-01-24; first filed 2012-02-27 in 0001193125-12-081990" in tesla.reason
    assert compare_companies("revenue", ["320193", "1045810"], fiscal_year=2009).as_of is None


def test_a_comparison_aligned_to_a_calendar_year_as_of_a_date_says_when_a_missing_year_was_first_filed(sec):
    # Calendar 2015 as known on 2015-12-01: Apple's FY2015 (ended 2015-09-26) was in its 10-K 0001193125-15-356351
    # (filed 2015-10-28); NVIDIA's FY2016 (ended 2016-01-31) was first filed 2016-03-17 in its 10-K
    # 0001045810-16-000205, as align label says for the same company.
    r = compare_companies("revenue", ["320193", "1045810"], fiscal_year=2015, align="nearest", as_of="2015-12-01")
    (row,) = r.rows
    assert (row.cik, row.accession_number) == ("0000320193", "0001193125-15-356351")
    (nvidia,) = r.unavailable
    assert nvidia.code == "not_found"
    assert "not reported by 2015-12-01; first filed 2016-03-17 in 0001045810-16-000205" in nvidia.reason


def test_a_comparison_as_of_a_date_names_the_report_filed_by_then_that_the_facts_do_not_reach(sec):
    # Tesla's facts here end at 2022-09-30 (0000950170-22-019867). As known on 2023-06-01 its latest periodic
    # report was the 10-Q 0000950170-23-013890 (quarter ending 2023-03-31, filed 2023-04-24), and its FY2022 10-K
    # 0000950170-23-001409 (filed 2023-01-31) held the year asked: each is named; nothing filed after the date is.
    latest = compare_companies("revenue", ["320193", "1318605"], as_of="2023-06-01")
    told = " ".join(latest.warnings + [n for row in latest.rows for n in row.notes])
    assert "XBRL facts end at 2022-09-30" in told and "0000950170-23-013890" in told, latest.warnings
    year = compare_companies("revenue", ["320193", "1318605"], fiscal_year=2022, as_of="2023-06-01")
    (tesla,) = year.unavailable
    assert "0000950170-23-001409" in tesla.reason and "filed 2023-01-31" in tesla.reason
    for r in (latest, year):
        text = " ".join(r.warnings + [u.reason for u in r.unavailable])
        assert "0000950170-23-033872" not in text and "0001628280-26-003952" not in text


def test_the_mcp_schema_and_description_of_companies_give_the_limits_the_function_enforces():
    # The schema said maxItems 16 while the description said "2 to 8": the function takes up to 16 names (a
    # duplicate or an alias of one company is folded) and compares 2 to 8 different companies.
    import anyio

    from edgar_cli.capabilities.compare import MAX_COMPANIES, MIN_COMPANIES
    from edgar_cli.mcp.server import build_server

    async def schema():
        tools = {t.name: t for t in await build_server().list_tools()}
        return tools["compare_companies"].input_schema["properties"]["companies"]

    companies = anyio.run(schema)
    assert (companies["minItems"], companies["maxItems"]) == (MIN_COMPANIES, 2 * MAX_COMPANIES)
    words = companies["description"]
    assert f"{MIN_COMPANIES} to {MAX_COMPANIES} different companies" in words
    assert f"up to {2 * MAX_COMPANIES} names" in words
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA"] * (2 * MAX_COMPANIES + 1))
    assert f"up to {2 * MAX_COMPANIES} names" in info.value.suggestion


def test_a_comparison_of_a_year_inside_a_companys_facts_says_only_that_they_stop_short(sec):
    # Tesla's facts end at 2022-09-30 (10-Q 0000950170-22-019867), its filings in 2026: its FY2020 revenue
    # (31,536,000,000, 10-K 0001564590-21-004599) is not affected (one line says the facts stop short, with
    # nothing to read elsewhere), while its latest year is (the full warning stays).
    r = compare_companies("revenue", ["TSLA", "NVDA"], fiscal_year=2020)
    tsla = next(row for row in r.rows if row.cik == "0001318605")
    assert (tsla.value, tsla.accession_number) == (31_536_000_000, "0001564590-21-004599")
    assert not any("XBRL facts end at" in w for w in r.warnings), r.warnings  # a note: nothing asked is missing
    (ends,) = [n for n in r.notes if "XBRL facts end at" in n]
    assert "inside them" in ends and "get_filing_section" not in ends, ends
    latest = compare_companies("revenue", ["TSLA", "NVDA"])
    assert any("XBRL facts end at 2022-09-30" in w for w in latest.warnings)


def test_a_comparison_says_what_the_concept_answer_warns_of_a_line_tagged_apart(sec):
    # TSMC's 20-F 0001193125-24-099840 at 2023-12-31: ifrs-full:LongtermBorrowings 4,383,000,000 TWD, its bonds
    # on their own line (ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued 913,899,800,000 TWD), not in it.
    # get_financial_concept warns of the bonds; compare must say the same in its data.
    r = compare_companies("long_term_debt", ["TSM", "AAPL"], fiscal_year=2023)
    said = [w for w in r.warnings if "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued" in w]
    assert said, r.warnings
    assert "913,899,800,000" in said[0] and "0001193125-24-099840" in said[0] and "TAIWAN SEMI" in said[0], said
    assert not any("BondsIssued" in w and "Apple" in w for w in r.warnings)


def test_align_nearest_with_quarters_says_the_quarters_are_the_problem_not_the_year_already_passed(sec):
    # NVIDIA's FY2024 (ended 2024-01-28, 0001045810-24-000029) and Apple's: a year was passed; quarterly is what
    # --align nearest cannot take
    with pytest.raises(EdgarError) as info:
        compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, align="nearest", period="quarterly")
    suggestion = info.value.suggestion
    assert "2024" not in suggestion, suggestion
    assert "period quarterly" in suggestion, suggestion


def test_the_alignment_hint_speaks_of_periods_only_never_of_comparability_other_checks_deny(sec):
    # Calendar 2024: TSMC FY2024 (ended 2024-12-31, TWD, ifrs-full:Revenue, 0001193125-25-083423), NVIDIA FY2025
    # (ended 2025-01-26, 0001045810-25-000023), Snowflake FY2025 (ended 2025-01-31) and LPA FY2024 (IFRS) line up;
    # Apple FY2024 (ended 2024-09-28) does not. Their periods line up, but TWD beside USD and IFRS beside US GAAP
    # make the comparison comparable: false, and the alignment hint must not say otherwise
    r = compare_companies("revenue", ["TSM", "NVDA", "AAPL", "TSLA", "SNOW", "LPA"], fiscal_year=2024, align="nearest")
    assert r.comparable is False
    assert any("different currencies" in w for w in r.warnings), r.warnings
    (hint,) = [w for w in r.warnings if "only some of these fiscal years line up" in w]
    assert "NVIDIA CORP FY2025 (ended 2025-01-26)" in hint and "Apple Inc. FY2024 (ended 2024-09-28)" in hint
    assert "the periods of those that line up match each other" in hint, hint
    assert "comparable" not in hint, hint


def test_no_company_in_the_unit_asked_suggests_the_unit_they_report_as_concept_does(sec):
    # NVIDIA (10-K 0001045810-24-000029) and Apple (10-K 0000320193-24-000123) report revenue in USD only: asked
    # in TWD, the refusal says to ask in USD or drop the unit choice, the words concept gives (--unit EUR)
    from lookups import refusal

    try:
        compare_companies("revenue", ["NVDA", "AAPL"], fiscal_year=2024, unit="TWD")
    except EdgarError as err:
        assert err.code == "not_found", err
        assert "reports revenue in USD, not in TWD" in err.message, err.message
        said = err.suggestion
    else:
        raise AssertionError("compare in a unit no company reports answered")
    assert said.startswith("Ask in one of USD, or omit ") and "for the filer's own currency" in said, said
    one = refusal(get_financial_concept, "NVDA", "revenue", fiscal_year=2024, unit="EUR")
    assert one.suggestion == said, (one.suggestion, said)

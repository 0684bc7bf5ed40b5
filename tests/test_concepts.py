"""get_financial_concept on real companyfacts from the corpus.

Every expected figure below is in ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts
and is named with the accession number of the filing it comes from.
"""

from __future__ import annotations

from datetime import date

import pytest
from lookups import refusal

from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.errors import EdgarError
from edgar_cli.sec.companyfacts import load_company_facts

NVDA, AAPL, TSM, TSLA, SNOW = 1045810, 320193, 1046179, 1318605, 1640147


def one(result, fy):
    hits = [v for v in result.values if v.fiscal_year == fy]
    assert len(hits) == 1, [(v.fiscal_year, v.end) for v in result.values]
    return hits[0]


# --- rule 1: periods by start/end, classified by length ----------------------------------


def test_fiscal_2024_revenue_of_nvidia_ends_in_january(sec):
    # 0001045810-24-000029: NVIDIA's FY2024 10-K, first to report this period.
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2024)
    v = one(r, 2024)
    assert v.value == 60_922_000_000
    assert (v.start, v.end, v.days) == (date(2023, 1, 30), date(2024, 1, 28), 364)
    assert v.accession_number == "0001045810-24-000029"
    assert v.form == "10-K" and v.filed == date(2024, 2, 21)
    assert v.matched_tag == "us-gaap:Revenues" and v.unit == "USD"
    assert v.fiscal_period == "FY" and v.period_type == "annual"
    assert v.filing_url.endswith("/Archives/edgar/data/1045810/000104581024000029/0001045810-24-000029-index.html")
    assert r.source.endswith("CIK0001045810.json")


def test_nvidia_fy2025_revenue_is_selected_by_end_date_not_fy_field(sec):
    # 0001045810-26-000021 (FY2026 10-K) tags three annual revenues fy=2026; only start/end tell them apart.
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2025)
    v = one(r, 2025)
    assert v.value == 130_497_000_000 and v.end == date(2025, 1, 26)
    facts = load_company_facts(sec, NVDA)
    rows = facts.tags["us-gaap:Revenues"]["units"]["USD"]
    ends_by_filing_label: dict[tuple, set] = {}
    for _start, end, _val, accn, fy, fp, *_ in rows:
        ends_by_filing_label.setdefault((accn, fy, fp), set()).add(end)
    assert any(len(ends) > 1 for ends in ends_by_filing_label.values())
    fy2026 = {
        r_[1]
        for r_ in rows
        if r_[3] == "0001045810-26-000021"
        and r_[5] == "FY"
        and r_[0]
        and (date.fromisoformat(r_[1]) - date.fromisoformat(r_[0])).days > 350
    }
    assert {"2024-01-28", "2025-01-26", "2026-01-25"} <= fy2026


def test_nvidia_53_week_fiscal_2021_is_annual(sec):
    # 2020-01-27 -> 2021-01-31 is 371 days; a 360-366-day filter would drop it.
    v = one(get_financial_concept("NVDA", "revenue", fiscal_year=2021), 2021)
    assert v.days == 371 and v.period_type == "annual" and v.value == 16_675_000_000


def test_ninety_day_rows_tagged_fp_fy_are_never_annual(sec):
    # 0001045810-19-000023 (FY2019 10-K) tags 90-day quarters fp=FY, e.g. 2017-01-30 -> 2017-04-30.
    facts = load_company_facts(sec, NVDA)
    rows = facts.tags["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"]["units"]["USD"]
    short_fy = [
        r for r in rows if r[5] == "FY" and r[0] and (date.fromisoformat(r[1]) - date.fromisoformat(r[0])).days < 100
    ]
    assert short_fy, "the corpus should hold 90-day rows tagged fp=FY"
    r = get_financial_concept("NVDA", "revenue", limit=200)
    assert all(v.period_type == "annual" and 350 <= v.days <= 380 for v in r.values)
    quarter_ends = {date.fromisoformat(q[1]) for q in short_fy}
    assert not any(v.end in quarter_ends and v.days < 350 for v in r.values)


def test_snowflake_first_quarter_of_89_days_is_a_quarter(sec):
    # 0001640147-25-000110: SNOW 10-Q for the quarter 2025-02-01 -> 2025-04-30 (fiscal Q1 2026).
    r = get_financial_concept("SNOW", "revenue", fiscal_year=2026, period="quarterly")
    v = one(r, 2026)
    assert (v.fiscal_period, v.period_type, v.days) == ("Q1", "quarterly", 89)
    assert v.value == 1_042_074_000


# --- rule 2: fiscal-year labels are the company's own --------------------------------------


def test_apple_fiscal_2024_net_sales_end_in_september(sec):
    # 0000320193-24-000123: Apple's FY2024 10-K (period 2024-09-28).
    v = one(get_financial_concept("AAPL", "revenue", fiscal_year=2024), 2024)
    assert v.value == 391_035_000_000 and v.end == date(2024, 9, 28)
    assert v.accession_number == "0000320193-24-000123"
    assert v.matched_tag == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"


def test_labels_follow_the_convention_even_when_an_old_10k_mislabels_itself(sec):
    # NVIDIA's FY2012 10-K (0001045810-12-000013) carries fy=2011; the year ending 2012-01-29 is still FY2012.
    r = get_financial_concept("NVDA", "revenue", limit=200)
    labels = [v.fiscal_year for v in r.values]
    assert len(labels) == len(set(labels)), "no two annual periods may share a fiscal-year label"
    assert one(r, 2012).end == date(2012, 1, 29)
    assert r.fiscal_year_end == "01-26"


def test_the_calendar_year_of_a_fiscal_year_is_the_one_whose_december_31_is_nearest_its_end():
    from edgar_cli.xbrl.periods import calendar_year_of

    assert calendar_year_of(date(2025, 1, 26)) == 2024  # NVIDIA's FY2025: eleven months of 2024
    assert calendar_year_of(date(2025, 1, 31)) == 2024  # Snowflake's FY2025
    assert calendar_year_of(date(2024, 9, 28)) == 2024  # Apple's FY2024
    assert calendar_year_of(date(2024, 12, 31)) == 2024  # Tesla, TSMC
    assert calendar_year_of(date(2021, 1, 2)) == 2020  # a December 52/53-week year that slipped
    assert calendar_year_of(date(2025, 6, 30)) == 2024  # June: 181 days after 2024-12-31, 184 before 2025-12-31
    assert calendar_year_of(date(2025, 7, 2)) == 2025


def test_the_calendar_year_rule_is_the_secs_own_for_every_annual_fact_it_frames(corpus):
    # companyfacts' frame (CY2024 ...) is the SEC's calendar alignment of a fact: NVIDIA's FY2025 revenue
    # (2024-01-29 to 2025-01-26, 0001045810-26-000021) is CY2024, Apple's FY2024 (to 2024-09-28,
    # 0000320193-25-000079) is CY2024. The one rule edgar aligns calendar years by gives the same year for every
    # framed annual fact of the corpus filers.
    import json
    import re

    from edgar_cli.xbrl.periods import calendar_year_of

    checked = 0
    for path in sorted((corpus / "data.sec.gov" / "api" / "xbrl" / "companyfacts").glob("CIK*.json")):
        for tags in json.loads(path.read_text())["facts"].values():
            for body in tags.values():
                for rows in body["units"].values():
                    for r in rows:
                        m = re.fullmatch(r"CY(\d{4})", r.get("frame", ""))
                        if m:
                            checked += 1
                            assert calendar_year_of(date.fromisoformat(r["end"])) == int(m.group(1)), (path.name, r)
    assert checked > 5000


# --- rule 3: only periodic reports count ----------------------------------------------------


def test_facts_repeated_in_8k_never_become_the_value(sec):
    facts = load_company_facts(sec, AAPL)
    eightk = [row for body in facts.tags.values() for rows in body["units"].values() for row in rows if row[6] == "8-K"]
    assert eightk, "Apple's companyfacts carries 8-K facts"
    r = get_financial_concept("AAPL", "revenue", period="all", limit=200)
    assert r.values and all(v.form in ("10-K", "10-Q", "10-K/A", "10-Q/A") for v in r.values)
    assert any("8-K" in n for n in r.notes)


def test_def_14a_facts_never_win(sec):
    facts = load_company_facts(sec, NVDA)
    proxy_tags = {
        tag
        for tag, body in facts.tags.items()
        for rows in body["units"].values()
        for row in rows
        if row[6] == "DEF 14A"
    }
    assert proxy_tags
    tag = sorted(proxy_tags)[0]
    try:
        r = get_financial_concept("NVDA", tag, period="all", limit=200)
    except EdgarError as exc:
        assert exc.code == "not_found"  # reported only in the proxy: nothing periodic to return
    else:
        assert all(v.form != "DEF 14A" for v in r.values)


# --- rule 4: tag fallback per period --------------------------------------------------------


def test_apple_2015_revenue_is_found_under_its_pre_2018_tag(sec):
    # 0000320193-17-000070 (FY2017 10-K) reports FY2015 under us-gaap:SalesRevenueNet.
    r = get_financial_concept("AAPL", "revenue", fiscal_year=2015)
    v = one(r, 2015)
    assert v.matched_tag == "us-gaap:SalesRevenueNet" and v.value == 233_715_000_000
    assert any("SalesRevenueNet" in n for n in r.notes)


def test_nvidia_latest_revenue_comes_from_revenues_not_the_abandoned_tag(sec):
    # RevenueFromContractWithCustomerExcludingAssessedTax stops at 2022-01-30; Revenues carries FY2026
    # (0001045810-26-000021).
    r = get_financial_concept("NVDA", "revenue")
    assert r.values[0].value == 215_938_000_000 and r.values[0].matched_tag == "us-gaap:Revenues"
    tried = {t.tag: t for t in r.tags_tried}
    assert tried["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"].latest_end == date(2022, 1, 30)


def test_a_series_that_mixes_tags_is_flagged(sec):
    r = get_financial_concept("AAPL", "revenue", limit=12)
    assert {v.matched_tag for v in r.values} >= {"us-gaap:Revenues", "us-gaap:SalesRevenueNet"}
    assert any("different XBRL tags" in w for w in r.warnings)


def test_nvidia_capex_follows_the_tag_it_moved_to(sec):
    # PaymentsToAcquirePropertyPlantAndEquipment ends 2020-07-26; FY2026 capex is under
    # PaymentsToAcquireProductiveAssets: 6,042,000,000 in 0001045810-26-000021.
    v = get_financial_concept("NVDA", "capex").values[0]
    assert v.matched_tag == "us-gaap:PaymentsToAcquireProductiveAssets" and v.value == 6_042_000_000


# --- rule 5: restatements -------------------------------------------------------------------


def test_nvidia_fy2024_diluted_eps_is_split_restated(sec):
    # 11.93 in 0001045810-24-000029, 1.19 after the 10-for-1 split in 0001045810-25-000023.
    v = one(get_financial_concept("NVDA", "eps_diluted", fiscal_year=2024), 2024)
    assert v.value == 1.19 and v.unit == "USD/shares"
    assert v.restated and v.original_value == 11.93
    assert v.original_accession == "0001045810-24-000029" and v.original_filed == date(2024, 2, 21)
    assert v.revision_kind == "stock_split" and v.distinct_values == 2
    assert v.accession_number == "0001045810-25-000023"


def test_eps_never_restated_for_a_later_split_is_flagged(sec):
    # FY2022 diluted EPS 3.85 was last reported in 0001045810-24-000029, before the 10-for-1 split;
    # FY2023 (0.17) was restated in 0001045810-25-000023. Unflagged, the series jumps 22x.
    r = get_financial_concept("NVDA", "eps_diluted", limit=8)
    fy2022 = one(r, 2022)
    assert fy2022.value == 3.85 and fy2022.pre_split_ratio == 10 and not fy2022.restated
    assert one(r, 2023).pre_split_ratio is None
    assert any("pre_split_ratio" in w for w in r.warnings)
    # FY2023 -> FY2024 really grew 7x (0.17 -> 1.19), so the bound is a split-sized 10x, not 5x.
    raw = [v.value for v in r.values]
    on_one_basis = [v.value / (v.pre_split_ratio or 1) for v in r.values]

    def jumps(vals):
        return [max(a / b, b / a) for a, b in zip(vals, vals[1:]) if a and b]

    assert max(jumps(raw)) > 20
    assert max(jumps(on_one_basis)) < 10, on_one_basis


# --- rule 6: units and currencies -----------------------------------------------------------


def test_taiwan_semiconductor_values_carry_their_currency(sec):
    # TSMC files IFRS in TWD with a USD convenience translation; the FY2024 20-F is 0001193125-25-083423.
    r = get_financial_concept("TSM", "revenue", fiscal_year=2024)
    v = one(r, 2024)
    assert v.unit == "TWD" and v.value == 2_894_307_700_000 and v.form == "20-F"
    assert v.matched_tag == "ifrs-full:Revenue"
    assert "USD" in r.units_available and r.unit == "TWD"
    assert r.currency_note and "TWD" in r.currency_note
    assert any("convenience translation" in n for n in r.notes)


def test_us_filers_have_no_ifrs_taxonomy(sec):
    for cik in (NVDA, AAPL, TSLA, SNOW):
        assert "ifrs-full" not in load_company_facts(sec, cik).taxonomies()


def test_eps_unit_key_is_usd_per_share(sec):
    facts = load_company_facts(sec, NVDA)
    assert list(facts.tags["us-gaap:EarningsPerShareDiluted"]["units"]) == ["USD/shares"]
    assert list(facts.tags["dei:EntityCommonStockSharesOutstanding"]["units"]) == ["shares"]


# --- rule 7: nothing derived -----------------------------------------------------------------


def test_missing_fourth_quarter_is_said_to_be_implied_not_derived(sec):
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2025, period="quarterly")
    assert {v.fiscal_period for v in r.values} == {"Q1", "Q2", "Q3"}
    # nothing is derived unasked; the note names the way to ask (get_financial_series, derive q4)
    assert any("Q4" in n and "not shown here" in n and "get_financial_series with derive q4" in n for n in r.notes)


# --- rule 8: years not reported and years in the future --------------------------------------


def test_tesla_fy2024_is_not_found_naming_the_latest_year(sec):
    # The corpus' Tesla companyfacts ends with the 10-Q filed 2022-10-24.
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2024)
    assert err.code == "not_found"
    assert err.extras["latest_fiscal_year"] == 2021
    assert "FY2021" in err.message


def test_tesla_fy2024_says_its_facts_stop_short_of_its_filings_and_names_the_fy2024_report(sec):
    # The corpus' Tesla companyfacts end with the Q3 2022 10-Q (0000950170-22-019867, period 2022-09-30), while
    # its submissions list the FY2024 10-K for 2024-12-31 filed 2025-01-30 (0001628280-25-003063), besides the
    # latest, for 2025-12-31 (0001628280-26-003952): the year asked is the report to read.
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2024)
    msg = err.message
    assert "XBRL facts end at 2022-09-30 (the report 0000950170-22-019867)" in msg
    assert "10-K for the period ending 2024-12-31 was filed 2025-01-30 (0001628280-25-003063)" in msg
    assert "read them with get_filing_section (company 1318605, accession_number 0001628280-25-003063)" in msg
    assert "0001628280-26-003952" not in msg
    assert "get_filing_section (company TSLA, section mda or financial_statements, fiscal_year 2024)" in err.suggestion
    assert "has not been reported in the XBRL facts yet" not in msg


def test_a_year_after_the_facts_with_no_report_of_its_own_names_the_latest_report(sec):
    # Tesla's FY2026 has begun (it ends around 2026-12-31) and has no 10-K yet: the latest, for 2025-12-31
    # (0001628280-26-003952), is the one named, as before.
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2026)
    assert "0001628280-25-003063" not in err.message


def test_every_answer_about_tesla_says_its_facts_end_before_its_latest_report(sec):
    r = get_financial_concept("TSLA", "revenue")
    assert r.values and r.values[0].end == date(2021, 12, 31)  # FY2021, 10-K 0000950170-22-000796
    assert any("XBRL facts end at 2022-09-30" in w and "0001628280-26-003952" in w for w in r.warnings)


def test_a_value_that_is_one_line_of_two_says_which_line_it_leaves_out(sec):
    # TSMC's ifrs-full:LongtermBorrowings is its long-term bank loans alone (4,383,000,000 TWD at 2023-12-31,
    # 20-F 0001193125-24-099840); its bonds are tagged on their own line beside them,
    # ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued 913,899,800,000 TWD (also in 0001193125-25-083423)
    r = get_financial_concept("TSM", "long_term_debt", fiscal_year=2023)
    assert r.values[0].value == 4383000000 and r.values[0].matched_tag == "ifrs-full:LongtermBorrowings"
    warning = next(w for w in r.warnings if "on its own line beside it" in w)
    assert "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued" in warning and "913,899,800,000 TWD" in warning
    assert "0001193125-24-099840" in warning  # the bonds as the value's own filing gives them
    assert "edgar does not add them" in warning
    # a filer whose long-term debt is one line gets no such warning: NVIDIA FY2024 (0001045810-24-000029)
    assert not any("on its own line beside it" in w for w in get_financial_concept("NVDA", "long_term_debt").warnings)


def test_old_facts_whose_filings_list_cannot_be_read_say_newer_reports_could_not_be_checked(sec):
    # Snowflake's facts end with the 10-Q 0001640147-25-000110 (period 2025-04-30), 427 days before the pinned
    # 2026-07-01, and the corpus holds no submissions for it: the latest figure must not pass for the latest report
    r = get_financial_concept("SNOW", "revenue")
    assert any(
        "XBRL facts end at 2025-04-30 (the report 0001640147-25-000110)" in w and "could not be checked" in w
        for w in r.warnings
    )


def test_a_company_whose_facts_are_current_is_not_checked_against_its_filings(mirror, sec):
    # NVIDIA's facts reach the Q1 FY2027 10-Q (period 2026-04-26), 66 days before the pinned 2026-07-01:
    # its submissions are not asked, and nothing is said.
    before = mirror.requests_to("/data.sec.gov/submissions/CIK0001045810.json")
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2024)
    assert not any("XBRL facts end at" in w for w in r.warnings)
    assert mirror.requests_to("/data.sec.gov/submissions/CIK0001045810.json") == before


def test_a_year_in_progress_is_not_found_with_the_latest_available(sec):
    err = refusal(get_financial_concept, "NVDA", "revenue", fiscal_year=2027)
    assert err.code == "not_found" and err.extras["latest_fiscal_year"] == 2026


@pytest.mark.parametrize("fy,code", [(2031, "out_of_scope"), (1850, "invalid_argument")])
def test_future_and_prehistoric_years_are_refused(sec, fy, code):
    err = refusal(get_financial_concept, "NVDA", "revenue", fiscal_year=fy)
    assert err.code == code


def test_unknown_concept_lists_the_catalogue(sec):
    err = refusal(get_financial_concept, "NVDA", "revnue")
    assert err.code == "invalid_argument"
    assert err.extras["did_you_mean"] == "revenue"
    assert "revenue" in err.extras["concepts"]


def test_a_concept_the_company_does_not_report_is_not_found(sec):
    # Snowflake reports selling and G&A separately; there is no combined SG&A to return.
    err = refusal(get_financial_concept, "SNOW", "sga_expense")
    assert err.code == "not_found"


def test_aliases_and_raw_tags_resolve(sec):
    a = get_financial_concept("AAPL", "net sales", fiscal_year=2024)
    b = get_financial_concept("AAPL", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", fiscal_year=2024)
    assert a.values[0].value == b.values[0].value == 391_035_000_000
    r = get_financial_concept("NVDA", "R&D", fiscal_year=2024)
    assert r.concept == "rnd_expense" and r.values[0].value > 0


def test_rnd_values_are_positive_as_reported(sec):
    # Apple R&D FY2024 31,370M, FY2023 29,915M, FY2022 26,251M (0000320193-24-000123); never sign-flipped.
    r = get_financial_concept("AAPL", "rnd_expense", limit=20)
    by_year = {v.fiscal_year: v.value for v in r.values}
    assert (by_year[2024], by_year[2023], by_year[2022]) == (31_370_000_000, 29_915_000_000, 26_251_000_000)


def test_cover_page_share_count_is_labelled_with_its_report(sec):
    # 0001045810-26-000021 (FY2026 10-K) reports 24,300,000,000 shares outstanding as of 2026-02-20.
    r = get_financial_concept("NVDA", "shares_outstanding", fiscal_year=2026)
    cover = [v for v in r.values if v.end == date(2026, 2, 20)]
    assert cover and cover[0].value == 24_300_000_000
    assert cover[0].matched_tag == "dei:EntityCommonStockSharesOutstanding"
    assert cover[0].period_type == "instant" and cover[0].start is None and cover[0].days is None


def test_limit_truncates_and_says_so(sec):
    r = get_financial_concept("NVDA", "revenue", limit=3)
    assert len(r.values) == 3 and r.truncated and r.total_values > 3
    assert [v.end for v in r.values] == sorted((v.end for v in r.values), reverse=True)


# --- FIELD-NOTES T05 and T12 -----------------------------------------------------------------


def test_the_frame_of_nvidias_fiscal_2026_is_cy2025_but_the_label_is_the_companys(sec):
    # In 0001045810-26-000021 the FY2026 annual revenue row (2025-01-27 -> 2026-01-25) carries frame CY2025:
    # joining on frames would call NVIDIA's fiscal 2026 "2025". edgar labels it FY2026.
    facts = load_company_facts(sec, NVDA)
    rows = facts.tags["us-gaap:Revenues"]["units"]["USD"]
    framed = [r for r in rows if r[0] == "2025-01-27" and r[1] == "2026-01-25" and r[8]]
    assert framed and framed[0][8] == "CY2025"
    v = one(get_financial_concept("NVDA", "revenue", fiscal_year=2026), 2026)
    assert (v.start, v.end, v.value) == (date(2025, 1, 27), date(2026, 1, 25), 215_938_000_000)


def test_companyfacts_rows_carry_no_dimensions(mirror):
    # FIELD-NOTES T12: companyfacts has no axis/member fields; segment and share-class figures are not in it.
    import json
    import urllib.request

    raw = json.load(urllib.request.urlopen(f"{mirror.url}/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json"))
    keys = {
        k
        for tax in raw["facts"].values()
        for body in tax.values()
        for rows in body["units"].values()
        for row in rows
        for k in row
    }
    assert keys <= {"start", "end", "val", "accn", "fy", "fp", "form", "filed", "frame"}


# --- review findings (issue 2) ---------------------------------------------------------------


def test_an_opening_balance_is_labelled_with_the_year_it_closes(sec):
    # Apple's FY2009 10-K (0001193125-09-214859) repeats equity at 2006-09-30 (9,984,000,000): the close of FY2006.
    r = get_financial_concept("AAPL", "stockholders_equity", period="all", limit=200)
    opening = [v for v in r.values if v.end == date(2006, 9, 30)]
    assert opening and opening[0].fiscal_year == 2006 and opening[0].fiscal_period == "FY"
    fy2009 = get_financial_concept("AAPL", "stockholders_equity", fiscal_year=2009)
    assert [v.end for v in fy2009.values] == [date(2009, 9, 26)]


def test_tsmc_long_term_debt_is_in_twd_not_the_usd_translation(sec):
    # 0001193125-25-083423 reports LongtermBorrowings 31,824,400,000 TWD and 970,500,000 USD at 2024-12-31.
    r = get_financial_concept("TSM", "long_term_debt", fiscal_year=2024)
    assert r.unit == "TWD" and r.values[0].value == 31_824_400_000
    assert r.currency_note and any("convenience translation" in n for n in r.notes)


def test_tesla_eps_before_its_two_splits_carries_the_combined_ratio(sec):
    # Tesla split 5-for-1 (2020) and 3-for-1 (2022): a value never restated since 2019 is 15x the current basis.
    r = get_financial_concept("TSLA", "eps_diluted", fiscal_year=2017)
    assert r.values[0].pre_split_ratio == 15


def test_a_cover_page_count_takes_its_reports_period(sec):
    # Tesla's FY2021 10-K (0000950170-22-000796) gives 1,033,507,611 shares as of 2022-01-31: FY2021, not Q1 FY2022.
    r = get_financial_concept("TSLA", "shares_outstanding", period="all", limit=200)
    cover = [v for v in r.values if v.end == date(2022, 1, 31)]
    assert cover and (cover[0].fiscal_year, cover[0].fiscal_period) == (2021, "FY")


def test_one_period_dated_a_day_apart_in_two_filings_is_one_value(sec):
    # NVIDIA's Q2 FY2011 ends 2010-08-01 in its 10-Q (0001045810-10-000029) and 2010-07-31 in 0001045810-12-000013.
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2011, period="quarterly")
    q2 = [v for v in r.values if v.fiscal_period == "Q2"]
    assert len(q2) == 1 and q2[0].value == 811_208_000


def test_a_malformed_row_in_companyfacts_is_skipped_not_a_crash():
    from edgar_cli.sec.companyfacts import compact

    doc = {
        "cik": 1,
        "entityName": "X",
        "facts": {
            "us-gaap": {
                "Revenues": {
                    "label": "Revenues",
                    "units": {
                        "USD": [
                            {
                                "start": "2023-01-01",
                                "end": "2023-13-45",
                                "val": 5,
                                "accn": "a",
                                "fy": 2023,
                                "fp": "FY",
                                "form": "10-K",
                                "filed": "2024-01-01",
                            },
                            {
                                "start": "2023-01-01",
                                "end": "2023-12-31",
                                "val": 7,
                                "accn": "b",
                                "fy": 2023,
                                "fp": "FY",
                                "form": "10-K",
                                "filed": "2024-01-01",
                            },
                        ]
                    },
                }
            }
        },
    }
    _cik, _name, tags = compact(doc)
    assert [r[2] for r in tags["us-gaap:Revenues"]["units"]["USD"]] == [7]


_GOOD_ROW = {"start": "2023-01-01", "end": "2023-12-31", "val": 7, "accn": "b", "fy": 2023, "fp": "FY", "form": "10-K"}


@pytest.mark.parametrize(
    "field, bad",
    [
        ("start", "2023-02-30"),
        ("end", "31/12/2023"),
        ("filed", "2024-1-1"),
        ("filed", None),
        ("val", True),
        ("val", "7"),
        ("val", None),
        ("val", 1e300),
        ("accn", 5),
        ("form", None),
    ],
)
def test_each_kind_of_malformed_row_is_skipped_and_the_well_formed_ones_kept(field, bad):
    """compact's row checks (sec/companyfacts._row), one field at a time: a bad date in any of the three, a value
    that is not a number (a bool is none) or beyond any reported figure, an accession or form that is not text."""
    from edgar_cli.sec.companyfacts import compact

    good = [dict(_GOOD_ROW, filed="2024-01-01", val=v) for v in (7, -2.5, 0)]
    rows = [*good[:2], dict(good[0], **{field: bad}), good[2]]
    doc = {"cik": 1, "entityName": "X", "facts": {"us-gaap": {"Revenues": {"label": "R", "units": {"USD": rows}}}}}
    _cik, _name, tags = compact(doc, whole=False)
    assert [r[2] for r in tags["us-gaap:Revenues"]["units"]["USD"]] == [7, -2.5, 0]


# --- units: convenience translations (issue 35, item 3) --------------------------------------------------------


def test_tsmc_cash_in_usd_is_its_convenience_translation_labelled_and_never_called_restated(sec):
    # TSMC reports in TWD and tags USD translations: cash at 2023-12-31 is USD 47,858,500,000 in the 2023 20-F
    # (0001193125-24-099840) and USD 44,691,300,000 in the 2024 20-F (0001193125-25-083423), at each year's rate.
    r = get_financial_concept("TSM", "cash", unit="USD")
    assert r.unit == "USD" and "convenience translation into USD" in (r.currency_note or "")
    by_end = {v.end: v for v in r.values}
    v2023 = by_end[date(2023, 12, 31)]
    assert (v2023.value, v2023.accession_number, v2023.restated) == (47_858_500_000, "0001193125-24-099840", False)
    v2024 = by_end[date(2024, 12, 31)]
    assert (v2024.value, v2024.accession_number) == (64_886_500_000, "0001193125-25-083423")
    assert not any(v.restated for v in r.values) and not any("revised" in w for w in r.warnings)


def test_tsmc_in_its_own_currency_points_to_the_usd_translation_with_a_parameter_that_exists(sec):
    r = get_financial_concept("TSM", "revenue", fiscal_year=2024)
    assert r.unit == "TWD" and "USD" in r.units_available
    assert any("ask for them with unit USD" in n for n in r.notes)
    assert not any("raw tag" in n for n in r.notes)
    usd = get_financial_concept("TSM", "revenue", fiscal_year=2024, unit="usd")
    # 0001193125-25-083423: TSMC's 2024 20-F, revenue USD 88,268,000,000
    assert [(v.value, v.accession_number) for v in usd.values] == [(88_268_000_000, "0001193125-25-083423")]


def test_a_unit_the_company_does_not_report_is_not_found_naming_those_it_does(sec):
    err = refusal(get_financial_concept, "NVDA", "revenue", unit="EUR")
    assert err.code == "not_found" and err.extras["units_available"] == ["USD"]
    assert "not in EUR" in err.message


def test_a_balance_has_no_missing_fourth_quarter_note(sec):
    # total assets is a balance (an instant): there is no fourth-quarter flow to be "not reported" (issue 35, 6)
    r = get_financial_concept("NVDA", "us-gaap:Assets", period="quarterly")
    assert r.values and not any("Q4" in n for n in r.notes)


def test_a_value_moved_to_another_line_is_a_reclassification_not_a_restatement(sec):
    # issue 35, item 4: NVIDIA's long-term debt at 2016-01-31 is 1,413,000,000 in the FY2016 10-K
    # (0001045810-16-000205) and 0 from the Q3 FY2017 10-Q (0001045810-16-000353) on: the convertible notes are on
    # ConvertibleDebtCurrent in both, the filer's LongTermDebt stopped counting them; equity 4,469,000,000 in both.
    r = get_financial_concept("NVDA", "long_term_debt", fiscal_year=2016)
    v = one(r, 2016)
    assert (v.value, v.original_value, v.original_accession) == (0, 1_413_000_000, "0001045810-16-000205")
    assert v.revision_kind == "reclassification"
    assert any("Reclassified, not restated" in n and "stockholders' equity 4,469,000,000 in both" in n for n in r.notes)
    assert not any("were revised after first being reported" in w for w in r.warnings)


# --- total_debt: a sum that names its components (issue 35, item 7) --------------------------------------


def _parts(v):
    return {c.matched_tag: (c.value, c.accession_number) for c in v.components}


def test_apples_fy2024_total_debt_is_term_debt_both_parts_and_commercial_paper(sec):
    # Apple's balance sheet at 2024-09-28 (FY2024 10-K 0000320193-24-000123, repeated in FY2025's
    # 0000320193-25-000079): term debt non-current 85,750M, current 10,912M, commercial paper 9,967M.
    r = get_financial_concept("AAPL", "total_debt", fiscal_year=2024)
    v = one(r, 2024)
    assert v.end == date(2024, 9, 28) and v.value == 85_750_000_000 + 10_912_000_000 + 9_967_000_000
    parts = _parts(v)
    assert {t: p[0] for t, p in parts.items()} == {
        "us-gaap:LongTermDebtNoncurrent": 85_750_000_000,
        "us-gaap:LongTermDebtCurrent": 10_912_000_000,
        "us-gaap:CommercialPaper": 9_967_000_000,
    }
    assert all(acc in ("0000320193-24-000123", "0000320193-25-000079") for _, acc in parts.values())
    assert v.matched_tag == "us-gaap:LongTermDebtNoncurrent + us-gaap:LongTermDebtCurrent + us-gaap:CommercialPaper"
    assert "us-gaap:ShortTermBorrowings" in v.formula and "not tagged" in v.formula  # said, not zero
    assert "current portion" in r.definition.lower()


def test_total_debt_takes_every_part_from_one_filing_so_a_line_retagged_later_is_not_added_twice(sec):
    # Apple's FY2019 10-K 0000320193-19-000119 at 2019-09-28: term debt non-current 91,807M, current 10,260M,
    # commercial paper 5,980M (us-gaap:CommercialPaper). The 10-Q 0000320193-20-000052 tags the same 5,980M
    # balance-sheet line as us-gaap:OtherShortTermBorrowings. One line under two tags in two filings is one line:
    # the parts are the 10-K's own balance sheet (the filing whose period ends that day), 108,047M.
    r = get_financial_concept("AAPL", "total_debt", fiscal_year=2019)
    v = one(r, 2019)
    assert v.value == 108_047_000_000, v.formula
    assert {acc for _, acc in _parts(v).values()} == {"0000320193-19-000119"}, _parts(v)
    assert "us-gaap:OtherShortTermBorrowings" not in v.matched_tag
    assert v.accession_number == "0000320193-19-000119"
    # the later filing's other tag is said, not added
    said = v.formula.split(" = ")[1]
    assert "us-gaap:OtherShortTermBorrowings 5,980,000,000 in 0000320193-20-" in said, said
    assert "not added" in said and "one line under another tag" in said


def test_nvidias_fy2024_total_debt_names_a_zero_commercial_paper_as_reported(sec):
    # NVIDIA at 2024-01-28 (FY2024 10-K 0001045810-24-000029): long-term debt 8,459M non-current and 1,250M
    # current (LongTermDebt 9,709M in the same filing), commercial paper reported as 0.
    r = get_financial_concept("NVDA", "total_debt", fiscal_year=2024)
    v = one(r, 2024)
    assert v.value == 9_709_000_000
    parts = _parts(v)
    assert parts["us-gaap:LongTermDebtNoncurrent"][0] == 8_459_000_000
    assert parts["us-gaap:LongTermDebtCurrent"][0] == 1_250_000_000
    assert parts["us-gaap:CommercialPaper"] == (0, "0001045810-24-000029")


def test_nvidias_debt_is_summed_where_its_current_debt_line_and_noncurrent_part_make_its_long_term_debt(sec):
    # NVIDIA's 10-Q 0001045810-20-000189 at 2020-10-25 tags no us-gaap:LongTermDebtCurrent, but
    # us-gaap:LongTermDebtNoncurrent 5,963,000,000 + us-gaap:DebtCurrent 998,000,000 = us-gaap:LongTermDebt
    # 6,961,000,000 in the same filing (and us-gaap:CommercialPaper 0): its own lines make DebtCurrent the current
    # portion. Before: refused for want of a current portion.
    r = get_financial_concept("NVDA", "total_debt", period="quarterly", fiscal_year=2021)
    v = next(v for v in r.values if v.end == date(2020, 10, 25))
    assert v.value == 6_961_000_000, v.formula
    parts = _parts(v)
    assert parts["us-gaap:LongTermDebtNoncurrent"] == (5_963_000_000, "0001045810-20-000189")
    assert parts["us-gaap:DebtCurrent"] == (998_000_000, "0001045810-20-000189")
    assert parts["us-gaap:CommercialPaper"] == (0, "0001045810-20-000189")
    assert "us-gaap:LongTermDebt 6,961,000,000" in v.formula and "current portion of long-term debt" in v.formula
    assert not any(u.end == date(2020, 10, 25) for u in getattr(r, "unsummed", ()) or ())


def test_total_debt_for_an_ifrs_filer_names_every_debt_line_it_tags_and_its_own_total(sec):
    # LPA's 20-F 0001997711-25-000030 tags ifrs-full:Borrowings 267,216,692 USD at 2024-12-31 (its own total),
    # beside LongtermBorrowings 265,885,799 and CurrentPortionOfLongtermBorrowings 12,636,821. TSMC tags its
    # short-term borrowings, the current portion of its long-term borrowings and its bonds on their own lines.
    suggestion = refusal(get_financial_concept, "LPA", "total_debt").suggestion
    assert "ifrs-full:Borrowings 267,216,692 USD at 2024-12-31 (0001997711-25-000030)" in suggestion, suggestion
    assert "total" in suggestion.split("ifrs-full:Borrowings")[1][:120], suggestion
    suggestion = refusal(get_financial_concept, "TSM", "total_debt").suggestion
    for tag in (
        "ifrs-full:ShorttermBorrowings",
        "ifrs-full:CurrentPortionOfLongtermBorrowings",
        "ifrs-full:LongtermBorrowings",
        "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued",
    ):
        assert tag in suggestion, (tag, suggestion)


def test_an_ifrs_long_term_borrowings_line_its_filings_own_total_shows_holds_the_current_portion_says_so(sec):
    # LPA's 20-F 0001997711-25-000030 at 2024-12-31: ifrs-full:LongtermBorrowings 265,885,799 USD,
    # ifrs-full:Borrowings 267,216,692 (the total, 1,330,893 more) and ifrs-full:CurrentPortionOfLongtermBorrowings
    # 12,636,821: a noncurrent part alone plus its current portion would exceed the total, so the long-term line
    # holds the current portion.
    r = get_financial_concept("LPA", "long_term_debt", fiscal_year=2024)
    assert one(r, 2024).value == 265_885_799
    (note,) = [n for n in r.notes if "ifrs-full:Borrowings" in n]
    for text in ("265,885,799", "267,216,692", "12,636,821", "0001997711-25-000030", "includes its current portion"):
        assert text in note, note
    # TSMC's long-term borrowings stand beside no ifrs-full:Borrowings total: no such note
    assert not any("includes its current portion" in n for n in get_financial_concept("TSM", "long_term_debt").notes)


def test_teslas_long_term_debt_beside_a_current_debt_line_is_not_summed_as_if_it_included_it(sec):
    # Tesla at 2022-09-30 (10-Q 0000950170-22-019867): us-gaap:LongTermDebt 1,418M is its non-current debt and
    # us-gaap:DebtCurrent 979M the current part; no LongTermDebtNoncurrent says which LongTermDebt is (NVIDIA's
    # includes its current part). Adding them, or taking LongTermDebt as the total, would be a guess: the date is
    # not summed, and tags_tried says why.
    r = get_financial_concept("TSLA", "total_debt", period="all", limit=200)
    # 2018-12-31 alone is summed: its debt-and-lease lines settle it (the test below)
    later = [v.end for v in r.values if v.end >= date(2015, 1, 1)]
    assert later == [date(2018, 12, 31)], [(v.end, v.value) for v in r.values]
    why = next(t for t in r.tags_tried if t.tag == "us-gaap:LongTermDebt").detail
    assert "2022-09-30: 1,418,000,000 beside us-gaap:DebtCurrent 979,000,000" in why and "cannot be told" in why
    assert any("not summed" in n and "to 2022-09-30" in n for n in r.notes)  # said in the answer too
    # 2012-12-31 (0001193125-13-096241): both parts tagged, 401,495K non-current and 50,841K current
    v = next(v for v in r.values if v.end == date(2012, 12, 31))
    assert v.value == 401_495_000 + 50_841_000 and v.accession_number == "0001193125-13-096241"


def test_teslas_2018_debt_is_summed_where_its_own_debt_and_lease_lines_show_long_term_debt_is_noncurrent(sec):
    # Tesla's FY2018 10-K 0001564590-19-003165 at 2018-12-31: LongTermDebt 8,410,490,000 + CapitalLeaseObligations-
    # Noncurrent 993,182,000 = LongTermDebtAndCapitalLeaseObligations 9,403,672,000 (its noncurrent debt and
    # leases), and DebtCurrent 2,221,985,000 + CapitalLeaseObligationsCurrent 345,714,000 =
    # LongTermDebtAndCapitalLeaseObligationsCurrent 2,567,699,000: the filing's own figures say LongTermDebt is the
    # noncurrent debt and DebtCurrent its current part. The parts are that filing's (the FY2019 10-K
    # 0001564590-20-004475 repeats them in millions).
    r = get_financial_concept("TSLA", "total_debt", fiscal_year=2018)
    v = one(r, 2018)
    parts = _parts(v)
    assert set(parts) == {"us-gaap:LongTermDebt", "us-gaap:DebtCurrent"}, parts
    assert v.value == parts["us-gaap:LongTermDebt"][0] + parts["us-gaap:DebtCurrent"][0]
    assert parts["us-gaap:LongTermDebt"][0] in (8_410_490_000, 8_411_000_000)
    assert parts["us-gaap:DebtCurrent"][0] in (2_221_985_000, 2_222_000_000)
    for text in (
        "0001564590-19-003165",
        "us-gaap:LongTermDebtAndCapitalLeaseObligations 9,403,672,000",
        "us-gaap:CapitalLeaseObligationsNoncurrent 993,182,000",
        "2,567,699,000",
    ):
        assert text in v.formula, v.formula
    # 2016-12-31: the same lines do not add up (LongTermDebt 5,892,016,000 + 77,484,000 is not 5,860,049,000 in
    # 0001564590-17-003118 and later filings): still not summed
    assert not [
        w
        for w in get_financial_concept("TSLA", "total_debt", period="all", limit=200).values
        if w.end == date(2016, 12, 31)
    ]


def test_a_year_whose_debt_lines_cannot_be_summed_names_what_was_found_and_what_is_missing(sec):
    # Tesla at 2019-12-31 (FY2019 10-K 0001564590-20-004475): us-gaap:LongTermDebt 10,402M beside
    # us-gaap:DebtCurrent 1,399M, and no us-gaap:LongTermDebtNoncurrent to say whether the first includes the
    # second. The year is in the XBRL facts (they run to 2022-09-30): the answer says what is there and what is
    # missing, not that the year is absent.
    err = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2019)
    assert err.code == "not_found"
    assert "not in the XBRL facts" not in err.message and "XBRL facts end at" not in err.message
    for text in (
        "2019-12-31",
        "us-gaap:LongTermDebt 10,402,000,000",
        "us-gaap:DebtCurrent 1,399,000,000",
        "0001564590-20-004475",
        "us-gaap:LongTermDebtNoncurrent",
    ):
        assert text in err.message, err.message
    for tag in ("us-gaap:LongTermDebt", "us-gaap:DebtCurrent"):  # the components' own concepts answer
        assert tag in err.suggestion, err.suggestion
        assert one(get_financial_concept("TSLA", tag, fiscal_year=2019), 2019).accession_number == (
            "0001564590-20-004475"
        )


def test_teslas_fy2021_debt_refusal_gives_both_readings_of_its_tagged_lines_and_what_would_settle_it(sec):
    # Tesla's FY2021 10-K 0000950170-22-000796 at 2021-12-31: us-gaap:LongTermDebt 4,254,000,000 beside
    # us-gaap:DebtCurrent 1,088,000,000, and no noncurrent line nor debt-and-lease line (its balance sheet's
    # "debt and finance leases" lines carry its own tags): the refusal names each figure with its tag and
    # accession, the total under each reading of LongTermDebt, and the lines that would settle it.
    msg = refusal(get_financial_concept, "TSLA", "total_debt", fiscal_year=2021).message
    for text in (
        "us-gaap:LongTermDebt 4,254,000,000 (0000950170-22-000796)",
        "us-gaap:DebtCurrent 1,088,000,000 (0000950170-22-000796)",
        "if us-gaap:LongTermDebt is the noncurrent part only, the total is 5,342,000,000",
        "if it includes the current debt, 4,254,000,000",
        "us-gaap:LongTermDebtAndCapitalLeaseObligations",
    ):
        assert text in msg, msg


def test_long_term_debt_matched_beside_a_current_debt_line_is_called_the_noncurrent_part_not_the_whole(sec):
    # NVIDIA at 2016-01-31: us-gaap:LongTermDebt 0 in the 10-Q 0001045810-16-000353, which tags the convertible
    # notes due within a year on their own line (us-gaap:ConvertibleDebtCurrent 1,413,000,000): the 0 is the
    # noncurrent part, and no note may read it as "including the current portion".
    r = get_financial_concept("NVDA", "long_term_debt", fiscal_year=2016)
    v = one(r, 2016)
    assert (v.value, v.matched_tag, v.accession_number) == (0, "us-gaap:LongTermDebt", "0001045810-16-000353")
    matched = [n for n in r.notes if n.startswith("Matched us-gaap:LongTermDebt")]
    assert matched and not any("long-term debt including the current portion due" in n for n in matched), matched
    (beside,) = [n for n in r.notes if "us-gaap:ConvertibleDebtCurrent 1,413,000,000" in n]
    assert "noncurrent part" in beside and "0001045810-16-000353" in beside, beside


def test_long_term_debt_says_it_excludes_the_current_portion_and_where_to_find_the_total(sec):
    r = get_financial_concept("AAPL", "long_term_debt", fiscal_year=2024)
    assert one(r, 2024).value == 85_750_000_000  # the non-current part only (0000320193-24-000123)
    assert "excludes the current portion" in r.definition and "total_debt" in r.definition


def test_a_tag_that_stopped_suggests_its_last_year_in_the_mcp_vocabulary(sec):
    # Tesla's facts cover FY2021 (0000950170-22-000796); the tag's last annual value is FY2018
    err = refusal(
        get_financial_concept, "TSLA", "us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent", fiscal_year=2021
    )
    assert err.code == "not_found" and err.extras["latest_fiscal_year"] == 2018
    assert "stop short" not in err.message
    assert (
        "get_financial_concept (company TSLA, concept us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent, "
        "fiscal_year 2018)" in err.suggestion
    )
    assert "edgar" not in err.suggestion  # no CLI command over MCP


def test_a_tesla_statement_for_fy2024_names_the_fy2024_report_its_facts_stop_short_of(sec):
    # As above: Tesla's facts end at 2022-09-30; FY2024's 10-K is 0001628280-25-003063 (filed 2025-01-30).
    from edgar_cli import get_financial_statement

    err = refusal(get_financial_statement, "TSLA", "income", fiscal_year="2024")
    assert err.code == "not_found"
    assert "10-K for the period ending 2024-12-31 was filed 2025-01-30 (0001628280-25-003063)" in err.message


@pytest.mark.parametrize("concept", ["us-gaap:LongTermDebt", "long_term_debt"])
def test_a_suspected_scale_error_names_the_form_and_date_of_the_filing_it_is_in(sec, concept):
    # Tesla's FY2016 10-K 0001564590-17-003118 (filed 2017-03-01) tagged LongTermDebt at 2016-12-31 as 5,892,016
    # (thousands without their scale); 0001564590-17-009968 and later filings give 5,892,016,000.
    r = get_financial_concept("TSLA", concept, fiscal_year=2016)
    (v,) = [v for v in r.values if v.end == date(2016, 12, 31)]
    (e,) = v.suspected_errors
    assert (e.accession_number, e.form, e.filed, e.value) == ("0001564590-17-003118", "10-K", date(2017, 3, 1), 5892016)


def test_a_convenience_translation_says_the_reporting_currency_covers_every_period_not_some(sec):
    # TSMC's 2024 revenue in USD, 88,268,000,000 (20-F 0001193125-25-083423), a translation of its TWD figure:
    # every period it translates is reported in TWD, so "also reports some periods in TWD" was untrue.
    r = get_financial_concept("TSM", "revenue", fiscal_year=2024, unit="USD")
    assert [(v.value, v.accession_number) for v in r.values] == [(88_268_000_000, "0001193125-25-083423")]
    (note,) = [n for n in r.notes if "not mixed in" in n]
    assert "some periods" not in note and "every period" in note and "TWD" in note
    cash = get_financial_concept("TSM", "cash")  # in TWD; each year shown (2017-2024) also translated to USD
    assert [v.end.year for v in cash.values] == list(range(2024, 2016, -1))
    assert any("every period shown in USD" in n for n in cash.notes)


def test_a_year_in_progress_ends_on_the_companys_own_year_end_and_sends_nobody_to_a_report_not_filed(sec):
    # Tesla's years end on December 31 (FY2021 in 0000950170-22-000796); FY2026 is in progress on 2026-07-01
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2026)
    assert "ends around 2026-12-31" in err.message
    assert "get_filing_section" not in err.suggestion and "section" not in err.suggestion

    # in TWD; every year shown (2017-12-31 to 2024-12-31, 20-Fs 0001193125-18-121866 to 0001193125-25-083423) has
    # its USD translation too: the note is of the periods shown, not of every TWD period the filer reports
    cash = get_financial_concept("TSM", "cash")
    assert [v.end.year for v in cash.values] == list(range(2024, 2016, -1))
    assert any("every period shown in USD" in n for n in cash.notes)


# --- the data-ends note names the reports of the years an answer lacks (issue 35, 2 and 6) --------------------
# Tesla's corpus facts end at 2022-09-30 (10-Q 0000950170-22-019867); its submissions (CIK 1318605) list the
# 10-Ks for 2022-12-31 (0000950170-23-001409), 2023-12-31 (0001628280-24-002390), 2024-12-31
# (0001628280-25-003063) and the latest, 2025-12-31 (0001628280-26-003952).


def test_a_tesla_range_past_its_facts_names_the_report_of_each_missing_year(sec):
    from edgar_cli import get_financial_series

    r = get_financial_series("TSLA", ["revenue"], fiscal_year="2021..2024")
    assert [c.key for c in r.columns] == ["FY2021"]  # 53,823,000,000 in the 10-K 0000950170-22-000796
    (gone,) = [n for n in r.notes if n.startswith("No values for")]
    assert "XBRL facts end at 2022-09-30" in gone  # the missing years get their reason
    said = " ".join(r.warnings + r.notes)
    for accession in ("0000950170-23-001409", "0001628280-24-002390", "0001628280-25-003063"):
        assert accession in said
    assert "0001628280-26-003952" not in said  # FY2025 is not asked


def test_quarters_of_a_year_past_the_facts_name_that_years_report(sec):
    r = get_financial_concept("TSLA", "revenue", fiscal_year=2022, period="quarterly")
    assert [v.fiscal_period for v in r.values] == ["Q3", "Q2", "Q1"]
    (w,) = [w for w in r.warnings if "XBRL facts end at 2022-09-30" in w]
    assert "0000950170-23-001409" in w and "0001628280-26-003952" not in w


def test_a_year_with_only_quarters_in_the_facts_points_to_its_reports_text(sec):
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2022)
    assert "0000950170-23-001409" in err.message
    assert "get_filing_section" in err.suggestion and "fiscal_year 2022" in err.suggestion


def test_an_answer_wholly_inside_facts_that_stop_short_says_so_in_one_note(sec):
    # Tesla's facts end at 2022-09-30 (10-Q 0000950170-22-019867) while its 10-Ks run past them: an answer about
    # FY2021 (revenue 53,823,000,000, 10-K 0000950170-22-000796) or FY2016 is inside the facts, and still says
    # once, in one line, that they end before the filings do (issue 35, item 2: every answer about such a company).
    from edgar_cli import compare_companies, get_financial_series, get_financial_statement

    def said(answer):
        # a note, not a warning: nothing asked is missing (issue 36, fifteenth newcomer; docs/formats.md)
        assert not any("XBRL facts end at" in w for w in answer.warnings), answer.warnings
        lines = answer.notes
        ends = [w for w in lines if "XBRL facts end at 2022-09-30" in w]
        assert len(ends) == 1, lines
        assert "\n" not in ends[0] and "inside them" in ends[0], ends[0]
        assert "get_filing_section" not in ends[0]  # nothing to read elsewhere for these years

    r = get_financial_concept("TSLA", "revenue", fiscal_year=2021)
    assert one(r, 2021).accession_number == "0000950170-22-000796"
    said(r)
    said(get_financial_concept("TSLA", "us-gaap:LongTermDebt", fiscal_year=2016))
    said(get_financial_series("TSLA", ["revenue"], fiscal_year="2020..2021"))
    said(get_financial_statement("TSLA", "income", fiscal_year="2021"))
    c = compare_companies("revenue", ["TSLA", "AAPL"], fiscal_year=2021)
    said(c)


# --- the other-currency and ignored-facts notes are true of the periods shown (issue 35, 6) --------------------
# TSMC's ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued: 153,093,600,000 TWD at 2016-12-31 (20-F
# 0001193125-18-121866); its USD translations start at 2017-12-31 (3,097,200,000 USD, the same 20-F); the 6-K
# 0001193125-21-301021 repeats 2020-12-31 (254,105,100,000 TWD, 20-F 0001193125-21-118512) and gives 2021-06-30.
BONDS = "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued"


def test_a_translation_taken_from_a_later_filing_says_it_is_at_that_filings_rate_with_the_implied_rate(sec):
    # TSMC's cash at 2016-12-31 in USD, 18,260,900,000, is in the FY2017 20-F 0001193125-18-121866 (no USD figure in
    # FY2016's own report), beside 541,253,800,000 TWD in that filing: at the FY2017 filing's rate (implied 29.64
    # TWD per USD), not "its own year's rate".
    r = get_financial_concept("TSM", "cash", unit="USD", fiscal_year=2016)
    v = one(r, 2016)
    assert (v.value, v.accession_number) == (18_260_900_000, "0001193125-18-121866")
    assert "own year's rate" not in (r.currency_note or ""), r.currency_note
    (note,) = [n for n in r.notes if "0001193125-18-121866" in n and "rate" in n]
    assert "FY2017" in note and "implied" in note and "29.64" in note, note
    assert "541,253,800,000" in note and "18,260,900,000" in note, note


def test_a_translation_from_its_own_report_gives_the_rate_that_filing_states(sec):
    # TSMC's FY2024 revenue in USD, 88,268,000,000, is in its FY2024 20-F 0001193125-25-083423, which tags
    # ifrs-full:ClosingForeignExchangeRate 32.79 at 2024-12-31. Before: "read the rate and its date in the filing"
    # (a document the reader may not have), though the rate is in the facts.
    r = get_financial_concept("TSM", "revenue", unit="USD", fiscal_year=2024)
    v = one(r, 2024)
    assert (v.value, v.accession_number) == (88_268_000_000, "0001193125-25-083423")
    (note,) = [n for n in r.notes if n.startswith("The exchange rate each filing states")]
    assert "32.79 TWD per USD at 2024-12-31" in note and "0001193125-25-083423" in note, note
    assert "read the rate and its date in the filing" not in (r.currency_note or ""), r.currency_note


def test_a_year_held_only_as_a_later_reports_prior_year_says_the_tags_start_later_and_names_the_bonds(sec):
    # TSMC's FY2016 has no 20-F of its own in the facts; its FY2017 20-F 0001193125-18-121866 gives 2016 as the
    # prior year, with its bonds at 2016-12-31: ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued 153,093,600,000
    # TWD. Before: "the XBRL facts start at FY2020".
    msg = refusal(get_financial_concept, "TSM", "long_term_debt", fiscal_year=2016).message
    assert "the XBRL facts start at" not in msg, msg
    assert "long_term_debt's tags start at FY2020" in msg, msg
    assert f"{BONDS} 153,093,600,000 TWD at 2016-12-31 (0001193125-18-121866)" in msg, msg
    msg = refusal(get_financial_concept, "TSM", "long_term_debt", fiscal_year=2016, unit="USD").message
    assert "the XBRL facts start at" not in msg and "153,093,600,000 TWD" in msg, msg
    assert "USD translation of that line starts at FY2017" in msg, msg


def test_a_year_before_a_concepts_tags_begin_says_the_tags_start_then_not_the_facts_and_names_the_bonds(sec):
    # TSMC's facts run from 2014, but ifrs-full:LongtermBorrowings (long_term_debt's IFRS tag) starts at FY2020;
    # its bonds at 2018-12-31 are ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued 56,900,000,000 TWD in the
    # 2018 20-F 0001193125-19-108390. The refusal says the concept's tags start at FY2020 and names the bonds.
    err = refusal(get_financial_concept, "TSM", "long_term_debt", fiscal_year=2018)
    msg, suggestion = err.message, err.suggestion
    assert "the XBRL facts start at" not in msg, msg
    assert "long_term_debt's tags" in msg and "start at FY2020" in msg, msg
    assert f"{BONDS} 56,900,000,000 TWD at 2018-12-31 (0001193125-19-108390)" in msg, msg
    assert BONDS in suggestion, suggestion


def test_total_debts_refusal_for_an_ifrs_filer_says_the_concept_it_offers_leaves_the_bonds_out(sec):
    # TSMC tags no US GAAP debt line; long_term_debt follows ifrs-full:LongtermBorrowings, its long-term bank loans
    # alone (4,383,000,000 TWD at 2023-12-31 beside bonds of 913,900,000,000, 20-F 0001193125-24-100473): an offer
    # of it must say it leaves the bonds out.
    suggestion = refusal(get_financial_concept, "TSM", "total_debt").suggestion
    assert "long_term_debt (ifrs-full:LongtermBorrowings" in suggestion, suggestion
    assert BONDS in suggestion and "not in it" in suggestion, suggestion


def test_a_currency_with_no_value_for_the_period_shown_is_not_offered_for_it(sec):
    r = get_financial_concept("TSM", BONDS, fiscal_year=2016)
    assert [(v.value, v.accession_number) for v in r.values] == [(153_093_600_000, "0001193125-18-121866")]
    (note,) = [n for n in r.notes if "USD" in n and "convenience translation" in n]
    assert "ask for them with unit USD" not in note and "also reports some periods" not in note
    assert "2017-12-31" in note  # which periods the USD figures cover
    with pytest.raises(EdgarError):  # as the note says: none for FY2016
        get_financial_concept("TSM", BONDS, fiscal_year=2016, unit="USD")


def test_facts_ignored_outside_periodic_reports_are_mentioned_only_for_a_period_shown(sec):
    r = get_financial_concept("TSM", BONDS, fiscal_year=2016)
    assert not any("outside periodic reports" in n for n in r.notes)
    r2020 = get_financial_concept("TSM", BONDS, fiscal_year=2020)
    assert [(v.value, v.accession_number) for v in r2020.values] == [(254_105_100_000, "0001193125-21-118512")]
    assert "Facts repeated outside periodic reports were ignored (1 in 6-K)." in r2020.notes


def test_the_quarters_of_a_year_past_the_facts_name_its_ten_qs_and_its_ten_k(sec):
    # Tesla FY2023: 10-Qs 0000950170-23-013890 (2023-03-31), 0000950170-23-033872 (2023-06-30),
    # 0001628280-23-034847 (2023-09-30) and the 10-K 0001628280-24-002390 (2023-12-31), none in the facts
    err = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2023, period="quarterly")
    for accession in ("0000950170-23-013890", "0000950170-23-033872", "0001628280-23-034847", "0001628280-24-002390"):
        assert accession in err.message
    assert "0001628280-26-003952" not in err.message


def test_the_parents_equity_names_the_filers_total_equity_where_the_two_differ(sec):
    # Snowflake's 10-K 0001640147-25-000052 at 2025-01-31: StockholdersEquity 2,999,929,000 (the parent's),
    # StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest 3,006,643,000 (the balance sheet's
    # total stockholders' equity); Apple tags no noncontrolling interests, so it gets no such note
    r = get_financial_concept("SNOW", "stockholders_equity", fiscal_year=2025)
    assert [(v.value, v.accession_number) for v in r.values] == [(2_999_929_000, "0001640147-25-000052")]
    (note,) = [n for n in r.notes if "also tags" in n]
    assert "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest (includes noncontrolling" in note
    assert "3,006,643,000 USD at 2025-01-31 (0001640147-25-000052), against 2,999,929,000" in note
    apple = get_financial_concept("AAPL", "stockholders_equity", limit=5)
    assert not any("also tags" in n for n in apple.notes)


def test_convertible_notes_are_the_long_term_debt_of_a_filer_with_no_other_debt_line(sec):
    # Snowflake's 10-K 0001640147-25-000052: convertible senior notes, us-gaap:ConvertibleDebtNoncurrent
    # 2,271,529,000 at 2025-01-31, its only long-term debt line; total_debt reads it too, and with no current
    # line tagged beside it refuses the date naming the line and long_term_debt's answer, never implying no debt
    r = get_financial_concept("SNOW", "long_term_debt", fiscal_year=2025)
    (v,) = r.values
    assert (v.value, v.accession_number, v.matched_tag) == (
        2_271_529_000,
        "0001640147-25-000052",
        "us-gaap:ConvertibleDebtNoncurrent",
    )
    assert any("not the first tag of the chain" in n and "other debt, if any, is not in it" in n for n in r.notes)
    err = refusal(get_financial_concept, "SNOW", "total_debt", fiscal_year=2025)
    assert "long_term_debt's answer, 2,271,529,000" in err.message, err.message
    assert "us-gaap:ConvertibleDebtNoncurrent" in err.suggestion, err.suggestion
    # the filers with a long-term debt line keep it (NVIDIA FY2025: us-gaap:LongTermDebtNoncurrent)
    assert get_financial_concept("NVDA", "long_term_debt", fiscal_year=2025).values[0].matched_tag == (
        "us-gaap:LongTermDebtNoncurrent"
    )


def test_a_value_first_filed_under_another_tag_names_that_filing(sec):
    # NVIDIA's FY2020 revenue, 10,918,000,000: edgar follows us-gaap:Revenues, which first carries FY2020 in the
    # FY2022 10-K (0001045810-22-000036, filed 2022-03-18); the same value was filed on 2020-02-20 in the FY2020
    # 10-K (0001045810-20-000010) under us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2020)
    assert [(v.value, v.accession_number) for v in r.values] == [(10_918_000_000, "0001045810-22-000036")]
    (note,) = [n for n in r.notes if "filed earlier under another tag" in n]
    assert (
        "on 2020-02-20 in 0001045810-20-000010 (10-K, us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax)"
        in note
    )
    # Apple's FY2024 revenue cites its own first filing: no such note
    assert not any("filed earlier" in n for n in get_financial_concept("AAPL", "revenue", fiscal_year=2024).notes)


def test_profit_loss_in_tags_tried_is_called_a_different_figure_not_superseded(sec):
    # Tesla's net income for FY2021 is us-gaap:NetIncomeLoss (10-K 0000950170-22-000796); it also reports
    # us-gaap:ProfitLoss, which includes the noncontrolling interests' share: a different figure, never "superseded".
    r = get_financial_concept("TSLA", "net_income", fiscal_year=2021)
    assert one(r, 2021).matched_tag == "us-gaap:NetIncomeLoss"
    profit_loss = next(t for t in r.tags_tried if t.tag == "us-gaap:ProfitLoss")
    assert "superseded" not in profit_loss.detail
    assert "different figure" in profit_loss.detail and "noncontrolling" in profit_loss.detail
    # an NCI loss makes it smaller, not larger: it differs by the noncontrolling interests' share
    assert "larger than" not in profit_loss.detail and "differs" in profit_loss.detail, profit_loss.detail


def test_a_year_without_a_diluted_count_names_the_basic_count_the_filer_tags_for_it(sec):
    # TSMC tags no diluted weighted-average count for FY2018, but its 20-F 0001193125-19-108390 tags the basic one:
    # ifrs-full:WeightedAverageShares 25,930,300,000. Before: only "Ask for FY2024".
    suggestion = refusal(get_financial_concept, "TSM", "weighted_shares_diluted", fiscal_year=2018).suggestion
    assert "weighted_shares_basic" in suggestion and "ifrs-full:WeightedAverageShares" in suggestion, suggestion
    assert "25,930,300,000" in suggestion and "0001193125-19-108390" in suggestion, suggestion


# --- a range or a year before a concept's tags begin: the tags' span, not the facts' (issue 35) -------------------
# TSMC's facts run from FY2014 (its FY2017 20-F 0001193125-18-121866 gives 2015 and 2016 as earlier years and the
# balance at 2014-12-31);
# long_term_debt's IFRS tag (ifrs-full:LongtermBorrowings) starts at FY2020. Snowflake's facts run from FY2018
# (its balance at 2018-01-31 in the 10-K 0001640147-21-000073); it tags no debt before FY2024.


def test_a_range_before_a_concepts_tags_begin_says_the_tags_span_not_the_facts_and_names_the_bonds(sec):
    from edgar_cli import get_financial_series

    msg = refusal(get_financial_series, "TSM", ["long_term_debt"], fiscal_year="2017..2019").message
    assert "its XBRL facts cover FY2020" not in msg, msg
    assert "long_term_debt's tags cover FY2020 to FY2024" in msg, msg
    assert "XBRL facts cover FY2014 to FY2024" in msg, msg  # cash at 2014-12-31 in 0001193125-18-121866
    # the bonds at 2018-12-31, as the single-year refusal names them (20-F 0001193125-19-108390)
    assert f"{BONDS} 56,900,000,000 TWD at 2018-12-31 (0001193125-19-108390)" in msg, msg


def test_a_snowflake_range_before_its_first_debt_says_its_facts_start_at_fy2019(sec):
    from edgar_cli import get_financial_series

    msg = refusal(get_financial_series, "SNOW", ["long_term_debt"], fiscal_year="2020..2023").message
    assert "its XBRL facts cover FY2024" not in msg, msg
    # its cash at 2018-01-31 (215,593,000 in 0001640147-21-000073) ends FY2018: the facts cover FY2018 on
    assert "long_term_debt's tags cover FY2024 to FY2025" in msg and "XBRL facts cover FY2018" in msg, msg


def test_a_year_before_a_companys_facts_begin_says_both_the_tags_and_the_facts_start(sec):
    for fy in (2014, 2013):
        msg = refusal(get_financial_concept, "TSM", "long_term_debt", fiscal_year=fy).message
        assert "the XBRL facts start at FY2020" not in msg, msg
        assert "long_term_debt's tags start at FY2020" in msg, msg
        # its cash at 2014-12-31 ends FY2014 (358,449,000,000 TWD in the same 20-F): the facts start there
        assert "XBRL facts start at FY2014 (0001193125-18-121866)" in msg, msg


def test_a_debt_date_with_only_a_current_line_tagged_is_named_not_dropped(sec):
    # NVIDIA at 2016-05-01 and 2016-07-31 tags only us-gaap:ConvertibleDebtCurrent (1,421,000,000 in the 10-Q
    # 0001045810-16-000275; 1,428,000,000 in 0001045810-16-000300), no LongTermDebt: total_debt's FY2017 quarters
    # are refused at four dates, not two, and the series' note counts them
    msg = refusal(get_financial_concept, "NVDA", "total_debt", fiscal_year=2017, period="quarterly").message
    assert "at 2016-05-01, us-gaap:ConvertibleDebtCurrent 1,421,000,000 (0001045810-16-000275)" in msg, msg
    assert "at 2016-07-31, us-gaap:ConvertibleDebtCurrent 1,428,000,000 (0001045810-16-000300)" in msg, msg
    r = get_financial_concept("NVDA", "total_debt", period="all", limit=200)
    (note,) = [n for n in r.notes if "is not summed at" in n]
    assert "only a current debt line" in note, note


def test_snowflakes_total_debt_reads_the_convertible_notes_long_term_debt_answers_from(sec):
    # Snowflake's 10-K 0001640147-25-000052 tags its convertible notes as us-gaap:ConvertibleDebtNoncurrent
    # 2,271,529,000 at 2025-01-31 (long_term_debt's answer) and no current debt line: total_debt names that line
    # and why it is not summed, never "reports no value for total_debt"
    msg = refusal(get_financial_concept, "SNOW", "total_debt", fiscal_year=2025).message
    assert "reports no value for total_debt" not in msg, msg
    assert "us-gaap:ConvertibleDebtNoncurrent 2,271,529,000 (0001640147-25-000052)" in msg, msg
    assert "long_term_debt" in msg, msg


def test_a_wider_total_beside_net_income_is_given_for_each_period_it_differs(sec):
    # Tesla tags us-gaap:ProfitLoss beside us-gaap:NetIncomeLoss each year (FY2021: 5,644,000,000 against
    # 5,519,000,000 in the 10-K 0000950170-22-000796): the note gives each period's figure, not one "and 5 others"
    from edgar_cli import get_financial_series

    r = get_financial_series("TSLA", ["net_income"], fiscal_year="2016..2022")
    (note,) = [n for row in r.rows for n in row.notes if "us-gaap:ProfitLoss" in n]
    assert "other period(s) shown" not in note, note
    assert "5,644,000,000 USD against 5,519,000,000 USD for 2021-01-01 to 2021-12-31 (0000950170-22-000796)" in note, (
        note
    )
    assert note.count(" against ") >= 2, note


def test_tsmcs_ifrs_debt_lines_say_a_line_not_tagged_after_an_earlier_date(sec):
    # TSMC's ifrs-full:ShorttermBorrowings is last tagged at 2021-12-31 (114,921,300,000 TWD, 20-F
    # 0001193125-23-107214) while its other debt lines run to 2024-12-31 (0001193125-25-083423)
    suggestion = refusal(get_financial_concept, "TSM", "total_debt").suggestion
    assert (
        "ifrs-full:ShorttermBorrowings 114,921,300,000 TWD at 2021-12-31 (0001193125-23-107214), short-term "
        "borrowings, none tagged after 2021-12-31 (the other lines run to 2024-12-31)"
    ) in suggestion, suggestion


def test_a_balance_sheet_range_before_long_term_debts_tag_names_the_bonds_in_the_empty_row(sec):
    # TSMC's balance sheet for FY2016..2018: long_term_debt (ifrs-full:LongtermBorrowings from FY2020) is empty;
    # its bonds are tagged, e.g. 56,900,000,000 TWD at 2018-12-31 (20-F 0001193125-19-108390)
    from edgar_cli import get_financial_series

    r = get_financial_series("TSM", ["long_term_debt", "total_assets"], fiscal_year="2016..2018")
    (row,) = [row for row in r.rows if row.concept == "long_term_debt"]
    note = next(n for n in row.notes if "Not reported in the periods shown" in n)
    assert f"{BONDS} 56,900,000,000 TWD at 2018-12-31 (0001193125-19-108390)" in note, note


def test_a_tag_tried_that_supplies_no_period_says_how_many_it_reports_beside_periods_0(sec):
    # Snowflake's us-gaap:ProfitLoss: 23 periods in its 10-K/10-Q facts, the latest ending 2025-04-30
    # (0001640147-25-000110), every one covered by NetIncomeLoss: periods (supplied) 0 beside latest_end (reported)
    # is said in words, never left to read as a contradiction
    r = get_financial_concept("SNOW", "net_income")
    (tried,) = [t for t in r.tags_tried if t.tag == "us-gaap:ProfitLoss"]
    assert (tried.status, tried.periods, str(tried.latest_end)) == ("not_used", 0, "2025-04-30"), tried
    assert "it reports 23 periods (the latest ending 2025-04-30)" in tried.detail, tried.detail
    assert "so it supplies none" in tried.detail, tried.detail


def test_a_20f_filers_year_not_yet_in_its_facts_names_the_6k_reports_dated_at_its_end(sec):
    # TSMC's facts end with FY2024 (20-F 0001193125-25-083423); its submissions list 6-K reports dated 2025-12-31
    # filed 2026-01-09, 2026-01-15 and 2026-01-23 (0001046179-26-000005, -000008, -000012), without XBRL: FY2025
    # is not simply "not reported yet", and a 6-K dated 2026-01-06 (0001046179-26-000002) is not one of the year's
    from edgar_cli.errors import EdgarError

    with pytest.raises(EdgarError) as info:
        get_financial_concept("TSM", "revenue", fiscal_year=2025)
    err = info.value
    for accn in ("0001046179-26-000005", "0001046179-26-000008", "0001046179-26-000012"):
        assert accn in err.message, err.message
    assert "0001046179-26-000002" not in err.message, err.message
    assert "6-K" in err.suggestion and "FY2024" in err.suggestion, err.suggestion

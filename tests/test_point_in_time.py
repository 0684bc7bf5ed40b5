"""Point in time (--as-of / as_of): figures as the SEC had received them on a date, on real corpus data.

Every expected figure is in ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts and is named with the
accession number of the filing it comes from. The unit tests of xbrl/pointintime.py use small hand-written
facts.
"""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lookups import refusal

from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.errors import EdgarError
from edgar_cli.sec.companyfacts import load_company_facts
from edgar_cli.xbrl import pointintime as PIT
from edgar_cli.xbrl.catalogue import lookup
from edgar_cli.xbrl.facts import CompanyFacts
from edgar_cli.xbrl.periods import build_calendar
from edgar_cli.xbrl.series import build_series

AAPL, NVDA, TSLA = 320193, 1045810, 1318605
CORPUS_CIKS = (320193, 1045810, 1046179, 1318605, 1640147, 1997711)  # every companyfacts file of the corpus


@pytest.fixture
def sec(module_sec):
    return module_sec


def fy_value(result, fy):
    hits = [v for v in result.values if v.fiscal_year == fy and v.fiscal_period == "FY"]
    assert len(hits) == 1, [(v.fiscal_year, v.end) for v in result.values]
    return hits[0]


# --- unit: the domain functions on hand-written facts -------------------------------------


def _facts(rows_by_tag: dict[str, dict[str, list[tuple]]]) -> CompanyFacts:
    tags = {t: {"label": t, "units": units} for t, units in rows_by_tag.items()}
    return CompanyFacts(cik=1, name="Example Co", tags=tags, fetched_at=0.0, calendar=build_calendar(tags))


def _row(val, accn, filed, form="10-K", start="2018-01-01", end="2018-12-31", fy=2018):
    return (start, end, val, accn, fy, "FY", form, filed, None)


EXAMPLE = {
    "us-gaap:Revenues": {
        "USD": [
            _row(100_250_000, "0000000001-19-000001", "2019-02-15"),
            _row(120_500_000, "0000000001-19-000009", "2019-08-01", form="10-K/A"),
            _row(120_500_000, "0000000001-20-000001", "2020-02-14", fy=2019),
            _row(130_750_000, "0000000001-20-000001", "2020-02-14", start="2019-01-01", end="2019-12-31", fy=2019),
        ]
    }
}


def test_facts_known_on_a_date_keep_only_rows_filed_on_or_before_it():
    facts = _facts(EXAMPLE)
    known = PIT.known_on(facts, date(2019, 8, 1))
    rows = known.tags["us-gaap:Revenues"]["units"]["USD"]
    assert [r[3] for r in rows] == ["0000000001-19-000001", "0000000001-19-000009"]
    assert PIT.known_on(facts, date(2019, 8, 1)) is known  # kept for the date
    assert PIT.known_on(facts, date(2019, 1, 1)).tags == {}


def _ten_q(fp, fy=2021, accn="0000000001-20-000007"):
    quarter = ("2020-05-01", "2020-07-31", 50, accn, fy, fp, "10-Q", "2020-09-01", None)
    ytd = ("2020-02-01", "2020-07-31", 90, accn, fy, fp, "10-Q", "2020-09-01", None)
    return {"us-gaap:Revenues": {"label": "Revenues", "units": {"USD": [quarter, ytd]}}}


def test_before_any_annual_report_the_labels_as_known_on_a_date_are_the_10q_own_fiscal_year_and_period():
    from edgar_cli.xbrl.periods import fiscal_period_of

    cal = build_calendar(_ten_q("Q2"), newest=True)
    assert (cal.year_ends, cal.quarterly_focus) == ([date(2021, 1, 31)], ("0000000001-20-000007", 2021, "Q2"))
    assert fiscal_period_of(date(2020, 5, 1), date(2020, 7, 31), cal) == (2021, "Q2")
    assert fiscal_period_of(date(2020, 2, 1), date(2020, 7, 31), cal) == (2021, "H1")
    assert build_calendar(_ten_q("Q2")).year_ends == []  # today's calendar: no annual report, no labels
    # a focus its dates contradict (six months called Q3) labels nothing
    assert build_calendar(_ten_q("Q3"), newest=True).year_ends == []


def test_a_value_known_before_its_restatement_is_the_original_and_names_the_revision():
    facts = _facts(EXAMPLE)
    spec = lookup("us-gaap:Revenues")
    when = date(2019, 7, 31)
    values = build_series(PIT.known_on(facts, when), spec).values
    assert [(v.value, v.restated) for v in values] == [(100_250_000, False)]
    notes = PIT.later_revisions(facts, values, when)
    assert notes == [
        "After 2019-07-31: FY2018 (2018-01-01 to 2018-12-31) 100,250,000 was revised to 120,500,000 on "
        "2019-08-01 in 0000000001-19-000009 (10-K/A; restatement)."
    ]


def test_a_value_known_after_its_restatement_has_no_later_revision_note():
    facts = _facts(EXAMPLE)
    when = date(2019, 8, 1)
    values = build_series(PIT.known_on(facts, when), lookup("us-gaap:Revenues")).values
    assert [(v.value, v.original_value) for v in values] == [(120_500_000, 100_250_000)]
    assert PIT.later_revisions(facts, values, when) == []


def test_the_first_filing_of_a_period_not_yet_reported_is_the_original_one():
    facts = _facts(EXAMPLE)
    values = build_series(facts, lookup("us-gaap:Revenues")).values
    assert PIT.first_filed(values) == (date(2019, 2, 15), "0000000001-19-000001")
    assert PIT.first_filed([]) is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("2026-07-02", "in the future"),
        ("2008-12-31", "predates XBRL"),
        ("30/06/2019", "is not a date"),
        # an unset date must not quietly mean "as known now"; other ISO spellings are not YYYY-MM-DD
        ("", "is not a date"),
        ("  ", "is not a date"),
        ("2019-W01", "is not a date"),
        ("20190630", "is not a date"),
        (20100124, "is not a date"),
    ],
)
def test_an_as_of_date_in_the_future_before_2009_or_malformed_is_an_invalid_argument(text, why):
    e = refusal(PIT.parse_as_of, text, date(2026, 7, 1))
    assert e.code == "invalid_argument" and why in e.message and e.suggestion


def test_an_as_of_date_is_read_as_iso_and_none_when_not_given():
    assert PIT.parse_as_of(" 2019-06-30 ", date(2026, 7, 1)) == date(2019, 6, 30)
    assert PIT.parse_as_of(None, date(2026, 7, 1)) is None
    assert PIT.caption(date(2019, 6, 30)) == "as known on 2019-06-30"


def _cut_row_by_row(facts: CompanyFacts, when: date) -> dict:
    cutoff = when.isoformat()
    tags = {}
    for name in facts.tags:
        units = {u: [r for r in rows if r[7] <= cutoff] for u, rows in facts.tags[name]["units"].items()}
        units = {u: rows for u, rows in units.items() if rows}
        if units:
            tags[name] = {"label": facts.tags[name]["label"], "units": units}
    return tags


@pytest.mark.parametrize("when", [date(2010, 1, 24), date(2014, 6, 30), date(2019, 6, 30), date(2026, 6, 30)])
def test_the_facts_known_on_a_date_are_the_rows_filed_by_then_with_the_calendar_they_give(corpus_facts, when):
    from edgar_cli.xbrl.facts import reporting_currency

    for cik, facts in corpus_facts.items():
        known = PIT.known_on(facts, when)
        tags = _cut_row_by_row(facts, when)
        assert sorted(known.tags) == sorted(tags), cik
        assert all(known.tags[t] == tags[t] for t in ("us-gaap:Revenues", "us-gaap:Assets") if t in tags), cik
        assert known.calendar.to_plain() == build_calendar(tags, newest=True).to_plain(), (cik, when)
        assert known.calendar.quarterly_focus == build_calendar(tags, newest=True).quarterly_focus, (cik, when)
        assert known.reporting_currency == reporting_currency(tags), (cik, when)
        # the facts' end as known then: only a report filed by the date past the facts known then is named
        assert all(str(r[2]) <= when.isoformat() for r in known.later_reports), (cik, when)
        assert (known.coverage_note is None) == (not known.later_reports), (cik, when)


# --- Apple's FY2009 net sales, restated by the 10-K/A of 2010-01-25 -----------------------


def test_apple_fy2009_net_sales_as_known_before_the_10ka_are_the_original_36537m(sec):
    # 0001193125-09-214859 (10-K filed 2009-10-27): 36,537,000,000; the 10-K/A 0001193125-10-012091 (filed
    # 2010-01-25) reports 42,905,000,000 for the same period (the change in revenue recognition).
    r = get_financial_concept("320193", "revenue", fiscal_year=2009, as_of="2010-01-24")
    v = fy_value(r, 2009)
    assert (v.value, v.accession_number, v.filed) == (36_537_000_000, "0001193125-09-214859", date(2009, 10, 27))
    assert not v.restated and v.original_value is None
    assert r.as_of == date(2010, 1, 24)
    assert any(
        "revised to 42,905,000,000 on 2010-01-25 in 0001193125-10-012091 (10-K/A; restatement)" in n for n in r.notes
    )


def test_apple_fy2009_net_sales_as_known_on_the_day_of_the_10ka_are_42905m_restated(sec):
    r = get_financial_concept("320193", "revenue", fiscal_year=2009, as_of="2010-01-25")
    v = fy_value(r, 2009)
    assert (v.value, v.accession_number, v.form) == (42_905_000_000, "0001193125-10-012091", "10-K/A")
    assert v.restated and v.original_value == 36_537_000_000
    assert v.original_accession == "0001193125-09-214859"
    assert not any("revised to" in n for n in r.notes)


def test_a_result_without_as_of_says_it_is_as_known_now(sec):
    r = get_financial_concept("320193", "revenue", fiscal_year=2009)
    assert r.as_of is None and fy_value(r, 2009).value == 42_905_000_000


def test_a_fiscal_year_not_yet_reported_names_its_first_filing(sec):
    # Apple's FY2010 was first reported in the 10-K 0001193125-10-238044, filed 2010-10-27.
    e = refusal(get_financial_concept, "320193", "revenue", fiscal_year=2010, as_of="2010-06-30")
    assert e.code == "not_found"
    assert "not yet reported as of 2010-06-30" in e.message  # FY2010 ended 2010-09-25, after the date
    assert "first filed 2010-10-27 in 0001193125-10-238044" in e.message
    assert e.extras["first_accession"] == "0001193125-10-238044"


def test_a_year_first_filed_under_another_tag_of_the_concept_names_that_first_filing(sec):
    # Apple's FY2016 net sales, 215,639,000,000: us-gaap:SalesRevenueNet in the 10-K 0001628280-16-020309 (filed
    # 2016-10-26); today's answer reads us-gaap:Revenues, first tagged so in the 10-K 0000320193-18-000145 (2018-11-05).
    e = refusal(get_financial_concept, "320193", "revenue", fiscal_year=2016, as_of="2016-06-30")
    assert "first filed 2016-10-26 in 0001628280-16-020309" in e.message
    assert e.extras["first_filed"] == "2016-10-26"


def test_a_fiscal_year_that_had_not_begun_on_the_date_is_said_of_the_date_not_of_today(sec):
    # Apple's FY2015 began 2014-09-28 and was first reported in the 10-K 0001193125-15-356351, filed 2015-10-28.
    e = refusal(get_financial_concept, "320193", "revenue", fiscal_year=2015, as_of="2014-06-30")
    assert e.code == "out_of_scope" and e.extras["as_of"] == "2014-06-30"
    assert "had not begun on 2014-06-30" in e.message and "has not begun" not in e.message
    assert "first filed 2015-10-28 in 0001193125-15-356351" in e.message


def test_a_year_out_of_reach_under_the_labels_of_the_date_names_the_label_change(sec):
    # NVIDIA's filings up to 0001045810-14-000030 (2014-03-13) labelled the year ending 2014-01-26 FY2013; today's
    # labels call it FY2014, so "FY2015" as of 2014-06-30 is the year ending in 2016 under the labels of then
    e = refusal(get_financial_concept, "1045810", "revenue", fiscal_year=2015, as_of="2014-06-30")
    assert "the year ending 2014-01-26 is FY2013 (FY2014 today)" in e.message


def test_a_ticker_is_resolved_with_a_note_that_the_ticker_file_has_no_history(sec):
    r = get_financial_concept("AAPL", "revenue", fiscal_year=2009, as_of="2010-01-24")
    assert any("today's ticker file" in n and "CIK 0000320193" in n for n in r.notes)


# --- NVIDIA's FY2016 long-term debt, moved to current in 2016-11 --------------------------


def test_nvidia_fy2016_long_term_debt_as_known_before_it_moved_is_1413m_with_the_move_named(sec):
    # 0001045810-16-000205 (10-K filed 2016-03-17): 1,413,000,000 at 2016-01-31; the 10-Q 0001045810-16-000353
    # (filed 2016-11-22) reports 0 for the same date.
    r = get_financial_concept("1045810", "us-gaap:LongTermDebt", as_of="2016-06-30")
    v = next(v for v in r.values if v.end == date(2016, 1, 31))
    assert (v.value, v.accession_number) == (1_413_000_000, "0001045810-16-000205") and not v.restated
    # total assets at 2016-01-31 are the same in both filings: an amount moved to current, not a restatement
    assert any("revised to 0 on 2016-11-22 in 0001045810-16-000353 (10-Q; reclassification)" in n for n in r.notes)


def test_nvidia_fiscal_year_labels_as_known_in_mid_2016_are_those_of_its_newest_10k(sec):
    # NVIDIA's 10-Ks for the years ending 2011-01-30 to 2014-01-26 tag fy one low (0001045810-14-000030 says
    # fy=2013 for the year ending 2014-01-26) and by mid-2016 outnumber the newer ones; the newest, 0001045810-16-000205
    # (filed 2016-03-17), says FY2016 for the year ending 2016-01-31 (5,010,000,000), and its convention wins.
    r = get_financial_concept("1045810", "revenue", as_of="2016-06-30")
    v = next(v for v in r.values if v.end == date(2016, 1, 31))
    assert (v.fiscal_year, v.value, v.accession_number) == (2016, 5_010_000_000, "0001045810-16-000205")
    assert not any("differ from today's" in n for n in r.notes)
    assert any("the year ending 2014-01-26 is FY2014 (FY2013 in its own annual report)" in n for n in r.notes)
    assert fy_value(get_financial_concept("1045810", "revenue", fiscal_year=2016, as_of="2016-06-30"), 2016).value == (
        5_010_000_000
    )


def test_nvidia_quarter_to_2016_07_31_as_known_in_september_2016_is_q2_fy2017_as_its_own_10q_says(sec):
    # The 10-Q 0001045810-16-000300 (filed 2016-08-23) reports the quarter 2016-05-02 to 2016-07-31, 1,428,000,000,
    # as fy=2017 fp=Q2; FY2017 (2016-02-01 to 2017-01-29) was in progress on 2016-09-01, not "not begun".
    r = get_financial_concept("1045810", "revenue", period="quarterly", as_of="2016-09-01")
    q = next(v for v in r.values if v.end == date(2016, 7, 31))
    assert (q.fiscal_year, q.fiscal_period, q.value, q.accession_number) == (
        2017,
        "Q2",
        1_428_000_000,
        "0001045810-16-000300",
    )
    e = refusal(get_financial_concept, "1045810", "revenue", fiscal_year=2017, as_of="2016-09-01")
    assert "had not begun" not in e.message and "in progress" in e.message


# Dates spread over the corpus' filing history, with the newest annual report filed by each.
LABEL_DATES = [date(y, m, 15) for y in range(2010, 2027) for m in (3, 9)][:-1]


@pytest.mark.parametrize("cik", CORPUS_CIKS)
def test_fiscal_year_labels_as_known_on_any_date_give_the_newest_annual_report_its_own_label(corpus_facts, cik):
    # The newest annual report filed by each date (its year's own fy, e.g. NVIDIA's 0001045810-15-000036: FY2015 for
    # the year ending 2015-01-25) fixes the labels of every year known then; as known on the corpus' today they are
    # today's labels (Apple, NVIDIA, TSMC, Tesla, Snowflake and Logistic Properties of the Americas).
    facts = corpus_facts[cik]
    for when in LABEL_DATES:
        cal = PIT.known_on(facts, when).calendar
        if not cal.own_labels:
            continue
        newest = max(cal.own_labels)
        assert cal.label_for_year_end(newest) == cal.own_labels[newest], (cik, when, newest)
    assert PIT.known_on(facts, date(2026, 7, 1)).calendar.labels == facts.calendar.labels


def test_nvidia_labels_of_the_year_ending_2014_01_26_follow_its_newest_10k_of_each_date(corpus_facts):
    # FY2013 in its own 10-K 0001045810-14-000030 (filed 2014-03-13), which stays the newest until
    # 0001045810-15-000036 (filed 2015-03-12, the year ending 2015-01-25 tagged FY2015); FY2014 from then on.
    nvda = corpus_facts[NVDA]
    got = {when: PIT.known_on(nvda, when).calendar.label_for_year_end(date(2014, 1, 26)) for when in LABEL_DATES[8:]}
    assert {when: label for when, label in got.items() if when < date(2015, 3, 12)} == {
        date(2014, 3, 15): 2013,
        date(2014, 9, 15): 2013,
    }
    assert {label for when, label in got.items() if when >= date(2015, 3, 12)} == {2014}


def test_snowflake_quarters_known_before_its_first_10k_are_labelled_by_its_10q_and_say_so(sec):
    # Snowflake's first periodic report is the 10-Q 0001640147-20-000023 (filed 2020-12-03, fy=2021 fp=Q3): the
    # quarter 2020-08-01 to 2020-10-31 (159,624,000) is Q3 FY2021, its comparative 2019-08-01 to 2019-10-31
    # (73,012,000) Q3 FY2020. Its first 10-K, 0001640147-21-000073, was filed 2021-03-31.
    r = get_financial_concept("1640147", "revenue", period="quarterly", as_of="2021-01-15")
    got = {v.end: (v.fiscal_year, v.fiscal_period, v.value) for v in r.values}
    assert got[date(2020, 10, 31)] == (2021, "Q3", 159_624_000)
    assert got[date(2019, 10, 31)] == (2020, "Q3", 73_012_000)
    assert any("10-Q 0001640147-20-000023" in n and "no annual report" in n for n in r.notes), r.notes
    after = get_financial_concept("1640147", "revenue", period="quarterly", as_of="2021-04-01")
    assert {v.end: (v.fiscal_year, v.fiscal_period) for v in after.values}[date(2020, 10, 31)] == (2021, "Q3")
    assert not any("0001640147-20-000023" in n for n in after.notes)


def test_tesla_quarters_known_before_its_first_xbrl_10k_are_labelled_by_its_10q(sec):
    # Tesla's first 10-K with XBRL facts is 0001193125-12-081990 (filed 2012-02-27); as known on 2011-12-31 its
    # newest report is the 10-Q 0001193125-11-308489 (fy=2011 fp=Q3, the quarter 2011-07-01 to 2011-09-30).
    r = get_financial_concept("1318605", "revenue", period="quarterly", as_of="2011-12-31")
    got = {v.end: (v.fiscal_year, v.fiscal_period, v.accession_number) for v in r.values}
    assert got[date(2011, 9, 30)] == (2011, "Q3", "0001193125-11-308489")
    assert got[date(2010, 9, 30)][:2] == (2010, "Q3")
    assert any("10-Q 0001193125-11-308489" in n for n in r.notes)


# --- splits: per-share values known before a split are on the old basis, unflagged ---------


def test_apple_fy2019_eps_known_before_the_2020_split_is_11_89_with_the_split_named_in_a_note(sec):
    # 0000320193-19-000119 (10-K filed 2019-10-31): 11.89; the FY2020 10-K 0000320193-20-000096 (filed
    # 2020-10-30) restates it to 2.97 for the 4-for-1 split of August 2020.
    r = get_financial_concept("320193", "eps_diluted", fiscal_year=2019, as_of="2020-06-30")
    v = fy_value(r, 2019)
    assert (v.value, v.accession_number) == (11.89, "0000320193-19-000119")
    assert v.pre_split_ratio is None and not v.restated
    assert not any("pre_split_ratio" in w for w in r.warnings)
    assert any("4-for-1 stock split was first applied in a filing of 2020-10-30" in n for n in r.notes)
    assert any("revised to 2.97 on 2020-10-30 in 0000320193-20-000096" in n for n in r.notes)
    now = fy_value(get_financial_concept("320193", "eps_diluted", fiscal_year=2019), 2019)
    assert now.value == 2.97 and now.revision_kind == "stock_split"


def test_tesla_2019_eps_known_before_its_2020_split_is_unflagged_and_the_split_is_named(sec):
    # 0001564590-20-004475 (10-K filed 2020-02-13): -4.92. The 5-for-1 split of August 2020 was first applied in
    # the Q3 2020 10-Q 0001564590-20-047486 (filed 2020-10-26, 2019's nine months -1.11); the FY2019 figure
    # itself was restated (-0.98) only in the FY2020 10-K 0001564590-21-004599 (filed 2021-02-08).
    r = get_financial_concept("1318605", "eps_diluted", fiscal_year=2019, as_of="2020-06-30")
    v = fy_value(r, 2019)
    assert (v.value, v.accession_number, v.pre_split_ratio) == (-4.92, "0001564590-20-004475", None)
    assert any(
        "5-for-1 stock split was first applied in a filing of 2020-10-26 (0001564590-20-047486)" in n for n in r.notes
    )


def test_tesla_2019_eps_known_after_the_split_was_first_applied_is_flagged_pre_split(sec):
    # As known on 2020-12-31 the 10-Q 0001564590-20-047486 had restated other 2019 periods for the split, so
    # FY2019's -4.92 (not restated until 2021-02-08) is on the old basis: pre_split_ratio 5, as known then.
    r = get_financial_concept("1318605", "eps_diluted", fiscal_year=2019, as_of="2020-12-31")
    v = fy_value(r, 2019)
    assert (v.value, v.pre_split_ratio) == (-4.92, 5)
    assert not any("5-for-1 stock split was first applied" in n for n in r.notes)
    assert any("revised to -0.98 on 2021-02-08 in 0001564590-21-004599" in n for n in r.notes)


def test_nvidia_share_count_as_known_after_its_2021_split_names_no_later_4_for_1_and_dates_the_10_for_1_by_its_eps(
    sec,
):
    # The 4-for-1 split of July 2021 first shows in the EPS of the 10-Q 0001045810-21-000131 (filed 2021-08-20),
    # whose cover-page count, 2,500,000,000 at 2021-08-13, is already on the new basis; the count series itself
    # is first restated in the 10-K 0001045810-22-000036 (2022-03-18). The 10-for-1 of June 2024 first shows in
    # the 10-Q 0001045810-24-000264 (filed 2024-08-28), not in the 10-K 0001045810-25-000023 (2025-02-26).
    r = get_financial_concept("1045810", "shares_outstanding", period="all", as_of="2021-12-01")
    v = next(v for v in r.values if v.end == date(2021, 8, 13))
    assert (v.value, v.accession_number) == (2_500_000_000, "0001045810-21-000131")
    splits = [n for n in r.notes if "stock split was first applied" in n]
    assert splits == [
        "A 10-for-1 stock split was first applied in a filing of 2024-08-28 (0001045810-24-000264), after "
        "2021-12-01: the values here are on the share basis known on 2021-12-01, not adjusted for it."
    ]
    # in effect by the date, not yet restated in the count series, whose own figures jump 4x across it: the values
    # from before it (623,000,000 at 2021-05-21, 0001045810-21-000064) are flagged, as they are without --as-of
    old = next(v for v in r.values if v.end == date(2021, 5, 21))
    assert (old.value, old.accession_number, old.pre_split_ratio) == (623_000_000, "0001045810-21-000064", 4)
    assert v.pre_split_ratio is None
    assert any("2021-05-21 (4-for-1 since)" in n for n in r.notes + r.warnings), r.warnings
    before = get_financial_concept("1045810", "shares_outstanding", period="all", as_of="2021-06-01")
    assert any(
        "4-for-1 stock split was first applied in a filing of 2021-08-20 (0001045810-21-000131), after 2021-06-01" in n
        for n in before.notes
    )


# --- the property: nothing returned with as_of D was filed after D -------------------------


@pytest.fixture(scope="module")
def corpus_facts(module_client):
    return {cik: load_company_facts(module_client, cik) for cik in CORPUS_CIKS}


CONCEPTS = ("revenue", "net_income", "eps_diluted", "total_assets", "operating_income")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cik=st.sampled_from(CORPUS_CIKS),
    concept=st.sampled_from(CONCEPTS),
    when=st.dates(min_value=date(2009, 6, 1), max_value=date(2026, 6, 30)),
    period=st.sampled_from(["annual", "quarterly", "all"]),
)
def test_no_value_returned_as_known_on_a_date_was_filed_after_it(
    module_client, corpus_facts, cik, concept, when, period
):
    from edgar_cli.xbrl.answer import answer_as_of
    from edgar_cli.xbrl.records import CompanyRefRecord

    facts = corpus_facts[cik]
    ref = CompanyRefRecord(cik=f"{cik:010d}", name=facts.name)
    try:
        r = answer_as_of(ref, lookup(concept), facts, None, period, 200, when)
    except EdgarError as exc:
        assert exc.code == "not_found" and exc.extras.get("as_of") == when.isoformat()
        return
    assert r.as_of == when
    for v in r.values:
        assert v.filed <= when, (cik, concept, v)
        assert v.original_filed is None or v.original_filed <= when
        assert all(e.filed <= when for e in v.suspected_errors)


def test_the_point_in_time_summary_is_kept_in_the_cache_and_read_by_the_next_process(
    mirror, tmp_path_factory, monkeypatch
):
    from support import client_over

    from edgar_cli.sec import companyfacts as CF

    clients = client_over(mirror.url, tmp_path_factory)
    first = next(clients)
    facts = load_company_facts(first, AAPL)
    known = CF.known_on(first, facts, date(2010, 1, 24))
    assert first.cache_get(f"facts-pit{PIT.SUMMARY_FORMAT}:0000320193", None) is not None
    # the next process: a new client on the same cache dir, facts from the cache, the summary from beside them
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    second = SecClient(Settings.from_env())
    again = load_company_facts(second, AAPL)
    assert again is not facts

    def no_pass(_facts):
        raise AssertionError("the summary was made again instead of read from the cache")

    monkeypatch.setattr(PIT, "calendar_votes", no_pass)  # the pass over every row makes the votes
    assert (again.origin, again.fetched_at) == ("cache", facts.fetched_at)  # the clock is pinned
    view = CF.known_on(second, again, date(2010, 1, 24))
    assert view.calendar.to_plain() == known.calendar.to_plain()
    assert (
        fy_value(
            get_financial_concept("320193", "revenue", fiscal_year=2009, as_of="2010-01-24", client=second), 2009
        ).value
        == 36_537_000_000
    )


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cik=st.sampled_from(CORPUS_CIKS),
    statement=st.sampled_from(["income", "balance", "cashflow"]),
    when=st.dates(min_value=date(2009, 6, 1), max_value=date(2026, 6, 30)),
    period=st.sampled_from(["annual", "quarterly"]),
)
def test_no_statement_cell_as_known_on_a_date_was_filed_after_it(module_sec, cik, statement, when, period):
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    try:
        r = get_financial_statement(str(cik), statement, period=period, as_of=when.isoformat(), client=module_sec)
    except EdgarError as exc:
        assert exc.code == "not_found"
        return
    assert r.as_of == when
    for row in r.rows:
        for c in row.cells:
            for v in [c.fact, *c.inputs]:
                if v is not None:
                    assert v.filed <= when and (v.original_filed is None or v.original_filed <= when), (cik, v)


def test_a_report_filed_by_the_date_that_the_facts_do_not_reach_is_named_as_known_then(sec):
    # Tesla's facts here end at 2022-09-30 (0000950170-22-019867); its FY2022 10-K 0000950170-23-001409 was filed
    # 2023-01-31: as known on 2023-06-01 the year's figures were in that filing, which the refusal names; as known
    # on 2023-01-15 it had not been filed, and is not named
    after = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2022, as_of="2023-06-01")
    assert "As known on 2023-06-01" in after.message and "0000950170-23-001409" in after.message
    before = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2022, as_of="2023-01-15")
    assert "0000950170-23-001409" not in before.message
    # a year whose report was not filed by the date names no report at all, least of all today's latest
    # (the FY2025 10-K 0001628280-26-003952, filed 2026-01-29; found by a second reviewer)
    unfiled = refusal(get_financial_concept, "TSLA", "revenue", fiscal_year=2023, as_of="2023-06-01")
    assert "0001628280-26-003952" not in unfiled.message and "filed 2026" not in unfiled.message


def test_an_answer_as_known_on_a_date_warns_that_the_facts_end_before_the_latest_report_filed_by_then(sec):
    # Tesla's facts here end at 2022-09-30 (0000950170-22-019867). As known on 2023-06-01 its latest periodic
    # report was the 10-Q for the quarter ending 2023-03-31, 0000950170-23-013890 (filed 2023-04-24): the warning
    # names it, as the answer without as_of names today's latest, and names no report filed after the date.
    r = get_financial_concept("TSLA", "revenue", as_of="2023-06-01")
    gaps = [w for w in r.warnings if "XBRL facts end at 2022-09-30" in w]
    assert len(gaps) == 1 and "0000950170-23-013890" in gaps[0] and "filed 2023-04-24" in gaps[0], r.warnings
    assert not any(a in " ".join(r.warnings + r.notes) for a in ("0000950170-23-033872", "0001628280-26-003952"))
    # as known on 2022-12-01 the 10-Q of 2022-10-24 (0000950170-22-019867) was the latest, and is in the facts
    early = get_financial_concept("TSLA", "revenue", as_of="2022-12-01")
    assert not any("XBRL facts end" in w for w in early.warnings), early.warnings


@pytest.mark.parametrize("fy", [None, 2016])
def test_a_tag_first_used_after_the_date_is_said_to_be_first_reported_later_with_the_tag_used_then(sec, fy):
    # Apple first reported us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax in the 10-Q
    # 0000320193-19-000010 (filed 2019-01-30); on 2017-06-01 its net sales were us-gaap:SalesRevenueNet (last in
    # 0000320193-18-000100), which the catalogue's revenue reads. Neither "no value" as if never reported nor an
    # earlier fiscal year (which has no such tag either) is the answer.
    tag = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    err = refusal(get_financial_concept, "AAPL", tag, fiscal_year=fy, as_of="2017-06-01")
    assert err.code == "not_found"
    assert "first reported" in err.message and "2019-01-30" in err.message and "0000320193-19-000010" in err.message
    assert "reports no value" not in err.message
    assert "earlier fiscal year" not in err.suggestion
    assert "us-gaap:SalesRevenueNet: ask for revenue" in err.suggestion
    # a later date helps only where the values asked exist: the annual ones from the 10-K 0000320193-19-000119
    # (filed 2019-10-31); no filing reports FY2016 under the tag
    assert ("from 2019-10-31 on" in err.suggestion) == (fy is None)
    assert (err.extras["tag_first_filed"], err.extras["tag_first_accession"]) == ("2019-01-30", "0000320193-19-000010")


def test_a_year_not_over_on_the_date_as_labelled_then_is_said_once_to_be_not_yet_reported_with_its_later_10k(sec):
    # As known on 2013-01-01 NVIDIA's newest 10-K (0001045810-12-000013, filed 2012-03-13) labelled the year ending
    # 2012-01-29 FY2011, so FY2012 is the year ending 2013-01-27, not over then; its 10-K 0001045810-13-000008 was
    # filed 2013-03-12. The year ending 2012-01-29 (FY2012 by today's labels) is another year: not offered as if
    # it answered the question.
    err = refusal(get_financial_concept, "NVDA", "revenue", fiscal_year=2012, as_of="2013-01-01")
    assert "not yet reported as of 2013-01-01" in err.message and "2013-01-27" in err.message
    assert "0001045810-13-000008" in err.message and "2013-03-12" in err.message
    assert "filed by then" not in err.message and "under another label" not in err.message
    assert "0001045810-12-000013" not in err.message.split("not yet reported")[1]
    assert (err.extras["first_filed"], err.extras["first_accession"]) == ("2013-03-12", "0001045810-13-000008")
    assert "2013-03-12" in err.suggestion


def test_a_fiscal_year_label_the_annual_reports_known_then_give_two_years_is_answered_with_the_conflict_said(sec):
    # As known on 2011-06-01 NVIDIA's two 10-Ks disagree: 0001045810-10-000006 (filed 2010-03-18) labels the year
    # ending 2010-01-31 FY2010 (3,326,445,000); the newest, 0001045810-11-000015 (filed 2011-03-16), labels the
    # year ending 2011-01-30 FY2010 too (3,543,309,000). The answer follows the newest and says the other, with
    # its figure's year, rather than passing the newest report's label for the only reading.
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2010, as_of="2011-06-01")
    v = fy_value(r, 2010)
    assert (v.value, v.end, v.accession_number) == (3_543_309_000, date(2011, 1, 30), "0001045810-11-000015")
    told = [w for w in r.warnings if "ambiguous" in w]
    assert len(told) == 1 and "0001045810-10-000006" in told[0] and "2010-01-31" in told[0], r.warnings
    # a label its reports agree on is not called ambiguous (as known on 2016-06-30 FY2016 is the year to 2016-01-31)
    assert not any(
        "ambiguous" in w for w in get_financial_concept("NVDA", "revenue", 2016, as_of="2016-06-30").warnings
    )


def test_compare_and_statement_refuse_a_year_not_over_on_the_date_as_concept_does(sec):
    # NVIDIA's FY2012 as known on 2013-01-01 (labels of its newest 10-K, 0001045810-12-000013): the year ending
    # 2013-01-27, first filed 2013-03-12 in 0001045810-13-000008; not the year to 2012-01-29 of today's labels.
    from edgar_cli.capabilities.compare.compare import compare_companies
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    r = compare_companies("revenue", ["1045810", "320193"], fiscal_year=2012, as_of="2013-01-01")
    (nvidia,) = r.unavailable
    e = refusal(get_financial_statement, "1045810", "income", fiscal_year=2012, as_of="2013-01-01", client=sec)
    for reason in (nvidia.reason, e.message):
        assert "not yet reported as of 2013-01-01" in reason and "0001045810-13-000008" in reason, reason
        assert "under another label" not in reason


# --- a later revision named as the series engine names it (xbrl/series.py, restatements.py, suspects.py) ----


def _period_value(values, start, end):
    return next(v for v in values if str(v.start) == str(start) and str(v.end) == end)


def _note_of(notes, as_of, start, end):
    """The later-revision note of the value for start..end (start None: a balance at end)."""
    span = f"{start} to {end}" if start else f"at {end}"
    hits = [n for n in notes if n.startswith(f"After {as_of}:") and f"({span})" in n]
    assert len(hits) <= 1, hits
    return hits[0] if hits else None


# (company, concept, fiscal year, as_of, start, end, kind today, words the note must carry)
ENGINE_NAMED = [
    # NVIDIA's Q4 FY2015 cost of revenue: 550,911,000 in the 10-K 0001045810-15-000036, 552,000,000 in the 10-K
    # 0001045810-16-000205, whose quarters 499 + 484 + 548 + 552 million foot to its year's 2,083 million: a
    # rounding, no revision to name
    ("1045810", "us-gaap:CostOfRevenue", 2015, "2015-06-01", "2014-10-27", "2015-01-25", "precision_change", None),
    # Tesla's stock issued in acquisitions for Q3 2019: 1,000,000 in the 10-Q 0001564590-19-038256 beside
    # 78,000,000 of new issues; 79,000,000 in the 10-Q 0001564590-20-047486, which no longer reports new issues
    (
        "1318605",
        "us-gaap:StockIssuedDuringPeriodValueAcquisitions",
        2019,
        "2019-12-01",
        "2019-07-01",
        "2019-09-30",
        "reclassification",
        "the later figure is the first plus us-gaap:StockIssuedDuringPeriodValueNewIssues (78,000,000 in "
        "0001564590-19-038256), which 0001564590-20-047486 no longer reports for this period: the two lines were "
        "combined",
    ),
    # Tesla's interest expense for the six months to 2013-06-30: -20,234,000 in the 10-Q 0001193125-13-327916,
    # 20,234,000 in the 10-Q 0001193125-14-303175: the sign reversed in the first
    (
        "1318605",
        "us-gaap:InterestExpense",
        2013,
        "2013-09-01",
        "2013-01-01",
        "2013-06-30",
        "suspected_tagging_error",
        "0001193125-13-327916 (10-Q, filed 2013-08-09) reported -20,234,000 for this period, the sign reversed",
    ),
    # Apple's other financing cash flows for FY2021: -129,000,000 in the 10-K 0000320193-21-000105, 976,000,000 in
    # the 10-K 0000320193-22-000108, which no longer reports the 1,105,000,000 of common stock issued
    (
        "320193",
        "us-gaap:ProceedsFromPaymentsForOtherFinancingActivities",
        2021,
        "2022-01-01",
        "2020-09-27",
        "2021-09-25",
        "reclassification",
        "us-gaap:ProceedsFromIssuanceOfCommonStock (1,105,000,000 in 0000320193-21-000105)",
    ),
    # NVIDIA's common stock par value at 2012-01-29: 0.01 in the 10-K 0001045810-12-000013, 0.001 in the 10-K
    # 0001045810-13-000008 and at every other date: not a 10-for-1 split
    (
        "1045810",
        "us-gaap:CommonStockParOrStatedValuePerShare",
        None,
        "2012-06-01",
        None,
        "2012-01-29",
        "suspected_tagging_error",
        "A par value is set by the charter, not by results: a suspected tagging error in 0001045810-12-000013",
    ),
]


@pytest.mark.parametrize(("cik", "concept", "fy", "as_of", "start", "end", "kind", "words"), ENGINE_NAMED)
def test_a_later_revision_is_named_as_known_on_a_date_as_the_series_engine_names_it_today(
    sec, cik, concept, fy, as_of, start, end, kind, words
):
    today = _period_value(
        get_financial_concept(cik, concept, fiscal_year=fy, period="all", limit=200).values, start, end
    )
    assert today.revision_kind == kind  # the engine's word for the revision, without --as-of
    then = get_financial_concept(cik, concept, fiscal_year=fy, period="all", limit=200, as_of=as_of)
    v = _period_value(then.values, start, end)
    assert (v.value, v.accession_number) == (today.original_value, today.original_accession)
    note = _note_of(then.notes, as_of, start, end)
    if kind == "precision_change":
        assert note is None, note
        return
    assert note is not None, then.notes
    assert f"in {today.accession_number} ({today.form}; {kind.replace('_', ' ')})" in note, note
    assert words in note, note


def test_two_tags_a_later_filing_exchanged_are_named_as_known_on_a_date_as_a_suspected_filer_error(sec):
    # NVIDIA's weighted-average exercise prices for FY2010: options granted 11.50 in the 10-K 0001045810-11-000015,
    # 5.74 in the 10-K 0001045810-12-000013, which put each of granted and exercised on the other's tag
    tag = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodWeightedAverageExercisePrice"
    r = get_financial_concept("NVDA", tag, period="all", limit=200, as_of="2011-06-01")
    note = next(n for n in r.notes if "11.5 was revised to 5.74" in n)
    assert "in 0001045810-12-000013 (10-K; suspected tagging error)" in note, note
    assert "exchanged their figures" in note and "restatement)" not in note


def test_a_table_whose_tags_were_first_used_after_the_date_says_they_were_first_reported_later(sec):
    # As concept does (above): Apple first reported us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax in
    # the 10-Q 0000320193-19-000010 (filed 2019-01-30); on 2017-06-01 it reported net sales as
    # us-gaap:SalesRevenueNet, which the catalogue's revenue reads.
    from edgar_cli.capabilities.statement.statement import get_financial_series

    tag = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    err = refusal(get_financial_series, "AAPL", [tag], fiscal_year="2016..2017", as_of="2017-06-01", client=sec)
    assert err.code == "not_found"
    assert "first reported later, on 2019-01-30 in 0000320193-19-000010" in err.message, err.message
    assert (err.extras["tag_first_filed"], err.extras["tag_first_accession"]) == ("2019-01-30", "0000320193-19-000010")
    assert "us-gaap:SalesRevenueNet: ask for revenue" in err.suggestion
    assert "earlier fiscal year" not in err.suggestion


def test_a_statement_asked_before_the_company_first_filed_xbrl_says_when_its_tags_were_first_reported(sec):
    # Apple's first XBRL report is the 10-Q 0001193125-09-153165 (filed 2009-07-22; its cost of sales as
    # us-gaap:CostOfGoodsAndServicesSold); its first annual one the 10-K 0001193125-09-214859 (filed 2009-10-27)
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    err = refusal(get_financial_statement, "320193", "income", as_of="2009-06-01", client=sec)
    assert "first reported later, on 2009-07-22 in 0001193125-09-153165 (10-Q)" in err.message, err.message
    assert "first filed 2009-10-27 in 0001193125-09-214859" in err.message
    assert "more)" in err.message  # a statement's many tags are not all listed
    assert err.extras["tag_first_accession"] == "0001193125-09-153165"


def test_compare_and_a_series_table_name_a_later_revision_as_concept_does(sec):
    # Apple's other financing cash flows for FY2021: -129,000,000 in the 10-K 0000320193-21-000105, 976,000,000 in
    # the 10-K 0000320193-22-000108 with the 1,105,000,000 of common stock issued combined into it
    from edgar_cli.capabilities.compare.compare import compare_companies
    from edgar_cli.capabilities.statement.statement import get_financial_series

    tag, when = "us-gaap:ProceedsFromPaymentsForOtherFinancingActivities", "2022-01-01"
    compared = compare_companies(tag, ["320193", "1045810"], fiscal_year=2021, as_of=when)
    apple = next(r for r in compared.rows if r.cik == "0000320193")
    table = get_financial_series("320193", [tag], fiscal_year="2020..2021", as_of=when, client=sec)
    for notes in (apple.notes, table.rows[0].notes):
        note = _note_of(notes, when, "2020-09-27", "2021-09-25")
        assert note is not None and "in 0000320193-22-000108 (10-K; reclassification)" in note, notes
        assert "us-gaap:ProceedsFromIssuanceOfCommonStock (1,105,000,000 in 0000320193-21-000105)" in note


def test_a_value_revised_twice_after_the_date_has_each_step_classified_on_its_own():
    # hand-written: 100,250,000 (filed 2019-02-15), 120,500,000 (10-K/A, 2019-08-01), 95,000,000 (2020-02-14); the
    # engine describes only the first to the last, so each step is named by its own classification
    rows = [*EXAMPLE["us-gaap:Revenues"]["USD"], _row(95_000_000, "0000000001-20-000002", "2020-02-14", form="10-K/A")]
    facts = _facts({"us-gaap:Revenues": {"USD": rows}})
    when = date(2019, 7, 31)
    values = build_series(PIT.known_on(facts, when), lookup("us-gaap:Revenues")).values
    (note,) = PIT.later_revisions(facts, [v for v in values if v.end == date(2018, 12, 31)], when)
    assert note == (
        "After 2019-07-31: FY2018 (2018-01-01 to 2018-12-31) 100,250,000 was revised to 120,500,000 on 2019-08-01 "
        "in 0000000001-19-000009 (10-K/A; restatement), then revised to 95,000,000 on 2020-02-14 in "
        "0000000001-20-000002 (10-K/A; restatement)."
    )


# --- the third review's defects -----------------------------------------------------------


def test_a_convenience_translation_re_translated_at_a_later_rate_is_not_named_a_restatement_as_of_a_date(sec):
    # TSMC's FY2018 cash: 18,876,700,000 USD in the 20-F 0001193125-19-108390 (filed 2019-04-17), 19,318,400,000
    # USD in the 20-F 0001193125-20-107579 (filed 2020-04-15) at that filing's rate; TWD 577,814,600,000 in both.
    r = get_financial_concept("1046179", "cash", fiscal_year=2018, unit="USD", as_of="2020-01-01")
    v = fy_value(r, 2018)
    assert (v.value, v.accession_number) == (18_876_700_000, "0001193125-19-108390")
    assert not any("restatement" in n and "19,318,400,000" in n for n in r.notes), r.notes
    assert not any("revised to 19,318,400,000" in n for n in r.notes), r.notes
    twd = get_financial_concept("1046179", "cash", fiscal_year=2018, unit="TWD", as_of="2020-01-01")
    assert fy_value(twd, 2018).value == 577_814_600_000
    assert not any("revised to" in n for n in twd.notes), twd.notes


@pytest.mark.parametrize(
    ("cik", "concepts", "years", "when", "said"),
    [
        # Apple's 7-for-1 of 2014: first applied in the 10-Q 0001193125-14-277160 (filed 2014-07-23)
        (
            "320193",
            ["eps_diluted"],
            "2011..2013",
            "2014-03-01",
            "A 7-for-1 stock split was first applied in a filing of 2014-07-23 (0001193125-14-277160), after 2014-03-01",
        ),
        (
            "320193",
            ["revenue", "net_income", "eps_basic", "eps_diluted"],
            "2011..2013",
            "2014-03-01",
            "A 7-for-1 stock split was first applied in a filing of 2014-07-23 (0001193125-14-277160), after 2014-03-01",
        ),
        # LPA's recapitalisation (weighted shares 168,142,740 -> 28,600,000, 5.88; its EPS flags 1-for-6): first
        # applied in the 20-F 0001997711-25-000030 (filed 2025-04-02)
        (
            "1997711",
            ["eps_diluted"],
            "2021..2023",
            "2024-06-01",
            "A 1-for-5.88 share exchange or recapitalisation (not a split) was first applied in a filing of 2025-04-02 "
            "(0001997711-25-000030), after 2024-06-01",
        ),
    ],
)
def test_a_series_table_as_of_a_date_names_a_split_first_applied_after_it_once_as_concept_does(
    sec, cik, concepts, years, when, said
):
    from edgar_cli.capabilities.statement.statement import get_financial_series

    table = get_financial_series(cik, concepts, fiscal_year=years, as_of=when, client=sec)
    assert sum(said in n for n in table.notes) == 1, table.notes
    assert not any(said in n for row in table.rows for n in row.notes)
    one = get_financial_concept(cik, "eps_diluted", fiscal_year=int(years[-4:]), as_of=when)
    assert any(said in n for n in one.notes)


def test_a_statement_row_none_of_whose_tags_were_reported_by_the_date_says_so_of_the_date(sec):
    # Apple's income statement as known on 2010-01-24 (its FY2009 10-K 0001193125-09-214859): no interest-expense
    # tag had been reported by then; said of that date, not as if the company never reports one.
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    table = get_financial_statement("320193", "income", fiscal_year=2009, as_of="2010-01-24", client=sec)
    row = next(r for r in table.rows if r.label == "Interest expense")
    assert not row.reported
    reason = row.cells[0].reason or ""
    assert reason.startswith("the company had reported none of its tags (us-gaap:InterestExpense"), reason
    assert reason.endswith("by 2010-01-24"), reason
    assert any(n.startswith("Not reported by this company by 2010-01-24") for n in table.notes), table.notes
    now = get_financial_statement("320193", "income", fiscal_year=2009, client=sec)
    assert all("had reported" not in (c.reason or "") for r in now.rows for c in r.cells)


@pytest.mark.parametrize(
    ("concept", "suspect", "first"),
    [("revenue", 2_230_000_000, 4_167_000_000), ("net_income", 583_000_000, 1_091_000_000)],
)
def test_a_figure_known_on_a_date_that_is_a_sub_period_figure_on_file_then_is_a_suspected_error_not_a_restatement(
    sec, concept, suspect, first
):
    # NVIDIA's six months to 2017-07-30: the 10-Q 0001045810-17-000123 (filed 2017-08-23) reports `first` and, for
    # the quarter inside them, `suspect`; the 10-K 0001045810-18-000010 (filed 2018-02-28) tags `suspect` as the
    # six months. On 2018-03-01 that was on file (the revert in 0001045810-18-000114 was filed 2018-08-16).
    r = get_financial_concept("NVDA", concept, fiscal_year=2018, period="all", as_of="2018-03-01")
    v = next(v for v in r.values if str(v.end) == "2017-07-30" and v.days and v.days > 150)
    assert (v.value, v.accession_number, v.original_value) == (suspect, "0001045810-18-000010", first)
    assert v.revision_kind == "suspected_tagging_error"
    assert [e.accession_number for e in v.suspected_errors] == ["0001045810-18-000010"]
    assert "the figure of 2017-05-01..2017-07-30" in v.suspected_errors[0].reason
    assert "the filings before and after it" not in v.suspected_errors[0].reason


def test_a_share_count_known_on_a_date_a_split_on_file_then_had_overtaken_is_flagged_pre_split(sec):
    # NVIDIA's 10-for-1 split: its 10-Q 0001045810-24-000264 (filed 2024-08-28) reports a cover-page count of
    # 24,530,000,000 at 2024-08-23 and EPS on the new basis; the count of 2,500,000,000 at 2024-02-16 (the 10-K
    # 0001045810-24-000029) predates it, as it does without --as-of.
    r = get_financial_concept("NVDA", "shares_outstanding", fiscal_year=2024, as_of="2024-08-28")
    v = next(v for v in r.values if str(v.end) == "2024-02-16")
    assert (v.value, v.accession_number, v.pre_split_ratio) == (2_500_000_000, "0001045810-24-000029", 10)
    before = get_financial_concept("NVDA", "shares_outstanding", fiscal_year=2024, as_of="2024-08-27")
    assert next(v for v in before.values if str(v.end) == "2024-02-16").pre_split_ratio is None


def test_a_concept_not_reported_by_the_date_is_said_in_the_past_of_the_date(sec):
    # Apple first reported its debt in the 10-Q 0001193125-13-300670 (filed 2013-07-24): on 2012-03-01 it had
    # reported none, which "reports no value" (today) would deny.
    err = refusal(get_financial_concept, "AAPL", "total_debt", as_of="2012-03-01")
    assert "reports no value" not in err.message, err.message
    assert "had reported no value for total_debt" in err.message and "by 2012-03-01" in err.message, err.message
    tried = {t.tag: t.detail for t in err.extras["tags_tried"]}
    assert tried["us-gaap:LongTermDebt"].startswith("the company had not reported this tag by 2012-03-01"), tried


def test_a_tag_first_reported_after_the_date_is_not_said_to_be_never_reported(sec):
    # us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax: first in Apple's 10-Q 0000320193-19-000010
    # (filed 2019-01-30)
    r = get_financial_concept("AAPL", "revenue", fiscal_year=2009, as_of="2010-01-24")
    t = next(t for t in r.tags_tried if t.tag == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax")
    assert t.detail == (
        "the company had not reported this tag by 2010-01-24 (first reported 2019-01-30 in 0000320193-19-000010)"
    ), t.detail


def test_a_company_with_no_aligned_year_by_the_date_is_said_in_the_past_of_the_date(sec):
    # TSMC's 20-F for 2019 (0001193125-20-107579) was filed 2020-04-15, after 2020-03-01
    from edgar_cli.capabilities.compare.compare import compare_companies

    r = compare_companies("revenue", ["NVDA", "TSM", "AAPL"], fiscal_year=2019, align="nearest", as_of="2020-03-01")
    tsm = next(u for u in r.unavailable if u.query == "TSM")
    assert "reports no fiscal year" not in tsm.reason, tsm.reason
    assert "had reported no fiscal year aligned to calendar 2019" in tsm.reason and "by 2020-03-01" in tsm.reason


def test_a_later_revision_within_the_rounding_the_engine_names_a_precision_change_is_named_no_restatement(sec):
    # NVIDIA's Q3 FY2016 net income: 246,000,000 in 0001045810-15-000173, 247,000,000 in 0001045810-16-000205,
    # 246,000,000 in 0001045810-16-000353, 247,000,000 in 0001045810-17-000027: the engine calls it a rounding
    r = get_financial_concept("NVDA", "net_income", fiscal_year=2016, period="quarterly", as_of="2016-09-01")
    note = _note_of(r.notes, "2016-09-01", "2015-07-27", "2015-10-25")
    assert note is None or "restatement" not in note, note


def test_a_later_revision_after_a_suspect_figure_is_judged_against_the_figure_it_corrects(sec):
    # Apple's shares outstanding at 2013-09-28: 899,213,000 (10-K 0001193125-13-416534), 899,213 in the 10-Q
    # 0001193125-14-157311 (a scale error), 6,294,494,000 in 0001193125-14-277160 (after the 7-for-1 split)
    r = get_financial_concept("AAPL", "shares_outstanding", fiscal_year=2013, as_of="2014-03-01")
    note = _note_of(r.notes, "2014-03-01", None, "2013-09-28")
    assert "on 2014-07-23 in 0001193125-14-277160 (10-Q; stock split)" in note, note


def test_a_year_not_begun_on_the_date_suggests_the_first_date_that_answers_it(sec):
    # NVIDIA's FY2015 (the year ending 2015-01-25) was first filed in the 10-K 0001045810-15-000036 on
    # 2015-03-12, which labels it FY2015: the first date the question answers, not 2016-03-17
    from edgar_cli.capabilities.statement.statement import get_financial_statement

    err = refusal(get_financial_statement, "NVDA", "income", fiscal_year="2015", as_of="2014-06-30", client=sec)
    assert "from 2015-03-12 on" in err.suggestion, err.suggestion
    assert "0001045810-15-000036" in err.message, err.message
    assert get_financial_statement("NVDA", "income", fiscal_year="2015", as_of="2015-03-12", client=sec).rows


def test_a_year_of_a_range_over_but_not_yet_filed_on_the_date_names_its_first_filing(sec):
    # Apple's FY2020 ended 2020-09-26; its 10-K 0000320193-20-000096 was filed 2020-10-30, after 2020-10-01
    from edgar_cli.capabilities.statement.statement import get_financial_series

    r = get_financial_series(
        "AAPL", ["revenue", "net_income"], fiscal_year="2019..2020", as_of="2020-10-01", client=sec
    )
    assert "No values for FY2020." not in r.notes, r.notes
    note = next(n for n in r.notes if n.startswith("FY2020 "))
    assert "ended 2020-09-26" in note and "first filed 2020-10-30 in 0000320193-20-000096" in note, note


def test_a_filings_part_in_the_calendar_follows_its_form_for_each_kind_of_form():
    """xbrl/periods.calendar_votes on hand-written rows (a guard for its per-form table): an annual report and its
    amendment vote their fy, a 20-F too; a 10-Q's year-long duration is no primary span of it and it votes no fy, but
    its six-month duration gives its year's start; an 8-K's durations have no report length, so each is primary."""
    from edgar_cli.xbrl.periods import calendar_votes

    def row(start, end, accn, fy, fp, form):
        return (start, end, 1, accn, fy, fp, form, "2024-03-01", None)

    rows = [
        row("2023-01-30", "2024-01-28", "k", 2024, "FY", "10-K"),
        row("2023-10-30", "2024-01-28", "k", 2024, "FY", "10-K"),  # a quarter inside the 10-K: not its length
        row(None, "2024-01-28", "k", 2024, "FY", "10-K"),
        row("2023-01-30", "2024-01-28", "ka", 2024, "FY", "10-K/A"),
        row("2023-01-01", "2023-12-31", "f", 2023, "FY", "20-F"),
        row("2023-01-30", "2023-07-30", "q", 2024, "Q2", "10-Q"),  # six months: the year's start
        row("2023-04-30", "2023-07-30", "q", 2024, "Q2", "10-Q"),
        row("2022-07-31", "2023-07-30", "q", 2024, "Q2", "10-Q"),  # a trailing year in a 10-Q
        row("2023-01-30", "2024-01-28", "e", 2024, "FY", "8-K"),
        row("2023-10-30", "2024-01-28", "e", 2024, "FY", "8-K"),
    ]
    votes = calendar_votes({"us-gaap:Revenues": {"label": "Revenue", "units": {"USD": rows}}})
    ends, spans, fy_votes, form, annual_ends, seq, focus, ytd = votes["k"]
    assert ends == {"2024-01-28": 3} and spans == {"2024-01-28": (True, 364, "2023-01-30")}
    assert (fy_votes, form, annual_ends, seq, focus, ytd) == (
        {"2024-01-28": {2024: 1}},
        "10-K",
        ["2024-01-28"],
        0,
        None,
        {},
    )
    assert votes["ka"][2:6] == ({"2024-01-28": {2024: 1}}, "10-K/A", ["2024-01-28"], 1)
    assert votes["f"][2:6] == ({"2023-12-31": {2023: 1}}, "20-F", ["2023-12-31"], 2)
    ends, spans, fy_votes, form, annual_ends, seq, focus, ytd = votes["q"]
    assert spans == {"2023-07-30": (True, 92, "2023-04-30")}  # the quarter, not the longer year
    assert (fy_votes, form, annual_ends, seq, focus, ytd) == (
        {},
        None,
        ["2023-07-30"],
        -1,
        (2024, "Q2"),
        {"2023-07-30": "2023-01-30"},
    )
    ends, spans, fy_votes, form, annual_ends, seq, focus, ytd = votes["e"]
    assert spans == {"2024-01-28": (True, 364, "2023-01-30")}  # no report length: both primary, the longer wins
    assert (fy_votes, form, annual_ends, seq, focus, ytd) == ({}, None, [], -1, None, {})

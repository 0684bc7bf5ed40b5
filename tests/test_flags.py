"""Flags that must say only true things (issue 15, section 3), on real companyfacts from the corpus.

Every expected figure is in ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts and is named
with the accession number of the filing it comes from.
"""

from __future__ import annotations

from datetime import date

import pytest

from edgar_cli.capabilities.compare.compare import compare_companies
from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.cli.render import fmt_value
from edgar_cli.errors import EdgarError
from edgar_cli.sec.companyfacts import load_company_facts
from edgar_cli.xbrl.catalogue import lookup
from edgar_cli.xbrl.periods import build_calendar
from edgar_cli.xbrl.restatements import classify_revision, scale_factor, select
from edgar_cli.xbrl.series import build_series

NVDA, AAPL, TSM, TSLA, SNOW, LPA = 1045810, 320193, 1046179, 1318605, 1640147, 1997711
CORPUS = {"NVDA": NVDA, "AAPL": AAPL, "TSM": TSM, "TSLA": TSLA, "SNOW": SNOW, "LPA": LPA}


@pytest.fixture
def sec(module_client, isolated_env, mirror, monkeypatch):
    import stamina

    from edgar_cli.sec.client import set_client

    monkeypatch.setenv("EDGAR_MIRROR", mirror.url)  # for the CLI runs, which build their own client
    stamina.set_testing(True, attempts=2)
    set_client(module_client)
    yield module_client
    stamina.set_testing(False)


def period(series, start, end):
    hits = [v for v in series.values if str(v.start) == str(start) and str(v.end) == end]
    assert len(hits) == 1, hits
    return hits[0]


# --- original_value is the first filed; A, B, A is the B filing's error ------------------------------


def test_tesla_q2_2014_net_income_revised_and_revised_back_keeps_the_first_filed_original(sec):
    # -61,900,000 in the Q2 2014 10-Q (0001193125-14-303175), -61,902,000 in the FY2014 10-K
    # (0001564590-15-001031), -61,900,000 again in the Q2 2015 10-Q (0001564590-15-006666).
    s = build_series(load_company_facts(sec, TSLA), lookup("net_income"))
    v = period(s, "2014-04-01", "2014-06-30")
    assert v.value == -61_900_000
    assert (v.original_value, v.original_accession) == (-61_900_000, "0001193125-14-303175")
    assert v.original_filed == date(2014, 8, 8)
    # -61,902,000 is within the 10-Q figure's rounding (hundreds of thousands): no error is alleged.
    assert v.revision_kind == "precision_change" and v.suspected_errors == []
    assert not v.restated  # the figure stands as first filed: nothing to call restated


def test_nvidia_convertible_debt_fair_value_rounded_and_back_is_not_called_restated(sec):
    # At 2014-01-26: 1,528,400,000 in the FY2014 10-K (0001045810-14-000030), 1,530,000,000 in two 10-Qs
    # (0001045810-14-000158, 0001045810-14-000188, within their rounding), 1,528,400,000 again in the FY2015 10-K
    # (0001045810-15-000036). The figure returned to its first value: a rounding in between, not a restatement.
    # A figure revised within rounding to another value (1,679,600,000 -> 1,680,000,000 at 2015-01-25) still
    # says it was revised (restated, as a precision_change).
    s = build_series(load_company_facts(sec, NVDA), lookup("us-gaap:ConvertibleDebtFairValueDisclosures"))
    v = next(v for v in s.values if str(v.end) == "2014-01-26")
    assert (v.value, v.original_value, v.original_accession) == (1_528_400_000, 1_528_400_000, "0001045810-14-000030")
    assert v.revision_kind == "precision_change" and v.suspected_errors == []
    assert not v.restated
    w = next(w for w in s.values if str(w.end) == "2015-01-25")
    assert (w.value, w.original_value, w.revision_kind, w.restated) == (
        1_680_000_000,
        1_679_600_000,
        "precision_change",
        True,
    )


def test_nvidia_ten_k_tagging_the_second_quarter_as_the_half_year_is_a_suspected_tagging_error(sec):
    # Six months to 2017-07-30: 4,167,000,000 in the Q2 FY2018 10-Q (0001045810-17-000123) and later 10-Qs;
    # 2,230,000,000 in the FY2018 10-K (0001045810-18-000010), which is the quarter 2017-05-01..07-30 alone.
    s = build_series(load_company_facts(sec, NVDA), lookup("revenue"))
    h1 = period(s, "2017-01-30", "2017-07-30")
    assert h1.value == 4_167_000_000
    assert (h1.original_value, h1.original_accession) == (4_167_000_000, "0001045810-17-000123")
    assert h1.revision_kind == "suspected_tagging_error"
    [err] = h1.suspected_errors
    assert (err.kind, err.accession_number, err.form, err.value) == (
        "tagging_error",
        "0001045810-18-000010",
        "10-K",
        2_230_000_000,
    )
    assert "2017-05-01..2017-07-30" in err.reason and "not a restatement" in err.reason
    assert period(s, "2017-05-01", "2017-07-30").value == 2_230_000_000
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2018, period="all", limit=20)
    assert any("suspected_errors" in w and "0001045810-18-000010" in w for w in r.warnings)
    assert not any("were revised after first being reported" in w and w.startswith("1 ") for w in r.warnings)


def test_a_sign_reversed_in_one_filing_and_restored_is_named_as_such(sec):
    # NVIDIA's FY2013 unrealized-gain tax: -126,000 in 0001045810-13-000008, 126,000 in the FY2014 10-K
    # (0001045810-14-000030), -126,000 again later.
    s = build_series(
        load_company_facts(sec, NVDA),
        lookup("us-gaap:OtherComprehensiveIncomeUnrealizedHoldingGainLossOnSecuritiesArisingDuringPeriodTax"),
    )
    v = period(s, "2012-01-30", "2013-01-27")
    assert v.value == -126_000 and v.revision_kind == "suspected_tagging_error"
    assert (
        v.suspected_errors[0].accession_number == "0001045810-14-000030"
        and "sign reversed" in v.suspected_errors[0].reason
    )


def test_a_real_restatement_is_still_a_restatement(sec):
    # Apple's FY2009 net income: 5,704,000,000 in 0001193125-09-214859, restated to 8,235,000,000 in the
    # 10-K/A 0001193125-10-012091 (new revenue-recognition rules), and never back.
    s = build_series(load_company_facts(sec, AAPL), lookup("net_income"))
    v = period(s, "2008-09-28", "2009-09-26")
    assert (v.value, v.original_value, v.revision_kind) == (8_235_000_000, 5_704_000_000, "restatement")
    assert v.suspected_errors == []


def test_a_one_unit_wobble_revised_back_is_rounding_not_an_error():
    rows = [
        (None, "2012-12-31", 13_013_000, "a", 0, "", "10-K", "2013-02-20", None),
        (None, "2012-12-31", 13_012_000, "b", 0, "", "10-Q", "2013-11-08", None),
        (None, "2012-12-31", 13_013_000, "c", 0, "", "10-K", "2014-02-26", None),
    ]
    sel = select(rows, "USD")  # Tesla's warranty accrual at 2012-12-31 (0001193125-13-435480 is the B)
    assert sel.revision_kind == "precision_change" and sel.suspects == [] and sel.original[3] == "a"


# --- scale errors: flagged, never fixed --------------------------------------------------------------


def test_apple_q2_2014_shares_outstanding_filed_in_thousands_is_flagged_not_fixed(sec):
    # Apple's Q2 FY2014 10-Q (0001193125-14-157311) tags CommonStockSharesOutstanding at 2014-03-29 as 861,745;
    # its own cover page gives 861,381,000 shares as of 2014-04-11.
    r = get_financial_concept("AAPL", "shares_outstanding", fiscal_year=2014, period="quarterly", limit=20)
    v = next(v for v in r.values if v.end == date(2014, 3, 29))
    assert v.value == 861_745 and v.accession_number == "0001193125-14-157311"
    [err] = v.suspected_errors
    assert err.kind == "scale" and err.accession_number == v.accession_number
    assert "861,381,000" in err.reason and "cover-page" in err.reason
    assert any("suspected_errors" in w and "the value shown" in w for w in r.warnings)
    cover = next(v for v in r.values if v.end == date(2014, 4, 11))
    assert cover.value == 861_381_000 and cover.suspected_errors == []


@pytest.mark.parametrize("concept", ["shares_outstanding", "eps_diluted", "eps_basic"])
def test_scale_flags_in_the_catalogue_share_series_of_every_corpus_company_are_only_the_known_error(sec, concept):
    flagged = set()
    for ticker, cik in CORPUS.items():
        for v in build_series(load_company_facts(sec, cik), lookup(concept)).values:
            if any(e.kind == "scale" for e in v.suspected_errors):
                flagged.add((ticker, v.end))
    assert flagged == ({("AAPL", date(2014, 3, 29))} if concept == "shares_outstanding" else set())


def test_nvidia_weighted_shares_filed_in_thousands_in_a_later_10q_are_flagged(sec):
    # Diluted weighted shares for the quarter to 2009-07-26: 546,639,000 in the Q2 FY2010 10-Q
    # (0001045810-09-000024), 546,639 in the Q2 FY2011 10-Q's comparative (0001045810-10-000029), which is
    # the latest filed and so the value shown. The same 10-Q's cover page counts 574,028,479 shares.
    s = build_series(load_company_facts(sec, NVDA), lookup("us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"))
    v = period(s, "2009-04-27", "2009-07-26")
    assert (v.value, v.accession_number, v.original_value) == (546_639, "0001045810-10-000029", 546_639_000)
    assert v.revision_kind == "suspected_tagging_error"
    assert [(e.kind, e.accession_number) for e in v.suspected_errors] == [("scale", "0001045810-10-000029")]
    assert "574,028,479" in v.suspected_errors[0].reason
    fy2025 = period(s, "2024-01-29", "2025-01-26")
    assert fy2025.suspected_errors == []


def test_a_scale_error_corrected_later_names_the_first_filing(sec):
    # Tesla's current debt at 2016-12-31: 1,114,652 in the FY2016 10-K (0001564590-17-003118), 1,114,652,000
    # in later filings, in line with the balances around it.
    s = build_series(load_company_facts(sec, TSLA), lookup("us-gaap:DebtCurrent"))
    v = next(v for v in s.values if v.end == date(2016, 12, 31))
    assert v.value == 1_114_652_000 and v.revision_kind == "suspected_tagging_error"
    assert [(e.kind, e.accession_number, e.value) for e in v.suspected_errors] == [
        ("scale", "0001564590-17-003118", 1_114_652)
    ]


def test_scale_factor_needs_the_same_digits_a_thousandfold_apart():
    assert scale_factor(546_639, 546_639_000) == 1000
    assert scale_factor(861_745, 861_744_571) == 1000
    assert scale_factor(14.49, 14_490_000) == 1_000_000
    assert scale_factor(1_000, 1_050_000) is None and scale_factor(1, 1000) is None
    assert scale_factor(-528, 528_000) is None


# --- the fiscal calendar: a filing's own period is its dominant one -----------------------------------


def test_nvidia_q3_fy2014_cover_count_is_q3_not_relabelled_by_next_quarters_dividend(sec):
    # 0001045810-13-000109 (10-Q for the quarter ended 2013-10-27) also tags the dividend declared for
    # 2013-10-28..2014-01-26. Its cover count, 568,535,613 shares as of 2013-11-15, belongs to Q3 FY2014.
    facts = load_company_facts(sec, NVDA)
    assert facts.calendar.report_ends["0001045810-13-000109"] == ("2013-07-29", "2013-10-27")
    r = get_financial_concept("NVDA", "shares_outstanding", fiscal_year=2014, period="quarterly", limit=20)
    cover = next(v for v in r.values if v.end == date(2013, 11, 15))
    assert cover.value == 568_535_613 and (cover.fiscal_year, cover.fiscal_period) == (2014, "Q3")


def _r(start, end, accn, form, fy=2024, tag_val=1):
    return (start, end, tag_val, accn, fy, "", form, "2024-06-01", None)


def test_build_calendar_takes_the_dominant_end_not_the_latest():
    q = [
        _r("2024-01-29", "2024-04-28", "q", "10-Q"),
        _r("2024-01-29", "2024-04-28", "q", "10-Q", tag_val=2),
        _r(None, "2024-04-28", "q", "10-Q"),
        _r("2023-01-30", "2023-04-30", "q", "10-Q"),
        _r("2024-04-29", "2024-07-28", "q", "10-Q"),
    ]  # one forward-looking dividend
    k = [_r("2022-01-31", "2023-01-29", "k", "10-K", tag_val=v) for v in range(5)]  # comparatives outnumber ...
    k += [_r("2023-01-30", "2024-01-28", "k", "10-K", tag_val=v) for v in range(4)]  # ... the year reported
    k += [_r("2024-01-29", "2025-01-26", "k", "10-K")]  # and a forward annual guidance figure
    cal = build_calendar({"us-gaap:X": {"label": "X", "units": {"USD": q + k}}})
    assert cal.report_ends["q"] == ("2024-01-29", "2024-04-28")
    assert cal.report_ends["k"] == ("2023-01-30", "2024-01-28")
    assert cal.own_labels == {date(2024, 1, 28): 2024}


# --- splits: the direction decides ---------------------------------------------------------------------


def test_split_direction_is_checked_before_calling_a_revision_a_split():
    assert classify_revision(11.93, 1.19, "USD/shares") == "stock_split"  # NVIDIA FY2024 EPS, 10-for-1
    assert classify_revision(246_000_000, 2_460_000_000, "shares") == "stock_split"
    assert classify_revision(0.048, 0.28, "USD/shares") == "reverse_split"  # per-share up: not a forward split
    assert classify_revision(2_460_000_000, 246_000_000, "shares") == "reverse_split"


def test_logistic_properties_recapitalisation_is_never_called_a_forward_split(sec):
    # Basic EPS for 2022: 0.048 in the 2023 20-F (0001493152-24-016772), 0.28 in the 2024 20-F
    # (0001997711-25-000030) after the business combination; weighted shares 168,142,740 -> 28,600,000.
    r = get_financial_concept("LPA", "eps_basic", limit=10)
    fy2022 = next(v for v in r.values if v.fiscal_year == 2022)
    assert (fy2022.original_value, fy2022.value, fy2022.revision_kind) == (0.048, 0.28, "share_exchange")
    fy2021 = next(v for v in r.values if v.fiscal_year == 2021)  # 0.025, never restated
    assert fy2021.value == 0.025 and fy2021.pre_split_ratio is None and fy2021.pre_reverse_split_ratio == 5.88
    assert not any("stock split" in w for w in r.warnings)
    assert any("reverse split or recapitalisation" in w for w in r.warnings)
    assert all(v.revision_kind != "stock_split" for v in r.values)


# --- quarterly series say what is missing and why ------------------------------------------------------


def test_the_implied_fourth_quarter_is_noted_without_a_fiscal_year(sec):
    r = get_financial_concept("NVDA", "revenue", period="quarterly", limit=6)
    assert {v.fiscal_year for v in r.values} >= {2026}
    assert any(n.startswith("Q4 of FY2026") and "not shown here" in n and "derive q4" in n for n in r.notes)


@pytest.mark.parametrize("concept", ["operating_cash_flow", "capex"])
def test_cash_flow_quarters_two_and_three_are_said_to_be_year_to_date_only(sec, concept):
    r = get_financial_concept("NVDA", concept, fiscal_year=2026, period="quarterly")
    assert {v.fiscal_period for v in r.values} == {"Q1"}
    assert any(n.startswith("Q2 and Q3 of FY2026 are reported only year-to-date") for n in r.notes)
    revenue = get_financial_concept("NVDA", "revenue", fiscal_year=2026, period="quarterly")
    assert not any("year-to-date" in n for n in revenue.notes)


def test_snowflake_goodwill_change_fy2025_has_no_quarter_and_says_so_truthfully(sec):
    # FY2025 (ended 2025-01-31) is reported as six months, nine months and the year (0001640147-25-000052);
    # the only quarter ever reported is Q1 FY2024, ended 2023-04-30, of a year that ended 2024-01-31.
    with pytest.raises(EdgarError) as info:
        get_financial_concept("SNOW", "us-gaap:GoodwillPeriodIncreaseDecrease", fiscal_year=2025, period="quarterly")
    msg = info.value.message
    assert info.value.code == "not_found"
    assert "has not been reported" not in msg and "FY2025 has no quarterly value, only H1" in msg
    assert "does not subtract" in msg
    assert "the fiscal year ended 2024-01-31" in msg and "(ending 2023-04-30)" not in msg


@pytest.mark.parametrize("ticker", ["TSM", "LPA"])
def test_a_20f_filers_quarterly_series_is_not_found_with_the_reason(sec, ticker):
    with pytest.raises(EdgarError) as info:
        get_financial_concept(ticker, "revenue", period="quarterly")
    assert info.value.code == "not_found"
    assert "20-F" in info.value.message and "6-K" in info.value.message
    assert "annual" in info.value.suggestion


# --- compare: old share bases are marked; per-share values keep their digits ---------------------------


def test_compare_marks_nvidias_pre_split_share_count_in_warnings_and_table(sec, cli):
    # NVIDIA's FY2024 10-K (0001045810-24-000029) cover count, 2,500,000,000 shares as of 2024-02-16, predates
    # the June 2024 10-for-1 split.
    r = compare_companies("shares_outstanding", ["NVDA", "AAPL"], fiscal_year=2024)
    nvda = next(row for row in r.rows if row.cik == "0001045810")
    assert nvda.value == 2_500_000_000 and nvda.pre_split_ratio == 10
    assert any("10-for-1 stock split" in w and "NVIDIA" in w for w in r.warnings)
    out = cli("compare", "shares_outstanding", "NVDA", "AAPL", "--fy", "2024", "--format", "table").out
    assert "2,500,000,000 †" in out and "† old share basis" in out


def test_per_share_values_print_with_the_digits_filed(sec, cli):
    # Logistic Properties of the Americas' FY2021 diluted EPS is 0.025 (0001493152-24-016772).
    assert [fmt_value(v, "USD/shares") for v in (0.025, 1.19, 6.9, 0.1925, -0.94)] == [
        "0.025",
        "1.19",
        "6.90",
        "0.1925",
        "-0.94",
    ]
    out = cli("compare", "eps_diluted", "NVDA", "LPA", "--fy", "2021", "--format", "table").out
    assert "0.025 †" in out and "0.03" not in out


@pytest.mark.parametrize("concept", ["us-gaap:LongTermDebt", "long_term_debt"])
def test_the_raw_tag_and_the_catalogue_concept_suspect_the_same_filing(sec, concept):
    # issue 35, item 4: Tesla's long-term debt at 2016-12-31 is 5,892,016 in the FY2016 10-K
    # (0001564590-17-003118) and 5,892,016,000 from the Q1 2017 10-Q (0001564590-17-009968) on, in line with the
    # balances after it. The raw tag used to blame the later, correct filing ("nothing in the series tells which").
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    v = get_financial_concept("TSLA", concept, fiscal_year=2016, client=sec).values[0]
    assert (v.value, v.matched_tag) == (5_892_016_000, "us-gaap:LongTermDebt")
    assert [(e.kind, e.accession_number, e.value) for e in v.suspected_errors] == [
        ("scale", "0001564590-17-003118", 5_892_016)
    ]


def test_a_filings_rounding_step_is_the_finest_its_nonzero_amounts_allow():
    """restatements.filing_steps over hand-made rows (start, end, val, accn, ...): a filing in millions, one with a
    figure in thousands, one with a figure to the unit (or a fraction), and one reporting only zeros (no step)."""
    from decimal import Decimal

    from edgar_cli.xbrl.restatements import filing_steps

    def row(val, accn):
        return (None, "2024-12-31", val, accn, 2024, "FY", "10-K", "2025-02-01", None)

    rows = [
        row(5_000_000, "m"),
        row(0, "m"),
        row(-12_000_000, "m"),
        row(3_000_000, "k"),
        row(10_443_000, "k"),
        row(7_000_000_000, "u"),
        row(1_384_342_001, "u"),
        row(2_000_000, "u"),
        row(0.5, "f"),
        row(0, "z"),
        row(2.0e6, "float"),
    ]
    steps = filing_steps(rows)
    assert steps == {"m": 1_000_000, "k": 1000, "u": 1, "f": 1, "float": 1_000_000}
    assert list(steps) == ["m", "k", "u", "f", "float"]  # in the order the filings first show a nonzero amount
    assert all(type(s) is Decimal for s in steps.values()) and str(steps["k"]) == "1000"

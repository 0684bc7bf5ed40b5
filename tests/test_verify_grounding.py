"""verify_answer grounds a figure by what it is about (issue 32, items 4 to 7), on the corpus' facts and text.

Figures, from data.sec.gov/api/xbrl/companyfacts and www.sec.gov/Archives in ../shared/sec-corpus:
- Tesla (CIK 1318605) us-gaap:EarningsPerShareDiluted FY2021 (2021-01-01 to 2021-12-31): 4.90 in the 10-K
  0000950170-22-000796, never restated in the corpus; the 3-for-1 split of 2022 is first applied in the 10-Q
  0000950170-22-019867 (filed 2022-10-24), which restates Q3 2021 EPS to 0.48. On today's basis FY2021 is
  4.90 / 3 = 1.63. FY2020: 0.64 in 0001564590-21-004599 (after the 2020 5-for-1 split), 0.21 today.
- NVIDIA (CIK 1045810) diluted EPS FY2024: 11.93 in 0001045810-24-000029, 1.19 after the 10-for-1 split of 2024
  in 0001045810-25-000023.
- Apple (CIK 320193) us-gaap:SalesRevenueNet FY2009 (2008-09-28 to 2009-09-26): 36,537,000,000 in the 10-K
  0001193125-09-214859, restated to 42,905,000,000 in the 10-K/A 0001193125-10-012091 (filed 2010-01-25);
  FY2008 37,491,000,000 and net income FY2009 8,235,000,000 there too. Q1 FY2010 (2009-09-27 to 2009-12-26)
  15,683,000,000 in the 10-Q 0001193125-10-012085, filed the same day.
"""

from __future__ import annotations

import pytest
from accessions import NVDA_FY2024_10K, NVDA_FY2025_10K, NVDA_Q2_FY2026_10Q, TSLA_FY2021_10K
from lookups import checked_answer, checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


AAPL_FY2009_10KA = "0001193125-10-012091"


# --- item 4: per-share values and share counts across a stock split --------------------------------------------


def test_a_split_adjusted_eps_on_todays_basis_is_grounded_with_a_note_naming_the_split(sec):
    r = verify_answer("Tesla's 2021 diluted EPS was $1.63.", company="TSLA")
    f = figure(r, "$1.63")
    assert f.status == "grounded" and r.verdict == "grounded"
    assert f.support.accession_number == TSLA_FY2021_10K and f.support.value == 4.9
    assert "3-for-1" in f.reason and "4.9" in f.reason and "pre_split_basis" not in f.flags
    assert f.formula and "/ 3" in f.formula and f.inputs[0].accession_number == TSLA_FY2021_10K


def test_the_same_eps_on_the_old_basis_is_grounded_and_flagged_pre_split(sec):
    f = checked_figure("Tesla's 2021 diluted EPS was $4.90.", "$4.90", "grounded", company="TSLA")
    assert f.flags == ["pre_split_basis"] and f.support.accession_number == TSLA_FY2021_10K
    assert any("3-for-1" in n and "1.6333" in n for n in f.notes)


@pytest.mark.parametrize("stated", ["$2.10", "$1.64"])  # 4.90 / 3 = 1.6333 does not round to 1.64
def test_an_eps_on_neither_basis_is_ungrounded_naming_both(sec, stated):
    checked_figure(
        f"Tesla's 2021 diluted EPS was {stated}.", stated, "ungrounded", "4.9", "3-for-1", "1.6333", company="TSLA"
    )


def test_a_post_split_eps_of_a_restated_period_notes_the_split(sec):
    f = checked_figure("NVIDIA's fiscal 2024 diluted EPS was $1.19.", "$1.19", "grounded", company="NVDA")
    assert f.flags == [] and f.support.accession_number == NVDA_FY2025_10K
    assert any("stock split" in n and "11.93" in n and NVDA_FY2024_10K in n for n in f.notes)


def test_a_split_adjusted_share_count_is_grounded(sec):
    # dei:EntityCommonStockSharesOutstanding 1,033,507,611 on 2022-01-31 (first in the 10-K 0000950170-22-000796),
    # before the 3-for-1 split: about 3.10 billion on today's basis
    f = checked_figure(
        "Tesla had 3.10 billion shares outstanding as of January 31, 2022.",
        "3.10 billion",
        "grounded",
        "3-for-1",
        company="TSLA",
    )
    assert f.support.accession_number == TSLA_FY2021_10K


def test_a_post_split_eps_is_grounded_by_the_cited_filings_pre_split_value(sec):
    # The cited FY2024 10-K reports 11.93; 1.19 is the same figure after the 10-for-1 split
    f = checked_figure(
        "NVIDIA's fiscal 2024 diluted EPS was $1.19.", "$1.19", "grounded", company="NVDA", cite=[NVDA_FY2024_10K]
    )
    assert f.support.accession_number == NVDA_FY2024_10K and f.support.value == 11.93
    assert "10-for-1" in f.reason and NVDA_FY2025_10K in f.reason


# NVIDIA diluted EPS: FY2022 3.85 (0001045810-22-000036, never restated for the 10-for-1 split of 2024); FY2023
# 1.74 first reported, 0.17 after the split (0001045810-25-000023); FY2024 11.93 first reported, 1.19 after it.


def test_an_eps_growth_rate_across_a_split_is_computed_on_one_share_basis(sec):
    f = checked_figure("NVIDIA's diluted EPS fell 55% in fiscal 2023.", "55%", "derived", company="NVDA")
    assert "before the split" in f.formula  # 1.74 / 3.85 - 1 = -54.8%
    # 0.17 against 3.85 mixes the bases
    checked_figure("NVIDIA's diluted EPS fell 96% in fiscal 2023.", "96%", "ungrounded", "share basis", company="NVDA")
    f = checked_figure("NVIDIA's diluted EPS rose 586% in fiscal 2024.", "586%", "derived", company="NVDA")
    assert "11.93 and 1.74" in f.formula  # 1.19 / 0.17 rounds too coarsely


# Apple FY2019 diluted EPS: 11.89 in 0000320193-19-000119, 2.97 after the 2020 4-for-1 split; Tesla Q3 2021
# diluted EPS 1.44 in 0000950170-21-002253, 0.48 after the 2022 3-for-1 split (0000950170-22-019867).


def test_in_a_list_of_labelled_figures_the_label_after_a_figure_is_the_next_figures(sec):
    # Snowflake FY2025 (2024-02-01 to 2025-01-31), 10-K 0001640147-25-000052: us-gaap:SellingAndMarketingExpense
    # 1,672,092,000; us-gaap:ResearchAndDevelopmentExpense 1,783,379,000; us-gaap:GeneralAndAdministrativeExpense
    # 412,262,000. "sales and marketing $1.78 billion, research and development ...": $1.78 billion is said of
    # sales and marketing, not of the research and development named after it
    swapped = verify_answer(
        "Snowflake's fiscal 2025 operating expenses: sales and marketing $1.78 billion, research and development "
        "$1.67 billion, general and administrative $412.3 million.",
        company="SNOW",
    )
    assert swapped.verdict != "grounded"
    assert figure(swapped, "$1.78 billion").status not in ("grounded", "derived")
    assert figure(swapped, "$1.67 billion").status not in ("grounded", "derived")
    right = checked_answer(
        "Snowflake's fiscal 2025 operating expenses: sales and marketing $1.67 billion, research and development "
        "$1.78 billion, general and administrative $412.3 million.",
        "grounded",
        company="SNOW",
    )
    assert figure(right, "$1.67 billion").support.matched_tag == "us-gaap:SellingAndMarketingExpense"


@pytest.mark.parametrize(
    "answer,stated,company",
    [
        (
            "Adjusted for the August 2020 four-for-one stock split, Apple's fiscal 2019 diluted EPS was $11.89.",
            "$11.89",
            "AAPL",
        ),
        ("On a split-adjusted basis, NVIDIA's fiscal 2024 diluted EPS was $11.93.", "$11.93", "NVDA"),
        (
            "Adjusted for the 2022 three-for-one split, Tesla's diluted EPS for the third quarter of 2021 was $1.44.",
            "$1.44",
            "TSLA",
        ),
    ],
)
def test_a_figure_said_to_be_split_adjusted_is_not_grounded_by_the_old_basis(sec, answer, stated, company):
    checked_figure(answer, stated, "ungrounded", "split-adjusted", company=company)


@pytest.mark.parametrize(
    "answer,stated,company,status",
    [
        (
            "Apple originally reported fiscal 2019 diluted EPS of $11.89, before the 2020 stock split.",
            "$11.89",
            "AAPL",
            "grounded",
        ),
        (
            "Tesla reported diluted EPS of $1.44 for the quarter ended September 30, 2021, before its 2022 stock split.",
            "$1.44",
            "TSLA",
            "grounded",
        ),
        (
            "NVIDIA reported diluted EPS of $1.19 for fiscal 2024, before the June 2024 ten-for-one stock split.",
            "$1.19",
            "NVDA",
            "ungrounded",
        ),
    ],
)
def test_a_figure_said_to_be_as_reported_before_the_split_is_held_to_that_basis(sec, answer, stated, company, status):
    r = verify_answer(answer, company=company)
    assert figure(r, stated).status == status
    assert not [f for f in r.figures if f.kind == "year"]  # the year of a split is neither a period nor an amount


def test_an_as_of_date_the_reader_did_not_tie_still_decides_which_fact_grounds(sec):
    # dei:EntityCommonStockSharesOutstanding 24,400,000,000 on 2025-02-21 (0001045810-25-000023); Tesla's
    # 3,157,752,449 is its count on 2022-10-18 (0000950170-22-019867), not on 2022-01-31
    f = checked_figure(
        "NVIDIA had 24.4 billion shares of common stock outstanding as of February 21, 2025.",
        "24.4 billion",
        "grounded",
        company="NVDA",
    )
    assert f.support.end.isoformat() == "2025-02-21"
    f = figure(
        verify_answer(
            "Tesla had 3,157,752,449 shares of common stock outstanding as of January 31, 2022.", company="TSLA"
        ),
        "3,157,752,449",
    )
    # after the merge with verify-structure the reason names the date as the structure reads it (ISO)
    assert f.status != "grounded" and ("January 31, 2022" in f.reason or "2022-01-31" in f.reason)


# --- item 6: a citation narrows where to look; it never changes what a figure is ------------------------------


@pytest.mark.parametrize(
    "answer,text",
    [
        ("Apple's net sales for fiscal 2009 were $42,905 million.", "$42,905 million"),
        ("Apple's fiscal 2009 net sales were $42,905M.", "$42,905M"),
        ("Apple's net sales were $42.9 billion in fiscal 2009 and $37.5 billion in fiscal 2008.", "$37.5 billion"),
        ("Apple's net income was $8,235 million in fiscal 2009.", "$8,235 million"),
        ("Per the 10-K/A filed 2010-01-25, Apple's FY2009 net sales were $42,905M.", "$42,905M"),
        (
            "According to its 10-K/A of January 25, 2010, Apple's fiscal 2009 net sales were $42,905 million.",
            "$42,905 million",
        ),
    ],
)
def test_a_figure_grounded_in_the_10ka_is_grounded_the_same_with_the_10ka_cited(sec, answer, text):
    plain = figure(verify_answer(answer, company="AAPL"), text)
    cited = figure(verify_answer(answer, company="AAPL", cite=[AAPL_FY2009_10KA]), text)
    assert plain.status == cited.status == "grounded"
    assert plain.support.accession_number == cited.support.accession_number == AAPL_FY2009_10KA


def test_a_true_figure_outside_the_cited_filing_is_unchecked_not_contradicted(sec):
    answer = "Apple's net sales for the three months ended December 26, 2009 were $15,683 million."
    assert figure(verify_answer(answer, company="AAPL"), "$15,683 million").status == "grounded"
    r = verify_answer(answer, company="AAPL", cite=[AAPL_FY2009_10KA])
    f = figure(r, "$15,683 million")
    assert f.status == "unchecked" and r.verdict == "unchecked"
    assert "0001193125-10-012085" in f.reason and "cited" in f.reason


def test_the_first_reported_value_is_superseded_with_or_without_the_10ka_cited(sec):
    answer = "Apple's net sales in fiscal 2009 were $36,537 million."
    plain = figure(verify_answer(answer, company="AAPL"), "$36,537 million")
    cited = figure(verify_answer(answer, company="AAPL", cite=[AAPL_FY2009_10KA]), "$36,537 million")
    assert plain.status == cited.status == "superseded"
    assert plain.support.accession_number == cited.support.accession_number == "0001193125-09-214859"
    assert "42,905,000,000" in cited.reason


# --- item 5: a figure is grounded by a fact or passage about the same thing -----------------------------------

# nvda-20250727.htm, the 10-Q for the quarter to 2025-07-27 (its words, verbatim):
H20_PASSAGE = (
    "In the second quarter, we recognized approximately $650 million of H20 revenue from sales to an "
    "unrestricted customer outside of China, resulting in a $180 million release of previously reserved "
    "H20 inventory."
)
ADVANCES_PASSAGE = (
    "(2) Includes $7.5 billion and $664 million related to customer advances for the first half of "
    "fiscal years 2026 and 2025, respectively."
)


def test_h20_sales_are_grounded_by_the_h20_passage_not_by_a_number_nearby(sec):
    f = checked_figure(
        "NVIDIA sold roughly $650 million of H20 chips to a customer outside China.",
        "$650 million",
        "grounded",
        company="NVDA",
        cite=[NVDA_Q2_FY2026_10Q],
    )
    assert f.support.source == "cited_text" and "H20" in f.support.passage


def test_a_passage_sharing_a_word_but_about_another_thing_grounds_nothing(sec):
    r = verify_answer(
        "NVIDIA sold roughly $650 million of H20 chips to a customer outside China.",
        company="NVDA",
        excerpts=[ADVANCES_PASSAGE],
    )
    f = figure(r, "$650 million")
    assert f.status != "grounded" and (f.support is None or "664" not in (f.support.passage or ""))
    assert f.support is None or f.support.source != "xbrl_fact"  # nor by a fact of another concept that rounds to it


def test_approximately_widens_no_further_than_the_figures_own_precision(sec):
    # "about $650 million" is 645 to 655 million: 664 million does not round to it, 660 does
    answer = (
        "NVIDIA's deferred revenue recognized in the first half of fiscal 2025 included about {} related to "
        "customer advances."
    )
    r = verify_answer(answer.format("$650 million"), company="NVDA", excerpts=[ADVANCES_PASSAGE])
    assert figure(r, "$650 million").status != "grounded"
    f = checked_figure(
        answer.format("$660 million"), "$660 million", "grounded", company="NVDA", excerpts=[ADVANCES_PASSAGE]
    )
    assert f.support.passage == ADVANCES_PASSAGE


def test_square_feet_are_not_money(sec):
    # nvda-20250126.htm (0001045810-25-000023): "We own and lease approximately 3 million square feet of office
    # and building space for our corporate headquarters."
    r = verify_answer(
        "NVIDIA owns and leases about 3 million square feet of office and building space for its headquarters.",
        company="NVDA",
        cite=[f"{NVDA_FY2025_10K}:nvda-20250126.htm"],
    )
    f = figure(r, "3 million")
    assert f.kind == "number" and f.unit is None
    assert f.status == "grounded" and f.support.source == "cited_text" and "square feet" in f.support.passage
    r = verify_answer("NVIDIA owns about 5 million square feet of office space.", company="NVDA")
    f = figure(r, "5 million")
    assert f.kind == "number" and f.status != "grounded"
    assert f.support is None or not (f.support.unit or "").startswith("USD")


# NVIDIA FY2025 (0001045810-25-000023): Revenues 130,497,000,000; GrossProfit 97,858,000,000 (74.99%);
# OperatingIncomeLoss 81,453,000,000 (62.42%); NetIncomeLoss 72,880,000,000 (55.85%); R&D 12,914,000,000 (9.90%).


@pytest.mark.parametrize(
    "answer,stated,formula",
    [
        (
            "In fiscal 2025, NVIDIA's gross margin was 75.0%; operating income was $81.5 billion, or 62.4% of revenue.",
            "62.4%",
            "operating_income / revenue",
        ),
        (
            "NVIDIA's gross margin was 75.0% in fiscal 2025, and operating income of $81.5 billion gave a 62.4% margin.",
            "62.4%",
            "operating_income / revenue",
        ),
        ("NVIDIA's net income was $72.9 billion in fiscal 2025, a margin of 55.8%.", "55.8%", "net_income / revenue"),
        ("NVIDIA spent 9.9% of revenue on R&D in fiscal 2025.", "9.9%", "rnd_expense / revenue"),
    ],
)
def test_a_margin_is_checked_against_the_ratio_of_the_concept_it_is_about(sec, answer, stated, formula):
    f = checked_figure(answer, stated, "derived", company="NVDA")
    assert f.formula.startswith(formula)
    assert [i.accession_number for i in f.inputs] == [NVDA_FY2025_10K, NVDA_FY2025_10K]


def test_a_margin_of_the_wrong_size_is_ungrounded_against_its_own_ratio(sec):
    checked_figure(
        "NVIDIA's net income was $72.9 billion in fiscal 2025, a margin of 75.0%.",
        "75.0%",
        "ungrounded",
        "net_income / revenue",
        "55.85",
        company="NVDA",
    )


def test_a_percentage_edgar_cannot_place_is_unchecked_not_contradicted(sec):
    # Apple's FY2024 products and services gross margins are segment ratios companyfacts does not give
    r = verify_answer(
        "Apple's gross margin was 46.2% in fiscal 2024, with products at 37.2% and services at 73.9%.", company="AAPL"
    )
    assert figure(r, "46.2%").status == "derived"
    assert figure(r, "37.2%").status == "unchecked" and figure(r, "73.9%").status == "unchecked"


# --- item 7: figures derived the way the tools teach -------------------------------------------------------------
# Apple us-gaap:NetCashProvidedByUsedInOperatingActivities FY2024, year to date: Q1 39,895,000,000
# (0000320193-24-000006), H1 62,585,000,000 (0000320193-24-000069), 9M 91,443,000,000 (0000320193-24-000081), FY
# 118,254,000,000 (0000320193-24-000123); PaymentsToAcquirePropertyPlantAndEquipment 9M 6,539,000,000, H1
# 4,388,000,000. Q3 = 28,858,000,000; Q2 = 22,690,000,000; Q3 free cash flow = 84,904 - 58,197 = 26,707 million.


@pytest.mark.parametrize(
    "answer,stated,inputs",
    [
        (
            "Apple's operating cash flow in the third quarter of fiscal 2024 was $28.9 billion.",
            "$28.9 billion",
            ["0000320193-24-000081", "0000320193-24-000069"],
        ),
        (
            "Apple's operating cash flow in Q2 fiscal 2024 was $22.7 billion.",
            "$22.7 billion",
            ["0000320193-24-000069", "0000320193-24-000006"],
        ),
    ],
)
def test_a_cash_flow_quarter_is_derived_from_the_year_to_date(sec, answer, stated, inputs):
    f = checked_figure(answer, stated, "derived", company="AAPL")
    assert f.reason.startswith("Derived from")
    assert [i.accession_number for i in f.inputs] == inputs and " - " in f.formula


def test_a_wrong_cash_flow_quarter_is_ungrounded_against_the_derived_value(sec):
    # without the derivation: a Q1 FY2014 coincidence, called mismatched_period
    checked_figure(
        "Apple's operating cash flow in Q2 fiscal 2024 was $25.0 billion.",
        "$25.0 billion",
        "ungrounded",
        "22,690,000,000",
        company="AAPL",
    )


def test_a_quarters_free_cash_flow_is_derived_from_year_to_date_cash_flows(sec):
    f = checked_figure(
        "Apple's free cash flow in Q3 fiscal 2024 was $26.7 billion.", "$26.7 billion", "derived", company="AAPL"
    )
    assert f.formula == "operating_cash_flow - capex"


def test_the_inputs_a_sentence_gives_for_its_derivation_are_checked_as_inputs(sec):
    r = verify_answer(
        "NVIDIA's revenue grew 114% in fiscal 2025, calculated from $130.5 billion and $60.9 billion.", company="NVDA"
    )
    assert figure(r, "114%").status == "derived"
    prior = figure(r, "$60.9 billion")  # FY2024's revenue, the base of the growth: not a fiscal 2025 figure
    assert prior.status == "grounded" and prior.support.fiscal_year == 2024 and "input" in prior.reason
    assert r.verdict == "grounded"
    checked_figure(
        "NVIDIA's revenue grew 114% in fiscal 2025, calculated from $130.5 billion and $61.9 billion.",
        "$61.9 billion",
        "ungrounded",
        "60,922,000,000",
        company="NVDA",
    )


def test_a_verb_before_a_concept_does_not_make_it_a_part(sec):
    r = verify_answer(
        "Dividing gross profit of $97.9 billion by revenue of $130.5 billion gives NVIDIA a fiscal "
        "2025 gross margin of 75.0%.",
        company="NVDA",
    )
    assert [figure(r, t).status for t in ("$97.9 billion", "$130.5 billion", "75.0%")] == [
        "grounded",
        "grounded",
        "derived",
    ]


def test_a_figure_that_names_its_measure_by_per_diluted_share_is_eps(sec):
    # NVIDIA FY2025 diluted EPS 2.94 in 0001045810-25-000023
    f = checked_figure("NVIDIA earned $2.94 per diluted share in fiscal 2025.", "$2.94", "grounded", company="NVDA")
    assert f.support.concept == "eps_diluted"


def test_a_list_of_quarters_carries_its_concept_to_each_figure(sec):
    # us-gaap:Revenues Q1 FY2026 44,062,000,000; Q2 46,743,000,000 (0001045810-25-000209); Q3 57,006,000,000
    r = verify_answer(
        "NVIDIA's quarterly revenue in fiscal 2026 ran $44.1 billion in Q1, $46.7 billion in Q2 and "
        "$57.0 billion in Q3.",
        company="NVDA",
    )
    assert [figure(r, t).status for t in ("$44.1 billion", "$46.7 billion", "$57.0 billion")] == ["grounded"] * 3
    assert figure(r, "$46.7 billion").support.accession_number == NVDA_Q2_FY2026_10Q


@pytest.mark.parametrize(
    "answer,stated,company",
    [
        # NVIDIA FY2025 revenue 130,497,000,000 (0001045810-25-000023) less 9M 91,166,000,000 (0001045810-24-000316)
        (
            "NVIDIA's fourth-quarter fiscal 2025 revenue, derived as full-year revenue less the first nine months, was "
            "$39.3 billion.",
            "$39.3 billion",
            "NVDA",
        ),
        # Apple FY2024 operating cash flow 118,254,000,000 less 9M 91,443,000,000: 26,811,000,000
        (
            "Apple generated $26.8 billion of operating cash flow in the fourth quarter of fiscal 2024 (full-year $118.3 "
            "billion less $91.4 billion for the first nine months).",
            "$26.8 billion",
            "AAPL",
        ),
    ],
)
def test_a_quarter_the_sentence_derives_from_the_year_is_read_as_the_quarter(sec, answer, stated, company):
    r = verify_answer(answer, company=company)
    f = figure(r, stated)
    assert f.status == "derived" and f.reason.startswith("Derived from") and r.verdict == "grounded"


def test_a_value_the_sentence_says_was_originally_reported_is_grounded_as_the_original(sec):
    r = verify_answer(
        "Apple originally reported fiscal 2009 net sales of $36.5 billion, later restated to $42.9 "
        "billion in a 10-K/A.",
        company="AAPL",
    )
    original, restated = figure(r, "$36.5 billion"), figure(r, "$42.9 billion")
    assert original.status == "grounded" and original.flags == ["superseded_value"]
    assert original.support.accession_number == "0001193125-09-214859"
    assert restated.status == "grounded" and restated.support.accession_number == AAPL_FY2009_10KA


@pytest.mark.parametrize(
    "answer,statuses",
    [
        (
            "Apple originally reported fiscal 2009 net sales of $42.9 billion, later restated to $36.5 billion in a 10-K/A.",
            ["ungrounded", "ungrounded"],
        ),
        (
            "Apple's fiscal 2009 diluted EPS was $6.29 as originally reported and $9.08 as restated, respectively.",
            ["grounded", "grounded"],
        ),
        (
            "Apple's fiscal 2009 diluted EPS was $9.08 as originally reported and $6.29 as restated, respectively.",
            ["ungrounded", "ungrounded"],
        ),
    ],
)
def test_original_and_restated_values_are_held_to_what_the_sentence_calls_them(sec, answer, statuses):
    # Apple FY2009 diluted EPS 6.29 in 0001193125-09-214859, restated to 9.08 in 0001193125-10-012091
    r = verify_answer(answer, company="AAPL")
    assert [f.status for f in r.figures if f.kind in ("money", "per_share")] == statuses


# --- "split-adjusted" is today's share basis, after every later split (review finding A) -------------------------
# NVIDIA us-gaap:EarningsPerShareDiluted FY2021 (2020-01-27 to 2021-01-31): 6.90 in 0001045810-21-000010, 1.73 after
# the 2021 4-for-1 split in 0001045810-22-000036, never restated for the 2024 10-for-1 split: 0.173 today. FY2020:
# 4.52 in 0001045810-20-000010, 1.13 in 0001045810-22-000036, 0.113 today. Tesla FY2019 diluted EPS: -4.92 in
# 0001564590-20-004475, -0.98 after the 2020 5-for-1 split in 0001564590-21-004599, -0.33 after the 2022 3-for-1.


@pytest.mark.parametrize(
    "answer,stated,company",
    [
        ("On a split-adjusted basis, NVIDIA's fiscal 2021 diluted EPS was $1.73.", "$1.73", "NVDA"),
        ("Split-adjusted, NVIDIA earned $1.73 per diluted share in fiscal 2021.", "$1.73", "NVDA"),
        ("Adjusted for all stock splits, NVIDIA's fiscal 2020 diluted EPS was $1.13.", "$1.13", "NVDA"),
        (
            "Adjusted for both the 2020 and 2022 stock splits, Tesla's 2019 diluted loss per share was $0.98.",
            "$0.98",
            "TSLA",
        ),
    ],
)
def test_a_figure_adjusted_for_only_an_earlier_split_is_not_split_adjusted(sec, answer, stated, company):
    r = verify_answer(answer, company=company)
    f = figure(r, stated)
    assert f.status == "ungrounded" and r.verdict == "ungrounded"
    assert "split-adjusted" in f.reason and ("10-for-1" in f.reason or "3-for-1" in f.reason)


@pytest.mark.parametrize(
    "answer,stated,company",
    [
        ("On a split-adjusted basis, NVIDIA's fiscal 2021 diluted EPS was $0.17.", "$0.17", "NVDA"),
        ("Adjusted for all stock splits, NVIDIA's fiscal 2020 diluted EPS was $0.11.", "$0.11", "NVDA"),
        (
            "Adjusted for both the 2020 and 2022 stock splits, Tesla's 2019 diluted loss per share was $0.33.",
            "$0.33",
            "TSLA",
        ),
    ],
)
def test_a_figure_adjusted_for_every_later_split_is_grounded(sec, answer, stated, company):
    f = checked_figure(answer, stated, "grounded", company=company)
    assert "pre_split_basis" not in f.flags


def test_a_value_restated_for_one_split_but_not_the_next_is_flagged_pre_split(sec):
    f = checked_figure("NVIDIA's fiscal 2021 diluted EPS was $1.73.", "$1.73", "grounded", company="NVDA")
    assert f.flags == ["pre_split_basis"]
    assert any("10-for-1" in n and "0.173" in n for n in f.notes)


@pytest.mark.parametrize(
    "answer,before,after,company",
    [
        # Apple Q1 FY2020 diluted EPS 4.99 in 0000320193-20-000010, 1.25 after the 2020 4-for-1 split (0000320193-20-000096)
        (
            "Apple's first-quarter fiscal 2020 diluted EPS was $4.99, or $1.25 after the four-for-one split.",
            "$4.99",
            "$1.25",
            "AAPL",
        ),
        # NVIDIA Q1 FY2025 diluted EPS 5.98 in 0001045810-24-000124 (basic 6.04), 0.60 after the 2024 10-for-1 split
        ("NVIDIA's Q1 fiscal 2025 diluted EPS was $5.98, or $0.60 on a post-split basis.", "$5.98", "$0.60", "NVDA"),
    ],
)
def test_or_x_after_the_split_says_only_x_is_split_adjusted(sec, answer, before, after, company):
    r = verify_answer(answer, company=company)
    old, new = figure(r, before), figure(r, after)
    assert old.status == "grounded" and old.flags == ["pre_split_basis"]
    assert new.status == "grounded" and new.support.matched_tag == "us-gaap:EarningsPerShareDiluted"


# --- "as originally reported" / "as restated" hold for every figure they follow (review finding G) ----------------
# Apple us-gaap:SalesRevenueNet FY2009 36,537,000,000 and FY2008 32,479,000,000 first in 0001193125-09-214859;
# 42,905,000,000 and 37,491,000,000 in the 10-K/A 0001193125-10-012091. Logistic Properties of the Americas
# ifrs-full:DilutedEarningsLossPerShare 2023: 0.019 in 0001493152-24-016772, 0.11 in the 2024 20-F
# 0001997711-25-000030.


def test_as_originally_reported_after_a_respectively_list_holds_for_each_figure(sec):
    r = verify_answer(
        "Apple's net sales were $42.9 billion and $37.5 billion in fiscal 2009 and 2008, respectively, "
        "as originally reported.",
        company="AAPL",
    )
    assert [figure(r, t).status for t in ("$42.9 billion", "$37.5 billion")] == ["ungrounded", "ungrounded"]
    assert "36,537,000,000" in figure(r, "$42.9 billion").reason
    r = verify_answer(
        "Apple's net sales were $36.5 billion and $32.5 billion in fiscal 2009 and 2008, respectively, "
        "as originally reported.",
        company="AAPL",
    )
    for t in ("$36.5 billion", "$32.5 billion"):
        f = figure(r, t)
        assert f.status == "grounded" and f.flags == ["superseded_value"]
        assert f.support.accession_number == "0001193125-09-214859"


def test_a_value_said_to_be_restated_is_not_grounded_by_the_value_first_reported(sec):
    r = verify_answer(
        "Logistic Properties of the Americas' diluted EPS for 2023 was $0.019, as restated in its 2024 20-F.",
        company="LPA",
    )
    f = figure(r, "$0.019")
    assert f.status == "ungrounded" and r.verdict == "ungrounded" and "0.11" in f.reason


def test_a_diluted_figure_carried_after_or_is_grounded_only_on_the_diluted_tag(sec):
    # TSMC (CIK 1046179) 2024 in 0001193125-25-083423: ifrs-full:DilutedEarningsLossPerShare 44.67 TWD and 1.36 USD;
    # BasicEarningsLossPerShare 44.68 TWD and 1.36 USD
    f = checked_figure(
        "TSMC's diluted EPS was NT$44.67 in 2024, or US$1.36 per ADS-equivalent share.",
        "US$1.36",
        "grounded",
        company="TSM",
    )
    assert f.support.matched_tag == "ifrs-full:DilutedEarningsLossPerShare"


@pytest.mark.parametrize(
    "answer,status",
    [
        # 1.73 is NVIDIA's FY2021 diluted EPS after the 2021 4-for-1 split (0001045810-22-000036), before the 2024 one
        ("Adjusted for its 2021 four-for-one stock split, NVIDIA's fiscal 2021 diluted EPS was $1.73.", "grounded"),
        ("Adjusted for the 2024 ten-for-one stock split, NVIDIA's fiscal 2021 diluted EPS was $1.73.", "ungrounded"),
    ],
)
def test_a_figure_adjusted_for_the_split_the_sentence_names_is_held_to_that_split(sec, answer, status):
    f = checked_figure(answer, "$1.73", status, company="NVDA")
    assert "pre_split_basis" in f.flags


def test_todays_basis_is_not_the_basis_after_only_the_split_the_sentence_names(sec):
    # 0.17 is NVIDIA's FY2021 diluted EPS after the 2024 10-for-1 split too (1.73 / 10), not after the 2021 one only
    checked_figure(
        "Adjusted for its 2021 four-for-one stock split, NVIDIA's fiscal 2021 diluted EPS was $0.17.",
        "$0.17",
        "ungrounded",
        "adjusted only for the split it names",
        company="NVDA",
    )


@pytest.mark.parametrize(
    "answer,statuses",
    [
        # Apple FY2019 diluted EPS: 11.89 in 0000320193-19-000119, 2.97 after the 2020 4-for-1 split (0000320193-20-000096)
        (
            "Apple's fiscal 2019 diluted EPS was $2.97 on a split-adjusted basis, or $11.89 as originally reported.",
            ["grounded", "grounded"],
        ),
        (
            "Apple's fiscal 2019 diluted EPS was $11.89 as originally reported, or $2.97 on a split-adjusted basis.",
            ["grounded", "grounded"],
        ),
        (
            "Apple's fiscal 2019 diluted EPS was $11.89 on a split-adjusted basis, or $2.97 as originally reported.",
            ["ungrounded", "ungrounded"],
        ),
        ("Apple's fiscal 2019 diluted EPS was $11.89 before the split, or $2.97 after it.", ["grounded", "grounded"]),
    ],
)
def test_each_figure_of_an_or_pair_is_held_to_the_basis_said_of_it(sec, answer, statuses):
    r = verify_answer(answer, company="AAPL")
    assert [f.status for f in r.figures if f.kind == "per_share"] == statuses


def test_current_deferred_revenue_names_the_current_contract_liability_and_plain_deferred_revenue_names_none(sec):
    # Snowflake us-gaap:ContractWithCustomerLiabilityCurrent 2,580,039,000 at 2025-01-31 (10-K 0001640147-25-000052)
    # and 2,198,705,000 at 2024-01-31; its noncurrent part (14,402,000 at 2024-01-31) is not tagged at 2025-01-31,
    # so the total deferred revenue is not a fact here
    said = "As of January 31, {}, Snowflake carried $2.58 billion of {}deferred revenue."
    r = verify_answer(said.format(2025, "current "), company="SNOW")
    assert r.verdict == "grounded"
    assert figure(r, "$2.58 billion").support.matched_tag == "us-gaap:ContractWithCustomerLiabilityCurrent"
    assert verify_answer(said.format(2024, "current "), company="SNOW").verdict == "ungrounded"
    assert verify_answer(said.format(2025, ""), company="SNOW").verdict != "grounded"


def test_per_diluted_share_right_after_a_figure_outweighs_a_share_count_named_before_it(sec):
    # us-gaap:EarningsPerShareDiluted FY2023 (to 2023-01-29): 0.17 on the post-split basis (3.34 as first reported
    # in 0001045810-23-000017, before the 2024 10-for-1 split)
    f = checked_figure(
        "On today's post-split share count, NVIDIA earned just $0.17 per diluted share in fiscal 2023.",
        "$0.17",
        "grounded",
        company="NVDA",
    )
    assert f.support.matched_tag == "us-gaap:EarningsPerShareDiluted"
    r = verify_answer(
        "On today's post-split share count, NVIDIA earned just $0.27 per diluted share in fiscal 2023.", company="NVDA"
    )
    assert figure(r, "$0.27").status != "grounded" and r.verdict != "grounded"


@pytest.mark.parametrize(
    ("company", "claim", "text", "tag", "end"),
    [
        # us-gaap:EarningsPerShareDiluted 2022-01-01 to 2022-09-30: 2.55 in the 10-Q 0000950170-22-019867
        (
            "TSLA",
            "Tesla earned $0.95 per diluted share in the third quarter of 2022 and {} for the nine months.",
            "$2.55",
            "us-gaap:EarningsPerShareDiluted",
            "2022-09-30",
        ),
        # us-gaap:EarningsPerShareDiluted FY2024 (2023-02-01 to 2024-01-31): -2.55 in the 10-K 0001640147-24-000101,
        # given again in the FY2025 10-K 0001640147-25-000052
        (
            "SNOW",
            "Snowflake lost $3.86 per diluted share in fiscal 2025, wider than the {} loss a year earlier.",
            "$2.55",
            "us-gaap:EarningsPerShareDiluted",
            "2024-01-31",
        ),
    ],
)
def test_a_second_per_share_figure_carries_the_first_ones_measure(sec, company, claim, text, tag, end):
    f = checked_figure(claim.format(text), text, "grounded", company=company)
    assert f.support.matched_tag == tag and str(f.support.end) == end
    r = verify_answer(claim.format("$2.15"), company=company)
    assert figure(r, "$2.15").status != "grounded" and r.verdict != "grounded"

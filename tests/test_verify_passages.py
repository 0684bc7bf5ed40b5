"""verify_answer holds a figure to the measure its words name (issue 32, item 5; review findings E and F).

Figures, from data.sec.gov/api/xbrl/companyfacts and www.sec.gov/Archives in ../shared/sec-corpus:
- Tesla (CIK 1318605) FY2020 (2020-01-01 to 2020-12-31) in the 10-K 0001564590-21-004599: us-gaap:NetIncomeLoss
  (net income attributable to common stockholders) 721,000,000; us-gaap:ProfitLoss (including noncontrolling
  interests) 862,000,000.
- Logistic Properties of the Americas (CIK 1997711) FY2024 in the 20-F 0001997711-25-000030:
  ifrs-full:ProfitLossAttributableToOwnersOfParent -29,285,428; ifrs-full:ProfitLoss -19,426,051.
- NVIDIA (CIK 1045810) 10-Q for Q2 FY2026, 0001045810-25-000209 (nvda-20250727.htm): "approximately $650 million of
  H20 revenue ... resulting in a $180 million release of previously reserved H20 inventory"; its revenue by
  market platform table gives Data Center 33,844 and Networking 7,252 ($ in millions) for the quarter.
"""

from __future__ import annotations

import pytest
from accessions import NVDA_Q2_FY2026_10Q, TSLA_FY2020_10K
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


LPA_FY2024_20F = "0001997711-25-000030"


def q2_10q_figure(answer: str, text: str):
    """The figure TEXT of ANSWER, checked against NVIDIA's facts with its Q2 FY2026 10-Q cited."""
    return figure(verify_answer(answer, company="NVDA", cite=[NVDA_Q2_FY2026_10Q]), text)


# --- finding E: the parent's net income is not the total including noncontrolling interests -------------------


@pytest.mark.parametrize(
    "answer, company, text, status, tag",
    [
        (
            "Tesla's net income attributable to common stockholders was $862 million in 2020.",
            "TSLA",
            "$862 million",
            "ungrounded",
            "us-gaap:NetIncomeLoss",
        ),
        (
            "Tesla's net income attributable to common stockholders was $721 million in 2020.",
            "TSLA",
            "$721 million",
            "grounded",
            "us-gaap:NetIncomeLoss",
        ),
        (
            "Tesla's net income including noncontrolling interests was $862 million in 2020.",
            "TSLA",
            "$862 million",
            "grounded",
            "us-gaap:ProfitLoss",
        ),
        (
            "Tesla's net income including noncontrolling interests was $721 million in 2020.",
            "TSLA",
            "$721 million",
            "ungrounded",
            "us-gaap:ProfitLoss",
        ),
        (
            "LPA's net loss attributable to owners of the parent was $19.4 million in 2024.",
            "LPA",
            "$19.4 million",
            "ungrounded",
            "ifrs-full:ProfitLossAttributableToOwnersOfParent",
        ),
        (
            "LPA's net loss attributable to owners of the parent was $29.3 million in 2024.",
            "LPA",
            "$29.3 million",
            "grounded",
            "ifrs-full:ProfitLossAttributableToOwnersOfParent",
        ),
    ],
)
def test_net_income_attributable_to_the_parent_is_never_grounded_by_the_total_with_minority_interests(
    sec, answer, company, text, status, tag
):
    f = checked_figure(answer, text, status, company=company)
    assert tag in f.reason  # the reason names the tag of the share the sentence speaks of
    if status == "grounded":
        assert f.support.matched_tag == tag
        assert f.support.accession_number in (TSLA_FY2020_10K, LPA_FY2024_20F)


@pytest.mark.parametrize(
    "answer, text, status, reason",
    [
        pytest.param(
            # Tesla's FY2019 us-gaap:NetIncomeLoss is -862,000,000 (a loss): not the income of $862 million "for FY2019"
            "Tesla's net income attributable to common stockholders was $862 million in 2020.",
            "$862 million",
            "ungrounded",
            "721,000,000",
            id="a loss of the same size in another year is not called a period mix-up",
        ),
        pytest.param(
            # Tesla FY2020: ProfitLoss 862,000,000 less NetIncomeLoss 721,000,000 (0001564590-21-004599)
            "Tesla's net income attributable to noncontrolling interests was $141 million in 2020.",
            "$141 million",
            "unchecked",
            "noncontrolling interests",
            id="the minority interests share is unchecked never held to the parents net income",
        ),
    ],
)
def test_teslas_2020_net_income_attributed_to_one_owner_is_checked_against_that_owners_share(
    sec, answer, text, status, reason
):
    checked_figure(answer, text, status, reason, company="TSLA")


# --- finding F: a number in a passage grounds only the measure its own words name ------------------------------

H20_PASSAGE = (
    "In the second quarter, we recognized approximately $650 million of H20 revenue from sales to an "
    "unrestricted customer outside of China, resulting in a $180 million release of previously reserved "
    "H20 inventory."
)  # nvda-20250727.htm, 0001045810-25-000209


@pytest.mark.parametrize(
    "answer, text, grounded",
    [
        (
            "In the second quarter of fiscal 2026, NVIDIA recognized approximately $180 million of H20 revenue from sales "
            "to an unrestricted customer outside China.",
            "$180 million",
            False,
        ),
        (
            "In the second quarter of fiscal 2026, NVIDIA released $650 million of previously reserved H20 inventory.",
            "$650 million",
            False,
        ),
        (
            "In the second quarter of fiscal 2026, NVIDIA recognized approximately $650 million of H20 revenue from sales "
            "to an unrestricted customer outside China.",
            "$650 million",
            True,
        ),
        (
            "NVIDIA released $180 million of previously reserved H20 inventory in the second quarter of fiscal 2026.",
            "$180 million",
            True,
        ),
    ],
)
@pytest.mark.parametrize("where", ["cite", "excerpt"])
def test_a_number_is_grounded_by_its_own_words_in_the_passage_never_by_another_numbers(
    sec, answer, text, grounded, where
):
    kw = {"cite": [NVDA_Q2_FY2026_10Q]} if where == "cite" else {"excerpts": [H20_PASSAGE]}
    f = figure(verify_answer(answer, company="NVDA", **kw), text)
    if grounded:
        assert f.status == "grounded" and f.support.source == "cited_text" and "H20" in f.support.passage
    else:
        assert f.status != "grounded", f.reason


@pytest.mark.parametrize(
    "answer, text, value",
    [
        ("Networking revenue was $33.8 billion in the second quarter of fiscal 2026.", "$33.8 billion", "7,252"),
        ("Data Center revenue was $7.3 billion in the second quarter of fiscal 2026.", "$7.3 billion", "$41,096"),
        # "Data Center compute revenue was $33.8 billion": compute is a part of Data Center, not all of it
        ("Data Center revenue was $33.8 billion in the second quarter of fiscal 2026.", "$33.8 billion", "$41,096"),
    ],
)
def test_a_line_the_cited_table_gives_another_value_for_that_quarter_is_ungrounded(sec, answer, text, value):
    f = q2_10q_figure(answer, text)
    assert f.status == "ungrounded", f.reason
    assert value in f.reason and "Jul 27, 2025 (3 months)" in f.reason
    assert "cite" not in f.reason.lower().replace("the cited", "")  # never advises citing what is cited


def test_a_six_month_column_does_not_ground_a_quarter(sec):
    # the table's "Six Months Ended Jul 27, 2025" column gives Data Center 80,208: not the second quarter's
    f = q2_10q_figure("Data Center revenue was $80.2 billion in the second quarter of fiscal 2026.", "$80.2 billion")
    assert f.status == "mismatched_period" and "6 months" in f.reason
    f = q2_10q_figure("Data Center revenue was $41.1 billion in the second quarter of fiscal 2026.", "$41.1 billion")
    assert f.status == "grounded" and "41,096" in f.support.passage


def test_with_the_filing_cited_a_reason_never_asks_to_cite_its_text(sec):
    f = q2_10q_figure("Gaming revenue was $4.1 billion in the second quarter of fiscal 2026.", "$4.1 billion")
    assert f.status == "ungrounded" and "4,287" in f.reason
    # the 10-Q gives no Blackwell revenue figure (Gaming, in its table, is 4,287 million for the quarter)
    f = q2_10q_figure("Blackwell revenue was $4.1 billion in the second quarter of fiscal 2026.", "$4.1 billion")
    assert f.status == "unchecked" and "Cite the filing's text" not in f.reason
    assert NVDA_Q2_FY2026_10Q in f.reason


def test_the_words_right_after_a_figure_say_whose_net_income_it_is(sec):
    r = verify_answer(
        "Tesla's net income including noncontrolling interests was $862 million in 2020, versus "
        "$721 million attributable to common stockholders.",
        company="TSLA",
    )
    total, parent = figure(r, "$862 million"), figure(r, "$721 million")
    assert total.status == "grounded" and total.support.matched_tag == "us-gaap:ProfitLoss"
    assert parent.status == "grounded" and parent.support.matched_tag == "us-gaap:NetIncomeLoss"


def test_when_the_cited_text_cannot_be_read_the_reason_says_so_and_does_not_ask_to_cite_it(sec, monkeypatch):
    from edgar_cli.capabilities.verify import verify as V
    from edgar_cli.errors import EdgarError

    def unreadable(*_a, **_k):
        raise EdgarError("upstream_unavailable", "the document could not be read")

    monkeypatch.setattr(V, "_document_text", unreadable)
    r = verify_answer(
        "Blackwell revenue was $4.1 billion in the second quarter of fiscal 2026.",
        company="NVDA",
        cite=[NVDA_Q2_FY2026_10Q],
    )
    f = figure(r, "$4.1 billion")
    assert f.status == "unchecked" and "Cite the filing's text" not in f.reason and "could not be read" in f.reason
    assert any("Could not read the text" in w for w in r.warnings)


def test_a_loss_named_after_a_figure_for_its_base_is_not_the_figures_sign(sec):
    # Tesla FY2020 NetIncomeLoss 721,000,000; FY2019 -862,000,000 (0001564590-21-004599)
    f = checked_figure(
        "Tesla's net income attributable to common stockholders rose to $721 million in 2020 "
        "from a loss of $862 million in 2019.",
        "$721 million",
        "grounded",
        company="TSLA",
    )
    assert f.support.matched_tag == "us-gaap:NetIncomeLoss"


# Home Depot's FY2024 10-K (0000354950-25-000085, hd-20250202.htm): "The 53 rd week in fiscal 2024 added approximately
# $2.5 billion of net sales" and "driven by SRS, which contributed $6.4 billion of net sales during fiscal 2024"; its
# us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax for FY2024 is 159,514,000,000.
HD_FY2024_10K = "0000354950-25-000085:hd-20250202.htm"


def test_an_amount_added_to_a_measure_is_a_part_never_contradicted_by_the_whole_and_the_passage_grounds_it(sec):
    f = checked_figure(
        "Home Depot's 53rd week added approximately $2.5 billion of net sales in fiscal 2024.",
        "$2.5 billion",
        "grounded",
        company="HD",
        cite=[HD_FY2024_10K],
    )
    assert f.support.source == "cited_text" and "53" in f.support.passage and "week" in f.support.passage


def test_an_amount_another_contributor_added_is_not_grounded_by_its_passage(sec):
    # SRS's contribution, not the 53rd week's; never the whole's contradiction
    f = checked_figure(
        "Home Depot's 53rd week added approximately $6.4 billion of net sales in fiscal 2024.",
        "$6.4 billion",
        "unchecked",
        company="HD",
        cite=[HD_FY2024_10K],
    )
    assert "159,514,000,000" not in f.reason


# CARBO Ceramics' 2017 10-K (0001564590-18-004771, crr-10k_20171231.htm): net loss $(253,116) and $(80,127) thousand
# for 2017 and 2016 ("216% larger"); consolidated revenues $188,756 and $103,051 thousand (83%).
CRR_2017_10K = "0001564590-18-004771:crr-10k_20171231.htm"


@pytest.mark.parametrize(
    ("answer", "pct", "status", "said"),
    [
        (
            "CARBO Ceramics reported a 2017 net loss of $253.1 million, 216% larger than the $80.1 million it lost in "
            "2016.",
            "216%",
            "derived",
            "+215.89%",
        ),
        (
            "CARBO's consolidated revenues rose 83% to $188.8 million in 2017 from $103.1 million in 2016.",
            "83%",
            "derived",
            "+83.17%",
        ),
        (
            "CARBO's consolidated revenues rose 93% to $188.8 million in 2017 from $103.1 million in 2016.",
            "93%",
            "ungrounded",
            "+83.17%",
        ),
        (
            "CARBO's consolidated revenues fell 83% to $188.8 million in 2017 from $103.1 million in 2016.",
            "83%",
            "ungrounded",
            "+83.17%",
        ),
    ],
)
def test_a_change_between_two_grounded_amounts_of_a_passage_is_derived_from_them(sec, answer, pct, status, said):
    r = verify_answer(answer, company="CRR", cite=[CRR_2017_10K])
    f = figure(r, pct)
    assert f.status == status, f.reason
    assert said in f.reason and "0001564590-18-004771" in f.reason

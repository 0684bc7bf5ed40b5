"""verify_answer checks a figure against the inline XBRL facts of a cited document when the company has no
companyfacts here (issue 32: cited filings of companies outside the companyfacts corpus).

Figures, from www.sec.gov/Archives in ../shared/sec-corpus (their ix:nonFraction facts without dimensions):
- Salesforce (CIK 1108524), 10-K 0001108524-25-000006, crm-20250131.htm: us-gaap:OperatingIncomeLoss
  7,205,000,000 for 2024-02-01 to 2025-01-31 and 5,011,000,000 for 2023-02-01 to 2024-01-31.
- Boeing (CIK 12927), 10-K 0000012927-25-000015, ba-20241231.htm: us-gaap:Revenues 66,517,000,000 for 2024
  and 77,794,000,000 for 2023; us-gaap:OperatingIncomeLoss -10,707,000,000 for 2024 (sign="-").
- Union Pacific (CIK 100885), 10-K 0000100885-25-000042, unp-20241231.htm:
  us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax 24,250,000,000 for 2024.
- Nike (CIK 320187), 10-K 0000320187-25-000047, nke-20250531.htm: us-gaap:EarningsPerShareDiluted 2.16 for
  2024-06-01 to 2025-05-31.
The corpus holds neither companyfacts nor submissions for these companies: the citation names the document.
"""

from __future__ import annotations

import pytest
from lookups import checked_answer, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import EdgarError, ExitStatus
from edgar_cli.sec import urls
from edgar_cli.xbrl.inline import UNKNOWN_FILED, inline_facts

CRM_10K = "0001108524-25-000006:crm-20250131.htm"
BA_10K = "0000012927-25-000015:ba-20241231.htm"
NKE_10K = "0000320187-25-000047:nke-20250531.htm"
UNP_10K = "0000100885-25-000042:unp-20241231.htm"
UNP_REVENUE = "Union Pacific's revenues were $24.25 billion in 2024."


# --- the reader, on a small hand-written document -------------------------------------------------------------

DOC = b"""<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>
<div style="display:none"><ix:header><ix:hidden>
<ix:nonNumeric name="dei:DocumentType" contextRef="d">10-K</ix:nonNumeric>
<ix:nonNumeric name="dei:DocumentFiscalYearFocus" contextRef="d">2024</ix:nonNumeric>
<ix:nonNumeric name="dei:DocumentFiscalPeriodFocus" contextRef="d">FY</ix:nonNumeric>
</ix:hidden><ix:resources>
<xbrli:context id="d"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier>
</xbrli:entity><xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate>
</xbrli:period></xbrli:context>
<xbrli:context id="i"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier>
</xbrli:entity><xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>
<xbrli:context id="seg"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier>
<xbrli:segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">x:WidgetsMember</xbrldi:explicitMember>
</xbrli:segment></xbrli:entity><xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate>
<xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
<xbrli:unit id="eps"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator>
<xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
</ix:resources></ix:header></div>
<p>Revenue <ix:nonFraction name="us-gaap:Revenues" contextRef="d" unitRef="usd" decimals="-6" scale="6"
 format="ixt:num-dot-decimal">12,345</ix:nonFraction> million, or $<ix:nonFraction name="us-gaap:Revenues"
 contextRef="d" unitRef="usd" decimals="-8" scale="9" format="ixt:num-dot-decimal">12.3</ix:nonFraction> billion.
 Widgets <ix:nonFraction name="us-gaap:Revenues" contextRef="seg" unitRef="usd" decimals="-6" scale="6"
 format="ixt:num-dot-decimal">999</ix:nonFraction>. Loss (<ix:nonFraction name="us-gaap:OperatingIncomeLoss"
 contextRef="d" unitRef="usd" decimals="-6" scale="6" sign="-" format="ixt:numdotdecimal">1,234</ix:nonFraction>).
 Goodwill <ix:nonFraction name="us-gaap:Goodwill" contextRef="i" unitRef="usd" decimals="-6" scale="6"
 format="ixt:zerodash">&#8212;</ix:nonFraction>. EPS <ix:nonFraction name="us-gaap:EarningsPerShareDiluted"
 contextRef="d" unitRef="eps" decimals="2" format="ixt:num-dot-decimal">1.63</ix:nonFraction>. Words
 <ix:nonFraction name="us-gaap:Other" contextRef="d" unitRef="usd" decimals="0" format="ixt-sec:numwordsen">three
 </ix:nonFraction>.</p></body></html>"""


def test_the_reader_keeps_company_level_facts_at_full_scale_and_sign_with_the_filings_provenance():
    got = inline_facts(DOC, accession="0000000001-25-000001", form=None, filed="2025-02-01")
    assert (got.document_type, got.fiscal_year, got.fiscal_period) == ("10-K", 2024, "FY")
    row = ("2024-01-01", "2024-12-31")
    # the statement's 12,345 million, not the sentence's 12.3 billion, and never the segment's 999 million
    assert got.tags["us-gaap:Revenues"]["units"] == {
        "USD": [(*row, 12_345_000_000, "0000000001-25-000001", 2024, "FY", "10-K", "2025-02-01", None)]
    }
    assert got.tags["us-gaap:OperatingIncomeLoss"]["units"]["USD"][0][2] == -1_234_000_000
    assert got.tags["us-gaap:Goodwill"]["units"]["USD"][0][:3] == (None, "2024-12-31", 0)
    assert got.tags["us-gaap:EarningsPerShareDiluted"]["units"]["USD/shares"][0][2] == 1.63
    assert "us-gaap:Other" not in got.tags  # a format not read is left out, never guessed at


def test_a_document_without_inline_xbrl_gives_no_facts():
    got = inline_facts(
        b"<html><body><p>Revenue was $5 million.</p></body></html>", accession="a", form="8-K", filed="x"
    )
    assert got.tags == {} and got.facts_read == 0


# --- verify_answer on the corpus' cited 10-Ks -----------------------------------------------------------------


@pytest.fixture
def sec(module_sec):
    return module_sec


def test_a_figure_of_a_cited_10k_of_a_company_without_companyfacts_is_grounded_on_its_inline_facts(sec):
    r = checked_answer(
        "Salesforce's income from operations rose to $7.2 billion in fiscal 2025 from $5.0 billion a year earlier.",
        "grounded",
        company="CRM",
        cite=[CRM_10K],
    )
    sup = figure(r, "$7.2 billion").support
    assert (sup.matched_tag, sup.value, sup.accession_number, sup.form) == (
        "us-gaap:OperatingIncomeLoss",
        7_205_000_000,
        "0001108524-25-000006",
        "10-K",
    )
    assert (str(sup.start), str(sup.end)) == ("2024-02-01", "2025-01-31")
    assert sup.filed is None  # no submissions here: the filing date is not known, and not made up
    assert figure(r, "$5.0 billion").support.value == 5_011_000_000
    assert any("inline XBRL facts of " + CRM_10K in n for n in r.notes)


def test_a_figure_of_another_year_in_the_cited_10k_is_not_grounded(sec):
    r = verify_answer(
        "Salesforce's income from operations was $7.2 billion in fiscal 2024.", company="CRM", cite=[CRM_10K]
    )
    row = figure(r, "$7.2 billion")
    assert r.verdict == "ungrounded" and row.status == "mismatched_period"
    assert str(row.support.end) == "2025-01-31"


def test_a_wrong_value_is_contradicted_by_the_cited_10ks_inline_facts(sec):
    r = verify_answer("Nike's diluted earnings per share were $2.61 in fiscal 2025.", company="NKE", cite=[NKE_10K])
    assert r.verdict != "grounded" and figure(r, "$2.61").status == "ungrounded"
    r = verify_answer("Nike's diluted earnings per share were $2.16 in fiscal 2025.", company="NKE", cite=[NKE_10K])
    assert r.verdict == "grounded" and figure(r, "$2.16").support.value == 2.16


def test_the_inline_facts_of_a_document_are_read_once_and_kept(sec, monkeypatch):
    from edgar_cli.capabilities.verify import verify as V

    verify_answer("Boeing's revenues were $66.5 billion in 2024.", company="BA", cite=[BA_10K])
    with sec.memo_lock:  # the memo forgotten: the disk cache answers, without fetching the document again
        for k in [k for k in sec.memo if str(k).startswith("verify-inline:")]:
            del sec.memo[k]
    monkeypatch.setattr(V.IX, "inline_facts", lambda *a, **k: pytest.fail("read again"))
    r = verify_answer("Boeing's revenues were $66.5 billion in 2024.", company="BA", cite=[BA_10K])
    assert r.verdict == "grounded"


def test_a_document_refused_as_damaged_leaves_nothing_cached(sec, monkeypatch):
    from edgar_cli.capabilities.verify import verify as V
    from edgar_cli.sec import validate

    def refuse(url, body, **_kw):
        raise validate.InvalidBody("cut off")

    monkeypatch.setattr(V.validate, "check_filing_document", refuse)
    r = verify_answer(UNP_REVENUE, company="UNP", cite=[UNP_10K])
    assert not any("inline XBRL facts" in n for n in r.notes)
    url = urls.archive_document(100885, "0000100885-25-000042", "unp-20241231.htm")
    key = f"verify-inline:{V.IX.FORMAT}:{url}:0000100885-25-000042:None:{UNKNOWN_FILED}"
    assert key not in sec.memo and sec.cache_get(key, None) is None
    monkeypatch.undo()  # the document whole again: read, and kept
    r = verify_answer(UNP_REVENUE, company="UNP", cite=[UNP_10K])
    assert (
        figure(r, "$24.25 billion").support.matched_tag == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    )
    assert sec.cache_get(key, None) is not None


def test_the_cli_grounds_a_cited_documents_figure_and_exits_ten_on_a_false_twin(edgar):
    ok = edgar("verify", "Boeing's revenues were $66.5 billion in 2024.", "--company", "BA", "--cite", BA_10K, "--json")
    assert ok.rc == 0, ok.err
    bad = edgar(
        "verify", "Boeing's revenues were $77.8 billion in 2024.", "--company", "BA", "--cite", BA_10K, "--json"
    )
    assert bad.rc == ExitStatus.UNGROUNDED


def test_a_currency_neutral_rate_is_never_contradicted_by_the_reported_facts(sec):
    # nke-20250531.htm: "Revenues were $46.3 billion in fiscal 2025 compared to $51.4 billion for fiscal 2024,
    # which decreased 10% and 9% on a reported and currency-neutral basis, respectively"; reported revenue
    # 46,309,000,000 and 51,362,000,000 (-9.84%)
    r = verify_answer(
        "Nike's revenues fell 10% to $46.3 billion in fiscal 2025, from $51.4 billion in fiscal 2024 (down 9% "
        "currency-neutral).",
        company="NKE",
        cite=[NKE_10K],
    )
    assert figure(r, "10%").status == "derived"
    assert figure(r, "9%").status in ("grounded", "unchecked"), figure(r, "9%").reason
    assert r.verdict != "ungrounded"


def test_a_hyphenated_point_change_of_a_ratio_is_a_change_in_points_not_an_amount(sec):
    # unp-20241231.htm: "our operating ratio was 59.9%, improving 2.4 points from 2023"; diluted EPS 11.09 (2024)
    # and 10.45 (2023) in its inline facts: up 6.1%
    r = verify_answer(
        "Union Pacific's 2024 operating ratio was 59.9%, a 2.4-point improvement, and its diluted EPS rose 6% to $11.09.",
        company="UNP",
        cite=[UNP_10K],
    )
    assert figure(r, "2.4-point").kind == "percentage_points" and figure(r, "2.4-point").status == "unchecked"
    assert figure(r, "$11.09").status == "grounded" and figure(r, "6%").status == "derived"
    assert r.verdict != "ungrounded"


def test_an_undated_margin_that_holds_only_for_a_year_the_sentence_does_not_name_is_not_grounded(sec):
    # crm-20250131.htm: operating income 7,205,000,000 / revenue 37,895,000,000 = 19.0% for fiscal 2025;
    # 5,011,000,000 / 34,857,000,000 = 14.4% for fiscal 2024
    said = (
        "Salesforce's income from operations rose to $7.2 billion in fiscal 2025 from $5.0 billion a year earlier, "
        "lifting its operating margin to about {}."
    )
    wrong = verify_answer(said.format("14%"), company="CRM", cite=[CRM_10K])
    assert wrong.verdict != "grounded" and figure(wrong, "14%").status == "unchecked"
    right = verify_answer(said.format("19%"), company="CRM", cite=[CRM_10K])
    assert right.verdict == "grounded" and figure(right, "19%").status == "derived"


def test_a_figure_the_cited_statements_do_not_carry_is_unchecked_not_contradicted(sec):
    # ba-20241231.htm: "BCA total backlog of $435,175 million at December 31, 2024 decreased from $440,507 million
    # at December 31, 2023": a segment's backlog, not an inline fact of the company
    r = verify_answer(
        "Boeing Commercial Airplanes' total backlog was $435.2 billion at December 31, 2024, down from $440.5 billion "
        "a year earlier.",
        company="BA",
        cite=[BA_10K],
    )
    assert r.verdict != "ungrounded", [(f.text, f.status, f.reason) for f in r.figures]
    # no inline fact carries it; the cited text does (the passage above, and the column '2023' of its table)
    base = figure(r, "$440.5 billion")
    assert base.status == "grounded" and base.support.source == "cited_text", base.reason


# --- a company whose companyfacts end before the cited filing ---------------------------------------------------

TSLA_FY2024_10K = "0001628280-25-003063:tsla-20241231.htm"  # Tesla's companyfacts here end at 2022-09-30


@pytest.mark.parametrize(
    "answer, status",
    [
        # us-gaap:PaymentsToAcquirePropertyPlantAndEquipment 11,339,000,000 for 2024 and 8,898,000,000 for 2023
        ("Tesla's capital expenditures were $11.34 billion in 2024.", "grounded"),
        ("Tesla's capital expenditures were $8.90 billion in 2024.", "mismatched_period"),
        # us-gaap:Revenues 97,690,000,000 for 2024 and 96,773,000,000 for 2023
        ("Tesla's total revenues were $97.7 billion in 2023.", "mismatched_period"),
    ],
)
def test_a_cited_filing_past_the_companys_facts_is_checked_against_its_own_inline_facts(sec, answer, status):
    # The passage "Capital expenditures amounted to $11.34 billion in 2024 compared to $8.90 billion in 2023"
    # grounded both sentences by its text alone: the filing's inline facts now decide
    r = verify_answer(answer, company="TSLA", cite=[TSLA_FY2024_10K])
    (f,) = [f for f in r.figures if f.kind == "money"]
    assert f.status == status, f.reason
    assert f.support is not None and f.support.accession_number == "0001628280-25-003063"
    if status == "mismatched_period":
        assert "other filings" not in f.reason  # the 2023 figure is the cited filing's own prior-year column
        assert "it is 11,339,000,000 USD" in f.reason or "it is 96,773,000,000 USD" in f.reason
    assert any("hold none of the cited filings" in n for n in r.notes)


def test_a_document_cited_by_accession_and_file_name_is_located_and_checked_without_companyfacts(sec):
    """IBM (CIK 51143) has no companyfacts in the corpus and its 10-K 0000051143-25-000015 no filing index; cited as
    ACCESSION:file, ibm-20241231.htm is read: "There were 348,544 common stockholders of record at February 10,
    2025." ("of record" is no superlative)."""
    cite = ["0000051143-25-000015:ibm-20241231.htm"]
    claim = "IBM had {} common stockholders of record at February 10, 2025, according to its 2024 10-K."
    r = checked_answer(claim.format("348,544"), "grounded", company="IBM", cite=cite)
    assert r.figures[0].support.accession_number == "0000051143-25-000015"
    assert "dates it 2025-02-10" in r.figures[0].reason  # the day the passage gives it for, named once
    r = verify_answer(claim.format("384,544"), company="IBM", cite=cite)
    assert r.verdict != "grounded" and r.figures[0].status != "grounded"


@pytest.mark.parametrize(("amount", "grounded"), [("17 million", True), ("24 million", False)])
def test_a_passage_about_what_lies_outside_a_place_does_not_ground_a_figure_about_the_place(sec, amount, grounded):
    """IBM's 10-K 0000051143-25-000015 (ibm-20241231.htm): "At December 31, 2024, IBM's facilities in the U.S. had
    aggregate floor space of approximately 17 million square feet ... Outside the U.S., facilities totaled
    approximately 24 million square feet"."""
    r = verify_answer(
        f"Per IBM's 2024 Form 10-K, its U.S. facilities had aggregate floor space of approximately {amount} square "
        "feet at December 31, 2024.",
        company="IBM",
        cite=["0000051143-25-000015:ibm-20241231.htm"],
    )
    assert (figure(r, amount).status == "grounded") is grounded, figure(r, amount).reason
    assert (r.verdict == "grounded") is grounded


def test_a_ticker_no_longer_listed_gives_way_to_the_filer_of_the_cited_document(sec):
    """CARBO Ceramics (CIK 1009672; its ticker CRR is no longer in the ticker file) 10-K 0001564590-18-004771,
    filed by an agent (the accession's prefix is not the company's CIK); crr-10k_20171231.htm: "Oilfield
    Technologies and Services segment revenues of $165.6 million for the year ended December 31, 2017 increased
    85% compared to $89.4 million in 2016." """
    url = "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm"
    r = verify_answer(
        "CARBO Ceramics' Oilfield Technologies and Services segment revenues were $165.6 million for 2017.",
        company="CRR",
        cite=[url],
    )
    assert r.company.cik == "0001009672"
    assert any("CRR" in n and "1009672" in n for n in r.notes), r.notes
    assert figure(r, "$165.6 million").status == "grounded", figure(r, "$165.6 million").reason
    with pytest.raises(EdgarError) as exc:  # an accession alone does not say who filed it: CRR stays unknown
        verify_answer("Its revenues were $165.6 million for 2017.", company="CRR", cite=["0001564590-18-004771"])
    assert exc.value.code == "not_found"


@pytest.mark.parametrize(
    ("company", "cite"),
    [
        ("CRR", "0001564590-18-004771"),  # a ticker no longer listed, an agent's accession alone
        (None, "0001564590-18-004771:crr-10k_20171231.htm"),  # no company given, the agent's accession and the file
    ],
)
def test_the_company_the_answer_names_is_checked_when_its_own_filings_list_the_cited_accession(sec, company, cite):
    """CARBO Ceramics (CIK 1009672, no longer in the ticker file; "CARBO Ceramics" in the company aliases): its
    submissions list the agent-filed 10-K 0001564590-18-004771, whose crr-10k_20171231.htm says "As of December 31,
    2017, we had 424 employees worldwide." and "For the year ended December 31, 2017, we reported net loss of $253.1
    million"."""
    r = verify_answer(
        "As of December 31, 2017, CARBO Ceramics had 424 employees worldwide.", company=company, cite=[cite]
    )
    assert r.company.cik == "0001009672"
    assert figure(r, "424").status == "grounded", figure(r, "424").reason
    r = verify_answer(
        "As of December 31, 2017, CARBO Ceramics had 451 employees worldwide.", company=company, cite=[cite]
    )
    assert figure(r, "451").status != "grounded"


CRR_10K_URL = "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm"


@pytest.mark.parametrize(
    ("claim", "wrong"),
    [
        # "Oilfield Technologies and Services segment revenues of $165.6 million for the year ended December 31, 2017
        # increased 85% compared to $89.4 million in 2016."
        (
            "CARBO Ceramics' Oilfield Technologies and Services segment revenues were $165.6 million for 2017, down "
            "85% from $89.4 million in 2016.",
            "85%",
        ),
        # "Environmental Products and Services segment revenues of $23.2 million for the year ended December 31, 2017
        # increased 69% compared to $13.7 million in 2016."
        (
            "CARBO Ceramics' Environmental Products and Services segment revenues rose 69% to $13.7 million in 2017 "
            "from $23.2 million in 2016.",
            "$13.7 million",
        ),
    ],
)
def test_a_passage_grounds_a_figure_only_with_its_own_direction_and_its_own_year(sec, claim, wrong):
    """CARBO Ceramics' 10-K 0001564590-18-004771 (crr-10k_20171231.htm); no companyfacts: the text alone."""
    r = verify_answer(claim, company="1009672", cite=[CRR_10K_URL])
    assert figure(r, wrong).status != "grounded", figure(r, wrong).reason
    assert r.verdict != "grounded"


def test_a_fiscal_year_mention_without_facts_is_not_called_a_figure_the_text_does_not_state(sec):
    """Home Depot (CIK 354950) has no companyfacts in the corpus, and its 10-K 0000354950-25-000085 no filing index:
    nothing is checked, and the reason of "fiscal 2024" speaks of a period, not of a figure."""
    r = verify_answer(
        "Home Depot's diluted EPS was $14.91 in fiscal 2024 compared with $15.11 in fiscal 2023.",
        company="HD",
        cite=["0000354950-25-000085"],
    )
    assert r.verdict == "unchecked"
    for text in ("fiscal 2024", "fiscal 2023"):
        f = figure(r, text)
        assert f.status == "unchecked" and "figure" not in f.reason, f.reason


def test_the_companys_name_in_a_plural_form_is_not_a_name_the_passage_must_repeat(sec):
    """crr-10k_20171231.htm (10-K 0001564590-18-004771): "As of December 31, 2017, we had 424 employees worldwide."
    The filer is CARBO CERAMICS INC: "CARBO Ceramics had 424 employees" names the company, not the employees."""
    r = verify_answer(
        "As of December 31, 2017, CARBO Ceramics had 424 employees worldwide.", company="1009672", cite=[CRR_10K_URL]
    )
    assert figure(r, "424").status == "grounded", figure(r, "424").reason


def test_the_day_a_figure_is_given_at_is_no_word_of_what_it_measures(sec):
    """crr-10k_20171231.htm (10-K 0001564590-18-004771): "As of December 31, 2017, we had 424 employees worldwide."
    "December" says when, not what: the passage about employees grounds the figure."""
    r = verify_answer("CARBO Ceramics had 424 employees at December 31, 2017.", company="1009672", cite=[CRR_10K_URL])
    assert figure(r, "424").status == "grounded", figure(r, "424").reason
    r = verify_answer("CARBO Ceramics had 424 employees at December 31, 2016.", company="1009672", cite=[CRR_10K_URL])
    assert figure(r, "424").status != "grounded", figure(r, "424").reason


def test_a_passages_amount_of_the_previous_year_is_not_of_the_year_its_sentence_names(sec):
    """crr-10k_20171231.htm (10-K 0001564590-18-004771): "For the year ended December 31, 2016, we reported net loss
    of $80.1 million, a decrease of 27% compared to the $109.5 million net loss reported in the previous year." The
    $109.5 million is 2015's (the 2015 column of the table: (109,544))."""
    r = verify_answer(
        "CARBO Ceramics reported a net loss of $253.1 million for 2017, compared with a net loss of $109.5 million in "
        "2016.",
        cite=["0001564590-18-004771:crr-10k_20171231.htm"],
    )
    assert figure(r, "$253.1 million").status == "grounded", figure(r, "$253.1 million").reason
    assert figure(r, "$109.5 million").status != "grounded", figure(r, "$109.5 million").reason
    checked_answer(
        "CARBO Ceramics reported a net loss of $253.1 million for 2017, compared with a net loss of $80.1 million in "
        "2016.",
        "grounded",
        cite=["0001564590-18-004771:crr-10k_20171231.htm"],
    )


@pytest.mark.parametrize(
    ("claim", "grounded", "not_grounded"),
    [
        # "Environmental Products and Services segment revenues of $23.2 million for the year ended December 31, 2017
        # increased 69% compared to $13.7 million in 2016."
        (
            "CARBO's Environmental Products and Services segment grew revenue 69% in 2017, to $23.2 million.",
            ("69%", "$23.2 million"),
            (),
        ),
        (
            "CARBO's Environmental Products and Services segment grew revenue 69% in 2017, to $13.7 million.",
            (),
            ("$13.7 million",),
        ),
        # the Oilfield Technologies and Services segment's revenues grew 85%, not 69%
        ("CARBO's Oilfield Technologies and Services segment grew revenue 69% in 2017.", (), ("69%",)),
    ],
)
def test_a_segment_that_grew_revenue_is_the_segments_revenue_in_the_cited_text(sec, claim, grounded, not_grounded):
    """CARBO Ceramics' 10-K 0001564590-18-004771 (crr-10k_20171231.htm); no companyfacts: the text alone."""
    r = verify_answer(claim, company="1009672", cite=[CRR_10K_URL])
    for text in grounded:
        assert figure(r, text).status == "grounded", figure(r, text).reason
    for text in not_grounded:
        assert figure(r, text).status != "grounded", figure(r, text).reason

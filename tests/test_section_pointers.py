"""Pointer or content (is_reference), decided by what a section holds (issue 15, section 4).

Real filings from the corpus, read straight from disk (no client); each case names its filing. The
whole labelled set (evals/section_references.tsv, made by reading every section of every corpus
filing) is scored here too, against a stated bar.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import score_sections as SS

from edgar_cli.documents.pointers import pointer_sentence
from edgar_cli.documents.references import analyse

BAR = 0.95  # precision and recall of is_reference, on each split


@pytest.fixture(scope="module")
def filings(corpus):
    """document id (accession number, or fixture name) -> (TextDocument, Outline), every corpus filing once."""
    return SS.parse_all(Path(corpus))


def pointer(filings, document: str, item: str):
    doc, outline = filings[document]
    s = next(x for x in outline.sections if x.item == item)
    return analyse(doc, outline, s)


# --- real content is never "reference only" --------------------------------------------------------------


@pytest.mark.parametrize(
    "document, item, why",
    [
        ("0000320193-24-000123", "2", "Apple FY2024: 'The Company's headquarters is located in Cupertino'"),
        ("0000320193-25-000079", "2", "Apple FY2025: the same properties paragraph"),
        ("0000051143-25-000015", "2", "IBM: 'corporate headquarters are located at an owned site in Armonk'"),
        ("0000796343-25-000004", "2", "Adobe: headquarters in San Jose, ending with 'See Note 18'"),
        (
            "0001045810-25-000023",
            "2",
            "NVIDIA FY2025: facilities described, one 'refer to Note 17' sentence at the end",
        ),
        ("0001045810-23-000017", "2", "NVIDIA FY2023: the same, with 'refer to Note 3'"),
        ("0000051143-25-000015", "9A", "IBM: the controls evaluation, then one reference sentence"),
        ("0000320187-25-000047", "3", "NIKE: no material pending proceedings, then 'Refer to Note 16'"),
        ("0000200406-25-000038", "5", "J&J: record holders and repurchases, the rest by reference"),
        (
            "0000072971-25-000066",
            "5",
            "Wells Fargo: listing, holders, dividends, repurchases; performance graph by reference",
        ),
        ("0000200406-25-000038", "12", "J&J: the equity compensation plan table beside a proxy pointer"),
        ("hubs/10q/hubs-10-q-2025-08-06.html", "II-6", "HubSpot: an exhibit list 'filed or incorporated by reference'"),
    ],
)
def test_sections_that_hold_content_are_not_pointers(filings, document, item, why):
    assert pointer(filings, document, item) is None, why


# --- pointers that used to be missed ------------------------------------------------------------------------


def test_boeings_item_3_incorporates_note_22_by_reference(filings):
    # 0000012927-25-000015: "We incorporate by reference into this Item our disclosures made in Note 22 ..."
    p = pointer(filings, "0000012927-25-000015", "3")
    assert p is not None and p.target.startswith("Note 22") and p.section == "financial_statements"


@pytest.mark.parametrize(
    "document, item",
    [
        ("0001065280-25-000323", "II-1A"),  # Netflix Q2 2025: no material changes from the 10-K's risk factors
        ("Oracle.10-Q.html", "II-1A"),  # consider the factors discussed in the 10-K; boilerplate only
        ("unp/10q/unp-10-q-2025-07-24.html", "I-3"),  # no material changes to the 10-K's market-risk disclosures
        ("xom/10q/xom-10-q-2025-08-04.html", "I-3"),  # "does not differ materially from" the 10-K's Item 7A
        ("ba/10q/ba-10-q-2025-07-29.html", "I-3"),  # no significant changes since December 31, 2024
    ],
)
def test_a_10q_item_that_only_says_nothing_changed_since_the_10k_points_to_the_10k(filings, document, item):
    p = pointer(filings, document, item)
    assert p is not None and "Form 10-K" in p.target and p.section is None


def test_a_10q_risk_factor_update_with_new_risks_is_content(filings):
    # NVIDIA Q2 FY2026 (0001045810-25-000209) and Boeing Q2 2025 add risk factors beside the pointer.
    assert pointer(filings, "0001045810-25-000209", "II-1A") is None
    assert pointer(filings, "ba/10q/ba-10-q-2025-07-29.html", "II-1A") is None


@pytest.mark.parametrize(
    "document, dates",
    [
        # Apple Q3 FY2025: the 2024 10-K's risk factors "and Part II, Item 1A of the Forms 10-Q for the quarters
        # ended December 28, 2024 ... and March 29, 2025", whose risk factors "are hereby incorporated by reference"
        ("0000320193-25-000073", ["December 28, 2024", "March 29, 2025"]),
        ("Apple.10-Q.html", ["March 30, 2024"]),  # Apple Q3 FY2024: the second quarter 2024 Form 10-Q
    ],
)
def test_a_10q_item_that_incorporates_earlier_10qs_names_them_beside_the_10k(filings, document, dates):
    p = pointer(filings, document, "II-1A")
    assert p is not None and "Form 10-K" in p.target and p.section is None
    assert all(d in p.target for d in dates) and "Form 10-Q" in p.target, p.target
    assert "nothing has changed" not in p.target  # the 10-Qs named changed the risk factors


def test_a_10q_item_that_names_only_the_10k_still_says_so(filings):
    p = pointer(filings, "0001065280-25-000323", "II-1A")  # Netflix Q2 2025: the 10-K alone
    assert p is not None and "10-Q" not in p.target and "nothing has changed" in p.target


@pytest.mark.parametrize(
    "document",
    [
        "0000320193-24-000123",  # Apple FY2024: "The Company has an insider trading policy ... filed as Exhibit 19.1"
        "0000796343-25-000004",  # Adobe FY2025: "Adobe has an insider trading policy governing ..."
        "0001065280-25-000044",  # Netflix FY2024: "The Company has adopted an insider trading policy ..."
        "0000200406-25-000038",  # J&J FY2024: "the Company has adopted an insider trading policy ...", after the codes
    ],
)
def test_an_item_10_that_holds_the_insider_trading_policy_disclosure_is_content(filings, document):
    # The disclosure (whether the company has adopted such a policy) is in the 10-K itself, before or after the
    # pointer to the proxy statement for the rest: the section is not only a pointer.
    assert pointer(filings, document, "10") is None


def test_part_iii_pointers_to_the_proxy_statement_stay_pointers(filings):
    for item in ("10", "11", "12", "13", "14"):  # NVIDIA FY2025, 0001045810-25-000023
        p = pointer(filings, "0001045810-25-000023", item)
        assert p is not None and "proxy statement" in p.target, item


# --- the sentence rule, by hand --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("Our headquarters is located in Santa Clara, California.", False),
        ("The Company's headquarters is located in Cupertino, California.", False),
        (
            "For additional information regarding obligations under leases, refer to Note 17 of the Notes to the "
            "Consolidated Financial Statements in Part IV, Item 15 of this Annual Report on Form 10-K.",
            True,
        ),
        (
            "We incorporate by reference into this Item our disclosures made in Note 22 to our Consolidated Financial "
            "Statements.",
            True,
        ),
        (
            "There have been no material changes from the risk factors previously disclosed under the heading \u201cRisk "
            "Factors\u201d in the Company\u2019s Annual Report on Form 10-K.",
            True,
        ),
        ("There were no changes in our internal control over financial reporting during the quarter.", False),
        (
            "The information required by this Item will be included in the 2025 Proxy Statement, and is incorporated "
            "herein by reference.",
            True,
        ),
    ],
)
def test_a_pointer_sentence_names_where_its_information_is(sentence, expected):
    assert pointer_sentence(sentence) is expected


# --- the labelled set ----------------------------------------------------------------------------------------


def test_is_reference_scores_above_the_bar_on_every_corpus_section(corpus, filings):
    scores, problems = SS.score_references(Path(corpus), parsed=filings)
    assert problems == []  # every section found has a label, every label a section
    for split in ("dev", "held_out"):
        sc = scores[split]
        assert sc.precision >= BAR and sc.recall >= BAR, (split, sc.line(), sc.wrong)
    assert scores["all"].tp + scores["all"].fn >= 150  # the set holds real pointers, not only content


# --- every corpus filing passes what a fetched filing document must be ----------------------------------------


def test_every_corpus_filing_document_passes_the_checks_a_fetched_one_must_pass(filings, corpus):
    # A fetched primary document is kept only when whole, that accession's by its cover facts (form and period of
    # report from the submissions, where the corpus holds them) and holding its form's core items
    # (sec/validate.check_filing_document, capabilities/sections.missing_core_items): no real filing may fail them.
    import json

    from edgar_cli.capabilities.section.section import missing_core_items
    from edgar_cli.sec.validate import check_filing_document

    reported: dict[str, tuple[str, str | None]] = {}
    for p in (Path(corpus) / "data.sec.gov" / "submissions").glob("*.json"):
        data = json.loads(p.read_bytes())
        block = data.get("filings", {}).get("recent", data)
        for acc, form, end in zip(block.get("accessionNumber", []), block.get("form", []), block.get("reportDate", [])):
            reported[acc] = (form, end or None)
    docs = SS.collect(Path(corpus))
    assert len(docs) == len(filings) >= 40
    with_submissions = 0
    for d in docs:
        ident = SS.document_id(d)
        form, period = reported.get(ident, (d.form, None))
        with_submissions += ident in reported
        check_filing_document(
            d.url or f"https://www.sec.gov/fixture/{d.name}", d.path.read_bytes(), form=form, period=period
        )
        assert missing_core_items(filings[ident][1], form, period) == [], ident
    assert with_submissions >= 10  # NVIDIA, Apple, Tesla, ... checked against their submissions' form and period

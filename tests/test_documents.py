"""HTML/text to clean text and section boundaries (edgar_cli/documents), on small hand-written
documents and on real filings read straight from the corpus (no client involved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from edgar_cli.documents import items as I
from edgar_cli.documents.references import analyse
from edgar_cli.documents.sections import build_outline
from edgar_cli.documents.text import detect_form, html_to_document, to_document

ARCHIVES = "www.sec.gov/Archives/edgar/data"


def outline_of(html: str, form: str = "10-K"):
    doc = html_to_document(html)
    return doc, build_outline(doc, form)


def text_of(doc, outline, key: str) -> str:
    s = outline.get(key)
    assert s is not None, [x.key for x in outline.sections]
    return doc.text[s.start : s.end]


@pytest.fixture(scope="module")
def corpus_doc(corpus):
    cache: dict = {}

    def load(rel: str, form: str):
        if (rel, form) not in cache:
            doc = to_document((Path(corpus) / rel).read_bytes(), form)
            cache[(rel, form)] = (doc, build_outline(doc, form))
        return cache[(rel, form)]

    return load


# --- HTML to text ---------------------------------------------------------------------------------


def test_hidden_inline_xbrl_header_and_scripts_are_dropped_and_wrappers_unwrapped():
    doc = html_to_document(
        '<html><body><div style="display:none"><ix:header>dei:hidden 0001045810</ix:header></div>'
        "<script>var x = 1;</script><p>Revenue was <ix:nonFraction name='us-gaap:Revenues'>130,497</ix:nonFraction>"
        " million.</p></body></html>"
    )
    assert doc.text == "Revenue was 130,497 million."


def test_tables_are_rows_with_cells_joined_and_dollar_signs_kept_with_their_numbers():
    doc = html_to_document(
        "<p>Results</p><table><tr><td>Revenue</td><td>$</td><td>60,922</td><td>(</td>"
        "<td>12</td><td>)%</td></tr><tr><td>Net income</td><td>$</td><td>29,760</td></tr></table>"
        "<p>After.</p>"
    )
    assert doc.text == "Results\n\nRevenue | $60,922 | (12)%\nNet income | $29,760\n\nAfter."


def test_page_numbers_and_running_footers_between_pages_are_removed():
    page = (
        "<p>Body text about {w} that is long enough to be prose.</p><p>Acme Corp | 2024 Form 10-K | {n}</p>"
        '<p>{n}</p><hr style="page-break-after:always"/>'
    )
    words = ["revenue", "costs", "taxes", "risks", "leases"]
    doc = html_to_document("".join(page.format(n=n, w=w) for n, w in enumerate(words, 1)))
    assert "Form 10-K |" not in doc.text
    assert doc.text.count("Body text about") == 5
    assert "\n\n3\n\n" not in doc.text


def test_a_paragraph_cut_by_a_page_break_is_joined_again():
    doc = html_to_document(
        "<p>The company evaluated the effectiveness of its disclosure controls as of the end of the"
        '</p><hr style="page-break-after:always"/><p>period covered by this report.</p>'
    )
    assert "as of the end of the period covered by this report." in doc.text


def test_plain_text_inside_a_single_div_keeps_its_lines():
    lines = "\n".join(f"Line {i} of an old text filing that edgartools wrapped in a div." for i in range(400))
    doc = html_to_document(f"<html><body><div>{lines}</div></body></html>")
    assert doc.kind == "text" and len(doc.blocks) == 400


# --- headings -------------------------------------------------------------------------------------

BODY = "<p>" + "Substantive text of the section, long enough to be a paragraph of prose. " * 4 + "</p>"


def test_item_7_dot_and_item_7_dash_and_item_1a_colon_are_all_headings():
    _doc, o = outline_of(
        f"<p>ITEM 1A: RISK FACTORS</p>{BODY}<p>Item 7 - Management’s Discussion and Analysis</p>"
        f"{BODY}<p>ITEM 7A. QUANTITATIVE AND QUALITATIVE DISCLOSURES ABOUT MARKET RISK</p>{BODY}"
    )
    assert [s.item for s in o.sections] == ["1A", "7", "7A"]
    assert all(s.title_matched for s in o.sections)


def test_a_heading_split_across_two_blocks_takes_its_title_from_the_next():
    # IBM's 10-Q writes "Item 2." and the title in separate elements.
    _doc, o = outline_of(
        f"<p>Item 1. Financial Statements</p>{BODY}<div><b>Item 2.</b></div>"
        f"<div><b>Management’s Discussion and Analysis of Financial Condition</b></div>{BODY}",
        "10-Q",
    )
    s = o.get("mda")
    assert s is not None and s.title_matched and "Management’s Discussion" in s.heading


def test_cross_references_in_running_text_are_not_headings():
    doc, o = outline_of(
        f"<p>Item 1. Business</p>{BODY}<p>Item 1A of this report describes our risks in detail.</p>{BODY}"
        "<p>“Item 7, Management’s Discussion” is below; see Item 1A, “Risk Factors,” for more.</p>"
        f"<p>Item 1A. Risk Factors</p>{BODY}"
    )
    s = o.get("risk_factors")
    assert s is not None and doc.text[s.start :].startswith("Item 1A. Risk Factors")
    assert o.get("mda") is None


def test_a_table_of_contents_with_page_numbers_is_skipped():
    toc = "".join(
        f"<tr><td>Item {n}.</td><td>{t}</td><td>{p}</td></tr>"
        for n, t, p in [("1", "Business", 3), ("1A", "Risk Factors", 9), ("7", "Management’s Discussion", 30)]
    )
    doc, o = outline_of(
        f"<table>{toc}</table><p>Item 1. Business</p>{BODY}<p>Item 1A. Risk Factors</p>{BODY}"
        f"<p>Item 7. Management’s Discussion and Analysis</p>{BODY}"
    )
    for key in ("business", "risk_factors", "mda"):
        assert len(text_of(doc, o, key)) > 200
    assert doc.text.index("Item 1. Business") == o.get("business").start


def test_items_1_and_2_combined_give_both_keys_the_same_text():
    doc, o = outline_of(f"<p>Items 1 and 2. Business and Properties</p>{BODY}<p>Item 3. Legal Proceedings</p>{BODY}")
    assert text_of(doc, o, "business") == text_of(doc, o, "properties")


def test_section_keys_resolve_from_aliases_for_each_form():
    assert I.resolve_key("10-K", "Item 1A").key == "risk_factors"
    assert I.resolve_key("10-K", "MD&A").key == "mda"
    assert I.resolve_key("10-K", "item 7a").key == "market_risk"
    assert I.resolve_key("10-Q", "Part II Item 1A").item == "II-1A"
    assert I.resolve_key("10-Q", "item 1").key == "financial_statements"
    assert I.resolve_key("10-Q", "part 2 item 1").key == "legal_proceedings"
    assert I.resolve_key("20-F", "risk factors").item == "3D"
    assert I.resolve_key("10-K", "no such thing") is None


# --- real filings from the corpus -----------------------------------------------------------------


def test_nvidia_fy2025_risk_factors_start_at_the_heading_after_the_table_of_contents(corpus_doc):
    # 0001045810-25-000023: the TOC row "Item 1A. | Risk Factors | 13" comes first and must not be used.
    doc, o = corpus_doc(f"{ARCHIVES}/1045810/000104581025000023/nvda-20250126.htm", "10-K")
    s = o.get("risk_factors")
    text = doc.text[s.start : s.end]
    assert text.startswith("Item 1A. Risk Factors\n\n") and 100_000 < len(text) < 120_000
    assert "| 13" not in text[:200]
    assert [x.item for x in o.sections][:5] == ["C", "1", "1A", "1B", "1C"]  # the cover page, then the items


def test_mastercard_running_headers_do_not_replace_the_real_headings(corpus_doc):
    # 0001141391-25-000011 repeats "ITEM 1C. CYBERSECURITY" at the top of each page of the item.
    doc, o = corpus_doc(f"{ARCHIVES}/1141391/000114139125000011/ma-20241231.htm", "10-K")
    assert o.get("cybersecurity").heading == "Item 1C. Cybersecurity"
    assert (
        doc.text[o.get("unresolved_staff_comments").start : o.get("unresolved_staff_comments").end].strip()
        == "Item 1B. Unresolved staff comments\n\nNot applicable."
    )
    for key in ("business", "risk_factors", "mda", "market_risk", "financial_statements"):
        assert o.get(key) is not None


def test_a_2000_plain_text_10q_is_split_into_its_items(corpus_doc):
    # 0000912057-00-023442: Apple's 10-Q for the quarter ended 2000-04-01, a plain-text SGML submission.
    doc, o = corpus_doc(f"{ARCHIVES}/320193/000091205700023442/0000912057-00-023442.txt", "10-Q")
    assert [s.item for s in o.sections] == ["C", "I-1", "I-2", "I-3", "II-1", "II-4", "II-6"]
    mda = doc.text[o.get("mda").start : o.get("mda").end]
    assert mda.startswith("ITEM 2. MANAGEMENT'S DISCUSSION") and len(mda) > 20_000
    assert "<S>" not in doc.text and "<PAGE>" not in doc.text


def test_an_asset_backed_10k_lists_items_omitted_under_general_instruction_j(corpus_doc):
    # 0001779026-23-000027: CarMax Auto Owner Trust 2019-3, an SGML .txt submission with an HTML document.
    doc, o = corpus_doc(f"{ARCHIVES}/1779026/000177902623000027/0001779026-23-000027.txt", "10-K")
    s = o.get("risk_factors")
    assert s.found_by == "omitted_list"
    assert "General Instruction J" in analyse(doc, o, s).target


def test_a_1999_10k_has_no_item_1a_but_its_risk_factor_heading_is_found(corpus_doc):
    # Medicis 0000950153-99-001234: "Additional Factors That May Affect Future Results" inside Item 1.
    _doc, o = corpus_doc("_unplaced/parity_gate/10-K/0000950153-99-001234.html", "10-K")
    s = o.get("risk_factors")
    assert s.found_by == "title_heading" and s.heading == "Additional Factors That May Affect Future Results"


def test_20f_risk_factors_are_item_3d_inside_item_3(corpus_doc):
    # Loncor Resources 20-F 0001062993-16-008650.
    _doc, o = corpus_doc("_unplaced/parity_gate/20-F/0001062993-16-008650.html", "20-F")
    rf, item3 = o.get("risk_factors"), o.get("key_information")
    assert rf.heading == "D. Risk Factors" and item3.start < rf.start < rf.end == item3.end
    assert rf.end - rf.start > 40_000


def test_the_form_is_read_from_the_document(corpus):
    nvda = (Path(corpus) / f"{ARCHIVES}/1045810/000104581025000209/nvda-20250727.htm").read_bytes()
    assert detect_form(nvda) == "10-Q"
    txt = (Path(corpus) / f"{ARCHIVES}/1779026/000177902623000027/0001779026-23-000027.txt").read_bytes()
    assert detect_form(txt) == "10-K"


def test_netflix_statements_after_item_16_are_an_appendix_that_item_8_points_to(corpus_doc):
    # 0001065280-25-000044: Item 8 says the statements are "included immediately following Part IV".
    doc, o = corpus_doc(f"{ARCHIVES}/1065280/000106528025000044/nflx-20241231.htm", "10-K")
    assert doc.text[o.get("form_10k_summary").start : o.get("form_10k_summary").end].strip().endswith("None.")
    appendix = o.get("financial_statements_appendix")
    assert appendix.end - appendix.start > 90_000
    pointer = analyse(doc, o, o.get("financial_statements"))
    assert pointer is not None and pointer.section == "financial_statements_appendix"


# --- review findings (filings_sections.md) --------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures" / "sections"


def test_item_1122_of_regulation_ab_is_not_item_11(corpus_doc):
    # Finding 1, CarMax Auto Owner Trust 2019-3 (0001779026-23-000027): "Item 1122 of Regulation AB. Compliance
    # with Applicable Servicing Criteria" was read as Item 11. Item 11 is only listed as omitted (General
    # Instruction J), like Items 10, 12, 13 and 14.
    doc, o = corpus_doc(f"{ARCHIVES}/1779026/000177902623000027/0001779026-23-000027.txt", "10-K")
    s = o.get("executive_compensation")
    assert s.found_by == "omitted_list" and "General Instruction J" in analyse(doc, o, s).target
    assert not any(x.heading.startswith("Item 11") and "Regulation AB" in x.heading for x in o.sections)


def test_items_of_regulation_s_k_and_ab_with_longer_numbers_are_never_item_headings():
    _doc, o = outline_of(
        f"<p>Item 1. Business</p>{BODY}<p>Item 101 of Regulation S-K. Description of Business</p>"
        f"{BODY}<p>Item 1117 of Regulation AB. Legal Proceedings</p>{BODY}"
    )
    assert [s.item for s in o.sections] == ["1"]


def test_a_cross_reference_line_inside_item_7a_never_outranks_the_real_item_8_heading():
    # Finding 4 (synthetic: no corpus document shows it): Item 7A quotes "Item 8. Financial Statements and
    # Supplementary Data" on a line of its own after "refer to the following section of this report:", and
    # goes on for longer than the real Item 8 (a one-line pointer to Item 15).
    doc, o = outline_of((FIXTURES / "crossref_line_in_item_7a.html").read_text(encoding="utf-8"))
    market_risk, item8 = text_of(doc, o, "market_risk"), text_of(doc, o, "financial_statements")
    assert "refer to the following section of this report:\n\nItem 8. Financial Statements" in market_risk
    assert "100 basis point change" in market_risk
    assert item8.startswith("Item 8. Financial Statements and Supplementary Data\n\nThe information required")
    assert "basis point" not in item8
    assert [s.item for s in o.sections] == ["7", "7A", "8", "9", "9A", "15"]


def test_a_cross_reference_line_alone_is_still_a_heading_when_nothing_better_exists():
    # a heading introduced by a colon is suspicious, not impossible: with no other Item 8, it stands
    _doc, o = outline_of(
        f"<p>Item 7. Management’s Discussion and Analysis</p>{BODY}"
        f"<p>The financial statements of the Company are presented as follows:</p>"
        f"<p>Item 8. Financial Statements and Supplementary Data</p>{BODY}"
    )
    assert [s.item for s in o.sections] == ["7", "8"]


def test_part_iii_items_stacked_above_one_shared_pointer_are_all_pointers(corpus_doc):
    # Finding 3, Medicis 0000950153-99-001234: the headings of Items 10-13 follow each other, then "The
    # information called for by Items 10, 11, 12 and 13 are incorporated by reference to the Company's
    # definitive Proxy Statement". Only Item 13 used to be flagged.
    doc, o = corpus_doc("_unplaced/parity_gate/10-K/0000950153-99-001234.html", "10-K")
    for key, _item in (("directors", "10"), ("executive_compensation", "11"), ("security_ownership", "12")):
        p = analyse(doc, o, o.get(key))
        assert p is not None and "proxy statement" in p.target and p.shared_with == "13", key
        assert "Items 10, 11, 12 and 13 are incorporated by reference" in doc.text[o.get(key).start : p.end]
    assert analyse(doc, o, o.get("related_transactions")).shared_with is None


def test_an_empty_item_followed_by_a_pointer_that_does_not_name_it_is_not_a_pointer():
    doc, o = outline_of(
        "<p>Item 10. Directors, Executive Officers and Corporate Governance</p>"
        "<p>Item 11. Executive Compensation</p>"
        "<p>The information required by Item 11 is incorporated by reference to our proxy statement.</p>"
        f"<p>Item 12. Security Ownership of Certain Beneficial Owners</p>{BODY}"
    )
    assert analyse(doc, o, o.get("directors")) is None
    assert analyse(doc, o, o.get("executive_compensation")) is not None


def test_items_named_by_a_pointer_include_lists_and_ranges():
    from edgar_cli.documents.references import items_named

    assert items_named("10-K", "called for by Items 10, 11, 12 and 13 are") == {"10", "11", "12", "13"}
    assert items_named("10-K", "Items 10 through 14 of Part III") == {"10", "11", "12", "13", "14"}
    assert items_named("10-K", "Item 9A and Item 9B") == {"9A", "9B"}


def test_an_item_8_whose_statements_are_on_pages_points_to_the_f_pages(corpus_doc):
    # Finding 6, GAINSCO 0001193125-10-073212: "The following Consolidated Financial Statements are on pages 64
    # through 112:" and an index; the statements follow the signatures.
    doc, o = corpus_doc("_unplaced/parity_gate/10-K/0001193125-10-073212.html", "10-K")
    p = analyse(doc, o, o.get("financial_statements"))
    assert p is not None and p.section == "financial_statements_appendix"
    appendix = o.get("financial_statements_appendix")
    assert doc.text[appendix.start : appendix.end].startswith("MANAGEMENT’S REPORT ON INTERNAL CONTROL")
    assert appendix.end - appendix.start > 100_000


def test_a_20f_item_18_that_appears_on_f_pages_points_to_the_statements_after_the_signatures(corpus_doc):
    # Finding 6, Loncor Resources 20-F 0001062993-16-008650: Item 18 "The financial statements appear on pages
    # F-1 through F-26"; the F-pages follow the signatures.
    doc, o = corpus_doc("_unplaced/parity_gate/20-F/0001062993-16-008650.html", "20-F")
    p = analyse(doc, o, o.get("financial_statements"))
    assert p is not None and p.section == "financial_statements_appendix"
    appendix = o.get("financial_statements_appendix")
    text = doc.text[appendix.start : appendix.end]
    assert (
        text.startswith("CONSOLIDATED FINANCIAL STATEMENTS") and "Consolidated Statements of Financial Position" in text
    )


def test_a_pre_2003_item_14_is_the_exhibits_item_not_accountant_fees(corpus_doc):
    # Finding 7, Medicis 0000950153-99-001234 (FY1999): "Item 14: Exhibits, Financial Statement Schedules and
    # Reports on Form 8-K".
    doc, o = corpus_doc("_unplaced/parity_gate/10-K/0000950153-99-001234.html", "10-K")
    assert o.get("accountant_fees") is None
    s = o.get("exhibits")
    assert s.item == "14" and s.label == "Item 14. Exhibits, Financial Statement Schedules and Reports on Form 8-K"
    assert doc.text[s.start : s.end].startswith("Item 14: Exhibits, Financial Statement Schedules")


def test_mastercard_items_end_without_the_next_items_page_header_and_have_none_in_mid_text(corpus_doc):
    # Finding 8, 0001141391-25-000011: "ITEM 9. CHANGES IN AND DISAGREEMENTS ..." (the running header of the
    # page where Item 9 begins) closed Item 8, and "ITEM 1C. CYBERSECURITY" sat in the middle of Item 1C.
    doc, o = corpus_doc(f"{ARCHIVES}/1141391/000114139125000011/ma-20241231.htm", "10-K")
    for key in ("mda", "financial_statements", "controls"):
        tail = text_of(doc, o, key).rstrip().rsplit("\n\n", 1)[-1]
        assert not tail.startswith("ITEM"), (key, tail)
    cyber = text_of(doc, o, "cybersecurity")
    assert cyber.startswith("Item 1C. Cybersecurity") and "ITEM 1C. CYBERSECURITY" not in cyber
    assert "Our Board and Risk Committee have specific oversight" in cyber


def test_carbo_item_16_ends_where_the_f_pages_begin(corpus_doc):
    # Finding 8, CARBO Ceramics 0001564590-18-004771: Item 16 reads "None"; the F-pages open with management's
    # report on internal control, which Item 16 used to swallow.
    doc, o = corpus_doc(f"{ARCHIVES}/1009672/000156459018004771/crr-10k_20171231.htm", "10-K")
    assert text_of(doc, o, "form_10k_summary").strip() == "Item 16. | Form 10-K Summary\n\nNone"
    assert text_of(doc, o, "financial_statements_appendix").startswith(
        "MANAGEMENT’S REPORT ON INTERNAL CONTROL OVER FINANCIAL REPORTING"
    )


def test_the_outline_item_f_and_form_spellings_resolve_like_edgar_filings():
    from edgar_cli.capabilities.filings.filings import parse_form

    assert I.resolve_key("10-K", "F").key == "financial_statements_appendix"
    assert I.resolve_key("20-F", "f").key == "financial_statements_appendix"
    assert I.resolve_key("10-Q", "II-1A").key == "risk_factors"
    from edgar_cli.sec.submissions import family_of

    # Finding 8: `edgar filings --form 10q` was accepted and `edgar section --form 10q` rejected
    for spelling in ("10q", "10-q", "10 Q", "10Q", "10k", "10-K/A", "10k405", "10-KT", "10-KT/A", "20f", "20-F/A"):
        _family, forms = parse_form(spelling)
        assert I.family(spelling) == family_of(forms[0]), spelling


def test_dropping_blocks_keeps_the_other_blocks_and_their_offsets():
    doc = html_to_document(
        "<p>First paragraph.</p><p>RUNNING HEADER</p><table><tr><td>a</td><td>1</td></tr>"
        "<tr><td>b</td><td>2</td></tr></table><p>Last.</p><p>TRAILER</p>"
    )
    texts = [doc.block_text(i) for i in range(len(doc.blocks))]
    shift = doc.drop_blocks({1, len(texts) - 1})
    assert doc.text == "First paragraph.\n\na | 1\nb | 2\n\nLast."
    assert [doc.block_text(i) for i in range(len(doc.blocks))] == [
        t for k, t in enumerate(texts) if k not in (1, len(texts) - 1)
    ]
    assert shift(len("First paragraph.\n\nRUNNING HEADER\n\n")) == len("First paragraph.\n\n")


def test_an_explanatory_note_after_the_table_of_contents_runs_to_part_i_and_the_cover_stops_at_the_contents():
    doc, o = outline_of(
        "<p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</p><p>FORM 10-K/A</p><p>Example Corp.</p>"
        "<p><b>TABLE OF CONTENTS</b></p>"
        "<table><tr><td>Item 1.</td><td>Business</td><td>3</td></tr><tr><td>Item 1A.</td><td>Risk Factors</td>"
        "<td>9</td></tr><tr><td>Item 7.</td><td>Management's Discussion</td><td>20</td></tr></table>"
        "<p><b>EXPLANATORY NOTE</b></p><p>This Amendment No. 1 is filed to correct the date of the auditor's "
        "report.</p><p><b>PART I</b></p>"
        f"<p>Item 1. Business</p>{BODY}<p>Item 1A. Risk Factors</p>{BODY}"
    )
    assert [s.item for s in o.sections][:3] == ["C", "EN", "1"]
    cover, note = text_of(doc, o, "cover"), text_of(doc, o, "explanatory_note")
    assert "FORM 10-K/A" in cover and "TABLE OF CONTENTS" not in cover
    assert note.startswith("EXPLANATORY NOTE") and note.rstrip().endswith("the date of the auditor's report.")


def test_a_document_with_no_item_has_no_front_matter_either():
    doc, o = outline_of(f"<p>EXPLANATORY NOTE</p><p>Some text.</p>{BODY}")
    assert o.sections == []

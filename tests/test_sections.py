"""get_filing_section on real filings through the corpus mirror.

Every document named here is in ../shared/sec-corpus under its Archives URL; the
accession number of each is given in the test.
"""

from __future__ import annotations

import pytest
from lookups import refusal

from edgar_cli.capabilities.section import section as cap
from edgar_cli.capabilities.section.section import get_filing_outline, get_filing_section

NVDA_FY2025 = "0001045810-25-000023"  # nvda-20250126.htm, filed 2025-02-26
NVDA_Q2_FY2026 = "0001045810-25-000209"  # nvda-20250727.htm, 10-Q
AAPL_Q3_FY2025 = "0000320193-25-000073"  # aapl-20250628.htm, 10-Q
AAPL_Q2_FY2000 = "0000912057-00-023442"  # plain-text 10-Q, no primary document listed


def test_nvidia_fy2025_risk_factors_is_tens_of_thousands_of_characters_not_a_toc_line(sec):
    r = get_filing_section("NVDA", "risk_factors", fiscal_year=2025, max_chars=5000)
    assert r.accession_number == NVDA_FY2025 and r.form == "10-K" and str(r.period_of_report) == "2025-01-26"
    assert r.document_url == "https://www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
    assert r.item == "1A" and r.label == "Item 1A. Risk Factors"
    assert 100_000 < r.chars_total < 120_000
    assert r.text.startswith("Item 1A. Risk Factors\n\nThe following risk factors should be considered")
    assert r.extraction_confidence == "high" and not r.is_reference
    assert r.truncated and r.next_offset is not None and r.chars_returned <= 5000


def test_nvidia_item_8_is_a_pointer_to_the_statements_under_item_15(sec):
    r = get_filing_section("NVDA", "Item 8", accession_number=NVDA_FY2025)
    assert r.is_reference and r.reference_section == "exhibits"
    assert "set forth in our Consolidated Financial Statements" in r.text and r.chars_total < 400
    statements = get_filing_section("NVDA", r.reference_section, accession_number=NVDA_FY2025, max_chars=200_000)
    assert "Report of Independent Registered Public Accounting Firm" in statements.text
    assert statements.chars_total > 100_000


def test_part_iii_items_point_to_the_proxy_statement(sec):
    r = get_filing_section("NVDA", "executive_compensation", accession_number=NVDA_FY2025)
    assert r.is_reference and "proxy statement" in r.reference_target


def test_apple_10q_part_ii_item_1a_is_the_risk_factor_update_not_part_i(sec):
    r = get_filing_section("AAPL", "Part II Item 1A", form="10-Q", accession_number=AAPL_Q3_FY2025)
    assert r.item == "II-1A" and r.section == "risk_factors"
    assert r.text.startswith("Item 1A. Risk Factors")
    assert "Form 10-K" in r.text and r.chars_total < 3000
    # the same number in Part I is the financial statements
    fs = get_filing_section("AAPL", "item 1", form="10-Q", accession_number=AAPL_Q3_FY2025, max_chars=300)
    assert fs.item == "I-1" and fs.chars_total > 20_000


def test_nvidia_10q_part_ii_item_1a_is_long(sec):
    r = get_filing_section("NVDA", "risk_factors", form="10-Q", accession_number=NVDA_Q2_FY2026)
    assert r.item == "II-1A" and 28_000 < r.chars_total < 34_000


def test_pages_from_offset_and_next_offset_rebuild_the_whole_section(sec):
    first = get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025, max_chars=8000)
    pages, r = [first.text], first
    while r.truncated:
        r = get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025, max_chars=8000, offset=r.next_offset)
        pages.append(r.text)
    assert len(pages) >= 5 and r.next_offset is None
    whole = get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025, max_chars=200_000).text
    assert "".join(pages).replace("\n", "").replace(" ", "") == whole.replace("\n", "").replace(" ", "")
    assert all(len(p) <= 8000 for p in pages)


def test_a_second_section_and_a_next_page_neither_fetch_nor_parse_again(sec, monkeypatch):
    get_filing_section("NVDA", "business", accession_number=NVDA_FY2025, max_chars=1000)
    fetched = len(sec.requests.urls)
    monkeypatch.setattr(cap, "to_document", lambda *a, **k: pytest.fail("parsed twice"))
    get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025, max_chars=1000)
    get_filing_section("NVDA", "business", accession_number=NVDA_FY2025, max_chars=1000, offset=1000)
    assert not [u for u in sec.requests.urls[fetched:] if "/Archives/" in u]


def test_the_parsed_document_is_cached_on_disk_for_the_next_process(sec, monkeypatch):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    first = get_filing_section("NVDA", "risk_factors", accession_number=NVDA_FY2025, max_chars=500)
    other = SecClient(Settings.from_env())  # a new process: empty memo, same cache directory
    monkeypatch.setattr(cap, "to_document", lambda *a, **k: pytest.fail("parsed again"))
    again = get_filing_section("NVDA", "risk_factors", accession_number=NVDA_FY2025, max_chars=500, client=other)
    assert again.text == first.text and again.chars_total == first.chars_total


def test_an_old_filing_without_a_primary_document_is_read_from_the_full_submission_text(sec):
    r = get_filing_section("AAPL", "mda", form="10-Q", accession_number=AAPL_Q2_FY2000, max_chars=500)
    assert r.document_url.endswith("/000091205700023442/0000912057-00-023442.txt")
    assert r.text.startswith("ITEM 2. MANAGEMENT'S DISCUSSION AND ANALYSIS") and r.chars_total > 20_000


def test_an_unknown_section_lists_the_keys_of_the_form(sec):
    e = refusal(get_filing_section, "NVDA", "chairman's letter", accession_number=NVDA_FY2025)
    assert e.code == "invalid_argument" and "risk_factors (1A)" in e.suggestion
    e = refusal(get_filing_section, "NVDA", "Item 1A", form="8-K")
    assert e.code == "invalid_argument"


def test_a_section_missing_from_the_document_names_the_url_and_the_sections_found(sec):
    # NVIDIA's 10-Q has no Part II Item 3 (Defaults Upon Senior Securities).
    e = refusal(get_filing_section, "NVDA", "defaults", form="10-Q", accession_number=NVDA_Q2_FY2026)
    assert e.code == "not_found" and "nvda-20250727.htm" in e.message and "risk_factors (II-1A)" in e.message
    assert e.extras["document_url"].endswith("nvda-20250727.htm")
    assert {o["section"] for o in e.extras["outline"]} >= {"financial_statements", "mda", "risk_factors"}


def test_an_accession_of_another_company_is_refused(sec):
    e = refusal(get_filing_section, "AAPL", "risk_factors", accession_number=NVDA_FY2025)
    assert e.code == "not_found" and "not among the filings" in e.message
    e = refusal(get_filing_section, "NVDA", "risk_factors", accession_number="../../etc/passwd")
    assert e.code == "invalid_argument"


def test_bad_paging_arguments_are_invalid(sec):
    for kwargs in ({"max_chars": -1}, {"offset": -1}, {"offset": 10_000_000}):
        e = refusal(get_filing_section, "NVDA", "risk_factors", accession_number=NVDA_FY2025, **kwargs)
        assert e.code == "invalid_argument"


def test_a_file_on_disk_gives_the_same_section_as_the_fetched_document(sec, corpus):
    path = corpus / "www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
    from_file = get_filing_section(section="risk_factors", file=str(path), max_chars=3000)
    fetched = get_filing_section("NVDA", "risk_factors", accession_number=NVDA_FY2025, max_chars=3000)
    assert from_file.text == fetched.text and from_file.chars_total == fetched.chars_total
    assert from_file.source_file == str(path.resolve()) and from_file.document_url is None
    assert from_file.form == "10-K" and "detected" in " ".join(from_file.notes)


# --- review findings (filings_sections.md) --------------------------------------------------------

MEDICIS_1999 = "_unplaced/parity_gate/10-K/0000950153-99-001234.html"  # Medicis 10-K, FY1999
CARMAX_ABS = "www.sec.gov/Archives/edgar/data/1779026/000177902623000027/0001779026-23-000027.txt"


def test_carmax_abs_trust_item_11_is_omitted_not_regulation_ab_item_1122(sec, corpus):
    # Finding 1 (0001779026-23-000027): executive_compensation returned "Item 1122 of Regulation AB ..."
    r = get_filing_section(section="executive_compensation", file=str(corpus / CARMAX_ABS))
    assert r.is_reference and "General Instruction J" in r.reference_target
    assert "Item 1122" not in r.text and "Item 11. | Executive Compensation" in r.text


def test_part_iii_items_sharing_one_pointer_each_return_it_with_the_proxy_target(sec, corpus):
    # Finding 3: Items 10-12 of Medicis' 10-K were the bare heading (59 characters), is_reference false.
    for key in ("directors", "executive_compensation", "security_ownership"):
        r = get_filing_section(section=key, file=str(corpus / MEDICIS_1999))
        assert r.is_reference and "proxy statement" in r.reference_target, key
        assert r.text.rstrip().endswith(
            "definitive Proxy Statement for the 1999 Annual Meeting of Shareholders to "
            "be filed pursuant to Regulation 14A."
        ), key
        assert r.extraction_confidence == "medium" and "Item 13" in r.confidence_reasons[0]
    assert {o.section for o in r.outline if o.is_reference} >= {
        "directors",
        "executive_compensation",
        "security_ownership",
        "related_transactions",
    }


def test_an_item_8_on_pages_64_through_112_is_a_pointer_to_the_f_pages(sec, corpus):
    # Finding 6, GAINSCO 0001193125-10-073212.
    r = get_filing_section(
        section="financial_statements", file=str(corpus / "_unplaced/parity_gate/10-K/0001193125-10-073212.html")
    )
    assert r.is_reference and r.reference_section == "financial_statements_appendix"
    assert "are on pages 64 through 112" in r.text


def test_a_20f_item_18_pointer_names_the_f_pages_section_which_can_be_read(sec, corpus):
    # Finding 6, Loncor Resources 20-F 0001062993-16-008650.
    path = str(corpus / "_unplaced/parity_gate/20-F/0001062993-16-008650.html")
    r = get_filing_section(section="financial_statements", file=path)
    assert r.is_reference and r.reference_section == "financial_statements_appendix"
    statements = get_filing_section(section=r.reference_section, file=path, max_chars=200_000)
    assert "Consolidated Statements of Financial Position" in statements.text and statements.chars_total > 60_000


def test_a_pre_2003_item_14_is_returned_as_exhibits_and_accountant_fees_explains_why_it_is_missing(sec, corpus):
    # Finding 7: accountant_fees returned "Item 14: Exhibits, ..." labelled "Principal Accountant Fees and
    # Services" with high confidence, and exhibits was not_found.
    path = str(corpus / MEDICIS_1999)
    r = get_filing_section(section="exhibits", file=path, max_chars=500)
    assert r.item == "14" and r.label == "Item 14. Exhibits, Financial Statement Schedules and Reports on Form 8-K"
    e = refusal(get_filing_section, section="accountant_fees", file=path)
    assert e.code == "not_found" and "Before 2003 Item 14 was Exhibits" in e.suggestion


def test_the_f_item_of_the_outline_is_a_section_key(sec, corpus):
    # Finding 8: the outline shows item "F" (Netflix 0001065280-25-000044), so "F" is accepted as a section.
    path = corpus / "www.sec.gov/Archives/edgar/data/1065280/000106528025000044/nflx-20241231.htm"
    r = get_filing_section(section="F", file=str(path), max_chars=1000)
    assert r.section == "financial_statements_appendix" and r.chars_total > 90_000


def test_section_accepts_the_form_spellings_that_filings_accepts(sec):
    r = get_filing_section("AAPL", "Part II Item 1A", form="10q", accession_number=AAPL_Q3_FY2025, max_chars=200)
    assert r.item == "II-1A" and r.form == "10-Q"


def test_a_file_with_a_fiscal_year_or_an_accession_is_refused_not_ignored(sec, corpus):
    path = str(corpus / MEDICIS_1999)
    for kwargs in ({"fiscal_year": 1999}, {"accession_number": "0000950153-99-001234"}):
        e = refusal(get_filing_section, section="mda", file=path, **kwargs)
        assert e.code == "invalid_argument" and "file" in e.message


def test_pages_put_end_to_end_are_the_section_exactly(sec):
    # Finding 8: the newline at each cut was dropped, so pasted pages merged paragraphs.
    whole = get_filing_section("NVDA", "business", accession_number=NVDA_FY2025, max_chars=200_000).text
    pages, offset = [], 0
    while offset is not None:
        r = get_filing_section("NVDA", "business", accession_number=NVDA_FY2025, max_chars=3000, offset=offset)
        assert r.chars_returned <= 3000 and (r.next_offset is None or r.next_offset == offset + r.chars_returned)
        pages.append(r.text)
        offset = r.next_offset
    assert len(pages) > 5 and "".join(pages) == whole


def test_max_chars_0_returns_the_whole_section_in_one_page(sec):
    whole = get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025, max_chars=0)
    assert whole.truncated is False and whole.next_offset is None
    assert whole.chars_returned == whole.chars_total > 20_000  # NVIDIA's FY2025 MD&A is longer than a default page
    first = get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025)
    assert whole.text.startswith(first.text)


def test_a_misspelt_section_gets_a_did_you_mean_before_any_request(sec, mirror):
    since = len(mirror.log)
    e = refusal(get_filing_section, "NVDA", "risk_factor")
    assert e.code == "invalid_argument" and "Did you mean 'risk_factors'?" in e.message
    assert e.extras["did_you_mean"] == ["risk_factors"]
    assert len(mirror.log) == since


def test_the_outline_lists_every_section_of_the_filing(sec):
    outline = get_filing_outline("NVDA", accession_number=NVDA_FY2025)
    assert (outline.form, outline.accession_number, outline.filed.isoformat()) == ("10-K", NVDA_FY2025, "2025-02-26")
    keys = [s.section for s in outline.sections]
    assert keys[:4] == ["cover", "business", "risk_factors", "unresolved_staff_comments"] and "mda" in keys
    assert outline.sections == get_filing_section("NVDA", "mda", accession_number=NVDA_FY2025).outline


def test_a_20f_filer_asked_for_its_10k_section_gets_its_20f(sec, mirror):
    # TSMC files 20-F, not 10-K (data.sec.gov/submissions/CIK0001046179.json); its latest 20-F is
    # 0001193125-25-083423, whose document (d896993d20f.htm) the corpus does not hold: the 404 for that
    # document shows the 20-F was the filing chosen, for the 10-K's "Item 1A" (a 20-F's Item 3.D).
    since = len(mirror.log)
    e = refusal(get_filing_section, "TSM", "Item 1A")
    assert e.code == "not_found" and "d896993d20f.htm" in e.message
    assert any("000119312525083423/d896993d20f.htm" in hit.path for hit in mirror.log[since:])
    e = refusal(
        get_filing_section, "TSM", "risk_factors", form="10-K"
    )  # asked for a 10-K in so many words, it still says there is none
    assert e.code == "not_found" and e.extras.get("foreign_private_issuer") is True


def test_a_10q_accession_without_a_form_is_read_as_the_10q_it_is(sec):
    # issue 35, item 7: 0001045810-25-000209 is NVIDIA's Q2 FY2026 10-Q; with no form the section used to
    # default to 10-K and refuse it ("is a 10-Q, not a 10-K")
    r = get_filing_section("NVDA", "mda", accession_number="0001045810-25-000209")
    assert (r.form, r.accession_number) == ("10-Q", "0001045810-25-000209")
    assert r.label.startswith("Part I, Item 2.") and len(r.text) > 10_000


TESLA_FY2024_10KA = "0001104659-25-042659"  # Tesla's 10-K/A for FY2024 (tm252787d2_10ka.htm), filed 2025-04-30


def test_the_explanatory_note_of_a_10ka_says_why_it_was_filed(sec):
    # issue 35, item 7: the reason an amendment was filed is in its explanatory note, before Part III
    r = get_filing_section("TSLA", "explanatory_note", accession_number=TESLA_FY2024_10KA, max_chars=0)
    assert (r.section, r.form, r.accession_number) == ("explanatory_note", "10-K/A", TESLA_FY2024_10KA)
    assert r.text.startswith("EXPLANATORY NOTE") and not r.is_reference
    assert "amend Part III, Items 10, 11, 12, 13 and 14 of the Original Form 10-K" in r.text
    assert "This Amendment does not otherwise change or update any of the disclosures" in r.text
    assert "ITEM 10" not in r.text.upper() or "Items 10, 11" in r.text  # the note, not Part III
    assert "Directors, Executive Officers and Corporate Governance | 1" not in r.text  # nor the index after it
    keys = [s.section for s in r.outline]
    assert keys[:3] == ["cover", "explanatory_note", "directors"]


def test_a_section_of_an_amended_10k_names_the_amendment_and_how_to_see_what_it_amends(sec):
    # Tesla's FY2024 10-K (0001628280-25-003063) has a later 10-K/A (0001104659-25-042659) that holds only the
    # cover, the explanatory note and Items 10-15: the note on the original's MD&A names it and where its outline is,
    # without saying it restates anything
    r = get_filing_section("TSLA", "mda", fiscal_year=2024, max_chars=100)
    assert r.accession_number == "0001628280-25-003063"
    (note,) = [n for n in r.notes if "later amendment" in n]
    assert TESLA_FY2024_10KA in note and "often amends only Part III" in note and "may restate" not in note
    amended = get_filing_section("TSLA", "explanatory_note", accession_number=TESLA_FY2024_10KA, max_chars=10)
    assert "mda" not in [s.section for s in amended.outline]


def test_a_part_iii_item_pointing_to_the_proxy_names_the_amendment_that_holds_it(sec):
    # Tesla's FY2024 10-K points Item 11 to the proxy; its 10-K/A 0001104659-25-042659 holds Item 11 itself
    r = get_filing_section("TSLA", "executive_compensation", fiscal_year=2024, max_chars=100)
    (note,) = [n for n in r.notes if "later amendment" in n]
    assert f"get_filing_section with section executive_compensation and accession_number {TESLA_FY2024_10KA}" in note
    amended = get_filing_section("TSLA", "executive_compensation", accession_number=TESLA_FY2024_10KA, max_chars=0)
    assert amended.form == "10-K/A" and amended.text.upper().startswith("ITEM 11. EXECUTIVE COMPENSATION")


def test_the_cover_page_is_a_section_before_the_first_item(sec):
    r = get_filing_section("TSLA", "cover page", accession_number=TESLA_FY2024_10KA, max_chars=0)
    assert r.section == "cover" and "FORM 10-K/A" in r.text and "Commission File Number: 001-34756" in r.text
    assert "3,216,517,037 shares" in r.text and "EXPLANATORY NOTE" not in r.text
    nvda = get_filing_section("NVDA", "cover", accession_number=NVDA_FY2025, max_chars=0)  # no explanatory note
    assert "NVIDIA CORPORATION" in nvda.text.upper() and "January 26, 2025" in nvda.text
    assert "Item 1A" not in nvda.text and not nvda.is_reference
    assert "explanatory_note" not in [s.section for s in nvda.outline]


def test_the_explanatory_note_asked_of_an_amended_10k_is_read_from_its_amendment(sec):
    # Tesla's FY2024 10-K (tsla-20241231.htm, 0001628280-25-003063) has no explanatory note; its 10-K/A
    # 0001104659-25-042659 has one: asked by fiscal year, the note is the amendment's, and says so
    r = get_filing_section("TSLA", "explanatory_note", fiscal_year=2024, max_chars=0)
    assert (r.section, r.form, r.accession_number) == ("explanatory_note", "10-K/A", TESLA_FY2024_10KA)
    assert r.text.startswith("EXPLANATORY NOTE")
    assert any("has no explanatory note" in n and TESLA_FY2024_10KA in n for n in r.notes), r.notes

"""`edgar section` on the corpus mirror: JSON and text output, --file, paging, errors and exit codes."""

from __future__ import annotations

NVDA_FY2025 = "0001045810-25-000023"  # nvda-20250126.htm


def test_json_output_has_the_section_and_its_provenance_and_stderr_stays_empty(cli):
    res = cli("section", "NVDA", "risk factors", "--fy", "2025", "--max-chars", "2000", "--json")
    assert res.rc == 0 and res.err == ""
    data = res.json()
    assert (data["section"], data["item"], data["form"], data["accession_number"]) == (
        "risk_factors",
        "1A",
        "10-K",
        NVDA_FY2025,
    )
    assert data["filed"] == "2025-02-26" and data["period_of_report"] == "2025-01-26"
    assert data["chars_returned"] <= 2000 < data["chars_total"] and data["truncated"] is True
    assert data["extraction_confidence"] == "high" and data["is_reference"] is False
    assert any(o["section"] == "mda" for o in data["outline"])


def test_the_next_page_starts_where_next_offset_says(cli):
    first = cli("section", "NVDA", "mda", "--accession", NVDA_FY2025, "--max-chars", "3000", "--json").json()
    second = cli(
        "section",
        "NVDA",
        "mda",
        "--accession",
        NVDA_FY2025,
        "--max-chars",
        "3000",
        "--offset",
        str(first["next_offset"]),
        "--json",
    ).json()
    assert second["offset"] == first["next_offset"] and second["text"] != first["text"]
    assert second["chars_total"] == first["chars_total"]


def test_the_text_view_prints_the_text_on_stdout_and_label_provenance_and_paging_on_stderr(cli):
    for fmt in ((), ("--format", "table")):  # plain and table alike
        res = cli("section", "NVDA", "Item 8", "--accession", NVDA_FY2025, *fmt)
        assert res.rc == 0
        # into a file or a pipe the text starts with one line saying where it is from (issue 36), then the text
        head, _, text = res.out.partition("\n\n")
        assert head.startswith("NVIDIA CORP · 10-K · filed 2025-02-26 · " + NVDA_FY2025) and "\n" not in head
        assert head.endswith("nvda-20250126.htm")
        assert "set forth in our Consolidated Financial Statements" in text
        assert NVDA_FY2025 not in text and "REFERENCE ONLY" not in text
    for text in (
        "Item 8. Financial Statements and Supplementary Data",
        "NVIDIA",
        NVDA_FY2025,
        "REFERENCE ONLY",
        "characters 0-",
    ):
        assert text in res.err
    assert "note: This section points elsewhere" in res.err


def test_a_file_on_disk_is_read_with_the_section_as_the_only_argument(cli, corpus):
    path = corpus / "www.sec.gov/Archives/edgar/data/320193/000091205700023442/0000912057-00-023442.txt"
    res = cli("section", "--file", str(path), "mda", "--form", "10-Q", "--json")
    assert res.rc == 0
    data = res.json()
    assert data["item"] == "I-2" and data["source_file"] == str(path.resolve()) and data["document_url"] is None
    assert data["text"].startswith("ITEM 2. MANAGEMENT'S DISCUSSION")


def test_an_unknown_section_is_invalid_argument_with_exit_2(cli):
    res = cli("section", "NVDA", "letter to shareholders", "--json")
    assert res.rc == 2
    err = res.json()["error"]
    assert err["code"] == "invalid_argument" and "risk_factors" in err["sections"]


def test_a_missing_company_and_file_is_invalid_argument(cli):
    res = cli("section", "--json")
    assert res.rc == 2 and res.json()["error"]["code"] == "invalid_argument"


def test_a_shared_part_iii_pointer_flags_each_item_it_names(cli, corpus):
    # Medicis 10-K 0000950153-99-001234: Items 10-13 stacked above one sentence naming them all.
    path = corpus / "_unplaced/parity_gate/10-K/0000950153-99-001234.html"
    res = cli("section", "--file", str(path), "directors", "--json")
    assert res.rc == 0
    data = res.json()
    assert data["is_reference"] is True and "proxy statement" in data["reference_target"]
    assert "Items 10, 11, 12 and 13 are incorporated by reference" in data["text"]


def test_form_10q_is_spelled_as_edgar_filings_accepts_it(cli):
    res = cli(
        "section",
        "AAPL",
        "risk_factors",
        "--form",
        "10q",
        "--accession",
        "0000320193-25-000073",
        "--max-chars",
        "200",
        "--json",
    )
    assert res.rc == 0 and res.json()["item"] == "II-1A"


def test_a_file_with_fy_is_invalid_argument_with_exit_2(cli, corpus):
    path = corpus / "_unplaced/parity_gate/10-K/0000950153-99-001234.html"
    res = cli("section", "--file", str(path), "mda", "--fy", "1999", "--json")
    assert res.rc == 2 and res.json()["error"]["code"] == "invalid_argument"


def test_a_section_written_to_a_file_is_whole_and_a_terminal_gets_a_page(cli):
    # issue 36: `edgar section NVDA risk_factors --fy 2025 > rf.txt` wrote 18,813 of 110,851 characters
    piped = cli("section", "NVDA", "risk_factors", "--accession", NVDA_FY2025)
    data = cli("section", "NVDA", "risk_factors", "--accession", NVDA_FY2025, "--max-chars", "0", "--json").json()
    assert data["chars_total"] > 100_000 and piped.out.partition("\n\n")[2].rstrip("\n") == data["text"]
    page = cli("section", "NVDA", "risk_factors", "--accession", NVDA_FY2025, "--json", "--max-chars", "20000").json()
    assert page["truncated"] is True  # what a terminal gets by default (SCREEN_SECTION_CHARS)


def test_an_accession_number_given_as_the_company_is_refused_with_how_to_ask(cli):
    # 0001104659-25-042659: its prefix is the CIK of the filer agent that submitted it, not the company's, so the
    # company cannot be read from it: the refusal says an accession needs the company and how to pass both.
    r = cli("section", "0001104659-25-042659", "--json")
    err = r.json()["error"]
    assert err["code"] == "invalid_argument", err
    assert "accession number" in err["message"] and "ticker file" not in err["message"], err["message"]
    assert "--accession 0001104659-25-042659" in err["suggestion"], err["suggestion"]

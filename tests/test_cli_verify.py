"""`edgar verify` end to end: answers as text, file or stdin; exit status 10 when a figure does not hold.

Figures: NVIDIA FY2024 revenue 60,922,000,000 (0001045810-24-000029); FY2025 revenue 130,497,000,000
(0001045810-25-000023, period ending 2025-01-26). Apple FY2024 revenue 391,035,000,000 (0000320193-24-000123).
"""

from __future__ import annotations

import pytest

from edgar_cli.errors import ExitStatus


@pytest.fixture
def sec(module_cli_sec):
    return module_cli_sec


GOOD = "NVIDIA's revenue in fiscal 2024 was $60.9 billion, and its gross margin was 72.7%."
WRONG_YEAR = "NVIDIA's revenue in fiscal 2024 was $130.5 billion."


def test_a_grounded_answer_exits_zero_and_json_mode_prints_only_the_model(cli):
    r = cli("verify", GOOD, "--company", "NVDA", "--json")
    assert r.rc == 0 and r.err == ""
    data = r.json()
    assert data["all_grounded"] is True
    rows = {f["text"]: f for f in data["figures"]}
    assert rows["$60.9 billion"]["status"] == "grounded"
    assert rows["$60.9 billion"]["support"]["accession_number"] == "0001045810-24-000029"
    assert rows["72.7%"]["status"] == "derived"
    assert "exit_status" not in data


def test_a_figure_of_the_wrong_year_exits_with_the_ungrounded_status(cli):
    r = cli("verify", WRONG_YEAR, "--company", "NVDA", "--json")
    assert r.rc == ExitStatus.UNGROUNDED == 10
    row = next(f for f in r.json()["figures"] if f["text"] == "$130.5 billion")
    assert row["status"] == "mismatched_period" and row["support"]["end"] == "2025-01-26"


def test_the_table_names_the_status_and_the_supporting_filing(cli):
    r = cli("verify", WRONG_YEAR, "--company", "NVDA", "--format", "table")
    assert r.rc == ExitStatus.UNGROUNDED
    for text in ("WRONG PERIOD", "$130.5 billion", "0001045810-25-000023", "FY2025", "NOT all grounded"):
        assert text in r.out


def test_the_answer_can_come_from_a_file(cli, tmp_path):
    path = tmp_path / "answer.txt"
    path.write_text(GOOD, encoding="utf-8")
    r = cli("verify", str(path), "--company", "NVDA", "--json")
    assert r.rc == 0 and r.json()["counts"] == {"grounded": 2, "derived": 1}


def test_the_answer_can_come_from_stdin_with_a_citation(edgar):
    r = edgar(
        "verify", "-", "--cite", "0001045810-25-000023", "--json", stdin="Revenue was $130.5 billion in fiscal 2025."
    )
    assert r.rc == 0, r.out + r.err
    data = r.json()
    assert data["company"]["cik"] == "0001045810" and data["cited"] == ["0001045810-25-000023"]


def test_an_excerpt_option_supports_a_figure_not_in_the_facts(cli):
    answer = "NVIDIA had approximately 36,000 employees."
    assert cli("verify", answer, "--company", "NVDA", "--json").rc == ExitStatus.UNGROUNDED
    r = cli(
        "verify",
        answer,
        "--company",
        "NVDA",
        "--json",
        "--excerpt",
        "As of the end of fiscal year 2025, we had approximately 36,000 employees.",
    )
    assert r.rc == 0
    assert r.json()["figures"][0]["support"]["source"] == "cited_text"


def test_an_answer_without_figures_is_not_a_pass(cli):
    r = cli("verify", "NVIDIA designs GPUs.", "--company", "NVDA", "--json")
    assert r.rc == ExitStatus.NO_FIGURES == 12
    data = r.json()
    assert data["figures"] == [] and data["verdict"] == "no_figures" and data["all_grounded"] is False


def test_a_malformed_citation_is_a_structured_error(cli):
    r = cli("verify", GOOD, "--cite", "12345", "--json")
    assert r.rc == ExitStatus.INVALID_ARGUMENT
    assert r.json()["error"]["code"] == "invalid_argument"


def test_verify_has_help_text(cli):
    r = cli("verify", "--help")
    assert r.rc == 0
    for text in ("--cite", "--company", "--excerpt", "stdin"):
        assert text in r.out


def test_a_made_up_figure_sharing_digits_with_another_concept_exits_with_the_ungrounded_status(cli):
    # us-gaap:OtherLiabilitiesCurrent 60,889,000,000 (Q3 FY2024) must not ground Apple's FY2024 revenue
    r = cli("verify", "Apple's fiscal 2024 revenue was $60.9 billion.", "--company", "AAPL", "--json")
    assert r.rc == ExitStatus.UNGROUNDED
    data = r.json()
    assert data["all_grounded"] is False
    row = next(f for f in data["figures"] if f["text"] == "$60.9 billion")
    assert row["status"] == "ungrounded" and "391,035,000,000" in row["reason"]


def test_a_cited_filings_case_number_does_not_ground_a_figure_on_the_command_line(cli):
    r = cli(
        "verify",
        "NVIDIA's fiscal 2025 revenue was $7.7 billion.",
        "--company",
        "NVDA",
        "--cite",
        "0001045810-25-000023",
        "--json",
    )
    assert r.rc == ExitStatus.UNGROUNDED
    row = next(f for f in r.json()["figures"] if f["text"] == "$7.7 billion")
    assert row["status"] == "ungrounded" and (row["support"] or {}).get("source") != "cited_text"


def test_an_unchecked_figure_is_not_grounded_and_exits_with_its_own_status(cli):
    r = cli(
        "verify",
        "NVIDIA's Data Center revenue was $115.2 billion in fiscal 2025.",
        "--company",
        "NVDA",
        "--format",
        "table",
    )
    assert r.rc == ExitStatus.UNCONFIRMED == 11
    assert "$115.2 billion" in r.out and "Data Center" in r.out and "verdict: unchecked" in r.out


def test_a_path_that_names_no_file_is_an_invalid_argument_not_an_answer(cli, tmp_path):
    missing = tmp_path / "answer.txt"
    r = cli("verify", str(missing), "--company", "NVDA", "--json")
    assert r.rc == ExitStatus.INVALID_ARGUMENT
    assert r.json()["error"]["code"] == "invalid_argument"
    r = cli("verify", "./answer.txt", "--company", "NVDA")
    assert r.rc == ExitStatus.INVALID_ARGUMENT and "path" in r.err


@pytest.mark.parametrize(
    "answer,verdict,status",
    [
        ("NVIDIA's fiscal 2024 revenue was $60.9 billion.", "grounded", 0),
        ("NVIDIA's fiscal 2024 revenue was $130.5 billion.", "ungrounded", 10),  # FY2025's (0001045810-25-000023)
        ("NVIDIA's 2024 revenue was $60.9 billion.", "ambiguous", 11),  # FY2024 or FY2025
        ("Apple's fiscal 2009 net income was $5.7 billion.", "superseded", 11),  # restated to 8,235,000,000
        ("NVIDIA designs GPUs.", "no_figures", 12),
    ],
)
def test_each_verdict_has_its_exit_status(cli, answer, verdict, status):
    company = "AAPL" if answer.startswith("Apple") else "NVDA"
    r = cli("verify", answer, "--company", company, "--json")
    assert (r.json()["verdict"], r.rc) == (verdict, status)
    assert r.json()["all_grounded"] is (verdict == "grounded")


def test_the_help_examples_respectively_list_verifies_without_a_company_and_its_swap_fails(cli):
    # Apple FY2023 net sales 383,285,000,000 (0000320193-23-000106), FY2022 394,328,000,000 (0000320193-22-000108)
    r = cli(
        "verify",
        "Apple reported net sales of $383.3 billion and $394.3 billion in fiscal 2023 and 2022, respectively.",
        "--json",
    )
    assert r.rc == 0 and r.json()["company"]["cik"] == "0000320193"
    assert [f["support"]["accession_number"] for f in r.json()["figures"] if f["kind"] == "money"] == [
        "0000320193-23-000106",
        "0000320193-22-000108",
    ]
    swapped = cli(
        "verify",
        "Apple reported net sales of $394.3 billion and $383.3 billion in fiscal 2023 and 2022, respectively.",
        "--json",
    )
    assert swapped.rc == ExitStatus.UNGROUNDED
    assert "respectively" in cli("verify", "--help").out


def test_an_answer_naming_two_companies_checks_each_figure_against_the_company_its_clause_names(cli):
    # issue 36, a sixth newcomer: exit 4 (ambiguous) before. Snowflake (CIK 1640147) FY2025 revenue
    # 3,626,396,000 (10-K 0001640147-25-000052), up 29.2% from 2,806,489,000 (0001640147-24-000101); Apple
    # (CIK 320193) FY2024 us-gaap:NetIncomeLoss 93,736,000,000 (10-K 0000320193-24-000123).
    r = cli(
        "verify",
        "Snowflake's revenue grew 29% to $3.63 billion in fiscal 2025, and Apple's net income for fiscal 2024 was "
        "$93.7 billion.",
        "--json",
    )
    assert r.rc == 0, r.out
    data = r.json()
    assert data["verdict"] == "grounded" and any("names Snowflake Inc. (SNOW)" in n for n in data["notes"])
    figures = {f["text"]: f for f in data["figures"]}
    assert figures["$3.63 billion"]["support"]["accession_number"] == "0001640147-25-000052"
    assert figures["29%"]["status"] == "derived"
    assert {i["accession_number"] for i in figures["29%"]["inputs"]} == {"0001640147-25-000052", "0001640147-24-000101"}
    assert figures["$93.7 billion"]["support"]["accession_number"] == "0000320193-24-000123"
    assert "Apple Inc." in " ".join(figures["$93.7 billion"]["notes"])


def test_an_answer_naming_one_company_and_citing_anothers_filing_exits_ambiguous_with_candidates(cli):
    # NVIDIA named, Apple's FY2024 10-K 0000320193-24-000123 cited: which company is meant stays a question
    r = cli("verify", "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "--cite", "0000320193-24-000123", "--json")
    assert r.rc == ExitStatus.AMBIGUOUS
    error = r.json()["error"]
    assert error["code"] == "ambiguous" and "--company" in error["suggestion"]
    assert {c["cik"] for c in error["candidates"]} == {"0001045810", "0000320193"}

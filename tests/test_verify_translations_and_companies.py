"""`edgar verify` on a convenience translation, on an answer about several companies, and past a company's facts.

Figures (corpus companyfacts):
- TSMC (CIK 1046179, reports in TWD) cash and cash equivalents at 2023-12-31: ifrs-full:CashAndCashEquivalents
  1,465,427,800,000 TWD in both the FY2023 20-F 0001193125-24-099840 and the FY2024 20-F 0001193125-25-083423;
  its USD convenience translation 47,858,500,000 in the first (ifrs-full:ClosingForeignExchangeRate 30.62 at
  2023-12-31) and 44,691,300,000 in the second (32.79 at 2024-12-31): a re-translation, not a restatement.
- NVIDIA FY2024 revenue 60,922,000,000 (0001045810-24-000029).
- Tesla's facts end at 2022-09-30 (0000950170-22-019867); its 10-K for 2023 is 0001628280-24-002390.
"""

from __future__ import annotations

import pytest

FY2023_20F = "0001193125-24-099840"
FY2024_20F = "0001193125-25-083423"
TSMC_CASH_2023 = "TSMC's cash and cash equivalents were US$47.9 billion at the end of 2023."
TWO_COMPANIES = (
    "NVIDIA's revenue more than doubled to $60.9 billion in fiscal 2024, and Tesla's revenue was $96.8 billion in 2023."
)


@pytest.fixture
def sec(module_cli_sec):
    return module_cli_sec


def test_a_convenience_translation_at_its_own_filings_rate_is_grounded_not_superseded(edgar):
    r = edgar("verify", TSMC_CASH_2023, "--json")
    assert r.rc == 0, r.out
    row = next(f for f in r.json()["figures"] if f["text"] == "US$47.9 billion")
    assert row["status"] == "grounded"
    assert row["support"]["accession_number"] == FY2023_20F
    assert row["support"]["revision_kind"] is None and row["support"]["current_value"] is None
    assert "superseded_value" not in row["flags"] and "convenience_translation" in row["flags"]
    said = " ".join(row["notes"]) + " " + row["reason"]
    assert "restated" not in said
    # the later filing's re-translation, named with both rates
    assert FY2024_20F in said and "44,691,300,000" in said and "30.62" in said and "32.79" in said


def test_the_later_re_translation_of_the_same_period_grounds_against_its_own_filing(cli):
    r = cli("verify", "TSMC's cash and cash equivalents were US$44.7 billion at the end of 2023.", "--json")
    assert r.rc == 0
    row = next(f for f in r.json()["figures"] if f["text"] == "US$44.7 billion")
    assert row["status"] == "grounded" and row["support"]["accession_number"] == FY2024_20F
    said = " ".join(row["notes"])
    assert FY2023_20F in said and "30.62" in said and "32.79" in said


def test_concept_in_usd_names_the_later_re_translation_and_both_rates(cli):
    r = cli("concept", "TSM", "cash", "--fy", "2023", "--unit", "USD", "--json")
    assert r.rc == 0
    data = r.json()
    (v,) = data["values"]
    assert v["value"] == 47858500000 and v["accession_number"] == FY2023_20F and v["restated"] is False
    note = next(n for n in data["notes"] if FY2024_20F in n)
    assert "44,691,300,000" in note and "30.62" in note and "32.79" in note and "not a restatement" in note


def test_each_figure_names_the_company_it_was_checked_against(cli):
    r = cli("verify", TWO_COMPANIES, "--json")
    data = r.json()
    rows = {f["text"]: f for f in data["figures"]}
    assert rows["$60.9 billion"]["company"]["cik"] == "0001045810"
    assert rows["$60.9 billion"]["company"]["name"] == "NVIDIA CORP"
    assert rows["$96.8 billion"]["company"]["cik"] == "0001318605"
    assert rows["2023"]["company"] is None  # a calendar year is checked against no one
    assert [c["cik"] for c in data["companies"]] == ["0001045810", "0001318605"]


def test_the_table_heading_names_every_company_checked(cli, monkeypatch):
    r = cli("verify", TWO_COMPANIES, "--format", "table")
    heading = r.out.splitlines()[0]
    assert "NVIDIA CORP" in heading and "Tesla, Inc." in heading


def test_a_year_past_the_companys_facts_names_the_filing_that_holds_it(cli):
    r = cli("verify", TWO_COMPANIES, "--json")
    row = next(f for f in r.json()["figures"] if f["text"] == "$96.8 billion")
    assert row["status"] == "unchecked"
    assert "XBRL facts end at 2022-09-30" in row["reason"]
    assert "0001628280-24-002390" in row["reason"] and "filing's text" in row["reason"]
    assert "end with FY2021" not in row["reason"]


def test_compare_in_usd_gives_the_same_re_translation_note(cli):
    r = cli("compare", "cash", "TSM", "NVDA", "--fy", "2023", "--unit", "USD", "--json")
    tsmc = next(row for row in r.json()["rows"] if row["value"] == 47858500000)
    assert tsmc["accession_number"] == FY2023_20F
    assert any(FY2024_20F in n and "30.62" in n and "32.79" in n for n in tsmc["notes"])

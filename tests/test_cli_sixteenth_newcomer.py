"""A sixteenth newcomer's findings (issue 36, the analyst's terminal), through the real CLI on corpus data."""

from __future__ import annotations


# Logistic Properties of the Americas' ifrs-full:Assets: FY2022 497,618,869 and FY2023 590,825,310 in its 20-F
# 0001493152-24-016772 (filed 2024-04-26); FY2023 again and FY2024 607,019,578 in its FY2024 20-F
# 0001997711-25-000030 (filed 2025-04-02). FY2022 has a later annual report in the facts (which, a balance sheet
# repeating only the prior year, does not repeat it); only FY2024, in the newest report, has none.
def test_a_balance_a_later_annual_report_does_not_repeat_is_not_said_unseen(edgar):
    r = edgar("concept", "LPA", "total_assets", "--last", "3", "--json")
    assert r.rc == 0, r.err
    row = r.json()["rows"][0]
    accessions = [c["fact"]["accession_number"] for c in row["cells"]]
    assert accessions == ["0001493152-24-016772", "0001493152-24-016772", "0001997711-25-000030"], accessions
    note = next(n for n in row["notes"] if n.startswith("Revisions:"))
    assert "FY2024 is reported in no later filing in the facts (FY2024 in 0001997711-25-000030" in note, note
    assert "FY2022 and" not in note and "FY2022 in 0001493152-24-016772" not in note, note
    assert "FY2022: the later annual report 0001997711-25-000030 does not report it again" in note, note
    assert "FY2023: later filings reported the same value again." in note, note

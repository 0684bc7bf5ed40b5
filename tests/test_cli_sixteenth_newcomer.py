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


# NVIDIA's diluted EPS restated for its splits: FY2021 6.9 (0001045810-21-000010) -> 1.73 (0001045810-22-000036),
# the 4-for-1 of 2021; FY2023 1.74 (0001045810-23-000017) -> 0.17 and FY2024 11.93 (0001045810-24-000029) -> 1.19
# (both 0001045810-25-000023), the 10-for-1 of 2024. The note says which split each period is restated for.
def test_each_split_restated_period_names_its_own_split(edgar):
    r = edgar("concept", "NVDA", "eps_diluted", "--fy", "2021..2025", "--format", "table", env={"COLUMNS": "200"})
    assert r.rc == 0, r.err
    note = " ".join(r.err.split())
    assert (
        "2021-01-31: 6.9 in 0001045810-21-000010, 1.73 in 0001045810-22-000036 (a 4-for-1 split by the ratio" in note
    ), note
    assert "2023-01-29: 1.74 in 0001045810-23-000017, 0.17 in 0001045810-25-000023 (a 10-for-1 split by" in note, note
    assert "2024-01-28: 11.93 in 0001045810-24-000029, 1.19 in 0001045810-25-000023 (a 10-for-1 split by" in note, note
    assert "a 4-for-1 split; a 10-for-1 split" not in note, note


# NVIDIA's diluted EPS: FY2021 1.73 (0001045810-22-000036, restated there for the 4-for-1 of 2021 from 6.9 in
# 0001045810-21-000010) and FY2022 3.85 (0001045810-22-000036) were never restated for the 10-for-1 of 2024;
# FY2023 0.17 and FY2024 1.19 were (0001045810-25-000023). --basis current puts FY2021 and FY2022 on today's basis,
# each a derived cell naming its figure, its filing and the split; as reported, a note names the option.
def test_basis_current_puts_pre_split_eps_on_todays_basis_marked_derived(edgar):
    r = edgar("concept", "NVDA", "eps_diluted", "--fy", "2021..2025", "--basis", "current", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    assert body["share_basis"] == "current"
    cells = {c["column"]: c for c in body["rows"][0]["cells"]}
    for year, value, filed in (("FY2021", 0.173, 1.73), ("FY2022", 0.385, 3.85)):
        c = cells[year]
        assert (c["status"], c["derived"], c["value"]) == ("derived", True, value), c
        assert c["formula"].startswith(f"{filed} (10-K 0001045810-22-000036) / 10 = {value}"), c["formula"]
        assert "10-for-1 split" in c["formula"], c["formula"]
        assert [f["accession_number"] for f in c["inputs"]] == ["0001045810-22-000036"], c
    assert (cells["FY2023"]["status"], cells["FY2023"]["value"]) == ("reported", 0.17)
    assert cells["FY2023"]["fact"]["accession_number"] == "0001045810-25-000023"
    # the values are on today's basis now: no warning not to compare them as they stand
    assert not any("do not compare them" in w for w in body["warnings"] + body["rows"][0]["warnings"]), body
    stated = edgar("concept", "NVDA", "eps_diluted", "--fy", "2021..2025", "--json")
    assert stated.rc == 0, stated.err
    row = stated.json()["rows"][0]
    assert [c["value"] for c in row["cells"]][:2] == [1.73, 3.85]
    assert any("mixes share bases" in n and "--basis current" in n for n in row["notes"]), row["notes"]


def test_statement_basis_current_puts_pre_split_eps_on_todays_basis(edgar):
    r = edgar("statement", "NVDA", "income", "--fy", "2021..2022", "--basis", "current", "--json")
    assert r.rc == 0, r.err
    row = next(x for x in r.json()["rows"] if x["concept"] == "eps_diluted")
    assert [(c["status"], c["value"]) for c in row["cells"]] == [("derived", 0.173), ("derived", 0.385)], row


# The SEC's company_tickers_exchange.json: SNOW is Snowflake Inc. (CIK 1640147); Snow Lake Resources Ltd. (CIK
# 1769697, LITM) has a name that begins with the word. "Snow" typed as a word is taken as the ticker, and said so.
def test_a_word_not_in_capitals_taken_as_a_ticker_is_said_with_its_name_matches(edgar):
    r = edgar("resolve", "Snow", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    assert (body["cik"], body["match_type"]) == ("0001640147", "ticker"), body
    note = next(n for n in body["notes"] if "as the ticker SNOW" in n)
    assert "Snow Lake Resources Ltd." in note and "Snowflake Inc." in note, note
    assert [m["cik"] for m in body["other_matches"]][:1] == ["0001769697"], body["other_matches"]
    capitals = edgar("resolve", "SNOW", "--json")
    assert capitals.rc == 0 and not any("as the ticker" in n for n in capitals.json()["notes"]), capitals.out

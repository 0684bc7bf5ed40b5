"""A seventeenth newcomer's analyst tasks from the README alone (issue 36), through the real CLI: a unit asked for
applies to a raw tag's row of a table of several concepts, as it does to the tag alone."""

from __future__ import annotations


# TSMC's ifrs-full:LongtermBorrowings at 2024-12-31 in its 20-F 0001193125-25-083423: 31,824,400,000 TWD and its
# convenience translation 970,500,000 USD; NVIDIA's us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding for
# FY2024 (a share count: no currency applies) beside revenue 60,922,000,000 USD (0001045810-24-000029).
def test_a_unit_asked_for_applies_to_a_raw_tags_row_beside_a_concept(edgar):
    r = edgar(
        "concept", "TSM", "ifrs-full:LongtermBorrowings", "long_term_debt", "--fy", "2024", "--unit", "USD", "--json"
    )
    assert r.rc == 0, r.err
    cells = {row["concept"]: row["cells"][0] for row in r.json()["rows"]}
    raw = cells["ifrs-full:LongtermBorrowings"]
    assert (raw["value"], raw["unit"]) == (970_500_000, "USD"), raw
    assert raw["fact"]["accession_number"] == "0001193125-25-083423"
    assert "ask for them with --unit USD" not in r.err  # the advice is not given for what was asked


def test_a_currency_asked_for_leaves_a_raw_share_count_in_shares(edgar):
    r = edgar(
        "concept", "NVDA", "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding", "revenue",
        "--fy", "2024", "--unit", "USD", "--json",
    )  # fmt: skip
    assert r.rc == 0, r.err
    cells = {row["concept"]: row["cells"][0] for row in r.json()["rows"]}
    assert cells["us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"]["unit"] == "shares"
    assert cells["us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"]["value"] is not None
    assert (cells["revenue"]["value"], cells["revenue"]["unit"]) == (60_922_000_000, "USD")


# Tesla's facts end at 2022-09-30; its FY2021 operating income 6,523,000,000 is in 0000950170-22-000796.
def test_compare_says_a_companys_facts_end_once_for_the_table_not_again_in_its_row(edgar):
    r = edgar("compare", "operating_income", "AAPL", "NVDA", "TSLA", "--fy", "2021", "--json")
    body = r.json()
    tesla = next(row for row in body["rows"] if row["cik"] == "0001318605")
    assert tesla["value"] == 6_523_000_000 and tesla["accession_number"] == "0000950170-22-000796"
    said = [n for n in body["notes"] + tesla["notes"] if "XBRL facts end at 2022-09-30" in n]
    assert len(said) == 1 and said[0] in body["notes"], (body["notes"], tesla["notes"])
    table = edgar("compare", "operating_income", "AAPL", "NVDA", "TSLA", "--fy", "2021", "--format", "table")
    assert (table.out + table.err).count("XBRL facts end at 2022-09-30") == 1, table.err


# TSMC's total_debt refusal names its IFRS lines at 2024-12-31 (20-F 0001193125-25-083423): "... (each at the
# latest year end asked; edgar does not add them): ifrs-full:CurrentPortionOfLongtermBorrowings 59,857,900,000 TWD
# ..." - "edgar does" is prose, no command to keep on one line, so the suggestion wraps within 80 columns.
def test_prose_beginning_with_edgar_wraps_at_80_columns_like_any_other(mirror, tmp_path):
    from support import edgar_env, on_a_terminal

    env = edgar_env(mirror.url, tmp_path / "cache")
    rc, screen = on_a_terminal(["concept", "TSM", "total_debt", "--fy", "2024"], env, 80)
    assert rc != 0 and "59,857,900,000 TWD" in screen, screen
    assert max(len(line) for line in screen.splitlines()) <= 80, screen

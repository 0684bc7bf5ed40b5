"""A sixth newcomer's analyst tasks from the README alone (issue 36), through the real CLI: a terminal table that
says how to see each cell's filing, the README's offline MCP set-up naming the recording's "today", the bulk
folder of the offline recipe ignored by git, the local archive named by ``sync --from``, and a net loss that
notes the consolidated figure with noncontrolling interests."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LONG = "(one row per cell)"


# Apple us-gaap:ResearchAndDevelopmentExpense FY2020 18,752M (0000320193-20-000096, 2019-09-29 to 2020-09-26) ... FY2024 31,370M
# (0000320193-24-000123); us-gaap:Revenues FY2024 391,035M in the same 10-K.
@pytest.mark.parametrize(
    "args",
    [
        ("concept", "AAPL", "R&D", "--fy", "2020..2024"),
        ("concept", "AAPL", "R&D", "revenue", "--fy", "2022..2024"),
        ("statement", "AAPL", "income", "--fy", "2024"),
    ],
)
def test_a_terminal_table_says_under_it_how_to_see_each_cells_filing(cli, args):
    # Before: the csv said "add --long ... or --json"; the table the newcomer saw said nothing of it. Now the
    # table names each column's filing under it (issue 36, fourteenth newcomer), so no hint is needed for that.
    res = cli(*args, "--format", "table")
    assert res.rc == 0, res.err
    assert "31,370" in res.out or "391,035" in res.out, res.out
    flat = " ".join(res.out.split())
    assert flat.count("Filings (form, filed, accession) by column:") == 1, flat  # once
    assert "FY2024 (2023-10-01 to 2024-09-28): 10-K 2024-11-01 0000320193-24-000123" in flat, flat


def test_the_terminal_tables_filings_are_data_kept_by_quiet(cli):
    # -q silences notes on stderr; the filings under the table are part of what was asked for (the provenance).
    quiet = cli("concept", "AAPL", "R&D", "--fy", "2020..2024", "--format", "table", "-q")
    assert quiet.rc == 0 and LONG not in quiet.err and "note:" not in quiet.err, quiet.err
    assert "FY2020 (2019-09-29 to 2020-09-26): 10-K 2020-10-30 0000320193-20-000096" in quiet.out, quiet.out


def test_the_readmes_offline_mcp_setup_names_the_recordings_today_beside_the_mirror():
    # Before: only EDGAR_MIRROR, so an MCP server so configured ran on the real clock while the CLI examples
    # used EDGAR_TODAY=2026-07-01.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = next(p for p in readme.split("\n\n") if p.startswith("Offline (a mirror"))
    assert '"EDGAR_MIRROR": "http://127.0.0.1:8765"' in paragraph
    assert '"EDGAR_TODAY":\n"2026-07-01"' in paragraph or '"EDGAR_TODAY": "2026-07-01"' in paragraph, paragraph


def test_the_offline_recipes_bulk_folder_is_ignored_by_git():
    import subprocess

    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    # README: mkdir -p bulk; python3 -m zipfile -c bulk/companyfacts.zip ... (1.5 MB of zips in a clone)
    names = ["bulk/companyfacts.zip", "bulk/submissions.zip"]
    res = subprocess.run(["git", "-C", str(ROOT), "check-ignore", *names], capture_output=True, text=True, check=False)
    assert res.stdout.split() == names, res


def test_snowflakes_net_loss_notes_the_consolidated_loss_with_noncontrolling_interests(cli):
    # Snowflake (CIK 1640147) FY2025 (2024-02-01..2025-01-31), both in the 10-K 0001640147-25-000052:
    # us-gaap:NetIncomeLoss -1,285,640,000 and us-gaap:ProfitLoss -1,289,212,000. Before: no word of the second.
    res = cli("concept", "SNOW", "net_income", "--fy", "2025", "--json")
    assert res.rc == 0, res.err
    data = res.json()
    v = data["values"][0]
    assert (v["value"], v["accession_number"]) == (-1_285_640_000, "0001640147-25-000052")
    note = next((n for n in data["notes"] if "us-gaap:ProfitLoss" in n), None)
    assert note is not None, data["notes"]
    assert "-1,289,212,000" in note and "0001640147-25-000052" in note and "noncontrolling" in note, note
    assert "balance sheet" not in note, note


def test_a_net_income_without_noncontrolling_interests_gets_no_such_note(cli):
    # Apple FY2024 us-gaap:NetIncomeLoss 93,736,000,000 (0000320193-24-000123); no ProfitLoss that differs
    data = cli("concept", "AAPL", "net_income", "--fy", "2024", "--json").json()
    assert data["values"][0]["value"] == 93_736_000_000
    assert not any("ProfitLoss" in n for n in data["notes"]), data["notes"]


def test_teslas_net_income_notes_the_consolidated_total_in_each_year_its_10k_tags_it_beside(cli):
    # Tesla's 10-Ks tag us-gaap:ProfitLoss beside us-gaap:NetIncomeLoss for the same year (the year's fourth
    # quarter ends the same day): FY2020 862,000,000 vs 721,000,000 (0001564590-21-004599); FY2019 -775,000,000
    # vs -862,000,000 (0001564590-20-004475). Before: a note for FY2021 only.
    for fy, total, accn in (
        ("2020", "862,000,000", "0001564590-21-004599"),
        ("2019", "-775,000,000", "0001564590-20-004475"),
    ):
        data = cli("concept", "TSLA", "net_income", "--fy", fy, "--json").json()
        note = next((n for n in data["notes"] if "us-gaap:ProfitLoss" in n), None)
        assert note is not None, (fy, data["notes"])
        assert total in note and accn in note and f"{fy}-01-01 to {fy}-12-31" in note, note

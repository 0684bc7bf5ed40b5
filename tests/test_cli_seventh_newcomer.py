"""A seventh newcomer's analyst tasks from the README alone (issue 36), through the real CLI: field names that are
the ones docs/formats.md lists for each format, a statement that carries the notes `concept` gives for its cells,
advice on stderr that works on the command line it is given for, the offline MCP set-up the same in docs/mcp.md as
in the README, and long XBRL tags that break between their words."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _offline_paragraph(text: str) -> str:
    return next(p for p in text.split("\n\n") if p.startswith("Offline (a mirror"))


def _env_settings(paragraph: str) -> dict[str, str]:
    return dict(re.findall(r'"(EDGAR_[A-Z_]+)":\s*"([^"]*)"', paragraph))


def test_docs_mcp_offline_block_sets_the_same_variables_as_the_readmes():
    # Before: docs/mcp.md set EDGAR_MIRROR only; the README sets EDGAR_TODAY=2026-07-01 beside it.
    readme = _env_settings(_offline_paragraph((ROOT / "README.md").read_text(encoding="utf-8")))
    mcp_doc = _env_settings(_offline_paragraph((ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")))
    assert readme == {"EDGAR_MIRROR": "http://127.0.0.1:8765", "EDGAR_TODAY": "2026-07-01"}, readme
    assert mcp_doc == readme, mcp_doc


def _debt_current_notes(data: dict) -> list[str]:
    notes = list(data["notes"]) + [n for r in data["rows"] for n in r["notes"]]
    return [n for n in notes if "us-gaap:DebtCurrent" in n]


def test_teslas_balance_sheet_names_the_current_debt_tagged_beside_long_term_debt_once(cli):
    # Tesla's 10-Ks tag us-gaap:DebtCurrent beside us-gaap:LongTermDebt at each year end: 1,758,000,000 beside
    # 8,462,000,000 at 2020-12-31 (0001564590-21-004599), 1,088,000,000 beside 4,254,000,000 at 2021-12-31
    # (0000950170-22-000796). `concept TSLA long_term_debt --fy 2021` notes it; before, the statement said nothing.
    data = cli("statement", "TSLA", "balance", "--fy", "2020..2021", "--json").json()
    notes = _debt_current_notes(data)
    assert len(notes) == 1, notes  # one note for the table, not one per column
    note = notes[0]
    for said in ("1,758,000,000", "0001564590-21-004599", "1,088,000,000", "0000950170-22-000796", "every date"):
        assert said in note, note
    table = cli("statement", "TSLA", "balance", "--fy", "2020..2021", "--format", "table")
    assert table.rc == 0, table.err
    flat = " ".join(table.err.split())
    assert flat.count("us-gaap:DebtCurrent") == 1 and "0000950170-22-000796" in flat, flat


def test_a_one_year_statement_names_the_current_debt_as_concept_does(cli):
    # 0000950170-22-000796: us-gaap:DebtCurrent 1,088,000,000 at 2021-12-31 beside us-gaap:LongTermDebt 4,254,000,000
    concept = _debt_current_notes(
        {"notes": cli("concept", "TSLA", "long_term_debt", "--fy", "2021", "--json").json()["notes"], "rows": []}
    )
    statement = _debt_current_notes(cli("statement", "TSLA", "balance", "--fy", "2021", "--json").json())
    assert len(concept) == 1 and "1,088,000,000" in concept[0], concept
    assert len(statement) == 1 and "1,088,000,000" in statement[0] and "0000950170-22-000796" in statement[0], statement

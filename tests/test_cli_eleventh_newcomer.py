"""An eleventh newcomer's findings (issue 36), through the real CLI on an 80-column pseudo-terminal where the
terminal matters: a folded table's titles and legend wrap at the terminal's width, not a block's; one precision for
every value of a scaled unit in a table; the Q4 note agrees in number; a restatement names the original filing's
form and filed date; verify's notes sit flush in the Evidence column."""

from __future__ import annotations

import re

import pytest
from test_cli_tenth_newcomer import _on_an_80_column_terminal

SNOW_SERIES = ["concept", "SNOW", "revenue", "--period", "quarterly", "--last", "6"]
TITLE = "Snowflake Inc. (CIK 0001640147) - Series, quarterly"


@pytest.fixture
def terminal(mirror, tmp_path):
    from support import edgar_env

    env = edgar_env(mirror.url, tmp_path / "cache")
    return lambda *args: _on_an_80_column_terminal(list(args), env)


def test_a_folded_tables_titles_and_legend_wrap_at_the_terminals_width_not_a_blocks(terminal):
    # Before: the second, narrow block (Q4 FY2025, Q1 FY2026) broke its title "... - Series," / "quarterly" and
    # its legend "... m =" / "millions" at the block's 48 columns
    rc, screen = terminal(*SNOW_SERIES)
    assert rc == 0, screen
    lines = [line.rstrip() for line in screen.splitlines()]
    assert lines.count(TITLE) == 2, screen  # each block's title, whole
    assert "implied = Q4 exists only as FY less 9M; m = millions" in lines, screen
    # Snowflake's Q1 FY2026 revenue, 1,042,074,000 (10-Q 0001640147-25-000110), in the second block
    assert any(re.search(r"USD m\s+implied\s+1,042\.074$", line) for line in lines), screen
    assert max(len(line) for line in lines) <= 80


def test_every_value_of_a_scaled_unit_in_a_table_has_the_same_decimals(terminal):
    # Before: "986.77 d" beside "1,042.074": Snowflake's derived Q4 FY2025 revenue, 3,626,396,000 (10-K
    # 0001640147-25-000052) less the nine months 2,639,626,000 (10-Q 0001640147-24-000250) = 986,770,000
    rc, screen = terminal(*SNOW_SERIES, "--derive", "q4")
    assert rc == 0, screen
    assert re.search(r"USD m\s+986\.770 d\s+1,042\.074\b", screen), screen
    # Q4 FY2024 derived: 2,806,489,000 (0001640147-24-000101) - 2,031,790,000 (0001640147-23-000260) = 774,699,000
    assert re.search(r"USD m\s+774\.699 d\s+828\.709\s+868\.823\s+942\.094\b", screen), screen
    shown = re.findall(r"\b\d[\d,]*\.(\d+)\b", " ".join(line for line in screen.splitlines() if "USD m" in line))
    assert shown and {len(d) for d in shown} == {3}, shown


def test_the_q4_note_agrees_in_number(edgar):
    # Before: "Q4 of FY2025 and FY2024 are not reported as its own quarter; it is only implied ..."
    several = edgar("concept", "SNOW", "revenue", "--period", "quarterly", "-n", "6", "--json").json()["notes"]
    note = next(n for n in several if n.startswith("Q4 of"))
    assert note.startswith(
        "Q4 of FY2025 and FY2024 are not reported as their own quarters; they are only implied by the annual figures"
    ), note
    assert "derive them" in note and " its own quarter" not in note and "it is" not in note, note
    one = edgar("concept", "SNOW", "revenue", "--period", "quarterly", "-n", "2", "--json").json()["notes"]
    note = next(n for n in one if n.startswith("Q4 of"))
    assert note.startswith("Q4 of FY2025 is not reported as its own quarter; it is only implied by the annual figure")
    assert "derive it (" in note, note


def test_a_restatement_names_the_original_filings_form_and_filed_date(edgar, terminal):
    # Apple's FY2009 net sales: 36,537,000,000 in the 10-K 0001193125-09-214859 (filed 2009-10-27), restated to
    # 42,905,000,000 in the 10-K/A 0001193125-10-012091 (filed 2010-01-25). Before: the footnote named only the
    # original accession
    value = edgar("concept", "AAPL", "revenue", "--fy", "2009", "--json").json()["values"][0]
    assert (value["value"], value["form"], value["accession_number"]) == (42905000000, "10-K/A", "0001193125-10-012091")
    assert (value["original_value"], value["original_form"], value["original_filed"], value["original_accession"]) == (
        36537000000,
        "10-K",
        "2009-10-27",
        "0001193125-09-214859",
    )
    rc, screen = terminal("concept", "AAPL", "revenue", "--fy", "2009")
    assert rc == 0, screen
    said = " ".join(screen.split())
    assert "2009-09-26 was 36,537,000,000 in 10-K 0001193125-09-214859, filed 2009-10-27" in said, screen
    wide = edgar("statement", "AAPL", "income", "--fy", "2009", "--wide", "--csv")
    assert "FY2009: 36,537,000,000 first, in 10-K 0001193125-09-214859, filed 2009-10-27 (restatement)" in wide.out


def test_verifys_notes_sit_flush_in_the_evidence_column(terminal):
    # Before: "  Read as a list: ..." two spaces right of the reason above it and of its own second line
    rc, screen = terminal(
        "verify", "NVIDIA's revenue was $60.9 billion and $27.0 billion in fiscal 2024 and 2023, respectively."
    )
    assert rc == 0, screen
    lines = screen.splitlines()
    evidence = next(line.index("us-gaap:Revenues = 60,922,000,000") for line in lines if "60,922,000,000" in line)
    listed = [line for line in lines if "Read as a list" in line]
    assert len(listed) == 2 and all(line.index("Read as a list") == evidence for line in listed), screen


def test_the_sqlite3_recipe_in_formats_gives_typed_numbers(mirror, tmp_path):
    # docs/formats.md's recipe run as written: NVIDIA's FY2026 revenue 215,938,000,000 (10-K
    # 0001045810-26-000021) sorts first as an integer, not as text below cost of revenue
    from support import run_docs_recipe

    rows = run_docs_recipe(mirror.url, tmp_path, "sqlite3 facts.db")
    assert rows[0] == ["revenue", "215938000000", "integer"], rows
    assert [r[0] for r in rows] == ["revenue", "gross_profit", "pretax_income"], rows
    assert all(r[2] == "integer" for r in rows), rows


def test_the_readmes_offline_block_comes_before_the_first_command_a_newcomer_runs():
    # Before: a newcomer without SEC access ran the first command, which failed, and only then read "No network
    # to the SEC? ... before the first command too"
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    first_command = readme.index("edgar concept NVDA revenue --fy 2024")
    assert readme.index("export EDGAR_MIRROR=http://127.0.0.1:8765") < first_command
    assert readme.index("python3 tests/helpers/mirror.py --port 8765") < first_command
    offline = readme[readme.index("No network to the SEC") : first_command]
    assert "relative to the clone" in offline and "EDGAR_CORPUS" in offline, offline

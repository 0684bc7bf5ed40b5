"""A fifteenth newcomer's findings (issue 36, the analyst's terminal), through the real CLI on corpus data."""

from __future__ import annotations

import json
import re

import pytest

# Apple's FY2025 10-K (filed 2025-10-31, aapl-20250927.htm): its risk factors, indexed keyword-only.
AAPL_FY2025 = "0000320193-25-000079"
AAPL_FY2024 = "0000320193-24-000123"  # its FY2024 10-K (filed 2024-11-01, period 2024-09-28)
CHINA = ["find", "operations in China", "-c", "AAPL", "--from", "2025-10-01", "--section", "risk_factors", "-n", "3"]


@pytest.fixture(scope="module")
def aapl_index(mirror, tmp_path_factory):
    from support import edgar_env, run_edgar

    root = tmp_path_factory.mktemp("fifteenth")
    env = {**edgar_env(mirror.url, root / "cache"), "EDGAR_DATA_DIR": str(root / "data")}
    added = run_edgar(
        ["index", "add", "AAPL", "--accession", AAPL_FY2025, "--accession", AAPL_FY2024, "--no-semantic"], env, 300
    )
    assert added.returncode == 0, added.stderr
    return env


def _on_a_terminal(args: list[str], env: dict, columns: int) -> tuple[int, str]:
    from support import on_a_terminal

    return on_a_terminal(args, env, columns)


@pytest.mark.parametrize("columns", [80, 200])
def test_every_find_result_row_names_its_filings_accession(aapl_index, columns):
    from support import run_edgar

    body = json.loads(run_edgar([*CHINA, "--json"], aapl_index).stdout)
    chunks = [h["chunk_id"] for h in body["results"]]
    assert len(chunks) == 3 and all(c.startswith(AAPL_FY2025 + ":risk_factors:") for c in chunks)
    rc, screen = _on_a_terminal(CHINA, aapl_index, columns)
    assert rc == 0, screen
    assert all(len(line) <= columns for line in screen.splitlines()), screen
    rows = re.split(r"\n\s*\n", screen.split("─" * 20, 1)[1])  # one block of lines per result
    assert len(rows) == 3, screen
    for row, chunk in zip(rows, chunks):
        assert AAPL_FY2025 in row, row
        assert f"chunk {chunk.rsplit(':', 1)[1]}" in row, row
    # how to read around a result is said once, with a command to copy on a line of its own
    assert screen.count("edgar read --around") == 2, screen
    assert f"edgar read --around {chunks[0]}" in screen.splitlines(), screen


def test_an_excerpt_shows_the_rarest_query_word_its_chunk_holds(aapl_index):
    # chunk 0003 of Apple's FY2025 risk factors (0000320193-25-000079) names China once, in its first lines, and
    # "operations" three times, further on: its excerpt was the earthquake lines, without "China"
    from support import run_edgar

    body = json.loads(run_edgar([*CHINA, "--json"], aapl_index).stdout)
    every = [h for h in body["results"] if h["holds_every_word"]]
    assert f"{AAPL_FY2025}:risk_factors:0003" in [h["chunk_id"] for h in every], body
    for h in every:
        marked = {h["excerpt"][a:b].lower() for a, b in h["marks"]}
        assert "china" in marked, (h["chunk_id"], h["excerpt"])


@pytest.mark.parametrize("fy, accession", [("2025", AAPL_FY2025), ("2024", AAPL_FY2024)])
def test_find_takes_the_fiscal_year_as_section_and_concept_do(aapl_index, fy, accession):
    from support import run_edgar

    r = run_edgar(["find", "operations in China", "-c", "AAPL", "--fy", fy, "-n", "5", "--json"], aapl_index)
    assert r.returncode == 0, r.stderr
    body = json.loads(r.stdout)
    assert body["filters"]["fiscal_year"] == int(fy) and len(body["results"]) == 5
    assert {(h["accession_number"], h["fiscal_year"]) for h in body["results"]} == {(accession, int(fy))}


def test_find_of_a_fiscal_year_not_indexed_says_which_are(aapl_index):
    from support import run_edgar

    r = run_edgar(["find", "operations in China", "-c", "AAPL", "--fy", "2023", "--json"], aapl_index)
    err = json.loads(r.stdout or r.stderr)["error"]
    assert r.returncode != 0 and err["code"] == "not_found", r
    assert "fiscal years 2024, 2025" in err["message"], err


def test_an_answer_wholly_inside_facts_that_stop_short_gets_a_note_not_a_warning(mirror, tmp_path):
    # Tesla's XBRL facts end at 2022-09-30 (10-Q 0000950170-22-019867), its latest 10-K 0001628280-26-003952:
    # total assets of FY2019..2021 (FY2021 62,131,000,000 at 2021-12-31, 10-K 0000950170-22-000796) are all in them
    from support import edgar_env, run_edgar

    env = edgar_env(mirror.url, tmp_path / "cache")
    r = run_edgar(["concept", "TSLA", "total_assets", "--fy", "2019..2021", "--csv"], env)
    assert r.returncode == 0, r.stderr
    assert "2021-12-31" in r.stdout and "62131000000" in r.stdout and "0000950170-22-000796" in r.stdout, r.stdout
    said = " ".join(r.stderr.split())
    assert "note: Tesla, Inc.'s XBRL facts end at 2022-09-30" in said and "0001628280-26-003952" in said, r.stderr
    assert "warning:" not in r.stderr, r.stderr
    # a range reaching past them (FY2022, its 10-K 0000950170-23-001409 not in the facts) still warns
    past = run_edgar(["concept", "TSLA", "total_assets", "--fy", "2021..2022", "--csv"], env)
    assert "warning: Tesla, Inc.'s XBRL facts end at 2022-09-30" in past.stderr, past.stderr
    assert "0000950170-23-001409" in past.stderr and "inside them" not in past.stderr, past.stderr


def test_the_header_of_a_section_wraps_at_word_boundaries_on_an_80_column_terminal(mirror, tmp_path):
    # Apple's FY2025 risk factors (10-K 0000320193-25-000079): the confidence line broke as "end|s"
    from support import edgar_env

    env = edgar_env(mirror.url, tmp_path / "cache")
    rc, screen = _on_a_terminal(["section", "AAPL", "risk_factors", "--fy", "2025"], env, 80)
    assert rc == 0, screen
    head = screen.split("\n\n", 1)[0].splitlines()
    assert "0000320193-25-000079" in head[1], head
    assert all(len(line) <= 80 for line in head if not line.startswith("https://")), head  # a URL stays whole
    said = " ".join(" ".join(head).split())
    assert "confidence high: item heading with its title, outside the table of contents, ends at the next" in said
    assert "https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm" in head, head


@pytest.mark.parametrize(
    "derive, rule, not_said",
    [("q4", "Q4 = FY - 9M", "TTM"), ("ttm", "TTM = FY(y-1) + YTD(y) - YTD(y-1)", "Q4 = FY - 9M")],
)
def test_the_derived_cells_note_says_only_the_rule_asked_for(mirror, tmp_path, derive, rule, not_said):
    # NVIDIA's Q4 FY2025 gross profit 28,723,000,000 = FY 97,858,000,000 (10-K 0001045810-25-000023) less the nine
    # months 69,135,000,000 (10-Q 0001045810-24-000316)
    from support import edgar_env, run_edgar

    env = edgar_env(mirror.url, tmp_path / "cache")
    ask = ["concept", "NVDA", "gross_profit", "--fy", "2025", "--period", "quarterly", "--derive", derive]
    r = run_edgar([*ask, "--format", "table"], env)
    assert r.returncode == 0, r.stderr
    (said,) = [line for line in r.stderr.splitlines() if "Cells marked derived" in line]
    assert rule in said and not_said not in said, said
    if derive == "q4":
        assert "28,723" in r.stdout and "97858000000 - 69135000000" in r.stderr, r.stdout + r.stderr


def test_the_readme_runs_edgar_one_way_and_says_what_its_first_command_prints_as_it_is(mirror, tmp_path):
    # NVIDIA's FY2024 revenue 60,922,000,000 USD (2023-01-30 to 2024-01-28), 10-K 0001045810-24-000029
    from pathlib import Path

    from support import edgar_env, run_edgar

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)```", readme, re.S)
    assert 'export PATH="$PWD/.venv/bin:$PATH"' in blocks[1], blocks[1]  # said once, before the first `edgar`
    commands = [line for b in blocks for line in b.splitlines()]
    assert not [c for c in commands if ".venv/bin/edgar" in c], commands
    first = next(c for c in commands if "edgar concept NVDA revenue --fy 2024" in c)
    assert first.startswith('SEC_USER_AGENT="Jane Doe jane@example.com" edgar concept'), first
    said = " ".join(readme[readme.index(first) :].split())
    env = edgar_env(mirror.url, tmp_path / "cache")
    piped = run_edgar(["concept", "NVDA", "revenue", "--fy", "2024"], env)
    (row,) = piped.stdout.splitlines()
    cells = row.split("\t")
    assert "60922000000" in cells and "0001045810-24-000029" in cells and "2023-01-30" in cells, row
    assert "in a pipe, one tab-separated row (value 60922000000)" in said, said
    rc, screen = _on_a_terminal(["concept", "NVDA", "revenue", "--fy", "2024"], env, 80)
    assert rc == 0 and "60,922,000,000" in screen and "2023-01-30 to 2024-01-28" in screen, screen
    assert "On a terminal it prints a table: 60,922,000,000 USD for 2023-01-30 to 2024-01-28" in said, said

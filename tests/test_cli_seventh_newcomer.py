"""A seventh newcomer's analyst tasks from the README alone (issue 36), through the real CLI: field names that are
the ones docs/formats.md lists for each format, a statement that carries the notes `concept` gives for its cells,
advice on stderr that works on the command line it is given for, the offline MCP set-up the same in docs/mcp.md as
in the README, and long XBRL tags that break between their words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

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


def test_a_balance_sheet_whose_dates_read_differently_says_each_in_its_own_note(cli):
    # NVIDIA: us-gaap:LongTermDebt 0 beside us-gaap:ConvertibleDebtCurrent 1,413,000,000 at 2016-01-31
    # (0001045810-16-000353): the noncurrent part; 1,983,000,000 beside 796,000,000 at 2017-01-29
    # (0001045810-17-000027): cannot be told.
    data = cli("statement", "NVDA", "balance", "--fy", "2016..2017", "--json").json()
    notes = [n for n in data["notes"] + [n for r in data["rows"] for n in r["notes"]] if "ConvertibleDebtCurrent" in n]
    notes = [n for n in notes if "tags current debt on its own line" in n]
    assert len(notes) == 2, notes
    noncurrent, unknown = sorted(notes, key=lambda n: "2017-01-29" in n)
    assert "0 is the noncurrent part" in noncurrent and "1,413,000,000" in noncurrent, noncurrent
    assert "0001045810-17-000027" in unknown and "796,000,000" in unknown and "cannot be told" in unknown, unknown


def test_the_derive_q4_the_quarterly_note_advises_works_with_the_limit_it_was_given_for(cli):
    # NVIDIA's eight latest quarters to Q1 FY2027 (10-Q 0001045810-26-000052, 81,615,000,000): Q4 FY2025 derived as
    # FY2025 130,497,000,000 (0001045810-25-000023) less 9M 91,166,000,000 (0001045810-24-000316) = 39,331,000,000;
    # Q4 FY2026 as 215,938,000,000 (0001045810-26-000021) less 147,811,000,000 (0001045810-25-000230).
    filed = cli("concept", "NVDA", "revenue", "--period", "quarterly", "-n", "8", "--format", "tsv")
    assert filed.rc == 0 and "--derive q4" in filed.err, filed.err
    res = cli("concept", "NVDA", "revenue", "--period", "quarterly", "-n", "8", "--derive", "q4", "--json")
    assert res.rc == 0, res.out + res.err  # before: invalid_argument, "-n is for one concept's values"
    data = res.json()
    assert [c["key"] for c in data["columns"]] == [
        *("Q2 FY2025", "Q3 FY2025", "Q4 FY2025", "Q1 FY2026"),
        *("Q2 FY2026", "Q3 FY2026", "Q4 FY2026", "Q1 FY2027"),
    ]
    cells = {c["column"]: c for c in data["rows"][0]["cells"]}
    assert cells["Q1 FY2027"]["fact"]["accession_number"] == "0001045810-26-000052"
    assert (cells["Q4 FY2025"]["status"], cells["Q4 FY2025"]["value"]) == ("derived", 39_331_000_000)
    assert {"0001045810-25-000023", "0001045810-24-000316"} <= set(cells["Q4 FY2025"]["accession_numbers"])
    assert (cells["Q4 FY2026"]["status"], cells["Q4 FY2026"]["value"]) == ("derived", 68_127_000_000)
    assert (
        data
        == cli("concept", "NVDA", "revenue", "--period", "quarterly", "--last", "8", "--derive", "q4", "--json").json()
    )


def test_the_readmes_quarterly_jq_example_gives_what_its_text_says(cli):
    # README: `concept NVDA revenue --period quarterly -n 4 --json` gives the four latest filed quarters, spanning
    # five (Q4 FY2026 is filed only inside the 10-K 0001045810-26-000021), and `.notes` says which Q4 is missing.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "edgar concept NVDA revenue --period quarterly -n 4 --json" in readme
    assert "four latest *filed* quarters" in readme and "`--derive q4` adds it" in readme
    data = cli("concept", "NVDA", "revenue", "--period", "quarterly", "-n", "4", "--json").json()
    assert [(v["fiscal_year"], v["fiscal_period"]) for v in data["values"]] == [
        (2027, "Q1"),
        (2026, "Q3"),
        (2026, "Q2"),
        (2026, "Q1"),
    ]
    assert any(n.startswith("Q4 of FY2026 is not reported") and "--derive q4" in n for n in data["notes"])
    derived = cli("concept", "NVDA", "revenue", "--period", "quarterly", "-n", "4", "--derive", "q4", "--json").json()
    assert [c["key"] for c in derived["columns"]] == ["Q2 FY2026", "Q3 FY2026", "Q4 FY2026", "Q1 FY2027"]


FORMATS = ROOT / "docs" / "formats.md"


def _formats_doc() -> str:
    return " ".join(FORMATS.read_text(encoding="utf-8").split())


def _backticked(text: str) -> list[str]:
    return re.findall(r"`([a-z_]+)`", text)


def _csv_header(out: str) -> list[str]:
    return out.splitlines()[0].split(",")


COMPARE = ("compare", "rnd_expense", "AAPL", "NVDA", "--fy", "2022")


def test_the_row_vocabulary_docs_formats_lists_is_every_formats_field_names(cli):
    # Apple FY2022 R&D 26,251,000,000 (0000320193-22-000108), NVIDIA FY2022 5,268,000,000 (0001045810-22-000036).
    doc = _formats_doc()
    said = doc.split("use one vocabulary across commands:", 1)[1].split("...", 1)[0]
    vocabulary = _backticked(said)
    assert vocabulary[:3] == ["company_name", "cik", "tickers"] and "matched_tag" in vocabulary, vocabulary
    csv = _csv_header(cli(*COMPARE, "--csv").out)
    tsv = cli(*COMPARE, "--tsv").out.splitlines()[0].split("\t")
    nl = [json.loads(line) for line in cli(*COMPARE, "--nl").out.splitlines()]
    rows = cli(*COMPARE, "--json").json()["rows"]
    for fields in (csv, tsv, *[list(r) for r in nl]):
        assert set(vocabulary) <= set(fields), set(vocabulary) - set(fields)
    # --json: the same names but for the company's, which the doc says compare's rows call `name`
    for r in rows:
        assert set(vocabulary) - {"company_name"} <= set(r) and "company_name" not in r, sorted(r)
    assert [r["name"] for r in rows] == [r["company_name"] for r in nl] == ["Apple Inc.", "NVIDIA CORP"]
    assert [(r["value"], r["accession_number"]) for r in rows] == [
        (26_251_000_000, "0000320193-22-000108"),
        (5_268_000_000, "0001045810-22-000036"),
    ]


def test_the_jq_line_docs_formats_gives_for_compares_company_names_prints_them(cli):
    # Before: the doc said rows use `company_name` "(the field names of --json)", so `jq '.rows[].company_name'`
    # printed null for each company.
    doc = _formats_doc()
    line = re.search(r"`(edgar compare [^`|]+) --json \| jq '\.rows\[\]\.([a-z_]+)'`", doc)
    assert line is not None, "docs/formats.md gives no jq line for compare's company names"
    args, field = line.group(1).split()[1:], line.group(2)
    rows = cli(*args, "--json").json()["rows"]
    assert [r.get(field) for r in rows] == ["Apple Inc.", "NVIDIA CORP"], field


def test_the_json_names_docs_formats_gives_for_the_company_are_the_outputs(cli):
    # Apple's submissions (CIK 0000320193): filings[] rows and a concept's company carry its name as documented.
    doc = _formats_doc()
    assert "as the JSON of `filings` (`filings[]`) and `section` do" in doc and "`company.name`" in doc
    filings = cli("filings", "AAPL", "-n", "1", "--json").json()
    assert filings["filings"][0]["company_name"] == "Apple Inc."
    concept = cli("concept", "AAPL", "rnd_expense", "--fy", "2022", "--json").json()
    assert concept["company"]["name"] == "Apple Inc." and "company_name" not in concept


def test_the_long_fields_docs_formats_lists_are_the_long_csv_header_in_order(cli):
    doc = _formats_doc()
    said = doc.split("in this order:", 1)[1].split("A cell without a value", 1)[0]
    header = _csv_header(cli("concept", "NVDA", "revenue", "--last", "2", "--long", "--csv").out)
    assert header == _backticked(said), (header, _backticked(said))


def test_the_spreadsheet_columns_docs_formats_names_for_concept_are_its_csv_header(cli):
    doc = _formats_doc()
    said = doc.split("a column per field (", 1)[1].split("...)", 1)[0]
    named = [w.strip() for w in said.replace("period start and end", "start, end").split(",") if w.strip()]
    header = _csv_header(cli("concept", "NVDA", "revenue", "--period", "all", "-n", "3", "--csv").out)
    assert named and set(named) <= set(header), set(named) - set(header)


def _on_a_terminal(args: list[str], env: dict, columns: int) -> str:
    """``edgar ARGS``'s stdout on a pseudo-terminal COLUMNS wide (its window size and $COLUMNS), as a person sees
    it; stderr apart."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import termios

    from support import edgar_command, read_terminal

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    proc = subprocess.Popen(
        edgar_command() + args,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.DEVNULL,
        env={**env, "COLUMNS": str(columns)},
    )
    os.close(slave)
    screen = read_terminal(master, proc, 60)
    proc.wait(timeout=10)
    os.close(master)
    assert proc.returncode in (0, 17), screen
    return re.sub(r"\x1b\[[0-9;]*m", "", screen.decode(errors="replace").replace("\r\n", "\n"))  # bold, no colour


TAG = "RevenueFromContractWithCustomerExcludingAssessedTax"
TAG_WORDS = re.findall(r"[A-Z][a-z]+", TAG)


def _tag_pieces(screen: str) -> list[str]:
    """The pieces of TAG on the screen, in order: the runs of letters that are part of it."""
    return [t for t in re.findall(r"[A-Za-z]+", screen) if len(t) > 2 and t in TAG and t not in ("FY", "USD")]


@pytest.mark.parametrize("columns", [80, 120, 135])
@pytest.mark.parametrize(
    "args",
    [
        ("compare", "revenue", "AAPL", "NVDA", "--fy", "2023"),  # Apple's 10-K 0000320193-23-000106 tags TAG
        ("concept", "AAPL", "revenue", "-n", "2"),  # 10-Ks 0000320193-25-000079 and 0000320193-24-000123
    ],
)
def test_a_long_xbrl_tag_on_a_terminal_breaks_between_its_words_and_whole_where_it_fits(
    mirror, tmp_path, args, columns
):
    from support import edgar_env

    screen = _on_a_terminal(list(args), edgar_env(mirror.url, tmp_path / "cache", NO_COLOR="1"), columns)
    assert all(len(line) <= columns for line in screen.splitlines()), screen
    pieces = _tag_pieces(screen)
    assert pieces, screen
    for piece in pieces:  # before: RevenueFromContractWithCu|stomerExcludingAssessedTa|x
        assert piece[0].isupper() and re.fullmatch("(?:" + "|".join(TAG_WORDS) + ")+", piece), (piece, screen)
    assert TAG in "".join(pieces), pieces
    if columns == 120:  # room for the whole tag beside the other columns: it is given it
        assert TAG in screen, screen

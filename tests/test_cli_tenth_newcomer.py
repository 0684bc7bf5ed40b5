"""A tenth newcomer's tasks from the README alone (issue 36), through the real CLI: a table written to a pipe, csv,
tsv or nl has one row per figure, each naming its period (fiscal year label, start, end) under the same field names
in every format and as the JSON's; and a listing cut at its default limit says how many it shows of how many, as
the last note, and the JSON says it was cut and the total."""

from __future__ import annotations

import csv
import io
import json

import pytest

# NVIDIA's revenue and net income, each from its own 10-K (companyfacts us-gaap:Revenues and NetIncomeLoss)
NVDA = {
    ("revenue", 2024): (60922000000, "2023-01-30", "2024-01-28", "0001045810-24-000029"),
    ("revenue", 2025): (130497000000, "2024-01-29", "2025-01-26", "0001045810-25-000023"),
    ("revenue", 2026): (215938000000, "2025-01-27", "2026-01-25", "0001045810-26-000021"),
    ("net_income", 2024): (29760000000, "2023-01-30", "2024-01-28", "0001045810-24-000029"),
    ("net_income", 2025): (72880000000, "2024-01-29", "2025-01-26", "0001045810-25-000023"),
    ("net_income", 2026): (120067000000, "2025-01-27", "2026-01-25", "0001045810-26-000021"),
}
PERIOD = ["column", "fiscal_year", "fiscal_period", "start", "end"]
ARGS = ("concept", "NVDA", "revenue", "net_income", "--last", "3")


def _figures(rows):
    return {
        (r["concept"], int(r["fiscal_year"])): (
            int(r["value"]),
            str(r["start"]),
            str(r["end"]),
            r["accession_number"],
        )
        for r in rows
    }


def test_several_concepts_piped_name_each_rows_period_in_every_format_under_the_same_names(edgar):
    # Before: `concept NVDA revenue net_income --last 3 | cat` printed "revenue ... 60922000000 130497000000
    # 215938000000": no row said which fiscal year a number belonged to
    tsv = edgar(*ARGS, "--tsv")
    assert tsv.rc == 0, tsv.err
    header, *lines = tsv.out.splitlines()
    names = header.split("\t")
    assert all(n in names for n in PERIOD), names
    piped = edgar(*ARGS)  # a pipe: the same rows, without the header
    assert piped.rc == 0, piped.err
    assert piped.out.splitlines() == lines
    as_tsv = [dict(zip(names, line.split("\t"))) for line in piped.out.splitlines()]
    assert _figures(as_tsv) == NVDA, as_tsv
    as_csv = list(csv.DictReader(io.StringIO(edgar(*ARGS, "--csv").out)))
    assert list(as_csv[0]) == names and _figures(as_csv) == NVDA
    as_nl = [json.loads(line) for line in edgar(*ARGS, "--nl").out.splitlines()]
    assert list(as_nl[0]) == names and _figures(as_nl) == NVDA
    assert all(isinstance(r["value"], int) and isinstance(r["fiscal_year"], int) for r in as_nl)
    assert {r["column"] for r in as_nl} == {"FY2024", "FY2025", "FY2026"}
    # the JSON's names for the same: columns[] (key, fiscal_year, fiscal_period, start, end), cells[] (column,
    # start, end, value)
    body = edgar(*ARGS, "--json").json()
    columns = {c["key"]: c for c in body["columns"]}
    got = {
        (row["concept"], columns[c["column"]]["fiscal_year"]): (
            c["value"],
            c["start"],
            c["end"],
            c["fact"]["accession_number"],
        )
        for row in body["rows"]
        for c in row["cells"]
    }
    assert got == NVDA
    assert {c["start"] for c in columns.values()} == {v[1] for v in NVDA.values()}


def test_a_statement_piped_names_each_rows_period_an_empty_cells_too(edgar):
    # Apple's balance sheet: no goodwill tagged after FY2017, so its FY2021 cell is empty; the row still names
    # the period it is empty for: the balance at 2021-09-25, the end of FY2021 (10-K 0000320193-21-000105 tags
    # us-gaap:Assets 351,002,000,000 at that date)
    res = edgar("statement", "AAPL", "balance", "--fy", "2021..2022", "--nl")
    assert res.rc == 0, res.err
    rows = [json.loads(line) for line in res.out.splitlines()]
    assert rows and all(r["fiscal_year"] and r["end"] for r in rows), [r for r in rows if not r["end"]]
    goodwill = next(r for r in rows if r["concept"] == "goodwill" and r["column"] == "FY2021")
    assert (goodwill["status"], goodwill["value"], goodwill["end"], goodwill["start"]) == (
        "absent",
        None,
        "2021-09-25",
        None,
    )
    assets = next(r for r in rows if r["concept"] == "total_assets" and r["column"] == "FY2021")
    assert (assets["value"], assets["end"], assets["accession_number"]) == (
        351002000000,
        "2021-09-25",
        "0000320193-21-000105",
    )
    # NVIDIA's income statement piped to `cat`: each row says its year and its period's dates
    piped = edgar("statement", "NVDA", "income", "--last", "3")
    assert piped.rc == 0, piped.err
    revenue = [line.split("\t") for line in piped.out.splitlines() if "\trevenue\t" in line]
    assert len(revenue) == 3
    for cells in revenue:
        year = int(cells[9])
        assert (int(cells[7]), cells[11], cells[12], cells[16]) == NVDA[("revenue", year)], cells


def test_the_spreadsheet_layout_is_asked_for_by_name_and_says_how_to_get_each_period(edgar):
    res = edgar(*ARGS, "--csv", "--wide")
    assert res.rc == 0, res.err
    header = next(csv.reader(io.StringIO(res.out)))
    assert header[:7] == ["concept", "label", "basis", "unit", "FY2024", "FY2025", "FY2026"], header
    flat = " ".join(res.err.split())
    assert "period (start, end)" in flat and "drop --wide" in flat, flat


# Apple's 10-K family in its submissions: 11 on the recent page (newest 0000320193-25-000079, filed 2025-10-31)
# and 21 on the older page; the 20th newest is 0001104659-05-058421 (2005-12-01), the 21st 0001047469-04-035975
# (2004-12-03).
def test_filings_cut_at_the_default_limit_says_how_many_of_how_many_as_its_last_note_and_in_json(edgar):
    res = edgar("filings", "AAPL", "--form", "10-K")
    assert res.rc == 0, res.err
    names = edgar("filings", "AAPL", "--form", "10-K", "--tsv").out.splitlines()[0].split("\t")
    accessions = [dict(zip(names, line.split("\t")))["accession_number"] for line in res.out.splitlines()]
    assert len(accessions) == 20 and accessions[-1] == "0001104659-05-058421", accessions[-3:]
    notes = [n for n in res.err.splitlines() if not n.startswith("answered from")]
    assert notes[-1] == "note: 20 of 32 filings shown; --limit 32 for all", notes
    body = edgar("filings", "AAPL", "--form", "10-K", "--json").json()
    assert (body["truncated"], body["total_matches"], len(body["filings"])) == (True, 32, 20)
    every = edgar("filings", "AAPL", "--form", "10-K", "--limit", "32")
    assert every.rc == 0 and len(every.out.splitlines()) == 32
    assert "0001047469-04-035975" in every.out and " shown" not in every.err, every.err
    table = edgar("filings", "AAPL", "--form", "10-K", "--format", "table", env={"COLUMNS": "80"})
    assert "20 of 32 filings shown; --limit 32 for all" in table.out  # under the table itself


def test_one_concepts_values_cut_at_the_default_limit_say_so_in_the_same_words(edgar):
    # NVIDIA's annual revenue: 19 fiscal years in its companyfacts, 8 by default
    res = edgar("concept", "NVDA", "revenue", "--csv")
    assert res.rc == 0 and len(res.out.splitlines()) == 9
    assert "8 of 19 values shown; --limit 19 for all" in res.err.splitlines()[-2], res.err
    body = edgar("concept", "NVDA", "revenue", "--json").json()
    assert (body["truncated"], body["total_values"]) == (True, 19)
    assert len(edgar("concept", "NVDA", "revenue", "--limit", "19", "--csv").out.splitlines()) == 20


def test_a_search_page_cut_at_its_limit_says_how_many_of_the_pages_filings_it_shows(edgar):
    res = edgar("search", "climate change", "--form", "8-K", "-n", "3")
    assert res.rc == 0, res.err
    body = edgar("search", "climate change", "--form", "8-K", "-n", "3", "--json").json()
    total = body["filings_on_page"]
    assert body["truncated"] and total > 3
    line = f"3 of {total} filings on this page shown; --limit {total} for all; next: --page 2"
    assert f"note: {line}" in res.err.splitlines(), res.err


@pytest.mark.parametrize("fmt", [("--tsv",), ("--format", "table")])
def test_a_screen_cut_at_its_limit_says_how_many_of_how_many_companies(store_env, cli, monkeypatch, fmt):
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    body = cli("screen", "revenue", "--fy", "2024", "-n", "2", "--json").json()
    assert body["truncated"] and body["companies_matched"] > 2
    res = cli("screen", "revenue", "--fy", "2024", "-n", "2", *fmt)
    assert res.rc == 0, res.err
    n = body["companies_matched"]
    assert f"2 of {n:,} companies shown; --limit {n} for all" in " ".join((res.out + res.err).split())


def test_a_misspelt_name_offered_as_did_you_mean_is_not_called_a_different_company_under_it(edgar):
    # issue 36: `concept Nvida revenue` asked "Did you mean NVIDIA CORP (NVDA)?" above a table titled "Spelled
    # alike (different companies)" whose first row was NVIDIA
    res = edgar("concept", "Nvida", "revenue", env={"COLUMNS": "80"})
    assert res.rc == 3, res.err
    flat = " ".join(res.err.split())
    assert "Did you mean NVIDIA CORP (NVDA)?" in flat and "NVIDIA CORP 0001045810" in flat, flat
    assert "different compan" not in flat and "ask the user" not in flat, flat


def _on_an_80_column_terminal(args: list[str], env: dict) -> tuple[int, str]:
    from support import on_a_terminal

    return on_a_terminal(args, env, 80)


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "AAPL", "NVDA", "GOOGL", "revenue"],  # an error and its suggested command
        ["concept", "NVDA", "revenue", "--fy", "2024"],  # the fast path's "answered from" line
        ["filings", "AAPL", "--form", "10-K", "-n", "2"],  # the full path's warning, notes and "answered from"
    ],
)
def test_every_line_a_person_sees_at_80_columns_breaks_between_words(mirror, tmp_path, args):
    # Before: errors, suggestions and "answered from: the local cache (fetched ...)" were single lines of 100+
    # characters, which the terminal broke mid-word
    from support import edgar_env

    edgar_env_ = edgar_env(mirror.url, tmp_path / "cache")
    _on_an_80_column_terminal(["concept", "NVDA", "revenue", "--fy", "2024"], edgar_env_)  # a warm cache
    rc, screen = _on_an_80_column_terminal(args, edgar_env_)
    assert rc in (0, 2), screen
    lines = screen.splitlines()
    assert lines and max(len(line) for line in lines) <= 80, [line for line in lines if len(line) > 80]
    if args[0] == "compare":
        assert "suggestion: Ask edgar compare revenue AAPL NVDA GOOGL." in screen, screen  # the command whole
    else:
        said = " ".join(screen.split())
        assert "answered from: the " in screen and "a time a pinned clock (EDGAR_TODAY) gave" in said, screen

"""A twelfth newcomer's findings (issue 36), through the real CLI (an 80-column pseudo-terminal where the terminal
matters) or the public functions: every value's basis says what is true of it."""

from __future__ import annotations

import csv
import io
import json

import pytest
from test_cli_tenth_newcomer import _on_an_80_column_terminal

# Apple's FY2019 diluted EPS: 11.89 in the 10-K 0000320193-19-000119, restated 2.97 after the 4-for-1 split of 2020
# in the 10-K 0000320193-20-000096; FY2020's 3.28 (0000320193-20-000096) was never restated.
AAPL_EPS = ["concept", "AAPL", "eps_diluted", "--fy", "2019..2021"]


def test_a_split_restated_value_is_not_called_as_reported(edgar):
    rows = [json.loads(line) for line in edgar(*AAPL_EPS, "--nl").out.splitlines()]
    by = {r["column"]: r for r in rows}
    assert by["FY2019"]["value"] == 2.97 and by["FY2019"]["original_value"] == 11.89
    assert by["FY2019"]["original_accession"] == "0000320193-19-000119"
    assert by["FY2019"]["basis"] == "split_restated"
    assert by["FY2020"]["value"] == 3.28 and by["FY2020"]["basis"] == "as_reported"
    table = {r["column"]: r for r in csv.DictReader(io.StringIO(edgar(*AAPL_EPS, "--csv").out))}
    assert table["FY2019"]["basis"] == "split_restated" and table["FY2020"]["basis"] == "as_reported"
    cells = {c["column"]: c for c in edgar(*AAPL_EPS, "--json").json()["rows"][0]["cells"]}
    assert cells["FY2019"]["basis"] == "split_restated" and cells["FY2021"]["basis"] == "as_reported"


def test_each_cells_basis_in_the_python_and_mcp_result(sec):
    from edgar_cli import get_financial_statement
    from edgar_cli.cli.views.statement import statement_rows

    r = get_financial_statement("AAPL", "income", fiscal_year="2019..2020")
    eps = next(row for row in r.rows if row.concept == "eps_diluted")
    assert [(c.column, c.value, c.basis) for c in eps.cells] == [
        ("FY2019", 2.97, "split_restated"),
        ("FY2020", 3.28, "as_reported"),
    ]
    # the wide form (periods as columns) has one basis per row: its cells' one, or mixed
    header, rows = statement_rows(r)
    wide = {row[0]: dict(zip(header, row)) for row in rows}
    assert wide["eps_diluted"]["basis"] == "mixed" and "FY2019" in wide["eps_diluted"]["revised"]
    # Apple's FY2020 revenue 274,515,000,000 (0000320193-20-000096) and FY2019's 260,174,000,000, both as filed
    assert wide["revenue"]["basis"] == "as_reported"


@pytest.mark.parametrize("derive", ["q4", "ttm"])
def test_a_derived_cell_is_not_as_reported(sec, derive):
    from edgar_cli import get_financial_series

    r = get_financial_series("NVDA", ["revenue"], period="quarterly", last=4, derive=[derive])
    for row in r.rows:
        for c in row.cells:
            if c.value is None:
                assert c.basis is None
            elif row.basis == "ttm":
                assert c.basis == "ttm"
            elif c.derived:
                assert c.basis == "derived" and c.formula
    assert any(c.derived for row in r.rows for c in row.cells)


@pytest.fixture
def terminal(mirror, tmp_path):
    from support import edgar_env

    env = edgar_env(mirror.url, tmp_path / "cache")
    return lambda *args: _on_an_80_column_terminal(list(args), env)


def test_a_ticker_file_position_is_never_printed_as_a_hint_of_size(terminal, edgar):
    # TSM sits at 7,014 of the corpus' ticker file, in its unordered tail (foreign issuers): no fact about size
    rc, screen = terminal("resolve", "TSMC")
    assert rc == 0 and "0001046179" in screen, screen
    assert "7,014" not in screen and "Ticker-file" not in screen and "hint of size, not a rank" not in screen
    rc, screen = terminal("resolve", "American")
    assert "AMERICAN EXPRESS CO" in screen and "Ticker-file" not in screen, screen
    # kept for a script, which ranks by it
    assert edgar("resolve", "TSMC", "--json").json()["ticker_file_position"] == 7014


def test_the_ticker_file_position_is_no_table_column_and_its_schema_says_what_it_is_not(edgar):
    # TSM sits at 7,014 of the corpus' ticker file (company_tickers_exchange.json), in its unordered tail: the
    # piped table and csv carry no such column (a bare 7014 beside the name reads as a rank); the JSON keeps it for
    # a script, and the field's description (the MCP schema) says it orders candidates and is no size ranking
    from edgar_cli.capabilities.resolve.model import Candidate, ResolvedCompany

    r = edgar("resolve", "TSMC")
    assert r.rc == 0 and "0001046179" in r.out, r.err
    assert "7014" not in r.out, r.out
    r = edgar("resolve", "TSMC", "--format", "csv")
    assert "ticker_file_position" not in r.out.splitlines()[0] and "7014" not in r.out, r.out
    assert edgar("resolve", "TSMC", "--json").json()["ticker_file_position"] == 7014
    for model in (ResolvedCompany, Candidate):
        said = model.model_fields["ticker_file_position"].description or ""
        assert "not a ranking by size or market value" in said, said
        assert "only to order candidates" in said, said


def test_the_python_page_runs_as_written_against_the_mirror(mirror, tmp_path):
    # docs/python.md's example, run as written by the venv's Python: NVIDIA's FY2024 revenue 60,922,000,000 (10-K
    # 0001045810-24-000029), FY2026's 215,938,000,000 (0001045810-26-000021), Apple's FY2025 416,161,000,000
    # (10-K 0000320193-25-000079), NVIDIA's fiscal-2025 risk factors (0001045810-25-000023) whole, ebitda refused
    import re
    import subprocess
    import sys
    from pathlib import Path

    from support import edgar_env

    text = (Path(__file__).parents[1] / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    env = edgar_env(mirror.url, tmp_path / "cache")
    proc = subprocess.run([sys.executable, "-c", blocks[0]], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == "0001045810 NVIDIA CORP ['NVDA']", out
    assert out[1] == "60922000000 USD 2023-01-30 2024-01-28 10-K 0001045810-24-000029 us-gaap:Revenues", out
    assert out[2].startswith("Revenue [('FY2024', 60922000000, 'as_reported')") and "215938000000" in out[2]
    assert "NVIDIA CORP 2026 215938000000 0001045810-26-000021" in out
    assert "Apple Inc. 2025 416161000000 0000320193-25-000079" in out
    assert any(line.startswith("[('10-K', '2025-10-31', '0000320193-25-000079')") for line in out), out
    section = next(line for line in out if line.startswith("0001045810-25-000023 "))
    _, total, got = section.split()
    assert int(total) == int(got) > 100_000  # max_chars=0: the whole section
    assert any(line.startswith("grounded [") for line in out), out
    assert out[-1].startswith("invalid_argument 2 "), out


def _parts_whole(screen: str, tag: str) -> list[str]:
    """The CamelCase words of ``tag`` the screen does not show whole (a tag broken mid-word)."""
    from edgar_cli.cli.render import _CAMEL_PARTS

    return [p for p in _CAMEL_PARTS.findall(tag.split(":")[-1]) if p not in screen]


@pytest.mark.parametrize(
    ("args", "tags"),
    [
        # Apple's FY2024 net sales 391,035,000,000 (10-K 0000320193-24-000123)
        (
            ["verify", "Apple's net sales were $391.0 billion in fiscal 2024."],
            ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"],
        ),
        (
            ["concepts", "long_term_debt"],
            ["us-gaap:LongTermDebtAndCapitalLeaseObligations", "ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued"],
        ),
        (
            ["concept", "AAPL", "revenue", "--fy", "2024"],
            ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"],
        ),
        (
            ["compare", "revenue", "AAPL", "NVDA", "--fy", "2024"],
            ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"],
        ),
        (
            ["concept", "AAPL", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "--last", "2"],
            ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"],
        ),
    ],
)
def test_a_tag_in_any_table_breaks_only_between_its_words_at_80_columns(terminal, args, tags):
    rc, screen = terminal(*args)
    assert rc in (0, 17), screen  # compare: 17, periods that do not line up (Apple's September, NVIDIA's January)
    for tag in tags:
        assert _parts_whole(screen, tag) == [], screen
    assert max(len(line.rstrip()) for line in screen.splitlines()) <= 80


def test_an_8k_listing_says_how_many_drops_the_empty_fy_column_and_notes_only_what_is_true_of_it(terminal, edgar):
    # Microsoft's 2024 8-Ks: nine, among them the 8-K/A 0001193125-24-062997 amending 0001193125-24-011295
    args = ["filings", "MSFT", "--form", "8-K", "--from", "2024-01-01", "--to", "2024-12-31", "--all"]
    assert edgar(*args, "--json").json()["total_matches"] == 9
    rc, screen = terminal(*args)
    assert rc == 0, screen
    lines = [line.rstrip() for line in screen.splitlines()]
    assert "9 filings" in lines, screen
    header = next(line for line in lines if line.startswith("Form"))
    assert " FY " not in header + " " and "Accession" in header, header
    assert "0001193125-24-062997" in screen and "superseded" in screen
    assert "10-K/A" not in screen and "XBRL" not in screen and "Part III" not in screen, screen
    # a 10-K listing keeps its FY column and the note about 10-K/As and XBRL figures (Apple's 10-K/A, if shown)
    rc, screen = terminal("filings", "AAPL", "--form", "10-K", "-n", "3")
    header = next(line for line in screen.splitlines() if line.startswith("Form"))
    assert "FY" in header and "3 of at least 11 filings shown" in screen, screen


def test_a_compare_tag_column_has_one_tag_style(terminal):
    # TSMC's FY2024 revenue 2,894,307,700,000 TWD (20-F 0001193125-25-083423, ifrs-full:Revenue) beside NVIDIA's
    # FY2026 215,938,000,000 USD (10-K 0001045810-26-000021, us-gaap:Revenues): both prefixed
    rc, screen = terminal("compare", "revenue", "TSMC", "NVDA", "--latest")
    assert rc == 17, screen  # not comparable: currencies, periods, standards
    assert "ifrs-full:Revenue" in screen and "us-gaap:Revenues" in screen, screen
    # one taxonomy (US GAAP): no prefix anywhere in the column (Apple's 0000320193-25-000079, NVIDIA's as above)
    rc, screen = terminal("compare", "revenue", "AAPL", "NVDA", "--latest")
    table = screen.split("Each company's")[0]
    assert "us-gaap:" not in table and "Revenues" in table, screen


def test_tag_style_is_one_for_the_column():
    from edgar_cli.cli.render import tag_style

    shown = tag_style(["us-gaap:Revenues", "us-gaap:LongTermDebtNoncurrent + us-gaap:LongTermDebtCurrent"])
    assert shown("us-gaap:Revenues") == "Revenues"
    assert shown("us-gaap:LongTermDebtNoncurrent + us-gaap:LongTermDebtCurrent") == (
        "LongTermDebtNoncurrent + LongTermDebtCurrent"
    )
    shown = tag_style(["us-gaap:Revenues", "ifrs-full:Revenue"])
    assert [shown(t) for t in ("us-gaap:Revenues", "ifrs-full:Revenue")] == ["us-gaap:Revenues", "ifrs-full:Revenue"]


def test_the_total_debt_refusal_is_said_once_in_a_table(terminal, edgar):
    # Snowflake at 2025-01-31: us-gaap:ConvertibleDebtNoncurrent 2,271,529,000 (10-K 0001640147-25-000052) and no
    # current portion tagged: total_debt is refused; the footnote says why, the row's note points at it
    rc, screen = terminal("concept", "SNOW", "long_term_debt", "total_debt", "--fy", "2025")
    assert rc == 0, screen
    flat = " ".join(screen.split())
    assert flat.count("would guess that there is no current portion") == 1, screen
    assert flat.count("2,271,529,000 (0001640147-25-000052)") == 1, screen
    assert "not summed at 2025-01-31: see footnote ¹." in flat, screen
    # the JSON keeps both: the cell's reason and the row's note (a script reads either)
    row = edgar("concept", "SNOW", "long_term_debt", "total_debt", "--fy", "2025", "--json").json()["rows"][1]
    assert "no us-gaap:LongTermDebtCurrent is tagged there" in row["cells"][0]["reason"]
    assert "no us-gaap:LongTermDebtCurrent is tagged there" in row["notes"][0]


def test_a_long_definition_wraps_at_words_on_a_terminal_and_stays_one_line_in_a_pipe(terminal, edgar):
    rc, screen = terminal("concepts", "total_debt")
    assert rc == 0, screen
    lines = [line.rstrip() for line in screen.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Debt at carrying value"))
    definition = edgar("concepts", "total_debt", "--json").json()["concepts"][0]["definition"]
    end = next(i for i, line in enumerate(lines) if line.endswith("US GAAP tags only."))
    body = lines[start : end + 1]
    assert len(body) > 10 and all(len(line) <= 80 for line in body), body
    # joined with a space the lines are the definition: every break falls between two words (one broken inside
    # a word would put a space into it)
    assert " ".join(line.strip() for line in body) == " ".join(definition.split()), body
    piped = edgar("concepts", "total_debt").out
    assert definition in piped.splitlines()[0] or any(definition in line for line in piped.splitlines())

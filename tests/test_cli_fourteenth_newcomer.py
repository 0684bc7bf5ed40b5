"""A fourteenth newcomer's findings (issue 36), through the real CLI on corpus data."""

from __future__ import annotations

import json

import pytest
from test_cli_tenth_newcomer import _on_an_80_column_terminal


@pytest.fixture
def terminal(mirror, tmp_path):
    from support import edgar_env

    env = edgar_env(mirror.url, tmp_path / "cache")
    return lambda *args: _on_an_80_column_terminal(list(args), env)


def _fits(screen: str) -> None:
    assert all(len(line) <= 80 for line in screen.splitlines()), screen


# Apple's FY2023 revenue 383,285,000,000 and cost of revenue first filed in the 10-K 0000320193-23-000106 (filed
# 2023-11-03, 2022-09-25 to 2023-09-30); NVIDIA's FY2025 cash-flow lines in the 10-K 0001045810-25-000023 (filed
# 2025-02-26, 2024-01-29 to 2025-01-26).
@pytest.mark.parametrize(
    "args, line",
    [
        (
            ["concept", "AAPL", "net sales", "cost_of_revenue", "--fy", "2023"],
            "FY2023 (2022-09-25 to 2023-09-30): 10-K 2023-11-03 0000320193-23-000106",
        ),
        (
            ["statement", "NVDA", "cashflow", "--fy", "2025"],
            "FY2025 (2024-01-29 to 2025-01-26): 10-K 2025-02-26 0001045810-25-000023",
        ),
    ],
)
def test_a_terminal_table_says_each_columns_filing_and_period(terminal, args, line):
    rc, screen = terminal(*args)
    assert rc == 0, screen
    assert line in screen.splitlines(), screen
    assert screen.count(line) == 1
    _fits(screen)


# Apple's FY2019 diluted EPS 2.97 is the split-restated figure of the 10-K 0000320193-20-000096 (filed 2020-10-30);
# the column's other cells (revenue 260,174,000,000) are first filed in the 10-K 0000320193-19-000119.
def test_a_cell_from_another_filing_than_its_columns_is_footnoted(terminal):
    rc, screen = terminal("concept", "AAPL", "revenue", "net_income", "eps_diluted", "--fy", "2019..2020")
    assert rc == 0, screen
    lines = screen.splitlines()
    assert "FY2019 (2018-09-30 to 2019-09-28): 10-K 2019-10-31 0000320193-19-000119" in lines, screen
    eps = next(x for x in lines if x.startswith("Diluted earnings per share"))
    assert "2.97 ^¹" in eps, eps
    assert "¹ from 10-K 2020-10-30 0000320193-20-000096, not its column's filing" in lines, screen
    _fits(screen)


# Snowflake's cover-page share count: 334,100,000 at 2025-03-07 in the 10-K 0001640147-25-000052 (the annual view's
# latest), 333,700,000 at 2025-05-08 in the next 10-Q 0001640147-25-000110 (filed 2025-05-30).
NEWER = (
    "A newer value than the annual view's latest (334,100,000 at 2025-03-07): 333,700,000 at 2025-05-08 "
    "(10-Q 0001640147-25-000110, filed 2025-05-30); --period all shows every report's value."
)


def test_an_annual_instant_names_a_newer_periodic_value_and_the_flag_to_see_it(edgar, terminal):
    body = edgar("concept", "SNOW", "shares_outstanding", "--json").json()
    assert body["values"][0]["value"] == 334100000 and body["values"][0]["accession_number"] == "0001640147-25-000052"
    assert NEWER in body["notes"], body["notes"]
    rc, screen = terminal("concept", "SNOW", "shares_outstanding")
    assert rc == 0, screen
    flat = " ".join(x.strip() for x in screen.splitlines())
    assert flat.count("333,700,000 at 2025-05-08 (10-Q 0001640147-25-000110") == 1, screen
    _fits(screen)
    # the value all periods show is the newer one, and a duration's annual view says nothing of quarters
    every = edgar("concept", "SNOW", "shares_outstanding", "--period", "all", "--json").json()
    assert every["values"][0]["value"] == 333700000
    assert not any("A newer value" in n for n in every["notes"])
    revenue = edgar("concept", "SNOW", "revenue", "--json").json()
    assert not any("A newer value" in n for n in revenue["notes"])


# NVIDIA's FY2025 cash-flow statement (10-K 0001045810-25-000023, 2024-01-29 to 2025-01-26): net income
# 72,880,000,000 (us-gaap:NetIncomeLoss, its first line), stock-based compensation 4,737,000,000
# (us-gaap:ShareBasedCompensation), net cash from operating activities 64,089,000,000.
def test_the_cashflow_preset_starts_with_net_income_and_adds_back_stock_based_compensation(edgar):
    body = edgar("statement", "NVDA", "cashflow", "--fy", "2025", "--json").json()
    rows = {r["concept"]: r for r in body["rows"]}
    order = [r["concept"] for r in body["rows"]]
    assert order[0] == "net_income"
    assert order.index("stock_based_compensation") < order.index("operating_cash_flow")
    for concept, value, tag in [
        ("net_income", 72880000000, "us-gaap:NetIncomeLoss"),
        ("stock_based_compensation", 4737000000, "us-gaap:ShareBasedCompensation"),
        ("operating_cash_flow", 64089000000, "us-gaap:NetCashProvidedByUsedInOperatingActivities"),
    ]:
        cell = rows[concept]["cells"][0]
        assert cell["value"] == value and cell["matched_tag"] == tag, cell
        assert cell["fact"]["accession_number"] == "0001045810-25-000023"


# Apple's FY2024 10-K 0000320193-24-000123, indexed alone: four MD&A passages hold every word of the question; the
# second shown ends with the Services paragraph's sentence "... from advertising, the App Store® and cloud services."
def test_find_says_how_many_more_once_and_ends_an_excerpt_at_a_sentence(tmp_path, mirror):
    from support import edgar_env, run_edgar

    env = {**edgar_env(mirror.url, tmp_path / "cache"), "EDGAR_DATA_DIR": str(tmp_path / "data")}

    added = run_edgar(["index", "add", "AAPL", "--accession", "0000320193-24-000123", "--no-semantic"], env, 300)
    assert added.returncode == 0, added.stderr
    ask = ["find", "Services net sales increased due to", "-c", "AAPL", "-n", "2"]
    body = json.loads(run_edgar([*ask, "--json"], env).stdout)
    assert body["matching"] == 4 and len(body["results"]) == 2
    assert all(h["accession_number"] == "0000320193-24-000123" for h in body["results"])
    second = body["results"][1]["excerpt"]
    assert second.rstrip("…").endswith("the App Store® and cloud services."), second
    assert "Services net sales increased" in second
    rc, screen = _on_an_80_column_terminal(ask, env)
    assert rc == 0, screen
    flat = " ".join(screen.split())
    assert flat.count("2 of 4 passages") == 1 and "--limit 4 shows more." in flat, screen
    _fits(screen)


# Logistic Properties of the Americas' XBRL facts end at 2024-12-31 (its 20-F 0001997711-25-000030): a name ending
# in s takes a bare apostrophe; one helper writes every company possessive.
def test_a_company_name_ending_in_s_takes_a_bare_apostrophe(edgar):
    r = edgar("concept", "LPA", "revenue", "--json")
    assert r.rc == 0, r.err
    said = " ".join(r.json()["warnings"] + r.json()["notes"])
    assert "Logistic Properties of the Americas' XBRL facts end at 2024-12-31 (the report 0001997711-25-000030)" in said
    assert "Americas's" not in said + r.err


def test_possessive_is_the_one_spelling_of_a_company_possessive():
    import pathlib
    import re

    from edgar_cli.vocabulary import possessive

    assert possessive("Apple Inc.") == "Apple Inc.'s" and possessive("SIEMENS") == "SIEMENS'"
    root = pathlib.Path(__import__("edgar_cli").__file__).parent
    # a company's name or owner written with "'s" by hand (spec.name is a concept's name: "revenue's tags")
    named = re.compile(r"\{(?!spec\.)[\w.]*(?:\bname|owner)\}'s")
    files = [p for p in root.rglob("*.py") if p.name != "vocabulary.py"]
    found = [f"{p}: {m.group()}" for p in files for m in named.finditer(p.read_text(encoding="utf-8"))]
    assert found == [], found


# Tesla's latest 10-Q, 0001628280-25-045968, is listed but its document is not in the mirror (404); the next older
# 10-Q, 0001628280-25-035806 (filed 2025-07-24), is: the error names it, the flag to ask for it, and the listing.
def test_a_missing_latest_document_names_the_next_older_filing_of_its_form(edgar):
    r = edgar("section", "TSLA", "mda", "--form", "10-Q", "--json")
    assert r.rc != 0
    err = json.loads(r.out or r.err)["error"]
    assert err["code"] == "not_found" and "000162828025045968" in err["url"], err
    assert err["older_accession_number"] == "0001628280-25-035806"
    assert "--accession 0001628280-25-035806" in err["suggestion"], err
    assert "edgar filings TSLA --form 10-Q" in err["suggestion"], err
    older = edgar("section", "TSLA", "mda", "--accession", "0001628280-25-035806", "--json")
    assert older.rc == 0 and older.json()["accession_number"] == "0001628280-25-035806", older.err


def test_the_sqlite3_recipe_for_nl_output_gives_typed_numbers(mirror, tmp_path):
    # docs/formats.md's --nl recipe (readfile, json_each, no sqlite-utils) run as written: NVIDIA's FY2026 revenue
    # 215,938,000,000 (10-K 0001045810-26-000021) first, an integer, as are gross profit and pretax income
    import sqlite3

    from support import run_docs_recipe

    rows = run_docs_recipe(mirror.url, tmp_path, "sqlite3 nl.db")
    assert rows[0] == ["revenue", "215938000000", "integer"], rows
    assert [r[0] for r in rows] == ["revenue", "gross_profit", "pretax_income"], rows
    assert all(r[2] == "integer" for r in rows), rows
    with sqlite3.connect(tmp_path / "nl.db") as db:
        row = db.execute("SELECT accession_number FROM facts WHERE concept = 'revenue' AND \"column\" = 'FY2026'")
        assert row.fetchone() == ("0001045810-26-000021",)
        kinds = dict(db.execute("SELECT concept, typeof(value) FROM facts WHERE \"column\" = 'FY2026'").fetchall())
    assert kinds["eps_diluted"] == "real" and kinds["interest_expense"] in ("integer", "null"), kinds

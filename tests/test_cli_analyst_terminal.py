"""A fourth newcomer's analyst tasks from the README alone (issue 36), through the real CLI: a screen's notes name
the companies they count (and say when a company's facts stop short of its filings), the names analysts say for a
loss or for debt, a ranked did-you-mean, the way to build a bulk store offline, the years a range as known on a
date lacks, where a statement's values and filings are, whose lines a statement shows, and one precision a column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def screen_cli(store_env, cli, monkeypatch):
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    return cli


SCREEN = ("screen", "revenue", "--fy", "2024", "--min", "50e9")


@pytest.mark.parametrize("fmt", [("--format", "table"), ("--tsv",), ("--csv",)])
def test_a_screens_notes_name_the_companies_they_count_in_every_format(screen_cli, fmt):
    # TSMC reports revenue in TWD (20-F 0001193125-25-083423); Snowflake's FY2024 revenue 2,806,489,000
    # (10-K 0001640147-24-000101) is below the minimum
    res = screen_cli(*SCREEN, *fmt)
    assert res.rc == 0, res.err
    text = " ".join((res.out + res.err).split())
    unit_line = text[text.index("1 other unit") :]
    assert "TAIWAN SEMICONDUCTOR" in unit_line.upper()
    below = text[text.index("below minimum") :]
    assert "snowflake" in below.lower() and "Logistic Properties" in below


def test_a_screen_says_teslas_facts_stop_short_of_its_filed_fy2024_10k(screen_cli):
    # Tesla's XBRL facts end at 2022-09-30 (0000950170-22-019867); its 10-K for 2024 was filed 2025-01-30
    # (0001628280-25-003063): not "period not reported"
    res = screen_cli(*SCREEN, "--json")
    assert res.rc == 0, res.out
    excluded = {e["reason"]: e for e in res.json()["excluded"]}
    short = excluded["facts_end_before_filings"]
    assert short["companies"] == 1 and short["examples"] == ["Tesla, Inc. (0001318605)"]
    assert "2022-09-30" in short["detail"] and "0001628280-25-003063" in short["detail"]
    assert "period_not_reported" not in excluded
    table = screen_cli(*SCREEN, "--format", "table")
    flat = " ".join((table.out + table.err).split())
    assert "period not reported" not in flat and "Tesla" in flat and "0001628280-25-003063" in flat


@pytest.mark.parametrize(
    "asked,concept", [("net loss", "net_income"), ("net_loss", "net_income"), ("operating loss", "operating_income")]
)
def test_a_loss_is_asked_for_by_the_name_analysts_use(cli, asked, concept):
    # Snowflake's FY2025 net loss -1,285,640,000 (10-K 0001640147-25-000052)
    res = cli("concept", "SNOW", asked, "--last", "3", "--json")
    assert res.rc == 0, res.out
    data = res.json()
    assert [r["concept"] for r in data["rows"]] == [concept]
    if concept == "net_income":
        cell = data["rows"][0]["cells"][-1]["fact"]
        assert (cell["value"], cell["accession_number"]) == (-1_285_640_000, "0001640147-25-000052")


def test_an_unknown_concept_gets_the_closest_concepts_ranked(cli):
    err = cli("concept", "SNOW", "loss", "--json").json()["error"]
    assert err["code"] == "invalid_argument"
    assert err["closest"][:2] == ["net_income", "operating_income"] or set(err["closest"][:2]) == {
        "net_income",
        "operating_income",
    }
    assert "net_income" in err["message"] and "operating_income" in err["message"]
    table = cli("concept", "SNOW", "operating profits")
    assert table.rc == 2 and "operating_income" in table.err.split("suggestion")[0]


def test_debt_means_all_of_it(cli):
    # Apple FY2024 total debt 106,629,000,000 (10-K 0000320193-24-000123): term debt, its current portion and
    # commercial paper; long_term_debt is the 85,750M non-current part
    res = cli("concept", "AAPL", "debt", "--fy", "2024", "--json")
    assert res.rc == 0, res.out
    data = res.json()
    assert data["concept"] == "total_debt"
    value = data["values"][0]
    assert (value["value"], value["accession_number"]) == (106_629_000_000, "0000320193-24-000123")


def test_a_sync_against_a_mirror_without_the_archives_names_sync_from(cli):
    res = cli("sync", "--json")
    assert res.rc != 0
    err = res.json()["error"]
    assert "edgar sync --from" in err["suggestion"]


def test_a_screen_without_a_store_names_sync_from(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_BULK_DIR", str(tmp_path / "none"))
    err = cli("screen", "revenue", "--fy", "2024", "--json").json()["error"]
    assert err["code"] == "not_found" and "edgar sync --from" in err["suggestion"]


def test_the_readme_says_how_to_build_a_store_from_the_corpus_and_where_a_statements_values_are():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "edgar sync --from" in readme and "companyfacts.zip" in readme and "submissions.zip" in readme
    assert ".rows[].cells[]" in readme and ".fact" in readme


def test_a_range_as_known_on_a_date_explains_the_year_not_yet_reported(cli):
    # Apple's FY2019 ended 2019-09-28 and was first filed 2019-10-31 in 0000320193-19-000119
    res = cli("concept", "AAPL", "revenue", "--fy", "2018..2019", "--as-of", "2019-01-01", "--format", "table")
    assert res.rc == 0, res.err
    flat = " ".join(res.err.split())
    assert "not yet reported as of 2019-01-01" in flat
    assert "2019-10-31" in flat and "0000320193-19-000119" in flat
    assert "No values for FY2019." not in flat


def test_a_statement_says_once_that_its_lines_are_edgars_and_how_to_get_another(cli):
    res = cli("statement", "AAPL", "income", "--format", "table")
    assert res.rc == 0, res.err
    text = " ".join((res.out + res.err).split())
    assert text.count("edgar concept AAPL") == 1 and "own presentation" in text


def test_a_column_of_millions_has_one_precision(cli):
    # Snowflake: cost of revenue FY2023 717,540,000 (10-K 0001640147-23-000030); operating loss FY2025
    # -1,456,010,000 (10-K 0001640147-25-000052)
    res = cli("statement", "SNOW", "income", "--last", "3", "--format", "table")
    assert res.rc == 0, res.err
    assert re.search(r"\b717\.540\b", res.out) and re.search(r"-1,456\.010\b", res.out)

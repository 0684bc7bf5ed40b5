"""A thirteenth newcomer's findings (issue 36), through the real CLI on corpus data."""

from __future__ import annotations

import json
import re

import pytest


def test_an_empty_rows_note_and_footnote_say_one_span(edgar):
    # Apple's us-gaap:Goodwill: its last fiscal-year value is 5,717,000,000 at 2017-09-30 (10-K
    # 0000320193-17-000070); a quarter's 5,889,000,000 at 2017-12-30 (10-Q 0000320193-18-000007) is FY2018's Q1
    r = edgar("statement", "AAPL", "balance", "--fy", "2025")
    assert r.rc == 0, r.err
    goodwill = next(line for line in r.out.splitlines() if "\tgoodwill\t" in line)
    assert goodwill.endswith("no value for FY2025; reported for FY2008 to FY2017")
    note = next(line for line in r.err.splitlines() if line.startswith("note: Goodwill: Not reported"))
    assert "(us-gaap:Goodwill) are reported for FY2008 to FY2017." in note
    assert not re.search(r"FY2018", note)


# Microsoft's submissions: 1,002 filings on the recent page (newest 0000789019-26-000046, filed 2026-03-03) and
# two older pages (2,003 and 1,409 filings) a listing of 5 does not read.
def test_a_truncated_listings_note_is_in_the_json_notes(edgar):
    r = edgar("filings", "MSFT", "-n", "5", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    assert body["filings"][0]["accession_number"] == "0000789019-26-000046"
    assert body["notes"][-1] == "5 of at least 1,002 filings shown; --limit 1000 for every one, up to 1,000"
    # the table says it under its rows, once: not again on stderr
    table = edgar("filings", "MSFT", "-n", "5", "--format", "table", env={"COLUMNS": "100"})
    assert "5 of at least 1,002 filings shown" in table.out and "filings shown" not in table.err, table.err


def test_a_truncated_listings_note_over_mcp_names_its_parameters(sec):
    from edgar_cli.capabilities.filings.filings import list_filings

    r = list_filings("MSFT", limit=5)
    assert r.truncated and r.notes[-1] == "5 of at least 1,002 filings shown; limit 1000 for every one, up to 1,000"


# NVIDIA's FY2025 10-K 0001045810-25-000023, indexed alone: no passage holds all four words of the question.
def test_no_passage_holding_every_word_is_said_in_words(edgar, tmp_path):
    env = {"EDGAR_DATA_DIR": str(tmp_path / "data")}
    added = edgar("index", "add", "NVDA", "--accession", "0001045810-25-000023", env=env, timeout=300)
    assert added.rc == 0, added.err
    r = edgar("find", "largest customers share of revenue", "-c", "NVDA", "--json", env=env)
    assert r.rc == 0, r.err
    body = r.json()
    assert body["results"] and body["results"][0]["accession_number"] == "0001045810-25-000023"
    notes = body["notes"]
    assert "No passage holds every word (largest, customers, share, revenue)" in " ".join(notes), notes
    assert not any("Only 0" in n or "passage(s)" in n or "ranked among them" in n for n in notes), notes


# Snowflake's companyfacts hold no us-gaap:StockBasedCompensation; they hold us-gaap:ShareBasedCompensation
# (its latest fact in 0001640147-25-000110): every path of the question names it.
@pytest.mark.parametrize("ask", [[], ["--last", "3"], ["--fy", "2023..2025"]])
def test_an_unreported_raw_tag_names_similar_tags_on_every_path(edgar, ask):
    r = edgar("concept", "SNOW", "us-gaap:StockBasedCompensation", *ask, "--json")
    assert r.rc != 0
    err = json.loads(r.out or r.err)["error"]
    assert err["code"] == "not_found"
    assert err["similar_tags"] == ["us-gaap:ShareBasedCompensation"], err
    assert "us-gaap:ShareBasedCompensation" in err["suggestion"], err


# "PPE" is no catalogue concept and, bare and capitalised, no XBRL tag (Snowflake's companyfacts hold none such):
# an unknown concept listing the catalogue, not "reports no value for PPE"; a bare CamelCase tag is still a tag
# (Snowflake's us-gaap:NetIncomeLoss, its latest in 0001640147-25-000110's companyfacts). ("SBC" was this test's
# word until stock_based_compensation, whose alias it is, joined the catalogue.)
def test_a_bare_abbreviation_is_an_unknown_concept(edgar):
    r = edgar("concept", "SNOW", "PPE", "--json")
    assert r.rc != 0
    err = json.loads(r.out or r.err)["error"]
    assert err["code"] == "invalid_argument" and err["message"].startswith("Unknown concept 'PPE'."), err
    assert "revenue" in err["concepts"] and "tags tried" not in err["message"]
    tag = edgar("concept", "SNOW", "NetIncomeLoss", "--last", "1", "--json")
    assert tag.rc == 0, tag.err


# us-gaap:ShareBasedCompensation, the cash-flow add-back, for the latest fiscal year of each: Apple FY2025
# 12,863,000,000 (0000320193-25-000079), NVIDIA FY2026 6,386,000,000 (0001045810-26-000021), Tesla FY2021
# 2,121,000,000 (0000950170-22-000796: its facts end in 2022), Snowflake FY2025 1,479,314,000 (0001640147-25-000052).
@pytest.mark.parametrize(
    "ticker,ask,value,accession,end",
    [
        ("AAPL", "stock_based_compensation", 12863000000, "0000320193-25-000079", "2025-09-27"),
        ("NVDA", "SBC", 6386000000, "0001045810-26-000021", "2026-01-25"),
        ("TSLA", "stock comp", 2121000000, "0000950170-22-000796", "2021-12-31"),
        ("SNOW", "stock-based compensation", 1479314000, "0001640147-25-000052", "2025-01-31"),
    ],
)
def test_stock_based_compensation_is_a_catalogue_concept(edgar, ticker, ask, value, accession, end):
    r = edgar("concept", ticker, ask, "--last", "1", "--json")
    assert r.rc == 0, r.err
    v = r.json()["values"][0]
    assert (v["value"], v["accession_number"], v["end"]) == (value, accession, end)
    assert v["matched_tag"] == "us-gaap:ShareBasedCompensation" and v["fiscal_period"] == "FY"
    row = r.json()["rows"][0]
    assert row["concept"] == "stock_based_compensation"
    assert row["fallback_chain"][:2] == [
        "us-gaap:ShareBasedCompensation",
        "us-gaap:AllocatedShareBasedCompensationExpense",
    ]


# Snowflake's three years: FY2023 861,533,000 (0001640147-23-000030), FY2024 1,168,015,000 (0001640147-24-000101)
def test_snowflakes_stock_based_compensation_by_year(edgar):
    r = edgar("concept", "SNOW", "stock_based_compensation", "--fy", "2023..2025", "--json")
    assert r.rc == 0, r.err
    cells = {c["column"]: (c["value"], c["accession_numbers"]) for c in r.json()["rows"][0]["cells"]}
    assert cells == {
        "FY2023": (861533000, ["0001640147-23-000030"]),
        "FY2024": (1168015000, ["0001640147-24-000101"]),
        "FY2025": (1479314000, ["0001640147-25-000052"]),
    }


# Tesla's us-gaap:NetIncomeLoss: FY2019 (-862,000,000) in 10-Ks 0001564590-20-004475, 0001564590-21-004599 and
# 0000950170-22-000796; FY2020 (721,000,000) in the last two; FY2021 (5,519,000,000) in 0000950170-22-000796 only:
# the facts end at 2022-09-30, before the FY2022 10-K that would repeat it, so its revision cannot be seen.
@pytest.mark.parametrize("ask", [["--fy", "2019..2021"], ["--last", "3"]])
def test_a_year_no_later_filing_repeats_is_said_unchecked_for_revisions(edgar, ask):
    r = edgar("concept", "TSLA", "net_income", *ask, "--json")
    assert r.rc == 0, r.err
    row = r.json()["rows"][0]
    assert [c["fact"]["accession_number"] for c in row["cells"]][-1] == "0000950170-22-000796"
    note = next(n for n in row["notes"] if n.startswith("Revisions:"))
    assert "FY2021 is reported in no later filing in the facts (FY2021 in 0000950170-22-000796" in note
    assert "the facts end at 2022-09-30" in note and "could not be seen" in note
    assert "FY2020 and FY2019: later filings reported the same value again." in note
    table = edgar("concept", "TSLA", "net_income", *ask, "--format", "table", env={"COLUMNS": "100"})
    assert table.rc == 0 and table.out.count("Revisions:") + table.err.count("Revisions:") == 1, table.err


# NVIDIA's revenue and operating income, FY2024 60,922,000,000 and 32,972,000,000 (0001045810-24-000029), FY2025
# 130,497,000,000 and 81,453,000,000 (0001045810-25-000023), FY2026 215,938,000,000 and 130,387,000,000
# (0001045810-26-000021): piped (stdout no terminal), --wide rows keep the header that names their periods.
def test_piped_wide_rows_keep_their_header(edgar):
    wide = edgar("concept", "NVDA", "revenue", "operating_income", "--last", "3", "--wide")
    assert wide.rc == 0, wide.err
    lines = [line.split("\t") for line in wide.out.splitlines()]
    assert lines[0][:7] == ["concept", "label", "basis", "unit", "FY2024", "FY2025", "FY2026"]
    assert lines[1][:7] == ["revenue", "Revenue", "as_reported", "USD", "60922000000", "130497000000", "215938000000"]
    assert lines[2][4:7] == ["32972000000", "81453000000", "130387000000"]
    assert wide.out == edgar("concept", "NVDA", "revenue", "operating_income", "--last", "3", "--wide", "--tsv").out
    # one concept's --wide rows are the long ones, each naming its period: with their header too
    one = edgar("concept", "NVDA", "revenue", "--last", "5", "--wide")
    assert one.rc == 0, one.err
    head, *rows = [line.split("\t") for line in one.out.splitlines()]
    assert head[:8] == ["company_name", "cik", "concept", "label", "basis", "column", "status", "value"]
    assert [r[5] for r in rows] == ["FY2022", "FY2023", "FY2024", "FY2025", "FY2026"]
    assert rows[-1][7] == "215938000000"
    csv_out = edgar("concept", "NVDA", "revenue", "--last", "5", "--wide", "--csv")
    assert csv_out.out.splitlines()[0].startswith("company_name,cik,concept,label,basis,column,status,value")
    # without --wide, piped rows stay bare, as gh's are
    bare = edgar("concept", "NVDA", "revenue", "--last", "2")
    assert not bare.out.startswith("company_name")


# Microsoft's submissions (newest filing 0000789019-26-000046), cached on the pinned day; eight days later the
# freshness check fails (nothing answers at the mirror): the listing is the cached copy, dated, in the data.
def test_a_listing_from_a_stale_cached_history_says_how_old_it_is(edgar):
    first = edgar("filings", "MSFT", "-n", "2", "--json")
    assert first.rc == 0, first.err
    later = {"EDGAR_TODAY": "2026-07-09", "EDGAR_MIRROR": "http://127.0.0.1:9"}
    r = edgar("filings", "MSFT", "-n", "2", "--json", env=later)
    assert r.rc == 0, r.err
    body = r.json()
    assert body["filings"][0]["accession_number"] == "0000789019-26-000046"
    assert body["data_source"]["kind"] == "cache" and body["data_source"]["as_of"].startswith("2026-07-01")
    stale = [w for w in body["warnings"] if "submissions/CIK0000789019.json as fetched 2026-07-01" in w]
    assert len(stale) == 1 and "checking for a newer copy failed at 2026-07-09" in stale[0], body["warnings"]
    table = edgar("filings", "MSFT", "-n", "2", "--format", "table", env={**later, "COLUMNS": "100"})
    assert table.rc == 0, table.err
    assert (table.out + table.err).count("submissions/CIK0000789019.json as fetched 2026-07-01") == 1, table.err

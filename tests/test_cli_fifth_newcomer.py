"""A fifth newcomer's analyst tasks from the README alone (issue 36), through the real CLI: weighted-average share
counts by the names analysts say, an unknown concept's closest offers saying what each measures, a cell dated
apart from its column, the first precise value behind a later rounded one, an index run that indexed nothing,
the hint a wide csv needs, and share rows of one precision."""

from __future__ import annotations

import re

import pytest

# Snowflake (CIK 1640147) us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding and
# ...NumberOfSharesOutstandingBasic (equal: a net loss) for FY2023 (2022-02-01..2023-01-31) 318,730,000,
# FY2024 328,001,000 and FY2025 332,707,000, each first filed in that year's 10-K.
SNOW_WEIGHTED = {2023: 318_730_000, 2024: 328_001_000, 2025: 332_707_000}
SNOW_10K = {2023: "0001640147-23-000030", 2024: "0001640147-24-000101", 2025: "0001640147-25-000052"}


def cells(data: dict, concept: str) -> dict[int, dict]:
    row = next(r for r in data["rows"] if r["concept"] == concept)
    return {int(c["column"][2:]): c for c in row["cells"] if c["value"] is not None}


@pytest.mark.parametrize(
    "asked,concept,tag",
    [
        (
            "weighted average diluted shares",
            "weighted_shares_diluted",
            "WeightedAverageNumberOfDilutedSharesOutstanding",
        ),
        ("diluted shares", "weighted_shares_diluted", "WeightedAverageNumberOfDilutedSharesOutstanding"),
        ("weighted average basic shares", "weighted_shares_basic", "WeightedAverageNumberOfSharesOutstandingBasic"),
        (
            "weighted average shares outstanding",
            "weighted_shares_basic",
            "WeightedAverageNumberOfSharesOutstandingBasic",
        ),
    ],
)
def test_weighted_average_share_counts_are_asked_for_by_the_names_analysts_use(cli, asked, concept, tag):
    res = cli("concept", "SNOW", asked, "--fy", "2023..2025", "--json")
    assert res.rc == 0, res.out
    got = cells(res.json(), concept)
    assert {y: c["value"] for y, c in got.items()} == SNOW_WEIGHTED
    assert {c["matched_tag"] for c in got.values()} == {f"us-gaap:{tag}"}
    assert {y: c["fact"]["accession_number"] for y, c in got.items()} == SNOW_10K
    assert all(c["fact"]["start"] and c["fact"]["end"][5:] == "01-31" for c in got.values())  # the fiscal year


def test_an_unknown_concepts_closest_offers_say_what_each_one_measures(cli):
    # "shares issued" is no catalogue concept: shares_outstanding is offered, but it is the cover-page count
    err = cli("concept", "SNOW", "shares issued", "--json").json()["error"]
    assert err["code"] == "invalid_argument" and "shares_outstanding" in err["closest"]
    said = err["message"][err["message"].index("shares_outstanding") :]
    assert "cover-page" in said, err["message"]
    assert "similar names" in err["suggestion"]  # how to find a raw tag


def test_a_cell_dated_apart_from_its_column_says_its_own_date(cli):
    # Snowflake's cover-page share counts are dated 2023-03-17, 2024-03-15 and 2025-03-07, the fiscal years it
    # sits under end 2023-01-31, 2024-01-31, 2025-01-31
    res = cli("concept", "SNOW", "eps_diluted", "shares_outstanding", "--fy", "2023..2025", "--format", "table")
    assert res.rc == 0, res.err
    flat = " ".join((res.out + res.err).split())
    assert "2023-01-31" in res.out
    for day in ("2023-03-17", "2024-03-15", "2025-03-07"):
        assert day in flat, flat


# Tesla (CIK 1318605) us-gaap:Revenues for 2018: 21,461,268,000 in the FY2018 10-K 0001564590-19-003165 (filed
# 2019-02-19), filed again rounded, 21,461,000,000, in the FY2019 10-K 0001564590-20-004475.
TSLA_FY2018_10K, TSLA_FY2019_10K = "0001564590-19-003165", "0001564590-20-004475"


def test_a_value_filed_again_rounded_names_the_first_more_precise_filing_in_the_table(cli):
    res = cli("concept", "TSLA", "revenue", "--fy", "2018", "--format", "table")
    assert res.rc == 0, res.err
    assert "21,461,000,000" in res.out and TSLA_FY2019_10K in res.out
    flat = " ".join(res.err.split())
    assert "21,461,268,000" in flat and TSLA_FY2018_10K in flat, flat


def test_a_value_filed_again_rounded_names_the_first_filing_in_json_and_mcp(cli):
    import anyio

    from edgar_cli.mcp.server import build_server

    data = cli("concept", "TSLA", "revenue", "--fy", "2018", "--json").json()
    value = data["values"][0]
    assert (value["original_value"], value["original_accession"]) == (21_461_268_000, TSLA_FY2018_10K)
    assert value["revision_kind"] == "precision_change"
    said = [n for n in data["notes"] if "21,461,268,000" in n]
    assert said and TSLA_FY2018_10K in said[0] and "2019-02-19" in said[0]

    async def ask():
        return await build_server().call_tool(
            "get_financial_concept", {"company": "TSLA", "concept": "revenue", "fiscal_year": 2018}
        )

    answer = anyio.run(ask)
    structured = answer.structured_content
    assert any("21,461,268,000" in n and TSLA_FY2018_10K in n for n in structured["notes"]), structured["notes"]


def test_a_statement_cell_filed_again_rounded_names_the_first_filing(cli):
    # Snowflake's FY2021 weighted diluted shares: 141,613,196 in 0001640147-22-000023, 141,613,000 later
    data = cli("concept", "SNOW", "weighted_shares_diluted", "--fy", "2021..2022", "--json").json()
    notes = " ".join(data["notes"] + [n for r in data["rows"] for n in r["notes"]])
    assert "141,613,196" in notes and "0001640147-22-000023" in notes


# NVIDIA's FY2024 10-K (0001045810-24-000029) is in its submissions, but its document (nvda-20240128.htm) is not in
# the corpus; its FY2025 10-K (0001045810-25-000023, nvda-20250126.htm) is.
NVDA_FY2024_10K, NVDA_FY2025_10K = "0001045810-24-000029", "0001045810-25-000023"


def test_an_index_run_that_indexed_nothing_exits_with_the_error_of_its_skip(cli, tmp_path, monkeypatch):
    # Before: exit 0, "index: 0 filings" and a dim "skipped ... (not_found)".
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "none.sqlite"))
    res = cli("index", "add", "NVDA", "--accession", NVDA_FY2024_10K, "--no-semantic", "--json")
    assert res.rc == 3, res.out  # not_found, the code of the skip
    data = res.json()
    assert data["filings"] == [] and [s["code"] for s in data["skipped"]] == ["not_found"]
    assert any("Nothing was indexed" in w and "nvda-20240128.htm" in w for w in data["warnings"]), data["warnings"]
    table = cli("index", "add", "NVDA", "--accession", NVDA_FY2024_10K, "--no-semantic", "--format", "table")
    assert table.rc == 3 and "Nothing was indexed" in " ".join(table.err.split())


def test_an_index_run_that_skipped_some_filings_is_a_partial_result(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "some.sqlite"))
    args = ("index", "add", "NVDA", "--accession", NVDA_FY2025_10K, "--accession", NVDA_FY2024_10K, "--no-semantic")
    res = cli(*args, "--json")
    assert res.rc == 16, res.out  # PARTIAL, as compare's missing company
    data = res.json()
    assert [f["accession_number"] for f in data["filings"]] == [NVDA_FY2025_10K]
    assert [s["accession_number"] for s in data["skipped"]] == [NVDA_FY2024_10K]
    assert any("partial" in n.lower() and "1 of 2" in n for n in data["notes"]), data["notes"]


@pytest.mark.parametrize("fmt", ["--csv", "--tsv"])
def test_a_wide_csv_says_on_stderr_how_to_get_each_cells_filing(cli, fmt):
    # Apple's R&D FY2020-2024 (18,752M in 0000320193-20-000096 ... 31,370M in 0000320193-24-000123) beside its
    # revenue: the wide rows of several concepts carry no accession columns, so stderr says how to get them
    res = cli("concept", "AAPL", "R&D", "revenue", "--fy", "2020..2024", fmt, "--wide")
    assert res.rc == 0, res.err
    assert "accession" not in res.out.splitlines()[0] and "31370000000" in res.out
    flat = " ".join(res.err.split())
    assert "drop --wide" in flat and "accession" in flat, flat
    for long_form in ((), ("--long",)):  # the default, and asked for by name
        long = cli("concept", "AAPL", "R&D", "revenue", "--fy", "2020..2024", fmt, *long_form)
        assert "0000320193-24-000123" in long.out and "--wide" not in long.err and "accession" not in long.err
    # one concept's rows are one per year with its filing, even --wide: nothing to add
    one = cli("concept", "AAPL", "R&D", "--fy", "2020..2024", fmt, "--wide")
    assert "0000320193-24-000123" in one.out and "--wide" not in one.err


def test_a_wide_csv_hint_is_silenced_by_quiet(cli):
    res = cli("concept", "AAPL", "R&D", "revenue", "--fy", "2020..2024", "--csv", "--wide", "-q")
    assert res.rc == 0 and "--wide" not in res.err


def test_a_share_row_in_millions_has_one_precision(cli):
    # Before: 318.73 / 328.001 / 332.707 (each cell its own decimals)
    res = cli("concept", "SNOW", "weighted_shares_diluted", "--fy", "2023..2025", "--format", "table")
    assert res.rc == 0, res.err
    row = next(line for line in res.out.splitlines() if "shares m" in line)
    assert re.search(r"318\.730\s+328\.001\s+332\.707", row), row


def test_a_raw_tag_label_wraps_between_its_words_never_inside_one(cli, monkeypatch):
    # Before: "WeightedAverageNumberOfDilutedShar" / "esOutstanding" at 80 columns
    monkeypatch.setenv("COLUMNS", "80")
    tag = "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding"
    res = cli("concept", "SNOW", tag, "eps_diluted", "--fy", "2023..2025", "--format", "table")
    assert res.rc == 0, res.err
    local = tag.split(":")[1]
    firsts = [line.split()[0] for line in res.out.splitlines() if line.split()]
    pieces = [t for t in firsts if len(t) >= 6 and t in local]
    assert pieces and pieces[0].startswith("WeightedAverage"), res.out
    for t in pieces:  # each piece ends where a word of the tag ends
        end = local.index(t) + len(t)
        assert end == len(local) or local[end].isupper(), (t, res.out)

"""What a refusal, a ratio's note or an error says is about the period asked, says where its figure comes from, and
is said once (issue 35, tenth review of the judgement around the numbers)."""

from __future__ import annotations

import json

import anyio
import pytest

# Snowflake's companyfacts (CIK0001640147) tag no debt line at all before us-gaap:ConvertibleDebtNoncurrent 0 at
# 2024-01-31 (0001640147-24-000250); its first figure is 2,271,529,000 at 2025-01-31 (0001640147-25-000052), a
# date whose total_debt is refused. FY2022 ended 2022-01-31: a reason about 2025 is no reason for it.
SNOW_2025 = ("fiscal year 2025", "2025-01-31", "2,271,529,000", "0001640147-25-000052")


def _snow(unavailable: list[dict]) -> dict:
    return next(u for u in unavailable if u["query"] == "SNOW")


@pytest.mark.parametrize(
    "args",
    [
        ("NVDA", "SNOW", "--fy", "2022"),
        ("AAPL", "SNOW", "--fy", "2023"),
        # calendar 2021: Snowflake's FY2022 (ended 2022-01-31); Tesla's FY2021 refusal stays its own year's
        ("AAPL", "TSLA", "SNOW", "--align", "nearest", "--fy", "2021"),
    ],
)
def test_a_compare_refusal_is_about_the_year_asked_not_the_latest(edgar, args):
    data = edgar("compare", "total_debt", *args, "--json").json()
    snow = _snow(data["unavailable"])
    said = snow["reason"] + snow["suggestion"] + " ".join(data["warnings"])
    assert not any(s in said for s in SNOW_2025), snow["reason"]
    assert snow["code"] == "not_found" and "reports no value for total_debt" in snow["reason"]
    if "TSLA" in args:  # Tesla's FY2021: us-gaap:LongTermDebt 4,254,000,000 beside DebtCurrent (0000950170-22-000796)
        tsla = next(u for u in data["unavailable"] if u["query"] == "TSLA")
        assert "FY2021 (ended 2021-12-31)" in tsla["reason"] and "0000950170-22-000796" in tsla["reason"]


def test_the_latest_year_refusal_stays_where_the_latest_is_asked(edgar):
    # FY2025 asked: its own refusal (Snowflake's 2025-01-31 line in 0001640147-25-000052) is the true one
    data = edgar("compare", "total_debt", "NVDA", "SNOW", "--fy", "2025", "--json").json()
    assert all(s in _snow(data["unavailable"])["reason"] for s in SNOW_2025)


def test_the_mcp_compare_refusal_is_about_the_year_asked(sec):
    from edgar_cli.mcp.server import build_server

    server = build_server()
    args = {"concept": "total_debt", "companies": ["NVDA", "SNOW"], "fiscal_year": 2022}
    result = anyio.run(server.call_tool, "compare_companies", args)
    data = json.loads(result.content[0].text)
    snow = _snow(data["unavailable"])
    assert not any(s in snow["reason"] + " ".join(data["warnings"]) for s in SNOW_2025), snow["reason"]
    # NVIDIA's FY2022 total: 10,946,000,000 at 2022-01-30 (0001045810-22-000036)
    assert [(r["value"], r["accession_number"]) for r in data["rows"]] == [(10946000000, "0001045810-22-000036")]


def test_a_share_exchange_ratio_is_said_to_come_from_the_weighted_share_counts(edgar):
    # Logistic Properties of the Americas' weighted shares of 2022 and 2023: 168,142,740 (0001493152-24-016772)
    # then 28,600,000 (0001997711-25-000030), 5.88. Its diluted EPS: 0.048 then 0.28 (5.83) for 2022, 0.019 then
    # 0.11 (5.79) for 2023: 5.88 is no ratio of the two figures
    res = edgar("concept", "LPA", "eps_diluted", "--fy", "2022..2024")
    note = next(line for line in res.err.splitlines() if "1-for-5.88" in line)
    assert "0.048 in 0001493152-24-016772, 0.28 in 0001997711-25-000030" in note
    assert "(revision_kind share_exchange) by the restated weighted share counts)" in note, note
    assert "ratio of the two figures" not in note


@pytest.mark.parametrize("company, years", [("TSM", "2015..2026"), ("LPA", "2022..2024")])
def test_a_range_refusal_says_the_same_reason_once(edgar, company, years):
    # TSMC (20-F 0001193125-25-083423) and Logistic Properties of the Americas (20-F 0001997711-25-000030) file
    # IFRS facts: no year of the range has a US GAAP debt line, and every year's reason is the same sentence
    err = edgar("concept", company, "total_debt", "--fy", years, "--period", "all", "--json").json()["error"]
    once = edgar("concept", company, "total_debt", "--fy", years, "--json").json()["error"]
    assert err["code"] == "not_found" and err["message"].count("reports no value for total_debt") == 1, err["message"]
    assert err["message"] == once["message"]

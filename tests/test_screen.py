"""edgar screen over a bulk store built from the corpus, and the store against the live path, row by row.

One store per module (tests/helpers/bulk_kit.py: the six corpus companies with
companyfacts, every corpus submissions file). Expected figures are the
corpus' own, named by accession number; the parity tests compare every
concept answer from the store with the live path's.
"""

from __future__ import annotations

import bulk_kit
import pytest

CORPUS_CIKS = (320193, 1045810, 1046179, 1318605, 1640147, 1997711)


@pytest.fixture
def screen(store_env, monkeypatch):
    """screen(concept, **kw) -> ScreenResult through a client that sees the module's store."""
    return bulk_kit.screen_through(store_env, monkeypatch)


def test_revenue_fy2024_above_a_billion_lists_each_company_with_its_own_fiscal_year(screen):
    got = screen("revenue", fiscal_year=2024, minimum=1e9)
    nvda, aapl = bulk_kit.row_of(got, 1045810), bulk_kit.row_of(got, 320193)
    assert (nvda.value, nvda.accession_number, str(nvda.end)) == (60922000000, "0001045810-24-000029", "2024-01-28")
    assert aapl.accession_number == "0000320193-24-000123" and str(aapl.end) == "2024-09-28"
    assert nvda.fiscal_year == aapl.fiscal_year == 2024
    assert all(r.unit == "USD" and r.value >= 1e9 for r in got.rows)
    assert [r.value for r in got.rows] == sorted((r.value for r in got.rows), reverse=True)
    assert got.companies_considered == 6
    assert got.data_source.kind == "bulk" and got.data_source.as_of == bulk_kit.PUBLISHED
    assert any("2024-01-28" in n and "2024-09-28" in n for n in got.notes)  # different months, said so


def test_a_usd_screen_never_mixes_in_twd_and_counts_tsmc_as_another_unit(screen):
    got = screen("revenue", fiscal_year=2024)
    assert bulk_kit.row_of(got, 1046179) is None
    other = next(e for e in got.excluded if e.reason == "other_unit")
    assert other.companies == 1 and "TWD" in other.detail and "0001046179" in other.examples[0]
    twd = screen("revenue", fiscal_year=2024, unit="TWD")
    tsmc = bulk_kit.row_of(twd, 1046179)
    assert (tsmc.value, tsmc.accession_number, tsmc.form) == (2894307700000, "0001193125-25-083423", "20-F")
    assert [r.cik for r in twd.rows] == ["0001046179"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"fiscal_year": 2024, "minimum": 1e9, "forms": ["10-K"]},
        {"peers_of": "NVDA"},  # NVIDIA and TSMC share SIC 3674; TSMC's revenue is in TWD
        {"fiscal_year": 2024, "peers_of": "TSM", "unit": "TWD"},
        {"calendar_year": 2024, "fiscal_year_end": 1, "maximum": 1e11},
    ],
)
def test_counts_add_up_to_the_companies_considered(screen, kwargs):
    got = screen("revenue", **kwargs)
    assert got.companies_considered == 6  # every corpus filer with companyfacts, peers or not
    assert (
        got.companies_reporting
        + sum(
            e.companies
            for e in got.excluded
            if e.reason
            in (
                "not_a_peer",
                "not_reported",
                "no_annual_value",
                "other_unit",
                "facts_end_before_filings",
                "period_not_reported",
            )
        )
        == got.companies_considered
    )
    assert got.companies_matched == got.companies_reporting - sum(
        e.companies for e in got.excluded if e.reason in ("form", "fiscal_year_end", "below_minimum", "above_maximum")
    )


# Calendar year -> each company's fiscal year, from the SEC's own CY frames in companyfacts (revenue):
# CY2021: NVIDIA FY2022 to 2022-01-30 (0001045810-24-000029), Snowflake FY2022 to 2022-01-31 (0001640147-24-000101),
# Apple FY2021 to 2021-09-25 (0000320193-23-000106), Tesla 2021 (0000950170-22-000796), TSMC 2021 in TWD
# (0001193125-24-099840). CY2024: NVIDIA FY2025 to 2025-01-26 (0001045810-26-000021), Snowflake FY2025 to 2025-01-31
# (0001640147-25-000052), Apple FY2024 to 2024-09-28 (0000320193-25-000079), TSMC 2024 (0001193125-25-083423);
# Tesla's facts end at 2022-09-30.
CALENDAR = {
    2021: {
        1045810: (2022, "2022-01-30"),
        1640147: (2022, "2022-01-31"),
        320193: (2021, "2021-09-25"),
        1318605: (2021, "2021-12-31"),
        1046179: (2021, "2021-12-31"),
    },
    2024: {
        1045810: (2025, "2025-01-26"),
        1640147: (2025, "2025-01-31"),
        320193: (2024, "2024-09-28"),
        1046179: (2024, "2024-12-31"),
    },
}


@pytest.mark.parametrize("year", sorted(CALENDAR))
def test_a_calendar_year_is_the_same_fiscal_year_in_a_screen_and_an_aligned_comparison(screen, year):
    from edgar_cli.capabilities.compare.compare import compare_companies
    from edgar_cli.sec.client import get_client

    expected = CALENDAR[year]
    usd, twd = screen("revenue", calendar_year=year), screen("revenue", calendar_year=year, unit="TWD")
    screened = {int(r.cik): r for r in usd.rows + twd.rows}
    compared = compare_companies(
        "revenue", [str(c) for c in expected], fiscal_year=year, align="nearest", client=get_client()
    )
    aligned = {int(r.cik): r for r in compared.rows}
    for cik, (fy, end) in expected.items():
        by_screen, by_compare = screened[cik], aligned[cik]
        assert (by_screen.fiscal_year, str(by_screen.end)) == (fy, end), cik
        assert (by_compare.fiscal_year, str(by_compare.end)) == (fy, end), cik
        assert by_screen.accession_number == by_compare.accession_number and by_screen.value == by_compare.value
    assert len(screened) == len(usd.rows) + len(twd.rows)  # one row per company, never two of its years


def test_fiscal_year_end_month_and_form_filters(screen):
    september = screen("revenue", fiscal_year=2024, fiscal_year_end=9)
    assert [r.cik for r in september.rows] == ["0000320193"]
    assert any(e.reason == "fiscal_year_end" for e in september.excluded)
    filers_20f = screen("revenue", fiscal_year=2024, unit="TWD", forms=["20-F"])
    assert [r.form for r in filers_20f.rows] == ["20-F"]
    none_10k = screen("revenue", fiscal_year=2024, unit="TWD", forms=["10-K"])
    assert none_10k.rows == [] and next(e for e in none_10k.excluded if e.reason == "form").companies == 1


def test_a_year_end_balance_cited_from_a_10q_is_a_10k_filers_value(screen):
    """NVIDIA's FY2015 total assets (year end 2015-01-25) are cited from its 10-Q 0001045810-15-000097 (the later
    precision of the 10-K's figure); Tesla's FY2015 from its 10-Q 0001564590-16-018886 (restated). Both are 10-K
    filers: a screen of the 10-K family keeps them instead of excluding them for their form."""
    got = screen("total_assets", fiscal_year=2015, forms=["10-K"])
    nvda, tsla = bulk_kit.row_of(got, 1045810), bulk_kit.row_of(got, 1318605)
    assert (nvda.form, nvda.accession_number, str(nvda.end)) == ("10-Q", "0001045810-15-000097", "2015-01-25")
    assert (tsla.form, tsla.accession_number) == ("10-Q", "0001564590-16-018886")
    assert not any(e.reason == "form" for e in got.excluded)
    foreign = screen("total_assets", fiscal_year=2015, forms=["20-F"])
    assert (
        bulk_kit.row_of(foreign, 1045810) is None
        and next(e for e in foreign.excluded if e.reason == "form").companies == 3
    )


def test_sort_limit_and_truncation(screen):
    asc = screen("revenue", fiscal_year=2024, sort="value_asc")
    assert [r.value for r in asc.rows] == sorted(r.value for r in asc.rows)
    one = screen("revenue", fiscal_year=2024, limit=1)
    assert len(one.rows) == 1 and one.truncated and one.companies_matched > 1
    named = screen("revenue", fiscal_year=2024, sort="name")
    assert [r.name for r in named.rows] == sorted(r.name for r in named.rows)


def test_restated_values_carry_the_original(screen):
    from edgar_cli.xbrl.catalogue import catalogue

    found = []
    for name in catalogue():
        for fy in (2020, 2021, 2022, 2023, 2024):
            got = screen(name, fiscal_year=fy)
            found += [r for r in got.rows if r.restated]
        if found:
            break
    assert found, "the corpus has restated annual values"
    r = found[0]
    assert r.original_value is not None and r.original_value != r.value and r.original_accession
    assert r.revision_kind in ("stock_split", "precision_change", "restatement")


def test_peers_of_nvidia_share_its_sic_code(screen):
    got = screen("revenue", peers_of="NVDA")
    assert got.peers_of.cik == "0001045810"
    assert got.fiscal_year is not None and any(str(got.fiscal_year) in n for n in got.notes)
    assert bulk_kit.row_of(got, 1045810) is not None
    assert next(e for e in got.excluded if e.reason == "not_a_peer").companies >= 1
    assert bulk_kit.row_of(got, 320193) is None  # Apple files under SIC 3571, not 3674


def test_a_raw_tag_is_screened_by_the_same_rules(screen):
    raw = screen("us-gaap:Revenues", fiscal_year=2024)
    nvda = bulk_kit.row_of(raw, 1045810)
    assert nvda.value == 60922000000 and nvda.matched_tag == "us-gaap:Revenues"


def test_errors_are_data(screen, monkeypatch, tmp_path):
    from edgar_cli.errors import EdgarError

    for kw, code in (
        ({}, "invalid_argument"),
        ({"fiscal_year": 2024, "calendar_year": 2024}, "invalid_argument"),
        ({"fiscal_year": 2024, "limit": 0}, "invalid_argument"),
        ({"fiscal_year": 2024, "minimum": 5, "maximum": 1}, "invalid_argument"),
        ({"fiscal_year": 2024, "forms": ["8-K"]}, "invalid_argument"),
        ({"fiscal_year": 2024, "unit": "dollars"}, "invalid_argument"),
        ({"fiscal_year": 2024, "fiscal_year_end": 13}, "invalid_argument"),
        ({"fiscal_year": 2031}, "out_of_scope"),
    ):
        with pytest.raises(EdgarError) as err:
            screen("revenue", **kw)
        assert err.value.code == code, kw
    with pytest.raises(EdgarError) as err:
        screen("revenue", fiscal_year=2024, limit=0)
    assert err.value.message.startswith("limit must be")  # the MCP spelling here; the CLI's is --limit
    # A unit typed in another case is XBRL's unit: TSMC's FY2024 revenue 2894307700000 TWD (0001193125-25-083423).
    lower = screen("revenue", fiscal_year=2024, unit="twd")
    assert lower.unit == "TWD" and bulk_kit.row_of(lower, 1046179).value == 2894307700000
    assert screen("eps_diluted", fiscal_year=2024, unit="usd/SHARES").unit == "USD/shares"
    monkeypatch.setenv("EDGAR_BULK_DIR", str(tmp_path / "none"))
    from edgar_cli.capabilities.screen.screen import screen_companies
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    with pytest.raises(EdgarError) as err:
        screen_companies("revenue", fiscal_year=2024, client=SecClient(Settings.from_env()))
    assert err.value.code == "not_found" and "sync_bulk" in err.value.suggestion


def test_cli_screen_and_compare_peers_of(store_env, cli, monkeypatch):
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    res = cli("screen", "revenue", "--fy", "2024", "--min", "1e9", "--json")
    assert res.rc == 0 and res.err == ""
    assert "0001045810-24-000029" in res.out
    table = cli("screen", "revenue", "--fy", "2024", "--min", "1e9")
    assert table.rc == 0 and "NVIDIA" in table.out and "answered from: the bulk store" in table.err
    assert "use --calendar" in table.err  # the CLI spells flags
    peers = cli("compare", "revenue", "--peers-of", "NVDA", "--json")
    assert peers.rc == 0 and '"peers_of"' in peers.out
    bad = cli("screen", "revenue", "--json")
    assert bad.rc == 2 and "--fy" in bad.out
    limit = cli("screen", "revenue", "--fy", "2024", "--limit", "0", "--json")
    assert limit.rc == 2 and "--limit must be between 1 and 1000" in limit.out
    # Arguments a peer ranking cannot honour are refused, never silently dropped.
    for extra in (["AAPL", "MSFT"], ["--period", "quarterly"], ["--latest"]):
        refused = cli("compare", "revenue", *extra, "--peers-of", "NVDA", "--json")
        assert refused.rc == 2 and '"invalid_argument"' in refused.out, extra
        assert "peers_of" not in refused.out and "fiscal_year" not in refused.out, extra  # the CLI's spelling


# --- the store against the live path, row by row ----------------------------------------------


def _answers(client, concepts):
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.errors import EdgarError

    out = {}
    for cik in CORPUS_CIKS:
        for name in concepts:
            try:
                got = get_financial_concept(str(cik), name, period="all", limit=200, client=client)
                out[(cik, name)] = got.model_dump(exclude={"data_source"}, mode="json"), got.data_source.kind
            except EdgarError as exc:
                out[(cik, name)] = (exc.code, exc.message), "error"
    return out


def test_every_corpus_company_answers_every_concept_from_the_store_as_the_live_path_does(
    store_env, monkeypatch, tmp_path
):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient
    from edgar_cli.xbrl.catalogue import catalogue

    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    concepts = [*catalogue(), "us-gaap:Revenues", "dei:EntityCommonStockSharesOutstanding"]
    live = _answers(SecClient(Settings.from_env()), concepts)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "other-cache"))
    bulk = _answers(SecClient(Settings.from_env()), concepts)
    assert bulk.keys() == live.keys()
    compared = 0
    for key, (answer, kind) in live.items():
        assert bulk[key][0] == answer, key
        if kind != "error":
            assert kind == "live" and bulk[key][1] == "bulk", key
            compared += len(answer["values"])
    assert compared > 1000  # values compared one by one, with every provenance field


def test_each_screen_row_is_the_value_the_concept_lookup_gives_for_that_year(screen):
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.errors import EdgarError
    from edgar_cli.xbrl.catalogue import catalogue

    checked = 0
    for name in catalogue():
        for unit in ("USD", "TWD", "USD/shares", "TWD/shares", "shares"):
            for fy in (2019, 2021, 2023, 2024, 2025):
                try:
                    got = screen(name, fiscal_year=fy, unit=unit, limit=1000)
                except EdgarError:
                    continue
                for row in got.rows:
                    answer = get_financial_concept(row.cik, name, fiscal_year=fy)
                    expected = answer.values[0].model_dump()
                    assert row.model_dump(include=set(expected)) == expected, (name, fy, row.name)
                    checked += 1
    assert checked > 100


def test_screen_and_sync_tables_at_80_columns_cut_no_number_accession_or_date(store_env, cli, monkeypatch):
    # FY2024 revenue: Apple 391,035,000,000 (0000320193-24-000123), NVIDIA 60,922,000,000 (0001045810-24-000029)
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    for columns in ("80", "100"):
        monkeypatch.setenv("COLUMNS", columns)
        table = cli("screen", "revenue", "--fy", "2024", "--min", "1e9", "--format", "table")
        assert table.rc == 0, table.err
        lines = table.out.splitlines()
        assert max(len(line) for line in lines) <= int(columns)
        data = cli("screen", "revenue", "--fy", "2024", "--min", "1e9", "--json").json()
        for row in data["rows"]:
            for whole in (row["name"], row["accession_number"], f"{row['value']:,}", row["end"]):
                assert any(whole in line for line in lines), (whole, table.out)
        assert any("391,035,000,000" in line for line in lines)
        synced = cli("sync", "--format", "table")
        assert synced.rc == 0, synced.err
        lines = synced.out.splitlines()
        assert max(len(line) for line in lines) <= int(columns) and "…" not in synced.out
        assert any(line.startswith("companyfacts ") for line in lines)
        assert any(line.startswith("submissions ") for line in lines)
        assert "store: " in synced.err and str(directory) in synced.err  # a path is never folded in a table


def test_a_statement_from_the_store_says_so_and_matches_the_live_table(store_env, monkeypatch, tmp_path, cli):
    """A statement (and a several-concept series) answered from the store names the store and its date, as a
    single concept does; its cells are the live path's (NVIDIA FY2024 revenue: 0001045810-24-000029)."""
    from edgar_cli.capabilities.statement.statement import get_financial_series, get_financial_statement
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    live_client = SecClient(Settings.from_env())
    live = get_financial_statement("NVDA", "income", last=5, client=live_client)
    assert live.data_source is not None and live.data_source.kind in ("live", "cache")
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    monkeypatch.setenv("EDGAR_CACHE_DIR", str(tmp_path / "other-cache"))
    bulk_client = SecClient(Settings.from_env())
    bulk = get_financial_statement("NVDA", "income", last=5, client=bulk_client)
    assert bulk.data_source.kind == "bulk" and bulk.data_source.as_of == bulk_kit.PUBLISHED
    assert bulk.model_dump(exclude={"data_source"}) == live.model_dump(exclude={"data_source"})
    cell = next(c for c in bulk.rows[0].cells if c.column == "FY2024")
    assert (cell.value, cell.accession_numbers) == (60922000000, ["0001045810-24-000029"])
    series = get_financial_series("NVDA", ["revenue", "net_income"], last=3, client=bulk_client)
    assert series.data_source.kind == "bulk"
    res = cli("statement", "NVDA", "income", "--last", "2")
    assert res.rc == 0 and "answered from: the bulk store (archive published 2026-06-30" in res.err


def test_a_screen_row_first_filed_under_another_tag_says_so_as_concept_does(screen):
    # NVIDIA's FY2020 revenue 10,918,000,000: the engine cites us-gaap:Revenues from the 10-K 0001045810-22-000036
    # (filed 2022-03-18); the same figure was first filed 2020-02-20 in the 10-K 0001045810-20-000010 under
    # us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax.
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    got = screen("revenue", calendar_year=2019)
    nvidia = next(r for r in got.rows if int(r.cik) == 1045810)
    assert (nvidia.value, nvidia.accession_number) == (10_918_000_000, "0001045810-22-000036")
    said = (
        "10,918,000,000 for the period ending 2020-01-26 on 2020-02-20 in 0001045810-20-000010 "
        "(10-K, us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax)"
    )
    assert any(said in n for n in nvidia.notes), nvidia.notes
    assert any(said in n for n in get_financial_concept("1045810", "revenue", fiscal_year=2020).notes)

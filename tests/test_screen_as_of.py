"""edgar screen --as-of: every filer as known on a date, over a bulk store built from the corpus (issue 38).

The store holds the six corpus companies with companyfacts and every corpus submissions file, except that
Tesla's submissions stop at 2021-12-31 (its recent filings cut at run time from the corpus' own document): a
filer that no longer files, so that the survivorship count has one to find. Expected figures are the corpus'
own, named by accession number.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import bulk_kit
import pytest

PUBLISHED = datetime(2026, 6, 30, 7, tzinfo=UTC)
TESLA = 1318605


def _stopped_filing(path, last: str) -> bytes:
    """A submissions document whose filings end on ``last`` (the recent arrays cut, no older pages)."""
    data = json.loads(path.read_bytes())
    recent = data["filings"]["recent"]
    keep = [i for i, d in enumerate(recent["filingDate"]) if d <= last]
    data["filings"]["recent"] = {k: [v[i] for i in keep] for k, v in recent.items()}
    data["filings"]["files"] = []
    return json.dumps(data).encode()


def _submissions(corpus) -> list:
    subs = []
    for p in bulk_kit.corpus_submissions(corpus):
        if p.name == f"CIK{TESLA:010d}.json":
            subs.append((p.name, _stopped_filing(p, "2021-12-31")))
        elif not p.name.startswith(f"CIK{TESLA:010d}-"):
            subs.append((p.name, p))
    return subs


@pytest.fixture(scope="module")
def store_env(corpus, tmp_path_factory):
    """(mirror URL, store dir): archives with Tesla's filings cut at 2021-12-31, synced once for the module with
    the point-in-time versions (sync --point-in-time)."""
    root, cache = tmp_path_factory.mktemp("bulk-as-of"), tmp_path_factory.mktemp("bulk-as-of-cache")
    with bulk_kit.synced_store(corpus, root, cache, PUBLISHED, _submissions(corpus), point_in_time=True) as env:
        yield env


@pytest.fixture(scope="module")
def plain_env(corpus, tmp_path_factory):
    """The same archives synced without the versions: screens as known on a date run the engine per filer."""
    root, cache = tmp_path_factory.mktemp("bulk-as-of-plain"), tmp_path_factory.mktemp("bulk-as-of-plain-cache")
    with bulk_kit.synced_store(corpus, root, cache, PUBLISHED, _submissions(corpus)) as env:
        yield env


@pytest.fixture
def screen(store_env, monkeypatch):
    """screen(concept, **kw) -> ScreenResult through a client that sees the module's store."""
    return bulk_kit.screen_through(store_env, monkeypatch)


def test_the_universe_is_the_filers_that_had_filed_by_the_date(screen):
    # Snowflake's first XBRL facts were filed 2020-12-03, LPA's 2024-04-26: neither was a filer on 2020-06-30
    now = screen("revenue", fiscal_year=2019)
    then = screen("revenue", fiscal_year=2019, as_of="2020-06-30")
    assert then.as_of == date(2020, 6, 30) and now.as_of is None
    assert now.companies_considered == 6 and then.companies_considered == 4
    assert then.notes[0].startswith("As known on 2020-06-30")


def test_a_value_restated_after_the_date_is_the_one_known_then(screen):
    # Apple FY2009 net sales: 36,537M in the 10-K 0001193125-09-214859 (filed 2009-10-27), 42,905M since the
    # 10-K/A 0001193125-10-012091 (filed 2010-01-25), the filing that first gave the value now current
    then = bulk_kit.row_of(screen("revenue", fiscal_year=2009, as_of="2010-01-01"), 320193)
    now = bulk_kit.row_of(screen("revenue", fiscal_year=2009), 320193)
    assert (then.value, then.accession_number) == (36537000000, "0001193125-09-214859")
    assert (now.value, now.accession_number) == (42905000000, "0001193125-10-012091")
    assert then.restated is False and now.restated is True


@pytest.mark.parametrize("as_of", ["2010-01-01", "2015-06-30", "2020-06-30", "2023-03-01"])
def test_nothing_shown_was_filed_after_the_date(screen, as_of):
    r = screen("net_income", calendar_year=int(as_of[:4]) - 1, as_of=as_of, limit=1000)
    assert all(row.filed <= date.fromisoformat(as_of) for row in r.rows)
    assert r.companies_matched == len(r.rows)


def test_a_match_that_no_longer_files_is_counted_and_named(screen):
    # Tesla FY2019 revenue 24,578M (10-K 0001564590-20-004475); its submissions in this store end in 2021
    r = screen("revenue", fiscal_year=2019, as_of="2020-06-30")
    tesla = bulk_kit.row_of(r, TESLA)
    assert tesla.value == 24578000000 and tesla.accession_number == "0001564590-20-004475"
    assert r.matched_no_longer_filing == 1
    assert any("No longer files" in n for n in tesla.notes)
    assert not any("No longer files" in n for n in bulk_kit.row_of(r, 320193).notes)
    assert any("1 of the" in n and "no longer file" in n for n in r.notes)


def test_an_as_of_date_that_is_not_a_date_is_refused(screen):
    from edgar_cli.errors import EdgarError

    with pytest.raises(EdgarError) as e:
        screen("revenue", fiscal_year=2019, as_of="2019-W01")
    assert e.value.code == "invalid_argument"


def test_the_cli_takes_as_of_and_says_as_known_on(store_env, cli, monkeypatch):
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    res = cli("screen", "revenue", "--fy", "2019", "--as-of", "2020-06-30", "--json")
    assert res.rc == 0 and json.loads(res.out)["as_of"] == "2020-06-30"
    table = cli("screen", "revenue", "--fy", "2019", "--as-of", "2020-06-30")
    assert table.rc == 0 and "as known on 2020-06-30" in table.err  # (a pipe gets TSV; the caption goes to stderr)
    bad = cli("screen", "revenue", "--fy", "2019", "--as-of", "last year", "--json")
    assert bad.rc == 2 and '"invalid_argument"' in bad.out


CORPUS_CIKS = (320193, 1045810, 1046179, 1318605, 1640147, 1997711)
# A spread of dates across the corpus' XBRL years: before and after Apple's FY2009 10-K/A (2010-01-25), NVIDIA's
# early 10-Ks whose fy tags vote its labels a year low, Apple's 2020 and NVIDIA's 2021 and 2024 splits, Tesla's
# last facts (2022) and Snowflake's first (2020-12-03)
SPREAD = (
    "2010-01-24",
    "2013-06-30",
    "2016-06-30",
    "2020-12-31",
    "2022-11-01",
    "2024-07-31",
)
# a flow, a per-share value (splits), a balance (NVIDIA's FY2016 long-term debt moved to current), a share count
# and a sum of parts
SAMPLED = ("revenue", "eps_diluted", "long_term_debt", "shares_outstanding", "total_debt")


def _screen_rows(screen, name: str, fy: int, unit: str, as_of: str) -> dict:
    """{cik: row} of a screen as known on ``as_of`` (empty when the screen refuses), each row filed by then."""
    from edgar_cli.errors import EdgarError

    try:
        got = screen(name, fiscal_year=fy, unit=unit, as_of=as_of, limit=1000)
    except EdgarError:
        return {}
    assert all(r.filed <= date.fromisoformat(as_of) for r in got.rows), (name, fy, unit)
    return {int(r.cik): r for r in got.rows}


@pytest.mark.parametrize("as_of", SPREAD)
def test_the_store_answers_as_known_on_a_date_exactly_as_the_engine_does_for_every_corpus_company(screen, as_of):
    # Both directions, every corpus company: a row the screen shows is the engine's --as-of answer for that company
    # and fiscal year (value, accession, filed date, labels, flags); a company the engine answers for is a row of
    # the screen in the answer's unit; a company it has no answer for is in no screen; nothing was filed after it.
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.errors import EdgarError

    day = date.fromisoformat(as_of)
    compared = 0
    for name in SAMPLED:
        for fy in (day.year - 2, day.year - 1, day.year):
            screens: dict[str, dict] = {}
            for cik in CORPUS_CIKS:
                try:
                    answer = get_financial_concept(str(cik), name, fiscal_year=fy, as_of=as_of)
                except EdgarError:
                    for unit in ("USD", "TWD", "USD/shares", "TWD/shares", "shares"):
                        if unit not in screens:
                            screens[unit] = _screen_rows(screen, name, fy, unit, as_of)
                        assert cik not in screens[unit], (name, fy, cik, unit)
                    continue
                expected = answer.values[0].model_dump()
                unit = expected["unit"]
                if unit not in screens:
                    screens[unit] = _screen_rows(screen, name, fy, unit, as_of)
                row = screens[unit].get(cik)
                assert row is not None, (name, fy, cik)
                assert row.model_dump(include=set(expected)) == expected, (name, fy, cik)
                assert row.filed <= day
                compared += 1
    assert compared > 5


@pytest.mark.parametrize("cik", [TESLA, 1640147])
def test_every_version_the_store_keeps_is_the_engines_answer_on_every_filing_date(corpus, cik):
    # bulk/build.materialize_pit recomputes a concept on a filing date only when that filing can move its annual
    # values; here the engine runs on the facts as known on every filing date of the company, every catalogue
    # concept (Tesla: a 2016 debt balance filed 1,000x off then corrected, a split, a reclassification)
    from edgar_cli.bulk import build as B
    from edgar_cli.xbrl import pointintime as PIT

    path = next(p for p in bulk_kit.corpus_facts(corpus) if p.name == f"CIK{cik:010d}.json")
    facts = B._facts_of(json.loads(path.read_bytes()))
    annual, status = B.materialize_pit(facts)
    days = sorted({r[7] for body in facts.tags.values() for rows in body["units"].values() for r in rows})
    for day in days:
        rows, states = B.materialize(PIT.known_on(facts, date.fromisoformat(day)))
        count: dict[str, int] = {}
        for r in rows:
            count[r[0]] = count.get(r[0], 0) + 1
        kept = sorted((r[0], r[2], *r[5:]) for r in annual if r[3] <= day < r[4])
        assert kept == sorted((r[0], count[r[0]] - 1 - r[2], *r[3:]) for r in rows), day
        held = sorted((r[0], *r[4:]) for r in status if r[2] <= day < r[3])
        assert held == sorted((s[0], *s[2:]) for s in states), day
    assert len(days) > 10 and annual and status


@pytest.mark.parametrize("as_of", SPREAD)
def test_a_store_without_versions_answers_as_known_on_a_date_exactly_as_one_with_them(
    store_env, plain_env, monkeypatch, as_of
):
    # the engine run per filer (a store synced without --point-in-time) and the versions read (one synced with
    # it): the same rows, counts and exclusions, every sampled concept and unit; only the note on speed differs
    screens = {env: bulk_kit.screen_through(env, monkeypatch) for env in (store_env, plain_env)}

    def through(env):  # the store is found by EDGAR_BULK_DIR when a screen opens it
        def run(*args, **kw):
            monkeypatch.setenv("EDGAR_BULK_DIR", str(env[1]))
            return screens[env](*args, **kw)

        return run

    with_versions, without = through(store_env), through(plain_env)
    year = int(as_of[:4]) - 1
    shown = 0
    for name in SAMPLED:
        for unit in ("USD", "TWD", "USD/shares", "shares"):
            if (name == "shares_outstanding") != (unit == "shares"):
                continue
            fast = with_versions(name, fiscal_year=year, unit=unit, as_of=as_of, limit=1000).model_dump()
            slow = without(name, fiscal_year=year, unit=unit, as_of=as_of, limit=1000).model_dump()
            extra = [n for n in slow.pop("notes") if n not in fast["notes"]]
            assert len(extra) == 1 and "no point-in-time versions" in extra[0], (name, unit)
            fast.pop("notes")
            assert fast == slow, (name, unit)
            shown += len(fast["rows"])
    assert shown  # (a date early in XBRL has few filers)


def test_a_filer_in_another_currency_without_the_year_by_the_date_is_counted_as_not_reporting_the_period(screen):
    # TSMC's FY2019 revenue (TWD) came in the 20-F 0001193125-20-107579 filed 2020-04-15: on 2020-03-01 its latest
    # was FY2018 (20-F filed 2019-04-17), so it is a filer without FY2019 then, not one to screen with --unit TWD
    r = screen("revenue", fiscal_year=2019, as_of="2020-03-01")
    reasons = {e.reason: e for e in r.excluded}
    assert "other_unit" not in reasons
    gap = reasons["period_not_reported"]
    assert gap.companies == 1 and "0001046179" in gap.examples[0] and "FY2018 (1)" in gap.detail
    twd = screen("revenue", fiscal_year=2019, as_of="2020-03-01", unit="TWD")
    assert twd.companies_matched == 0  # (what the other-currency count would have sent the reader to)
    later = screen("revenue", fiscal_year=2019, as_of="2020-06-30")
    assert {e.reason: e.companies for e in later.excluded}.get("other_unit") == 1


def test_peers_without_a_year_take_the_latest_year_the_company_had_reported_by_the_date(screen):
    # NVIDIA's latest 10-K on 2020-03-01 was FY2020's (0001045810-20-000010, filed 2020-02-20: revenue 10,918M),
    # not today's latest year
    r = screen("revenue", peers_of="1045810", as_of="2020-03-01")
    assert r.fiscal_year == 2020 and any("FY2020 is the latest fiscal year" in n for n in r.notes)
    nvidia = bulk_kit.row_of(r, 1045810)
    assert (nvidia.value, nvidia.accession_number) == (10918000000, "0001045810-20-000010")


# Archives on disk whose files carry a modification time far from "today" (2026-07-01): a copy made later, or a
# machine whose real clock has moved on. Nothing date-dependent may read it.
MTIME = datetime(2028, 3, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def disk_env(corpus, tmp_path_factory):
    """(mirror URL, store dir, sync result): every corpus companyfacts and submissions file, synced from a folder
    (sync --from) whose archives were modified on 2028-03-01, with EDGAR_TODAY 2026-07-01."""
    import os
    import shutil

    from mirror import MirrorServer

    root, cache = tmp_path_factory.mktemp("bulk-from-disk"), tmp_path_factory.mktemp("bulk-from-disk-cache")
    facts, subs = bulk_kit.write_archives(root, corpus, PUBLISHED)
    folder = root / "from-elsewhere"
    folder.mkdir()
    for src, name in ((facts, "companyfacts.zip"), (subs, "submissions.zip")):
        shutil.copy(src, folder / name)
        os.utime(folder / name, (MTIME.timestamp(), MTIME.timestamp()))
    srv = MirrorServer(corpus).start()
    try:
        result = bulk_kit.sync_once(srv.url, cache, source=[str(folder)])
        yield srv.url, cache / "bulk", result
    finally:
        srv.stop()


def _raw_last_filed(corpus) -> dict[int, date]:
    """{cik: newest filing date in its recent filings} read straight from the corpus' submissions documents."""
    out = {}
    for p in bulk_kit.corpus_submissions(corpus):
        if "-submissions-" in p.name:
            continue
        dates = json.loads(p.read_bytes())["filings"]["recent"]["filingDate"]
        if dates:
            out[int(p.name[3:13])] = date.fromisoformat(max(dates))
    return out


def test_a_store_synced_from_disk_is_dated_by_the_clock_not_by_the_files_modification_time(disk_env, monkeypatch):
    _url, _directory, result = disk_env
    assert {a.published.date() for a in result.archives} == {date(2026, 7, 1)}
    assert result.as_of.date() == date(2026, 7, 1)
    r = bulk_kit.screen_through(disk_env[:2], monkeypatch)("revenue", fiscal_year=2019, as_of="2020-06-30")
    assert r.data_source.as_of.date() == date(2026, 7, 1)
    assert not any("2028" in n for n in r.notes) and not r.warnings
    # Apple last filed on 2026-02-26 (its submissions): it still files
    assert not any("No longer files" in n for n in bulk_kit.row_of(r, 320193).notes)


@pytest.mark.parametrize("as_of", ["2012-06-30", "2020-06-30", "2023-03-01", "2025-06-30"])
def test_the_count_of_matches_that_no_longer_file_agrees_with_the_raw_submissions(disk_env, corpus, monkeypatch, as_of):
    # the store's date is that of the data it holds: its newest filing, here not later than the sync's clock
    # (Unicycive's submissions run to 2026-07-30, past "today"); a match no longer files when its own newest
    # filing is more than 450 days before that date. Every corpus filer with facts still files (Apple, NVIDIA,
    # TSMC, Tesla: 2026), and Snowflake and LPA have no submissions in the corpus: counted as unknown
    last = _raw_last_filed(corpus)
    store_day = min(max(last.values()), date(2026, 7, 1))
    cutoff = date.fromordinal(store_day.toordinal() - 450)
    screen = bulk_kit.screen_through(disk_env[:2], monkeypatch)
    r = screen("revenue", calendar_year=int(as_of[:4]) - 1, as_of=as_of, limit=1000)
    matched = [int(row.cik) for row in r.rows]
    assert matched and r.companies_matched == len(matched)
    gone = [c for c in matched if c in last and last[c] < cutoff]
    unknown = [c for c in matched if c not in last]
    assert r.matched_no_longer_filing == len(gone) == 0
    note = next(n for n in r.notes if "no longer file" in n)
    assert note.startswith(f"0 of the {len(matched)} matches no longer file") and f"before {store_day}" in note
    if unknown:
        word = "has" if len(unknown) == 1 else "have"
        assert f" {len(unknown)} {word} no submissions in the store" in note
    else:
        assert "no submissions" not in note


def test_the_table_output_says_once_how_many_filers_were_left_out_and_why(store_env, cli, monkeypatch):
    # issue 36: the exclusions, and whom they count, are not only in --json. On 2020-03-01, of the four filers then (Apple, NVIDIA,
    # Tesla, TSMC): TSMC had no FY2019 revenue yet (its 20-F 0001193125-20-107579 came on 2020-04-15) and the
    # peers of NVIDIA (SIC 3674) leave out Apple and Tesla
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    res = cli("screen", "revenue", "--fy", "2019", "--as-of", "2020-03-01", "--peers-of", "1045810")
    assert res.rc == 0 and "NVIDIA" in res.out
    said = [line for line in res.err.splitlines() if "not a peer" in line or "period not reported" in line]
    assert said == [
        "note: 2 not a peer (Apple Inc., Tesla, Inc.): SIC code other than 3674",
        "note: 1 period not reported (TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD): no annual value for FY2019 (their "
        "latest fiscal years: FY2018 (1))",
    ]
    assert "other unit" not in res.err


def test_peers_of_a_raw_tag_without_a_year_take_the_latest_year_the_company_reports_it_for(screen):
    # a raw tag has no stored status: NVIDIA's us-gaap:Revenues runs to FY2026 (10-K 0001045810-26-000021,
    # 215,938M); as known on 2020-03-01 to FY2018 (10-K 0001045810-18-000010, 9,714M: from FY2019 it tagged
    # RevenueFromContractWithCustomerExcludingAssessedTax instead)
    now = screen("us-gaap:Revenues", peers_of="1045810")
    row = bulk_kit.row_of(now, 1045810)
    assert now.fiscal_year == 2026 and (row.value, row.accession_number) == (215938000000, "0001045810-26-000021")
    then = screen("us-gaap:Revenues", peers_of="1045810", as_of="2020-03-01")
    row = bulk_kit.row_of(then, 1045810)
    assert then.fiscal_year == 2018 and (row.value, row.accession_number) == (9714000000, "0001045810-18-000010")


def test_compare_peers_of_a_company_as_known_on_a_date_ranks_the_peers_as_a_screen_then_would(
    store_env, cli, monkeypatch
):
    # `compare --peers-of` is the screen's peer ranking: under --as-of 2020-03-01 NVIDIA's latest year is FY2020
    # (10-K 0001045810-20-000010, filed 2020-02-20: revenue 10,918M), as `screen --peers-of` says
    url, directory = store_env
    monkeypatch.setenv("EDGAR_MIRROR", url)
    monkeypatch.setenv("EDGAR_BULK_DIR", str(directory))
    res = cli("compare", "revenue", "--peers-of", "1045810", "--as-of", "2020-03-01", "--json")
    assert res.rc == 0, res.out + res.err
    data = res.json()
    assert data["as_of"] == "2020-03-01" and data["fiscal_year"] == 2020
    nvidia = next(r for r in data["rows"] if r["cik"] == "0001045810")
    assert (nvidia["value"], nvidia["accession_number"]) == (10918000000, "0001045810-20-000010")
    assert all(r["filed"] <= "2020-03-01" for r in data["rows"])

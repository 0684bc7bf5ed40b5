"""edgar sync and the bulk store: download, resume, re-sync, interruption, staleness, the store as a source.

The archives are built at run time from the corpus' own companyfacts and
submissions files (tests/helpers/bulk_kit.py, the SEC's layout: one CIK##########.json
per filer) and served by the mirror at the SEC's URLs with Range and
Last-Modified. "Today" is 2026-07-01 (conftest); archives published
2026-06-30 07:00 UTC are fresh, ones from 2026-06-20 are stale.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import bulk_kit
import pytest
from mirror import MirrorServer

from edgar_cli.errors import EdgarError
from edgar_cli.vocabulary import param

FRESH = datetime(2026, 6, 30, 7, tzinfo=UTC)
STALE = datetime(2026, 6, 20, 7, tzinfo=UTC)
NVDA, AAPL, TSMC, SNOW = 1045810, 320193, 1046179, 1640147


@pytest.fixture
def bulk(corpus, tmp_path, monkeypatch):
    """A mirror serving freshly built archives from tmp, a client pointed at it, and helpers."""
    import stamina

    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient, set_client

    root = tmp_path / "extra"
    bulk_kit.write_archives(root, corpus, FRESH)
    srv = MirrorServer(corpus, extra=root).start()
    monkeypatch.setenv("EDGAR_MIRROR", srv.url)
    stamina.set_testing(True, attempts=3)
    client = SecClient(Settings.from_env())
    set_client(client)

    class Kit:
        mirror = srv
        extra = root
        store = tmp_path / "cache" / "bulk" / "bulk.sqlite"

        @staticmethod
        def sync(point_in_time: bool = False):
            from edgar_cli.capabilities.sync.sync import sync_bulk

            return sync_bulk(client=client, point_in_time=point_in_time)

        @staticmethod
        def fresh_client():
            c = SecClient(Settings.from_env())
            set_client(c)
            return c

    yield Kit
    stamina.set_testing(False)
    srv.stop()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_sync_downloads_both_archives_and_the_store_answers_a_concept_without_companyfacts_requests(bulk):
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    result = bulk.sync()
    by = {a.archive: a for a in result.archives}
    assert by["companyfacts"].entries == 6 and by["companyfacts"].entries_read == 6
    assert by["submissions"].entries == len(bulk_kit.corpus_submissions(bulk.mirror.corpus))
    assert by["companyfacts"].bytes == (bulk.extra / bulk_kit.COMPANYFACTS).stat().st_size
    assert result.companies_with_facts == 6 and result.rebuilt
    assert result.as_of == FRESH
    client = bulk.fresh_client()
    before = bulk.mirror.requests_to("/api/xbrl/companyfacts/")
    got = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client)
    assert bulk.mirror.requests_to("/api/xbrl/companyfacts/") == before  # the store answered
    v = got.values[0]
    assert (v.value, v.accession_number, str(v.end)) == (60922000000, "0001045810-24-000029", "2024-01-28")
    assert got.data_source.kind == "bulk" and got.data_source.as_of == FRESH


def test_resync_of_unchanged_archives_transfers_nothing_and_keeps_the_store(bulk):
    bulk.sync()
    stamp = _sha(bulk.store)
    again = bulk.sync()
    assert all(a.unchanged and a.downloaded_bytes == 0 for a in again.archives)
    assert not again.rebuilt and again.notes
    assert _sha(bulk.store) == stamp
    assert [e.status for e in bulk.mirror.log if e.path.endswith(".zip")][-2:] == [304, 304]


def test_resync_reads_only_the_entries_that_changed_and_drops_filers_gone_from_the_archive(bulk, corpus):
    from edgar_cli.bulk.store import BulkStore

    bulk.sync()
    facts = [(p.name, p) for p in bulk_kit.corpus_facts(corpus) if p.name != f"CIK{SNOW:010d}.json"]
    tsla = next(p for p in bulk_kit.corpus_facts(corpus) if "1318605" in p.name)
    facts = [
        (n, bulk_kit.renamed_facts(tsla, 1318605, "Tesla, Inc. (renamed)") if n == tsla.name else b) for n, b in facts
    ]
    bulk_kit.write_archives(bulk.extra, corpus, datetime(2026, 6, 30, 8, tzinfo=UTC), facts=facts)
    result = bulk.sync()
    cf = next(a for a in result.archives if a.archive == "companyfacts")
    assert (cf.entries, cf.entries_read, cf.entries_unchanged, cf.entries_removed) == (5, 1, 4, 1)
    store = BulkStore(bulk.store)
    try:
        assert store.company(SNOW) is None
        assert store.company(1318605)[0] == "Tesla, Inc. (renamed)"
        assert store.company(NVDA)[0] == "NVIDIA CORP"
    finally:
        store.close()


def test_an_interrupted_download_resumes_with_a_range_request(bulk):
    path = "/" + bulk_kit.COMPANYFACTS
    bulk.mirror.cut_once(path, 400_000)
    result = bulk.sync()
    cf = next(a for a in result.archives if a.archive == "companyfacts")
    assert 0 < cf.resumed_from <= 400_000
    assert cf.bytes == (bulk.extra / bulk_kit.COMPANYFACTS).stat().st_size
    statuses = [e.status for e in bulk.mirror.log if e.path == path]
    assert statuses == [200, 206]
    assert result.companies_with_facts == 6


def test_a_new_archive_version_mid_download_restarts_instead_of_mixing_versions(bulk, corpus):
    path = "/" + bulk_kit.COMPANYFACTS
    dest = bulk.store.parent / "archives" / "companyfacts.zip"
    bulk.mirror.cut_once(path, 300_000)
    with pytest.raises(EdgarError):  # one attempt only: the cut transfer is left as a .part
        import stamina

        stamina.set_testing(True, attempts=1)
        bulk.sync()
    stamina.set_testing(True, attempts=3)
    assert dest.with_name("companyfacts.zip.part").exists()
    bulk_kit.write_archives(bulk.extra, corpus, datetime(2026, 6, 30, 9, tzinfo=UTC))  # republished
    result = bulk.sync()
    cf = next(a for a in result.archives if a.archive == "companyfacts")
    assert cf.resumed_from == 0  # If-Range did not match: the whole new file was sent
    assert _sha(dest) == _sha(bulk.extra / bulk_kit.COMPANYFACTS)


KILLER = textwrap.dedent("""
    import os, signal, sys
    from datetime import datetime, timezone
    from pathlib import Path
    from edgar_cli.bulk import build as B
    directory, archive = Path(sys.argv[1]), Path(sys.argv[2])
    a = B.Archive(kind="companyfacts", path=archive, url="https://www.sec.gov/x", size=archive.stat().st_size,
                  etag="new", last_modified=None, published=datetime(2026, 6, 30, 10, tzinfo=timezone.utc))
    def progress(what, done, total):
        if done == 3:
            os.kill(os.getpid(), signal.SIGKILL)
    B.build(directory, [a], datetime.now(timezone.utc), progress)
""")


def test_kill_9_in_the_middle_of_a_build_leaves_the_previous_store_usable(bulk, corpus, tmp_path):
    from edgar_cli.bulk import build as B
    from edgar_cli.bulk.store import BulkStore

    bulk.sync()
    stamp = _sha(bulk.store)
    changed = bulk_kit.write_zip(
        tmp_path / "changed.zip", [(p.name, p) for p in bulk_kit.corpus_facts(corpus) if str(NVDA) not in p.name], FRESH
    )
    proc = subprocess.run([sys.executable, "-c", KILLER, str(bulk.store.parent), str(changed)], capture_output=True)
    assert proc.returncode == -9
    assert (bulk.store.parent / "bulk.sqlite.building").exists()  # the half-built copy, never read
    assert _sha(bulk.store) == stamp
    store = BulkStore(bulk.store)
    try:
        assert store.usable and store.company(NVDA) is not None
    finally:
        store.close()
    # The next build starts its copy afresh and completes.
    a = B.Archive(
        kind="companyfacts",
        path=changed,
        url="https://www.sec.gov/x",
        size=changed.stat().st_size,
        etag="new",
        last_modified=None,
        published=FRESH,
    )
    B.build(bulk.store.parent, [a], FRESH)
    assert not (bulk.store.parent / "bulk.sqlite.building").exists()
    store = BulkStore(bulk.store)
    try:
        assert store.company(NVDA) is None and store.company(AAPL) is not None
    finally:
        store.close()


def _killed_build(bulk, corpus, tmp_path) -> Path:
    """A store, then a build of a changed archive killed (-9) halfway: its bulk.sqlite.building is left."""
    bulk.sync()
    changed = bulk_kit.write_zip(
        tmp_path / "changed.zip", [(p.name, p) for p in bulk_kit.corpus_facts(corpus) if str(NVDA) not in p.name], FRESH
    )
    proc = subprocess.run([sys.executable, "-c", KILLER, str(bulk.store.parent), str(changed)], capture_output=True)
    assert proc.returncode == -9
    building = bulk.store.parent / "bulk.sqlite.building"
    assert building.exists()
    return building


def test_a_killed_builds_copy_is_removed_by_the_next_process_that_opens_the_store(bulk, corpus, tmp_path):
    # It used to stay (as large as the store) until the next sync got past both downloads.
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    building = _killed_build(bulk, corpus, tmp_path)
    r = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=bulk.fresh_client())
    assert r.values[0].value == 60922000000  # from the store: 0001045810-24-000029
    assert not building.exists()


def test_a_sync_removes_a_killed_builds_copy_before_it_downloads(bulk, corpus, tmp_path):
    from edgar_cli.errors import EdgarError

    building = _killed_build(bulk, corpus, tmp_path)
    bulk.mirror.cut_once("/" + bulk_kit.COMPANYFACTS, 1000, times=3)  # this sync fails in its download
    (bulk.store.parent / "archives" / "companyfacts.zip").unlink()
    with pytest.raises(EdgarError):
        bulk.sync()
    assert not building.exists()


def test_the_copy_of_a_build_another_process_is_running_is_left_alone(bulk, corpus, tmp_path):
    from filelock import FileLock

    from edgar_cli.bulk.build import discard_stale_building
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    building = _killed_build(bulk, corpus, tmp_path)
    live = FileLock(str(bulk.store.parent / "sync.lock"))  # a sync holding the lock: its build is live
    with live.acquire(timeout=0):
        get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=bulk.fresh_client())
        assert discard_stale_building(bulk.store.parent) is False
        assert building.exists()
    assert discard_stale_building(bulk.store.parent) is True and not building.exists()


def test_a_stale_store_is_not_used_and_the_answer_comes_from_the_sec(bulk, corpus, capsys):
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    bulk_kit.write_archives(bulk.extra, corpus, STALE)
    bulk.sync()
    client = bulk.fresh_client()
    capsys.readouterr()
    got = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client)
    assert got.data_source.kind == "live"
    assert got.values[0].accession_number == "0001045810-24-000029"
    stale = capsys.readouterr().err
    assert "bulk store is 11 days old" in stale and "answering from per-company data instead" in stale
    from edgar_cli.capabilities.screen.screen import screen_companies

    screened = screen_companies("revenue", fiscal_year=2024, client=client)  # a screen has no live fallback
    assert screened.data_source.as_of == STALE and any("2026-06-20" in w for w in screened.warnings)


def test_a_store_of_another_format_is_ignored(bulk):
    import sqlite3

    bulk.sync()
    conn = sqlite3.connect(bulk.store)
    conn.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    conn.commit()
    conn.close()
    from edgar_cli.capabilities.concept.concept import get_financial_concept

    got = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=bulk.fresh_client())
    assert got.data_source.kind == "live"


def _fast_and_full(args: list[str], capsys, monkeypatch):
    """(what the warm fast path answers, what the full path prints: exit, stdout, stderr) for ``edgar ARGS``."""
    from support import run_in_process

    from edgar_cli.cli import fastpath
    from edgar_cli.sec.client import set_client
    from edgar_cli.vocabulary import set_surface

    monkeypatch.setenv("EDGAR_FASTPATH", "0")
    set_client(None)
    full = run_in_process(args, capsys)  # (also leaves the ticker map in the cache, as a first run would)
    monkeypatch.delenv("EDGAR_FASTPATH")
    set_surface("cli")
    return fastpath.respond(args), full


@pytest.mark.parametrize("fmt", ["--json", "--tsv"])
def test_with_a_fresh_store_the_warm_fast_path_answers_from_it_as_the_full_path_does(bulk, fmt, capsys, monkeypatch):
    bulk.sync()
    args = ["concept", "NVDA", "revenue", "--fy", "2024", fmt]
    _fast_and_full(args, capsys, monkeypatch)  # the first run: the ticker file fetched and cached
    fast, full = _fast_and_full(args, capsys, monkeypatch)
    assert full.rc == 0 and "60922000000" in full.out  # 0001045810-24-000029, from the store
    assert ("bulk" in full.out) if fmt == "--json" else ("the bulk store" in full.err)
    assert fast == (full.out, full.err, 0)


def test_with_a_stale_store_the_fast_path_leaves_its_warning_to_the_full_path(bulk, corpus, capsys, monkeypatch):
    bulk_kit.write_archives(bulk.extra, corpus, STALE)
    bulk.sync()
    args = ["concept", "NVDA", "revenue", "--fy", "2024", "--json"]
    _fast_and_full(args, capsys, monkeypatch)
    fast, full = _fast_and_full(args, capsys, monkeypatch)
    assert fast is None and full.rc == 0 and "bulk store is 11 days old" in full.err


def test_a_screen_over_a_store_of_an_older_format_says_to_rebuild_it(bulk):
    # format 3 (before the versions screen --as-of reads) is what a store synced by the previous edgar holds
    import sqlite3

    from edgar_cli.bulk.store import FORMAT
    from edgar_cli.capabilities.screen.screen import screen_companies

    bulk.sync()
    conn = sqlite3.connect(bulk.store)
    conn.execute("UPDATE meta SET value = '3' WHERE key = 'format'")
    conn.commit()
    conn.close()
    with pytest.raises(EdgarError) as e:
        screen_companies("revenue", fiscal_year=2019, as_of="2020-06-30", client=bulk.fresh_client())
    assert e.value.code == "not_found"
    assert "format 3" in e.value.message and f"format {FORMAT}" in e.value.message and "rebuilt" in e.value.message
    assert "sync" in e.value.suggestion


def _versions(path: Path) -> tuple[str | None, int, int]:
    """(meta point_in_time, annual_pit rows, status_pit rows) of the store at ``path``."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        flag = conn.execute("SELECT value FROM meta WHERE key = 'point_in_time'").fetchone()
        counts = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("annual_pit", "status_pit")]
    finally:
        conn.close()
    return (flag[0] if flag else None), counts[0], counts[1]


def test_a_sync_keeps_point_in_time_versions_only_when_asked_and_one_without_them_drops_them(bulk):
    plain = bulk.sync()
    assert not plain.point_in_time and _versions(bulk.store) == ("0", 0, 0)
    asked = bulk.sync(point_in_time=True)  # the archives have not changed: every entry is read again for them
    cf = next(a for a in asked.archives if a.archive == "companyfacts")
    assert cf.unchanged and (cf.entries, cf.entries_read) == (6, 6) and asked.rebuilt and asked.point_in_time
    flag, annual, status = _versions(bulk.store)
    assert flag == "1" and annual > 0 and status > 0
    kept = bulk.sync(point_in_time=True)  # nothing changed: the versions stay, nothing is read
    assert not kept.rebuilt and _versions(bulk.store) == (flag, annual, status)
    dropped = bulk.sync()
    assert dropped.rebuilt and not dropped.point_in_time and _versions(bulk.store) == ("0", 0, 0)
    assert any("no longer keeps point-in-time versions" in n and param("point_in_time") in n for n in dropped.notes)
    again = bulk.sync()
    assert not again.rebuilt and _versions(bulk.store) == ("0", 0, 0)


def test_a_screen_as_of_a_date_says_when_the_store_keeps_no_versions_and_how_to_build_them(bulk):
    from edgar_cli.capabilities.screen.screen import screen_companies

    bulk.sync()
    slow = screen_companies("revenue", fiscal_year=2019, as_of="2020-06-30", client=bulk.fresh_client())
    assert any("no point-in-time versions" in n and param("point_in_time") in n for n in slow.notes)
    bulk.sync(point_in_time=True)
    fast = screen_companies("revenue", fiscal_year=2019, as_of="2020-06-30", client=bulk.fresh_client())
    assert not any("point-in-time" in n for n in fast.notes)
    assert [r.model_dump() for r in fast.rows] == [r.model_dump() for r in slow.rows] and fast.rows


def test_cli_sync_takes_point_in_time(bulk, capsys):
    from edgar_cli.cli.entry import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["sync", "--point-in-time", "--json"])
    out = capsys.readouterr()
    assert exit_.value.code in (0, None)
    assert json.loads(out.out)["point_in_time"] is True
    assert _versions(bulk.store)[0] == "1"


def test_filings_come_from_the_stores_submissions(bulk):
    from edgar_cli.capabilities.filings.filings import list_filings

    bulk.sync()
    before = bulk.mirror.requests_to("/submissions/")
    got = list_filings("AAPL", forms="10-K", limit=3)
    assert bulk.mirror.requests_to("/submissions/") == before
    assert got.data_source.kind == "bulk"
    assert "0000320193-24-000123" in [f.accession_number for f in got.filings]


def test_cli_sync_json_prints_only_the_result_and_no_progress_off_a_terminal(bulk, capsys):
    from edgar_cli.cli.entry import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["sync", "--json"])
    out = capsys.readouterr()
    assert exit_.value.code in (0, None)
    data = json.loads(out.out)
    assert data["companies_with_facts"] == 6
    assert out.err == ""


def test_a_cut_archive_is_never_installed_and_the_next_sync_resumes_it(bulk):
    from edgar_cli.errors import EdgarError

    path = "/" + bulk_kit.COMPANYFACTS
    archives = bulk.store.parent / "archives"
    bulk.mirror.cut_once(path, 100_000, times=3)  # every attempt of this sync is cut short
    with pytest.raises(EdgarError) as err:
        bulk.sync()
    assert err.value.code == "upstream_unavailable" and "resumes" in err.value.suggestion
    assert not (archives / "companyfacts.zip").exists() and not bulk.store.exists()
    part = archives / "companyfacts.zip.part"
    kept = part.stat().st_size
    assert 0 < kept < (bulk.extra / bulk_kit.COMPANYFACTS).stat().st_size
    result = bulk.sync()
    assert next(a for a in result.archives if a.archive == "companyfacts").resumed_from == kept
    assert result.companies_with_facts == 6 and not part.exists()


def test_malformed_and_oversized_entries_are_left_out_and_counted(bulk, corpus, monkeypatch):
    from edgar_cli.bulk import build as B
    from edgar_cli.bulk.store import BulkStore

    facts = [(p.name, p) for p in bulk_kit.corpus_facts(corpus)]
    facts += [
        ("CIK0000000001.json", b'{"cik": 1, "entityName": "Broken", "facts": {"us-gaap": {"Revenues": 7}}}'),
        ("CIK0000000002.json", b'{"cik": 2, "entityName": "Cut", "facts": {"us-g'),
        ("CIK0000000003.json", b'{"cik": 3, "entityName": "Empty", "facts": {}}'),
        ("README.txt", b"not an entry"),
    ]
    bulk_kit.write_archives(bulk.extra, corpus, FRESH, facts=facts)
    smallest = min(p.stat().st_size for p in bulk_kit.corpus_facts(corpus))
    monkeypatch.setattr(B, "MAX_ENTRY_BYTES", smallest)  # only LPA (the smallest) fits
    result = bulk.sync()
    cf = next(a for a in result.archives if a.archive == "companyfacts")
    assert cf.entries_skipped == {
        "unreadable entry (AttributeError)": 1,
        "unreadable entry (JSONDecodeError)": 1,
        "no XBRL facts": 1,
        "not a CIK##########.json entry": 1,
        f"larger than {smallest:,} bytes uncompressed": 5,
    }
    assert result.companies_with_facts == 1
    store = BulkStore(bulk.store)
    try:
        assert store.company(1997711) is not None and store.company(1) is None
    finally:
        store.close()


def test_the_engine_fingerprint_covers_the_row_filter_the_stored_tags_went_through(monkeypatch):
    """The store keeps each filer's tags as sec.companyfacts.compact left them; a change to that filter (which rows
    are kept) changes stored values, so it must change the fingerprint and force a rebuild."""
    import inspect

    from edgar_cli.bulk import build as B
    from edgar_cli.sec import companyfacts

    B.engine_fingerprint.cache_clear()
    before = B.engine_fingerprint()
    real = inspect.getsource
    for fn in (companyfacts.compact, companyfacts._row):
        monkeypatch.setattr(inspect, "getsource", lambda f, fn=fn: real(f) + ("# changed" if f is fn else ""))
        B.engine_fingerprint.cache_clear()
        assert B.engine_fingerprint() != before, fn.__name__
        monkeypatch.setattr(inspect, "getsource", real)
    B.engine_fingerprint.cache_clear()
    assert B.engine_fingerprint() == before


def test_a_change_to_any_file_of_the_engine_package_changes_the_fingerprint(tmp_path, monkeypatch, request):
    """The rules that decide a stored value live in edgar_cli/xbrl (periods, series, the answer's rules, the
    catalogue): an edit to any of its modules or data files, or a new one, must force a rebuild of the store."""
    import shutil

    from edgar_cli.bulk import build as B

    copy = tmp_path / "xbrl"
    shutil.copytree(B.ENGINE_PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(B, "ENGINE_PACKAGE", copy)
    request.addfinalizer(B.engine_fingerprint.cache_clear)
    B.engine_fingerprint.cache_clear()
    before = B.engine_fingerprint()
    files = sorted(p for p in copy.rglob("*") if p.suffix in (".py", ".toml"))
    assert {"answer.py", "notes.py", "periods.py", "series.py", "records.py", "concepts.toml"} <= {
        p.name for p in files
    }
    for path in files:
        text = path.read_bytes()
        path.write_bytes(text + b"\n# changed\n")
        B.engine_fingerprint.cache_clear()
        assert B.engine_fingerprint() != before, path.name
        path.write_bytes(text)
    B.engine_fingerprint.cache_clear()
    assert B.engine_fingerprint() == before
    (copy / "rule.py").write_text("RULE = 1\n", encoding="utf-8")
    B.engine_fingerprint.cache_clear()
    assert B.engine_fingerprint() != before


def test_a_filer_whose_every_fact_is_malformed_is_left_out_of_the_store_as_on_the_live_path():
    # The live path calls such companyfacts upstream_unavailable; the build, compacting one concept at a time,
    # stored the filer with no facts at all, which a screen or concept then read as "reports nothing".
    from edgar_cli.bulk.build import _facts_of
    from edgar_cli.sec.validate import InvalidBody

    data = {
        "cik": NVDA,
        "entityName": "NVIDIA CORP",
        "facts": {
            "us-gaap": {
                "Revenues": {"units": {"USD": [{"val": "x", "end": "2024-01-28"}]}},
                "NetIncomeLoss": {"units": {}},
            }
        },
    }
    with pytest.raises(InvalidBody, match="2 concepts hold no well-formed row"):
        _facts_of(data)


def test_sync_from_a_folder_takes_the_archives_from_disk_without_a_request(bulk, tmp_path):
    # issue 36: archives downloaded elsewhere (a firewall, an air-gapped box, a team's shared copy)
    import shutil

    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.capabilities.sync.sync import sync_bulk

    folder = tmp_path / "from-elsewhere"
    folder.mkdir()
    shutil.copy(bulk.extra / bulk_kit.COMPANYFACTS, folder / "companyfacts.zip")
    shutil.copy(bulk.extra / bulk_kit.SUBMISSIONS, folder / "submissions.zip")
    before = len(bulk.mirror.log)
    result = sync_bulk(source=[str(folder)], client=bulk.fresh_client())
    assert len(bulk.mirror.log) == before  # nothing was asked of the mirror
    assert result.companies_with_facts == 6 and result.rebuilt
    v = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=bulk.fresh_client()).values[0]
    assert (v.value, v.accession_number) == (60922000000, "0001045810-24-000029")


def test_sync_from_a_folder_names_the_local_archives_not_the_secs_urls(bulk, tmp_path, capsys):
    # issue 36, a sixth newcomer: `edgar sync --from bulk` reported www.sec.gov/...companyfacts.zip in its url
    # column, though nothing was downloaded
    import json
    import shutil

    from support import run_in_process

    folder = tmp_path / "from-elsewhere"
    folder.mkdir()
    shutil.copy(bulk.extra / bulk_kit.COMPANYFACTS, folder / "companyfacts.zip")
    shutil.copy(bulk.extra / bulk_kit.SUBMISSIONS, folder / "submissions.zip")
    bulk.fresh_client()
    res = run_in_process(["sync", "--from", str(folder), "--json"], capsys)
    assert res.rc == 0, res.err
    urls = {a["archive"]: a["url"] for a in json.loads(res.out)["archives"]}
    assert urls == {k: str((folder / f"{k}.zip").resolve()) for k in ("companyfacts", "submissions")}


def test_sync_from_a_path_without_both_archives_or_with_a_broken_one_is_refused(bulk, tmp_path):
    from edgar_cli.capabilities.sync.sync import sync_bulk
    from edgar_cli.errors import EdgarError

    with pytest.raises(EdgarError) as info:
        sync_bulk(source=[str(tmp_path)], client=bulk.fresh_client())
    assert info.value.code == "invalid_argument" and "companyfacts.zip" in info.value.message
    (tmp_path / "companyfacts.zip").write_bytes(b"not a zip")
    (tmp_path / "submissions.zip").write_bytes(b"not a zip")
    with pytest.raises(EdgarError) as info:
        sync_bulk(source=[str(tmp_path)], client=bulk.fresh_client())
    assert info.value.code == "invalid_argument" and "not a readable zip" in info.value.message

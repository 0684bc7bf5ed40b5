"""A populated local index in a read-only directory is read, never reported as holding no filings.

On read-only media SQLite cannot create the WAL's -shm file, and the read failed with an
OperationalError that the store once took for "created but never written" (`edgar find` said the
index holds no filings), then reported as "cannot be read". The store now opens such a file
immutable. Reproduced with a read-only directory (root's DAC override dropped with setpriv, as
tests/test_cache_integrity.py does).
"""

from __future__ import annotations

import json
import os
import subprocess

from permissions import read_only, without_root_privileges, writable
from support import edgar_command

from edgar_cli.index.store import FilingRecord, SqliteStore

NVDA_FY2024_10K = FilingRecord(
    accession="0001045810-24-000029",
    cik="0001045810",
    ticker="NVDA",
    company="NVIDIA CORP",
    form="10-K",
    filing_date="2024-02-21",
    fiscal_year=2024,
    period_of_report="2024-01-28",
    document_url=None,
)


def test_an_index_in_a_read_only_directory_is_read_not_reported_as_empty(tmp_path):
    prefix = without_root_privileges()
    folder = tmp_path / "index"
    store = SqliteStore(folder / "index.sqlite")
    store.replace_filing(NVDA_FY2024_10K, [], [], None)
    assert [f.accession for f in store.filings()] == ["0001045810-24-000029"]
    read_only(folder)
    try:
        proc = subprocess.run(
            prefix + edgar_command() + ["index", "list", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "EDGAR_INDEX": str(store.path)},
        )
    finally:
        writable(folder)
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    listed = json.loads(proc.stdout)
    assert "0001045810-24-000029" in json.dumps(listed) and "error" not in listed


def _edgar(prefix, args, index, **env):
    return subprocess.run(
        prefix + edgar_command() + args,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EDGAR_INDEX": str(index), **env},
    )


def test_writing_to_a_read_only_index_is_refused_before_anything_is_fetched(tmp_path):
    """`index add` into a read-only index once fetched, parsed and embedded the filing, then failed with
    "move the damaged file away". The mirror here is a closed port: a fetch would be an upstream error, so
    the read-only answer shows the check came first."""
    prefix = without_root_privileges()
    folder = tmp_path / "index"
    store = SqliteStore(folder / "index.sqlite")
    store.replace_filing(NVDA_FY2024_10K, [], [], None)
    read_only(folder)
    try:
        add = _edgar(prefix, ["index", "add", "AAPL", "--json"], store.path, EDGAR_MIRROR="http://127.0.0.1:9")
        remove = _edgar(prefix, ["index", "remove", "NVDA", "--json"], store.path)
        new = _edgar(
            prefix, ["index", "add", "AAPL", "--json"], folder / "new.sqlite", EDGAR_MIRROR="http://127.0.0.1:9"
        )
    finally:
        writable(folder)
    for proc in (add, remove, new):
        assert "Traceback" not in proc.stderr
        assert proc.returncode != 0
        err = json.loads(proc.stdout)["error"]
        assert err["code"] == "invalid_argument" and "read-only" in err["message"], err
        assert "damaged" not in err["suggestion"] and "writable" in err["suggestion"], err
    assert not (folder / "new.sqlite").exists()
    assert [f.accession for f in store.filings()] == ["0001045810-24-000029"]  # nothing was removed


def test_a_read_only_index_with_a_pending_write_ahead_log_is_refused_not_read_without_it(tmp_path):
    """Copied without its -shm file, an index whose -wal holds committed changes was opened immutable and
    read as it was before them, with no word said."""
    import sqlite3

    prefix = without_root_privileges()
    folder = tmp_path / "index"
    store = SqliteStore(folder / "index.sqlite")
    store.replace_filing(NVDA_FY2024_10K, [], [], None)
    keep = sqlite3.connect(store.path, isolation_level=None)  # holds the log open so it is not checkpointed away
    keep.execute("PRAGMA wal_autocheckpoint = 0")
    keep.execute("DELETE FROM filings")
    shared = tmp_path / "shared"
    shared.mkdir()
    for name in ("index.sqlite", "index.sqlite-wal"):
        (shared / name).write_bytes((folder / name).read_bytes())
    keep.close()
    assert (shared / "index.sqlite-wal").stat().st_size > 0
    read_only(shared)
    try:
        proc = _edgar(prefix, ["index", "list", "--json"], shared / "index.sqlite")
    finally:
        writable(shared)
    assert "Traceback" not in proc.stderr
    assert proc.returncode != 0, proc.stdout
    err = json.loads(proc.stdout)["error"]
    assert err["code"] == "invalid_argument" and "index.sqlite-wal" in err["message"], err
    assert "wal_checkpoint" in err["suggestion"], err


def test_a_damaged_index_in_a_read_only_folder_is_called_damaged_and_a_file_for_a_folder_is_named(tmp_path):
    """The read-only message once won over the damaged one wherever the folder was not writable; an index path
    under a regular file fetched the filing before failing."""
    prefix = without_root_privileges()
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "bad.sqlite").write_bytes(b"SQLite format 3\x00" + b"garbage" * 200)
    read_only(folder)
    try:
        find = _edgar(prefix, ["find", "revenue", "--json"], folder / "bad.sqlite")
        add = _edgar(
            prefix, ["index", "add", "AAPL", "--json"], folder / "bad.sqlite", EDGAR_MIRROR="http://127.0.0.1:9"
        )
    finally:
        writable(folder)
    for proc in (find, add):
        err = json.loads(proc.stdout)["error"]
        assert proc.returncode != 0 and "Traceback" not in proc.stderr
        assert "read-only" not in err["message"] and "damaged" in err["suggestion"], err
    (tmp_path / "afile").write_text("not a folder")
    under = _edgar(
        [], ["index", "add", "AAPL", "--json"], tmp_path / "afile" / "index.sqlite", EDGAR_MIRROR="http://127.0.0.1:9"
    )
    err = json.loads(under.stdout)["error"]
    assert err["code"] == "invalid_argument" and "is a file, not a folder" in err["message"], err


def test_a_lock_held_past_the_wait_is_called_busy_not_damaged(tmp_path):
    err = SqliteStore(tmp_path / "index.sqlite")._unusable("OperationalError: database is locked")
    assert "busy" in err.message and "damaged" not in err.suggestion and "finish" in err.suggestion

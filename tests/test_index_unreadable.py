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

from conftest import edgar_command
from test_cache_integrity import _read_only, _without_root_privileges, _writable

from edgar_cli.index.store import FilingRecord, SqliteStore

NVDA_FY2024_10K = FilingRecord(accession="0001045810-24-000029", cik="0001045810", ticker="NVDA",
                               company="NVIDIA CORP", form="10-K", filing_date="2024-02-21", fiscal_year=2024,
                               period_of_report="2024-01-28", document_url=None)


def test_an_index_in_a_read_only_directory_is_read_not_reported_as_empty(tmp_path):
    prefix = _without_root_privileges()
    folder = tmp_path / "index"
    store = SqliteStore(folder / "index.sqlite")
    store.replace_filing(NVDA_FY2024_10K, [], [], None)
    assert [f.accession for f in store.filings()] == ["0001045810-24-000029"]
    _read_only(folder)
    try:
        proc = subprocess.run(prefix + edgar_command() + ["index", "list", "--json"], capture_output=True, text=True,
                              timeout=120, env={**os.environ, "EDGAR_INDEX": str(store.path)})
    finally:
        _writable(folder)
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    listed = json.loads(proc.stdout)
    assert "0001045810-24-000029" in json.dumps(listed) and "error" not in listed

"""A populated local index that cannot be read is an error that says so, never "holds no filings".

On a full disk or read-only media SQLite cannot create the WAL's -shm file, and the read fails
with an OperationalError that the store took for "created but never written": `edgar find`
then said the index holds no filings. Reproduced here with a read-only directory (root's
DAC override dropped with setpriv, as tests/test_cache_integrity.py does).
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


def test_an_index_that_cannot_be_read_is_not_reported_as_empty(tmp_path):
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
    error = json.loads(proc.stdout)["error"]
    assert proc.returncode != 0 and "cannot be read" in error["message"], proc.stdout
    assert "no filings" not in error["message"]

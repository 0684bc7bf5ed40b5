"""The floor for a warm `edgar concept NVDA revenue --fy 2024 --json`: stdlib only, reading edgar's own cache.

What no implementation of the lookup can avoid on a warm run: start Python, open the cache
database read-only, read the ticker table and the company's compact facts, decode one tag,
pick the fiscal-2024 annual value (the period ending 2024-01-28, latest filed) and print it as
JSON. No pydantic, no typer, no httpx, no fallback chain, no restatement analysis. The
benchmarks report edgar's warm time as a ratio to this.

    EDGAR_CACHE_DIR=<a cache a cold edgar run filled> python benchmarks/floor.py
"""

import json
import marshal
import os
import pickle
import sqlite3
import sys
from pathlib import Path

TICKER, TAG, PERIOD_END = "NVDA", "us-gaap:Revenues", "2024-01-28"


def main() -> int:
    http = Path(os.environ["EDGAR_CACHE_DIR"]) / "http"
    con = sqlite3.connect(f"{(http / 'cache.db').as_uri()}?mode=ro", uri=True)

    def entry(key: str) -> bytes:
        mode, filename, value = con.execute("SELECT mode, filename, value FROM Cache WHERE key = ? AND raw = 1",
                                            (key,)).fetchone()
        if value is None:
            with open(http / filename, "rb") as f:
                return pickle.load(f)[4]
        return pickle.loads(value)[4]

    _fmt, index, _table = marshal.loads(entry("tickers-compact:v2"))
    at = index.find(f"\n{TICKER}\t") + len(TICKER) + 2
    cik = int(index[at:index.index("\n", at)])
    _fmt, _cik, name, blobs, _calendar, _currency = marshal.loads(entry(f"facts:{cik:010d}"))
    rows = [r for r in marshal.loads(blobs[TAG])["units"]["USD"] if r[1] == PERIOD_END and r[0] is not None]
    start, end, val, accn, _fy, _fp, form, filed, _frame = max(rows, key=lambda r: (r[7], r[3]))
    json.dump({"cik": f"{cik:010d}", "name": name, "tag": TAG, "value": val, "start": start, "end": end,
               "accession_number": accn, "form": form, "filed": filed}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

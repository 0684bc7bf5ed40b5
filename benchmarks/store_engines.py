"""Which engine for the bulk store: SQLite vs DuckDB vs Parquet, on the store's two access patterns.

Takes a store built by ``edgar sync`` (by default the one benchmarks/bulk.py
leaves with ``--keep``), copies its ``annual`` and ``tags`` tables into a
DuckDB database and into Parquet files (written by DuckDB), and times, warm,
median of repeated runs:

- screen: every company's FY2024 revenue rows (``annual`` filtered by concept
  and fiscal year, ordered by CIK and the engine's order), fetched into Python;
- lookup: one company's tags of the revenue chain (``tags`` by CIK and tag),
  over 50 CIKs (DuckDB and Parquet hold only the chain's tags: a smaller table
  than SQLite's, which holds every tag).

DuckDB is not a dependency of edgar: install it into a scratch venv to run
this (``pip install duckdb``). Results: stdout and benchmarks/results/store_engines.txt.

    python benchmarks/store_engines.py [--store PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import save  # noqa: E402

CHAIN = (
    "us-gaap:Revenues",
    "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
    "us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax",
    "us-gaap:SalesRevenueNet",
    "us-gaap:SalesRevenueGoodsNet",
    "us-gaap:RevenuesNetOfInterestExpense",
    "ifrs-full:Revenue",
    "ifrs-full:RevenueFromContractsWithCustomers",
)
SCREEN = (
    "SELECT cik, ord, end_date, value, unit, form, fye_month, fact FROM {annual} "
    "WHERE concept = 'revenue' AND fiscal_year = 2024 ORDER BY cik, ord"
)
LOOKUP = "SELECT tag, blob FROM {tags} WHERE cik = ? AND tag IN (" + ",".join("?" * len(CHAIN)) + ")"


def _time(fn, n: int) -> float:
    fn()
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", default="/tmp/edgar-bulk-bench/cache/bulk/bulk.sqlite")
    a = ap.parse_args()
    import duckdb

    src = sqlite3.connect(f"file:{a.store}?mode=ro", uri=True)
    ciks = [c for (c,) in src.execute("SELECT cik FROM companies")]
    sample = random.Random(1).sample(ciks, min(50, len(ciks)))
    results: dict = {"companies": len(ciks)}

    def sqlite_screen():
        return len(src.execute(SCREEN.format(annual="annual")).fetchall())

    def sqlite_lookup():
        for c in sample:
            src.execute(LOOKUP.format(tags="tags"), (c, *CHAIN)).fetchall()

    results["sqlite"] = {
        "screen_seconds": _time(sqlite_screen, 9),
        "lookup_50_seconds": _time(sqlite_lookup, 5),
        "rows": sqlite_screen(),
    }

    with tempfile.TemporaryDirectory() as tmp:
        db = duckdb.connect(str(Path(tmp) / "store.duckdb"))
        t = time.perf_counter()
        # Loaded through CSV (DuckDB's executemany is far too slow, and its SQLite reader is an extension it
        # would download); blobs travel as hex text, which is what the DuckDB queries then return.
        import csv

        with open(Path(tmp) / "annual.csv", "w", newline="") as fh:
            w = csv.writer(fh)
            for r in src.execute(
                "SELECT concept, cik, ord, fiscal_year, calendar_year, fye_month, end_date, value, "
                "unit, form, hex(fact) FROM annual"
            ):
                w.writerow(r)
        chain = ",".join(f"'{t}'" for t in CHAIN)
        with open(Path(tmp) / "tags.csv", "w", newline="") as fh:
            w = csv.writer(fh)
            for r in src.execute(f"SELECT cik, tag, hex(blob) FROM tags WHERE tag IN ({chain})"):
                w.writerow(r)
        db.execute(
            "CREATE TABLE annual (concept VARCHAR, cik BIGINT, ord INTEGER, fiscal_year INTEGER, "
            "calendar_year INTEGER, fye_month INTEGER, end_date VARCHAR, value DOUBLE, unit VARCHAR, "
            "form VARCHAR, fact VARCHAR)"
        )
        db.execute(f"COPY annual FROM '{Path(tmp) / 'annual.csv'}' (HEADER false)")
        db.execute("CREATE TABLE tags (cik BIGINT, tag VARCHAR, blob VARCHAR)")
        db.execute(f"COPY tags FROM '{Path(tmp) / 'tags.csv'}' (HEADER false)")
        results["duckdb_load_seconds"] = round(time.perf_counter() - t, 2)

        def duck_screen():
            return len(db.execute(SCREEN.format(annual="annual")).fetchall())

        def duck_lookup():
            for c in sample:
                db.execute(LOOKUP.format(tags="tags"), (c, *CHAIN)).fetchall()

        results["duckdb"] = {
            "screen_seconds": _time(duck_screen, 9),
            "lookup_50_seconds": _time(duck_lookup, 5),
            "rows": duck_screen(),
        }
        pa, pt = Path(tmp) / "annual.parquet", Path(tmp) / "tags.parquet"
        db.execute(f"COPY annual TO '{pa}' (FORMAT parquet)")
        db.execute(f"COPY tags TO '{pt}' (FORMAT parquet)")
        q = duckdb.connect()

        def pq_screen():
            return len(q.execute(SCREEN.format(annual=f"read_parquet('{pa}')")).fetchall())

        def pq_lookup():
            for c in sample:
                q.execute(LOOKUP.format(tags=f"read_parquet('{pt}')"), (c, *CHAIN)).fetchall()

        results["parquet_via_duckdb"] = {
            "screen_seconds": _time(pq_screen, 9),
            "lookup_50_seconds": _time(pq_lookup, 3),
            "rows": pq_screen(),
        }
    for k in ("sqlite", "duckdb", "parquet_via_duckdb"):
        results[k] = {m: (round(v, 5) if isinstance(v, float) else v) for m, v in results[k].items()}
    text = json.dumps(results, indent=2)
    print(text)
    save("store_engines", text + "\n")


if __name__ == "__main__":
    main()

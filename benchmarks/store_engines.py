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

from common import publish  # noqa: E402

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


def _engine(con, annual: str, tags: str, sample: list[int], lookup_runs: int) -> dict:
    """Time the screen over ANNUAL and the 50-CIK lookup over TAGS (table names or table functions) on CON."""

    def screen():
        return len(con.execute(SCREEN.format(annual=annual)).fetchall())

    def lookup():
        for c in sample:
            con.execute(LOOKUP.format(tags=tags), (c, *CHAIN)).fetchall()

    return {"screen_seconds": _time(screen, 9), "lookup_50_seconds": _time(lookup, lookup_runs), "rows": screen()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", default="/tmp/edgar-bulk-bench/cache/bulk/bulk.sqlite")
    a = ap.parse_args()
    import duckdb

    src = sqlite3.connect(f"file:{a.store}?mode=ro", uri=True)
    ciks = [c for (c,) in src.execute("SELECT cik FROM companies")]
    sample = random.Random(1).sample(ciks, min(50, len(ciks)))
    results: dict = {"companies": len(ciks)}

    results["sqlite"] = _engine(src, "annual", "tags", sample, 5)

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

        results["duckdb"] = _engine(db, "annual", "tags", sample, 5)
        pa, pt = Path(tmp) / "annual.parquet", Path(tmp) / "tags.parquet"
        db.execute(f"COPY annual TO '{pa}' (FORMAT parquet)")
        db.execute(f"COPY tags TO '{pt}' (FORMAT parquet)")
        q = duckdb.connect()

        results["parquet_via_duckdb"] = _engine(q, f"read_parquet('{pa}')", f"read_parquet('{pt}')", sample, 3)
    for k in ("sqlite", "duckdb", "parquet_via_duckdb"):
        results[k] = {m: (round(v, 5) if isinstance(v, float) else v) for m, v in results[k].items()}
    publish("store_engines", json.dumps(results, indent=2))


if __name__ == "__main__":
    main()

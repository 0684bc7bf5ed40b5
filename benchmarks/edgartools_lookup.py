"""NVDA revenue for fiscal 2024 with edgartools, for benchmarks/run_all.py. Not part of edgar.

Runs under the benchmark-only venv (benchmarks/.venv-edgartools), never under the
project's. The caller points edgartools at the corpus, not at sec.gov, in one of two ways
that edgartools documents (edgar/config.py and edgar/storage/_local.py in its source):

- mirror: EDGAR_BASE_URL=<mirror>/www.sec.gov and EDGAR_DATA_URL=<mirror>/data.sec.gov,
  so companyfacts is fetched over HTTP from the same MirrorServer edgar uses;
- local:  EDGAR_USE_LOCAL_DATA=1 and EDGAR_LOCAL_DATA_DIR=<dir> holding
  companyfacts/CIK0001045810.json (a symlink to the corpus file): no HTTP at all.

EDGAR_LOCAL_DATA_DIR also holds edgartools' HTTP cache (_tcache), so a fresh dir is a
cold cache. Prints one JSON line: the value and the in-process import and lookup times.
"""

from __future__ import annotations

import json
import time

t0 = time.perf_counter()
from edgar import Company

t1 = time.perf_counter()
facts = Company("NVDA").get_facts()
value = facts.get_revenue(period="2024-FY")
t2 = time.perf_counter()

fact = facts.get_annual_fact("Revenues", 2024)  # provenance of the value, not timed
print(
    json.dumps(
        {
            "value": value,
            "import_seconds": t1 - t0,
            "lookup_seconds": t2 - t1,
            "end": str(getattr(fact, "period_end", "")) if fact else None,
            "accession": getattr(fact, "accession", None) if fact else None,
        }
    )
)

"""Issue 37's screen memory: what a screen holds per filer of the store, beyond the rows it shows.

A store of the six corpus companies is synced once with ``--point-in-time`` (bulk.py's generator, under invented
CIKs 9,000,000 + i), then copied in SQLite to larger stores: every filer's rows of the ``revenue`` concept
(annual, annual_pit, concept_status, status_pit) and its companies / pit / filers rows repeated under new CIKs
(cik + k * 6; the copies' names get " ~k"), the companyfacts tags left out (a catalogue screen never reads
them). Syncing thousands of filers takes an hour on this machine; the copy takes seconds and gives the screen
the same rows a sync of those filers would.

For each size, a child process runs the FY2019 revenue screen showing 50 rows twice (the first warms imports and
the ticker file, in a fresh cache dir) and reports the peak of Python's allocations (tracemalloc) during the
second, now and as of 2020-06-30; ``edgar screen`` as a whole process gives its own peak RSS (/usr/bin/time %M).
The growth per filer between the two sizes is the figure: issue 37's target is flat (nothing per filer beyond
the rows shown). The smaller size is 3,000 filers: a screen keeps up to 500 names per exclusion before it cuts
them to the first five, so below some 500 filers per exclusion (one in six copies reports in TWD) the growth
would show those bounded lists filling, not a cost per filer.

    python benchmarks/screen_memory.py [--sizes 3000,12000] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import MirrorServer, base_env, edgar_cmd  # noqa: E402, I001  (first: it puts tests/helpers on the path)
import bulk  # noqa: E402
from mirror import corpus_dir  # noqa: E402

CONCEPT = "revenue"
SCREEN = ["screen", CONCEPT, "--fy", "2019", "--limit", "50", "--json"]
AS_OF = "2020-06-30"
CHILD = """
import gc, json, sys, tracemalloc
from edgar_cli.capabilities.screen.screen import screen_companies
from edgar_cli.config import Settings
from edgar_cli.sec.client import SecClient
client = SecClient(Settings.from_env())
out = {}
for key, kw in (("now", {}), ("as_of", {"as_of": sys.argv[1]})):
    screen_companies("revenue", fiscal_year=2019, limit=50, client=client, **kw)
    gc.collect()
    tracemalloc.start()
    got = screen_companies("revenue", fiscal_year=2019, limit=50, client=client, **kw)
    out[key] = {"peak_kb": tracemalloc.get_traced_memory()[1] / 1024, "considered": got.companies_considered,
                "matched": got.companies_matched, "rows": len(got.rows)}
    tracemalloc.stop()
print(json.dumps(out))
"""


def base_store(work: Path, mirror: MirrorServer | None = None) -> Path:
    """A store of the six corpus companies with point-in-time versions, synced once into ``work``."""
    store = work / "base"
    if (store / "bulk.sqlite").exists():
        return store
    extra = work / "extra"
    bulk.generate(extra, 6)
    srv = MirrorServer(corpus_dir(), extra=extra).start()
    try:
        env = base_env(srv, work / "sync-cache")
        env["EDGAR_BULK_DIR"] = str(store)
        p = subprocess.run(edgar_cmd() + ["sync", "--json", "--point-in-time"], env=env, capture_output=True)
        if p.returncode:
            raise RuntimeError(f"edgar sync failed: {p.stderr[-500:].decode(errors='replace')}")
    finally:
        srv.stop()
    return store


def replicate(src: Path, dst: Path, filers: int, concept: str = CONCEPT) -> int:
    """A copy of the store in ``src`` holding ``filers`` filers (a multiple of its own): every filer's rows
    repeated under cik + k * n, the concept tables for ``concept`` only, without tags and pages."""
    dst.mkdir(parents=True, exist_ok=True)
    shutil.copy(src / "bulk.sqlite", dst / "bulk.sqlite")
    con = sqlite3.connect(dst / "bulk.sqlite")
    try:
        ciks = [c for (c,) in con.execute("SELECT cik FROM companies ORDER BY cik")]
        n, low = len(ciks), min(ciks)
        if ciks != list(range(low, low + n)):
            raise ValueError("the base store's CIKs must be consecutive")
        tables = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for t in tables:
            cols = [r[1] for r in con.execute(f"PRAGMA table_info({t})")]
            if "cik" not in cols or t in ("pages", "tags"):
                continue
            only = f" AND concept = '{concept}'" if "concept" in cols else ""
            for k in range(1, filers // n):
                picked = [f"cik + {k * n}" if c == "cik" else (f"name || ' ~{k}'" if c == "name" else c) for c in cols]
                con.execute(
                    f"INSERT INTO {t} ({', '.join(cols)}) SELECT {', '.join(picked)} FROM {t} "
                    f"WHERE cik < {low + n}{only}"
                )
        con.commit()
    finally:
        con.close()
    return n * (filers // n)


def peak_rss_kb(cmd: list[str], env: dict) -> int:
    """The child's own peak RSS in kB (/usr/bin/time %M), 0 without /usr/bin/time."""
    if not Path("/usr/bin/time").exists():
        return 0
    with tempfile.NamedTemporaryFile() as report:
        subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M", *cmd], env=env, capture_output=True)
        text = Path(report.name).read_text().split()
    return int(text[-1]) if text else 0


def measure(mirror: MirrorServer, work: Path, sizes: tuple[int, int]) -> dict:
    """{size: {now, as_of, process_rss_kb}} and the growth per filer between the two sizes."""
    base = base_store(work)
    out: dict = {"sizes": {}}
    for size in sizes:
        store = work / f"store-{size}"
        shutil.rmtree(store, ignore_errors=True)
        filers = replicate(base, store, size)
        env = base_env(mirror, work / f"cache-{size}")  # a fresh cache: the ticker file is fresh for both screens
        env["EDGAR_BULK_DIR"] = str(store)
        p = subprocess.run([sys.executable, "-c", CHILD, AS_OF], env=env, capture_output=True, text=True)
        if p.returncode:
            raise RuntimeError(f"the screen failed: {p.stderr[-500:]}")
        got = json.loads(p.stdout)
        got["process_rss_kb"] = peak_rss_kb(edgar_cmd() + SCREEN, env)
        out["sizes"][filers] = got
        shutil.rmtree(store, ignore_errors=True)
    (small, a), (large, b) = sorted(out["sizes"].items())
    span = large - small
    out["bytes_per_filer"] = {
        "now": round((b["now"]["peak_kb"] - a["now"]["peak_kb"]) * 1024 / span),
        "as_of": round((b["as_of"]["peak_kb"] - a["as_of"]["peak_kb"]) * 1024 / span),
        "process_rss": round((b["process_rss_kb"] - a["process_rss_kb"]) * 1024 / span),
    }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3000,12000", help="two store sizes in filers (multiples of 6)")
    ap.add_argument("--workdir", type=Path)
    a = ap.parse_args()
    small, large = (int(x) for x in a.sizes.split(","))
    work = a.workdir or Path(tempfile.mkdtemp(prefix="edgar-screen-memory-"))
    work.mkdir(parents=True, exist_ok=True)
    with MirrorServer() as mirror:
        result = measure(mirror, work, (small, large))
    result["load_average"] = os.getloadavg()
    print(json.dumps(result, indent=2))
    if a.workdir is None:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

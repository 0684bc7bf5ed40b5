"""The floor for a warm `edgar concept NVDA revenue --fy 2024 --json`: stdlib only, reading edgar's own cache.

What no implementation of the lookup can avoid on a warm run: start Python, open the cache
database read-only, read the ticker table and the company's compact facts, decode one tag,
pick the fiscal-2024 annual value (the period ending 2024-01-28, latest filed) and print it as
JSON. No pydantic, no typer, no httpx, no fallback chain, no restatement analysis. The
benchmarks report edgar's warm time as a ratio to this.

    EDGAR_CACHE_DIR=<a cache a cold edgar run filled> python benchmarks/floor.py [--tree DIR]

The cache keys and format numbers are not copied here: they are read from the package's own
source (``_COMPACT_KEY``/``_COMPACT_FORMAT`` in companies/tickers.py, ``FORMAT`` in
xbrl/facts.py, ``_FORMAT`` in sec/cache.py) with a regular expression, so the floor follows
the package when a format moves, without importing it (an import would no longer be the
floor). ``--tree`` names the checkout whose ``edgar_cli`` wrote the cache (default: this
one). When the source no longer declares a constant, or the cache holds something this
script does not understand, it says which and exits 2: never a traceback.
"""

import json
import marshal
import os
import pickle
import re
import sqlite3
import sys
from pathlib import Path

TICKER, TAG, PERIOD_END = "NVDA", "us-gaap:Revenues", "2024-01-28"
TREE = Path(__file__).resolve().parent.parent

# (file under edgar_cli/, constant name): what the cache layout depends on.
CONSTANTS = {
    "ticker_key": ("companies/tickers.py", "_COMPACT_KEY"),
    "ticker_format": ("companies/tickers.py", "_COMPACT_FORMAT"),
    "facts_format": ("xbrl/facts.py", "FORMAT"),
    "entry_format": ("sec/cache.py", "_FORMAT"),
    "mode_pickle": ("sec/cache.py", "_MODE_PICKLE"),
}


class FloorError(Exception):
    """The cache or the package moved in a way this script does not follow: a message, exit 2."""


def package_constants(tree: Path) -> dict:
    """The literal values of CONSTANTS, read from ``tree``/edgar_cli's source without importing it."""
    out, texts = {}, {}
    for name, (rel, const) in CONSTANTS.items():
        path = tree / "edgar_cli" / rel
        if path not in texts:
            try:
                texts[path] = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise FloorError(f"cannot read {path} ({exc}); pass --tree <checkout holding edgar_cli>") from None
        m = re.search(rf"^{const}\s*=\s*(\"[^\"\n]*\"|\d+)", texts[path], re.MULTILINE)
        if m is None:
            raise FloorError(
                f"{path} no longer declares `{const} = <string or int literal>`; benchmarks/floor.py "
                f"reads it to find the cache entry ({name}): update CONSTANTS in floor.py"
            )
        out[name] = json.loads(m.group(1))
    return out


def main(argv: list[str]) -> int:
    tree = Path(argv[argv.index("--tree") + 1]) if "--tree" in argv else TREE
    try:
        c = package_constants(tree)
        cache_dir = os.environ.get("EDGAR_CACHE_DIR")
        if not cache_dir:
            raise FloorError("EDGAR_CACHE_DIR is not set: point it at a cache a cold `edgar concept` run filled")
        result = lookup(Path(cache_dir) / "http", c)
    except FloorError as exc:
        print(f"floor.py: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


def lookup(http: Path, c: dict) -> dict:
    db = http / "cache.db"
    if not db.is_file():
        raise FloorError(f"no cache database at {db}: run `edgar concept NVDA revenue --fy 2024` once to fill it")
    con = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)

    def entry(key: str) -> bytes:
        row = con.execute("SELECT mode, filename, value FROM Cache WHERE key = ? AND raw = 1", (key,)).fetchone()
        if row is None:
            raise FloorError(
                f"the cache holds no entry {key!r} (written by another version of edgar_cli? "
                f"check --tree, or fill the cache again)"
            )
        mode, filename, value = row
        if mode != c["mode_pickle"]:
            raise FloorError(f"cache entry {key!r} has diskcache mode {mode}, not the pickle mode {c['mode_pickle']}")
        if value is None:
            with open(http / filename, "rb") as f:
                record = pickle.load(f)
        else:
            record = pickle.loads(value)
        if not (isinstance(record, tuple) and len(record) == 5 and record[0] == c["entry_format"]):
            raise FloorError(f"cache entry {key!r} is not a format-{c['entry_format']} record of sec/cache.py")
        return record[4]

    ticker_key = c["ticker_key"]
    try:
        fmt, index, _table = marshal.loads(entry(ticker_key))
    except (ValueError, TypeError, EOFError) as exc:
        raise FloorError(f"{ticker_key!r} is not the (format, index, table) triple floor.py reads ({exc})") from None
    if fmt != c["ticker_format"]:
        raise FloorError(f"{ticker_key!r} holds ticker format {fmt}, the package writes {c['ticker_format']}")
    at = index.find(f"\n{TICKER}\t")
    if at < 0:
        raise FloorError(f"{TICKER} is not in the cached ticker index")
    at += len(TICKER) + 2
    cik = int(index[at : index.index("\n", at)])
    try:
        fmt, _cik, name, blobs, _calendar, _currency = marshal.loads(entry(f"facts:{cik:010d}"))
    except (ValueError, TypeError, EOFError) as exc:
        raise FloorError(f"facts:{cik:010d} is not the six-part record floor.py reads ({exc})") from None
    if fmt != c["facts_format"]:
        raise FloorError(f"facts:{cik:010d} holds facts format {fmt}, the package writes {c['facts_format']}")
    rows = [r for r in marshal.loads(blobs[TAG])["units"]["USD"] if r[1] == PERIOD_END and r[0] is not None]
    if not rows:
        raise FloorError(f"no {TAG} USD duration ending {PERIOD_END} in the cached facts")
    start, end, val, accn, _fy, _fp, form, filed, _frame = max(rows, key=lambda r: (r[7], r[3]))
    return {
        "cik": f"{cik:010d}",
        "name": name,
        "tag": TAG,
        "value": val,
        "start": start,
        "end": end,
        "accession_number": accn,
        "form": form,
        "filed": filed,
    }


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The floor for a cold `edgar concept NVDA revenue --fy 2024 --json`: stdlib only (urllib + json), no cache.

What no implementation of a first lookup can avoid: start Python, fetch the SEC's ticker file
(www.sec.gov/files/company_tickers_exchange.json) and the company's companyfacts
(data.sec.gov/api/xbrl/companyfacts/CIK##########.json) from the mirror, parse both as JSON,
find NVDA's CIK, pick the fiscal-2024 annual revenue (us-gaap:Revenues in USD, the period ending
2024-01-28, latest filed) and print it as JSON. No cache written, no validation, no rate limit,
no retries, no provenance beyond the row. The benchmarks report edgar's cold time as a ratio to this.

    EDGAR_MIRROR=<the corpus mirror's URL> SEC_USER_AGENT="name email" python benchmarks/floor_cold.py

The mirror lays the SEC out as ``<mirror>/<host>/<path>`` (tests/helpers/mirror.py). A failure
(no mirror set, a request refused, a file that is not what this script reads) is one line on
stderr and exit 2: never a traceback.
"""

import json
import os
import sys
import urllib.error
import urllib.request

TICKER, TAG, UNIT, PERIOD_END = "NVDA", "Revenues", "USD", "2024-01-28"
TICKERS = "www.sec.gov/files/company_tickers_exchange.json"
FACTS = "data.sec.gov/api/xbrl/companyfacts/CIK{cik:010d}.json"


class FloorError(Exception):
    """The mirror or its files are not what this script reads: a message, exit 2."""


def get_json(mirror: str, path: str) -> object:
    """GET ``<mirror>/<path>`` (no proxy: the mirror is on loopback) and parse its body as JSON."""
    request = urllib.request.Request(
        f"{mirror.rstrip('/')}/{path}",
        headers={"User-Agent": os.environ.get("SEC_USER_AGENT") or "edgar-cli benchmarks bench@example.com"},
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=30) as resp:
            return json.loads(resp.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise FloorError(f"GET {path} from {mirror}: {exc}") from None


def lookup(mirror: str) -> dict:
    tickers = get_json(mirror, TICKERS)
    try:
        column = tickers["fields"]
        cik_at, ticker_at = column.index("cik"), column.index("ticker")
        cik = next(int(row[cik_at]) for row in tickers["data"] if row[ticker_at] == TICKER)
    except (KeyError, TypeError, ValueError, StopIteration):
        raise FloorError(f"{TICKERS} does not list {TICKER} in the (fields, data) layout this script reads") from None
    facts = get_json(mirror, FACTS.format(cik=cik))
    try:
        rows = facts["facts"]["us-gaap"][TAG]["units"][UNIT]
        row = max(
            (r for r in rows if r.get("end") == PERIOD_END and r.get("start") is not None),
            key=lambda r: (r["filed"], r["accn"]),
        )
    except (KeyError, TypeError, ValueError):
        raise FloorError(f"no us-gaap:{TAG} {UNIT} duration ending {PERIOD_END} in NVDA's companyfacts") from None
    return {
        "cik": f"{cik:010d}",
        "name": facts.get("entityName"),
        "tag": f"us-gaap:{TAG}",
        "value": row["val"],
        "start": row["start"],
        "end": row["end"],
        "accession_number": row["accn"],
        "form": row.get("form"),
        "filed": row["filed"],
    }


def main() -> int:
    mirror = os.environ.get("EDGAR_MIRROR")
    try:
        if not mirror:
            raise FloorError("EDGAR_MIRROR is not set: point it at the corpus mirror (tests/helpers/mirror.py)")
        result = lookup(mirror)
    except FloorError as exc:
        print(f"floor_cold.py: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

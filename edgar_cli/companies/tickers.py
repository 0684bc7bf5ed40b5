"""The SEC's ticker file: companies by ticker and CIK, in the SEC's market-value order.

Source: www.sec.gov/files/company_tickers_exchange.json (fields cik, name,
ticker, exchange), falling back to company_tickers.json (no exchanges).

**Order.** company_tickers.json lists companies by descending market value
(NVDA, AAPL, GOOGL, MSFT, ...). company_tickers_exchange.json lists them in the
same order: in the 2025-12 snapshot both files agree row for row over their
ranked head (the first 7,006 rows); the remaining rows (funds and trusts,
preferred and secondary lines, bankrupt "Q" tickers, some foreign issuers such
as TSM) are in no value order in either file. So one file gives both the
exchanges and the order, and a cold run makes one request, not two. A
company's :attr:`CompanyEntry.rank` is its first row's position (1 = largest),
counting each CIK once; a company in the unordered tail gets its position
there, which is never better than 7,007, so the tail never outranks a ranked
company by much and tail companies never outrank one another by much either.
"""

from __future__ import annotations

import marshal
import re
from dataclasses import dataclass, field

from ..errors import EdgarError
from ..sec import urls
from ..sec.client import FRESHNESS, SecClient
from .names import Words, name_words


@dataclass
class CompanyEntry:
    cik: int
    name: str
    tickers: list[str] = field(default_factory=list)
    exchange: str | None = None
    rank: int = 0  # position in the SEC's market-value order, 1 = largest
    words: Words = field(default_factory=lambda: Words.of(()))


class TickerMap:
    """Companies by ticker and by CIK; entries are built lazily (a ticker lookup touches one row).

    ``rows``: ``(cik, name, [tickers], exchange, "name words")`` in the file's order, one per CIK.
    """

    def __init__(self, rows: list[tuple], degraded: bool = False):
        self.degraded = degraded  # built from company_tickers.json: no exchanges
        self._rows = {r[0]: (r, i + 1) for i, r in enumerate(rows)}
        self.ticker_to_cik: dict[str, int] = {}
        for r in rows:
            for t in r[2]:
                self.ticker_to_cik.setdefault(t, r[0])
        self._built: dict[int, CompanyEntry] = {}
        self._all: list[CompanyEntry] | None = None
        self._squashed_tickers: dict[str, list[str]] | None = None
        self._texts: dict[int, str] | None = None
        self._by_squashed: dict[str, list[int]] | None = None

    def by_cik(self, cik: int) -> CompanyEntry | None:
        e = self._built.get(cik)
        if e is None:
            found = self._rows.get(cik)
            if found is None:
                return None
            r, rank = found
            e = CompanyEntry(cik=r[0], name=r[1], tickers=list(r[2]), exchange=r[3], rank=rank,
                             words=Words.of(r[4].split()))
            self._built[cik] = e
        return e

    def by_ticker(self, ticker: str) -> CompanyEntry | None:
        cik = self.ticker_to_cik.get(ticker)
        return self.by_cik(cik) if cik is not None else None

    def tickers_squashed(self, squashed: str) -> list[str]:
        """Current tickers that are ``squashed`` once their separators are dropped (``BRKB`` -> ``BRK-B``)."""
        if self._squashed_tickers is None:
            index: dict[str, list[str]] = {}
            for t in self.ticker_to_cik:
                if "-" in t:
                    index.setdefault(t.replace("-", ""), []).append(t)
            self._squashed_tickers = index
        return self._squashed_tickers.get(squashed, [])

    def named(self, squashed: str) -> list[int]:
        """CIKs whose name words, run together, are ``squashed`` (an exact name match; no entries built)."""
        if self._by_squashed is None:
            index: dict[str, list[int]] = {}
            for cik, (r, _rank) in self._rows.items():
                index.setdefault(r[4].replace(" ", ""), []).append(cik)
            self._by_squashed = index
        return self._by_squashed.get(squashed, [])

    @property
    def texts(self) -> dict[int, str]:
        """CIK -> name words as one string, for character-level matching."""
        if self._texts is None:
            self._texts = {cik: r[4] for cik, (r, _rank) in self._rows.items()}
        return self._texts

    @property
    def entries(self) -> list[CompanyEntry]:
        if self._all is None:
            self._all = [self.by_cik(cik) for cik in self._rows]  # type: ignore[misc]
        return self._all

    @property
    def size(self) -> int:
        return len(self._rows)


def normalize_ticker(value: str) -> str:
    """``brk.b``, ``BRK B``, ``brk/b`` -> ``BRK-B`` (the SEC's spelling)."""
    return re.sub(r"[.\s/]+", "-", value.strip().upper()).strip("-")


def load_ticker_map(client: SecClient) -> TickerMap:
    """The SEC's ticker file, parsed once per process and kept compact in the cache (refreshed daily)."""
    with client.memo_lock:
        cached = client.memo.get("ticker_map")
        if cached is not None:
            return cached
        rows = None
        entry = client.cache_get(_COMPACT_KEY, FRESHNESS["tickers"])
        if entry is not None:
            try:
                fmt, rows = marshal.loads(entry.payload)
                if fmt != _COMPACT_FORMAT:
                    rows = None
            except (ValueError, EOFError, TypeError):
                rows = None
        degraded = False
        if rows is None:
            rows, degraded = _fetch_ticker_rows(client)
            if not degraded:  # a fallback map is used for this process only, never cached
                client.cache_set(_COMPACT_KEY, marshal.dumps((_COMPACT_FORMAT, rows)))
        tmap = TickerMap(rows, degraded)
        client.memo["ticker_map"] = tmap
        return tmap


_COMPACT_KEY = "tickers-compact:v1"
_COMPACT_FORMAT = 2  # 2: name words keep descriptive words ("group", "holding", "trust")


def _fetch_ticker_rows(client: SecClient) -> tuple[list[tuple], bool]:
    """([(cik, name, [tickers], exchange, name words)], one row per CIK, file order; degraded?)."""
    degraded = False
    try:
        data = client.get_json(urls.company_tickers_exchange(), kind="tickers")
        fields = data["fields"]
        raw = [dict(zip(fields, row)) for row in data["data"]]
    except (EdgarError, KeyError, TypeError) as exc:
        if isinstance(exc, EdgarError) and exc.code not in ("not_found", "upstream_unavailable"):
            raise
        degraded = True
        data = client.get_json(urls.company_tickers(), kind="tickers")
        raw = [{"cik": v["cik_str"], "name": v["title"], "ticker": v["ticker"], "exchange": None}
               for v in data.values()]
    rows: dict[int, list] = {}
    for row in raw:
        try:
            cik = int(row["cik"])
            ticker = str(row["ticker"]).upper()
            name = str(row["name"])
        except (KeyError, TypeError, ValueError):
            continue
        if cik not in rows:
            rows[cik] = [cik, name, [], row.get("exchange") or None, " ".join(name_words(name))]
        if ticker and ticker not in rows[cik][2]:
            rows[cik][2].append(ticker)
    return [tuple(r) for r in rows.values()], degraded

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

from ..alloc import collector_paused
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
    """Companies by ticker and by CIK, over two text tables that need no parsing to be searched.

    ``rows``: ``(cik, name, [tickers], exchange, "name words")`` in the file's order, one per CIK.
    They are kept as ``index``, one ``\\nTICKER\\tCIK`` line per ticker (the first company
    listing a ticker owns it), and ``table``, one ``\\nCIK\\tname\\ttickers\\texchange\\twords
    \\tsquashed`` line per company in the file's order (a company's rank is its line number). A
    ticker, CIK or exact-name lookup is a substring search of them and builds one entry; only
    a name search decodes every row. Cached as the two strings, so a warm run loads the map without
    rebuilding its 10,000 rows.
    """

    def __init__(self, rows: list[tuple], degraded: bool = False):
        seen: set[str] = set()
        index, table = [], []
        for cik, name, tickers, exchange, words in rows:
            words = _cell(words)
            table.append(
                "\t".join(
                    (str(cik), _cell(name), ",".join(tickers), _cell(exchange or ""), words, words.replace(" ", ""))
                )
            )
            for t in tickers:
                if t not in seen:
                    seen.add(t)
                    index.append(f"{t}\t{cik}")
        self._setup("\n" + "\n".join(index) + "\n", "\n" + "\n".join(table) + "\n", degraded)

    @classmethod
    def from_tables(cls, index: str, table: str, degraded: bool = False) -> TickerMap:
        tmap = cls.__new__(cls)
        tmap._setup(index, table, degraded)
        return tmap

    def _setup(self, index: str, table: str, degraded: bool) -> None:
        self.degraded = degraded  # built from company_tickers.json: no exchanges
        self.stale_note: str | None = None  # built from a stale copy served because its refresh failed: its note
        self.index = index
        self.table = table
        self._built: dict[int, CompanyEntry] = {}
        self._all: list[CompanyEntry] | None = None
        self._squashed_tickers: dict[str, list[str]] | None = None
        self._texts: dict[int, str] | None = None
        self._names: dict[int, str] | None = None

    def _entry(self, line: str, rank: int) -> CompanyEntry:
        cik_s, name, tickers, exchange, words, _squashed = line.split("\t")
        cik = int(cik_s)
        e = self._built.get(cik)
        if e is None:
            e = CompanyEntry(
                cik=cik,
                name=name,
                tickers=[t for t in tickers.split(",") if t],
                exchange=exchange or None,
                rank=rank,
                words=Words.of(words.split()),
            )
            self._built[cik] = e
        return e

    def by_cik(self, cik: int) -> CompanyEntry | None:
        e = self._built.get(cik)
        if e is not None:
            return e
        at = self.table.find(f"\n{cik}\t")
        if at < 0:
            return None
        rank = self.table.count("\n", 0, at + 1)  # the table opens with a line break: line 1 is rank 1
        return self._entry(self.table[at + 1 : self.table.index("\n", at + 1)], rank)

    def by_ticker(self, ticker: str) -> CompanyEntry | None:
        if not ticker or "\t" in ticker or "\n" in ticker:
            return None
        at = self.index.find(f"\n{ticker}\t")
        if at < 0:
            return None
        start = at + len(ticker) + 2
        return self.by_cik(int(self.index[start : self.index.index("\n", start)]))

    def names(self) -> dict[int, str]:
        """{cik: name} of every company in the file (built once, on first use)."""
        if self._names is None:
            self._names = {}
            for line in self.table.split("\n"):
                cik, _tab, rest = line.partition("\t")
                if cik:
                    self._names.setdefault(int(cik), rest.partition("\t")[0])
        return self._names

    def tickers_squashed(self, squashed: str) -> list[str]:
        """Current tickers that are ``squashed`` once their separators are dropped (``BRKB`` -> ``BRK-B``)."""
        if self._squashed_tickers is None:
            index: dict[str, list[str]] = {}
            for line in self.index.split("\n"):
                t = line.partition("\t")[0]
                if "-" in t:
                    index.setdefault(t.replace("-", ""), []).append(t)
            self._squashed_tickers = index
        return self._squashed_tickers.get(squashed, [])

    def tickers_alike(self, ticker: str, limit: int = 3) -> list[str]:
        """Current tickers one edit from ``ticker`` (NVDAA -> NVDA), largest company first: typos, never a match."""
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        tickers = [line.partition("\t")[0] for line in self.index.split("\n") if line]
        found = process.extract(ticker, tickers, scorer=Levenshtein.distance, score_cutoff=1, limit=50)
        ranked = sorted((t for t, _d, _i in found), key=lambda t: getattr(self.by_ticker(t), "rank", 0) or 10**9)
        return ranked[:limit]

    def named(self, squashed: str) -> list[int]:
        """CIKs whose name words, run together, are ``squashed`` (an exact name match; no entries built)."""
        if not squashed or "\t" in squashed or "\n" in squashed:
            return []
        out, needle, at = [], f"\t{squashed}\n", 0
        while (at := self.table.find(needle, at)) >= 0:
            line_start = self.table.rindex("\n", 0, at) + 1
            out.append(int(self.table[line_start : self.table.index("\t", line_start)]))
            at += len(needle) - 1
        return out

    def _lines(self) -> list[str]:
        return [line for line in self.table.split("\n") if line]

    @property
    def texts(self) -> dict[int, str]:
        """CIK -> name words as one string, for character-level matching."""
        if self._texts is None:
            self._texts = {int(parts[0]): parts[4] for parts in (line.split("\t") for line in self._lines())}
        return self._texts

    def entries_holding(self, needles: tuple[str, ...]) -> list[CompanyEntry]:
        """The entries whose table line holds any of ``needles`` (non-empty, no tab or line break), in the file's
        order; only those are built. A name search's candidates are among them (each holds the query's words)."""
        if any(not n or "\t" in n or "\n" in n for n in needles):
            return self.entries
        starts: set[int] = set()
        for needle in needles:
            at = 0
            while (at := self.table.find(needle, at)) >= 0:
                starts.add(self.table.rindex("\n", 0, at) + 1)
                at += 1
        out, rank, counted = [], 0, 0
        for start in sorted(starts):
            rank += self.table.count("\n", counted, start)  # the table opens with a line break: line 1 is rank 1
            counted = start
            out.append(self._entry(self.table[start : self.table.index("\n", start)], rank))
        return out

    @property
    def entries(self) -> list[CompanyEntry]:
        if self._all is None:
            self._all = [self._entry(line, rank) for rank, line in enumerate(self._lines(), start=1)]
        return self._all

    @property
    def size(self) -> int:
        return self.table.count("\n") - 1


def _cell(text: str) -> str:
    return " ".join(str(text).split())  # no tab or line break can end up inside a table cell


def normalize_ticker(value: str) -> str:
    """``brk.b``, ``BRK B``, ``brk/b`` -> ``BRK-B`` (the SEC's spelling)."""
    return re.sub(r"[.\s/]+", "-", value.strip().upper()).strip("-")


HINT = "Pass a ticker (NVDA), a CIK (1045810) or a company name (NVIDIA)."
_LONG_CIK = re.compile(r"(?:CIK)?\s*\d{11,}", re.I)
_TICKER_CHARS = re.compile(r"[A-Z0-9-]{1,12}")


def parse_cik(value: str) -> int | None:
    """``320193``, ``0000320193`` or ``CIK0000320193`` -> 320193; else None."""
    m = re.fullmatch(r"(?:CIK)?\s*(\d{1,10})", value.strip(), re.I)
    return int(m.group(1)) if m else None


def checked_query(query: str | None) -> str:
    """The company argument stripped; ``invalid_argument`` when it is empty, over 200 characters or holds
    control characters."""
    text = (query or "").strip()
    if not text:
        raise EdgarError("invalid_argument", "The company is empty.", HINT)
    if len(text) > 200 or any(ord(ch) < 32 for ch in text):
        raise EdgarError("invalid_argument", "The company argument is too long or contains control characters.", HINT)
    return text


def exact_match(text: str, tmap: TickerMap) -> tuple[CompanyEntry, str] | None:
    """(entry, "cik" or "ticker") when ``text`` is a CIK or a current ticker in the ticker file; else None.

    The exact half of resolve_company (capabilities/resolve/resolve.py), which goes on to the
    submissions of a CIK without a ticker, a refusal or a name match when this gives None.
    """
    cik = parse_cik(text)
    if cik is not None:
        entry = tmap.by_cik(cik)
        return (entry, "cik") if entry is not None else None
    if _LONG_CIK.fullmatch(text):
        return None  # not a valid CIK: resolve_company says so
    ticker = normalize_ticker(text)
    entry = tmap.by_ticker(ticker) if _TICKER_CHARS.fullmatch(ticker) else None
    return (entry, "ticker") if entry is not None else None


def load_ticker_map(client: SecClient) -> TickerMap:
    """The SEC's ticker file, parsed once per day and kept in the cache as ready-to-search tables.

    Refreshed daily, with a conditional request (the raw file's ETag/Last-Modified).
    """
    with client.memo_lock:
        cached = client.memo.get("ticker_map")
        if cached is not None:
            return cached
        tmap = None
        entry = client.cache_get(_COMPACT_KEY, FRESHNESS["tickers"])
        if entry is not None:
            try:
                fmt, index, table = marshal.loads(entry.payload)
                if fmt == _COMPACT_FORMAT and isinstance(index, str) and isinstance(table, str):
                    tmap = TickerMap.from_tables(index, table)
            except (ValueError, EOFError, TypeError):
                tmap = None
        if tmap is None:
            with collector_paused():  # 8,000 rows of plain tuples and strings, no cycles (alloc.py)
                rows, degraded = _fetch_ticker_rows(client)
                tmap = TickerMap(rows, degraded)
            # a fallback map, or one built from a stale copy served because its refresh failed, is used for this
            # process only: stored, it would be stamped fresh without the SEC having answered
            tmap.stale_note = client.stale_note(urls.company_tickers_exchange())
            if not degraded and tmap.stale_note is None:
                client.cache_set(_COMPACT_KEY, marshal.dumps((_COMPACT_FORMAT, tmap.index, tmap.table)))
        client.memo["ticker_map"] = tmap
        return tmap


_COMPACT_KEY = "tickers-compact:v3"
_COMPACT_FORMAT = 3  # 3: the text tables (2: row tuples whose name words keep descriptive words)


def known_name(client: SecClient, cik: int, fallback: str) -> str:
    """The company's name as the ticker file writes it, the one form every command shows ("Snowflake Inc."),
    when this client has loaded the ticker file (the resolver loads it before a company's facts); else
    ``fallback`` (companyfacts' entityName, which may be written otherwise: "SNOWFLAKE INC."). Never fetches."""
    with client.memo_lock:
        tmap = client.memo.get("ticker_map")
    entry = tmap.by_cik(int(cik)) if isinstance(tmap, TickerMap) else None
    return entry.name if entry is not None and entry.name else fallback


def ticker_file_names(client: SecClient) -> dict[int, str]:
    """{cik: name} as the ticker file writes them, for the names a listing of many filers shows (a screen): the
    map this client loaded, else the cached copy of any age (a name rarely changes); {} when neither is at hand
    (a listing then shows the names its own source gives). Never fetches: a screen reads a local store and must
    not wait on the network for its names."""
    with client.memo_lock:
        tmap = client.memo.get("ticker_map")
    if not isinstance(tmap, TickerMap):
        entry = client.cache_get(_COMPACT_KEY, None)
        try:
            fmt, index, table = marshal.loads(entry.payload) if entry is not None else (None, None, None)
            if fmt == _COMPACT_FORMAT and isinstance(index, str) and isinstance(table, str):
                tmap = TickerMap.from_tables(index, table)
        except (ValueError, EOFError, TypeError):
            tmap = None
    return tmap.names() if isinstance(tmap, TickerMap) else {}


def ticker_file_warnings(client: SecClient) -> list[str]:
    """The dated note of a ticker file served from a stale copy because its refresh failed (as the map this
    client loaded holds it), as a one-item list for a result's ``warnings``; [] when the file was current."""
    with client.memo_lock:
        tmap = client.memo.get("ticker_map")
    note = getattr(tmap, "stale_note", None)
    return [note] if note else []


def _fetch_ticker_rows(client: SecClient) -> tuple[list[tuple], bool]:
    """([(cik, name, [tickers], exchange, name words)], one row per CIK, file order; degraded?)."""
    degraded = False
    try:
        data = client.get_json(urls.company_tickers_exchange(), kind="tickers")
        fields = data["fields"]
        cik_at, ticker_at, name_at = fields.index("cik"), fields.index("ticker"), fields.index("name")
        exchange_at = fields.index("exchange") if "exchange" in fields else None
        raw = data["data"]
    except (EdgarError, KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, EdgarError) and exc.code not in ("not_found", "upstream_unavailable"):
            raise
        degraded = True
        data = client.get_json(urls.company_tickers(), kind="tickers")
        raw = [[v["cik_str"], v["ticker"], v["title"]] for v in data.values()]
        cik_at, ticker_at, name_at, exchange_at = 0, 1, 2, None
    rows: dict[int, list] = {}
    for row in raw:  # a row lacking a cik, ticker or name, or with a cik that is not a number, is skipped
        try:
            cik = int(row[cik_at])
            ticker = str(row[ticker_at]).upper()
            name = str(row[name_at])
        except (TypeError, ValueError, IndexError, KeyError):
            continue
        known = rows.get(cik)
        if known is None:
            exchange = row[exchange_at] if exchange_at is not None and exchange_at < len(row) else None
            known = rows[cik] = [cik, name, [], exchange or None, " ".join(name_words(name))]
        if ticker and ticker not in known[2]:
            known[2].append(ticker)
    return [tuple(r) for r in rows.values()], degraded

"""A company's XBRL facts as the engine reads them: tags of unit lists of row tuples.

This module only describes the data; loading it (fetch, validate, compact,
cache, refresh) is sec/companyfacts.py's, and nothing in xbrl/ fetches.
Source of the data: https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json.

A row tuple is ``(start, end, val, accn, fy, fp, form, filed, frame)``; start
is None for instants, the dates are ISO strings.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .periods import FiscalCalendar
from .records import SourceKind

FORMAT = 6
Row = tuple  # (start, end, val, accn, fy, fp, form, filed, frame)


class TagsOnDemand(Mapping):
    """``{"taxonomy:Tag": {"label", "units"}}`` whose bodies are made per tag on first access, then kept.

    ``names`` gives the tags, iterated in its order; a subclass makes one body in
    :meth:`_load` (a tag not in ``names`` is a KeyError without a load).
    """

    def __init__(self, names: Mapping[str, object]):
        self._names = names
        self._decoded: dict[str, dict] = {}

    def _load(self, key: str) -> dict:
        raise NotImplementedError

    def __getitem__(self, key: str) -> dict:
        hit = self._decoded.get(key)
        if hit is None:
            if key not in self._names:
                raise KeyError(key)
            hit = self._decoded[key] = self._load(key)
        return hit

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def peek(self, key: str) -> dict:
        """A tag's body without keeping it (a pass over every tag need not hold them all decoded)."""
        hit = self._decoded.get(key)
        return hit if hit is not None else self._load(key)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, key: object) -> bool:
        return key in self._names


class LazyTags(TagsOnDemand):
    """Tags decoded on first access from a marshal blob each.

    The cache holds each tag as its own marshal blob, so a lookup of one
    concept decodes a handful of tags instead of all 27,000 rows.
    """

    def __init__(self, blobs: dict[str, bytes]):
        super().__init__(blobs)
        self._blobs = blobs

    def _load(self, key: str) -> dict:
        return marshal.loads(self._blobs[key])

    def memo_bytes(self) -> int:
        """Approximate bytes held: the blobs, and the tags decoded so far (about 4x their blob)."""
        return sum(len(b) for b in self._blobs.values()) + 4 * sum(len(self._blobs[k]) for k in self._decoded)


@dataclass
class CompanyFacts:
    cik: int
    name: str
    # "taxonomy:Tag" -> {"label": str, "units": {unit: [Row, ...]}}
    tags: Mapping[str, dict]
    fetched_at: float
    calendar: FiscalCalendar
    reporting_currency: str | None = None  # the currency most of its monetary facts are in (TSMC: TWD)
    origin: SourceKind = "live"  # where these facts came from: live (the SEC), cache (the disk cache), bulk (the store)
    # Dated notes about these facts' freshness: a check for newer filings, or a refresh, that failed
    notes: tuple[str, ...] = ()
    # Set when the facts end before the period of the filer's latest periodic report (sec/companyfacts.py)
    coverage_note: str | None = None
    # The periodic reports past the facts' end, from the submissions (report date, form, filed, accession, the
    # facts' last end, its report's accession), when coverage_note is set: a year asked names its own report
    later_reports: tuple[tuple, ...] = ()
    # A 20-F/40-F filer's 6-K reports dated after the facts' end (report date, form, filed, accession), from the
    # submissions: between annual reports its results are on 6-K, without XBRL (TSMC's for 2025-12-31)
    interim_reports: tuple[tuple, ...] = ()

    def tag(self, name: str) -> dict | None:
        if ":" in name:
            return self.tags.get(name)
        for tax in ("us-gaap", "ifrs-full", "dei", "srt"):
            hit = self.tags.get(f"{tax}:{name}")
            if hit is not None:
                return hit
        return None

    def taxonomies(self) -> set[str]:
        return {t.split(":", 1)[0] for t in self.tags}

    def memo_bytes(self) -> int:
        """Approximate bytes held (sec/memo.py weighs the client's memo by it): the tags' rows."""
        measure = getattr(self.tags, "memo_bytes", None)
        if callable(measure):
            return int(measure()) + 4096
        rows = sum(len(r) for body in self.tags.values() for r in (body.get("units") or {}).values())
        return 300 * rows + 4096  # a decoded row tuple with its strings


def scan(tags: Mapping[str, dict]) -> Iterator[tuple[str, dict]]:
    """Every (tag, body) of ``tags`` for one pass over them all, decoding on demand without keeping the bodies."""
    peek = tags.peek if isinstance(tags, TagsOnDemand) else tags.__getitem__
    for name in tags:
        yield name, peek(name)


def reporting_currency(tags: dict[str, dict]) -> str | None:
    """The currency most of the company's monetary facts are reported in.

    A foreign filer that adds a USD convenience translation for some lines
    (TSMC: TWD, with USD for a few) still reports in its home currency.
    """
    counts: dict[str, int] = {}
    for body in tags.values():
        for unit, rows in body["units"].items():
            if len(unit) == 3 and unit.isalpha() and unit.isupper():
                counts[unit] = counts.get(unit, 0) + len(rows)
    return max(counts, key=counts.__getitem__) if counts else None

"""Build the store from companyfacts.zip and submissions.zip, streamed, incremental, safe to kill.

- **Streamed**: the archives are read one zip entry at a time (zipfile checks
  each entry's CRC-32 as it reads it), so memory is bounded by the largest
  single filer, never by the archive.
- **Incremental**: an entry whose CRC-32 and size equal the ones recorded for
  it is not read again; entries gone from the archive are deleted.
- **Safe to interrupt**: the build works on a copy (``bulk.sqlite.building``)
  and replaces the store in one ``os.replace`` once the copy is complete and
  synced to disk. A build killed at any point (kill -9 included) leaves the
  previous store as it was; the copy it leaves is deleted by the next process
  that opens the store or starts a sync, once no sync holds the store's lock
  (:func:`discard_stale_building`), and the next build starts its copy afresh.
- **The concept engine's own values**: each company's facts go through the
  same ``compact`` / ``build_calendar`` / ``build_series`` as ``edgar concept``;
  the annual values of every catalogue concept are stored for screens. The
  store records a fingerprint of the engine's source: a store derived by other
  engine code is rebuilt in full by the next sync and refused by screens.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import re
import shutil
import sqlite3
import zipfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Literal

from ..sec.companyfacts import _row as _compact_row
from ..sec.companyfacts import check_some_rows, compact
from ..xbrl import periods as P
from ..xbrl.facts import CompanyFacts, reporting_currency
from ..xbrl.records import jsonable
from .store import FORMAT, SCHEMA, STORE_NAME, pack

FACTS_ENTRY = re.compile(r"CIK(\d{10})\.json")
PAGE_ENTRY = re.compile(r"CIK(\d{10})-submissions-\d{3}\.json")
COMMIT_EVERY = 400  # entries per transaction
# A JSON entry takes about ten times its size in memory once parsed: larger ones are left out (and counted)
# rather than let one entry push a sync past its memory bound. The largest real filers are far below this.
MAX_ENTRY_BYTES = 96 << 20

Progress = Callable[[str, int, int], None]  # (archive, entries done, entries in the archive)


ENGINE_PACKAGE = Path(P.__file__).resolve().parent  # edgar_cli/xbrl: the rules that decide a value


def engine_source_digest(folder: Path) -> str:
    """SHA-256 (hex) of every .py and .toml file under ``folder``: their paths and contents, in path order."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".toml") and p.is_file()):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """SHA-256 (16 hex) of the code and catalogue that decide a stored annual value.

    Every module and data file of the engine package (edgar_cli/xbrl: periods, series, restatements, the
    catalogue, the answer's rules), this module's part, and the row filter every stored tag went through.
    """
    import inspect

    h = hashlib.sha256(engine_source_digest(ENGINE_PACKAGE).encode())
    for fn in (
        materialize,
        _concept_rows,
        materialize_pit,
        _Reads,
        fact_tuple,
        fye_month,
        _facts_of,
        compact,
        _compact_row,
    ):
        h.update(inspect.getsource(fn).encode())
    return h.hexdigest()[:16]


@dataclass
class ArchiveStats:
    entries: int = 0
    read: int = 0  # entries parsed (new or changed)
    unchanged: int = 0
    removed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> count (malformed entries)
    bytes_read: int = 0  # uncompressed bytes of the entries parsed

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


def fact_tuple(v, first: tuple | None = None) -> tuple:
    """A FactValue's fields (store.FACT_FIELDS) as plain values; ``first``: the earlier filing of its figure under
    another tag of the concept (notes.first_filed_of), or None."""

    def iso(d):
        return d.isoformat() if d is not None else None

    return (
        v.value,
        v.unit,
        v.fiscal_year,
        v.fiscal_period,
        v.period_type,
        iso(v.start),
        v.end.isoformat(),
        v.days,
        v.filed.isoformat(),
        v.form,
        v.accession_number,
        v.matched_tag,
        v.restated,
        v.original_value,
        iso(v.original_filed),
        v.original_accession,
        v.distinct_values,
        v.revision_kind,
        v.pre_split_ratio,
        v.pre_reverse_split_ratio,
        [jsonable(e) for e in v.suspected_errors],
        [jsonable(c) for c in v.components],
        v.formula,
        first,
        v.original_form,
    )


def _pit_row(facts: CompanyFacts) -> tuple:
    """(cik, the first filing date of any fact, the packed point-in-time summary or None) for the pit table."""
    from ..xbrl import pointintime as PIT

    made = PIT.summary(facts)
    if made is not None:
        first = min(made[2].values(), default=None)  # (votes, filed, first_filed per tag, currencies)
    else:  # an accession filed on two dates: the earliest of its rows
        first = min(
            (r[7] for body in facts.tags.values() for rows in body["units"].values() for r in rows if r[7]),
            default=None,
        )
    return facts.cik, first, pack(made) if made is not None else None


def fye_month(end: date) -> int:
    """The month a fiscal year ends in, robust to 52/53-week drift (a year ending 2025-01-02 ends in December)."""
    return (end - P.END_TOLERANCE).month


def materialize(facts: CompanyFacts) -> tuple[list[tuple], list[tuple]]:
    """(annual rows, status rows) of every catalogue concept the company reports a tag of."""
    from ..xbrl.catalogue import catalogue

    annual: list[tuple] = []
    status: list[tuple] = []
    for spec in catalogue().values():
        rows, state = _concept_rows(facts, spec)
        annual.extend(rows)
        if state is not None:
            status.append(state)
    return annual, status


def _concept_rows(facts: CompanyFacts, spec) -> tuple[list[tuple], tuple | None]:
    """(annual rows, status row or None) of one catalogue concept: none when the company reports none of its tags."""
    from ..xbrl.notes import first_filed_of
    from ..xbrl.periods import period_filter
    from ..xbrl.series import build_series

    if not any(t.tag in facts.tags for t in spec.chain):
        return [], None
    series = build_series(facts, spec)
    wanted = period_filter(spec, "annual")
    pool = [v for v in series.values if wanted(v)]
    years = [v.fiscal_year for v in pool if v.fiscal_year is not None]
    state = (spec.name, facts.cik, series.unit, len(pool), max(years) if years else None)
    annual = [
        (
            spec.name,
            facts.cik,
            i,
            v.fiscal_year,
            P.calendar_year_of(v.end),
            fye_month(v.end),
            v.end.isoformat(),
            float(v.value),
            v.unit,
            v.form,
            marshal.dumps(fact_tuple(v, first_filed_of(series, v))),
        )
        for i, v in enumerate(pool)
    ]
    return annual, state


class _Reads(Mapping):
    """A company's tags that record which ones a computation looked up (present or not), or that it went over
    them all (``everything``)."""

    def __init__(self, tags: Mapping[str, dict]):
        self._tags = tags
        self.reads: set[str] = set()
        self.everything = False

    def __getitem__(self, key: str) -> dict:
        self.reads.add(key)
        return self._tags[key]

    def __contains__(self, key: object) -> bool:
        self.reads.add(str(key))
        return key in self._tags

    def __iter__(self):
        self.everything = True
        return iter(self._tags)

    def __len__(self) -> int:
        self.everything = True
        return len(self._tags)


OPEN = "9999-12-31"  # valid_to of a version still current


class _AnnualRows(Mapping):
    """A company's tags with only the rows an annual value can come from: annual durations and balances at a
    fiscal year's end (periods.fiscal_period_of says FY), each unit kept even when none of its rows is."""

    def __init__(self, tags: Mapping[str, dict], calendar):
        self._tags, self._cal = tags, calendar
        self._cut: dict[str, dict] = {}
        self._fy_end: dict[str, bool] = {}

    def year_end(self, end: str) -> bool:
        """Whether a balance dated ``end`` is at a fiscal year's end by the calendar."""
        hit = self._fy_end.get(end)
        if hit is None:
            hit = self._fy_end[end] = P.fiscal_period_of(None, date.fromisoformat(end), self._cal)[1] == "FY"
        return hit

    def _annual(self, r: tuple) -> bool:
        if r[0] is None:
            return self.year_end(r[1])
        return P.classify(date.fromisoformat(r[0]), date.fromisoformat(r[1])) == "annual"

    def __getitem__(self, key: str) -> dict:
        hit = self._cut.get(key)
        if hit is None:
            body = self._tags[key]
            units = {u: [r for r in rows if self._annual(r)] for u, rows in body["units"].items()}
            hit = self._cut[key] = {"label": body.get("label"), "units": units}
        return hit

    def __contains__(self, key: object) -> bool:
        return key in self._tags

    def __iter__(self):
        return iter(self._tags)

    def __len__(self) -> int:
        return len(self._tags)


def _needs_every_row(spec, tags: Mapping[str, dict]) -> bool:
    """Whether a concept's annual values can depend on its other periods: a sum of parts, share and per-share
    values (split and scale flags look at every period), or tags in several units of the concept's kind (the
    unit chosen is the one with most periods)."""
    from ..xbrl.series import unit_family

    if spec.composite or spec.unit in ("shares", "currency/shares", "any"):
        return True
    found = {u for t in spec.chain if t.tag in tags for u in tags[t.tag]["units"] if unit_family(u) == spec.unit}
    return len(found) > 1


def _added_rows(facts: CompanyFacts) -> dict[str, list[tuple]]:
    """filing date -> the rows it added, as (tag, unit, start, end, value), in filing-date order."""
    added: dict[str, list[tuple]] = {}
    for name, body in facts.tags.items():
        for unit, rows in body["units"].items():
            for r in rows:
                if r[7]:
                    added.setdefault(r[7], []).append((name, unit, r[0], r[1], r[2]))
    return dict(sorted(added.items()))


def _moves_annual_values(row: tuple, seen: dict, units: dict, year_end) -> bool:
    """Whether a row added on a filing date can change a concept's annual values, its status or their flags:
    any row of a tag new in its unit or reported in several units (the unit chosen counts periods), a figure
    for a period already reported that differs from the one last filed for it (a revision), a new annual or
    other-length duration, or a new balance at a fiscal year's end (``year_end(end)``, as the calendar of the
    date labels it); not a figure filed again unchanged, a new quarter or year-to-date figure, nor a balance
    at a quarter's end. (A share count and a series with a suspected tagging error are computed again
    on any row: their scale flags weigh a value against every neighbouring balance.)"""
    tag, unit, start, end = row[:4]
    known_units = units.get(tag, ())
    if unit not in known_units or len(known_units) > 1:
        return True
    if row[:4] in seen:  # a period reported before: a change when it differs from the figure last filed
        return seen[row[:4]] != row[4]
    if start is None:
        return year_end(end)
    return P.classify(date.fromisoformat(start), date.fromisoformat(end)) not in ("quarterly", "ytd")


def materialize_pit(facts: CompanyFacts) -> tuple[list[tuple], list[tuple]]:
    """(annual_pit rows, status_pit rows): :func:`materialize` as known on every date the filer's facts change.

    The engine's answer as known on a date depends only on what it reads of the facts known then
    (xbrl/pointintime.known_on): the rows of the tags it looks up, the fiscal calendar and the reporting
    currency. So each concept is computed again on a filing date when that filing added a row that can move
    its annual values (:func:`_moves_annual_values`) to a tag its last computation looked up (or it went
    over every tag), or the calendar's years, labels or the currency changed; otherwise its answer is the one
    before. tests/test_screen_as_of.py holds this to the engine's own --as-of answer. Every version of a row
    is kept once, with the dates it holds for, ``[valid_from, valid_to)`` (``valid_to`` "9999-12-31" while
    current). A row's ``rord`` counts from the end of the concept's annual list (its earliest year is 0),
    which a year added later leaves alone: the engine's order is ``rord`` descending. Status rows are
    (concept, cik, valid_from, valid_to, unit, n, last_fy).
    """
    from dataclasses import replace

    from ..xbrl import pointintime as PIT
    from ..xbrl.catalogue import catalogue
    from ..xbrl.series import build_series

    specs = list(catalogue().values())
    seen: dict[tuple, object] = {}  # (tag, unit, start, end) -> the figure last filed for it
    units: dict[str, set[str]] = {}  # tag -> its units so far
    looked_up: dict[str, tuple[set[str], bool]] = {}  # concept -> (tags its last computation read, all of them)
    touchy: set[str] = set()  # concepts recomputed on any row of a tag they read
    rows_open: dict[str, dict[int, tuple[tuple, str]]] = {}  # concept -> rord -> (content, valid_from)
    status_open: dict[str, tuple[tuple, str]] = {}  # concept -> (content, valid_from)
    annual: list[tuple] = []
    status: list[tuple] = []
    before = None
    for day, rows in _added_rows(facts).items():
        known = PIT.known_on(facts, date.fromisoformat(day))
        facts.__dict__.pop("_as_of_memo", None)  # one view at a time: the build's memory stays one filer's
        cal = known.calendar
        context = (cal.year_ends, cal.labels, cal.offset, cal.own_labels, known.reporting_currency)
        every, before = context != before, context
        annual_rows = _AnnualRows(_Reads(known.tags), cal)
        changed = {r[0] for r in rows}
        moved = {r[0] for r in rows if _moves_annual_values(r, seen, units, annual_rows.year_end)}
        for r in rows:
            seen[r[:4]] = r[4]
            units.setdefault(r[0], set()).add(r[1])
        reads = _Reads(known.tags)
        view = replace(known, tags=reads)
        annual_rows = _AnnualRows(reads, cal)
        annual_view = replace(known, tags=annual_rows)
        for spec in specs:
            last = looked_up.get(spec.name)
            if not every and last is not None and not last[1]:
                if not (last[0] & (changed if spec.name in touchy else moved)):
                    continue
            reads.reads, reads.everything = set(), False
            for v in (view, annual_view):
                v.__dict__.pop("_series_memo", None)  # a composite's parts are read again, and recorded
            whole = spec.name in touchy or _needs_every_row(spec, reads)
            got, state = _concept_rows(view if whole else annual_view, spec)
            flagged = state is not None and any(
                v.revision_kind == "suspected_tagging_error"
                for v in build_series(view if whole else annual_view, spec).values
            )
            if flagged and not whole:  # a scale flag's anchor is every neighbouring period's value
                got, state = _concept_rows(view, spec)
            looked_up[spec.name] = (reads.reads, reads.everything)
            if flagged or spec.unit in ("shares", "any"):
                touchy.add(spec.name)
            else:
                touchy.discard(spec.name)
            now = {len(got) - 1 - row[2]: row[3:] for row in got}
            held = rows_open.setdefault(spec.name, {})
            for rord in list(held):
                content, since = held[rord]
                if now.get(rord) != content:
                    annual.append((spec.name, facts.cik, rord, since, day, *content))
                    del held[rord]
            for rord, content in now.items():
                if rord not in held:
                    held[rord] = (content, day)
            state_was = status_open.get(spec.name)
            current = state[2:] if state is not None else None
            if state_was is not None and state_was[0] != current:
                status.append((spec.name, facts.cik, state_was[1], day, *state_was[0]))
                del status_open[spec.name]
            if current is not None and spec.name not in status_open:
                status_open[spec.name] = (current, day)
    for concept, held in rows_open.items():
        annual.extend((concept, facts.cik, rord, since, OPEN, *content) for rord, (content, since) in held.items())
    status.extend((concept, facts.cik, since, OPEN, *content) for concept, (content, since) in status_open.items())
    return annual, status


class _Writer:
    def __init__(self, path: Path, versions: bool = False):
        self.versions = versions  # each company's point-in-time versions (materialize_pit) are built too
        self.vacuum = False  # set when the version tables were emptied: their pages go back to the disk
        self.conn = sqlite3.connect(str(path))
        self.conn.execute("PRAGMA journal_mode=OFF")  # the work copy is thrown away if the build dies
        self.conn.execute("PRAGMA synchronous=OFF")
        self.conn.executescript(SCHEMA)
        self.pending = 0

    def tick(self) -> None:
        self.pending += 1
        if self.pending >= COMMIT_EVERY:
            self.conn.commit()
            self.pending = 0

    def known(self, table: str, key: str) -> dict:
        return {k: (crc, size) for k, crc, size in self.conn.execute(f"SELECT {key}, crc, size FROM {table}")}

    def delete_company(self, cik: int) -> None:
        for table in ("companies", "tags", "annual", "concept_status", "pit"):
            self.conn.execute(f"DELETE FROM {table} WHERE cik = ?", (cik,))
        if not self.versions:
            return  # the version tables are empty (build() empties them when a sync is not asked for them)
        from ..xbrl.catalogue import catalogue

        # keyed by (concept, cik, ...): one seek per concept, not a scan of every filer's versions
        concepts = tuple(catalogue())
        marks = ",".join("?" * len(concepts))
        for table in ("annual_pit", "status_pit"):
            self.conn.execute(f"DELETE FROM {table} WHERE concept IN ({marks}) AND cik = ?", (*concepts, cik))

    def put_company(self, facts: CompanyFacts, crc: int, size: int) -> None:
        self.delete_company(facts.cik)
        tags = facts.tags
        cal = facts.calendar
        self.conn.execute(
            "INSERT INTO companies VALUES (?, ?, ?, ?, ?, ?, ?)",
            (facts.cik, facts.name, pack(cal.to_plain()), facts.reporting_currency, cal.typical_end, crc, size),
        )
        self.conn.executemany(
            "INSERT INTO tags VALUES (?, ?, ?)", [(facts.cik, tag, pack(body)) for tag, body in tags.items()]
        )
        annual, status = materialize(facts)
        self.conn.execute("INSERT INTO pit VALUES (?, ?, ?)", _pit_row(facts))
        self.conn.executemany("INSERT INTO annual VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", annual)
        self.conn.executemany("INSERT INTO concept_status VALUES (?, ?, ?, ?, ?)", status)
        if not self.versions:
            return
        annual_pit, status_pit = materialize_pit(facts)
        self.conn.executemany("INSERT INTO annual_pit VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", annual_pit)
        self.conn.executemany("INSERT INTO status_pit VALUES (?, ?, ?, ?, ?, ?, ?)", status_pit)

    def set_meta(self, values: dict[str, str]) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", list(values.items()))

    def drop_versions(self) -> None:
        """Empty the version tables (a store that kept them, synced without them: never half-stale)."""
        for table in ("annual_pit", "status_pit"):
            self.conn.execute(f"DELETE FROM {table}")
        self.vacuum = True

    def finish(self) -> None:
        self.conn.commit()
        if self.vacuum:
            self.conn.execute("VACUUM")
        self.conn.execute("ANALYZE")
        self.conn.commit()
        self.conn.close()


def _entries(zf: zipfile.ZipFile, kind: str, progress: Progress | None):
    """(info, file name) of each file entry, reporting progress as it goes."""
    infos = [i for i in zf.infolist() if not i.is_dir()]
    for n, info in enumerate(infos):
        if progress is not None:
            progress(kind, n, len(infos))
        yield info, info.filename.rsplit("/", 1)[-1]
    if progress is not None:
        progress(kind, len(infos), len(infos))


def _facts_of(data: dict) -> CompanyFacts:
    """The filer's CompanyFacts, compacted one concept at a time so the parsed JSON shrinks as it goes.

    ``compact`` treats each concept on its own, so the result is the one the live path gets.
    """
    from ..xbrl.periods import build_calendar

    head = {"cik": data.get("cik"), "entityName": data.get("entityName")}
    cik, name, tags = compact({**head, "facts": {}})
    facts = data.get("facts")
    if not isinstance(facts, dict):
        raise ValueError("facts is not an object")
    seen = 0
    for tax in list(facts):
        concepts = facts.pop(tax)
        if not isinstance(concepts, dict):
            continue
        for local in list(concepts):
            seen += 1
            _c, _n, one = compact({**head, "facts": {tax: {local: concepts.pop(local)}}}, whole=False)
            tags.update(one)
    check_some_rows(seen, tags)  # as the live path: concepts without a usable row are damage
    return CompanyFacts(
        cik=cik,
        name=name,
        tags=tags,
        fetched_at=0.0,
        calendar=build_calendar(tags),
        reporting_currency=reporting_currency(tags),
    )


def _load_companyfacts(w: _Writer, archive: Path, full: bool, progress: Progress | None) -> ArchiveStats:
    from ..errors import EdgarError

    stats = ArchiveStats()
    known = {} if full else w.known("companies", "cik")
    seen: set[int] = set()
    with zipfile.ZipFile(archive) as zf:
        for info, name in _entries(zf, "companyfacts", progress):
            m = FACTS_ENTRY.fullmatch(name)
            if not m:
                stats.skip("not a CIK##########.json entry")
                continue
            stats.entries += 1
            cik = int(m.group(1))
            seen.add(cik)
            if known.get(cik) == (info.CRC, info.file_size):
                stats.unchanged += 1
            elif info.file_size > MAX_ENTRY_BYTES:
                w.delete_company(cik)
                stats.skip(f"larger than {MAX_ENTRY_BYTES:,} bytes uncompressed")
            else:
                try:
                    raw = zf.read(info)  # raises BadZipFile on a CRC mismatch
                    stats.bytes_read += len(raw)
                    data = json.loads(raw)
                    del raw
                    if not isinstance(data, dict) or not data.get("facts"):
                        w.delete_company(cik)
                        stats.skip("no XBRL facts")
                    else:
                        facts = _facts_of(data)
                        del data
                        if facts.cik != cik:
                            raise ValueError("the entry's cik differs from its name")
                        w.put_company(facts, info.CRC, info.file_size)
                        stats.read += 1
                except (
                    ValueError,
                    TypeError,
                    KeyError,
                    AttributeError,
                    EdgarError,
                    zipfile.BadZipFile,
                    zlib.error,
                ) as exc:  # a malformed entry, whatever its shape
                    w.delete_company(cik)  # no number is better than a stale one beside fresh ones
                    stats.skip(f"unreadable entry ({type(exc).__name__})")
                w.tick()
    gone = set(w.known("companies", "cik")) - seen
    for cik in gone:
        w.delete_company(cik)
    stats.removed = len(gone)
    return stats


def _header(doc: dict) -> tuple:
    tickers = doc.get("tickers") or []
    return (
        str(doc.get("name") or ""),
        str(doc.get("sic") or "") or None,
        str(doc.get("sicDescription") or "") or None,
        str(doc.get("fiscalYearEnd") or "") or None,
        ",".join(str(t) for t in tickers if t),
        str(doc.get("entityType") or "") or None,
    )


def _last_filed(doc: dict) -> str | None:
    """The newest filing date (YYYY-MM-DD) in a submissions document's recent filings, read as
    sec/submissions reads the SEC's; None when it has none or they cannot be read."""
    from ..errors import EdgarError
    from ..sec.submissions import parse_rows

    try:
        rows = parse_rows(doc["filings"]["recent"], "recent")
    except (EdgarError, ValueError, KeyError, TypeError):
        return None
    newest = max((r.filing_date for r in rows), default=None)
    return newest.isoformat() if newest is not None else None


def _load_submissions(w: _Writer, archive: Path, full: bool, progress: Progress | None) -> ArchiveStats:
    stats = ArchiveStats()
    filers = {} if full else w.known("filers", "cik")
    pages = {} if full else w.known("pages", "name")
    seen_filers: set[int] = set()
    seen_pages: set[str] = set()
    with zipfile.ZipFile(archive) as zf:
        for info, name in _entries(zf, "submissions", progress):
            page = PAGE_ENTRY.fullmatch(name)
            main = None if page else FACTS_ENTRY.fullmatch(name)
            if not page and not main:
                stats.skip("not a submissions entry")
                continue
            stats.entries += 1
            key = (info.CRC, info.file_size)
            if page:
                seen_pages.add(name)
                if pages.get(name) == key:
                    stats.unchanged += 1
                    continue
            elif main:
                cik = int(main.group(1))
                seen_filers.add(cik)
                if filers.get(cik) == key:
                    stats.unchanged += 1
                    continue
            try:
                raw = zf.read(info)
                stats.bytes_read += len(raw)
                doc = json.loads(raw)
                if not isinstance(doc, dict):
                    raise ValueError("not an object")
                if page:
                    w.conn.execute(
                        "INSERT OR REPLACE INTO pages VALUES (?, ?, ?, ?, ?)",
                        (name, int(page.group(1)), info.CRC, info.file_size, zlib.compress(raw, 1)),
                    )
                else:
                    w.conn.execute(
                        "INSERT OR REPLACE INTO filers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (cik, *_header(doc), info.CRC, info.file_size, _last_filed(doc), zlib.compress(raw, 1)),
                    )
                stats.read += 1
            except (ValueError, zipfile.BadZipFile, zlib.error) as exc:
                if page:
                    w.conn.execute("DELETE FROM pages WHERE name = ?", (name,))
                else:
                    w.conn.execute("DELETE FROM filers WHERE cik = ?", (cik,))
                stats.skip(f"unreadable entry ({type(exc).__name__})")
            w.tick()
    gone_filers = set(w.known("filers", "cik")) - seen_filers
    gone_pages = set(w.known("pages", "name")) - seen_pages
    w.conn.executemany("DELETE FROM filers WHERE cik = ?", [(c,) for c in gone_filers])
    w.conn.executemany("DELETE FROM pages WHERE name = ?", [(p,) for p in gone_pages])
    stats.removed = len(gone_filers) + len(gone_pages)
    return stats


ArchiveKind = Literal["companyfacts", "submissions"]


@dataclass
class Archive:
    """One downloaded archive and what the server said about it."""

    kind: ArchiveKind
    path: Path
    url: str
    size: int
    etag: str | None
    last_modified: str | None
    published: datetime


def _fsync(path: Path) -> None:
    fd = os.open(str(path), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


SYNC_LOCK = "sync.lock"  # held (filelock) by a sync for its downloads and build: a .building under it is live


def building_path(directory: Path) -> Path:
    return directory / (STORE_NAME + ".building")


def remove_building(directory: Path) -> bool:
    """Delete the build copy (and any SQLite side file); the caller holds the sync lock. Whether one was there."""
    work = building_path(directory)
    there = work.exists()
    for suffix in ("", "-journal", "-wal", "-shm"):
        work.with_name(work.name + suffix).unlink(missing_ok=True)
    return there


def discard_stale_building(directory: Path) -> bool:
    """Delete the copy a killed build left (``bulk.sqlite.building``, as large as the store) when no sync
    holds the store's lock now: a live sync's copy is left alone. Returns whether a copy was deleted."""
    if not building_path(directory).exists():
        return False
    from filelock import FileLock, Timeout

    lock = FileLock(str(directory / SYNC_LOCK))
    try:
        lock.acquire(timeout=0)
    except (Timeout, OSError):  # a sync is running (its copy is live), or the directory is read-only
        return False
    try:
        return remove_building(directory)
    except OSError:
        return False
    finally:
        lock.release()


def stored_meta(path: Path) -> dict[str, str]:
    """The meta table of the store at ``path`` ({} when there is none or it cannot be read)."""
    if not path.exists():
        return {}
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return dict(conn.execute("SELECT key, value FROM meta").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return {}


def build(
    directory: Path,
    archives: list[Archive],
    now: datetime,
    progress: Progress | None = None,
    *,
    point_in_time: bool = False,
) -> dict[str, ArchiveStats]:
    """Bring the store in ``directory`` up to date with ``archives``; returns per-archive statistics.

    An archive whose size, ETag and Last-Modified equal those the store was
    built from is not opened. With ``point_in_time`` every filer's versions
    (:func:`materialize_pit`) are built too: every entry is read again when
    the store did not keep them. Without it a store that kept them loses them
    (they would go stale for the filers this sync reads). Raises
    OSError/sqlite3.Error on a full disk or an unusable directory (the
    previous store is left untouched).
    """
    directory.mkdir(parents=True, exist_ok=True)
    final = directory / STORE_NAME
    work = building_path(directory)
    remove_building(directory)
    old_meta = stored_meta(final)
    reuse = old_meta.get("format") == FORMAT and old_meta.get("complete") == "1"
    had_versions = old_meta.get("point_in_time") == "1"
    full = not reuse or old_meta.get("engine") != engine_fingerprint() or (point_in_time and not had_versions)
    drop = reuse and had_versions and not point_in_time
    todo = [a for a in archives if full or _changed(old_meta, a)]
    stats: dict[str, ArchiveStats] = {a.kind: ArchiveStats() for a in archives if a not in todo}
    if not todo and reuse and not drop:
        return stats
    if reuse:
        shutil.copyfile(final, work)
    w = _Writer(work, versions=point_in_time)
    try:
        w.set_meta({"format": FORMAT, "complete": "0", "engine": engine_fingerprint(), "point_in_time": "0"})
        if drop:
            w.drop_versions()
        for a in todo:
            load = _load_companyfacts if a.kind == "companyfacts" else _load_submissions
            stats[a.kind] = load(w, a.path, full, progress)
            w.set_meta(
                {
                    f"{a.kind}.url": a.url,
                    f"{a.kind}.size": str(a.size),
                    f"{a.kind}.etag": a.etag or "",
                    f"{a.kind}.last_modified": a.last_modified or "",
                    f"{a.kind}.published": a.published.isoformat(),
                    f"{a.kind}.built": now.isoformat(),
                }
            )
            if a.kind == "submissions":
                (newest,) = w.conn.execute("SELECT max(last_filed) FROM filers").fetchone()
                w.set_meta({"submissions.newest_filed": newest or ""})
        w.set_meta({"complete": "1", "built": now.isoformat(), "point_in_time": "1" if point_in_time else "0"})
        w.finish()
    except BaseException:
        try:
            w.conn.close()
        finally:
            work.unlink(missing_ok=True)
        raise
    _fsync(work)
    os.replace(work, final)
    _fsync(directory)
    return stats


def _changed(meta: dict[str, str], a: Archive) -> bool:
    return (
        meta.get(f"{a.kind}.size"),
        meta.get(f"{a.kind}.etag") or None,
        meta.get(f"{a.kind}.last_modified") or None,
    ) != (str(a.size), a.etag, a.last_modified)

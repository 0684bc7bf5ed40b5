"""Loading companyfacts: fetch, validate, compact, cache, refresh on new filings. The one place.

Source: https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json (one
request per company covers every concept). The 4 MB JSON is validated
(sec/validate.py: the CIK asked for, taxonomies of tags of unit lists; every
row checked here as it is compacted, and a body with more than a few
malformed rows is refused, retried and never cached), then kept in the cache
as a compact ``marshal`` blob of row tuples, one blob per tag, so a warm run
loads it in milliseconds and decodes only the tags it reads. The cached facts
are refreshed when the company's submissions (data.sec.gov/submissions,
itself cached for minutes) list a filing accepted after the facts were
fetched, and in any case after a week. A company without XBRL facts (404) is
remembered as such for hours by the client, not asked again on every run.
Facts holding only the cover page's dei tags (no us-gaap, ifrs-full, srt) are
answered as they are but never cached: a stripped body must not stand for a week.

The seam for an offline source is :func:`_from_bulk`, asked right after the
process memo: the local bulk store (edgar_cli/bulk/source.py, built by
``edgar sync`` from the SEC's companyfacts.zip with this module's
:func:`compact`, so its rows pass the same row checks) answers with
CompanyFacts of origin "bulk" when a fresh store holds the CIK, else None and
the live path (cache, then the SEC) answers. Nothing else in this module knows
where facts come from.

Row tuples are ``(start, end, val, accn, fy, fp, form, filed, frame)``; start
is None for instants, the dates are ISO strings. Parsing them (periods, the
fiscal calendar, series) is xbrl/'s business; nothing in xbrl/ fetches.
"""

from __future__ import annotations

import marshal
import threading
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from datetime import date as _date_type

from ..alloc import collector_paused
from ..errors import EdgarError
from ..vocabulary import param, possessive, surface, tool
from ..xbrl.facts import FORMAT, CompanyFacts, LazyTags, Row, reporting_currency
from ..xbrl.periods import FiscalCalendar, build_calendar
from . import command_scope, urls, validate
from .client import FRESHNESS, SecClient


def _fresh_for(kind: str) -> float:
    """Seconds an entry of ``kind`` stays fresh (FRESHNESS), for a kind that expires."""
    seconds = FRESHNESS[kind]
    assert seconds is not None, kind
    return seconds


def compact(data: dict, *, whole: bool = True) -> tuple[int, str, dict[str, dict]]:
    """The parts of a companyfacts document the engine uses, as plain tuples.

    A malformed row (a bad date, a value that is not a number or beyond any reported figure, a missing
    field) is
    skipped, never guessed at; more than a few of them (over 1% of the rows) make the
    whole document invalid (validate.InvalidBody), as a damaged or substituted body, and so
    do concepts of which not one row is usable (rows emptied, units missing, a few rows all
    malformed). Only ``"facts": {}`` (no concept at all) comes back as no tags. ``whole=False``
    compacts a part of a document (bulk/build.py, one concept at a time), which may hold no usable
    row; the caller then checks the whole with :func:`check_some_rows`.
    """
    try:
        cik = int(data["cik"])
        name = str(data.get("entityName") or "")
        facts = data["facts"]
    except (KeyError, TypeError, ValueError) as exc:
        raise validate.InvalidBody(f"companyfacts with an unexpected shape ({exc})") from None
    tags: dict[str, dict] = {}
    total = bad = concepts_seen = 0
    dates: set[str] = set()  # the date strings read as ISO dates so far: each distinct one is parsed once
    for tax, concepts in facts.items():
        if not isinstance(concepts, dict):
            continue
        for local, body in concepts.items():
            concepts_seen += 1
            units: dict[str, list[Row]] = {}
            for unit, rows in ((body or {}).get("units") or {}).items():
                out = []
                for r in rows:
                    total += 1
                    try:
                        out.append(_row(r, dates))
                    except (KeyError, TypeError, ValueError, AttributeError):
                        bad += 1  # skipped, never guessed at
                if out:
                    units[unit] = out
            if units:
                tags[f"{tax}:{local}"] = {"label": body.get("label") or local, "units": units}
    if validate.too_many_bad(bad, total):
        raise validate.InvalidBody(f"companyfacts with {bad:,} malformed rows of {total:,}")
    if whole:
        check_some_rows(concepts_seen, tags, bad)
    return cik, name, tags


def has_financial_facts(tags: Mapping[str, dict]) -> bool:
    """True when ``tags`` ("taxonomy:Tag" keys, compacted) hold a tag of a financial taxonomy (us-gaap,
    ifrs-full, srt, ...), not only the cover page's dei facts (shares outstanding, public float)."""
    return any(not tag.startswith("dei:") for tag in tags)


def check_some_rows(concepts: int, tags: dict, bad: int | None = None) -> None:
    """InvalidBody for ``concepts`` (a count) without one usable row in ``tags``: damage, not a company without
    XBRL facts. ``bad``: the malformed rows, for the message."""
    if concepts and not tags:
        raise validate.InvalidBody(
            f"companyfacts whose {concepts:,} concepts hold no well-formed row"
            + (f" ({bad:,} malformed)" if bad else "")
        )


# No reported XBRL value comes near this: the largest in the corpus is 6.7e12 (TSMC's TWD), and the largest
# currencies EDGAR filers report in (IDR, KRW, VND) put a bank's total assets around 1e15. A value beyond it
# (1e300 passes as a finite float) is damage, not a figure: the row is malformed.
MAX_ABS_VALUE = 1e18


def _row(r: dict, dates: set[str]) -> Row:
    """The row tuple of one companyfacts row; ValueError (or KeyError, TypeError) for a malformed row.

    ``dates``: strings already read as ISO dates (a company's 27,000 rows hold a few hundred distinct dates);
    each date read here is added to it."""
    start, end, filed, val = r.get("start"), r["end"], r["filed"], r["val"]
    if end not in dates:  # one by one rather than a loop over the three: this runs for every row of a company
        _date_type.fromisoformat(end)
        dates.add(end)
    if filed not in dates:
        _date_type.fromisoformat(filed)
        dates.add(filed)
    if start is not None and start not in dates:
        _date_type.fromisoformat(start)
        dates.add(start)
    kind = type(val)
    if kind is not int and kind is not float and (not isinstance(val, (int, float)) or isinstance(val, bool)):
        raise ValueError("not a number")
    if abs(val) > MAX_ABS_VALUE:
        raise ValueError("out of range")
    accn, form = r["accn"], r["form"]
    if not isinstance(accn, str) or not isinstance(form, str):
        raise ValueError("not text")
    frame = r.get("frame")
    return (
        start,
        end,
        val,
        accn,
        int(r.get("fy") or 0),
        str(r.get("fp") or ""),
        form,
        filed,
        frame if isinstance(frame, str) else None,
    )


def _newest_filing_epoch(submissions: dict) -> float | None:
    recent = (submissions.get("filings") or {}).get("recent") or {}
    stamps = recent.get("acceptanceDateTime") or []
    best = None
    for s in stamps[:50]:
        try:
            t = datetime.fromisoformat(str(s).replace("Z", "+00:00"))
        except ValueError:
            continue
        if t.tzinfo is None:
            t = t.replace(tzinfo=UTC)
        best = max(best or 0.0, t.timestamp())
    return best


def load_company_facts(client: SecClient, cik: int) -> CompanyFacts:
    """The company's facts, from the process memo, the bulk store, the disk cache or the SEC.

    Raises ``not_found`` when the SEC has no XBRL facts for the CIK (a company
    that never filed XBRL financial statements), ``upstream_unavailable`` for an
    answer that is not usable companyfacts, or the client's other errors.
    """
    key = f"facts:{urls.pad_cik(cik)}"
    # One loader per company at a time: concurrent calls (MCP tools, compare) for the same
    # company wait for the first one's fetch and parse instead of repeating them.
    with client.memo_lock:
        lock = client.memo.setdefault(f"lock:{key}", threading.Lock())
    with lock:
        now = client.now()
        with client.memo_lock:
            memo = client.memo.get(key)
        if memo is not None and now - memo[1] < FRESHNESS["submissions"]:
            return memo[0]
        facts = _from_bulk(client, cik)
        cached = None
        if facts is None:
            cached = _from_cache(client, key)
            if cached is not None and now - cached.fetched_at <= _fresh_for("companyfacts"):
                current, note = _is_current(client, cik, cached, now)
                if current:
                    facts = replace(cached, notes=(note,)) if note else cached
        if facts is None:
            try:
                facts = _fill(client, cik, key, cached)
            except EdgarError as exc:
                if cached is None:
                    raise
                # stale-if-error: what the cache holds is served, dated, rather than no answer
                note = client.stale_copy_note(f"XBRL facts of CIK {urls.pad_cik(cik)}", cached.fetched_at, exc)
                client._warn(note)
                facts = replace(cached, notes=(note,))
        from ..companies.tickers import known_name

        name = known_name(client, cik, facts.name)
        if name != facts.name:  # one name per company in every command's output: the ticker file's
            facts = replace(facts, name=name)
        gap, later, interim = _coverage(client, facts)
        if gap is not None:
            facts = replace(facts, coverage_note=gap, later_reports=later)
        if interim:
            facts = replace(facts, interim_reports=interim)
        if facts.origin != "live" or has_financial_facts(facts.tags):  # else not kept, as _fetch does not
            with client.memo_lock:
                client.memo[key] = (facts, now)
        return facts


def known_on(client: SecClient, facts: CompanyFacts, as_of: _date_type) -> CompanyFacts:
    """``facts`` as known on ``as_of`` (xbrl/pointintime.known_on), its point-in-time summary (one pass over
    every row) read from the cache beside the facts when one was made from these very facts, else made and
    kept there, so a later process cuts the same facts at any date without that pass."""
    from ..xbrl import pointintime as PIT

    if "_pit_summary" not in facts.__dict__:
        key = f"facts-pit{PIT.SUMMARY_FORMAT}:{urls.pad_cik(facts.cik)}"
        entry = client.cache_get(key, None)
        try:
            fetched_at, made = marshal.loads(entry.payload) if entry is not None else (None, None)
        except (ValueError, EOFError, TypeError):
            fetched_at = made = None
        if entry is not None and fetched_at == facts.fetched_at:
            PIT.set_summary(facts, made)
        else:
            made = PIT.summary(facts)
            if has_financial_facts(facts.tags):  # as the facts themselves: a stripped body is not kept
                client.cache_set(key, marshal.dumps((facts.fetched_at, made)), {"url": urls.companyfacts(facts.cik)})
    return PIT.known_on(facts, as_of)


# The longest a current filer goes between its latest period's end and its next report: a third quarter ends
# (September), no 10-Q follows for the fourth, and the 10-K is due up to 90 days after the year ends (about 182
# days). Facts whose latest period ended longer ago than this are checked against the submissions (one request,
# cached for minutes); younger ones only against a copy of the submissions already in the cache (the freshness
# check of sec/companyfacts leaves one), so a current company costs no request.
COVERAGE_CHECK_AFTER_DAYS = 185


def coverage_gap(client: SecClient, facts: CompanyFacts) -> str | None:
    """A note when the company's XBRL facts end before the period of its latest periodic report; else None
    (:func:`_coverage`'s note)."""
    return _coverage(client, facts)[0]


def _coverage(client: SecClient, facts: CompanyFacts) -> tuple[str | None, tuple[tuple, ...], tuple[tuple, ...]]:
    """A note when the company's XBRL facts end before the period of its latest periodic report; else None.

    The facts' latest period is the main period of the newest report they hold; the latest report is the
    10-K/10-Q/20-F/40-F (or amendment) with the latest period of report in data.sec.gov/submissions. A filer
    whose newest reports carry no XBRL, a 20-F filer between annual reports and the minutes after a filing
    show this; the note says where the figures are (the filing's text). The submissions are fetched only when
    the facts' latest period ended over :data:`COVERAGE_CHECK_AFTER_DAYS` ago (else a cached copy is read if
    there is one); when those fetched submissions cannot be read, the note says the facts are that old and that
    newer reports could not be checked (a cached copy that cannot be read gives None: the facts are recent).
    With the note: the periodic reports after the facts' end, as ``CompanyFacts.later_reports`` holds them. Third:
    a foreign private issuer's 6-K reports dated after the facts' end (report date, form, filed, accession), as
    ``CompanyFacts.interim_reports`` holds them: between annual reports its results are on 6-K, without XBRL.
    """
    import json
    from datetime import date as _date

    from . import submissions as S

    ends = [(end, accn) for accn, (_start, end) in facts.calendar.report_ends.items()]
    if not ends:
        return None, (), ()
    last_end_text, last_accn = max(ends)
    last_end = _date.fromisoformat(last_end_text)
    today = client.settings.clock().date()
    old = (today - last_end).days > COVERAGE_CHECK_AFTER_DAYS
    try:
        if old:
            rows = S.History.load(client, facts.cik).sorted_rows()
        else:
            url = urls.submissions(facts.cik)
            entry = client.cache_get(f"submissions:{url}", FRESHNESS["submissions"])
            if entry is None:
                return None, (), ()
            rows = S.parse_rows(json.loads(entry.payload)["filings"]["recent"], "recent")
    except (EdgarError, ValueError, KeyError, TypeError, AttributeError) as exc:
        if not old:
            return None, (), ()
        # facts this old may well stop short of newer reports, and the filings list that would tell cannot be
        # read: say so rather than let the latest figure pass for the latest report
        why = exc.code if isinstance(exc, EdgarError) else "malformed"
        return (
            (
                f"{possessive(facts.name)} XBRL facts end at {last_end} (the report {last_accn}), {(today - last_end).days} days "
                f"before {today}; whether it has filed reports since could not be checked: its filings list "
                f"({urls.submissions(facts.cik)}) could not be read ({why})."
            ),
            (),
            (),
        )
    reports = [r for r in rows if r.report_date is not None and S.family_of(r.form) in S.PERIODIC_FAMILIES]
    foreign = any(S.family_of(r.form) in ("20-F", "40-F") for r in reports)
    interim = tuple(
        (r.report_date, r.form, r.filing_date, r.accession)
        for r in rows
        if foreign and r.form.startswith("6-K") and r.report_date is not None and r.report_date > last_end
    )
    if not reports:
        return None, (), interim
    latest = max(reports, key=lambda r: (r.report_date, r.filing_date))
    if latest.report_date is None or (latest.report_date - last_end).days <= 7:
        return None, (), interim
    later = tuple(
        (r.report_date, r.form, r.filing_date, r.accession, last_end, last_accn)
        for r in reports
        if r.report_date is not None and r.report_date > last_end
    )
    newest = (latest.report_date, latest.form, latest.filing_date, latest.accession, last_end, last_accn)
    return gap_note(facts.name, facts.cik, newest), later, interim


def coverage_as_of(facts: CompanyFacts, calendar: FiscalCalendar, as_of: _date_type) -> tuple[str | None, tuple]:
    """:func:`_coverage`'s note and reports as known on ``as_of``, for the facts filed by then (xbrl/pointintime.py).

    ``facts``: as known now, with ``later_reports`` (the periodic reports past today's facts' end, from the
    submissions); ``calendar``: that of the facts as known on ``as_of``, whose latest report gives their end
    then. The note names the latest periodic report filed on or before ``as_of`` whose period ends over 7 days
    after that end (Tesla as known on 2023-06-01: facts to 2022-09-30, the 10-Q for the quarter ending 2023-03-31
    filed 2023-04-24), and never one filed after it; (None, ()) when the facts reached the latest report then.
    The reports are those past today's facts' end: a report without XBRL whose period ends before today's facts'
    end is not named.
    """
    ends = [(end, accn) for accn, (_start, end) in calendar.report_ends.items()]
    if not ends or not facts.later_reports:
        return None, ()
    last_end_text, last_accn = max(ends)
    last_end = _date_type.fromisoformat(last_end_text)
    later = tuple(
        (r[0], r[1], r[2], r[3], last_end, last_accn)
        for r in facts.later_reports
        if str(r[2]) <= as_of.isoformat() and (r[0] - last_end).days > 7
    )
    if not later:
        return None, ()
    return gap_note(facts.name, facts.cik, max(later, key=lambda r: (r[0], str(r[2])))), later


def gap_note(name: str, cik: int, report: tuple) -> str:
    """The note on a report past the facts' end, ``report`` as in ``CompanyFacts.later_reports`` (report date,
    form, filed, accession, the facts' last end, the accession of their last report)."""
    _report_date, _form, _filed, accession, last_end, last_accn = report
    return (
        f"{possessive(name)} XBRL facts end at {last_end} (the report {last_accn}); {_not_in_them(report)}: "
        f"its figures are in the filing's text: read them with {_section_call(cik, accession)}."
    )


def _not_in_them(report: tuple) -> str:
    report_date, form, filed, accession, _last_end, _last_accn = report
    return f"its {form} for the period ending {report_date} was filed {filed} ({accession}) and is not in them"


def facts_end_words(facts: CompanyFacts) -> str | None:
    """Where "not restated" was looked for when the company's facts stop short of its filings: "the XBRL facts,
    which end at 2022-09-30 (the report A; its 10-K for the period ending 2025-12-31 was filed 2026-01-29 (B) and
    is not in them)", naming the report the facts' ``coverage_note`` names (:func:`gap_note`'s words); the note
    itself in parentheses when no later report is known; None when the facts reach the filings."""
    if facts.coverage_note is None:
        return None
    if not facts.later_reports:
        return f"the XBRL facts ({facts.coverage_note.rstrip('.')})"
    newest = max(facts.later_reports, key=lambda r: (r[0], str(r[2])))
    return f"the XBRL facts, which end at {newest[4]} (the report {newest[5]}; {_not_in_them(newest)})"


def facts_end(facts: CompanyFacts) -> _date_type | None:
    """The end of the main period of the newest report the company's facts hold, or None."""
    ends = [end for _start, end in facts.calendar.report_ends.values()]
    return _date_type.fromisoformat(max(ends)) if ends else None


def lacking_years(facts: CompanyFacts, years: list[int]) -> list[int]:
    """Of fiscal ``years``, those ending (by the calendar's estimate) more than 7 days after the facts' end,
    when the facts stop short of the filings (``coverage_note`` set); else none."""
    last = facts_end(facts)
    if facts.coverage_note is None or last is None:
        return []
    ends = {y: facts.calendar.estimated_end(y) for y in years}
    return [y for y, e in ends.items() if e is not None and (e - last).days > 7]


def span_coverage_note(
    facts: CompanyFacts, years: list[int] | None, *, quarters: bool = False, inside: bool = True
) -> str | None:
    """The note on the facts' end for an answer about fiscal ``years`` (None: the latest, which gets the
    facts' ``coverage_note``, naming the latest report).

    When every year asked ends within the facts, :func:`inside_note` (one line: they stop short, the answer is
    inside them), or None with ``inside`` False (a refusal, whose reason lies elsewhere). Else the note names
    the reports of the years the answer lacks: each year's annual report (10-K, 20-F, 40-F; the original
    before an amendment), and with ``quarters`` every periodic report of those years after the facts' end;
    the facts' ``coverage_note`` when the submissions list none of them (a year not over yet)."""
    from . import submissions as S

    if years is None or facts.coverage_note is None:
        return facts.coverage_note
    lacking = lacking_years(facts, years)
    if not lacking:
        return inside_note(facts) if inside else None
    last = facts_end(facts)
    picked: dict[_date_type, tuple] = {}
    for y in lacking:
        end = facts.calendar.estimated_end(y)
        assert end is not None and last is not None  # lacking_years keeps only years with an end past ``last``
        for r in facts.later_reports:
            annual = S.family_of(r[1]) in S.ANNUAL_FAMILIES and abs((r[0] - end).days) <= 14
            within = quarters and last < r[0] and (end - r[0]).days < 360 and r[0] <= end + timedelta(days=14)
            if annual or within:
                old = picked.get(r[0])
                if old is None or (S.is_amendment(r[1]), r[2]) < (S.is_amendment(old[1]), old[2]):
                    picked[r[0]] = r
    if not picked:
        return facts.coverage_note
    reports = [picked[d] for d in sorted(picked)]
    if len(reports) == 1:
        return gap_note(facts.name, facts.cik, reports[0])
    _d, _f, _filed, _a, last_end, last_accn = reports[0]
    listed = "; ".join(f"its {r[1]} for the period ending {r[0]}, filed {r[2]} ({r[3]})" for r in reports)
    return (
        f"{possessive(facts.name)} XBRL facts end at {last_end} (the report {last_accn}); the reports of "
        f"{_fy_list(lacking)} are not in them: {listed}. Their figures are in the filings' text: read each with "
        f"{_section_call(facts.cik, reports[0][3])} (and the others' accession numbers)."
    )


INSIDE_TAIL = "the periods asked are inside them."


def is_inside_note(text: str) -> bool:
    """Whether ``text`` is :func:`inside_note`'s line: a note (every figure asked is in the facts), not a warning."""
    return text.endswith(INSIDE_TAIL)


def inside_note(facts: CompanyFacts) -> str | None:
    """One line for an answer wholly inside facts that stop short of the filer's reports: where they end and its
    latest report past them; None when the facts reach the filings. A note, not a warning: nothing asked is
    missing (docs/formats.md)."""
    if facts.coverage_note is None or not facts.later_reports:
        return None
    report_date, form, _filed, accession, last_end, _last_accn = max(
        facts.later_reports, key=lambda r: (r[0], str(r[2]))
    )
    return (
        f"{possessive(facts.name)} XBRL facts end at {last_end}, before its later reports (the latest, its {form} for the "
        f"period ending {report_date}, {accession}, is not in them); {INSIDE_TAIL}"
    )


def _fy_list(years: list[int]) -> str:
    names = [f"FY{y}" for y in sorted(years)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _section_call(cik: int | str, accession: str) -> str:
    """How this surface reads a filing's sections: ``edgar section 1318605 --accession X`` on the CLI (the
    company is the first argument), ``get_filing_section`` with ``company`` and ``accession_number`` over MCP."""
    if surface() == "cli":
        return f"{tool('get_filing_section')} {int(cik)} {param('accession_number')} {accession}"
    return f"{tool('get_filing_section')} (company {int(cik)}, accession_number {accession})"


def _fill(client: SecClient, cik: int, key: str, stale: CompanyFacts | None) -> CompanyFacts:
    """Fetch the facts once for the team: while another host (or thread) fetches them, wait for its entry
    (client.coalesced) and take it when it is newer than ``stale`` (the cached facts found too old or not
    current, or None)."""
    with client.coalesced(key) as again_maybe:
        if again_maybe:
            again = _from_cache(client, key)
            if again is not None and (stale is None or again.fetched_at > stale.fetched_at):
                return again
        return _fetch(client, cik, key)


def _from_cache(client: SecClient, key: str) -> CompanyFacts | None:
    """The cached facts whatever their age (the caller decides whether they are current), or None."""
    entry = client.cache_get(key, None)
    if entry is None:
        return None
    try:
        fmt, cik, name, blobs, cal, currency = marshal.loads(entry.payload)
        if fmt != FORMAT:
            return None
        tags = LazyTags(blobs)
        calendar = FiscalCalendar.from_plain(cal)
    except (ValueError, EOFError, TypeError):
        client.cache.delete(key)
        return None
    return CompanyFacts(
        cik=cik,
        name=name,
        tags=tags,
        fetched_at=entry.stored_at,
        calendar=calendar,
        reporting_currency=currency,
        origin="cache",
    )


def _is_current(client: SecClient, cik: int, facts: CompanyFacts, now: float) -> tuple[bool, str | None]:
    """(current, note): False only when a successful check of the submissions finds a filing accepted after
    the facts were fetched. A check that fails in any way (the upstream unavailable or rate-limited, a 404 for
    the submissions, a malformed or truncated body) keeps the cached facts, with a dated note saying why the
    check could not be made (stale-if-error)."""
    if now - facts.fetched_at < _fresh_for("submissions"):
        return True, None
    try:
        sub = client.get_json(urls.submissions(cik), kind="submissions", stale_if_error=False)
        try:
            newest = _newest_filing_epoch(sub)
        except (AttributeError, TypeError) as exc:
            raise EdgarError("upstream_unavailable", f"the submissions have an unexpected shape ({exc})") from None
    except EdgarError as exc:
        note = client.stale_copy_note(f"XBRL facts of CIK {urls.pad_cik(cik)}", facts.fetched_at, exc)
        client._warn(note)
        command_scope.first_said(urls.submissions(cik))  # the cached submissions served later: not said again
        return True, note
    return newest is None or newest <= facts.fetched_at, None


def _from_bulk(client: SecClient, cik: int) -> CompanyFacts | None:
    """The seam with the bulk store (edgar_cli.bulk.source): its facts when a fresh store holds the CIK."""
    from ..bulk.source import bulk_company_facts

    return bulk_company_facts(client, cik)


def _fetch(client: SecClient, cik: int, key: str) -> CompanyFacts:
    url = urls.companyfacts(cik)
    try:
        _payload, parts = client.fetch_json(url, kind="companyfacts", transform=compact)
    except EdgarError as exc:
        if exc.code == "not_found" and exc.extras.get("mirror"):
            raise EdgarError(
                "not_found",
                f"The mirror at {exc.extras['mirror']} (EDGAR_MIRROR) has no XBRL financial data (companyfacts) for "
                f"CIK {urls.pad_cik(cik)}; whether the SEC has it cannot be told from here.",
                "Ask for a company the mirror holds, unset EDGAR_MIRROR to ask the SEC itself, or read the "
                f"company's filings with {tool('list_filings')}.",
                url=url,
                mirror=exc.extras["mirror"],
            ) from None
        if exc.code == "not_found":
            raise EdgarError(
                "not_found",
                f"The SEC has no XBRL financial data for CIK {urls.pad_cik(cik)}.",
                "The company may not file XBRL financial statements (funds, some foreign issuers, "
                f"filers before 2009); read its filings with {tool('list_filings')} instead.",
                url=url,
            ) from None
        raise
    cik_, name, tags = parts
    if not tags:
        # No concept at all (compact refuses concepts without a usable row as damage): what the SEC answers for a
        # company without XBRL data is a 404, so this is answered the same way, and never cached (a substituted
        # or truncated body must not stand for a week).
        raise EdgarError(
            "not_found",
            f"The SEC's companyfacts for CIK {urls.pad_cik(cik)} hold no XBRL financial facts.",
            "The company may not file XBRL financial statements, or the answer was damaged on the way; try "
            f"again later, or read its filings with {tool('list_filings')}.",
            url=url,
        )
    with collector_paused():  # plain dicts and tuples, no cycles (alloc.py)
        calendar = build_calendar(tags)
        currency = reporting_currency(tags)
        blobs = {tag: marshal.dumps(body) for tag, body in tags.items()}
    if has_financial_facts(tags):
        blob = marshal.dumps((FORMAT, cik_, name, blobs, calendar.to_plain(), currency))
        client.cache_set(key, blob, {"url": url})
    # else: only cover-page (dei) facts, answered as they are but never cached: a body stripped of its
    # us-gaap/ifrs-full tags must not stand for a week as "reports no value" (the next call fetches again)
    # Keep the compact per-tag blobs, not the decoded rows: a long-running server holding
    # many companies pays a few MB each instead of tens.
    return CompanyFacts(
        cik=cik_,
        name=name,
        tags=LazyTags(blobs),
        fetched_at=client.now(),
        calendar=calendar,
        reporting_currency=currency,
    )

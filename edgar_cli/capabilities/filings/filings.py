"""list_filings and find_filing: a company's filing history, with amendments and its fiscal calendar."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Annotated

from pydantic import Field

from ...companies import successors
from ...companies.tickers import ticker_file_warnings
from ...errors import EdgarError
from ...models.companies import DataSource
from ...sec import submissions as S
from ...sec import urls
from ...sec.client import SecClient, get_client
from ...vocabulary import param, possessive, tool
from ..arguments import parse_day
from ..resolve.resolve import resolve_company
from . import MAX_LIMIT
from .model import AmendmentRef, FilerInfo, Filing, FilingList, FormerName, SubmissionsPage

MIN_FISCAL_YEAR = 1993  # EDGAR's electronic filings begin


PERIODIC_FORMS = ("10-K", "10-Q", "20-F", "40-F")  # the reports whose figures are XBRL facts in companyfacts


def amendment_note(forms: Iterable[str]) -> str:
    """What "superseded" means, said of the forms an amended or superseded filing shown has (``base_form``): the
    10-K/A's Part III and the XBRL facts only where a periodic report is among them (not of an 8-K-only list)."""
    shown = set(forms)
    periodic = [f for f in PERIODIC_FORMS if f in shown]
    note = (
        "superseded means that a later amendment exists for the same period, not that it replaced the report: "
        if periodic
        else "superseded means that a later amendment of the filing exists, not that it replaced the filing: "
    )
    if "10-K" in periodic:
        note += "many 10-K/As only add Part III (directors, executive pay) or an exhibit."
    else:
        note += "an amendment may add to or correct only part of it; read both."
    if periodic:
        note += (
            f" Take figures from the XBRL facts ({tool('get_financial_concept')}), which already reflect what an "
            "amendment changed."
        )
    return note


# --- arguments --------------------------------------------------------------------------------------


def _normal_form(form: str) -> str:
    """A form code as EDGAR spells it: any case, ``10k`` -> 10-K, ``def14a`` -> DEF 14A, ``sc13g`` -> SC 13G."""
    text = re.sub(r"\s+", " ", str(form)).strip().upper()
    text = re.sub(r"^(10|20|40|8) ?([KQF])(?!R1[02])", r"\1-\2", text)  # 20FR12B, 40FR12B: spelled without one
    return re.sub(r"^(DEF|PRE|SC) ?(\d)", r"\1 \2", text)  # proxy statements and Schedules 13D/13G


_FORM_CODE = re.compile(r"[A-Z0-9][A-Z0-9 /-]{0,19}")


def parse_form(form: str | None) -> tuple[str | None, tuple[str, ...]]:
    """``10-K`` -> the 10-K family; ``10-K/A`` -> that form alone; None -> every form.

    Accepts any case and a missing dash (``10k``). Anything else is invalid_argument.
    """
    if form is None or not str(form).strip():
        return None, ()
    text = _normal_form(form)
    if text in S.FORM_FAMILIES:
        return text, S.FORM_FAMILIES[text]
    if S.family_of(text):
        return text, (text,)
    raise EdgarError(
        "invalid_argument",
        f"Unknown form {str(form)[:40]!r}.",
        "Use one of " + ", ".join(S.FORM_FAMILIES) + " (each includes its amendments and variants, e.g. 10-K "
        f"covers 10-K/A, 10-KT and 10-K405), or a single one such as 10-K/A; omit {param('forms')} for every form.",
        accepted=list(S.FORM_FAMILIES),
        accepted_variants=[f for fs in S.FORM_FAMILIES.values() for f in fs],
    )


def parse_forms(forms: list[str] | str | None) -> tuple[list[str], tuple[str, ...]]:
    """The forms asked for (a list, or one comma-separated string) -> (as asked, every form they stand for).

    A family (10-K, 10-Q, 20-F, 40-F, 8-K) stands for its variants and amendments; any other EDGAR form
    code (4, DEF 14A, 6-K, S-1, SC 13G, ...) for itself and its /A; a form ending in /A for itself alone.
    Nothing asked -> ([], ()): every form. A value that cannot be a form code is invalid_argument.
    """
    if forms is None:
        return [], ()
    items = forms.split(",") if isinstance(forms, str) else [str(f) for f in forms]
    asked: list[str] = []
    included: list[str] = []
    for item in items:
        if not item.strip():
            continue
        text = _normal_form(item)
        if text in S.FORM_FAMILIES:
            members: tuple[str, ...] = S.FORM_FAMILIES[text]
        elif _FORM_CODE.fullmatch(text):
            members = (text,) if text.endswith("/A") or S.family_of(text) else (text, f"{text}/A")
        else:
            raise EdgarError(
                "invalid_argument",
                f"{str(item)[:40]!r} is not an EDGAR form type.",
                "Use form types as EDGAR spells them, e.g. 10-K, 10-Q, 8-K, 20-F, DEF 14A, 4, S-1, SC 13G "
                f"(10-K, 10-Q, 20-F, 40-F and 8-K include their amendments and variants); omit {param('forms')} "
                "for every form.",
                accepted=list(S.FORM_FAMILIES),
            )
        if text not in asked:
            asked.append(text)
        included.extend(f for f in members if f not in included)
    return asked, tuple(included)


def _validate(since: date | None, until: date | None, limit: int) -> None:
    if since and until and since > until:
        raise EdgarError(
            "invalid_argument",
            f"{param('filed_from')} {since} is after {param('filed_to')} {until}.",
            f"Swap them: {param('filed_from')} is the earlier date.",
        )
    if not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise EdgarError(
            "invalid_argument",
            f"{param('limit')} must be between 1 and {MAX_LIMIT}, not {limit}.",
            f"Use {param('limit')} 20, for example.",
        )


# --- building results -------------------------------------------------------------------------------


def filer_info(hist: S.History) -> FilerInfo:
    h = hist.header
    former = [
        FormerName(name=str(f["name"]), from_date=S.as_date(f.get("from")), to_date=S.as_date(f.get("to")))
        for f in h.get("formerNames") or []
        if isinstance(f, dict) and f.get("name")
    ]
    annual = sorted(
        {
            r.report_date
            for r in hist.rows.values()
            if r.report_date is not None and not S.is_amendment(r.form) and S.family_of(r.form) in S.ANNUAL_FAMILIES
        }
    )
    return FilerInfo(
        latest_fiscal_year_ended=annual[-1] if annual else None,
        fiscal_year_ends_move=_ends_move(annual),
        cik=urls.pad_cik(hist.cik),
        name=str(h.get("name") or f"CIK {hist.cik}"),
        tickers=[str(t) for t in h.get("tickers") or [] if t],
        exchanges=[str(e) for e in h.get("exchanges") or [] if e],
        fiscal_year_end=S.fye_mmdd(h.get("fiscalYearEnd")),
        state_of_incorporation=h.get("stateOfIncorporation") or None,
        state_of_incorporation_description=h.get("stateOfIncorporationDescription") or None,
        entity_type=h.get("entityType") or None,
        category=(h.get("category") or "").replace("<br>", "; ") or None,
        sic=str(h.get("sic") or "") or None,
        sic_description=h.get("sicDescription") or None,
        former_names=former,
    )


def _ends_move(annual: list[date]) -> bool:
    """True when the latest annual report ends (up to four) fall on different days of the year, each within ten
    days of the latest's: a 52/53-week year. A year end moved months (a changed fiscal year) is not counted."""
    if not annual:
        return False
    last = annual[-1]
    near = set()
    for d in annual[-4:]:
        gap = abs(
            (d.replace(year=last.year) if (d.month, d.day) != (2, 29) else d.replace(year=last.year, day=28)) - last
        ).days
        if min(gap, 365 - gap) <= 10:
            near.add((d.month, d.day))
    return len(near) > 1


def _doc_url(cik: int, row: S.Row) -> str | None:
    if not row.primary_document:
        return None
    try:
        return urls.archive_document_path(cik, row.accession, row.primary_document)
    except EdgarError:
        return None


class _Builder:
    """Rows to Filing models, with the amendment links of every row read so far."""

    def __init__(self, hist: S.History):
        self.hist = hist
        self.cik = urls.pad_cik(hist.cik)
        self.name = str(hist.header.get("name") or f"CIK {hist.cik}")
        self.fye = S.fye_mmdd(hist.header.get("fiscalYearEnd"))
        self.amends, self.chains = S.link_amendments(list(hist.rows.values()))
        self.calendar = S.FiscalCalendar(list(hist.rows.values()), self.fye)

    def fiscal_year(self, row: S.Row) -> int | None:
        """By the company's own annual report periods (a 10-Q by the next 10-K), else its fiscal year end."""
        return self.calendar.fiscal_year(row.form, row.report_date)

    def filing(self, row: S.Row) -> Filing:
        chain = [self.hist.rows[a] for a in self.chains.get(row.accession, [])]
        return Filing(
            cik=self.cik,
            company_name=self.name,
            form=row.form,
            base_form=S.base_form(row.form),
            is_amendment=S.is_amendment(row.form),
            filed=row.filing_date,
            period_of_report=row.report_date,
            fiscal_year=self.fiscal_year(row),
            accession_number=row.accession,
            primary_document=row.primary_document or None,
            primary_doc_description=row.primary_doc_description or None,
            document_url=_doc_url(self.hist.cik, row),
            index_url=urls.filing_index(self.hist.cik, row.accession),
            items=row.items,
            is_xbrl=row.is_xbrl,
            is_inline_xbrl=row.is_inline_xbrl,
            size=row.size,
            amends=self.amends.get(row.accession),
            superseded=bool(chain),
            superseded_by=chain[-1].accession if chain else None,
            amendments=[
                AmendmentRef(
                    accession_number=a.accession,
                    form=a.form,
                    filed=a.filing_date,
                    primary_doc_description=a.primary_doc_description or None,
                    size=a.size,
                    document_url=_doc_url(self.hist.cik, a),
                    index_url=urls.filing_index(self.hist.cik, a.accession),
                )
                for a in chain
            ],
        )


def _page_model(p: S.Page) -> SubmissionsPage:
    return SubmissionsPage(
        name=p.name,
        url=p.url,
        filing_from=p.listed_from,
        filing_to=p.listed_to,
        filing_count=p.listed_count,
        status=p.status,
        filings_read=p.rows_read,
        detail=p.detail,
    )


def _gap_reason(gaps: list[tuple[S.Page, date, date]]) -> str:
    parts = []
    for page, lo, hi in gaps:
        if page.status == "unavailable":
            parts.append(
                f"the older page {page.name} (filings {page.listed_from} to {page.listed_to}) is not "
                "available from the SEC"
            )
        else:
            parts.append(
                f"the older page {page.name} holds {page.rows_read} of its {page.listed_count} listed "
                f"filings (a stale copy), so filings after {lo} up to {hi} are missing"
            )
    return "; ".join(parts)


def _foreign_private_issuer(hist: S.History) -> bool:
    fams = {S.family_of(r.form) for r in hist.rows.values()}
    return "10-K" not in fams and bool(fams & {"20-F", "40-F"})


def _fpi_forms(hist: S.History) -> str:
    fams = sorted({"20-F", "40-F"} & {S.family_of(r.form) for r in hist.rows.values()})
    return " and ".join(f or "" for f in fams)


def _common_forms(hist: S.History, n: int = 6) -> list[str]:
    from collections import Counter

    return [form for form, _ in Counter(r.form for r in hist.rows.values()).most_common(n)]


def stale_history_notes(client: SecClient, cik: int | str) -> list[str]:
    """The dated notes for a company's submissions (file and older pages) that this process read from a cached
    copy because refreshing it failed, and the ticker file's that named it: a result built on :func:`find_filing`
    carries them in its warnings."""
    return client.stale_notes(urls.submissions(cik).removesuffix(".json")) + ticker_file_warnings(client)


def load_history(company: str, client: SecClient) -> S.History:
    resolved = resolve_company(company, client=client)
    return S.History.load(client, int(resolved.cik))


# --- list_filings -----------------------------------------------------------------------------------


def list_filings(
    company: Annotated[str, Field(description="Ticker, CIK or company name, e.g. AAPL, 320193, Apple")],
    forms: Annotated[
        list[str] | str | None,
        Field(
            description='Form types to list, e.g. ["10-K"] or ["8-K", "DEF 14A"]: '
            "10-K, 10-Q, 20-F, 40-F and 8-K include their amendments "
            "and variants, any other EDGAR form type (4, S-1, SC 13G, "
            "6-K, ...) its /A, and a form ending in /A only itself; "
            "omit for every form"
        ),
    ] = None,
    filed_from: Annotated[str | None, Field(description="Earliest filing date, YYYY-MM-DD, e.g. 2015-01-01")] = None,
    filed_to: Annotated[str | None, Field(description="Latest filing date, YYYY-MM-DD")] = None,
    limit: Annotated[int, Field(description="Most filings to return, newest first (1-1000)")] = 20,
    *,
    client: SecClient | None = None,
) -> FilingList:
    """A company's filings, newest first, with amendments linked to their originals and its fiscal calendar.

    Form families: ``10-K`` returns 10-K, 10-K/A, 10-KT, 10-KT/A, 10-K405 and
    10-K405/A; likewise 10-Q (10-QT), 20-F, 40-F and 8-K with their /A. Dates
    filter the filing date. ``filings.recent`` holds only the latest 1,000 or so
    filings; when ``filed_from`` reaches further back (or, without it, when more
    are needed to fill ``limit``) the older pages listed in ``filings.files`` are
    read. A page that cannot be read, or holds fewer filings than listed, sets
    ``history_truncated`` with the reason; ``pages`` says what was read.

    Each filing: form, base_form, is_amendment, filed, period_of_report,
    fiscal_year, accession_number, primary_document, primary_doc_description,
    document_url, index_url, items (8-K), is_xbrl, is_inline_xbrl, size (bytes).
    fiscal_year follows the company's own annual reports: a 10-Q takes the
    fiscal year of the next annual report (a company may have changed its
    fiscal year end since), later ones the recorded fiscal year end. An
    original with later amendments for the same period is ``superseded``,
    ``superseded_by`` the latest, with the chain in ``amendments``; an
    amendment names the original it ``amends`` (when the original was filed
    before the pages read, one more older page is read to find it). A
    superseded report was not necessarily replaced: many 10-K/As only add
    Part III; figures belong to the XBRL facts.

    The company header: name, CIK, tickers, exchanges, fiscal_year_end (MM-DD,
    the SEC's record), latest_fiscal_year_ended (the latest annual report's
    period end) and fiscal_year_ends_move (a 52/53-week year), state of
    incorporation, entity type, category, SIC, former names.
    ``foreign_private_issuer`` is true for a filer of 20-F/40-F and no 10-K.

    Errors: invalid_argument (a value that is not a form type, a date not in
    YYYY-MM-DD, filed_from after filed_to, limit outside 1-1000), not_found and
    ambiguous (company).
    Source: data.sec.gov/submissions/CIK##########.json and its
    CIK##########-submissions-NNN.json pages.
    """
    client = client or get_client()
    asked, forms_in = parse_forms(forms)
    since_d, until_d = parse_day(filed_from, "filed_from"), parse_day(filed_to, "filed_to")
    _validate(since_d, until_d, limit)
    hist = load_history(company, client)

    def matches(r: S.Row) -> bool:
        return (
            (not forms_in or r.form in forms_in)
            and (since_d is None or r.filing_date >= since_d)
            and (until_d is None or r.filing_date <= until_d)
        )

    for page in hist.unread():
        if since_d is not None and page.listed_to is not None and page.listed_to < since_d:
            break
        if since_d is None and sum(1 for r in hist.rows.values() if matches(r)) > limit:
            break
        hist.read(client, page)
    read_older = sum(1 for p in hist.pages[1:] if p.status == "read")

    builder = _Builder(hist)
    rows = [r for r in hist.sorted_rows() if matches(r)]
    # An amendment in range whose original may have been filed before the pages read (an original is filed
    # on or after its period's end): read one more page for it.
    oldest = min((r.filing_date for r in hist.rows.values()), default=date.min)
    orphans = [
        r
        for r in rows[:limit]
        if S.is_amendment(r.form)
        and r.report_date is not None
        and r.accession not in builder.amends
        and r.report_date < oldest
    ]
    read_for_originals = 0
    if orphans and hist.unread():
        hist.read(client, hist.unread()[0])
        read_for_originals = 1
        builder = _Builder(hist)
        rows = [r for r in hist.sorted_rows() if matches(r)]
    shown = [builder.filing(r) for r in rows[:limit]]
    unread_in_range = [p for p in hist.unread() if since_d is None or (p.listed_to or date.max) >= since_d]
    truncated = len(rows) > limit or bool(unread_in_range)
    gaps = hist.gaps(since_d, until_d)
    fpi = _foreign_private_issuer(hist)
    company_info = filer_info(hist)

    notes: list[str] = []
    warnings: list[str] = []
    recent_from = hist.pages[0].actual_from
    if read_older:
        why = f"{param('filed_from')} reaches past" if since_d is not None else "more filings were needed than"
        notes.append(
            f"Read {read_older} older page(s) of the history because {why} `filings.recent` "
            f"(which starts at {recent_from})."
        )
    if read_for_originals:
        notes.append(
            f"Read one more older page of the history to find the originals of "
            f"{', '.join(r.accession for r in orphans)}."
        )
    warnings.extend(hist.stale_notes)  # a cached copy served because refreshing it failed, dated
    warnings.extend(ticker_file_warnings(client))  # the company named through a stale ticker file
    if gaps:
        warnings.append("The filing history is incomplete: " + _gap_reason(gaps) + ".")
    fpi_pointed = False
    if fpi:
        fpi_forms = _fpi_forms(hist)
        notes.append(f"{company_info.name} is a foreign private issuer: it files {fpi_forms} annual reports, not 10-K.")
        if not rows and forms_in and all(S.family_of(f) in ("10-K", "10-Q") for f in forms_in):
            warnings.append(
                f"{company_info.name} files no {' or '.join(asked)}; ask for {param('forms')} "
                f"{fpi_forms.split(' and ')[0]} instead."
            )
            fpi_pointed = True
    if not rows and forms_in and not fpi_pointed:
        filed = _common_forms(hist)
        warnings.append(
            f"{company_info.name} has no {' or '.join(asked)} in the history read"
            + (f"; the forms it files most are {', '.join(filed)}." if filed else ".")
        )
    elif rows and len(asked) > 1:
        # one form of a list matching nothing must not vanish silently beside the others' filings
        _, per_form = zip(*(parse_forms([a]) for a in asked))
        silent = [
            a
            for a, members in zip(asked, per_form)
            if not any(matches(r) and r.form in members for r in hist.rows.values())
        ]
        if silent:
            filed = _common_forms(hist)
            warnings.append(
                f"{company_info.name} has no {' or '.join(silent)} in the history read (in the dates "
                "asked); the other forms' filings are listed"
                + (f". The forms it files most are {', '.join(filed)}." if filed else ".")
            )
    if any(f.superseded or f.is_amendment for f in shown):
        notes.append(amendment_note(f.base_form for f in shown if f.superseded or f.is_amendment))
    # A history that starts at a reorganisation: name the predecessor CIK that holds the earlier filings.
    reorg = successors.history_stop(hist.cik) if not truncated else successors.period_note(hist.cik, since_d)
    if reorg:
        notes.append(reorg)
    if truncated:  # last: how many of how many, and how to get the rest, in the data as on stderr
        notes.append(
            shown_note(
                len(shown),
                len(rows),
                limit,
                hist_unread=any(p.status == "not_needed" for p in hist.pages),
                oldest=shown[-1].filed if shown else None,
            )
        )

    return FilingList(
        company=company_info,
        forms=asked,
        forms_included=list(forms_in),
        filed_from=since_d,
        filed_to=until_d,
        limit=limit,
        filings=shown,
        total_matches=len(rows),
        truncated=truncated,
        history_truncated=bool(gaps),
        history_truncated_reason=_gap_reason(gaps) or None,
        foreign_private_issuer=fpi,
        pages=[_page_model(p) for p in hist.pages],
        notes=notes,
        warnings=warnings,
        source=urls.submissions(hist.cik),
        data_source=DataSource(kind=hist.origin, as_of=hist.as_of),
    )


def shown_note(shown: int, total: int, limit: int, *, hist_unread: bool, oldest: date | None) -> str:
    """What a truncated listing says: how many it shows of how many (at least, when older pages were not read),
    and how to get the rest (past the most one listing shows, the filed_to that continues from its oldest
    filing: that day's filings are listed again, none lost). Parameters spelt for the surface asking."""
    of = f"{shown:,} of {'at least ' if hist_unread else ''}{total:,} filings shown"
    if limit >= MAX_LIMIT and oldest is not None:
        return f"{of} ({MAX_LIMIT} is the most one listing shows); for the older ones add {param('filed_to')} {oldest}"
    if total <= MAX_LIMIT and not hist_unread:
        return f"{of}; {param('limit')} {total} for all"
    if hist_unread:
        return f"{of}; {param('limit')} {MAX_LIMIT} for every one, up to {MAX_LIMIT:,}"
    return f"{of}; {param('limit')} {MAX_LIMIT} shows the most ({MAX_LIMIT:,}), narrow the question for the rest"


# --- find_filing ------------------------------------------------------------------------------------


def find_filing(
    company: Annotated[str, Field(description="Ticker, CIK or company name, e.g. NVDA")],
    *,
    accession_number: Annotated[str | None, Field(description="Accession number, e.g. 0000320193-24-000123")] = None,
    fiscal_year: Annotated[
        int | None,
        Field(
            description="Fiscal year by the company's fiscal calendar, e.g. 2024 "
            "(NVIDIA's FY2024 10-K has period 2024-01-28)"
        ),
    ] = None,
    form: Annotated[str, Field(description="Form family: 10-K, 10-Q, 20-F, 40-F or 8-K")] = "10-K",
    client: SecClient | None = None,
) -> Filing:
    """One filing of a company: by accession number, by fiscal year, or the latest of a form family.

    - ``accession_number``: that filing, which must be the company's and of the
      form family asked for (and of ``fiscal_year`` when both are given).
    - ``fiscal_year``: the original report (not an amendment) whose period of
      report falls in that fiscal year by the company's fiscal calendar (a 10-Q belongs to
      the year of the next annual report; see list_filings): NVIDIA's FY2024 10-K
      is 0001045810-24-000029 (period 2024-01-28), Apple's is 0000320193-24-000123
      (period 2024-09-28). Not the filing date: a fiscal year's 10-K is filed
      in the next calendar year by many companies.
    - neither: the latest original of the family. Originals are preferred to
      amendments (a 10-K/A often only adds Part III); amendments of the result
      are listed in ``amendments`` and ``superseded_by``.

    Older submissions pages are read when the filing is not in ``recent``.
    Errors: invalid_argument (malformed accession, unknown form, an accession of
    another form or fiscal year), not_found (no such filing for the company: the
    message names the latest fiscal year available, a foreign private issuer is
    pointed to 20-F/40-F, and history that could not be read is named),
    ambiguous (several originals fit, e.g. three 10-Qs in one fiscal year),
    out_of_scope (a fiscal year far in the future).
    Source: data.sec.gov/submissions/CIK##########.json and its older pages.
    """
    client = client or get_client()
    accession, fy = accession_number, fiscal_year
    family, forms = parse_form(form)
    if family not in S.FORM_FAMILIES:
        raise EdgarError(
            "invalid_argument",
            f"find_filing takes a form family, not {form!r}.",
            f"Pass {param('form')} 10-K, 10-Q, 20-F, 40-F or 8-K; amendments are reported on the result.",
            accepted=list(S.FORM_FAMILIES),
        )
    accn = urls.normalize_accession(accession) if accession is not None else None
    today = client.settings.clock().date()
    if fy is not None:
        _validate_fy(fy, today)
    hist = load_history(company, client)
    if accn is not None:
        return _by_accession(hist, client, accn, family, forms, fy)
    if fy is not None:
        return _by_fiscal_year(hist, client, fy, family, forms, today)
    return _latest(hist, client, family, forms)


def _validate_fy(fy: int, today: date) -> None:
    if not isinstance(fy, int) or fy < MIN_FISCAL_YEAR:
        raise EdgarError(
            "invalid_argument",
            f"Fiscal year {fy} predates EDGAR (electronic filings start in 1993).",
            "Ask for a fiscal year from 1993 on.",
        )
    if fy > today.year + 2:
        raise EdgarError(
            "out_of_scope",
            f"Fiscal year {fy} is in the future; EDGAR holds what companies filed.",
            f"Ask for a fiscal year up to {today.year}, or omit the fiscal year for the latest filing.",
        )


def _by_accession(
    hist: S.History, client: SecClient, accn: str, family: str, forms: tuple[str, ...], fy: int | None
) -> Filing:
    yy = int(accn[11:13])
    year = 1900 + yy if yy >= 90 else 2000 + yy
    for page in hist.unread():
        if accn in hist.rows or (page.listed_to is not None and page.listed_to.year < year - 1):
            break
        hist.read(client, page)
    row = hist.rows.get(accn)
    name = str(hist.header.get("name") or f"CIK {hist.cik}")
    if row is None:
        gaps = hist.gaps(date(year - 1, 1, 1), date(year + 1, 12, 31))
        raise EdgarError(
            "not_found",
            f"Accession {accn} is not among the filings of {name} (CIK {hist.cik})"
            + (f"; note that {_gap_reason(gaps)}." if gaps else "."),
            "Check the accession number and the company: a filing agent's accession number does not name the "
            f"company. List the company's filings with {tool('list_filings')}.",
        )
    builder = _Builder(hist)
    oldest = min(r.filing_date for r in hist.rows.values())
    if (
        S.is_amendment(row.form)
        and accn not in builder.amends
        and row.report_date is not None
        and row.report_date < oldest
        and hist.unread()
    ):
        hist.read(client, hist.unread()[0])  # its original may be on the next older page
        builder = _Builder(hist)
    filing = builder.filing(row)
    if row.form not in forms:
        raise EdgarError(
            "invalid_argument",
            f"Accession {accn} is a {row.form}, not a {family}.",
            f"Pass {param('form')} {S.family_of(row.form) or row.form} to use it, or omit {param('accession_number')}.",
            filing=filing,
        )
    if fy is not None and filing.fiscal_year != fy:
        raise EdgarError(
            "invalid_argument",
            f"Accession {accn} reports fiscal year {filing.fiscal_year} (period {row.report_date}), not {fy}.",
            "Pass only the accession number, or only the fiscal year.",
            filing=filing,
        )
    return filing


def _by_fiscal_year(
    hist: S.History, client: SecClient, fy: int, family: str, forms: tuple[str, ...], today: date
) -> Filing:
    fye = S.fye_mmdd(hist.header.get("fiscalYearEnd"))
    name = str(hist.header.get("name") or f"CIK {hist.cik}")
    year_end = S.estimated_year_end(fy, fye)

    def candidates(builder: _Builder) -> list[S.Row]:
        return [r for r in hist.rows.values() if r.form in forms and builder.fiscal_year(r) == fy]

    # A report for the year is filed after the year ends (an annual report) or after its first quarter (a 10-Q).
    # year_end is estimated from today's fiscal year end, which the company may have changed: allow a year more.
    annual = family in S.ANNUAL_FAMILIES
    filed_after = year_end - timedelta(days=366 if annual else 2 * 366)

    def wanted_from(builder: _Builder) -> date | None:
        """How far back the history must be read: None while no original is found; for 10-Qs, until the year's
        other quarters (ending at most nine months before the earliest found) are covered too."""
        found = [r for r in candidates(builder) if not S.is_amendment(r.form)]
        if not found:
            return None
        if annual:
            return date.max
        return min(r.report_date for r in found if r.report_date) - timedelta(days=280)

    builder = _Builder(hist)
    pages = hist.unread()
    while pages:
        need = wanted_from(builder)
        oldest = min((r.filing_date for r in hist.rows.values()), default=date.max)
        if need is not None and oldest <= need:
            break
        page = pages.pop(0)
        if page.listed_to is not None and page.listed_to < (filed_after if need is None else need):
            break
        hist.read(client, page)
        builder = _Builder(hist)
    found = candidates(builder)
    originals = [r for r in found if not S.is_amendment(r.form)]
    preferred = [r for r in originals if r.form == family] or originals
    if len(preferred) == 1:
        return builder.filing(preferred[0])
    if len(preferred) > 1:
        cands = [builder.filing(r) for r in sorted(preferred, key=lambda r: r.order_key)]
        gaps = hist.gaps(filed_after, year_end + timedelta(days=400))
        raise EdgarError(
            "ambiguous",
            f"{name} filed {len(cands)} original {family} reports for fiscal year {fy}: "
            + "; ".join(f"{c.form} {c.accession_number} (period {c.period_of_report})" for c in cands)
            + "."
            + (f" The list may be incomplete: {_gap_reason(gaps)}." if gaps else ""),
            "Pick one by its accession number.",
            candidates=cands,
        )
    _raise_no_fiscal_year(hist, builder, fy, family, forms, found, year_end, today)
    raise AssertionError("unreachable")  # pragma: no cover


def _name_unless_foreign_private_issuer(hist: S.History, family: str) -> str:
    """The filer's name for a not_found message; raises not_found (foreign_private_issuer=True) first when a
    10-K or 10-Q was asked of a foreign private issuer, naming the annual form it files instead."""
    name = str(hist.header.get("name") or f"CIK {hist.cik}")
    if family in ("10-K", "10-Q") and _foreign_private_issuer(hist):
        fpi = _fpi_forms(hist).split(" and ")[0]
        raise EdgarError(
            "not_found",
            f"{name} files no {family}: it is a foreign private issuer filing {fpi} annual reports.",
            f"Ask for {param('form')} {fpi}.",
            foreign_private_issuer=True,
        )
    return name


def _raise_no_fiscal_year(
    hist: S.History,
    builder: _Builder,
    fy: int,
    family: str,
    forms: tuple[str, ...],
    amendments: list[S.Row],
    year_end: date,
    today: date,
) -> None:
    name = _name_unless_foreign_private_issuer(hist, family)
    labelled = [
        (builder.fiscal_year(r), r) for r in hist.rows.values() if r.form in forms and not S.is_amendment(r.form)
    ]
    years = sorted({y for y, _ in labelled if y is not None})
    latest = years[-1] if years else None
    if year_end > today:
        reason = f"fiscal year {fy} has not ended (it ends around {year_end})"
        if (year_end - today).days > 366:
            raise EdgarError(
                "out_of_scope",
                f"{possessive(name)} {reason}; EDGAR holds what companies filed.",
                f"Ask for FY{latest} (the latest filed) or earlier." if latest else "Omit the fiscal year.",
                latest_fiscal_year=latest,
            )
    elif amendments:
        reason = (
            "only amendments of it were found ("
            + ", ".join(f"{r.form} {r.accession}" for r in amendments)
            + "); the original is not in the history read"
        )
    elif latest is not None and fy > latest:
        reason = f"the report for fiscal year {fy} (ending around {year_end}) has not been filed yet"
    else:
        # The report for the year is filed within months of its end; a gap there may hide it.
        # (a 10-Q of the year is filed during it, from its first quarter on)
        filed_from = year_end if family in S.ANNUAL_FAMILIES else year_end - timedelta(days=366)
        gaps = hist.gaps(filed_from, year_end + timedelta(days=400))
        reason = (
            f"the history that would hold it could not be read: {_gap_reason(gaps)}"
            if gaps
            else f"no original {family} with a period in fiscal year {fy} is in the history"
        )
    stop = successors.history_stop(hist.cik) if years and fy < years[0] else None  # before a reorganisation
    raise EdgarError(
        "not_found",
        f"No {family} of {name} for fiscal year {fy}: {reason}."
        + (f" The latest fiscal year with a {family} is FY{latest}." if latest else "")
        + (f" {stop}" if stop else ""),
        (
            f"Ask for FY{latest}, or list the filings with {tool('list_filings')} ({param('forms')} {family})."
            if latest
            else f"List the filings with {tool('list_filings')} ({param('forms')} {family})."
        ),
        latest_fiscal_year=latest,
        earliest_fiscal_year=years[0] if years else None,
        amendments=[builder.filing(r) for r in amendments],
    )


def _latest(hist: S.History, client: SecClient, family: str, forms: tuple[str, ...]) -> Filing:
    def originals() -> list[S.Row]:
        return [r for r in hist.rows.values() if r.form in forms and not S.is_amendment(r.form)]

    for page in hist.unread():
        if originals():
            break
        hist.read(client, page)
    found = originals()
    builder = _Builder(hist)
    if found:
        return builder.filing(max(found, key=lambda r: r.order_key))
    name = _name_unless_foreign_private_issuer(hist, family)
    gaps = hist.gaps(None, None)
    amendments = [r for r in hist.rows.values() if r.form in forms]
    raise EdgarError(
        "not_found",
        f"{name} has no original {family} in its filing history"
        + (f"; {_gap_reason(gaps)}" if gaps else "")
        + (f" (only amendments: {', '.join(r.accession for r in amendments)})" if amendments else "")
        + ".",
        f"List the company's filings with {tool('list_filings')} to see which forms it files.",
        amendments=[builder.filing(r) for r in amendments],
    )

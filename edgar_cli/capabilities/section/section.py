"""get_filing_section: one named section of a 10-K, 10-Q or 20-F as clean text, a page at a time."""

from __future__ import annotations

import json
import re
import zlib
from datetime import date
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from ...documents import items as I
from ...documents.references import analyse, body_of
from ...documents.sections import Outline, Section, build_outline
from ...documents.text import TextDocument, detect_form, to_document
from ...errors import EdgarError
from ...sec import urls, validate
from ...sec.client import SecClient, get_client
from ...vocabulary import param, surface, tool
from . import MAX_CHARS_LIMIT
from .model import Confidence, FilingOutline, FilingSection, SectionOutlineEntry

DEFAULT_MAX_CHARS = 20_000
MAX_FILE_BYTES = 60_000_000
PARSER_VERSION = "3"  # bump when documents/ changes what it extracts: cached outlines are keyed by it
_CORE_FLOORS = {
    ("10-K", "1"): 2000,
    ("10-K", "1A"): 1500,
    ("10-K", "7"): 3000,
    ("10-K", "8"): 3000,
    ("10-Q", "I-1"): 3000,
    ("10-Q", "I-2"): 2000,
    ("20-F", "3D"): 1500,
    ("20-F", "5"): 2000,
}


def get_filing_section(
    company: Annotated[
        str | None, Field(description="Ticker, CIK or company name, e.g. NVDA; omit with `file`")
    ] = None,
    section: Annotated[
        str,
        Field(
            description="Section key or alias: risk_factors, 'Item 1A', 'MD&A', mda, "
            "financial_statements, 'Part II Item 1A' (10-Q), ..."
        ),
    ] = "risk_factors",
    accession_number: Annotated[str | None, Field(description="Accession number, e.g. 0001045810-25-000023")] = None,
    fiscal_year: Annotated[int | None, Field(description="Fiscal year by the company's calendar, e.g. 2024")] = None,
    form: Annotated[
        str | None, Field(description="10-K (default), 10-Q or 20-F; with `file`, detected when omitted")
    ] = None,
    max_chars: Annotated[
        int, Field(description="Most characters of text to return (1-200000; 0 for the whole section)")
    ] = DEFAULT_MAX_CHARS,
    offset: Annotated[
        int, Field(description="Character offset in the section to start from (next_offset of the previous page)")
    ] = 0,
    file: Annotated[
        str | None,
        Field(description="Path of a filing document already on disk (HTML or text) to read instead of fetching one"),
    ] = None,
    *,
    client: SecClient | None = None,
) -> FilingSection:
    """A named section of a company's 10-K, 10-Q or 20-F (risk factors, MD&A, ...) as clean text, with provenance.

    The filing: ``accession_number`` (it must be the company's), or the original
    report of fiscal year ``fiscal_year``, or by default the latest original of ``form`` (10-K).
    With ``form`` omitted, a foreign private issuer (20-F, no 10-K) gets its 20-F, the
    10-K's section named mapped to the 20-F's item (risk_factors is Item 3.D), and a note.
    ``max_chars`` 0 returns the whole section in one page.
    With ``file``, a document on disk is read instead and nothing is fetched.

    Sections by form (key (item)): 10-K business (1), risk_factors (1A),
    unresolved_staff_comments (1B), cybersecurity (1C), properties (2),
    legal_proceedings (3), market_for_equity (5), mda (7), market_risk (7A),
    financial_statements (8), controls (9A), directors (10),
    executive_compensation (11), security_ownership (12), related_transactions
    (13), accountant_fees (14), exhibits (15); 10-Q financial_statements (I-1),
    mda (I-2), market_risk (I-3), controls (I-4), legal_proceedings (II-1),
    risk_factors (II-1A), unregistered_sales (II-2), other_information (II-5),
    exhibits (II-6); 20-F risk_factors (3.D), company_information (4),
    operating_review (5), directors (6), financial_information (8),
    financial_statements (18) and others; financial_statements_appendix (F) is
    the statements placed after the last item or the signatures (F-pages); every
    form: cover (C), the cover page, and explanatory_note (EN), the note before
    the first item saying why an amendment (10-K/A) was filed.
    Aliases such as "Item 1A", "MD&A", "Part II Item 1A" and the item as the
    outline shows it ("F", "II-1A") are accepted; forms are spelled as
    list_filings takes them (10-Q, 10q, 10-K/A). A pre-2003 10-K's Item 14
    (exhibits) is returned as exhibits.

    Boundaries skip the table of contents, ignore cross-references in running
    text and end at the next item heading. A section that only points elsewhere
    (Part III "incorporated by reference" from the proxy statement, NVIDIA's
    Item 8 pointing to the statements under Item 15, an Annual Report exhibit)
    comes back as that pointer with ``is_reference: true`` and
    ``reference_target``/``reference_section``. Items whose headings are stacked
    above one pointer naming them all ("Items 10, 11, 12 and 13 are
    incorporated by reference ...") share it: their text runs through it.

    Returns: text (a page of at most ``max_chars`` characters; paragraphs split
    by blank lines, table rows by newlines, cells by " | "), section, item,
    label, heading, form, company_name, cik, filed, period_of_report,
    accession_number, document_url (or source_file), chars_total,
    chars_returned, offset, next_offset (null on the last page), truncated,
    is_reference, reference_target, reference_section, extraction_confidence
    (high/medium/low) with confidence_reasons, and the outline of every section
    found.

    Errors: invalid_argument (unknown section for the form: the keys are listed;
    malformed accession; bad max_chars/offset; an 8-K or other form without
    items; a file together with a company, accession number or fiscal year), not_found (unknown company or filing; a section missing from the
    document: the message names the document URL and the sections found),
    ambiguous, out_of_scope (see find_filing).
    Source: the primary document in www.sec.gov/Archives/edgar/data/<cik>/<accession>/,
    found through data.sec.gov/submissions/CIK##########.json.
    """
    client = client or get_client()
    if not 0 <= int(max_chars) <= MAX_CHARS_LIMIT:
        raise EdgarError(
            "invalid_argument",
            f"{param('max_chars')} must be between 0 (the whole section) and {MAX_CHARS_LIMIT}, not {max_chars}.",
            f"Use the default {DEFAULT_MAX_CHARS} and page with {param('offset')} (next_offset), or 0.",
        )
    if int(offset) < 0:
        raise EdgarError(
            "invalid_argument",
            f"{param('offset')} must be 0 or more, not {offset}.",
            f"Start at 0 and pass next_offset from the previous page as {param('offset')}.",
        )
    _refuse_an_accession_as_company(company)
    notes: list[str] = []
    warnings: list[str] = []
    doc, outline, form_as_filed, meta = _open(
        company, section, accession_number, fiscal_year, form, file, client, notes, warnings
    )
    later = meta.pop("_later_amendment", None)
    fam = outline.form
    spec = _spec_or_raise(fam, section, asked=I.family(form or "10-K") if file is None else None)
    found = outline.get(spec.key)
    if found is None and spec.key == "explanatory_note" and later:
        # the note saying why an amendment was filed is the amendment's: read from it, and said so
        try:
            amended = get_filing_section(
                company, "explanatory_note", accession_number=later, max_chars=max_chars, offset=offset, client=client
            )
        except EdgarError:
            amended = None
        if amended is not None:
            amended.notes.insert(
                0,
                f"{meta.get('accession_number')} ({form_as_filed}) has no explanatory note; this is the one of its "
                f"later amendment {later} ({amended.form}), which says why the amendment was filed.",
            )
            return amended
    if found is None:
        where = meta.get("document_url") or meta.get("source_file")
        keys = [f"{s.key} ({s.item})" for s in outline.sections]
        raise EdgarError(
            "not_found",
            f"{spec.label} was not found in {where}. Sections found: {', '.join(keys) if keys else 'none'}.",
            "Ask for one of the sections found, or read the document at the URL given."
            + (
                " Item 1A was added to Form 10-K for fiscal years ending after 2005-12-01."
                if (fam, spec.item) == ("10-K", "1A")
                else ""
            )
            + (
                f" Before 2003 Item 14 was {I.OLD_ITEM_14_TITLE}: this filing's Item 14 is section exhibits, and "
                "principal accountant fees were not yet a 10-K item."
                if (fam, spec.item) == ("10-K", "14") and any(s.item == "14" for s in outline.sections)
                else ""
            ),
            document_url=meta.get("document_url"),
            source_file=meta.get("source_file"),
            outline=[e.model_dump() for e in _outline_entries(doc, outline)],
        )
    return _result(doc, outline, found, form_as_filed, meta, max_chars, offset, notes, warnings)


def _by_accession(company: str, accession: str, fy: int | None, client: SecClient):
    """The filing an accession number names, whichever periodic form it is (10-K, 10-Q, 20-F or 40-F)."""
    from ..filings.filings import find_filing

    try:
        return find_filing(company, accession_number=accession, fiscal_year=fy, form="10-K", client=client)
    except EdgarError as exc:
        found = exc.extras.get("filing") if exc.code == "invalid_argument" else None
        form = found.get("form") if isinstance(found, dict) else getattr(found, "form", None)
        family = I.family(str(form)) if form else None
        if family is None or family == "10-K":
            raise
        return find_filing(company, accession_number=accession, fiscal_year=fy, form=family, client=client)


def _open(
    company: str | None,
    section: str | None,
    accession: str | None,
    fy: int | None,
    form: str | None,
    file: str | None,
    client: SecClient,
    notes: list[str],
    warnings: list[str],
) -> tuple[TextDocument, Outline, str, dict]:
    """The document (from the SEC or a file), its outline, the form as filed and the provenance fields.

    With no form given, a foreign private issuer's 20-F stands in for the 10-K it does not file.
    """
    meta: dict = {}
    if file is not None:
        if company is not None and company.strip():
            raise EdgarError(
                "invalid_argument",
                "Pass a company or a file, not both.",
                f"Use {param('file')} alone for a document on disk.",
            )
        if accession is not None or fy is not None:
            given = " and ".join(
                n for n, v in (("an accession number", accession), ("a fiscal year", fy)) if v is not None
            )
            raise EdgarError(
                "invalid_argument",
                f"A file on disk is one filing: {given} cannot select another.",
                f"Pass the file alone (with {param('form')} if needed), or a company with "
                f"{param('accession_number')} or {param('fiscal_year')}.",
            )
        doc, outline, form_as_filed = _from_file(file, form, client, notes)
        meta["source_file"] = str(Path(file).resolve())
        return doc, outline, form_as_filed, meta
    if not company or not company.strip():
        # a file on disk is the CLI's alone: the MCP server does not read its own disk for a caller
        alone = f" (or {param('file')})" if surface() == "cli" else ""
        raise EdgarError(
            "invalid_argument",
            f"A company is required{alone}.",
            ("Give the company first, before the section" if surface() == "cli" else f"Pass {param('company')}")
            + ": a ticker, CIK or company name, e.g. NVDA"
            + (
                f", with {param('accession_number')} (an accession number alone does not name the "
                "filer: it begins with the filing agent's CIK)."
                if accession is not None
                else "."
            ),
        )
    from ..filings.filings import find_filing, stale_history_notes

    if accession is not None and form is None:
        # the accession number says what the filing is: a 10-Q's is read as a 10-Q, not refused as no 10-K
        filing = _by_accession(company, accession, fy, client)
        fam = I.family(filing.form) or "10-K"
        if section is not None:
            _spec_or_raise(fam, section)
    else:
        fam = _family_or_raise(form or "10-K")
        if form is not None and accession is None:
            _family_not_variant(form)
        if section is not None and not (form is None and I.resolve_key("20-F", section)):
            _spec_or_raise(fam, section)  # before any request (a 20-F section waits: the filer may file 20-F)
        try:
            filing = find_filing(company, accession_number=accession, fiscal_year=fy, form=fam, client=client)
        except EdgarError as exc:
            if form is not None or not exc.extras.get("foreign_private_issuer"):
                raise
            try:  # the 20-F is a foreign private issuer's annual report: read it rather than refuse
                filing = find_filing(company, accession_number=accession, fiscal_year=fy, form="20-F", client=client)
            except EdgarError:
                raise exc from None
            notes.append(f"{filing.company_name} files 20-F annual reports, not 10-K: this is its {filing.form}.")
    document_url = filing.document_url
    if not document_url:
        # older filings list no primary document: read the full submission (.txt) and take its main document
        document_url = urls.full_submission_text(filing.cik, filing.accession_number)
        notes.append("The SEC lists no primary document for this filing; read from the full submission text.")
    try:
        doc, outline = load_document(
            client,
            document_url,
            I.family(filing.form) or fam,
            filing.company_name,
            form=filing.form,
            period=filing.period_of_report,
        )
    except EdgarError as exc:
        if exc.code != "not_found" or accession is not None or exc.extras.get("url") != document_url:
            raise
        raise _older_instead(exc, company, filing, I.family(filing.form) or fam, client) from None
    meta.update(
        company_name=filing.company_name,
        cik=filing.cik,
        filed=filing.filed,
        period_of_report=filing.period_of_report,
        fiscal_year=filing.fiscal_year,
        accession_number=filing.accession_number,
        document_url=document_url,
    )
    if filing.is_amendment:
        warnings.append(f"This is an amendment ({filing.form}); many amendments restate only some items.")
    warnings.extend(stale_history_notes(client, filing.cik))  # found in a stale copy of the history: dated
    if filing.superseded_by:
        later = filing.superseded_by
        meta["_later_amendment"] = later  # taken off by the caller (not a field of the result)
        ask = (
            f"{tool('get_filing_section')} {filing.cik} {param('accession_number')} {later}"
            if surface() == "cli"
            else f"{tool('get_filing_section')} with accession_number {later} and no section"
        )
        spec = I.resolve_key(fam, section) if section is not None else None
        if (
            spec is not None and spec.key in _PART_III
        ):  # what a 10-K/A most often carries: the item itself, not the proxy it points to
            item = (
                f"{tool('get_filing_section')} {filing.cik} {spec.key} {param('accession_number')} {later}"
                if surface() == "cli"
                else f"{tool('get_filing_section')} with section {spec.key} and accession_number {later}"
            )
            notes.append(
                f"A later amendment exists: {later}. A 10-K/A most often amends Part III (Items 10-14), this item "
                f"among them; read its version with {item}."
            )
        else:
            notes.append(
                f"A later amendment exists: {later}. A 10-K/A often amends only Part III (Items 10-14) or exhibits; "
                f"its outline ({ask}) shows whether it holds this section."
            )
    return doc, outline, filing.form, meta


# Part III of a 10-K (Items 10-14), which a filer often gives in a 10-K/A instead of the proxy statement
_PART_III = ("directors", "executive_compensation", "security_ownership", "related_transactions", "accountant_fees")


def _older_instead(exc: EdgarError, company: str, filing: Any, fam: str, client: SecClient) -> EdgarError:
    """``exc`` (the document of the filing chosen for the caller, not found) with a suggestion naming the next
    older filing of the form family, how to ask for it, and how to list the others."""
    from ..filings.filings import list_filings

    listing = (
        f"{tool('list_filings')} {company} {param('forms')} {fam}"
        if surface() == "cli"
        else f"{tool('list_filings')} with {param('forms')} {fam}"
    )
    try:
        listed = list_filings(company, forms=[fam], limit=40, client=client).filings
    except EdgarError:
        listed = []
    older = next(
        (f for f in listed if not f.is_amendment and f.filed < filing.filed and f.form == filing.form),
        None,
    )
    said = (
        f"The next older {filing.form} is {older.accession_number} (filed {older.filed}): ask for it with "
        f"{param('accession_number')} {older.accession_number}; the others: {listing}."
        if older is not None
        else f"The company's other {fam} filings: {listing}."
    )
    return EdgarError(
        exc.code,
        exc.message,
        f"{said} {exc.suggestion}".strip(),
        **exc.extras,
        **({"older_accession_number": older.accession_number} if older is not None else {}),
    )


def get_filing_outline(
    company: Annotated[
        str | None, Field(description="Ticker, CIK or company name, e.g. NVDA; omit with `file`")
    ] = None,
    accession_number: Annotated[str | None, Field(description="Accession number, e.g. 0001045810-25-000023")] = None,
    fiscal_year: Annotated[int | None, Field(description="Fiscal year by the company's calendar, e.g. 2024")] = None,
    form: Annotated[str | None, Field(description="10-K (default; a 20-F filer's 20-F), 10-Q or 20-F")] = None,
    file: Annotated[str | None, Field(description="Path of a filing document already on disk (HTML or text)")] = None,
    *,
    client: SecClient | None = None,
) -> FilingOutline:
    """The sections found in a 10-K, 10-Q or 20-F document (its outline), with the filing's provenance.

    The filing is chosen as get_filing_section chooses it. Returns: form,
    company_name, cik, filed, period_of_report, fiscal_year, accession_number,
    document_url (or source_file) and sections (section key, item, label,
    chars, is_reference, found_by) in document order.
    Errors: as get_filing_section (invalid_argument, not_found, ambiguous, out_of_scope).
    Source: the primary document in www.sec.gov/Archives/edgar/data/<cik>/<accession>/,
    found through data.sec.gov/submissions/CIK##########.json.
    """
    client = client or get_client()
    _refuse_an_accession_as_company(company)
    notes: list[str] = []
    warnings: list[str] = []
    doc, outline, form_as_filed, meta = _open(
        company, None, accession_number, fiscal_year, form, file, client, notes, warnings
    )
    meta.pop("_later_amendment", None)
    return FilingOutline(
        form=form_as_filed, sections=_outline_entries(doc, outline), notes=notes, warnings=warnings, **meta
    )


# --- arguments ------------------------------------------------------------------------------------


def _family_or_raise(form: str) -> str:
    fam = I.family(form)
    if fam is None:
        raise EdgarError(
            "invalid_argument",
            f"Sections are read from 10-K, 10-Q and 20-F filings, not {form!r}.",
            f"Pass {param('form')} 10-K, 10-Q or 20-F (amendments and variants such as 10-K405 count too).",
        )
    return fam


def _family_not_variant(form: str) -> None:
    """Without an accession number, form picks a family: a variant (10-K/A) would silently read the original."""
    from ...sec import submissions as S
    from ..filings.filings import parse_form

    named, _ = parse_form(form)
    if named is not None and named not in S.FORM_FAMILIES:
        raise EdgarError(
            "invalid_argument",
            f"{param('form')} {named} names one variant of the {I.family(named)} "
            f"family: without an accession number {param('form')} picks a family, and a family reads "
            "its original report, not an amendment.",
            f"To read a {named}, pass its {param('accession_number')} (find it with "
            f"{tool('list_filings')}, {param('forms')} {named}); else pass {param('form')} "
            f"{I.family(named)}.",
            form=named,
            family=I.family(named),
        )


def _spec_or_raise(fam: str, section: str, asked: str | None = None) -> I.ItemSpec:
    """The item ``section`` names in a ``fam`` filing; ``asked``: the family it was named for (10-K for a 20-F read instead)."""
    spec = I.resolve_key(fam, section or "")
    if spec is None and asked and asked != fam:  # "Item 1A" of a 10-K is risk_factors, Item 3.D of a 20-F
        named = I.resolve_key(asked, section or "")
        spec = I.resolve_key(fam, named.key) if named is not None else None
    if spec is None:
        close = I.closest_keys(fam, section or "")
        hint = f" Did you mean {' or '.join(repr(k) for k in close)}?" if close else ""
        raise EdgarError(
            "invalid_argument",
            f"Unknown {fam} section {section!r}.{hint}",
            f"Sections of a {fam}: {I.keys_help(fam)}.",
            form=fam,
            sections=[s.key for s in I.specs(fam)],
            did_you_mean=close,
        )
    return spec


# --- documents and the cache -----------------------------------------------------------------------


# The items an original 10-K, 10-Q and 20-F holds a heading for (a smaller reporting company's "Item 1A. Risk
# Factors: not required" is a heading too); Item 1A from fiscal years ending after 2005-12-01. An amendment may
# restate any part, so it expects none.
CORE_ITEMS = {"10-K": ("1", "1A", "7"), "10-Q": ("I-1", "I-2"), "20-F": ("3", "5")}
ITEM_1A_FROM = date(2005, 12, 1)
DOCUMENT_CHECK = "2"  # bump when what a document must be to be kept changes: parses kept before are read again


def _names_item(text: str, item: str) -> bool:
    """Whether ``text`` names ``item`` ("I-2" as "Item 2", "1A" as "Item 1A"), in a table of contents or anywhere."""
    num, letter = re.match(r"(\d+)([A-Z]?)", item.split("-")[-1]).groups()  # type: ignore[union-attr]
    tail = rf"\s*\.?\s*{letter}\b" if letter else r"(?!\d|\s*\.?\s*[a-z]\b)"
    return re.search(rf"\bitems?\s*{num}{tail}", text, re.I) is not None


def missing_core_items(
    outline: Outline, form: str | None, period: date | str | None, text: str | None = None
) -> list[str]:
    """The core items (CORE_ITEMS) an original ``form`` of ``period`` expects that ``outline`` lacks: all of them
    when no section was read at all, else those the document's ``text`` names (its table of contents lists
    them: a copy cut off before them, or with their headings gone) without a section for them. A filer that
    omits an item without ever naming it is not held to it."""
    if not form or form.upper().replace(" ", "").endswith("/A"):
        return []
    fam = I.family(form)
    when = date.fromisoformat(period[:10]) if isinstance(period, str) and period else period or None
    found = {s.item for s in outline.sections}
    expected = [
        item for item in CORE_ITEMS.get(fam or "", ()) if not (item == "1A" and (when is None or when < ITEM_1A_FROM))
    ]
    if not found:
        return expected
    return [item for item in expected if item not in found and (text is None or _names_item(text, item))]


def load_document(
    client: SecClient,
    url: str,
    form_family: str,
    filer: str | None = None,
    *,
    form: str | None = None,
    period: date | str | None = None,
) -> tuple[TextDocument, Outline]:
    """The parsed document and its outline: per-process memo, then the disk cache, then fetch and parse.

    The body must pass validate.check_filing_document (markup, a plausible size, whole, an item heading or a
    word of ``filer``'s name; with ``form`` as filed and ``period``, the period of report from the submissions:
    that filing's own document by its inline XBRL cover facts) and, for an original 10-K, 10-Q or 20-F, hold
    its core items (missing_core_items): else the body is refused like a damaged one (retried, then
    ``upstream_unavailable`` naming the URL) and nothing is cached. A document from which no section could be
    read is returned (the caller says what is missing) but neither its parse nor its body is kept: the next call
    fetches it again, so one bad answer cannot stand for the filing. A parse kept before these checks
    (DOCUMENT_CHECK) is read again from a checked body.
    """
    key = f"section-doc:v{PARSER_VERSION}:{form_family}:{url}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is not None:
        return hit
    checked = form is not None
    entry = client.cache_get(key, None)
    parsed: tuple[TextDocument, Outline] | None = None
    if entry is not None and (not checked or entry.meta.get("checked") == DOCUMENT_CHECK):
        try:
            data = json.loads(zlib.decompress(entry.payload))
            parsed = TextDocument.from_payload(data["doc"]), Outline.from_payload(data["outline"])
        except (ValueError, KeyError, TypeError, zlib.error):
            parsed = None
        if parsed is None or not parsed[1].sections:  # damaged, or kept from a body without sections: read again
            client.cache.delete(key)
            parsed = None
    if parsed is None:
        read: list[tuple[TextDocument, Outline]] = []

        def check(body: bytes) -> None:  # inside the fetch: a refused body is retried, never cached
            validate.check_filing_document(url, body, filer=filer, form=form, period=period)
            doc = to_document(body, form_family)
            outline = build_outline(doc, form_family)
            missing = missing_core_items(outline, form, period, doc.text)
            if missing:
                raise validate.InvalidBody(
                    f"a {form} document without its Item {', '.join(missing)} heading"
                    f"{'s' if len(missing) > 1 else ''} (cut off, or not the filing's whole document)"
                )
            read[:] = [(doc, outline)]

        client.get_bytes(url, kind="archive", check=check)
        parsed = read[-1]
        if not parsed[1].sections:
            client.forget(url, kind="archive")  # not kept as the filing: a later call fetches it again
            return parsed
        payload = json.dumps({"doc": parsed[0].to_payload(), "outline": parsed[1].to_payload()}, separators=(",", ":"))
        client.cache_set(
            key,
            zlib.compress(payload.encode("utf-8"), 6),
            {"url": url, "parser": PARSER_VERSION, **({"checked": DOCUMENT_CHECK} if checked else {})},
        )
    with client.memo_lock:
        client.memo[key] = parsed
    return parsed


def _from_file(path: str, form: str | None, client: SecClient, notes: list[str]) -> tuple[TextDocument, Outline, str]:
    shown = path[:200]
    try:
        p = Path(path).expanduser()
        if not p.is_file():
            raise EdgarError("not_found", f"No file at {shown}.", "Pass the path of a filing document (HTML or .txt).")
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise EdgarError(
                "invalid_argument",
                f"{shown} is {size / 1e6:.0f} MB; filing documents are under {MAX_FILE_BYTES // 1_000_000} MB.",
                "Pass the primary document, not a whole archive.",
            )
        raw = p.read_bytes()
    except (OSError, ValueError) as exc:  # a name too long for the OS, a NUL byte, no permission
        raise EdgarError(
            "invalid_argument",
            f"Cannot read {shown!r}: {exc.__class__.__name__}.",
            "Pass the path of a readable filing document (HTML or .txt).",
        ) from None
    import hashlib

    digest = hashlib.sha256(raw).hexdigest()
    declared = detect_form(raw)
    fam = _family_or_raise(form) if form else I.family(declared)
    doc = None
    if fam is None:
        doc = to_document(raw, None)
        declared = detect_form(raw, doc)
        fam = I.family(declared)
    if fam is None:
        raise EdgarError(
            "invalid_argument",
            f"{path} does not look like a 10-K, 10-Q or 20-F"
            + (f" (it declares {declared})" if declared else "")
            + ".",
            f"Pass {param('form')} 10-K, 10-Q or 20-F if it is one.",
            detected_form=declared,
        )
    if form is None:
        notes.append(f"Form {declared} detected from the document.")
    elif declared and I.family(declared) not in (None, fam):
        notes.append(f"The document declares form {declared}; read as a {fam} as asked.")
    key = f"section-file:{PARSER_VERSION}:{fam}:{digest}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is None:
        doc = doc or to_document(raw, fam)
        hit = (doc, build_outline(doc, fam))
        with client.memo_lock:
            client.memo[key] = hit
    return hit[0], hit[1], (declared if declared and I.family(declared) == fam else fam)


# --- the result -----------------------------------------------------------------------------------


def _outline_entries(doc: TextDocument, outline: Outline) -> list[SectionOutlineEntry]:
    return [
        SectionOutlineEntry(
            section=s.key,
            item=s.item,
            label=s.label,
            chars=len(doc.text[s.start : s.end].rstrip()),
            is_reference=analyse(doc, outline, s) is not None,
            found_by=s.found_by,
        )
        for s in outline.sections
    ]


def _page(text: str, offset: int, max_chars: int) -> tuple[str, int | None]:
    """A page of text from offset, cut after a line break near the end when more follows.

    The break (and any blank line after it, within max_chars) stays at the end of the page, so that the pages
    put end to end are the section exactly: no paragraph runs into the next across a cut.
    """
    end = offset + max_chars
    if end >= len(text):
        return text[offset:], None
    cut = text.rfind("\n", offset + int(max_chars * 0.8), end)
    if cut <= offset:
        cut = text.rfind(" ", offset + int(max_chars * 0.8), end)
    if cut <= offset:
        cut = end - 1
    nxt = cut + 1
    while nxt < end and text[nxt] in "\n ":
        nxt += 1
    return text[offset:nxt], nxt


def confidence(
    doc: TextDocument, outline: Outline, s: Section, is_reference: bool, shared_with: str | None = None
) -> tuple[Confidence, list[str]]:
    """high / medium / low with the reasons that lowered it."""
    reasons: list[str] = []
    level = 0  # 0 high, 1 medium, 2 low
    body = body_of(doc, s)
    if shared_with is not None:
        # stacked headings above one pointer look like a table of contents; the pointer naming the item says not
        return "medium", [f"no text of its own: the pointer under Item {shared_with}, which names this item, covers it"]
    if s.found_by == "title_heading":
        level = max(level, 1)
        reasons.append(f"no '{s.label.split('.')[0]}' heading: found by a heading with its title only")
    elif s.found_by == "statements_start":
        level = max(level, 1)
        reasons.append("no 'Item 1' heading: starts at the first financial statement")
    elif s.found_by == "omitted_list":
        reasons.append("the filing lists this item as omitted")
    elif s.found_by == "front_matter":  # documents/sections.py, rule 5
        reasons.append("front matter before the first item; ends at the table of contents, a PART heading or an item")
    elif not s.title_matched:
        level = max(level, 1)
        reasons.append("the heading does not carry the item's usual title")
    if s.suspect:
        level = max(level, 2)
        reasons.append("the heading sits among item lines with no text between them (possibly a table of contents)")
    if s.ends_at == "end_of_document" and s.found_by != "omitted_list":
        level = max(level, 1)
        reasons.append("no later heading: the section runs to the end of the document")
    if not body and s.found_by != "omitted_list":
        level = max(level, 1)
        reasons.append("the heading has no text under it (the company may have omitted the item)")
    floor = _CORE_FLOORS.get((outline.form, s.item))
    if floor and body and not is_reference and len(body) < floor:
        level = max(level, 1)
        reasons.append(f"unusually short for this item ({len(body)} characters)")
    if len(body) > 600_000:
        level = max(level, 1)
        reasons.append(f"unusually long ({len(body)} characters): the end may have been missed")
    if s.item == "3D" and s.found_by == "item_heading" and outline.get("key_information") is None:
        level = max(level, 1)
        reasons.append("Item 3 itself was not found")
    if not reasons:
        reasons.append(
            "item heading with its title, outside the table of contents, ends at the next item heading"
            if s.ends_at == "next_item"
            else f"item heading with its title; ends at {s.ends_at.replace('_', ' ')}"
        )
    levels: tuple[Confidence, ...] = ("high", "medium", "low")
    return levels[level], reasons


def _result(
    doc: TextDocument,
    outline: Outline,
    s: Section,
    form_as_filed: str,
    meta: dict,
    max_chars: int,
    offset: int,
    notes: list[str],
    warnings: list[str],
) -> FilingSection:
    pointer = analyse(doc, outline, s)
    shared_with = pointer.shared_with if pointer is not None else None
    # an empty item sharing the pointer of a later one: its text runs through that pointer
    text = doc.text[s.start : pointer.end if pointer is not None and pointer.end else s.end].rstrip()
    if offset > len(text):
        raise EdgarError(
            "invalid_argument",
            f"offset {offset} is past the end of the section ({len(text)} characters).",
            "Start at 0, or pass next_offset from the previous page.",
            chars_total=len(text),
        )
    page, next_offset = _page(text, int(offset), int(max_chars) or len(text) + 1)  # 0: the whole section
    level, reasons = confidence(doc, outline, s, pointer is not None, shared_with)
    if pointer is not None:
        notes.append(
            f"This section points elsewhere: {pointer.target}."
            + (
                f" Its heading has no text of its own; the pointer under Item {shared_with} names it, and "
                "the text runs through that pointer."
                if shared_with
                else ""
            )
            + (f" Ask for section {pointer.section} to read it." if pointer.section else "")
        )
    return FilingSection(
        section=s.key,
        item=s.item,
        label=s.label,
        heading=s.heading or None,
        form=form_as_filed,
        text=page,
        chars_total=len(text),
        chars_returned=len(page),
        offset=int(offset),
        next_offset=next_offset,
        truncated=next_offset is not None,
        is_reference=pointer is not None,
        reference_target=pointer.target if pointer else None,
        reference_section=pointer.section if pointer else None,
        extraction_confidence=level,
        confidence_reasons=reasons,
        outline=_outline_entries(doc, outline),
        warnings=warnings,
        notes=notes,
        **meta,
    )


def _refuse_an_accession_as_company(company: str | None) -> None:
    """Raise invalid_argument when ``company`` is an accession number: a section is read from a company's filing,
    and an accession's prefix is the CIK of whoever submitted it (often a filing agent), never proof of the
    company."""
    if company is None or not urls.ACCESSION_RE.fullmatch(company.strip()):
        return
    accn = company.strip()
    raise EdgarError(
        "invalid_argument",
        f"{accn!r} is an accession number, not a company: a section is read from a company's filing, so give "
        f"the company too (the accession's first ten digits are the submitter's CIK, often a filing agent's, "
        "not the company's).",
        f"Ask for {tool('get_filing_section')} COMPANY {param('accession_number')} {accn}"
        if surface() == "cli"
        else f"Pass the company (ticker or CIK) and {param('accession_number')} {accn}.",
    )

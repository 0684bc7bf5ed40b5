"""verify_answer: check every figure of an answer against the filings it cites.

The capability wires edgar_cli.verification together: it reads the arguments,
resolves the company, loads its XBRL facts and the cited documents, and hands
the figures (verification.claims, verification.periods) to the Grounder
(verification.grounding, .derived), the cited text (verification.cited_text)
and the verdict (verification.verdict).
"""

from __future__ import annotations

import marshal
import re
import zlib
from dataclasses import dataclass, replace
from typing import Annotated

from pydantic import Field

from ...companies import successors
from ...errors import EdgarError
from ...models.companies import CompanyRef
from ...models.verify import AnswerVerification, VerifiedFigure
from ...sec import urls, validate
from ...sec.client import SecClient, get_client
from ...sec.companyfacts import load_company_facts
from ...verification import cited_text as CT
from ...verification import qualifiers as QL
from ...verification import structures as ST
from ...verification.cited_text import TextSource, ground_in_text, text_source
from ...verification.claims import NUMERIC, Figure, extract_figures
from ...verification.grounding import Grounder
from ...verification.subjects import FORMAT as SUBJECTS_FORMAT
from ...verification.subjects import Named, SubjectIndex, SubjectReader, companies_named
from ...verification.verdict import verdict
from ...vocabulary import param, possessive, surface
from ...xbrl import grounding as G
from ...xbrl import inline as IX
from ...xbrl import periods as XP
from ...xbrl.facts import CompanyFacts, reporting_currency
from ..resolve.model import Candidate
from ..resolve.resolve import resolve_company

MAX_ANSWER_CHARS = 200_000
MAX_CITES = 20
# One word that reads as a file path: ./answer.txt, notes/answer.md, ~/a.txt, answer.txt
PATH_LIKE = re.compile(r"(?:~|\.{1,2})?[/\\]\S*|\S*[/\\]\S*|\S+\.[A-Za-z][A-Za-z0-9]{0,4}")
_DOC_URL = re.compile(r"^https://www\.sec\.gov/Archives/edgar/data/(\d+)/(\d{18})/([A-Za-z0-9][\w.-]*)$")


@dataclass
class Cite:
    accession: str
    filename: str | None = None
    text: str = ""  # as given
    cik: int | None = None  # the filer's CIK, when the citation is a www.sec.gov/Archives URL (its path names it)

    @property
    def label(self) -> str:
        return f"{self.accession}:{self.filename}" if self.filename else self.accession


def verify_answer(
    answer: Annotated[
        str,
        Field(description="The answer to check: prose with figures, e.g. 'NVIDIA's FY2024 revenue was $60.9 billion'"),
    ],
    company: Annotated[
        str | None,
        Field(
            description="Ticker, CIK or name of the company the answer is about, "
            "e.g. NVDA; optional when the answer names its companies "
            "(read from the answer; with several, each figure is checked "
            "against the company its clause names) or a cited accession "
            "is the company's own"
        ),
    ] = None,
    cite: Annotated[
        list[str] | None,
        Field(
            description="What the answer cites: accession numbers "
            "(0001045810-24-000029) or documents "
            "(0001045810-25-000023:nvda-20250126.htm or its Archives "
            "URL); figures are then checked against these only"
        ),
    ] = None,
    excerpts: Annotated[
        list[str] | None,
        Field(
            description="Passages the answer relies on (section text, search "
            "excerpts); a number in them supports a figure"
        ),
    ] = None,
    *,
    client: SecClient | None = None,
) -> AnswerVerification:
    """Check that every figure in an answer is grounded in the XBRL facts or text of the filings it cites.

    Figures are read from the prose: amounts with scale and currency ("$60.9
    billion", "60,922 million", "NT$2.89 trillion"), per-share values ("USD
    1.19", "$1.19 per diluted share"), share counts, percentages, dates and
    fiscal years, each with the period the sentence ties it to ("in fiscal
    2024", "Q4 FY2024", "as of January 28, 2024", "for the six months ended
    July 30, 2017"; "the September quarter of 2024", "the June quarter of
    fiscal 2025": the fiscal quarter ending in that month; "calendar 2024,
    which NVIDIA counts as fiscal 2025": that fiscal year, only when it lies
    mostly in the calendar year). A change ("up 126% from a year earlier") is checked for the
    period the sentence is about, never its base; a figure given "a year
    earlier" for the year before the figure it is compared with; in "from $X in
    fiscal 2023 to $Y" the year of $X is not $Y's. A respectively-list ("$383.3
    billion and $394.3 billion in fiscal 2023 and 2022, respectively", "in 2022,
    2023 and 2024") pairs the k-th figure with the k-th period; lists whose
    counts differ leave their figures unchecked. A date after "ended" or "as
    of" is a period end, checked against period ends exactly (52/53-week years
    included), never against starts; when a sentence's date is wrong (no
    period ends then, or not the end of the fiscal year named beside it) the
    date is reported ungrounded and the figure is checked for the period the
    sentence means, with a note (verification/structures.py has the grammar).

    The company: ``company`` when given; else the one company the answer names
    ("Apple reported ...": the names of the largest companies by market value,
    their tickers and common short names, or the whole name of any company in
    the SEC's ticker file when none of those is named), or the filer of a
    cited accession the answer names or that stands alone. An answer naming
    several companies and citing none has each figure checked against the
    company its clause names (as for a sentence naming two, below), with one
    verdict: ``company`` is the first named, each figure's notes say whose
    facts checked it, and a figure in a sentence naming none of them is
    unchecked. An answer naming no company and citing none is an
    invalid_argument; one naming a company and citing another's filing is
    ambiguous, with the candidates: pass ``company``. The result's notes say
    when the company was read from the answer.

    Each figure gets a status:

    - ``grounded``: a fact of the concept the sentence names, for the period
      and kind of period it claims, with the same sign, equals it at the
      answer's rounding ($60.9 billion is 60,922,000,000 rounded to 0.1
      billion; "roughly", "over", "nearly" widen the rounding);
    - ``derived``: a margin ("gross margin", "a 62.4% margin" of the concept
      named before it, "9.9% of revenue on R&D"), growth rate (in the stated
      direction), a quarter a filing gives only inside a longer period (Q4 = the
      year less nine months; Q3 = nine months less six and Q2 = six months less
      the first quarter, as cash flows are reported year to date) or free cash
      flow, computed from facts of that concept and period: "derived from A and
      B", with the formula and both facts as inputs. Amounts the sentence gives
      as the inputs of such a figure ("grew 114%, calculated from $130.5 billion
      and $60.9 billion") are checked against those inputs, each for its own
      period;
    - ``superseded``: equals the value first reported for the period, which
      later filings restated (the value that stands now is named);
    - ``mismatched_period``: a fact of the same concept for another period than
      the one claimed (named);
    - ``ungrounded``: the concept's value for the period differs, the sign or
      direction disagrees, or nothing supports it;
    - ``ambiguous``: calendar wording ("2024", "Q3 2024") at a company whose
      fiscal year is not the calendar year can mean two fiscal periods (NVIDIA's
      "2024": FY2024, which ends in it, or FY2025, which lies mostly in it); the
      figure holds under one only, and ``readings`` names both;
    - ``unchecked``: edgar cannot tell (a figure naming no concept that several
      facts match, a segment or product line, a period the facts do not cover,
      a matching figure edgar suspects is the filer's error: flag
      ``suspected_error``; a figure in a sentence naming no period that
      holds only for an older period than the latest reported; a figure of a
      list of figures whose count differs from its list of periods; a figure
      that holds for only one of two different periods its sentence names,
      both in ``readings``; a figure in a sentence that names another company
      and not this one — "Apple reported revenue of $60.9 billion" checked as
      NVIDIA's; verification/subjects.py says how names are read. In a
      sentence naming both, a figure keeps its status and a note names the
      other company).

    A figure is grounded only by a fact or passage about the same thing: a
    concept named in catalogue words ("revenue", "net loss", "gross margin") or,
    for other figures, an XBRL tag named by the words next to the figure
    ("buybacks" -> PaymentsForRepurchaseOfCommonStock), never one missing a
    name the figure's words carry ("H20"); a figure that names nothing is
    unchecked, however few facts round to it. Quantities that are not money
    ("3 million square feet", employees, stores, units) are never matched with
    money. "approximately" widens a figure no further than its own precision
    ("about $650 million" is 645 to 655 million).

    Splits: a per-share value or share count is checked on both share bases
    the concept output reports (its pre_split_ratio). A figure
    on today's basis for a period reported only before a later split (Tesla's
    FY2021 diluted EPS 4.90, $1.63 after the 3-for-1 split of 2022) is grounded,
    the reason naming the reported value, the split and the formula; a figure
    on the old basis is grounded with the flag ``pre_split_basis``; a figure on
    neither basis is ungrounded with both named. A sentence that says which
    basis or value it gives ("split-adjusted", "as originally reported",
    "restated to") is held to it: the other one is ungrounded. A growth rate of
    per-share values is computed on one share basis. Caveats that leave a figure
    grounded are ``flags``, raised to the answer and explained in ``warnings``:
    ``pre_split_basis``, ``convenience_translation`` (TSMC's USD beside its
    TWD: grounded against the filing whose exchange rate it uses, never
    superseded; a later re-translation of the same figure is named in a note
    with both rates), and ``superseded_value`` with the superseded status,
    ``suspected_error`` with the unchecked status (a scale or tagging error
    xbrl/suspects.py finds).

    What a sentence says beyond a value is checked too (verification/qualifiers.py), or the figure is left
    unchecked, never grounded by its value alone: a direction ("narrowed to", "fell to") against the same
    fact's previous fiscal year, a multiple ("more than tripled") against it, a week count ("53-week fiscal
    year") against the period's length, a growth rate measured from a base year the sentence names ("up 9%
    from fiscal 2023"), and a superlative ("a record", "highest") against every earlier year or quarter.
    A multiple written as a number or a count ("2.3 times", "6.4x", "sevenfold", "twenty times its 2020 net
    income") is a figure of its own, never an amount of the measure: the ratio of the two amounts it relates
    (another company's included, when the sentence writes both amounts) or of the measure and years its words
    name, at the rounding its digits allow; unchecked with the reason when a side cannot be read (another
    company's figure without its amount, calendar wording at a non-calendar fiscal year, a year the facts lack).
    A percentage change between the two amounts a sentence writes ("rose 83% to $188.8 million from $103.1
    million") is derived from the values grounding them, cited passages included. An amount "added" or
    "contributed" to a measure is a part of it: never contradicted by the whole, grounded only by a passage
    naming the same contributor.

    Citations narrow where to look; they never change what a figure is.
    Without ``cite`` the company's facts are used and the supporting filing is
    named; with it, the cited filings' facts, then their text and the
    ``excerpts``: a number in a passage (or table row) whose own words name the
    same concept, or the figure's own words and names, in the claimed period
    when the passage or the column head says which; never one the facts
    contradict. A figure the cited filings do not hold but the company's other
    filings do is unchecked (not contradicted), the filing that holds it named;
    one superseded or of another period there keeps that status. A company
    without companyfacts is checked against the inline XBRL facts of the
    cited documents (ix:nonFraction without dimensions; the document located
    from the submissions, or named by the citation, whose filing date is then
    unknown): a figure they do not carry is unchecked, contradicted only by a
    fact of the concept it names. A figure on a currency-neutral, constant
    currency, organic or non-GAAP basis is never contradicted by reported
    facts. edgar cannot
    check segment or product-line figures against companyfacts (only against
    cited text), ratios it does not compute (non-GAAP margins, segment
    margins: unchecked), nor a period its facts do not cover.

    The verdict on the answer (``verdict``; the CLI's exit status), worst first:
    ``ungrounded`` (some figure or date ungrounded or mismatched_period: exit
    10), ``superseded``, ``ambiguous``, ``unchecked`` (none contradicted, but
    some figure not confirmed: exit 11), ``no_figures`` (the answer states no
    figure: exit 12), ``grounded`` (every figure grounded or derived: exit 0).
    ``all_grounded`` is true exactly when the verdict is ``grounded``. Dates,
    fiscal years and calendar years are period mentions: they count against the
    answer only when contradicted.

    Returns: company (the company checked; with several named, the first),
    companies (every company whose facts checked a figure), cited, verdict,
    all_grounded, flags, summary, counts per
    status and figures (text, context, kind, value at full scale, unit,
    rounding, claimed period, status, reason, support: tag, value, period,
    form, filed, accession_number; formula and inputs for derived figures;
    flags; readings; company: cik and name of the company the figure was
    checked against, null for none). Units: the answer's currency (USD, TWD, ...),
    USD/shares, shares, percent.
    Errors: invalid_argument (empty answer, a one-word answer that is a file
    path, malformed citation, no company given, none named in the answer and
    none derivable from the citations), not_found, ambiguous (the answer names
    one company and cites another's filing: candidates).
    Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json; cited
    documents from www.sec.gov/Archives.
    """
    client = client or get_client()
    text = _check_answer(answer)
    cites = [_parse_cite(c) for c in (cite or [])]
    if len(cites) > MAX_CITES:
        raise EdgarError(
            "invalid_argument",
            f"At most {MAX_CITES} citations, not {len(cites)}.",
            "Cite the filings the answer's figures come from.",
        )
    excerpts = [e for e in (excerpts or []) if e and e.strip()]
    figures = _dedupe_periods(extract_figures(text))
    if not figures:
        ref = _company_ref(company, cites, client, text)[0] if company else None
        return verdict([], company=ref, cited=[c.label for c in cites], notes=[], warnings=[], source="")
    if not company and not cites:
        named = companies_named(_subject_reader(client, None), text)
        if len(named) > 1:
            return _each_company(text, named, excerpts, client)
    ref, how = _company_ref(company, cites, client, text)
    inline = False
    try:
        facts = load_company_facts(client, int(ref.cik))
    except EdgarError as exc:
        if exc.code != "not_found" or not cites:
            raise
        # No companyfacts (a filer without them, or a mirror without its companyfacts): the cited filings' own
        # inline XBRL facts are checked as companyfacts would be, else their text is all there is, and the
        # answer says which.
        facts, read_from = _cited_inline_facts(client, ref, cites)
        inline = bool(read_from)
        said = (
            f"Figures are checked against the inline XBRL facts of {', '.join(read_from)} and the cited filings' text."
            if read_from
            else "Figures are checked against the cited filings' text only."
        )
        how = " ".join(x for x in (how, f"{exc.message} {said}") if x)
    warnings_: list[str] = list(facts.notes)  # a failed freshness check: the cached facts, dated
    accessions = {c.accession for c in cites}
    # the cited filings' inline facts vary with the citations: pooled per call, never kept in the memo
    everything = G.FactPool(facts) if inline else _fact_pool(client, facts)
    pool = everything.limited_to(accessions) if accessions else everything
    notes: list[str] = [how] if how else []
    warnings: list[str] = warnings_
    sources = [urls.companyfacts(int(ref.cik))]
    missing = sorted({c.accession for c in cites} - pool.accessions_seen)
    if missing and not inline and len(missing) == len(accessions):
        # The company's XBRL facts hold none of the cited filings (they end before them): the cited documents'
        # own inline XBRL facts decide, as for a company without companyfacts, and their text after them. A
        # passage naming several years must never be the only check of a figure the filing tags.
        cited_facts, read_from = _cited_inline_facts(client, ref, cites)
        if read_from:
            facts, inline = cited_facts, True
            everything = G.FactPool(facts)
            pool = everything.limited_to(accessions)
            notes.append(
                f"{possessive(ref.name)} XBRL facts hold none of the cited filings; figures are checked against the inline "
                f"XBRL facts of {', '.join(read_from)} and the cited filings' text."
            )
            missing = sorted({c.accession for c in cites} - pool.accessions_seen)
    if missing:
        notes.append(
            f"No XBRL facts of {ref.name} come from {', '.join(missing)}; only the text of "
            "those filings can support a figure."
        )
    # Where the company's history before its XBRL facts is (a predecessor's CIK, from the successor map of
    # issue 15 section 1): named in the reason of any figure dated before the facts begin.
    earlier_history = successors.history_stop(ref.cik)
    grounder = Grounder(
        facts,
        ref,
        pool,
        everything,
        cited=bool(cites),
        today=client.settings.clock().date(),
        earlier_history=earlier_history,
    )
    ends = ST.reported_ends(grounder)
    checked: list[tuple[Figure, VerifiedFigure]] = []
    earlier: dict[int, VerifiedFigure] = {}
    for f in figures:
        checked.append(ST.check_dated(grounder, f, ends, earlier))
        earlier[f.start] = checked[-1][1]
    figures, rows = [f for f, _r in checked], [r for _f, r in checked]
    ground_in_text(
        grounder, figures, rows, lambda: _text_sources(client, ref, pool, cites, excerpts, sources, warnings)
    )
    QL.check(rows, text, facts if facts.tags else None)  # directions, multiples, week counts, named bases
    QL.check_multiples(rows, facts if facts.tags else None)  # "2.3 times": the ratio of the two figures it relates
    if not facts.tags:
        _nothing_contradicts(rows, ref)
    elif inline:
        _only_facts_contradict(rows, ref, grounder.concept_contradicted)
    # "rose 83% to $188.8 million from $103.1 million": the change of the two amounts, as grounded (by facts or by
    # cited text: two numbers a passage gives contradict a change they do not make)
    QL.check_changes(rows)
    _note_reorganisation(ref, facts.calendar, rows, notes)
    for row in rows:
        if row.kind != "year":  # a calendar year is context, checked against no one
            row.company = ref
    _other_companies(rows, ref, _subject_reader(client, ref))
    return verdict(
        rows,
        company=ref,
        cited=[c.label for c in cites],
        notes=notes,
        warnings=warnings,
        source=" ".join(dict.fromkeys(sources)),
    )


def _other_companies(rows: list[VerifiedFigure], ref: CompanyRef, reader: SubjectReader) -> None:
    """A figure in a sentence about another company is not checked against this one's facts (unchecked).

    "Apple reported revenue of $60.9 billion" checked as NVIDIA's would be grounded by NVIDIA's FY2024
    revenue. When a figure's sentence names other companies and not this one, the figure is unchecked whatever
    this company's facts said of it (grounded, contradicted, or a period they do not cover: the reason names the
    other company, never this one's facts); when it names this one too, a figure that follows another company's
    name is that company's (unchecked), and any other keeps its status (a contradiction stays one) with a note
    naming the other company. Period mentions ("fiscal 2024", a date) are read the same way: a fiscal year in a
    clause about Apple is Apple's, not a year of this company's calendar. Calendar years are left as they are
    (context, never checked on their own).
    """
    for row in rows:
        if row.kind == "year":
            continue
        named = reader.named_in(row.context)
        others = [n for n in named if n.cik != ref.cik]
        if not others:
            continue
        who = ", ".join(f"{n.name} ({n.ticker or 'CIK ' + n.cik})" for n in others)
        ask = others[0].ticker or others[0].cik
        what = "figure" if row.kind in NUMERIC or row.kind == "percentage_points" else "period"
        if len(others) < len(named):  # this company is named too: the figure is about the name nearest before it
            same = [r for r in rows if r.context == row.context and r.text == row.text]
            nearest = _nearest_before(row, named, sorted(same, key=lambda r: r.position).index(row))
            if nearest is not None and nearest.cik != ref.cik:
                _about_another_company(
                    row,
                    f"In this sentence the {what} follows {nearest.name}, not {ref.name}, whose facts were "
                    f"checked. Check it with {param('company')} {nearest.ticker or nearest.cik}.",
                )
            elif row.status in ("ungrounded", "mismatched_period"):
                row.notes.append(
                    f"The sentence also names {who}; if the {what} is about it, check it with {param('company')} {ask}."
                )
            continue
        _about_another_company(
            row,
            f"The sentence names {who}, not {ref.name}, whose facts were checked: the {what} may be "
            f"about another company. Check it with {param('company')} {ask}.",
        )


def _each_company(text: str, named: list[Named], excerpts: list[str], client: SecClient) -> AnswerVerification:
    """An answer naming several companies, none given: each figure checked against the company its clause names.

    The answer is checked once per company named; each figure keeps the check of the company it is about (the
    one its sentence names, or the name nearest before it in a sentence naming several: as _other_companies
    reads it). A figure in a sentence naming none of them is unchecked, the companies named. One verdict over
    all the figures; ``company`` is the first company named that could be checked, ``companies`` every one
    checked, and each figure's ``company`` (and a note) says whose facts it was checked against. A company whose facts cannot be read (not_found, upstream_unavailable,
    rate_limited) leaves its figures unchecked with a warning saying why; the error is raised only when no
    company named could be checked."""
    results: list[AnswerVerification] = []
    failed: list[str] = []
    for n in named:
        try:
            results.append(verify_answer(text, company=n.cik, excerpts=excerpts or None, client=client))
        except EdgarError as exc:
            if exc.code not in ("not_found", "upstream_unavailable", "rate_limited"):
                raise
            failed.append(f"{possessive(n.name)} figures could not be checked ({exc.code}): {exc.message}")
            if len(failed) == len(named):
                raise
    readers = [_subject_reader(client, r.company) for r in results]
    who = ", ".join(f"{n.name} ({n.ticker or 'CIK ' + n.cik})" for n in named)
    rows: list[VerifiedFigure] = []
    for i, first in enumerate(results[0].figures):
        owners = [
            k
            for k, r in enumerate(results)
            if r.company is not None and not _follows_another(r.figures[i], r.figures, r.company, readers[k])
        ]
        if first.kind == "year" or not owners:
            rows.append(first)
            continue
        if len(owners) > 1:
            _about_another_company(
                first,
                f"The answer names {who}, and this sentence none of them: edgar cannot tell whose figure it is. "
                f"Check it with {param('company')} {named[0].ticker or named[0].cik}.",
            )
            rows.append(first)
            continue
        row, ref = results[owners[0]].figures[i], results[owners[0]].company
        assert ref is not None  # owners hold only results with a company
        row.notes.append(f"Checked against the facts of {ref.name} (CIK {int(ref.cik)}), the company its clause names.")
        rows.append(row)
    QL.check_multiples(rows, None)  # a multiple of one company's written amount by another's, each grounded
    notes = [
        f"No company was given: the answer names {who}; each figure is checked against the company its "
        "clause names (its notes say which)."
    ]
    return verdict(
        rows,
        company=results[0].company,
        companies=[r.company for r in results if r.company is not None],
        cited=[],
        notes=notes + [n for r in results for n in r.notes if n not in notes],
        warnings=list(dict.fromkeys([*failed, *(w for r in results for w in r.warnings)])),
        source=" ".join(dict.fromkeys(r.source for r in results)),
    )


def _follows_another(row: VerifiedFigure, rows: list[VerifiedFigure], ref: CompanyRef, reader: SubjectReader) -> bool:
    """Is the figure another company's than ``ref``, as _other_companies reads it: its sentence names others and
    not ``ref``, or names both and the name nearest before the figure is another's? Calendar years are no one's."""
    if row.kind == "year":
        return False
    named = reader.named_in(row.context)
    others = [n for n in named if n.cik != ref.cik]
    if not others:
        return False
    if len(others) == len(named):
        return True
    same = [r for r in rows if r.context == row.context and r.text == row.text]
    nearest = _nearest_before(row, named, sorted(same, key=lambda r: r.position).index(row))
    return nearest is not None and nearest.cik != ref.cik


def _about_another_company(row: VerifiedFigure, reason: str) -> None:
    """Leave a figure unchecked as another company's: nothing this company's facts said of it stays (support,
    inputs, flags, notes -- the period a computation used, near misses of other concepts --, readings of this
    company's fiscal calendar)."""
    row.status = "unchecked"
    row.support = None
    row.formula = None
    row.inputs = []
    row.other_matches = 0
    row.readings = []
    row.notes = []
    row.flags = []
    row.company = None
    row.reason = reason


def _nearest_before(row: VerifiedFigure, named: list[Named], nth: int = 0) -> Named | None:
    """Of the companies a sentence names, the one whose name comes last before the figure (None if none does);
    ``nth``: which of the sentence's figures written alike this one is ("$416.2 billion" twice)."""
    context = row.context or ""
    at = -1
    for _ in range(nth + 1):
        at = context.find(row.text, at + 1)
        if at < 0:
            return None
    best, where = None, -1
    for n in named:
        i = context.rfind(n.matched, 0, at) if getattr(n, "matched", "") else -1
        if i > where:
            best, where = n, i
    return best


def _subject_reader(client: SecClient, ref: CompanyRef | None) -> SubjectReader:
    """The reader of company names: the ticker file's largest companies (built once per ticker file) and this one
    (none when the company is still to be read from the answer)."""
    from ...companies.tickers import load_ticker_map

    tmap = load_ticker_map(client)
    index = getattr(tmap, "_subject_index", None)
    if index is None:
        index = tmap._subject_index = _subject_index(client, tmap)  # type: ignore[attr-defined]
    return SubjectReader(index.including(tmap.by_cik(int(ref.cik))) if ref is not None else index)


def _subject_index(client: SecClient, tmap) -> SubjectIndex:
    """The SubjectIndex of this ticker file and aliases file: from the disk cache, else built (from every entry of
    the ticker file) and stored, keyed by both files' contents and the index's format. One built from a fallback or
    stale ticker file is not stored (it was not the SEC's answer of the day)."""
    from ...index import ALIASES_FILE

    aliases_text = ALIASES_FILE.read_bytes()
    key = (
        f"verify-subjects:{SUBJECTS_FORMAT}:{zlib.crc32(tmap.table.encode('utf-8')):08x}:{len(tmap.table)}:"
        f"{zlib.crc32(aliases_text):08x}"
    )
    entry = client.cache_get(key, None)
    index = SubjectIndex.from_payload(entry.payload, tmap.by_cik) if entry is not None else None
    if index is None:
        from ...index.query import company_aliases

        index = SubjectIndex(tmap.entries, company_aliases())
        if not tmap.degraded and client.stale_note(urls.company_tickers_exchange()) is None:
            client.cache_set(key, index.payload())
    return index


def _note_reorganisation(ref: CompanyRef, cal, rows: list[VerifiedFigure], notes: list[str]) -> None:
    """A figure not grounded, about a period before the company's reorganisation: name the predecessor's CIK."""
    for row in rows:
        fy = row.claimed_fiscal_year
        end = row.claimed_period_end or (cal.estimated_end(fy) if fy else None)
        what = row.claimed_period_text or row.text
        note = (
            successors.period_note(ref.cik, end, what[:1].upper() + what[1:])
            if row.status not in ("grounded", "derived")
            else None
        )
        if note:
            row.notes.append(note)
            if note not in notes:
                notes.append(note)


def _dedupe_periods(figures: list[Figure]) -> list[Figure]:
    """Fiscal years, years and dates are checked once each, at their first mention."""
    seen: set[tuple] = set()
    out = []
    for f in figures:
        key = (f.kind, f.fiscal_year, f.day)
        if f.kind in ("fiscal_year", "year", "date"):
            if key in seen:
                continue
            seen.add(key)
        out.append(f)
    return out


def _check_answer(answer: str) -> str:
    if not isinstance(answer, str) or not answer.strip():
        raise EdgarError(
            "invalid_argument",
            "The answer is empty.",  # a file and - for stdin are the CLI's
            "Pass the answer's text" + (" (or a file, or - for stdin)." if surface() == "cli" else "."),
        )
    if len(answer) > MAX_ANSWER_CHARS:
        raise EdgarError(
            "invalid_argument",
            f"The answer is {len(answer):,} characters; at most {MAX_ANSWER_CHARS:,} are checked.",
            "Verify the answer in parts.",
        )
    if PATH_LIKE.fullmatch(answer.strip()):
        # "./answer.txt" that names no file (the command line reads one that does): never text to check,
        # "nothing to verify" would hide the typo
        if surface() != "cli":  # over MCP (and from Python) the answer is text: nothing reads a file
            raise EdgarError(
                "invalid_argument",
                f"The answer {answer.strip()[:200]!r} looks like a path, not answer text.",
                f"Pass the answer's text itself as {param('answer')}.",
            )
        raise EdgarError(
            "invalid_argument",
            f"The answer {answer.strip()[:200]!r} is a file path, not answer text, and no such file was read.",
            "Pass the answer's text itself, or the path of an existing file holding it (or - for standard input).",
        )
    return answer


def _parse_cite(value: str) -> Cite:
    text = (value or "").strip()
    m = _DOC_URL.fullmatch(text)
    if m:
        return Cite(urls.normalize_accession(m.group(2)), m.group(3), text, int(m.group(1)))
    accn, _, filename = text.partition(":")
    try:
        accession = urls.normalize_accession(accn)
    except EdgarError:
        raise EdgarError(
            "invalid_argument",
            f"Cannot read the citation {text[:80]!r}.",
            "Cite an accession number (0001045810-24-000029), a document "
            "(0001045810-25-000023:nvda-20250126.htm) or its www.sec.gov/Archives URL.",
        ) from None
    if filename:
        urls.archive_document(0, accession, filename)  # validates the name
    return Cite(accession, filename or None, text)


def _company_ref(company: str | None, cites: list[Cite], client: SecClient, text: str) -> tuple[CompanyRef, str | None]:
    """The company whose facts are checked, and how it was chosen when not given (a note for the result).

    Given, it is resolved. Otherwise the companies the answer names (verification/subjects.py) and the filer
    of a cited accession decide: the cited filer when the answer names it or no company, else the one company
    the answer names. None named and nothing cited: invalid_argument; several named (or one named and
    another cited): ambiguous, with the candidates."""
    if company:
        try:
            r = resolve_company(company, client=client)
        except EdgarError as exc:
            # a ticker no longer listed ("CRR"): the filer of the cited document, when the citation names it, or
            # the one company the answer names when its own filings list a cited accession
            cited = (
                (_cited_filer(cites, client) or _named_filer(text, cites, client)) if exc.code == "not_found" else None
            )
            if cited is None:
                raise
            return cited, (
                f"{exc.message.split(':')[0]}; the filer of the cited filing, "
                f"{cited.name} (CIK {int(cited.cik)}), is checked."
            )
        return r.ref(), None
    named = companies_named(_subject_reader(client, None), text)
    cited = _cited_filer(cites, client) or (_named_filer(text, cites, client, named) if cites else None)
    if cited is not None and (not named or any(n.cik == cited.cik for n in named)):
        return cited, None
    if len(named) == 1 and cited is None:
        r = resolve_company(named[0].cik, client=client)
        return (
            r.ref(),
            f"No company was given: the answer names {r.name} ({_label(r.tickers, r.cik)}) and no other, "
            f'so its facts are checked ("{named[0].matched}").',
        )
    if not named:
        raise EdgarError(
            "invalid_argument",
            "Which company is the answer about? It names none that edgar "
            "recognises" + (", and the citations do not name the filer" if cites else "") + ".",
            f"Pass {param('company')} (a ticker, CIK or name)"
            + ("; an accession number begins with the filer agent's CIK, not always the company's." if cites else "."),
        )
    options = named + (
        []
        if cited is None
        else [Named(cik=cited.cik, name=cited.name, ticker=cited.tickers[0] if cited.tickers else None, matched="")]
    )
    shown = "; ".join(f"{n.name} ({_label([n.ticker] if n.ticker else [], n.cik)})" for n in options)
    why = (
        f"the answer names {named[0].name} and cites a filing of {cited.name}"
        if cited is not None
        else f"the answer names {len(named)} companies"
    )
    raise EdgarError(
        "ambiguous",
        f"Which company's figures should be checked? {why[:1].upper()}{why[1:]}: {shown}.",
        f"Pass {param('company')} with one of them (e.g. {param('company')} "
        f"{options[0].ticker or options[0].cik}); a figure in a sentence about another company is "
        "then left unchecked.",
        candidates=[
            Candidate(cik=n.cik, name=n.name, tickers=[n.ticker] if n.ticker else [], score=1.0) for n in options
        ],
    )


def _label(tickers: list[str], cik: str) -> str:
    return tickers[0] if tickers else f"CIK {cik}"


def _cited_filer(cites: list[Cite], client: SecClient) -> CompanyRef | None:
    """The filer of a cited filing: the CIK in a cited URL's path, else the CIK that begins a cited accession
    number (a filing agent's accessions begin with the agent's), when it resolves."""
    for c in cites:
        try:
            r = resolve_company(str(c.cik or int(c.accession[:10])), client=client)
        except EdgarError as exc:
            if exc.code != "not_found":
                raise
            continue
        return r.ref()
    return None


def _named_filer(
    text: str, cites: list[Cite], client: SecClient, named: list[Named] | None = None
) -> CompanyRef | None:
    """The one company the answer names, when its own submissions list a cited accession: an accession number
    begins with the filing agent's CIK, not always the company's, and a cited document is found under the
    filer's CIK only. None when the answer names no company or several, or none of its filings is cited."""
    from ..filings.filings import find_filing

    named = companies_named(_subject_reader(client, None), text) if named is None else named
    if len(named) != 1 or not cites:
        return None
    try:
        ref = resolve_company(named[0].cik, client=client).ref()
    except EdgarError:
        return None
    for c in cites:
        for family in ("10-K", "10-Q", "20-F", "40-F", "8-K"):
            try:
                find_filing(ref.cik, accession_number=c.accession, form=family, client=client)
            except EdgarError:
                continue
            return ref
    return None


def _nothing_contradicts(rows: list[VerifiedFigure], ref: CompanyRef) -> None:
    """Without XBRL facts only cited text can speak, and text only supports: a figure it does not support is
    unchecked, never ungrounded (nothing says it is wrong), save a date the cited passage gives the figure
    another period's end for (the passage says so)."""
    for row in rows:
        if row.kind == "date" and row.support is not None and row.support.source == "cited_text":
            continue
        if row.status in ("ungrounded", "mismatched_period"):
            row.status = "unchecked"
            row.support = None
            row.reason = (
                f"{ref.name} has no XBRL facts here, and the cited filings' text (where it could be read) "
                "does not state this figure: nothing to check it against."
                if row.kind in NUMERIC
                else f"{ref.name} has no XBRL facts here: no reported period to check this one against."
            )


def _only_facts_contradict(rows: list[VerifiedFigure], ref: CompanyRef, by_concept: set[int]) -> None:
    """With only the cited documents' inline facts (a few years of one filing's statements), a figure is
    contradicted by a fact of the concept it names (or a ratio of such facts), never by the absence of a value,
    by tags its words merely resemble, or by a passage: a backlog, ARR or head count the statements do not
    carry is unchecked, not wrong."""
    for row in rows:
        if row.status not in ("ungrounded", "mismatched_period") or row.kind not in NUMERIC:
            continue
        if (row.support is not None and row.support.source == "xbrl_fact") or row.inputs or row.position in by_concept:
            continue
        row.status = "unchecked"
        row.support = None
        row.reason = (
            f"{ref.name} has no companyfacts here; the cited filings' inline XBRL facts name no fact of this "
            f"figure's concept that contradicts it, and their text does not state it: nothing to check it against "
            f"({row.reason.rstrip('.')})."
        )


def _no_facts(ref: CompanyRef, client: SecClient) -> CompanyFacts:
    """An empty set of XBRL facts for a company that has none here: nothing grounds a figure but cited text."""
    return CompanyFacts(
        cik=int(ref.cik), name=ref.name, tags={}, fetched_at=client.now(), calendar=XP.FiscalCalendar(), origin="live"
    )


def _cited_inline_facts(client: SecClient, ref: CompanyRef, cites: list[Cite]) -> tuple[CompanyFacts, list[str]]:
    """The inline XBRL facts of the cited filings' documents, as the company's facts (a company without
    companyfacts), and the labels of the citations they were read from; empty facts when none could be read.

    Each fact carries its citation's provenance: the accession, the form and filing date from the company's
    submissions (without them, of a citation naming its document: the document's dei:DocumentType and no filing
    date, xbrl/inline.py's UNKNOWN_FILED), the document's fiscal year and period focus. A citation whose
    document cannot be located or fetched whole gives none. Only facts without dimensions are kept
    (xbrl/inline.py)."""
    tags: dict[str, dict] = {}
    read_from: list[str] = []
    empty = _fact_pool(client, _no_facts(ref, client))
    for c in cites:
        try:
            url, form, filed = _cited_document(client, ref, empty, c)
            found = _inline_tags(client, url, c.accession, form, filed or IX.UNKNOWN_FILED)
        except EdgarError:
            continue  # the text sources say why the document could not be read
        if not found:
            continue
        read_from.append(c.label)
        for tag, body in found.items():
            units = tags.setdefault(tag, {"label": body["label"], "units": {}})["units"]
            for unit, rows in body["units"].items():
                units.setdefault(unit, []).extend(rows)
    if not tags:
        return _no_facts(ref, client), []
    return (
        CompanyFacts(
            cik=int(ref.cik),
            name=ref.name,
            tags=tags,
            fetched_at=client.now(),
            calendar=XP.build_calendar(tags),
            reporting_currency=reporting_currency(tags),
        ),
        read_from,
    )


def _inline_tags(client: SecClient, url: str, accession: str, form: str | None, filed: str) -> dict[str, dict]:
    """A document's inline XBRL facts (xbrl/inline.py's tags): memo, then the disk cache (keyed by the document,
    its provenance and the reader's format), else fetched and read. Only a whole document (validate's
    check_filing_document, inside the fetch: a refused body is never cached) that holds facts is kept."""
    key = f"verify-inline:{IX.FORMAT}:{url}:{accession}:{form}:{filed}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is not None:
        return hit
    tags: dict[str, dict] | None = None
    entry = client.cache_get(key, None)
    if entry is not None:
        try:
            tags = marshal.loads(entry.payload)
        except (ValueError, EOFError, TypeError):
            tags = None
        if not isinstance(tags, dict):
            tags = None
    if tags is None:
        body = client.get_bytes(url, kind="archive", check=lambda b: validate.check_filing_document(url, b))
        tags = IX.inline_facts(body, accession=accession, form=form, filed=filed).tags
        if tags:
            client.cache_set(key, marshal.dumps(tags), {"url": url})
    with client.memo_lock:
        client.memo[key] = tags
    return tags


def _fact_pool(client: SecClient, facts: CompanyFacts) -> G.FactPool:
    """The pool of a company's facts, kept in the client's memo beside the facts it indexes (a pool of some
    filings' facts is cut from it per call: citations vary too much to keep them)."""
    key = f"verify-pool:{facts.cik}:{facts.fetched_at}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is None:
        hit = G.FactPool(facts)
        with client.memo_lock:
            client.memo[key] = hit
    return hit


def _text_sources(
    client: SecClient,
    ref: CompanyRef,
    pool: G.FactPool,
    cites: list[Cite],
    excerpts: list[str],
    sources: list[str],
    warnings: list[str],
) -> list[TextSource]:
    """The excerpts and the cited documents' text, read when a figure needs them. A 10-K, 10-Q or 20-F is
    read as get_filing_section reads it (the parsed document cached in memory and on disk), so a warm run
    does not parse it again, nor read its numbers again (see _document_source)."""
    out = [text_source(f"excerpt {i}", None, None, e) for i, e in enumerate(excerpts, 1)]
    for c in cites:
        try:
            url, form = _document_url(client, ref, pool, c)
            text = _document_text(client, url, form)
        except EdgarError as exc:
            warnings.append(f"Could not read the text of {c.label} ({exc.code}: {exc.message})")
            continue
        sources.append(url)
        out.append(replace(_document_source(client, url, text), label=c.label, accession=c.accession))
    return out


def _document_source(client: SecClient, url: str, text: str) -> TextSource:
    """A cited document's text and numbers: the numbers read once per document (memo, then the disk cache,
    keyed by the document's text and the code that reads them)."""
    key = f"verify-figures:{CT.FIGURES_VERSION}:{zlib.crc32(text.encode('utf-8')):08x}:{len(text)}:{url}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is not None:
        return hit
    figures = None
    entry = client.cache_get(key, None)
    if entry is not None:
        try:
            figures = CT.figures_from_payload(entry.payload)
        except (ValueError, TypeError, zlib.error):
            figures = None
    if figures is None:
        figures = CT.text_figures(text)
        client.cache_set(key, CT.figures_payload(figures), {"url": url})
    src = text_source("", None, url, text, figures)
    with client.memo_lock:
        client.memo[key] = src
    return src


def _document_text(client: SecClient, url: str, form: str | None) -> str:
    from ...documents import items as I  # the document readers: only for a cited document's text
    from ..section.section import load_document

    family = I.family(form)
    if family is not None:
        doc, _outline = load_document(client, url, family)
        return doc.text
    from ...documents.text import to_document  # an 8-K, an exhibit: parsed each time

    return to_document(client.get_bytes(url, kind="archive"), form).text


def _document_url(client: SecClient, ref: CompanyRef, pool: G.FactPool, c: Cite) -> tuple[str, str | None]:
    if c.filename:  # the document named: no look-up
        forms = [r[6] for rows in pool.periods.values() for r in rows[:1] if r[3] == c.accession]
        return urls.archive_document(int(ref.cik), c.accession, c.filename), forms[0] if forms else None
    url, form, _filed = _cited_document(client, ref, pool, c)
    return url, form


def _cited_document(
    client: SecClient, ref: CompanyRef, pool: G.FactPool, c: Cite
) -> tuple[str, str | None, str | None]:
    """The cited document's URL, the filing's form and filing date (ISO; None when the submissions were not
    read for it: a document named by the citation whose facts give its form)."""
    cik = int(ref.cik)
    forms = [r[6] for rows in pool.periods.values() for r in rows[:1] if r[3] == c.accession]
    form = forms[0] if forms else None
    from ..filings.filings import find_filing

    families = [XP.base_form(form)] if form else ["10-K", "10-Q", "8-K", "20-F", "40-F"]
    last: EdgarError | None = None
    for fam in families:
        try:
            filing = find_filing(ref.cik, accession_number=c.accession, form=fam, client=client)
        except EdgarError as exc:
            if exc.code == "not_found" and c.filename:
                break  # no submissions to list the filing: the document the citation names, its filing date unknown
            if exc.code != "invalid_argument":
                raise
            last = exc
            continue
        if filing.document_url:
            url = urls.archive_document(cik, c.accession, c.filename) if c.filename else filing.document_url
            return url, filing.form, filing.filed.isoformat()
    if c.filename:
        return urls.archive_document(cik, c.accession, c.filename), form, None
    raise last or EdgarError("not_found", f"No primary document is listed for {c.accession}.")

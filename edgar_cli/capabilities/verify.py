"""verify_answer: check every figure of an answer against the filings it cites."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from ..documents.figures import Figure, extract_figures
from ..errors import EdgarError
from ..models import AnswerVerification, CompanyRef, FactValue, FigureSupport, VerifiedFigure
from ..sec import urls
from ..sec.client import SecClient, get_client
from ..xbrl import grounding as G
from ..xbrl import periods as P
from ..xbrl.facts import CompanyFacts, load_company_facts
from .resolve import resolve_company

MAX_ANSWER_CHARS = 200_000
MAX_CITES = 20
_DOC_URL = re.compile(r"^https://www\.sec\.gov/Archives/edgar/data/(\d+)/(\d{18})/([A-Za-z0-9][\w.-]*)$")
NUMERIC = ("money", "per_share", "shares", "percent", "number")
_TYPE_RANK = {"annual": 0, "instant": 1, "quarterly": 2, "ytd": 3, "other": 4}


@dataclass
class Cite:
    accession: str
    filename: str | None = None
    text: str = ""  # as given

    @property
    def label(self) -> str:
        return f"{self.accession}:{self.filename}" if self.filename else self.accession


@dataclass
class TextSource:
    label: str
    accession: str | None
    url: str | None
    figures: list[Figure]
    in_millions: bool = False
    in_thousands: bool = False


def verify_answer(
    answer: Annotated[str, Field(description="The answer to check: prose with figures, e.g. 'NVIDIA's FY2024 "
                                             "revenue was $60.9 billion'")],
    company: Annotated[str | None, Field(description="Ticker, CIK or name of the company the answer is about, "
                                                     "e.g. NVDA; optional when a cited accession is the "
                                                     "company's own")] = None,
    cite: Annotated[list[str] | None, Field(description="What the answer cites: accession numbers "
                                                        "(0001045810-24-000029) or documents "
                                                        "(0001045810-25-000023:nvda-20250126.htm or its Archives "
                                                        "URL); figures are then checked against these only")] = None,
    excerpts: Annotated[list[str] | None, Field(description="Passages the answer relies on (section text, search "
                                                            "excerpts); a number in them supports a figure")] = None,
    *,
    client: SecClient | None = None,
) -> AnswerVerification:
    """Check that every figure in an answer is grounded in the XBRL facts or text of the filings it cites.

    Figures are read from the prose: amounts with scale and currency ("$60.9
    billion", "60,922 million", "NT$2.89 trillion"), per-share values ("USD
    1.19", "$1.19 per diluted share"), share counts, percentages, dates and
    fiscal years, each with the period the sentence ties it to ("in fiscal
    2024", "Q4 FY2024", "as of January 28, 2024").

    Each figure gets a status: ``grounded`` (a fact of the company, or of the
    cited filings, equals it at the answer's rounding: $60.9 billion is
    60,922,000,000 rounded to 0.1 billion), ``derived`` (a ratio, growth rate
    or difference of facts of one period, with the formula and the facts),
    ``mismatched_period`` (a reported number, but of another period than the
    one claimed, which is named), ``ungrounded`` or ``unchecked`` (calendar
    years, dates that no period uses). A value later changed by a stock split
    or restatement is grounded, with the value that stands now beside it.
    Without ``cite`` the company's facts are used and the supporting filing is
    named; with it, only the cited filings' facts, then their text and the
    ``excerpts``, count.

    Returns: company, cited, all_grounded, summary, counts per status and
    figures (text, context, kind, value at full scale, unit, rounding, claimed
    period, status, reason, support: tag, value, period, form, filed,
    accession_number; formula and inputs for derived figures). Units: the
    answer's currency (USD, TWD, ...), USD/shares, shares, percent. The CLI
    exits with status 10 when a figure is ungrounded or mismatched.
    Errors: invalid_argument (empty answer, malformed citation, no company
    named and none derivable from the citations), not_found, ambiguous.
    Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json; cited
    documents from www.sec.gov/Archives.
    """
    client = client or get_client()
    text = _check_answer(answer)
    cites = [_parse_cite(c) for c in (cite or [])]
    if len(cites) > MAX_CITES:
        raise EdgarError("invalid_argument", f"At most {MAX_CITES} citations, not {len(cites)}.",
                         "Cite the filings the answer's figures come from.")
    excerpts = [e for e in (excerpts or []) if e and e.strip()]
    figures = _dedupe_periods(extract_figures(text))
    if not figures:
        ref = _company_ref(company, cites, client) if company else None
        return AnswerVerification(company=ref, cited=[c.label for c in cites], all_grounded=True,
                                  summary="No figures found in the answer: nothing to verify.", figures=[],
                                  counts={}, source="")
    ref = _company_ref(company, cites, client)
    facts = load_company_facts(client, int(ref.cik))
    checker = _Checker(facts, ref, cites, excerpts, client)
    rows = [checker.check(f) for f in figures]
    checker.ground_in_text(figures, rows)
    return checker.result(rows)


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
        raise EdgarError("invalid_argument", "The answer is empty.", "Pass the answer's text (or a file, or - for stdin).")
    if len(answer) > MAX_ANSWER_CHARS:
        raise EdgarError("invalid_argument", f"The answer is {len(answer):,} characters; at most "
                         f"{MAX_ANSWER_CHARS:,} are checked.", "Verify the answer in parts.")
    return answer


def _parse_cite(value: str) -> Cite:
    text = (value or "").strip()
    m = _DOC_URL.fullmatch(text)
    if m:
        return Cite(urls.normalize_accession(m.group(2)), m.group(3), text)
    accn, _, filename = text.partition(":")
    try:
        accession = urls.normalize_accession(accn)
    except EdgarError:
        raise EdgarError("invalid_argument", f"Cannot read the citation {text[:80]!r}.",
                         "Cite an accession number (0001045810-24-000029), a document "
                         "(0001045810-25-000023:nvda-20250126.htm) or its www.sec.gov/Archives URL.") from None
    if filename:
        urls.archive_document(0, accession, filename)  # validates the name
    return Cite(accession, filename or None, text)


def _company_ref(company: str | None, cites: list[Cite], client: SecClient) -> CompanyRef:
    if company:
        r = resolve_company(company, client=client)
        return CompanyRef(cik=r.cik, name=r.name, tickers=r.tickers)
    for c in cites:
        try:
            r = resolve_company(str(int(c.accession[:10])), client=client)
        except EdgarError as exc:
            if exc.code != "not_found":
                raise
            continue
        return CompanyRef(cik=r.cik, name=r.name, tickers=r.tickers)
    raise EdgarError("invalid_argument", "Which company is the answer about?",
                     "Pass --company (a ticker, CIK or name); the citations do not name the filer "
                     "(an accession number begins with the filer agent's CIK, not always the company's).")


def _support(m: G.Match) -> FigureSupport:
    f = m.fact
    return FigureSupport(source="xbrl_fact", value=f.value, unit=f.unit, matched_tag=f.matched_tag,
                         concept=(m.concepts or [None])[0], fiscal_year=f.fiscal_year, fiscal_period=f.fiscal_period,
                         period_type=f.period_type, start=f.start, end=f.end, form=f.form, filed=f.filed,
                         accession_number=f.accession_number, url=f.filing_url,
                         current_value=None if m.is_current else m.current_value,
                         revision_kind=m.revision_kind)  # type: ignore[arg-type]


def _fact_support(f: FactValue, concept: str) -> FigureSupport:
    return FigureSupport(source="xbrl_fact", value=f.value, unit=f.unit, matched_tag=f.matched_tag, concept=concept,
                         fiscal_year=f.fiscal_year, fiscal_period=f.fiscal_period, period_type=f.period_type,
                         start=f.start, end=f.end, form=f.form, filed=f.filed, accession_number=f.accession_number,
                         url=f.filing_url)


def _significant(fig: Figure) -> int:
    """Significant digits the answer gave: 3 for $60.9 billion, 2 for $61 billion."""
    if not fig.value or not fig.step:
        return 0
    return len(str(int(abs(fig.value) / fig.step)))


def _num(v: Decimal | None) -> float | None:
    return float(v) if v is not None else None


def _fmt(v: float | int) -> str:
    return f"{v:,.4f}".rstrip("0").rstrip(".") if isinstance(v, float) and not v.is_integer() else f"{int(v):,}"


class _Checker:
    """The state of one verification: the company's facts, the pool the citations allow, the cited texts."""

    def __init__(self, facts: CompanyFacts, ref: CompanyRef, cites: list[Cite], excerpts: list[str],
                 client: SecClient):
        self.facts, self.ref, self.cites, self.excerpts, self.client = facts, ref, cites, excerpts, client
        self.cal = facts.calendar
        accessions = {c.accession for c in cites} or None
        self.pool = G.FactPool(facts, accessions)
        self.everything = G.FactPool(facts) if accessions else self.pool
        self._series: dict | None = None
        self.notes: list[str] = []
        self.warnings: list[str] = []
        self.sources = [urls.companyfacts(int(ref.cik))]
        self.today = client.settings.clock().date()
        missing = sorted({c.accession for c in cites} - self.pool.accessions_seen)
        if missing:
            self.notes.append(f"No XBRL facts of {ref.name} come from {', '.join(missing)}; only the text of "
                              "those filings can support a figure.")
        end = self.cal.typical_end or ""
        self.calendar_aligned = end[:2] == "12" and end >= "12-24" or end[:2] == "01" and end <= "01-07"

    # --- one figure ---------------------------------------------------------------------

    def check(self, fig: Figure) -> VerifiedFigure:
        row = VerifiedFigure(text=fig.text, position=fig.start, context=fig.context, kind=fig.kind,  # type: ignore[arg-type]
                             value=_num(fig.value), unit=self._unit(fig), rounding=_num(fig.step),
                             claimed_fiscal_year=fig.fiscal_year if fig.kind in NUMERIC else None,
                             claimed_fiscal_period=fig.fiscal_period,  # type: ignore[arg-type]
                             claimed_period_end=fig.period_end, claimed_period_text=fig.period_text,
                             status="unchecked", reason="", notes=list(fig.notes))
        if fig.kind == "fiscal_year":
            return self._fiscal_year(fig, row)
        if fig.kind == "date":
            return self._date(fig, row)
        if fig.kind == "year":
            row.reason = "A calendar year: it is context for the figures near it, not a claim checked on its own."
            return row
        if fig.kind == "percentage_points":
            row.reason = "A change in percentage points: edgar does not derive differences of ratios."
            return row
        if fig.period_basis == "calendar" and fig.fiscal_year is not None and not self.calendar_aligned:
            row.notes.append(f"{fig.period_text} reads as a calendar year, and {self.ref.name}'s fiscal years end "
                             f"around {self.cal.typical_end}; say FY{fig.fiscal_year} or fiscal {fig.fiscal_year} "
                             "to have the period checked.")
            row.claimed_fiscal_year = None
            row.claimed_fiscal_period = None
            fig.fiscal_period = None
        return self._numeric(fig, row)

    def _unit(self, fig: Figure) -> str | None:
        if fig.kind == "money":
            return fig.currency
        if fig.kind == "per_share":
            return f"{fig.currency}/shares" if fig.currency else None
        if fig.kind == "shares":
            return "shares"
        if fig.kind in ("percent", "percentage_points"):
            return "percent"
        return None

    def _lookup_units(self, fig: Figure, pool: G.FactPool) -> list[str]:
        units = pool.units
        if fig.kind == "money":
            out = [fig.currency] if fig.currency else [u for u in units if G.CURRENCY_UNIT.fullmatch(u)]
            if not fig.scale and fig.value is not None and fig.value < 1000:
                out += [f"{fig.currency}/shares"] if fig.currency else [u for u in units if G.PER_SHARE_UNIT.fullmatch(u)]
            return out
        if fig.kind == "per_share":
            return [f"{fig.currency}/shares"] if fig.currency else [u for u in units if G.PER_SHARE_UNIT.fullmatch(u)]
        if fig.kind == "shares":
            return ["shares"]
        return [u for u in units if u != "pure"]

    def _matches(self, fig: Figure, pool: G.FactPool) -> list[G.Match]:
        lo, hi = fig.interval
        if fig.kind == "percent":
            return pool.lookup(["pure"], lo / 100, hi / 100)
        return pool.lookup(self._lookup_units(fig, pool), lo, hi)

    def _claim_ok(self, fig: Figure, row: VerifiedFigure, f: FactValue) -> bool:
        return G.period_matches(f, row.claimed_fiscal_year, fig.fiscal_period, fig.period_end)

    def _rank(self, fig: Figure, row: VerifiedFigure, named: list[str], m: G.Match) -> tuple:
        f = m.fact
        relevance = 2 if set(m.concepts) & set(named) else (1 if m.concepts else 0)
        wanted_type = 0 if (fig.fiscal_period and f.period_type == "quarterly") else _TYPE_RANK.get(f.period_type, 5)
        diff = abs(abs(float(f.value)) - float(fig.value or 0))
        return (not self._claim_ok(fig, row, f), -relevance, not m.is_current, not P.is_periodic(f.form),
                wanted_type, diff, -f.end.toordinal())

    def _numeric(self, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
        named = G.concepts_named(fig.clause) or G.concepts_named(fig.context)
        matches = self._matches(fig, self.pool)
        relevant = [m for m in matches if set(m.concepts) & set(named)]
        coincidences: list[G.Match] = []
        if relevant:
            matches = relevant
        elif named and matches:
            # The sentence names a concept none of the matching facts belong to: only a precise figure in the
            # claimed period is taken, and never as a wrong-period match.
            keep = [m for m in matches if _significant(fig) >= 3 and self._claim_ok(fig, row, m.fact)]
            coincidences = [m for m in matches if m not in keep]
            if keep:
                row.notes.append(f"The sentence speaks of {', '.join(named)}, but the matching fact is "
                                 f"{keep[0].fact.matched_tag}.")
            matches = keep
        if matches:
            matches.sort(key=lambda m: self._rank(fig, row, named, m))
            best = matches[0]
            row.support = _support(best)
            row.other_matches = len(matches) - 1
            claimed = row.claimed_fiscal_year is not None or fig.fiscal_period or fig.period_end
            if claimed and not self._claim_ok(fig, row, best.fact):
                row.status = "mismatched_period"
                row.reason = (f"{_fmt(best.fact.value)} {best.fact.unit} ({best.fact.matched_tag}) is reported for "
                              f"{G.describe_period(best.fact)}, not for {fig.period_text}.")
            else:
                row.status = "grounded"
                row.reason = (f"{best.fact.matched_tag} = {_fmt(best.fact.value)} {best.fact.unit} for "
                              f"{G.describe_period(best.fact)}, rounds to {fig.text}.")
                if not claimed:
                    row.notes.append("The answer names no period for this figure; the matching fact is for "
                                     f"{G.describe_period(best.fact)}.")
            self._describe_revision(best, row)
            if row.other_matches >= 3 and not relevant:
                row.notes.append(f"{row.other_matches} other facts also round to {fig.text}: a loose match; "
                                 "name the concept or give more digits.")
            return row
        if self._derived(fig, row, named):
            return row
        row.status = "ungrounded"
        where = "the cited filings' XBRL facts" if self.cites else f"{self.ref.name}'s XBRL facts"
        row.reason = f"No value in {where} rounds to {fig.text}, and no ratio or change of facts gives it."
        if coincidences:
            coincidences.sort(key=lambda m: self._rank(fig, row, named, m))
            f = coincidences[0].fact
            row.notes.append(f"{len(coincidences)} fact(s) of other concepts round to it, e.g. {f.matched_tag} = "
                             f"{_fmt(f.value)} for {G.describe_period(f)}; the sentence speaks of {', '.join(named)}.")
        if self.cites:
            elsewhere = self._matches(fig, self.everything)
            elsewhere = ([m for m in elsewhere if set(m.concepts) & set(named)] if named else
                         [m for m in elsewhere if _significant(fig) >= 3])
            if elsewhere:
                elsewhere.sort(key=lambda m: self._rank(fig, row, named, m))
                f = elsewhere[0].fact
                row.notes.append(f"Not in what is cited, but {f.matched_tag} = {_fmt(f.value)} for "
                                 f"{G.describe_period(f)} is in {f.form} {f.accession_number} (filed {f.filed}).")
        return row

    def _describe_revision(self, m: G.Match, row: VerifiedFigure) -> None:
        if m.is_current:
            return
        f = m.fact
        if m.revision_kind == "stock_split":
            row.notes.append(f"Pre-split original: {_fmt(f.value)} as reported in {f.accession_number}; after the "
                             f"stock split later filings report {_fmt(m.current_value)} for the same period.")
        else:
            row.notes.append(f"As first reported in {f.accession_number}; later filings report "
                             f"{_fmt(m.current_value)} for the same period ({m.revision_kind}).")

    def _derived(self, fig: Figure, row: VerifiedFigure, named: list[str]) -> bool:
        if fig.kind not in ("percent", "money", "number") or fig.value is None:
            return False
        if fig.kind != "percent" and not G.GROWTH_CUE.search(fig.clause):
            return False
        if self._series is None:
            self._series = G.series_for_ratios(self.pool)
        lo, hi = fig.interval
        found = [d for d in G.derive("percent" if fig.kind == "percent" else "money", lo, hi,
                                     fig.clause or fig.context, self._series, fig.currency) if d.score > 0]
        if not found:
            return False
        ok = [d for d in found if self._claim_ok(fig, row, d.period)]
        best = (ok or found)[0]
        row.formula = best.formula
        names = [n.strip() for n in re.split(r"[/()\-x]", best.formula) if n.strip() in G.RATIO_CONCEPTS]
        row.inputs = [_fact_support(f, names[i] if i < len(names) else "") for i, f in enumerate(best.inputs)]
        row.other_matches = len(found) - 1
        shown = f"{best.value:,.4f}".rstrip("0").rstrip(".")
        if ok or not (row.claimed_fiscal_year or fig.fiscal_period):
            row.status = "derived"
            row.reason = f"{best.formula} = {shown}, rounds to {fig.text} ({G.describe_period(best.period)})."
        else:
            row.status = "mismatched_period"
            row.reason = (f"{best.formula} = {shown} for {G.describe_period(best.period)}, not for "
                          f"{fig.period_text}.")
        return True

    # --- dates and fiscal years --------------------------------------------------------

    def _fiscal_year(self, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
        fy = fig.fiscal_year or 0
        labels = {lab: end for end, lab in self.cal.labels.items()}
        if fy in labels:
            end = labels[fy]
            prev = labels.get(fy - 1)
            start = prev + timedelta(days=1) if prev else None
            row.status = "grounded"
            row.reason = (f"{self.ref.name}'s FY{fy} " + (f"ran {start} to {end}." if start else f"ended {end}."))
            return row
        est = self.cal.estimated_end(fy)
        if est is not None and labels and fy > max(labels) and (est - self.today).days < 400:
            row.reason = f"FY{fy} is not complete in the facts (it ends around {est})."
            return row
        row.status = "ungrounded"
        span = f"FY{min(labels)} to FY{max(labels)}" if labels else "no complete fiscal year"
        row.reason = f"{self.ref.name} has no fiscal year labelled FY{fy} in its facts ({span})."
        return row

    def _date(self, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
        d = fig.day
        assert d is not None
        iso = d.isoformat()
        for (_tag, _unit, start, end), rows in self.pool.periods.items():
            if (end == iso or start == iso) and any(self.pool.in_pool(r) for r in rows):
                row.status = "grounded"
                what = "ends" if end == iso else "begins"
                f = next(r for r in rows if self.pool.in_pool(r))
                row.reason = f"A reported period {what} on {iso} (e.g. {_tag} in {f[3]})."
                return row
        near = [e for e in self.cal.year_ends if 0 < abs((e - d).days) <= 14]
        if near:
            row.status = "ungrounded"
            row.reason = f"{self.ref.name}'s fiscal year ended {near[0]}, not {iso}."
            return row
        row.reason = "No reported period begins or ends on this date; other dates are not checked."
        return row

    # --- cited text ----------------------------------------------------------------------

    def ground_in_text(self, figures: list[Figure], rows: list[VerifiedFigure]) -> None:
        todo = [(f, r) for f, r in zip(figures, rows, strict=True) if r.status == "ungrounded" and f.kind in NUMERIC]
        if not todo or not (self.excerpts or self.cites):
            return
        sources = self._text_sources()
        for fig, row in todo:
            hit = _find_in_text(fig, sources)
            if hit is None:
                continue
            src, tf, scale_note = hit
            row.status = "grounded"
            row.support = FigureSupport(source="cited_text", value=_num(tf.value), unit=tf.currency,
                                        accession_number=src.accession, url=src.url, passage=tf.context)
            row.reason = f"{src.label} says {tf.text!r}{scale_note}, which rounds to {fig.text}."
            row.notes = [n for n in row.notes if not n.startswith(("Not in what is cited", "fact(s) of other"))]
            row.notes.append("Found in cited text; the period it refers to is not checked.")

    def _text_sources(self) -> list[TextSource]:
        out = []
        for i, e in enumerate(self.excerpts, 1):
            out.append(_source(f"excerpt {i}", None, None, e))
        for c in self.cites:
            try:
                url, form = self._document_url(c)
                data = self.client.get_bytes(url, kind="archive")
            except EdgarError as exc:
                self.warnings.append(f"Could not read the text of {c.label} ({exc.code}: {exc.message})")
                continue
            from ..documents.text import to_document

            self.sources.append(url)
            out.append(_source(c.label, c.accession, url, to_document(data, form).text))
        return out

    def _document_url(self, c: Cite) -> tuple[str, str | None]:
        cik = int(self.ref.cik)
        forms = [r[6] for rows in self.pool.periods.values() for r in rows[:1] if r[3] == c.accession]
        form = forms[0] if forms else None
        if c.filename:
            return urls.archive_document(cik, c.accession, c.filename), form
        from .filings import find_filing

        families = [P.base_form(form)] if form else ["10-K", "10-Q", "8-K", "20-F", "40-F"]
        last: EdgarError | None = None
        for fam in families:
            try:
                filing = find_filing(self.ref.cik, accession=c.accession, form=fam, client=self.client)
            except EdgarError as exc:
                if exc.code != "invalid_argument":
                    raise
                last = exc
                continue
            if filing.document_url:
                return filing.document_url, filing.form
        raise last or EdgarError("not_found", f"No primary document is listed for {c.accession}.")

    # --- the result -----------------------------------------------------------------------

    def result(self, rows: list[VerifiedFigure]) -> AnswerVerification:
        counts: dict[str, int] = {}
        for r in rows:
            counts[r.status] = counts.get(r.status, 0) + 1
        bad = counts.get("ungrounded", 0) + counts.get("mismatched_period", 0)
        order = ("grounded", "derived", "mismatched_period", "ungrounded", "unchecked")
        parts = ", ".join(f"{counts[s]} {s}" for s in order if counts.get(s))
        verdict = "all grounded" if not bad else f"NOT all grounded: {bad} to fix"
        return AnswerVerification(
            company=self.ref, cited=[c.label for c in self.cites], all_grounded=not bad,
            summary=f"{len(rows)} figures: {parts}; {verdict}.", counts=counts, figures=rows,
            notes=self.notes, warnings=self.warnings, source=" ".join(dict.fromkeys(self.sources)),
        )


def _source(label: str, accession: str | None, url: str | None, text: str) -> TextSource:
    low = text[:200_000].lower()
    return TextSource(label, accession, url, [f for f in extract_figures(text, periods=False) if f.kind in NUMERIC],
                      in_millions="in millions" in low, in_thousands="in thousands" in low)


def _find_in_text(fig: Figure, sources: list[TextSource]) -> tuple[TextSource, Figure, str] | None:
    lo, hi = fig.interval
    for src in sources:
        for tf in src.figures:
            if (fig.kind == "percent") != (tf.kind == "percent"):
                continue
            if fig.currency and tf.currency and fig.currency != tf.currency:
                continue
            scales = [(0, "")]
            if not tf.scale and fig.kind in ("money", "number") and fig.scale:
                scales += [(6, " (in millions)")] if src.in_millions else []
                scales += [(3, " (in thousands)")] if src.in_thousands else []
            for exp, note in scales:
                v = abs(tf.value or Decimal(0)).scaleb(exp)
                if lo <= v <= hi:
                    return src, tf, note
    return None

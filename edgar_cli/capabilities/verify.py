"""verify_answer: check every figure of an answer against the filings it cites."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from ..documents.figures import Figure, extract_figures, head_date, table_cell
from ..errors import EdgarError
from ..vocabulary import param
from ..models import (
    AnswerVerification,
    CompanyRef,
    FactValue,
    FigureSupport,
    VerifiedFigure,
)
from ..sec import urls
from ..sec.client import SecClient, get_client
from ..sec.companyfacts import load_company_facts
from ..xbrl import grounding as G
from ..xbrl import periods as P
from ..xbrl.catalogue import catalogue
from ..xbrl.facts import CompanyFacts
from ..xbrl.series import build_series
from .resolve import resolve_company

MAX_ANSWER_CHARS = 200_000
MAX_CITES = 20
_DOC_URL = re.compile(r"^https://www\.sec\.gov/Archives/edgar/data/(\d+)/(\d{18})/([A-Za-z0-9][\w.-]*)$")
NUMERIC = ("money", "per_share", "shares", "percent", "number")
_FREE_CASH_FLOW = re.compile(r"\bfree cash flows?\b|\bFCF\b", re.I)
_LEGAL_WORDS = frozenset({"inc", "corp", "co", "ltd", "plc", "llc", "the", "and", "company", "corporation"})
_BOUND_TEXT = {"approx": "an approximation", "over": "a lower bound", "under": "an upper bound",
               "nearly": "a value a little below the figure"}
# Words between a figure and the concept right after it: "$60.9 billion in revenue", "24.5 billion shares outstanding"
_FILLER = re.compile(r"\s*\)?\s*(?:(?:in|of|from|for|total|net|its|the|worth|USD|dollars)\s+){0,3}", re.I)
# A clause with no subject of its own: the figure carries on the sentence's concept ("..., up from $27.0 billion").
_CONNECTOR = re.compile(r"[\s,;:()\-\u2013\u2014]*(?:(?:or|and|up|down|from|compared|with|to|versus|vs\.?|"
                        r"against|than|a|an|the|roughly|about|approximately|nearly|over|which|is|was|were|of|in|"
                        r"fiscal|year|\d{4}|more|less|double|triple|twice|half|at|its|rising|falling|or|about)[\s,;:()\-\u2013\u2014]*)*", re.I)


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
    text: str = ""
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

    Each figure gets a status: ``grounded`` (a fact of the concept the sentence
    names, for the period and kind of period it claims, with the same sign,
    equals it at the answer's rounding: $60.9 billion is 60,922,000,000 rounded
    to 0.1 billion; "roughly", "over", "nearly" widen the rounding),
    ``derived`` (a margin, growth rate in the stated direction, fourth quarter
    or free cash flow computed from facts of that concept and period, with the
    formula and the facts), ``mismatched_period`` (a fact of the same concept,
    of another period than the one claimed, which is named), ``ungrounded``
    (the concept's value for the period differs, the sign or direction
    disagrees, or nothing supports it) or ``unchecked`` (edgar cannot tell: a
    figure naming no concept that several facts match, a segment or product
    line, a period the facts do not cover, calendar years). A concept is named
    in catalogue words ("revenue", "net loss", "gross margin") or, for other
    figures, by the words of an XBRL tag ("buybacks" -> PaymentsForRepurchase-
    OfCommonStock); a figure that names none is grounded only when one value
    alone matches. A calendar year at a company whose fiscal year does not end
    in December is met by a fiscal year ending in it or lying mostly in it. A
    value later changed by a stock split or restatement is grounded, with the
    value that stands now beside it. Without ``cite`` the company's facts are
    used and the supporting filing is named; with it, only the cited filings'
    facts count, then their text and the ``excerpts``: a number in a passage
    (or table row) that names the same concept, in the claimed period when the
    passage or the column head says which; never one the facts contradict.

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
                     f"Pass {param('company')} (a ticker, CIK or name); the citations do not name the filer "
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


def _fact_pool(client: SecClient, facts: CompanyFacts, accessions: set[str] | None) -> G.FactPool:
    """The pool of a company's facts, kept in the client's memo beside the facts it indexes (a pool of some
    filings' facts is built per call: citations vary too much to keep them)."""
    if accessions is not None:
        return G.FactPool(facts, accessions)
    key = f"verify-pool:{facts.cik}:{facts.fetched_at}"
    with client.memo_lock:
        hit = client.memo.get(key)
    if hit is None:
        hit = G.FactPool(facts, accessions)
        with client.memo_lock:
            client.memo[key] = hit
    return hit


def _coordinated(text: str, named: list[G.Named]) -> list[G.Named]:
    """The concepts listed together at the end of ``named`` ("revenue and net income", "revenue, gross profit
    and net income"), or the last one alone."""
    out = [named[-1]]
    for prev in reversed(named[:-1]):
        if not re.fullmatch(r"\s*(?:,|and|or|as well as|,\s*and)\s*", text[prev.end:out[0].start], re.I):
            break
        out.insert(0, prev)
    return out


def _inputs_text(d: G.Derivation) -> str:
    return "; ".join(f"{f.matched_tag} = {_fmt(f.value)} for {G.describe_period(f)} ({f.accession_number})"
                     for f in d.inputs)


def _chain_position(tag: str) -> int:
    """0 for a concept's main tag (NetIncomeLoss), more for its fallbacks (ProfitLoss, with minority interests)."""
    for c in catalogue().values():
        for i, t in enumerate(c.chain):
            if t.tag == tag:
                return i
    return 0


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
        self.pool = _fact_pool(client, facts, accessions)
        self.everything = _fact_pool(client, facts, None) if accessions else self.pool
        self._ratio_series: dict[str, list[FactValue]] | None = None
        self._series_cache: dict[str, list[FactValue]] = {}
        self.text_ok: set[int] = set()  # figures the cited text may still support (never one XBRL contradicts)
        name_words = re.findall(r"[A-Za-z]+", ref.name)
        acronym = "".join(w[0] for w in name_words if w[0].isupper() and w.lower() not in _LEGAL_WORDS)
        self.company_words = frozenset([w.lower() for w in name_words] + [t.lower() for t in ref.tickers]
                                       + ([acronym.lower()] if len(acronym) > 2 else []))
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
        claim = self._claim(fig, row)
        if fig.bound:
            lo, hi = fig.interval
            row.notes.append(f"Read as {_BOUND_TEXT[fig.bound]}: any value from {_fmt(float(lo))} to "
                             f"{_fmt(float(hi))} fits.")
        if fig.kind == "percent":
            return self._percent(fig, row, claim)
        return self._amount(fig, row, claim)

    def _claim(self, fig: Figure, row: VerifiedFigure) -> G.Claim:
        fy, cal_year = fig.fiscal_year, None
        if fig.period_basis == "calendar" and fy is not None and not self.calendar_aligned:
            fy, cal_year = None, fig.fiscal_year
            row.claimed_fiscal_year = None
        return G.Claim(fiscal_year=fy, quarter=fig.fiscal_period, end=fig.period_end, calendar_year=cal_year,
                       period_type=fig.period_type, text=fig.period_text)

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
        if fig.kind == "percent":
            return ["pure"]
        return [u for u in units if u != "pure"]

    def _matches(self, fig: Figure, pool: G.FactPool) -> list[G.Match]:
        lo, hi = fig.interval
        if fig.kind == "percent":
            return pool.lookup(["pure"], lo / 100, hi / 100)
        return pool.lookup(self._lookup_units(fig, pool), lo, hi)

    def _claims_negative(self, fig: Figure) -> bool:
        before = fig.lead[-120:] if _CONNECTOR.fullmatch(fig.clause) else fig.clause[-60:]
        return fig.negative or bool(G.LOSS_CUE.search(before) or G.LOSS_CUE.search(fig.after[:25]))

    def _sign_ok(self, fig: Figure, m: G.Match) -> bool:
        """A loss is not an income: for concepts whose sign means something, the answer's sign must agree."""
        v = m.fact.value
        signed = bool(set(m.concepts) & G.SIGNED_CONCEPTS) or any(
            k in m.fact.matched_tag for k in ("IncomeLoss", "ProfitLoss", "ProvidedByUsedIn", "EarningsLossPerShare"))
        if not signed or not v:
            return True
        return (v < 0) == self._claims_negative(fig)

    def _rank(self, fig: Figure, claim: G.Claim, m: G.Match) -> tuple:
        f = m.fact
        diff = abs(abs(float(f.value)) - float(fig.value or 0))
        return (not claim.accepts(f), not self._sign_ok(fig, m), not m.is_current, not P.is_periodic(f.form),
                claim.type_rank(f), _chain_position(f.matched_tag), diff, -f.end.toordinal())

    # --- amounts, per-share values, share counts ---------------------------------------

    def _named(self, fig: Figure) -> tuple[list[str], str | None]:
        """The catalogue concept the figure is of (with the word qualifying it, "Data Center"), if the answer
        names one: right after it ("$60.9 billion in revenue"), else the nearest before it in its clause."""
        hit, listed = None, []
        after = G.find_concepts(fig.after[:60], self.company_words)
        if after and _FILLER.fullmatch(fig.after[:after[0].start]):
            hit = after[0]
        if hit is None:
            before = G.find_concepts(fig.clause, self.company_words)
            if before:
                hit, listed = before[-1], _coordinated(fig.clause, before)
            elif _CONNECTOR.fullmatch(fig.clause):
                # "..., up from $27.0 billion", "..., or 60,922 million": the sentence's concept carries on.
                lead = G.find_concepts(fig.lead, self.company_words)
                hit, listed = (lead[-1], _coordinated(fig.lead, lead)) if lead else (None, [])
        if hit is None:
            return [], None
        if len(listed) > 1 and fig.kind in ("money", "number"):
            # "revenue and net income were $130.5 billion and $72.9 billion": the figure is one of them
            return [n.concept for n in listed if catalogue()[n.concept].unit == "currency"], None
        spec = catalogue()[hit.concept]
        if fig.kind == "per_share":
            if hit.concept in ("net_income", "eps_diluted", "eps_basic"):
                basic = hit.concept == "eps_basic" or re.search(r"\bbasic\b", fig.clause + fig.after[:30], re.I)
                return (["eps_basic"] if basic else ["eps_diluted", "eps_basic"]), hit.qualifier
            return [], None
        family = {"money": "currency", "shares": "shares"}.get(fig.kind)
        if family and spec.unit != family:
            return [], None
        if fig.kind == "number" and spec.unit == "currency/shares":
            return [], None
        return [hit.concept], hit.qualifier

    def _amount(self, fig: Figure, row: VerifiedFigure, claim: G.Claim) -> VerifiedFigure:
        named, qualifier = self._named(fig)
        matches = self._matches(fig, self.pool)
        if named:
            return self._by_concept(fig, row, claim, named, qualifier, matches)
        if fig.kind in ("money", "number") and _FREE_CASH_FLOW.search(fig.clause[-40:] + "|" + fig.after[:40]):
            return self._free_cash_flow(fig, row, claim)
        return self._by_words(fig, row, claim, matches, self._lookup_units(fig, self.pool))

    def _free_cash_flow(self, fig: Figure, row: VerifiedFigure, claim: G.Claim) -> VerifiedFigure:
        """Free cash flow is not reported; it is operating cash flow less capital expenditures."""
        lo, hi = fig.interval
        neg = self._claims_negative(fig)
        every = [d for d in G.differences(self._series(), "operating_cash_flow", "capex")
                 if not fig.currency or d.period.unit == fig.currency]
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        if self._derivation_verdict(fig, row, claim, fits, lambda d: (d.value < 0) == neg or d.value == 0,
                                    "the sign disagrees"):
            row.notes.append("Free cash flow is not a reported figure: edgar takes it as operating cash flow "
                             "less capital expenditures; companies define it in their own ways.")
            return row
        actual = sorted((d for d in every if claim.accepts(d.period)),
                        key=lambda d: (claim.type_rank(d.period), -d.period.end.toordinal()))
        if actual and claim.stated:
            d = actual[0]
            row.status = "ungrounded"
            row.reason = (f"{d.formula} = {_fmt(d.value)} {d.period.unit} for {G.describe_period(d.period)}; "
                          f"{fig.text} does not round to it.")
            row.notes.append(f"Computed from {_inputs_text(d)}. Companies define free cash flow in their own ways.")
            return row
        row.reason = f"Free cash flow for {claim.text or 'this period'} cannot be computed from the reported facts."
        self.text_ok.add(fig.start)
        return row

    def _by_concept(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, named: list[str],
                    qualifier: str | None, matches: list[G.Match]) -> VerifiedFigure:
        label = catalogue()[named[0]].label.lower()
        rel = [m for m in matches if set(m.concepts) & set(named)]
        if self._verdict(fig, row, claim, rel):
            if qualifier and row.status in ("grounded", "mismatched_period"):
                row.notes.append(f"{row.reason}")
                row.status = "unchecked"
                row.reason = (f"The answer speaks of {qualifier} {label}, a part of {label}, but the value is the "
                              f"company's whole {label}; companyfacts has no segments to check the part against.")
                row.support = None
            return row
        if fig.kind in ("money", "number") and not qualifier:
            if self._fourth_quarter(fig, row, claim, named[0]):
                return row
            if G.GROWTH_CUE.search(fig.clause) and self._change(fig, row, claim, named[0], "money"):
                return row
        others = [m for m in matches if m not in rel]
        self._note_coincidences(fig, row, claim, others, label)
        if self.cites and self._found_elsewhere(fig, row, claim, named):
            self.text_ok.add(fig.start)
            return row
        if qualifier:
            row.reason = (f"The answer speaks of {qualifier} {label}, a part of {label}; companyfacts has no "
                          "segments or product lines to check it against. Cite the filing's text to check it.")
            self.text_ok.add(fig.start)
            return row
        actual = self._concept_facts(named, claim, fig)
        if actual:
            f = actual[0]
            row.status = "ungrounded"
            row.reason = (f"{self.ref.name}'s {label} for {G.describe_period(f)} is {_fmt(f.value)} {f.unit} "
                          f"({f.matched_tag}, {f.form} {f.accession_number}); {fig.text} does not round to it.")
            if fig.currency and f.unit.split("/")[0] != fig.currency:
                row.reason += f" It is reported in {f.unit}, and the answer's figure is in {fig.currency}."
            return row
        if claim.stated:
            row.reason = (f"{self.ref.name} reports no {label} for {claim.text} in its XBRL facts, so "
                          f"{fig.text} cannot be checked against them.")
            self.text_ok.add(fig.start)
            return row
        row.status = "ungrounded"
        where = "the cited filings' XBRL facts" if self.cites else f"{self.ref.name}'s XBRL facts"
        row.reason = f"No {label} value in {where} rounds to {fig.text}, in any period."
        self.text_ok.add(fig.start)
        return row

    def _verdict(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, rel: list[G.Match],
                 how: str = "") -> bool:
        """grounded, a sign that disagrees, or mismatched_period, from matches of the concept the answer names."""
        if not rel:
            return False
        rel = sorted(rel, key=lambda m: self._rank(fig, claim, m))
        best = rel[0]
        f = best.fact
        in_period = claim.accepts(f)
        if in_period and self._sign_ok(fig, best):
            row.status = "grounded"
            row.reason = (f"{f.matched_tag} = {_fmt(f.value)} {f.unit} for {G.describe_period(f)}, rounds to "
                          f"{fig.text}{how}.")
            if not claim.stated:
                row.notes.append("The answer names no period for this figure; the matching fact is for "
                                 f"{G.describe_period(f)}.")
            elif claim.calendar_year is not None:
                row.notes.append(f"{claim.text} reads as a calendar year, and {self.ref.name}'s fiscal years end "
                                 f"around {self.cal.typical_end}: {G.calendar_note(f, claim.calendar_year)}.")
        elif in_period:
            row.status = "ungrounded"
            says = "a loss (negative)" if self._claims_negative(fig) else "a positive amount (income, inflow)"
            row.reason = (f"{f.matched_tag} = {_fmt(f.value)} {f.unit} for {G.describe_period(f)}: the sign "
                          f"disagrees, the answer states {says}.")
        elif claim.stated and self._convincing(fig, claim, f):
            row.status = "mismatched_period"
            row.reason = (f"{_fmt(f.value)} {f.unit} ({f.matched_tag}) is reported for {G.describe_period(f)}, "
                          f"not for {claim.text}.")
        else:
            if claim.stated:
                row.notes.append(f"{f.matched_tag} = {_fmt(f.value)} for {G.describe_period(f)} also rounds to "
                                 f"{fig.text}: too loose a match, that far from {claim.text}, to call it a period "
                                 "mix-up.")
            return False
        row.support = _support(best)
        row.other_matches = len(rel) - 1
        self._describe_revision(best, row)
        return True

    def _convincing(self, fig: Figure, claim: G.Claim, f: FactValue) -> bool:
        """Is a match in another period evidence of a period mix-up, not a coincidence? Yes when the figure is
        precise (3+ significant digits) or the period is next to the claimed one."""
        if _significant(fig) >= 3:
            return True
        year = claim.fiscal_year or claim.calendar_year
        if year is not None and f.fiscal_year is not None:
            return abs(f.fiscal_year - year) <= 1
        if claim.end is not None:
            return abs((f.end - claim.end).days) <= 400
        return False

    def _fourth_quarter(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, concept: str) -> bool:
        """A fourth quarter that the 10-K gives only inside the year: the year less its first nine months."""
        if claim.quarter != "Q4":
            return False
        lo, hi = fig.interval
        q4s = [v for v in self._series().get(concept, []) if (concept, v.end) in self.pool.q4_parts
               and claim.accepts(v) and (not fig.currency or v.unit == fig.currency)]
        if not q4s:
            return False
        q4 = q4s[0]
        annual, nine = self.pool.q4_parts[(concept, q4.end)]
        d = G.Derivation(f"{concept} {G.describe_period(annual)} - {concept} {G.describe_period(nine)}",
                         q4.value, [annual, nine], q4, (concept, concept))
        if lo <= abs(Decimal(str(q4.value))) <= hi:
            row.status = "derived"
            row.reason = (f"{d.formula} = {_fmt(q4.value)} {q4.unit}, the fourth quarter ({G.describe_period(q4)}), "
                          f"rounds to {fig.text}.")
            self._set_inputs(row, d)
        else:
            row.status = "ungrounded"
            row.reason = (f"{self.ref.name}'s {concept} for {G.describe_period(q4)} is {_fmt(q4.value)} {q4.unit} "
                          f"(the year less its first nine months); {fig.text} does not round to it.")
            row.notes.append(f"Computed from {_inputs_text(d)}.")
        return True

    def _by_words(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, matches: list[G.Match],
                  units: list[str]) -> VerifiedFigure:
        """No catalogue concept named: the facts whose tag the answer's words name, else an unambiguous match."""
        self.text_ok.add(fig.start)
        words = G.content_words(fig.clause + " " + fig.after[:60]) - self.company_words
        tags = self._tags_named(words, units)
        if tags:
            # Words name a tag less surely than a catalogue concept: they ground a figure, never call it a
            # period mix-up.
            rel = [m for m in matches if m.fact.matched_tag in tags and claim.accepts(m.fact)]
            if rel and self._verdict(fig, row, claim, rel, how=" (a fact the answer's words name)"):
                return row
            # A value the words name firmly (two words, one distinctive: "share buybacks") contradicts the figure.
            firm = max(G.tag_score(words, t) for t in tags) >= 2
            actual = [f for f in self._tag_facts(tags, claim) if f.value] if claim.stated and firm else []
            actual = actual if len({f.matched_tag for f in actual}) <= 6 else []
            if actual:
                row.status = "ungrounded"
                shown = "; ".join(f"{f.matched_tag} = {_fmt(f.value)} {f.unit}" for f in actual[:3])
                row.reason = (f"The facts the answer's words name are, for {G.describe_period(actual[0])}: {shown}; "
                              f"none rounds to {fig.text}.")
                self._note_coincidences(fig, row, claim, matches, None)
                return row
        in_period = [m for m in matches if claim.accepts(m.fact) and self._sign_ok(fig, m)]
        values = {abs(float(m.fact.value)) for m in in_period}
        if len(values) == 1 and _significant(fig) >= 3:
            best = min(in_period, key=lambda m: self._rank(fig, claim, m))
            self._verdict(fig, row, claim, [best])
            row.other_matches = len(in_period) - 1
            row.notes.append("The answer names no concept edgar knows for this figure; it is grounded because one "
                             "value alone, among the facts of the period, rounds to it. Check that "
                             f"{best.fact.matched_tag} is what the answer means.")
            return row
        if in_period:
            in_period.sort(key=lambda m: self._rank(fig, claim, m))
            shown = "; ".join(f"{m.fact.matched_tag} = {_fmt(m.fact.value)} ({G.describe_period(m.fact)})"
                              for m in in_period[:3])
            row.reason = (f"{len(in_period)} fact(s) round to {fig.text} ({shown}{'; ...' if len(in_period) > 3 else ''}),"
                          " and the answer does not say which it means: name the concept or give more digits.")
            return row
        row.status = "ungrounded"
        where = "the cited filings' XBRL facts" if self.cites else f"{self.ref.name}'s XBRL facts"
        when = f" for {claim.text}" if claim.stated else ""
        row.reason = f"No value in {where}{when} rounds to {fig.text}, and no ratio or change of facts gives it."
        self._note_coincidences(fig, row, claim, matches, None)
        return row

    def _tags_named(self, words: set[str], units: list[str]) -> set[str]:
        if not words:
            return set()
        scores: dict[str, int] = {}
        for tag, unit, _s, _e in self.pool.periods:
            if unit in units and tag not in scores:
                scores[tag] = G.tag_score(words, tag)
        top = max(scores.values(), default=0)
        return {t for t, sc in scores.items() if sc and sc >= top - 1} if top else set()

    def _tag_facts(self, tags: set[str], claim: G.Claim) -> list[FactValue]:
        from ..xbrl.series import fact_value

        out = []
        for (tag, unit, _s, _e), rows in self.pool.periods.items():
            if tag not in tags:
                continue
            pool_rows = [r for r in rows if self.pool.in_pool(r)]
            f = fact_value(self.facts, self.cal, tag, unit, pool_rows) if pool_rows else None
            if f is not None and claim.accepts(f):
                out.append(f)
        out.sort(key=lambda f: (claim.type_rank(f), -f.end.toordinal()))
        return out

    def _concept_facts(self, named: list[str], claim: G.Claim, fig: Figure) -> list[FactValue]:
        """The concept's current values for the claimed period (all facts, not only the cited ones)."""
        if not claim.stated:
            return []
        out = []
        for name in named:
            if name not in self._series_cache:
                self._series_cache[name] = build_series(self.facts, catalogue()[name]).values
            out += [v for v in self._series_cache[name] if claim.accepts(v)]
        if fig.currency and not any(v.unit.split("/")[0] == fig.currency for v in out):
            # The series is in the reporting currency; the filer may give this period in the answer's too.
            chain = {t.tag for name in named for t in catalogue()[name].chain}
            same = [f for f in self._tag_facts(chain, claim) if f.unit.split("/")[0] == fig.currency]
            out = same or out
        out.sort(key=lambda f: (fig.currency is not None and f.unit.split("/")[0] != fig.currency,
                                claim.type_rank(f), -f.end.toordinal()))
        return out

    def _note_coincidences(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, others: list[G.Match],
                           label: str | None) -> None:
        if not others:
            return
        others = sorted(others, key=lambda m: self._rank(fig, claim, m))
        f = others[0].fact
        what = f"the answer speaks of {label}" if label else "the answer does not name them"
        row.notes.append(f"{len(others)} fact(s) of other concepts round to it, e.g. {f.matched_tag} = "
                         f"{_fmt(f.value)} for {G.describe_period(f)}; {what}, so they do not count.")

    def _found_elsewhere(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, named: list[str]) -> bool:
        elsewhere = [m for m in self._matches(fig, self.everything) if set(m.concepts) & set(named)
                     and claim.accepts(m.fact) and self._sign_ok(fig, m)]
        if not elsewhere:
            return False
        elsewhere.sort(key=lambda m: self._rank(fig, claim, m))
        f = elsewhere[0].fact
        row.status = "ungrounded"
        row.reason = f"No value in the cited filings' XBRL facts rounds to {fig.text}."
        row.notes.append(f"Not in what is cited, but {f.matched_tag} = {_fmt(f.value)} for "
                         f"{G.describe_period(f)} is in {f.form} {f.accession_number} (filed {f.filed}).")
        return True

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

    # --- percentages: margins, growth rates, reported ratios ----------------------------

    def _series(self) -> dict[str, list[FactValue]]:
        if self._ratio_series is None:
            if self.pool.ratio_series is None:
                self.pool.ratio_series = G.series_for_ratios(self.pool)
            self._ratio_series = self.pool.ratio_series
        return self._ratio_series

    def _percent(self, fig: Figure, row: VerifiedFigure, claim: G.Claim) -> VerifiedFigure:
        pair, qualifier = self._ratio_named(fig)
        if pair:
            if qualifier:
                row.reason = (f"The answer speaks of a {qualifier} ratio of {pair[0]} to {pair[1]}, which the "
                              "reported facts do not give.")
                self.text_ok.add(fig.start)
                return row
            return self._ratio(fig, row, claim, pair)
        if G.GROWTH_CUE.search(fig.clause) or G.GROWTH_CUE.search(fig.after[:30]):
            hit = self._growth_named(fig)
            if hit and hit.qualifier:
                label = catalogue()[hit.concept].label.lower()
                row.reason = (f"The answer speaks of {hit.qualifier} {label}, a part of {label}; companyfacts has "
                              "no segments or product lines to check its growth against.")
                self.text_ok.add(fig.start)
                return row
            concept = hit.concept if hit else None
            if concept:
                if self._change(fig, row, claim, concept, "percent"):
                    return row
                return self._no_change(fig, row, claim, concept)
        matches = self._matches(fig, self.pool)
        return self._by_words(fig, row, claim, matches, ["pure"])

    def _ratio_named(self, fig: Figure) -> tuple[tuple[str, str] | None, str | None]:
        """The ratio a percentage is of: a margin by name ("gross margin"), or "X ... 8.0% of net sales"."""
        # the figure's own clause; the sentence before it only when the clause just carries it on ("..., or 8.0%")
        for text in (fig.clause, fig.lead[-120:] if _CONNECTOR.fullmatch(fig.clause) else ""):
            hit = G.margin_named(text)
            if hit:
                pair, start = hit
                return pair, G._qualifier(text[:start], self.company_words)
        after = G.find_concepts(fig.after[:60], self.company_words)
        den = None
        if after and re.fullmatch(r"\s*(?:of|to)\s+(?:(?:its|the|total|net)\s+)*", fig.after[:after[0].start], re.I):
            den = after[0].concept
        m = re.search(r"\b(?:as a (?:percentage|percent|share|proportion) of|as a % of|relative to)\s+", fig.lead, re.I)
        if den is None and m:
            tail = G.find_concepts(fig.lead[m.end():], self.company_words)
            den = tail[0].concept if tail else None
        if den is None:
            return None, None
        before = [n for n in G.find_concepts(fig.lead, self.company_words) if n.concept != den]
        if not before:
            return None, None
        num = before[-1]
        if num.concept not in G.RATIO_CONCEPTS or den not in G.RATIO_CONCEPTS:
            return None, None
        return (num.concept, den), num.qualifier

    def _growth_concept(self, fig: Figure) -> str | None:
        hit = self._growth_named(fig)
        return hit.concept if hit and not hit.qualifier else None

    def _growth_named(self, fig: Figure) -> G.Named | None:
        """The concept a growth rate is of: the nearest before it in the sentence, else right after it."""
        before = [n for n in G.find_concepts(fig.lead, self.company_words) if n.concept in G.GROWTH_CONCEPTS]
        if before:
            return before[-1]
        after = [n for n in G.find_concepts(fig.after[:60], self.company_words) if n.concept in G.GROWTH_CONCEPTS]
        return after[0] if after else None

    def _ratio(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, pair: tuple[str, str]) -> VerifiedFigure:
        lo, hi = fig.interval
        neg = self._claims_negative(fig)
        every = G.ratios(self._series(), *pair)
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        if self._derivation_verdict(fig, row, claim, fits, lambda d: (d.value < 0) == neg or d.value == 0,
                                    "the sign disagrees"):
            return row
        if self._contradicted(fig, row, claim, every, lambda d: f"{d.formula} = {d.value:,.2f}%"):
            return row
        row.reason = (f"No {pair[0]} / {pair[1]} for {claim.text or 'any period'} can be computed from the "
                      "reported facts.")
        self.text_ok.add(fig.start)
        return row

    def _change(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, concept: str, kind: str) -> bool:
        """A growth rate or a difference of the named concept against its prior period."""
        lo, hi = fig.interval
        sequential = bool(G.SEQUENTIAL_CUE.search(fig.clause + fig.after[:60]))
        way = -1 if fig.negative else G.direction(fig.clause, fig.after)
        every = G.changes(self._series(), concept, kind, sequential=sequential)
        if kind != "percent" and fig.currency:
            every = [d for d in every if d.period.unit == fig.currency]
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        return self._derivation_verdict(fig, row, claim, fits, lambda d: way == 0 or (d.value > 0) == (way > 0),
                                        "the direction disagrees")

    def _no_change(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, concept: str) -> VerifiedFigure:
        sequential = bool(G.SEQUENTIAL_CUE.search(fig.clause + fig.after[:60]))
        every = G.changes(self._series(), concept, "percent", sequential=sequential)
        if self._contradicted(fig, row, claim, every, lambda d: f"{concept} changed by {d.value:+,.2f}%", "in"):
            return row
        row.reason = f"No {concept} growth rate for {claim.text or 'any period'} can be computed from the reported facts."
        self.text_ok.add(fig.start)
        return row

    def _contradicted(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, every: list[G.Derivation],
                      what: Callable[[G.Derivation], str], joiner: str = "for") -> bool:
        """Mark ``row`` ungrounded when the stated period has a computable value the figure does not round to."""
        actual = sorted((d for d in every if claim.accepts(d.period)),
                        key=lambda d: (claim.type_rank(d.period), -d.period.end.toordinal()))
        if not (actual and claim.stated):
            return False
        d = actual[0]
        row.status = "ungrounded"
        row.reason = f"{what(d)} {joiner} {G.describe_period(d.period)}; {fig.text} does not round to it."
        row.notes.append(f"Computed from {_inputs_text(d)}.")
        return True

    def _derivation_verdict(self, fig: Figure, row: VerifiedFigure, claim: G.Claim, fits: list[G.Derivation],
                            agrees, disagreement: str) -> bool:
        if not fits:
            return False
        fits.sort(key=lambda d: (not claim.accepts(d.period), not agrees(d), claim.type_rank(d.period),
                                 -d.period.end.toordinal()))
        best = fits[0]
        shown = f"{best.value:,.4f}".rstrip("0").rstrip(".")
        where = G.describe_period(best.period)
        if claim.accepts(best.period) and agrees(best):
            row.status = "derived"
            row.reason = f"{best.formula} = {shown}, rounds to {fig.text} ({where})."
            if not claim.stated:
                row.notes.append(f"The answer names no period for this figure; the computation is for {where}.")
            elif claim.calendar_year is not None:
                row.notes.append(f"{claim.text} reads as a calendar year: {G.calendar_note(best.period, claim.calendar_year)}.")
        elif claim.accepts(best.period):
            row.status = "ungrounded"
            row.reason = f"{best.formula} = {shown} for {where}: {disagreement} with the answer."
        elif claim.stated and self._convincing(fig, claim, best.period):
            row.status = "mismatched_period"
            row.reason = f"{best.formula} = {shown} for {where}, not for {claim.text}."
        else:
            if claim.stated:
                row.notes.append(f"{best.formula} = {shown} for {where} also rounds to {fig.text}: too loose a "
                                 f"match, that far from {claim.text}, to call it a period mix-up.")
            return False
        if row.status == "ungrounded":
            row.notes.append(f"Computed from {_inputs_text(best)}.")
        else:
            self._set_inputs(row, best)
        if any((c, f.end) in self.pool.q4_parts and f.fiscal_period == "Q4" for c in best.concepts[:1]
               for f in best.inputs):
            row.notes.append("A fourth quarter here is its fiscal year less the first nine months (the 10-K "
                             "reports no fourth quarter by itself).")
        row.other_matches = len(fits) - 1
        return True

    def _set_inputs(self, row: VerifiedFigure, d: G.Derivation) -> None:
        row.formula = d.formula
        names = list(d.concepts) if len(d.concepts) == len(d.inputs) else [d.concepts[0]] * len(d.inputs)
        row.inputs = [_fact_support(f, names[i]) for i, f in enumerate(d.inputs)]

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
        if labels and fy < min(labels):
            row.reason = (f"FY{fy} is before {self.ref.name}'s XBRL facts begin (FY{min(labels)}); it cannot be "
                          "checked against them.")
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
        """Cited text and excerpts may support a figure the XBRL facts do not decide on (never one they
        contradict): a number in a passage that names the same concept (or shares the answer's words), in
        the claimed period when the passage says which."""
        todo = [(f, r) for f, r in zip(figures, rows, strict=True)
                if f.start in self.text_ok and r.status in ("ungrounded", "unchecked") and f.kind in NUMERIC]
        if not todo or not (self.excerpts or self.cites):
            return
        sources = self._text_sources()
        for fig, row in todo:
            hit = _find_in_text(fig, sources, self._text_test(fig, row, self._claim(fig, row)))
            if hit is None:
                continue
            src, tf, scale_note, (verdict, where) = hit
            row.support = FigureSupport(source="cited_text", value=_num(tf.value), unit=tf.currency,
                                        accession_number=src.accession, url=src.url, passage=tf.context)
            row.notes = [n for n in row.notes if not n.startswith(("Not in what is cited", "fact(s) of other"))]
            if verdict == "ok":
                row.status = "grounded"
                row.reason = (f"{src.label} says {tf.text!r}{scale_note} in a passage about it, which rounds to "
                              f"{fig.text}" + (f" ({where})." if where else "."))
            else:
                row.status = "mismatched_period"
                row.reason = (f"{src.label} gives {tf.text!r}{scale_note} in the column {where!r}, not for "
                              f"{fig.period_text}.")

    def _text_test(self, fig: Figure, row: VerifiedFigure, claim: G.Claim):
        """What a passage must say to support the figure: its concept (or its words) and, when the answer
        names a period, that period: the year a sentence names, or the head of a table column."""
        if fig.kind == "percent":
            pair, qualifier = self._ratio_named(fig)
            hit = None if pair else self._growth_named(fig)
            named = [pair[0]] if pair else [hit.concept] if hit else []
            qualifier = qualifier if pair else hit.qualifier if hit else None
        else:
            named, qualifier = self._named(fig)
        words = G.content_words(fig.clause + " " + fig.after[:60]) - self.company_words
        year = claim.fiscal_year or claim.calendar_year

        def about(passage: str, label: str) -> bool:
            if named:
                found = {n.concept for n in G.find_concepts(passage, self.company_words)}
                return bool(found & set(named)) and (not qualifier or qualifier.lower() in label.lower())
            return bool((G.content_words(passage) & words) - G._GENERIC)

        def test(src: TextSource, tf: Figure) -> tuple[str, str] | None:
            """("ok", where) when the passage supports the figure, ("other_period", column) when a table gives
            it for another period, None otherwise."""
            cell = table_cell(src.text, tf.start)
            if cell is None:
                said = {int(y) for y in re.findall(r"(?<![\d,.$])((?:19|20)\d\d)(?![\d%]|[,.]\d)", tf.context)}
                if about(tf.context, tf.context) and not (year and said and year not in said):
                    return "ok", ("the sentence names the year" if said and year else
                                  "the period it refers to is not checked" if claim.stated else "")
                return None
            if not about(cell.above + "\n" + cell.row, cell.row):
                return None
            head = cell.column_head
            if not claim.stated:
                return "ok", f"column {head!r}" if head else ""
            if head is None:
                # which column is which year is unknown
                return ("ok", "the period it refers to is not checked") if cell.values_in_row <= 1 else None
            day, bare = head_date(head)
            if day is not None:
                label = self.cal.year_containing(day)
                fits = (claim.fiscal_year is not None and label is not None and label[0] == claim.fiscal_year) or \
                    (claim.calendar_year is not None and day.year == claim.calendar_year)
            else:
                fits = bare is not None and bare == year
            return ("ok", f"column {head!r}") if fits else ("other_period", head)
        return test

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
                filing = find_filing(self.ref.cik, accession_number=c.accession, form=fam, client=self.client)
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
        unsure = sum(1 for r in rows if r.status == "unchecked" and r.kind in NUMERIC)
        verdict = (f"NOT all grounded: {bad} to fix" if bad else
                   f"none contradicted, but {unsure} could not be checked" if unsure else "all grounded")
        return AnswerVerification(
            company=self.ref, cited=[c.label for c in self.cites], all_grounded=not bad,
            summary=f"{len(rows)} figures: {parts}; {verdict}.", counts=counts, figures=rows,
            notes=self.notes, warnings=self.warnings, source=" ".join(dict.fromkeys(self.sources)),
        )


def _source(label: str, accession: str | None, url: str | None, text: str) -> TextSource:
    low = text[:200_000].lower()
    return TextSource(label, accession, url, [f for f in extract_figures(text, periods=False) if f.kind in NUMERIC],
                      text=text, in_millions="in millions" in low, in_thousands="in thousands" in low)


def _find_in_text(fig: Figure, sources: list[TextSource], test) -> tuple | None:
    """The first passage that supports the figure; failing that, one that gives it for another period."""
    lo, hi = fig.interval
    other = None
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
                if not lo <= v <= hi:
                    continue
                verdict = test(src, tf)
                if verdict and verdict[0] == "ok":
                    return src, tf, note, verdict
                if verdict and other is None:
                    other = (src, tf, note, verdict)
    return other

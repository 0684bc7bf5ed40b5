"""The result of verify_answer: each figure of an answer and what grounds it (built in verification/)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from ._base import _Model
from .companies import CompanyRef
from .facts import FiscalPeriod, PeriodType, RevisionKind

VerifyStatus = Literal["grounded", "derived", "superseded", "mismatched_period", "ungrounded", "ambiguous", "unchecked"]
# The verdict on a whole answer, worst first (see AnswerVerification.verdict).
AnswerVerdict = Literal["ungrounded", "superseded", "ambiguous", "unchecked", "no_figures", "grounded"]
# Caveats on a figure that may still be grounded, raised to the verdict.
FigureFlag = Literal["superseded_value", "pre_split_basis", "convenience_translation", "suspected_error"]
FigureKind = Literal[
    "money", "per_share", "shares", "percent", "percentage_points", "number", "date", "fiscal_year", "year"
]


class FigureSupport(_Model):
    """An XBRL fact or a passage of cited text that a figure agrees with, with its provenance."""

    source: Literal["xbrl_fact", "cited_text"]
    value: float | int | None = Field(
        default=None, description="The value as reported (a fact's val; the number in the text)"
    )
    unit: str | None = Field(default=None, description="USD, USD/shares, shares, TWD, pure, ...")
    matched_tag: str | None = Field(default=None, description="taxonomy:Tag of the fact")
    concept: str | None = Field(default=None, description="The catalogue concept the tag belongs to, e.g. revenue")
    fiscal_year: int | None = Field(default=None, description="The company's own label for the fact's fiscal year")
    fiscal_period: FiscalPeriod | None = None
    period_type: PeriodType | None = None
    start: date | None = None
    end: date | None = None
    form: str | None = None
    filed: date | None = None
    accession_number: str | None = None
    url: str | None = Field(default=None, description="The filing's index page, or the cited document")
    current_value: float | int | None = Field(
        default=None, description="Set when later filings changed this period's value: the value that stands now"
    )
    revision_kind: RevisionKind | None = Field(
        default=None, description="How the value that stands now differs from this one (stock_split, restatement, ...)"
    )
    passage: str | None = Field(default=None, description="For cited text: the sentence the number is in")


class PeriodReading(_Model):
    """One fiscal period that calendar wording ("2024", "Q3 2024") can mean, and the figure's status under it."""

    fiscal_year: int
    fiscal_period: FiscalPeriod
    start: date | None = None
    end: date | None = None
    why: str = Field(
        description="Why the wording can mean it: 'ends in 2024', 'lies mostly in 2024', 'the company's own label'"
    )
    status: VerifyStatus
    reason: str


class VerifiedFigure(_Model):
    """One figure of the answer, parsed, and whether the filings bear it out."""

    text: str = Field(description="The figure as written in the answer")
    position: int = Field(description="Character offset in the answer")
    context: str = Field(description="The sentence the figure is in")
    kind: FigureKind
    value: float | None = Field(
        default=None,
        description="Parsed value at full scale (60.9 billion -> 60900000000); percentages as written (72.7)",
    )
    unit: str | None = Field(
        default=None, description="USD, TWD, USD/shares, shares, percent; null when the answer names no currency"
    )
    rounding: float | None = Field(
        default=None,
        description="The precision the answer used: any value within half of "
        "this rounds to the figure (0.1 billion for $60.9 billion)",
    )
    claimed_fiscal_year: int | None = Field(default=None, description="The fiscal year the answer ties the figure to")
    claimed_fiscal_period: FiscalPeriod | None = None
    claimed_period_end: date | None = None
    claimed_period_text: str | None = Field(default=None, description="The words the claimed period was read from")
    status: VerifyStatus = Field(
        description="grounded: equals a fact of the concept named (or a cited number "
        "about it) at the answer's rounding, for the claimed period; derived: a ratio, "
        "growth rate or difference of facts for the claimed period; superseded: equals the "
        "value first reported for the period, which later filings restated; "
        "mismatched_period: the same concept's value for another period; ungrounded: "
        "contradicted (another value, sign or direction) or nothing supports it; "
        "ambiguous: calendar wording at a company whose fiscal year is not the calendar "
        "year, grounded under one reading and not the other (see readings); unchecked: "
        "edgar cannot tell (an ambiguous match, a segment, a period the facts do not cover)"
    )
    reason: str = Field(description="Why, in one sentence")
    support: FigureSupport | None = Field(default=None, description="The best supporting fact or passage")
    formula: str | None = Field(default=None, description="For derived figures: how the inputs give the figure")
    inputs: list[FigureSupport] = Field(default_factory=list, description="For derived figures: the facts used")
    other_matches: int = Field(
        default=0, description="Other facts that also round to the figure (a loose match when many)"
    )
    flags: list[FigureFlag] = Field(
        default_factory=list,
        description="superseded_value: the value first reported, "
        "later restated; pre_split_basis: a share count or per-share value before a "
        "later stock split; convenience_translation: a filer's translation into "
        "another currency than it reports in; suspected_error: the matching figure "
        "is one edgar suspects is the filer's error (a tagging or scale error; the "
        "figure is then unchecked)",
    )
    readings: list[PeriodReading] = Field(
        default_factory=list,
        description="For calendar wording at a company "
        "whose fiscal year is not the calendar year: each fiscal period it can mean",
    )
    notes: list[str] = Field(default_factory=list)
    company: CompanyRef | None = Field(
        default=None,
        description="The company whose facts (or cited filings) the figure was checked against (cik, name, "
        "tickers); null when it was checked against none (a calendar year, or a figure left unchecked as "
        "another company's or as no named company's)",
    )


class AnswerVerification(_Model):
    """Every figure of an answer checked against the filings it cites (or the company's XBRL facts)."""

    company: CompanyRef | None = Field(
        default=None,
        description="The company the answer was checked against; when the answer names several and none was "
        "given, the first of companies (each figure's company says whose facts checked it)",
    )
    companies: list[CompanyRef] = Field(
        default_factory=list,
        description="Every company whose facts checked a figure of the answer (one, or each company the answer "
        "names when none was given)",
    )
    cited: list[str] = Field(default_factory=list, description="Accession numbers or documents the check used")
    verdict: AnswerVerdict = Field(
        description="grounded: every figure grounded or derived; ungrounded: some figure "
        "is ungrounded or of another period; superseded: none contradicted, but some "
        "figure is a value later restated; ambiguous: none contradicted, but some figure's "
        "period reads two ways; unchecked: none contradicted, but some figure could not "
        "be checked; no_figures: the answer states no figure"
    )
    all_grounded: bool = Field(
        description="True only when the answer states figures and every one is grounded or "
        "derived (verdict grounded); unchecked, ambiguous and superseded figures are not "
        "grounded"
    )
    flags: list[FigureFlag] = Field(
        default_factory=list,
        description="Caveats raised by any figure (see VerifiedFigure.flags); each is explained in warnings",
    )
    summary: str
    counts: dict[str, int] = Field(
        default_factory=dict,
        description="Rows per status: figures and period mentions together (summary counts each apart)",
    )
    figures: list[VerifiedFigure]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    source: str = Field(description="The SEC endpoints the check read")

    @property
    def exit_status(self) -> int:
        """The CLI's exit status: 0 grounded, 10 ungrounded, 11 superseded/ambiguous/unchecked, 12 no figures."""
        from ..errors import verdict_exit_status

        return int(verdict_exit_status(self.verdict))

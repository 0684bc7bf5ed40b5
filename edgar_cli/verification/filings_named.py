"""A figure the sentence attributes to one filing: checked against that filing's own values.

"Apple's fiscal 2019 Form 10-K reported diluted EPS of $11.89", "$0.28 in its Form 20-F for 2024", "In its
third-quarter 2022 Form 10-Q, Tesla showed diluted EPS of $0.48 for the third quarter of 2021", "its fiscal
2023 10-K presents the same balance as $7.1 billion": the figure claims what that filing presents, on that
filing's share basis and before any later restatement. Another filing's value (the one first reported, or
today's after a split) never grounds it.

A filing is named by its form (10-K, 10-Q, 20-F, 40-F, with /A; "annual report" for whichever of 10-K, 20-F and
40-F the company files) and fiscal year (and quarter for a 10-Q): "fiscal 2025 Form 10-K", "2019 10-K",
"its 2024 annual report", "Form 20-F for 2024", "third-quarter 2022 Form 10-Q", "10-Q for the
second quarter of fiscal 2024". It is found among the company's XBRL filings by the form and the fiscal
year and period companyfacts gives each filing. A figure is tied to the filing named in the words before it
(since the previous figure: "In its 2024 20-F, LPA reported ... $0.048") or right after it ("$0.28 in its
Form 20-F for 2024").

- the filing reports the concept for the claimed period, and a value rounds to the figure (same sign):
  ``grounded``, the filing's fact as support;
- it reports the concept for that period with another value: ``ungrounded``, naming both;
- the filing cannot be found, or it reports no value of the concept for the period: a grounded figure
  becomes ``unchecked`` (edgar cannot tell what that filing presented); other statuses stay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from ..models.verify import VerifiedFigure
from ..patterns import lazy
from ..vocabulary import possessive
from ..xbrl import grounding as G
from ..xbrl.catalogue import catalogue
from ..xbrl.restatements import filing_order
from ..xbrl.series import fact_value
from . import periods as P
from . import support as S
from . import wording as W
from .claims import Figure
from .grounding import SIGNED_CONCEPTS

_QUARTER_WORD = {"first": "Q1", "second": "Q2", "third": "Q3", "fourth": "Q4"}
_BEFORE_FORM = P.FILING_NAMED  # "fiscal 2025 Form 10-K", "2019 10-K", "third-quarter 2022 Form 10-Q"
_FORM_FOR = P.FILING_FOR  # "Form 20-F for 2024", "10-Q for the second quarter of fiscal 2024"
# The words right after a figure that tie it to a filing named next: "$0.28 in its Form 20-F for 2024", "$0.019 per
# diluted share in 2023 as presented in its 2024 annual report"
_AFTER_TIE = lazy(
    # the figure's unit and period may come first: "$0.019 per diluted share in 2023 as presented in its ..."
    r"(?:\s*per\s+(?:diluted\s+|basic\s+)?share|\s*(?:in|for)\s+(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d\d)*"
    r"\s*,?\s*(?:(?:as\s+)?(?:reported|presented|shown|stated|filed|given)\s+)?(?:in|per|from|according\s+to)\s+"
    r"(?:its|the|their|[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*'s?)\s+$",
)


# Words after a filing's name that turn to another filing: "..., later presented as", "restated to"
_CUT = lazy(r"\b(?:later|subsequent(?:ly)?|since|now|restated|revised|re-?presented|amended)\b", re.I)


# "its 2024 annual report": whichever annual form the company files (10-K, 20-F, 40-F), amendments included
ANNUAL = "annual report"
_ANNUAL_FORMS = ("10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A")


@dataclass(frozen=True)
class NamedFiling:
    text: str
    form: str
    fiscal_year: int
    quarter: str | None  # Q1-Q4 for a quarterly report, else None


def _mentions(text: str) -> list[tuple[int, int, NamedFiling]]:
    out = []
    for rx in (_BEFORE_FORM, _FORM_FOR):
        for m in rx.finditer(text):
            q = m.group("qn") and f"Q{m.group('qn')}" or _QUARTER_WORD.get((m.group("qw") or "").lower())
            form = m.group("form").upper()
            form = ANNUAL if form.startswith("ANNUAL") else form
            out.append((m.start(), m.end(), NamedFiling(m.group(0), form, int(m.group("year")), q)))
    return sorted(out, key=lambda x: x[0])


def named_filing(fig: Figure) -> NamedFiling | None:
    """The filing the sentence attributes the figure to: one named right after it ("$0.28 in its Form 20-F for
    2024"), else the last one named in the words since the previous figure ("In its 2024 20-F, LPA reported")."""
    after = _mentions(fig.after)
    if after and _AFTER_TIE.fullmatch(" " + fig.after[: after[0][0]]):
        return after[0][2]
    before = _mentions(fig.clause)
    if not before:
        return None
    start, end, nf = before[-1]
    if fig.clause != fig.lead and _AFTER_TIE.fullmatch(" " + fig.clause[:start]):
        return None  # "$682 million in its 2019 10-K and ... $646 million": said of the figure before
    if _CUT.search(fig.clause[end:]):
        return None  # "... in its 2019 10-K and was later presented as $646 million": another filing's
    return nf


def _filings(grounder) -> dict[tuple[str, int, str], list[tuple]]:
    """(form, fiscal year, fiscal period) -> one row of each filing, from every row of the company's facts."""
    cached = getattr(grounder, "_named_filings", None)
    if cached is not None:
        return cached
    seen: dict[str, tuple] = {}
    for rows in grounder.everything.periods.values():
        for r in rows:
            if r[3] not in seen and r[4]:
                seen[r[3]] = r
    out: dict[tuple[str, int, str], list[tuple]] = {}
    for r in seen.values():
        out.setdefault((str(r[6]).upper(), int(r[4]), str(r[5] or "").upper()), []).append(r)
    grounder._named_filings = out
    return out


def _accessions(grounder, nf: NamedFiling) -> list[str]:
    filings = _filings(grounder)
    fps = [nf.quarter] if nf.quarter else (["FY"] if nf.form[:4] != "10-Q" else ["Q1", "Q2", "Q3"])
    forms = _ANNUAL_FORMS if nf.form == ANNUAL else (nf.form,)
    rows = [r for form in forms for fp in fps for r in filings.get((form, nf.fiscal_year, fp), [])]
    return [r[3] for r in sorted(rows, key=filing_order)]


def check(grounder, fig: Figure, row: VerifiedFigure) -> VerifiedFigure:
    """``row`` held to the filing the figure's sentence attributes it to (see the module)."""
    if fig.kind not in ("money", "per_share", "shares", "number") or row.status == "derived":
        return row
    nf = named_filing(fig)
    if nf is None:
        return row
    named, qualifier = grounder.named(fig)
    if named and qualifier and not grounder._qualified_tag(fig):
        return row
    if named and not qualifier:
        chain = {t.tag: name for name in named for t in catalogue()[name].chain}
        label = catalogue()[named[0]].label.lower()
    else:  # no catalogue concept: the tags the figure's words name ("deferred tax liabilities")
        words = grounder._figure_words(fig)
        tags = grounder._about_figure(
            fig, words, grounder._tags_named(words, grounder._lookup_units(fig, grounder.everything))
        )
        if not tags or max(W.tag_score(words, t) for t in tags) < 2:
            return row
        # the tags the words name best first ("cash equivalents": CashEquivalentsAtCarryingValue before
        # CashAndCashEquivalentsFairValueDisclosure)
        ranked = sorted(tags, key=lambda t: (-W.tag_score(words, t), len(W.tag_words(t)), t))
        chain, label = dict.fromkeys(ranked), "value the words name"
    accns = _accessions(grounder, nf)
    if not accns:
        if row.status in ("grounded", "superseded"):
            _unchecked(
                row,
                f"The sentence gives {fig.text} as presented in the {nf.text}, which edgar does not find among "
                f"{possessive(grounder.ref.name)} XBRL filings; what that filing presented cannot be checked.",
            )
        return row
    claim = grounder.claim_for(fig, row.model_copy(deep=True))
    options = P.readings(claim, grounder.cal) if claim.stated else []
    facts = []
    for (tag, unit, _s, _e), rows in grounder.everything.periods.items():
        if tag not in chain or (fig.kind == "per_share") != unit.endswith("/shares"):
            continue
        if fig.kind == "money" and not G.CURRENCY_UNIT.fullmatch(unit) and not unit.endswith("/shares"):
            continue
        if fig.currency and unit.split("/")[0] != fig.currency and fig.kind in ("money", "per_share"):
            continue
        mine = [r for r in rows if r[3] in accns]
        if not mine:
            continue
        f = fact_value(grounder.facts, grounder.cal, tag, unit, [max(mine, key=filing_order)])
        if f is None:
            continue
        if any(o.accepts(f) for o in options) or (
            # no period of its own ("the 10-K for fiscal 2024 ... revenue was $60.9 billion"): the filing's own
            not claim.stated and f.fiscal_year == nf.fiscal_year and f.fiscal_period == (nf.quarter or "FY")
        ):
            facts.append((f, chain[tag]))
    if not facts:
        if row.status in ("grounded", "superseded"):
            _unchecked(
                row,
                f"The sentence gives {fig.text} as presented in the {nf.text} ({', '.join(accns)}), whose XBRL "
                f"facts hold no {label} for {claim.text or 'the period claimed'}; "
                "what that filing presented cannot be checked.",
            )
        return row
    order = {tag: i for i, tag in enumerate(chain)}
    facts.sort(key=lambda x: order.get(x[0].matched_tag, len(order)))
    lo, hi = fig.interval
    negative = grounder._claims_negative(fig)
    for f, name in facts:
        if lo <= abs(Decimal(str(f.value))) <= hi and (
            not f.value or (f.value < 0) == negative or not (name in SIGNED_CONCEPTS or _signed(f))
        ):
            row.status = "grounded"
            row.reason = (
                f"{f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)} as presented in "
                f"{f.form} {f.accession_number}{S.filed_text(f.filed)}, the {nf.text} the sentence names; rounds to "
                f"{fig.text}."
            )
            row.support = S.fact_support(f, name)
            row.flags = [x for x in row.flags if x not in ("superseded_value", "pre_split_basis")]
            return row
    f = facts[0][0]
    row.notes = [n for n in row.notes if not n.startswith("The answer names no period")]
    held = row.status in ("grounded", "superseded") and row.support is not None
    where = f" ({row.support.form} {row.support.accession_number})" if held and row.support else ""
    row.status = "ungrounded"
    row.reason = (
        f"The sentence gives {fig.text} as presented in the {nf.text}, and {f.form} {f.accession_number} "
        f"reports {f.matched_tag} = {S.fmt(f.value)} {f.unit} for {G.describe_period(f)}; {fig.text} does "
        "not round to it." + (f" It is the value of another filing{where}, not of the one named." if held else "")
    )
    row.flags = [x for x in row.flags if x not in ("superseded_value", "pre_split_basis")]
    row.support = S.fact_support(f, facts[0][1])
    return row


def _signed(f) -> bool:
    return any(k in f.matched_tag for k in ("IncomeLoss", "ProfitLoss", "ProvidedByUsedIn", "EarningsLossPerShare"))


def _unchecked(row: VerifiedFigure, why: str) -> None:
    row.notes.append(f"Against all of the company's facts: {row.status}: {row.reason}")
    row.status = "unchecked"
    row.reason = why
    row.support = None
    row.flags = [x for x in row.flags if x not in ("superseded_value", "pre_split_basis")]

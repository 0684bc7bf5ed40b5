"""Percentages and amounts that are computed from facts: margins, ratios, growth rates, differences, free
cash flow and the fourth quarter a 10-K leaves implicit.

:class:`Derived` is the part of :class:`~edgar_cli.verification.grounding.Grounder`
that checks such figures against the derivations of :mod:`edgar_cli.xbrl.grounding`:
a figure is ``derived`` when a derivation for the claimed period rounds to it
in the direction (or with the sign) the answer states, ``ungrounded`` when the
claimed period's derivation does not, ``mismatched_period`` when only another
period's does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from ..models.companies import CompanyRef
from ..models.verify import VerifiedFigure
from ..vocabulary import possessive
from ..xbrl import grounding as G
from ..xbrl.catalogue import catalogue
from ..xbrl.records import FactRecord
from . import periods as P
from . import support as S
from . import wording as W
from .claims import Figure

_PART_NOTE = {
    "Q4": "A fourth quarter here is its fiscal year less the first nine months (the 10-K reports no fourth quarter "
    "by itself).",
    "Q3": "A third quarter here is the nine months less the six (the 10-Q reports this item for the year to date "
    "only, as cash flows are).",
    "Q2": "A second quarter here is the six months less the first quarter (the 10-Q reports this item for the year "
    "to date only, as cash flows are).",
}
# "a 62.4% margin", "a margin of 55.8%": a margin that names no concept is of the one named before it
_BARE_MARGIN_BEFORE = re.compile(
    r"\b(?:an?|its|the)?\s*(?:profit\s+)?margin\s+(?:of|was|is|at|stood at)\s+(?:about\s+|"
    r"approximately\s+|roughly\s+|nearly\s+)?$",
    re.I,
)
_BARE_MARGIN_AFTER = re.compile(r"\s*(?:profit\s+)?margins?\b", re.I)


class Derived:
    """Checks of derived figures; mixed into the Grounder, whose state and concept reading they use."""

    # the Grounder's state (set in Grounder.__init__) and readings (its methods) used here
    ref: CompanyRef
    pool: G.FactPool
    cited: bool
    text_ok: set[int]
    company_words: frozenset[str]
    _ratio_series: dict[str, list[FactRecord]] | None
    _claimed_derivations: dict[int, G.Derivation]

    if TYPE_CHECKING:

        def _matches(self, fig: Figure, pool: G.FactPool) -> list[G.Match]: ...

        def _claims_negative(self, fig: Figure) -> bool: ...

        def _convincing(self, fig: Figure, claim: P.Claim, f: FactRecord) -> bool: ...

        def calendar_wording(self, claim: P.Claim) -> str: ...

        def _about_figure(self, fig: Figure, words: set[str], tags: set[str]) -> set[str]: ...

        def _tags_named(self, words: set[str], units: list[str]) -> set[str]: ...

        def tag_series(self, tag: str) -> list[FactRecord]: ...

        def claim_for(self, fig: Figure, row: VerifiedFigure) -> P.Claim: ...

        def _by_words(
            self, fig: Figure, row: VerifiedFigure, claim: P.Claim, matches: list[G.Match], units: list[str]
        ) -> VerifiedFigure: ...

    def _series(self) -> dict[str, list[FactRecord]]:
        if self._ratio_series is None:
            if self.pool.ratio_series is None:
                self.pool.ratio_series = G.series_for_ratios(self.pool)
            self._ratio_series = self.pool.ratio_series
        return self._ratio_series

    def _percent(self, fig: Figure, row: VerifiedFigure, claim: P.Claim) -> VerifiedFigure:
        pair, qualifier = self.ratio_named(fig)
        if pair:
            if qualifier:
                row.reason = (
                    f"The answer speaks of a {qualifier} ratio of {pair[0]} to {pair[1]}, which the "
                    "reported facts do not give."
                )
                self.text_ok.add(fig.start)
                return row
            return self._ratio(fig, row, claim, pair)
        if (
            W.GROWTH_CUE.search(fig.clause)
            or W.GROWTH_CUE.search(fig.after[:30])
            or W.THAN_PRIOR_YEAR_AFTER.match(fig.after)
        ):
            hit = self.growth_named(fig)
            if hit and hit.qualifier:
                label = catalogue()[hit.concept].label.lower()
                row.reason = (
                    f"The answer speaks of {hit.qualifier} {label}, a part of {label}; companyfacts has "
                    "no segments or product lines to check its growth against."
                )
                self.text_ok.add(fig.start)
                return row
            concept = hit.concept if hit else None
            if concept:
                if self._change(fig, row, claim, concept, "percent"):
                    return row
                return self._no_change(fig, row, claim, concept)
            named_tag = self._growth_tag(fig)
            if named_tag is not None and self._tag_change(fig, row, claim, *named_tag):
                return row
        matches = self._matches(fig, self.pool)
        return self._by_words(fig, row, claim, matches, ["pure"])

    def ratio_named(self, fig: Figure) -> tuple[tuple[str, str] | None, str | None]:
        """The ratio a percentage is of: a margin by name in its own clause ("gross margin"), "X ... 8.0% of
        net sales" (or "8.0% of revenue on R&D"), a bare margin of the concept named before it ("operating
        income of $81.5 billion, a 62.4% margin"), or a margin name the sentence carries on to it (", or 75.0%")
        when no other concept is named between that name and the figure."""
        hit = W.margin_named(fig.clause)
        if hit:
            pair, start = hit
            return pair, W.qualifier(fig.clause[:start], self.company_words)
        before = [n for n in W.find_concepts(fig.lead, self.company_words)]
        after = W.find_concepts(fig.after[:60], self.company_words)
        den = None
        if after and re.fullmatch(r"\s*(?:of|to)\s+(?:(?:its|the|total|net)\s+)*", fig.after[: after[0].start], re.I):
            den = after[0]
        m = re.search(r"\b(?:as a (?:percentage|percent|share|proportion) of|as a % of|relative to)\s+", fig.lead, re.I)
        if den is None and m:
            tail = W.find_concepts(fig.lead[m.end() :], self.company_words)
            den = tail[0] if tail else None
        if den is not None:
            nums = [n for n in before if n.concept != den.concept and n.start < (m.start() if m else len(fig.lead))]
            if not nums and den.start < len(fig.after):  # "9.9% of revenue on R&D"
                nums = [n for n in after if n.concept != den.concept and n.start > den.end][:1]
            carried = W.margin_named(fig.lead)
            if not nums and carried and carried[0][1] == den.concept:  # "gross margin was 46%, or 46.2% of sales"
                return carried[0], W.qualifier(fig.lead[: carried[1]], self.company_words)
            if not nums:
                return None, None
            num = nums[-1]
            if num.concept not in G.RATIO_CONCEPTS or den.concept not in G.RATIO_CONCEPTS:
                return None, None
            return (num.concept, den.concept), num.qualifier
        if _BARE_MARGIN_BEFORE.search(fig.clause) or _BARE_MARGIN_AFTER.match(fig.after):
            nums = [n for n in before if n.concept in G.RATIO_CONCEPTS and n.concept != "revenue"]
            carried = W.margin_named(fig.lead)
            if nums and not (carried and carried[1] > nums[-1].start):
                return (nums[-1].concept, "revenue"), nums[-1].qualifier
        # (", computed as gross profit of $13.6 billion over revenue, was about 25.3%": the clause after the last
        # comma; the margin's name before it counts only when no other concept is named since)
        if S.CONNECTOR.fullmatch(fig.clause) or S.CONNECTOR.fullmatch(fig.clause.rsplit(",", 1)[-1]):
            text = fig.lead[-120:]
            hit = W.margin_named(text)
            if hit:
                pair, start = hit
                named_since = [
                    n
                    for n in W.find_concepts(text[start:], self.company_words)
                    if n.concept in G.RATIO_CONCEPTS and n.start > 0 and n.concept not in pair
                ]
                if not named_since:
                    return pair, W.qualifier(text[:start], self.company_words)
        return None, None

    def growth_named(self, fig: Figure) -> W.Named | None:
        """The concept a growth rate is of: the nearest before it in the sentence, else right after it, else,
        for a sentence that refers back ("That was up 114%", "It grew 114%"), the previous sentence's last."""
        before = [n for n in W.find_concepts(fig.lead, self.company_words) if n.concept in G.GROWTH_CONCEPTS]
        if before:
            return before[-1]
        after = [n for n in W.find_concepts(fig.after[:60], self.company_words) if n.concept in G.GROWTH_CONCEPTS]
        if after:
            return after[0]
        if W.REFERS_BACK.match(fig.lead):
            earlier = [n for n in W.find_concepts(fig.previous, self.company_words) if n.concept in G.GROWTH_CONCEPTS]
            return earlier[-1] if earlier else None
        return None

    def _ratio(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, pair: tuple[str, str]) -> VerifiedFigure:
        lo, hi = fig.interval
        neg = self._claims_negative(fig)
        every = G.ratios(self._series(), *pair)
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        if self._derivation_verdict(
            fig, row, claim, fits, lambda d: (d.value < 0) == neg or d.value == 0, "the sign disagrees", every
        ):
            return row
        if self._contradicted(fig, row, claim, every, lambda d: f"{d.formula} = {d.value:,.2f}%"):
            return row
        row.reason = (
            f"No {pair[0]} / {pair[1]} for {claim.text or 'any period'} can be computed from the reported facts."
        )
        self.text_ok.add(fig.start)
        return row

    def _growth_tag(self, fig: Figure) -> tuple[str, bool] | None:
        """The one tag a growth rate's words name when they name no catalogue concept ("LPA's rental income rose
        10%": ifrs-full:RentalIncome), by two words or one next to the figure, and whether they name it firmly
        (two words, one distinctive); None when they name none or several."""
        words = W.content_words(fig.clause + " " + fig.after[:40]) - self.company_words
        money = sorted({u for (_t, u, _s, _e) in self.pool.periods if "/" not in u and u not in ("pure", "shares")})
        tags = self._about_figure(fig, words, self._tags_named(words, money))
        if len(tags) > 1:
            return self._growth_tag_of_amount(fig, tags)
        if len(tags) != 1:
            return None
        tag = next(iter(tags))
        return tag, W.tag_score(words, tag) >= 2

    def _growth_tag_of_amount(self, fig: Figure, tags: set[str]) -> tuple[str, bool] | None:
        """Of several tags a growth rate's words name, the one the amount it rose or fell to is a value of for the
        claimed period ("stock-based compensation rose 26.7% to $1.48 billion"); tags that all report that value
        and the same growth (a cash-flow line and its expense line) count as one. Never firmly: the rate can only
        be grounded this way, not contradicted."""
        amount = _amount_after(fig)
        if amount is None:
            return None
        claim = self.claim_for(fig, _scratch_row(fig))
        if not claim.stated:
            return None
        lo, hi = amount
        held = sorted(
            t
            for t in tags
            if any(
                claim.accepts(f) and f.value is not None and lo <= abs(Decimal(str(f.value))) <= hi
                for f in self.tag_series(t)
            )
        )
        rates = {
            round(d.value, 9)
            for t in held
            for d in G.changes({t: self.tag_series(t)}, t, "percent")
            if claim.accepts(d.period)
        }
        return (held[0], False) if held and len(rates) == 1 else None

    def _tag_change(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, tag: str, firm: bool) -> bool:
        """A growth rate of a tag the words name: derived when it rounds to the figure for the claimed period;
        ungrounded when the words name the tag firmly and its rate for the claimed period is another; else the
        figure is left as it is (words name a tag less surely than a catalogue concept)."""
        series = {tag: self.tag_series(tag)}
        trial = row.model_copy(deep=True)
        if self._change(fig, trial, claim, tag, "percent", series) and trial.status == "derived":
            for name in type(row).model_fields:
                setattr(row, name, getattr(trial, name))
            return True
        if not firm:
            return False
        sequential = bool(W.SEQUENTIAL_CUE.search(fig.clause + fig.after[:60]))
        every = G.changes(series, tag, "percent", sequential=sequential)
        return self._contradicted(fig, row, claim, every, lambda d: f"{tag} changed by {d.value:+,.2f}%", "in")

    def _change(
        self,
        fig: Figure,
        row: VerifiedFigure,
        claim: P.Claim,
        concept: str,
        kind: str,
        series: dict[str, list[FactRecord]] | None = None,
    ) -> bool:
        """A growth rate or a difference of the named concept (or of the one tag in ``series``) against its prior
        period."""
        lo, hi = fig.interval
        sequential = bool(W.SEQUENTIAL_CUE.search(fig.clause + fig.after[:60]))
        way = -1 if fig.negative else 1 if fig.positive else W.direction(fig.clause, fig.after)
        every = G.changes(series if series is not None else self._series(), concept, kind, sequential=sequential)
        if kind != "percent" and fig.currency:
            every = [d for d in every if d.period.unit == fig.currency]
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        # "net loss grew 36%", "a loss 36% wider": the size of a loss, which rose as net income fell
        loss = kind == "percent" and bool(W.LOSS_CUE.search(fig.lead[-80:]))

        def agrees(d: G.Derivation) -> bool:
            up = d.value > 0
            if loss and d.inputs and all(f.value < 0 for f in d.inputs):
                up = not up
            return way == 0 or up == (way > 0)

        held = self._derivation_verdict(fig, row, claim, fits, agrees, "the direction disagrees", every)
        if held and way == 0 and row.status == "derived":
            fell = fits[0].value < 0  # _derivation_verdict sorted the best first
            row.notes.append(
                f"The answer states no direction (no sign, no 'up' or 'down'): the change is "
                f"{'a decrease' if fell else 'an increase'}; held by its size only."
            )
        return held

    def _no_change(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, concept: str) -> VerifiedFigure:
        sequential = bool(W.SEQUENTIAL_CUE.search(fig.clause + fig.after[:60]))
        every = G.changes(self._series(), concept, "percent", sequential=sequential)

        def what(d: G.Derivation) -> str:  # the share basis a per-share growth rate was computed on, if said
            basis = d.formula[d.formula.index(" (on ") :] if " (on " in d.formula else ""
            return f"{concept} changed by {d.value:+,.2f}%{basis}"

        if self._contradicted(fig, row, claim, every, what, "in"):
            return row
        row.reason = (
            f"No {concept} growth rate for {claim.text or 'any period'} can be computed from the reported facts."
        )
        self.text_ok.add(fig.start)
        return row

    def _contradicted(
        self,
        fig: Figure,
        row: VerifiedFigure,
        claim: P.Claim,
        every: list[G.Derivation],
        what: Callable[[G.Derivation], str],
        joiner: str = "for",
        caveat: str = "",
    ) -> bool:
        """Mark ``row`` ungrounded when the stated period has a computable value the figure does not round to;
        ``caveat``: said after the inputs it is computed from."""
        actual = claim.accepted(every, _period)
        if not (actual and claim.stated):
            return False
        d = actual[0]
        row.status = "ungrounded"
        row.reason = f"{what(d)} {joiner} {G.describe_period(d.period)}; {fig.text} does not round to it."
        row.notes.append(f"Computed from {S.inputs_text(d)}." + (f" {caveat}" if caveat else ""))
        return True

    def _derivation_verdict(
        self,
        fig: Figure,
        row: VerifiedFigure,
        claim: P.Claim,
        fits: list[G.Derivation],
        agrees,
        disagreement: str,
        every: Sequence[G.Derivation] = (),
    ) -> bool:
        """derived, a direction or sign that disagrees, or mismatched_period, from the derivations that round to
        the figure (``fits``); ``every`` derivation of the kind names the claimed period's own value."""
        if not fits:
            return False
        fits.sort(
            key=lambda d: (
                not claim.accepts(d.period),
                not agrees(d),
                claim.type_rank(d.period),
                -d.period.end.toordinal(),
            )
        )
        best = fits[0]
        shown = f"{best.value:,.4f}".rstrip("0").rstrip(".")
        where = G.describe_period(best.period)
        if claim.accepts(best.period) and agrees(best):
            row.status = "derived"
            row.reason = f"{best.formula} = {shown}, rounds to {fig.text} ({where})."
            if not claim.stated:
                from .grounding import _BASE_CUE, _untied_periods  # (grounding mixes this class in)

                row.notes.append(f"The answer names no period for this figure; the computation is for {where}.")
                base = bool(_BASE_CUE.search(fig.clause[-40:] + " " + fig.after[:30]))  # "up from 46.2%"
                untied = _untied_periods(P.find_mentions(fig.context, fig.context)[0], best.period, base)
                if untied:
                    # "rose to $7.2 billion in fiscal 2025 ..., lifting its operating margin to about 14%": the
                    # sentence names fiscal 2025 and the 14% holds only for fiscal 2024, a period it does not name
                    row.status = "unchecked"
                    row.reason = (
                        f"{best.formula} = {shown} rounds to {fig.text}, but only for {where}; the sentence names "
                        f"{', '.join(untied)}, which edgar did not tie to this figure."
                    )
                    return True
                latest = max(
                    (d for d in every if d.period.period_type == best.period.period_type),
                    key=lambda d: d.period.end,
                    default=best,
                )
                if P.stale_undated(self.cited, best.period.end, latest.period.end, fig.context):
                    # "grew 126% year over year", undated, reads as the latest year: an older year's rate is stale.
                    row.status = "unchecked"
                    row.reason = (
                        f"{best.formula} = {shown} rounds to {fig.text}, but only for {where}; the answer "
                        f"names no period, and for the latest, {G.describe_period(latest.period)}, it is "
                        f"{latest.value:,.2f}."
                    )
            elif claim.reading:
                row.notes.append(f"{self.calendar_wording(claim)}: read as {claim.describe()}, which {claim.reading}.")
        elif claim.accepts(best.period):
            row.status = "ungrounded"
            row.reason = f"{best.formula} = {shown} for {where}: {disagreement} with the answer."
        elif claim.stated and self._convincing(fig, claim, best.period):
            row.status = "mismatched_period"
            row.reason = f"{best.formula} = {shown} for {where}, not for {claim.text}."
            own = claim.accepted(every, _period)
            if own:
                row.notes.append(
                    f"For {G.describe_period(own[0].period)} it is {own[0].value:,.2f} ({own[0].formula})."
                )
                # the amounts the sentence derives it from are the claimed period's inputs, not the other's
                self._claimed_derivations[fig.start] = own[0]
        else:
            if claim.stated:
                row.notes.append(
                    f"{best.formula} = {shown} for {where} also rounds to {fig.text}: too loose a "
                    f"match, that far from {claim.text}, to call it a period mix-up."
                )
            return False
        if row.status == "ungrounded":
            row.notes.append(f"Computed from {S.inputs_text(best)}.")
        else:
            self._set_inputs(row, best)
        for part in dict.fromkeys(
            f.fiscal_period or ""
            for c in best.concepts[:1]
            for f in best.inputs
            if (c, f.end) in self.pool.q4_parts and f.period_type == "quarterly"
        ):
            if part in _PART_NOTE:
                row.notes.append(_PART_NOTE[part])
        row.other_matches = len(fits) - 1
        return True

    def _set_inputs(self, row: VerifiedFigure, d: G.Derivation) -> None:
        row.formula = d.formula
        names = list(d.concepts) if len(d.concepts) == len(d.inputs) else [d.concepts[0]] * len(d.inputs)
        row.inputs = [S.fact_support(f, names[i]) for i, f in enumerate(d.inputs)]

    def _trailing_twelve_months(self, fig: Figure, row: VerifiedFigure, claim: P.Claim) -> bool:
        """A trailing-twelve-month amount through a quarter's end ("TTM revenue through October 26, 2025"): the
        sum of the four reported quarters (a quarter a filing gives only inside a longer period is derived as
        the longer period less the shorter) ending that day, of the one concept the answer names. Derived when
        it rounds to the figure; otherwise the figure is left unchecked with the sum named (False when the
        measure, the end or the four quarters are not known)."""
        named, qualifier = self.named(fig)  # type: ignore[attr-defined]  # Grounder.named
        end = claim.end
        if not named or qualifier is not None or end is None:
            return False
        concept = named[0]
        by_end = {
            v.end: v
            for v in self._series().get(concept, [])
            if v.period_type == "quarterly" and v.start is not None and (not fig.currency or v.unit == fig.currency)
        }
        quarters: list[FactRecord] = []
        day = end
        for _ in range(4):
            q = by_end.get(day)
            if q is None or q.start is None:
                return False
            quarters.append(q)
            day = q.start - timedelta(days=1)
        quarters.reverse()
        if len({q.unit for q in quarters}) != 1:
            return False
        total = sum(q.value for q in quarters)
        formula = " + ".join(f"{concept} {G.describe_period(q)}" for q in quarters)
        d = G.Derivation(formula, total, quarters, quarters[-1], (concept,) * 4)
        lo, hi = fig.interval
        unit = quarters[-1].unit
        if lo <= abs(Decimal(str(total))) <= hi and (total < 0) == self._claims_negative(fig):
            row.status = "derived"
            row.reason = (
                f"Derived as the sum of the four quarters ending {end}: {formula} = {S.fmt(total)} {unit}, "
                f"rounds to {fig.text}."
            )
            self._set_inputs(row, d)
            for part in dict.fromkeys(
                q.fiscal_period or "" for q in quarters if (concept, q.end) in self.pool.q4_parts
            ):
                if part in _PART_NOTE:
                    row.notes.append(_PART_NOTE[part])
        else:
            row.status = "unchecked"
            row.reason = (
                f"The sum of {possessive(self.ref.name)} four quarters ending {end} ({formula}) is {S.fmt(total)} {unit}; "
                f"{fig.text} does not round to it, but edgar does not tell which twelve months the sentence means."
            )
            row.notes.append(f"Computed from {S.inputs_text(d)}.")
        return True

    def _fourth_quarter(self, fig: Figure, row: VerifiedFigure, claim: P.Claim, concept: str) -> bool:
        """A quarter a filing gives only inside a longer period: the fourth as the year less its first nine months,
        the third as the nine months less the six, the second as the six months less the first quarter (cash
        flows are reported for the year to date). Derived from the two reported facts, both named."""
        if claim.quarter not in ("Q2", "Q3", "Q4"):
            return False
        lo, hi = fig.interval
        qs = [
            v
            for v in self._series().get(concept, [])
            if (concept, v.end) in self.pool.q4_parts
            and v.period_type == "quarterly"
            and claim.accepts(v)
            and (not fig.currency or v.unit == fig.currency)
        ]
        if not qs:
            return False
        q = qs[0]
        later, earlier = self.pool.q4_parts[(concept, q.end)]
        d = G.Derivation(
            f"{concept} {G.describe_period(later)} - {concept} {G.describe_period(earlier)}",
            q.value,
            [later, earlier],
            q,
            (concept, concept),
        )
        if lo <= abs(Decimal(str(q.value))) <= hi and (q.value < 0) == self._claims_negative(fig):
            row.status = "derived"
            row.reason = (
                f"Derived from {G.describe_period(later)} and {G.describe_period(earlier)}: {d.formula} = "
                f"{S.fmt(q.value)} {q.unit}, the quarter {G.describe_period(q)}, rounds to {fig.text}."
            )
            self._set_inputs(row, d)
            row.notes.append(_PART_NOTE.get(q.fiscal_period or "", ""))
        else:
            row.status = "ungrounded"
            row.reason = (
                f"{possessive(self.ref.name)} {concept} for {G.describe_period(q)} is {S.fmt(q.value)} {q.unit} "
                f"({d.formula}); {fig.text} does not round to it."
            )
            row.notes.append(f"Computed from {S.inputs_text(d)}.")
        return True

    def _free_cash_flow(self, fig: Figure, row: VerifiedFigure, claim: P.Claim) -> VerifiedFigure:
        """Free cash flow is not reported; it is operating cash flow less capital expenditures."""
        lo, hi = fig.interval
        neg = self._claims_negative(fig)
        every = [
            d
            for d in G.differences(self._series(), "operating_cash_flow", "capex")
            if not fig.currency or d.period.unit == fig.currency
        ]
        fits = [d for d in every if lo <= abs(Decimal(str(d.value))) <= hi]
        if self._derivation_verdict(
            fig, row, claim, fits, lambda d: (d.value < 0) == neg or d.value == 0, "the sign disagrees", every
        ):
            row.notes.append(
                "Free cash flow is not a reported figure: edgar takes it as operating cash flow "
                "less capital expenditures; companies define it in their own ways."
            )
            return row
        if self._contradicted(
            fig,
            row,
            claim,
            every,
            lambda d: f"{d.formula} = {S.fmt(d.value)} {d.period.unit}",
            caveat="Companies define free cash flow in their own ways.",
        ):
            return row
        row.reason = f"Free cash flow for {claim.text or 'this period'} cannot be computed from the reported facts."
        self.text_ok.add(fig.start)
        return row


def _period(d: G.Derivation) -> FactRecord:
    return d.period


_TO = re.compile(r"\s*to\s*$", re.I)


def _amount_after(fig: Figure) -> tuple[Decimal, Decimal] | None:
    """The interval of the amount a growth rate rose or fell to ("rose 26.7% to $1.48 billion"), if one follows."""
    if not _TO.fullmatch(fig.after) or not fig.context.startswith(fig.lead):
        return None
    from .claims import extract_figures

    rest = fig.context[len(fig.lead) + len(fig.text) + len(fig.after) :]
    nxt = extract_figures(rest)
    if not nxt or nxt[0].start != 0 or nxt[0].kind != "money":
        return None
    return nxt[0].interval


def _scratch_row(fig: Figure) -> VerifiedFigure:
    """A row to read a figure's claimed period on (claim_for writes what it reads on its row)."""
    return VerifiedFigure(
        text=fig.text, position=fig.start, context=fig.context, kind=fig.kind, status="unchecked", reason=""
    )

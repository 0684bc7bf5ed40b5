"""The verdict on an answer: counts per status, whether it is grounded, a summary."""

from __future__ import annotations

from ..models import AnswerVerification, CompanyRef, VerifiedFigure
from .claims import NUMERIC


def verdict(rows: list[VerifiedFigure], *, company: CompanyRef | None, cited: list[str], notes: list[str],
            warnings: list[str], source: str) -> AnswerVerification:
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.status] = counts.get(r.status, 0) + 1
    bad = counts.get("ungrounded", 0) + counts.get("mismatched_period", 0)
    order = ("grounded", "derived", "mismatched_period", "ungrounded", "unchecked")
    parts = ", ".join(f"{counts[s]} {s}" for s in order if counts.get(s))
    unsure = sum(1 for r in rows if r.status == "unchecked" and r.kind in NUMERIC)
    text = (f"NOT all grounded: {bad} to fix" if bad else
            f"none contradicted, but {unsure} could not be checked" if unsure else "all grounded")
    return AnswerVerification(
        company=company, cited=cited, all_grounded=not bad,
        summary=f"{len(rows)} figures: {parts}; {text}.", counts=counts, figures=rows,
        notes=notes, warnings=warnings, source=source,
    )

"""The verdict on an answer: one status for the whole, the caveats raised to it, counts and a summary.

The verdict is about the answer's figures (amounts, per-share values, share
counts, percentages, other numbers); dates, fiscal years and calendar years are
period mentions that count only when they are contradicted. Worst first:

=============  ==========================================================  ====
verdict        when                                                        exit
=============  ==========================================================  ====
ungrounded     some figure or date is ungrounded or mismatched_period        10
superseded     none contradicted; some figure is a value later restated      11
ambiguous      none contradicted; some figure's calendar period reads two    11
               ways and the figure holds under only one
unchecked      none contradicted; some figure could not be checked           11
no_figures     the answer states no figure                                   12
grounded       every figure is grounded or derived                            0
=============  ==========================================================  ====

``all_grounded`` is true exactly when the verdict is ``grounded``. Caveats that
leave a figure grounded (a pre-split share count, a USD convenience
translation) are ``flags`` on the figure and on the answer, each explained in
``warnings``: they do not change the verdict, they are never silent.
"""

from __future__ import annotations

from ..models.companies import CompanyRef
from ..models.verify import AnswerVerdict, AnswerVerification, FigureFlag, VerifiedFigure
from .claims import NUMERIC

CONTRADICTED = ("ungrounded", "mismatched_period")
STATUS_ORDER = ("grounded", "derived", "superseded", "mismatched_period", "ungrounded", "ambiguous", "unchecked")
# How a flag's explanation starts in a figure's notes; the verdict raises those notes to its warnings.
FLAG_LABELS = {
    "superseded_value": "Superseded value",
    "pre_split_basis": "Pre-split basis",
    "convenience_translation": "Convenience translation",
    "suspected_error": "Suspected filer error",
}


def flag(row: VerifiedFigure, name: FigureFlag, message: str) -> None:
    """Raise a caveat on a figure: a flag code and its explanation (a note the verdict shows as a warning)."""
    if name not in row.flags:
        row.flags.append(name)
        row.notes.append(f"{FLAG_LABELS[name]}: {message}")


def answer_verdict(rows: list[VerifiedFigure]) -> AnswerVerdict:
    """The verdict of the table in the module docstring."""
    # a change in percentage points is a figure too: unchecked, it keeps the answer from "grounded"
    figures = [r for r in rows if _is_figure(r)]
    if any(r.status in CONTRADICTED for r in rows):
        return "ungrounded"
    if not figures:
        return "no_figures"
    order: tuple[AnswerVerdict, ...] = ("superseded", "ambiguous", "unchecked")
    for status in order:
        if any(r.status == status for r in figures):
            return status
    return "grounded"


def verdict(
    rows: list[VerifiedFigure],
    *,
    company: CompanyRef | None,
    cited: list[str],
    notes: list[str],
    warnings: list[str],
    source: str,
    companies: list[CompanyRef] | None = None,
) -> AnswerVerification:
    """The answer's verification from its rows; ``companies``: every company whose facts checked a figure
    (default: ``company``), named in the summary when there are several."""
    if companies is None:
        companies = [company] if company is not None else []
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.status] = counts.get(r.status, 0) + 1
    verdict_ = answer_verdict(rows)
    flags: list[FigureFlag] = []
    raised: list[str] = []
    for r in rows:
        for name in r.flags:
            if name not in flags:
                flags.append(name)
        prefixes = tuple(f"{FLAG_LABELS[n]}:" for n in r.flags)
        raised += [f"{r.text}: {n}" for n in r.notes if prefixes and n.startswith(prefixes)]
    return AnswerVerification(
        company=company,
        companies=companies,
        cited=cited,
        verdict=verdict_,
        all_grounded=verdict_ == "grounded",
        flags=flags,
        summary=_summary(rows, verdict_, flags) + _checked_against(companies),
        counts=counts,
        figures=rows,
        notes=notes,
        warnings=raised + warnings,
        source=source,
    )


def _summary(rows: list[VerifiedFigure], verdict_: AnswerVerdict, flags: list[FigureFlag]) -> str:
    """One line: the figures by status, then the period mentions by status (counted apart: they count only when
    contradicted), then the verdict in words; every count in it is of the rows it names ("3 figures: 1
    grounded, 2 unchecked; 3 period mentions: 3 unchecked; NOT all grounded: ... 2 figures could not be
    checked.")."""
    figures = [r for r in rows if _is_figure(r)]
    mentions = [r for r in rows if not _is_figure(r)]
    if verdict_ == "no_figures":
        said = f" ({len(rows)} period mention{'s' if len(rows) != 1 else ''} checked)" if rows else ""
        return f"No figures found in the answer{said}: nothing verified, not grounded."
    n = {s: sum(1 for r in figures if r.status == s) for s in ("superseded", "ambiguous", "unchecked")}
    bad = sum(1 for r in rows if r.status in CONTRADICTED)
    text = {
        "ungrounded": f"NOT all grounded: {bad} to fix",
        "superseded": f"NOT all grounded: none contradicted, but {_count(n['superseded'], 'quotes', 'quote')} a "
        "value later restated",
        "ambiguous": f"NOT all grounded: none contradicted, but {_count(n['ambiguous'], 'names', 'name')} a "
        "calendar period that reads two ways",
        "unchecked": f"NOT all grounded: none contradicted, but {_count(n['unchecked'], 'could', 'could')} not "
        "be checked",
        "grounded": "all grounded",
    }[verdict_]
    caveats = ", ".join(FLAG_LABELS[f].lower() for f in flags)
    counted = _by_status(figures, "figure")
    if mentions:
        counted += "; " + _by_status(mentions, "period mention")
    return f"{counted}; {text}" + (f" (caveats: {caveats})" if caveats else "") + "."


def _checked_against(companies: list[CompanyRef]) -> str:
    """ " Checked against the facts of NVIDIA CORP and Tesla, Inc. (...)" when there are several; "" for one
    (the heading and ``company`` name it)."""
    if len(companies) < 2:
        return ""
    names = [c.name for c in companies]
    return f" Checked against the facts of {', '.join(names[:-1])} and {names[-1]} (each figure's company says whose)."


def _is_figure(row: VerifiedFigure) -> bool:
    """A figure of the verdict (a number or a change in percentage points), not a period mention."""
    return row.kind in NUMERIC or row.kind == "percentage_points"


def _by_status(rows: list[VerifiedFigure], noun: str) -> str:
    """ "3 figures: 1 grounded, 2 unchecked" (statuses in STATUS_ORDER)."""
    counts = {s: sum(1 for r in rows if r.status == s) for s in STATUS_ORDER}
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUS_ORDER if counts[s])
    return f"{len(rows)} {noun}{'s' if len(rows) != 1 else ''}: {parts}"


def _count(n: int, one: str, many: str) -> str:
    return f"1 figure {one}" if n == 1 else f"{n} figures {many}"

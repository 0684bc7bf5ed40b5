"""edgar verify: check that every figure in an answer is grounded in the filings it cites."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ...errors import EdgarError
from ..support import run
from . import View

if TYPE_CHECKING:
    from ...models.verify import AnswerVerification
    from ..rows import Row

view = View()


@view.command(
    "verify",
    examples=[
        "edgar verify 'NVIDIA reported fiscal 2024 revenue of $60.9 billion.'",
        "edgar verify 'Apple reported net sales of $383.3 billion and $394.3 billion in fiscal 2023 and 2022, "
        "respectively.'",
        "edgar verify 'Tesla diluted EPS was $1.63 in 2021, split-adjusted.'",
        "edgar verify answer.txt --cite 0001045810-24-000029",
        "llm 'NVIDIA revenue FY2024?' | edgar verify - --company NVDA",
    ],
)
def verify_cmd(
    answer: Annotated[
        str, typer.Argument(metavar="ANSWER", help="The answer to check: its text, a file holding it, or - for stdin.")
    ],
    cite: Annotated[
        list[str] | None,
        typer.Option(
            "--cite",
            metavar="ACCESSION",
            help="An accession number "
            "(0001045810-24-000029) or document (ACCESSION:file.htm) the answer cites; repeat for several. "
            "Only these are then searched.",
        ),
    ] = None,
    company: Annotated[
        str | None,
        typer.Option(
            "--company",
            "-c",
            metavar="COMPANY",
            help="The company the answer "
            "is about: ticker, CIK or name (optional when the answer names its companies: with several, each "
            "figure is checked against the one its clause names; or when a cited accession is its own).",
        ),
    ] = None,
    excerpt: Annotated[
        list[str] | None,
        typer.Option(
            "--excerpt", metavar="TEXT", help="A passage the answer relies on (text or a file); repeat for several."
        ),
    ] = None,
) -> None:
    """Check that every figure in an answer is grounded in the XBRL facts or text of the filings it cites (exit 10 if not)."""
    from ...capabilities.verify.verify import verify_answer

    run(
        lambda: verify_answer(
            _text_argument(answer, "answer"),
            company=company,
            cite=list(cite or []) or None,
            excerpts=[_text_argument(e, "excerpt") for e in excerpt or []] or None,
        )
    )


def _text_argument(value: str, name: str) -> str:
    """TEXT, a path to a file holding it, or - for standard input."""
    from pathlib import Path

    if value == "-":  # read as UTF-8 whatever the locale says, as a file is (an LLM's curly quotes under LC_ALL=C)
        buffer = getattr(sys.stdin, "buffer", None)
        return buffer.read().decode("utf-8", errors="replace") if buffer is not None else sys.stdin.read()
    path = Path(value)
    try:
        is_file = len(value) < 1024 and "\n" not in value and path.is_file()
    except OSError:
        is_file = False
    if not is_file:
        return value
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise EdgarError(
            "invalid_argument",
            f"Cannot read the {name} file {value!r}: {exc.strerror}.",
            "Pass the text itself, a readable file, or - for standard input.",
        ) from None


def _verification_table(r: AnswerVerification):
    from ..render import TagCell, house_table

    companies = r.companies or ([r.company] if r.company else [])
    names = [f"{c.name} (CIK {c.cik})" for c in companies]
    who = (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]) if names else "no company"
    whose = "their" if len(companies) > 1 else "its"
    cited = f" - cited: {', '.join(r.cited)}" if r.cited else f" - all of {whose} XBRL facts"
    t = house_table(f"Verification against {who}{cited}\n{r.summary}", show_lines=True)
    t.add_column("Figure", no_wrap=True)
    t.add_column("Status", no_wrap=True)
    t.add_column("Evidence", overflow="fold", ratio=1)
    marks = {
        "grounded": "ok",
        "derived": "derived",
        "superseded": "SUPERSEDED",
        "mismatched_period": "WRONG PERIOD",
        "ungrounded": "UNGROUNDED",
        "ambiguous": "AMBIGUOUS",
        "unchecked": "-",
    }
    for f in r.figures:
        claimed = f.claimed_period_text or (f"FY{f.claimed_fiscal_year}" if f.claimed_fiscal_year else "")
        accn = (f.support.accession_number if f.support else None) or (f.inputs[0].accession_number if f.inputs else "")
        # each note a line of its own, flush with the reason: an indent would hold only on its first line (the
        # column folds the rest at its left edge)
        evidence = f.reason + "".join(f"\n{n}" for n in f.notes)
        extra = [x for x in (f"claimed: {claimed}" if claimed else "", accn or "") if x]
        mark = marks.get(f.status, f.status) + "".join(f"\n[{flag.replace('_', ' ')}]" for flag in f.flags)
        # a tag in the evidence breaks between its CamelCase words, never mid-word
        t.add_row(f.text, mark, TagCell(evidence + ("\n" + " · ".join(extra) if extra else "")))
    t.caption = f"verdict: {r.verdict}" + (
        f" (caveats: {', '.join(f.replace('_', ' ') for f in r.flags)})" if r.flags else ""
    )
    return t


def _verification_rows(r: AnswerVerification) -> list[Row]:
    from ..rows import flat

    out = []
    for f in r.figures:
        row = flat(f, exclude=("support", "inputs", "notes"))
        row.update(flat(f.support, prefix="support_", exclude=("passage",)) if f.support else {})
        row["inputs"] = [i.accession_number for i in f.inputs if i.accession_number]
        row["notes"] = list(f.notes)
        out.append(row)
    return out


view.result("AnswerVerification", table=_verification_table, rows=_verification_rows)

"""Reorganised companies: whose history continues under another CIK (the curated ``successors.toml``).

A holding-company reorganisation or a redomicile gives a company a new CIK;
the ticker moves to it, and the filings and XBRL facts before the
reorganisation stay under the old one. A capability that finds a history
stopping short asks here, on the successor's CIK, and adds the text it gets to
its message or notes: :func:`history_stop` (a year before the facts begin),
:func:`series_note` (a series that starts at the reorganisation),
:func:`period_note` (a claim about a period before it); :func:`succeeded_by`
does the same for a question about the predecessor's CIK.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from ..datafiles import load_toml
from ..errors import EdgarError


@dataclass(frozen=True)
class Entry:
    successor_cik: int
    successor_name: str
    predecessor_cik: int
    predecessor_name: str
    effective: date
    event: str
    source: str

    def fields(self) -> dict[str, Any]:
        """The reorganisation as the Reorganisation result model's fields (CIKs as 10 digits)."""
        return {
            "successor_cik": f"{self.successor_cik:010d}",
            "successor_name": self.successor_name,
            "predecessor_cik": f"{self.predecessor_cik:010d}",
            "predecessor_name": self.predecessor_name,
            "effective": self.effective,
            "event": self.event,
            "source": self.source,
        }


@lru_cache(maxsize=1)
def reorganisations() -> tuple[Entry, ...]:
    return tuple(Entry(**row) for row in load_toml(__file__, "successors.toml").get("reorganisation", []))


@dataclass(frozen=True)
class Rename:
    """A company renamed on the same CIK: the ticker file knows only its current name."""

    cik: int
    name: str
    former_name: str
    until: date
    source: str

    def note(self, query: str) -> str:
        return (
            f"{query!r} is the former name of {self.name} (CIK {self.cik}), used until {self.until}; resolved to "
            "the company, whose filings under both names are under that CIK."
        )


@lru_cache(maxsize=1)
def renames() -> tuple[Rename, ...]:
    """Former names on the same CIK (``[[rename]]`` in successors.toml)."""
    return tuple(Rename(**row) for row in load_toml(__file__, "successors.toml").get("rename", []))


def predecessor_of(cik: int | str) -> Entry | None:
    """The reorganisation that made ``cik`` the successor of another CIK, if any."""
    return next((e for e in reorganisations() if e.successor_cik == int(cik)), None)


def successor_of(cik: int | str) -> Entry | None:
    """The reorganisation that moved ``cik``'s company to another CIK, if any."""
    return next((e for e in reorganisations() if e.predecessor_cik == int(cik)), None)


def history_stop(cik: int | str) -> str | None:
    """Where the history of ``cik`` continues before its reorganisation; None when it has none."""
    e = predecessor_of(cik)
    if e is None:
        return None
    return (
        f"{e.successor_name} (CIK {e.successor_cik}) took over from {e.predecessor_name} (CIK "
        f"{e.predecessor_cik}) on {e.effective} ({e.event}); filings and XBRL facts before then are under "
        f"CIK {e.predecessor_cik}: ask for CIK {e.predecessor_cik} for earlier periods."
    )


def period_note(cik: int | str, end: date | None, what: str = "") -> str | None:
    """:func:`history_stop` for a period ending before the reorganisation took effect; else None.

    ``what`` names the period for the reader ("fiscal 2019"); without it the text starts at the reorganisation.
    """
    e = predecessor_of(cik)
    if e is None or end is None or end >= e.effective:
        return None
    return (f"{what} is before the reorganisation: " if what else "") + str(history_stop(cik))


def series_note(cik: int | str, first_end: date | None) -> str | None:
    """For a series whose first period ends ``first_end``: it starts at the reorganisation, say where the rest is.

    A series that starts more than a year after the reorganisation (a concept first
    reported later) is not cut by it: None.
    """
    e = predecessor_of(cik)
    if e is None or first_end is None or (first_end - e.effective).days > 400:
        return None
    return f"The series starts at {first_end} because of a reorganisation: {history_stop(cik)}"


def succeeded_by(cik: int | str) -> str | None:
    """Where the history of ``cik`` continues after its reorganisation; None when it has none."""
    e = successor_of(cik)
    if e is None:
        return None
    return (
        f"{e.predecessor_name} (CIK {e.predecessor_cik}) was succeeded by {e.successor_name} (CIK "
        f"{e.successor_cik}) on {e.effective} ({e.event}); filings and XBRL facts from then on are under "
        f"CIK {e.successor_cik}."
    )


def facts_missing(exc: EdgarError, cik: int | str) -> EdgarError:
    """``exc`` (companyfacts not found for ``cik``) with where the company's other history is, when ``cik``
    is one side of a reorganisation: the facts of the other CIK may be what the caller wants."""
    note = history_stop(cik) or succeeded_by(cik)
    if exc.code != "not_found" or note is None:
        return exc
    return EdgarError(exc.code, f"{exc.message} {note}", exc.suggestion, **exc.extras)

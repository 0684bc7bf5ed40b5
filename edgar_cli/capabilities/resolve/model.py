"""The result of resolve_company: the company a query means, how it matched, and the other candidates."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...models._base import _Model
from ...models.companies import CompanyRef, Reorganisation

MatchType = Literal[
    "ticker",
    "cik",
    "name_exact",
    "name_words",
    "name_similar",
    "predecessor_name",
    "former_name",
    "alias",
    "former_ticker",
    "ticker_similar",
]


# what ticker_file_position is and is not, said once for both models (the MCP schema's words)
TICKER_FILE_POSITION = (
    "Position in the SEC's ticker file (company_tickers_exchange.json), 1 = first, each CIK counted once; null "
    "for a CIK not in it. It is used only to order candidates that match a query equally well. It is not a "
    "ranking by size or market value: the file's head runs roughly by market value, but its tail (funds, many "
    "foreign issuers: TSMC is past 7,000) is in no value order. Do not quote it as a rank."
)


class Candidate(_Model):
    """A company that a query may refer to."""

    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    score: float = Field(description="0-1; 1 is an exact match of the name's words")
    match_type: MatchType | None = Field(
        default=None,
        description="How the query matched: name_exact (the same words), name_words (the query's words begin "
        "the name or are whole words in it), name_similar (only spelled alike: a different company unless the "
        "query is misspelled), predecessor_name (the name of a company it succeeded under another CIK), "
        "former_name (its own name before a rename), alias (a curated short name such as TSMC), former_ticker "
        "(a ticker the company used before, such as FB for Meta), ticker_similar (a current ticker one letter from "
        "the query's: a different company unless the query is a typo), ticker",
    )
    ticker_file_position: int | None = Field(
        default=None,
        description=TICKER_FILE_POSITION,
    )


class ResolvedCompany(_Model):
    """One company, identified by CIK, with how sure the match is."""

    query: str
    cik: str = Field(description="10-digit zero-padded CIK")
    name: str
    tickers: list[str] = Field(default_factory=list)
    exchange: str | None = None
    match_type: MatchType
    score: float
    ticker_file_position: int | None = Field(
        default=None,
        description=TICKER_FILE_POSITION,
    )
    other_matches: list[Candidate] = Field(
        default_factory=list, description="Other companies the name also matches; state your assumption when non-empty"
    )
    reorganisation: Reorganisation | None = Field(
        default=None,
        description="Set when the company took over from a predecessor CIK (or was succeeded by another): "
        "its history on the other side of the reorganisation is under the other CIK",
    )
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(
        default_factory=list,
        description="What may be wrong with the answer: the SEC's ticker file served from a cached copy whose "
        "refresh failed, dated (a company listed since may be missing)",
    )

    def ref(self) -> CompanyRef:
        """The company as results name it: CIK, name and tickers."""
        return CompanyRef(cik=self.cik, name=self.name, tickers=list(self.tickers))

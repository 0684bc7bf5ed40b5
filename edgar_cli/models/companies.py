"""The company and the data source every result names, and a company's reorganisation (a new CIK)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from ._base import _Model


class Reorganisation(_Model):
    """A company that moved to a new CIK: its history before ``effective`` is under the predecessor's CIK."""

    successor_cik: str
    successor_name: str
    predecessor_cik: str
    predecessor_name: str
    effective: date = Field(description="The day the successor took over")
    event: str
    source: str = Field(description="Where the link is documented (edgar keeps this map by hand)")


class CompanyRef(_Model):
    cik: str
    name: str
    tickers: list[str] = Field(default_factory=list)


class DataSource(_Model):
    """Which source answered: the SEC just now, the local cache of earlier SEC answers, or the bulk store."""

    kind: Literal["live", "cache", "bulk"] = Field(
        description="live: fetched from the SEC for this answer; cache: an earlier SEC answer kept on disk; "
        "bulk: the local store built from the SEC's nightly bulk archives"
    )
    as_of: datetime | None = Field(
        None, description="When the data was fetched (live, cache) or when the bulk archive was published (bulk), UTC"
    )

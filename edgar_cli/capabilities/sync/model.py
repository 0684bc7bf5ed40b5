"""The result of sync_bulk: what a sync fetched and built into the local bulk store."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from ...models._base import _Model


class ArchiveSync(_Model):
    """One bulk archive: what was downloaded and what the store took from it."""

    archive: Literal["companyfacts", "submissions"]
    url: str = Field(
        description="Where the archive came from: the SEC's URL, or the local file's path when the archives were read from a folder"
    )
    bytes: int = Field(description="Size of the archive on disk (compressed), verified against the declared length")
    downloaded_bytes: int = Field(description="Bytes transferred by this sync (0 when the archive had not changed)")
    resumed_from: int = Field(default=0, description="Bytes already on disk from an interrupted download")
    unchanged: bool = Field(description="The SEC answered 304 Not Modified: the archive on disk is current")
    published: datetime = Field(
        description="The archive's Last-Modified time at the SEC, UTC; for an archive taken from disk, the time "
        "of this sync (never the file's modification time)"
    )
    entries: int = Field(
        default=0, description="Entries (one JSON file per CIK, plus submissions pages) in the archive"
    )
    entries_read: int = Field(default=0, description="Entries parsed by this sync (new or changed)")
    entries_unchanged: int = Field(
        default=0, description="Entries skipped because their CRC-32 and size had not changed"
    )
    entries_removed: int = Field(
        default=0, description="Companies or pages no longer in the archive, removed from the store"
    )
    entries_skipped: dict[str, int] = Field(default_factory=dict, description="Entries left out, by reason")
    uncompressed_bytes_read: int = 0


class BulkSyncResult(_Model):
    """The state of the local bulk store after a sync."""

    store: str = Field(description="Path of the store (SQLite)")
    store_bytes: int
    archives: list[ArchiveSync]
    rebuilt: bool = Field(description="True when the store was rewritten; false when nothing had changed")
    companies_with_facts: int
    filers: int = Field(description="Filers in the submissions archive (companies, funds, individuals)")
    point_in_time: bool = Field(
        default=False,
        description="The store keeps every filer's annual values as known on each filing date (a sync asked "
        "for them), which a screen as of a date reads; without them that screen runs the engine per filer",
    )
    as_of: datetime = Field(description="Publication time of the older archive: the store answers as of then")
    fresh_until: datetime = Field(description="After this the store is stale and answers come from the SEC again")
    seconds: float
    notes: list[str] = Field(default_factory=list)

"""edgar sync: download the SEC's nightly bulk archives and update the local store (with a progress bar)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..support import run
from . import View

if TYPE_CHECKING:
    from ...capabilities.sync.model import BulkSyncResult
    from ..rows import Row

view = View()


@view.command(
    "sync",
    examples=[
        "edgar sync",
        "edgar sync --json",
        "edgar sync --from ~/Downloads/sec-bulk",
        "edgar sync --point-in-time",
    ],
)
def sync_cmd(
    source: Annotated[
        list[str] | None,
        typer.Option(
            "--from",
            metavar="PATH",
            help="Take the archives from disk "
            "instead of downloading them: a folder holding companyfacts.zip and submissions.zip, or the "
            "two files (repeat --from).",
        ),
    ] = None,
    point_in_time: Annotated[
        bool,
        typer.Option(
            "--point-in-time",
            help="Also keep every filer's annual values as known on each of its filing dates, so that "
            "screen --as-of reads them instead of running the engine per filer (a sync several times slower; "
            "a later sync without it drops them).",
        ),
    ] = False,
) -> None:
    """Download the SEC's nightly bulk archives (companyfacts.zip, submissions.zip) and update the local store."""
    from ...capabilities.sync.sync import sync_bulk

    with sync_progress() as progress:
        run(lambda: sync_bulk(source=list(source) if source else None, point_in_time=point_in_time, progress=progress))


def _mb(n: int) -> str:
    return f"{n / 1e6:,.1f} MB"


def _sync_table(r: BulkSyncResult):
    """Below 110 columns the entry counts stack in one cell; the archive, sizes and dates are never cut."""
    from ..render import Rendered, house_table, width

    t = house_table(f"Bulk store ({_mb(r.store_bytes)}), as of {r.as_of:%Y-%m-%d %H:%M} UTC")
    narrow = width() < 110
    t.add_column("Archive", no_wrap=True)
    t.add_column("Size", justify="right", no_wrap=True)
    t.add_column("Downloaded", justify="right", overflow="fold")
    t.add_column("Published", no_wrap=True)
    counts = ("Entries", "Read", "Unchanged", "Removed", "Skipped")
    if narrow:
        t.add_column("Entries", justify="right", no_wrap=True)
    else:
        for col in counts:
            t.add_column(col, justify="right", no_wrap=True)
    for a in r.archives:
        got = (
            "not modified"
            if a.unchanged
            else _mb(a.downloaded_bytes) + (f" (resumed at {_mb(a.resumed_from)})" if a.resumed_from else "")
        )
        numbers = (a.entries, a.entries_read, a.entries_unchanged, a.entries_removed, sum(a.entries_skipped.values()))
        if narrow:
            cells = ["\n".join(f"{n:,} {c.lower()}" for c, n in zip(counts, numbers) if c == "Entries" or n)]
        else:
            cells = [f"{n:,}" for n in numbers]
        t.add_row(a.archive, _mb(a.bytes), got, f"{a.published:%Y-%m-%d %H:%M}", *cells)
    t.caption = (
        f"{r.companies_with_facts:,} companies with XBRL facts, {r.filers:,} filers"
        + ("; point-in-time versions kept" if r.point_in_time else "")
        + "; fresh until "
        f"{r.fresh_until:%Y-%m-%d %H:%M} UTC; {r.seconds:.1f} s"
    )
    return Rendered(t, [f"store: {r.store}"])


def sync_progress():
    """A context manager giving a progress callback for sync_bulk: a bar on stderr on a terminal, else None."""
    import contextlib
    import sys

    if not sys.stderr.isatty():
        return contextlib.nullcontext(None)
    return _ProgressBar()


class _ProgressBar:
    def __enter__(self):
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        from ..render import err_console

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TimeRemainingColumn(),
            console=err_console(),
            transient=True,
        )
        self._bar.start()
        self._tasks: dict[str, Any] = {}
        return self.update

    def update(self, what: str, done: int, total: int | None) -> None:
        task = self._tasks.get(what)
        if what.startswith("downloading"):
            count = f"{done / 1e6:,.0f}" + (f" of {total / 1e6:,.0f} MB" if total else " MB")
        else:
            count = f"{done:,} of {total:,} entries" if total else f"{done:,} entries"
        if task is None:
            task = self._tasks[what] = self._bar.add_task(what, total=total, count=count)
        self._bar.update(task, completed=done, total=total, count=count)

    def __exit__(self, *exc):
        self._bar.stop()
        return False


def _sync_rows(r: BulkSyncResult) -> list[Row]:
    from ..rows import flat

    return [{"store": r.store, **flat(a), "as_of": r.as_of, "fresh_until": r.fresh_until} for a in r.archives]


view.result("BulkSyncResult", table=_sync_table, rows=_sync_rows)

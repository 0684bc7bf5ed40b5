"""edgar config show/user-agent and edgar cache info/clear: settings, file locations and the local cache."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..support import YesOpt, confirm, run
from . import View

if TYPE_CHECKING:
    from ...capabilities.admin.model import CacheInfo, ConfigReport
    from ..rows import Row

view = View()
config = view.group("config", help="Show every setting and file location, or save the SEC User-Agent.")
cache = view.group("cache", help="Inspect or clear the local cache of SEC responses.")


@config.command("show", examples=["edgar config show", "edgar config show --json"])
def config_show_cmd() -> None:
    """Every setting and file location (config, cache, rate-limit bucket, index) and where each value came from."""
    from ...capabilities.admin.admin import config_show

    run(config_show)


@config.command(
    "user-agent", examples=["edgar config user-agent 'Jane Doe jane@example.com'", "edgar config user-agent"]
)
def config_user_agent_cmd(
    value: Annotated[
        str | None,
        typer.Argument(
            metavar="['NAME EMAIL']", help="e.g. 'Jane Doe jane@example.com'. Omit to show the one in force."
        ),
    ] = None,
) -> None:
    """Show or save the User-Agent sent to the SEC."""
    from ...capabilities.admin.admin import user_agent_setting

    run(lambda: user_agent_setting(value))


@cache.command("info", examples=["edgar cache info"])
def cache_info_cmd() -> None:
    """Where the cache lives, how many entries it holds and how large it is."""
    from ...capabilities.admin.admin import cache_info

    run(cache_info)


@cache.command("clear", examples=["edgar cache clear", "edgar cache clear --yes"])
def cache_clear_cmd(yes: YesOpt = False) -> None:
    """Delete every cached SEC response (the next run fetches afresh)."""
    from ...capabilities.admin.admin import cache_clear
    from ...config import cache_dir

    if not confirm(f"Delete every cached SEC response in {cache_dir()}?", yes=yes):
        sys.stderr.write("Nothing was deleted.\n")
        return
    run(cache_clear)


def _human_seconds(s: float | None) -> str:
    if s is None:
        return "never expires"
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if s >= size and s % size == 0:
            n = int(s // size)
            return f"{n} {unit[:-1] if n == 1 else unit}"
    return f"{s:g} seconds"


def _cache_table(r: CacheInfo):
    from ..render import house_table, human_bytes

    t = house_table(f"Cache at {r.directory}" + ("" if r.enabled else " (disabled)"))
    t.add_column("Field", no_wrap=True)
    t.add_column("Value", overflow="fold")
    t.add_row("Entries", f"{r.entries:,}")
    t.add_row("Size", f"{human_bytes(r.bytes)} ({r.bytes:,} bytes)")
    t.add_row("By kind", ", ".join(f"{k} {v:,}" for k, v in sorted(r.by_kind.items())) or "-")
    t.add_row("Kept fresh", "; ".join(f"{k}: {_human_seconds(v)}" for k, v in r.freshness_seconds.items()) or "-")
    return t


def _config_table(r: ConfigReport):
    from ..render import house_table

    t = house_table("edgar settings and files")
    t.add_column("Setting", no_wrap=True)
    t.add_column("Value", overflow="fold", ratio=1)
    t.add_column("From", overflow="fold")
    for s in r.settings:
        value = s.value if s.value is not None else "(unset)"
        if s.exists is False:
            value += " (not created yet)"
        t.add_row(s.setting, value, s.source)
    return t


def _config_rows(r: ConfigReport) -> list[Row]:
    from ..rows import flat

    return [flat(s) for s in r.settings]


view.result("CacheInfo", table=_cache_table)
view.result("ConfigReport", table=_config_table, rows=_config_rows)

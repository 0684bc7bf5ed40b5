"""Cache and configuration housekeeping (no SEC requests)."""

from __future__ import annotations

import os

from ..config import _read_config, config_file, save_user_agent, valid_user_agent
from ..errors import EdgarError
from ..models import CacheCleared, CacheInfo, UserAgentSetting
from ..sec.client import FRESHNESS, get_client


def cache_info() -> CacheInfo:
    """Where the cache lives, how many entries it holds and how fresh each kind is kept.

    Freshness: Archives documents forever; company_tickers.json a day;
    submissions 10 minutes; companyfacts until the company's submissions list a
    newer filing (at most a week); full-text search an hour.
    """
    info = get_client().cache.info()
    return CacheInfo(directory=info["directory"], enabled=info["enabled"], entries=info.get("entries", 0),
                     bytes=info.get("bytes", 0), by_kind=info.get("by_kind", {}), freshness_seconds=dict(FRESHNESS))


def cache_clear() -> CacheCleared:
    """Delete every cached SEC response."""
    client = get_client()
    removed = client.cache.clear()
    return CacheCleared(directory=str(client.cache.directory), removed_entries=removed)


def user_agent_setting(value: str | None = None) -> UserAgentSetting:
    """Show the User-Agent in force, or save a new one to the config file.

    Errors: invalid_argument when the value is not "Name email@domain".
    """
    if value is not None:
        if not valid_user_agent(value):
            raise EdgarError("invalid_argument", f"{value[:80]!r} is not a 'Name email' User-Agent.",
                             "Use your name and a real email address, e.g. \"Jane Doe jane@example.com\".")
        path = save_user_agent(value)
        return UserAgentSetting(user_agent=value.strip(), source=str(path), config_file=str(path))
    explicit = get_client().settings.user_agent
    if explicit:
        source, ua = ("SEC_USER_AGENT" if os.environ.get("SEC_USER_AGENT") == explicit else "--user-agent"), explicit
    elif os.environ.get("SEC_USER_AGENT"):
        source, ua = "SEC_USER_AGENT", os.environ["SEC_USER_AGENT"]
    elif _read_config().get("user_agent"):
        source, ua = str(config_file()), _read_config()["user_agent"]
    else:
        source, ua = "unset", None
    return UserAgentSetting(user_agent=ua, source=source, config_file=str(config_file()))

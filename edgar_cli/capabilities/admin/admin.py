"""Cache and configuration housekeeping (no SEC requests)."""

from __future__ import annotations

from ... import config
from ...config import _read_config, config_file, save_user_agent, valid_user_agent
from ...errors import EdgarError
from ...sec.client import FRESHNESS, get_client
from ...sec.ratelimit import DB_NAME, shared_locations
from .model import CacheCleared, CacheInfo, ConfigReport, ConfigSetting, UserAgentSetting


def cache_info() -> CacheInfo:
    """Where the cache lives, how many entries it holds and how fresh each kind is kept.

    Freshness: Archives documents forever; company_tickers.json a day;
    submissions 10 minutes; companyfacts until the company's submissions list a
    newer filing (at most a week); full-text search an hour.
    """
    info = get_client().cache.info()
    return CacheInfo(
        directory=info["directory"],
        enabled=info["enabled"],
        entries=info.get("entries", 0),
        bytes=info.get("bytes", 0),
        by_kind=info.get("by_kind", {}),
        freshness_seconds=dict(FRESHNESS),
    )


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
            raise EdgarError(
                "invalid_argument",
                f"{value[:80]!r} is not a 'Name email' User-Agent.",
                'Use your name and a real email address, e.g. "Jane Doe jane@example.com".',
            )
        path = save_user_agent(value)
        return UserAgentSetting(user_agent=value.strip(), source=str(path), config_file=str(path))
    explicit = get_client().settings.user_agent
    ua: str | None
    if explicit:
        source, ua = ("SEC_USER_AGENT" if config.user_agent_env() == explicit else "--user-agent"), explicit
    elif config.user_agent_env():
        source, ua = "SEC_USER_AGENT", config.user_agent_env()
    elif _read_config().get("user_agent"):
        source, ua = str(config_file()), _read_config()["user_agent"]
    else:
        source, ua = "unset", None
    return UserAgentSetting(user_agent=ua, source=source, config_file=str(config_file()))


def _from(variable: str, default: str = "default") -> str:
    return variable if config.env_set(variable) else default


def config_show() -> ConfigReport:
    """Every setting edgar reads and every file it writes, with where each value came from.

    Settings: user_agent (--user-agent, SEC_USER_AGENT or the config file),
    mirror (EDGAR_MIRROR, its password and secret query values shown as ***),
    cache (on unless --no-cache or EDGAR_NO_CACHE=1),
    today (EDGAR_TODAY or the system clock), debug (EDGAR_DEBUG), interactive
    (EDGAR_NONINTERACTIVE, a terminal on stdin). Files: config_file
    (EDGAR_CONFIG_DIR), cache_dir (EDGAR_CACHE_DIR), ratelimit_bucket
    (EDGAR_RATELIMIT_DIR, else $XDG_RUNTIME_DIR/edgar-cli, else <tmp>/edgar-cli-<uid>),
    data_dir (EDGAR_DATA_DIR) and index (EDGAR_INDEX, else in the data dir); each
    with whether it exists yet.
    Source: the environment and the config file; no SEC request.
    """
    import sys
    from pathlib import Path

    from ...config import data_dir
    from ...index.store import index_location, index_path, index_url
    from ...sec.urls import redact as redact_url

    client = get_client()
    settings = client.settings
    ua = user_agent_setting()
    warnings: list[str] = []
    if ua.user_agent and not valid_user_agent(ua.user_agent):
        warnings.append(f"The User-Agent from {ua.source} is not a 'Name email' pair; requests will be refused.")

    def path_row(name: str, path: Path, source: str, variable: str | None) -> ConfigSetting:
        return ConfigSetting(setting=name, value=str(path), source=source, variable=variable, exists=path.exists())

    cache = Path(settings.cache_dir)
    bucket_place = shared_locations()[0][0]  # the first choice; sec/ratelimit.py falls back from it
    bucket_source = (
        "EDGAR_RATELIMIT_DIR"
        if config.ratelimit_dir()
        else "XDG_RUNTIME_DIR"
        if config.runtime_dir()
        else "temp dir, per user"
    )
    no_cache = "EDGAR_NO_CACHE" if config.no_cache() else "--no-cache"
    interactive_source = (
        "EDGAR_NONINTERACTIVE"
        if config.noninteractive()
        else "stdin is a terminal"
        if sys.stdin.isatty()
        else "stdin is not a terminal"
    )
    rows = [
        ConfigSetting(setting="user_agent", value=ua.user_agent, source=ua.source, variable="SEC_USER_AGENT"),
        ConfigSetting(
            setting="mirror",
            value=redact_url(settings.mirror)
            if settings.mirror
            else "none: the SEC (data.sec.gov, www.sec.gov, efts.sec.gov)",
            source=_from("EDGAR_MIRROR"),
            variable="EDGAR_MIRROR",
        ),
        ConfigSetting(
            setting="cache",
            value="on" if settings.use_cache else "off",
            source="default" if settings.use_cache else no_cache,
            variable="EDGAR_NO_CACHE",
        ),
        path_row("config_file", config_file(), _from("EDGAR_CONFIG_DIR"), "EDGAR_CONFIG_DIR"),
        path_row("cache_dir", cache, _from("EDGAR_CACHE_DIR"), "EDGAR_CACHE_DIR"),
        path_row("ratelimit_bucket", bucket_place / DB_NAME, bucket_source, "EDGAR_RATELIMIT_DIR"),
        _redis_row(),
        path_row("data_dir", data_dir(), _from("EDGAR_DATA_DIR"), "EDGAR_DATA_DIR"),
        (
            ConfigSetting(setting="index", value=index_location(), source="EDGAR_INDEX_URL", variable="EDGAR_INDEX_URL")
            if index_url()
            else path_row("index", index_path(), "EDGAR_INDEX" if config.index_file() else "data_dir", "EDGAR_INDEX")
        ),
        ConfigSetting(
            setting="today",
            value=settings.clock().date().isoformat(),
            source=_from("EDGAR_TODAY", "system clock"),
            variable="EDGAR_TODAY",
        ),
        ConfigSetting(
            setting="debug",
            value="on" if config.debug() else "off",
            source=_from("EDGAR_DEBUG"),
            variable="EDGAR_DEBUG",
        ),
        ConfigSetting(
            setting="interactive",
            value="no" if interactive_source != "stdin is a terminal" else "yes",
            source=interactive_source,
            variable="EDGAR_NONINTERACTIVE",
        ),
    ]
    return ConfigReport(settings=rows, warnings=warnings)


def _redis_row() -> ConfigSetting:
    """Where the rate limit and the cache are shared across hosts (EDGAR_REDIS_URL), if anywhere."""
    from ...sec.redis_shared import SHARE_ENV, rate_share, redact, redis_url

    url = redis_url()
    if url is None:
        return ConfigSetting(
            setting="redis",
            value="none: the rate limit and the cache are this host's",
            source="default",
            variable="EDGAR_REDIS_URL",
        )
    from ...config import redis_key

    try:
        signed = "cache entries signed with the team's key" if redis_key() else "no EDGAR_REDIS_KEY"
    except EdgarError as exc:
        signed = exc.message
    return ConfigSetting(
        setting="redis",
        value=f"{redact(url)} (rate limit and cache shared; {signed}; without "
        f"Redis this host keeps to {rate_share()} requests/s, {SHARE_ENV})",
        source="EDGAR_REDIS_URL",
        variable="EDGAR_REDIS_URL",
    )

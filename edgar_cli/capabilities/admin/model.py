"""The results of the admin tools: the cache (cache_info, cache_clear), the saved User-Agent, every setting (config_show)."""

from __future__ import annotations

from pydantic import Field

from ...models._base import _Model


class CacheInfo(_Model):
    """The local cache: where it is and what it holds."""

    directory: str
    enabled: bool
    entries: int
    bytes: int
    by_kind: dict[str, int] = Field(default_factory=dict)
    freshness_seconds: dict[str, float | None] = Field(
        default_factory=dict, description="How long each kind of entry is served without asking the SEC; null = forever"
    )


class CacheCleared(_Model):
    directory: str
    removed_entries: int


class UserAgentSetting(_Model):
    user_agent: str | None
    source: str = Field(
        description="Where the value comes from: --user-agent, SEC_USER_AGENT, the config file, or unset"
    )
    config_file: str


class ConfigSetting(_Model):
    """One setting or file location, its value and where the value came from."""

    setting: str = Field(
        description="user_agent, mirror, cache, config_file, cache_dir, ratelimit_bucket, "
        "data_dir, index, today, debug, interactive"
    )
    value: str | None
    source: str = Field(description="The flag, environment variable or file the value came from, or 'default'")
    variable: str | None = Field(default=None, description="The environment variable that sets it")
    exists: bool | None = Field(default=None, description="For files and directories: whether it exists yet")


class ConfigReport(_Model):
    """Every setting edgar reads and every file it writes, with where each value came from."""

    settings: list[ConfigSetting]
    notes: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)

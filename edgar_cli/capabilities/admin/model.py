"""Administration: the cache and the saved User-Agent."""

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

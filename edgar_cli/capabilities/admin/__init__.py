"""admin: the cache and the settings (``edgar cache ...``, ``edgar config ...``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    "admin",
    TASKS[3],  # Setup and serving
    Tool("user_agent_setting", "edgar config user-agent", mcp=False),
    Tool("config_show", "edgar config show", mcp=False),
    Tool("cache_info", "edgar cache info", mcp=False),
    Tool("cache_clear", "edgar cache clear", mcp=False),
)

"""admin: the cache and the settings (``edgar cache ...``, ``edgar config ...``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    name="admin",
    task=TASKS[3],  # Setup and serving
    tools=(
        Tool(
            function="edgar_cli.capabilities.admin.admin:user_agent_setting",
            command="edgar config user-agent",
            mcp=False,
        ),
        Tool(function="edgar_cli.capabilities.admin.admin:config_show", command="edgar config show", mcp=False),
        Tool(function="edgar_cli.capabilities.admin.admin:cache_info", command="edgar cache info", mcp=False),
        Tool(function="edgar_cli.capabilities.admin.admin:cache_clear", command="edgar cache clear", mcp=False),
    ),
)

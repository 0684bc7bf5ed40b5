"""screen: one concept across every company in the local bulk store (``edgar screen``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    name="screen",
    task=TASKS[0],  # Numbers (XBRL facts)
    tools=(Tool(function="edgar_cli.capabilities.screen.screen:screen_companies", command="edgar screen", mcp=False),),
)

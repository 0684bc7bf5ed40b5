"""screen: one concept across every company in the local bulk store (``edgar screen``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    "screen",
    TASKS[0],  # Numbers (XBRL facts)
    Tool("screen_companies", "edgar screen", mcp=False),
)

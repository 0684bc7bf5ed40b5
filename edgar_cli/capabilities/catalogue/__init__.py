"""catalogue: the concepts get_financial_concept takes, with their tag chains (``edgar concepts``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    "catalogue",
    TASKS[2],  # Checking and lookup
    Tool("list_concepts", "edgar concepts", mcp=False),
)

"""catalogue: the concepts get_financial_concept takes, with their tag chains (``edgar concepts``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    name="catalogue",
    task=TASKS[2],  # Checking and lookup
    tools=(
        Tool(function="edgar_cli.capabilities.catalogue.catalogue:list_concepts", command="edgar concepts", mcp=False),
    ),
)

"""sync: the SEC's nightly bulk archives into the local bulk store (``edgar sync``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    name="sync",
    task=TASKS[3],  # Setup and serving
    tools=(
        Tool(
            function="edgar_cli.capabilities.sync.sync:sync_bulk",
            command="edgar sync",
            mcp=False,
            objects=frozenset({"progress"}),
        ),
    ),
)

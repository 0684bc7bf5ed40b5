"""sync: the SEC's nightly bulk archives into the local bulk store (``edgar sync``; CLI only)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

CAPABILITY = Capability(
    "sync",
    TASKS[3],  # Setup and serving
    Tool("sync_bulk", "edgar sync", mcp=False, objects=frozenset({"progress"})),
)

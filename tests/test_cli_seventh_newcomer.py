"""A seventh newcomer's analyst tasks from the README alone (issue 36), through the real CLI: field names that are
the ones docs/formats.md lists for each format, a statement that carries the notes `concept` gives for its cells,
advice on stderr that works on the command line it is given for, the offline MCP set-up the same in docs/mcp.md as
in the README, and long XBRL tags that break between their words."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _offline_paragraph(text: str) -> str:
    return next(p for p in text.split("\n\n") if p.startswith("Offline (a mirror"))


def _env_settings(paragraph: str) -> dict[str, str]:
    return dict(re.findall(r'"(EDGAR_[A-Z_]+)":\s*"([^"]*)"', paragraph))


def test_docs_mcp_offline_block_sets_the_same_variables_as_the_readmes():
    # Before: docs/mcp.md set EDGAR_MIRROR only; the README sets EDGAR_TODAY=2026-07-01 beside it.
    readme = _env_settings(_offline_paragraph((ROOT / "README.md").read_text(encoding="utf-8")))
    mcp_doc = _env_settings(_offline_paragraph((ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")))
    assert readme == {"EDGAR_MIRROR": "http://127.0.0.1:8765", "EDGAR_TODAY": "2026-07-01"}, readme
    assert mcp_doc == readme, mcp_doc

"""What the MCP server tells a model as a whole: its instructions.

What to read in each tool's result before answering is that tool's ``guidance``, declared
beside it (capabilities/<name>/__init__.py). Both are written in the vocabulary of the MCP
surface: tool and parameter names only, never a CLI flag or command
(tests/test_mcp_contract.py checks every string a client can see). Each tool's full
description (the capability's first docstring paragraph plus its guidance) stays under
about 2,000 characters.
"""

from __future__ import annotations

SERVER_INSTRUCTIONS = """\
SEC EDGAR financial data with provenance. Fiscal years differ by company: NVIDIA's FY2024 ended 2024-01-28,
Apple's 2024-09-28, Microsoft's in June; always state the period start/end next to a figure, and never join
companies on the fiscal-year label alone. Cite the form, filing date and accession number of every figure.
When a result carries restated, comparable=false, warnings, a matched_tag that is not the first of the
fallback chain, truncated/next_offset or a coverage statement, tell the user (restated with revision_kind
precision_change is the same figure rounded: not a restatement). Derived figures (margins,
growth) are yours to compute and to label as computed. A failed call is an isError result whose text is
{"error": {code, message, suggestion, ...}}: follow the suggestion (e.g. ask the user to choose among
candidates, or pass the parameter it names) rather than guessing. Every tool refuses arguments it does
not declare."""

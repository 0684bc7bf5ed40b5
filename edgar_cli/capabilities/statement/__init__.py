"""statement: a company's statements and series of concepts by period (``edgar statement``, ``edgar concept``
with several concepts)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool, between

MAX_LAST = 80
MAX_CONCEPTS = 30

SERIES_GUIDANCE = """\
Use it for several concepts of one company, or one concept over several years, in one call ("NVIDIA's revenue,
gross profit and net income for the last five fiscal years"): fiscal_year takes a year or a range "2020..2024",
last the latest N columns. Not for several companies (compare_companies).
Read before answering: each cell's start/end, accession_number and matched_tag (cite them); absent cells and
their reason (never read one as zero); restated and original_value; derived cells (q4, ttm: only when you asked
through derive) name their formula — say a figure was derived; warnings and notes."""

STATEMENT_GUIDANCE = """\
Use it for a company's income statement, balance sheet or cash-flow statement by fiscal period (statement:
income, balance or cashflow; fiscal_year a year or a range "2020..2024", or last N). Rows are the catalogue's
statement lines; it is a standardised view, not the filer's own presentation.
Read before answering: as for get_financial_series — each cell's period, accession_number and matched_tag; absent
cells with their reason; restatements; derived cells only on request, with their formula."""

CAPABILITY = Capability(
    "statement",
    TASKS[0],  # Numbers (XBRL facts)
    Tool(
        "get_financial_series",
        "edgar concept",
        SERIES_GUIDANCE,
        ranges={"last": between(1, MAX_LAST), "concepts": {"minItems": 1, "maxItems": MAX_CONCEPTS}},
    ),
    Tool("get_financial_statement", "edgar statement", STATEMENT_GUIDANCE, ranges={"last": between(1, MAX_LAST)}),
    mcp_order=2,
)

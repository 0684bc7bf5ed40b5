"""section: one named section of a filing, or the outline of its sections (``edgar section``)."""

from __future__ import annotations

from ..concept import MIN_FISCAL_YEAR
from ..registry import TASKS, Capability, Tool, at_least, between

MAX_CHARS_LIMIT = 200_000

GUIDANCE = """\
Use it to read what a filing says: risk factors, MD&A, business, legal proceedings, controls, a 10-Q's Part II
Item 1A, a 20-F's operating review. Pick the filing with fiscal_year (the company's fiscal year) or
accession_number; without either it reads the latest 10-K. Works for any filer, no index needed. Not for figures
(get_financial_concept has them with provenance).
Read before answering: is_reference=true means the section only points elsewhere (Part III incorporated from the
proxy statement, Item 8 pointing to the financial statements) — say where, do not present the pointer as the
content; truncated=true with next_offset means more text: call again with offset=next_offset rather than
summarising a partial section; extraction_confidence and its reasons; cite form, filing date, period_of_report and
accession_number. A not_found error lists the sections that were found."""

CAPABILITY = Capability(
    "section",
    TASKS[1],  # Filings and their text
    Tool(
        "get_filing_section",
        "edgar section",
        GUIDANCE,
        ranges={
            "max_chars": between(0, MAX_CHARS_LIMIT),  # 0: all of it
            "offset": at_least(0),
            "fiscal_year": at_least(MIN_FISCAL_YEAR),
        },
        mcp_hidden=frozenset({"file"}),  # it would read the server's own disk
        mcp_defaults={"max_chars": 8000},  # a model pages on with offset/next_offset
        # the function's descriptions mention `file`
        mcp_descriptions={
            "company": "Ticker, CIK or company name, e.g. NVDA",
            "form": "10-K (default), 10-Q or 20-F",
        },
    ),
    Tool("get_filing_outline", "edgar section", mcp=False),
    mcp_order=5,
)

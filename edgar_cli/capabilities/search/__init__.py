"""search: EDGAR full-text search of filings since 2001 (``edgar search``)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool, between

PAGE_SIZE = 100  # EFTS' fixed page size
MAX_PAGE = 100  # from = 9,900: EFTS does not page past about 10,000 hits
MAX_LIMIT = PAGE_SIZE
MAX_QUERY_CHARS = 500

GUIDANCE = """\
Use it to find which filings contain words or an exact phrase (in double quotes), optionally limited to forms,
a filing-date range (filed_from, filed_to) and one company. EDGAR's index starts in 2001: earlier ranges are
refused (out_of_scope). Not for figures or for reading a whole section.
Read before answering: coverage and hit_meaning — a hit means the words appear in a document (it may quote an
accounting standard or a third party), not that the company asserted them, and words are stemmed; total_hits
counts documents (exhibits separately), and total_is_lower_bound=true means "at least"; next_page pages on.
Each row is one filing with its form, filing date and accession number."""

CAPABILITY = Capability(
    "search",
    TASKS[1],  # Filings and their text
    Tool(
        "search_full_text",
        "edgar search",
        GUIDANCE,
        ranges={
            "limit": between(1, MAX_LIMIT),
            "page": between(1, MAX_PAGE),
            "query": {"maxLength": MAX_QUERY_CHARS},
        },
    ),
    mcp_order=6,
)

"""filings: a company's filing history (``edgar filings``); find_filing is the helper other capabilities use."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool, between

MAX_LIMIT = 1000

GUIDANCE = """\
Use it for a company's filing history (10-K, 10-Q, 8-K, 20-F, ... with amendments) or to find a filing's
accession number, period of report and document URL; filter with forms, filed_from and filed_to. Not for figures:
take those from get_financial_concept, whose XBRL facts already reflect amendments.
Read before answering: superseded/superseded_by — a later amendment exists, but a 10-K/A often only adds Part III
or an exhibit, so it does not replace the whole report; history_truncated and truncated (older filings were not
read, or more match than limit); foreign_private_issuer (files 20-F/40-F, not 10-K); fiscal_year on each filing
is derived from its period of report and the company's fiscal year end."""

CAPABILITY = Capability(
    "filings",
    TASKS[1],  # Filings and their text
    Tool(
        "list_filings",
        "edgar filings",
        GUIDANCE,
        ranges={"limit": between(1, MAX_LIMIT)},
        mcp_defaults={"limit": 10},  # a model pages on with offset rather than reading a thousand filings
    ),
    mcp_order=4,
)

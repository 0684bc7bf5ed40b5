"""compare: one concept for several companies side by side (``edgar compare``)."""

from __future__ import annotations

from ..concept import MIN_FISCAL_YEAR
from ..registry import TASKS, Capability, Tool, at_least

MIN_COMPANIES = 2
MAX_COMPANIES = 8

GUIDANCE = """\
Use it to put one concept side by side for 2-8 companies ("rank NVIDIA, AMD and Intel by revenue"). Every name
must resolve; an ambiguous one stops the whole comparison with candidates — ask the user. Without fiscal_year it
takes the latest fiscal year all companies report; latest=true takes each company's own latest fiscal year
("for their last fiscal years"), and fiscal_year_reason says which.
Read before answering: comparable and warnings first — fiscal years end months apart at different companies
(NVIDIA's FY2024 ends in January, Apple's in September: 244 days apart), so a row-by-row comparison of
"FY2024" may compare different twelve months; say so, with each row's start and end. Different matched_tag
values mean different definitions; different units or currencies are never comparable. unavailable lists
companies without a value and why. Each row carries form, filed and accession_number: cite them."""

CAPABILITY = Capability(
    "compare",
    TASKS[0],  # Numbers (XBRL facts)
    Tool(
        "compare_companies",
        "edgar compare",
        GUIDANCE,
        # twice the most companies: a model may send a duplicate or an alias, which the function drops
        ranges={
            "fiscal_year": at_least(MIN_FISCAL_YEAR),
            "companies": {"minItems": MIN_COMPANIES, "maxItems": 2 * MAX_COMPANIES},
        },
    ),
    mcp_order=3,
)

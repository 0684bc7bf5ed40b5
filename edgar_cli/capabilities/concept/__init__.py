"""concept: one company's reported values of one financial concept (``edgar concept``)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool, at_least, between

# The engine's bounds (xbrl/answer.py and capabilities/arguments.py check arguments against their own copies; tests/
# test_registry.py keeps the two equal): EDGAR's electronic filings begin in 1993, at most 200 values.
MIN_FISCAL_YEAR = 1993
MAX_LIMIT = 200

GUIDANCE = """\
Use it for one company's reported figure (revenue, net_income, eps_diluted, total_assets, ...; aliases like
"sales" or "R&D" work; so does a raw tag such as us-gaap:Revenues). Not for several companies at once (use
compare_companies) and not for text (use get_filing_section).
fiscal_year is the company's own fiscal-year label, selected by period end date, never by the filing's fy field.
Read before answering: each value's start/end (say them), form, filed and accession_number (cite them);
restated=true means filings reported different values for the period (value is the latest, original_value the
first); revision_kind says what that was and what to say: restatement — results changed: give the value, and
original_value with original_accession; reclassification — moved between lines, results unchanged: say
reclassified, not restated; undetermined — whether results changed cannot be told: say so; stock_split /
reverse_split / share_exchange — the same amount on the restating filing's share basis (share_exchange: no split);
precision_change — the same figure filed again rounded (thousands vs millions): not a restatement, do not call it
restated or revised; suspected_tagging_error — one filing's figure looks like the filer's error (suspected_errors names it);
pre_split_ratio (pre_reverse_split_ratio) means the value predates a stock split (reverse split)
and is on the old share basis; suspected_errors names filed figures that look like the filer's own errors — when
one names the value's own accession_number, say the figure is suspect rather than quoting it as fact;
matched_tag differing from fallback_chain[0] means a different definition — say so when it matters; unit and
currency_note (non-USD values must not be compared with USD ones); warnings and notes. truncated=true means
more values exist: raise limit. A not_found error for a fiscal year names the latest year available."""

CAPABILITY = Capability(
    "concept",
    TASKS[0],  # Numbers (XBRL facts)
    Tool(
        "get_financial_concept",
        "edgar concept",
        GUIDANCE,
        ranges={"limit": between(1, MAX_LIMIT), "fiscal_year": at_least(MIN_FISCAL_YEAR)},
    ),
    mcp_order=1,
)

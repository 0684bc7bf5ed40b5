"""resolve: which company a ticker, CIK or name means, refusing to guess (``edgar resolve``)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

GUIDANCE = """\
Use it to turn a name into a CIK before other calls when the user names a company in words, or to check what a
ticker means. Not needed when you already have a ticker: every other tool accepts one.
Read before answering: match_type (ticker/cik are exact; name_exact/name_fuzzy are a guess) and other_matches —
when it is non-empty, say which company you assumed ("Apple Inc.; Apple Hospitality REIT also matches").
An `ambiguous` error lists candidates: ask the user to choose; do not pick one yourself."""

CAPABILITY = Capability(
    "resolve",
    TASKS[2],  # Checking and lookup
    Tool("resolve_company", "edgar resolve", GUIDANCE),
    mcp_order=0,  # first in tools/list: the way in when the user names a company in words
)

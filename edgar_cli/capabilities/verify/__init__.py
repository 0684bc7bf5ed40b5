"""verify: check every figure of an answer against the cited filings (``edgar verify``)."""

from __future__ import annotations

from ..registry import TASKS, Capability, Tool

GUIDANCE = """\
Use it before giving the user an answer that contains figures: it extracts every figure (money, per-share,
shares, percentages, dates, fiscal years) and checks it against the cited filings' XBRL facts or text.
Pass the company (read from the answer when it names one) and any cited accession numbers in cite.
Read: verdict (grounded only when every figure is grounded or derived) and each figure's status: grounded,
derived (the formula is given), superseded (the value first reported, later restated: give the value that
stands now), mismatched_period (right number, wrong period: fix the period it names), ungrounded (remove or
correct it), ambiguous (calendar wording such as "2024" at a company whose fiscal year is not the calendar
year: say which fiscal year, see readings), unchecked (edgar could not check it: do not call it verified).
flags and warnings (pre-split basis, convenience translation) must reach the user.
What it checks and cannot: a figure is grounded only by a fact or passage about the same thing (one naming no
measure stays unchecked); per-share values and share counts across a stock split (today's basis is grounded with
the split named, the old basis flagged pre_split_basis; "split-adjusted" or "as originally reported" is held to);
quarters derived from year-to-date totals (Q4 = year - 9M, Q3 = 9M - 6M), margins and growth rates with inputs;
"respectively" lists; "ended <date>" (exact period ends); what a sentence adds to a value ("fell to",
"tripled", "up 9% from fiscal 2023", "53-week", "a record"); a multiple ("2.3 times") as the ratio of its two
figures (unchecked if one is another company's without its amount). cite narrows where to look: a true figure
outside the cited filings is unchecked, not wrong. It cannot check segment or product figures without the
filing's text (cite it), non-GAAP measures, or periods the facts do not cover."""

CAPABILITY = Capability(
    "verify",
    TASKS[2],  # Checking and lookup
    Tool("verify_answer", "edgar verify", GUIDANCE),
    mcp_order=9,
)

"""What the MCP server tells a model: its instructions and, per tool, what to read before answering.

Written in the vocabulary of the MCP surface: tool and parameter names only,
never a CLI flag or command (tests/test_mcp_contract.py checks every string a
client can see). Each tool's full description (the capability's first docstring
paragraph plus its entry here) stays under about 2,000 characters.
"""

from __future__ import annotations

SERVER_INSTRUCTIONS = """\
SEC EDGAR financial data with provenance. Fiscal years differ by company: NVIDIA's FY2024 ended 2024-01-28,
Apple's 2024-09-28, Microsoft's in June; always state the period start/end next to a figure, and never join
companies on the fiscal-year label alone. Cite the form, filing date and accession number of every figure.
When a result carries restated, comparable=false, warnings, a matched_tag that is not the first of the
fallback chain, truncated/next_offset or a coverage statement, tell the user. Derived figures (margins,
growth) are yours to compute and to label as computed. A failed call is an isError result whose text is
{"error": {code, message, suggestion, ...}}: follow the suggestion (e.g. ask the user to choose among
candidates, or pass the parameter it names) rather than guessing. Every tool refuses arguments it does
not declare."""

GUIDANCE: dict[str, str] = {
    "resolve_company": """\
Use it to turn a name into a CIK before other calls when the user names a company in words, or to check what a
ticker means. Not needed when you already have a ticker: every other tool accepts one.
Read before answering: match_type (ticker/cik are exact; name_exact/name_fuzzy are a guess) and other_matches —
when it is non-empty, say which company you assumed ("Apple Inc.; Apple Hospitality REIT also matches").
An `ambiguous` error lists candidates: ask the user to choose; do not pick one yourself.""",
    "get_financial_concept": """\
Use it for one company's reported figure (revenue, net_income, eps_diluted, total_assets, ...; aliases like
"sales" or "R&D" work; so does a raw tag such as us-gaap:Revenues). Not for several companies at once (use
compare_companies) and not for text (use get_filing_section).
fiscal_year is the company's own fiscal-year label, selected by period end date, never by the filing's fy field.
Read before answering: each value's start/end (say them), form, filed and accession_number (cite them);
restated=true means later filings changed the figure — give the current value and mention original_value and
revision_kind; pre_split_ratio (pre_reverse_split_ratio) means the value predates a stock split (reverse split)
and is on the old share basis; suspected_errors names filed figures that look like the filer's own errors — when
one names the value's own accession_number, say the figure is suspect rather than quoting it as fact;
matched_tag differing from fallback_chain[0] means a different definition — say so when it matters; unit and
currency_note (non-USD values must not be compared with USD ones); warnings and notes. truncated=true means
more values exist: raise limit. A not_found error for a fiscal year names the latest year available.""",
    "compare_companies": """\
Use it to put one concept side by side for 2-8 companies ("rank NVIDIA, AMD and Intel by revenue"). Every name
must resolve; an ambiguous one stops the whole comparison with candidates — ask the user. Without fiscal_year it
takes the latest fiscal year all companies report; latest=true takes each company's own latest fiscal year
("for their last fiscal years"), and fiscal_year_reason says which.
Read before answering: comparable and warnings first — fiscal years end months apart at different companies
(NVIDIA's FY2024 ends in January, Apple's in September: 244 days apart), so a row-by-row comparison of
"FY2024" may compare different twelve months; say so, with each row's start and end. Different matched_tag
values mean different definitions; different units or currencies are never comparable. unavailable lists
companies without a value and why. Each row carries form, filed and accession_number: cite them.""",
    "get_filing_section": """\
Use it to read what a filing says: risk factors, MD&A, business, legal proceedings, controls, a 10-Q's Part II
Item 1A, a 20-F's operating review. Pick the filing with fiscal_year (the company's fiscal year) or
accession_number; without either it reads the latest 10-K. Works for any filer, no index needed. Not for figures
(get_financial_concept has them with provenance).
Read before answering: is_reference=true means the section only points elsewhere (Part III incorporated from the
proxy statement, Item 8 pointing to the financial statements) — say where, do not present the pointer as the
content; truncated=true with next_offset means more text: call again with offset=next_offset rather than
summarising a partial section; extraction_confidence and its reasons; cite form, filing date, period_of_report and
accession_number. A not_found error lists the sections that were found.""",
    "search_full_text": """\
Use it to find which filings contain words or an exact phrase (in double quotes), optionally limited to forms,
a filing-date range (filed_from, filed_to) and one company. EDGAR's index starts in 2001: earlier ranges are
refused (out_of_scope). Not for figures or for reading a whole section.
Read before answering: coverage and hit_meaning — a hit means the words appear in a document (it may quote an
accounting standard or a third party), not that the company asserted them, and words are stemmed; total_hits
counts documents (exhibits separately), and total_is_lower_bound=true means "at least"; next_page pages on.
Each row is one filing with its form, filing date and accession number.""",
    "search_documents": """\
Use it to find what filings say about a topic ("what did NVIDIA say about export controls to China?") in the
server's local index of 10-K/10-Q/20-F text; pass company whenever the question names one. index_list shows what
is indexed. A company that is not indexed gives not_found: either add its filings with index_add (a few requests
per filing; then search again) or read the relevant section directly with get_filing_section. match=phrase
returns only passages with the exact words in order. Not for figures.
Read before answering: shortfall and broadened (fewer passages matched every word), the notes (keyword-only when
no vectors), and each hit's form, filing date, fiscal year, section and accession number — cite them. Quote the
excerpt rather than paraphrasing it, and call read_document(around=chunk_id) for context.""",
    "read_document": """\
Numbered lines of a section from search_documents' doc_id (or a chunk with its neighbours via around=chunk_id),
for reading around an excerpt before quoting it. Page on with lines (e.g. "201-400"); cite the accession number.
Reads the server's local index only.""",
    "index_list": """\
Use it to see which companies and filings search_documents can search (the server's local index): each filing's
company, form, fiscal year, filing date, accession number and sections. Nothing is fetched.""",
    "index_add": """\
Use it when search_documents says a company is not indexed and the question needs a search across its filings:
it fetches the company's latest 10-K (forms, years) or the filings named in accession_numbers from the SEC, within
the shared rate limit, and indexes their sections. It takes seconds per filing: for one known section of one filing,
get_filing_section is quicker. Read filings and skipped (with reasons) before searching.""",
    "verify_answer": """\
Use it before giving the user an answer that contains figures: it extracts every figure (money, per-share,
shares, percentages, dates, fiscal years) and checks it against the cited filings' XBRL facts or text.
Pass the company (read from the answer when it names one) and any cited accession numbers in cite.
Read before answering: verdict (grounded only when every figure is grounded or derived) and each figure's
status — grounded, derived (the formula is given), superseded (the value first reported, later restated: give
the value that stands now), mismatched_period (right number, wrong period: fix the period it names),
ungrounded (remove or correct it), ambiguous (calendar wording such as "2024" at a company whose fiscal year
is not the calendar year: say which fiscal year, see readings), unchecked (edgar could not check it: do not
call it verified). flags and warnings (pre-split basis, convenience translation) must reach the user.
What it checks and cannot: a figure is grounded only by a fact or passage about the same thing (one naming no
measure stays unchecked); per-share values and share counts across a stock split (today's basis is grounded with
the split named, the old basis flagged pre_split_basis; "split-adjusted" or "as originally reported" is held to);
quarters derived from year-to-date totals (Q4 = year - 9M, Q3 = 9M - 6M, as cash flows are reported), margins and
growth rates with inputs; "respectively" lists; "ended <date>" (exact period ends); what a sentence adds to a
value (a direction "fell to", "tripled", "up 9% from fiscal 2023", "53-week", "a record"). cite narrows where to look: a true figure outside the cited filings is
unchecked, not wrong. It cannot check segment or product figures without the filing's text (cite it), non-GAAP
measures, or periods the facts do not cover.""",
    "get_financial_series": """\
Use it for several concepts of one company, or one concept over several years, in one call ("NVIDIA's revenue,
gross profit and net income for the last five fiscal years"): fiscal_year takes a year or a range "2020..2024",
last the latest N columns. Not for several companies (compare_companies).
Read before answering: each cell's start/end, accession_number and matched_tag (cite them); absent cells and
their reason (never read one as zero); restated and original_value; derived cells (q4, ttm: only when you asked
through derive) name their formula — say a figure was derived; warnings and notes.""",
    "get_financial_statement": """\
Use it for a company's income statement, balance sheet or cash-flow statement by fiscal period (statement:
income, balance or cashflow; fiscal_year a year or a range "2020..2024", or last N). Rows are the catalogue's
statement lines; it is a standardised view, not the filer's own presentation.
Read before answering: as for get_financial_series — each cell's period, accession_number and matched_tag; absent
cells with their reason; restatements; derived cells only on request, with their formula.""",
    "list_filings": """\
Use it for a company's filing history (10-K, 10-Q, 8-K, 20-F, ... with amendments) or to find a filing's
accession number, period of report and document URL; filter with forms, filed_from and filed_to. Not for figures:
take those from get_financial_concept, whose XBRL facts already reflect amendments.
Read before answering: superseded/superseded_by — a later amendment exists, but a 10-K/A often only adds Part III
or an exhibit, so it does not replace the whole report; history_truncated and truncated (older filings were not
read, or more match than limit); foreign_private_issuer (files 20-F/40-F, not 10-K); fiscal_year on each filing
is derived from its period of report and the company's fiscal year end.""",
}

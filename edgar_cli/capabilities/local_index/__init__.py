"""local_index: the local index of filing text that search_documents reads (``edgar index add/list/remove``)."""

from __future__ import annotations

from ..registry import STORE, TASKS, Capability, Tool, between

MAX_YEARS = 30

LIST_GUIDANCE = """\
Use it to see which companies and filings search_documents can search (the server's local index): each filing's
company, form, fiscal year, filing date, accession number and sections. Nothing is fetched."""

ADD_GUIDANCE = """\
Use it when search_documents says a company is not indexed and the question needs a search across its filings:
it fetches the company's latest 10-K (forms, years) or the filings named in accession_numbers from the SEC, within
the shared rate limit, and indexes their sections. It takes seconds per filing: for one known section of one filing,
get_filing_section is quicker. Read filings and skipped (with reasons) before searching."""

CAPABILITY = Capability(
    "local_index",
    TASKS[1],  # Filings and their text
    Tool("index_list", "edgar index list", LIST_GUIDANCE, objects=STORE, local=True),
    Tool(
        "index_add",
        "edgar index add",
        ADD_GUIDANCE,
        ranges={"years": between(1, MAX_YEARS)},
        objects=STORE,
        writes=True,
    ),
    Tool("index_remove", "edgar index remove", mcp=False, objects=STORE),
    mcp_order=8,
)

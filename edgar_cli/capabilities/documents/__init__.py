"""documents: passages of the locally indexed filings, and the lines around them (``edgar find``, ``edgar read``)."""

from __future__ import annotations

from ..registry import STORE, TASKS, Capability, Tool, at_least, between

MAX_LIMIT = 50
MIN_EXCERPT_CHARS = 80
MAX_EXCERPT_CHARS = 5000

SEARCH_GUIDANCE = """\
Use it to find what filings say about a topic ("what did NVIDIA say about export controls to China?") in the
server's local index of 10-K/10-Q/20-F text; pass company whenever the question names one. index_list shows what
is indexed. A company that is not indexed gives not_found: either add its filings with index_add (a few requests
per filing; then search again) or read the relevant section directly with get_filing_section. match=phrase
returns only passages with the exact words in order. Not for figures.
Read before answering: shortfall and broadened (fewer passages matched every word), the notes (keyword-only when
no vectors), and each hit's form, filing date, fiscal year, section and accession number — cite them. Quote the
excerpt rather than paraphrasing it, and call read_document(around=chunk_id) for context."""

READ_GUIDANCE = """\
Numbered lines of a section from search_documents' doc_id (or a chunk with its neighbours via around=chunk_id),
for reading around an excerpt before quoting it. Page on with lines (e.g. "201-400"); cite the accession number.
Reads the server's local index only."""

CAPABILITY = Capability(
    "documents",
    TASKS[1],  # Filings and their text
    Tool(
        "search_documents",
        "edgar find",
        SEARCH_GUIDANCE,
        ranges={
            "limit": between(1, MAX_LIMIT),
            "per_company": at_least(1),
            "max_excerpt_chars": between(MIN_EXCERPT_CHARS, MAX_EXCERPT_CHARS),
        },
        objects=STORE,
        local=True,
    ),
    Tool("read_document", "edgar read", READ_GUIDANCE, objects=STORE, local=True),
    mcp_order=7,
)

"""Checking an answer's figures against filings, below the verify_answer capability.

The arrows run one way: capabilities/verify/ -> verification -> xbrl, documents.

- claims: figures in prose (amounts, kinds, scale, currency, bounds);
- structures: the claim grammar, respectively-lists and period ends;
- subjects: the companies a sentence names;
- periods: the period a sentence claims for each figure, and the fiscal readings of calendar wording;
- wording: the concepts, tags and directions a sentence names;
- grounding (+ derived): a figure against the company's XBRL facts;
- cited_text: a figure against the text of cited filings and excerpts;
- verdict: the answer's statuses, flags, exit status and summary.
"""

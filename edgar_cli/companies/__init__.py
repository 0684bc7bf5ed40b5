"""Company identity: names and how a query matches them, the SEC's ticker file, and reorganisations.

``names`` scores a query against a company name on whole words; ``tickers``
loads the SEC's ticker file (with each company's position in it, the SEC's
market-value order); ``successors`` is the curated map of companies whose
history continues under another CIK (``successors.toml``). The decision of
which company a query means is ``capabilities/resolve/``'s.
"""

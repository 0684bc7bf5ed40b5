"""The concept engine: where a figure is decided. Works on a company's XBRL facts (companyfacts).

Its public face, for the capabilities:

- ``answer``: ``answer_concept``/``assemble_answer`` (one concept's values for one company, selected by
  period start/end and described) and ``answer_as_of``; ``records``: the result types they return, defined
  once (the pydantic models are built from them);
- ``catalogue``: the concepts (concepts.toml) and their XBRL tag chains, ``lookup``;
- ``series``: ``build_series`` (a concept's values per period, restatements and splits resolved),
  ``periods``: the fiscal calendar, ``period_filter``; ``facts``: ``CompanyFacts``;
- ``presets`` (statements.toml), ``derive`` (Q4 and TTM on request), ``composite`` (sums such as
  total_debt), ``pointintime`` (the facts as known on a date), ``grounding`` (the fact pool verify
  matches figures in).

``bulk.build.engine_fingerprint`` hashes every file here: a change to any rule rebuilds a bulk store.
Importing this package loads nothing.
"""

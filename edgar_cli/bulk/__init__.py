"""The local bulk store `edgar sync` builds from the SEC's nightly companyfacts.zip and submissions.zip.

Its public face: ``source`` (``open_store``, ``fresh_store``, ``bulk_company_facts``,
``bulk_submissions``: what the SEC client and screen read), ``store`` (``BulkStore``: the SQLite file),
``build`` (``build``: the store from the archives, with the engine's own rules, ``engine_fingerprint``).
Importing this package loads nothing.
"""

"""Result types shared across layers: what several capabilities return a part of, or a domain builds.

A capability's own result type lives in its folder (``capabilities/<name>/model.py``); the
types here are with the domain packages (tests/test_architecture.py) because a domain builds them:
``verification/`` builds :mod:`.verify`'s figures from the engine's facts. :mod:`.facts` and
:mod:`.companies` are built from the engine's records (xbrl/records.py), so this package imports
``xbrl.records`` and nothing else of the domains. Import a type from the module that defines it.

Field names follow the SEC and the field: ``cik`` (10 digits), ``accession_number``,
``form``, ``filed``, ``start``/``end`` (period dates), ``fiscal_year``,
``fiscal_period``, ``matched_tag``, ``unit``.
"""

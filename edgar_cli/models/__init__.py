"""Result types shared across layers: what several capabilities return a part of, or a domain builds.

A capability's own result type lives in its folder (``capabilities/<name>/model.py``); the
types here sit below the domain packages because those build them: ``verification/`` builds
:mod:`.verify`'s figures from :mod:`.facts`' values, ``companies/`` builds a
:class:`~.companies.Reorganisation`. Import a type from the module that defines it.

Field names follow the SEC and the field: ``cik`` (10 digits), ``accession_number``,
``form``, ``filed``, ``start``/``end`` (period dates), ``fiscal_year``,
``fiscal_period``, ``matched_tag``, ``unit``.
"""

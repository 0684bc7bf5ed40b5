"""Result models: what ``--json`` prints and what the MCP tools return.

Field names follow the SEC and the field: ``cik`` (10 digits), ``accession_number``,
``form``, ``filed``, ``start``/``end`` (period dates), ``fiscal_year``,
``fiscal_period``, ``matched_tag``, ``unit``.

One module per area (companies, concepts, filings, ...); ``from edgar_cli.models import
X`` and ``models.X`` keep working for every model, but a module is imported only when
one of its names is first used, so a command builds the pydantic classes it returns and
no others (a warm ``edgar concept`` used to define all 56 at start-up). A new model goes
in its area's module and its name in ``_WHERE`` (tests/test_import_structure.py checks
the two agree).
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module under edgar_cli/models/ that defines it
_WHERE: dict[str, str] = {
    # companies.py
    "MatchType": "companies",
    "Candidate": "companies",
    "Reorganisation": "companies",
    "ResolvedCompany": "companies",
    "CompanyRef": "companies",
    "DataSource": "companies",
    # concepts.py
    "PeriodType": "concepts",
    "FiscalPeriod": "concepts",
    "RevisionKind": "concepts",
    "SuspectedError": "concepts",
    "FactValue": "concepts",
    "TagTried": "concepts",
    "ConceptResult": "concepts",
    # admin.py
    "CacheInfo": "admin",
    "CacheCleared": "admin",
    "UserAgentSetting": "admin",
    # search.py
    "SearchMatchedFile": "search",
    "SearchFiling": "search",
    "FullTextSearchResult": "search",
    # filings.py
    "FormerName": "filings",
    "FilerInfo": "filings",
    "AmendmentRef": "filings",
    "Filing": "filings",
    "SubmissionsPage": "filings",
    "FilingList": "filings",
    # compare.py
    "ComparisonRow": "compare",
    "UnavailableCompany": "compare",
    "ComparisonResult": "compare",
    # sections.py
    "SectionOutlineEntry": "sections",
    "FilingSection": "sections",
    # verify.py
    "VerifyStatus": "verify",
    "AnswerVerdict": "verify",
    "FigureFlag": "verify",
    "FigureKind": "verify",
    "FigureSupport": "verify",
    "PeriodReading": "verify",
    "VerifiedFigure": "verify",
    "AnswerVerification": "verify",
    # index.py
    "IndexedFiling": "index",
    "SkippedFiling": "index",
    "IndexUpdate": "index",
    "IndexListing": "index",
    "DocumentHit": "index",
    "DocumentSearchResult": "index",
    "DocumentLine": "index",
    "DocumentLines": "index",
    # bulk.py
    "ArchiveSync": "bulk",
    "BulkSyncResult": "bulk",
    "ScreenRow": "bulk",
    "ScreenExclusion": "bulk",
    "ScreenResult": "bulk",
    # catalogue.py
    "FilingOutline": "catalogue",
    "CatalogueTag": "catalogue",
    "CatalogueConcept": "catalogue",
    "ConceptCatalogue": "catalogue",
    "ConfigSetting": "catalogue",
    "ConfigReport": "catalogue",
    # statements.py
    "CellStatus": "statements",
    "DeriveKind": "statements",
    "StatementColumn": "statements",
    "StatementCell": "statements",
    "StatementRow": "statements",
    "StatementResult": "statements",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})

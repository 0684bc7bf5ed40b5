"""edgar: SEC EDGAR financials with provenance, as a CLI, MCP tools and this Python API.

Every capability the CLI and the MCP server offer is a plain function here, returning a typed result (a
pydantic model; ``.model_dump()`` / ``.model_dump_json()``) or raising :class:`EdgarError` (``.code``,
``.message``, ``.suggestion``; ``.to_dict()`` is the ``{"error": {...}}`` the CLI prints)::

    import edgar_cli

    r = edgar_cli.get_financial_concept("NVDA", "revenue", fiscal_year=2024)
    v = r.values[0]  # 60_922_000_000 USD, 2023-01-30 to 2024-01-28, 10-K 0001045810-24-000029

The functions reach the SEC (or ``EDGAR_MIRROR``) through one shared client that needs a User-Agent
(``SEC_USER_AGENT="Name email"``). Names are resolved on first use, so ``import edgar_cli`` loads nothing
but this module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> "module:attribute"; tests/test_public_api.py keeps it equal to the capability registry's tools
# and their result types.
_API: dict[str, str] = {
    # capabilities (the MCP tools, and the functions the CLI commands call)
    "resolve_company": "edgar_cli.capabilities.resolve.resolve:resolve_company",
    "get_financial_concept": "edgar_cli.capabilities.concept.concept:get_financial_concept",
    "get_financial_series": "edgar_cli.capabilities.statement.statement:get_financial_series",
    "get_financial_statement": "edgar_cli.capabilities.statement.statement:get_financial_statement",
    "compare_companies": "edgar_cli.capabilities.compare.compare:compare_companies",
    "screen_companies": "edgar_cli.capabilities.screen.screen:screen_companies",
    "list_filings": "edgar_cli.capabilities.filings.filings:list_filings",
    "get_filing_section": "edgar_cli.capabilities.section.section:get_filing_section",
    "get_filing_outline": "edgar_cli.capabilities.section.section:get_filing_outline",
    "search_full_text": "edgar_cli.capabilities.search.search:search_full_text",
    "index_add": "edgar_cli.capabilities.local_index.local_index:index_add",
    "index_list": "edgar_cli.capabilities.local_index.local_index:index_list",
    "index_remove": "edgar_cli.capabilities.local_index.local_index:index_remove",
    "search_documents": "edgar_cli.capabilities.documents.documents:search_documents",
    "read_document": "edgar_cli.capabilities.documents.documents:read_document",
    "verify_answer": "edgar_cli.capabilities.verify.verify:verify_answer",
    "list_concepts": "edgar_cli.capabilities.catalogue.catalogue:list_concepts",
    "sync_bulk": "edgar_cli.capabilities.sync.sync:sync_bulk",
    "cache_info": "edgar_cli.capabilities.admin.admin:cache_info",
    "cache_clear": "edgar_cli.capabilities.admin.admin:cache_clear",
    "user_agent_setting": "edgar_cli.capabilities.admin.admin:user_agent_setting",
    "config_show": "edgar_cli.capabilities.admin.admin:config_show",
    # their results
    "ResolvedCompany": "edgar_cli.capabilities.resolve.model:ResolvedCompany",
    "ConceptResult": "edgar_cli.capabilities.concept.model:ConceptResult",
    "StatementResult": "edgar_cli.capabilities.statement.model:StatementResult",
    "ComparisonResult": "edgar_cli.capabilities.compare.model:ComparisonResult",
    "ScreenResult": "edgar_cli.capabilities.screen.model:ScreenResult",
    "FilingList": "edgar_cli.capabilities.filings.model:FilingList",
    "FilingSection": "edgar_cli.capabilities.section.model:FilingSection",
    "FilingOutline": "edgar_cli.capabilities.section.model:FilingOutline",
    "FullTextSearchResult": "edgar_cli.capabilities.search.model:FullTextSearchResult",
    "IndexUpdate": "edgar_cli.capabilities.local_index.model:IndexUpdate",
    "IndexListing": "edgar_cli.capabilities.local_index.model:IndexListing",
    "DocumentSearchResult": "edgar_cli.capabilities.documents.model:DocumentSearchResult",
    "DocumentLines": "edgar_cli.capabilities.documents.model:DocumentLines",
    "AnswerVerification": "edgar_cli.models.verify:AnswerVerification",
    "ConceptCatalogue": "edgar_cli.capabilities.catalogue.model:ConceptCatalogue",
    "BulkSyncResult": "edgar_cli.capabilities.sync.model:BulkSyncResult",
    "CacheInfo": "edgar_cli.capabilities.admin.model:CacheInfo",
    "CacheCleared": "edgar_cli.capabilities.admin.model:CacheCleared",
    "UserAgentSetting": "edgar_cli.capabilities.admin.model:UserAgentSetting",
    "ConfigReport": "edgar_cli.capabilities.admin.model:ConfigReport",
    # the types results share
    "FactValue": "edgar_cli.models.facts:FactValue",
    "CompanyRef": "edgar_cli.models.companies:CompanyRef",
    "DataSource": "edgar_cli.models.companies:DataSource",
    # errors
    "EdgarError": "edgar_cli.errors:EdgarError",
    "ExitStatus": "edgar_cli.errors:ExitStatus",
}

__all__ = [
    "__version__",
    "resolve_company",
    "get_financial_concept",
    "get_financial_series",
    "get_financial_statement",
    "compare_companies",
    "screen_companies",
    "list_filings",
    "get_filing_section",
    "get_filing_outline",
    "search_full_text",
    "index_add",
    "index_list",
    "index_remove",
    "search_documents",
    "read_document",
    "verify_answer",
    "list_concepts",
    "sync_bulk",
    "cache_info",
    "cache_clear",
    "user_agent_setting",
    "config_show",
    "ResolvedCompany",
    "ConceptResult",
    "StatementResult",
    "ComparisonResult",
    "ScreenResult",
    "FilingList",
    "FilingSection",
    "FilingOutline",
    "FullTextSearchResult",
    "IndexUpdate",
    "IndexListing",
    "DocumentSearchResult",
    "DocumentLines",
    "AnswerVerification",
    "ConceptCatalogue",
    "BulkSyncResult",
    "CacheInfo",
    "CacheCleared",
    "UserAgentSetting",
    "ConfigReport",
    "FactValue",
    "CompanyRef",
    "DataSource",
    "EdgarError",
    "ExitStatus",
]


def __getattr__(name: str) -> Any:
    target = _API.get(name)
    if target is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, _, attribute = target.partition(":")
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:
    from .capabilities.admin.admin import cache_clear, cache_info, config_show, user_agent_setting
    from .capabilities.admin.model import CacheCleared, CacheInfo, ConfigReport, UserAgentSetting
    from .capabilities.catalogue.catalogue import list_concepts
    from .capabilities.catalogue.model import ConceptCatalogue
    from .capabilities.compare.compare import compare_companies
    from .capabilities.compare.model import ComparisonResult
    from .capabilities.concept.concept import get_financial_concept
    from .capabilities.concept.model import ConceptResult
    from .capabilities.documents.documents import read_document, search_documents
    from .capabilities.documents.model import DocumentLines, DocumentSearchResult
    from .capabilities.filings.filings import list_filings
    from .capabilities.filings.model import FilingList
    from .capabilities.local_index.local_index import index_add, index_list, index_remove
    from .capabilities.local_index.model import IndexListing, IndexUpdate
    from .capabilities.resolve.model import ResolvedCompany
    from .capabilities.resolve.resolve import resolve_company
    from .capabilities.screen.model import ScreenResult
    from .capabilities.screen.screen import screen_companies
    from .capabilities.search.model import FullTextSearchResult
    from .capabilities.search.search import search_full_text
    from .capabilities.section.model import FilingOutline, FilingSection
    from .capabilities.section.section import get_filing_outline, get_filing_section
    from .capabilities.statement.model import StatementResult
    from .capabilities.statement.statement import get_financial_series, get_financial_statement
    from .capabilities.sync.model import BulkSyncResult
    from .capabilities.sync.sync import sync_bulk
    from .capabilities.verify.verify import verify_answer
    from .errors import EdgarError, ExitStatus
    from .models.companies import CompanyRef, DataSource
    from .models.facts import FactValue
    from .models.verify import AnswerVerification

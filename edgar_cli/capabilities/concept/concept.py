"""get_financial_concept: one concept's reported values for one company, with provenance.

The answer is assembled in xbrl/answer.py (no pydantic); this module is the capability boundary: it checks
the arguments and builds the ConceptResult model from the assembled answer.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...companies.tickers import ticker_file_warnings
from ...models.companies import DataSource
from ...models.facts import FactValue
from ...sec.client import SecClient, get_client
from ...xbrl.answer import MIN_FISCAL_YEAR, SOURCE, answer_concept, source_of
from ...xbrl.facts import CompanyFacts
from ...xbrl.pointintime import AS_OF_DESCRIPTION
from ...xbrl.records import CompanyRefRecord, ConceptResultRecord, FactRecord
from ..arguments import DEFAULT_LIMIT, MAX_LIMIT, PeriodArg, validate_common
from ..resolve.resolve import resolve_company
from .model import ConceptResult

__all__ = [
    "get_financial_concept",
    "concept_result",
    "data_source_of",
    "fact_model",
    "MAX_LIMIT",
    "MIN_FISCAL_YEAR",
    "SOURCE",
    "DEFAULT_LIMIT",
]


def get_financial_concept(
    company: Annotated[str, Field(description="Ticker, CIK or company name, e.g. NVDA, 1045810, NVIDIA")],
    concept: Annotated[
        str,
        Field(
            description="Catalogue concept or alias (revenue, net sales, eps_diluted, R&D) "
            "or a raw XBRL tag (us-gaap:Revenues)"
        ),
    ],
    fiscal_year: Annotated[
        int | None,
        Field(description="Fiscal year by the company's own label, e.g. 2024 (NVIDIA's FY2024 ended 2024-01-28)"),
    ] = None,
    period: Annotated[PeriodArg, Field(description="annual, quarterly or all")] = "annual",
    limit: Annotated[int, Field(description="Most values to return, newest first (1-200)")] = 8,
    unit: Annotated[
        str | None,
        Field(
            description="The unit to read, e.g. USD for a foreign filer's convenience "
            "translation (TSMC reports in TWD); a currency asked for a "
            "per-share concept means that currency per share; omitted: the "
            "filer's own reporting currency"
        ),
    ] = None,
    as_of: Annotated[str | None, Field(description=AS_OF_DESCRIPTION)] = None,
    *,
    client: SecClient | None = None,
) -> ConceptResult:
    """A financial concept's reported values for one company, newest first, each with its provenance.

    Periods are identified by start/end dates (never companyfacts' fy/fp, which
    describe the filing); fiscal-year labels are the company's own. Only 10-K,
    10-Q, 10-KT, 20-F, 40-F and amendments count. For each period the first tag
    of the concept's chain that reports it is used and named (``matched_tag``).
    A period reported with different values in different filings gives the
    latest-filed value with ``restated: true``, the original value, its filing
    and a ``revision_kind`` (stock_split, reverse_split, share_exchange, precision_change,
    suspected_tagging_error, restatement); ``original_value`` is always the
    first value filed. Figures that look like the filer's own errors (a tagging
    error in one filing, a share value about 1,000x off) carry ``suspected_errors``
    and are shown as filed. Each value cites the first filing that reported it as
    it now stands.

    ``unit`` reads another unit the filer reports the concept in: a foreign
    filer's convenience translation (TSMC's USD beside its TWD), labelled as one
    in ``currency_note`` and never mixed with the reporting currency.

    Returns: company, concept, fallback_chain, tags_tried, unit (USD, USD/shares,
    shares or the filer's currency), units_available, notes, warnings and
    values (value, unit, fiscal_year, fiscal_period, period_type, start, end,
    days, filed, form, accession_number, matched_tag, restated, original_*,
    revision_kind, pre_split_ratio, pre_reverse_split_ratio, suspected_errors,
    filing_url). Nothing is derived: no Q4 by subtraction, no ratios.

    ``as_of`` (YYYY-MM-DD): the values as known on that date, for backtests and audits: only facts filed on
    or before it (companyfacts' ``filed``; the acceptance time is not in companyfacts), with labels, calendar,
    restatements and split flags derived from them; later revisions and splits are named in ``notes``, never
    mixed in; the result's ``as_of`` says which mode it is in (null: as known now).

    Errors: invalid_argument (unknown concept, bad period or limit, fiscal year
    before 1993, an as_of date in the future or before 2009), not_found (unknown company, concept not reported or not in the
    unit asked for: units_available names those it is in, fiscal year
    not reported yet: the message names the latest available), out_of_scope (a
    future fiscal year), ambiguous (a company name matching several companies).
    Source: data.sec.gov/api/xbrl/companyfacts/CIK##########.json.
    """
    validate_common(period, limit)
    client = client or get_client()
    record = answer_concept(company, concept, fiscal_year, period, limit, client, _resolved_ref, unit, as_of)
    record.warnings.extend(ticker_file_warnings(client))  # the company named through a stale ticker file
    return concept_result(record)


def _resolved_ref(company: str, client: SecClient) -> CompanyRefRecord:
    resolved = resolve_company(company, client=client)
    return CompanyRefRecord(cik=resolved.cik, name=resolved.name, tickers=list(resolved.tickers))


def concept_result(record: ConceptResultRecord) -> ConceptResult:
    """The engine's assembled answer (xbrl.answer's answer_concept or assemble_answer, which compare calls
    over its own series) as the ConceptResult model."""
    return ConceptResult.model_validate(record, from_attributes=True)


def data_source_of(facts: CompanyFacts) -> DataSource:
    """Which source the company's facts came from (live, cache, or the bulk store and its date)."""
    return DataSource.model_validate(source_of(facts), from_attributes=True)


def fact_model(record: FactRecord) -> FactValue:
    """The engine's record of one value as the FactValue model (for a result model that holds one)."""
    return FactValue.model_validate(record, from_attributes=True)

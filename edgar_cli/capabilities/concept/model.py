"""The result of get_financial_concept: one concept's values for one company.

Built from the engine's record (xbrl/records.py), which defines it once: the warm path prints the record
without pydantic; the faces validate it into this model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...models._base import _Model, model_of
from ...models.companies import CompanyRef, DataSource  # noqa: F401 (made before the model that names them)
from ...models.facts import FactValue, TagTried  # noqa: F401
from ...xbrl.records import ConceptResultRecord

if TYPE_CHECKING:

    class ConceptResult(_Model, ConceptResultRecord):  # what mypy sees: the model's methods, the record's fields
        # with the nested records as the models model_of makes of them (what the faces get at run time)
        company: CompanyRef
        tags_tried: list[TagTried]  # type: ignore[assignment]  # list is invariant; model_of made it list[TagTried]
        values: list[FactValue]  # type: ignore[assignment]  # list is invariant; model_of made it list[FactValue]
        data_source: DataSource | None

else:
    ConceptResult = model_of(ConceptResultRecord, "ConceptResult")

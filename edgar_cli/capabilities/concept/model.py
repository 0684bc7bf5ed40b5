"""The result of get_financial_concept: one concept's values for one company.

Built from the engine's record (xbrl/records.py), which defines it once: the warm path prints the record
without pydantic; the faces validate it into this model."""

from __future__ import annotations

from ...models._base import model_of
from ...models.companies import CompanyRef, DataSource  # noqa: F401 (made before the model that names them)
from ...models.facts import FactValue, TagTried  # noqa: F401
from ...xbrl.records import ConceptResultRecord

ConceptResult = model_of(ConceptResultRecord, "ConceptResult")

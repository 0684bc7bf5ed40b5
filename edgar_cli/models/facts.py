"""A reported figure with its provenance (FactValue), the tags tried for a concept, suspected filer errors.

The models are built from the engine's records (xbrl/records.py), which define them once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..xbrl.records import (
    ComponentRecord,
    FactRecord,
    FiscalPeriod,
    PeriodType,
    RevisionKind,
    SuspectedErrorRecord,
    TagTriedRecord,
)
from ._base import _Model, model_of

__all__ = ["FiscalPeriod", "PeriodType", "RevisionKind", "SuspectedError", "Component", "FactValue", "TagTried"]

if TYPE_CHECKING:

    class SuspectedError(_Model, SuspectedErrorRecord):  # what mypy sees: the model's methods, the record's fields
        pass

    class Component(_Model, ComponentRecord):  # what mypy sees: the model's methods, the record's fields
        pass

    class FactValue(_Model, FactRecord):  # what mypy sees: the model's methods, the record's fields
        # with the nested records as the models model_of makes of them (what a caller gets at run time)
        suspected_errors: list[SuspectedError]  # type: ignore[assignment]  # list is invariant
        components: list[Component]  # type: ignore[assignment]  # list is invariant

    class TagTried(_Model, TagTriedRecord):  # what mypy sees: the model's methods, the record's fields
        pass

else:
    SuspectedError = model_of(SuspectedErrorRecord, "SuspectedError")
    Component = model_of(ComponentRecord, "Component")
    FactValue = model_of(FactRecord, "FactValue")
    TagTried = model_of(TagTriedRecord, "TagTried")

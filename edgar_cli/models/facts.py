"""A reported figure with its provenance (FactValue), the tags tried for a concept, suspected filer errors.

The models are built from the engine's records (xbrl/records.py), which define them once."""

from __future__ import annotations

from ..xbrl.records import FactRecord, FiscalPeriod, PeriodType, RevisionKind, SuspectedErrorRecord, TagTriedRecord
from ._base import model_of

__all__ = ["FiscalPeriod", "PeriodType", "RevisionKind", "SuspectedError", "FactValue", "TagTried"]

SuspectedError = model_of(SuspectedErrorRecord, "SuspectedError")
FactValue = model_of(FactRecord, "FactValue")
TagTried = model_of(TagTriedRecord, "TagTried")

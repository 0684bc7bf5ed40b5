"""The company and the data source every result names, and a company's reorganisation (a new CIK)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from pydantic import Field

from ..xbrl.records import CompanyRefRecord, DataSourceRecord
from ._base import _Model, model_of


class Reorganisation(_Model):
    """A company that moved to a new CIK: its history before ``effective`` is under the predecessor's CIK."""

    successor_cik: str
    successor_name: str
    predecessor_cik: str
    predecessor_name: str
    effective: date = Field(description="The day the successor took over")
    event: str
    source: str = Field(description="Where the link is documented (edgar keeps this map by hand)")


# Built from the engine's records (xbrl/records.py), which define them once.
if TYPE_CHECKING:

    class CompanyRef(_Model, CompanyRefRecord):  # what mypy sees: the model's methods, the record's fields
        pass

    class DataSource(_Model, DataSourceRecord):  # what mypy sees: the model's methods, the record's fields
        pass

else:
    CompanyRef = model_of(CompanyRefRecord, "CompanyRef")
    DataSource = model_of(DataSourceRecord, "DataSource")

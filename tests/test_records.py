"""The concept engine's plain records (edgar_cli/xbrl/records.py) against the pydantic models built from them.

A record has its model's fields in its model's order, and records.dumps writes what the model's
model_dump_json(indent=2) writes, byte for byte (the warm fast path prints records.dumps).
"""

from __future__ import annotations

import dataclasses
import math
from datetime import UTC, date, datetime, timedelta, timezone

import pydantic_core
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from edgar_cli.capabilities.concept.concept import get_financial_concept
from edgar_cli.capabilities.concept.model import ConceptResult
from edgar_cli.models.companies import CompanyRef, DataSource
from edgar_cli.models.facts import FactValue, SuspectedError, TagTried
from edgar_cli.xbrl import records

PAIRS = [
    (records.SuspectedErrorRecord, SuspectedError),
    (records.FactRecord, FactValue),
    (records.TagTriedRecord, TagTried),
    (records.CompanyRefRecord, CompanyRef),
    (records.DataSourceRecord, DataSource),
    (records.ConceptResultRecord, ConceptResult),
]


@pytest.mark.parametrize("record, model", PAIRS, ids=[m.__name__ for _r, m in PAIRS])
def test_each_record_has_its_models_fields_in_the_same_order_and_defaults(record, model):
    fields = dataclasses.fields(record)
    assert [f.name for f in fields] == list(model.model_fields)
    for f in fields:
        info = model.model_fields[f.name]
        if f.default is not dataclasses.MISSING:
            assert not info.is_required() and info.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert not info.is_required() and info.default_factory() == f.default_factory(), f.name


@given(st.floats(allow_nan=False, allow_infinity=False))
@settings(max_examples=3000, deadline=None)
def test_a_float_is_written_as_pydantic_core_writes_it(x):
    assert records.float_text(x) == pydantic_core.to_json(x).decode()


@pytest.mark.parametrize(
    "x",
    [
        1e-7,
        2.5e-05,
        1e-05,
        -3.25e-05,
        1e-06,
        0.0001,
        1e16,
        1e22,
        1.7976931348623157e308,
        5e-324,
        -0.0,
        0.1,
        123456789.125,
    ],
)
def test_the_floats_json_and_pydantic_disagree_on_are_written_as_pydantic_writes_them(x):
    assert records.float_text(x) == pydantic_core.to_json(x).decode()
    assert not math.isnan(float(records.float_text(x)))


@given(st.text())
@settings(max_examples=1000, deadline=None)
def test_text_is_escaped_as_pydantic_escapes_it(s):
    try:
        expected = pydantic_core.to_json(s).decode()
    except (pydantic_core.PydanticSerializationError, UnicodeEncodeError):
        return  # lone surrogates: the fast path's write fails and it falls back
    assert records.dumps(records.CompanyRefRecord(cik="1", name=s)) == CompanyRef(cik="1", name=s).model_dump_json(
        indent=2
    )
    assert expected in records.dumps(records.CompanyRefRecord(cik="1", name=s))


@pytest.mark.parametrize(
    "when",
    [
        datetime(2026, 7, 1, 12, tzinfo=UTC),
        datetime.fromtimestamp(1751371200.123456, UTC),
        datetime.fromtimestamp(1751371200.5, UTC),
    ],
)
def test_a_utc_time_is_written_with_z_as_pydantic_writes_it(when):
    rec = records.DataSourceRecord(kind="cache", as_of=when)
    assert records.dumps(rec) == DataSource.model_validate(rec, from_attributes=True).model_dump_json(indent=2)


def test_a_time_that_is_not_utc_is_refused_rather_than_written_differently():
    rec = records.DataSourceRecord(kind="cache", as_of=datetime(2026, 7, 1, tzinfo=timezone(timedelta(hours=2))))
    with pytest.raises(records.NotSerializable):
        records.dumps(rec)


def test_empty_lists_and_nones_are_written_as_pydantic_writes_them():
    rec = records.TagTriedRecord(tag="us-gaap:Revenues", status="not_reported", latest_end=None)
    assert records.dumps(rec) == TagTried(tag="us-gaap:Revenues", status="not_reported").model_dump_json(indent=2)
    fact = records.FactRecord(
        value=1,
        unit="USD",
        fiscal_year=None,
        fiscal_period=None,
        period_type="instant",
        start=None,
        end=date(2024, 1, 28),
        days=None,
        filed=date(2024, 2, 21),
        form="10-K",
        accession_number="0001045810-24-000029",
        matched_tag="us-gaap:Assets",
        restated=False,
        filing_url="https://www.sec.gov/x",
    )
    assert records.dumps(fact) == FactValue.model_validate(fact, from_attributes=True).model_dump_json(indent=2)


@pytest.mark.parametrize(
    "company, concept, kw",
    [
        ("NVDA", "revenue", {"fiscal_year": 2024}),  # 0001045810-24-000029
        ("NVDA", "eps_diluted", {"period": "all", "limit": 40}),  # pre-split values (pre_split_ratio)
        ("TSM", "revenue", {}),  # IFRS, TWD: currency notes
        ("AAPL", "shares_outstanding", {"period": "quarterly", "limit": 60}),  # 0001193125-14-157311: a scale error
    ],
)
def test_the_records_json_is_the_models_json_for_real_answers(sec, company, concept, kw):
    from edgar_cli.capabilities.concept.concept import _resolved_ref
    from edgar_cli.sec.client import get_client
    from edgar_cli.xbrl.answer import answer_concept

    result = get_financial_concept(company, concept, **kw)
    record = answer_concept(
        company,
        concept,
        kw.get("fiscal_year"),
        kw.get("period", "annual"),
        kw.get("limit", 8),
        get_client(),
        _resolved_ref,
    )
    assert records.dumps(record) == result.model_dump_json(indent=2)

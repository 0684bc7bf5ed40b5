"""Point in time (--as-of / as_of): figures as the SEC had received them on a date, on real corpus data.

Every expected figure is in ../shared/sec-corpus/data.sec.gov/api/xbrl/companyfacts and is named with the
accession number of the filing it comes from. The unit tests of xbrl/pointintime.py use small hand-written
facts.
"""

from __future__ import annotations

from datetime import date

import pytest

from edgar_cli.errors import EdgarError
from edgar_cli.xbrl import pointintime as PIT
from edgar_cli.xbrl.catalogue import lookup
from edgar_cli.xbrl.facts import CompanyFacts
from edgar_cli.xbrl.periods import build_calendar
from edgar_cli.xbrl.series import build_series

AAPL, NVDA, TSLA = 320193, 1045810, 1318605
CORPUS_CIKS = (320193, 1045810, 1046179, 1318605, 1640147, 1997711)  # every companyfacts file of the corpus


@pytest.fixture
def sec(module_sec):
    return module_sec


def fy_value(result, fy):
    hits = [v for v in result.values if v.fiscal_year == fy and v.fiscal_period == "FY"]
    assert len(hits) == 1, [(v.fiscal_year, v.end) for v in result.values]
    return hits[0]


# --- unit: the domain functions on hand-written facts -------------------------------------


def _facts(rows_by_tag: dict[str, dict[str, list[tuple]]]) -> CompanyFacts:
    tags = {t: {"label": t, "units": units} for t, units in rows_by_tag.items()}
    return CompanyFacts(cik=1, name="Example Co", tags=tags, fetched_at=0.0, calendar=build_calendar(tags))


def _row(val, accn, filed, form="10-K", start="2018-01-01", end="2018-12-31", fy=2018):
    return (start, end, val, accn, fy, "FY", form, filed, None)


EXAMPLE = {
    "us-gaap:Revenues": {
        "USD": [
            _row(100_250_000, "0000000001-19-000001", "2019-02-15"),
            _row(120_500_000, "0000000001-19-000009", "2019-08-01", form="10-K/A"),
            _row(120_500_000, "0000000001-20-000001", "2020-02-14", fy=2019),
            _row(130_750_000, "0000000001-20-000001", "2020-02-14", start="2019-01-01", end="2019-12-31", fy=2019),
        ]
    }
}


def test_facts_known_on_a_date_keep_only_rows_filed_on_or_before_it():
    facts = _facts(EXAMPLE)
    known = PIT.known_on(facts, date(2019, 8, 1))
    rows = known.tags["us-gaap:Revenues"]["units"]["USD"]
    assert [r[3] for r in rows] == ["0000000001-19-000001", "0000000001-19-000009"]
    assert PIT.known_on(facts, date(2019, 8, 1)) is known  # kept for the date
    assert PIT.known_on(facts, date(2019, 1, 1)).tags == {}


def test_a_value_known_before_its_restatement_is_the_original_and_names_the_revision():
    facts = _facts(EXAMPLE)
    spec = lookup("us-gaap:Revenues")
    when = date(2019, 7, 31)
    values = build_series(PIT.known_on(facts, when), spec).values
    assert [(v.value, v.restated) for v in values] == [(100_250_000, False)]
    notes = PIT.later_revisions(facts, values, when)
    assert notes == [
        "After 2019-07-31: FY2018 (2018-01-01 to 2018-12-31) 100,250,000 was revised to 120,500,000 on "
        "2019-08-01 in 0000000001-19-000009 (10-K/A; restatement)."
    ]


def test_a_value_known_after_its_restatement_has_no_later_revision_note():
    facts = _facts(EXAMPLE)
    when = date(2019, 8, 1)
    values = build_series(PIT.known_on(facts, when), lookup("us-gaap:Revenues")).values
    assert [(v.value, v.original_value) for v in values] == [(120_500_000, 100_250_000)]
    assert PIT.later_revisions(facts, values, when) == []


def test_the_first_filing_of_a_period_not_yet_reported_is_the_original_one():
    facts = _facts(EXAMPLE)
    values = build_series(facts, lookup("us-gaap:Revenues")).values
    assert PIT.first_filed(values) == (date(2019, 2, 15), "0000000001-19-000001")
    assert PIT.first_filed([]) is None


@pytest.mark.parametrize(
    ("text", "why"),
    [("2026-07-02", "in the future"), ("2008-12-31", "predates XBRL"), ("30/06/2019", "is not a date")],
)
def test_an_as_of_date_in_the_future_before_2009_or_malformed_is_an_invalid_argument(text, why):
    with pytest.raises(EdgarError) as info:
        PIT.parse_as_of(text, date(2026, 7, 1))
    assert info.value.code == "invalid_argument" and why in info.value.message and info.value.suggestion


def test_an_as_of_date_is_read_as_iso_and_none_when_not_given():
    assert PIT.parse_as_of(" 2019-06-30 ", date(2026, 7, 1)) == date(2019, 6, 30)
    assert PIT.parse_as_of(None, date(2026, 7, 1)) is None
    assert PIT.caption(date(2019, 6, 30)) == "as known on 2019-06-30"

"""edgar_cli.alloc.collector_paused: the cyclic collector off for a build, then as it was."""

from __future__ import annotations

import gc

import pytest

from edgar_cli.alloc import collector_paused


def test_the_collector_is_off_inside_and_on_again_after_even_when_the_build_fails():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a damaged entry")
    assert gc.isenabled()


def test_a_collector_someone_else_turned_off_stays_off():
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_building_a_fact_pool_leaves_the_collector_on(sec):
    from edgar_cli.sec.companyfacts import load_company_facts
    from edgar_cli.xbrl.grounding import FactPool

    pool = FactPool(load_company_facts(sec, 1045810))
    assert gc.isenabled() and pool.units and pool.accessions_seen

"""Property-based tests: any well-typed arguments to any capability give a result model or a
structured input error, and only SEC URL shapes are ever requested.

Arguments are drawn per parameter type from the registry (tests/helpers/reliability_kit.py): arbitrary
text, known-good values (NVDA, revenue, 10-K, ...) and hostile ones (traversal, URLs, control
characters, search syntax); any integer; lists of such strings; None where allowed.

Profiles (a hypothesis settings profile, chosen with EDGAR_HYPOTHESIS_PROFILE):
- ``ci`` (default): 40 examples per capability, derandomized, no example database; seconds.
- ``thorough``: 10,000 calls in all, spread over the capabilities; minutes, not CI-blocking:
  ``EDGAR_HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_properties.py``.
"""

from __future__ import annotations

import math
import os

import pytest
import reliability_kit as K
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CAPS = {fn.__name__: fn for fn in K.capabilities()}
THOROUGH_CALLS = 10_000

settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.register_profile(
    "thorough",
    max_examples=math.ceil(THOROUGH_CALLS / max(1, len(CAPS))),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
PROFILE = settings.get_profile(os.environ.get("EDGAR_HYPOTHESIS_PROFILE", "ci"))

_SHORT_HOSTILE = [
    v for v in K.TRAVERSAL + K.SMUGGLED + K.CONTROL + K.FTS_SYNTAX + K.UNKNOWN + K.BAD_DATES if len(v) < 1000
] + ["", " ", "x" * 201, "a" * 501]


def _strings(p: K.Param) -> st.SearchStrategy:
    known = [v for v in (K.valid_values(p) or []) if isinstance(v, str)]
    if p.local_state and p.name.startswith("accession"):
        known = ["0001045810-26-000021"]  # index_add: a real NVDA 10-K the corpus lacks (indexing one takes minutes)
    return st.one_of(st.sampled_from(known or ["NVDA"]), st.sampled_from(_SHORT_HOSTILE), st.text(max_size=40))


def strategy(p: K.Param) -> st.SearchStrategy:
    if p.kind == "literal":
        base = st.one_of(st.sampled_from(p.literals), st.text(max_size=12))
    elif p.kind == "str":
        base = _strings(p)
    elif p.kind == "int" and p.name == "years":  # index_add: every valid year past the first indexes a 10-K
        base = st.one_of(st.integers(-3, 1), st.integers(min_value=31), st.integers(max_value=-4))
    elif p.kind == "int":
        good = [v for v in (K.valid_values(p) or []) if isinstance(v, int)] or [p.default or 1]
        base = st.one_of(st.sampled_from(good), st.integers(-100, 3000), st.integers())
    elif p.kind == "float":
        base = st.floats()
    elif p.kind == "list":
        good = [v for v in (K.valid_values(p) or []) if isinstance(v, list)]
        item = _strings(K.Param(p.name.rstrip("s"), str, p.description, None, True, False, p.local_state))
        base = st.one_of(st.sampled_from(good or [["NVDA"]]), st.lists(item, max_size=10))
    elif p.kind == "bool":
        base = st.booleans()
    else:
        base = st.none()
    return st.one_of(st.none(), base) if p.optional else base


def arguments(fn) -> st.SearchStrategy:
    ps = K.params(fn)
    always = {p.name for p in ps if p.required or p.name == "years"}  # years: index_add's default (3) is slow
    required = {p.name: strategy(p) for p in ps if p.name in always}
    optional = {p.name: strategy(p) for p in ps if p.name not in always}
    return st.fixed_dictionaries(required, optional=optional)


@pytest.fixture(scope="module")
def client(mirror, tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGAR_TODAY", "2026-07-01")
        c = K.make_client(mirror.url, tmp_path_factory.mktemp("properties"))
        yield c
        c.close()


@pytest.mark.parametrize("name", sorted(CAPS))
def test_any_well_typed_arguments_give_a_result_or_a_structured_input_error(name, client, mirror):
    fn = CAPS[name]
    first = len(mirror.log)
    calls = []

    @settings(PROFILE)
    @given(kwargs=arguments(fn))
    def check(kwargs):
        calls.append(kwargs)
        outcome = K.call(fn, kwargs, client)
        assert outcome.kind != "crash", outcome.value
        if outcome.kind == "error":
            assert outcome.code in K.INPUT_CODES, outcome.value
            assert outcome.value["error"]["message"]

    check()
    assert len(calls) >= (min(PROFILE.max_examples, 20) if K.params(fn) else 1)  # the examples really ran
    assert [e.path for e in mirror.log[first:] if not K.SEC_PATHS.match(e.path)] == []

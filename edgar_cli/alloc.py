"""Building many acyclic objects at once (a fact pool's rows, an index read from the cache) with the collector paused.

CPython's cyclic garbage collector runs after every 700 net allocations of container objects and,
every so often, walks every object of the process. Building a company's fact pool (27,000 row
tuples and their lists and dicts) triggers full collections that walk the pydantic, regex and module
objects of the whole process: a tenth of a warm ``edgar verify``. What is built here holds no
reference cycles, so there is nothing for the collector to find in it; :func:`collector_paused` turns
it off for the build and back on (if it was on) after. The collector's counters keep counting, so it
runs as usual at the next allocation after the build, once; reference counting frees everything as
before.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (a no-op when it is already off)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()

"""The client's per-process memo of parsed objects, bounded by bytes (least recently used first out).

A long-lived MCP server keeps every company's facts, parsed filing documents and ticker map it
has read in ``SecClient.memo``; unbounded, its memory only grows with the companies and filings
asked about. :class:`BoundedMemo` is a mapping that keeps the total *weight* of its values under
``max_bytes`` by dropping the least recently used entries. A dropped entry costs a read of the
disk cache (or the bulk store) the next time, never a wrong answer.

The weight of a value is :func:`weigh`: ``memo_bytes()`` when the value defines it (the objects
the memo holds in bulk: CompanyFacts, TextDocument, ...), the length of bytes and text, the sum
over tuples, lists, dicts and an object's attributes, else ``sys.getsizeof``. It is measured once, when the value is
stored; objects that grow later (facts decoding tags as they are read) are weighed by what they
held then, so the bound is approximate, not a hard cap on the process' memory.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Iterator, MutableMapping
from typing import Any

DEFAULT_MAX_BYTES = 256 * 1024 * 1024
_SMALL = 64  # the overhead counted for each entry and container


def weigh(value: Any, depth: int = 0) -> int:
    """Approximate bytes held by ``value`` (see the module docstring)."""
    measure = getattr(value, "memo_bytes", None)
    if callable(measure):
        try:
            return int(measure())
        except Exception:  # a weight is an estimate: never let it break a store
            return _SMALL
    if isinstance(value, (bytes, bytearray, memoryview)):
        return _SMALL + len(value)
    if isinstance(value, str):
        return _SMALL + len(value)
    if depth < 4 and isinstance(value, (tuple, list, set, frozenset)):
        return _SMALL + sum(weigh(v, depth + 1) for v in value)
    if depth < 4 and isinstance(value, dict):
        return _SMALL + sum(weigh(k, depth + 1) + weigh(v, depth + 1) for k, v in value.items())
    if depth < 3 and hasattr(value, "__dict__") and not isinstance(value, type):  # dataclasses, plain objects
        return _SMALL + weigh(vars(value), depth + 1)
    return sys.getsizeof(value, _SMALL)


class BoundedMemo(MutableMapping):
    """A thread-safe mapping that keeps the weight of its values under ``max_bytes``, least recently used
    out first. One value heavier than the whole budget is not kept at all. ``bytes``: the weight held;
    ``evictions``: entries dropped to stay under the bound."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = int(max_bytes)
        self._data: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._lock = threading.RLock()
        self.bytes = 0
        self.evictions = 0

    def __getitem__(self, key: Any) -> Any:
        with self._lock:
            value, _w = self._data[key]
            self._data.move_to_end(key)
            return value

    def __setitem__(self, key: Any, value: Any) -> None:
        weight = _SMALL + weigh(value)
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if weight > self.max_bytes:
                return  # would evict everything else and still not fit
            self._data[key] = (value, weight)
            self.bytes += weight
            while self.bytes > self.max_bytes and self._data:
                _k, (_v, w) = self._data.popitem(last=False)
                self.bytes -= w
                self.evictions += 1

    def __delitem__(self, key: Any) -> None:
        with self._lock:
            _v, w = self._data.pop(key)
            self.bytes -= w

    def __iter__(self) -> Iterator[Any]:
        with self._lock:
            return iter(list(self._data))

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: Any, default: Any = None) -> Any:
        with self._lock:
            hit = self._data.get(key)
            if hit is None:
                return default
            self._data.move_to_end(key)
            return hit[0]

    def setdefault(self, key: Any, default: Any = None) -> Any:
        with self._lock:
            hit = self._data.get(key)
            if hit is not None:
                self._data.move_to_end(key)
                return hit[0]
            self[key] = default
            return default

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.bytes = 0

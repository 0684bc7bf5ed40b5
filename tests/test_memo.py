"""The client's memo of parsed objects is bounded by bytes: a long-lived server's memory does not only grow."""

from __future__ import annotations

import threading

import reliability_kit as K

from edgar_cli.sec.memo import BoundedMemo, weigh


def test_the_least_recently_used_entries_leave_first_when_the_memo_is_over_its_bytes():
    memo = BoundedMemo(max_bytes=1000)
    memo["a"] = b"x" * 300
    memo["b"] = b"x" * 300
    assert memo.get("a") is not None  # a is now the most recently used
    memo["c"] = b"x" * 300
    assert set(memo) == {"a", "c"} and memo.evictions == 1
    assert memo.bytes <= 1000


def test_a_value_heavier_than_the_whole_memo_is_not_kept_and_evicts_nothing():
    memo = BoundedMemo(max_bytes=1000)
    memo["small"] = "x" * 100
    memo["huge"] = "x" * 5000
    assert "huge" not in memo and "small" in memo and memo.evictions == 0


def test_replacing_and_deleting_an_entry_keeps_the_byte_count_exact():
    memo = BoundedMemo(max_bytes=10_000)
    memo["k"] = b"x" * 1000
    memo["k"] = b"x" * 10
    assert memo.bytes == weigh(b"x" * 10) + 64
    del memo["k"]
    assert memo.bytes == 0 and len(memo) == 0


def test_setdefault_returns_the_kept_value_and_counts_as_a_use():
    memo = BoundedMemo(max_bytes=1000)
    lock = memo.setdefault("lock:x", threading.Lock())
    assert memo.setdefault("lock:x", threading.Lock()) is lock


def test_objects_are_weighed_by_what_they_declare_or_hold():
    class Declares:
        def memo_bytes(self) -> int:
            return 12345

    class Holds:
        def __init__(self):
            self.text = "y" * 50_000

    assert weigh(Declares()) == 12345
    assert weigh((Holds(), b"z" * 1000)) > 51_000


def test_a_client_reading_many_companies_keeps_its_memo_under_the_bound_and_still_answers(mirror, tmp_path):
    # NVIDIA, Apple and Tesla's companyfacts from the corpus are each some MBs compacted; a 2 MB memo holds one.
    from edgar_cli.capabilities.concept.concept import get_financial_concept
    from edgar_cli.sec.client import SecClient

    client = SecClient(
        K.make_client(mirror.url, tmp_path / "cache").settings, memo_bytes=2_000_000, warn=lambda _m: None
    )
    for ticker in ("NVDA", "AAPL", "TSLA", "NVDA"):
        get_financial_concept(ticker, "revenue", client=client)
        assert client.memo.bytes <= 2_000_000
    assert client.memo.evictions >= 2
    # evicted, read again from the disk cache: NVIDIA's FY2024 revenue as filed in 0001045810-24-000029
    again = get_financial_concept("NVDA", "revenue", fiscal_year=2024, client=client)
    assert again.values[0].value == 60922000000
    client.close()

"""A thirteenth newcomer's findings (issue 36), through the real CLI on corpus data."""

from __future__ import annotations

import re


def test_an_empty_rows_note_and_footnote_say_one_span(edgar):
    # Apple's us-gaap:Goodwill: its last fiscal-year value is 5,717,000,000 at 2017-09-30 (10-K
    # 0000320193-17-000070); a quarter's 5,889,000,000 at 2017-12-30 (10-Q 0000320193-18-000007) is FY2018's Q1
    r = edgar("statement", "AAPL", "balance", "--fy", "2025")
    assert r.rc == 0, r.err
    goodwill = next(line for line in r.out.splitlines() if "\tgoodwill\t" in line)
    assert goodwill.endswith("no value for FY2025; reported for FY2008 to FY2017")
    note = next(line for line in r.err.splitlines() if line.startswith("note: Goodwill: Not reported"))
    assert "(us-gaap:Goodwill) are reported for FY2008 to FY2017." in note
    assert not re.search(r"FY2018", note)

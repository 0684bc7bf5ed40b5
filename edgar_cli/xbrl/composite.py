"""Concepts edgar sums from reported lines, per balance-sheet date, each value naming its parts.

The catalogue's chains never add tags up: a figure is one reported line. A few
figures people ask for are not one line at most filers, and a rule here sums them
(``composite`` in concepts.toml names the rule). Each summed value is a
FactRecord whose ``components`` are the reported values it adds (each with its
own tag, accession number and filing, as the concept engine selected them),
whose ``formula`` says how they give it and which parts the filer did not tag
for that date (counted as none, and said so), and whose form, filed and
accession_number are the filing the parts come from. Every part of one date's
total comes from one filing's balance sheet: the report of the period ending
that day (the 10-K for a year end), else the latest filing tagging long-term
debt there. Lines from different filings are never added together: a later
filing may tag the same line under another tag (Apple's 5,980M commercial paper
at 2019-09-28 is us-gaap:CommercialPaper in its 10-K 0000320193-19-000119 and
us-gaap:OtherShortTermBorrowings in later 10-Qs); such lines, and a part a later
filing reports at another amount, are named in the formula, not added. A date the rule cannot sum without a
guess gets no value, and the tags_tried of the series say why.

**total_debt** at a date = long-term debt including its current portion +
short-term borrowings, where:

- long-term debt is ``LongTermDebtNoncurrent`` + ``LongTermDebtCurrent`` when
  both are tagged; else, where ``LongTermDebtNoncurrent`` is 0 beside
  ``ConvertibleDebtNoncurrent``, the convertible debt's noncurrent and current
  lines (Tesla's 586,119,000 + 182,000 at 2013-12-31); else ``LongTermDebtNoncurrent`` + a current-debt line where
  the two make the same filing's ``LongTermDebt`` exactly (NVIDIA's DebtCurrent
  998M + 5,963M = 6,961M at 2020-10-25: the line is the current portion); else ``LongTermDebt`` (which the taxonomy defines to include
  the current portion) when no current-debt line (CURRENT_LINES) stands beside
  it (a current line of 0 leaves nothing to be in or out of it); else ``LongTermDebt``
  where the same filing's noncurrent line (``LongTermDebtNoncurrent`` or
  ``ConvertibleDebtNoncurrent``, zero allowed) plus the current-debt line equals it
  exactly (NVIDIA's 0 + 1,413M = 1,413M at 2016-01-31: it holds the current
  notes). Otherwise ``LongTermDebt`` beside a current-debt line is not summed: Tesla tags
  its noncurrent debt as LongTermDebt (4,254M at 2021-12-31) and the current
  part as DebtCurrent (1,088M), while NVIDIA's LongTermDebt (9,709M at
  2024-01-28) includes its current 1,250M; from the facts alone the two cannot
  be told apart, unless the same filing's debt-and-lease lines settle it
  (LEASE_PROOF): ``LongTermDebt`` + the noncurrent lease line =
  ``LongTermDebtAndCapitalLeaseObligations`` (noncurrent debt and leases) and a
  current debt line + the current lease line =
  ``LongTermDebtAndCapitalLeaseObligationsCurrent``, exactly, as in Tesla's FY2018
  10-K (8,410,490,000 + 993,182,000 = 9,403,672,000; 2,221,985,000 + 345,714,000 =
  2,567,699,000): LongTermDebt is then the noncurrent debt and that line its
  current part. Nor is a noncurrent part with no current portion tagged beside
  it: the total would rest on a guess that there is none;
- short-term borrowings are ``ShortTermBorrowings`` where tagged (it may hold
  commercial paper, so nothing is added beside it), else ``CommercialPaper``
  and ``OtherShortTermBorrowings``, each where tagged.

Lease liabilities are never included; IFRS filers have no rule (their borrowings
and bonds are tagged on other lines).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from .catalogue import Concept, TagSpec
from .facts import CompanyFacts
from .records import ComponentRecord, FactRecord, TagTriedRecord
from .restatements import filing_order

NONCURRENT = "us-gaap:LongTermDebtNoncurrent"
# the noncurrent part where no other long-term debt line is tagged at the date (Snowflake's convertible notes)
CONVERTIBLE_NONCURRENT = "us-gaap:ConvertibleDebtNoncurrent"
CURRENT = "us-gaap:LongTermDebtCurrent"
WHOLE = "us-gaap:LongTermDebt"
DEBT_CURRENT = "us-gaap:DebtCurrent"
CONVERTIBLE_CURRENT = "us-gaap:ConvertibleNotesPayableCurrent"
CONVERTIBLE_DEBT_CURRENT = "us-gaap:ConvertibleDebtCurrent"
LEASE_DEBT_CURRENT = "us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent"
# current debt on one line, never added: read only to tell whether LongTermDebt is the whole of the debt
CURRENT_LINES = (CURRENT, DEBT_CURRENT, CONVERTIBLE_CURRENT, CONVERTIBLE_DEBT_CURRENT, LEASE_DEBT_CURRENT)
SHORT_TERM = "us-gaap:ShortTermBorrowings"
PAPER = "us-gaap:CommercialPaper"
OTHER_SHORT = "us-gaap:OtherShortTermBorrowings"
# LEASE_PROOF: the filer's debt-and-lease lines and their lease parts, read only to tell whether LongTermDebt is the
# noncurrent debt (never added)
DEBT_AND_LEASES = "us-gaap:LongTermDebtAndCapitalLeaseObligations"
LEASES_NONCURRENT = ("us-gaap:CapitalLeaseObligationsNoncurrent", "us-gaap:FinanceLeaseLiabilityNoncurrent")
LEASES_CURRENT = ("us-gaap:CapitalLeaseObligationsCurrent", "us-gaap:FinanceLeaseLiabilityCurrent")
# why a date of us-gaap:LongTermDebt beside a current-debt line is not summed (Unsummed.kind): no line of the
# filing shows whether it includes the current debt, or the filing's debt-and-lease lines do not add up with them
UNSETTLED = "unsettled"
DISAGREE = "lines_disagree"
PERIODIC = frozenset({"10-K", "10-K/A", "10-Q", "10-Q/A"})
PERIODIC_ANNUAL_OR_INTERIM = PERIODIC | {"20-F", "20-F/A", "40-F", "40-F/A"}

NAMES = {
    NONCURRENT: "long-term debt, noncurrent",
    CONVERTIBLE_NONCURRENT: "long-term debt, noncurrent (convertible debt)",
    CURRENT: "current portion of long-term debt",
    WHOLE: "long-term debt including its current portion",
    SHORT_TERM: "short-term borrowings",
    PAPER: "commercial paper",
    OTHER_SHORT: "other short-term borrowings",
}
# the parts' names where the filer's debt-and-lease lines show what its LongTermDebt and current line are
PROVEN_NAMES = {
    **NAMES,
    WHOLE: "long-term debt, noncurrent",
    DEBT_CURRENT: "current portion of long-term debt",
    CONVERTIBLE_CURRENT: "current portion of long-term debt (convertible notes)",
    CONVERTIBLE_DEBT_CURRENT: "current portion of long-term debt (convertible debt)",
}


def _current_lines_beside(facts: CompanyFacts, values: list[FactRecord]) -> list[tuple[FactRecord, str, int]]:
    """(value, current line's tag, its amount) for each us-gaap:LongTermDebt balance in VALUES whose own filing
    tags a nonzero current-debt line (the first of CURRENT_LINES) at the same date."""
    out: list[tuple[FactRecord, str, int]] = []
    for v in values:
        if v.matched_tag != WHOLE or v.period_type != "instant":
            continue
        for tag in CURRENT_LINES:
            rows = ((facts.tag(tag) or {}).get("units") or {}).get(v.unit) or ()
            r = next(
                (r for r in rows if r[0] is None and r[1] == v.end.isoformat() and r[3] == v.accession_number and r[2]),
                None,
            )
            if r is not None:
                out.append((v, tag, r[2]))
                break
    return out


def _noncurrent_adding_up(facts: CompanyFacts, v: FactRecord, amount: int) -> tuple[str, int] | None:
    """(tag, value) of a noncurrent debt line V's own filing tags at V's date that adds up with the current line's
    AMOUNT to V's us-gaap:LongTermDebt value (_whole_holds' rule), else None."""
    for n in (NONCURRENT, CONVERTIBLE_NONCURRENT):
        for x in ((facts.tag(n) or {}).get("units") or {}).get(v.unit) or ():
            if x[0] is None and x[1] == v.end.isoformat() and x[3] == v.accession_number and x[2] + amount == v.value:
                return n, x[2]
    return None


def current_debt_beside(facts: CompanyFacts, values: list[FactRecord]) -> list[str]:
    """For each value of us-gaap:LongTermDebt whose own filing tags a nonzero current-debt line (CURRENT_LINES)
    at the same date, a note naming that line: the value is the noncurrent part where it is smaller than the line
    (NVIDIA's 0 at 2016-01-31 beside us-gaap:ConvertibleDebtCurrent 1,413,000,000 in 0001045810-16-000353), it
    includes the line where a noncurrent line of the same filing adds up with it to the value, and otherwise the
    facts cannot tell whether it includes it."""
    out: list[str] = []
    for v, tag, amount in _current_lines_beside(facts, values):
        line = f"the same filing, {v.accession_number}, tags current debt on its own line ({tag} {amount:,})"
        if v.value < amount:  # smaller than the current line: it cannot hold it
            out.append(f"At {v.end}, {WHOLE} {v.value:,} is the noncurrent part: {line}, larger than it.")
        elif (part := _noncurrent_adding_up(facts, v, amount)) is not None:
            out.append(
                f"At {v.end}, {WHOLE} {v.value:,} includes the current debt: {line}, and {part[0]} "
                f"{part[1]:,} + {amount:,} = {v.value:,} in that filing."
            )
        else:
            out.append(
                f"At {v.end}, {line}: whether {WHOLE} {v.value:,} includes it cannot be told from the XBRL "
                "facts; read the balance sheet in the filing."
            )
    return out


def _line_at(facts: CompanyFacts, tag: str, v: FactRecord) -> int | None:
    """TAG's non-dimensional balance in V's unit at V's date in V's own filing, else None."""
    rows = ((facts.tag(tag) or {}).get("units") or {}).get(v.unit) or ()
    r = next((r for r in rows if r[0] is None and r[1] == v.end.isoformat() and r[3] == v.accession_number), None)
    return None if r is None else r[2]


def noncurrent_matching_current(facts: CompanyFacts, values: list[FactRecord]) -> list[str]:
    """For each us-gaap:LongTermDebtNoncurrent balance in VALUES that equals, to its rounding (0.1%), a current-debt
    line (CURRENT_LINES) its own filing tags at the same date: a note naming that line and the filing's
    us-gaap:ConvertibleDebtNoncurrent there, if any (Tesla's 593,700,000 at 2014-06-30 beside
    us-gaap:ConvertibleDebtCurrent 593,712,000 and us-gaap:ConvertibleDebtNoncurrent 1,767,024,000, all in
    0001193125-14-303175): the value may be the current notes tagged as noncurrent. The value is kept as filed."""
    out: list[str] = []
    for v in values:
        if v.matched_tag != NONCURRENT or v.period_type != "instant" or not v.value:
            continue
        for tag in CURRENT_LINES:
            amount = _line_at(facts, tag, v)
            if amount and abs(amount - v.value) <= 0.001 * abs(v.value):
                other = _line_at(facts, CONVERTIBLE_NONCURRENT, v)
                out.append(
                    f"At {v.end}, {NONCURRENT} {v.value:,} equals, to its rounding, the current debt the same filing "
                    f"({v.accession_number}) tags as {tag} {amount:,}"
                    + (f", while it tags {CONVERTIBLE_NONCURRENT} {other:,} there" if other else "")
                    + ": the value may be current debt tagged as noncurrent; it is shown as filed. Read the balance "
                    "sheet in the filing."
                )
                break
    return out


def zero_comparatives(facts: CompanyFacts, values: list[FactRecord], tags: tuple[str, ...] = ()) -> list[str]:
    """For each balance of 0 in VALUES that the period's own report (the 10-K or 10-Q whose period ends that
    day) does not tag at all, only later filings as a comparative: a note that the 0 is theirs, for a line the
    report of the date did not have (Snowflake's us-gaap:ConvertibleDebtNoncurrent 0 at 2024-01-31, first in the
    10-Q 0001640147-24-000250, where its 10-K 0001640147-24-000101 tags no such line: notes issued later), never
    a figure that report stated, nor a restatement. Where that report tags another of ``tags`` (the concept's
    chain) at the date, nonzero, the note names it: the amount may be on that line (moved to another line)."""
    out: list[str] = []
    for v in values:
        if v.period_type != "instant" or v.value != 0:
            continue
        end = v.end.isoformat()
        own = sorted(a for a, (_start, e) in facts.calendar.report_ends.items() if e == end)
        if not own:
            continue
        rows = [r for r in ((facts.tag(v.matched_tag) or {}).get("units") or {}).get(v.unit) or () if r[0] is None]
        if any(r[1] == end and r[3] in own for r in rows):
            continue  # its own report tags it: a figure that report stated
        later = sorted((r for r in rows if r[1] == end), key=lambda r: (r[7], r[3]))
        if not later:
            continue
        first = later[0]
        moved = []
        for t in tags:
            mine = ((facts.tag(t) or {}).get("units") or {}).get(v.unit) or () if t != v.matched_tag else ()
            x = next((r[2] for r in mine if r[0] is None and r[1] == end and r[3] == own[-1] and r[2]), None)
            if x is not None:
                moved.append(f"{t} {x:,} {v.unit}")
        out.append(
            f"At {v.end}, {v.matched_tag} 0 is not a figure the period's own report states: {own[-1]} tags no such "
            f"line; later filings give 0 for that date as the comparative of a line they report (first "
            f"{first[3]}, {first[6]} filed {first[7]}): the filer reported none of it then, and the 0 is no "
            "restatement"
            + (
                f"; its own report tags {', '.join(moved)} at that date: the amount may be on that line"
                if moved
                else ""
            )
            + f". Read the balance sheet in {own[-1]} for what it reported."
        )
    return out


def current_debt_beside_once(facts: CompanyFacts, values: list[FactRecord]) -> list[str]:
    """:func:`current_debt_beside` said once for a table's row of VALUES (one per column): one note per reading
    (the noncurrent part; cannot be told) naming each date's line, value and filing, "at every date shown" where it
    applies to each of VALUES (Tesla's DebtCurrent beside LongTermDebt at 2020-12-31 and 2021-12-31); a date
    whose own lines add up to the value gets its one-value note."""
    found = _current_lines_beside(facts, values)
    if len(found) < 2:
        return current_debt_beside(facts, values)
    dated = sorted(found, key=lambda x: x[0].end)
    adds = [x for x in dated if x[0].value >= x[2] and _noncurrent_adding_up(facts, x[0], x[2]) is not None]
    out: list[str] = current_debt_beside(facts, [v for v, _t, _a in adds])
    for part, items in (
        (True, [x for x in dated if x[0].value < x[2]]),
        (False, [x for x in dated if x[0].value >= x[2] and x not in adds]),
    ):
        if len(items) < 2:  # one date: the one-value note
            out += current_debt_beside(facts, [v for v, _t, _a in items])
            continue
        where = (
            f"At every date shown ({', '.join(str(v.end) for v, _t, _a in items)})"
            if len(items) == len(values)
            else f"At {', '.join(str(v.end) for v, _t, _a in items)}"
        )
        tags = list(dict.fromkeys(tag for _v, tag, _a in items))
        one = len(tags) == 1  # the tag named once, not at each date
        each = "; ".join(
            f"{v.end}: {'' if one else tag + ' '}{amount:,} beside {v.value:,} in {v.accession_number}"
            for v, tag, amount in items
        )
        line = f"current debt on its own line{', ' + tags[0] + ',' if one else ''}"
        if part:
            out.append(f"{where}, {WHOLE} is the noncurrent part: the same filing tags {line} larger than it ({each}).")
        else:
            out.append(
                f"{where}, the same filing tags {line} beside {WHOLE} ({each}): whether "
                f"{WHOLE} includes it cannot be told from the XBRL facts; read the balance sheet in the filing."
            )
    return out


# The debt lines an IFRS filer tags on its balance sheet, each in words: never summed (total_debt reads US GAAP
# tags only), named where the filer tags them so that a refusal says what there is to read
IFRS_DEBT_LINES = (
    ("ifrs-full:Borrowings", "the filer's own total of its borrowings"),
    ("ifrs-full:ShorttermBorrowings", "short-term borrowings"),
    ("ifrs-full:CurrentPortionOfLongtermBorrowings", "the current portion of long-term borrowings"),
    ("ifrs-full:LongtermBorrowings", "long-term borrowings"),
    ("ifrs-full:CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued", "bonds due within a year"),
    ("ifrs-full:NoncurrentPortionOfNoncurrentBondsIssued", "bonds due after a year"),
)


# lines read only to show how IFRS debt lines add up, never listed as debt themselves (LPA tags the noncurrent part
# of its borrowings as ifrs-full:NoncurrentPayables)
IFRS_READ_ONLY = ("ifrs-full:NoncurrentPayables",)


def _ifrs_rows(facts: CompanyFacts, tag: str) -> tuple[str | None, dict[tuple[str, str], int | float]]:
    """(unit, {(end, accession): value}) of a tag's balance-sheet values in periodic reports, in the reporting
    currency where tagged in it."""
    units = (facts.tag(tag) or {}).get("units") or {}
    unit = facts.reporting_currency if facts.reporting_currency in units else next(iter(units), None)
    rows = {
        (r[1], r[3]): r[2] for r in units.get(unit or "", ()) if r[0] is None and r[6] in PERIODIC_ANNUAL_OR_INTERIM
    }
    return unit, rows


def ifrs_debt_overlaps(facts: CompanyFacts) -> list[str]:
    """How the IFRS debt lines the company tags hold one another, from its own figures (no filer is named in the
    rule): a line that equals another at some balance-sheet date and is never smaller where the same filing tags
    both includes it (TSMC's ifrs-full:CurrentPortionOfLongtermBorrowings equals its current bonds at 2017-12-31,
    58,401,100,000 TWD in 0001193125-18-121866, and holds them plus bank loans later); a line that is exactly two
    others' sum in one filing includes both (LPA's ifrs-full:LongtermBorrowings 265,885,799 = NoncurrentPayables
    253,248,978 + CurrentPortionOfLongtermBorrowings 12,636,821 at 2024-12-31, 0001997711-25-000030). Each in words,
    saying which lines not to add together."""
    debt = [tag for tag, _what in IFRS_DEBT_LINES]
    found = {tag: _ifrs_rows(facts, tag) for tag in (*debt, *IFRS_READ_ONLY)}
    found = {tag: got for tag, got in found.items() if got[1]}
    out: list[str] = []
    held: set[tuple[str, str]] = set()
    for a in debt:
        if a not in found:
            continue
        unit, big = found[a]
        pairs = [
            (b, c) for b in found for c in found if b < c and a not in (b, c) and found[b][0] == found[c][0] == unit
        ]
        for b, c in pairs:
            bs, cs = found[b][1], found[c][1]
            keys = sorted((k for k in big if k in bs and k in cs and bs[k] and cs[k]), reverse=True)
            exact = [k for k in keys if bs[k] + cs[k] == big[k]]
            if not exact:
                continue
            if c in IFRS_READ_ONLY or (b not in IFRS_READ_ONLY and c < b):
                b, c = c, b  # the read-only line first: it is the other part, named as such
            bs, cs = found[b][1], found[c][1]
            (end, accn), *more = exact
            also = sorted({e for e, _a in more if e != end}, reverse=True)
            part = f" ({b} is the noncurrent line here)" if b in IFRS_READ_ONLY else ""
            out.append(
                f"{a} includes {c}: {b} {bs[(end, accn)]:,} + {c} {cs[(end, accn)]:,} = {a} {big[(end, accn)]:,} "
                f"{unit} at {end} ({accn})"
                + (f", and at {', '.join(also)}" if also else "")
                + part
                + f"; do not add {c} to {a}"
            )
            held |= {(a, b), (a, c)}
    for a in debt:
        for b in debt:
            if a == b or a not in found or b not in found or (a, b) in held or found[a][0] != found[b][0]:
                continue
            (unit, big), small = found[a], found[b][1]
            keys = sorted((k for k in big if k in small and small[k]), reverse=True)
            equal = [k for k in keys if big[k] == small[k]]
            if not equal or any(big[k] < small[k] for k in keys):
                continue
            first, latest = min(equal), keys[0]
            dates = ", ".join(sorted({e for e, _x in equal}))
            if len(equal) == len(keys):  # equal wherever both are tagged: said once, of the pair
                if a < b:
                    out.append(
                        f"{a} and {b} are equal wherever one filing tags both ({dates}; {big[first]:,} {unit} at "
                        f"{first[0]} ({first[1]})): one amount under two tags; do not add both"
                    )
                continue
            out.append(
                f"{a} includes {b}: they are equal at {dates} ({big[first]:,} {unit} at {first[0]} ({first[1]})) "
                f"and it is never smaller where one filing tags both (at {latest[0]}, {big[latest]:,} {unit} against "
                f"{small[latest]:,} {unit}); do not add both"
            )
    return out


def ifrs_debt_lines(facts: CompanyFacts, years: set[int] | None = None, unit: str | None = None) -> list[str]:
    """Each of IFRS_DEBT_LINES the company tags at a balance-sheet date in a periodic report, as "tag value unit
    at end (accession), what it is": at the latest year end of fiscal ``years`` where given (TSMC's FY2019:
    ShorttermBorrowings 118,522,300,000 TWD at 2019-12-31, 0001193125-20-107579), else at its latest date; in
    ``unit`` where the filer tags the line in it (TSMC's USD translations), else the reporting currency."""
    latest: list[tuple[str, str, tuple, str | None]] = []
    ends = {e.isoformat() for e, fy in facts.calendar.labels.items() if fy in years} if years is not None else None
    for tag, what in IFRS_DEBT_LINES:
        units = (facts.tag(tag) or {}).get("units") or {}
        chosen = unit if unit in units else facts.reporting_currency if facts.reporting_currency in units else None
        chosen = chosen or next(iter(units), None)
        rows = [
            r
            for r in units.get(chosen or "", ())
            if r[0] is None and r[6] in PERIODIC_ANNUAL_OR_INTERIM and (ends is None or r[1] in ends)
        ]
        if rows:
            # a year asked: the report of the period ending then (TSMC's FY2019 20-F for 2019-12-31), else the
            # latest filing tagging the date
            own = facts.calendar.report_ends
            best = max(rows, key=lambda r: (r[1], ends is not None and own.get(r[3], ("", ""))[1] == r[1], r[7], r[3]))
            latest.append((tag, what, best, chosen))
    last = max((r[1] for _t, _w, r, _u in latest), default="")
    # a line whose latest date is before the others' says so (TSMC's short-term borrowings end at 2021-12-31)
    return [
        f"{tag} {r[2]:,} {u} at {r[1]} ({r[3]}), {what}"
        + (f", none tagged after {r[1]} (the other lines run to {last})" if r[1] < last else "")
        + (f" (not tagged in {unit}: the filer's own currency)" if unit and u != unit else "")
        for tag, what, r, u in latest
    ]


def ifrs_debt_advice(
    facts: CompanyFacts, name: str, company: str, years: set[int] | None = None, unit: str | None = None
) -> str:
    """What an IFRS filer's total_debt refusal or empty row says: the filer's debt lines (:func:`ifrs_debt_lines`,
    at the years asked, in the unit asked), the lines that hold others, and what to ask for; "" where the company
    tags none of them. One text for the single year, ranges, tables, compare and MCP."""
    lines = ifrs_debt_lines(facts, years, unit) or (ifrs_debt_lines(facts, None, unit) if years else [])
    if not lines:
        return ""
    at = (
        "each at the latest year end asked"
        if years and ifrs_debt_lines(facts, years, unit)
        else "each at its latest date"
    )
    overlaps = ifrs_debt_overlaps(facts)
    return (
        f"{name} reads US GAAP tags only; {company} tags its debt under IFRS on these lines ({at}; edgar does not "
        f"add them): {'; '.join(lines)}."
        + (f" Lines that hold others, by the filer's own figures: {'; '.join(overlaps)}." if overlaps else "")
        + " Ask for each by its tag, and say which lines an answer adds."
    )


IFRS_LONG = "ifrs-full:LongtermBorrowings"
IFRS_TOTAL = "ifrs-full:Borrowings"
IFRS_CURRENT = "ifrs-full:CurrentPortionOfLongtermBorrowings"


def ifrs_current_inside(facts: CompanyFacts, values: list[FactRecord]) -> list[str]:
    """For each balance value of ifrs-full:LongtermBorrowings that its own filing shows to hold the current portion
    (ifrs-full:CurrentPortionOfLongtermBorrowings) at that date: a note that it does, naming the noncurrent line
    where the same filing tags one that plus the current portion equals the value exactly (LPA's
    ifrs-full:NoncurrentPayables 253,248,978 + 12,636,821 = 265,885,799 at 2024-12-31 in 0001997711-25-000030), else
    read from the filer's total (ifrs-full:Borrowings) exceeding the value by less than the current portion (a
    noncurrent part alone plus its current portion would exceed the total; LPA's total 267,216,692 there)."""
    out: list[str] = []
    for v in values:
        if v.matched_tag != IFRS_LONG or v.period_type != "instant":
            continue
        found = {}
        for tag in (IFRS_TOTAL, IFRS_CURRENT, *IFRS_READ_ONLY):
            rows = ((facts.tag(tag) or {}).get("units") or {}).get(v.unit) or ()
            found[tag] = next(
                (r[2] for r in rows if r[0] is None and r[1] == v.end.isoformat() and r[3] == v.accession_number),
                None,
            )
        total, current = found[IFRS_TOTAL], found[IFRS_CURRENT]
        if not current:
            continue
        noncurrent = next(((t, found[t]) for t in IFRS_READ_ONLY if found[t] and found[t] + current == v.value), None)
        by_total = total is not None and total >= v.value and total - v.value < current
        if noncurrent is None and not by_total:
            continue
        why = (
            f"{noncurrent[0]} {noncurrent[1]:,} + {IFRS_CURRENT} {current:,} = {v.value:,} {v.unit} exactly"
            if noncurrent is not None
            else ""
            if total is None
            else f"{IFRS_TOTAL} {total:,} {v.unit} (the filer's total of its borrowings, only {total - v.value:,} "
            f"{v.unit} more) and {IFRS_CURRENT} {current:,} {v.unit}, which the total could not hold beside a "
            "noncurrent part of that size"
        )
        also = (
            f" (its total of borrowings, {IFRS_TOTAL}, is {total:,} {v.unit})"
            if noncurrent is not None and total is not None
            else ""
        )
        what = (
            f"for debt due after a year alone, its noncurrent line: {noncurrent[0]} {noncurrent[1]:,} {v.unit} in "
            f"{v.accession_number} (ask for {noncurrent[0]})"
            if noncurrent is not None
            else "for debt due after a year alone, read the balance sheet in the filing (no noncurrent line the "
            "filing tags adds up to it)"
        )
        out.append(
            f"At {v.end}, {IFRS_LONG} {v.value:,} {v.unit} is not long-term debt alone: it includes its current "
            f"portion, as the same filing, {v.accession_number}, shows: {why}{also}. This long_term_debt figure "
            f"is therefore long-term debt including the current portion; {what}; for all borrowings, "
            f"{IFRS_TOTAL}."
        )
    return out


def build_composite(facts: CompanyFacts, spec: Concept, wanted: str | None):
    """The Series of a composite concept (``spec.composite`` names its rule)."""
    if spec.composite != "total_debt":
        raise ValueError(f"no composite rule {spec.composite!r}")
    return _total_debt(facts, spec, wanted)


def _one_tag(facts: CompanyFacts, spec: Concept, tag: str, wanted: str | None):
    from .series import _build_series

    caveat = next((t.caveat for t in spec.chain if t.tag == tag), "")
    one = Concept(tag, tag, "", spec.kind, spec.unit, (), (TagSpec(tag, caveat),))
    return _build_series(facts, one, wanted)


def _total_debt(facts: CompanyFacts, spec: Concept, wanted: str | None):
    from .series import Series

    tags = [t.tag for t in spec.chain]
    missing = {NONCURRENT, CONVERTIBLE_NONCURRENT, WHOLE, SHORT_TERM, PAPER, OTHER_SHORT, *CURRENT_LINES} - set(tags)
    if missing:
        raise ValueError(f"{spec.name}'s chain lacks {sorted(missing)}")  # concepts.toml and the rule disagree
    parts = {tag: _one_tag(facts, spec, tag, wanted) for tag in tags}
    out = Series()
    out.units_available = sorted({u for s in parts.values() for u in s.units_available})
    lead = parts[NONCURRENT].unit or parts[WHOLE].unit or parts[CURRENT].unit
    if wanted is None and lead is not None:  # one unit for every part: the long-term debt's
        parts = {tag: s if s.unit in (None, lead) else _one_tag(facts, spec, tag, lead) for tag, s in parts.items()}
    out.unit = lead
    for s in parts.values():
        out.ignored_forms.update({f: out.ignored_forms.get(f, 0) + n for f, n in s.ignored_forms.items()})
        out.ignored_periods.update({k: out.ignored_periods.get(k, 0) + n for k, n in s.ignored_periods.items()})
    at: dict[str, dict[date, FactRecord]] = {
        tag: {v.end: v for v in s.values if v.period_type == "instant"} for tag, s in parts.items()
    }
    used: dict[str, int] = dict.fromkeys(tags, 0)
    unsummed: list[tuple[date, FactRecord, FactRecord | None]] = []
    # a date with a current debt line and no long-term line (NVIDIA's convertible notes alone at 2016-05-01) is
    # named as not summed, never dropped: a total of the current debt alone would guess there is no other debt
    long_ends = set(at[NONCURRENT]) | set(at[WHOLE]) | set(at[CONVERTIBLE_NONCURRENT])
    current_only = {e for t in CURRENT_LINES for e, v in at[t].items() if v.value} - long_ends
    ends = sorted(long_ends | current_only, reverse=True)
    proofs = _lease_proofs(facts, lead) if lead else {}
    lease_ends = {
        r[1] for r in ((facts.tag(DEBT_AND_LEASES) or {}).get("units", {}).get(lead or "", ())) if r[0] is None
    }
    raw = {tag: _instant_rows(facts, tag, parts[tag].unit or lead) for tag in tags}
    scaled = _scale_errors(parts)
    for end in ends:
        accn = _presenting_filing(facts, raw, end.isoformat(), {a for e, a in scaled if e == end})
        skipped = _scale_skipped(scaled, end, accn)
        here = {tag: _in_filing(facts, tag, parts[tag].unit or lead, raw[tag], end, accn) for tag in tags}
        n, c, whole = here[NONCURRENT], here[CURRENT], here[WHOLE]
        if n is None and whole is None:
            n = here[CONVERTIBLE_NONCURRENT]  # the noncurrent part where no other long-term line is tagged
        zero = None  # a LongTermDebtNoncurrent of 0 beside the convertible notes: the notes are the noncurrent debt
        if n is not None and not n.value and whole is None and (conv := here[CONVERTIBLE_NONCURRENT]) is not None:
            zero, n = n, conv
        # a current-debt line of 0 leaves nothing to be in or out of LongTermDebt
        current_line = next((v for t in CURRENT_LINES if (v := here[t]) is not None and v.value), None)
        summed: list[FactRecord] = []
        untagged: list[str] = []
        basis, names = "", NAMES
        proof = proofs.get((end.isoformat(), accn or "")) if n is None and whole is not None else None
        if n is None and whole is None:
            lone = current_line or next(
                (v for t in CURRENT_LINES if (v := at[t].get(end)) is not None and v.value), None
            )
            if lone is None:  # a current line of 0 where no long-term line is tagged: no debt tagged, nothing to sum
                continue
            unsummed.append((end, lone, None))
            rows = _instant_rows(facts, DEBT_AND_LEASES, lone.unit)
            with_leases = _in_filing(facts, DEBT_AND_LEASES, lone.unit, rows, end, lone.accession_number)
            out.unsummed.append(
                _unsummed(end, lone, None, False)
                if with_leases is None
                else _lone_beside_leases(facts, end, lone, with_leases)
            )
            continue
        if n is not None and c is not None:
            summed += [n, c]
        elif zero is not None and n is not None and (cc := _convertible_current(here)) is not None:
            summed += [n, cc]
            names = PROVEN_NAMES
            basis = (
                f"the convertible debt is the long-term debt by the filing's own lines: in {accn}, {NONCURRENT} is "
                f"0 and {n.matched_tag} {n.value:,} its noncurrent part, {cc.matched_tag} {cc.value:,} its current"
            )
        elif n is not None and whole is not None and (made := _current_making_whole(here, n, whole)) is not None:
            summed += [n, made]
            names = PROVEN_NAMES
            basis = (
                f"{made.matched_tag} is the current portion of long-term debt by the filing's own lines: in "
                f"{accn}, {NONCURRENT} {n.value:,} + {made.matched_tag} {made.value:,} = {WHOLE} {whole.value:,}"
            )
        elif whole is not None and current_line is None and not (not whole.value and zero_comparatives(facts, [whole])):
            summed.append(whole)
        elif whole is not None and current_line is not None and (held := _whole_holds(here, whole, current_line)):
            summed.append(whole)  # the filing's own noncurrent and current lines add to it: it is the whole
            basis, names = held, NAMES
        elif whole is not None and proof is not None and (proven := here[proof[0]]) is not None:
            summed += [whole, proven]
            basis, names = proof[1], PROVEN_NAMES
        else:
            long_line = n or whole
            assert long_line is not None  # every end is a date of at[NONCURRENT] or at[WHOLE]
            unsummed.append((end, long_line, current_line))
            gap = _unsummed(
                end,
                long_line,
                current_line,
                end.isoformat() in lease_ends,
                here,
                _lease_mismatch(facts, lead, end, accn, long_line, current_line) if lead else "",
            )
            later_zero = zero_comparatives(facts, [long_line])
            if later_zero and len(gap.found) == 1:  # a 0 only later filings give: never "the whole of the debt"
                gap = replace(
                    gap,
                    why=f"a total would rest on {later_zero[0].split(', ', 1)[1].replace(' 0 is not ', ' 0, which is not ', 1).rstrip('.')}; a total of 0 would guess that the filer had no other debt then",
                )
            out.unsummed.append(replace(gap, why=f"{gap.why}; {skipped}") if skipped else gap)
            continue
        short = here[SHORT_TERM]
        if short is not None:
            summed.append(short)
        else:
            untagged.append(f"{NAMES[SHORT_TERM]} ({SHORT_TERM})")
            for tag in (PAPER, OTHER_SHORT):
                v = here[tag]
                if v is not None:
                    summed.append(v)
                else:
                    untagged.append(f"{NAMES[tag]} ({tag})")
        elsewhere = (
            _short_lines_elsewhere(raw, end, accn, summed) + _later(summed, at, end) + ([skipped] * bool(skipped))
        )
        for v in summed:
            used[v.matched_tag] += 1
        out.values.append(_sum(summed, untagged, basis, names, elsewhere))
    out.values.sort(key=lambda v: v.end, reverse=True)
    out.tags_tried = _tried(parts, used, unsummed)
    return out


def unsummed_note(name: str, gaps: list) -> str:
    """The note on a composite's dates not summed (``gaps``: Unsummed, those of the values shown), counted and
    dated, once per table: each kind of reason with its dates (Tesla's total_debt: us-gaap:LongTermDebt beside
    us-gaap:DebtCurrent with no line to show whether it holds it, 2019-03-31 to 2022-09-30; the filing's
    debt-and-lease lines not adding up with them, as at 2017-12-31 in 0001564590-18-002956), and what to do:
    said only where the values shown reach those dates."""
    first, latest = min(g.end for g in gaps), max(g.end for g in gaps)
    # a current line beside the debt-and-lease line is not alone (_lone_beside_leases)
    lone = sorted(g.end for g in gaps if len(g.found) == 1 and g.found[0].matched_tag in CURRENT_LINES)
    unsettled = sorted(g.end for g in gaps if g.kind == UNSETTLED)
    disagree = sorted((g for g in gaps if g.kind == DISAGREE), key=lambda g: g.end)
    told = set(unsettled) | {g.end for g in disagree} | set(lone)
    rest = sorted(g.end for g in gaps if g.end not in told)
    said: list[str] = []
    if unsettled:
        said.append(
            f"at {_dates(unsettled)}, {WHOLE} stands beside a current-debt line and the filing tags no line that "
            "shows whether it includes it (the taxonomy says it does; some filers use it for the noncurrent part "
            "only), so a sum could count the current debt twice"
        )
    if disagree:
        example = disagree[-1].why.split("do not add up with these lines: ", 1)[-1].split(", so at least one")[0]
        said.append(
            f"at {_dates([g.end for g in disagree])}, the filing's debt-and-lease lines do not add up with its "
            f"{WHOLE} and current-debt line ({example}): at least one line is not what its tag says, and a sum "
            "would carry the difference"
        )
    if rest:
        said.append(f"at {_dates(rest)}, the long-term debt lines do not say whether the current portion is in them")
    if lone:
        said.append(f"at {_dates(lone)}, only a current debt line is tagged")
    return (
        f"{name} is not summed at {len(gaps)} balance-sheet date(s) from {first} to {latest}: "
        + "; ".join(said)
        + " (tags_tried says which lines and why). Read those dates' debt on the balance sheet in the filing; "
        f"to add the lines yourself, ask for each by its tag ({WHOLE} and the current-debt line) and add them only "
        "where the balance sheet shows the long-term line leaves the current portion out."
    )


def _dates(ends: list[date]) -> str:
    """One date, a few dates, or a span: "2017-12-31", "2016-12-31 and 2017-12-31", "8 dates from ... to ..."."""
    if len(ends) == 1:
        return str(ends[0])
    if len(ends) <= 3:
        return ", ".join(str(e) for e in ends[:-1]) + f" and {ends[-1]}"
    return f"{len(ends)} dates from {ends[0]} to {ends[-1]}"


def _convertible_current(here: dict[str, FactRecord | None]) -> FactRecord | None:
    """The current part of convertible debt the filing tags at the date (us-gaap:ConvertibleDebtCurrent, else
    us-gaap:ConvertibleNotesPayableCurrent), or None."""
    return next((v for t in (CONVERTIBLE_DEBT_CURRENT, CONVERTIBLE_CURRENT) if (v := here[t]) is not None), None)


def _current_making_whole(here: dict[str, FactRecord | None], n: FactRecord, whole: FactRecord) -> FactRecord | None:
    """A current-debt line (CURRENT_LINES, leases excepted) that the same filing's noncurrent part adds to exactly
    its us-gaap:LongTermDebt: then it is the current portion, whatever its tag (NVIDIA's 10-Q 0001045810-20-000189
    at 2020-10-25: LongTermDebtNoncurrent 5,963,000,000 + DebtCurrent 998,000,000 = LongTermDebt 6,961,000,000,
    with no LongTermDebtCurrent). None where none does."""
    if n.accession_number != whole.accession_number:
        return None
    for tag in CURRENT_LINES:
        v = here[tag]
        if tag != LEASE_DEBT_CURRENT and v is not None and v.value and n.value + v.value == whole.value:
            return v
    return None


def _whole_holds(here: dict[str, FactRecord | None], whole: FactRecord, current: FactRecord) -> str:
    """In words, how the filing's own lines show its us-gaap:LongTermDebt includes the current-debt line beside it:
    a noncurrent line of the same filing (zero allowed) plus that current line equals it exactly (NVIDIA's 10-K
    0001045810-16-000205 at 2016-01-31: ConvertibleDebtNoncurrent 0 + ConvertibleDebtCurrent 1,413,000,000 =
    LongTermDebt 1,413,000,000). "" where no line does."""
    for tag in (NONCURRENT, CONVERTIBLE_NONCURRENT):
        n = here[tag]
        if (
            n is not None
            and n.accession_number == whole.accession_number == current.accession_number
            and n.value + current.value == whole.value
        ):
            return (
                f"{WHOLE} includes the current debt by the filing's own lines: in {whole.accession_number}, {tag} "
                f"{n.value:,} + {current.matched_tag} {current.value:,} = {WHOLE} {whole.value:,}"
            )
    return ""


def _instant_rows(facts: CompanyFacts, tag: str, unit: str | None) -> dict[str, list[tuple]]:
    """A tag's balance-sheet rows in ``unit`` from periodic reports, by end date (ISO)."""
    got: dict[str, list[tuple]] = {}
    for r in ((facts.tag(tag) or {}).get("units") or {}).get(unit or "", ()):
        if r[0] is None and r[6] in PERIODIC:
            got.setdefault(r[1], []).append(r)
    return got


def _scale_errors(parts: dict) -> dict[tuple[date, str], str]:
    """(balance-sheet date, accession) -> the parts' tags a filing reported there at a scale later filings
    corrected (flag_scale's "a scale error in that filing, corrected since": Tesla's FY2016 10-K
    0001564590-17-003118 tags LongTermDebt 5,892,016 and DebtCurrent 1,114,652 at 2016-12-31, later filings
    5,892,016,000 and 1,114,652,000)."""
    out: dict[tuple[date, str], str] = {}
    for tag, s in parts.items():
        for v in s.values:
            for e in v.suspected_errors:
                if e.kind == "scale" and v.period_type == "instant" and e.accession_number == v.original_accession:
                    key = (v.end, e.accession_number)
                    out[key] = f"{out[key]}, {tag} {e.value:,}" if key in out else f"{tag} {e.value:,}"
    return out


def _scale_skipped(scaled: dict[tuple[date, str], str], end: date, accn: str | None) -> str:
    """In words, the filings passed over at ``end`` for a scale error, and the filing whose lines are used."""
    skipped = [(a, lines) for (e, a), lines in scaled.items() if e == end and a != accn]
    return "; ".join(
        f"{a}'s lines for {end} ({lines}) are not used: a scale error in that filing, corrected since"
        + (f"; the lines are {accn}'s" if accn else "")
        for a, lines in skipped
    )


def _presenting_filing(
    facts: CompanyFacts,
    raw: dict[str, dict[str, list[tuple]]],
    end: str,
    avoid: frozenset[str] | set[str] = frozenset(),
) -> str | None:
    """The one filing whose balance sheet gives a date's debt lines: the report of the period that ends that day
    (the 10-K for a year end; its latest amendment), else the latest filing that tags long-term debt there.
    Every part of the total comes from it: parts from different filings may be one line under two tags. A filing
    in ``avoid`` (its lines there at a scale later filings corrected, _scale_errors) is passed over where another
    tags the date."""
    rows = [r for tag in (NONCURRENT, WHOLE) for r in raw[tag].get(end, ())]
    # no long-term line: the noncurrent convertible notes' filing, else the current debt lines' (named, not summed)
    for tags in ((CONVERTIBLE_NONCURRENT,), CURRENT_LINES):
        rows = rows or [r for tag in tags for r in raw[tag].get(end, ())]
    rows = [r for r in rows if r[3] not in avoid] or rows
    if not rows:
        return None
    own = [r for r in rows if facts.calendar.report_ends.get(r[3], ("", ""))[1] == end]
    return max(own or rows, key=filing_order)[3]


def _in_filing(
    facts: CompanyFacts,
    tag: str,
    unit: str | None,
    rows: dict[str, list[tuple]],
    end: date,
    accn: str | None,
) -> FactRecord | None:
    """The tag's value at ``end`` as the filing ``accn`` reports it, or None where that filing does not tag it. A
    later filing's revision of it is said beside the total (_later), never mixed in."""
    from .series import fact_value

    mine = [r for r in rows.get(end.isoformat(), ()) if r[3] == accn]
    if not mine or unit is None:
        return None
    return fact_value(facts, facts.calendar, tag, unit, mine[-1:])


def _later(summed: list[FactRecord], at: dict[str, dict[date, FactRecord]], end: date) -> list[str]:
    """Each part a later filing reports at another amount for the same date, in words (the total stays the
    presenting filing's: a later filing's lines are not mixed into it)."""
    out: list[str] = []
    for v in summed:
        last = at[v.matched_tag].get(end)
        if last is not None and last.accession_number != v.accession_number and not _rounds_to(v.value, last.value):
            out.append(f"{v.matched_tag} is {last.value:,} in the later {last.form} {last.accession_number}")
    return out


def _rounds_to(value: float | int, later: float | int) -> bool:
    """Whether ``later`` is ``value`` rounded to the step its own trailing zeros show (a later filing in millions)."""
    step = 1
    while step < 10**9 and later and later % (step * 10) == 0:
        step *= 10
    return round(value / step) * step == later


def _short_lines_elsewhere(
    raw: dict[str, dict[str, list[tuple]]], end: date, accn: str | None, summed: list[FactRecord]
) -> list[str]:
    """Short-term debt lines other filings tag at ``end`` under a tag the presenting filing does not use there:
    never added (one balance-sheet line may carry another tag in a later filing), each said in words."""
    shown = {v.matched_tag: v for v in summed}
    out: list[str] = []
    for tag in (SHORT_TERM, PAPER, OTHER_SHORT):
        if tag in shown:
            continue
        others = sorted((r for r in raw[tag].get(end.isoformat(), ()) if r[3] != accn and r[2]), key=filing_order)
        if not others:
            continue
        r = others[-1]
        same = next((v for v in summed if v.matched_tag in (SHORT_TERM, PAPER, OTHER_SHORT) and v.value == r[2]), None)
        why = (
            f"the same amount as this filing's {NAMES[same.matched_tag]} ({same.matched_tag}): one line under another tag"
            if same is not None
            else f"{accn} does not tag it for that date; read both filings' balance sheets to see whether it is debt"
            " the total leaves out"
        )
        out.append(f"{tag} {r[2]:,} in {r[3]} ({r[6]}) is not added: {why}")
    return out


def _lease_proofs(facts: CompanyFacts, unit: str) -> dict[tuple[str, str], tuple[str, str]]:
    """LEASE_PROOF per (balance-sheet date (ISO), accession): the current debt line's tag and, in words, how that
    filing's own figures show us-gaap:LongTermDebt is the noncurrent debt there. Each identity is exact within one
    filing."""

    def rows(tag: str) -> dict[tuple[str, str], int | float]:
        body = facts.tag(tag)
        got: dict[tuple[str, str], int | float] = {}
        for r in (body or {}).get("units", {}).get(unit, ()):  # (start, end, val, accn, fy, fp, form, filed, frame)
            if r[0] is None and r[6] in PERIODIC:
                got[(r[1], r[3])] = r[2]
        return got

    totals, totals_current = rows(DEBT_AND_LEASES), rows(LEASE_DEBT_CURRENT)
    if not totals or not totals_current:
        return {}
    whole = rows(WHOLE)
    leases = {t: rows(t) for t in (*LEASES_NONCURRENT, *LEASES_CURRENT)}
    currents = {t: rows(t) for t in (CURRENT, DEBT_CURRENT)}
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for key in totals:
        end, accn = key
        w, total, total_current = whole.get(key), totals[key], totals_current.get(key)
        if w is None or total_current is None:
            continue
        nc = next((t for t in LEASES_NONCURRENT if key in leases[t] and w + leases[t][key] == total), None)
        if nc is None:
            continue
        for cur_tag, cur_rows in currents.items():
            cur = cur_rows.get(key)
            lc = next(
                (
                    t
                    for t in LEASES_CURRENT
                    if cur is not None and key in leases[t] and cur + leases[t][key] == total_current
                ),
                None,
            )
            if cur is None or lc is None:
                continue
            out[key] = (
                cur_tag,
                f"{WHOLE} is the noncurrent debt and {cur_tag} its current part by the filing's own lines: in {accn}, "
                f"{WHOLE} {w:,} + {nc} {leases[nc][key]:,} = {DEBT_AND_LEASES} {total:,} and {cur_tag} {cur:,} + "
                f"{lc} {leases[lc][key]:,} = {LEASE_DEBT_CURRENT} {total_current:,} (leases not included)",
            )
            break
    return out


def _lone_beside_leases(facts: CompanyFacts, end: date, lone: FactRecord, with_leases: FactRecord):
    """Why ``end``'s debt is not summed where the only long-term line the filing tags there is its noncurrent
    debt with finance leases (us-gaap:LongTermDebtAndCapitalLeaseObligations): the lines, what their sum would
    include, and the lease lines the same filing tags (Tesla's 10-K 0001564590-16-013195 at 2015-12-31: 2,040,375,000
    beside the current 633,166,000, with finance leases of 17,222,000 and 15,451,000)."""
    from .series import Unsummed

    leases = []
    for tag in (*LEASES_NONCURRENT, *LEASES_CURRENT):
        rows = _instant_rows(facts, tag, lone.unit).get(end.isoformat(), ())
        r = next((r for r in rows if r[3] == lone.accession_number), None)
        if r is not None:
            leases.append(f"{tag} {r[2]:,}")
    total = with_leases.value + lone.value
    held = (
        f"; the same filing tags its finance leases as {' and '.join(leases)}, but edgar subtracts no line"
        if leases
        else "; the filing tags no finance lease line to tell them apart"
    )
    return Unsummed(
        end,
        (lone, with_leases),
        (NONCURRENT, WHOLE),
        f"its long-term line there, {DEBT_AND_LEASES} (noncurrent debt with finance leases), and {lone.matched_tag} "
        f"add to {total:,}, debt with finance leases, which total_debt leaves out{held}: read the debt without "
        "leases on the balance sheet or in the debt note of the filing",
    )


def _beside_noncurrent(long_line: FactRecord, others: list[FactRecord]) -> str:
    """Why a noncurrent debt line is not summed beside the other debt lines its filing tags at the date (current
    debt not tagged as us-gaap:LongTermDebtCurrent, another noncurrent line), in words: each line, a line equal
    to it to its rounding (one amount perhaps tagged twice: Tesla's LongTermDebtNoncurrent 593,700,000 beside
    ConvertibleDebtCurrent 593,712,000 in 0001193125-14-303175), and what cannot be told."""
    cur = [v for v in others if v.matched_tag in CURRENT_LINES]
    non = [v for v in others if v.matched_tag not in CURRENT_LINES]
    same = next((v for v in cur if abs(v.value - long_line.value) <= 0.001 * abs(long_line.value)), None)
    said: list[str] = []
    if cur:
        said.append(
            "the same filing tags its current debt as "
            + " and ".join(f"{v.matched_tag} {v.value:,}" for v in cur)
            + f", not as {CURRENT}"
        )
    if same is not None:
        said.append(
            f"{long_line.matched_tag} {long_line.value:,} equals, to its rounding, {same.matched_tag} {same.value:,}: "
            "the two may be one amount tagged twice (current debt tagged as noncurrent too), so adding them could "
            "count it twice"
        )
    elif cur:
        said.append(
            f"whether {' and '.join(v.matched_tag for v in cur)} is the current portion of this long-term debt or "
            "other debt cannot be told from the XBRL facts"
        )
    if non:
        said.append(
            "it also tags "
            + " and ".join(f"{v.matched_tag} {v.value:,}" for v in non)
            + f" beside {long_line.matched_tag}: whether one holds the other cannot be told from the XBRL facts"
        )
    return (
        "; ".join(said)
        + "; a total would guess which of these lines are the debt (read the balance sheet in the filing)"
    )


def _unsummed(
    end: date,
    long_line: FactRecord,
    current_line: FactRecord | None,
    lease_lines_tagged: bool,
    here: dict[str, FactRecord | None] | None = None,
    mismatch: str = "",
):
    """Why ``end``'s debt is not summed, as data: the lines found there (with every other debt line the same
    filing tags at the date, ``here``) and the ones that would settle it; ``mismatch``: how the same filing's
    debt-and-lease lines fail to add up with them (:func:`_lease_mismatch`), where they are tagged."""
    from .series import Unsummed

    others = [
        v
        for t in (*CURRENT_LINES, NONCURRENT, CONVERTIBLE_NONCURRENT)
        if (v := (here or {}).get(t)) is not None and v is not long_line and v.value
    ]
    if long_line.matched_tag in (NONCURRENT, CONVERTIBLE_NONCURRENT) and others:
        return Unsummed(end, (long_line, *others), (CURRENT,), _beside_noncurrent(long_line, others))

    if long_line.matched_tag in CURRENT_LINES:
        return Unsummed(
            end,
            (long_line,),
            (NONCURRENT, WHOLE),
            "a total of the current debt alone would guess there is no other debt (the filing's balance sheet says "
            "whether it is the whole)",
        )
    if long_line.matched_tag in (NONCURRENT, CONVERTIBLE_NONCURRENT):
        return Unsummed(
            end,
            (long_line,),
            (CURRENT,),
            "a total of the noncurrent part alone would guess that there is no current portion"
            + (
                f" (it is the whole of the debt the filer tags there, long_term_debt's answer, {long_line.value:,})"
                if long_line.matched_tag == CONVERTIBLE_NONCURRENT
                else ""
            ),
        )
    if current_line is None:  # LongTermDebt alone is unsummed only as a 0 later filings give (the caller says so)
        return Unsummed(end, (long_line,), (NONCURRENT, CURRENT), "")
    return Unsummed(
        end,
        (long_line, current_line),
        # the debt-and-lease lines settle it where they add up (LEASE_PROOF); named missing only where untagged
        (NONCURRENT, CURRENT) if lease_lines_tagged else (NONCURRENT, CURRENT, DEBT_AND_LEASES),
        f"whether {WHOLE} includes the current debt cannot be told from the XBRL facts (the taxonomy says it does; some filers, Tesla among them, use it for the noncurrent part only)"
        + (
            f"; the same filing's debt-and-lease lines do not settle it, for they do not add up with these lines: "
            f"{mismatch}, so at least one line there is not what its tag says and a sum would carry the difference"
            if mismatch
            else f"; the filing tags no debt-and-lease line ({DEBT_AND_LEASES} and its current part) that would show it"
        ),
        DISAGREE if mismatch else UNSETTLED,
    )


def _lease_mismatch(
    facts: CompanyFacts, unit: str, end: date, accn: str | None, whole: FactRecord, current: FactRecord | None
) -> str:
    """In words, how the filing ACCN's debt-and-lease lines at END fail LEASE_PROOF's identities with its
    us-gaap:LongTermDebt WHOLE and current-debt line CURRENT (Tesla's 10-K 0001564590-18-002956 at 2017-12-31:
    LongTermDebt 8,828,985,000 + CapitalLeaseObligationsNoncurrent 589,334,000 = 9,418,319,000, not
    LongTermDebtAndCapitalLeaseObligations 9,415,700,000; DebtCurrent 799,849,000 + CapitalLeaseObligationsCurrent
    96,700,000 = 896,549,000, not LongTermDebtAndCapitalLeaseObligationsCurrent 796,549,000); "" where that filing
    tags no debt-and-lease line there with a lease line beside it, or WHOLE is not us-gaap:LongTermDebt."""
    if whole.matched_tag != WHOLE or current is None or accn is None:
        return ""

    def line(tag: str) -> int | None:
        rows = _instant_rows(facts, tag, unit).get(end.isoformat(), ())
        r = next((r for r in rows if r[3] == accn), None)
        return None if r is None else r[2]

    said: list[str] = []
    for total_tag, value, lease_tags in (
        (DEBT_AND_LEASES, whole, LEASES_NONCURRENT),
        (LEASE_DEBT_CURRENT, current, LEASES_CURRENT),
    ):
        total = line(total_tag)
        if total is None or value.matched_tag == total_tag:
            continue
        lease = next(((t, x) for t in lease_tags if (x := line(t)) is not None), None)
        if lease is not None and value.value + lease[1] != total:  # no lease line: nothing to check, nothing said
            said.append(
                f"{value.matched_tag} {value.value:,} + {lease[0]} {lease[1]:,} = {value.value + lease[1]:,}, not "
                f"{total_tag} {total:,}"
            )
    return f"in {accn} at {end}, " + "; ".join(said) if said else ""


def _sum(
    summed: list[FactRecord],
    untagged: list[str],
    basis: str = "",
    names: dict[str, str] = NAMES,
    said: list[str] | None = None,
) -> FactRecord:
    """One date's total: the parts (all from one filing), that filing, a formula naming each part and each untagged
    one, ``basis``: what shows the parts are what they are named, where their tags alone do not (LEASE_PROOF), and
    ``said``: other filings' lines for the date, named and not added."""
    latest = max(summed, key=lambda v: (v.filed, v.accession_number))
    total = sum(v.value for v in summed)
    total = int(total) if isinstance(total, float) and total.is_integer() else total
    formula = " + ".join(
        f"{names[v.matched_tag]} {v.value:,} ({v.matched_tag}, {v.accession_number}{_revised(v)})" for v in summed
    )
    formula += f" = {total:,}"
    if untagged:
        formula += f"; not tagged for {latest.end} in {latest.accession_number}, counted as none: " + ", ".join(
            untagged
        )
    if basis:
        formula += f"; {basis}"
    if said:
        formula += "; " + "; ".join(said)
    return replace(
        latest,
        value=total,
        matched_tag=" + ".join(v.matched_tag for v in summed),
        restated=False,
        original_value=None,
        original_filed=None,
        original_accession=None,
        original_form=None,
        distinct_values=1,
        revision_kind=None,
        pre_split_ratio=None,
        pre_reverse_split_ratio=None,
        suspected_errors=[],
        components=[_component(v) for v in summed],
        formula=formula,
    )


def _component(v: FactRecord) -> ComponentRecord:
    return ComponentRecord(
        matched_tag=v.matched_tag,
        value=v.value,
        unit=v.unit,
        end=v.end,
        fiscal_year=v.fiscal_year,
        fiscal_period=v.fiscal_period,
        filed=v.filed,
        form=v.form,
        accession_number=v.accession_number,
        restated=v.restated,
        original_value=v.original_value,
        original_accession=v.original_accession,
        revision_kind=v.revision_kind,
        filing_url=v.filing_url,
    )


def _revised(v: FactRecord) -> str:
    """A part revised after it was first reported says so in the formula (its own record has the rest)."""
    if not v.restated or v.original_value is None or v.original_value == v.value:
        return ""
    return f"; {v.revision_kind or 'revised'}: first {v.original_value:,} in {v.original_accession}"


def _tried(parts: dict, used: dict[str, int], unsummed: list[tuple[date, FactRecord, FactRecord | None]]) -> list:
    """tags_tried of the sum: each part's own record, with how many dates it entered and, on the long-term debt tag
    of each date not summed, why."""
    out: list[TagTriedRecord] = []
    for tag, s in parts.items():
        rec = next((t for t in s.tags_tried if t.tag == tag), None)
        if rec is None or rec.status != "used":
            out.append(rec or TagTriedRecord(tag=tag, status="not_reported"))
            continue
        detail = ""
        if tag in CURRENT_LINES[1:] and used.get(tag):
            # added where the filing's own lines show it is the current portion (the zero-noncurrent convertible
            # rule, _current_making_whole, LEASE_PROOF): said, never "never added" (Tesla's DebtCurrent at 2018-12-31)
            detail = (
                f"added at {used[tag]} date(s) as the current portion of long-term debt, where the filing's own "
                "lines show it is (each total's formula says how); elsewhere read only to tell whether "
                "us-gaap:LongTermDebt is the whole of the debt"
            )
        elif tag in CURRENT_LINES[1:]:
            detail = "added at no date here: read only to tell whether us-gaap:LongTermDebt is the whole of the debt"
        mine = [(end, v, cur) for end, v, cur in unsummed if v.matched_tag == tag]
        if tag == WHOLE and mine:
            # a whole-debt date goes unsummed only beside a current-debt line, so cur is never None here
            beside = [(end, v, cur) for end, v, cur in mine[:3] if cur is not None]
            shown = "; ".join(f"{end}: {v.value:,} beside {cur.matched_tag} {cur.value:,}" for end, v, cur in beside)
            more = f" and {len(mine) - 3} more" if len(mine) > 3 else ""
            detail = (
                f"{len(mine)} date(s) not summed ({shown}{more}): with no us-gaap:LongTermDebtNoncurrent beside "
                "them, whether this tag includes the current debt cannot be told from the XBRL facts (the taxonomy "
                "says it does; some filers use it for the noncurrent part only). Read the balance sheet in the "
                "filing, or ask for the tags themselves."
            )
        if tag == NONCURRENT and mine:
            shown = "; ".join(
                f"{end}: {v.value:,}" + (f" beside {cur.matched_tag} {cur.value:,}" if cur is not None else "")
                for end, v, cur in mine[:3]
            )
            more = f" and {len(mine) - 3} more" if len(mine) > 3 else ""
            named = any(cur is not None for _e, _v, cur in mine)
            detail = (
                f"{len(mine)} date(s) not summed ({shown}{more}): no current portion (us-gaap:LongTermDebtCurrent) "
                "is tagged beside them"
                + (
                    "; where another current debt line is (named), whether it is the current portion, or the same "
                    "amount tagged twice, cannot be told from the XBRL facts"
                    if named
                    else ", and a total without it would guess it is none"
                )
                + ". Read the balance sheet in the filing."
            )
        out.append(
            TagTriedRecord(
                tag=tag,
                status="used" if used.get(tag) else "not_used",
                detail=detail,
                periods=used.get(tag, 0),
                latest_end=rec.latest_end,
            )
        )
    return out

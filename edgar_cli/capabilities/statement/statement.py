"""get_financial_series and get_financial_statement: several concepts by fiscal period, from one request.

Rows are catalogue concepts, columns the company's fiscal periods (its own
labels, oldest first). Every cell is the concept engine's value for that
period (xbrl/series.py: per-period tag fallback, latest-filed value with the
original kept, split flags), selected as get_financial_concept selects it
(period_filter); a period the company does not report is an absent cell with a
reason, never a zero, and nothing is computed to fill a row. Q4 and trailing
twelve months are derived only on request (xbrl/derive.py), each derived cell
naming its formula and operands.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Annotated, Literal, cast

from pydantic import Field

from ...companies import successors
from ...errors import EdgarError
from ...models.companies import CompanyRef
from ...sec.client import SecClient, get_client
from ...sec.companyfacts import (
    facts_end,
    is_inside_note,
    known_on,
    lacking_years,
    load_company_facts,
    span_coverage_note,
)
from ...vocabulary import param
from ...xbrl import derive as D
from ...xbrl import pointintime as PIT
from ...xbrl.answer import (
    SOURCE,
    apart_in_year,
    describe_unsummed,
    tags_before_facts,
    unsummed_in,
    unsummed_suggestion,
    validate_fiscal_year,
)
from ...xbrl.catalogue import Concept, lookup
from ...xbrl.composite import (
    current_debt_beside_once,
    ifrs_current_inside,
    ifrs_debt_advice,
    noncurrent_matching_current,
    unsummed_note,
    zero_comparatives,
)
from ...xbrl.facts import CompanyFacts
from ...xbrl.notes import TAGS_APART, beside_lines, revisions_unseen, tags_apart_warning
from ...xbrl.notes import describe_values as _describe
from ...xbrl.periods import period_filter, runs_in_words
from ...xbrl.presets import preset
from ...xbrl.records import FactRecord
from ...xbrl.series import Series, build_series, currency_note, split_dates, translation_notes, unit_family
from ..arguments import DEFAULT_LIMIT, MAX_LIMIT, check_between, parse_fiscal_years
from ..concept.concept import data_source_of, fact_model, get_financial_concept
from ..concept.model import ConceptResult
from ..resolve.resolve import resolve_company
from . import MAX_CONCEPTS, MAX_LAST
from .model import (
    ConceptSeriesResult,
    DeriveKind,
    StatementCell,
    StatementColumn,
    StatementResult,
    StatementRow,
    cell_basis,
)

DEFAULT_LAST = {"annual": 5, "quarterly": 8}
QUARTERS = ("Q1", "Q2", "Q3", "Q4")
ORDER = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "FY": 5, "TTM": 6}

_NO_QUARTERS = " (a 20-F or 40-F filer reports its quarters on 6-K, whose figures are not in companyfacts)"

TablePeriod = Literal["annual", "quarterly"]
StatementName = Literal["income", "balance", "cashflow"]

_Company = Annotated[str, Field(description="Ticker, CIK or company name, e.g. NVDA, 1045810, NVIDIA")]
_FiscalYears = Annotated[
    int | str | None,
    Field(
        description='A fiscal year by the company\'s own label (2024) or an inclusive range ("2020..2024"); '
        "default: the latest"
    ),
]
_Last = Annotated[
    int | None,
    Field(
        description="The latest N fiscal periods (years when annual, quarters when quarterly), counted as periods, "
        "not as values: a period with no value in it (not reported, or lines not summable) is an empty column whose "
        "cell says why, and a note names those periods; default 5 years or 8 quarters without fiscal_year"
    ),
]
_Period = Annotated[TablePeriod, Field(description="annual (fiscal years) or quarterly (fiscal quarters)")]
_Unit = Annotated[
    str | None,
    Field(
        description="A currency to read monetary rows in, e.g. USD for a foreign filer's "
        "convenience translation (TSMC reports in TWD); omitted: the filer's "
        "own reporting currency"
    ),
]
_AsOf = Annotated[str | None, Field(description=PIT.AS_OF_DESCRIPTION)]
ShareBasis = Literal["as_reported", "current"]
_ShareBasis = Annotated[
    ShareBasis,
    Field(
        description="as_reported (default): per-share values and share counts as filed; current: those on an older "
        "share basis (pre_split_ratio, pre_reverse_split_ratio) put on the basis after every later split, each a "
        "derived cell whose formula names the split(s) and the filing its figure came from"
    ),
]
_Derive = Annotated[
    list[Literal["q4", "ttm"]] | None,
    Field(
        description="Derivations to add, on request only: q4 (Q4 = FY - 9M, quarterly) and ttm (trailing twelve "
        "months: a TTM row per concept when quarterly, a TTM column after the last fiscal year when annual)"
    ),
]


def get_financial_series(
    company: _Company,
    concepts: Annotated[
        list[str],
        Field(
            description="Catalogue concepts or aliases (revenue, net_income, "
            "eps_diluted, total_assets) or raw XBRL tags; 1-30"
        ),
    ],
    fiscal_year: _FiscalYears = None,
    last: _Last = None,
    period: _Period = "annual",
    derive: _Derive = None,
    unit: _Unit = None,
    as_of: _AsOf = None,
    share_basis: _ShareBasis = "as_reported",
    *,
    client: SecClient | None = None,
) -> StatementResult:
    """Several financial concepts for one company by fiscal period: one table, every cell with its provenance.

    Rows are the concepts in the order given, columns the company's fiscal years
    (annual) or fiscal quarters (quarterly) by its own labels, oldest first. Each
    cell is what get_financial_concept would return for that period: the value
    (unit: USD, USD/shares, shares or the filer's currency) with its XBRL tag,
    accession number, form, filed date, start/end, restatement (original value,
    revision_kind) and stock-split flags (pre_split_ratio). A period the company
    does not report is ``absent`` with a reason, never zero. Q4 is never filed as
    its own quarter: without derive its cells are ``implied``; with derive q4 they
    are FY minus the nine months (``derived: true``, formula, both accession
    numbers) where the two start on the same day, share a tag and were revised
    alike, and ``refused`` with a reason otherwise (always for per-share values
    and share counts). derive ttm adds trailing twelve months under the same rules.

    Returns: company, title, period, fiscal_years, last, derive, fiscal_year_end,
    columns (key, fiscal_year, fiscal_period, start, end), rows (concept, label,
    basis, unit, reported, matched_tags, mixed_tags, cells, notes, warnings),
    notes, warnings, source, data_source (live, cache, or the bulk store and its
    date).

    ``as_of`` (YYYY-MM-DD): every cell as known on that date (only facts filed on or before it; later
    revisions and splits named in the rows' notes); the result's ``as_of`` says which mode it is in.

    Errors: invalid_argument (unknown concept, bad fiscal_year range, last,
    period or derive, an as_of date in the future or before 2009), not_found (unknown company, no concept reported, no value
    in the fiscal years asked for: the message names those available),
    out_of_scope (a future fiscal year), ambiguous (a name matching several
    companies). Source: one request to data.sec.gov/api/xbrl/companyfacts/CIK##########.json
    whatever the number of concepts.
    """
    names = list(dict.fromkeys(c.strip() for c in concepts or [] if c and c.strip()))
    if not 1 <= len(names) <= MAX_CONCEPTS:
        raise EdgarError(
            "invalid_argument",
            f"Ask for 1 to {MAX_CONCEPTS} concepts, not {len(names)}.",
            "Name concepts such as revenue net_income operating_income.",
        )
    specs = list({s.name: s for s in (lookup(n) for n in names)}.values())
    return _table(company, specs, None, "Series", fiscal_year, last, period, derive, client, unit, as_of, share_basis)


def get_financial_statement(
    company: _Company,
    statement: Annotated[StatementName, Field(description="income, balance or cashflow")],
    fiscal_year: _FiscalYears = None,
    last: _Last = None,
    period: _Period = "annual",
    derive: _Derive = None,
    unit: _Unit = None,
    as_of: _AsOf = None,
    share_basis: _ShareBasis = "as_reported",
    *,
    client: SecClient | None = None,
) -> StatementResult:
    """A company's income statement, balance sheet or cash-flow statement by fiscal period, every cell sourced.

    A preset of catalogue concepts: income (revenue, cost of revenue, gross
    profit, R&D, SG&A, operating income, interest expense, pre-tax income,
    income tax, net income, basic and diluted EPS), balance (cash, receivables,
    inventories, current assets, goodwill, total assets, current liabilities,
    long-term debt, total liabilities, stockholders' equity: balances at each
    fiscal year or quarter end) and cashflow (operating cash flow, D&A, capex,
    investing cash flow, share repurchases, dividends paid, financing cash flow).
    IFRS filers (20-F) are read through the same concepts' ifrs-full tags, in
    their reporting currency. Rows the company does not report are shown with
    ``reported: false`` and absent cells, never zero; a row whose cells come from
    different tags has ``mixed_tags: true``; no row is computed from others.
    Columns, cells, derive and errors are as in get_financial_series (one
    companyfacts request: data.sec.gov/api/xbrl/companyfacts/CIK##########.json).
    """
    found = preset(statement)
    return _table(
        company,
        list(found.rows),
        found.name,
        found.label,
        fiscal_year,
        last,
        period,
        derive,
        client,
        unit,
        as_of,
        share_basis,
    )


def concept_command(
    company: str,
    concepts: list[str],
    fiscal_year: int | str | None = None,
    period: str = "annual",
    limit: int | None = None,
    last: int | None = None,
    derive: list[str] | None = None,
    unit: str | None = None,
    as_of: str | None = None,
    share_basis: str = "as_reported",
    *,
    client: SecClient | None = None,
) -> ConceptResult | StatementResult:
    """The CLI's concept command: one concept and at most one fiscal year keep get_financial_concept's shape;
    several concepts, a range, ``last`` or ``derive`` give get_financial_series' table, which for one concept is
    a ConceptSeriesResult (the table, and its reported values flat, newest first, as ``values``)."""
    years = parse_fiscal_years(fiscal_year)
    current = share_basis == "current"
    if len(concepts) == 1 and (years is None or len(years) == 1) and last is None and not derive and not current:
        return get_financial_concept(
            company,
            concepts[0],
            fiscal_year=years[0] if years else None,
            period=period,  # type: ignore[arg-type]  # the CLI's string; get_financial_concept checks it
            limit=DEFAULT_LIMIT if limit is None else limit,
            unit=unit,
            as_of=as_of,
            client=client,
        )
    if len(concepts) == 1 and period == "all" and years is not None and last is None and not derive and not current:
        return _every_period_of(company, concepts[0], years, limit, unit, as_of, client)
    if limit is not None and derive and len(concepts) == 1 and (years is None or len(years) == 1) and last is None:
        # the N latest periods (of the year asked), derived ones among them: what the note's "ask with --derive q4"
        # means on the command line it was printed for (`-n 8` and `--derive q4` together)
        check_between("limit", limit, 1, MAX_LAST, f"A table of periods shows at most {MAX_LAST}.")
        last, limit = limit, None
    if limit is not None:
        raise EdgarError(
            "invalid_argument",
            f"{param('limit')} applies to one concept's values; a table of several concepts or years takes "
            f"{param('last')}.",
            f"Use {param('last')} 5, for example.",
        )
    table = get_financial_series(
        company,
        concepts,
        fiscal_year=fiscal_year,
        last=last,
        period=period,  # type: ignore[arg-type]  # the CLI's strings; get_financial_series checks them
        derive=derive,  # type: ignore[arg-type]
        unit=unit,
        as_of=as_of,
        share_basis=share_basis,  # type: ignore[arg-type]  # the CLI's string; _table checks it
        client=client,
    )
    return with_values(table) if len(concepts) == 1 else table


def with_values(table: StatementResult) -> StatementResult:
    """One concept's ``table`` with its as-reported row's reported cells' facts as a flat ``values`` list, newest
    first: the ``.values[]`` one concept of one year gives (get_financial_concept), beside the table's rows (a ttm
    row's cells are derived: they stay in the rows). The table as it is when it has no single as-reported row."""
    reported = [row for row in table.rows if row.basis == "as_reported"]
    if len(reported) != 1:
        return table
    facts = [c.fact for c in reversed(reported[0].cells) if c.fact is not None]
    return ConceptSeriesResult(**dict(table), values=facts)


def _every_period_of(
    company: str,
    concept: str,
    years: list[int],
    limit: int | None,
    unit: str | None,
    as_of: str | None,
    client: SecClient | None,
) -> ConceptResult:
    """One concept's every period (years, quarters, six- and nine-month year to date) of the fiscal ``years``
    (a range), newest first: get_financial_concept's list with period all, kept to those years; ``limit`` (default
    all of them, at most MAX_LIMIT) applies after."""
    if limit is not None:
        check_between("limit", limit, 1, MAX_LIMIT, f"Use {param('limit')} 20, for example.")
    each: list[ConceptResult] = []
    missing: list[EdgarError] = []
    for year in sorted(years, reverse=True):
        try:
            each.append(
                get_financial_concept(
                    company,
                    concept,
                    fiscal_year=year,
                    period="all",
                    limit=MAX_LIMIT,
                    unit=unit,
                    as_of=as_of,
                    client=client,
                )
            )
        except EdgarError as err:
            if err.code != "not_found":
                raise
            missing.append(err)  # a year of the range not reported: said in the answer, not a failure of it
    if not each and len(missing) > 1:
        # no year of the range has a value: the refusal names the range and says each year's reason, not the
        # last year's alone (Tesla's total_debt over FY2014..2017, summed in none of them), each reason once: the same
        # sentence of every year (TSMC's "reports no value for total_debt", 12 times over FY2015..2026) is said once
        gone = missing[0]
        head = re.match(r"No (\S+) values of any period for (.+?) in fiscal year \d+", gone.message)
        raise EdgarError(
            "not_found",
            (
                f"No {head.group(1)} values of any period for {head.group(2)} in FY{min(years)} to FY{max(years)}: "
                if head
                else ""
            )
            + " ".join(dict.fromkeys(m.message for m in missing)),
            gone.suggestion,
            **gone.extras,
        )
    if not each:
        raise missing[0]
    kept = [v for r in each for v in r.values]
    gaps = _range_gaps(company, concept, years, unit, as_of, client)
    # once per table (issue 35 review 9 item 4): one warning of different tags over every value kept, and one note
    # of the dates not summed over the range, never each year's; a year with none summed points to that note
    warnings = [w for r in each for w in r.warnings if not w.startswith(TAGS_APART)]
    apart = tags_apart_warning(kept)  # type: ignore[arg-type]  # FactValue carries FactRecord's fields
    unsummed = [m for m in missing if gaps and "cannot be summed without a guess" in m.message]
    if unsummed:
        head = re.match(r"No (\S+) values of any period for (.+?) in fiscal year \d+", unsummed[0].message)
        fys = sorted({int(y.group(1)) for m in unsummed if (y := re.search(r" in fiscal year (\d{4})", m.message))})
        if not fys:  # a message worded otherwise: said as it is
            warnings += [m.message for m in unsummed]
        else:
            warnings.append(
                f"No {head.group(1) if head else concept} values of any period for "
                f"{head.group(2) if head else company} in fiscal year{'s' if len(fys) > 1 else ''} "
                f"{', '.join(str(y) for y in fys[:-1])}{' and ' if len(fys) > 1 else ''}{fys[-1]}: every date there "
                "has the lines it is summed from but cannot be summed without a guess (the note on dates not summed "
                "says which and why)."
            )
    warnings += [m.message for m in missing if m not in unsummed]
    warnings = list(dict.fromkeys(([apart] if apart else []) + warnings))
    past_facts = any(m.message.find("XBRL facts end at") >= 0 for m in missing) or any(
        "XBRL facts end at" in w and "is not in them:" in w for w in warnings
    )
    shown = kept[: limit or MAX_LIMIT]
    first = each[0]
    notes = list(dict.fromkeys(n for r in each for n in r.notes))
    if past_facts:
        # a year of the range the facts do not reach: a year's "the periods asked are inside them" is not true of
        # the range (Tesla's FY2021..2022, its FY2022 10-K not in the facts)
        notes = [n for n in notes if not is_inside_note(n)]
    if gaps:
        said = unsummed_note(first.concept, gaps)
        notes = [said if n.startswith(f"{first.concept} is not summed at ") else n for n in notes]
        notes = list(dict.fromkeys(notes if said in notes else [*notes, said]))
    return first.model_copy(
        update={
            "fiscal_year": None,
            "values": shown,
            "total_values": len(kept),
            "truncated": len(kept) > len(shown),
            "notes": notes,
            "warnings": warnings,
        }
    )


def _range_gaps(
    company: str, concept: str, years: list[int], unit: str | None, as_of: str | None, client: SecClient | None
) -> list:
    """A composite's dates not summed in the fiscal ``years`` of a range (every period), for its one note over the
    range (NVIDIA's total_debt over FY2014..2026: 2016-05-01 to 2018-10-28, not FY2019's three alone); [] for a
    concept that is no sum, or an as-of answer (each year's own note stands)."""
    spec = lookup(concept)
    if not spec.composite or as_of is not None:
        return []
    client = client or get_client()
    ref = resolve_company(company, client=client)
    facts = load_company_facts(client, int(ref.cik))
    series = build_series(facts, spec, unit if spec.unit in ("currency", "currency/shares") else None)
    return sorted(unsummed_in(series, set(years), "all"), key=lambda g: g.end)


# --- the table -------------------------------------------------------------------------


def _validate(period: str, last: int | None, derive: Sequence[str] | None) -> list[DeriveKind]:
    if period not in ("annual", "quarterly"):
        raise EdgarError(
            "invalid_argument", f"Unknown {param('period')} {period!r} for a table.", "Use annual or quarterly."
        )
    if last is not None:
        check_between("last", last, 1, MAX_LAST, f"Use {param('last')} 5, for example.")
    kinds = list(dict.fromkeys(str(d).strip().lower() for d in derive or [] if str(d).strip()))
    bad = [d for d in kinds if d not in ("q4", "ttm")]
    if bad:
        raise EdgarError("invalid_argument", f"Unknown {param('derive')} {bad[0]!r}.", "Use q4, ttm or both.")
    if "q4" in kinds and period != "quarterly":
        raise EdgarError(
            "invalid_argument",
            f"{param('derive')} q4 derives fourth quarters, which only a quarterly table has.",
            f"Add {param('period')} quarterly.",
        )
    return cast("list[DeriveKind]", kinds)  # each checked against q4 and ttm above


def _table(
    company: str,
    specs: list[Concept],
    statement: str | None,
    label: str,
    fiscal_year: int | str | None,
    last: int | None,
    period: str,
    derive: Sequence[str] | None,
    client: SecClient | None,
    unit: str | None = None,
    as_of: str | None = None,
    share_basis: str = "as_reported",
) -> StatementResult:
    client = client or get_client()
    kinds = _validate(period, last, derive)
    if share_basis not in ("as_reported", "current"):
        raise EdgarError(
            "invalid_argument", f"Unknown {param('share_basis')} {share_basis!r}.", "Use as_reported or current."
        )
    years = parse_fiscal_years(fiscal_year)
    today = client.settings.clock().date()
    when = PIT.parse_as_of(as_of, today)
    for y in (years[0], years[-1]) if years else ():
        validate_fiscal_year(y, when or today)
    resolved = resolve_company(company, client=client)
    try:
        facts = load_company_facts(client, int(resolved.cik))  # the one companyfacts request, for every row
    except EdgarError as exc:
        raise successors.facts_missing(exc, resolved.cik) from None
    ref = resolved.ref()
    if when is not None:  # point in time: every row from the facts filed by then
        full, facts = facts, known_on(client, facts, when)
        # the years of a range not over on the date by the labels of then: each said as one year alone would be
        explained: dict[int, str] = {}
        if period == "annual" and years and len(years) > 1:
            now = [v for s in specs for v in build_series(full, s).values]
            for y in years:
                note = PIT.year_not_over_note(y, when, facts.calendar.estimated_end(y), now, full)
                if note is not None:
                    explained[y] = note
        try:
            result = _rows_table(
                ref, facts, specs, statement, label, years, last, period, kinds, unit, explained, as_of=when
            )
        except EdgarError as exc:
            later = [
                v
                for s in specs
                for v in build_series(full, s).values
                if period_filter(s, period)(v) and (not years or v.fiscal_year in years)
            ]
            labels = PIT.label_changes(full, facts, when)
            # one year asked, not over on the date by the labels of then: said so, with its later report
            year_then = (
                (
                    years[0],
                    facts.calendar.estimated_end(years[0]),
                    [v for s in specs for v in build_series(full, s).values],
                )
                if period == "annual" and years and len(years) == 1
                else None
            )
            # every row's tags: a table none of whose tags the company had used by then was first reported later
            tags = tuple(dict.fromkeys(t for s in specs for t in PIT.chain_tags(s)))
            raise PIT.not_reported_error(
                exc, when, later, _asked(years), labels, full=full, tags=tags, year_then=year_then
            ) from None
        splits: list[str] = []  # a split after the date: once for the table, as concept says it for one concept
        by_name = {s.name: s for s in specs}
        for row in result.rows:
            row.notes.extend(PIT.later_revisions(full, [v for c in row.cells for v in [c.fact, *c.inputs] if v], when))
            if "shares" in (row.unit or "") and row.concept in by_name:
                shown = [c.fact for c in row.cells if c.fact]
                now = build_series(full, by_name[row.concept], row.unit).values
                splits.extend(n for n in PIT.later_splits(full, now, when, shown) if n not in splits)
        result.notes.extend(
            n for n in [PIT.label_changes(full, facts, when), *splits, PIT.ticker_note(company, ref.cik, when)] if n
        )
        result.as_of = when
        result.warnings.extend(resolved.warnings)  # the company named through a stale ticker file
        return _share_basis(result, facts, specs, share_basis)
    result = _rows_table(ref, facts, specs, statement, label, years, last, period, kinds, unit)
    result.warnings.extend(resolved.warnings)
    return _share_basis(result, facts, specs, share_basis)


def _share_basis(result: StatementResult, facts: CompanyFacts, specs: list[Concept], basis: str) -> StatementResult:
    """The table on the share basis asked for. as_reported: as it is, with a note naming share_basis current
    when a row mixes share bases (some cells carry pre_split_ratio or pre_reverse_split_ratio, others not).
    current: each such cell becomes a derived one on the basis after every later split, never silently: its
    formula names the figure, the filing it came from and the split(s) (NVIDIA's FY2021 diluted EPS 1.73 in
    0001045810-22-000036, restated for the 4-for-1 of 2021 but not the 10-for-1 of 2024: 1.73 / 10 = 0.173)."""
    result.share_basis = cast(ShareBasis, basis)
    by_name = {s.name: s for s in specs}
    for row in result.rows:
        if "shares" not in (row.unit or ""):
            continue
        old = [c for c in row.cells if c.fact and (c.fact.pre_split_ratio or c.fact.pre_reverse_split_ratio)]
        if not old:
            continue
        if basis == "as_reported":
            if any(c.fact and not (c.fact.pre_split_ratio or c.fact.pre_reverse_split_ratio) for c in row.cells):
                row.notes.append(
                    f"This row mixes share bases ({', '.join(c.column for c in old)} on an older one): "
                    f"{param('share_basis')} current puts them on today's, each marked derived with its formula."
                )
            continue
        spec = by_name.get(row.concept)
        events = split_dates(build_series(facts, spec, row.unit).values, facts) if spec else {}
        for c in old:
            _to_current_basis(c, events)
        # the warning not to compare them as they stand is answered: they are on today's basis now
        stale = [w for w in row.warnings if w.startswith("Some values predate")]
        row.warnings = [w for w in row.warnings if w not in stale]
        result.warnings = [w for w in result.warnings if w not in {f"{row.label}: {x}" for x in stale}]
        row.notes += [f"As filed: {w.split(' They are on the old share basis')[0]}" for w in stale]
        row.notes.append(
            f"{param('share_basis')} current: {', '.join(c.column for c in old)} "
            f"{'is' if len(old) == 1 else 'are'} put on the share basis after the later split(s), derived "
            "(each formula names the filed figure, its filing and the split)."
        )
    return result


def _monetary(facts: CompanyFacts, spec: Concept) -> bool:
    """True when a unit asked for (a currency) applies to ``spec``'s row: a monetary concept, or a raw tag the
    filer reports in a currency (TSMC's ifrs-full:LongtermBorrowings in TWD and USD); never a share count."""
    if spec.unit in ("currency", "currency/shares"):
        return True
    if not spec.raw:
        return False
    units = (facts.tag(spec.chain[0].tag) or {}).get("units") or {}
    return any(unit_family(u) in ("currency", "currency/shares") for u in units)


def _to_current_basis(cell: StatementCell, events: dict[str, list[tuple[date, int]]]) -> None:
    """``cell``'s filed figure on the share basis after the splits that came after it, as a derived cell."""
    fact = cell.fact
    assert fact is not None
    per_share = "/shares" in fact.unit
    forward = bool(fact.pre_split_ratio)
    n = fact.pre_split_ratio or fact.pre_reverse_split_ratio
    assert n
    divide = forward == per_share  # a split lowers per-share values and raises counts; a reverse split the opposite
    value = Decimal(str(fact.value)) / Decimal(str(n)) if divide else Decimal(str(fact.value)) * Decimal(str(n))
    after = [(w, k) for w, k in events.get("stock_split" if forward else "reverse_split", []) if w > fact.filed]
    product = 1
    for _w, k in after:
        product *= k
    kind = "split" if forward else "reverse split or recapitalisation"
    if after and product == n:
        splits = " and ".join(
            f"the {k}-for-1 {kind} first applied in filings of {w}"
            if forward
            else f"the 1-for-{k} {kind} first applied in filings of {w}"
            for w, k in after
        )
    else:
        splits = f"the later {kind}(s), {n}-for-1 in all" if forward else f"the later {kind}(s), 1-for-{n} in all"
    shown: float | int = int(value) if not per_share and value == value.to_integral() else float(value)
    cell.status = "derived"
    cell.derived = True
    cell.basis = "derived"
    cell.formula = (
        f"{fact.value} ({fact.form} {fact.accession_number}) {'/' if divide else '*'} {n} = {shown}: on the share "
        f"basis after {splits}"
    )
    cell.inputs = [fact]
    cell.fact = None
    cell.value = shown


def _rows_table(
    ref: CompanyRef,
    facts: CompanyFacts,
    specs: list[Concept],
    statement: str | None,
    label: str,
    years: list[int] | None,
    last: int | None,
    period: str,
    kinds: list[DeriveKind],
    unit: str | None,
    explained: dict[int, str] | None = None,
    as_of: date | None = None,
) -> StatementResult:
    """The table of ``specs`` for ``facts``; ``explained``: {fiscal year: why it has no value} for years asked
    that the table lacks for a reason known beforehand (a range as known on a date: a year not over then);
    ``as_of``: the date ``facts`` are as known on (a row none of whose tags were reported is said of it)."""
    # A unit (a currency) applies to the monetary rows, a raw tag's included (its unit is what the filer tagged);
    # share counts and per-share rows keep theirs.
    rows = [
        _Row(
            spec,
            build_series(facts, spec, unit if _monetary(facts, spec) else None),
            period,
            facts.reporting_currency,
            as_of,
            facts,
        )
        for spec in specs
    ]
    # a composite whose lines are tagged but never summed is reported: its refusal says why (_raise_no_columns)
    for r in rows:  # an IFRS filer's debt lines, at the years asked and in the unit asked (total_debt)
        r.ifrs = (
            ifrs_debt_advice(facts, r.spec.name, ref.name, set(years) if years else None, unit)
            if r.spec.composite == "total_debt" and not r.series.values and not r.series.unsummed
            else ""
        )
    if statement is None and len(rows) == 1 and not rows[0].series.values and not rows[0].series.unsummed:
        from ...xbrl.answer import no_value_error  # one concept: the same answer as without --last/--fy

        raise no_value_error(ref, rows[0].spec, rows[0].series, facts, None, unit)
    if statement is None and not any(r.series.values or r.series.unsummed for r in rows):
        ifrs = " ".join(r.ifrs for r in rows if r.ifrs)
        raise EdgarError(
            "not_found",
            f"{ref.name} reports none of {', '.join(s.name for s in specs)} in its 10-K/10-Q/20-F XBRL facts"
            + (" under US GAAP tags." if ifrs else "."),
            ifrs or "Try related concepts or raw XBRL tags.",
        )
    columns = _columns(rows, period, years, last)
    if not columns:
        _raise_no_columns(ref, rows, period, years, facts)
    columns = _with_unsummed_columns(columns, rows, period, years)
    notes: list[str] = []
    if "ttm" in kinds and period == "annual":
        ttm_col = _ttm_column(rows, columns, facts)
        latest = max((k[0] for r in rows for k in r.keys("annual")), default=None)
        if ttm_col is not None:
            columns.append(ttm_col)
        elif latest is not None and max(c.fiscal_year for c in columns) != latest:
            notes.append(
                f"A trailing-twelve-months column follows only the latest fiscal year (FY{latest}); this "
                f"table ends earlier. For twelve months to each quarter ask for {param('period')} quarterly."
            )
        else:
            notes.append(
                "No quarter has been reported after the last fiscal year shown, so there is no trailing "
                "twelve months beyond it."
            )
    out_rows: list[StatementRow] = []
    for row in rows:
        out_rows.append(row.as_model(columns, kinds, period, ttm=False))
        if "ttm" in kinds and period == "quarterly" and D.not_additive(row.series.unit, row.kind) is None:
            out_rows.append(row.as_model(columns, kinds, period, ttm=True))
    # A filer with no quarter at all in its periodic facts (a 20-F/40-F filer's quarters are on 6-K)
    no_quarters = not any(v.fiscal_period in ("Q1", "Q2", "Q3", "H1", "9M") for r in rows for v in r.series.values)
    if period == "quarterly" and not any(
        c.status in ("reported", "derived", "implied") for r in out_rows for c in r.cells
    ):
        raise EdgarError(
            "not_found",
            f"{ref.name} reports no quarterly values of these concepts in its periodic XBRL facts"
            + (f" for {_asked(years)}" if years else "")
            + (_NO_QUARTERS if no_quarters else "")
            + ".",
            f"Ask for {param('period')} annual.",
        )
    for col in columns:
        if col.fiscal_period == "TTM":  # its twelve months, as the derived cells give them
            col.start = _mode([c.start for r in out_rows for c in r.cells if c.column == col.key and c.derived])
    available = {k[0] for r in rows for k in r.keys(period)}  # before last cut the columns
    available |= {c.fiscal_year for c in columns if c.start is None and c.fiscal_year not in available}  # unsummed
    past = set(lacking_years(facts, years)) if years else set()
    notes += _table_notes(out_rows, columns, kinds, period, years, available, past, facts_end(facts), explained, as_of)
    if period == "quarterly" and no_quarters:
        notes.append(f"No fiscal quarter is reported in the company's periodic XBRL facts{_NO_QUARTERS}.")
    if last is not None or not years:
        notes += _last_note(out_rows, columns, rows, period, last or DEFAULT_LAST[period], last is None)
    # the facts end before the filer's latest report: said of the latest columns, or of the years asked they
    # do not reach (naming those years' reports), and in one line of years wholly inside them
    gap = span_coverage_note(facts, years or None, quarters=period == "quarterly")
    warnings = list(facts.notes) + [n for n in [gap] if n and not is_inside_note(n)]
    notes += [n for n in [gap] if n and is_inside_note(n)]
    warnings += [f"{r.label}: {w}" for r in out_rows for w in r.warnings if w != facts.coverage_note]
    unit = next((r.unit for r in out_rows if r.unit and "/" not in r.unit), None)
    title = f"{ref.name} (CIK {ref.cik}) - {label}, {period}"
    return StatementResult(
        company=ref,
        statement=statement,  # type: ignore[arg-type]  # a preset's name: income, balance or cashflow
        title=title,
        period=cast(TablePeriod, period),  # _validate checked it
        fiscal_years=years or [],
        last=last,
        derive=kinds,
        fiscal_year_end=facts.calendar.typical_end,
        currency_note=currency_note(unit or "", facts.reporting_currency),
        columns=columns,
        rows=_hoist(out_rows, notes),
        notes=notes,
        warnings=warnings,
        source=SOURCE.format(cik=ref.cik),
        data_source=data_source_of(facts),
    )


class _Row:
    """One concept's series indexed by (fiscal_year, fiscal_period) for the columns."""

    def __init__(
        self,
        spec: Concept,
        series: Series,
        period: str,
        reporting_currency: str | None = None,
        as_of: date | None = None,
        facts: CompanyFacts | None = None,
    ):
        self.spec, self.series = spec, series
        self.ifrs = ""  # an IFRS filer's debt lines where a composite reads US GAAP tags only (ifrs_debt_advice)
        self.facts = facts  # for the notes read from the filings themselves (a translation's later filing)
        self.reporting_currency = reporting_currency
        self.as_of = as_of  # the facts are as known on this date
        kinds = {v.period_type for v in series.values}
        self.kind = spec.kind if spec.kind != "unknown" else ("instant" if kinds == {"instant"} else "duration")
        self.shown = period_filter(spec, period)
        self.at: dict[tuple[int, str], FactRecord] = {}
        self.left_out: dict[tuple[int, str], list[FactRecord]] = {}  # key -> other values with that label
        for v in series.values:  # newest end first, longest first
            if v.fiscal_year is None or v.fiscal_period is None:
                continue
            keys = [(v.fiscal_year, v.fiscal_period)]
            if v.period_type == "instant" and v.fiscal_period == "FY":
                keys.append((v.fiscal_year, "Q4"))  # the year-end balance is the fourth quarter's balance
            for key in keys:
                if key in self.at:
                    if key[1] != "Q4" or v.period_type != "instant":
                        self.left_out.setdefault(key, []).append(v)
                    continue
                self.at[key] = v

    def get(self, fy: int, fp: str) -> FactRecord | None:
        v = self.at.get((fy, fp))
        return v if v is not None and (fp in ("H1", "9M") or self._in_period(v, fp)) else None

    def _in_period(self, v: FactRecord, fp: str) -> bool:
        if fp == "FY":
            return v.period_type == "annual" or v.period_type == "instant"
        return v.period_type in ("quarterly", "instant")

    def keys(self, period: str) -> set[tuple[int, str]]:
        if period == "annual":
            return {k for k in self.at if k[1] == "FY" and self.get(*k)}
        keys = {k for k in self.at if k[1] in QUARTERS and self.get(*k)}
        if self.kind == "duration":  # a Q4 implied by its year; a Q2/Q3 reported only in the year to date
            keys |= {(k[0], "Q4") for k in self.at if k[1] == "FY" and self.get(*k)}
            keys |= {(k[0], {"H1": "Q2", "9M": "Q3"}[k[1]]) for k in self.at if k[1] in ("H1", "9M")}
        return keys

    def span(self, period: str) -> str:
        """The fiscal years the row has a value in for ``period``: the one span its empty cells' footnotes and its
        note both say (Apple's Goodwill: FY2008 to FY2017 in years, its last value a quarter of FY2018)."""
        keys = self.keys("annual") | self.keys("quarterly") if period == "all" else self.keys(period)
        years = sorted({k[0] for k in keys})
        return year_runs(years) if years else ""

    def as_model(
        self, columns: list[StatementColumn], kinds: list[DeriveKind], period: str, *, ttm: bool
    ) -> StatementRow:
        cells = [
            self._ttm_cell(c) if ttm or c.fiscal_period == "TTM" else self._cell(c, kinds, period) for c in columns
        ]
        shown: list[FactRecord] = [v for c in cells for v in ([c.fact] if c.fact else c.inputs)]
        shown = list({(v.accession_number, v.start, v.end, v.matched_tag): v for v in shown}.values())
        notes, warnings = _describe(self.series, self.spec, shown, self.reporting_currency) if shown else ([], [])
        if self.facts is not None:
            notes.extend(translation_notes(self.facts, shown))
            notes.extend(ifrs_current_inside(self.facts, shown))
            notes.extend(current_debt_beside_once(self.facts, shown))
            notes.extend(noncurrent_matching_current(self.facts, shown))
            notes.extend(zero_comparatives(self.facts, shown, tuple(t.tag for t in self.spec.chain)))
            notes.extend(beside_lines(self.facts, self.spec, shown))
            notes.extend(revisions_unseen(self.facts, shown))
        notes.extend(self._left_out_note(columns, cells))
        if self.ifrs:
            notes.append(f"Not reported under its US GAAP tags (shown empty, never zero): {self.ifrs}")
        notes.extend(_dated_apart(columns, cells))
        years = sorted({v.fiscal_year for v in self.series.values if v.fiscal_year is not None})
        # a composite's empty cells whose lines are tagged but cannot be summed: why, never "not reported"
        # only the dates of the empty columns shown (a quarterly table of FY2014 whose columns stop at Q3 says
        # nothing of 2014-12-31): a column's own end, else its fiscal period (a year's end is its Q4 column)
        empty = [col for col, c in zip(columns, cells) if c.value is None]
        ends = {col.end for col in empty if col.end is not None}
        keys = {(col.fiscal_year, col.fiscal_period) for col in empty}
        gaps = [
            g
            for g in unsummed_in(self.series, {col.fiscal_year for col in empty}, period)
            if g.end in ends
            or (g.fiscal_year, g.fiscal_period) in keys
            or (period != "annual" and g.fiscal_period == "FY" and (g.fiscal_year, "Q4") in keys)
        ]
        if gaps:
            dates = sorted({str(g.end) for g in gaps})
            notes.append(
                f"Shown empty, never zero: not summed at {', '.join(dates)}: "
                f"{describe_unsummed(gaps)}. Ask for those lines by their own tags, and read the balance sheet in "
                "the filing for how they add up."
            )
        elif years and cells and all(c.value is None for c in cells):
            # the company reports the concept, only in other years: said, not left a blank row (TSMC's long-term
            # debt tag from FY2020)
            used = ", ".join(sorted({v.matched_tag for v in self.series.values}))
            notes.append(
                f"Not reported in the periods shown (shown empty, never zero): the company's values of it ({used}) "
                f"are reported for {self.span(period) or year_runs(years)}."
                + (
                    f" The related lines it does tag then (not {self.spec.name}: say which line an answer uses): "
                    + " | ".join(apart)
                    + "."
                    if self.facts is not None
                    and (
                        apart := [
                            f"FY{fy}: {'; '.join(lines)}"
                            for fy in sorted({c.fiscal_year for c in columns})
                            if (lines := apart_in_year(self.facts, self.spec, fy))
                        ]
                    )
                    else ""
                )
            )
        tags = list(dict.fromkeys(c.matched_tag for c in cells if c.matched_tag))
        label = f"{self.spec.label}, trailing twelve months" if ttm else self.spec.label
        for c in cells:
            c.basis = cell_basis(c, ttm)
        return StatementRow(
            concept=self.spec.name,
            label=label,
            basis="ttm" if ttm else "as_reported",
            period_type=self.kind if self.kind in ("duration", "instant") else "unknown",
            unit=self.series.unit,
            reported=bool(self.series.values or self.series.unsummed),
            matched_tags=tags,
            mixed_tags=len(tags) > 1,
            fallback_chain=[t.tag for t in self.spec.chain],
            cells=cells,
            notes=notes,
            warnings=warnings,
        )

    def _left_out_note(self, columns: list[StatementColumn], cells: list[StatementCell]) -> list[str]:
        """One note on the values left out beside the ones shown, naming only the columns they belong to (all of
        them in a word when every column has one), each with its value, date, tag and filing, and how to see them."""
        found: list[tuple[str, FactRecord, FactRecord]] = []  # (column, shown, left out)
        shown_cells = 0
        for col, cell in zip(columns, cells):
            v = self.get(col.fiscal_year, col.fiscal_period) if cell.status == "reported" else None
            if v is None or cell.end != v.end:
                continue
            shown_cells += 1
            keys = [(col.fiscal_year, col.fiscal_period)]
            if v.fiscal_year is not None and v.fiscal_period == "FY" and col.fiscal_period != "FY":
                keys.append((v.fiscal_year, "FY"))  # a year-end balance shown in the Q4 column
            others = [o for k in keys for o in self.left_out.get(k, []) if o is not v]
            found += [(col.key, v, o) for o in others[:1]]
        if not found:
            return []
        tags = list(dict.fromkeys(o.matched_tag for _c, _v, o in found))
        same_tag = all(o.matched_tag == v.matched_tag for _c, v, o in found)
        where = (
            "In every column"
            if len(found) == shown_cells > 1
            else "In " + ", ".join(dict.fromkeys(c for c, _v, _o in found))
        )
        examples = found[-1:] if where == "In every column" else found[:3]  # the newest column as the example
        named = len(found) == 1  # the one column is named already
        said = "; ".join(
            ("" if named else f"{c}: ")
            + f"{_when(o)} ({o.matched_tag}, {o.accession_number}) beside {_when(v)} ({v.matched_tag}) shown"
            for c, v, o in examples
        )
        why = (
            "the value shown is the later-dated"
            if all(v.end > o.end for _c, v, o in found)
            else "the value shown is the one the concept lookup lists first"
        )
        how = (
            f"use {param('period')} all with {param('fiscal_year')} to see every value of a year"
            if same_tag
            else "ask for " + " or ".join(tags)
        )
        return [
            f"{where} another value labelled with the same fiscal period was left out "
            f"({'e.g. ' if len(found) > len(examples) else ''}{said}); {why}. To see "
            f"{'those values' if len(found) > 1 else 'it'}, {how}."
        ]

    # -- cells --

    def _cell(self, col: StatementColumn, kinds: list[DeriveKind], period: str) -> StatementCell:
        fy, fp = col.fiscal_year, col.fiscal_period
        v = self.get(fy, fp)
        if v is not None and self.shown(v) or (v is not None and fp == "Q4" and v.period_type == "instant"):
            return _reported(col.key, v)
        if period == "quarterly" and fp == "Q4" and self.kind == "duration":
            annual = self.get(fy, "FY")
            if annual is not None and "q4" in kinds:
                return _derived_or_not(col.key, D.q4(annual, self.get(fy, "9M"), fy), self.series.unit)
            why = D.not_additive(self.series.unit, self.kind)
            if annual is not None and why:
                return self._absent(col, f"Q4 FY{fy} is not filed as its own quarter, and it cannot be derived: {why}")
            if annual is not None and self.get(fy, "9M") is None:
                return self._absent(
                    col,
                    f"Q4 FY{fy} is not filed as its own quarter, and no nine-month value for "
                    f"FY{fy} is reported, so the facts do not imply it either",
                )
            if annual is not None:
                nine = self.get(fy, "9M")
                return StatementCell(
                    column=col.key,
                    status="implied",
                    unit=self.series.unit,
                    # the quarter the year less the nine months covers (the nine months' value exists: see above)
                    start=nine.end + timedelta(days=1) if nine is not None else None,
                    end=annual.end,
                    reason=(
                        f"Q4 FY{fy} is not filed as its own quarter; it is only implied by FY{fy} less the nine months. "
                        f"Ask with {param('derive')} q4 to derive it."
                    ),
                )
        if period == "quarterly" and fp in ("Q2", "Q3") and self.kind == "duration":
            ytd = self.get(fy, "H1" if fp == "Q2" else "9M")
            if ytd is not None:
                return self._absent(
                    col,
                    f"{fp} FY{fy} is reported only as part of the year to date "
                    f"({ytd.fiscal_period}, {ytd.start} to {ytd.end}), not as a quarter",
                )
        return self._absent(col)

    def _ttm_cell(self, col: StatementColumn) -> StatementCell:
        fy, fp = col.fiscal_year, col.fiscal_period
        if fp in ("FY", "Q4"):
            annual = self.get(fy, "FY")
            return _reported(col.key, annual) if annual is not None else self._absent(col)
        quarter = int(col.quarter) if fp == "TTM" else int(fp[1])  # type: ignore[attr-defined]  # TTM: a _Column
        ytd_name = D.YTD_PERIOD[quarter]
        why = D.not_additive(self.series.unit, self.kind)
        if why:
            return StatementCell(column=col.key, status="refused", unit=self.series.unit, reason=why)
        result = D.ttm(self.get(fy - 1, "FY"), self.get(fy, ytd_name), self.get(fy - 1, ytd_name), fy, quarter)
        return _derived_or_not(col.key, result, self.series.unit)

    def _absent(self, col: StatementColumn, reason: str | None = None) -> StatementCell:
        if reason is None:
            # a composite's lines tagged but not summed come first: its tags are reported, values or none (Snowflake)
            if gaps := [
                g
                for g in unsummed_in(self.series, {col.fiscal_year}, "annual" if col.fiscal_period == "FY" else "all")
                if g.fiscal_period == col.fiscal_period or (col.fiscal_period == "Q4" and g.fiscal_period == "FY")
            ]:
                reason = f"its lines are tagged for {col.key} but cannot be summed without a guess: " + (
                    describe_unsummed(gaps)
                )
            elif not self.series.values and not self.series.unsummed:
                reason = (
                    ("the company reports" if self.as_of is None else "the company had reported")
                    + " none of its tags ("
                    + ", ".join(t.tag for t in self.spec.chain)
                    + ") in its periodic reports' XBRL facts"
                    + (f" by {self.as_of}" if self.as_of is not None else "")
                )
            elif not self.series.values:
                lines = ", ".join(sorted({v.matched_tag for g in self.series.unsummed for v in g.found}))
                reason = (
                    f"no value for {col.key}: its lines ({lines}) are tagged at other dates, and not summed there "
                    "either (the row's note says why)"
                )
            else:
                span = self.span("annual" if col.fiscal_period == "FY" else "quarterly")
                reason = f"no value for {col.key}" + (f"; reported for {span}" if span else "")
        return StatementCell(column=col.key, status="absent", unit=self.series.unit, reason=reason)


def _dated_apart(columns: list[StatementColumn], cells: list[StatementCell]) -> list[str]:
    """A note naming the reported cells whose own date is not their column's (a cover-page share count dated weeks
    after the fiscal year it sits under), each with its date: the column head gives the date most cells share."""
    apart = [
        f"{cell.column} {cell.end}"
        for col, cell in zip(columns, cells)
        if cell.status == "reported" and cell.end and col.end and cell.end != col.end
    ]
    if not apart:
        return []
    return [
        "Dated apart from the column head: " + ", ".join(apart) + " (the values' own dates; a column head gives "
        "the period end most of its cells share)."
    ]


def _reported(key: str, v: FactRecord) -> StatementCell:
    return StatementCell(
        column=key,
        status="reported",
        value=v.value,
        unit=v.unit,
        start=v.start,
        end=v.end,
        days=v.days,
        matched_tag=v.matched_tag,
        accession_numbers=[v.accession_number],
        fact=fact_model(v),
    )


def _derived_or_not(key: str, result: D.Derived | D.NotDerived, unit: str | None) -> StatementCell:
    if isinstance(result, D.NotDerived):
        return StatementCell(
            column=key, status="absent" if result.missing else "refused", unit=unit, reason=result.reason
        )
    return StatementCell(
        column=key,
        status="derived",
        value=result.value,
        unit=result.inputs[0].unit,
        start=result.start,
        end=result.end,
        days=result.days,
        matched_tag=result.tag,
        derived=True,
        formula=result.formula,
        inputs=[fact_model(v) for v in result.inputs],
        accession_numbers=list(dict.fromkeys(v.accession_number for v in result.inputs)),
    )


# --- columns ---------------------------------------------------------------------------


class _Column(StatementColumn):
    quarter: int | None = None  # a TTM column: the fiscal quarter it ends on (not serialised; see model_dump)


def _columns(rows: list[_Row], period: str, years: list[int] | None, last: int | None) -> list[StatementColumn]:
    """The table's columns: every period of the ``years`` asked that has a value; or, with ``last`` (and by default
    with no years), the N latest fiscal periods counted as periods, not as values: from the latest period with a
    value or with a composite's lines tagged but not summed, back N periods (not before the first such period), each
    period of that run a column whether it has a value or not (an empty cell says why; _last_note says which)."""
    keys = set().union(*(r.keys(period) for r in rows)) if rows else set()
    if years:
        keys = {k for k in keys if k[0] in years}
    n = last if last is not None else (None if years else DEFAULT_LAST[period])
    ends: dict[tuple[int, str], date] = {}  # a composite's unsummed dates: periods too, dated by their lines
    if n is not None:
        for r in rows:
            for g in unsummed_in(r.series, set(years) if years else None, period):
                key = _unsummed_key(g.fiscal_year, g.fiscal_period, period)
                if key is not None:
                    ends.setdefault(key, g.end)
    every = keys | set(ends)
    ordered = sorted(every if n is not None else keys, key=lambda k: (k[0], ORDER[k[1]]))
    if n is not None and ordered:
        ordered = _run_back(ordered[0], ordered[-1], n, period)
        if years:
            ordered = [k for k in ordered if k[0] in years]
    out = []
    for fy, fp in ordered:
        cells = [v for r in rows for v in [r.get(fy, fp)] if v is not None]
        if fp == "Q4":  # a duration's Q4 is implied by its year; date the column by the year's end
            cells = cells or [v for r in rows for v in [r.get(fy, "FY")] if v is not None]
        out.append(
            StatementColumn(
                key=f"FY{fy}" if fp == "FY" else f"{fp} FY{fy}",
                fiscal_year=fy,
                fiscal_period=fp,  # type: ignore[arg-type]  # FY or Q1-Q4: what _Row.keys yields
                end=_mode([v.end for v in cells]) or ends.get((fy, fp)),
                start=_mode([v.start for v in cells if v.start and fp != "Q4"]),
            )
        )
    return out


def _unsummed_key(fy: int | None, fp: str | None, period: str) -> tuple[int, str] | None:
    """The column an unsummed balance-sheet date of fiscal ``fy``/``fp`` belongs to in a table of ``period``: a
    year's end is its FY column, or its Q4 column in a quarterly table."""
    if fy is None or fp is None:
        return None
    if period == "annual":
        return (fy, fp) if fp == "FY" else None
    fp = "Q4" if fp == "FY" else fp
    return (fy, fp) if fp in QUARTERS else None


def _run_back(first: tuple[int, str], latest: tuple[int, str], n: int, period: str) -> list[tuple[int, str]]:
    """The ``n`` consecutive fiscal periods ending at ``latest`` (years, or quarters Q1-Q4), none before ``first``."""
    run: list[tuple[int, str]] = []
    fy, fp = latest
    while len(run) < n and (fy, ORDER[fp]) >= (first[0], ORDER[first[1]]):
        run.append((fy, fp))
        if period == "annual":
            fy -= 1
        else:
            q = int(fp[1]) - 1
            fy, fp = (fy, f"Q{q}") if q >= 1 else (fy - 1, "Q4")
    return run[::-1]


def _with_unsummed_columns(
    columns: list[StatementColumn], rows: list[_Row], period: str, years: list[int] | None
) -> list[StatementColumn]:
    """``columns`` and, for a range of ``years`` asked, a column for each date a composite row's lines are tagged
    at but not summed (NVIDIA's total_debt at FY2017 and FY2018): an empty cell whose note says why, as a year
    asked alone is refused, never a year dropped as though nothing were reported."""
    if not years:
        return columns
    have = {(c.fiscal_year, c.fiscal_period) for c in columns}
    extra: dict[tuple[int, str], date] = {}
    for r in rows:
        for g in unsummed_in(r.series, set(years), period):
            fy, fp = g.fiscal_year, g.fiscal_period
            if fy is None or fp is None or (period == "annual") != (fp == "FY") or fp not in ORDER:
                continue
            if (fy, fp) not in have:
                extra.setdefault((fy, fp), g.end)
    if not extra:
        return columns
    added = [
        StatementColumn(
            key=f"FY{fy}" if fp == "FY" else f"{fp} FY{fy}",
            fiscal_year=fy,
            fiscal_period=fp,  # type: ignore[arg-type]  # FY or a quarter: an unsummed balance-sheet date's
            end=end,
            start=None,
        )
        for (fy, fp), end in extra.items()
    ]
    return sorted(columns + added, key=lambda c: (c.fiscal_year, ORDER[c.fiscal_period]))


def _mode(items: list) -> date | None:
    return Counter(items).most_common(1)[0][0] if items else None


def _ttm_column(rows: list[_Row], columns: list[StatementColumn], facts: CompanyFacts) -> StatementColumn | None:
    """The twelve months to the latest quarter after the last fiscal year shown, if the company is past it."""
    last_fy = max(c.fiscal_year for c in columns)
    latest = max((k[0] for r in rows for k in r.keys("annual")), default=last_fy)
    if last_fy != latest:
        return None
    fy = last_fy + 1
    for quarter in (3, 2, 1):
        ends = [v.end for r in rows if r.kind == "duration" for v in [r.get(fy, D.YTD_PERIOD[quarter])] if v]
        if ends:
            end = _mode(ends)
            return _Column(key=f"TTM {end}", fiscal_year=fy, fiscal_period="TTM", end=end, quarter=quarter)
    return None


# --- notes -----------------------------------------------------------------------------


def _table_notes(
    rows: list[StatementRow],
    columns: list[StatementColumn],
    kinds: list[DeriveKind],
    period: str,
    years: list[int] | None,
    available: set[int],
    past: set[int] | None = None,
    facts_end: date | None = None,
    explained: dict[int, str] | None = None,
    as_of: date | None = None,
) -> list[str]:
    """The table's notes; ``past``: the years asked that end after ``facts_end``, the end of facts that stop
    short of the filer's reports (their missing values get that reason); ``explained``: {year: why} of years
    asked whose missing values have a reason said in full (that note instead of "No values for"); ``as_of``: the
    date the table is as known on (rows not reported are said of it)."""
    notes = []
    statuses = Counter(c.status for r in rows for c in r.cells)
    if statuses["implied"]:
        notes.append(
            f"Q4 is not filed as its own quarter: its cells are implied (FY less the nine months) and left "
            f"empty. Ask with {param('derive')} q4 to derive them."
        )
    if statuses["derived"]:
        rules = {"q4": "Q4 = FY - 9M", "ttm": "TTM = FY(y-1) + YTD(y) - YTD(y-1)"}
        said = "; ".join(rules[k] for k in rules if k in kinds) or "; ".join(rules.values())  # only what was asked
        notes.append(
            f"Cells marked derived are computed by edgar from the reported values in their inputs: {said}. "
            "They are not filed figures."
        )
    if statuses["refused"]:
        notes.append(f"{statuses['refused']} cells were not derived because a rule forbids it; each says why.")
    if "ttm" in kinds and period == "quarterly":
        skipped = [
            r.label
            for r in rows
            if r.basis == "as_reported" and r.concept not in {t.concept for t in rows if t.basis == "ttm"}
        ]
        if skipped:
            notes.append(
                "No trailing twelve months for " + ", ".join(skipped) + ": balances, per-share values and "
                "share counts are not additive."
            )
    # a row whose own note says why it is empty (an IFRS filer's debt lines) is not listed again
    missing_rows = [r.label for r in rows if not r.reported and not any(n.startswith("Not reported") for n in r.notes)]
    if missing_rows:
        by = f" by {as_of}" if as_of is not None else ""
        notes.append(f"Not reported by this company{by} (shown empty, never zero): " + ", ".join(missing_rows) + ".")
    if years:
        gone = [y for y in years if y not in available]
        told = [y for y in gone if y in (explained or {})]
        beyond = [y for y in gone if y in (past or set()) and y not in told]
        inside = [y for y in gone if y not in beyond and y not in told]
        if inside:
            notes.append("No values for " + ", ".join(f"FY{y}" for y in inside) + ".")
        notes += [explained[y] for y in told]  # type: ignore[index]
        if beyond:
            notes.append(
                "No values for "
                + ", ".join(f"FY{y}" for y in beyond)
                + f": the XBRL facts end at {facts_end}, before these years' reports (the warning names them)."
            )
        have = {c.fiscal_year for c in columns}
        cut = [y for y in years if y in available and y not in have]
        if cut:
            notes.append(
                f"{param('last')} kept the latest columns: "
                + ", ".join(f"FY{y}" for y in cut)
                + " have values but are not shown."
            )
    return notes


def _last_note(
    out_rows: list[StatementRow], columns: list[StatementColumn], rows: list[_Row], period: str, n: int, default: bool
) -> list[str]:
    """The periods of a table of the N latest (``last``, or the ``default`` count) in which no row has a value: named,
    with the latest earlier period that has one, so that an answer for "the last N years" quotes neither an older
    year as though it were recent nor a gap as though it were not there (Tesla's total_debt at FY2019-FY2021)."""
    blank = [
        col
        for i, col in enumerate(columns)
        if col.fiscal_period != "TTM"
        and all(r.cells[i].value is None and r.cells[i].status in ("absent", "refused") for r in out_rows)
    ]
    if not blank:
        return []
    said = _period_runs([(c.fiscal_year, c.fiscal_period) for c in blank], period)
    first = columns[0]
    before = sorted(
        k for r in rows for k in r.keys(period) if (k[0], ORDER[k[1]]) < (first.fiscal_year, ORDER[first.fiscal_period])
    )
    asked = f"{param('last')} {n}" if not default else f"The default {n} latest periods"
    out = (
        f"{asked} counts fiscal periods, whether they have a value or not: {said} "
        f"{'is' if len(blank) == 1 else 'are'} shown empty (each cell says why)."
    )
    if before:
        fy, fp = before[-1]
        out += f" The latest earlier period with a value is {'FY' + str(fy) if fp == 'FY' else f'{fp} FY{fy}'}"
        out += f"; ask for {param('fiscal_year')} {before[0][0]}..{columns[-1].fiscal_year} to see every year with one."
    return [out]


def _period_runs(keys: list[tuple[int, str]], period: str) -> str:
    """Fiscal periods in words, runs of consecutive ones joined: "FY2019 to FY2021", "Q1 FY2025 to Q2 FY2025"."""
    if period == "annual":
        return year_runs([k[0] for k in keys])
    return runs_in_words(keys, lambda k: k[0] * 4 + int(k[1][1]), lambda k: f"{k[1]} FY{k[0]}")


_IGNORED = re.compile(r"^Facts repeated outside periodic reports were ignored \((.*)\)\.$")


def _hoist(rows: list[StatementRow], notes: list[str]) -> list[StatementRow]:
    """A note several rows repeat is said once for the table: plainly when every row with values has it
    (currency, IFRS), else naming the rows; the per-row counts of facts ignored outside periodic reports are
    summed into one note."""
    with_values = [r for r in rows if r.reported]
    ignored: Counter = Counter()
    for r in rows:
        kept = []
        for n in r.notes:
            m = _IGNORED.match(n)
            if m is None:
                kept.append(n)
                continue
            for part in m.group(1).split(", "):
                count, _, form = part.partition(" in ")
                if count.replace(",", "").isdigit():
                    ignored[form] += int(count.replace(",", ""))
        r.notes = kept
    if len(with_values) > 1:
        order = list(dict.fromkeys(n for r in with_values for n in r.notes))
        for note in order:
            holders = [r for r in with_values if note in r.notes]
            if len(holders) < 2:
                continue
            notes.append(note if len(holders) == len(with_values) else f"{', '.join(r.label for r in holders)}: {note}")
            for r in holders:
                r.notes = [n for n in r.notes if n != note]
    if ignored:
        notes.append(
            "Facts repeated outside periodic reports were ignored ("
            + ", ".join(f"{n:,} in {form}" for form, n in sorted(ignored.items()))
            + ", over all rows)."
        )
    return rows


def year_runs(years: list[int]) -> str:
    """Fiscal years in words, runs broken where a year is missing: "FY2011 to FY2013 and FY2018" (Tesla's
    total_debt, summed in those years and not in FY2014 to FY2017), never one span over the gap."""
    return runs_in_words(years, lambda y: y, lambda y: f"FY{y}")


def _asked(years: list[int] | None) -> str:
    return f"FY{years[0]}" + (f" to FY{years[-1]}" if len(years) > 1 else "") if years else "any fiscal year"


def _raise_no_columns(
    ref: CompanyRef, rows: list[_Row], period: str, years: list[int] | None, facts: CompanyFacts | None = None
) -> None:
    have = sorted({k[0] for r in rows for k in r.keys(period)})
    asked = _asked(years)
    gaps = [g for r in rows for g in unsummed_in(r.series, set(years) if years else None, period)]
    if len(rows) == 1 and gaps:  # a composite whose lines are tagged in those years but cannot be summed
        raise EdgarError(
            "not_found",
            f"No {period} {rows[0].spec.name} for {ref.name} in {asked}: the lines it is summed from are in the "
            f"XBRL facts but cannot be summed without a guess: {describe_unsummed(gaps)}."
            + (f" It is summed for {year_runs(have)}." if have else ""),
            unsummed_suggestion(
                gaps,
                ref.tickers[0] if ref.tickers else ref.cik,
                f"{years[0]}..{years[-1]}" if years and len(years) > 1 else str(years[0]) if years else "",
            ),
            earliest_fiscal_year=have[0] if have else None,
            latest_fiscal_year=have[-1] if have else None,
        )
    # years before the concept's tags begin that the company's facts hold under other tags (TSMC's long_term_debt
    # from FY2020, its facts from FY2015): the tags' span, the facts' span and the related lines tagged then
    before = (
        tags_before_facts(
            ref,
            rows[0].spec,
            facts,
            sorted({v.matched_tag for v in rows[0].series.values}),
            have,
            years,
        )
        if len(rows) == 1 and facts is not None and years and have
        else None
    )
    if before is not None:
        raise EdgarError(
            "not_found",
            f"No {period} {rows[0].spec.name} for {ref.name} in {asked}: {before[0]}.",
            before[1],
            earliest_fiscal_year=have[0],
            latest_fiscal_year=have[-1],
        )
    # years past the facts, which stop short of the filings: the reports of the years asked, if listed
    gap = (
        span_coverage_note(facts, years, quarters=period == "quarterly", inside=False)
        if facts is not None and years
        else None
    )
    raise EdgarError(
        "not_found",
        f"No {period} values for {ref.name} in {asked}"
        + (f": its XBRL facts cover FY{have[0]} to FY{have[-1]}." if have else ".")
        + (f" {gap}" if gap else ""),
        f"Ask for {param('fiscal_year')} {have[0]}..{have[-1]}." if have else f"Try {param('period')} annual.",
        earliest_fiscal_year=have[0] if have else None,
        latest_fiscal_year=have[-1] if have else None,
    )


def _when(v: FactRecord) -> str:
    """A value with its period, for a note: "14,773,260,000 at 2025-09-27", "60,922,000,000 for 2023-01-30 to
    2024-01-28"."""
    return f"{v.value:,} " + (f"for {v.start} to {v.end}" if v.start else f"at {v.end}")

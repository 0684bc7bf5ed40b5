"""Typer wiring only: each command parses, calls one capability, renders.

stdout carries data: a table on a terminal, tab-separated rows in a pipe, or
the format asked for (--format table|tsv|csv|json|nl, or --json/--csv/--tsv/--nl);
everything else goes to stderr. Errors print as {"error": {...}} on stdout
with --json/--nl, as text on stderr otherwise, and exit with the code's status
(see errors.py). The shared machinery (common options, run, progress,
confirmation) is in cli/support.py; the rows of each result in cli/rows.py; the
tables in cli/render.py.

Conventions for a new command (see cli/support.py): ``@app.command("name",
examples=[...])``; a docstring whose first line is the help; ``metavar=`` on
every option that takes a value and ``Literal[...]`` for a fixed set of values;
flag names from vocabulary.PARAM_FLAGS; one ``run(lambda: capability(...))``;
its rows declared in cli/rows.py and, if it has one, its table in cli/render.py; its
name in COMMAND_ORDER.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any, Literal

import typer

from ..errors import EdgarError
from .support import EdgarTyper, OrderedGroup, announce_server, confirm, fail, run, set_global_options

# Top-level commands by task; a command not listed here comes after these.
COMMAND_ORDER = (
    "concept",
    "statement",
    "compare",
    "screen",
    "filings",
    "section",
    "search",
    "index",
    "find",
    "read",
    "verify",
    "resolve",
    "concepts",
    "sync",
    "config",
    "cache",
    "serve-mcp",
)
OrderedGroup.order = COMMAND_ORDER

_CONTEXT = {"help_option_names": ["-h", "--help"]}

app = EdgarTyper(
    name="edgar",
    help="SEC EDGAR financials with provenance: concepts, filings, comparisons, sections, search.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,
    cls=OrderedGroup,
    context_settings=_CONTEXT,
)
cache_app = EdgarTyper(
    help="Inspect or clear the local cache of SEC responses.", no_args_is_help=True, context_settings=_CONTEXT
)
config_app = EdgarTyper(
    help="Show every setting and file location, or save the SEC User-Agent.",
    no_args_is_help=True,
    context_settings=_CONTEXT,
)
index_app = EdgarTyper(
    help="Build, list or prune the local index of filing text that `edgar find` searches.",
    no_args_is_help=True,
    context_settings=_CONTEXT,
)
app.add_typer(cache_app, name="cache")
app.add_typer(config_app, name="config")
app.add_typer(index_app, name="index")

CompanyArg = Annotated[
    str, typer.Argument(metavar="COMPANY", help="Ticker, CIK or company name, e.g. NVDA, 1045810, 'NVIDIA'.")
]
FyOpt = Annotated[
    int | None, typer.Option("--fy", metavar="YEAR", help="Fiscal year by the company's own label, e.g. 2024.")
]
FromOpt = Annotated[
    str | None, typer.Option("--from", "--since", metavar="DATE", help="Earliest filing date, YYYY-MM-DD.")
]
ToOpt = Annotated[str | None, typer.Option("--to", "--until", metavar="DATE", help="Latest filing date, YYYY-MM-DD.")]
CompanyOpt = Annotated[
    str | None, typer.Option("--company", "-c", metavar="COMPANY", help="Only this company: ticker, CIK or name.")
]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation on a terminal.")]
# Kept for commands written before the common options: a command that declares `as_json: JsonOpt = False`
# and calls run(..., as_json) still works (the common --json is then not added to it twice).
JsonOpt = Annotated[bool, typer.Option("--json", help="Same as --format json.")]
FiscalYearsOpt = Annotated[
    str | None,
    typer.Option(
        "--fy",
        metavar="YEAR|FROM..TO",
        help="Fiscal year by the company's own label, e.g. 2024, or a range, e.g. 2020..2024.",
    ),
]
LastOpt = Annotated[
    int | None,
    typer.Option(
        "--last",
        metavar="N",
        help="The latest N periods of a table (fiscal years, or quarters with --period quarterly).",
    ),
]
DeriveOpt = Annotated[
    str | None,
    typer.Option(
        "--derive",
        metavar="q4,ttm",
        help="q4 (Q4 = FY - 9M, quarterly "
        "tables) and/or ttm (trailing twelve months), comma-separated; "
        "derived cells are marked.",
    ),
]
ChartOpt = Annotated[
    bool, typer.Option("--chart", help="Also draw a terminal chart of the table (needs the chart extra).")
]
SCREEN_SECTION_CHARS = 20000  # characters of a section shown on a terminal (get_filing_section's default)
UnitOpt = Annotated[
    str | None,
    typer.Option(
        "--unit",
        metavar="CURRENCY",
        help="Read monetary figures in this "
        "currency, e.g. USD for a foreign filer's convenience translation "
        "(default: the filer's own).",
    ),
]

AsOfOpt = Annotated[
    str | None,
    typer.Option(
        "--as-of",
        metavar="DATE",
        help="Point in time: the figures as known on DATE (YYYY-MM-DD), from filings filed by then; "
        "later revisions are named in notes.",
    ),
]


def complete_concepts(incomplete: str) -> list[str]:
    """Shell completion for concept names (catalogue names and aliases)."""
    from ..xbrl.catalogue import catalogue

    names = sorted({n for c in catalogue().values() for n in (c.name, *c.aliases) if " " not in n})
    return [n for n in names if n.startswith(incomplete.lower())]


def complete_sections(incomplete: str) -> list[str]:
    """Shell completion for section keys of 10-K, 10-Q and 20-F."""
    from ..documents.items import FORMS

    keys = sorted({spec.key for specs in FORMS.values() for spec in specs})
    return [k for k in keys if k.startswith(incomplete.lower())]


def complete_forms(incomplete: str) -> list[str]:
    """Shell completion for form types (the filing families and the full-text search forms)."""
    from ..capabilities.search import ACCEPTED_FORMS
    from ..sec.submissions import FORM_FAMILIES

    forms = list(dict.fromkeys([*FORM_FAMILIES, *ACCEPTED_FORMS]))
    head, _, last = incomplete.rpartition(",")  # --forms 10-K,10-
    prefix = f"{head}," if head else ""
    return [prefix + f for f in forms if f.upper().startswith(last.upper())]


def _csv(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value is not None else None


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("edgar-cli")
        except PackageNotFoundError:  # run from a source tree that was never installed
            from .. import __version__ as v
        sys.stdout.write(f"edgar {v}\n")
        raise typer.Exit(0)


@app.callback()
def _options(
    user_agent: Annotated[
        str | None,
        typer.Option(
            "--user-agent",
            metavar="'NAME EMAIL'",
            help="Sent to the SEC, which requires one; default $SEC_USER_AGENT or the saved one.",
        ),
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Bypass the local cache.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No notes or progress on stderr.")] = False,
    version: Annotated[
        bool, typer.Option("--version", "-V", is_eager=True, callback=_version, help="Print the version and exit.")
    ] = False,
) -> None:
    """SEC EDGAR financials with provenance: concepts, filings, comparisons, sections, search."""
    set_global_options(quiet=quiet, no_cache=no_cache, user_agent=user_agent)


# --- financial data -------------------------------------------------------------------------------


@app.command(
    "concept",
    examples=[
        "edgar concept NVDA revenue --fy 2024",
        "edgar concept AAPL eps_diluted --period quarterly -n 4",
        "edgar concept MSFT us-gaap:ResearchAndDevelopmentExpense",
        "edgar concept NVDA revenue --csv > nvda-revenue.csv",
        "edgar concept NVDA revenue net_income operating_income --fy 2020..2024",
    ],
)
def concept_cmd(
    company: CompanyArg,
    concepts: Annotated[
        list[str],
        typer.Argument(
            metavar="CONCEPT...",
            help="One or more of revenue, net_income, eps_diluted, R&D, ... (see "
            "`edgar concepts`) or raw tags like us-gaap:Revenues; several "
            "give one table, concepts by period.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ],
    fy: FiscalYearsOpt = None,
    period: Annotated[
        Literal["annual", "quarterly", "all"],
        typer.Option("--period", "-p", help="Which periods (all: one concept only)."),
    ] = "annual",
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit", "-n", metavar="N", help="Most values to show for one concept, newest first (1-200, default 8)."
        ),
    ] = None,
    last: LastOpt = None,
    derive: DeriveOpt = None,
    unit: UnitOpt = None,
    as_of: AsOfOpt = None,
    chart: ChartOpt = False,
) -> None:
    """A financial concept's reported values for one company, newest first, each with its provenance; several concepts or years give a table by period."""
    from ..capabilities.statements import concept_command

    _run_table(
        lambda: concept_command(
            company,
            list(concepts),
            fiscal_year=fy,
            period=period,
            limit=limit,
            last=last,
            derive=_csv(derive),
            unit=unit,
            as_of=as_of,
        ),
        chart,
    )


@app.command(
    "compare",
    examples=[
        "edgar compare revenue NVDA AAPL MSFT",
        "edgar compare net_income AAPL MSFT GOOGL --fy 2023 --sort value",
        "edgar compare revenue NVDA AMD --period quarterly --csv > q.csv",
    ],
)
def compare_cmd(
    concept: Annotated[
        str,
        typer.Argument(
            metavar="CONCEPT",
            help="revenue, net_income, total_assets, ... or a raw tag like us-gaap:Revenues.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ],
    companies: Annotated[
        list[str] | None,
        typer.Argument(metavar="COMPANY...", help="2 to 8 companies: tickers, CIKs or names, e.g. NVDA AAPL."),
    ] = None,
    fy: Annotated[
        int | None,
        typer.Option(
            "--fy",
            metavar="YEAR",
            help="Fiscal year by each company's own label, e.g. 2024 (default: the latest all report).",
        ),
    ] = None,
    latest: Annotated[
        bool,
        typer.Option(
            "--latest", help="Each company's own latest fiscal year instead of one year for all (not with --fy)."
        ),
    ] = False,
    period: Annotated[Literal["annual", "quarterly"], typer.Option("--period", "-p", help="Which period.")] = "annual",
    sort: Annotated[
        Literal["given", "value"],
        typer.Option("--sort", help="given (the order of the companies) or value (largest first)."),
    ] = "given",
    peers_of: Annotated[
        str | None,
        typer.Option(
            "--peers-of",
            metavar="COMPANY",
            help="Instead of COMPANY...: rank every company with this one's SIC code (needs `edgar sync`).",
        ),
    ] = None,
    unit: UnitOpt = None,
    align: Annotated[
        Literal["label", "nearest"],
        typer.Option(
            "--align",
            help="label: --fy is each company's own "
            "fiscal-year label; nearest: --fy is a calendar year, each company's fiscal year ending nearest "
            "its December 31.",
        ),
    ] = "label",
    as_of: AsOfOpt = None,
) -> None:
    """One financial concept for 2 to 8 companies side by side, with warnings when the figures do not line up."""
    from ..capabilities.compare import compare_companies

    if peers_of is not None and as_of is not None:

        def refuse() -> None:
            from ..errors import EdgarError

            raise EdgarError(
                "invalid_argument",
                "--as-of does not apply to --peers-of (a screen of the bulk store as it is now).",
                "Name the companies to compare as known on that date.",
            )

        run(refuse)
        return
    if peers_of is not None:  # a peer ranking is a screen over the bulk store, limited to one SIC code
        from ..capabilities.screen import rank_peers

        run(
            lambda: rank_peers(
                concept, peers_of, companies=list(companies or []), fiscal_year=fy, latest=latest, period=period
            )
        )
        return
    run(
        lambda: compare_companies(
            concept,
            list(companies or []),
            fiscal_year=fy,
            latest=latest,
            period=period,
            sort=sort,
            unit=unit,
            align=align,
            as_of=as_of,
        )
    )


@app.command("concepts", examples=["edgar concepts", "edgar concepts revenue", "edgar concepts --csv > concepts.csv"])
def concepts_cmd(
    concept: Annotated[
        str | None,
        typer.Argument(
            metavar="[CONCEPT]",
            help="One concept or alias to show with its tags and caveats.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ] = None,
) -> None:
    """The concept catalogue: every name `edgar concept` takes, its aliases, definition and XBRL tags."""
    from ..capabilities.catalogue import list_concepts

    run(lambda: list_concepts(concept))


# --- filings and their text -----------------------------------------------------------------------


@app.command(
    "filings",
    examples=[
        "edgar filings NVDA --form 10-K",
        "edgar filings AAPL --form 8-K --from 2024-01-01 -n 50",
        "edgar filings TSLA --form 'DEF 14A,4'",
        "edgar filings MSFT --csv > msft-filings.csv",
    ],
)
def filings_cmd(
    company: CompanyArg,
    form: Annotated[
        str | None,
        typer.Option(
            "--form",
            "--forms",
            "-f",
            metavar="FORMS",
            help="Form types, "
            "comma-separated: 10-K, 10-Q, 20-F, 40-F or 8-K (with amendments and variants), any other EDGAR "
            "form type (4, DEF 14A, S-1, ...), or one form such as 10-K/A.",
            autocompletion=lambda incomplete: complete_forms(incomplete),
        ),
    ] = None,
    since: FromOpt = None,
    until: ToOpt = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", metavar="N", help="Most filings to show, newest first (1-1000).")
    ] = 20,
) -> None:
    """A company's filings, newest first, with amendments linked to their originals and its fiscal calendar."""
    from ..capabilities.filings import list_filings

    run(lambda: list_filings(company, forms=_csv(form), filed_from=since, filed_to=until, limit=limit))


@app.command(
    "section",
    examples=[
        "edgar section NVDA risk_factors",
        "edgar section NVDA                      # the outline of its latest 10-K",
        "edgar section AAPL mda --fy 2023 --all > aapl-mda-2023.txt",
        "edgar section AAPL 'Part II Item 1A' --form 10-Q",
        "edgar section --file filing.htm 'Item 7'",
    ],
)
def section_cmd(
    company: Annotated[
        str | None,
        typer.Argument(metavar="[COMPANY]", help="Ticker, CIK or company name, e.g. NVDA (omit with --file)."),
    ] = None,
    section: Annotated[
        str | None,
        typer.Argument(
            metavar="[SECTION]",
            help="risk_factors, mda, financial_statements, "
            "'Item 1A', 'MD&A', 'Part II Item 1A', ...; omit for the outline.",
            autocompletion=lambda incomplete: complete_sections(incomplete),
        ),
    ] = None,
    accession: Annotated[
        str | None,
        typer.Option("--accession", "-a", metavar="ACCESSION", help="Accession number, e.g. 0001045810-25-000023."),
    ] = None,
    fy: FyOpt = None,
    form: Annotated[
        str | None,
        typer.Option(
            "--form",
            "-f",
            metavar="FORM",
            help="10-K (default; a 20-F filer's 20-F), 10-Q or 20-F.",
            autocompletion=lambda incomplete: complete_forms(incomplete),
        ),
    ] = None,
    max_chars: Annotated[
        int | None,
        typer.Option(
            "--max-chars",
            metavar="N",
            help="Most characters of text to "
            "print (0 for the whole section; default 20000 on a terminal, "
            "the whole section into a file or a pipe).",
        ),
    ] = None,
    whole: Annotated[bool, typer.Option("--all", help="The whole section (same as --max-chars 0).")] = False,
    offset: Annotated[
        int,
        typer.Option(
            "--offset",
            metavar="N",
            help="Start this many characters into the section (next_offset of the previous page).",
        ),
    ] = 0,
    file: Annotated[
        str | None,
        typer.Option(
            "--file", metavar="PATH", help="Read a filing document on disk (HTML or .txt) instead of fetching one."
        ),
    ] = None,
) -> None:
    """A named section of a 10-K, 10-Q or 20-F (risk factors, MD&A, ...) as text; without a section, the outline."""
    from ..capabilities.sections import get_filing_outline, get_filing_section

    if file is not None and section is None:  # `edgar section --file PATH SECTION`
        company, section = None, company
    if section is None:
        run(lambda: get_filing_outline(company, accession_number=accession, fiscal_year=fy, form=form, file=file))
        return
    if max_chars is None:  # a screen gets a page; a file or a pipe the whole section (it is being kept)
        import sys

        max_chars = SCREEN_SECTION_CHARS if sys.stdout.isatty() else 0
    run(
        lambda: get_filing_section(
            company,
            section,
            accession_number=accession,
            fiscal_year=fy,
            form=form,
            max_chars=0 if whole else max_chars,
            offset=offset,
            file=file,
        )
    )


@app.command(
    "search",
    examples=[
        "edgar search '\"going concern\"' --form 10-K --from 2023-01-01",
        "edgar search 'climate change' --form 8-K -n 20",
        "edgar search tariffs --company AAPL --csv > hits.csv",
    ],
)
def search_cmd(
    query: Annotated[
        str,
        typer.Argument(
            metavar="QUERY", help="Words to find, e.g. climate change; quote a phrase: '\"going concern\"'."
        ),
    ],
    forms: Annotated[
        str | None,
        typer.Option(
            "--form",
            "--forms",
            "-f",
            metavar="FORMS",
            help="Root forms, comma-separated, e.g. 10-K,10-Q (amendments included).",
            autocompletion=lambda incomplete: complete_forms(incomplete),
        ),
    ] = None,
    filed_from: Annotated[
        str | None,
        typer.Option(
            "--from", "--since", metavar="DATE", help="Earliest filing date, YYYY-MM-DD (2001-01-01 or later)."
        ),
    ] = None,
    filed_to: Annotated[
        str | None,
        typer.Option(
            "--to",
            "--until",
            metavar="DATE",
            help="Latest filing date, YYYY-MM-DD (default today when --from is given).",
        ),
    ] = None,
    company: CompanyOpt = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", metavar="N", help="Most filings to show from the page (1-100).")
    ] = 10,
    page: Annotated[int, typer.Option("--page", metavar="N", help="Page of 100 matching documents (1-100).")] = 1,
) -> None:
    """Search the text of EDGAR filings since 2001 for words or a phrase, one row per matching filing."""
    from ..capabilities.search import search_full_text

    run(
        lambda: search_full_text(
            query, forms=_csv(forms), filed_from=filed_from, filed_to=filed_to, company=company, limit=limit, page=page
        )
    )


@app.command(
    "verify",
    examples=[
        "edgar verify 'NVIDIA reported fiscal 2024 revenue of $60.9 billion.'",
        "edgar verify 'Apple reported net sales of $383.3 billion and $394.3 billion in fiscal 2023 and 2022, "
        "respectively.'",
        "edgar verify 'Tesla diluted EPS was $1.63 in 2021, split-adjusted.'",
        "edgar verify answer.txt --cite 0001045810-24-000029",
        "llm 'NVIDIA revenue FY2024?' | edgar verify - --company NVDA",
    ],
)
def verify_cmd(
    answer: Annotated[
        str, typer.Argument(metavar="ANSWER", help="The answer to check: its text, a file holding it, or - for stdin.")
    ],
    cite: Annotated[
        list[str] | None,
        typer.Option(
            "--cite",
            metavar="ACCESSION",
            help="An accession number "
            "(0001045810-24-000029) or document (ACCESSION:file.htm) the answer cites; repeat for several. "
            "Only these are then searched.",
        ),
    ] = None,
    company: Annotated[
        str | None,
        typer.Option(
            "--company",
            "-c",
            metavar="COMPANY",
            help="The company the answer "
            "is about: ticker, CIK or name (optional when the answer names exactly one company, or a "
            "cited accession is its own).",
        ),
    ] = None,
    excerpt: Annotated[
        list[str] | None,
        typer.Option(
            "--excerpt", metavar="TEXT", help="A passage the answer relies on (text or a file); repeat for several."
        ),
    ] = None,
) -> None:
    """Check that every figure in an answer is grounded in the XBRL facts or text of the filings it cites (exit 10 if not)."""
    from ..capabilities.verify import verify_answer

    run(
        lambda: verify_answer(
            _text_argument(answer, "answer"),
            company=company,
            cite=list(cite or []) or None,
            excerpts=[_text_argument(e, "excerpt") for e in excerpt or []] or None,
        )
    )


def _text_argument(value: str, name: str) -> str:
    """TEXT, a path to a file holding it, or - for standard input."""
    from pathlib import Path

    if value == "-":  # read as UTF-8 whatever the locale says, as a file is (an LLM's curly quotes under LC_ALL=C)
        buffer = getattr(sys.stdin, "buffer", None)
        return buffer.read().decode("utf-8", errors="replace") if buffer is not None else sys.stdin.read()
    path = Path(value)
    try:
        is_file = len(value) < 1024 and "\n" not in value and path.is_file()
    except OSError:
        is_file = False
    if not is_file:
        return value
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise EdgarError(
            "invalid_argument",
            f"Cannot read the {name} file {value!r}: {exc.strerror}.",
            "Pass the text itself, a readable file, or - for standard input.",
        ) from None


@app.command("resolve", examples=["edgar resolve NVDA", "edgar resolve 'Apple Inc'", "edgar resolve 320193"])
def resolve_cmd(
    query: Annotated[
        str, typer.Argument(metavar="COMPANY", help="Ticker, CIK or company name, e.g. NVDA, 1045810, 'NVIDIA'.")
    ],
) -> None:
    """Identify a company by ticker, CIK or name, refusing to guess between close names."""
    from ..capabilities.resolve import resolve_company

    run(lambda: resolve_company(query))


# --- the local filing-text index: edgar index add/list/remove, edgar find, edgar read ----------------


@index_app.command(
    "add",
    examples=[
        "edgar index add NVDA AAPL",
        "edgar index add MSFT --form 10-K,10-Q --years 2",
        "edgar index add NVDA --accession 0001045810-25-000023",
    ],
)
def index_add_cmd(
    companies: Annotated[
        list[str] | None,
        typer.Argument(metavar="COMPANY...", help="Tickers, CIKs or company names, e.g. NVDA AAPL."),
    ] = None,
    forms: Annotated[
        str,
        typer.Option(
            "--form",
            "--forms",
            "-f",
            metavar="FORMS",
            help="Form families, comma-separated: 10-K, 10-Q, 20-F.",
            autocompletion=lambda incomplete: complete_forms(incomplete),
        ),
    ] = "10-K",
    years: Annotated[
        int, typer.Option("--years", metavar="N", help="Latest fiscal years to index per company and form (1-30).")
    ] = 3,
    accession: Annotated[
        list[str] | None,
        typer.Option(
            "--accession",
            "-a",
            metavar="ACCESSION",
            help="Index exactly this filing of the companies instead; repeat for several.",
        ),
    ] = None,
    document: Annotated[
        list[str] | None,
        typer.Option(
            "--document",
            metavar="URL",
            help="Index this primary "
            "document (an SEC Archives URL) instead, for a filing the submissions history does not list; "
            "repeat for several.",
        ),
    ] = None,
    refresh: Annotated[bool, typer.Option("--refresh", help="Re-index filings already in the index.")] = False,
    semantic: Annotated[
        bool | None,
        typer.Option(
            "--semantic/--no-semantic", help="Write chunk vectors (default: when the semantic extra is installed)."
        ),
    ] = None,
) -> None:
    """Add companies' 10-K/10-Q/20-F filings to the local text index, split into sections and chunks."""
    from ..capabilities.local_index import index_add

    run(
        lambda: index_add(
            list(companies or []),
            forms=forms,
            years=years,
            accession_numbers=list(accession or []) or None,
            documents=list(document or []) or None,
            refresh=refresh,
            semantic=semantic,
        )
    )


@index_app.command("list", examples=["edgar index list", "edgar index list --csv > indexed.csv"])
def index_list_cmd() -> None:
    """The filings in the local text index, with their sections, chunks and vectors."""
    from ..capabilities.local_index import index_list

    run(index_list)


@index_app.command(
    "remove",
    examples=[
        "edgar index remove AAPL",
        "edgar index remove --accession 0001045810-25-000023",
        "edgar index remove --all --yes",
    ],
)
def index_remove_cmd(
    companies: Annotated[
        list[str] | None, typer.Argument(metavar="[COMPANY...]", help="Remove every filing of these companies.")
    ] = None,
    accession: Annotated[
        list[str] | None,
        typer.Option("--accession", "-a", metavar="ACCESSION", help="Remove this filing; repeat for several."),
    ] = None,
    all_filings: Annotated[bool, typer.Option("--all", help="Remove every filing.")] = False,
    yes: YesOpt = False,
) -> None:
    """Remove filings from the local text index: by company, by accession number, or all."""
    from ..capabilities.local_index import index_remove
    from ..index.store import index_location

    if all_filings and not confirm(f"Remove every filing from the local index {index_location()}?", yes=yes):
        sys.stderr.write("Nothing was removed.\n")
        return
    run(
        lambda: index_remove(
            list(companies or []) or None, accession_numbers=list(accession or []) or None, all_filings=all_filings
        )
    )


@app.command(
    "find",
    examples=[
        "edgar find 'export controls China'",
        "edgar find 'supply chain concentration' --company AAPL --section risk_factors",
        "edgar find 'going concern' --match phrase --csv > passages.csv",
    ],
)
def find_cmd(
    query: Annotated[str, typer.Argument(metavar="QUERY", help="Words or a question, e.g. 'export controls China'.")],
    company: CompanyOpt = None,
    exclude: Annotated[
        str | None,
        typer.Option(
            "--exclude", metavar="COMPANIES", help="Leave out these companies, comma-separated, e.g. AAPL,MSFT."
        ),
    ] = None,
    forms: Annotated[
        str | None,
        typer.Option(
            "--form",
            "--forms",
            "-f",
            metavar="FORMS",
            help="Form families, comma-separated, e.g. 10-K,10-Q.",
            autocompletion=lambda incomplete: complete_forms(incomplete),
        ),
    ] = None,
    section: Annotated[
        str | None,
        typer.Option(
            "--section",
            metavar="SECTION",
            help="Only this section: risk_factors, mda, 'Item 1A', ...",
            autocompletion=lambda incomplete: complete_sections(incomplete),
        ),
    ] = None,
    filed_from: FromOpt = None,
    filed_to: ToOpt = None,
    match: Annotated[
        Literal["ranked", "phrase"],
        typer.Option("--match", help="ranked (BM25, + semantic when available) or phrase (the words in order)."),
    ] = "ranked",
    ranker: Annotated[
        Literal["auto", "hybrid", "bm25", "semantic"],
        typer.Option(
            "--ranker",
            help="How to rank "
            "passages: auto is hybrid when "
            "vectors exist, else bm25 (the only "
            "ranker of --match phrase).",
        ),
    ] = "auto",
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="Most passages to show (1-50).")] = 5,
    per_company: Annotated[
        int | None, typer.Option("--per-company", metavar="N", help="Most passages from any one company.")
    ] = None,
    max_excerpt_chars: Annotated[
        int, typer.Option("--max-excerpt-chars", metavar="N", help="Longest excerpt in characters (80-5000).")
    ] = 600,
) -> None:
    """Search the locally indexed filings for passages that answer a query, with excerpts and provenance."""
    from ..capabilities.documents_search import search_documents

    run(
        lambda: search_documents(
            query,
            company=company,
            exclude=_csv(exclude),
            forms=_csv(forms),
            section=section,
            filed_from=filed_from,
            filed_to=filed_to,
            match=match,
            ranker=ranker,
            limit=limit,
            per_company=per_company,
            max_excerpt_chars=max_excerpt_chars,
        )
    )


@app.command(
    "read",
    examples=[
        "edgar read 0001045810-25-000023:risk_factors --lines 120-180",
        "edgar read --around 0001045810-25-000023:risk_factors:0004",
    ],
)
def read_cmd(
    doc_id: Annotated[
        str | None, typer.Argument(metavar="[DOC_ID]", help="Document id from `edgar find`: ACCESSION:section.")
    ] = None,
    lines: Annotated[
        str | None,
        typer.Option("--lines", metavar="FROM-TO", help="Line range, e.g. 120-180 (default: the first 200)."),
    ] = None,
    around: Annotated[
        str | None,
        typer.Option(
            "--around", metavar="CHUNK_ID", help="A chunk id from `edgar find`: that chunk with its neighbours."
        ),
    ] = None,
) -> None:
    """Numbered lines of an indexed filing section, for reading around a search excerpt."""
    from ..capabilities.documents_search import read_document

    run(lambda: read_document(doc_id, lines=lines, around=around))


# --- bulk store: edgar sync, edgar screen ----------------------------------------------------------


@app.command("sync", examples=["edgar sync", "edgar sync --json", "edgar sync --from ~/Downloads/sec-bulk"])
def sync_cmd(
    source: Annotated[
        list[str] | None,
        typer.Option(
            "--from",
            metavar="PATH",
            help="Take the archives from disk "
            "instead of downloading them: a folder holding companyfacts.zip and submissions.zip, or the "
            "two files (repeat --from).",
        ),
    ] = None,
) -> None:
    """Download the SEC's nightly bulk archives (companyfacts.zip, submissions.zip) and update the local store."""
    from ..capabilities.bulk_sync import sync_bulk
    from .render import sync_progress

    with sync_progress() as progress:
        run(lambda: sync_bulk(source=list(source) if source else None, progress=progress))


@app.command(
    "screen",
    examples=[
        "edgar screen revenue --fy 2024 --min 1e9",
        "edgar screen net_income --calendar 2024 --sort value_asc --limit 20",
        "edgar screen revenue --fy 2024 --peers-of NVDA --csv > peers.csv",
    ],
)
def screen_cmd(
    concept: Annotated[
        str,
        typer.Argument(
            metavar="CONCEPT",
            help="revenue, net_income, total_assets, ... or a raw tag like us-gaap:Revenues.",
            autocompletion=lambda incomplete: complete_concepts(incomplete),
        ),
    ],
    fy: Annotated[
        int | None, typer.Option("--fy", metavar="YEAR", help="Fiscal year by each company's own label, e.g. 2024.")
    ] = None,
    calendar: Annotated[
        int | None,
        typer.Option(
            "--calendar", metavar="YEAR", help="Instead of --fy: annual periods ending in this calendar year."
        ),
    ] = None,
    minimum: Annotated[
        float | None, typer.Option("--min", metavar="VALUE", help="Only values at or above this, e.g. 1e9.")
    ] = None,
    maximum: Annotated[
        float | None, typer.Option("--max", metavar="VALUE", help="Only values at or below this.")
    ] = None,
    sort: Annotated[
        Literal["value_desc", "value_asc", "name"],
        typer.Option("--sort", help="value_desc (largest first), value_asc or name."),
    ] = "value_desc",
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="Most rows to show (1-1000).")] = 50,
    form: Annotated[
        str | None,
        typer.Option(
            "--form",
            "--forms",
            "-f",
            metavar="FORMS",
            help="Only values from 10-K, 20-F or 40-F reports (comma-separated).",
        ),
    ] = None,
    fye: Annotated[
        int | None, typer.Option("--fye", metavar="MONTH", help="Only fiscal years ending in this month, 1-12.")
    ] = None,
    unit: Annotated[
        str | None,
        typer.Option(
            "--unit", metavar="UNIT", help="USD (default for money), USD/shares, shares, or a currency such as TWD."
        ),
    ] = None,
    peers_of: Annotated[
        str | None,
        typer.Option("--peers-of", metavar="COMPANY", help="Only companies with the same SIC code as this one."),
    ] = None,
) -> None:
    """One financial concept across every filer in the local bulk store, for one fiscal or calendar year."""
    from ..capabilities.screen import screen_companies

    run(
        lambda: screen_companies(
            concept,
            fiscal_year=fy,
            calendar_year=calendar,
            minimum=minimum,
            maximum=maximum,
            sort=sort,
            limit=limit,
            forms=_csv(form),
            fiscal_year_end=fye,
            unit=unit,  # type: ignore[arg-type]
            peers_of=peers_of,
        )
    )


# --- settings, the cache, the MCP server ----------------------------------------------------------


@config_app.command("show", examples=["edgar config show", "edgar config show --json"])
def config_show_cmd() -> None:
    """Every setting and file location (config, cache, rate-limit bucket, index) and where each value came from."""
    from ..capabilities.admin import config_show

    run(config_show)


@config_app.command(
    "user-agent", examples=["edgar config user-agent 'Jane Doe jane@example.com'", "edgar config user-agent"]
)
def config_user_agent_cmd(
    value: Annotated[
        str | None,
        typer.Argument(
            metavar="['NAME EMAIL']", help="e.g. 'Jane Doe jane@example.com'. Omit to show the one in force."
        ),
    ] = None,
) -> None:
    """Show or save the User-Agent sent to the SEC."""
    from ..capabilities.admin import user_agent_setting

    run(lambda: user_agent_setting(value))


@cache_app.command("info", examples=["edgar cache info"])
def cache_info_cmd() -> None:
    """Where the cache lives, how many entries it holds and how large it is."""
    from ..capabilities.admin import cache_info

    run(cache_info)


@cache_app.command("clear", examples=["edgar cache clear", "edgar cache clear --yes"])
def cache_clear_cmd(yes: YesOpt = False) -> None:
    """Delete every cached SEC response (the next run fetches afresh)."""
    from ..capabilities.admin import cache_clear
    from ..config import cache_dir

    if not confirm(f"Delete every cached SEC response in {cache_dir()}?", yes=yes):
        sys.stderr.write("Nothing was deleted.\n")
        return
    run(cache_clear)


@app.command(
    "serve-mcp",
    formats=False,
    examples=[
        "edgar serve-mcp",
        "edgar serve-mcp --transport streamable-http --host 127.0.0.1 --port 8000",
    ],
)
def serve_mcp_cmd(
    transport: Annotated[
        str,
        typer.Option(
            "--transport", metavar="stdio|streamable-http", help="stdio (for a desktop client) or streamable-http."
        ),
    ] = "stdio",
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="Address to bind for streamable-http; other than loopback needs --auth-token.",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="Port for streamable-http.")] = 8000,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            metavar="HOST",
            help="A Host header "
            "to accept besides loopback and --host, e.g. a reverse proxy's edgar.example.com; "
            "repeat for several.",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            metavar="ORIGIN",
            help="An Origin to accept besides loopback, e.g. https://app.example.com; repeat for several.",
        ),
    ] = None,
    auth_token: Annotated[
        str | None,
        typer.Option(
            "--auth-token",
            metavar="TOKEN",
            help="Bearer token clients must send (default $EDGAR_MCP_TOKEN); at least 16 characters.",
        ),
    ] = None,
    insecure_no_auth: Annotated[
        bool,
        typer.Option(
            "--insecure-no-auth", help="Serve a non-loopback address without a token (trusted networks only)."
        ),
    ] = False,
    stateless: Annotated[
        bool, typer.Option("--stateless", help="No session state between requests (several replicas behind one proxy).")
    ] = False,
    json_response: Annotated[
        bool, typer.Option("--json-response", help="Answer each request with plain JSON instead of an event stream.")
    ] = False,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            metavar="N",
            help="Open connections to accept for streamable-http; more are answered 503.",
        ),
    ] = 1000,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            metavar="SECONDS",
            help="Close a streamable-http connection that has not sent a request's headers by then.",
        ),
    ] = 10.0,
) -> None:
    """Run the MCP server: every edgar capability as a tool (stdio or streamable HTTP)."""
    from ..mcp.server import serve
    from ..vocabulary import set_surface

    set_surface("cli")  # a refused configuration is read by the operator; the server switches to "mcp"
    try:
        serve(
            transport,
            on_ready=lambda: announce_server(transport, host, port, list(allowed_host or [])),
            host=host,
            port=port,
            allowed_hosts=list(allowed_host or []),
            allowed_origins=list(allowed_origin or []),
            auth_token=auth_token,
            insecure_no_auth=insecure_no_auth,
            stateless=stateless,
            json_response=json_response,
            max_connections=max_connections,
            header_timeout=header_timeout,
        )
    except EdgarError as exc:
        fail(exc)


# --- statements: edgar statement (issue 19) ----------------------------------------------------


def _run_table(call: Callable[[], Any], chart: bool) -> None:
    """run(), then a chart of the table when asked for and shown as a table (rendering only: the result is
    the same)."""
    from .output import default_format
    from .support import current_format

    results: list[Any] = []
    run(lambda: results.append(call()) or results[-1])
    if (
        chart
        and (current_format() or default_format()) == "table"
        and results
        and type(results[-1]).__name__ == "StatementResult"
    ):
        from .render import render_chart

        render_chart(results[-1])


@app.command(
    "statement",
    examples=[
        "edgar statement NVDA income --last 5",
        "edgar statement AAPL balance --fy 2020..2024",
        "edgar statement NVDA income --period quarterly --derive q4 --csv > nvda-q.csv",
    ],
)
def statement_cmd(
    company: CompanyArg,
    statement: Annotated[
        Literal["income", "balance", "cashflow"],
        typer.Argument(metavar="STATEMENT", help="income, balance or cashflow."),
    ],
    fy: FiscalYearsOpt = None,
    last: LastOpt = None,
    period: Annotated[Literal["annual", "quarterly"], typer.Option("--period", "-p", help="Which periods.")] = "annual",
    derive: DeriveOpt = None,
    unit: UnitOpt = None,
    as_of: AsOfOpt = None,
    chart: ChartOpt = False,
) -> None:
    """A company's income statement, balance sheet or cash-flow statement by fiscal period, every cell with its filing."""
    from ..capabilities.statements import get_financial_statement

    _run_table(
        lambda: get_financial_statement(
            company,
            statement,
            fiscal_year=fy,
            last=last,
            period=period,  # type: ignore[arg-type]
            derive=_csv(derive),
            unit=unit,
            as_of=as_of,
        ),
        chart,
    )  # type: ignore[arg-type]

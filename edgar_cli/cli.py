"""Typer wiring only: each command parses, calls one capability, renders.

stdout carries data (a table, or with --json the result model); everything
else goes to stderr. Errors print as {"error": {...}} on stdout with --json,
as text on stderr otherwise, and exit with the code's status (see errors.py).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any, Callable, Optional

import typer

from .errors import EdgarError, ExitStatus

app = typer.Typer(
    name="edgar",
    help="SEC EDGAR financials with provenance: concepts, filings, comparisons, sections, search.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,
)
cache_app = typer.Typer(help="Inspect or clear the local cache of SEC responses.", no_args_is_help=True)
config_app = typer.Typer(help="Show or change settings (the SEC User-Agent).", no_args_is_help=True)
app.add_typer(cache_app, name="cache")
app.add_typer(config_app, name="config")

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON on stdout.")]
CompanyArg = Annotated[str, typer.Argument(help="Ticker, CIK or company name, e.g. NVDA, 1045810, 'NVIDIA'.")]

_state: dict[str, Any] = {"user_agent": None, "no_cache": False}


def complete_concepts(incomplete: str) -> list[str]:
    """Shell completion for concept names (catalogue names and aliases)."""
    from .xbrl.catalogue import catalogue

    names = sorted({n for c in catalogue().values() for n in (c.name, *c.aliases) if " " not in n})
    return [n for n in names if n.startswith(incomplete.lower())]


def complete_sections(incomplete: str) -> list[str]:
    """Shell completion for section keys of 10-K, 10-Q and 20-F."""
    from .documents.items import FORMS

    keys = sorted({spec.key for specs in FORMS.values() for spec in specs})
    return [k for k in keys if k.startswith(incomplete.lower())]


def complete_forms(incomplete: str) -> list[str]:
    """Shell completion for form types (the filing families and the full-text search forms)."""
    from .capabilities.search import ACCEPTED_FORMS
    from .sec.submissions import FORM_FAMILIES

    forms = list(dict.fromkeys([*FORM_FAMILIES, *ACCEPTED_FORMS]))
    head, _, last = incomplete.rpartition(",")  # --forms 10-K,10-
    prefix = f"{head}," if head else ""
    return [prefix + f for f in forms if f.upper().startswith(last.upper())]


@app.callback()
def _options(
    user_agent: Annotated[Optional[str], typer.Option("--user-agent",
                          help="'Name email' sent to the SEC (required by its fair-access policy); default $SEC_USER_AGENT.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Bypass the local cache.")] = False,
) -> None:
    _state["user_agent"] = user_agent
    _state["no_cache"] = no_cache


def _install_client() -> None:
    from .config import Settings
    from .sec.client import set_client, SecClient

    settings = Settings.from_env(user_agent=_state["user_agent"], no_cache=_state["no_cache"] or None)
    set_client(SecClient(settings))


def run(call: Callable[[], Any], as_json: bool) -> None:
    """Call a capability, print its result or its error, exit with the right status."""
    from .sec.transport import within_command_deadline
    from .vocabulary import set_surface

    set_surface("cli")
    _install_client()
    try:
        result = within_command_deadline(call)
    except EdgarError as exc:
        _fail(exc.to_dict(), exc.exit_status, as_json)
        return
    except KeyboardInterrupt:
        raise typer.Exit(130)
    except Exception as exc:  # a bug: say so plainly, keep the traceback for EDGAR_DEBUG
        if os.environ.get("EDGAR_DEBUG") == "1":
            raise
        err = EdgarError("internal_error", f"Unexpected {type(exc).__name__}: {exc}",
                         "This is a bug in edgar; rerun with EDGAR_DEBUG=1 for the traceback and report it.")
        _fail(err.to_dict(), ExitStatus.INTERNAL_ERROR, as_json)
        return
    if as_json:
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    else:
        from .render import render

        render(result)
    status = getattr(result, "exit_status", 0)
    if status:
        raise typer.Exit(int(status))


def _fail(error: dict, status: int, as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(error, indent=2) + "\n")
    else:
        from .render import render_error

        render_error(error)
    raise typer.Exit(int(status))


# --- commands --------------------------------------------------------------


@app.command("resolve")
def resolve_cmd(query: CompanyArg, as_json: JsonOpt = False) -> None:
    """Identify a company by ticker, CIK or name, refusing to guess between close names."""
    from .capabilities.resolve import resolve_company

    run(lambda: resolve_company(query), as_json)


@app.command("concept")
def concept_cmd(
    company: CompanyArg,
    concept: Annotated[str, typer.Argument(help="revenue, net_income, eps_diluted, R&D, ... or a raw tag like us-gaap:Revenues.",
                                           autocompletion=lambda incomplete: complete_concepts(incomplete))],
    fy: Annotated[Optional[int], typer.Option("--fy", help="Fiscal year by the company's own label, e.g. 2024.")] = None,
    period: Annotated[str, typer.Option("--period", help="annual, quarterly or all.")] = "annual",
    limit: Annotated[int, typer.Option("--limit", help="Most values to show, newest first.")] = 8,
    as_json: JsonOpt = False,
) -> None:
    """A financial concept's reported values for one company, newest first, each with its provenance."""
    from .capabilities.concepts import get_financial_concept

    run(lambda: get_financial_concept(company, concept, fiscal_year=fy, period=period, limit=limit), as_json)  # type: ignore[arg-type]


@cache_app.command("info")
def cache_info_cmd(as_json: JsonOpt = False) -> None:
    """Where the cache lives, how many entries it holds and how large it is."""
    from .capabilities.admin import cache_info

    run(cache_info, as_json)


@cache_app.command("clear")
def cache_clear_cmd(as_json: JsonOpt = False) -> None:
    """Delete every cached SEC response (the next run fetches afresh)."""
    from .capabilities.admin import cache_clear

    run(cache_clear, as_json)


@config_app.command("user-agent")
def config_user_agent_cmd(
    value: Annotated[Optional[str], typer.Argument(help="'Name email', e.g. 'Jane Doe jane@example.com'. Omit to show.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show or save the User-Agent sent to the SEC."""
    from .capabilities.admin import user_agent_setting

    run(lambda: user_agent_setting(value), as_json)


@app.command("search")
def search_cmd(
    query: Annotated[str, typer.Argument(help='Words to find, e.g. climate change; quote a phrase: \'"going concern"\'.')],
    forms: Annotated[Optional[str], typer.Option("--form", "--forms", help="Root forms, comma-separated, e.g. 10-K,10-Q (amendments included).", autocompletion=lambda incomplete: complete_forms(incomplete))] = None,
    filed_from: Annotated[Optional[str], typer.Option("--from", help="Earliest filing date, YYYY-MM-DD (2001-01-01 or later).")] = None,
    filed_to: Annotated[Optional[str], typer.Option("--to", help="Latest filing date, YYYY-MM-DD (default today when --from is given).")] = None,
    company: Annotated[Optional[str], typer.Option("--company", help="Only this company's filings: ticker, CIK or name.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="Most filings to show from the page (1-100).")] = 10,
    page: Annotated[int, typer.Option("--page", help="Page of 100 matching documents (1-100).")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Search the text of EDGAR filings since 2001 for words or a phrase, one row per matching filing."""
    from .capabilities.search import search_full_text

    run(lambda: search_full_text(query, forms=forms.split(",") if forms is not None else None, filed_from=filed_from,
                                 filed_to=filed_to, company=company, limit=limit, page=page), as_json)


@app.command("compare")
def compare_cmd(
    concept: Annotated[str, typer.Argument(help="revenue, net_income, total_assets, ... or a raw tag like us-gaap:Revenues.")],
    companies: Annotated[list[str], typer.Argument(help="2 to 8 companies: tickers, CIKs or names, e.g. NVDA AAPL.")],
    fy: Annotated[Optional[int], typer.Option("--fy", help="Fiscal year by each company's own label, e.g. 2024 (default: the latest all report).")] = None,
    period: Annotated[str, typer.Option("--period", help="annual or quarterly.")] = "annual",
    sort: Annotated[str, typer.Option("--sort", help="given (the order of COMPANIES) or value (largest first).")] = "given",
    as_json: JsonOpt = False,
) -> None:
    """One financial concept for 2 to 8 companies side by side, with warnings when the figures do not line up."""
    from .capabilities.compare import compare_companies

    run(lambda: compare_companies(concept, list(companies), fiscal_year=fy, period=period, sort=sort), as_json)  # type: ignore[arg-type]


@app.command("filings")
def filings_cmd(
    company: CompanyArg,
    form: Annotated[Optional[str], typer.Option("--form", "--forms", help="Form types, comma-separated: 10-K, 10-Q, 20-F, 40-F or 8-K (with amendments and variants), any other EDGAR form type (4, DEF 14A, S-1, ...), or one form such as 10-K/A.", autocompletion=lambda incomplete: complete_forms(incomplete))] = None,
    since: Annotated[Optional[str], typer.Option("--from", "--since", help="Earliest filing date, YYYY-MM-DD.")] = None,
    until: Annotated[Optional[str], typer.Option("--to", "--until", help="Latest filing date, YYYY-MM-DD.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="Most filings to show, newest first (1-1000).")] = 20,
    as_json: JsonOpt = False,
) -> None:
    """A company's filings, newest first, with amendments linked to their originals and its fiscal calendar."""
    from .capabilities.filings import list_filings

    run(lambda: list_filings(company, forms=_csv(form), filed_from=since, filed_to=until, limit=limit), as_json)


@app.command("serve-mcp")
def serve_mcp_cmd(
    transport: Annotated[str, typer.Option("--transport", help="stdio (for a desktop client) or streamable-http.")] = "stdio",
    host: Annotated[str, typer.Option("--host", help="Address to bind for streamable-http.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port for streamable-http.")] = 8000,
) -> None:
    """Run the MCP server: every edgar capability as a tool (stdio or streamable HTTP)."""
    from .mcp_server import serve

    try:
        serve(transport, host, port)
    except EdgarError as exc:
        from .render import render_error

        render_error(exc.to_dict())
        raise typer.Exit(int(exc.exit_status))


@app.command("section")
def section_cmd(
    company: Annotated[Optional[str], typer.Argument(help="Ticker, CIK or company name, e.g. NVDA (omit with --file).")] = None,
    section: Annotated[Optional[str], typer.Argument(help="risk_factors, mda, financial_statements, 'Item 1A', 'MD&A', 'Part II Item 1A', ...",
                                                     autocompletion=lambda incomplete: complete_sections(incomplete))] = None,
    accession: Annotated[Optional[str], typer.Option("--accession", help="Accession number, e.g. 0001045810-25-000023.")] = None,
    fy: Annotated[Optional[int], typer.Option("--fy", help="Fiscal year by the company's own label, e.g. 2024.")] = None,
    form: Annotated[Optional[str], typer.Option("--form", help="10-K (default), 10-Q or 20-F.", autocompletion=lambda incomplete: complete_forms(incomplete))] = None,
    max_chars: Annotated[int, typer.Option("--max-chars", help="Most characters of text to print (1-200000).")] = 20000,
    offset: Annotated[int, typer.Option("--offset", help="Start this many characters into the section (next_offset of the previous page).")] = 0,
    file: Annotated[Optional[str], typer.Option("--file", help="Read a filing document on disk (HTML or .txt) instead of fetching one.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """A named section of a 10-K, 10-Q or 20-F (risk factors, MD&A, ...) as clean text, with provenance."""
    from .capabilities.sections import get_filing_section

    if file is not None and section is None:  # `edgar section --file PATH SECTION`
        company, section = None, company
    run(lambda: get_filing_section(company, section or "", accession_number=accession, fiscal_year=fy, form=form,
                                   max_chars=max_chars, offset=offset, file=file), as_json)


def _text_argument(value: str, name: str) -> str:
    """TEXT, a path to a file holding it, or - for standard input."""
    from pathlib import Path

    if value == "-":
        return sys.stdin.read()
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
        raise EdgarError("invalid_argument", f"Cannot read the {name} file {value!r}: {exc.strerror}.",
                         "Pass the text itself, a readable file, or - for standard input.") from None


@app.command("verify")
def verify_cmd(
    answer: Annotated[str, typer.Argument(help="The answer to check: its text, a file holding it, or - for stdin.")],
    cite: Annotated[Optional[list[str]], typer.Option("--cite", help="An accession number (0001045810-24-000029) or document (ACCESSION:file.htm) the answer cites; repeat for several. Only these are then searched.")] = None,
    company: Annotated[Optional[str], typer.Option("--company", help="The company the answer is about: ticker, CIK or name (optional when a cited accession is its own).")] = None,
    excerpt: Annotated[Optional[list[str]], typer.Option("--excerpt", help="A passage the answer relies on (text or a file); repeat for several.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check that every figure in an answer is grounded in the XBRL facts or text of the filings it cites (exit 10 if not)."""
    from .capabilities.verify import verify_answer

    run(lambda: verify_answer(_text_argument(answer, "answer"), company=company, cite=list(cite or []) or None,
                              excerpts=[_text_argument(e, "excerpt") for e in excerpt or []] or None), as_json)


# --- local filing-text index: edgar index add/list/remove, edgar find, edgar read ---------------------

index_app = typer.Typer(help="Build, list or prune the local index of filing text that `edgar find` searches.",
                        no_args_is_help=True)
app.add_typer(index_app, name="index")


def _csv(value: Optional[str]) -> Optional[list[str]]:
    return [v.strip() for v in value.split(",") if v.strip()] if value is not None else None


@index_app.command("add")
def index_add_cmd(
    companies: Annotated[list[str], typer.Argument(help="Tickers, CIKs or company names, e.g. NVDA AAPL.")],
    forms: Annotated[str, typer.Option("--form", "--forms", help="Form families, comma-separated: 10-K, 10-Q, 20-F.", autocompletion=lambda incomplete: complete_forms(incomplete))] = "10-K",
    years: Annotated[int, typer.Option("--years", help="Latest fiscal years to index per company and form (1-30).")] = 3,
    accession: Annotated[Optional[list[str]], typer.Option("--accession", help="Index exactly this filing of the companies instead; repeat for several.")] = None,
    refresh: Annotated[bool, typer.Option("--refresh", help="Re-index filings already in the index.")] = False,
    semantic: Annotated[Optional[bool], typer.Option("--semantic/--no-semantic", help="Write chunk vectors (default: when the semantic extra is installed).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Add companies' 10-K/10-Q/20-F filings to the local text index, split into sections and chunks."""
    from .capabilities.local_index import index_add

    run(lambda: index_add(list(companies), forms=forms, years=years, accession_numbers=list(accession or []) or None,
                          refresh=refresh, semantic=semantic), as_json)


@index_app.command("list")
def index_list_cmd(as_json: JsonOpt = False) -> None:
    """The filings in the local text index, with their sections, chunks and vectors."""
    from .capabilities.local_index import index_list

    run(index_list, as_json)


@index_app.command("remove")
def index_remove_cmd(
    companies: Annotated[Optional[list[str]], typer.Argument(help="Remove every filing of these companies.")] = None,
    accession: Annotated[Optional[list[str]], typer.Option("--accession", help="Remove this filing; repeat for several.")] = None,
    all_filings: Annotated[bool, typer.Option("--all", help="Remove every filing.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Remove filings from the local text index: by company, by accession number, or all."""
    from .capabilities.local_index import index_remove

    run(lambda: index_remove(list(companies or []) or None, accession_numbers=list(accession or []) or None,
                             all_filings=all_filings), as_json)


@app.command("find")
def find_cmd(
    query: Annotated[str, typer.Argument(help="Words or a question, e.g. 'export controls China'.")],
    company: Annotated[Optional[str], typer.Option("--company", help="Only this company: ticker, CIK or name.")] = None,
    exclude: Annotated[Optional[str], typer.Option("--exclude", help="Leave out these companies, comma-separated, e.g. AAPL,MSFT.")] = None,
    forms: Annotated[Optional[str], typer.Option("--form", "--forms", help="Form families, comma-separated, e.g. 10-K,10-Q.", autocompletion=lambda incomplete: complete_forms(incomplete))] = None,
    section: Annotated[Optional[str], typer.Option("--section", help="Only this section: risk_factors, mda, 'Item 1A', ...", autocompletion=lambda incomplete: complete_sections(incomplete))] = None,
    filed_from: Annotated[Optional[str], typer.Option("--from", help="Earliest filing date, YYYY-MM-DD.")] = None,
    filed_to: Annotated[Optional[str], typer.Option("--to", help="Latest filing date, YYYY-MM-DD.")] = None,
    match: Annotated[str, typer.Option("--match", help="ranked (BM25, + semantic when available) or phrase (the words in order).")] = "ranked",
    ranker: Annotated[str, typer.Option("--ranker", help="auto, hybrid, bm25 or semantic.")] = "auto",
    limit: Annotated[int, typer.Option("--limit", help="Most passages to show (1-50).")] = 5,
    per_company: Annotated[Optional[int], typer.Option("--per-company", help="Most passages from any one company.")] = None,
    max_excerpt_chars: Annotated[int, typer.Option("--max-excerpt-chars", help="Longest excerpt in characters (80-5000).")] = 600,
    as_json: JsonOpt = False,
) -> None:
    """Search the locally indexed filings for passages that answer a query, with excerpts and provenance."""
    from .capabilities.documents_search import search_documents

    run(lambda: search_documents(query, company=company, exclude=_csv(exclude), forms=_csv(forms), section=section,
                                 filed_from=filed_from, filed_to=filed_to, match=match, ranker=ranker,  # type: ignore[arg-type]
                                 limit=limit, per_company=per_company, max_excerpt_chars=max_excerpt_chars), as_json)


@app.command("read")
def read_cmd(
    doc_id: Annotated[Optional[str], typer.Argument(help="Document id from `edgar find`: ACCESSION:section.")] = None,
    lines: Annotated[Optional[str], typer.Option("--lines", help="Line range, e.g. 120-180 (default: the first 200).")] = None,
    around: Annotated[Optional[str], typer.Option("--around", help="A chunk id from `edgar find`: that chunk with its neighbours.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Numbered lines of an indexed filing section, for reading around a search excerpt."""
    from .capabilities.documents_search import read_document

    run(lambda: read_document(doc_id, lines=lines, around=around), as_json)

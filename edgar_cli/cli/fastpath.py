"""The fast path: `edgar concept COMPANY CONCEPT ...` answered without Typer or pydantic, from the cache or,
on a first lookup or a re-check, with a client that fetches.

A warm ``edgar concept NVDA revenue --fy 2024 --json`` spent most of its run
importing Typer (which builds pydantic adapters for its parameters), pydantic and
the result models, for a lookup of a few milliseconds. :func:`respond` runs first
(edgar_cli/cli/entry.py), before Typer is imported, and answers a closed grammar only::

    [-q|--quiet] concept COMPANY CONCEPT [--fy YEAR] [--period|-p annual|quarterly|all] [--limit|-n N]
                 [--as-of YYYY-MM-DD] [--json | --csv | --tsv | --nl | --format json|csv|tsv|nl|table] [-q|--quiet]

in any order after ``concept``, each option at most once, values separate or after ``=`` for the
long forms (``--fy=2024``); YEAR four ASCII digits, N ASCII digits, an as-of date ten ASCII characters
of that shape (the engine checks it is a date, as the full path's does). Anything
else (another command, another global option, several concepts, a range,
``--last``, ``--chart``, ``--help``, ``--``, an attached short value such as ``-n5``) is
None, and the Typer path runs exactly as before. Every argv the grammar
accepts, Typer accepts with the same values (tests/test_fastpath.py). :func:`parse` is
its JSON part without ``-q`` (:func:`answer`, the JSON text alone).

It is the same engine: xbrl/answer.answer_concept, the
client's own cache reads and freshness rules (load_ticker_map,
load_company_facts through a :class:`_ReadOnlyClient`, which reads a fresh bulk store as the
full path does), the resolver's exact half (companies/tickers.exact_match) and its name
ranking (companies/ranking.choose_name); records.dumps, which writes what
``ConceptResult.model_dump_json(indent=2)`` writes; for the other formats the concept view's
own rows, notes and table (cli/concept_shown.py) through output.py's writers, and the table
laid out by rich as render.render_table lays it out. It only reads: a cache
miss, a stale entry, a damaged entry (which the full path would delete), a
request, a write or a warning raises :class:`_Fallback` inside the client (a
package data file not yet stored beside the cache raises datafiles.NotStored), and
so does any EdgarError or unexpected exception anywhere; :func:`respond` then
returns None having printed nothing, and the full path starts from scratch and
answers, or renders the error, through the one error path.

It stands aside (None) when ``EDGAR_FASTPATH=0``, with ``EDGAR_REDIS_URL`` (a
team cache), ``EDGAR_NO_CACHE=1``, a copy of the bulk store a stopped sync left
(the full path removes it), or during shell completion. A CIK without a ticker, a
curated alias, a ticker-shaped query that is no ticker, and a name that matches no
company or several go to the full resolver.

When that read-only pass fell back only for want of a request or a cache write
(a first lookup, a re-check after the freshness window, a data file not stored
yet), :func:`respond` runs the same engine once more with a client that fetches
and writes as the full path's does, so a first lookup needs neither Typer nor
pydantic either. That pass takes a company by ticker or CIK only (a name, marked
by :class:`_NotExact`, goes to the full resolver) and never runs with a bulk
store or a terminal's stderr.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, NoReturn

from .. import config
from ..companies.tickers import CompanyEntry, TickerMap, checked_query, exact_match, load_ticker_map, parse_cik
from ..datafiles import NotStored, stored_only
from ..errors import EdgarError
from ..sec import urls
from ..sec.cache import DiskCache
from ..sec.client import SecClient, _redis_configured
from ..xbrl.records import CompanyRefRecord, ConceptResultRecord, NotSerializable, dumps
from .concept_shown import concept_notes, concept_rows, concept_table

__all__ = ["answer", "parse"]

_PERIODS = ("annual", "quarterly", "all")
# option spelling -> parameter (the concept command's own names in cli/views/concept.py)
_VALUED = {
    "--fy": "fy",
    "--period": "period",
    "-p": "period",
    "--limit": "limit",
    "-n": "limit",
    "--format": "format",
    "--as-of": "as_of",
}
_FORMAT_FLAGS = {"--json": "json", "--csv": "csv", "--tsv": "tsv", "--nl": "nl"}
_FORMATS = ("table", "tsv", "csv", "json", "nl")  # output.FORMATS
_QUIET = ("-q", "--quiet")
_DATE_SHAPE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class _Fallback(Exception):
    """The fast path cannot answer without a request, a cache write or the full path's machinery."""


class _FullPath(_Fallback):
    """Whatever the cache holds, only the full path's machinery answers this (no second, fetching pass)."""


class _NotExact(_FullPath):
    """The company is not named by a ticker or CIK of the ticker file: the full resolver's business."""


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise _Fallback("needs the full path")


def parse(args: list[str]) -> dict[str, Any] | None:
    """The concept command's parameters when ``args`` is in the JSON grammar above; else None.

    ``{"company", "concept", "fy": int | None, "period", "limit": int | None, "as_of": str | None}``: what
    Typer gives concept_cmd for the same argv (fy as the int parse_fiscal_years makes of it).
    """
    params = parse_form(args)
    if params is None or params.pop("format") != "json" or params.pop("quiet"):
        return None
    return params


def parse_form(args: list[str]) -> dict[str, Any] | None:
    """:func:`parse`'s parameters plus ``format`` and ``quiet``, for the wider grammar of the other forms::

        [-q|--quiet] concept COMPANY CONCEPT [--fy YEAR] [--period|-p P] [--limit|-n N]
                     [--json | --csv | --tsv | --nl | --format FORMAT] [-q|--quiet]

    ``format``: json, csv, tsv, nl or table as given; with none, ``None`` (the default for where stdout goes:
    a table on a terminal, header-less tsv rows elsewhere). ``quiet``: -q or --quiet, once, before or after
    the command. Every argv it accepts, Typer accepts with the same values (tests/test_fastpath.py).
    """
    quiet = False
    start = 0
    while start < len(args) and args[start] in _QUIET:
        if quiet:
            return None
        quiet, start = True, start + 1
    if len(args) - start < 3 or args[start] != "concept":
        return None
    positional: list[str] = []
    given: dict[str, str] = {}
    i = start + 1
    while i < len(args):
        token = args[i]
        i += 1
        if not token.startswith("-"):
            positional.append(token)
            continue
        if token in _QUIET:
            if quiet:
                return None
            quiet = True
            continue
        if token in _FORMAT_FLAGS:
            if "format" in given:
                return None
            given["format"] = _FORMAT_FLAGS[token]
            continue
        name, eq, value = token.partition("=")
        if eq and not name.startswith("--"):
            return None  # -p=annual: click reads "=annual"
        param = _VALUED.get(name)
        if param is None or param in given:
            return None
        if not eq:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        if param == "format" and value not in _FORMATS:
            return None
        given[param] = value
    if len(positional) != 2:
        return None
    fy = given.get("fy")
    if fy is not None and not (len(fy) == 4 and fy.isascii() and fy.isdigit()):
        return None
    period = given.get("period", "annual")
    if period not in _PERIODS:
        return None
    limit = given.get("limit")
    if limit is not None and not (0 < len(limit) <= 4 and limit.isascii() and limit.isdigit()):
        return None
    as_of = given.get("as_of")
    if as_of is not None and not (len(as_of) == 10 and as_of.isascii() and _DATE_SHAPE.fullmatch(as_of)):
        return None
    return {
        "company": positional[0],
        "concept": positional[1],
        "fy": int(fy) if fy is not None else None,
        "period": period,
        "limit": int(limit) if limit is not None else None,
        "format": given.get("format"),
        "quiet": quiet,
        "as_of": as_of,
    }


def _stands_aside() -> bool:
    """Settings under which the full path behaves differently from a read of the local disk cache."""
    if config.fastpath_off() or config.no_cache() or _redis_configured():
        return True
    return config.completing()  # shell completion


class _ReadOnlyCache(DiskCache):
    """The disk cache's reader; a write, a removal (of a damaged entry) or a warning means the full path."""

    set = delete = clear = _open = _refuse


class _ReadOnlyClient(SecClient):
    """The SEC client with its cache reads and freshness rules, and nothing that fetches or writes."""

    def __init__(self) -> None:
        from ..config import Settings

        super().__init__(Settings.from_env(), warn=_refuse)
        self.settings.interactive = False
        self.cache = _ReadOnlyCache(self.settings.cache_dir, enabled=self.settings.use_cache, warn=_refuse)

    cache_set = fetch = fetch_json = download = _client = _rate_limiter = _refuse

    def _fetch(self, url: str, kind: str, *_args: Any, **_kwargs: Any) -> NoReturn:
        """A 404 the cache remembers is answered as the full path answers it (not_found); anything else falls back."""
        self._remembered_missing(url, kind)
        raise _Fallback("needs a request")


def _company(company: str, client: SecClient) -> CompanyRefRecord:
    """The company as resolve_company names it, from the cached ticker file: a ticker or CIK in it (its exact
    half), or a name its ranking chooses (:func:`_named`); anything else falls back."""
    text = checked_query(company)
    tmap = load_ticker_map(client)
    hit = exact_match(text, tmap)
    entry = hit[0] if hit is not None else _named(text, tmap)
    return CompanyRefRecord(cik=urls.pad_cik(entry.cik), name=entry.name, tickers=list(entry.tickers))


def _exact_company(company: str, client: SecClient) -> CompanyRefRecord:
    """The company of a ticker or CIK in the ticker file (resolve_company's exact half), for the fetching pass;
    anything else raises :class:`_NotExact`."""
    text = checked_query(company)
    hit = exact_match(text, load_ticker_map(client))
    if hit is None:
        raise _NotExact("not a ticker or CIK in the ticker file")
    entry = hit[0]
    return CompanyRefRecord(cik=urls.pad_cik(entry.cik), name=entry.name, tickers=list(entry.tickers))


def _named(text: str, tmap: TickerMap) -> CompanyEntry:
    """The company a name query resolves to (companies/ranking.choose_name, as resolve_company's last step),
    when none of the resolver's earlier rules can apply: anything that may be a CIK (digits, "CIK..."), a
    curated alias or former ticker (companies/aliases), or a ticker-shaped query falls back, as does a name
    that matches no company or several alike (the full path's errors)."""
    from ..companies import aliases
    from ..companies.ranking import TICKER_SHAPED, choose_name

    if parse_cik(text) is not None or text[:1].isdigit() or text[:3].upper() == "CIK":
        raise _NotExact("a CIK without a ticker, or not a CIK")
    if aliases.lookup(text) is not None or (TICKER_SHAPED.fullmatch(text) and text == text.upper()):
        raise _NotExact("an alias, a former ticker or a ticker-shaped query")
    chosen = choose_name(text, tmap, similar=0).chosen  # names spelled alike only serve the not-found error
    if chosen is None:
        raise _NotExact("no company by that name, or several")
    return chosen.entry


def answer(args: list[str]) -> str | None:
    """The JSON text (with its final newline) `edgar ARGS` prints, when ``args`` is in the JSON grammar
    (:func:`parse`) and the cache alone can answer; else None. Prints nothing and writes nothing."""
    params = parse_form(args)
    if parse(args) is None or params is None or _stands_aside():  # params: parse's, with format and quiet
        return None
    found = _read_only(params)[0]
    return None if found is None else found[0]


Written = tuple[str, str | Callable[[], None]]


def respond(args: list[str]) -> tuple[str, str | Callable[[], None], int] | None:
    """What `edgar ARGS` writes, when ``args`` is in the grammar of :func:`parse_form` and the fast path can
    answer: (the text for stdout, then for stderr either its text or a function that writes it, which the
    caller calls once stdout is written, then the exit status); else None, having printed nothing.

    stdout is what output.emit writes for the format: JSON (records.dumps), rows (csv, tsv, nl, or piped
    output's header-less tsv) from the view's own row function (cli/concept_shown.py), or, on a terminal, the
    view's table rendered by rich as the full path renders it. stderr is what output.messages writes: as plain
    text (output.plain_messages) or, on a terminal, by the same rich functions.

    First the cache alone (:class:`_ReadOnlyClient`, which writes nothing). When that fell back only because
    the cache lacks something or holds it stale (a first lookup, the ticker file's daily or the facts'
    ten-minute re-check, a data file not stored yet), a second pass runs the same engine with a client that
    fetches and writes, as the full path's would (settings from the environment, the command's deadline;
    never prompting for a User-Agent: for JSON and nl as the full path, for the other forms it stands aside
    when stdin is a terminal). Its client's warnings are written to stderr, as the full path's client writes
    them, once the answer stands. It stands aside on a terminal's stderr (where the full path shows its progress
    line); a company named otherwise than by ticker or CIK, any other error or a bug falls back, its warnings
    unwritten, and the full path (on what this pass cached) says what it says. For ``--json``, upstream
    failures and rate limits are rendered here as the full path renders them (``{"error": ...}`` on stdout,
    the error's exit status), not met a second time.
    """
    params = parse_form(args)
    if params is None or _stands_aside():
        return None
    found, cache_only = _read_only(params)
    if found is not None:
        return (*found, 0)
    if not cache_only or _terminal(sys.stderr):
        return None
    return _filling(params)


def _read_only(params: dict[str, Any]) -> tuple[Written | None, bool]:
    """(What :func:`respond` writes from the cache alone, or None; whether it fell back only for want of a
    request, a cache write or a data file stored, so that a fetching pass may answer)."""
    try:
        client = _ReadOnlyClient()
        _bulk_store_unchanged(client)
        with stored_only():  # a data file never parsed here would be stored: the full path's business
            record = _record(params, client, _company)
        return _written(record, params), False
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # _Fallback, EdgarError, a bug: the full path runs from scratch and says what it says
        if config.debug() and not isinstance(exc, (_Fallback, EdgarError, NotSerializable, NotStored, UnicodeError)):
            raise  # a bug in the fast path itself: shown, as EDGAR_DEBUG shows the full path's
        return None, isinstance(exc, NotStored) or (isinstance(exc, _Fallback) and not isinstance(exc, _FullPath))


def _record(
    params: dict[str, Any], client: SecClient, company: Callable[[str, SecClient], CompanyRefRecord]
) -> ConceptResultRecord:
    """The engine's record for the grammar's ``params``, the company named as ``company`` names it."""
    from ..capabilities.arguments import DEFAULT_LIMIT, validate_common
    from ..xbrl.answer import answer_concept

    limit = DEFAULT_LIMIT if params["limit"] is None else params["limit"]
    validate_common(params["period"], limit)
    return answer_concept(
        params["company"],
        params["concept"],
        params["fy"],
        params["period"],
        limit,
        client,
        company,
        None,
        params.get("as_of"),
    )


def _format(params: dict[str, Any]) -> str:
    """The output format: as given, else a table on a terminal and header-less tsv rows ("plain") elsewhere."""
    return params["format"] or ("table" if _terminal(sys.stdout) else "plain")


def _written(record: ConceptResultRecord, params: dict[str, Any]) -> Written:
    """(stdout text, stderr text or writer) for ``record`` in the form ``params`` asks; UnicodeError when the
    full path could not print it."""
    fmt = _format(params)
    if fmt == "json":
        out = dumps(record) + "\n"
        if _terminal(sys.stdout):  # C1 controls and bidi overrides as escapes, as output.emit writes them
            from .output import terminal_json  # (output imports logs, and logs logging: only when needed)

            out = terminal_json(dumps(record)) + "\n"
    else:
        out = _shown(record, fmt)
    err = "" if fmt == "json" else _messages(record, fmt, params["quiet"])
    for text, stream in ((out, sys.stdout), (err, sys.stderr)):
        if isinstance(text, str):  # what the full path could not print
            text.encode(getattr(stream, "encoding", None) or "utf-8", getattr(stream, "errors", None) or "strict")
    return out, err


def _terminal(stream: Any) -> bool:
    """output.is_terminal (output.py is not imported for JSON off a terminal)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# Errors of the SEC client's own requests: raised alike on either path (the same client, the same request), and
# costly to meet twice (each after its retries), so the fetching pass renders them rather than falling back.
_RENDERED = ("upstream_unavailable", "rate_limited")


def _filling(params: dict[str, Any]) -> tuple[str, str | Callable[[], None], int] | None:
    """:func:`respond`'s second pass: the same engine with a client that fetches and writes; None to fall back."""
    from ..companies.tickers import ticker_file_warnings
    from ..config import Settings
    from ..sec.client import _stderr_warn, set_client
    from ..sec.transport import within_command_deadline

    warnings: list[str] = []
    out: tuple[str, str | Callable[[], None], int]
    try:
        settings = Settings.from_env()
        if _format(params) in ("json", "nl"):
            settings.interactive = False  # as the full path's: never prompt when a script reads the output
        elif _terminal(sys.stdin):
            return None  # the full path may ask for a User-Agent: its business
        client = SecClient(settings, warn=warnings.append)
        set_client(client)  # what the engine reaches through get_client() is this client, as on the full path
        if _bulk_store(client):
            return None
        record = within_command_deadline(_record, params, client, _exact_company)
        record.warnings.extend(ticker_file_warnings(client))  # as get_financial_concept adds them
        out = (*_written(record, params), 0)  # that it can be written at all, before a warning is said
    except KeyboardInterrupt:
        raise
    except EdgarError as exc:
        if exc.code not in _RENDERED or _format(params) != "json":
            return None
        out = (json.dumps(exc.to_dict(), indent=2) + "\n", "", int(exc.exit_status))  # output.emit_error's JSON
    except Exception as exc:  # _Fallback, a bug: the full path runs, on what this pass cached
        if config.debug() and not isinstance(exc, (_Fallback, NotSerializable, UnicodeError)):
            raise
        return None
    # The client stays open, as the full path's does: its cache's SQLite journal is left as the full path leaves
    # it, so a warm run after this one finds the files it would find after the full path (and writes none).
    for message in warnings:
        _stderr_warn(message)
    if warnings and out[2] == 0:  # said now, as the full path's client said them: its messages leave them out
        out = (*_written(record, params), 0)
    return out


def _bulk_store(client: SecClient) -> bool:
    from ..bulk.store import STORE_NAME, store_dir

    return (store_dir(client.settings.cache_dir) / STORE_NAME).exists()


def _bulk_store_unchanged(client: SecClient) -> None:
    """A local bulk store answers here as on the full path (sec/companyfacts.load_company_facts reads it, read
    only; a stale one's warning falls back), except that a copy a stopped sync left behind, which the full
    path deletes, is the full path's business."""
    from ..bulk.store import STORE_NAME, store_dir

    if (store_dir(client.settings.cache_dir) / (STORE_NAME + ".building")).exists():
        raise _FullPath("a stopped sync's copy of the bulk store is to be removed")


# How the concept view shows a ConceptResult (cli/views/concept.py declares the same functions):
# rows, and what its table says under them (notes); no warnings of its table, no row notes.
_CONCEPT_SHOWN = SimpleNamespace(
    table=concept_table, rows=concept_rows, notes=concept_notes, warnings=None, row_notes=None
)


def _shown(record: ConceptResultRecord, fmt: str) -> str:
    """What output.emit writes to stdout for ``record`` in ``fmt`` (table, plain, tsv, csv, nl)."""
    import io

    from .output import is_terminal, terminal_json, write_nl, write_rows

    if fmt == "table":
        return _table(record)
    safe = is_terminal(sys.stdout)
    out = io.StringIO()
    if fmt == "nl":
        write_nl(concept_rows(record), out)
        return terminal_json(out.getvalue()) if safe else out.getvalue()
    write_rows(concept_rows(record), "csv" if fmt == "csv" else "tsv", out, header=fmt != "plain", safe=safe)
    return out.getvalue()


def _table(record: ConceptResultRecord) -> str:
    """What render.render_table prints for ``record``: the view's table, laid out and styled by rich for this
    stdout (its width, its terminal or not), captured instead of written. A record with text that
    render_table would first make terminal-safe, or a caption line it would move to stderr, falls back."""
    from ..xbrl.records import jsonable
    from .output import safe_data
    from .render import Rendered, _caption_urls, _words_at_console_width, out_console

    if safe_data(jsonable(record)) != jsonable(record):
        raise _FullPath("text to make terminal-safe")
    renderable = concept_table(record)
    table = renderable.table if isinstance(renderable, Rendered) else renderable
    if (isinstance(renderable, Rendered) and renderable.after) or _caption_urls(table):
        raise _FullPath("lines after the table")
    console = out_console()
    with console.capture() as captured:
        console.print(_words_at_console_width(table))
    return captured.get()


def _messages(record: ConceptResultRecord, fmt: str, quiet: bool) -> str | Callable[[], None]:
    """What output.messages writes to stderr after ``record`` in ``fmt``: its text, or a function writing it."""
    from .output import describe_source, message_lists, plain_messages

    warnings, notes = message_lists(record, _CONCEPT_SHOWN, quiet=quiet, captions=fmt != "table")
    source = None if quiet else record.data_source
    plain = plain_messages(warnings, notes, source)
    if plain is not None:
        return plain

    def write() -> None:  # on a terminal: rich's styles and wrapping, by the full path's own functions
        from .render import print_messages, print_source

        print_messages(warnings, notes)
        if source is not None:
            print_source(f"answered from: {describe_source(source)}")

    return write

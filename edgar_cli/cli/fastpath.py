"""The warm fast path: `edgar concept COMPANY CONCEPT ... --json` answered from the cache without Typer or pydantic.

A warm ``edgar concept NVDA revenue --fy 2024 --json`` spent most of its run
importing Typer (which builds pydantic adapters for its parameters), pydantic and
the result models, for a lookup of a few milliseconds. :func:`answer` runs first
(edgar_cli/cli/entry.py), before Typer is imported, and answers a closed grammar only::

    concept COMPANY CONCEPT [--fy YEAR] [--period|-p annual|quarterly|all] [--limit|-n N]
            (--json | --format json)

in any order, each option at most once, values separate or after ``=`` for the
long forms (``--fy=2024``); YEAR four ASCII digits, N ASCII digits. Anything
else (another command, a global option, ``-q``, several concepts, a range,
``--last``, ``--help``, ``--``, an attached short value such as ``-n5``) is
None, and the Typer path runs exactly as before. Every argv the grammar
accepts, Typer accepts with the same values (tests/test_fastpath.py).

It is the same engine: xbrl/answer.answer_concept, the
client's own cache reads and freshness rules (load_ticker_map,
load_company_facts through a :class:`_ReadOnlyClient`), the resolver's exact
half (companies/tickers.exact_match), and records.dumps, which writes what
``ConceptResult.model_dump_json(indent=2)`` writes. It only reads: a cache
miss, a stale entry, a damaged entry (which the full path would delete), a
request, a write or a warning raises :class:`_Fallback` inside the client (a
package data file not yet stored beside the cache raises datafiles.NotStored), and
so does any EdgarError or unexpected exception anywhere; :func:`answer` then
returns None having printed nothing, and the full path starts from scratch and
answers, or renders the error, through the one error path.

It stands aside (None) when ``EDGAR_FASTPATH=0``, with ``EDGAR_REDIS_URL`` (a
team cache), ``EDGAR_NO_CACHE=1``, a local bulk store (``edgar sync``), or
during shell completion. A name (not a ticker or CIK in the ticker file) goes
to the full resolver.

:func:`respond` is what the entry point calls: :func:`answer`, then, when that
fell back only for want of a request or a cache write (a first lookup, a
re-check after the freshness window), the same engine once more with a client
that fetches and writes as the full path's does, so a first lookup needs
neither Typer nor pydantic either.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from .. import config
from ..companies.tickers import checked_query, exact_match, load_ticker_map
from ..datafiles import NotStored, stored_only
from ..errors import EdgarError
from ..sec import urls
from ..sec.cache import DiskCache
from ..sec.client import SecClient, _redis_configured
from ..xbrl.records import CompanyRefRecord, NotSerializable, dumps

__all__ = ["answer", "parse"]

_PERIODS = ("annual", "quarterly", "all")
# option spelling -> parameter (the concept command's own names in cli/views/concept.py)
_VALUED = {"--fy": "fy", "--period": "period", "-p": "period", "--limit": "limit", "-n": "limit", "--format": "format"}


class _Fallback(Exception):
    """The fast path cannot answer without a request, a cache write or the full path's machinery."""


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise _Fallback("needs the full path")


def parse(args: list[str]) -> dict[str, Any] | None:
    """The concept command's parameters when ``args`` is in the fast grammar; else None.

    ``{"company", "concept", "fy": int | None, "period", "limit": int | None}``: what Typer
    gives concept_cmd for the same argv (fy as the int parse_fiscal_years makes of it).
    """
    if len(args) < 4 or args[0] != "concept":
        return None
    positional: list[str] = []
    given: dict[str, str] = {}
    json_flag = False
    i = 1
    while i < len(args):
        token = args[i]
        i += 1
        if not token.startswith("-"):
            positional.append(token)
            continue
        if token == "--json":
            if json_flag:
                return None
            json_flag = True
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
        given[param] = value
    if len(positional) != 2 or (json_flag == ("format" in given)) or given.get("format", "json") != "json":
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
    return {
        "company": positional[0],
        "concept": positional[1],
        "fy": int(fy) if fy is not None else None,
        "period": period,
        "limit": int(limit) if limit is not None else None,
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


class _NotExact(_Fallback):
    """The company is not named by a ticker or CIK of the ticker file: the full resolver's business."""


def _exact_company(company: str, client: SecClient) -> CompanyRefRecord:
    """The company of a ticker or CIK in the cached ticker file (resolve_company's exact half); else fall back."""
    text = checked_query(company)
    hit = exact_match(text, load_ticker_map(client))
    if hit is None:
        raise _NotExact("not a ticker or CIK in the ticker file")
    entry = hit[0]
    return CompanyRefRecord(cik=urls.pad_cik(entry.cik), name=entry.name, tickers=list(entry.tickers))


def answer(args: list[str]) -> str | None:
    """The JSON text (with its final newline) `edgar ARGS` prints, when the fast path can answer; else None.

    Prints nothing and writes nothing. The caller writes the text to stdout and exits 0.
    """
    return _read_only(args)[0]


def _read_only(args: list[str]) -> tuple[str | None, bool]:
    """(:func:`answer`'s text or None, whether it fell back only for want of a request or a cache write)."""
    params = parse(args)
    if params is None or _stands_aside():
        return None, False
    try:
        client = _ReadOnlyClient()
        if _bulk_store(client):
            return None, False  # the bulk store may answer (or warn that it is stale): the full path's business
        with stored_only():  # a data file never parsed here would be stored: the full path's business
            return _text(_record(params, client)), False
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # _Fallback, EdgarError, a bug: the full path runs from scratch and says what it says
        if config.debug() and not isinstance(exc, (_Fallback, EdgarError, NotSerializable, NotStored, UnicodeError)):
            raise  # a bug in the fast path itself: shown, as EDGAR_DEBUG shows the full path's
        return None, isinstance(exc, NotStored) or (isinstance(exc, _Fallback) and not isinstance(exc, _NotExact))


def _bulk_store(client: SecClient) -> bool:
    from ..bulk.store import STORE_NAME, store_dir

    return (store_dir(client.settings.cache_dir) / STORE_NAME).exists()


def _record(params: dict[str, Any], client: SecClient) -> Any:
    """The engine's ConceptRecord for the fast grammar's ``params``, the company named by ticker or CIK."""
    from ..capabilities.arguments import DEFAULT_LIMIT, validate_common
    from ..xbrl.answer import answer_concept

    limit = DEFAULT_LIMIT if params["limit"] is None else params["limit"]
    validate_common(params["period"], limit)
    return answer_concept(
        params["company"], params["concept"], params["fy"], params["period"], limit, client, _exact_company
    )


def _text(record: Any) -> str:
    text = dumps(record) + "\n"
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    text.encode(encoding, getattr(sys.stdout, "errors", None) or "strict")  # what the full path could not print
    return text


# Errors of the SEC client's own requests: raised alike on either path (the same client, the same request), and
# costly to meet twice (each after its retries), so the filling pass renders them rather than falling back.
_RENDERED = ("upstream_unavailable", "rate_limited")


def respond(args: list[str]) -> tuple[str, int] | None:
    """(stdout text, exit status) of `edgar ARGS` when the fast grammar can answer it; else None (the Typer path).

    First :func:`answer` (the cache alone). When that fell back only because the cache lacks something or holds
    it stale (a first lookup, the ticker file's daily or the facts' ten-minute re-check, a data file not stored
    yet), a second pass runs the same engine with a client that fetches and writes, as the full path's would
    (settings from the environment, never prompting, the command's deadline): a first lookup without Typer or
    pydantic. Its stderr is the full path's: the client's warnings, written once the answer stands. It stands
    aside on a terminal's stderr (where the full path shows its progress line); a company named otherwise than
    by ticker or CIK, any other error or a bug falls back, its warnings unwritten, and the full path (on
    what this pass cached) says what it says. Upstream failures and rate limits are rendered here, as the full
    path renders them (``{"error": ...}`` on stdout, the error's exit status).
    """
    text, cache_only = _read_only(args)
    if text is not None:
        return text, 0
    if not cache_only or _terminal(sys.stderr):
        return None
    params = parse(args)
    assert params is not None  # _read_only parsed them
    return _filling(params)


def _terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _filling(params: dict[str, Any]) -> tuple[str, int] | None:
    from ..companies.tickers import ticker_file_warnings
    from ..config import Settings
    from ..sec.client import _stderr_warn, set_client
    from ..sec.transport import within_command_deadline

    warnings: list[str] = []
    try:
        settings = Settings.from_env()
        settings.interactive = False  # as the full path for --json: never prompt when a script reads the output
        client = SecClient(settings, warn=warnings.append)
        set_client(client)  # what the engine reaches through get_client() is this client, as on the full path
        if _bulk_store(client):
            return None
        record = within_command_deadline(_record, params, client)
        record.warnings.extend(ticker_file_warnings(client))  # as get_financial_concept adds them
        out = (_text(record), 0)
    except KeyboardInterrupt:
        raise
    except EdgarError as exc:
        if exc.code not in _RENDERED:
            return None
        out = (json.dumps(exc.to_dict(), indent=2) + "\n", int(exc.exit_status))  # output.emit_error's JSON
    except Exception as exc:  # _Fallback, a bug: the full path runs, on what this pass cached
        if config.debug() and not isinstance(exc, (_Fallback, NotSerializable, UnicodeError)):
            raise
        return None
    # The client stays open, as the full path's does: its cache's SQLite journal is left as the full path leaves
    # it, so a warm run after this one finds the files it would find after the full path (and writes none).
    for message in warnings:
        _stderr_warn(message)
    return out

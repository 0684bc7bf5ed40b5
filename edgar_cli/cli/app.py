"""The Typer app: the root options, then every view's commands (cli/views/), in the CLI's task order.

stdout carries data: a table on a terminal, tab-separated rows in a pipe, or
the format asked for (--format table|tsv|csv|json|nl, or --json/--csv/--tsv/--nl);
everything else goes to stderr. Errors print as {"error": {...}} on stdout
with --json/--nl, as text on stderr otherwise, and exit with the code's status
(see errors.py). The shared machinery (common options, run, progress,
confirmation, per-run state) is in cli/support.py; each capability's commands,
tables and rows are in its view, cli/views/<capability>.py.

Conventions for a new command (see cli/views/__init__.py and cli/support.py):
``@view.command("name", examples=[...])`` in its capability's view module; a
docstring whose first line is the help; ``metavar=`` on every option that takes
a value and ``Literal[...]`` for a fixed set of values; flag names from
vocabulary.PARAM_FLAGS; one ``run(lambda: capability(...))``; its rows and, if
it has one, its table declared with ``view.result(...)``; the command's name and
its view in views.COMMANDS, whose order is the order of ``edgar --help``.

``app`` (every command) is built on first use; a run of one known command builds
only that command's view (:func:`app_for`), so that it imports and builds nothing
of the other commands.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable
from typing import Annotated

import typer

from .. import config
from .support import EdgarTyper, OrderedGroup, examples_epilog, set_global_options
from .views import COMMANDS, VIEWS, View, module, tasks

_CONTEXT = {"help_option_names": ["-h", "--help"]}

# Top-level commands by task; a command not listed here comes after these.
COMMAND_ORDER = tuple(COMMANDS)
OrderedGroup.order = COMMAND_ORDER
OrderedGroup.tasks = tasks


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("edgar-cli")
        except PackageNotFoundError:  # run from a source tree that was never installed
            from .. import __version__ as v
        sys.stdout.write(f"edgar {v}\n")
        raise typer.Exit(0)


def _options(
    ctx: typer.Context,
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
    set_global_options(ctx, quiet=quiet, no_cache=no_cache, user_agent=user_agent)


def add_view(target: EdgarTyper, view: View) -> None:
    """Add a view's commands and command groups to ``target``, in the order the view declares them."""
    for name, options, what in view.entries:
        if isinstance(what, View):
            group = EdgarTyper(no_args_is_help=True, context_settings=_CONTEXT, **options)
            add_view(group, what)
            target.add_typer(group, name=name)
        else:
            target.command(name, **options)(what)


def build(views: Iterable[str] = VIEWS) -> EdgarTyper:
    """The edgar app with the root options and the commands of ``views`` (names in views.VIEWS)."""
    root = EdgarTyper(
        name="edgar",
        help="SEC EDGAR financials with provenance: concepts, filings, comparisons, sections, search.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=True,
        rich_markup_mode=None,
        cls=OrderedGroup,
        context_settings=_CONTEXT,
        epilog=examples_epilog(
            [
                "edgar concept NVDA revenue --fy 2024",
                "edgar statement AAPL income --last 5",
                "edgar compare revenue NVDA AAPL MSFT --fy 2024 --json | jq '.rows[].value'",
                "edgar section NVDA risk_factors --fy 2025 > nvda-risk-factors.txt",
                "edgar verify 'NVIDIA revenue was $60.9 billion in fiscal 2024.' -c NVDA",
                "edgar serve-mcp            # every capability as an MCP tool, over stdio",
            ]
        ),
    )
    root.callback()(_options)
    for name in views:
        add_view(root, module(name).view)
    return root


def app_for(args: list[str]) -> EdgarTyper:
    """The app to run ``edgar ARGS`` with: only the view of the command ``args[0]`` names when it is a known
    top-level command; the whole app for anything else (global options first, ``--help``, an unknown or
    misspelt command, shell completion), which must see every command."""
    view = COMMANDS.get(args[0]) if args else None
    completing = config.completing()
    if view is None or completing:
        return _whole_app()
    return build((view,))


@functools.cache
def _whole_app() -> EdgarTyper:
    return build()


def __getattr__(name: str) -> EdgarTyper:
    """``app``: every command, built on first use (a run of one command builds its own view alone)."""
    if name == "app":
        return _whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

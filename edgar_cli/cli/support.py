"""The machinery every edgar command shares, so that each view (cli/views/) stays a list of commands.

- :class:`EdgarTyper`: ``@app.command(...)`` gives every command the common options
  (``--format``/``--json``/``--csv``/``--tsv``/``--nl``, ``-q/--quiet``, ``--no-cache``,
  ``--user-agent``), accepted after the subcommand as well as before it, and
  ``examples=[...]`` for its help.
- :func:`run`: call one capability, show progress on a terminal, write the result
  (output.emit) or the error, exit with the right status.
- :func:`confirm`: the question a destructive command asks on a terminal (``--yes`` skips it).
- :class:`RunState` and :func:`state`: the options of this run (``--user-agent``, ``--no-cache``,
  the output format, ``--quiet``), kept in the click context of the run, not in a module global.
- the arguments and options several commands share (``CompanyArg``, ``FiscalYearsOpt``, ...), the
  factories of options several commands take with their own help (``forms_option``, ``limit_option``,
  ``filed_from_option``, ``filed_to_option``) and the shell completions of concepts, sections and forms.

A new command is declared in its view module (cli/views/): ``@view.command("name", examples=["edgar name
NVDA"])``, parameters for its own options only, a body of one ``run(lambda: capability(...))``.
"""

from __future__ import annotations

import functools
import inspect
import sys
import threading
import time
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated, Any, Literal

import typer

from .. import config
from ..errors import EdgarError, ExitStatus, Interrupted
from .output import Format


class RunState:
    """The options of one run that every command takes: set by the root callback (``edgar -q --no-cache
    concept ...``) and by the same options after the subcommand; ``format`` None is the default for where
    stdout goes. (A plain class: a dataclass would compile its methods on every run.)"""

    __slots__ = ("user_agent", "no_cache", "format", "quiet")

    def __init__(self) -> None:
        self.user_agent: str | None = None
        self.no_cache = False
        self.format: str | None = None
        self.quiet = False


_STATE_KEY = "edgar_cli.run_state"
# The state of the run whose command is running; set by the command wrapper (with_common_options) for the
# length of the command's body, so that run(), quiet() and confirm() reach it without a context argument.
_current: ContextVar[RunState | None] = ContextVar("edgar_cli_run_state", default=None)


def run_state(ctx: typer.Context) -> RunState:
    """The :class:`RunState` of the run ``ctx`` belongs to, kept in the click context's ``meta`` (one dict
    shared by the root context and its subcommands' for the length of one run)."""
    found = ctx.meta.get(_STATE_KEY)
    if found is None:
        found = ctx.meta[_STATE_KEY] = RunState()
    return found


def state() -> RunState:
    """The state of the run whose command is running (see :func:`run_state`); outside one, a default one."""
    return _current.get() or RunState()


PROGRESS_AFTER_SECONDS = 1.0

_FORMAT_HELP = (
    "Output format: table (the default on a terminal), tsv (tab-separated with a header row; "
    "piped output is these rows without the header), csv, json (the result model) or nl "
    "(one JSON object per row)."
)

# The format flags: each is the same as --format with its value.
_FLAGS = {"as_json": "json", "as_csv": "csv", "as_tsv": "tsv", "as_nl": "nl"}


def _keyword(name: str, default: Any, annotation: Any) -> inspect.Parameter:
    """A keyword-only parameter of a command's signature (its Typer option is in ``annotation``)."""
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)


_COMMON: list[inspect.Parameter] = [
    _keyword("output_format", None, Annotated[Format | None, typer.Option("--format", help=_FORMAT_HELP)]),
    *(
        _keyword(name, False, Annotated[bool, typer.Option(f"--{fmt}", help=f"Same as --format {fmt}.")])
        for name, fmt in _FLAGS.items()
    ),
]
_GLOBAL: list[inspect.Parameter] = [
    _keyword(
        "quiet",
        False,
        Annotated[
            bool, typer.Option("--quiet", "-q", help="No notes or progress on stderr (warnings and errors still show).")
        ],
    ),
    _keyword("no_cache", False, Annotated[bool, typer.Option("--no-cache", help="Bypass the local cache.")]),
    _keyword(
        "user_agent",
        None,
        Annotated[
            str | None,
            typer.Option(
                "--user-agent",
                metavar="'NAME EMAIL'",
                help="Sent to the SEC, which requires one; default $SEC_USER_AGENT or the saved one.",
            ),
        ],
    ),
]
_CONTEXT_PARAMETER = "edgar_run_context"


def set_global_options(
    ctx: typer.Context, *, quiet: bool = False, no_cache: bool = False, user_agent: str | None = None
) -> None:
    """The root callback's options (``edgar -q --no-cache concept ...``), kept in the run's context."""
    current = run_state(ctx)
    current.quiet, current.no_cache, current.user_agent, current.format = quiet, no_cache, user_agent, None


def _take_common(values: dict[str, Any], current: RunState) -> None:
    chosen = [fmt for name, fmt in _FLAGS.items() if values.pop(name, False)]
    fmt = values.pop("output_format", None)
    if fmt:
        chosen.append(fmt)
    if len(set(chosen)) > 1:
        raise typer.BadParameter(
            f"choose one output format, not {' and '.join(sorted(set(chosen)))}.", param_hint="--format"
        )
    if chosen:
        current.format = chosen[0]
    if values.pop("quiet", False):
        current.quiet = True
    if values.pop("no_cache", False):
        current.no_cache = True
    ua = values.pop("user_agent", None)
    if ua is not None:
        current.user_agent = ua


def with_common_options(fn: Callable, *, formats: bool = True) -> Callable:
    """``fn`` with the common options added to its signature (those it does not declare itself)."""
    sig = inspect.signature(fn)
    hints = typing.get_type_hints(fn, include_extras=True)
    own = [p.replace(annotation=hints.get(p.name, p.annotation)) for p in sig.parameters.values()]
    extra = [p for p in (*(_COMMON if formats else ()), *_GLOBAL) if p.name not in sig.parameters]
    # Typer passes the command's click context to the parameter annotated with typer.Context
    context = inspect.Parameter(_CONTEXT_PARAMETER, inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        current = run_state(kwargs.pop(_CONTEXT_PARAMETER))
        common = {p.name: kwargs.pop(p.name) for p in extra if p.name in kwargs}
        token = _current.set(current)
        try:
            _take_common(common, current)
            return fn(*args, **kwargs)
        finally:
            _current.reset(token)

    wrapper.__signature__ = sig.replace(parameters=[*own, *extra, context])  # type: ignore[attr-defined]
    wrapper.__annotations__ = {
        **{p.name: p.annotation for p in own},
        **{p.name: p.annotation for p in extra},
        _CONTEXT_PARAMETER: typer.Context,
    }
    del wrapper.__wrapped__  # Typer reads the signature above, not the wrapped function's
    return wrapper


def examples_epilog(examples: list[str]) -> str:
    """Click's epilog for examples: ``\\b`` keeps the lines as written (no re-wrapping)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  {e}" for e in examples)


class OrderedGroup(typer.core.TyperGroup):
    """Top-level commands in the order of cli/app.py's ``COMMAND_ORDER``, then any others; ``--help`` lists
    them under their task's heading (``tasks``: command -> heading, in the order the headings first come)."""

    order: tuple[str, ...] = ()
    tasks: Callable[[], dict[str, str]] | None = None

    def list_commands(self, ctx):  # noqa: D102 - click API
        names = list(self.commands)
        rank = {n: i for i, n in enumerate(self.order)}
        return sorted(names, key=lambda n: (rank.get(n, len(rank)), names.index(n)))

    def format_commands(self, ctx, formatter) -> None:  # noqa: D102 - click API
        tasks = type(self).tasks
        task_of = tasks() if tasks is not None else {}
        rows: dict[str, list[tuple[str, str]]] = {}
        wide = max((len(n) for n in self.list_commands(ctx)), default=0)  # one column width for every heading
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            # the help's whole first sentence, wrapped by write_dl (never cut with "...")
            first = " ".join((command.short_help or command.help or "").split("\n\n")[0].split())
            rows.setdefault(task_of.get(name, "Other commands"), []).append((name.ljust(wide), first))
        for heading, entries in rows.items():
            with formatter.section(heading):
                formatter.write_dl(entries)


class EdgarArgument(typer.core.TyperArgument):
    """A positional argument shown as click shows one: ``COMPANY``, ``[SECTION]``, ``CONCEPT...``.

    Typer would print ``{COMPANY}`` in the usage line, double the brackets of an optional metavar
    (``[[COMPANY]]``) and add the Python type (``COMPANY <str>``, ``<list[str]>``) in the help;
    a fixed set of values still shows its choices (``STATEMENT <income|balance|cashflow>``).
    """

    def _name(self) -> str:
        name = self.display_name_raw
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        if self.nargs != 1 and "..." not in name:
            name += "..."
        return name

    def _usage_display_name(self) -> str:
        return self._name()

    def _rich_display_name(self) -> str:
        return self._name()

    def display_type_rich(self, ctx):  # noqa: D102 - typer API
        return self.display_type(ctx) if self.type_descriptor.is_choice else None


class EdgarCommand(typer.core.TyperCommand):
    """A command whose positional arguments read as click's (see :class:`EdgarArgument`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if type(param) is typer.core.TyperArgument:
                param.__class__ = EdgarArgument


class EdgarTyper(typer.Typer):
    """A Typer app whose commands all take the common options and an ``examples`` list for their help."""

    def command(
        self, name: str | None = None, *, examples: list[str] | None = None, formats: bool = True, **kwargs: Any
    ):
        if examples and "epilog" not in kwargs:
            kwargs["epilog"] = examples_epilog(examples)
        kwargs.setdefault("cls", EdgarCommand)
        register = super().command(name, **kwargs)

        def deco(fn: Callable) -> Callable:
            register(with_common_options(fn, formats=formats))
            return fn

        return deco


# --- arguments and options several commands share -------------------------------------------------


def forms_option(help: str, *, single: bool = False, complete: bool = True) -> Any:
    """The ``--form``/``--forms``/``-f FORMS`` option of a command, with its own ``help``; ``single``: one form
    (``--form``/``-f FORM``); ``complete``: shell completion of form types. Use it as
    ``Annotated[str | None, forms_option("...")]``."""
    names = ("--form", "-f") if single else ("--form", "--forms", "-f")
    return typer.Option(
        *names,
        metavar="FORM" if single else "FORMS",
        help=help,
        autocompletion=(lambda incomplete: complete_forms(incomplete)) if complete else None,
    )


def limit_option(help: str) -> Any:
    """The ``--limit``/``-n N`` option of a command that shows at most N rows; ``help`` names the rows and the
    range. Use it as ``Annotated[int, limit_option("...")]``."""
    return typer.Option("--limit", "-n", metavar="N", help=help)


def filed_from_option(help: str = "Earliest filing date, YYYY-MM-DD.") -> Any:
    """The ``--from``/``--since DATE`` option: the earliest filing date."""
    return typer.Option("--from", "--since", metavar="DATE", help=help)


def filed_to_option(help: str = "Latest filing date, YYYY-MM-DD.") -> Any:
    """The ``--to``/``--until DATE`` option: the latest filing date."""
    return typer.Option("--to", "--until", metavar="DATE", help=help)


CompanyArg = Annotated[
    str, typer.Argument(metavar="COMPANY", help="Ticker, CIK or company name, e.g. NVDA, 1045810, 'NVIDIA'.")
]
ConceptArg = Annotated[
    str,
    typer.Argument(
        metavar="CONCEPT",
        help="revenue, net_income, total_assets, ... or a raw tag like us-gaap:Revenues.",
        autocompletion=lambda incomplete: complete_concepts(incomplete),
    ),
]
FyOpt = Annotated[
    int | None, typer.Option("--fy", metavar="YEAR", help="Fiscal year by the company's own label, e.g. 2024.")
]
FromOpt = Annotated[str | None, filed_from_option()]
ToOpt = Annotated[str | None, filed_to_option()]
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
        help="The latest N periods of a table (fiscal years, or quarters with --period quarterly), counted as "
        "periods: one with no value is shown empty, with why.",
    ),
]
DeriveOpt = Annotated[
    str | None,
    typer.Option(
        "--derive",
        metavar="q4,ttm",
        help="q4 (Q4 = FY - 9M, quarterly "
        "tables) and/or ttm (trailing twelve months), comma-separated; "
        "derived cells are marked d, each one's formula and filings in a note "
        "(one concept); csv, nl, a pipe or --json give every cell's filing.",
    ),
]
BasisOpt = Annotated[
    Literal["as_reported", "current"],
    typer.Option(
        "--basis",
        help="as_reported (default): per-share values and share counts as filed; current: those on an older "
        "share basis put on today's, each marked derived with its formula (the split and the filing).",
    ),
]
WideOpt = Annotated[
    bool,
    typer.Option(
        "--wide/--long",
        help="csv, tsv, nl and piped output: by default (--long) one row per concept and period, naming its "
        "fiscal year and period start and end, with its value, unit, tag and filing; --wide: periods as columns, "
        "a spreadsheet's layout, whose periods only the header row names.",
    ),
]
ChartOpt = Annotated[
    bool, typer.Option("--chart", help="Also draw a terminal chart of the table (needs the chart extra).")
]
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
    from ..capabilities.search.search import ACCEPTED_FORMS
    from ..sec.submissions import FORM_FAMILIES

    forms = list(dict.fromkeys([*FORM_FAMILIES, *ACCEPTED_FORMS]))
    head, _, last = incomplete.rpartition(",")  # --forms 10-K,10-
    prefix = f"{head}," if head else ""
    return [prefix + f for f in forms if f.upper().startswith(last.upper())]


def comma_list(value: str | None) -> list[str] | None:
    """``"10-K, 10-Q"`` -> ``["10-K", "10-Q"]``; None stays None (the option was not given)."""
    return [v.strip() for v in value.split(",") if v.strip()] if value is not None else None


# --- running a capability -------------------------------------------------------------------------


@contextmanager
def only_command(app: typer.Typer, args: list[str]) -> Iterator[None]:
    """While ``app`` runs ``args``, its root group is built with only the command ``args[0]`` names.

    Typer turns every registered command into a click command (signatures, help, parameter
    types) on each call, though one runs: a warm ``edgar concept`` spent over a quarter of its
    time after imports building the other twenty. When the first argument is a top-level command
    or command group, the others are left out for this call; anything else (global options
    first, ``--help``, an unknown or misspelt command, shell completion) sees them all.
    """
    first = args[0] if args else ""
    completing = config.completing()
    commands = [c for c in app.registered_commands if c.name == first]
    groups = [g for g in app.registered_groups if g.name == first]
    if completing or not (commands or groups):
        yield
        return
    saved = app.registered_commands, app.registered_groups
    app.registered_commands, app.registered_groups = commands, groups
    try:
        yield
    finally:
        app.registered_commands, app.registered_groups = saved


def _install_client() -> None:
    from ..config import Settings
    from ..sec.client import SecClient, set_client

    current = state()
    settings = Settings.from_env(user_agent=current.user_agent, no_cache=current.no_cache or None)
    if current.format in ("json", "nl"):
        settings.interactive = False  # never prompt when a script reads the output
    set_client(SecClient(settings))


def current_format(as_json: bool = False) -> str | None:
    """The output format asked for (None: the default for where stdout goes)."""
    return "json" if as_json else state().format


def quiet() -> bool:
    return state().quiet


def run(call: Callable[[], Any], as_json: bool = False) -> None:
    """Call a capability, print its result or its error, exit with the right status.

    ``as_json`` is for commands that declare their own ``--json`` flag; the common options set the rest.
    """
    from ..sec.transport import within_command_deadline
    from ..vocabulary import set_surface
    from .output import emit, emit_error

    set_surface("cli")
    if as_json:
        state().format = "json"
    fmt = current_format()
    try:
        _install_client()
        with progress(enabled=not quiet()):
            result = within_command_deadline(call)
    except EdgarError as exc:
        error = exc.to_dict()
        _write(lambda: emit_error(error, fmt), exc.exit_status)
        raise typer.Exit(int(exc.exit_status)) from None
    except Interrupted as exc:  # long work: say how far it got
        sys.stderr.write(exc.done + "\n")
        raise typer.Exit(130) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except Exception as exc:  # a bug: say so plainly, keep the traceback for EDGAR_DEBUG
        if config.debug():
            raise
        err = EdgarError(
            "internal_error",
            f"Unexpected {type(exc).__name__}: {exc}",
            "This is a bug in edgar; rerun with EDGAR_DEBUG=1 for the traceback and report it.",
        )
        _write(lambda: emit_error(err.to_dict(), fmt), ExitStatus.INTERNAL_ERROR)
        raise typer.Exit(int(ExitStatus.INTERNAL_ERROR)) from None
    status = getattr(result, "exit_status", 0)
    _write(lambda: emit(result, fmt, quiet=quiet()), status)
    if status:
        raise typer.Exit(int(status))


def _write(write: Callable[[], None], status: int = 0) -> None:
    """Run ``write`` (output to stdout); a reader that has gone (``| head``) ends the run with ``status``
    (0 for a result: the reader had what it wanted; an error keeps its own).

    Caught here, because click turns EPIPE into exit 1 before the entry point could.
    """
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        from .entry import _to_devnull

        _to_devnull(sys.stdout)
        raise typer.Exit(int(status)) from None


def fail(exc: EdgarError) -> None:
    """Report an error raised outside :func:`run` (before a capability is called) and exit."""
    from .output import emit_error

    emit_error(exc.to_dict(), current_format())
    raise typer.Exit(int(exc.exit_status))


def _describe_request(url: str, count: int, seconds: float) -> str:
    """``fetching data.sec.gov/…/CIK0001045810.json (3 requests, 2 s)``: short enough for 80 columns."""
    host, _, path = url.split("://", 1)[-1].partition("/")
    last = path.split("?", 1)[0].rsplit("/", 1)[-1] or path
    if len(last) > 40:
        last = last[:39] + "…"
    return f"fetching {host}/…/{last} ({count} request{'s' if count != 1 else ''}, {seconds:.0f} s)"


@contextmanager
def progress(*, enabled: bool = True) -> Iterator[None]:
    """A spinner on stderr naming the current SEC request, shown only on a terminal and only after 1 s.

    It waits for the first request, so it never covers the User-Agent prompt.
    """
    from .output import is_terminal

    if not enabled or not is_terminal(sys.stderr):
        yield
        return
    stop = threading.Event()

    def spin() -> None:
        from rich.console import Console

        from ..sec.client import get_client

        started = time.monotonic()
        try:
            after = config.progress_after(PROGRESS_AFTER_SECONDS)
        except ValueError:
            after = PROGRESS_AFTER_SECONDS
        if stop.wait(after):
            return
        client = get_client()
        while not client.requests.urls:
            if stop.wait(0.1):
                return
        console = Console(stderr=True, highlight=False, markup=False, emoji=False)
        first = _describe_request(client.requests.urls[-1], len(client.requests.urls), time.monotonic() - started)
        with console.status(first, spinner="dots") as status:
            while not stop.wait(0.1):
                urls = client.requests.urls
                status.update(_describe_request(urls[-1], len(urls), time.monotonic() - started))

    worker = threading.Thread(target=spin, daemon=True)
    worker.start()
    try:
        yield
    finally:
        stop.set()
        worker.join(timeout=2)


def confirm(question: str, *, yes: bool) -> bool:
    """True when a destructive command may go ahead: ``--yes``, no terminal to ask on, or the user said yes.

    Asks on stderr only when stdin and stderr are terminals; Ctrl-D or an empty answer is no.
    """
    from .output import is_terminal, terminal_safe

    if yes or not (is_terminal(sys.stdin) and is_terminal(sys.stderr)) or state().format in ("json", "nl"):
        return True
    sys.stderr.write(terminal_safe(question) + " [y/N] ")
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline()
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if not answer.endswith("\n"):
        sys.stderr.write("\n")
    return answer.strip().lower() in ("y", "yes")

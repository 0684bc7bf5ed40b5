"""The console-script entry point: runs the Typer app, turns usage errors into invalid_argument.

``edgar concept COMPANY CONCEPT ...`` (JSON, rows or a table) is answered first by
cli/fastpath.py, without importing Typer or pydantic, when it can be (from the
cache, or on a first lookup with a client that fetches); otherwise the Typer app runs. It also keeps two promises the commands cannot:
arguments that are not valid UTF-8 are an ``invalid_argument`` (not a
traceback), and a reader that closes the pipe early (``edgar ... | head -1``,
stderr included) ends the run quietly with exit 0, never exit 1.
"""

from __future__ import annotations

import errno
import os
import sys

from .. import config
from ..errors import EdgarError, ExitStatus


class _QuietOnClosedPipe:
    """A stderr that stops writing, instead of raising, once its reader has gone (EPIPE)."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self._closed = False

    def write(self, text: str) -> int:
        if not self._closed:
            try:
                return self._stream.write(text)
            except (BrokenPipeError, ValueError):  # ValueError: the stream was closed under us
                self._gone()
            except OSError as exc:
                if exc.errno != errno.EPIPE:
                    raise
                self._gone()
        return len(text)

    def flush(self) -> None:
        if not self._closed:
            try:
                self._stream.flush()
            except (BrokenPipeError, ValueError):
                self._gone()

    def _gone(self) -> None:
        self._closed = True
        _to_devnull(self._stream)  # what is still buffered must not fail the interpreter's last flush

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _to_devnull(stream) -> None:
    """Point a stream's file descriptor at /dev/null (after EPIPE), so the interpreter's final flush cannot fail."""
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's capture): nothing to flush at exit
        pass


def _undecodable(args: list[str]) -> EdgarError | None:
    """An error for the first argument that is not valid UTF-8 (Python keeps its bytes as lone surrogates)."""
    for i, arg in enumerate(args, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raw = arg.encode("utf-8", "surrogateescape")
            shown = raw.decode("utf-8", "backslashreplace")
            bad = next((b for b in raw if b >= 0x80), 0)
            return EdgarError(
                "invalid_argument",
                f"Argument {i} ('{shown}') is not valid UTF-8 text (byte 0x{bad:02x}).",
                "Pass text in UTF-8; check the terminal's or the script's encoding.",
            )
    return None


def _wants_json(args: list[str]) -> str | None:
    if "--json" in args:
        return "json"
    if "--nl" in args:
        return "nl"
    for i, a in enumerate(args):
        if a == "--format" and i + 1 < len(args) and args[i + 1] in ("json", "nl"):
            return args[i + 1]
        if a in ("--format=json", "--format=nl"):
            return a.split("=", 1)[1]
    return None


def _usage_error(err: EdgarError, args: list[str], usage: str | None) -> None:
    from .output import emit_error, terminal_safe

    fmt = _wants_json(args)
    if fmt is None and usage:
        sys.stderr.write(terminal_safe(usage) + "\n")
    emit_error(err.to_dict(), fmt)


def _without_pydantic_plugins() -> None:
    """No pydantic plugin look-up in a CLI process (edgar uses none), unless the user asks for plugins.

    pydantic looks for plugins when it builds a process' first model: its plugin loader imports
    importlib.metadata (with email, zipfile, csv: some 160 M instructions, more than the whole
    floor script) and scans every installed distribution's entry points. That was about a
    sixth of a warm ``edgar concept``. With PYDANTIC_DISABLE_PLUGINS set (here by default;
    a user who wants plugins sets it, even to "") the loader would return no plugins anyway,
    so it is stood in for by a module answering just that. Typer disables plugins the same
    way while it builds its parameter adapters.
    """
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    name = "pydantic.plugin._loader"
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in ("__all__", "1", "true") and name not in sys.modules:
        import types

        loader = types.ModuleType(name, "edgar: pydantic plugins disabled (edgar_cli.cli.entry)")
        loader.get_plugins = lambda: ()  # type: ignore[attr-defined]
        sys.modules[name] = loader


def _json_escape(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what the stream's encoding cannot hold, as JSON's \\uXXXX escapes.

    Non-ASCII text only ever stands inside JSON strings, where the escape is the same text; in a table it
    stays visible instead of ending the run with a UnicodeEncodeError (PYTHONIOENCODING=ascii, LC_ALL=C).
    """
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), exc.end


def _usable_streams() -> int | None:
    """None when stdout can carry the data; else the exit status, after saying why on stderr."""
    import codecs

    if sys.stdout is None:  # `edgar ... >&-`: there is nowhere for the data to go
        if sys.stderr is not None:
            sys.stderr.write("error: standard output is closed, so there is nowhere to write the answer.\n")
        return int(ExitStatus.INTERNAL_ERROR)
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("_", "-")
    if not encoding.startswith("utf") and hasattr(sys.stdout, "reconfigure"):
        codecs.register_error("edgar-json-escape", _json_escape)
        try:
            sys.stdout.reconfigure(errors="edgar-json-escape")
        except (ValueError, OSError):
            pass
    return None


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: usage errors become invalid_argument (exit 2)."""
    from ..vocabulary import set_surface

    set_surface("cli")
    closed = _usable_streams()
    if closed is not None:
        sys.exit(closed)
    stderr = sys.stderr
    if not isinstance(stderr, _QuietOnClosedPipe):
        sys.stderr = _QuietOnClosedPipe(stderr)
    args = list(sys.argv[1:] if argv is None else argv)
    if config.log_format():  # logs.py (and logging) only when a log format is asked for
        from ..logs import configure

        configure()  # JSON lines on stderr with EDGAR_LOG_FORMAT=json; otherwise nothing changes
    from ..sec.command_scope import command_scope

    scope = command_scope()
    scope.__enter__()  # a fetch that failed after its retries is not asked again in this command (sec/client.py)
    try:
        bad = _undecodable(args)
        if bad is not None:
            _usage_error(bad, [a for a in args if a.isascii()], None)
            rc = int(ExitStatus.INVALID_ARGUMENT)
        else:
            fast = _fast(args)
            rc = _run(args) if fast is None else fast
        sys.stdout.flush()  # here, not at exit: a reader gone by now is EPIPE below, not exit 120
    except BrokenPipeError:
        _to_devnull(sys.stdout)
        rc = 0
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full, an I/O error): said, not a traceback
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EBADF, errno.EFBIG):
            raise
        _to_devnull(sys.stdout)
        sys.stderr.write(f"error: cannot write the answer to standard output: {exc.strerror or exc}.\n")
        rc = int(ExitStatus.INTERNAL_ERROR)
    finally:
        scope.__exit__(None, None, None)
        _close_pools()
        sys.stderr = stderr
    sys.exit(rc)


def _close_pools() -> None:
    """Close the PostgreSQL index's connection pools, if the command opened any (pg_store.close_pools)."""
    pg_store = sys.modules.get("edgar_cli.index.pg_store")
    if pg_store is not None:
        pg_store.close_pools()


def _fast(args: list[str]) -> int | None:
    """The exit status once the fast path (cli/fastpath.py) has printed the answer; None when the Typer path must
    run."""
    if not args or args[0] not in ("concept", "-q", "--quiet"):
        return None
    from .fastpath import respond

    try:
        found = respond(args)
    except KeyboardInterrupt:
        return 130
    if found is None:
        return None
    out, err, rc = found
    sys.stdout.write(out)
    sys.stdout.flush()  # the data before the notes, when both go to one terminal (as output.emit does)
    if isinstance(err, str):
        sys.stderr.write(err)
    else:
        err()
    return rc


def _serve_stdio() -> int:
    """``edgar serve-mcp`` without options (how an MCP client starts it): served without building the Typer
    app, whose import is half of a second before the handshake can be answered (mcp/handshake.py)."""
    _without_pydantic_plugins()
    from ..mcp.server import serve
    from .announce import announce_server

    try:
        serve("stdio", on_ready=lambda: announce_server("stdio", "127.0.0.1", 8000, []))
    except EdgarError as exc:  # a configuration refused before anyone is answered: said as the Typer route says it
        import typer

        from .support import fail

        try:
            fail(exc)
        except typer.Exit as done:
            return done.exit_code
    return 0


def _run(args: list[str]) -> int:
    if args == ["serve-mcp"] and not config.completing():
        return _serve_stdio()
    _without_pydantic_plugins()
    import typer

    from .app import app_for
    from .support import only_command

    app = app_for(args)
    try:
        with only_command(app, args):
            rc = app(args=args, prog_name="edgar", standalone_mode=False)
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        return 130
    except typer.TyperException as exc:  # click's UsageError/BadParameter (exit_code 2) and friends
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `edgar`: show help, not an error
            sys.stdout.write((ctx.get_help() if ctx is not None else str(exc)) + "\n")
            return 0
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        code = getattr(exc, "exit_code", 1)
        if code != ExitStatus.INVALID_ARGUMENT:
            from .output import terminal_safe

            sys.stderr.write(f"error: {terminal_safe(message)}\n")
            return code
        command = ctx.command_path if ctx is not None else "edgar"
        err = EdgarError(
            "invalid_argument", message, f"Run `{command} --help` for the accepted arguments and examples."
        )
        _usage_error(err, args, ctx.get_usage() if ctx is not None else None)
        return int(ExitStatus.INVALID_ARGUMENT)
    return rc if isinstance(rc, int) else 0

"""The console-script entry point: runs the Typer app, turns usage errors into invalid_argument."""

from __future__ import annotations

import json
import sys

import typer

from .cli import app
from .errors import EdgarError, ExitStatus


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: usage errors become invalid_argument (exit 2)."""
    from .vocabulary import set_surface

    set_surface("cli")
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        rc = app(args=args, prog_name="edgar", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.exit(130)
    except typer.TyperException as exc:  # click's UsageError/BadParameter (exit_code 2) and friends
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `edgar`: show help, not an error
            ctx = getattr(exc, "ctx", None)
            sys.stdout.write((ctx.get_help() if ctx is not None else str(exc)) + "\n")
            sys.exit(0)
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        code = getattr(exc, "exit_code", 1)
        if code != ExitStatus.INVALID_ARGUMENT:
            sys.stderr.write(f"error: {message}\n")
            sys.exit(code)
        err = EdgarError("invalid_argument", message,
                         "Run `edgar --help` or `edgar COMMAND --help` for the accepted arguments.")
        if "--json" in args:
            sys.stdout.write(json.dumps(err.to_dict(), indent=2) + "\n")
        else:
            ctx = getattr(exc, "ctx", None)
            if ctx is not None:
                sys.stderr.write(ctx.get_usage() + "\n")
            sys.stderr.write(f"error (invalid_argument): {message}\n")
        sys.exit(ExitStatus.INVALID_ARGUMENT)
    sys.exit(rc if isinstance(rc, int) else 0)

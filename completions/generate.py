"""Regenerate the shell completion scripts from the Typer app: python completions/generate.py

The scripts are thin: the shell calls `edgar` back with _EDGAR_COMPLETE set, so command names,
options and values (concept names, section keys, form types) always come from the installed app.
tests/test_completions.py fails when a committed script differs from what this writes.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
SHELLS = {"bash": "edgar.bash", "zsh": "_edgar", "fish": "edgar.fish"}


def scripts() -> dict[str, str]:
    from typer._completion_shared import get_completion_script

    return {name: get_completion_script(prog_name="edgar", complete_var="_EDGAR_COMPLETE", shell=shell) + "\n"
            for shell, name in SHELLS.items()}


def main() -> None:
    for name, text in scripts().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote completions/{name}")


if __name__ == "__main__":
    main()

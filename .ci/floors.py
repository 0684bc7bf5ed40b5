"""Check that every direct dependency is installed at the lower bound pyproject.toml declares for it.

Run by .ci/run with the python of the venv that `uv pip install --resolution lowest-direct` filled: a floor
that cannot be installed (another dependency needs more, or no build exists for this Python) makes the
resolver pick a higher version, and then the tests that follow would not test the declared floor.
Exit status 1, with the differences on stderr, when a dependency is not at its floor or has none.
"""

from __future__ import annotations

import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version


def floors(pyproject: Path) -> dict[str, Version | None]:
    """Each dependency of [project].dependencies -> the version its ``>=`` bound names (None: no ``>=``)."""
    deps = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    out: dict[str, Version | None] = {}
    for line in deps:
        req = Requirement(line)
        lows = [Version(s.version) for s in req.specifier if s.operator in (">=", "==")]
        out[req.name] = min(lows) if lows else None
    return out


def main() -> int:
    pyproject = Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml")
    wrong = []
    for name, floor in floors(pyproject).items():
        try:
            installed = Version(version(name))
        except PackageNotFoundError:
            installed = None
        ok = floor is not None and installed == floor
        print(f"{'ok ' if ok else 'BAD'} {name:<16} declared >= {floor}, installed {installed}")
        if not ok:
            wrong.append(name)
    if wrong:
        print(
            f"floors.py: {', '.join(wrong)} not installed at the declared lower bound; raise the bound in "
            "pyproject.toml to the lowest version that installs and passes",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

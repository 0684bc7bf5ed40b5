"""Every EDGAR_* variable (and SEC_USER_AGENT) is read through edgar_cli/config.py (issue 34).

An AST scan of every other module: a read of ``os.environ`` or ``os.getenv`` whose key is an ``EDGAR_``
name or ``SEC_USER_AGENT`` (written out, or a module constant holding it) fails, and so does a use of the
whole environment that is not one of the known scans for a shell-completion variable.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import edgar_cli

PACKAGE = Path(edgar_cli.__file__).parent
CONFIG = PACKAGE / "config.py"
# modules that may look through the whole environment (config.completing: click's ``_<PROG>_COMPLETE``)
WHOLE_ENVIRONMENT: set[str] = set()


def ours(name: str) -> bool:
    return name.startswith("EDGAR_") or name == "SEC_USER_AGENT"


ENVIRON = {"environ", "environb", "getenv", "getenvb"}


def is_environ(node: ast.AST, aliases: frozenset[str] | set[str] = frozenset()) -> bool:
    """``os.environ``/``environb``/``getenv``/``getenvb``, or a name bound to one (``from os import environ as e``)."""
    return (isinstance(node, ast.Attribute) and node.attr in ENVIRON) or (
        isinstance(node, ast.Name) and node.id in ENVIRON | aliases
    )


def key_of(node: ast.AST, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
        return node.value if isinstance(node.value, str) else node.value.decode("latin-1")
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


def environment_reads(path: Path) -> list[str]:
    """``file:line: what`` for each read of one of edgar's variables, or of the whole environment."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {
        t.id: n.value.value
        for n in tree.body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    rel = path.relative_to(PACKAGE.parent).as_posix() if path.is_relative_to(PACKAGE.parent) else path.name
    aliases = {
        a.asname or a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module == "os"
        for a in n.names
        if a.name in ENVIRON
    }
    found = []
    for node in ast.walk(tree):
        if (  # getattr(os, "environ"): the environment by another name
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in ENVIRON
        ):
            found.append((node.lineno, f"{rel}:{node.lineno}: the whole environment"))
            continue
        if not is_environ(node, aliases):
            continue
        up = parents.get(node)
        if isinstance(up, ast.Attribute) and isinstance(parents.get(up), ast.Call):  # os.environ.get(KEY, ...)
            call = parents[up]
            key = key_of(call.args[0], constants) if call.args else None
        elif isinstance(up, ast.Call) and up.func is node:  # os.getenv(KEY)
            key = key_of(up.args[0], constants) if up.args else None
        elif isinstance(up, ast.Subscript) and up.value is node:  # os.environ[KEY]
            key = key_of(up.slice, constants)
        elif isinstance(up, ast.Compare) and node in up.comparators:  # KEY in os.environ
            key = key_of(up.left, constants)
        elif isinstance(node, ast.Attribute) and isinstance(up, ast.Import | ast.ImportFrom):
            continue
        else:
            key = None
        if key is None and rel in WHOLE_ENVIRONMENT and isinstance(up, ast.comprehension):
            continue  # ``any(... for k in os.environ)``: a scan of the names, no value read
        if key is None or ours(key):
            found.append((node.lineno, f"{rel}:{node.lineno}: {key or 'the whole environment'}"))
    return [text for _, text in sorted(found)]


def test_no_module_but_config_reads_an_edgar_variable_from_the_environment():
    reads = [r for p in sorted(PACKAGE.rglob("*.py")) if p != CONFIG for r in environment_reads(p)]
    assert reads == []


def test_the_scan_finds_a_read_written_any_of_the_usual_ways(tmp_path):
    module = tmp_path / "probe.py"
    source = (
        "import os\nNAME = 'EDGAR_X'\n"
        "a = os.environ.get('EDGAR_A')\nb = os.environ['SEC_USER_AGENT']\nc = os.getenv(NAME)\n"
        "d = 'EDGAR_D' in os.environ\ne = os.environ.get('HOME')\nf = dict(os.environ)\n"
    )
    module.write_text(source, encoding="utf-8")
    reads = environment_reads(module)
    assert [r.split(": ", 1)[1] for r in reads] == [
        "EDGAR_A",
        "SEC_USER_AGENT",
        "EDGAR_X",
        "EDGAR_D",
        "the whole environment",
    ]


@pytest.mark.parametrize(
    "source",
    [
        'import os\nos.environ.get("EDGAR_A")',
        'import os\nos.getenv("EDGAR_A")',
        'from os import environ as env\nenv.get("EDGAR_A")',
        'from os import getenv as ge\nge("EDGAR_A")',
        'import os\ngetattr(os, "environ")["EDGAR_A"]',
        'import os\nos.environb[b"EDGAR_A"]',
        'import os\nos.getenvb(b"EDGAR_A")',
    ],
)
def test_the_scan_finds_a_read_by_any_spelling(tmp_path, source):
    path = tmp_path / "sneaky.py"
    path.write_text(source + "\n")
    assert environment_reads(path)

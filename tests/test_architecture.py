"""The package's arrows run one way: faces -> capabilities -> domains -> shared (issue 34).

Every ``import`` and ``from ... import`` in every module of edgar_cli, at the top or inside a function,
relative ones resolved against the importing module's package, is checked against the layer of the
module it names. A module may import its own layer or one below it, never one above. The result types
several layers build (``edgar_cli.models``: facts, company references, the verify figures) sit with the
domains; a capability's own result model is in its folder. The package root (``edgar_cli/__init__``,
``__main__``) is the public face. The shared modules import no package layer.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import edgar_cli

PACKAGE = Path(edgar_cli.__file__).parent

FACES = {"cli", "mcp", "__init__", "__main__"}
CAPABILITIES = {"capabilities"}
DOMAINS = {"sec", "xbrl", "documents", "companies", "index", "bulk", "verification", "models"}
SHARED = {"errors", "config", "logs", "vocabulary", "datafiles", "patterns", "alloc"}
LAYERS = {**{n: 3 for n in FACES}, **{n: 2 for n in CAPABILITIES}, **{n: 1 for n in DOMAINS}, **{n: 0 for n in SHARED}}
LAYER_NAMES = {3: "face", 2: "capability", 1: "domain", 0: "shared"}

# Arrows that still run up, each with why; the list may only shrink (a test fails on an entry no longer needed).
KNOWN_UPWARD: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def layer_of(module: str) -> int | None:
    """The layer of ``edgar_cli.<top>...``; None for a module outside the package."""
    parts = module.split(".")
    if parts[0] != "edgar_cli":
        return None
    return LAYERS.get(parts[1] if len(parts) > 1 else "__init__")


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@cache
def imported(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the file, relative ones resolved, nested ones included."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from . import x`` names submodules: check each as a module of its own
            if node.module is None:
                found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, target))
    return found


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def upward_imports() -> list[tuple[str, int, str, str]]:
    """(file, line, importer, imported) for every import of a layer above the importer's."""
    found = []
    for path in modules():
        here = module_name(path)
        mine = layer_of(here)
        assert mine is not None, f"{here} belongs to no layer: add its package to a layer in this test"
        for line, target in imported(path):
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                found.append((str(path.relative_to(PACKAGE.parent)), line, here, target))
    return found


def arrow(file: str, line: int, here: str, target: str) -> str:
    """``file:line: module (layer) imports target (layer)``: where the arrow is and which way it runs."""
    mine, theirs = LAYER_NAMES[layer_of(here)], LAYER_NAMES[layer_of(target)]  # type: ignore[index]
    return f"{file}:{line}: {here} ({mine}) imports {target} ({theirs})"


def test_every_module_of_the_package_belongs_to_a_layer():
    tops = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in modules()}
    assert tops - set(LAYERS) == set()


def test_no_module_imports_a_layer_above_its_own():
    assert [arrow(*a) for a in upward_imports() if (a[2], a[3]) not in KNOWN_UPWARD] == []


def test_every_known_upward_arrow_is_still_there():
    assert set(KNOWN_UPWARD) - {(here, target) for _, _, here, target in upward_imports()} == set()


def test_the_shared_modules_import_no_package_layer():
    bad = [
        f"{module_name(path)}:{line} imports {target}"
        for name in SHARED
        for path in [PACKAGE / f"{name}.py"]
        for line, target in imported(path)
        if target.startswith("edgar_cli.") and target.split(".")[1] not in SHARED
    ]
    assert bad == []


def load_time_graph() -> dict[str, set[str]]:
    """module -> the package modules its top-level imports load (a name imported from a module: the module).

    Importing ``edgar_cli.xbrl.facts`` first runs ``edgar_cli/xbrl/__init__``: each package on the way to
    the target is an edge too, except the importing module's own packages (already being loaded)."""
    graph: dict[str, set[str]] = {}
    known = {module_name(p) for p in modules()}
    for path in modules():
        top = {n.lineno for n in tree(path).body if isinstance(n, (ast.Import, ast.ImportFrom))}
        here = module_name(path)
        own = {here.rsplit(".", k)[0] for k in range(here.count(".") + 1)}
        edges = set()
        for line, target in imported(path):
            if line in top:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                parts = target.split(".")
                for depth in range(2, len(parts) + 1):  # edgar_cli.xbrl, edgar_cli.xbrl.facts (not the root)
                    step = ".".join(parts[:depth])
                    if step in known and step != here and step not in own:
                        edges.add(step)
        graph[here] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each cycle a depth-first walk of ``graph`` meets, as ``a -> b -> a``."""
    found: list[str] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(" -> ".join(trail[trail.index(nxt) :] + [nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return found


def test_the_top_level_imports_form_no_cycle():
    """Within a layer arrows may cross (cli.support reaches cli.entry, inside a function), but never in a loop
    at load time."""
    assert cycles(load_time_graph()) == []


def test_the_cycle_finder_finds_a_loop_and_nothing_in_a_tree():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a -> b -> c -> a"]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_imports_are_read_at_any_depth_with_relative_ones_resolved():
    found = {target for _, target in imported(PACKAGE / "bulk" / "build.py")}
    assert "edgar_cli.xbrl.records" in found  # from ..xbrl.records import jsonable (top level)
    assert "edgar_cli.xbrl.periods" in found  # from ..xbrl.periods import period_filter (inside materialize)
    assert "edgar_cli.bulk.store" in found  # from .store import ...
    answer = {target for _, target in imported(PACKAGE / "xbrl" / "answer.py")}
    assert "edgar_cli.xbrl.periods" in answer  # from . import periods as P


def test_a_cycle_through_a_packages_init_is_found():
    graph = {
        "edgar_cli.sec.companyfacts": {"edgar_cli.xbrl", "edgar_cli.xbrl.facts"},
        "edgar_cli.xbrl": {"edgar_cli.xbrl.answer"},
        "edgar_cli.xbrl.answer": {"edgar_cli.sec", "edgar_cli.sec.companyfacts"},
    }
    assert cycles(graph)

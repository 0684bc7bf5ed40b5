"""What edgar can do, declared once: each capability folder's ``CAPABILITY`` and the ``REGISTRY`` of folders.

A capability is a folder ``capabilities/<name>/``: its function module(s), its result model
(``model.py``) and, in ``__init__.py``, a :class:`Capability` naming its tools. A :class:`Tool` is one
capability function, named by a ``"module:function"`` string, with what each face needs to know about
it: the CLI command that runs it and, for the MCP server, whether it is a tool, the guidance appended
to its description, the JSON Schema bounds of its parameters, the parameters it does not offer, its
defaults and descriptions over MCP, and its annotations (local, writes).

The faces iterate over the declarations: ``mcp/server.py`` builds one MCP tool per declared tool with
``mcp=True``; ``vocabulary.tool()`` spells a tool as its CLI command. Importing this module, or a
folder's ``__init__``, loads no capability code, no pydantic and no HTTP client: functions are
imported when :func:`function` is first asked for one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

# The capability folders, in the CLI's task order (edgar --help lists their commands so).
REGISTRY: tuple[str, ...] = (
    "edgar_cli.capabilities.concept",
    "edgar_cli.capabilities.statement",
    "edgar_cli.capabilities.compare",
    "edgar_cli.capabilities.screen",
    "edgar_cli.capabilities.filings",
    "edgar_cli.capabilities.section",
    "edgar_cli.capabilities.search",
    "edgar_cli.capabilities.local_index",
    "edgar_cli.capabilities.documents",
    "edgar_cli.capabilities.verify",
    "edgar_cli.capabilities.resolve",
    "edgar_cli.capabilities.catalogue",
    "edgar_cli.capabilities.sync",
    "edgar_cli.capabilities.admin",
)


@dataclass(frozen=True)
class Tool:
    """One capability function and what the CLI and the MCP server need to know about it.

    ``function`` is ``"package.module:function_name"``, or the bare function name when it lives in its
    folder's module of the same name (``capabilities/filings/filings.py``: ``"list_filings"``), which
    the :class:`Capability` completes; the function's name is the MCP tool's name.
    ``command`` is the CLI command that calls it (``"edgar index add"``); several tools may share
    one (``edgar concept`` serves get_financial_concept and, with several concepts, get_financial_series).
    ``objects`` are parameters that take Python objects (an index store, a progress callback): no
    surface offers them, and ``client`` is always one. The rest only matter when ``mcp`` is true:
    ``guidance`` follows the docstring's first paragraph in the tool's description (what to read in
    the result before answering; MCP names only, never a CLI flag); ``ranges`` are JSON Schema bounds
    by parameter (``minimum``/``maximum``, ``minItems``/``maxItems``, ``maxLength``; :func:`between`
    and :func:`at_least` spell the usual ones), from the constants the function checks;
    ``mcp_hidden`` are parameters the tool does not offer although the CLI does (``file`` would
    read the server's own disk); ``mcp_defaults`` replace the function's
    defaults where they would make a large answer; ``mcp_descriptions`` replace a parameter's
    description; ``local`` tools reach only the server's local index (openWorldHint false) and
    ``writes`` tools change it (readOnlyHint false).
    """

    function: str
    command: str
    guidance: str = ""
    mcp: bool = True
    ranges: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    objects: frozenset[str] = frozenset()
    mcp_hidden: frozenset[str] = frozenset()
    mcp_defaults: Mapping[str, Any] = field(default_factory=dict)
    mcp_descriptions: Mapping[str, str] = field(default_factory=dict)
    local: bool = False
    writes: bool = False

    @property
    def name(self) -> str:
        """The function's name: the MCP tool's name and the Python API's."""
        return self.function.rpartition(":")[2]

    @property
    def module(self) -> str:
        return self.function.partition(":")[0]


# The objects most tools that read or write the local index take.
STORE: frozenset[str] = frozenset({"store"})


def between(minimum: int, maximum: int) -> dict[str, int]:
    """The JSON Schema bounds of a number from ``minimum`` to ``maximum``, both included."""
    return {"minimum": minimum, "maximum": maximum}


def at_least(minimum: int) -> dict[str, int]:
    """The JSON Schema bound of a number no lower than ``minimum``."""
    return {"minimum": minimum}


# The headings `edgar --help` groups its commands under, in this order (a capability names one as its task).
TASKS: tuple[str, ...] = (
    "Numbers (XBRL facts)",
    "Filings and their text",
    "Checking and lookup",
    "Setup and serving",
)


@dataclass(frozen=True, init=False)
class Capability:
    """A capability folder's declaration: its ``name`` (the folder's), ``task`` (one of :data:`TASKS`:
    the heading its commands come under in ``edgar --help``), its tools and ``mcp_order``, where its
    tools come in the MCP server's tools/list (ascending; a model reads the list top down, so
    resolve_company comes first). Declared in ``capabilities/<name>/__init__.py`` as ``CAPABILITY``:
    ``Capability("filings", TASKS[1], Tool("list_filings", "edgar filings", GUIDANCE), mcp_order=4)``.
    A tool's bare function name is completed to ``edgar_cli.capabilities.<name>.<name>:<function>``."""

    name: str
    tools: tuple[Tool, ...]
    task: str
    mcp_order: int

    def __init__(self, name: str, task: str, *tools: Tool, mcp_order: int = 100) -> None:
        module = f"edgar_cli.capabilities.{name}.{name}"
        whole = tuple(t if ":" in t.function else replace(t, function=f"{module}:{t.function}") for t in tools)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "tools", whole)
        object.__setattr__(self, "task", task)
        object.__setattr__(self, "mcp_order", mcp_order)


@cache
def declarations() -> tuple[Capability, ...]:
    """Every capability's declaration, in REGISTRY order (imports the folders' light ``__init__`` only)."""
    return tuple(importlib.import_module(path).CAPABILITY for path in REGISTRY)


def tools() -> tuple[Tool, ...]:
    """Every declared tool: by capability in REGISTRY order, then as each capability lists them."""
    return tuple(t for c in declarations() for t in c.tools)


def mcp_tools() -> tuple[Tool, ...]:
    """The tools the MCP server offers, in its tools/list order."""
    ranked = sorted(enumerate(declarations()), key=lambda ic: (ic[1].mcp_order, ic[0]))
    return tuple(t for _, c in ranked for t in c.tools if t.mcp)


def tool(name: str) -> Tool:
    """The declared tool called ``name`` (a function name, e.g. ``list_filings``); KeyError if none is."""
    for t in tools():
        if t.name == name:
            return t
    raise KeyError(name)


def function(declared: Tool) -> Callable[..., Any]:
    """The capability function a tool names, imported now (its module loads pydantic and the SEC client)."""
    return getattr(importlib.import_module(declared.module), declared.name)


def commands() -> dict[str, str]:
    """Tool name -> the CLI command that runs it, in declaration order (vocabulary.tool() spells by it)."""
    return {t.name: t.command for t in tools()}

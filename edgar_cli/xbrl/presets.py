"""Statement presets (``statements.toml``): which catalogue concepts an income statement,
balance sheet or cash-flow statement shows, in order."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..datafiles import load_toml
from ..errors import EdgarError
from .catalogue import Concept, catalogue


@dataclass(frozen=True)
class Preset:
    name: str
    label: str
    rows: tuple[Concept, ...]


@lru_cache(maxsize=1)
def presets() -> dict[str, Preset]:
    concepts = catalogue()
    return {
        name: Preset(name=name, label=spec["label"], rows=tuple(concepts[c] for c in spec["rows"]))
        for name, spec in load_toml(__file__, "statements.toml").items()
    }


ALIASES = {
    "income_statement": "income",
    "is": "income",
    "p&l": "income",
    "pl": "income",
    "balance_sheet": "balance",
    "bs": "balance",
    "cash_flow": "cashflow",
    "cash-flow": "cashflow",
    "cf": "cashflow",
    "cashflows": "cashflow",
}


def preset(name: str) -> Preset:
    """A preset by name (income, balance, cashflow, or a common alias); ``invalid_argument`` otherwise."""
    key = (name or "").strip().lower().replace(" ", "_")
    key = ALIASES.get(key, key)
    found = presets().get(key)
    if found is None:
        raise EdgarError(
            "invalid_argument",
            f"Unknown statement {str(name)[:40]!r}.",
            "Use income, balance or cashflow.",
            statements=sorted(presets()),
        )
    return found

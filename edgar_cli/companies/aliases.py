"""Names analysts say that the SEC's ticker file does not spell (the curated ``aliases.toml``).

A ``short_name`` ("TSMC", "P&G", "BofA") resolves to its company, with a note;
a ``former_ticker`` ("FB") is never resolved (it is not a current ticker and may
be reused), but the company that used it leads the candidates of the
not_found answer. Matching is on the squashed form (case, spaces and
punctuation ignored, "&" kept): "tsmc", "T.S.M.C." and "TSMC" are one alias.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Literal

from ..datafiles import load_toml

AliasKind = Literal["short_name", "former_ticker"]


@dataclass(frozen=True)
class Alias:
    name: str
    cik: int
    kind: AliasKind
    source: str
    until: date | None = None  # a former ticker's last day in use


def squash(text: str) -> str:
    """The form aliases are compared in: lower case, letters, digits and '&' only."""
    return re.sub(r"[^0-9a-z&]", "", text.lower())


@lru_cache(maxsize=1)
def aliases() -> dict[str, Alias]:
    """Squashed alias -> Alias, from aliases.toml."""
    return {squash(row["name"]): Alias(**row) for row in load_toml(__file__, "aliases.toml").get("alias", [])}


def lookup(text: str) -> Alias | None:
    """The alias ``text`` spells, if any."""
    key = squash(text)
    return aliases().get(key) if key else None

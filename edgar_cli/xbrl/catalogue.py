"""The concept catalogue (``concepts.toml``) and concept-name lookup."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..errors import EdgarError

TAXONOMIES = ("us-gaap", "ifrs-full", "dei", "srt", "invest", "ecd", "ffd")


@dataclass(frozen=True)
class TagSpec:
    tag: str  # "taxonomy:LocalName"
    caveat: str


@dataclass(frozen=True)
class Concept:
    name: str
    label: str
    definition: str
    kind: str  # "duration" | "instant" | "unknown" (raw tags)
    unit: str  # "currency" | "currency/shares" | "shares" | "any"
    aliases: tuple[str, ...]
    chain: tuple[TagSpec, ...]
    raw: bool = False


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Concept]:
    text = resources.files("edgar_cli.xbrl").joinpath("concepts.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    out: dict[str, Concept] = {}
    for name, spec in data.items():
        out[name] = Concept(
            name=name,
            label=spec["label"],
            definition=spec["definition"],
            kind=spec["kind"],
            unit=spec["unit"],
            aliases=tuple(spec.get("aliases", ())),
            chain=tuple(TagSpec(tag, caveat) for tag, caveat in spec["chain"]),
        )
    return out


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9&]+", " ", text.lower()).strip()


@lru_cache(maxsize=1)
def _alias_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for concept in catalogue().values():
        index[_key(concept.name)] = concept.name
        index[_key(concept.name.replace("_", " "))] = concept.name
        index[_key(concept.label)] = concept.name
        for alias in concept.aliases:
            index[_key(alias)] = concept.name
    return index


RAW_TAG = re.compile(r"^(?:(?P<tax>[a-z][a-z-]*):)?(?P<local>[A-Z][A-Za-z0-9]{2,200})$")


def lookup(name: str) -> Concept:
    """A catalogue concept by name or alias, or a raw XBRL tag.

    ``"revenue"``, ``"net sales"``, ``"R&D"`` -> catalogue concepts;
    ``"us-gaap:Revenues"`` or ``"Revenues"`` -> a one-tag raw concept.
    Raises ``invalid_argument`` listing the catalogue for anything else.
    """
    text = (name or "").strip()
    if not text or len(text) > 220:
        raise _unknown(text)
    hit = _alias_index().get(_key(text))
    if hit:
        return catalogue()[hit]
    m = RAW_TAG.fullmatch(text)
    if m:
        tax = m.group("tax")
        if tax and tax not in TAXONOMIES:
            raise _unknown(text)
        tag = f"{tax}:{m.group('local')}" if tax else m.group("local")
        return Concept(name=tag, label=m.group("local"), definition=f"The raw XBRL tag {tag}, as reported.",
                       kind="unknown", unit="any", aliases=(), chain=(TagSpec(tag, "Raw tag as requested."),), raw=True)
    raise _unknown(text)


def _unknown(text: str) -> EdgarError:
    from rapidfuzz import process

    names = sorted(catalogue())
    close = process.extractOne(_key(text), list(_alias_index()), score_cutoff=70) if text else None
    hint = f" Did you mean {_alias_index()[close[0]]!r}?" if close else ""
    return EdgarError(
        "invalid_argument",
        f"Unknown concept {text[:80]!r}.{hint}",
        "Use one of the catalogue concepts (" + ", ".join(names) + ") or a raw XBRL tag such as us-gaap:Revenues.",
        concepts=names,
        did_you_mean=_alias_index()[close[0]] if close else None,
    )

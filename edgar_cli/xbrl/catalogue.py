"""The concept catalogue (``concepts.toml``) and concept-name lookup."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..datafiles import load_toml
from ..errors import EdgarError

ConceptKind = Literal["duration", "instant", "unknown"]  # unknown: a raw tag

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
    kind: ConceptKind
    unit: str  # "currency" | "currency/shares" | "shares" | "any"
    aliases: tuple[str, ...]
    chain: tuple[TagSpec, ...]
    raw: bool = False
    composite: str | None = None  # a sum of reported lines by a rule of xbrl/composite.py (total_debt); chain: its tags
    # lines a filer may tag beside a chain tag, on their own line of the statement and so not in it (TSMC's bonds
    # beside its long-term bank loans): a value of that tag is then a part, and the answer says so with the line
    apart: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (chain tag, the lines beside it it does not hold)
    # a wider total a filer may tag beside a chain tag, which holds its value and more (total equity with
    # noncontrolling interests beside the parent's equity): where the two differ, the answer names the total
    wider: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (chain tag, the totals that include it)
    # concepts to offer when a company reports none of this one's tags (total_debt -> long_term_debt)
    related: tuple[str, ...] = ()
    # lines the definition leaves out that a filer may tag in the same filing and period, and which many analysts
    # treat alongside it (capitalised software beside purchases of property and equipment): (tag, what it is);
    # an answer names each such line and its value, never adds it
    beside: tuple[tuple[str, str], ...] = ()
    beside_why: str = ""  # why an analyst may want those lines (the sentence the note says after them)


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Concept]:
    data = load_toml(__file__, "concepts.toml")
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
            composite=spec.get("composite"),
            apart=tuple((tag, tuple(lines)) for tag, lines in spec.get("apart", {}).items()),
            wider=tuple((tag, tuple(lines)) for tag, lines in spec.get("wider", {}).items()),
            related=tuple(spec.get("related", ())),
            beside=tuple((tag, what) for tag, what in spec.get("beside", ())),
            beside_why=spec.get("beside_why", ""),
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
    if ":" not in text and _not_in_catalogue_hit(text):  # before raw tags: "EBITDA" is no tag
        raise _unknown(text)
    m = RAW_TAG.fullmatch(text)
    if m:
        tax = m.group("tax")
        if tax and tax not in TAXONOMIES:
            raise _unknown(text)
        if not tax and not any(ch.islower() for ch in m.group("local")):
            # a bare capitalised word (SBC, FCF) is an abbreviation, no tag: tags' local names are CamelCase
            raise _unknown(text)
        return raw_concept(f"{tax}:{m.group('local')}" if tax else m.group("local"))
    raise _unknown(text)


def raw_concept(tag: str) -> Concept:
    """The one-tag raw concept of an XBRL tag as the company's facts name it (``us-gaap:Revenues``), never a
    catalogue concept it is an alias of: its series is that tag's own."""
    return Concept(
        name=tag,
        label=tag.split(":", 1)[-1],
        definition=f"The raw XBRL tag {tag}, as reported.",
        kind="unknown",
        unit="any",
        aliases=(),
        chain=(TagSpec(tag, "Raw tag as requested."),),
        raw=True,
    )


@lru_cache(maxsize=1)
def not_in_catalogue() -> dict[str, tuple[tuple[str, ...], str]]:
    """``not_in_catalogue.toml``: name -> (the names people use for it, what to ask for instead)."""
    return {
        name: (tuple(spec["names"]), spec["instead"])
        for name, spec in load_toml(__file__, "not_in_catalogue.toml").items()
    }


def _not_in_catalogue_hit(text: str) -> tuple[str, str] | None:
    """(name, advice) when ``text`` names a figure deliberately not in the catalogue (EBITDA, free cash flow)."""
    key = _key(text)
    for name, (names, instead) in not_in_catalogue().items():
        if key == _key(name) or key in {_key(n) for n in names}:
            return name, instead
    return None


SUGGEST_CUTOFF = 85  # rapidfuzz ratio: "revnue" -> revenue (92); "ebitda" -> ebit (80) is no misspelling


def suggest(text: str) -> str | None:
    """The catalogue concept ``text`` is a misspelling of, or None.

    Only a close spelling of one concept's own name or alias counts (a plain edit-distance ratio, not a
    partial match): a different economic concept that shares letters (ebitda/ebit, free cash flow/cash)
    is never proposed, and when two concepts are equally close neither is.
    """
    from rapidfuzz import fuzz, process

    key = _key(text)
    if len(key) < 3:
        return None
    found = process.extract(key, list(_alias_index()), scorer=fuzz.ratio, score_cutoff=SUGGEST_CUTOFF, limit=5)
    if not found:
        return None
    best = found[0][1]
    concepts = {_alias_index()[k] for k, score, _ in found if score == best}
    return concepts.pop() if len(concepts) == 1 else None


CLOSEST_CUTOFF = 70  # rapidfuzz token_set_ratio: "loss" -> operating_income, net_income ("operating loss", "net loss")


def closest(text: str, n: int = 3) -> list[str]:
    """Up to ``n`` catalogue concepts whose name or alias is nearest ``text``, best first, or [] for none near
    (rapidfuzz token_set_ratio scores the words of ``text`` found in an alias: "loss" -> operating_income,
    net_income).

    A ranking offered to choose from, never an answer: :func:`suggest` alone names the one concept a
    misspelling stands for."""
    from rapidfuzz import fuzz, process

    key = _key(text)
    if len(key) < 3:
        return []
    index = _alias_index()
    out: list[str] = []
    for alias, _score, _i in process.extract(
        key, list(index), scorer=fuzz.token_set_ratio, score_cutoff=CLOSEST_CUTOFF, limit=50
    ):
        if index[alias] not in out:
            out.append(index[alias])
    return out[:n]


def _unknown(text: str) -> EdgarError:
    names = sorted(catalogue())
    listing = (
        "Use one of the catalogue concepts (" + ", ".join(names) + ") or a raw XBRL tag such as us-gaap:Revenues "
        "(its words run together; a tag the company does not report lists the tags it does report with similar "
        "names)."
    )
    absent = _not_in_catalogue_hit(text) if text else None
    if absent is not None:
        return EdgarError(
            "invalid_argument",
            f"{text[:80]!r} is not in the concept catalogue: {absent[1]}",
            listing,
            concepts=names,
            did_you_mean=None,
            not_in_catalogue=absent[0],
        )
    close = suggest(text) if text else None
    ranked = closest(text) if text else []
    if close:
        hint = f" Did you mean {close!r}?"
    elif ranked:
        # each offer says what it measures: a near name can be a different measure (shares_outstanding is the
        # cover-page count, not the weighted average behind EPS)
        said = "; ".join(f"{name} ({catalogue()[name].definition.rstrip('.')})" for name in ranked)
        hint = f" Closest in the catalogue, each a measure of its own: {said}."
    else:
        hint = ""
    return EdgarError(
        "invalid_argument",
        f"Unknown concept {text[:80]!r}.{hint}",
        listing,
        concepts=names,
        did_you_mean=close,
        closest=ranked,
    )

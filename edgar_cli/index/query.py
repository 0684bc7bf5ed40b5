"""Query understanding for search_documents: which indexed company a question is about, the words that
name it (taken out of the keyword query), the finance vocabulary a question's words expand to, and
which 10-K sections the question is likely answered in.

Everything here is data-driven and deterministic:

- companies: the index's own tickers and names, plus ``data/company_aliases.yaml`` ("J&J", "P&G");
- vocabulary: ``data/finance_terms.yaml`` (each entry quotes the filing wording that justifies it);
- sections: ``SECTION_TOPICS``, what Regulation S-K asks each 10-K item to disclose (Items 101, 103,
  105, 106, 201, 303, 305, 307/308), matched against the question's terms. The prior is soft:
  search multiplies scores by it, never filters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import ranking as R
from .analysis import STOPWORDS, stem, terms, words

DATA = Path(__file__).with_name("data")
ALIASES_FILE = DATA / "company_aliases.yaml"
EXPANSION_WEIGHT = (
    0.85  # a vocabulary term (the filing's own wording for what was asked) weighs nearly a question's word
)
# Words of a company's name that do not name it ("Apple Inc.", "NVIDIA CORP", "The Coca-Cola Co"), and what
# EDGAR's conformed names add ("APPLE COMPUTER INC /MN/", "... /DE/", "... NEW", "AMAZON COM INC").
NAME_NOISE = R.NAME_NOISE | {"com", "mn", "de", "new"}

# What each 10-K item discloses (Regulation S-K), as plain terms: the section prior's evidence.
SECTION_TOPICS: dict[str, str] = {
    "business": "business description products services segments customers competition seasonality suppliers "
    "raw materials manufacturing intellectual property patents government regulation human capital "
    "employees headcount workforce culture compensation benefits unions strategy markets history "
    "incorporated founded",
    "risk_factors": "risk risks adversely affect uncertainty harm hurt threaten exposed exposure depend fail threat disruption "
    "competition regulation litigation cybersecurity climate geopolitical supply worried",
    "cybersecurity": "cybersecurity risk management strategy governance incidents security threats chief "
    "information security officer",
    "properties": "properties facilities offices plants headquarters square feet owned leased locations campus",
    "legal_proceedings": "legal proceedings lawsuits litigation claims court complaint settlement investigation",
    "market_for_equity": "market common stock holders dividends repurchases issuer purchases equity securities "
    "performance graph",
    "mda": "results operations revenue sales growth increase decrease why drivers margin gross operating income "
    "expenses costs liquidity capital resources cash flow free cash flow debt repurchases dividends trends "
    "outlook fiscal year compared prior year segment performance",
    "market_risk": "market risk interest rate foreign currency exchange commodity price sensitivity hedging "
    "derivatives",
    "financial_statements": "financial statements notes accounting policies fair value income taxes leases debt "
    "commitments contingencies goodwill stock-based compensation segment information "
    "balance sheet",
    "controls": "disclosure controls internal control financial reporting material weakness auditor attestation",
}
SECTION_PRIOR_STRENGTH = 0.25  # the likeliest section's chunks get at most this much more score


@dataclass
class Detected:
    cik: str
    name: str
    matched: str  # the question's text that named it


@dataclass
class QueryPlan:
    """What a question searches for: weighted terms, the company it names, the sections it points at."""

    text: str  # the question with the company's name taken out (the semantic query)
    words: list[str]  # the question's own keywords (unstemmed), for excerpts and "broadened"
    weights: dict[str, float]  # term (stem) -> weight: 1 for the question's own, EXPANSION_WEIGHT for vocabulary
    own: set[str] = field(default_factory=set)  # the question's own terms
    expansions: list[str] = field(default_factory=list)  # vocabulary words added, for notes
    companies: list[Detected] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # words taken out because they name the company
    section_prior: dict[str, float] = field(default_factory=dict)
    years: set[int] = field(default_factory=set)  # fiscal or calendar years the question names
    quarterly: bool = False  # the question asks about a quarter ("Q2", "second quarter", "three months")


# --- companies ---------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def company_aliases() -> dict[str, list[str]]:
    """CIK (10 digits) -> the short names people use for the company (data/company_aliases.yaml)."""
    raw = load_yaml(ALIASES_FILE.read_text(encoding="utf-8")) or {}
    return {str(k).zfill(10): [str(a) for a in v] for k, v in raw.items()}


def company_names(cik: str, name: str, ticker: str | None) -> list[str]:
    """Every way of naming a company that a question may use: name, ticker, aliases."""
    return [n for n in [name, ticker or "", *company_aliases().get(cik, [])] if n]


def _name_core(name: str) -> list[str]:
    """The words of a company name that name it: "HOME DEPOT, INC." -> ["home", "depot"]."""
    return [w for w in words(name) if w not in NAME_NOISE]


def _patterns(cik: str, name: str, ticker: str | None) -> list[tuple[re.Pattern, str]]:
    out = []
    for n in company_names(cik, name, ticker):
        is_code = (n == ticker) or (n.isupper() and len(n) <= 4 and n.isalpha())
        if is_code:  # tickers and short codes only in capitals: "MA", "HD", "UP" are words in lower case
            out.append((re.compile(r"(?<![\w&])" + re.escape(n) + r"(?:['\u2019]s)?(?![\w&])"), n))
            continue
        core = _name_core(n) if n == name else words(n)
        if not core:
            continue
        if "&" in n and len(n) <= 5:  # "J&J", "P&G"
            out.append((re.compile(r"(?<![\w&])" + re.escape(n) + r"(?:['\u2019]s)?(?![\w&])", re.I), n))
            continue
        body = r"[\s\-&.,]+(?:and\s+|&\s*)?".join(re.escape(w) for w in core[:3])
        out.append((re.compile(r"(?<![\w])" + body + r"(?:['\u2019]s)?(?![\w])", re.I), n))
    return out


def detect_companies(question: str, companies: list[tuple[str, str, str | None]]) -> list[Detected]:
    """The indexed companies (cik, name, ticker) a question names, longest match first."""
    found: dict[str, Detected] = {}
    for cik, name, ticker in companies:
        for pat, _label in _patterns(cik, name, ticker):
            m = pat.search(question)
            if m and (cik not in found or len(m.group()) > len(found[cik].matched)):
                found[cik] = Detected(cik=cik, name=name, matched=m.group())
    return sorted(found.values(), key=lambda d: -len(d.matched))


def strip_names(question: str, names: list[str]) -> str:
    """``question`` without the words that name the company (with a possessive 's): "J&J", "Johnson &
    Johnson's", "NVIDIA's"."""
    out = question
    for n in sorted(set(names), key=len, reverse=True):
        core = words(n) if not n.isupper() or len(n) > 5 else [n.lower()]
        core = [w for w in core if w not in NAME_NOISE] or core
        if not core:
            continue
        if "&" in n and len(n) <= 5:
            pat = re.escape(n)
        else:
            pat = r"[\s\-&.,]+(?:and\s+|&\s*)?".join(re.escape(w) for w in core)
        out = re.sub(r"(?<![\w&])" + pat + r"(?:['\u2019]s)?(?![\w&])", " ", out, flags=re.I)
    return re.sub(r"\s+", " ", out).strip()


# --- vocabulary --------------------------------------------------------------------------------------


def load_yaml(text: str) -> Any:
    """``yaml.safe_load`` of ``text``, parsed by libyaml when PyYAML was built with it: the same objects, some
    twenty times sooner than the pure-Python parser for finance_terms.yaml, which every ranked ``find`` reads."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@lru_cache(maxsize=1)
def vocabulary() -> list[tuple[list[list[str]], dict[str, float]]]:
    """[(ask phrases as stem lists, {filing term: weight})] from data/finance_terms.yaml. A filing phrase
    of n terms gives each of them EXPANSION_WEIGHT / sqrt(n): a phrase weighs about one word. An ask
    written ``=word`` is kept as ``["=word"]``: it matches that exact word only, not its stem (its stem is
    shared with an unrelated filing word: "=commercials" is not "commercial paper")."""
    raw = load_yaml((DATA / "finance_terms.yaml").read_text(encoding="utf-8"))
    out = []
    for e in raw["entries"]:
        asks = [["=" + words(a)[0]] if a.startswith("=") else [stem(w) for w in words(a)] for a in e["ask"]]
        filing: dict[str, float] = {}
        for f in e["filing"]:
            ts = terms(f)
            for t in ts:
                filing[t] = max(filing.get(t, 0.0), EXPANSION_WEIGHT / len(ts) ** 0.5)
        out.append(([a for a in asks if a], filing))
    return out


def expand(
    question_terms: list[str], written: list[str] | None = None, surface: list[str] | None = None
) -> dict[str, float]:
    """Vocabulary terms (with weights) the question's terms (stems, in order, stopwords dropped) call for,
    not among them. ``written``: the stems of every word of the question, stopwords kept, so an ask phrase
    holding one ("work from home", "return to office") matches the question as written. ``surface``: the
    question's words as written (lower case), which the exact-word asks (``=word``) match."""
    have = set(question_terms)
    seqs = [question_terms] + ([written] if written else []) + ([["=" + w for w in surface]] if surface else [])
    added: dict[str, float] = {}
    for asks, filing in vocabulary():
        for a in asks:
            n = len(a)
            if any(seq[i : i + n] == a for seq in seqs for i in range(len(seq) - n + 1)):
                for t, w in filing.items():
                    if t not in have:
                        added[t] = max(added.get(t, 0.0), w)
                break
    return added


# --- sections ----------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _topic_terms() -> dict[str, set[str]]:
    return {k: set(terms(v)) for k, v in SECTION_TOPICS.items()}


def section_prior(question_terms: list[str]) -> dict[str, float]:
    """Section key -> multiplier in [1, 1 + SECTION_PRIOR_STRENGTH]: how much the question's terms (own and
    expanded) overlap what Regulation S-K asks the section to disclose. Empty when nothing overlaps."""
    qs = set(question_terms)
    if not qs:
        return {}
    overlap = {k: len(qs & t) for k, t in _topic_terms().items()}
    top = max(overlap.values())
    if top == 0:
        return {}
    return {k: 1.0 + SECTION_PRIOR_STRENGTH * v / top for k, v in overlap.items() if v}


# --- periods ----------------------------------------------------------------------------------------

_FY_RE = re.compile(r"\b(?:fy|fiscal(?:\s+year)?)\s*'?(\d{4}|\d{2})\b", re.I)
_YEAR_RE = re.compile(r"(?<![\w$.,])(199\d|20[0-4]\d)(?![\w%,.]\d)")
_QUARTER_RE = re.compile(r"\b(?:q[1-4]|quarter(?:ly)?|(?:three|six|nine) months)\b", re.I)
_SEASON_RE = re.compile(r"\b(?:which|what|strongest|weakest|busiest|seasonal\w*)\b.*\bquarters?\b", re.I)


def periods(question: str) -> tuple[set[int], bool]:
    """(the years a question names, whether it asks about a quarter rather than a year). "fiscal 2024",
    "FY24", "in 2024" name 2024; "$2024 million" and "2,024" name nothing. A question about which quarter
    is strongest is about the year's seasonality, not a quarterly report."""
    years = {int(y) if len(y) == 4 else 2000 + int(y) for y in _FY_RE.findall(question)}
    years |= {int(y) for y in _YEAR_RE.findall(question)}
    quarterly = bool(_QUARTER_RE.search(question)) and not _SEASON_RE.search(question)
    return years, quarterly


# --- the plan ----------------------------------------------------------------------------------------


def plan(
    question: str, companies: list[tuple[str, str, str | None]], filtered: list[str], expand_vocabulary: bool = True
) -> QueryPlan:
    """The search plan of a ranked query. ``companies``: the index's (cik, name, ticker); ``filtered``: CIKs of
    the company filter (their names are no clue inside their own filings and are taken out)."""
    detected = [] if filtered else detect_companies(question, companies)
    name_of = {c: (n, t) for c, n, t in companies}
    strip_for = list(filtered) or [d.cik for d in detected]
    names = [x for c in strip_for if c in name_of for x in company_names(c, *name_of[c])]
    names += [d.matched for d in detected]
    topical = strip_names(question, names) if names else question
    own_words = [w for w in dict.fromkeys(words(topical)) if w not in STOPWORDS]
    if not own_words:  # the question was only the company's name: search it
        topical = question
        own_words = [w for w in dict.fromkeys(words(question)) if w not in STOPWORDS] or words(question)
    all_words = [w for w in dict.fromkeys(words(question)) if w not in STOPWORDS]
    dropped = [w for w in all_words if w not in own_words]
    own_terms = list(dict.fromkeys(stem(w) for w in own_words))
    said = words(topical)
    written = [stem(w) for w in said]
    seq = [t for w, t in zip(said, written) if w not in STOPWORDS]
    weights = {t: 1.0 for t in own_terms}
    added = expand(seq, written, said) if expand_vocabulary else {}
    for t, w in added.items():
        weights.setdefault(t, w)
    years, quarterly = periods(question)
    return QueryPlan(
        text=topical,
        words=own_words,
        weights=weights,
        own=set(own_terms),
        expansions=list(added),
        companies=detected,
        dropped=dropped,
        section_prior=section_prior(own_terms + list(added)),
        years=years,
        quarterly=quarterly,
    )

"""Which companies a sentence of an answer names, so that a figure about another company is not checked as this one's.

``verify --company NVDA`` checks every figure against NVIDIA's facts. "Apple reported fiscal 2024
revenue of $60.9 billion" holds NVIDIA's FY2024 revenue and would be grounded: a confident wrong
answer about Apple. So each sentence that carries a figure is read for company names first, with
precision before recall (a sentence wrongly read as another company's loses a correct figure):

- The names read are those of the :data:`PROMINENT` largest companies by market value (the SEC's
  ticker file is in that order), plus the short names of ``index/data/company_aliases.yaml``
  ("Google", "TSMC", "J&J"): the names an answer mentions in passing. A small company's name that is
  also a common word or a first name ("Compass", "Quantum", "TIM") is never read.
- A company is named by a whole run of capitalised words (legal forms and a possessive dropped; a comma
  ends a run) equal to its name's words ("Apple", "Walt Disney", "Bank of America"), to two or more of
  their leading words ("Taiwan Semiconductor", "Goldman Sachs"), to one word of its name that no other
  name in the whole ticker file has ("Cisco", "Disney", "Exxon"), or to an alias. A run longer than the
  name ("Universal Scene Description", "Apple TV") names nothing; words several names share ("Public",
  "Energy", "American") name none of them. "Apple and Microsoft" names both; the sentence's capitalised
  first word is dropped when the rest is a name ("Unlike NVIDIA"). A one-word name directly followed by a
  lower-case word that is neither a verb nor a function word reads as that word ("Target customers",
  "Progressive gains", "Southern region"); "Target reported", "Target's" and "Target." name Target.
- A ticker of three letters or more counts only as its own run written in capitals ("AMD and Intel", not
  "GeForce RTX" or "DGX Cloud"), in a sentence that is not all capitals (a heading: "KEY TAKEAWAYS"), and
  not one of the abbreviations and plain words answers are full of (GAAP, EPS, CEO, USD, ICE, RTX, ALL,
  NOW ...). A whole name in capitals counts from four letters ("NVIDIA", "APPLE").

The checked company's own names are read the same way, whatever its size, so "TSMC's revenue ...
ahead of Intel" names TSMC too. Built once per ticker file (a dictionary look-up per run); nothing here
fetches.
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..alloc import collector_paused
from ..companies.names import LEGAL_FORMS, name_words

if TYPE_CHECKING:
    from ..companies.tickers import CompanyEntry

PROMINENT = 600
FORMAT = 2  # of SubjectIndex.payload; a change to what the index holds or how it is built takes the next number
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&.\-]*(?:['\u2019]s)?")
_CONNECTORS = frozenset({"of", "and", "&", "the", "de"})
# Words in capitals that are abbreviations or plain words in financial prose before they are tickers.
_NOT_TICKERS = frozenset(
    """
AI IT US USA UK EU EMEA APAC GAAP IFRS EPS FY YTD TTM LTM YOY QOQ CEO CFO COO CTO SEC OEM ODM GPU CPU DPU HBM
ASIC SOC PC OS APP API SAAS ARR EBIT EBITDA ROE ROA ROI ROIC FCF CAPEX OPEX NYSE NASDAQ ADR ADS ETF IPO LLC INC
CORP CO LTD PLC NA RD SGA ESG MD DA WW AND THE OR OF IN ON AT TO FOR BY AS NET TOTAL CASH ALL NOW LOW HIGH KEY
NOTE LINE FAST TWO ONE NEW BIG GO ARE CAN WELL MAIN CORE PLUS FIVE TEN EDGAR XBRL UP DOWN ICE RTX FICO ARM COST
TEAM HOOD CAT SNOW FUN OPEN REAL TRUE BEST LIFE CASE PLAY WING PATH BILL
USD EUR JPY GBP CNY RMB TWD KRW INR CAD AUD CHF HKD SGD BRL MXN SEK NOK DKK ZAR IDR VND ILS NZD PLN TRY
""".split()
)


@dataclass(frozen=True)
class Named:
    cik: str
    name: str
    ticker: str | None
    matched: str  # the words of the sentence that name it


def _key(words: list[str]) -> tuple[str, ...]:
    return name_words(" ".join(words))


class SubjectIndex:
    """Name keys (tuples of lower-case name words) and tickers of the companies a sentence may name.

    Built from every entry of the ticker file (``entries``, in its order) and the aliases (10-digit CIK -> short
    names). :meth:`payload` and :meth:`from_payload` keep a built index as one marshal blob, so a process reads
    it without building the ticker file's ten thousand entries again.
    """

    def __init__(self, entries, aliases: dict[str, list[str]]) -> None:
        self.aliases = aliases
        self.full: dict[tuple[str, ...], set[int]] = {}
        self.leading: dict[tuple[str, ...], set[int]] = {}
        self.tickers: dict[str, int] = {}
        self.entry: dict[int, CompanyEntry] = {}
        # How many names of the whole ticker file each word is in: a word of one name only ("cisco", "disney",
        # "exxon") names that company; "public", "energy" or "capital" name nobody in particular.
        spread: dict[str, int] = {}
        # Every company's whole name of two words or more ("Logistic Properties of the Americas") -> its CIKs, in
        # the file's order: read only to find which company an answer is about when it names none of the
        # prominent ones (companies_named).
        whole_names: dict[tuple[str, ...], list[int]] = {}
        for e in entries:
            for w in set(e.words.words):
                spread[w] = spread.get(w, 0) + 1
            if len(e.words.words) >= 2:
                whole_names.setdefault(tuple(e.words.words), []).append(e.cik)
        self._spread: dict[str, int] | bytes = spread
        self._whole_names: dict[tuple[str, ...], list[int]] | bytes = whole_names
        by_cik = {e.cik: e for e in entries}
        self._lookup: Callable[[int], CompanyEntry | None] = by_cik.get
        for e in entries[:PROMINENT]:
            self._add(e)
        for cik_text, names in aliases.items():
            e = by_cik.get(int(cik_text)) or _alias_entry(int(cik_text), names)
            if e is not None and e.cik not in self.entry:
                self._add(e)

    def payload(self) -> bytes:
        """The index as one marshal blob (:data:`FORMAT` first), for the disk cache."""
        entries = {
            cik: (e.cik, e.name, list(e.tickers), e.exchange, e.rank, tuple(e.words.words))
            for cik, e in self.entry.items()
        }
        core = (self.aliases, self.full, self.leading, self.tickers, entries)
        return marshal.dumps((FORMAT, marshal.dumps(core), marshal.dumps(self.spread), marshal.dumps(self.whole_names)))

    @classmethod
    def from_payload(cls, blob: bytes, lookup: Callable[[int], CompanyEntry | None]) -> SubjectIndex | None:
        """The index :meth:`payload` wrote, ``lookup`` giving the entry of any CIK of the ticker file it was built
        from (TickerMap.by_cik); None when the blob is of another format or not an index. The word counts and whole
        names (read for some answers only) are decoded when first read."""
        with collector_paused():  # dicts, sets and entries read from marshal: no reference cycle among them
            try:
                parts = marshal.loads(blob)
                if not (isinstance(parts, tuple) and len(parts) == 4 and parts[0] == FORMAT):
                    return None
                aliases, full, leading, tickers, entries = marshal.loads(parts[1])
            except (ValueError, EOFError, TypeError):
                return None
            out = object.__new__(cls)
            out.aliases, out.full, out.leading, out.tickers = aliases, full, leading, tickers
            out.entry = {cik: _entry(fields) for cik, fields in entries.items()}
        out._lookup = lookup
        out._spread, out._whole_names = parts[2], parts[3]  # decoded when first read
        return out

    @property
    def spread(self) -> dict[str, int]:
        if isinstance(self._spread, bytes):
            self._spread = marshal.loads(self._spread)
        return self._spread  # type: ignore[return-value]

    @property
    def whole_names(self) -> dict[tuple[str, ...], list[int]]:
        if isinstance(self._whole_names, bytes):
            self._whole_names = marshal.loads(self._whole_names)
        return self._whole_names  # type: ignore[return-value]

    def company(self, cik: int) -> CompanyEntry:
        """The entry of a CIK of :attr:`entry` or :attr:`whole_names`."""
        e = self.entry.get(cik) or self._lookup(cik)
        if e is None:
            raise KeyError(cik)
        return e

    def including(self, own) -> SubjectIndex:
        """This index with one more company (the one checked, whatever its size); this one is left as it is."""
        if own is None or own.cik in self.entry:
            return self
        other = object.__new__(SubjectIndex)
        other.aliases, other._spread, other._whole_names = self.aliases, self.spread, self._whole_names
        other._lookup = self._lookup
        other.full = {k: set(v) for k, v in self.full.items()}
        other.leading = {k: set(v) for k, v in self.leading.items()}
        other.tickers, other.entry = dict(self.tickers), dict(self.entry)
        other._add(own)
        return other

    def _add(self, e) -> None:
        self.entry[e.cik] = e
        alias_names = self.aliases.get(str(e.cik).zfill(10), [])
        words = e.words.words
        if words:
            self.full.setdefault(tuple(words), set()).add(e.cik)
            for n in range(2, len(words)):
                self.leading.setdefault(tuple(words[:n]), set()).add(e.cik)
            for w in words if len(words) > 1 else ():
                if len(w) >= 4 and self.spread.get(w, 0) == 1:
                    self.leading.setdefault((w,), set()).add(e.cik)
        for alias in alias_names:
            if alias.isupper() and alias.isalpha() and len(alias) >= 3 and alias not in _NOT_TICKERS:
                self.tickers.setdefault(alias, e.cik)
            key = name_words(alias)
            if key:
                self.full.setdefault(tuple(key), set()).add(e.cik)
        for t in e.tickers:
            if len(t) >= 3 and t.isalpha() and t not in _NOT_TICKERS:
                self.tickers.setdefault(t, e.cik)

    def ticker(self, word: str) -> int | None:
        return self.tickers.get(word)

    def name(self, words: list[str]) -> int | None:
        """The CIK a whole run of words names by name or alias, or None."""
        key = _key(words)
        if not key:
            return None
        hit = self.full.get(key)
        if hit:
            return next(iter(hit)) if len(hit) == 1 else None  # several companies of that very name: none
        lead = self.leading.get(key)
        return next(iter(lead)) if lead and len(lead) == 1 else None


def _alias_entry(cik: int, names: list[str]) -> CompanyEntry | None:
    """A company of the aliases file that the ticker file no longer lists (its ticker dropped: CARBO Ceramics,
    CIK 1009672), known by its longest short name; None when it has none."""
    from ..companies.names import Words
    from ..companies.tickers import CompanyEntry

    name = max(names, key=len, default="")
    words = name_words(name)
    return CompanyEntry(cik=cik, name=name, words=Words.of(words)) if words else None


def _entry(fields: tuple) -> CompanyEntry:
    from ..companies.names import Words
    from ..companies.tickers import CompanyEntry

    cik, name, tickers, exchange, rank, words = fields
    return CompanyEntry(cik=cik, name=name, tickers=list(tickers), exchange=exchange, rank=rank, words=Words.of(words))


def _bare(word: str) -> str:
    return re.sub(r"['\u2019]s$", "", word).rstrip(".")


@dataclass
class _Run:
    words: list[str]
    opens: bool = False  # the sentence's first word begins it
    possessive: bool = False  # it ends in "'s"
    after: str | None = None  # the lower-case word right after it (no punctuation between), if any


def _runs(sentence: str) -> list[_Run]:
    """Runs of capitalised words (connectors allowed inside, punctuation ends one), possessives and legal forms
    dropped: "Apple Inc.'s" -> [Apple]; "Sales to Microsoft, Meta and Amazon" -> [Sales], [Microsoft],
    [Meta, and, Amazon]."""
    runs: list[_Run] = []
    current: _Run | None = None
    last_end = 0
    for k, m in enumerate(_WORD.finditer(sentence)):
        word = m.group()
        gap = sentence[last_end : m.start()].strip()
        if current is not None and gap == "&" and word[0].isupper():
            current.words.append("&")  # "Procter & Gamble", "Johnson & Johnson": one name
        elif current is not None and gap:  # a comma, colon or bracket ends a name
            runs.append(current)
            current = None
        last_end = m.end()
        if word[0].isupper():
            bare = _bare(word)
            if current is None:
                current = _Run([], opens=k == 0)
            if bare.lower() not in LEGAL_FORMS or not current.words:
                current.words.append(bare)
            if word != bare and not word.endswith("."):  # "Apple's": the possessive ends the name
                current.possessive = True
                runs.append(current)
                current = None
        elif word.lower() in _CONNECTORS and current is not None:
            current.words.append(word)
        else:
            if current is not None:
                current.after = word.lower()
                runs.append(current)
            current = None
    if current is not None:
        runs.append(current)
    return [r for r in runs if r.words]


# What follows a company's name in a sentence about it: a verb or a function word ("Apple reported", "Intel
# in fiscal 2024"). A one-word name followed by another lower-case word is read as a plain word
# ("Target customers", "Block storage", "Progressive gains", "Southern region").
_AFTER_A_NAME = frozenset(
    """
is was are were has had have will would could may might can also said says reported reports posted posts grew
grows saw sees expects expected delivered delivers made makes booked spent spends returned paid reached raised
cut lowered increased decreased fell rose rises achieved guided forecast forecasts projected disclosed filed
generated generates earned earns sells sold bought buys ended ends closed issued completed acquired agreed
invests invested plans planned lost gained beat missed topped trailed led leads remains remained produced
shipped estimates estimated totaled totalled collected received recognized recognised owns holds held did does
in at for with by from to on over as than after before during since into while, and or but
""".replace(",", " ").split()
)


def _parts(run: list[str]) -> list[list[str]]:
    """The run split at its connectors ("Meta and Amazon" -> Meta, Amazon), connectors dropped."""
    parts: list[list[str]] = []
    cur: list[str] = []
    for w in run:
        if w.lower() in _CONNECTORS:
            if cur:
                parts.append(cur)
            cur = []
        else:
            cur.append(w)
    if cur:
        parts.append(cur)
    return parts


class SubjectReader:
    """Reads the companies sentences name; one reader per answer (sentences already read are kept)."""

    def __init__(self, index: SubjectIndex) -> None:
        self.index = index
        self._sentences: dict[str, list[Named]] = {}

    def named_in(self, sentence: str) -> list[Named]:
        """The companies ``sentence`` names, in order of appearance, each once."""
        if sentence not in self._sentences:
            letters = [c for c in sentence if c.isalpha()]
            heading = bool(letters) and all(c.isupper() for c in letters)
            found: dict[int, Named] = {}

            def add(words: list[str], cik: int) -> None:
                if cik not in found:
                    e = self.index.entry[cik]
                    found[cik] = Named(
                        cik=str(cik).zfill(10),
                        name=e.name,
                        ticker=e.tickers[0] if e.tickers else None,
                        matched=" ".join(words),
                    )

            for run in _runs(sentence):
                words = list(run.words)
                while words and words[-1].lower() in _CONNECTORS:
                    words.pop()
                if not words:  # a run of connectors only: "The fiscal 2024 revenue ..."
                    continue
                cik = self._one(words, heading)
                hits = [(words, cik)] if cik is not None else []
                if not hits:
                    parts = _parts(words)
                    if run.opens and len(parts[0]) > 1 and self._one(parts[0], heading) is None:
                        parts[0] = parts[0][1:]  # the first word is capitalised as any first word is: "Unlike NVIDIA"
                    if len(parts) > 1 or parts[0] != words:
                        hits = [(p, c) for p in parts for c in [self._one(p, heading)] if c is not None]
                before_a_noun = (
                    not run.possessive
                    and run.after is not None
                    and run.after not in _AFTER_A_NAME
                    and not run.after.endswith("ed")
                )
                for part, cik in hits:
                    ends_run = part[-1] == words[-1]  # run.after follows the run's last word only
                    if before_a_noun and ends_run and len(part) == 1 and not part[0].isupper():
                        continue  # "Target customers": a plain word before a noun, not the company
                    add(part, cik)
            self._sentences[sentence] = list(found.values())
        return self._sentences[sentence]

    def _one(self, words: list[str], heading: bool) -> int | None:
        if not words:
            return None
        if len(words) == 1 and words[0].isupper() and len(words[0]) > 1:
            # In capitals: a ticker (not in a heading written all in capitals), else a whole name of four letters
            # or more ("NVIDIA", "APPLE"); never a word of the abbreviations list ("RTX 40 Series", "ICE vehicle").
            if words[0] in _NOT_TICKERS:
                return None
            cik = None if heading else self.index.ticker(words[0])
            return cik if cik is not None or len(words[0]) < 4 else self.index.name(words)
        return self.index.name(words)


_SENTENCE_BREAK = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\"'$\u201c])|\n+")


def companies_named(reader: SubjectReader, text: str) -> list[Named]:
    """The companies a whole answer names, sentence by sentence, in order of first mention, each once.

    What ``verify`` reads the company from when none is given: one company named is the answer's subject;
    none or several, and the caller must say which. When it names none of the prominent companies, a run of
    capitalised words equal to the whole name (two words or more) of exactly one company in the ticker file
    names it ("Logistic Properties of the Americas had revenues of ...")."""
    found: dict[str, Named] = {}
    sentences = [s.strip() for s in _SENTENCE_BREAK.split(text)]
    for sentence in sentences:
        for n in reader.named_in(sentence):
            found.setdefault(n.cik, n)
    if not found:
        for sentence in sentences:
            for run in _runs(sentence):
                words = list(run.words)
                while words and words[-1].lower() in _CONNECTORS:
                    words.pop()
                hits = reader.index.whole_names.get(_key(words), []) if len(words) >= 2 else []
                if len(hits) == 1:
                    e = reader.index.company(hits[0])
                    found.setdefault(
                        str(e.cik).zfill(10),
                        Named(
                            cik=str(e.cik).zfill(10),
                            name=e.name,
                            ticker=e.tickers[0] if e.tickers else None,
                            matched=" ".join(words),
                        ),
                    )
    return list(found.values())

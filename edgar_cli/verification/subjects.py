"""Which companies a sentence of an answer names, so that a figure about another company is not checked as this one's.

``verify --company NVDA`` checks every figure against NVIDIA's facts. "Apple reported fiscal 2024
revenue of $60.9 billion" holds NVIDIA's FY2024 revenue and would be grounded, a confident wrong
answer about Apple. So each sentence that carries a figure is read for company names first:

- a run of capitalised words ("Apple", "Advanced Micro Devices", "Bank of America") that the
  resolver (capabilities/resolve.py) matches by the same words (``name_exact``) or by a former or
  predecessor name ("Google" for Alphabet, "Facebook" for Meta), longest run first;
- a word in capitals that is a current ticker ("AMD", "MSFT"), except the abbreviations and currency
  codes answers are full of (GAAP, EPS, CEO, USD, AI, IT ...); a capitalised word the resolver reads as
  a ticker counts only when it is also the first word of that company's name ("Meta", "Snap"; not
  "Net" for Cloudflare or "Mac" for Macerich).

Words that only begin a name or appear in one ("Gaming", "Total", "Professional") never count, so
segment, product and region names do not read as companies. Nothing here fetches beyond the ticker
file the resolver already uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import EdgarError

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&.\-]*(?:['\u2019]s)?")
_CONNECTORS = {"of", "and", "&", "the", "de"}
_MAX_WORDS = 4
# Words in capitals that are abbreviations in financial prose before they are tickers.
_NOT_TICKERS = frozenset("""
AI IT US USA UK EU EMEA APAC GAAP IFRS EPS FY YTD TTM LTM YOY QOQ CEO CFO COO CTO SEC OEM GPU CPU ARR EBIT EBITDA
ROE ROA ROI ROIC FCF CAPEX OPEX NYSE NASDAQ ADR ADS ETF IPO LLC INC CORP CO LTD PLC NA RD SGA ESG API SAAS MD DA
AND THE OR OF IN ON AT TO FOR BY AS NET TOTAL CASH Q H
USD EUR JPY GBP CNY RMB TWD KRW INR CAD AUD CHF HKD SGD BRL MXN SEK NOK DKK ZAR IDR VND ILS NZD PLN TRY
""".split())
_NAMING = ("name_exact", "predecessor_name", "former_name")


@dataclass(frozen=True)
class Named:
    cik: str
    name: str
    ticker: str | None
    matched: str  # the words of the sentence that name it


def _bare(word: str) -> str:
    return re.sub(r"['\u2019]s$", "", word).rstrip(".")


def _runs(sentence: str) -> list[list[str]]:
    """Runs of capitalised words (connectors such as "of" and "&" allowed inside), possessives stripped."""
    runs: list[list[str]] = []
    current: list[str] = []
    for m in _WORD.finditer(sentence):
        word = m.group()
        if word[0].isupper():
            current.append(_bare(word))
            if word != _bare(word):  # "Apple's": the possessive ends the name
                runs.append(current)
                current = []
        elif word.lower() in _CONNECTORS and current:
            current.append(word)
        else:
            if current:
                runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


class SubjectReader:
    """Reads the companies sentences name, with the resolver; one reader per answer (its look-ups are kept)."""

    def __init__(self, resolve) -> None:
        self._resolve = resolve  # a phrase -> ResolvedCompany, raising EdgarError when it names none
        self._seen: dict[str, Named | None] = {}
        self._sentences: dict[str, list[Named]] = {}

    def named_in(self, sentence: str) -> list[Named]:
        """The companies ``sentence`` names, in order of appearance, each once."""
        if sentence not in self._sentences:
            found: dict[str, Named] = {}
            for run in _runs(sentence):
                i = 0
                while i < len(run):
                    for n in range(min(_MAX_WORDS, len(run) - i), 0, -1):
                        words = run[i:i + n]
                        if words[-1].lower() in _CONNECTORS or words[0].lower() in _CONNECTORS:
                            continue
                        hit = self._company(" ".join(words))
                        if hit is not None:
                            found.setdefault(hit.cik, hit)
                            i += n
                            break
                    else:
                        i += 1
            self._sentences[sentence] = list(found.values())
        return self._sentences[sentence]

    def _company(self, phrase: str) -> Named | None:
        if phrase not in self._seen:
            self._seen[phrase] = self._look_up(phrase)
        return self._seen[phrase]

    def _look_up(self, phrase: str) -> Named | None:
        caps = phrase.isupper()
        if caps and (phrase in _NOT_TICKERS or len(phrase) < 2):
            return None
        if not caps and len(phrase) < 3:
            return None
        try:
            r = self._resolve(phrase)
        except EdgarError:
            return None  # not a company, or several: the sentence names no one company by it
        if r.match_type in _NAMING:
            pass
        elif r.match_type == "ticker":
            first = re.split(r"[\s,./]+", r.name.strip())[0].lower() if r.name else ""
            if not caps and first != phrase.lower():
                return None
        else:
            return None
        tickers = list(getattr(r, "tickers", None) or [])
        return Named(cik=r.cik, name=r.name, ticker=tickers[0] if tickers else None, matched=phrase)

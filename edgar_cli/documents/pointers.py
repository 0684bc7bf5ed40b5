"""What a section holds: its pointer sentences, and how much content is left without them.

A section is a pointer when what it holds is only a pointer to where its
disclosure is. A pointer phrase alone never decides it: "Our headquarters is
located in Santa Clara" is content, and so is a properties item that ends with
"refer to Note 17 ... which information is hereby incorporated by reference"
(NVIDIA, 0001045810-25-000023). The section is cut into sentences (tables and
headings apart), each sentence is a *pointer* (a pointer phrase and a place it
points to: an item, a note, a page, the proxy statement, the Form 10-K, an
exhibit, a website; or "no material changes" since the last annual report),
*boilerplate* (the risks above "are not the only risks"; a code of conduct on
the website; "shall not be deemed filed"; an auditor's consent) or *content*. A
sentence disclosing the company's insider trading policy (Regulation S-K Item
408(b): whether it has adopted one) is the item's own disclosure, never
boilerplate, and a section holding one is content whatever else it points to
(Apple's FY2024 Item 10, 0000320193-24-000123, states it before its pointer to
the proxy statement). The decision:

- a pointer with no more than ``BARE`` characters of content beside it;
- a *strong* pointer (one that says the item's information is elsewhere, not
  one offering "additional information") leading the section, with up to
  ``LEAD`` characters of content after it, or anywhere with up to ``ANY``;
- anything else is content. A table counts as content unless it is an index of
  pages or holds no figures.

The thresholds are tuned on the dev split of evals/section_references.tsv and
scored on its held-out split (evals/score_sections.py --references).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..patterns import lazy
from .sections import Section
from .text import TextDocument

BARE = 150  # content characters a pointer may stand beside anywhere
ANY = 300  # ... beside a strong pointer anywhere in the section
LEAD = 600  # ... after a strong pointer that leads the section
LONGEST = 15_000  # a body longer than this is content without looking further

_VERB = (
    r"incorporat\w*\s+(?:[\w,.\u2019'-]+\s+){0,8}?by\s+reference|"
    r"(?:is|are|will\s+be|can\s+be|may\s+be|has\s+been|have\s+been|were|was)\s+(?:\w+\s+){0,2}?"
    r"(?:set\s+forth|included|contained|presented|provided|located|found|described|discussed|disclosed|listed|"
    r"reported|supplied|furnished|shown|addressed|incorporated)\s+(?:\w+\s+){0,3}?"
    r"(?:in|under|on|at|within|by|as|with)\b|"
    r"\b(?:set\s+forth|described|discussed|disclosed|contained|included)\s+(?:in|under)\b|"
    r"\brefer(?:red)?\s+to\b|\bsee\b|\breference\s+is\s+made|\bappears?\s+(?:on|under|in)\b|"
    r"\b(?:is|are|begins?|starts?)\s+on\s+pages?\b|\bconsider\s+(?:\w+\s+){0,6}?(?:factors|risks)\b|"
    r"(?:information|disclosures?)\s+(?:required|called\s+for)\s+by\s+(?:this\s+|these\s+)?items?\b|"
    r"(?:omitted|not\s+required)\s+(?:pursuant\s+to|in\s+accordance\s+with|in\s+reliance\s+on)|"
    r"\bincludes?\s+a\s+discussion\b"
)
_VERB_RE = lazy(_VERB, re.IGNORECASE)
_TARGET_RE = lazy(
    r"\bitems?\s+\d|\bpart\s+(?:iv|iii|ii|i)\b|\bnotes?\s+(?:\d|[a-z]\b)|\bnotes\s+to\b|\bpages?\s+[\w-]*\d|"
    r"\bsection|\bexhibit|\bappendix|\bannex|schedule\s+14a|\bproxy\b|information\s+statement|annual\s+report|"
    r"form\s+10-[kq]|\b10-k\b|quarterly\s+report|financial\s+statements|\bcaptions?\b|\bheadings?\b|"
    r"\bweb\s?site|this\s+(?:annual\s+)?report|\bmd&a\b|management\u2019?'?s\s+discussion|general\s+instruction",
    re.IGNORECASE,
)
_NO_CHANGE_RE = lazy(
    r"\bno\s+(?:material|significant)\s+(?:changes?|updates?)\b|\b(?:does|do)\s+not\s+differ\s+materially\b",
    re.IGNORECASE,
)
_SINCE_RE = lazy(r"\bsince\b|previously\s+(?:disclosed|reported|described)", re.IGNORECASE)
_WEAK_RE = lazy(
    r"\b(?:additional|further|more)\s+(?:information|details?|discussion)\b|\bfor\s+a\s+(?:further|more\s+"
    r"(?:detailed|complete))\s+discussion|\balso\s+(?:refer|see)\b",
    re.IGNORECASE,
)
_DISCLAIMER_RE = lazy(  # never a pointer, never content
    r"shall\s+not\s+be\s+deemed|not\s+(?:be\s+)?(?:deemed\s+)?(?:to\s+be\s+)?incorporated\s+by\s+reference|"
    r"is\s+not\s+(?:a\s+)?part\s+of\s+this|consent\s+to\s+the\s+incorporation",
    re.IGNORECASE,
)
_BOILER_RE = lazy(  # not content (a pointer when it also says where)
    r"not\s+the\s+only\s+risks|risks\s+and\s+uncertainties\s+not\s+(?:presently|currently)\s+known|"
    r"(?:risks|factors)\s+(?:that\s+)?(?:we\s+are\s+)?not\s+(?:presently|currently)\s+(?:aware\s+of|known)|"
    r"code\s+of\s+(?:business\s+)?(?:conduct|ethics)",
    re.IGNORECASE,
)
_OWN_DISCLOSURE_RE = lazy(r"insider\s+trading\s+polic", re.IGNORECASE)  # content: the item's own disclosure
_SENTENCE_RE = lazy(r"(?<=[.!?])[\u201d\")]?\s+(?=[A-Z\u201c\"(])")
_YEAR_RE = lazy(r"\b(?:19|20)\d\d\b")
_PAGE_ROW_RE = lazy(r"(?:\||\s)\s*(?:[A-Z]-\s?)?\d{1,3}\s*(?:-\s*\d{1,3})?\s*$")


@dataclass
class Holding:
    """A section's sentences by role, and the content left without the pointers."""

    pointers: list[str] = field(default_factory=list)  # pointer sentences, in order
    strong: list[str] = field(default_factory=list)  # those that say the item's information is elsewhere
    lead_is_pointer: bool = False  # the first sentence of the body is a strong pointer
    content: int = 0  # characters of content sentences and tables with figures
    discloses: bool = False  # holds a disclosure of its own (_OWN_DISCLOSURE_RE), which no pointer replaces

    @property
    def is_pointer(self) -> bool:
        if not self.pointers or self.discloses:
            return False
        if self.content <= BARE:
            return True
        if not self.strong:
            return False
        return self.content <= (LEAD if self.lead_is_pointer else ANY)


def pointer_sentence(sentence: str) -> bool:
    """A sentence that says where something is: a pointer phrase and a place, or no changes since."""
    if _NO_CHANGE_RE.search(sentence):
        return bool(_TARGET_RE.search(sentence) or _SINCE_RE.search(sentence))
    return bool(_VERB_RE.search(sentence) and _TARGET_RE.search(sentence))


def holding(doc: TextDocument, s: Section) -> Holding | None:
    """What the section's body holds; None for a body too long to be anything but content."""
    if s.end - s.body_start > LONGEST:
        return None
    out = Holding()
    first = True
    for text, is_table in _paragraphs(doc, s):
        if is_table:
            if _has_figures(text) and not _index_of_pages(text):
                out.content += len(text)
                first = False  # a pointer after a table of figures (an exhibit list) does not lead
            continue
        if _heading_like(text):
            continue
        for sentence in _sentences(text):
            sentence = sentence.strip()
            if not sentence:
                continue
            if _DISCLAIMER_RE.search(sentence):
                pass  # a website disclaimer, an auditor's consent
            elif pointer_sentence(sentence):
                out.pointers.append(sentence)
                if not _WEAK_RE.search(sentence):
                    out.strong.append(sentence)
                    out.lead_is_pointer = out.lead_is_pointer or first
            elif _OWN_DISCLOSURE_RE.search(sentence):
                out.content += len(sentence)
                out.discloses = True
            elif not _BOILER_RE.search(sentence):
                out.content += len(sentence)
            first = False
    return out


def _paragraphs(doc: TextDocument, s: Section):
    """(text, is_table) of the body: a table whole; in a plain-text filing, wrapped lines joined."""
    para: list[str] = []
    table: list[str] = []
    current = -1
    prev_end = -1
    for bs, be, _flags, t in doc.blocks:
        if be <= s.body_start:
            continue
        if bs >= s.end:
            break
        text = doc.text[max(bs, s.body_start) : min(be, s.end)].strip()
        if not text:
            continue
        if t >= 0:
            if para:
                yield " ".join(para), False
                para = []
            if t != current and table:
                yield "\n".join(table), True
                table = []
            current = t
            table.append(text)
        else:
            if table:
                yield "\n".join(table), True
                table, current = [], -1
            wrapped = doc.kind == "text" and para and "\n\n" not in doc.text[prev_end:bs]
            if para and not wrapped:
                yield " ".join(para), False
                para = []
            para.append(text)
        prev_end = be
    if para:
        yield " ".join(para), False
    if table:
        yield "\n".join(table), True


def _index_of_pages(table: str) -> bool:
    """An index of statements or exhibits by page: most rows end with a page number and hold no other figure."""
    rows = [r for r in table.splitlines() if r.strip()]
    paged = [
        r for r in rows if _PAGE_ROW_RE.search(r) and not re.search(r"\d", _YEAR_RE.sub("", _PAGE_ROW_RE.sub("", r)))
    ]
    return len(paged) * 2 >= len(rows)


_ABBREV_END_RE = lazy(
    r"(?:\b(?:items?|notes?|nos?|inc|corp|co|ltd|jr|sr|mr|mrs|ms|dr|st|vs|u\.s|e\.g|i\.e)|"
    r"(?<![-\w.])\d{1,3}[a-c]?|(?<![-\w.])[A-Za-z])\.$",
    re.IGNORECASE,
)


def _sentences(text: str) -> list[str]:
    """Sentences of a paragraph; never cut after "Item 1.", "Note 5.", "No.", "Inc." or an initial."""
    out: list[str] = []
    for piece in _SENTENCE_RE.split(text):
        if out and _ABBREV_END_RE.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


_SMALL_WORDS = frozenset("a an and as at by for in of on or the to with".split())


def _heading_like(text: str) -> bool:
    """A short title ("Equity Compensation Plan Information"), not a list entry ("Consolidated balance sheets at
    end of fiscal years 2024 and 2023", which is content)."""
    if len(text) >= 100 or text.rstrip().endswith((".", ":", ";", "?", "!")):
        return False
    words = [w for w in re.findall(r"[A-Za-z][\w\u2019'&-]*", text) if w.lower() not in _SMALL_WORDS]
    return not words or sum(w[0].isupper() for w in words) * 10 >= len(words) * 8


def _has_figures(row: str) -> bool:
    return bool(re.search(r"\d", row))

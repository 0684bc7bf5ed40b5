"""Sections that only point elsewhere, and where they point.

Part III of most 10-Ks is "incorporated by reference" from the proxy
statement; NVIDIA's Item 8 says the statements are "set forth in our
Consolidated Financial Statements ... included in this Annual Report" (they sit
under Item 15); IBM's and Wells Fargo's Items 7 and 8 point to the Annual
Report to Shareholders (Exhibit 13). Such a section is returned as what it is,
a pointer, with ``is_reference`` and a description of the target, instead of
being passed off as the content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..patterns import lazy
from . import items as I
from .pointers import holding, pointer_sentence
from .sections import Outline, Section
from .text import TextDocument

_PROXY_RE = lazy(r"proxy\s+statement|schedule\s+14a|information\s+statement", re.IGNORECASE)
_ANNUAL_REPORT_RE = lazy(r"annual\s+report\s+to\s+(share|stock|security\s+)holders|exhibit\s+13", re.IGNORECASE)
_INSTRUCTION_J_RE = lazy(r"general\s+instruction\s+j", re.IGNORECASE)
_FORM_10K_RE = lazy(
    r"form\s+10-k|\b10-k\b|annual\s+report\b(?!\s+to\s+(?:share|stock))|since\s+(?:\w+\s+\d|the\s+end)", re.IGNORECASE
)
# "Form 10-Q for the quarter ended March 30, 2024", "Forms 10-Q for the quarters ended December 28, 2024 (...) and
# March 29, 2025": earlier quarterly reports a 10-Q's item refers to beside the 10-K
_EARLIER_10Q_RE = lazy(
    r"forms?\s+10-q\s+for\s+the\s+(?:fiscal\s+)?quarters?\s+ended\s+(?P<span>[^.;]{0,240})", re.IGNORECASE
)
_DATE_RE = lazy(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}"
)
_ITEM_REF_RE = lazy(r"(?:part\s+(iv|iii|ii|i)\s*,?\s*)?item\s+(\d{1,2}[a-c]?)\b", re.IGNORECASE)
_EXHIBIT_RE = lazy(r"\bexhibit\s+(\d{1,3}(?:\.\d{1,2})?)\b", re.IGNORECASE)
_NOTE_REF_RE = lazy(r"\bnote\s+(\d{1,2})\b", re.IGNORECASE)
_FS_HEADING_RE = lazy(
    r"^\s*(report\s+of\s+independent\s+(registered\s+public\s+accounting\s+firm|auditors?)|"
    r"independent\s+auditor\W{0,2}s?\W{0,2}\s+report|"
    r"index\s+to\s+(the\s+)?(consolidated\s+)?financial\s+statements|consolidated\s+(statements?\s+of\s+(income|operations"
    r"|earnings|financial\s+position|comprehensive\s+(income|loss))|balance\s+sheets?))\b",
    re.IGNORECASE,
)


@dataclass
class Pointer:
    target: str  # plain description of where the content is
    section: str | None = None  # a section key of this same document holding the content
    shared_with: str | None = None  # the item whose pointer covers this empty item too ("13")
    end: int | None = None  # with shared_with: where that pointer ends (the text to return runs to it)


def body_of(doc: TextDocument, s: Section) -> str:
    return doc.text[s.body_start : s.end].strip()


def analyse(doc: TextDocument, outline: Outline, s: Section) -> Pointer | None:
    """A Pointer when the section only refers elsewhere; None when it holds content.

    What the section holds decides (documents/pointers.py): its pointer
    sentences, whether one leads, and how much content is left without them.
    """
    if s.found_by == "front_matter":
        return None  # a cover's "documents incorporated by reference" line says where Part III is, not the cover
    body = body_of(doc, s)
    if not body and s.found_by == "item_heading":
        return _shared(doc, outline, s)
    if not body:
        return None
    if s.found_by == "omitted_list":
        if not pointer_sentence(_lead(doc, s)):
            return None
        said = [body]
    else:
        held = holding(doc, s)
        if held is None or not held.is_pointer:
            return None
        said = held.strong + [p for p in held.pointers if p not in held.strong]
    return _target(doc, outline, s, body, said)


def _target(doc: TextDocument, outline: Outline, s: Section, body: str, said: list[str]) -> Pointer:
    """Where a pointer section points, read from its pointer sentences (``said``, in order)."""
    where, first = " ".join(said), said[0]
    fam = outline.form
    if _INSTRUCTION_J_RE.search(body) and re.search(r"omitted", body, re.IGNORECASE):
        return Pointer("omitted under General Instruction J (asset-backed issuer); no content is required")
    if _PROXY_RE.search(where):
        return Pointer("the company's definitive proxy statement (DEF 14A) for its annual meeting, filed separately")
    if _ANNUAL_REPORT_RE.search(where):
        m = re.search(r"pages?\s+[\w-]+(\s+(through|to|-|and)\s+[\w-]+)?", where, re.IGNORECASE)
        pages = f" ({m.group(0)})" if m else ""
        return Pointer(f"the Annual Report to Shareholders{pages}, filed as Exhibit 13 to this filing")
    if fam == "10-Q" and _FORM_10K_RE.search(first) and not _NOTE_REF_RE.search(first):
        return _annual_and_quarterly(where)
    if s.key == "financial_statements":
        located = _locate_statements(doc, outline, s)
        if located is not None and located.section is not None:
            return located
    for m in _ITEM_REF_RE.finditer(where):
        part, num = (m.group(1) or "").upper(), m.group(2).upper()
        item = f"{part or ('II' if fam == '10-Q' else '')}-{num}" if fam == "10-Q" else num
        if item == s.item:
            continue
        spec = I.spec_by_item(fam, item)
        if spec is not None:
            target = outline.get(spec.key)
            return Pointer(f"{spec.label} of this filing", spec.key if target else None)
    if s.key == "financial_statements":
        located = _locate_statements(doc, outline, s)
        if located is not None:
            return located
    m = _NOTE_REF_RE.search(where)
    if m:
        return Pointer(f"Note {m.group(1)} to the financial statements of this filing", _section_of_notes(outline))
    m = _EXHIBIT_RE.search(where)
    if m:
        return Pointer(f"Exhibit {m.group(1)} to this filing", "exhibits" if outline.get("exhibits") else None)
    return Pointer("another part of this filing or a separately filed document (see the text)")


def earlier_10qs(text: str) -> list[str]:
    """Period ends of the earlier Forms 10-Q a 10-Q's section names ("for the quarter ended March 30, 2024"), in
    order; "this Form 10-Q" is not one."""
    dates: list[str] = []
    for m in _EARLIER_10Q_RE.finditer(text):
        span = re.split(r"\bin\s+each\s+case\b|\bwhich\b|\bunder\s+the\s+heading\b", m.group("span"))[0]
        dates += [d for d in _DATE_RE.findall(span) if d not in dates]
    return dates


def _annual_and_quarterly(where: str) -> Pointer:
    """A 10-Q section pointing to the 10-K, and to the earlier 10-Qs of the year when it names them (Apple's
    Part II Item 1A incorporates the risk factors its earlier 10-Qs added: the changes since the 10-K are there)."""
    quarters = earlier_10qs(where)
    if not quarters:
        return Pointer(
            "the company's latest annual report on Form 10-K (filed separately): this section refers to it "
            "or says nothing has changed materially since"
        )
    named = quarters[0] if len(quarters) == 1 else ", ".join(quarters[:-1]) + " and " + quarters[-1]
    reports = "report on Form 10-Q for the quarter" if len(quarters) == 1 else "reports on Form 10-Q for the quarters"
    return Pointer(
        f"the company's latest annual report on Form 10-K and its earlier quarterly {reports} ended {named} "
        "(filed separately): this section refers to them, and what changed since the 10-K is in "
        + ("that 10-Q" if len(quarters) == 1 else "those 10-Qs")
        + ", not here"
    )


_ITEM_LIST_RE = lazy(
    r"\bitems?\s+(\d{1,2}[a-c]?(?:\s*(?:,|and|&|through|to|-|\u2013|\u2014)\s*(?:and\s+)?(?:items?\s+)?\d{1,2}[a-c]?\b)*)",
    re.IGNORECASE,
)


def items_named(form: str, text: str) -> set[str]:
    """Item numbers a sentence names: "Items 10, 11, 12 and 13" and "Items 10 through 14" (ranges expanded)."""
    order = I.order(form)
    by_rank = {v: k for k, v in order.items()}
    named: set[str] = set()
    for m in _ITEM_LIST_RE.finditer(text):
        tokens = re.findall(r"\d{1,2}[a-c]?|through|to|-|\u2013|\u2014", m.group(1), re.IGNORECASE)
        prev: str | None = None
        ranged = False
        for tok in tokens:
            if not tok[0].isdigit():
                ranged = prev is not None
                continue
            item = tok.upper()
            if ranged and prev in order and item in order:
                named.update(by_rank[r] for r in range(order[prev], order[item] + 1))
            named.add(item)
            prev, ranged = item, False
    return named


def _shared(doc: TextDocument, outline: Outline, s: Section) -> Pointer | None:
    """An item with no text of its own, stacked with the next headings above one pointer that names it
    ("Item 10. ... Item 11. ... Item 13. ... The information called for by Items 10, 11, 12 and 13 is
    incorporated by reference to the Proxy Statement"): that pointer is its pointer too."""
    ordered = sorted((x for x in outline.sections if x.found_by == "item_heading"), key=lambda x: x.start)
    try:
        k = next(i for i, x in enumerate(ordered) if x is s)
    except StopIteration:
        return None
    end = s.end
    for nxt in ordered[k + 1 :]:
        if doc.text[end : nxt.start].strip():
            return None  # something other than the stacked headings lies between
        if not body_of(doc, nxt):
            end = nxt.end
            continue
        pointer = analyse(doc, outline, nxt)
        if pointer is None or s.item not in items_named(outline.form, _lead(doc, nxt)):
            return None
        return Pointer(pointer.target, pointer.section, shared_with=nxt.item, end=nxt.end)
    return None


def _lead(doc: TextDocument, s: Section) -> str:
    """The first two paragraphs of the body that are not table rows (a pointer says so up front)."""
    out: list[str] = []
    for bs, be, _flags, table in doc.blocks:
        if bs < s.body_start:
            continue
        if bs >= s.end or len(out) == 2:
            break
        if table >= 0:
            if not out:
                return ""  # a body that opens with a table (an exhibit list) is content
            continue
        out.append(doc.text[bs:be])
    if s.found_by == "omitted_list":
        out.insert(0, doc.text[s.start : s.end])
    return "\n".join(out)


def _section_of_notes(outline: Outline) -> str | None:
    fs = outline.get("financial_statements")
    return fs.key if fs is not None else None


def _locate_statements(doc: TextDocument, outline: Outline, s: Section) -> Pointer | None:
    """Find the financial statements elsewhere in the document and name the section holding them.

    Statements placed after Part IV (financial_statements_appendix) win over Item 15, and
    Item 15 over any other section (Item 9A holds the auditor's report on internal control).
    """
    appendix = outline.get("financial_statements_appendix")
    holders: list[Section] = [appendix] if appendix is not None else []  # F-pages are statements by construction
    outside = False
    for bs, be, _f, _t in doc.blocks:
        text = doc.text[bs:be]
        if s.start <= bs < s.end or be - bs > 200 or " | " in text or not _FS_HEADING_RE.match(text):
            continue  # a row of an index of statements ("Report of ... | F-1") is not the statements
        holder = next((x for x in outline.sections if x.start <= bs < x.end and x.key != s.key), None)
        if holder is None:
            outside = True
        elif holder not in holders:
            holders.append(holder)
    rank = {"financial_statements_appendix": 0, "exhibits": 1}
    if holders:
        best = min(holders, key=lambda h: (rank.get(h.key, 2), holders.index(h)))
        if best.key in rank or not outside:
            return Pointer(f"the consolidated financial statements under {best.label}", best.key)
    if outside:
        return Pointer("the consolidated financial statements later in this document (after the item sections)")
    return None

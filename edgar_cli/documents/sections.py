"""Section boundaries in a filing's clean text: which block starts each item, where it ends.

How a heading is told apart from everything else that starts with "Item":

1. *Candidates* are blocks that begin with ``Item N`` (optionally after ``Part I``),
   in any case and with any separator ("ITEM 7.", "Item 7 -", "Item 1A:"), whose
   title is the item's own title or which are short like a heading. A title
   split into the next block ("Item 2." then "Management's Discussion ...") is
   joined. Running text ("Item 7 of this report", "see Item 1A, "Risk
   Factors"") is rejected: a lowercase word or a quote after the number, or a
   long block without the item's title. The number ends where the digits do:
   "Item 1122 of Regulation AB" is no Item 11. A line introduced by the
   paragraph before it ("refer to the following section of this report:") is
   a cross-reference: it never competes with a real heading of the same item.
2. *Table of contents* entries are dropped: rows ending in a page number, links
   to a later anchor, tables holding three or more items, and runs of item
   lines with no prose between them when the same item appears again later.
3. *Selection*: the highest-scoring sequence of candidates in the form's item
   order (a weighted increasing subsequence), so stray or out-of-order matches
   cannot break the sequence. Scores favour the expected title, a heading-like
   block (bold, short, centred), a target of a table-of-contents link, and
   content after the heading. In a 10-Q the same number ("Item 1") is Part I or
   Part II by the nearest "PART II" heading, its title, and the order.
4. A section ends where the next selected heading starts, or at a PART heading
   or SIGNATURES. Running page headers naming an item that are left inside a
   section once the headings are chosen are removed from the document.
5. The *front matter* before the first item is two sections of its own, found
   only once items are: the cover page (``cover``), from the top of the document,
   and an explanatory note (``explanatory_note``: why a 10-K/A was filed), from a
   heading reading only "Explanatory Note". Each ends at the next of: the
   explanatory note, the table of contents (its title or its first entry), a
   PART heading, the first item, and for the note also the next heading styled
   as its own was (Tesla's 10-K/A, 0001104659-25-042659: "TESLA, INC." above the
   index).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from ..patterns import lazy
from . import items as I
from .text import BOLD, CENTERED, IN_TABLE, LINKED, RUNNING, TextDocument

_HEAD_RE = lazy(
    r"^\s*(?:part\s+(?P<part>iv|iii|ii|i)\b\s*[.,:;|\-\u2013\u2014]*\s*)?"
    r"items?\s*(?P<num>\d{1,2})(?!\d)(?:\s*\.?\s*\(?(?P<let>[a-k])\)?(?![a-z]))?(?:\s*\(t\))?"
    r"(?P<more>(?:\s*(?:,|and|&|through|to)\s*(?:item\s*)?\d{1,2}[a-k]?(?![\d]))*)"
    r"(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_TWENTYF_SUB_RE = lazy(r"^\s*(?:item\s*)?(?:3\s*\.?\s*)?D\s*[.:\-\u2013\u2014]+\s*risk\s+factors\b", re.IGNORECASE)
_PART_RE = lazy(
    r"^\s*part\s+(?P<part>iv|iii|ii|i)\b\s*[.,:;|\-\u2013\u2014]*\s*(?P<tail>.*)$", re.IGNORECASE | re.DOTALL
)
_SIGNATURES_RE = lazy(r"^\s*signatures?\s*\.?\s*$", re.IGNORECASE)
_PAGE_TAIL_RE = lazy(
    r"(?:\||\.{2,}|\s)\s*(?:page\s+)?(?:\d{1,3}|[A-Z]-\d{1,3}|[ivx]{1,5})(?:\s*[-\u2013]\s*\d{1,3})?\s*$"
)
_LEAD_SEP_RE = lazy(r"^[\s.:;|)\-\u2013\u2014]+")
_CROSSREF_RE = lazy(
    r"^(?:[\u201c\u201d\"'\u2018\u2019(]|of\b|in\b|to\b|and\b|or\b|above\b|below\b|herein\b|"
    r"under\b|for\b|as\b|is\b|are\b|was\b|which\b|that\b|this\b|on\b|at\b|by\b|hereof\b|"
    r"contains?\b|describes?\b|includes?\b|sets?\b|discuss)"
)
_PROSE_MIN = 100
_ROMAN = {"i": "I", "ii": "II", "iii": "III", "iv": "IV"}


@dataclass
class Candidate:
    block: int
    end_block: int  # last block of the heading (title split over two blocks)
    nums: list[str]  # item numbers as written: ["1A"], ["1", "2"] for "Items 1 and 2"
    heading: str
    part: str | None  # part written on the same line
    title_items: set[str] = field(default_factory=set)  # item ids whose title matched
    toc: bool = False
    suspect: bool = False
    xref: bool = False  # a standalone line quoted by the paragraph before it ("refer to the following section:")
    weight: float = 0.0


@dataclass
class Section:
    key: str
    item: str
    label: str
    heading: str
    start: int  # char offsets into TextDocument.text
    end: int
    body_start: int  # after the heading
    title_matched: bool
    suspect: bool
    ends_at: str  # "next_item", "part", "signatures", "end_of_document"
    found_by: str = "item_heading"  # or "title_heading", "omitted_list", "statements_start", "front_matter"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Outline:
    form: str
    sections: list[Section]

    def get(self, key: str) -> Section | None:
        for s in self.sections:
            if s.key == key:
                return s
        return None

    def to_payload(self) -> dict:
        return {"form": self.form, "sections": [s.to_dict() for s in self.sections]}

    @classmethod
    def from_payload(cls, data: dict) -> Outline:
        return cls(form=data["form"], sections=[Section(**s) for s in data["sections"]])


def _num(m: re.Match) -> str:
    return m.group("num").lstrip("0") + (m.group("let") or "").upper()


def _possible_items(form: str, num: str) -> list[str]:
    if form == "10-Q":
        return [x for x in (f"I-{num}", f"II-{num}") if I.spec_by_item(form, x)]
    return [num] if I.spec_by_item(form, num) else []


def _heading_text(doc: TextDocument, i: int) -> str:
    return doc.block_text(i).replace(" | ", " ").strip()


def find_candidates(doc: TextDocument, form: str) -> tuple[list[Candidate], list[tuple[int, str]]]:
    """Heading candidates and part markers (block index, "I"/"II"/...) in document order."""
    cands: list[Candidate] = []
    parts: list[tuple[int, str]] = []
    n = len(doc.blocks)
    for i in range(n):
        s, e, flags, _table = doc.blocks[i]
        if e - s > 3000:
            continue
        text = _heading_text(doc, i)
        m = _HEAD_RE.match(text)
        if not m:
            pm = _PART_RE.match(text)
            if pm and len(pm.group("tail")) < 120 and not _CROSSREF_RE.match(pm.group("tail")):
                parts.append((i, _ROMAN[pm.group("part").lower()]))
            elif form == "20-F" and _TWENTYF_SUB_RE.match(text) and len(text) < 200:
                cands.append(Candidate(i, i, ["3D"], text, None, {"3D"}))
            continue
        if m.group("part"):
            parts.append((i, _ROMAN[m.group("part").lower()]))
        nums = [_num(m)]
        for extra in re.findall(r"(\d{1,2}[a-k]?)", m.group("more") or "", re.IGNORECASE):
            nums.append(extra.upper())
        tail = _LEAD_SEP_RE.sub("", m.group("tail"))
        if tail and (_CROSSREF_RE.match(tail) or tail[:1].islower()):
            continue
        possible = [it for num in nums for it in _possible_items(form, num)]
        if not possible:
            continue
        end_block = i
        if not tail and i + 1 < n:  # "Item 2." then the title in the next block
            nxt = _heading_text(doc, i + 1)
            if len(nxt) < 200 and not _HEAD_RE.match(nxt):
                tail, end_block = nxt, i + 1
                text = f"{text} {nxt}"
        matched = {it for it in possible if (p := I.title_pattern(form, it)) and p.match(tail)}
        if len(text) > 400 and not matched:
            continue
        if len(text) > 250 and not matched and not flags & (BOLD | CENTERED):
            continue
        cand = Candidate(
            i, end_block, nums, text[:300], _ROMAN[m.group("part").lower()] if m.group("part") else None, matched
        )
        cand.toc = bool(_PAGE_TAIL_RE.search(tail) and (matched or len(tail) < 150) and len(text) < 250)
        cand.xref = _introduced(doc, i)
        cands.append(cand)
    _mark_toc(doc, cands)
    return cands, parts


_XREF_LEAD_RE = lazy(
    r"(:|\b(refer\s+to|see|set\s+forth\s+(in|under)|included\s+(in|under)|discussed\s+(in|under)|"
    r"described\s+(in|under)|found\s+(in|under)|appears?\s+(in|under)|captioned))\s*$",
    re.IGNORECASE,
)


def _introduced(doc: TextDocument, i: int) -> bool:
    """The paragraph before block i introduces it as a reference ("... refer to the following section of this
    report:", "... see"): block i is a cross-reference set on a line of its own, not a heading."""
    if i == 0:
        return False
    _s, _e, _flags, table = doc.blocks[i - 1]
    prev = doc.block_text(i - 1).strip()
    if table >= 0 or len(prev) < 30 or _HEAD_RE.match(prev) or _PART_RE.match(prev):
        return False
    return bool(_XREF_LEAD_RE.search(prev))


def _mark_toc(doc: TextDocument, cands: list[Candidate]) -> None:
    # links from a block to an anchor further down are table-of-contents entries
    forward_links = {b for b, target in doc.links if doc.anchors.get(target, -1) > b}
    per_table: dict[int, int] = {}
    for c in cands:
        t = doc.blocks[c.block][3]
        if t >= 0:
            per_table[t] = per_table.get(t, 0) + 1
    for c in cands:
        flags, t = doc.blocks[c.block][2], doc.blocks[c.block][3]
        if flags & LINKED and c.block in forward_links:
            c.toc = True
        if t >= 0 and per_table.get(t, 0) >= 3:
            c.toc = True
    # runs of three or more item lines without prose between them
    prose_after = []
    for k, c in enumerate(cands):
        stop = cands[k + 1].block if k + 1 < len(cands) else len(doc.blocks)
        has = False
        total = 0
        for j in range(c.end_block + 1, stop):
            s, e, f, _t = doc.blocks[j]
            if f & IN_TABLE:
                continue
            total += e - s
            if e - s >= _PROSE_MIN or total >= 3 * _PROSE_MIN:  # a paragraph, or lines of one (plain text)
                has = True
                break
        prose_after.append(has)
    k = 0
    while k < len(cands):
        j = k
        while j < len(cands) and not prose_after[j] and not cands[j].toc:
            j += 1
        if j - k >= 3:
            for c in cands[k:j]:
                c.suspect = True
        k = j + 1


def _part_at(parts: list[tuple[int, str]], block: int, toc_blocks: set[int]) -> str | None:
    current = None
    for b, p in parts:
        if b > block:
            break
        if b not in toc_blocks:
            current = p
    return current


def _weight(doc: TextDocument, c: Candidate, item: str, next_block: int) -> float:
    flags = doc.blocks[c.block][2]
    w = 1.0
    if item in c.title_items:
        w += 2.0
    if flags & (BOLD | CENTERED) or len(c.heading) <= 120:
        w += 1.0
    if c.suspect:
        w -= 2.5
    if c.xref:
        w -= 2.5
    if flags & RUNNING:
        w -= 2.5
    # content after the heading: a table-of-contents line has none
    s = doc.blocks[c.end_block][1]
    e = doc.blocks[next_block][0] if next_block < len(doc.blocks) else len(doc.text)
    w += min(1.0, max(0, e - s) / 4000)
    return w


def select(
    doc: TextDocument, form: str, cands: list[Candidate], parts: list[tuple[int, str]]
) -> list[tuple[Candidate, list[str]]]:
    """The best ordered sequence of (candidate, items it starts)."""
    order = I.order(form)
    live = [c for c in cands if not c.toc]
    toc_blocks = {c.block for c in cands if c.toc}
    # a cross-reference line never competes with a real heading of the same item (it could outscore one: the
    # text after it, the rest of the section it sits in, counts as content); alone, it is a weak candidate
    headed = {n for c in live if not (c.xref or c.suspect or doc.blocks[c.block][2] & RUNNING) for n in c.nums}
    live = [c for c in live if not (c.xref and all(n in headed for n in c.nums))]
    nodes: list[tuple[Candidate, list[str], float]] = []
    for k, c in enumerate(live):
        nxt = live[k + 1].block if k + 1 < len(live) else len(doc.blocks)
        options: list[list[str]] = []
        if form == "10-Q":
            part = c.part or _part_at(parts, c.block, toc_blocks)
            for p in ("I", "II"):
                its = [f"{p}-{n}" for n in c.nums if I.spec_by_item(form, f"{p}-{n}")]
                if not its:
                    continue
                if part and p != part and not any(it in c.title_items for it in its):
                    continue
                if c.title_items and not any(it in c.title_items for it in its):
                    continue
                options.append(its)
        else:
            its = [n for n in c.nums if n in order]
            if its:
                options.append(its)
        for its in options:
            nodes.append((c, its, max(_weight(doc, c, it, nxt) for it in its)))
    # weighted longest increasing subsequence by item order (O(n^2); n is small)
    best: list[float] = []
    prev: list[int] = []
    for j, (c, its, w) in enumerate(nodes):
        lo = min(order[it] for it in its)
        b, back = w, -1
        for i in range(j):
            ci, its_i, _ = nodes[i]
            if ci.block >= c.block or max(order[it] for it in its_i) >= lo:
                continue
            if best[i] + w > b + 1e-9:
                b, back = best[i] + w, i
        best.append(b)
        prev.append(back)
    if not nodes:
        return []
    j = max(range(len(nodes)), key=lambda x: (best[x], -x))
    chain = []
    while j >= 0:
        chain.append((nodes[j][0], nodes[j][1]))
        j = prev[j]
    return list(reversed(chain))


_PART_RANK = {"I": 1, "II": 2, "III": 3, "IV": 4}


def _part_of(form: str, item: str) -> int:
    """The part an item belongs to (10-K: 1-4 Part I, 5-9C Part II, 10-14 Part III, 15-16 Part IV)."""
    if form == "10-Q":
        return _PART_RANK[item.split("-")[0]]
    if form == "10-K":
        if item == "F":
            return 4
        lead = re.match(r"\d+", item)  # a 10-K item other than F starts with its number
        n = int(lead.group(0)) if lead else 0
        return 1 if n <= 4 else 2 if n <= 9 else 3 if n <= 14 else 4
    return 9  # 20-F has no parts that end items


def build_outline(doc: TextDocument, form: str) -> Outline:
    """Every item section found in the document, in document order.

    ``doc`` is changed in place: running page headers left inside sections are removed from it, so the
    offsets of the outline are offsets into the document as it is afterwards.
    """
    fam = I.family(form) or form
    cands, parts = find_candidates(doc, fam)
    chain = select(doc, fam, cands, parts)
    toc_blocks = {c.block for c in cands if c.toc}
    part_blocks = [(b, p) for b, p in parts if b not in toc_blocks]
    sig_blocks = [i for i in range(len(doc.blocks)) if _SIGNATURES_RE.match(doc.block_text(i))]
    sections: list[Section] = []
    for k, (c, its) in enumerate(chain):
        nxt = chain[k + 1][0].block if k + 1 < len(chain) else len(doc.blocks)
        end_block, ends_at = nxt, "next_item" if k + 1 < len(chain) else "end_of_document"
        own = _part_of(fam, its[0])
        for b, p in part_blocks:
            if c.end_block < b < end_block and _PART_RANK[p] > own:
                end_block, ends_at = b, "part"
                break
        for b in sig_blocks:
            if c.end_block < b < end_block:
                end_block, ends_at = b, "signatures"
                break
        while end_block - 1 > c.end_block and doc.blocks[end_block - 1][2] & RUNNING:
            end_block -= 1  # a running header of the next item is not part of this one
        start = doc.blocks[c.block][0]
        body_start = doc.blocks[c.end_block][1]
        end = doc.blocks[end_block][0] if end_block < len(doc.blocks) else len(doc.text)
        end = max(end, body_start)
        for it in its:
            spec = I.spec_by_item(fam, it)
            if spec is None:
                continue
            sections.append(
                Section(
                    spec.key, it, spec.label, c.heading, start, end, body_start, it in c.title_items, c.suspect, ends_at
                )
            )
    if fam == "20-F":
        _twenty_f_subitems(doc, sections)
    if fam == "10-K":
        _old_item_14(sections)
    if fam in ("10-K", "20-F"):
        _statements_after_part_iv(doc, fam, sections)
    _omitted_items(doc, fam, cands, sections)
    _fill_gaps(doc, fam, cands, sections)
    _front_matter(doc, fam, cands, [b for b, _p in part_blocks], sections)
    _drop_running_headers(doc, sections)
    sections.sort(key=lambda s: (s.start, I.order(fam).get(s.item, 0)))
    return Outline(form=fam, sections=sections)


_EXPLANATORY_RE = lazy(r"^\s*explanatory\s+notes?\s*[.:]?\s*$", re.IGNORECASE)
_CONTENTS_RE = lazy(r"^\s*(?:table\s+of\s+contents|index|contents)\s*[.:]?\s*$", re.IGNORECASE)


def _front_matter(
    doc: TextDocument, form: str, cands: list[Candidate], part_blocks: list[int], sections: list[Section]
) -> None:
    """The cover page and the explanatory note, before the first item (rule 5 of the module docstring)."""
    if not sections:
        return  # without an item there is no telling where the front matter ends
    first = min(s.start for s in sections)
    ends = [first] + [doc.blocks[b][0] for b in part_blocks if doc.blocks[b][0] < first]
    for c in cands:  # the table of contents from its table's first row
        if c.toc and doc.blocks[c.block][0] < first:
            b, t = c.block, doc.blocks[c.block][3]
            while t >= 0 and b > 0 and doc.blocks[b - 1][3] == t:
                b -= 1
            ends.append(doc.blocks[b][0])
    note: int | None = None
    for i, (bs, be, flags, t) in enumerate(doc.blocks):
        if bs >= first:
            break
        if be - bs > 120 or flags & LINKED:
            continue
        text = doc.text[bs:be]
        if _CONTENTS_RE.match(text):
            ends.append(bs)
        elif note is None and t < 0 and _EXPLANATORY_RE.match(text):
            note = i
    if note is not None:
        ns, ne, nflags, _t = doc.blocks[note]
        same_style = (
            bs
            for bs, be, flags, t in doc.blocks[note + 1 :]
            if bs < first and t < 0 and flags & (BOLD | CENTERED) and flags == nflags and be - bs <= 120
        )
        stop = min([e for e in ends if e > ns] + [next(same_style, first)])
        if doc.text[ne:stop].strip():
            spec = I.spec_by_key(form, "explanatory_note")
            assert spec is not None
            sections.append(
                Section(
                    spec.key,
                    spec.item,
                    spec.label,
                    doc.text[ns:ne],
                    ns,
                    stop,
                    ne,
                    True,
                    False,
                    "next_item",
                    "front_matter",
                )
            )
            ends.append(ns)
    stop = min(ends)
    if doc.text[:stop].strip():
        spec = I.spec_by_key(form, "cover")
        assert spec is not None
        sections.append(
            Section(spec.key, spec.item, spec.label, "", 0, stop, 0, True, False, "next_item", "front_matter")
        )


def _drop_running_headers(doc: TextDocument, sections: list[Section]) -> None:
    """Remove from the document (in place) the running page headers naming an item ("ITEM 1C. CYBERSECURITY"
    at the top of a page) that sit inside a section: they were kept in case one was the only heading of its
    section, and now that the headings are chosen they are page furniture in mid-text."""
    drop: set[int] = set()
    for i, (bs, _be, flags, _t) in enumerate(doc.blocks):
        if not flags & RUNNING or not _HEAD_RE.match(doc.block_text(i)):
            continue
        if any(s.start <= bs < s.body_start for s in sections):
            continue  # a heading that was chosen
        if any(s.body_start <= bs < s.end for s in sections):
            drop.add(i)
    if not drop:
        return
    shift = doc.drop_blocks(drop)
    for s in sections:
        s.start, s.end, s.body_start = shift(s.start), shift(s.end), shift(s.body_start)


def _twenty_f_subitems(doc: TextDocument, sections: list[Section]) -> None:
    """Item 3.D (risk factors) sits inside Item 3: from its "D. Risk Factors" heading to the end of Item 3."""
    item3 = next((s for s in sections if s.item == "3"), None)
    d = next((s for s in sections if s.item == "3D"), None)
    if d is not None and item3 is not None and item3.start < d.start:
        if d.start < item3.end:
            d.end = item3.end
        else:  # the "D. Risk Factors" heading ended Item 3: Item 3 contains 3.D
            item3.end, item3.ends_at = d.end, d.ends_at
        return
    if item3 is None:
        return
    body = doc.text[item3.body_start : item3.end]
    m = re.search(
        r"(?:^|\n)[ \t]*((?:3\s*\.?\s*)?D\s*[.:\-\u2013\u2014]*\s*)?risk\s+factors[ \t]*(?:\n|$)", body, re.IGNORECASE
    )
    if not m:
        return
    start = item3.body_start + m.start() + (1 if body[m.start() : m.start() + 1] == "\n" else 0)
    spec = I.spec_by_item("20-F", "3D")
    assert spec is not None
    heading = doc.text[start : item3.body_start + m.end()].strip()
    sections.append(
        Section(
            spec.key,
            "3D",
            spec.label,
            heading,
            start,
            item3.end,
            item3.body_start + m.end(),
            True,
            False,
            item3.ends_at,
        )
    )


def _old_item_14(sections: list[Section]) -> None:
    """Before fiscal 2003 Item 14 of a 10-K was "Exhibits, Financial Statement Schedules and Reports on Form
    8-K" (there was no Item 15): such an Item 14 is the exhibits section, not principal accountant fees."""
    if any(s.item == "15" for s in sections):
        return
    for s in sections:
        m = _HEAD_RE.match(s.heading) if s.item == "14" and s.found_by == "item_heading" else None
        if m and I.OLD_ITEM_14_RE.match(_LEAD_SEP_RE.sub("", m.group("tail"))):
            exhibits = I.spec_by_key("10-K", "exhibits")
            assert exhibits is not None
            s.key, s.label = exhibits.key, f"Item 14. {I.OLD_ITEM_14_TITLE}"


_OMITTED_RE = lazy(
    r"(items?\s+(have\s+been|are|is)\s+omitted|omitted\s+(in\s+accordance\s+with|pursuant\s+to|in\s+reliance))",
    re.IGNORECASE,
)


def _omitted_items(doc: TextDocument, form: str, cands: list[Candidate], sections: list[Section]) -> None:
    """Items listed under "The following items have been omitted in accordance with General Instruction J"."""
    found = {s.item for s in sections}
    for c in cands:
        if not c.toc or doc.blocks[c.block][3] < 0:
            continue
        table = doc.blocks[c.block][3]
        first = c.block
        while first > 0 and doc.blocks[first - 1][3] == table:
            first -= 1
        if first == 0:
            continue
        intro = doc.block_text(first - 1)
        if len(intro) > 300 or not _OMITTED_RE.search(intro):
            continue
        last = c.block
        while last + 1 < len(doc.blocks) and doc.blocks[last + 1][3] == table:
            last += 1
        for it in (it for n in c.nums for it in _possible_items(form, n)):
            if it in found:
                continue
            spec = I.spec_by_item(form, it)
            if spec is None:
                continue
            start = doc.blocks[first - 1][0]
            sections.append(
                Section(
                    spec.key,
                    it,
                    spec.label,
                    c.heading,
                    start,
                    doc.blocks[last][1],
                    start,
                    bool(c.title_items),
                    False,
                    "end_of_list",
                    "omitted_list",
                )
            )
            found.add(it)


_GAP_TITLES = {
    ("10-K", "1A"): r"(risk\s+factors|(additional\s+|certain\s+)?factors\s+that\s+(may|could)\s+affect)",
    ("10-Q", "I-1"): r"(condensed\s+)?(consolidated\s+)?(financial\s+statements|statements?\s+of\s+(income|operations|"
    r"earnings)|balance\s+sheets?)",
    ("10-Q", "II-1A"): r"risk\s+factors",
}


def _fill_gaps(doc: TextDocument, form: str, cands: list[Candidate], sections: list[Section]) -> None:
    """An item with no "Item N" heading, found by a heading that is only its title.

    Searched between the previous and the next item found; only short, heading-like
    blocks outside tables of contents count. Sections found this way are marked
    ``found_by="title_heading"`` and get a lower confidence.
    """
    order = I.order(form)
    found = sorted((s for s in sections if s.found_by == "item_heading"), key=lambda s: order.get(s.item, 0))
    have = {s.item for s in sections}
    toc_end = max((c.end_block for c in cands if c.toc), default=-1)
    for spec in I.specs(form):
        if spec.item in have:
            continue
        pattern = _GAP_TITLES.get((form, spec.item))
        if pattern is None:
            continue
        rank = order[spec.item]
        before = [s for s in found if order.get(s.item, 0) < rank]
        after = [s for s in found if order.get(s.item, 0) > rank]
        lo = before[-1].body_start if before else (doc.blocks[toc_end][1] if toc_end >= 0 else 0)
        hi = after[0].start if after else len(doc.text)
        if not after:
            continue
        rx = re.compile(r"^\s*(?:" + pattern + r")\b", re.IGNORECASE)
        for bs, be, flags, _t in doc.blocks:
            if bs < lo or bs >= hi or be - bs > 120 or flags & LINKED:
                continue
            text = doc.text[bs:be]
            if not rx.match(text) or text.rstrip().endswith((".", ",")) and len(text) > 60:
                continue
            if not (flags & (BOLD | CENTERED) or text.isupper() or len(text) <= 80):
                continue
            sections.append(
                Section(
                    spec.key,
                    spec.item,
                    spec.label,
                    text,
                    bs,
                    hi,
                    be,
                    False,
                    False,
                    "next_item",
                    "title_heading" if spec.item != "I-1" else "statements_start",
                )
            )
            have.add(spec.item)
            break


_FS_START_RE = lazy(
    r"^\s*(index\s+to\s+(the\s+)?(consolidated\s+)?financial\s+statements(\s+and\s+\w+(\s+\w+)?)?|"
    r"report\s+of\s+independent\s+(registered\s+public\s+accounting\s+firm|auditors?)|"
    r"independent\s+auditor\W{0,2}s?\W{0,2}\s+report|"
    r"management\W{0,3}s?\s+report\s+on\s+internal\s+control\s+over\s+financial\s+reporting|"
    r"consolidated\s+balance\s+sheets?|"
    r"consolidated\s+statements?\s+of\s+(income|operations|earnings|financial\s+position|comprehensive\s+(income|loss)))"
    r"\s*$",
    re.IGNORECASE,
)
# a bare "CONSOLIDATED FINANCIAL STATEMENTS" title page opens the F-pages too, outside a table
_FS_TITLE_RE = lazy(r"^\s*(audited\s+)?consolidated\s+financial\s+statements\s*$", re.IGNORECASE)


def _statements_after_part_iv(doc: TextDocument, form: str, sections: list[Section]) -> None:
    """Financial statements placed after the last item (Item 16 of a 10-K, Item 19 of a 20-F) or after the
    signatures (the F-pages) are no item: they become ``financial_statements_appendix`` (and the last item no
    longer swallows them)."""
    spec = I.spec_by_item(form, "F")
    assert spec is not None
    last_item = "16" if form == "10-K" else "19"
    owner_s = next((s for s in sections if s.item == last_item and s.found_by == "item_heading"), None)
    last_end = max((s.end for s in sections), default=len(doc.text))
    windows: list[tuple[int, int, Section | None]] = (
        [(owner_s.body_start, owner_s.end, owner_s)] if owner_s is not None else []
    )
    windows.append((last_end, len(doc.text), None))
    for lo, hi, owner in windows:
        for bs, be, flags, table in doc.blocks:
            if bs < lo or bs >= hi:
                continue
            if be - bs > 120 or flags & LINKED:
                continue
            text = doc.text[bs:be]
            if _FS_START_RE.match(text) or (table < 0 and _FS_TITLE_RE.match(text)):
                ends_at = owner.ends_at if owner is not None else "end_of_document"
                sections.append(
                    Section(spec.key, "F", spec.label, text, bs, hi, be, True, False, ends_at, "statements_start")
                )
                if owner is not None:
                    owner.end, owner.ends_at = bs, "next_item"
                return

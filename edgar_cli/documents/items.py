"""The items of 10-K, 10-Q and 20-F filings: keys, labels, expected titles and aliases.

An item id is what the form calls it: ``"1A"`` in a 10-K, ``"II-1A"`` (Part II,
Item 1A) in a 10-Q, ``"3D"`` (Item 3.D) in a 20-F; the front matter of every
form, before its first item, has ids of its own: ``"C"``, the cover page, and
``"EN"``, an explanatory note (why an amendment was filed, or what a report
covers). A section key is our stable
name for it (``risk_factors``) and is what callers pass; aliases ("Item 1A",
"MD&A", "risk factors") resolve to a key for the given form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..patterns import lazy


@dataclass(frozen=True)
class ItemSpec:
    key: str
    item: str  # "1A", "II-1A", "3D"
    title: str  # the form's own title
    pattern: str  # regex matched at the start of the heading's title
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        if self.item in ("F", *FRONT_ITEMS):
            return self.title
        if "-" in self.item:
            part, num = self.item.split("-", 1)
            return f"Part {part}, Item {num}. {self.title}"
        if len(self.item) > 1 and self.item[0].isdigit() and self.item[-1].isalpha() and self.item[:-1] == "3":
            return f"Item 3.{self.item[-1]}. {self.title}"
        return f"Item {self.item}. {self.title}"


# the front matter, before the first item (documents/sections.py finds it; never by a heading pattern)
FRONT_ITEMS = ("C", "EN")
_FRONT = [
    ItemSpec("cover", "C", "Cover Page", r"$^", ("cover page", "cover", "front page", "cover sheet")),
    ItemSpec(
        "explanatory_note",
        "EN",
        "Explanatory Note",
        r"$^",
        ("explanatory note", "amendment note", "reason for the amendment", "why amended"),
    ),
]

_TEN_K = [
    *_FRONT,
    ItemSpec("business", "1", "Business", r"(description\s+of\s+)?business", ("business", "description of business")),
    ItemSpec("risk_factors", "1A", "Risk Factors", r"risk\s+factors", ("risk factors", "risks")),
    ItemSpec(
        "unresolved_staff_comments",
        "1B",
        "Unresolved Staff Comments",
        r"unresolved\s+staff",
        ("unresolved staff comments", "staff comments"),
    ),
    ItemSpec("cybersecurity", "1C", "Cybersecurity", r"cyber\s*security", ("cybersecurity", "cyber")),
    ItemSpec("properties", "2", "Properties", r"(description\s+of\s+)?propert", ("properties",)),
    ItemSpec(
        "legal_proceedings",
        "3",
        "Legal Proceedings",
        r"legal\s+proceedings",
        ("legal proceedings", "legal", "litigation"),
    ),
    ItemSpec(
        "mine_safety",
        "4",
        "Mine Safety Disclosures",
        r"(mine\s+safety|submission\s+of\s+matters|\(?removed|\[?\s*reserved)",
        ("mine safety",),
    ),
    ItemSpec(
        "executive_officers",
        "4A",
        "Executive Officers of the Registrant",
        r"(information\s+about\s+our\s+)?executive\s+officers",
        ("executive officers",),
    ),
    ItemSpec(
        "market_for_equity",
        "5",
        "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities",
        r"market\s+for",
        ("market for equity", "market for common equity", "equity market", "stock performance"),
    ),
    ItemSpec(
        "selected_financial_data",
        "6",
        "[Reserved] / Selected Financial Data",
        r"(\[?\s*reserved|selected\s+(consolidated\s+)?financial|intentionally\s+omitted|omitted|not\s+applicable)",
        ("selected financial data", "reserved"),
    ),
    ItemSpec(
        "mda",
        "7",
        "Management's Discussion and Analysis of Financial Condition and Results of Operations",
        r"management\W{0,3}s?\s+discussion",
        ("md&a", "mda", "md and a", "management's discussion", "managements discussion", "management discussion"),
    ),
    ItemSpec(
        "market_risk",
        "7A",
        "Quantitative and Qualitative Disclosures About Market Risk",
        r"quantitative\s+and\s+qualitative",
        ("market risk", "quantitative and qualitative disclosures"),
    ),
    ItemSpec(
        "financial_statements",
        "8",
        "Financial Statements and Supplementary Data",
        r"(consolidated\s+)?financial\s+statements",
        ("financial statements", "financials", "statements"),
    ),
    ItemSpec(
        "accountant_changes",
        "9",
        "Changes in and Disagreements with Accountants on Accounting and Financial Disclosure",
        r"changes\s+in\s+and\s+disagreements",
        ("changes in accountants",),
    ),
    ItemSpec(
        "controls",
        "9A",
        "Controls and Procedures",
        r"controls\s+and\s+procedures",
        ("controls and procedures", "internal controls", "controls"),
    ),
    ItemSpec("other_information", "9B", "Other Information", r"other\s+information", ("other information",)),
    ItemSpec(
        "foreign_jurisdictions",
        "9C",
        "Disclosure Regarding Foreign Jurisdictions that Prevent Inspections",
        r"disclosure\s+regarding\s+foreign",
        ("foreign jurisdictions",),
    ),
    ItemSpec(
        "directors",
        "10",
        "Directors, Executive Officers and Corporate Governance",
        r"directors",
        ("directors", "corporate governance", "governance"),
    ),
    ItemSpec(
        "executive_compensation",
        "11",
        "Executive Compensation",
        r"executive\s+compensation",
        ("executive compensation", "compensation"),
    ),
    ItemSpec(
        "security_ownership",
        "12",
        "Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters",
        r"security\s+ownership",
        ("security ownership", "beneficial owners"),
    ),
    ItemSpec(
        "related_transactions",
        "13",
        "Certain Relationships and Related Transactions, and Director Independence",
        r"certain\s+relationships",
        ("related transactions", "related party transactions", "certain relationships"),
    ),
    ItemSpec(
        "accountant_fees",
        "14",
        "Principal Accountant Fees and Services",
        r"(principal\s+account(ant|ing)\s+fees|exhibits)",
        ("accountant fees", "principal accountant fees", "audit fees"),
    ),
    ItemSpec(
        "exhibits",
        "15",
        "Exhibits and Financial Statement Schedules",
        r"exhibits?",
        ("exhibits", "financial statement schedules"),
    ),
    ItemSpec("form_10k_summary", "16", "Form 10-K Summary", r"form\s+10-k\s+summary", ("summary", "10-k summary")),
    # not an item: the financial statements some filers place after Item 16 (F-pages), which Item 8 points to
    ItemSpec(
        "financial_statements_appendix",
        "F",
        "Financial Statements following Part IV (F-pages)",
        r"$^",
        ("f-pages", "appendix"),
    ),
]


def _as_in_10k(key: str, item: str) -> ItemSpec:
    """The 10-K's item ``key`` (its title, heading pattern and aliases) under another form's number ``item``."""
    return replace(next(s for s in _TEN_K if s.key == key), item=item)


_TEN_Q = [
    *_FRONT,
    ItemSpec(
        "financial_statements",
        "I-1",
        "Financial Statements",
        r"((condensed|consolidated|unaudited|interim)\s+)*(condensed\s+)?(consolidated\s+)?financial\s+statements",
        ("financial statements", "financials", "statements"),
    ),
    _as_in_10k("mda", "I-2"),
    _as_in_10k("market_risk", "I-3"),
    ItemSpec(
        "controls",
        "I-4",
        "Controls and Procedures",
        r"controls\s+and\s+procedures",
        ("controls and procedures", "controls"),
    ),
    ItemSpec("legal_proceedings", "II-1", "Legal Proceedings", r"legal\s+proceedings", ("legal proceedings", "legal")),
    _as_in_10k("risk_factors", "II-1A"),
    ItemSpec(
        "unregistered_sales",
        "II-2",
        "Unregistered Sales of Equity Securities and Use of Proceeds",
        r"(unregistered\s+sales|changes\s+in\s+securities)",
        ("unregistered sales", "share repurchases", "repurchases"),
    ),
    ItemSpec("defaults", "II-3", "Defaults Upon Senior Securities", r"defaults", ("defaults",)),
    _as_in_10k("mine_safety", "II-4"),
    _as_in_10k("other_information", "II-5"),
    ItemSpec("exhibits", "II-6", "Exhibits", r"exhibits", ("exhibits",)),
]

_TWENTY_F = [
    *_FRONT,
    ItemSpec("identity", "1", "Identity of Directors, Senior Management and Advisers", r"identity", ()),
    ItemSpec("offer_statistics", "2", "Offer Statistics and Expected Timetable", r"offer\s+statistics", ()),
    ItemSpec("key_information", "3", "Key Information", r"key\s+information", ("key information",)),
    ItemSpec("risk_factors", "3D", "Risk Factors", r"risk\s+factors", ("risk factors", "risks", "item 3.d", "3.d")),
    ItemSpec(
        "company_information",
        "4",
        "Information on the Company",
        r"information\s+on\s+the\s+company",
        ("information on the company", "business", "company information"),
    ),
    ItemSpec(
        "unresolved_staff_comments",
        "4A",
        "Unresolved Staff Comments",
        r"unresolved\s+staff",
        ("unresolved staff comments",),
    ),
    ItemSpec(
        "operating_review",
        "5",
        "Operating and Financial Review and Prospects",
        r"operating\s+and\s+financial",
        ("operating and financial review", "md&a", "mda", "operating review"),
    ),
    ItemSpec("directors", "6", "Directors, Senior Management and Employees", r"directors", ("directors",)),
    ItemSpec(
        "major_shareholders",
        "7",
        "Major Shareholders and Related Party Transactions",
        r"major\s+shareholders",
        ("major shareholders", "related party transactions"),
    ),
    ItemSpec(
        "financial_information", "8", "Financial Information", r"financial\s+information", ("financial information",)
    ),
    ItemSpec("offer_and_listing", "9", "The Offer and Listing", r"(the\s+)?offer\s+and\s+listing", ("listing",)),
    ItemSpec(
        "additional_information",
        "10",
        "Additional Information",
        r"additional\s+information",
        ("additional information",),
    ),
    ItemSpec(
        "market_risk",
        "11",
        "Quantitative and Qualitative Disclosures About Market Risk",
        r"quantitative\s+and\s+qualitative",
        ("market risk",),
    ),
    ItemSpec(
        "other_securities", "12", "Description of Securities Other than Equity Securities", r"description\s+of", ()
    ),
    ItemSpec("defaults", "13", "Defaults, Dividend Arrearages and Delinquencies", r"defaults", ("defaults",)),
    ItemSpec(
        "modifications",
        "14",
        "Material Modifications to the Rights of Security Holders and Use of Proceeds",
        r"material\s+modifications",
        (),
    ),
    ItemSpec("controls", "15", "Controls and Procedures", r"controls\s+and\s+procedures", ("controls",)),
    ItemSpec("reserved_16", "16", "[Reserved]", r"\[?\s*reserved", ()),
    ItemSpec("audit_committee_expert", "16A", "Audit Committee Financial Expert", r"audit\s+committee", ()),
    ItemSpec("code_of_ethics", "16B", "Code of Ethics", r"code\s+of\s+(business\s+)?(conduct|ethics)", ()),
    ItemSpec("accountant_fees", "16C", "Principal Accountant Fees and Services", r"principal\s+account", ()),
    ItemSpec(
        "audit_committee_exemptions",
        "16D",
        "Exemptions from the Listing Standards for Audit Committees",
        r"exemptions",
        (),
    ),
    ItemSpec(
        "share_repurchases",
        "16E",
        "Purchases of Equity Securities by the Issuer and Affiliated Purchasers",
        r"purchases\s+of\s+equity",
        (),
    ),
    ItemSpec("accountant_change", "16F", "Change in Registrant's Certifying Accountant", r"change\s+in", ()),
    ItemSpec("corporate_governance", "16G", "Corporate Governance", r"corporate\s+governance", ()),
    ItemSpec("mine_safety", "16H", "Mine Safety Disclosure", r"mine\s+safety", ()),
    ItemSpec(
        "foreign_jurisdictions",
        "16I",
        "Disclosure Regarding Foreign Jurisdictions that Prevent Inspections",
        r"disclosure\s+regarding",
        (),
    ),
    ItemSpec("insider_trading", "16J", "Insider Trading Policies", r"insider\s+trading", ()),
    ItemSpec("cybersecurity", "16K", "Cybersecurity", r"cyber\s*security", ("cybersecurity",)),
    ItemSpec("financial_statements_17", "17", "Financial Statements", r"financial\s+statements", ()),
    ItemSpec(
        "financial_statements",
        "18",
        "Financial Statements",
        r"financial\s+statements",
        ("financial statements", "financials"),
    ),
    ItemSpec("exhibits", "19", "Exhibits", r"exhibits", ("exhibits",)),
    # not an item: the financial statements placed after the signatures (F-pages), which Item 18 points to
    ItemSpec(
        "financial_statements_appendix",
        "F",
        "Financial Statements following the signatures (F-pages)",
        r"$^",
        ("f-pages", "appendix"),
    ),
]

FORMS: dict[str, list[ItemSpec]] = {"10-K": _TEN_K, "10-Q": _TEN_Q, "20-F": _TWENTY_F}
FORM_FAMILY = {
    "10-K": "10-K",
    "10-K/A": "10-K",
    "10-K405": "10-K",
    "10-K405/A": "10-K",
    "10-KT": "10-K",
    "10-KT/A": "10-K",
    "10-KSB": "10-K",
    "10-KSB/A": "10-K",
    "10-Q": "10-Q",
    "10-Q/A": "10-Q",
    "10-QT": "10-Q",
    "10-QT/A": "10-Q",
    "10-QSB": "10-Q",
    "10-QSB/A": "10-Q",
    "20-F": "20-F",
    "20-F/A": "20-F",
}

_COMPILED: dict[str, dict[str, re.Pattern]] = {
    form: {s.item: lazy(r"\s*(?:" + s.pattern + r")", re.IGNORECASE) for s in specs} for form, specs in FORMS.items()
}


def normalize_form(form: str | None) -> str:
    """``10k``, ``10 q``, ``10-k/a`` -> ``10-K``, ``10-Q``, ``10-K/A``: the spellings ``edgar filings`` accepts."""
    text = re.sub(r"\s+", "", str(form or "")).upper()
    return re.sub(r"^(10|20|40)-?([KQF])", r"\1-\2", text)


def family(form: str | None) -> str | None:
    return FORM_FAMILY.get(normalize_form(form))


# Before fiscal 2003 (SEC Release 33-8183) Item 14 of a 10-K was the exhibits item; accountant fees came later.
OLD_ITEM_14_TITLE = "Exhibits, Financial Statement Schedules and Reports on Form 8-K"
OLD_ITEM_14_RE = lazy(r"\s*exhibits?\b", re.IGNORECASE)


def specs(form: str) -> list[ItemSpec]:
    return FORMS[form]


def spec_by_item(form: str, item: str) -> ItemSpec | None:
    for s in FORMS[form]:
        if s.item == item:
            return s
    return None


def spec_by_key(form: str, key: str) -> ItemSpec | None:
    for s in FORMS[form]:
        if s.key == key:
            return s
    return None


def title_pattern(form: str, item: str) -> re.Pattern | None:
    return _COMPILED[form].get(item)


def order(form: str) -> dict[str, int]:
    return {s.item: i for i, s in enumerate(FORMS[form])}


def _norm(text: str) -> str:
    text = text.lower().replace("\u2019", "'").replace("_", " ")
    text = re.sub(r"[^a-z0-9&'.\- ]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


_ITEM_ARG_RE = lazy(
    r"^(?:part\s*(?P<part>iv|iii|ii|i|[1-4])\s*[,\-.:]?\s*)?(?:item\s*)?(?P<num>\d{1,2})\s*\.?\s*(?P<let>[a-k])?\.?$"
)
_ROMAN = {"1": "I", "2": "II", "3": "III", "4": "IV", "i": "I", "ii": "II", "iii": "III", "iv": "IV"}


def resolve_key(form: str, name: str) -> ItemSpec | None:
    """A section argument (key, item number, alias) to its spec for the form, or None."""
    raw = name.strip()
    norm = _norm(raw)
    for s in FORMS[form]:
        if norm == s.key.replace("_", " ") or norm == s.key or raw.lower() == s.key:
            return s
    for s in FORMS[form]:  # the item id as the outline shows it: "F", "II-1A", "3D"
        if raw.upper().replace(" ", "") == s.item:
            return s
    m = _ITEM_ARG_RE.match(norm.replace(" ", "")) or _ITEM_ARG_RE.match(norm)
    if m:
        num = m.group("num") + (m.group("let") or "").upper()
        if form == "10-Q":
            part = _ROMAN.get((m.group("part") or "").lower())
            if part is None:
                part = "II" if num in ("1A", "5", "6") else "I"
            return spec_by_item(form, f"{part}-{num}")
        if form == "20-F" and num == "3D":
            return spec_by_item(form, "3D")
        return spec_by_item(form, num)
    m = re.match(r"^(?:item\s*)?3\s*\.?\s*d$", norm)
    if m and form == "20-F":
        return spec_by_item(form, "3D")
    for s in FORMS[form]:
        if norm in s.aliases or norm == _norm(s.title):
            return s
    return None


def closest_keys(form: str, name: str, limit: int = 2) -> list[str]:
    """Section keys of ``form`` that ``name`` looks like a misspelling of (for "did you mean")."""
    from rapidfuzz import fuzz, process

    norm = _norm(name).replace(" ", "_")
    if not norm:
        return []
    choices = {s.key: s.key for s in FORMS[form]}
    choices.update({a.replace(" ", "_"): s.key for s in FORMS[form] for a in s.aliases})
    found = process.extract(norm, list(choices), scorer=fuzz.ratio, score_cutoff=75, limit=limit * 3)
    return list(dict.fromkeys(choices[k] for k, _, _ in found))[:limit]


def keys_help(form: str) -> str:
    return ", ".join(f"{s.key} ({s.item})" for s in FORMS[form])

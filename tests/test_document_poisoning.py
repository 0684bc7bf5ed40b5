"""One bad 200 for a filing document must not stand: it is refused, or at least never kept as the filing.

Archive documents are cached for good (the SEC never changes an accepted filing), so a body
that is not the filing's primary document must be refused before it is stored, and a document
from which no section could be read is neither kept as the filing nor indexed as done. Each
shape of tests/helpers/hostile.py's NOT_A_FILING_DOCUMENT is served once for NVIDIA's FY2025 10-K (0001045810-25-000023, nvda-20250126.htm),
then the clean upstream (tests/helpers/hostile.py, ``times=1``).
"""

from __future__ import annotations

import pytest
import reliability_kit as K
from hostile import NOT_A_FILING_DOCUMENT as SHAPES  # (mode, body) of each shape
from hostile import HostileServer

from edgar_cli.capabilities.section.section import get_filing_section
from edgar_cli.errors import EdgarError

NVDA_FY2025 = "0001045810-25-000023"
NVDA_10K = "/www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
NVDA_10K_URL = "https://www.sec.gov/Archives/edgar/data/1045810/000104581025000023/nvda-20250126.htm"
AAPL_10K = "www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm"


def shape(name: str, corpus) -> tuple[str, bytes]:
    mode, body = SHAPES[name]
    return mode, body or (corpus / AAPL_10K).read_bytes()  # another-filers-10k


@pytest.fixture(scope="module")
def hostile(corpus):
    with HostileServer(corpus) as srv:
        yield srv


def risk_factors(upstream, cache_dir):
    """`edgar section NVDA risk_factors --fy 2025` as a new process would run it: a new client on the cache."""
    client = K.make_client(upstream.url, cache_dir)
    try:
        return get_filing_section("NVDA", "risk_factors", fiscal_year=2025, max_chars=2000, client=client)
    finally:
        client.close()


def assert_nvidias_fy2025_risk_factors(r) -> None:
    assert r.accession_number == NVDA_FY2025 and r.document_url == NVDA_10K_URL
    assert r.item == "1A" and 100_000 < r.chars_total < 120_000, (r.item, r.chars_total)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_bad_answer_for_the_10k_served_once_is_not_kept_and_the_clean_upstream_answers(
    upstream, tmp_path, corpus, name
):
    mode, body = shape(name, corpus)
    upstream.arm(NVDA_10K, mode, body, times=1)
    # refused before anything was stored (a page without items is no 10-K: it lacks Items 1, 1A and 7), and the
    # client's retry read the 10-K
    assert_nvidias_fy2025_risk_factors(risk_factors(upstream, tmp_path / "cache"))
    assert upstream.hits[NVDA_10K] == 1  # served once: everything after is the clean corpus
    assert_nvidias_fy2025_risk_factors(risk_factors(upstream, tmp_path / "cache"))


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_body_that_is_not_the_filings_document_is_refused_before_it_is_cached(upstream, tmp_path, corpus, name):
    mode, body = shape(name, corpus)
    upstream.arm(NVDA_10K, mode, body)  # every time: the client's retries cannot help
    client = K.make_client(upstream.url, tmp_path / "cache")
    with pytest.raises(EdgarError) as info:
        get_filing_section("NVDA", "risk_factors", fiscal_year=2025, client=client)
    assert info.value.code == "upstream_unavailable" and info.value.extras.get("url") == NVDA_10K_URL, (
        info.value.to_dict()
    )
    assert not [k for k in K.cache_entries(tmp_path / "cache") if NVDA_10K_URL in k]


def test_index_add_does_not_record_a_filing_from_which_no_section_was_read(upstream, tmp_path, corpus):
    from edgar_cli.capabilities.local_index.local_index import index_add
    from edgar_cli.index.store import SqliteStore

    mode, body = shape("named-page-without-items", corpus)
    upstream.arm(NVDA_10K, mode, body)  # every try of this run (served once, the retry reads the 10-K)
    store = SqliteStore(tmp_path / "index.sqlite")
    client = K.make_client(upstream.url, tmp_path / "cache")
    first = index_add(["NVDA"], accession_numbers=[NVDA_FY2025], semantic=False, client=client, store=store)
    upstream.armed.clear()
    assert [f.accession_number for f in first.filings] == []
    # a page without one item is no 10-K (Items 1, 1A and 7 missing): refused like a damaged body
    assert [(s.accession_number, s.code) for s in first.skipped] == [(NVDA_FY2025, "upstream_unavailable")]
    assert "Item 1, 1A, 7" in first.skipped[0].reason, first.skipped[0].reason
    assert [r.accession for r in store.filings()] == []  # not recorded as indexed with 0 chunks
    client.close()
    again = K.make_client(upstream.url, tmp_path / "cache")  # the next run, the upstream clean again
    second = index_add(["NVDA"], accession_numbers=[NVDA_FY2025], semantic=False, client=again, store=store)
    assert [(f.accession_number, f.status) for f in second.filings] == [(NVDA_FY2025, "indexed")]
    assert second.filings[0].chunks > 100 and second.skipped == []
    again.close()


def test_index_add_of_a_document_by_its_url_does_not_keep_a_bad_answer_for_its_cover(upstream, tmp_path, corpus):
    # `index add --document URL` reads the cover page first: a bad answer read there was cached as the document,
    # and every later run skipped the filing as "a document of unknown form".
    from edgar_cli.capabilities.local_index.local_index import index_add
    from edgar_cli.index.store import SqliteStore

    mode, body = shape("json-object", corpus)
    upstream.arm(NVDA_10K, mode, body, times=1)
    store = SqliteStore(tmp_path / "index.sqlite")
    for _run in range(2):
        client = K.make_client(upstream.url, tmp_path / "cache")
        up = index_add(["NVDA"], documents=[NVDA_10K_URL], semantic=False, client=client, store=store)
        client.close()
        assert up.skipped == [], up.skipped
    assert [(r.accession, r.form) for r in store.filings()] == [(NVDA_FY2025, "10-K")]
    assert store.filings()[0].chunks > 100


def _ixbrl(*ciks: str) -> bytes:
    tags = b"".join(
        b'<ix:nonNumeric name="dei:EntityCentralIndexKey" contextRef="c%d">%s</ix:nonNumeric>' % (i, c.encode())
        for i, c in enumerate(ciks)
    )
    return b"<?xml version='1.0'?>\n<html><body>" + tags + b"<p>Item&#160;1A. Risk Factors</p>" * 80 + b"</body></html>"


def test_a_co_registrants_document_is_accepted_at_the_url_of_any_cik_it_names_and_refused_at_another():
    from edgar_cli.sec.validate import InvalidBody, check_filing_document

    body = _ixbrl("0000000101", "0000000202")  # a parent and its subsidiary filing one 10-K
    for cik in (101, 202):
        check_filing_document(f"https://www.sec.gov/Archives/edgar/data/{cik}/000000010125000001/x-20241231.htm", body)
    with pytest.raises(InvalidBody, match="another filer"):
        check_filing_document("https://www.sec.gov/Archives/edgar/data/303/000000010125000001/x-20241231.htm", body)


def test_a_small_or_plain_text_body_is_not_a_filings_html_document_but_a_txt_filing_need_not_be_markup():
    from edgar_cli.sec.validate import InvalidBody, check_filing_document

    url = "https://www.sec.gov/Archives/edgar/data/101/000000010125000001/x-20241231.htm"
    with pytest.raises(InvalidBody, match="bytes where a filing's document"):
        check_filing_document(url, b"<html><body><p>Item 1. Business</p></body></html>")
    with pytest.raises(InvalidBody, match="not HTML or XBRL markup"):
        check_filing_document(url, b"ITEM 1. BUSINESS\n" * 200)
    full = (
        b"<SEC-DOCUMENT>0000000101-25-000001.txt\n<SEC-HEADER>\n" + b"ITEM 1. BUSINESS\n" * 200 + b"</SEC-DOCUMENT>\n"
    )
    check_filing_document(
        "https://www.sec.gov/Archives/edgar/data/101/000000010125000001/0000000101-25-000001.txt", full
    )


# Believable 200s for NVIDIA's FY2025 10-K (0001045810-25-000023): a real NVIDIA 10-K of another year, or the real
# document cut short (a proxy that stopped early, with a Content-Length that matches what it sent). Each passed the
# markup, size, CIK and item-heading checks, and stood for the filing on every later call (security review 1).
NVDA_FY2023_10K = "www.sec.gov/Archives/edgar/data/1045810/000104581023000017/nvda-20230129.htm"  # 0001045810-23-000017
BELIEVABLE = {
    "fy2023-10k-of-the-same-filer": lambda corpus: (corpus / NVDA_FY2023_10K).read_bytes(),
    "first-350000-bytes": lambda corpus: (corpus / NVDA_10K.lstrip("/")).read_bytes()[:350_000],
    "first-250000-bytes": lambda corpus: (corpus / NVDA_10K.lstrip("/")).read_bytes()[:250_000],
}


@pytest.mark.parametrize("name", sorted(BELIEVABLE))
def test_another_year_or_a_cut_off_copy_of_the_10k_served_once_never_stands_for_the_filing(
    upstream, tmp_path, corpus, name
):
    upstream.arm(NVDA_10K, "html", BELIEVABLE[name](corpus), times=1)
    # refused inside the fetch (its cover facts or its end are not the filing's), so the retry reads the 10-K
    assert_nvidias_fy2025_risk_factors(risk_factors(upstream, tmp_path / "cache"))
    assert upstream.hits[NVDA_10K] == 1
    assert_nvidias_fy2025_risk_factors(risk_factors(upstream, tmp_path / "cache"))


@pytest.mark.parametrize("name", sorted(BELIEVABLE))
def test_another_year_or_a_cut_off_copy_served_every_time_is_upstream_unavailable_and_never_cached(
    upstream, tmp_path, corpus, name
):
    upstream.arm(NVDA_10K, "html", BELIEVABLE[name](corpus))
    client = K.make_client(upstream.url, tmp_path / "cache")
    with pytest.raises(EdgarError) as info:
        get_filing_section("NVDA", "risk_factors", fiscal_year=2025, client=client)
    client.close()
    assert info.value.code == "upstream_unavailable" and info.value.extras.get("url") == NVDA_10K_URL, (
        info.value.to_dict()
    )
    assert not [k for k in K.cache_entries(tmp_path / "cache") if NVDA_10K_URL in k]


def test_index_add_does_not_index_another_years_10k_served_for_the_filing(upstream, tmp_path, corpus):
    from edgar_cli.capabilities.local_index.local_index import index_add
    from edgar_cli.index.store import SqliteStore

    upstream.arm(NVDA_10K, "html", BELIEVABLE["fy2023-10k-of-the-same-filer"](corpus))  # every try of this run
    store = SqliteStore(tmp_path / "index.sqlite")
    client = K.make_client(upstream.url, tmp_path / "cache")
    first = index_add(["NVDA"], accession_numbers=[NVDA_FY2025], semantic=False, client=client, store=store)
    client.close()
    assert [(s.accession_number, s.code) for s in first.skipped] == [(NVDA_FY2025, "upstream_unavailable")]
    assert [r.accession for r in store.filings()] == []
    upstream.armed.clear()
    again = K.make_client(upstream.url, tmp_path / "cache")  # the next run: the clean upstream, the whole 10-K
    second = index_add(["NVDA"], accession_numbers=[NVDA_FY2025], semantic=False, client=again, store=store)
    again.close()
    assert [(f.accession_number, f.status) for f in second.filings] == [(NVDA_FY2025, "indexed")]
    assert second.filings[0].chunks > 100 and second.skipped == []


def test_a_cover_page_of_another_period_form_or_fiscal_year_is_not_the_filings_document():
    from edgar_cli.sec.validate import InvalidBody, check_filing_document

    url = "https://www.sec.gov/Archives/edgar/data/101/000000010125000001/x-20250126.htm"

    def doc(kind: str, end: str, fy: str) -> bytes:
        return (
            b'<html><body><ix:nonNumeric name="dei:DocumentType" contextRef="c">'
            + kind.encode()
            + b'</ix:nonNumeric><ix:nonNumeric name="dei:DocumentPeriodEndDate" contextRef="c" format='
            b'"ixt:date-monthname-day-year-en">' + end.encode() + b"</ix:nonNumeric><ix:nonNumeric name="
            b'"dei:DocumentFiscalYearFocus" contextRef="c">'
            + fy.encode()
            + b"</ix:nonNumeric>"
            + b"<p>Item&#160;1A. Risk Factors</p>" * 80
            + b"</body></html>\n"
        )

    check_filing_document(url, doc("10-K", "January&#160;26, 2025", "2025"), form="10-K", period="2025-01-26")
    for body, why in (
        (doc("10-K", "January 29, 2023", "2023"), "period ending 2023-01-29"),
        (doc("10-Q", "January 26, 2025", "2025"), "a 10-Q where the filing is a 10-K"),
        (doc("10-K/A", "January 26, 2025", "2025"), "an amendment"),
        (doc("10-K", "January 26, 2025", "2019"), "fiscal year 2019"),
    ):
        with pytest.raises(InvalidBody, match=why):
            check_filing_document(url, body, form="10-K", period="2025-01-26")
    with pytest.raises(InvalidBody, match="cut off before its end"):
        check_filing_document(url, doc("10-K", "January 26, 2025", "2025")[:-9], form="10-K", period="2025-01-26")


def test_a_10k_lacking_a_core_item_is_refused_only_when_it_names_the_item_or_reads_no_item_at_all():
    from edgar_cli.capabilities.section.section import missing_core_items
    from edgar_cli.documents.sections import Outline, Section

    def outline(*items: str) -> Outline:
        return Outline(
            "10-K",
            [
                Section(
                    key=i,
                    item=i,
                    label=f"Item {i}.",
                    heading="",
                    start=0,
                    end=1,
                    body_start=1,
                    title_matched=True,
                    suspect=False,
                    ends_at="next_item",
                )
                for i in items
            ],
        )

    toc = "Item 1. Business 3\nItem 1A. Risk Factors 12\nItem 7. Management's Discussion 40\n"
    assert missing_core_items(outline("1", "2"), "10-K", "2025-01-26", toc) == ["1A", "7"]  # cut off after Item 2
    assert missing_core_items(outline("1", "2", "7"), "10-K", "2025-01-26", "Item 1. Item 7.") == []  # never named
    assert missing_core_items(outline(), "10-K", "2025-01-26", "") == ["1", "1A", "7"]  # not one item read
    assert missing_core_items(outline("1", "7"), "10-K", "2004-12-31", toc) == []  # before Item 1A existed
    assert missing_core_items(outline("10", "11"), "10-K/A", "2024-12-31", toc) == []  # an amendment: any part

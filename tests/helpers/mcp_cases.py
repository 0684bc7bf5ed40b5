"""The MCP calls every client is tried with: successes and each error class, in the order they run.

Shared by test_mcp_contract.py (in process, strict output-schema validation), test_mcp.py (the
Python SDK over stdio) and test_mcp_interop.py (the TypeScript SDK and the Inspector CLI). Each
case: (label, tool, arguments, expected) where expected is "ok" or the error code. The index
cases run in order: index_add before the searches that need it. Figures are checked in the
tests that use them, with their accession numbers.
"""

from __future__ import annotations

NVDA_FY2025_10K = "0001045810-25-000023"

CASES: list[tuple[str, str, dict, str]] = [
    # --- successes
    ("resolve", "resolve_company", {"query": "Apple"}, "ok"),
    ("concept", "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024}, "ok"),
    ("concept_8", "get_financial_concept", {"company": "NVDA", "concept": "revenue"}, "ok"),
    ("series", "get_financial_series", {"company": "NVDA", "concepts": ["revenue", "net_income"], "last": 3}, "ok"),
    ("statement", "get_financial_statement", {"company": "NVDA", "statement": "income", "last": 2}, "ok"),
    ("compare", "compare_companies", {"concept": "revenue", "companies": ["NVDA", "AAPL"], "fiscal_year": 2024}, "ok"),
    (
        "concept_as_of",
        "get_financial_concept",
        {"company": "320193", "concept": "revenue", "fiscal_year": 2009, "as_of": "2010-01-24"},
        "ok",
    ),
    (
        "compare_latest",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "latest": True},
        "ok",
    ),
    ("filings", "list_filings", {"company": "TSLA", "forms": ["10-K"], "limit": 5}, "ok"),
    ("filings_dates", "list_filings", {"company": "AAPL", "forms": ["10-K"], "filed_from": "2024-01-01"}, "ok"),
    (
        "section",
        "get_filing_section",
        {"company": "NVDA", "section": "risk_factors", "fiscal_year": 2025, "max_chars": 3000},
        "ok",
    ),
    (
        "section_accession",
        "get_filing_section",
        {"company": "AAPL", "section": "risk_factors", "accession_number": "0000320193-24-000123", "max_chars": 500},
        "ok",
    ),
    ("search", "search_full_text", {"query": "climate change", "forms": ["8-K"]}, "ok"),
    # a unit and the calendar alignment (companies already fetched: TSMC's cold fetch is the retry case below)
    (
        "concept_unit",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024, "unit": "usd"},
        "ok",
    ),
    (
        "compare_align",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "fiscal_year": 2024, "align": "nearest", "unit": "USD"},
        "ok",
    ),
    ("verify", "verify_answer", {"answer": "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "company": "NVDA"}, "ok"),
    ("index_list_empty", "index_list", {}, "ok"),
    ("find_unindexed_empty", "search_documents", {"query": "export controls", "company": "NVDA"}, "not_found"),
    ("index_add", "index_add", {"companies": ["NVDA"], "accession_numbers": [NVDA_FY2025_10K]}, "ok"),
    ("index_list", "index_list", {}, "ok"),
    # forms is a list or one comma-separated string in every tool that takes it
    (
        "index_add_forms_list",
        "index_add",
        {"companies": ["NVDA"], "forms": ["10-K"], "accession_numbers": [NVDA_FY2025_10K]},
        "ok",
    ),
    (
        "find_forms_string",
        "search_documents",
        {"query": "export controls China", "company": "NVDA", "forms": "10-K", "limit": 2},
        "ok",
    ),
    ("find", "search_documents", {"query": "export controls China", "company": "NVDA", "limit": 3}, "ok"),
    # a company of digits is a CIK only when it is one (not 5,000 digits, not a superscript two)
    ("find_company_digits", "search_documents", {"query": "export", "company": "1" * 5000}, "invalid_argument"),
    ("find_company_superscript", "search_documents", {"query": "export", "company": "\u00b2"}, "ambiguous"),
    ("read", "read_document", {"doc_id": f"{NVDA_FY2025_10K}:risk_factors", "lines": "1-40"}, "ok"),
    # --- refusals and errors the issue lists
    # Target resolves to TARGET CORP by market value, naming the other Targets in other_matches
    ("target", "resolve_company", {"query": "Target"}, "ok"),
    ("ambiguous", "resolve_company", {"query": "American"}, "ambiguous"),
    ("ambiguous_concept", "get_financial_concept", {"company": "American", "concept": "revenue"}, "ambiguous"),
    ("ambiguous_compare", "compare_companies", {"concept": "revenue", "companies": ["American", "AAPL"]}, "ambiguous"),
    ("stripe", "resolve_company", {"query": "Stripe"}, "not_found"),
    ("stripe_filings", "list_filings", {"company": "Stripe"}, "not_found"),
    ("unknown_concept", "get_financial_concept", {"company": "NVDA", "concept": "revnue"}, "invalid_argument"),
    ("future", "get_financial_concept", {"company": "NVDA", "concept": "revenue", "fiscal_year": 2031}, "out_of_scope"),
    (
        "screen_as_of_not_a_date",
        "screen_companies",
        {"concept": "revenue", "fiscal_year": 2019, "as_of": "2019-W01"},
        "invalid_argument",
    ),
    (
        "as_of_future",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "as_of": "2031-01-01"},
        "invalid_argument",
    ),
    (
        "future_compare",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "fiscal_year": 2031},
        "out_of_scope",
    ),
    (
        "not_reported_year",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": 1995},
        "not_found",
    ),
    ("pre_2001", "search_full_text", {"query": "going concern", "filed_from": "1999-01-01"}, "out_of_scope"),
    ("bad_date_search", "search_full_text", {"query": "going concern", "filed_from": "01/01/2020"}, "invalid_argument"),
    ("bad_date_filings", "list_filings", {"company": "AAPL", "filed_to": "2024-13-01"}, "invalid_argument"),
    ("bad_date_find", "search_documents", {"query": "export", "filed_from": "last week"}, "invalid_argument"),
    (
        "bad_enum_period",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "period": "yearly"},
        "invalid_argument",
    ),
    (
        "bad_enum_sort",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "sort": "size"},
        "invalid_argument",
    ),
    ("bad_enum_match", "search_documents", {"query": "export", "match": "fuzzy"}, "invalid_argument"),
    (
        "find_phrase_hybrid",
        "search_documents",
        {"query": "export controls", "match": "phrase", "ranker": "hybrid"},
        "invalid_argument",
    ),
    ("bad_enum_statement", "get_financial_statement", {"company": "NVDA", "statement": "equity"}, "invalid_argument"),
    (
        "series_bad_derive",
        "get_financial_series",
        {"company": "NVDA", "concepts": ["revenue"], "derive": ["q4"]},
        "invalid_argument",
    ),
    (
        "bad_range_limit",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "limit": 0},
        "invalid_argument",
    ),
    ("bad_range_page", "search_full_text", {"query": "going concern", "page": 500}, "invalid_argument"),
    ("bad_range_chars", "get_filing_section", {"company": "NVDA", "max_chars": -1}, "invalid_argument"),
    (
        "unit_not_reported",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "unit": "EUR"},
        "not_found",
    ),
    (
        "align_without_year",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "align": "nearest"},
        "invalid_argument",
    ),
    (
        "bad_enum_align",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "align": "closest"},
        "invalid_argument",
    ),
    ("former_ticker", "resolve_company", {"query": "FB"}, "not_found"),
    # a CIK sent as a JSON number (the Inspector CLI sends company=1045810 so) is that CIK
    ("cik_number", "get_financial_concept", {"company": 1045810, "concept": "revenue", "fiscal_year": 2024}, "ok"),
    (
        "cik_numbers_compare",
        "compare_companies",
        {"concept": "revenue", "companies": [1045810, 320193], "fiscal_year": 2024},
        "ok",
    ),
    # true where a number is declared would validate as 1 (fiscal year 1, one filing): refused
    (
        "bool_year",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": True},
        "invalid_argument",
    ),
    ("bool_limit", "list_filings", {"company": "AAPL", "limit": True}, "invalid_argument"),
    (
        "bad_type",
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": "last year"},
        "invalid_argument",
    ),
    ("missing_company", "get_financial_concept", {"concept": "revenue"}, "invalid_argument"),
    ("missing_all", "compare_companies", {}, "invalid_argument"),
    ("one_company", "compare_companies", {"concept": "revenue", "companies": ["NVDA"]}, "invalid_argument"),
    (
        "latest_and_year",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "latest": True, "fiscal_year": 2024},
        "invalid_argument",
    ),
    (
        "unknown_arg_accession",
        "get_filing_section",
        {"company": "AAPL", "accession": "0000320193-23-000106"},
        "invalid_argument",
    ),
    (
        "unknown_arg_fy",
        "compare_companies",
        {"concept": "revenue", "companies": ["NVDA", "AAPL"], "fy": 2022},
        "invalid_argument",
    ),
    ("unknown_arg_since", "list_filings", {"company": "AAPL", "since": "2024-01-01"}, "invalid_argument"),
    ("unknown_arg_ticker", "get_financial_concept", {"ticker": "NVDA", "concept": "revenue"}, "invalid_argument"),
    # names results use for what an input takes: chunk_id (search_documents) for around, cik for query
    ("unknown_arg_chunk_id", "read_document", {"chunk_id": f"{NVDA_FY2025_10K}:risk_factors:0001"}, "invalid_argument"),
    ("unknown_arg_cik", "resolve_company", {"cik": "320193"}, "invalid_argument"),
    (
        "unknown_arg_matched_tag",
        "get_financial_concept",
        {"company": "NVDA", "matched_tag": "us-gaap:Revenues"},
        "invalid_argument",
    ),
    (
        "bad_accession",
        "get_filing_section",
        {"company": "NVDA", "section": "mda", "accession_number": "../../etc/passwd"},
        "invalid_argument",
    ),
    # form 10-K/A without an accession number read the original 10-K, as if it were the amendment
    (
        "section_variant",
        "get_filing_section",
        {"company": "AAPL", "form": "10-K/A", "max_chars": 200},
        "invalid_argument",
    ),
    (
        "unknown_section",
        "get_filing_section",
        {"company": "NVDA", "section": "Item 99", "fiscal_year": 2025},
        "invalid_argument",
    ),
    ("local_file", "get_filing_section", {"section": "mda", "file": "/etc/passwd"}, "invalid_argument"),
    # the hidden file parameter (and the CLI's stdin) never named to a model
    ("accession_alone", "get_filing_section", {"accession_number": "0000320193-24-000123"}, "invalid_argument"),
    ("verify_empty", "verify_answer", {"answer": " "}, "invalid_argument"),
    ("verify_path", "verify_answer", {"answer": "./answer.txt", "company": "NVDA"}, "invalid_argument"),
    ("internal_client", "get_filing_section", {"company": "AAPL", "client": "x"}, "invalid_argument"),
    ("unknown_tool", "get_stock_price", {"ticker": "NVDA"}, "invalid_argument"),
    ("find_unindexed", "search_documents", {"query": "export controls", "company": "AAPL"}, "not_found"),
    ("read_bad_id", "read_document", {"doc_id": "../../etc/passwd"}, "invalid_argument"),
    (
        "read_huge_lines",
        "read_document",
        {"doc_id": f"{NVDA_FY2025_10K}:risk_factors", "lines": "1" * 5000},
        "invalid_argument",
    ),
    (
        "read_huge_end",
        "read_document",
        {"doc_id": f"{NVDA_FY2025_10K}:risk_factors", "lines": "1-" + "9" * 5000},
        "invalid_argument",
    ),
    (
        "verify_bad_cite",
        "verify_answer",
        {"answer": "Revenue was $5 billion.", "cite": ["not-an-accession"]},
        "invalid_argument",
    ),
]

BY_LABEL = {c[0]: c for c in CASES}


def expected_codes(expected: str) -> set[str]:
    return set(expected.split("|"))

"""Token economy: the serialized size of a typical answer of each MCP tool.

Calls every tool once, in process, against the corpus mirror with compact defaults, and
prints the size of its structured content (JSON) and of its short text rendering, in
characters and as a rough token count (characters / 4). Printed and saved, never asserted.

    python benchmarks/mcp_sizes.py
"""

from __future__ import annotations

import json
import os

import anyio
from common import UA, MirrorServer, TempDir, publish

TYPICAL = {
    "resolve_company": {"query": "Apple"},
    "get_financial_concept": {"company": "NVDA", "concept": "revenue"},
    "compare_companies": {"concept": "revenue", "companies": ["NVDA", "AAPL", "TSLA"], "fiscal_year": 2021},
    "list_filings": {"company": "AAPL", "forms": ["10-K"]},
    "get_filing_section": {"company": "NVDA", "section": "risk_factors", "fiscal_year": 2025},
    "search_full_text": {"query": "climate change", "forms": ["8-K"]},
    "search_documents": {"query": "export controls", "company": "NVDA"},
    "read_document": {"doc_id": "0001045810-25-000023:risk_factors", "lines": "1-120"},
    "verify_answer": {"answer": "NVIDIA's fiscal 2024 revenue was $60.9 billion.", "company": "NVDA"},
    # defaults: 5 fiscal years (annual) or 8 quarters; Claude Code keeps up to 50,000 characters inline
    "get_financial_statement": {"company": "AAPL", "statement": "income"},
    "get_financial_statement quarterly": {"company": "AAPL", "statement": "income", "period": "quarterly"},
    "get_financial_series": {"company": "NVDA", "concepts": ["revenue", "net_income", "gross_profit"]},
}


async def measure(server) -> list[tuple[str, int, int, bool]]:
    rows = []
    for name, args in TYPICAL.items():
        result = await server.call_tool(name.split()[0], args)
        structured = json.dumps(result.structured_content or {})
        text = result.content[0].text if result.content else ""
        rows.append((name, len(structured), len(text), bool(result.is_error)))
    return rows


def main() -> str:
    with MirrorServer() as mirror, TempDir() as tmp:
        os.environ.update(
            EDGAR_MIRROR=mirror.url,
            SEC_USER_AGENT=UA,
            EDGAR_CACHE_DIR=str(tmp / "cache"),
            EDGAR_TODAY="2026-07-01",
            EDGAR_INDEX=str(tmp / "index.sqlite"),
            EDGAR_SEMANTIC="0",
            EDGAR_NONINTERACTIVE="1",
        )
        from edgar_cli.capabilities.local_index.local_index import index_add
        from edgar_cli.mcp.server import build_server
        from edgar_cli.sec.client import set_client

        set_client(None)
        index_add(["NVDA"], accession_numbers=["0001045810-25-000023"])  # so search_documents/read_document have text
        rows = anyio.run(measure, build_server())
    lines = [
        "Serialized size of a typical answer per MCP tool (compact defaults)",
        f"{'tool':<34}{'structured chars':>18}{'~tokens':>9}{'text chars':>12}{'~tokens':>9}  error",
    ]
    for name, s_chars, t_chars, err in rows:
        lines.append(
            f"{name:<34}{s_chars:>18,}{s_chars // 4:>9,}{t_chars:>12,}{t_chars // 4:>9,}  {'yes' if err else ''}"
        )
    return publish("mcp_sizes", "\n".join(lines))


if __name__ == "__main__":
    main()

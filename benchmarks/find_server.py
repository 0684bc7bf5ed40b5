"""Issue 37: hybrid `find` inside one server process, where the model is loaded once.

Builds the MCP server in process (``build_server()``, what ``edgar serve-mcp`` serves) over an index with vectors
and calls ``search_documents`` with ``ranker=hybrid`` for a few questions in turn: per call, wall and CPU seconds,
the process's RSS and peak RSS after it (/proc/self/status), and how many times the embedding model was opened
(a hook on ``embeddings._open``: one).

    EDGAR_INDEX=PATH python benchmarks/find_server.py [--calls 4]

PATH is an index with vectors (``edgar index add NVDA --years 2 --semantic`` through the corpus mirror builds one).
"""

from __future__ import annotations

import argparse
import json
import os
import time

QUESTIONS = ["revenue growth drivers", "export controls China", "supply chain risks"]


def _status(key: str) -> int:
    """A /proc/self/status figure in MB."""
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith(key))


def main() -> None:
    import anyio

    from edgar_cli.index import embeddings as E
    from edgar_cli.mcp.server import build_server

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=4)
    calls = ap.parse_args().calls
    opened: list[str] = []
    real = E._open
    E._open = lambda model, tokenizer: opened.append(str(model)) or real(model, tokenizer)  # type: ignore[assignment]
    server = build_server()

    async def run() -> list[dict]:
        out = []
        for i in range(calls):
            q = QUESTIONS[i % len(QUESTIONS)]
            t, c = time.perf_counter(), time.process_time()
            r = await server.call_tool("search_documents", {"query": q, "ranker": "hybrid", "limit": 5})
            out.append(
                {
                    "question": q,
                    "seconds": round(time.perf_counter() - t, 3),
                    "cpu_seconds": round(time.process_time() - c, 3),
                    "ranker": (r.structured_content or {}).get("ranker"),
                    "rss_mb": _status("VmRSS"),
                    "peak_rss_mb": _status("VmHWM"),
                }
            )
        return out

    print(json.dumps({"load_average": os.getloadavg(), "calls": anyio.run(run), "model_opened": len(opened)}, indent=2))


if __name__ == "__main__":
    main()

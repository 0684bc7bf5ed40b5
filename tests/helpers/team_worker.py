"""One edgar "host" for the team tests and benchmarks: a process with its own SecClient and N concurrent
callers, configured by the environment (EDGAR_MIRROR, EDGAR_REDIS_URL, EDGAR_CACHE_DIR, ...).

    python tests/helpers/team_worker.py --callers 20 < tasks.jsonl > results.jsonl

Each input line is a task: ``{"url": "https://www.sec.gov/..."}`` (fetched through the client, cached
as its kind), or ``{"call": "get_financial_concept", "args": {...}}`` (a capability of
edgar_cli.capabilities). Each output line: the task, ``sha256`` and ``bytes`` of a fetched body or
``result`` (the capability's JSON), ``error`` (the EdgarError code, or null), ``start``/``end`` (epoch
seconds). Callers take tasks in input order; ``--go-file PATH`` writes ``PATH.ready.<pid>`` once set
up, then waits until PATH exists before the first task (so several workers start together).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def kind_of(url: str) -> str:
    if "/submissions/" in url:
        return "submissions"
    if "/companyfacts/" in url:
        return "companyfacts"
    if "/files/" in url:
        return "tickers"
    return "archive"


def capability(name: str):
    """A capability function by its name, from the public Python API (edgar_cli.__all__)."""
    import edgar_cli

    return getattr(edgar_cli, name)


def run_task(task: dict) -> dict:
    from edgar_cli.errors import EdgarError
    from edgar_cli.sec.client import get_client

    out = dict(task, error=None, start=time.time())
    try:
        if "url" in task:
            body = get_client().get_bytes(task["url"], kind=kind_of(task["url"]))
            out.update(sha256=hashlib.sha256(body).hexdigest(), bytes=len(body))
        else:
            out["result"] = capability(task["call"])(**task.get("args", {})).model_dump(mode="json")
    except EdgarError as exc:
        out["error"] = exc.code
        out["message"] = exc.message
    except Exception as exc:  # a bug: reported as a result, so the test sees it
        out["error"] = "exception"
        out["message"] = f"{type(exc).__name__}: {exc}"
    out["end"] = time.time()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--callers", type=int, default=20)
    ap.add_argument("--go-file", type=Path)
    opts = ap.parse_args()
    tasks = [json.loads(line) for line in sys.stdin if line.strip()]
    from edgar_cli.sec.client import get_client

    get_client()  # built (and the capabilities imported) before the start signal: not what is measured
    for name in {t["call"] for t in tasks if "call" in t}:
        capability(name)
    if opts.go_file is not None:
        opts.go_file.with_name(f"{opts.go_file.name}.ready.{os.getpid()}").touch()
        while not opts.go_file.exists():
            time.sleep(0.01)
    lock = threading.Lock()
    pending = list(reversed(tasks))

    def caller() -> None:
        while True:
            with lock:
                if not pending:
                    return
                task = pending.pop()
            result = run_task(task)
            with lock:
                sys.stdout.write(json.dumps(result) + "\n")
                sys.stdout.flush()

    threads = [threading.Thread(target=caller) for _ in range(opts.callers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    get_client().close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("EDGAR_NONINTERACTIVE", "1")
    sys.exit(main())

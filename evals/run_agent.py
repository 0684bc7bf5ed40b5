"""Agent evals: a model answers the gold questions through `edgar serve-mcp`, several runs per question.

    export OPENAI_API_KEY=...
    python evals/run_agent.py --base-url https://api.openai.com/v1 --model gpt-4.1-mini \\
        --runs 3 --checkpoint evals/results/gpt-4.1-mini.jsonl \\
        --usd-per-1m-prompt-tokens 0.40 --usd-per-1m-completion-tokens 1.60 --max-cost 2.00

Any OpenAI-compatible chat-completions endpoint works (``--base-url`` up to
``/v1``; the key is read from the environment variable named by
``--api-key-env``, default OPENAI_API_KEY; none is sent when it is unset, as
local servers expect). The MCP server is ``edgar serve-mcp`` over stdio, started
once with the official MCP client; its tools are offered to the model as
functions. By default the SEC is the corpus mirror (tests/helpers/mirror.py over
../shared/sec-corpus) with today pinned to 2026-07-01, which is what the gold
answers are true for; ``--mirror-url`` points at another mirror, ``--live`` at
the SEC itself (the gold values then may not hold).

Each run of a question is scored, and written as one JSON line to the
checkpoint as soon as it finishes; rerunning with the same checkpoint skips
runs already recorded, so an interrupted or cost-stopped run resumes where it
stopped. Scores per run:

- numeric: every expected value (``expected.value`` / ``expected.values``) is
  in the answer within ``expected.tolerance`` (relative, default 0.5%),
  reading "$60.9 billion", "60,922 million", "NT$2.89 trillion" or "1.19";
- behaviour: the answer's behaviour (answer, clarify, refuse) as classified
  from its text equals ``expected_behaviour`` (disclose_restatement: an answer
  that also says the figure was restated or split-adjusted);
- form / period / fiscal_year / accession / terms: the answer names the
  ``must_mention`` facts;
- tool_calls and latency (wall time of the whole question).

The classification is keyword-based and deliberately simple; every answer is
kept in the checkpoint for reading. The summary prints, per category and in
total, the mean and standard deviation over runs of each score.

Cost ceiling: tokens come from each response's ``usage`` (estimated at 4
characters a token when absent), priced with the two --usd-per-1m-* options.
Before every model call the projected spend (spent so far, including runs in
the checkpoint, plus this prompt's estimate) is compared with --max-cost;
when it would pass it the run stops (exit 3) and can be resumed with a higher
ceiling. --max-tokens does the same on tokens. Exit codes: 0 done, 1 model or
server failure, 2 bad arguments or gold file, 3 stopped by a ceiling.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx

EVALS = Path(__file__).resolve().parent
ROOT = EVALS.parent
sys.path.insert(0, str(EVALS))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from run_tools import CATEGORIES, GOLD, PINNED_TODAY, load_gold, validate_gold
from support import edgar_command

EVAL_UA = "edgar-cli evals evals@example.com"
RETRY_STATUSES = {408, 409, 429, 500, 502, 503, 504}

SYSTEM_PROMPT = """\
You answer questions about US public companies' SEC filings using only the edgar tools.
Rules:
- Every figure you give comes from a tool result. Never answer from memory.
- Name, for each figure: the form (10-K, 10-Q, 20-F ...), the period (start and end dates, or the date of a
  balance-sheet value), the company's fiscal year label, and the filing's accession number.
- If a company name could mean several companies, ask the user which one (list the candidates) instead of choosing.
- If the tools cannot provide the answer (a private company, a future or unreported year, data not available),
  say so plainly and explain why; do not guess.
- Say when a figure was restated or split-adjusted (give the original value), when figures are not comparable
  (different period ends, currencies or definitions), and what the units and currency are.
"""


# --- configuration and state -------------------------------------------------------------------


@dataclass
class Config:
    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    runs: int = 3
    gold: Path = GOLD
    categories: list[str] | None = None
    ids: list[str] | None = None
    checkpoint: Path | None = None
    max_cost: float | None = None
    max_tokens: int | None = None
    usd_per_1m_prompt: float = 0.0
    usd_per_1m_completion: float = 0.0
    max_turns: int = 8
    temperature: float | None = 0.0
    request_timeout: float = 120.0
    max_retries: int = 6
    retry_base: float = 1.0
    retry_cap: float = 60.0
    tool_result_chars: int = 12_000
    mirror_url: str | None = None
    live: bool = False
    corpus: Path | None = None
    edgar_command: list[str] | None = None
    today: str = PINNED_TODAY
    quiet: bool = False


class CeilingReached(Exception):
    pass


class ModelError(Exception):
    pass


@dataclass
class Budget:
    cfg: Config
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0

    def price(self, prompt: int, completion: int) -> float:
        return (prompt * self.cfg.usd_per_1m_prompt + completion * self.cfg.usd_per_1m_completion) / 1_000_000

    def add(self, prompt: int, completion: int) -> float:
        c = self.price(prompt, completion)
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        self.cost += c
        return c

    def before_call(self, estimated_prompt: int) -> None:
        if self.cfg.max_cost is not None:
            projected = self.cost + self.price(estimated_prompt, 0)
            if projected > self.cfg.max_cost:
                raise CeilingReached(
                    f"cost ceiling: ${self.cost:.4f} spent, next call would bring it to about "
                    f"${projected:.4f} > --max-cost ${self.cfg.max_cost:.4f}"
                )
        if self.cfg.max_tokens is not None:
            used = self.prompt_tokens + self.completion_tokens
            if used + estimated_prompt > self.cfg.max_tokens:
                raise CeilingReached(
                    f"token ceiling: {used:,} tokens used, next call ~{estimated_prompt:,} more "
                    f"> --max-tokens {self.cfg.max_tokens:,}"
                )


def estimate_tokens(payload: Any) -> int:
    return max(1, len(json.dumps(payload, default=str)) // 4)


# --- the checkpoint ----------------------------------------------------------------------------


def gold_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


@dataclass
class Checkpoint:
    header: dict | None = None
    done: dict[tuple[str, int], dict] = field(default_factory=dict)  # completed runs by (id, run)
    unfinished_spend: tuple[int, int, float] = (0, 0, 0.0)  # tokens and cost of runs that did not finish


def read_checkpoint(path: Path | None) -> Checkpoint:
    """The header, the completed runs and what unfinished runs spent. A torn last line is ignored."""
    cp = Checkpoint()
    if path is None or not path.exists():
        return cp
    spent = [0, 0, 0.0]
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if rec.get("type") == "config":
            cp.header = cp.header or rec
        elif rec.get("type") == "run" and rec.get("status") == "ok":
            cp.done[(rec["id"], int(rec["run"]))] = rec
        elif rec.get("type") == "run":
            spent[0] += int(rec.get("prompt_tokens", 0))
            spent[1] += int(rec.get("completion_tokens", 0))
            spent[2] += float(rec.get("cost_usd", 0.0))
    cp.unfinished_spend = (spent[0], spent[1], spent[2])
    return cp


def append_record(path: Path | None, record: dict) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, default=str) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


# --- the model endpoint ------------------------------------------------------------------------


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


async def chat(client: httpx.AsyncClient, cfg: Config, messages: list[dict], tools: list[dict], log: list[str]) -> dict:
    """One chat-completions call, retried on 429/5xx/transport errors (Retry-After honoured, capped)."""
    body: dict[str, Any] = {"model": cfg.model, "messages": messages}
    if tools:
        body["tools"] = tools
    if cfg.temperature is not None:
        body["temperature"] = cfg.temperature
    url = cfg.base_url.rstrip("/") + "/chat/completions"
    for attempt in range(cfg.max_retries + 1):
        wait: float | None = None
        try:
            resp = await client.post(url, json=body)
        except httpx.TransportError as exc:
            detail = f"{type(exc).__name__}: {exc}"
        else:
            if resp.status_code == 200:
                try:
                    return resp.json()
                except ValueError as exc:
                    raise ModelError(f"the model endpoint answered 200 with a body that is not JSON: {exc}") from None
            if resp.status_code not in RETRY_STATUSES:
                raise ModelError(f"the model endpoint answered {resp.status_code}: {resp.text[:300]}")
            detail = f"HTTP {resp.status_code}"
            wait = _retry_after(resp)
        if attempt == cfg.max_retries:
            raise ModelError(f"the model endpoint still failed after {cfg.max_retries} retries ({detail})")
        if wait is None:
            wait = cfg.retry_base * (2**attempt)
        wait = min(wait, cfg.retry_cap)
        log.append(f"retry {attempt + 1} after {detail}, waiting {wait:.2f}s")
        await anyio.sleep(wait)
    raise AssertionError("unreachable")  # pragma: no cover


def tools_for_model(mcp_tools: list[Any]) -> list[dict]:
    return [
        {
            "type": "function",
            "function": {
                "name": t.name,
                "description": t.description or "",
                "parameters": t.input_schema or {"type": "object", "properties": {}},
            },
        }
        for t in mcp_tools
    ]


def tool_result_text(result: Any, limit: int) -> tuple[str, str | None]:
    """What the model sees of a tool result, and its error code if it is an error."""
    code = None
    if result.structured_content is not None:
        text = json.dumps(result.structured_content, default=str)
        err = result.structured_content.get("error") if isinstance(result.structured_content, dict) else None
        if isinstance(err, dict):
            code = err.get("code")
    else:  # an error: isError with the error JSON as text and no structured content
        text = "\n".join(getattr(c, "text", "") for c in result.content or [])
        if result.is_error:
            try:
                code = json.loads(text)["error"]["code"]
            except (ValueError, KeyError, TypeError):
                code = None
    if len(text) > limit:
        text = text[:limit] + f"... [truncated {len(text) - limit} characters]"
    return text, code


async def answer_question(
    question: dict,
    session: Any,
    tools: list[dict],
    instructions: str,
    client: httpx.AsyncClient,
    cfg: Config,
    budget: Budget,
) -> dict:
    """The agent loop for one run of one question; returns the run's raw record (unscored)."""
    system = SYSTEM_PROMPT + ("\nThe edgar server says:\n" + instructions if instructions else "")
    messages: list[dict] = [{"role": "system", "content": system}, {"role": "user", "content": question["question"]}]
    calls: list[dict] = []
    log: list[str] = []
    prompt_tokens = completion_tokens = 0
    cost = 0.0
    answer: str | None = None
    started = time.perf_counter()
    for _turn in range(cfg.max_turns):
        budget.before_call(estimate_tokens(messages) + estimate_tokens(tools))
        data = await chat(client, cfg, messages, tools, log)
        usage = data.get("usage") or {}
        p = int(usage.get("prompt_tokens") or estimate_tokens(messages) + estimate_tokens(tools))
        try:
            message = data["choices"][0]["message"]
        except (KeyError, IndexError, TypeError):
            raise ModelError(f"the model endpoint answered without choices[0].message: {str(data)[:300]}") from None
        c = int(usage.get("completion_tokens") or estimate_tokens(message))
        prompt_tokens += p
        completion_tokens += c
        cost += budget.add(p, c)
        tool_calls = message.get("tool_calls") or []
        if not tool_calls:
            answer = message.get("content") or ""
            break
        messages.append({"role": "assistant", "content": message.get("content"), "tool_calls": tool_calls})
        for tc in tool_calls:
            fn = tc.get("function") or {}
            name = fn.get("name", "")
            raw_args = fn.get("arguments") or "{}"
            t0 = time.perf_counter()
            try:
                args = json.loads(raw_args) if isinstance(raw_args, str) else dict(raw_args)
                if not isinstance(args, dict):
                    raise TypeError("arguments must be a JSON object")
            except (ValueError, TypeError) as exc:  # JSONDecodeError included: the model's mistake, shown to it
                args, code, is_error = raw_args, "invalid_argument", True
                text = json.dumps(
                    {
                        "error": {
                            "code": code,
                            "message": f"arguments are not a JSON object: {exc}",
                            "suggestion": "Send the arguments as a JSON object.",
                        }
                    }
                )
            else:
                try:
                    result = await session.call_tool(name, args)
                    text, code = tool_result_text(result, cfg.tool_result_chars)
                    is_error = bool(result.is_error)
                except Exception as exc:  # noqa: BLE001 - e.g. an unknown tool name: the model's to handle
                    code, is_error = "tool_call_failed", True
                    text = json.dumps(
                        {
                            "error": {
                                "code": code,
                                "message": f"{type(exc).__name__}: {exc}",
                                "suggestion": "Call one of the tools listed, with its schema.",
                            }
                        }
                    )
            calls.append(
                {
                    "name": name,
                    "arguments": args,
                    "is_error": is_error,
                    "error_code": code,
                    "seconds": round(time.perf_counter() - t0, 3),
                }
            )
            messages.append({"role": "tool", "tool_call_id": tc.get("id", ""), "content": text})
    return {
        "answer": answer if answer is not None else "",
        "finished": answer is not None,
        "tool_calls": calls,
        "n_tool_calls": len(calls),
        "turns": sum(1 for m in messages if m["role"] == "assistant") + (1 if answer is not None else 0),
        "latency_s": round(time.perf_counter() - started, 3),
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "cost_usd": round(cost, 6),
        "retries": log,
    }


# --- scoring ------------------------------------------------------------------------------------

_SCALES = {
    "trillion": 1e12,
    "tn": 1e12,
    "t": 1e12,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "million": 1e6,
    "mn": 1e6,
    "mm": 1e6,
    "m": 1e6,
    "thousand": 1e3,
    "k": 1e3,
}
_NUMBER = re.compile(
    r"(?<![\w.])(?:(-|−|\()\s*)?(?:US\$|NT\$|\$|USD\s?|TWD\s?)?\s*(\()?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?"
    r"(?:\s*(trillion|billion|million|thousand|tn|bn|mn|mm|[tbmk])\b)?",
    re.IGNORECASE,
)


def numbers_in(text: str) -> list[float]:
    """Every number in the text, each both as written and scaled by a following word (60.9 billion)."""
    out: list[float] = []
    for m in _NUMBER.finditer(text):
        value = float(m.group(3).replace(",", "") + (m.group(4) or ""))
        if m.group(1) or m.group(2):
            value = -value
        out.append(value)
        if m.group(5):
            out.append(value * _SCALES[m.group(5).lower()])
    return out


def value_in(text: str, want: float, tolerance: float) -> bool:
    """Is ``want`` in the text within a relative tolerance? Magnitudes are compared: prose says "a loss of
    $1.96 billion" without a sign."""
    for got in numbers_in(text):
        if want == 0:
            if got == 0:
                return True
        elif abs(abs(got) - abs(want)) <= tolerance * abs(want):
            return True
    return False


def _date_forms(iso: str) -> list[str]:
    from datetime import date

    d = date.fromisoformat(iso)
    month, mon = d.strftime("%B"), d.strftime("%b")
    return [
        iso,
        f"{month} {d.day}, {d.year}",
        f"{month} {d.day} {d.year}",
        f"{mon} {d.day}, {d.year}",
        f"{mon}. {d.day}, {d.year}",
        f"{d.day} {month} {d.year}",
        f"{d.day} {mon} {d.year}",
        f"{d.month}/{d.day}/{d.year}",
        f"{d.month:02d}/{d.day:02d}/{d.year}",
    ]


def _fy_forms(fy: int) -> list[str]:
    return [
        f"FY{fy}",
        f"FY {fy}",
        f"FY'{fy % 100:02d}",
        f"FY{fy % 100:02d}",
        f"fiscal {fy}",
        f"fiscal year {fy}",
        f"fiscal-year {fy}",
        f"{fy} fiscal year",
    ]


def _as_list(v: Any) -> list:
    return v if isinstance(v, list) else [v]


def mentions(text: str, must: dict[str, Any]) -> dict[str, bool]:
    """Which must_mention facts the answer names (all listed values of a key must appear)."""
    low = text.lower()
    squashed = re.sub(r"\s+", " ", low)
    out: dict[str, bool] = {}
    for key, want in (must or {}).items():
        if key == "period_end":
            out[key] = all(any(f.lower() in squashed for f in _date_forms(str(d))) for d in _as_list(want))
        elif key == "fiscal_year":
            out[key] = all(any(f.lower() in squashed for f in _fy_forms(int(y))) for y in _as_list(want))
        elif key == "form":
            out[key] = all(
                re.search(rf"(?<![\w-]){re.escape(str(f).lower())}(?![\w/])", low) is not None for f in _as_list(want)
            )
        elif key == "accession_number":
            out[key] = all(str(a) in text or str(a).replace("-", "") in text for a in _as_list(want))
        elif key == "terms":
            out[key] = all(any(str(alt).lower() in squashed for alt in _as_list(group)) for group in want)
    return out


_CLARIFY_CUES = (
    "which one",
    "which company",
    "which of",
    "did you mean",
    "do you mean",
    "could you clarify",
    "please clarify",
    "please specify",
    "can you specify",
    "could you specify",
    "can you confirm",
    "let me know which",
    "are you asking about",
    "are you referring",
)
_REFUSAL_CUES = (
    "cannot",
    "can't",
    "can not",
    "unable",
    "not available",
    "isn't available",
    "is not available",
    "no data",
    "not found",
    "does not file",
    "doesn't file",
    "do not file",
    "private company",
    "privately held",
    "is private",
    "not yet",
    "has not been",
    "hasn't been",
    "has not begun",
    "hasn't begun",
    "has not ended",
    "hasn't ended",
    "in the future",
    "future fiscal",
    "forecast",
    "don't have",
    "do not have",
    "no record",
    "out of scope",
    "predates",
    "before 2001",
    "not reported",
    "no 10-k",
    "not possible",
    "no figure",
    "no value",
    "unavailable",
)
_RESTATEMENT_CUES = ("restat", "split", "originally", "revised", "pre-split", "adjusted", "amended")


def classify(text: str, question: dict) -> str:
    """answer, clarify or refuse, from the text (keyword heuristics; answers are kept for review)."""
    low = text.lower()
    if not low.strip():
        return "none"
    if "?" in low and any(c in low for c in _CLARIFY_CUES):
        return "clarify"
    expected = question.get("expected") or {}
    want = [v for v in _as_list(expected.get("values") or expected.get("value") or []) if v is not None]
    tol = float(expected.get("tolerance", 0.005))
    if want and all(value_in(text, float(v), tol) for v in want):
        return "answer"
    acc = expected.get("accession_number")
    if acc and (acc in text or acc.replace("-", "") in text):
        return "answer"
    if any(c in low for c in _REFUSAL_CUES):
        return "refuse"
    return "answer"


def score(question: dict, raw: dict) -> dict:
    text = raw["answer"] or ""
    expected = question.get("expected") or {}
    behaviour = question["expected_behaviour"]
    want = [v for v in _as_list(expected.get("values") or expected.get("value") or []) if v is not None]
    tol = float(expected.get("tolerance", 0.005))
    numeric = (
        (all(value_in(text, float(v), tol) for v in want) if want else None)
        if behaviour in ("answer", "disclose_restatement")
        else None
    )
    got = classify(text, question)
    if behaviour == "disclose_restatement":
        behaviour_ok = got == "answer" and any(c in text.lower() for c in _RESTATEMENT_CUES)
    else:
        behaviour_ok = got == behaviour
    must = dict(question.get("must_mention") or {})
    accs = [a for a in [expected.get("accession_number"), *(expected.get("accept_accessions") or [])] if a]
    named = mentions(text, must)
    if "accession_number" in must and not isinstance(must["accession_number"], list) and accs:
        named["accession_number"] = any(a in text or a.replace("-", "") in text for a in accs)
    return {"classified": got, "behaviour_ok": behaviour_ok, "numeric_ok": numeric, "mentions": named}


# --- summary ------------------------------------------------------------------------------------

METRICS = ("numeric", "behaviour", "form", "period", "fiscal_year", "accession", "tool_calls", "latency_s")


def _metric(rec: dict, name: str) -> float | None:
    s = rec.get("score") or {}
    if name == "numeric":
        return None if s.get("numeric_ok") is None else float(s["numeric_ok"])
    if name == "behaviour":
        return float(bool(s.get("behaviour_ok")))
    if name in ("form", "fiscal_year"):
        v = (s.get("mentions") or {}).get(name)
        return None if v is None else float(v)
    if name == "period":
        v = (s.get("mentions") or {}).get("period_end")
        return None if v is None else float(v)
    if name == "accession":
        v = (s.get("mentions") or {}).get("accession_number")
        return None if v is None else float(v)
    if name == "tool_calls":
        return float(rec.get("n_tool_calls", 0))
    if name == "latency_s":
        return float(rec.get("latency_s", 0.0))
    return None


def summarize(records: list[dict], runs: int) -> dict[str, dict[str, tuple[float, float, int] | None]]:
    """Per category and 'total': metric -> (mean over runs, standard deviation over runs, questions)."""
    groups: dict[str, list[dict]] = {}
    for r in records:
        groups.setdefault(r["category"], []).append(r)
        groups.setdefault("total", []).append(r)
    out: dict[str, dict[str, tuple[float, float, int] | None]] = {}
    for name, recs in groups.items():
        out[name] = {}
        for m in METRICS:
            per_run = []
            for i in range(runs):
                vals = [v for r in recs if r["run"] == i and (v := _metric(r, m)) is not None]
                if vals:
                    per_run.append(sum(vals) / len(vals))
            n = len({r["id"] for r in recs if _metric(r, m) is not None})
            out[name][m] = (
                (statistics.fmean(per_run), statistics.pstdev(per_run) if len(per_run) > 1 else 0.0, n)
                if per_run
                else None
            )
    return out


def _cell(v: tuple[float, float, int] | None, metric: str) -> str:
    if v is None:
        return "-"
    if metric in ("tool_calls", "latency_s"):
        return f"{v[0]:.2f} ±{v[1]:.2f}"
    return f"{100 * v[0]:.0f}% ±{100 * v[1]:.0f} n={v[2]}"


def render_summary(summary: dict, out: Any = None) -> None:
    out = out or sys.stdout
    order = [c for c in CATEGORIES if c in summary] + ["total"]
    widths = [max(len(m), 15) for m in METRICS]
    print(f"{'category':<12} " + " ".join(f"{m:>{w}}" for m, w in zip(METRICS, widths)), file=out)
    for cat in order:
        print(
            f"{cat:<12} " + " ".join(f"{_cell(summary[cat].get(m), m):>{w}}" for m, w in zip(METRICS, widths)), file=out
        )
    print(
        "mean ±standard deviation over runs; n = questions scored on that metric. behaviour = answer, clarify "
        "or refuse as expected (over all questions).",
        file=out,
    )


def render_questions(records: list[dict], out: Any = None) -> None:
    """Per question: runs, behaviour and numeric success rates, tool calls and latency (mean ±sd)."""
    out = out or sys.stdout
    by: dict[str, list[dict]] = {}
    for r in records:
        by.setdefault(r["id"], []).append(r)
    if not by:
        return
    width = max(len(k) for k in by)

    def ms(vals: list[float]) -> str:
        return f"{statistics.fmean(vals):.2f} ±{statistics.pstdev(vals) if len(vals) > 1 else 0.0:.2f}"

    print(
        f"{'question':<{width}} {'runs':>4} {'behaviour':>9} {'numeric':>7} {'tool calls':>12} {'latency s':>12}",
        file=out,
    )
    for qid, recs in by.items():
        beh = sum(bool(r["score"]["behaviour_ok"]) for r in recs) / len(recs)
        nums = [r["score"]["numeric_ok"] for r in recs if r["score"]["numeric_ok"] is not None]
        num = f"{100 * sum(nums) / len(nums):.0f}%" if nums else "-"
        print(
            f"{qid:<{width}} {len(recs):>4} {100 * beh:>8.0f}% {num:>7} "
            f"{ms([r['n_tool_calls'] for r in recs]):>12} {ms([r['latency_s'] for r in recs]):>12}",
            file=out,
        )
    print(file=out)


# --- the run ------------------------------------------------------------------------------------


def server_env(cfg: Config, mirror_url: str | None, cache_dir: str) -> dict[str, str]:
    env = dict(os.environ)
    if mirror_url:  # a mirror needs no real contact; the SEC itself gets the user's own SEC_USER_AGENT
        env.setdefault("SEC_USER_AGENT", EVAL_UA)
    env.update(EDGAR_CACHE_DIR=cache_dir, EDGAR_NONINTERACTIVE="1")
    if mirror_url:
        env["EDGAR_MIRROR"] = mirror_url
        env["EDGAR_TODAY"] = cfg.today
    else:
        env.pop("EDGAR_MIRROR", None)
    return env


def select_questions(cfg: Config) -> list[dict]:
    questions = load_gold(cfg.gold)
    problems = validate_gold(questions)
    if problems:
        raise ValueError("gold file problems: " + "; ".join(problems))
    if cfg.categories:
        questions = [q for q in questions if q["category"] in cfg.categories]
    if cfg.ids:
        questions = [q for q in questions if q["id"] in cfg.ids]
    return questions


def serve_fixtures(srv: Any, question: dict) -> None:
    for item in question.get("serve") or []:
        body = (ROOT / item["fixture"]).read_bytes()
        srv.script(
            f"/efts.sec.gov/LATEST/search-index?{item['query_string']}",
            (200, {"Content-Type": "application/json"}, body),
        )


@dataclass
class RunReport:
    records: list[dict] = field(default_factory=list)  # every ok record, old and new
    new_runs: int = 0
    skipped_runs: int = 0
    stopped: str | None = None
    failed: str | None = None
    cost_usd: float = 0.0
    summary: dict = field(default_factory=dict)


async def run_eval(cfg: Config) -> RunReport:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    questions = select_questions(cfg)
    cp = read_checkpoint(cfg.checkpoint)
    header, done = cp.header, cp.done
    if header and (header.get("model") != cfg.model or header.get("base_url") != cfg.base_url):
        raise ValueError(
            f"{cfg.checkpoint} was written for {header.get('model')} at {header.get('base_url')}; "
            "use another --checkpoint for this model"
        )
    if header is None:
        append_record(
            cfg.checkpoint,
            {
                "type": "config",
                "model": cfg.model,
                "base_url": cfg.base_url,
                "gold": str(cfg.gold),
                "gold_sha256": gold_digest(cfg.gold),
                "runs": cfg.runs,
                "live": cfg.live,
                "today": cfg.today,
                "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
            },
        )
    report = RunReport()
    budget = Budget(cfg)
    budget.prompt_tokens, budget.completion_tokens, budget.cost = cp.unfinished_spend
    for rec in done.values():  # what was already spent counts against the ceiling
        budget.prompt_tokens += int(rec.get("prompt_tokens", 0))
        budget.completion_tokens += int(rec.get("completion_tokens", 0))
        budget.cost += float(rec.get("cost_usd", 0.0))
    wanted_ids = {q["id"] for q in questions}
    report.records = [r for r in done.values() if r["id"] in wanted_ids and r["run"] < cfg.runs]

    srv = None
    mirror_url = cfg.mirror_url
    if not cfg.live and not mirror_url:
        from mirror import MirrorServer

        srv = MirrorServer(cfg.corpus).start()
        mirror_url = srv.url
    key = os.environ.get(cfg.api_key_env)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    cmd = cfg.edgar_command or edgar_command()
    try:
        # the server's stderr (warnings, logs) is not the model's business; devnull opens instantly
        with tempfile.TemporaryDirectory(prefix="edgar-agent-evals-") as tmp, open(os.devnull, "w") as errlog:  # noqa: ASYNC230
            params = StdioServerParameters(
                command=cmd[0], args=cmd[1:] + ["serve-mcp"], env=server_env(cfg, mirror_url, str(Path(tmp) / "cache"))
            )
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                init = await session.initialize()
                instructions = getattr(init, "instructions", None) or ""
                tools = tools_for_model((await session.list_tools()).tools)
                async with httpx.AsyncClient(timeout=cfg.request_timeout, headers=headers) as client:
                    await _loop(cfg, questions, done, session, tools, instructions, client, budget, srv, report)
    finally:
        if srv is not None:
            srv.stop()
    report.cost_usd = budget.cost
    report.summary = summarize(report.records, cfg.runs)
    return report


async def _loop(
    cfg: Config,
    questions: list[dict],
    done: dict,
    session: Any,
    tools: list[dict],
    instructions: str,
    client: httpx.AsyncClient,
    budget: Budget,
    srv: Any,
    report: RunReport,
) -> None:
    for q in questions:
        for run in range(cfg.runs):
            if (q["id"], run) in done:
                report.skipped_runs += 1
                continue
            if srv is not None:
                serve_fixtures(srv, q)
            before = (budget.prompt_tokens, budget.completion_tokens, budget.cost)
            try:
                raw = await answer_question(q, session, tools, instructions, client, cfg, budget)
            except (CeilingReached, ModelError) as exc:
                # What the unfinished run spent stays on the books, so a resumed run's ceiling counts it.
                append_record(
                    cfg.checkpoint,
                    {
                        "type": "run",
                        "status": "stopped" if isinstance(exc, CeilingReached) else "error",
                        "id": q["id"],
                        "run": run,
                        "error": str(exc),
                        "prompt_tokens": budget.prompt_tokens - before[0],
                        "completion_tokens": budget.completion_tokens - before[1],
                        "cost_usd": round(budget.cost - before[2], 6),
                    },
                )
                if isinstance(exc, CeilingReached):
                    report.stopped = str(exc)
                else:
                    report.failed = f"{q['id']} run {run}: {exc}"
                return
            rec = {
                "type": "run",
                "status": "ok",
                "id": q["id"],
                "run": run,
                "category": q["category"],
                "expected_behaviour": q["expected_behaviour"],
                "question": q["question"],
                **raw,
                "score": score(q, raw),
            }
            append_record(cfg.checkpoint, rec)
            report.records.append(rec)
            report.new_runs += 1
            if not cfg.quiet:
                s = rec["score"]
                print(
                    f"{q['id']} run {run}: {s['classified']}, behaviour {'ok' if s['behaviour_ok'] else 'WRONG'}"
                    f", numeric {s['numeric_ok']}, {raw['n_tool_calls']} tool calls, {raw['latency_s']:.1f}s, "
                    f"${raw['cost_usd']:.4f}",
                    file=sys.stderr,
                )


def parse_args(argv: list[str] | None) -> Config:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base-url", required=True, help="OpenAI-compatible API base, e.g. https://api.openai.com/v1")
    ap.add_argument("--model", required=True)
    ap.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the API key")
    ap.add_argument("--runs", type=int, default=3, help="runs per question (mean and standard deviation over them)")
    ap.add_argument("--gold", type=Path, default=GOLD)
    ap.add_argument("--category", action="append", dest="categories", choices=CATEGORIES)
    ap.add_argument("--id", action="append", dest="ids")
    ap.add_argument(
        "--checkpoint",
        type=Path,
        help="JSONL file written run by run and read to resume (default: evals/results/agent-MODEL.jsonl)",
    )
    ap.add_argument("--max-cost", type=float, help="stop before spending more than this many USD (estimate)")
    ap.add_argument("--max-tokens", type=int, help="stop before using more than this many tokens in total")
    ap.add_argument("--usd-per-1m-prompt-tokens", type=float, default=0.0, dest="usd_per_1m_prompt")
    ap.add_argument("--usd-per-1m-completion-tokens", type=float, default=0.0, dest="usd_per_1m_completion")
    ap.add_argument("--max-turns", type=int, default=8, help="model calls per question at most")
    ap.add_argument("--temperature", type=float, default=0.0, help="omit with a negative value")
    ap.add_argument("--timeout", type=float, default=120.0, dest="request_timeout", help="seconds per model request")
    ap.add_argument("--max-retries", type=int, default=6)
    ap.add_argument("--retry-base", type=float, default=1.0, help="first back-off in seconds (doubles each retry)")
    ap.add_argument("--tool-result-chars", type=int, default=12_000, help="tool results are cut to this length")
    ap.add_argument("--mirror-url", help="an EDGAR mirror to use instead of starting the corpus mirror")
    ap.add_argument("--corpus", type=Path, help="the sec-corpus directory for the built-in mirror")
    ap.add_argument("--live", action="store_true", help="use the real SEC (gold values are true for the corpus)")
    ap.add_argument("--edgar-command", help="the edgar executable (default: the one installed beside python)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if a.runs < 1 or a.max_turns < 1:
        ap.error("--runs and --max-turns must be at least 1")
    if a.max_cost is not None and not (a.usd_per_1m_prompt or a.usd_per_1m_completion):
        print(
            "warning: --max-cost without prices; the estimate is $0 and the ceiling cannot stop the run",
            file=sys.stderr,
        )
    # the options are named as Config's fields; these three are read differently from how they are written
    read = {
        "checkpoint": a.checkpoint or EVALS / "results" / f"agent-{re.sub(r'[^A-Za-z0-9._-]+', '_', a.model)}.jsonl",
        "temperature": None if a.temperature < 0 else a.temperature,
        "edgar_command": a.edgar_command.split() if a.edgar_command else None,
    }
    return Config(**{**vars(a), **read})


def main(argv: list[str] | None = None) -> int:
    cfg = parse_args(argv)
    try:
        report = anyio.run(run_eval, cfg)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    render_questions(report.records)
    render_summary(report.summary)
    print(
        f"\n{report.new_runs} new run(s), {report.skipped_runs} resumed from the checkpoint; "
        f"estimated cost ${report.cost_usd:.4f}",
        file=sys.stderr,
    )
    if report.failed:
        print(f"stopped: {report.failed}", file=sys.stderr)
        return 1
    if report.stopped:
        print(f"stopped by the {report.stopped}; rerun with the same --checkpoint to resume", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""evals/run_agent.py against a scripted OpenAI-compatible model on loopback and the real `edgar serve-mcp`.

The fake model does what a tool-using model does, deterministically: for a
question it knows it asks for one tool call, then writes its answer from the
tool result it was sent (figure, period, form, accession; candidates when the
tool says ambiguous; the error message when it refuses). Its first response of
each server is a 429 with Retry-After: 0, which the loop must retry. No network:
the SEC is the corpus mirror, the model is 127.0.0.1.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anyio
import pytest
import run_agent as A

QUESTIONS = {  # question id -> the tool call the fake model makes
    "lookup-nvda-revenue-fy2024": (
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": 2024},
    ),
    "ambiguous-american-revenue": ("get_financial_concept", {"company": "American", "concept": "revenue"}),
    "refusal-future-year-2031": (
        "get_financial_concept",
        {"company": "NVDA", "concept": "revenue", "fiscal_year": 2031},
    ),
    "restatement-nvda-eps-fy2024-split": (
        "get_financial_concept",
        {"company": "NVDA", "concept": "eps_diluted", "fiscal_year": 2024},
    ),
}


def _answer_from(tool_text: str) -> str:
    data = json.loads(tool_text)
    err = data.get("error")
    if err and err["code"] == "ambiguous":
        names = " or ".join(c["name"] for c in err["candidates"][:2])
        return f"That name matches several companies. Which company do you mean: {names}?"
    if err:
        return f"I cannot answer that: {err['message']}"
    v = data["values"][0]
    text = (
        f"{data['company']['name']} reported {data['concept']} of {v['value']:,} {v['unit']} for fiscal year "
        f"{v['fiscal_year']} (FY{v['fiscal_year']}, {v['start']} to {v['end']}), from its {v['form']} filed "
        f"{v['filed']}, accession {v['accession_number']}."
    )
    if v["restated"]:
        text += f" The figure was restated ({v['revision_kind']}); originally reported as {v['original_value']}."
    return text


class FakeModel:
    """POST /v1/chat/completions: 429 first, then a tool call, then an answer built from the tool result."""

    def __init__(self, questions: dict[str, tuple[str, dict]], gold: list[dict], usage=(1000, 100)):
        self.by_text = {q["question"]: QUESTIONS[q["id"]] for q in gold if q["id"] in questions}
        self.usage = usage
        self.requests: list[dict] = []
        self.statuses: list[int] = []
        self.fail_next = 1  # how many 429s to send before answering
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status, headers, payload = fake.respond(self.path, body, self.headers.get("Authorization"))
                raw = json.dumps(payload).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def respond(self, path: str, body: dict, auth: str | None):
        self.requests.append({"path": path, "body": body, "auth": auth})
        if path != "/v1/chat/completions":
            self.statuses.append(404)
            return 404, {}, {"error": {"message": f"no route {path}"}}
        if self.fail_next > 0:
            self.fail_next -= 1
            self.statuses.append(429)
            return 429, {"Retry-After": "0"}, {"error": {"message": "Rate limit reached", "type": "rate_limit"}}
        self.statuses.append(200)
        messages = body["messages"]
        last = messages[-1]
        usage = {"prompt_tokens": self.usage[0], "completion_tokens": self.usage[1]}
        if last["role"] == "user":
            name, args = self.by_text[last["content"]]
            n = len(self.requests)
            message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": f"call_{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
                ],
            }
        else:
            message = {"role": "assistant", "content": _answer_from(last["content"])}
        return (
            200,
            {},
            {
                "id": "x",
                "object": "chat.completion",
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": usage,
            },
        )

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def gold():
    return A.load_gold()


@pytest.fixture
def fake(gold):
    srv = FakeModel(QUESTIONS, gold)
    yield srv
    srv.stop()


def config(fake, mirror, tmp_path, **kw) -> A.Config:
    base = {
        "base_url": fake.base_url,
        "model": "fake-1",
        "api_key_env": "EDGAR_EVALS_TEST_KEY",
        "runs": 2,
        "ids": list(QUESTIONS),
        "checkpoint": tmp_path / "agent.jsonl",
        "mirror_url": mirror.url,
        "retry_base": 0.01,
        "request_timeout": 30,
        "quiet": True,
    }
    base.update(kw)
    return A.Config(**base)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_agent_loop_answers_through_mcp_retries_a_429_and_scores_every_run(fake, mirror, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_EVALS_TEST_KEY", "sk-test")
    report = anyio.run(A.run_eval, config(fake, mirror, tmp_path))
    assert report.failed is None and report.stopped is None
    assert fake.statuses[0] == 429 and fake.statuses.count(429) == 1
    assert len(report.records) == 8 and report.new_runs == 8
    by = {(r["id"], r["run"]): r for r in report.records}
    first = by[("lookup-nvda-revenue-fy2024", 0)]
    assert first["retries"] and "HTTP 429" in first["retries"][0]
    assert first["n_tool_calls"] == 1 and first["tool_calls"][0]["name"] == "get_financial_concept"
    assert "60,922,000,000 USD" in first["answer"] and "0001045810-24-000029" in first["answer"]
    s = first["score"]
    assert s["numeric_ok"] is True and s["behaviour_ok"] is True and s["classified"] == "answer"
    assert s["mentions"] == {"period_end": True, "fiscal_year": True, "form": True, "accession_number": True}
    target = by[("ambiguous-american-revenue", 1)]
    assert target["tool_calls"][0]["error_code"] == "ambiguous" and target["score"]["classified"] == "clarify"
    assert by[("refusal-future-year-2031", 0)]["score"]["classified"] == "refuse"
    eps = by[("restatement-nvda-eps-fy2024-split", 0)]
    assert eps["score"]["behaviour_ok"] is True and eps["score"]["numeric_ok"] is True
    assert eps["score"]["mentions"]["terms"] is True  # 11.93 and "split"
    assert all(r["score"]["behaviour_ok"] for r in report.records)
    # What the model was sent: the key, the MCP tools as functions, the tool result as structured JSON.
    req = fake.requests[1]
    assert req["auth"] == "Bearer sk-test" and req["path"] == "/v1/chat/completions"
    assert {"get_financial_concept", "compare_companies", "resolve_company"} <= {
        t["function"]["name"] for t in req["body"]["tools"]
    }
    tool_msg = next(m for r in fake.requests for m in r["body"]["messages"] if m["role"] == "tool")
    assert json.loads(tool_msg["content"])["values"][0]["value"] == 60922000000
    total = report.summary["total"]
    assert total["behaviour"] == (1.0, 0.0, 4)
    assert total["numeric"][0] == 1.0 and total["tool_calls"][:2] == (1.0, 0.0)
    assert report.summary["lookup"]["accession"] == (1.0, 0.0, 1)
    lines = records(tmp_path / "agent.jsonl")
    assert lines[0]["type"] == "config" and lines[0]["model"] == "fake-1"
    assert sum(1 for r in lines if r.get("status") == "ok") == 8


def test_a_cost_ceiling_stops_the_run_and_a_rerun_resumes_from_the_checkpoint(fake, mirror, tmp_path):
    # Each model call reports 1,000,000 prompt tokens at $1 per million: every question run costs about $2.
    fake.usage = (1_000_000, 0)
    stopped = anyio.run(A.run_eval, config(fake, mirror, tmp_path, max_cost=5.0, usd_per_1m_prompt=1.0))
    assert stopped.stopped and "cost ceiling" in stopped.stopped and stopped.failed is None
    assert stopped.new_runs == 2 and 5.0 <= stopped.cost_usd < 5.1  # the third run was stopped after one call
    lines = records(tmp_path / "agent.jsonl")
    assert [r.get("status") for r in lines[1:]] == ["ok", "ok", "stopped"]
    assert lines[-1]["cost_usd"] == pytest.approx(1.0)  # spent by the unfinished run, kept on the books
    calls_before = len(fake.requests)

    resumed = anyio.run(A.run_eval, config(fake, mirror, tmp_path, usd_per_1m_prompt=1.0))
    assert resumed.stopped is None and resumed.failed is None
    assert resumed.skipped_runs == 2 and resumed.new_runs == 6
    assert len(resumed.records) == 8
    assert len(fake.requests) - calls_before == 12  # 6 runs x (tool call + answer), nothing redone
    assert resumed.cost_usd == pytest.approx(5.0 + 12.0, rel=0.01)
    done = {(r["id"], r["run"]) for r in records(tmp_path / "agent.jsonl") if r.get("status") == "ok"}
    assert done == {(q, i) for q in QUESTIONS for i in range(2)}


def test_a_checkpoint_for_another_model_is_refused(fake, mirror, tmp_path):
    (tmp_path / "agent.jsonl").write_text(json.dumps({"type": "config", "model": "other", "base_url": "x"}) + "\n")
    with pytest.raises(ValueError, match="written for other"):
        anyio.run(A.run_eval, config(fake, mirror, tmp_path))


def test_a_model_endpoint_that_keeps_answering_429_is_given_up_after_the_retries(fake):
    fake.fail_next = 100
    cfg = A.Config(base_url=fake.base_url, model="fake-1", max_retries=2, retry_base=0.01)
    log: list[str] = []

    async def go():
        async with A.httpx.AsyncClient(timeout=10) as client:
            return await A.chat(client, cfg, [{"role": "user", "content": "hi"}], [], log)

    with pytest.raises(A.ModelError, match="still failed after 2 retries"):
        anyio.run(go)
    assert fake.statuses == [429, 429, 429] and len(log) == 2


def test_a_client_error_from_the_model_endpoint_is_not_retried(fake):
    cfg = A.Config(base_url=fake.base_url + "/nope", model="fake-1", retry_base=0.01)

    async def go():
        async with A.httpx.AsyncClient(timeout=10) as client:
            return await A.chat(client, cfg, [{"role": "user", "content": "hi"}], [], [])

    fake.fail_next = 0
    with pytest.raises(A.ModelError, match="answered 404"):
        anyio.run(go)
    assert len(fake.requests) == 1


def test_the_command_line_prints_the_summary_and_exits_3_at_the_ceiling(fake, mirror, tmp_path, capsys):
    fake.usage = (1_000_000, 0)
    argv = [
        "--base-url",
        fake.base_url,
        "--model",
        "fake-1",
        "--runs",
        "1",
        "--id",
        "lookup-nvda-revenue-fy2024",
        "--id",
        "ambiguous-american-revenue",
        "--checkpoint",
        str(tmp_path / "c.jsonl"),
        "--mirror-url",
        mirror.url,
        "--retry-base",
        "0.01",
        "--usd-per-1m-prompt-tokens",
        "1",
        "--max-cost",
        "2.5",
        "--quiet",
    ]
    assert A.main(argv) == 3
    captured = capsys.readouterr()
    assert "total" in captured.out and "behaviour" in captured.out
    assert "rerun with the same --checkpoint to resume" in captured.err


# --- scoring, by hand ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("revenue was $60.9 billion", 60_922_000_000),
        ("revenue of $60,922 million", 60_922_000_000),
        ("NT$2,894.3 billion (about NT$2.89 trillion)", 2_894_307_700_000),
        ("diluted EPS of $1.19", 1.19),
        ("a net loss of $(1,962) million", -1_962_000_000),
    ],
)
def test_figures_are_read_in_the_ways_people_write_them(text, value):
    assert A.value_in(text, value, 0.005)


def test_a_figure_outside_the_tolerance_or_a_year_is_not_taken_for_the_value():
    assert not A.value_in("revenue was $61.5 billion", 60_922_000_000, 0.005)
    assert not A.value_in("in fiscal 2024", 60_922_000_000, 0.005)
    assert not A.value_in("EPS was 11.93 before the split", 1.19, 0.005)


def test_mentions_accept_common_date_and_fiscal_year_spellings():
    must = {"period_end": "2024-01-28", "fiscal_year": 2024, "form": "10-K", "accession_number": "0001045810-24-000029"}
    text = "In fiscal 2024 (ended January 28, 2024) per its 10-K, accession 000104581024000029."
    assert A.mentions(text, must) == {"period_end": True, "fiscal_year": True, "form": True, "accession_number": True}
    assert A.mentions("per its 10-K/A", {"form": "10-K"}) == {"form": False}
    assert A.mentions("TSMC reports in NT$ under IFRS", {"terms": [["TWD", "NT$"], ["IFRS"]]}) == {"terms": True}


def test_behaviour_is_classified_from_the_text():
    q = {"expected": {"value": 60922000000}, "expected_behaviour": "answer"}
    assert A.classify("Which company do you mean: TARGET CORP or Target Group Inc.?", q) == "clarify"
    assert A.classify("I cannot answer: Stripe is a private company and does not file with the SEC.", q) == "refuse"
    assert A.classify("Revenue was $60.9 billion; it cannot be compared directly with Apple's.", q) == "answer"
    assert A.classify("", q) == "none"


def test_a_torn_last_line_from_an_interrupted_write_is_ignored(tmp_path):
    path = tmp_path / "c.jsonl"
    ok = {"type": "run", "status": "ok", "id": "q1", "run": 0, "cost_usd": 0.5, "prompt_tokens": 10}
    stopped = {"type": "run", "status": "stopped", "id": "q2", "run": 0, "cost_usd": 0.25, "prompt_tokens": 5}
    path.write_text(
        "\n".join(
            [
                json.dumps({"type": "config", "model": "m", "base_url": "u"}),
                json.dumps(ok),
                json.dumps(stopped),
                '{"type": "run", "status": "ok", "id": "q2", "ru',
            ]
        )
    )
    cp = A.read_checkpoint(path)
    assert cp.header["model"] == "m" and list(cp.done) == [("q1", 0)]
    assert cp.unfinished_spend == (5, 0, 0.25)

"""The MCP contract every client relies on, checked in process on every case of mcp_cases.py.

What a TypeScript-SDK client does with a result, done here with a strict validator: a result
with structuredContent must validate against the tool's outputSchema (Draft 2020-12, formats
checked); an error is isError with the error JSON as text and no structuredContent. The text
channel holds the whole result. No string a client can see names a CLI flag or command, or a
path on the server's disk. (test_mcp_interop.py drives the real TypeScript SDK and Inspector.)
"""

from __future__ import annotations

import json
import re

import anyio
import pytest
from mcp_cases import BY_LABEL, CASES, NVDA_FY2025_10K, expected_codes
from pydantic import BaseModel
from support import PINNED_TODAY, TEST_UA

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module")
def run(mirror, tmp_path_factory):
    """Every case once, in order, against one in-process server (what a stdio server would answer)."""
    import stamina

    from edgar_cli.config import Settings
    from edgar_cli.mcp.server import build_server
    from edgar_cli.sec.client import SecClient, set_client

    tmp = tmp_path_factory.mktemp("mcp-contract")
    with pytest.MonkeyPatch.context() as mp:
        for var, value in dict(
            EDGAR_MIRROR=mirror.url,
            EDGAR_CACHE_DIR=str(tmp / "cache"),
            EDGAR_CONFIG_DIR=str(tmp / "config"),
            EDGAR_INDEX=str(tmp / "index.sqlite"),
            SEC_USER_AGENT=TEST_UA,
            EDGAR_TODAY=PINNED_TODAY,
            EDGAR_SEMANTIC="0",
            EDGAR_NONINTERACTIVE="1",
        ).items():
            mp.setenv(var, value)
        mp.delenv("EDGAR_DEBUG", raising=False)
        stamina.set_testing(True, attempts=2)
        set_client(SecClient(Settings.from_env()))
        server = build_server()

        async def go():
            tools = {t.name: t for t in await server.list_tools()}
            return tools, {label: await server.call_tool(tool, args) for label, tool, args, _ in CASES}

        try:
            tools, results = anyio.run(go)
        finally:
            stamina.set_testing(False)
            set_client(None)
    return {"server": server, "tools": tools, "results": results, "paths": [str(tmp)]}


def strict_validator(schema: dict):
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


@pytest.mark.parametrize("label", [c[0] for c in CASES])
def test_every_result_is_what_a_strict_client_accepts(run, label):
    _, tool, _, expected = BY_LABEL[label]
    result = run["results"][label]
    text = result.content[0].text
    if expected == "ok":
        assert not result.is_error, text
        errors = sorted(
            strict_validator(run["tools"][tool].output_schema).iter_errors(result.structured_content), key=str
        )
        assert errors == [], [e.message for e in errors[:3]]
        assert json.loads(text) == result.structured_content  # the text channel is the whole result
    else:
        assert result.is_error is True and result.structured_content is None
        assert len(result.content) == 1
        err = json.loads(text)["error"]
        assert err["code"] in expected_codes(expected), err
        assert err["message"] and err["suggestion"]


def test_an_ambiguous_name_carries_its_candidates_and_target_its_other_matches_in_the_text(run):
    err = json.loads(run["results"]["ambiguous"].content[0].text)["error"]
    assert "0000004962" in {c["cik"] for c in err["candidates"]}  # AMERICAN EXPRESS CO among the Americans
    target = json.loads(run["results"]["target"].content[0].text)
    assert target["cik"] == "0000027419" and target["other_matches"]  # TARGET CORP, the others named


def test_every_value_of_an_eight_row_concept_answer_is_in_the_text_channel(run):
    result = run["results"]["concept_8"]
    values = result.structured_content["values"]
    assert len(values) == 8
    text = result.content[0].text
    for v in values:
        assert f'"value":{v["value"]}' in text and v["accession_number"] in text and v["end"] in text
    # 0001045810-26-000021: NVIDIA's FY2026 10-K, the newest value first
    assert (values[0]["value"], values[0]["accession_number"]) == (215938000000, "0001045810-26-000021")


def test_unknown_argument_names_are_refused_with_the_parameter_meant(run):
    meant = {
        label: json.loads(run["results"][label].content[0].text)["error"]["did_you_mean"]
        for label in (
            "unknown_arg_accession",
            "unknown_arg_fy",
            "unknown_arg_since",
            "unknown_arg_ticker",
            "unknown_arg_chunk_id",
            "unknown_arg_cik",
            "unknown_arg_matched_tag",
        )
    }
    assert meant == {
        "unknown_arg_accession": {"accession": "accession_number"},
        "unknown_arg_fy": {"fy": "fiscal_year"},
        "unknown_arg_since": {"since": "filed_from"},
        "unknown_arg_ticker": {"ticker": "company"},
        "unknown_arg_chunk_id": {"chunk_id": "around"},
        "unknown_arg_cik": {"cik": "query"},
        "unknown_arg_matched_tag": {"matched_tag": "concept"},
    }


def test_the_names_a_model_copies_from_outputs_are_the_inputs_and_change_the_answer(run):
    section = run["results"]["section_accession"].structured_content
    assert section["accession_number"] == "0000320193-24-000123"  # Apple's FY2024 10-K, as asked
    filings = run["results"]["filings_dates"].structured_content["filings"]
    assert filings and all(f["filed"] >= "2024-01-01" for f in filings)
    latest = run["results"]["compare_latest"].structured_content
    assert [r["fiscal_year"] for r in latest["rows"]] == [2026, 2025] and latest["comparable"] is False


def test_search_full_text_errors_name_filed_from(run):
    for label in ("pre_2001", "bad_date_search"):
        err = json.loads(run["results"][label].content[0].text)["error"]
        assert "filed_from" in err["message"] + err["suggestion"] or label == "pre_2001"
        assert "--from" not in json.dumps(err)


def test_a_company_that_is_not_indexed_names_index_add_and_the_fallback_tool(run):
    for label in ("find_unindexed_empty", "find_unindexed"):
        err = json.loads(run["results"][label].content[0].text)["error"]
        assert "index_add" in err["suggestion"] and "get_filing_section" in err["suggestion"]
    listed = run["results"]["index_list"].structured_content
    assert [f["accession_number"] for f in listed["filings"]] == ["0001045810-25-000023"]
    hits = run["results"]["find"].structured_content["results"]
    assert hits and all(h["accession_number"] == "0001045810-25-000023" for h in hits)


def test_a_line_range_of_thousands_of_digits_is_a_bad_range_not_a_bug(run):
    # int("1" * 5000) raised ValueError (Python's 4,300-digit limit): internal_error, "a bug in edgar"
    for label in ("read_huge_lines", "read_huge_end"):
        err = json.loads(run["results"][label].content[0].text)["error"]
        assert err["code"] == "invalid_argument" and "is not a range like 120-180" in err["message"], err


class _Out(BaseModel):
    x: int


def _broken(n: int) -> _Out:
    """A capability with a bug."""
    raise KeyError("boom")


def test_a_bug_in_a_capability_becomes_internal_error(monkeypatch):
    from edgar_cli.mcp.server import as_tool

    broken = _broken
    monkeypatch.delenv("EDGAR_DEBUG", raising=False)
    result = anyio.run(lambda: as_tool(broken)(n=1))
    err = json.loads(result.content[0].text)["error"]
    assert result.is_error and result.structured_content is None
    assert err["code"] == "internal_error" and "KeyError" in err["message"]


# --- what a client can see --------------------------------------------------------------------

FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]+")
COMMAND = re.compile(
    r"\bedgar (?:resolve|concept|compare|filings|section|search|find|read|verify|index|cache|config|"
    r"serve-mcp)\b"
)
FILING_TEXT = {"text", "excerpt", "lines", "content", "snippet"}  # quoted filing text, not our words


def visible_strings(value, key=""):
    if isinstance(value, str):
        if key not in FILING_TEXT:
            yield value
    elif isinstance(value, list):
        for v in value:
            yield from visible_strings(v, key)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from visible_strings(v, k)


def test_no_string_a_client_sees_names_a_cli_flag_or_command(run):
    from edgar_cli.mcp.instructions import SERVER_INSTRUCTIONS

    seen = [SERVER_INSTRUCTIONS]
    for t in run["tools"].values():
        seen += [t.description, *visible_strings(t.input_schema), *visible_strings(t.output_schema or {})]
    for result in run["results"].values():
        seen += list(visible_strings(result.structured_content or json.loads(result.content[0].text)))
    bad = [s for s in seen if FLAG.search(s) or COMMAND.search(s)]
    assert bad == []
    assert len(seen) > 1000


def test_no_result_shows_a_path_on_the_servers_disk(run):
    for label, result in run["results"].items():
        assert not any(p in result.content[0].text for p in run["paths"]), label


def test_descriptions_never_mention_the_hidden_file_parameter(run):
    t = run["tools"]["get_filing_section"]
    texts = [t.description, *visible_strings(t.input_schema)]
    assert not any(re.search(r"\bfile\b", s) for s in texts)


def test_input_schemas_are_strict_with_ranges_and_defaults(run):
    tools = run["tools"]
    assert all(t.input_schema.get("additionalProperties") is False for t in tools.values())
    limit = tools["get_financial_concept"].input_schema["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 200, 8)
    section = tools["get_filing_section"].input_schema["properties"]
    assert section["max_chars"]["default"] == 8000 and section["max_chars"]["maximum"] == 200000
    assert tools["compare_companies"].input_schema["properties"]["period"]["enum"] == ["annual", "quarterly"]
    for t in tools.values():
        strict_validator(t.input_schema)  # a valid schema for a strict client


def test_local_index_tools_are_closed_world_and_index_add_is_the_one_that_writes(run):
    ann = {name: t.annotations for name, t in run["tools"].items()}
    assert {n for n, a in ann.items() if a.open_world_hint is False} == {
        "search_documents",
        "read_document",
        "index_list",
    }
    assert {n for n, a in ann.items() if a.read_only_hint is False} == {"index_add"}


def test_a_cik_sent_as_a_number_is_that_cik_and_true_is_not_a_number(run):
    # NVIDIA's FY2024 revenue, 0001045810-24-000029, whether the CIK comes as "NVDA" or as the number 1045810
    by_number = run["results"]["cik_number"].structured_content
    assert by_number == run["results"]["concept"].structured_content
    assert (by_number["values"][0]["value"], by_number["values"][0]["accession_number"]) == (
        60922000000,
        "0001045810-24-000029",
    )
    rows = run["results"]["cik_numbers_compare"].structured_content["rows"]
    assert [r["cik"] for r in rows] == ["0001045810", "0000320193"]
    for label, key in (("bool_year", "fiscal_year"), ("bool_limit", "limit")):
        err = json.loads(run["results"][label].content[0].text)["error"]
        assert err["message"] == f"{key} takes an integer, not true." and key in err["suggestion"]


def test_no_error_offers_a_model_a_file_or_stdin_the_server_does_not_read(run):
    # get_filing_section's file and verify's ANSWER file / - are the CLI's: a model cannot pass them
    offers = re.compile(r"\ba file\b|\bstdin\b|standard input|file path|on disk", re.I)
    for label, result in run["results"].items():
        if result.is_error and label != "local_file":  # local_file: says file is not available over MCP
            err = json.loads(result.content[0].text)["error"]
            assert not offers.search(err["message"] + " " + err["suggestion"]), (label, err)
    alone = json.loads(run["results"]["accession_alone"].content[0].text)["error"]
    assert alone["message"] == "A company is required." and "company" in alone["suggestion"]
    assert "accession_number" in alone["suggestion"]


def test_the_cli_still_offers_its_file_and_stdin(cli):
    r = cli("verify", " ", "--company", "NVDA")
    assert r.rc == 2 and "- for stdin" in r.err


def test_forms_is_a_list_or_a_string_in_every_tool_that_takes_it(run):
    for t in ("list_filings", "search_full_text", "search_documents", "index_add"):
        branches = run["tools"][t].input_schema["properties"]["forms"].get("anyOf") or [
            run["tools"][t].input_schema["properties"]["forms"]
        ]
        assert {"array", "string"} <= {b.get("type") for b in branches}, t
    added = run["results"]["index_add_forms_list"].structured_content
    assert NVDA_FY2025_10K in json.dumps(added)
    hits = run["results"]["find_forms_string"].structured_content["results"]
    assert hits and {(h["form"], h["accession_number"]) for h in hits} == {("10-K", NVDA_FY2025_10K)}


def test_a_form_variant_without_an_accession_number_is_refused_not_read_as_the_original(run):
    # it answered with Apple's FY2025 10-K (0000320193-25-000079), form "10-K", to a question about a 10-K/A
    err = json.loads(run["results"]["section_variant"].content[0].text)["error"]
    assert (err["form"], err["family"]) == ("10-K/A", "10-K")
    assert "accession_number" in err["suggestion"] and "list_filings" in err["suggestion"]


def test_only_the_file_parameter_is_refused_for_reading_the_servers_disk(run):
    client = json.loads(run["results"]["internal_client"].content[0].text)["error"]
    assert client["message"] == "get_filing_section has no parameter 'client'." and "disk" not in client["message"]
    local = json.loads(run["results"]["local_file"].content[0].text)["error"]
    assert "does not read its own disk" in local["message"]


def test_a_concept_as_known_on_a_date_says_so_and_gives_the_value_filed_by_then(run):
    # Apple's FY2009 net sales in its 10-K 0001193125-09-214859 (36,537,000,000), before the 10-K/A
    # 0001193125-10-012091 of 2010-01-25 restated them.
    result = run["results"]["concept_as_of"]
    assert not result.is_error
    body = result.structured_content
    assert body["as_of"] == "2010-01-24"
    assert [(v["value"], v["accession_number"]) for v in body["values"]] == [(36537000000, "0001193125-09-214859")]
    error = json.loads(run["results"]["as_of_future"].content[0].text)["error"]
    assert error["code"] == "invalid_argument" and "as_of" in error["message"] and "--as-of" not in error["message"]

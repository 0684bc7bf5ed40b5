"""`edgar index add/list/remove`, `edgar find` and `edgar read` in-process, against the corpus mirror.

One index per module: NVIDIA's FY2025 10-K (0001045810-25-000023, nvda-20250126.htm) and Tesla's
FY2024 10-K (0001628280-25-003063, tsla-20241231.htm), added through the CLI, keyword-only.
"""

from __future__ import annotations

import json

import pytest

NVDA_FY2025 = "0001045810-25-000023"
TSLA_FY2024 = "0001628280-25-003063"


@pytest.fixture(scope="module")
def index_path(tmp_path_factory):
    return tmp_path_factory.mktemp("cli-index") / "index.sqlite"


@pytest.fixture
def edgar_index(cli, index_path, monkeypatch):
    """The CLI runner with EDGAR_INDEX set; the index is built by the first test that needs it."""
    monkeypatch.setenv("EDGAR_INDEX", str(index_path))
    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    if not index_path.exists():
        r = cli("index", "add", "NVDA", "TSLA", "--accession", NVDA_FY2025, "--accession", TSLA_FY2024, "--json")
        assert r.rc == 0, r.out + r.err
    return cli


def test_index_add_prints_json_of_what_it_indexed_and_nothing_else_on_stderr(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "one.sqlite"))
    monkeypatch.setenv("EDGAR_SEMANTIC", "0")
    r = cli("index", "add", "NVDA", "--accession", NVDA_FY2025, "--json")
    assert r.rc == 0 and r.err == ""  # the progress bar only shows on a terminal
    data = r.json()
    assert data["action"] == "add" and data["semantic"] is False and data["filings_total"] == 1
    (f,) = data["filings"]
    assert (f["accession_number"], f["ticker"], f["status"]) == (NVDA_FY2025, "NVDA", "indexed")
    assert any("Keyword-only" in n for n in data["notes"])
    again = cli("index", "add", "NVDA", "--accession", NVDA_FY2025, "--json").json()
    assert again["filings"][0]["status"] == "unchanged" and again["chunks_total"] == data["chunks_total"]


def test_index_add_reports_a_filing_the_sec_does_not_serve_as_skipped(cli, tmp_path, monkeypatch):
    # NVIDIA's FY2026 10-K (0001045810-26-000021) is listed in its submissions, but its document is not in the corpus
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "two.sqlite"))
    r = cli("index", "add", "NVDA", "--accession", "0001045810-26-000021", "--no-semantic", "--json")
    data = r.json()
    # nothing indexed: the exit status is the skip's error (not_found, 3), the result still the data on stdout
    assert r.rc == 3 and data["filings"] == [] and data["skipped"][0]["code"] == "not_found"
    assert "nvda-20260125.htm" in data["skipped"][0]["reason"]


def test_find_json_carries_provenance_and_marks(edgar_index):
    r = edgar_index(
        "find", "export controls China", "--company", "NVDA", "--section", "risk_factors", "--limit", "3", "--json"
    )
    assert r.rc == 0 and r.err == ""
    data = r.json()
    assert data["ranker"] == "bm25" and len(data["results"]) == 3
    for h in data["results"]:
        assert h["accession_number"] == NVDA_FY2025 and h["section"] == "risk_factors"
        assert h["document_url"].endswith("nvda-20250126.htm") and h["filed"] == "2025-02-26"
        marked = {h["excerpt"][a:b].lower() for a, b in h["marks"]}
        assert {"export", "china"} <= marked


def test_find_table_shows_the_excerpt_and_how_to_read_around_it(edgar_index):
    r = edgar_index("find", "Cybertruck", "--limit", "2", "--format", "table")
    assert r.rc == 0
    assert "Cybertruck" in r.out and "TSLA" in r.out and "edgar read --around" in r.out
    assert "Keyword-only" in r.err


def test_a_two_word_query_that_is_a_phrase_favours_passages_holding_the_phrase(edgar_index):
    # NVIDIA's FY2025 10-K: "export controls" is a phrase of its risk factors; Item 9A's "disclosure controls"
    # holds one of its words only and ranked 9th of 10, ahead of export-control passages (issue 36, fifth newcomer)
    r = edgar_index("find", "export controls", "--company", "NVDA", "--limit", "10", "--json")
    assert r.rc == 0, r.out
    results = r.json()["results"]
    assert len(results) == 10
    assert [x["section"] for x in results if x["section"] == "controls"] == []
    assert all("export control" in x["excerpt"].lower() for x in results), [x["excerpt"][:80] for x in results]


def test_find_phrase_with_exclude_and_per_company(edgar_index):
    data = edgar_index(
        "find", "supply chain", "--match", "phrase", "--exclude", "TSLA", "--limit", "4", "--json"
    ).json()
    assert data["results"] and {h["ticker"] for h in data["results"]} == {"NVDA"}
    assert all("supply chain" in h["excerpt"].lower() for h in data["results"])
    data = edgar_index("find", "supply chain", "--per-company", "1", "--limit", "5", "--json").json()
    assert sorted(h["ticker"] for h in data["results"]) == ["NVDA", "TSLA"] and "per_company=1" in data["shortfall"]


@pytest.mark.parametrize("query", ['"unbalanced', "NEAR(a b)", "text:China -export*", "x OR 1=1; --"])
def test_find_treats_fts_syntax_as_text(edgar_index, query):
    r = edgar_index("find", query, "--json")
    assert r.rc == 0 and "results" in r.json()


def test_find_errors_are_json_with_an_exit_code(edgar_index):
    r = edgar_index("find", "***", "--json")
    assert r.rc != 0 and r.json()["error"]["code"] == "invalid_argument"
    r = edgar_index("find", "revenue", "--limit", "0", "--json")
    assert r.rc != 0 and r.json()["error"]["code"] == "invalid_argument"


def test_find_on_an_empty_index_says_how_to_fill_it(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGAR_INDEX", str(tmp_path / "empty.sqlite"))
    r = cli("find", "revenue", "--json")
    err = r.json()["error"]
    assert r.rc != 0 and err["code"] == "not_found" and "edgar index add" in err["suggestion"]
    assert not (tmp_path / "empty.sqlite").exists()


def test_read_numbers_the_lines_of_a_section(edgar_index):
    r = edgar_index("read", f"{NVDA_FY2025}:risk_factors", "--lines", "1-3", "--json")
    data = r.json()
    assert [ln["line"] for ln in data["lines"]] == [1, 2, 3]
    assert data["lines"][0]["text"] == "Item 1A. Risk Factors" and data["next_lines"] == "4-203"
    table = edgar_index("read", f"{NVDA_FY2025}:risk_factors", "--lines", "1-3", "--format", "table")
    assert table.rc == 0 and table.out.startswith("1  Item 1A. Risk Factors\n")  # numbered, text only on stdout
    assert NVDA_FY2025 in table.err and "lines 1-3 of" in table.err
    piped = edgar_index("read", f"{NVDA_FY2025}:risk_factors", "--lines", "1-3")
    assert piped.out.splitlines()[0] == "Item 1A. Risk Factors"  # in a pipe: the text alone
    tsv = edgar_index("read", f"{NVDA_FY2025}:risk_factors", "--lines", "1-3", "--tsv")
    assert tsv.out.splitlines()[:2] == ["doc_id\tline\ttext", f"{NVDA_FY2025}:risk_factors\t1\tItem 1A. Risk Factors"]


def test_read_around_a_chunk_from_find(edgar_index):
    hit = edgar_index("find", "turnover rate", "--company", "NVDA", "--limit", "1", "--json").json()["results"][0]
    data = edgar_index("read", "--around", hit["chunk_id"], "--json").json()
    assert data["around"] == hit["chunk_id"] and hit["chunk_id"] in data["chunk_ids"]
    assert data["line_start"] <= hit["line_start"] and data["line_end"] >= hit["line_end"]


def test_index_list_and_remove(edgar_index, index_path, tmp_path, monkeypatch):
    data = edgar_index("index", "list", "--json").json()
    assert {f["accession_number"] for f in data["filings"]} == {NVDA_FY2025, TSLA_FY2024}
    assert data["semantic_available"] is False and data["exists"] is True
    table = edgar_index("index", "list")
    assert "NVDA" in table.out and "TSLA" in table.out
    import shutil

    copy = tmp_path / "copy.sqlite"
    shutil.copy(index_path, copy)
    monkeypatch.setenv("EDGAR_INDEX", str(copy))
    r = edgar_index("index", "remove", "TSLA", "--json")
    assert r.rc == 0 and [f["accession_number"] for f in r.json()["filings"]] == [TSLA_FY2024]
    assert json.loads(edgar_index("index", "list", "--json").out)["filings_total"] == 1
    assert edgar_index("index", "remove", "--json").rc != 0


def test_an_index_embedded_by_another_model_says_so_and_how_to_re_embed(edgar_index, monkeypatch):
    # An index whose vectors were made by the model before an upgrade (all-MiniLM-L6-v2-onnx-int8) searched with
    # the integer copy: keyword-only, with the reason and the fix, never "no embedder".
    from edgar_cli.index import embeddings as E
    from edgar_cli.index.store import SqliteStore

    class NewModel:
        model_id = "all-MiniLM-L6-v2-matmulinteger"

    monkeypatch.delenv("EDGAR_SEMANTIC")
    monkeypatch.setattr(SqliteStore, "vector_models", lambda self: {"all-MiniLM-L6-v2-onnx-int8": 55})
    monkeypatch.setattr(E, "get_embedder", lambda: NewModel())
    r = edgar_index("find", "export controls", "--json")
    assert r.rc == 0 and r.json()["ranker"] == "bm25"
    note = next(n for n in r.json()["notes"] if n.startswith("Keyword-only search"))
    assert "made by all-MiniLM-L6-v2-onnx-int8, not by all-MiniLM-L6-v2-matmulinteger" in note
    assert "--refresh" in note and "no embedder" not in note
    r = edgar_index("find", "export controls", "--ranker", "hybrid", "--json")
    assert r.rc == 2 and "--refresh" in r.json()["error"]["suggestion"]
    assert "install the extra" not in r.json()["error"]["suggestion"]

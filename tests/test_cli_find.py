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


# --- issue 36, the eighth newcomer: NVIDIA's FY2025 10-K (0001045810-25-000023), `edgar find 'export controls'`


def _holding_every_word(index_path, words: list[str]) -> set[str]:
    """Chunk ids of NVIDIA's FY2025 10-K whose text holds every one of the words (as index terms), read from
    the index itself."""
    import sqlite3

    from edgar_cli.index.analysis import stem, terms

    want = {stem(w) for w in words}
    with sqlite3.connect(index_path) as conn:
        rows = conn.execute(
            "SELECT c.chunk_id, f.text FROM chunks c JOIN chunk_fts f ON f.rowid = c.rowid WHERE c.accession = ?",
            [NVDA_FY2025],
        ).fetchall()
    return {cid for cid, text in rows if want <= set(terms(text))}


def test_every_passage_holding_both_words_of_export_controls_comes_before_any_holding_one(edgar_index, index_path):
    # Item 9A's "disclosure controls" (controls:0001) ranked 11th, above export-control passages of Business and
    # Risk Factors, under a note saying the passages holding every word come first
    data = edgar_index("find", "export controls", "--company", "NVDA", "-n", "50", "--json").json()
    both = _holding_every_word(index_path, ["export", "controls"])
    assert data["ranker"] == "bm25" and len(both) == 23
    flags = [h["chunk_id"] in both for h in data["results"]]
    assert flags == sorted(flags, reverse=True), [h["chunk_id"] for h in data["results"]]
    assert [h["holds_every_word"] for h in data["results"]] == flags
    shown = {h["chunk_id"] for h in data["results"]} | {c for h in data["results"] for c in h["same_text_in"]}
    assert both <= shown  # every one of them is shown, or named as a repeat of one shown


def test_find_json_shows_the_factors_each_score_is_made_of(edgar_index):
    results = edgar_index("find", "export controls", "--company", "NVDA", "-n", "10", "--json").json()["results"]
    for h in results:
        product = 1.0
        for v in h["factors"].values():
            product *= v
        assert abs(product - h["score"]) < 1e-4, h
    assert results[0]["factors"]["bm25"] == 1.0 and results[0]["factors"]["phrase"] == 1.3
    sections = [h["doc_id"] for h in results]
    later = next(i for i, d in enumerate(sections) if d in sections[:i])  # a second result of one section
    assert results[later]["factors"]["diversity"] == 0.85 ** sections[:later].count(sections[later])


def test_a_paragraph_nvidia_repeats_in_business_and_mda_is_shown_once(edgar_index):
    # the AI Diffusion IFR paragraphs stand word for word in Item 1 (business:0014) and Item 7 (mda:0003)
    data = edgar_index("find", "export controls", "--company", "NVDA", "--json").json()
    ids = [h["chunk_id"] for h in data["results"]]
    business, mda = f"{NVDA_FY2025}:business:0014", f"{NVDA_FY2025}:mda:0003"
    assert business in ids and mda not in ids
    assert mda in data["results"][ids.index(business)]["same_text_in"]
    assert any("same_text_in" in n for n in data["notes"])


def test_the_default_five_passages_say_how_many_hold_every_word(edgar_index):
    r = edgar_index("find", "export controls", "--company", "NVDA", "--json")
    data = r.json()
    assert len(data["results"]) == 5 and data["matching"] == 23
    assert "5 of 23 passages holding every word (export, controls) are shown; --limit 23 shows more." in data["notes"]
    table = edgar_index("find", "export controls", "--company", "NVDA", "--format", "table")
    said = "5 of 23 passages holding every word (export, controls) are shown; --limit 23 shows more."
    assert (table.out + table.err).count(said) == 1, table.out + table.err


def test_phrase_match_says_it_is_exact_in_help_and_in_its_shortfall(edgar_index):
    # 'export control' as a phrase gave 11 passages, 'export controls' 15 and ranked search both, without a word
    # that the phrase is matched as written
    help_text = " ".join(edgar_index("find", "--help").out.split())
    assert "'export control' does not match 'export controls'" in help_text
    data = edgar_index("find", "export control", "--company", "NVDA", "--match", "phrase", "-n", "50", "--json").json()
    marked = {" ".join(h["excerpt"][a:b].lower().split()) for h in data["results"] for a, b in h["marks"]}
    assert data["results"] and marked == {"export control"}
    assert "Phrase matching is exact" in data["shortfall"] and "--match ranked" in data["shortfall"]

"""Issue 18: what makes search_documents find the answer, on real corpus filings and small hand-written inputs.

- keyword scores use each filing's own statistics: a company-filtered answer is identical whatever else
  the index holds (NVIDIA FY2025 10-K 0001045810-25-000023 alone, and with Apple 0000320193-24-000123 and
  Tesla 0001628280-25-003063 beside it);
- the company a question names is found (ticker, name, alias), its name words are not searched for, and
  its filings rank first without a company filter;
- the finance vocabulary: every entry justified by filing wording, expansions at lower weight;
- sections: chunks carry their sub-heading; the section prior points at the item Regulation S-K puts a
  topic in;
- a filing indexed from its primary document when the submissions history is not at hand (Union Pacific
  FY2024 10-K 0000100885-25-000042, unp-20241231.htm: the corpus has no submissions JSON for CIK 100885);
- the embedding loader for a downloaded model directory, tested on the packaged model's files.
"""

from __future__ import annotations

import json
import re

import pytest

from edgar_cli.capabilities.documents.documents import search_documents
from edgar_cli.capabilities.local_index.local_index import index_add
from edgar_cli.errors import EdgarError
from edgar_cli.index import embeddings as E
from edgar_cli.index import query as Q
from edgar_cli.index.chunking import chunk_text, is_heading
from edgar_cli.index.cover import parse_document_url, read_cover
from edgar_cli.index.store import SqliteStore

NVDA_FY2025 = "0001045810-25-000023"
AAPL_FY2024 = "0000320193-24-000123"
TSLA_FY2024 = "0001628280-25-003063"
UNP_URL = "https://www.sec.gov/Archives/edgar/data/100885/000010088525000042/unp-20241231.htm"
UNP_FY2024 = "0000100885-25-000042"


def _client(mirror, cache_dir):
    from edgar_cli.config import Settings
    from edgar_cli.sec.client import SecClient

    return SecClient(Settings(user_agent="edgar-cli tests tests@example.com", mirror=mirror.url, cache_dir=cache_dir))


@pytest.fixture(scope="module")
def stores(mirror, tmp_path_factory):
    """(NVIDIA alone, NVIDIA + Apple + Tesla + Union Pacific), keyword-only, one HTTP cache."""
    base = tmp_path_factory.mktemp("retrieval")
    client = _client(mirror, base / "cache")
    alone, many = SqliteStore(base / "alone.sqlite"), SqliteStore(base / "many.sqlite")
    index_add(["NVDA"], accession_numbers=[NVDA_FY2025], semantic=False, client=client, store=alone)
    for ticker, acc in (("AAPL", AAPL_FY2024), ("NVDA", NVDA_FY2025), ("TSLA", TSLA_FY2024)):
        index_add([ticker], accession_numbers=[acc], semantic=False, client=client, store=many)
    up = index_add(["UNP"], documents=[UNP_URL], semantic=False, client=client, store=many)
    yield alone, many, client, up
    client.close()


# --- statistics that do not depend on what else is indexed --------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "What was NVIDIA's employee turnover?",
        "export controls China licenses",
        "How much stock did NVIDIA buy back in fiscal 2025?",
    ],
)
def test_a_company_filtered_answer_is_the_same_whatever_else_is_indexed(stores, keyword_only, question):
    alone, many, _, _ = stores
    a = search_documents(question, company="NVDA", limit=10, store=alone)
    b = search_documents(question, company="NVDA", limit=10, store=many)
    assert [h.chunk_id for h in a.results] == [h.chunk_id for h in b.results]
    assert [h.score for h in a.results] == [h.score for h in b.results]
    assert len(a.results) == 10


# --- the company a question names -----------------------------------------------------------------------


def test_a_question_naming_a_company_ranks_its_filings_first_without_the_filter(stores, keyword_only):
    many = stores[1]
    r = search_documents("How many employees did Apple have at the end of fiscal 2024?", limit=5, store=many)
    assert {h.ticker for h in r.results} == {"AAPL"}
    assert "apple" not in r.words and any("names Apple" in n for n in r.notes)
    assert any("164,000 full-time equivalent employees" in h.excerpt for h in r.results)


def test_companies_are_detected_by_ticker_name_and_alias_and_their_words_stripped():
    companies = [
        ("0000200406", "JOHNSON & JOHNSON", "JNJ"),
        ("0000080424", "PROCTER & GAMBLE Co", "PG"),
        ("0001141391", "Mastercard Inc", "MA"),
        ("0000354950", "HOME DEPOT, INC.", "HD"),
    ]
    found = {d.cik for d in Q.detect_companies("What share of J&J staff quit in 2024?", companies)}
    assert found == {"0000200406"}
    assert {d.cik for d in Q.detect_companies("Did Procter & Gamble's Gillette lose value?", companies)} == {
        "0000080424"
    }
    assert {d.cik for d in Q.detect_companies("How many associates does Home Depot employ?", companies)} == {
        "0000354950"
    }
    # short tickers only in capitals: "ma", "hd", "pg" are not names in lower case
    assert Q.detect_companies("the ma and pa shops of pg county", companies) == []
    assert {d.cik for d in Q.detect_companies("MA revenue growth", companies)} == {"0001141391"}
    plan = Q.plan("What share of J&J staff quit in 2024?", companies, [])
    assert plan.words == ["share", "staff", "quit", "2024"] and plan.dropped == ["j"]
    assert (
        Q.strip_names("Johnson & Johnson's talc and J&J's baby powder", ["JOHNSON & JOHNSON", "J&J"])
        == "talc and baby powder"
    )


# --- vocabulary ----------------------------------------------------------------------------------------


def test_every_vocabulary_entry_is_justified_by_filing_wording():
    import yaml

    raw = yaml.safe_load((Q.DATA / "finance_terms.yaml").read_text(encoding="utf-8"))
    assert len(raw["entries"]) >= 40
    for e in raw["entries"]:
        assert e["ask"] and e["filing"] and len(e["evidence"]) > 20, e
        assert re.search(r"\d{10}-\d{2}-\d{6}|10-K|issue 18", e["evidence"]), e


def test_the_vocabulary_files_read_the_same_by_libyaml_as_by_the_pure_python_parser():
    import yaml

    for path in (Q.DATA / "finance_terms.yaml", Q.ALIASES_FILE):
        text = path.read_text(encoding="utf-8")
        assert Q.load_yaml(text) == yaml.safe_load(text), path.name


def test_vocabulary_expands_at_lower_weight_and_only_what_is_asked():
    plan = Q.plan("How big were the buybacks?", [], [])
    assert plan.weights["buyback"] == 1.0
    assert 0 < plan.weights["repurchas"] < 1.0
    assert "impair" not in plan.weights
    assert "turnov" in Q.plan("How many staff quit?", [], []).weights
    # a filing phrase weighs about one word: each of its terms less than a single-word expansion
    rpo = Q.plan("order book", [], []).weights
    assert rpo["backlog"] > rpo["oblig"] > 0


def test_an_ask_phrase_holding_a_stopword_matches_the_question_as_written():
    # the question's stopwords are dropped before matching; "return to office" and "get rid of" hold some
    assert {"remot", "hybrid"} <= set(Q.plan("What is the return-to-office policy?", [], []).expansions)
    assert "divestitur" in Q.plan("Did they get rid of the unit?", [], []).expansions
    # ... but the phrase still has to be there in order: "makes" alone is not "who makes"
    assert "supplier" not in Q.plan("What makes up total revenue?", [], []).expansions
    assert "supplier" in Q.plan("Who makes the chips?", [], []).expansions


@pytest.mark.parametrize(
    "question, wrong",
    [
        # asks compare by stems, so a one-word ask sharing its stem with an unrelated filing word fired on it
        ("How much commercial paper did Apple issue?", "advertis"),  # commercials ~ commercial
        ("What was depreciation and amortization expense?", "live"),  # depreciates ~ depreciation
        ("How did electric vehicle deliveries change?", "energi"),  # electricity ~ electric
        ("What are the risks of government-sponsored enterprises?", "endors"),  # sponsored
        ("Were products removed from retailers' shelves?", "discontinu"),  # shelved ~ shelves
        ("What were scrap rates?", "discontinu"),  # scrapped ~ scrap
        ("Which products are in the software suite?", "litig"),  # suit ~ suite
        ("What were selling, general and administrative expenses?", "divestitur"),  # selling
        ("What was the cost of goods sold?", "divestitur"),  # sold
        ("What are the purchase obligations?", "acquisit"),  # purchased ~ purchase
        ("What is the status of self-driving software?", "primarili"),  # drive ~ driving
        ("Is a loss reasonably possible?", "primarili"),  # reason ~ reasonably
        ("When was the valuation allowance established?", "incorpor"),  # established
        ("How much was set up as a reserve?", "incorpor"),  # "set up"
        ("What was made by the board?", "supplier"),  # "made by"
        ("How big is the workforce?", "asset"),  # "how big" ~ total assets
        ("When did the acquisition close?", "idl"),  # closed ~ close
        ("How much did they pay in dividends?", "wage"),  # pay ~ employee pay
        ("What drives manufacturing capacity?", "supplier"),  # manufactures ~ manufacturing
        # the second review's cases: a word in another sense
        ("What is the impact of European Union regulation?", "collect"),  # union
        ("What are the asset retirement obligations?", "pension"),  # retirement
        ("Could the company breach its debt covenants?", "cybersecur"),  # breach
        ("What financial guarantees are outstanding?", "warranti"),  # guarantee
        ("How much cloud storage capacity does it have?", "gwh"),  # storage
        ("Is there payment-in-kind interest on the notes?", "type"),  # kind
        ("Could this give rise to a liability?", "increas"),  # rise
        ("What are the deal terms of the credit facility?", "acquisit"),  # deal
        ("What is the sponsor's role in the SPAC?", "endors"),  # =sponsor
    ],
)
def test_a_one_word_ask_does_not_fire_on_a_word_that_only_shares_its_stem(question, wrong):
    assert wrong not in Q.plan(question, [], []).expansions


@pytest.mark.parametrize(
    "question, right",
    [
        # the same asks written =word match the exact word they were written for
        ("How much of a track record does Netflix have selling commercials to brands?", "advertis"),
        ("Could worries about how much electricity AI chips consume hurt sales?", "energi"),
        ("How can scandals involving the athletes Nike sponsors hurt the company?", "endors"),
        ("Is Amazon shortening how long it depreciates its servers?", "live"),
        ("Which projects were shelved?", "discontinu"),
        ("What were the reasons for the margin decline?", "primarili"),
        ("What guarantee does Tesla give buyers on their cars?", "warranti"),
    ],
)
def test_an_exact_word_ask_still_matches_the_word_it_was_written_for(question, right):
    assert right in Q.plan(question, [], []).expansions


# --- sections ------------------------------------------------------------------------------------------


def test_chunks_carry_the_sub_heading_above_them():
    text = (
        "Item 1. Business\n\nHuman Capital\n\n"
        + "We employ people. " * 200
        + "\n\nSeasonality\n\n"
        + "Sales peak in the holiday quarter. " * 50
    )
    chunks = chunk_text(text)
    assert chunks[0].heading in ("Item 1. Business", "Human Capital")
    assert chunks[-1].heading == "Seasonality"
    assert is_heading("Share Repurchase Program") and is_heading("RESULTS OF OPERATIONS")
    assert not is_heading("We repurchased shares.") and not is_heading("Total | 1,234 | 5,678")


def test_the_section_prior_points_where_regulation_s_k_puts_the_topic():
    def top(q: str) -> str:
        prior = Q.plan(q, [], []).section_prior
        return max(prior, key=prior.get)

    assert top("What risks could hurt the business?") == "risk_factors"
    assert top("Why did revenue increase compared to the prior year?") == "mda"
    assert top("How large is the headquarters campus in square feet?") == "properties"
    assert max(Q.plan("Why did revenue increase?", [], []).section_prior.values()) <= 1 + Q.SECTION_PRIOR_STRENGTH


def test_the_period_a_question_names_favours_that_fiscal_years_annual_report():
    from edgar_cli.index import retrieval as RT

    assert Q.periods("How large were the inventory write-downs in fiscal 2023?") == ({2023}, False)
    assert Q.periods("FY24 revenue by segment")[0] == {2024}
    assert Q.periods("Revenue in the three months ended June 2025") == ({2025}, True)
    assert Q.periods("Did they spend $2024 million, or 2,024 employees?") == (set(), False)
    assert Q.periods("In which quarter are sales usually strongest?") == (set(), False)  # seasonality, a year's
    plan = Q.plan("How did iPhone revenue change in fiscal 2024?", [], [])
    assert RT.period_factor(plan, 2024, "10-K") == 1 + RT.YEAR_BOOST
    assert RT.period_factor(plan, 2025, "10-K") == 1.0
    assert RT.period_factor(plan, 2024, "10-Q") < RT.period_factor(plan, 2025, "10-K") * (1 + RT.YEAR_BOOST)
    assert RT.period_factor(plan, 2025, "10-Q") == RT.QUARTERLY_FACTOR
    assert RT.period_factor(Q.plan("How did iPhone revenue change?", [], []), 2020, "10-Q") == 1.0


def test_search_results_name_their_sub_heading_context(stores, keyword_only):
    r = search_documents("overall turnover rate", company="NVDA", limit=3, store=stores[0])
    top = stores[0].chunks([r.results[0].chunk_id])[r.results[0].chunk_id]
    assert "turnover rate was 2.5%" in r.results[0].excerpt and top.heading  # under a Human Capital heading


# --- indexing from the document -------------------------------------------------------------------------


def test_a_filing_is_indexed_from_its_document_when_submissions_are_missing(stores, keyword_only):
    many, up = stores[1], stores[3]
    (f,) = up.filings
    assert f.accession_number == UNP_FY2024 and f.cik == "0000100885" and f.form == "10-K"
    assert f.fiscal_year == 2024 and str(f.period_of_report) == "2024-12-31" and f.ticker == "UNP"
    r = search_documents("Does Union Pacific run an emergency response center?", company="UNP", limit=3, store=many)
    assert any("emergency response management center 24 hours a day" in h.excerpt for h in r.results)


def test_a_document_url_is_checked_before_anything_is_fetched(stores):
    _, many, client, _ = stores
    with pytest.raises(EdgarError) as exc:
        index_add(["UNP"], documents=["https://example.com/unp.htm"], client=client, store=many)
    assert exc.value.code == "invalid_argument"
    up = index_add(["AAPL"], documents=[UNP_URL], semantic=False, client=client, store=many)
    assert not up.filings and up.skipped[0].code == "invalid_argument" and "100885" in up.skipped[0].reason


def test_cover_facts_are_read_from_inline_xbrl():
    html = (
        b'<html><body><ix:nonNumeric name="dei:DocumentType" contextRef="c">10-K</ix:nonNumeric>'
        b'<ix:nonNumeric name="dei:DocumentPeriodEndDate" contextRef="c"><span>February</span> 2, 2025'
        b'</ix:nonNumeric><ix:nonNumeric name="dei:DocumentFiscalYearFocus" contextRef="c">2024</ix:nonNumeric>'
        b'<ix:nonNumeric name="dei:EntityRegistrantName" contextRef="c">HOME DEPOT, INC.</ix:nonNumeric>'
        b'<ix:nonNumeric name="dei:EntityCentralIndexKey" contextRef="c">0000354950</ix:nonNumeric></body></html>'
    )
    url = "https://www.sec.gov/Archives/edgar/data/354950/000035495025000085/hd-20250202.htm"
    c = read_cover(url, html)
    assert (c.cik, c.accession, c.form, str(c.period_of_report), c.fiscal_year, c.company, c.cik_on_cover) == (
        "0000354950",
        "0000354950-25-000085",
        "10-K",
        "2025-02-02",
        2024,
        "HOME DEPOT, INC.",
        "0000354950",
    )
    assert parse_document_url("https://www.sec.gov/Archives/edgar/data/354950/../../x") is None


# --- embedding model loading ----------------------------------------------------------------------------


def test_a_downloaded_model_directory_loads_with_its_pooling_and_prefixes(tmp_path, monkeypatch):
    """The loader a user's better model (bge, e5, nomic) goes through, run on the packaged model's files."""
    pytest.importorskip("numpy")
    pytest.importorskip("onnxruntime")
    found = E.packaged_model_files()
    if isinstance(found, str):
        pytest.skip(found)
    import numpy as np

    model, tok = found
    d = tmp_path / "my-model"
    d.mkdir()
    (d / "model.onnx").symlink_to(model)
    (d / "tokenizer.json").symlink_to(tok)
    (d / "edgar-model.json").write_text(
        json.dumps({"id": "my-cls-model", "pooling": "cls", "query_prefix": "query: ", "passage_prefix": "passage: "})
    )
    monkeypatch.setenv("EDGAR_EMBEDDING_MODEL", str(d))
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    E.set_embedder(None)
    try:
        emb = E.get_embedder()
        assert emb is not None and emb.model_id == "my-cls-model"
        q = emb.embed_queries(["employee turnover"])
        (p,) = emb.embed_passages(["Our overall turnover rate was 2.5%. " * 60], ["NVIDIA CORP. 10-K fiscal 2025."])
        assert q.shape == (1, 384) and p.shape[0] >= 2 and p.shape[1] == 384  # a long text gets several windows
        assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-4)
        mean = E.OnnxEncoder(model, tok)
        assert not np.allclose(mean.embed_queries(["employee turnover"]), q)  # cls pooling and prefix differ
    finally:
        E.set_embedder(None)
    monkeypatch.setenv("EDGAR_EMBEDDING_MODEL", str(tmp_path / "nothing"))
    E.set_embedder(None)
    assert E.get_embedder() is None and "does not hold model.onnx" in E.unavailable_reason()
    E.set_embedder(None)


def _packaged_model(runtime: str) -> tuple:
    """The packaged model's (ONNX file, tokenizer), or skip with the reason it or ``runtime`` is missing."""
    pytest.importorskip("onnx")
    pytest.importorskip(runtime)
    found = E.packaged_model_files()
    if isinstance(found, str):
        pytest.skip(found)
    return found


def test_the_integer_copy_of_the_packaged_model_is_made_once_and_embeds_like_it(tmp_path, monkeypatch):
    """embeddings.integer_model: the packaged weight-only int8 file re-quantised to integer MatMuls, kept
    in the data directory, reused, and close to the packaged file's vectors; EDGAR_INTEGER_MODEL=0 keeps
    the packaged file under its own model id (vectors of the two are never mixed)."""
    found = _packaged_model("onnxruntime")
    import numpy as np

    monkeypatch.setenv("EDGAR_DATA_DIR", str(tmp_path / "data"))
    fast = E.integer_model(found[0])
    assert fast is not None and fast.parent == tmp_path / "data" / "models" and fast.is_file()
    made = fast.stat().st_mtime_ns
    assert E.integer_model(found[0]) == fast and fast.stat().st_mtime_ns == made  # reused, not made again
    assert [p.name for p in fast.parent.iterdir()] == [fast.name]  # no temporary file left behind
    import onnx

    ops = {n.op_type for n in onnx.load(str(fast)).graph.node}
    assert "MatMulInteger" in ops  # integer products
    assert "IsNaN" not in ops  # the attention's NaN guards are gone
    texts = [
        "NVIDIA had approximately 36,000 employees in 38 countries; our overall turnover rate was 2.5%.",
        "Our iPhone net sales decreased during 2024 compared to 2023 due to lower net sales of Pro models.",
        "We are subject to risks from climate change and to laws that regulate greenhouse gas emissions.",
        "How many people work at the company and how many of them quit?",
        "Why did smartphone revenue go down last year?",
        "What are the risks from global warming regulation?",
    ]
    slow_enc, fast_enc = E.OnnxEncoder(*found), E.OnnxEncoder(fast, found[1], E.INTEGER_ID)
    slow, quick = slow_enc.embed_queries(texts), fast_enc.embed_queries(texts)
    assert (slow * quick).sum(axis=1).min() > 0.98  # the same model, integer products
    for v in (slow, quick):  # each question's nearest text is its passage, and the other way round (the three
        # passages among themselves are 0.05-0.07 apart: which of them is nearest another is noise, not a test)
        assert np.argmax(v @ v.T - 2 * np.eye(6), axis=1).tolist() == [3, 4, 5, 0, 1, 2]
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    monkeypatch.delenv("EDGAR_EMBEDDING_MODEL", raising=False)
    E.set_embedder(None)
    try:
        assert E.get_embedder().model_id == E.INTEGER_ID
        monkeypatch.setenv("EDGAR_INTEGER_MODEL", "0")
        E.set_embedder(None)
        assert E.get_embedder().model_id == E.PACKAGED_ID
    finally:
        E.set_embedder(None)


def test_the_embedder_loads_a_copy_whose_weights_are_mapped_and_embeds_bit_identically(tmp_path, monkeypatch):
    """embeddings.mapped_model: the model's weights in a file of their own beside its graph (ONNX external
    data), which onnxruntime maps rather than reads; made once, reused, the same vectors to the bit; the
    embedder of a data directory loads it."""
    found = _packaged_model("onnxruntime")
    import numpy as np
    import onnx

    monkeypatch.setenv("EDGAR_DATA_DIR", str(tmp_path / "data"))
    integer = E.integer_model(found[0])
    assert integer is not None
    mapped = E.mapped_model(integer)
    assert mapped.parent == integer.with_name(integer.name + f".mapped{E.MAPPED_VERSION}")
    made = mapped.stat().st_mtime_ns
    assert E.mapped_model(integer) == mapped and mapped.stat().st_mtime_ns == made  # reused, not made again
    assert sorted(p.name for p in mapped.parent.iterdir()) == sorted(["model.onnx", E.MAPPED_WEIGHTS])
    assert mapped.stat().st_size * 20 < integer.stat().st_size  # the graph alone: the weights are apart
    graph = onnx.load(str(mapped), load_external_data=False)
    assert any(t.data_location == onnx.TensorProto.EXTERNAL for t in graph.graph.initializer)
    texts = ["NVIDIA had approximately 36,000 employees in 38 countries.", "How many people work there?"]
    read = E.OnnxEncoder(integer, found[1], E.INTEGER_ID).embed_queries(texts)
    assert np.array_equal(E.OnnxEncoder(mapped, found[1], E.INTEGER_ID).embed_queries(texts), read)
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    monkeypatch.delenv("EDGAR_EMBEDDING_MODEL", raising=False)
    monkeypatch.setenv("EDGAR_FUSED_MODEL", "0")
    E.set_embedder(None)
    try:
        assert E.get_embedder().model_path == mapped
    finally:
        E.set_embedder(None)


def test_the_fused_copy_is_made_once_embeds_like_the_integer_copy_and_falls_back_when_it_cannot(tmp_path, monkeypatch):
    """embeddings.fused_model: the integer copy with each attention block as one MultiHeadAttention node and
    GELU fused (the residual Add + LayerNorm kept apart), kept in the data directory next to it and reused; its vectors (a padded batch
    included) within a cosine of 0.99 of the integer copy's, under the same model id; EDGAR_FUSED_MODEL=0 keeps
    the integer copy. A fusion that does not match, or a fused copy that embeds otherwise, leaves the integer
    copy in use, and is not tried again by the next process."""
    found = _packaged_model("onnxruntime.transformers.optimizer")
    import numpy as np
    import onnx

    monkeypatch.setenv("EDGAR_DATA_DIR", str(tmp_path / "data"))
    models = tmp_path / "data" / "models"
    models.mkdir(parents=True)
    older = models / f"{E.INTEGER_ID}-fused-{found[0].stat().st_size}-{E.INTEGER_VERSION}.1.onnx"
    older.write_bytes(b"a copy an older version made")  # superseded: removed when the new copy is made
    older.with_suffix(".failed").touch()
    newer = models / f"{E.INTEGER_ID}-fused-{found[0].stat().st_size}-{E.INTEGER_VERSION}.99.onnx"
    newer.write_bytes(b"a copy a newer version made")  # left to that version
    fused = E.fused_model(*found)
    integer = E.integer_model(found[0])
    assert not older.exists() and not older.with_suffix(".failed").exists() and newer.exists()
    newer.unlink()
    assert fused is not None and fused.parent == integer.parent == tmp_path / "data" / "models"
    made = fused.stat().st_mtime_ns
    assert E.fused_model(*found) == fused and fused.stat().st_mtime_ns == made  # reused, not made again
    assert sorted(p.name for p in fused.parent.iterdir()) == sorted([fused.name, integer.name])  # no leftovers
    ops = [n.op_type for n in onnx.load(str(fused)).graph.node]
    assert ops.count("MultiHeadAttention") == 6 and ops.count("Gelu") == 6 and "MatMulInteger" in ops
    assert not {"Softmax", "Transpose", "Erf", "IsNaN", "SkipLayerNormalization"} & set(ops)
    assert ops.count("LayerNormalization") == 13  # the residual Add + LayerNorm kept apart (embeddings.UNFUSED)
    texts = [
        "NVIDIA had approximately 36,000 employees in 38 countries; our overall turnover rate was 2.5%.",
        "Our iPhone net sales decreased during 2024 compared to 2023 due to lower net sales of Pro models. " * 9,
        "We are subject to risks from climate change and to laws that regulate greenhouse gas emissions.",
    ]
    ctx = ["Context. 10-K. Item 7."] * 3
    old = np.concatenate(E.OnnxEncoder(integer, found[1]).embed_passages(texts, ctx))
    new = np.concatenate(E.OnnxEncoder(fused, found[1]).embed_passages(texts, ctx))
    assert old.shape == new.shape and len(new) > 3  # one text has several windows: the batch is padded
    assert (old * new).sum(axis=1).min() > 0.99
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    monkeypatch.delenv("EDGAR_EMBEDDING_MODEL", raising=False)
    monkeypatch.delenv("EDGAR_INTEGER_MODEL", raising=False)
    E.set_embedder(None)
    try:
        emb = E.get_embedder()
        assert (
            emb.model_path == E.mapped_model(fused) and emb.model_id == E.INTEGER_ID
        )  # an index embedded before still matches
        monkeypatch.setenv("EDGAR_FUSED_MODEL", "0")
        E.set_embedder(None)
        emb = E.get_embedder()
        assert emb.model_path == E.mapped_model(integer) and emb.model_id == E.INTEGER_ID
    finally:
        E.set_embedder(None)

    # Fail safe: in a new data directory, an attention fusion that matches nothing, then one that embeds otherwise.
    monkeypatch.delenv("EDGAR_FUSED_MODEL")
    proto = onnx.load(str(integer))
    for i in proto.graph.initializer:  # Q and K no longer scaled by head_size ** -0.25: not the block fused
        if onnx.numpy_helper.to_array(i).shape == () and abs(float(onnx.numpy_helper.to_array(i)) - 32**-0.25) < 1e-6:
            i.CopyFrom(onnx.numpy_helper.from_array(np.array(0.5, dtype=np.float32), i.name))
    before = len(proto.graph.node)
    assert E._fuse_attention(proto) == 0 and len(proto.graph.node) == before  # left as it was
    tries = []
    real = E._fuse_attention

    def unmatched(model, num_heads=12):
        tries.append(1)
        return 0

    def six_heads(model, num_heads=12):  # fuses, then splits the attention into 6 heads: other vectors
        tries.append(1)
        fused_blocks = real(model, num_heads)
        for node in model.graph.node:
            if node.op_type == "MultiHeadAttention":
                node.attribute[0].i = 6
        return fused_blocks

    for n, fake in enumerate((unmatched, six_heads)):
        monkeypatch.setenv("EDGAR_DATA_DIR", str(tmp_path / f"data{n}"))
        monkeypatch.setattr(E, "_fuse_attention", fake)
        tries.clear()
        assert E.fused_model(*found) is None and E.fused_model(*found) is None and len(tries) == 1  # not retried
        models = tmp_path / f"data{n}" / "models"
        assert sorted(p.suffix for p in models.iterdir()) == [".failed", ".onnx"]  # the integer copy, a marker
        E.set_embedder(None)
        try:
            emb = E.get_embedder()
            assert emb.model_path == E.mapped_model(E.integer_model(found[0])) and emb.model_id == E.INTEGER_ID
        finally:
            E.set_embedder(None)


def test_sessions_keep_the_residual_add_and_layernorm_apart(tmp_path, monkeypatch):
    """onnxruntime's SkipLayerNormalization kernel is ~8x an Add and a LayerNormalization on the project's
    machines (benchmarks/README.md), so every session is opened with its fusion disabled: the graph onnxruntime
    runs has LayerNormalization nodes and no SkipLayerNormalization."""
    found = _packaged_model("onnxruntime")
    import onnx
    import onnxruntime as ort

    monkeypatch.setenv("EDGAR_DATA_DIR", str(tmp_path / "data"))
    integer = E.integer_model(found[0])
    seen = []
    real = ort.InferenceSession

    def session(path, sess_options=None, **kw):
        sess_options.optimized_model_filepath = str(tmp_path / f"run{len(seen)}.onnx")
        seen.append(kw.get("disabled_optimizers"))
        return real(path, sess_options=sess_options, **kw)

    monkeypatch.setattr(ort, "InferenceSession", session)
    enc = E.OnnxEncoder(integer, found[1], E.INTEGER_ID)
    (vecs,) = enc.embed_passages(["Our overall turnover rate was 2.5%. " * 40], ["Item 1. Business."])
    assert len(vecs) > 1 and seen == [E.UNFUSED] and "SkipLayerNormFusion" in E.UNFUSED
    ops = {n.op_type for n in onnx.load(str(tmp_path / "run0.onnx")).graph.node}
    assert "LayerNormalization" in ops and "SkipLayerNormalization" not in ops


def test_the_reranker_loader_refuses_a_model_that_is_not_a_cross_encoder(tmp_path, monkeypatch):
    """No cross-encoder is packaged: the loader for one a user downloads runs on the packaged (bi-encoder)
    model's files, tokenises query-passage pairs, runs the session and refuses its token-state output."""
    pytest.importorskip("onnxruntime")
    found = E.packaged_model_files()
    if isinstance(found, str):
        pytest.skip(found)
    d = tmp_path / "rerank"
    d.mkdir()
    (d / "model.onnx").symlink_to(found[0])
    (d / "tokenizer.json").symlink_to(found[1])
    monkeypatch.setenv("EDGAR_RERANK_MODEL", str(d))
    monkeypatch.delenv("EDGAR_SEMANTIC", raising=False)
    rr = E.get_reranker()
    assert rr is not None and rr.model_id == "rerank"
    with pytest.raises(ValueError, match="not a cross-encoder"):
        rr.score("employee turnover", ["Our overall turnover rate was 2.5%."])
    monkeypatch.setenv("EDGAR_RERANK_MODEL", str(tmp_path / "missing"))
    assert E.get_reranker() is None


def test_reranking_moves_passages_within_the_head_of_the_list(stores, keyword_only):
    from edgar_cli.index import retrieval as RT

    alone = stores[0]
    plan = Q.plan("How many people does NVIDIA employ?", [], ["0001045810"])
    filters = RT.Filters(ciks=["0001045810"])
    base = RT.retrieve(alone, plan, filters, "hybrid", None, None)
    target = base.results[4].chunk_id  # fifth by the first stage
    text = alone.chunks([target])[target].text

    class Fake:
        model_id = "fake"

        def score(self, query, passages):  # the cross-encoder prefers the fifth
            return [8.0 if p == text else -8.0 for p in passages]

    got = RT.retrieve(alone, plan, filters, "hybrid", None, None, reranker=Fake())
    assert got.results[0].chunk_id == target
    assert got.results[0].ranks == base.results[4].ranks  # the same candidate, moved up


def test_a_chunks_semantic_score_does_not_depend_on_how_many_others_are_in_scope(monkeypatch):
    """The cosine is scaled from SEM_SPAN below the best to the best, not from the cosine at some rank: the
    same two chunks score the same alone and among 300 weaker ones (a company filter versus a whole index)."""
    from edgar_cli.index import retrieval as RT

    head = [("A:mda:0001", 0.71), ("A:business:0002", 0.63)]
    crowd = [(f"B:mda:{i:04d}", 0.55 - i * 0.001) for i in range(300)]
    plan = Q.plan("How fast did data center revenue grow?", [], [])

    class Fake:
        model_id, dimension = "fake", 4

        def embed_queries(self, texts):  # semantic_ranking is replaced: the query vector is never read
            return [[0.5] * 4 for _ in texts]

    def scores(ranked):
        monkeypatch.setattr(RT, "semantic_ranking", lambda *a, **k: ranked)
        got = RT.retrieve(None, plan, RT.Filters(), "semantic", Fake())
        return {r.chunk_id: r.score for r in got.results if r.chunk_id.startswith("A:")}

    alone, crowded = scores(head), scores(head + crowd)
    assert alone == crowded
    assert alone["A:mda:0001"] == pytest.approx(1.0)
    assert alone["A:business:0002"] == pytest.approx(1 - 0.08 / RT.SEM_SPAN)


def test_keyword_candidates_without_vectors_get_a_semantic_score_made_for_the_question(stores, keyword_only):
    """Notes and tables carry no vectors. In hybrid search the first LAZY_TOP keyword candidates without one
    are embedded for the question (the LAZY_CHARS around its words, after the section and sub-heading), so a
    chunk the model finds closest there ranks first instead of being held to the keyword weight (NVIDIA
    FY2025 10-K 0001045810-25-000023, indexed keyword-only: no chunk carries a vector)."""
    np = pytest.importorskip("numpy")

    from edgar_cli.index import ranking as R
    from edgar_cli.index import retrieval as RT

    alone = stores[0]
    plan = Q.plan("What did NVIDIA write off when the Arm acquisition was terminated?", [], ["0001045810"])
    filters = RT.Filters(ciks=["0001045810"])
    keyword = RT.retrieve(alone, plan, filters, "bm25")
    kw_order = [h.chunk_id for h in alone.keyword(plan.weights, filters, RT.POOL)]
    target = kw_order[RT.LAZY_TOP - 1]  # the last candidate embedded
    assert keyword.results[0].chunk_id != target

    class Fake:
        model_id, dimension = "fake", 2

        def __init__(self):
            self.embedded: list[str] = []
            self.contexts: list[str] = []

        def embed_queries(self, texts):
            return np.array([[1.0, 0.0]] * len(texts), dtype=np.float32)

        def embed_passages(self, texts, contexts=None):
            self.embedded.extend(texts)
            self.contexts.extend(contexts or [])
            # the last excerpt (the target's) points the query's way; the others are orthogonal to it
            return [
                np.array([[1.0, 0.0]] if k == len(texts) - 1 else [[0.0, 1.0]], dtype=np.float32)
                for k in range(len(texts))
            ]

    fake = Fake()
    got = RT.retrieve(alone, plan, filters, "hybrid", fake)
    assert got.results[0].chunk_id == target and got.results[0].ranks.get("semantic") == 1
    assert len(fake.embedded) == RT.LAZY_TOP and all(len(t) <= RT.LAZY_CHARS for t in fake.embedded)
    # each excerpt is the part of its chunk around the question's words, after its section and sub-heading
    chunks = alone.chunks(kw_order[: RT.LAZY_TOP])
    for cid, text, context in zip(kw_order, fake.embedded, fake.contexts):
        assert set(R.words(text)) & set(plan.words)
        ch = chunks[cid]
        assert context.startswith("Item ") and context.endswith((ch.heading + ".") if ch.heading else ".")
    # not simply each chunk's opening: the window moves to where the question's words are
    assert any(not R.flatten(chunks[c].text).startswith(t[:60]) for c, t in zip(kw_order, fake.embedded))
    qv = np.array([1.0, 0.0], dtype=np.float32)
    # chunks that carry vectors are skipped; a cosine of 1 counts 1 - LAZY_MARGIN
    lazy = RT.lazy_semantic(alone, fake, qv, plan.words, kw_order, set(kw_order[:3]), 2)
    assert [c for c, _ in lazy] == kw_order[3:5] and lazy[1][1] == pytest.approx(1 - RT.LAZY_MARGIN)


def test_part_iii_prose_carries_vectors_and_notes_do_not():
    """Part III (a 10-K/A's directors, pay, ownership) is narrative and embedded at indexing; notes and
    tables are left to keywords and query-time embedding. A filing indexed under the old choice is
    re-indexed: the versions a filing records name the vectors' version. (The texts are cut from Tesla's
    FY2024 10-K/A, 0001104659-25-042659: Item 11's consultant and Item 14's fee table.)"""
    from edgar_cli.capabilities.local_index import local_index as L
    from edgar_cli.index.store import ChunkRecord

    def chunk(section, text):
        return ChunkRecord(
            chunk_id=f"A:{section}:0000",
            doc_id=f"A:{section}",
            accession="A",
            section=section,
            position=0,
            line_start=1,
            line_end=3,
            tokens=30,
            text=text,
        )

    prose = (
        "In 2024, Compensia, Inc., a national consulting firm (\u201cCompensia\u201d) was retained as a compensation "
        "consultant to advise the Compensation Committee with respect to Tesla\u2019s\n"
    ) * 3
    table = (
        "Audit Fees (1) | $17,365 | $15,634\nAudit-Related Fees(2) | 42 | 54\nTax Fees (3) | 2,579 | 2,154\n"
        "All Other Fees (4) | 269 | 81"
    )
    assert L.wants_vectors(chunk("executive_compensation", prose))
    assert L.wants_vectors(chunk("security_ownership", prose))
    assert not L.wants_vectors(chunk("accountant_fees", table))  # mostly table rows
    assert not L.wants_vectors(chunk("financial_statements", prose))
    assert f"vectors {L.VECTORS_VERSION}" in L.versions()


def test_a_weak_semantic_match_counts_less_in_hybrid_fusion(monkeypatch):
    """The semantic weight follows the best cosine (retrieval.SEM_TRUST): a keyword rank 1 the model does not
    see stays first when the model matched nothing well, and yields to the model's best when it matched well."""
    from edgar_cli.index import retrieval as RT
    from edgar_cli.index.store import Hit

    assert RT.semantic_trust(0.30) == pytest.approx(0.5) and RT.semantic_trust(0.55) == pytest.approx(0.5)
    assert RT.semantic_trust(0.60) == pytest.approx(0.75)
    assert RT.semantic_trust(0.65) == pytest.approx(1.0) and RT.semantic_trust(0.90) == pytest.approx(1.0)

    class Store:
        def keyword(self, weights, filters, limit):
            return [Hit("A:financial_statements:0001", 10.0, ("useful",)), Hit("A:mda:0002", 2.0, ())]

    class Fake:
        model_id, dimension = "fake", 4

        def embed_queries(self, texts):
            return [[0.5] * 4 for _ in texts]

    plan = Q.plan("How long are servers depreciated over?", [], [])
    monkeypatch.setattr(RT, "lazy_semantic", lambda *a, **k: [])

    def first(best: float) -> str:
        ranked = [("A:mda:0003", best), ("A:mda:0004", best - 0.02)]
        monkeypatch.setattr(RT, "semantic_ranking", lambda *a, **k: ranked)
        got = RT.retrieve(Store(), plan, RT.Filters(), "hybrid", Fake(), use_prior=False)
        return got.results[0].chunk_id

    assert first(0.40) == "A:financial_statements:0001"  # 0.4 x 1 against 0.6 x 0.5 x 1
    assert first(0.80) == "A:mda:0003"  # 0.6 x 1 x 1 against 0.4


def test_the_context_line_names_the_item_once_as_query_time_embedding_does(stores):
    """Each window of a chunk's vectors opens with its section's label and sub-heading, the label once ("Item
    1A. Risk Factors.", not "Item 1A. Item 1A. Risk Factors." as before VECTORS_VERSION 3), the same line
    retrieval.lazy_semantic writes for a chunk embedded at query time (NVIDIA FY2025 10-K)."""
    from edgar_cli.capabilities.filings.filings import find_filing
    from edgar_cli.capabilities.local_index import local_index as L
    from edgar_cli.documents import items as I

    _alone, _many, client, _up = stores
    filing = find_filing("NVDA", accession_number=NVDA_FY2025, form="10-K", client=client)
    _rec, _docs, chunks = L.build_records(filing, "NVDA", client)
    embedded = [c for c in chunks if c.hash]
    assert {c.section for c in embedded} >= {"business", "risk_factors", "mda"}
    for c in embedded:
        label = I.spec_by_key("10-K", c.section).label
        assert (
            c.context
            == label + (". " + c.heading if c.heading and c.heading.lower() not in label.lower() else "") + "."
        )
        assert not re.match(r"(Item \w+\.) \1", c.context)
    risk = next(c for c in embedded if c.section == "risk_factors")
    assert risk.context.startswith("Item 1A. Risk Factors.")


def test_only_a_query_of_bare_keywords_lists_the_passages_holding_every_word_first():
    # issue 36: 'export controls' is keywords, every one wanted; the eval's "How many employees did CARBO Ceramics
    # have at the end of 2017?" is a question, whose labelled passage holds only some of its words
    from edgar_cli.index import query as Q
    from edgar_cli.index.retrieval import keywords_only

    assert keywords_only(Q.plan("export controls", [], []))
    assert keywords_only(Q.plan("export controls China", [], []))
    assert not keywords_only(Q.plan("How many employees did CARBO Ceramics have at the end of 2017?", [], []))
    assert not keywords_only(Q.plan("Who manufactures the wafers for NVIDIA's chips?", [], []))

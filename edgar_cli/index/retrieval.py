"""The ranked search over the local index: keyword and semantic candidates, fused, then the soft signals
(company named in the question, likely sections) and diversity across sections.

1. Keyword candidates: BM25 with per-filing statistics (``IndexStore.keyword``) over the question's own
   terms (weight 1) and the finance vocabulary's expansions (weight ``query.EXPANSION_WEIGHT``), each
   multiplied by the question's likely-section prior (``query.section_prior``). The prior weighs the
   keyword score only: a chunk's vectors already read its item and sub-heading (the context line each
   window opens with), so the prior on the fused score counts the section twice, while BM25 alone needs it.
2. Semantic candidates: cosine similarity of the question's vector to each chunk's vector. Only the
   narrative items' and Part III's prose carries vectors (local_index.SEMANTIC_SECTIONS), so in hybrid
   search the first ``LAZY_TOP`` keyword candidates without one (notes, tables, an MD&A chunk that is
   mostly a table) get one made for the question: the ``LAZY_CHARS`` characters of the chunk around the
   question's words, after its section and sub-heading (one window of 128 word pieces, two for a
   figure-dense excerpt). Their cosine counts ``LAZY_MARGIN`` less, so a note echoing an MD&A figure does
   not outrank the MD&A. Without this a keyword rank 1 there could score at most ``W_BM25`` and sink below
   prose the model merely found similar. Hybrid queries alone pay for it: those windows are embedded
   at query time (the cost: benchmarks/README.md, the local index).
3. Fusion by normalised scores, not ranks: BM25 divided by the best BM25, cosine scaled from
   ``best - SEM_SPAN`` (0) to the best (1). A chunk that one ranker scores far above the rest keeps that
   lead (reciprocal rank fusion over deep lists would bury it behind chunks both rankers rank middling).
   The span is a fixed width of cosine (calibrated for the packaged MiniLM; a downloaded model with
   another cosine range would need its own), not the cosine at some rank: how far the cosine at a given
   rank sits below the best depends on what else is in scope, so the same chunks of the same company would
   be fused with different weights with and without a company filter. With a fixed span a company-filtered
   search and an unfiltered one naming the company rank that company's chunks alike.
   The semantic weight also follows how well the model matched anything: it is full when the best
   cosine is 0.65 or more and half at 0.55 or less (``semantic_trust``), so the model's weakest lists do not
   get the same say as its strongest and bury a keyword rank 1 under chunks it merely found similar.
   The retrieval eval's figures behind each setting of 1-3: benchmarks/README.md, "The ranking's settings".
4. Soft signals, multiplied in: chunks of a company the question names (when no company filter is
   given) ``COMPANY_BOOST``; the period it
   names: a filing of a fiscal year the question names ``1 + YEAR_BOOST`` (an analyst asking about
   fiscal 2023 wants the FY2023 10-K, though the FY2024 one repeats some of its figures), and a quarterly
   report ``QUARTERLY_FACTOR`` when the question names a year but no quarter; and for a question of two or
   three words that is itself a phrase ("export controls"), chunks holding the words in that order
   ``1 + PHRASE_BOOST``, so a passage on "disclosure controls", which holds one of them, does not take the
   place of one on export controls.
5. Optional re-ranking (``EDGAR_RERANK_MODEL``, a cross-encoder; none is packaged): the top
   ``RERANK_TOP`` are rescored, the cross-encoder's logit mapped to (0, 1) and averaged with the fused
   score, so a re-ranker moves passages within the head of the list rather than replacing it.
6. Diversity: choosing the results in order, a chunk from a (filing, section) already chosen ``n`` times
   counts ``DIVERSITY ** n`` of its score, so one fact repeated across a section's notes does not fill
   every place.
7. Every word first (keyword ranking of a query of two or three keywords, ``EVERY_WORD_MAX``, with no
   question words: "export controls", not "Who makes NVIDIA's wafers?"): the chunks holding every one of
   its terms come before any chunk holding only some of them, whatever the soft signals and diversity do
   within each group (the chunks of a company the query names stay first), so "Only N passages hold every
   word; passages holding some of them follow" is what the list shows. A question is ranked by score
   alone: on the retrieval eval, tiering questions' words ("employees", "end", "2017") buried labelled
   passages that hold only some of them. Hybrid and semantic ranking keep the fused order.

Each result carries the factors its score is made of (``Ranked.factors``: bm25, section_prior, semantic,
company, period, phrase, diversity, rerank), so a reader can see why it is where it is
(docs/commands.md, "How edgar find ranks").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .analysis import STOPWORDS, words
from .query import QueryPlan
from .store import Filters, IndexStore

POOL = 200  # candidates taken from each ranker
W_BM25 = 0.4  # weight of the keyword score in the fusion; the semantic score has 1 - W_BM25
SEM_SPAN = 0.3  # the semantic score is 1 at the best cosine and 0 at this much below it
COMPANY_BOOST = 6.0  # chunks of the company a question names count (1 + this) times: nearly a filter, but soft
DIVERSITY = 0.85
YEAR_BOOST = 0.3
PHRASE_BOOST = 0.3  # a short question that is a phrase: chunks holding its words in order count this much more
QUARTERLY_FACTOR = 0.8
EVERY_WORD_MAX = 3  # bm25: a query of 2 to this many own terms lists the chunks holding every one of them first
LAZY_TOP = 10  # hybrid: keyword candidates without vectors that get one made for the question
LAZY_CHARS = 450  # characters of such a chunk embedded: the part around the question's words
LAZY_MARGIN = 0.1  # taken off such a chunk's cosine before the fusion
SEM_TRUST = (0.45, 0.65, 0.5)  # hybrid: (zero-point, full-point, floor) of the semantic weight's share, by best cosine


def semantic_trust(best: float) -> float:
    """The share of its weight the semantic score keeps in hybrid fusion, by the best cosine of the query:
    with ``SEM_TRUST`` (lo, hi, floor), (best - lo) / (hi - lo) held between floor and 1 (0.45, 0.65, 0.5:
    full at a best cosine of 0.65 or more, half at 0.55 or less, linear between)."""
    lo, hi, floor = SEM_TRUST
    return max(floor, min(1.0, (best - lo) / (hi - lo)))


@dataclass
class Ranked:
    chunk_id: str
    score: float
    ranks: dict[str, int] = field(default_factory=dict)  # ranker -> rank (1-based) in that ranker's list
    terms: tuple[str, ...] = ()  # query terms the chunk holds
    every_word: bool | None = None  # holds every one of the question's own terms (None: not a keyword ranking)
    factors: dict[str, float] = field(default_factory=dict)  # what the score is made of (module docstring)


@dataclass
class Retrieval:
    results: list[Ranked]
    every_word: int  # keyword candidates holding every one of the question's own terms
    keyword_candidates: int
    tiered: bool = False  # the chunks holding every own term were put first (module docstring, 7)


def _section(chunk_id: str) -> tuple[str, str]:
    acc, section, _ = chunk_id.rsplit(":", 2)
    return acc, section


def semantic_ranking(
    st: IndexStore, embedder, text: str, filters: Filters, query_vector=None, have: set[str] | None = None
) -> list[tuple[str, float]]:
    """Chunks by the cosine similarity of their vector to the query's, best first (at most POOL).
    ``query_vector``: the query's vector when the caller has it already; ``have``: filled with the ids of
    every chunk in scope that carries a vector."""
    import numpy as np

    rows = st.vectors(filters, embedder.model_id)
    if have is not None:
        have.update(cid for cid, _ in rows)
    if not rows:
        return []
    dim = embedder.dimension
    mat = np.frombuffer(b"".join(v for _, v in rows), dtype=np.float32).reshape(-1, dim)
    counts = np.fromiter((len(v) // (4 * dim) for _, v in rows), dtype=np.int64, count=len(rows))
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    qv = embedder.embed_queries([text])[0] if query_vector is None else query_vector
    sims = np.maximum.reduceat(mat @ qv, starts)  # a chunk scores as its best window
    k = min(POOL, len(rows))
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.argsort(-sims[top], kind="stable")]
    return [(rows[i][0], float(sims[i])) for i in top]


def lazy_semantic(
    st: IndexStore, embedder, query_vector, terms: list[str], candidates: list[str], have: set[str], top: int
) -> list[tuple[str, float]]:
    """(chunk id, cosine - LAZY_MARGIN), made at query time, for the first ``top`` of ``candidates``
    (keyword candidates, best first) not in ``have`` (the chunks carrying vectors): each embedded from the
    part of the chunk around the query's words (at most LAZY_CHARS characters) after its section and
    sub-heading, one window of 128 word pieces (two for a figure-dense excerpt; the chunk scores as its best)."""
    import numpy as np

    from ..documents import items as I
    from .ranking import excerpt

    if top <= 0 or not candidates:
        return []
    picked = [c for c in candidates if c not in have][:top]
    chunks = st.chunks(picked)
    picked = [c for c in picked if c in chunks]
    if not picked:
        return []
    texts, contexts = [], []
    for cid in picked:
        ch = chunks[cid]
        spec = I.spec_by_key(I.family(ch.form) or "10-K", ch.section)
        label = spec.label if spec is not None else ch.section.replace("_", " ")
        context = label + (". " + ch.heading if ch.heading else "") + "."
        texts.append(excerpt(ch.text, terms, LAZY_CHARS).text.strip("…"))
        contexts.append(context)
    vecs = embedder.embed_passages(texts, contexts)
    return [(cid, float(np.max(v @ query_vector)) - LAZY_MARGIN) for cid, v in zip(picked, vecs) if len(v)]


def rerank(st: IndexStore, reranker, query: str, order: list[str], scores: dict[str, float], top: int) -> None:
    """Rescore the first ``top`` chunks with a cross-encoder, in place: fused score averaged with
    sigmoid(logit) (scaled to the fused scores' range), lifted so the head stays ahead of the rest."""
    import math

    head, tail = order[:top], order[top:]
    if not head:
        return
    chunks = st.chunks(head)
    texts = [chunks[c].text if c in chunks else "" for c in head]
    logits = reranker.score(query, texts)
    best = max(scores[c] for c in head) or 1.0
    floor = max((scores[c] for c in tail), default=0.0)
    for c, z in zip(head, logits):
        scores[c] = floor + 0.5 * scores[c] + 0.5 * best / (1.0 + math.exp(-z))


def period_factor(plan: QueryPlan, fiscal_year: int | None, form: str) -> float:
    """How much a filing of this fiscal year and form suits the period the question names (1 when it
    names none)."""
    if not plan.years:
        return 1.0
    factor = 1.0 + YEAR_BOOST if fiscal_year in plan.years else 1.0
    if not plan.quarterly and form.upper().startswith("10-Q"):
        factor *= QUARTERLY_FACTOR
    return factor


def phrase_of(plan: QueryPlan) -> list[str]:
    """The question's own words when they are two or three and stand together in it, in order ("export
    controls"), the phrase a chunk is favoured for holding; else []."""
    own = plan.words
    if not 2 <= len(own) <= 3:
        return []
    said = words(plan.text)
    n = len(own)
    return list(own) if any(said[i : i + n] == list(own) for i in range(len(said) - n + 1)) else []


def keywords_only(plan: QueryPlan) -> bool:
    """True when the query, its company names taken out, is keywords alone ("export controls China"), not a
    question ("How many employees did CARBO have at the end of 2017?"): every word of it is searched for."""
    return all(w not in STOPWORDS for w in words(plan.text))


def retrieve(
    st: IndexStore,
    plan: QueryPlan,
    filters: Filters,
    mode: str,
    embedder=None,
    cik_of: dict[str, str] | None = None,
    *,
    filings: dict | None = None,
    w_bm25: float | None = None,
    company_boost: float | None = None,
    diversity: float | None = None,
    use_prior: bool = True,
    reranker=None,
) -> Retrieval:
    """Ranked chunks for a query plan; ``mode`` is bm25, semantic or hybrid (semantic modes need
    ``embedder``). ``cik_of``: accession -> CIK, for the company boost; ``filings``: accession ->
    FilingRecord (form, fiscal year), for the period signal. The weights default to the module's
    constants."""
    w_bm25 = W_BM25 if w_bm25 is None else w_bm25
    company_boost = COMPANY_BOOST if company_boost is None else company_boost
    diversity = DIVERSITY if diversity is None else diversity
    scores: dict[str, float] = {}
    ranks: dict[str, dict[str, int]] = {}
    why: dict[str, dict[str, float]] = {}  # chunk -> the factors of its score
    held: dict[str, tuple[str, ...]] = {}
    holders: set[str] = set()  # chunks holding the question's words as the phrase it is (phrase_of)
    every = n_kw = 0
    kw_order: list[str] = []
    detected = {d.cik for d in plan.companies}
    # the soft company filter: the named company's own best candidates join the pool (then get the boost)
    own_filters = None
    if detected and not filters.ciks:
        own_filters = replace(filters, ciks=sorted(detected))
    if mode in ("bm25", "hybrid"):
        hits = st.keyword(plan.weights, filters, POOL)
        if own_filters is not None:
            seen_ids = {h.chunk_id for h in hits}
            extra = [h for h in st.keyword(plan.weights, own_filters, POOL // 2) if h.chunk_id not in seen_ids]
            hits = sorted(hits + extra, key=lambda h: (-h.score, h.chunk_id))
        n_kw = len(hits)
        kw_order = [h.chunk_id for h in hits]
        phrase = phrase_of(plan)
        if phrase:
            holders = {h.chunk_id for h in st.phrase(phrase, filters, POOL)}
            if own_filters is not None:
                holders |= {h.chunk_id for h in st.phrase(phrase, own_filters, POOL // 2)}
        top = hits[0].score if hits else 0.0
        w = 1.0 if mode == "bm25" else w_bm25
        kw_prior = plan.section_prior if use_prior else {}
        for r, h in enumerate(hits, start=1):
            sp = kw_prior.get(_section(h.chunk_id)[1], 1.0) if kw_prior else 1.0
            scores[h.chunk_id] = scores.get(h.chunk_id, 0.0) + w * sp * (h.score / top if top > 0 else 0.0)
            f = why.setdefault(h.chunk_id, {})
            f["bm25"] = h.score / top if top > 0 else 0.0
            if sp != 1.0:
                f["section_prior"] = sp
            ranks.setdefault(h.chunk_id, {})["bm25"] = r
            held[h.chunk_id] = h.terms
            if plan.own and plan.own <= set(h.terms):
                every += 1
    if mode in ("semantic", "hybrid") and embedder is not None:
        qv = embedder.embed_queries([plan.text])[0]
        have: set[str] = set()
        sem = semantic_ranking(st, embedder, plan.text, filters, query_vector=qv, have=have)
        if own_filters is not None and sem:
            seen_ids = {c for c, _ in sem}
            sem = sorted(
                sem
                + [
                    x
                    for x in semantic_ranking(st, embedder, plan.text, own_filters, query_vector=qv)[: POOL // 2]
                    if x[0] not in seen_ids
                ],
                key=lambda x: -x[1],
            )
        if mode == "hybrid" and kw_order:  # keyword candidates without vectors: embedded for this question
            sem = sorted(
                sem + lazy_semantic(st, embedder, qv, plan.words, kw_order, have, LAZY_TOP), key=lambda x: -x[1]
            )
        if sem:
            best = sem[0][1]
            span = SEM_SPAN
            floor = best - span
            w = 1.0 if mode == "semantic" else 1.0 - w_bm25
            if mode == "hybrid":
                w *= semantic_trust(best)
            for r, (cid, sim) in enumerate(sem, start=1):
                scores[cid] = scores.get(cid, 0.0) + w * max(0.0, (sim - floor) / span)
                why.setdefault(cid, {})["semantic"] = max(0.0, (sim - floor) / span)
                ranks.setdefault(cid, {})["semantic"] = r
    for cid in scores:
        acc, _ = _section(cid)
        f = why.setdefault(cid, {})
        if detected and cik_of and cik_of.get(acc) in detected:
            scores[cid] *= 1.0 + company_boost
            f["company"] = 1.0 + company_boost
        if plan.years and filings and (fr := filings.get(acc)) is not None:
            pf = period_factor(plan, fr.fiscal_year, fr.form)
            scores[cid] *= pf
            if pf != 1.0:
                f["period"] = pf
        if cid in holders:
            scores[cid] *= 1.0 + PHRASE_BOOST
            f["phrase"] = 1.0 + PHRASE_BOOST
    # keyword ranking of two or more words: every chunk holding all of them before any holding only some
    tiered = mode == "bm25" and 2 <= len(plan.own) <= EVERY_WORD_MAX and keywords_only(plan)
    # (a company the question names keeps its place first: its chunks, all words then some, then the others')
    named = {c for c in scores if detected and cik_of and cik_of.get(_section(c)[0]) in detected}
    tier = {
        c: (0 if not detected or c in named else 2) + (0 if not tiered or plan.own <= set(held.get(c, ())) else 1)
        for c in scores
    }
    if not tiered:
        tier = dict.fromkeys(scores, 0)
    order = sorted(scores, key=lambda c: (tier[c], -scores[c], min(ranks[c].values()), c))
    if reranker is not None and mode != "bm25":
        from .embeddings import RERANK_TOP

        before = dict(scores)
        rerank(st, reranker, plan.text, order, scores, RERANK_TOP)
        for c in order[:RERANK_TOP]:
            why.setdefault(c, {})["rerank"] = scores[c] / before[c] if before[c] else 1.0
        order = sorted(scores, key=lambda c: (tier[c], -scores[c], min(ranks[c].values()), c))
    chosen: list[Ranked] = []
    seen: dict[tuple[str, str], int] = {}
    pending = order[:]

    def ranked(c: str, score: float, div: float) -> Ranked:
        f = dict(why.get(c, {}))
        if div != 1.0:
            f["diversity"] = div
        every_word = (plan.own <= set(held.get(c, ()))) if mode != "semantic" and plan.own else None
        return Ranked(c, score, ranks[c], held.get(c, ()), every_word, {k: round(v, 6) for k, v in f.items()})

    # greedy diversity over the head of the list (beyond it order no longer matters to a reader), within the
    # group of the first pending chunk (every word, then some)
    while pending and len(chosen) < 50:
        best_i, best_s, best_d = 0, -1.0, 1.0
        for i, c in enumerate(pending[:60]):
            if tier[c] != tier[pending[0]]:
                break
            d = diversity ** seen.get(_section(c), 0)
            s = scores[c] * d
            if s > best_s:
                best_i, best_s, best_d = i, s, d
        c = pending.pop(best_i)
        seen[_section(c)] = seen.get(_section(c), 0) + 1
        chosen.append(ranked(c, best_s, best_d))
    chosen.extend(ranked(c, scores[c], 1.0) for c in pending)
    return Retrieval(results=chosen, every_word=every, keyword_candidates=n_kw, tiered=tiered)

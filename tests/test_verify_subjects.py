"""verify_answer and the company a sentence is about: a figure about another company is not checked as this one's.

Figures, from data.sec.gov/api/xbrl/companyfacts in ../shared/sec-corpus: NVIDIA (CIK 1045810)
us-gaap:Revenues FY2024 (2023-01-30..2024-01-28) 60,922,000,000 in the FY2024 10-K 0001045810-24-000029;
us-gaap:EarningsPerShareDiluted FY2024 11.93 in the same 10-K. Apple (CIK 320193) FY2024 revenue
391,035,000,000 (0000320193-24-000123); TSMC (CIK 1046179) 2024 ifrs-full:Revenue 2,894,307,700,000 TWD.
Company names come from the corpus ticker file (www.sec.gov/files/company_tickers_exchange.json).
"""

from __future__ import annotations

import pytest
from accessions import NVDA_FY2024_10K, TSLA_FY2021_10K
from lookups import checked_figure, figure

from edgar_cli.capabilities.verify.verify import verify_answer
from edgar_cli.errors import EdgarError, ExitStatus


@pytest.fixture
def sec(module_sec):
    """The module's one client (its companyfacts parsed once)."""
    return module_sec


def test_nvidias_revenue_in_a_sentence_about_apple_is_not_grounded_as_apples(sec):
    # Before: grounded, exit 0 — NVIDIA's FY2024 revenue "confirmed" a claim about Apple.
    r = verify_answer("Apple reported fiscal 2024 revenue of $60.9 billion.", company="NVDA")
    f = figure(r, "$60.9 billion")
    assert f.status == "unchecked" and f.support is None
    assert "Apple Inc." in f.reason and "not NVIDIA CORP" in f.reason and "AAPL" in f.reason
    assert r.verdict == "unchecked" and not r.all_grounded and r.exit_status == ExitStatus.UNCONFIRMED


@pytest.mark.parametrize(
    "answer,named",
    [
        ("Cisco reported fiscal 2024 revenue of $60.9 billion.", "CISCO SYSTEMS"),  # a word of one name only
        ("Micron's fiscal 2024 revenue was $60.9 billion.", "MICRON TECHNOLOGY"),
        ("Disney reported fiscal 2024 revenue of $60.9 billion.", "Walt Disney"),
        ("Goldman Sachs reported fiscal 2024 revenue of $60.9 billion.", "GOLDMAN SACHS"),  # leading words
        ("TSMC reported fiscal 2024 revenue of $60.9 billion.", "TAIWAN SEMICONDUCTOR"),  # an alias
        ("APPLE reported fiscal 2024 revenue of $60.9 billion.", "Apple Inc."),  # a name in capitals
        ("In Apple's fiscal 2024 the revenue was $60.9 billion.", "Apple Inc."),
        ("Google reported fiscal 2024 revenue of $60.9 billion.", "Alphabet"),  # a former name (alias)
        ("Apple and Microsoft reported fiscal 2024 revenue of $60.9 billion.", "MICROSOFT"),  # two, opening it
        ("Visa and Mastercard reported fiscal 2024 revenue of $60.9 billion.", "VISA"),
        ("Target reported fiscal 2024 revenue of $60.9 billion.", "TARGET CORP"),  # a plain word, used as a name
        # a name with an ampersand in it, as the ticker file writes it
        ("Procter & Gamble reported fiscal 2024 revenue of $60.9 billion.", "PROCTER & GAMBLE"),
        ("Johnson & Johnson's fiscal 2024 revenue was $60.9 billion.", "JOHNSON & JOHNSON"),
    ],
)
def test_other_companies_named_in_the_ways_answers_name_them_leave_the_figure_unchecked(sec, answer, named):
    checked_figure(answer, "$60.9 billion", "unchecked", named, company="NVDA")


def test_a_sentence_naming_both_checks_each_figure_against_the_company_it_follows(sec):
    # The checked company is named too: its figure is checked; the figure after "Apple's" is Apple's (true:
    # 391,035M in 0000320193-24-000123), unchecked against NVIDIA's facts, never called wrong (review: it was a
    # false alarm).
    r = verify_answer("NVIDIA's fiscal 2024 revenue of $60.9 billion trailed Apple's $391.0 billion.", company="NVDA")
    ours = figure(r, "$60.9 billion")
    assert ours.status == "grounded" and ours.support.accession_number == NVDA_FY2024_10K
    theirs = figure(r, "$391.0 billion")
    assert theirs.status == "unchecked" and "follows Apple Inc." in theirs.reason and "AAPL" in theirs.reason
    assert r.verdict == "unchecked"


@pytest.mark.parametrize(
    "answer",
    [
        "NVIDIA's fiscal 2024 revenue of $70.0 billion beat AMD.",
        "Tim Cook praised NVIDIA, whose fiscal 2024 revenue was $70.0 billion.",
    ],
)
def test_a_contradiction_in_a_sentence_that_names_the_company_is_never_softened(sec, answer):
    r = verify_answer(answer, company="NVDA")
    assert figure(r, "$70.0 billion").status == "ungrounded" and r.exit_status == ExitStatus.UNGROUNDED


def test_a_figure_after_another_companys_name_is_checked_as_that_companys(sec):
    # "Unlike NVIDIA, Apple reported ... $70.0 billion": the figure is Apple's (FY2024 391,035M): against NVIDIA's
    # facts it is unchecked and points to Apple; checked as Apple's it is contradicted
    answer = "Unlike NVIDIA, Apple reported fiscal 2024 revenue of $70.0 billion."
    assert figure(verify_answer(answer, company="NVDA"), "$70.0 billion").status == "unchecked"
    assert figure(verify_answer(answer, company="AAPL"), "$70.0 billion").status == "ungrounded"


@pytest.mark.parametrize(
    "answer",
    [
        "The fiscal 2024 revenue was $60.9 billion.",  # a sentence opening with "The" (was an internal_error)
        "Revenue in fiscal 2024 was $60.9 billion, with Gaming and Professional Visualization growing.",
        "In fiscal 2024 revenue was $60.9 billion under GAAP, and EPS was $11.93 (USD).",
        "Nvidia's Data Center revenue drove fiscal 2024 revenue of $60.9 billion, ahead of AMD and Intel.",
        "Jensen Huang said fiscal 2024 revenue was $60.9 billion, with Hopper and Blackwell in Santa Clara.",
        "GeForce NOW and RTX GPUs helped fiscal 2024 revenue reach $60.9 billion.",  # not ServiceNow, RTX Corp
        "DGX Cloud and HBM supply helped fiscal 2024 revenue reach $60.9 billion.",
        "KEY TAKEAWAYS: fiscal 2024 revenue was $60.9 billion.",  # a heading, not KeyCorp
        "Quantum InfiniBand and Universal Scene Description drove fiscal 2024 revenue of $60.9 billion.",
        "Public cloud demand drove fiscal 2024 revenue of $60.9 billion.",  # not Public Storage
        "Progressive gains in Data Center lifted fiscal 2024 revenue to $60.9 billion.",
        "Target customers and Block storage lifted fiscal 2024 revenue to $60.9 billion.",
        "Sales in the Southern region lifted fiscal 2024 revenue to $60.9 billion.",
        "RTX 40 Series demand helped fiscal 2024 revenue reach $60.9 billion.",  # not RTX Corp
        "ICE vehicle demand and TM licensing lifted fiscal 2024 revenue to $60.9 billion.",
    ],
    ids=[
        "opens-with-the",
        "segments",
        "abbreviations",
        "competitors-named-with-it",
        "people-and-places",
        "products-in-capitals",
        "product-and-acronym",
        "heading",
        "product-lines",
        "a-common-word",
        "an-adjective",
        "plain-nouns",
        "a-region",
        "a-product-in-capitals",
        "abbreviations-that-are-tickers",
    ],
)
def test_segments_abbreviations_and_a_sentence_that_names_the_company_still_ground(sec, answer):
    r = verify_answer(answer, company="NVDA")
    assert figure(r, "$60.9 billion").status == "grounded"
    assert r.verdict == "grounded" and r.exit_status == 0


@pytest.mark.parametrize(
    "answer,company,stated",
    [
        ("Tim Cook said fiscal 2024 revenue was $391.0 billion.", "AAPL", "$391.0 billion"),  # not TIM S.A.
        ("TSMC's 2024 revenue was NT$2,894.3 billion, ahead of Intel.", "TSM", "NT$2,894.3 billion"),  # its alias
    ],
)
def test_the_checked_companys_people_and_short_names_do_not_read_as_another_company(sec, answer, company, stated):
    assert figure(verify_answer(answer, company=company), stated).status == "grounded"


def test_the_cli_exits_unconfirmed_for_a_figure_about_another_company(edgar):
    r = edgar("verify", "Apple reported fiscal 2024 revenue of $60.9 billion.", "--company", "NVDA", "--json")
    assert r.rc == ExitStatus.UNCONFIRMED, r.err
    assert r.json()["verdict"] == "unchecked" and "Apple Inc." in r.out


def test_a_bullet_and_a_table_row_about_other_companies_read_from_stdin_are_unchecked(edgar):
    # Read from standard input under an ASCII locale: the curly quote of an LLM's answer is no error either.
    answer = "- Apple and Microsoft: $60.9 billion in fiscal 2024\n| Apple and Microsoft’s | $60.9 billion |\n"
    r = edgar("verify", "-", "--company", "NVDA", "--json", stdin=answer, env={"PYTHONIOENCODING": "ascii"})
    assert r.rc == ExitStatus.UNCONFIRMED, r.err
    money = [f for f in r.json()["figures"] if f["text"] == "$60.9 billion"]
    assert len(money) == 2 and {f["status"] for f in money} == {"unchecked"}


def test_reading_names_never_fails_on_any_arrangement_of_words(sec):
    # The crash behind "The fiscal 2024 revenue ..." was a run of connectors only; every arrangement of these
    # tokens (capitals, connectors, possessives, punctuation, abbreviations) must read without an exception.
    import random

    from edgar_cli.capabilities.verify.verify import _subject_reader
    from edgar_cli.models.companies import CompanyRef

    reader = _subject_reader(sec, CompanyRef(cik="0001045810", name="NVIDIA CORP", tickers=["NVDA"]))
    tokens = [
        "The",
        "the",
        "And",
        "and",
        "Of",
        "of",
        "&",
        "De",
        "Apple",
        "Apple's",
        "APPLE",
        "AMD",
        "Target",
        "customers",
        "reported",
        ",",
        ".",
        ":",
        "-",
        "Inc.",
        "Bank",
        "America",
        "NVIDIA",
        "$60.9",
        "billion",
        "(",
        ")",
        "\u2019s",
        "U.S.",
        "10-K",
        "FY2024",
        "\u2014",
        "",
    ]
    rng = random.Random(7)
    for _ in range(20_000):
        sentence = " ".join(rng.choice(tokens) for _ in range(rng.randint(0, 10)))
        named = reader.named_in(sentence)
        assert all(n.cik.isdigit() and len(n.cik) == 10 for n in named)


# --- the company read from the answer when none is given --------------------------------------------


@pytest.mark.parametrize(
    "answer,cik,accession",
    [
        ("NVIDIA reported fiscal 2024 revenue of $60.9 billion.", "0001045810", NVDA_FY2024_10K),
        ("Apple's fiscal 2024 revenue was $391.0 billion.", "0000320193", "0000320193-24-000123"),
    ],
)
def test_an_answer_naming_one_company_is_checked_against_that_company_without_being_told(sec, answer, cik, accession):
    r = verify_answer(answer)
    assert r.company.cik == cik and r.verdict == "grounded"
    assert [f.support.accession_number for f in r.figures if f.support] == [accession]
    assert any("the answer names" in n for n in r.notes)  # the result says the company was read from the answer


def test_an_answer_naming_two_companies_checks_each_figure_against_its_own(sec):
    # NVIDIA FY2024 revenue 60,922,000,000 (0001045810-24-000029); Apple FY2024 revenue 391,035,000,000
    # (0000320193-24-000123). Before: ambiguous, asking which company. A sentence naming neither is unchecked.
    r = verify_answer(
        "NVIDIA's fiscal 2024 revenue was $60.9 billion. Apple's revenue was $391.0 billion in fiscal 2024. "
        "Revenue grew 5%."
    )
    assert figure(r, "$60.9 billion").support.accession_number == NVDA_FY2024_10K
    assert figure(r, "$391.0 billion").support.accession_number == "0000320193-24-000123"
    neither = figure(r, "5%")
    assert neither.status == "unchecked" and neither.support is None and "none of them" in neither.reason
    assert r.verdict == "unchecked"


def test_an_answer_naming_no_company_and_citing_none_asks_for_the_company(sec):
    with pytest.raises(EdgarError) as exc:
        verify_answer("Revenue was $60.9 billion in fiscal 2024.")
    assert exc.value.code == "invalid_argument" and "names none" in exc.value.message
    assert "company" in exc.value.suggestion


def test_a_given_company_wins_over_the_companies_the_answer_names(sec):
    r = verify_answer("Apple reported fiscal 2024 revenue of $60.9 billion.", company="NVDA")
    assert r.company.cik == "0001045810" and figure(r, "$60.9 billion").status == "unchecked"


def test_a_small_company_named_by_its_whole_name_is_read_from_the_answer(sec):
    # Logistic Properties of the Americas (CIK 1997711), not among the prominent names: ifrs-full:Revenue
    # 39,436,343 USD for 2023 in its 20-F 0001493152-24-016772
    r = verify_answer("Logistic Properties of the Americas had revenues of $39.4 million in 2023.")
    assert r.company.cik == "0001997711" and r.verdict == "grounded"
    assert figure(r, "$39.4 million").support.accession_number == "0001493152-24-016772"


SENTENCES = [
    "Apple and Microsoft reported fiscal 2024 revenue of $60.9 billion.",
    "TSMC's revenue was ahead of Intel and Goldman Sachs.",
    "Logistic Properties of the Americas had revenues of $39.4 million in 2023.",
    "Target customers and NVIDIA reported $1.2 billion.",
]


def test_the_subject_index_read_back_from_the_cache_names_every_company_the_built_one_names(sec):
    from edgar_cli.capabilities.verify.verify import _subject_index
    from edgar_cli.companies.tickers import TickerMap, load_ticker_map
    from edgar_cli.index.query import company_aliases
    from edgar_cli.verification.subjects import SubjectIndex, SubjectReader, companies_named

    tmap = load_ticker_map(sec)
    built = SubjectIndex(tmap.entries, company_aliases())
    fresh = TickerMap.from_tables(tmap.index, tmap.table)  # a later process' map: no entry built yet
    _subject_index(sec, fresh)  # stores the index when the cache does not hold it yet
    again = TickerMap.from_tables(tmap.index, tmap.table)
    read = _subject_index(sec, again)
    assert again._all is None  # the ticker file's entries were not all built to read it
    assert (read.full, read.leading, read.tickers, read.aliases) == (
        built.full,
        built.leading,
        built.tickers,
        built.aliases,
    )
    assert read.spread == built.spread and read.whole_names == built.whole_names
    assert {c: (e.name, e.tickers, e.rank) for c, e in read.entry.items()} == {
        c: (e.name, e.tickers, e.rank) for c, e in built.entry.items()
    }
    for text in SENTENCES:
        assert companies_named(SubjectReader(read), text) == companies_named(SubjectReader(built), text), text
    small = tmap.by_cik(1997711)  # not prominent: added as the checked company
    assert SubjectReader(read.including(small)).named_in(SENTENCES[2]) == SubjectReader(
        built.including(small)
    ).named_in(SENTENCES[2])


def test_a_subject_index_blob_of_another_format_is_not_read():
    from edgar_cli.verification.subjects import SubjectIndex

    assert SubjectIndex.from_payload(b"not marshal", lambda cik: None) is None
    assert SubjectIndex.from_payload(__import__("marshal").dumps((0, b"", b"", b"")), lambda cik: None) is None


# --- a clause about another company, whatever its period (issue 36, a fifth newcomer) ------------------
# Apple (CIK 320193): us-gaap:EarningsPerShareDiluted FY2023 6.13 (10-K 0000320193-23-000106), FY2022 6.11
# (0000320193-22-000108), FY2023 revenue 383,285,000,000 (0000320193-23-000106). Tesla's companyfacts in the
# corpus end with FY2021: diluted EPS 4.90 (10-K 0000950170-22-000796), $1.63 after the 3-for-1 split of 2022.
APPLE_AND_TESLA = (
    "Apple's diluted EPS was $6.13 in fiscal 2023 and $6.11 in fiscal 2022, and Tesla's diluted EPS for 2021 was $1.63."
)


def by_text(result: dict) -> dict[str, dict]:
    return {f["text"]: f for f in result["figures"]}


def test_apples_figures_checked_as_teslas_point_to_apple_not_to_the_end_of_teslas_facts(edgar):
    # Before: "$6.13: Tesla, Inc. reports no diluted earnings per share for fiscal 2023 ... (Tesla's XBRL facts end
    # with FY2021)" -- Tesla's data blamed for Apple's figures; only a period Tesla covers got the company's hint.
    r = edgar("verify", APPLE_AND_TESLA, "--company", "TSLA", "--json")
    assert r.rc == ExitStatus.UNCONFIRMED, r.err
    figures = by_text(r.json())
    for text in ("$6.13", "$6.11"):
        f = figures[text]
        assert f["status"] == "unchecked" and f["support"] is None
        assert "Apple Inc." in f["reason"] and "--company AAPL" in f["reason"], f["reason"]
        assert "reports no" not in f["reason"] and "facts end" not in f["reason"], f["reason"]
    ours = figures["$1.63"]
    assert ours["status"] == "grounded" and ours["support"]["accession_number"] == TSLA_FY2021_10K


def test_a_period_in_a_clause_about_apple_is_not_read_on_teslas_fiscal_calendar(edgar):
    # Before: "fiscal 2021  ok  Tesla, Inc.'s FY2021 ran 2021-01-01 to 2021-12-31" in a sentence about Apple
    # (Apple's FY2021 ran to 2021-09-25), and "fiscal 2023: after the facts end (Tesla's ...)" in the clause above.
    r = edgar("verify", "Apple reported revenue of $365.8 billion in fiscal 2021.", "--company", "TSLA", "--json")
    mention = by_text(r.json())["fiscal 2021"]
    assert mention["status"] == "unchecked" and "Apple Inc." in mention["reason"], mention
    assert "FY2021 ran" not in mention["reason"] and "--company AAPL" in mention["reason"], mention["reason"]
    both = by_text(edgar("verify", APPLE_AND_TESLA, "--company", "TSLA", "--json").json())
    for text in ("fiscal 2023", "fiscal 2022"):
        assert both[text]["status"] == "unchecked" and "Apple Inc." in both[text]["reason"], both[text]
        assert "facts end" not in both[text]["reason"], both[text]["reason"]


def test_a_figure_about_apple_in_a_year_tesla_never_reported_names_apple(edgar):
    r = edgar("verify", "Apple reported revenue of $383.3 billion in fiscal 2023.", "--company", "TSLA", "--json")
    f = by_text(r.json())["$383.3 billion"]
    assert f["status"] == "unchecked" and "names Apple Inc." in f["reason"] and "--company AAPL" in f["reason"]


def test_the_summary_counts_figures_and_period_mentions_each_on_its_own(edgar):
    # Before: "6 figures: 1 grounded, 5 unchecked; NOT all grounded: none contradicted, but 2 figures could not
    # be checked" -- six rows called figures, three of them period mentions, and 5 unchecked against 2.
    r = edgar("verify", APPLE_AND_TESLA, "--company", "TSLA", "--json").json()
    assert r["summary"] == (
        "3 figures: 1 grounded, 2 unchecked; 3 period mentions: 3 unchecked; "
        "NOT all grounded: none contradicted, but 2 figures could not be checked."
    )


# --- two companies in one sentence (issue 36, a sixth newcomer) -----------------------------------------------
# Snowflake (CIK 1640147): us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax FY2025 (2024-02-01..
# 2025-01-31) 3,626,396,000 (10-K 0001640147-25-000052), FY2024 2,806,489,000 (10-K 0001640147-24-000101): up
# 29.2%. Apple (CIK 320193): us-gaap:NetIncomeLoss FY2024 93,736,000,000 (10-K 0000320193-24-000123).
SNOW_AND_APPLE = (
    "Snowflake's revenue grew 29% to $3.63 billion in fiscal 2025, and Apple's net income for fiscal 2024 was "
    "$93.7 billion."
)
SNOW_FY2025_10K = "0001640147-25-000052"
SNOW_FY2024_10K = "0001640147-24-000101"
AAPL_FY2024_10K = "0000320193-24-000123"


def test_figures_about_snowflake_checked_as_apples_carry_nothing_of_apples_facts(edgar):
    # Before: 29% noted "the computation is for Q4 FY2021 (2021-06-27 to 2021-09-25)" (an Apple quarter) and
    # $3.63 billion "5 fact(s) of other concepts round to it, e.g. us-gaap:ProceedsFromShortTermDebt...".
    r = edgar("verify", SNOW_AND_APPLE, "--company", "AAPL", "--json")
    assert r.rc == ExitStatus.UNCONFIRMED, r.err
    figures = by_text(r.json())
    for text in ("29%", "$3.63 billion", "fiscal 2025"):
        f = figures[text]
        assert f["status"] == "unchecked" and f["support"] is None and f["inputs"] == [], f
        assert "Snowflake Inc." in f["reason"] and "--company SNOW" in f["reason"], f["reason"]
        assert f["notes"] == [], f["notes"]
    ours = figures["$93.7 billion"]
    assert ours["status"] == "grounded" and ours["support"]["accession_number"] == AAPL_FY2024_10K


def test_a_growth_rate_in_the_first_clause_takes_that_clauses_fiscal_year(edgar):
    # Before: claimed_fiscal_year null and "The answer names no period for this figure", though the same clause
    # alone gives 2025 ("fiscal 2024" belongs to Apple's clause).
    r = edgar("verify", SNOW_AND_APPLE, "--company", "SNOW", "--json")
    f = by_text(r.json())["29%"]
    assert f["status"] == "derived" and f["claimed_fiscal_year"] == 2025, f
    assert {i["accession_number"] for i in f["inputs"]} == {SNOW_FY2025_10K, SNOW_FY2024_10K}
    assert not any("names no period" in n for n in f["notes"]), f["notes"]


def test_an_answer_naming_a_company_without_xbrl_facts_checks_the_others_and_says_which_could_not_be(sec):
    # Microsoft has no companyfacts in the recording; Apple FY2024 revenue 391,035,000,000 (0000320193-24-000123).
    # Before: the whole answer failed with not_found because one of the companies it names could not be read.
    r = verify_answer("Apple's revenue was $391.0 billion in fiscal 2024. Microsoft's revenue was $245.1 billion.")
    assert figure(r, "$391.0 billion").support.accession_number == "0000320193-24-000123"
    msft = figure(r, "$245.1 billion")
    assert msft.status == "unchecked" and msft.support is None
    assert any("microsoft" in w.lower() and "could not be checked" in w for w in r.warnings), r.warnings
    assert r.verdict == "unchecked"

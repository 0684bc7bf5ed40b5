"""`edgar verify` on a multiple ("N times") whose base the sentence names, with or without its figure, and on a
split-adjusted figure whose company's XBRL facts stop short of its filings.

Figures: Tesla NetIncomeLoss 5,519,000,000 FY2021 (0000950170-22-000796), 721,000,000 FY2020
(0001564590-21-004599), -862,000,000 FY2019 (0001564590-20-004475): FY2021 is 7.65 times FY2020. Tesla
EarningsPerShareDiluted 4.9 FY2021 (0000950170-22-000796), before the 3-for-1 split of 2022; Tesla's facts end at
2022-09-30 (the report 0000950170-22-019867).
"""

from __future__ import annotations

import pytest

from edgar_cli.errors import ExitStatus


@pytest.fixture
def sec(module_cli_sec):
    return module_cli_sec


def rows_of(r) -> dict[str, dict]:
    return {f["text"]: f for f in r.json()["figures"]}


def test_a_multiple_of_a_base_named_with_its_year_measure_and_figure_is_the_ratio_of_the_two(cli):
    r = cli(
        "verify",
        "Tesla's net income was $5.5 billion in 2021, more than seven times its 2020 net income of $721 million.",
        "--json",
    )
    assert r.rc == 0, r.out
    rows = rows_of(r)
    assert rows["$721 million"]["status"] == "grounded"
    assert rows["$721 million"]["support"]["accession_number"] == "0001564590-21-004599"
    assert rows["$721 million"]["support"]["fiscal_year"] == 2020
    assert rows["$5.5 billion"]["status"] == "grounded"
    assert any("7.65 times" in n for n in rows["$5.5 billion"]["notes"])
    assert "-0.84" not in r.out


def test_a_wrong_multiple_of_a_base_named_with_its_figure_blames_the_figure_it_is_said_of(cli):
    r = cli(
        "verify",
        "Tesla's net income was $5.5 billion in 2021, more than eight times its 2020 net income of $721 million.",
        "--json",
    )
    assert r.rc == ExitStatus.UNGROUNDED
    rows = rows_of(r)
    assert rows["$5.5 billion"]["status"] == "ungrounded" and "7.65 times" in rows["$5.5 billion"]["reason"]
    assert rows["$721 million"]["status"] == "grounded"


def test_a_multiple_of_a_base_named_without_a_figure_is_checked_against_that_bases_value(cli):
    r = cli("verify", "Tesla's net income was $5.5 billion in 2021, nine times its 2020 net income.", "--json")
    assert r.rc == ExitStatus.UNGROUNDED, r.out
    row = rows_of(r)["$5.5 billion"]
    assert row["status"] == "ungrounded"
    assert "7.65 times" in row["reason"] and "0001564590-21-004599" in row["reason"]


def test_a_true_multiple_of_a_base_named_without_a_figure_holds(cli):
    r = cli(
        "verify", "Tesla's net income was $5.5 billion in 2021, more than seven times its 2020 net income.", "--json"
    )
    assert r.rc == 0, r.out
    assert any("7.65 times" in n for n in rows_of(r)["$5.5 billion"]["notes"])


def test_a_multiple_of_a_loss_year_is_left_unchecked_never_a_negative_multiple(cli):
    # FY2019 was a loss (-862,000,000): "double the year before" has no meaning against it
    r = cli("verify", "Tesla's net income was $721 million in 2020, more than double the year before.", "--json")
    assert r.rc == ExitStatus.UNCONFIRMED and r.json()["verdict"] == "unchecked"
    row = rows_of(r)["$721 million"]
    assert row["status"] == "unchecked" and "loss" in row["reason"]
    assert "-0.84" not in r.out


def test_a_split_adjusted_figure_says_it_was_not_restated_in_facts_that_end_before_the_filings(cli):
    r = cli("verify", "Tesla diluted EPS was $1.63 in 2021, split-adjusted.", "--json")
    assert r.rc == 0, r.out
    reason = rows_of(r)["$1.63"]["reason"]
    assert "never restated" not in reason
    assert "not restated in the XBRL facts, which end at 2022-09-30 (the report 0000950170-22-019867" in reason


@pytest.mark.parametrize(
    "word,verdict,rc",
    [("more than tripled", "grounded", 0), ("more than quadrupled", "ungrounded", ExitStatus.UNGROUNDED)],
)
def test_a_multiple_after_a_quarters_figure_from_a_year_earlier_is_the_ratio_to_that_quarter(cli, word, verdict, rc):
    # NVIDIA NetIncomeLoss Q1 FY2027 (2026-01-26 to 2026-04-26) 58,321,000,000 (0001045810-26-000052), Q1 FY2026
    # (2025-01-27 to 2025-04-27) 18,775,000,000 (0001045810-25-000116): 3.11 times
    r = cli(
        "verify",
        f"NVIDIA's April-quarter earnings ($58.3 billion of net income in Q1 fiscal 2027) {word} from a year earlier.",
        "--json",
    )
    assert r.rc == rc and r.json()["verdict"] == verdict, r.out
    row = rows_of(r)["$58.3 billion"]
    assert "3.11 times Q1 FY2026's 18,775,000,000 (0001045810-25-000116)" in " ".join([row["reason"], *row["notes"]])


# A multiple written as a number ("2.3 times") is a ratio of two figures, never an amount of the measure. Tesla
# Revenues FY2021 53,823,000,000 (0000950170-22-000796), FY2020 31,536,000,000 (0001564590-21-004599): 1.71 times;
# NVIDIA Revenues FY2024 60,922,000,000 (0001045810-24-000029), FY2023 26,974,000,000 (0001045810-23-000017): 2.26
# times; Snowflake RevenueFromContractWithCustomerExcludingAssessedTax FY2024 2,806,489,000 (0001640147-24-000101).


def test_a_multiple_is_never_read_as_an_amount_of_the_measure_and_a_side_the_facts_lack_leaves_it_unchecked(cli):
    r = cli("verify", "Tesla's 2021 revenue was 2.3 times its fiscal 2023 revenue.", "--company", "TSLA", "--json")
    assert r.json()["verdict"] != "grounded", r.out
    row = rows_of(r)["2.3 times"]
    assert row["status"] == "unchecked" and row["support"] is None
    assert "multiple" in row["reason"] and "FY2023" in row["reason"]
    assert "2" + "." + "3 cannot be checked against" not in r.out  # never read as revenue of 2.3


def test_a_multiple_of_two_years_the_words_name_is_the_ratio_of_their_facts(cli):
    r = cli("verify", "Tesla's 2021 revenue was 1.7 times its 2020 revenue.", "--company", "TSLA", "--json")
    assert r.rc == 0, r.out
    row = rows_of(r)["1.7 times"]
    assert row["status"] == "derived" and "1.71 times" in row["reason"]
    assert {i["accession_number"] for i in row["inputs"]} == {"0000950170-22-000796", "0001564590-21-004599"}


def test_a_wrong_multiple_of_two_years_is_contradicted_on_the_multiple(cli):
    r = cli("verify", "Tesla's 2021 revenue was 2.3 times its 2020 revenue.", "--company", "TSLA", "--json")
    assert r.rc == ExitStatus.UNGROUNDED, r.out
    row = rows_of(r)["2.3 times"]
    assert row["status"] == "ungrounded" and "1.71 times" in row["reason"] and "not 2.3 times" in row["reason"]


def test_a_wrong_multiple_of_two_written_amounts_blames_the_multiple_not_the_amounts(cli):
    r = cli(
        "verify",
        "NVIDIA's fiscal 2024 revenue of $60.9 billion was 3 times its fiscal 2023 revenue of $27.0 billion.",
        "--json",
    )
    assert r.rc == ExitStatus.UNGROUNDED, r.out
    rows = rows_of(r)
    assert rows["$60.9 billion"]["status"] == "grounded" and rows["$60.9 billion"]["support"]["fiscal_year"] == 2024
    assert rows["$27.0 billion"]["status"] == "grounded"
    assert rows["3 times"]["status"] == "ungrounded" and "2.26 times" in rows["3 times"]["reason"]


def test_a_multiple_holds_only_within_the_rounding_of_its_own_digits(cli):
    r = cli(
        "verify",
        "NVIDIA's fiscal 2024 revenue of $60.9 billion was 2.3 times its fiscal 2023 revenue of $27.0 billion.",
        "--json",
    )
    assert r.rc == 0, r.out
    assert rows_of(r)["2.3 times"]["status"] == "derived"
    r = cli(
        "verify",
        "NVIDIA's fiscal 2024 revenue of $60.9 billion was 2.4 times its fiscal 2023 revenue of $27.0 billion.",
        "--json",
    )
    assert r.rc == ExitStatus.UNGROUNDED and rows_of(r)["2.4 times"]["status"] == "ungrounded"


def test_a_cross_company_multiple_without_amounts_says_why_it_is_unchecked(cli):
    r = cli("verify", "NVIDIA's fiscal 2024 revenue was 6.4 times Snowflake's fiscal 2024 revenue.", "--json")
    assert r.json()["verdict"] == "unchecked", r.out
    row = rows_of(r)["6.4 times"]
    assert row["status"] == "unchecked" and "Snowflake" in row["reason"] and "another" in row["reason"]


def test_a_cross_company_multiple_of_two_written_amounts_is_the_ratio_of_each_companys_fact(cli):
    text = "NVIDIA's fiscal 2024 revenue of $60.9 billion was {} times Snowflake's fiscal 2024 revenue of $2.8 billion."
    r = cli("verify", text.format("21.7"), "--json")
    assert r.rc == 0, r.out
    row = rows_of(r)["21.7 times"]
    assert row["status"] == "derived" and "21.71 times" in row["reason"]
    assert {i["accession_number"] for i in row["inputs"]} == {"0001045810-24-000029", "0001640147-24-000101"}
    r = cli("verify", text.format("6.4"), "--json")
    assert r.rc == ExitStatus.UNGROUNDED and rows_of(r)["6.4 times"]["status"] == "ungrounded"


# Tesla NetIncomeLoss FY2021 5,519,000,000 (0000950170-22-000796), FY2020 721,000,000 (0001564590-21-004599): 7.65.


def test_a_multiple_in_words_in_a_sentence_without_amounts_is_checked_never_no_figures(cli):
    r = cli("verify", "Tesla's 2021 net income was twenty times its 2020 net income.", "--company", "TSLA", "--json")
    assert r.rc == ExitStatus.UNGROUNDED, r.out
    row = rows_of(r)["twenty times"]
    assert row["status"] == "ungrounded" and "7.65 times" in row["reason"]
    r = cli(
        "verify",
        "Tesla's 2021 net income was more than seven times its 2020 net income.",
        "--company",
        "TSLA",
        "--json",
    )
    assert r.rc == 0, r.out
    row = rows_of(r)["seven times"]
    assert row["status"] == "derived" and "more than seven times" in row["reason"]


def test_a_multiple_in_words_of_another_companys_figure_is_unchecked_with_the_reason(cli):
    for text in (
        "NVIDIA's fiscal 2024 revenue of $60.9 billion was more than thirty times Snowflake's.",
        "NVIDIA's fiscal 2024 revenue was more than twice Snowflake's.",
    ):
        r = cli("verify", text, "--json")
        assert r.json()["verdict"] == "unchecked", r.out
        assert any(f["status"] == "unchecked" and "Snowflake" in f["reason"] for f in r.json()["figures"])


def test_a_fold_multiple_is_checked_on_the_figure_it_is_said_of_not_on_its_base(cli):
    # held_apart_2's ha2-tsla-2021-ni-change wording: "-fold" was not read as a multiple, so "tenfold" was grounded
    text = "Tesla's net income jumped more than {} to $5.5 billion in 2021 from $721 million in 2020."
    r = cli("verify", text.format("sevenfold"), "--company", "TSLA", "--json")
    assert r.rc == 0, r.out
    rows = rows_of(r)
    assert any("7.65 times" in n for n in rows["$5.5 billion"]["notes"])
    assert rows["$721 million"]["status"] == "grounded"  # the base, not compared with FY2019's loss
    r = cli("verify", text.format("tenfold"), "--company", "TSLA", "--json")
    assert r.rc == ExitStatus.UNGROUNDED, r.out
    rows = rows_of(r)
    assert rows["$5.5 billion"]["status"] == "ungrounded" and "7.65 times" in rows["$5.5 billion"]["reason"]
    assert rows["$721 million"]["status"] == "grounded"

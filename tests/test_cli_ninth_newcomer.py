"""A ninth newcomer's tasks from the README and --help alone (issue 36), through the real CLI: one concept's JSON
has its values at ``.values[]`` over a range as for one year, a table of several concepts says what a summed row
is made of (every tag in one form), and a section written to a file can be the text alone."""

from __future__ import annotations

import re

NVDA_NET_INCOME = {  # NVIDIA's net income, each from its own 10-K
    2025: (72880000000, "0001045810-25-000023"),
    2024: (29760000000, "0001045810-24-000029"),
    2023: (4368000000, "0001045810-23-000017"),
    2022: (9752000000, "0001045810-22-000036"),
    2021: (4332000000, "0001045810-21-000010"),
}


def test_one_concepts_json_over_a_range_of_years_has_its_values_newest_first_as_one_year_has(cli):
    r = cli("concept", "NVDA", "net_income", "--fy", "2021..2025", "--json")
    assert r.rc == 0, r.err
    body = r.json()
    values = body["values"]
    got = [(v["fiscal_year"], v["value"], v["accession_number"]) for v in values]
    assert got == [(y, *NVDA_NET_INCOME[y]) for y in (2025, 2024, 2023, 2022, 2021)], got
    one = cli("concept", "NVDA", "net_income", "--fy", "2025", "--json").json()["values"][0]
    assert set(values[0]) == set(one) and values[0] == one, (values[0], one)
    # the table layout stays: the same figures by column
    cells = {c["column"]: c["fact"]["accession_number"] for c in body["rows"][0]["cells"]}
    assert cells["FY2021"] == "0001045810-21-000010", cells


def test_several_concepts_json_keeps_the_table_layout_and_the_help_says_which_layout_is_which(cli):
    r = cli("concept", "NVDA", "net_income", "revenue", "--fy", "2024..2025", "--json")
    assert r.rc == 0, r.err
    assert "values" not in r.json() and len(r.json()["rows"]) == 2
    flat = " ".join(cli("concept", "--help").out.split())
    assert ".values[]" in flat and ".rows[].cells[]" in flat, flat


def test_a_table_of_several_concepts_says_what_a_summed_row_is_made_of_every_tag_in_one_form(cli):
    # Apple's total debt at 2025-09-27 (0000320193-25-000079): 98,657 m = noncurrent long-term debt + its current
    # portion + commercial paper
    r = cli("concept", "AAPL", "long_term_debt", "total_debt", "--fy", "2025", "--format", "table")
    assert r.rc == 0, r.err
    said = " ".join((r.out + r.err).split())
    assert "98,657" in r.out, r.out
    assert "Total debt = LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper" in said, said
    assert len(max(re.findall(r"Total debt = [^\n]*", r.out + r.err), key=len)) < 200


def test_one_summed_concepts_table_names_every_tag_in_the_same_form(cli):
    r = cli("concept", "AAPL", "total_debt", "--fy", "2025", "--format", "table")
    assert r.rc == 0, r.err
    flat = " ".join(r.out.split())
    assert "us-gaap:" not in flat, r.out
    assert "LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper" in flat, r.out


def test_compare_and_screen_show_a_sums_tags_in_one_form_too():
    from edgar_cli.cli.render import short_tag

    summed = "us-gaap:LongTermDebtNoncurrent + us-gaap:LongTermDebtCurrent + us-gaap:CommercialPaper"
    assert short_tag(summed) == "LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper"
    assert short_tag("ifrs-full:Revenue") == "ifrs-full:Revenue"


def test_a_section_into_a_file_starts_with_a_provenance_line_the_help_names_and_no_header_writes_the_text_alone(
    cli,
):
    # Apple's FY2024 10-K (0000320193-24-000123, filed 2024-11-01), Item 1A
    kept = cli("section", "AAPL", "risk_factors", "--fy", "2024")
    assert kept.rc == 0, kept.err
    head, blank, *_ = kept.out.split("\n", 2)
    assert "0000320193-24-000123" in head and "filed 2024-11-01" in head and blank == "", head
    text = cli("section", "AAPL", "risk_factors", "--fy", "2024", "--json").json()["text"]
    alone = cli("section", "AAPL", "risk_factors", "--fy", "2024", "--no-header")
    assert alone.rc == 0, alone.err
    assert alone.out.rstrip("\n") == text.rstrip("\n") and alone.out.startswith("Item 1A"), alone.out[:200]
    assert len(alone.out.split()) == len(text.split()) < len(kept.out.split())
    flat = " ".join(cli("section", "--help").out.split())
    assert "provenance line" in flat and "--no-header" in flat and "jq -r .text" in flat, flat

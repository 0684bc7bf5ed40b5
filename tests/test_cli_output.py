"""Every table command three ways, through the installed `edgar`: an 80-column table, piped output, CSV.

At 80 columns nothing that says whose row it is (company, filing) or what it is (a value, an accession
number) may be cut off or folded across lines: each must appear whole on one line of the table. Piped,
stdout is header-less tab-separated rows, as wide as their data. CSV parses with the csv module and
carries the same values as --json.

Figures (from the corpus): NVIDIA diluted EPS FY2026 4.90 (0001045810-26-000021), FY2025 2.94 and FY2024
1.19 restated from 11.93 (0001045810-25-000023, the 10-for-1 split of 2024); revenue FY2021 for NVIDIA
16,675,000,000 (0001045810-22-000036), Apple 365,817,000,000 (0000320193-21-000105) and Tesla
53,823,000,000 (0000950170-22-000796); NVIDIA's FY2025 10-K is 0001045810-25-000023 (nvda-20250126.htm).
"""

from __future__ import annotations

import csv
import io
import json
import os

import pytest

from edgar_cli.cli.render import fmt_value

NVDA_FY2025 = "0001045810-25-000023"
WRONG_YEAR = "NVIDIA's revenue in fiscal 2024 was $130.5 billion."


def _concept(d):
    return [fmt_value(v["value"], v["unit"]) for v in d["values"]] + [v["accession_number"] for v in d["values"]]


def _compare(d):
    return (
        [fmt_value(r["value"], r["unit"]) for r in d["rows"]]
        + [r["accession_number"] for r in d["rows"]]
        + [r["name"] for r in d["rows"]]
    )


CASES: dict[str, tuple[tuple[str, ...], object]] = {
    "concept": (("concept", "NVDA", "eps_diluted", "-n", "3"), _concept),
    "compare": (("compare", "revenue", "NVDA", "AAPL", "TSLA"), _compare),
    # NVIDIA's income statement, FY2024-FY2026 (10-Ks 0001045810-24-000029, -25-000023, -26-000021)
    "statement": (
        ("statement", "NVDA", "income", "--last", "3"),
        # a long label may wrap in its column; a value never does
        lambda d: [r["label"] for r in d["rows"] if len(r["label"]) <= 26] + [c["key"] for c in d["columns"]],
    ),
    "filings": (
        ("filings", "NVDA", "--form", "10-K", "-n", "3"),
        lambda d: [f["accession_number"] for f in d["filings"]] + [d["company"]["name"]],
    ),
    # Tesla's FY2024 10-K 0001628280-25-003063 and the 10-K/A 0001104659-25-042659 that amends it: the
    # description names each other's accession number, which must not fold inside the number
    "filings-amended": (
        ("filings", "TSLA", "--form", "10-K", "-n", "3"),
        lambda d: (
            [f["accession_number"] for f in d["filings"]]
            + [f"{f[key]})" for f in d["filings"] for key in ("amends", "superseded_by") if f[key]]
        ),
    ),
    "search": (
        ("search", "climate change", "--form", "8-K", "-n", "3"),
        lambda d: [f["accession_number"] for f in d["filings"]] + [f["company"]["cik"] for f in d["filings"]],
    ),
    "section": (
        ("section", "NVDA", "--accession", NVDA_FY2025),
        lambda d: [s["section"] for s in d["sections"]] + [f"{s['chars']:,}" for s in d["sections"]],
    ),
    "verify": (
        ("verify", WRONG_YEAR, "--company", "NVDA"),
        lambda d: (
            [f["text"] for f in d["figures"]] + [f["support"]["accession_number"] for f in d["figures"] if f["support"]]
        ),
    ),
    "resolve": (("resolve", "NVDA"), lambda d: [d["cik"], d["name"]]),
    "concepts": (("concepts",), lambda d: [c["concept"] for c in d["concepts"]]),
    "index-list": (("index", "list"), lambda d: [f["accession_number"] for f in d["filings"]]),
    "find": (
        ("find", "export controls China", "-n", "2"),
        lambda d: [h["ticker"] for h in d["results"]] + [f"filed {h['filed']}" for h in d["results"]],
    ),
    "config-show": (("config", "show"), lambda d: [s["setting"] for s in d["settings"]]),
    "cache-info": (("cache", "info"), lambda d: [d["directory"]]),
}
# What the piped and CSV output are compared on (tables of paths and clocks change from run to run).
UNSTABLE = {"config-show", "cache-info", "index-list"}


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One cache, data dir and index for the module's processes (companyfacts are fetched once)."""
    root = tmp_path_factory.mktemp("output")
    return {
        "EDGAR_CACHE_DIR": str(root / "cache"),
        "EDGAR_DATA_DIR": str(root / "data"),
        "EDGAR_INDEX": str(root / "data" / "index.sqlite"),
        "EDGAR_SEMANTIC": "0",
    }


@pytest.fixture
def run(edgar, shared, cli, monkeypatch):
    """run(args, *, columns=None, inprocess=False) with the module's cache and index (built on first use)."""
    for k, v in shared.items():
        monkeypatch.setenv(k, v)
    if not os.path.exists(shared["EDGAR_INDEX"]):
        built = edgar("index", "add", "NVDA", "--accession", NVDA_FY2025, "--json", env=shared)
        assert built.rc == 0, built.out + built.err

    def go(*args: str, columns: int | None = None, inprocess: bool = False):
        if inprocess:
            return cli(*args)
        env = dict(shared)
        if columns:
            env["COLUMNS"] = str(columns)
        return edgar(*args, env=env)

    return go


def _ok(r) -> None:
    assert r.rc in (0, 10, 17), r.out + r.err  # verify exits 10 when a figure is not grounded, compare 17 when
    # the figures are not comparable
    assert "Traceback" not in r.err


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_table_fits_80_columns_and_shows_every_key_cell_whole(run, name, snapshot):
    args, key_cells = CASES[name]
    table = run(*args, "--format", "table", columns=80)
    _ok(table)
    lines = table.out.splitlines()
    assert lines and max(len(line) for line in lines) <= 80, [line for line in lines if len(line) > 80]
    data = run(*args, "--json", inprocess=True).json()
    missing = [cell for cell in key_cells(data) if not any(cell in line for line in lines)]
    assert missing == [], table.out
    if name not in UNSTABLE:
        assert table.out == snapshot


@pytest.mark.parametrize("name", sorted(CASES))
def test_piped_output_is_tab_separated_rows_without_a_header(run, name, snapshot):
    args, _ = CASES[name]
    piped = run(*args)
    _ok(piped)
    rows = [line.split("\t") for line in piped.out.splitlines()]
    tsv = run(*args, "--tsv", inprocess=True).out.splitlines()
    header = tsv[0].split("\t")
    assert rows and {len(r) for r in rows} == {len(header)}  # one cell per column, tabs only between cells
    assert rows[0] != header
    if name not in UNSTABLE:  # the same rows as --tsv, without its header row
        assert [line.split("\t") for line in tsv[1:]] == rows
    assert "─" not in piped.out and "…" not in "".join(r[0] for r in rows)  # no table, nothing cut
    if name not in UNSTABLE:
        assert piped.out == snapshot


@pytest.mark.parametrize("name", sorted(CASES))
def test_csv_parses_and_carries_the_json_values(run, name, snapshot):
    args, _ = CASES[name]
    r = run(*args, "--csv", inprocess=True)
    _ok(r)
    parsed = list(csv.DictReader(io.StringIO(r.out)))
    assert parsed
    nl = [json.loads(line) for line in run(*args, "--nl", inprocess=True).out.splitlines()]
    assert len(nl) == len(parsed) and list(nl[0]) == list(parsed[0])  # the same columns, typed in nl
    if name not in UNSTABLE:
        assert r.out == snapshot


def test_concept_csv_is_spreadsheet_ready_plain_numbers_iso_dates_and_provenance(run):
    rows = list(
        csv.DictReader(io.StringIO(run("concept", "NVDA", "revenue", "--fy", "2024", "--csv", inprocess=True).out))
    )
    (row,) = rows
    # 0001045810-24-000029: NVIDIA's FY2024 10-K, Revenues 60,922,000,000 USD for 2023-01-30 to 2024-01-28
    assert {
        k: row[k]
        for k in (
            "company_name",
            "cik",
            "concept",
            "value",
            "unit",
            "fiscal_year",
            "fiscal_period",
            "start",
            "end",
            "form",
            "filed",
            "accession_number",
            "matched_tag",
            "restated",
        )
    } == {
        "company_name": "NVIDIA CORP",
        "cik": "0001045810",
        "concept": "revenue",
        "value": "60922000000",
        "unit": "USD",
        "fiscal_year": "2024",
        "fiscal_period": "FY",
        "start": "2023-01-30",
        "end": "2024-01-28",
        "form": "10-K",
        "filed": "2024-02-21",
        "accession_number": "0001045810-24-000029",
        "matched_tag": "us-gaap:Revenues",
        "restated": "false",
    }


def test_a_restated_value_keeps_its_original_in_the_csv(run):
    rows = list(
        csv.DictReader(io.StringIO(run("concept", "NVDA", "eps_diluted", "-n", "3", "--csv", inprocess=True).out))
    )
    fy2024 = next(r for r in rows if r["fiscal_year"] == "2024")
    assert (
        fy2024["value"],
        fy2024["restated"],
        fy2024["original_value"],
        fy2024["original_accession"],
        fy2024["revision_kind"],
    ) == ("1.19", "true", "11.93", "0001045810-24-000029", "stock_split")


def test_compare_rows_include_the_companies_without_a_figure(run):
    # Snowflake reports no SG&A as one tag (it reports its components): compare lists it as unavailable.
    rows = list(
        csv.DictReader(io.StringIO(run("compare", "sga", "NVDA", "SNOW", "--fy", "2024", "--csv", inprocess=True).out))
    )
    assert [r["company_name"] for r in rows] == ["NVIDIA CORP", "Snowflake Inc."]
    assert rows[0]["unavailable"] == "" and rows[1]["value"] == "" and rows[1]["unavailable"].startswith("not_found")


def test_one_format_at_a_time(run):
    r = run("concept", "NVDA", "revenue", "--json", "--csv", inprocess=True)
    assert r.rc == 2 and "choose one output format" in r.json()["error"]["message"]


def test_the_common_options_are_accepted_after_the_subcommand_and_before_it(run):
    after = run(
        "concept",
        "NVDA",
        "revenue",
        "--fy",
        "2024",
        "--no-cache",
        "-q",
        "--user-agent",
        "Jane Doe jane@example.com",
        "--format",
        "nl",
        inprocess=True,
    )
    before = run(
        "--no-cache",
        "-q",
        "--user-agent",
        "Jane Doe jane@example.com",
        "concept",
        "NVDA",
        "revenue",
        "--fy",
        "2024",
        "--nl",
        inprocess=True,
    )
    assert after.rc == before.rc == 0 and after.out == before.out
    assert json.loads(after.out)["value"] == 60922000000  # 0001045810-24-000029


def test_quiet_drops_notes_but_never_warnings(run):
    loud = run("concept", "NVDA", "revenue", inprocess=True)
    quiet = run("concept", "NVDA", "revenue", "-q", inprocess=True)
    assert "note:" in loud.err and "note:" not in quiet.err
    assert quiet.err.count("warning:") == loud.err.count("warning:") > 0  # two tags among the values shown
    assert quiet.out == loud.out


def test_each_note_is_printed_once(run):
    r = run("find", "export controls China", "-n", "2", inprocess=True)
    assert r.rc == 0 and r.err.count("Keyword-only search") == 1


def test_a_statement_wider_than_80_columns_keeps_its_concept_column_and_folds_its_periods_into_blocks(run):
    # NVIDIA's income statement FY2022-FY2026: FY2026 revenue 215,938 m (0001045810-26-000021), FY2024 60,922 m
    # (0001045810-24-000029). Five periods and a trend column do not fit 80 columns; the labels must stay.
    table = run("statement", "NVDA", "income", "--last", "5", "--format", "table", columns=80)
    _ok(table)
    lines = table.out.splitlines()
    assert max(len(line) for line in lines) <= 80
    data = run("statement", "NVDA", "income", "--last", "5", "--json", inprocess=True).json()
    for row in data["rows"]:  # every row says what it is: its label starts a line
        assert any(line.strip().startswith(row["label"].split()[0]) for line in lines), row["label"]
    assert "…" not in table.out
    revenue = [line for line in lines if line.strip().startswith("Revenue")]  # one line per block
    assert any("60,922" in line for line in revenue) and any("215,938" in line for line in revenue)
    # every period asked for is shown (issue 36): folded into blocks, not dropped
    assert "5 periods in 2 blocks at 80 columns" in " ".join(table.out.split())
    assert all(f"FY{y}" in table.out for y in range(2022, 2027))
    wide = run("statement", "NVDA", "income", "--last", "5", "--format", "table", columns=200)
    assert "FY2022" in wide.out and "blocks" not in wide.out


def test_piped_and_csv_output_say_on_stderr_what_the_table_says_under_its_rows(run):
    # NVIDIA's FY2025 10-K (0001045810-25-000023): Item 1A is 110,568 characters, 20,000 by default
    # a page asked for (a pipe gets the whole section by default: issue 36) says where it stops, and so does the
    # provenance line that starts the text written
    section = run("section", "NVDA", "risk_factors", "--accession", NVDA_FY2025, "--max-chars", "20000")
    _ok(section)
    assert "Item 1A" in section.out and "of 110568; more with --offset" in section.err  # never a silent cut
    assert "characters 0-" in section.out.partition("\n\n")[0]
    whole = run("section", "NVDA", "risk_factors", "--accession", NVDA_FY2025, "--all")
    assert "more with --offset" not in whole.err and len(whole.out) > 100_000
    # NVIDIA's revenue: 19 annual values, 8 by default
    concept = run("concept", "NVDA", "revenue", "--csv", inprocess=True)
    assert len(concept.out.splitlines()) == 9 and "8 of 19 values shown; --limit 19 for all" in concept.err
    assert "shown" not in run("concept", "NVDA", "revenue", "-q", inprocess=True).err
    # compare picks FY2021 (Tesla's latest in the corpus) and says why, in every format
    compared = run("compare", "revenue", "NVDA", "AAPL", "TSLA", "--csv", inprocess=True)
    assert "FY2021 is the latest fiscal year that all 3 companies report" in compared.err
    table = run("compare", "revenue", "NVDA", "AAPL", "TSLA", "--format", "table", inprocess=True)
    assert "FY2021 is the latest" not in table.err  # the table's caption says it, once


def test_csv_text_that_a_spreadsheet_would_run_as_a_formula_is_kept_as_text_and_numbers_stay_numbers():
    from edgar_cli.cli.output import write_rows

    # hand-written rows: hostile text (a filer's name, an excerpt, a query) beside numbers from the corpus
    # (NVIDIA's FY2023 income tax expense was -187,000,000 USD, 0001045810-24-000029)
    rows = [
        {
            "company_name": '=HYPERLINK("http://evil.example","x")',
            "excerpt": "+1 (555) call now",
            "query": "@SUM(A1)",
            "value": -187000000,
            "ratio": -0.5,
            "text_number": "-187",
            "dash": "-",
            "note": 'Tesla, Inc. said "hi"',
        }
    ]
    out = io.StringIO()
    write_rows(rows, "csv", out, header=True, safe=False)
    (parsed,) = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert parsed["company_name"] == "'" + rows[0]["company_name"]
    assert parsed["excerpt"] == "'+1 (555) call now" and parsed["query"] == "'@SUM(A1)"
    assert (parsed["value"], parsed["ratio"], parsed["text_number"], parsed["dash"]) == (
        "-187000000",
        "-0.5",
        "-187",
        "-",
    )
    assert parsed["note"] == 'Tesla, Inc. said "hi"'  # commas and quotes round-trip through the csv module
    tsv = io.StringIO()
    write_rows(rows, "tsv", tsv, header=False, safe=False)
    assert tsv.getvalue().startswith("=HYPERLINK(")  # tsv (for cut and awk) stays exact


def test_a_url_under_a_table_is_never_folded_across_lines(run):
    # The corpus holds no primary document of NVIDIA's FY2026 10-K (0001045810-26-000021): index add skips it
    # and says where it looked; at 80 columns that URL must stay whole (on stderr), not be folded in the caption.
    url = "https://www.sec.gov/Archives/edgar/data/1045810/000104581026000021/nvda-20260125.htm"
    r = run("index", "add", "NVDA", "--years", "1", "--format", "table", columns=80)
    assert r.rc == 3 and "Traceback" not in r.err, r.err  # nothing indexed: the skip's not_found
    assert url not in r.out and "nvda-2026" not in r.out
    assert any(url in line for line in r.err.splitlines()), r.err


def test_a_statements_row_notes_follow_the_data_in_every_format_and_quiet_silences_them(run):
    # NVIDIA's income statement: Net income ignores facts repeated in DEF 14A proxy statements (a row note)
    for fmt in ("table", "csv"):
        loud = run("statement", "NVDA", "income", "--last", "3", "--format", fmt, inprocess=True)
        # said once for the table, summed over its rows (issue 35, item 6: not once per row)
        assert loud.rc == 0 and loud.err.count("note: Facts repeated outside periodic reports were ignored (") == 1, fmt
        quiet = run("statement", "NVDA", "income", "--last", "3", "--format", fmt, "-q", inprocess=True)
        assert quiet.rc == 0 and "note:" not in quiet.err and quiet.out == loud.out, fmt


def _stdout_on_a_terminal(args: list[str], env: dict) -> bytes:
    """What ``edgar ARGS`` writes to a pseudo-terminal as its stdout (stderr to a pipe), as raw bytes."""
    import pty
    import select
    import subprocess

    from support import edgar_command

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        edgar_command() + args,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
    )
    os.close(slave)
    screen = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # the terminal's other end closed: the process is done writing
                break
            if not data:
                break
            screen += data
    finally:
        os.close(master)
        proc.wait(timeout=30)
    return screen.replace(b"\r\n", b"\n")


def test_json_and_nl_on_a_terminal_escape_c1_controls_and_bidi_overrides_and_keep_the_value(mirror, shared):
    # U+009B is a one-character CSI (xterm obeys "\x9b31m" as ESC [ 31m); U+202E reverses what follows it.
    # verify echoes the answer's sentence in each figure's context (NVIDIA's FY2024 revenue, 0001045810-24-000029)
    text = "NVIDIA\u009b31m revenue \u202ein fiscal 2024 was $60.9 billion\u2066."
    env = {**shared, "EDGAR_MIRROR": mirror.url}
    as_json = _stdout_on_a_terminal(["verify", text, "--company", "NVDA", "--json"], env)
    as_nl = _stdout_on_a_terminal(["verify", text, "--company", "NVDA", "--nl"], env)
    for screen in (as_json, as_nl):
        decoded = screen.decode()
        assert "\u009b" not in decoded and "\u202e" not in decoded and "\u2066" not in decoded
        assert "\\u009b" in decoded and "\\u202e" in decoded
    assert {f["context"] for f in json.loads(as_json)["figures"]} == {text}  # the same JSON value
    assert {json.loads(line)["context"] for line in as_nl.decode().splitlines()} == {text}


def test_terminal_json_escapes_del_c1_and_bidi_characters_and_parses_to_the_same_value():
    from edgar_cli.cli.output import terminal_json

    value = {"name": "A\u009b2J\u007fB\u200e\u202a\u2069", "tab": "x\ty", "plain": "Café – 10-K"}
    text = json.dumps(value, ensure_ascii=False, indent=2)
    shown = terminal_json(text)
    assert json.loads(shown) == value
    assert not any(ch in shown for ch in "\u009b\u007f\u200e\u202a\u2069")
    assert "Café – 10-K" in shown and "\\u009b" in shown


def test_terminal_json_escapes_the_arabic_letter_mark_and_the_unicode_line_separators_too():
    from edgar_cli.cli.output import terminal_json, terminal_safe

    value = {"name": "A\u061cB\u2028C\u2029D"}
    shown = terminal_json(json.dumps(value, ensure_ascii=False))
    assert json.loads(shown) == value and not any(ch in shown for ch in "\u061c\u2028\u2029")
    assert terminal_safe(value["name"]) == "A\ufffdB\ufffdC\ufffdD"


def test_a_warning_on_stderr_shows_control_characters_and_starts_no_line_of_its_own(capsys, monkeypatch):
    from edgar_cli import logs

    logs.warning("key \x1b]0;title\x07\u009b2J\u202e\nwarning: forged")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("warning: key ␛]0;title␇") and "\x1b" not in err
    monkeypatch.setenv("EDGAR_LOG_FORMAT", "json")
    logs.warning("key \u009b2J\u202e\u2028\nwarning: forged")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and json.loads(err)["message"] == "key \u009b2J\u202e\u2028\nwarning: forged"
    assert not any(ch in err for ch in "\u009b\u202e\u2028")  # escaped in the JSON text, the same value


def test_cache_info_speaks_in_human_sizes_on_a_table_and_bytes_in_json(run):
    # issue 36: `cache info` printed 5907345
    from edgar_cli.cli.render import human_bytes

    assert (human_bytes(999), human_bytes(1536), human_bytes(5_907_345)) == ("999 bytes", "1.5 KB", "5.9 MB")
    run("concept", "NVDA", "revenue", "--json", inprocess=True)
    table = run("cache", "info", "--format", "table", inprocess=True)
    assert table.rc == 0 and " MB (" in table.out and "never expires" in table.out
    assert isinstance(run("cache", "info", "--json", inprocess=True).json()["bytes"], int)


def test_messages_wrap_at_word_boundaries_and_keep_a_command_on_one_line():
    # issue 36: long warnings broke mid-word on a terminal ("NVI/DIA", "config.j/son")
    from edgar_cli.cli.render import wrap_message

    text = (
        "warning: the XBRL facts of NVIDIA CORP end early; read them with edgar section NVDA risk_factors "
        "--accession 0001045810-25-000023. Set it in /home/jane/.config/edgar-cli/config.json or run "
        "edgar config set user-agent 'Jane Doe jane@example.com' and retry."
    )
    lines = wrap_message(text, 60).splitlines()
    assert all(len(line) <= 60 or line.strip().startswith("edgar ") for line in lines)
    words = text.split()
    assert " ".join(" ".join(lines).split()) == " ".join(words)  # nothing cut, nothing added
    assert any(
        line.strip() == "edgar section NVDA risk_factors --accession 0001045810-25-000023. Set it in"
        or line.strip().startswith("edgar section NVDA risk_factors --accession 0001045810-25-000023.")
        for line in lines
    )
    assert any("/home/jane/.config/edgar-cli/config.json" in line for line in lines)
    assert any(line.strip().startswith("edgar config set user-agent 'Jane Doe jane@example.com'") for line in lines)
    assert wrap_message(text, None) == text  # off a terminal: one line per message

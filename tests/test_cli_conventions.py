"""Conventions and the first run, through the installed `edgar`: help, version, prompts on a terminal,
errors that say what failed, closed pipes, hostile text, the mirror script and serve-mcp's banner.

Terminal behaviour (prompts, confirmation, progress) is driven through a pseudo-terminal, as a person's
shell would: stdin and stderr on the pty, stdout on a pipe.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from servers import stdio_mcp_server
from support import edgar_command, read_terminal

ROOT = Path(__file__).resolve().parent.parent


def _leaf_commands():
    from edgar_cli.cli.app import app

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                yield from walk(sub, (*path, name))
        else:
            yield path, cmd

    yield from walk(typer.main.get_command(app), ())


def in_pty(args: list[str], *, answers: list[bytes] = (), env: dict | None = None, timeout: float = 60):
    """Run edgar with stdin and stderr on a pseudo-terminal; type ``answers`` once it asks; (rc, stdout, screen)."""
    master, slave = pty.openpty()
    full_env = {k: v for k, v in {**os.environ, **(env or {})}.items() if v is not None}
    proc = subprocess.Popen(edgar_command() + args, stdin=slave, stdout=subprocess.PIPE, stderr=slave, env=full_env)
    os.close(slave)
    screen = read_terminal(master, proc, timeout, list(answers))
    out = proc.stdout.read().decode()
    proc.wait(timeout=10)
    os.close(master)
    return proc.returncode, out, screen.decode(errors="replace")


# --- help and conventions -------------------------------------------------------------------------


def test_version_with_either_flag(edgar):
    from importlib.metadata import version

    for flag in ("--version", "-V"):
        r = edgar(flag)
        assert r.rc == 0 and r.out == f"edgar {version('edgar-cli')}\n"


def test_every_command_has_short_help_and_examples_of_itself(cli):
    for path, _cmd in _leaf_commands():
        r = cli(*path, "-h")
        assert r.rc == 0, path
        examples = r.out.split("Examples:", 1)
        assert len(examples) == 2, f"edgar {' '.join(path)} has no examples"
        assert f"edgar {' '.join(path)}" in examples[1], path


def test_options_show_readable_metavars_and_their_choices(cli):
    for path, _cmd in _leaf_commands():
        text = cli(*path, "--help").out
        # options, arguments and the usage line alike: no Python types, no {REQUIRED}, no [[doubled]] brackets
        assert "<str>" not in text and "<int>" not in text and "list[" not in text, (path, text)
        usage = text.splitlines()[0]
        assert "{" not in usage and "[[" not in usage, (path, usage)
    assert cli("concept", "--help").out.startswith("Usage: edgar concept [OPTIONS] COMPANY CONCEPT...\n")
    assert cli("section", "--help").out.startswith("Usage: edgar section [OPTIONS] [COMPANY] [SECTION]\n")
    assert "STATEMENT <income|balance|cashflow>" in cli("statement", "--help").out
    assert "--transport stdio|streamable-http" in cli("serve-mcp", "--help").out
    assert "--period <annual|quarterly|all>" in cli("concept", "--help").out
    assert "--sort <given|value>" in cli("compare", "--help").out
    assert "--match <ranked|phrase>" in cli("find", "--help").out


def test_the_top_level_commands_are_listed_by_task(cli):
    from edgar_cli.cli.app import COMMAND_ORDER

    listing = cli("--help").out.split("Numbers (XBRL facts):", 1)[1]  # the commands, under their task headings
    listing = listing.split("Examples:")[0]
    names = [line.split()[0] for line in listing.splitlines() if re.match(r"  \S", line)]  # not a wrapped line
    assert names == list(COMMAND_ORDER)


def test_short_flags_for_the_common_options(cli):
    long = cli("concept", "NVDA", "eps_diluted", "--period", "quarterly", "--limit", "2", "--json").json()
    short = cli("concept", "NVDA", "eps_diluted", "-p", "quarterly", "-n", "2", "--json").json()
    assert long.pop("data_source")["kind"] == "live" and short.pop("data_source")["kind"] == "cache"
    assert long == short and len(short["values"]) == 2


def test_option_values_complete_in_the_shell():
    def complete(words: str) -> list[str]:
        env = dict(
            os.environ, _EDGAR_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - 1)
        )
        return subprocess.run(edgar_command(), env=env, capture_output=True, text=True, timeout=60).stdout.split()

    assert complete("edgar concept NVDA revenue --period q") == ["quarterly"]
    assert complete("edgar compare revenue NVDA AAPL --sort v") == ["value"]
    assert complete("edgar find x --match p") == ["phrase"]
    assert complete("edgar concept NVDA revenue --format c") == ["csv"]


# --- the first run --------------------------------------------------------------------------------


def first_run_env(mirror, tmp_path) -> dict:
    """A first run: no User-Agent set or configured (config under TMP_PATH/config), prompts allowed."""
    return {
        "SEC_USER_AGENT": None,
        "EDGAR_NONINTERACTIVE": None,
        "EDGAR_MIRROR": mirror.url,
        "EDGAR_CONFIG_DIR": str(tmp_path / "config"),
    }


def test_the_user_agent_prompt_says_why_an_answer_is_refused_and_asks_again(mirror, tmp_path):
    env = first_run_env(mirror, tmp_path)
    rc, out, screen = in_pty(["resolve", "NVDA", "--tsv"], answers=[b"jane\n", b"Jane Doe jane@example.com\n"], env=env)
    assert rc == 0, screen
    assert "Not accepted: it has no email address" in screen and "Try again" in screen
    assert "0001045810" in out
    assert json.loads((tmp_path / "config" / "config.json").read_text())["user_agent"] == "Jane Doe jane@example.com"


def test_ctrl_d_at_the_user_agent_prompt_is_a_clean_exit(mirror, tmp_path):
    env = first_run_env(mirror, tmp_path)
    rc, out, screen = in_pty(["resolve", "NVDA"], answers=[b"\x04"], env=env)
    assert rc == 6 and "user_agent_required" in screen and "Traceback" not in screen + out


@pytest.mark.parametrize("mirror_value", ["localhost:8080", "127.0.0.1:8080", "ftp://example.com", "http://"])
def test_a_mirror_that_is_not_an_http_url_is_a_configuration_error(edgar, mirror_value):
    r = edgar("concept", "NVDA", "revenue", "--json", env={"EDGAR_MIRROR": mirror_value})
    assert r.rc == 2 and r.json()["error"]["code"] == "invalid_argument"
    assert "EDGAR_MIRROR" in r.json()["error"]["message"] and "http://" in r.json()["error"]["message"]


def test_a_mirror_that_is_down_is_said_at_once_not_blamed_on_the_sec(edgar):
    import socket

    with socket.socket() as s:  # a loopback port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    r = edgar("concept", "NVDA", "revenue", "--json", env={"EDGAR_MIRROR": f"http://127.0.0.1:{port}"})
    err = r.json()["error"]
    assert r.rc == 13 and err["code"] == "network_unavailable" and "refused" in err["message"]
    assert "busy" not in err["message"] + err["suggestion"] and time.monotonic() - started < 8  # no 10 s of retries


def test_a_mistyped_mirror_host_is_a_name_that_does_not_resolve(edgar):
    r = edgar("concept", "NVDA", "revenue", "--json", env={"EDGAR_MIRROR": "http://edgar-mirror.invalid:8080"})
    err = r.json()["error"]
    assert r.rc == 13 and err["code"] == "network_unavailable" and "edgar-mirror.invalid" in err["message"]


def test_config_show_lists_every_setting_and_file_with_where_it_came_from(edgar, tmp_path):
    env = {"EDGAR_DATA_DIR": str(tmp_path / "data"), "EDGAR_INDEX": None}
    r = edgar("config", "show", "--json", env=env)
    rows = {s["setting"]: s for s in r.json()["settings"]}
    assert set(rows) == {
        "user_agent",
        "mirror",
        "cache",
        "config_file",
        "cache_dir",
        "ratelimit_bucket",
        "redis",
        "data_dir",
        "index",
        "today",
        "debug",
        "interactive",
    }
    assert rows["redis"]["value"].startswith("none")
    assert rows["user_agent"]["source"] == "SEC_USER_AGENT" and rows["mirror"]["source"] == "EDGAR_MIRROR"
    assert rows["index"]["value"] == str(tmp_path / "data" / "index.sqlite") and rows["index"]["source"] == "data_dir"
    assert rows["today"] == {
        "setting": "today",
        "value": "2026-07-01",
        "source": "EDGAR_TODAY",
        "variable": "EDGAR_TODAY",
        "exists": None,
    }
    assert rows["ratelimit_bucket"]["value"].endswith("ratelimit.sqlite")


def test_config_show_never_prints_a_password_of_the_mirror_or_the_index(edgar, mirror):
    env = {
        "EDGAR_MIRROR": mirror.url.replace("http://", "http://me:MirrorPw1@") + "?token=MirrorTok2",
        "EDGAR_INDEX_URL": "postgresql://edgar@127.0.0.1:1/db?password=QueryPw9",
    }
    r = edgar("config", "show", "--json", env=env)
    rows = {s["setting"]: s for s in r.json()["settings"]}
    assert "MirrorPw1" not in r.out + r.err and "MirrorTok2" not in r.out + r.err and "QueryPw9" not in r.out + r.err
    assert "me:***@127.0.0.1" in rows["mirror"]["value"] and rows["index"]["value"].startswith("postgresql://edgar@")


def test_the_mirror_script_refuses_to_start_without_a_corpus_and_takes_a_port(tmp_path):
    r = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "helpers" / "mirror.py"), "--corpus", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 2 and "no SEC corpus" in r.stderr and r.stdout == ""


def test_the_mirror_script_serves_on_the_port_asked_for(corpus):
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "helpers" / "mirror.py"), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/www.sec.gov/files/company_tickers.json", timeout=10) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_mcp_says_once_on_stderr_which_transport_it_serves(tmp_path):
    env = dict(os.environ, EDGAR_CACHE_DIR=str(tmp_path / "c"))
    proc = stdio_mcp_server(env)
    out, err = proc.communicate("", timeout=60)  # end of input: the stdio server stops
    assert err.count("edgar: serving MCP over stdio") == 1 and out == ""
    assert "User-Agent" not in err  # the tests' SEC_USER_AGENT is set


def test_serve_mcp_without_a_user_agent_says_so_at_start(tmp_path):
    # issue 36: it started silently and failed at the first call
    env = {k: v for k, v in os.environ.items() if k != "SEC_USER_AGENT"}
    env.update(EDGAR_CACHE_DIR=str(tmp_path / "c"), EDGAR_CONFIG_DIR=str(tmp_path / "cfg"))
    proc = stdio_mcp_server(env)
    out, err = proc.communicate("", timeout=60)
    assert "no usable SEC User-Agent is configured" in err and "SEC_USER_AGENT=" in err and out == ""


# --- pipes, terminals, hostile text ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", [[], ["--format", "table"], ["--json"]])
def test_a_reader_that_closes_the_pipe_early_is_not_a_failure(edgar, mirror, fmt):
    cmd = " ".join(edgar_command() + ["concept", "AAPL", "revenue", "--period", "all", "-n", "200", *fmt])
    env = dict(os.environ, EDGAR_MIRROR=mirror.url)
    for redirect in ("2>&1", "2>/dev/null"):
        r = subprocess.run(
            ["bash", "-c", f"{cmd} {redirect} | head -1 >/dev/null; echo ${{PIPESTATUS[0]}}"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert r.stdout.strip() == "0", (redirect, r.stdout, r.stderr)


def test_a_closed_stderr_does_not_change_the_exit_status(edgar, mirror):
    cmd = " ".join(edgar_command() + ["concept", "NVDA", "revenue"])
    r = subprocess.run(
        ["bash", "-c", f"{cmd} 2>&1 >/dev/null | head -c0; echo ${{PIPESTATUS[0]}}"],
        capture_output=True,
        text=True,
        env=dict(os.environ, EDGAR_MIRROR=mirror.url),
        timeout=120,
    )
    assert r.stdout.strip() == "0", r.stderr


def test_an_argument_that_is_not_utf8_is_invalid_argument_not_a_traceback(edgar):
    proc = subprocess.run(
        edgar_command() + [os.fsdecode(b"find"), os.fsdecode(b"export \xff"), "--json"], capture_output=True, timeout=60
    )
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    err = json.loads(proc.stdout)["error"]
    assert err["code"] == "invalid_argument" and "0xff" in err["message"]


def test_escape_sequences_in_arguments_never_reach_the_terminal(edgar):
    concept = "\x1b[2J\x1b]0;pwned\x07revenue"
    err = edgar("concept", "NVDA", concept)
    assert err.rc == 2 and "\x1b" not in err.err and "\x07" not in err.err and "revenue" in err.err
    usage = edgar("\x1b[2J")  # echoed by the usage error
    assert usage.rc == 2 and "\x1b" not in usage.err


def test_escape_sequences_in_filing_text_are_shown_in_tables_not_obeyed(capsys, monkeypatch):
    from edgar_cli.capabilities.resolve.model import ResolvedCompany
    from edgar_cli.cli.output import emit

    monkeypatch.setenv("COLUMNS", "80")
    company = ResolvedCompany(
        query="x",
        cik="0000000001",
        name="EVIL\x1b[2J\x1b]8;;http://x\x07CORP",
        tickers=["E\x9bV"],
        match_type="ticker",
        score=1.0,
    )
    emit(company, "table")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "EVIL␛[2J␛]8;;http://x␇CORP" in out
    emit(company, "json")
    assert json.loads(capsys.readouterr().out)["name"] == company.name


def test_control_characters_in_filing_text_are_shown_not_obeyed():
    from edgar_cli.cli.output import terminal_safe

    text = "a\x1b[2Jb\rc\x9bd\u202ee\tf\ng"
    shown = terminal_safe(text)
    assert shown == "a␛[2Jb␍c\ufffdd\ufffde\tf\ng" and len(shown) == len(text)


def test_progress_shows_on_a_terminal_for_a_slow_command_and_quiet_hides_it(mirror, tmp_path):
    # progress shows after EDGAR_PROGRESS_AFTER seconds (1 by default): 0 here, so that a fast machine's cold
    # compare shows it too, whatever the timing
    env = {"EDGAR_MIRROR": mirror.url, "EDGAR_CACHE_DIR": str(tmp_path / "cold"), "EDGAR_PROGRESS_AFTER": "0"}
    args = ["compare", "revenue", "NVDA", "AAPL", "TSLA", "MSFT", "GOOGL", "--json"]
    rc, out, screen = in_pty(args, env=env)
    assert rc == 16 and json.loads(out)["rows"]  # 16: Microsoft has no companyfacts in the corpus (16 wins over 17)
    assert "fetching " in screen and "requests" in screen
    env["EDGAR_CACHE_DIR"] = str(tmp_path / "cold2")
    rc, out, screen = in_pty([*args, "-q"], env=env)
    assert rc == 16 and "fetching" not in screen


def test_destructive_commands_ask_on_a_terminal_and_take_yes(edgar, tmp_path):
    env = {"EDGAR_CACHE_DIR": str(tmp_path / "cache")}
    assert edgar("resolve", "NVDA", "--json", env=env).rc == 0
    entries = edgar("cache", "info", "--json", env=env).json()["entries"]
    rc, out, screen = in_pty(["cache", "clear"], answers=[b"n\n"], env=env)
    assert rc == 0 and "Delete every cached SEC response" in screen and "Nothing was deleted" in screen
    assert edgar("cache", "info", "--json", env=env).json()["entries"] == entries > 0
    rc, out, screen = in_pty(["cache", "clear", "--yes", "--tsv"], env=env)
    assert rc == 0 and "[y/N]" not in screen and edgar("cache", "info", "--json", env=env).json()["entries"] == 0
    rc, out, screen = in_pty(["index", "remove", "--all"], answers=[b"\x04"], env=env)  # Ctrl-D is no
    assert rc == 0 and "Remove every filing from the local index" in screen and "Nothing was removed" in screen


def test_section_without_a_name_prints_the_outline_and_all_prints_the_whole_section(cli):
    outline = cli("section", "NVDA", "--accession", "0001045810-25-000023", "--json").json()
    assert (
        "sections" in outline and outline["sections"][2]["section"] == "risk_factors"
    )  # after the cover page and Item 1
    whole = cli("section", "NVDA", "mda", "--accession", "0001045810-25-000023", "--all")
    page = cli("section", "NVDA", "mda", "--accession", "0001045810-25-000023", "--max-chars", "0", "--json").json()
    head, _, text = whole.out.partition("\n\n")  # the provenance line, then the text (stdout is a pipe here)
    assert "0001045810-25-000023" in head and text.rstrip("\n") == page["text"] and page["truncated"] is False
    assert "\n" in page["text"] and max(len(line) for line in text.splitlines()) > 200  # never hard-wrapped
    piped = cli("section", "NVDA", "mda", "--accession", "0001045810-25-000023")  # no flag: a pipe gets it all
    assert piped.out == whole.out


def test_concepts_lists_the_catalogue_and_refuses_a_concept_it_does_not_hold(cli):
    names = [c["concept"] for c in cli("concepts", "--json").json()["concepts"]]
    assert {"revenue", "net_income", "eps_diluted", "capex"} <= set(names)
    one = cli("concepts", "R&D", "--json").json()["concepts"]
    assert [c["concept"] for c in one] == ["rnd_expense"] and one[0]["tags"][0]["tag"].startswith("us-gaap:")


@pytest.mark.parametrize(
    "asked,says,never",
    [
        ("ebitda", "non-GAAP", "operating_income'?"),
        ("free_cash_flow", "operating_cash_flow and capex", "Did you mean"),
        ("FCF", "operating_cash_flow and capex", "Did you mean"),
        ("ebit", "not an XBRL fact", "Did you mean"),  # EBIT is not operating income: never answered as it
    ],
)
def test_a_concept_outside_the_catalogue_is_never_corrected_to_another(cli, asked, says, never):
    err = cli("concept", "NVDA", asked, "--json").json()["error"]
    assert err["code"] == "invalid_argument" and says in err["message"] and never not in err["message"]
    assert err["did_you_mean"] is None


def test_a_misspelt_concept_gets_its_own_name_suggested(cli):
    err = cli("concept", "NVDA", "revnue", "--json").json()["error"]
    assert err["did_you_mean"] == "revenue" and "Did you mean 'revenue'?" in err["message"]


def test_an_unknown_raw_tag_suggests_the_similar_tags_the_company_reports(cli):
    # NVIDIA's companyfacts report us-gaap:Revenues and us-gaap:ResearchAndDevelopmentExpense.
    err = cli("concept", "NVDA", "us-gaap:Revenu", "--json").json()["error"]
    assert err["code"] == "not_found" and err["similar_tags"][0] == "us-gaap:Revenues"
    err = cli("concept", "NVDA", "ResearchAndDevelopmentExpens", "--json").json()["error"]
    assert "us-gaap:ResearchAndDevelopmentExpense" in err["similar_tags"]


def test_ctrl_c_at_the_user_agent_prompt_exits_130_quietly(tmp_path):
    # issue 36: Ctrl-C at the first-run prompt printed user_agent_required and exited 6
    import signal

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("SEC_USER_AGENT", "EDGAR_NONINTERACTIVE")}
    env.update(
        EDGAR_CONFIG_DIR=str(tmp_path / "config"),
        EDGAR_CACHE_DIR=str(tmp_path / "cache"),
        EDGAR_MIRROR="http://127.0.0.1:9",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "edgar_cli", "concept", "NVDA", "revenue"],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_as_a_shell_starts_it,
    )
    os.close(slave)
    try:
        deadline = time.monotonic() + 30
        err = b""
        while b"Your name and email" not in err and time.monotonic() < deadline:
            time.sleep(0.1)
            err += os.read(proc.stderr.fileno(), 4096) if _readable(proc.stderr) else b""
        assert b"Your name and email" in err
        proc.send_signal(signal.SIGINT)
        try:
            out, rest = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            status = Path(f"/proc/{proc.pid}/status")
            signals = [ln for ln in status.read_text().splitlines() if ln.startswith("Sig")] if status.exists() else []
            raise AssertionError(f"no exit within 30 s of SIGINT; the child's signal masks: {signals}") from None
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert b"user_agent_required" not in err + rest and b"Traceback" not in err + rest and out == b""


def _as_a_shell_starts_it() -> None:
    """In the child before exec: SIGINT at its default and unblocked, as a shell starts a command. A test worker
    may carry another disposition or mask (inherited across exec) from earlier work in its process."""
    import signal

    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _readable(stream) -> bool:
    return bool(select.select([stream], [], [], 0.1)[0])


@pytest.mark.parametrize(
    "prefix,expected",
    [
        ("/home/j/.local/share/uv/tools/edgar-cli", "uv tool install --reinstall '"),
        ("/home/j/.local/share/pipx/venvs/edgar-cli", "pipx install --force '"),
        ("/home/j/edgar/.venv", " -m pip install "),
    ],
)
def test_an_install_hint_matches_how_edgar_was_installed(monkeypatch, prefix, expected):
    # issue 36: hints named a package on no index ("pip install 'edgar-cli[semantic]'") whatever the installer
    from edgar_cli.config import install_hint

    monkeypatch.setattr(sys, "prefix", prefix)
    hint = install_hint("semantic")
    assert expected in hint and hint.endswith("[semantic]'") and "edgar-cli[" not in hint

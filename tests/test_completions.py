"""Shell completions: the committed scripts are current, and values complete from the live app."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

from support import edgar_command

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("gen", ROOT / "completions" / "generate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_completion_scripts_are_current():
    for name, text in _generator().scripts().items():
        path = ROOT / "completions" / name
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run python completions/generate.py"


def _complete(words: str, cword: int) -> list[str]:
    env = dict(os.environ, _EDGAR_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword))
    out = subprocess.run(edgar_command(), env=env, capture_output=True, text=True, timeout=60).stdout
    return out.split()


def test_commands_complete():
    assert {"concept", "config"} <= set(_complete("edgar con", 1))


def test_concept_names_complete_as_values():
    assert _complete("edgar concept NVDA eps", 3) == ["eps", "eps_basic", "eps_diluted"]


def test_section_keys_and_form_types_complete_as_values():
    assert "risk_factors" in _complete("edgar section NVDA risk", 3)
    assert {"10-K", "10-Q"} <= set(_complete("edgar filings NVDA --form 10", 4))
    assert "10-K,8-K" in _complete("edgar search x --forms 10-K,8", 4)
    assert "risk_factors" in _complete("edgar find x --section risk", 4)

"""edgar_cli.patterns: a module-level regular expression compiled on its first use, and then the same pattern."""

from __future__ import annotations

import re

from edgar_cli.patterns import LazyPattern, lazy


def test_a_lazy_pattern_is_not_compiled_until_used_and_then_answers_as_the_compiled_one():
    source, text = r"\$(\d+(?:\.\d+)?)\s*(billion|million)", "Revenue was $60.9 billion, up from $27.0 Billion."
    pat = lazy(source, re.I)
    assert "_compiled" not in vars(pat) and pat.pattern == source  # the source is readable before any use
    same = re.compile(source, re.I)
    assert [m.groups() for m in pat.finditer(text)] == [m.groups() for m in same.finditer(text)]
    assert isinstance(vars(pat)["_compiled"], re.Pattern)
    assert pat.sub("X", text) == same.sub("X", text) and pat.split(text) == same.split(text)
    assert pat.search(text).group(1) == "60.9" and pat.fullmatch("$1 million") is not None
    assert pat.flags == same.flags and pat.groups == 2


def test_a_lazy_pattern_compiles_once_however_often_it_is_used():
    pat = lazy(r"\bFY(\d{4})\b")
    first = pat.compiled
    for _ in range(3):
        pat.search("FY2024")
    assert pat.compiled is first and isinstance(pat, LazyPattern)


def test_the_verification_modules_compile_no_module_pattern_on_import():
    import edgar_cli.verification.grounding as grounding

    lazies = [v for v in vars(grounding).values() if isinstance(v, LazyPattern)]
    assert len(lazies) > 30  # its module-level patterns are lazy

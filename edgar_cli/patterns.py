"""Regular expressions compiled on first use, for modules that declare many: ``NAME = lazy(r"...", re.I)``.

A verify run imports some 230 module-level patterns and uses about 80 of them; compiling the rest
is start-up time every process pays. A :class:`LazyPattern` holds its source and flags and
compiles on the first method call (``search``, ``finditer``, ...), after which the compiled
pattern's methods are its own attributes: a call costs what a call on ``re.Pattern`` costs.
"""

from __future__ import annotations

import re
from typing import Any, AnyStr, cast

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class LazyPattern:
    """A ``re.Pattern`` compiled when first used; ``pattern`` (the source) is readable without compiling."""

    def __init__(self, pattern: str | bytes, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends look for dunders: not a pattern's business
            raise AttributeError(name)
        compiled = self.compiled
        return getattr(compiled, name)

    @property
    def compiled(self) -> re.Pattern:
        """The compiled pattern (compiled now, once)."""
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = re.compile(self.pattern, self._flags)
            self.__dict__["_compiled"] = compiled
            for method in _METHODS:
                self.__dict__[method] = getattr(compiled, method)
        return compiled

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {int(self._flags)})"


def lazy(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """A pattern compiled on first use; typed as the ``re.Pattern`` it stands for (only its methods and
    ``pattern`` are read before it is used; an ``isinstance(x, re.Pattern)`` would be false)."""
    return cast("re.Pattern[AnyStr]", LazyPattern(pattern, flags))

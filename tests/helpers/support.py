"""What the tests share that is not a fixture: the pinned day, the test User-Agent, how to run `edgar`."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

PINNED_TODAY = "2026-07-01"  # the corpus snapshot's "today" (the injectable clock's date)
TEST_UA = "edgar-cli tests tests@example.com"


def edgar_command() -> list[str]:
    exe = Path(sys.executable).with_name("edgar")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("edgar")
    return [found] if found else [sys.executable, "-m", "edgar_cli"]

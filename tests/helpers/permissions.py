"""Making a directory tree unwritable (and writable again) as a user without root's override."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest


def without_root_privileges() -> list[str]:
    """A command prefix under which file modes bind (root ignores them unless it drops DAC override)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only directory cannot be enforced")
    probe = tempfile.mkdtemp()
    try:
        os.chmod(probe, 0o555)
        test = subprocess.run(
            [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--", "/bin/sh", "-c", f"touch {probe}/x"],
            capture_output=True,
        )
        if test.returncode == 0:
            pytest.skip("setpriv could not drop root's DAC override here")
    finally:
        os.chmod(probe, 0o755)
        shutil.rmtree(probe, ignore_errors=True)
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]


def read_only(tree: Path) -> None:
    for path in [tree, *tree.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def writable(tree: Path) -> None:
    for path in [tree, *tree.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)

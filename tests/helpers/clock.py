"""An injectable clock a test can move."""

from __future__ import annotations

from datetime import datetime


class Clock:
    def __init__(self, when: datetime):
        self.now = when

    def __call__(self) -> datetime:
        return self.now

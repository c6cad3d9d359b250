"""Progress on standard error for the commands that work a while (solve's batch of
deals, blackjack's simulation): redrawn in place on a terminal, a line every tenth of
the way otherwise, since a log reads lines, not one line redrawn."""

from __future__ import annotations

import sys
from typing import TextIO

WIDTH = 30
"""The bar's width in characters."""


class ProgressLine:
    """A bar of how far a piece of work has come, then words about it."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()
        self._tenth = 0  # the last tenth of the way written as a line (none yet: the first is a tenth)

    def show(self, done: int, total: int, words: str) -> None:
        """The bar for ``done`` of ``total``: drawn again on a terminal, else written
        once a new tenth of the way is reached (the end is one, however short the work)."""
        tenth = 10 * done // max(total, 1)
        if not self.live and tenth == self._tenth and done < total:
            return
        self._tenth = tenth
        filled = WIDTH * done // max(total, 1)
        end = "\r" if self.live and done < total else "\n"
        self.stream.write(f"[{'#' * filled}{'.' * (WIDTH - filled)}] {words}{end}")
        self.stream.flush()


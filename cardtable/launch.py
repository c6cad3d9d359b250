"""The ``cardtable`` command's entry point: it imports nothing until it runs, so a
Ctrl-C while the program is still loading (a second, the first time) ends it with a word,
as a Ctrl-C later does, not with a traceback."""

from __future__ import annotations

import sys

INTERRUPTED = "\ncardtable: interrupted"


def main() -> int:
    """``cli.main``, loaded here."""
    try:
        from cardtable.cli import main as run

        return run()
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130

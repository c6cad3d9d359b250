"""What the tests of the first search after an install share: a game whose hints take
fifty seconds on its own clock, as compiling the solver takes about a minute."""

from __future__ import annotations

from cardtable.app import Outcome, Session
from cardtable.solitaire import get_variant


def slow_to_hint(now: list[float]) -> Session:
    """FreeCell deal 1 on the clock ``now[0]``, each hint moving it on fifty seconds."""
    session = Session(get_variant("freecell"), 1, clock=lambda: now[0])
    hint = session.hint

    def slow_hint(quick: bool = False) -> Outcome:
        now[0] += 50.0
        return hint(quick)

    session.hint = slow_hint  # type: ignore[method-assign]
    return session

"""A game's points at each position of its history, worked out one step at a time as the
game moves on, so the cost of a score does not grow with the game."""

from __future__ import annotations

from cardtable.app.history import History
from cardtable.app.scoring import Scoring, opening_points, points_after


class Ledger:
    """The points of each state of the history it last followed (None where not worked
    out); an undo reads points it already knew."""

    def __init__(self, history: History | None = None, points: int | None = None) -> None:
        self._scored: History | None = None
        self._points: list[int | None] = []
        if history is not None and points is not None:  # saved with the game: no replay
            self._scored = history
            self._points = [None] * len(history.states)
            self._points[history.at] = points

    def points(self, history: History, scoring: Scoring) -> int:
        """The points at ``history``'s current position."""
        last = self._scored
        if last is not None and history.states is not last.states:
            grown = (
                history.at == last.at + 1 == len(history.states) - 1
                and history.states[last.at] is last.states[last.at]
                and self._points[last.at] is not None
            )
            if grown:
                before = self._points[last.at]
                assert before is not None
                after, _ = points_after(before, history.state_at(last.at), history.steps[last.at], scoring)
                self._points = self._points[: last.at + 1] + [after]
            else:
                self._points = [None] * len(history.states)
        if not self._points or self._points[history.at] is None:
            self._points = _every_point(history, scoring)
        self._scored = history
        found = self._points[history.at]
        assert found is not None
        return found


def _every_point(history: History, scoring: Scoring) -> list[int | None]:
    """The points at every state of ``history``, from the opening."""
    total = opening_points(scoring)
    out: list[int | None] = [total]
    for n, step in enumerate(history.steps):
        total, _ = points_after(total, history.state_at(n), step, scoring)
        out.append(total)
    return out

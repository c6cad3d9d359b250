"""Undo and redo over a whole game: one step per player action.

A step may hold several moves (the action plus the automatic moves it set off), so it
undoes as one. Earlier states are kept, so undo is instant; states share structure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.solitaire import Move, State


@dataclass(frozen=True, slots=True)
class History:
    """States ``states[0..]`` joined by ``steps``; ``at`` is the current state's place.

    >>> from cardtable.solitaire import get_variant, legal_moves, apply
    >>> start = History.begin(get_variant("klondike").start(3))
    >>> move = legal_moves(start.state)[0]
    >>> played = start.push((move,), apply(start.state, move))
    >>> played.undo().state == start.state, played.undo().redo().state == played.state
    (True, True)
    """

    states: tuple[State, ...]
    steps: tuple[tuple[Move, ...], ...]
    at: int = 0

    @classmethod
    def begin(cls, state: State) -> History:
        """A history holding only the opening position."""
        return cls((state,), (), 0)

    @property
    def state(self) -> State:
        """The current position."""
        return self.states[self.at]

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to undo."""
        return self.at > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone step to redo."""
        return self.at < len(self.steps)

    def push(self, moves: Sequence[Move], state: State) -> History:
        """Record a new step; any undone steps are dropped."""
        return History(self.states[: self.at + 1] + (state,), self.steps[: self.at] + (tuple(moves),), self.at + 1)

    def undo(self) -> History:
        """One step back (unchanged at the start)."""
        return History(self.states, self.steps, max(self.at - 1, 0))

    def redo(self) -> History:
        """One step forward (unchanged at the end)."""
        return History(self.states, self.steps, min(self.at + 1, len(self.steps)))

    def redo_all(self) -> History:
        """Forward to the last step."""
        return History(self.states, self.steps, len(self.steps))

    def go_to(self, at: int) -> History:
        """Jump to step ``at`` (a bookmark)."""
        if not 0 <= at <= len(self.steps):
            raise IndexError(f"no step {at} in this game")
        return History(self.states, self.steps, at)

    @property
    def move_count(self) -> int:
        """How many moves lead to the current position."""
        return sum(map(len, self.steps[: self.at]))

    @property
    def played(self) -> tuple[Move, ...]:
        """Every move that leads to the current position."""
        return tuple(m for step in self.steps[: self.at] for m in step)

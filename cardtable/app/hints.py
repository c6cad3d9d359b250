"""Hints: the legal moves ranked, each with a reason in words.

``Hinter`` is the interface; ``HeuristicHinter`` ranks by simple, explainable rules. A
solver can stand in for it later without any UI noticing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtable.solitaire import Move, MoveKind, State, legal_moves
from cardtable.solitaire.model import PileKind


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move, how good it looks, and why."""

    move: Move
    score: int
    reason: str


class Hinter(Protocol):
    """Anything that can rank the moves of a position."""

    def best_moves(self, state: State, previous: Move | None = None) -> list[Hint]:
        """The legal moves, best first; ``previous`` is the move just played, if any."""
        ...


class HeuristicHinter:
    """Ranks moves by what they achieve: cards home, cards revealed, columns emptied."""

    def best_moves(self, state: State, previous: Move | None = None) -> list[Hint]:
        """The legal moves, best first, each with its reason."""
        hints = [self._judge(state, m, previous) for m in legal_moves(state)]
        return sorted(hints, key=lambda h: -h.score)

    def _judge(self, state: State, move: Move, previous: Move | None) -> Hint:
        variant = state.variant
        if move.kind is MoveKind.DEAL:
            return Hint(move, 1, "deal from the stock for new cards")
        if move.kind is MoveKind.REDEAL:
            return Hint(move, 0, "turn the waste over and go through the stock again")
        if move.kind is MoveKind.PAIR:
            return Hint(move, 60, "remove an exposed pair" if move.target is not None else "remove the King")
        assert move.source is not None and move.target is not None
        source, target = variant.piles[move.source], variant.piles[move.target]
        cards = state.piles[move.source]
        card = cards[-move.count]
        left = len(cards) - move.count
        reveals = left > 0 and state.hidden[move.source] >= left
        if previous is not None and previous.kind is MoveKind.MOVE and (previous.source, previous.target) == (move.target, move.source):
            return Hint(move, -80, f"that only takes back the last move of {card.symbol}")
        if target.kind is PileKind.FOUNDATION:
            return Hint(move, 100 + 20 * reveals, f"{card.symbol} goes home to its foundation")
        if source.kind is PileKind.FOUNDATION:
            return Hint(move, -40, f"bring {card.symbol} back down from the foundation to build on it")
        if reveals:
            return Hint(move, 80, f"moving {card.symbol} turns up a face-down card")
        empties = left == 0 and source.kind is PileKind.TABLEAU
        onto_empty = not state.piles[move.target]
        if empties and onto_empty:
            return Hint(move, -60, f"moving {card.symbol} from one empty column to another changes nothing")
        if empties:
            return Hint(move, 50, f"moving {card.symbol} empties a column")
        if target.kind is PileKind.CELL:
            return Hint(move, 5, f"park {card.symbol} in a free cell")
        if source.kind is PileKind.WASTE:
            return Hint(move, 40, f"play {card.symbol} from the waste into the tableau")
        if onto_empty:
            return Hint(move, 10, f"start a new column with {card.symbol}")
        below = cards[left - 1] if left else None
        if below is not None and source.build is not None and source.build.allows(variant.deck, below, card):
            return Hint(move, 2, f"move {card.symbol} to another pile where it also fits")
        return Hint(move, 30, f"build {card.symbol} on {state.piles[move.target][-1].symbol}")

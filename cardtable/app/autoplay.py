"""Automatic play: safe moves to the foundations, and finishing a game that is decided."""

from __future__ import annotations

from collections import Counter

from cardtable.solitaire import Move, MoveKind, State, apply, is_won, legal_moves
from cardtable.solitaire.model import PileKind


def _on_foundations(state: State) -> Counter[int]:
    t = state.variant.tables
    return Counter(c.index for f in t.foundations for c in state.piles[f])


def is_safe(state: State, move: Move) -> bool:
    """Whether sending a card home can never be regretted.

    It can when some card still in play could have been built on it in the tableau:
    the card is safe once every such card is already on a foundation.
    """
    t = state.variant.tables
    if move.kind is not MoveKind.MOVE or move.target not in t.foundation_set or move.source in t.foundation_set:
        return False
    assert move.source is not None
    card = state.piles[move.source][-1]
    home = _on_foundations(state)
    copies = Counter(c.index for c in state.variant.deck.cards())
    for column in t.tableau:
        table = t.build[column]
        if table is None:
            continue
        if any(home[above] < copies[above] for above in table[card.index]):
            return False
    return True


def safe_moves(state: State) -> list[Move]:
    """The legal moves that send a card home safely."""
    return [m for m in legal_moves(state) if is_safe(state, m)]


def auto_build(state: State) -> tuple[State, list[Move]]:
    """Play safe moves home until none is left; returns the position and the moves."""
    played: list[Move] = []
    while True:
        moves = safe_moves(state)
        if not moves:
            return state, played
        state = apply(state, moves[0], trusted=True)
        played.append(moves[0])


def is_decided(state: State) -> bool:
    """Whether the rest is mechanical: no face-down card and nothing left in stock or waste."""
    t = state.variant.tables
    if any(state.hidden[i] for i in range(len(state.piles)) if i != t.stock):
        return False
    return not any(state.piles[i] for i in (t.stock, t.waste) if i is not None)


def finish(state: State) -> tuple[State, list[Move]] | None:
    """Play every card home if that wins the game mechanically, else None."""
    if not is_decided(state):
        return None
    played: list[Move] = []
    while not is_won(state):
        home = [
            m
            for m in legal_moves(state)
            if m.kind is MoveKind.MOVE
            and state.variant.piles[m.target or 0].kind is PileKind.FOUNDATION
            and m.source not in state.variant.tables.foundation_set
        ]
        if not home:
            return None
        state = apply(state, home[0], trusted=True)
        played.append(home[0])
    return state, played

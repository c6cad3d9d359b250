"""What a click on a card may mean: the piles it may go to, and the move most likely
meant when the player names no target."""

from __future__ import annotations

from cardtable.app.hints import HeuristicHinter
from cardtable.solitaire import Move, MoveKind, State, legal_moves
from cardtable.solitaire.model import PileKind

_RANKER = HeuristicHinter()


def targets(state: State, source: int, count: int) -> list[int]:
    """The piles the top ``count`` cards of ``source`` may go to: in a game of pairs,
    the piles of the cards the card pairs with, and the foundations if it goes alone."""
    homes = list(state.variant.piles_of(PileKind.FOUNDATION))
    found: list[int] = []
    for m in legal_moves(state):
        if m.kind is MoveKind.MOVE and m.source == source and m.count == count and m.target is not None:
            found.append(m.target)
        elif m.kind is MoveKind.PAIR and source in (m.source, m.target):
            partner = m.target if m.source == source else m.source
            found += homes if m.target is None else [] if partner is None else [partner]
    return list(dict.fromkeys(found))


def guess(state: State, source: int, count: int) -> Move | None:
    """The move a click on this card most likely means, trying in turn: home, build,
    pair, free cell, empty pile (the heuristic's best first among equals)."""
    piles = state.variant.piles
    mine = [m for m in legal_moves(state) if m.source == source and (m.count == count or m.kind is MoveKind.PAIR)]
    if not mine:
        return None
    ranked = {h.move: h.score for h in _RANKER.best_moves(state)}

    def kind_of(move: Move) -> int:
        if move.kind is MoveKind.PAIR:
            return 2
        target = piles[move.target or 0]
        if target.kind is PileKind.FOUNDATION:
            return 0
        if target.kind is PileKind.CELL:
            return 3
        return 1 if state.piles[move.target or 0] else 4

    return min(mine, key=lambda m: (kind_of(m), -ranked.get(m, 0)))


def nearness(state: State, source: int, count: int, foundation: int) -> int:
    """Which foundation's refusal says most (lowest first): one of the card's suit, an
    empty one, another."""
    held, moving = state.piles[foundation], state.piles[source]
    if held and len(moving) >= count and held[-1].suit == moving[-count].suit:
        return 0
    return 1 if not held else 2

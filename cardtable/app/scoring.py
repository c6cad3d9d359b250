"""Scores: the classic Standard and Vegas scores where they apply, and a uniform one.

>>> Scoring.VEGAS.applies_to("klondike"), Scoring.VEGAS.applies_to("freecell")
(True, False)
>>> fitting_scoring(Scoring.VEGAS, "freecell"), default_scoring("klondike-vegas")
(<Scoring.UNIFORM: 'uniform'>, <Scoring.VEGAS: 'vegas'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from cardtable.solitaire import Move, MoveKind, State, apply
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.variant import Goal


class Scoring(Enum):
    """How a game is scored."""

    UNIFORM = "uniform"
    """Percent of the cards brought home (or removed): comparable across every game."""
    STANDARD = "standard"
    """Klondike's classic points: 10 home, 5 from the waste, 5 per card turned up."""
    VEGAS = "vegas"
    """Pay 52 to play, win 5 per card home."""

    def applies_to(self, variant_id: str) -> bool:
        """Whether this scoring makes sense for the game."""
        from cardtable.solitaire import get_variant

        variant = get_variant(variant_id)
        return self is Scoring.UNIFORM or variant.stock.target is StockTarget.WASTE and variant.pairs is None


def fitting_scoring(scoring: Scoring, variant_id: str) -> Scoring:
    """``scoring`` where it applies to the game, else the uniform score (comparable across games)."""
    return scoring if scoring.applies_to(variant_id) else Scoring.UNIFORM


def default_scoring(variant_id: str) -> Scoring | None:
    """The scoring a game is named for, if any: the ``-vegas`` Klondikes (one pass or
    three, as Vegas casinos dealt them) are played for Vegas points unless the player
    chooses otherwise."""
    if variant_id.endswith("-vegas") and Scoring.VEGAS.applies_to(variant_id):
        return Scoring.VEGAS
    return None


def uniform_score(state: State) -> int:
    """Percent of the game's cards home (or, for clearing games, cleared)."""
    variant = state.variant
    t = variant.tables
    if variant.goal is Goal.TABLEAU_CLEARED:
        dealt = sum(sum(variant.piles[i].dealt) for i in t.tableau)
        left = sum(len(state.piles[i]) for i in t.tableau)
        return round(100 * (dealt - left) / max(dealt, 1))
    home = sum(len(state.piles[f]) for f in t.foundations)
    return round(100 * home / variant.deck.size)


def _move_points(before: State, move: Move, after: State, scoring: Scoring) -> int:
    variant = before.variant
    if move.kind is MoveKind.REDEAL:
        if scoring is not Scoring.STANDARD:
            return 0
        return -100 if variant.stock.count == 1 else (-20 if after.redeals >= 3 else 0)
    if move.kind is not MoveKind.MOVE:
        return 0
    assert move.source is not None and move.target is not None
    source, target = variant.piles[move.source].kind, variant.piles[move.target].kind
    if scoring is Scoring.VEGAS:
        return 5 if target is PileKind.FOUNDATION else (-5 if source is PileKind.FOUNDATION else 0)
    points = 0
    if target is PileKind.FOUNDATION:
        points += 10
    elif source is PileKind.WASTE and target is PileKind.TABLEAU:
        points += 5
    elif source is PileKind.FOUNDATION:
        points -= 15
    if after.hidden[move.source] < before.hidden[move.source]:
        points += 5
    return points


def score(start: State, moves: Sequence[Move], scoring: Scoring) -> int:
    """The score of a game played from ``start`` through ``moves``."""
    state = start
    total = -52 if scoring is Scoring.VEGAS else 0
    for move in moves:
        after = apply(state, move, trusted=True)
        total += _move_points(state, move, after, scoring)
        state = after
    return total

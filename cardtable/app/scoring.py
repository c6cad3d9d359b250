"""Scores: the classic Standard and Vegas scores where they apply, and a uniform one.

>>> Scoring.VEGAS.applies_to("klondike"), Scoring.VEGAS.applies_to("freecell")
(True, False)
>>> fitting_scoring(Scoring.VEGAS, "freecell"), default_scoring("klondike-vegas")
(<Scoring.UNIFORM: 'uniform'>, <Scoring.VEGAS: 'vegas'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from cardtable.solitaire import Move, MoveKind, State, apply, is_won
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.variant import Goal


class Scoring(Enum):
    """How a game is scored."""

    UNIFORM = "uniform"
    """Percent of the cards brought home (or removed): comparable across every game."""
    STANDARD = "standard"
    """Klondike's classic points: 10 home, 5 from the waste, 5 per card turned up; as in
    Windows Solitaire the score never goes below 0."""
    TIMED = "timed"
    """Standard points in Windows Solitaire's timed game: 2 off every 10 seconds, and a
    bonus for a win (see ``time_adjusted``)."""
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


def score(start: State, moves: Sequence[Move], scoring: Scoring, elapsed: float = 0.0) -> int:
    """The score of a game played from ``start`` through ``moves`` (in ``elapsed`` seconds,
    which count only in the timed scoring). Standard points never go below 0.

    >>> from cardtable.solitaire import get_variant
    >>> deal = get_variant("klondike").start(7)
    >>> score(deal, [], Scoring.STANDARD), score(deal, [], Scoring.VEGAS)
    (0, -52)
    """
    timed = scoring is Scoring.TIMED
    scoring = Scoring.STANDARD if timed else scoring
    state = start
    total = -52 if scoring is Scoring.VEGAS else 0
    for move in moves:
        after = apply(state, move, trusted=True)
        total += _move_points(state, move, after, scoring)
        if scoring is Scoring.STANDARD:
            total = max(total, 0)
        state = after
    return time_adjusted(total, elapsed, is_won(state)) if timed else total


TIME_BONUS = 700_000
"""A timed win's bonus is this divided by the seconds it took (Microsoft's published
rule for Windows Solitaire: games of 30 seconds or more)."""


def time_adjusted(points: int, elapsed: float, won: bool) -> int:
    """Standard ``points`` as the timed game counts them: 2 off for every 10 seconds
    played (never below 0) and, for a win that took 30 seconds or more, a bonus of
    700,000 divided by its seconds. (Windows takes the 2 points off as the seconds pass,
    so time spent at 0 costs nothing there; a game keeps no time for each move, so here
    the whole penalty comes off the points as they stand.)

    >>> time_adjusted(100, 59.5, False), time_adjusted(100, 100, True)
    (90, 7080)
    """
    seconds = int(elapsed)
    total = max(points - 2 * (seconds // 10), 0)
    if won and seconds >= 30:
        total += TIME_BONUS // seconds
    return total

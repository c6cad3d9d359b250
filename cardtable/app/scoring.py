"""Scores: the classic Standard and Vegas scores where they apply, and a uniform one.

>>> Scoring.VEGAS.applies_to("klondike"), Scoring.VEGAS.applies_to("freecell")
(True, False)
>>> fitting_scoring(Scoring.VEGAS, "freecell"), default_scoring("klondike-vegas")
(<Scoring.UNIFORM: 'uniform'>, <Scoring.VEGAS: 'vegas'>)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.solitaire import Move, MoveKind, State, apply, get_variant, is_won
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.gaps import share_in_sequence
from cardtable.solitaire.rules.goal import cards_to_win
from cardtable.solitaire.traits import Scoring as Scoring  # declared by each game, defined with its traits
from cardtable.solitaire.variant import Goal


SCORE_WORDS = {
    Scoring.UNIFORM.value: "share of the cards home", Scoring.STANDARD.value: "standard points",
    Scoring.TIMED.value: "standard points, timed", Scoring.VEGAS.value: "Vegas dollars",
}
"""What each scoring's numbers count, by the scoring's name, as the statistics (and the
page, from the catalogue) say it."""


def score_said(score: int, scoring: str | None) -> str:
    """A score as a player reads it: the share of the cards home as a percentage, any
    other with what it counts (a score saved with no scoring, bare).

    >>> score_said(100, "uniform"), score_said(-52, "vegas"), score_said(7, None)
    ('100%', '-52 (Vegas dollars)', '7')
    """
    if scoring == Scoring.UNIFORM.value:
        return f"{score}%"
    return f"{score} ({SCORE_WORDS[scoring]})" if scoring in SCORE_WORDS else str(score)


def fitting_scoring(scoring: Scoring, variant_id: str) -> Scoring:
    """``scoring`` where it applies to the game, else the uniform score (comparable across games)."""
    return scoring if scoring.applies_to(variant_id) else Scoring.UNIFORM


def default_scoring(variant_id: str) -> Scoring | None:
    """The scoring a game is named for, if any (the Vegas Klondikes, one pass or three, as
    Vegas casinos dealt them, are played for Vegas points unless the player chooses
    otherwise): a trait the game declares."""
    return get_variant(variant_id).traits.default_scoring


def uniform_score(state: State) -> int:
    """Percent of the game's cards home (or, for clearing games, cleared)."""
    variant = state.variant
    if variant.goal is Goal.TABLEAU_CLEARED:
        tableau = variant.piles_of(PileKind.TABLEAU)
        dealt = sum(sum(variant.piles[i].dealt) for i in tableau)
        left = sum(len(state.piles[i]) for i in tableau)
        return round(100 * (dealt - left) / max(dealt, 1))
    if variant.goal is Goal.ROWS_IN_SUIT:
        return round(100 * share_in_sequence(state))
    if variant.goal is Goal.ONE_PILE:  # from a pile a card to one pile of them all
        # A card not yet dealt out of the stock is a pile of its own still to gather.
        tableau = variant.piles_of(PileKind.TABLEAU)
        piles = sum(1 for i in tableau if state.piles[i]) + sum(
            len(cards) for i, cards in enumerate(state.piles) if i not in tableau
        )
        return round(100 * (variant.deck.size - piles) / max(1, variant.deck.size - 1))
    home = sum(len(state.piles[f]) for f in variant.piles_of(PileKind.FOUNDATION))
    return round(100 * home / cards_to_win(variant))


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
    total, state = points_after(opening_points(scoring), start, moves, scoring)
    return time_adjusted(total, elapsed, is_won(state)) if timed else total


def opening_points(scoring: Scoring) -> int:
    """The points a game starts with (Vegas: the 52 paid for the deck)."""
    return -52 if scoring is Scoring.VEGAS else 0


def points_after(total: int, before: State, moves: Sequence[Move], scoring: Scoring) -> tuple[int, State]:
    """The running (untimed) points after ``moves`` played from ``before``, and the state
    they lead to: how a score moves on one step at a time. Standard never goes below 0."""
    state = before
    for move in moves:
        after = apply(state, move, trusted=True)
        total += _move_points(state, move, after, scoring)
        if scoring is Scoring.STANDARD:
            total = max(total, 0)
        state = after
    return total, state


TIME_BONUS = 700_000
"""A timed win's bonus is this divided by the seconds it took (Microsoft's published
rule for Windows Solitaire: games of 30 seconds or more)."""


TIME_PENALTY = (2, 10)
"""The timed game takes this many points off for every so many seconds played."""


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
    points_off, every = TIME_PENALTY
    total = max(points - points_off * (seconds // every), 0)
    if won and seconds >= 30:
        total += TIME_BONUS // seconds
    return total

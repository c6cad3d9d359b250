"""The estimate's count of cards that can never go home (``Solving.blocked``), and the
search it steers through Strategy."""

from __future__ import annotations

from cardtable.solitaire import get_variant
from cardtable.solitaire.compiled.bridge import to_arrays
from cardtable.solitaire.compiled.program import program_of
from cardtable.solver import kernel
from cardtable.solver.search import Budget, Outcome, solve
from tests.solitaire.games.positions import position


def _blocked(**piles: str) -> int:
    state = position("strategy", f1="AC", f2="AD", f3="AH", f4="AS", **piles)
    arrays = to_arrays(state)
    return int(kernel._blocked(program_of(state.variant).rules, arrays.cards, arrays.lens))


def test_a_card_above_a_lower_card_of_its_suit_blocks_its_column() -> None:
    # The stock's cards count as home already; cards missing from a hand-built position do not.
    assert _blocked(t1="4S 3S", stock="[2S] 4H") == 0
    assert _blocked(t1="3S 4S", stock="[2S] 4H") == 2  # 4♠ waits for 3♠ under it: both stay
    assert _blocked(t1="3D 2H", t2="2D 3H") == 0
    # A ring across columns: 3♥ waits for 2♥ under 3♠, which waits for 2♠ under 3♥.
    assert _blocked(t1="2S 3H", t2="2H 3S") == 4


def test_strategy_is_solved_with_the_count_steering_the_search() -> None:
    result = solve(get_variant("strategy").start(1), Budget(nodes=200_000, seconds=600))
    assert result.outcome is Outcome.SOLVED

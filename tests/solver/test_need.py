"""The estimate's measure of cards lying against the order the foundations will want
them (``Solving.need_order``), and the search it steers through Calculation."""

from __future__ import annotations

from dataclasses import replace

from cardtable.solitaire import get_variant
from cardtable.solitaire.compiled.bridge import to_arrays
from cardtable.solitaire.compiled.program import program_of
from cardtable.solver import kernel, running
from cardtable.solver.search import Budget, Outcome, solve
from tests.solitaire.games.positions import position


def _against(**columns: str) -> int:
    # Foundations by ones, twos, threes and fours, each wanting next a 2, a 4, a 6 and an 8.
    state = position("calculation", f1="AC", f2="2D", f3="3H", f4="4S", **columns)
    arrays = to_arrays(state)
    return int(kernel._against_need(program_of(state.variant).rules, arrays.cards, arrays.lens))


def test_a_card_over_one_wanted_sooner_counts_how_much_later_it_is_wanted() -> None:
    assert _against(t1="3D 2H") == 0  # the 2 on top goes first, then the 3
    assert _against(t1="2H 3D") == 1  # the 3 is wanted one card after the 2 under it
    assert _against(t1="2H KC") == 11  # every foundation wants a King twelfth: eleven after the 2
    assert _against(t1="2H KC 3D") == 12  # each card over the 2 counts
    assert _against(t1="KC", t2="2H") == 0  # side by side, neither waits for the other
    assert _against(t1="5C 9H") == 0  # the 9 (third foundation's second card) before the 5 (the first's fourth)


def test_calculation_is_solved_with_the_order_steering_the_search() -> None:
    calculation = get_variant("calculation")
    assert calculation.solving.need_order
    result = solve(calculation.start(3), Budget(nodes=5_000, seconds=600))
    assert result.outcome is Outcome.SOLVED  # replayed through the engine before it is returned
    without = replace(calculation.solving, need_order=0).weights()
    assert not running.search(calculation.start(3), 50_000, float("inf"), without, True).solved


def test_calculations_first_tries_win_deals_its_own_search_wanders_in() -> None:
    calculation = get_variant("calculation")
    alone = calculation.derive(solving=replace(calculation.solving, first_tries=()))
    budget = Budget(nodes=20_000, seconds=600)
    assert solve(calculation.start(1), budget).outcome is Outcome.SOLVED  # in some 2,500 positions
    assert solve(alone.start(1), budget).outcome is Outcome.UNKNOWN

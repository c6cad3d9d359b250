"""A position whose cards can never leave their columns is dropped by the search."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.solitaire import State, apply, get_variant, legal_moves, variants
from cardtable.solitaire.compiled import program_of, to_arrays
from cardtable.solver import Budget, Outcome, solve
from cardtable.solver import held, running
from cardtable.solver.held import check_tables, held_tables, is_held
from cardtable.solver.trapped import _held, applies, trapped

CHECKED = [v.id for v in variants() if applies(v)]


def _random_positions(game: str, deals: range, steps: int) -> list[State]:
    """Positions met by playing random moves from each deal."""
    variant, rng = get_variant(game), random.Random(game)
    found: list[State] = []
    for deal in deals:
        state = variant.start(deal)
        for _ in range(steps):
            found.append(state)
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
    return found


@pytest.mark.parametrize("game", CHECKED)
def test_the_compiled_check_agrees_with_trapped_on_random_positions(game: str) -> None:
    variant = get_variant(game)
    piles = program_of(variant).piles
    tables, tops, under = check_tables(variant, piles), np.zeros(piles, dtype=np.int64), np.zeros(52, dtype=np.uint64)
    for state in _random_positions(game, range(1, 5), 80):
        position = to_arrays(state)
        assert is_held(tables, position.cards, position.lens, position.hid, tops, under) == bool(_held(state)), state


def test_the_random_positions_hold_cards_often_enough_to_test_both_answers() -> None:
    said = [bool(_held(state)) for game in ("fan", "bakers-dozen", "yukon") for state in _random_positions(game, range(1, 5), 80)]
    assert 50 < sum(said) < len(said) - 50


@pytest.mark.parametrize(("game", "on"), [("fan", True), ("bakers-dozen", True), ("beleaguered-castle", True),
                                          ("klondike", False), ("yukon", False), ("freecell", False)])
def test_the_search_looks_only_where_a_move_can_hold_a_card(game: str, on: bool) -> None:
    # Klondike and Yukon lay a card only on one it follows in a run: their positions hold
    # cards as the deal did, and the deal is checked before the search starts.
    variant = get_variant(game)
    assert bool(held_tables(variant, program_of(variant).piles)[0][0]) is on


@pytest.mark.parametrize(("deal", "plain"), [(14, 3_176), (27, 91_902)])
def test_fan_deals_lost_a_few_moves_in_are_proven_so_in_a_few_positions(
    deal: int, plain: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = get_variant("fan").start(deal)
    assert trapped(start) is None  # lost a few moves in, not from the deal
    result = solve(start, Budget(nodes=1_000, seconds=600))
    assert result.outcome is Outcome.UNWINNABLE and result.nodes < 100
    # The search without the check, through every position, agrees.
    monkeypatch.setattr(running, "held_tables", lambda variant, piles: held.OFF)
    searched = running.search(start, 500_000, float("inf"), start.variant.solving.weights(), idle=True)
    assert searched.exhausted and searched.nodes == plain


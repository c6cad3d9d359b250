"""The depth-first search (``solver/depth.py``): the same verdicts as the best-first one,
every position reachable seen once, and its stacks and table grown without losing any."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from cardtable.solitaire import State, apply, get_variant, legal_moves
from cardtable.solitaire.solving import Solving
from cardtable.solver import Budget, Outcome, running, solve
from cardtable.solver.depth import _unsee
from cardtable.solver.kernel import _seen
from cardtable.solver.search import CHAINS_FROM, _replay, _stages, proving

LATER = 600.0
"""Seconds no search here comes near: budgets are counted in positions."""


def _played(game: str, deal: int, moves: int, seed: int) -> State:
    """A position ``moves`` random moves into a deal (fewer if it runs out of moves)."""
    rng = random.Random(seed)
    state = get_variant(game).start(deal)
    for _ in range(moves):
        choices = legal_moves(state)
        if not choices:
            break
        state = apply(state, choices[rng.randrange(len(choices))])
    return state


def _chained(solving: Solving) -> tuple[int, ...]:
    """The proof's weights as a solve with room to finish uses them, as the depth-first
    search always does (talon cards in chains)."""
    return proving(solving, CHAINS_FROM).weights()


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "freecell", "yukon", "golf", "pyramid", "canfield"])
def test_depth_first_and_best_first_agree_wherever_both_decide(game: str) -> None:
    decided = 0
    for n in range(12):
        state = _played(game, 1 + n % 4, 10 * n, n)
        deep = running.dive(state, 30_000, time.perf_counter() + LATER)
        wide = running.search(state, 30_000, time.perf_counter() + LATER, _chained(state.variant.solving), True)
        if deep.solved:
            _replay(state, deep.moves)  # raises unless the engine plays it to a win
        if (deep.solved or deep.exhausted) and (wide.solved or wide.exhausted):
            decided += 1
            assert deep.solved == wide.solved
            if deep.exhausted:
                assert deep.nodes == wide.nodes  # the same positions, every one of them
    assert decided >= 3


def test_stacks_and_table_grown_from_almost_nothing_see_the_same_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    lost = get_variant("klondike").start(94)  # lost: about 23,700 positions
    won = get_variant("klondike").start(8)
    roomy = running.dive(lost, 100_000, time.perf_counter() + LATER)
    found = running.dive(won, 100_000, time.perf_counter() + LATER)
    monkeypatch.setattr(running, "DIVE_ROOM", 1)
    monkeypatch.setattr(running, "FIRST_ROOM", 16)
    tight = running.dive(lost, 100_000, time.perf_counter() + LATER)
    assert roomy.exhausted and tight.exhausted and tight.nodes == roomy.nodes > 1_000
    again = running.dive(won, 100_000, time.perf_counter() + LATER)
    assert again.solved and again.moves == found.moves
    _replay(won, again.moves)


def test_a_position_cap_answers_neither_won_nor_lost() -> None:
    capped = running.dive(get_variant("klondike").start(94), 5_000, time.perf_counter() + LATER)  # lost: 23,724
    assert not capped.solved and not capped.exhausted
    assert 5_000 <= capped.nodes <= 5_000 + running.SLICE  # the cap is looked at between slices


def test_a_key_taken_out_leaves_every_other_key_findable() -> None:
    table = np.zeros(16, dtype=np.uint64)
    keys = [np.uint64(k) for k in (3, 19, 35, 4, 51, 7, 20)]  # 3, 19, 35 and 51 share a slot
    for k in keys:
        assert not _seen(table, k)
    _unsee(table, np.uint64(19))
    for k in keys:
        if k != 19:
            assert _seen(table, k)  # still there
    assert not _seen(table, np.uint64(19))  # gone, so added afresh
    assert np.count_nonzero(table) == len(keys)


def test_a_proof_too_large_for_the_best_first_store_goes_depth_first_and_fits() -> None:
    from cardtable.solitaire.solving import Solving

    klondike = get_variant("klondike")  # deal 111 is lost: some 55,000 positions in its proof
    assert klondike.solving.depth_first
    best_first = klondike.derive(solving=Solving(idle_moves=False))
    small = Budget(nodes=2_000_000, memory_mb=8)  # about 38,000 positions best first
    wide = solve(best_first.start(111), small)
    assert wide.outcome is Outcome.UNKNOWN and wide.limit == "memory"
    deep = solve(klondike.start(111), small)
    assert deep.outcome is Outcome.UNWINNABLE


def test_within_the_memory_klondike_stays_best_first() -> None:
    klondike = get_variant("klondike")
    stages = _stages(klondike.solving, Budget(), 0.0)
    assert not any(stage.depth_first for stage in stages)
    assert _stages(klondike.solving, Budget(), 0.0, deep=True)[-1].depth_first

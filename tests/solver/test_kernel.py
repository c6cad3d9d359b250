"""The search's own shortcuts in its compiled kernel give exactly what the plain ways
give, on every registered game: the safe moves home after a move, looked for first on
the two piles the move touched."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.solitaire import Variant, variants
from cardtable.solitaire.compiled import kernel as engine
from cardtable.solitaire.compiled import to_arrays
from cardtable.solitaire.compiled.shared import MAX_MOVES
from cardtable.solver.children import go_home, go_home_after
from tests.solitaire.conformance import chosen_variants


def _copy(p: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    return tuple(a.copy() for a in p)


@pytest.mark.parametrize("eager", [False, True], ids=["safe", "eager"])
@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_going_home_after_a_move_finds_what_a_full_look_finds(variant: Variant, eager: bool) -> None:
    rng = random.Random(variant.id)
    rules = to_arrays(variant.start(1)).program.rules
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    log = np.zeros(4096, dtype=np.int32)
    compared = 0
    for deal in range(1, 6):
        p = to_arrays(variant.start(rng.randrange(1, 1 << 20)))
        here = (p.cards, p.lens, p.hid, p.extra)
        for _ in range(60):
            go_home(rules, *here, log, 0, eager)  # the search's positions have no move home left to make
            count = engine.generate(rules, *here, moves)
            if count == 0:
                break
            for m in range(count):
                child = _copy(here)
                engine.play(rules, *child, int(moves[m]))
                full, quick = _copy(child), _copy(child)
                played = go_home(rules, *full, log, 0, eager)
                logged = log[:played].copy()
                assert go_home_after(rules, *quick, log, 0, int(moves[m]), eager) == played
                assert (log[:played] == logged).all()
                assert all((a == b).all() for a, b in zip(full, quick))
                compared += 1
            engine.play(rules, *here, int(moves[rng.randrange(count)]))
    assert compared > 0


@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_a_move_to_an_empty_twin_gives_a_position_another_move_gives(variant: Variant) -> None:
    from cardtable.solitaire.compiled import keys
    from cardtable.solver.kernel import to_twin

    rng = random.Random(variant.id + "twin")
    rules = to_arrays(variant.start(1)).program.rules
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    skipped = 0
    for deal in range(1, 6):
        p = to_arrays(variant.start(rng.randrange(1, 1 << 20)))
        here = (p.cards, p.lens, p.hid, p.extra)
        for _ in range(60):
            count = engine.generate(rules, *here, moves)
            if count == 0:
                break
            kept: set[int] = set()
            twins: list[int] = []
            for m in range(count):
                child = _copy(here)
                engine.play(rules, *child, int(moves[m]))
                k = int(keys.key(rules, *child))
                if to_twin(rules, here[1], int(moves[m])):
                    twins.append(k)
                else:
                    kept.add(k)
            assert all(k in kept for k in twins)
            skipped += len(twins)
            engine.play(rules, *here, int(moves[rng.randrange(count)]))
    if variant.tables.cells and len(variant.tables.cells) > 1:
        assert skipped > 0  # free cells are twins: the filter does skip moves

"""A child's key worked out from its parent's pile hashes (``keys.moved_key``, how the
search rejects positions already seen before laying them out) is the key of the
position the move leads to, on every game whose moves change only the two piles they
touch, registered or made by the player options."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.solitaire import Variant, variants
from cardtable.solitaire.compiled import kernel, keys, to_arrays
from cardtable.solitaire.compiled.program import program_of
from cardtable.solitaire.compiled.shared import MAX_MOVES, MOVE, MOVES_STAY_PUT
from tests.solitaire.conformance import chosen_variants

STAYING = [v for v in [*variants(), *chosen_variants()] if program_of(v).meta[MOVES_STAY_PUT]]


def _scratch(variant: Variant) -> tuple[np.ndarray, ...]:
    tables, program = variant.tables, program_of(variant)
    groups = max(len(tables.symmetric), len(tables.symmetric_while_dealing))
    return keys.hashes_for(program.piles, program.capacity, groups)


@pytest.mark.parametrize("variant", STAYING, ids=lambda v: v.id)
def test_a_moved_key_is_the_key_of_the_position_the_move_leads_to(variant: Variant) -> None:
    rng = random.Random(variant.id + "moved")
    rules = program_of(variant).rules
    hashes = _scratch(variant)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    stock = program_of(variant).meta[2]
    compared = moving = 0
    for _ in range(4):
        p = to_arrays(variant.start(rng.randrange(1, 1 << 20)))
        here = (p.cards, p.lens, p.hid, p.extra)
        for _ in range(80):
            raw = np.uint64(keys.pile_hashes(rules, *here, hashes))
            assert keys.key(rules, *here) == (raw or 1)
            count = kernel.generate(rules, *here, moves)
            if count == 0:
                break
            for m in range(count):
                move = int(moves[m])
                i, j, k = (move >> 16) & 255, (move >> 8) & 255, move & 255
                moving += move >> 24 == MOVE
                if move >> 24 != MOVE or stock in (i, j):
                    continue
                child = tuple(a.copy() for a in here)
                kernel.play(rules, *child, move)
                assert keys.moved_key(rules, hashes, raw, *here[:3], i, j, k) == keys.key(rules, *child)
                compared += 1
            kernel.play(rules, *here, int(moves[rng.randrange(count)]))
    assert compared > 0 or moving == 0  # Monte Carlo only pairs cards


def test_the_games_whose_moves_stay_put_include_the_free_cell_games() -> None:
    assert {"freecell", "bakers-game", "seahaven-towers", "klondike", "forty-thieves"} <= {v.id for v in STAYING}

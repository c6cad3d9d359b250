"""The compiled generator and ``play`` agree with the engine on every registered game,
and on games made by the player options.

For each variant, random playouts visit ``CARDTABLE_COMPILED_POSITIONS`` positions
(default 1500); at each the compiled generator must offer exactly the engine's moves,
every one of them must lead to the engine's position, and the compiled key must fold
exactly the positions ``canonical_key`` folds. A game registered later is covered here
without a new test.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from cardtable.solitaire import State, Variant, apply, canonical_key, get_variant, is_won, legal_moves, variants
from cardtable.solitaire.compiled import compiled_apply, compiled_moves, from_arrays, to_arrays
from cardtable.solitaire.compiled import kernel, keys
from cardtable.solitaire.compiled.shared import MAX_MOVES, MOVE
from tests.solitaire.conformance import chosen_variants

POSITIONS = int(os.environ.get("CARDTABLE_COMPILED_POSITIONS", "1500"))


def _positions(variant: Variant, count: int, seed: int) -> list[State]:
    """``count`` positions from random playouts of up to 120 moves from fresh deals."""
    rng = random.Random(seed)
    out: list[State] = []
    deal = 0
    while len(out) < count:
        deal += 1
        state = variant.start(rng.randrange(1, 1 << 20))
        for _ in range(120):
            out.append(state)
            moves = legal_moves(state)
            if not moves or len(out) >= count:
                break
            state = apply(state, moves[rng.randrange(len(moves))], trusted=True)
    return out


def _key(state: State) -> int:
    p = to_arrays(state)
    return int(keys.key(p.program.rules, p.cards, p.lens, p.hid, p.extra))


@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_same_moves_and_positions(variant: Variant) -> None:
    for state in _positions(variant, POSITIONS, seed=len(variant.id)):
        moves = legal_moves(state)
        compiled = compiled_moves(state)
        assert sorted(compiled, key=repr) == sorted(moves, key=repr), state
        for move in moves:
            assert compiled_apply(state, move) == apply(state, move, trusted=True), move
        p = to_arrays(state)
        assert bool(kernel.is_won(p.program.rules, p.lens, p.cards)) == is_won(state)


@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_moves_off_or_onto_one_pile_are_those_of_the_whole_generator(variant: Variant) -> None:
    out = np.zeros(MAX_MOVES, dtype=np.int64)
    for state in _positions(variant, POSITIONS // 10, seed=3):
        if is_won(state):  # (asked only of positions the search expands)
            continue
        p = to_arrays(state)
        here = (p.program.rules, p.cards, p.lens, p.hid, p.extra, out)
        discarded = variant.tables.foundations[0] if variant.discard is not None else -1  # discards come apart
        carried = [int(c) for c in out[: kernel.generate(*here)] if c >> 24 == MOVE and (c >> 8) & 255 != discarded]
        for pile in range(len(state.piles)):
            off = sorted(int(c) for c in out[: kernel.generate(*here, pile)])
            assert off == sorted(c for c in carried if (c >> 16) & 255 == pile), (state, pile)
            onto = sorted(int(c) for c in out[: kernel.generate(*here, -1, pile)])
            assert onto == sorted(c for c in carried if (c >> 8) & 255 == pile), (state, pile)


@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_keys_fold_what_canonical_key_folds(variant: Variant) -> None:
    states = _positions(variant, POSITIONS // 3, seed=7)
    by_key: dict[object, int] = {}
    for state in states:
        compiled = _key(state)
        known = by_key.setdefault(canonical_key(state, redeals=variant.stock.redeals_allowed is not None), compiled)
        assert known == compiled
    assert len(set(by_key.values())) == len(by_key)


def test_swapped_columns_share_a_key() -> None:
    start = get_variant("freecell").start(5)
    p = to_arrays(start)
    swapped = p.copy()
    t = start.variant.tables.tableau
    swapped.cards[[t[0], t[5]]] = swapped.cards[[t[5], t[0]]]
    swapped.lens[[t[0], t[5]]] = swapped.lens[[t[5], t[0]]]
    assert from_arrays(swapped) != start
    assert _key(from_arrays(swapped)) == _key(start)
    moved = p.copy()
    moved.cards[t[0], 0], moved.cards[t[0], 1] = moved.cards[t[0], 1], moved.cards[t[0], 0]
    assert _key(from_arrays(moved)) != _key(start)


def test_the_arrays_round_trip_every_game() -> None:
    for variant in variants():
        state = variant.start(3)
        position = to_arrays(state)
        assert from_arrays(position) == state
        assert position.cards.dtype == np.uint8

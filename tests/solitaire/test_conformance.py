"""Every registered variant obeys the engine's contract over random playouts.

- every generated move passes ``check`` and every move ``check`` accepts is generated;
- ``apply`` conserves the cards and keeps positions well formed;
- equal positions compare and hash alike; canonical keys agree on equal positions;
- positions round-trip through text, and whole games through JSON and replay.

``CARDTABLE_PLAYOUTS`` sets the number of playouts per variant (default 1000).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.solitaire import (
    State,
    Variant,
    apply,
    canonical_key,
    check,
    is_won,
    legal_moves,
    variants,
)
from cardtable.solitaire.formats import format_state, game_from_json, game_to_json, parse_state, replay
from tests.solitaire.conformance import card_counts, deck_counts, every_candidate, is_well_formed

PLAYOUTS = int(os.environ.get("CARDTABLE_PLAYOUTS", "1000"))
FULL_SWEEPS = max(PLAYOUTS // 20, 5)
MAX_STEPS = 120
ALL = variants()


def _random_playout(variant: Variant, seed: int, full_sweep: bool) -> int:
    rng = random.Random(seed)
    state = variant.start(seed + 1)
    expected = deck_counts(state)
    steps = 0
    played = []
    for step in range(MAX_STEPS):
        moves = legal_moves(state)
        assert len(set(moves)) == len(moves), "a move was generated twice"
        for move in moves:
            verdict = check(state, move)
            assert verdict.ok, f"generated {move} but check says: {verdict.reason}"
        if step % 10 == 0:
            assert parse_state(format_state(state)) == state
        if full_sweep and step % 7 == 0:
            accepted = {m for m in every_candidate(state) if check(state, m).ok}
            assert accepted == set(moves)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        after = apply(state, move)
        assert after == apply(state, move, trusted=True)
        assert hash(after) == hash(apply(state, move, trusted=True))
        assert card_counts(after) == expected, f"cards not conserved by {move}"
        assert is_well_formed(after)
        state = after
        played.append(move)
        steps += 1
        if is_won(state):
            break
    if full_sweep:
        again, deal, moves = game_from_json(game_to_json(variant, seed + 1, played))
        assert replay(again, deal, moves) == state
    return steps


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_random_playouts_keep_the_contract(variant: Variant) -> None:
    steps = sum(_random_playout(variant, seed, seed < FULL_SWEEPS) for seed in range(PLAYOUTS))
    assert steps > PLAYOUTS  # the playouts really played


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_rejected_moves_say_why(variant: Variant) -> None:
    state = variant.start(7)
    legal = set(legal_moves(state))
    for move in every_candidate(state):
        verdict = check(state, move)
        assert verdict.ok == (move in legal)
        if not verdict.ok:
            assert len(verdict.reason) > 10 and "None" not in verdict.reason


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_deals_are_reproducible_and_distinct(variant: Variant) -> None:
    assert variant.start(3) == variant.start(3)
    assert hash(variant.start(3)) == hash(variant.start(3))
    assert variant.start(3) != variant.start(4)
    assert card_counts(variant.start(3)) == deck_counts(variant.start(3))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), variant=st.sampled_from(ALL), deal=st.integers(1, 10_000))
def test_states_compare_hash_and_key_consistently(data: st.DataObject, variant: Variant, deal: int) -> None:
    state = variant.start(deal)
    path: list[State] = [state]
    for _ in range(data.draw(st.integers(0, 40), label="length")):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, data.draw(st.sampled_from(moves), label="move"))
        path.append(state)
    rebuilt = State(variant, tuple(tuple(p) for p in state.piles), tuple(state.hidden), state.redeals)
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert canonical_key(rebuilt) == canonical_key(state)
    assert len({canonical_key(s) for s in path}) <= len(set(path))
    for group in variant.tables.symmetric:
        a, b = group[0], group[1]
        piles, hidden = list(state.piles), list(state.hidden)
        piles[a], piles[b] = piles[b], piles[a]
        hidden[a], hidden[b] = hidden[b], hidden[a]
        swapped = State(variant, tuple(piles), tuple(hidden), state.redeals)
        assert canonical_key(swapped) == canonical_key(state)
        assert (swapped == state) == (state.piles[a] == state.piles[b] and state.hidden[a] == state.hidden[b])

"""Every registered variant obeys the engine's contract over random playouts.

Each variant plays ``CARDTABLE_PLAYOUTS`` random playouts (default 400) of up to
``CARDTABLE_PLAYOUT_STEPS`` moves (default 30). Half of them start from a new deal; the
other half carry on an unfinished game where an earlier playout stopped, so games run to
``DEPTH`` moves from the deal (240 by default) while each playout stays short. At every
step:

- every generated move is generated once and passes ``check``;
- a sample of other moves (near misses of legal ones, and moves from any pile to any
  pile with any count) is accepted by ``check`` exactly when it is generated;
- ``apply`` keeps the number of cards and the position well formed.

Every few steps the exact multiset of cards is compared with the deck; at the end of
every playout the position round-trips through text, the whole game (from its deal)
through JSON, equal positions compare and hash alike, and every tenth game is replayed to
the same position. The module takes about 2 s a game on one core (some three minutes for
the hundred-odd games and option sets); for a much deeper run before a release:
``CARDTABLE_PLAYOUTS=20000 CARDTABLE_PLAYOUT_STEPS=100`` (some tens of minutes).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.solitaire import (
    Move,
    State,
    Variant,
    apply,
    canonical_key,
    check,
    is_won,
    legal_moves,
    variants,
)
from cardtable.solitaire.engine import interchangeable
from cardtable.solitaire.formats import format_state, game_from_json, game_to_json, parse_state, replay
from tests.solitaire.conformance import card_counts, chosen_variants, deck_counts, every_candidate, is_well_formed, some_candidates

PLAYOUTS = int(os.environ.get("CARDTABLE_PLAYOUTS", "400"))
STEPS = int(os.environ.get("CARDTABLE_PLAYOUT_STEPS", "30"))
DEPTH = 8 * STEPS
"""Playouts continue games of fewer moves than this."""
SAMPLED = 2
"""Other moves put to ``check`` at every step."""
ALL = [*variants(), *chosen_variants()]
"""Every registered game, and games made by the player options."""


@dataclass(frozen=True, slots=True)
class Game:
    """Where a playout stopped: its deal, every move since the deal, and the position."""

    deal: int
    moves: tuple[Move, ...]
    state: State


def _start(variant: Variant, number: int, rng: random.Random, unfinished: list[Game]) -> Game:
    """A new deal, or half the time the position an earlier playout stopped in."""
    if unfinished and rng.random() < 0.5:
        return unfinished[rng.randrange(len(unfinished))]
    deal = variant.deal.deal_numbers.start + number
    return Game(deal, (), variant.start(deal))


def _random_playout(variant: Variant, game: Game, rng: random.Random, number: int) -> Game:
    state = game.state
    expected = deck_counts(state)
    size = variant.deck.size
    played = list(game.moves)
    for step in range(STEPS):
        moves = legal_moves(state)
        legal = set(moves)
        assert len(legal) == len(moves), "a move was generated twice"
        for move in moves:
            verdict = check(state, move)
            assert verdict.ok, f"generated {move} but check says: {verdict.reason}"
        for move in some_candidates(state, moves, rng, SAMPLED):
            verdict = check(state, move)
            assert verdict.ok == (move in legal), f"check and legal_moves disagree on {move}: {verdict.reason!r}"
            assert verdict.ok or verdict.reason
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        state = apply(state, move, trusted=True)
        played.append(move)
        assert sum(map(len, state.piles)) == size, f"{move} changed the number of cards"
        if step % 8 == 7:
            assert card_counts(state) == expected, f"cards not conserved by {move}"
            assert is_well_formed(state), f"{move} left a malformed position"
        if is_won(state):
            break
    assert card_counts(state) == expected and is_well_formed(state)
    assert parse_state(format_state(state)) == state
    rebuilt = State(variant, tuple(tuple(p) for p in state.piles), tuple(state.hidden), state.redeals)
    assert rebuilt == state and hash(rebuilt) == hash(state) and canonical_key(rebuilt) == canonical_key(state)
    again, deal, moves = game_from_json(game_to_json(variant, game.deal, played))
    assert (again, deal, moves) == (variant, game.deal, played)
    if number % 10 == 0:
        assert replay(again, deal, moves) == state
    return Game(game.deal, tuple(played), state)


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_random_playouts_keep_the_contract(variant: Variant) -> None:
    rng = random.Random(variant.id)
    unfinished: list[Game] = []
    for number in range(PLAYOUTS):
        game = _random_playout(variant, _start(variant, number, rng, unfinished), rng, number)
        if len(game.moves) < DEPTH and legal_moves(game.state) and not is_won(game.state):
            unfinished.append(game)


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
    for group in interchangeable(state):
        a, b = group[0], group[-1]
        piles, hidden = list(state.piles), list(state.hidden)
        piles[a], piles[b] = piles[b], piles[a]
        hidden[a], hidden[b] = hidden[b], hidden[a]
        swapped = State(variant, tuple(piles), tuple(hidden), state.redeals)
        assert canonical_key(swapped) == canonical_key(state)
        assert (swapped == state) == (state.piles[a] == state.piles[b] and state.hidden[a] == state.hidden[b])

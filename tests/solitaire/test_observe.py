"""The observer shows a player exactly the face-up cards and withholds a random deal's
number while the game goes on, over random positions of every game."""

from __future__ import annotations

import random

import pytest

from cardtable.solitaire import State, Variant, apply, is_won, legal_moves, variants
from cardtable.solitaire.observe import observe, seen_card

POSITIONS = 60
"""Positions per game, along one random playout."""


def _positions(variant: Variant, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = variant.start(variant.deal.deal_numbers.start + seed)
    out = [state]
    for _ in range(POSITIONS):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_face_down_card_has_no_identity_and_a_face_up_card_is_itself(variant: Variant) -> None:
    for state in _positions(variant, 3):
        seen = observe(state)
        assert seen.redeals == state.redeals and seen.variant is variant
        for i, (cards, shown) in enumerate(zip(state.piles, seen.piles)):
            assert len(shown) == len(cards)
            for n, (card, shown_card) in enumerate(zip(cards, shown)):
                assert shown_card == (None if n < state.hidden[i] else card) == seen_card(state, i, n)


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_random_deal_is_withheld_while_cards_lie_hidden_and_the_game_goes_on(variant: Variant) -> None:
    state = variant.start(variant.deal.deal_numbers.start)
    hides = variant.traits.hidden_cards and not is_won(state)
    assert observe(state, 7, random_deal=True).deal == (None if hides else 7)
    assert observe(state, 7, random_deal=True, over=True).deal == 7
    assert observe(state, 7).deal == 7

"""The observer shows a player exactly the face-up cards and withholds a random deal's
number while the game goes on, over random positions of every game; and it knows which
face-down cards a player who watched has seen."""

from __future__ import annotations

import random

import pytest

from cardtable.solitaire import Move, MoveKind, PileKind, State, Variant, apply, get_variant, is_won, legal_moves, variants
from cardtable.solitaire.observe import observe, remembered, seen_card

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
def test_a_random_deal_is_withheld_while_cards_lie_hidden_or_redeals_will_mix_them_and_the_game_goes_on(
    variant: Variant,
) -> None:
    state = variant.start(variant.deal.deal_numbers.start)
    hides = (variant.traits.hidden_cards or variant.stock.mixes) and not is_won(state)
    assert observe(state, 7, random_deal=True).deal == (None if hides else 7)
    assert observe(state, 7, random_deal=True, over=True).deal == 7
    assert observe(state, 7).deal == 7


def _through_the_stock(variant: Variant, deal: int) -> list[State]:
    """The positions of dealing the whole stock to the waste, and turning it over."""
    state = variant.start(deal)
    stock = variant.piles_of(PileKind.STOCK)[0]
    states = [state]
    while state.piles[stock]:
        state = apply(state, Move(MoveKind.DEAL))
        states.append(state)
    states.append(apply(state, Move(MoveKind.REDEAL)))
    return states


def test_cards_seen_in_the_waste_are_known_once_turned_back_into_the_stock() -> None:
    variant = get_variant("klondike")
    states = _through_the_stock(variant, 7)
    stock = variant.piles_of(PileKind.STOCK)[0]
    known = remembered(states)
    assert known == frozenset(states[-1].piles[stock])  # not one tableau card that lies face down
    assert remembered(states[:1]) == frozenset() and remembered(states[:-1]) == frozenset()


@pytest.mark.parametrize("game, mixes", [("klondike", False), ("la-belle-lucie", True)])
def test_a_redeal_that_shuffles_makes_the_cards_unknown_again(game: str, mixes: bool) -> None:
    """The same two positions, seen and then turned face down by a redeal: known after
    a redeal that keeps the order, unknown after one that shuffles."""
    seen = get_variant(game).start(3)
    down = State(seen.variant, seen.piles, tuple(len(p) for p in seen.piles), seen.redeals + 1)
    assert seen.variant.stock.mixes is mixes
    face_up = frozenset(c for p, h in zip(seen.piles, seen.hidden) for c in p[h:])
    assert face_up and remembered([seen, down]) == (frozenset() if mixes else face_up)


@pytest.mark.parametrize("variant", [v for v in variants() if v.traits.hidden_cards], ids=lambda v: v.id)
def test_no_card_is_known_that_never_went_face_down_in_sight(variant: Variant) -> None:
    """Without a redeal no card goes face down, so none is known, even in a game of two
    decks where a face-down card's twin shows."""
    rng = random.Random(variant.id)
    state = variant.start(variant.deal.deal_numbers.start + 4)
    states = [state]
    for _ in range(POSITIONS):
        moves = [m for m in legal_moves(state) if m.kind is not MoveKind.REDEAL]
        if not moves:
            break
        state = apply(state, rng.choice(moves))
        states.append(state)
        assert remembered(states) == frozenset(), (variant.id, len(states))


def test_a_card_whose_twin_lies_face_down_unseen_is_not_known() -> None:
    """Double Klondike after a pass: a card of the stock is known only where no copy of it
    lies face down in a column, never seen; the stock's other cards are."""
    variant = get_variant("double-klondike")
    states = _through_the_stock(variant, 3)
    state = states[-1]
    stock = variant.piles_of(PileKind.STOCK)[0]
    in_columns = {c for i, (p, h) in enumerate(zip(state.piles, state.hidden)) if i != stock for c in p[:h]}
    twins = set(state.piles[stock]) & in_columns
    assert twins, "the deal should have a stock card with a face-down twin in a column"
    assert remembered(states) == frozenset(state.piles[stock]) - twins


@pytest.mark.parametrize("game", ["montana", "la-belle-lucie"])
def test_a_random_deal_of_a_game_whose_redeals_mix_by_its_number_is_withheld(game: str) -> None:
    # Every card lies face up, but the number tells how each redeal will let the cards fall.
    state = get_variant(game).start(7)
    assert observe(state, 7, random_deal=True).deal is None
    assert observe(state, 7, random_deal=True, over=True).deal == 7

"""Beleaguered Castle and Streets and Alleys, from their published rules."""

from __future__ import annotations

import pytest

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import move, pile, position


def test_beleaguered_castle_sets_out_the_aces_and_deals_eight_rows_of_six() -> None:
    state = get_variant("beleaguered-castle").start(5)
    v = state.variant
    assert [pile(state, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [6] * 8
    assert not any(state.hidden)


def test_streets_and_alleys_deals_all_52_to_the_rows() -> None:
    state = get_variant("streets-and-alleys").start(5)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [7] * 4 + [6] * 4
    assert all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))


@pytest.mark.parametrize("game", ["beleaguered-castle", "streets-and-alleys"])
def test_one_card_at_a_time_down_regardless_of_suit_and_any_card_to_a_space(game: str) -> None:
    assert get_variant(game).traits.layout is Layout.WINGS
    state = position(game, t1="9C", t2="8C 8H", t3="", t4="7D")
    assert check(state, move(state, "t2", "t1")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "down by one" in check(state, move(state, "t4", "t1")).reason
    assert move(state, "t4", "t3") in legal_moves(state)

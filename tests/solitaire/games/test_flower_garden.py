"""Flower Garden, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_six_beds_of_six_and_a_bouquet_of_sixteen_all_face_up() -> None:
    state = get_variant("flower-garden").start(1)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [6] * 6
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.RESERVE)] == [1] * 16
    assert not any(state.hidden)


def test_every_bouquet_card_plays_to_a_bed_or_home_but_none_goes_back() -> None:
    state = position("flower-garden", t1="9C", t2="8H", r1="8D", r16="AS", f1="")
    assert check(state, move(state, "r1", "t1")).ok
    assert check(state, move(state, "r16", "f1")).ok
    assert "no card may be played to reserve" in check(state, move(state, "t2", "r2")).reason


def test_beds_build_down_regardless_of_suit_one_card_at_a_time_any_card_to_a_space() -> None:
    state = position("flower-garden", t1="9C", t2="7D 8H", t3="", r1="QS")
    assert check(state, move(state, "t2", "t1")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert move(state, "r1", "t3") in legal_moves(state)

"""Fan, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_seventeen_fans_of_three_and_one_of_a_single_card() -> None:
    state = get_variant("fan").start(1)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [3] * 17 + [1]
    assert not any(state.hidden) and all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))


def test_build_down_in_suit_one_card_at_a_time() -> None:
    state = position("fan", t1="9C", t2="7D 8C", t3="8D", t4="9D 8D")
    assert check(state, move(state, "t2", "t1")).ok
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert "one card" in check(state, move(state, "t4", "t1", 2)).reason


def test_only_a_king_fills_an_empty_fan() -> None:
    state = position("fan", t1="", t2="QS", t3="KH")
    assert "only a King" in check(state, move(state, "t2", "t1")).reason
    assert move(state, "t3", "t1") in legal_moves(state)

"""King Albert, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, apply, check, get_variant
from tests.solitaire.games.positions import move, pile, position


def test_nine_columns_of_one_to_nine_and_a_reserve_of_seven() -> None:
    state = get_variant("king-albert").start(2)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == list(range(1, 10))
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.RESERVE)] == [1] * 7
    assert not any(state.hidden)


def test_reserve_cards_play_out_but_nothing_goes_back() -> None:
    state = position("king-albert", t1="9C", t2="8D 7S", r1="8H", r2="")
    after = apply(state, move(state, "r1", "t1"))
    assert pile(after, "t1") == "9C 8H" and pile(after, "r1") == ""
    assert not check(state, move(state, "t2", "r2")).ok


def test_build_down_in_alternating_colours_one_card_at_a_time() -> None:
    state = position("king-albert", t1="9C", t2="8D 7S", t3="8S", t4="")
    assert check(state, move(state, "t2", "t4")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "alternating colours" in check(state, move(state, "t3", "t1")).reason

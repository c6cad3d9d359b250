"""Three Blind Mice: Scorpion on ten columns with a reserve of two cards (PySolFC game 305)."""

from __future__ import annotations

from cardtable.solitaire import PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_ten_columns_of_five_and_two_reserve_cards_with_no_stock() -> None:
    state = get_variant("three-blind-mice").start(3)
    v = state.variant
    columns = [(len(state.piles[i]), state.hidden[i]) for i in v.piles_of(PileKind.TABLEAU)]
    assert columns == [(5, 0)] * 7 + [(5, 3)] * 3
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.RESERVE)] == [1, 1]
    assert not v.piles_of(PileKind.STOCK)


def test_any_face_up_card_moves_with_what_lies_on_it_onto_its_suit_and_only_kings_fill_spaces() -> None:
    state = position("three-blind-mice", t1="[4D] 9C 2H KD", t2="TC", t3="TH", t4="", t5="QS")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "in suit" in check(state, move(state, "t1", "t3", 3)).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok


def test_reserve_cards_play_to_the_columns_but_nothing_goes_back() -> None:
    state = position("three-blind-mice", t1="9C", t2="8D", t3="", r1="8C", r2="QH")
    after = apply(state, move(state, "r1", "t1"))
    assert pile(after, "t1") == "9C 8C" and pile(after, "r1") == ""
    assert not check(state, move(state, "r2", "t3")).ok  # only a King fills a space
    assert not check(after, move(after, "t2", "r1")).ok
    r1 = after.variant.index_of_name("r1")
    assert all(m.target != r1 for m in legal_moves(after))


def test_a_full_suit_leaves_the_table() -> None:
    state = position("three-blind-mice", t1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", r1="AS")
    after = apply(state, move(state, "r1", "t1"))
    assert pile(after, "f1") == "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS" and pile(after, "t1") == ""

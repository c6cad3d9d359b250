"""Yukon, from its published rules: Klondike's columns with the stock dealt into them."""

from __future__ import annotations

from cardtable.solitaire import PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_the_whole_deck_is_dealt_to_seven_columns() -> None:
    state = get_variant("yukon").start(5)
    columns = [(len(state.piles[i]), state.hidden[i]) for i in state.variant.piles_of(PileKind.TABLEAU)]
    assert columns == [(1, 0)] + [(n + 5, n) for n in range(1, 7)]
    assert not state.variant.piles_of(PileKind.STOCK)


def test_build_down_in_alternate_colours_moving_any_face_up_card_with_what_lies_on_it() -> None:
    state = position("yukon", t1="[3C] 8H 2C KD", t2="9S", t3="9H", t4="", t5="QC")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "alternat" in check(state, move(state, "t1", "t3", 3)).reason
    assert not check(state, move(state, "t1", "t2", 4)).ok  # the face-down card stays


def test_an_empty_column_takes_only_a_king() -> None:
    state = position("yukon", t1="[3C] 8H 2C KD", t4="", t5="QC")
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok


def test_a_face_down_card_turns_up_when_the_cards_on_it_leave() -> None:
    state = position("yukon", t1="[3C] 8H 2C KD", t2="9S")

    after = apply(state, move(state, "t1", "t2", 3))
    t1 = state.variant.index_of_name("t1")
    assert after.hidden[t1] == 0 and after.piles[t1][-1].code == "3C"


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    state = position("yukon", t1="2H", t2="AS", t3="3H", f1="AH")
    assert check(state, move(state, "t1", "f1")).ok
    assert not check(state, move(state, "t3", "f1")).ok
    homes = {m.target for m in legal_moves(state) if m.source == state.variant.index_of_name("t2")}
    assert homes & set(state.variant.piles_of(PileKind.FOUNDATION))

"""Grandfather's Clock, from its published rules (PySolFC's dial: 2♠ 3♥ 4♣ 5♦ ...)."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import move, position

DIAL = "TS JH QC KD 2S 3H 4C 5D 6S 7H 8C 9D"
"""The base cards of foundations 1 to 12: the foundation at each hour ends on that hour."""


def test_the_dial_is_dealt_out_and_forty_cards_lie_in_eight_columns_of_five() -> None:
    for deal in range(1, 10):
        state = get_variant("grandfathers-clock").start(deal)
        v = state.variant
        assert " ".join(state.piles[f][0].code for f in v.piles_of(PileKind.FOUNDATION)) == DIAL
        columns = [state.piles[t] for t in v.piles_of(PileKind.TABLEAU)]
        assert [len(c) for c in columns] == [5] * 8 and not any(state.hidden)
    assert v.traits.layout is Layout.CLOCK


def test_foundations_build_up_in_suit_round_the_corner() -> None:
    state = position("grandfathers-clock", f1="TS JS QS", f4="KD", t1="KS", t2="AD", t3="KH")
    assert check(state, move(state, "t1", "f1")).ok
    assert check(state, move(state, "t2", "f4")).ok  # an Ace on the King
    assert check(state, move(state, "t3", "f1")).reason == "K♥ can't go on Q♠: build up by one (an Ace on a King) in suit"


def test_a_foundation_ends_on_its_hour_because_the_next_card_starts_another() -> None:
    # The five o'clock foundation reaches 5♠; the 6♠ starts nine o'clock and never moves.
    state = position("grandfathers-clock", f5="2S 3S 4S 5S", f9="6S", t1="9H")
    assert check(state, move(state, "f9", "f5")).reason == "cards on foundation 9 stay there in Grandfather's Clock"
    assert [m for m in legal_moves(state) if m.source == state.variant.index_of_name("f9")] == []


def test_columns_build_down_regardless_of_suit_one_card_at_a_time() -> None:
    state = position("grandfathers-clock", t1="9C 8H", t2="9S", t3="TD", t4="7C")
    assert check(state, move(state, "t1", "t2")).ok  # 8♥ on 9♠
    assert check(state, move(state, "t2", "t3")).ok  # 9♠ on 10♦
    assert check(state, move(state, "t4", "t3")).reason == "7♣ can't go on 10♦: build down by one regardless of suit"
    assert check(state, move(state, "t1", "t3", 2)).reason.endswith(": only one card moves at a time")


def test_any_card_fills_an_empty_column() -> None:
    state = position("grandfathers-clock", t1="5H", t2="")
    assert check(state, move(state, "t1", "t2")).ok

"""Besieged Fortress, the 36-card game, from its rules."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_aces_are_the_bases_and_eight_rows_of_four() -> None:
    state = get_variant("besieged-fortress").start(6)
    v = state.variant
    assert v.deck.size == 36
    assert [pile(state, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    rows = [state.piles[v.index_of_name(f"t{n}")] for n in range(1, 9)]
    assert [len(r) for r in rows] == [4] * 8
    ranks = {c.rank for r in rows for c in r}
    assert ranks == set(Rank) - {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}


def test_foundations_go_ace_six_seven_up_to_king() -> None:
    state = position("besieged-fortress", f1="AS", t1="6S", t2="7S")
    assert check(state, move(state, "t1", "f1")).ok
    assert "up by one" in check(state, move(state, "t2", "f1")).reason
    after = apply(state, move(state, "t1", "f1"))
    assert check(after, move(after, "t2", "f1")).ok


def test_only_the_last_card_moves_onto_a_card_one_higher_of_any_suit() -> None:
    state = position("besieged-fortress", t1="9C 6D", t2="7H", t3="8S 7C")
    assert check(state, move(state, "t1", "t2")).ok
    assert "one card" in check(state, move(state, "t3", "t2", 2)).reason
    assert "down by one" in check(state, move(state, "t2", "t3")).reason  # 7H onto 7C


def test_an_empty_row_takes_any_card() -> None:
    state = position("besieged-fortress", t1="", t2="QD", t3="6H")
    assert move(state, "t2", "t1") in legal_moves(state) and move(state, "t3", "t1") in legal_moves(state)

"""Calculation, from its published rules."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)


def test_an_ace_a_two_a_three_and_a_four_start_the_foundations() -> None:
    for deal in range(1, 20):
        state = get_variant("calculation").start(deal)
        v = state.variant
        homes = [state.piles[f] for f in v.piles_of(PileKind.FOUNDATION)]
        assert [h[0].rank for h in homes] == [Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR]
        assert not any(state.piles[i] for i in v.piles_of(PileKind.TABLEAU))
        assert len(state.piles[v.tables.stock]) == 48  # type: ignore[index]


def test_foundations_count_by_ones_twos_threes_and_fours_round_the_corner() -> None:
    state = position("calculation", f1="AC", f2="2C 4H 6S 8D TC QS", f3="3C", f4="4C", t1="AS", t2="6D", t3="8S", t4="2D")
    assert check(state, move(state, "t1", "f2")).ok  # after the Queen, counting two: an Ace
    assert check(state, move(state, "t2", "f3")).ok
    assert check(state, move(state, "t3", "f4")).ok
    assert check(state, move(state, "t4", "f1")).ok
    assert check(state, move(state, "t2", "f1")).reason == "6♦ can't go on A♣: build up by one regardless of suit"
    assert check(state, move(state, "t2", "f2")).reason == (  # only the foundations past the King count on round it
        "6♦ can't go on Q♠: build up by two (counting on from the King to the Ace) regardless of suit"
    )


def test_a_foundation_stops_at_the_king() -> None:
    full = "2C 4H 6S 8D TC QS AD 3H 5S 7C 9D JH KS"
    state = position("calculation", f1="AC", f2=full, f3="3C", f4="4C", t1="2S")
    assert "holds only 13 cards" in check(state, move(state, "t1", "f2")).reason


def test_columns_take_only_the_waste_card_and_give_only_to_foundations() -> None:
    state = position("calculation", f1="AC", f2="2C", f3="3C", f4="4C", waste="9H", t1="KD", t2="QS")
    assert check(state, move(state, "waste", "t1")).ok
    assert check(state, move(state, "t2", "t1")).reason == "column 1 takes cards only from the waste"
    assert move(state, "t2", "t1") not in legal_moves(state)


def test_the_turned_card_must_be_played_before_the_next() -> None:
    state = position("calculation", f1="AC", f2="2C", f3="3C", f4="4C", waste="9H", stock="[5D] [7S]")
    assert check(state, DEAL).reason == "play the waste's card first: the waste holds only one card"
    after = apply(state, move(state, "waste", "t1"))
    assert check(after, DEAL).ok and pile(apply(after, DEAL), "waste") == "7S"

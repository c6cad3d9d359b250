"""Suits, ranks and cards as values."""

from __future__ import annotations

from cardtable.cards import ALL_CARDS, Card, Color, Rank, Suit, card_of


def test_colours_follow_the_suits() -> None:
    assert {s for s in Suit if s.color is Color.RED} == {Suit.HEARTS, Suit.DIAMONDS}
    assert Card(Rank.ACE, Suit.SPADES).color is Color.BLACK


def test_cards_are_equal_by_value_and_hash_alike() -> None:
    made = Card(Rank.QUEEN, Suit.HEARTS)
    shared = card_of(Rank.QUEEN, Suit.HEARTS)
    assert made == shared and hash(made) == hash(shared) and made is not shared
    assert len({made, shared}) == 1
    assert made != Card(Rank.QUEEN, Suit.DIAMONDS)


def test_every_distinct_card_once_ordered_by_index() -> None:
    assert len(ALL_CARDS) == 52 == len(set(ALL_CARDS))
    assert [c.index for c in ALL_CARDS] == list(range(52))


def test_names() -> None:
    ten = Card(Rank.TEN, Suit.CLUBS)
    assert (ten.code, ten.symbol, str(ten)) == ("TC", "10♣", "TC")
    assert Rank.ACE.letter == "A" and Rank.KING.label == "K"

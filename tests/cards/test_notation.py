"""Card notation both ways."""

from __future__ import annotations

import pytest

from cardtable.cards import ALL_CARDS, NotationError, Rank, Suit, card_of, format_card, parse_card, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("QH", Rank.QUEEN, Suit.HEARTS), ("TC", Rank.TEN, Suit.CLUBS), ("10C", Rank.TEN, Suit.CLUBS),
     ("Q♥", Rank.QUEEN, Suit.HEARTS), ("qh", Rank.QUEEN, Suit.HEARTS), (" as ", Rank.ACE, Suit.SPADES),
     ("10♦", Rank.TEN, Suit.DIAMONDS), ("K♤", Rank.KING, Suit.SPADES)],
)
def test_reads_every_usual_notation(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) is card_of(rank, suit)


@pytest.mark.parametrize("style", ["code", "label", "symbol"])
def test_every_card_writes_and_reads_back(style: str) -> None:
    for card in ALL_CARDS:
        assert parse_card(format_card(card, style)) == card


@pytest.mark.parametrize(("text", "complaint"), [("1X", "unknown suit"), ("ZZ", "unknown rank"), ("", "not a card"), ("QHH", "unknown rank"), ("11S", "unknown rank")])
def test_junk_is_explained(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        parse_card(text)


def test_lists_and_styles() -> None:
    assert [c.code for c in parse_cards("AS, 10H TD")] == ["AS", "TH", "TD"]
    assert format_card(card_of(Rank.TEN, Suit.HEARTS), "label") == "10H"
    with pytest.raises(ValueError, match="unknown card style"):
        format_card(card_of(Rank.TEN, Suit.HEARTS), "fancy")

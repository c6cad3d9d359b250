"""Deck specifications."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cards import SHORT_RANKS, DeckSpec, Rank, Suit


def test_sizes() -> None:
    assert DeckSpec().size == len(DeckSpec().cards()) == 52
    assert DeckSpec(decks=2).size == 104
    assert DeckSpec(ranks=SHORT_RANKS).size == 36


@pytest.mark.parametrize(("suits", "expected"), [(1, {Suit.SPADES: 104}), (2, {Suit.SPADES: 52, Suit.HEARTS: 52}), (4, {s: 26 for s in Suit})])
def test_spider_decks(suits: int, expected: dict[Suit, int]) -> None:
    cards = DeckSpec.spider(suits).cards()
    assert len(cards) == 104
    assert Counter(c.suit for c in cards) == expected
    assert Counter(c.rank for c in cards) == {r: 8 for r in Rank}


def test_short_deck_rank_sequence() -> None:
    short = DeckSpec(ranks=SHORT_RANKS)
    assert short.next_rank(Rank.ACE) is Rank.SIX
    assert short.is_next(Rank.ACE, Rank.SIX) and not short.is_next(Rank.FIVE, Rank.SIX)
    assert short.next_rank(Rank.KING) is None
    assert {c.rank for c in short.cards()} == {Rank.ACE, *range(6, 14)}


def test_bad_specs_are_refused() -> None:
    for bad in (dict(decks=0), dict(suits=()), dict(ranks=(Rank.ACE, Rank.ACE))):
        with pytest.raises(ValueError):
            DeckSpec(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1, 2 or 4"):
        DeckSpec.spider(3)

"""Card notation, read and written: ``QH``, ``TC`` or ``10C``, ``Q♥``."""

from __future__ import annotations

import re

from cardtable.cards.card import Card, Rank, Suit, card_of

_RANKS = {r.letter: r for r in Rank} | {"10": Rank.TEN, "1": Rank.ACE}
_SUITS = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_SUITS |= {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}


_EXACT = {
    f"{rank}{suit}": card_of(r, s)
    for r in Rank
    for s in Suit
    for rank in {r.letter, r.label}
    for suit in (s.letter, s.symbol)
}
"""The usual spellings of every card, read without any parsing (positions hold hundreds)."""


class NotationError(ValueError):
    """Text that does not name a card."""


def parse_card(text: str) -> Card:
    """Read one card, case-insensitively, in any of the usual notations.

    >>> parse_card("QH"), parse_card("10c"), parse_card("Q♥") == parse_card("qh")
    (Card(rank=<Rank.QUEEN: 12>, suit=<Suit.HEARTS: 2>), Card(rank=<Rank.TEN: 10>, suit=<Suit.CLUBS: 0>), True)
    """
    found = _EXACT.get(text)
    if found is not None:
        return found
    word = text.strip().upper()
    if len(word) < 2:
        raise NotationError(f"{text!r} is not a card: write a rank and a suit, like QH or 10C")
    rank = _RANKS.get(word[:-1])
    suit = _SUITS.get(word[-1])
    if rank is None or suit is None:
        problem = "rank" if rank is None else "suit"
        raise NotationError(
            f"{text!r} is not a card: unknown {problem} "
            "(ranks A 2-9 T/10 J Q K, suits C D H S or ♣ ♦ ♥ ♠)"
        )
    return card_of(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas.

    >>> [c.code for c in parse_cards("AS, 10H TD")]
    ['AS', 'TH', 'TD']
    """
    return tuple(parse_card(word) for word in text.replace(",", " ").split())


def format_card(card: Card, style: str = "code") -> str:
    """Write a card as ``code`` (``TC``), ``label`` (``10C``) or ``symbol`` (``10♣``)."""
    if style == "code":
        return card.code
    if style == "label":
        return card.rank.label + card.suit.letter
    if style == "symbol":
        return card.symbol
    raise ValueError(f"unknown card style {style!r}: use code, label or symbol")


_SPELLED = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠])")


def coded(text: str) -> str:
    """``text`` with every card written with its suit symbol rewritten as its code, for
    a reader who types codes.

    >>> coded("10♥ can't go on J♠: build down by one")
    "TH can't go on JS: build down by one"
    """
    letters = {suit.symbol: suit.letter for suit in Suit}
    return _SPELLED.sub(lambda m: ("T" if m[1] == "10" else m[1]) + letters[m[2]], text)

"""Suits, ranks and cards: the small frozen values every game is built from."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum


class Color(Enum):
    """The colour of a suit."""

    RED = "red"
    BLACK = "black"


class Suit(IntEnum):
    """A suit, numbered in the classic Microsoft FreeCell order (clubs first).

    >>> Suit.HEARTS.color
    <Color.RED: 'red'>
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def color(self) -> Color:
        """Red for diamonds and hearts, black for clubs and spades."""
        return Color.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Color.BLACK

    @property
    def letter(self) -> str:
        """The one-letter code: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣, ♦, ♥ or ♠."""
        return "♣♦♥♠"[self]


class Rank(IntEnum):
    """A rank from Ace (1) to King (13).

    >>> Rank.QUEEN.letter, Rank.TEN.label
    ('Q', '10')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character code used by most card tools (T for ten)."""
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """The rank as a player writes it (10 for ten)."""
        return "10" if self is Rank.TEN else self.letter


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Two copies of the same card (in two-deck games) are equal.

    ``index`` (0..51) numbers the distinct cards so rule tables can be plain lists.

    >>> str(Card(Rank.QUEEN, Suit.HEARTS))
    'QH'
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    color: Color = field(init=False, repr=False, compare=False)
    """The colour of the card's suit."""
    code: str = field(init=False, repr=False, compare=False)
    """Two-character code such as ``QH`` or ``TC``."""

    def __post_init__(self) -> None:
        # Worked out once: build rules and text forms read them for every card they touch.
        object.__setattr__(self, "index", int(self.suit) * 13 + int(self.rank) - 1)
        object.__setattr__(self, "color", self.suit.color)
        object.__setattr__(self, "code", self.rank.letter + self.suit.letter)

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[Rank, Suit]]:
        return card_of, (self.rank, self.suit)

    @property
    def symbol(self) -> str:
        """Code with the suit symbol, such as ``Q♥`` or ``10♣``."""
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.code


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""Every distinct card, ordered by ``Card.index``; games share these instances."""


def card_of(rank: Rank, suit: Suit) -> Card:
    """The shared instance of a card (cheap identity comparisons in hot paths)."""
    return ALL_CARDS[int(suit) * 13 + int(rank) - 1]

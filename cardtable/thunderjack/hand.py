"""Hands: their cards, totals and the ways a hand stops being played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cardtable.cards import Card, Rank


class Seat(Enum):
    """The player's three betting spots, in the order they are dealt and played."""

    RIGHT = "right"
    MIDDLE = "middle"
    LEFT = "left"


SEATS: tuple[Seat, ...] = (Seat.RIGHT, Seat.MIDDLE, Seat.LEFT)


class Finish(Enum):
    """Why a hand is no longer played."""

    STOOD = "stood"
    DOUBLED = "doubled"
    BUST = "bust"
    SURRENDERED = "surrendered"
    BLACKJACK = "blackjack"
    THUNDERJACK = "thunderjack"
    BLITZ = "blitz"
    PUSHED = "pushed"
    """Settled as a push before play (two Thunderjacks, or beside a lone Thunderjack)."""
    BEATEN = "beaten"
    """Lost to the dealer's Blackjack before play."""


PLAYS_DEALER = frozenset({Finish.STOOD, Finish.DOUBLED})
"""Hands that still meet the dealer's total."""


def points(card: Card) -> int:
    """A card's count: Aces 1 (or 11, see ``total``), court cards 10."""
    return min(int(card.rank), 10)


def total(cards: Sequence[Card]) -> tuple[int, bool]:
    """The hand's best total and whether an Ace counts 11 in it (a soft total).

    >>> from cardtable.cards import parse_cards
    >>> total(parse_cards("AS 6H")), total(parse_cards("AS 6H TC"))
    ((17, True), (17, False))
    """
    hard = sum(min(int(c.rank), 10) for c in cards)
    if hard <= 11 and any(c.rank is Rank.ACE for c in cards):
        return hard + 10, True
    return hard, False


def is_natural(cards: Sequence[Card]) -> bool:
    """Two cards totalling 21: an Ace and a ten-count card."""
    return len(cards) == 2 and total(cards)[0] == 21


def is_thunderjack(cards: Sequence[Card]) -> bool:
    """A natural of one suit whose other card is a Jack, Queen or King (A♠ 10♠ is not).

    >>> from cardtable.cards import parse_cards
    >>> is_thunderjack(parse_cards("AS KS")), is_thunderjack(parse_cards("AS TS"))
    (True, False)
    """
    return (
        is_natural(cards)
        and cards[0].suit is cards[1].suit
        and any(c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for c in cards)
    )


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of the player: its seat, cards and the credits riding on it.

    ``split`` marks a hand made by splitting; ``paid`` is what came back to the player
    (stake and winnings) once the hand is settled.
    """

    seat: Seat
    cards: tuple[Card, ...]
    bet: int
    split: bool = False
    finish: Finish | None = None
    paid: int | None = None

    @property
    def total(self) -> int:
        """The best total."""
        return total(self.cards)[0]

    @property
    def is_soft(self) -> bool:
        """Whether an Ace counts 11."""
        return total(self.cards)[1]

    @property
    def is_pair(self) -> bool:
        """Two cards of the same rank (two Jacks, not a Jack and a Queen)."""
        return len(self.cards) == 2 and self.cards[0].rank is self.cards[1].rank

    @property
    def net(self) -> int:
        """What the hand won (positive) or lost, once settled."""
        return (self.paid or 0) - self.bet

"""The classic Microsoft FreeCell deals, reproduced exactly by deal number."""

from __future__ import annotations

from cardtable.cards.card import Rank, Suit, card_of

MAX_DEAL = (1 << 31) - 1
"""Deal numbers 1 .. 2**31-1 follow the Microsoft generator."""


def microsoft_order(deal: int) -> tuple[int, ...]:
    """Card numbers (rank * 4 + suit, clubs first) in the order they are dealt.

    Dealt across eight columns, card ``k`` lands on column ``k % 8``.
    """
    if not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"Microsoft deal numbers run from 1 to {MAX_DEAL:,}, not {deal:,}")
    state = deal
    cards = list(range(51, -1, -1))
    left = 52
    for i in range(52):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = 51 - (state >> 16) % left
        cards[i], cards[j] = cards[j], cards[i]
        left -= 1
    return tuple(cards)


def microsoft_deal(deal: int) -> tuple[int, ...]:
    """The deal as ``Card.index`` values, in dealing order.

    >>> from cardtable.cards import ALL_CARDS
    >>> " ".join(ALL_CARDS[i].code for i in microsoft_deal(1)[:8])
    'JD 2D 9H JC 5D 7H 7C 5H'
    """
    return tuple(_INDEX[n] for n in microsoft_order(deal))


_INDEX = tuple(card_of(Rank(n // 4 + 1), Suit(n % 4)).index for n in range(52))
"""``Card.index`` of each Microsoft card number (worked out once: a batch deals thousands)."""


"""Discarding an outranked card (Aces Up): a column's top card goes to the discards when
a higher card of its suit tops another column. Aces rank high, so an Ace is never
outranked; the game is won when only the Aces are left.

The whole rule is here: its words, the check with its refusal, and the moves it allows
(the discard pile is the game's first foundation, which takes no other card). What the
move does is an ordinary transfer (``rules/transfer.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card, DeckSpec
from cardtable.solitaire.model import LEGAL, Move, State, Verdict
from cardtable.solitaire.rules.words import no


@dataclass(frozen=True, slots=True)
class Outranked:
    """The discard rule, with the words that explain it."""

    phrase: str = "a card is discarded when a higher card of its suit (Aces high) tops another column"


outranked = Outranked()


def rank_order(deck: DeckSpec, card: Card) -> int:
    """A card's place in the deck's rank order with the Ace on top (0: lowest)."""
    at = deck.ranks.index(card.rank)
    return len(deck.ranks) - 1 if at == 0 else at - 1


def outranking(state: State, pile: int) -> bool:
    """Whether another column's top card is a higher card of the suit of ``pile``'s top."""
    piles = state.piles
    card = piles[pile][-1]
    deck = state.variant.deck
    mine = rank_order(deck, card)
    for j in state.variant.tables.tableau:
        if j != pile and piles[j] and state.hidden[j] < len(piles[j]):
            top = piles[j][-1]
            if top.suit is card.suit and rank_order(deck, top) > mine:
                return True
    return False


def discard_moves(state: State, out: list[Move]) -> None:
    """Add every legal discard to ``out``."""
    t = state.variant.tables
    target = t.foundations[0]
    for i in t.tableau:
        cards = state.piles[i]
        if cards and state.hidden[i] < len(cards) and outranking(state, i):
            out.append(t.transfer(i, target, 1))


def check_discard(state: State, pile: int) -> Verdict:
    """Whether the top card of ``pile`` may be discarded, and if not, why (the transfer
    check has already judged the source and the count)."""
    variant = state.variant
    if pile not in variant.tables.tableau:
        return no("only a column's top card is discarded")
    card = state.piles[pile][-1]
    if not outranking(state, pile):
        return no(f"{card.symbol} can't be discarded: {outranked.phrase}")
    return LEGAL

"""The card kernel: suits, ranks, cards, deck specs, seeded shuffles and notation."""

from cardtable.cards.card import ALL_CARDS, Card, Color, Rank, Suit, card_of
from cardtable.cards.deck import FULL_RANKS, SHORT_RANKS, DeckSpec
from cardtable.cards.microsoft import MAX_DEAL, microsoft_deal
from cardtable.cards.notation import NotationError, format_card, parse_card, parse_cards
from cardtable.cards.shuffle import Pcg32, shuffled

__all__ = [
    "ALL_CARDS",
    "Card",
    "Color",
    "DeckSpec",
    "FULL_RANKS",
    "MAX_DEAL",
    "NotationError",
    "Pcg32",
    "Rank",
    "SHORT_RANKS",
    "Suit",
    "card_of",
    "format_card",
    "microsoft_deal",
    "parse_card",
    "parse_cards",
    "shuffled",
]

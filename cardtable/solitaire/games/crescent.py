"""Crescent: two decks, an Ace and a King of each suit out, sixteen piles building up or
down in suit round the corner, and redeals that bring each pile's bottom card to its top."""

from __future__ import annotations

from cardtable.cards import Card, DeckSpec, Rank, Suit
from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import base, down, nothing, same_suit, top_card, up
from cardtable.solitaire.rules.deal import DealPlan
from cardtable.solitaire.rules.stock import rotating
from cardtable.solitaire.rules.wrapping import up_or_down_round
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

_BASES = tuple(Card(rank, suit) for rank in (Rank.ACE, Rank.KING) for suit in Suit)

crescent = register(
    Variant(
        id="crescent",
        name="Crescent",
        layout=Layout.FANS,  # sixteen piles of six: rows of fans, as they fit a narrow screen
        piles=(
            *foundations(4, up & same_suit, base(Rank.ACE)),
            *foundations(4, down & same_suit, base(Rank.KING), first=5),
            *tableau(((0, 6),) * 16, up_or_down_round & same_suit, nothing, top_card, word="pile"),
        ),
        deck=DeckSpec(decks=2),
        deal=DealPlan(base_cards=_BASES),
        stock=rotating(passes=4),
        # Cards wander up and down between piles: favour uncovering what the foundations want.
        solving=Solving(length=0, depth=6, disorder=2),
        summary=(
            "Two decks. An Ace and a King of each suit start eight foundations: the Aces "
            "build up in suit to the King, the Kings down in suit to the Ace. The other 96 "
            "cards are dealt face up to sixteen piles of six, which build up or down in suit "
            "(an Ace and a King touch), one card at a time; an emptied pile stays empty. "
            "Three times you may redeal: every pile's bottom card goes to its top."
        ),
    )
)

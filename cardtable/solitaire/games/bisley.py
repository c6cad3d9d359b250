"""Bisley: Aces out, thirteen columns building up or down in suit, Kings build down."""

from __future__ import annotations

from cardtable.cards import Rank, Suit
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, base, down, nothing, same_suit, top_card, up, up_or_down
from cardtable.solitaire.solving import VARIED, Solving
from cardtable.solitaire.variant import Variant

_KING_FOUNDATIONS = tuple(
    PileSpec(PileId(PileKind.FOUNDATION, 5 + n), down & same_suit, base(Rank.KING, suit), one_at_a_time=True)
    for n, suit in enumerate(Suit)
)

bisley = register(
    Variant(
        id="bisley",
        name="Bisley",
        piles=(
            *foundations(4, up & same_suit, nothing),
            *_KING_FOUNDATIONS,
            *tableau(((0, 3),) * 4 + ((0, 4),) * 9, up_or_down & same_suit, nothing, top_card),
        ),
        deal=aces_out(),
        summary=(
            "The Aces start four foundations that build up in suit; a King, once free, starts "
            "a foundation of its suit that builds down, and a card may go to either. Columns "
            "build up or down in suit, one card at a time; an emptied column stays empty."
        ),
        solving=Solving(first_tries=VARIED, rounds=2),  # bench/first_tries.py
    )
)

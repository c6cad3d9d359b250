"""Agnes Sorel and Agnes Bernauer: Klondike's columns, all face up, round the corner from
King to Ace; the first card dealt sets the foundations' base rank. Agnes Sorel's stock
deals a card to every column; Agnes Bernauer's to seven reserve piles."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, nothing, run, same_color, same_suit, to_tableau, top_card
from cardtable.solitaire.rules.deal import base_by_deal
from cardtable.solitaire.rules.empty import below_base, dealt_base
from cardtable.solitaire.rules.stock import to_reserves
from cardtable.solitaire.rules.wrapping import down_round, up_round
from cardtable.solitaire.variant import Variant

agnes_sorel = register(
    Variant(
        id="agnes-sorel",
        name="Agnes Sorel",
        piles=(
            stock(),
            *foundations(4, up_round & same_suit, dealt_base),
            *tableau(tuple((0, n) for n in range(1, 8)), down_round & same_color, nothing, run()),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        deal=base_by_deal(),
        summary=(
            "The first card dealt starts a foundation and sets the rank all four start with; "
            "they build up in suit, round from King to Ace. Seven columns of one to seven "
            "cards, all face up, build down in the same colour (a King on an Ace), and any "
            "run in order moves. Nothing is moved into an empty column, but the stock, which "
            "deals one card to every column with no redeal, fills it."
        ),
    )
)

agnes_bernauer = register(
    Variant(
        id="agnes-bernauer",
        name="Agnes Bernauer",
        piles=(
            stock(),
            *foundations(4, up_round & same_suit, dealt_base),
            *tableau(tuple((0, n) for n in range(1, 8)), down_round & alt_color, below_base, run()),
            *(PileSpec(PileId(PileKind.RESERVE, n), None, nothing, top_card, (0, 1)) for n in range(1, 8)),
        ),
        stock=to_reserves(),
        deal=base_by_deal(),
        summary=(
            "The first card dealt starts a foundation and sets the rank all four start with; "
            "they build up in suit, round from King to Ace. Seven columns of one to seven "
            "cards, all face up, build down in alternating colours (a King on an Ace), any "
            "run in order moves, and an empty column takes only the rank just below the "
            "base. Seven reserve piles play from their top cards; the stock deals one card "
            "onto each of them, with no redeal."
        ),
    )
)

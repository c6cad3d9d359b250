"""Golf, Black Hole and their kin: clear the tableau onto one pile that builds up or
down regardless of suit; nothing builds in the tableau."""

from __future__ import annotations

from cardtable.cards import Rank, Suit
from cardtable.solitaire.options import wrapping
from cardtable.solitaire.piles import building_waste, foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, any_suit, base, nothing, standard, to_waste, top_card, up_or_down
from cardtable.solitaire.rules.deal import base_out
from cardtable.solitaire.rules.wrapping import up_or_down_round
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Goal, Variant

golf = register(
    Variant(
        id="golf",
        name="Golf",
        piles=(
            stock(),
            building_waste(up_or_down & any_suit),
            *tableau(((0, 5),) * 7, None, nothing, top_card),
        ),
        stock=to_waste(1, passes=1),
        goal=Goal.TABLEAU_CLEARED,
        summary=(
            "Seven columns of five cards lie face up; one card starts the waste and the rest "
            "form the stock. The last card of a column goes onto the waste if it is one "
            "higher or one lower, of any suit (a Queen on a King, but nothing round the "
            "corner from King to Ace). Turn the stock one card at a time onto the waste, a "
            "single pass. Clear the columns to win."
        ),
        options=(wrapping(),),
    )
)

black_hole = register(
    Variant(
        id="black-hole",
        name="Black Hole",
        piles=(
            *foundations(1, up_or_down_round & any_suit, base(Rank.ACE, Suit.SPADES)),
            *tableau(((0, 3),) * 17, None, nothing, top_card, word="fan"),
        ),
        deal=base_out(Rank.ACE, Suit.SPADES),
        layout=Layout.FANS,
        summary=(
            "The Ace of Spades starts the one foundation, the black hole; the other 51 cards "
            "lie face up in seventeen fans of three. The top card of a fan goes into the hole "
            "if it is one higher or one lower than the card on top there, of any suit, round "
            "the corner too (an Ace on a King, a King on an Ace). Nothing builds on the fans, "
            "and an emptied fan stays empty. Put every card in the hole to win."
        ),
    )
)

relaxed_golf = register(
    golf.derive(
        id="relaxed-golf",
        name="Relaxed Golf",
        piles=(
            stock(),
            building_waste(up_or_down_round & any_suit),
            *tableau(((0, 5),) * 7, None, nothing, top_card),
        ),
        summary=(
            "Golf where the ranks turn the corner: an Ace goes on a King and a King on an "
            "Ace. Seven columns of five cards lie face up; one card starts the waste. The "
            "last card of a column goes onto the waste if it is one higher or one lower, of "
            "any suit. Turn the stock one card at a time, a single pass. Clear the columns "
            "to win."
        ),
        options=golf.options,
    )
)

all_in_a_row = register(
    black_hole.derive(
        id="all-in-a-row",
        name="All in a Row",
        piles=(
            *foundations(1, up_or_down_round & any_suit, any_card),
            *tableau(((0, 4),) * 13, None, nothing, top_card),
        ),
        deal=standard,
        layout=Layout.COLUMNS,
        summary=(
            "Black Hole with an empty hole: all 52 cards lie face up in thirteen columns of "
            "four, and any top card may start the one foundation. After that a top card goes "
            "there if it is one higher or one lower than the card on top, of any suit, round "
            "the corner too. Nothing builds on the columns. Put every card on the foundation "
            "to win. This is the game most collections play under the name (also called "
            "Quasar); older rule books give All in a Row other rules."
        ),
        aliases=("quasar",),
    )
)

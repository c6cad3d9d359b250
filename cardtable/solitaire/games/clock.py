"""Clock games: Grandfather's Clock, whose twelve foundations sit on a clock face and
each build up in suit until they show their hour, and the Clock, which plays itself
one turned card at a time."""

from __future__ import annotations

from cardtable.cards import Card, Rank, Suit
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, any_suit, base, down, same_suit, top_card
from cardtable.solitaire.rules.deal import DealPlan
from cardtable.solitaire.rules.turning import TurnUp, same_rank
from cardtable.solitaire.rules.wrapping import up_round
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def _dial_card(hour: int) -> Card:
    """The card that starts the foundation standing at ``hour``: the foundation ends on
    its hour, so it starts three ranks before (four for the top four, which turn the
    corner): 2♠ under five o'clock, K♦ under four."""
    rank = Rank(hour + 9 if hour <= 4 else hour - 3)
    return Card(rank, _SUITS[(rank - 2) % 4])


_DIAL = tuple(_dial_card(hour) for hour in range(1, 13))

grandfathers_clock = register(
    Variant(
        id="grandfathers-clock",
        name="Grandfather's Clock",
        piles=(
            *(
                PileSpec(PileId(PileKind.FOUNDATION, hour), up_round & same_suit, base(card.rank, card.suit), None, one_at_a_time=True)
                for hour, card in enumerate(_DIAL, start=1)
            ),
            *tableau(((0, 5),) * 8, down & any_suit, any_card, top_card),
        ),
        deal=DealPlan(base_cards=_DIAL),
        layout=Layout.CLOCK,
        summary=(
            "Twelve cards, 2♠ 3♥ 4♣ 5♦ 6♠ and on to K♦, are laid out as a clock face; the "
            "rest are dealt face up to eight columns of five. Each foundation builds up in "
            "suit, a King followed by an Ace, until it shows the hour where it stands: the "
            "2♠ at five o'clock ends on the 5♠, the J♥ at two o'clock on the 2♥. Columns "
            "build down regardless of suit, one card at a time, and any card fills an "
            "empty column. Win by bringing every card to the clock."
        ),
    )
)

clock = register(
    Variant(
        id="clock",
        name="Clock",
        piles=(
            PileSpec(PileId(PileKind.WASTE), group=top_card, dealt=(0, 1)),
            *(
                PileSpec(PileId(PileKind.FOUNDATION, hour), same_rank, base(Rank(hour)), None, one_at_a_time=True)
                for hour in range(1, 14)
            ),
            *(
                PileSpec(PileId(PileKind.TABLEAU, hour, "pile"), dealt=(4 if hour < 13 else 3, 0))
                for hour in range(1, 14)
            ),
        ),
        turn_up=TurnUp(PileId(PileKind.WASTE)),
        flip_revealed=False,
        layout=Layout.CLOCK,
        summary=(
            "The cards are dealt face down into thirteen piles of four, one at each hour of a "
            "clock and the Kings' pile in the middle, whose top card is turned to start. Play "
            "the turned card face up to its hour (Aces at one o'clock, Queens at twelve, Kings "
            "in the middle); that turns up the top card of the pile at that hour, which is "
            "played next. There is no choice to make, only the clock to run: the game is lost "
            "when the fourth King turns up before every other card, and won when every card "
            "lies face up at its hour. About one deal in thirteen comes out."
        ),
        aliases=("travellers",),
    )
)

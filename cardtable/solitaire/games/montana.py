"""Montana (Gaps): four rows of thirteen places; each gap takes the card one higher in
suit than the card to its left, a row's first place any Two; two redeals shuffle the
cards out of sequence back into the rows."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import base, same_suit, top_card, up
from cardtable.solitaire.rules.deal import DealPlan
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.rules.stock import redeal_gaps
from cardtable.solitaire.variant import Goal, Variant

ROW = 13
ROWS = 4

_ACES = EmptyRule("only an Ace, put out as it is dealt", (Rank.ACE,))
_GAP = EmptyRule(
    "the card one higher in suit than the card to its left (nothing after a King or a gap)", (), after=up & same_suit
)


def _place(n: int) -> PileSpec:
    """Place ``n`` (from 0) of the grid, read row by row."""
    start = n % ROW == 0
    return PileSpec(PileId(PileKind.TABLEAU, n + 1, "place"), empty=base(Rank.TWO) if start else _GAP, group=top_card,
                    dealt=(0, 1), capacity=1)


montana = register(
    Variant(
        id="montana",
        name="Montana",
        piles=(*foundations(ROWS, None, _ACES), *(_place(n) for n in range(ROW * ROWS))),
        deal=DealPlan(home_while_dealing=True),
        stock=redeal_gaps(passes=3),
        goal=Goal.ROWS_IN_SUIT,
        grid=ROW,
        aliases=("gaps",),
        summary=(
            "The whole deck is dealt face up in four rows of thirteen, and the Aces are "
            "taken out, leaving four gaps. Move any card into a gap that follows the card "
            "one lower of its suit: a Seven of Hearts into the gap just right of the Six of "
            "Hearts. A gap at the start of a row takes any Two; a gap after a King or after "
            "another gap takes nothing. When you are stuck, redeal (twice in a game): the "
            "cards not yet in sequence from the start of their row are gathered, shuffled "
            "and dealt again, leaving one gap just after each row's sequence. Win with each "
            "row holding one suit in order, Two to King."
        ),
    )
)

"""Canfield and its kin (Rainbow, Chameleon, Storehouse): a reserve whose top card plays
and which refills emptied columns, foundations that start at a rank the deal chooses
and wrap from King to Ace, columns that move one card or the whole pile."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, stock, tableau, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, any_suit, nothing, same_suit, top_card
from cardtable.solitaire.rules.build import BuildRule, alt_color
from cardtable.solitaire.rules.deal import DealPlan, base_by_deal
from cardtable.solitaire.rules.empty import base, dealt_base
from cardtable.solitaire.rules.groups import one_or_whole
from cardtable.solitaire.rules.stock import StockPolicy, to_waste
from cardtable.solitaire.rules.wrapping import down_round, up_round
from cardtable.solitaire.variant import Variant

RESERVE = PileId(PileKind.RESERVE, 1)


def _canfield(
    id: str, name: str, summary: str, columns: int, build: BuildRule, stock_policy: StockPolicy,
    reserve: int = 13, starts_at: Rank | None = None, aliases: tuple[str, ...] = (),
) -> Variant:
    """A Canfield-like game: ``reserve`` cards (the top one face up) refill emptied
    columns; the foundations start at ``starts_at`` (None: the rank the deal chooses)."""
    home = dealt_base if starts_at is None else base(starts_at)
    return register(
        Variant(
            id=id,
            name=name,
            piles=(
                stock(),
                waste(),
                *foundations(4, up_round & same_suit, home),
                *tableau(tuple((0, 1) for _ in range(columns)), build, any_card, one_or_whole),
                PileSpec(RESERVE, None, nothing, top_card, (reserve - 1, 1)),
            ),
            stock=stock_policy,
            deal=base_by_deal() if starts_at is None else DealPlan(bases_out=starts_at),
            refill_from=RESERVE,
            summary=summary,
            aliases=aliases,
        )
    )


canfield = _canfield(
    "canfield",
    "Canfield",
    (
        "The first card dealt starts a foundation and sets the rank all four start with; "
        "they build up in suit, round from King to Ace. A reserve of 13 plays from its "
        "top card, four columns build down in alternating colours (a King on an Ace), and "
        "a column moves one card or all of its cards at once. A column left empty takes "
        "the reserve's top card at once; once the reserve is gone, any card fills it. "
        "Turn the stock three cards at a time, as often as you like."
    ),
    4,
    down_round & alt_color,
    to_waste(3),
    aliases=("demon",),
)

rainbow = _canfield(
    "rainbow",
    "Rainbow",
    (
        "Canfield where the columns build down regardless of suit (a King on an Ace), and "
        "the stock is turned one card at a time, once. The first card dealt sets the "
        "foundations' base rank; a reserve of 13 refills emptied columns."
    ),
    4,
    down_round & any_suit,
    to_waste(1, passes=1),
)

chameleon = _canfield(
    "chameleon",
    "Chameleon",
    (
        "A smaller Canfield: a reserve of 12 and three columns that build down regardless "
        "of suit (a King on an Ace); the stock is turned one card at a time, once. The "
        "first card dealt sets the foundations' base rank; the reserve refills emptied "
        "columns."
    ),
    3,
    down_round & any_suit,
    to_waste(1, passes=1),
    reserve=12,
    aliases=("kansas",),
)

storehouse = _canfield(
    "storehouse",
    "Storehouse",
    (
        "Canfield with the Twos dealt to the foundations, which build up in suit to the "
        "Ace. Four columns build down in suit (a King on an Ace) and move one card or all "
        "of their cards; a reserve of 13 refills emptied columns. Turn the stock one card "
        "at a time, three passes."
    ),
    4,
    down_round & same_suit,
    to_waste(1, passes=3),
    starts_at=Rank.TWO,
    aliases=("straight-up",),
)

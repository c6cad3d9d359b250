"""King Albert and Flower Garden: open columns and a reserve of single cards that play but
never refill."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, any_card, any_suit, down, nothing, same_suit, top_card, up
from cardtable.solitaire.variant import Variant


def reserve(count: int) -> tuple[PileSpec, ...]:
    """``count`` reserve piles of one face-up card each, played from but never refilled."""
    return tuple(PileSpec(PileId(PileKind.RESERVE, n), None, nothing, top_card, (0, 1)) for n in range(1, count + 1))


king_albert = register(
    Variant(
        id="king-albert",
        name="King Albert",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(tuple((0, n) for n in range(1, 10)), down & alt_color, any_card, top_card),
            *reserve(7),
        ),
        summary=(
            "Nine columns of 1 to 9 cards and a reserve of the last seven, all face up. "
            "Build down in alternating colours, one card at a time; any card fills an empty "
            "column. Reserve cards play to the columns and foundations, but nothing goes "
            "back to the reserve."
        ),
        aliases=("idiots-delight",),
    )
)

flower_garden = register(
    Variant(
        id="flower-garden",
        name="Flower Garden",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 6, down & any_suit, any_card, top_card, word="bed"),
            *reserve(16),
        ),
        summary=(
            "Six flower beds of six cards and a bouquet of the other sixteen, all face up. "
            "Every bouquet card may play at any time, to a bed or a foundation, but nothing "
            "goes back to the bouquet. Build down regardless of suit, one card at a time; "
            "any card fills an empty bed. Four foundations build up in suit from Ace to King."
        ),
        aliases=("the-bouquet", "the-garden"),
    )
)

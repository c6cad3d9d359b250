"""Forty Thieves and its kin: two decks, eight foundations, columns built down and, in
most, a single pass through the stock; some move one card at a time, others whole runs."""

from __future__ import annotations

from cardtable.cards import DeckSpec
from cardtable.solitaire.piles import PileSpec, foundations, stock, tableau, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, alt_color, any_card, down, other_suit, run, same_suit, to_waste, top_card, up
from cardtable.solitaire.rules.build import BuildRule
from cardtable.solitaire.rules.groups import Group
from cardtable.solitaire.variant import Variant

_HOME = "Eight foundations build up in suit from Ace to King."
_PLAY = (
    "Only one card moves at a time; any card fills an empty column. Turn the stock one "
    "card at a time, a single pass."
)



def _layout(columns: tuple[tuple[int, int], ...], build: BuildRule, group: Group = top_card) -> tuple[PileSpec, ...]:
    """Stock, waste, eight foundations and the columns (face down, face up) given, which
    build by ``build``, take any card when empty and move ``group`` (one card at a time)."""
    return (
        stock(),
        waste(),
        *foundations(8, up & same_suit, group=top_card),
        *tableau(columns, build, any_card, group),
    )


forty_thieves = register(
    Variant(
        id="forty-thieves",
        name="Forty Thieves",
        deck=DeckSpec(decks=2),
        piles=_layout(((0, 4),) * 10, down & same_suit),
        stock=to_waste(1, passes=1),
        summary=f"Two decks; ten columns of four cards, all face up. Build down in suit. {_PLAY} {_HOME}",
        aliases=("napoleon-at-st-helena",),
    )
)

streets = register(
    forty_thieves.derive(
        id="streets",
        name="Streets",
        piles=_layout(((0, 4),) * 10, down & alt_color),
        summary=f"Forty Thieves building in alternating colours: ten columns of four cards, all face up. {_PLAY} {_HOME}",
    )
)

maria = register(
    forty_thieves.derive(
        id="maria",
        name="Maria",
        piles=_layout(((0, 4),) * 9, down & alt_color),
        summary=f"Two decks; nine columns of four cards, all face up. Build down in alternating colours. {_PLAY} {_HOME}",
    )
)

emperor = register(
    forty_thieves.derive(
        id="emperor",
        name="Emperor",
        piles=_layout(((3, 1),) * 10, down & alt_color),
        summary=(
            "Two decks; ten columns of four cards, three face down and the top one face up. "
            f"Build down in alternating colours. {_PLAY} {_HOME}"
        ),
    )
)

indian = register(
    forty_thieves.derive(
        id="indian",
        name="Indian",
        piles=_layout(((1, 2),) * 10, down & other_suit),
        summary=(
            "Two decks; ten columns of three cards, the first face down. Build down in any "
            f"suit but the card's own. {_PLAY} {_HOME}"
        ),
    )
)

forty_and_eight = register(
    forty_thieves.derive(
        id="forty-and-eight",
        name="Forty and Eight",
        piles=_layout(((0, 4),) * 8, down & same_suit),
        stock=to_waste(1, passes=2),
        summary=(
            "Two decks; eight columns of four cards, all face up. Build down in suit. Only "
            "one card moves at a time; any card fills an empty column. Turn the stock one "
            f"card at a time; when it runs out, turn the waste over once for a second pass. {_HOME} "
            "(Rule books differ: many deal forty cards, five to a column, and some give no "
            "second pass.)"
        ),
    )
)

lucas = register(
    forty_thieves.derive(
        id="lucas",
        name="Lucas",
        piles=_layout(((0, 3),) * 13, down & same_suit, run()),
        deal=aces_out(),
        summary=(
            "Two decks; the eight Aces start the foundations, and thirteen columns of three "
            "cards lie face up. Build down in suit; a run in suit moves as a unit, however "
            "long, and any card or run fills an empty column. Turn the stock one card at a "
            f"time, a single pass. {_HOME} (Rule books differ: some move one card at a time, "
            "some deal four to a column with no Aces set out, some give a redeal.)"
        ),
    )
)

# PySolFC game 70.
number_ten = register(
    forty_thieves.derive(
        id="number-ten",
        name="Number Ten",
        piles=_layout(((2, 2),) * 10, down & alt_color, run()),
        summary=(
            "Two decks; ten columns of four cards, the first two face down and the other two "
            "face up. Build down in alternating colours; a run in "
            "alternating colours moves as a unit, however long, and any card or run fills "
            f"an empty column. Turn the stock one card at a time, a single pass. {_HOME}"
        ),
    )
)

# PySolFC game 71.
rank_and_file = register(
    number_ten.derive(
        id="rank-and-file",
        name="Rank and File",
        piles=_layout(((3, 1),) * 10, down & alt_color, run()),
        summary=number_ten.summary.replace(
            "the first two face down and the other two face up", "three face down and the top one face up"
        ),
        aliases=("dress-parade",),
    )
)

# PySolFC game 462.
josephine = register(
    forty_thieves.derive(
        id="josephine",
        name="Josephine",
        piles=_layout(((0, 4),) * 10, down & same_suit, run()),
        summary=(
            "Forty Thieves where whole runs move: two decks; ten columns of four cards, all "
            "face up. Build down in suit; a run in suit moves as a unit, "
            "however long, and any card or run fills an empty column. Turn the stock one "
            f"card at a time, a single pass. {_HOME}"
        ),
    )
)

# PySolFC game 228.
limited = register(
    forty_thieves.derive(
        id="limited",
        name="Limited",
        piles=_layout(((0, 3),) * 12, down & same_suit),
        summary=(
            "Forty Thieves spread wider: two decks; twelve columns of three cards, all face "
            f"up. Build down in suit. {_PLAY} {_HOME}"
        ),
    )
)

"""Klondike: seven columns, build down in alternating colours, Kings to empty columns."""

from __future__ import annotations

from dataclasses import replace

from cardtable.cards import DeckSpec
from cardtable.solitaire.piles import PileSpec, foundations, stock, tableau, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import (
    alt_color,
    any_card,
    down,
    kings_only,
    other_suit,
    run,
    same_color,
    same_suit,
    to_tableau,
    to_waste,
    top_card,
    up,
)
from cardtable.solitaire.options import cards_turned, columns, passes, wrapping
from cardtable.solitaire.solving import VARIED, Solving
from cardtable.solitaire.traits import Scoring
from cardtable.solitaire.variant import Variant

_TURNING = (cards_turned(1, 2, 3), passes(0, 1, 2, 3), columns(4, 5, 6, 7, 8, 9), wrapping())
"""Cards turned at a time, passes through the stock (0: unlimited), columns (a staircase
of one to nine), and ranks that wrap."""

_NARROW = tuple(replace(t, idle_moves=False) for t in VARIED)
"""The first tries' weightings, each looking only at moves that turn a card up."""

klondike = register(
    Variant(
        id="klondike",
        name="Klondike",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit, group=top_card),
            *tableau(tuple((n, 1) for n in range(7)), down & alt_color, kings_only, run()),
        ),
        stock=to_waste(1),
        # First look only at moves that turn a card up. Five weightings try each deal in
        # turn first (2,000 positions each, then 8,000): a deal one leads astray is often
        # quick under another. Deals 1-200 at 100,000 positions: 172 won instead of 159
        # (draw 3: 161 instead of 150), in less time (bench/first_tries.py). The same five
        # again, and the narrower search, send every card home the foundations take: deals
        # 1-300 at 10 s, 11 left unknown instead of 17 (docs/benchmarks.md). A proof larger
        # than the memory holds best first goes depth first (bench/depth_first.py).
        solving=Solving(
            idle_moves=False, eager_home=True, first_tries=_NARROW + tuple(replace(t, eager_home=True) for t in _NARROW),
            rounds=2, depth_first=True,
        ),
        summary=(
            "Build the four foundations up in suit from Ace to King. Columns build down in "
            "alternating colours; any face-up run moves; only a King fills an empty column. "
            "Turn the stock one card at a time and redeal the waste as often as you like."
        ),
        aliases=("solitaire", "klondike-draw1"),
        options=_TURNING,
    )
)

klondike_draw3 = register(
    klondike.derive(
        id="klondike-draw3",
        name="Klondike (draw 3)",
        stock=to_waste(3),
        summary=klondike.summary.replace("one card at a time", "three cards at a time"),
        aliases=("klondike3",),
        options=_TURNING,
    )
)

klondike_vegas = register(
    klondike.derive(
        id="klondike-vegas",
        name="Klondike (draw 1, one pass)",
        stock=to_waste(1, passes=1),
        summary=klondike.summary.replace("redeal the waste as often as you like", "never redeal the waste: one pass only"),
        default_scoring=Scoring.VEGAS,
        options=_TURNING,
    )
)

klondike_draw3_vegas = register(
    klondike.derive(
        id="klondike-draw3-vegas",
        name="Klondike (draw 3, three passes)",
        stock=to_waste(3, passes=3),
        summary=klondike_draw3.summary.replace("as often as you like", "twice: three passes"),
        default_scoring=Scoring.VEGAS,
        options=_TURNING,
    )
)

_OPEN_COLUMNS = tuple((0, n + 1) for n in range(7))

thoughtful = register(
    klondike.derive(
        id="thoughtful-klondike",
        name="Thoughtful Klondike",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit, group=top_card),
            *tableau(_OPEN_COLUMNS, down & alt_color, kings_only, run()),
        ),
        summary=(
            "Klondike with every column card dealt face up, so you plan from the start. "
            + klondike.summary
        ),
        aliases=("open-klondike",),
        options=_TURNING[:2],  # draw=3 is Saratoga, below
    )
)

# PySolFC game 479.
saratoga = register(
    thoughtful.derive(
        id="saratoga",
        name="Saratoga",
        stock=to_waste(3),
        summary=(
            "Klondike with every column card dealt face up, so you plan from the start, and "
            "the stock turned in threes. Build the foundations up in suit "
            "from Ace to King; "
            "columns build down in alternating colours, any face-up run moves, and only a "
            "King fills an empty column. Turn the stock three cards at a time and redeal "
            "the waste as often as you like."
        ),
        options=_TURNING[:2],  # draw=1 is Thoughtful Klondike
    )
)

whitehead = register(
    klondike.derive(
        id="whitehead",
        name="Whitehead",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit, group=top_card),
            *tableau(_OPEN_COLUMNS, down & same_color, any_card, run(down & same_suit)),
        ),
        stock=to_waste(1, passes=1),
        summary=(
            "Klondike's seven columns, all dealt face up. Build down in the same colour "
            "(a red on a red, a black on a black); a run moves together only when it is "
            "in one suit; any card fills an empty column. Turn the stock one card at a "
            "time, a single pass."
        ),
    )
)

# PySolFC game 58.
thumb_and_pouch = register(
    klondike.derive(
        id="thumb-and-pouch",
        name="Thumb and Pouch",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit, group=top_card),
            *tableau(tuple((n, 1) for n in range(7)), down & other_suit, any_card, run()),
        ),
        stock=to_waste(1, passes=1),
        summary=(
            "Klondike's deal, but a column builds down in any suit except the card's own: "
            "a red Eight may go on the Nine of the other red suit, never on its own suit's "
            "Nine. Any run so built moves together, and any card fills an "
            "empty column. Build the foundations up in suit from Ace to King. Turn the "
            "stock one card at a time, a single pass."
        ),
    )
)

# PySolFC game 634.
chinaman = register(
    thumb_and_pouch.derive(
        id="chinaman",
        name="Chinaman",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit, group=top_card),
            *tableau(tuple((n, 1) for n in range(7)), down & other_suit, kings_only, run()),
        ),
        stock=to_waste(3, passes=2),
        summary=(
            "Thumb and Pouch with only a King to fill an empty column and the stock turned "
            "three cards at a time, twice through. Columns build down in "
            "any suit except the card's own, and any run so built moves together. Build the "
            "foundations up in suit from Ace to King. Redeal the waste once: two passes."
        ),
    )
)

_THREE_EACH = (2, 1)

westcliff = register(
    klondike.derive(
        id="westcliff",
        name="Westcliff",
        piles=(
            stock(),
            waste(),
            *foundations(4, up & same_suit),
            *tableau((_THREE_EACH,) * 10, down & alt_color, any_card, run()),
        ),
        stock=to_waste(1, passes=1),
        summary=(
            "Ten columns of three cards, the top one face up. Build down in alternating "
            "colours; any face-up run moves; any card fills an empty column. Cards on the "
            "foundations stay there. Turn the stock one card at a time, a single pass."
        ),
    )
)

easthaven = register(
    Variant(
        id="easthaven",
        name="Easthaven",
        piles=(
            stock(),
            *foundations(4, up & same_suit, group=top_card),  # cards may come back, as in Klondike
            *tableau((_THREE_EACH,) * 7, down & alt_color, any_card, run()),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        family="klondike",
        summary=(
            "Seven columns of three cards, the top one face up. Build down in alternating "
            "colours; any face-up run moves; any card fills an empty column. The stock "
            "deals one card face up onto every column (the last deal reaches the first "
            "three); there is no waste and no redeal. A foundation's top card may come back "
            "into play."
        ),
    )
)

_DOUBLE_COLUMNS = tuple((n, 1) for n in range(9))

double_klondike = register(
    Variant(
        id="double-klondike",
        name="Double Klondike",
        deck=DeckSpec(decks=2),
        piles=(
            stock(),
            waste(),
            *foundations(8, up & same_suit, group=top_card),
            *tableau(_DOUBLE_COLUMNS, down & alt_color, kings_only, run()),
        ),
        stock=to_waste(1),
        family="klondike",
        summary=(
            "Klondike with two decks: nine columns of 1 to 9 cards, the top one face up, "
            "and eight foundations built up in suit from Ace to King. Columns build down "
            "in alternating colours; any face-up run moves; only a King fills an empty "
            "column. Turn the stock one card at a time and redeal as often as you like."
        ),
    )
)

gargantua = register(
    double_klondike.derive(
        id="gargantua",
        name="Gargantua",
        stock=to_waste(1, passes=2),
        summary=double_klondike.summary.replace("redeal as often as you like", "redeal once: two passes"),
    )
)

def _any_card_to_a_space(dealt: tuple[tuple[int, int], ...]) -> tuple[PileSpec, ...]:
    """Two decks' stock, waste and eight foundations, and columns dealt ``dealt`` that
    build down in alternating colours and take any card when empty."""
    return (
        stock(), waste(), *foundations(8, up & same_suit, group=top_card), *tableau(dealt, down & alt_color, any_card, run())
    )


# PySolFC game 15.
big_harp = register(
    Variant(
        id="big-harp",
        name="Big Harp",
        deck=DeckSpec(decks=2),
        piles=_any_card_to_a_space(tuple((9 - n, 1) for n in range(10))),
        stock=to_waste(1, passes=1),
        family="klondike",
        # Klondike's search (turning cards up first): 8 of deals 1-12 won, most in well
        # under a second, against 1 with the default weights given 8 to 30 s each.
        solving=klondike.solving,
        summary=(
            "Klondike with two decks on ten columns, the staircase turned round: the first "
            "column holds ten cards and the last one, the top card of each face up. Eight "
            "foundations build up in suit from Ace to King. Columns build "
            "down in alternating colours; any face-up run moves; any card fills an empty "
            "column. Turn the stock one card at a time, a single pass."
        ),
    )
)

# PySolFC game 51.
steps = register(
    big_harp.derive(
        id="steps",
        name="Steps",
        piles=_any_card_to_a_space(tuple((n, 1) for n in range(7))),
        stock=to_waste(1, passes=2),
        summary=(
            "Big Harp on Klondike's seven columns of 1 to 7 cards, the top card of each face "
            "up, with a second pass. Eight foundations build up in suit "
            "from Ace to King. Columns build down in alternating colours; any face-up run "
            "moves; any card fills an empty column. Turn the stock one card at a time; "
            "redeal the waste once: two passes."
        ),
    )
)

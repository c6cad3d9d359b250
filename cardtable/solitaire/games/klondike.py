"""Klondike: seven columns, build down in alternating colours, Kings to empty columns."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, stock, tableau, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, down, kings_only, run, same_suit, to_waste, top_card, up
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.traits import Scoring
from cardtable.solitaire.variant import Variant

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
        solving=Solving(idle_moves=False),  # first look only at moves that turn a card up
        summary=(
            "Build the four foundations up in suit from Ace to King. Columns build down in "
            "alternating colours; any face-up run moves; only a King fills an empty column. "
            "Turn the stock one card at a time and redeal the waste as often as you like."
        ),
        aliases=("solitaire", "klondike-draw1"),
    )
)

klondike_draw3 = register(
    klondike.derive(
        id="klondike-draw3",
        name="Klondike (draw 3)",
        stock=to_waste(3),
        summary=klondike.summary.replace("one card at a time", "three cards at a time"),
        aliases=("klondike3",),
    )
)

klondike_vegas = register(
    klondike.derive(
        id="klondike-vegas",
        name="Klondike (draw 1, one pass)",
        stock=to_waste(1, passes=1),
        summary=klondike.summary.replace("as often as you like", "never: one pass only"),
        default_scoring=Scoring.VEGAS,
    )
)

klondike_draw3_vegas = register(
    klondike.derive(
        id="klondike-draw3-vegas",
        name="Klondike (draw 3, three passes)",
        stock=to_waste(3, passes=3),
        summary=klondike_draw3.summary.replace("as often as you like", "twice: three passes"),
        default_scoring=Scoring.VEGAS,
    )
)

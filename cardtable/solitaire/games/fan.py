"""Fan and its kin: fans of three cards, everything face up, one card at a time."""

from __future__ import annotations

from dataclasses import replace

from cardtable.solitaire.piles import cells, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, alt_color, any_suit, down, kings_only, nothing, same_suit, supermove, top_card, up, up_or_down
from cardtable.solitaire.solving import REORDERING, Solving
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

fan = register(
    Variant(
        id="fan",
        name="Fan",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 3),) * 17 + ((0, 1),), down & same_suit, kings_only, top_card, word="fan"),
        ),
        layout=Layout.FANS,
        summary=(
            "All 52 cards lie face up in eighteen fans: seventeen of three and one of a "
            "single card. Only the top card of a fan moves, one card at a time, onto a card "
            "one higher in suit; only a King fills an empty fan. Four foundations build up "
            "in suit from Ace to King."
        ),
    )
)

_FANS = ((0, 3),) * 17 + ((0, 1),)

shamrocks = register(
    fan.derive(
        id="shamrocks",
        name="Shamrocks",
        piles=(
            *foundations(4, up & same_suit),
            *(replace(spec, capacity=3) for spec in tableau(_FANS, up_or_down & any_suit, nothing, top_card, word="fan")),
        ),
        summary=(
            "Seventeen fans of three and one of a single card, all face up. Only the top card "
            "of a fan moves, one card at a time, onto a card one higher or one lower of any "
            "suit, but a fan never holds more than three cards, and an emptied fan stays "
            "empty. Four foundations build up in suit from Ace to King. The cards stay as "
            "dealt: older rule books move a King that lies on a lower card of its own suit "
            "beneath it, and some build down only."
        ),
    )
)

box_fan = register(
    fan.derive(
        id="box-fan",
        name="Box Fan",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 3),) * 16, down & alt_color, kings_only, top_card, word="fan"),
        ),
        deal=aces_out(),
        summary=(
            "The Aces start four foundations built up in suit; the other 48 cards lie face up "
            "in sixteen fans of three. Only the top card of a fan moves, one card at a time, "
            "onto a card one higher in the other colour; only a King fills an empty fan."
        ),
        solving=Solving(first_tries=REORDERING, rounds=2),  # bench/first_tries.py
    )
)

free_fan = register(
    fan.derive(
        id="free-fan",
        name="Free Fan",
        piles=(
            *cells(2),
            *foundations(4, up & same_suit),
            *tableau(_FANS, down & same_suit, kings_only, supermove(), word="fan"),
        ),
        summary=(
            "Fan with two free cells: seventeen fans of three and one of a single card, all "
            "face up. Build down in suit; only a King fills an empty fan. A run moves if it "
            "could move card by card through the free cells. Four foundations build up in "
            "suit from Ace to King."
        ),
    )
)

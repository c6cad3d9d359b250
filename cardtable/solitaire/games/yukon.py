"""Yukon: Klondike's columns without a stock; any face-up card moves with what lies on it."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, down, face_up, kings_only, same_suit, up
from cardtable.solitaire.solving import VARIED, Solving
from cardtable.solitaire.variant import Variant

yukon = register(
    Variant(
        id="yukon",
        name="Yukon",
        piles=(
            *foundations(4, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(((0, 1),) + tuple((n, 5) for n in range(1, 7)), down & alt_color, kings_only, face_up),
        ),
        summary=(
            "All 52 cards are dealt to seven columns: one card in the first, face up, and "
            "five face up on the others. Build down in alternating colours; any face-up card "
            "moves together with every card on it, in order or not; only a King fills an "
            "empty column. No stock."
        ),
        solving=Solving(first_tries=VARIED, rounds=2),  # bench/first_tries.py
    )
)

russian_solitaire = register(
    yukon.derive(
        id="russian-solitaire",
        name="Russian Solitaire",
        piles=(
            *foundations(4, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(((0, 1),) + tuple((n, 5) for n in range(1, 7)), down & same_suit, kings_only, face_up),
        ),
        summary=yukon.summary.replace("in alternating colours", "in suit"),
        aliases=("russian",),
    )
)

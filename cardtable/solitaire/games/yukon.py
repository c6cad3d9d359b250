"""Yukon: Klondike's columns without a stock; any face-up card moves with what lies on it.

Its relatives here differ in how the columns build (Russian Solitaire, Alaska, Moosehide)
or in the number of decks (Double Yukon), or keep back a stock (Chinese Discipline); each names the PySolFC game it follows."""

from __future__ import annotations

from cardtable.cards import DeckSpec
from cardtable.solitaire.piles import foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, down, face_up, kings_only, other_suit, same_suit, to_tableau, up, up_or_down
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

# Alaska: PySolFC game 186, Russian Solitaire with columns built up or down in suit.
alaska = register(
    yukon.derive(
        id="alaska",
        name="Alaska",
        piles=(
            *foundations(4, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(((0, 1),) + tuple((n, 5) for n in range(1, 7)), up_or_down & same_suit, kings_only, face_up),
        ),
        summary=yukon.summary.replace("Build down in alternating colours", "Build up or down in suit"),
    )
)

# Moosehide: PySolFC game 339, Yukon building down in any suit but the card's own.
moosehide = register(
    yukon.derive(
        id="moosehide",
        name="Moosehide",
        piles=(
            *foundations(4, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(((0, 1),) + tuple((n, 5) for n in range(1, 7)), down & other_suit, kings_only, face_up),
        ),
        summary=yukon.summary.replace(
            "Build down in alternating colours", "Build down in any suit but the card's own (a red card may go on a red one)"
        ),
    )
)

# Double Yukon: PySolFC game 271, two decks on ten columns. The first column is dealt six
# cards face up; the others take one more face-down card each, up to eight (the last two
# columns both get eight), beneath six face up.
double_yukon = register(
    yukon.derive(
        id="double-yukon",
        name="Double Yukon",
        deck=DeckSpec(decks=2),
        piles=(
            *foundations(8, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(tuple((min(n, 8), 6) for n in range(10)), down & alt_color, kings_only, face_up),
        ),
        summary=(
            "Yukon with two decks: all 104 cards are dealt to ten columns, each with six cards "
            "face up, on none, 1, 2, ... 8 and 8 face-down cards. Eight foundations build up in "
            "suit from Ace to King. Build down in alternating colours; any face-up card moves "
            "together with every card on it, in order or not; only a King fills an empty "
            "column. No stock."
        ),
    )
)

# Chinese Discipline: PySolFC game 187. Yukon on seven columns of seven, the first three all
# face up and the others hiding 3, 4, 5 and 6 cards; the three cards left over are dealt
# at once onto the first three columns, whenever the player chooses.
chinese_discipline = register(
    yukon.derive(
        id="chinese-discipline",
        name="Chinese Discipline",
        piles=(
            stock(),
            *foundations(4, up & same_suit),  # as in PySolFC, cards on the foundations stay there
            *tableau(((0, 7),) * 3 + ((3, 4), (4, 3), (5, 2), (6, 1)), down & alt_color, kings_only, face_up),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        summary=(
            "Seven columns of seven cards: the first three all face up, the others with 3, 4, "
            "5 and 6 cards face down under the rest. Build down in alternating colours; any "
            "face-up card moves together with every card on it, in order or not; only a King "
            "fills an empty column. The three cards of the stock are dealt at once onto the "
            "first three columns."
        ),
    )
)

"""Spider: two decks, ten columns, build down regardless of suit, move runs in suit."""

from __future__ import annotations

from cardtable.cards import DeckSpec
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import (
    any_card,
    any_suit,
    down,
    face_up,
    kings_only,
    no_stock,
    nothing,
    run,
    same_suit,
    to_tableau,
    top_card,
)
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.options import suits
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.variant import Variant

_COMPLETE_ONLY = EmptyRule("only a complete run from King to Ace, which moves there by itself", ())

_DEALT_ON_SLOWLY = Solving(
    length=0,
    stock=3,
    first_tries=(
        Solving(length=0, stock=2, positions=20_000),
        Solving(length=0, stock=3, disorder=6, positions=20_000),
        Solving(length=0, stock=3, free_space=10, positions=20_000),
    ),
    rounds=2,
)
"""Spider in four suits and its one-deck kin: a row dealt weighs about what it brings
(3 a card in the stock), so the columns are sorted into suits before the stock covers
them; a deal one weighting wanders in is often quick under a neighbour, tried first."""

spider = register(
    Variant(
        id="spider",
        name="Spider (4 suits)",
        deck=DeckSpec.spider(suits=4),
        piles=(
            stock(),
            *foundations(8, None, _COMPLETE_ONLY),
            *tableau(((5, 1),) * 4 + ((4, 1),) * 6, down & any_suit, any_card, run(down & same_suit)),
        ),
        stock=to_tableau(),
        clear_runs=down & same_suit,
        solving=_DEALT_ON_SLOWLY,
        summary=(
            "Build down regardless of suit, but only runs in one suit move together. A full "
            "run from King to Ace in one suit leaves the table. The stock deals one card to "
            "every column, and only when no column is empty."
        ),
        aliases=("spider-4suits", "spider4"),
        options=(suits(1, 2, 4),),
    )
)

spider_2 = register(
    spider.derive(
        id="spider-2suits", name="Spider (2 suits)", deck=DeckSpec.spider(suits=2), aliases=("spider2",), options=spider.options,
        # Dealt on as slowly as with four suits, weighing the face-down cards more, and
        # without first tries (they won one deal more in sixty here).
        solving=Solving(length=0, stock=3, face_down=12),
    )
)

spider_1 = register(
    spider.derive(
        id="spider-1suit", name="Spider (1 suit)", deck=DeckSpec.spider(suits=1), aliases=("spider1",), options=spider.options,
        # One suit: every run moves, so dealing on early costs little, and rearranging the
        # columns again and again leads nowhere.
        solving=Solving(length=0, stock=10),
    )
)

_ONE_DECK = DeckSpec()
_SUIT_RUN = down & same_suit

spiderette = register(
    Variant(
        id="spiderette",
        name="Spiderette",
        deck=_ONE_DECK,
        piles=(
            stock(),
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(tuple((n, 1) for n in range(7)), down & any_suit, any_card, run(_SUIT_RUN)),
        ),
        stock=to_tableau(),
        clear_runs=_SUIT_RUN,
        solving=spider.solving,
        family="spider",
        summary=(
            "Spider with one deck on Klondike's seven columns (1 to 7 cards, the top one "
            "face up). Build down regardless of suit, but only runs in one suit move "
            "together; any card fills an empty column. A full run from King to Ace in one "
            "suit leaves the table. The stock deals one card to every column, and only "
            "when no column is empty."
        ),
    )
)

will_o_the_wisp = register(
    spiderette.derive(
        id="will-o-the-wisp",
        name="Will o' the Wisp",
        piles=(
            stock(),
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(((2, 1),) * 7, down & any_suit, any_card, run(_SUIT_RUN)),
        ),
        summary=spiderette.summary.replace(
            "Klondike's seven columns (1 to 7 cards, the top one face up)",
            "seven columns of three cards (the top one face up)",
        ),
    )
)

simple_simon = register(
    Variant(
        id="simple-simon",
        name="Simple Simon",
        deck=_ONE_DECK,
        piles=(
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(tuple((0, n) for n in (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)), down & any_suit, any_card, run(_SUIT_RUN)),
        ),
        clear_runs=_SUIT_RUN,
        family="spider",
        summary=(
            "All 52 cards face up in ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1. Build "
            "down regardless of suit; only a run in one suit moves together, of any length. "
            "Any card fills an empty column. A full run from King to Ace in one suit leaves "
            "the table. No stock."
        ),
    )
)

scorpion = register(
    Variant(
        id="scorpion",
        name="Scorpion",
        deck=_ONE_DECK,
        piles=(
            stock(),
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(((3, 4),) * 4 + ((0, 7),) * 3, _SUIT_RUN, kings_only, face_up),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        clear_runs=_SUIT_RUN,
        family="spider",
        summary=(
            "Seven columns of seven cards: three face down in each of the first four. Build "
            "down in suit; any face-up card moves together with every card on it, in order "
            "or not; only a King fills an empty column. A full run from King to Ace in one "
            "suit leaves the table. The three cards of the stock are dealt at once onto "
            "the first three columns."
        ),
    )
)

# Wasp: PySolFC game 185. Scorpion with three face-down cards under each of the first three
# columns (not four), and any card filling an empty column.
wasp = register(
    scorpion.derive(
        id="wasp",
        name="Wasp",
        piles=(
            stock(),
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(((3, 4),) * 3 + ((0, 7),) * 4, _SUIT_RUN, any_card, face_up),
        ),
        summary=(
            "Seven columns of seven cards: three face down in each of the first three. Build "
            "down in suit; any face-up card moves together with every card on it, in order "
            "or not; any card fills an empty column. A full run from King to Ace in one suit "
            "leaves the table. The three cards of the stock are dealt at once onto the first "
            "three columns."
        ),
    )
)

# Three Blind Mice: PySolFC game 305. Scorpion's columns on ten piles of five (three cards
# face down under each of the last three), no stock, and two single cards in a reserve
# that play to the columns and never refill.
three_blind_mice = register(
    scorpion.derive(
        id="three-blind-mice",
        name="Three Blind Mice",
        piles=(
            *foundations(4, None, _COMPLETE_ONLY),
            *tableau(((0, 5),) * 7 + ((3, 2),) * 3, _SUIT_RUN, kings_only, face_up),
            *(PileSpec(PileId(PileKind.RESERVE, n), None, nothing, top_card, (0, 1)) for n in (1, 2)),
        ),
        stock=no_stock,
        summary=(
            "Ten columns of five cards, all face up but for three face down under each of "
            "the last three; the last two cards lie face up in a reserve. Build down in "
            "suit; any face-up card moves together with every card on it, in order or not; "
            "only a King fills an empty column. The reserve's cards play to the columns, and "
            "nothing goes back to the reserve. A full run from King to Ace in one suit "
            "leaves the table. No stock."
        ),
    )
)

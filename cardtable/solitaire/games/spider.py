"""Spider: two decks, ten columns, build down regardless of suit, move runs in suit."""

from __future__ import annotations

from cardtable.cards import DeckSpec
from cardtable.solitaire.piles import foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, any_suit, down, run, same_suit, to_tableau
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.variant import Variant

_COMPLETE_ONLY = EmptyRule("only a complete run from King to Ace, which moves there by itself", ())

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
        solving=Solving(length=0, stock=10),  # deal on: rearranging the columns again and again leads nowhere
        summary=(
            "Build down regardless of suit, but only runs in one suit move together. A full "
            "run from King to Ace in one suit leaves the table. The stock deals one card to "
            "every column, and only when no column is empty."
        ),
        aliases=("spider-4suits", "spider4"),
    )
)

spider_2 = register(
    spider.derive(id="spider-2suits", name="Spider (2 suits)", deck=DeckSpec.spider(suits=2), aliases=("spider2",))
)

spider_1 = register(
    spider.derive(id="spider-1suit", name="Spider (1 suit)", deck=DeckSpec.spider(suits=1), aliases=("spider1",))
)

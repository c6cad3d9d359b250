"""The goal: when a game is won."""

from __future__ import annotations

from enum import Enum
from functools import cache

from typing import TYPE_CHECKING

from cardtable.cards import Rank
from cardtable.solitaire.model import State
from cardtable.solitaire.rules.gaps import rows_in_suit

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


class Goal(Enum):
    """When the game is won."""

    ALL_TO_FOUNDATIONS = "every card on the foundations"
    TABLEAU_CLEARED = "every tableau card removed"
    ALL_BUT_ACES = "every card but the Aces discarded"
    ROWS_IN_SUIT = "each row holding one suit in order from its first place, Two to King"
    ONE_PILE = "every card in one pile"


@cache
def cards_to_win(variant: Variant) -> int:
    """How many cards the foundations hold when the game is won (a foundations goal)."""
    if variant.goal is Goal.ALL_BUT_ACES:
        return variant.deck.size - sum(1 for c in variant.deck.cards() if c.rank is Rank.ACE)
    return variant.deck.size


def is_won(state: State) -> bool:
    """Whether the game's goal is reached."""
    variant = state.variant
    t = variant.tables
    goal = variant.goal
    if goal is Goal.ALL_TO_FOUNDATIONS or goal is Goal.ALL_BUT_ACES:  # (asked before every move checked: kept short)
        piles = state.piles
        home = 0
        for f in t.foundations:
            home += len(piles[f])
        return home == cards_to_win(variant)
    if goal is Goal.TABLEAU_CLEARED:
        return not any(state.piles[i] for i in t.tableau)
    if goal is Goal.ROWS_IN_SUIT:
        return rows_in_suit(state)
    return any(len(state.piles[i]) == variant.deck.size for i in t.tableau)  # ONE_PILE


def still_to_go(state: State) -> int:
    """How far the position stands from the goal, counted as the goal counts it: cards
    not yet home, tableau cards not yet removed (Golf, Tri-Peaks, Pyramid), piles not yet
    gathered into one, each card not yet dealt counted as a pile (Accordion). It only falls as a game nears its goal; rows in suit
    (Montana) have no such count, and theirs never changes.

    >>> from cardtable.solitaire import get_variant, still_to_go
    >>> [still_to_go(get_variant(game).start(1)) for game in ("klondike", "golf", "accordion", "montana")]
    [52, 35, 52, 48]
    """
    variant = state.variant
    t = variant.tables
    if variant.goal is Goal.TABLEAU_CLEARED:
        return sum(len(state.piles[i]) for i in t.tableau)
    if variant.goal is Goal.ONE_PILE:
        tableau = set(t.tableau)
        undealt = sum(len(pile) for i, pile in enumerate(state.piles) if i not in tableau)
        return sum(1 for i in t.tableau if state.piles[i]) + undealt
    return cards_to_win(variant) - sum(len(state.piles[f]) for f in t.foundations)

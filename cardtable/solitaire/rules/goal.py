"""The goal: when a game is won."""

from __future__ import annotations

from enum import Enum

from cardtable.solitaire.model import State


class Goal(Enum):
    """When the game is won."""

    ALL_TO_FOUNDATIONS = "every card on the foundations"
    TABLEAU_CLEARED = "every tableau card removed"


def is_won(state: State) -> bool:
    """Whether the game's goal is reached."""
    variant = state.variant
    t = variant.tables
    if variant.goal is Goal.TABLEAU_CLEARED:
        return not any(state.piles[i] for i in t.tableau)
    return sum(len(state.piles[f]) for f in t.foundations) == variant.deck.size

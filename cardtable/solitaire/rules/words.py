"""Words shared by the atoms' refusals: cards and piles named as a player sees them."""

from __future__ import annotations

from cardtable.solitaire.model import State, Verdict
from cardtable.solitaire.observe import seen_card


def no(reason: str) -> Verdict:
    """A refusal, with its reason."""
    return Verdict(False, reason)


def cards(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return "1 card" if count == 1 else f"{count} cards"


def top_card(state: State, pile: int) -> str:
    """The top card of a non-empty pile as a player may name it: never a face-down card."""
    card = seen_card(state, pile, len(state.piles[pile]) - 1)
    if card is None:
        return f"the face-down card on top of {state.variant.piles[pile].id.title}"
    return card.symbol


def pile_problem(state: State, pile: int | None) -> str | None:
    """Why ``pile`` names no pile of the game, or None when it does."""
    if pile is None or not 0 <= pile < len(state.piles):
        return f"there is no pile number {pile} in {state.variant.name}"
    return None

"""The redeals a game offers a player: by gathering its columns (La Belle Lucie, Cruel:
a control of its own, with no stock to click), or by turning its waste back over as the
stock (Klondike: the empty stock clicked)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.solitaire import Move, MoveKind, State, Variant, check
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.stock import StockTarget


@dataclass(frozen=True, slots=True)
class Redeals:
    """Whether a redeal may be made now, and how many are left."""

    can: bool
    """Whether a redeal is legal now."""
    left: int | None
    """Redeals left (None: as many as the player likes)."""


def gathering(state: State) -> Redeals | None:
    """The redeal a game without a stock offers (gathering the columns, bringing each
    pile's bottom card to its top, reshuffling the gaps), or None where it has none (a
    game with a stock redeals by clicking it).

    >>> from cardtable.solitaire import get_variant
    >>> gathering(get_variant("la-belle-lucie").start(1)), gathering(get_variant("klondike").start(1))
    (Redeals(can=True, left=2), None)
    """
    policy = state.variant.stock
    if policy.target is StockTarget.NONE or state.variant.piles_of(PileKind.STOCK):
        return None
    return _offered(state)


def stock_redeals(state: State) -> Redeals | None:
    """The turning over of the waste as the stock, or None where the stock is never
    turned over (one pass, or a stock dealt to the columns)."""
    policy = state.variant.stock
    if not policy.turns_waste_over or policy.redeals_allowed == 0 or not state.variant.piles_of(PileKind.STOCK):
        return None
    return _offered(state)


def _offered(state: State) -> Redeals:
    allowed = state.variant.stock.redeals_allowed
    left = None if allowed is None else max(0, allowed - state.redeals)
    return Redeals(check(state, Move(MoveKind.REDEAL)).ok, left)


def offers_redeal(variant: Variant) -> bool:
    """Whether the game offers a redeal at all (by either way), as its opening shows.

    >>> from cardtable.solitaire import get_variant
    >>> [offers_redeal(get_variant(g)) for g in ("klondike", "cruel", "spider", "golf")]
    [True, True, False, False]
    """
    start = variant.start(variant.deal.deal_numbers.start)
    return gathering(start) is not None or stock_redeals(start) is not None

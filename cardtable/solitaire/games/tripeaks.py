"""Tri-Peaks: Golf played off three overlapping peaks whose hidden cards turn up as the
cards covering them leave."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.options import wrapping
from cardtable.solitaire.piles import PileSpec, building_waste, stock
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_suit, nothing, to_waste, top_card
from cardtable.solitaire.rules.wrapping import up_or_down_round
from cardtable.solitaire.variant import Goal, Variant

PEAKS = 3
ROWS = (3, 6, 9, 10)
"""Cards in each row, from the peaks' tips down to the open row."""


def _position(row: int, place: int) -> PileId:
    """Row 0 holds the three tips; place 0 is the leftmost card of the row."""
    return PileId(PileKind.TABLEAU, sum(ROWS[:row]) + place + 1, "place")


def _covering(row: int, place: int) -> tuple[PileId, ...]:
    """The two cards of the next row that lie on this one.

    The tips and the second row belong to one peak each (one and two cards a peak); from
    the third row down the peaks touch, so a row's cards simply overlap the row below.
    """
    if row == len(ROWS) - 1:
        return ()
    if row == 0:
        first = 2 * place
    elif row == 1:
        peak, side = divmod(place, 2)
        first = 3 * peak + side
    else:
        first = place
    return (_position(row + 1, first), _position(row + 1, first + 1))


def peak_piles() -> tuple[PileSpec, ...]:
    """One single-card pile per place in the peaks: face down until uncovered, but the open row."""
    last = len(ROWS) - 1
    return tuple(
        PileSpec(
            _position(row, place),
            None,
            nothing,
            top_card,
            dealt=(0, 1) if row == last else (1, 0),
            covered_by=_covering(row, place),
        )
        for row, count in enumerate(ROWS)
        for place in range(count)
    )


tri_peaks = register(
    Variant(
        id="tri-peaks",
        name="Tri-Peaks",
        piles=(
            stock(),
            building_waste(up_or_down_round & any_suit),
            *peak_piles(),
        ),
        stock=to_waste(1, passes=1),
        goal=Goal.TABLEAU_CLEARED,
        summary=(
            "Twenty-eight cards make three peaks that touch at the foot: rows of three, six, "
            "nine and ten cards, each card lying across two of the row below. Only the bottom "
            "row of ten lies face up; a card turns up once both cards on it are gone. An "
            "uncovered card goes onto the waste if it is one higher or one lower, of any "
            "suit, round the corner too (an Ace on a King, a King on an Ace). Turn the stock "
            "one card at a time onto the waste, a single pass. Clear the peaks to win."
        ),
        options=(wrapping(),),
    )
)

"""The quick hint's ranking: what each kind of move is worth, and what it says."""

from __future__ import annotations

from cardtable.app.hints import HeuristicHinter
from cardtable.solitaire import MoveKind
from tests.solitaire.games.positions import position


def test_a_card_moved_between_two_places_it_fits_ranks_below_a_deal() -> None:
    # Canfield's hints sent the Queen of spades between two Kings, dealing in between, for ever.
    state = position("canfield", t1="KH QS", t2="KD", t3="9C", t4="4D", stock="[2C] [3C] [5H]", r1="[8S] 7S")
    ranked = HeuristicHinter().best_moves(state)
    assert ranked[0].move.kind is MoveKind.DEAL, [h.reason for h in ranked]
    shuffle = next(h for h in ranked if h.move.kind is MoveKind.MOVE and h.move.target == state.variant.index_of_name("t2"))
    assert shuffle.reason.endswith("it fits where it is too, so this gains little")

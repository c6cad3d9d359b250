"""Rows of foundations (rules/rows.py), on Osmosis: only ranks lying face up in the row above."""

from __future__ import annotations

from cardtable.cards import parse_card
from cardtable.solitaire import State, legal_moves
from cardtable.solitaire.rules.rows import allows, check_rows
from tests.solitaire.games.positions import move, position


def test_a_row_takes_only_the_ranks_lying_face_up_in_the_row_above() -> None:
    state = position("osmosis", f1="7S 9S", f2="7H", r1="9H", r2="5H")
    f1, f2 = state.variant.index_of_name("f1"), state.variant.index_of_name("f2")
    assert allows(state, f2, parse_card("9H")) and not allows(state, f2, parse_card("5H"))
    assert allows(state, f1, parse_card("5S"))  # the top row has no row above
    assert check_rows(state, f2, parse_card("9H")) is None
    refused = check_rows(state, f2, parse_card("5H"))
    assert refused is not None and refused.reason == "5♥ can't go on foundation 2: no Five lies in foundation 1 yet"
    down = State(state.variant, state.piles, tuple(2 if i == f1 else h for i, h in enumerate(state.hidden)), 0)
    assert not allows(down, f2, parse_card("9H"))  # a face-down card is never read


def test_the_generator_drops_what_the_row_above_refuses() -> None:
    state = position("osmosis", f1="7S 9S", f2="7H", r1="9H", r2="5H")
    assert move(state, "r1", "f2") in legal_moves(state)
    assert move(state, "r2", "f2") not in legal_moves(state)

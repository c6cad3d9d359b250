"""The grid atoms on their own: which places touch, how far a pile reaches, how a row
closes up."""

from __future__ import annotations

from cardtable.solitaire import get_variant
from cardtable.solitaire.rules.grid import first_gap, neighbours, reach_words, reaches
from tests.solitaire.games.positions import position


def test_corners_edges_and_middles_touch_three_five_and_eight_places() -> None:
    near = neighbours(tuple(range(25)), 5)
    assert near[0] == {1, 5, 6} and len(near[2]) == 5 and len(near[12]) == 8 and near[24] == {18, 19, 23}
    assert 5 not in near[4]  # a row's end does not touch the next row's start


def test_a_short_last_row_touches_only_the_places_it_has() -> None:
    near = neighbours(tuple(range(7)), 5)
    assert near[6] == {0, 1, 2, 5} and near[4] == {3}


def test_reach_counts_places_left_in_reading_order_across_rows() -> None:
    state = get_variant("accordion").start(1)
    t = state.variant.tables.tableau
    assert reaches(state, t[14], t[13]) and reaches(state, t[14], t[11]) and reaches(state, t[13], t[12])
    assert not reaches(state, t[14], t[12]) and not reaches(state, t[11], t[14])
    assert reach_words((1, 3)) == "a pile moves only onto the pile 1 or 3 places to its left"


def test_the_first_gap_is_the_first_empty_place() -> None:
    state = position("accordion", t1="2S", t2="3S")
    assert first_gap(state) == state.variant.index_of_name("t3")

"""Penguin, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_the_beak_lies_at_the_foot_of_the_first_column_and_its_fellows_start_the_foundations() -> None:
    for deal in range(1, 20):
        state = get_variant("penguin").start(deal)
        v = state.variant
        beak = state.piles[v.index_of_name("t1")][0]
        homes = [state.piles[f] for f in v.piles_of(PileKind.FOUNDATION)]
        assert [len(h) for h in homes] == [1, 1, 1, 0]
        assert {h[0].rank for h in homes[:3]} == {beak.rank}
        assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [7] * 7
        assert len(v.piles_of(PileKind.CELL)) == 7 and not any(state.hidden)


def test_the_last_foundation_takes_only_the_beaks_rank() -> None:
    state = position("penguin", f1="9C", f2="9D", f3="9H", t1="9S", t2="TS")
    assert check(state, move(state, "t1", "f4")).ok
    assert check(state, move(state, "t2", "f4")).reason == (
        "10♠ can't go on the empty foundation 4: it takes only a Nine "
        "(the base rank, which the deal sets)"
    )


def test_an_empty_column_takes_only_the_rank_below_the_beak() -> None:
    state = position("penguin", f1="AC", t1="KH", t2="QH", t3="")
    assert check(state, move(state, "t1", "t3")).ok
    assert check(state, move(state, "t2", "t3")).reason == (
        "Q♥ can't go on the empty column 3: it takes only a King (one rank below the foundations' base)"
    )


def test_columns_build_down_in_suit_round_the_corner_and_any_run_in_suit_moves() -> None:
    cells = dict(c1="2D", c2="3D", c3="4D", c4="6D", c5="7D", c6="8D", c7="9D")
    state = position("penguin", f1="5C", t1="AS", t2="KS QS JS", t3="KH", **cells)
    assert check(state, move(state, "t2", "t1", 3)).ok  # full cells: the run moves all the same
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert check(state, move(state, "t2", "t1", 1)).reason == (
        "J♠ can't go on A♠: build down by one (a King on an Ace) in suit"
    )

"""Agnes Sorel, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from cardtable.solitaire.rules.empty import base_rank
from tests.solitaire.games.positions import move, pile, position


def test_seven_face_up_columns_of_one_to_seven_and_a_base_card() -> None:
    state = get_variant("agnes-sorel").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == list(range(1, 8))
    assert not any(state.hidden[i] for i in v.piles_of(PileKind.TABLEAU))
    f1 = v.piles_of(PileKind.FOUNDATION)[0]
    assert base_rank(state) is state.piles[f1][0].rank
    assert len(state.piles[v.tables.stock]) == 23  # type: ignore[index]


def test_columns_build_down_in_colour_round_the_corner_and_runs_move() -> None:
    state = position("agnes-sorel", f1="5C", t1="AS", t2="KC QS", t3="KH")
    assert check(state, move(state, "t2", "t1", 2)).ok
    assert check(state, move(state, "t3", "t1")).reason == (
        "K♥ can't go on A♠: build down by one (a King on an Ace) in the same colour"
    )


def test_an_empty_column_stays_empty() -> None:
    state = position("agnes-sorel", f1="5C", t1="KH", t2="")
    assert "stays empty" in check(state, move(state, "t1", "t2")).reason


def test_the_stock_deals_a_card_to_every_column_even_an_empty_one() -> None:
    state = position("agnes-sorel", f1="5C", t1="KH", t2="", stock="[2C] [3C] [4C] [6C] [7C] [8C] [9C]")
    after = apply(state, Move(MoveKind.DEAL))
    assert pile(after, "t1") == "KH 9C" and pile(after, "t2") == "8C" and pile(after, "t7") == "2C"


def test_a_run_round_the_corner_may_be_longer_than_the_ranks_are_many() -> None:
    run = "3S 2C AS KC QS JC TS 9C 8S 7C 6S 5C 4S 3C 2S"  # fifteen black cards, wrapping
    state = position("agnes-sorel", f1="5D", t1=run, t2="4C")
    fifteen = move(state, "t1", "t2", 15)
    assert fifteen in legal_moves(state) and check(state, fifteen).ok
    assert pile(apply(state, fifteen), "t2") == "4C " + run


def test_agnes_bernauer_deals_seven_reserve_piles_and_the_stock_feeds_them() -> None:
    state = get_variant("agnes-bernauer").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == list(range(1, 8))
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.RESERVE)] == [1] * 7
    assert len(state.piles[v.tables.stock]) == 16  # type: ignore[index]
    after = apply(state, Move(MoveKind.DEAL))
    assert [len(after.piles[i]) for i in v.piles_of(PileKind.RESERVE)] == [2] * 7
    assert [len(after.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == list(range(1, 8))


def test_agnes_bernauer_builds_in_alternating_colours_and_fills_spaces_below_the_base() -> None:
    state = position("agnes-bernauer", f1="5C", t1="AS", t2="KH", t3="", t4="4D", t5="9C", r1="8S 3C")
    assert check(state, move(state, "t2", "t1")).ok
    assert check(state, move(state, "t4", "t3")).ok
    assert check(state, move(state, "t5", "t3")).reason == (
        "9♣ can't go on the empty column 3: it takes only a Four (one rank below the foundations' base)"
    )
    assert check(state, move(state, "r1", "t3")).reason.startswith("3♣ can't go on the empty column 3")
    assert not check(state, move(state, "t5", "r1")).ok

"""Golf, Relaxed Golf, Black Hole and All in a Row, from their published rules."""

from __future__ import annotations

from cardtable.app.autoplay import safe_moves
from cardtable.cards import parse_card
from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.traits import Scoring
from tests.solitaire.games.positions import move, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def test_golf_deals_seven_columns_of_five_and_one_card_to_the_waste() -> None:
    state = get_variant("golf").start(1)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [5] * 7
    assert len(state.piles[v.index_of_name("waste")]) == 1
    assert len(state.piles[v.index_of_name("stock")]) == 16
    assert v.traits.scorings == (Scoring.UNIFORM,)  # no foundations to score


def test_golf_plays_a_column_card_one_higher_or_lower_onto_the_waste_of_any_suit() -> None:
    state = position("golf", waste="7H", t1="8C", t2="6S", t3="9H", t4="7D")
    assert check(state, move(state, "t1", "waste")).ok and check(state, move(state, "t2", "waste")).ok
    assert "up or down by one" in check(state, move(state, "t3", "waste")).reason
    assert "up or down by one" in check(state, move(state, "t4", "waste")).reason


def test_golf_puts_a_queen_on_a_king_but_nothing_turns_the_corner() -> None:
    state = position("golf", waste="KH", t1="QC", t2="AS")
    assert check(state, move(state, "t1", "waste")).ok
    assert "up or down by one" in check(state, move(state, "t2", "waste")).reason
    low = position("golf", waste="AH", t1="KC", t2="2S")
    assert not check(low, move(low, "t1", "waste")).ok and check(low, move(low, "t2", "waste")).ok


def test_golf_builds_nothing_in_the_columns_and_turns_the_stock_once() -> None:
    state = position("golf", waste="7H", t1="8C", t2="9C", stock="[2D]")
    assert not check(state, move(state, "t1", "t2")).ok
    assert not check(state, move(state, "waste", "t1")).ok
    dealt = apply(state, DEAL)
    assert [c.code for c in dealt.piles[dealt.variant.index_of_name("waste")]] == ["7H", "2D"]
    assert not check(dealt, REDEAL).ok


def test_golf_is_won_when_the_columns_are_clear_whatever_is_left_in_the_stock() -> None:
    assert is_won(position("golf", waste="7H", stock="[2D] [3D]"))
    assert not is_won(position("golf", waste="7H", t3="5C"))


def test_black_hole_starts_with_the_ace_of_spades_and_seventeen_fans_of_three() -> None:
    state = get_variant("black-hole").start(7)
    v = state.variant
    assert [c.code for c in state.piles[v.index_of_name("f1")]] == ["AS"]
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [3] * 17
    assert parse_card("AS") not in [c for i in v.piles_of(PileKind.TABLEAU) for c in state.piles[i]]


def test_black_hole_takes_a_card_up_or_down_of_any_suit_round_the_corner() -> None:
    state = position("black-hole", f1="AS", t1="KD", t2="2H", t3="3C", t4="QS 7C")
    assert check(state, move(state, "t1", "f1")).ok and check(state, move(state, "t2", "f1")).ok
    assert "up or down by one (Ace and King touch)" in check(state, move(state, "t3", "f1")).reason
    after = apply(state, move(state, "t1", "f1"))
    assert "up or down" in check(after, move(after, "t4", "f1")).reason  # only the top card of a fan plays


def test_black_hole_builds_nothing_on_the_fans_and_never_plays_home_by_itself() -> None:
    state = position("black-hole", f1="AS", t1="KD", t2="QD", t3="")
    assert not check(state, move(state, "t2", "t1")).ok and not check(state, move(state, "t2", "t3")).ok
    assert [m for m in legal_moves(state)] == [move(state, "t1", "f1")]
    assert safe_moves(state) == []  # the King home would take the place of a Two


def test_the_solver_never_plays_a_black_hole_card_home_unasked() -> None:
    from cardtable.solitaire.compiled import program_of
    from cardtable.solitaire.compiled.program import AUTO_HOME

    assert not program_of(get_variant("black-hole")).meta[AUTO_HOME]
    assert program_of(get_variant("lucas")).meta[AUTO_HOME]


def test_relaxed_golf_turns_the_corner_both_ways() -> None:
    state = position("relaxed-golf", waste="KH", t1="AC", t2="QS", t3="JD")
    assert check(state, move(state, "t1", "waste")).ok and check(state, move(state, "t2", "waste")).ok
    assert "Ace and King touch" in check(state, move(state, "t3", "waste")).reason


def test_all_in_a_row_deals_thirteen_columns_of_four_and_any_card_starts_the_foundation() -> None:
    state = get_variant("all-in-a-row").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [4] * 13
    assert not state.piles[v.index_of_name("f1")]
    assert len([m for m in legal_moves(state)]) == 13  # every top card may start it
    after = apply(state, legal_moves(state)[0])
    assert safe_moves(after) == []

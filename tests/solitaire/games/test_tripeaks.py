"""Tri-Peaks, from its published rules: Golf's waste off three overlapping peaks."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.compiled.bridge import compiled_apply, compiled_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def test_three_peaks_of_twenty_eight_cards_with_only_the_bottom_row_face_up() -> None:
    state = get_variant("tri-peaks").start(1)
    v = state.variant
    peaks = v.piles_of(PileKind.TABLEAU)
    assert [len(state.piles[i]) for i in peaks] == [1] * 28
    assert [state.hidden[i] for i in peaks] == [1] * 18 + [0] * 10
    assert len(state.piles[v.index_of_name("waste")]) == 1
    assert len(state.piles[v.index_of_name("stock")]) == 23


def test_each_card_lies_across_two_of_the_row_below_and_the_peaks_touch_at_the_foot() -> None:
    v = get_variant("tri-peaks")
    covering = {spec.id.name: [p.name for p in spec.covered_by] for spec in v.piles if spec.kind is PileKind.TABLEAU}
    assert covering["t1"] == ["t4", "t5"] and covering["t3"] == ["t8", "t9"]  # the tips
    assert covering["t5"] == ["t11", "t12"] and covering["t6"] == ["t13", "t14"]  # second row: its own peak
    assert covering["t12"] == ["t21", "t22"] and covering["t13"] == ["t22", "t23"]  # peaks share the foot
    assert all(covering[f"t{n}"] == [] for n in range(19, 29))


def test_an_uncovered_card_goes_on_the_waste_up_or_down_round_the_corner() -> None:
    state = position("tri-peaks", waste="KH", t19="AC", t20="QS", t21="JD")
    assert check(state, move(state, "t19", "waste")).ok and check(state, move(state, "t20", "waste")).ok
    assert "up or down by one" in check(state, move(state, "t21", "waste")).reason


def test_a_covered_card_does_not_play_and_turns_up_once_both_cards_on_it_are_gone() -> None:
    state = position("tri-peaks", waste="5H", t10="[2C]", t19="4S", t20="3D")
    assert not check(state, move(state, "t10", "waste")).ok
    once = apply(state, move(state, "t19", "waste"))
    assert pile(once, "t10") == "[2C]"  # still under the three of Diamonds
    assert move(once, "t10", "waste") not in legal_moves(once)
    twice = apply(once, move(once, "t20", "waste"))
    assert pile(twice, "t10") == "2C"
    assert move(twice, "t10", "waste") in legal_moves(twice)


def test_the_compiled_moves_turn_up_an_uncovered_card_too() -> None:
    state = position("tri-peaks", waste="5H", t10="[2C]", t19="4S", t20="3D")
    once = compiled_apply(state, move(state, "t19", "waste"))
    assert pile(once, "t10") == "[2C]"
    twice = compiled_apply(once, move(once, "t20", "waste"))
    assert twice == apply(once, move(once, "t20", "waste"))
    assert move(twice, "t10", "waste") in compiled_moves(twice)


def test_the_stock_turns_once_and_the_game_is_won_when_the_peaks_are_clear() -> None:
    state = position("tri-peaks", waste="7H", t19="9C", stock="[2D]")
    dealt = apply(state, DEAL)
    assert [c.code for c in dealt.piles[dealt.variant.index_of_name("waste")]] == ["7H", "2D"]
    assert not check(dealt, REDEAL).ok
    assert not is_won(dealt)
    assert is_won(position("tri-peaks", waste="7H", stock="[2D]"))

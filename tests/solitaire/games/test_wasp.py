"""Wasp: Scorpion with fewer face-down cards and any card to an empty column (PySolFC game 185)."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)


def test_wasp_hides_three_cards_under_each_of_the_first_three_columns() -> None:
    state = get_variant("wasp").start(3)
    columns = [(len(state.piles[i]), state.hidden[i]) for i in state.variant.piles_of(PileKind.TABLEAU)]
    assert columns == [(7, 3)] * 3 + [(7, 0)] * 4
    assert len(state.piles[state.variant.index_of_name("stock")]) == 3


def test_an_empty_column_takes_any_card_with_what_lies_on_it() -> None:
    state = position("wasp", t1="[4D] 9C 2H KD", t4="", t5="QS 3C")
    assert check(state, move(state, "t1", "t4", 3)).ok  # 9C with 2H KD on it
    assert check(state, move(state, "t5", "t4", 2)).ok
    t4 = state.variant.index_of_name("t4")
    sources = {(m.source, m.count) for m in legal_moves(state) if m.target == t4}
    assert (state.variant.index_of_name("t1"), 3) in sources
    assert not check(state, move(state, "t1", "t4", 4)).ok  # the face-down card stays


def test_wasp_builds_down_in_suit_like_scorpion() -> None:
    state = position("wasp", t1="[4D] 9C 2H KD", t2="TC", t3="TH")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "in suit" in check(state, move(state, "t1", "t3", 3)).reason


def test_the_stock_goes_at_once_onto_the_first_three_columns_even_an_empty_one() -> None:
    state = position("wasp", stock="[2C] [3C] [4C]", t1="KS", t2="", t3="QH", t4="JD")
    after = apply(state, DEAL)
    assert pile(after, "t1") == "KS 4C" and pile(after, "t2") == "3C" and pile(after, "t3") == "QH 2C"
    assert pile(after, "t4") == "JD"

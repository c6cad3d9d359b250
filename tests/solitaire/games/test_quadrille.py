"""Quadrille (Captive Queens), from its published rules (PySolFC's Captive Queens)."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position

REDEAL = Move(MoveKind.REDEAL)


def test_nothing_is_dealt_but_the_stock() -> None:
    state = get_variant("quadrille").start(1)
    v = state.variant
    assert len(state.piles[v.tables.stock]) == 52  # type: ignore[index]
    assert not any(state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))
    assert get_variant("captive-queens") is v


def test_fives_build_down_in_suit_round_the_corner_to_the_king() -> None:
    state = position("quadrille", f1="5H 4H 3H 2H AH", waste="KH")
    assert check(state, move(state, "waste", "f1")).ok
    full = position("quadrille", f1="5H 4H 3H 2H AH KH", waste="QH")
    assert check(full, move(full, "waste", "f1")).reason == "foundation 1 holds only 6 cards"
    wrong = position("quadrille", f1="5H", waste="4S")
    assert check(wrong, move(wrong, "waste", "f1")).reason == "4♠ can't go on 5♥: build down by one (a King on an Ace) in suit"


def test_sixes_build_up_in_suit_to_the_jack() -> None:
    state = position("quadrille", f9="6C 7C 8C 9C", waste="TC")
    assert check(state, move(state, "waste", "f9")).ok
    full = position("quadrille", f9="6C 7C 8C 9C TC JC", waste="QC")
    assert check(full, move(full, "waste", "f9")).reason == "foundation 9 holds only 6 cards"
    empty = position("quadrille", waste="5C")
    assert check(empty, move(empty, "waste", "f9")).reason == "5♣ can't go on the empty foundation 9: it takes only a Six"


def test_each_queen_takes_a_place_of_her_own() -> None:
    state = position("quadrille", waste="QS", f5="QH")
    assert check(state, move(state, "waste", "f6")).ok
    assert "holds a card already" in check(state, move(state, "waste", "f5")).reason
    five = position("quadrille", waste="5S")
    assert check(five, move(five, "waste", "f5")).reason == "5♠ can't go on the empty foundation 5: it takes only a Queen"


def test_the_stock_goes_through_three_times() -> None:
    state = position("quadrille", redeals=1, waste="9D")
    assert check(state, REDEAL).ok
    last = position("quadrille", redeals=2, waste="9D")
    assert check(last, REDEAL).reason == "no redeals left: Quadrille allows 3 passes through the stock"
    assert legal_moves(last) == ()

"""Strategy, from its published rules (PySolFC's Strategy)."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, is_won, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)


def test_the_aces_start_the_foundations_and_the_rest_form_an_open_stock() -> None:
    for deal in range(1, 20):
        state = get_variant("strategy").start(deal)
        v = state.variant
        assert [state.piles[f][0].rank for f in v.piles_of(PileKind.FOUNDATION)] == [Rank.ACE] * 4
        assert len(v.piles_of(PileKind.TABLEAU)) == 8
        assert not any(state.piles[i] for i in v.piles_of(PileKind.TABLEAU))
        stock = v.tables.stock
        assert stock is not None and len(state.piles[stock]) == 48
        assert state.hidden[stock] == 47  # only the top card shows


def test_the_stock_card_goes_to_any_column_whatever_its_rank_and_suit() -> None:
    state = position("strategy", f1="AC", f2="AD", f3="AH", f4="AS", stock="[2C] 9H", t1="KS", t2="3D")
    assert check(state, move(state, "stock", "t1")).ok
    assert check(state, move(state, "stock", "t2")).ok
    assert check(state, move(state, "stock", "t3")).ok
    after = apply(state, move(state, "stock", "t2"))
    assert pile(after, "t2") == "3D 9H" and pile(after, "stock") == "2C"  # the next card turns up


def test_nothing_goes_home_until_the_stock_is_used_up() -> None:
    state = position("strategy", f1="AC", f2="AD", f3="AH", f4="AS", stock="[KD] 2C", t1="2H")
    assert check(state, move(state, "t1", "f3")).reason == "foundation 3 takes cards only once the stock is used up"
    assert check(state, move(state, "stock", "f1")).reason == "foundation 1 takes cards only once the stock is used up"
    assert all(state.variant.piles[m.target].kind is PileKind.TABLEAU for m in legal_moves(state))
    done = position("strategy", f1="AC", f2="AD", f3="AH", f4="AS", t1="2H")
    assert check(done, move(done, "t1", "f3")).ok


def test_columns_build_only_from_the_stock_and_the_foundations_up_in_suit() -> None:
    state = position("strategy", f1="AC", f2="AD", f3="AH", f4="AS", t1="3H 2H", t2="KS")
    assert check(state, move(state, "t2", "t1")).reason == "column 1 takes cards only from the stock"
    assert check(state, move(state, "t1", "f1")).reason == "2♥ can't go on A♣: build up by one in suit"
    assert set(legal_moves(state)) == {move(state, "t1", "f3")}
    after = apply(apply(state, move(state, "t1", "f3")), move(state, "t1", "f3"))
    assert pile(after, "f3") == "AH 2H 3H" and not is_won(after)
    assert check(after, move(after, "t2", "f4")).reason == "K♠ can't go on A♠: build up by one in suit"


def test_the_stock_is_played_card_by_card_not_dealt() -> None:
    state = get_variant("strategy").start(1)
    assert check(state, DEAL).reason == "the stock is not dealt in Strategy: play its top card"
    assert DEAL not in legal_moves(state)

"""Aces Up, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, is_won, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_four_columns_of_one_card_and_the_rest_in_the_stock() -> None:
    state = get_variant("aces-up").start(5)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [1] * 4
    assert len(state.piles[v.tables.stock]) == 48  # type: ignore[index]


def test_a_card_outranked_by_its_suit_on_another_column_is_discarded() -> None:
    state = position("aces-up", t1="9S 5H", t2="KH", t3="AS", t4="7C")
    assert check(state, move(state, "t1", "f1")).ok
    after = apply(state, move(state, "t1", "f1"))
    assert pile(after, "f1") == "5H" and pile(after, "t1") == "9S"
    assert move(after, "t1", "f1") in legal_moves(after)  # the Ace of spades outranks the Nine


def test_the_refusal_names_the_rule_and_aces_are_never_outranked() -> None:
    state = position("aces-up", t1="5H", t2="4H", t3="AS", t4="KS")
    assert check(state, move(state, "t2", "f1")).ok
    assert check(state, move(state, "t1", "f1")).reason == (
        "5♥ can't be discarded: a card is discarded when a higher card of its suit (Aces high) tops another column"
    )
    assert not check(state, move(state, "t3", "f1")).ok
    assert move(state, "t4", "f1") in legal_moves(state)  # the Ace of spades, high, outranks the King
    assert move(state, "t3", "f1") not in legal_moves(state)


def test_nothing_builds_on_a_column_but_any_top_card_fills_an_empty_one() -> None:
    state = position("aces-up", t1="9S 5H", t2="KH", t3="", t4="7C")
    assert check(state, move(state, "t1", "t3")).ok
    assert not check(state, move(state, "t1", "t2")).ok


def test_the_stock_deals_a_card_to_every_column_even_an_empty_one() -> None:
    state = position("aces-up", t1="9S", t2="", t3="KH", t4="7C", stock="[2C] [3C] [4C] [6C]")
    after = apply(state, Move(MoveKind.DEAL))
    assert [pile(after, f"t{n}") for n in range(1, 5)] == ["9S 6C", "4C", "KH 3C", "7C 2C"]


def test_the_game_is_won_when_only_the_aces_are_left() -> None:
    rest = " ".join(f"{r}{s}" for s in "CDHS" for r in "23456789TJQK")
    won = position("aces-up", f1=rest, t1="AC", t2="AD", t3="AH", t4="AS")
    assert is_won(won)
    assert not is_won(position("aces-up", f1=rest[3:], t1="AC 2C", t2="AD", t3="AH", t4="AS"))

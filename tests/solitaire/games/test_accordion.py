"""Accordion, from its rules: a pile goes onto its left neighbour or the pile three places
to its left when their top cards match by suit or rank; the row closes up behind it; the
stock deals one card at a time to the end of the row; one pile wins."""

from __future__ import annotations

from cardtable.cards import ALL_CARDS
from cardtable.solitaire import Move, MoveKind, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)


def test_two_cards_start_the_row_and_the_stock_deals_to_its_end() -> None:
    state = get_variant("accordion").start(4)
    assert [pile(state, f"t{n}") != "" for n in range(1, 5)] == [True, True, False, False]
    assert len(pile(state, "stock").split()) == 50
    assert state.variant.traits.layout is Layout.GRID
    dealt = apply(state, DEAL)
    assert pile(dealt, "t3") != "" and len(pile(dealt, "stock").split()) == 49


def test_a_pile_goes_one_or_three_places_left_onto_a_match_of_suit_or_rank() -> None:
    state = position("accordion", t1="9C", t2="5H", t3="7D", t4="9H", t5="KS")
    assert check(state, move(state, "t4", "t3")).ok is False  # 9♥ on 7♦: no match
    assert check(state, move(state, "t4", "t1")).ok  # three to the left, same rank
    assert check(state, move(state, "t3", "t2")).ok is False
    refused = check(state, move(state, "t5", "t3"))
    assert not refused.ok and "1 or 3 places to its left" in refused.reason
    assert "same suit or the same rank" in check(state, move(state, "t5", "t4")).reason
    assert move(state, "t4", "t1") in legal_moves(state)


def test_the_whole_pile_moves_and_the_row_closes_up_behind_it() -> None:
    state = position("accordion", t1="2S", t2="3C 5S", t3="8D", t4="TD")
    after = apply(state, move(state, "t2", "t1", 2))
    assert [pile(after, f"t{n}") for n in range(1, 5)] == ["2S 3C 5S", "8D", "TD", ""]
    assert "whole pile" in check(state, move(state, "t2", "t1", 1)).reason or not check(state, move(state, "t2", "t1", 1)).ok


def test_won_with_every_card_in_one_pile() -> None:
    assert is_won(position("accordion", t1=" ".join(c.code for c in ALL_CARDS)))
    assert not is_won(position("accordion", t1="2S", t2="3S"))

"""Crescent, from its published rules (PySolFC's Crescent)."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

REDEAL = Move(MoveKind.REDEAL)


def test_an_ace_and_a_king_of_each_suit_out_and_sixteen_piles_of_six() -> None:
    state = get_variant("crescent").start(1)
    v = state.variant
    homes = [state.piles[f] for f in v.piles_of(PileKind.FOUNDATION)]
    assert " ".join(h[0].code for h in homes) == "AC AD AH AS KC KD KH KS"
    assert [len(state.piles[t]) for t in v.piles_of(PileKind.TABLEAU)] == [6] * 16
    assert not any(state.hidden) and v.traits.decks == 2


def test_aces_build_up_and_kings_down_in_suit() -> None:
    state = position("crescent", f1="AH", f5="KH", t1="2H", t2="QH", t3="2S")
    assert check(state, move(state, "t1", "f1")).ok
    assert check(state, move(state, "t2", "f5")).ok
    assert check(state, move(state, "t3", "f1")).reason == "2♠ can't go on A♥: build up by one in suit"


def test_piles_build_up_or_down_in_suit_round_the_corner_one_card_at_a_time() -> None:
    state = position("crescent", t1="7D 8D", t2="9D", t3="AC", t4="KC", t5="6H")
    assert check(state, move(state, "t1", "t2")).ok  # 8♦ on 9♦, down
    assert check(state, move(state, "t2", "t1")).ok  # 9♦ on 8♦, up
    assert check(state, move(state, "t4", "t3")).ok  # a King on an Ace
    assert check(state, move(state, "t5", "t2")).reason == "6♥ can't go on 9♦: build up or down by one (Ace and King touch) in suit"
    assert check(state, move(state, "t1", "t2", 2)).reason.endswith(": only one card moves at a time")


def test_an_emptied_pile_stays_empty() -> None:
    state = position("crescent", t1="5C", t2="")
    assert "can't go on the empty pile 2" in check(state, move(state, "t1", "t2")).reason


def test_a_redeal_brings_each_pile_s_bottom_card_to_its_top() -> None:
    state = position("crescent", t1="2C 3H 4S", t2="9D", t3="5H 6H")
    after = apply(state, REDEAL)
    assert (pile(after, "t1"), pile(after, "t2"), pile(after, "t3")) == ("3H 4S 2C", "9D", "6H 5H")
    assert after.redeals == 1


def test_three_redeals_and_none_that_would_change_nothing() -> None:
    state = position("crescent", redeals=3, t1="2C 3H")
    assert check(state, REDEAL).reason == "no redeals left: Crescent allows 3 redeals"
    assert REDEAL not in legal_moves(state)
    single = position("crescent", t1="2C", t2="3H")
    assert check(single, REDEAL).reason == "no column holds two cards: a redeal would change nothing"

"""Lucky Thirteen, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_thirteen_piles_of_four_with_only_the_top_card_showing_and_no_stock() -> None:
    state = get_variant("lucky-thirteen").start(1)
    v = state.variant
    assert [(len(state.piles[i]), state.hidden[i]) for i in v.piles_of(PileKind.TABLEAU)] == [(4, 3)] * 13
    assert not v.piles_of(PileKind.STOCK)
    assert all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))
    assert Move(MoveKind.DEAL) not in legal_moves(state)


def test_build_down_regardless_of_suit_one_card_at_a_time() -> None:
    state = position("lucky-thirteen", t1="9C", t2="4D 8H", t3="8C", t4="9D 8D", t5="7C")
    assert check(state, move(state, "t2", "t1")).ok and check(state, move(state, "t3", "t1")).ok
    assert "one card" in check(state, move(state, "t4", "t1", 2)).reason
    assert "down by one" in check(state, move(state, "t5", "t1")).reason


def test_a_card_beneath_turns_up_when_uncovered() -> None:
    state = position("lucky-thirteen", t1="[5D] [KC] 9S", t2="TH")
    after = apply(state, move(state, "t1", "t2"))
    assert pile(after, "t1") == "[5D] KC"


def test_an_emptied_pile_stays_empty() -> None:
    state = position("lucky-thirteen", t1="", t2="KS", t3="5H")
    assert "once emptied it stays empty" in check(state, move(state, "t2", "t1")).reason
    assert not any(m.target == state.variant.index_of_name("t1") for m in legal_moves(state))


def test_foundations_build_up_in_suit_and_give_cards_back() -> None:
    state = position("lucky-thirteen", f1="AS 2S", t1="3S", t2="3H", t3="3D")
    assert check(state, move(state, "t1", "f1")).ok
    assert "in suit" in check(state, move(state, "t2", "f1")).reason
    assert check(state, move(state, "f1", "t3")).ok  # the 2S back onto a red Three

"""Klondike, from its rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def test_the_deal_lays_seven_columns_with_only_the_top_face_up() -> None:
    state = get_variant("klondike").start(11)
    for n in range(1, 8):
        i = state.variant.index_of_name(f"t{n}")
        assert len(state.piles[i]) == n and state.hidden[i] == n - 1
    assert len(state.pile(state.variant.piles[0].id)) == 24


def test_build_down_in_alternating_colours() -> None:
    state = position("klondike", t1="8S", t2="7H", t3="7C", t4="6H")
    assert check(state, move(state, "t2", "t1")).ok
    refused = check(state, move(state, "t3", "t1"))
    assert not refused.ok and "alternating colours" in refused.reason
    assert "down by one" in check(state, move(state, "t4", "t1")).reason


def test_only_kings_fill_an_empty_column() -> None:
    state = position("klondike", t1="KD", t2="QS", t3="")
    assert check(state, move(state, "t1", "t3")).ok
    assert "only a King" in check(state, move(state, "t2", "t3")).reason


def test_any_face_up_run_moves_and_the_revealed_card_turns_up() -> None:
    state = position("klondike", t1="[2C] [3C] 9H 8S 7D", t2="TC")
    assert check(state, move(state, "t1", "t2", 3)).ok
    after = apply(state, move(state, "t1", "t2", 3))
    assert pile(after, "t1") == "[2C] 3C" and pile(after, "t2") == "TC 9H 8S 7D"
    assert "face-down" in check(state, move(state, "t1", "t2", 4)).reason


def test_draw_one_turns_one_card_and_only_the_top_waste_card_plays() -> None:
    state = position("klondike", stock="[5C] [9H] [AS]", t1="TC")
    after = apply(state, DEAL)
    assert pile(after, "waste") == "AS" and pile(after, "stock") == "[5C] [9H]"
    after = apply(after, DEAL)
    assert pile(after, "waste") == "AS 9H"
    assert check(after, move(after, "waste", "t1")).ok
    assert "one card" in check(after, move(after, "waste", "t1", 2)).reason


def test_draw_three_turns_three_cards_with_the_last_on_top() -> None:
    state = position("klondike-draw3", stock="[5C] [9H] [AS] [2D]", f1="AD")
    after = apply(state, DEAL)
    assert pile(after, "waste") == "2D AS 9H" and pile(after, "stock") == "[5C]"
    assert move(after, "waste", "f1") not in legal_moves(after)  # 2D lies under two cards
    after = apply(after, DEAL)
    assert pile(after, "waste") == "2D AS 9H 5C" and pile(after, "stock") == ""


def test_recycling_restores_the_stock_order_without_shuffling() -> None:
    state = get_variant("klondike").start(4)
    stock = state.variant.tables.stock
    assert stock is not None
    original = state.piles[stock]
    for _ in range(24):
        state = apply(state, DEAL)
    assert not check(state, DEAL).ok and "redeal" in check(state, DEAL).reason
    state = apply(state, REDEAL)
    assert state.piles[stock] == original and state.hidden[stock] == 24 and state.redeals == 1


def test_a_pass_limit_refuses_further_redeals() -> None:
    one_pass = position("klondike-vegas", waste="5C 9H")
    assert "single pass" in check(one_pass, REDEAL).reason
    three = position("klondike-draw3-vegas", waste="5C 9H", redeals=1)
    after = apply(three, REDEAL)
    assert after.redeals == 2
    emptied = position("klondike-draw3-vegas", waste="5C 9H", redeals=2)
    assert "no redeals left" in check(emptied, REDEAL).reason
    assert REDEAL not in legal_moves(emptied)
    assert check(position("klondike", waste="5C", redeals=40), REDEAL).ok  # unlimited


def test_redeal_needs_an_empty_stock_and_cards_in_the_waste() -> None:
    assert "still has cards" in check(position("klondike", stock="[5C]", waste="9H"), REDEAL).reason
    assert "nothing to redeal" in check(position("klondike"), REDEAL).reason


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    state = position("klondike", t1="AH", t2="2H", t3="2S", f1="")
    assert check(state, move(state, "t1", "f1")).ok
    assert "only an Ace" in check(state, move(state, "t2", "f1")).reason
    after = apply(state, move(state, "t1", "f1"))
    assert check(after, move(after, "t2", "f1")).ok
    assert "in suit" in check(after, move(after, "t3", "f1")).reason


def test_a_card_may_come_back_down_but_not_between_foundations() -> None:
    state = position("klondike", f1="AH 2H 3H", t1="4S", f2="")
    assert check(state, move(state, "f1", "t1")).ok
    assert move(state, "f1", "t1") in legal_moves(state)
    assert "one foundation to another" in check(state, move(state, "f1", "f2")).reason
    assert move(state, "f1", "f2") not in legal_moves(state)


def test_foundations_take_one_card_at_a_time() -> None:
    state = position("klondike", t1="3H 2S", f1="AH 2H")
    assert not check(state, move(state, "t1", "f1", 2)).ok


def test_nothing_is_played_to_the_waste_or_stock() -> None:
    state = position("klondike", t1="3H", waste="4S")
    assert "no card may be played" in check(state, move(state, "t1", "waste")).reason
    assert "no card may be played" in check(state, move(state, "t1", "stock")).reason

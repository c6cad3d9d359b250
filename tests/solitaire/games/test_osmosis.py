"""Osmosis and Peek, from their published rules (PySolFC's Treasure Trove and Peek II)."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)


def test_four_reserves_of_four_and_the_first_card_starts_the_top_row() -> None:
    for game, down in (("osmosis", 3), ("peek", 0)):
        for deal in range(1, 10):
            state = get_variant(game).start(deal)
            v = state.variant
            reserves = v.piles_of(PileKind.RESERVE)
            assert [len(state.piles[r]) for r in reserves] == [4, 4, 4, 4]
            assert [state.hidden[r] for r in reserves] == [down] * 4
            rows = v.piles_of(PileKind.FOUNDATION)
            assert [len(state.piles[f]) for f in rows] == [1, 0, 0, 0]
            assert len(state.piles[v.tables.stock]) == 35  # type: ignore[index]


def test_the_top_row_takes_any_rank_of_its_suit() -> None:
    state = position("osmosis", f1="7S", r1="KS", r2="2S", r3="9H")
    assert check(state, move(state, "r1", "f1")).ok
    assert check(state, move(state, "r2", "f1")).ok
    assert check(state, move(state, "r3", "f1")).reason == "9♥ can't go on 7♠: build in suit regardless of rank"


def test_a_row_starts_with_the_base_rank_once_the_row_above_has_started() -> None:
    state = position("osmosis", f1="7S", r1="7H", r2="8H", r3="7D")
    assert check(state, move(state, "r1", "f2")).ok
    assert "it takes only a Seven (the base rank" in check(state, move(state, "r2", "f2")).reason
    assert check(state, move(state, "r3", "f3")).reason == "7♦ can't go on foundation 3: no Seven lies in foundation 2 yet"
    after = apply(state, move(state, "r1", "f2"))
    assert check(after, move(after, "r3", "f3")).ok


def test_a_card_goes_to_a_row_only_if_its_rank_lies_in_the_row_above() -> None:
    state = position("osmosis", f1="7S KS 2S", f2="7H", r1="KH", r2="5H", r3="2H")
    assert check(state, move(state, "r1", "f2")).ok
    assert check(state, move(state, "r3", "f2")).ok  # any order within the row
    assert check(state, move(state, "r2", "f2")).reason == "5♥ can't go on foundation 2: no Five lies in foundation 1 yet"
    assert move(state, "r2", "f2") not in legal_moves(state)


def test_reserves_play_their_top_card_and_turn_up_the_next() -> None:
    state = position("osmosis", f1="7S", r1="[9C] [3D] 8S")
    after = apply(state, move(state, "r1", "f1"))
    assert pile(after, "r1") == "[9C] 3D"
    assert check(after, move(after, "f1", "r1")).reason == "cards on foundation 1 stay there in Osmosis"


def test_the_stock_turns_three_cards_at_a_time_without_limit() -> None:
    state = position("osmosis", f1="7S", stock="[2C] [3C] [4C] [5C]")
    once = apply(state, DEAL)
    assert pile(once, "waste") == "5C 4C 3C"
    empty = apply(once, DEAL)
    turned = apply(empty, Move(MoveKind.REDEAL))
    assert pile(turned, "stock").count("C") == 4 and check(apply(turned, DEAL), Move(MoveKind.DEAL)).ok

"""Forty Thieves, Streets, Maria, Emperor, Indian, Forty and Eight, Lucas, Number Ten,
Rank and File, Josephine and Limited, from their published rules."""

from __future__ import annotations

import pytest

from cardtable.cards import Rank
from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


@pytest.mark.parametrize(
    ("game", "columns", "stock"),
    [
        ("forty-thieves", [(4, 0)] * 10, 64),
        ("streets", [(4, 0)] * 10, 64),
        ("maria", [(4, 0)] * 9, 68),
        ("emperor", [(4, 3)] * 10, 64),
        ("indian", [(3, 1)] * 10, 74),
        ("forty-and-eight", [(4, 0)] * 8, 72),
        ("number-ten", [(4, 2)] * 10, 64),
        ("rank-and-file", [(4, 3)] * 10, 64),
        ("josephine", [(4, 0)] * 10, 64),
        ("limited", [(3, 0)] * 12, 68),
    ],
)
def test_two_decks_dealt_to_the_columns_and_eight_foundations(game: str, columns: list[tuple[int, int]], stock: int) -> None:
    state = get_variant(game).start(3)
    v = state.variant
    assert [(len(state.piles[i]), state.hidden[i]) for i in v.piles_of(PileKind.TABLEAU)] == columns
    assert len(state.piles[v.index_of_name("stock")]) == stock and len(v.piles_of(PileKind.FOUNDATION)) == 8


def test_forty_thieves_builds_in_suit_one_card_at_a_time_into_any_space() -> None:
    state = position("forty-thieves", t1="9C", t2="8C 7C", t3="8H", t4="")
    assert check(state, move(state, "t2", "t4")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "in suit" in check(state, move(state, "t3", "t1")).reason


@pytest.mark.parametrize("game", ["streets", "maria", "emperor"])
def test_streets_maria_and_emperor_build_in_alternating_colours(game: str) -> None:
    state = position(game, t1="9C", t2="8H", t3="8S")
    assert check(state, move(state, "t2", "t1")).ok
    assert "alternating colours" in check(state, move(state, "t3", "t1")).reason


def test_indian_builds_in_any_suit_but_its_own() -> None:
    state = position("indian", t1="9C", t2="8S", t3="8C")
    assert check(state, move(state, "t2", "t1")).ok
    assert "different suit" in check(state, move(state, "t3", "t1")).reason


@pytest.mark.parametrize("game", ["forty-thieves", "forty-and-eight"])
def test_forty_and_eight_builds_in_suit_one_card_at_a_time_like_forty_thieves(game: str) -> None:
    state = position(game, t1="9C", t2="8C 7C", t3="8H", t4="", t5="KD")
    assert check(state, move(state, "t2", "t4")).ok and check(state, move(state, "t5", "t4")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert move(state, "t3", "t4") in legal_moves(state)


def test_forty_and_eight_turns_the_waste_over_once() -> None:
    state = apply(position("forty-and-eight", stock="[5C]", waste="9H"), DEAL)
    assert "still has cards" in check(position("forty-and-eight", stock="[5C]", waste="9H"), REDEAL).reason
    second = apply(state, REDEAL)
    assert second.redeals == 1 and pile(second, "stock") == "[5C] [9H]" and pile(second, "waste") == ""
    spent = apply(apply(second, DEAL), DEAL)
    assert "no redeals left" in check(spent, REDEAL).reason
    assert REDEAL not in legal_moves(spent)


@pytest.mark.parametrize(
    "game", ["forty-thieves", "streets", "maria", "emperor", "indian", "number-ten", "rank-and-file", "josephine"]
)
def test_a_single_pass_through_the_stock(game: str) -> None:
    state = apply(position(game, stock="[5C]"), DEAL)
    assert not check(state, REDEAL).ok


def test_lucas_sets_out_the_eight_aces_and_deals_thirteen_columns_of_three() -> None:
    state = get_variant("lucas").start(4)
    v = state.variant
    homes = [state.piles[f] for f in v.piles_of(PileKind.FOUNDATION)]
    assert [len(h) for h in homes] == [1] * 8 and all(h[0].rank is Rank.ACE for h in homes)
    assert [(len(state.piles[i]), state.hidden[i]) for i in v.piles_of(PileKind.TABLEAU)] == [(3, 0)] * 13
    assert len(state.piles[v.index_of_name("stock")]) == 104 - 8 - 39


def test_lucas_builds_down_in_suit_moves_whole_runs_and_turns_the_stock_once() -> None:
    state = position("lucas", t1="9H", t2="8H 8S", t3="", t4="KD 8H 7H 6H 5H", stock="[2C]")
    assert "in suit" in check(state, move(state, "t2", "t1")).reason
    assert check(state, move(state, "t2", "t3")).ok
    assert check(state, move(state, "t4", "t1", 4)).ok and check(state, move(state, "t4", "t3", 3)).ok
    assert "must build down by one in suit" in check(state, move(state, "t4", "t3", 5)).reason
    dealt = apply(state, DEAL)
    assert "no redeals left" in check(dealt, REDEAL).reason


@pytest.mark.parametrize("game", ["number-ten", "rank-and-file"])
def test_number_ten_and_rank_and_file_move_whole_runs_in_alternating_colours(game: str) -> None:
    state = position(game, t1="[4C] [5D] 9H", t2="KD 8S 7D 6C", t3="", t4="8H 7H", t5="[2S] QC JD TS")
    assert check(state, move(state, "t2", "t1", 3)).ok and check(state, move(state, "t2", "t3", 3)).ok
    assert check(state, move(state, "t5", "t3", 3)).ok
    assert "alternating colours" in check(state, move(state, "t2", "t3", 4)).reason
    assert "alternating colours" in check(state, move(state, "t4", "t3", 2)).reason
    assert "alternating colours" in check(state, move(state, "t4", "t1")).reason
    assert move(state, "t2", "t1", 3) in legal_moves(state) and move(state, "t2", "t3", 2) in legal_moves(state)
    emptied = apply(state, move(state, "t5", "t3", 3))
    assert pile(emptied, "t5") == "2S" and pile(emptied, "t3") == "QC JD TS"


def test_josephine_moves_whole_runs_in_suit_only() -> None:
    state = position("josephine", t1="9C", t2="KD 8C 7C 6C", t3="", t4="8H 7S", t5="8S")
    assert check(state, move(state, "t2", "t1", 3)).ok and check(state, move(state, "t2", "t3", 3)).ok
    assert move(state, "t2", "t1", 3) in legal_moves(state)
    assert "in suit" in check(state, move(state, "t4", "t3", 2)).reason
    assert "in suit" in check(state, move(state, "t5", "t1")).reason


def test_limited_moves_one_card_at_a_time_in_suit_across_twelve_columns() -> None:
    state = position("limited", t1="9C", t2="8C 7C", t3="8H", t4="", t12="KD", stock="[5C]")
    assert check(state, move(state, "t2", "t4")).ok and check(state, move(state, "t12", "t4")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert not check(apply(state, DEAL), REDEAL).ok

"""Canfield and its kin (Rainbow, Chameleon, Storehouse), from their published rules."""

from __future__ import annotations

import pytest

from cardtable.cards import Rank
from cardtable.solitaire import PileKind, apply, check, get_variant, legal_moves
from cardtable.solitaire.rules.empty import base_rank
from tests.solitaire.games.positions import move, pile, position


@pytest.mark.parametrize(
    ("game", "columns", "reserve", "stock"),
    [("canfield", 4, 13, 34), ("rainbow", 4, 13, 34), ("chameleon", 3, 12, 36), ("storehouse", 4, 13, 31)],
)
def test_the_layout(game: str, columns: int, reserve: int, stock: int) -> None:
    state = get_variant(game).start(4)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [1] * columns
    (r,) = v.piles_of(PileKind.RESERVE)
    assert len(state.piles[r]) == reserve and state.hidden[r] == reserve - 1
    assert len(state.piles[v.tables.stock]) == stock  # type: ignore[index]


def test_the_first_card_dealt_sets_every_foundations_base() -> None:
    for deal in range(1, 30):
        state = get_variant("canfield").start(deal)
        f1, *others = state.variant.piles_of(PileKind.FOUNDATION)
        assert len(state.piles[f1]) == 1 and not any(state.piles[f] for f in others)
        assert base_rank(state) is state.piles[f1][0].rank


def test_only_the_base_rank_starts_a_foundation_and_the_refusal_names_it() -> None:
    state = position("canfield", f1="7S", t1="7H", t2="8D", r1="KC")
    assert check(state, move(state, "t1", "f2")).ok
    reason = check(state, move(state, "t2", "f2")).reason
    assert reason == (
        "8♦ can't go on the empty foundation 2: it takes only a Seven "
        "(the base rank, which the deal sets)"
    )


def test_foundations_build_up_in_suit_round_from_king_to_ace() -> None:
    state = position("canfield", f1="JS QS KS", t1="AS", t2="AH", r1="KC")
    assert check(state, move(state, "t1", "f1")).ok
    assert "in suit" in check(state, move(state, "t2", "f1")).reason


def test_columns_build_down_in_alternating_colours_a_king_on_an_ace() -> None:
    state = position("canfield", f1="5S", t1="AS", t2="KH", t3="KC", r1="2C")
    assert check(state, move(state, "t2", "t1")).ok
    assert check(state, move(state, "t3", "t1")).reason == (
        "K♣ can't go on A♠: build down by one (a King on an Ace) in alternating colours"
    )


def test_a_column_moves_one_card_or_all_its_cards_never_part() -> None:
    state = position("canfield", f1="5S", t1="9C 8H 7C", t2="8D", t3="TD", r1="2C")
    assert check(state, move(state, "t1", "t2")).ok  # the 7♣ alone
    assert check(state, move(state, "t1", "t3", 3)).ok  # the whole column
    reason = check(state, move(state, "t1", "t3", 2)).reason
    assert reason == "one card moves, or the whole pile as a run; never part of it (3 cards on column 1)"
    assert move(state, "t1", "t3", 2) not in legal_moves(state)


def test_an_emptied_column_takes_the_reserves_top_card_at_once() -> None:
    state = position("canfield", f1="5S", t1="6S", t2="7D", r1="[9H] [JC] 2C")
    after = apply(state, move(state, "t1", "f1"))
    assert pile(after, "t1") == "2C" and pile(after, "r1") == "[9H] JC"
    moved = apply(state, move(state, "t1", "t2"))
    assert pile(moved, "t2") == "7D 6S" and pile(moved, "t1") == "2C"


def test_once_the_reserve_is_gone_any_card_fills_a_column() -> None:
    state = position("canfield", f1="5S", t1="6S", t2="", waste="QH", r1="")
    assert check(state, move(state, "waste", "t2")).ok
    after = apply(state, move(state, "t1", "f1"))
    assert pile(after, "t1") == ""


def test_reserve_cards_play_out_and_nothing_goes_back() -> None:
    state = position("canfield", f1="5S", t1="8S", r1="[JC] 7H")
    assert check(state, move(state, "r1", "t1")).ok
    assert not check(state, move(state, "t1", "r1")).ok


def test_canfield_turns_three_cards_and_redeals_without_end() -> None:
    v = get_variant("canfield")
    assert v.stock.count == 3 and v.stock.passes is None


@pytest.mark.parametrize("game", ["rainbow", "chameleon"])
def test_rainbow_and_chameleon_build_down_regardless_of_suit_one_pass(game: str) -> None:
    state = position(game, f1="5S", t1="AS", t2="KS", r1="2C")
    assert check(state, move(state, "t2", "t1")).ok
    v = state.variant
    assert v.stock.count == 1 and v.stock.passes == 1


def test_storehouse_deals_the_twos_out_and_builds_in_suit() -> None:
    state = get_variant("storehouse").start(6)
    homes = [state.piles[f] for f in state.variant.piles_of(PileKind.FOUNDATION)]
    assert all(len(h) == 1 and h[0].rank is Rank.TWO for h in homes)
    built = position("storehouse", f1="2S", t1="AS", t2="KS", t3="KH", r1="5C")
    assert check(built, move(built, "t2", "t1")).ok
    assert "in suit" in check(built, move(built, "t3", "t1")).reason
    assert not check(position("storehouse", f1="2S", t1="3C", r1="5C"), move(built, "t1", "f2")).ok

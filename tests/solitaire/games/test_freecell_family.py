"""Relaxed FreeCell, FreeCell with 1 to 3 cells, Seahaven Towers, Eight Off and Double
FreeCell, from their published rules."""

from __future__ import annotations

import pytest

from cardtable.solitaire import PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_relaxed_freecell_moves_any_run_whatever_the_cells() -> None:
    full = {f"c{n}": "KD" for n in range(1, 5)}
    state = position("relaxed-freecell", t1="TC 9H 8S 7H 6S 5H", t2="JD", **full)
    assert check(state, move(state, "t1", "t2", 6)).ok
    assert get_variant("relaxed-freecell").start(1).piles == get_variant("freecell").start(1).piles


@pytest.mark.parametrize(("game", "count"), [("freecell-3-cells", 3), ("freecell-2-cells", 2), ("freecell-1-cell", 1)])
def test_freecell_with_fewer_cells_deals_the_microsoft_deals(game: str, count: int) -> None:
    v = get_variant(game)
    assert len(v.piles_of(PileKind.CELL)) == count
    assert [len(v.start(1).piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [7] * 4 + [6] * 4
    mine = [v.start(1).piles[i] for i in v.piles_of(PileKind.TABLEAU)]
    classic = get_variant("freecell")
    assert mine == [classic.start(1).piles[i] for i in classic.piles_of(PileKind.TABLEAU)]


def test_one_cell_allows_runs_of_two_and_doubles_with_an_empty_column() -> None:
    state = position("freecell-1-cell", t1="TC 9H 8S 7H", t2="JD", **{f"t{n}": "KD" for n in range(3, 9)})
    assert "only 2 cards" in check(state, move(state, "t1", "t2", 4)).reason
    roomy = position("freecell-1-cell", t1="TC 9H 8S 7H", t2="JD", t3="", **{f"t{n}": "KD" for n in range(4, 9)})
    assert check(roomy, move(roomy, "t1", "t2", 4)).ok


def test_seahaven_deals_ten_rows_of_five_and_two_cards_to_the_middle_cells() -> None:
    state = get_variant("seahaven-towers").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [5] * 10
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.CELL)] == [0, 1, 1, 0]


def test_king_only_bakers_game_deals_the_microsoft_deals() -> None:
    v, classic = get_variant("king-only-bakers-game"), get_variant("freecell")
    assert v.start(7).piles == classic.start(7).piles


def test_eight_off_deals_eight_rows_of_six_and_four_cards_to_every_other_cell() -> None:
    state = get_variant("eight-off").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [6] * 8
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.CELL)] == [1, 0] * 4
    assert not any(state.hidden) and v.traits.family == "freecell"


def test_eight_off_moves_a_run_as_long_as_the_free_cells_allow() -> None:
    cells = {f"c{n}": "2D" for n in range(1, 6)}  # three of the eight cells free
    state = position("eight-off", t1="KD TC 9C 8C 7C 6C", t2="JC", t3="", t4="KH TC", **cells)
    assert check(state, move(state, "t1", "t4", 4)).ok
    assert "only 4 cards" in check(state, move(state, "t1", "t2", 5)).reason  # the empty column takes Kings only


@pytest.mark.parametrize("game", ["seahaven-towers", "eight-off", "king-only-bakers-game"])
def test_build_in_suit_and_only_kings_fill_a_column(game: str) -> None:
    state = position(game, t1="9C", t2="8C", t3="8D", t4="", t5="QS", t6="KH")
    assert check(state, move(state, "t2", "t1")).ok
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t6", "t4")).ok
    assert pile(state, "c1") == ""


_CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


def test_double_freecell_deals_an_ace_of_each_suit_out_and_ten_columns_of_ten() -> None:
    state = get_variant("double-freecell").start(3)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [10] * 10
    assert [pile(state, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.CELL)] == [0] * 6
    assert not any(state.hidden) and v.traits.family == "freecell"


def test_double_freecell_foundations_go_round_to_a_second_ace() -> None:
    state = position("double-freecell", f1=_CLUBS, f2="AD 2D", t1="AC", t2="3C", t3="AD", t4="3D")
    assert check(state, move(state, "t1", "f1")).ok and move(state, "t1", "f1") in legal_moves(state)
    assert not check(state, move(state, "t2", "f1")).ok
    assert not check(state, move(state, "t3", "f2")).ok  # the second Ace waits for the King
    assert check(state, move(state, "t4", "f2")).ok
    after = apply(state, move(state, "t1", "f1"))
    assert pile(after, "f1") == _CLUBS + " AC"


def test_double_freecell_moves_runs_as_far_as_six_cells_allow() -> None:
    full = {f"t{n}": "KD" for n in range(3, 11)}
    state = position("double-freecell", t1="KS QH JC TH 9C 8H 7C 6H", t2="KC", **full)
    assert check(state, move(state, "t1", "t2", 7)).ok  # six free cells: seven cards
    cell = position("double-freecell", t1="KS QH JC TH 9C 8H 7C 6H", t2="KC", c1="2S", **full)
    assert "only 6 cards" in check(cell, move(cell, "t1", "t2", 7)).reason

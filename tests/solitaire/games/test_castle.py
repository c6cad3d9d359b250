"""Beleaguered Castle, Streets and Alleys, Citadel, Exiled Kings, Stronghold, Fastness, Fortress,
Bastion and Ten by One, from their published rules."""

from __future__ import annotations

import pytest

from cardtable.cards import Rank
from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import move, pile, position


def test_beleaguered_castle_sets_out_the_aces_and_deals_eight_rows_of_six() -> None:
    state = get_variant("beleaguered-castle").start(5)
    v = state.variant
    assert [pile(state, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [6] * 8
    assert not any(state.hidden)


def test_streets_and_alleys_deals_all_52_to_the_rows() -> None:
    state = get_variant("streets-and-alleys").start(5)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [7] * 4 + [6] * 4
    assert all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))


@pytest.mark.parametrize("game", ["beleaguered-castle", "streets-and-alleys", "citadel"])
def test_one_card_at_a_time_down_regardless_of_suit_and_any_card_to_a_space(game: str) -> None:
    assert get_variant(game).traits.layout is Layout.WINGS
    state = position(game, t1="9C", t2="8C 8H", t3="", t4="7D")
    assert check(state, move(state, "t2", "t1")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "down by one" in check(state, move(state, "t4", "t1")).reason
    assert move(state, "t4", "t3") in legal_moves(state)


def test_citadel_plays_home_during_the_deal_so_the_rows_come_out_uneven() -> None:
    for deal in range(1, 6):
        state = get_variant("citadel").start(deal)
        v = state.variant
        homes = [state.piles[f] for f in v.piles_of(PileKind.FOUNDATION)]
        rows = [state.piles[i] for i in v.piles_of(PileKind.TABLEAU)]
        assert [h[0].rank for h in homes] == [Rank.ACE] * 4
        assert all(c.suit is h[0].suit and c.rank == n + 1 for h in homes for n, c in enumerate(h))
        assert sum(map(len, homes)) + sum(map(len, rows)) == 52 and not any(state.hidden)
        assert all(len(r) <= 6 for r in rows)
    assert sum(len(state.piles[f]) for f in v.piles_of(PileKind.FOUNDATION)) > 4  # deal 5 plays some home


def test_citadel_deals_the_cards_beleaguered_castle_deals() -> None:
    # Beleaguered Castle deals the same cards in the same order; Citadel only diverts some home.
    castle, citadel = get_variant("beleaguered-castle").start(5), get_variant("citadel").start(5)
    assert sorted(c.index for p in castle.piles for c in p) == sorted(c.index for p in citadel.piles for c in p)


def test_fortress_deals_ten_columns_of_six_and_five_with_empty_foundations() -> None:
    state = get_variant("fortress").start(2)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [6, 6] + [5] * 8
    assert all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))
    assert v.traits.layout is Layout.COLUMNS


def test_fortress_builds_up_or_down_in_suit_one_card_at_a_time_any_card_to_a_space() -> None:
    state = position("fortress", t1="9C", t2="8C", t3="TC", t4="8D", t5="", t6="KD 7C 6C")
    assert check(state, move(state, "t2", "t1")).ok and check(state, move(state, "t3", "t1")).ok
    assert "in suit" in check(state, move(state, "t4", "t1")).reason
    assert "one card" in check(state, move(state, "t6", "t3", 2)).reason
    assert move(state, "t4", "t5") in legal_moves(state)


def test_the_name_fortress_means_fortress_and_besieged_fortress_keeps_its_own() -> None:
    assert get_variant("fortress").name == "Fortress" and get_variant("fortress").deck.size == 52
    assert get_variant("besieged-fortress") is get_variant("36-cards")


def test_exiled_kings_deals_as_citadel_but_runs_move_and_only_a_king_fills_a_row() -> None:
    assert get_variant("exiled-kings").start(4).piles == get_variant("citadel").start(4).piles
    state = position("exiled-kings", t1="", t2="QS", t3="KH QC JD", t4="KS")
    assert "only a King" in check(state, move(state, "t2", "t1")).reason
    assert check(state, move(state, "t3", "t1", 3)).ok and check(state, move(state, "t3", "t4", 2)).ok


@pytest.mark.parametrize(("game", "count"), [("stronghold", 1), ("fastness", 2)])
def test_stronghold_and_fastness_are_streets_and_alleys_with_free_cells(game: str, count: int) -> None:
    v = get_variant(game)
    assert len(v.piles_of(PileKind.CELL)) == count and v.traits.layout is Layout.COLUMNS
    state = v.start(6)
    streets = get_variant("streets-and-alleys").start(6)
    assert [state.piles[i] for i in v.piles_of(PileKind.TABLEAU)] == [
        streets.piles[i] for i in streets.variant.piles_of(PileKind.TABLEAU)
    ]
    played = position(game, t1="9C 4D", t2="8C 7H")
    assert check(played, move(played, "t1", "c1")).ok
    assert "one card" in check(played, move(played, "t2", "t1", 2)).reason


def test_bastion_deals_ten_columns_of_five_and_a_card_to_each_of_two_cells() -> None:
    state = get_variant("bastion").start(2)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [5] * 10
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.CELL)] == [1, 1]


def test_ten_by_one_is_fortress_with_one_empty_free_cell() -> None:
    state = get_variant("ten-by-one").start(2)
    v = state.variant
    fortress = get_variant("fortress").start(2)
    assert [state.piles[i] for i in v.piles_of(PileKind.TABLEAU)] == [
        fortress.piles[i] for i in fortress.variant.piles_of(PileKind.TABLEAU)
    ]
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.CELL)] == [0]
    played = position("ten-by-one", t1="9C", t2="TC 8D", c1="")
    assert check(played, move(played, "t2", "c1")).ok and not check(played, move(played, "t1", "t2")).ok

"""La Belle Lucie and Cruel, from their published rules."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cards import Rank
from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

REDEAL = Move(MoveKind.REDEAL)


def test_la_belle_lucie_deals_seventeen_fans_of_three_and_one_of_one() -> None:
    state = get_variant("la-belle-lucie").start(2)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [3] * 17 + [1]
    assert not any(state.hidden) and not any(state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))


@pytest.mark.parametrize("game", ["la-belle-lucie", "cruel"])
def test_piles_build_down_in_suit_one_card_at_a_time_and_stay_empty(game: str) -> None:
    # The published rules (PySolFC's rule pages and its fans, Wikipedia): one card moves
    # at a time, even a run in suit.
    state = position(game, t1="5D 9S", t2="TS", t3="", t4="9H", t5="JS", t6="KS QS 6H")
    assert check(state, move(state, "t1", "t2")).ok
    assert "in suit" in check(state, move(state, "t4", "t2")).reason
    moved = apply(state, move(state, "t1", "t2"))
    assert check(moved, move(moved, "t2", "t5", 2)).reason == "10♠ lies under 9♠: only one card moves at a time"
    assert "stays empty" in check(state, move(state, "t1", "t3")).reason


def test_a_lucie_redeal_gathers_shuffles_and_deals_threes_twice_only() -> None:
    state = position("la-belle-lucie", f1="AS", t1="9S 8S", t2="TS 2H", t3="", t4="9H 7C 5D 4D KD", t18="QC")
    after = apply(state, REDEAL)
    fans = [len(after.piles[i]) for i in after.variant.piles_of(PileKind.TABLEAU)]
    assert fans == [3, 3, 3, 1] + [0] * 14
    before = Counter(c for i in state.variant.piles_of(PileKind.TABLEAU) for c in state.piles[i])
    assert Counter(c for i in after.variant.piles_of(PileKind.TABLEAU) for c in after.piles[i]) == before
    assert pile(after, "f1") == "AS" and after.redeals == 1
    twice = apply(after, REDEAL)
    assert check(twice, REDEAL).reason == "no redeals left: La Belle Lucie allows 2 redeals"
    assert REDEAL not in legal_moves(twice)


def test_the_shuffle_takes_the_cards_as_they_lay() -> None:
    # Seeded by which cards are out; the same cards laid otherwise fall otherwise (as a
    # deck given the same shuffle), and nothing is lost or made on the way.
    one = position("la-belle-lucie", t1="9S 8S 7S", t2="TS 2H", t3="KD")
    other = position("la-belle-lucie", t1="2H KD", t2="7S", t3="TS 9S 8S")
    after_one, after_other = apply(one, REDEAL), apply(other, REDEAL)
    assert after_one.piles != after_other.piles
    assert sorted(c.code for p in after_one.piles for c in p) == sorted(c.code for p in after_other.piles for c in p)


def test_cruel_deals_the_aces_out_and_twelve_piles_of_four() -> None:
    state = get_variant("cruel").start(7)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [4] * 12
    assert all(state.piles[f][0].rank is Rank.ACE for f in v.piles_of(PileKind.FOUNDATION))


def test_a_cruel_redeal_picks_the_piles_up_in_order_and_deals_fours() -> None:
    state = position("cruel", f1="AS", t1="9S 8S", t2="TS 2H 3C", t3="", t4="9H 7C 5D 4D KD", t12="QC")
    after = apply(state, REDEAL)
    assert pile(after, "t1") == "9S 8S TS 2H"
    assert pile(after, "t2") == "3C 9H 7C 5D"
    assert pile(after, "t3") == "4D KD QC" and pile(after, "t12") == ""


def test_cruel_redeals_as_often_as_something_changes() -> None:
    state = get_variant("cruel").start(7)
    assert check(state, REDEAL).reason == "the columns already lie 4 to a column: a redeal would change nothing"
    state = position("cruel", f1="AS", t1="9S 8S", t2="TS 2H 3C", redeals=40)
    assert check(state, REDEAL).ok


def test_a_lucie_redeal_falls_its_own_way_in_each_deal() -> None:
    # At the first move every deal gathers the same 52 cards: the shuffle takes them in
    # the order each deal left them, so each deal's redeal lays out its own table.
    variant = get_variant("la-belle-lucie")
    redealt = {apply(variant.start(deal), REDEAL).piles for deal in range(1, 11)}
    assert len(redealt) == 10

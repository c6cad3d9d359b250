"""Baker's Dozen, from its published rules."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_thirteen_columns_of_four_with_each_columns_kings_at_the_bottom() -> None:
    for deal in range(1, 30):
        state = get_variant("bakers-dozen").start(deal)
        columns = [state.piles[i] for i in state.variant.piles_of(PileKind.TABLEAU)]
        assert [len(c) for c in columns] == [4] * 13 and not any(state.hidden)
        for column in columns:
            kings = [c.rank is Rank.KING for c in column]
            assert kings == sorted(kings, reverse=True), column  # no King above another card


def test_kings_go_under_the_cards_of_the_column_they_were_dealt_to() -> None:
    # The same shuffle without the rule: each column holds the same cards.
    bakers = get_variant("bakers-dozen")
    plain = bakers.derive(id="test-bakers-dozen-unsorted", deal=get_variant("streets-and-alleys").deal)
    for i in bakers.piles_of(PileKind.TABLEAU):
        assert sorted(c.index for c in bakers.start(9).piles[i]) == sorted(c.index for c in plain.start(9).piles[i])


def test_one_card_at_a_time_down_regardless_of_suit() -> None:
    state = position("bakers-dozen", t1="9C", t2="8C 8H", t3="7D")
    assert check(state, move(state, "t2", "t1")).ok
    assert "one card" in check(state, move(state, "t2", "t1", 2)).reason
    assert "down by one" in check(state, move(state, "t3", "t1")).reason


def test_an_emptied_column_stays_empty() -> None:
    state = position("bakers-dozen", t1="", t2="KC", t3="5D")
    assert "nothing" in check(state, move(state, "t2", "t1")).reason
    assert not [m for m in legal_moves(state) if m.target == state.variant.index_of_name("t1")]

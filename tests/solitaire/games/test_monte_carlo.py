"""Monte Carlo, from its rules (PySolFC's game: pairs of one rank that touch in a 5 by 5
grid; the stock closes the grid up and refills it when the player deals)."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, State, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import pile, position

DEAL = Move(MoveKind.DEAL)


def pair(state: State, first: str, second: str) -> Move:
    v = state.variant
    return Move(MoveKind.PAIR, v.index_of_name(first), v.index_of_name(second))


def test_twenty_five_cards_in_five_rows_of_five_and_the_rest_in_the_stock() -> None:
    state = get_variant("monte-carlo").start(7)
    variant = state.variant
    assert [len(state.piles[variant.index_of_name(f"t{n}")]) for n in range(1, 26)] == [1] * 25
    assert len(pile(state, "stock").split()) == 27 and pile(state, "f1") == ""
    assert variant.traits.layout is Layout.GRID and variant.traits.row_length == 5


def test_cards_of_one_rank_pair_across_up_and_down_and_corner_to_corner() -> None:
    # t7 is the second place of the second row: t1-t3, t6, t8 and t11-t13 touch it.
    state = position("monte-carlo", t7="7H", t2="7S", t6="7D", t13="7C")
    assert check(state, pair(state, "t7", "t2")).ok
    assert check(state, pair(state, "t7", "t6")).ok
    assert check(state, pair(state, "t7", "t13")).ok
    assert {pair(state, "t7", n) for n in ("t2", "t6", "t13")} <= set(legal_moves(state))


def test_cards_apart_or_of_other_ranks_do_not_pair() -> None:
    state = position("monte-carlo", t1="7H", t3="7S", t5="8D", t6="8C", t2="9S")
    assert "don't lie next to each other" in check(state, pair(state, "t1", "t3")).reason
    # the end of a row does not touch the start of the next one
    assert "don't lie next to each other" in check(state, pair(state, "t5", "t6")).reason
    assert "don't pair" in check(state, pair(state, "t1", "t2")).reason
    assert not any(m.kind is MoveKind.PAIR for m in legal_moves(state))


def test_a_pair_leaves_gaps_until_the_stock_closes_the_grid_up() -> None:
    state = position("monte-carlo", t1="7H", t2="7S", t3="KD", t4="2C", stock="[5H] [9C] [QS]")
    after = apply(state, pair(state, "t1", "t2"))
    assert pile(after, "t1") == "" and pile(after, "t3") == "KD" and pile(after, "f1") == "7H 7S"
    closed = apply(after, DEAL)
    assert [pile(closed, f"t{n}") for n in range(1, 6)] == ["KD", "2C", "QS", "9C", "5H"]
    assert pile(closed, "stock") == ""


def test_the_stock_deals_only_when_closing_up_changes_something() -> None:
    full = position("monte-carlo", **{f"t{n}": "2C" for n in range(1, 26)}, stock="[5H]")
    assert "no gap" in check(full, DEAL).reason
    at_the_end = position("monte-carlo", t1="KD", t2="2C")
    assert "nothing to close up" in check(at_the_end, DEAL).reason
    assert DEAL in legal_moves(position("monte-carlo", t2="KD"))


def test_won_when_every_card_is_removed() -> None:
    from cardtable.cards import ALL_CARDS

    assert is_won(position("monte-carlo", f1=" ".join(c.code for c in ALL_CARDS)))
    assert not is_won(position("monte-carlo", t1="KD"))

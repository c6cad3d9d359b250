"""Piles that wait for the stock (rules/waiting.py), on Strategy's foundations."""

from __future__ import annotations

from cardtable.solitaire.rules.waiting import check_waiting, closed, stock_used_up
from tests.solitaire.games.positions import position


def test_the_waiting_piles_are_closed_exactly_while_the_stock_holds_cards() -> None:
    full = position("strategy", f1="AC", stock="[5D] 9S", t1="2C")
    empty = position("strategy", f1="AC", t1="2C")
    foundations = full.variant.piles_of(full.variant.piles[1].kind)
    assert closed(full) == foundations and not stock_used_up(full)
    assert closed(empty) == () and stock_used_up(empty)
    verdict = check_waiting(full, foundations[0])
    assert verdict is not None and verdict.reason == "foundation 1 takes cards only once the stock is used up"
    assert check_waiting(empty, foundations[0]) is None
    assert check_waiting(full, full.variant.index_of_name("t1")) is None  # the columns never wait

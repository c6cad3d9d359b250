"""Spider with 4, 2 and 1 suits, from its rules."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cards import Suit
from cardtable.solitaire import Move, MoveKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
FULL_HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"
TEN_COLUMNS = {f"t{n}": "9C" for n in range(1, 11)}


@pytest.mark.parametrize(("game", "suits"), [("spider", 4), ("spider-2suits", 2), ("spider-1suit", 1)])
def test_the_deal_and_the_suit_mix(game: str, suits: int) -> None:
    state = get_variant(game).start(8)
    sizes = [len(state.piles[state.variant.index_of_name(f"t{n}")]) for n in range(1, 11)]
    assert sizes == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    downs = [state.hidden[state.variant.index_of_name(f"t{n}")] for n in range(1, 11)]
    assert downs == [s - 1 for s in sizes]
    assert len(state.pile(state.variant.piles[0].id)) == 50
    everything = Counter(c.suit for p in state.piles for c in p)
    assert len(everything) == suits and set(everything.values()) == {104 // suits}


def test_build_down_regardless_of_suit_but_move_only_runs_in_suit() -> None:
    state = position("spider", t1="8S 7S", t2="9H", t3="8H 7S", t4="9D", t5="6D")
    assert check(state, move(state, "t1", "t2", 2)).ok
    assert check(state, move(state, "t5", "t1")).ok  # any suit may be built
    refused = check(state, move(state, "t3", "t4", 2))
    assert not refused.ok and "in suit" in refused.reason
    assert check(state, move(state, "t3", "t1")).ok is False  # 7S onto 7S: not down by one


def test_a_completed_run_leaves_the_tableau_when_built() -> None:
    run = FULL_HEARTS.split()
    state = position("spider", t1="[5C] " + " ".join(run[:12]), t2="AH")
    after = apply(state, move(state, "t2", "t1"))
    assert pile(after, "t1") == "5C"  # the run left and the card below turned up
    assert pile(after, "f1") == FULL_HEARTS


def test_a_completed_run_leaves_when_the_stock_deals_its_ace() -> None:
    columns = dict(TEN_COLUMNS, t1=" ".join(FULL_HEARTS.split()[:12]))
    stock = "[5S] [5S] [5S] [5S] [5S] [5S] [5S] [5S] [5S] [AH]"
    state = position("spider", stock=stock, **columns)
    after = apply(state, DEAL)
    assert pile(after, "t1") == "" and pile(after, "f1") == FULL_HEARTS
    assert all(pile(after, f"t{n}") == "9C 5S" for n in range(2, 11))


def test_the_stock_deals_one_card_to_every_column() -> None:
    stock = " ".join(f"[{c}]" for c in "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC".split())
    state = position("spider", stock=stock, **TEN_COLUMNS)
    after = apply(state, DEAL)
    assert pile(after, "stock") == "[2C]"
    assert pile(after, "t1") == "9C QC" and pile(after, "t10") == "9C 3C"


def test_no_deal_while_a_column_is_empty() -> None:
    columns = dict(TEN_COLUMNS, t4="")
    state = position("spider", stock="[2C] " * 10, **columns)
    verdict = check(state, DEAL)
    assert not verdict.ok and "every column" in verdict.reason
    assert DEAL not in legal_moves(state)


def test_foundations_take_no_cards_by_hand_and_empty_columns_take_any() -> None:
    state = position("spider", t1="AH", t2="")
    assert not check(state, move(state, "t1", "f1")).ok
    assert check(state, move(state, "t1", "t2")).ok


def test_two_suit_spider_uses_spades_and_hearts() -> None:
    assert {c.suit for c in get_variant("spider-2suits").deck.cards()} == {Suit.SPADES, Suit.HEARTS}

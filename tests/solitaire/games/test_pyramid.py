"""Pyramid, from its rules."""

from __future__ import annotations

import pytest

from cardtable.cards import ALL_CARDS

from cardtable.solitaire import Move, MoveKind, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.formats import format_state, game_from_json, game_to_json, parse_state, replay
from cardtable.solitaire.games.pyramid import with_passes
from tests.solitaire.games.positions import pile, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def pair(state: object, first: str, second: str | None = None) -> Move:
    from cardtable.solitaire import State

    assert isinstance(state, State)
    v = state.variant
    a = v.index_of_name(first)
    if second is None:
        return Move(MoveKind.PAIR, a, None)
    b = v.index_of_name(second)
    return Move(MoveKind.PAIR, min(a, b), max(a, b))


def test_twenty_eight_cards_in_seven_rows() -> None:
    state = get_variant("relaxed-pyramid").start(3)
    singles = [len(state.piles[state.variant.index_of_name(f"t{n}")]) for n in range(1, 29)]
    assert singles == [1] * 28 and not any(state.hidden[3:])
    assert len(state.pile(state.variant.piles[0].id)) == 24


def test_a_card_is_exposed_only_when_both_covering_cards_are_gone() -> None:
    # t1 is the apex, covered by t2 and t3.
    state = position("pyramid", t1="5H", t2="8C", t3="")
    assert "covered" in check(state, pair(state, "t1", "t2")).reason
    open_apex = position("pyramid", t1="5H", t2="", t3="", waste="8C")
    assert check(open_apex, pair(open_apex, "t1", "waste")).ok


def test_pairs_total_thirteen_and_kings_go_alone() -> None:
    state = position("pyramid", t22="QH", t23="AS", t24="KD", t25="5C", t26="7D")
    assert check(state, pair(state, "t22", "t23")).ok
    assert check(state, pair(state, "t24")).ok
    assert "don't pair" in check(state, pair(state, "t25", "t26")).reason
    assert "can't go alone" in check(state, pair(state, "t25")).reason
    after = apply(state, pair(state, "t22", "t23"))
    assert pile(after, "t22") == "" and pile(after, "f1") == "QH AS"


def test_the_waste_top_pairs_with_an_exposed_card() -> None:
    state = position("pyramid", t28="9S", waste="2D 4H")
    assert pair(state, "t28", "waste") in legal_moves(state)
    buried = position("pyramid", t28="9S", waste="4H 2D")
    assert pair(buried, "t28", "waste") not in legal_moves(buried)


def test_three_passes_through_the_stock_by_default() -> None:
    state = position("pyramid", t28="KS", stock="[5C]")
    state = apply(state, DEAL)
    for _ in range(2):
        state = apply(apply(state, REDEAL), DEAL)
    assert state.redeals == 2
    assert check(state, REDEAL).reason == "no redeals left: Pyramid allows 3 passes through the stock"
    assert check(state, DEAL).reason == "the stock is empty and no redeals are left: Pyramid allows 3 passes through the stock"


def test_relaxed_pyramid_is_won_when_the_pyramid_is_cleared_even_with_cards_left_in_the_stock() -> None:
    assert is_won(position("relaxed-pyramid", stock="[5C] [8H]", waste="2D"))
    assert not is_won(position("relaxed-pyramid", t28="KS"))


def test_pyramid_as_pysolfc_plays_it_starts_the_waste_and_shows_the_stock_top() -> None:
    state = get_variant("pyramid").start(30)
    v = state.variant
    stock, waste = v.index_of_name("stock"), v.index_of_name("waste")
    assert len(state.piles[waste]) == 1 and len(state.piles[stock]) == 23
    assert state.hidden[stock] == 22  # all face down but the top card
    dealt = apply(state, DEAL)
    assert dealt.hidden[stock] == 21
    assert parse_state(format_state(dealt)) == dealt


def test_pyramid_pairs_the_stock_top_with_the_waste_or_an_exposed_card() -> None:
    state = position("pyramid", stock="[2C] 5H", waste="8H", t28="8D", t27="QS")
    assert check(state, pair(state, "stock", "waste")).ok
    assert check(state, pair(state, "stock", "t28")).ok
    assert "don't pair" in check(state, pair(state, "stock", "t27")).reason
    after = apply(state, pair(state, "stock", "waste"))
    assert pile(after, "stock") == "2C" and pile(after, "waste") == ""  # the next card shows
    relaxed = position("relaxed-pyramid", stock="[2C] [5H]", waste="8H", t28="QS")  # (a card left: not won)
    assert "face down" in check(relaxed, pair(relaxed, "stock", "waste")).reason


def test_pyramid_as_pysolfc_plays_it_is_won_only_with_every_card_removed() -> None:
    assert not is_won(position("pyramid", stock="[5C] 8H", waste="2D"))
    assert not is_won(position("pyramid", waste="2D"))
    assert is_won(position("pyramid", f1=" ".join(c.code for c in ALL_CARDS)))


@pytest.mark.parametrize(("passes", "game"), [(1, "pyramid-1pass"), (3, "relaxed-pyramid"), (None, "pyramid-unlimited")])
def test_pass_counts_are_registered_games(passes: int | None, game: str) -> None:
    variant = with_passes(passes)
    assert variant is get_variant(game) and variant.stock.passes == passes
    state = apply(variant.start(4), DEAL)
    assert parse_state(format_state(state)) == state
    again, deal, moves = game_from_json(game_to_json(variant, 4, [DEAL]))
    assert again is variant and replay(again, deal, moves) == state


def test_one_pass_means_no_redeal_and_unlimited_means_any_number() -> None:
    one = position("pyramid-1pass", t28="KS", stock="[5C]")
    assert "single pass" in check(apply(one, DEAL), REDEAL).reason
    many = apply(position("pyramid-unlimited", t28="KS", stock="[5C]"), DEAL)
    for _ in range(5):
        many = apply(apply(many, REDEAL), DEAL)
    assert many.redeals == 5


def test_other_pass_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="1 or 3 passes"):
        with_passes(2)

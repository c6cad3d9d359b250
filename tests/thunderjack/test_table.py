"""Chips, selected hands, credits and the fresh stake."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.thunderjack import Action, IllegalAction, Seat, Table, act, preset

R, M, L = Seat.RIGHT, Seat.MIDDLE, Seat.LEFT


def test_a_chip_adds_to_every_selected_hand_and_one_hand_stays_selected() -> None:
    table = Table.opened(preset("thunderjack"), seed=1)
    assert table.credits == 500 and table.selected == {M}
    table = table.press(10).toggle(R).press(50)
    assert table.bets == {R: 50, M: 60} and table.staked == 110
    table = table.toggle(M)
    with pytest.raises(IllegalAction, match="at least one hand stays selected"):
        table.toggle(R)


def test_chips_beyond_the_credits_and_unknown_chips_are_refused() -> None:
    table = Table.opened(preset("thunderjack"), seed=1).press(250)
    with pytest.raises(IllegalAction, match="needs 750 credits and you have 500"):
        table.toggle(R).press(250)
    with pytest.raises(IllegalAction, match="there is no 20 chip"):
        table.press(20)
    assert table.press(250).bets == {M: 500}
    assert table.affords(250) and not table.toggle(R).affords(250) and not table.affords(1000)


def test_after_a_round_the_credits_change_and_the_bets_stay_when_affordable() -> None:
    table = Table.opened(preset("thunderjack"), seed=4).press(50)
    game = table.deal()
    while not game.is_over:
        game = act(game, Action.STAND)
    after = table.after(game)
    assert after.credits == 500 + game.net and after.shoe == game.shoe and after.bets == {M: 50}


def test_a_broke_player_may_take_a_fresh_stake_which_is_counted() -> None:
    table = Table.opened(preset("thunderjack"), seed=1)
    with pytest.raises(IllegalAction, match="only for a player with less than 10"):
        table.fresh_stake()
    broke = Table(table.rules, table.shoe, 5, table.selected)
    assert broke.is_broke and broke.fresh_stake().credits == 505 and broke.fresh_stake().stakes == 2


def test_a_rule_set_refuses_a_payout_below_nothing_or_beyond_any_table() -> None:
    with pytest.raises(ValueError, match="blackjack_pays must pay the winner something, up to 1000:1, not -5:2"):
        preset("thunderjack").but(blackjack_pays=Fraction(-5, 2))
    with pytest.raises(ValueError, match="blitz_pays"):
        preset("thunderjack").but(blitz_pays=Fraction(-1))
    with pytest.raises(ValueError, match="thunderjack_pays must pay the winner something, up to 1000:1, not 1000000:1"):
        preset("thunderjack").but(thunderjack_pays=Fraction(1_000_000))
    with pytest.raises(ValueError, match="thunderjack_pays must pay the winner something"):
        preset("thunderjack").but(thunderjack_pays=Fraction(0))  # a hand that ends the round paying nothing: a penalty
    assert preset("thunderjack").but(blitz_pays=Fraction(1000)).blitz_pays == 1000


def test_a_rule_set_is_named_in_any_case() -> None:
    assert preset(" Six-Deck-H17") is preset("six-deck-h17")
    with pytest.raises(KeyError, match="no rule set 'six'; choose one of thunderjack"):
        preset("six")


def test_unselecting_a_hand_takes_its_chips_back_so_it_is_not_dealt() -> None:
    table = Table.opened(preset("thunderjack"), seed=1).toggle(R).press(50).toggle(R)
    assert table.selected == {M} and table.bets == {M: 50} and table.staked == 50
    game = table.deal()
    assert [h.seat for h in game.hands] == [M] and game.credits + 50 == 500
    assert table.toggle(R).bets == {M: 50}  # selecting again brings no chips back

"""Rule options beyond the sheet: resplitting Aces, hitting split Aces, no hole card."""

from __future__ import annotations

import pytest

from cardtable.thunderjack import Action, Finish, Seat, act, legal_actions, preset
from cardtable.thunderjack.advisor import advise, hand_values
from tests.thunderjack.tables import ONE, stacked_round

CASINO = preset("six-deck-s17")
R, M = Seat.RIGHT, Seat.MIDDLE


def test_a_split_ace_dealt_another_ace_may_split_again_where_the_rules_allow() -> None:
    rsa = CASINO.but(resplit_aces=True)
    game = act(stacked_round({ONE: "AC AD"}, "6D 9C", draws="AH 5C 9S 8D", rules=rsa), Action.SPLIT)
    assert game.hand is not None and game.hand.cards == tuple(game.hands[0].cards)
    assert legal_actions(game) == (Action.STAND, Action.SPLIT)  # an Ace takes one card: no hit, no double
    game = act(game, Action.SPLIT)
    assert [len(h.cards) for h in game.hands] == [2, 2, 2] and game.is_over
    assert [h.total for h in game.hands] == [20, 19, 16] and all(h.finish is Finish.STOOD for h in game.hands)
    plain = act(stacked_round({ONE: "AC AD"}, "6D 9C", draws="AH 5C 9S 8D", rules=CASINO), Action.SPLIT)
    assert plain.is_over and [h.total for h in plain.hands] == [12, 16]  # no resplit: A A stands as 12


def test_a_resplit_ace_stands_once_the_seat_has_no_room_left() -> None:
    rsa = CASINO.but(resplit_aces=True, split_hands=3)
    game = act(stacked_round({ONE: "AC AD"}, "6D 9C", draws="AH AS 9S 8D 7C", rules=rsa), Action.SPLIT)
    assert legal_actions(game) == (Action.STAND, Action.SPLIT)
    game = act(game, Action.SPLIT)  # three hands now: the second Ace pair may only stand
    assert game.is_over and len(game.hands) == 3 and game.hands[2].cards[1].rank.name == "ACE"


def test_split_aces_may_be_hit_and_doubled_where_the_rules_allow() -> None:
    game = act(stacked_round({ONE: "AC AD"}, "6D 9C", draws="5H 7C 9S", rules=CASINO.but(hit_split_aces=True)), Action.SPLIT)
    assert game.hand is not None and Action.HIT in legal_actions(game) and Action.DOUBLE in legal_actions(game)
    game = act(game, Action.HIT)
    assert game.hands[0].total == 15


def test_without_a_hole_card_the_dealer_draws_the_second_card_after_the_players_hands() -> None:
    enhc = CASINO.but(no_hole_card=True, surrender=False)
    game = stacked_round({R: "AH TD", M: "6C 5D"}, "TC", draws="9S AD", rules=enhc)
    assert len(game.dealer) == 1 and game.dealer_shown == (game.dealer[0],)
    assert game.hands[0].finish is Finish.BLACKJACK and game.hands[0].paid is None  # waits for the dealer
    game = act(game, Action.DOUBLE)
    assert game.is_over and len(game.dealer) == 2 and game.dealer[1].code == "AD"
    assert [h.paid for h in game.hands] == [10, 0]  # the Blackjack pushes, the doubled 20 loses both stakes
    won = act(stacked_round({R: "AH TD", M: "6C 5D"}, "TC", draws="9S 7D", rules=enhc), Action.DOUBLE)
    assert [h.paid for h in won.hands] == [25, 40]


def test_without_a_hole_card_the_advisor_counts_the_dealers_late_blackjack() -> None:
    enhc = CASINO.but(no_hole_card=True, surrender=False)
    eleven_v_ten = [hand_values(r, 10, [5, 6], (Action.HIT, Action.DOUBLE)) for r in (CASINO, enhc)]
    assert eleven_v_ten[0][Action.DOUBLE] > eleven_v_ten[0][Action.HIT]  # doubles against a ten with a hole card
    assert eleven_v_ten[1][Action.DOUBLE] < eleven_v_ten[1][Action.HIT]  # hits without: a late Blackjack takes both
    eights = advise(stacked_round({ONE: "8C 8D"}, "AD", rules=enhc))
    assert eights.best is Action.HIT  # 8-8 against an Ace is hit, not split, without a hole card


def test_resplitting_aces_makes_splitting_aces_worth_more() -> None:
    rsa = CASINO.but(resplit_aces=True)
    assert hand_values(rsa, 6, [1, 1], (Action.SPLIT,))[Action.SPLIT] > hand_values(CASINO, 6, [1, 1], (Action.SPLIT,))[
        Action.SPLIT
    ]


def test_no_hole_card_with_late_surrender_and_resplit_aces_without_resplits_are_refused() -> None:
    with pytest.raises(ValueError, match="late surrender needs the dealer's check"):
        CASINO.but(no_hole_card=True)
    with pytest.raises(ValueError, match="resplitting Aces needs"):
        CASINO.but(split_hands=2, resplit_aces=True)

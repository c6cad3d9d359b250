"""Every line of the rule sheet, played from stacked shoes."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_cards
from cardtable.thunderjack import (
    SEATS, Action, Finish, IllegalAction, Round, Seat, Shoe, act, check, legal_actions, preset, start,
)
from tests.thunderjack.tables import ONE, THUNDERJACK, stacked_round

R, M, L = Seat.RIGHT, Seat.MIDDLE, Seat.LEFT


def finishes(game: Round) -> dict[Seat, Finish | None]:
    return {h.seat: h.finish for h in game.hands}


def test_a_lone_thunderjack_pays_three_to_one_even_against_a_dealer_blackjack() -> None:
    game = stacked_round({R: "AS KS", M: "AH TD", L: "9C 7D"}, "AD QC", bet=10)
    assert game.is_over and len(game.dealer) == 2
    assert finishes(game) == {R: Finish.THUNDERJACK, M: Finish.BLACKJACK, L: Finish.PUSHED}
    assert [h.paid for h in game.hands] == [40, 25, 10]
    assert game.credits == 500 - 30 + 75 and game.net == 45


def test_ace_and_ten_of_one_suit_is_a_plain_blackjack() -> None:
    game = stacked_round({ONE: "AS TS"}, "9D 8C")
    assert finishes(game) == {ONE: Finish.BLACKJACK} and game.hands[0].paid == 25 and game.is_over


def test_two_thunderjacks_push_and_the_other_hands_play_on() -> None:
    game = stacked_round({R: "AS KS", M: "QH AH", L: "9C 7D"}, "9D 8C")
    assert finishes(game) == {R: Finish.PUSHED, M: Finish.PUSHED, L: None}
    assert game.hand is not None and game.hand.seat is L
    game = act(game, Action.STAND)
    assert game.is_over and [h.paid for h in game.hands] == [10, 10, 0]


def test_two_thunderjacks_push_even_when_the_dealer_has_blackjack() -> None:
    game = stacked_round({R: "AS KS", M: "QH AH", L: "9C 7D"}, "AD QC")
    assert finishes(game) == {R: Finish.PUSHED, M: Finish.PUSHED, L: Finish.BEATEN}
    assert game.credits == 500 - 30 + 20


def test_a_dealer_blackjack_ends_the_round_player_blackjacks_push() -> None:
    game = stacked_round({R: "AH TD", L: "9C 7D"}, "TC AD")
    assert game.is_over and finishes(game) == {R: Finish.PUSHED, L: Finish.BEATEN}
    assert game.net == -10


def test_blackjacks_are_paid_at_once_and_play_starts_right_to_left() -> None:
    game = stacked_round({R: "AH TD", M: "9C 7D", L: "8C 8D"}, "9D 7C")
    assert game.hands[0].finish is Finish.BLACKJACK and game.credits == 500 - 30 + 25
    assert game.hand is not None and game.hand.seat is M


def test_six_way_blackjack_pay_is_whole_credits_on_a_six_to_five_table() -> None:
    game = stacked_round({ONE: "AH TD"}, "9D 7C", rules=preset("six-deck-6to5"), bet=10)
    assert game.hands[0].paid == 22


def test_a_bust_loses_at_once() -> None:
    game = stacked_round({ONE: "TC 6D"}, "9D 7C", draws="KH")
    game = act(game, Action.HIT)
    assert game.is_over and game.hands[0].finish is Finish.BUST and game.hands[0].paid == 0
    assert len(game.dealer) == 2  # no hand left to meet: the dealer does not draw


def test_a_blitz_is_six_cards_without_busting_paid_five_to_one() -> None:
    game = stacked_round({ONE: "2C 3D"}, "TD 7C", draws="2H 3H 4S 2S")
    for _ in range(3):
        game = act(game, Action.HIT)
        assert not game.is_over
    game = act(game, Action.HIT)
    assert game.is_over and game.hands[0].finish is Finish.BLITZ and game.hands[0].paid == 60
    assert len(game.dealer) == 2


def test_no_blitz_when_the_rules_have_none() -> None:
    game = stacked_round({ONE: "2C 3D"}, "TD 7C", draws="2H 3H 4S 2S", rules=preset("six-deck-s17"))
    for _ in range(4):
        game = act(game, Action.HIT)
    assert not game.is_over and len(game.hands[0].cards) == 6


def test_double_takes_one_card_and_doubles_the_bet() -> None:
    game = stacked_round({ONE: "6C 5D"}, "9D 7C", draws="2H TS")
    game = act(game, Action.DOUBLE)
    hand = game.hands[0]
    assert game.is_over and hand.finish is Finish.DOUBLED and hand.bet == 20 and len(hand.cards) == 3
    assert hand.paid == 40 and game.credits == 520  # the dealer draws the ten to 16 and busts


def test_double_only_on_the_first_two_cards_and_only_with_the_credits() -> None:
    game = stacked_round({ONE: "2C 3D"}, "9D 7C", draws="2H")
    assert check(act(game, Action.HIT), Action.DOUBLE) == "you may double only on your first two cards"
    poor = stacked_round({ONE: "6C 5D"}, "9D 7C", credits=15)
    assert "costs 10 and you have 5" in (check(poor, Action.DOUBLE) or "")
    assert Action.DOUBLE not in legal_actions(poor)


def test_doubling_on_nine_to_eleven_only() -> None:
    rules = THUNDERJACK.but(doubling=THUNDERJACK.doubling.NINE_TO_ELEVEN)
    assert check(stacked_round({ONE: "6C 6D"}, "9D 7C", rules=rules), Action.DOUBLE) == "you may double only on 9-11, not on 12"
    assert check(stacked_round({ONE: "4C 5D"}, "9D 7C", rules=rules), Action.DOUBLE) is None


def test_split_needs_the_same_rank_and_plays_the_split_hand_next() -> None:
    assert check(stacked_round({ONE: "JC QD"}, "9D 7C"), Action.SPLIT) == "you may split only two cards of the same rank"
    game = stacked_round({R: "8C 8D", L: "TC 9D"}, "9D 7C", draws="3H 2S")
    game = act(game, Action.SPLIT)
    assert [(h.seat, h.cards) for h in game.hands] == [
        (R, parse_cards("8C 3H")), (R, parse_cards("8D 2S")), (L, parse_cards("TC 9D")),
    ]
    assert game.credits == 500 - 20 - 10 and game.turn == 0
    game = act(game, Action.STAND)
    assert game.turn == 1


def test_a_hand_that_took_part_in_a_split_cannot_split_again() -> None:
    game = act(stacked_round({ONE: "8C 8D"}, "9D 7C", draws="8H 2S"), Action.SPLIT)
    assert game.hands[0].is_pair
    assert check(game, Action.SPLIT) == "this hand took part in a split and can't split again"
    casino = act(stacked_round({ONE: "8C 8D"}, "9D 7C", draws="8H 2S", rules=preset("six-deck-s17")), Action.SPLIT)
    assert check(casino, Action.SPLIT) is None


def test_split_aces_get_one_card_each_and_a_split_21_is_not_a_natural() -> None:
    game = stacked_round({ONE: "AC AD"}, "9D 8C", draws="KH 5S")
    game = act(game, Action.SPLIT)
    assert game.is_over
    assert [h.finish for h in game.hands] == [Finish.STOOD, Finish.STOOD]
    assert [h.paid for h in game.hands] == [20, 0]  # 21 beats 17 at 1:1; soft 16 loses


def test_no_surrender_after_a_split_but_double_after_split_is_allowed() -> None:
    game = act(stacked_round({ONE: "8C 8D"}, "9D 7C", draws="3H 2S"), Action.SPLIT)
    assert check(game, Action.SURRENDER) == "a split hand can't surrender"
    assert check(game, Action.DOUBLE) is None
    no_das = act(stacked_round({ONE: "8C 8D"}, "9D 7C", draws="3H 2S", rules=THUNDERJACK.but(double_after_split=False)), Action.SPLIT)
    assert check(no_das, Action.DOUBLE) == "these rules allow no double after a split"


def test_surrender_returns_half_the_bet_on_the_first_two_cards() -> None:
    game = act(stacked_round({ONE: "TC 6D"}, "TD 7C"), Action.SURRENDER)
    assert game.is_over and game.hands[0].finish is Finish.SURRENDERED and game.net == -5
    hit = act(stacked_round({ONE: "2C 3D"}, "TD 7C", draws="2H"), Action.HIT)
    assert check(hit, Action.SURRENDER) == "you may surrender only on your first two cards"


def test_the_dealer_stands_on_soft_17_unless_the_rules_say_hit() -> None:
    stands = act(stacked_round({ONE: "TC 8D"}, "AD 6C", draws="3H"), Action.STAND)
    assert len(stands.dealer) == 2 and stands.net == 10
    hits = act(stacked_round({ONE: "TC 8D"}, "AD 6C", draws="3H", rules=THUNDERJACK.but(dealer_hits_soft_17=True)), Action.STAND)
    assert [c.code for c in hits.dealer] == ["AD", "6C", "3H"] and hits.net == -10


def test_the_hole_card_stays_hidden_until_the_round_is_over() -> None:
    game = stacked_round({ONE: "TC 8D"}, "AD 6C")
    assert game.dealer_shown == (game.dealer[0], None)
    assert act(game, Action.STAND).dealer_shown == act(game, Action.STAND).dealer


def test_bets_beyond_the_credits_and_empty_bets_are_refused() -> None:
    shoe = Shoe.seeded(4, 1)
    with pytest.raises(IllegalAction, match="more than your credits"):
        start(THUNDERJACK, shoe, 100, {R: 60, L: 50})
    with pytest.raises(IllegalAction, match="at least one hand"):
        start(THUNDERJACK, shoe, 100, {})
    with pytest.raises(IllegalAction, match="round is over"):
        act(act(stacked_round({ONE: "TC 8D"}, "9D 8C"), Action.STAND), Action.HIT)


def test_the_shoe_is_gathered_and_shuffled_when_less_than_forty_percent_remains() -> None:
    shoe = Shoe.seeded(4, 5)
    keep = Shoe(shoe.cards, 208 - 84, shoe.seed, shoe.shuffles)  # 84 of 208 left: 40.4%
    assert start(THUNDERJACK, keep, 500, {ONE: 10}).hands[0].cards == shoe.cards[124:126]
    due = Shoe(shoe.cards, 208 - 83, shoe.seed, shoe.shuffles)  # 83 left: 39.9%
    dealt = start(THUNDERJACK, due, 500, {ONE: 10})
    assert dealt.shoe.shuffles == shoe.shuffles + 1 and dealt.shoe.dealt >= 4
    assert sorted(c.index for c in dealt.shoe.cards) == sorted(c.index for c in shoe.cards)


def test_a_seeded_shoe_replays_the_same_rounds() -> None:
    one, two = Shoe.seeded(4, 42), Shoe.seeded(4, 42)
    assert one == two and one != Shoe.seeded(4, 43)


@pytest.mark.parametrize("rules", ["thunderjack", "six-deck-s17", "single-deck"])
def test_random_rounds_offer_only_legal_actions_and_keep_the_credits_whole(rules: str) -> None:
    table_rules, rng = preset(rules), random.Random(rules)
    shoe, credits = Shoe.seeded(table_rules.decks, 7), 2000
    for _ in range(1500):
        bets = {s: rng.choice((10, 50)) for s in SEATS if rng.random() < 0.6} or {Seat.MIDDLE: 10}
        game = start(table_rules, shoe, credits, bets)
        while not game.is_over:
            legal = legal_actions(game)
            assert Action.STAND in legal and Action.HIT in legal
            for action in Action:
                assert (check(game, action) is None) == (action in legal)
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        act(game, action)
            game = act(game, rng.choice(legal))
            assert game.credits >= 0
        assert game.credits == credits - sum(h.bet for h in game.hands) + sum(h.paid or 0 for h in game.hands)
        assert all(h.paid is not None for h in game.hands)
        credits, shoe = max(game.credits, 2000), game.shoe


def test_a_shoe_that_runs_out_mid_round_deals_no_card_on_the_table_again() -> None:
    rules, rng = preset("single-deck").but(reshuffle_below=0.0), random.Random(8)
    shoe, reshuffled_mid_round = Shoe.seeded(1, 3), 0
    for _ in range(300):
        game = start(rules, shoe, 10**6, {s: 10 for s in SEATS})
        while not game.is_over:
            game = act(game, rng.choice(legal_actions(game)))
        on_table = [c for h in game.hands for c in h.cards] + list(game.dealer)
        assert len(set(on_table)) == len(on_table)  # one deck: every card once
        assert sorted(c.index for c in game.shoe.cards) == list(range(52))
        reshuffled_mid_round += game.shoe.shuffles > shoe.shuffles
        shoe = game.shoe
    assert reshuffled_mid_round > 20


def test_a_shoe_shuffled_around_the_cards_on_the_table_is_saved_and_rebuilt() -> None:
    held = parse_cards("AS KD 7H")
    shoe = Shoe.seeded(2, 5).reshuffled(held)
    assert shoe.cards[:3] == held and shoe.dealt == 3 and shoe.held == held
    _, after = shoe.draw()
    assert Shoe.at(2, 5, shoe.shuffles, 4, held) == after
    with pytest.raises(ValueError, match="more often than the shoe holds it"):
        Shoe.seeded(1, 5).reshuffled(parse_cards("AS AS"))

"""The rules sheet is written from the rule set: every setting a player would notice shows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.thunderjack import Action, Doubling, Finish, RuleSet, Seat, act, preset
from cardtable.thunderjack.sheet import sheet
from tests.thunderjack.tables import THUNDERJACK, stacked_round

BASE = preset("six-deck-s17")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"decks": 1}, "1 deck, shuffled before every round"),
        ({"reshuffle_below": 0.25}, "once less than 25% is left"),
        ({"seats": 1}, "on one hand."),
        ({"dealer_hits_soft_17": True}, "draws to 16 and on a soft 17"),
        ({"doubling": Doubling.TEN_OR_ELEVEN}, "Double first two cards totalling 10 or 11"),
        ({"double_after_split": False}, "but not after a split"),
        ({"split_hands": 1}, "No splitting."),
        ({"split_hands": 2}, "same rank, once;"),
        ({"hit_split_aces": True}, "split Aces are played like any split hand"),
        ({"resplit_aces": True}, "take one card each and may be split again"),
        ({"surrender": False, "no_hole_card": True}, "a dealer Blackjack then takes every stake"),
        ({"surrender": False}, "No surrender."),
        ({"blackjack_pays": Fraction(6, 5)}, "pays 6:5"),
        ({"thunderjack_pays": Fraction(2)}, "its own suit as the first two cards) pays 2:1"),
        ({"blitz_cards": 5, "blitz_pays": Fraction(3)}, "Blitz: five cards without busting pay 3:1"),
        ({"blitz_cards": 3}, "Blitz: three cards without busting pay 5:1 at once (not a doubled hand, settled as doubled)."),
    ],
)
def test_a_changed_rule_changes_the_sheet_in_words(changes: dict[str, object], words: str) -> None:
    changed = " ".join(sheet(BASE.but(**changes)))
    assert words in changed
    assert words not in " ".join(sheet(BASE))


def test_thunderjacks_sheet_names_its_own_hands_and_a_casino_sheet_does_not() -> None:
    thunderjack, casino = " ".join(sheet(RuleSet())), " ".join(sheet(BASE))
    assert "Thunderjack" in thunderjack and "Blitz: six cards" in thunderjack and "4 decks" in thunderjack
    assert "Thunderjack" not in casino and "Blitz" not in casino and "and again up to 4 hands" in casino


def test_a_doubled_hand_of_blitz_cards_is_settled_as_doubled_as_the_sheet_says() -> None:
    three = THUNDERJACK.but(blitz_cards=3)
    doubled = act(stacked_round({Seat.MIDDLE: "5S 4H"}, "TH 7D", draws="2C", rules=three), Action.DOUBLE)
    assert doubled.is_over and len(doubled.hands[0].cards) == 3 and doubled.hands[0].finish is Finish.DOUBLED
    hit = act(stacked_round({Seat.MIDDLE: "5S 4H"}, "TH 7D", draws="2C", rules=three), Action.HIT)
    assert hit.hands[0].finish is Finish.BLITZ

"""A rule set's rules in a player's words, written from its fields, so that every table
(Thunderjack or a casino preset, with any flag changed) shows the rules it plays by.

>>> from cardtable.thunderjack.rules import preset
>>> print("\\n".join(sheet(preset("six-deck-h17"))))
Beat the dealer without going over 21, on one to three hands. 6 decks, shuffled before every round.
Blackjack (an Ace with a ten or a picture card as the first two cards) pays 3:2 at once; a dealer Blackjack ends the round: your Blackjacks push, other hands lose. No insurance or even money.
Double any first two cards, also after a split. Split two cards of the same rank, and again up to 4 hands; split Aces take one card each; a split hand's 21 is not a Blackjack. Surrender your first two cards for half the bet back (not after a split).
The dealer draws to 16 and on a soft 17, standing on a hard 17 and on 18 or more; it draws nothing when no hand is left to beat. A win pays 1:1, a tie pushes.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from cardtable.cards.words import number_word
from cardtable.thunderjack.rules import Doubling, RuleSet


def _ratio(pays: Fraction) -> str:
    return f"{pays.numerator}:{pays.denominator}"


def _count(n: int) -> str:
    return number_word(n) if n <= 6 else str(n)


@cache
def sheet(rules: RuleSet) -> tuple[str, ...]:
    """The rules as paragraphs: the table, the naturals and the hands that pay at once,
    the player's choices, the dealer (written once per rule set: every view carries them)."""
    return (_table(rules), _naturals(rules), _choices(rules), _dealer(rules))


def _table(rules: RuleSet) -> str:
    decks = f"{rules.decks} deck{'s' * (rules.decks > 1)}"
    if rules.reshuffle_below >= 1:
        shuffle = "shuffled before every round"
    else:
        shuffle = f"gathered and shuffled before the next round once less than {rules.reshuffle_below:.0%} is left"
    hands = "one hand" if rules.seats == 1 else f"one to {_count(rules.seats)} hands"
    return f"Beat the dealer without going over 21, on {hands}. {decks}, {shuffle}."


def _naturals(rules: RuleSet) -> str:
    parts = []
    if rules.thunderjack_pays is not None:
        parts.append(
            f"Thunderjack (an Ace with a Jack, Queen or King of its own suit as the first two cards) pays "
            f"{_ratio(rules.thunderjack_pays)} at once, even against a dealer Blackjack, and ends the round: your "
            "other Blackjacks are paid, your other hands push unplayed; two or more Thunderjacks push."
        )
    blackjack = f"Blackjack (an Ace with a ten or a picture card as the first two cards) pays {_ratio(rules.blackjack_pays)}"
    if rules.no_hole_card:
        parts.append(
            f"{blackjack} once the dealer has a second card. The dealer takes it only after your hands are "
            "played, and a dealer Blackjack then takes every stake, doubles and splits included."
        )
    else:
        parts.append(f"{blackjack} at once; a dealer Blackjack ends the round: your Blackjacks push, other hands lose.")
    if rules.blitz_cards is not None:
        doubled = " (not a doubled hand, settled as doubled)" if rules.blitz_cards <= 3 else ""  # it takes its third card
        parts.append(f"Blitz: {_count(rules.blitz_cards)} cards without busting pay {_ratio(rules.blitz_pays)} at once{doubled}.")
    parts.append("No insurance or even money.")
    return " ".join(parts)


def _choices(rules: RuleSet) -> str:
    doubling = {
        Doubling.ANY: "any first two cards",
        Doubling.NINE_TO_ELEVEN: "first two cards totalling 9, 10 or 11",
        Doubling.TEN_OR_ELEVEN: "first two cards totalling 10 or 11",
    }[rules.doubling]
    parts = [f"Double {doubling}, {'also' if rules.double_after_split else 'but not'} after a split."]
    if rules.split_hands < 2:
        parts.append("No splitting.")
    else:
        again = "once" if rules.split_hands == 2 else f"and again up to {rules.split_hands} hands"
        aces = "split Aces are played like any split hand" if rules.hit_split_aces else "split Aces take one card each"
        if rules.resplit_aces and rules.split_hands > 2:
            aces += " and may be split again"
        parts.append(f"Split two cards of the same rank, {again}; {aces}; a split hand's 21 is not a Blackjack.")
    parts.append(
        "Surrender your first two cards for half the bet back (not after a split)." if rules.surrender else "No surrender."
    )
    return " ".join(parts)


def _dealer(rules: RuleSet) -> str:
    draws = (
        "draws to 16 and on a soft 17, standing on a hard 17 and on 18 or more"
        if rules.dealer_hits_soft_17 else "draws to 16 and stands on all 17s"
    )
    return f"The dealer {draws}; it draws nothing when no hand is left to beat. A win pays 1:1, a tie pushes."

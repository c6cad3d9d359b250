"""Stacked shoes for rule tests: the cards of a round written in the order the rules deal them."""

from __future__ import annotations

from cardtable.cards import parse_cards
from cardtable.thunderjack import SEATS, Round, RuleSet, Seat, Shoe, preset, start

THUNDERJACK = preset("thunderjack")


def stacked_round(
    hands: dict[Seat, str], dealer: str, draws: str = "", rules: RuleSet = THUNDERJACK, credits: int = 500, bet: int = 10
) -> Round:
    """A round dealt from a shoe stacked so each seat gets ``hands[seat]`` (two cards),
    the dealer ``dealer`` (up card first), and later draws come from ``draws``."""
    seats = [s for s in SEATS if s in hands]
    two = {s: parse_cards(hands[s]) for s in seats}
    order = [two[s][0] for s in seats] + [two[s][1] for s in seats] + list(parse_cards(dealer)) + list(parse_cards(draws))
    filler = [c for c in Shoe.seeded(rules.decks, 99).cards][: 52 * rules.decks - len(order)]
    return start(rules, Shoe.stacked(order + filler), credits, {s: bet for s in seats})


ONE = Seat.MIDDLE

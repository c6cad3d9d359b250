"""The strategy advisor: the expected value of every legal action, worked out from the rules.

The values are composition-dependent (``composition``): a hand is valued by the cards it
holds, with those cards and the dealer's up card out of the shoe, so a single deck is
played as its remaining cards make best (7-7 stands against a ten there, where six decks
hit). The simulation loop reads the same table, so the advisor and the simulated edge
agree. Values are in units of the hand's bet.

>>> from cardtable.thunderjack.rules import preset
>>> round(hand_values(preset("six-deck-s17"), 6, [10, 2], (Action.STAND,))[Action.STAND], 3)
-0.154
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from cardtable.thunderjack.composition import BLACKJACK_FINAL, _dealer, compositions, limits, up_card_values
from cardtable.thunderjack.hand import points
from cardtable.thunderjack.round import Action, Round, legal_actions
from cardtable.thunderjack.rules import RuleSet

VALUES = range(1, 11)
"""Card counts, Ace = 1."""

_COLUMN = {action: i for i, action in enumerate(Action)}
"""Actions by their column in the value table (the same order)."""


def hand_values(rules: RuleSet, up: int, cards: Sequence[int], allowed: Sequence[Action]) -> dict[Action, float]:
    """The expected value of each allowed action for a hand holding cards of counts
    ``cards`` (Ace = 1) against up card ``up``; a split is of the pair held."""
    table = up_card_values(rules, up)[compositions(rules.decks).of(list(cards))]
    return {action: float(table[_COLUMN[action]]) for action in allowed}


def dealt_ways(rules: RuleSet, up: int, hard: int, ace: bool) -> list[tuple[tuple[int, int], int]]:
    """The two-card hands of counts summing to ``hard`` (holding an Ace or not) against
    ``up``, each with how many ways it is dealt."""
    counts = limits(rules.decks)
    counts[up] -= 1
    ways = []
    for low in VALUES:
        high = hard - low
        if low <= high <= 10 and (low == 1 or high == 1) == ace:
            ways.append(((low, high), counts[low] * (counts[high] - 1) if low == high else 2 * counts[low] * counts[high]))
    return [(pair, n) for pair, n in ways if n > 0]


def total_values(rules: RuleSet, up: int, hard: int, ace: bool, allowed: Sequence[Action]) -> dict[Action, float]:
    """A two-card total's values, averaged over the hands that make it by how often each
    is dealt (a pair when SPLIT is allowed): what a chart of totals shows."""
    ways = [((hard // 2, hard // 2), 1)] if Action.SPLIT in allowed else dealt_ways(rules, up, hard, ace)
    dealt = sum(n for _, n in ways)
    averaged = dict.fromkeys(allowed, 0.0)
    for pair, n in ways:
        for action, value in hand_values(rules, up, pair, allowed).items():
            averaged[action] += value * n / dealt
    return averaged


FINALS = (17, 18, 19, 20, 21, 22, 23)
"""The dealer's final totals, 22 for a bust and 23 for a Blackjack."""


@cache
def dealer_finals(rules: RuleSet, up: int) -> dict[int, float]:
    """The chance of each final dealer total from a full shoe less the up card (given no
    Blackjack where the dealer checks for one)."""
    shoe = np.array(limits(rules.decks), np.float64)
    shoe[up] -= 1
    out = np.zeros(BLACKJACK_FINAL + 1)
    _dealer(shoe / shoe.sum(), up, rules.dealer_hits_soft_17, not rules.no_hole_card, out)
    return {final: float(chance) for final, chance in zip(FINALS, out)}


@dataclass(frozen=True, slots=True)
class Advice:
    """The legal actions with their expected values, best first."""

    choices: tuple[tuple[Action, float], ...]

    @property
    def best(self) -> Action:
        """The action to take."""
        return self.choices[0][0]

    def explain(self) -> str:
        """The advice in words."""
        (best, value), rest = self.choices[0], self.choices[1:]
        text = f"{best.value.capitalize()}: expected {value:+.3f} of the bet"
        if rest:
            text += f", {value - rest[0][1]:.3f} better than {rest[0][0].value} ({rest[0][1]:+.3f})"
        if rest[1:]:
            text += "; " + ", ".join(f"{action.value} {other:+.3f}" for action, other in rest[1:])
        return text


def choose(values_: dict[Action, float]) -> Action:
    """The best action; a tie goes to the first in the order the rules list them."""
    return max(values_, key=lambda action: values_[action])


def advise(game: Round) -> Advice:
    """What to do with the hand in turn, and why."""
    hand = game.hand
    if hand is None:
        raise ValueError("the round is over: there is nothing to advise")
    held = [points(c) for c in hand.cards]
    chosen = hand_values(game.rules, points(game.up_card), held, legal_actions(game))
    best = choose(chosen)
    rest = sorted((item for item in chosen.items() if item[0] is not best), key=lambda item: -item[1])
    return Advice(((best, chosen[best]), *rest))

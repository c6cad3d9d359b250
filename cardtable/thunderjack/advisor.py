"""The strategy advisor: the expected value of every legal action, worked out from the rules.

For each dealer up card it computes the dealer's final-total probabilities (given that
the dealer has no Blackjack, which is checked before anyone plays), then the player's
expected value of standing, hitting (and playing on as well as possible, counting Blitz
when the rules have it), doubling, splitting and surrendering, by recursion over the
hand's total. Card probabilities are those of a full shoe less the up card, so this is
a total-dependent basic strategy; values are in units of the hand's bet.

>>> from cardtable.thunderjack.rules import preset
>>> round(odds(preset("six-deck-s17"), 6).stand(12), 3)
-0.154
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from cardtable.cards import Rank
from cardtable.thunderjack.hand import points
from cardtable.thunderjack.round import Action, Round, legal_actions
from cardtable.thunderjack.rules import RuleSet

VALUES = range(1, 11)
"""Card counts, Ace = 1."""


def _shoe_odds(rules: RuleSet, up: int) -> tuple[float, ...]:
    """Probability of each count 1..10 (index 0 unused) from a full shoe less the up card."""
    counts = [0] + [4 * rules.decks] * 9 + [16 * rules.decks]
    counts[up] -= 1
    left = sum(counts)
    return tuple(c / left for c in counts)


def _total(hard: int, ace: bool) -> tuple[int, bool]:
    return (hard + 10, True) if ace and hard <= 11 else (hard, False)


@dataclass(frozen=True)
class UpCardOdds:
    """Expected values of a player's hand against one dealer up card."""

    rules: RuleSet
    up: int
    p: tuple[float, ...]
    dealer: dict[int, float]
    """Final dealer totals 17..21 and 22 (bust), given no dealer Blackjack."""
    _memo: dict[tuple[int, bool, int], float] = field(default_factory=dict, repr=False, compare=False)

    def stand(self, points_: int) -> float:
        """Standing on ``points_``."""
        return sum(chance * (1.0 if d == 22 or d < points_ else -1.0 if d > points_ else 0.0) for d, chance in self.dealer.items())

    def play_on(self, hard: int, ace: bool, cards: int) -> float:
        """A hand that may only hit or stand, played as well as possible from here."""
        points_, soft = _total(hard, ace)
        if points_ > 21:
            return -1.0
        blitz = self.rules.blitz_cards
        if blitz is not None and cards >= blitz:
            return float(self.rules.blitz_pays)
        if points_ == 21 and not soft:
            return self.stand(21)
        return max(self.stand(points_), self.hit(hard, ace, cards))

    def hit(self, hard: int, ace: bool, cards: int) -> float:
        """Taking a card, then playing on as well as possible."""
        key = (hard, ace, cards if self.rules.blitz_cards is not None else 0)
        value = self._memo.get(key)
        if value is None:
            value = sum(self.p[v] * self.play_on(hard + v, ace or v == 1, cards + 1) for v in VALUES)
            self._memo[key] = value
        return value

    def double(self, hard: int, ace: bool) -> float:
        """Doubling: twice the stake, exactly one card, then standing."""
        value = 0.0
        for v in VALUES:
            points_ = _total(hard + v, ace or v == 1)[0]
            value += self.p[v] * (-1.0 if points_ > 21 else self.stand(points_))
        return 2 * value

    def first_move(self, hard: int, ace: bool, split: bool) -> float:
        """The best of stand, hit and (where allowed) double for a two-card hand."""
        points_ = _total(hard, ace)[0]
        best = max(self.stand(points_), self.hit(hard, ace, 2))
        rules = self.rules
        if rules.doubling.allows(points_) and (rules.double_after_split or not split):
            best = max(best, self.double(hard, ace))
        return best

    def split(self, value: int) -> float:
        """Splitting a pair of ``value`` (each half then plays its best; no further split)."""
        half = 0.0
        for v in VALUES:
            hard, ace = value + v, value == 1 or v == 1
            if value == 1 and not self.rules.hit_split_aces:
                half += self.p[v] * self.stand(_total(hard, ace)[0])
            else:
                half += self.p[v] * self.first_move(hard, ace, split=True)
        return 2 * half


@cache
def odds(rules: RuleSet, up: int) -> UpCardOdds:
    """The expected values against up card ``up`` (1 = Ace ... 10)."""
    p = _shoe_odds(rules, up)
    return UpCardOdds(rules, up, p, _dealer_finals(rules, up, p))


def _dealer_finals(rules: RuleSet, up: int, p: tuple[float, ...]) -> dict[int, float]:
    finals = dict.fromkeys((17, 18, 19, 20, 21, 22), 0.0)

    def draw(hard: int, ace: bool, chance: float) -> None:
        points_, soft = _total(hard, ace)
        if points_ > 21:
            finals[22] += chance
        elif points_ > 17 or (points_ == 17 and not (soft and rules.dealer_hits_soft_17)):
            finals[points_] += chance
        else:
            for v in VALUES:
                draw(hard + v, ace or v == 1, chance * p[v])

    natural = {1: 10, 10: 1}.get(up)
    hole = [0.0 if v == natural else p[v] for v in range(11)]
    scale = sum(hole)
    for v in VALUES:
        if hole[v]:
            draw(up + v, up == 1 or v == 1, hole[v] / scale)
    return finals


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
            text += f", {value - rest[0][1]:.3f} better than {rest[0][0].value}"
        return text


def action_values(
    rules: RuleSet, up: int, hard: int, ace: bool, cards: int, allowed: tuple[Action, ...]
) -> dict[Action, float]:
    """The expected value of each allowed action for a hand of ``cards`` cards whose counts
    sum to ``hard`` (``ace``: it holds an Ace) against up card ``up``; a split is of a pair,
    so its value is ``hard / 2``."""
    table = odds(rules, up)
    values: dict[Action, float] = {}
    for action in allowed:
        if action is Action.STAND:
            values[action] = table.stand(_total(hard, ace)[0])
        elif action is Action.HIT:
            values[action] = table.hit(hard, ace, cards)
        elif action is Action.DOUBLE:
            values[action] = table.double(hard, ace)
        elif action is Action.SPLIT:
            values[action] = table.split(hard // 2)
        else:
            values[action] = -0.5
    return values


def choose(values: dict[Action, float]) -> Action:
    """The best action; a tie goes to the first in the order the rules list them."""
    return max(values, key=lambda action: values[action])


def advise(game: Round) -> Advice:
    """What to do with the hand in turn, and why."""
    hand = game.hand
    if hand is None:
        raise ValueError("the round is over: there is nothing to advise")
    hard = sum(points(c) for c in hand.cards)
    ace = any(c.rank is Rank.ACE for c in hand.cards)
    values = action_values(game.rules, points(game.up_card), hard, ace, len(hand.cards), legal_actions(game))
    best = choose(values)
    rest = sorted((item for item in values.items() if item[0] is not best), key=lambda item: -item[1])
    return Advice(((best, values[best]), *rest))

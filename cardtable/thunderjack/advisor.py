"""The strategy advisor: the expected value of every legal action, worked out from the rules.

For each dealer up card it computes the dealer's final-total probabilities (given that
the dealer has no Blackjack, which is checked before anyone plays), then the player's
expected value of standing, hitting (and playing on as well as possible, counting Blitz
when the rules have it), doubling, splitting and surrendering, by recursion over the
hand's total. Card probabilities are those of a full shoe less the up card and, for a
decision on two cards, less those two: a total made in several ways is valued as the
average over them, weighted by how often each is dealt, so the strategy stays
total-dependent (one action per total), as the compiled loop plays it. Values are in
units of the hand's bet.

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


def _counts(rules: RuleSet, up: int, removed: tuple[int, ...] = ()) -> list[int]:
    """Cards of each count 1..10 (index 0 unused) in a full shoe less the up card and ``removed``."""
    counts = [0] + [4 * rules.decks] * 9 + [16 * rules.decks]
    for value in (up, *removed):
        counts[value] -= 1
    return counts


def _shoe_odds(rules: RuleSet, up: int, removed: tuple[int, ...] = ()) -> tuple[float, ...]:
    """Probability of each count 1..10 (index 0 unused) from that shoe."""
    counts = _counts(rules, up, removed)
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
    _stands: dict[int, float] = field(default_factory=dict, repr=False, compare=False)

    def stand(self, points_: int) -> float:
        """Standing on ``points_``."""
        value = self._stands.get(points_)
        if value is None:
            value = sum(
                chance * (1.0 if d == 22 or d < points_ else -1.0 if d > points_ else 0.0) for d, chance in self.dealer.items()
            )
            self._stands[points_] = value
        return value

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

    def split(self, value: int, hands: int = 2) -> float:
        """Splitting a pair of ``value`` into ``hands`` hands: each half plays its best,
        splitting again on a second pair while the rules allow more hands (each half is
        counted as if it alone could use them, a close approximation)."""
        rules = self.rules
        half = 0.0
        for v in VALUES:
            hard, ace = value + v, value == 1 or v == 1
            if value == 1 and not rules.hit_split_aces:
                half += self.p[v] * self.stand(_total(hard, ace)[0])
                continue
            best = self.first_move(hard, ace, split=True)
            if v == value and hands < rules.split_hands and (value != 1 or rules.resplit_aces):
                best = max(best, self.split(value, hands + 1))
            half += self.p[v] * best
        return 2 * half


@cache
def odds(rules: RuleSet, up: int, removed: tuple[int, ...] = ()) -> UpCardOdds:
    """The expected values against up card ``up`` (1 = Ace ... 10), the cards of counts
    ``removed`` (sorted) also out of the shoe."""
    p = _shoe_odds(rules, up, removed)
    return UpCardOdds(rules, up, p, _dealer_finals(rules, up, p))


def _dealt_ways(rules: RuleSet, up: int, hard: int, ace: bool) -> list[tuple[tuple[int, int], int]]:
    """The two-card hands of counts summing to ``hard`` (holding an Ace or not) against
    ``up``, each with how many ways it is dealt."""
    counts = _counts(rules, up)
    ways = []
    for low in VALUES:
        high = hard - low
        if low <= high <= 10 and (low == 1 or high == 1) == ace:
            ways.append(((low, high), counts[low] * (counts[high] - 1) if low == high else 2 * counts[low] * counts[high]))
    return [(pair, n) for pair, n in ways if n > 0]


FINALS = (17, 18, 19, 20, 21, 22)


def _dealer_finals(rules: RuleSet, up: int, p: tuple[float, ...]) -> dict[int, float]:
    @cache
    def finals_from(hard: int, ace: bool) -> tuple[float, ...]:
        """Chances of each final total (22: bust) for a dealer hand of ``hard`` (``ace``)."""
        points_, soft = _total(hard, ace)
        if points_ > 21:
            return (0.0,) * 5 + (1.0,)
        if points_ > 17 or (points_ == 17 and not (soft and rules.dealer_hits_soft_17)):
            return tuple(float(points_ == d) for d in FINALS)
        after = [finals_from(hard + v, ace or v == 1) for v in VALUES]
        return tuple(sum(p[v] * after[v - 1][i] for v in VALUES) for i in range(len(FINALS)))

    natural = {1: 10, 10: 1}.get(up)
    hole = [0.0 if v == natural else p[v] for v in range(11)]
    scale = sum(hole)
    finals = dict.fromkeys(FINALS, 0.0)
    for v in VALUES:
        if hole[v]:
            for d, chance in zip(FINALS, finals_from(up + v, up == 1 or v == 1)):
                finals[d] += chance * hole[v] / scale
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
    so its value is ``hard / 2``. Two cards are taken out of the shoe as they are dealt
    (averaged over the pairs making ``hard``); later decisions see the shoe less the up card."""
    if cards != 2:
        return _values(odds(rules, up), hard, ace, cards, allowed)
    ways = [((hard // 2, hard // 2), 1)] if Action.SPLIT in allowed else _dealt_ways(rules, up, hard, ace)
    if not ways:
        return _values(odds(rules, up), hard, ace, cards, allowed)
    dealt = sum(n for _, n in ways)
    values = dict.fromkeys(allowed, 0.0)
    for pair, n in ways:
        for action, value in _values(odds(rules, up, pair), hard, ace, cards, allowed).items():
            values[action] += value * n / dealt
    return values


def _values(table: UpCardOdds, hard: int, ace: bool, cards: int, allowed: tuple[Action, ...]) -> dict[Action, float]:
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

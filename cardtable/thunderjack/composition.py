"""Composition-dependent expected values: every hand the player can hold, known by its cards.

A hand's *composition* is how many cards of each count (Ace = 1 ... ten-count = 10) it
holds; its order does not matter. For each dealer up card and each composition, the
expected value of hitting (and playing on as well as possible, counting Blitz where the
rules have it), standing, doubling, splitting and surrendering is worked out with that
hand and the up card out of a full shoe, so few-deck games are played as the cards
actually left make best. The dealer's draws use the probabilities of that shoe (they are
not updated as the dealer draws: a close approximation), given no dealer Blackjack when
the dealer checks for one. A split is valued from the pair's shoe, each half counted as if
it alone could use the resplits left.

The work is compiled and done once per rule set (a fraction of a second); the advisor and
the simulation loop read the same tables, so they play alike.

>>> from cardtable.thunderjack.rules import preset
>>> table = values(preset("single-deck"))
>>> seven_seven = compositions(1).index[(0, 0, 0, 0, 0, 0, 2, 0, 0, 0)]
>>> bool(table[10, seven_seven, STAND] > table[10, seven_seven, HIT])  # 7-7 v 10 stands in one deck
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.thunderjack.rules import Doubling, RuleSet

HIT, STAND, DOUBLE, SPLIT, SURRENDER = range(5)
"""Columns of the value table, in the order of ``round.Action``."""

BLACKJACK_FINAL = 6
"""The dealer's outcomes: totals 17 to 21 (0 to 4), bust (5) and a dealer Blackjack (6),
which only a table without a hole card leaves possible once the player plays."""


@dataclass(frozen=True)
class Compositions:
    """Every composition with a hard total of 21 or less that ``decks`` decks can deal.

    ``counts[i, v]`` cards of count v in composition i (column 0 unused), ``hard`` its total
    with Aces as 1, ``ace`` whether it holds an Ace, ``cards`` how many cards, ``after[i, v]``
    the composition with one more card of count v (-1: over 21), ``single[v]`` the
    composition of one card of count v, ``index`` each composition by its counts of 1..10."""

    counts: npt.NDArray[np.int64]
    hard: npt.NDArray[np.int64]
    ace: npt.NDArray[np.int64]
    cards: npt.NDArray[np.int64]
    after: npt.NDArray[np.int64]
    single: npt.NDArray[np.int64]
    index: dict[tuple[int, ...], int]

    def of(self, values: list[int]) -> int:
        """The composition of cards of these counts."""
        key = [0] * 10
        for v in values:
            key[v - 1] += 1
        return self.index[tuple(key)]


def limits(decks: int) -> list[int]:
    """Cards of each count 1..10 (index 0 unused) in a full shoe."""
    return [0] + [4 * decks] * 9 + [16 * decks]


@cache
def compositions(decks: int) -> Compositions:
    """All the hands ``decks`` decks can deal, numbered."""
    shoe = limits(decks)
    found: dict[tuple[int, ...], int] = {}
    order: list[tuple[int, ...]] = [(0,) * 10]
    queued = set(order)
    while len(found) < len(order):
        key = order[len(found)]
        found[key] = len(found)
        total = sum((v + 1) * n for v, n in enumerate(key))
        for v in range(1, 11):
            if total + v <= 21 and key[v - 1] < shoe[v]:
                more = key[: v - 1] + (key[v - 1] + 1,) + key[v:]
                if more not in queued:
                    queued.add(more)
                    order.append(more)
    size = len(order)
    counts = np.zeros((size, 11), np.int64)
    for key, i in found.items():
        counts[i, 1:] = key
    hard = counts @ np.arange(11)
    after = np.full((size, 11), -1, np.int64)
    for key, i in found.items():
        for v in range(1, 11):
            more = key[: v - 1] + (key[v - 1] + 1,) + key[v:]
            after[i, v] = found.get(more, -1)
    single = np.array([-1] + [int(after[0, v]) for v in range(1, 11)], np.int64)
    return Compositions(counts, hard, (counts[:, 1] > 0).astype(np.int64), counts.sum(axis=1), after, single, found)


@njit(cache=True)
def _dealer(p, up, h17, peek, out):  # type: ignore[no-untyped-def]
    """The dealer's outcomes (see BLACKJACK_FINAL) from up card ``up``, cards drawn with
    probabilities ``p``; given no Blackjack when ``peek``."""
    finals = np.zeros((33, 2, 7))
    for hard in range(32, 0, -1):
        for ace in range(2):
            soft = ace == 1 and hard <= 11
            points = hard + 10 if soft else hard
            if points > 21:
                finals[hard, ace, 5] = 1.0
            elif points > 17 or (points == 17 and not (soft and h17)):
                finals[hard, ace, points - 17] = 1.0
            else:
                for v in range(1, 11):
                    if p[v] > 0.0:
                        more = min(hard + v, 32)
                        finals[hard, ace] += p[v] * finals[more, 1 if (ace == 1 or v == 1) else 0]
    out[:] = 0.0
    scale = 0.0
    for v in range(1, 11):
        if p[v] == 0.0:
            continue
        if (up == 1 and v == 10) or (up == 10 and v == 1):
            if not peek:
                out[BLACKJACK_FINAL] += p[v]
                scale += p[v]
            continue
        scale += p[v]
        out += p[v] * finals[up + v, 1 if (up == 1 or v == 1) else 0]
    out /= scale


@njit(cache=True)
def _stand(points, dealer):  # type: ignore[no-untyped-def]
    if points > 21:
        return -1.0
    value = dealer[5] - dealer[BLACKJACK_FINAL]
    for d in range(5):
        if points > 17 + d:
            value += dealer[d]
        elif points < 17 + d:
            value -= dealer[d]
    return value


@njit(cache=True)
def _shoe_left(shoe, counts, up, p):  # type: ignore[no-untyped-def]
    """Card probabilities in ``p`` for the shoe less ``counts`` and the up card; False when
    that shoe can't exist."""
    left = 0.0
    for v in range(1, 11):
        n = shoe[v] - counts[v] - (1 if v == up else 0)
        if n < 0:
            return False
        p[v] = n
        left += n
    if left <= 0.0:
        return False
    p /= left
    return True


@njit(cache=True)
def _up_card_values(shoe, up, counts, hard, ace, cards, after, single, rules):  # type: ignore[no-untyped-def]
    """values[i, column] for every composition i against ``up``; ``rules`` as ``_RULES``."""
    h17, peek, das, double_low = rules[0] > 0, rules[1] > 0, rules[2] > 0, int(rules[3])
    split_hands, resplit_aces, hit_split_aces = int(rules[4]), rules[5] > 0, rules[6] > 0
    blitz_cards, blitz_pays = int(rules[7]), rules[8]
    size = counts.shape[0]
    values = np.zeros((size, 5))
    play_on = np.zeros(size)  # after taking a card: the better of standing and hitting on
    p = np.zeros(11)
    dealer = np.zeros(7)
    for i in np.argsort(-hard, kind="mergesort"):  # higher totals first: a hit leads to them
        if not _shoe_left(shoe, counts[i], up, p):
            continue
        _dealer(p, up, h17, peek, dealer)
        soft = ace[i] == 1 and hard[i] <= 11
        points = hard[i] + 10 if soft else hard[i]
        stand = _stand(points, dealer)
        hit, double = 0.0, 0.0
        for v in range(1, 11):
            if p[v] == 0.0:
                continue
            more = after[i, v]
            if more < 0:
                hit -= p[v]
                double -= p[v]
            else:
                hit += p[v] * play_on[more]
                double += p[v] * values[more, STAND]
        values[i, HIT], values[i, STAND], values[i, DOUBLE], values[i, SURRENDER] = hit, stand, 2.0 * double, -0.5
        if blitz_cards > 0 and cards[i] >= blitz_cards:
            play_on[i] = blitz_pays
        elif points == 21 and not soft:
            play_on[i] = stand
        else:
            play_on[i] = max(stand, hit)
    for x in range(1, 11):
        pair = after[single[x], x]
        if pair < 0 or split_hands < 2 or not _shoe_left(shoe, counts[pair], up, p):
            continue
        split = 0.0
        for hands in range(split_hands, 1, -1):
            half = 0.0
            for v in range(1, 11):
                if p[v] == 0.0:
                    continue
                held = after[single[x], v]
                if x == 1 and not hit_split_aces:
                    best = values[held, STAND]
                else:
                    best = max(values[held, STAND], values[held, HIT])
                    points = hard[held] + 10 if ace[held] == 1 and hard[held] <= 11 else hard[held]
                    if das and (double_low == 0 or double_low <= points <= 11):
                        best = max(best, values[held, DOUBLE])
                if v == x and hands < split_hands and (x != 1 or resplit_aces):
                    best = max(best, split)
                half += p[v] * best
            split = 2.0 * half
        values[pair, SPLIT] = split
    return values


def _rule_numbers(rules: RuleSet) -> npt.NDArray[np.float64]:
    low = {Doubling.ANY: 0, Doubling.NINE_TO_ELEVEN: 9, Doubling.TEN_OR_ELEVEN: 10}[rules.doubling]
    return np.array([
        rules.dealer_hits_soft_17, not rules.no_hole_card, rules.double_after_split, low, rules.split_hands,
        rules.resplit_aces, rules.hit_split_aces, rules.blitz_cards or 0, float(rules.blitz_pays),
    ], np.float64)


@cache
def up_card_values(rules: RuleSet, up: int) -> npt.NDArray[np.float64]:
    """values[composition, column] against up card ``up`` (1 = Ace ... 10): the expected
    value, in bets, of each action (columns HIT ... SURRENDER) for every hand."""
    comps = compositions(rules.decks)
    shoe = np.array(limits(rules.decks), np.int64)
    table: npt.NDArray[np.float64] = _up_card_values(
        shoe, up, comps.counts, comps.hard, comps.ace, comps.cards, comps.after, comps.single, _rule_numbers(rules)
    )
    table.setflags(write=False)
    return table


@cache
def values(rules: RuleSet) -> npt.NDArray[np.float64]:
    """values[up, composition, column]: ``up_card_values`` for every up card (row 0 unused)."""
    table = np.zeros((11, len(compositions(rules.decks).index), 5))
    for up in range(1, 11):
        table[up] = up_card_values(rules, up)
    table.setflags(write=False)
    return table

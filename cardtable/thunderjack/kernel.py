"""The simulation's inner loop, compiled: one to three player hands a round, many rounds a call.

It plays the same rules as ``round.py`` and the advisor's choices from a decision table
keyed by each hand's composition (built by ``strategy.py``), on plain integer arrays so it
compiles to machine code.
A test plays the same shoe through this loop and through the engine and compares every
round. Cards are numbered suit * 13 + rank - 1, as ``Card.index``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

STAND, HIT, DOUBLE, SURRENDER, SPLIT = 0, 1, 2, 3, 4
CAN_DOUBLE, CAN_SURRENDER, CAN_SPLIT, NO_HIT = 1, 2, 4, 8
FLAGS = 16
"""Decision flags: which of double, surrender and split are allowed, and whether hitting is
not (a split Ace that may only stand or resplit)."""

# Statistics, by position in the array the loop fills.
NET, NET_SQUARED, ROUNDS, BLACKJACKS, THUNDERJACKS, BLITZES, SPLITS, DOUBLES, SURRENDERS = range(9)
WINS, LOSSES, PUSHES, STAT_COUNT = 9, 10, 11, 12

# Rule parameters, by position in the array passed in.
(R_DECKS, R_RESHUFFLE_BELOW, R_H17, R_DAS, R_SPLIT_HANDS, R_RESPLIT_ACES, R_HIT_SPLIT_ACES, R_SURRENDER,
 R_BLACKJACK, R_THUNDERJACK, R_BLITZ_CARDS, R_BLITZ, R_DOUBLE_LOW, R_NO_HOLE_CARD, R_HANDS, RULE_COUNT) = range(16)

SLOTS = 12
"""Hands a round can reach: three seats, each split into at most four."""


@njit(cache=True)
def _points(hard: int, ace: bool) -> int:
    if ace and hard <= 11:
        return hard + 10
    return hard


@njit(cache=True)
def _draw(shoe, dealt, in_order, begun):  # type: ignore[no-untyped-def]
    """The next card. Unless ``in_order``, it is picked at random among those not yet
    dealt (a Fisher-Yates shuffle done one card at a time, so a reshuffle costs nothing).
    ``begun[0]`` is where this round's cards start: a shoe that runs out mid-round moves
    them to the front, as dealt, and gathers only the discards."""
    size = shoe.shape[0]
    if dealt >= size:
        held = shoe[begun[0]:].copy()
        shoe[held.shape[0]:] = shoe[: begun[0]].copy()
        shoe[: held.shape[0]] = held
        dealt, begun[0] = held.shape[0], 0
    if not in_order:
        pick = np.random.randint(dealt, shoe.shape[0])
        shoe[dealt], shoe[pick] = shoe[pick], shoe[dealt]
    return shoe[dealt], dealt + 1


@njit(cache=True)
def play_rounds(shoe, dealt, rounds, rules, decide, after, single, seed, in_order, record):  # type: ignore[no-untyped-def]
    """Play ``rounds`` rounds from ``shoe`` starting after ``dealt`` cards; returns
    (statistics, cards dealt). ``decide[up, composition, flags]`` is the action for a hand,
    ``after[composition, value]`` the composition one card later and ``single[value]`` a
    one-card composition (see ``composition.Compositions``). The shoe is gathered at the
    rule set's cut. ``in_order`` deals the shoe exactly as given (for tests). ``record``,
    if not empty, receives each round's result in bets (all hands together)."""
    np.random.seed(seed)
    stats = np.zeros(STAT_COUNT)
    size = shoe.shape[0]
    below = rules[R_RESHUFFLE_BELOW]
    h17 = rules[R_H17] > 0
    das = rules[R_DAS] > 0
    split_hands = int(rules[R_SPLIT_HANDS])
    resplit_aces = rules[R_RESPLIT_ACES] > 0
    hit_split_aces = rules[R_HIT_SPLIT_ACES] > 0
    blitz_cards = int(rules[R_BLITZ_CARDS])
    double_low = int(rules[R_DOUBLE_LOW])
    peek = rules[R_NO_HOLE_CARD] == 0
    seats = int(rules[R_HANDS])
    seat = np.zeros(SLOTS, np.int64)
    comp = np.zeros(SLOTS, np.int64)
    hard = np.zeros(SLOTS, np.int64)
    ace = np.zeros(SLOTS, np.bool_)
    count = np.zeros(SLOTS, np.int64)
    bet = np.zeros(SLOTS, np.float64)
    first = np.zeros(SLOTS, np.int64)
    second = np.zeros(SLOTS, np.int64)
    split = np.zeros(SLOTS, np.bool_)
    done = np.zeros(SLOTS, np.int64)  # 0 playing, 1 meets the dealer, 2 settled already
    result = np.zeros(SLOTS, np.float64)
    c1 = np.zeros(3, np.int64)
    c2 = np.zeros(3, np.int64)
    natural = np.zeros(3, np.bool_)
    thunder = np.zeros(3, np.bool_)
    waiting = np.zeros(3, np.bool_)  # a Blackjack waiting for the dealer's second card
    begun = np.zeros(1, np.int64)
    for number in range(rounds):
        if size - dealt < below * size:
            dealt = 0  # every card back in the shoe: draws below pick among them at random
        begun[0] = dealt
        for s in range(seats):
            c1[s], dealt = _draw(shoe, dealt, in_order, begun)
        for s in range(seats):
            c2[s], dealt = _draw(shoe, dealt, in_order, begun)
        up, dealt = _draw(shoe, dealt, in_order, begun)
        up_value = min(up % 13 + 1, 10)
        dealer_hard, dealer_ace, dealer_cards = up_value, up_value == 1, 1
        if peek:
            hole, dealt = _draw(shoe, dealt, in_order, begun)
            hole_value = min(hole % 13 + 1, 10)
            dealer_hard, dealer_ace, dealer_cards = up_value + hole_value, dealer_ace or hole_value == 1, 2
        thunders = 0
        for s in range(seats):
            v1, v2 = min(c1[s] % 13 + 1, 10), min(c2[s] % 13 + 1, 10)
            natural[s] = v1 + v2 == 11 and (v1 == 1 or v2 == 1)
            thunder[s] = (natural[s] and rules[R_THUNDERJACK] >= 0 and c1[s] // 13 == c2[s] // 13
                          and max(c1[s] % 13, c2[s] % 13) >= 10)
            waiting[s] = False
            if thunder[s]:
                thunders += 1
                stats[THUNDERJACKS] += 1
            elif natural[s]:
                stats[BLACKJACKS] += 1  # counted as dealt, however it is settled
        dealer_natural = dealer_cards == 2 and dealer_hard == 11 and dealer_ace
        net = 0.0
        hands = 0
        if thunders == 1:  # paid at once; other Blackjacks are paid, other hands push
            for s in range(seats):
                if thunder[s]:
                    net += rules[R_THUNDERJACK]
                elif natural[s]:
                    net += rules[R_BLACKJACK]
        elif dealer_natural:
            for s in range(seats):
                if not thunder[s] and not natural[s]:
                    net -= 1.0
        else:
            for s in range(seats):
                if thunder[s]:
                    continue  # two or more Thunderjacks push
                if natural[s]:
                    if peek:
                        net += rules[R_BLACKJACK]
                    else:
                        waiting[s] = True
                    continue
                r1, r2 = c1[s] % 13 + 1, c2[s] % 13 + 1
                v1, v2 = min(r1, 10), min(r2, 10)
                seat[hands], comp[hands] = s, after[after[0, v1], v2]
                hard[hands], ace[hands], count[hands], bet[hands] = v1 + v2, v1 == 1 or v2 == 1, 2, 1.0
                first[hands], second[hands], split[hands], done[hands], result[hands] = r1, r2, False, 0, 0.0
                hands += 1
        i = 0
        while i < hands:
            while done[i] == 0:
                total = _points(hard[i], ace[i])
                flags = 0
                if split[i] and first[i] == 1 and not hit_split_aces:
                    flags |= NO_HIT
                if count[i] == 2:
                    seat_hands = 0
                    for k in range(hands):
                        if seat[k] == seat[i]:
                            seat_hands += 1
                    if ((double_low == 0 or double_low <= total <= 11) and (das or not split[i])
                            and flags & NO_HIT == 0):
                        flags |= CAN_DOUBLE
                    if rules[R_SURRENDER] > 0 and not split[i]:
                        flags |= CAN_SURRENDER
                    if (first[i] == second[i] and seat_hands < split_hands
                            and not (split[i] and first[i] == 1 and not resplit_aces)):
                        flags |= CAN_SPLIT
                action = decide[up_value, comp[i], flags]
                if action == STAND:
                    done[i] = 1
                elif action == SURRENDER:
                    done[i], result[i] = 2, -0.5
                    stats[SURRENDERS] += 1
                elif action == SPLIT:
                    stats[SPLITS] += 1
                    seat_hands = 1
                    for k in range(hands):
                        if seat[k] == seat[i]:
                            seat_hands += 1
                    for k in range(hands - 1, i, -1):
                        seat[k + 1], comp[k + 1], hard[k + 1], ace[k + 1] = seat[k], comp[k], hard[k], ace[k]
                        count[k + 1], bet[k + 1], first[k + 1], second[k + 1] = count[k], bet[k], first[k], second[k]
                        split[k + 1], done[k + 1], result[k + 1] = split[k], done[k], result[k]
                    hands += 1
                    kept = min(first[i], 10)
                    for half in (i, i + 1):
                        card, dealt = _draw(shoe, dealt, in_order, begun)
                        rank = card % 13 + 1
                        value = min(rank, 10)
                        seat[half], comp[half] = seat[i], after[single[kept], value]
                        hard[half], ace[half], count[half], bet[half] = kept + value, kept == 1 or value == 1, 2, 1.0
                        first[half], second[half], split[half], done[half], result[half] = first[i], rank, True, 0, 0.0
                        if kept == 1 and not hit_split_aces:
                            if not (rank == 1 and resplit_aces and seat_hands < split_hands):
                                done[half] = 1
                        elif hard[half] == 21:
                            done[half] = 1
                else:
                    card, dealt = _draw(shoe, dealt, in_order, begun)
                    value = min(card % 13 + 1, 10)
                    hard[i] += value
                    ace[i] = ace[i] or value == 1
                    count[i] += 1
                    total = _points(hard[i], ace[i])
                    if total <= 21:
                        comp[i] = after[comp[i], value]
                    if action == DOUBLE:
                        bet[i] = 2.0
                        stats[DOUBLES] += 1
                        if total > 21:
                            done[i], result[i] = 2, -2.0
                        else:
                            done[i] = 1
                    elif total > 21:
                        done[i], result[i] = 2, -1.0
                    elif blitz_cards > 0 and count[i] >= blitz_cards:
                        done[i], result[i] = 2, rules[R_BLITZ]
                        stats[BLITZES] += 1
                    elif total == 21 and not (ace[i] and hard[i] <= 11):
                        done[i] = 1
            i += 1
        meets = False
        pending = False
        for k in range(hands):
            if done[k] == 1:
                meets = True
        for s in range(seats):
            if waiting[s]:
                pending = True
        if dealer_cards == 1 and (meets or pending):
            card, dealt = _draw(shoe, dealt, in_order, begun)
            value = min(card % 13 + 1, 10)
            dealer_hard += value
            dealer_ace = dealer_ace or value == 1
            dealer_cards = 2
            dealer_natural = dealer_hard == 11 and dealer_ace
        if meets:
            while True:
                points = _points(dealer_hard, dealer_ace)
                soft = dealer_ace and dealer_hard <= 11
                if points > 17 or (points == 17 and not (soft and h17)):
                    break
                card, dealt = _draw(shoe, dealt, in_order, begun)
                value = min(card % 13 + 1, 10)
                dealer_hard += value
                dealer_ace = dealer_ace or value == 1
        final = _points(dealer_hard, dealer_ace)
        for s in range(seats):
            if waiting[s] and not dealer_natural:
                net += rules[R_BLACKJACK]
        for k in range(hands):
            if done[k] == 1:
                mine = _points(hard[k], ace[k])
                if dealer_natural:
                    result[k] = -bet[k]
                elif final > 21 or mine > final:
                    result[k] = bet[k]
                elif mine < final:
                    result[k] = -bet[k]
            net += result[k]
        stats[NET] += net
        stats[NET_SQUARED] += net * net
        stats[ROUNDS] += 1
        if net > 0:
            stats[WINS] += 1
        elif net < 0:
            stats[LOSSES] += 1
        else:
            stats[PUSHES] += 1
        if record.shape[0] > number:
            record[number] = net
    return stats, dealt

"""The simulation's inner loop, compiled: one player hand a round, many rounds a call.

It plays the same rules as ``round.py`` and the advisor's choices from a decision table
(built by ``strategy.py``), on plain integer arrays so it compiles to machine code.
A test plays the same shoe through this loop and through the engine and compares every
round. Cards are numbered suit * 13 + rank - 1, as ``Card.index``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

STAND, HIT, DOUBLE, SURRENDER, SPLIT = 0, 1, 2, 3, 4
CAN_DOUBLE, CAN_SURRENDER, CAN_SPLIT = 1, 2, 4

# Statistics, by position in the array the loop fills.
NET, NET_SQUARED, ROUNDS, BLACKJACKS, THUNDERJACKS, BLITZES, SPLITS, DOUBLES, SURRENDERS = range(9)
WINS, LOSSES, PUSHES, STAT_COUNT = 9, 10, 11, 12

# Rule parameters, by position in the array passed in.
(R_DECKS, R_RESHUFFLE_BELOW, R_H17, R_DAS, R_SPLIT_HANDS, R_RESPLIT_ACES, R_HIT_SPLIT_ACES, R_SURRENDER,
 R_BLACKJACK, R_THUNDERJACK, R_BLITZ_CARDS, R_BLITZ, R_DOUBLE_LOW, RULE_COUNT) = range(14)


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
def play_rounds(shoe, dealt, rounds, rules, decide, seed, in_order, record):  # type: ignore[no-untyped-def]
    """Play ``rounds`` rounds from ``shoe`` starting after ``dealt`` cards; returns
    (statistics, cards dealt). The shoe is gathered at the rule set's cut. ``in_order``
    deals the shoe exactly as given (for tests). ``record``, if not empty, receives each
    round's result in bets."""
    np.random.seed(seed)
    stats = np.zeros(STAT_COUNT)
    size = shoe.shape[0]
    below = rules[R_RESHUFFLE_BELOW]
    h17 = rules[R_H17] > 0
    das = rules[R_DAS] > 0
    split_hands = int(rules[R_SPLIT_HANDS])
    blitz_cards = int(rules[R_BLITZ_CARDS])
    double_low = int(rules[R_DOUBLE_LOW])
    hard = np.zeros(4, np.int64)
    ace = np.zeros(4, np.bool_)
    count = np.zeros(4, np.int64)
    bet = np.zeros(4, np.float64)
    first = np.zeros(4, np.int64)
    second = np.zeros(4, np.int64)
    done = np.zeros(4, np.int64)  # 0 playing, 1 meets the dealer, 2 settled already
    result = np.zeros(4, np.float64)
    begun = np.zeros(1, np.int64)
    for number in range(rounds):
        if size - dealt < below * size:
            dealt = 0  # every card back in the shoe: draws below pick among them at random
        begun[0] = dealt
        p1, dealt = _draw(shoe, dealt, in_order, begun)
        p2, dealt = _draw(shoe, dealt, in_order, begun)
        up, dealt = _draw(shoe, dealt, in_order, begun)
        hole, dealt = _draw(shoe, dealt, in_order, begun)
        r1, r2 = p1 % 13 + 1, p2 % 13 + 1
        v1, v2 = min(r1, 10), min(r2, 10)
        up_value = min(up % 13 + 1, 10)
        hole_value = min(hole % 13 + 1, 10)
        player_natural = v1 + v2 == 11 and (v1 == 1 or v2 == 1)
        dealer_natural = up_value + hole_value == 11 and (up_value == 1 or hole_value == 1)
        net = 0.0
        if player_natural and rules[R_THUNDERJACK] >= 0 and p1 // 13 == p2 // 13 and max(r1, r2) > 10:
            net = rules[R_THUNDERJACK]
            stats[THUNDERJACKS] += 1
        elif dealer_natural:
            net = 0.0 if player_natural else -1.0
            stats[BLACKJACKS] += player_natural  # dealt, though the dealer's pushes it
        elif player_natural:
            net = rules[R_BLACKJACK]
            stats[BLACKJACKS] += 1
        else:
            hands = 1
            hard[0], ace[0], count[0], bet[0] = v1 + v2, v1 == 1 or v2 == 1, 2, 1.0
            first[0], second[0], done[0], result[0] = r1, r2, 0, 0.0
            i = 0
            while i < hands:
                split_hand = hands > 1
                while done[i] == 0:
                    total = _points(hard[i], ace[i])
                    flags = 0
                    if count[i] == 2:
                        if (double_low == 0 or double_low <= total <= 11) and (das or not split_hand):
                            flags |= CAN_DOUBLE
                        if rules[R_SURRENDER] > 0 and not split_hand:
                            flags |= CAN_SURRENDER
                        if (first[i] == second[i] and hands < split_hands
                                and not (split_hand and first[i] == 1 and rules[R_RESPLIT_ACES] == 0)):
                            flags |= CAN_SPLIT
                    action = decide[up_value, hard[i], 1 if ace[i] else 0, min(count[i], 11), flags]
                    if action == STAND:
                        done[i] = 1
                    elif action == SURRENDER:
                        done[i], result[i] = 2, -0.5
                        stats[SURRENDERS] += 1
                    elif action == SPLIT:
                        stats[SPLITS] += 1
                        for k in range(hands - 1, i, -1):
                            hard[k + 1], ace[k + 1], count[k + 1], bet[k + 1] = hard[k], ace[k], count[k], bet[k]
                            first[k + 1], second[k + 1], done[k + 1], result[k + 1] = first[k], second[k], done[k], result[k]
                        hands += 1
                        split_hand = True
                        kept = min(first[i], 10)
                        for half in (i, i + 1):
                            card, dealt = _draw(shoe, dealt, in_order, begun)
                            rank = card % 13 + 1
                            value = min(rank, 10)
                            hard[half], ace[half], count[half], bet[half] = kept + value, kept == 1 or value == 1, 2, 1.0
                            first[half], second[half], done[half], result[half] = first[i], rank, 0, 0.0
                            if kept == 1 and rules[R_HIT_SPLIT_ACES] == 0:
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
            for k in range(hands):
                if done[k] == 1:
                    meets = True
            dealer_hard = up_value + hole_value
            dealer_ace = up_value == 1 or hole_value == 1
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
            for k in range(hands):
                if done[k] == 1:
                    mine = _points(hard[k], ace[k])
                    if final > 21 or mine > final:
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

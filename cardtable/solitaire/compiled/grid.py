"""The grid's compiled rules (Monte Carlo, Montana, Accordion, Osmosis' rows): pairs that
touch, closing the layout up, gaps that continue their left neighbour, dealing to the
first gap and the Montana redeal; ``rules/grid.py``, ``rules/gaps.py`` and ``rules/rows.py``
hold the same rules for the engine, and the agreement test holds them equal."""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.shared import (
    GRID_GOAL, GRID_ROW, ROWS_GOAL, SAME_RANK, mixed, put, starts, stock_hidden,
)


@njit(cache=True, nogil=True)
def gap(rules, cards, lens, j):  # type: ignore[no-untyped-def]
    # An empty place that continues its left neighbour (a gap in Montana): the card table
    # and the left card (-1: no such place; -2: one whose left place is empty, so it takes nothing).
    left = rules.left[j]
    if left < 0:
        return -1, 0
    if lens[left] == 0:
        return -2, 0
    return rules.after[j], cards[left, lens[left] - 1]


@njit(cache=True, nogil=True)
def pairs(rules, i, a, j, b):  # type: ignore[no-untyped-def]
    # Whether cards a (on pile i) and b (on pile j) pair: by total, or by rank where they touch.
    meta = rules.meta
    if not rules.touching[i, j]:
        return False
    if meta[SAME_RANK]:
        return a % 13 == b % 13
    return a % 13 + b % 13 + 2 == meta[13]


@njit(cache=True, nogil=True)
def can_close_up(rules, lens):  # type: ignore[no-untyped-def]
    # As rules/grid.can_close_up: a gap before a card, or a gap the stock can fill.
    gap = False
    for i in rules.tableau:
        if lens[i] == 0:
            gap = True
        elif gap:
            return True
    s = rules.meta[2]
    return gap and s >= 0 and lens[s] > 0


@njit(cache=True, nogil=True)
def close_up(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    # As rules/grid.close_up: slide the cards up in reading order, refill from the stock's top.
    tableau = rules.tableau
    s = rules.meta[2]
    at = 0
    for i in tableau:
        if lens[i] > 0:
            cards[tableau[at], 0] = cards[i, 0]
            at += 1
    for n in range(len(tableau)):
        i = tableau[n]
        if n < at:
            lens[i] = 1
        elif s >= 0 and lens[s] > 0:
            cards[i, 0] = cards[s, lens[s] - 1]
            lens[s] -= 1
            lens[i] = 1
        else:
            lens[i] = 0
        hid[i] = 0
    if s >= 0:
        hid[s] = stock_hidden(rules.meta, lens[s])


@njit(cache=True, nogil=True)
def _row_start(rules):  # type: ignore[no-untyped-def]
    # The rank (its place in the rank order) a row starts with: what the first place takes.
    first = rules.tableau[0]
    for c in range(52):
        if rules.empty[first, c]:
            return rules.rank_pos[c]
    return -1


@njit(cache=True, nogil=True)
def _in_sequence(rules, cards, lens, start):  # type: ignore[no-untyped-def]
    # As rules/gaps.in_sequence: places from a row's start holding its suit in order.
    meta = rules.meta
    at = _row_start(rules)
    tableau = rules.tableau
    rank_pos = rules.rank_pos
    row = meta[GRID_ROW]
    first = tableau[start]
    if lens[first] == 0:
        return 0
    suit = cards[first, lens[first] - 1] // 13
    n = 0
    while n < row:
        p = tableau[start + n]
        if lens[p] == 0:
            break
        c = cards[p, lens[p] - 1]
        if c // 13 != suit or rank_pos[c] != at + n:
            break
        n += 1
    return n


@njit(cache=True, nogil=True)
def rows_in_suit(rules, cards, lens):  # type: ignore[no-untyped-def]
    # As rules/gaps.rows_in_suit: every row in suit from its start rank to the top.
    meta = rules.meta
    row = meta[GRID_ROW]
    length = meta[22] - _row_start(rules)
    for start in range(0, len(rules.tableau), row):
        if _in_sequence(rules, cards, lens, start) != length:
            return False
    return True


@njit(cache=True, nogil=True)
def rows_out_of_sequence(rules, cards, lens):  # type: ignore[no-untyped-def]
    """How many places of the rows are not yet in sequence (the solver's estimate for a
    game won by rows in suit)."""
    meta = rules.meta
    row = meta[GRID_ROW]
    length = meta[22] - _row_start(rules)
    out = 0
    for start in range(0, len(rules.tableau), row):
        out += length - _in_sequence(rules, cards, lens, start)
    return out


@njit(cache=True, nogil=True)
def one_pile(rules, lens):  # type: ignore[no-untyped-def]
    # Goal.ONE_PILE: the whole deck in one tableau pile.
    for i in rules.tableau:
        if lens[i] == rules.meta[1]:
            return True
    return False


@njit(cache=True, nogil=True)
def grid_estimate(rules, cards, lens):  # type: ignore[no-untyped-def]
    """How far a grid game looks from its goal (the solver's estimate): places out of
    sequence (rows in suit), or piles still apart and cards still in the stock (one pile)."""
    if rules.meta[GRID_GOAL] == ROWS_GOAL:
        return rows_out_of_sequence(rules, cards, lens)
    out = 0
    for i in rules.tableau:
        if lens[i] > 0:
            out += 1
    s = rules.meta[2]
    return out + (lens[s] if s >= 0 else 0)


@njit(cache=True, nogil=True)
def slide(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    # As rules/grid.slide: the piles after an emptied place slide left, keeping their order.
    tableau = rules.tableau
    at = 0
    for i in tableau:
        if lens[i] == 0:
            continue
        p = tableau[at]
        if p != i:
            for x in range(lens[i]):
                cards[p, x] = cards[i, x]
            lens[p] = lens[i]
            hid[p] = hid[i]
            lens[i] = 0
            hid[i] = 0
        at += 1


@njit(cache=True, nogil=True)
def fill_first_gap(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    # As rules/grid.fill_first_gap: the stock's top card, face up, into the first empty place.
    s = rules.meta[2]
    for i in rules.tableau:
        if lens[i] == 0:
            put(cards, lens, i, cards[s, lens[s] - 1])
            hid[i] = 0
            lens[s] -= 1
            hid[s] = stock_hidden(rules.meta, lens[s])
            return


@njit(cache=True, nogil=True)
def can_fill_gap(rules, lens):  # type: ignore[no-untyped-def]
    s = rules.meta[2]
    if s < 0 or lens[s] == 0:
        return False
    for i in rules.tableau:
        if lens[i] == 0:
            return True
    return False


@njit(cache=True, nogil=True)
def regap(rules, cards, lens, hid, redeal):  # type: ignore[no-untyped-def]
    # As rules/gaps.regap: shuffle the cards out of sequence back into their places,
    # leaving the first place out of sequence in each row empty.
    meta = rules.meta
    tableau = rules.tableau
    row = meta[GRID_ROW]
    seq = np.empty(len(tableau), dtype=np.int64)
    places = np.empty(len(tableau), dtype=np.int64)
    gap = np.zeros(len(tableau), dtype=np.bool_)
    n = 0
    m = 0
    for start in range(0, len(tableau), row):
        first = start + _in_sequence(rules, cards, lens, start)
        if first < start + row:
            gap[first] = True
        for x in range(first, start + row):
            places[m] = x
            m += 1
            p = tableau[x]
            if lens[p] > 0:
                seq[n] = cards[p, lens[p] - 1]
                n += 1
    seq = seq[:n]
    mixed(seq, redeal)
    at = 0
    for y in range(m):
        p = tableau[places[y]]
        hid[p] = 0
        if gap[places[y]]:
            lens[p] = 0
        else:
            cards[p, 0] = seq[at]
            lens[p] = 1
            at += 1

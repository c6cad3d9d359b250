"""``trapped`` inside the search: a position in which cards can never leave their columns
is lost, and so is every position after it, so the search drops it unexpanded.

The reasoning is ``trapped._held``'s, over the kernel's arrays, read from tables
(``held_tables``) built from the same sources (``trapped.applies``, ``hosts_of``,
``needs_of``, ``spaces_of``): a card goes, one at a time, wherever any rule lets it at no cost
once the cards on it have gone, and a card left over can never go. Cards are bits of a
64-bit mask, so a card's hosts, the cards it needs home first and the cards under it
are compared a word at a time.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import numpy as np
from numba import njit

from cardtable.cards import ALL_CARDS
from cardtable.solitaire import Variant
from cardtable.solitaire.compiled.shared import MOVE
from cardtable.solver.trapped import applies, hosts_of, moves_alone, needs_of, spaces_of

OFF = (
    np.zeros(1, dtype=np.bool_), np.zeros((0, 52, 52), dtype=np.bool_), np.zeros(52, dtype=np.uint64),
    np.zeros(52, dtype=np.bool_), np.zeros(52, dtype=np.uint64), np.zeros(52, dtype=np.uint64),
    np.zeros(1, dtype=np.uint64),
)
"""The tables of a game the check does not apply to."""


def _mask(cards: frozenset[int]) -> int:
    """The 64-bit mask of ``cards``."""
    return sum(1 << c for c in cards)


@cache
def held_tables(variant: Variant, piles: int) -> tuple[np.ndarray, ...]:
    """``check_tables`` where a move can hold a card, else tables that turn the check off.

    Where no move lays a card on one it does not follow in a run (Klondike, Yukon), a
    position holds cards only as its deal did (the search's root is checked before it
    starts) or, rarely, through a King put in an empty column: there the look at every
    position costs more than it finds (Klondike's proofs came out the same, position for
    position, docs/benchmarks.md)."""
    tables = check_tables(variant, piles)
    alone = tables[1]
    if not tables[0][0] or not any(
        alone[pile, below, card]
        for pile, build, *_ in variant.tables.receivers
        if pile in variant.tables.tableau and build is not None
        for below, aboves in enumerate(build)
        for card in aboves
    ):
        return OFF
    return tables


def check_tables(variant: Variant, piles: int) -> tuple[np.ndarray, ...]:
    """What ``is_held`` reads: whether the check applies (0), which cards move only as
    the bottom card of what moves, by pile and the card under them (1), each card's
    hosts as a mask (2) and whether any card may take it (3), the cards that must be
    home before it (4), the piles that take it when empty (5) and the tableau's piles
    as a mask (6). Where ``trapped`` does not apply, the check is off."""
    t = variant.tables
    if not applies(variant) or piles > 64:
        return OFF
    alone = np.zeros((piles, 52, 52), dtype=np.bool_)
    for i in t.tableau:
        for under, card in product(ALL_CARDS, repeat=2):
            alone[i, under.index, card.index] = moves_alone(t.group[i], t.run[i], under, card)
    hosts, needs, spaces = hosts_of(variant), needs_of(variant), spaces_of(variant)
    return (
        np.ones(1, dtype=np.bool_),
        alone,
        np.array([0 if h is None else _mask(h) for h in hosts], dtype=np.uint64),
        np.array([h is None for h in hosts], dtype=np.bool_),
        np.array([_mask(n) for n in needs], dtype=np.uint64),
        np.array([_mask(s) for s in spaces], dtype=np.uint64),
        np.array([_mask(frozenset(t.tableau))], dtype=np.uint64),
    )


@njit(cache=True, nogil=True)
def is_held(held, cards, lens, hid, tops, under):  # type: ignore[no-untyped-def]
    """Whether some card of the position can never leave its column (``trapped``).
    ``tops`` is scratch for each pile's height still held, ``under`` for each card's
    cards under it (52 masks)."""
    on, alone, hosts, anywhere, needs, spaces, tableau = held
    if not on[0]:
        return False
    piles = lens.shape[0]
    one = np.uint64(1)
    placed = np.uint64(0)  # cards that can only move as the bottom card of what moves
    clear = ~tableau[0]  # piles that are or may become empty
    for i in range(piles):
        tops[i] = 0
        if not (tableau[0] >> np.uint64(i)) & one:
            continue
        if lens[i] == 0:
            clear |= one << np.uint64(i)
        first = max(hid[i], 0)
        below = np.uint64(0)
        for x in range(lens[i]):
            c = cards[i, x]
            under[c] = below
            below |= one << np.uint64(c)
            if x <= first or alone[i, cards[i, x - 1], c]:
                placed |= one << np.uint64(c)
                tops[i] = x + 1
    if placed == 0:
        return False
    gone = ~placed  # cards that have left, or move with the cards under them
    uncovered = np.uint64(0)  # the held cards with nothing held on them
    for i in range(piles):
        if tops[i] > 0:
            uncovered |= one << np.uint64(cards[i, tops[i] - 1])
    changed = True
    while changed:
        changed = False
        for i in range(piles):
            while tops[i] > 0:
                x = tops[i] - 1
                c = cards[i, x]
                bit = one << np.uint64(c)
                if not gone & bit:
                    below = under[c]
                    need = needs[c]
                    room = spaces[c] & clear & ~(one << np.uint64(i))
                    free = hosts[c] & ~below & (gone | uncovered)
                    if not (anywhere[c] or (need & below == 0 and need & ~gone == 0) or room or free):
                        break
                    gone |= bit
                    changed = True
                uncovered &= ~bit
                if x == 0:
                    clear |= one << np.uint64(i)
                else:
                    uncovered |= one << np.uint64(cards[i, x - 1])
                tops[i] = x
    for i in range(piles):
        if tops[i] > 0:
            return True
    return False


@njit(cache=True, nogil=True)
def homeward(rules, move):  # type: ignore[no-untyped-def]
    """Whether ``move`` is one card or group sent to a foundation: a position not held
    stays so when cards only leave the tableau (every card's way out stays open), so
    its child needs no look."""
    return move >> 24 == MOVE and rules.is_foundation[(move >> 8) & 255]

"""A talon card goes onto the tableau only together with the move that puts a card on it.

Where every talon card is one move away at any time (one card turned at a time, no limit
on redeals: ``talon.draw_of`` is 1), a talon card laid on a column does nothing there but
wait: taking it out of the talon makes no other card easier to reach, and it covers the
card it lies on. So a win that plays it there can wait to play it until the move that
first puts a card on it. Moving it on instead, or home, it could have done straight from
the talon; and the moves in between never touch it, so they are as legal without it.
The search therefore plays the two moves as one step: the positions in between, with a
card or two off the talon lying unused on the columns in every combination, are never
stored, and a Klondike proof needs a fifth to a half of the positions
(docs/benchmarks.md). A card the talon plays home goes alone, as before.

A pair is one move code: the first move in the low 32 bits, the second plus one above
them; its talon reach likewise holds the first move's jump low and the second's high.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.kernel import generate
from cardtable.solitaire.compiled.shared import MOVE
from cardtable.solver.children import make_child
from cardtable.solver.talon import jumps, talon_of

LOW = 0xFFFFFFFF


@njit(cache=True, nogil=True)
def first_of(move):  # type: ignore[no-untyped-def]
    """The move itself, or a pair's first move (the talon card played)."""
    return move & LOW


@njit(cache=True, nogil=True)
def second_of(move):  # type: ignore[no-untyped-def]
    """A pair's second move (onto the talon card), or -1 for a single move."""
    return (move >> 32) - 1


@njit(cache=True, nogil=True)
def _low_reach(reach):  # type: ignore[no-untyped-def]
    low = reach & LOW
    return low - (1 << 32) if low >= (1 << 31) else low


@njit(cache=True, nogil=True)
def _lays_out(rules, move):  # type: ignore[no-untyped-def]
    """Whether ``move`` plays a card off the waste onto a pile that is not a foundation."""
    return move >> 24 == MOVE and (move >> 16) & 255 == rules.meta[3] and not rules.is_foundation[(move >> 8) & 255]


@njit(cache=True, nogil=True)
def pair_up(rules, draw, cards, lens, hid, extra, moves, reach, count, scratch, spare, eager):  # type: ignore[no-untyped-def]
    """Where ``draw`` is 1, replace each move of ``moves[:count]`` playing a talon card
    onto the tableau by the pairs it makes with each move that then puts a card on it
    (a card played off the talon that nothing could go on is dropped); return the new
    count. Moves too many for the array are left unpaired. ``spare`` is the scratch of
    ``running._work`` (a position, moves, talon and log); ``eager`` as the search's, so
    that the position between the two moves is the one ``lay_out`` will play from."""
    if draw != 1:
        return count
    icards, ilens, ihid, iextra, more, mreach, pmoves, preach, talon, log = spare
    s, w = rules.meta[2], rules.meta[3]
    n = talon_of(cards, lens, s, w, talon)
    paired = 0
    kept = 0
    for m in range(count):
        mv = moves[m]
        if not _lays_out(rules, mv):
            kept += 1
            continue
        j = (mv >> 8) & 255
        make_child(rules, draw, (cards, lens, hid, extra), (icards, ilens, ihid, iextra), talon, n, mv, reach[m], log, 0, eager)
        got = generate(rules, icards, ilens, ihid, iextra, more)
        got = jumps(rules, draw, icards, ilens, ihid, iextra, more, mreach, got, scratch)
        for g in range(got):
            f = more[g]
            if f >> 24 != MOVE or (f >> 8) & 255 != j or (f >> 16) & 255 == j:
                continue
            if paired >= len(pmoves):
                return count
            pmoves[paired] = mv | ((f + 1) << 32)
            preach[paired] = (reach[m] & LOW) | ((mreach[g] & LOW) << 32)
            paired += 1
    if kept + paired > len(moves):
        return count
    at = 0
    for m in range(count):
        if not _lays_out(rules, moves[m]):
            moves[at] = moves[m]
            reach[at] = reach[m]
            at += 1
    for p in range(paired):
        moves[at] = pmoves[p]
        reach[at] = preach[p]
        at += 1
    return at


@njit(cache=True, nogil=True)
def lay_out(rules, draw, position, child, spare, talon, n, move, reach, mlog, at, eager):  # type: ignore[no-untyped-def]
    """``children.make_child`` for a move or a pair (both moves, and the safe moves home
    after each, logged from ``mlog[at]``); return how many moves were logged."""
    second = second_of(move)
    if second < 0:
        return make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager)
    icards, ilens, ihid, iextra = spare[0], spare[1], spare[2], spare[3]
    between = (icards, ilens, ihid, iextra)
    used = make_child(rules, draw, position, between, talon, n, first_of(move), _low_reach(reach), mlog, at, eager)
    later = spare[8]
    s, w = rules.meta[2], rules.meta[3]
    m = talon_of(icards, ilens, s, w, later)
    return used + make_child(rules, draw, between, child, later, m, second, reach >> 32, mlog, at + used, eager)


@njit(cache=True, nogil=True)
def log_room(moves, count, capacity):  # type: ignore[no-untyped-def]
    """The most log entries the children of ``moves[:count]`` can take (a pair twice a
    move's: each of its moves with its talon's turns and its moves home)."""
    room = 0
    for m in range(count):
        room += (2 * capacity + 4) * (1 if moves[m] >> 32 == 0 else 2)
    return room


def spare_arrays(piles: int, capacity: int, most: int) -> tuple[np.ndarray, ...]:
    """Scratch for ``pair_up`` and ``lay_out``: a position between the two moves, the
    moves found there and their reach, the pairs and theirs, a talon and a move log."""
    return (
        np.zeros((piles, capacity), dtype=np.uint8), np.zeros(piles, dtype=np.int64),
        np.zeros(piles, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.zeros(most, dtype=np.int64), np.zeros(most, dtype=np.int64),
        np.zeros(most, dtype=np.int64), np.zeros(most, dtype=np.int64),
        np.zeros(capacity + 1, dtype=np.int64), np.zeros(4 * capacity + 64, dtype=np.int32),
    )

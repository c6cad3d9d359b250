"""A talon card goes onto the tableau only together with the move that puts a card on it.

Where every talon card is one move away at any time (one card turned at a time, no limit
on redeals: ``talon.draw_of`` is 1), a talon card laid on a column does nothing there but
wait: taking it out of the talon makes no other card easier to reach, and it covers the
card it lies on. So a win that plays it there can wait to play it until the move that
first puts a card on it. Moving it on instead, or home, it could have done straight from
the talon; and the moves in between never touch it, so they are as legal without it.
The search that can prove a deal lost (``Solving.paired``) therefore plays the two moves
as one step: the positions in between, with a card or two off the talon lying unused on
the columns in every combination, are never stored, and a Klondike proof needs a tenth to
a half of the positions (docs/benchmarks.md). A card the talon plays home goes alone, as
before. The other searches play a talon card alone: many a quick win goes through the
positions pairing skips.

A pair is one move code: the first move in the low 32 bits, the second plus one above
them; its talon reach likewise holds the first move's jump low and the second's high.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.kernel import generate
from cardtable.solitaire.compiled.keys import hashes_for
from cardtable.solitaire.compiled.rules import borrowed
from cardtable.solitaire.compiled.shared import MOVE, code
from cardtable.solver.children import child_key, make_child
from cardtable.solver.talon import NOT_A_JUMP, talon_chains, talon_hashes, talon_of

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
def first_reach(reach):  # type: ignore[no-untyped-def]
    """The talon reach of the move itself, or of a pair's first move."""
    low = reach & LOW
    return low - (1 << 32) if low >= (1 << 31) else low


@njit(cache=True, nogil=True)
def _lays_out(rules, move):  # type: ignore[no-untyped-def]
    """Whether ``move`` plays a card off the waste onto a pile that is not a foundation."""
    return move >> 24 == MOVE and (move >> 16) & 255 == rules.meta[3] and not rules.is_foundation[(move >> 8) & 255]


@njit(cache=True, nogil=True)
def pair_up(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, eager):  # type: ignore[no-untyped-def]
    """Where ``draw`` is 1, replace each move of ``moves[:count]`` playing a talon card
    onto the tableau by the pairs it makes with each move that then puts a card on it
    (a card played off the talon that nothing could go on is dropped; one the safe moves
    home take straight on stays a move of its own); return the new count. Moves too many
    for the array are left unpaired. ``spare`` is the scratch of ``running._work`` (a
    position, moves, talon and log); ``eager`` as the search's, so that the position
    between the two moves is the one ``lay_out`` will play from."""
    if draw != 1:
        return count
    icards, ilens, ihid, iextra, more, mreach, pmoves, preach, talon, log = spare[:10]
    spare[15][0] = FORGOTTEN  # the position between is laid out afresh below
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
        if not _may_follow(rules, cards, lens, hid, talon, n, reach[m], j):
            continue  # nothing could ever be put on it from where the cards lie now
        make_child(rules, draw, (cards, lens, hid, extra), (icards, ilens, ihid, iextra), talon, n, mv, reach[m], log, 0, eager)
        if ilens[j] != lens[j] + 1:  # it went on at once (home): it waits nowhere, so it goes alone
            if paired >= len(pmoves):
                return count
            pmoves[paired] = mv
            preach[paired] = reach[m]
            paired += 1
            continue
        got = generate(rules, icards, ilens, ihid, iextra, more, -1, j)
        got = _from_talon(rules, icards, ilens, j, more, mreach, got)
        for g in range(got):
            f = more[g]
            if (f >> 16) & 255 == j or ((f >> 16) & 255 == w and mreach[g] == NOT_A_JUMP):
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
def _may_follow(rules, cards, lens, hid, talon, n, reach, j):  # type: ignore[no-untyped-def]
    """Whether a card that may go on the talon card a jump of ``reach`` plays onto pile
    ``j`` lies face up on the tableau, on top of a foundation, or in the talon: a cheap
    look before the position with it played is laid out."""
    p = reach if reach >= 0 else -2 - reach
    c = talon[p - 1]
    b = rules.build_id[j]
    if b < 0:
        return True
    tables = rules.tables
    s, w = rules.meta[2], rules.meta[3]
    for i in range(rules.meta[0]):
        if i == s or i == w:
            continue
        for k in range(max(hid[i], lens[i] - 1) if rules.is_foundation[i] else hid[i], lens[i]):
            if tables[b, c, cards[i, k]]:
                return True
    for t in range(n):
        if t != p - 1 and tables[b, c, talon[t]]:
            return True
    return False


@njit(cache=True, nogil=True)
def _from_talon(rules, cards, lens, j, moves, reach, count):  # type: ignore[no-untyped-def]
    """Add to ``moves[:count]`` (every other move's reach ``NOT_A_JUMP``) the talon jumps
    that put a card on pile ``j``, as ``talon.jumps`` finds them one card at a time (a
    card ahead of the pointer by turning on, one behind it through a redeal), but
    looking only at the cards the top of ``j`` takes; return the new count."""
    for m in range(count):
        reach[m] = NOT_A_JUMP
    b = rules.build_id[j]
    s, w = rules.meta[2], rules.meta[3]
    if b < 0 or lens[j] == 0 or not rules.feeds[w, j]:
        return count
    top = cards[j, lens[j] - 1]
    on = lens[w]
    for t in range(on):
        x = cards[w, t]
        if rules.tables[b, top, x] and count < len(moves):
            moves[count] = code(MOVE, w, j, 1)
            reach[count] = t + 1 if t + 1 >= on else -3 - t
            count += 1
    for t in range(lens[s]):
        x = cards[s, lens[s] - 1 - t]
        if rules.tables[b, top, x] and count < len(moves):
            moves[count] = code(MOVE, w, j, 1)
            reach[count] = on + t + 1
            count += 1
    return count


@njit(cache=True, nogil=True)
def lay_out(rules, draw, position, child, spare, talon, n, move, reach, mlog, at, eager):  # type: ignore[no-untyped-def]
    """``children.make_child`` for a move or a pair (both moves, and the safe moves home
    after each, logged from ``mlog[at]``); return how many moves were logged."""
    second = second_of(move)
    if second < 0:
        return make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager)
    spare[15][0] = FORGOTTEN
    icards, ilens, ihid, iextra = spare[0], spare[1], spare[2], spare[3]
    between = (icards, ilens, ihid, iextra)
    used = make_child(rules, draw, position, between, talon, n, first_of(move), first_reach(reach), mlog, at, eager)
    later = spare[8]
    s, w = rules.meta[2], rules.meta[3]
    m = talon_of(icards, ilens, s, w, later)
    return used + make_child(rules, draw, between, child, later, m, second, reach >> 32, mlog, at + used, eager)


@njit(cache=True, nogil=True)
def _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent):  # type: ignore[no-untyped-def]
    """Lay out the position between a pair's two moves from ``position`` (node
    ``parent``) in the spare arrays, with its log, talon and pile hashes, unless the
    pair before it had the same first move from the same node and left it there."""
    memo = spare[15]
    first, r = first_of(move), first_reach(reach)
    if memo[0] == parent and memo[1] == first and memo[2] == r:
        return
    icards, ilens, ihid, iextra = spare[0], spare[1], spare[2], spare[3]
    later, log = spare[8], spare[9]
    memo[3] = make_child(rules, draw, position, (icards, ilens, ihid, iextra), talon, n, first, r, log, 0, eager)
    s, w = rules.meta[2], rules.meta[3]
    memo[4] = talon_of(icards, ilens, s, w, later)
    if quick:
        spare[16][0] = talon_hashes(rules, draw, icards, ilens, ihid, iextra, (spare[10], spare[11], spare[12], spare[13]))
        talon_chains(later, memo[4], spare[14])
    memo[0], memo[1], memo[2] = parent, first, r


@njit(cache=True, nogil=True)
def pair_key(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent):  # type: ignore[no-untyped-def]
    """``children.child_key`` of a pair's child (before the cards its second move sends
    home) from the position between its moves, laid out once for all the pairs that
    share a first move; 0 where it can't be worked out (``quick`` False)."""
    if not quick:
        return np.uint64(0)
    _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent)
    hashes = (spare[10], spare[11], spare[12], spare[13])
    return child_key(rules, draw, quick, hashes, spare[16][0], spare[14], spare[8], spare[15][4],
                     spare[0], spare[1], spare[2], spare[3], second_of(move), reach >> 32)


@njit(cache=True, nogil=True)
def lay_out_from(rules, draw, quick, position, child, spare, talon, n, move, reach, mlog, at, eager, parent):  # type: ignore[no-untyped-def]
    """``lay_out`` for the best-first search, which expands node ``parent`` (a pair's
    position between its moves is laid out once for all its pairs); return how many
    moves were logged and how many of them are the first move's (0 for a single move)."""
    second = second_of(move)
    if second < 0:
        return make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager), 0
    _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent)
    used, log = spare[15][3], spare[9]
    for x in range(used):
        mlog[at + x] = log[x]
    between = (spare[0], spare[1], spare[2], spare[3])
    return used + make_child(rules, draw, between, child, spare[8], spare[15][4], second, reach >> 32, mlog, at + used, eager), used


@njit(cache=True, nogil=True)
def log_room(moves, count, capacity):  # type: ignore[no-untyped-def]
    """The most log entries the children of ``moves[:count]`` can take (a pair twice a
    move's: each of its moves with its talon's turns and its moves home)."""
    room = 0
    for m in range(count):
        room += (2 * capacity + 4) * (1 if moves[m] >> 32 == 0 else 2)
    return room


@njit(cache=True, nogil=True)
def spare_of(work):  # type: ignore[no-untyped-def]
    """The ``spare_arrays`` in a search's scratch (``running._work``), borrowed."""
    b = borrowed
    return (b(work[20]), b(work[21]), b(work[22]), b(work[23]), b(work[24]), b(work[25]), b(work[26]), b(work[27]),
            b(work[28]), b(work[29]), b(work[30]), b(work[31]), b(work[32]), b(work[33]), b(work[34]), b(work[35]),
            b(work[36]))


SPARE = 17
"""How many arrays ``spare_arrays`` makes. From the eleventh, the position between a
pair's moves keeps its pile hashes (four arrays), its talon's chains, what it is (node,
first move, reach, moves logged, talon length: the memo, ``spare[15]``) and its key's sum."""
FORGOTTEN = -2
"""The memo's node when the spare position is no pair's position between."""


def spare_arrays(piles: int, capacity: int, most: int, groups: int) -> tuple[np.ndarray, ...]:
    """Scratch for ``pair_up`` and ``lay_out``: a position between the two moves, the
    moves found there and their reach, the pairs and theirs, a talon and a move log,
    and the between position's hashes (``keys.hashes_for``, ``talon.talon_chains``)."""
    return (
        np.zeros((piles, capacity), dtype=np.uint8), np.zeros(piles, dtype=np.int64),
        np.zeros(piles, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.zeros(most, dtype=np.int64), np.zeros(most, dtype=np.int64),
        np.zeros(most, dtype=np.int64), np.zeros(most, dtype=np.int64),
        np.zeros(capacity + 1, dtype=np.int64), np.zeros(4 * capacity + 64, dtype=np.int32),
        *hashes_for(piles, capacity, groups), np.zeros((2, capacity + 1), dtype=np.uint64),
        np.full(5, FORGOTTEN, dtype=np.int64), np.zeros(1, dtype=np.uint64),
    )

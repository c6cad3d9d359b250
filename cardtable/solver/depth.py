"""The compiled depth-first search: every position reachable, each once, with nothing
kept of a position but its key once it is left behind.

Where the best-first search (``kernel.py``) keeps every position it has seen, ordered
by how close to a win it looks, this one keeps only the line it is on: its positions,
their untried moves and the moves that led there. A position costs the search some 30
bytes (its key in a table at most half full) instead of 130-400, at about the same
speed, so a proof goes five times further in the same memory: it is the search that
proves deals lost where a game asks for it. It tries moves home first and moves that
turn a card up next, so it finds many wins too, in longer solutions than best first.

The Python side (``running.py``) owns the arrays and calls ``dive`` in slices, growing
them when the kernel says they are full.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.kernel import generate, is_won
from cardtable.solitaire.compiled.rules import borrowed
from cardtable.solitaire.compiled.shared import MOVE, MOVES_STAY_PUT
from cardtable.solver.children import child_key, go_home, went_home
from cardtable.solver.kernel import EXHAUSTED, FULL, NODES, SOLVED, STATUS, _decode, _encode, _has, _seen, is_idle, to_twin
from cardtable.solver.homeward import hold_home
from cardtable.solver.pairs import LONGEST, first_of, lay_out, pair_up, second_of, spare_of
from cardtable.solver.talon import NOT_A_JUMP, draw_of, jumps, talon_chains, talon_hashes, talon_key, talon_of

# counters (NODES and STATUS as in kernel.py)
DEPTH, MOVES_TOP, LOG_TOP = 2, 3, 4


@njit(cache=True, nogil=True)
def _rank(rules, cards, lens, hid, move):  # type: ignore[no-untyped-def]
    """Which moves are tried first (lower first): home, then turning a card up or
    emptying a column, then the rest; a talon card played with a move onto it
    (``pairs.py``) as that move."""
    if second_of(move) >= 0:
        move = second_of(move)
    if move >> 24 != MOVE:
        return 2
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    if rules.is_foundation[j]:
        return 0
    if (move & 255) >= lens[i] - hid[i] and not rules.is_foundation[i]:
        return 1
    return 2


@njit(cache=True, nogil=True)
def _open(rules, store, work, counters, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """Put a position's moves on the move stack, best first, as a new frame (its
    position already encoded at the frame's row); False if the stack has no room."""
    b = borrowed
    mstack, rstack = b(store[1]), b(store[2])
    fstart, fnext, fcount = b(store[3]), b(store[4]), b(store[5])
    moves, reach = b(work[8]), b(work[9])
    scratch = (b(work[11]), b(work[12]), b(work[13]))
    spare = spare_of(work)
    draw = draw_of(rules)
    count = generate(rules, cards, lens, hid, extra, moves)
    if draw > 0:
        count = jumps(rules, draw, cards, lens, hid, extra, moves, reach, count, scratch)
        count = pair_up(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, False, LONGEST)
        count = hold_home(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, False)
    top = counters[MOVES_TOP]
    if top + count > len(mstack):
        return False
    at = top
    for want in range(3):
        for m in range(count):
            if _rank(rules, cards, lens, hid, moves[m]) == want:
                mstack[at] = moves[m]
                rstack[at] = reach[m] if draw > 0 else NOT_A_JUMP
                at += 1
    f = counters[DEPTH]
    fstart[f] = top
    fnext[f] = 0
    fcount[f] = count
    counters[MOVES_TOP] = top + count
    counters[DEPTH] = f + 1
    return True


@njit(cache=True, nogil=True)
def start(rules, store, work, counters, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """Seed the search with the root position (after its safe moves home)."""
    rows, elog, estart, table = store[0], store[6], store[7], store[8]
    piles = rules.meta[0]
    played = go_home(rules, cards, lens, hid, extra, elog, 0, False)
    counters[LOG_TOP] = played
    _seen(table, talon_key(rules, draw_of(rules), cards, lens, hid, extra))
    counters[NODES] = 1
    if is_won(rules, lens, cards):
        counters[STATUS] = SOLVED
        return
    _encode(rows[0], cards, lens, hid, extra, piles)
    estart[0] = played
    if not _open(rules, store, work, counters, cards, lens, hid, extra):
        counters[STATUS] = FULL


@njit(cache=True, nogil=True)
def dive(rules, idle, store, work, counters, steps):  # type: ignore[no-untyped-def]
    """Try up to ``steps`` moves; the outcome is left in ``counters[STATUS]``: SOLVED
    (the line is ``store[6][:counters[LOG_TOP]]``), EXHAUSTED, or FULL (the stacks or
    the table need more room: nothing was changed by the move that found it so).
    Idle moves (``kernel.is_idle``) are skipped unless ``idle``."""
    b = borrowed
    rows, mstack, rstack = b(store[0]), b(store[1]), b(store[2])
    fstart, fnext, fcount = b(store[3]), b(store[4]), b(store[5])
    elog, estart, table = b(store[6]), b(store[7]), b(store[8])
    cards, lens, hid, extra = b(work[0]), b(work[1]), b(work[2]), b(work[3])
    ccards, clens, chid, cextra = b(work[4]), b(work[5]), b(work[6]), b(work[7])
    talon = b(work[10])
    hashes = (b(work[15]), b(work[16]), b(work[17]), b(work[18]))
    chains = b(work[19])
    spare = spare_of(work)
    counters = b(counters)
    meta = rules.meta
    piles, capacity = meta[0], meta[1]
    s, w = meta[2], meta[3]
    draw = draw_of(rules)
    # As in kernel.run: a child seen before is known by a key worked out from its
    # frame's pile hashes (those of frame ``hashed``), before it is laid out.
    quick = meta[MOVES_STAY_PUT]
    hashed = -1
    decoded = -1  # the frame whose position ``cards``, ``lens``, ``hid`` and ``extra`` hold
    raw = np.uint64(0)
    for _ in range(steps):
        f = counters[DEPTH] - 1
        if f < 0:
            counters[STATUS] = EXHAUSTED
            return
        if fnext[f] == fcount[f]:  # every move from here tried: back up
            counters[DEPTH] = f
            counters[MOVES_TOP] = fstart[f]
            counters[LOG_TOP] = estart[f]
            continue
        if f + 2 > rows.shape[0] or counters[LOG_TOP] + (LONGEST + 1) * (2 * capacity + 4) > len(elog) or 2 * counters[NODES] + 2 > len(table):
            counters[STATUS] = FULL
            return
        at = fstart[f] + fnext[f]
        move, p = mstack[at], rstack[at]
        fnext[f] += 1
        if decoded != f:  # a frame's row is rewritten only from the frame before it, which decodes its own first
            _decode(rows[f], cards, lens, hid, extra, piles)
            decoded = f
        if to_twin(rules, lens, first_of(move)) or (not idle and is_idle(rules, cards, lens, hid, first_of(move))):
            continue
        n = talon_of(cards, lens, s, w, talon) if draw > 0 else 0
        known = np.uint64(0)
        if quick and move >> 24 == MOVE:
            if hashed != f:
                raw = talon_hashes(rules, draw, cards, lens, hid, extra, hashes)
                if draw > 0:
                    talon_chains(talon, n, chains)
                hashed = f
            known = child_key(rules, draw, quick, hashes, raw, chains, talon, n, cards, lens, hid, extra, move, p)
            if known != 0 and _has(table, known):
                continue
        log = counters[LOG_TOP]
        used = lay_out(rules, draw, (cards, lens, hid, extra), (ccards, clens, chid, cextra), spare, talon, n, move, p, elog, log, False)
        if known == 0 or went_home(elog, log, used):
            known = talon_key(rules, draw, ccards, clens, chid, cextra)
        if _seen(table, known):
            continue
        counters[NODES] += 1
        counters[LOG_TOP] = log + used
        if is_won(rules, clens, ccards):
            counters[STATUS] = SOLVED
            return
        _encode(rows[f + 1], ccards, clens, chid, cextra, piles)
        estart[f + 1] = log
        if not _open(rules, store, work, counters, ccards, clens, chid, cextra):
            counters[LOG_TOP] = log  # the child is known (in the table) but not entered: undo it all
            fnext[f] -= 1
            _unsee(table, known)
            counters[NODES] -= 1
            counters[STATUS] = FULL
            return
        if hashed == f + 1:  # the frame's old position, left behind
            hashed = -1


@njit(cache=True, nogil=True)
def _unsee(table, k):  # type: ignore[no-untyped-def]
    """Take ``k`` out of the table again (linear probing: the keys after it move up)."""
    size = len(table)
    slot = np.int64(k & np.uint64(size - 1))
    while table[slot] != k:
        slot = (slot + 1) & (size - 1)
    table[slot] = 0
    nxt = (slot + 1) & (size - 1)
    while table[nxt] != 0:
        moved = table[nxt]
        table[nxt] = 0
        _seen(table, moved)
        nxt = (nxt + 1) & (size - 1)


"""A child position laid out: the move (after the talon's turns, for a talon jump), then
the safe moves home, all logged; and, where it can be, the child's key worked out from
its parent's before it is laid out. Both searches (``kernel.py`` and ``depth.py``) make
their children here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.homes import home_move
from cardtable.solitaire.compiled.kernel import play
from cardtable.solitaire.compiled.keys import moved_key
from cardtable.solitaire.compiled.shared import MOVE, MOVES_STAY_PUT, copy_position
from cardtable.solver.talon import NOT_A_JUMP, jumped_key, point, turns


@njit(cache=True, nogil=True)
def go_home(rules, cards, lens, hid, extra, mlog, at, eager):  # type: ignore[no-untyped-def]
    """Play every safe move home (every move home if ``eager``), logging each from
    ``at``; return how many."""
    played = 0
    while at + played < len(mlog):
        move = home_move(rules, cards, lens, hid, -1, -1, eager)
        if move < 0:
            break
        play(rules, cards, lens, hid, extra, move)
        mlog[at + played] = move
        played += 1
    return played


@njit(cache=True, nogil=True, inline="always")
def go_home_after(rules, cards, lens, hid, extra, mlog, at, move, eager):  # type: ignore[no-untyped-def]
    """``go_home`` after ``move``, played from a position with no safe move home left.

    A move between two piles that leaves the foundations as they were changes what may
    go home only on those two piles, in games where a move has no further effects
    (``MOVES_STAY_PUT``): those two are looked at first, and only if one of them gives
    a card home can any other pile have become safe too. (A card taken off a foundation
    may let a second copy of it, on any pile, go home.)
    """
    meta = rules.meta
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    if move >> 24 != MOVE or not meta[MOVES_STAY_PUT] or rules.is_foundation[i] or rules.is_foundation[j] or i == meta[2]:
        return go_home(rules, cards, lens, hid, extra, mlog, at, eager)
    found = home_move(rules, cards, lens, hid, i, j, eager)
    if found < 0 or at >= len(mlog):
        return 0
    play(rules, cards, lens, hid, extra, found)
    mlog[at] = found
    return 1 + go_home(rules, cards, lens, hid, extra, mlog, at + 1, eager)


@njit(cache=True, nogil=True, inline="always")
def child_key(rules, draw, quick, hashes, raw, chains, talon, n, cards, lens, hid, extra, move, jump):  # type: ignore[no-untyped-def]
    """The key of the position ``move`` (with its talon ``jump``) leads to before any
    card goes home, worked out from the parent's ``talon_hashes`` (``raw``) and
    ``talon_chains`` without laying it out; 0 where that can't be done (``quick``
    False: a game whose moves change more than the piles they touch)."""
    if not quick or move >> 24 != MOVE:
        return np.uint64(0)
    meta = rules.meta
    s, w = meta[2], meta[3]
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    if jump == NOT_A_JUMP:
        if i == s or j == s or i == w or j == w:
            return np.uint64(0)
        return moved_key(rules, hashes, raw, cards, lens, hid, i, j, move & 255)
    if j == s or rules.sinks[s] or rules.sinks[w]:
        return np.uint64(0)
    return jumped_key(rules, draw, hashes, raw, chains, talon, n, jump, j, lens, hid, extra)


@njit(cache=True, nogil=True, inline="always")
def went_home(mlog, at, used):  # type: ignore[no-untyped-def]
    """Whether the moves logged for a child (``mlog[at:at + used]``: turns, the move,
    then moves home) end with a move home."""
    x = at
    while mlog[x] >> 24 != MOVE:  # the talon's turns come first
        x += 1
    return x < at + used - 1


@njit(cache=True, nogil=True, inline="always")
def make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager):  # type: ignore[no-untyped-def]
    """Lay out in ``child`` the position ``move`` leads to from ``position`` (each the
    tuple cards, lens, hid, extra), with the turns a talon jump takes first (``reach``,
    see ``talon.jumps``; ``talon[:n]`` the talon) and the safe moves home after; log it
    all from ``mlog[at]`` and return how many moves were logged. Both searches build
    their children here; ``eager`` sends every card home the foundations take."""
    cards, lens, hid, extra = position
    ccards, clens, chid, cextra = child
    s, w = rules.meta[2], rules.meta[3]
    copy_position(cards, lens, hid, ccards, clens, chid)
    cextra[0] = extra[0]
    pre = 0
    if reach != NOT_A_JUMP:
        p = reach if reach >= 0 else -2 - reach
        pre = turns(draw, lens[w], n, p, reach < 0, mlog, at)
        point(ccards, clens, chid, s, w, talon, n, p)
        cextra[0] += reach < 0
    play(rules, ccards, clens, chid, cextra, move)
    mlog[at + pre] = move
    if pre and chid[s] < clens[s]:  # a card of the stock shows: it may go home too
        return pre + 1 + go_home(rules, ccards, clens, chid, cextra, mlog, at + pre + 1, eager)
    # After a talon jump only the waste's new top and the pile played on may go home.
    return pre + 1 + go_home_after(rules, ccards, clens, chid, cextra, mlog, at + pre + 1, move, eager)

"""Talon jumps: where the stock turns onto the waste for ever (no limit on redeals), any
card the turning can bring to the top of the waste is one move away, not a long chain
of turns. The search plays "turn until this card shows, then play it" as one step.

The talon is the waste (bottom first) followed by the stock (top first): turning and
turning the waste back over never change that sequence, only how much of it lies on the
waste (the *pointer*). When one card turns at a time, every pointer can reach every
other by turning alone, so positions differing only in the pointer are one position to
the transposition table. With three at a time the pointers turning comes back round to
(none, three, six, ... and the whole talon) are one position too; any other (after a
card is played off the waste) keeps its pointer in the key, since turning leaves it for
good. The moves logged are the engine's own turns and redeals, so every solution
still replays move by move.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.kernel import generate
from cardtable.solitaire.compiled.keys import BASIS, chain, finish, key, pile_hashes, redeals_part, with_piles
from cardtable.solitaire.compiled.shared import DEAL, MOVE, NO_STEP, REDEAL, code, copy_position

NOT_A_JUMP = -1


@njit(cache=True, nogil=True)
def draw_of(rules):  # type: ignore[no-untyped-def]
    """Cards turned at a time where talon jumps apply, else 0: the stock turns onto a
    waste that takes no cards, redeals are unlimited and nothing pairs."""
    meta, takes = rules.meta, rules.takes
    s, w = meta[2], meta[3]
    if meta[4] != 1 or s < 0 or w < 0 or meta[6] >= 0 or meta[12] or takes[w]:
        return 0
    return meta[5]


@njit(cache=True, nogil=True)
def talon_of(cards, lens, s, w, talon):  # type: ignore[no-untyped-def]
    """Write the talon (waste bottom first, then stock top first); return its length."""
    n = 0
    for x in range(lens[w]):
        talon[n] = cards[w, x]
        n += 1
    for x in range(lens[s] - 1, -1, -1):
        talon[n] = cards[s, x]
        n += 1
    return n


@njit(cache=True, nogil=True)
def point(cards, lens, hid, s, w, talon, n, p):  # type: ignore[no-untyped-def]
    """Lay the talon out with its first ``p`` cards on the waste."""
    for x in range(p):
        cards[w, x] = talon[x]
    lens[w] = p
    hid[w] = 0
    for x in range(n - p):
        cards[s, x] = talon[n - 1 - x]
    lens[s] = n - p
    hid[s] = n - p


@njit(cache=True, nogil=True)
def turns(draw, w, n, p, via_redeal, mlog, at):  # type: ignore[no-untyped-def]
    """Log the turns (and redeal) that take the pointer from ``w`` to ``p``; return how many."""
    logged = 0
    q = w
    if via_redeal:
        while q < n:
            q = min(q + draw, n)
            mlog[at + logged] = code(DEAL, 0, 0, 0)
            logged += 1
        mlog[at + logged] = code(REDEAL, 0, 0, 0)
        logged += 1
        q = 0
    while q < p:
        q = min(q + draw, n)
        mlog[at + logged] = code(DEAL, 0, 0, 0)
        logged += 1
    return logged


@njit(cache=True, nogil=True)
def jumps(rules, draw, cards, lens, hid, extra, moves, reach, count, scratch):  # type: ignore[no-untyped-def]
    """Replace the turns, redeals and waste moves among ``moves[:count]`` by talon
    jumps; ``reach[m]`` is the pointer a jump turns to (``-2 - p`` through a redeal),
    ``NOT_A_JUMP`` for the other moves. Return the new count."""
    meta = rules.meta
    s, w = meta[2], meta[3]
    kept = 0
    for m in range(count):
        mv = moves[m]
        kind = mv >> 24
        if kind == DEAL or kind == REDEAL or (kind == MOVE and (mv >> 16) & 255 == w):
            continue
        moves[kept] = mv
        reach[kept] = NOT_A_JUMP
        kept += 1
    on = lens[w]
    n = lens[s] + on
    if n == 0:
        return kept
    scards, slens, shid = scratch
    copy_position(cards, lens, hid, scards, slens, shid)  # only the talon's two piles change below
    _lay_talon(cards, lens, s, w, scards)
    for via in range(2):  # first by turning on, then by turning the waste over
        q = on if via == 0 else 0
        while True:
            # Turning the waste over and on again comes to pointers turning on came to first.
            again = via == 1 and q >= on and ((q - on) % draw == 0 or q == n)
            room = len(moves) - kept >= meta[0] * q  # the most moves the waste's q cards have
            if q >= 1 and not again and room and _may_land(rules, cards, lens, scards[w, q - 1]):
                slens[w], shid[w], slens[s], shid[s] = q, 0, n - q, n - q  # as ``point`` lays it out
                found = moves[kept:]  # the waste card's moves are written where they are kept
                got = generate(rules, scards, slens, shid, extra, found, w)
                for g in range(got):
                    mv = found[g]
                    if mv >> 24 == MOVE and (mv >> 16) & 255 == w:
                        moves[kept] = mv
                        reach[kept] = q if via == 0 else -2 - q
                        kept += 1
            if q >= n:
                break
            q = min(q + draw, n)
    return kept


@njit(cache=True, nogil=True)
def _lay_talon(cards, lens, s, w, scards):  # type: ignore[no-untyped-def]
    """Write the whole talon into ``scards``' waste row, first card first, and reversed
    into its stock row, so that any pointer lays it out by the two piles' lengths alone
    (``point`` without copying a card)."""
    ns, nw = lens[s], lens[w]
    for x in range(ns):
        scards[w, nw + x] = cards[s, ns - 1 - x]
    for x in range(nw):
        scards[s, ns + x] = cards[w, nw - 1 - x]


@njit(cache=True, nogil=True)
def _may_land(rules, cards, lens, card):  # type: ignore[no-untyped-def]
    """Whether some pile's top (or emptiness) takes ``card`` by the build tables alone: a
    cheap first look before generating the moves of the position with it turned up."""
    meta, build_id, tables, empty, takes = rules.meta, rules.build_id, rules.tables, rules.empty, rules.takes
    for j in range(meta[0]):
        if not takes[j]:
            continue
        if lens[j] == 0:
            # A pile started by the deal's base rank has no card table: look further.
            if empty[j, card] or rules.base_step[j] != NO_STEP:
                return True
        elif build_id[j] >= 0 and tables[build_id[j], cards[j, lens[j] - 1], card]:
            return True
    return False


@njit(cache=True, nogil=True)
def _fold(rules, draw, cards, lens, hid):  # type: ignore[no-untyped-def]
    # Turn the waste back onto the stock where the key is the same wherever the pointer
    # is; return the waste's length to restore (-1: left as it is).
    meta = rules.meta
    s, w = meta[2], meta[3]
    ns, nw = lens[s], lens[w]
    if draw == 0 or (draw > 1 and nw % draw != 0 and ns > 0):
        return -1  # off the round: turning leaves it for good
    for x in range(nw):
        cards[s, ns + x] = cards[w, nw - 1 - x]
    lens[s] = ns + nw
    hid[s] += nw
    lens[w] = 0
    return nw


@njit(cache=True, nogil=True)
def _unfold(rules, lens, hid, nw):  # type: ignore[no-untyped-def]
    if nw < 0:
        return
    s, w = rules.meta[2], rules.meta[3]
    lens[s] -= nw
    hid[s] -= nw
    lens[w] = nw


@njit(cache=True, nogil=True, inline="always")
def talon_key(rules, draw, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """The position's key, the same wherever the pointer is among those turning alone
    brings back round: every pointer when one card turns at a time; with more, the start,
    each multiple of the cards turned, and the end (the waste turned over starts again)."""
    nw = _fold(rules, draw, cards, lens, hid)
    k = key(rules, cards, lens, hid, extra)
    _unfold(rules, lens, hid, nw)
    return k


@njit(cache=True, nogil=True)
def talon_hashes(rules, draw, cards, lens, hid, extra, hashes):  # type: ignore[no-untyped-def]
    """``keys.pile_hashes`` of the position as ``talon_key`` sees it, so ``moved_key``
    gives the ``talon_key`` of a move between two piles other than the stock and waste."""
    nw = _fold(rules, draw, cards, lens, hid)
    raw = pile_hashes(rules, cards, lens, hid, extra, hashes)
    _unfold(rules, lens, hid, nw)
    return raw


@njit(cache=True, nogil=True)
def talon_chains(talon, n, chains):  # type: ignore[no-untyped-def]
    """Fill ``chains[0, x]`` with the hash chain of the talon's last ``x`` cards, last
    first (the stock as the key folds it), and ``chains[1, x]`` with that of its first
    ``x`` (the waste), for ``jumped_key``."""
    back = BASIS
    front = BASIS
    chains[0, 0] = back
    chains[1, 0] = front
    for x in range(n):
        back = chain(back, talon[n - 1 - x])
        front = chain(front, talon[x])
        chains[0, x + 1] = back
        chains[1, x + 1] = front


@njit(cache=True, nogil=True)
def jumped_key(rules, draw, hashes, raw, chains, talon, n, reach, j, lens, hid, extra):  # type: ignore[no-untyped-def]
    """The ``talon_key`` of the position a talon jump leads to (turn to the pointer
    ``reach`` gives, then play the waste's top card onto pile ``j``, nothing else
    changed), from the parent's ``talon_hashes`` (``raw``) and ``talon_chains``: no
    position laid out. The stock lies face down (as ``point`` lays it)."""
    meta, sinks = rules.meta, rules.sinks
    s, w = meta[2], meta[3]
    p = reach if reach >= 0 else -2 - reach
    card = talon[p - 1]
    stock, waste = n - p, p - 1
    if draw == 1 or waste % draw == 0 or stock == 0:  # folded, as _fold folds it
        h = chains[0, stock]
        for x in range(waste - 1, -1, -1):
            h = chain(h, talon[x])
        new_s = finish(h, n - 1, n - 1)
        new_w = finish(BASIS, 0, 0)
    else:
        new_s = finish(chains[0, stock], stock, stock)
        new_w = finish(chains[1, waste], 0, waste)
    if sinks[j]:
        new_j = finish(chain(BASIS, card), hid[j], lens[j] + 1)
    else:
        new_j = finish(chain(hashes[0][j, lens[j]], card), hid[j], lens[j] + 1)
    if reach < 0 and meta[19]:  # a redeal taken: the key counts them
        raw = np.uint64(raw) + redeals_part(extra[0] + 1) - redeals_part(extra[0])
    return with_piles(hashes, raw, s, new_s, w, new_w, j, new_j)

"""A talon card goes onto the tableau only in a chain that ends with a card put on it.

Where every talon card is one move away at any time (one card turned at a time, no limit
on redeals: ``talon.draw_of`` is 1), a talon card laid on a column does nothing there
but wait: taking it out of the talon makes no other card easier to reach, and it covers
the card it lies on. So a win that plays it there can wait to play it until the move
that first puts a card on it. Moving it on instead, or home, it could have done straight
from the talon; and the moves in between never touch it, so they are as legal without
it. When the card put on it is another talon card, the same holds of that one, and so
on: so talon cards go onto a column in *chains*, each card on the one before, ended by a
card from the tableau or a foundation put on the last (a card the talon plays home goes
alone, or in chains of its own: ``homeward.py``). The search that can prove a deal lost
(``Solving.paired``) plays a chain as one step, and never stores the positions with
talon cards lying unused on the columns in every combination, which made up most of a
Klondike proof (docs/benchmarks.md). A chain goes up to ``LONGEST`` talon cards; one
that could go on ends there with a further talon card, which a later step builds on. The
other searches play a talon card alone: many a quick win goes through the positions
chaining skips.

A chain is one move code: the first talon card's move in the low 32 bits, then the last
move's source (plus one) and card count, then how many more talon cards lie between; its
reach holds the first card's talon jump in the low 32 bits and the others' (and a last
talon card's) a byte each above them.
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
    """The move itself, or a chain's first move (the first talon card played)."""
    return move & LOW


@njit(cache=True, nogil=True)
def second_of(move):  # type: ignore[no-untyped-def]
    """A chain's last move (the card from the tableau or a foundation put on the last
    talon card), or -1 for a single move."""
    source = (move >> 32) & 255
    if source == 0:
        return -1
    return code(MOVE, source - 1, (move >> 8) & 255, (move >> 40) & 255)


@njit(cache=True, nogil=True)
def extras_of(move):  # type: ignore[no-untyped-def]
    """How many more talon cards a chain lays on its first before its last move."""
    return (move >> 48) & 255


@njit(cache=True, nogil=True)
def extra_reach(reach, e):  # type: ignore[no-untyped-def]
    """The talon reach of a chain's ``e``-th extra talon card (from 0)."""
    x = (reach >> (32 + 8 * e)) & 255
    return x - 256 if x >= 128 else x


@njit(cache=True, nogil=True)
def last_reach(rules, move, reach):  # type: ignore[no-untyped-def]
    """The talon reach of a chain's last move: a talon card's (a chain as long as they go),
    else ``NOT_A_JUMP``."""
    if (move >> 32) & 255 != rules.meta[3] + 1:
        return NOT_A_JUMP
    return extra_reach(reach, extras_of(move))


@njit(cache=True, nogil=True)
def first_reach(reach):  # type: ignore[no-untyped-def]
    """The talon reach of the move itself, or of a chain's first move."""
    low = reach & LOW
    return low - (1 << 32) if low >= (1 << 31) else low


@njit(cache=True, nogil=True)
def from_waste(rules, move, home):  # type: ignore[no-untyped-def]
    """Whether ``move`` (a single move) plays a card off the waste onto a foundation
    (``home``) or onto a pile that is not one."""
    return move >> 24 == MOVE and (move >> 16) & 255 == rules.meta[3] and rules.is_foundation[(move >> 8) & 255] == home


@njit(cache=True, nogil=True)
def pair_up(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, eager, longest):  # type: ignore[no-untyped-def]
    """Where ``draw`` is 1, replace each move of ``moves[:count]`` playing a talon card
    onto the tableau by the chains it starts: more talon cards laid on it one on another
    (up to ``longest`` in all, at most ``LONGEST``; with 1, pairs), then a card from the
    tableau or a foundation put on the last, or a talon card on the ``longest``-th
    (a card played off the talon that nothing could go on is dropped; one the safe moves
    home take straight on stays a move of its own); return the new count. Where the moves
    are too many for the arrays, every move is left as it was.
    ``spare`` is the scratch of ``running._work``; ``eager`` as the search's, so that the
    positions along a chain are those ``lay_out`` will play through."""
    if draw != 1:
        return count
    log = spare[3]
    spare[9][0] = FORGOTTEN  # the chain's positions are laid out afresh below
    lcards, llens, lhid, lextra, ltalon, lmoves, lreach, lstate, lreaches = spare[11:20]
    s, w = rules.meta[2], rules.meta[3]
    n = talon_of(cards, lens, s, w, spare[2])
    paired = 0
    for m in range(count):
        mv = moves[m]
        if not from_waste(rules, mv, False):
            continue
        j = (mv >> 8) & 255
        if not _may_follow(rules, cards, lens, hid, spare[2], n, reach[m], j):
            continue  # nothing could ever be put on it from where the cards lie now
        make_child(rules, draw, (cards, lens, hid, extra), (lcards[0], llens[0], lhid[0], lextra[0]), spare[2], n, mv,
                   reach[m], log, 0, eager)
        if llens[0][j] != lens[j] + 1:  # it went on at once (home): it waits nowhere, so it goes alone
            paired = add_chain(spare, paired, mv, reach[m])
            if paired < 0:
                return count
            continue
        lreaches[0] = reach[m]
        level = 0
        paired = _chain_ends(rules, level, mv, j, spare, paired, longest)
        if paired < 0:
            return count
        while level >= 0:  # depth first through the talon cards that go on, one on another
            if lstate[1, level] == lstate[0, level]:
                level -= 1
                continue
            r = lreach[level, lstate[1, level]]
            lstate[1, level] += 1
            below = (lcards[level], llens[level], lhid[level], lextra[level])
            if not _may_follow(rules, below[0], below[1], below[2], ltalon[level], lstate[2, level], r, j):
                continue
            make_child(rules, draw, below, (lcards[level + 1], llens[level + 1], lhid[level + 1], lextra[level + 1]),
                       ltalon[level], lstate[2, level], code(MOVE, w, j, 1), r, log, 0, eager)
            if llens[level + 1][j] != llens[level][j] + 1:
                continue  # gone home at once: it could go from the talon as well
            level += 1
            lreaches[level] = r
            paired = _chain_ends(rules, level, mv, j, spare, paired, longest)
            if paired < 0:
                return count
    return swap_in(rules, moves, reach, count, spare, paired, False)


@njit(cache=True, nogil=True)
def swap_in(rules, moves, reach, count, spare, chains, home):  # type: ignore[no-untyped-def]
    """Replace the moves of ``moves[:count]`` playing a waste card onto a foundation
    (``home``) or elsewhere by the ``chains`` found in the spare arrays; return the new
    count, or ``count`` with every move as it was where they don't fit."""
    kept = 0
    for m in range(count):
        kept += not from_waste(rules, moves[m], home)
    if kept + chains > len(moves):
        return count
    at = 0
    for m in range(count):
        if not from_waste(rules, moves[m], home):
            moves[at] = moves[m]
            reach[at] = reach[m]
            at += 1
    for p in range(chains):
        moves[at] = spare[0][p]
        reach[at] = spare[1][p]
        at += 1
    return at


LONGEST = 4
"""Talon cards a chain lays before its last move, at most; the last move may then be one
more talon card (which a later step builds on): their reaches fill a 64-bit number."""


@njit(cache=True, nogil=True)
def _chain_ends(rules, level, first, j, spare, paired, longest):  # type: ignore[no-untyped-def]
    """``chains_end`` for talon cards laid on the tableau: a chain as long as it goes
    ends with any talon card that may go on its last (and lists none to go on)."""
    lcards, llens, lhid, lextra, ltalon, lmoves, lreach, lstate, lreaches = spare[11:20]
    w = rules.meta[3]
    paired = chains_end(rules, level, first, j, spare, paired)
    if paired < 0 or level < min(longest, LONGEST) - 1:
        return paired
    here = (lcards[level], llens[level], lhid[level], lextra[level])
    for g in range(lstate[0, level]):
        r = lreach[level, g]
        if not _may_follow(rules, here[0], here[1], here[2], ltalon[level], lstate[2, level], r, j):
            continue
        paired = add_chain(spare, paired, first | ((w + 1) << 32) | (1 << 40) | (level << 48),
                           packed(lreaches, level) | ((r & 255) << (32 + 8 * level)))
        if paired < 0:
            return -1
    lstate[0, level] = 0
    return paired


@njit(cache=True, nogil=True)
def chains_end(rules, level, first, j, spare, chains):  # type: ignore[no-untyped-def]
    """With the talon cards of a chain put on pile ``j`` (its position at ``level`` of
    the chain's scratch), add to the spare arrays' ``chains`` a chain for each move that
    puts a card from outside the talon on the last of them, and list the talon cards
    that may go on it next (the level's moves, reaches and count); return the chains'
    new count (-1 when they are too many)."""
    lcards, llens, lhid, lextra, ltalon, lmoves, lreach, lstate, lreaches = spare[11:20]
    s, w = rules.meta[2], rules.meta[3]
    here = (lcards[level], llens[level], lhid[level], lextra[level])
    lstate[2, level] = talon_of(here[0], here[1], s, w, ltalon[level])
    got = generate(rules, here[0], here[1], here[2], here[3], lmoves[level], -1, j)
    for g in range(got):
        f = lmoves[level, g]
        source = (f >> 16) & 255
        if source == j or source == w or source == s:
            continue  # the talon's cards go on by its jumps, listed below
        chains = add_chain(spare, chains, first | ((source + 1) << 32) | ((f & 255) << 40) | (level << 48),
                           packed(lreaches, level))
        if chains < 0:
            return -1
    lstate[0, level] = from_talon(rules, here[0], here[1], j, lmoves[level], lreach[level], 0)
    lstate[1, level] = 0
    return chains


@njit(cache=True, nogil=True)
def packed(reaches, level):  # type: ignore[no-untyped-def]
    """A chain's reach: its first talon card's jump, then a byte for each of the next
    ``level`` cards'."""
    packed = reaches[0] & LOW
    for e in range(level):
        packed |= (reaches[e + 1] & 255) << (32 + 8 * e)
    return packed


@njit(cache=True, nogil=True)
def add_chain(spare, chains, move, reach):  # type: ignore[no-untyped-def]
    """Add a chain (its move code and reach) to the spare arrays' ``chains``; return the
    new count, or -1 where there is no room."""
    if chains < 0 or chains >= len(spare[0]):
        return -1
    spare[0][chains] = move
    spare[1][chains] = reach
    return chains + 1


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
def from_talon(rules, cards, lens, j, moves, reach, count):  # type: ignore[no-untyped-def]
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
def _talon_part(rules, draw, position, spare, talon, n, move, reach, eager):  # type: ignore[no-untyped-def]
    """Lay out a chain's talon cards from ``position``, each in a level of the chain's
    scratch (the last at level ``extras_of(move)``), logging from the spare log's start;
    return how many moves were logged."""
    lcards, llens, lhid, lextra, ltalon, lstate = spare[11], spare[12], spare[13], spare[14], spare[15], spare[18]
    log = spare[3]
    s, w = rules.meta[2], rules.meta[3]
    used = make_child(rules, draw, position, (lcards[0], llens[0], lhid[0], lextra[0]), talon, n, first_of(move),
                      first_reach(reach), log, 0, eager)
    j = (move >> 8) & 255
    for e in range(extras_of(move)):
        below = (lcards[e], llens[e], lhid[e], lextra[e])
        m = talon_of(below[0], below[1], s, w, ltalon[e])
        used += make_child(rules, draw, below, (lcards[e + 1], llens[e + 1], lhid[e + 1], lextra[e + 1]), ltalon[e], m,
                           code(MOVE, w, j, 1), extra_reach(reach, e), log, used, eager)
    last = extras_of(move)
    lstate[2, last] = talon_of(lcards[last], llens[last], s, w, ltalon[last])
    return used


@njit(cache=True, nogil=True)
def lay_out(rules, draw, position, child, spare, talon, n, move, reach, mlog, at, eager):  # type: ignore[no-untyped-def]
    """``children.make_child`` for a move or a chain (each of its moves, and the safe
    moves home after each, logged from ``mlog[at]``); return how many moves were logged."""
    second = second_of(move)
    if second < 0:
        return make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager)
    spare[9][0] = FORGOTTEN
    used = _talon_part(rules, draw, position, spare, talon, n, move, reach, eager)
    return used + _last_move(rules, draw, child, spare, move, reach, mlog, at, used, eager)


@njit(cache=True, nogil=True)
def _last_move(rules, draw, child, spare, move, reach, mlog, at, used, eager):  # type: ignore[no-untyped-def]
    """Copy the chain's talon part's ``used`` logged moves to ``mlog[at]``, then lay out
    its last move into ``child``, logged after them; return how many that logged."""
    log = spare[3]
    for x in range(used):
        mlog[at + x] = log[x]
    last = extras_of(move)
    lcards, llens, lhid, lextra, ltalon, lstate = spare[11], spare[12], spare[13], spare[14], spare[15], spare[18]
    between = (lcards[last], llens[last], lhid[last], lextra[last])
    return make_child(rules, draw, between, child, ltalon[last], lstate[2, last], second_of(move),
                      last_reach(rules, move, reach), mlog, at + used, eager)


@njit(cache=True, nogil=True)
def _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent):  # type: ignore[no-untyped-def]
    """Lay out a chain's talon part from ``position`` (node ``parent``), with its log,
    talon and pile hashes, unless the chain before it laid the same cards from the same
    node and left them there."""
    memo = spare[9]
    part = move & TALON_PART
    laid = reach & ((1 << (32 + 8 * extras_of(move))) - 1)  # the reaches of its talon part
    if memo[0] == parent and memo[1] == part and memo[2] == laid:
        return
    memo[3] = _talon_part(rules, draw, position, spare, talon, n, move, reach, eager)
    if quick:
        last = extras_of(move)
        lcards, llens, lhid, lextra, ltalon, lstate = spare[11], spare[12], spare[13], spare[14], spare[15], spare[18]
        spare[10][0] = talon_hashes(rules, draw, lcards[last], llens[last], lhid[last], lextra[last],
                                    (spare[4], spare[5], spare[6], spare[7]))
        talon_chains(ltalon[last], lstate[2, last], spare[8])
    memo[0], memo[1], memo[2] = parent, part, laid


TALON_PART = LOW | (255 << 48)
"""The bits of a chain's code that say which talon cards it lays (its reach says where
they lie in the talon)."""


@njit(cache=True, nogil=True)
def pair_key(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent):  # type: ignore[no-untyped-def]
    """``children.child_key`` of a chain's child (before the cards its last move sends
    home) from the position its talon cards leave, laid out once for all the chains that
    lay the same ones; 0 where it can't be worked out (``quick`` False)."""
    if not quick:
        return np.uint64(0)
    _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent)
    last = extras_of(move)
    lcards, llens, lhid, lextra, ltalon, lstate = spare[11], spare[12], spare[13], spare[14], spare[15], spare[18]
    hashes = (spare[4], spare[5], spare[6], spare[7])
    return child_key(rules, draw, quick, hashes, spare[10][0], spare[8], ltalon[last], lstate[2, last],
                     lcards[last], llens[last], lhid[last], lextra[last], second_of(move), last_reach(rules, move, reach))


@njit(cache=True, nogil=True, inline="always")  # (not a call: the chains' twenty scratch arrays, unused by one move, are not counted in and out)
def lay_out_from(rules, draw, quick, position, child, spare, talon, n, move, reach, mlog, at, eager, parent):  # type: ignore[no-untyped-def]
    """``lay_out`` for the best-first search, which expands node ``parent`` (a chain's
    talon part is laid out once for all the chains that share it); return how many moves
    were logged and how many of them are the talon part's (0 for a single move)."""
    if second_of(move) < 0:
        return make_child(rules, draw, position, child, talon, n, move, reach, mlog, at, eager), 0
    _between(rules, draw, quick, position, spare, talon, n, move, reach, eager, parent)
    used = spare[9][3]
    return used + _last_move(rules, draw, child, spare, move, reach, mlog, at, used, eager), used


@njit(cache=True, nogil=True)
def log_room(moves, count, capacity):  # type: ignore[no-untyped-def]
    """The most log entries the children of ``moves[:count]`` can take (a chain's, each
    of its moves with its talon's turns and its moves home)."""
    room = 0
    for m in range(count):
        parts = 1 if second_of(moves[m]) < 0 else 2 + extras_of(moves[m])
        room += (2 * capacity + 4) * parts
    return room


@njit(cache=True, nogil=True)
def spare_of(work):  # type: ignore[no-untyped-def]
    """The ``spare_arrays`` in a search's scratch (``running._work``), borrowed."""
    b = borrowed
    return (b(work[20]), b(work[21]), b(work[22]), b(work[23]), b(work[24]), b(work[25]), b(work[26]), b(work[27]),
            b(work[28]), b(work[29]), b(work[30]), b(work[31]), b(work[32]), b(work[33]), b(work[34]), b(work[35]),
            b(work[36]), b(work[37]), b(work[38]), b(work[39]))


SPARE = 20
"""How many arrays ``spare_arrays`` makes: the chains found and their reaches (0, 1), a
talon (2) and a move log (3); the pile hashes (4-7), talon chains (8), what it is (node,
talon part, its reaches, moves logged: the memo, 9) and key sum (10) of the position a
chain's talon cards leave; and the chain's scratch, a level for each talon card (11-19:
positions, talons, the moves found at each level and their reaches, each level's count,
next and talon length, and the reach taken)."""
FORGOTTEN = -2
"""The memo's node when no chain's talon part is laid out in the scratch."""


def spare_arrays(piles: int, capacity: int, most: int, groups: int) -> tuple[np.ndarray, ...]:
    """Scratch for ``pair_up`` and ``lay_out`` (see ``SPARE``)."""
    levels = LONGEST
    return (
        np.zeros(most, dtype=np.int64), np.zeros(most, dtype=np.int64),
        np.zeros(capacity + 1, dtype=np.int64), np.zeros((levels + 1) * (2 * capacity + 4) + 64, dtype=np.int32),
        *hashes_for(piles, capacity, groups), np.zeros((2, capacity + 1), dtype=np.uint64),
        np.full(5, FORGOTTEN, dtype=np.int64), np.zeros(1, dtype=np.uint64),
        np.zeros((levels, piles, capacity), dtype=np.uint8), np.zeros((levels, piles), dtype=np.int64),
        np.zeros((levels, piles), dtype=np.int64), np.zeros((levels, 1), dtype=np.int64),
        np.zeros((levels, capacity + 1), dtype=np.int64), np.zeros((levels, most), dtype=np.int64),
        np.zeros((levels, most), dtype=np.int64), np.zeros((3, levels), dtype=np.int64),
        np.zeros(levels, dtype=np.int64),
    )

"""The compiled search: best-first over the engine's compiled moves, with a
transposition table on canonical keys and safe moves home played at once.

The Python side (``search.py``) owns the arrays and calls ``run`` in slices, so it can
watch the clock and the memory between slices. Nodes are stored packed in ``arena``:
pile lengths, face-down counts, redeals taken, then every card pile by pile.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.grid import grid_estimate
from cardtable.solitaire.compiled.rules import borrowed
from cardtable.solitaire.compiled.kernel import generate, is_won
from cardtable.solitaire.compiled.shared import GRID_GOAL, MAX_MOVES, MOVE, MOVES_STAY_PUT, base_of, starts
from cardtable.solver.children import child_key, go_home, went_home
from cardtable.solver.held import homeward, is_held
from cardtable.solver.homeward import hold_home
from cardtable.solver.pairs import LONGEST, first_of, lay_out_from, log_room, pair_key, pair_up, second_of, spare_of
from cardtable.solver.talon import NOT_A_JUMP, draw_of, jumps, talon_chains, talon_hashes, talon_key, talon_of

RUNNING, SOLVED, EXHAUSTED, FULL = 0, 1, 2, 3
# counters
NODES, HEAP, LOG, SEQ, EXPANDED, WIN, STATUS, ROOM = 0, 1, 2, 3, 4, 5, 6, 7
# (ROOM: the positions the hash table holds now; the other arrays hold the search's most)
# weights
W_OUT, W_HIDDEN, W_DISORDER, W_DEPTH, W_FREE, W_LENGTH, W_STOCK, W_BLOCKED, W_TALL, W_EAGER, W_PAIRED, W_NEED = range(12)
OFFSET = 1 << 20


@njit(cache=True, nogil=True, inline="always")
def _encode(row, cards, lens, hid, extra, piles):  # type: ignore[no-untyped-def]
    at = 2 * piles + 1
    for i in range(piles):
        row[i] = lens[i]
        row[piles + i] = hid[i]
        for x in range(lens[i]):
            row[at] = cards[i, x]
            at += 1
    row[2 * piles] = min(extra[0], 255)


@njit(cache=True, nogil=True, inline="always")
def _decode(row, cards, lens, hid, extra, piles):  # type: ignore[no-untyped-def]
    at = 2 * piles + 1
    for i in range(piles):
        lens[i] = row[i]
        hid[i] = row[piles + i]
        for x in range(lens[i]):
            cards[i, x] = row[at]
            at += 1
    extra[0] = row[2 * piles]


@njit(cache=True, nogil=True)
def estimate(rules, weights, cards, lens, hid, depth_of):  # type: ignore[no-untyped-def]
    """How far a position looks from a win (lower is closer): cards still out, face-down
    cards, breaks in the columns' order, cards above the next cards the foundations
    want, less free cells and open columns. ``depth_of`` is scratch for 52 numbers."""
    meta, group, run_id, build_id, tables = rules.meta, rules.group, rules.run_id, rules.build_id, rules.tables
    capacity, is_found, covered = rules.capacity, rules.is_foundation, rules.covered
    cells, open_columns, tableau, foundations = rules.cells, rules.open_columns, rules.tableau, rules.foundations
    piles = meta[0]
    out = 0
    if meta[GRID_GOAL]:
        out = grid_estimate(rules, cards, lens)
    elif meta[9] == 1:
        for j in tableau:
            out += lens[j]
    else:
        out = meta[10]
        for f in foundations:
            out -= lens[f]
    hidden = 0
    disorder = 0
    for c in range(52):
        depth_of[c] = 1 << 20
    for i in range(piles):
        if is_found[i]:
            continue
        n = lens[i]
        if i != meta[2]:
            hidden += hid[i]
        order = run_id[i] if run_id[i] >= 0 else build_id[i]
        first = max(hid[i], 0) + 1
        for x in range(n):
            c = cards[i, x]
            d = n - 1 - x
            if d < depth_of[c]:
                depth_of[c] = d
            if order >= 0 and x >= first and not tables[order, cards[i, x - 1], c]:
                disorder += 1
    free = 0
    for c in cells:
        if lens[c] == 0:
            free += 1
    for c in open_columns:
        if lens[c] == 0:
            free += 1
    depth = 0
    base = base_of(rules, cards, lens, hid) if meta[21] else -1
    if meta[9] == 0:
        for f in foundations:
            held = lens[f]
            best = 1 << 20
            if held > 0:
                b = build_id[f]
                if b < 0:
                    continue
                followers = rules.followers
                top = cards[f, held - 1]
                for x in range(followers.shape[2]):
                    c = followers[b, top, x]
                    if c < 0:
                        break
                    if depth_of[c] < best:
                        best = depth_of[c]
            else:
                for c in range(52):
                    if starts(rules, f, c, base) and depth_of[c] < best:
                        best = depth_of[c]
            if best < (1 << 20):
                depth += best
    score = (
        weights[W_OUT] * out
        + weights[W_HIDDEN] * hidden
        + weights[W_DISORDER] * disorder
        + weights[W_DEPTH] * depth
        - weights[W_FREE] * free
    )
    if meta[2] >= 0:
        score += weights[W_STOCK] * lens[meta[2]]
    if weights[W_BLOCKED]:
        score += weights[W_BLOCKED] * _blocked(rules, cards, lens)
    if weights[W_TALL]:
        for i in tableau:
            score -= weights[W_TALL] * lens[i] * lens[i]
    if weights[W_NEED]:
        score += weights[W_NEED] * _against_need(rules, cards, lens)
    return score + OFFSET


@njit(cache=True, nogil=True)
def _against_need(rules, cards, lens):  # type: ignore[no-untyped-def]
    # How far the piles' cards lie against the order the foundations will want them. A
    # card's need is how many cards a foundation takes before it, going up the
    # foundation's order from its top card (the least over the foundations); each card
    # lying over one needed sooner counts the difference, at most 13.
    followers, build_id, capacity, is_found = rules.followers, rules.build_id, rules.capacity, rules.is_foundation
    far = 1 << 20
    need = np.full(52, far, dtype=np.int64)
    for f in rules.foundations:
        held = lens[f]
        b = build_id[f]
        if held == 0 or b < 0:
            continue
        room = capacity[f] - held if capacity[f] >= 0 else 52
        top = cards[f, held - 1]
        for k in range(1, room + 1):
            after = -1
            for x in range(followers.shape[2]):
                c = followers[b, top, x]
                if c < 0:
                    break
                if k < need[c]:
                    need[c] = k
                after = c
            if after < 0:
                break
            top = after
    against = 0
    stock = rules.meta[2]
    for i in range(rules.meta[0]):
        if is_found[i] or i == stock:
            continue
        soonest = far
        for x in range(lens[i]):
            n = need[cards[i, x]]
            if n > soonest:
                against += min(n - soonest, 13)
            elif n < soonest:
                soonest = n
    return against


@njit(cache=True, nogil=True)
def _blocked(rules, cards, lens):  # type: ignore[no-untyped-def]
    # The cards that can't reach the foundations by playing the piles' top cards home in
    # turn, every card of the stock counted as home already (so it never adds to them):
    # where the piles give only to the foundations, one such card loses the game.
    precedes = rules.precedes
    is_found = rules.is_foundation
    piles = rules.meta[0]
    s = rules.meta[2]
    gone = np.zeros(52, dtype=np.bool_)
    tops = lens.copy()
    left = 0
    for i in range(piles):
        if is_found[i] or i == s:
            for x in range(lens[i]):
                gone[cards[i, x]] = True
        else:
            left += lens[i]
    changed = True
    while changed:
        changed = False
        for i in range(piles):
            if is_found[i] or i == s:
                continue
            while tops[i] > 0:
                c = cards[i, tops[i] - 1]
                free = True
                for y in range(52):
                    if precedes[y, c] and not gone[y]:
                        free = False
                        break
                if not free:
                    break
                gone[c] = True
                tops[i] -= 1
                left -= 1
                changed = True
    return left


@njit(cache=True, nogil=True, inline="always")
def _push(heapkey, heapnode, counters, priority, node):  # type: ignore[no-untyped-def]
    # Ties go to the newest node, so the search dives instead of spreading.
    seq = counters[SEQ]
    counters[SEQ] = seq + 1
    k = (priority << 32) | (0xFFFFFFFF - (seq & 0xFFFFFFFF))
    at = counters[HEAP]
    counters[HEAP] = at + 1
    while at > 0:
        up = (at - 1) >> 1
        if heapkey[up] <= k:
            break
        heapkey[at] = heapkey[up]
        heapnode[at] = heapnode[up]
        at = up
    heapkey[at] = k
    heapnode[at] = node


@njit(cache=True, nogil=True)
def _pop(heapkey, heapnode, counters):  # type: ignore[no-untyped-def]
    node = heapnode[0]
    size = counters[HEAP] - 1
    counters[HEAP] = size
    k = heapkey[size]
    moving = heapnode[size]
    at = 0
    while True:
        child = 2 * at + 1
        if child >= size:
            break
        if child + 1 < size and heapkey[child + 1] < heapkey[child]:
            child += 1
        if heapkey[child] >= k:
            break
        heapkey[at] = heapkey[child]
        heapnode[at] = heapnode[child]
        at = child
    if size > 0:
        heapkey[at] = k
        heapnode[at] = moving
    return node


@njit(cache=True, nogil=True, inline="always")
def _seen(table, k):  # type: ignore[no-untyped-def]
    """Insert ``k``; True if it was there already."""
    mask = np.uint64(len(table) - 1)
    slot = np.int64(k & mask)
    while table[slot] != 0:
        if table[slot] == k:
            return True
        slot = (slot + 1) & (len(table) - 1)
    table[slot] = k
    return False


@njit(cache=True, nogil=True, inline="always")
def _has(table, k):  # type: ignore[no-untyped-def]
    """Whether ``k`` is in the table."""
    mask = len(table) - 1
    slot = np.int64(k & np.uint64(mask))
    while table[slot] != 0:
        if table[slot] == k:
            return True
        slot = (slot + 1) & mask
    return False


@njit(cache=True, nogil=True)
def rehash(old, new):  # type: ignore[no-untyped-def]
    """Move every key of ``old`` into the larger, empty table ``new``."""
    for k in old:
        if k != 0:
            _seen(new, k)


@njit(cache=True, nogil=True)
def begin(rules, weights, store, counters, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """Seed the search with the root position (after its safe moves home)."""
    arena, parent, depth, mstart, mcount, mlog, table, heapkey, heapnode = store
    piles = rules.meta[0]
    played = go_home(rules, cards, lens, hid, extra, mlog, 0, weights[W_EAGER] != 0)
    counters[LOG] = played
    _seen(table, talon_key(rules, draw_of(rules), cards, lens, hid, extra))
    _encode(arena[0], cards, lens, hid, extra, piles)
    parent[0] = -1
    depth[0] = played
    mstart[0] = 0
    mcount[0] = played
    counters[NODES] = 1
    if is_won(rules, lens, cards):
        counters[WIN] = 0
        counters[STATUS] = SOLVED
        return
    _push(heapkey, heapnode, counters, estimate(rules, weights, cards, lens, hid, np.empty(52, dtype=np.int64)), 0)


@njit(cache=True, nogil=True, inline="always")
def to_twin(rules, lens, move):  # type: ignore[no-untyped-def]
    """Whether ``move`` carries cards to an empty pile with an empty twin before it (an
    interchangeable pile, as the position key folds them): the move to the twin gives
    the same position, so only the first empty pile of a kind is worth a look (four
    empty free cells are one place to put a card)."""
    if move >> 24 != MOVE:
        return False
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    if lens[j] != 0:
        return False
    meta = rules.meta
    symmetric = rules.symmetric
    if meta[18] and meta[2] >= 0 and lens[meta[2]] > 0:
        symmetric = rules.symmetric_while_dealing
    for g in range(symmetric.shape[0]):
        inside = False
        twin = False
        for x in range(symmetric.shape[1]):
            other = symmetric[g, x]
            if other < 0:
                break
            if other == j:
                inside = True
            elif other < j and other != i and lens[other] == 0:
                twin = True
        if inside:
            return twin
    return False


@njit(cache=True, nogil=True)
def is_idle(rules, cards, lens, hid, move):  # type: ignore[no-untyped-def]
    """Whether ``move`` carries cards between two columns without turning a card up,
    emptying its column or freeing the card under it to go home."""
    meta, group, run_id, build_id, tables = rules.meta, rules.group, rules.run_id, rules.build_id, rules.tables
    capacity, is_found, covered = rules.capacity, rules.is_foundation, rules.covered
    cells, open_columns, tableau, foundations = rules.cells, rules.open_columns, rules.tableau, rules.foundations
    if move >> 24 != 0:
        return False
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    k = move & 255
    in_tableau = False
    to_tableau = False
    for t in tableau:
        in_tableau = in_tableau or t == i
        to_tableau = to_tableau or t == j
    n = lens[i]
    if not (in_tableau and to_tableau) or k >= n - hid[i]:
        return False
    freed = cards[i, n - k - 1]
    for f in foundations:
        held = lens[f]
        if held > 0:
            b = build_id[f]
            if b >= 0 and tables[b, cards[f, held - 1], freed]:
                return False
        elif starts(rules, f, freed, base_of(rules, cards, lens, hid) if meta[21] else -1):
            return False
    return True


@njit(cache=True, nogil=True)
def run(rules, weights, idle, store, work, counters, steps):  # type: ignore[no-untyped-def]
    """Expand up to ``steps`` nodes (skipping idle moves unless ``idle``, and positions
    whose cards can never leave their columns: ``held.py``); the outcome is left in
    ``counters[STATUS]``. ``work`` is ``running._work``'s scratch arrays.

    Every array is borrowed for the slice (``rules.borrowed``): the caller holds them."""
    b = borrowed
    arena, parent, depth, mstart, mcount = b(store[0]), b(store[1]), b(store[2]), b(store[3]), b(store[4])
    mlog, table, heapkey, heapnode = b(store[5]), b(store[6]), b(store[7]), b(store[8])
    cards, lens, hid, extra = b(work[0]), b(work[1]), b(work[2]), b(work[3])
    ccards, clens, chid, cextra = b(work[4]), b(work[5]), b(work[6]), b(work[7])
    moves, reach, talon = b(work[8]), b(work[9]), b(work[10])
    position, child = (cards, lens, hid, extra), (ccards, clens, chid, cextra)
    scratch = (b(work[11]), b(work[12]), b(work[13]))
    depth_of = b(work[14])
    counters, weights = b(counters), b(weights)
    hashes = (b(work[15]), b(work[16]), b(work[17]), b(work[18]))
    chains = b(work[19])
    spare = spare_of(work)
    held = (b(work[40]), b(work[41]), b(work[42]), b(work[43]), b(work[44]), b(work[45]), b(work[46]))
    held_on = held[0][0] != 0
    tops, under = b(work[47]), b(work[48])
    meta = rules.meta
    piles = meta[0]
    capacity = meta[1]
    draw = draw_of(rules)
    s, w = meta[2], meta[3]
    # Where a move changes only the two piles it touches (a talon jump: the talon and its
    # target), a child already seen is known by its key (``child_key``), worked out from
    # the parent's pile hashes before the child is laid out.
    quick = meta[MOVES_STAY_PUT]
    raw = np.uint64(0)
    n = 0
    room = counters[ROOM]
    eager = weights[W_EAGER] != 0
    longest = min(weights[W_PAIRED], LONGEST)  # talon cards in a chain (0: none; 1: pairs)
    for _ in range(steps):
        if counters[HEAP] == 0:
            counters[STATUS] = EXHAUSTED
            return
        node = heapnode[0]
        _decode(arena[node], cards, lens, hid, extra, piles)
        count = generate(rules, cards, lens, hid, extra, moves)
        if draw > 0:
            count = jumps(rules, draw, cards, lens, hid, extra, moves, reach, count, scratch)
            if longest > 0:
                count = pair_up(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, eager, longest)
                if longest > 1:  # with chains: a proof with room to finish (search.CHAINS_FROM)
                    count = hold_home(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, eager)
            n = talon_of(cards, lens, s, w, talon)
            if quick:
                talon_chains(talon, n, chains)
        if counters[NODES] + count > room or counters[LOG] + log_room(moves, count, capacity) > len(mlog):
            counters[STATUS] = FULL  # the node stays queued: the caller may grow the store
            return
        _pop(heapkey, heapnode, counters)
        counters[EXPANDED] += 1
        if quick:
            raw = talon_hashes(rules, draw, cards, lens, hid, extra, hashes)
        for m in range(count):
            move = moves[m]
            if to_twin(rules, lens, first_of(move)) or (not idle and is_idle(rules, cards, lens, hid, first_of(move))):
                continue
            jump = reach[m] if draw > 0 else NOT_A_JUMP
            if second_of(move) >= 0:  # a chain: keyed from the position its talon cards leave
                known = pair_key(rules, draw, quick, position, spare, talon, n, move, jump, eager, node)
            else:
                known = child_key(rules, draw, quick, hashes, raw, chains, talon, n, cards, lens, hid, extra, move, jump)
            if known != 0 and _has(table, known):
                continue
            at = counters[LOG]
            used, first = lay_out_from(rules, draw, quick, position, child, spare, talon, n, move, jump, mlog, at, eager, node)
            if known == 0 or went_home(mlog, at + first, used - first):
                k = talon_key(rules, draw, ccards, clens, chid, cextra)
            else:
                k = known
            # A lost position is left out of the table (which is sized for the positions
            # stored), so it is looked at again each time it is met.
            if held_on:
                if _has(table, k) or (not homeward(rules, move) and is_held(held, ccards, clens, chid, tops, under)):
                    continue
                _seen(table, k)
            elif _seen(table, k):
                continue
            new = counters[NODES]
            counters[NODES] = new + 1
            counters[LOG] = at + used
            _encode(arena[new], ccards, clens, chid, cextra, piles)
            parent[new] = node
            depth[new] = depth[node] + used
            mstart[new] = at
            mcount[new] = used
            if is_won(rules, clens, ccards):
                counters[WIN] = new
                counters[STATUS] = SOLVED
                return
            score = estimate(rules, weights, ccards, clens, chid, depth_of) + weights[W_LENGTH] * depth[new]
            _push(heapkey, heapnode, counters, score, new)

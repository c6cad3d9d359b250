"""The compiled move generator and ``apply``: the engine's rules over arrays, for search.

It mirrors ``engine.legal_moves`` and ``engine.apply`` step for step, reading the arrays
of ``program.Program`` (compiled from the same atoms); a test holds it to exactly the
same moves and positions on random positions of every registered game.

Positions and moves are arrays and ints as ``shared.py`` describes; the grid's rules are
in ``grid.py`` and the position key in ``keys.py``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardtable.solitaire.compiled.grid import (
    can_close_up, can_fill_gap, close_up, fill_first_gap, gap, one_pile, pairs, regap, rows_in_suit, slide,
)
from cardtable.solitaire.compiled.shared import (
    CLOSE_UP_TARGET, DEAL, FACE_UP, FIRST_GAP_TARGET, GAPS_TARGET, GRID_GOAL, MAX_MOVES, MOVE, NO_PILE, NO_STEP,
    ONE, ONE_OR_WHOLE, ONE_PILE_GOAL, PAIR, REDEAL, ROTATE, ROWS_GOAL, RUN, SLIDE, SUPERMOVE, TURN_TO,
    WHOLE, WHOLE_BY_TOP, base_of, code, mixed, put, starts, stock_hidden,
)


@njit(cache=True, nogil=True)
def _covered(covered, lens, i):  # type: ignore[no-untyped-def]
    # By index: a row taken as covered[i] would be an array of its own, with a reference
    # taken and dropped on every call.
    for x in range(covered.shape[1]):
        c = covered[i, x]
        if c < 0:
            return False
        if lens[c] > 0:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _waiting(rules, lens, j):  # type: ignore[no-untyped-def]
    # As rules/waiting.closed: a pile that waits for the stock, while the stock holds cards.
    s = rules.meta[2]
    return rules.waiting[j] and s >= 0 and lens[s] > 0


@njit(cache=True, nogil=True, inline="always")
def _accepts(rules, lens, hid, j):  # type: ignore[no-untyped-def]
    # Whether pile j takes a card at all just now, whatever the card: it takes cards,
    # nothing covers it, it waits for no stock, and its top card (if any) shows, may be
    # built on and leaves room.
    if not rules.takes[j] or _covered(rules.covered, lens, j) or _waiting(rules, lens, j):
        return False
    held = lens[j]
    cap = rules.capacity[j]
    return held == 0 or (rules.build_id[j] >= 0 and hid[j] < held and (cap < 0 or held < cap))


@njit(cache=True, nogil=True)
def _unranked(rules, cards, lens, hid, j, c):  # type: ignore[no-untyped-def]
    # As rules/rows.allows, refused: pile j takes only ranks lying face up in its row above.
    above = rules.ranks_from[j]
    if above < 0:
        return False
    rank_pos = rules.rank_pos
    for x in range(hid[above], lens[above]):
        if rank_pos[cards[above, x]] == rank_pos[c]:
            return False
    return True


@njit(cache=True, nogil=True)
def generate(rules, cards, lens, hid, extra, out, source=-1, target=-1):  # type: ignore[no-untyped-def]
    """Write every legal move's code into ``out``; return how many. With ``source``,
    only the moves of cards off that pile, with ``target`` only those onto it (either
    way no deals, redeals, pairs or discards). A game won has no moves (``legal_moves``);
    the moves off or onto one pile are asked only of positions not won."""
    if source < 0 and target < 0 and is_won(rules, lens, cards):
        return 0
    meta, group, run_id, build_id, tables = rules.meta, rules.group, rules.run_id, rules.build_id, rules.tables
    capacity, one_in, is_found = rules.capacity, rules.one_in, rules.is_foundation
    super_src, covered, cells, open_columns = rules.supermove_sources, rules.covered, rules.cells, rules.open_columns
    exposable, singles = rules.exposable, rules.singles
    feeds = rules.feeds
    base = base_of(rules, cards, lens, hid) if meta[21] else -1
    count = 0
    piles = meta[0]
    free = 0
    for c in cells:
        if lens[c] == 0:
            free += 1
    columns = 0
    for c in open_columns:
        if lens[c] == 0:
            columns += 1
    limit_on = (free + 1) << columns
    limit_empty = (free + 1) << (columns - 1) if columns > 0 else free + 1
    # One allocation for the three candidate lists: this runs once per position searched.
    candidates = np.empty((3, meta[1] + piles), dtype=np.int64)
    cand_pile, cand_k, cand_card = candidates[0], candidates[1], candidates[2]
    nc = 0
    for i in range(piles):
        kind = group[i]
        if kind < 0 or (source >= 0 and i != source):
            continue
        n = lens[i]
        up = n - hid[i]
        if up <= 0 or _covered(covered, lens, i):
            continue
        if kind == ONE or up == 1 or kind == WHOLE_BY_TOP:
            cand_pile[nc] = i
            cand_k[nc] = 1 if kind == ONE else up
            cand_card[nc] = cards[i, n - 1]
            nc += 1
            continue
        r = run_id[i]
        if r >= 0:
            if kind == SUPERMOVE and up > limit_on:
                up = limit_on
            most = 1
            below = cards[i, n - 1]
            while most < up:
                above = below
                below = cards[i, n - most - 1]
                if not tables[r, below, above]:
                    break
                most += 1
        else:
            most = up
        if kind == ONE_OR_WHOLE:
            # One card, or the whole pile when it is one run.
            cand_pile[nc] = i
            cand_k[nc] = 1
            cand_card[nc] = cards[i, n - 1]
            nc += 1
            if most == up:
                cand_pile[nc] = i
                cand_k[nc] = up
                cand_card[nc] = cards[i, n - up]
                nc += 1
            continue
        first = most if kind == WHOLE else 1
        for k in range(first, most + 1):
            cand_pile[nc] = i
            cand_k[nc] = k
            cand_card[nc] = cards[i, n - k]
            nc += 1
    if nc > 0:
        for j in range(piles):
            if (target >= 0 and j != target) or not _accepts(rules, lens, hid, j):
                continue
            held = lens[j]
            cap = capacity[j]
            if held > 0:
                b = build_id[j]
                top = cards[j, held - 1]
                limit = limit_on
            else:
                b, top = gap(rules, cards, lens, j)
                limit = limit_empty
            for x in range(nc):
                i = cand_pile[x]
                k = cand_k[x]
                c = cand_card[x]
                if held > 0 or b >= 0:
                    if not tables[b, top, c]:
                        continue
                elif b == -2 or not starts(rules, j, c, base):
                    continue
                if k > 1 and (one_in[j] or (cap >= 0 and held + k > cap) or (k > limit and super_src[i])):
                    continue
                if i == j or (is_found[j] and is_found[i]) or not feeds[i, j] or _unranked(rules, cards, lens, hid, j, c):
                    continue
                out[count] = code(MOVE, i, j, k)
                count += 1
    if source >= 0 or target >= 0:
        return count
    if meta[24]:
        count = _discards(rules, cards, lens, hid, out, count)
    if can_deal(rules, lens):
        out[count] = code(DEAL, 0, 0, 0)
        count += 1
    elif can_redeal(rules, lens, extra):
        out[count] = code(REDEAL, 0, 0, 0)
        count += 1
    if meta[12]:
        exposed = np.empty(len(exposable), dtype=np.int64)
        ne = 0
        for i in exposable:
            if lens[i] > 0 and hid[i] < lens[i] and not _covered(covered, lens, i):
                exposed[ne] = i
                ne += 1
        for a in range(ne):
            i = exposed[a]
            top = cards[i, lens[i] - 1]
            if singles[top]:
                out[count] = code(PAIR, i, NO_PILE, 0)
                count += 1
            for b in range(a + 1, ne):
                j = exposed[b]
                if pairs(rules, i, top, j, cards[j, lens[j] - 1]):
                    out[count] = code(PAIR, i, j, 0)
                    count += 1
    return count


@njit(cache=True, nogil=True)
def _discards(rules, cards, lens, hid, out, count):  # type: ignore[no-untyped-def]
    # A column's top card goes to the discards (the first foundation) when a higher card
    # of its suit, Aces high, tops another column (rules/discard.py).
    tableau = rules.tableau
    rank_pos = rules.rank_pos
    ranks = rules.meta[22]
    target = rules.foundations[0]
    for i in tableau:
        n = lens[i]
        if n == 0 or hid[i] >= n:
            continue
        c = cards[i, n - 1]
        mine = (rank_pos[c] + ranks - 1) % ranks
        for j in tableau:
            m = lens[j]
            if j == i or m == 0 or hid[j] >= m:
                continue
            top = cards[j, m - 1]
            if top // 13 == c // 13 and (rank_pos[top] + ranks - 1) % ranks > mine:
                out[count] = code(MOVE, i, target, 1)
                count += 1
                break
    return count


@njit(cache=True, nogil=True)
def can_deal(rules, lens):  # type: ignore[no-untyped-def]
    """Whether dealing from the stock is legal."""
    meta = rules.meta
    tableau = rules.tableau
    s = meta[2]
    if meta[4] == CLOSE_UP_TARGET:
        return can_close_up(rules, lens)
    if meta[4] == FIRST_GAP_TARGET:
        return can_fill_gap(rules, lens)
    if meta[4] == 0 or s < 0 or lens[s] == 0:
        return False
    w = meta[3]
    if meta[4] == 1 and w >= 0 and rules.capacity[w] >= 0 and lens[w] >= rules.capacity[w]:
        return False
    if meta[7]:
        for j in tableau:
            if lens[j] == 0:
                return False
    return True


@njit(cache=True, nogil=True)
def can_redeal(rules, lens, extra):  # type: ignore[no-untyped-def]
    """Whether turning the waste back over is legal."""
    meta = rules.meta
    s, w, allowed = meta[2], meta[3], meta[6]
    if meta[4] == ROTATE:
        return _can_rotate(rules, lens, extra)
    if meta[4] == GAPS_TARGET:
        return allowed < 0 or extra[0] < allowed
    if meta[4] == 3:
        if allowed >= 0 and extra[0] >= allowed:
            return False
        tableau = rules.tableau
        total = 0
        for j in tableau:
            total += lens[j]
        if total == 0:
            return False
        if meta[23]:
            return True
        # In order, a redeal that would give the same columns back is no move.
        left = total
        last = len(tableau) - 1
        for p in range(len(tableau)):
            take = left if p == last else min(meta[5], left)
            if lens[tableau[p]] != take:
                return True
            left -= take
        return False
    if meta[4] != 1 or s < 0 or w < 0:
        return False
    return lens[s] == 0 and lens[w] > 0 and (allowed < 0 or extra[0] < allowed)


@njit(cache=True, nogil=True)
def _can_rotate(rules, lens, extra):  # type: ignore[no-untyped-def]
    # As rules/rotating.py: redeals left, and some column of two cards or more.
    allowed = rules.meta[6]
    if allowed >= 0 and extra[0] >= allowed:
        return False
    for j in rules.tableau:
        if lens[j] > 1:
            return True
    return False


@njit(cache=True, nogil=True)
def _rotate(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    # As rules/rotating.py: each column's bottom card goes to its top.
    for j in rules.tableau:
        n = lens[j]
        if n > 1:
            bottom = cards[j, 0]
            for x in range(n - 1):
                cards[j, x] = cards[j, x + 1]
            cards[j, n - 1] = bottom
            hid[j] = 0


@njit(cache=True, nogil=True)
def _settle(rules, lens, hid, i):  # type: ignore[no-untyped-def]
    # As rules/reveal.py: turn up the card left on top, and any card a move left uncovered.
    meta = rules.meta
    n = lens[i]
    if i == meta[2]:
        hid[i] = stock_hidden(meta, n)
        return
    if hid[i] >= n:
        hid[i] = n
        if n > 0 and meta[8]:
            hid[i] = n - 1
    if n == 0 and meta[8]:
        covered = rules.covered
        for below in rules.uncovers[i]:
            if below < 0:
                break
            held = lens[below]
            if held > 0 and hid[below] >= held and not _covered(covered, lens, below):
                hid[below] = held - 1


@njit(cache=True, nogil=True)
def _clear_run(rules, cards, lens, hid, j):  # type: ignore[no-untyped-def]
    meta = rules.meta
    tables = rules.tables
    foundations = rules.foundations
    order = meta[11]
    length = meta[14]
    cleared = True
    while cleared:  # (a run cleared may uncover another, made under it)
        cleared = False
        n = lens[j]
        if n - hid[j] < length:
            return
        for k in range(1, length):
            if not tables[order, cards[j, n - k - 1], cards[j, n - k]]:
                return
        for f in foundations:
            if lens[f] == 0:
                for k in range(length):
                    cards[f, k] = cards[j, n - length + k]
                lens[f] = length
                lens[j] = n - length
                _settle(rules, lens, hid, j)
                cleared = True
                break


@njit(cache=True, nogil=True)
def _refill(rules, cards, lens, hid, i):  # type: ignore[no-untyped-def]
    # A column a move emptied takes the refilling pile's top card (Canfield's reserve).
    meta = rules.meta
    r = meta[20]
    if r < 0 or lens[i] > 0 or lens[r] == 0:
        return
    for t in rules.tableau:
        if t == i:
            put(cards, lens, i, cards[r, lens[r] - 1])
            hid[i] = 0
            lens[r] -= 1
            _settle(rules, lens, hid, r)
            return


@njit(cache=True, nogil=True)
def _turn_up(rules, cards, lens, hid, j):  # type: ignore[no-untyped-def]
    # As rules/turning.py: a card landing on pile j turns up its column's top card.
    column = rules.turns[j]
    if column < 0 or lens[column] == 0:
        return
    put(cards, lens, rules.meta[TURN_TO], cards[column, lens[column] - 1])
    lens[column] -= 1
    hid[column] = min(hid[column], lens[column])


@njit(cache=True, nogil=True)
def _gather(rules, cards, lens, hid, redeal):  # type: ignore[no-untyped-def]
    # Pick the columns up in order and deal them again, count to a column (rules/gathering.py).
    meta = rules.meta
    tableau = rules.tableau
    seq = np.empty(meta[1], dtype=np.int64)
    n = 0
    for j in tableau:
        for x in range(lens[j]):
            seq[n] = cards[j, x]
            n += 1
    seq = seq[:n]
    if meta[23]:
        mixed(seq, redeal)
    at = 0
    last = len(tableau) - 1
    for p in range(len(tableau)):
        j = tableau[p]
        take = n - at if p == last else min(meta[5], n - at)
        for x in range(take):
            cards[j, x] = seq[at + x]
        lens[j] = take
        hid[j] = 0
        at += take


@njit(cache=True, nogil=True)
def play(rules, cards, lens, hid, extra, move):  # type: ignore[no-untyped-def]
    """Apply a legal move (by its code) to the arrays, in place."""
    meta = rules.meta
    kind = move >> 24
    i = (move >> 16) & 255
    j = (move >> 8) & 255
    k = move & 255
    if kind == MOVE:
        n = lens[i]
        for x in range(k):
            put(cards, lens, j, cards[i, n - k + x])
        lens[i] = n - k
        _settle(rules, lens, hid, i)
        _refill(rules, cards, lens, hid, i)
        if meta[SLIDE]:
            slide(rules, cards, lens, hid)
        if meta[11] >= 0:
            _clear_run(rules, cards, lens, hid, j)
            _clear_run(rules, cards, lens, hid, i)  # a run the move uncovered (Scorpion moves any cards off one)
        if meta[TURN_TO] >= 0:
            _turn_up(rules, cards, lens, hid, j)
    elif kind == DEAL and meta[4] == CLOSE_UP_TARGET:
        close_up(rules, cards, lens, hid)
    elif kind == DEAL and meta[4] == FIRST_GAP_TARGET:
        fill_first_gap(rules, cards, lens, hid)
    elif kind == DEAL:
        s = meta[2]
        if meta[4] == 1:
            dealt = min(meta[5], lens[s])
            for x in range(dealt):
                put(cards, lens, meta[3], cards[s, lens[s] - 1 - x])
            lens[s] -= dealt
        else:
            onto = rules.dealt_to
            dealt = min(len(onto), lens[s])
            for x in range(dealt):
                put(cards, lens, onto[x], cards[s, lens[s] - 1 - x])
            lens[s] -= dealt
            if meta[11] >= 0:
                for x in range(dealt):
                    _clear_run(rules, cards, lens, hid, onto[x])
        hid[s] = stock_hidden(meta, lens[s])
    elif kind == REDEAL and meta[4] == ROTATE:
        _rotate(rules, cards, lens, hid)
        extra[0] += 1
    elif kind == REDEAL and meta[4] == GAPS_TARGET:
        regap(rules, cards, lens, hid, extra[0])
        extra[0] += 1
    elif kind == REDEAL and meta[4] == 3:
        _gather(rules, cards, lens, hid, extra[0])
        extra[0] += 1
    elif kind == REDEAL:
        s, w = meta[2], meta[3]
        m = lens[w]
        for x in range(m):
            cards[s, x] = cards[w, m - 1 - x]
        lens[s] = m
        lens[w] = 0
        hid[s] = stock_hidden(meta, m)
        extra[0] += 1
    else:
        d = meta[16]
        put(cards, lens, d, cards[i, lens[i] - 1])
        lens[i] -= 1
        _settle(rules, lens, hid, i)
        if j != NO_PILE:
            put(cards, lens, d, cards[j, lens[j] - 1])
            lens[j] -= 1
            _settle(rules, lens, hid, j)


@njit(cache=True, nogil=True, inline="always")
def is_won(rules, lens, cards):  # type: ignore[no-untyped-def]
    """Whether the game's goal is reached."""
    meta = rules.meta
    if meta[GRID_GOAL] == ROWS_GOAL:
        return rows_in_suit(rules, cards, lens)
    if meta[GRID_GOAL] == ONE_PILE_GOAL:
        return one_pile(rules, lens)
    if meta[9] == 1:
        for j in rules.tableau:
            if lens[j] > 0:
                return False
        return True
    total = 0
    for f in rules.foundations:
        total += lens[f]
    return total == meta[10]

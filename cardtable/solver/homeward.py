"""A talon card goes home only with the next card of its suit.

Where every talon card is one move away at any time (``talon.draw_of`` is 1), a talon
card sent home does nothing there but wait: taking it out of the talon makes no other
card easier to reach, and its foundation now takes only the card after it. So a win that
sends it home can wait to do so until the move that first puts a card on it there
(taking it back off instead, it could have gone straight from the talon to where it goes).
The search that can prove a deal lost plays such a card home together with the card put
on it, as one step (a chain of ``pairs.py`` with no talon card between, its last move
onto the foundation), and alone only where the safe moves home took a card on at once,
or nothing could ever follow it. A Klondike proof that sent talon cards home one by one
stored every combination of them lying home unused (docs/benchmarks.md).
"""

from __future__ import annotations

from numba import njit

from cardtable.solitaire.compiled.shared import MOVE, code
from cardtable.solver.children import make_child
from cardtable.solver.pairs import FORGOTTEN, LONGEST, add_chain, chains_end, from_waste, packed, swap_in
from cardtable.solver.talon import talon_of


@njit(cache=True, nogil=True)
def hold_home(rules, draw, cards, lens, hid, extra, moves, reach, count, spare, eager):  # type: ignore[no-untyped-def]
    """Where ``draw`` is 1, replace each move of ``moves[:count]`` sending a talon card
    home by the chains that send it with the cards after it: more talon cards of its suit
    (up to ``LONGEST`` in all), then a card from the tableau put on the last, or a talon
    card on the last where the chain can go no further. A talon card ends a chain where
    nothing could follow it or the safe moves home after it took a card on; the first
    goes alone where that holds of it. Return the new count; where the chains are too
    many for the arrays, every move is left as it was. ``spare`` is ``running._work``'s
    scratch (``pairs.spare_arrays``)."""
    if draw != 1:
        return count
    talon, log = spare[2], spare[3]
    lcards, llens, lhid, lextra, ltalon, lmoves, lreach, lstate, lreaches = spare[11:20]
    spare[9][0] = FORGOTTEN  # the chains' scratch is laid out afresh below
    s, w = rules.meta[2], rules.meta[3]
    n = talon_of(cards, lens, s, w, talon)
    home = _home(rules, lens)
    held = 0
    for m in range(count):
        mv = moves[m]
        if not from_waste(rules, mv, True):
            continue
        j = (mv >> 8) & 255
        make_child(rules, draw, (cards, lens, hid, extra), (lcards[0], llens[0], lhid[0], lextra[0]), talon, n, mv,
                   reach[m], log, 0, eager)
        if _home(rules, llens[0]) > home + 1 or not _followed(rules, lcards[0], llens[0], j):
            held = add_chain(spare, held, mv, reach[m])
            if held < 0:
                return count
            continue
        lreaches[0] = reach[m]
        level = 0
        held = chains_end(rules, level, mv, j, spare, held)
        if held < 0:
            return count
        while level >= 0:  # depth first through the talon cards of its suit that follow it
            if lstate[1, level] == lstate[0, level]:
                level -= 1
                continue
            r = lreach[level, lstate[1, level]]
            lstate[1, level] += 1
            ends = level + 1 >= LONGEST
            if not ends:
                make_child(rules, draw, (lcards[level], llens[level], lhid[level], lextra[level]),
                           (lcards[level + 1], llens[level + 1], lhid[level + 1], lextra[level + 1]),
                           ltalon[level], lstate[2, level], code(MOVE, w, j, 1), r, log, 0, eager)
                ends = _home(rules, llens[level + 1]) > home + level + 2 or not _followed(rules, lcards[level + 1],
                                                                                          llens[level + 1], j)
            if ends:  # the chain ends with this talon card
                held = add_chain(spare, held, mv | ((w + 1) << 32) | (1 << 40) | (level << 48),
                                 packed(lreaches, level) | ((r & 255) << (32 + 8 * level)))
                if held < 0:
                    return count
                continue
            level += 1
            lreaches[level] = r
            held = chains_end(rules, level, mv, j, spare, held)
            if held < 0:
                return count
    return swap_in(rules, moves, reach, count, spare, held, True)


@njit(cache=True, nogil=True)
def _home(rules, lens):  # type: ignore[no-untyped-def]
    """How many cards lie on the foundations."""
    home = 0
    for f in rules.foundations:
        home += lens[f]
    return home


@njit(cache=True, nogil=True)
def _followed(rules, cards, lens, j):  # type: ignore[no-untyped-def]
    """Whether any card at all may ever go on foundation ``j``'s top card."""
    b = rules.build_id[j]
    if b < 0 or lens[j] == 0:
        return b >= 0
    top = cards[j, lens[j] - 1]
    for x in range(rules.tables.shape[2]):
        if rules.tables[b, top, x]:
            return True
    return False

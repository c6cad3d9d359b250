"""What every part of the compiled engine shares: move codes, where later atoms' arrays
and meta slots sit in the rules tuple (``program.py`` builds them in this order), and the
small helpers the generator, ``play`` and the grid all call.

A position is three arrays: ``cards[pile, position]`` (card indices, bottom first),
``lens[pile]`` and ``hid[pile]`` (face-down cards at the bottom), plus ``extra[0]``, the
redeals taken. A move is one int: kind << 24 | source << 16 | target << 8 | count.
"""

from __future__ import annotations

import numpy as np
from numba import njit

MOVE, DEAL, REDEAL, PAIR = 0, 1, 2, 3
NO_PILE = 255
ONE, RUN, SUPERMOVE, FACE_UP, WHOLE, ONE_OR_WHOLE = 0, 1, 2, 3, 4, 5
NO_STEP = -1000
MAX_MOVES = 4096

# Meta positions and codes added by later atoms (the rules' arrays are fields of
# ``rules.Rules``, named there).
TURN_TO = 26  # meta[TURN_TO]: the pile a turned-up card goes to, -1: none (rules/turning.py)
ROTATE = 5  # meta[4] (the stock target): a redeal moves each column's bottom card to its top (rules/rotating.py)
# The grid's meta (Monte Carlo, Montana; program.py builds them).
SAME_RANK, SLIDE, GRID_ROW, GRID_GOAL = 30, 31, 32, 33  # positions in meta (rules.meta)
ROWS_GOAL, ONE_PILE_GOAL = 1, 2  # meta[GRID_GOAL]
CLOSE_UP_TARGET, GAPS_TARGET, FIRST_GAP_TARGET = 10, 11, 12  # stock target codes (meta[4])
WHOLE_BY_TOP = 9  # group code: the whole pile moves, judged by its top card (Accordion)
SINGLES_SAFE = 35  # meta[SINGLES_SAFE]: a card removed alone (a Pyramid King) may always go at once (program.py)
SAFE_DEEPER = 38  # meta[SAFE_DEEPER]: a card may go home with cards that could go on it still out, if those go home
# next, as do the cards out that could go on them (program._safe_deeper says where, homes._needed how)
MOVES_STAY_PUT = 34  # meta[MOVES_STAY_PUT]: a move between two piles changes no other pile, nor
# what another pile takes (no refill, sliding row, cleared run, turned card, covering,
# waiting for the stock, or ranks read off another pile): program.py works it out

@njit(cache=True, nogil=True, inline="always")
def code(kind: int, source: int, target: int, count: int) -> int:
    """Pack a move into one int."""
    return (kind << 24) | (source << 16) | (target << 8) | count


@njit(cache=True, nogil=True, inline="always")
def stock_hidden(meta, held):  # type: ignore[no-untyped-def]
    # As rules/reveal.stock_hidden: all face down, or all but a top card the game shows.
    return held - 1 if held > 0 and meta[25] else held


@njit(cache=True, nogil=True)
def put(cards, lens, j, card):  # type: ignore[no-untyped-def]
    cards[j, lens[j]] = card
    lens[j] += 1


@njit(cache=True, nogil=True)
def copy_position(cards, lens, hid, into_cards, into_lens, into_hid):  # type: ignore[no-untyped-def]
    """Copy a position's piles into another's arrays: only the cards each pile holds
    (a whole-array slice copy costs ten times as much, and this runs once per child
    position in a search)."""
    for i in range(len(lens)):
        n = lens[i]
        into_lens[i] = n
        into_hid[i] = hid[i]
        for x in range(n):
            into_cards[i, x] = cards[i, x]


@njit(cache=True, nogil=True)
def mixed(seq, redeal):  # type: ignore[no-untyped-def]
    """Shuffle ``seq`` (the cards as gathered) in place exactly as ``rules.gathering.mixed`` does."""
    prime = np.uint64(0x100000001B3)
    h = np.uint64(0xCBF29CE484222325)
    cards = np.sort(seq)  # the seed: which cards, not their order
    for x in range(len(cards)):
        h = (h ^ np.uint64(cards[x] + 1)) * prime
    h = (h ^ np.uint64(redeal + 1)) * prime
    for i in range(len(seq) - 1, 0, -1):
        h = h + np.uint64(0x9E3779B97F4A7C15)
        z = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        j = int(z % np.uint64(i + 1))
        seq[i], seq[j] = seq[j], seq[i]


@njit(cache=True, nogil=True)
def base_of(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    """The place in the rank order of the deal's base rank (the bottom card of the
    first foundation holding one), or -1 while none is set or it lies face down."""
    rank_pos = rules.rank_pos
    for f in rules.foundations:
        if lens[f] > 0:
            return -1 if hid[f] > 0 else rank_pos[cards[f, 0]]
    return -1


@njit(cache=True, nogil=True, inline="always")
def starts(rules, j, c, base):  # type: ignore[no-untyped-def]
    """Whether card ``c`` may start the empty pile ``j`` (``base`` from ``base_of``)."""
    step = rules.base_step[j]
    if step == NO_STEP:
        return rules.empty[j, c]
    if base < 0:
        return False
    ranks = rules.meta[22]
    return rules.rank_pos[c] == (base + step + ranks) % ranks

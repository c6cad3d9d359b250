"""The compiled safe moves home: a card the solver sends home without a choice, because
no win can need it kept out (``home_move``), for ``solver/children.py`` to play after
each move. The rules read are ``program.Program``'s; the generator is ``kernel.py``.
"""

from __future__ import annotations

from numba import njit

from cardtable.solitaire.compiled.kernel import _accepts, _covered, _unranked
from cardtable.solitaire.compiled.shared import MOVE, NO_PILE, PAIR, SAFE_DEEPER, SINGLES_SAFE, base_of, code, starts


@njit(cache=True, nogil=True)
def home_move(rules, cards, lens, hid, first=-1, second=-1, eager=False):  # type: ignore[no-untyped-def]
    """A move sending a card home that can never cost the game, or -1; from piles
    ``first`` and ``second`` only, when ``first`` is given.

    A card is safe to send home when every card that could be built on it off the
    foundations is home already: nothing will ever need it as a place to go; or, where
    ``SAFE_DEEPER`` holds, when those still out go home next themselves. Where
    cards are only taken away, in pairs or alone, see ``_safe_removal``. ``eager``
    sends any card the foundations take, safe or not: a search that does so may miss
    a win, so it proves nothing when it finds none (``Solving.eager_home``).
    """
    meta, group, is_found = rules.meta, rules.group, rules.is_foundation
    covered, foundations = rules.covered, rules.foundations
    build_id, tables, feeds = rules.build_id, rules.tables, rules.feeds
    if meta[SINGLES_SAFE]:
        return _safe_removal(rules, cards, lens, hid)
    if not meta[15]:
        return -1
    base = base_of(rules, cards, lens, hid) if meta[21] else -1
    taking = _taking(rules, lens, hid)
    for i in range(meta[0]):
        n = lens[i]
        if first >= 0 and i != first and i != second:
            continue
        if is_found[i] or group[i] < 0 or n == 0 or hid[i] >= n or (i == meta[3] and not meta[17]):
            continue
        if _covered(covered, lens, i):
            continue
        c = cards[i, n - 1]
        for k in range(len(foundations)):
            if not (taking >> k) & 1:
                continue
            f = foundations[k]
            held = lens[f]
            if held > 0:
                if not tables[build_id[f], cards[f, held - 1], c]:
                    continue
            elif not starts(rules, f, c, base):
                continue
            if not feeds[i, f] or _unranked(rules, cards, lens, hid, f, c):
                continue
            if not eager and _needed(rules, cards, lens, c, base):
                break  # the card is needed in play, whichever foundation would take it
            return code(MOVE, i, f, 1)
    return -1


@njit(cache=True, nogil=True, inline="always")
def _taking(rules, lens, hid):  # type: ignore[no-untyped-def]
    # Which foundations (bit k for foundations[k]) take a card at all just now, whatever
    # the card: looked at once for every card ``home_move`` tries on them.
    foundations = rules.foundations
    taking = 0
    for k in range(len(foundations)):
        if _accepts(rules, lens, hid, foundations[k]):
            taking |= 1 << k
    return taking


@njit(cache=True, nogil=True)
def _safe_removal(rules, cards, lens, hid):  # type: ignore[no-untyped-def]
    """An exposed card removed alone (a King), where cards are only ever taken away
    (``SINGLES_SAFE``), or -1. It pairs with nothing and taking it away only uncovers
    others, so a win that removes it later is a win with it removed now. (Two exposed
    cards that are the last of their ranks are as safe, but that gained 1.5% fewer
    positions on Pyramid's deals 1-60: not worth its code.)"""
    covered, singles = rules.covered, rules.singles
    for i in rules.exposable:
        n = lens[i]
        if n > 0 and hid[i] < n and not _covered(covered, lens, i) and singles[cards[i, n - 1]]:
            return code(PAIR, i, NO_PILE, 0)
    return -1


@njit(cache=True, nogil=True)
def _needed(rules, cards, lens, c, base):  # type: ignore[no-untyped-def]
    # Whether a card that may be built on card c is not all home yet (counted here, and
    # only for a card some foundation takes: most top cards never get this far). Where
    # ``SAFE_DEEPER`` holds (see program._safe_deeper), not if each card out goes home
    # next, as does each card out that may be built on it, with all built on those home.
    dependents, copies, foundations = rules.dependents, rules.copies, rules.foundations
    deeper = rules.meta[SAFE_DEEPER]
    for d in range(dependents.shape[1]):
        x = dependents[c, d]
        if x < 0:
            return False
        if _home_count(foundations, cards, lens, x, copies[x]) == copies[x]:
            continue
        if not deeper or not _goes_next(rules, cards, lens, x, base):
            return True
        for e in range(dependents.shape[1]):
            y = dependents[x, e]
            if y < 0:
                break
            if not _home_count(foundations, cards, lens, y, 1) and (
                not _goes_next(rules, cards, lens, y, base) or _builders_out(rules, cards, lens, y)
            ):
                return True
    return False


@njit(cache=True, nogil=True)
def _builders_out(rules, cards, lens, y):  # type: ignore[no-untyped-def]
    # Whether a card that may be built on card y is out (one of each card).
    for g in range(rules.dependents.shape[1]):
        z = rules.dependents[y, g]
        if z < 0:
            return False
        if not _home_count(rules.foundations, cards, lens, z, 1):
            return True
    return False


@njit(cache=True, nogil=True)
def _goes_next(rules, cards, lens, x, base):  # type: ignore[no-untyped-def]
    # Whether some foundation takes card x next.
    for f in rules.foundations:
        held = lens[f]
        if held > 0:
            if rules.tables[rules.build_id[f], cards[f, held - 1], x]:
                return True
        elif starts(rules, f, x, base):
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _home_count(foundations, cards, lens, x, enough):  # type: ignore[no-untyped-def]
    # How many copies of card x lie on the foundations, counted up to ``enough``.
    home = 0
    for f in foundations:
        for y in range(lens[f]):
            if cards[f, y] == x:
                home += 1
                if home == enough:
                    return home
    return home

"""The compiled position key: 64 bits, equal for positions equal up to interchangeable
piles and the order under a sink's top card, as ``engine.canonical_key`` folds them (the
agreement test checks it).

The key is a sum of well-spread parts, one per fixed pile and one per group of
interchangeable piles (itself the sum of its piles' spread hashes), so a move that
changes two piles changes two parts: ``moved_key`` works a child's key out from its
parent's ``pile_hashes`` without laying the child out. A search rejects most children
as positions already seen that way.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BASIS = np.uint64(14695981039346656037)
PRIME = np.uint64(1099511628211)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True, inline="always")
def chain(h, card):  # type: ignore[no-untyped-def]
    """A pile's hash chain one card further (``BASIS`` for no card)."""
    return (h ^ np.uint64(card + 1)) * PRIME


@njit(cache=True, nogil=True, inline="always")
def finish(h, hid, n):  # type: ignore[no-untyped-def]
    """A pile's hash: the chain over its cards, then its face-down count and length."""
    h = (h ^ np.uint64(hid + 1)) * PRIME
    h = (h ^ np.uint64(n + 7919)) * PRIME
    return h ^ (h >> np.uint64(29))


@njit(cache=True, nogil=True)
def _pile_hash(rules, cards, lens, hid, i):  # type: ignore[no-untyped-def]
    h = BASIS
    # A sink's cards under its top never matter again: its top card and count stand for it.
    first = lens[i] - 1 if rules.sinks[i] and lens[i] > 0 else 0
    for x in range(first, lens[i]):
        h = chain(h, cards[i, x])
    return finish(h, hid[i], lens[i])


@njit(cache=True, nogil=True, inline="always")
def _spread(x):  # type: ignore[no-untyped-def]
    # splitmix64's finalizer: every input bit moves every output bit.
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True, inline="always")
def _fixed_part(i, h):  # type: ignore[no-untyped-def]
    return _spread(h + np.uint64(i + 1) * GOLDEN)


@njit(cache=True, nogil=True, inline="always")
def _group_part(g, total):  # type: ignore[no-untyped-def]
    return _spread(total + np.uint64(g + 101) * GOLDEN)


@njit(cache=True, nogil=True)
def _piles_now(rules, lens):  # type: ignore[no-untyped-def]
    # The interchangeable piles and the others, as they stand (some games change them
    # while the stock holds cards).
    meta = rules.meta
    s = meta[2]
    if meta[18] and s >= 0 and lens[s] > 0:
        return rules.symmetric_while_dealing, rules.fixed_while_dealing
    return rules.symmetric, rules.fixed


@njit(cache=True, nogil=True, inline="always")
def redeals_part(redeals):  # type: ignore[no-untyped-def]
    """The key's part for the redeals taken, in games that key them (``meta[19]``)."""
    return _spread(np.uint64(redeals + 3))


@njit(cache=True, nogil=True, inline="always")
def _final(raw):  # type: ignore[no-untyped-def]
    return np.uint64(1) if raw == np.uint64(0) else raw


@njit(cache=True, nogil=True)
def key(rules, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """A 64-bit key equal for positions equal up to interchangeable piles (never 0)."""
    symmetric, fixed = _piles_now(rules, lens)
    h = np.uint64(0)
    for i in fixed:
        h += _fixed_part(i, _pile_hash(rules, cards, lens, hid, i))
    for g in range(symmetric.shape[0]):
        # A sum of well-spread pile hashes does not depend on the piles' order: no sorting.
        total = np.uint64(0)
        for x in range(symmetric.shape[1]):
            if symmetric[g, x] < 0:
                break
            total += _spread(_pile_hash(rules, cards, lens, hid, symmetric[g, x]))
        h += _group_part(g, total)
    if rules.meta[19]:
        h += redeals_part(extra[0])
    return _final(h)


@njit(cache=True, nogil=True)
def pile_hashes(rules, cards, lens, hid, extra, hashes):  # type: ignore[no-untyped-def]
    """Fill ``hashes`` (``hashes_for``'s arrays) for the position and return its key:
    each pile's chain over its first cards, its hash, its group (-1: fixed) and each
    group's total, as ``moved_key`` reads them."""
    chains, piled, where, totals = hashes
    symmetric, fixed = _piles_now(rules, lens)
    sinks = rules.sinks
    for i in range(len(lens)):
        h = BASIS
        chains[i, 0] = h
        if not sinks[i]:
            for x in range(lens[i]):
                h = chain(h, cards[i, x])
                chains[i, x + 1] = h
        elif lens[i] > 0:
            h = chain(h, cards[i, lens[i] - 1])
        piled[i] = finish(h, hid[i], lens[i])
    raw = np.uint64(0)
    for i in fixed:
        where[i] = -1
        raw += _fixed_part(i, piled[i])
    for g in range(symmetric.shape[0]):
        total = np.uint64(0)
        for x in range(symmetric.shape[1]):
            p = symmetric[g, x]
            if p < 0:
                break
            where[p] = g
            total += _spread(piled[p])
        totals[g] = total
        raw += _group_part(g, total)
    if rules.meta[19]:
        raw += redeals_part(extra[0])
    return raw


def hashes_for(piles: int, capacity: int, groups: int) -> tuple[np.ndarray, ...]:
    """Scratch arrays for ``pile_hashes``."""
    return (
        np.zeros((piles, capacity + 1), dtype=np.uint64), np.zeros(piles, dtype=np.uint64),
        np.zeros(piles, dtype=np.int64), np.zeros(max(1, groups), dtype=np.uint64),
    )


@njit(cache=True, nogil=True, inline="always")
def moved_key(rules, hashes, raw, cards, lens, hid, i, j, k):  # type: ignore[no-untyped-def]
    """The key of the position where ``k`` cards have moved from pile ``i`` onto pile
    ``j`` and nothing else changed (a move in a game whose moves stay put, before any
    card goes home), from the parent's ``pile_hashes`` (``raw``, its return) alone."""
    chains, piled, where, totals = hashes
    raw = np.uint64(raw)
    sinks = rules.sinks
    n = lens[i]
    left = n - k
    if sinks[i]:
        hi = chain(BASIS, cards[i, left - 1]) if left > 0 else BASIS
    else:
        hi = chains[i, left]
    under = hid[i]  # as kernel._settle: the card left on top turns up
    if under >= left:
        under = left
        if left > 0 and rules.meta[8]:
            under = left - 1
    new_i = finish(hi, under, left)
    if sinks[j]:
        hj = chain(BASIS, cards[i, n - 1])
    else:
        hj = chains[j, lens[j]]
        for x in range(left, n):
            hj = chain(hj, cards[i, x])
    new_j = finish(hj, hid[j], lens[j] + k)
    return with_piles(hashes, raw, i, new_i, j, new_j)


@njit(cache=True, nogil=True, inline="always")
def _swap(hashes, raw, p, new):  # type: ignore[no-untyped-def]
    # ``raw`` with pile p hashing to ``new``; a group's total is changed in place.
    chains, piled, where, totals = hashes
    g = where[p]
    if g < 0:
        return raw + _fixed_part(p, new) - _fixed_part(p, piled[p])
    before = totals[g]
    totals[g] = before + _spread(new) - _spread(piled[p])
    return raw + _group_part(g, totals[g]) - _group_part(g, before)


@njit(cache=True, nogil=True, inline="always")
def _unswap(hashes, p, new):  # type: ignore[no-untyped-def]
    chains, piled, where, totals = hashes
    g = where[p]
    if g >= 0:
        totals[g] -= _spread(new) - _spread(piled[p])


@njit(cache=True, nogil=True, inline="always")
def with_piles(hashes, raw, a, new_a, b, new_b, c=-1, new_c=np.uint64(0)):  # type: ignore[no-untyped-def]
    """The key of the position ``raw`` (``pile_hashes``) stands for, with piles ``a``,
    ``b`` and ``c`` (-1: none) hashing to ``new_a``, ``new_b`` and ``new_c`` instead
    (each a ``pile_hash`` as ``chain`` and ``finish`` build one)."""
    raw = _swap(hashes, np.uint64(raw), a, new_a)
    raw = _swap(hashes, raw, b, new_b)
    if c >= 0:
        raw = _swap(hashes, raw, c, new_c)
        _unswap(hashes, c, new_c)
    _unswap(hashes, b, new_b)
    _unswap(hashes, a, new_a)
    return _final(raw)

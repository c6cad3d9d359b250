"""The compiled position key: 64 bits, equal for positions equal up to interchangeable
piles and the order under a sink's top card, as ``engine.canonical_key`` folds them (the
agreement test checks it)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _pile_hash(rules, cards, lens, hid, i):  # type: ignore[no-untyped-def]
    h = np.uint64(14695981039346656037)
    prime = np.uint64(1099511628211)
    h = (h ^ np.uint64(hid[i] + 1)) * prime
    h = (h ^ np.uint64(lens[i] + 7919)) * prime
    # A sink's cards under its top never matter again: its top card and count stand for it.
    first = lens[i] - 1 if rules.sinks[i] and lens[i] > 0 else 0
    for x in range(first, lens[i]):
        h = (h ^ np.uint64(cards[i, x] + 1)) * prime
    return h ^ (h >> np.uint64(29))


@njit(cache=True, nogil=True, inline="always")
def _spread(x):  # type: ignore[no-untyped-def]
    # splitmix64's finalizer: every input bit moves every output bit.
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True)
def key(rules, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """A 64-bit key equal for positions equal up to interchangeable piles (never 0)."""
    meta = rules.meta
    symmetric, fixed = rules.symmetric, rules.fixed
    s = meta[2]
    if meta[18] and s >= 0 and lens[s] > 0:
        symmetric, fixed = rules.symmetric_while_dealing, rules.fixed_while_dealing
    mix = np.uint64(0x9E3779B97F4A7C15)
    h = np.uint64(0)
    for i in fixed:
        h = (h ^ _pile_hash(rules, cards, lens, hid, i)) * mix
        h ^= h >> np.uint64(31)
    for g in range(symmetric.shape[0]):
        # A sum of well-spread pile hashes does not depend on the piles' order, so no
        # sorting (nor the array it needs) on this path, run once per child position.
        members = symmetric[g]
        total = np.uint64(g + 101)
        for x in range(len(members)):
            if members[x] < 0:
                break
            total += _spread(_pile_hash(rules, cards, lens, hid, members[x]))
        h = (h ^ total) * mix
        h ^= h >> np.uint64(31)
    if meta[19]:
        h = (h ^ np.uint64(extra[0] + 3)) * mix
    if h == np.uint64(0):
        h = np.uint64(1)
    return h

"""The compiled position key: 64 bits, equal for positions equal up to interchangeable
piles, as ``engine.canonical_key`` folds them (the agreement test checks it)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _pile_hash(cards, lens, hid, i):  # type: ignore[no-untyped-def]
    h = np.uint64(14695981039346656037)
    prime = np.uint64(1099511628211)
    h = (h ^ np.uint64(hid[i] + 1)) * prime
    h = (h ^ np.uint64(lens[i] + 7919)) * prime
    for x in range(lens[i]):
        h = (h ^ np.uint64(cards[i, x] + 1)) * prime
    return h ^ (h >> np.uint64(29))


@njit(cache=True, nogil=True)
def key(rules, cards, lens, hid, extra):  # type: ignore[no-untyped-def]
    """A 64-bit key equal for positions equal up to interchangeable piles (never 0)."""
    meta = rules[0]
    symmetric, fixed = rules[18], rules[19]
    s = meta[2]
    if meta[18] and s >= 0 and lens[s] > 0:
        symmetric, fixed = rules[20], rules[21]
    mix = np.uint64(0x9E3779B97F4A7C15)
    h = np.uint64(0)
    for i in fixed:
        h = (h ^ _pile_hash(cards, lens, hid, i)) * mix
        h ^= h >> np.uint64(31)
    for g in range(symmetric.shape[0]):
        members = symmetric[g]
        size = 0
        while size < len(members) and members[size] >= 0:
            size += 1
        hashes = np.empty(size, dtype=np.uint64)
        for x in range(size):
            hashes[x] = _pile_hash(cards, lens, hid, members[x])
        hashes.sort()
        h = (h ^ np.uint64(g + 101)) * mix
        for x in range(size):
            h = (h ^ hashes[x]) * mix
            h ^= h >> np.uint64(31)
    if meta[19]:
        h = (h ^ np.uint64(extra[0] + 3)) * mix
    if h == np.uint64(0):
        h = np.uint64(1)
    return h

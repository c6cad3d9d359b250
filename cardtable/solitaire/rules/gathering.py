"""Redeals that gather the columns and lay them out again (La Belle Lucie, Cruel).

The cards are picked up column by column, each from its bottom card up, and dealt again
in packets of ``count`` from the first column on: the first card picked up lies at the
bottom of the first column. Games that shuffle the gathered cards (La Belle Lucie,
Montana) shuffle them as they were gathered, with a shuffle seeded by which cards they
are and the number of the redeal: as a deck shuffled the same way each time, a redeal is
the same on every machine, in the engine and in its compiled form alike, and a replayed
game redeals as it did the first time; and since the cards come to the shuffle in the
order the deal left them, each deal's redeals fall their own way (seeded by the cards
alone, a redeal as a game's first move laid out the same table for every deal).

>>> mixed((0, 1, 2, 3, 4), 0) == mixed((0, 1, 2, 3, 4), 0), sorted(mixed((4, 3, 2, 1, 0), 0))
(True, [0, 1, 2, 3, 4])
>>> mixed((0, 1, 2, 3, 4), 0) == mixed((4, 3, 2, 1, 0), 0)  # the same cards, gathered in another order
False
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
GOLDEN = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB


def mixed(indices: tuple[int, ...], redeal: int) -> tuple[int, ...]:
    """The card indices, in the order they were gathered, shuffled (a Fisher-Yates
    shuffle on a splitmix64 stream seeded by which cards they are, whatever their order,
    and the number of redeals already taken)."""
    h = FNV_OFFSET
    for c in sorted(indices):
        h = ((h ^ (c + 1)) * FNV_PRIME) & _MASK
    h = ((h ^ (redeal + 1)) * FNV_PRIME) & _MASK
    out = list(indices)
    for i in range(len(out) - 1, 0, -1):
        h = (h + GOLDEN) & _MASK
        z = ((h ^ (h >> 30)) * MIX_1) & _MASK
        z = ((z ^ (z >> 27)) * MIX_2) & _MASK
        z ^= z >> 31
        j = z % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def packets(total: int, count: int, piles: int) -> tuple[int, ...]:
    """How many of ``total`` gathered cards each of ``piles`` columns gets, ``count`` at a
    time from the first column (any cards left over go on the last column).

    >>> packets(10, 3, 5), packets(13, 4, 3)
    ((3, 3, 3, 1, 0), (4, 4, 5))
    """
    out = []
    left = total
    for n in range(piles):
        take = left if n == piles - 1 else min(count, left)
        out.append(take)
        left -= take
    return tuple(out)

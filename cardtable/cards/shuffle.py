"""Seeded, unbiased, portable shuffles.

The generator and the Fisher-Yates shuffle are written out here, so a deal number gives
the same deal on every machine and every Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


class Pcg32:
    """The PCG-XSH-RR 32-bit generator (O'Neill), seeded by an integer.

    >>> Pcg32(42).below(10) == Pcg32(42).below(10)
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = 0
        self._step()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self._state = (self._state * _MULTIPLIER + _INCREMENT) & _MASK64

    def next32(self) -> int:
        """The next 32-bit output."""
        old = self._state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)``, without modulo bias."""
        if not 0 < bound <= 1 << 32:
            raise ValueError("bound must be between 1 and 2**32")
        threshold = (1 << 32) % bound
        while True:
            value = self.next32()
            if value >= threshold:
                return value % bound


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """A Fisher-Yates shuffle of ``items`` driven by ``Pcg32(seed)``.

    >>> shuffled("abcde", 7) == shuffled("abcde", 7)
    True
    >>> sorted(shuffled("abcde", 7))
    ['a', 'b', 'c', 'd', 'e']
    """
    rng = Pcg32(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)

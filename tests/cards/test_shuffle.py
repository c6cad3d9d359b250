"""The portable seeded shuffle: same deal everywhere, uniform, unbiased."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from cardtable.cards import Pcg32, shuffled


PINNED_42 = [3270867926, 1795671209, 1924641435, 1143034755]
PINNED_SHUFFLE_1 = "ebgcfadh"


def test_generator_output_is_pinned() -> None:
    # Pinned so any change to the algorithm (and so to every deal number) is caught.
    rng = Pcg32(42)
    assert [rng.next32() for _ in range(4)] == PINNED_42
    assert "".join(shuffled("abcdefgh", 1)) == PINNED_SHUFFLE_1


def test_shuffles_are_deterministic_permutations() -> None:
    deck = list(range(52))
    assert shuffled(deck, 7) == shuffled(deck, 7)
    assert shuffled(deck, 7) != shuffled(deck, 8)
    assert sorted(shuffled(deck, 7)) == deck


def test_every_order_is_equally_likely() -> None:
    trials = 24_000
    counts = Counter("".join(shuffled("abcd", seed)) for seed in range(trials))
    assert set(counts) == {"".join(p) for p in permutations("abcd")}
    expected = trials / 24
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 60  # 23 degrees of freedom: p < 0.0001 beyond 55


def test_below_is_bounded_and_unbiased() -> None:
    rng = Pcg32(5)
    draws = [rng.below(3) for _ in range(30_000)]
    assert set(draws) == {0, 1, 2}
    assert all(abs(n - 10_000) < 400 for n in Counter(draws).values())
    for bad in (0, -1, (1 << 32) + 1):
        with pytest.raises(ValueError):
            rng.below(bad)

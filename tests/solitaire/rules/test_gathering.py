"""Redeals that gather the columns: packets, and one shuffle in both engines."""

from __future__ import annotations

import random

import numpy as np

from cardtable.solitaire.compiled import shared
from cardtable.solitaire.rules.gathering import mixed, packets
from cardtable.solitaire.rules.stock import gather


def test_packets_fill_the_first_columns_and_leave_the_rest_empty() -> None:
    assert packets(52, 3, 18) == (3,) * 17 + (1,)
    assert packets(7, 4, 12) == (4, 3) + (0,) * 10
    assert packets(0, 4, 3) == (0, 0, 0)


def test_the_shuffle_is_a_permutation_and_the_same_in_the_compiled_form() -> None:
    rng = random.Random(3)
    for redeal in range(5):
        cards = tuple(rng.sample(range(52), rng.randrange(1, 53)))
        shuffled = mixed(cards, redeal)
        assert sorted(shuffled) == sorted(cards)
        compiled = np.array(cards, dtype=np.int64)
        shared.mixed(compiled, redeal)
        assert tuple(int(c) for c in compiled) == shuffled
    assert mixed(tuple(range(52)), 0) != mixed(tuple(range(52)), 1)


def test_the_policy_says_what_a_redeal_does() -> None:
    assert gather(3, passes=3, shuffle=True).phrase == (
        "redeal 2 times: gather the columns, shuffle them and deal 3 to a column"
    )
    # In which order the cards come back is said: players plan Cruel's redeals around it.
    assert gather(4).phrase_in("pile") == (
        "redeal as often as you like: gather the piles in order, the first pile's cards from its bottom card up, "
        "then the next pile's, and deal them again without shuffling, 4 to a pile from the first"
    )
    assert gather(4).redeal_in("pile") == "gather the piles and deal them again"  # a hint's words

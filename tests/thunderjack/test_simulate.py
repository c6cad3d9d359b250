"""Simulations with the advisor's strategy land on the published edges."""

from __future__ import annotations

import pytest

from cardtable.thunderjack import PUBLISHED_EDGES, kernel, preset
from cardtable.thunderjack.simulate import simulate

ROUNDS = 4_000_000
"""About 0.06% standard error: seconds of compiled play per rule set."""


@pytest.mark.parametrize("name", sorted(PUBLISHED_EDGES))
def test_the_edge_is_within_three_standard_errors_of_the_published_figure(name: str) -> None:
    result = simulate(preset(name), ROUNDS, seed=2026)
    assert result.rounds == ROUNDS
    assert abs(result.edge - PUBLISHED_EDGES[name]) < 3 * result.standard_error, result.report()


def test_thunderjack_favours_the_player_by_roughly_two_percent() -> None:
    result = simulate(preset("thunderjack"), ROUNDS, seed=2026)
    assert 0.01 < result.edge - 3 * result.standard_error and result.edge + 3 * result.standard_error < 0.05


def test_a_run_is_the_same_whatever_the_number_of_workers() -> None:
    alone = simulate(preset("thunderjack"), 600_000, seed=5)
    shared = simulate(preset("thunderjack"), 600_000, seed=5, workers=2)
    assert alone == shared and alone != simulate(preset("thunderjack"), 600_000, seed=6)


def test_six_to_five_costs_the_player_about_one_and_a_third_percent() -> None:
    better, worse = (simulate(preset(n), ROUNDS, seed=3).edge for n in ("six-deck-s17", "six-deck-6to5"))
    assert better - worse == pytest.approx(0.0136, abs=0.003)


def test_naturals_are_counted_as_dealt_even_when_the_dealer_pushes_them() -> None:
    result = simulate(preset("thunderjack"), ROUNDS, seed=8)
    aces, tens, cards = 16, 64, 208  # four decks
    natural = 2 * aces / cards * tens / (cards - 1)
    suited = 2 * aces / cards * 12 / (cards - 1)  # an Ace with a Jack, Queen or King of its suit
    blackjacks = result.count(kernel.BLACKJACKS) / result.rounds
    thunderjacks = result.count(kernel.THUNDERJACKS) / result.rounds
    spread = 4 * (natural / ROUNDS) ** 0.5
    assert blackjacks == pytest.approx(natural - suited, abs=spread)
    assert thunderjacks == pytest.approx(suited, abs=spread)
